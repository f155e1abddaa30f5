/*
 * test_lambert_w.c: fric_lambert_w0 against independent references.
 *
 * Two references, neither of which calls the code under test:
 *   - w0_ref.h, a table written by tests/ref/gen_w0_ref.py with mpmath
 *     (60 digits, stored as double-double), grouped by regime;
 *   - ref_w0() below, a binary128 (libquadmath) Halley iteration on
 *     w·e^w − x = 0 run to ~1e-26 relative or better, used for the ladders
 *     and the random points (~1.4 million, fixed seed).
 * ref_w0 is itself checked against the mpmath table (REF_AGREE_ULP).
 *
 * The error is measured in ulp of the true value (the spacing of doubles at
 * |W0(x)|, subnormal spacing below DBL_MIN) and must stay within
 * W0_MAX_ULP everywhere on [−1/e, +inf), and within W0_P_MAX_ULP on
 * (−1/e, 2^-8), the branch-free pieces in p. The maximum per regime is
 * printed.
 */
#include "test_main.h"

#include <float.h>
#include <math.h>
#include <quadmath.h>
#include <stdio.h>

#include "friction.h"
#include "w0_ref.h"

/* The documented accuracy (friction.h): at most 4 ulp. */
#define W0_MAX_ULP 4.0
/* The bound stated for the branch-free p pieces, x in (-1/e, 2^-8)
 * (lambert_w.c; measured 1.6): the range Phi_Z's Stribeck closed form uses. */
#define W0_P_MAX_ULP 2.0
#define P_RANGE(x) ((x) > XMIN && (x) < 0x1p-8)
/* ref_w0 must agree with the mpmath table to this many ulp of a double. */
#define REF_AGREE_ULP 1e-6

__extension__ typedef __float128 qreal;

/* The double nearest −1/e; it lies just below −1/e. */
#define XMIN (-0x1.78b56362cef38p-2)
#define E_D 0x1.5bf0a8b145769p+1    /* e rounded to double */
#define LN2_D 0x1.62e42fefa39efp-1  /* ln 2 rounded to double */

/* ----------------------------------------------------------- reference */

static qreal q_inv_e;   /* 1/e to binary128 precision */
static qreal q_e;       /* e */

static void q_init(void)
{
    q_inv_e = strtoflt128("0.367879441171442321595523770161460867445811131031767834507836801697", NULL);
    q_e = strtoflt128("2.71828182845904523536028747135266249775724709369995957496696762772", NULL);
}

/* Plain integer ratios in binary128 (no Q-suffixed literals: -Wpedantic). */
#define QR(a, b) ((qreal)(a) / (qreal)(b))

/* Principal W0 in binary128. A start from the series at 0, at −1/e (in
 * p = sqrt(2(e x + 1)), Corless et al. 1996 eq. 4.22) or at infinity, a few
 * Halley steps in double, then Halley steps on f(w) = w·e^w − x in binary128
 * (about 1e-26 relative next to −1/e, where the residual cancels, and
 * 1e-31 elsewhere). */
static qreal ref_w0(double xd)
{
    qreal x = xd;
    if (xd == 0.0)
        return x;
    if (fabsq(x) < (qreal)1e-12) {
        /* W = x − x² + 3/2 x³ − 8/3 x⁴ + 125/24 x⁵ − ..., error ~x⁶ */
        return x * (1 - x * (1 - x * (QR(3, 2) - x * (QR(8, 3) - x * QR(125, 24)))));
    }
    qreal w;
    qreal d = x + q_inv_e;             /* exact enough: x is a double */
    if (d < 0)
        return nanq("");
    if (x < 0) {
        qreal p = sqrtq(2 * q_e * d);
        if (p < 1) {
            /* Corless et al. (1996) eq. 4.22 */
            w = -1 + p * (1 + p * (-QR(1, 3) + p * (QR(11, 72) + p * (-QR(43, 540)
                + p * (QR(769, 17280) + p * -QR(221, 8505))))));
            if (p < (qreal)1e-5)
                return w;      /* truncation ~ p^7 < 1e-35 */
        } else {
            w = x * (1 - x * (1 - QR(3, 2) * x));
        }
    } else if (x < 3) {
        w = log1pq(x) * (1 - (qreal)0.15 * log1pq(x));
    } else {
        qreal l1 = logq(x), l2 = logq(l1);
        w = l1 - l2 + l2 / l1;
    }
    /* Halley in double first (cheap; only a better start), then in
     * binary128. Halley converges cubically: once a binary128 step is below
     * 1e-14 |w| (and w is not within 1e-2 of the branch point, where the
     * constant grows like 1/(1+w)^2) the next error is below ~1e-38. */
    double wd = (double)w;
    for (int i = 0; i < 3 && wd > -0.99; ++i) {
        double ew = exp(wd), f = wd * ew - xd, wp1 = wd + 1;
        wd -= f / (ew * wp1 - (wd + 2) * f / (2 * wp1));
    }
    if (wd > -0.99 && isfinite(wd))
        w = wd;
    for (int i = 0; i < 100; ++i) {
        qreal ew = expq(w);
        qreal f = w * ew - x;
        qreal wp1 = w + 1;
        qreal dw = f / (ew * wp1 - (w + 2) * f / (2 * wp1));
        w -= dw;
        if (fabsq(dw) <= (qreal)1e-31 * fabsq(w))
            break;
        if (fabsq(dw) <= (qreal)1e-14 * fabsq(w) && wp1 > (qreal)1e-2)
            break;
    }
    return w;
}

/* |got − t| in ulp of the double nearest the true value t. */
static double ulp_err_q(qreal got, qreal t)
{
    if (isnanq(t))
        return isnanq(got) ? 0.0 : INFINITY;
    if (isnanq(got))
        return INFINITY;
    if (t == 0)
        return got == 0 ? 0.0 : INFINITY;
    int e = ilogbq(t);
    if (e < DBL_MIN_EXP - 1)
        e = DBL_MIN_EXP - 1;
    qreal ulp = ldexpq(1, e - (DBL_MANT_DIG - 1));
    return (double)(fabsq(got - t) / ulp);
}

static double ulp_err(double got, qreal t)
{
    return ulp_err_q(got, t);
}

/* ------------------------------------------------------- random inputs */

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;

static uint64_t rng_u64(void)
{
    uint64_t x = rng_state;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    rng_state = x;
    return x * 0x2545f4914f6cdd1dull;
}

static double rng_unit(void)
{
    return (double)(rng_u64() >> 11) * 0x1p-53;
}

static double rng_range(double lo, double hi)
{
    return lo + (hi - lo) * rng_unit();
}

static double rng_log(double lo, double hi)
{
    return exp(rng_range(log(lo), log(hi)));
}

/* --------------------------------------------------------------- checks */

typedef struct {
    double max_ulp;
    double worst_x;
    long n;
    long n_bad;
} stat;

static void stat_add(stat *s, double x, double e)
{
    s->n++;
    if (!(e <= s->max_ulp)) {   /* e is never NaN: ulp_err gives +inf */
        s->max_ulp = e;
        s->worst_x = x;
    }
}

static void check_point(stat *s, double x, qreal t)
{
    double w = fric_lambert_w0(x);
    double e = ulp_err(w, t);
    stat_add(s, x, e);
    if (!(e <= (P_RANGE(x) ? W0_P_MAX_ULP : W0_MAX_ULP)) && s->n_bad++ < 10)
        print_message("  x = %a (%.17g): got %a, want %.21g, %.3g ulp\n",
                      x, x, w, (double)t, e);
}

static void report(const char *regime, const stat *s)
{
    print_message("  %-32s %9ld points, max %.3f ulp at x = %a\n",
                  regime, s->n, s->max_ulp, s->worst_x);
    assert_true(s->max_ulp <= W0_MAX_ULP);
    assert_true(s->n_bad == 0);   /* W0_P_MAX_ULP on (-1/e, 2^-8) */
}

static qreal table_value(const w0_ref_row *r)
{
    return (qreal)r->w_hi + (qreal)r->w_lo;
}

static void check_table(const char *regime, const w0_ref_row *rows, size_t n)
{
    stat s = {0, 0, 0, 0}, agree = {0, 0, 0, 0};
    for (size_t i = 0; i < n; ++i) {
        qreal t = table_value(&rows[i]);
        check_point(&s, rows[i].x, t);
        /* the binary128 reference must agree with mpmath */
        stat_add(&agree, rows[i].x, ulp_err_q(ref_w0(rows[i].x), t));
    }
    char name[64];
    snprintf(name, sizeof name, "table %s", regime);
    report(name, &s);
    if (!(agree.max_ulp <= REF_AGREE_ULP))
        print_message("  ref_w0 disagrees with mpmath at %a: %g ulp\n", agree.worst_x, agree.max_ulp);
    assert_true(agree.max_ulp <= REF_AGREE_ULP);
}

#define CHECK_TABLE(name) check_table(#name, w0_ref_##name, sizeof w0_ref_##name / sizeof w0_ref_##name[0])

static void test_table(void **state)
{
    (void)state;
    CHECK_TABLE(branch);
    CHECK_TABLE(bulk);
    CHECK_TABLE(near0);
    CHECK_TABLE(pos);
    CHECK_TABLE(big);
}

static void test_special(void **state)
{
    (void)state;
    /* the double nearest −1/e lies below −1/e and maps to exactly −1 */
    assert_true((qreal)XMIN < -q_inv_e);
    assert_true((qreal)nextafter(XMIN, 0.0) > -q_inv_e);
    assert_true(fric_lambert_w0(XMIN) == -1.0);
    assert_true(isnan(fric_lambert_w0(nextafter(XMIN, -INFINITY))));
    assert_true(isnan(fric_lambert_w0(-0.5)));
    assert_true(isnan(fric_lambert_w0(-1.0)));
    assert_true(isnan(fric_lambert_w0(-DBL_MAX)));
    assert_true(isnan(fric_lambert_w0(-INFINITY)));
    assert_true(isnan(fric_lambert_w0(NAN)));
    assert_true(isnan(fric_lambert_w0(-NAN)));
    assert_true(fric_lambert_w0(INFINITY) == INFINITY);
    double z = fric_lambert_w0(0.0);
    assert_true(z == 0.0 && !signbit(z));
    z = fric_lambert_w0(-0.0);
    assert_true(z == 0.0 && signbit(z));
    /* the smallest subnormal: W0(x) = x − x² rounds to x */
    assert_true(fric_lambert_w0(0x1p-1074) == 0x1p-1074);
    assert_true(fric_lambert_w0(-0x1p-1074) == -0x1p-1074);
    assert_true(fric_lambert_w0(DBL_MIN) == DBL_MIN);
    /* W0(e) = 1, W0(−ln2/2) = −ln 2 (not exact inputs: within tolerance) */
    stat s = {0, 0, 0, 0};
    check_point(&s, E_D, ref_w0(E_D));
    check_point(&s, 0.0, 0);
    assert_true(s.max_ulp <= W0_MAX_ULP);
    assert_true(fabs(fric_lambert_w0(E_D) - 1.0) <= 2 * DBL_EPSILON);
    assert_true(fabs(fric_lambert_w0(-LN2_D / 2) + LN2_D) <= 2 * DBL_EPSILON);
    /* large finite x stays finite */
    assert_true(isfinite(fric_lambert_w0(DBL_MAX)));
}

/* The nextafter ladder above the double nearest −1/e. */
static void test_branch_steps(void **state)
{
    (void)state;
    stat s = {0, 0, 0, 0};
    double x = XMIN;
    for (int i = 0; i < 20000; ++i) {
        x = nextafter(x, 0.0);
        check_point(&s, x, ref_w0(x));
    }
    /* then ulp steps multiplied by 1.01 out to ~1e-3 */
    for (double k = 20000; k < 1e14; k *= 1.01) {
        x = XMIN + k * 0x1p-54;
        check_point(&s, x, ref_w0(x));
    }
    report("branch: nextafter steps", &s);
}

typedef double (*sampler)(void);

static double smp_branch(void) { return XMIN + rng_log(1e-17, 1e-3); }
static double smp_branch_wide(void) { return rng_range(XMIN, -0.25); }
static double smp_bulk(void) { return rng_range(-0.3, 3.0); }
static double smp_neg(void) { return rng_range(XMIN, 0.0); }
static double smp_near0(void)
{
    /* log-uniform |x| in [2^-1074, 1e-3], both signs */
    double a = rng_unit() < 0.1 ? ldexp(rng_unit(), -1022) : rng_log(DBL_MIN, 1e-3);
    return (rng_u64() & 1) ? a : -a;
}
static double smp_small(void)
{
    double a = rng_log(1e-3, 0.5);
    return (rng_u64() & 1) ? a : -a * 0.73;
}
static double smp_pos(void) { return rng_range(3.0, 1000.0); }
static double smp_poslog(void) { return rng_log(0.1, 1000.0); }
static double smp_big(void) { return rng_log(1000.0, DBL_MAX); }

static void random_regime(const char *name, sampler f, long n)
{
    stat s = {0, 0, 0, 0};
    for (long i = 0; i < n; ++i) {
        double x = f();
        if (x <= XMIN)
            continue;       /* XMIN itself: test_special */
        check_point(&s, x, ref_w0(x));
    }
    report(name, &s);
}

/* Points per random regime; ~1.3e6 in all (a tenth under the sanitizers:
 * FRIC_TEST_SHORT, test_main.h). */
#define N_RANDOM FRIC_TEST_SHORT(150000L, 10)

static void test_random(void **state)
{
    (void)state;
    random_regime("random near -1/e (1e-17..1e-3)", smp_branch, N_RANDOM);
    random_regime("random [-1/e, -0.25]", smp_branch_wide, N_RANDOM);
    random_regime("random [-1/e, 0)", smp_neg, N_RANDOM);
    random_regime("random bulk [-0.3, 3]", smp_bulk, N_RANDOM);
    random_regime("random near 0 (|x| <= 1e-3)", smp_near0, N_RANDOM);
    random_regime("random 1e-3 <= |x| <= 0.5", smp_small, N_RANDOM);
    random_regime("random [3, 1000]", smp_pos, N_RANDOM);
    random_regime("random log [0.1, 1000]", smp_poslog, N_RANDOM);
    random_regime("random (1000, DBL_MAX]", smp_big, N_RANDOM);
}

/* Ladders of 16 consecutive doubles around every power of two (both signs)
 * and a few other points where a piecewise method would switch pieces. */
static void ladder(stat *s, double b)
{
    double x = b;
    for (int i = 0; i < 8; ++i)
        x = nextafter(x, -INFINITY);
    for (int i = 0; i < 16; ++i, x = nextafter(x, INFINITY))
        if (x > XMIN)
            check_point(s, x, ref_w0(x));
}

static void test_edges(void **state)
{
    (void)state;
    stat s = {0, 0, 0, 0};
    for (int k = -30; k <= 12; ++k) {
        ladder(&s, ldexp(1.0, k));
        ladder(&s, -ldexp(1.0, k));
    }
    for (int i = 0; i < 16; ++i)          /* -0.375 .. -0.25 by 1/128 */
        ladder(&s, -0.375 + i / 128.0);
    for (int i = 1; i < 16; ++i)          /* p = sqrt(2(e x + 1)) = i/20 */
        ladder(&s, (0.5 * (i / 20.0) * (i / 20.0) - 1.0) / E_D);
    ladder(&s, -0.1875);
    ladder(&s, 1000.0);
    report("edges (powers of two, ...)", &s);
}

static int setup(void **state)
{
    (void)state;
    q_init();
    return 0;
}

FRIC_TEST_MAIN_SETUP(setup, cmocka_unit_test(test_special),
                            cmocka_unit_test(test_table),
                            cmocka_unit_test(test_branch_steps),
                            cmocka_unit_test(test_edges),
                            cmocka_unit_test(test_random))
