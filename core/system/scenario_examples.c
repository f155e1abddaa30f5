/* In core/system, not a family folder: the kikuuwe and cisneros families both use it, and
 * core/system (beside scenario_internal.h) is the one private place both see (stage walls).
 *
 * scenario_examples.c: the knobs the example scenarios share (scenario_internal.h):
 * the law choice, the static-branch test of a transform, parameter range
 * checks, figure presets (`case`) and the run's clock.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>

#include "fric_examples.h"
#include "scenario_internal.h"
#include "base.h"

const char *const fric_ex_law_help[FRIC_N_LAWS] = {
    "Φ(v) = Fc·sgn v + D·v (Kikuuwe eq. 24); Fs, vs and α are not used",
    "Φ(v) = (Fc + (Fs − Fc)·exp(−|v/vs|^α))·sgn v + D·v (Cisneros eq. 21)",
    ("Φ(v) = (Fc + (Fs − Fc)·vs/(|v| + vs))·sgn v + D·v (Cisneros eq. 33); α is not "
     "used"),
};

int fric_ex_static(const fric_law *law, fric_xform xform, double Z, double x)
{
    if (xform == FRIC_XFORM_APPROX)
        return fabs(x / Z) <= fabs(fric_phi(law, x));       /* Kikuuwe eq. 46, 2nd line */
    return fabs(x) <= Z * fric_phi_plus0(law);               /* Kikuuwe eq. 16, 2nd line */
}

int fric_ex_refuse(const char **why, const char *inner, const char *fmt, ...)
{
    if (!why) return 1;
    char in[512], head[512];
    snprintf(in, sizeof in, "%s", inner ? inner : "");
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(head, sizeof head, fmt, ap);
    va_end(ap);
    fric__reword("%s: %s", head, in);     /* keeps the inner code */
    *why = fric__at_param(-1);            /* its index is not the scenario's */
    return 1;
}

int fric_ex_apply_case(const fric_scenario *sc, const double *p, double *out, int i_case,
                       const fric_ex_fixed *fixed, int n, const char **why)
{
    const fric_param_info *ci = &sc->params[i_case];
    const int k = (int)p[i_case];
    const char *case_name = ci->choices[k];
    if (k == ci->n_choices - 1) n = 0;   /* custom */
    fixed += (size_t)k * (size_t)n;
    for (int i = 0; i < sc->n_params; i++) out[i] = p[i];
    for (int j = 0; j < n; j++) {
        const fric_param_info *pi = &sc->params[fixed[j].param];
        double given = p[fixed[j].param];
        if (given != pi->def && given != fixed[j].value) {
            if (why)
                *why = fric__fail_id(FRIC_E_PARAM_RANGE, fixed[j].param, "scenario.would_ignored_case",
                           "{name}: {name2} = {given} would be ignored: case={case_name} fixes "
                           "{name2} = {value} {unit} (the paper's figure); with case=custom your "
                           "own value is used.",
                           fric__values(fric__s("name", sc->name), fric__s("name2", pi->name),
                                        fric__g("given", given), fric__s("case_name", case_name),
                                        fric__g("value", fixed[j].value), fric__s("unit", pi->unit)));
            return FRIC_E_PARAM_RANGE;
        }
        out[fixed[j].param] = fixed[j].value;
    }
    return 0;
}

