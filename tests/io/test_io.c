/*
 * test_io.c: the io library (fric_io.h): logs and parameter files.
 *
 *  1. Every shared log (../shared/data/bam/logs, 36 files) reads; its values
 *     equal those of the independent ad-hoc reader support/bench_json.c; its
 *     resampled series (fric_io_log_sample) equals a brute-force reference
 *     computed here: for each t_k = k·0.005 s the bracketing entries are
 *     found by scanning the whole log (no cursor), the interpolation written
 *     as the weighted mean (1 − a)·x_i + a·x_{i+1} (1e-12 rad: a different
 *     rounding of the same line).
 *  2. Malformed logs, each refused with its exact code, field, entry and
 *     message: not JSON, nested deeper than 1000 levels (the limit
 *     said), a \u0000 in a string (cJSON would cut the string), not an object, a missing field (torque_enable
 *     included: never defaulted), a wrong type, too few entries,
 *     non-monotonic timestamps, timestamps contradicting dt, ±1e308
 *     positions, an unknown key, speed in some entries only, a missing file.
 *  3. The same rules without JSON (fric_io_log_create_from_raw, as the browser
 *     calls them): a missing torque_enable and a contradicting dt give the
 *     same error as the file path.
 *  4. Parameter files: every shared params file reads into the bench
 *     scenario's vector with the file's values (checked against
 *     bench_json.c); a value out of the scenario's range, a string for a
 *     number, an unknown key and a non-object are refused, naming the key.
 *  5. The params-file writer (fric_io_params_write): for a fixed input its
 *     text equals a file typed by hand here from the format fric_io.h
 *     documents (with and without fit metadata); every preset, and each
 *     preset with every value moved by a few ulps (values that need 16-17
 *     digits), written then read back by the core's reader
 *     (fric_io_params_read) gives the same doubles, bit for bit; a small
 *     buffer, a missing argument, a bad model, actuator or value are
 *     refused with their status and parameter index.
 *  6. The writer writes only what its reader reads: a carried value of every
 *     JSON kind (strings with every escape and UTF-8, numbers at the ends
 *     of binary64, arrays, objects) at 255 bytes (the most carried), one
 *     less and one more, read, written, read and written again (the same
 *     carry, the same text, and cJSON finds the value in the text); a longer
 *     value is refused by its length, never carried cut; a value cJSON
 *     takes and JSON.parse does not (01, a raw tab) or the reverse (a lone
 *     surrogate) is refused.
 * Parts 1 and 4 skip (counted by cmocka, with a message) without ../shared.
 */
#define _POSIX_C_SOURCE 200809L
#include "test_main.h"

#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "bench_json.h"
#include "bench_logs.h"
#include "fric_bench.h"
#include "fric_io.h"
#include "fric_scenario.h"
#include "fric_status.h"

#define BAM "../shared/data/bam"
#define RESAMPLE_TOL 1e-12   /* [rad] two roundings of one interpolation */

static const char *const log_dirs[] = {
    BAM "/logs/xl330/processed", BAM "/logs/xl330/raw", BAM "/logs/sts3215/raw",
};

/* ------------------------------------------------------------ shared logs */

/* Sample k of the brute-force reference: bracket by a full scan. */
static void ref_sample(const bench_json_entries *e, double t, double *pos, double *goal, int *te)
{
    size_t i = 0;
    for (size_t j = 1; j + 1 < e->n; j++)
        if (e->timestamp[j] < t) i = j;        /* last entry before t, at most n − 2 */
    double a = (t - e->timestamp[i]) / (e->timestamp[i + 1] - e->timestamp[i]);
    *pos = (1 - a) * e->position[i] + a * e->position[i + 1];
    *goal = (1 - a) * e->goal_position[i] + a * e->goal_position[i + 1];
    *te = (1 - a) * e->torque_enable[i] + a * e->torque_enable[i + 1] > 0.5;
}

static void check_shared_log(const char *path)
{
    fric_io_log L;
    fric_io_error err;
    if (fric_io_log_read(path, &L, &err)) fail_msg("%s", err.message);
    bench_json_file f;
    bench_json_entries e;
    assert_int_equal(bench_json_load(path, &f), 0);
    assert_int_equal(bench_json_entries_read(&f, &e), 0);
    double v;
    assert_int_equal(bench_json_num(&f, "mass", &v), 1);
    assert_true(L.mass == v);
    assert_int_equal(bench_json_num(&f, "kp", &v), 1);
    assert_true(L.kp == v);
    assert_true(L.dt == (bench_json_num(&f, "dt", &v) == 1 ? v : 0));
    assert_int_equal(L.n, e.n);
    for (size_t k = 0; k < e.n; k++) {
        assert_true(L.timestamp[k] == e.timestamp[k]);
        assert_true(L.position[k] == e.position[k]);
        assert_true(L.goal_position[k] == e.goal_position[k]);
        assert_int_equal(L.torque_enable[k], e.torque_enable[k]);
    }
    size_t N = fric_io_log_samples(&L), cursor = 0;
    size_t want = L.dt > 0 ? e.n : (size_t)ceil(e.timestamp[e.n - 1] / 0.005);
    assert_int_equal(N, want);
    double worst = 0;
    for (size_t k = 0; k < N; k++) {
        fric_io_sample s = fric_io_log_sample(&L, k, &cursor);
        double pos, goal;
        int te;
        if (L.dt > 0) {
            pos = e.position[k];
            goal = e.goal_position[k];
            te = e.torque_enable[k];
            assert_true(s.t == e.timestamp[k]);
        } else {
            ref_sample(&e, (double)k * 0.005, &pos, &goal, &te);
            assert_true(s.t == (double)k * 0.005);
        }
        worst = fmax(worst, fmax(fabs(s.position - pos), fabs(s.goal - goal)));
        assert_int_equal(s.torque_enable, te);
    }
    if (!(worst <= RESAMPLE_TOL)) fail_msg("%s: resampled series off by %g rad", path, worst);
    bench_json_entries_free(&e);
    bench_json_free(&f);
    fric_io_log_destroy(&L);
}

static void every_shared_log_reads(void **state)
{
    (void)state;
    BENCH_SKIP_WITHOUT_DATA(BAM "/logs/xl330/processed/2026-01-15_10h28m10.json", BAM "/logs");
    int count = 0;
    for (size_t d = 0; d < sizeof log_dirs / sizeof log_dirs[0]; d++) {
        DIR *dir = opendir(log_dirs[d]);
        assert_non_null(dir);
        struct dirent *x;
        while ((x = readdir(dir))) {
            size_t len = strlen(x->d_name);
            if (len < 5 || strcmp(x->d_name + len - 5, ".json") != 0) continue;
            char path[512];
            snprintf(path, sizeof path, "%s/%s", log_dirs[d], x->d_name);
            check_shared_log(path);
            count++;
        }
        closedir(dir);
    }
    print_message("%d shared logs read and resampled as the brute-force reference\n", count);
    assert_int_equal(count, 36);
}

/* ------------------------------------------------------------ bad logs */

static char tmp_path[64];

/* Writes text to a temporary file; returns its path. */
static const char *tmp_file(const char *text)
{
    snprintf(tmp_path, sizeof tmp_path, "/tmp/test_io_XXXXXX");
    int fd = mkstemp(tmp_path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
    return tmp_path;
}

/* A log text: header, then n entries from a printf format of k. */
static char *log_text(const char *header, int n, const char *entry_fmt, int bad_k,
                      const char *bad_entry)
{
    size_t cap = 4096 + (size_t)n * 200;
    char *t = malloc(cap);
    assert_non_null(t);
    size_t w = (size_t)snprintf(t, cap, "{%s\"entries\": [", header);
    for (int k = 0; k < n; k++) {
        if (k) w += (size_t)snprintf(t + w, cap - w, ", ");
        if (k == bad_k) w += (size_t)snprintf(t + w, cap - w, "%s", bad_entry);
        else w += (size_t)snprintf(t + w, cap - w, entry_fmt, k * 0.005, 0.01 * k);
    }
    snprintf(t + w, cap - w, "]}");
    return t;
}

#define HEAD "\"mass\": 0.5, \"length\": 0.1, \"kp\": 100, \"motor\": \"xl330\", "
#define ENTRY "{\"timestamp\": %.17g, \"position\": %.17g, \"goal_position\": 0, \"torque_enable\": true}"

/* An io failure: the returned status (fric_io.h, Errors), the kind kept in
 * err, and the thread's last failure repeating both status and message. */
static void io_failed(int rc, fric_status status, const fric_io_error *err, fric_io_code kind,
                      int param)
{
    fric_error e = fric_status_last();
    if (rc != (int)status || err->code != kind || e.code != status || e.param != param)
        fail_msg("rc %s, kind %s, last %s param %d; want %s, %s, param %d: %s",
                 fric_status_name(rc), fric_io_code_name(err->code), fric_status_name(e.code),
                 e.param, fric_status_name(status), fric_io_code_name(kind), param, err->message);
    assert_string_equal(e.message, err->message);
}

/* Reads text as a log and checks the refusal. */
static void refused(const char *text, fric_io_code code, const char *field, long entry,
                    const char *message_tail)
{
    const char *path = tmp_file(text);
    fric_io_log L;
    fric_io_error err;
    int rc = fric_io_log_read(path, &L, &err);
    remove(path);
    if (rc == 0) fail_msg("accepted: %.80s", text);
    io_failed(rc, FRIC_E_LOG_INVALID, &err, code, -1);
    assert_string_equal(err.field, field);
    assert_int_equal(err.entry, entry);
    char want[600];
    snprintf(want, sizeof want, "log %s%s", path, message_tail);
    assert_string_equal(err.message, want);
    assert_null(L.timestamp);
}

/* Reads as a log the header and n entries of ENTRY, entry bad_k (none: -1)
 * replaced by bad_entry, and checks the refusal as refused does. */
static void refused_log(const char *header, int n, int bad_k, const char *bad_entry,
                        fric_io_code code, const char *field, long entry, const char *message_tail)
{
    char *t = log_text(header, n, ENTRY, bad_k, bad_entry);
    refused(t, code, field, entry, message_tail);
    free(t);
}

static void bad_logs_are_refused_exactly(void **state)
{
    (void)state;
    char *t;
    refused("hello", FRIC_IO_SYNTAX, "", -1, ":1:1: not JSON: unexpected 'h'.");
    refused("{\"mass\": 0.5,\n \"entries\": [", FRIC_IO_SYNTAX, "", -1,
            ":2:14: not JSON: the text ends before the document does (cut off?).");
    refused("[1, 2]", FRIC_IO_NOT_OBJECT, "", -1,
            ": expected a JSON object with mass, length, kp and entries, found an array.");
    /* a \u0000 in a string (cJSON would end the string there: a motor
     * "a\u0000b" read as "a"); an escaped backslash before u0000 is none */
    refused("{\"motor\": \"a\\u0000b\"}", FRIC_IO_SYNTAX, "", -1,
            ":1:13: a string holds \\u0000 (a NUL character), which would cut it there; remove "
            "it.");
    refused("{\"motor\": \"a\\\\u0000b\"}", FRIC_IO_MISSING, "mass", -1,
            ": the header has no \"mass\"; a log needs mass, length, kp and entries.");
    /* nested too deeply: the limit said (1000 levels: the object and 999
     * arrays read; the 1000th array, at column 17 + 1000 after the 17
     * characters of {"a": "[[{", "b":, refused), not "unexpected '['"; a
     * string's brackets do not count */
    {
        static char deep[2100];
        int n = snprintf(deep, sizeof deep, "{\"a\": \"[[{\", \"b\":");
        for (int k = 0; k < 1000; k++) deep[n++] = '[';
        deep[n] = '\0';
        refused(deep, FRIC_IO_SYNTAX, "", -1, ":1:1017: arrays and objects nested deeper than "
                "1000 levels, the most read.");
    }
    refused_log("\"length\": 0.1, \"kp\": 100, ", 20, -1, "", FRIC_IO_MISSING, "mass", -1,
                ": the header has no \"mass\"; a log needs mass, length, kp and entries.");
    refused("{" HEAD "\"dt\": 0.005}", FRIC_IO_MISSING, "entries", -1,
            ": the header has no \"entries\"; a log needs mass, length, kp and entries.");
    refused_log(HEAD, 20, 12, "{\"timestamp\": 0.06, \"position\": 0, \"goal_position\": 0}",
                FRIC_IO_MISSING, "torque_enable", 12,
                ": entry 12 has no \"torque_enable\"; every entry needs timestamp, position, "
                "goal_position and torque_enable.");
    refused_log(HEAD, 20, 12,
                "{\"timestamp\": 0.06, \"position\": \"abc\", \"goal_position\": 0, \"torque_enable\": true}",
                FRIC_IO_TYPE, "position", 12,
                ": entry 12: \"position\" must be a number, found a string.");
    refused_log("\"mass\": \"0.5\", \"length\": 0.1, \"kp\": 100, ", 20, -1, "",
                FRIC_IO_TYPE, "mass", -1, ": \"mass\" must be a number, found a string.");
    refused_log(HEAD, 1, -1, "", FRIC_IO_TOO_FEW, "entries", -1,
                ": \"entries\" has 1 entry; a replay needs at least 2.");
    refused_log(HEAD, 20, 15,
                "{\"timestamp\": 0.01, \"position\": 0, \"goal_position\": 0, \"torque_enable\": true}",
                FRIC_IO_ORDER, "timestamp", 15,
                ": entry 15: \"timestamp\" 0.01 s is not after the previous one "
                "(0.070000000000000007 s); timestamps must increase.");
    /* a processed log missing one sample: entry 10 is at 11·dt */
    refused_log(HEAD "\"dt\": 0.005, ", 20, 10,
                "{\"timestamp\": 0.055, \"position\": 0, \"goal_position\": 0, \"torque_enable\": true}",
                FRIC_IO_DT, "timestamp", 10,
                ": entry 10: \"timestamp\" 0.055 s contradicts \"dt\" = 0.005 s: expected "
                "0.050000000000000003 s (t_0 + k·dt) within 5e-06 s.");
    refused_log(HEAD, 20, 7,
                "{\"timestamp\": 0.035, \"position\": 1e308, \"goal_position\": 0, \"torque_enable\": true}",
                FRIC_IO_RANGE, "position", 7,
                ": entry 7: \"position\" = 1e+308 rad is beyond ±10000 rad.");
    refused_log(HEAD, 20, 8,
                "{\"timestamp\": 0.04, \"position\": -1e308, \"goal_position\": 0, \"torque_enable\": true}",
                FRIC_IO_RANGE, "position", 8,
                ": entry 8: \"position\" = -1e+308 rad is beyond ±10000 rad.");
    refused_log(HEAD, 20, 3,
                "{\"timestamp\": 0.015, \"position\": 0, \"goal_position\": 0, \"torque_enable\": true, \"torque\": 1}",
                FRIC_IO_UNKNOWN_KEY, "torque", 3,
                ": entry 3 has the unknown key \"torque\"; entries have timestamp, position, "
                "goal_position, torque_enable, speed, input_volts, load, temp.");
    refused_log(HEAD, 20, 4,
                "{\"timestamp\": 0.02, \"position\": 0, \"goal_position\": 0, \"torque_enable\": true, \"speed\": 1}",
                FRIC_IO_SPEED_MIXED, "speed", 4,
                ": entry 4 has \"speed\" but entry 0 has not; give it in every entry or in none.");
    refused_log(HEAD "\"mas\": 1, ", 20, -1, "", FRIC_IO_UNKNOWN_KEY, "mas", -1,
                ": unknown header key \"mas\"; a log has mass, length, kp, entries and optionally "
                "vin, dt, arm_mass, damping, max_amps, motor, trajectory, comment.");
    refused_log(HEAD "\"damping\": -0.1, ", 20, -1, "", FRIC_IO_RANGE, "damping", -1,
                ": \"damping\" = -0.1 must be finite and >= 0 (0 when absent).");
    refused_log(HEAD "\"comment\": 1, ", 20, -1, "", FRIC_IO_TYPE, "comment", -1,
                ": \"comment\" must be a string, found a number.");
    /* a well-formed log is accepted; its "comment" (where the log comes from) is read and not used */
    t = log_text(HEAD "\"dt\": 0.005, \"comment\": \"simulated by the core\", ", 20, ENTRY, -1, "");
    const char *path = tmp_file(t);
    fric_io_log L;
    fric_io_error err;
    if (fric_io_log_read(path, &L, &err)) fail_msg("%s", err.message);
    remove(path);
    assert_int_equal(fric_io_log_samples(&L), 20);
    assert_string_equal(L.motor, "xl330");
    assert_null(L.speed);
    assert_true(L.damping == 0 && L.max_amps == 0);
    fric_io_log_destroy(&L);
    free(t);
    /* the Feetech HLS's header keys (bam/feetech_hls/actuator.py) */
    t = log_text(HEAD "\"damping\": 0.125, \"max_amps\": 0.5, ", 20, ENTRY, -1, "");
    path = tmp_file(t);
    if (fric_io_log_read(path, &L, &err)) fail_msg("%s", err.message);
    remove(path);
    assert_true(L.damping == 0.125 && L.max_amps == 0.5);
    fric_io_log_destroy(&L);
    free(t);
    io_failed(fric_io_log_read("/nonexistent/x.json", &L, &err), FRIC_E_FILE, &err, FRIC_IO_FILE, -1);
    assert_string_equal(err.message, "log /nonexistent/x.json: No such file or directory.");
}

/* -------------------------------------------------- the rules without JSON */

static void raw_path_gives_the_same_errors(void **state)
{
    (void)state;
    enum { N = BENCH_RAW_N };
    static bench_raw_log R;
    bench_raw_log_make(&R);
    unsigned char *kind = R.kind;
    double *value = R.value;
    int *te = R.te;
    fric_io_log_raw raw = R.raw;
    fric_io_log L;
    fric_io_error err;
    assert_int_equal(fric_io_log_create_from_raw(&raw, te, "x.json", &L, &err), 0);
    assert_int_equal(fric_io_log_samples(&L), N);
    kind[FRIC_IO_E_ENABLE * N + 12] = FRIC_IO_ABSENT;
    io_failed(fric_io_log_create_from_raw(&raw, te, "x.json", &L, &err), FRIC_E_LOG_INVALID, &err,
              FRIC_IO_MISSING, -1);
    assert_string_equal(err.message, "log x.json: entry 12 has no \"torque_enable\"; every entry "
                        "needs timestamp, position, goal_position and torque_enable.");
    kind[FRIC_IO_E_ENABLE * N + 12] = FRIC_IO_BOOL;
    value[FRIC_IO_E_TIMESTAMP * N + 10] = 0.055;
    value[FRIC_IO_E_TIMESTAMP * N + 11] = 0.0555;
    io_failed(fric_io_log_create_from_raw(&raw, te, "x.json", &L, &err), FRIC_E_LOG_INVALID, &err,
              FRIC_IO_DT, -1);
    assert_int_equal(err.entry, 10);
    /* within the tolerance: accepted */
    value[FRIC_IO_E_TIMESTAMP * N + 10] = 0.05 + 0.9 * FRIC_IO_DT_TOL * 0.005;
    value[FRIC_IO_E_TIMESTAMP * N + 11] = 0.055;
    assert_int_equal(fric_io_log_create_from_raw(&raw, te, "x.json", &L, &err), 0);
}

/* ------------------------------------------------------- parameter files */

static void shared_params_read(void **state)
{
    (void)state;
    BENCH_SKIP_WITHOUT_DATA(BAM "/params/xl330/m4.json", BAM "/params");
    const fric_scenario *sc = fric_scenario_find("bench");
    assert_non_null(sc);
    static const char *const acts[] = { "erob80_100", "erob80_50", "feetech_sts3215_7_4V",
                                        "mx106", "mx64", "xl320", "xl330" };
    int files = 0;
    for (size_t a = 0; a < sizeof acts / sizeof acts[0]; a++)
        for (int m = 1; m <= 6; m++) {
            char path[256];
            snprintf(path, sizeof path, BAM "/params/%s/m%d.json", acts[a], m);
            bench_json_file f;
            if (bench_json_load(path, &f)) continue;
            double p[FRIC_SCENARIO_MAX_PARAMS];
            fric_scenario_defaults(sc, p);
            fric_io_error err;
            if (fric_io_params_read(path, sc, p, &err)) fail_msg("%s", err.message);
            for (int i = 0; i < bench_json_count_numbers(&f); i++) {
                char key[64];
                double v;
                assert_int_equal(bench_json_number_key(&f, i, key, sizeof key, &v), 1);
                int j = fric_scenario_param_index(sc, key);
                assert_true(j >= 0);
                if (p[j] != v) fail_msg("%s: %s = %.17g, file %.17g", path, key, p[j], v);
            }
            assert_true(p[fric_scenario_param_index(sc, "model")] == m - 1);
            bench_json_free(&f);
            files++;
        }
    print_message("%d shared params files read\n", files);
    assert_true(files >= 20);
}

/* Reads text, written to a temporary file (its path left in tmp_path), as a
 * params file into p, the defaults of scenario sc; returns the read's status. */
static int params_read_text(const char *text, const fric_scenario *sc, double *p,
                            fric_io_error *err)
{
    fric_scenario_defaults(sc, p);
    const char *path = tmp_file(text);
    int rc = fric_io_params_read(path, sc, p, err);
    remove(path);
    return rc;
}

static void params_refused(const char *text, fric_io_code code, const char *field,
                           const char *needle)
{
    /* param: the key's index among the bench's parameters, −1 for none */
    const fric_scenario *sc = fric_scenario_find("bench");
    double p[FRIC_SCENARIO_MAX_PARAMS];
    fric_io_error err;
    int rc = params_read_text(text, sc, p, &err);
    io_failed(rc, FRIC_E_PARAMS_INVALID, &err, code, fric_scenario_param_index(sc, field));
    assert_string_equal(err.field, field);
    assert_non_null(strstr(err.message, tmp_path));
    if (!strstr(err.message, needle)) fail_msg("'%s' lacks '%s'", err.message, needle);
}

static void bad_params_are_refused(void **state)
{
    (void)state;
    params_refused("{\"kt\": -5}", FRIC_IO_RANGE, "kt", "kt");
    params_refused("{\"kt\": \"2\"}", FRIC_IO_TYPE, "kt", "must be a number (N·m/A)");
    params_refused("{\"model\": \"m9\"}", FRIC_IO_RANGE, "model", "m9");
    params_refused("{\"model\": 4}", FRIC_IO_TYPE, "model", "must be a string");
    params_refused("{\"no_such_key\": 1}", FRIC_IO_UNKNOWN_KEY, "no_such_key", "no_such_key");
    params_refused("[1, 2]", FRIC_IO_NOT_OBJECT, "", "found an array");
    params_refused("{\"a\": 1,\n  \"x\": }", FRIC_IO_SYNTAX, "", ":2:8: not JSON");
    /* a value out of range names the key and the range: bam's max_velocity is
       a rate >= 0 (README: bounds 0.1x..10x of 3400·2π/4096) */
    params_refused("{\"max_velocity\": -3}", FRIC_IO_RANGE, "max_velocity", "max_velocity = -3 is "
                   "out of range; accepted: a value in [");
    /* the integrator is "bam" or "mujoco" (bam/simulate.py, MuJoCo's Euler) */
    params_refused("{\"integrator\": \"euler\"}", FRIC_IO_RANGE, "integrator",
                   "not one of: bam, mujoco");
}

/* --------------------------------------------------- writing params files */

/* A fixed M2 file (M2 uses friction_base, friction_stribeck,
 * dtheta_stribeck, alpha and friction_viscous), typed by hand: without and
 * with fit metadata (between the coefficients and the model). */
#define M2_COEFS                                \
    "{\n"                                       \
    "    \"kt\": 1.5,\n"                        \
    "    \"R\": 2.25,\n"                        \
    "    \"armature\": 0.0125,\n"               \
    "    \"q_offset\": -0.1,\n"                 \
    "    \"friction_base\": 0.05,\n"            \
    "    \"friction_stribeck\": 0.1,\n"         \
    "    \"dtheta_stribeck\": 0.2,\n"           \
    "    \"alpha\": 1,\n"                       \
    "    \"friction_viscous\": 1e-05,\n"
#define M2_NAMES                                \
    "    \"model\": \"m2\",\n"                  \
    "    \"actuator\": \"xl330\"\n"              \
    "}\n"
static const char expected_m2[] = M2_COEFS M2_NAMES;
static const char expected_m2_fit[] = M2_COEFS
    "    \"fit_train_mae\": 0.0123,\n"
    "    \"fit_logs\": 4,\n"
    "    \"fit_evaluations\": 600,\n"
    M2_NAMES;

static fric_io_params_file fixed_m2(void)
{
    fric_io_params_file f = { .actuator = "xl330", .kt = 1.5, .R = 2.25, .armature = 0.0125,
                              .q_offset = -0.1, .fit = NULL };
    f.friction = (fric_servo_friction){ .model = 2, .K_c = 0.05, .K_cs = 0.1, .dtheta_s = 0.2,
                                        .alpha = 1, .K_v = 1e-5,
                                        .K_l = 7, .K_mq = 8 };   /* unused by M2: not written */
    return f;
}

static void params_write_fixed_text(void **state)
{
    (void)state;
    fric_io_params_file f = fixed_m2();
    char buf[1024];
    size_t len = 0;
    assert_int_equal(fric_io_params_write(&f, buf, sizeof buf, &len), FRIC_OK);
    assert_string_equal(buf, expected_m2);
    assert_int_equal(len, strlen(expected_m2));
    fric_io_params_fit meta = { .train_mae = 0.0123, .holdout_mae = NAN, .logs = 4, .evaluations = 600 };
    f.fit = &meta;
    assert_int_equal(fric_io_params_write(&f, buf, sizeof buf, &len), FRIC_OK);
    assert_string_equal(buf, expected_m2_fit);
    assert_int_equal(len, strlen(expected_m2_fit));
    /* the reader accepts the metadata keys and sets nothing from them */
    const fric_scenario *sc = fric_scenario_find("bench");
    double p[FRIC_SCENARIO_MAX_PARAMS], q[FRIC_SCENARIO_MAX_PARAMS];
    fric_scenario_defaults(sc, p);
    fric_scenario_defaults(sc, q);
    assert_true(sc->n_params > 0);
    const char *path = tmp_file(expected_m2_fit);
    fric_io_error err;
    int rc = fric_io_params_read(path, sc, p, &err);
    remove(path);
    if (rc) fail_msg("%s", err.message);
    path = tmp_file(expected_m2);
    rc = fric_io_params_read(path, sc, q, &err);
    remove(path);
    if (rc) fail_msg("%s", err.message);
    assert_memory_equal(p, q, (size_t)sc->n_params * sizeof p[0]);
    /* the size alone (buf NULL, cap 0), then one byte short of the NUL */
    f.fit = NULL;
    assert_int_equal(fric_io_params_write(&f, NULL, 0, &len), FRIC_E_BUFFER);
    assert_int_equal(len, strlen(expected_m2));
    assert_int_equal(fric_io_params_write(&f, buf, strlen(expected_m2), &len), FRIC_E_BUFFER);
    assert_int_equal(fric_status_last().code, FRIC_E_BUFFER);
    assert_int_equal(fric_io_params_write(&f, buf, strlen(expected_m2) + 1, &len), FRIC_OK);
    assert_string_equal(buf, expected_m2);
}

static void params_write_refuses(void **state)
{
    (void)state;
    char buf[1024];
    fric_io_params_file f = fixed_m2();
    assert_int_equal(fric_io_params_write(NULL, buf, sizeof buf, NULL), FRIC_E_NULL);
    assert_int_equal(fric_status_last().code, FRIC_E_NULL);
    assert_int_equal(fric_io_params_write(&f, NULL, 10, NULL), FRIC_E_NULL);
    f.actuator = NULL;
    assert_int_equal(fric_io_params_write(&f, buf, sizeof buf, NULL), FRIC_E_NULL);
    f.actuator = "xl\"330";
    assert_int_equal(fric_io_params_write(&f, buf, sizeof buf, NULL), FRIC_E_PARAM_RANGE);
    assert_int_equal(fric_status_last().param, -1);
    f.actuator = "";
    assert_int_equal(fric_io_params_write(&f, buf, sizeof buf, NULL), FRIC_E_PARAM_RANGE);
    f = fixed_m2();
    f.friction.model = 7;
    assert_int_equal(fric_io_params_write(&f, buf, sizeof buf, NULL), FRIC_E_PARAM_RANGE);
    assert_int_equal(fric_status_last().param, -1);
    f = fixed_m2();
    f.R = NAN;     /* index 1 of the file's order */
    assert_int_equal(fric_io_params_write(&f, buf, sizeof buf, NULL), FRIC_E_PARAM_RANGE);
    assert_int_equal(fric_status_last().param, 1);
    assert_non_null(strstr(fric_status_last().message, "\"R\""));
    f = fixed_m2();
    f.friction.alpha = INFINITY;   /* coefficient 12 of FRIC_SERVO_COEFS: 4 + 11 */
    assert_int_equal(fric_io_params_write(&f, buf, sizeof buf, NULL), FRIC_E_PARAM_RANGE);
    assert_int_equal(fric_status_last().param, 15);
    f = fixed_m2();
    f.friction.K_eq = NAN;        /* unused by M2: not written, not refused */
    assert_int_equal(fric_io_params_write(&f, buf, sizeof buf, NULL), FRIC_OK);
}

/* Writes f, reads it back into the bench scenario's vector and checks every
 * written value bit for bit. */
static void round_trip(const fric_io_params_file *f)
{
    char buf[2048];
    size_t len;
    if (fric_io_params_write(f, buf, sizeof buf, &len)) fail_msg("%s", fric_status_last().message);
    const fric_scenario *sc = fric_scenario_find("bench");
    double p[FRIC_SCENARIO_MAX_PARAMS];
    fric_io_error err;
    int rc = params_read_text(buf, sc, p, &err);
    if (rc) fail_msg("%s\n%s", err.message, buf);
    double c[FRIC_SERVO_N_COEFS];
    fric_servo_to_array(&f->friction, c);
    const struct { const char *key; double v; } servo[] = {
        { "kt", f->kt }, { "R", f->R }, { "armature", f->armature }, { "q_offset", f->q_offset },
    };
    for (size_t i = 0; i < 4; i++) {
        int j = fric_scenario_param_index(sc, servo[i].key);
        if (memcmp(&p[j], &servo[i].v, sizeof(double)) != 0)
            fail_msg("%s: wrote %.17g, read %.17g\n%s", servo[i].key, servo[i].v, p[j], buf);
    }
    for (int i = 1; i < FRIC_SERVO_N_COEFS; i++) {
        if (!fric_servo_coef_used(f->friction.model, i)) continue;
        int j = fric_scenario_param_index(sc, fric_servo_coef_keys[i]);
        assert_true(j >= 0);
        if (memcmp(&p[j], &c[i], sizeof(double)) != 0)
            fail_msg("%s: wrote %.17g, read %.17g\n%s", fric_servo_coef_keys[i], c[i], p[j], buf);
    }
    assert_true(p[fric_scenario_param_index(sc, "model")] == f->friction.model - 1);
    int ia = fric_scenario_param_index(sc, "actuator");
    assert_string_equal(sc->params[ia].choices[(int)p[ia]], f->actuator);
}

static void params_write_round_trips(void **state)
{
    (void)state;
    int files = 0;
    for (int k = 0; k < fric_bench_preset_count(); k++) {
        const fric_bench_preset *ps = fric_bench_preset_at(k);
        fric_io_params_file f = { .actuator = ps->actuator, .kt = ps->servo.kt, .R = ps->servo.R,
                                  .armature = ps->servo.armature, .q_offset = ps->servo.q_offset,
                                  .friction = ps->friction, .fit = NULL };
        round_trip(&f);
        files++;
        /* each value moved by 1..3 ulps: shortest forms of 16-17 digits */
        for (int u = 1; u <= 3; u++) {
            fric_io_params_file g = f;
            double *v[] = { &g.kt, &g.R, &g.armature, &g.q_offset };
            for (size_t i = 0; i < 4; i++)
                for (int s = 0; s < u; s++) *v[i] = nextafter(*v[i], INFINITY);
            double c[FRIC_SERVO_N_COEFS];
            fric_servo_to_array(&g.friction, c);
            for (int i = 1; i < FRIC_SERVO_N_COEFS; i++)
                if (fric_servo_coef_used(g.friction.model, i))
                    for (int s = 0; s < u; s++) c[i] = nextafter(c[i], INFINITY);
            fric_servo_from_array(c, &g.friction);
            round_trip(&g);
            files++;
        }
    }
    print_message("%d params files written and read back, every value bit for bit\n", files);
    assert_true(files >= 4 * 30);
}

/* ------------------------------------- keys the core does not model, bam's */

/* The params file of the bench vector p (the keys fric_io_params_write
 * writes), with carry: what a door that read a file writes back. */
static fric_io_params_file file_of(const fric_scenario *sc, const double *p,
                                   const fric_io_params_carry *carry)
{
#define P(key) p[fric_scenario_param_index(sc, key)]
    int ia = fric_scenario_param_index(sc, "actuator");
    fric_io_params_file f = { .actuator = sc->params[ia].choices[(int)p[ia]], .kt = P("kt"),
                              .R = P("R"), .armature = P("armature"), .q_offset = P("q_offset"),
                              .integrator = (int)P("integrator"), .carry = carry };
    const fric_servo_actuator *act = fric_bench_actuator_find(fric_bench_actuator_resolve(f.actuator));
    f.torque_control = act && act->control == FRIC_SERVO_TORQUE;
    double pos[5] = { P("error_gain_ratio"), P("max_velocity"), P("max_current"),
                      P("current_limit"), P("max_torque") };
    for (int i = 0; i < 5; i++) if (pos[i] < 0) pos[i] = 0;   /* unset: not written */
    f.error_gain_ratio = pos[0];
    f.max_velocity = pos[1];
    f.max_current = pos[2];
    f.current_limit = pos[3];
    f.max_torque = pos[4];
    double c[FRIC_SERVO_N_COEFS] = { P("model") + 1 };
    for (int i = 1; i < FRIC_SERVO_N_COEFS; i++) {
        c[i] = P(fric_servo_coef_keys[i]);
        if (c[i] < 0) c[i] = 0;
    }
    fric_servo_from_array(c, &f.friction);
    return f;
#undef P
}

/* text (typed by hand in bam's layout) read with a carry and written back
 * is text again, byte for byte; carried: the keys expected carried. */
static void carried_bit_for_bit(const char *text, int carried)
{
    const fric_scenario *sc = fric_scenario_find("bench");
    double p[FRIC_SCENARIO_MAX_PARAMS];
    fric_scenario_defaults(sc, p);
    fric_io_params_carry carry;
    fric_io_error err;
    const char *path = tmp_file(text);
    int rc = fric_io_params_read_carry(path, sc, p, &carry, &err);
    remove(path);
    if (rc) fail_msg("%s\n%s", err.message, text);
    assert_int_equal(carry.n, carried);
    fric_io_params_file f = file_of(sc, p, &carry);
    char buf[4096];
    size_t len = 0;
    if (fric_io_params_write(&f, buf, sizeof buf, &len)) fail_msg("%s", fric_status_last().message);
    assert_string_equal(buf, text);
}

/* A fork's M1 file of the XL330 (bam writes its keys in its own order; this
 * is the writer's order) with command_delay, a nested object and an array. */
static const char fork_m1[] =
    "{\n"
    "    \"kt\": 0.4,\n"
    "    \"R\": 3.5,\n"
    "    \"armature\": 0.002,\n"
    "    \"q_offset\": 0.03,\n"
    "    \"friction_base\": 0.01,\n"
    "    \"friction_viscous\": 0.005,\n"
    "    \"command_delay\": 0.012,\n"
    "    \"fork_meta\": {\"delays\":[0.001,2e-3],\"note\":\"a \\\"q\\\" b\",\"on\":true,\"x\":null},\n"
    "    \"model\": \"m1\",\n"
    "    \"actuator\": \"xl330\"\n"
    "}\n";

static void unmodelled_keys_are_carried(void **state)
{
    (void)state;
    carried_bit_for_bit(fork_m1, 2);
    const fric_scenario *sc = fric_scenario_find("bench");
    double p[FRIC_SCENARIO_MAX_PARAMS];
    fric_scenario_defaults(sc, p);
    fric_io_params_carry carry;
    fric_io_error err;
    /* the file's own spelling, white space outside strings dropped */
    const char *path = tmp_file("{\"command_delay\": 1E-2, \"m\": { \"a\" : [ 1 , \"b c\" ] }}");
    assert_int_equal(fric_io_params_read_carry(path, sc, p, &carry, &err), FRIC_OK);
    remove(path);
    assert_int_equal(carry.n, 2);
    assert_string_equal(carry.key[0], "command_delay");
    assert_string_equal(carry.value[0], "1E-2");
    assert_string_equal(carry.value[1], "{\"a\":[1,\"b c\"]}");
    /* the one warning sentence: the key, not modelled, carried unchanged */
    char note[256];
    assert_string_equal(fric_io_params_carry_note("command_delay", "f.json", note, sizeof note),
                        "params f.json: key \"command_delay\" is not modelled by the core; it is "
                        "carried unchanged into every params file written from this one.");
    /* without a carry (fric_io_params_read) such a key is still refused */
    params_refused("{\"command_delay\": 0.012}", FRIC_IO_UNKNOWN_KEY, "command_delay",
                   "not a parameter of bench");
}

/* A servo's params file, every door's check (fric_bench_params_servo): a
 * file must name its actuator and model (`{}` is no servo: it never becomes
 * a default one), and the bench must build a servo of it; each refusal one
 * sentence naming the file, written here by hand. */
static int servo_of(const char *text, fric_bench_def *d, const char **act, int *model)
{
    const fric_scenario *sc = fric_scenario_find("bench");
    double p[FRIC_SCENARIO_MAX_PARAMS];
    fric_bench_params_servo_init(p);
    fric_io_params_carry carry;
    fric_io_error err;
    const char *path = tmp_file(text);
    int rc = fric_io_params_read_carry(path, sc, p, &carry, &err);
    remove(path);
    if (rc) fail_msg("%s\n%s", err.message, text);
    return fric_bench_params_servo(p, "f.json", d, act, model);
}

static void servo_file_checked(void **state)
{
    (void)state;
    const char *act = NULL;
    int model = 0;
    fric_bench_def d;
    assert_int_equal(servo_of("{}", &d, &act, &model), FRIC_E_PARAM_RANGE);
    assert_string_equal(fric_status_last().message,
                        "params f.json: no \"actuator\"; a params file names its actuator "
                        "(\"xl330\", ...) and its model (\"m1\" .. \"m6\").");
    assert_int_equal(servo_of("{\"actuator\": \"xl330\"}", &d, &act, &model), FRIC_E_PARAM_RANGE);
    assert_non_null(strstr(fric_status_last().message, "params f.json: no \"model\";"));
    assert_int_equal(servo_of("{\"model\": \"m1\"}", &d, &act, &model), FRIC_E_PARAM_RANGE);
    assert_non_null(strstr(fric_status_last().message, "no \"actuator\""));
    assert_int_not_equal(servo_of("{\"actuator\": \"xl330\", \"model\": \"m1\", \"friction_base\": -0.1}",
                                  &d, &act, &model), FRIC_OK);
    assert_non_null(strstr(fric_status_last().message, "params f.json: bench: friction_base = -0.1 is negative"));
    assert_int_not_equal(servo_of("{\"actuator\": \"xl330\", \"model\": \"m1\", \"R\": 0}", &d, &act, &model),
                         FRIC_OK);
    assert_non_null(strstr(fric_status_last().message, "params f.json: bench: R = 0"));
    /* a fork's file: its carried key does not stop it; its actuator and model are its own */
    assert_int_equal(servo_of(fork_m1, &d, &act, &model), FRIC_OK);
    assert_string_equal(act, "xl330");
    assert_int_equal(model, 1);
    assert_true(d.servo.kt == 0.4 && d.servo.R == 3.5);
}

static void carry_refuses(void **state)
{
    (void)state;
    fric_io_params_carry c;
    fric_io_params_carry_clear(&c);
    fric_io_error err;
    char key[16];
    for (int i = 0; i < FRIC_IO_CARRY_KEYS; i++) {
        snprintf(key, sizeof key, "k%d", i);
        assert_int_equal(fric_io_params_carry_add(&c, key, "1", "f", &err), FRIC_OK);
    }
    assert_int_equal(fric_io_params_carry_add(&c, "k0", "2", "f", &err), FRIC_OK);  /* replaced */
    assert_string_equal(c.value[0], "2");
    assert_int_equal(fric_io_params_carry_add(&c, "one_more", "1", "f", &err),
                     FRIC_E_PARAMS_INVALID);
    assert_non_null(strstr(err.message, "more than 8 keys the core does not model"));
    fric_io_params_carry_clear(&c);
    char long_key[FRIC_IO_CARRY_KEY_LEN + 1], long_value[FRIC_IO_CARRY_VALUE_LEN + 1];
    memset(long_key, 'k', FRIC_IO_CARRY_KEY_LEN);
    long_key[FRIC_IO_CARRY_KEY_LEN] = '\0';
    memset(long_value, '1', FRIC_IO_CARRY_VALUE_LEN);
    long_value[FRIC_IO_CARRY_VALUE_LEN] = '\0';
    assert_int_equal(fric_io_params_carry_add(&c, long_key, "1", "f", &err), FRIC_E_PARAMS_INVALID);
    assert_non_null(strstr(err.message, "1 to 63 characters"));
    assert_int_equal(fric_io_params_carry_add(&c, "v", long_value, "f", &err),
                     FRIC_E_PARAMS_INVALID);
    assert_non_null(strstr(err.message, "1 to 255 characters"));
    assert_int_equal(fric_io_params_carry_add(&c, "model", "1", "f", &err), FRIC_E_PARAMS_INVALID);
    assert_int_equal(c.n, 0);
}

/* bam's firmware keys, typed from the data README: Go1's ratio and
 * max_torque (bam/unitree/actuator.py: ratio 1, 0.5..2; max_torque 23.7,
 * 20..30), XL330's current_limit in current mode (1.5, 1..3), an MX's
 * max_current (bam/actuator.py, off by default). */
static void firmware_keys_round_trip(void **state)
{
    (void)state;
    carried_bit_for_bit("{\n"
                        "    \"kt\": 1.2,\n"
                        "    \"R\": 0.5,\n"
                        "    \"armature\": 0.01,\n"
                        "    \"q_offset\": 0,\n"
                        "    \"ratio\": 1.25,\n"
                        "    \"max_torque\": 23.7,\n"
                        "    \"friction_base\": 0.3,\n"
                        "    \"friction_viscous\": 0.05,\n"
                        "    \"model\": \"m1\",\n"
                        "    \"actuator\": \"unitree_go1\"\n"
                        "}\n", 0);
    carried_bit_for_bit("{\n"
                        "    \"kt\": 0.4,\n"
                        "    \"R\": 3.5,\n"
                        "    \"armature\": 0.002,\n"
                        "    \"q_offset\": 0,\n"
                        "    \"current_limit\": 1.5,\n"
                        "    \"friction_base\": 0.01,\n"
                        "    \"friction_viscous\": 0.005,\n"
                        "    \"command_delay\": 0.004,\n"
                        "    \"model\": \"m1\",\n"
                        "    \"actuator\": \"xl330i\"\n"
                        "}\n", 1);
    carried_bit_for_bit("{\n"
                        "    \"kt\": 1.5,\n"
                        "    \"R\": 2.25,\n"
                        "    \"armature\": 0.0125,\n"
                        "    \"q_offset\": -0.1,\n"
                        "    \"max_current\": 2.5,\n"
                        "    \"friction_base\": 0.05,\n"
                        "    \"friction_viscous\": 1e-05,\n"
                        "    \"integrator\": \"mujoco\",\n"
                        "    \"model\": \"m1\",\n"
                        "    \"actuator\": \"mx64\"\n"
                        "}\n", 0);
    /* "ratio" is the core's error_gain_ratio (one alias, read and write) */
    const fric_scenario *sc = fric_scenario_find("bench");
    double p[FRIC_SCENARIO_MAX_PARAMS];
    fric_io_error err;
    assert_int_equal(params_read_text("{\"ratio\": 0.75}", sc, p, &err), FRIC_OK);
    assert_true(p[fric_scenario_param_index(sc, "error_gain_ratio")] == 0.75);
    int rc = params_read_text("{\"ratio\": 20}", sc, p, &err);
    io_failed(rc, FRIC_E_PARAMS_INVALID, &err, FRIC_IO_RANGE,
              fric_scenario_param_index(sc, "error_gain_ratio"));
    assert_string_equal(err.field, "ratio");
    assert_non_null(strstr(err.message, "key \"ratio\": bench: error_gain_ratio = 20 is out of "
                           "range"));
}

/* ------------------- the writer writes only what its own reader reads */

#define VALUE_MAX (FRIC_IO_CARRY_VALUE_LEN - 1)   /* the longest carried value [bytes] */

/* A compact JSON value of exactly n bytes (n >= 48) of kind k, built here
 * from the JSON grammar: 0 a plain string, 1 a string of every escape and
 * of UTF-8 (é, 😀: raw and as \u escapes, a surrogate pair), 2 a number of
 * n digits, 3 an array of a string, 4 an object of true, false, null and a
 * string, 5 a negative number with a fraction and an exponent. */
static void value_of(char *out, int k, size_t n)
{
    static const char *const head[] = { "\"", "\"\\\"\\\\\\/\\b\\f\\n\\r\\t\\u00e9\\uD83D\\uDE00\xc3\xa9\xf0\x9f\x98\x80",
                                        "1", "[\"", "{\"t\":true,\"f\":false,\"n\":null,\"s\":\"",
                                        "-0." };
    static const char *const tail[] = { "\"", "\"", "", "\"]", "\"}", "e-308" };
    static const char pad[] = { 'x', 'x', '7', 'x', 'x', '1' };
    size_t h = strlen(head[k]), t = strlen(tail[k]);
    assert_true(n >= h + t);
    memcpy(out, head[k], h);
    memset(out + h, pad[k], n - h - t);
    memcpy(out + n - t, tail[k], t + 1);
}

/* A bam-layout file of fork_m1's keys with "fork" = value between
 * friction_viscous and model. */
static void file_with(char *out, size_t cap, const char *key, const char *value)
{
    snprintf(out, cap, "{\n    \"kt\": 0.4,\n    \"R\": 3.5,\n    \"armature\": 0.002,\n"
             "    \"q_offset\": 0.03,\n    \"friction_base\": 0.01,\n"
             "    \"friction_viscous\": 0.005,\n    \"%s\": %s,\n    \"model\": \"m1\",\n"
             "    \"actuator\": \"xl330\"\n}\n", key, value);
}

/* Reads text with a carry (rc returned, err filled). */
static int read_carry(const char *text, double *p, fric_io_params_carry *carry, fric_io_error *err)
{
    const fric_scenario *sc = fric_scenario_find("bench");
    fric_scenario_defaults(sc, p);
    const char *path = tmp_file(text);
    int rc = fric_io_params_read_carry(path, sc, p, carry, err);
    remove(path);
    return rc;
}

/* text read, written, read again and written again: both reads accept, the
 * carry is the same, the second text is the first; the written text parses
 * (cJSON, an independent reader) and its member key equals value as JSON. */
static void write_read_write(const char *text, const char *key, const char *value)
{
    const fric_scenario *sc = fric_scenario_find("bench");
    double p[FRIC_SCENARIO_MAX_PARAMS];
    fric_io_params_carry c1, c2;
    fric_io_error err;
    if (read_carry(text, p, &c1, &err)) fail_msg("%s\n%s", err.message, text);
    assert_int_equal(c1.n, 1);
    assert_string_equal(c1.key[0], key);
    assert_string_equal(c1.value[0], value);
    static char w1[8192], w2[8192];
    fric_io_params_file f = file_of(sc, p, &c1);
    if (fric_io_params_write(&f, w1, sizeof w1, NULL)) fail_msg("%s", fric_status_last().message);
    if (read_carry(w1, p, &c2, &err)) fail_msg("the writer wrote what its reader refuses: %s\n%s",
                                               err.message, w1);
    assert_memory_equal(&c1, &c2, sizeof c1);
    f = file_of(sc, p, &c2);
    assert_int_equal(fric_io_params_write(&f, w2, sizeof w2, NULL), FRIC_OK);
    assert_string_equal(w1, w2);
    cJSON *doc = cJSON_Parse(w1), *want = cJSON_Parse(value);
    assert_non_null(doc);
    assert_non_null(want);
    assert_true(cJSON_Compare(cJSON_GetObjectItemCaseSensitive(doc, key), want, 1));
    cJSON_Delete(doc);
    cJSON_Delete(want);
}

static void writer_writes_only_what_it_reads(void **state)
{
    (void)state;
    static char value[2048], text[4096];
    const size_t lengths[] = { 48, VALUE_MAX - 1, VALUE_MAX, VALUE_MAX + 1, VALUE_MAX + 2, 1000 };
    int written = 0, refused = 0;
    for (int k = 0; k < 6; k++)
        for (size_t i = 0; i < sizeof lengths / sizeof lengths[0]; i++) {
            value_of(value, k, lengths[i]);
            assert_int_equal(strlen(value), lengths[i]);
            file_with(text, sizeof text, "fork", value);
            if (lengths[i] <= VALUE_MAX) {
                write_read_write(text, "fork", value);
                written++;
                continue;
            }
            /* longer: refused by its length, never carried cut */
            double p[FRIC_SCENARIO_MAX_PARAMS];
            fric_io_params_carry c;
            fric_io_error err;
            assert_int_equal(read_carry(text, p, &c, &err), FRIC_E_PARAMS_INVALID);
            assert_string_equal(err.field, "fork");
            assert_non_null(strstr(err.message, "1 to 255 characters"));
            refused++;
        }
    /* the same value with white space outside its strings: carried compact */
    file_with(text, sizeof text, "fork", "[ 1 ,\n\t{ \"a b\" : [ ] } ]");
    write_read_write(text, "fork", "[1,{\"a b\":[]}]");
    /* numbers at the ends of binary64 and of JSON's grammar, kept as spelt */
    const char *const numbers[] = { "0", "-0", "1E+2", "2e-3", "1.7976931348623157e308",
                                    "-1.7976931348623157E+308", "5e-324", "4.9406564584124654e-324",
                                    "-2.2250738585072014e-308", "1e-400", "123456789012345678901234567890" };
    for (size_t i = 0; i < sizeof numbers / sizeof numbers[0]; i++) {
        file_with(text, sizeof text, "n", numbers[i]);
        write_read_write(text, "n", numbers[i]);
        written++;
    }
    /* key lengths: 63 bytes (the most), UTF-8 */
    char key[FRIC_IO_CARRY_KEY_LEN + 1];
    memset(key, 'k', FRIC_IO_CARRY_KEY_LEN - 1);
    key[FRIC_IO_CARRY_KEY_LEN - 1] = '\0';
    file_with(text, sizeof text, key, "1");
    write_read_write(text, key, "1");
    file_with(text, sizeof text, "cl\xc3\xa9_\xf0\x9f\x98\x80", "\"\xc3\xa9\"");
    write_read_write(text, "cl\xc3\xa9_\xf0\x9f\x98\x80", "\"\xc3\xa9\"");
    /* what cJSON takes and JSON.parse does not is never carried: the file
     * written from it would not be read by the page or Node */
    const char *const lax[] = { "01", "1.", "1.e5", "-01.5", "\"a\tb\"", "\"\x01\"", "[1,\"\x1f\"]" };
    for (size_t i = 0; i < sizeof lax / sizeof lax[0]; i++) {
        file_with(text, sizeof text, "fork", lax[i]);
        double p[FRIC_SCENARIO_MAX_PARAMS];
        fric_io_params_carry c;
        fric_io_error err;
        assert_int_equal(read_carry(text, p, &c, &err), FRIC_E_PARAMS_INVALID);
        /* a raw control byte is refused as the file is read (not JSON), the
         * rest where the value is carried */
        const char *want = strpbrk(lax[i], "\t\x01\x1f") ? "not JSON: a control byte 0x"
                                                          : "carried only as strict JSON";
        if (!strstr(err.message, want)) fail_msg("%s: %s", lax[i], err.message);
        refused++;
    }
    /* a control byte between tokens (cJSON skips every byte <= 0x20, the
     * carried-key walker and JSON.parse do not): a form feed before a key
     * carried the next key's text as the value ("a" became ":1,"); refused
     * where it stands, in one sentence */
    {
        static const char *const ws_bad[] = { "{\f\"a\": 1}", "{\"a\":\v1}", "{\"a\": 1\x01}" };
        static const char *const ws_at[] = { ":1:2: not JSON: a control byte 0x0C",
                                             ":1:6: not JSON: a control byte 0x0B",
                                             ":1:8: not JSON: a control byte 0x01" };
        for (size_t i = 0; i < 3; i++) {
            double p[FRIC_SCENARIO_MAX_PARAMS];
            fric_io_params_carry c;
            fric_io_error err;
            assert_int_equal(read_carry(ws_bad[i], p, &c, &err), FRIC_E_PARAMS_INVALID);
            if (!strstr(err.message, ws_at[i])) fail_msg("%s: %s", ws_at[i], err.message);
            refused++;
        }
    }
    /* the carry as the wasm wrapper fills it (JSON.stringify's text): a
     * \u0000 (the native reader refuses a file with one), a lone surrogate
     * (JSON.parse takes it, cJSON does not), not JSON at all */
    const char *const bad[] = { "\"a\\u0000b\"", "\"\\ud800\"", "\"\\udc00x\"", "\"\\ud800\\u0041\"", "nan", "[1,]",
                                "{\"a\":1,}", "{\"a\"}", "1 2", "\"\\x\"", "tru", "\"open" };
    fric_io_params_carry c;
    fric_io_params_carry_clear(&c);
    fric_io_error err;
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        if (fric_io_params_carry_add(&c, "fork", bad[i], "f", &err) != FRIC_E_PARAMS_INVALID)
            fail_msg("carried %s", bad[i]);
        assert_non_null(strstr(err.message, "carried only as strict JSON"));
    }
    assert_int_equal(c.n, 0);
    assert_int_equal(fric_io_params_carry_add(&c, "fork", " \"\\ud83d\\ude00\" ", "f", &err), FRIC_OK);
    print_message("%d carried values written and read back, %d refused\n", written, refused);
}

FRIC_TEST_MAIN(cmocka_unit_test(every_shared_log_reads),
               cmocka_unit_test(bad_logs_are_refused_exactly),
               cmocka_unit_test(raw_path_gives_the_same_errors),
               cmocka_unit_test(shared_params_read),
               cmocka_unit_test(bad_params_are_refused),
               cmocka_unit_test(params_write_fixed_text),
               cmocka_unit_test(params_write_refuses),
               cmocka_unit_test(params_write_round_trips),
               cmocka_unit_test(unmodelled_keys_are_carried),
               cmocka_unit_test(carry_refuses),
               cmocka_unit_test(servo_file_checked),
               cmocka_unit_test(firmware_keys_round_trip),
               cmocka_unit_test(writer_writes_only_what_it_reads))
