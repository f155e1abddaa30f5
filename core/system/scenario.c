/*
 * scenario.c: the helpers that fill and check the parameters of a simulated
 * system, and the driver that owns the loop of a driven scenario (first row
 * at t = 0, `every`, the end of the clock, retune; fric_scenario.h); the
 * registry itself is scenario_registry.c.
 */
#include <assert.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fric_scenario.h"
#include "scenario_internal.h"
#include "base.h"

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

/* Whether v lies in the parameter's accepted range: finite, in [min, max],
 * whole for a count or a choice. The one range rule of every scenario. */
static int param_ok(const fric_param_info *pi, double v)
{
    int whole = pi->integer || pi->choices;
    return isfinite(v) && v >= pi->min && v <= pi->max && !(whole && v != floor(v));
}

static const char *range_message(const fric_scenario *sc, int i, double v)
{
    const fric_param_info *pi = &sc->params[i];
    char unit[48] = "";                  /* " m/s": the unit after the range, or none */
    if (pi->unit[0] && !pi->choices) snprintf(unit, sizeof unit, " %s", pi->unit);
    if (pi->choices)
        return fric__fail_id(FRIC_E_PARAM_RANGE, i, "scenario.choice_out_of_range",
                             "{scenario}: {name} = {value} is out of range; accepted: a choice "
                             "index in [{min}, {max}].",
                             fric__values(fric__s("scenario", sc->name), fric__s("name", pi->name),
                                          fric__g("value", v), fric__g("min", pi->min),
                                          fric__g("max", pi->max)));
    if (pi->integer)
        return fric__fail_id(FRIC_E_PARAM_RANGE, i, "scenario.whole_out_of_range",
                             "{scenario}: {name} = {value} is out of range; accepted: a whole "
                             "number in [{min}, {max}]{unit}.",
                             fric__values(fric__s("scenario", sc->name), fric__s("name", pi->name),
                                          fric__g("value", v), fric__g("min", pi->min),
                                          fric__g("max", pi->max), fric__s("unit", unit)));
    return fric__fail_id(FRIC_E_PARAM_RANGE, i, "scenario.out_of_range",
                         "{scenario}: {name} = {value} is out of range; accepted: a value in "
                         "[{min}, {max}]{unit}.",
                         fric__values(fric__s("scenario", sc->name), fric__s("name", pi->name),
                                      fric__g("value", v), fric__g("min", pi->min),
                                      fric__g("max", pi->max), fric__s("unit", unit)));
}

fric_status fric_scenario_set(const fric_scenario *sc, double *p, const char *name,
                              const char *text, const char **why)
{
    int i = fric_scenario_param_index(sc, name);
    if (i < 0) {
        fric__why(why, fric__fail_id(FRIC_E_UNKNOWN_NAME, -1, "scenario.no_param",
                                     "{scenario} has no parameter '{name}'.",
                                     fric__values(fric__s("scenario", sc->name),
                                                  fric__s("name", name ? name : "(null)"))));
        return FRIC_E_UNKNOWN_NAME;
    }
    const fric_param_info *pi = &sc->params[i];
    if (pi->choices) {
        const char *alias = text && pi->alias ? pi->alias(text) : NULL;
        for (int c = 0; c < pi->n_choices; c++)
            if (text && (strcmp(pi->choices[c], text) == 0 ||
                         (alias && strcmp(pi->choices[c], alias) == 0))) {
                p[i] = c;
                return 0;
            }
        char list[448] = "";
        for (int c = 0; c < pi->n_choices; c++) {
            if (c) strncat(list, ", ", sizeof list - strlen(list) - 1);
            strncat(list, pi->choices[c], sizeof list - strlen(list) - 1);
        }
        const char *an = NULL;
        for (int k = 0; pi->alias_at && pi->alias_at(k, &an, NULL); k++) {
            strncat(list, k ? ", " : "; or another name of one: ", sizeof list - strlen(list) - 1);
            strncat(list, an, sizeof list - strlen(list) - 1);
        }
        fric__why(why, fric__fail_id(FRIC_E_UNKNOWN_NAME, i, "scenario.not_a_choice",
                                     "{scenario}: {name} = '{text}' is not one of: {list}.",
                                     fric__values(fric__s("scenario", sc->name), fric__s("name", name),
                                                  fric__s("text", text ? text : ""),
                                                  fric__s("list", list))));
        return FRIC_E_UNKNOWN_NAME;
    }
    char *end = NULL;
    double v = text ? strtod(text, &end) : NAN;
    if (!text || end == text || *end != '\0' || !isfinite(v)) {
        char unit[48] = "";              /* " m/s": the unit after the range, or none */
        if (pi->unit[0]) snprintf(unit, sizeof unit, " %s", pi->unit);
        fric__why(why, fric__fail_id(FRIC_E_NOT_NUMBER, i, "scenario.not_a_number",
                                     "{scenario}: {name} = '{text}' is not a finite number; give a "
                                     "value in [{min}, {max}]{unit}.",
                                     fric__values(fric__s("scenario", sc->name), fric__s("name", name),
                                                  fric__s("text", text ? text : ""),
                                                  fric__g("min", pi->min), fric__g("max", pi->max),
                                                  fric__s("unit", unit))));
        return FRIC_E_NOT_NUMBER;
    }
    if (!param_ok(pi, v)) {
        fric__why(why, range_message(sc, i, v));
        return FRIC_E_PARAM_RANGE;
    }
    p[i] = v;
    return FRIC_OK;
}

fric_status fric_scenario_check(const fric_scenario *sc, const double *p, const char **why)
{
    for (int i = 0; i < sc->n_params; i++)
        if (!param_ok(&sc->params[i], p[i])) {
            fric__why(why, range_message(sc, i, p[i]));
            return FRIC_E_PARAM_RANGE;
        }
    if (why) *why = "";
    return FRIC_OK;
}

/* ------------------------------------------------------------ the driver */
/* Twelve scenarios are driven: model-a, two-contacts, models-bd,
 * joint-step, screw, screw-selflock, carriage-screw and xy-table write the
 * state after each block (xy-table's adopt restarts its event solver from
 * the running motion on a retune, which can fail after configure accepted
 * p); bench, arm1, arm2-ground and chain write the state before each block
 * with the forces of its first step (row_step); the bench's adopt
 * re-prepares the step's inertia, the chain's its joints' plans (or
 * restarts a chain of another length). The chain family's configuration
 * (links and motors of up to 100 joints) is larger than
 * FRIC_SCENARIO_MAX_CFG and points into itself: its state holds the room
 * for a second one (spare_offset) and placed re-points it after each copy.
 * solutions-2dof is no time series: a grid of points r with no clock, no
 * `every` and nothing to retune mid-run (its init/step walk the grid). */

/* Room for a configuration, aligned like any object. */
typedef union {
    max_align_t align;
    unsigned char bytes[FRIC_SCENARIO_MAX_CFG];
} cfg_buffer;

/* Where configure writes: the state's spare slot or the driver's buffer. */
static void *cfg_slot(const fric_scenario_driver *d, void *state, cfg_buffer *buf)
{
    assert(d->spare_offset || d->cfg_bytes <= sizeof buf->bytes);
    return d->spare_offset ? (unsigned char *)state + d->spare_offset : (void *)buf->bytes;
}

/* Copies the configuration cfg to its place in the state. */
static void cfg_place(const fric_scenario_driver *d, void *state, const void *cfg)
{
    void *home = (unsigned char *)state + d->cfg_offset;
    memcpy(home, cfg, d->cfg_bytes);
    if (d->placed) d->placed(home);
}

/* The clock of a driver with clock_step (fric_scenario_driver): the run
 * from its current time to p's duration [s] in steps of p's clock_step [s]
 * (fric_scenario_clock_set, its refusal naming the scenario), one row every
 * p's `every` steps. 0, or 1 with *why. */
static int drive_clock(const fric_scenario *sc, fric_scenario_run *run, const double *p,
                       const char **why)
{
    if (!sc->driver->clock_step) return 0;
    const int i_dur = fric_scenario_param_index(sc, "duration"),
              i_step = fric_scenario_param_index(sc, sc->driver->clock_step),
              i_every = fric_scenario_param_index(sc, "every");
    assert(i_dur >= 0 && i_step >= 0 && i_every >= 0);
    if (fric_scenario_clock_set(&run->clk, sc->name, p[i_dur], p[i_step], why)) return 1;
    run->every = (long long)p[i_every];
    return 0;
}

static int drive_init(const fric_scenario *sc, void *state, const double *p, const char **why)
{
    const fric_scenario_driver *d = sc->driver;
    cfg_buffer buf;
    fric_scenario_run run = { 0 };
    if (d->spare_offset) memset(state, 0, sc->state_bytes);   /* the slot is in the state */
    void *cfg = cfg_slot(d, state, &buf);
    if (d->configure(cfg, &run, NULL, p, why) || drive_clock(sc, &run, p, why)) return 1;
    if (!d->spare_offset) memset(state, 0, sc->state_bytes);
    *(fric_scenario_run *)state = run;
    cfg_place(d, state, cfg);
    return d->start ? d->start(state, p, why) : 0;
}

static int drive_retune(const fric_scenario *sc, void *state, const double *p, const char **why)
{
    const fric_scenario_driver *d = sc->driver;
    cfg_buffer buf;
    void *cfg = cfg_slot(d, state, &buf);
    fric_scenario_run run = *(fric_scenario_run *)state;
    if (d->configure(cfg, &run, state, p, why) || drive_clock(sc, &run, p, why)) return 1;
    if (d->adopt && d->adopt(state, cfg, why)) return 1;
    cfg_place(d, state, cfg);
    *(fric_scenario_run *)state = run;
    return 0;
}

/* The two row forms of fric_scenario_driver: the state after a block (row
 * 0 is the initial state, each later row advances min(every, end − k)
 * steps) or, with row_step, the state before it (each row, then its
 * block, row_step after the block's first step); DONE at the end of the
 * clock. */
static int drive_step(const fric_scenario *sc, void *state, double *row, const char **why)
{
    const fric_scenario_driver *d = sc->driver;
    fric_scenario_run *r = state;
    const int before = d->row_step != NULL;   /* the row form */
    const int block = r->started || before;    /* a block of steps to advance */
    if (block && r->clk.k >= r->clk.end) return FRIC_SCENARIO_DONE;
    if (before) d->row(state, row);
    if (block) {
        long long first = r->clk.k, target = fric_scenario_clock_target(&r->clk, r->every);
        while (r->clk.k < target) {
            if (d->advance(state, why)) return FRIC_SCENARIO_ERROR;
            r->clk.k++;
            if (before && r->clk.k == first + 1) d->row_step(state, row);
        }
    }
    r->started = 1;
    if (!before) d->row(state, row);
    return FRIC_SCENARIO_ROW;
}

int fric_scenario_can_retune(const fric_scenario *sc)
{
    return sc->driver != NULL || sc->retune != NULL;
}

fric_status fric_scenario_init(const fric_scenario *sc, void *state, const double *p, const char **why)
{
    const char *w = "";
    int rc = fric_scenario_check(sc, p, &w);
    if (!rc) fric_status_clear();
    if (!rc && (sc->driver ? drive_init(sc, state, p, &w) : sc->init(state, p, &w)))
        rc = fric__rc();
    if (why) *why = w;
    return rc;
}

fric_status fric_scenario_retune(const fric_scenario *sc, void *state, const double *p, const char **why)
{
    const char *w = "";
    int rc = FRIC_OK;
    if (!fric_scenario_can_retune(sc)) {
        w = fric__fail_id(FRIC_E_UNSUPPORTED, -1, "scenario.no_retune",
                          "{scenario} cannot change parameters while running; restart it to "
                          "apply them.",
                          fric__values(fric__s("scenario", sc->name)));
        rc = FRIC_E_UNSUPPORTED;
    }
    if (!rc) rc = fric_scenario_check(sc, p, &w);
    if (!rc) fric_status_clear();
    if (!rc && (sc->driver ? drive_retune(sc, state, p, &w) : sc->retune(state, p, &w)))
        rc = fric__rc();
    if (why) *why = w;
    return rc;
}

int fric_scenario_shape(const fric_scenario *sc, const void *state, double *xyf, int max_points)
{
    if (!sc->shape) {
        fric__fail_id(FRIC_E_UNSUPPORTED, -1, "scenario.no_shape_draw",
            "{name} has no shape to draw; use its columns.",
            fric__values(fric__s("name", sc->name)));
        return -1;
    }
    return max_points > 0 ? sc->shape(state, xyf, max_points) : 0;
}

int fric_scenario_step(const fric_scenario *sc, void *state, double *row, const char **why)
{
    const char *w = "";
    int st = sc->driver ? drive_step(sc, state, row, &w) : sc->step(state, row, &w);
    /* every column the step wrote, checked once here for every scenario
     * (bounded: n_cols <= FRIC_SCENARIO_MAX_COLS) */
    for (int c = 0; st == FRIC_SCENARIO_ROW && c < sc->n_cols; c++) {
        if (isfinite(row[c])) continue;
        char vals[256] = "";
        size_t used = 0;
        for (int j = 0; j < sc->n_cols && used < sizeof vals; j++) {
            int n = snprintf(vals + used, sizeof vals - used, "%s%s = %.6g", j ? ", " : "",
                             sc->cols[j].name, row[j]);
            if (n < 0) break;
            used += (size_t)n;
        }
        w = fric__fail_id(FRIC_E_NONFINITE, -1, "scenario.column_nonfinite",
                          "{scenario}: the step to t = {t} s wrote column {column} = {value}, "
                          "not a finite number; the run stops (the state: {state}). The "
                          "simulation diverged or a value overflowed: shorten the time step or "
                          "bring the parameters nearer their defaults.",
                          fric__values(fric__s("scenario", sc->name), fric__gp("t", 9, row[0]),
                                       fric__s("column", sc->cols[c].name),
                                       fric__g("value", row[c]), fric__s("state", vals)));
        st = FRIC_SCENARIO_ERROR;
    }
    if (st == FRIC_SCENARIO_ERROR && !*w)
        w = fric__fail_id(FRIC_E_NONFINITE, -1, "scenario.step_error",
                          "{scenario}: the step stopped with an error.",
                          fric__values(fric__s("scenario", sc->name)));
    else if (st == FRIC_SCENARIO_ERROR && strncmp(w, sc->name, strlen(sc->name)) != 0)
        w = fric__reword("%s: %s", sc->name, w);     /* every message names its scenario */
    if (why) *why = w;
    return st;
}

/* ------------------------------------------------------ the run's clock */

double fric_scenario_clock_t_at(const fric_scenario_clock *c, long long k)
{
    return c->t0 + (double)(k - c->k0) * c->T;
}

double fric_scenario_clock_t(const fric_scenario_clock *c)
{
    return fric_scenario_clock_t_at(c, c->k);
}

long long fric_scenario_clock_target(const fric_scenario_clock *c, long long every)
{
    return c->end - c->k > every ? c->k + every : c->end;
}

fric_status fric_scenario_clock_set(fric_scenario_clock *c, const char *scn, double duration, double T,
                                    const char **why)
{
    double t = fric_scenario_clock_t(c);
    double steps = floor((duration - t) / T + 0.5);
    if (steps < 0) steps = 0;
    if (!(T > 0) || !(steps + (double)c->k <= FRIC_SCENARIO_MAX_STEPS)) {
        if (why)
            *why = fric__fail_id(FRIC_E_WORK_LIMIT, -1, "scenario.too_many_steps",
                                 "{scenario}: duration = {duration} s with T = {T} s makes "
                                 "{steps} steps; at most {max} are allowed (a longer run would "
                                 "not finish in reasonable time); shorten duration or raise T.",
                                 fric__values(fric__s("scenario", scn), fric__g("duration", duration),
                                              fric__g("T", T),
                                              fric__gp("steps", 3, steps + (double)c->k),
                                              fric__gp("max", 3, FRIC_SCENARIO_MAX_STEPS)));
        return FRIC_E_WORK_LIMIT;
    }
    c->t0 = t;
    c->k0 = c->k;
    c->T = T;
    c->end = c->k + (long long)steps;
    return 0;
}
