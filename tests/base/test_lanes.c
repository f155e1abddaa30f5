/*
 * test_lanes.c: the core's vector special functions (core/base/lanes.h)
 * against binary128 references (libquadmath's expq, logq, powq, sinq,
 * computed from the double inputs, far more accurate than the 2^-53 being
 * checked), over the whole domains the pendulum lanes use, with the max ulp
 * stated in lanes.h asserted; and their special values.
 *
 * The error of a result g against the reference r is |g − r| in units of
 * the last place of r rounded to double (2^-1074 for subnormal results).
 * Inputs: a fixed xoshiro-free LCG (the test's own), uniform or
 * log-uniform in the ranges below, plus the ranges' edges.
 */
#include "test_main.h"

#include <math.h>
#include <quadmath.h>
#include <stdio.h>

#include "quad_ref.h"
#include "lanes.h" /* core/base, private: TEST_EXTRA = -Icore/base */

/* the first twentieth of the inputs under the sanitizers (FRIC_TEST_SHORT,
 * test_main.h): the same bounds on a subset */
#define N_RANDOM FRIC_TEST_SHORT(400000, 20)

static uint64_t lcg = 0x9e3779b97f4a7c15ULL;
static double uniform(double lo, double hi)
{
    lcg = lcg * 6364136223846793005ULL + 1442695040888963407ULL;
    double u = (double)(lcg >> 11) * 0x1p-53;
    return lo + (hi - lo) * u;
}

/* ulp of r rounded to double */
static quad_real ulp_of(quad_real r)
{
    double d = fabs((double)r);
    if (d < 0x1p-1022) return (quad_real)0x1p-1074;
    int e;
    frexp(d, &e);
    return ldexpq((quad_real)1.0, e - 53);
}

static double err_ulp(double g, quad_real r)
{
    if (isnan(g) || isinf(g)) return isinf(g) && (double)r == g ? 0 : INFINITY;
    return (double)(fabsq((quad_real)g - r) / ulp_of(r));
}

/* one lane filled with x (all lanes the same input: each lane must give it) */
static double one(fric__vd (*f)(fric__vd), double x)
{
    fric__vd v = f(fric__vset(x));
    for (int i = 1; i < FRIC_LANES_N; i++) assert_true(v[i] == v[0] || (isnan(v[i]) && isnan(v[0])));
    return v[0];
}

typedef struct { double worst, at; } worst;
static void note(worst *w, double e, double x)
{
    if (e > w->worst) { w->worst = e; w->at = x; }
}

static void test_exp(void **state)
{
    (void)state;
    worst w = { 0, 0 }, ws = { 0, 0 };
    for (int i = 0; i < N_RANDOM; i++) {
        double x = i % 4 == 0 ? uniform(-1, 1) : i % 4 == 1 ? uniform(-745.13, 709.78)
                 : i % 4 == 2 ? uniform(-746, 0) : uniform(-745.13, -708);
        quad_real r = expq((quad_real)x);
        double e = err_ulp(one(fric__vexp, x), r);
        note((double)r < 0x1p-1022 ? &ws : &w, e, x);
    }
    printf("exp: max %.3f ulp (at %.17g) normal results, %.3f ulp (at %.17g) subnormal\n",
           w.worst, w.at, ws.worst, ws.at);
    assert_true(w.worst <= 1.0);
    assert_true(ws.worst <= 1.0);
    assert_true(one(fric__vexp, 0.0) == 1.0);
    assert_true(one(fric__vexp, -0.0) == 1.0);
    assert_true(one(fric__vexp, -INFINITY) == 0.0);
    assert_true(one(fric__vexp, -746.0) == 0.0);
    assert_true(one(fric__vexp, INFINITY) == INFINITY);
    assert_true(one(fric__vexp, 710.0) == INFINITY);
    assert_true(isnan(one(fric__vexp, NAN)));
    assert_true(one(fric__vexp, 709.78) < INFINITY);
}

static void test_log(void **state)
{
    (void)state;
    worst w = { 0, 0 };
    for (int i = 0; i < N_RANDOM; i++) {
        double x = i % 3 == 0 ? uniform(0.5, 2) : i % 3 == 1 ? exp2(uniform(-1074, 1024))
                              : uniform(1e-3, 1e3);
        if (!(x > 0) || isinf(x)) continue;
        note(&w, err_ulp(one(fric__vlog, x), logq((quad_real)x)), x);
    }
    printf("log: max %.3f ulp (at %.17g)\n", w.worst, w.at);
    assert_true(w.worst <= 1.0);
    assert_true(one(fric__vlog, 1.0) == 0.0);
    assert_true(one(fric__vlog, 0.0) == -INFINITY);
    assert_true(one(fric__vlog, INFINITY) == INFINITY);
    assert_true(isnan(one(fric__vlog, -1.0)));
    assert_true(isnan(one(fric__vlog, NAN)));
    assert_true(err_ulp(one(fric__vlog, 0x1p-1074), logq((quad_real)0x1p-1074)) <= 1.0);
}

/* pow on the bench's domain: a = |θ̇/θ̇_s| with |θ̇| ≤ 100 rad/s, θ̇_s ≥
 * 0.1 rad/s (a ≤ 1000), α in the fit's box [1, 10] and the presets' 0.76;
 * results above 746 do not matter (the Stribeck factor is then exactly 0)
 * but are checked too where they are finite. Bound: 1 + 2·|y| ulp with
 * y = α·ln a (the rounding of y, amplified by exp; lanes.h). */
static void test_pow(void **state)
{
    (void)state;
    double worst_ratio = 0, worst_small = 0, at_a = 0, at_al = 0;
    for (int i = 0; i < N_RANDOM; i++) {
        double a = exp2(uniform(-30, 10)), al = i % 5 == 0 ? 0.76 : uniform(1, 10);
        if (a > 1000) a = 1000;
        quad_real r = powq((quad_real)a, (quad_real)al);
        if ((double)r > 1e300 || (double)r < 0x1p-1022) continue;
        fric__vd g = fric__vpow(fric__vset(a), fric__vset(al));
        double y = fabs(al * log(a));
        double e = err_ulp(g[0], r);
        double bound = 1 + 2 * y;
        if (e / bound > worst_ratio) { worst_ratio = e / bound; at_a = a; at_al = al; }
        if (y <= 7 && e > worst_small) worst_small = e;   /* results in [1e-3, 1100] */
    }
    printf("pow: max err/(1 + 2|y|) = %.3f (a %.17g, alpha %.17g); max %.3f ulp where |y| <= 7\n",
           worst_ratio, at_a, at_al, worst_small);
    assert_true(worst_ratio <= 1.0);
    fric__vd z = fric__vpow(fric__vset(0.0), fric__vset(2.5));
    assert_true(z[0] == 0.0);
    fric__vd o = fric__vpow(fric__vset(1.0), fric__vset(7.0));
    assert_true(o[0] == 1.0);
}

static void test_sin(void **state)
{
    (void)state;
    worst w = { 0, 0 };
    for (int i = 0; i < N_RANDOM; i++) {
        double x = i % 4 == 0 ? uniform(-4, 4) : i % 4 == 1 ? uniform(-1000, 1000)
                 : i % 4 == 2 ? uniform(-823549, 823549)
                 : (double)(int64_t)uniform(-500000, 500000) * 1.5707963267948966 + uniform(-1e-9, 1e-9);
        note(&w, err_ulp(one(fric__vsin, x), sinq((quad_real)x)), x);
    }
    /* the doubles nearest to multiples of π (the hardest cancellations) */
    for (int k = -100000; k <= 100000; k += 7) {
        double x = (double)k * 3.14159265358979323846;
        if (k) note(&w, err_ulp(one(fric__vsin, x), sinq((quad_real)x)), x);
    }
    printf("sin: max %.3f ulp (at %.17g)\n", w.worst, w.at);
    assert_true(w.worst <= 1.0);
    assert_true(one(fric__vsin, 0.0) == 0.0);
    assert_true(signbit(one(fric__vsin, -0.0)));
    assert_true(isnan(one(fric__vsin, NAN)));
    assert_true(isnan(one(fric__vsin, INFINITY)));
    assert_true(isnan(one(fric__vsin, 1e6)));
    assert_true(!isnan(one(fric__vsin, 823549.0)));
}

/* the helpers the lane kernel masks with */
static void test_helpers(void **state)
{
    (void)state;
    fric__vd x = fric__vset(-2.5);
    assert_true(fric__vabs(x)[0] == 2.5);
    assert_true(fric__vsgn(x)[0] == -1.0 && fric__vsgn(fric__vset(0.0))[0] == 0.0);
    assert_true(fric__vsgn(fric__vset(NAN))[0] == 0.0 && fric__vsgn(fric__vset(3))[0] == 1.0);
    assert_true(!fric__visfinite(fric__vset(INFINITY))[0] && !fric__visfinite(fric__vset(NAN))[0]);
    assert_true(fric__visfinite(fric__vset(1e308))[0] == -1);
    assert_true(fric__vsel(fric__vset(1.0) > 0, x, fric__vset(7))[0] == -2.5);
    assert_true(!fric__vany(fric__vset(1.0) < 0) && fric__vany(fric__vset(1.0) > 0));
}

FRIC_TEST_MAIN(cmocka_unit_test(test_exp), cmocka_unit_test(test_log), cmocka_unit_test(test_pow),
               cmocka_unit_test(test_sin), cmocka_unit_test(test_helpers))
