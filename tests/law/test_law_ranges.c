/*
 * test_law_ranges.c: the accepted ranges of a law and its Z (friction.h):
 * stated, enforced by fric_law_check with one message per
 * condition naming the field and the range, and never NaN from an accepted
 * set.
 *
 *  - the fuzzer's reproducers (subnormal Z, vs = Z = DBL_MIN, vs = DBL_MAX,
 *    vs = 1e-300 with Z = DBL_MIN, the 2-D transform at Z = 1.26e-321) are
 *    refused, each naming its field and range;
 *  - the range edges themselves are accepted (closed ranges);
 *  - property checks (not a reference comparison): over a grid of every
 *    field at its range edges and between (forces down to the subnormal
 *    DBL_TRUE_MIN; Fs of Stribeck and rational from 1e-50), and x over all magnitudes to ±DBL_MAX, every accepted
 *    set gives no NaN from fric_phi, fric_phi_z, fric_plan_phi_z and
 *    fric_phi_z_2d, the sign of x, and |Φ_Z(x)| <= Φ(+0) (to 4 ulp) when
 *    D = 0 (Kikuuwe Theorem 1: the transform never exceeds the static
 *    level without viscosity; plus 4 subnormal ulps for a subnormal Fc, the
 *    spacing of the numbers there); the same on 200000 log-uniform random sets.
 */
#include "test_main.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "friction.h"

static fric_law law(fric_kind k, double Fs, double Fc, double vs, double D, double alpha)
{
    fric_law L = { k, Fs, Fc, vs, D, alpha };
    return L;
}

/* Refused with FRIC_E_PARAM_RANGE, fric_status_last().param = field, and a
 * message naming the field and the range's bounds. */
static void expect_range(const fric_law *L, double Z, int field, const char *lo, const char *hi)
{
    const char *why = NULL;
    int rc = fric_law_check(L, Z, &why);
    print_message("  %s\n", why);
    assert_int_equal(rc, FRIC_E_PARAM_RANGE);
    assert_int_equal(fric_status_last().param, field);
    char name[32];
    snprintf(name, sizeof name, "%s = ", fric_law_field_names[field]);
    assert_true(strncmp(why, name, strlen(name)) == 0);
    assert_non_null(strstr(why, lo));
    assert_non_null(strstr(why, hi));
    /* the plan agrees and evaluates to NaN, never a number */
    fric_plan p;
    assert_int_equal(fric_plan_init(&p, L, Z, NULL), rc);
    assert_true(isnan(fric_plan_phi_z(&p, 1.0)));
    assert_true(isnan(fric_phi_z(L, Z, 1.0)));
}

static void test_reproducers_refused(void **state)
{
    (void)state;
    fric_law s = law(FRIC_STRIBECK, 2.5, 0.4, 0.06, 4.5, 1);
    expect_range(&s, 4.94e-324, FRIC_LAW_Z, "1e-50", "1e+50");
    fric_law r = law(FRIC_RATIONAL, 2.5, 0.4, DBL_MIN, 4.5, 1);
    expect_range(&r, DBL_MIN, FRIC_LAW_VS, "1e-50", "1e+50");
    r.vs = DBL_MAX;
    expect_range(&r, 1e-3, FRIC_LAW_VS, "1e-50", "1e+50");
    assert_true(isnan(fric_phi(&r, 1.0)));
    s.vs = 1e-300;
    expect_range(&s, DBL_MIN, FRIC_LAW_VS, "1e-50", "1e+50");
    fric_law cv = law(FRIC_COULOMB_VISCOUS, 0, 1, 0, 0.5, 0);
    expect_range(&cv, 1.26e-321, FRIC_LAW_Z, "1e-50", "1e+50");
    double x[2] = { 1, 2 }, y[2];
    assert_int_equal(fric_phi_z_2d(&cv, 1.26e-321, x, y), FRIC_E_PARAM_RANGE);
    assert_true(isnan(y[0]) && isnan(y[1]));
    /* one message per field */
    fric_law b = law(FRIC_STRIBECK, 2e50, 0.4, 0.06, 0, 1);
    expect_range(&b, 1e-3, FRIC_LAW_FS, "1e-50", "1e+50");
    b = law(FRIC_STRIBECK, 2e51, 1e51, 0.06, 0, 1);
    expect_range(&b, 1e-60, FRIC_LAW_FS, "1e-50", "1e+50");
    b = law(FRIC_RATIONAL, 1e-300, 0, 1, 0, 0);     /* Fs − Fc would make vs·(Fs − Fc) subnormal */
    expect_range(&b, 1e-3, FRIC_LAW_FS, "1e-50", "1e+50");
    b = law(FRIC_COULOMB_VISCOUS, 0, 1e51, 0, 0, 0);
    expect_range(&b, 1e-3, FRIC_LAW_FC, "0", "1e+50");
    b = law(FRIC_COULOMB_VISCOUS, 0, 1, 0, 1e51, 0);
    expect_range(&b, 1e-3, FRIC_LAW_D, "0", "1e+50");
    b = law(FRIC_STRIBECK, 2.5, 0.4, 0.06, 4.5, 1001);
    expect_range(&b, 1e-3, FRIC_LAW_ALPHA, "1", "1000");
    b = law(FRIC_STRIBECK, 2.5, 0.4, 1e51, 4.5, 2);
    expect_range(&b, 1e-3, FRIC_LAW_VS, "1e-50", "1e+50");
    b = law(FRIC_COULOMB_VISCOUS, 0, 1, 0, 0, 0);
    expect_range(&b, 2e50, FRIC_LAW_Z, "1e-50", "1e+50");
    /* Z·Fc below DBL_MIN (the static band's edge loses its digits) */
    b = law(FRIC_COULOMB_VISCOUS, 0, 1e-300, 0, 0, 0);
    expect_range(&b, 1e-20, FRIC_LAW_FC, "DBL_MIN", "DBL_MIN/Z");
    /* fric_law_check_params applies the same ranges without Z */
    b = law(FRIC_RATIONAL, 2.5, 0.4, 1e-51, 0, 0);
    assert_int_equal(fric_law_check_params(&b, NULL), FRIC_E_PARAM_RANGE);
    assert_int_equal(fric_status_last().param, FRIC_LAW_VS);
}

static void test_edges_accepted(void **state)
{
    (void)state;
    fric_law cv = law(FRIC_COULOMB_VISCOUS, 0, FRIC_LAW_MAX, 0, FRIC_LAW_MAX, 0);
    assert_int_equal(fric_law_check(&cv, FRIC_LAW_SCALE_MIN, NULL), 0);
    assert_int_equal(fric_law_check(&cv, FRIC_LAW_SCALE_MAX, NULL), 0);
    fric_law s = law(FRIC_STRIBECK, FRIC_LAW_MAX, 0, FRIC_LAW_SCALE_MAX, 0, FRIC_LAW_ALPHA_MAX);
    assert_int_equal(fric_law_check(&s, FRIC_LAW_SCALE_MIN, NULL), 0);
    fric_law r = law(FRIC_RATIONAL, 0.5, 0, FRIC_LAW_SCALE_MIN, 0, 0);  /* Z·m = 0.5 */
    assert_int_equal(fric_law_check(&r, FRIC_LAW_SCALE_MIN, NULL), 0);
}

typedef struct { long sets, accepted, points; } tally;

static void check_set(const fric_law *L, double Z, tally *t)
{
    t->sets++;
    if (fric_law_check(L, Z, NULL)) return;
    t->accepted++;
    static const double X[] = { 0, DBL_TRUE_MIN, DBL_MIN, 1e-300, 1e-200, 1e-100, 1e-50,
                                1e-3, 0.7, 1, 1e50, 1e100, 1e200, 1e300, DBL_MAX };
    const double P0 = fric_phi_plus0(L);
    fric_plan plan;
    assert_int_equal(fric_plan_init(&plan, L, Z, NULL), 0);
    for (size_t i = 0; i < sizeof X / sizeof X[0]; i++)
        for (int sg = -1; sg <= 1; sg += 2) {
            const double x = sg * X[i];
            const double y = fric_phi_z(L, Z, x), yp = fric_plan_phi_z(&plan, x);
            const double ph = fric_phi(L, x);
            t->points++;
            int ok = !isnan(y) && !isnan(ph) && !isnan(yp) && !(x != 0 && y * sg < 0) &&
                     !(L->D == 0 && !(fabs(y) <= P0 * (1 + 4 * DBL_EPSILON) + 4 * DBL_TRUE_MIN));
            if (L->kind == FRIC_COULOMB_VISCOUS) {
                double xx[2] = { x, 0.5 * x }, yy[2];
                ok = ok && fric_phi_z_2d(L, Z, xx, yy) == 0 && !isnan(yy[0]) && !isnan(yy[1]) &&
                     !(L->D == 0 && !(hypot(yy[0], yy[1]) <= P0 * (1 + 8 * DBL_EPSILON) + 4 * DBL_TRUE_MIN));
            }
            if (!ok)
                fail_msg("kind=%d Fs=%.17g Fc=%.17g vs=%.17g D=%.17g alpha=%.17g Z=%.17g "
                         "x=%.17g: y=%g plan=%g phi=%g Phi(+0)=%g", (int)L->kind, L->Fs, L->Fc,
                         L->vs, L->D, L->alpha, Z, x, y, yp, ph, P0);
        }
}

static void test_grid_never_nan(void **state)
{
    (void)state;
    static const double F[] = { 0, DBL_TRUE_MIN, 1e-300, 1e-50, 1e-3, 1, 1e50 };
    static const double V[] = { 1e-50, 1e-20, 1e-3, 1, 1e20, 1e50 };
    static const double A[] = { 1, 1.5, 2, 3, 10, 1000 };
    const int nF = 7, nV = 6, nA = 6;
    tally t = { 0, 0, 0 };
    for (int k = 0; k < 3; k++)
        for (int a = 0; a < nF; a++)
            for (int b = 0; b < nF; b++)
                for (int d = 0; d < nF; d++)
                    for (int v = 0; v < nV; v++)
                        for (int z = 0; z < nV; z++)
                            for (int al = 0; al < nA; al++) {
                                if (k != FRIC_STRIBECK && al > 0) continue;
                                if (k == FRIC_COULOMB_VISCOUS && (v > 0 || a > 0)) continue;
                                fric_law L = law((fric_kind)k, F[a], F[b], V[v], F[d], A[al]);
                                check_set(&L, V[z], &t);
                            }
    print_message("property: %ld grid sets, %ld accepted, %ld points: no NaN, sign kept, "
                  "|y| <= Phi(+0) when D = 0\n", t.sets, t.accepted, t.points);
    assert_true(t.accepted > 10000);
}

/* xorshift64*, deterministic */
static uint64_t rng_s = 0x9E3779B97F4A7C15u;
static double urand(void)
{
    rng_s ^= rng_s >> 12;
    rng_s ^= rng_s << 25;
    rng_s ^= rng_s >> 27;
    return (double)((rng_s * 2685821657736338717u) >> 11) * 0x1p-53;
}
static double logu(double lo, double hi) { return exp(log(lo) + (log(hi) - log(lo)) * urand()); }

static void test_random_never_nan(void **state)
{
    (void)state;
    tally t = { 0, 0, 0 };
    for (int i = 0; i < 200000; i++) {
        fric_kind k = (fric_kind)(i % 3);
        double Fc = urand() < 0.2 ? 0 : logu(1e-320, 1e50);
        double Fs = urand() < 0.5 ? Fc + logu(1e-320, 1e50) : Fc * (1 + urand());
        double D = urand() < 0.3 ? 0 : logu(1e-320, 1e50);
        double vs = logu(1e-50, 1e50), alpha = urand() < 0.3 ? 1 : logu(1, 1000);
        double Z = logu(1e-50, 1e50);
        fric_law L = law(k, Fs, Fc, vs, D, alpha);
        check_set(&L, Z, &t);
    }
    print_message("property: %ld random sets, %ld accepted, %ld points: no NaN, sign kept, "
                  "|y| <= Phi(+0) when D = 0\n", t.sets, t.accepted, t.points);
    assert_true(t.accepted > 50000);
}

FRIC_TEST_MAIN(cmocka_unit_test(test_reproducers_refused),
               cmocka_unit_test(test_edges_accepted),
               cmocka_unit_test(test_grid_never_nan),
               cmocka_unit_test(test_random_never_nan))
