/*
 * kikuuwe_model_a_scn.c: scenario "model-a", Kikuuwe et al. 2006 (IEEE T-RO 22(6)),
 * §III-A, Figs. 6 and 7: a rigid mass M sliding on a fixed surface, pushed
 * by a constant force h, with friction f (element A, eq. 26).
 *
 *   M·(v_k − v_{k−1})/T = h − f_k          (eq. 12)
 *   implicit:  f_k = Φ(v_k)                 (eq. 13)  → element A, eq. 26
 *   explicit:  f_k = Φ(v_{k−1})             (forward Euler, §III-A)
 *   karnopp:   f_k from Kikuuwe eq. 3 at v_{k−1} with threshold eps
 *   x_k = x_{k−1} + T·v_k                   (position, to measure drift)
 *
 * Fig. 6: v0 = 0.7 m/s, h = −1 N; Fig. 7: v0 = 1.3 m/s, h = −10 N; both
 * M = 1 kg, Φ(v) = 8·sgn v N, T = 1 ms and 4 ms. (The text of §III-A says
 * v = 1.3 m/s for Fig. 6; its caption says 0.7 m/s, which we follow: with
 * h = −1 N and 1.3 m/s the mass would still slide after 0.1 s.)
 *
 * Hand solution (independent of the code), Coulomb F, M, constant h with
 * |h| < F, v0 > 0: while sliding v_k = v0 − k·T·(F − h)/M; element A sticks
 * at the first k with |v_{k−1} + T·h/M| <= T·F/M, and then f = −h and v = 0
 * for ever. Fig. 6, T = 1 ms: v_k = 0.7 − 0.009·k, step 78 (t = 78 ms);
 * T = 4 ms: v_k = 0.7 − 0.036·k, step 20 (t = 80 ms). Fig. 7, T = 1 ms:
 * v_72 = 0.004, v*_73 = −0.006 lies in the band, v_73 = 0 exactly, then
 * v decreases by 2 mm/s per step; T = 4 ms: v_18 = 0.004, v*_19 = −0.036
 * lies outside the band ±0.032, so v goes from +0.004 to −0.004 without
 * touching 0 ("may or may not reach the exact zero", §III-A).
 *
 * Rows are t_k = k·T, k = 0, every, 2·every, …; row 0 is the initial state.
 */
#include <math.h>
#include <stddef.h>

#include "fric_examples.h"
#include "scenario_internal.h"
#include "base.h"

enum { P_CASE, P_V0, P_H, P_M, P_T, P_DURATION, P_LAW, P_FC, P_FS, P_VS, P_D, P_ALPHA,
       P_FRICTION, P_EPS, P_EVERY, N_PARAMS };
enum { C_FIG6, C_FIG7, C_CUSTOM };

static const char *const case_names[] = { "fig6", "fig7", "custom" };
/* The treatments offered (fric_treatment, friction.h), in the order of the
 * `friction` choice. */
#define OFFERED(X) X(IMPLICIT) X(APPROX) X(EXPLICIT) X(KARNOPP)
FRIC__OFFERED(OFFERED);

static const char *const case_help[] = {
    "Kikuuwe Fig. 6, v0 = 0.7 m/s against h = -1 N: the mass slows down and sticks",
    "Kikuuwe Fig. 7, v0 = 1.3 m/s against h = -10 N: the mass stops, then slides back",
    "Initial velocity v0 and force h as you give them",
};
FRIC__OFFERED_HELP(FRIC_TREATMENT_HELP(IMPLICIT) "; here element A (Kikuuwe eq. 26)",
                   FRIC_TREATMENT_HELP(APPROX), FRIC_TREATMENT_HELP(EXPLICIT),
                   FRIC_TREATMENT_HELP(KARNOPP));

/* The time step the driver counts the run in (fric_scenario_driver.clock_step). */
#define CLOCK_STEP "T"

static const fric_param_info params[N_PARAMS] = {
    [P_CASE] = FRIC__CASE_PARAM(C_FIG6,
                                "paper figure to reproduce, or custom (v0 and h as given)"),
    [P_V0] = { "v0", 0.7, -100, 100, "m/s", "initial velocity v_0 (case=custom only)", NULL, 0, 0,
               .fixed_by_case = 1, .label = "initial velocity v_0", .lo = -2, .hi = 2 },
    [P_H] = { "h", -1, -1e4, 1e4, "N", "constant external force h (case=custom only)", NULL, 0, 0,
              .fixed_by_case = 1, .label = "external force h", .lo = -20, .hi = 20 },
    [P_M] = { "M", 1, 1e-3, 1e3, "kg", "mass M (Figs. 6-7: 1 kg)", NULL, 0, 0,
              .label = "mass M", .lo = 0.1, .hi = 10, .log = 1 },
    [P_T] = { "T", 0.001, 1e-6, 0.1, "s", "time step T (Figs. 6-7: 0.001 s left, 0.004 s right)",
              NULL, 0, 0, .label = "time step T", .lo = 1e-4, .hi = 1e-2, .log = 1 },
    [P_DURATION] = FRIC__DURATION_PARAM(0.12, 1e5, 0.02, 0.5),
    [P_LAW] = FRIC__LAW_PARAM(FRIC_COULOMB_VISCOUS,
                    "friction law Φ(v): coulomb-viscous Fc·sgn v + D·v (Kikuuwe eq. 24), "
                    "stribeck (Cisneros eq. 21), rational (Cisneros eq. 33)",
                    "friction law Φ(v)"),
    [P_FC] = { "Fc", 8, 0, 1e4, "N", "Coulomb level F of Φ(v) = F·sgn v (Figs. 6-7: 8 N)",
               NULL, 0, 0, .label = "Coulomb level Fc", .lo = 0, .hi = 20 },
    [P_FS] = { "Fs", 10, 0, 1e4, "N", "static level Fs > Fc (stribeck, rational)", NULL, 0, 0,
               .label = "static level Fs", .lo = 0, .hi = 25 },
    [P_VS] = { "vs", 0.01, 1e-6, 10, "m/s", "Stribeck velocity vs (stribeck, rational)",
               NULL, 0, 0, .label = "Stribeck velocity vs", .lo = 1e-3, .hi = 1, .log = 1 },
    [P_D] = { "D", 0, 0, 1e4, "N·s/m", "viscous coefficient D (Figs. 6-7: 0)", NULL, 0, 0,
              .label = "viscous D", .lo = 0, .hi = 20 },
    [P_ALPHA] = { "alpha", 1, 1, 10, "", "Stribeck exponent alpha (stribeck; the laws require "
                  "alpha >= 1)", NULL, 0, 0, .label = "Stribeck exponent α", .lo = 1, .hi = 4 },
    [P_FRICTION] = { "friction", 0, 0, N_OFFERED - 1, "choice",
                     "implicit: element A (Kikuuwe eq. 26); approx: element A with eq. 46; "
                     "explicit: f = Φ(v_prev); karnopp: Kikuuwe eq. 3 with eps",
                     friction_names, N_OFFERED, 0,
                     .label = "friction treatment", .choice_help = friction_help },
    [P_EPS] = { "eps", 1e-3, 0, 1, "m/s", "Karnopp's zero-velocity threshold eps (eq. 3)",
                NULL, 0, 0, .label = "Karnopp band ε", .lo = 1e-5, .hi = 1e-1, .log = 1 },
    [P_EVERY] = FRIC__EVERY_PARAM(1),
};

/* The columns: X(name, unit, help, the value a row writes from the state)
 * (FRIC__COL_INFO, FRIC__COL_ROW). */
#define COLS(X)                                                                                   \
    X("t", "s", "time t_k = k·T", fric_scenario_clock_t(&s->run.clk))                             \
    X("x", "m", "position x_k = x_(k-1) + T·v_k from x_0 = 0; drift shows here", s->x)            \
    X("v", "m/s", "velocity v_k of the mass", s->a.v)                                             \
    X("f", "N", "friction force f_k of step k (0 in the initial row)", s->a.f)                    \
    X("h", "N", "external force h", s->cfg.h)                                                     \
    X("stuck", "", "1 when step k held static friction: implicit/approx, v*_k in the "            \
      "transform's static band (then v_k = 0); explicit, v_k = 0 exactly; "                       \
      "karnopp, |v_(k-1)| <= eps and |h| <= Φ(+0) (then f = h)", s->stuck)                      \
    X("reversals", "", "sign reversals of v so far (zeros, and v while implicit/approx "          \
      "stick, skipped)", s->rev.count)
static const fric_col_info cols[] = { COLS(FRIC__COL_INFO) };
#define N_COLS ((int)(sizeof cols / sizeof cols[0]))

/* Parameters of a run (replaced as a whole by retune). */
typedef struct {
    fric_law law;          /* friction law Φ                               */
    fric_elem_def def;     /* M [kg], T [s], xform; K = B = 0 (unused)      */
    fric_elem el;          /* element A prepared from law + def (implicit, approx) */
    fric_treatment treatment; /* one of offered[]                            */
    double eps;            /* Karnopp threshold [m/s]                       */
    double h;              /* external force [N]                            */
    double v0;             /* initial velocity [m/s] (used by init only)    */
} model_a_cfg;

typedef struct {
    fric_scenario_run run; /* the driver's: t_k, step k, every, started     */
    model_a_cfg cfg;
    fric_elem_a a;         /* v [m/s], f [N] of the last step               */
    double x;              /* position [m]                                  */
    int stuck;             /* static friction in the last step (0/1)        */
    fric_ex_reversals rev; /* sign reversals of v                           */
} model_a_state;

/* Element A (exact or approximate transform) or a naive baseline. */
static int implicit(fric_treatment t)
{
    return t == FRIC_TREATMENT_IMPLICIT || t == FRIC_TREATMENT_APPROX;
}

/* The block's law and element A (prepared once) from p, after the case's
 * figure values (fric_scenario_driver.configure). */
static int configure(void *cfg, fric_scenario_run *run, const void *running, const double *p_in,
                     const char **why)
{
    const fric_scenario *sc = &fric_scenario_model_a;
    model_a_cfg *c = cfg;
    (void)run;
    (void)running;
    double p[N_PARAMS];
    static const fric_ex_fixed figs[] = { { P_V0, 0.7 }, { P_H, -1 },      /* fig6 */
                                          { P_V0, 1.3 }, { P_H, -10 } };   /* fig7 */
    if (fric_ex_apply_case(sc, p_in, p, P_CASE, figs, 2, why)) return 1;
    c->law = (fric_law){ (fric_kind)p[P_LAW], p[P_FS], p[P_FC], p[P_VS], p[P_D], p[P_ALPHA] };
    c->treatment = offered[(int)p[P_FRICTION]];
    c->def = (fric_elem_def){ p[P_M], 0, 0, p[P_T],
                              fric_treatment_xform(c->treatment) };
    c->eps = p[P_EPS];
    c->h = p[P_H];
    c->v0 = p[P_V0];
    const char *w = NULL;
    int bad = implicit(c->treatment) ? fric_elem_init(&c->el, FRIC_ELEM_A, &c->def, &c->law, &w)
                                        : fric_law_check_params(&c->law, &w);
    if (bad)
        return fric_ex_refuse(why, w, "model-a (law = %s, friction = %s)",
                              fric_law_names[(int)p[P_LAW]], fric_treatment_name(c->treatment));
    return 0;
}

/* The initial velocity (a retune keeps v, x, time and counters: v0 and
 * case's v0 only matter here). */
static int start(void *state, const double *p, const char **why)
{
    (void)p;
    (void)why;
    model_a_state *s = state;
    s->a.v = s->cfg.v0;
    return 0;
}

/* One step T of the mass; 0, or 1 with *why when the state stopped being
 * finite. */
static int advance(void *state, const char **why)
{
    model_a_state *s = state;
    const model_a_cfg *c = &s->cfg;
    double TM = c->def.T / c->def.M, v = s->a.v;
    switch (c->treatment) {
    case FRIC_TREATMENT_IMPLICIT:
    case FRIC_TREATMENT_APPROX:
        fric_elem_a_run(&c->el, &s->a, c->h);                                /* eq. 26 */
        s->stuck = s->a.stuck;
        break;
    case FRIC_TREATMENT_EXPLICIT:
        s->a.f = fric_explicit_force(&c->law, v);                            /* Φ(v_{k−1}) */
        s->a.v = v + TM * (c->h - s->a.f);                                   /* eq. 12 */
        s->stuck = s->a.v == 0;
        break;
    default: /* FRIC_TREATMENT_KARNOPP */
        s->stuck = fabs(v) <= c->eps && fabs(c->h) <= fric_phi_plus0(&c->law);
        s->a.f = fric_karnopp_force(&c->law, c->eps, v, c->h);               /* eq. 3 */
        s->a.v = v + TM * (c->h - s->a.f);                                   /* eq. 12 */
        break;
    }
    s->x += c->def.T * s->a.v;
    /* While element A holds static friction v is 0 up to the rounding of
     * v* − Z·(v* / Z) (eq. 26c), which must not count as a reversal. */
    s->rev.count += fric__reversal(&s->rev.last, implicit(c->treatment) && s->stuck ? 0 : s->a.v);
    if (isfinite(s->a.v) && isfinite(s->a.f) && isfinite(s->x)) return 0;
    long long k = s->run.clk.k + 1;
    if (why)
        *why = fric__fail_id(FRIC_E_NONFINITE, -1, "kikuuwe.model_step_t",
                   "model-a: step {k} (t = {k2} s): the state is no longer finite (v = {v} m/s, f ="
                   " {f} N, x = {x} m, h = {h} N); lower T or |h|.",
                   fric__values(fric__i("k", k), fric__g("k2", fric_scenario_clock_t_at(&s->run.clk, k)),
                                fric__g("v", s->a.v), fric__g("f", s->a.f), fric__g("x", s->x),
                                fric__g("h", s->cfg.h)));
    return 1;
}

FRIC__COL_ROW_FN(write_row, model_a_state, s)

const fric_scenario fric_scenario_model_a = {
    FRIC__DRIVEN(model_a_state, model_a_cfg, configure, start, advance, write_row, NULL, NULL),
    .name = "model-a",
    .summary = "Kikuuwe et al. 2006, Figs. 6-7: a rigid mass M = 1 kg with Coulomb friction "
    "F = 8 N pushed by a constant force h (element A, eq. 26). case=fig6 (v0 = 0.7 m/s, "
    "h = -1 N) stops exactly at v = 0 and stays there; case=fig7 (v0 = 1.3 m/s, "
    "h = -10 N) reverses. T = 1 ms or 4 ms as in the figures. friction=explicit or "
    "karnopp show the chattering and drift the implicit element removes.",
    .title = "Model A: block stops or reverses (Kikuuwe Figs. 6–7)",
    .blurb = "A 1 kg block with 8 N Coulomb friction, pushed by a constant force (Kikuuwe et al. "
    "Figs. 6–7). In fig6 (v0 = 0.7 m/s, h = −1 N) the implicit element A stops the block at"
    " exactly v = 0 where friction and push bring it to rest, t = 0.7/9 s (step 78 at T = 1"
    " ms, step 20 at T = 4 ms), and holds it there; in fig7 the push exceeds the friction "
    "and the block reverses. Switch the treatment to explicit: the velocity chatters around"
    " zero instead of stopping (between −8 and +7 mm/s with 38 reversals at T = 1 ms, ±28 "
    "mm/s with 10 reversals at T = 4 ms)."
};
