/*
 * test_chain_step.c: the step methods of fric_chain_sim.h (core/system/
 * chain_step.c, chain_qp.c) against references built here (sheet §10,
 * items 2-5):
 *
 * - Scalar steps: the exact semi-implicit joint step (PHI_Z) equals
 *   fric_phi_z with Z = A_q,i = g h/(γ² I_M) and c_q of eq. (26) computed
 *   here from the motor's R, K_M, γ; the paper's step (27) equals its closed
 *   form −c_q/(A_q(1 + ρ)) while stuck; the coupled method on one joint equals
 *   Kikuuwe's element A (friction.h) with M = H_M/g, Z = g h/H_M.
 * - Brute force: the bounded least squares of eqs. (19)/(28) against all 2^m
 *   active sets solved by Gaussian elimination here, with KKT residuals; the
 *   coupled joint solve against all 3^n stick/slip(+/−) patterns (n <= 4),
 *   each pattern solved here (Schur complement of the stuck joints, Newton on
 *   the sliding ones).
 * - Closed forms (one joint, no gravity, external torque L as the load):
 *   holding below breakaway, τ_f = −L/(g(1+ρ)) for one step of (27) from a
 *   held state and q fixed over a long run; breakaway when L passes g τ_fs;
 *   steady sliding at v* = (L − g τ_fk)/(g C_τ + D_M); resting contact
 *   f_n = m g (a point mass on a horizontal link with a frictionless joint:
 *   the tangential direction is along the link, so the moment balance about
 *   the pivot gives f_n = m g); a block on an incline (a point mass at the
 *   tip of a 2R chain with nearly massless links and frictionless joints is
 *   a free point of mass m near a regular pose; the incline is the ground
 *   with gravity g cos θ along −y and the slope force m g sin θ along −x
 *   applied as τ_ext = J_xᵀ F each step): sticks iff tan θ <= μ_s, else
 *   slides at g (sin θ − μ_k cos θ). Resting contact and incline hold for
 *   the semi-implicit and coupled methods to 1e-6; the implicit method (19)
 *   holds the resting contact to the order of its regularization ρ = 1e-3,
 *   and on the incline it is run and printed but not held to the closed
 *   forms: with frictionless joints its least
 *   squares lets the joint unknowns G τ_f carry part of the load, (21) then
 *   clips them to 0 and the contact forces solved with them are short (the
 *   block slides at tan θ = 0.95 μ_s; the sheet's coupling of joint friction
 *   and contact that the paper's §III removes).
 * - Energy: with e = 0 the mechanical energy never increases (beyond the
 *   integrator's truncation), without contact and with the arm of sim. 2
 *   thrown into the ground; without contact its change matches the
 *   dissipated power −∫(D_M q̇² − G τ_f q̇) dt; Runge–Kutta–Gill is of order
 *   4 on a smooth problem (no friction, no contact).
 * - PID sampling and saturation (sheet §4) and the check's messages.
 */
#include "test_main.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "fric_chain.h"
#include "chain_internal.h" /* core/system/chain, private: TEST_EXTRA */
#include "fric_chain_sim.h"
#include "friction.h"
#include "fric_status.h"
#include "gauss_ref.h"
#include "chain_gen.h"

#define PI 3.14159265358979323846
#define GRAV 9.81
#define NMAX FRIC_CHAIN_MAX_N

/* Same formula, same inputs, other order of operations: a few ulp. */
#define SAME_REL 1e-12
/* Gaussian elimination against Cholesky/Schur on matrices with condition
 * numbers up to ~1e6: 1e-8 relative. */
#define QP_REL 1e-8
/* The coupled Gauss–Seidel stops at 1e-13 per sweep; the enumeration's
 * Newton at 1e-14: agreement to 1e-9 N·m. */
#define COUPLED_ABS 1e-9

static fric_chain_sim_ws ws;   /* 440 kB: static, not on the stack */

/* ------------------------------------------------------------ helpers */

static double max_abs_here(const double *x, int k)
{
    double m = 0;
    for (int i = 0; i < k; i++) m = fmax(m, fabs(x[i]));
    return m;
}

/* D_M, Γ²I_M from eq. (2), written here. */
static double D_of(const fric_chain_motor *u) { return u->gamma * u->gamma * u->K_M * u->K_M / u->R; }
static double J_of(const fric_chain_motor *u) { return u->gamma * u->gamma * u->I_M; }

/* fric(v) of eqs. (7)-(9), written here (sgn(0) = +1). */
static double fric_here(const fric_chain_motor *u, double v)
{
    double s = v >= 0 ? 1 : -1;
    return u->C_tau * v + s * (u->tau_fk + (u->tau_fs - u->tau_fk) * exp(-u->eta * fabs(v)));
}
static double dfric_here(const fric_chain_motor *u, double v)
{
    return u->C_tau - u->eta * (u->tau_fs - u->tau_fk) * exp(-u->eta * fabs(v));
}

/* The gear law as the sheet states it: Stribeck, Fs = τ_fs, Fc = τ_fk,
 * vs = 1/η, α = 1, D = C_τ. */
static fric_law law_here(const fric_chain_motor *u)
{
    fric_law l = { FRIC_STRIBECK, u->tau_fs, u->tau_fk, 1 / u->eta, u->C_tau, 1 };
    return l;
}

typedef struct {
    fric_chain_link links[NMAX];
    fric_chain_motor motors[NMAX];
    fric_chain_model m;
} chain;

/* n random links (0.3-1.5 kg, 0.1-0.4 m), sim-1 motors, two candidates at
 * the distal corners of the last link, the ground 10 m below (no contact). */
static void make_chain(chain *ch, int n, uint64_t seed)
{
    chain_gen_rng = seed * 0x9E3779B97F4A7C15ULL + 7;
    memset(ch, 0, sizeof *ch);
    chain_gen_random(ch->links, ch->motors, &ch->m, n, 0.4, 0.3, 1.5, 0.01, GRAV, -10.0);
}

/* One joint with no gravity and no contact: the pure motor-gear-link unit
 * of the closed forms; link inertia about the pivot I_link. */
static void make_unit(chain *ch, double I_link, double g)
{
    memset(ch, 0, sizeof *ch);
    fric_chain_link l = { 1.0, 0.1, 0.0, I_link };   /* com at the pivot */
    ch->links[0] = l;
    ch->motors[0] = chain_gen_sim1_motor();
    ch->motors[0].g = g;
    fric_chain_model m = { 1, ch->links, ch->motors, 0.0, 0, { { 0, 0, 0 } }, -1.0, 0.6, 0.5 };
    ch->m = m;
}

/* H_M⁻¹ (n×n) by elimination on CRBA's H plus the rotor inertias. */
static void hm_inverse(const chain *ch, const double *q, double *Hi)
{
    int n = ch->m.n;
    static double H[NMAX * NMAX], A[NMAX * NMAX], e[NMAX];
    static fric_chain_ws dws;
    fric_chain_mass(&ch->m, q, H, &dws);
    for (int i = 0; i < n; i++) H[i * n + i] += J_of(&ch->motors[i]);
    for (int j = 0; j < n; j++) {
        memcpy(A, H, (size_t)n * n * sizeof *A);
        for (int i = 0; i < n; i++) e[i] = i == j;
        gauss_ref_solve(n, A, e, e);
        for (int i = 0; i < n; i++) Hi[i * n + j] = e[i];
    }
}

static fric_chain_sim sim_of(const chain *ch, fric_chain_method method, fric_chain_joint_step js)
{
    fric_chain_sim s = fric_chain_sim_default(&ch->m);
    s.method = method;
    s.joint = js;
    return s;
}

/* -------------------------------------------------- 2. scalar steps */

/* PHI_Z: τ_f,i = −Φ_Z(c_q,i) with Z = A_q,i, and (27) = −c_q/(A_q(1+ρ)) in
 * stick, on a 3-link chain from random states with a random τ_prev. */
static void test_semi_joint_step_phi_z(void **state)
{
    (void)state;
    chain ch;
    make_chain(&ch, 3, 11);
    int stuck = 0, slip = 0;
    for (int trial = 0; trial < 200; trial++) {
        for (int js = 0; js < 2; js++) {
            fric_chain_sim s = sim_of(&ch, FRIC_CHAIN_SEMI_IMPLICIT,
                                      js ? FRIC_CHAIN_JOINT_PHI_Z : FRIC_CHAIN_JOINT_FIXED);
            fric_chain_state x;
            assert_int_equal(fric_chain_sim_init(&s, &x, NULL, NULL, NULL), 0);
            chain_gen_rng = (uint64_t)trial * 977 + 5;
            for (int i = 0; i < 3; i++) {
                x.q[i] = x.q_r[i] = chain_gen_urand(-PI, PI);
                x.dq[i] = trial % 2 ? chain_gen_urand(-2e-3, 2e-3) : chain_gen_urand(-2, 2);
                x.tau_prev[i] = chain_gen_urand(-0.2, 0.2);
            }
            double xq[3];
            for (int i = 0; i < 3; i++) {
                const fric_chain_motor *u = &ch.motors[i];
                /* eq. (26) with e = 0, d_q = 0 */
                xq[i] = (-D_of(u) * x.dq[i] - x.tau_prev[i]) * s.h / J_of(u) + x.dq[i];
            }
            assert_int_equal(fric_chain_sim_step(&s, &x, &ws, NULL), 0);
            for (int i = 0; i < 3; i++) {
                const fric_chain_motor *u = &ch.motors[i];
                double Aq = u->g * s.h / J_of(u);
                fric_law l = law_here(u);
                double ref = -fric_phi_z(&l, Aq, xq[i]);
                int st = fabs(xq[i]) <= Aq * u->tau_fs;
                if (js) {
                    assert_true(fabs(x.tau_f[i] - ref) <= SAME_REL * fmax(fabs(ref), u->tau_fs));
                    assert_int_equal(x.stuck[i], st);
                    stuck += st;
                    slip += !st;
                } else if (fabs(xq[i]) / (Aq * (1 + s.rho)) <= u->tau_fs) {
                    /* (27) unclipped: −A_q c_q/(A_q² + ρ A_q²); Φ_Z's static
                     * value −c_q/A_q is the limit ρ → 0 */
                    double p = -xq[i] / (Aq * (1 + s.rho));
                    assert_true(fabs(x.tau_f[i] - p) <= SAME_REL * u->tau_fs);
                    assert_true(fabs(p * (1 + s.rho) - ref) <= SAME_REL * u->tau_fs);
                }
            }
        }
    }
    print_message("PHI_Z joint step vs fric_phi_z: %d stuck, %d sliding joint steps\n", stuck,
                  slip);
    assert_true(stuck > 50 && slip > 50);
}

/* COUPLED, n = 1 (a pendulum on a motor unit, gravity, g = 1 and g = γ):
 * τ_f = −f of element A with M = H_M/g, T = h, pushed by (E e − b_M + τ_ext)/g. */
static void test_coupled_one_joint_element_a(void **state)
{
    (void)state;
    int n_stuck = 0, n_slip = 0;
    for (int gi = 0; gi < 2; gi++) {
        chain ch;
        memset(&ch, 0, sizeof ch);
        fric_chain_link l = { 0.0356, 0.1, 0.05, 0.0356 * (0.01 + 0.0009) / 12 };
        ch.links[0] = l;
        ch.motors[0] = chain_gen_sim1_motor();
        if (gi) {   /* motor-side friction, scaled to the same joint-side levels */
            ch.motors[0].g = ch.motors[0].gamma;
            ch.motors[0].tau_fs /= ch.motors[0].gamma;
            ch.motors[0].tau_fk /= ch.motors[0].gamma;
            ch.motors[0].C_tau /= ch.motors[0].gamma;
        }
        fric_chain_model m = { 1, ch.links, ch.motors, GRAV, 0, { { 0, 0, 0 } }, -1, 0.6, 0.5 };
        ch.m = m;
        const fric_chain_motor *u = &ch.motors[0];
        fric_chain_sim s = sim_of(&ch, FRIC_CHAIN_COUPLED, FRIC_CHAIN_JOINT_PHI_Z);
        chain_gen_rng = 99 + (uint64_t)gi;
        for (int trial = 0; trial < 100; trial++) {
            fric_chain_state x;
            double q0 = chain_gen_urand(-1.5, 1.5), dq0 = trial % 2 ? chain_gen_urand(-1e-3, 1e-3) : chain_gen_urand(-3, 3);
            assert_int_equal(fric_chain_sim_init(&s, &x, &q0, &dq0, NULL), 0);
            x.tau_ext[0] = chain_gen_urand(-0.1, 0.1);
            double HM = l.inertia + l.mass * l.com * l.com + J_of(u);
            double F = -l.mass * GRAV * l.com * sin(q0) - D_of(u) * dq0 + x.tau_ext[0];
            fric_law law = law_here(u);
            fric_elem_def def = { HM / u->g, 0, 0, s.h, FRIC_XFORM_EXACT };
            fric_elem_a ea = { dq0, 0, 0, { 0, 0, 0 } };
            double f = fric_elem_a_step(&law, &def, &ea, F / u->g);
            assert_int_equal(fric_chain_sim_step(&s, &x, &ws, NULL), 0);
            assert_true(fabs(x.tau_f[0] + f) <= COUPLED_ABS * fmax(1, u->tau_fs));
            assert_int_equal(x.stuck[0], ea.stuck);
            n_stuck += ea.stuck;
            n_slip += !ea.stuck;
        }
    }
    print_message("coupled n = 1 vs element A: %d stuck, %d sliding\n", n_stuck, n_slip);
    assert_true(n_stuck > 20 && n_slip > 20);
}

/* -------------------------------------------------- 3. brute force */

/* All 2^nb active sets by elimination; returns the KKT point's objective. */
static void blsq_brute(int u, const double *A, const double *r, double lam, const int *bd, int nb,
                       double *best)
{
    static double Q[FRIC_CHAIN_SIM_MAX_U * FRIC_CHAIN_SIM_MAX_U], g[FRIC_CHAIN_SIM_MAX_U];
    static double M[FRIC_CHAIN_SIM_MAX_U * FRIC_CHAIN_SIM_MAX_U], y[FRIC_CHAIN_SIM_MAX_U];
    for (int i = 0; i < u; i++) {
        g[i] = 0;
        for (int k = 0; k < u; k++) g[i] += A[k * u + i] * r[k];
        for (int j = 0; j < u; j++) {
            double t = i == j ? lam : 0;
            for (int k = 0; k < u; k++) t += A[k * u + i] * A[k * u + j];
            Q[i * u + j] = t;
        }
    }
    int found = 0;
    for (int S = 0; S < (1 << nb); S++) {
        int fixed[FRIC_CHAIN_SIM_MAX_U] = { 0 }, free_[FRIC_CHAIN_SIM_MAX_U], nf = 0;
        for (int j = 0; j < nb; j++)
            if (S & (1 << j)) fixed[bd[j]] = 1;
        for (int i = 0; i < u; i++)
            if (!fixed[i]) free_[nf++] = i;
        for (int a = 0; a < nf; a++) {
            for (int b = 0; b < nf; b++) M[a * nf + b] = Q[free_[a] * u + free_[b]];
            y[a] = -g[free_[a]];
        }
        gauss_ref_solve(nf, M, y, y);
        double f[FRIC_CHAIN_SIM_MAX_U] = { 0 };
        for (int a = 0; a < nf; a++) f[free_[a]] = y[a];
        /* KKT: free bounded components >= 0, multipliers of the fixed >= 0 */
        int ok = 1;
        double scale = 0;
        for (int i = 0; i < u; i++) scale = fmax(scale, fabs(g[i]));
        for (int j = 0; j < nb; j++) {
            int i = bd[j];
            if (fixed[i]) {
                double mu = g[i];
                for (int k = 0; k < u; k++) mu += Q[i * u + k] * f[k];
                if (mu < -QP_REL * scale) ok = 0;
            } else if (f[i] < -QP_REL * fmax(1, max_abs_here(f, u))) {
                ok = 0;
            }
        }
        if (ok && !found) {
            memcpy(best, f, (size_t)u * sizeof *best);
            found = 1;
        }
    }
    assert_true(found);
}

/* fric_chain_blsq against blsq_brute on random problems: general A, and
 * PSD A = B Bᵀ of low rank (as h J H_M⁻¹ Jᵀ with dependent rows), u up to
 * 60, up to 4 bounds; plus the KKT residuals of the returned point. */
static void test_blsq_brute_force(void **state)
{
    (void)state;
    static double A[FRIC_CHAIN_SIM_MAX_U * FRIC_CHAIN_SIM_MAX_U], B[FRIC_CHAIN_SIM_MAX_U * 8];
    static double qws[FRIC_CHAIN_BLSQ_WS(FRIC_CHAIN_SIM_MAX_U, FRIC_CHAIN_MAX_CONTACTS)];
    double r[FRIC_CHAIN_SIM_MAX_U], f[FRIC_CHAIN_SIM_MAX_U], fb[FRIC_CHAIN_SIM_MAX_U];
    const int sizes[] = { 2, 4, 6, 8, 13, 30, 60 };
    int at_bound = 0, inside = 0;
    chain_gen_rng = 4242;
    for (int trial = 0; trial < 300; trial++) {
        int u = sizes[trial % 7], nb = 1 + trial % 4;
        if (nb > u) nb = u;
        int bd[FRIC_CHAIN_MAX_CONTACTS];
        for (int j = 0; j < nb; j++) bd[j] = (2 * j + 1) % u;   /* distinct for u >= 2 */
        if (u == 2 && nb == 2) bd[1] = 0;
        int psd = trial % 3 == 0, rank = 1 + trial % 6;
        if (psd) {
            for (int i = 0; i < u * rank; i++) B[i] = chain_gen_urand(-1, 1);
            for (int i = 0; i < u; i++)
                for (int j = 0; j < u; j++) {
                    double t = 0;
                    for (int k = 0; k < rank; k++) t += B[i * rank + k] * B[j * rank + k];
                    A[i * u + j] = 1e-3 * t;
                }
        } else {
            for (int i = 0; i < u * u; i++) A[i] = chain_gen_urand(-1, 1);
        }
        for (int i = 0; i < u; i++) r[i] = chain_gen_urand(-1, 1);
        double md = 0;
        for (int i = 0; i < u; i++) md += fabs(A[i * u + i]) / u;
        double lam = fmax(1e-3 * md * md, 1e-12);
        assert_int_equal(fric_chain_blsq(u, A, r, lam, bd, nb, f, qws), 0);
        blsq_brute(u, A, r, lam, bd, nb, fb);
        double sc = fmax(1e-30, max_abs_here(fb, u));
        for (int i = 0; i < u; i++) assert_true(fabs(f[i] - fb[i]) <= QP_REL * sc);
        /* KKT of min ½fᵀQf + gᵀf, f_bd >= 0: grad = AᵀA f + λ f + Aᵀ r */
        double Af[FRIC_CHAIN_SIM_MAX_U], grad[FRIC_CHAIN_SIM_MAX_U], gs = 0;
        for (int i = 0; i < u; i++) {
            Af[i] = r[i];
            for (int j = 0; j < u; j++) Af[i] += A[i * u + j] * f[j];
        }
        for (int i = 0; i < u; i++) {
            grad[i] = lam * f[i];
            for (int k = 0; k < u; k++) grad[i] += A[k * u + i] * Af[k];
            gs = fmax(gs, fabs(grad[i]));
        }
        double gscale = 0;
        for (int i = 0; i < u; i++) {
            double t = 0;
            for (int k = 0; k < u; k++) t += fabs(A[k * u + i] * r[k]);
            gscale = fmax(gscale, t);
        }
        for (int i = 0; i < u; i++) {
            int bounded = 0;
            for (int j = 0; j < nb; j++) bounded |= bd[j] == i;
            if (bounded) assert_true(f[i] >= 0);
            if (bounded && f[i] == 0) {
                assert_true(grad[i] >= -QP_REL * gscale);
                at_bound++;
            } else {
                assert_true(fabs(grad[i]) <= QP_REL * gscale);
                inside += bounded;
            }
        }
    }
    print_message("bounded least squares: %d bounds active, %d inactive\n", at_bound, inside);
    assert_true(at_bound > 100 && inside > 100);
}

/* One step of each method on a 2-link arm whose last link's two corners
 * touch the ground: the contact forces equal the brute-force solution of the
 * problem built here — (19) with A_M = h J_M H_M⁻¹ J_Mᵀ, J_M = [J; I] for the
 * implicit method, (28)-(29) with the step's τ_f for the semi-implicit one —
 * f_n always (clip (20) keeps it, A5), f_t where the reference lies inside
 * the cone μ_s f_n; the implicit joint part gives τ_f = f_M/g unless (21)
 * clips it. */
static void test_step_contact_problems(void **state)
{
    (void)state;
    int compared_ft = 0, clipped_ft = 0;
    for (int trial = 0; trial < 40; trial++) {
        chain ch;
        make_chain(&ch, 2, 300 + (uint64_t)trial);
        double q[2] = { PI / 2 + chain_gen_urand(-0.3, 0.3), -PI / 2 + chain_gen_urand(-0.2, 0.2) };
        double dq[2] = { chain_gen_urand(-0.5, 0.5), chain_gen_urand(-0.5, 0.5) }, p0[2], p1[2];
        fric_chain_point_pos(&ch.m, q, 0, p0);
        fric_chain_point_pos(&ch.m, q, 1, p1);
        ch.m.ground_y = fmax(p0[1], p1[1]) + 1e-4;   /* both corners in contact */
        for (int me = 0; me < 2; me++) {
            fric_chain_method method = me ? FRIC_CHAIN_SEMI_IMPLICIT : FRIC_CHAIN_IMPLICIT;
            fric_chain_joint_step js = trial % 2 ? FRIC_CHAIN_JOINT_FIXED : FRIC_CHAIN_JOINT_PAPER;
            fric_chain_sim s = sim_of(&ch, method, js);
            fric_chain_state x;
            assert_int_equal(fric_chain_sim_init(&s, &x, q, dq, NULL), 0);
            for (int i = 0; i < 2; i++) x.tau_ext[i] = chain_gen_urand(-1, 1);
            double tau_ext[2] = { x.tau_ext[0], x.tau_ext[1] };
            assert_int_equal(fric_chain_sim_step(&s, &x, &ws, NULL), 0);
            assert_true(x.active[0] && x.active[1]);

            double Hi[4], b[2], J[8], dv[4], rhs[2], v0[2];
            static fric_chain_ws dws;
            hm_inverse(&ch, q, Hi);
            fric_chain_bias(&ch.m, q, dq, b, &dws);
            fric_chain_jacobian(&ch.m, q, 0, J);
            fric_chain_jacobian(&ch.m, q, 1, J + 4);
            dv[0] = 0;                                   /* new contacts: p_r = p */
            dv[1] = p0[1] - ch.m.ground_y;
            dv[2] = 0;
            dv[3] = p1[1] - ch.m.ground_y;
            for (int i = 0; i < 2; i++) {
                rhs[i] = tau_ext[i] - b[i] - D_of(&ch.motors[i]) * dq[i];
                if (me) rhs[i] += ch.motors[i].g * x.tau_f[i];   /* (29): τ_f given */
            }
            for (int i = 0; i < 2; i++) v0[i] = dq[i] + s.h * (Hi[i * 2] * rhs[0] + Hi[i * 2 + 1] * rhs[1]);
            int u = me ? 4 : 6;
            double JM[12], A[36], r[6], f[6], md = 0;
            for (int a = 0; a < u; a++)
                for (int j = 0; j < 2; j++) JM[a * 2 + j] = a < 4 ? J[a * 2 + j] : (a - 4 == j);
            for (int a = 0; a < u; a++) {
                for (int c2 = 0; c2 < u; c2++) {
                    double t = 0;
                    for (int i = 0; i < 2; i++)
                        for (int j = 0; j < 2; j++) t += JM[a * 2 + i] * Hi[i * 2 + j] * JM[c2 * 2 + j];
                    A[a * u + c2] = s.h * t;
                }
                md += A[a * u + a] / u;
                double k = me ? s.k_v : s.k_M;
                r[a] = JM[a * 2] * v0[0] + JM[a * 2 + 1] * v0[1] + (a < 4 ? k * dv[a] : 0);
            }
            int bd[2] = { 1, 3 };
            blsq_brute(u, A, r, s.rho * md * md, bd, 2, f);
            for (int k = 0; k < 2; k++) {
                double fn = f[2 * k + 1], ft = f[2 * k], sc = fmax(1, fn);
                assert_true(fabs(x.f[k][1] - fn) <= QP_REL * sc);
                if (fabs(ft) <= ch.m.mu_s * fn) {
                    assert_true(fabs(x.f[k][0] - ft) <= QP_REL * sc);
                    compared_ft++;
                } else {
                    assert_true(fabs(fabs(x.f[k][0]) - ch.m.mu_k * fn) <= QP_REL * sc);
                    clipped_ft++;
                }
            }
            for (int i = 0; i < 2 && !me; i++) {
                const fric_chain_motor *mu = &ch.motors[i];
                double cand = f[4 + i] / mu->g, want = cand;
                if (fabs(cand) > mu->tau_fs)   /* (21) at q̇_i[k] */
                    want = dq[i] == 0 && js == FRIC_CHAIN_JOINT_FIXED ? (cand > 0 ? 1 : -1) * mu->tau_fs
                                                                     : -fric_here(mu, dq[i]);
                assert_true(fabs(x.tau_f[i] - want) <= QP_REL * fmax(1, fabs(want)));
            }
        }
    }
    print_message("step contact problems: %d tangential forces compared, %d clipped\n",
                  compared_ft, clipped_ft);
    assert_true(compared_ft > 20 && clipped_ft > 20);
}

/* ---- the 3^n enumeration of the coupled joint problem (test's own) ---- */

/* For the pattern pat (0 stuck, 1 slip +, 2 slip −): solve, return 1 and
 * σ = G τ_f when consistent. P = h H_M⁻¹, c the free velocity. */
static int coupled_pattern(const chain *ch, const double *P, const double *c, const int *pat,
                           double *sigma)
{
    int n = ch->m.n, T[8], S[8], nt = 0, ns = 0;
    for (int i = 0; i < n; i++) {
        if (pat[i]) S[ns++] = i;
        else T[nt++] = i;
    }
    /* Pt = P_TT⁻¹ (by columns), ĉ = c_S − P_ST P_TT⁻¹ c_T, P̂ = P_SS − P_ST P_TT⁻¹ P_TS */
    double Pti[64], M[64], e[8], ch_[8], Ph[64];
    for (int j = 0; j < nt; j++) {
        for (int a = 0; a < nt; a++)
            for (int b = 0; b < nt; b++) M[a * nt + b] = P[T[a] * n + T[b]];
        for (int a = 0; a < nt; a++) e[a] = a == j;
        gauss_ref_solve(nt, M, e, e);
        for (int a = 0; a < nt; a++) Pti[a * nt + j] = e[a];
    }
    for (int a = 0; a < ns; a++) {
        ch_[a] = c[S[a]];
        for (int k = 0; k < nt; k++)
            for (int l = 0; l < nt; l++) ch_[a] -= P[S[a] * n + T[k]] * Pti[k * nt + l] * c[T[l]];
        for (int b = 0; b < ns; b++) {
            Ph[a * ns + b] = P[S[a] * n + S[b]];
            for (int k = 0; k < nt; k++)
                for (int l = 0; l < nt; l++)
                    Ph[a * ns + b] -= P[S[a] * n + T[k]] * Pti[k * nt + l] * P[T[l] * n + S[b]];
        }
    }
    /* Newton on F(w) = w − ĉ + P̂ G fric(w), w in the pattern's orthant */
    double w[8];
    for (int a = 0; a < ns; a++) w[a] = (pat[S[a]] == 1 ? 1 : -1) * fmax(fabs(ch_[a]), 1e-6);
    int conv = ns == 0;
    for (int it = 0; it < 200 && !conv; it++) {
        double F[8], Jm[64];
        for (int a = 0; a < ns; a++) {
            F[a] = w[a] - ch_[a];
            for (int b = 0; b < ns; b++) {
                const fric_chain_motor *ub = &ch->motors[S[b]];
                F[a] += Ph[a * ns + b] * ub->g * fric_here(ub, w[b]);
                Jm[a * ns + b] = (a == b) + Ph[a * ns + b] * ub->g * dfric_here(ub, w[b]);
            }
        }
        gauss_ref_solve(ns, Jm, F, F);
        double step = 1, big = 0;
        for (int h = 0; h < 60; h++) {   /* stay strictly inside the orthant */
            int in = 1;
            for (int a = 0; a < ns; a++) {
                double v = w[a] - step * F[a];
                if ((pat[S[a]] == 1) != (v > 0)) in = 0;
            }
            if (in) break;
            step *= 0.5;
        }
        for (int a = 0; a < ns; a++) {
            double v = w[a] - step * F[a];
            if ((pat[S[a]] == 1) != (v > 0)) return 0;
            big = fmax(big, fabs(v - w[a]) / (1e-300 + fabs(v)));
            w[a] = v;
        }
        conv = step == 1 && big < 1e-14;
    }
    if (!conv) return 0;
    double sS[8];
    for (int a = 0; a < ns; a++) {
        const fric_chain_motor *u = &ch->motors[S[a]];
        sS[a] = -u->g * fric_here(u, w[a]);
        sigma[S[a]] = sS[a];
    }
    for (int k = 0; k < nt; k++) {
        double v = 0;
        for (int l = 0; l < nt; l++) {
            double cc = c[T[l]];
            for (int a = 0; a < ns; a++) cc += P[T[l] * n + S[a]] * sS[a];
            v -= Pti[k * nt + l] * cc;
        }
        const fric_chain_motor *u = &ch->motors[T[k]];
        if (fabs(v) > u->g * u->tau_fs * (1 + 1e-12)) return 0;
        sigma[T[k]] = v;
    }
    return 1;
}

static void test_coupled_enumeration(void **state)
{
    (void)state;
    int mixed = 0, total = 0;
    for (int n = 2; n <= 4; n++) {
        chain ch;
        make_chain(&ch, n, 100 + (uint64_t)n);
        fric_chain_sim s = sim_of(&ch, FRIC_CHAIN_COUPLED, FRIC_CHAIN_JOINT_PHI_Z);
        for (int trial = 0; trial < 150; trial++) {
            double q[8], dq[8];
            for (int i = 0; i < n; i++) {
                q[i] = chain_gen_urand(-PI, PI);
                dq[i] = chain_gen_urand(0, 1) < 0.7 ? chain_gen_urand(-1e-4, 1e-4) : chain_gen_urand(-1, 1);
            }
            fric_chain_state x;
            assert_int_equal(fric_chain_sim_init(&s, &x, q, dq, NULL), 0);
            for (int i = 0; i < n; i++) x.tau_ext[i] = chain_gen_urand(-0.1, 0.1);
            /* P = h H_M⁻¹, c = q̇ + h H_M⁻¹ (τ_ext − b − D_M q̇) */
            double Hi[64], P[64], c[8], b[8], rhs[8];
            static fric_chain_ws dws;
            hm_inverse(&ch, q, Hi);
            fric_chain_bias(&ch.m, q, dq, b, &dws);
            for (int i = 0; i < n; i++) rhs[i] = x.tau_ext[i] - b[i] - D_of(&ch.motors[i]) * dq[i];
            for (int i = 0; i < n; i++) {
                c[i] = dq[i];
                for (int j = 0; j < n; j++) {
                    P[i * n + j] = s.h * Hi[i * n + j];
                    c[i] += s.h * Hi[i * n + j] * rhs[j];
                }
            }
            int npat = 1, found = 0, pat[8];
            double sig[8], ref[8];
            for (int i = 0; i < n; i++) npat *= 3;
            for (int p = 0; p < npat; p++) {
                for (int i = 0, v = p; i < n; i++, v /= 3) pat[i] = v % 3;
                if (!coupled_pattern(&ch, P, c, pat, sig)) continue;
                int st = 0;
                for (int i = 0; i < n; i++) st += pat[i] == 0;
                if (!found) {
                    for (int i = 0; i < n; i++) ref[i] = sig[i] / ch.motors[i].g;
                    mixed += st > 0 && st < n;
                }
                found++;
            }
            assert_int_equal(found, 1);   /* monotone laws: one consistent pattern */
            assert_int_equal(fric_chain_sim_step(&s, &x, &ws, NULL), 0);
            for (int i = 0; i < n; i++) assert_true(fabs(x.tau_f[i] - ref[i]) <= COUPLED_ABS);
            total++;
        }
    }
    print_message("coupled vs 3^n enumeration: %d cases, %d with stuck and sliding joints\n",
                  total, mixed);
    assert_true(mixed > 30);
}

/* ---------------------------------------------------- 4. closed forms */

static const struct {
    fric_chain_method m;
    fric_chain_joint_step j;
} METHODS[] = {
    { FRIC_CHAIN_IMPLICIT, FRIC_CHAIN_JOINT_PAPER },  { FRIC_CHAIN_IMPLICIT, FRIC_CHAIN_JOINT_FIXED },
    { FRIC_CHAIN_SEMI_IMPLICIT, FRIC_CHAIN_JOINT_PAPER },
    { FRIC_CHAIN_SEMI_IMPLICIT, FRIC_CHAIN_JOINT_FIXED },
    { FRIC_CHAIN_SEMI_IMPLICIT, FRIC_CHAIN_JOINT_PHI_Z }, { FRIC_CHAIN_COUPLED, FRIC_CHAIN_JOINT_PHI_Z },
};
#define N_METHODS ((int)(sizeof METHODS / sizeof METHODS[0]))

/* A unit with joint-side (g = 1) or motor-side (g = γ, levels divided by γ
 * so that g·τ_fs etc. stay the same) friction. */
static void make_unit_g(chain *ch, int motor_side)
{
    make_unit(ch, 0.01, 1);
    if (motor_side) {
        fric_chain_motor *u = &ch->motors[0];
        u->g = u->gamma;
        u->tau_fs /= u->gamma;
        u->tau_fk /= u->gamma;
        u->C_tau /= u->gamma;
    }
}

/* Runs check on every closed-form case: the unit with joint-side and with
 * motor-side friction (make_unit_g), every method of METHODS, the load L
 * of either sign (the paper's joint step only with L > 0: A6). check gets
 * the unit's motor, the sim of the case and the load's sign. */
static void for_each_unit_case(void (*check)(const fric_chain_motor *u, fric_chain_sim *s, int sg))
{
    for (int side = 0; side < 2; side++) {
        chain ch;
        make_unit_g(&ch, side);
        for (int mi = 0; mi < N_METHODS; mi++) {
            for (int sg = -1; sg <= 1; sg += 2) {
                if (sg < 0 && METHODS[mi].j == FRIC_CHAIN_JOINT_PAPER) continue; /* A6 */
                fric_chain_sim s = sim_of(&ch, METHODS[mi].m, METHODS[mi].j);
                check(&ch.motors[0], &s, sg);
            }
        }
    }
}

/* The joint held by the load L = τ_ext (the link at rest, τ = −L, i.e.
 * τ_prev = −L): one step of (27) gives τ_f = −L/(g(1+ρ)); Φ_Z gives −L/g;
 * and over 2 s q stays within 1e-6 rad while g τ_f → −L. */
static void holding_case(const fric_chain_motor *u, fric_chain_sim *s, int sg)
{
    fric_chain_state x;
    double q0 = 0.3, L = sg * 0.9 * u->g * u->tau_fs;
    assert_int_equal(fric_chain_sim_init(s, &x, &q0, NULL, NULL), 0);
    x.tau_ext[0] = L;
    x.tau_prev[0] = -L;
    assert_int_equal(fric_chain_sim_step(s, &x, &ws, NULL), 0);
    double want = s->method == FRIC_CHAIN_SEMI_IMPLICIT && s->joint != FRIC_CHAIN_JOINT_PHI_Z
                      ? -L / (u->g * (1 + s->rho))
                      : s->method == FRIC_CHAIN_IMPLICIT ? NAN : -L / u->g;
    if (s->method == FRIC_CHAIN_IMPLICIT) {
        /* (19) with one joint unknown: f_M = −A c/(A² + λ), λ = ρ A²,
         * c = h L/H_M, A = h/H_M: −L/(1+ρ), τ_f = f_M/g */
        want = -L / (u->g * (1 + s->rho));
    }
    assert_true(fabs(x.tau_f[0] - want) <= SAME_REL * u->tau_fs);
    assert_int_equal(x.stuck[0], 1);
    for (int k = 1; k < 2000; k++) assert_int_equal(fric_chain_sim_step(s, &x, &ws, NULL), 0);
    assert_true(fabs(x.q[0] - q0) <= 1e-6);
    assert_true(fabs(u->g * x.tau_f[0] + L) <= 1e-6 * fabs(L));
    assert_int_equal(x.stuck[0], 1);
}

/* L ramps from 0.5 to 1.5 g τ_fs over 2 s (quasi-static), the joint held
 * at t = 0 (τ_prev = −L(0), not the start transient of A7): the joint starts
 * to slide (|q̇| > 1e-5 rad/s; stuck, it creeps below ~4e-7 rad/s, the
 * regularization ρ of one step's velocity h L/H_M) when L reaches g τ_fs,
 * within 1 % (at 1e-5 rad/s the motor's damping D_M + C_τ − η(τ_fs − τ_fk)
 * asks 0.12 % more). */
static void breakaway_case(const fric_chain_motor *u, fric_chain_sim *s, int sg)
{
    fric_chain_state x;
    assert_int_equal(fric_chain_sim_init(s, &x, NULL, NULL, NULL), 0);
    double Lb = -1;
    x.tau_prev[0] = -sg * 0.5 * u->g * u->tau_fs;   /* held before t = 0 */
    for (int k = 0; k < 2000 && Lb < 0; k++) {
        double L = u->g * u->tau_fs * (0.5 + k / 2000.0);
        x.tau_ext[0] = sg * L;
        assert_int_equal(fric_chain_sim_step(s, &x, &ws, NULL), 0);
        if (fabs(x.dq[0]) > 1e-5) Lb = L;
    }
    print_message("breakaway g=%g %s/%s sign %d: L/(g tau_fs) = %.5f\n", u->g,
                  fric_chain_method_names[s->method], fric_chain_joint_step_names[s->joint], sg,
                  Lb / (u->g * u->tau_fs));
    assert_true(Lb > 0);
    assert_true(fabs(Lb / (u->g * u->tau_fs) - 1) <= 1e-2);
}

/* L > g τ_fs constant: the speed settles at v* = (L − g τ_fk)/(g C_τ + D_M)
 * (the Stribeck excess e^(−η v*) (τ_fs − τ_fk) < 1e-15 N·m is left out). */
static void sliding_case(const fric_chain_motor *u, fric_chain_sim *s, int sg)
{
    fric_chain_state x;
    assert_int_equal(fric_chain_sim_init(s, &x, NULL, NULL, NULL), 0);
    double L = 2.0;
    double v = (L - u->g * u->tau_fk) / (u->g * u->C_tau + D_of(u));
    assert_true(exp(-u->eta * v) * u->g * (u->tau_fs - u->tau_fk) < 1e-15);
    x.tau_ext[0] = sg * L;
    for (int k = 0; k < 1500; k++) assert_int_equal(fric_chain_sim_step(s, &x, &ws, NULL), 0);
    print_message("sliding g=%g %s/%s sign %d: v %.12g v* %.12g\n", u->g,
                  fric_chain_method_names[s->method], fric_chain_joint_step_names[s->joint], sg,
                  x.dq[0], sg * v);
    assert_true(fabs(x.dq[0] - sg * v) <= 1e-9 * v);
    assert_int_equal(x.stuck[0], 0);
}

/* The closed-form tests, each of its cases over for_each_unit_case. */
static void test_holding_below_breakaway(void **state) { (void)state; for_each_unit_case(holding_case); }
static void test_breakaway(void **state) { (void)state; for_each_unit_case(breakaway_case); }
static void test_steady_sliding(void **state) { (void)state; for_each_unit_case(sliding_case); }

/* A frictionless joint: sim-1 motor with no gear friction. */
static fric_chain_motor frictionless(double gamma, double I_M, double K_M)
{
    fric_chain_motor u = { 1.0, K_M, I_M, gamma, 24, 1, 0, 0, 0, 0 };
    return u;
}

/* A point mass m at the tip of a horizontal link (length 1 m, frictionless
 * joint) resting on the ground at its tip: f_n → m g, f_t → 0. */
static void test_resting_contact(void **state)
{
    (void)state;
    for (int mi = 0; mi < N_METHODS; mi++) {
        chain ch;
        memset(&ch, 0, sizeof ch);
        double mass = 2.0;
        fric_chain_link l = { mass, 1.0, 1.0, 0.0 };
        ch.links[0] = l;
        ch.motors[0] = chain_gen_sim1_motor();
        ch.motors[0].tau_fs = ch.motors[0].tau_fk = ch.motors[0].C_tau = 0;
        fric_chain_model m = { 1, ch.links, ch.motors, GRAV, 1, { { 0, 1.0, 0.0 } }, 0.0, 0.6, 0.5 };
        ch.m = m;
        fric_chain_sim s = sim_of(&ch, METHODS[mi].m, METHODS[mi].j);
        fric_chain_state x;
        double q0 = PI / 2;
        const char *why = NULL;
        assert_int_equal(fric_chain_sim_init(&s, &x, &q0, NULL, &why), 0);
        for (int k = 0; k < 2000; k++) assert_int_equal(fric_chain_sim_step(&s, &x, &ws, NULL), 0);
        print_message("resting %s/%s: f_n %.9g f_t %.3g q-q0 %.3g\n",
                      fric_chain_method_names[METHODS[mi].m],
                      fric_chain_joint_step_names[METHODS[mi].j], x.f[0][1], x.f[0][0], x.q[0] - q0);
        assert_int_equal(x.active[0], 1);
        /* the implicit method's one least squares (19) mixes the joint and
         * contact rows under λ_M = ρ mean(diag A_M)²: its balance holds to
         * the order of ρ = 1e-3 (see the file comment), the others' to 1e-6 */
        double tol = METHODS[mi].m == FRIC_CHAIN_IMPLICIT ? 1e-3 : 1e-6;
        assert_true(fabs(fric_chain_sim_f_n(&x, 0) - mass * GRAV) <= tol * mass * GRAV);
        assert_true(fabs(fric_chain_sim_f_t(&x, 0)) <= tol * mass * GRAV);
        assert_true(fabs(x.q[0] - q0) <= (METHODS[mi].m == FRIC_CHAIN_IMPLICIT ? 1e-2 : 1e-4));
    }
}

/* The block on an incline (see the file comment). */
static void incline(fric_chain_method method, fric_chain_joint_step js, double theta, double T,
                    double *disp, double *vel)
{
    chain ch;
    memset(&ch, 0, sizeof ch);
    double mass = 1.0, L = 2.0;
    fric_chain_link l1 = { 1e-9, L, L / 2, 0 }, l2 = { mass, L, L, 0 };
    ch.links[0] = l1;
    ch.links[1] = l2;
    ch.motors[0] = ch.motors[1] = frictionless(1, 1e-9, 1e-6);
    fric_chain_model m = { 2, ch.links, ch.motors, GRAV * cos(theta), 1, { { 1, L, 0.0 } }, -L,
                           0.6, 0.5 };
    ch.m = m;
    fric_chain_sim s = sim_of(&ch, method, js);
    fric_chain_state x;
    double q0[2] = { PI / 2, -PI / 2 }, p0[2], p[2], J[4];
    const char *why = NULL;
    assert_int_equal(fric_chain_sim_init(&s, &x, q0, NULL, &why), 0);
    fric_chain_point_pos(&ch.m, x.q, 0, p0);
    int steps = (int)lround(T / s.h);
    for (int k = 0; k < steps; k++) {
        fric_chain_jacobian(&ch.m, x.q, 0, J);
        double F = -mass * GRAV * sin(theta);          /* the slope force along −x */
        x.tau_ext[0] = J[0] * F;
        x.tau_ext[1] = J[1] * F;
        assert_int_equal(fric_chain_sim_step(&s, &x, &ws, NULL), 0);
    }
    fric_chain_point_pos(&ch.m, x.q, 0, p);
    fric_chain_jacobian(&ch.m, x.q, 0, J);
    *disp = p[0] - p0[0];
    *vel = J[0] * x.dq[0] + J[1] * x.dq[1];
}

static void test_block_on_incline(void **state)
{
    (void)state;
    const double mu_s = 0.6, mu_k = 0.5, T = 0.5;
    for (int mi = 0; mi < N_METHODS; mi++) {
        double th_stick = atan(0.95 * mu_s), th_slide = atan(1.1 * mu_s), d, v;
        incline(METHODS[mi].m, METHODS[mi].j, th_stick, T, &d, &v);
        print_message("incline %s/%s stick: x %.3g m v %.3g m/s\n",
                      fric_chain_method_names[METHODS[mi].m],
                      fric_chain_joint_step_names[METHODS[mi].j], d, v);
        if (METHODS[mi].m != FRIC_CHAIN_IMPLICIT) assert_true(fabs(d) <= 1e-6);
        incline(METHODS[mi].m, METHODS[mi].j, th_slide, T, &d, &v);
        double a = GRAV * (sin(th_slide) - mu_k * cos(th_slide));
        print_message("incline %s/%s slide: v %.6g m/s, closed form %.6g\n",
                      fric_chain_method_names[METHODS[mi].m],
                      fric_chain_joint_step_names[METHODS[mi].j], v, -a * T);
        if (METHODS[mi].m == FRIC_CHAIN_IMPLICIT) continue;   /* see the file comment */
        assert_true(fabs(v + a * T) <= 2e-3 * a * T);
        assert_true(fabs(d + 0.5 * a * T * T) <= 2e-3 * 0.5 * a * T * T);

    }
}

/* ---------------------------------------------------------- 5. energy */

/* A passive 3-link chain with gear friction and e = 0, no contact: the
 * energy never increases (beyond 1e-9 J of integrator truncation per step)
 * and E(T) − E(0) = ∫(G τ_f q̇ − D_M q̇²) dt within 1 % (trapezoid). */
static void test_energy_never_increases(void **state)
{
    (void)state;
    chain ch;
    make_chain(&ch, 3, 7);
    for (int mi = 0; mi < N_METHODS; mi++) {
        fric_chain_sim s = sim_of(&ch, METHODS[mi].m, METHODS[mi].j);
        fric_chain_state x;
        double q0[3] = { 1.0, -0.5, 0.8 }, dq0[3] = { 0.5, -1.0, 2.0 };
        assert_int_equal(fric_chain_sim_init(&s, &x, q0, dq0, NULL), 0);
        double E0 = fric_chain_sim_energy(&s, &x, &ws), E = E0, diss = 0, worst = 0;
        for (int k = 0; k < 2000; k++) {
            double dq_old[3];
            memcpy(dq_old, x.dq, sizeof dq_old);
            assert_int_equal(fric_chain_sim_step(&s, &x, &ws, NULL), 0);
            double En = fric_chain_sim_energy(&s, &x, &ws);
            worst = fmax(worst, En - E);
            E = En;
            for (int i = 0; i < 3; i++) {
                const fric_chain_motor *u = &ch.motors[i];
                double p0 = u->g * x.tau_f[i] * dq_old[i] - D_of(u) * dq_old[i] * dq_old[i];
                double p1 = u->g * x.tau_f[i] * x.dq[i] - D_of(u) * x.dq[i] * x.dq[i];
                diss += 0.5 * s.h * (p0 + p1);
            }
        }
        print_message("energy %s/%s: E0 %.6f E %.6f, largest rise %.3g J, balance %.3g J\n",
                      fric_chain_method_names[METHODS[mi].m],
                      fric_chain_joint_step_names[METHODS[mi].j], E0, E, worst,
                      E - E0 - diss);
        assert_true(worst <= 1e-9);
        assert_true(fabs(E - E0 - diss) <= 1e-2 * fabs(E - E0));
    }
}

/* The two-link arm of simulation 2 (sheet §7) with e = 0, thrown down
 * (q̇_2 = −8 rad/s) into the ground: with contacts too the energy never
 * increases by more than 1e-9 J per step. */
static void test_energy_with_contacts(void **state)
{
    (void)state;
    fric_chain_motor u = chain_gen_sim1_motor();
    fric_chain_motor mo[2] = { u, u };
    fric_chain_link li[2] = { { 1.5, 0.3, 0.2, 0.016458 }, { 1.0, 0.3, 0.15, 1.0 * (0.09 + 0.01) / 12 } };
    fric_chain_model m = { 2, li, mo, GRAV, 2, { { 1, 0.3, 0.05 }, { 1, 0.3, -0.05 } }, -0.2, 0.6, 0.5 };
    for (int mi = 0; mi < N_METHODS; mi++) {
        fric_chain_sim s = fric_chain_sim_default(&m);
        s.method = METHODS[mi].m;
        s.joint = METHODS[mi].j;
        fric_chain_state x;
        double q0[2] = { PI / 2, PI / 2 }, dq0[2] = { 0, -8 };
        assert_int_equal(fric_chain_sim_init(&s, &x, q0, dq0, NULL), 0);
        double E = fric_chain_sim_energy(&s, &x, &ws), worst = 0;
        long long in_contact = 0;
        for (int k = 0; k < 3000; k++) {
            assert_int_equal(fric_chain_sim_step(&s, &x, &ws, NULL), 0);
            double En = fric_chain_sim_energy(&s, &x, &ws);
            worst = fmax(worst, En - E);
            E = En;
            in_contact += x.active[0] || x.active[1];
        }
        print_message("energy with contacts %s/%s: %lld steps in contact, largest rise %.3g J\n",
                      fric_chain_method_names[METHODS[mi].m],
                      fric_chain_joint_step_names[METHODS[mi].j], in_contact, worst);
        assert_true(in_contact > 100);
        assert_true(worst <= 1e-9);
    }
}

/* Gill's method is of order 4: on a 2-link chain without friction and
 * contact, the error of q at T = 0.4 s falls ~16-fold when h halves. */
static void test_rkg_order4(void **state)
{
    (void)state;
    chain ch;
    memset(&ch, 0, sizeof ch);
    fric_chain_link l = { 1.0, 0.3, 0.15, 0.0083 };
    ch.links[0] = ch.links[1] = l;
    ch.motors[0] = ch.motors[1] = frictionless(30, 1e-5, 2e-2);
    fric_chain_model m = { 2, ch.links, ch.motors, GRAV, 0, { { 0, 0, 0 } }, -1, 0.6, 0.5 };
    ch.m = m;
    const double hs[4] = { 8e-3, 4e-3, 2e-3, 2.5e-4 }, T = 0.4;
    double qT[4][2];
    for (int j = 0; j < 4; j++) {
        fric_chain_sim s = sim_of(&ch, FRIC_CHAIN_SEMI_IMPLICIT, FRIC_CHAIN_JOINT_PHI_Z);
        s.h = hs[j];
        fric_chain_state x;
        double q0[2] = { 1.2, 0.7 };
        assert_int_equal(fric_chain_sim_init(&s, &x, q0, NULL, NULL), 0);
        int steps = (int)lround(T / s.h);
        for (int k = 0; k < steps; k++) assert_int_equal(fric_chain_sim_step(&s, &x, &ws, NULL), 0);
        qT[j][0] = x.q[0];
        qT[j][1] = x.q[1];
    }
    double e[3];
    for (int j = 0; j < 3; j++) e[j] = fmax(fabs(qT[j][0] - qT[3][0]), fabs(qT[j][1] - qT[3][1]));
    print_message("RKG errors %.3g %.3g %.3g, ratios %.2f %.2f\n", e[0], e[1], e[2], e[0] / e[1],
                  e[1] / e[2]);
    assert_true(e[0] / e[1] > 12 && e[0] / e[1] < 20);
    assert_true(e[1] / e[2] > 12 && e[1] / e[2] < 20);
}

/* ------------------------------------------------------ PID and check */

static void test_pid_sampling(void **state)
{
    (void)state;
    chain ch;
    make_chain(&ch, 2, 3);
    fric_chain_gains g = { 0.5, 2.0, 0.1 };
    fric_chain_sim s = sim_of(&ch, FRIC_CHAIN_SEMI_IMPLICIT, FRIC_CHAIN_JOINT_PHI_Z);
    s.gains = &g;
    s.n_gains = 1;
    fric_chain_state x;
    double q0[2] = { 0.2, -0.1 }, dq0[2] = { 0.3, -0.2 };
    assert_int_equal(fric_chain_sim_init(&s, &x, q0, dq0, NULL), 0);
    x.q_d[0] = 0.25;
    x.q_d[1] = -0.3;
    const double Tp = 2e-3;
    double integ[2] = { 0, 0 };
    for (int k = 0; k < 6; k++) {
        double q[2] = { x.q[0], x.q[1] }, dq[2] = { x.dq[0], x.dq[1] }, e_old[2] = { x.e[0], x.e[1] };
        assert_int_equal(fric_chain_sim_step(&s, &x, &ws, NULL), 0);
        for (int i = 0; i < 2; i++) {
            if (k % 2) {
                assert_true(x.e[i] == e_old[i]);   /* zero-order hold */
                continue;
            }
            double eps = x.q_d[i] - q[i];
            integ[i] += eps * Tp;
            double v = ch.motors[i].gamma * (g.K_P * eps + g.K_I * integ[i] - g.K_D * dq[i]);
            v = fmin(24, fmax(-24, v));
            assert_true(fabs(x.e[i] - v) <= SAME_REL * fmax(1, fabs(v)));
        }
    }
    /* saturation, and pid_on = 0 switches the voltage off */
    x.q_d[0] = 100;
    x.k = 0;
    assert_int_equal(fric_chain_sim_step(&s, &x, &ws, NULL), 0);
    assert_true(x.e[0] == 24);
    x.pid_on = 0;
    assert_int_equal(fric_chain_sim_step(&s, &x, &ws, NULL), 0);
    assert_true(x.e[0] == 0 && x.e[1] == 0);
}

/* Retune: new friction and h, same motion; the plans are those of the new
 * laws (fric_phi_z at the new A_q); a bad definition leaves x untouched. */
static void test_retune(void **state)
{
    (void)state;
    static chain ch;
    make_chain(&ch, 3, 21);
    fric_chain_sim s = sim_of(&ch, FRIC_CHAIN_SEMI_IMPLICIT, FRIC_CHAIN_JOINT_PHI_Z);
    static fric_chain_state x, y;
    double q0[3] = { 0.5, -0.4, 0.3 };
    assert_int_equal(fric_chain_sim_init(&s, &x, q0, NULL, NULL), 0);
    for (int k = 0; k < 100; k++) assert_int_equal(fric_chain_sim_step(&s, &x, &ws, NULL), 0);
    y = x;
    for (int i = 0; i < 3; i++) ch.motors[i].tau_fs = 0.045;
    s.h = 5e-4;
    assert_int_equal(fric_chain_sim_retune(&s, &x, NULL), 0);
    assert_memory_equal(x.q, y.q, sizeof x.q);
    assert_memory_equal(x.dq, y.dq, sizeof x.dq);
    assert_true(x.t == y.t && x.k == y.k);
    for (int i = 0; i < 3; i++) {
        fric_law l = law_here(&ch.motors[i]);
        double Aq = ch.motors[i].g * s.h / J_of(&ch.motors[i]);
        for (double v = -1; v <= 1; v += 0.01)
            assert_true(fric_plan_phi_z(&x.elem[i].plan, v) == fric_phi_z(&l, Aq, v));
    }
    y = x;
    s.rho = -1;
    assert_int_not_equal(fric_chain_sim_retune(&s, &x, NULL), 0);
    assert_memory_equal(&x, &y, sizeof x);
}

static void expect_bad(const fric_chain_sim *s, const char *needle)
{
    const char *why = NULL;
    int rc = fric_chain_sim_check(s, &why);
    print_message("  %s\n", why);
    assert_int_not_equal(rc, 0);
    assert_non_null(strstr(why, needle));
    fric_chain_state x;
    assert_int_equal(fric_chain_sim_init(s, &x, NULL, NULL, NULL), rc);
}

static void test_check_messages(void **state)
{
    (void)state;
    static chain ch;
    make_chain(&ch, 9, 5);
    fric_chain_sim s = sim_of(&ch, FRIC_CHAIN_COUPLED, FRIC_CHAIN_JOINT_PHI_Z);
    expect_bad(&s, "coupled");
    s.method = FRIC_CHAIN_SEMI_IMPLICIT;
    assert_int_equal(fric_chain_sim_check(&s, NULL), 0);
    s.rho = 0;
    expect_bad(&s, "rho");
    s.rho = 1e-3;
    s.h = -1;
    expect_bad(&s, "h = ");
    s.h = 1e-3;
    fric_chain_gains g = { 1, 0, 0 };
    s.gains = &g;
    s.n_gains = 1;
    s.pid_period = 1.5e-3;
    expect_bad(&s, "pid_period");
    s.pid_period = 2e-3;
    s.n_gains = 3;
    expect_bad(&s, "n_gains");
    s.n_gains = 1;
    ch.motors[4].C_tau = 0.1;
    expect_bad(&s, "C_tau");
    ch.motors[4].C_tau = 1.53;
    ch.links[2].mass = -1;
    expect_bad(&s, "mass");
    ch.links[2].mass = 1;
    s.method = (fric_chain_method)7;
    expect_bad(&s, "method");
}

FRIC_TEST_MAIN(cmocka_unit_test(test_semi_joint_step_phi_z),
               cmocka_unit_test(test_coupled_one_joint_element_a),
               cmocka_unit_test(test_blsq_brute_force),
               cmocka_unit_test(test_step_contact_problems),
               cmocka_unit_test(test_coupled_enumeration),
               cmocka_unit_test(test_holding_below_breakaway),
               cmocka_unit_test(test_breakaway),
               cmocka_unit_test(test_steady_sliding),
               cmocka_unit_test(test_resting_contact),
               cmocka_unit_test(test_block_on_incline),
               cmocka_unit_test(test_energy_never_increases),
               cmocka_unit_test(test_energy_with_contacts),
               cmocka_unit_test(test_rkg_order4),
               cmocka_unit_test(test_pid_sampling),
               cmocka_unit_test(test_retune),
               cmocka_unit_test(test_check_messages))
