/*
 * scenario.c: the registry of simulated systems and the helpers that fill
 * and check their parameters (see friction_scenario.h).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "friction_scenario.h"
#include "law_internal.h"

/* Every scenario, in the order `friction list` prints them. Add a system by
 * defining its fric_scenario in its own file and listing it here. */
extern const fric_scenario fric_scn_model_a;
extern const fric_scenario fric_scn_two_contacts;
extern const fric_scenario fric_scn_models_bd;
extern const fric_scenario fric_scn_joint_step;
extern const fric_scenario fric_scn_bench;
extern const fric_scenario fric_scn_screw;
extern const fric_scenario fric_scn_xy_table;
static const fric_scenario *const registry[] = {
    &fric_scn_model_a,
    &fric_scn_two_contacts,
    &fric_scn_models_bd,
    &fric_scn_joint_step,
    &fric_scn_bench,
    &fric_scn_screw,
    &fric_scn_xy_table,
    NULL /* keeps the array non-empty */
};

int fric_scenario_count(void)
{
    return (int)(sizeof registry / sizeof registry[0]) - 1;
}

const fric_scenario *fric_scenario_at(int i)
{
    return i >= 0 && i < fric_scenario_count() ? registry[i] : NULL;
}

const fric_scenario *fric_scenario_find(const char *name)
{
    for (int i = 0; name && i < fric_scenario_count(); i++)
        if (strcmp(registry[i]->name, name) == 0) return registry[i];
    return NULL;
}

void fric_scenario_defaults(const fric_scenario *sc, double *p)
{
    for (int i = 0; i < sc->n_params; i++) p[i] = sc->params[i].def;
}

int fric_scenario_param_index(const fric_scenario *sc, const char *name)
{
    for (int i = 0; name && i < sc->n_params; i++)
        if (strcmp(sc->params[i].name, name) == 0) return i;
    return -1;
}

int fric_scenario_set(const fric_scenario *sc, double *p, const char *name,
                      const char *text, const char **why)
{
    int i = fric_scenario_param_index(sc, name);
    if (i < 0) {
        if (why) *why = fric__say("%s has no parameter '%s'; 'friction list' shows its parameters.",
                                  sc->name, name ? name : "(null)");
        return 1;
    }
    const fric_param_info *pi = &sc->params[i];
    if (pi->choices) {
        for (int c = 0; c < pi->n_choices; c++)
            if (text && strcmp(pi->choices[c], text) == 0) { p[i] = c; return 0; }
        char list[256] = "";
        for (int c = 0; c < pi->n_choices; c++) {
            if (c) strncat(list, ", ", sizeof list - strlen(list) - 1);
            strncat(list, pi->choices[c], sizeof list - strlen(list) - 1);
        }
        if (why) *why = fric__say("%s: %s = '%s' is not one of: %s.", sc->name, name,
                                  text ? text : "", list);
        return 1;
    }
    char *end = NULL;
    double v = text ? strtod(text, &end) : NAN;
    if (!text || end == text || *end != '\0' || !isfinite(v)) {
        if (why) *why = fric__say("%s: %s = '%s' is not a finite number; give a value in "
                                  "[%g, %g]%s%s.", sc->name, name, text ? text : "",
                                  pi->min, pi->max, pi->unit[0] ? " " : "", pi->unit);
        return 1;
    }
    if (v < pi->min || v > pi->max || (pi->integer && v != floor(v))) {
        if (why) *why = fric__say("%s: %s = %g is out of range; accepted: %s in [%g, %g]%s%s.",
                                  sc->name, name, v, pi->integer ? "a whole number" : "a value",
                                  pi->min, pi->max, pi->unit[0] ? " " : "", pi->unit);
        return 1;
    }
    p[i] = v;
    return 0;
}

/* ------------------------------------------------------ the run's clock */

double fric_scn_clock_t_at(const fric_scn_clock *c, long long k)
{
    return c->t0 + (double)(k - c->k0) * c->T;
}

double fric_scn_clock_t(const fric_scn_clock *c)
{
    return fric_scn_clock_t_at(c, c->k);
}

long long fric_scn_clock_target(const fric_scn_clock *c, long long every)
{
    return c->end - c->k > every ? c->k + every : c->end;
}

int fric_scn_clock_set(fric_scn_clock *c, const char *scn, double duration, double T,
                      const char **why)
{
    double t = fric_scn_clock_t(c);
    double steps = floor((duration - t) / T + 0.5);
    if (steps < 0) steps = 0;
    if (!(T > 0) || !(steps + (double)c->k <= FRIC_SCN_MAX_STEPS)) {
        if (why)
            *why = fric__say("%s: duration = %g s with T = %g s makes %.3g steps; at most %.3g "
                             "are allowed (a longer run would not finish in reasonable time); "
                             "shorten duration or raise T.",
                             scn, duration, T, steps + (double)c->k, FRIC_SCN_MAX_STEPS);
        return 1;
    }
    c->t0 = t;
    c->k0 = c->k;
    c->T = T;
    c->end = c->k + (long long)steps;
    return 0;
}
