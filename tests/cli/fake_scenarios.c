/*
 * fake_scenarios.c: a registry of small scenarios that misbehave on purpose,
 * linked into a test build of the command-line tool (friction-fake) in place
 * of the core's registry, so that tests/cli/run.sh can check what the tool
 * does when a scenario fails: a step error, a non-finite row, a rejected
 * init, many rows into a closed pipe. The registry functions (count, at,
 * find) replace core/system/scenario_registry.c at link time, which is then
 * not pulled from the library; the parameter helpers are the core's own.
 *
 *   fake-ok       n rows: t = k·dt, x = amp·k, v = amp/dt (k = 0 .. n−1)
 *   fake-error    like fake-ok, then FRIC_SCENARIO_ERROR at step `fail_at`
 *   fake-nanrow   like fake-ok, but row `fail_at` has x = NaN (a buggy step)
 *   fake-init     init rejects lo > hi
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fric_scenario.h"

static const char *const modes[] = { "up", "down" };
static const char *const mode_help[] = { "x grows by amp per row", "x falls by amp per row" };

static const fric_param_info params[] = {
    { "n", 5, 0, 1e9, "", "number of rows", NULL, 0, 1, .label = "rows n", .lo = 1, .hi = 100 },
    { "dt", 0.1, 1e-6, 10, "s", "output step", NULL, 0, 0, .label = "step dt", .lo = 1e-3, .hi = 1, .log = 1 },
    { "amp", 1, -100, 100, "m", "slope of x per row", NULL, 0, 0, .label = "slope a", .lo = -1, .hi = 1 },
    { "mode", 0, 0, 1, "choice", "sign of x: up (+) or down (-)", modes, 2, 0,
      .label = "mode", .choice_help = mode_help },
    { "fail_at", 3, 1, 1e9, "", "row at which the scenario fails", NULL, 0, 1,
      .label = NULL /* no presentation given: `list` falls back to the name */ },
    { "lo", 0, -10, 10, "", "lower bound (fake-init needs lo <= hi)", NULL, 0, 0, .label = "lower bound" },
    { "hi", 1, -10, 10, "", "upper bound", NULL, 0, 0, .label = "upper bound" },
};
static const fric_col_info cols[] = {
    { "t", "s", "time" },
    { "x", "m", "position" },
    { "v", "m/s", "velocity" },
};

typedef struct {
    double p[7];
    long k;
    int kind;
    char why[128];
} state;

enum { K_OK, K_ERROR, K_NANROW, K_INIT };

static int init_kind(void *st, const double *p, const char **why, int kind)
{
    state *s = st;
    memcpy(s->p, p, sizeof s->p);
    s->k = 0;
    s->kind = kind;
    if (kind == K_INIT && p[5] > p[6]) {
        *why = "fake-init: lo must not exceed hi; lower lo or raise hi.";
        return 1;
    }
    return 0;
}

static int init_ok(void *st, const double *p, const char **why) { return init_kind(st, p, why, K_OK); }
static int init_error(void *st, const double *p, const char **why) { return init_kind(st, p, why, K_ERROR); }
static int init_nanrow(void *st, const double *p, const char **why) { return init_kind(st, p, why, K_NANROW); }
static int init_init(void *st, const double *p, const char **why) { return init_kind(st, p, why, K_INIT); }

static int step(void *st, double *row, const char **why)
{
    state *s = st;
    if (s->k >= (long)s->p[0]) return FRIC_SCENARIO_DONE;
    if (s->kind == K_ERROR && s->k + 1 == (long)s->p[4]) {
        snprintf(s->why, sizeof s->why, "step %ld: state x = nan is not finite.", s->k + 1);
        *why = s->why;
        return FRIC_SCENARIO_ERROR;
    }
    double sign = s->p[3] == 0 ? 1 : -1;
    row[0] = (double)s->k * s->p[1];
    row[1] = sign * s->p[2] * (double)s->k;
    row[2] = sign * s->p[2] / s->p[1];
    if (s->kind == K_NANROW && s->k + 1 == (long)s->p[4]) row[1] = NAN;
    s->k++;
    return FRIC_SCENARIO_ROW;
}

#define FAKE(var, nm, ini) \
    static const fric_scenario var = { .name = nm, \
        .summary = "A fake scenario for the tests of the command-line tool.", \
        .n_params = 7, .params = params, .n_cols = 3, .cols = cols, \
        .state_bytes = sizeof(state), .init = ini, .step = step }
FAKE(fake_ok, "fake-ok", init_ok);
FAKE(fake_error, "fake-error", init_error);
FAKE(fake_nanrow, "fake-nanrow", init_nanrow);
FAKE(fake_init, "fake-init", init_init);

static const fric_scenario *const reg[] = { &fake_ok, &fake_error, &fake_nanrow, &fake_init };

int fric_scenario_count(void) { return 4; }

const fric_scenario *fric_scenario_at(int i) { return i >= 0 && i < 4 ? reg[i] : NULL; }

const fric_scenario *fric_scenario_find(const char *name)
{
    for (int i = 0; i < 4; i++)
        if (name && strcmp(reg[i]->name, name) == 0) return reg[i];
    return NULL;
}
