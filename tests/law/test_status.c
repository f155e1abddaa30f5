/*
 * test_status.c: the status codes of the core API (fric_status.h).
 * For a representative failure of each fallible call: the return
 * value is the documented fric_status, fric_status_last() repeats it with
 * the index of the parameter at fault (checked against the parameter the
 * test broke, not against the message) and the same message as `why`.
 *
 * Also: the `fixed_by_case` flag of a scenario parameter is exactly the set
 * of parameters a figure case fixes (found by brute force through init), and
 * no core message names a command-line command or a control of the UI:
 * every message triggered here is scanned, and every string literal of
 * core/<stage>/ *.c (and its subfolders) is scanned as text (run from the
 * repository root; elsewhere a skip, a failure under CI=true).
 */
#define _POSIX_C_SOURCE 200809L /* opendir, readdir, stat */
#include <dirent.h>
#include <sys/stat.h>
#include "test_main.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fric_bench.h"
#include "fric_dupont.h"
#include "fric_screw.h"
#include "fric_io.h"
#include "fric_regions.h"
#include "fric_servo.h"
#include "fric_status.h"
#include "friction.h"
#include "fric_scenario.h"
#include "status_expect.h"

/* banned_in, expect_failure, EXPECT: tests/support/status_expect.h */

/* A call without `why`: its return is the documented status, and
 * fric_status_last() repeats it with the parameter at fault and a message
 * free of banned words. */
static void expect_last(int rc, fric_status code, int param)
{
    fric_error e = fric_status_last();
    expect_failure(rc, e.message, code, param);
}
#define EXPECT_LAST(call, code, param)            \
    do {                                          \
        fric_status_clear();                      \
        int rc_ = (call);                         \
        expect_last(rc_, (code), (param));        \
    } while (0)

/* The code a call returns is the code it records: fric_elem_init on a law
 * its check refuses (it returned 1 while recording the check's code) and
 * fric_plan_init on a NULL plan (it returned 1 and recorded nothing). */
static void test_return_is_recorded_code(void **state)
{
    (void)state;
    const fric_elem_def def = { .M = 1, .K = 0, .B = 0, .T = 1e-3, .xform = FRIC_XFORM_EXACT };
    const fric_law bad = { FRIC_STRIBECK, 0.5, 1.0, 0.01, 0, 1 };    /* Fs < Fc */
    const fric_law ok = { FRIC_STRIBECK, 1.0, 0.5, 0.01, 0, 1 };
    fric_elem e;
    const char *why = NULL;
    fric_status_clear();
    int rc = fric_elem_init(&e, FRIC_ELEM_A, &def, &bad, &why);
    assert_int_not_equal(rc, 0);
    assert_int_equal(rc, fric_status_last().code);
    assert_non_null(strstr(why, "Fs"));
    fric_status_clear();
    rc = fric_plan_init(NULL, &ok, 1e-3, &why);
    assert_int_equal(rc, FRIC_E_NULL);
    assert_int_equal(fric_status_last().code, FRIC_E_NULL);
    assert_non_null(strstr(why, "plan"));
}

/* The calls that returned −1, 1 or an io code before the status codes were made uniform:
 * each now returns the fric_status its header documents, with the
 * parameter index recorded. */
static void test_formerly_deviant_calls(void **state)
{
    (void)state;
    double lo, hi, y[2];
    const double x[2] = { 0.3, -0.2 }, xn[2] = { NAN, 0 };
    const fric_law st = { FRIC_STRIBECK, 2.5, 0.4, 0.06, 4.5, 1.0 };
    const fric_law cv = { FRIC_COULOMB_VISCOUS, 0, 2.0, 0, 0.5, 0 };
    /* friction.h */
    EXPECT_LAST(fric_law_field_range(FRIC_LAW_N_FIELDS, &lo, &hi), FRIC_E_UNKNOWN_NAME, -1);
    EXPECT_LAST(fric_law_field_range(-1, &lo, &hi), FRIC_E_UNKNOWN_NAME, -1);
    assert_int_equal(fric_law_field_range(FRIC_LAW_Z, &lo, &hi), FRIC_OK);
    EXPECT_LAST(fric_phi_z_2d(&st, 1.0 / 55, x, y), FRIC_E_UNSUPPORTED, -1);
    EXPECT_LAST(fric_phi_z_2d(NULL, 1.0 / 55, x, y), FRIC_E_NULL, -1);
    EXPECT_LAST(fric_phi_z_2d(&cv, 0, x, y), FRIC_E_PARAM_RANGE, FRIC_LAW_Z);
    EXPECT_LAST(fric_phi_z_2d(&cv, 0.01, xn, y), FRIC_E_PARAM_RANGE, -1);
    const fric_elem_def def = { 1.0, 5000, 50, 1e-3, FRIC_XFORM_EXACT };
    fric_elem_c2 c2 = { { 0, 0 }, { 0, 0 } };
    EXPECT_LAST(fric_elem_c2_step(&st, &def, &c2, x), FRIC_E_UNSUPPORTED, -1);
    /* an allocating creation: NULL with the status recorded */
    const fric_law st1 = { FRIC_STRIBECK, 2.5, 0.4, 0.06, 4.5, 1.0 };
    fric_status_clear();
    assert_null(fric_lut_create(&st1, 1.0 / 55, 0, NULL));
    expect_last(FRIC_E_PARAM_RANGE, FRIC_E_PARAM_RANGE, -1);
    fric_status_clear();
    assert_null(fric_lut_create(&st1, 1.0 / 30, 1e-6, NULL));     /* eq. 15 fails: the check's own status */
    expect_last(FRIC_E_NO_TRANSFORM, FRIC_E_NO_TRANSFORM, FRIC_LAW_Z);
    /* fric_screw.h, fric_dupont.h */
    const fric_screw e = { 0.663, 1.91, 0.663, 1.91, 0, 0 };
    EXPECT_LAST(fric_screw_dead_band(&e, NAN, &lo, &hi), FRIC_E_PARAM_RANGE, -1);
    const fric_screw bad_e = { 0.663, 0.5, 0.663, 1.91, 0, 0 };
    EXPECT_LAST(fric_screw_dead_band(&bad_e, 1, &lo, &hi), FRIC_E_PARAM_RANGE, -1);
    EXPECT_LAST(fric_screw_from_k(1, &lo, &hi), FRIC_E_PARAM_RANGE, -1);
    fric_screw_drive d = { e, 5, 50, 0, 1e-3, FRIC_TREATMENT_IMPLICIT, 1e-3 };
    fric_screw_state ss;
    fric_screw_drive_init(&d, &ss, 1, 2);
    EXPECT_LAST(fric_screw_drive_step(&d, &ss, INFINITY), FRIC_E_NONFINITE, -1);
    fric_xy_table xt = { 10, 30, 0.3, 1e-3, FRIC_TREATMENT_IMPLICIT, 0 };
    fric_xy_state xs;
    fric_xy_init(&xs, 1, 2);
    EXPECT_LAST(fric_xy_step(&xt, &xs, NAN, 50), FRIC_E_NONFINITE, -1);
    /* fric_bench.h */
    fric_bench_def bd;
    fric_bench_def_from_preset(fric_bench_preset_find("xl330", 4), &bd);
    fric_bench_state bs;
    assert_int_equal(fric_bench_init(&bd, &bs, 0.3, 0, NULL), FRIC_OK);
    EXPECT_LAST(fric_bench_step(&bd, &bs, NAN, 1), FRIC_E_NONFINITE, -1);
    EXPECT_LAST(fric_bench_batch_check(NULL, NULL), FRIC_E_PARAM_RANGE, -1);
    /* fric_regions.h */
    EXPECT_LAST(fric_regions_check(NULL, 0, NULL), FRIC_E_PARAM_RANGE, -1);
    /* fric_io.h: io errors fold into the status, the kind stays in err */
    fric_io_error err;
    EXPECT_LAST(fric_io_log_check(NULL, "x.json", &err), FRIC_E_LOG_INVALID, -1);
    assert_int_equal(err.code, FRIC_IO_MISSING);
    EXPECT_LAST(fric_io_log_check(NULL, "x.json", NULL), FRIC_E_LOG_INVALID, -1);
    fric_io_log L;
    EXPECT_LAST(fric_io_log_read("/nonexistent/x.json", &L, &err), FRIC_E_FILE, -1);
    assert_int_equal(err.code, FRIC_IO_FILE);
    fric_io_log_destroy(&L);
    const fric_scenario *bench = fric_scenario_find("bench");
    double p[FRIC_SCENARIO_MAX_PARAMS];
    fric_scenario_defaults(bench, p);
    EXPECT_LAST(fric_io_params_set(bench, p, "no_such_key", FRIC_IO_NUMBER, 1, NULL, "f.json", &err),
                FRIC_E_PARAMS_INVALID, -1);
    assert_int_equal(err.code, FRIC_IO_UNKNOWN_KEY);
    EXPECT_LAST(fric_io_params_set(bench, p, "kt", FRIC_IO_NUMBER, -5, NULL, "f.json", NULL),
                FRIC_E_PARAMS_INVALID, fric_scenario_param_index(bench, "kt"));
    EXPECT_LAST(fric_io_params_read("/nonexistent/p.json", bench, p, &err), FRIC_E_FILE, -1);
    EXPECT_LAST(fric_io_params_write(NULL, NULL, 0, NULL), FRIC_E_NULL, -1);
}

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

/* Scans every string literal of the C file at path (outside comments) for
 * a banned word; fails naming the file and line. 1 when the file was read. */
static int scan_literals(const char *path)
{
    FILE *fp = fopen(path, "rb");
    if (!fp) return 0;
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
    return 1;
}

/* Scans the .c files of dir and of its subfolders (a stage's own folders,
 * e.g. core/system/<family>); returns how many were read. */
static int scan_dir(const char *dir)
{
    DIR *dp = opendir(dir);
    if (!dp) return 0;
    int scanned = 0;
    for (struct dirent *de; (de = readdir(dp)) != NULL;) {
        if (de->d_name[0] == '.') continue;
        char path[320];
        snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
        struct stat sb;
        if (stat(path, &sb) != 0) continue;
        if (S_ISDIR(sb.st_mode)) {
            scanned += scan_dir(path);
            continue;
        }
        size_t nl = strlen(de->d_name);
        if (nl < 3 || strcmp(de->d_name + nl - 2, ".c") != 0) continue;
        scanned += scan_literals(path);
    }
    closedir(dp);
    return scanned;
}

/* Every string literal of the core's sources (the .c files of each
 * core/<stage> and its subfolders): no command, no button. */
static void test_sources_name_no_command(void **state)
{
    (void)state;
    static const char *const stages[] = { "base", "law", "transform", "element", "system", "analysis", "io" };
    int scanned = 0;
    for (size_t sd = 0; sd < sizeof stages / sizeof stages[0]; sd++) {
        char dir[64];
        snprintf(dir, sizeof dir, "core/%s", stages[sd]);
        scanned += scan_dir(dir); /* 0 when not run from the repository root */
    }
    require_repo_root(scanned > 0, "no core source (core/<stage>/)");
    assert_true(scanned > 30);
}

FRIC_TEST_MAIN(cmocka_unit_test(test_status_names),
               cmocka_unit_test(test_law_check),
               cmocka_unit_test(test_formerly_deviant_calls),
               cmocka_unit_test(test_return_is_recorded_code),
               cmocka_unit_test(test_law_tables),
               cmocka_unit_test(test_servo_tables),
               cmocka_unit_test(test_sources_name_no_command))
