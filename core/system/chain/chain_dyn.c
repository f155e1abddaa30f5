/*
 * chain_dyn.c: the rigid-body dynamics of the planar chain of fric_chain.h,
 * eq. 1's H(q) and b(q, q̇) and its solves, by Featherstone's recursive
 * algorithms ("Rigid Body Dynamics Algorithms", 2008: RNEA ch. 5, CRBA
 * ch. 6, ABA ch. 7), reduced to the plane.
 *
 * Planar spatial algebra in world coordinates about the origin O (every
 * quantity of every body referred to one fixed point, so the recursions need
 * no frame transforms; the joint axes S_i carry the geometry):
 *   motion vector m = (ω, v_x, v_y): angular rate [rad/s] and the velocity
 *                     of the body point at O [m/s];
 *   force vector  f = (n, f_x, f_y): moment about O [N·m] and force [N].
 *   v ×m u = (0, −ω·u_y + ω'·v_y, ω·u_x − ω'·v_x)   (u = (ω', u_x, u_y))
 *   v ×f f = (v_x f_y − v_y f_x, −ω f_y, ω f_x)
 *   joint i (revolute, at p_i): S_i = (1, p_iy, −p_ix)  (rotation about p_i)
 *   body i (mass m, centre of mass c in the world, inertia I_c):
 *       M_i = [[I_c + m|c|², −m c_y, m c_x], [−m c_y, m, 0], [m c_x, 0, m]].
 * Gravity along −y enters as the base acceleration a_0 = (0, 0, g).
 * S_i moves with link i−1, so Ṡ_i = v_{i−1} ×m S_i and the velocity-product
 * acceleration of joint i is c_i = v_i ×m S_i q̇_i (S_i ×m S_i = 0).
 * The motors' reflected inertia Γ²I_M (eq. 4, H_M = H + Γ²I_M) is diagonal
 * in joint space: it adds to the ABA's D_i = S_iᵀ I^A_i S_i.
 */
#include <assert.h>
#include <stddef.h>

#include "fric_chain.h"

#define N_ FRIC_CHAIN_MAX_N

/* The workspace's blocks (fric_chain_ws holds 20 doubles per joint). P, U,
 * DI stay valid after a solve for fric_chain_resolve; M holds the body
 * inertias of the last ABA's pass 1, so that pass 2 need not rebuild them. */
enum {
    W_P = 0,          /* joint positions p_1 .. p_{n+1}     [2(n+1) <= 3N] */
    W_C = 3 * N_,     /* c_i, velocity-product accelerations   [3N]        */
    W_PB = 6 * N_,    /* v_i ×f M_i v_i, body bias forces; RNEA: f_i [3N] */
    W_U = 9 * N_,     /* U_i = I^A_i S_i                       [3N]        */
    W_DI = 12 * N_,   /* 1 / D_i                               [N]         */
    W_UU = 13 * N_,   /* u_i                                   [N]         */
    W_M = 14 * N_,    /* M_i as (a00, a01, a02, a11, a12, a22) [6N]        */
    W_END = 20 * N_
};
_Static_assert(sizeof(fric_chain_ws) == W_END * sizeof(double), "fric_chain_ws: 20 per joint");

static void joint_axis(const double *P, int i, double *S)
{
    S[0] = 1;
    S[1] = P[2 * i + 1];
    S[2] = -P[2 * i];
}

/* Symmetric 3×3 matrices as (a00, a01, a02, a11, a12, a22). */
static inline void sym_vec(const double *A, const double *x, double *y)
{
    y[0] = A[0] * x[0] + A[1] * x[1] + A[2] * x[2];
    y[1] = A[1] * x[0] + A[3] * x[1] + A[4] * x[2];
    y[2] = A[2] * x[0] + A[4] * x[1] + A[5] * x[2];
}

/* M_i of link i from the joint positions (centre of mass on p_i → p_{i+1}). */
static void body_inertia(const fric_chain_model *c, const double *P, int i, double *M)
{
    const fric_chain_link *l = &c->links[i];
    const double s = l->com / l->length;
    const double cx = P[2 * i] + s * (P[2 * i + 2] - P[2 * i]);
    const double cy = P[2 * i + 1] + s * (P[2 * i + 3] - P[2 * i + 1]);
    const double m = l->mass;
    M[0] = l->inertia + m * (cx * cx + cy * cy);
    M[1] = -m * cy;
    M[2] = m * cx;
    M[3] = m;
    M[4] = 0;
    M[5] = m;
}

static inline double dot(const double *a, const double *b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }

/* out = v ×m u */
static void cross_m(const double *v, const double *u, double *out)
{
    out[0] = 0;
    out[1] = -v[0] * u[2] + u[0] * v[2];
    out[2] = v[0] * u[1] - u[0] * v[1];
}

/* out = v ×f f */
static void cross_f(const double *v, const double *f, double *out)
{
    out[0] = v[1] * f[2] - v[2] * f[1];
    out[1] = -v[0] * f[2];
    out[2] = v[0] * f[1];
}

static void assert_model(const fric_chain_model *c)
{
    (void)c;
    assert(c && c->n >= 1 && c->n <= FRIC_CHAIN_MAX_N && c->links && c->motors);
}

void fric_chain_mass(const fric_chain_model *c, const double *q, double *H, fric_chain_ws *ws)
{
    assert_model(c);
    const int n = c->n;
    double *P = ws->a + W_P, Ic[6] = { 0 }, M[6], S[3], F[3], Sj[3];
    fric_chain_joints(c, q, P);
    /* composite inertia Ic_i = Σ_{j>=i} M_j; H_ji = S_jᵀ Ic_i S_i (j <= i) */
    for (int i = n - 1; i >= 0; i--) {
        body_inertia(c, P, i, M);
        for (int k = 0; k < 6; k++) Ic[k] += M[k];
        joint_axis(P, i, S);
        sym_vec(Ic, S, F);
        for (int j = i; j >= 0; j--) {
            joint_axis(P, j, Sj);
            H[j * n + i] = H[i * n + j] = dot(Sj, F);
        }
    }
}

void fric_chain_bias(const fric_chain_model *c, const double *q, const double *dq, double *b,
                     fric_chain_ws *ws)
{
    assert_model(c);
    const int n = c->n;
    double *P = ws->a + W_P, *f = ws->a + W_PB;
    double v[3] = { 0, 0, 0 }, a[3] = { 0, 0, c->gravity }, S[3], t[3], M[6], Mv[3];
    fric_chain_joints(c, q, P);
    /* forward: v_i, a_i (q̈ = 0), f_i = M_i a_i + v_i ×f M_i v_i */
    for (int i = 0; i < n; i++) {
        joint_axis(P, i, S);
        for (int k = 0; k < 3; k++) v[k] += S[k] * dq[i];
        cross_m(v, S, t);
        for (int k = 0; k < 3; k++) a[k] += t[k] * dq[i];
        body_inertia(c, P, i, M);
        sym_vec(M, a, f + 3 * i);
        sym_vec(M, v, Mv);
        cross_f(v, Mv, t);
        for (int k = 0; k < 3; k++) f[3 * i + k] += t[k];
    }
    /* backward: b_i = S_iᵀ Σ_{j>=i} f_j */
    double F[3] = { 0, 0, 0 };
    for (int i = n - 1; i >= 0; i--) {
        for (int k = 0; k < 3; k++) F[k] += f[3 * i + k];
        joint_axis(P, i, S);
        b[i] = dot(S, F);
    }
}

/* The articulated-body algorithm: ddq = (H + diag(arm))⁻¹ (tau − b) with
 * b at velocity dq (NULL: zero velocity) and gravity g. In a serial chain
 * the articulated inertia and bias force of link i are its own plus what
 * link i+1 hands down, so pass 2 carries them in running variables. */
static void aba(const fric_chain_model *c, const double *q, const double *dq, double g,
                const double *arm, const double *tau, double *ddq, fric_chain_ws *ws)
{
    assert_model(c);
    const int n = c->n;
    double *P = ws->a + W_P, *C = ws->a + W_C, *PB = ws->a + W_PB;
    double *U = ws->a + W_U, *DI = ws->a + W_DI, *u = ws->a + W_UU, *MB = ws->a + W_M;
    double S[3];
    fric_chain_joints(c, q, P);
    /* pass 1: M_i; with velocity also v_i, c_i = v_i ×m S_i q̇_i, v_i ×f M_i v_i */
    double v[3] = { 0, 0, 0 }, Mv[3];
    for (int i = 0; i < n; i++) {
        double *Mi = MB + 6 * i;
        body_inertia(c, P, i, Mi);
        if (!dq) continue;
        double *Ci = C + 3 * i;
        joint_axis(P, i, S);
        for (int k = 0; k < 3; k++) v[k] += S[k] * dq[i];
        cross_m(v, S, Ci);
        for (int k = 0; k < 3; k++) Ci[k] *= dq[i];
        sym_vec(Mi, v, Mv);
        cross_f(v, Mv, PB + 3 * i);
    }
    /* pass 2: tip to base, I^A_i = M_i + I^a_{i+1}, p^A_i = bias_i + p^a_{i+1} */
    double IA[6] = { 0 }, pA[3] = { 0, 0, 0 };
    for (int i = n - 1; i >= 0; i--) {
        double *Ui = U + 3 * i;
        const double *Mi = MB + 6 * i;
        for (int k = 0; k < 6; k++) IA[k] += Mi[k];
        if (dq)
            for (int k = 0; k < 3; k++) pA[k] += PB[3 * i + k];
        joint_axis(P, i, S);
        sym_vec(IA, S, Ui);
        DI[i] = 1 / (dot(S, Ui) + (arm ? arm[i] : 0));
        u[i] = tau[i] - dot(S, pA);
        if (i == 0) break;
        /* I^a = I^A − U Uᵀ / D,  p^a = p^A + I^a c_i + U u / D */
        IA[0] -= Ui[0] * Ui[0] * DI[i];
        IA[1] -= Ui[0] * Ui[1] * DI[i];
        IA[2] -= Ui[0] * Ui[2] * DI[i];
        IA[3] -= Ui[1] * Ui[1] * DI[i];
        IA[4] -= Ui[1] * Ui[2] * DI[i];
        IA[5] -= Ui[2] * Ui[2] * DI[i];
        const double s = u[i] * DI[i];
        for (int k = 0; k < 3; k++) pA[k] += Ui[k] * s;
        if (dq) {
            double t[3];
            sym_vec(IA, C + 3 * i, t);
            for (int k = 0; k < 3; k++) pA[k] += t[k];
        }
    }
    /* pass 3: base to tip, a_i = a_{i−1} + c_i + S_i q̈_i */
    double a[3] = { 0, 0, g };
    for (int i = 0; i < n; i++) {
        if (dq)
            for (int k = 0; k < 3; k++) a[k] += C[3 * i + k];
        ddq[i] = (u[i] - dot(U + 3 * i, a)) * DI[i];
        joint_axis(P, i, S);
        for (int k = 0; k < 3; k++) a[k] += S[k] * ddq[i];
    }
}

void fric_chain_solve(const fric_chain_model *c, const double *q, const double *arm,
                      const double *r, double *x, fric_chain_ws *ws)
{
    aba(c, q, NULL, 0, arm, r, x, ws);
}

void fric_chain_forward(const fric_chain_model *c, const double *q, const double *dq,
                        const double *arm, const double *tau, double *ddq, fric_chain_ws *ws)
{
    aba(c, q, dq, c->gravity, arm, tau, ddq, ws);
}

/* fric_chain_solve's passes 2-3 with zero velocity and gravity, the
 * articulated inertias (U_i, 1/D_i) kept in ws from the last solve. */
void fric_chain_resolve(const fric_chain_model *c, const double *r, double *x, fric_chain_ws *ws)
{
    assert_model(c);
    const int n = c->n;
    const double *P = ws->a + W_P, *U = ws->a + W_U, *DI = ws->a + W_DI;
    double *u = ws->a + W_UU, pA[3] = { 0, 0, 0 }, a[3] = { 0, 0, 0 }, S[3];
    for (int i = n - 1; i >= 0; i--) {
        joint_axis(P, i, S);
        u[i] = r[i] - dot(S, pA);
        const double s = u[i] * DI[i];
        for (int k = 0; k < 3; k++) pA[k] += U[3 * i + k] * s;
    }
    for (int i = 0; i < n; i++) {
        x[i] = (u[i] - dot(U + 3 * i, a)) * DI[i];
        joint_axis(P, i, S);
        for (int k = 0; k < 3; k++) a[k] += S[k] * x[i];
    }
}

double fric_chain_energy(const fric_chain_model *c, const double *q, const double *dq,
                         fric_chain_ws *ws)
{
    assert_model(c);
    const int n = c->n;
    double *P = ws->a + W_P, v[3] = { 0, 0, 0 }, S[3], M[6], Mv[3], T = 0, V = 0;
    fric_chain_joints(c, q, P);
    for (int i = 0; i < n; i++) {
        const fric_chain_link *l = &c->links[i];
        joint_axis(P, i, S);
        for (int k = 0; k < 3; k++) v[k] += S[k] * dq[i];
        body_inertia(c, P, i, M);
        sym_vec(M, v, Mv);
        T += 0.5 * dot(v, Mv) + 0.5 * fric_chain_motor_J(&c->motors[i]) * dq[i] * dq[i];
        const double cy = P[2 * i + 1] + l->com / l->length * (P[2 * i + 3] - P[2 * i + 1]);
        V += l->mass * c->gravity * cy;
    }
    return T + V;
}
