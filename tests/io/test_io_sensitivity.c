/*
 * test_io_sensitivity.c: bam's sensitivity file (Rhoban/bam
 * bam/sensitivity.py): fric_io_sensitivity_read, and the round trip through
 * fric_io_sensitivity_write.
 *
 * References, independent of the code: the shared example file
 * (../shared/data/bam/params/xl330/m4_sensitivity.example.json), parsed
 * here by cJSON directly: the file written from what was read has exactly
 * its keys at every level, in its order, the same JSON types, the same
 * numbers bit for bit and the same spelling of the integral floats (0.0,
 * 4.0: Python's); and the README's key list ("Sensitivity ranges"),
 * transcribed below.
 */
#define _POSIX_C_SOURCE 200809L
#include "test_main.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "bench_json.h"
#include "fric_io.h"

#define EXAMPLE "../shared/data/bam/params/xl330/m4_sensitivity.example.json"

/* The README's keys: model, actuator, params, logdir, base_mae, tolerance,
 * threshold_mae, sensitivity{name: value, lower, upper, lower_clamped,
 * upper_clamped}. */
static const char *const readme_top[] = { "model", "actuator", "params", "logdir", "base_mae",
                                          "tolerance", "threshold_mae", "sensitivity" };
static const char *const readme_entry[] = { "value", "lower", "upper", "lower_clamped",
                                            "upper_clamped" };

/* a and b: the same keys in the same order, the same types, equal numbers,
 * strings and booleans, recursively. */
static void same_json(const cJSON *a, const cJSON *b, const char *where)
{
    assert_int_equal(a->type & 0xff, b->type & 0xff);
    if (cJSON_IsNumber(a)) {
        if (a->valuedouble != b->valuedouble)
            fail_msg("%s: %.17g vs %.17g", where, a->valuedouble, b->valuedouble);
    } else if (cJSON_IsString(a)) {
        assert_string_equal(a->valuestring, b->valuestring);
    } else if (cJSON_IsObject(a)) {
        const cJSON *y = b->child;
        for (const cJSON *x = a->child; x; x = x->next, y = y->next) {
            if (!y) fail_msg("%s: key \"%s\" missing from the second", where, x->string);
            assert_string_equal(x->string, y->string);
            same_json(x, y, x->string);
        }
        if (y) fail_msg("%s: extra key \"%s\" in the second", where, y->string);
    }
}

/* The spelling of every number of a JSON text, in order, '|'-joined: what
 * follows ": " up to ',' or a newline, for the lines holding a number. */
static void number_spellings(const char *text, char *out, size_t size)
{
    out[0] = '\0';
    for (const char *c = strstr(text, "\": "); c; c = strstr(c + 1, "\": ")) {
        const char *v = c + 3;
        if (!((*v >= '0' && *v <= '9') || *v == '-')) continue;
        size_t n = strcspn(v, ",\n");
        strncat(out, v, n < size - strlen(out) - 2 ? n : size - strlen(out) - 2);
        strncat(out, "|", size - strlen(out) - 1);
    }
}

static void put_tmp(char path[32], const char *text, size_t len)
{
    snprintf(path, 32, "/tmp/test_sens_XXXXXX");
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    assert_true(write(fd, text, len) == (ssize_t)len);
    close(fd);
}

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    static char buf[1 << 16];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = '\0';
    return buf;
}

static void example_round_trips(void **state)
{
    (void)state;
    BENCH_SKIP_WITHOUT_DATA(EXAMPLE, "../shared/data/bam/params");
    static fric_io_sensitivity_read_buf r;
    fric_io_error err;
    if (fric_io_sensitivity_read(EXAMPLE, &r, &err)) fail_msg("%s", err.message);
    assert_string_equal(r.f.model, "m4");
    assert_string_equal(r.f.actuator, "xl330");
    assert_int_equal(r.f.n, 11);

    const char *ex = slurp(EXAMPLE);
    cJSON *ref = cJSON_Parse(ex);
    assert_non_null(ref);
    /* the example has the README's keys, in its order */
    int k = 0;
    for (const cJSON *m = ref->child; m; m = m->next, k++)
        assert_string_equal(m->string, readme_top[k]);
    assert_int_equal(k, 8);
    for (const cJSON *e = cJSON_GetObjectItem(ref, "sensitivity")->child; e; e = e->next) {
        k = 0;
        for (const cJSON *m = e->child; m; m = m->next, k++)
            assert_string_equal(m->string, readme_entry[k]);
        assert_int_equal(k, 5);
    }

    static char text[1 << 16];
    size_t len = 0;
    assert_int_equal(fric_io_sensitivity_write(&r.f, text, sizeof text, &len), FRIC_OK);
    assert_int_equal(strlen(text), len);
    cJSON *got = cJSON_Parse(text);
    assert_non_null(got);
    same_json(ref, got, "top");
    /* the numbers spelled as bam's json.dump spells them (0.0, 4.0, 0.03) */
    static char s_ex[8192], s_got[8192];
    number_spellings(ex, s_ex, sizeof s_ex);
    number_spellings(text, s_got, sizeof s_got);
    assert_string_equal(s_got, s_ex);
    /* bam's layout (json.dump, indent 2): the example, line for line */
    assert_string_equal(text, ex[strlen(ex) - 1] == '\n' ? ex : strcat(strcpy(s_ex, ex), "\n"));
    cJSON_Delete(ref);
    cJSON_Delete(got);
}

static void written_reads_back(void **state)
{
    (void)state;
    const fric_io_sensitivity_param prm[2] = {
        { "kt", 1.0 / 3, 0, 1e-300, 1, 0 },
        { "q_offset", -0.1, -0.2, 12345678901234567.0, 0, 1 },
    };
    const fric_io_sensitivity f = { "m2", "mx64", "dir \"a\"\\b\tc\x01.json", "logs", 0.1, 0.03,
                                    0.1 * 1.03, prm, 2 };
    char text[4096];
    size_t len = 0;
    assert_int_equal(fric_io_sensitivity_write(&f, text, sizeof text, &len), FRIC_OK);
    char path[32];
    put_tmp(path, text, len);
    static fric_io_sensitivity_read_buf g;
    fric_io_error err;
    if (fric_io_sensitivity_read(path, &g, &err)) fail_msg("%s", err.message);
    remove(path);
    assert_string_equal(g.f.model, f.model);
    assert_string_equal(g.f.actuator, f.actuator);
    assert_string_equal(g.f.params_path, f.params_path);
    assert_string_equal(g.f.logdir, f.logdir);
    assert_true(g.f.base_mae == f.base_mae && g.f.tolerance == f.tolerance &&
                g.f.threshold_mae == f.threshold_mae);
    assert_int_equal(g.f.n, 2);
    for (int i = 0; i < 2; i++) {
        assert_string_equal(g.f.param[i].name, prm[i].name);
        assert_memory_equal(&g.f.param[i].value, &prm[i].value, 3 * sizeof(double));
        assert_int_equal(g.f.param[i].lower_clamped, prm[i].lower_clamped);
        assert_int_equal(g.f.param[i].upper_clamped, prm[i].upper_clamped);
    }
    assert_non_null(strstr(text, "\"lower\": 0.0,"));
}

/* A file with one thing wrong: the reader's sentence names the key. */
static void bad(const char *json, fric_io_code code, const char *field)
{
    char path[32];
    put_tmp(path, json, strlen(json));
    static fric_io_sensitivity_read_buf r;
    fric_io_error err;
    assert_int_equal(fric_io_sensitivity_read(path, &r, &err), FRIC_E_PARAMS_INVALID);
    remove(path);
    assert_int_equal(err.code, code);
    assert_string_equal(err.field, field);
    assert_non_null(strstr(err.message, field));
    assert_non_null(strstr(err.message, path));
}

#define HEAD "{\"model\": \"m4\", \"actuator\": \"xl330\", \"params\": \"p\", \"logdir\": \"d\", "
#define NUMS "\"base_mae\": 1, \"tolerance\": 0.03, \"threshold_mae\": 1.03, "
#define ENTRY "{\"value\": 1, \"lower\": 0, \"upper\": 2, \"lower_clamped\": true, "

static void refusals(void **state)
{
    (void)state;
    bad(HEAD "\"base_mae\": 1, \"tolerance\": 0.03, \"sensitivity\": {}}", FRIC_IO_MISSING,
        "threshold_mae");
    bad(HEAD NUMS "\"sensitivity\": {}, \"extra\": 1}", FRIC_IO_UNKNOWN_KEY, "extra");
    bad("{\"model\": 4, \"actuator\": \"xl330\", \"params\": \"p\", \"logdir\": \"d\", "
        NUMS "\"sensitivity\": {}}", FRIC_IO_TYPE, "model");
    bad(HEAD "\"base_mae\": \"1\", \"tolerance\": 0.03, \"threshold_mae\": 1.03, "
        "\"sensitivity\": {}}", FRIC_IO_TYPE, "base_mae");
    bad(HEAD NUMS "\"sensitivity\": []}", FRIC_IO_TYPE, "sensitivity");
    bad(HEAD NUMS "\"sensitivity\": {\"kt\": " ENTRY "\"upper_clamped\": 0}}}", FRIC_IO_TYPE,
        "upper_clamped");
    bad(HEAD NUMS "\"sensitivity\": {\"kt\": " ENTRY "\"upper_clamped\": false, \"mid\": 1}}}",
        FRIC_IO_UNKNOWN_KEY, "mid");
    bad(HEAD NUMS "\"sensitivity\": {\"kt\": {\"value\": 1, \"upper\": 2, \"lower_clamped\": "
        "true, \"upper_clamped\": false}}}", FRIC_IO_MISSING, "lower");
    /* a missing file: FRIC_E_FILE, the path named */
    static fric_io_sensitivity_read_buf r;
    fric_io_error err;
    assert_int_equal(fric_io_sensitivity_read("/nonexistent/x_sensitivity.json", &r, &err),
                     FRIC_E_FILE);
    assert_non_null(strstr(err.message, "/nonexistent/x_sensitivity.json"));
}

FRIC_TEST_MAIN(cmocka_unit_test(example_round_trips),
               cmocka_unit_test(written_reads_back),
               cmocka_unit_test(refusals))
