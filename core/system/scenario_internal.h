/* scenario_internal.h: what the scenario adapters of several system
 * families share, private to the system stage (core/system and its family
 * folders); not part of the API:
 *   - the `every` parameter of every time series;
 *   - the helpers of the papers' example scenarios (scenario_examples.c:
 *     the kikuuwe and cisneros families);
 *   - the choices `rule` and `switching` and the step of a run of the
 *     scenarios built on fric_fd_sim (scenario_fd.c: the fd family and
 *     dupont's xy-table). */
#ifndef FRIC_SCENARIO_INTERNAL_H
#define FRIC_SCENARIO_INTERNAL_H

#include "fric_fd.h"
#include "fric_scenario.h"
#include "friction.h"

/* ------------------------------------------- what every time series shares */

/* The `every` parameter (fric_scenario_run.every: one row every this many
 * steps) of every time-series scenario, a fric_param_info initialiser with
 * default def. */
#define FRIC__EVERY_PARAM(def)                                                                \
    { "every", def, 1, 1e6, "", "write one row every this many steps", NULL, 0, 1,            \
      .label = "row every n steps", .lo = 1, .hi = 100, .log = 1 }

/* ------------------------------------ helpers the example scenarios share */

/* The `law` choice: fric_law_names (friction.h), indices equal fric_kind. */
/* One line per law for the parameter's choice_help (the UI's help line). */
extern const char *const fric_ex_law_help[FRIC_N_LAWS];

/* 1 when the transform takes its static branch at x = v* (the element is in
 * static friction): |x| <= Z·Φ(+0) for the exact transform (Kikuuwe eq. 16),
 * |x/Z| <= |Φ(x)| for the approximation (eq. 46). The law must be valid. */
int fric_ex_static(const fric_law *law, fric_xform xform, double Z, double x);

/* A count of sign reversals of a velocity (fric__reversal, base.h). Start
 * from {0, 0}; add a sample v with count += fric__reversal(&last, v). */
typedef struct {
    int last;    /* sign of the last nonzero value: -1, +1, or 0 before any */
    long count;  /* reversals so far                                         */
} fric_ex_reversals;

/* Formats fmt (printf-style) followed by ": " and inner into the per-thread
 * message buffer of fric_law_check and returns it; inner may itself point
 * into that buffer (a message from fric_elem_check being wrapped). Keeps the
 * inner failure's fric_status; its parameter index becomes −1. */
const char *fric_ex_wrap(const char *inner, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* A parameter a `case` choice fixes: index and the value the figure uses. */
typedef struct { int param; double value; } fric_ex_fixed;

/* Copies p[0 .. sc->n_params-1] to out and writes the n fixed values over
 * it. Fails (with *why naming the parameter, the case and what to do) when
 * the caller set a fixed parameter to something other than its default or
 * the case's own value: such a setting would otherwise be ignored silently. */
int fric_ex_apply_case(const fric_scenario *sc, const double *p, double *out,
                       const char *case_name, const fric_ex_fixed *fixed, int n,
                       const char **why);

/* ------------------------------------- scenarios built on fric_fd_sim */

/* Choice names and one-line help, in the order of fric_fd_rule and
 * fric_fd_switching. */
extern const char *const fric__fd_rule_names[2];
extern const char *const fric__fd_rule_help[2];
extern const char *const fric__fd_switching_names[2];
extern const char *const fric__fd_switching_help[2];

/* The parameter entries of those choices (fric_param_info initialisers). */
#define FRIC__FD_RULE_PARAM                                                                   \
    { "rule", 0, 0, 1, "choice",                                                              \
      "what a step does when eq. 10 has no or several solutions: continuous (the solution "   \
      "continuous with the previous step; none: an impulsive stop) or stop (the run stops)", \
      fric__fd_rule_names, 2, 1, .label = "rule for none or several",                           \
      .choice_help = fric__fd_rule_help }
#define FRIC__FD_SWITCHING_PARAM                                                              \
    { "switching", 0, 0, 1, "choice",                                                         \
      "discontinuities: fixed (fixed step, re-solved every step) or events (velocity and "    \
      "normal-force zero crossings located, Dupont §3.1.1)",                                  \
      fric__fd_switching_names, 2, 1, .label = "switching",                                  \
      .choice_help = fric__fd_switching_help }

/* The time step h of the scenarios of Dupont's models (the fd family,
 * dupont's screw and xy-table), a fric_param_info initialiser. */
#define FRIC__FD_DT_PARAM                                                                     \
    { "dt", 1e-3, 1e-7, 0.1, "s", "time step h", NULL, 0, 0, .label = "time step h",          \
      .lo = 1e-4, .hi = 1e-2, .log = 1 }

/* One step of sim from the state x, to step k of the run, with sim->sys
 * set to sys first (the scenario's state may have been copied). 0, or 1
 * with *why naming the scenario, the step, its time and the state (the
 * core's message kept). */
int fric__fd_scn_step(const char *scn, fric_fd_sim *s, const void *sys, fric_fd_state *x,
                      long long k, const char **why);

#endif
