/*
 * dupont_screw_scn.c: scenario "screw", Dupont (1993) §4.1-4.2, Figs. 4-5:
 * a screw raising and lowering a mass under τ_a = A·sin(ω·t) + τ_0, with
 * the friction treatment selectable (fric_dupont.h). The defaults are the
 * Fig. 5 values: m·l² = 50, J_zz = 5, η1 = 0.663, η2 = 1.91, g = 0,
 * 750·sin(4t) (the paper writes τ_in; applied here as the motor torque τ_a,
 * see fric_dupont.h and docs/systems.md).
 */
#include <math.h>
#include <stddef.h>
#include <stdio.h>

#include "fric_bench.h"
#include "fric_dupont.h"
#include "fric_scenario.h"
#include "scenario_internal.h"
#include "base.h"
#include "dupont_internal.h"


enum { P_FRICTION, P_J, P_M, P_L, P_G, P_ETA1, P_ETA2, P_ETA1S, P_ETA2S, P_TAUC, P_BV,
       P_AMP, P_OMEGA, P_BIAS, P_Q0, P_DQ0, P_DT, P_DURATION, P_EPS, P_EVERY, P_COUNT };
_Static_assert(P_TAUC == P_ETA1 + 4 && P_Q0 == P_AMP + 3, "FRIC__SCREW_EFF_PARAMS, FRIC__SINE_PARAMS");

static const char *const treatment_help[] = FRIC__DUPONT_TREATMENT_HELP(
    "; here the exact implicit Euler step of the thread friction (Dupont §3.2)",
    "; here the bound of the previous step's load");

/* The time step the driver counts the run in (fric_scenario_driver.clock_step). */
#define CLOCK_STEP "dt"

static const fric_param_info params[P_COUNT] = {
    [P_FRICTION] = FRIC__DUPONT_TREATMENT_PARAM("friction treatment: implicit (exact implicit Euler "
        "step), clip (Duclusaud Alg. 1, previous load), explicit (previous velocity sign), karnopp "
        "(Kikuuwe eq. 3)", treatment_help),
    [P_J]     = { "J_zz", 5, 1e-6, 1e4, "kg·m²",
                  "screw and rotor inertia J_zz (Dupont eq. 13)", NULL, 0, 0,
                  .label = "inertia J_zz", .lo = 0.5, .hi = 50, .log = 1 },
    [P_M]     = { "m", 50, 0, 1e5, "kg",
                  "load mass m (Dupont eq. 14; Fig. 5: m·l² = 50)", NULL, 0, 0,
                  .label = "load mass m", .lo = 0, .hi = 200 },
    [P_L]     = { "l", 1, 1e-4, 10, "m/rad",
                  "screw lead l: nut travel per radian (Dupont eq. 12)", NULL, 0, 0,
                  .label = "screw lead l", .lo = 0.1, .hi = 10, .log = 1 },
    [P_G]     = { "g", 0, -50, 50, "m/s²",
                  "gravity along the nut axis; g > 0 pulls the load towards -q (Fig. 5: 0)", NULL, 0, 0,
                  .label = "gravity g", .lo = -10, .hi = 10 },
    [P_ETA1] = FRIC__SCREW_EFF_PARAMS(0, 0),   /* eta1, eta2, eta1s, eta2s */
    [P_TAUC]  = { "tau_c", 0, 0, 1e5, "N·m",
                  "load-independent Coulomb friction (Dupont eq. 29)", NULL, 0, 0,
                  .label = "Coulomb torque τ_c", .lo = 0, .hi = 100 },
    [P_BV]    = { "b_v", 0, 0, 1e5, "N·m·s/rad",
                  "viscous friction (Dupont eq. 29 form)", NULL, 0, 0,
                  .label = "viscous b_v", .lo = 0, .hi = 50 },
    [P_AMP] = FRIC__SINE_PARAMS("tau_amp", "omega", "tau_0", "N·m", "the motor torque tau_a",
                                "torque", "ω", 750, 4, 0, 1500, 20, 500),
    [P_Q0]    = { "q0", 0, -1e4, 1e4, "rad", "initial screw angle", NULL, 0, 0,
                  .label = "initial angle q_0", .lo = -10, .hi = 10 },
    [P_DQ0]   = { "dq0", 0, -1e4, 1e4, "rad/s", "initial screw velocity", NULL, 0, 0,
                  .label = "initial velocity q̇_0", .lo = -20, .hi = 20 },
    [P_DT]    = FRIC__FD_DT_PARAM,
    [P_DURATION]  = FRIC__DURATION_PARAM(4, 1e5, 0.5, 20),
    [P_EPS]   = { "eps", 1e-3, 0, 1, "rad/s",
                  "Karnopp velocity threshold (karnopp only)", NULL, 0, 0,
                  .label = "Karnopp band ε", .lo = 1e-5, .hi = 1e-1, .log = 1 },
    [P_EVERY] = FRIC__EVERY_PARAM(1),
};

/* The columns: X(name, unit, help, the value a row writes from the state)
 * (FRIC__COL_INFO, FRIC__COL_ROW). */
#define COLS(X)                                                                                   \
    X("t", "s", "time", time_at(c, c->run.clk.k))                                                 \
    X("q", "rad", "screw (motor) angle q", c->s.dof.q)                                            \
    X("dq", "rad/s", "screw velocity dq/dt", c->s.dof.dq)                                         \
    X("ddq", "rad/s²", "screw acceleration of the last step (Dupont Fig. 5)", c->s.dof.ddq)       \
    X("y", "m", "nut (load) position y = l·q", c->cfg.lead * c->s.dof.q)                          \
    X("tau_m", "N·m", "applied motor torque tau_a (Dupont's tau_a)", tau_a_at(c, c->run.clk.k))   \
    X("tau_l", "N·m", "load torque tau_l = (m·ddy + m·g)·l (Dupont eq. 14); tau_e = -tau_l",      \
      c->s.tau_l)                                                                                 \
    X("tau_f", "N·m", "thread (+ eq. 29) friction torque: tau_a = J_zz·ddq + tau_l + tau_f",      \
      c->s.dof.f)                                                                                 \
    X("mode", "", "+1 driving (eta_1: dq and tau_l same sign), -1 backdriving (eta_2), "          \
      "0 at rest",                                                                                \
      c->s.mode)                                                                                  \
    X("stuck", "", "1 when the step ended held by stiction (dead band, Dupont eq. 20)",           \
      c->s.dof.stuck)                                                                             \
    X("reversals", "", "velocity sign reversals so far (between successive nonzero dq)",          \
      c->s.dof.reversals)
static const fric_col_info cols[] = { COLS(FRIC__COL_INFO) };
#define N_COLS ((int)(sizeof cols / sizeof cols[0]))

/* Parameters of a run (replaced as a whole by retune). */
typedef struct {
    fric_screw_drive d;    /* plant, step h [s], treatment                      */
    double lead;           /* l [m/rad]                                         */
    fric__sine tau_a;      /* the motor torque tau_a(t) [N·m]                   */
} screw_cfg;

typedef struct {
    fric_scenario_run run; /* the driver's: steps and time (step h), every      */
    screw_cfg cfg;
    fric_screw_state s;    /* q, dq, last step's torques, counters              */
} screw_scn;

static double time_at(const screw_scn *c, long long k)
{
    return fric_scenario_clock_t_at(&c->run.clk, k);
}

static double tau_a_at(const screw_scn *c, long long k)
{
    return fric__sine_at(&c->cfg.tau_a, time_at(c, k));
}

/* Validates p and fills the plant (fric_scenario_driver.configure). 0, or 1
 * with *why. */
static int configure(void *cfg, fric_scenario_run *run, const void *running, const double *p,
                     const char **why)
{
    screw_cfg *c = cfg;
    (void)run;
    (void)running;
    fric_screw_drive d;
    const double m = p[P_M], l = p[P_L];
    if (fric__screw_scn_eff("screw", p, P_ETA1, p[P_TAUC], p[P_BV], &d.eff, why)) return 1;
    d.J = p[P_J];
    d.M = m * l * l;                                  /* eq. 14 */
    d.G = m * p[P_G] * l;                             /* eq. 14 */
    d.h = p[P_DT];
    d.treatment = fric_bench_treatments[(int)p[P_FRICTION]];
    d.eps = p[P_EPS];
    const char *m_why;
    if (fric_screw_drive_check(&d, &m_why)) {
        fric__why(why, fric__fail_around(FRIC_E_PARAM_RANGE, -1, "screw: %s", m_why));   /* m_why may be the buffer: base.h */
        return 1;
    }
    c->d = d;
    c->lead = l;
    c->tau_a = fric__sine_of(p, P_AMP);
    if (why) *why = "";
    return 0;
}

/* At q0, dq0 (a retune keeps q, dq, time and counters). */
static int start(void *state, const double *p, const char **why)
{
    screw_scn *c = state;
    (void)why;
    fric_screw_drive_init(&c->cfg.d, &c->s, p[P_Q0], p[P_DQ0]);
    return 0;
}

FRIC__COL_ROW_FN(screw_row, screw_scn, c)

/* One step h (to step k + 1) under the motor torque at its end; 0, or 1
 * with *why when the state stopped being finite. */
static int advance(void *state, const char **why)
{
    screw_scn *c = state;
    const long long k = c->run.clk.k + 1;
    if (!fric_screw_drive_step(&c->cfg.d, &c->s, tau_a_at(c, k))) return 0;
    if (why)
        *why = fric__fail_id(FRIC_E_NONFINITE, -1, "dupont.step_t_s",
                   "screw: step {k} (t = {k2} s, friction = {treatment}): the state stopped being "
                   "finite from q = {q} rad, dq = {dq} rad/s, tau_l = {tau_l} N·m under tau_a = "
                   "{k3} N·m; lower tau_amp or dt.",
                   fric__values(fric__i("k", k), fric__g("k2", time_at(c, k)),
                                fric__s("treatment", fric_treatment_name(c->cfg.d.treatment)),
                                fric__g("q", c->s.dof.q), fric__g("dq", c->s.dof.dq),
                                fric__g("tau_l", c->s.tau_l), fric__g("k3", tau_a_at(c, k))));
    return 1;
}

const fric_scenario fric_scenario_screw = {
    FRIC__DRIVEN(screw_scn, screw_cfg, configure, start, advance, screw_row, NULL, NULL),
    .name = "screw",
    .summary = "Dupont (1993) Figs. 4-5: a screw raising and lowering a mass; driving and "
    "backdriving efficiencies (eq. 17) make the acceleration jump at velocity zero "
    "crossings and change slope at load-torque zero crossings; with gravity, the "
    "stiction dead band of eq. 20 holds the load. Compare friction=implicit with the "
    "clip, explicit and karnopp baselines (reversals, drift while stuck).",
    .title = "Screw drive, driving and backdriving (Dupont Figs. 4–5)",
    .blurb = "A screw raising and lowering a mass under a sinusoidal motor torque (Dupont, Figs. "
    "4–5). The efficiency differs between driving and backdriving (eq. 17), so the "
    "acceleration jumps where the velocity crosses zero (for example from −22.8 to −9.1 "
    "rad/s² at t = 1.12 s). With the figure's g = 0 the screw rests in only 2 of 4000 "
    "steps; set g = 9.81 m/s² and the stiction dead band of eq. 20 holds the load (about "
    "400 of 4000 steps), while the naive explicit treatment, overlaid, chatters instead "
    "(about 190 reversals against 2)."
};
