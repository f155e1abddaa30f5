/*
 * eval.c: a law, its transforms or a look-up table at n points
 * (fric_law_eval, friction.h): one check of the law, then every point,
 * refusing a result beyond the largest double with a sentence. The CLI's
 * `eval` and the wasm bindings' law and table evaluations are this loop.
 *
 *   FRIC_EVAL_PHI     y = Φ(x)                      law.c (Kikuuwe eq. 24,
 *                                                   Cisneros eqs. 21, 33)
 *   FRIC_EVAL_PHI_Z   y = Φ_Z(x), y = Φ(x − Z·y)    Kikuuwe Theorem 1, eq. 16
 *                                                   (through a plan: the same
 *                                                   bits as fric_phi_z)
 *   FRIC_EVAL_APPROX  y = Φ̂_Z(x)                    Kikuuwe eq. 46
 *   FRIC_EVAL_LUT     y = the table's Φ_Z(x)        lut.c
 *
 * Every accepted law (friction.h's ranges) keeps |y| <= Φ(+0) + D·|x|
 * (fric_phi_z: Kikuuwe eqs. 16-17; Φ̂_Z and the table likewise), with Φ(+0)
 * <= 1e50 N: a result can only pass the largest double through its viscous
 * part, so the refusal names x and the parameter that scales that part
 * (refuse_overflow).
 */
#include <float.h>
#include <math.h>

#include "friction.h"
#include "base.h"
#include "transform_internal.h"

const char *const fric_eval_names[FRIC_EVAL_COUNT] = { "phi", "phi_z", "approx", "lut" };

/* The value's name in a message, by fric_eval_what. */
static const char *const eval_symbol[FRIC_EVAL_COUNT] = { "Φ(x)", "Φ_Z(x)", "Φ̂_Z(x)",
                                                          "the table's Φ_Z(x)" };

/* A refusal just recorded (fric__fail): its message to *why, its code returned. */
static fric_status refuse(const char **why, const char *msg)
{
    fric__why(why, msg);
    return (fric_status)fric__rc();
}

/* y = ±inf at x: refused with the parameter that scales the result for
 * large |x| (for an accepted law, friction.h's ranges):
 *   |Φ(x)|   ~ D·|x|                                    Kikuuwe eq. 24
 *   |Φ_Z(x)| ~ D·|x|/(1 + Z·D)   (Fc/k + (D/k)·|x|, k = 1 + Z·D, eq. 25;
 *                                 the table's tail the same)
 *   |Φ̂_Z(x)| = min(|Φ(x)|, |x/Z|) ~ min(D, 1/Z)·|x|     eq. 46
 * so D (to be made smaller), or for Φ̂_Z with Z·D > 1 Z (to be made larger). */
static fric_status refuse_overflow(const char **why, fric_eval_what what, const fric_law *law,
                                   double Z, size_t i, double x, double v)
{
    const int by_z = what == FRIC_EVAL_APPROX && Z * law->D > 1;
    const char *growth = what == FRIC_EVAL_PHI ? "D·|x|"
                       : what == FRIC_EVAL_APPROX ? (by_z ? "|x|/Z" : "D·|x|")
                                                  : "D·|x|/(1 + Z·D)";
    return refuse(why, fric__fail_id(FRIC_E_NONFINITE, by_z ? FRIC_LAW_Z : FRIC_LAW_D, "transform.x_m_s",
                           "x[{i}] = {x} m/s gives {eval_symbol} = {v} N, beyond the largest double"
                           " ({dbl_max} N): it grows as {growth}; give a smaller |x| or a {v2} (now"
                           " {z} {v3}).",
                           fric__values(fric__u("i", i), fric__g("x", x),
                                        fric__s("eval_symbol", eval_symbol[what]), fric__g("v", v),
                                        fric__g("dbl_max", DBL_MAX), fric__s("growth", growth),
                                        fric__s("v2", by_z ? "larger Z" : "smaller D"),
                                        fric__g("z", by_z ? Z : law->D),
                                        fric__s("v3", by_z ? "m/(N·s)" : "N·s/m"))));
}

fric_status fric_law_eval(fric_eval_what what, const fric_law *law, double Z, const fric_lut *lut,
                          const double *x, double *y, size_t n, const char **why)
{
    if ((int)what < 0 || (int)what >= FRIC_EVAL_COUNT)
        return refuse(why, fric__say_id("transform.what_not_evaluation",
                               "what = {what} is not an evaluation: 0 Φ, 1 Φ_Z (Kikuuwe eq. 16), 2 "
                               "Φ̂_Z (eq. 46) or 3 a look-up table's Φ_Z.",
                               fric__values(fric__i("what", (int)what))));
    if (n > 0 && (!x || !y))
        return refuse(why, fric__fail_id(FRIC_E_NULL, -1, "transform.null_n_points",
                               "{v} is NULL with n = {n} points.",
                               fric__values(fric__s("v", !x ? "x" : "y"), fric__u("n", n))));
    fric_plan plan;                 /* FRIC_EVAL_PHI_Z: Φ_Z prepared once */
    if (what == FRIC_EVAL_LUT) {
        if (!lut)
            return refuse(why, fric__fail_id(FRIC_E_NULL, -1, "transform.no_look_up",
                                   "lut is NULL: no look-up table to evaluate (fric_lut_create "
                                   "builds one).",
                                   fric__no_values));
        law = fric__lut_law(lut, &Z);
    } else {
        if (!law)
            return refuse(why, fric__fail_id(FRIC_E_NULL, -1, "transform.no_friction_law",
                                   "law is NULL: no friction law to evaluate.",
                                   fric__no_values));
        const char *w = "";
        const fric_status rc = what == FRIC_EVAL_PHI   ? fric_law_check_params(law, &w)
                             : what == FRIC_EVAL_PHI_Z ? fric_plan_init(&plan, law, Z, &w)
                                                       : fric_law_check(law, Z, &w);
        if (rc) {
            fric__why(why, w);
            return rc;
        }
    }
    for (size_t i = 0; i < n; i++) {
        if (!isfinite(x[i]))
            return refuse(why, fric__say_id("transform.x_m_s_2",
                                   "x[{i}] = {x} m/s is not finite; give finite values.",
                                   fric__values(fric__u("i", i), fric__g("x", x[i]))));
        const double v = what == FRIC_EVAL_PHI    ? fric_phi(law, x[i])
                       : what == FRIC_EVAL_PHI_Z  ? fric_plan_phi_z(&plan, x[i])
                       : what == FRIC_EVAL_APPROX ? fric_phi_z_approx(law, Z, x[i])
                                                  : fric_lut_phi_z(lut, x[i]);
        if (!isfinite(v)) return refuse_overflow(why, what, law, Z, i, x[i], v);
        y[i] = v;
    }
    fric__why(why, "");
    return FRIC_OK;
}
