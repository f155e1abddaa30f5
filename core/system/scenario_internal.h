/* scenario_internal.h: what the scenario adapters of several system
 * families share, private to the system stage (core/system and its family
 * folders); not part of the API:
 *   - the `every` parameter of every time series;
 *   - the helpers of the papers' example scenarios (scenario_examples.c:
 *     the kikuuwe and cisneros families);
 *   - what the scenarios of Dupont's models share (scenario_fd.c: the fd
 *     family and the dupont family): the time step, a sinusoidal input, a
 *     screw's efficiencies, and the choices `rule` and `switching` and the
 *     step of a run of the scenarios built on fric_fd_sim. */
#ifndef FRIC_SCENARIO_INTERNAL_H
#define FRIC_SCENARIO_INTERNAL_H

#include <math.h>

#include "fric_screw.h"
#include "fric_fd.h"
#include "fric_scenario.h"
#include "friction.h"

/* ------------------------------------------- what every time series shares */

/* A scenario's columns as one X-macro table, X(name, unit, help, value):
 * the CSV header, its unit, its one line and what a row writes, an
 * expression of the state `s` in scope. FRIC__COL_INFO expands the table
 * into the fric_col_info array, FRIC__COL_ROW into the row (row[0], row[1],
 * … in order): a column's header and its value are written once, side by
 * side, and cannot drift apart. */
#define FRIC__COL_INFO(name, unit, help, value) { name, unit, help },
#define FRIC__COL_ROW(name, unit, help, value) *row++ = (double)(value);

/* Defines fn, the fric_scenario_driver.row of a scenario whose COLS table
 * reads only its state: `var` (a const state_t *) in scope, the columns
 * written in order by FRIC__COL_ROW. */
#define FRIC__COL_ROW_FN(fn, state_t, var)                                                    \
    static void fn(const void *state, double *row)                                            \
    {                                                                                         \
        const state_t *var = state;                                                           \
        COLS(FRIC__COL_ROW)                                                                   \
    }

/* The machinery of a time-series scenario's fric_scenario, as designated
 * initialisers before its name, summary, title and blurb: n_params, params,
 * n_cols and cols (the file's params[] and cols[]), state_bytes (state_t)
 * and its driver, built in place (fric_scenario_driver): the configuration
 * cfg_t in the state's member cfg (a cfg_t larger than FRIC_SCENARIO_MAX_CFG
 * does not compile), configure, start, advance, row, and row_step and adopt
 * (either may be NULL; FRIC_SCENARIO_DRIVER_HOOKS), and clock_step from the
 * file's CLOCK_STEP (beside its params[]: the name of the time-step
 * parameter when the driver sets the clock, or NULL). init, step, retune
 * and shape stay NULL: the driver runs the loop. */
#define FRIC__DRIVEN(state_t, cfg_t, configure_, start_, advance_, row_, row_step_, adopt_)   \
    .n_params = (int)(sizeof params / sizeof params[0]), .params = params,                    \
    .n_cols = (int)(sizeof cols / sizeof cols[0]), .cols = cols,                              \
    .state_bytes = sizeof(state_t),                                                           \
    .driver = &(const fric_scenario_driver){                                                  \
        .cfg_offset = offsetof(state_t, cfg),                                                 \
        .cfg_bytes = sizeof(cfg_t)                                                            \
                     + 0 * sizeof(char[sizeof(cfg_t) <= FRIC_SCENARIO_MAX_CFG ? 1 : -1]),     \
        .configure = configure_, .start = start_, .advance = advance_, .row = row_,           \
        .row_step = row_step_, .adopt = adopt_, .clock_step = CLOCK_STEP }

/* The `every` parameter (fric_scenario_run.every: one row every this many
 * steps) of every time-series scenario, a fric_param_info initialiser with
 * default def. */
#define FRIC__EVERY_PARAM(def)                                                                \
    { "every", def, 1, 1e6, "", "write one row every this many steps", NULL, 0, 1,            \
      .label = "row every n steps", .lo = 1, .hi = 100, .log = 1 }

/* The `duration` parameter of a time series, "simulated time" [s] with
 * default dur and slider dur_lo .. dur_hi, up to max [s]. */
#define FRIC__DURATION_PARAM(dur, max, dur_lo, dur_hi)                                        \
    { "duration", dur, 0, max, "s", "simulated time", NULL, 0, 0, .label = "duration",        \
      .lo = dur_lo, .hi = dur_hi }

/* ------------------------------------ helpers the example scenarios share */

/* The `law` choice (fric_law_names, one help line each in fric_ex_law_help)
 * with default def, help the scenario's line and label its label. */
#define FRIC__LAW_PARAM(def, help, label_)                                                    \
    { "law", def, 0, FRIC_N_LAWS - 1, "choice", help, fric_law_names, FRIC_N_LAWS, 0,           \
      .label = label_, .choice_help = fric_ex_law_help }

/* The `case` choice of fric_ex_apply_case: the scenario's case_names[3]
 * (two figures, then custom) and case_help[3]; default def, help its line. */
#define FRIC__CASE_PARAM(def, help)                                                           \
    { "case", def, 0, 2, "choice", help, case_names, 3, 0, .label = "case",                   \
      .choice_help = case_help }

/* The `friction` choice of a scenario that offers the treatments of the
 * X-macro list LIST (#define OFFERED(X) X(IMPLICIT) X(EXPLICIT) …,
 * fric_treatment, friction.h): offered[] in the order of the choice, its
 * names friction_names[] and their count N_OFFERED. */
#define FRIC__OFFERED(LIST)                                                                  \
    static const fric_treatment offered[] = { LIST(FRIC_TREATMENT_ITEM) };                    \
    static const char *const friction_names[] = { LIST(FRIC_TREATMENT_NAME_ITEM) };           \
    enum { N_OFFERED = (int)(sizeof offered / sizeof offered[0]) }

/* The help of that choice, friction_help[]: one line per offered treatment
 * in the order of LIST, each FRIC_TREATMENT_HELP(id) of friction.h with the
 * scenario's own clause appended where it has one:
 *   FRIC__OFFERED_HELP(FRIC_TREATMENT_HELP(IMPLICIT) "; here element A",
 *                      FRIC_TREATMENT_HELP(EXPLICIT)); */
#define FRIC__OFFERED_HELP(...)                                                              \
    static const char *const friction_help[] = { __VA_ARGS__ };                               \
    _Static_assert(sizeof friction_help / sizeof friction_help[0] == N_OFFERED,             \
                   "one help line per offered treatment")

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

/* A configure's refusal of what a core check refused: with why, formats
 * fmt (printf-style) followed by ": " and inner (the check's message, which
 * may itself point into the per-thread message buffer) into that buffer and
 * points *why at it, keeping the inner failure's fric_status with parameter
 * index −1 (the index is not the scenario's). Returns 1, what a configure
 * returns when it refuses. */
int fric_ex_refuse(const char **why, const char *inner, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* A parameter a `case` choice fixes: index and the value the figure uses. */
typedef struct { int param; double value; } fric_ex_fixed;

/* The `case` choice p[i_case]: its choices are the figures, then "custom"
 * (the last, which fixes nothing); fixed holds n values for each figure,
 * the first figure's first. Copies p[0 .. sc->n_params-1] to out and writes
 * the chosen figure's fixed values over it. Fails (with *why naming the
 * parameter, the case and what to do) when the caller set a fixed parameter
 * to something other than its default or the case's own value: such a
 * setting would otherwise be ignored silently. */
int fric_ex_apply_case(const fric_scenario *sc, const double *p, double *out, int i_case,
                       const fric_ex_fixed *fixed, int n, const char **why);

/* ------------------------------------- scenarios built on fric_fd_sim */

/* Choice names and one-line help, in the order of fric_fd_rule and
 * fric_fd_switching. */
extern const char *const fric__fd_rule_names[2];
extern const char *const fric__fd_rule_help[2];
extern const char *const fric__fd_switching_names[2];
extern const char *const fric__fd_switching_help[2];

/* The parameter entries of those choices (fric_param_info initialisers):
 * `which` (rule, switching) names the choice, its names and help above. */
#define FRIC__FD_CHOICE_PARAM(which, help, label_)                                            \
    { #which, 0, 0, 1, "choice", help, fric__fd_##which##_names, 2, 1, .label = label_,       \
      .choice_help = fric__fd_##which##_help }
#define FRIC__FD_RULE_PARAM                                                                   \
    FRIC__FD_CHOICE_PARAM(rule,                                                               \
      "what a step does when eq. 10 has no or several solutions: continuous (the solution "   \
      "continuous with the previous step; none: an impulsive stop) or stop (the run stops)", \
      "rule for none or several")
#define FRIC__FD_SWITCHING_PARAM                                                              \
    FRIC__FD_CHOICE_PARAM(switching,                                                          \
      "discontinuities: fixed (fixed step, re-solved every step) or events (velocity and "    \
      "normal-force zero crossings located, Dupont §3.1.1)", "switching")

/* The time step h of the scenarios of Dupont's models (the fd family,
 * dupont's screw and xy-table), a fric_param_info initialiser. */
#define FRIC__FD_DT_PARAM                                                                     \
    { "dt", 1e-3, 1e-7, 0.1, "s", "time step h", NULL, 0, 0, .label = "time step h",          \
      .lo = 1e-4, .hi = 1e-2, .log = 1 }

/* A sinusoidal input u(t) = amp·sin(omega·t) + bias: the motor torque of
 * the screw (Dupont Fig. 5) and of the self-locking screw, the force F_1 of
 * the X-Y table (Fig. 3). */
typedef struct {
    double amp;     /* amplitude                    [the input's unit] */
    double omega;   /* angular frequency            [rad/s]            */
    double bias;    /* constant part                [the input's unit] */
} fric__sine;

/* u(t) [the input's unit] at time t [s]. */
static inline double fric__sine_at(const fric__sine *u, double t)
{
    return u->amp * sin(u->omega * t) + u->bias;
}

/* The input of the parameters p[i_amp .. i_amp + 2] laid out by
 * FRIC__SINE_PARAMS (any finite values are an input). */
static inline fric__sine fric__sine_of(const double *p, int i_amp)
{
    return (fric__sine){ p[i_amp], p[i_amp + 1], p[i_amp + 2] };
}

/* Its three parameters as fric_param_info initialisers, in the order amp,
 * omega, bias: names an, wn, bn; the unit of u (amp and bias); u, the input
 * as the help lines name it ("the motor torque tau_a"); lab, the input as
 * the labels name it ("torque"), and w_sym, the frequency's symbol in its
 * label ("ω", "ω_1"); defaults a, w, b; sliders: amp within ±a_hi, omega
 * in 0 .. w_hi, bias within ±b_hi. */
#define FRIC__SINE_PARAMS(an, wn, bn, unit, u, lab, w_sym, a, w, b, a_hi, w_hi, b_hi)        \
    { an, a, -1e5, 1e5, unit, "amplitude of " u " = " an "·sin(" wn "·t) + " bn, NULL, 0, 0,  \
      .label = lab " amplitude", .lo = -(a_hi), .hi = a_hi },                                 \
    { wn, w, 0, 1e3, "rad/s", "angular frequency of " u, NULL, 0, 0,                          \
      .label = lab " frequency " w_sym, .lo = 0, .hi = w_hi },                                \
    { bn, b, -1e5, 1e5, unit, "constant part of " u, NULL, 0, 0, .label = lab " offset",      \
      .lo = -(b_hi), .hi = b_hi }

/* The four efficiencies of a screw's thread friction (fric_screw, Dupont
 * eqs. 17 and 19) as fric_param_info initialisers, in the order eta1, eta2,
 * eta1s, eta2s: the kinetic ones at Fig. 5's 0.663 and 1.91, the static
 * ones at s1 and s2, where 0 means "the kinetic value" (fric__screw_scn_eff
 * reads them). The screw and the carriage-screw. */
#define FRIC__SCREW_EFF_PARAMS(s1, s2)                                                        \
    { "eta1", 0.663, 1e-6, 1, "", "driving efficiency eta_1 (Dupont eq. 17)", NULL, 0, 0,     \
      .label = "driving efficiency η_1", .lo = 0.1, .hi = 1 },                                \
    { "eta2", 1.91, 1, 100, "", "backdriving efficiency eta_2 (Dupont eq. 17)", NULL, 0, 0,   \
      .label = "backdriving efficiency η_2", .lo = 1, .hi = 5 },                              \
    { "eta1s", s1, 0, 1, "", "static driving efficiency eta_1s <= eta_1 (eq. 19); 0 = eta_1", \
      NULL, 0, 0, .label = "static driving efficiency η_1^s", .lo = 0, .hi = 1 },             \
    { "eta2s", s2, 0, 100, "",                                                                \
      "static backdriving efficiency eta_2s >= eta_2 (eq. 19); 0 = eta_2", NULL, 0, 0,        \
      .label = "static backdriving efficiency η_2^s", .lo = 0, .hi = 5 }

/* The fric_screw of the parameters p[i_eta1 .. i_eta1 + 3] laid out by
 * FRIC__SCREW_EFF_PARAMS (a static efficiency of 0 takes the kinetic one),
 * with tau_c and b_v [N·m, N·m·s/rad] (eq. 29), checked by fric_screw_check.
 * 0, or 1 with *why "scn: " and the check's message, the status's parameter
 * the static efficiency at fault (eq. 19: η1s ≤ η1, η2s ≥ η2; the range of
 * each parameter alone is the scenario layer's check). */
int fric__screw_scn_eff(const char *scn, const double *p, int i_eta1, double tau_c, double b_v,
                        fric_screw *e, const char **why);

/* Writes p's one friction row: an axial row (FRIC_FD_AXIAL, Dupont eq. 10)
 * on joint j with the driving and backdriving levels k, k_back and their
 * static levels ks, ks_back, the load row C[0..1] and offset d; sets
 * p->m = 1. The screws (eq. 17 levels) and the X-Y table (mu, eq. 5). */
void fric__fd_axial_row(fric_fd_problem *p, int j, double k, double k_back, double ks,
                        double ks_back, double C0, double C1, double d);

/* A refusal of the core (m, from fric_fd_check, fric_fd_sim_check or
 * fric_fd_sim_init) as the scenario's: *why = "scn: m" (m may point into
 * the per-thread message buffer), the status kept. Returns 1. */
int fric__fd_scn_fail(const char *scn, const char *m, const char **why);

/* The start of a run of sim (fric_scenario_driver.start): sim->sys = sys
 * (the scenario's configuration may have been copied), then x at q0, dq0
 * (fric_fd_sim_init). 0, or 1 with *why naming scn. */
int fric__fd_scn_start(const char *scn, fric_fd_sim *sim, const void *sys, fric_fd_state *x,
                       const double *q0, const double *dq0, const char **why);

/* The parameters that end every scenario run by fric_fd_sim (the fd family:
 * screw-selflock, carriage-screw), in this order from its P_DT: the time
 * step, duration (default dur [s], slider dur_lo .. dur_hi), the event
 * tolerance and every; its first two are `rule` and `switching`. */
#define FRIC__FD_RUN_PARAMS(dur, dur_lo, dur_hi)                                              \
    FRIC__FD_DT_PARAM,                                                                        \
    FRIC__DURATION_PARAM(dur, 1e5, dur_lo, dur_hi),                                           \
    { "event_tol", 1e-9, 1e-14, 1e-2, "s", "event time tolerance (switching=events)", NULL,   \
      0, 0, .label = "event tolerance", .lo = 1e-12, .hi = 1e-4, .log = 1 },                   \
    FRIC__EVERY_PARAM(1)
enum { FRIC__FD_RULE, FRIC__FD_SWITCHING };   /* indices in p of rule and switching */

/* The simulation *sim of n degrees of freedom (eval on sys) from the
 * parameters p laid out as above (rule, switching first; FRIC__FD_RUN_PARAMS
 * from i_dt), checked (the driver sets the clock: clock_step "dt"). 0, or 1
 * with *why naming scn. */
int fric__fd_scn_sim(const char *scn, const double *p, int i_dt, int n, fric_fd_eval_fn eval,
                     const void *sys, fric_fd_sim *sim, const char **why);

/* One step of sim from the state x, to step k of the run, with sim->sys
 * set to sys first (the scenario's state may have been copied). 0, or 1
 * with *why naming the scenario, the step, its time and the state (the
 * core's message kept). */
int fric__fd_scn_step(const char *scn, fric_fd_sim *s, const void *sys, fric_fd_state *x,
                      long long k, const char **why);

#endif
