/*
 * test_status.c: the status codes of the core API (fric_status.h, issue 8
 * item 3). For a representative failure of each fallible call: the return
 * value is the documented fric_status, fric_status_last() repeats it with
 * the index of the parameter at fault (checked against the parameter the
 * test broke, not against the message) and the same message as `why`.
 *
 * Also: the `fixed_by_case` flag of a scenario parameter is exactly the set
 * of parameters a figure case fixes (found by brute force through init), and
 * no core message names a command-line command or a control of the UI:
 * every message triggered here is scanned, and every string literal of
 * core/<stage>/ *.c is scanned as text (run from the repository root).
 */
#define _POSIX_C_SOURCE 200809L /* opendir, readdir */
#include <dirent.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fric_bench.h"
#include "fric_servo.h"
#include "fric_status.h"
#include "friction.h"
#include "fric_scenario.h"

/* Words a core message must not contain: commands of the CLI and controls
 * of the UI (the CLI and the UI add their own hints). */
static const char *const banned[] = { "friction run", "friction replay", "friction list",
                                      "friction eval", "press", "button", "Set K", "click",
                                      "Reset" };

/* The banned word found in s as a whole word (case-sensitive), or NULL. */
static const char *banned_in(const char *s)
{
    for (size_t b = 0; b < sizeof banned / sizeof banned[0]; b++) {
        size_t n = strlen(banned[b]);
        for (const char *p = strstr(s, banned[b]); p; p = strstr(p + 1, banned[b])) {
            int before = p > s && isalpha((unsigned char)p[-1]);
            int after = isalpha((unsigned char)p[n]);
            if (!before && !after) return banned[b];
        }
    }
    return NULL;
}

/* The last failure: code and param as expected, message equal to why and
 * free of banned words. */
static void expect_failure(int rc, const char *why, fric_status code, int param)
{
    fric_error e = fric_status_last();
    if (rc != (int)code || e.code != code || e.param != param)
        fail_msg("rc %d (%s), last %s param %d; want %s param %d; message: %s", rc,
                 fric_status_name(rc), fric_status_name(e.code), e.param, fric_status_name(code),
                 param, why);
    assert_non_null(why);
    assert_string_equal(why, e.message);
    assert_true(why[0] != '\0');
    const char *w = banned_in(why);
    if (w) fail_msg("message names '%s': %s", w, why);
}

/* Calls first, then reads why (an argument list has no evaluation order). */
#define EXPECT(call, code, param)                 \
    do {                                          \
        int rc_ = (call);                         \
        expect_failure(rc_, why, (code), (param)); \
    } while (0)

static void test_status_names(void **state)
{
    (void)state;
    for (int s = 0; s < FRIC_STATUS_COUNT; s++) {
        const char *n = fric_status_name(s);
        assert_true(strncmp(n, s ? "FRIC_E_" : "FRIC_OK", 7) == 0);
        for (int t = 0; t < s; t++) assert_string_not_equal(n, fric_status_name(t));
    }
    assert_string_equal(fric_status_name(FRIC_E_NO_TRANSFORM), "FRIC_E_NO_TRANSFORM");
    assert_string_equal(fric_status_name(-1), "FRIC_E_UNKNOWN_STATUS");
    assert_string_equal(fric_status_name(FRIC_STATUS_COUNT), "FRIC_E_UNKNOWN_STATUS");
    fric_status_clear();
    fric_error e = fric_status_last();
    assert_int_equal(e.code, FRIC_OK);
    assert_int_equal(e.param, -1);
    assert_string_equal(e.message, "");
}

static void test_law_check(void **state)
{
    (void)state;
    const fric_law good = { FRIC_STRIBECK, 2.5, 0.4, 0.06, 4.5, 1 };
    const char *why;
    assert_int_equal(fric_law_check(&good, 1.0 / 55, &why), FRIC_OK);

    fric_law l = good;
    l.Fs = 0.3; /* below Fc */
    EXPECT(fric_law_check(&l, 1.0 / 55, &why), FRIC_E_LAW_INVALID, FRIC_LAW_FS);
    l = good;
    l.vs = 0;
    EXPECT(fric_law_check(&l, 1.0 / 55, &why), FRIC_E_PARAM_RANGE, FRIC_LAW_VS);
    l = good;
    l.D = NAN;
    EXPECT(fric_law_check(&l, 1.0 / 55, &why), FRIC_E_PARAM_RANGE, FRIC_LAW_D);
    l = good;
    l.Fc = -1;
    EXPECT(fric_law_check(&l, 1.0 / 55, &why), FRIC_E_PARAM_RANGE, FRIC_LAW_FC);
    l = good;
    l.alpha = 0.5;
    EXPECT(fric_law_check_params(&l, &why), FRIC_E_PARAM_RANGE, FRIC_LAW_ALPHA);
    EXPECT(fric_law_check(&good, 0, &why), FRIC_E_PARAM_RANGE, FRIC_LAW_Z);
    /* Kikuuwe eq. 15 for α = 1: Φ'(0+) = D − (Fs − Fc)/vs = 4.5 − 35 = −30.5 N·s/m,
     * so 1/Z must exceed 30.5; 1/Z = 30 fails, 31 passes. */
    EXPECT(fric_law_check(&good, 1.0 / 30, &why), FRIC_E_NO_TRANSFORM, FRIC_LAW_Z);
    assert_int_equal(fric_law_check(&good, 1.0 / 31, &why), FRIC_OK);
    const fric_elem_def def = { 1, 1, 0, 1e-3, FRIC_XFORM_EXACT }; /* Z = 1/(B + T·K) = 1000 */
    EXPECT(fric_elem_check(FRIC_ELEM_C, &def, &good, &why), FRIC_E_NO_TRANSFORM,
                   FRIC_LAW_Z);
    EXPECT(fric_law_check(NULL, 1, &why), FRIC_E_NULL, -1);
}

static void test_law_tables(void **state)
{
    (void)state;
    assert_string_equal(fric_law_names[FRIC_COULOMB_VISCOUS], "coulomb-viscous");
    assert_string_equal(fric_law_names[FRIC_STRIBECK], "stribeck");
    assert_string_equal(fric_law_names[FRIC_RATIONAL], "rational");
    assert_string_equal(fric_law_field_names[FRIC_LAW_ALPHA], "alpha");
    assert_string_equal(fric_law_field_names[FRIC_LAW_Z], "Z");
    /* the fields each law's formula (friction.h) contains */
    static const int used[3][FRIC_LAW_N_FIELDS] = {
        { 0, 1, 0, 1, 0, 0 }, /* Fc·sgn(v) + D·v                      */
        { 1, 1, 1, 1, 1, 0 }, /* Stribeck: Fs, Fc, vs, D, alpha       */
        { 1, 1, 1, 1, 0, 0 }, /* rational: Fs, Fc, vs, D              */
    };
    for (int k = 0; k < 3; k++)
        for (int f = 0; f < FRIC_LAW_N_FIELDS; f++)
            assert_int_equal(fric_law_field_used((fric_kind)k, f), used[k][f]);
    /* the example scenarios' `law` choice is this table */
    const fric_scenario *sc = fric_scenario_find("model-a");
    int j = fric_scenario_param_index(sc, "law");
    assert_ptr_equal(sc->params[j].choices, fric_law_names);
}

static void test_servo_tables(void **state)
{
    (void)state;
    /* the bench's parameters use the same names as the params-file reader */
    const fric_scenario *b = fric_scenario_find("bench");
    for (int i = 1; i < FRIC_SERVO_N_COEFS; i++)
        assert_true(fric_scenario_param_index(b, fric_servo_coef_keys[i]) >= 0);
    assert_string_equal(fric_servo_coef_fields[1], "K_c");
    assert_string_equal(fric_servo_coef_keys[1], "friction_base");
    assert_string_equal(fric_servo_coef_fields[13], "K_v");
    /* round trip through the array, field by field */
    fric_servo_friction f = { 6, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13 }, g;
    double c[FRIC_SERVO_N_COEFS];
    fric_servo_to_array(&f, c);
    for (int i = 0; i < FRIC_SERVO_N_COEFS; i++) assert_true(c[i] == (i ? i : 6));
    fric_servo_from_array(c, &g);
    assert_int_equal(g.model, 6);
    assert_true(g.K_c == 1 && g.K_cs == 2 && g.K_l == 3 && g.K_ls == 4 && g.K_m == 5 && g.K_e == 6);
    assert_true(g.K_ms == 7 && g.K_es == 8 && g.K_mq == 9 && g.K_eq == 10 && g.dtheta_s == 11);
    assert_true(g.alpha == 12 && g.K_v == 13);
    /* M3 uses K_l (index 3); a negative one is named by its index */
    fric_servo_friction m3 = { 3, 0.1, 0, -0.5, 0, 0, 0, 0, 0, 0, 0, 1, 1, 0 };
    const char *why;
    EXPECT(fric_servo_check(&m3, &why), FRIC_E_PARAM_RANGE, 3);
    m3.K_l = 0.5;
    assert_int_equal(fric_servo_check(&m3, &why), 0);
    m3.model = 1; /* M1 ignores K_l */
    m3.K_l = -0.5;
    assert_int_equal(fric_servo_check(&m3, &why), 0);
    assert_int_equal(fric_servo_coef_used(1, 3), 0);
    assert_int_equal(fric_servo_coef_used(4, 4), 1);
    assert_int_equal(fric_servo_coef_positive(11), 1);
    assert_int_equal(fric_servo_coef_positive(1), 0);
    /* treatments: the bench and the screw share one table */
    assert_string_equal(fric_bench_treatment_names[fric_treatment_index(FRIC_TREATMENT_CLIP, fric_bench_treatments, FRIC_BENCH_N_TREATMENTS)], "clip");
    const fric_scenario *sw = fric_scenario_find("screw");
    int j = fric_scenario_param_index(sw, "friction");
    assert_ptr_equal(sw->params[j].choices, fric_bench_treatment_names);
}

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

static void test_scenario_init_and_retune(void **state)
{
    (void)state;
    for (int s = 0; s < fric_scenario_count(); s++) {
        const fric_scenario *sc = fric_scenario_at(s);
        void *st = malloc(sc->state_bytes);
        assert_non_null(st);
        double p[FRIC_SCENARIO_MAX_PARAMS];
        const char *why;
        /* each parameter in turn just above its range */
        for (int j = 0; j < sc->n_params; j++) {
            fric_scenario_defaults(sc, p);
            p[j] = sc->params[j].max + 1;
            EXPECT(fric_scenario_init(sc, st, p, &why), FRIC_E_PARAM_RANGE, j);
            p[j] = NAN;
            EXPECT(fric_scenario_check(sc, p, &why), FRIC_E_PARAM_RANGE, j);
        }
        fric_scenario_defaults(sc, p);
        assert_int_equal(fric_scenario_init(sc, st, p, &why), FRIC_OK);
        int j = sc->n_params - 1;
        p[j] = sc->params[j].min - 1;
        if (fric_scenario_can_retune(sc))
            EXPECT(fric_scenario_retune(sc, st, p, &why), FRIC_E_PARAM_RANGE, j);
        else
            EXPECT(fric_scenario_retune(sc, st, p, &why), FRIC_E_UNSUPPORTED, -1);
        free(st);
    }
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

/* Every string literal of the core's sources (the .c files of each
 * core/<stage>): no command, no button. */
static void test_sources_name_no_command(void **state)
{
    (void)state;
    static const char *const stages[] = { "law", "transform", "element", "system", "analysis", "io" };
    int scanned = 0;
    for (size_t sd = 0; sd < sizeof stages / sizeof stages[0]; sd++) {
      char dir[64];
      snprintf(dir, sizeof dir, "core/%s", stages[sd]);
      DIR *dp = opendir(dir);
      if (!dp) continue; /* not run from the repository root: counted below */
      for (struct dirent *de; (de = readdir(dp)) != NULL;) {
        size_t nl = strlen(de->d_name);
        if (nl < 3 || strcmp(de->d_name + nl - 2, ".c") != 0) continue;
        char path[320];
        snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
        FILE *fp = fopen(path, "rb");
        if (!fp) continue;
        scanned++;
        static char text[1 << 20];
        size_t n = fread(text, 1, sizeof text - 1, fp);
        fclose(fp);
        text[n] = '\0';
        /* collect each string literal, outside comments */
        char lit[4096];
        size_t ln = 0;
        int in_str = 0, line = 1;
        for (size_t i = 0; i < n; i++) {
            char ch = text[i];
            if (ch == '\n') line++;
            if (!in_str && ch == '/' && text[i + 1] == '*') {
                const char *e = strstr(text + i + 2, "*/");
                for (const char *q = text + i; e && q < e; q++) line += *q == '\n';
                i = e ? (size_t)(e - text) + 1 : n;
                continue;
            }
            if (!in_str && ch == '/' && text[i + 1] == '/') {
                while (i < n && text[i] != '\n') i++;
                line++;
                continue;
            }
            if (!in_str && ch == '\'') { /* a character constant */
                i += text[i + 1] == '\\' ? 3 : 2;
                continue;
            }
            if (ch == '"' && !in_str) { in_str = 1; ln = 0; continue; }
            if (in_str && ch == '\\') {
                if (ln < sizeof lit - 1) lit[ln++] = text[++i];
                continue;
            }
            if (in_str && ch == '"') {
                in_str = 0;
                lit[ln] = '\0';
                const char *w = banned_in(lit);
                if (w) fail_msg("%s:%d: a string names '%s': \"%s\"", path, line, w, lit);
                continue;
            }
            if (in_str && ln < sizeof lit - 1) lit[ln++] = ch;
        }
      }
      closedir(dp);
    }
    if (scanned == 0) skip(); /* not run from the repository root */
    assert_true(scanned > 30);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_status_names),
        cmocka_unit_test(test_law_check),
        cmocka_unit_test(test_law_tables),
        cmocka_unit_test(test_servo_tables),
        cmocka_unit_test(test_scenario_set),
        cmocka_unit_test(test_scenario_init_and_retune),
        cmocka_unit_test(test_fixed_by_case),
        cmocka_unit_test(test_bench_and_clock),
        cmocka_unit_test(test_sources_name_no_command),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
