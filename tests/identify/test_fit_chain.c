/*
 * test_fit_chain.c: fric_fit_chain_start, the warm start of each model when
 * M1..M6 are fitted in order (`friction fit --model all`, bench_fit).
 *
 * References, independent of the code: which model contains which is the
 * paper's (Duclusaud & Passault eqs. 3, 5-9: M2 and M3 add terms to M1, M4
 * has both M2's and M3's, M5 has M4's load terms when K_m = K_e = K_l and
 * K_ms = K_es = K_ls, M6 adds quadratic terms to M5; M2 is not in M3 nor M3
 * in M2); the choice rule is ("each warm-started from the best
 * (lowest training loss) fitted simpler model it contains"). The embedded
 * start is checked against the equations, not against fric_fit_embed.
 */
#include "test_main.h"

#include <math.h>
#include <string.h>

#include "fric_fit.h"

/* A fitted parameter vector of M<model>: distinct values for the used
 * parameters, 0 for the others. */
static void fitted(int model, double *p)
{
    for (int i = 0; i < FRIC_FIT_N; i++)
        p[i] = fric_fit_param_used(model, i) ? 0.01 * (i + 1) + 0.001 * model : 0;
}

static void fill(double loss[6], double *best, const double l[6])
{
    for (int k = 1; k <= 6; k++) {
        loss[k - 1] = l[k - 1];
        fitted(k, best + (size_t)(k - 1) * FRIC_FIT_N);
    }
}

static void test_no_simpler_model(void **state)
{
    (void)state;
    double loss[6] = { INFINITY, INFINITY, INFINITY, INFINITY, INFINITY, INFINITY };
    double best[6 * FRIC_FIT_N] = { 0 }, start[FRIC_FIT_N];
    for (int i = 0; i < FRIC_FIT_N; i++) start[i] = -7;
    /* nothing fitted yet: a cold start for every model, start untouched */
    for (int k = 1; k <= 6; k++) assert_int_equal(fric_fit_chain_start(k, loss, best, start), 0);
    /* M1 contains no simpler model, whatever was fitted */
    const double l[6] = { 0.1, 0.1, 0.1, 0.1, 0.1, 0.1 };
    fill(loss, best, l);
    assert_int_equal(fric_fit_chain_start(1, loss, best, start), 0);
    for (int i = 0; i < FRIC_FIT_N; i++) assert_true(start[i] == -7);
}

static void test_lowest_contained(void **state)
{
    (void)state;
    double loss[6], best[6 * FRIC_FIT_N], start[FRIC_FIT_N];
    /* M3 does not contain M2 even when M2 is the best: M1 */
    const double a[6] = { 0.30, 0.10, INFINITY, INFINITY, INFINITY, INFINITY };
    fill(loss, best, a);
    assert_int_equal(fric_fit_chain_start(3, loss, best, start), 1);
    /* M4 contains M1, M2, M3: the lowest, M3 */
    const double b[6] = { 0.30, 0.20, 0.10, INFINITY, INFINITY, INFINITY };
    fill(loss, best, b);
    assert_int_equal(fric_fit_chain_start(4, loss, best, start), 3);
    /* M5 contains M1..M4 (transitively): M1 when it is the lowest */
    const double c[6] = { 0.05, 0.20, 0.10, 0.07, INFINITY, INFINITY };
    fill(loss, best, c);
    assert_int_equal(fric_fit_chain_start(5, loss, best, start), 1);
    /* a tie goes to the simpler model; NaN counts as not fitted */
    const double d[6] = { 0.10, NAN, 0.10, 0.10, 0.10, INFINITY };
    fill(loss, best, d);
    assert_int_equal(fric_fit_chain_start(6, loss, best, start), 1);
    assert_int_equal(fric_fit_chain_start(2, loss, best, start), 1);
    /* models above the one fitted are never candidates */
    const double e[6] = { 0.30, 0.20, 0.25, 0.20, 0.01, 0.001 };
    fill(loss, best, e);
    assert_int_equal(fric_fit_chain_start(4, loss, best, start), 2);
}

/* The start is the simpler model's parameters in the bigger model's terms. */
static void test_embedded_start(void **state)
{
    (void)state;
    double loss[6], best[6 * FRIC_FIT_N], start[FRIC_FIT_N];
    const double l[6] = { 0.30, 0.20, 0.25, 0.10, INFINITY, INFINITY };
    fill(loss, best, l);
    const double *m4 = best + 3 * FRIC_FIT_N;
    assert_int_equal(fric_fit_chain_start(5, loss, best, start), 4);
    /* M5 from M4 (eq. 8 vs eq. 7): K_m = K_e = K_l, K_ms = K_es = K_ls, the
     * shared parameters as they were */
    assert_true(start[FRIC_FIT_K_M] == m4[FRIC_FIT_K_L]);
    assert_true(start[FRIC_FIT_K_E] == m4[FRIC_FIT_K_L]);
    assert_true(start[FRIC_FIT_K_MS] == m4[FRIC_FIT_K_LS]);
    assert_true(start[FRIC_FIT_K_ES] == m4[FRIC_FIT_K_LS]);
    const int same[] = { FRIC_FIT_KT, FRIC_FIT_R, FRIC_FIT_ARMATURE, FRIC_FIT_Q_OFFSET,
                         FRIC_FIT_K_C, FRIC_FIT_K_CS, FRIC_FIT_DTHETA_S, FRIC_FIT_ALPHA,
                         FRIC_FIT_K_V };
    for (size_t j = 0; j < sizeof same / sizeof same[0]; j++)
        assert_true(start[same[j]] == m4[same[j]]);
    /* M2 from M1 (eq. 5 vs eq. 3): the Stribeck excess starts at 0 */
    const double l2[6] = { 0.30, INFINITY, INFINITY, INFINITY, INFINITY, INFINITY };
    fill(loss, best, l2);
    assert_int_equal(fric_fit_chain_start(2, loss, best, start), 1);
    assert_true(start[FRIC_FIT_K_CS] == 0);
    assert_true(start[FRIC_FIT_K_C] == best[FRIC_FIT_K_C]);
    assert_true(start[FRIC_FIT_K_V] == best[FRIC_FIT_K_V]);
}

FRIC_TEST_MAIN(cmocka_unit_test(test_no_simpler_model),
               cmocka_unit_test(test_lowest_contained),
               cmocka_unit_test(test_embedded_start))
