/*
 * test_scenario_step.c: fric_scenario_step, the one driver of a run: every column a step writes is checked; a value that is not
 * finite ends the run with FRIC_SCENARIO_ERROR, FRIC_E_NONFINITE and a
 * message naming the scenario, the step's t, the column and the state.
 *
 *  - a fake scenario that writes inf / NaN into a chosen column after a few
 *    rows: the error comes at that row, never a row with the value;
 *  - the real reproducer: two-contacts with a stiff wall spring, a light
 *    body and a long step diverges until the energy column E overflows
 *    while the state is still finite: the run stops at E;
 *  - every registered scenario at its defaults runs to DONE through the
 *    driver with finite rows only (consistency with the step's own checks).
 */
#include "test_main.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fric_scenario.h"
#include "fric_status.h"

/* ------------------------------------------------------------ a fake */

typedef struct { int k, bad_row, bad_col; double bad; } fake_state;

static const fric_col_info fake_cols[] = {
    { "t", "s", "time" }, { "q", "m", "position" }, { "E", "J", "energy" },
};

static int fake_init(void *state, const double *p, const char **why)
{
    (void)p;
    (void)why;
    memset(state, 0, sizeof(fake_state));
    return 0;
}

static int fake_step(void *state, double *row, const char **why)
{
    (void)why;
    fake_state *s = state;
    if (s->k >= 10) return FRIC_SCENARIO_DONE;
    row[0] = 0.5 * s->k;
    row[1] = 1.0;
    row[2] = 2.0;
    if (s->k == s->bad_row) row[s->bad_col] = s->bad;
    s->k++;
    return FRIC_SCENARIO_ROW;
}

static const fric_scenario fake = {
    .name = "fake", .summary = "writes one bad value", .n_params = 0, .params = NULL,
    .n_cols = 3, .cols = fake_cols, .state_bytes = sizeof(fake_state),
    .init = fake_init, .step = fake_step, .retune = NULL,
};

static void test_fake_bad_column_stops(void **state)
{
    (void)state;
    const double bads[] = { INFINITY, -INFINITY, NAN };
    for (int col = 0; col < 3; col++)
        for (int b = 0; b < 3; b++) {
            fake_state st;
            const char *why = NULL;
            assert_int_equal(fric_scenario_init(&fake, &st, NULL, &why), 0);
            st.bad_row = 4;
            st.bad_col = col;
            st.bad = bads[b];
            double row[FRIC_SCENARIO_MAX_COLS];
            int rows = 0, rc;
            while ((rc = fric_scenario_step(&fake, &st, row, &why)) == FRIC_SCENARIO_ROW) {
                for (int c = 0; c < 3; c++) assert_true(isfinite(row[c]));
                rows++;
            }
            assert_int_equal(rc, FRIC_SCENARIO_ERROR);
            assert_int_equal(rows, 4);
            assert_int_equal(fric_status_last().code, FRIC_E_NONFINITE);
            assert_non_null(strstr(why, "fake"));
            char col_is[32];
            snprintf(col_is, sizeof col_is, "column %s =", fake_cols[col].name);
            assert_non_null(strstr(why, col_is));
            assert_non_null(strstr(why, "the state: t = "));
            assert_non_null(strstr(why, ", q = "));
            if (col != 0) assert_non_null(strstr(why, "t = 2 s"));
        }
}

static void test_fake_clean_run_is_done(void **state)
{
    (void)state;
    fake_state st;
    const char *why = NULL;
    assert_int_equal(fric_scenario_init(&fake, &st, NULL, &why), 0);
    st.bad_row = -1;
    double row[FRIC_SCENARIO_MAX_COLS];
    int rows = 0, rc;
    while ((rc = fric_scenario_step(&fake, &st, row, &why)) == FRIC_SCENARIO_ROW) rows++;
    assert_int_equal(rc, FRIC_SCENARIO_DONE);
    assert_int_equal(rows, 10);
}

/* ----------------------------------------------- the real reproducer */

static int set(const fric_scenario *sc, double *p, const char *name, const char *v)
{
    const char *why = NULL;
    return fric_scenario_set(sc, p, name, v, &why);
}

static void test_two_contacts_energy_overflow(void **state)
{
    (void)state;
    const fric_scenario *sc = fric_scenario_find("two-contacts");
    assert_non_null(sc);
    double p[FRIC_SCENARIO_MAX_PARAMS];
    fric_scenario_defaults(sc, p);
    assert_int_equal(set(sc, p, "M1", "0.001"), 0);
    assert_int_equal(set(sc, p, "K1", "1000000"), 0);
    assert_int_equal(set(sc, p, "T", "0.1"), 0);
    assert_int_equal(set(sc, p, "duration", "100000"), 0);
    void *st = malloc(sc->state_bytes);
    assert_non_null(st);
    const char *why = NULL;
    assert_int_equal(fric_scenario_init(sc, st, p, &why), 0);
    double row[FRIC_SCENARIO_MAX_COLS];
    int rc;
    long rows = 0;
    /* bounded: it diverges within a few dozen rows; 10^6 is a generous cap */
    while ((rc = fric_scenario_step(sc, st, row, &why)) == FRIC_SCENARIO_ROW && rows < 1000000) {
        for (int c = 0; c < sc->n_cols; c++) assert_true(isfinite(row[c]));
        rows++;
    }
    free(st);
    assert_int_equal(rc, FRIC_SCENARIO_ERROR);
    assert_int_equal(fric_status_last().code, FRIC_E_NONFINITE);
    print_message("two-contacts stops after %ld rows: %s\n", rows, why);
    assert_non_null(strstr(why, "two-contacts"));
    assert_non_null(strstr(why, "column E = inf"));
    assert_non_null(strstr(why, "x1 = "));
}

static void test_every_scenario_defaults_finite(void **state)
{
    (void)state;
    int n = 0;
    long total = 0;
    for (int i = 0; i < fric_scenario_count(); i++) {
        const fric_scenario *sc = fric_scenario_at(i);
        double p[FRIC_SCENARIO_MAX_PARAMS];
        fric_scenario_defaults(sc, p);
        void *st = malloc(sc->state_bytes ? sc->state_bytes : 1);
        assert_non_null(st);
        const char *why = NULL;
        int irc = fric_scenario_init(sc, st, p, &why);
        if (irc) fail_msg("%s: defaults rejected: %s", sc->name, why);
        double row[FRIC_SCENARIO_MAX_COLS];
        int rc;
        long rows = 0;
        while ((rc = fric_scenario_step(sc, st, row, &why)) == FRIC_SCENARIO_ROW && rows < 200000)
            rows++;
        free(st);
        if (rc == FRIC_SCENARIO_ERROR) fail_msg("%s: %s", sc->name, why);
        n++;
        total += rows;
    }
    print_message("consistency: %d scenarios at their defaults, %ld finite rows\n", n, total);
}

FRIC_TEST_MAIN(cmocka_unit_test(test_fake_bad_column_stops),
               cmocka_unit_test(test_fake_clean_run_is_done),
               cmocka_unit_test(test_two_contacts_energy_overflow),
               cmocka_unit_test(test_every_scenario_defaults_finite))
