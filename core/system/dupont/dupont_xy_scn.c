/*
 * dupont_xy_scn.c: scenario "xy-table", Dupont (1993) §3.1, Figs. 2-3:
 * mass m1 in the slot of m2 with Coulomb friction proportional to the
 * normal force m1·ÿ (eqs. 5-6), driven by F1 = A1·sin(ω1·t) + F1_0 and
 * F2 = A2·cos(ω2·t). Defaults are the Fig. 3 values: m1 = 10, m2 = 30,
 * μ = 0.3, F1 = 8·sin(2.4t), F2 = 50·cos(0.8t). The columns are those of
 * Fig. 3 (position, velocity and acceleration of m1 in the frame of m2)
 * plus the forces.
 *
 * solver=general runs the same table through the general solve of
 * fric_fd.h (Dupont §3.2, eq. 10) instead of the dedicated step: joints
 * q = (x, y), D = diag(m1, m1 + m2), r = (F1, F2) (eq. 4), and one axial
 * friction row on x whose normal force is F_N = m1·ÿ = (0, m1)·q̈ (eqs.
 * 5-6), integrated by fric_fd_sim with event location (§3.1.1). The
 * columns are the same; `a` is then the acceleration of the last solve
 * and `f` the friction of eq. 10 (F1 − m1·a). The two solvers agree to
 * O(h) (tests/cli/run.sh compares them: a consistency check, not an
 * independent reference; the independent ones are in test_dupont.c).
 */
#include <math.h>
#include <stddef.h>
#include <stdio.h>

#include "fric_bench.h"
#include "fric_dupont.h"
#include "fric_fd.h"
#include "fric_scenario.h"
#include "scenario_internal.h"
#include "base.h"
#include "dupont_internal.h"


enum { P_FRICTION, P_M1, P_M2, P_MU, P_A1, P_W1, P_B1, P_A2, P_W2, P_X0, P_V0, P_DT,
       P_DURATION, P_EPS, P_EVERY, P_SOLVER, P_COUNT };
_Static_assert(P_A2 == P_A1 + 3, "the layout of FRIC__SINE_PARAMS");

static const char *const treatment_help[] = FRIC__DUPONT_TREATMENT_HELP(
    "; here Kikuuwe model A with the exact transform",
    "; here the bound of the previous step's normal force");

static const char *const solver_names[] = { "existing", "general" };
static const char *const solver_help[] = {
    "the dedicated fixed step of the table (normal force known before the x step)",
    "the general solve of eq. 10 (fric_fd.h) with event location, as for an n-dof arm",
};

/* The time step the driver counts the run in (fric_scenario_driver.clock_step). */
#define CLOCK_STEP "dt"

static const fric_param_info params[P_COUNT] = {
    [P_FRICTION] = FRIC__DUPONT_TREATMENT_PARAM("friction treatment: implicit (Kikuuwe model A, "
        "exact transform), clip (Duclusaud Alg. 1, previous normal force), explicit (previous "
        "velocity sign), karnopp (Kikuuwe eq. 3)", treatment_help),
    [P_M1] = { "m1", 10, 1e-3, 1e4, "kg", "sliding mass m_1 (Dupont eq. 4)", NULL, 0, 0,
               .label = "sliding mass m_1", .lo = 1, .hi = 100, .log = 1 },
    [P_M2] = { "m2", 30, 0, 1e4, "kg", "carriage mass m_2 (Dupont eq. 4)", NULL, 0, 0,
               .label = "carriage mass m_2", .lo = 0, .hi = 100 },
    [P_MU] = { "mu", 0.3, 0, 2, "",
               "friction coefficient mu between m_1 and m_2 (eq. 5)", NULL, 0, 0,
               .label = "friction coefficient μ", .lo = 0, .hi = 1 },
    [P_A1] = FRIC__SINE_PARAMS("F1_amp", "F1_omega", "F1_0", "N", "F_1", "F_1", "ω_1", 8, 2.4, 0,
                               20, 10, 20),
    [P_A2] = { "F2_amp", 50, -1e5, 1e5, "N",
               "amplitude of F_2 = F2_amp·cos(F2_omega·t)", NULL, 0, 0,
               .label = "F_2 amplitude", .lo = -100, .hi = 100 },
    [P_W2] = { "F2_omega", 0.8, 0, 1e3, "rad/s", "angular frequency of F_2", NULL, 0, 0,
               .label = "F_2 frequency ω_2", .lo = 0, .hi = 10 },
    [P_X0] = { "x0", 0, -1e4, 1e4, "m", "initial position of m_1 in the frame of m_2", NULL, 0, 0,
               .label = "initial position x_0", .lo = -1, .hi = 1 },
    [P_V0] = { "v0", 0, -1e4, 1e4, "m/s", "initial sliding velocity of m_1", NULL, 0, 0,
               .label = "initial velocity v_0", .lo = -2, .hi = 2 },
    [P_DT] = FRIC__FD_DT_PARAM,
    [P_DURATION] = { "duration", 10, 0, 1e5, "s", "simulated time (Fig. 3: about 8 s)", NULL, 0, 0,
                     .label = "duration", .lo = 1, .hi = 40 },
    [P_EPS] = { "eps", 1e-3, 0, 1, "m/s",
                "Karnopp velocity threshold (karnopp only)", NULL, 0, 0,
                .label = "Karnopp band ε", .lo = 1e-5, .hi = 1e-1, .log = 1 },
    [P_EVERY] = FRIC__EVERY_PARAM(1),
    [P_SOLVER] = { "solver", 0, 0, 1, "choice",
                   "existing (the table's own step, friction treatment applies) or general "
                   "(Dupont eq. 10 through fric_fd.h with event location; friction is ignored)",
                   solver_names, 2, 1, .label = "solver", .choice_help = solver_help },
};

/* The columns: X(name, unit, help, the value a row writes from the state)
 * (FRIC__COL_INFO, FRIC__COL_ROW). */
#define COLS(X)                                                                                   \
    X("t", "s", "time", time_at(c, c->run.clk.k))                                                 \
    X("x", "m", "position of m_1 in the frame of m_2 (Dupont Fig. 3)", c->s.dof.q)                \
    X("v", "m/s", "sliding velocity dx/dt of m_1 relative to m_2", c->s.dof.dq)                   \
    X("a", "m/s²", "acceleration of m_1 over the last step (jumps at v = 0, Fig. 3)", c->s.dof.ddq) \
    X("y", "m", "position of m_2 (and m_1) along y", c->s.y)                                      \
    X("dy", "m/s", "velocity of m_2 along y", c->s.vy)                                            \
    X("F1", "N", "force on m_1 along x", f1_at(c, c->run.clk.k))                                  \
    X("F2", "N", "force on m_2 along y", f2_at(c, c->run.clk.k))                                  \
    X("F_N", "N", "normal force between m_1 and m_2, m_1·ddy (Dupont eq. 6)", c->s.FN)            \
    X("f", "N", "friction force on m_1, opposing v; |f| <= mu·|F_N| (eq. 5)", c->s.dof.f)         \
    X("stuck", "", "1 when the step ended with m_1 held by friction", c->s.dof.stuck)             \
    X("reversals", "", "velocity sign reversals so far (between successive nonzero v)",           \
      c->s.dof.reversals)
static const fric_col_info cols[] = { COLS(FRIC__COL_INFO) };
#define N_COLS ((int)(sizeof cols / sizeof cols[0]))

/* The configuration of a run (what configure sets from the parameters). */
typedef struct {
    fric_xy_table p;       /* masses, mu, step h [s], treatment                 */
    fric__sine f1;         /* F1(t) on m_1 along x [N]                          */
    double a2, w2;         /* F2 = a2*cos(w2*t) [N, rad/s]                      */
    int general;           /* solver=general: fric_fd_sim below, not p and s    */
    fric_fd_sim sim;       /* step h, events; sim.sys = this configuration      */
} xy_cfg;

typedef struct {
    fric_scenario_run run; /* steps and time of the run (step h), every         */
    xy_cfg cfg;
    fric_xy_state s;       /* x, v, y, dy, last step's forces, counters         */
    fric_fd_state fx;      /* solver=general: q = (x, y), q̇ = (v, dy), counters  */
} xy_scn;

/* Relative event time tolerance of solver=general, times the step. */
#define XY_EVENT_TOL 1e-9

static double time_at(const xy_scn *c, long long k)
{
    return fric_scenario_clock_t_at(&c->run.clk, k);
}

/* F2(t) = a2·cos(w2·t) [N] on m_2 along y (F1 is c->f1). */
static double f2(const xy_cfg *c, double t)
{
    return c->a2 * cos(c->w2 * t);
}

static double f1_at(const xy_scn *c, long long k)
{
    return fric__sine_at(&c->cfg.f1, time_at(c, k));
}

static double f2_at(const xy_scn *c, long long k)
{
    return f2(&c->cfg, time_at(c, k));
}

/* fric_fd_eval_fn of solver=general: eqs. 4-6 as eq. 10 (file header).
 * y has no friction row: it is never held. */
static int xy_eval(const void *sys, double t, const double *q, const double *dq,
                   fric_fd_problem *p, const char **why)
{
    const xy_cfg *c = sys;
    (void)q;
    (void)dq;          /* σ = sgn q̇ is the simulation's (fric_fd_sim sets p->sigma) */
    p->n = 2;
    p->D[0] = c->p.m1;
    p->D[1] = p->D[2] = 0;
    p->D[3] = c->p.m1 + c->p.m2;                                /* eq. 4 */
    p->r[0] = fric__sine_at(&c->f1, t);
    p->r[1] = f2(c, t);
    /* μ on either side (eq. 5), F_N = m1·ÿ (eq. 6) */
    fric__fd_axial_row(p, 0, c->p.mu, c->p.mu, c->p.mu, c->p.mu, 0, c->p.m1, 0);
    if (why) *why = "";
    return 0;
}

/* Starts the general solver of configuration c into *fx from the table's
 * motion s at time t [s]. 0, or 1 with *why. */
static int general_start(const xy_cfg *c, const fric_xy_state *s, double t, fric_fd_state *fx,
                         const char **why)
{
    const double q0[2] = { s->dof.q, s->y }, dq0[2] = { s->dof.dq, s->vy };
    const char *m;
    fric_fd_sim sim = c->sim;
    sim.sys = c;
    if (fric_fd_sim_init(&sim, fx, q0, dq0, &m))
        return fric__fd_scn_fail("xy-table: solver=general", m, why);
    fx->t = t;
    return 0;
}

/* The general solver's motion x back into the table's state s
 * (configuration c: rows, a switch of solver while running). */
static void general_to_table(const xy_cfg *c, const fric_fd_state *x, fric_xy_state *s)
{
    fric__dupont_dof_end(&s->dof, x->q[0], x->dq[0], x->ddq[0], x->friction[0],
                         x->sigma[0] == 0);
    s->y = x->q[1];
    s->vy = x->dq[1];
    s->FN = c->p.m1 * x->ddq[1];                    /* eq. 6 */
}

/* Validates p and fills the table and the general solver's simulation
 * (fric_scenario_driver.configure). 0, or 1 with *why. */
static int configure(void *cfg, fric_scenario_run *run, const void *running, const double *p,
                     const char **why)
{
    xy_cfg *c = cfg;
    (void)run;
    (void)running;
    fric_xy_table t;
    t.m1 = p[P_M1];
    t.m2 = p[P_M2];
    t.mu = p[P_MU];
    t.h = p[P_DT];
    t.treatment = fric_bench_treatments[(int)p[P_FRICTION]];
    t.eps = p[P_EPS];
    const char *m;
    if (fric_xy_check(&t, &m)) {
        fric__why(why, fric__fail_around(FRIC_E_PARAM_RANGE, -1, "xy-table: %s", m));   /* m may be the buffer: base.h */
        return 1;
    }
    c->p = t;
    c->f1 = fric__sine_of(p, P_A1);
    c->a2 = p[P_A2];
    c->w2 = p[P_W2];
    c->general = (int)p[P_SOLVER];
    c->sim = (fric_fd_sim){ 2, xy_eval, NULL, t.h, FRIC_FD_EVENTS, XY_EVENT_TOL * t.h, 0,
                            FRIC_FD_RULE_CONTINUOUS };
    if (why) *why = "";
    return 0;
}

/* At (x0, v0), F_N of eq. 6 at t = 0; solver=general from there. */
static int start(void *state, const double *p, const char **why)
{
    xy_scn *c = state;
    fric_xy_init(&c->s, p[P_X0], p[P_V0]);
    c->s.FN = c->cfg.p.m1 * f2_at(c, 0) / (c->cfg.p.m1 + c->cfg.p.m2);    /* eq. 6 at t = 0 */
    return c->cfg.general ? general_start(&c->cfg, &c->s, time_at(c, c->run.clk.k), &c->fx, why)
                          : 0;
}

/* New parameters, same motion: x, v, y, dy, time and counters are kept;
 * the general solver (re)starts from the running motion, which can fail
 * (then nothing changes). */
static int adopt(void *state, const void *cfg, const char **why)
{
    xy_scn *c = state;
    const xy_cfg *n = cfg;
    fric_xy_state s = c->s;
    fric_fd_state fx = c->fx;
    if (c->cfg.general) general_to_table(n, &fx, &s);
    if (n->general && general_start(n, &s, time_at(c, c->run.clk.k), &fx, why)) return 1;
    c->s = s;
    c->fx = fx;
    return 0;
}

FRIC__COL_ROW_FN(xy_row, xy_scn, c)

/* One step from k to k + 1: the general solver (then its motion into the
 * table's state, every step: reversals) or the dedicated step. */
static int advance(void *state, const char **why)
{
    xy_scn *c = state;
    const long long k = c->run.clk.k;
    if (c->cfg.general) {
        if (fric__fd_scn_step("xy-table", &c->cfg.sim, &c->cfg, &c->fx, k + 1, why)) return 1;
        general_to_table(&c->cfg, &c->fx, &c->s);
        return 0;
    }
    if (fric_xy_step(&c->cfg.p, &c->s, f1_at(c, k + 1), f2_at(c, k + 1))) {
        if (why)
            *why = fric__fail_id(FRIC_E_NONFINITE, -1, "dupont.xy_table_step_2",
                       "xy-table: step {k} (t = {k2} s, friction = {treatment}): the state stopped "
                       "being finite from x = {q} m, v = {dq} m/s, F_N = {fn} N; lower the force "
                       "amplitudes or dt.",
                       fric__values(fric__i("k", k + 1), fric__g("k2", time_at(c, k + 1)),
                                    fric__s("treatment", fric_treatment_name(c->cfg.p.treatment)),
                                    fric__g("q", c->s.dof.q), fric__g("dq", c->s.dof.dq),
                                    fric__g("fn", c->s.FN)));
        return 1;
    }
    return 0;
}

const fric_scenario fric_scenario_xy_table = {
    FRIC__DRIVEN(xy_scn, xy_cfg, configure, start, advance, xy_row, NULL, adopt),
    .name = "xy-table",
    .summary = "Dupont (1993) Figs. 2-3: X-Y table with Coulomb friction proportional to the "
    "normal force m1·ddy (eqs. 5-6). The acceleration of m1 jumps by 2·mu·|F_N|/m1 "
    "at each velocity reversal, barely near t = 2 s and 6 s where F_N crosses zero. "
    "friction=implicit uses the core's exact transform (Kikuuwe model A); compare "
    "clip, explicit and karnopp.",
    .title = "X–Y table, load-dependent friction (Dupont Figs. 2–3)",
    .blurb = "An X–Y positioning table whose x-axis friction is proportional to the normal force "
    "from the y-axis acceleration (Dupont, Figs. 2–3). The x acceleration jumps by "
    "2·μ·|F_N|/m when the sliding direction flips. The implicit treatment holds the x-axis "
    "still where it should stick (about 200 of 10 000 steps, 7 reversals in 10 s); the "
    "explicit treatment, overlaid, never sticks and chatters instead (about 100 reversals)."
    " Set the solver to general: the same table through the general acceleration solve of "
    "eq. 10 with located switching events (Dupont §3.1.1, §3.2) gives the same 7 reversals,"
    " x within 0.5 mm."
};
