/*
 * chain_step.c: one step of a fric_chain.h model with joint friction and
 * ground contacts (fric_chain_sim.h, where the procedure is stated): the
 * implicit method (paper §II-C, eqs. 19-24; sheet §2), the semi-implicit
 * method (paper §III, eqs. 25-29, steps 1-10; sheet §3), the exact coupled
 * joint solve (reference), Runge–Kutta–Gill and the sampled PID (sheet §4).
 * The bounded least squares is in chain_qp.c, the Cholesky factor in
 * core/base/linalg.c.
 */
#include <assert.h>
#include <math.h>
#include <string.h>

#include "base.h"
#include "chain_internal.h"
#include "fric_chain_sim.h"

const char *const fric_chain_method_names[FRIC_CHAIN_N_METHODS] = {
    "implicit", "semi-implicit", "coupled"
};
const char *const fric_chain_joint_step_names[FRIC_CHAIN_N_JOINT_STEPS] = {
    "paper", "fixed", "phi-z"
};

/* pid_period / h may differ from a whole number by this much (relative). */
#define PERIOD_REL 1e-9

fric_chain_sim fric_chain_sim_default(const fric_chain_model *model)
{
    fric_chain_sim s = { model, 1e-3, FRIC_CHAIN_SEMI_IMPLICIT, FRIC_CHAIN_JOINT_PHI_Z,
                         1e-3, 20.0, 20.0, 20.0, NULL, 0, 2e-3 };
    return s;
}

fric_law fric_chain_motor_law(const fric_chain_motor *u)
{
    fric_law l;
    if (u->tau_fs > u->tau_fk && u->eta > 0) {   /* sheet §1: fric(v), eqs. 7-9 */
        l.kind = FRIC_STRIBECK;
        l.Fs = u->tau_fs;
        l.Fc = u->tau_fk;
        l.vs = 1.0 / u->eta;
    } else {                                     /* no Stribeck excess or no decay */
        l.kind = FRIC_COULOMB_VISCOUS;
        l.Fs = u->tau_fs;
        l.Fc = u->tau_fs;
        l.vs = 1.0;
    }
    l.D = u->C_tau;
    l.alpha = 1.0;
    return l;
}

/* A gear without friction (τ_fs = 0 and C_τ = 0; then τ_fk = 0 too) has no
 * law of friction.h (which asks for Fc > 0 or D > 0): its τ_f is 0. */
static int no_friction(const fric_chain_motor *u)
{
    return u->tau_fs == 0 && u->C_tau == 0;
}

/* A_q,i = g_i h / (γ_i² I_M,i), eq. (25) with the sheet's g_i (A2). */
static double joint_A_q(const fric_chain_motor *u, double h)
{
    return u->g * h / fric_chain_motor_J(u);
}

fric_status fric_chain_sim_check(const fric_chain_sim *s, const char **why)
{
    const char *m = NULL, *e = NULL;
    if (!s || !s->model) {
        m = fric__fail_id(FRIC_E_NULL, -1, "chain.chain_simulation_model",
                "the chain simulation or its model is NULL; pass a fric_chain_sim with a model.",
                fric__no_values);
    } else if (fric_chain_check(s->model, &e)) {
        m = e;
    } else if (!(isfinite(s->h) && s->h > 0)) {
        m = fric__say_id("chain.h_finite_time",
                "h = {h} must be a finite time step > 0 s (the paper uses 1e-3).",
                fric__values(fric__g("h", s->h)));
    } else if ((int)s->method < 0 || s->method >= FRIC_CHAIN_N_METHODS) {
        m = fric__say_id("chain.method_not_implicit",
                "method = {method} is not one of implicit (0), semi-implicit (1), coupled (2).",
                fric__values(fric__i("method", (int)s->method)));
    } else if ((int)s->joint < 0 || s->joint >= FRIC_CHAIN_N_JOINT_STEPS) {
        m = fric__say_id("chain.joint_step_not",
                "joint step = {joint} is not one of paper (0), fixed (1), phi-z (2).",
                fric__values(fric__i("joint", (int)s->joint)));
    } else if (!(isfinite(s->rho) && s->rho > 0)) {
        m = fric__say_id("chain.rho_finite_relative",
                "rho = {rho} must be a finite relative regularization > 0 (sheet 5 uses 1e-3).",
                fric__values(fric__g("rho", s->rho)));
    } else if (!(isfinite(s->k_q) && s->k_q >= 0)) {
        m = fric__say_id("chain.k_q_finite",
                "k_q = {k_q} must be a finite drift gain >= 0 1/s.",
                fric__values(fric__g("k_q", s->k_q)));
    } else if (!(isfinite(s->k_v) && s->k_v >= 0)) {
        m = fric__say_id("chain.k_v_finite",
                "k_v = {k_v} must be a finite drift gain >= 0 1/s.",
                fric__values(fric__g("k_v", s->k_v)));
    } else if (!(isfinite(s->k_M) && s->k_M >= 0)) {
        m = fric__say_id("chain.k_m_finite",
                "k_M = {k_M} must be a finite drift gain >= 0 1/s.",
                fric__values(fric__g("k_M", s->k_M)));
    } else if (s->method == FRIC_CHAIN_COUPLED && s->model->n > FRIC_CHAIN_SIM_COUPLED_MAX_N) {
        m = fric__say_id("chain.n_joints_coupled",
                "n = {n} joints: the coupled reference method takes at most "
                "{chain_sim_coupled_max_n}; use the implicit or semi-implicit method.",
                fric__values(fric__i("n", s->model->n),
                             fric__i("chain_sim_coupled_max_n", FRIC_CHAIN_SIM_COUPLED_MAX_N)));
    } else if (s->gains && s->n_gains != 1 && s->n_gains != s->model->n) {
        m = fric__say_id("chain.n_gains_shared",
                "n_gains = {n_gains} must be 1 (shared) or n = {n} (one per joint).",
                fric__values(fric__i("n_gains", s->n_gains), fric__i("n", s->model->n)));
    } else if (s->gains) {
        for (int i = 0; i < s->n_gains && !m; i++) {
            const fric_chain_gains *g = &s->gains[i];
            if (!(isfinite(g->K_P) && isfinite(g->K_I) && isfinite(g->K_D)))
                m = fric__say_id("chain.pid_gains_joint",
                        "PID gains of joint {i} (K_P = {k_p}, K_I = {k_i}, K_D = {k_d}) must be "
                        "finite.",
                        fric__values(fric__i("i", i + 1), fric__g("k_p", g->K_P), fric__g("k_i", g->K_I),
                                     fric__g("k_d", g->K_D)));
        }
        double ratio = s->pid_period / s->h;
        if (!m && !(isfinite(ratio) && ratio >= 1 - PERIOD_REL &&
                    fabs(ratio - round(ratio)) <= PERIOD_REL * ratio))
            m = fric__say_id("chain.pid_period_s_2",
                    "pid_period = {pid_period} s must be a whole multiple (>= 1) of h = {h} s (the "
                    "paper samples every 2 ms at h = 1 ms).",
                    fric__values(fric__g("pid_period", s->pid_period), fric__g("h", s->h)));
    }
    for (int i = 0; !m && i < s->model->n; i++) {
        const fric_chain_motor *u = &s->model->motors[i];
        double drop = u->eta * (u->tau_fs - u->tau_fk);
        if (!(u->C_tau >= drop)) {
            m = fric__say_id("chain.motor_c_tau",
                    "motor {i}: C_tau = {C_tau} N·m·s/rad must be >= eta·(tau_fs - tau_fk) = {drop}"
                    " so that the gear friction is monotone and every implicit joint solve unique "
                    "(sheet 1); raise C_tau or lower eta.",
                    fric__values(fric__i("i", i + 1), fric__g("C_tau", u->C_tau), fric__g("drop", drop)));
            break;
        }
        fric_law law = fric_chain_motor_law(u);
        if (!no_friction(u) && fric_law_check(&law, joint_A_q(u, s->h), &e))
            m = fric__reword("motor %d gear friction (Z = A_q = %g): %s", i + 1,
                             joint_A_q(u, s->h), e);
    }
    if (why) *why = m ? m : "";
    return m ? fric__rc() : FRIC_OK;
}

fric_status fric_chain_sim_init(const fric_chain_sim *s, fric_chain_state *x, const double *q0,
                                const double *dq0, const char **why)
{
    int rc = fric_chain_sim_check(s, why);
    if (rc) return rc;
    const fric_chain_model *c = s->model;
    memset(x, 0, sizeof *x);
    for (int i = 0; i < c->n; i++) {
        x->q[i] = q0 ? q0[i] : 0.0;
        x->dq[i] = dq0 ? dq0[i] : 0.0;
        x->q_r[i] = x->q[i];
        x->q_d[i] = x->q[i];
    }
    x->pid_on = s->gains != NULL;
    return fric_chain_sim_retune(s, x, why);
}

fric_status fric_chain_sim_retune(const fric_chain_sim *s, fric_chain_state *x, const char **why)
{
    int rc = fric_chain_sim_check(s, why);
    if (rc) return rc;
    const fric_chain_model *c = s->model;
    for (int i = 0; i < c->n; i++) {
        x->A_q[i] = joint_A_q(&c->motors[i], s->h);
        memset(&x->elem[i], 0, sizeof x->elem[i]);
        if (no_friction(&c->motors[i])) continue;
        fric_law law = fric_chain_motor_law(&c->motors[i]);
        rc = fric_elem_a_var_init(&x->elem[i], &law, x->A_q[i], why);   /* checked above */
        assert(rc == 0);
    }
    if (!s->gains) x->pid_on = 0;
    x->pid_every = s->gains ? (int)round(s->pid_period / s->h) : 1;
    if (why) *why = "";
    return FRIC_OK;
}

/* ------------------------------------------------------------- workspace */

typedef struct {
    double *p, *end;
} bump;

static double *take(bump *b, size_t k)
{
    double *r = b->p;
    b->p += k;
    assert(b->p <= b->end);
    return r;
}

/* What a step computes before it commits (the state stays untouched until
 * every number is finite). */
typedef struct {
    int n, ma;                        /* joints, active contacts               */
    int act[FRIC_CHAIN_MAX_CONTACTS]; /* candidate index of active contact j   */
    double pr[FRIC_CHAIN_MAX_CONTACTS];   /* tangential references        [m]  */
    double px[FRIC_CHAIN_MAX_CONTACTS];   /* x of the candidates at q_k   [m]  */
    double dv[2 * FRIC_CHAIN_MAX_CONTACTS]; /* d_v of the active ones    [m]  */
    double fa[2 * FRIC_CHAIN_MAX_CONTACTS]; /* their forces (f_t, f_n)   [N]  */
    unsigned char cclip[FRIC_CHAIN_MAX_CONTACTS]; /* clipped by (20)          */
    double *J;                        /* 2ma × n, rows (x, y) per active contact */
    double *e, *integ;                /* controller output, integral            */
    double *arm;                      /* Γ²I_M                     [kg·m²]      */
    double *tau_f;                    /* joint friction                [N·m]    */
    unsigned char *stuck;             /* joint stuck                            */
    double *tau0;                     /* E_M e − D_M q̇ + τ_ext         [N·m]    */
    double *acc0;                     /* q̈[k] when the method computed it, else
                                         NULL (RKG's first stage)   [rad/s²]    */
} step_vars;

/* ------------------------------------------------------------ controller */

/* Eqs. (30)-(31) as the sheet reads them (§4, A4): every pid_every steps,
 * e_i = sat(e_max_i, γ_i (K_P ε_i + K_I ∫ε_i − K_D q̇_i)), ε_i = q_d,i − q_i,
 * ∫ε += ε·T first (rectangle rule); zero-order hold between samples. */
static void control(const fric_chain_sim *s, const fric_chain_state *x, double *e, double *integ)
{
    int n = s->model->n;
    memcpy(e, x->e, (size_t)n * sizeof *e);
    memcpy(integ, x->pid_int, (size_t)n * sizeof *integ);
    if (!s->gains || !x->pid_on) {
        memset(e, 0, (size_t)n * sizeof *e);
        return;
    }
    if (x->k % x->pid_every) return;
    double T = x->pid_every * s->h;
    for (int i = 0; i < n; i++) {
        const fric_chain_gains *g = &s->gains[s->n_gains == 1 ? 0 : i];
        const fric_chain_motor *u = &s->model->motors[i];
        double eps = x->q_d[i] - x->q[i];
        integ[i] += eps * T;
        double v = u->gamma * (g->K_P * eps + g->K_I * integ[i] - g->K_D * x->dq[i]);
        e[i] = fmin(u->e_max, fmax(-u->e_max, v));
    }
}

/* ----------------------------------------------------------------- clips */

/* Clip (21) of a candidate joint friction τ [N·m] at the step-start velocity
 * dq (sheet §2.4, A6): kept when |τ| <= τ_fs, else −fric(q̇_i[k]) with
 * fric(0) = +τ_fs (sgn(0) = +1, PAPER) or sgn(τ)·τ_fs at q̇ = 0 (FIXED). */
static double clip21(const fric_chain_motor *u, fric_chain_joint_step mode, double tau, double dq,
                     int *clipped)
{
    *clipped = fabs(tau) > u->tau_fs;
    if (!*clipped) return tau;
    if (no_friction(u)) return 0;
    if (dq == 0 && mode != FRIC_CHAIN_JOINT_PAPER) return tau > 0 ? u->tau_fs : -u->tau_fs;
    fric_law law = fric_chain_motor_law(u);
    return -(dq == 0 ? fric_phi_plus0(&law) : fric_phi(&law, dq));
}

/* Clip (20) planar, with the sheet's fixes (A5): when |f_t| > μ_s f_n,
 * f_t <- −μ_k f_n sgn(v_t) (v_t = tangential velocity J_x q̇[k]), or
 * μ_k f_n sgn(f_t) when v_t = 0; f_n kept. */
static void clip20(const fric_chain_model *c, const double *dq, step_vars *v)
{
    int n = c->n;
    for (int j = 0; j < v->ma; j++) {
        double *ft = &v->fa[2 * j], fn = v->fa[2 * j + 1];
        v->cclip[j] = fabs(*ft) > c->mu_s * fn;
        if (!v->cclip[j]) continue;
        double vt = 0;
        for (int i = 0; i < n; i++) vt += v->J[2 * j * n + i] * dq[i];
        double dir = vt != 0 ? -(vt > 0 ? 1.0 : -1.0) : (*ft > 0 ? 1.0 : -1.0);
        *ft = c->mu_k * fn * dir;
    }
}

/* λ = ρ mean(diag A)² (sheet §5), kept > 0 for a zero A (a contact on a
 * Jacobian that vanishes). */
static double reg(int u, const double *A, double rho)
{
    double s = 0;
    for (int i = 0; i < u; i++) s += A[i * u + i];
    s /= u;
    return fmax(rho * s * s, 1e-300);
}

/* ------------------------------------------------------- implicit (§II-C) */

static int implicit_forces(const fric_chain_sim *s, const fric_chain_state *x, bump *b,
                           fric_chain_ws *dyn, step_vars *v)
{
    const fric_chain_model *c = s->model;
    int n = v->n, m2 = 2 * v->ma, u = m2 + n;
    double h = s->h;
    double *H = take(b, (size_t)n * n), *Hi = take(b, (size_t)n * n);
    double *X = take(b, (size_t)m2 * n), *A = take(b, (size_t)u * u);
    double *r = take(b, (size_t)u), *fM = take(b, (size_t)u), *v0 = take(b, (size_t)n);
    double *bq = take(b, (size_t)n);
    double *qw = take(b, (size_t)FRIC_CHAIN_BLSQ_WS(u, v->ma));

    /* H_M = H + Γ²I_M (CRBA), its factor and inverse: O(n³) */
    fric_chain_mass(c, x->q, H, dyn);
    for (int i = 0; i < n; i++) H[i * n + i] += v->arm[i];
    if (fric__chol(n, H)) {
        fric__fail_id(FRIC_E_NONFINITE, -1, "chain.chain_step_t",
            "chain step at t = {t} s: the mass matrix H_M is not positive definite.",
            fric__values(fric__g("t", x->t)));
        return fric__rc();
    }
    for (int j = 0; j < n; j++) {
        double *col = Hi + j * n;     /* column j = row j (symmetric) */
        memset(col, 0, (size_t)n * sizeof *col);
        col[j] = 1;
        fric__chol_solve(n, H, col);
    }
    /* v0 = h H_M⁻¹ (E_M e − b_M + τ_ext) + q̇: the velocity without f_M */
    fric_chain_bias(c, x->q, x->dq, bq, dyn);
    for (int i = 0; i < n; i++) v0[i] = v->tau0[i] - bq[i];
    fric__chol_solve(n, H, v0);
    for (int i = 0; i < n; i++) v0[i] = x->dq[i] + h * v0[i];

    /* A_M = h J_M H_M⁻¹ J_Mᵀ with J_M = [J; I_n] (sheet §2.2) */
    for (int a = 0; a < m2; a++)
        for (int j = 0; j < n; j++) {
            double t = 0;
            for (int k = 0; k < n; k++) t += v->J[a * n + k] * Hi[k * n + j];
            X[a * n + j] = t;
        }
    for (int a = 0; a < m2; a++) {
        for (int bb = 0; bb < m2; bb++) {
            double t = 0;
            for (int k = 0; k < n; k++) t += X[a * n + k] * v->J[bb * n + k];
            A[a * u + bb] = h * t;
        }
        for (int j = 0; j < n; j++) {
            A[a * u + m2 + j] = h * X[a * n + j];
            A[(m2 + j) * u + a] = h * X[a * n + j];
        }
    }
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) A[(m2 + i) * u + m2 + j] = h * Hi[i * n + j];
    /* r = c_M + k_M d_M, c_M = J_M v0 */
    for (int a = 0; a < m2; a++) {
        double t = 0;
        for (int k = 0; k < n; k++) t += v->J[a * n + k] * v0[k];
        r[a] = t + s->k_M * v->dv[a];
    }
    for (int i = 0; i < n; i++) r[m2 + i] = v0[i] + s->k_M * (x->q[i] - x->q_r[i]);

    int bounded[FRIC_CHAIN_MAX_CONTACTS];
    for (int j = 0; j < v->ma; j++) bounded[j] = 2 * j + 1;
    int rc = fric_chain_blsq(u, A, r, reg(u, A, s->rho), bounded, v->ma, fM, qw);
    if (rc) return rc;

    memcpy(v->fa, fM, (size_t)m2 * sizeof *fM);
    clip20(c, x->dq, v);
    fric_chain_joint_step mode = s->joint == FRIC_CHAIN_JOINT_PAPER ? FRIC_CHAIN_JOINT_PAPER
                                                                   : FRIC_CHAIN_JOINT_FIXED;
    for (int i = 0; i < n; i++) {
        const fric_chain_motor *mu = &c->motors[i];
        int clipped;
        v->tau_f[i] = clip21(mu, mode, fM[m2 + i] / mu->g, x->dq[i], &clipped);
        v->stuck[i] = !clipped;
    }
    return FRIC_OK;
}

/* ------------------------------------------------ semi-implicit (§III) */

/* Steps 2-3: each joint from its own scalar problem (25)-(27), τ_prev (A7). */
static void joint_semi(const fric_chain_sim *s, const fric_chain_state *x, step_vars *v)
{
    const fric_chain_model *c = s->model;
    for (int i = 0; i < v->n; i++) {
        const fric_chain_motor *u = &c->motors[i];
        double Jm = v->arm[i], Aq = x->A_q[i];
        double cq = (fric_chain_motor_E(u) * v->e[i] - fric_chain_motor_D(u) * x->dq[i] -
                     x->tau_prev[i]) * s->h / Jm + x->dq[i];                 /* (26) */
        double xq = cq + s->k_q * (x->q[i] - x->q_r[i]);
        if (no_friction(u)) {
            v->tau_f[i] = 0;
            v->stuck[i] = 0;
        } else if (s->joint == FRIC_CHAIN_JOINT_PHI_Z) {
            int st;
            v->tau_f[i] = -fric_elem_a_var_run(&x->elem[i], xq, NULL, &st, NULL);  /* eq. 26 */
            v->stuck[i] = (unsigned char)st;
        } else {
            double lam = s->rho * Aq * Aq;                                   /* §5 */
            int clipped;
            v->tau_f[i] = clip21(u, s->joint, -Aq * xq / (Aq * Aq + lam), x->dq[i], &clipped);
            v->stuck[i] = !clipped;                                          /* (27), (21) */
        }
    }
}

/* COUPLED: w = c + P G τ_f with P = h H_M⁻¹, τ_f,i ∈ −fric_i(w_i), by
 * nonlinear Gauss–Seidel (fric_chain_sim.h). */
static void joint_coupled(const fric_chain_sim *s, fric_chain_state *x, bump *b,
                          fric_chain_ws *dyn, step_vars *v)
{
    const fric_chain_model *c = s->model;
    int n = v->n;
    double *P = take(b, (size_t)n * n), *cv = take(b, (size_t)n), *tau = take(b, (size_t)n);
    double *unit = take(b, (size_t)n);
    for (int j = 0; j < n; j++) {
        memset(unit, 0, (size_t)n * sizeof *unit);
        unit[j] = 1;
        if (j == 0) fric_chain_solve(c, x->q, v->arm, unit, P, dyn);   /* column j (symmetric) */
        else fric_chain_resolve(c, unit, P + j * n, dyn);
        for (int i = 0; i < n; i++) P[j * n + i] *= s->h;
    }
    /* c = q̇ + h H_M⁻¹ (E_M e − b_M + τ_ext + Jᵀ f_prev) + k_q d_q */
    for (int i = 0; i < n; i++) {
        tau[i] = v->tau0[i];
        for (int j = 0; j < v->ma; j++)
            for (int d = 0; d < 2; d++)
                tau[i] += v->J[(2 * j + d) * n + i] * x->f[v->act[j]][d];
    }
    fric_chain_forward(c, x->q, x->dq, v->arm, tau, cv, dyn);
    for (int i = 0; i < n; i++)
        cv[i] = x->dq[i] + s->h * cv[i] + s->k_q * (x->q[i] - x->q_r[i]);

    fric_law law[FRIC_CHAIN_SIM_COUPLED_MAX_N];
    for (int i = 0; i < n; i++) {
        law[i] = fric_chain_motor_law(&c->motors[i]);
        tau[i] = x->tau_f[i];                                   /* warm start */
    }
    int sweep;
    for (sweep = 0; sweep < FRIC_CHAIN_SIM_COUPLED_MAX_SWEEPS; sweep++) {
        double moved = 0;
        for (int i = 0; i < n; i++) {
            double g = c->motors[i].g, xi = cv[i];
            for (int j = 0; j < n; j++)
                if (j != i) xi += P[i * n + j] * c->motors[j].g * tau[j];
            double t = no_friction(&c->motors[i]) ? 0 : -fric_phi_z(&law[i], g * P[i * n + i], xi);
            moved = fmax(moved, fabs(t - tau[i]) / fmax(1.0, c->motors[i].tau_fs));
            tau[i] = t;
        }
        if (moved <= FRIC_CHAIN_SIM_COUPLED_TOL) break;
    }
    x->gs_sweeps += sweep + 1;
    x->gs_capped += sweep == FRIC_CHAIN_SIM_COUPLED_MAX_SWEEPS;
    for (int i = 0; i < n; i++) {
        double g = c->motors[i].g, xi = cv[i];
        for (int j = 0; j < n; j++)
            if (j != i) xi += P[i * n + j] * c->motors[j].g * tau[j];
        v->tau_f[i] = tau[i];
        v->stuck[i] = !no_friction(&c->motors[i]) &&
                      fabs(xi) <= g * P[i * n + i] * fric_phi_plus0(&law[i]);
    }
}

/* Steps 4-6: the contact problem (28)-(29) with τ_f fixed; A_v from 2·ma
 * articulated-body solves (fric_chain_resolve after the forward pass), O(n·m). */
static int contact_semi(const fric_chain_sim *s, const fric_chain_state *x, bump *b,
                        fric_chain_ws *dyn, step_vars *v)
{
    const fric_chain_model *c = s->model;
    int n = v->n, m2 = 2 * v->ma;
    double *Y = take(b, (size_t)m2 * n), *af = take(b, (size_t)n), *tau = take(b, (size_t)n);
    double *A = take(b, (size_t)m2 * m2), *r = take(b, (size_t)m2);
    double *qw = take(b, (size_t)FRIC_CHAIN_BLSQ_WS(m2, v->ma));
    for (int i = 0; i < n; i++) tau[i] = v->tau0[i] + c->motors[i].g * v->tau_f[i];
    fric_chain_forward(c, x->q, x->dq, v->arm, tau, af, dyn);   /* H_M⁻¹(E e − b_M + τ_ext + G τ_f) */
    v->acc0 = af;                    /* step 7: q̈[k] = af + H_M⁻¹ Jᵀ f, completed below */
    if (m2 == 0) return FRIC_OK;
    /* the columns of H_M⁻¹ Jᵀ from the articulated inertias forward left */
    for (int a = 0; a < m2; a++) fric_chain_resolve(c, v->J + a * n, Y + a * n, dyn);
    for (int a = 0; a < m2; a++) {
        for (int bb = 0; bb < m2; bb++) {
            double t = 0;
            for (int k = 0; k < n; k++) t += v->J[a * n + k] * Y[bb * n + k];
            A[a * m2 + bb] = s->h * t;                                       /* (29) */
        }
        double t = 0;
        for (int k = 0; k < n; k++) t += v->J[a * n + k] * (s->h * af[k] + x->dq[k]);
        r[a] = t + s->k_v * v->dv[a];                                        /* (28) */
    }
    int bounded[FRIC_CHAIN_MAX_CONTACTS];
    for (int j = 0; j < v->ma; j++) bounded[j] = 2 * j + 1;
    int rc = fric_chain_blsq(m2, A, r, reg(m2, A, s->rho), bounded, v->ma, v->fa, qw);
    if (rc) return rc;
    clip20(c, x->dq, v);
    for (int a = 0; a < m2; a++)
        for (int k = 0; k < n; k++) af[k] += Y[a * n + k] * v->fa[a];
    return FRIC_OK;
}

/* ----------------------------------------------------- Runge–Kutta–Gill */

/* q̈ = H_M(q)⁻¹ (u − b(q, q̇) − D_M q̇) with the held torque u. */
static void accel(const fric_chain_model *c, const double *arm, const double *u, const double *q,
                  const double *dq, double *tau, double *acc, fric_chain_ws *dyn)
{
    for (int i = 0; i < c->n; i++) tau[i] = u[i] - fric_chain_motor_D(&c->motors[i]) * dq[i];
    fric_chain_forward(c, q, dq, arm, tau, acc, dyn);
}

/* One Gill step of y = (q, q̇) over h (Gill 1951: 4 stages, 1 ∓ 1/√2);
 * ddq0 receives the first stage's q̈ (= q̈[k]), taken from acc0 when the
 * method has it (the same H_M⁻¹(u − b_M) at the step start), else computed. */
static void rkg(const fric_chain_sim *s, const fric_chain_state *x, const double *arm,
                const double *u, const double *acc0, bump *b, fric_chain_ws *dyn, double *qn,
                double *dqn, double *ddq0)
{
    const fric_chain_model *c = s->model;
    int n = c->n;
    double h = s->h, r2 = sqrt(0.5);
    double *yq = take(b, (size_t)n), *yv = take(b, (size_t)n), *tau = take(b, (size_t)n);
    double *kq[4], *kv[4];
    for (int j = 0; j < 4; j++) {
        kq[j] = take(b, (size_t)n);
        kv[j] = take(b, (size_t)n);
    }
    /* stage weights: y_j = y0 + Σ a_jl k_l */
    const double a[3][3] = { { 0.5, 0, 0 }, { r2 - 0.5, 1 - r2, 0 }, { 0, -r2, 1 + r2 } };
    memcpy(yq, x->q, (size_t)n * sizeof *yq);
    memcpy(yv, x->dq, (size_t)n * sizeof *yv);
    for (int st = 0; st < 4; st++) {
        if (st == 0 && acc0) memcpy(kv[0], acc0, (size_t)n * sizeof *kv[0]);
        else accel(c, arm, u, yq, yv, tau, kv[st], dyn);
        if (st == 0) memcpy(ddq0, kv[0], (size_t)n * sizeof *ddq0);
        for (int i = 0; i < n; i++) {
            kq[st][i] = h * yv[i];
            kv[st][i] *= h;
        }
        if (st == 3) break;
        for (int i = 0; i < n; i++) {
            double dqs = 0, dvs = 0;
            for (int l = 0; l <= st; l++) {
                dqs += a[st][l] * kq[l][i];
                dvs += a[st][l] * kv[l][i];
            }
            yq[i] = x->q[i] + dqs;
            yv[i] = x->dq[i] + dvs;
        }
    }
    for (int i = 0; i < n; i++) {
        qn[i] = x->q[i] + (kq[0][i] + 2 * (1 - r2) * kq[1][i] + 2 * (1 + r2) * kq[2][i] +
                           kq[3][i]) / 6;
        dqn[i] = x->dq[i] + (kv[0][i] + 2 * (1 - r2) * kv[1][i] + 2 * (1 + r2) * kv[2][i] +
                             kv[3][i]) / 6;
    }
}

/* ------------------------------------------------------------------ step */

fric_status fric_chain_sim_step(const fric_chain_sim *s, fric_chain_state *x, fric_chain_sim_ws *ws,
                                const char **why)
{
    const fric_chain_model *c = s->model;
    int n = c->n;
    bump b = { ws->a, ws->a + sizeof ws->a / sizeof ws->a[0] };
    step_vars v;
    v.n = n;
    v.e = take(&b, (size_t)n);
    v.integ = take(&b, (size_t)n);
    v.arm = take(&b, (size_t)n);
    v.tau_f = take(&b, (size_t)n);
    v.tau0 = take(&b, (size_t)n);
    v.J = take(&b, (size_t)2 * FRIC_CHAIN_MAX_CONTACTS * n);
    v.acc0 = NULL;
    double *u = take(&b, (size_t)n), *qn = take(&b, (size_t)n), *dqn = take(&b, (size_t)n);
    double *ddq = take(&b, (size_t)n);
    unsigned char stuck[FRIC_CHAIN_MAX_N];
    v.stuck = stuck;

    /* 0. controller; known torques E_M e − D_M q̇ + τ_ext */
    control(s, x, v.e, v.integ);
    for (int i = 0; i < n; i++) {
        const fric_chain_motor *mu = &c->motors[i];
        v.arm[i] = fric_chain_motor_J(mu);
        v.tau0[i] = fric_chain_motor_E(mu) * v.e[i] - fric_chain_motor_D(mu) * x->dq[i] +
                    x->tau_ext[i];
    }
    /* 1. active contacts (gap <= 0 at the step start), d_v, J */
    v.ma = 0;
    double pos[2 * FRIC_CHAIN_MAX_CONTACTS];
    double *Jall = take(&b, (size_t)2 * FRIC_CHAIN_MAX_CONTACTS * n);
    fric_chain_points(c, x->q, pos, Jall);
    for (int k = 0; k < c->m; k++) {
        const double *p = pos + 2 * k;
        double gap = p[1] - c->ground_y;
        v.px[k] = p[0];
        v.pr[k] = x->p_r[k];
        if (gap > 0) continue;
        if (!x->active[k]) v.pr[k] = p[0];                       /* new contact: p_r = p */
        int j = v.ma++;
        v.act[j] = k;
        v.dv[2 * j] = p[0] - v.pr[k];
        v.dv[2 * j + 1] = gap;
        memcpy(v.J + 2 * j * n, Jall + 2 * k * n, (size_t)2 * n * sizeof *Jall);
    }
    memset(v.fa, 0, sizeof v.fa);
    memset(v.cclip, 0, sizeof v.cclip);

    /* 2. forces */
    int rc = FRIC_OK;
    long long gs0 = x->gs_sweeps, gc0 = x->gs_capped;
    switch (s->method) {
    case FRIC_CHAIN_IMPLICIT:
        rc = implicit_forces(s, x, &b, &ws->dyn, &v);
        break;
    case FRIC_CHAIN_COUPLED:
        joint_coupled(s, x, &b, &ws->dyn, &v);
        rc = contact_semi(s, x, &b, &ws->dyn, &v);
        break;
    default:
        joint_semi(s, x, &v);
        rc = contact_semi(s, x, &b, &ws->dyn, &v);
        break;
    }
    /* 3-4. held torque u = E_M e + τ_ext + G τ_f + Jᵀ f, then RKG */
    if (!rc) {
        for (int i = 0; i < n; i++) {
            u[i] = fric_chain_motor_E(&c->motors[i]) * v.e[i] + x->tau_ext[i] +
                   c->motors[i].g * v.tau_f[i];
            for (int a = 0; a < 2 * v.ma; a++) u[i] += v.J[a * n + i] * v.fa[a];
        }
        rkg(s, x, v.arm, u, v.acc0, &b, &ws->dyn, qn, dqn, ddq);
        int bad_joint = -1, bad_force = -1;   /* the first non-finite one (fric_chain_sim.h) */
        for (int i = 0; i < n && bad_joint < 0; i++)
            if (!(isfinite(qn[i]) && isfinite(dqn[i]) && isfinite(ddq[i]) &&
                  isfinite(v.tau_f[i])))
                bad_joint = i;
        for (int a = 0; a < 2 * v.ma && bad_joint < 0 && bad_force < 0; a++)
            if (!isfinite(v.fa[a])) bad_force = a / 2;
        if (bad_joint >= 0) {
            rc = FRIC_E_NONFINITE;
            fric__fail_id(rc, -1, "chain.chain_step_t_2",
                "chain step at t = {t} s: the state of joint {bad_joint} left the finite range; "
                "lower h or the forces.",
                fric__values(fric__g("t", x->t), fric__i("bad_joint", bad_joint)));
        } else if (bad_force >= 0) {
            rc = FRIC_E_NONFINITE;
            fric__fail_id(rc, -1, "chain.chain_step_t_3",
                "chain step at t = {t} s: the force of active contact {bad_force} left the finite "
                "range; lower h or the forces.",
                fric__values(fric__g("t", x->t), fric__i("bad_force", bad_force)));
        }
    }
    if (rc) {
        x->gs_sweeps = gs0;
        x->gs_capped = gc0;
        if (why) *why = fric_status_last().message;
        return rc;
    }

    /* commit: references (23)-(24), then the state */
    int exact_joint = s->method == FRIC_CHAIN_COUPLED ||
                      (s->method == FRIC_CHAIN_SEMI_IMPLICIT && s->joint == FRIC_CHAIN_JOINT_PHI_Z);
    for (int i = 0; i < n; i++) {
        const fric_chain_motor *mu = &c->motors[i];
        /* (24) for the paper's clip; the exact joint steps take the new
         * position, so that a sliding joint carries no k_q d_q = k_q h q̇ */
        if (!v.stuck[i]) x->q_r[i] = exact_joint ? qn[i] : x->q[i];
        x->joint_clips += !v.stuck[i] && (s->method == FRIC_CHAIN_IMPLICIT ||
                                          (s->method == FRIC_CHAIN_SEMI_IMPLICIT &&
                                           s->joint != FRIC_CHAIN_JOINT_PHI_Z));
        /* the flag also reads at rest a joint whose own scalar problem
         * saturated while a contact holds it (the semi-implicit methods do
         * not see the contact when they solve the joint) */
        x->stuck[i] = v.stuck[i] || fabs(dqn[i]) * s->h <= FRIC_CHAIN_REST_STEP;
        x->tau_f[i] = v.tau_f[i];
        x->ddq[i] = ddq[i];
        /* eq. (3), step 7: τ = E_M e − D_M q̇ − Γ²I_M q̈ + G τ_f */
        x->tau_prev[i] = fric_chain_motor_E(mu) * v.e[i] - fric_chain_motor_D(mu) * x->dq[i] -
                         v.arm[i] * ddq[i] + mu->g * v.tau_f[i];
        x->e[i] = v.e[i];
        x->pid_int[i] = v.integ[i];
        x->q[i] = qn[i];
        x->dq[i] = dqn[i];
    }
    memset(x->active, 0, sizeof x->active);
    memset(x->sliding, 0, sizeof x->sliding);
    memset(x->f, 0, sizeof x->f);
    for (int j = 0; j < v.ma; j++) {
        int k = v.act[j];
        x->active[k] = 1;
        x->sliding[k] = v.cclip[j];
        x->f[k][0] = v.fa[2 * j];
        x->f[k][1] = v.fa[2 * j + 1];
        x->p_r[k] = v.cclip[j] ? v.px[k] : v.pr[k];
        x->contact_clips += v.cclip[j];
    }
    x->k++;
    x->t += s->h;
    if (why) *why = "";
    return FRIC_OK;
}

/* ------------------------------------------------------------- accessors */

double fric_chain_sim_tau_f(const fric_chain_state *x, int i) { return x->tau_f[i]; }
double fric_chain_sim_f_n(const fric_chain_state *x, int k) { return x->f[k][1]; }
double fric_chain_sim_f_t(const fric_chain_state *x, int k) { return x->f[k][0]; }
int fric_chain_sim_stuck(const fric_chain_state *x, int i) { return x->stuck[i]; }

double fric_chain_sim_energy(const fric_chain_sim *s, const fric_chain_state *x,
                             fric_chain_sim_ws *ws)
{
    return fric_chain_energy(s->model, x->q, x->dq, &ws->dyn);
}
