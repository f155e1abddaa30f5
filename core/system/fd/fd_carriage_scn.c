/*
 * fd_carriage_scn.c: scenario "carriage-screw", a screw inside a
 * multi-joint mechanism (Dupont 1993 §4.3, eqs. 22-28; the sheet §5
 * numbers), through fric_fd_sim.
 *
 * Model. A vertical carriage of mass mc (20 kg, screw and motor included)
 * at height z [m] carries a screw of inertia J (1e-3 kg·m²) and lead l
 * (0.01 m/rad) that lifts a load mL (10 kg) at height z + l·θ, θ the screw
 * angle [rad] relative to the carriage. Joints q = (z, θ), inputs
 * τ = (F, τ_m): the carriage force F [N] and the motor torque τ_m [N·m].
 * From T = ½·mc·ż² + ½·J·θ̇² + ½·mL·(ż + l·θ̇)² and the weights:
 *
 *     D = [[mc + mL, mL·l], [mL·l, J + mL·l²]],  h = ((mc + mL)·g, mL·g·l)     (eq. 8)
 *     τ_s = J·θ̈  (eqs. 23-24: a_21 = 0, a_22 = J, b_2 = 0; the carriage
 *                 translates, so only the screw's own spin loads it)
 *     τ_l = d_21·z̈ + d_22·θ̈ + h_2 − τ_s = mL·l·(z̈ + l·θ̈ + g)                (eq. 27)
 *
 * Screw moving (eq. 22): η·(τ_m − τ_s) = τ_l with η = η1 when
 * sgn τ_l = sgn θ̇ (driving), η2 otherwise (eq. 17); written as a friction
 * torque, row 2 of eq. 8 gains σ·k·|τ_l| with k1 = 1/η1 − 1 driving,
 * k2 = 1 − 1/η2 backdriving (fric_screw_k), which is eq. 25 divided by η.
 * So the screw row is one axial fric_fd row on joint θ with normal force
 * τ_l = C·q̈ + d, C = (mL·l, mL·l²), d = mL·g·l, μ = k1, μ_back = k2, and
 * the static ratios k1s, k2s of η1s, η2s (eq. 19).
 *
 * Screw at rest (eq. 28): θ̈ = 0, z̈ = F/(mc + mL) − g, so
 * τ_l = mL·l·F/(mc + mL), and the screw stays at rest while (eq. 26 on
 * τ_m − τ_s, sheet §4; τ_s = 0 at rest here)
 *     τ_l/η2s <= τ_m <= τ_l/η1s   (τ_l > 0),
 * i.e. F_drive <= F <= F_back with F_drive = (mc + mL)·τ_m·η1s/(mL·l) and
 * F_back = (mc + mL)·τ_m·η2s/(mL·l): with τ_m = 1 N·m, 180 N and 660 N.
 * Below F_drive the motor drives the load up; above F_back the load,
 * heavier in the accelerating carriage, backdrives the screw.
 *
 * The force program F = F0 + F_rate·t (defaults 100 N + 100 N/s over 7 s)
 * starts driving, decelerates as the load grows, sticks in the dead band,
 * and breaks away backdriving at F = F_back (t = 5.6 s).
 */
#include <math.h>
#include <stddef.h>
#include <stdio.h>

#include "scenario_internal.h"
#include "fric_screw.h"
#include "base.h"

enum { P_RULE, P_SWITCHING, P_MC, P_ML, P_J, P_L, P_G, P_ETA1, P_ETA2, P_ETA1S, P_ETA2S, P_TAUM,
       P_F0, P_FRATE, P_DTH0, P_DT, P_DURATION, P_EVENT_TOL, P_EVERY, P_COUNT };
_Static_assert((int)P_RULE == FRIC__FD_RULE && (int)P_SWITCHING == FRIC__FD_SWITCHING &&
               P_EVERY == P_DT + 3 && P_COUNT == P_DT + 4, "the layout of FRIC__FD_RUN_PARAMS");
_Static_assert(P_TAUM == P_ETA1 + 4, "the layout of FRIC__SCREW_EFF_PARAMS");

/* The time step the driver counts the run in (fric_scenario_driver.clock_step). */
#define CLOCK_STEP "dt"

static const fric_param_info params[P_COUNT] = {
    [P_RULE] = FRIC__FD_RULE_PARAM,        /* FRIC__FD_RULE */
    [P_SWITCHING] = FRIC__FD_SWITCHING_PARAM,
    [P_MC]   = { "mc", 20, 1e-3, 1e5, "kg", "carriage mass (screw and motor included)", NULL, 0, 0,
                 .label = "carriage mass m_c", .lo = 1, .hi = 100 },
    [P_ML]   = { "mL", 10, 1e-3, 1e5, "kg", "load mass lifted by the screw", NULL, 0, 0,
                 .label = "load mass m_L", .lo = 1, .hi = 100 },
    [P_J]    = { "J", 1e-3, 1e-7, 10, "kg·m²", "screw (and rotor) inertia about its axis (eq. 23)",
                 NULL, 0, 0, .label = "screw inertia J", .lo = 1e-4, .hi = 1e-1, .log = 1 },
    [P_L]    = { "l", 0.01, 1e-5, 1, "m/rad", "screw lead: nut travel per radian (eq. 12)", NULL, 0, 0,
                 .label = "lead l", .lo = 1e-3, .hi = 0.1, .log = 1 },
    [P_G]    = { "g", 9.81, 0, 100, "m/s²", "gravity (down, against z)", NULL, 0, 0,
                 .label = "gravity g", .lo = 0, .hi = 20 },
    [P_ETA1] = FRIC__SCREW_EFF_PARAMS(0.6, 2.2),   /* eta1, eta2, eta1s, eta2s */
    [P_TAUM] = { "tau_m", 1, -1e4, 1e4, "N·m", "motor torque on the screw (constant)", NULL, 0, 0,
                 .label = "motor torque τ_m", .lo = 0, .hi = 5 },
    [P_F0]   = { "F0", 100, -1e6, 1e6, "N", "carriage force at t = 0: F = F0 + F_rate·t", NULL, 0, 0,
                 .label = "carriage force F₀", .lo = 0, .hi = 1000 },
    [P_FRATE] = { "F_rate", 100, -1e6, 1e6, "N/s", "rate of the carriage force sweep", NULL, 0, 0,
                  .label = "force rate", .lo = -200, .hi = 200 },
    [P_DTH0] = { "dtheta0", 0, -1e4, 1e4, "rad/s", "initial screw velocity (0: at rest)", NULL, 0, 0,
                 .label = "initial screw velocity", .lo = -50, .hi = 50 },
    [P_DT] = FRIC__FD_RUN_PARAMS(7, 1, 20),   /* dt, duration, event_tol, every */
};

/* The columns: X(name, unit, help, the value a row writes from the state)
 * (FRIC__COL_INFO, FRIC__COL_ROW). */
#define COLS(X)                                                                                   \
    X("t", "s", "time", t)                                                                        \
    X("z", "m", "carriage height", x->q[0])                                                       \
    X("dz", "m/s", "carriage velocity", x->dq[0])                                                 \
    X("ddz", "m/s²", "carriage acceleration", x->ddq[0])                                         \
    X("theta", "rad", "screw angle relative to the carriage (> 0 lifts the load)", x->q[1])       \
    X("dtheta", "rad/s", "screw velocity", x->dq[1])                                              \
    X("ddtheta", "rad/s²", "screw acceleration", x->ddq[1])                                      \
    X("F", "N", "carriage force", force(s, t))                                                    \
    X("tau_m", "N·m", "motor torque", s->tau_m)                                                   \
    X("tau_l", "N·m", "load torque on the screw, mL·l·(ddz + l·ddtheta + g) (eq. 27)", tl)        \
    X("tau_s", "N·m", "screw inertial torque J·ddtheta (eqs. 23-24)", c->cfg.J * x->ddq[1])       \
    X("mode", "", "+1 driving (eta_1), -1 backdriving (eta_2), 0 at rest (eq. 17)",               \
      x->sigma[1] * fric__sgn(tl))                                                                \
    X("held", "", "1 when the screw is held at rest (eq. 28)", x->sigma[1] == 0)                  \
    X("band_lo", "N·m", "lower edge of the dead band of eq. 26 on tau_m - tau_s at this tau_l",   \
      lo)                                                                                         \
    X("band_hi", "N·m", "upper edge of the dead band of eq. 26", hi)                              \
    X("F_drive", "N", "closed form: below this force the screw at rest breaks away driving",      \
      c->cfg.F_drive)                                                                             \
    X("F_back", "N", "closed form: above this force the screw at rest breaks away backdriving",   \
      c->cfg.F_back)                                                                              \
    X("solutions", "", "solutions of eq. 10 found by the last solve", x->count)                   \
    X("breakaways", "", "breakaways from rest so far", x->n_breakaways)
static const fric_col_info cols[] = { COLS(FRIC__COL_INFO) };
#define N_COLS ((int)(sizeof cols / sizeof cols[0]))

typedef struct {
    double D[4];            /* inertia (eq. 8)                  [kg, kg·m, kg·m²] */
    double h[2];            /* gravity terms (eq. 8)                   [N, N·m]    */
    double C[2], d;         /* τ_l = C·q̈ + d (eq. 27)          [kg·m, kg·m², N·m] */
    double k1, k2, k1s, k2s; /* friction ratios (eqs. 17, 19)             [-]      */
    double tau_m;           /* motor torque                             [N·m]     */
    double F0, F_rate;      /* F = F0 + F_rate·t                     [N, N/s]     */
} carriage_sys;

/* Parameters of a run (replaced as a whole by retune). */
typedef struct {
    carriage_sys sys;
    fric_screw eff;         /* η1, η2, η1s, η2s (for the dead band)             */
    double J;               /* [kg·m²]                                           */
    double F_drive, F_back; /* closed-form switching forces [N]                  */
    fric_fd_sim sim;        /* sim.sys = &sys (set before each use: the
                               configuration is copied)                          */
} carriage_cfg;

typedef struct {
    fric_scenario_run run;  /* the driver's: steps and time, every, started      */
    carriage_cfg cfg;
    fric_fd_state x;
} carriage_scn;

static double force(const carriage_sys *s, double t)
{
    return s->F0 + s->F_rate * t;
}

/* fric_fd_eval_fn: eqs. 8, 22, 27 as eq. 10 (file header). The carriage
 * has no friction row: it is never held. */
static int eval(const void *sysp, double t, const double *q, const double *dq, fric_fd_problem *p,
                const char **why)
{
    const carriage_sys *s = sysp;
    (void)q, (void)dq; /* σ = sgn q̇ is the simulation's (fric_fd_sim sets p->sigma) */
    (void)why;         /* never refuses: the carriage has no state outside the model */
    p->n = 2;
    for (int i = 0; i < 4; i++) p->D[i] = s->D[i];
    p->r[0] = force(s, t) - s->h[0];
    p->r[1] = s->tau_m - s->h[1];
    fric__fd_axial_row(p, 1, s->k1, s->k2, s->k1s, s->k2s, s->C[0], s->C[1], s->d);
    return 0;
}

/* Validates p and fills the carriage's model and its simulation
 * (fric_scenario_driver.configure). 0, or 1 with *why. */
static int configure(void *cfg, fric_scenario_run *run, const void *running, const double *p,
                     const char **why)
{
    carriage_cfg *c = cfg;
    (void)run;
    (void)running;
    fric_screw eff;
    if (fric__screw_scn_eff("carriage-screw", p, P_ETA1, 0, 0, &eff, why)) return 1;
    const double mc = p[P_MC], mL = p[P_ML], J = p[P_J], l = p[P_L], g = p[P_G];
    carriage_sys s = { { mc + mL, mL * l, mL * l, J + mL * l * l },          /* eq. 8 */
                       { (mc + mL) * g, mL * g * l },
                       { mL * l, mL * l * l }, mL * g * l,                  /* eq. 27 */
                       fric_screw_k(&eff, 1, 0), fric_screw_k(&eff, 0, 0),
                       fric_screw_k(&eff, 1, 1), fric_screw_k(&eff, 0, 1),
                       p[P_TAUM], p[P_F0], p[P_FRATE] };
    if (fric__fd_scn_sim("carriage-screw", p, P_DT, 2, eval, &c->sys, &c->sim, why))
        return 1;
    c->sys = s;
    c->eff = eff;
    c->J = J;
    c->F_drive = (mc + mL) * s.tau_m * eff.eta1s / (mL * l);   /* eqs. 26-28 at rest */
    c->F_back = (mc + mL) * s.tau_m * eff.eta2s / (mL * l);
    if (why) *why = "";
    return 0;
}

/* At rest but for the screw's initial velocity (a retune keeps positions,
 * velocities, time and counters). */
static int start(void *state, const double *p, const char **why)
{
    carriage_scn *c = state;
    const double q0[2] = { 0, 0 }, dq0[2] = { 0, p[P_DTH0] };
    return fric__fd_scn_start("carriage-screw", &c->cfg.sim, &c->cfg.sys, &c->x, q0, dq0, why);
}

static void carriage_row(const void *state, double *row)
{
    const carriage_scn *c = state;
    const fric_fd_state *x = &c->x;
    const carriage_sys *s = &c->cfg.sys;
    const double t = fric_scenario_clock_t(&c->run.clk);
    const double tl = s->C[0] * x->ddq[0] + s->C[1] * x->ddq[1] + s->d;    /* eq. 27 */
    double lo, hi;
    fric_screw_dead_band(&c->cfg.eff, tl, &lo, &hi);                          /* eq. 26 */
    COLS(FRIC__COL_ROW)
}

/* One step h (to step k + 1); 0, or 1 with *why. */
static int advance(void *state, const char **why)
{
    carriage_scn *c = state;
    return fric__fd_scn_step("carriage-screw", &c->cfg.sim, &c->cfg.sys, &c->x,
                             c->run.clk.k + 1, why);
}

const fric_scenario fric_scenario_carriage_screw = {
    FRIC__DRIVEN(carriage_scn, carriage_cfg, configure, start, advance, carriage_row, NULL, NULL),
    .name = "carriage-screw",
    .summary = "Dupont (1993) §4.3, eqs. 22-28: a vertical carriage (20 kg) carrying a screw "
    "(J = 1e-3 kg·m², l = 0.01 m/rad, eta1 .663, eta2 1.91, eta1s .6, eta2s 2.2) that "
    "lifts 10 kg under a constant motor torque. Sweeping the carriage force up, the "
    "screw drives, stops in the dead band of eq. 26 and breaks away backdriving at "
    "F_back = (mc + mL)·tau_m·eta2s/(mL·l) (660 N).",
    .title = "Screw in an arm: driving, held, backdriving (Dupont §4.3)",
    .blurb = "A vertical carriage (20 kg) carries a screw that lifts 10 kg under a constant motor "
    "torque of 1 N·m (Dupont §4.3, eqs. 22–28); the force on the carriage rises by 100 N/s "
    "from 100 N, and the load torque on the screw with it. The screw drives the load up, "
    "slows, and stops at t = 1.979 s (F = 297.9 N): from then on the motor torque lies "
    "inside the dead band τ_l/η2s … τ_l/η1s of eq. 26 and stiction holds the screw. At F = "
    "660 N (t = 5.6 s, the closed form F_back = (m_c + m_L)·τ_m·η2s/(m_L·l)) the band has "
    "moved past the motor torque and the screw breaks away backdriving: the load runs it "
    "down. Overlaid: switching by fixed steps and by located events (§3.1.1) give the same "
    "stop and breakaway."
};
