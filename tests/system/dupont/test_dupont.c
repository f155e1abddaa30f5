/*
 * test_dupont.c: Dupont (1993)'s screw drive (§4.1-4.2, Figs. 4-5) and
 * X-Y table (§3.1, Figs. 2-3), fric_dupont.h, against closed forms derived
 * here from the paper's equations.
 *
 * Screw, moving (eq. 18 with g = 0, τ_a = A·sin ωt): the branch of eq. 17
 * gives q̈ = c·sin ωt with c1 = η1·A/(η1·J + M) driving and
 * c2 = η2·A/(η2·J + M) backdriving; driving iff sgn q̇ = sgn τ_l = sgn q̈.
 * Between events (zeros of sin ωt and of q̇) q̇(t) = q̇_s + (c/ω)(cos ωt_s −
 * cos ωt) and q(t) = q_s + q̇_s·(t − t_s) + (c/ω)(cos ωt_s·(t − t_s) −
 * (sin ωt − sin ωt_s)/ω). Fig. 5 defaults: c1 = 9.3266, c2 = 24.055 rad/s²;
 * the first reversal solves cos 4t = −1 + 2c1/c2, t = 1.12147 s.
 *
 * Screw, at rest (eq. 20): the dead band [τ_l/η2s, τ_l/η1s] (τ_l > 0),
 * widened by τ_c on each side.
 *
 * X-Y table (eqs. 4-6): F_N = m1·F2/(m1 + m2), a = (F1 − σ·μ·|F_N|)/m1
 * while sliding with σ = sgn v; v(t) in closed form between the zeros of
 * F2 (|cos| switches) and of v; stuck while |F1| <= μ·|F_N|.
 */
#include "test_main.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fric_bench.h"
#include "fric_dupont.h"
#include "friction.h"
#include "fric_scenario.h"

#define PI 3.14159265358979323846

/* Under the sanitizers the long stiction runs are 10x shorter (FRIC_TEST_SHORT, test_main.h). */
#define STICK_STEPS FRIC_TEST_SHORT(10000000L, 10)
#define STICK_NOTE (FRIC_TEST_SANITIZED ? "1e6 steps (AddressSanitizer build; 1e7 in the plain build)" : "1e7 steps")

/* Efficiency recovered from one step's torques: q̈ = (q̇1 − q̇0)/h carries
 * about 2 ulp(|q̇|)/h of rounding, which reaches τ_l/τ_in through M and J:
 * |Δη| <= ETA_ULPS·ε·(|q̇0| + |q̇1|)/h·(M + η·J)/|τ_in|. */
#define ETA_ULPS 8

/* Energy may not increase by more than rounding of E (~1e3 J). */
#define ENERGY_ABS 1e-9

/* Implicit Euler is first order: with h = 1e-4 s the trajectory of Fig. 5
 * (|q̈| <= 24 rad/s², |q̈'| <= 100 rad/s³) lags the exact one by O(h);
 * reversal times within 20·h, angles within 2e-3 rad over 4 s. */
#define FIG5_H 1e-4
#define FIG5_T_TOL (20 * FIG5_H)
#define FIG5_Q_TOL 1e-3
/* The baselines switch η a step late at each of the 4 reversals (a jump
 * of ~15 rad/s² for h: 1.5e-3 rad/s, ~3e-3 rad by t = 4 s each). */
#define FIG5_Q_TOL_BASELINE 1.5e-2

/* Same for the X-Y table (|a| <= 1.2 m/s², |a'| <= 2.2 m/s³). */
#define XY_H 1e-4
#define XY_T_TOL (20 * XY_H)

static fric_screw_drive fig5(fric_treatment tr, double h)
{
    fric_screw_drive d = { { 0.663, 1.91, 0.663, 1.91, 0, 0 }, 5, 50, 0, h, tr, 1e-3 };
    return d;
}

/* -------------------------------------------------- efficiencies, band */

static void test_efficiencies(void **state)
{
    (void)state;
    fric_screw e = { 0.663, 1.91, 0.6, 2.2, 0, 0 };
    assert_true(fabs(fric_screw_k(&e, 1, 0) - (1 / 0.663 - 1)) < 1e-15);
    assert_true(fabs(fric_screw_k(&e, 0, 0) - (1 - 1 / 1.91)) < 1e-15);
    assert_true(fabs(fric_screw_k(&e, 1, 1) - (1 / 0.6 - 1)) < 1e-15);
    assert_true(fabs(fric_screw_k(&e, 0, 1) - (1 - 1 / 2.2)) < 1e-15);

    /* In each step of Fig. 5's motion, τ_l/τ_in is η1 (driving) or η2
     * (backdriving), eqs. 15-18, except the steps that straddle an event. */
    fric_screw_drive d = fig5(FRIC_TREATMENT_IMPLICIT, 1e-3);
    fric_screw_state s;
    fric_screw_drive_init(&d, &s, 0, 0);
    long n1 = 0, n2 = 0;
    for (long k = 1; k <= 4000; k++) {
        double ta = 750 * sin(4 * k * d.h);
        double v0 = s.dof.dq;
        assert_int_equal(fric_screw_drive_step(&d, &s, ta), 0);
        if (v0 * s.dof.dq <= 0 || s.tau_l == 0) continue;   /* a velocity event */
        double tin = ta - d.J * s.dof.ddq, eta = s.tau_l / tin;
        double expect = s.mode == 1 ? 0.663 : 1.91;
        double tol = ETA_ULPS * DBL_EPSILON * (fabs(v0) + fabs(s.dof.dq)) / d.h
                   * (d.M + expect * d.J) / fabs(tin) + 4 * DBL_EPSILON;
        assert_true(s.mode == 1 || s.mode == -1);
        if (!(fabs(eta - expect) <= tol))
            fail_msg("step %ld: tau_l/tau_in = %.17g, expected %g (tol %g)", k, eta, expect, tol);
        if (s.mode == 1) n1++; else n2++;
    }
    print_message("driving steps %ld (eta1), backdriving steps %ld (eta2)\n", n1, n2);
    assert_true(n1 > 1000 && n2 > 1000);
}

static void test_dead_band(void **state)
{
    (void)state;
    fric_screw e = { 0.663, 1.91, 0.6, 2.2, 0, 0 };
    double lo, hi;
    for (double tl = -500; tl <= 500; tl += 125) {
        assert_int_equal(fric_screw_dead_band(&e, tl, &lo, &hi), 0);
        double a = tl > 0 ? tl / 2.2 : tl / 0.6, b = tl > 0 ? tl / 0.6 : tl / 2.2;   /* eq. 20 */
        assert_true(fabs(lo - a) < 1e-12 * (1 + fabs(a)) && fabs(hi - b) < 1e-12 * (1 + fabs(b)));
    }
    e.tau_c = 7;
    assert_int_equal(fric_screw_dead_band(&e, 300, &lo, &hi), 0);
    assert_true(fabs(lo - (300 / 2.2 - 7)) < 1e-12 && fabs(hi - (300 / 0.6 + 7)) < 1e-12);

    /* The simulation at rest under gravity: held exactly inside the band,
     * released on the side of the violated inequality just outside it. */
    for (int ti = 0; ti <= 1; ti++) {               /* implicit, clip */
        fric_screw_drive d = { { 0.663, 1.91, 0.6, 2.2, 7, 0 }, 5, 50, 490.3325, 1e-3,
                               fric_bench_treatments[ti], 1e-3 };
        assert_int_equal(fric_screw_dead_band(&d.eff, d.G, &lo, &hi), 0);
        const double probe[] = { lo * (1 + 1e-9), hi * (1 - 1e-9), lo * (1 - 1e-9), hi * (1 + 1e-9) };
        const int held[] = { 1, 1, 0, 0 }, dir[] = { 0, 0, -1, 1 };
        for (int i = 0; i < 4; i++) {
            fric_screw_state s;
            fric_screw_drive_init(&d, &s, 0.25, 0);
            for (int k = 0; k < 100; k++) fric_screw_drive_step(&d, &s, probe[i]);
            if (held[i]) {
                assert_true(s.dof.q == 0.25 && s.dof.dq == 0 && s.dof.stuck);
            } else {
                assert_true(dir[i] * s.dof.dq > 0 && !s.dof.stuck);
                /* lowering under gravity is backdriving, lifting is driving */
                assert_int_equal(s.mode, dir[i] > 0 ? 1 : -1);
            }
        }
    }
}

/* ---------------------------------------------------------- Fig. 5 */

typedef struct { double t[32]; int n; double q_end, v_end; } fig5_ref;

static void fig5_reference(double T_end, fig5_ref *r)
{
    const double A = 750, w = 4, J = 5, M = 50, e1 = 0.663, e2 = 1.91;
    const double c1 = e1 * A / (e1 * J + M), c2 = e2 * A / (e2 * J + M);
    double t = 0, v = 0, q = 0;
    r->n = 0;
    while (t < T_end) {
        double next = (floor(w * t / PI + 1e-9) + 1) * PI / w;
        double te = fmin(next, T_end), tmid = (t + te) / 2;
        int ss = sin(w * tmid) > 0 ? 1 : -1;
        int sv = v > 0 ? 1 : v < 0 ? -1 : ss;       /* from rest it moves with q̈ */
        double c = sv == ss ? c1 : c2;              /* eq. 17 */
        double ts = t, vs = v, qs = q;
#define VEL(x) (vs + (c / w) * (cos(w * ts) - cos(w * (x))))
#define POS(x) (qs + vs * ((x) - ts) + (c / w) * (cos(w * ts) * ((x) - ts) - (sin(w * (x)) - sin(w * ts)) / w))
        double ve = VEL(te);
        if (sv * ve < 0) {                          /* a reversal inside: bisect */
            double a = ts, b = te;
            for (int i = 0; i < 200 && b - a > 0; i++) {
                double m = a / 2 + b / 2;
                if (m <= a || m >= b) break;
                if (sv * VEL(m) > 0) a = m; else b = m;
            }
            t = b;
            q = POS(b);
            v = 0;
            r->t[r->n++] = b;
        } else {
            t = te;
            q = POS(te);
            v = ve;
        }
#undef VEL
#undef POS
    }
    r->q_end = q;
    r->v_end = v;
}

static void test_fig5(void **state)
{
    (void)state;
    fig5_ref ref;
    fig5_reference(4, &ref);
    const double c1 = 0.663 * 750 / (0.663 * 5 + 50), c2 = 1.91 * 750 / (1.91 * 5 + 50);
    assert_true(fabs(ref.t[0] - (2 * PI - acos(-1 + 2 * c1 / c2)) / 4) < 1e-12);
    print_message("reference reversals:");
    for (int i = 0; i < ref.n; i++) print_message(" %.5f", ref.t[i]);
    print_message(" s; q(4) = %.6f rad\n", ref.q_end);

    for (int ti = 0; ti < FRIC_BENCH_N_TREATMENTS; ti++) {
        fric_treatment tr = fric_bench_treatments[ti];
        fric_screw_drive d = fig5(tr, FIG5_H);
        fric_screw_state s;
        fric_screw_drive_init(&d, &s, 0, 0);
        double tr_t[64];
        int nr = 0, last = 0;
        double jump_ratio = 0, a_prev2 = 0, a_prev = 0;
        long n = (long)llround(4 / FIG5_H);
        int pending = 0;
        double a_before = 0;
        for (long k = 1; k <= n; k++) {
            assert_int_equal(fric_screw_drive_step(&d, &s, 750 * sin(4 * k * FIG5_H)), 0);
            int sg = s.dof.dq > 0 ? 1 : s.dof.dq < 0 ? -1 : 0;
            if (sg && last && sg != last && nr < 64) {
                tr_t[nr++] = k * FIG5_H;
                pending = 3;
                a_before = a_prev2;
            }
            if (pending && --pending == 0 && nr == 1) jump_ratio = s.dof.ddq / a_before;
            if (sg) last = sg;
            a_prev2 = a_prev;
            a_prev = s.dof.ddq;
        }
        print_message("friction %s: %d reversals, q(4) = %.6f rad, first jump ratio %.4f "
                      "(c1/c2 = %.4f)\n", fric_treatment_name(tr), nr, s.dof.q, jump_ratio, c1 / c2);
        assert_int_equal(nr, ref.n);
        for (int i = 0; i < nr; i++) assert_true(fabs(tr_t[i] - ref.t[i]) < FIG5_T_TOL);
        assert_true(fabs(s.dof.q - ref.q_end) < (tr == FRIC_TREATMENT_IMPLICIT ? FIG5_Q_TOL
                                                                       : FIG5_Q_TOL_BASELINE));
        /* the acceleration drops from c2·sin to c1·sin across the reversal
         * (clip's lagged load and the explicit sign blur the steps next to
         * it, so only the implicit step is held to it) */
        if (tr == FRIC_TREATMENT_IMPLICIT) assert_true(fabs(jump_ratio - c1 / c2) < 0.01);
        assert_int_equal(s.dof.reversals, nr);
    }
}

/* -------------------------------------------------- passive energy */

static void test_energy_never_increases(void **state)
{
    (void)state;
    /* overhauling screw lowering a load (τ_a = 0), from rest and from
     * velocities either way, with and without the eq. 29 terms */
    const double v0s[] = { 0, 3, -3, 40, -40 };
    const fric_screw effs[] = { { 0.663, 1.91, 0.663, 1.91, 0, 0 },
                                { 0.663, 1.91, 0.5, 2.5, 4, 0.8 },
                                { 0.9, 1.05, 0.85, 1.2, 0, 0 } };
    long steps = 0;
    for (unsigned e = 0; e < 3; e++)
        for (unsigned iv = 0; iv < 5; iv++)
            for (int g = 0; g <= 1; g++) {
                fric_screw_drive d = { effs[e], 5, 50, g ? 490.3325 : 0, 1e-3,
                                       FRIC_TREATMENT_IMPLICIT, 0 };
                fric_screw_state s;
                fric_screw_drive_init(&d, &s, 0, v0s[iv]);
                double E = fric_screw_drive_energy(&d, &s);
                for (int k = 0; k < 40000; k++, steps++) {
                    assert_int_equal(fric_screw_drive_step(&d, &s, 0), 0);
                    double E1 = fric_screw_drive_energy(&d, &s);
                    if (!(E1 <= E + ENERGY_ABS * (1 + fabs(E))))
                        fail_msg("eff %u v0 %g g %d step %d: E %.17g -> %.17g", e, v0s[iv], g, k,
                                 E, E1);
                    E = E1;
                }
                /* without gravity the thread carries no load and Dupont's
                 * friction vanishes (eq. 17: ∝ |τ_l|): only τ_c and b_v slow
                 * it, q̈ = −(τ_c + b_v·q̇)/(J + M − k2·M): from 3 rad/s that
                 * stops after 18 s (of the 40 s run) */
                if (!g && effs[e].tau_c > 0 && fabs(v0s[iv]) <= 3) assert_true(s.dof.dq == 0);
                if (!g && effs[e].tau_c == 0 && effs[e].b_v == 0)
                    assert_true(fabs(s.dof.dq - v0s[iv]) <= 1e-10 * fabs(v0s[iv]));
            }
    /* X-Y table with F1 = 0: ½·m1·v² never grows, whatever F2 does */
    fric_xy_table p = { 10, 30, 0.3, 1e-3, FRIC_TREATMENT_IMPLICIT, 0 };
    fric_xy_state s;
    fric_xy_init(&s, 0, 0.8);
    double E = 0.5 * p.m1 * s.dof.dq * s.dof.dq;
    for (int k = 1; k <= 20000; k++, steps++) {
        assert_int_equal(fric_xy_step(&p, &s, 0, 50 * cos(0.8 * k * p.h)), 0);
        double E1 = 0.5 * p.m1 * s.dof.dq * s.dof.dq;
        assert_true(E1 <= E * (1 + 1e-15));
        E = E1;
    }
    assert_true(s.dof.dq == 0);
    print_message("%ld passive steps, energy never increased\n", steps);
}

/* ------------------------------------------------------ stiction */

static void test_no_drift_in_stiction(void **state)
{
    (void)state;
    print_message("stiction runs: %s\n", STICK_NOTE);
    /* screw holding a load inside the dead band, the motor torque wandering
     * inside it: q and q̇ must not move at all */
    fric_screw_drive d = { { 0.663, 1.91, 0.6, 2.2, 0, 0 }, 5, 50, 490.3325, 1e-3,
                           FRIC_TREATMENT_IMPLICIT, 1e-3 };
    double lo, hi;
    fric_screw_dead_band(&d.eff, d.G, &lo, &hi);
    fric_screw_state s;
    fric_screw_drive_init(&d, &s, 1.5, 0);
    const double mid = (lo + hi) / 2, amp = 0.45 * (hi - lo);
    for (long k = 1; k <= STICK_STEPS; k++)
        fric_screw_drive_step(&d, &s, mid + amp * sin(1e-3 * (double)k));
    assert_true(s.dof.q == 1.5 && s.dof.dq == 0 && s.dof.stuck && s.dof.reversals == 0);

    /* X-Y table: |F1| below μ·|F_N| */
    fric_xy_table p = { 10, 30, 0.3, 1e-3, FRIC_TREATMENT_IMPLICIT, 1e-3 };
    fric_xy_state x;
    fric_xy_init(&x, 0.2, 0);
    for (long k = 1; k <= STICK_STEPS; k++)
        fric_xy_step(&p, &x, 3 * sin(1e-3 * (double)k), 50);   /* μ·|F_N| = 3.75 N */
    assert_true(x.dof.q == 0.2 && x.dof.dq == 0 && x.dof.stuck && x.dof.reversals == 0);
}

/* Where the implicit screw holds still, the explicit baseline chatters,
 * and Karnopp's keeps the velocity it had when it entered the band. */
static void test_baselines_chatter_and_drift(void **state)
{
    (void)state;
    const long N = 100000;
    long rev[FRIC_N_TREATMENTS];          /* indexed by fric_treatment */
    double drift[FRIC_N_TREATMENTS];
    for (int i = 0; i < FRIC_BENCH_N_TREATMENTS; i++) {
        fric_treatment tr = fric_bench_treatments[i];
        fric_screw_drive d = { { 0.663, 1.91, 0.6, 2.2, 0, 0 }, 5, 50, 490.3325, 1e-3,
                               tr, 1e-3 };
        double lo, hi;
        fric_screw_dead_band(&d.eff, d.G, &lo, &hi);
        fric_screw_state s;
        /* arrive from below at 0.5 mrad/s (inside Karnopp's band) */
        fric_screw_drive_init(&d, &s, 0, 5e-4);
        for (long k = 0; k < N; k++) fric_screw_drive_step(&d, &s, (lo + hi) / 2);
        rev[tr] = s.dof.reversals;
        drift[tr] = s.dof.q;
    }
    print_message("screw held at mid-band for %ld steps: reversals implicit %ld, clip %ld, "
                  "explicit %ld, karnopp %ld; drift %.3g, %.3g, %.3g, %.3g rad\n", N,
                  rev[FRIC_TREATMENT_IMPLICIT], rev[FRIC_TREATMENT_CLIP],
                  rev[FRIC_TREATMENT_EXPLICIT], rev[FRIC_TREATMENT_KARNOPP],
                  drift[FRIC_TREATMENT_IMPLICIT], drift[FRIC_TREATMENT_CLIP],
                  drift[FRIC_TREATMENT_EXPLICIT], drift[FRIC_TREATMENT_KARNOPP]);
    assert_int_equal(rev[FRIC_TREATMENT_IMPLICIT], 0);
    assert_true(drift[FRIC_TREATMENT_IMPLICIT] < 1e-6);            /* one step of 0.5 mrad/s */
    assert_int_equal(rev[FRIC_TREATMENT_CLIP], 0);
    assert_true(rev[FRIC_TREATMENT_EXPLICIT] > N / 4);             /* chatters every few steps */
    assert_true(fabs(drift[FRIC_TREATMENT_KARNOPP] - 5e-4 * 1e-3 * N) < 1e-9);   /* creeps */

    /* X-Y table, the same comparison */
    for (int i = 0; i < FRIC_BENCH_N_TREATMENTS; i++) {
        fric_treatment tr = fric_bench_treatments[i];
        fric_xy_table p = { 10, 30, 0.3, 1e-3, tr, 1e-3 };
        fric_xy_state x;
        fric_xy_init(&x, 0, 5e-4);
        x.FN = 12.5;
        for (long k = 0; k < N; k++) fric_xy_step(&p, &x, 2, 50);
        rev[tr] = x.dof.reversals;
        drift[tr] = x.dof.q;
    }
    print_message("xy-table held (F1 = 2 N < 3.75 N): reversals %ld, %ld, %ld, %ld; drift "
                  "%.3g, %.3g, %.3g, %.3g m\n", rev[FRIC_TREATMENT_IMPLICIT],
                  rev[FRIC_TREATMENT_CLIP], rev[FRIC_TREATMENT_EXPLICIT],
                  rev[FRIC_TREATMENT_KARNOPP], drift[FRIC_TREATMENT_IMPLICIT],
                  drift[FRIC_TREATMENT_CLIP], drift[FRIC_TREATMENT_EXPLICIT],
                  drift[FRIC_TREATMENT_KARNOPP]);
    assert_int_equal(rev[FRIC_TREATMENT_IMPLICIT], 0);
    assert_true(drift[FRIC_TREATMENT_IMPLICIT] < 1e-6);
    assert_true(rev[FRIC_TREATMENT_EXPLICIT] > N / 4);
    assert_true(drift[FRIC_TREATMENT_KARNOPP] > 0.04);
}

/* The implicit screw with η1 = η2 = 1 is Kikuuwe's model A with the
 * Coulomb-viscous law (Fc = τ_c, D = b_v) and force τ_a − G: an independent
 * implementation (core/element/elements.c, phi_z.c). */
static void test_screw_matches_model_a(void **state)
{
    (void)state;
    fric_screw_drive d = { { 1, 1, 1, 1, 12, 3 }, 5, 50, 40, 1e-3, FRIC_TREATMENT_IMPLICIT, 0 };
    fric_law law = { FRIC_COULOMB_VISCOUS, 0, 12, 0, 3, 1 };
    fric_elem_def def = { d.J + d.M, 0, 0, d.h, FRIC_XFORM_EXACT };
    fric_screw_state s;
    fric_elem_a a = { .v = 0.3 };
    fric_screw_drive_init(&d, &s, 0, 0.3);
    for (int k = 1; k <= 20000; k++) {
        double ta = 60 * sin(1.3 * k * d.h) + 35;
        fric_screw_drive_step(&d, &s, ta);
        fric_elem_a_step(&law, &def, &a, ta - d.G);
        assert_true(fabs(s.dof.dq - a.v) <= 1e-12 * (1 + fabs(a.v)) || (s.dof.dq == 0 && fabs(a.v) < 1e-15));
        assert_true(fabs(s.dof.f - a.f) <= 1e-9 * (1 + fabs(a.f)));
    }
}

/* ---------------------------------------------------------- Fig. 3 */

typedef struct { double t[32]; int stick[32]; double jump[32]; int n; double release; } fig3_ref;

/* v(t) from (ts, vs) with sliding direction sg, closed form between the
 * zeros of cos(0.8t) (Dupont eq. 6 integrated). */
static double xy_vel(double ts, double vs, int sg, double t)
{
    const double m1 = 10, m2 = 30, mu = 0.3, A1 = 8, w1 = 2.4, A2 = 50, w2 = 0.8;
    const double k = mu * A2 / (m1 + m2);           /* μ·|F_N|/m1 = k·|cos w2 t| */
    double v = vs - (A1 / (w1 * m1)) * (cos(w1 * t) - cos(w1 * ts));
    /* ∫ |cos w2 τ| dτ over [ts, t], splitting at the zeros of cos */
    double a = ts, I = 0;
    while (a < t) {
        double z = (floor((w2 * a - PI / 2) / PI + 1e-12) + 1) * PI / w2 + PI / (2 * w2);
        double b = fmin(z, t), c = cos(w2 * (a / 2 + b / 2)) > 0 ? 1 : -1;
        I += c * (sin(w2 * b) - sin(w2 * a)) / w2;
        a = b;
    }
    return v - sg * k * I;
}

static double xy_slack(double t)   /* |F1| − μ·|F_N| */
{
    return fabs(8 * sin(2.4 * t)) - 0.3 * 10 * fabs(50 * cos(0.8 * t)) / 40;
}

static double bisect_slack(double a, double b)
{
    for (int i = 0; i < 200; i++) {
        double m = a / 2 + b / 2;
        if (m <= a || m >= b) break;
        if (xy_slack(m) > 0) b = m; else a = m;
    }
    return b;
}

static void fig3_reference(double T_end, fig3_ref *r)
{
    const double scan = 1e-3;
    r->n = 0;
    /* at rest at t = 0 (F1 = 0): stuck until |F1| exceeds μ·|F_N| */
    double t = 0;
    while (xy_slack(t + scan) <= 0) t += scan;
    t = bisect_slack(t, t + scan);
    r->release = t;
    double vs = 0, ts = t;
    int sg = sin(2.4 * t) > 0 ? 1 : -1;
    while (t < T_end) {
        double b = t + scan;
        if (sg * xy_vel(ts, vs, sg, b) > 0) { t = b; continue; }
        double a = t;                                   /* v crosses 0 in (a, b] */
        for (int i = 0; i < 200; i++) {
            double m = a / 2 + b / 2;
            if (m <= a || m >= b) break;
            if (sg * xy_vel(ts, vs, sg, m) > 0) a = m; else b = m;
        }
        double tc = b, F1 = 8 * sin(2.4 * tc), N = 0.3 * 10 * fabs(50 * cos(0.8 * tc)) / 40;
        r->t[r->n] = tc;
        r->jump[r->n] = 2 * N / 10;                     /* σ flips: Δa = 2·μ·|F_N|/m1 */
        r->stick[r->n] = fabs(F1) <= N;
        r->n++;
        if (fabs(F1) <= N) {                            /* sticks until released */
            t = tc;
            while (xy_slack(t + scan) <= 0) t += scan;
            t = bisect_slack(t, t + scan);
            sg = sin(2.4 * t) > 0 ? 1 : -1;
        } else {
            t = tc;
            sg = -sg;
        }
        ts = t;
        vs = 0;
        if (r->n >= 32) break;
    }
}

static void test_fig3(void **state)
{
    (void)state;
    fig3_ref ref;
    fig3_reference(10, &ref);
    print_message("reference: released at %.5f s; reversals:", ref.release);
    for (int i = 0; i < ref.n; i++)
        print_message(" %.4f%s (jump %.4f)", ref.t[i], ref.stick[i] ? " stick" : "", ref.jump[i]);
    print_message("\n");
    for (int i = 0; i < ref.n; i++) assert_false(ref.stick[i]);   /* Fig. 3 never sticks */

    fric_xy_table p = { 10, 30, 0.3, XY_H, FRIC_TREATMENT_IMPLICIT, 1e-3 };
    fric_xy_state s;
    fric_xy_init(&s, 0, 0);
    long n = (long)llround(10 / XY_H);
    double a_hist[8] = { 0 };
    int last = 0, nr = 0;
    long stuck_until = -1, rev_step[32];
    for (long k = 1; k <= n; k++) {
        double t = k * XY_H;
        assert_int_equal(fric_xy_step(&p, &s, 8 * sin(2.4 * t), 50 * cos(0.8 * t)), 0);
        if (s.dof.stuck && stuck_until == k - 1) stuck_until = k;
        if (k == 1 && s.dof.stuck) stuck_until = 1;
        int sg = s.dof.dq > 0 ? 1 : s.dof.dq < 0 ? -1 : 0;
        if (sg && last && sg != last && nr < 32) rev_step[nr++] = k;
        if (sg) last = sg;
    }
    assert_true(fabs(stuck_until * XY_H - ref.release) < XY_T_TOL);
    assert_int_equal(nr, ref.n);
    /* second run: the acceleration a few steps either side of each reversal */
    fric_xy_init(&s, 0, 0);
    int r = 0;
    for (long k = 1; k <= n && r < nr; k++) {
        double t = k * XY_H;
        fric_xy_step(&p, &s, 8 * sin(2.4 * t), 50 * cos(0.8 * t));
        for (int i = 7; i > 0; i--) a_hist[i] = a_hist[i - 1];
        a_hist[0] = s.dof.ddq;
        if (k == rev_step[r] + 3) {
            double before = a_hist[6], after = a_hist[0];     /* k−3 ... k+3 */
            double jump = fabs(after - before);
            assert_true(fabs(rev_step[r] * XY_H - ref.t[r]) < XY_T_TOL);
            /* within 6 steps of smooth change: |a'| <= 2.2 m/s³ */
            assert_true(fabs(jump - ref.jump[r]) < 6 * XY_H * 2.2 + 1e-9);
            assert_true(fabs(after) < fabs(before));            /* Fig. 3: |a| decreases */
            r++;
        }
    }
    assert_int_equal(r, nr);
}

/* ------------------------------------------------------ scenarios */

static void run_scenario(const fric_scenario *sc, const char *const *names, const char *const *vals,
                         int nset, long *rows, double *last)
{
    double p[FRIC_SCENARIO_MAX_PARAMS], row[FRIC_SCENARIO_MAX_COLS];
    const char *why;
    fric_scenario_defaults(sc, p);
    for (int i = 0; i < nset; i++) assert_int_equal(fric_scenario_set(sc, p, names[i], vals[i], &why), 0);
    void *st = malloc(sc->state_bytes);
    assert_non_null(st);
    assert_int_equal(fric_scenario_init(sc, st, p, &why), 0);
    int rc;
    *rows = 0;
    while ((rc = fric_scenario_step(sc, st, row, &why)) == FRIC_SCENARIO_ROW) {
        for (int c = 0; c < sc->n_cols; c++) assert_true(isfinite(row[c]));
        if (*rows == 0) assert_true(row[0] == 0);
        for (int c = 0; c < sc->n_cols; c++) last[c] = row[c];
        (*rows)++;
    }
    assert_int_equal(rc, FRIC_SCENARIO_DONE);
    free(st);
}

static void test_scenarios(void **state)
{
    (void)state;
    const fric_scenario *sc[] = { &fric_scenario_screw, &fric_scenario_xy_table };
    for (int i = 0; i < 2; i++) {
        assert_string_equal(sc[i]->cols[0].name, "t");
        assert_true(sc[i]->n_cols <= FRIC_SCENARIO_MAX_COLS && sc[i]->n_params <= FRIC_SCENARIO_MAX_PARAMS);
        int f = fric_scenario_param_index(sc[i], "friction");
        assert_true(f >= 0);
        assert_int_equal(sc[i]->params[f].n_choices, 4);
        const char *names[] = { "implicit", "clip", "explicit", "karnopp" };
        for (int c = 0; c < 4; c++) assert_string_equal(sc[i]->params[f].choices[c], names[c]);
        for (int c = 0; c < sc[i]->n_cols; c++) assert_true(strlen(sc[i]->cols[c].help) > 0);
    }
    double last[FRIC_SCENARIO_MAX_COLS];
    long rows;
    /* screw defaults: Fig. 5, 4 s at 1 ms; the reversal count of the reference */
    run_scenario(&fric_scenario_screw, NULL, NULL, 0, &rows, last);
    assert_int_equal(rows, 4001);
    assert_true(fabs(last[0] - 4) < 1e-12);
    fig5_ref ref;
    fig5_reference(4, &ref);
    assert_int_equal((int)last[fric_scenario_screw.n_cols - 1], ref.n);
    /* with gravity and a held torque: stuck for the whole run */
    const char *n1[] = { "g", "tau_amp", "tau_0", "every", "eta1s", "eta2s" };
    const char *v1[] = { "9.80665", "0", "600", "100", "0.6", "2.2" };
    run_scenario(&fric_scenario_screw, n1, v1, 6, &rows, last);
    assert_int_equal(rows, 41);
    assert_true(last[1] == 0 && last[2] == 0 && last[9] == 1);
    /* xy-table defaults: Fig. 3 */
    run_scenario(&fric_scenario_xy_table, NULL, NULL, 0, &rows, last);
    assert_int_equal(rows, 10001);
    fig3_ref r3;
    fig3_reference(10, &r3);
    assert_int_equal((int)last[fric_scenario_xy_table.n_cols - 1], r3.n);

    /* bad parameters: the message names the parameter and the condition */
    double p[FRIC_SCENARIO_MAX_PARAMS];
    const char *why;
    void *st = malloc(fric_scenario_screw.state_bytes > fric_scenario_xy_table.state_bytes
                      ? fric_scenario_screw.state_bytes : fric_scenario_xy_table.state_bytes);
    fric_scenario_defaults(&fric_scenario_screw, p);
    assert_int_equal(fric_scenario_set(&fric_scenario_screw, p, "eta1s", "0.7", &why), 0);
    assert_int_equal(fric_scenario_init(&fric_scenario_screw, st, p, &why), FRIC_E_PARAM_RANGE);
    assert_non_null(strstr(why, "eta1s = 0.7"));
    assert_non_null(strstr(why, "eq. 19"));
    assert_int_equal(fric_status_last().param, fric_scenario_param_index(&fric_scenario_screw, "eta1s"));
    fric_scenario_defaults(&fric_scenario_screw, p);
    assert_int_equal(fric_scenario_set(&fric_scenario_screw, p, "eta2s", "1.5", &why), 0);
    assert_int_equal(fric_scenario_init(&fric_scenario_screw, st, p, &why), FRIC_E_PARAM_RANGE);
    assert_non_null(strstr(why, "eta2s = 1.5"));
    assert_int_equal(fric_status_last().param, fric_scenario_param_index(&fric_scenario_screw, "eta2s"));
    fric_scenario_defaults(&fric_scenario_xy_table, p);
    p[fric_scenario_param_index(&fric_scenario_xy_table, "dt")] = 1e-7;
    p[fric_scenario_param_index(&fric_scenario_xy_table, "duration")] = 1e5;   /* 1e12 steps */
    assert_int_equal(fric_scenario_init(&fric_scenario_xy_table, st, p, &why), FRIC_E_WORK_LIMIT);
    assert_non_null(strstr(why, "duration"));

    /* retune keeps the motion: switch the screw's treatment mid-run */
    double row[FRIC_SCENARIO_MAX_COLS], before[FRIC_SCENARIO_MAX_COLS];
    fric_scenario_defaults(&fric_scenario_screw, p);
    assert_int_equal(fric_scenario_init(&fric_scenario_screw, st, p, &why), 0);
    for (int k = 0; k < 500; k++)
        assert_int_equal(fric_scenario_step(&fric_scenario_screw, st, before, &why), FRIC_SCENARIO_ROW);
    p[0] = 2;                                        /* explicit */
    p[fric_scenario_param_index(&fric_scenario_screw, "dt")] = 5e-4;
    assert_int_equal(fric_scenario_retune(&fric_scenario_screw, st, p, &why), 0);
    assert_int_equal(fric_scenario_step(&fric_scenario_screw, st, row, &why), FRIC_SCENARIO_ROW);
    assert_true(fabs(row[0] - (before[0] + 5e-4)) < 1e-12);
    assert_true(fabs(row[1] - before[1]) < 1e-2);
    p[fric_scenario_param_index(&fric_scenario_screw, "eta1")] = 2;
    assert_int_equal(fric_scenario_retune(&fric_scenario_screw, st, p, &why), FRIC_E_PARAM_RANGE);
    assert_non_null(strstr(why, "eta1 = 2"));
    free(st);
}

static void test_bad_input(void **state)
{
    (void)state;
    const char *why;
    fric_screw_drive d = fig5(FRIC_TREATMENT_IMPLICIT, 1e-3);
    d.J = 0;
    assert_int_equal(fric_screw_drive_check(&d, &why), 1);
    assert_non_null(strstr(why, "J = J_zz = 0"));
    d = fig5(FRIC_TREATMENT_IMPLICIT, NAN);
    assert_int_equal(fric_screw_drive_check(&d, &why), 1);
    assert_non_null(strstr(why, "h = nan"));
    d = fig5((fric_treatment)9, 1e-3);
    assert_int_equal(fric_screw_drive_check(&d, &why), 1);
    assert_non_null(strstr(why, "treatment = 9"));
    fric_screw e = { 0.663, 0.5, 0.663, 1.91, 0, 0 };
    assert_int_equal(fric_screw_check(&e, &why), 1);
    assert_non_null(strstr(why, "eta2 = 0.5"));
    assert_true(isnan(fric_screw_k(&e, 1, 0)));
    double lo, hi;
    assert_int_equal(fric_screw_dead_band(&e, 1, &lo, &hi), FRIC_E_PARAM_RANGE);
    assert_true(isnan(lo) && isnan(hi));
    fric_xy_table p = { 0, 30, 0.3, 1e-3, FRIC_TREATMENT_IMPLICIT, 0 };
    assert_int_equal(fric_xy_check(&p, &why), 1);
    assert_non_null(strstr(why, "m1 = 0"));
    p.m1 = 10;
    p.mu = -1;
    assert_int_equal(fric_xy_check(&p, &why), 1);
    assert_non_null(strstr(why, "mu = -1"));
    /* a non-finite step is refused and leaves the state alone */
    fric_screw_drive ok = fig5(FRIC_TREATMENT_IMPLICIT, 1e-3);
    fric_screw_state s;
    fric_screw_drive_init(&ok, &s, 1, 2);
    assert_int_equal(fric_screw_drive_step(&ok, &s, INFINITY), FRIC_E_NONFINITE);
    assert_true(s.dof.q == 1 && s.dof.dq == 2);
    fric_xy_table xt = { 10, 30, 0.3, 1e-3, FRIC_TREATMENT_IMPLICIT, 0 };
    fric_xy_state x;
    fric_xy_init(&x, 1, 2);
    assert_int_equal(fric_xy_step(&xt, &x, NAN, 50), FRIC_E_NONFINITE);
    assert_true(x.dof.q == 1 && x.dof.dq == 2);
}

FRIC_TEST_MAIN(cmocka_unit_test(test_efficiencies),
               cmocka_unit_test(test_dead_band),
               cmocka_unit_test(test_fig5),
               cmocka_unit_test(test_energy_never_increases),
               cmocka_unit_test(test_no_drift_in_stiction),
               cmocka_unit_test(test_baselines_chatter_and_drift),
               cmocka_unit_test(test_screw_matches_model_a),
               cmocka_unit_test(test_fig3),
               cmocka_unit_test(test_scenarios),
               cmocka_unit_test(test_bad_input))
