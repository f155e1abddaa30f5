/*
 * fd_selflock_scn.c: scenario "screw-selflock", the self-locking screw of
 * the sheet §5 (../shared/specs/dupont-forward-dynamics.md) on Dupont's
 * screw of Fig. 4 (§4.1, eqs. 13-18, 21), through fric_fd_sim.
 *
 * Model. The screw angle q [rad] (q > 0 lifts the load), motor torque τ_a,
 * screw and rotor inertia J, load inertia M = m·l² and gravity load
 * G = m·g·l at the screw (eq. 14: τ_l = M·q̈ + G):
 *
 *     (J + M)·q̈ + G + σ·k·|M·q̈ + G| = τ_a,     σ = sgn q̇     (eqs. 13-14, 17)
 *
 * k = Kd/l in both directions (eq. 21: 1/η1 = 1 + Kd/l, 1/η2 = 1 − Kd/l,
 * so k1 = 1/η1 − 1 = k2 = 1 − 1/η2 = Kd/l; fric_screw_from_k). As a
 * fric_fd problem: n = 1, D = J + M, r = τ_a − G, one axial row with
 * C = M, d = G, μ = μ_back = k (the static ratios equal the kinetic ones).
 * Kd/l > 1 is a self-locking screw: η2 < 0 (Kd/l = 1.5: η1 = 0.4,
 * η2 = −2). Descending (σ = −1) with τ_l > 0 (backdriving) the row
 * subtracts k·M from the inertia, and the forward problem is unique for
 * every τ_a iff J + M/η2 > 0 (Dupont 1992a; fric_fd_unique_screw). With
 * M = 50, G = 100, Kd/l = 1.5 that is J > 25 kg·m². For J < 25 while
 * descending, by the two hypotheses of eq. 10:
 *     τ_l >= 0: q̈ = (τ_a + 50)/(J − 25) (consistent iff q̈ >= −2),
 *     τ_l <= 0: q̈ = (τ_a − 250)/(J + 125) (consistent iff q̈ <= −2),
 * two solutions for τ_a < −2J, none for τ_a > −2J. At rest the dead band
 * of eq. 20 (with η1s = η1, η2s = η2) is τ_l/η2 <= τ_a <= τ_l/η1, i.e.
 * −50 <= τ_a <= 250 N·m under τ_l = G = 100 N·m.
 *
 * The motor torque program τ_a = tau_0 + tau_amp·sin(omega·t) (defaults
 * −30 + 40·sin 2t, from −70 to 10 N·m) starts with the load descending
 * (dq0 = −1 rad/s) and crosses τ_a = −2J (J = 5: −10 N·m) between the
 * regions with two and with no solutions, and the breakaway edge −50 N·m.
 * The `rule` choice says what a step does there (fric_fd.h).
 */
#include <math.h>
#include <stddef.h>
#include <stdio.h>

#include "scenario_internal.h"
#include "fric_screw.h"
#include "base.h"

enum { P_RULE, P_SWITCHING, P_J, P_M, P_G, P_KDL, P_AMP, P_OMEGA, P_TAU0, P_Q0, P_DQ0, P_DT,
       P_DURATION, P_EVENT_TOL, P_EVERY, P_COUNT };
_Static_assert((int)P_RULE == FRIC__FD_RULE && (int)P_SWITCHING == FRIC__FD_SWITCHING &&
               P_EVERY == P_DT + 3 && P_COUNT == P_DT + 4, "the layout of FRIC__FD_RUN_PARAMS");
_Static_assert(P_Q0 == P_AMP + 3, "the layout of FRIC__SINE_PARAMS");

/* The time step the driver counts the run in (fric_scenario_driver.clock_step). */
#define CLOCK_STEP "dt"

static const fric_param_info params[P_COUNT] = {
    [P_RULE] = FRIC__FD_RULE_PARAM,        /* FRIC__FD_RULE */
    [P_SWITCHING] = FRIC__FD_SWITCHING_PARAM,
    [P_J]    = { "J", 5, 1e-3, 1e4, "kg·m²",
                 "motor and screw inertia J (Dupont eq. 13); unique solutions iff J + M/eta2 > 0",
                 NULL, 0, 0, .label = "motor inertia J", .lo = 0.5, .hi = 100, .log = 1 },
    [P_M]    = { "M", 50, 0, 1e5, "kg·m²", "load inertia at the screw M = m·l² (eq. 14)", NULL, 0, 0,
                 .label = "load inertia M", .lo = 0, .hi = 200 },
    [P_G]    = { "G", 100, -1e5, 1e5, "N·m", "gravity load torque G = m·g·l (eq. 14); > 0 pulls q down",
                 NULL, 0, 0, .label = "gravity torque G", .lo = -200, .hi = 200 },
    [P_KDL]  = { "Kd_l", 1.5, 0, 10, "",
                 "friction angle factor times diameter over lead, Kd/l (eq. 21); > 1: self-locking",
                 NULL, 0, 0, .label = "thread friction factor", .lo = 0, .hi = 3 },
    [P_AMP] = FRIC__SINE_PARAMS("tau_amp", "omega", "tau_0", "N·m", "the motor torque tau_a",
                                "torque", "ω", 40, 2, -30, 200, 10, 200),
    [P_Q0]   = { "q0", 0, -1e4, 1e4, "rad", "initial screw angle", NULL, 0, 0,
                 .label = "initial angle q₀", .lo = -10, .hi = 10 },
    [P_DQ0]  = { "dq0", -1, -1e4, 1e4, "rad/s", "initial screw velocity (< 0: descending)", NULL, 0, 0,
                 .label = "initial velocity q̇₀", .lo = -5, .hi = 5 },
    [P_DT] = FRIC__FD_RUN_PARAMS(10, 1, 40),   /* dt, duration, event_tol, every */
};

/* The columns: X(name, unit, help, the value a row writes from the state)
 * (FRIC__COL_INFO, FRIC__COL_ROW). */
#define COLS(X)                                                                                   \
    X("t", "s", "time", t)                                                                         \
    X("q", "rad", "screw angle (q > 0 lifts the load)", x->q[0])                                  \
    X("dq", "rad/s", "screw velocity", x->dq[0])                                                  \
    X("ddq", "rad/s²", "acceleration of the last solve (the solution taken)", x->ddq[0])         \
    X("tau_a", "N·m", "motor torque", fric__sine_at(&c->cfg.sys.tau_a, t))                         \
    X("tau_l", "N·m", "load torque M·ddq + G (eq. 14)", c->cfg.sys.C * x->ddq[0] + c->cfg.sys.d)  \
    X("solutions", "", "solutions of eq. 10 found by the last solve (0, 1, 2)", x->count)         \
    X("status", "", "last solve: 0 none, 1 unique, 2 several", x->status)                         \
    X("unique", "", "1 when J + M/eta2 > 0: unique for every tau_a (Dupont 1992a)",               \
      c->cfg.unique)                                                                              \
    X("held", "", "1 when the screw is held at rest (stiction, eq. 20)", x->sigma[0] == 0)        \
    X("branch", "", "sign of tau_l of the solution taken: +1 (backdriving while descending), -1", \
      (x->pattern & 1u) ? 1 : -1)                                                                 \
    X("n_none", "", "steps so far whose solve had no solution", x->n_none)                        \
    X("n_several", "", "steps so far whose solve had several solutions", x->n_several)            \
    X("impulses", "", "impulsive stops so far (rule=continuous, no solution)", x->n_impulses)     \
    X("breakaways", "", "breakaways from rest so far", x->n_breakaways)
static const fric_col_info cols[] = { COLS(FRIC__COL_INFO) };
#define N_COLS ((int)(sizeof cols / sizeof cols[0]))

typedef struct {
    double D, C, d;         /* J + M [kg·m²], M [kg·m²], G [N·m]                 */
    double k;               /* Kd/l: the friction ratio of both directions [-]   */
    fric__sine tau_a;       /* the motor torque τ_a(t)                 [N·m]     */
} selflock_sys;

/* Parameters of a run (replaced as a whole by retune). */
typedef struct {
    selflock_sys sys;
    fric_fd_sim sim;        /* step h, switching, rule; sim.sys = &sys (set before
                               each use: the configuration is copied)            */
    int unique;             /* fric_fd_unique_screw(J, M, η2)                    */
} selflock_cfg;

typedef struct {
    fric_scenario_run run;  /* the driver's: steps and time, every, started      */
    selflock_cfg cfg;
    fric_fd_state x;        /* t, q, dq, counters                               */
} selflock_scn;

/* fric_fd_eval_fn: eqs. 13-14 as eq. 10 (file header). */
static int eval(const void *sysp, double t, const double *q, const double *dq, fric_fd_problem *p,
                const char **why)
{
    const selflock_sys *s = sysp;
    (void)q, (void)dq; /* σ = sgn q̇ is the simulation's (fric_fd_sim sets p->sigma) */
    (void)why;         /* never refuses: every state is inside the model */
    p->n = 1;
    p->D[0] = s->D;
    p->r[0] = fric__sine_at(&s->tau_a, t) - s->d;
    fric__fd_axial_row(p, 0, s->k, s->k, s->k, s->k, s->C, 0, s->d);
    return 0;
}

/* Validates p and fills the screw's model and its simulation
 * (fric_scenario_driver.configure). 0, or 1 with *why. */
static int configure(void *cfg, fric_scenario_run *run, const void *running, const double *p,
                     const char **why)
{
    selflock_cfg *c = cfg;
    (void)run;
    (void)running;
    double eta1, eta2;
    if (fric_screw_from_k(p[P_KDL], &eta1, &eta2)) {
        fric__why(why, fric__fail_id(FRIC_E_PARAM_RANGE, P_KDL, "fd.screw_selflock_kd",
                           "screw-selflock: Kd_l = 1 makes eta2 = 1/(1 - Kd/l) infinite (eq. 21); "
                           "choose Kd_l below or above 1.",
                           fric__no_values));
        return 1;
    }
    selflock_sys s = { p[P_J] + p[P_M], p[P_M], p[P_G], p[P_KDL], fric__sine_of(p, P_AMP) };
    if (fric__fd_scn_sim("screw-selflock", p, P_DT, 1, eval, &c->sys, &c->sim, why))
        return 1;
    c->sys = s;
    c->unique = fric_fd_unique_screw(p[P_J], p[P_M], eta2);
    if (why) *why = "";
    return 0;
}

/* At q0, dq0 (a retune keeps q, dq, time and counters). */
static int start(void *state, const double *p, const char **why)
{
    selflock_scn *c = state;
    return fric__fd_scn_start("screw-selflock", &c->cfg.sim, &c->cfg.sys, &c->x, &p[P_Q0],
                              &p[P_DQ0], why);
}

static void selflock_row(const void *state, double *row)
{
    const selflock_scn *c = state;
    const fric_fd_state *x = &c->x;
    const double t = fric_scenario_clock_t(&c->run.clk);
    COLS(FRIC__COL_ROW)
}

/* One step h (to step k + 1); 0, or 1 with *why. */
static int advance(void *state, const char **why)
{
    selflock_scn *s = state;
    return fric__fd_scn_step("screw-selflock", &s->cfg.sim, &s->cfg.sys, &s->x, s->run.clk.k + 1,
                             why);
}

const fric_scenario fric_scenario_screw_selflock = {
    FRIC__DRIVEN(selflock_scn, selflock_cfg, configure, start, advance, selflock_row, NULL, NULL),
    .name = "screw-selflock",
    .summary = "Self-locking screw (sheet §5; Dupont 1993 §4.1, eq. 21 with Kd/l = 1.5: eta1 = 0.4, "
    "eta2 = -2), M = 50, G = 100, descending: for J + M/eta2 < 0 (J < 25) eq. 10 has two "
    "solutions when tau_a < -2J and none when tau_a > -2J; for J > 25 exactly one. The "
    "motor torque crosses between the regions; columns count the solutions and say what "
    "the rule did (impulsive stop, branch taken, breakaway).",
    .title = "Self-locking screw: no or two solutions (Dupont §4.1)",
    .blurb = "A self-locking screw (Kd/l = 1.5: eta1 = 0.4, eta2 = -2) lowering a load under a motor "
    "torque that swings between the regions of eq. 10: with J + M/eta2 < 0 the forward "
    "dynamics has two solutions when tau_a < -2J and none when tau_a > -2J; with J > 25 "
    "kg·m² exactly one. The columns count the solutions at each step and say what the rule "
    "did: an impulsive stop, the branch taken, a breakaway."
};
