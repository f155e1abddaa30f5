/*
 * cisneros_joint_scn.c: scenario "joint-step", Cisneros et al., "Reliable
 * chattering-free simulation of friction torque in joints presenting high
 * stiction", §V (eqs. 50-51, Figs. 12-13): a single joint of inertia M under
 * a compliant computed-torque controller, with friction through Kikuuwe's
 * model-C element (K = 5000 N·m/rad, B = 50 N·m·s/rad, T = 1 ms), asked to
 * step from 0 to 90 deg.
 *
 * Controller (the posture task of §V-A, q̇_d = q̈_d = 0 after the step):
 *   q̈_r = kp·(q_d − q) + kv·(q̇_d − q̇) + q̈_d                     (eq. 50)
 *   τ_c = M·q̈_r              (inverse dynamics of one joint, no gravity)
 *   τ_p = K_I·(∫q̈_r dt − q̇),  K_I = λ·M                          (eq. 51)
 *   τ_r = τ_c + τ_p           (τ_p = 0 without the integral term)
 * Fig. 12: kp = 20 s⁻², kv = 2 s⁻¹, no integral term; Fig. 13: kp = 50 s⁻²,
 * kv = 14 s⁻¹, λ = 1 s⁻¹.
 *
 * Inertia. The paper does not give M. It reports an initial reference
 * torque of 5.8 N·m for kp = 20 s⁻² and a 90 deg = π/2 rad error, and
 * τ_r(0) = M·kp·(π/2), so M = 5.8/(20·π/2) = 0.18462 kg·m². (Check: the
 * experiment's final torque 0.9 N·m at 75 deg gives M·kp·(15 deg) = 0.97.)
 * With this M the Stribeck and rational joints stop at 71.9 and 70.6 deg
 * (paper: 69.9 and 68.4); M = 0.1675 kg·m² (5.26 N·m initially) reproduces
 * the paper's angles and its 2.75 s stop time, so its simulated joint was
 * probably ~9 % lighter than 5.8 N·m implies.
 *
 * Friction laws (Cisneros Figs. 3, 7 and §V-B; N·m and rad/s):
 *   coulomb-viscous  F = 1.0, D = 4.5                         (eq. 19)
 *   stribeck         Fs = 2.5, Fc = 0.4, vs = 0.06, D = 4.5, α = 1   (eq. 21)
 *   rational         Fs = 2.5, Fc = 0.2, vs = 0.04, D = 4.5   (eq. 33)
 * Each law keeps its own parameters (Fc_cv, Fc_stribeck, …) so that
 * switching `law` alone reproduces the paper's three curves.
 *
 * Step k, from the state (q_k, q̇_k, ∫q̈_r, e) at t_k:
 *   τ_r,k from eqs. 50-51;  τ_f,k from the friction treatment;
 *   q̇_{k+1} = q̇_k + (T/M)·(τ_r,k − τ_f,k),  q_{k+1} = q_k + T·q̇_{k+1}
 *   ∫q̈_r += T·q̈_r,k
 * implicit    τ_f,k = element C(q̇_k) (eq. 38): the friction is computed from
 *             the current joint velocity and subtracted from the reference
 *             torque, as in the paper's simulator (Cisneros Algorithm 1, §V-A).
 * approx      the same with Kikuuwe's eq. 46 instead of the exact Φ_Z.
 * implicit-d  element D (Kikuuwe eq. 45): inertia, contact compliance and
 *             friction in one implicit step, with h = τ_r,k.
 * explicit    τ_f,k = Φ(q̇_k) of a rigid contact.
 * karnopp     Kikuuwe eq. 3 at q̇_k with threshold eps, h = τ_r,k.
 *
 * Closed form for the test (Coulomb-viscous, no integral term): while the
 * joint slides forward, M·q̈ = M·kp·(q_d − q) − M·kv·q̇ − F − D·q̇, a linear
 * ODE; with the default numbers it is overdamped (roots −0.78 and −25.6
 * s⁻¹), so q̇ > 0 for all t and q creeps up to the angle where the drive
 * torque equals F: q∞ = q_d − F/(M·kp) = 90° − 15.5° = 74.5°, reached only
 * asymptotically (71.1° at t = 4 s). Cisneros reports "around 70 deg".
 *
 * Row k: the state at t_k and the torques of the step ending at t_k (row 0:
 * the initial state, τ_r it computes, τ_f = 0).
 */
#include <math.h>
#include <stddef.h>

#include "fric_examples.h"
#include "scenario_internal.h"
#include "base.h"

enum { P_CASE, P_LAW, P_FC_CV, P_FS, P_FC_ST, P_VS_ST, P_FC_RA, P_VS_RA, P_D, P_ALPHA,
       P_INTEGRAL, P_KP, P_KV, P_LAMBDA, P_M, P_K, P_B, P_T, P_DURATION, P_QD, P_FRICTION,
       P_EPS, P_EVERY, N_PARAMS };
enum { C_FIG12, C_FIG13, C_CUSTOM };

#define HALF_PI 1.5707963267948966
#define PI_ 3.141592653589793
/* M = τ_r(0)/(kp·π/2) with τ_r(0) = 5.8 N·m, kp = 20 s⁻² (Cisneros §V-B) */
#define M_CISNEROS (5.8 / (20 * HALF_PI))

static const char *const case_names[] = { "fig12", "fig13", "custom" };
static const char *const onoff_names[] = { "off", "on" };
/* The treatments offered (fric_treatment, friction.h), in the order of the
 * `friction` choice. */
#define OFFERED(X) X(IMPLICIT) X(APPROX) X(IMPLICIT_D) X(EXPLICIT) X(KARNOPP)
FRIC__OFFERED(OFFERED);

static const char *const case_help[] = {
    "Cisneros Fig. 12, PD control kp = 20 1/s², kv = 2 1/s, no integral term: the "
    "joint stops short of 90°",
    "Cisneros Fig. 13, kp = 50 1/s², kv = 14 1/s with the integral term (λ = 1 1/s): "
    "it drives the joint on past the angle where fig12 stops",
    "Integral term, kp and kv as you give them",
};
static const char *const onoff_help[] = {
    "No integral compensation, τ_p = 0",
    "Integral compensation τ_p of Cisneros eq. 51 with gain K_I = λ·M",
};
FRIC__OFFERED_HELP(FRIC_TREATMENT_HELP(IMPLICIT) "; here element C on the joint velocity "
                   "(Kikuuwe eq. 38), as in Cisneros's simulator",
                   FRIC_TREATMENT_HELP(APPROX), FRIC_TREATMENT_HELP(IMPLICIT_D),
                   FRIC_TREATMENT_HELP(EXPLICIT), FRIC_TREATMENT_HELP(KARNOPP));

/* The time step the driver counts the run in (fric_scenario_driver.clock_step). */
#define CLOCK_STEP "T"

static const fric_param_info params[N_PARAMS] = {
    [P_CASE] = FRIC__CASE_PARAM(C_FIG12,
                                "paper figure to reproduce, or custom (integral, kp, kv as given)"),
    [P_LAW] = FRIC__LAW_PARAM(FRIC_STRIBECK,
                    "friction law: coulomb-viscous (Cisneros eq. 19), stribeck (eq. 21, Fig. 3), "
                    "rational (eq. 33, Fig. 7)",
                    "friction law Φ(q̇)"),
    [P_FC_CV] = { "Fc_cv", 1.0, 0, 1e4, "N·m", "coulomb-viscous: dry friction F (Cisneros §V-B: "
                  "1.0 N·m)", NULL, 0, 0, .label = "Coulomb level F (coulomb-viscous)",
                  .lo = 0, .hi = 5 },
    [P_FS] = { "Fs", 2.5, 0, 1e4, "N·m", "stribeck, rational: static friction F_S (2.5 N·m)",
               NULL, 0, 0, .label = "static level F_S", .lo = 0, .hi = 10 },
    [P_FC_ST] = { "Fc_stribeck", 0.4, 0, 1e4, "N·m", "stribeck: Coulomb level F_C (Fig. 3: "
                  "0.4 N·m)", NULL, 0, 0, .label = "Coulomb level F_C (stribeck)",
                  .lo = 0, .hi = 5 },
    [P_VS_ST] = { "vs_stribeck", 0.06, 1e-6, 10, "rad/s", "stribeck: velocity v_S (Fig. 3: "
                  "0.06 rad/s)", NULL, 0, 0, .label = "Stribeck velocity v_S (stribeck)",
                  .lo = 1e-3, .hi = 1, .log = 1 },
    [P_FC_RA] = { "Fc_rational", 0.2, 0, 1e4, "N·m", "rational: Coulomb level F_C (Fig. 7: "
                  "0.2 N·m)", NULL, 0, 0, .label = "Coulomb level F_C (rational)",
                  .lo = 0, .hi = 5 },
    [P_VS_RA] = { "vs_rational", 0.04, 1e-6, 10, "rad/s", "rational: velocity v_S (Fig. 7: "
                  "0.04 rad/s)", NULL, 0, 0, .label = "Stribeck velocity v_S (rational)",
                  .lo = 1e-3, .hi = 1, .log = 1 },
    [P_D] = { "D", 4.5, 0, 1e4, "N·m·s/rad", "viscous coefficient D, all laws (4.5 N·m·s/rad)",
              NULL, 0, 0, .label = "viscous D", .lo = 0, .hi = 20 },
    [P_ALPHA] = { "alpha", 1, 1, 10, "", "stribeck: exponent alpha (Cisneros uses 1; the laws "
                  "require alpha >= 1)", NULL, 0, 0, .label = "Stribeck exponent α",
                  .lo = 1, .hi = 4 },
    [P_INTEGRAL] = { "integral", 0, 0, 1, "choice", "integral compensation tau_p of eq. 51 "
                     "(case=custom only)", onoff_names, 2, 0,
                     .fixed_by_case = 1, .label = "integral term τ_p", .choice_help = onoff_help },
    [P_KP] = { "kp", 20, 0, 1e4, "1/s²", "PD gain k_p of eq. 50 (case=custom only)", NULL, 0, 0,
               .fixed_by_case = 1, .label = "gain k_p", .lo = 0, .hi = 200 },
    [P_KV] = { "kv", 2, 0, 1e4, "1/s", "PD gain k_v of eq. 50 (case=custom only)", NULL, 0, 0,
               .fixed_by_case = 1, .label = "gain k_v", .lo = 0, .hi = 50 },
    [P_LAMBDA] = { "lambda", 1, 0, 1e4, "1/s", "integral gain K_I = lambda·M of eq. 51 (Fig. 13: "
                   "1 1/s)", NULL, 0, 0, .label = "integral gain λ", .lo = 0, .hi = 10 },
    [P_M] = { "M", M_CISNEROS, 1e-4, 100, "kg·m²", "joint inertia M, from the reported "
              "initial torque 5.8 N·m = M·kp·pi/2 with kp = 20 (Cisneros §V-B)", NULL, 0, 0,
              .label = "inertia M", .lo = 0.01, .hi = 1, .log = 1 },
    [P_K] = { "K", 5000, 0, 1e9, "N·m/rad", "contact stiffness K of element C (5000)", NULL, 0, 0,
              .label = "contact stiffness K", .lo = 100, .hi = 1e6, .log = 1 },
    [P_B] = { "B", 50, 0, 1e6, "N·m·s/rad", "contact damping B of element C (50)", NULL, 0, 0,
              .label = "contact damping B", .lo = 1, .hi = 1e3, .log = 1 },
    [P_T] = { "T", 0.001, 1e-6, 0.1, "s", "time step T (1 ms)", NULL, 0, 0,
              .label = "time step T", .lo = 1e-4, .hi = 1e-2, .log = 1 },
    [P_DURATION] = FRIC__DURATION_PARAM(5, 1e5, 0.5, 20),
    [P_QD] = { "q_d", HALF_PI, -2 * PI_, 2 * PI_, "rad", "step target q_d (90 deg = 1.5708 rad)",
               NULL, 0, 0, .label = "target angle q_d", .lo = -PI_, .hi = PI_ },
    [P_FRICTION] = { "friction", 0, 0, N_OFFERED - 1, "choice",
                     "implicit: element C on the joint velocity (Cisneros); approx: the same "
                     "with Kikuuwe eq. 46; implicit-d: element D (inertia inside the implicit "
                     "step); explicit: Φ(dq); karnopp: Kikuuwe eq. 3 with eps",
                     friction_names, N_OFFERED, 0,
                     .label = "friction treatment", .choice_help = friction_help },
    [P_EPS] = { "eps", 1e-3, 0, 1, "rad/s", "Karnopp's zero-velocity threshold eps", NULL, 0, 0,
                .label = "Karnopp band ε", .lo = 1e-5, .hi = 1e-1, .log = 1 },
    [P_EVERY] = FRIC__EVERY_PARAM(1),
};

/* The columns: X(name, unit, help, the value a row writes from the state)
 * (FRIC__COL_INFO, FRIC__COL_ROW). */
#define COLS(X)                                                                                   \
    X("t", "s", "time t_k = k·T", fric_scenario_clock_t(&s->run.clk))                             \
    X("q", "rad", "joint angle q", s->q)                                                          \
    X("dq", "rad/s", "joint velocity dq/dt", s->dq)                                               \
    X("q_d", "rad", "desired angle q_d (the step)", s->cfg.q_d)                                   \
    X("tau_r", "N·m", "reference torque tau_r = tau_c + tau_p sent to the joint (eqs. 50-51)",    \
      s->tau_r)                                                                                   \
    X("tau_p", "N·m", "integral compensation tau_p of eq. 51 (0 without it)", s->tau_p)           \
    X("tau_f", "N·m", "friction torque subtracted from tau_r", s->tau_f)                          \
    X("stuck", "", "1 when the friction treatment held static friction in the step: element "     \
      "C/D v* within the static band; explicit dq = 0; karnopp |dq| <= eps and "                  \
      "|tau_r| <= Φ(+0)", s->stuck)                                                             \
    X("reversals", "", "sign reversals of the contact's slip velocity so far (element C/D: "      \
      "v of Kikuuwe eq. 39, 0 while stuck; explicit, karnopp: dq)", s->rev.count)
static const fric_col_info cols[] = { COLS(FRIC__COL_INFO) };
#define N_COLS ((int)(sizeof cols / sizeof cols[0]))

/* Parameters of a run (replaced as a whole by retune). */
typedef struct {
    fric_law law;
    fric_elem_def def;      /* M [kg·m²], K [N·m/rad], B [N·m·s/rad], T [s], xform */
    fric_treatment treatment; /* one of offered[]                              */
    int integral;           /* eq. 51 on (1) or off (0)                        */
    double kp, kv, lambda;  /* [1/s²], [1/s], [1/s]                            */
    double q_d;             /* [rad]                                           */
    double eps;             /* Karnopp threshold [rad/s]                       */
} joint_cfg;

typedef struct {
    fric_scenario_run run;  /* the driver's: t_k, step k, every, started       */
    joint_cfg cfg;
    double q, dq;           /* [rad], [rad/s]                                  */
    double I;               /* ∫q̈_r dt [rad/s]                                 */
    double tau_r, tau_p, tau_f;   /* of the last step [N·m]                    */
    fric_elem_c c;          /* contact deflection e [rad], f [N·m]; element C,
                               and element D through it                        */
    int stuck;
    fric_ex_reversals rev;
} joint_state;

/* The joint's law, element (C or D: the treatment) and controller from p,
 * after the case's figure values (fric_scenario_driver.configure). */
static int configure(void *cfg, fric_scenario_run *run, const void *running, const double *p_in,
                     const char **why)
{
    const fric_scenario *sc = &fric_scenario_joint_step;
    joint_cfg *c = cfg;
    (void)run;
    (void)running;
    static const fric_ex_fixed figs[] = {
        { P_INTEGRAL, 0 }, { P_KP, 20 }, { P_KV, 2 },     /* fig12 */
        { P_INTEGRAL, 1 }, { P_KP, 50 }, { P_KV, 14 } };  /* fig13 */
    double p[N_PARAMS];
    if (fric_ex_apply_case(sc, p_in, p, P_CASE, figs, 3, why)) return 1;
    fric_kind kind = (fric_kind)p[P_LAW];
    switch (kind) {
    case FRIC_COULOMB_VISCOUS:
        c->law = (fric_law){ kind, 0, p[P_FC_CV], 0, p[P_D], 1 };
        break;
    case FRIC_STRIBECK:
        c->law = (fric_law){ kind, p[P_FS], p[P_FC_ST], p[P_VS_ST], p[P_D], p[P_ALPHA] };
        break;
    default:
        c->law = (fric_law){ kind, p[P_FS], p[P_FC_RA], p[P_VS_RA], p[P_D], 1 };
        break;
    }
    c->treatment = offered[(int)p[P_FRICTION]];
    c->def = (fric_elem_def){ p[P_M], p[P_K], p[P_B], p[P_T],
                              fric_treatment_xform(c->treatment) };
    c->integral = (int)p[P_INTEGRAL];
    c->kp = p[P_KP];
    c->kv = p[P_KV];
    c->lambda = p[P_LAMBDA];
    c->q_d = p[P_QD];
    c->eps = p[P_EPS];

    const char *w = NULL;
    int bad;
    switch (c->treatment) {
    case FRIC_TREATMENT_IMPLICIT:
    case FRIC_TREATMENT_APPROX: bad = fric_elem_check(FRIC_ELEM_C, &c->def, &c->law, &w); break;
    case FRIC_TREATMENT_IMPLICIT_D: bad = fric_elem_check(FRIC_ELEM_D, &c->def, &c->law, &w); break;
    default: bad = fric_law_check_params(&c->law, &w); break;
    }
    if (bad) {
        static const char *const law_params[] = {
            "Fc_cv, D", "Fs, Fc_stribeck, vs_stribeck, D, alpha", "Fs, Fc_rational, vs_rational, D"
        };
        return fric_ex_refuse(why, w, "joint-step (law = %s, parameters %s; friction = %s with "
                              "M, K, B, T)", fric_law_names[kind], law_params[kind],
                              fric_treatment_name(c->treatment));
    }
    return 0;
}

/* At rest at q = 0 (a retune keeps q, dq, the integral, the contact and
 * time). */
static int start(void *state, const double *p, const char **why)
{
    (void)p;
    (void)why;
    joint_state *s = state;
    s->tau_r = s->cfg.def.M * (s->cfg.kp * s->cfg.q_d);   /* τ_r at q = q̇ = 0 (eqs. 50-51) */
    return 0;
}

/* One step T of the joint (to step k + 1); 0, or 1 with *why when the state
 * stopped being finite. */
static int advance(void *state, const char **why)
{
    joint_state *s = state;
    const joint_cfg *c = &s->cfg;
    const fric_elem_def *d = &c->def;
    double T = d->T, M = d->M, K = d->K, G = d->B + T * K, dq = s->dq, e1 = s->c.e;
    double qdd_r = c->kp * (c->q_d - s->q) - c->kv * dq;                 /* eq. 50 */
    s->tau_p = c->integral ? c->lambda * M * (s->I - dq) : 0;           /* eq. 51 */
    s->tau_r = M * qdd_r + s->tau_p;
    double slip = dq;
    switch (c->treatment) {
    case FRIC_TREATMENT_IMPLICIT:
    case FRIC_TREATMENT_APPROX:
        s->stuck = fric_ex_static(&c->law, d->xform, 1 / G, dq + K * e1 / G);   /* eq. 38a */
        s->tau_f = fric_elem_c_step(&c->law, d, &s->c, dq);                      /* eq. 38 */
        slip = s->stuck ? 0 : dq - (s->c.e - e1) / T;                            /* eq. 39 */
        s->dq = dq + T / M * (s->tau_r - s->tau_f);
        break;
    case FRIC_TREATMENT_IMPLICIT_D: {
        double A = (T * T * K + T * d->B + M) / (M * G);                         /* eq. 44 */
        fric_elem_d el = { .u = dq, .e = e1, .f = s->c.f };
        s->stuck = fric_ex_static(&c->law, d->xform, A,
                                  dq + T * s->tau_r / M + K * e1 / G);           /* eq. 45a */
        s->tau_f = fric_elem_d_step(&c->law, d, &el, s->tau_r);                 /* eq. 45 */
        s->dq = el.u;
        s->c.e = el.e;
        s->c.f = el.f;
        slip = s->stuck ? 0 : s->dq - (el.e - e1) / T;                           /* eq. 39 */
        break;
    }
    case FRIC_TREATMENT_EXPLICIT:
        s->stuck = dq == 0;
        s->tau_f = fric_explicit_force(&c->law, dq);
        s->dq = dq + T / M * (s->tau_r - s->tau_f);
        break;
    default: /* FRIC_TREATMENT_KARNOPP */
        s->stuck = fabs(dq) <= c->eps && fabs(s->tau_r) <= fric_phi_plus0(&c->law);
        s->tau_f = fric_karnopp_force(&c->law, c->eps, dq, s->tau_r);           /* eq. 3 */
        s->dq = dq + T / M * (s->tau_r - s->tau_f);
        break;
    }
    s->q += T * s->dq;
    s->I += T * qdd_r;
    s->rev.count += fric__reversal(&s->rev.last, slip);
    if (isfinite(s->q) && isfinite(s->dq) && isfinite(s->I) && isfinite(s->tau_f) &&
        isfinite(s->tau_r))
        return 0;
    long long k = s->run.clk.k + 1;
    if (why)
        *why = fric__fail_id(FRIC_E_NONFINITE, -1, "cisneros.joint_step_step",
                   "joint-step: step {k} (t = {k2} s): the state is no longer finite (q = {q} rad, "
                   "dq = {dq} rad/s, tau_r = {tau_r} N·m, tau_f = {tau_f} N·m, integral = {i} "
                   "rad/s); lower T or the gains kp, kv, lambda.",
                   fric__values(fric__i("k", k), fric__g("k2", fric_scenario_clock_t_at(&s->run.clk, k)),
                                fric__g("q", s->q), fric__g("dq", s->dq), fric__g("tau_r", s->tau_r),
                                fric__g("tau_f", s->tau_f), fric__g("i", s->I)));
    return 1;
}

FRIC__COL_ROW_FN(write_row, joint_state, s)

const fric_scenario fric_scenario_joint_step = {
    FRIC__DRIVEN(joint_state, joint_cfg, configure, start, advance, write_row, NULL, NULL),
    .name = "joint-step",
    .summary = "Cisneros et al. §V, Figs. 12-13: a joint of inertia M = 0.185 kg·m² under a compliant "
    "computed-torque PD (eq. 50) steps from 0 to 90 deg with friction through Kikuuwe's "
    "model-C element (K = 5000, B = 50, T = 1 ms). case=fig12 (kp = 20, kv = 2): Stribeck "
    "and rational stiction stop the joint near 70 deg, Coulomb-viscous creeps towards "
    "74.5 deg; case=fig13 (integral term eq. 51, kp = 50, kv = 14): a sawtooth as tau_r "
    "ramps up to the 2.5 N·m breakaway torque. friction=explicit or karnopp chatter/drift.",
    .title = "Compliant joint, 0 → 90° step (Cisneros Figs. 12–13)",
    .blurb = "A harmonic-drive joint under a low-gain computed-torque PD (Cisneros et al. eq. 50) "
    "steps from 0 to 90°. With stiction (Stribeck, rational) the joint sticks short of the "
    "goal once the PD torque falls below the static friction: 71.86° (Stribeck) and 70.55° "
    "(rational) at t = 5 s. Coulomb-viscous friction has no stiction and is still creeping "
    "(72.94° at 5 s). The paper reports 69.9° and 68.4°; with the inertia inferred from its"
    " 5.8 N·m initial torque these runs stop about 2° later (see docs/systems.md). Switch "
    "case to fig13 to add the integral term (eq. 51), and look at Stribeck: the joint "
    "overshoots to 99.4° and sticks at t = 1.96 s; the integral term ramps the reference "
    "torque down until it reaches the 2.5 N·m breakaway torque (−2.5 N·m at t = 4.43 s), "
    "and the joint breaks away and moves back towards the goal (92.5° at 5 s)."
};
