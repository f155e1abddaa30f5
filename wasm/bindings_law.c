/*
 * bindings_law.c: the laws of friction.h at the wasm wall (wasm/api/law.js):
 * a law's check, Φ, Φ_Z and Φ̂_Z over a vector, Φ(0⁺), Lambert W, the
 * fields a law uses and their ranges, and the look-up table (a handle the
 * wrapper frees). Laws cross as (kind, Fs, Fc, vs, D, alpha).
 * Conventions: wasm/bindings.c.
 */
#include <math.h>
#include <stddef.h>
#include <stdint.h>

#include "friction.h"
#include "fric_status.h"
#include "bindings_internal.h"

/* ------------------------------------------------------------------ laws */

FXB_EXPORT int fxb_law_check(int kind, double Fs, double Fc, double vs, double D, double alpha, double Z)
{
    fric_law law = fxb_make_law(kind, Fs, Fc, vs, D, alpha);
    const char *why = "";
    return fxb_from_core(fric_law_check(&law, Z, &why), &why);
}

/* eval_what: the core's fric_eval_what, FRIC_EVAL_PHI (Φ), FRIC_EVAL_PHI_Z
 * (Φ_Z exact) or FRIC_EVAL_APPROX (Φ̂_Z, eq. 46); their values reach the
 * wrapper as the boundary's constants eval_phi, eval_phi_z, eval_approx.
 * Evaluates n points of x into y through fric_law_eval. Returns 0, or 1
 * with the core's status and message for an invalid law or a result beyond
 * the largest double (FRIC_E_NONFINITE, param FRIC_LAW_D, or FRIC_LAW_Z for
 * Φ̂_Z with Z·D > 1). */
FXB_EXPORT int fxb_law_eval(int kind, double Fs, double Fc, double vs, double D, double alpha,
                            double Z, int eval_what, const double *x, double *y, int n)
{
    if (fxb_count_bad("n (points)", n, 2 * sizeof(double))) return 1;
    if (eval_what < FRIC_EVAL_PHI || eval_what > FRIC_EVAL_APPROX) {
        fxb_refuse(FRIC_E_PARAM_RANGE, "fxb.which_eval", "which must be 0 (Φ), 1 (Φ_Z) or 2 (eq. 46).", FXB_END);
        return 1;
    }
    fric_law law = fxb_make_law(kind, Fs, Fc, vs, D, alpha);
    const char *why = "";
    return fxb_from_core(fric_law_eval((fric_eval_what)eval_what, &law, Z, NULL, x, y, (size_t)n, &why),
                     &why) != 0;
}

FXB_EXPORT double fxb_phi_plus0(int kind, double Fs, double Fc, double vs, double D, double alpha)
{
    fric_law law = fxb_make_law(kind, Fs, Fc, vs, D, alpha);
    return fric_phi_plus0(&law);
}

FXB_EXPORT double fxb_lambert_w0(double x) { return fric_lambert_w0(x); }

/* 1 when a law of this kind uses fric_law_field `field`. */
FXB_EXPORT int fxb_law_field_used(int kind, int field) { return fric_law_field_used((fric_kind)kind, field); }

/* The accepted range of fric_law_field `field`: its lower and its upper
 * end; NaN for an unknown field. */
FXB_EXPORT double fxb_law_field_lo(int field)
{
    double lo, up;
    return fric_law_field_range(field, &lo, &up) ? NAN : lo;
}
FXB_EXPORT double fxb_law_field_hi(int field)
{
    double lo, up;
    return fric_law_field_range(field, &lo, &up) ? NAN : up;
}

/* --------------------------------------------------------- look-up table */

FXB_EXPORT fric_lut *fxb_lut_new(int kind, double Fs, double Fc, double vs, double D, double alpha,
                                 double Z, double tol)
{
    fric_law law = fxb_make_law(kind, Fs, Fc, vs, D, alpha);
    const char *why = "";
    if (fxb_from_core(fric_law_check(&law, Z, &why), &why)) return NULL;
    fric_lut *lut = fric_lut_create(&law, Z, tol, NULL);
    if (!lut) {
        if (!(tol > 0) || !isfinite(tol))
            fxb_refuse(FRIC_E_PARAM_RANGE, "fxb.lut_tol", "tol must be a finite tolerance > 0 N.", FXB_END);
        else if (kind != FRIC_STRIBECK)
            fxb_refuse(FRIC_E_UNSUPPORTED, "fxb.lut_stribeck_only", "the look-up table is built for the Stribeck law only.", FXB_END);
        else
            fxb_refuse(FRIC_E_UNSUPPORTED, "fxb.lut_not_built", "no table could be built for this law and tolerance "
                   "(tolerance below what double evaluation can guarantee, or out of memory).", FXB_END);
        return NULL;
    }
    fxb_set_status(FRIC_OK, -1, "");
    return lut;
}

/* Evaluates n points of x into y through fric_law_eval. 0, or 1 with the
 * core's status and message (no table; a result beyond the largest double). */
FXB_EXPORT int fxb_lut_eval(const fric_lut *lut, const double *x, double *y, int n)
{
    if (fxb_count_bad("n (points)", n, 2 * sizeof(double))) return 1;
    const char *why = "";
    return fxb_from_core(fric_law_eval(FRIC_EVAL_LUT, NULL, 0, lut, x, y, (size_t)n, &why), &why) != 0;
}

FXB_EXPORT double fxb_lut_bytes(const fric_lut *lut) { return (double)fric_lut_bytes(lut); }

FXB_EXPORT void fxb_lut_free(fric_lut *lut) { fric_lut_destroy(lut); }
