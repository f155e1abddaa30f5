/*
 * test_scenario_status.c: the status codes of the scenario interface
 * (fric_scenario.h), moved from tests/law/test_status.c: for
 * a representative failure of each fallible call, the return value is the
 * documented fric_status, fric_status_last() repeats it with the index of
 * the parameter at fault (checked against the parameter the test broke, not
 * against the message) and the same message as `why`. Also: the
 * `fixed_by_case` flag of a scenario parameter is exactly the set of
 * parameters a figure case fixes (found by brute force through init).
 */
#include "test_main.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fric_scenario.h"
#include "fric_servo.h"
#include "fric_status.h"
#include "status_expect.h"

static void test_scenario_set(void **state)
{
    (void)state;
    const fric_scenario *sc = fric_scenario_find("model-a");
    double p[FRIC_SCENARIO_MAX_PARAMS];
    fric_scenario_defaults(sc, p);
    const char *why;
    int law = fric_scenario_param_index(sc, "law"), M = fric_scenario_param_index(sc, "M");
    EXPECT(fric_scenario_set(sc, p, "nope", "1", &why), FRIC_E_UNKNOWN_NAME, -1);
    EXPECT(fric_scenario_set(sc, p, "law", "dahl", &why), FRIC_E_UNKNOWN_NAME, law);
    EXPECT(fric_scenario_set(sc, p, "M", "heavy", &why), FRIC_E_NOT_NUMBER, M);
    EXPECT(fric_scenario_set(sc, p, "M", "-1", &why), FRIC_E_PARAM_RANGE, M);
    assert_int_equal(fric_scenario_set(sc, p, "M", "2", &why), FRIC_OK);
}

/* With a figure case, a parameter the case fixes refuses another value
 * (naming that parameter); with case=custom it accepts it. The flag
 * fixed_by_case must mark exactly those parameters. */
static void test_fixed_by_case(void **state)
{
    (void)state;
    int checked = 0;
    for (int s = 0; s < fric_scenario_count(); s++) {
        const fric_scenario *sc = fric_scenario_at(s);
        int cj = fric_scenario_param_index(sc, "case");
        if (cj < 0) continue;
        const fric_param_info *ci = &sc->params[cj];
        int custom = -1;
        for (int c = 0; c < ci->n_choices; c++)
            if (strcmp(ci->choices[c], "custom") == 0) custom = c;
        assert_true(custom >= 0);
        void *st = malloc(sc->state_bytes);
        assert_non_null(st);
        for (int j = 0; j < sc->n_params; j++) {
            if (j == cj) continue;
            const fric_param_info *pi = &sc->params[j];
            /* candidate values other than the default: the ends of the ranges */
            double cand[4] = { pi->lo, pi->hi, pi->min, pi->max };
            int refused = 0;
            for (int c = 0; c < ci->n_choices; c++) {
                if (c == custom) continue;
                for (int k = 0; k < 4; k++) {
                    if (cand[k] == pi->def || (pi->choices && cand[k] != floor(cand[k]))) continue;
                    double p[FRIC_SCENARIO_MAX_PARAMS];
                    const char *why;
                    fric_scenario_defaults(sc, p);
                    p[cj] = c;
                    p[j] = cand[k];
                    int rc = fric_scenario_init(sc, st, p, &why);
                    if (rc && fric_status_last().param == j && strstr(why, "case=")) refused = 1;
                }
            }
            if (refused != pi->fixed_by_case)
                fail_msg("%s: %s fixed_by_case = %d, but a figure case %s it", sc->name, pi->name,
                         pi->fixed_by_case, refused ? "fixes" : "never fixes");
            checked++;
        }
        free(st);
    }
    assert_true(checked > 20);
}

static void test_bench_and_clock(void **state)
{
    (void)state;
    const fric_scenario *sc = fric_scenario_find("bench");
    void *st = malloc(sc->state_bytes);
    assert_non_null(st);
    double p[FRIC_SCENARIO_MAX_PARAMS];
    const char *why;
    /* sts3215 has a preset for M1 only: M4's Stribeck excess has no default */
    fric_scenario_defaults(sc, p);
    assert_int_equal(fric_scenario_set(sc, p, "actuator", "sts3215", &why), 0);
    assert_int_equal(fric_scenario_set(sc, p, "model", "m4", &why), 0);
    int rc = fric_scenario_init(sc, st, p, &why);
    int j = fric_status_last().param;
    expect_failure(rc, why, FRIC_E_NO_PRESET, j);
    assert_true(j >= 0 && j < sc->n_params);
    int coef = 0;
    for (int i = 1; i < FRIC_SERVO_N_COEFS; i++)
        coef |= strcmp(sc->params[j].name, fric_servo_coef_keys[i]) == 0;
    assert_true(coef);
    free(st);

    fric_scenario_clock c = { 0 };
    EXPECT(fric_scenario_clock_set(&c, "test", 1e9, 1e-6, &why), FRIC_E_WORK_LIMIT, -1);
}

FRIC_TEST_MAIN(cmocka_unit_test(test_scenario_set),
               cmocka_unit_test(test_fixed_by_case),
               cmocka_unit_test(test_bench_and_clock))
