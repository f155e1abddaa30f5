/*
 * test_eval.c: fric_law_eval, the law, its transforms and a look-up table at
 * n points, against values computed here independently:
 *   - the Coulomb-viscous law Φ(v) = sgn(v)·Fc + D·v (Kikuuwe eq. 24), its
 *     exact transform in closed form (Kikuuwe eq. 25: x/Z in the band
 *     |x| <= Z·Fc, else sgn(x)·(Fc + D·|x|)/(1 + Z·D)) and Kikuuwe's
 *     approximation (eq. 46: Φ(x) where |x/Z| > |Φ(x)|, else x/Z), at
 *     finite x up to half of DBL_MAX/D;
 *   - the Stribeck law (Cisneros Figs. 3-4): Φ_Z(x) solves y = Φ(x − Z·y)
 *     (Kikuuwe Theorem 1, eq. 16), checked as a residual;
 *   - a table of that law and the exact Φ_Z agree within the table's tol;
 *   - an x whose result exceeds DBL_MAX is refused for every kind of
 *     evaluation: FRIC_E_NONFINITE, parameter FRIC_LAW_D (FRIC_LAW_Z for
 *     Φ̂_Z with Z·D > 1), a message naming x[i] and that parameter, the
 *     points before it written and the rest untouched; a Φ of D·x =
 *     1.01·DBL_MAX is refused, DBL_MAX/2 is a value, and Φ_Z at that
 *     1.01·DBL_MAX/D is a value (D·|x|/(1 + Z·D) < DBL_MAX);
 *   - the other refusals of friction.h: what, NULL pointers, a non-finite
 *     x, an invalid law and Z (fric_law_check's status and field), each
 *     recorded also with why = NULL.
 */
#include "test_main.h"

#include <float.h>
#include <math.h>
#include <string.h>

#include "friction.h"
#include "status_expect.h"

#define N_MAX 2100
#define ULP_REL (4 * DBL_EPSILON)   /* a few roundings apart */

static const fric_law CV = { FRIC_COULOMB_VISCOUS, 0, 1.5, 0, 4.5, 1 };   /* Fc 1.5 N, D 4.5 N·s/m */
#define CV_Z 0.01                                                         /* [m/(N·s)] */
/* Cisneros Figs. 3-4; Z = 1/(K·T + B), K 5000 N/m, T 1e-3 s, B 50 N·s/m */
static const fric_law PAPER = { FRIC_STRIBECK, 2.5, 0.4, 0.06, 4.5, 1.0 };
#define PAPER_Z (1.0 / (5000.0 * 1e-3 + 50.0))

static double sgn(double v) { return (v > 0) - (v < 0); }

/* Kikuuwe eq. 24 */
static double cv_phi(double Fc, double D, double v) { return sgn(v) * Fc + D * v; }
/* Kikuuwe eq. 25 */
static double cv_phi_z(double Fc, double D, double Z, double x)
{
    if (fabs(x) <= Z * Fc) return x / Z;
    return sgn(x) * (Fc + D * fabs(x)) / (1 + Z * D);
}
/* Kikuuwe eq. 46 */
static double cv_approx(double Fc, double D, double Z, double x)
{
    double phi = cv_phi(Fc, D, x);
    return fabs(x / Z) > fabs(phi) ? phi : x / Z;
}

static void assert_close(double got, double want, double rel, const char *what, double x)
{
    if (!(fabs(got - want) <= rel * fabs(want) + DBL_MIN))
        fail_msg("%s at x = %.17g: %.17g, expected %.17g", what, x, got, want);
}

static int xs_cv(double *x)
{
    /* finite points of every size, the band edge ±Z·Fc, and half of DBL_MAX/D */
    const double big = 0.5 * DBL_MAX / CV.D;
    const double pts[] = { 0.0, -0.0, 1e-300, -1e-300, 1e-3, -1e-3, CV_Z * CV.Fc, -CV_Z * CV.Fc,
                           0.1, -0.1, 2.0, -2.0, 1e10, -1e10, 1e300, -1e300, big, -big };
    int n = (int)(sizeof pts / sizeof pts[0]);
    memcpy(x, pts, sizeof pts);
    return n;
}

static void test_coulomb_viscous_closed_forms(void **state)
{
    (void)state;
    double x[32], y[32];
    const char *why = NULL;
    const int n = xs_cv(x);
    assert_int_equal(fric_law_eval(FRIC_EVAL_PHI, &CV, NAN, NULL, x, y, (size_t)n, &why), FRIC_OK);
    assert_string_equal(why, "");
    for (int i = 0; i < n; i++) assert_close(y[i], cv_phi(CV.Fc, CV.D, x[i]), ULP_REL, "Φ", x[i]);
    assert_int_equal(fric_law_eval(FRIC_EVAL_PHI_Z, &CV, CV_Z, NULL, x, y, (size_t)n, &why), FRIC_OK);
    for (int i = 0; i < n; i++) assert_close(y[i], cv_phi_z(CV.Fc, CV.D, CV_Z, x[i]), ULP_REL, "Φ_Z", x[i]);
    assert_int_equal(fric_law_eval(FRIC_EVAL_APPROX, &CV, CV_Z, NULL, x, y, (size_t)n, &why), FRIC_OK);
    for (int i = 0; i < n; i++) assert_close(y[i], cv_approx(CV.Fc, CV.D, CV_Z, x[i]), ULP_REL, "Φ̂_Z", x[i]);
    /* a Coulomb-viscous table evaluates the closed form too */
    fric_lut *lut = fric_lut_create(&CV, CV_Z, 1e-9, NULL);
    assert_non_null(lut);
    assert_int_equal(fric_law_eval(FRIC_EVAL_LUT, NULL, 0, lut, x, y, (size_t)n, &why), FRIC_OK);
    for (int i = 0; i < n; i++) assert_close(y[i], cv_phi_z(CV.Fc, CV.D, CV_Z, x[i]), ULP_REL, "table", x[i]);
    fric_lut_destroy(lut);
}

/* Φ_Z of the paper's Stribeck law: y = Φ(x − Z·y) (Kikuuwe eq. 16), and the
 * same bits as fric_phi_z; Φ and Φ̂_Z as their one-point functions. */
static void test_stribeck_theorem_1(void **state)
{
    (void)state;
    static double x[N_MAX], y[N_MAX], p[N_MAX], a[N_MAX];
    const int n = 2001;
    for (int i = 0; i < n; i++) x[i] = -1 + 2.0 * i / (n - 1);
    assert_int_equal(fric_law_eval(FRIC_EVAL_PHI_Z, &PAPER, PAPER_Z, NULL, x, y, (size_t)n, NULL), FRIC_OK);
    assert_int_equal(fric_law_eval(FRIC_EVAL_PHI, &PAPER, PAPER_Z, NULL, x, p, (size_t)n, NULL), FRIC_OK);
    assert_int_equal(fric_law_eval(FRIC_EVAL_APPROX, &PAPER, PAPER_Z, NULL, x, a, (size_t)n, NULL), FRIC_OK);
    for (int i = 0; i < n; i++) {
        assert_true(y[i] == fric_phi_z(&PAPER, PAPER_Z, x[i]));
        assert_true(p[i] == fric_phi(&PAPER, x[i]));
        assert_true(a[i] == fric_phi_z_approx(&PAPER, PAPER_Z, x[i]));
        const double v = x[i] - PAPER_Z * y[i];
        if (fabs(x[i]) <= PAPER_Z * PAPER.Fs) {
            assert_close(y[i], x[i] / PAPER_Z, ULP_REL, "static band x/Z", x[i]);   /* eq. 16, v = 0 */
        } else {
            /* the slip v has the sign of x and y = Φ(v), to the rounding of v */
            assert_true(v * x[i] > 0);
            assert_close(y[i], fric_phi(&PAPER, v), 1e-12, "y = Φ(x − Z·y)", x[i]);
        }
    }
}

/* A table and the exact Φ_Z agree within the table's tol, all through fric_law_eval. */
static void test_table_within_tol(void **state)
{
    (void)state;
    static double x[N_MAX], yt[N_MAX], ye[N_MAX];
    const double tol = 1e-9 * PAPER.Fs;
    fric_lut *lut = fric_lut_create(&PAPER, PAPER_Z, tol, NULL);
    assert_non_null(lut);
    const int n = 2001;
    for (int i = 0; i < n; i++) x[i] = -2 + 4.0 * i / (n - 1);
    x[0] = PAPER_Z * PAPER.Fs;                /* the band edge */
    x[1] = nextafter(x[0], INFINITY);
    x[2] = -x[1];
    x[3] = 1e300;
    assert_int_equal(fric_law_eval(FRIC_EVAL_LUT, NULL, 0, lut, x, yt, (size_t)n, NULL), FRIC_OK);
    assert_int_equal(fric_law_eval(FRIC_EVAL_PHI_Z, &PAPER, PAPER_Z, NULL, x, ye, (size_t)n, NULL), FRIC_OK);
    double worst = 0;
    for (int i = 0; i < n; i++) {
        worst = fmax(worst, fabs(yt[i] - ye[i]));
        if (!(fabs(yt[i] - ye[i]) <= tol))
            fail_msg("table at x = %.17g: %.17g, exact %.17g, beyond tol %g", x[i], yt[i], ye[i], tol);
    }
    print_message("   table vs exact Φ_Z over %d points: largest difference %.3g N (tol %.3g N)\n", n,
                  worst, tol);
    fric_lut_destroy(lut);
}

/* A result beyond DBL_MAX: refused by every kind, naming x[i] and the
 * parameter that scales it; the points before it written, the rest untouched. */
static void test_overflow_refused(void **state)
{
    (void)state;
    const char *why = NULL;
    const double x[3] = { 0.1, -0.9 * DBL_MAX, 0.2 };  /* D·|x| = 4.05·DBL_MAX */
    fric_lut *lut = fric_lut_create(&CV, CV_Z, 1e-9, NULL);
    fric_lut *plut = fric_lut_create(&PAPER, PAPER_Z, 1e-9, NULL);
    assert_non_null(lut);
    assert_non_null(plut);
    for (int what = 0; what < FRIC_EVAL_COUNT; what++) {
        for (int k = 0; k < 2; k++) {
            const fric_law *law = k ? &PAPER : &CV;
            const double Z = k ? PAPER_Z : CV_Z;        /* Z·D < 1: D scales Φ̂_Z too */
            double y[3] = { -7, -7, -7 };
            REFUSE(fric_law_eval((fric_eval_what)what, law, Z, k ? plut : lut, x, y, 3, &why),
                   FRIC_E_NONFINITE, FRIC_LAW_D, "x[1] = -1.61792e+308 m/s");
            assert_ptr_equal(why, fric_status_last().message);
            assert_non_null(strstr(why, "smaller D (now 4.5 N·s/m)"));
            assert_non_null(strstr(why, "= -inf N"));
            const double y0 = what == FRIC_EVAL_PHI    ? fric_phi(law, 0.1)
                            : what == FRIC_EVAL_PHI_Z  ? fric_phi_z(law, Z, 0.1)
                            : what == FRIC_EVAL_APPROX ? fric_phi_z_approx(law, Z, 0.1)
                                                       : fric_lut_phi_z(k ? plut : lut, 0.1);
            assert_true(y[0] == y0);
            assert_true(y[1] == -7 && y[2] == -7);
            /* recorded without why too */
            REFUSE(fric_law_eval((fric_eval_what)what, law, Z, k ? plut : lut, x, y, 3, NULL),
                   FRIC_E_NONFINITE, FRIC_LAW_D, "x[1] = ");
        }
    }
    /* Φ̂_Z with Z·D > 1 grows as |x|/Z (eq. 46): Z is the parameter named */
    double y[3];
    REFUSE(fric_law_eval(FRIC_EVAL_APPROX, &CV, 0.5, NULL, x, y, 3, &why), FRIC_E_NONFINITE,
           FRIC_LAW_Z, "larger Z (now 0.5 m/(N·s))");
    /* Φ: D·x = 1.01·DBL_MAX is refused, D·x = DBL_MAX/2 is a value; Φ_Z at
     * that 1.01·DBL_MAX/D is D·|x|/(1 + Z·D) < DBL_MAX, a value (eq. 25 as
     * Fc/k + (D/k)·|x|, which does not overflow) */
    const double over[1] = { -(DBL_MAX / CV.D * 1.01) }, half[1] = { 0.5 * DBL_MAX / CV.D };
    REFUSE(fric_law_eval(FRIC_EVAL_PHI, &CV, 0, NULL, over, y, 1, &why), FRIC_E_NONFINITE, FRIC_LAW_D,
           "x[0] = -4.03482e+307 m/s");
    assert_int_equal(fric_law_eval(FRIC_EVAL_PHI, &CV, 0, NULL, half, y, 1, &why), FRIC_OK);
    assert_close(y[0], cv_phi(CV.Fc, CV.D, half[0]), ULP_REL, "Φ at DBL_MAX/(2D)", half[0]);
    assert_int_equal(fric_law_eval(FRIC_EVAL_PHI_Z, &CV, CV_Z, NULL, over, y, 1, &why), FRIC_OK);
    const double k = 1 + CV_Z * CV.D;
    assert_close(y[0], -(CV.Fc / k + CV.D / k * -over[0]), ULP_REL, "Φ_Z at 1.01·DBL_MAX/D", over[0]);
    fric_lut_destroy(lut);
    fric_lut_destroy(plut);
}

static void test_refusals(void **state)
{
    (void)state;
    const char *why = NULL;
    double x[3] = { 0.1, NAN, 0.2 }, y[3];
    REFUSE(fric_law_eval((fric_eval_what)7, &CV, CV_Z, NULL, x, y, 1, &why), FRIC_E_PARAM_RANGE, -1, "what = 7");
    REFUSE(fric_law_eval((fric_eval_what)-1, &CV, CV_Z, NULL, x, y, 1, &why), FRIC_E_PARAM_RANGE, -1, "what = -1");
    REFUSE(fric_law_eval(FRIC_EVAL_PHI, NULL, CV_Z, NULL, x, y, 1, &why), FRIC_E_NULL, -1, "law");
    REFUSE(fric_law_eval(FRIC_EVAL_LUT, &CV, CV_Z, NULL, x, y, 1, &why), FRIC_E_NULL, -1, "lut");
    REFUSE(fric_law_eval(FRIC_EVAL_PHI, &CV, CV_Z, NULL, NULL, y, 1, &why), FRIC_E_NULL, -1, "x is NULL");
    REFUSE(fric_law_eval(FRIC_EVAL_PHI, &CV, CV_Z, NULL, x, NULL, 1, &why), FRIC_E_NULL, -1, "y is NULL");
    REFUSE(fric_law_eval(FRIC_EVAL_PHI_Z, &CV, CV_Z, NULL, x, y, 3, &why), FRIC_E_PARAM_RANGE, -1, "x[1] = nan");
    x[1] = INFINITY;
    REFUSE(fric_law_eval(FRIC_EVAL_PHI, &CV, CV_Z, NULL, x, y, 3, NULL), FRIC_E_PARAM_RANGE, -1, "x[1] = inf");
    /* the law's own check (Φ: Z unused) and with Z, as fric_law_check reports them */
    fric_law bad = PAPER;
    bad.Fs = 0.1;                                       /* Fs > Fc */
    REFUSE(fric_law_eval(FRIC_EVAL_PHI, &bad, PAPER_Z, NULL, x, y, 1, &why), FRIC_E_LAW_INVALID,
           FRIC_LAW_FS, "Fs = ");
    REFUSE(fric_law_eval(FRIC_EVAL_PHI_Z, &PAPER, 0, NULL, x, y, 1, &why), FRIC_E_PARAM_RANGE, FRIC_LAW_Z, "Z = ");
    REFUSE(fric_law_eval(FRIC_EVAL_APPROX, &PAPER, 0.05, NULL, x, y, 1, &why), FRIC_E_NO_TRANSFORM,
           FRIC_LAW_Z, "eq. 15");
    assert_int_equal(fric_law_eval(FRIC_EVAL_PHI, &PAPER, 0, NULL, x, y, 1, &why), FRIC_OK);   /* Z unused */
    /* n = 0: nothing read or written */
    assert_int_equal(fric_law_eval(FRIC_EVAL_PHI_Z, &PAPER, PAPER_Z, NULL, NULL, NULL, 0, &why), FRIC_OK);
    assert_string_equal(fric_eval_names[FRIC_EVAL_LUT], "lut");
}

FRIC_TEST_MAIN(cmocka_unit_test(test_coulomb_viscous_closed_forms),
               cmocka_unit_test(test_stribeck_theorem_1),
               cmocka_unit_test(test_table_within_tol),
               cmocka_unit_test(test_overflow_refused),
               cmocka_unit_test(test_refusals))
