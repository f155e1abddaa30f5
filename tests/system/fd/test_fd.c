/*
 * test_fd.c: the acceleration solve with load-dependent friction and its
 * simulation (fric_fd.h; Dupont 1993 §3-4; sheet
 * ../shared/specs/dupont-forward-dynamics.md §6), against references
 * written here independently of core/system/fd_*.c:
 *
 *   - eq. 10 for n = 2 by Cramer's rule over every sign pattern (its own
 *     consistency test and duplicate merge), on random problems;
 *   - a Newton–Euler force balance of a block sliding in an inclined guide
 *     on a cart (2 bodies, Cartesian forces, the normal force as an
 *     unknown): the normal force depends on the cart's acceleration;
 *   - the 1-dof closed form a·x + μ|c·x + d| = b (V-shaped: 0, 1 or 2
 *     roots) and the screw's J + M/η2;
 *   - the radial row of eq. 7 against a scan of the angle of the bearing
 *     force (for each angle the equations are linear; roots are the sign
 *     changes of the remaining residual);
 *   - the screw of Fig. 4-5: q̈ = c·sin 4t with c1 = η1·A/(η1·J + M)
 *     (driving) and c2 = η2·A/(η2·J + M) (backdriving); first reversal at
 *     cos 4t = −1 + 2·c1/c2 (sheet §6); eq. 20's dead band in closed form;
 *   - the X–Y table of Fig. 2-3: at each reversal the jump of ẍ equals
 *     2·μ·|F_N|/m1 with F_N = m1·F2/(m1 + m2), and |ẍ| decreases.
 */
#include "test_main.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "fric_dupont.h"
#include "fric_screw.h"
#include "fric_fd.h"

#define PI 3.14159265358979323846

/* Solutions of one problem agree to this, relative to max(|x|, 1): two
 * 2x2 eliminations of a well-conditioned matrix (|det| >= 1e-3 here). */
#define X_TOL 1e-10
/* Force balances: residual relative to the largest force in the balance. */
#define FORCE_TOL 1e-12

/* ------------------------------------------------------------ helpers */

static unsigned long long rng_state = 0x9E3779B97F4A7C15ull;
static double urand(double lo, double hi)   /* xorshift64*, deterministic */
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    const unsigned long long v = rng_state * 0x2545F4914F6CDD1Dull;
    return lo + (hi - lo) * (double)(v >> 11) / 9007199254740992.0;
}

static fric_fd_row axial(int joint, double mu, double mu_back, double c0, double c1, double d)
{
    fric_fd_row w;
    memset(&w, 0, sizeof w);
    w.kind = FRIC_FD_AXIAL;
    w.joint = joint;
    w.mu = w.mu_s = mu;
    w.mu_back = w.mu_s_back = mu_back;
    w.C[0] = c0;
    w.C[1] = c1;
    w.d = d;
    return w;
}

/* The sheet's 2-dof example (§5). */
static fric_fd_problem sheet_2dof(double mu, double r1, double r2)
{
    fric_fd_problem p;
    memset(&p, 0, sizeof p);
    p.n = 2;
    p.m = 2;
    p.D[0] = 2; p.D[1] = 0.5; p.D[2] = 0.5; p.D[3] = 1;
    p.sigma[0] = 1;
    p.sigma[1] = -1;
    p.rows[0] = axial(0, mu, mu, 1, 2, 0.3);
    p.rows[1] = axial(1, mu, mu, -1, 1, -0.2);
    p.r[0] = r1;
    p.r[1] = r2;
    return p;
}

/* Brute force for n = 2 with axial rows on moving joints: every sign
 * pattern s, Cramer's rule on (D + Σ e_i μ σ_i s_j C_jᵀ) x = r − Σ e_i μ σ_i s_j d_j,
 * keep x when s_j (C_j·x + d_j) >= −1e-12·scale, merge duplicates. Returns
 * the count; xs receives up to 16 solutions. */
static int brute_2(const fric_fd_problem *p, double xs[16][2])
{
    int count = 0;
    for (unsigned pat = 0; pat < (1u << p->m); pat++) {
        double a = p->D[0], b = p->D[1], c = p->D[2], d = p->D[3], r0 = p->r[0], r1 = p->r[1];
        for (int j = 0; j < p->m; j++) {
            const fric_fd_row *w = &p->rows[j];
            const int s = (pat >> j) & 1u ? 1 : -1, sg = p->sigma[w->joint];
            const double mu = s * sg > 0 ? w->mu : w->mu_back, k = mu * sg * s;
            if (w->joint == 0) { a += k * w->C[0]; b += k * w->C[1]; r0 -= k * w->d; }
            else               { c += k * w->C[0]; d += k * w->C[1]; r1 -= k * w->d; }
        }
        const double det = a * d - b * c;
        if (det == 0) continue;
        const double x0 = (r0 * d - b * r1) / det, x1 = (a * r1 - c * r0) / det;
        int ok = 1;
        for (int j = 0; j < p->m; j++) {
            const fric_fd_row *w = &p->rows[j];
            const int s = (pat >> j) & 1u ? 1 : -1;
            const double u = w->C[0] * x0 + w->C[1] * x1 + w->d;
            const double sc = fabs(w->C[0] * x0) + fabs(w->C[1] * x1) + fabs(w->d);
            if (s * u < -1e-12 * sc) ok = 0;
        }
        if (!ok) continue;
        int dup = 0;
        for (int k = 0; k < count && k < 16; k++)
            if (fabs(xs[k][0] - x0) + fabs(xs[k][1] - x1) <= 1e-9 * (fabs(x0) + fabs(x1) + 1e-300))
                dup = 1;
        if (dup) continue;
        if (count < 16) { xs[count][0] = x0; xs[count][1] = x1; }
        count++;
    }
    return count;
}

static fric_fd_solution solve_ok(const fric_fd_problem *p, unsigned prev, fric_fd_search search)
{
    fric_fd_solution s;
    const char *why = NULL;
    const int rc = fric_fd_solve(p, prev, search, &s, &why);
    if (rc) fprintf(stderr, "fric_fd_solve: %s\n", why);
    assert_int_equal(rc, 0);
    return s;
}

/* ------------------------------------------------ eq. 10: brute force */

static void test_eq10_brute_force(void **state)
{
    (void)state;
    int by_count[4] = { 0 };
    for (int trial = 0; trial < 4000; trial++) {
        fric_fd_problem p;
        memset(&p, 0, sizeof p);
        p.n = 2;
        p.m = 1 + trial % 3;
        const double a = urand(0.5, 3), c = urand(0.5, 3), b = urand(-0.9, 0.9) * sqrt(a * c);
        p.D[0] = a; p.D[1] = b; p.D[2] = b; p.D[3] = c;
        p.sigma[0] = urand(0, 1) < 0.5 ? 1 : -1;
        p.sigma[1] = urand(0, 1) < 0.5 ? 1 : -1;
        for (int j = 0; j < p.m; j++) {
            const double mu = urand(0, 1.2);
            /* half the rows with a different backdriving coefficient (eq. 17) */
            const double mub = trial % 2 ? urand(0, 1.2) : mu;
            p.rows[j] = axial(j % 2, mu, mub, urand(-2, 2), urand(-2, 2), urand(-1, 1));
        }
        p.r[0] = urand(-3, 3);
        p.r[1] = urand(-3, 3);
        double ref[16][2];
        const int nref = brute_2(&p, ref);
        const fric_fd_solution s = solve_ok(&p, ~0u, FRIC_FD_ALL);
        assert_int_equal(s.count, nref);
        assert_int_equal(s.status, nref == 0 ? FRIC_FD_NONE : nref == 1 ? FRIC_FD_UNIQUE : FRIC_FD_SEVERAL);
        by_count[nref < 3 ? nref : 3]++;
        for (int k = 0; k < nref && k < 16; k++) {
            int found = 0;
            for (int q = 0; q < s.count && q < FRIC_FD_MAX_SOLUTIONS; q++) {
                const double sc = fmax(1, fmax(fabs(ref[k][0]), fabs(ref[k][1])));
                if (fabs(s.x[q][0] - ref[k][0]) <= X_TOL * sc && fabs(s.x[q][1] - ref[k][1]) <= X_TOL * sc)
                    found = 1;
            }
            assert_true(found);
        }
        /* FIRST gives the same status and count whenever it must count them */
        const fric_fd_solution f = solve_ok(&p, ~0u, FRIC_FD_FIRST);
        assert_int_equal(f.status, s.status);
        if (s.status != FRIC_FD_UNIQUE) assert_int_equal(f.count, s.count);
    }
    /* the random set covers none, one and several solutions */
    print_message("eq. 10 vs Cramer enumeration: %d problems with 0, %d with 1, %d with 2, %d with 3+ solutions\n",
                  by_count[0], by_count[1], by_count[2], by_count[3]);
    assert_true(by_count[0] > 50 && by_count[1] > 1000 && by_count[2] > 50);
}

/* FIRST with the previous pattern stops after one solve when the test
 * proves uniqueness, and finds the same solution as ALL. */
static void test_trial_order(void **state)
{
    (void)state;
    const fric_fd_problem p = sheet_2dof(0.3, 1.0, -0.5);
    const fric_fd_solution all = solve_ok(&p, ~0u, FRIC_FD_ALL);
    assert_int_equal(all.status, FRIC_FD_UNIQUE);
    const fric_fd_solution first = solve_ok(&p, all.pattern[0], FRIC_FD_FIRST);
    assert_int_equal(first.status, FRIC_FD_UNIQUE);
    assert_int_equal(first.solves, 2);   /* the frictionless one + the previous pattern */
    assert_true(fabs(first.x[0][0] - all.x[0][0]) <= 1e-15 * fabs(all.x[0][0]) + 1e-300);
    assert_int_equal(all.solves, 1 + 4);
}

/* -------------------------------------- eq. 10: Newton–Euler balance */

/* Cart (mass m2, position X, horizontal, frictionless) carrying a guide
 * inclined at θ along which a block (mass m1, coordinate s) slides with
 * Coulomb friction μ|N|; force F on the cart, actuator force f along the
 * guide between cart and block, gravity g. q = (X, s). */
typedef struct { double m1, m2, th, g, mu, F, f; } cart_guide;

/* The problem of eq. 10 derived from the Lagrangian:
 * D = [[m1 + m2, m1 cos θ], [m1 cos θ, m1]], r = (F, f − m1 g sin θ);
 * N = m1 g cos θ − m1 sin θ·Ẍ on the block's joint. */
static fric_fd_problem cart_problem(const cart_guide *c, int sigma_s)
{
    fric_fd_problem p;
    memset(&p, 0, sizeof p);
    const double co = cos(c->th), si = sin(c->th);
    p.n = 2;
    p.m = 1;
    p.D[0] = c->m1 + c->m2; p.D[1] = c->m1 * co; p.D[2] = c->m1 * co; p.D[3] = c->m1;
    p.r[0] = c->F;
    p.r[1] = c->f - c->m1 * c->g * si;
    p.sigma[0] = 1;
    p.sigma[1] = (signed char)sigma_s;
    p.rows[0] = axial(1, c->mu, c->mu, -c->m1 * si, 0, c->m1 * c->g * co);
    return p;
}

/* Cartesian residuals of the two bodies for accelerations (Xdd, sdd) and a
 * tangential friction force Ff on the block along t̂ (reaction on the
 * cart), with the normal force N found from the block's normal balance.
 * Returns the largest residual relative to the largest force. */
static double cart_balance(const cart_guide *c, double Xdd, double sdd, double Ff, double *N_out)
{
    const double tx = cos(c->th), ty = sin(c->th), nx = -sin(c->th), ny = cos(c->th);
    const double ax = Xdd + sdd * tx, ay = sdd * ty;          /* block acceleration */
    /* block: m1 a = N n̂ + (f + Ff) t̂ + m1 (0, −g); N from the n̂ component */
    const double N = c->m1 * (ax * nx + ay * ny) + c->m1 * c->g * ny;
    const double bx = N * nx + (c->f + Ff) * tx - c->m1 * ax;
    const double by = N * ny + (c->f + Ff) * ty - c->m1 * c->g - c->m1 * ay;
    /* cart: m2 Ẍ = F − (N n̂ + (f + Ff) t̂)_x (the rails take the y part) */
    const double cx = c->F - N * nx - (c->f + Ff) * tx - c->m2 * Xdd;
    const double scale = fmax(fmax(fabs(N), fabs(c->F)), fmax(fabs(c->f) + fabs(Ff), c->m1 * c->g));
    *N_out = N;
    return fmax(fmax(fabs(bx), fabs(by)), fabs(cx)) / scale;
}

static void test_eq10_newton_euler(void **state)
{
    (void)state;
    int several = 0, flipped = 0;
    for (int k = 0; k < 400; k++) {
        /* det A_s = m1 (m2 + m1 sin²θ + μ σ s m1 sin θ cos θ) changes sign
         * for μ > (m2 + m1 sin²θ)/(m1 sin θ cos θ) = 1.53: several there */
        cart_guide c = { 2, 0.5, 0.8, 9.81, 0.3, 0, 0 };
        c.mu = 0.1 + 2.9 * (k % 20) / 19.0;
        c.F = -200 + 400 * (k / 20) / 19.0;
        c.f = 5;
        for (int sg = -1; sg <= 1; sg += 2) {
            const fric_fd_problem p = cart_problem(&c, sg);
            const fric_fd_solution s = solve_ok(&p, ~0u, FRIC_FD_ALL);
            several += s.count > 1;
            for (int q = 0; q < s.count && q < FRIC_FD_MAX_SOLUTIONS; q++) {
                /* the block's friction opposes its sliding: Ff = −μ σ |N| along t̂ */
                double N;
                const double Nguess = c.m1 * c.g * cos(c.th) - c.m1 * sin(c.th) * s.x[q][0];
                const double Ff = -c.mu * sg * fabs(Nguess);
                const double res = cart_balance(&c, s.x[q][0], s.x[q][1], Ff, &N);
                assert_true(res <= FORCE_TOL);
                assert_true(fabs(fabs(N) - s.normal[q][0]) <= FORCE_TOL * fmax(fabs(N), 1));
                flipped += N < 0;   /* block pressed on the guide's other face */
            }
        }
    }
    print_message("cart and guide: %d problems with several solutions, %d solutions with N < 0\n",
                  several, flipped);
    assert_true(several > 0 && flipped > 0);
    /* held block (σ_s = 0, eq. 28): s̈ = 0 and hold is the friction that
     * holds it, the opposite of the tangential force Ff on the block */
    cart_guide c = { 2, 3, 0.5, 9.81, 0.8, 7, 3 };
    const fric_fd_problem p = cart_problem(&c, 0);
    const fric_fd_solution s = solve_ok(&p, ~0u, FRIC_FD_FIRST);
    assert_int_equal(s.status, FRIC_FD_UNIQUE);
    assert_true(s.x[0][1] == 0);
    const double Xdd = s.x[0][0];
    /* block tangential balance with s̈ = 0: m1 Ẍ cos θ = f + Ff − m1 g sin θ */
    const double Ff = c.m1 * Xdd * cos(c.th) - c.f + c.m1 * c.g * sin(c.th);
    double N;
    assert_true(cart_balance(&c, Xdd, 0, Ff, &N) <= FORCE_TOL);
    assert_true(fabs(s.hold[1] + Ff) <= FORCE_TOL * fabs(Ff));
}

/* Stiction of the block in the guide (a 2-dof breakaway, eqs. 26-28
 * generalised): held, the two bodies move together, Ẍ = F/(m1 + m2) (the
 * rails take only vertical forces); the guide must supply Ff along t̂ from
 * the block's tangential balance and N from its normal one. The block
 * stays iff |Ff| <= μ_s |N|, else it slides along −sgn(Ff)·t̂. */
static int cart_eval(const void *sys, double t, const double *q, const double *dq,
                     fric_fd_problem *p, const char **why)
{
    (void)t; (void)q; (void)dq; (void)why;
    *p = cart_problem(sys, 0);
    return 0;
}

static void test_breakaway_2dof(void **state)
{
    (void)state;
    int held = 0, moved = 0;
    for (int k = 0; k <= 80; k++) {
        cart_guide c = { 2, 3, 0.5, 9.81, 0.4, -100 + 2.5 * k + 0.01, 3 };
        const double Xdd = c.F / (c.m1 + c.m2);
        const double Ff = c.m1 * Xdd * cos(c.th) - c.f + c.m1 * c.g * sin(c.th);
        const double N = c.m1 * c.g * cos(c.th) - c.m1 * sin(c.th) * Xdd;
        const int expect = fabs(Ff) <= c.mu * fabs(N) ? 0 : Ff > 0 ? -1 : 1;
        fric_fd_sim s = { 2, cart_eval, &c, 1e-3, FRIC_FD_EVENTS, 1e-9, 0, FRIC_FD_RULE_CONTINUOUS };
        fric_fd_state x;
        const double z[2] = { 0, 0 };
        const char *why = NULL;
        assert_int_equal(fric_fd_sim_init(&s, &x, z, z, &why), 0);
        assert_int_equal(x.sigma[1], expect);
        if (expect == 0) {
            assert_true(fabs(x.ddq[0] - Xdd) <= 1e-12 * fmax(fabs(Xdd), 1) && x.ddq[1] == 0);
            assert_true(fabs(x.friction[1] + Ff) <= 1e-12 * fmax(fabs(Ff), 1));
        } else {
            assert_true(x.ddq[1] * expect > 0);
        }
        held += expect == 0;
        moved += expect != 0;
    }
    print_message("block in the guide: held at %d forces, broke away at %d\n", held, moved);
    assert_true(held > 5 && moved > 5);
}

/* Two coupled joints at rest, both pushed out of their bands, with
 * constant normal forces (C = 0): joint 0 holds at most 0.01, joint 1 at
 * most 1; D = [[1, 0.9], [0.9, 1]], r = (1, 5). Released alone, joint 0
 * would move up; but joint 1, pushed harder, drags it down. The reference
 * is a complementarity enumeration over the 9 modes σ ∈ {−1, 0, 1}²: a
 * mode is consistent when its moving joints accelerate along σ_i (from
 * rest) and its held ones stay within μ_s N_i (eqs. 26-28); here exactly
 * (−1, +1). */
typedef struct { double D[4], r[2], N[2], mu; } two_held;

static int two_held_eval(const void *sys, double t, const double *q, const double *dq,
                         fric_fd_problem *p, const char **why)
{
    (void)t; (void)q; (void)dq; (void)why;
    const two_held *c = sys;
    *p = (fric_fd_problem){ .n = 2, .m = 2 };   /* every other entry 0 */
    memcpy(p->D, c->D, sizeof c->D);
    memcpy(p->r, c->r, sizeof c->r);
    p->rows[0] = axial(0, c->mu, c->mu, 0, 0, c->N[0]);
    p->rows[1] = axial(1, c->mu, c->mu, 0, 0, c->N[1]);
    return 0;
}

static void test_breakaway_two_joints(void **state)
{
    (void)state;
    const two_held c = { { 1, 0.9, 0.9, 1 }, { 1, 5 }, { 0.1, 10 }, 0.1 };
    int n_ok = 0, sig_ok[2] = { 0, 0 };
    double x_ok[2] = { 0, 0 };
    for (int a = -1; a <= 1; a++)
        for (int b = -1; b <= 1; b++) {
            const int sg[2] = { a, b };
            /* moving rows: D x = r − σ μ N; held rows: x_i = 0 */
            double A[4] = { c.D[0], c.D[1], c.D[2], c.D[3] }, rhs[2];
            for (int i = 0; i < 2; i++) {
                rhs[i] = c.r[i] - sg[i] * c.mu * c.N[i];
                if (!sg[i]) {
                    A[2 * i] = i == 0;
                    A[2 * i + 1] = i == 1;
                    rhs[i] = 0;
                }
            }
            const double det = A[0] * A[3] - A[1] * A[2];
            const double x[2] = { (rhs[0] * A[3] - A[1] * rhs[1]) / det,
                                  (A[0] * rhs[1] - A[2] * rhs[0]) / det };
            int ok = 1;
            for (int i = 0; i < 2; i++) {
                if (sg[i]) ok &= sg[i] * x[i] >= 0;
                else ok &= fabs(c.r[i] - c.D[2 * i] * x[0] - c.D[2 * i + 1] * x[1]) <= c.mu * c.N[i];
            }
            if (ok) {
                n_ok++;
                sig_ok[0] = a;
                sig_ok[1] = b;
                x_ok[0] = x[0];
                x_ok[1] = x[1];
            }
        }
    assert_int_equal(n_ok, 1);
    assert_true(sig_ok[0] == -1 && sig_ok[1] == 1);
    for (int sw = 0; sw < 2; sw++) {
        fric_fd_sim s = { 2, two_held_eval, &c, 1e-3, sw ? FRIC_FD_EVENTS : FRIC_FD_FIXED_STEP, 1e-9, 0,
                          FRIC_FD_RULE_CONTINUOUS };
        fric_fd_state x;
        const double z[2] = { 0, 0 };
        const char *why = NULL;
        assert_int_equal(fric_fd_sim_init(&s, &x, z, z, &why), 0);
        assert_true(x.sigma[0] == sig_ok[0] && x.sigma[1] == sig_ok[1]);
        assert_int_equal(x.n_breakaways, 2);
        assert_int_equal(x.n_blocked, 0);
        for (int i = 0; i < 2; i++) assert_true(fabs(x.ddq[i] - x_ok[i]) <= 1e-12 * fabs(x_ok[i]));
        for (int k = 0; k < 100; k++) assert_int_equal(fric_fd_sim_step(&s, &x, &why), 0);
        for (int i = 0; i < 2; i++)
            assert_true(fabs(x.dq[i] - x_ok[i] * x.t) <= 1e-9 * fabs(x_ok[i]));
    }
    print_message("two joints breaking away: (%+d, %+d), q'' = (%.6f, %.6f), the one consistent "
                  "mode of 9\n", sig_ok[0], sig_ok[1], x_ok[0], x_ok[1]);
}

/* ---------------------------------------------------- uniqueness test */

/* Sheet §2/§6: the determinant test against the exhaustive count on the
 * 61 x 61 grid over [−3, 3]²; it flips between μ = 0.45 and μ = 0.5. */
static void test_unique_grid(void **state)
{
    (void)state;
    for (int km = 0; km <= 8; km++) {
        const double mu = 0.3 + 0.05 * km;
        fric_fd_problem p = sheet_2dof(mu, 0, 0);
        double dmin, dmax;
        const int u = fric_fd_unique_test(&p, &dmin, &dmax);
        int not_one = 0, none = 0, two = 0;
        for (int a = 0; a < 61; a++)
            for (int b = 0; b < 61; b++) {
                p.r[0] = -3 + 6.0 * a / 60;
                p.r[1] = -3 + 6.0 * b / 60;
                double ref[16][2];
                const int nref = brute_2(&p, ref);
                const fric_fd_solution s = solve_ok(&p, ~0u, FRIC_FD_ALL);
                assert_int_equal(s.count, nref);
                not_one += nref != 1;
                none += nref == 0;
                two += nref == 2;
            }
        print_message("mu = %.2f: test %d, det in [%g, %g]; grid: %d none, %d two\n", mu, u, dmin,
                      dmax, none, two);
        assert_int_equal(u, not_one == 0);
        assert_int_equal(u, mu < 0.475);
        if (!u) assert_true(none > 0 && two > 0);
    }
}

/* Single joint a x + μ|c x + d| = b (σ = +1): unique for every b iff
 * a > μ|c|. For a < μ|c| the left side is a V opening upwards (c > 0,
 * slopes a − μc < 0 and a + μc > 0) with its vertex at x = −d/c, value
 * −a d/c: two roots above it, none below. */
static void test_unique_1dof(void **state)
{
    (void)state;
    const double as[] = { 1, 1, 1, 2 }, mus[] = { 0.5, 0.9, 1.5, 3 }, c = 1, d = 0.4;
    for (int k = 0; k < 4; k++) {
        const double a = as[k], mu = mus[k];
        fric_fd_problem p;
        memset(&p, 0, sizeof p);
        p.n = 1;
        p.m = 1;
        p.D[0] = a;
        p.sigma[0] = 1;
        p.rows[0] = axial(0, mu, mu, c, 0, d);
        const int u = fric_fd_unique_1dof(a, mu, c);
        assert_int_equal(u, a > mu * c);
        assert_int_equal(fric_fd_unique_test(&p, NULL, NULL), u);
        for (int kb = 0; kb <= 200; kb++) {
            p.r[0] = -10 + 0.1 * kb + 0.0123;   /* off the vertex value */
            const fric_fd_solution s = solve_ok(&p, ~0u, FRIC_FD_ALL);
            const int expect = u ? 1 : p.r[0] > -a * d / c ? 2 : 0;
            assert_int_equal(s.count, expect);
        }
    }
}

/* ------------------------------------------------- radial row, eq. 7 */

/* Roots of D x + μ σ_0 e_0 sqrt(u² + v²) = r, u = C·x + d, v = C2·x + d2,
 * by the angle φ of (u, v): for fixed φ, (x, N) solves the linear system
 * D x + μ σ e_0 N = r, C·x + d = N cos φ; the root condition left is
 * g(φ) = C2·x + d2 − N sin φ = 0 with N >= 0. Sign changes of g on a fine
 * φ grid, refined by bisection. */
/* For the angle φ of (u, v): (x, N) from D x + μ σ_0 e_0 N = r,
 * C·x + d = N cos φ (Gauss–Jordan with pivoting); returns
 * g(φ) = C2·x + d2 − N sin φ. */
static double phi_residual(const fric_fd_problem *p, double phi, double xs[2], double *N)
{
    const fric_fd_row *w = &p->rows[0];
    const double k = w->mu * p->sigma[0];
    double M[3][4] = { { p->D[0], p->D[1], k, p->r[0] },
                       { p->D[2], p->D[3], 0, p->r[1] },
                       { w->C[0], w->C[1], -cos(phi), -w->d } };
    for (int c0 = 0; c0 < 3; c0++) {
        int pv = c0;
        for (int r0 = c0 + 1; r0 < 3; r0++)
            if (fabs(M[r0][c0]) > fabs(M[pv][c0])) pv = r0;
        for (int q = 0; q < 4; q++) {
            const double t = M[c0][q];
            M[c0][q] = M[pv][q];
            M[pv][q] = t;
        }
        for (int r0 = 0; r0 < 3; r0++) {
            if (r0 == c0) continue;
            const double f = M[r0][c0] / M[c0][c0];
            for (int q = 0; q < 4; q++) M[r0][q] -= f * M[c0][q];
        }
    }
    xs[0] = M[0][3] / M[0][0];
    xs[1] = M[1][3] / M[1][1];
    *N = M[2][3] / M[2][2];
    return w->C2[0] * xs[0] + w->C2[1] * xs[1] + w->d2 - *N * sin(phi);
}

/* Roots of D x + μ σ_0 e_0 sqrt(u² + v²) = r, u = C·x + d, v = C2·x + d2:
 * sign changes of g(φ) on a grid of 20000 angles, refined by bisection,
 * kept when N >= 0 and the original equations hold (a sign change through
 * a pole of the φ-system is no root). */
static int radial_scan(const fric_fd_problem *p, double roots[8][2])
{
    const fric_fd_row *w = &p->rows[0];
    const double k = w->mu * p->sigma[0];
    int count = 0;
    double xs[2], N;
    double gprev = phi_residual(p, 0, xs, &N);
    for (int i = 1; i <= 20000; i++) {
        double lo = 2 * PI * (i - 1) / 20000, hi = 2 * PI * i / 20000;
        const double g = phi_residual(p, hi, xs, &N);
        if (g * gprev < 0) {
            const double glo = gprev;
            for (int it = 0; it < 80; it++) {
                const double mid = 0.5 * (lo + hi);
                if ((phi_residual(p, mid, xs, &N) < 0) == (glo < 0)) lo = mid;
                else hi = mid;
            }
            phi_residual(p, 0.5 * (lo + hi), xs, &N);
            const double uu = w->C[0] * xs[0] + w->C[1] * xs[1] + w->d;
            const double vv = w->C2[0] * xs[0] + w->C2[1] * xs[1] + w->d2;
            const double e0 = p->D[0] * xs[0] + p->D[1] * xs[1] + k * hypot(uu, vv) - p->r[0];
            const double e1 = p->D[2] * xs[0] + p->D[3] * xs[1] - p->r[1];
            const double sc = fabs(p->r[0]) + fabs(p->r[1]) + fabs(k * hypot(uu, vv)) + 1;
            if (N >= 0 && fabs(e0) + fabs(e1) <= 1e-9 * sc && count < 8) {
                roots[count][0] = xs[0];
                roots[count][1] = xs[1];
                count++;
            }
        }
        gprev = g;
    }
    return count;
}

static void test_radial_newton(void **state)
{
    (void)state;
    int checked = 0, several = 0, proven = 0;
    for (int trial = 0; trial < 200; trial++) {
        fric_fd_problem p;
        memset(&p, 0, sizeof p);
        p.n = 2;
        p.m = 1;
        const double a = urand(1, 3), c = urand(1, 3), b = urand(-0.5, 0.5) * sqrt(a * c);
        p.D[0] = a; p.D[1] = b; p.D[2] = b; p.D[3] = c;
        p.sigma[0] = urand(0, 1) < 0.5 ? 1 : -1;
        p.sigma[1] = 1;
        fric_fd_row *w = &p.rows[0];
        w->kind = FRIC_FD_RADIAL;
        w->joint = 0;
        w->mu = w->mu_s = w->mu_back = w->mu_s_back = trial % 2 ? urand(0.05, 0.3) : urand(0.5, 3);
        w->C[0] = urand(-1, 1); w->C[1] = urand(-1, 1); w->d = urand(-2, 2);
        w->C2[0] = urand(-1, 1); w->C2[1] = urand(-1, 1); w->d2 = urand(-2, 2);
        p.r[0] = urand(-3, 3);
        p.r[1] = urand(-3, 3);
        double roots[8][2];
        const int nr = radial_scan(&p, roots);
        const fric_fd_solution s = solve_ok(&p, ~0u, FRIC_FD_ALL);
        const int u = fric_fd_unique_test(&p, NULL, NULL);
        assert_true(u == 1 || u == -1);
        proven += u == 1;
        if (u == 1) assert_int_equal(nr, 1);
        /* Newton finds one root per hypothesis: it must be one of the scan's */
        for (int q = 0; q < s.count; q++) {
            int found = 0;
            for (int k = 0; k < nr; k++) {
                const double sc = fmax(1, fmax(fabs(roots[k][0]), fabs(roots[k][1])));
                found |= fabs(s.x[q][0] - roots[k][0]) <= 1e-9 * sc &&
                         fabs(s.x[q][1] - roots[k][1]) <= 1e-9 * sc;
            }
            assert_true(found);
        }
        several += nr > 1;
        /* the count claims to be exact only when it is */
        if (s.exact) assert_int_equal(s.count, nr);
        if (nr > 1) assert_int_equal(s.exact, 0);
        if (nr != 1) continue;
        assert_int_equal(s.status, FRIC_FD_UNIQUE);
        assert_true(s.newton_iters >= 1);
        const double sc = fmax(1, fmax(fabs(roots[0][0]), fabs(roots[0][1])));
        assert_true(fabs(s.x[0][0] - roots[0][0]) <= 1e-9 * sc);
        assert_true(fabs(s.x[0][1] - roots[0][1]) <= 1e-9 * sc);
        checked++;
    }
    print_message("radial Newton vs angle scan: %d problems with one root (Newton's equal to "
                  "it), %d with several (Newton's among them), %d proven unique by the contraction bound\n",
                  checked, several, proven);
    assert_true(checked > 100);
}

/* ----------------------------------------------------------- the screw */

/* Dupont Fig. 4 as eq. 10: (J + M) q̈ + k σ |M q̈ + G| = τ_a − G with
 * k = k1 = 1/η1 − 1 (driving: sgn τ_l = σ) or k2 = 1 − 1/η2. */
typedef struct { double J, M, G, A, w; double k1, k2, k1s, k2s; } screw_sys;

static int screw_eval(const void *sys, double t, const double *q, const double *dq,
                      fric_fd_problem *p, const char **why)
{
    (void)q; (void)dq; (void)why;
    const screw_sys *s = sys;
    *p = (fric_fd_problem){ .n = 1, .m = 1 };   /* every other entry 0 */
    p->D[0] = s->J + s->M;
    p->r[0] = s->A * sin(s->w * t) - s->G;
    fric_fd_row *w = &p->rows[0];
    w->kind = FRIC_FD_AXIAL;
    w->joint = 0;
    w->mu = s->k1;
    w->mu_back = s->k2;
    w->mu_s = s->k1s;
    w->mu_s_back = s->k2s;
    w->C[0] = s->M;       /* τ_l = M q̈ + G, eq. 14 */
    w->d = s->G;
    return 0;
}

static screw_sys fig5_screw(void)
{
    const fric_screw e = { 0.663, 1.91, 0.663, 1.91, 0, 0 };
    screw_sys s = { 5, 50, 0, 750, 4, 0, 0, 0, 0 };
    s.k1 = fric_screw_k(&e, 1, 0);
    s.k2 = fric_screw_k(&e, 0, 0);
    s.k1s = fric_screw_k(&e, 1, 1);
    s.k2s = fric_screw_k(&e, 0, 1);
    return s;
}

static void run_fig5(fric_fd_switching sw, double h, double tol, double *t_rev, double *t_load,
                     double *max_err)
{
    const screw_sys sys = fig5_screw();
    const double eta1 = 0.663, eta2 = 1.91;
    const double c1 = eta1 * sys.A / (eta1 * sys.J + sys.M), c2 = eta2 * sys.A / (eta2 * sys.J + sys.M);
    fric_fd_sim s = { 1, screw_eval, &sys, h, sw, tol, 0, FRIC_FD_RULE_CONTINUOUS };
    fric_fd_state x;
    const double q0 = 0, dq0 = 0;
    const char *why = NULL;
    assert_int_equal(fric_fd_sim_init(&s, &x, &q0, &dq0, &why), 0);
    *t_rev = *t_load = -1;
    *max_err = 0;
    while (x.t < 1.5) {
        const long rev = x.n_reversals + x.n_stops, ev = x.n_events;
        const unsigned pat = x.pattern;
        assert_int_equal(fric_fd_sim_step(&s, &x, &why), 0);
        if (rev == 0 && x.n_reversals + x.n_stops > 0) *t_rev = x.last_event_t;
        /* the load torque τ_l = M q̈ changes sign (a slope change of q̈) */
        if (*t_load < 0 && x.t > 0.1 && x.n_events > ev && x.pattern != pat) *t_load = x.last_event_t;
        /* before the reversal: q̈ = c sin 4t, c1 while τ_l = M q̈ and q̇ agree */
        if (*t_rev < 0 && x.t > 0.01) {
            const double c = sin(4 * x.t) > 0 ? c1 : c2;
            const double e = fabs(x.ddq[0] - c * sin(4 * x.t));
            if (e > *max_err) *max_err = e;
        }
    }
    assert_int_equal(x.n_reversals, 1);   /* τ_a is outside the band (G = 0: band {0}) */
    assert_int_equal(x.n_none + x.n_several, 0);
}

static void test_screw_fig5(void **state)
{
    (void)state;
    const double eta1 = 0.663, eta2 = 1.91, J = 5, M = 50, A = 750;
    const double c1 = eta1 * A / (eta1 * J + M), c2 = eta2 * A / (eta2 * J + M);
    const double t_star = (2 * PI - acos(-1 + 2 * c1 / c2)) / 4;   /* cos 4t = −1 + 2c1/c2 */
    double t_rev, t_load, err;
    const double tol = 1e-9;
    run_fig5(FRIC_FD_EVENTS, 1e-3, tol, &t_rev, &t_load, &err);
    print_message("screw, events: load-torque sign change %.12f s (closed form π/4 = %.12f s), "
                  "first reversal %.12f s, closed form %.12f s (event_tol %g); "
                  "max |q̈ − c sin 4t| = %.3g\n", t_load, PI / 4, t_rev, t_star, tol, err);
    /* the bracket's right end, within event_tol of the crossing; RK4 error ~1e-13 s */
    assert_true(t_load >= PI / 4 - 1e-12 && t_load - PI / 4 <= tol + 1e-12);
    assert_true(t_rev >= t_star - 1e-12 && t_rev - t_star <= tol + 1e-12);
    assert_true(err <= 1e-9 * c2);
    run_fig5(FRIC_FD_FIXED_STEP, 1e-3, 0, &t_rev, &t_load, &err);
    print_message("screw, fixed step h = 1e-3: first reversal %.6f s (interpolated)\n", t_rev);
    assert_true(fabs(t_rev - t_star) <= 1e-3);
}

/* Eq. 20 in closed form: at rest under load τ_l = G the screw stays for
 * τ_l/η2s <= τ_a <= τ_l/η1s (τ_l > 0; swapped for τ_l < 0), the band of
 * fric_screw_dead_band; just outside, it breaks away that way. Through the
 * simulation's stiction test: init at rest with a constant τ_a. */
typedef struct { screw_sys s; double tau; } screw_const;

static int screw_const_eval(const void *sys, double t, const double *q, const double *dq,
                            fric_fd_problem *p, const char **why)
{
    const screw_const *c = sys;
    screw_eval(&c->s, t, q, dq, p, why);
    p->r[0] = c->tau - c->s.G;
    return 0;
}

static void test_sim_dead_band(void **state)
{
    (void)state;
    const fric_screw e = { 0.663, 1.91, 0.6, 2.2, 0, 0 };
    const double Gs[] = { 120, -80 };
    for (int k = 0; k < 2; k++) {
        screw_const c;
        memset(&c, 0, sizeof c);
        c.s.J = 5;
        c.s.M = 50;
        c.s.G = Gs[k];
        c.s.k1 = fric_screw_k(&e, 1, 0);
        c.s.k2 = fric_screw_k(&e, 0, 0);
        c.s.k1s = fric_screw_k(&e, 1, 1);
        c.s.k2s = fric_screw_k(&e, 0, 1);
        const double tl = c.s.G;
        /* eq. 20 */
        const double lo = tl > 0 ? tl / e.eta2s : tl / e.eta1s, hi = tl > 0 ? tl / e.eta1s : tl / e.eta2s;
        double blo, bhi;
        assert_int_equal(fric_screw_dead_band(&e, tl, &blo, &bhi), 0);
        assert_true(fabs(blo - lo) <= 1e-12 * fabs(lo) && fabs(bhi - hi) <= 1e-12 * fabs(hi));
        const double taus[] = { lo - 1e-7 * fabs(lo), lo + 1e-7 * fabs(lo), 0.5 * (lo + hi),
                                hi - 1e-7 * fabs(hi), hi + 1e-7 * fabs(hi) };
        const int sig[] = { -1, 0, 0, 0, 1 };
        for (int i = 0; i < 5; i++) {
            c.tau = taus[i];
            fric_fd_sim s = { 1, screw_const_eval, &c, 1e-3, FRIC_FD_EVENTS, 1e-9, 0,
                              FRIC_FD_RULE_CONTINUOUS };
            fric_fd_state x;
            const double z = 0;
            const char *why = NULL;
            assert_int_equal(fric_fd_sim_init(&s, &x, &z, &z, &why), 0);
            assert_int_equal(x.sigma[0], sig[i]);
            assert_int_equal(x.n_breakaways, sig[i] != 0);
            if (sig[i] == 0) {
                /* held: the friction is the whole of τ_a − τ_l, no drift over a step */
                assert_true(fabs(x.friction[0] - (c.tau - tl)) <= 1e-12 * fabs(tl));
                assert_int_equal(fric_fd_sim_step(&s, &x, &why), 0);
                assert_true(x.q[0] == 0 && x.dq[0] == 0 && x.ddq[0] == 0);
            } else {
                assert_true(x.ddq[0] * sig[i] > 0);
            }
        }
    }
}

/* Coming to rest: the screw lifting G = 120 N·m at q̇0 = 1 rad/s under a
 * torque inside the band (τ_a = 100 in [120/η2s, 120/η1s]) slows at the
 * constant rate of eq. 18 while driving, q̈ = (τ_a − G/η1)/(J + M/η1), and
 * sticks at t = q̇0/|q̈| (the stiction test with q̈ = 0 holds it). */
static void test_screw_stops(void **state)
{
    (void)state;
    const fric_screw e = { 0.663, 1.91, 0.6, 2.2, 0, 0 };
    screw_const c;
    memset(&c, 0, sizeof c);
    c.s.J = 5;
    c.s.M = 50;
    c.s.G = 120;
    c.s.k1 = fric_screw_k(&e, 1, 0);
    c.s.k2 = fric_screw_k(&e, 0, 0);
    c.s.k1s = fric_screw_k(&e, 1, 1);
    c.s.k2s = fric_screw_k(&e, 0, 1);
    c.tau = 100;
    const double a = (c.tau - c.s.G / e.eta1) / (c.s.J + c.s.M / e.eta1), t_stop = 1 / -a;
    const double q_stop = 0.5 / -a;   /* q̇0² / (2|q̈|) */
    for (int sw = 0; sw < 2; sw++) {
        const double h = 1e-3, tol = 1e-9;
        fric_fd_sim s = { 1, screw_const_eval, &c, h, sw ? FRIC_FD_EVENTS : FRIC_FD_FIXED_STEP, tol,
                          0, FRIC_FD_RULE_CONTINUOUS };
        fric_fd_state x;
        const double q0 = 0, dq0 = 1;
        const char *why = NULL;
        assert_int_equal(fric_fd_sim_init(&s, &x, &q0, &dq0, &why), 0);
        assert_true(fabs(x.ddq[0] - a) <= 1e-12 * fabs(a));
        while (x.t < 2) assert_int_equal(fric_fd_sim_step(&s, &x, &why), 0);
        assert_int_equal(x.n_stops, 1);
        assert_int_equal(x.n_reversals + x.n_breakaways, 0);
        assert_true(x.sigma[0] == 0 && x.dq[0] == 0 && x.ddq[0] == 0);
        print_message("screw stops (%s): t = %.12f s (closed form %.12f), q = %.12f rad (%.12f)\n",
                      sw ? "events" : "fixed step", x.last_event_t, t_stop, x.q[0], q_stop);
        if (sw) {
            assert_true(x.last_event_t >= t_stop - 1e-12 && x.last_event_t - t_stop <= tol + 1e-12);
            assert_true(fabs(x.q[0] - q_stop) <= 1e-8);
        } else {
            /* constant q̈: RK4 is exact and the interpolated crossing too */
            assert_true(fabs(x.last_event_t - t_stop) <= 1e-9);
            assert_true(fabs(x.q[0] - q_stop) <= h);
        }
    }
}

/* ---------------------------------------------- self-locking screw */

/* Kd/l = 1.5: η1 = 1/(1 + 1.5) = 0.4, η2 = 1/(1 − 1.5) = −2 (eq. 21),
 * k1 = 1/η1 − 1 = 1.5, k2 = 1 − 1/η2 = 1.5. M = 50, G = 100,
 * descending (σ = −1, τ_l = G > 0: backdriving). Closed form with J:
 * f(x) = (J + M) x − 1.5 |50 x + 100| = τ_a − G. For J + M/η2 = J − 25 < 0
 * f rises to the left of x = −2 and falls to its right: its maximum
 * f(−2) = −2 J − 100 gives two solutions for τ_a − G below it, none above. */
static screw_sys selflock(double J)
{
    const double eta1 = 1 / (1 + 1.5), eta2 = 1 / (1 - 1.5);
    screw_sys s = { J, 50, 100, 0, 0, 1 / eta1 - 1, 1 - 1 / eta2, 1 / eta1 - 1, 1 - 1 / eta2 };
    return s;
}

static void test_selflock_counts(void **state)
{
    (void)state;
    const double Js[] = { 10, 20, 30, 40 };
    for (int k = 0; k < 4; k++) {
        const screw_sys sys = selflock(Js[k]);
        const int u = fric_fd_unique_screw(sys.J, sys.M, 1 / (1 - 1.5));
        assert_int_equal(u, sys.J > 25);
        fric_fd_problem p;
        screw_eval(&sys, 0, NULL, NULL, &p, NULL);
        p.sigma[0] = -1;
        assert_int_equal(fric_fd_unique_test(&p, NULL, NULL), u);
        const double fmax_ = -2 * sys.J - 100;
        for (int kt = 0; kt <= 400; kt++) {
            p.r[0] = -400 + 2.0 * kt + 0.37 - sys.G;      /* τ_a − G, off f(−2) */
            const fric_fd_solution s = solve_ok(&p, ~0u, FRIC_FD_ALL);
            assert_int_equal(s.count, u ? 1 : p.r[0] < fmax_ ? 2 : 0);
        }
    }
}

static void test_selflock_rules(void **state)
{
    (void)state;
    screw_const c;
    c.s = selflock(10);
    const double q0 = 0, dq0 = -0.5;
    const char *why = NULL;
    fric_fd_state x;
    /* NONE (τ_a = 0: τ_a − G = −100 > f(−2) = −120), continuous rule: an
     * impulsive stop; then self-locked: |hold| = 100 <= k2s·G = 150 */
    c.tau = 0;
    fric_fd_sim s = { 1, screw_const_eval, &c, 1e-3, FRIC_FD_EVENTS, 1e-9, 0, FRIC_FD_RULE_CONTINUOUS };
    assert_int_equal(fric_fd_sim_init(&s, &x, &q0, &dq0, &why), 0);
    assert_int_equal(x.status, FRIC_FD_NONE);
    assert_int_equal(x.count, 0);
    assert_int_equal(x.n_none, 1);
    assert_int_equal(x.n_impulses, 1);
    assert_true(x.dq[0] == 0 && x.sigma[0] == 0);
    for (int i = 0; i < 100; i++) assert_int_equal(fric_fd_sim_step(&s, &x, &why), 0);
    assert_true(x.q[0] == 0 && x.sigma[0] == 0 && x.n_breakaways == 0);
    /* the stop rule: an error naming t, the status and the count */
    s.rule = FRIC_FD_RULE_STOP;
    assert_int_not_equal(fric_fd_sim_init(&s, &x, &q0, &dq0, &why), 0);
    assert_non_null(strstr(why, "NONE"));
    assert_non_null(strstr(why, "t = 0"));
    /* SEVERAL (τ_a = −100: −200 < −120): x = 10/3 (τ_l > 0) or −350/135
     * (τ_l < 0); continuous from rest: the one nearest q̈ = 0 */
    c.tau = -100;
    s.rule = FRIC_FD_RULE_CONTINUOUS;
    assert_int_equal(fric_fd_sim_init(&s, &x, &q0, &dq0, &why), 0);
    assert_int_equal(x.status, FRIC_FD_SEVERAL);
    assert_int_equal(x.count, 2);
    assert_int_equal(x.n_several, 1);
    assert_true(fabs(x.ddq[0] - (-350.0 / 135)) <= 1e-12 * 3);
    /* and it keeps that branch (same pattern) while it lasts */
    for (int i = 0; i < 10; i++) assert_int_equal(fric_fd_sim_step(&s, &x, &why), 0);
    assert_true(fabs(x.ddq[0] - (-350.0 / 135)) <= 1e-12 * 3);
    assert_int_equal(x.n_several, 11);
    s.rule = FRIC_FD_RULE_STOP;
    assert_int_not_equal(fric_fd_sim_init(&s, &x, &q0, &dq0, &why), 0);
    assert_non_null(strstr(why, "SEVERAL"));
    assert_non_null(strstr(why, "2 solutions"));
    /* unique above J = 25: no flag */
    c.s = selflock(40);
    s.rule = FRIC_FD_RULE_STOP;
    assert_int_equal(fric_fd_sim_init(&s, &x, &q0, &dq0, &why), 0);
    assert_int_equal(x.status, FRIC_FD_UNIQUE);
}

/* Breakaway of the self-locking screw (§4.2): at rest under τ_l = G = 100
 * the band of eq. 20 is G/η2 = −50 <= τ_a <= G/η1 = 250 N·m (η1s = η1,
 * η2s = η2 here); τ_a = −60 violates the lower inequality, so the screw
 * descends. Descending (q̇ < 0), eq. 18, η·(τ_a − J·q̈) = τ_l = M·q̈ + G,
 * gives q̈ = (η·τ_a − G)/(M + η·J) with η = η2 when τ_l > 0
 * (backdriving, eq. 17) and η1 when τ_l < 0 (driving). The descent is the
 * one of these that is consistent (the sign of τ_l its η assumes) and has
 * q̈ <= 0: for J < 25 the η2 branch has q̈ > 0 (a rise, not a descent) and
 * the η1 branch is the descent; for J > 25 the η2 branch. With τ_a
 * constant the descent keeps that q̈: q(t) = ½·q̈·t², q̇ = q̈·t. */
static void test_selflock_breakaway(void **state)
{
    (void)state;
    const double eta1 = 0.4, eta2 = -2, M = 50, G = 100, tau = -60;
    const double Js[] = { 5, 20, 24.5, 40 };
    for (int kj = 0; kj < 4; kj++) {
        screw_const c;
        c.s = selflock(Js[kj]);
        c.tau = tau;
        const double J = c.s.J;
        assert_true(tau < G / eta2);                                  /* eq. 20 violated */
        int n_desc = 0, n_cons = 0;
        double a_desc = NAN;
        const double etas[2] = { eta1, eta2 };
        for (int b = 0; b < 2; b++) {
            const double a = (etas[b] * tau - G) / (M + etas[b] * J);  /* eq. 18 */
            const double tl = M * a + G;
            if ((etas[b] == eta2) != (tl > 0)) continue;               /* eq. 17, q̇ < 0 */
            n_cons++;
            if (a <= 0) {
                n_desc++;
                a_desc = a;
            }
        }
        assert_int_equal(n_cons, J < 25 ? 2 : 1);
        assert_int_equal(n_desc, 1);
        for (int sw = 0; sw < 2; sw++) {
            fric_fd_sim s = { 1, screw_const_eval, &c, 1e-3, sw ? FRIC_FD_EVENTS : FRIC_FD_FIXED_STEP,
                              1e-9, 0, FRIC_FD_RULE_CONTINUOUS };
            fric_fd_state x;
            const double z = 0;
            const char *why = NULL;
            assert_int_equal(fric_fd_sim_init(&s, &x, &z, &z, &why), 0);
            assert_int_equal(x.sigma[0], -1);
            assert_int_equal(x.n_breakaways, 1);
            assert_int_equal(x.n_blocked, 0);
            assert_int_equal(x.count, n_cons);                       /* all solutions reported */
            if (!(fabs(x.ddq[0] - a_desc) <= 1e-12 * fabs(a_desc)))
                fail_msg("J = %g: q'' = %.15g after the breakaway, eq. 18 descent %.15g", J, x.ddq[0], a_desc);
            while (x.t < 0.5 - 1e-12) assert_int_equal(fric_fd_sim_step(&s, &x, &why), 0);
            assert_int_equal(x.n_events + x.n_stops + x.n_reversals + x.n_impulses, 0);
            assert_true(fabs(x.ddq[0] - a_desc) <= 1e-12 * fabs(a_desc));
            assert_true(fabs(x.dq[0] - a_desc * x.t) <= 1e-9 * fabs(a_desc));
            assert_true(fabs(x.q[0] - 0.5 * a_desc * x.t * x.t) <= 1e-9 * fabs(a_desc));
        }
        print_message("self-locking screw J = %g: breaks away at tau_a = %g down with q'' = %.6f "
                      "(eq. 18, %s), %d consistent solutions\n", J, tau, a_desc,
                      J < 25 ? "eta1: driving" : "eta2: backdriving", n_cons);
    }
}

/* ------------------------------------------------------ X–Y table */

typedef struct { double m1, m2, mu; } xy_sys;

static int xy_eval(const void *sys, double t, const double *q, const double *dq,
                   fric_fd_problem *p, const char **why)
{
    (void)q; (void)dq; (void)why;
    const xy_sys *s = sys;
    *p = (fric_fd_problem){ .n = 2, .m = 1 };   /* every other entry 0 */
    p->D[0] = s->m1;                  /* eq. 4 */
    p->D[3] = s->m1 + s->m2;
    p->r[0] = 8 * sin(2.4 * t);       /* F1, §3.1 */
    p->r[1] = 50 * cos(0.8 * t);      /* F2 */
    p->rows[0] = axial(0, s->mu, s->mu, 0, s->m1, 0);   /* F_N = m1 ÿ, eq. 6 (ÿ, not ẏ) */
    return 0;
}

static void test_xy_table(void **state)
{
    (void)state;
    const xy_sys sys = { 10, 30, 0.3 };
    fric_fd_sim s = { 2, xy_eval, &sys, 1e-3, FRIC_FD_EVENTS, 1e-10, 0, FRIC_FD_RULE_CONTINUOUS };
    fric_fd_state x;
    const double q0[2] = { 0, 0 }, dq0[2] = { 0, 0 };
    const char *why = NULL;
    assert_int_equal(fric_fd_sim_init(&s, &x, q0, dq0, &why), 0);
    int jumps = 0;
    double rev_t[64];
    while (x.t < 10) {
        const long rev = x.n_reversals;
        const signed char sig0 = x.sigma[0];
        assert_int_equal(fric_fd_sim_step(&s, &x, &why), 0);
        if (x.n_reversals > rev) {
            assert_int_equal(x.n_reversals, rev + 1);
            /* the acceleration just before the reversal, at the event time */
            const double te = x.last_event_t, FN = sys.m1 * 50 * cos(0.8 * te) / (sys.m1 + sys.m2);
            fric_fd_problem p;
            xy_eval(&sys, te, x.q, x.dq, &p, NULL);
            p.sigma[0] = sig0;
            p.sigma[1] = 1;
            const fric_fd_solution before = solve_ok(&p, ~0u, FRIC_FD_ALL);
            p.sigma[0] = (signed char)-sig0;
            const fric_fd_solution after = solve_ok(&p, ~0u, FRIC_FD_ALL);
            const double jump = fabs(after.x[0][0] - before.x[0][0]);
            assert_true(fabs(jump - 2 * sys.mu * fabs(FN) / sys.m1) <= 1e-12);
            assert_true(fabs(after.x[0][0]) < fabs(before.x[0][0]));
            /* the state continues on the new side */
            if (x.last_event_t == x.t) assert_true(fabs(x.ddq[0] - after.x[0][0]) <= 1e-12);
            if (jumps < 64) rev_t[jumps] = te;
            jumps++;
        }
    }
    print_message("X-Y table through fric_fd: %d reversals in 10 s, %ld breakaways, %ld stops\n",
                  jumps, x.n_breakaways, x.n_stops);
    assert_true(jumps >= 3);
    /* Consistency check (not a reference): the existing implicit-Euler
     * table, fric_xy_step, h = 1e-4, reverses at the same times within its
     * O(h) lag (20 h as in test_dupont). */
    const fric_xy_table xy = { 10, 30, 0.3, 1e-4, FRIC_TREATMENT_IMPLICIT, 0 };
    fric_xy_state xs;
    fric_xy_init(&xs, 0, 0);
    int k = 0;
    for (long i = 1; i <= 100000 && k < jumps; i++) {
        const double t = i * xy.h;
        const long r0 = xs.dof.reversals;
        assert_int_equal(fric_xy_step(&xy, &xs, 8 * sin(2.4 * t), 50 * cos(0.8 * t)), 0);
        if (xs.dof.reversals > r0) {
            assert_true(fabs(t - rev_t[k]) <= 20 * xy.h);
            k++;
        }
    }
    assert_int_equal(k, jumps);
}

/* --------------------------------------------------------- bad input */

static void expect_bad(const fric_fd_problem *p, const char *needle)
{
    const char *why = NULL;
    assert_int_not_equal(fric_fd_check(p, &why), 0);
    if (!strstr(why, needle)) fprintf(stderr, "message '%s' lacks '%s'\n", why, needle);
    assert_non_null(strstr(why, needle));
    fric_fd_solution s;
    assert_int_not_equal(fric_fd_solve(p, ~0u, FRIC_FD_ALL, &s, &why), 0);
    assert_int_equal(fric_fd_unique_test(p, NULL, NULL), -1);
}

static void test_bad_input(void **state)
{
    (void)state;
    const char *why = NULL;
    const fric_fd_problem good = sheet_2dof(0.3, 1, 1);
    assert_int_equal(fric_fd_check(&good, &why), 0);
    fric_fd_problem p;
    expect_bad(NULL, "NULL");
    p = good; p.n = 0; expect_bad(&p, "n = 0");
    p = good; p.m = FRIC_FD_MAX_ROWS + 1; expect_bad(&p, "m = 9");
    p = good; p.D[1] = NAN; expect_bad(&p, "D[0][1]");
    p = good; p.D[1] = 0.6; expect_bad(&p, "symmetric");
    p = good; p.D[1] = p.D[2] = 1.5; expect_bad(&p, "positive definite");
    p = good; p.r[1] = INFINITY; expect_bad(&p, "r[1]");
    p = good; p.sigma[0] = 2; expect_bad(&p, "sigma[0]");
    p = good; p.rows[1].kind = (fric_fd_row_kind)5; expect_bad(&p, "rows[1].kind");
    p = good; p.rows[1].joint = 2; expect_bad(&p, "rows[1].joint");
    p = good; p.rows[0].mu = -0.1; expect_bad(&p, "rows[0].mu");
    p = good; p.rows[0].mu_s = 0.2; expect_bad(&p, "rows[0].mu_s");
    p = good; p.rows[0].mu_back = NAN; expect_bad(&p, "rows[0].mu_back");
    p = good; p.rows[0].mu_s_back = 0.1; expect_bad(&p, "rows[0].mu_s_back");
    p = good; p.rows[0].C[1] = NAN; expect_bad(&p, "rows[0]: C, d");
    p = good; p.rows[0].kind = FRIC_FD_RADIAL; p.rows[0].mu_back = p.rows[0].mu_s_back = 0.5;
    expect_bad(&p, "radial");
    fric_fd_solution sol;
    assert_int_not_equal(fric_fd_solve(&good, ~0u, FRIC_FD_ALL, NULL, &why), 0);
    assert_non_null(strstr(why, "out is NULL"));
    assert_int_not_equal(fric_fd_solve(&good, ~0u, (fric_fd_search)7, &sol, &why), 0);
    assert_non_null(strstr(why, "search = 7"));

    const xy_sys sys = { 10, 30, 0.3 };
    const fric_fd_sim ok = { 2, xy_eval, &sys, 1e-3, FRIC_FD_EVENTS, 1e-9, 0, FRIC_FD_RULE_CONTINUOUS };
    assert_int_equal(fric_fd_sim_check(&ok, &why), 0);
    fric_fd_sim s;
    struct { fric_fd_sim s; const char *needle; } bad[8];
    int nb = 0;
    s = ok; s.n = 7; bad[nb].s = s; bad[nb++].needle = "n = 7";
    s = ok; s.eval = NULL; bad[nb].s = s; bad[nb++].needle = "eval is NULL";
    s = ok; s.h = 0; bad[nb].s = s; bad[nb++].needle = "h = 0";
    s = ok; s.switching = (fric_fd_switching)3; bad[nb].s = s; bad[nb++].needle = "switching = 3";
    s = ok; s.event_tol = 2e-3; bad[nb].s = s; bad[nb++].needle = "event_tol";
    s = ok; s.v_eps = -1; bad[nb].s = s; bad[nb++].needle = "v_eps";
    s = ok; s.rule = (fric_fd_rule)4; bad[nb].s = s; bad[nb++].needle = "rule = 4";
    for (int i = 0; i < nb; i++) {
        assert_int_not_equal(fric_fd_sim_check(&bad[i].s, &why), 0);
        assert_non_null(strstr(why, bad[i].needle));
    }
    assert_int_not_equal(fric_fd_sim_check(NULL, &why), 0);
    fric_fd_state x;
    const double q0[2] = { 0, NAN }, dq0[2] = { 0, 0 };
    assert_int_not_equal(fric_fd_sim_init(&ok, &x, q0, dq0, &why), 0);
    assert_non_null(strstr(why, "q0[1]"));
}

FRIC_TEST_MAIN(cmocka_unit_test(test_eq10_brute_force),
               cmocka_unit_test(test_trial_order),
               cmocka_unit_test(test_eq10_newton_euler),
               cmocka_unit_test(test_breakaway_2dof),
               cmocka_unit_test(test_breakaway_two_joints),
               cmocka_unit_test(test_unique_grid),
               cmocka_unit_test(test_unique_1dof),
               cmocka_unit_test(test_radial_newton),
               cmocka_unit_test(test_screw_fig5),
               cmocka_unit_test(test_sim_dead_band),
               cmocka_unit_test(test_screw_stops),
               cmocka_unit_test(test_selflock_counts),
               cmocka_unit_test(test_selflock_rules),
               cmocka_unit_test(test_selflock_breakaway),
               cmocka_unit_test(test_xy_table),
               cmocka_unit_test(test_bad_input))
