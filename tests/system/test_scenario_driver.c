/*
 * test_scenario_driver.c: the scenario driver of fric_scenario.h
 * (core/system/scenario.c), which owns the loop of a driven scenario: row 0
 * at t = 0, one row every `every` steps, the end of the clock, retune.
 *
 * Expected counts come from the arithmetic of the run, not from the code:
 * a run of duration D with step T has N = round(D/T) steps; with one row
 * every e steps it writes 1 + ceil(N/e) rows, row i at step min(i·e, N),
 * t = min(i·e, N)·T, the last one at t = N·T.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "fric_scenario.h"

/* ------------------------------------------------ a driven scenario of our own */

enum { P_T, P_DURATION, P_EVERY, P_FAIL_AT, N_P };

static const fric_param_info fake_params[N_P] = {
    [P_T] = { "T", 1e-3, 1e-6, 1, "s", "time step", NULL, 0, 0 },
    [P_DURATION] = { "duration", 0.05, 0, 1e3, "s", "simulated time", NULL, 0, 0 },
    [P_EVERY] = { "every", 1, 1, 1e6, "", "steps per row", NULL, 0, 1 },
    [P_FAIL_AT] = { "fail_at", -1, -1, 1e9, "", "step whose advance fails (-1: none)", NULL, 0, 1 },
};
static const fric_col_info fake_cols[] = { { "t", "s", "time" }, { "k", "", "steps advanced" } };

typedef struct {
    long long fail_at;
} fake_cfg;

typedef struct {
    fric_scenario_run run;
    fake_cfg cfg;
    long long advances;     /* advance calls that succeeded */
    int started_calls;      /* start calls                  */
} fake_state;

static int fake_configure(void *cfg, fric_scenario_run *run, const void *running,
                          const double *p, const char **why)
{
    (void)running;
    fake_cfg *c = cfg;
    c->fail_at = (long long)p[P_FAIL_AT];
    run->every = (long long)p[P_EVERY];
    return fric_scenario_clock_set(&run->clk, "fake", p[P_DURATION], p[P_T], why);
}

static int fake_start(void *state, const double *p, const char **why)
{
    (void)p;
    (void)why;
    ((fake_state *)state)->started_calls++;
    return 0;
}

static int fake_advance(void *state, const char **why)
{
    fake_state *s = state;
    if (s->run.clk.k + 1 == s->cfg.fail_at) {
        if (why) *why = "fake: step failed";
        return 1;
    }
    s->advances++;
    return 0;
}

static void fake_row(const void *state, double *row)
{
    const fake_state *s = state;
    row[0] = fric_scenario_clock_t(&s->run.clk);
    row[1] = (double)s->advances;
}

FRIC_SCENARIO_DRIVER(fake_driver, fake_state, fake_cfg, fake_configure, fake_start, fake_advance,
                     fake_row);

static const fric_scenario fake = {
    "fake", "a driven scenario that counts its steps", N_P, fake_params, 2, fake_cols,
    sizeof(fake_state), NULL, NULL, NULL, NULL, &fake_driver, "Fake", "Counts steps."
};

/* Runs sc from p to the end: the number of rows, the last row in last[]. */
static long run_rows(const fric_scenario *sc, void *st, const double *p, double *last)
{
    const char *why;
    if (fric_scenario_init(sc, st, p, &why)) fail_msg("%s init: %s", sc->name, why);
    double row[FRIC_SCENARIO_MAX_COLS];
    long rows = 0;
    int rc;
    while ((rc = fric_scenario_step(sc, st, row, &why)) == FRIC_SCENARIO_ROW) {
        rows++;
        memcpy(last, row, sizeof row);
    }
    if (rc != FRIC_SCENARIO_DONE) fail_msg("%s: %s", sc->name, why);
    return rows;
}

static void test_rows_every_end_of_clock(void **state)
{
    (void)state;
    static const struct { double T, D; int every; } runs[] = {
        { 1e-3, 0.05, 1 }, { 1e-3, 0.05, 7 }, { 1e-3, 0.05, 50 }, { 1e-3, 0.05, 1000 },
        { 4e-3, 0.1, 3 }, { 1e-3, 0, 5 }, { 0.01, 0.0149, 1 }, { 0.01, 0.0151, 1 },
    };
    for (size_t r = 0; r < sizeof runs / sizeof runs[0]; r++) {
        double p[N_P];
        fric_scenario_defaults(&fake, p);
        p[P_T] = runs[r].T;
        p[P_DURATION] = runs[r].D;
        p[P_EVERY] = runs[r].every;
        fake_state st;
        double row[FRIC_SCENARIO_MAX_COLS];
        long long N = llround(runs[r].D / runs[r].T);
        long long e = runs[r].every;
        long rows_expected = 1 + (long)((N + e - 1) / e);
        const char *why;
        assert_int_equal(fric_scenario_init(&fake, &st, p, &why), 0);
        assert_int_equal(st.started_calls, 1);
        long i = 0;
        int rc;
        while ((rc = fric_scenario_step(&fake, &st, row, &why)) == FRIC_SCENARIO_ROW) {
            long long k = (long long)i * e < N ? (long long)i * e : N;   /* step of row i */
            assert_true(row[1] == (double)k);
            assert_true(fabs(row[0] - (double)k * runs[r].T) <= 4 * DBL_EPSILON * (double)N * runs[r].T);
            i++;
        }
        assert_int_equal(rc, FRIC_SCENARIO_DONE);
        assert_int_equal(i, rows_expected);
        assert_true(st.advances == N);
        /* DONE stays DONE */
        assert_int_equal(fric_scenario_step(&fake, &st, row, &why), FRIC_SCENARIO_DONE);
    }
}

static void test_retune_keeps_the_motion(void **state)
{
    (void)state;
    double p[N_P], row[FRIC_SCENARIO_MAX_COLS];
    fric_scenario_defaults(&fake, p);              /* T = 1 ms, 0.05 s, every 1 */
    fake_state st;
    const char *why;
    assert_int_equal(fric_scenario_init(&fake, &st, p, &why), 0);
    for (int i = 0; i < 21; i++) assert_int_equal(fric_scenario_step(&fake, &st, row, &why), 0);
    assert_true(row[1] == 20 && fabs(row[0] - 0.020) < 1e-15);
    /* T = 2 ms, every 5 from t = 20 ms on: (50 − 20)/2 = 15 more steps, 3 rows */
    p[P_T] = 2e-3;
    p[P_EVERY] = 5;
    assert_int_equal(fric_scenario_retune(&fake, &st, p, &why), 0);
    assert_int_equal(st.started_calls, 1);          /* start is init's only */
    long rows = 0;
    while (fric_scenario_step(&fake, &st, row, &why) == FRIC_SCENARIO_ROW) rows++;
    assert_int_equal(rows, 3);
    assert_true(st.advances == 35);
    assert_true(fabs(row[0] - 0.050) < 1e-15);     /* no jump in t: 20 ms + 15 · 2 ms */
    /* a refused retune changes nothing */
    fake_state before = st;
    p[P_T] = 0;                                     /* out of range */
    assert_int_not_equal(fric_scenario_retune(&fake, &st, p, &why), 0);
    assert_memory_equal(&before, &st, sizeof st);
    assert_int_equal(fric_scenario_can_retune(&fake), 1);
}

static void test_advance_failure_stops_the_run(void **state)
{
    (void)state;
    double p[N_P], row[FRIC_SCENARIO_MAX_COLS];
    fric_scenario_defaults(&fake, p);
    p[P_EVERY] = 10;
    p[P_FAIL_AT] = 23;
    fake_state st;
    const char *why;
    assert_int_equal(fric_scenario_init(&fake, &st, p, &why), 0);
    for (int i = 0; i < 3; i++) assert_int_equal(fric_scenario_step(&fake, &st, row, &why), 0);
    assert_int_equal(fric_scenario_step(&fake, &st, row, &why), FRIC_SCENARIO_ERROR);
    assert_non_null(strstr(why, "fake: step failed"));
    assert_true(st.run.clk.k == 22 && st.advances == 22);   /* the failed step is not counted */
}

/* Every driven scenario of the registry: duration, time step and every give
 * 1 + ceil(N/every) rows ending at t = N·T. */
static void test_registry_scenarios_follow_the_arithmetic(void **state)
{
    (void)state;
    static unsigned char st[1 << 20];
    int driven = 0;
    for (int i = 0; i < fric_scenario_count(); i++) {
        const fric_scenario *sc = fric_scenario_at(i);
        assert_non_null(sc->title);
        assert_non_null(sc->blurb);
        assert_true(strlen(sc->title) > 5 && strlen(sc->blurb) > 20);
        if (!sc->driver) continue;
        assert_true(sc->state_bytes <= sizeof st);
        assert_null(sc->init);
        assert_null(sc->step);
        assert_null(sc->retune);
        int iT = fric_scenario_param_index(sc, "T");
        if (iT < 0) iT = fric_scenario_param_index(sc, "dt");
        int iD = fric_scenario_param_index(sc, "duration");
        int iE = fric_scenario_param_index(sc, "every");
        assert_true(iT >= 0 && iD >= 0 && iE >= 0);
        double p[FRIC_SCENARIO_MAX_PARAMS], last[FRIC_SCENARIO_MAX_COLS] = { 0 };
        fric_scenario_defaults(sc, p);
        const double T = p[iT], D = 37 * T;
        p[iD] = D;
        for (int e = 1; e <= 10; e += 3) {
            p[iE] = e;
            long rows = run_rows(sc, st, p, last);
            long long N = 37;
            if (rows != 1 + (long)((N + e - 1) / e))
                fail_msg("%s every=%d: %ld rows, expected %lld", sc->name, e, rows,
                         1 + (N + e - 1) / e);
            assert_true(fabs(last[0] - D) <= 64 * DBL_EPSILON * D);
        }
        driven++;
    }
    assert_true(driven >= 7);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rows_every_end_of_clock),
        cmocka_unit_test(test_retune_keeps_the_motion),
        cmocka_unit_test(test_advance_failure_stops_the_run),
        cmocka_unit_test(test_registry_scenarios_follow_the_arithmetic),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
