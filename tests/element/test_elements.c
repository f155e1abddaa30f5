/*
 * test_elements.c: Kikuuwe's discrete-time friction elements A-D (§III-A..D,
 * eqs. 26, 36, 38, 45), their 2-D model C, and the behaviour the paper
 * derives for them: zero-velocity reaching and reversal (Figs. 6-7), energy
 * dissipation, static friction without drift (§III-B/C, Fig. 12(b)), the
 * eq. 63 eigenvalue condition (§IV-C), and the limits relating the models
 * (D → A as K → ∞, B → C as M → 0, B static = spring-damper, eq. 37).
 *
 * Expected values are derived here by hand (stop steps, slopes, equilibrium
 * positions, eigenvalues) or come from the defining constraints of each
 * model evaluated in binary128 (support/quad_ref.c), never from the core.
 */
#include "test_main.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include <quadmath.h>

#include "friction.h"
#include "quad_ref.h"

#define EPS DBL_EPSILON

/* Velocities built from a handful of operations per step and accumulated
 * over k steps: each step adds at most ~2 roundings of |v| (v* = v + T·h/M,
 * v = v* − T·f/M), so k steps stay within 4·k·ε·max|v|. */
#define ACCUM_ULP_PER_STEP 4.0

/* One step's force or velocity from a few roundings. */
#define STEP_ULP 8.0

/* Dissipativity |v_k| ≤ |v*_k|: our v* and the core's may differ by the
 * rounding of T·h/M (and the order of operations): 4 ulp of |v*|. */
#define DISS_ULP 4.0

/* Energy non-increase E_k ≤ E_{k−1}: exact for the implicit schemes (see
 * test_energy_b_d); rounding of ½Mv² + ½Ke² and of the velocity recovered
 * from e differences: ENERGY_ULP ulp of the energy scale. */
#define ENERGY_ULP 64.0

/* Model C/D static friction held for 1e7 steps: the position must settle at
 * the hand-derived h/K (x − e stays 0 while stuck) within EQ_REL, and move
 * less than CREEP_REL·h/K over the last 5e6 steps. Rounding in the
 * transient (~1e4 steps at ~1e-16) is ~1e-12; creeping at any physical rate
 * over 5e6 steps would be many orders larger. Under the sanitizers the runs
 * are 1e5 steps (FRIC_TEST_SHORT, test_main.h: the same step code, the
 * transient settled within ~300 steps), held to the same bounds. */
#define EQ_REL 1e-9
#define CREEP_REL 1e-12
#define HOLD_STEPS FRIC_TEST_SHORT(10000000L, 100)

/* eq. 63 matrix iteration against the simulation: a few hundred steps of
 * ~4 roundings each on a contracting map. */
#define MATRIX_REL 1e-11

/* ------------------------------------------------------------- helpers */

static fric_law cv(double Fc, double D)
{
    fric_law L = {FRIC_COULOMB_VISCOUS, 0.0, Fc, 0.0, D, 0.0};
    return L;
}

static fric_elem_def edef(double M, double K, double B, double T, fric_xform x)
{
    fric_elem_def d = {M, K, B, T, x};
    return d;
}

/* f ∈ Φ(v) in the set-valued sense of Kikuuwe eq. 9 (Φ(0) = [−Φ(+0), Φ(+0)]),
 * allowing v to be off by v_noise (it is recovered from rounded states) and
 * f by f_tol. Lsup = sup|Φ'| bounds how far Φ moves over v_noise. */
static int in_phi(const fric_law *L, double v, double v_noise, double f, double f_tol)
{
    const double p0 = quad_to_double(quad_phi_plus0(L));
    const double Lsup = quad_to_double(quad_slope_l(L));
    if (fabs(v) <= v_noise) return fabs(f) <= p0 + f_tol + Lsup * v_noise;
    return fabs(f - quad_to_double(quad_phi(L, v))) <= f_tol + Lsup * v_noise;
}

/* Random valid law of any kind for a given element Z: 1/Z > m, with the law
 * rescaled (vs increased) until it holds. */
static fric_law random_law(quad_rng *r, double Z)
{
    const int kind = (int)(quad_rng_uniform(r) * 3);
    fric_law L = cv(quad_rng_log(r, 0.1, 10), quad_rng_uniform(r) < 0.3 ? 0.0 : quad_rng_log(r, 1e-2, 1e2));
    if (kind == FRIC_COULOMB_VISCOUS) return L;
    L.kind = (fric_kind)kind;
    L.Fs = L.Fc * (1 + quad_rng_log(r, 0.05, 3));
    L.vs = quad_rng_log(r, 1e-3, 1);
    L.alpha = kind == FRIC_STRIBECK ? (quad_rng_uniform(r) < 0.5 ? 1.0 : quad_rng_range(r, 1.0, 3.0)) : 1.0;
    while (!(1 / (quad_real)Z > quad_slope_m(&L) * (1 + (quad_real)1e-6))) L.vs *= 2;
    return L;
}

/* ------------------------------------------------------------ elem Z */

static void test_elem_z(void **state)
{
    (void)state;
    quad_rng r = {101};
    for (int i = 0; i < 2000; i++) {
        const fric_elem_def d = edef(quad_rng_log(&r, 1e-3, 1e3), quad_rng_log(&r, 1, 1e9), quad_rng_log(&r, 1e-2, 1e4),
                                     quad_rng_log(&r, 1e-5, 1e-1), FRIC_XFORM_EXACT);
        for (int k = 0; k < 4; k++) {
            const double z = fric_elem_z((fric_elem_kind)k, &d);
            const quad_real want = quad_elem_z((fric_elem_kind)k, &d);
            assert_true(quad_abs((quad_real)z - want) <= STEP_ULP * EPS * want);
        }
    }
    /* invalid defs → NaN */
    const fric_elem_def bad[] = {edef(0, 1e3, 10, 1e-3, 0), edef(1, -1, 10, 1e-3, 0), edef(1, 1e3, -1, 1e-3, 0),
                                 edef(1, 1e3, 10, 0, 0), edef(1, 1e3, 10, NAN, 0), edef(NAN, 1e3, 10, 1e-3, 0)};
    assert_true(isnan(fric_elem_z(FRIC_ELEM_A, &bad[0])));
    assert_true(isnan(fric_elem_z(FRIC_ELEM_B, &bad[1])));
    assert_true(isnan(fric_elem_z(FRIC_ELEM_C, &bad[2])));
    assert_true(isnan(fric_elem_z(FRIC_ELEM_D, &bad[3])));
    assert_true(isnan(fric_elem_z(FRIC_ELEM_C, &bad[4])));
    assert_true(isnan(fric_elem_z(FRIC_ELEM_D, &bad[5])));
    assert_true(isnan(fric_elem_z((fric_elem_kind)7, &bad[3])));
    const fric_elem_def kb0 = edef(1, 0, 0, 1e-3, 0);
    assert_true(isnan(fric_elem_z(FRIC_ELEM_C, &kb0)));
    /* D → A as K → ∞: Z_D − T/M = 1/(B + TK) (from eq. 44) */
    const fric_elem_def stiff = edef(1, 1e12, 2e6, 1e-3, 0);
    assert_true(fabs(fric_elem_z(FRIC_ELEM_D, &stiff) - 1e-3) <= 1.01 / (2e6 + 1e9));
}

/* -------------------------------------------------- Kikuuwe Figs. 6, 7 */

/* Model A, M = 1 kg, Φ = F·sgn v, F = 8 N, h constant. While kinetic
 * forward, f = F and v drops by Δ = T·(F − h)/M per step; eq. 27 stops the
 * mass at the first step k with |v_{k−1} + T·h/M| ≤ T·F/M, where
 * v_{k−1} = v0 − (k−1)·Δ.
 *
 * Fig. 6 (v0 = 0.7 m/s as in the caption, h = −1 N):
 *   T = 1 ms: Δ = 0.009, TF/M = 0.008. v_76 = 0.016, v*_77 = 0.015 > 0.008;
 *             v_77 = 0.007, v*_78 = 0.006 ≤ 0.008 → stop at k = 78.
 *   T = 4 ms: Δ = 0.036, TF/M = 0.032. v_18 = 0.052, v*_19 = 0.048 > 0.032;
 *             v_19 = 0.016, v*_20 = 0.012 ≤ 0.032 → stop at k = 20.
 *   Afterwards v* = T·h/M, |T·h/M| = T < T·F/M: v = 0 for ever, f = h.
 * Fig. 7 (v0 = 1.3 m/s, h = −10 N), Δ = 18·T (slope −18 m/s²):
 *   T = 1 ms: v_72 = 0.004, v*_73 = −0.006, |·| ≤ 0.008 → v_73 = 0 exactly;
 *             v*_74 = −0.010 → kinetic backwards, v_74 = −0.002.
 *   T = 4 ms: v_18 = 0.004, v*_19 = −0.036, |·| > 0.032 → no exact zero,
 *             v_19 = −0.036 + 0.032 = −0.004.
 *   Backwards f = −F, so v changes by T·(h + F)/M per step: slope −2 m/s².
 * Every decision above has a margin ≥ 0.002 m/s ≫ rounding. */
typedef struct {
    double v0, h, T;
    int k_stop;        /* step at which v* first enters the band          */
    int exact_zero;    /* 1 if v is exactly 0 there                        */
    double v_at_stop;  /* v at k_stop when not exact zero                  */
    double slope_after;/* m/s² after k_stop (0: stays stuck)              */
} fig_case;

static void run_fig(const fig_case *c)
{
    const double M = 1.0, F = 8.0;
    const fric_law L = cv(F, 0.0);
    const fric_elem_def d = edef(M, 0, 0, c->T, FRIC_XFORM_EXACT);
    assert_int_equal(fric_elem_check(FRIC_ELEM_A, &d, &L, NULL), 0);
    fric_elem_a s = {.v = c->v0};
    const double dv = c->T * (F - c->h) / M;
    const int N = 5000;
    double vprev = c->v0;
    for (int k = 1; k <= N; k++) {
        const double f = fric_elem_a_step(&L, &d, &s, c->h);
        const double v = s.v;
        if (k < c->k_stop) {
            const double want = c->v0 - k * dv;
            const double tol = ACCUM_ULP_PER_STEP * k * EPS * c->v0;
            if (!(fabs(v - want) <= tol)) print_message("Fig v0=%g T=%g: k=%d v=%.17g expected %.17g\n", c->v0, c->T, k, v, want);
            assert_true(fabs(v - want) <= tol);
            assert_true(fabs(f - F) <= STEP_ULP * EPS * F);                       /* kinetic: f = F */
            const double slope = (v - vprev) / c->T, want_slope = -(F - c->h) / M;
            assert_true(fabs(slope - want_slope) <= 2 * ACCUM_ULP_PER_STEP * EPS * c->v0 / c->T);
        } else if (k == c->k_stop) {
            if (c->exact_zero) {
                if (!(v == 0.0)) print_message("Fig v0=%g T=%g: at k=%d v=%.17g, expected exactly 0\n", c->v0, c->T, k, v);
                assert_true(v == 0.0);
                /* eq. 27 static branch: f = M·v_{k−1}/T + h */
                const double want_f = M * vprev / c->T + c->h;
                assert_true(fabs(f - want_f) <= STEP_ULP * EPS * F + ACCUM_ULP_PER_STEP * k * EPS * c->v0 * M / c->T);
            } else {
                assert_true(fabs(v - c->v_at_stop) <= ACCUM_ULP_PER_STEP * k * EPS * c->v0);
                assert_true(fabs(f + F) <= STEP_ULP * EPS * F);
            }
        } else if (c->slope_after == 0.0) {
            if (!(v == 0.0)) print_message("Fig v0=%g T=%g: k=%d v=%.17g after the stop, expected exactly 0\n", c->v0, c->T, k, v);
            assert_true(v == 0.0);
            assert_true(fabs(f - c->h) <= STEP_ULP * EPS * F);                    /* static: f = h */
        } else {
            const double slope = (v - vprev) / c->T;
            const double tol = 2 * ACCUM_ULP_PER_STEP * EPS * fmax(fabs(v), c->v0) / c->T;
            if (!(fabs(slope - c->slope_after) <= tol))
                print_message("Fig v0=%g T=%g: k=%d slope %.17g expected %g\n", c->v0, c->T, k, slope, c->slope_after);
            assert_true(fabs(slope - c->slope_after) <= tol);
            assert_true(fabs(f + F) <= STEP_ULP * EPS * F);
        }
        vprev = v;
    }
}

static void test_kikuuwe_fig6(void **state)
{
    (void)state;
    const fig_case a = {0.7, -1.0, 1e-3, 78, 1, 0.0, 0.0};
    const fig_case b = {0.7, -1.0, 4e-3, 20, 1, 0.0, 0.0};
    run_fig(&a);
    run_fig(&b);
}

static void test_kikuuwe_fig7(void **state)
{
    (void)state;
    const fig_case a = {1.3, -10.0, 1e-3, 73, 1, 0.0, -2.0};
    const fig_case b = {1.3, -10.0, 4e-3, 19, 0, -0.004, -2.0};
    run_fig(&a);
    run_fig(&b);
}

/* ------------------------------------------- model A: implicit Euler, dissipation */

/* Random laws, random forces, both transforms: |v_k| ≤ |v*_k| with
 * v* = v_{k−1} + T·h/M (Kikuuwe §III-A: "guaranteed to be dissipative
 * regardless of the timestep size"; for eq. 46 the same holds because
 * Φ̂_Z(v*) has the sign of v* and |Z·Φ̂_Z(v*)| ≤ |v*|). With the exact
 * transform also eqs. 12-13: M(v_k − v_{k−1})/T = h − f and f ∈ Φ(v_k). */
static void test_model_a_dissipative_and_implicit(void **state)
{
    (void)state;
    quad_rng r = {111};
    long fails = 0;
    for (int set = 0; set < 300; set++) {
        const double M = quad_rng_log(&r, 1e-2, 1e2), T = quad_rng_log(&r, 1e-4, 1e-2);
        const fric_law L = random_law(&r, T / M);
        const double p0 = quad_to_double(quad_phi_plus0(&L));
        for (int xf = 0; xf < 2; xf++) {
            const fric_elem_def d = edef(M, 0, 0, T, (fric_xform)xf);
            if (fric_elem_check(FRIC_ELEM_A, &d, &L, NULL) != 0) { fails++; continue; }
            fric_elem_a s = {.v = quad_rng_range(&r, -1, 1) * 3 * T * p0 / M};
            for (int k = 0; k < 400; k++) {
                const double h = p0 * quad_rng_range(&r, -3, 3);
                const double v0 = s.v, vstar = v0 + T * h / M;
                const double f = fric_elem_a_step(&L, &d, &s, h);
                if (!(fabs(s.v) <= fabs(vstar) * (1 + DISS_ULP * EPS)) || !isfinite(f)) {
                    if (fails++ < 5) print_message("FAIL dissipation: xform %d v*=%.17g v=%.17g f=%g\n", xf, vstar, s.v, f);
                }
                if (xf == FRIC_XFORM_EXACT) {
                    /* eq. 12 */
                    const double lhs = M * (s.v - v0) / T, rhs = h - f;
                    const double sc = fabs(h) + fabs(f) + M * (fabs(v0) + fabs(s.v)) / T;
                    const int ok12 = fabs(lhs - rhs) <= STEP_ULP * EPS * sc;
                    /* eq. 13, set-valued */
                    const int ok13 = in_phi(&L, s.v, STEP_ULP * EPS * (fabs(v0) + fabs(T * h / M)), f,
                                            STEP_ULP * EPS * (fabs(f) + p0 + L.D * fabs(s.v)));
                    if (!ok12 || !ok13) {
                        if (fails++ < 5)
                            print_message("FAIL model A eqs. 12-13: kind %d v_prev=%.17g h=%.17g -> v=%.17g f=%.17g (Phi(v)=%.17g)\n",
                                          (int)L.kind, v0, h, s.v, f, (double)quad_phi(&L, s.v));
                    }
                    /* static band ⇒ exactly zero velocity (eq. 26: "sets the velocity to be zero") */
                    if (fabs(vstar) < (T / M) * p0 * (1 - 1e-9) && !(s.v == 0.0)) {
                        if (fails++ < 5) print_message("FAIL model A: |v*| = %.17g inside the band but v = %.17g\n", vstar, s.v);
                    }
                }
            }
        }
    }
    assert_int_equal(fails, 0);
}

/* --------------------------------------- models B and D: energy, zero input */

/* With zero input, E = ½M·v² + ½K·e² never grows. From the discrete
 * equations (model D: eqs. 39-41; model B: eqs. 29-31 with u = 0):
 *   E_k − E_{k−1} = −T·v_k·f_k − (B/T)·Δe² − ½M·Δ(vel)² − ½K·Δe² ≤ 0,
 * since f = Φ(v) has the sign of v (and v_k·f_k ≥ 0 also for eq. 46). */
static void test_energy_b_d(void **state)
{
    (void)state;
    quad_rng r = {121};
    long fails = 0;
    for (int set = 0; set < 200; set++) {
        const double M = quad_rng_log(&r, 1e-1, 1e1), K = quad_rng_log(&r, 1e2, 1e6), T = quad_rng_log(&r, 1e-4, 1e-2);
        const double B = quad_rng_uniform(&r) < 0.2 ? 0.0 : quad_rng_log(&r, 1e-1, 2 * sqrt(K * M) * 2);
        for (int xf = 0; xf < 2; xf++) {
            const fric_elem_def d = edef(M, K, B, T, (fric_xform)xf);
            /* model D */
            {
                const fric_law L = random_law(&r, quad_to_double(quad_elem_z(FRIC_ELEM_D, &d)));
                if (fric_elem_check(FRIC_ELEM_D, &d, &L, NULL) != 0) { fails++; continue; }
                const double p0 = quad_to_double(quad_phi_plus0(&L));
                fric_elem_d s = {.u = quad_rng_range(&r, -1, 1) * 10 * p0 * T / M, .e = quad_rng_range(&r, -1, 1) * 3 * p0 / K};
                double E = 0.5 * M * s.u * s.u + 0.5 * K * s.e * s.e;
                for (int k = 0; k < 500; k++) {
                    fric_elem_d_step(&L, &d, &s, 0.0);
                    const double En = 0.5 * M * s.u * s.u + 0.5 * K * s.e * s.e;
                    if (!(En <= E + ENERGY_ULP * EPS * E) || !isfinite(En)) {
                        if (fails++ < 5) print_message("FAIL model D energy grows: xform %d k=%d %.17g -> %.17g\n", xf, k, E, En);
                        break;
                    }
                    E = En;
                }
            }
            /* model B: far end fixed (u = 0), mass moving at v0, spring at e0 */
            {
                const fric_law L = random_law(&r, quad_to_double(quad_elem_z(FRIC_ELEM_B, &d)));
                if (fric_elem_check(FRIC_ELEM_B, &d, &L, NULL) != 0) { fails++; continue; }
                const double p0 = quad_to_double(quad_phi_plus0(&L));
                const double v0 = quad_rng_range(&r, -1, 1) * 10 * p0 * T / M, e0 = quad_rng_range(&r, -1, 1) * 3 * p0 / K;
                /* v_{k−1} = u_{k−1} − (e_{k−1} − e_{k−2})/T (eq. 30) */
                fric_elem_b s = {.e1 = e0, .e2 = e0 + T * v0, .v = v0};
                double E = 0.5 * M * v0 * v0 + 0.5 * K * e0 * e0;
                for (int k = 0; k < 500; k++) {
                    const double eprev = s.e1;
                    fric_elem_b_step(&L, &d, &s, 0.0);
                    const double v = -(s.e1 - eprev) / T;             /* eq. 30 with u = 0 */
                    const double vnoise = 4 * EPS * (fabs(s.e1) + fabs(eprev)) / T;
                    const double En = 0.5 * M * v * v + 0.5 * K * s.e1 * s.e1;
                    const double tol = ENERGY_ULP * EPS * E + M * fabs(v) * vnoise + 0.5 * M * vnoise * vnoise;
                    if (!(En <= E + tol) || !isfinite(En) || !(fabs(s.v - v) <= vnoise + STEP_ULP * EPS * fabs(v))) {
                        if (fails++ < 5)
                            print_message("FAIL model B energy/velocity: xform %d k=%d E %.17g -> %.17g, v %.17g (state v %.17g)\n",
                                          xf, k, E, En, v, s.v);
                        break;
                    }
                    E = En;
                }
            }
        }
    }
    assert_int_equal(fails, 0);
}

/* ---------------------------------------- constraint residuals, B, C, D */

/* Each element's step must solve the paper's constraint set:
 *   model C: eqs. 39-40, f = Φ(u − (e_k − e_{k−1})/T), f = K·e_k + B·(e_k − e_{k−1})/T
 *   model D: eqs. 39-41, the same plus M(u_k − u_{k−1})/T = h − f
 *   model B: eqs. 29-32, h = K·e_k + B·Δe/T and f = Φ(u − Δe/T),
 *            M/T·(u_k − u_{k−1} − (e_k − 2e_{k−1} + e_{k−2})/T) = h − f
 * with random laws, parameters and inputs, exact transform. The velocity
 * through Φ is recovered from e differences, so it carries an error of
 * ~ε·|e|/T (v_noise); forces are compared to a few ulp of their terms. */
static void test_constraints_bcd(void **state)
{
    (void)state;
    quad_rng r = {131};
    long fails = 0, steps = 0;
    for (int set = 0; set < 150; set++) {
        const double M = quad_rng_log(&r, 1e-1, 1e1), K = quad_rng_log(&r, 1e2, 1e6), T = quad_rng_log(&r, 1e-4, 1e-2);
        const double B = quad_rng_log(&r, 1e-1, 4 * sqrt(K * M));
        const fric_elem_def d = edef(M, K, B, T, FRIC_XFORM_EXACT);
        for (int kind = FRIC_ELEM_B; kind <= FRIC_ELEM_D; kind++) {
            const double Z = quad_to_double(quad_elem_z((fric_elem_kind)kind, &d));
            const fric_law L = random_law(&r, Z);
            if (fric_elem_check((fric_elem_kind)kind, &d, &L, NULL) != 0) { fails++; continue; }
            const double p0 = quad_to_double(quad_phi_plus0(&L));
            fric_elem_b sb = {0};
            fric_elem_c sc = {0};
            fric_elem_d sd = {0};
            const double uamp = 3 * Z * p0;     /* a mix of stick and slip */
            const double om = quad_rng_log(&r, 1, 100);
            for (int k = 1; k <= 400; k++) {
                const double in = sin(om * k * T) + quad_rng_range(&r, -0.3, 0.3);
                const char *bad = NULL;
                double f = 0, vel = 0, vnoise = 0, ftol = 0;
                if (kind == FRIC_ELEM_C) {
                    const double u = uamp * in, e1 = sc.e;
                    f = fric_elem_c_step(&L, &d, &sc, u);
                    const double de = sc.e - e1;
                    vel = u - de / T;
                    vnoise = STEP_ULP * EPS * (fabs(u) + (fabs(sc.e) + fabs(e1)) / T);
                    /* e_k = e_{k−1} + T·u may cancel (e_k ≪ e_{k−1}): its rounding
                     * is ε·(|e_{k−1}| + T·|u|), seen through K and B/T */
                    ftol = STEP_ULP * EPS * (fabs(f) + (K + B / T) * (fabs(sc.e) + fabs(e1) + T * fabs(u)));
                    if (!(fabs(f - (K * sc.e + B * de / T)) <= ftol)) {
                        bad = "eq. 40";
                        print_message("  eq. 40: f=%.17g K*e+B*de/T=%.17g tol=%.3g u=%.17g e_prev=%.17g e=%.17g\n", f,
                                      K * sc.e + B * de / T, ftol, u, e1, sc.e);
                    }
                } else if (kind == FRIC_ELEM_D) {
                    const double h = p0 * 2 * in, e1 = sd.e, u1 = sd.u;
                    f = fric_elem_d_step(&L, &d, &sd, h);
                    const double de = sd.e - e1;
                    vel = sd.u - de / T;
                    /* u_k = u_{k−1} + T(h − f)/M carries the rounding of the increment */
                    vnoise = STEP_ULP * EPS * (fabs(sd.u) + fabs(u1) + T * (fabs(h) + fabs(f)) / M + (fabs(sd.e) + fabs(e1)) / T);
                    ftol = STEP_ULP * EPS * (fabs(f) + (K + B / T) * (fabs(sd.e) + fabs(e1) + T * fabs(sd.u)));
                    if (!(fabs(f - (K * sd.e + B * de / T)) <= ftol)) bad = "eq. 40";
                    const double l41 = M * (sd.u - u1) / T, r41 = h - f;
                    if (!(fabs(l41 - r41) <= STEP_ULP * EPS * (fabs(h) + fabs(f) + M * (fabs(sd.u) + fabs(u1)) / T))) bad = "eq. 41";
                } else {
                    const double u = uamp * in, u1 = sb.u1, e1 = sb.e1, e2 = sb.e2;
                    const double h = fric_elem_b_step(&L, &d, &sb, u);
                    f = sb.f;
                    const double de = sb.e1 - e1;
                    vel = u - de / T;
                    vnoise = STEP_ULP * EPS * (fabs(u) + (fabs(sb.e1) + fabs(e1)) / T);
                    const double htol = STEP_ULP * EPS * (fabs(h) + (K + B / T) * (fabs(sb.e1) + fabs(e1) + T * fabs(u)));
                    if (!(fabs(h - (K * sb.e1 + B * de / T)) <= htol)) bad = "eq. 29";
                    const double l31 = M / T * (u - u1 - (sb.e1 - 2 * e1 + e2) / T), r31 = h - f;
                    /* the spring force K·e_{k−1} enters v* (eq. 36a) and hence e_k */
                    const double t31 = STEP_ULP * EPS * (fabs(h) + fabs(f) + (K + B / T) * (fabs(sb.e1) + fabs(e1))
                                                         + M / T * (fabs(u) + fabs(u1) + (fabs(sb.e1) + 2 * fabs(e1) + fabs(e2)) / T));
                    if (!(fabs(l31 - r31) <= t31)) {
                        bad = "eq. 31";
                        print_message("  eq. 31: lhs=%.17g rhs=%.17g tol=%.3g u=%.17g u1=%.17g e=%.17g %.17g %.17g\n", l31, r31, t31,
                                      u, u1, sb.e1, e1, e2);
                    }
                    ftol = STEP_ULP * EPS * (fabs(f) + p0);
                    if (!(fabs(sb.v - vel) <= vnoise)) bad = "state v = u - de/T (eq. 30)";
                }
                if (!bad && !in_phi(&L, vel, vnoise, f, ftol + STEP_ULP * EPS * (p0 + L.D * fabs(vel))))
                    bad = "f = Phi(v) (eq. 39/32)";
                steps++;
                if (bad && fails++ < 6)
                    print_message("FAIL model %c %s: step %d f=%.17g v=%.17g Phi(v)=%.17g (law kind %d, M=%g K=%g B=%g T=%g)\n",
                                  'A' + kind, bad, k, f, vel, (double)quad_phi(&L, vel), (int)L.kind, M, K, B, T);
            }
        }
    }
    print_message("%ld element steps checked against their constraint equations\n", steps);
    assert_int_equal(fails, 0);
}

/* -------------------------------------------------------- no drift (1e7) */

/* Kikuuwe Fig. 12(b): a mass M behind a model-C contact,
 *   u_k = u_{k−1} + (T/M)(h − f_{k−1})   (eq. 60),  f_k = model C(u_k),
 * h constant with |h| < Φ(+0). While stuck, e_k = e_{k−1} + T·u_k (eq. 62),
 * so x − e stays at its initial 0 and the rest position is where
 * K·e = h: x∞ = h/K. Parameters satisfy T² < M/(4K) with B = 2√(KM). */
static void test_model_c_no_drift(void **state)
{
    (void)state;
    const double M = 1.0, K = 1e4, B = 200.0, T = 1e-3;
    const fric_law laws[] = {cv(8.0, 0.5), {FRIC_STRIBECK, 10.0, 8.0, 0.01, 0.5, 1.0}};
    for (int li = 0; li < 2; li++) {
        const fric_law *L = &laws[li];
        const double h = 0.5 * quad_to_double(quad_phi_plus0(L));
        const fric_elem_def d = edef(M, K, B, T, FRIC_XFORM_EXACT);
        assert_int_equal(fric_elem_check(FRIC_ELEM_C, &d, L, NULL), 0);
        fric_elem_c s = {0};
        double u = 0, x = 0, fprev = 0, xmid = 0, maxdev = 0;
        const long N = HOLD_STEPS;
        for (long k = 1; k <= N; k++) {
            u = u + (T / M) * (h - fprev);
            fprev = fric_elem_c_step(L, &d, &s, u);
            x += T * u;
            if (k == N / 2) xmid = x;
            if (k > N / 2 && fabs(x - xmid) > maxdev) maxdev = fabs(x - xmid);
        }
        const double xeq = h / K;
        print_message("law %d: x = %.17g after %ld steps (h/K = %.17g), last-half excursion %.3g m, u = %.3g\n", li, x, N, xeq,
                      maxdev, u);
        assert_true(fabs(x - xeq) <= EQ_REL * xeq);
        assert_true(maxdev <= CREEP_REL * xeq);
        assert_true(fabs(fprev - h) <= EQ_REL * h);
    }
}

/* Model D alone with |h| < Φ(+0): u → 0 and the position settles at h/K
 * (while stuck v = u − Δe/T = 0, so x − e stays 0; at rest K·e = h). */
static void test_model_d_no_drift(void **state)
{
    (void)state;
    const double M = 1.0, K = 1e4, B = 200.0, T = 1e-3;
    const fric_law laws[] = {cv(8.0, 0.5), {FRIC_RATIONAL, 10.0, 8.0, 0.1, 0.5, 1.0}};
    for (int li = 0; li < 2; li++) {
        const fric_law *L = &laws[li];
        const double h = -0.7 * quad_to_double(quad_phi_plus0(L));
        const fric_elem_def d = edef(M, K, B, T, FRIC_XFORM_EXACT);
        assert_int_equal(fric_elem_check(FRIC_ELEM_D, &d, L, NULL), 0);
        fric_elem_d s = {0};
        double x = 0, xmid = 0, maxdev = 0;
        const long N = HOLD_STEPS;
        for (long k = 1; k <= N; k++) {
            fric_elem_d_step(L, &d, &s, h);
            x += T * s.u;
            if (k == N / 2) xmid = x;
            if (k > N / 2 && fabs(x - xmid) > maxdev) maxdev = fabs(x - xmid);
        }
        const double xeq = h / K;
        print_message("law %d: x = %.17g after %ld steps (h/K = %.17g), last-half excursion %.3g m, u = %.3g\n", li, x, N, xeq,
                      maxdev, s.u);
        assert_true(fabs(x - xeq) <= EQ_REL * fabs(xeq));
        assert_true(maxdev <= CREEP_REL * fabs(xeq));
        assert_true(fabs(s.u) <= 1e-12 * fabs(xeq) / T);
    }
}

/* ------------------------------------------------------ eq. 63, §IV-C */

/* The eq. 63 matrix with B = 2√(KM) and a = T·√(K/M):
 *   trace = 2 − 2a − a², det = 1 − 2a, trace² − 4·det = a³(4 + a) > 0,
 * so the eigenvalues are real; 0 < λ− < λ+ < 1 iff det > 0 iff a < 1/2,
 * i.e. T² < M/(4K). For a > 1/2, λ− < 0: the λ− mode alternates sign
 * (ringing), and it is stable while 1 + trace + det > 0 (a < 2√2 − 2). */
static void test_eq63_eigen_and_simulation(void **state)
{
    (void)state;
    const double M = 1.0, K = 1e4, B = 2 * sqrt(K * M), w = sqrt(K / M);
    const fric_law L = cv(1e3, 0.0);      /* Φ(+0) far above the forces below: stays stuck */
    const double as[] = {0.1, 0.3, 0.45, 0.49, 0.51, 0.55, 0.7, 0.8};
    for (size_t i = 0; i < sizeof as / sizeof as[0]; i++) {
        const double a = as[i], T = a / w;
        const quad_real Tq = T, Kq = K, Mq = M, Bq = B;
        const quad_real m11 = 1 - Tq * Tq * Kq / Mq, m12 = Tq - Tq * Tq * Bq / Mq, m21 = -Tq * Kq / Mq, m22 = 1 - Tq * Bq / Mq;
        const quad_real tr = m11 + m22, det = m11 * m22 - m12 * m21, disc = tr * tr - 4 * det;
        const quad_real aq = Tq * sqrtq(Kq / Mq);
        assert_true(quad_abs(det - (1 - 2 * aq)) <= 1e-15);
        assert_true(quad_abs(disc - aq * aq * aq * (4 + aq)) <= 1e-15);
        const quad_real lp = (tr + sqrtq(disc)) / 2, lm = (tr - sqrtq(disc)) / 2;
        const int calm = T * T < M / (4 * K);
        assert_int_equal(calm, a < 0.5);
        if (calm) assert_true(0 < lm && lm < lp && lp < 1);
        else assert_true(lm < 0 && -lm < 1 && 0 < lp && lp < 1);

        const fric_elem_def d = edef(M, K, B, T, FRIC_XFORM_EXACT);
        assert_int_equal(fric_elem_check(FRIC_ELEM_C, &d, &L, NULL), 0);
        /* two initial conditions: a push (e = 0, u = 1e-3) and the λ− eigenvector */
        for (int ic = 0; ic < 2; ic++) {
            quad_real e = 0, u = (quad_real)1e-3;
            if (ic == 1) { e = m12; u = lm - m11; const quad_real sc = (quad_real)1e-3 / quad_abs(u); e *= sc; u *= sc; }
            fric_elem_c s = {.e = quad_to_double(e)};
            double uk = quad_to_double(u);
            double fprev = B * uk + K * s.e;    /* f_{k−1} = B·u_{k−1} + K·e_{k−1} while stuck */
            /* sign changes while |u| is above the rounding floor (the λ+ mode
             * picks up ~1e-16 of |u0| from rounding, then outlives λ−) */
            const double floor_u = 1e-11 * fabs(uk);
            int changes = 0, above = 0;
            double maxerr = 0, maxst = 0;
            for (int k = 1; k <= 300; k++) {
                const double ukm1 = uk;
                uk = uk + (T / M) * (0.0 - fprev);                 /* eq. 60, h = 0 */
                fprev = fric_elem_c_step(&L, &d, &s, uk);
                const quad_real en = m11 * e + m12 * u, un = m21 * e + m22 * u;
                e = en; u = un;
                maxst = fmax(maxst, fmax(fabs((double)e) * w, fabs((double)u)));
                maxerr = fmax(maxerr, fmax(fabs(s.e - (double)e) * w, fabs(uk - (double)u)));
                if (fabs(uk) > floor_u && fabs(ukm1) > floor_u) {
                    above++;
                    if (uk * ukm1 < 0) changes++;
                }
            }
            if (!(maxerr <= MATRIX_REL * maxst))
                print_message("a=%g ic=%d: simulation vs eq. 63 matrix %.3g (scale %.3g)\n", a, ic, maxerr, maxst);
            assert_true(maxerr <= MATRIX_REL * maxst);
            if (calm) {
                /* two positive modes: at most one sign change; none on the λ− eigenvector */
                assert_true(changes <= (ic == 0 ? 1 : 0));
            } else if (ic == 1) {
                assert_true(above >= 5);
                assert_int_equal(changes, above);    /* alternates every step */
            } else if (a >= 0.7) {
                assert_true(changes >= 5);           /* visible ringing from a push */
            }
            if (ic == 0) print_message("a = %.2f (T^2 %s M/(4K)): %d sign changes of u, eigenvalues %.4f %.4f\n", a,
                                       calm ? "<" : ">", changes, (double)lm, (double)lp);
        }
    }
}

/* ------------------------------------------------ limits between models */

/* Model D → model A as K → ∞ (Kikuuwe, text after eq. 45), on the Figs. 6-7
 * scenarios: while kinetic f = F in both and the mass velocity updates are
 * identical; the compliance shows only as a deviation of order
 * F/(B + T·K) after the stop. The deviation must shrink with K and be
 * below 1e-6 m/s (1e-4 of the per-step change T·F/M) at K = 1e12. */
static void test_model_d_tends_to_a(void **state)
{
    (void)state;
    const double M = 1.0, F = 8.0, T = 1e-3;
    const fric_law L = cv(F, 0.0);
    const double hs[] = {-1.0, -10.0}, v0s[] = {0.7, 1.3};
    for (int c = 0; c < 2; c++) {
        double prev = INFINITY;
        const double Ks[] = {1e6, 1e8, 1e10, 1e12};
        for (int i = 0; i < 4; i++) {
            const double K = Ks[i], B = 2 * sqrt(K * M);
            const fric_elem_def da = edef(M, 0, 0, T, FRIC_XFORM_EXACT), dd = edef(M, K, B, T, FRIC_XFORM_EXACT);
            fric_elem_a sa = {.v = v0s[c]};
            fric_elem_d sd = {.u = v0s[c]};
            double err = 0;
            for (int k = 0; k < 3000; k++) {
                fric_elem_a_step(&L, &da, &sa, hs[c]);
                fric_elem_d_step(&L, &dd, &sd, hs[c]);
                err = fmax(err, fabs(sd.u - sa.v));
            }
            print_message("v0 = %g, h = %g, K = %g: max |u_D - v_A| = %.3g m/s\n", v0s[c], hs[c], K, err);
            assert_true(err <= prev);
            prev = err;
        }
        assert_true(prev <= 1e-6);
    }
}

/* Model B → model C as M → 0 (§III-C: "the special case of the model B
 * where M = 0"): Z_B = T/(M + TB + T²K) → 1/(B + TK) = Z_C and the M terms
 * of eq. 36a vanish. Input of Kikuuwe Fig. 11, u = 0.5·sin(5t), contact
 * K = 3e4, B = 300, F = 5 N, T = 1 ms. */
static void test_model_b_tends_to_c(void **state)
{
    (void)state;
    const double K = 3e4, B = 300.0, T = 1e-3, F = 5.0;
    const fric_law L = cv(F, 0.0);
    double prev = INFINITY;
    const double Ms[] = {1e-2, 1e-4, 1e-6, 1e-9};
    for (int i = 0; i < 4; i++) {
        const fric_elem_def db = edef(Ms[i], K, B, T, FRIC_XFORM_EXACT), dc = edef(0.0, K, B, T, FRIC_XFORM_EXACT);
        fric_elem_b sb = {0};
        fric_elem_c sc = {0};
        double err = 0;
        for (int k = 1; k <= 3000; k++) {
            const double u = 0.5 * sin(5.0 * k * T);
            const double h = fric_elem_b_step(&L, &db, &sb, u);
            const double f = fric_elem_c_step(&L, &dc, &sc, u);
            err = fmax(err, fabs(h - f));
        }
        print_message("M = %g: max |h_B - f_C| = %.3g N\n", Ms[i], err);
        assert_true(err <= prev);
        prev = err;
    }
    assert_true(prev <= 1e-4 * F);
}

/* Model B in static friction is the spring-damper of eq. 37:
 * e_k = e_{k−1} + T·u_k, h_k = K·e_k + B·(e_k − e_{k−1})/T, mass at rest.
 * Fc = Φ(+0) = 1e6 N keeps C·v* / T inside the band for the small input here. */
static void test_model_b_static_spring_damper(void **state)
{
    (void)state;
    const double M = 1.0, K = 1e3, B = 10.0, T = 1e-3;
    const fric_law L = cv(1e6, 1.0);
    const fric_elem_def d = edef(M, K, B, T, FRIC_XFORM_EXACT);
    assert_int_equal(fric_elem_check(FRIC_ELEM_B, &d, &L, NULL), 0);
    fric_elem_b s = {0};
    double e = 0, hmax = 0, err = 0, vmax = 0;
    for (int k = 1; k <= 5000; k++) {
        const double u = 0.01 * sin(0.013 * k) + 0.004 * cos(0.11 * k);
        const double e1 = e;
        e = e1 + T * u;
        const double hw = K * e + B * (e - e1) / T;
        const double h = fric_elem_b_step(&L, &d, &s, u);
        hmax = fmax(hmax, fabs(hw));
        err = fmax(err, fabs(h - hw));
        vmax = fmax(vmax, fabs(s.v) / (fabs(u) + fabs(e) / T));
    }
    print_message("eq. 37: max |h - h_spring-damper| = %.3g N (max |h| %.3g N); max |v|/(|u|+|e|/T) = %.3g\n", err, hmax, vmax);
    /* e accumulates 5000 rounded sums in both: ~5000·ε relative */
    assert_true(err <= 1e-10 * hmax);
    assert_true(vmax <= 16 * EPS);
}

/* ---------------------------------------------------- 2-D model C */

/* Motion along one axis: the 2-D element equals the 1-D one and the other
 * component stays exactly 0; along a rotated direction the force is the 1-D
 * force along that direction (isotropy of Φ(x) = Fc·x/‖x‖ + D·x). */
static void test_c2_matches_c(void **state)
{
    (void)state;
    quad_rng r = {141};
    long fails = 0;
    for (int set = 0; set < 100; set++) {
        const fric_law L = cv(quad_rng_log(&r, 0.1, 10), quad_rng_uniform(&r) < 0.3 ? 0.0 : quad_rng_log(&r, 1e-2, 10));
        const double K = quad_rng_log(&r, 1e2, 1e5), B = quad_rng_log(&r, 1, 1e3), T = quad_rng_log(&r, 1e-4, 1e-2);
        const fric_elem_def d = edef(1.0, K, B, T, FRIC_XFORM_EXACT);
        const double th = quad_rng_range(&r, 0, 6.283185307179586);
        const double c = cos(th), sn = sin(th);
        fric_elem_c s1 = {0};
        fric_elem_c2 sa = {{0, 0}, {0, 0}}, sr = {{0, 0}, {0, 0}};
        const double amp = 3 * L.Fc / (B + T * K) + 0.1;
        const double om = quad_rng_log(&r, 1, 100);
        double scale = L.Fc;
        for (int k = 1; k <= 1000; k++) {
            const double u = amp * sin(om * k * T);
            const double f1 = fric_elem_c_step(&L, &d, &s1, u);
            const double ua[2] = {u, 0.0}, ur[2] = {u * c, u * sn};
            assert_int_equal(fric_elem_c2_step(&L, &d, &sa, ua), 0);
            assert_int_equal(fric_elem_c2_step(&L, &d, &sr, ur), 0);
            scale = fmax(scale, fabs(f1));
            /* the bristle e integrates u while stuck, so rounding differences
             * between the 1-D and 2-D arithmetic accumulate over the steps */
            const double tol1 = ACCUM_ULP_PER_STEP * k * EPS * scale;
            const double tolr = tol1;
            if (!(fabs(sa.f[0] - f1) <= tol1) || !(sa.f[1] == 0.0) || !(sa.e[1] == 0.0)
                || !(fabs(sr.f[0] - f1 * c) <= tolr) || !(fabs(sr.f[1] - f1 * sn) <= tolr)) {
                if (fails++ < 5)
                    print_message("FAIL 2-D C k=%d: 1-D f %.17g; axis (%.17g, %g); rotated (%.17g, %.17g) expected (%.17g, %.17g)\n", k, f1,
                                  sa.f[0], sa.f[1], sr.f[0], sr.f[1], f1 * c, f1 * sn);
            }
        }
    }
    /* other laws are not supported in 2-D */
    const fric_law st = {FRIC_STRIBECK, 2.5, 0.4, 0.06, 4.5, 1.0};
    const fric_elem_def d = edef(1.0, 5000, 50, 1e-3, FRIC_XFORM_EXACT);
    fric_elem_c2 s = {{0, 0}, {0, 0}};
    const double u[2] = {0.1, 0.0};
    assert_int_equal(fric_elem_c2_step(&st, &d, &s, u), FRIC_E_UNSUPPORTED);
    assert_int_equal(fails, 0);
}

/* Fig. 12(b) in two dimensions: the no-drift test above with the 2-D
 * element, pushed along a diagonal inside the friction disk. While stuck
 * x − e stays 0 per component, so x → h/K per component. */
static void test_c2_no_drift(void **state)
{
    (void)state;
    const double M = 1.0, K = 1e4, B = 200.0, T = 1e-3;
    const fric_law L = cv(8.0, 0.5);
    const fric_elem_def d = edef(M, K, B, T, FRIC_XFORM_EXACT);
    const double h[2] = {0.5 * 8.0 * 0.6, 0.5 * 8.0 * -0.8};
    fric_elem_c2 s = {{0, 0}, {0, 0}};
    double u[2] = {0, 0}, x[2] = {0, 0}, xmid[2] = {0, 0}, maxdev = 0;
    const long N = HOLD_STEPS;
    for (long k = 1; k <= N; k++) {
        for (int i = 0; i < 2; i++) u[i] = u[i] + (T / M) * (h[i] - s.f[i]);
        assert_int_equal(fric_elem_c2_step(&L, &d, &s, u) == 0, 1);
        for (int i = 0; i < 2; i++) x[i] += T * u[i];
        if (k == N / 2) { xmid[0] = x[0]; xmid[1] = x[1]; }
        if (k > N / 2) maxdev = fmax(maxdev, fmax(fabs(x[0] - xmid[0]), fabs(x[1] - xmid[1])));
    }
    const double xeq[2] = {h[0] / K, h[1] / K}, n = hypot(xeq[0], xeq[1]);
    print_message("2-D: x = (%.17g, %.17g) after %ld steps, h/K = (%.17g, %.17g), last-half excursion %.3g m\n", x[0], x[1], N,
                  xeq[0], xeq[1], maxdev);
    assert_true(fabs(x[0] - xeq[0]) <= EQ_REL * n && fabs(x[1] - xeq[1]) <= EQ_REL * n);
    assert_true(maxdev <= CREEP_REL * n);
}

/* ------------------------------------ both transforms; no chattering in stick */

static void test_both_transforms_run(void **state)
{
    (void)state;
    quad_rng r = {151};
    long fails = 0;
    for (int set = 0; set < 100; set++) {
        const double M = quad_rng_log(&r, 0.1, 10), K = quad_rng_log(&r, 1e2, 1e5), T = quad_rng_log(&r, 1e-4, 1e-2);
        const double B = quad_rng_log(&r, 1, 2 * sqrt(K * M));
        for (int xf = 0; xf < 2; xf++) {
            const fric_elem_def d = edef(M, K, B, T, (fric_xform)xf);
            double zmax = 0;
            for (int k = 0; k < 4; k++) zmax = fmax(zmax, quad_to_double(quad_elem_z((fric_elem_kind)k, &d)));
            const fric_law L = random_law(&r, zmax);
            const double p0 = quad_to_double(quad_phi_plus0(&L));
            fric_elem_a sa = {0};
            fric_elem_b sb = {0};
            fric_elem_c sc = {0};
            fric_elem_d sd = {0};
            for (int k = 1; k <= 500; k++) {
                const double in = sin(0.05 * k) * 2 + quad_rng_range(&r, -0.5, 0.5);
                const double fa = fric_elem_a_step(&L, &d, &sa, p0 * in);
                const double hb = fric_elem_b_step(&L, &d, &sb, in * 0.1);
                const double fc = fric_elem_c_step(&L, &d, &sc, in * 0.1);
                const double fd = fric_elem_d_step(&L, &d, &sd, p0 * in);
                if (!(isfinite(fa) && isfinite(hb) && isfinite(fc) && isfinite(fd) && isfinite(sa.v) && isfinite(sb.v)
                      && isfinite(sc.e) && isfinite(sd.u))) {
                    if (fails++ < 5) print_message("FAIL xform %d: non-finite output at step %d\n", xf, k);
                    break;
                }
            }
        }
    }
    assert_int_equal(fails, 0);
}

/* Stuck under a constant force inside the band, the exact transform gives
 * v = 0 exactly and f = h at every step (model A: no chattering); model C
 * held at u = 0 with a preloaded bristle keeps the same force sign and
 * value (no sign flipping). */
static void test_exact_no_chattering_in_stick(void **state)
{
    (void)state;
    const fric_law laws[] = {cv(8.0, 0.0), cv(8.0, 2.0), {FRIC_STRIBECK, 10.0, 8.0, 0.01, 0.5, 2.0},
                             {FRIC_RATIONAL, 10.0, 8.0, 0.01, 0.5, 1.0}};
    for (size_t i = 0; i < sizeof laws / sizeof laws[0]; i++) {
        const fric_law *L = &laws[i];
        const double p0 = quad_to_double(quad_phi_plus0(L));
        const fric_elem_def d = edef(1.0, 1e4, 200.0, 1e-3, FRIC_XFORM_EXACT);
        assert_int_equal(fric_elem_check(FRIC_ELEM_A, &d, L, NULL), 0);
        assert_int_equal(fric_elem_check(FRIC_ELEM_C, &d, L, NULL), 0);
        fric_elem_a sa = {0};
        const double h = 0.9 * p0;
        for (int k = 0; k < 100000; k++) {
            const double f = fric_elem_a_step(L, &d, &sa, h);
            if (!(sa.v == 0.0) || !(fabs(f - h) <= STEP_ULP * EPS * h)) {
                print_message("law %zu: model A chatters at step %d: v=%.17g f=%.17g h=%.17g\n", i, k, sa.v, f, h);
                fail();
            }
        }
        fric_elem_c sc = {.e = 0.6 * p0 / 1e4};    /* K·e = 0.6·Φ(+0) */
        const double f1 = fric_elem_c_step(L, &d, &sc, 0.0);
        assert_true(fabs(f1 - 0.6 * p0) <= STEP_ULP * EPS * p0);
        for (int k = 0; k < 100000; k++) {
            const double f = fric_elem_c_step(L, &d, &sc, 0.0);
            if (!(fabs(f - f1) <= 1e-12 * fabs(f1))) {
                print_message("law %zu: model C force moves in stick at step %d: %.17g vs %.17g\n", i, k, f, f1);
                fail();
            }
        }
    }
}

FRIC_TEST_MAIN(cmocka_unit_test(test_elem_z),
               cmocka_unit_test(test_kikuuwe_fig6),
               cmocka_unit_test(test_kikuuwe_fig7),
               cmocka_unit_test(test_model_a_dissipative_and_implicit),
               cmocka_unit_test(test_energy_b_d),
               cmocka_unit_test(test_constraints_bcd),
               cmocka_unit_test(test_model_c_no_drift),
               cmocka_unit_test(test_model_d_no_drift),
               cmocka_unit_test(test_eq63_eigen_and_simulation),
               cmocka_unit_test(test_model_d_tends_to_a),
               cmocka_unit_test(test_model_b_tends_to_c),
               cmocka_unit_test(test_model_b_static_spring_damper),
               cmocka_unit_test(test_c2_matches_c),
               cmocka_unit_test(test_c2_no_drift),
               cmocka_unit_test(test_both_transforms_run),
               cmocka_unit_test(test_exact_no_chattering_in_stick))
