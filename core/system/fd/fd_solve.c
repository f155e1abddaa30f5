/*
 * fd_solve.c: the acceleration solve of fric_fd.h (Dupont 1993, §3.2, eqs.
 * 7-10; sheet ../shared/specs/dupont-forward-dynamics.md §2).
 *
 * Equations (eq. 10 with the sgn q̇_i the paper drops, sheet §4): for each
 * moving joint i (σ_i = ±1)
 *
 *     (D x)_i + Σ_{j: i(j) = i} μ_j(s_j, σ_i) σ_i N_j(x) = r_i,
 *
 * and x_i = 0 for a held joint (σ_i = 0, eq. 28: its friction is what holds
 * it, r_i − (D x)_i). Only the axial rows of moving joints are "active":
 * each has a sign hypothesis s_j = sgn(C_j·x + d_j), the others (rows of
 * held joints, radial rows) have none. Hypothesis s makes the axial part
 * linear (sheet §2):
 *
 *     A_s x = b_s,  A_s = D + Σ_j e_i(j) μ_j σ_i s_j C_jᵀ,
 *                   b_s = r − Σ_j e_i(j) μ_j σ_i s_j d_j,
 *
 * μ_j = mu when s_j σ_i > 0 (the normal force drives: eq. 17's η1), mu_back
 * otherwise (backdriving, η2); rows of held joints replaced by e_iᵀ x = 0.
 * x is a solution iff s_j (C_j·x + d_j) >= 0 on every active row (to
 * FD_TOL relative to |C_j|·|x| + |d_j|). Radial rows (eq. 7) add
 * μ_j σ_i sqrt(u² + v²), u = C_j·x + d_j, v = C2_j·x + d2_j, to row i, and
 * are solved inside each hypothesis by Newton's method on
 * G(x) = A_s x − b_s + Σ μ_j σ_i N_j(x) e_i with backtracking on ‖G‖∞.
 *
 * Solutions that two hypotheses share (a normal force exactly 0 at the
 * solution, where both signs hold) are counted once: two solutions closer
 * than FD_SAME·max(‖x‖∞, ‖x'‖∞) are the same.
 *
 * Uniqueness for every r (sheet §2): F(x) = A_s x − b_s on the cell of s is
 * continuous and piecewise affine (the term of row j vanishes on its plane
 * C_j·x + d_j = 0 whichever μ applies), so F is a bijection iff the
 * determinants of the pieces all have one sign (coherent orientation).
 * The test takes all 2^m patterns; when the C_j of the active rows are
 * linearly dependent some cells are empty and the test is then sufficient,
 * not necessary.
 *
 * Linear algebra: Gaussian elimination with partial pivoting (the A_s are
 * not symmetric), which also gives det A_s as the signed product of the
 * pivots. A pivot below FD_PIVOT·max|A| is singular.
 */
#include <float.h>
#include <math.h>
#include <string.h>

#include "fd_internal.h"
#include "base.h"

#define FD_TOL 1e-10     /* consistency of a sign, relative           */
#define FD_SAME 1e-9     /* two solutions are one, relative            */
#define FD_PIVOT 1e-13   /* singular pivot, relative to max|A|         */
#define FD_ACTIVE_MAX (1u << FRIC_FD_MAX_ROWS)

enum { NN = FRIC_FD_MAX_N * FRIC_FD_MAX_N };

static double dot(int n, const double *a, const double *b)
{
    double s = 0;
    for (int k = 0; k < n; k++) s += a[k] * b[k];
    return s;
}

static double norm_inf(int n, const double *a)
{
    double s = 0;
    for (int k = 0; k < n; k++)
        if (fabs(a[k]) > s) s = fabs(a[k]);
    return s;
}

/* A row takes part in the sign enumeration: axial, on a moving joint. */
static int active(const fric_fd_problem *p, int j)
{
    return p->rows[j].kind == FRIC_FD_AXIAL && p->sigma[p->rows[j].joint] != 0;
}

double fric__fd_normal(const fric_fd_row *row, int n, const double *x)
{
    const double u = dot(n, row->C, x) + row->d;
    if (row->kind == FRIC_FD_AXIAL) return fabs(u);               /* eqs. 5-6, 9 */
    const double v = dot(n, row->C2, x) + row->d2;
    return hypot(u, v);                                           /* eq. 7 */
}

unsigned fric__fd_pattern(const fric_fd_problem *p, const double *x)
{
    unsigned pat = 0;
    for (int j = 0; j < p->m; j++)
        if (dot(p->n, p->rows[j].C, x) + p->rows[j].d >= 0) pat |= 1u << j;
    return pat;
}

double fric__fd_hold(const fric_fd_problem *p, int i, const double *x)
{
    return p->r[i] - dot(p->n, p->D + i * p->n, x);               /* eq. 28 */
}

double fric__fd_static_bound(const fric_fd_problem *p, int i, int dir, const double *x)
{
    double b = 0;
    for (int j = 0; j < p->m; j++) {
        const fric_fd_row *w = &p->rows[j];
        if (w->joint != i) continue;
        const double u = dot(p->n, w->C, x) + w->d;
        /* eq. 17 at rest: driving when the load and the impending motion agree */
        const double mus = w->kind == FRIC_FD_RADIAL || u * dir > 0 ? w->mu_s : w->mu_s_back;
        b += mus * fric__fd_normal(w, p->n, x);                   /* eqs. 19-20, 26 */
    }
    return b;
}

/* A_s, b_s of hypothesis pattern over the active rows (eq. 10 made linear),
 * held rows e_iᵀ x = 0 (eq. 28). */
static void hypothesis_system(const fric_fd_problem *p, unsigned pattern, double *A, double *b)
{
    const int n = p->n;
    memcpy(A, p->D, sizeof(double) * (size_t)(n * n));
    memcpy(b, p->r, sizeof(double) * (size_t)n);
    for (int j = 0; j < p->m; j++) {
        if (!active(p, j)) continue;
        const fric_fd_row *w = &p->rows[j];
        const int i = w->joint, sg = p->sigma[i], s = (pattern >> j) & 1u ? 1 : -1;
        const double mu = s * sg > 0 ? w->mu : w->mu_back;       /* eq. 17 */
        const double c = mu * sg * s;
        for (int k = 0; k < n; k++) A[i * n + k] += c * w->C[k];
        b[i] -= c * w->d;
    }
    for (int i = 0; i < n; i++)
        if (p->sigma[i] == 0) {
            for (int k = 0; k < n; k++) A[i * n + k] = k == i;
            b[i] = 0;
        }
}

static int has_radial(const fric_fd_problem *p)
{
    for (int j = 0; j < p->m; j++)
        if (p->rows[j].kind == FRIC_FD_RADIAL && p->sigma[p->rows[j].joint] != 0) return 1;
    return 0;
}

/* G(x) = A x − b + Σ_radial μ σ_i N_j(x) e_i; returns ‖G‖∞. */
static double radial_residual(const fric_fd_problem *p, const double *A, const double *b,
                              const double *x, double *G)
{
    const int n = p->n;
    for (int i = 0; i < n; i++) G[i] = dot(n, A + i * n, x) - b[i];
    for (int j = 0; j < p->m; j++) {
        const fric_fd_row *w = &p->rows[j];
        if (w->kind != FRIC_FD_RADIAL || p->sigma[w->joint] == 0) continue;
        G[w->joint] += w->mu * p->sigma[w->joint] * fric__fd_normal(w, n, x);
    }
    return norm_inf(n, G);
}

/* Safeguarded Newton for the radial rows (eq. 7) inside one hypothesis,
 * from the x it is given. 0, 1 (singular Jacobian), 2 (no convergence). */
static int radial_newton(const fric_fd_problem *p, const double *A, const double *b, double *x,
                         int *iters)
{
    const int n = p->n;
    double G[FRIC_FD_MAX_N], J[NN], dx[FRIC_FD_MAX_N], xt[FRIC_FD_MAX_N], Gt[FRIC_FD_MAX_N];
    double g = radial_residual(p, A, b, x, G);
    for (int it = 0; it <= FRIC_FD_NEWTON_MAX; it++) {
        /* tolerance relative to max(|r|, |D x|, the radial friction) */
        double scale = norm_inf(n, p->r), fr = 0;
        for (int i = 0; i < n; i++) {
            const double dxi = fabs(dot(n, p->D + i * n, x));
            if (dxi > scale) scale = dxi;
        }
        for (int j = 0; j < p->m; j++)
            if (p->rows[j].kind == FRIC_FD_RADIAL)
                fr += p->rows[j].mu * fric__fd_normal(&p->rows[j], n, x);
        if (fr > scale) scale = fr;
        if (g <= FRIC_FD_NEWTON_TOL * scale || g == 0) {
            if (iters) *iters += it;
            return 0;
        }
        if (it == FRIC_FD_NEWTON_MAX) break;
        /* Jacobian: A + Σ μ σ_i e_i (u C + v C2)ᵀ / N (omitted at N = 0) */
        memcpy(J, A, sizeof(double) * (size_t)(n * n));
        for (int j = 0; j < p->m; j++) {
            const fric_fd_row *w = &p->rows[j];
            if (w->kind != FRIC_FD_RADIAL || p->sigma[w->joint] == 0) continue;
            const double u = dot(n, w->C, x) + w->d, v = dot(n, w->C2, x) + w->d2;
            const double N = hypot(u, v);
            if (!(N > 0)) continue;
            const double c = w->mu * p->sigma[w->joint] / N;
            for (int k = 0; k < n; k++) J[w->joint * n + k] += c * (u * w->C[k] + v * w->C2[k]);
        }
        for (int i = 0; i < n; i++) dx[i] = -G[i];
        if (fric__gauss_solve(n, J, dx, NULL, FD_PIVOT)) {
            if (iters) *iters += it;
            return 1;
        }
        /* backtracking: halve the step until ‖G‖∞ decreases (Armijo, 1e-4) */
        double lam = 1, gt = g;
        int ok = 0;
        for (int k = 0; k < 40; k++, lam *= 0.5) {
            for (int i = 0; i < n; i++) xt[i] = x[i] + lam * dx[i];
            gt = radial_residual(p, A, b, xt, Gt);
            if (gt <= (1 - 1e-4 * lam) * g) {
                ok = 1;
                break;
            }
        }
        if (!ok) break;
        memcpy(x, xt, sizeof(double) * (size_t)n);
        memcpy(G, Gt, sizeof(double) * (size_t)n);
        g = gt;
    }
    if (iters) *iters += FRIC_FD_NEWTON_MAX;
    return 2;
}

int fric__fd_hypothesis(const fric_fd_problem *p, unsigned pattern, double *x, int *iters)
{
    double A[NN], b[FRIC_FD_MAX_N], W[NN];
    hypothesis_system(p, pattern, A, b);
    memcpy(W, A, sizeof W);
    memcpy(x, b, sizeof(double) * (size_t)p->n);
    if (fric__gauss_solve(p->n, W, x, NULL, FD_PIVOT)) return 1;
    const int rc = has_radial(p) ? radial_newton(p, A, b, x, iters) : 0;
    for (int i = 0; i < p->n; i++)
        if (p->sigma[i] == 0) x[i] = 0;     /* exactly, not to rounding */
    return rc;
}

int fric__fd_consistent(const fric_fd_problem *p, unsigned pattern, const double *x)
{
    for (int j = 0; j < p->m; j++) {
        if (!active(p, j)) continue;
        const fric_fd_row *w = &p->rows[j];
        double u = w->d, scale = fabs(w->d);
        for (int k = 0; k < p->n; k++) {
            u += w->C[k] * x[k];
            scale += fabs(w->C[k] * x[k]);
        }
        const int s = (pattern >> j) & 1u ? 1 : -1;
        if (s * u < -FD_TOL * scale) return 0;
    }
    return 1;
}

/* ------------------------------------------------------------- checks */

const char *fric__fd_bad_n(int n)
{
    return fric__say_id("fd.n_degrees_freedom",
               "n = {n} degrees of freedom must be in 1 .. {fd_max_n} (FRIC_FD_MAX_N).",
               fric__values(fric__i("n", n), fric__i("fd_max_n", FRIC_FD_MAX_N)));
}

fric_status fric_fd_check(const fric_fd_problem *p, const char **why)
{
    const char *m = NULL;
    if (!p) m = fric__fail_id(FRIC_E_NULL, -1, "fd.forward_dynamics_problem",
                    "forward-dynamics problem is NULL; pass a fric_fd_problem.",
                    fric__no_values);
    else if (p->n < 1 || p->n > FRIC_FD_MAX_N) m = fric__fd_bad_n(p->n);
    else if (p->m < 0 || p->m > FRIC_FD_MAX_ROWS)
        m = fric__say_id("fd.m_friction_rows",
                "m = {m} friction rows must be in 0 .. {fd_max_rows} (FRIC_FD_MAX_ROWS).",
                fric__values(fric__i("m", p->m), fric__i("fd_max_rows", FRIC_FD_MAX_ROWS)));
    const int n = m ? 0 : p->n;
    double dmax = 0;
    for (int k = 0; !m && k < n * n; k++) {
        if (!isfinite(p->D[k]))
            m = fric__say_id("fd.d_not_finite",
                    "D[{n}][{n2}] = {d} is not finite; the inertia matrix must be finite.",
                    fric__values(fric__i("n", k / n), fric__i("n2", k % n), fric__g("d", p->D[k])));
        else if (fabs(p->D[k]) > dmax) dmax = fabs(p->D[k]);
    }
    for (int i = 0; !m && i < n; i++)
        for (int k = i + 1; !m && k < n; k++)
            if (fabs(p->D[i * n + k] - p->D[k * n + i]) > 1e-12 * dmax)
                m = fric__say_id("fd.d_differs_d",
                        "D[{i}][{k}] = {d} differs from D[{k}][{i}] = {d2}; the inertia matrix must"
                        " be symmetric (to 1e-12 relative).",
                        fric__values(fric__i("i", i), fric__i("k", k), fric__g("d", p->D[i * n + k]),
                                     fric__g("d2", p->D[k * n + i])));
    if (!m) {
        double L[NN];
        memcpy(L, p->D, sizeof(double) * (size_t)(n * n));
        if (fric__chol(n, L))
            m = fric__say_id("fd.d_not_positive",
                    "D is not positive definite (a Cholesky pivot is <= 0); an inertia matrix must "
                    "be, e.g. D[0][0]·D[1][1] > D[0][1]² for n = 2.",
                    fric__no_values);
    }
    for (int i = 0; !m && i < n; i++) {
        if (!isfinite(p->r[i]))
            m = fric__say_id("fd.r_not_finite",
                    "r[{i}] = {r} is not finite; tau - h must be finite.",
                    fric__values(fric__i("i", i), fric__g("r", p->r[i])));
        else if (p->sigma[i] < -1 || p->sigma[i] > 1)
            m = fric__say_id("fd.sigma_moving_held",
                    "sigma[{i}] = {sigma} must be +1 or -1 (moving) or 0 (held at rest).",
                    fric__values(fric__i("i", i), fric__i("sigma", (int)p->sigma[i])));
    }
    for (int j = 0; !m && j < p->m; j++) {
        const fric_fd_row *w = &p->rows[j];
        int finite = isfinite(w->d) && (w->kind != FRIC_FD_RADIAL || isfinite(w->d2));
        for (int k = 0; k < n; k++)
            finite = finite && isfinite(w->C[k]) && (w->kind != FRIC_FD_RADIAL || isfinite(w->C2[k]));
        if (w->kind != FRIC_FD_AXIAL && w->kind != FRIC_FD_RADIAL)
            m = fric__say_id("fd.rows_kind_fric",
                    "rows[{j}].kind = {kind} must be FRIC_FD_AXIAL (0) or FRIC_FD_RADIAL (1).",
                    fric__values(fric__i("j", j), fric__i("kind", (int)w->kind)));
        else if (w->joint < 0 || w->joint >= n)
            m = fric__say_id("fd.rows_joint_joint",
                    "rows[{j}].joint = {joint} must be a joint in 0 .. {n}.",
                    fric__values(fric__i("j", j), fric__i("joint", w->joint), fric__i("n", n - 1)));
        else if (!(isfinite(w->mu) && w->mu >= 0))
            m = fric__say_id("fd.rows_mu_finite",
                    "rows[{j}].mu = {mu} must be a finite friction coefficient >= 0.",
                    fric__values(fric__i("j", j), fric__g("mu", w->mu)));
        else if (!(isfinite(w->mu_s) && w->mu_s >= w->mu))
            m = fric__say_id("fd.rows_mu_s",
                    "rows[{j}].mu_s = {mu_s} must be a finite static coefficient >= mu = {mu}; "
                    "raise mu_s or lower mu.",
                    fric__values(fric__i("j", j), fric__g("mu_s", w->mu_s), fric__g("mu", w->mu)));
        else if (!(isfinite(w->mu_back) && w->mu_back >= 0))
            m = fric__say_id("fd.rows_mu_back",
                    "rows[{j}].mu_back = {mu_back} must be a finite backdriving coefficient >= 0.",
                    fric__values(fric__i("j", j), fric__g("mu_back", w->mu_back)));
        else if (!(isfinite(w->mu_s_back) && w->mu_s_back >= w->mu_back))
            m = fric__say_id("fd.rows_mu_s_2",
                    "rows[{j}].mu_s_back = {mu_s_back} must be a finite static coefficient >= "
                    "mu_back = {mu_back}; raise mu_s_back or lower mu_back.",
                    fric__values(fric__i("j", j), fric__g("mu_s_back", w->mu_s_back),
                                 fric__g("mu_back", w->mu_back)));
        else if (!finite)
            m = fric__say_id("fd.rows_c_d",
                    "rows[{j}]: C, d (and C2, d2 of a radial row) must be finite.",
                    fric__values(fric__i("j", j)));
        else if (w->kind == FRIC_FD_RADIAL && (w->mu_back != w->mu || w->mu_s_back != w->mu_s))
            m = fric__say_id("fd.rows_radial_mu",
                    "rows[{j}] is radial with mu_back = {mu_back}, mu_s_back = {mu_s_back}: a "
                    "radial load has no driving or backdriving sense; set them to mu = {mu}, mu_s ="
                    " {mu_s}.",
                    fric__values(fric__i("j", j), fric__g("mu_back", w->mu_back),
                                 fric__g("mu_s_back", w->mu_s_back), fric__g("mu", w->mu),
                                 fric__g("mu_s", w->mu_s)));
    }
    if (why) *why = m ? m : "";
    return m ? fric__rc() : FRIC_OK;
}

/* ------------------------------------------------------- uniqueness test */

/* The active rows, in order; returns their number. */
static int active_rows(const fric_fd_problem *p, int *act)
{
    int ma = 0;
    for (int j = 0; j < p->m; j++)
        if (active(p, j)) act[ma++] = j;
    return ma;
}

static unsigned pattern_of(const int *act, int ma, unsigned k)
{
    unsigned pat = 0;
    for (int a = 0; a < ma; a++)
        if ((k >> a) & 1u) pat |= 1u << act[a];
    return pat;
}

static unsigned index_of(const int *act, int ma, unsigned pattern)
{
    unsigned k = 0;
    for (int a = 0; a < ma; a++)
        if ((pattern >> act[a]) & 1u) k |= 1u << a;
    return k;
}

/* Lipschitz constant in the ∞-norm of the radial friction
 * R(x) = Σ μ_j σ_i N_j(x) e_i: |N_j(x) − N_j(y)| <= ‖[C_j; C2_j](x − y)‖₂
 * <= sqrt(‖C_j‖₁² + ‖C2_j‖₁²)·‖x − y‖∞. */
static double radial_lipschitz(const fric_fd_problem *p)
{
    double rows[FRIC_FD_MAX_N] = { 0 }, L = 0;
    for (int j = 0; j < p->m; j++) {
        const fric_fd_row *w = &p->rows[j];
        if (w->kind != FRIC_FD_RADIAL || p->sigma[w->joint] == 0) continue;
        double c1 = 0, c2 = 0;
        for (int k = 0; k < p->n; k++) {
            c1 += fabs(w->C[k]);
            c2 += fabs(w->C2[k]);
        }
        rows[w->joint] += w->mu * hypot(c1, c2);
    }
    for (int i = 0; i < p->n; i++)
        if (rows[i] > L) L = rows[i];
    return L;
}

/* ‖A⁻¹‖∞ by n solves (A destroyed); INFINITY when singular. */
static double inverse_norm(int n, const double *A)
{
    double rowsum[FRIC_FD_MAX_N] = { 0 };
    for (int k = 0; k < n; k++) {
        double W[NN], e[FRIC_FD_MAX_N] = { 0 };
        memcpy(W, A, sizeof(double) * (size_t)(n * n));
        e[k] = 1;
        if (fric__gauss_solve(n, W, e, NULL, FD_PIVOT)) return INFINITY;
        for (int i = 0; i < n; i++) rowsum[i] += fabs(e[i]);
    }
    return norm_inf(n, rowsum);
}

/* The test without fric_fd_check (the solve has checked): 1 proven
 * unique for every r, 0 not (axial rows only), −1 undecided (radial rows
 * whose bound does not hold). With radial rows: the axial part P is a
 * bijection (the determinants) whose inverse is Lipschitz with constant
 * max_s ‖A_s⁻¹‖∞ (its pieces are the A_s⁻¹); P(x) + R(x) = r is then
 * x = P⁻¹(r − R(x)), a contraction when max_s ‖A_s⁻¹‖∞·Lip(R) < 1. */
static int unique_test(const fric_fd_problem *p, double *det_min, double *det_max)
{
    int act[FRIC_FD_MAX_ROWS];
    const int ma = active_rows(p, act), radial = has_radial(p);
    const double L = radial ? radial_lipschitz(p) : 0;
    double lo = INFINITY, hi = -INFINITY, inv = 0;
    for (unsigned k = 0; k < (1u << ma); k++) {
        double A[NN], b[FRIC_FD_MAX_N], W[NN], det;
        hypothesis_system(p, pattern_of(act, ma, k), A, b);
        memcpy(W, A, sizeof W);
        fric__gauss_solve(p->n, W, NULL, &det, FD_PIVOT);
        if (det < lo) lo = det;
        if (det > hi) hi = det;
        if (radial) {
            const double v = inverse_norm(p->n, A);
            if (v > inv) inv = v;
        }
    }
    if (det_min) *det_min = lo;
    if (det_max) *det_max = hi;
    const int axial_ok = lo > 0 || hi < 0;
    if (!radial) return axial_ok;
    return axial_ok && inv * L < 1 ? 1 : -1;
}

int fric_fd_unique_test(const fric_fd_problem *p, double *det_min, double *det_max)
{
    if (det_min) *det_min = NAN;
    if (det_max) *det_max = NAN;
    if (fric_fd_check(p, NULL)) return -1;
    return unique_test(p, det_min, det_max);
}

int fric_fd_unique_1dof(double a, double mu, double c)
{
    return a > mu * fabs(c);                 /* Dupont 1992a, sheet §2 */
}

int fric_fd_unique_screw(double J, double M, double eta2)
{
    return J + M / eta2 > 0;                 /* eqs. 17-18, sheet §2 */
}

/* ------------------------------------------------------------- the solve */

static int same(int n, const double *a, const double *b)
{
    const double na = norm_inf(n, a), nb = norm_inf(n, b);
    double d = 0;
    for (int k = 0; k < n; k++)
        if (fabs(a[k] - b[k]) > d) d = fabs(a[k] - b[k]);
    return d <= FD_SAME * (na > nb ? na : nb);
}

fric_status fric_fd_solve(const fric_fd_problem *p, unsigned prev_pattern, fric_fd_search search,
                          fric_fd_solution *out, const char **why)
{
    const char *m = NULL;
    if (fric_fd_check(p, &m)) {
        if (why) *why = m;
        return fric__rc();
    }
    if (!out) {
        m = fric__fail_id(FRIC_E_NULL, -1, "fd.out_null_pass",
                "fric_fd_solve: out is NULL; pass a fric_fd_solution.",
                fric__no_values);
        if (why) *why = m;
        return fric__rc();
    }
    if (search != FRIC_FD_FIRST && search != FRIC_FD_ALL) {
        m = fric__say_id("fd.search_fric_fd",
                "search = {search} must be FRIC_FD_FIRST (0) or FRIC_FD_ALL (1).",
                fric__values(fric__i("search", (int)search)));
        if (why) *why = m;
        return fric__rc();
    }
    const int n = p->n;
    int act[FRIC_FD_MAX_ROWS];
    const int ma = active_rows(p, act);
    const unsigned total = 1u << ma;
    unsigned char tried[FD_ACTIVE_MAX];
    memset(tried, 0, total);
    memset(out, 0, sizeof *out);

    /* trial order (§3.2, Gogoussis–Donath): previous, frictionless, the rest */
    unsigned first[2];
    int nfirst = 0;
    if (prev_pattern != ~0u) first[nfirst++] = index_of(act, ma, prev_pattern);
    {
        double A[NN], x0[FRIC_FD_MAX_N];
        memcpy(A, p->D, sizeof(double) * (size_t)(n * n));
        memcpy(x0, p->r, sizeof(double) * (size_t)n);
        for (int i = 0; i < n; i++)
            if (p->sigma[i] == 0) {
                for (int k = 0; k < n; k++) A[i * n + k] = k == i;
                x0[i] = 0;
            }
        fric__gauss_solve(n, A, x0, NULL, FD_PIVOT);           /* D is positive definite: regular */
        first[nfirst++] = index_of(act, ma, fric__fd_pattern(p, x0));
        out->solves++;
    }
    int unique_known = -1;                  /* the determinant test, once */
    for (unsigned t = 0; t < (unsigned)nfirst + total; t++) {
        const unsigned k = t < (unsigned)nfirst ? first[t] : t - (unsigned)nfirst;
        if (tried[k]) continue;
        tried[k] = 1;
        const unsigned pat = pattern_of(act, ma, k);
        double x[FRIC_FD_MAX_N];
        out->solves++;
        const int rc = fric__fd_hypothesis(p, pat, x, &out->newton_iters);
        if (rc == 1) {
            out->singular++;
            continue;
        }
        if (rc == 2) {
            out->unconverged++;
            fric__why(why, fric__say("fric_fd_solve: the radial Newton iteration did not converge "
                                     "in %d iterations for sign pattern 0x%x; that hypothesis "
                                     "counts as no solution.", FRIC_FD_NEWTON_MAX, pat));
            continue;
        }
        if (!fric__fd_consistent(p, pat, x)) continue;
        int dup = 0;
        const int kept = out->count < FRIC_FD_MAX_SOLUTIONS ? out->count : FRIC_FD_MAX_SOLUTIONS;
        for (int s = 0; s < kept && !dup; s++) dup = same(n, out->x[s], x);
        if (dup) continue;
        if (out->count < FRIC_FD_MAX_SOLUTIONS) {
            const int s = out->count;
            memcpy(out->x[s], x, sizeof(double) * (size_t)n);
            out->pattern[s] = fric__fd_pattern(p, x);
            for (int j = 0; j < p->m; j++) out->normal[s][j] = fric__fd_normal(&p->rows[j], n, x);
        }
        out->count++;
        if (search == FRIC_FD_FIRST && out->count == 1) {
            if (unique_known < 0) unique_known = unique_test(p, NULL, NULL);
            if (unique_known == 1) break;   /* proven: no other solution */
        }
    }
    out->status = out->count == 0 ? FRIC_FD_NONE : out->count == 1 ? FRIC_FD_UNIQUE : FRIC_FD_SEVERAL;
    /* exact: every hypothesis was solved and, with radial rows (Newton
     * finds one root per hypothesis), uniqueness is proven */
    if (!out->singular && !out->unconverged) {
        if (!has_radial(p)) out->exact = 1;
        else {
            if (unique_known < 0) unique_known = unique_test(p, NULL, NULL);
            out->exact = unique_known == 1;
        }
    }
    if (out->count > 0)
        for (int i = 0; i < n; i++)
            out->hold[i] = p->sigma[i] == 0 ? fric__fd_hold(p, i, out->x[0]) : 0;
    if (why && !out->unconverged) *why = "";
    return FRIC_OK;
}
