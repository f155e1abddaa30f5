/*
 * test_chain_dyn.c: the planar chain of fric_chain.h (core/system/
 * chain_model.c, chain_dyn.c) against references built here, independent of
 * the code under test (sheet §10.1):
 *
 * - Lagrange: the test's own kinematics (link angles φ_i = q_1 + … + q_i,
 *   centres of mass c_i = p_i + com_i·u_i) give L = T − V with
 *   T = Σ ½ m_i |ċ_i|² + ½ I_i φ̇_i², ċ_i by finite differences of c_i along
 *   q̇, V = Σ m_i g c_iy. Then H_ij = ∂²T/∂q̇_i∂q̇_j (polarisation of the
 *   quadratic T) and, from the Euler–Lagrange equations at q̈ = 0,
 *   b = (d/dt ∂T/∂q̇) − ∂T/∂q + ∂V/∂q = Ḣ q̇ − ∂T/∂q + ∂V/∂q by central
 *   differences.
 * - Closed forms: the pendulum (H = I + m c², b = m g c sin q) and the
 *   textbook 2R arm; the joint positions of a 2R arm.
 * - Linear algebra: ABA's (H + diag(arm))⁻¹ r (fric_chain_solve, and
 *   fric_chain_resolve after a forward step) against Gaussian elimination
 *   with partial pivoting on H from CRBA (n up to 100); forward dynamics
 *   against H_M⁻¹(τ − b).
 * - Jacobians against central differences of the contact point positions.
 * - Energy: a passive chain integrated with classical RK4 (written here)
 *   loses energy at O(h⁴): halving h divides the drift by about 2⁴.
 * - fric_chain_check: each bad field gets a message naming it.
 */
#include "test_main.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "fric_chain.h"
#include "fric_status.h"
#include "gauss_ref.h"
#include "chain_gen.h"

#define PI 3.14159265358979323846
#define NMAX FRIC_CHAIN_MAX_N
#define G 9.81

/* The finite-difference references: 5-point stencils (error O(s⁴)) with
 * s = 1e-3 on quantities of order 1 carry truncation ~1e-12 and rounding
 * ~eps/s = 1e-13; nesting one more difference (b: Ḣ, ∂T/∂q) divides the
 * rounding of H by s again, ~1e-10. */
#define FD_S 1e-3
#define H_REL 1e-9     /* H: relative to max|H_ij|                           */
#define B_REL 1e-7     /* b: relative to the size of its terms               */
#define J_REL 1e-9     /* Jacobian: relative to max|J_ij|                    */
/* Closed forms are the same sums in another order: a few ulp. */
#define CLOSED_REL 1e-13
/* ABA against elimination: both backward stable; the condition number of
 * H_M (armature 0.1 kg·m², n <= 100 links) stays below ~1e5. */
#define SOLVE_REL 1e-10

/* ------------------------------------------------------------ helpers */

typedef struct {
    fric_chain_link links[NMAX];
    fric_chain_motor motors[NMAX];
    fric_chain_model m;
    double arm[NMAX];
} chain;

/* A chain of n random links (mass 0.2-2 kg, length 0.1-0.5 m, com anywhere on
 * the link, inertia 0-0.02 kg·m²), motors of sim. 1 with rotor inertia I_M,
 * two contact candidates at the distal corners of the last link. */
static void make_chain(chain *ch, int n, uint64_t seed, double I_M)
{
    chain_gen_rng = seed * 0x9E3779B97F4A7C15ULL + 1;
    memset(ch, 0, sizeof *ch);
    chain_gen_random(ch->links, ch->motors, &ch->m, n, 0.5, 0.2, 2, 0.02, G, -0.2);
    for (int i = 0; i < n; i++) {
        ch->motors[i].I_M = I_M;
        ch->arm[i] = ch->motors[i].gamma * ch->motors[i].gamma * I_M;
    }
}

static void random_state(int n, double *q, double *dq)
{
    for (int i = 0; i < n; i++) {
        q[i] = chain_gen_urand(-PI, PI);
        if (dq) dq[i] = chain_gen_urand(-2, 2);
    }
}

static double max_abs(const double *x, int k)
{
    double m = 0;
    for (int i = 0; i < k; i++) m = fmax(m, fabs(x[i]));
    return m;
}

/* ---------------------------------------- the test's own Lagrangian */

/* Centres of mass c[2n] and link angles phi[n] (fric_chain.h's conventions). */
static void ref_kin(const fric_chain_model *c, const double *q, double *com, double *phi)
{
    double px = 0, py = 0, f = 0;
    for (int i = 0; i < c->n; i++) {
        f += q[i];
        phi[i] = f;
        com[2 * i] = px + c->links[i].com * sin(f);
        com[2 * i + 1] = py - c->links[i].com * cos(f);
        px += c->links[i].length * sin(f);
        py -= c->links[i].length * cos(f);
    }
}

/* q + t·d */
static void axpy(int n, const double *q, double t, const double *d, double *out)
{
    for (int i = 0; i < n; i++) out[i] = q[i] + t * d[i];
}

/* Kinetic energy of the links (no rotors): centre-of-mass velocities and
 * angular rates by the 5-point difference of the positions along q̇. */
static double ref_T(const fric_chain_model *c, const double *q, const double *dq)
{
    const int n = c->n;
    static const double w[4] = { 1, -8, 8, -1 }, t[4] = { -2, -1, 1, 2 };
    double qs[NMAX], com[2 * NMAX], phi[NMAX], vc[2 * NMAX] = { 0 }, vp[NMAX] = { 0 };
    for (int k = 0; k < 4; k++) {
        axpy(n, q, t[k] * FD_S, dq, qs);
        ref_kin(c, qs, com, phi);
        for (int i = 0; i < 2 * n; i++) vc[i] += w[k] * com[i] / (12 * FD_S);
        for (int i = 0; i < n; i++) vp[i] += w[k] * phi[i] / (12 * FD_S);
    }
    double T = 0;
    for (int i = 0; i < n; i++)
        T += 0.5 * c->links[i].mass * (vc[2 * i] * vc[2 * i] + vc[2 * i + 1] * vc[2 * i + 1])
           + 0.5 * c->links[i].inertia * vp[i] * vp[i];
    return T;
}

static double ref_V(const fric_chain_model *c, const double *q)
{
    double com[2 * NMAX], phi[NMAX], V = 0;
    ref_kin(c, q, com, phi);
    for (int i = 0; i < c->n; i++) V += c->links[i].mass * c->gravity * com[2 * i + 1];
    return V;
}

/* H_ij = ∂²T/∂q̇_i∂q̇_j of the quadratic T by polarisation. */
static void ref_H(const fric_chain_model *c, const double *q, double *H)
{
    const int n = c->n;
    double e[NMAX] = { 0 }, Ti[NMAX];
    for (int i = 0; i < n; i++) {
        e[i] = 1;
        Ti[i] = ref_T(c, q, e);
        e[i] = 0;
    }
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            if (i == j) { H[i * n + i] = 2 * Ti[i]; continue; }
            e[i] = e[j] = 1;
            H[i * n + j] = ref_T(c, q, e) - Ti[i] - Ti[j];
            e[i] = e[j] = 0;
        }
}

/* b = Ḣ q̇ − ∂T/∂q + ∂V/∂q (Euler–Lagrange at q̈ = 0), all by 5-point
 * differences; *scale receives the size of the terms. */
static void ref_b(const fric_chain_model *c, const double *q, const double *dq, double *b,
                  double *scale)
{
    const int n = c->n;
    static const double w[4] = { 1, -8, 8, -1 }, t[4] = { -2, -1, 1, 2 };
    double qs[NMAX], H[NMAX * NMAX], e[NMAX] = { 0 };
    double hd[NMAX] = { 0 }, dT[NMAX] = { 0 }, dV[NMAX] = { 0 };
    for (int k = 0; k < 4; k++) {
        axpy(n, q, t[k] * FD_S, dq, qs);
        ref_H(c, qs, H);
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++) hd[i] += w[k] * H[i * n + j] * dq[j] / (12 * FD_S);
    }
    for (int i = 0; i < n; i++) {
        e[i] = 1;
        for (int k = 0; k < 4; k++) {
            axpy(n, q, t[k] * FD_S, e, qs);
            dT[i] += w[k] * ref_T(c, qs, dq) / (12 * FD_S);
            dV[i] += w[k] * ref_V(c, qs) / (12 * FD_S);
        }
        e[i] = 0;
    }
    *scale = 0;
    for (int i = 0; i < n; i++) {
        b[i] = hd[i] - dT[i] + dV[i];
        *scale = fmax(*scale, fmax(fabs(hd[i]), fmax(fabs(dT[i]), fabs(dV[i]))));
    }
}

/* ---------------------------------------------------------- the tests */

static fric_chain_ws ws;   /* 11 kB: static, off the stack */

static void test_lagrange_H_b(void **state)
{
    (void)state;
    static const int sizes[] = { 1, 2, 3, 5 };
    static chain ch;
    double q[NMAX], dq[NMAX], H[NMAX * NMAX], Hr[NMAX * NMAX], b[NMAX], br[NMAX], scale;
    for (unsigned s = 0; s < sizeof sizes / sizeof *sizes; s++) {
        const int n = sizes[s];
        for (int trial = 0; trial < 4; trial++) {
            make_chain(&ch, n, 100 * (uint64_t)n + (uint64_t)trial, 7.03e-6);
            random_state(n, q, dq);
            fric_chain_mass(&ch.m, q, H, &ws);
            ref_H(&ch.m, q, Hr);
            const double hs = max_abs(Hr, n * n);
            for (int i = 0; i < n * n; i++)
                if (!(fabs(H[i] - Hr[i]) <= H_REL * hs))
                    fail_msg("n = %d trial %d: H[%d] = %.15g, Lagrange %.15g", n, trial, i, H[i], Hr[i]);
            fric_chain_bias(&ch.m, q, dq, b, &ws);
            ref_b(&ch.m, q, dq, br, &scale);
            for (int i = 0; i < n; i++)
                if (!(fabs(b[i] - br[i]) <= B_REL * scale))
                    fail_msg("n = %d trial %d: b[%d] = %.15g, Lagrange %.15g (scale %g)", n, trial,
                             i, b[i], br[i], scale);
        }
    }
}

static void test_pendulum_closed_form(void **state)
{
    (void)state;
    fric_chain_link l = { 0.7, 0.4, 0.15, 3e-3 };
    fric_chain_motor u = chain_gen_sim1_motor();
    fric_chain_model m = { 1, &l, &u, G, 0, { { 0, 0, 0 } }, -1, 0.6, 0.5 };
    for (double q = -3; q <= 3; q += 0.5) {
        double H, b, dq = 1.7;
        fric_chain_mass(&m, &q, &H, &ws);
        fric_chain_bias(&m, &q, &dq, &b, &ws);
        const double He = l.inertia + l.mass * l.com * l.com, be = l.mass * G * l.com * sin(q);
        assert_true(fabs(H - He) <= CLOSED_REL * He);
        assert_true(fabs(b - be) <= CLOSED_REL * l.mass * G * l.com);
        /* ABA: q̈ = (τ − b)/(H + arm) */
        double arm = 0.1, tau = 0.3, ddq;
        fric_chain_forward(&m, &q, &dq, &arm, &tau, &ddq, &ws);
        assert_true(fabs(ddq - (tau - be) / (He + arm)) <= CLOSED_REL * 10);
    }
    /* the arm of simulation 1 (sheet §6): 100 x 30 mm, 35.6 g, pivot at one
     * end: I_pivot = m (L² + w²)/12 + m (L/2)² = 1.2133e-4 kg·m² */
    fric_chain_link arm1 = { 0.0356, 0.1, 0.05, 0.0356 * (0.01 + 0.0009) / 12 };
    m.links = &arm1;
    double q0 = 0.3, H1;
    fric_chain_mass(&m, &q0, &H1, &ws);
    assert_true(fabs(H1 - 1.2133e-4) < 1e-8);
}

/* The 2R arm of the robotics textbooks, angles from the downward vertical
 * (q_2 relative): with a = l_1, c_k = com_k,
 *   H11 = I1 + m1 c1² + I2 + m2 (a² + c2² + 2 a c2 cos q2)
 *   H12 = I2 + m2 (c2² + a c2 cos q2),   H22 = I2 + m2 c2²
 *   b1 = −m2 a c2 sin q2 (2 q̇1 q̇2 + q̇2²) + g ((m1 c1 + m2 a) sin q1 + m2 c2 sin(q1+q2))
 *   b2 =  m2 a c2 sin q2 q̇1² + g m2 c2 sin(q1 + q2). */
static void test_two_link_closed_form(void **state)
{
    (void)state;
    fric_chain_link l[2] = { { 1.5, 0.3, 0.2, 0.016458 }, { 1.0, 0.3, 0.15, 0.0083333 } };
    fric_chain_motor u[2] = { chain_gen_sim1_motor(), chain_gen_sim1_motor() };
    fric_chain_model m = { 2, l, u, G, 0, { { 0, 0, 0 } }, -0.2, 0.6, 0.5 };
    chain_gen_rng = 7;
    for (int t = 0; t < 20; t++) {
        double q[2], dq[2], H[4], b[2], p[6];
        random_state(2, q, dq);
        fric_chain_mass(&m, q, H, &ws);
        fric_chain_bias(&m, q, dq, b, &ws);
        const double a = l[0].length, c1 = l[0].com, c2 = l[1].com, m1 = l[0].mass, m2 = l[1].mass;
        const double I1 = l[0].inertia, I2 = l[1].inertia, C2 = cos(q[1]), S2 = sin(q[1]);
        const double He[4] = { I1 + m1 * c1 * c1 + I2 + m2 * (a * a + c2 * c2 + 2 * a * c2 * C2),
                               I2 + m2 * (c2 * c2 + a * c2 * C2), 0, I2 + m2 * c2 * c2 };
        const double be[2] = {
            -m2 * a * c2 * S2 * (2 * dq[0] * dq[1] + dq[1] * dq[1])
                + G * ((m1 * c1 + m2 * a) * sin(q[0]) + m2 * c2 * sin(q[0] + q[1])),
            m2 * a * c2 * S2 * dq[0] * dq[0] + G * m2 * c2 * sin(q[0] + q[1]) };
        assert_true(fabs(H[0] - He[0]) <= CLOSED_REL * He[0]);
        assert_true(fabs(H[1] - He[1]) <= CLOSED_REL * He[0]);
        assert_true(fabs(H[2] - He[1]) <= CLOSED_REL * He[0]);
        assert_true(fabs(H[3] - He[3]) <= CLOSED_REL * He[0]);
        for (int i = 0; i < 2; i++)
            assert_true(fabs(b[i] - be[i]) <= CLOSED_REL * 10 * (fabs(be[0]) + fabs(be[1]) + 1));
        /* joint positions: p_2 = a (sin q1, −cos q1), p_3 = p_2 + l2 (sin φ2, −cos φ2) */
        fric_chain_joints(&m, q, p);
        const double pe[6] = { 0, 0, a * sin(q[0]), -a * cos(q[0]),
                               a * sin(q[0]) + l[1].length * sin(q[0] + q[1]),
                               -a * cos(q[0]) - l[1].length * cos(q[0] + q[1]) };
        for (int i = 0; i < 6; i++) assert_true(fabs(p[i] - pe[i]) <= CLOSED_REL);
    }
}

static void test_point_and_jacobian(void **state)
{
    (void)state;
    static chain ch;
    static const int sizes[] = { 1, 2, 3, 5, 20 };
    double q[NMAX], qs[NMAX], J[2 * NMAX], p[2], pp[2], P[2 * NMAX + 2];
    for (unsigned s = 0; s < sizeof sizes / sizeof *sizes; s++) {
        const int n = sizes[s];
        make_chain(&ch, n, 900 + (uint64_t)n, 7.03e-6);
        /* candidates on other links too (the last two of four) */
        ch.m.m = 4;
        ch.m.points[2] = (fric_chain_point){ 0, 0.05, 0.02 };
        ch.m.points[3] = (fric_chain_point){ n / 2, -0.03, 0.07 };
        random_state(n, q, NULL);
        fric_chain_joints(&ch.m, q, P);
        for (int k = 0; k < ch.m.m; k++) {
            const fric_chain_point *pt = &ch.m.points[k];
            /* position: the test's own φ and p of the point's link */
            double f = 0, x = 0, y = 0;
            for (int i = 0; i < pt->link; i++) {
                f += q[i];
                x += ch.links[i].length * sin(f);
                y -= ch.links[i].length * cos(f);
            }
            f += q[pt->link];
            const double ex = x + pt->x * sin(f) + pt->y * cos(f);
            const double ey = y - pt->x * cos(f) + pt->y * sin(f);
            fric_chain_point_pos(&ch.m, q, k, p);
            assert_true(fabs(p[0] - ex) <= 1e-12 && fabs(p[1] - ey) <= 1e-12);
            assert_true(fabs(P[2 * pt->link] - x) <= 1e-12 && fabs(P[2 * pt->link + 1] - y) <= 1e-12);
            /* Jacobian: central differences of fric_chain_point_pos */
            fric_chain_jacobian(&ch.m, q, k, J);
            double Jr[2 * NMAX];
            for (int j = 0; j < n; j++) {
                memcpy(qs, q, sizeof(double) * (size_t)n);
                double d[2] = { 0, 0 };
                static const double w[4] = { 1, -8, 8, -1 }, t[4] = { -2, -1, 1, 2 };
                for (int m = 0; m < 4; m++) {
                    qs[j] = q[j] + t[m] * FD_S;
                    fric_chain_point_pos(&ch.m, qs, k, pp);
                    d[0] += w[m] * pp[0] / (12 * FD_S);
                    d[1] += w[m] * pp[1] / (12 * FD_S);
                }
                Jr[j] = d[0];
                Jr[n + j] = d[1];
            }
            const double js = max_abs(Jr, 2 * n);
            for (int i = 0; i < 2 * n; i++)
                if (!(fabs(J[i] - Jr[i]) <= J_REL * js))
                    fail_msg("n = %d point %d: J[%d] = %.15g, differences %.15g", n, k, i, J[i], Jr[i]);
        }
        /* consistency check: fric_chain_points (one walk for all the
         * candidates) equals the per-candidate calls checked above, bit for bit */
        double pos[2 * FRIC_CHAIN_MAX_CONTACTS], Jall[2 * FRIC_CHAIN_MAX_CONTACTS * NMAX];
        fric_chain_points(&ch.m, q, pos, Jall);
        for (int k = 0; k < ch.m.m; k++) {
            fric_chain_point_pos(&ch.m, q, k, p);
            fric_chain_jacobian(&ch.m, q, k, J);
            assert_true(pos[2 * k] == p[0] && pos[2 * k + 1] == p[1]);
            assert_memory_equal(Jall + 2 * k * n, J, sizeof(double) * 2 * (size_t)n);
        }
    }
}

/* ABA against elimination on CRBA's H_M, n up to 100; forward dynamics
 * against H_M⁻¹(τ − b) with b from RNEA. */
static void test_aba_against_crba(void **state)
{
    (void)state;
    static const int sizes[] = { 1, 2, 3, 5, 10, 20, 50, 100 };
    static chain ch;
    static double H[NMAX * NMAX], A[NMAX * NMAX];
    double q[NMAX], dq[NMAX], r[NMAX], x[NMAX], xr[NMAX], b[NMAX];
    for (unsigned s = 0; s < sizeof sizes / sizeof *sizes; s++) {
        const int n = sizes[s];
        make_chain(&ch, n, 5000 + (uint64_t)n, 7.03e-6);
        /* sim. 3's links (0.1 m, 0.2 kg) for the long chains, random for the short */
        if (n > 5)
            for (int i = 0; i < n; i++)
                ch.links[i] = (fric_chain_link){ 0.2, 0.1, 0.05, 0.2 * (0.01 + 0.0009) / 12 };
        random_state(n, q, dq);
        for (int i = 0; i < n; i++) r[i] = chain_gen_urand(-1, 1);
        fric_chain_mass(&ch.m, q, H, &ws);
        for (int pass = 0; pass < 2; pass++) {
            const double *arm = pass ? ch.arm : NULL;
            if (!arm && n > 5) continue;   /* H alone is ill-conditioned for long chains */
            memcpy(A, H, sizeof(double) * (size_t)(n * n));
            if (arm)
                for (int i = 0; i < n; i++) A[i * n + i] += arm[i];
            gauss_ref_solve(n, A, r, xr);
            fric_chain_solve(&ch.m, q, arm, r, x, &ws);
            const double xs = max_abs(xr, n);
            for (int i = 0; i < n; i++)
                if (!(fabs(x[i] - xr[i]) <= SOLVE_REL * xs))
                    fail_msg("n = %d arm %d: solve x[%d] = %.15g, elimination %.15g", n, pass, i,
                             x[i], xr[i]);
        }
        /* forward: τ = r, q̈ = H_M⁻¹ (τ − b) */
        fric_chain_bias(&ch.m, q, dq, b, &ws);
        double rb[NMAX];
        for (int i = 0; i < n; i++) rb[i] = r[i] - b[i];
        memcpy(A, H, sizeof(double) * (size_t)(n * n));
        for (int i = 0; i < n; i++) A[i * n + i] += ch.arm[i];
        gauss_ref_solve(n, A, rb, xr);
        fric_chain_forward(&ch.m, q, dq, ch.arm, r, x, &ws);
        const double xs = max_abs(xr, n);
        for (int i = 0; i < n; i++)
            if (!(fabs(x[i] - xr[i]) <= SOLVE_REL * xs))
                fail_msg("n = %d: forward q''[%d] = %.15g, elimination %.15g", n, i, x[i], xr[i]);
        /* resolve after forward: H_M⁻¹ r for two more right-hand sides */
        for (int rep = 0; rep < 2; rep++) {
            for (int i = 0; i < n; i++) rb[i] = chain_gen_urand(-1, 1);
            memcpy(A, H, sizeof(double) * (size_t)(n * n));
            for (int i = 0; i < n; i++) A[i * n + i] += ch.arm[i];
            gauss_ref_solve(n, A, rb, xr);
            fric_chain_resolve(&ch.m, rb, x, &ws);
            const double rs = max_abs(xr, n);
            for (int i = 0; i < n; i++)
                if (!(fabs(x[i] - xr[i]) <= SOLVE_REL * rs))
                    fail_msg("n = %d: resolve x[%d] = %.15g, elimination %.15g", n, i, x[i], xr[i]);
        }
    }
}

/* fric_chain_energy against ½ q̇ᵀ H_M q̇ + V from the Lagrangian above. */
static void test_energy_value(void **state)
{
    (void)state;
    static chain ch;
    double q[NMAX], dq[NMAX];
    for (int n = 1; n <= 5; n += 2) {
        make_chain(&ch, n, 70 + (uint64_t)n, 7.03e-6);
        random_state(n, q, dq);
        double E = ref_T(&ch.m, q, dq) + ref_V(&ch.m, q);
        for (int i = 0; i < n; i++) E += 0.5 * ch.arm[i] * dq[i] * dq[i];
        const double Ec = fric_chain_energy(&ch.m, q, dq, &ws);
        assert_true(fabs(Ec - E) <= 1e-9 * (1 + fabs(E)));
    }
}

/* Passive chain (τ = 0), classical RK4 on (q, q̇) with q̈ from
 * fric_chain_forward: the largest energy error over [0, T] scales as h⁴. */
static double rk4_drift(const chain *ch, const double *q0, const double *dq0, double h, int steps)
{
    const int n = ch->m.n;
    double q[NMAX], dq[NMAX], k1q[NMAX], k1v[NMAX], k2q[NMAX], k2v[NMAX], k3q[NMAX], k3v[NMAX];
    double k4q[NMAX], k4v[NMAX], qs[NMAX], vs[NMAX], tau[NMAX] = { 0 };
    memcpy(q, q0, sizeof(double) * (size_t)n);
    memcpy(dq, dq0, sizeof(double) * (size_t)n);
    const double E0 = fric_chain_energy(&ch->m, q, dq, &ws);
    double worst = 0;
    for (int s = 0; s < steps; s++) {
        memcpy(k1q, dq, sizeof(double) * (size_t)n);
        fric_chain_forward(&ch->m, q, dq, ch->arm, tau, k1v, &ws);
        axpy(n, q, h / 2, k1q, qs);
        axpy(n, dq, h / 2, k1v, vs);
        memcpy(k2q, vs, sizeof(double) * (size_t)n);
        fric_chain_forward(&ch->m, qs, vs, ch->arm, tau, k2v, &ws);
        axpy(n, q, h / 2, k2q, qs);
        axpy(n, dq, h / 2, k2v, vs);
        memcpy(k3q, vs, sizeof(double) * (size_t)n);
        fric_chain_forward(&ch->m, qs, vs, ch->arm, tau, k3v, &ws);
        axpy(n, q, h, k3q, qs);
        axpy(n, dq, h, k3v, vs);
        memcpy(k4q, vs, sizeof(double) * (size_t)n);
        fric_chain_forward(&ch->m, qs, vs, ch->arm, tau, k4v, &ws);
        for (int i = 0; i < n; i++) {
            q[i] += h / 6 * (k1q[i] + 2 * k2q[i] + 2 * k3q[i] + k4q[i]);
            dq[i] += h / 6 * (k1v[i] + 2 * k2v[i] + 2 * k3v[i] + k4v[i]);
        }
        worst = fmax(worst, fabs(fric_chain_energy(&ch->m, q, dq, &ws) - E0));
    }
    return worst;
}

static void test_energy_drift_order4(void **state)
{
    (void)state;
    static chain ch;
    double q[NMAX], dq[NMAX];
    for (int n = 2; n <= 5; n += 3) {
        make_chain(&ch, n, 300 + (uint64_t)n, 1e-7);
        for (int i = 0; i < n; i++) {
            q[i] = 0.8 / (i + 1);
            dq[i] = 0;
        }
        const double T = 1.0, h = 0.004;
        const double e1 = rk4_drift(&ch, q, dq, h, (int)lround(T / h));
        const double e2 = rk4_drift(&ch, q, dq, h / 2, (int)lround(2 * T / h));
        const double ratio = e1 / e2, order = log2(ratio);
        print_message("n = %d: energy drift %.3g J (h = %g s), %.3g J (h/2): ratio %.2f, order %.2f\n",
                      n, e1, h, e2, ratio, order);
        assert_true(order > 3.6 && order < 4.4);
    }
}

/* ------------------------------------------------------ fric_chain_check */

typedef struct {
    const char *name;   /* what the message must contain */
    void (*spoil)(chain *);
} bad_case;

static void s_n0(chain *c) { c->m.n = 0; }
static void s_n101(chain *c) { c->m.n = 101; }
static void s_links_null(chain *c) { c->m.links = NULL; }
static void s_motors_null(chain *c) { c->m.motors = NULL; }
static void s_mass(chain *c) { c->links[1].mass = -1; }
static void s_mass_nan(chain *c) { c->links[2].mass = NAN; }
static void s_length(chain *c) { c->links[0].length = 0; }
static void s_com(chain *c) { c->links[1].com = c->links[1].length * 1.01; }
static void s_com_neg(chain *c) { c->links[1].com = -0.01; }
static void s_inertia(chain *c) { c->links[2].inertia = -1e-3; }
static void s_R(chain *c) { c->motors[0].R = 0; }
static void s_K(chain *c) { c->motors[1].K_M = NAN; }
static void s_IM(chain *c) { c->motors[2].I_M = 0; }
static void s_gamma(chain *c) { c->motors[0].gamma = -120; }
static void s_emax(chain *c) { c->motors[1].e_max = INFINITY; }
static void s_g(chain *c) { c->motors[2].g = 0; }
static void s_fs(chain *c) { c->motors[0].tau_fs = -0.1; }
static void s_fk(chain *c) { c->motors[1].tau_fk = 0.05; }
static void s_Ct(chain *c) { c->motors[2].C_tau = -1; }
static void s_eta(chain *c) { c->motors[0].eta = NAN; }
static void s_grav(chain *c) { c->m.gravity = INFINITY; }
static void s_m(chain *c) { c->m.m = 5; }
static void s_m_neg(chain *c) { c->m.m = -1; }
static void s_plink(chain *c) { c->m.points[1].link = 3; }
static void s_px(chain *c) { c->m.points[0].x = NAN; }
static void s_ground(chain *c) { c->m.ground_y = NAN; }
static void s_mus(chain *c) { c->m.mu_s = -0.1; }
static void s_muk(chain *c) { c->m.mu_k = 0.7; }

static void test_check(void **state)
{
    (void)state;
    static chain ch;
    static const bad_case cases[] = {
        { "n = 0", s_n0 }, { "n = 101", s_n101 }, { "links is NULL", s_links_null },
        { "motors is NULL", s_motors_null }, { "links[1].mass", s_mass },
        { "links[2].mass", s_mass_nan }, { "links[0].length", s_length },
        { "links[1].com", s_com }, { "links[1].com", s_com_neg },
        { "links[2].inertia", s_inertia }, { "motors[0].R", s_R }, { "motors[1].K_M", s_K },
        { "motors[2].I_M", s_IM }, { "motors[0].gamma", s_gamma },
        { "motors[1].e_max", s_emax }, { "motors[2].g", s_g }, { "motors[0].tau_fs", s_fs },
        { "motors[1].tau_fk", s_fk }, { "motors[2].C_tau", s_Ct }, { "motors[0].eta", s_eta },
        { "gravity", s_grav }, { "m = 5", s_m }, { "m = -1", s_m_neg },
        { "points[1].link", s_plink }, { "points[0]", s_px }, { "ground_y", s_ground },
        { "mu_s", s_mus }, { "mu_k = 0.7 exceeds mu_s", s_muk },
    };
    const char *why = NULL;
    make_chain(&ch, 3, 1, 7.03e-6);
    assert_int_equal(fric_chain_check(&ch.m, &why), 0);
    assert_string_equal(why, "");
    assert_int_equal(fric_chain_check(NULL, &why), FRIC_E_NULL);
    assert_non_null(strstr(why, "NULL"));
    for (unsigned k = 0; k < sizeof cases / sizeof *cases; k++) {
        make_chain(&ch, 3, 1, 7.03e-6);
        cases[k].spoil(&ch);
        const int rc = fric_chain_check(&ch.m, &why);
        if (rc == 0 || !why || !strstr(why, cases[k].name))
            fail_msg("case '%s': rc %d, message \"%s\"", cases[k].name, rc, why ? why : "(null)");
        assert_int_equal(fric_status_last().code, rc);
        assert_true(rc == FRIC_E_PARAM_RANGE || rc == FRIC_E_NULL);
    }
    /* the boundaries are accepted: com at either end, zero inertia, μ_k = μ_s,
     * τ_fk = τ_fs, no contact candidates, n = 100 */
    make_chain(&ch, 3, 1, 7.03e-6);
    ch.links[0].com = 0;
    ch.links[1].com = ch.links[1].length;
    ch.links[2].inertia = 0;
    ch.m.mu_k = ch.m.mu_s;
    ch.motors[0].tau_fk = ch.motors[0].tau_fs;
    ch.m.m = 0;
    assert_int_equal(fric_chain_check(&ch.m, &why), 0);
    make_chain(&ch, NMAX, 2, 7.03e-6);
    assert_int_equal(fric_chain_check(&ch.m, &why), 0);
}

static void test_motor_constants(void **state)
{
    (void)state;
    /* sheet §6: E_M = 1.3119 N·m/V, D_M = 4.0615 N·m·s/rad, γ²I_M = 0.10123 kg·m² */
    fric_chain_motor u = chain_gen_sim1_motor();
    assert_true(fabs(fric_chain_motor_E(&u) - 1.3119) < 1e-4);
    assert_true(fabs(fric_chain_motor_D(&u) - 4.0615) < 1e-4);
    assert_true(fabs(fric_chain_motor_J(&u) - 0.10123) < 1e-5);
}

FRIC_TEST_MAIN(cmocka_unit_test(test_lagrange_H_b),
               cmocka_unit_test(test_pendulum_closed_form),
               cmocka_unit_test(test_two_link_closed_form),
               cmocka_unit_test(test_point_and_jacobian),
               cmocka_unit_test(test_aba_against_crba),
               cmocka_unit_test(test_energy_value),
               cmocka_unit_test(test_energy_drift_order4),
               cmocka_unit_test(test_check),
               cmocka_unit_test(test_motor_constants))
