/*
 * check.c: validation of a law and its transform constant Z, with a message
 * a user can act on.
 *
 * Kikuuwe's Theorem 1 needs Φ continuous for v ≠ 0, Φ(v)·v > 0 and
 * Φ'(v) > −1/Z for all v ≠ 0 (eq. 15). With m = −inf_{v>0} Φ'(v) the last
 * condition is exactly 1/Z > m (see fric__law_max_drop in law.c for m of each
 * law and exponent; it is the sufficient form of Cisneros eqs. 32 and 49
 * only for α = 1 and the rational law).
 */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "base.h"
#include "friction.h"
#include "base.h"
#include "law_internal.h"

const char *const fric_law_names[FRIC_N_LAWS] = { "coulomb-viscous", "stribeck", "rational" };
const char *const fric_law_field_names[FRIC_LAW_N_FIELDS] = { "Fs", "Fc", "vs", "D", "alpha", "Z" };

int fric_law_field_used(fric_kind kind, int field)
{
    switch (field) {
    case FRIC_LAW_FS: case FRIC_LAW_VS: return kind == FRIC_STRIBECK || kind == FRIC_RATIONAL;
    case FRIC_LAW_FC: case FRIC_LAW_D: return kind >= FRIC_COULOMB_VISCOUS && kind <= FRIC_RATIONAL;
    case FRIC_LAW_ALPHA: return kind == FRIC_STRIBECK;
    }
    return 0;
}

/* The law's name in a sentence. */
static const char *law_name(fric_kind k)
{
    switch (k) {
    case FRIC_COULOMB_VISCOUS: return "Coulomb-viscous";
    case FRIC_STRIBECK: return "Stribeck";
    case FRIC_RATIONAL: return "rational";
    }
    return "unknown";
}

/* The accepted ranges of friction.h, by fric_law_field (the one table). */
static const struct { double lo, hi; const char *unit; } field_range[FRIC_LAW_N_FIELDS] = {
    [FRIC_LAW_FS] = { FRIC_LAW_SCALE_MIN, FRIC_LAW_MAX, "N" },
    [FRIC_LAW_FC] = { 0, FRIC_LAW_MAX, "N" },
    [FRIC_LAW_VS] = { FRIC_LAW_SCALE_MIN, FRIC_LAW_SCALE_MAX, "m/s" },
    [FRIC_LAW_D] = { 0, FRIC_LAW_MAX, "N·s/m" },
    [FRIC_LAW_ALPHA] = { 1, FRIC_LAW_ALPHA_MAX, "(no unit)" },
    [FRIC_LAW_Z] = { FRIC_LAW_SCALE_MIN, FRIC_LAW_SCALE_MAX, "m/(N·s)" },
};

fric_status fric_law_field_range(int field, double *lo, double *hi)
{
    if (field < 0 || field >= FRIC_LAW_N_FIELDS) {
        fric__fail_id(FRIC_E_UNKNOWN_NAME, -1, "law.no_field_fields",
            "law: no field {field}; the fields are 0 .. {law_n_fields} (Fs .. Z).",
            fric__values(fric__i("field", field), fric__i("law_n_fields", FRIC_LAW_N_FIELDS - 1)));
        return FRIC_E_UNKNOWN_NAME;
    }
    if (lo) *lo = field_range[field].lo;
    if (hi) *hi = field_range[field].hi;
    return 0;
}

/* The accepted ranges, after the signs and Fs > Fc: one message per field,
 * naming it and its range (Z is checked after eq. 15, below). */
static const char *range_problem(const fric_law *law)
{
    fric_kind k = law->kind;
    const double value[FRIC_LAW_Z] = { law->Fs, law->Fc, law->vs, law->D, law->alpha };
    for (int i = 0; i < FRIC_LAW_Z; i++)
        if (fric_law_field_used(k, i) && !(value[i] >= field_range[i].lo && value[i] <= field_range[i].hi))
            return fric__fail_id(FRIC_E_PARAM_RANGE, i, "law.outside_range",
                                 "{field} = {value} is outside [{lo}, {hi}] {unit} (the accepted "
                                 "range, friction.h, within which the transforms stay finite; "
                                 "rescale the units if the value is meant).",
                                 fric__values(fric__s("field", fric_law_field_names[i]),
                                              fric__g("value", value[i]),
                                              fric__g("lo", field_range[i].lo),
                                              fric__g("hi", field_range[i].hi),
                                              fric__s("unit", field_range[i].unit)));
    return NULL;
}

/* The message for the first parameter problem, or NULL when there is none. */
static const char *params_problem(const fric_law *law)
{
    if (!law) return fric__fail_id(FRIC_E_NULL, -1, "law.null", "law is NULL; pass a pointer to a fric_law.",
                                   fric__no_values);
    fric_kind k = law->kind;
    if (k != FRIC_COULOMB_VISCOUS && k != FRIC_STRIBECK && k != FRIC_RATIONAL)
        return fric__fail_id(FRIC_E_LAW_INVALID, -1, "law.kind_unknown",
                             "kind = {kind} is not a known law; use FRIC_COULOMB_VISCOUS (0), "
                             "FRIC_STRIBECK (1) or FRIC_RATIONAL (2).",
                             fric__values(fric__i("kind", (int)k)));
    const char *name = law_name(k);
    /* in the order of enum fric_law_field */
    struct { double value; const char *unit; } f[] = {
        { law->Fs, "N" }, { law->Fc, "N" }, { law->vs, "m/s" }, { law->D, "N·s/m" },
        { law->alpha, "(no unit)" },
    };
    for (int i = 0; i < (int)(sizeof f / sizeof f[0]); i++)
        if (fric_law_field_used(k, i) && !isfinite(f[i].value))
            return fric__fail_id(FRIC_E_PARAM_RANGE, i, "law.not_finite",
                                 "{field} = {value} is not a finite number; give {field} a "
                                 "finite value in {unit}.",
                                 fric__values(fric__s("field", fric_law_field_names[i]),
                                              fric__g("value", f[i].value),
                                              fric__s("unit", f[i].unit)));
    if (law->Fc < 0)
        return fric__fail_id(FRIC_E_PARAM_RANGE, FRIC_LAW_FC, "law.fc_negative",
                             "Fc = {fc} is negative; the Coulomb (kinetic) friction of the {law} "
                             "law must be >= 0 N.",
                             fric__values(fric__g("fc", law->Fc), fric__s("law", name)));
    if (law->D < 0)
        return fric__fail_id(FRIC_E_PARAM_RANGE, FRIC_LAW_D, "law.d_negative",
                             "D = {d} is negative; the viscous coefficient must be >= 0 N·s/m "
                             "(a negative one would push, not resist).",
                             fric__values(fric__g("d", law->D)));
    if (k == FRIC_COULOMB_VISCOUS) {
        if (law->Fc == 0 && law->D == 0)
            return fric__fail_id(FRIC_E_LAW_INVALID, FRIC_LAW_FC, "law.no_friction",
                                 "Fc = 0 and D = 0 leave the Coulomb-viscous law without any "
                                 "friction; make Fc > 0 N or D > 0 N·s/m.",
                                 fric__no_values);
        return range_problem(law);
    }
    if (!(law->Fs > law->Fc))
        return fric__fail_id(FRIC_E_LAW_INVALID, FRIC_LAW_FS, "law.fs_not_above_fc",
                             "Fs = {fs} must exceed Fc = {fc} for the {law} law (static friction "
                             "above the Coulomb level); raise Fs or lower Fc, or use the "
                             "Coulomb-viscous law for Fs = Fc.",
                             fric__values(fric__g("fs", law->Fs), fric__g("fc", law->Fc),
                                          fric__s("law", name)));
    if (!(law->vs > 0))
        return fric__fail_id(FRIC_E_PARAM_RANGE, FRIC_LAW_VS, "law.vs_not_positive",
                             "vs = {vs} must be > 0 m/s (the Stribeck velocity of the {law} law).",
                             fric__values(fric__g("vs", law->vs), fric__s("law", name)));
    if (k == FRIC_STRIBECK && !(law->alpha >= 1))
        return fric__fail_id(FRIC_E_PARAM_RANGE, FRIC_LAW_ALPHA, "law.alpha_below_1",
                             "alpha = {alpha} must be >= 1: for alpha < 1 the Stribeck slope "
                             "Φ′(0+) is -infinity, so no Z meets Kikuuwe's condition "
                             "Φ′(v) > -1/Z (eq. 15).",
                             fric__values(fric__g("alpha", law->alpha)));
    return range_problem(law);
}

fric_status fric_law_check_params(const fric_law *law, const char **why)
{
    const char *p = params_problem(law);
    if (why) *why = p ? p : "";
    return p ? fric__rc() : FRIC_OK;
}

fric_status fric_law_check(const fric_law *law, double Z, const char **why)
{
    const char *p = params_problem(law);
    if (!p && !(isfinite(Z) && Z > 0))
        p = fric__fail_id(FRIC_E_PARAM_RANGE, FRIC_LAW_Z, "law.z_not_positive",
                          "Z = {z} must be a finite number > 0 (Z = 1/(K·T + B) for element C, "
                          "T/M for element A).",
                          fric__values(fric__g("z", Z)));
    if (!p) {
        double v_at;
        double m = fric__law_max_drop(law, &v_at);
        if (!fric__law_slope_ok(law, Z)) {
            if (v_at > 0)
                p = fric__fail_id(FRIC_E_NO_TRANSFORM, FRIC_LAW_Z, "law.eq15_drop",
                                  "Kikuuwe's condition (eq. 15) Φ′(v) > -1/Z fails: the {law} law "
                                  "falls with slope -{slope} N·s/m at v = {v} m/s, so it needs "
                                  "1/Z > {need}, but 1/Z = {inv_z}; raise 1/Z (K·T + B for "
                                  "element C, M/T for element A) or make the drop gentler "
                                  "(smaller Fs - Fc, larger vs).",
                                  fric__values(fric__s("law", law_name(law->kind)),
                                               fric__gp("slope", 6, m), fric__gp("v", 6, v_at),
                                               fric__gp("need", 9, m), fric__gp("inv_z", 9, 1 / Z)));
            else
                p = fric__fail_id(FRIC_E_NO_TRANSFORM, FRIC_LAW_Z, "law.eq15_start",
                                  "Kikuuwe's condition (eq. 15) Φ′(v) > -1/Z fails: the {law} law "
                                  "starts with slope D - (Fs - Fc)/vs = -{slope} N·s/m at v = 0+, "
                                  "so it needs 1/Z > {need}, but 1/Z = {inv_z}; raise 1/Z (K·T + B "
                                  "for element C, M/T for element A) or make the drop gentler "
                                  "(smaller Fs - Fc, larger vs or D).",
                                  fric__values(fric__s("law", law_name(law->kind)),
                                               fric__gp("slope", 6, m), fric__gp("need", 9, m),
                                               fric__gp("inv_z", 9, 1 / Z)));
        }
    }
    /* after the slope condition, so that a Z too large for the law is named
     * as such (eq. 15) rather than as out of range */
    if (!p && !(Z >= field_range[FRIC_LAW_Z].lo && Z <= field_range[FRIC_LAW_Z].hi))
        p = fric__fail_id(FRIC_E_PARAM_RANGE, FRIC_LAW_Z, "law.z_outside_range",
                          "Z = {z} m/(N·s) is outside [{lo}, {hi}] (the accepted range, "
                          "friction.h, within which the transforms stay finite); change the "
                          "element's M, K, B or T or rescale the units.",
                          fric__values(fric__g("z", Z), fric__g("lo", field_range[FRIC_LAW_Z].lo),
                                       fric__g("hi", field_range[FRIC_LAW_Z].hi)));
    if (!p && law->Fc != 0 && !(Z * law->Fc >= DBL_MIN))
        p = fric__fail_id(FRIC_E_PARAM_RANGE, FRIC_LAW_FC, "law.fc_below_dbl_min",
                          "Fc = {fc} N with Z = {z} m/(N·s) puts the edge of the static band, "
                          "Z·Fc = {zfc} m/s, below DBL_MIN = {dbl_min}, where it loses its "
                          "digits; make Fc 0 or at least DBL_MIN/Z = {fc_min} N.",
                          fric__values(fric__g("fc", law->Fc), fric__g("z", Z),
                                       fric__g("zfc", Z * law->Fc), fric__g("dbl_min", DBL_MIN),
                                       fric__g("fc_min", DBL_MIN / Z)));
    if (why) *why = p ? p : "";
    return p ? fric__rc() : FRIC_OK;
}
