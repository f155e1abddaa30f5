/*
 * kikuuwe_two_contacts_scn.c: scenario "two-contacts", Kikuuwe et al. 2006 §IV-A,
 * Figs. 9-11: one body with two frictional contacts, each contact a
 * model-C element (eq. 38), stick-slip in both.
 *
 * Configuration. The paper's text does not spell out Fig. 9; this is the
 * configuration we chose, consistent with Fig. 11's stick-slip in both
 * contacts and with "a single object has more than one frictional
 * contact" (§IV-A):
 *
 *      wall |--K1--[ body 1, M1 ]        body 1 rests on a base (a belt)
 *      wall |--K2--[ body 2, M2 ]        that moves at the prescribed
 *                                        velocity u(t) = amp·sin(omega·t);
 *        contact 1: body 1 on the base   (F1 = 5 N, slip v1 − u)
 *        contact 2: body 2 on body 1     (F2 = 2.5 N, slip v2 − v1)
 *
 * Spring K1 (100 N/m) ties body 1 to the fixed wall, K2 (200 N/m) ties
 * body 2 to the fixed wall; x1, x2 are measured from the springs' rest
 * positions. u is applied as the velocity of the base, the input of
 * contact 1. Body 1 thus touches two frictional interfaces (the base below,
 * body 2 above), which element A cannot represent. Both model-C elements:
 * K = 3e4 N/m, B = 300 N·s/m (Fig. 11 caption), T = 1 ms.
 *
 * Composition (Kikuuwe Fig. 10, and eq. 60 for one mass): each mass is
 * integrated with the contact forces of the previous step, then each
 * model-C element takes the new relative velocity (semi-implicit Euler for
 * the masses; the delay is why Kikuuwe tuned K and B by trial, §IV-C):
 *
 *   v1_k = v1_{k−1} + (T/M1)·(−K1·x1_{k−1} − f1_{k−1} + f2_{k−1})
 *   v2_k = v2_{k−1} + (T/M2)·(−K2·x2_{k−1} − f2_{k−1})
 *   x_k  = x_{k−1} + T·v_k
 *   f1_k = C1(v1_k − u_k),  f2_k = C2(v2_k − v1_k)       (eq. 38 each)
 *
 * f1 acts on body 1 as −f1; f2 acts on body 2 as −f2 and on body 1 as +f2.
 * With both contacts stuck the linearised step has spectral radius < 1 for
 * the caption's values (eq. 63 with K = 3e4, B = 300, M = 1, T = 1 ms gives
 * |λ| = √(1 − T·B/M) = 0.84 for one contact).
 *
 * Baselines: friction=explicit uses f_i = Φ_i(relative velocity) of the
 * rigid contact. Karnopp's eq. 3 is not offered: it needs "the force from
 * all other sources" on a body on a fixed surface, which is not defined for
 * body 2 resting on the accelerating body 1; this is the paper's point.
 */
#include <math.h>
#include <stddef.h>

#include "fric_examples.h"
#include "scenario_internal.h"
#include "base.h"

enum { P_AMP, P_OMEGA, P_M1, P_M2, P_K1, P_K2, P_KC, P_BC, P_T, P_DURATION, P_LAW,
       P_FC1, P_FS1, P_FC2, P_FS2, P_VS, P_D, P_ALPHA, P_FRICTION, P_X1_0, P_X2_0, P_EVERY,
       N_PARAMS };

/* The treatments offered (fric_treatment, friction.h), in the order of the
 * `friction` choice. */
#define OFFERED(X) X(IMPLICIT) X(APPROX) X(EXPLICIT)
FRIC__OFFERED(OFFERED);

FRIC__OFFERED_HELP(FRIC_TREATMENT_HELP(IMPLICIT) "; here model-C elements (Kikuuwe eq. 38) "
                   "on both contacts",
                   FRIC_TREATMENT_HELP(APPROX),
                   FRIC_TREATMENT_HELP(EXPLICIT) "; here of each rigid contact's relative "
                   "velocity");

/* The time step the driver counts the run in (fric_scenario_driver.clock_step). */
#define CLOCK_STEP "T"

static const fric_param_info params[N_PARAMS] = {
    [P_AMP] = { "amp", 0.5, -10, 10, "m/s", "amplitude of the base velocity u = amp·sin(omega·t) "
                "(Fig. 11: 0.5 m/s)", NULL, 0, 0, .label = "base amplitude u_0", .lo = -2, .hi = 2 },
    [P_OMEGA] = { "omega", 5, 0, 1e3, "rad/s", "angular frequency of u (Fig. 11: 5 rad/s)",
                  NULL, 0, 0, .label = "base frequency ω", .lo = 0, .hi = 20 },
    [P_M1] = { "M1", 1, 1e-3, 1e3, "kg", "mass of body 1, on the base (Fig. 11: 1 kg)", NULL, 0, 0,
               .label = "mass M1", .lo = 0.1, .hi = 10, .log = 1 },
    [P_M2] = { "M2", 1, 1e-3, 1e3, "kg", "mass of body 2, on body 1 (Fig. 11: 1 kg)", NULL, 0, 0,
               .label = "mass M2", .lo = 0.1, .hi = 10, .log = 1 },
    [P_K1] = { "K1", 100, 0, 1e6, "N/m", "spring wall-body 1 (Fig. 11: 100 N/m)", NULL, 0, 0,
               .label = "spring K1", .lo = 0, .hi = 1000 },
    [P_K2] = { "K2", 200, 0, 1e6, "N/m", "spring wall-body 2 (Fig. 11: 200 N/m)", NULL, 0, 0,
               .label = "spring K2", .lo = 0, .hi = 1000 },
    [P_KC] = { "Kc", 3e4, 0, 1e9, "N/m", "stiffness K of both model-C elements (Fig. 11: 3e4 N/m)",
               NULL, 0, 0, .label = "contact stiffness K", .lo = 1e2, .hi = 1e7, .log = 1 },
    [P_BC] = { "Bc", 300, 0, 1e6, "N·s/m", "damping B of both model-C elements (Fig. 11: 300 N·s/m)",
               NULL, 0, 0, .label = "contact damping B", .lo = 1, .hi = 1e4, .log = 1 },
    [P_T] = { "T", 0.001, 1e-6, 0.1, "s", "time step T (Fig. 11: 0.001 s)", NULL, 0, 0,
              .label = "time step T", .lo = 1e-4, .hi = 1e-2, .log = 1 },
    [P_DURATION] = FRIC__DURATION_PARAM(6, 1e5, 1, 30),
    [P_LAW] = FRIC__LAW_PARAM(FRIC_COULOMB_VISCOUS,
                    "friction law of both contacts: coulomb-viscous (Kikuuwe eq. 24), stribeck "
                    "(Cisneros eq. 21), rational (Cisneros eq. 33)",
                    "friction law Φ(v)"),
    [P_FC1] = { "Fc1", 5, 0, 1e4, "N", "Coulomb level F of contact 1 (Fig. 11: 5 N)", NULL, 0, 0,
                .label = "Coulomb level Fc1", .lo = 0, .hi = 20 },
    [P_FS1] = { "Fs1", 6, 0, 1e4, "N", "static level of contact 1 (stribeck, rational)", NULL, 0, 0,
                .label = "static level Fs1", .lo = 0, .hi = 20 },
    [P_FC2] = { "Fc2", 2.5, 0, 1e4, "N", "Coulomb level F of contact 2 (Fig. 11: 2.5 N)", NULL, 0, 0,
                .label = "Coulomb level Fc2", .lo = 0, .hi = 20 },
    [P_FS2] = { "Fs2", 3, 0, 1e4, "N", "static level of contact 2 (stribeck, rational)", NULL, 0, 0,
                .label = "static level Fs2", .lo = 0, .hi = 20 },
    [P_VS] = { "vs", 0.05, 1e-6, 10, "m/s", "Stribeck velocity vs of both contacts", NULL, 0, 0,
               .label = "Stribeck velocity vs", .lo = 1e-3, .hi = 1, .log = 1 },
    [P_D] = { "D", 0, 0, 1e4, "N·s/m", "viscous coefficient D of both contacts (Fig. 11: 0)",
              NULL, 0, 0, .label = "viscous D", .lo = 0, .hi = 20 },
    [P_ALPHA] = { "alpha", 1, 1, 10, "", "Stribeck exponent alpha (the laws require alpha >= 1)",
                  NULL, 0, 0, .label = "Stribeck exponent α", .lo = 1, .hi = 4 },
    [P_FRICTION] = { "friction", 0, 0, N_OFFERED - 1, "choice",
                     "implicit: model-C elements (Kikuuwe eq. 38); approx: with eq. 46; "
                     "explicit: f = Φ(relative velocity) of rigid contacts",
                     friction_names, N_OFFERED, 0,
                     .label = "friction treatment", .choice_help = friction_help },
    [P_X1_0] = { "x1_0", 0, -10, 10, "m", "initial position of body 1", NULL, 0, 0,
                 .label = "initial position x1_0", .lo = -1, .hi = 1 },
    [P_X2_0] = { "x2_0", 0, -10, 10, "m", "initial position of body 2", NULL, 0, 0,
                 .label = "initial position x2_0", .lo = -1, .hi = 1 },
    [P_EVERY] = FRIC__EVERY_PARAM(1),
};

/* The columns: X(name, unit, help, the value a row writes from the state)
 * (FRIC__COL_INFO, FRIC__COL_ROW). */
#define COLS(X)                                                                                   \
    X("t", "s", "time t_k = k·T", fric_scenario_clock_t(&s->run.clk))                             \
    X("u", "m/s", "velocity of the base under body 1, amp·sin(omega·t)", s->u)                    \
    X("x1", "m", "position of body 1 from the rest position of K1", s->x1)                        \
    X("v1", "m/s", "velocity of body 1", s->v1)                                                   \
    X("x2", "m", "position of body 2 from the rest position of K2", s->x2)                        \
    X("v2", "m/s", "velocity of body 2", s->v2)                                                   \
    X("f1", "N", "friction of contact 1 (base on body 1 is -f1), from v1 - u", s->c[0].f)         \
    X("f2", "N", "friction of contact 2 (body 1 on body 2 is -f2), from v2 - v1", s->c[1].f)      \
    X("E", "J", "M1·v1²/2 + M2·v2²/2 + K1·x1²/2 + K2·x2²/2 + Kc·(e1² + e2²)/2", E)          \
    X("stuck1", "", "1 when contact 1 is in static friction (model C: (B + T·K)·v* within "       \
      "the static band; explicit: v1 = u exactly)", s->stuck[0])                                  \
    X("stuck2", "", "1 when contact 2 is in static friction", s->stuck[1])                        \
    X("reversals1", "", "sign reversals of the slip velocity of contact 1 so far",                \
      s->rev[0].count)                                                                            \
    X("reversals2", "", "sign reversals of the slip velocity of contact 2 so far",                \
      s->rev[1].count)
static const fric_col_info cols[] = { COLS(FRIC__COL_INFO) };
#define N_COLS ((int)(sizeof cols / sizeof cols[0]))

/* Parameters of a run (replaced as a whole by retune). */
typedef struct {
    fric_law law[2];        /* Φ of contacts 1 and 2                        */
    fric_elem_def def;      /* Kc [N/m], Bc [N·s/m], T [s], xform           */
    fric_treatment treatment; /* one of offered[]                           */
    double amp, omega;      /* base velocity amplitude [m/s], [rad/s]       */
    double M1, M2, K1, K2;  /* [kg], [kg], [N/m], [N/m]                     */
} two_cfg;

typedef struct {
    fric_scenario_run run;  /* the driver's: t_k, step k, every, started    */
    two_cfg cfg;
    double u;               /* base velocity [m/s]                          */
    double x1, v1, x2, v2;  /* [m], [m/s]                                   */
    fric_elem_c c[2];       /* e [m], f [N] of contacts 1 and 2             */
    int stuck[2];
    fric_ex_reversals rev[2];
} two_state;

/* The two contacts' laws and their common element C from p, each checked
 * on its own (fric_scenario_driver.configure). */
static int configure(void *cfg, fric_scenario_run *run, const void *running, const double *p,
                     const char **why)
{
    two_cfg *c = cfg;
    (void)run;
    (void)running;
    fric_kind kind = (fric_kind)p[P_LAW];
    c->law[0] = (fric_law){ kind, p[P_FS1], p[P_FC1], p[P_VS], p[P_D], p[P_ALPHA] };
    c->law[1] = (fric_law){ kind, p[P_FS2], p[P_FC2], p[P_VS], p[P_D], p[P_ALPHA] };
    c->treatment = offered[(int)p[P_FRICTION]];
    c->def = (fric_elem_def){ 0, p[P_KC], p[P_BC], p[P_T],
                              fric_treatment_xform(c->treatment) };
    c->amp = p[P_AMP];
    c->omega = p[P_OMEGA];
    c->M1 = p[P_M1];
    c->M2 = p[P_M2];
    c->K1 = p[P_K1];
    c->K2 = p[P_K2];
    for (int i = 0; i < 2; i++) {
        const char *w = NULL;
        int bad = c->treatment == FRIC_TREATMENT_EXPLICIT ? fric_law_check_params(&c->law[i], &w)
                                              : fric_elem_check(FRIC_ELEM_C, &c->def, &c->law[i], &w);
        if (bad)
            return fric_ex_refuse(why, w, "two-contacts, contact %d (law = %s; parameters Fc%d, "
                                  "Fs%d, vs, D, alpha, Kc, Bc, T)", i + 1,
                                  fric_law_names[kind], i + 1, i + 1);
    }
    return 0;
}

/* The initial positions x1_0, x2_0 (a retune keeps the motion: they only
 * matter here). */
static int start(void *state, const double *p, const char **why)
{
    two_state *s = state;
    (void)why;
    s->x1 = p[P_X1_0];
    s->x2 = p[P_X2_0];
    return 0;
}

/* One contact for one step: relative velocity rel [m/s] in, friction out. */
static void contact(two_state *s, int i, double rel)
{
    const two_cfg *c = &s->cfg;
    double slip = rel;
    if (c->treatment == FRIC_TREATMENT_EXPLICIT) {
        s->c[i].f = fric_phi(&c->law[i], rel);
        s->stuck[i] = rel == 0;
    } else {
        double G = c->def.B + c->def.T * c->def.K, e1 = s->c[i].e;
        s->stuck[i] = fric_ex_static(&c->law[i], c->def.xform, 1 / G,
                                     rel + c->def.K * e1 / G);            /* eq. 38a */
        fric_elem_c_step(&c->law[i], &c->def, &s->c[i], rel);              /* eq. 38 */
        slip = s->stuck[i] ? 0 : rel - (s->c[i].e - e1) / c->def.T;         /* eq. 39 */
    }
    s->rev[i].count += fric__reversal(&s->rev[i].last, slip);
}

/* One step T (to step k + 1); 0, or 1 with *why when the state stopped
 * being finite. */
static int advance(void *state, const char **why)
{
    two_state *s = state;
    const two_cfg *c = &s->cfg;
    double T = c->def.T, f1 = s->c[0].f, f2 = s->c[1].f;
    long long k = s->run.clk.k + 1;
    double t = fric_scenario_clock_t_at(&s->run.clk, k);
    s->u = c->amp * sin(c->omega * t) + 0.0;   /* + 0.0: no -0 */
    s->v1 += T / c->M1 * (-c->K1 * s->x1 - f1 + f2);
    s->v2 += T / c->M2 * (-c->K2 * s->x2 - f2);
    s->x1 += T * s->v1;
    s->x2 += T * s->v2;
    contact(s, 0, s->v1 - s->u);
    contact(s, 1, s->v2 - s->v1);
    if (isfinite(s->v1) && isfinite(s->v2) && isfinite(s->x1) && isfinite(s->x2) &&
        isfinite(s->c[0].f) && isfinite(s->c[1].f) && isfinite(s->c[0].e) && isfinite(s->c[1].e))
        return 0;
    if (why)
        *why = fric__fail_id(FRIC_E_NONFINITE, -1, "kikuuwe.two_contacts_step",
                   "two-contacts: step {k} (t = {t} s): the state is no longer finite (x1 = {x1} m,"
                   " v1 = {v1} m/s, x2 = {x2} m, v2 = {v2} m/s, f1 = {f} N, f2 = {f2} N); lower T, "
                   "or Kc and Bc (Kikuuwe §IV-C: T² < M/(4K) at critical damping).",
                   fric__values(fric__i("k", k), fric__g("t", t), fric__g("x1", s->x1),
                                fric__g("v1", s->v1), fric__g("x2", s->x2), fric__g("v2", s->v2),
                                fric__g("f", s->c[0].f), fric__g("f2", s->c[1].f)));
    return 1;
}

static void write_row(const void *state, double *row)
{
    const two_state *s = state;
    const two_cfg *c = &s->cfg;
    double Kc = c->treatment == FRIC_TREATMENT_EXPLICIT ? 0 : c->def.K;
    double E = 0.5 * (c->M1 * s->v1 * s->v1 + c->M2 * s->v2 * s->v2 + c->K1 * s->x1 * s->x1 +
                      c->K2 * s->x2 * s->x2 + Kc * (s->c[0].e * s->c[0].e + s->c[1].e * s->c[1].e));
    COLS(FRIC__COL_ROW)
}

const fric_scenario fric_scenario_two_contacts = {
    FRIC__DRIVEN(two_state, two_cfg, configure, start, advance, write_row, NULL, NULL),
    .name = "two-contacts",
    .summary = "Kikuuwe et al. 2006, Figs. 9-11: body 1 (M1 = 1 kg) rests on a base moving at "
    "u = 0.5·sin(5t) m/s and carries body 2 (M2 = 1 kg); springs K1 = 100 N/m and "
    "K2 = 200 N/m tie them to a wall. Each contact is a model-C element (K = 3e4 N/m, "
    "B = 300 N·s/m; F = 5 N and 2.5 N), T = 1 ms: stick-slip in both contacts. "
    "friction=explicit shows rigid Coulomb contacts chattering instead.",
    .title = "Two masses, two contacts, stick-slip (Kikuuwe Figs. 9–11)",
    .blurb = "Two bodies with two model-C contacts, the base driven at u = 0.5·sin(5t) (Kikuuwe et "
    "al. Figs. 9–11; the configuration chosen is documented in docs/systems.md). Both "
    "contacts stick and slip in turn without chattering (9 reversals each in 6 s; contact 1"
    " sticks in about a third of the steps). The explicit treatment, overlaid, never holds "
    "a contact still: about 1000 and 1800 reversals."
};
