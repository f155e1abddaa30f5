/*
 * test_refusals.c: a refusal of every fric_status call of the public
 * headers (fric_status.h, docs/architecture.md "Errors.").
 *
 *  1. The walker: every function core/include/ *.h declares with return type
 *     fric_status (also `static inline fric_status`) must have a refusal
 *     check in a refusal test source: a call `REFUSE(fric_name(`,
 *     `EXPECT_LAST(fric_name(`, `EXPECT(fric_name(` or
 *     `expect_refusal(fric_name(` in this file,
 *     tests/law/test_status.c, tests/system/test_scenario_status.c or
 *     tests/mujoco/test_mujoco_refusals.c (the optional MuJoCo module's,
 *     built only where MuJoCo is installed, read here always) or
 *     tests/system/bench/test_native.c (the native model's). The test
 *     fails listing every function without one (run from the repository
 *     root; elsewhere a skip, a failure under CI=true).
 *  2. The refusals themselves, for the calls the other files leave out: a
 *     valid input (taken from that stage's own tests) with ONE named
 *     parameter broken; the return is the code the header documents (a
 *     value out of its range: FRIC_E_PARAM_RANGE, fric_status.h), equal to
 *     fric_status_last().code, the parameter index the header documents
 *     (−1 where it documents none) and the message names the parameter
 *     broken.
 *  3. The scenario walker: for every scenario of the registry and every
 *     parameter, a value below its min, above its max and NaN is refused by
 *     fric_scenario_check, fric_scenario_init and fric_scenario_retune (on
 *     a running simulation; FRIC_E_UNSUPPORTED where the scenario cannot
 *     retune) with the parameter's index and a message naming the
 *     parameter; a range with an infinite end is counted and reported, not
 *     skipped silently.
 *  4. The same refusals with why = NULL record what they return.
 */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include "test_main.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "chain_gen.h"
#include "fric_bench.h"
#include "fric_chain.h"
#include "fric_chain_sim.h"
#include "fric_cmaes.h"
#include "fric_dupont.h"
#include "fric_fd.h"
#include "fric_fit.h"
#include "fric_io.h"
#include "fric_recording.h"
#include "fric_ident.h"
#include "fric_ident_bam.h"
#include "fric_native.h"
#include "fric_adapter.h"
#include "fric_robot.h"
#include "fric_regions.h"
#include "fric_scenario.h"
#include "fric_screw.h"
#include "fric_status.h"
#include "friction.h"
#include "bench_logs.h"
#include "status_expect.h"

/* expect_refusal, REFUSE: tests/support/status_expect.h */

/* -------------------------------------------------------------- walker */

static char *read_text(const char *path)
{
    FILE *fp = fopen(path, "rb");
    if (!fp) return NULL;
    fseek(fp, 0, SEEK_END);
    long n = ftell(fp);
    fseek(fp, 0, SEEK_SET);
    char *t = malloc((size_t)n + 1);
    if (!t) { fclose(fp); return NULL; }
    size_t got = fread(t, 1, (size_t)n, fp);
    fclose(fp);
    t[got] = '\0';
    return t;
}

static const char *const headers[] = {
    "core/include/friction.h",    "core/include/fric_bench.h",    "core/include/fric_chain.h",
    "core/include/fric_chain_sim.h", "core/include/fric_cmaes.h", "core/include/fric_dupont.h",
    "core/include/fric_examples.h", "core/include/fric_fd.h",     "core/include/fric_fit.h",
    "core/include/fric_io.h",     "core/include/fric_joint.h",    "core/include/fric_mujoco.h",
    "core/include/fric_adapter.h", "core/include/fric_native.h",
    "core/include/fric_regions.h", "core/include/fric_scenario.h", "core/include/fric_screw.h",
    "core/include/fric_servo.h",  "core/include/fric_status.h",  "core/include/fric_robot.h",
    "core/include/fric_recording.h",
    "core/include/fric_recipe.h", "core/include/fric_ident.h", "core/include/fric_ident_bam.h",
};
static const char *const refusal_sources[] = {
    "tests/law/test_refusals.c", "tests/law/test_status.c", "tests/system/test_scenario_status.c",
    "tests/mujoco/test_mujoco_refusals.c", "tests/system/bench/test_native.c",
};

/* Comments blanked (so a name in prose is not a declaration). */
static void strip_comments(char *t)
{
    for (char *p = t; *p; p++) {
        if (p[0] == '/' && p[1] == '*') {
            char *e = strstr(p + 2, "*/");
            char *end = e ? e + 2 : p + strlen(p);
            for (; p < end; p++) if (*p != '\n') *p = ' ';
            p--;
        } else if (p[0] == '/' && p[1] == '/') {
            for (; *p && *p != '\n'; p++) *p = ' ';
            if (!*p) break;
        }
    }
}

static int is_ident(char c) { return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'); }

/* Appends to names[] every function declared `fric_status fric_x(` in t
 * (comments stripped); returns the new count. */
static int list_status_functions(char *t, char names[][64], int count, int cap)
{
    strip_comments(t);
    for (char *p = strstr(t, "fric_status"); p; p = strstr(p + 1, "fric_status")) {
        if (p > t && is_ident(p[-1])) continue;
        char *q = p + strlen("fric_status");
        if (!(*q == ' ' || *q == '\t' || *q == '\n')) continue;   /* fric_status_last, ... */
        while (*q == ' ' || *q == '\t' || *q == '\n') q++;
        char *n0 = q;
        while (is_ident(*q)) q++;
        size_t len = (size_t)(q - n0);
        while (*q == ' ' || *q == '\t') q++;
        if (*q != '(' || len == 0 || len >= 64 || strncmp(n0, "fric_", 5) != 0) continue;
        int dup = 0;
        for (int i = 0; i < count; i++) dup |= strncmp(names[i], n0, len) == 0 && names[i][len] == '\0';
        if (dup || count >= cap) continue;
        memcpy(names[count], n0, len);
        names[count][len] = '\0';
        count++;
    }
    return count;
}

static int has_check(const char *src, const char *name)
{
    static const char *const macros[] = { "REFUSE(", "EXPECT_LAST(", "EXPECT(", "expect_refusal(" };
    char pat[96];
    const size_t nl = strlen(name);
    if (nl + 16 > sizeof pat) return 0;
    for (size_t m = 0; m < sizeof macros / sizeof macros[0]; m++) {
        const size_t ml = strlen(macros[m]);
        memcpy(pat, macros[m], ml);
        memcpy(pat + ml, name, nl);
        memcpy(pat + ml + nl, "(", 2);
        for (const char *p = strstr(src, pat); p; p = strstr(p + 1, pat))
            if (p == src || !is_ident(p[-1])) return 1;
    }
    return 0;
}

/* The walker's own reading, on a made-up header and test: every spelling of
 * a fric_status declaration is listed, prose and fric_status_last are not,
 * and a check is found only as a call inside a checking macro. */
static void test_walker_reads(void **state)
{
    (void)state;
    char hdr[] = "/* fric_status fric_in_prose(int); */\n"
                 "fric_status fric_a(int x);\n"
                 "static inline fric_status fric_b (const char **why) { return 0; }\n"
                 "fric_status\nfric_c(void);\n"
                 "fric_status  fric_a(int x);\n"
                 "fric_error fric_status_last(void);\n"
                 "int fric_d(void); // fric_status fric_e(void);\n";
    static char names[8][64];
    int n = list_status_functions(hdr, names, 0, 8);
    assert_int_equal(n, 3);
    assert_string_equal(names[0], "fric_a");
    assert_string_equal(names[1], "fric_b");
    assert_string_equal(names[2], "fric_c");
    const char *src = "REFUSE(fric_a(1), 1, -1, \"x\"); EXPECT_LAST(fric_b(NULL), 1, -1); "
                      "fric_c(); MY_EXPECT(fric_c(";
    assert_true(has_check(src, "fric_a"));
    assert_true(has_check(src, "fric_b"));
    assert_false(has_check(src, "fric_c"));
}

static void test_every_status_call_is_refused(void **state)
{
    (void)state;
    static char names[256][64];
    int count = 0, headers_read = 0;
    for (size_t h = 0; h < sizeof headers / sizeof headers[0]; h++) {
        char *t = read_text(headers[h]);
        if (!t) continue;
        headers_read++;
        count = list_status_functions(t, names, count, 256);
        free(t);
    }
    require_repo_root(headers_read > 0, "no public header (core/include/)");
    assert_int_equal(headers_read, (int)(sizeof headers / sizeof headers[0]));
    /* the list of headers is every header of core/include: a new one is walked too */
    char *srcs[sizeof refusal_sources / sizeof refusal_sources[0]];
    for (size_t s = 0; s < sizeof refusal_sources / sizeof refusal_sources[0]; s++) {
        srcs[s] = read_text(refusal_sources[s]);
        if (!srcs[s]) fail_msg("%s: not readable", refusal_sources[s]);
        strip_comments(srcs[s]);
    }
    char missing[8192] = "";
    int n_missing = 0;
    for (int i = 0; i < count; i++) {
        int found = 0;
        for (size_t s = 0; s < sizeof refusal_sources / sizeof refusal_sources[0]; s++)
            found |= has_check(srcs[s], names[i]);
        if (!found) {
            n_missing++;
            size_t l = strlen(missing), k = strlen(names[i]);
            if (l + k + 2 < sizeof missing) {
                missing[l] = ' ';
                memcpy(missing + l + 1, names[i], k + 1);
            }
        }
    }
    for (size_t s = 0; s < sizeof refusal_sources / sizeof refusal_sources[0]; s++) free(srcs[s]);
    print_message("   %d fric_status functions in %d headers; %d without a refusal check\n", count,
                  headers_read, n_missing);
    if (n_missing)
        fail_msg("%d fric_status functions have no refusal check (REFUSE/EXPECT_LAST/EXPECT/"
                 "expect_refusal in "
                 "tests/law/test_refusals.c, tests/law/test_status.c, "
                 "tests/system/test_scenario_status.c, tests/mujoco/test_mujoco_refusals.c or "
                 "tests/system/bench/test_native.c):%s",
                 n_missing, missing);
    assert_true(count >= 70);
}

/* A new public header is walked: the list above is core/include's. */
static void test_header_list_is_complete(void **state)
{
    (void)state;
    DIR *dp = opendir("core/include");
    int n = 0;
    for (struct dirent *de; dp && (de = readdir(dp)) != NULL;) {
        size_t nl = strlen(de->d_name);
        if (nl < 3 || strcmp(de->d_name + nl - 2, ".h") != 0) continue;
        char line[320];
        snprintf(line, sizeof line, "core/include/%s", de->d_name);
        int listed = 0;
        for (size_t h = 0; h < sizeof headers / sizeof headers[0]; h++)
            listed |= strcmp(headers[h], line) == 0;
        if (!listed) fail_msg("%s is not in the walker's list of headers (test_refusals.c)", line);
        n++;
    }
    if (dp) closedir(dp);
    require_repo_root(n > 0, "core/include/");
    assert_int_equal(n, (int)(sizeof headers / sizeof headers[0]));
}


/* ---------------------------------------------------- friction.h, screw */

static void test_law_stage(void **state)
{
    (void)state;
    const fric_law st = { FRIC_STRIBECK, 2.5, 0.4, 0.06, 4.5, 1.0 };
    const fric_elem_def def = { 1.0, 5000, 50, 1e-3, FRIC_XFORM_EXACT };
    const char *why;
    fric_elem e;
    fric_elem_def bad_def = def;
    bad_def.M = 0;              /* M > 0 */
    REFUSE(fric_elem_init(&e, FRIC_ELEM_A, &bad_def, &st, &why), FRIC_E_PARAM_RANGE, -1, "M = ");
    fric_elem_a_var av;
    REFUSE(fric_elem_a_var_init(&av, &st, 0, &why), FRIC_E_PARAM_RANGE, FRIC_LAW_Z, "Z = ");
    fric_plan plan;
    REFUSE(fric_plan_init(&plan, &st, -1, &why), FRIC_E_PARAM_RANGE, FRIC_LAW_Z, "Z = ");
    /* n points: x beyond DBL_MAX/D gives a result beyond the largest double
     * (more of fric_law_eval's refusals: tests/transform/test_eval.c) */
    const double xs[2] = { 0.1, 1e308 };
    double ys[2];
    REFUSE(fric_law_eval(FRIC_EVAL_PHI_Z, &st, 1.0 / 55, NULL, xs, ys, 2, &why), FRIC_E_NONFINITE,
           FRIC_LAW_D, "x[1] = 1e+308");
    fric_screw sc = { 0.663, 1.91, 0.663, 1.91, 0, 0 };
    sc.eta1 = 0;                /* η1 in (0, 1] */
    REFUSE(fric_screw_check(&sc, &why), FRIC_E_PARAM_RANGE, -1, "eta1 = ");
}

/* ------------------------------------------------------------ dupont */

static void test_dupont_stage(void **state)
{
    (void)state;
    const char *why;
    const fric_screw e = { 0.663, 1.91, 0.663, 1.91, 0, 0 };
    fric_screw_drive d = { e, 5, 50, 0, 1e-3, FRIC_TREATMENT_IMPLICIT, 1e-3 };
    assert_int_equal(fric_screw_drive_check(&d, &why), FRIC_OK);
    d.J = 0;                    /* J > 0 */
    REFUSE(fric_screw_drive_check(&d, &why), FRIC_E_PARAM_RANGE, -1, "J = ");
    fric_xy_table xt = { 10, 30, 0.3, 1e-3, FRIC_TREATMENT_IMPLICIT, 0 };
    assert_int_equal(fric_xy_check(&xt, &why), FRIC_OK);
    xt.m1 = 0;                  /* m1 > 0 */
    REFUSE(fric_xy_check(&xt, &why), FRIC_E_PARAM_RANGE, -1, "m1 = ");
}

/* ------------------------------------------------------------ regions */

static fric_regions_law regions_m1(void)
{
    fric_regions_law L;
    memset(&L, 0, sizeof L);
    L.kind = FRIC_REGIONS_SERVO;
    L.servo.model = 1;
    L.servo.K_c = 0.1;
    L.servo.dtheta_s = 1;
    L.servo.alpha = 1;
    return L;
}

static void test_regions_stage(void **state)
{
    (void)state;
    const fric_regions_law L = regions_m1();
    const char *why;
    fric_region_span sp[FRIC_REGIONS_MAX_SPANS];
    int n;
    double lo, hi, tm[256], te[256], te2[256];
    assert_int_equal(fric_regions_spans(&L, 0, 0.5, sp, FRIC_REGIONS_MAX_SPANS, &n, &why), FRIC_OK);
    REFUSE(fric_regions_spans(&L, 0, NAN, sp, FRIC_REGIONS_MAX_SPANS, &n, &why), FRIC_E_PARAM_RANGE,
           -1, "tau_m = ");
    REFUSE(fric_regions_static_edges(&L, 0, INFINITY, &lo, &hi, NULL, NULL, &why),
           FRIC_E_PARAM_RANGE, -1, "tau_m = ");
    REFUSE(fric_regions_on_ray(&L, 0, 0, 0, sp, FRIC_REGIONS_MAX_SPANS, &n, &why),
           FRIC_E_PARAM_RANGE, -1, "(cm, ce)");
    REFUSE(fric_regions_corners(&L, 0, -1, tm, te, 256, &n, &why), FRIC_E_PARAM_RANGE, -1, "T = ");
    REFUSE(fric_regions_polyline(&L, 0, 1, 1, tm, te, te2, 256, &n, &why), FRIC_E_PARAM_RANGE, -1,
           "n = ");
    const double vel[1] = { 0 };
    size_t len;
    REFUSE(fric_regions_csv(&L, vel, 1, 1, 1, NULL, 0, &len, &why), FRIC_E_PARAM_RANGE, -1, "n = ");
}

/* ------------------------------------------------------------- bench */

static void test_bench_stage(void **state)
{
    (void)state;
    const char *why;
    fric_bench_def d;
    fric_bench_def_from_preset(fric_bench_preset_find("xl330", 1), &d);
    assert_int_equal(fric_bench_check(&d, &why), FRIC_OK);
    fric_bench_def bad = d;
    bad.mass = 0;               /* mass > 0 */
    REFUSE(fric_bench_check(&bad, &why), FRIC_E_PARAM_RANGE, -1, "mass = ");
    /* kt above the bench's table's 100 N·m/A (a def built outside a params
     * file: fuzz_robot found 1.6e308, whose FRICTIONLOSS force was NaN) */
    bad = d;
    bad.servo.kt = 1.6e308;
    REFUSE(fric_bench_check(&bad, &why), FRIC_E_PARAM_RANGE, -1, "kt = ");
    bad.servo.kt = 100.5;
    REFUSE(fric_bench_check(&bad, &why), FRIC_E_PARAM_RANGE, -1, "kt = ");
    bad.servo.kt = 100;
    assert_int_equal(fric_bench_check(&bad, &why), FRIC_OK);
    fric_bench_state bs;
    REFUSE(fric_bench_init(&d, &bs, NAN, 0, &why), FRIC_E_PARAM_RANGE, -1, "q0 = ");
    /* the bench scenario's vector: the scenario's own parameter index */
    const fric_scenario *bench = fric_scenario_find("bench");
    double p[FRIC_SCENARIO_MAX_PARAMS];
    fric_scenario_defaults(bench, p);
    fric_bench_def pd;
    assert_int_equal(fric_bench_def_from_params(p, NULL, &pd, &why), FRIC_OK);
    const int jl = fric_scenario_param_index(bench, "length");
    p[jl] = 0;                  /* length in [1e-3, 2] m */
    REFUSE(fric_bench_def_from_params(p, NULL, &pd, &why), FRIC_E_PARAM_RANGE, jl, "length = ");
    /* a servo's params file: one that names no actuator (a file of {}) */
    double sp[FRIC_SCENARIO_MAX_PARAMS];
    fric_bench_params_servo_init(sp);
    REFUSE(fric_bench_params_servo(sp, "empty.json", NULL, NULL, NULL), FRIC_E_PARAM_RANGE,
           fric_scenario_param_index(bench, "actuator"), "\"actuator\"");
    /* replay: the log header's mass */
    bench_small_log sl;
    bench_small_log_make(&sl);
    fric_bench_replay_result r;
    assert_int_equal(fric_bench_replay(&d, &sl.log, NULL, 0, &r, &why), FRIC_OK);
    sl.log.mass = 0;
    REFUSE(fric_bench_replay(&d, &sl.log, NULL, 0, &r, &why), FRIC_E_LOG_INVALID, -1, "\"mass\" = ");
    sl.log.mass = 0.5;
    /* the batch: one log of 4 samples; d's winding resistance R below FRIC_BENCH_R_MIN */
    const size_t nn[1] = { 4 };
    const unsigned char te[4] = { 1, 1, 1, 1 };
    const double zero[4] = { 0 };
    fric_bench_batch b = { .logs = 1, .samples = 4, .n = nn, .goal = zero, .torque_enable = te,
                           .q_rec = zero, .dq0 = NULL, .header = &sl.log };
    assert_int_equal(fric_bench_batch_check(&b, &why), FRIC_OK);
    fric_bench_lane lanes[1];
    double mae[1];
    assert_int_equal(fric_bench_batch_mae(&b, &d, lanes, mae, &why), FRIC_OK);
    bad = d;
    bad.servo.R = 0;
    REFUSE(fric_bench_batch_mae(&b, &bad, lanes, mae, &why), FRIC_E_PARAM_RANGE, -1, "R = ");
    assert_int_equal(fric_bench_batch_mae_lanes(&b, &d, 1, FRIC_BENCH_LANES_GENERIC, mae, NULL, &why),
                     FRIC_OK);
    REFUSE(fric_bench_batch_mae_lanes(&b, &bad, 1, FRIC_BENCH_LANES_GENERIC, mae, NULL, &why),
           FRIC_E_PARAM_RANGE, -1, "R = ");
}

/* ------------------------------------------------------------- chain */

static void test_chain_stage(void **state)
{
    (void)state;
    const char *why;
    fric_chain_link links[2];
    fric_chain_motor motors[2];
    fric_chain_model m;
    chain_gen_rng = 7;
    memset(&m, 0, sizeof m);
    chain_gen_random(links, motors, &m, 2, 0.4, 0.3, 1.5, 0.01, 9.81, -10.0);
    assert_int_equal(fric_chain_check(&m, &why), FRIC_OK);
    links[1].mass = 0;          /* masses > 0 */
    REFUSE(fric_chain_check(&m, &why), FRIC_E_PARAM_RANGE, -1, "links[1].mass = ");
    links[1].mass = 1;
    fric_chain_sim s = fric_chain_sim_default(&m);
    assert_int_equal(fric_chain_sim_check(&s, &why), FRIC_OK);
    fric_chain_sim bad = s;
    bad.h = 0;                  /* h > 0 */
    REFUSE(fric_chain_sim_check(&bad, &why), FRIC_E_PARAM_RANGE, -1, "h = ");
    static fric_chain_state x;
    static fric_chain_sim_ws ws;
    bad = s;
    bad.k_q = -1;               /* k_q >= 0 */
    REFUSE(fric_chain_sim_init(&bad, &x, NULL, NULL, &why), FRIC_E_PARAM_RANGE, -1, "k_q = ");
    assert_int_equal(fric_chain_sim_init(&s, &x, NULL, NULL, &why), FRIC_OK);
    bad = s;
    bad.k_v = -1;               /* k_v >= 0 */
    REFUSE(fric_chain_sim_retune(&bad, &x, &why), FRIC_E_PARAM_RANGE, -1, "k_v = ");
    assert_int_equal(fric_chain_sim_step(&s, &x, &ws, &why), FRIC_OK);
    x.dq[0] = 1e300;            /* a state the step cannot keep finite */
    REFUSE(fric_chain_sim_step(&s, &x, &ws, &why), FRIC_E_NONFINITE, -1, "joint 0");
}

/* ------------------------------------------------------------- CMA-ES */

static void test_cmaes_stage(void **state)
{
    (void)state;
    const double x0[2] = { 0.5, 0.5 }, xb[2] = { 0.5, NAN };
    fric_cmaes_def d = { .n = 2, .sigma0 = 0.3, .x0 = x0, .box = 1, .budget = 100, .seed = 1 };
    const char *why = NULL;
    fric_cmaes *es = fric_cmaes_create(&d, &why);
    assert_non_null(es);
    REFUSE(fric_cmaes_set_x0(es, xb), FRIC_E_PARAM_RANGE, -1, "x0[1] = ");
    fric_cmaes_destroy(es);
}

/* ------------------------------------------------- forward dynamics */

/* One free mass (D = 1, r = 1, no rows); from t > 0 it answers n = 2 when
 * broken is set (an eval whose size changed). */
typedef struct { int broken; } fd_sys;
static int fd_eval(const void *sys, double t, const double *q, const double *dq, fric_fd_problem *p,
                   const char **why)
{
    (void)q; (void)dq; (void)why;
    const fd_sys *f = sys;
    memset(p, 0, sizeof *p);
    p->n = f->broken && t > 0 ? 2 : 1;
    p->D[0] = 1;
    p->D[1 * FRIC_FD_MAX_N + 1] = 1;
    p->r[0] = 1;
    return 0;
}

static void test_fd_stage(void **state)
{
    (void)state;
    const char *why;
    fric_fd_problem p;
    memset(&p, 0, sizeof p);
    p.n = 1;
    p.D[0] = 1;
    p.r[0] = 1;
    p.sigma[0] = 1;
    assert_int_equal(fric_fd_check(&p, &why), FRIC_OK);
    fric_fd_problem bad = p;
    bad.n = 0;                  /* n in 1 .. FRIC_FD_MAX_N */
    REFUSE(fric_fd_check(&bad, &why), FRIC_E_PARAM_RANGE, -1, "n = ");
    fric_fd_solution out;
    assert_int_equal(fric_fd_solve(&p, ~0u, FRIC_FD_ALL, &out, &why), FRIC_OK);
    REFUSE(fric_fd_solve(&p, ~0u, (fric_fd_search)7, &out, &why), FRIC_E_PARAM_RANGE, -1, "search = ");
    fd_sys sys = { 0 };
    fric_fd_sim s = { 1, fd_eval, &sys, 1e-3, FRIC_FD_FIXED_STEP, 1e-9, 0, FRIC_FD_RULE_CONTINUOUS };
    assert_int_equal(fric_fd_sim_check(&s, &why), FRIC_OK);
    fric_fd_sim bs = s;
    bs.h = 0;                   /* h > 0 */
    REFUSE(fric_fd_sim_check(&bs, &why), FRIC_E_PARAM_RANGE, -1, "h = ");
    fric_fd_state x;
    const double z = 0, nan_ = NAN;
    REFUSE(fric_fd_sim_init(&s, &x, &nan_, &z, &why), FRIC_E_PARAM_RANGE, -1, "q0[0] = ");
    assert_int_equal(fric_fd_sim_init(&s, &x, &z, &z, &why), FRIC_OK);
    sys.broken = 1;
    REFUSE(fric_fd_sim_step(&s, &x, &why), FRIC_E_PARAM_RANGE, -1, "n =");
}

/* ------------------------------------------------------------- fit */

static double const_loss(void *ctx, const double *p)
{
    (void)ctx;
    (void)p;
    return 1;
}

static void test_fit_stage(void **state)
{
    (void)state;
    const char *why;
    double p[FRIC_FIT_N], big[FRIC_FIT_N];
    assert_int_equal(fric_fit_preset_params("xl330", 1, p, &why), FRIC_OK);
    REFUSE(fric_fit_preset_params("sts3215", 2, p, &why), FRIC_E_NO_PRESET, -1, "model");
    assert_int_equal(fric_fit_embed(1, p, 4, big, &why), FRIC_OK);
    REFUSE(fric_fit_embed(4, p, 1, big, &why), FRIC_E_UNSUPPORTED, -1, "big = ");
    fric_fit_space sp;
    assert_int_equal(fric_fit_space_default("xl330", 1, &sp, &why), FRIC_OK);
    REFUSE(fric_fit_space_default("xl330", 7, &sp, &why), FRIC_E_PARAM_RANGE, -1, "model = ");
    const int ikt = fric_fit_param_find("kt");
    REFUSE(fric_fit_space_freeze(&sp, ikt, NAN, &why), FRIC_E_PARAM_RANGE, ikt, "kt = ");
    assert_int_equal(fric_fit_space_check(&sp, 1, &why), FRIC_OK);
    fric_fit_space bsp = sp;
    bsp.lo[ikt] = bsp.hi[ikt] + 1;  /* lo < hi for a free parameter */
    REFUSE(fric_fit_space_check(&bsp, 1, &why), FRIC_E_PARAM_RANGE, ikt, "kt has bounds");
    fric_fit_target t;
    assert_int_equal(fric_fit_target_init(&t, "xl330", 1, &why), FRIC_OK);
    REFUSE(fric_fit_target_init(&t, "no-such-servo", 1, &why), FRIC_E_UNKNOWN_NAME, -1, "actuator \"");
    assert_int_equal(fric_fit_target_integrator(&t, FRIC_BENCH_INTEGRATOR_MUJOCO, &why), FRIC_OK);
    REFUSE(fric_fit_target_integrator(&t, (fric_bench_integrator)2, &why), FRIC_E_PARAM_RANGE, -1, "integrator = 2");
    fric_io_params_file f;
    assert_int_equal(fric_fit_params_file("xl330", 1, p, FRIC_BENCH_INTEGRATOR_BAM, NULL, &f, &why), FRIC_OK);
    REFUSE(fric_fit_params_file("xl330", 0, p, FRIC_BENCH_INTEGRATOR_BAM, NULL, &f, &why), FRIC_E_PARAM_RANGE, -1, "model = ");
    double bp[FRIC_SCENARIO_MAX_PARAMS];
    assert_int_equal(fric_fit_bench_params("xl330", 1, p, FRIC_TREATMENT_CLIP, FRIC_BENCH_INTEGRATOR_BAM, bp, &why), FRIC_OK);
    REFUSE(fric_fit_bench_params("xl330", 1, p, FRIC_TREATMENT_APPROX, FRIC_BENCH_INTEGRATOR_BAM, bp, &why),
           FRIC_E_PARAM_RANGE, -1, "treatment = ");
    fric_fit_range rg[FRIC_FIT_N];
    REFUSE(fric_fit_sensitivity(&sp, p, 0, const_loss, NULL, NULL, rg, &why), FRIC_E_PARAM_RANGE, -1,
           "tolerance = ");
    bench_small_log sl;
    bench_small_log_make(&sl);
    const fric_io_log *logs[1] = { &sl.log };
    fric_fit_batch fb;
    REFUSE(fric_fit_batch_create(logs, 0, &fb, &why), FRIC_E_PARAM_RANGE, -1, "n = ");
    fric_fit_batch_destroy(&fb);
}

/* ---------------------------------------------------------------- io */

static void test_io_stage(void **state)
{
    (void)state;
    static bench_raw_log R;
    bench_raw_log_make(&R);
    fric_io_log L;
    fric_io_error err;
    assert_int_equal(fric_io_log_create_from_raw(&R.raw, R.te, "x.json", &L, &err), FRIC_OK);
    R.raw.head[FRIC_IO_H_MASS] = -1;  /* mass > 0 */
    REFUSE(fric_io_log_create_from_raw(&R.raw, R.te, "x.json", &L, &err), FRIC_E_LOG_INVALID, -1, "\"mass\" = ");
    const fric_io_sensitivity_param sp[1] = { { "kt", 1, 0.5, 2, 0, 0 } };
    fric_io_sensitivity f = { "m1", "xl330", "p.json", "logs", 0.01, 0.03, 0.0103, sp, 1 };
    char buf[4096];
    size_t len;
    assert_int_equal(fric_io_sensitivity_write(&f, buf, sizeof buf, &len), FRIC_OK);
    f.base_mae = NAN;
    REFUSE(fric_io_sensitivity_write(&f, buf, sizeof buf, &len), FRIC_E_PARAM_RANGE, -1, "base_mae = ");
    /* a params file's keys: one the file writes itself cannot be carried;
     * with no carry an unknown key is refused; an unreadable file */
    static fric_io_params_carry carry;
    fric_io_params_carry_clear(&carry);
    assert_int_equal(fric_io_params_carry_add(&carry, "command_delay", "0.002", "x.json", &err), FRIC_OK);
    REFUSE(fric_io_params_carry_add(&carry, "model", "1", "x.json", &err), FRIC_E_PARAMS_INVALID, -1, "\"model\"");
    const fric_scenario *bench = fric_scenario_find("bench");
    double bp[FRIC_SCENARIO_MAX_PARAMS];
    fric_scenario_defaults(bench, bp);
    REFUSE(fric_io_params_key(bench, bp, NULL, "no_such_key", FRIC_IO_NUMBER, 1, NULL, "1", "x.json", NULL, &err),
           FRIC_E_PARAMS_INVALID, -1, "no_such_key");
    REFUSE(fric_io_params_read_carry("/nonexistent/m1.json", bench, bp, &carry, &err), FRIC_E_FILE, -1,
           "/nonexistent/m1.json");
    /* io's own side of a params file: a key refused in its one format (the
     * parameter at fault given back), and the walk of a file that is not there */
    REFUSE(fric_io_params_refuse(&err, FRIC_IO_RANGE, 3, "kt", "x.json", "is too large."),
           FRIC_E_PARAMS_INVALID, 3, "params x.json: key \"kt\": is too large.");
    REFUSE(fric_io_params_walk("/nonexistent/m1.json", NULL, NULL, NULL, &err), FRIC_E_FILE, -1,
           "/nonexistent/m1.json");
    /* bam's sensitivity file with "model" a number, not a string */
    static fric_io_sensitivity_read_buf rb;
    /* the process's own name: the plain and ASan+UBSan builds run side by side */
    char path[64];
    snprintf(path, sizeof path, "build/refusal-sensitivity-%ld.json", (long)getpid());
    FILE *fp = fopen(path, "w");
    assert_non_null(fp);
    fputs("{\"model\": 1}\n", fp);
    fclose(fp);
    REFUSE(fric_io_sensitivity_read(path, &rb, &err), FRIC_E_PARAMS_INVALID, -1, "\"model\"");
    remove(path);
    /* a file over its kind's size limit (fric_io_check_size), before it is
     * read; a log's header outside the bench's ranges (fric_bench_log_check) */
    assert_int_equal(fric_io_check_size(FRIC_IO_KIND_PARAMS, 1048576, "x.json", &err), FRIC_OK);
    REFUSE(fric_io_check_size(FRIC_IO_KIND_PARAMS, 1048577, "x.json", &err), FRIC_E_FILE, -1, "1048577 bytes");
    /* a robot's recording (fric_recording.h): its check, its CSV, LeRobot's units */
    {
        static const char csv[] = "t,goal_a,pos_a\n0,0,0\n0.1,0,0\n";
        fric_recording rec;
        assert_int_equal(fric_recording_create_from_csv(csv, sizeof csv - 1, "x.csv", &rec, NULL, &err), FRIC_OK);
        fric_recording bad = rec;
        bad.period = -1;
        REFUSE(fric_recording_check(&bad, "x.csv", NULL, &err), FRIC_E_LOG_INVALID, -1, "period");
        fric_recording_destroy(&rec);
        REFUSE(fric_recording_create_from_csv("t,goal_a\n0,0\n", 13, "x.csv", &rec, NULL, &err),
               FRIC_E_LOG_INVALID, -1, "pos_a");
        fric_recording_destroy(&rec);
        REFUSE(fric_recording_read("/nonexistent/x.csv", &rec, NULL, &err), FRIC_E_FILE, -1, "x.csv");
        fric_recording_destroy(&rec);
        const fric_lerobot_motor m = { FRIC_LEROBOT_DEGREES, 100, 4095, 0, -2, 2047 };
        REFUSE(fric_lerobot_motor_check(&m, "elbow_flex", "cal.json"), FRIC_E_PARAM_RANGE, 4, "sign");
    }
    /* each joint's servo from a recording (fric_ident.h): no recording, no
     * result, no set; a robot joint's step with no inertia (fric_native.h) */
    {
        fric_ident_tracks tr;
        REFUSE(fric_ident_tracks_create(NULL, &tr, NULL), FRIC_E_NULL, -1, "the recording must not be NULL");
        fric_ident_tracks_destroy(&tr);
        REFUSE(fric_ident_joint(NULL, 0, 10, 1, NULL, NULL), FRIC_E_NULL, -1, "the result must be given");
        /* a whole budget under one CMA-ES generation a search: λ = 4 + ⌊3·ln n⌋
         * (Hansen 2016, Table 1) is 8 for n = 4 and 10 for n = 9, so the three
         * searches need 24 and 30 */
        long each = 0;
        REFUSE(fric_ident_budget_each(23, 4, &each, NULL), FRIC_E_PARAM_RANGE, -1, "at least 24");
        assert_int_equal(fric_ident_budget_each(24, 4, &each, NULL), FRIC_OK);
        assert_int_equal(each, 8);
        REFUSE(fric_ident_budget_each(29, 9, &each, NULL), FRIC_E_PARAM_RANGE, -1, "at least 30");
        assert_int_equal(fric_ident_budget_each(0, 4, &each, NULL), FRIC_OK);   /* 0: FRIC_IDENT_BUDGET */
        assert_int_equal(each, 1500);
        /* the native joint search's default box moves kp, frictionloss,
         * damping and armature (docs/robot-ident.md): four free, so 24 again */
        REFUSE(fric_ident_native_budget_each(NULL, 23, &each, NULL), FRIC_E_PARAM_RANGE, -1,
               "4 free parameters; give a budget of at least 24");
        assert_int_equal(fric_ident_native_budget_each(NULL, 24, &each, NULL), FRIC_OK);
        assert_int_equal(each, 8);
        fric_native_params np;
        fric_native_params_default(&np, NULL);
        fric_ident_result res;
        REFUSE(fric_ident_finish(NULL, 0, &np, 0, 0, &res, NULL), FRIC_E_NULL, -1, "the set");
        fric_native_step_def sd;
        REFUSE(fric_native_prepare_joint(&np, 16, 0.001, 0, &sd), FRIC_E_PARAM_RANGE, -1, "inertia = 0");
        /* bam's servo as a robot joint's model (fric_ident_bam.h): a model
         * other than M1 and M4, an unknown actuator, no set */
        fric_fit_target tg;
        fric_fit_space bsp;
        fric_ident_bam_result br;
        REFUSE(fric_ident_bam_target("sts3215", 2, &tg, NULL), FRIC_E_PARAM_RANGE, -1, "M1 or M4");
        /* a current-loop actuator (eRob80, bam's erob/actuator.py) and a torque
         * loop (Unitree Go1): a position servo's firmware gain means nothing to them */
        REFUSE(fric_ident_bam_target("erob80_50", 1, &tg, NULL), FRIC_E_PARAM_RANGE, -1, "not a voltage-controlled servo");
        REFUSE(fric_ident_bam_target("unitree_go1", 4, &tg, NULL), FRIC_E_PARAM_RANGE, -1, "not a voltage-controlled servo");
        assert_int_equal(fric_ident_bam_target("sts3215", 1, &tg, NULL), FRIC_OK);
        REFUSE(fric_ident_bam_space("nonesuch", &tg, &bsp, NULL), FRIC_E_UNKNOWN_NAME, -1, "nonesuch");
        REFUSE(fric_ident_bam_joint(NULL, "sts3215", &tg, 0, 10, 1, &br, NULL), FRIC_E_NULL, -1, "the set");
        REFUSE(fric_ident_bam_fitter_result(NULL, &br, NULL), FRIC_E_NULL, -1, "the set");
    }
    bench_small_log bl;
    bench_small_log_make(&bl);
    assert_int_equal(fric_bench_log_check(&bl.log, "x.json", &err), FRIC_OK);
    bl.log.mass = 1e308;   /* the bench's mass: [0.001, 50] kg */
    REFUSE(fric_bench_log_check(&bl.log, "x.json", &err), FRIC_E_LOG_INVALID, -1, "\"mass\" = 1e+308");
}

/* ------------------------------------------------------------- joint */

static void test_joint_stage(void **state)
{
    (void)state;
    const char *why;
    fric_joint j;
    fric_law law = { FRIC_STRIBECK, 2.5, 0.4, 0.06, 4.5, 1.0 };
    assert_int_equal(fric_joint_init(&j, 0, &law, NULL, 1e-3, 0, &why), FRIC_OK);
    REFUSE(fric_joint_retune(&j, 0, &why), FRIC_E_PARAM_RANGE, FRIC_LAW_Z, "Z = ");
    law.Fc = -1;                /* Fc >= 0 */
    REFUSE(fric_joint_init(&j, 0, &law, NULL, 1e-3, 0, &why), FRIC_E_PARAM_RANGE, FRIC_LAW_FC, "Fc = ");
    /* the MuJoCo adapter's orchestration over plain numbers: two hinges
     * under IMPLICIT, one without armature (the semi-implicit step of
     * several joints needs each rotor inertia) */
    static fric_mujoco_core core;   /* about 100 KB: not on the stack */
    const fric_law coulomb = { FRIC_COULOMB_VISCOUS, 0, 0.3, 0, 0, 0 };
    const fric_mujoco_model euler = { 1e-3, FRIC_MUJOCO_INT_EULER, 0, 0, 0 };
    const fric_mujoco_joint_model jm[2] = { { FRIC_MUJOCO_JNT_HINGE, 0, 0, 0.01, 100, 0 },
                                        { FRIC_MUJOCO_JNT_HINGE, 0, 0, 0, 100, 0 } };
    const fric_mujoco_joint_def defs[2] = { { .joint = "shoulder", .law = coulomb }, { .joint = "elbow", .law = coulomb } };
    REFUSE(fric_mujoco_core_init(&core, &euler, jm, defs, 2, FRIC_MUJOCO_IMPLICIT, &why), FRIC_E_UNSUPPORTED, -1, "armature = ");
    /* adopting a robot: a mapping entry without '=', then one naming a
     * joint the robot lacks (tests/system/bench/test_adopt.c has the rest) */
    fric_mujoco_map_entry map[4];
    int nmap = 0;
    REFUSE(fric_mujoco_map_parse("shoulder sts3215/m1", map, 4, &nmap, &why), FRIC_E_PARAM_RANGE, -1, "no '='");
    assert_int_equal(fric_mujoco_map_parse("elbow=sts3215/m1", map, 4, &nmap, &why), FRIC_OK);
    /* a mapping's servo: its syntax, then a class named after another servo */
    fric_robot_servo rs;
    REFUSE(fric_robot_servo_parse("sts3215/m3", &rs, &why), FRIC_E_PARAM_RANGE, -1, "sts3215 has m1, m6");
    fric_mujoco_map_entry cls[1];
    assert_int_equal(fric_mujoco_map_parse("class:sts3215=mx64/m1", cls, 1, &nmap, &why), FRIC_OK);
    REFUSE(fric_robot_class_servo_check(cls, "mx64", &why), FRIC_E_PARAM_RANGE, -1, "is a mx64 model");
    static fric_mujoco_adoption adoption;   /* about 100 KB */
    fric_mujoco_robot_joint robot[1] = { { .name = "shoulder", .jm = jm[0], .act = -1 } };
    fric_bench_def servo;
    fric_bench_def_from_preset(fric_bench_preset_find("sts3215", 1), &servo);
    REFUSE(fric_mujoco_adopt(&adoption, robot, 1, map, &servo, nmap, 0, &why), FRIC_E_UNKNOWN_NAME, -1,
           "no joint named 'elbow'");
    /* a native servo (tests/adapter/test_robot.c has the rest): its edit of
     * a set MuJoCo refuses; a joint with no actuator to run it */
    fric_native_params np;
    fric_native_params_default(&np, NULL);
    fric_native_edit ne;
    np.damping = -1;
    REFUSE(fric_native_edit_of(&np, 16, &ne), FRIC_E_PARAM_RANGE, -1, "damping = -1");
    np.damping = 0;
    const unsigned char native1[1] = { 1 };
    fric_mujoco_map_entry own[1];
    assert_int_equal(fric_mujoco_map_parse("shoulder=@n", own, 1, &nmap, &why), FRIC_OK);
    REFUSE(fric_mujoco_adopt_native(&adoption, robot, 1, own, &servo, &np, native1, nmap, 0, &why), FRIC_E_UNSUPPORTED,
           -1, "joint 'shoulder' has no actuator");
    /* the robot layer (tests/adapter/test_robot.c has the rest): a mapping
     * without '=', too many entries, a servo count that is not the
     * mapping's, an adapter before the adoption, a row of no joint */
    const fric_robot_model rm = { 1, 0, 1e-3, FRIC_MUJOCO_INT_EULER, { 0, 0, -9.81 } };
    const fric_robot_joint rj = { "shoulder", NULL, FRIC_MUJOCO_JNT_HINGE, 0, 0, 0, 0, 0.01, NULL, 0, 0 };
    fric_robot *r = fric_robot_create(&rm, &rj, NULL, &why);
    assert_non_null(r);
    REFUSE(fric_robot_map(r, "shoulder sts3215/m1", &why), FRIC_E_PARAM_RANGE, -1, "no '='");
    REFUSE(fric_robot_map_set(r, map, FRIC_MUJOCO_MAP_MAX + 1, &why), FRIC_E_PARAM_RANGE, -1, "mapping entries");
    assert_int_equal(fric_robot_map_set(r, map, nmap, &why), FRIC_OK);
    const double qpos[1] = { 0 };
    REFUSE(fric_robot_adopt(r, &servo, 2, 0, qpos, &why), FRIC_E_PARAM_RANGE, -1, "2 servos");
    REFUSE(fric_robot_adopt_native(r, &servo, &np, native1, 2, 0, qpos, &why), FRIC_E_PARAM_RANGE, -1, "2 servos");
    REFUSE(fric_robot_attach(r, &euler, jm, FRIC_MUJOCO_IMPLICIT, &why), FRIC_E_NULL, -1, "after its adoption");
    REFUSE(fric_robot_set_goal(r, 0, -1.97e307, NULL, NULL, &why), FRIC_E_PARAM_RANGE, -1, "joint 'shoulder'");
    fric_robot_row row;
    REFUSE(fric_robot_row_of(r, 0, 1, qpos, qpos, NULL, NULL, &row), FRIC_E_PARAM_RANGE, -1, "no such adopted joint");
    fric_robot_destroy(r);
    /* an MJCF's text before MuJoCo (tests/adapter/test_mjcf_check.c has the rest): an element too deep */
    long elements = 0;
    int n_inc = 0;
    REFUSE(fric_mjcf_check_text("<a><b/></a>", 11, NULL, FRIC_MJCF_MAX_DEPTH - 1, &elements, NULL, 0, &n_inc, &why),
           FRIC_E_PARAM_RANGE, -1, "<b> nested 65 deep");
    /* the files it names (test_mjcf_check.c has the rest): no compiler to write to */
    REFUSE(fric_mjcf_assets("<a/>", 4, NULL, 0, &n_inc, NULL), FRIC_E_NULL, -1, "compiler");
    /* its tags and their attributes (test_mjcf_check.c has the rest): no array for the cap given */
    REFUSE(fric_mjcf_tags("<a/>", 4, NULL, 1, &n_inc), FRIC_E_NULL, -1, "tag array");
    REFUSE(fric_mjcf_tag_attrs("<a/>", NULL, NULL, 0, &n_inc), FRIC_E_NULL, -1, "no text, tag");
    /* its file plan (tests/adapter/test_mjcf_plan.c has the rest): each call out of turn or without its argument */
    fric_mjcf_plan *plan = NULL;
    fric_mjcf_want want;
    fric_mjcf_file file;
    REFUSE(fric_mjcf_plan_new(NULL), FRIC_E_NULL, -1, "plan");
    assert_int_equal(fric_mjcf_plan_new(&plan), FRIC_OK);
    REFUSE(fric_mjcf_plan_begin(plan, "folder/"), FRIC_E_PARAM_RANGE, -1, "main file 'folder/'");
    REFUSE(fric_mjcf_plan_next(plan, &want), FRIC_E_PARAM_RANGE, -1, "not begun");
    assert_int_equal(fric_mjcf_plan_begin(plan, "a.xml"), FRIC_OK);
    REFUSE(fric_mjcf_plan_feed(plan, "a.xml", "<mujoco/>", 9), FRIC_E_PARAM_RANGE, -1, "no file is wanted");
    REFUSE(fric_mjcf_plan_absent(plan), FRIC_E_PARAM_RANGE, -1, "no file is wanted");
    REFUSE(fric_mjcf_plan_file(plan, 1, &file), FRIC_E_PARAM_RANGE, -1, "file 1 is outside");
    fric_mjcf_class klass;
    REFUSE(fric_mjcf_plan_class(plan, 0, &klass), FRIC_E_PARAM_RANGE, -1, "class 0 is outside");
    fric_mjcf_plan_free(plan);
}

/* ------------------------------------------------------- without `why` */

/* A caller may pass why = NULL: the failure is recorded all the same, so
 * the call returns the code it records (these calls skipped the report
 * when why was NULL, returning FRIC_E_PARAM_RANGE over a stale or empty
 * record, FRIC_E_NONFINITE included). */
static void test_refusals_without_why(void **state)
{
    (void)state;
    const fric_regions_law L = regions_m1();
    fric_region_span sp[FRIC_REGIONS_MAX_SPANS];
    int n;
    double tm[256], te[256];
    REFUSE(fric_regions_spans(&L, 0, NAN, sp, FRIC_REGIONS_MAX_SPANS, &n, NULL), FRIC_E_PARAM_RANGE,
           -1, "tau_m = ");
    REFUSE(fric_regions_corners(&L, 0, -1, tm, te, 256, &n, NULL), FRIC_E_PARAM_RANGE, -1, "T = ");
    fric_fd_problem p;
    memset(&p, 0, sizeof p);
    p.n = 1;
    p.D[0] = 1;
    fric_fd_solution out;
    REFUSE(fric_fd_solve(&p, ~0u, (fric_fd_search)7, &out, NULL), FRIC_E_PARAM_RANGE, -1, "search = ");
    fd_sys sys = { 0 };
    fric_fd_sim s = { 1, fd_eval, &sys, 1e-3, FRIC_FD_FIXED_STEP, 1e-9, 0, FRIC_FD_RULE_CONTINUOUS };
    fric_fd_state x;
    const double z = 0;
    assert_int_equal(fric_fd_sim_init(&s, &x, &z, &z, NULL), FRIC_OK);
    sys.broken = 1;
    REFUSE(fric_fd_sim_step(&s, &x, NULL), FRIC_E_PARAM_RANGE, -1, "n =");
    fric_bench_def d;
    fric_bench_def_from_preset(fric_bench_preset_find("xl330", 1), &d);
    bench_small_log sl;
    bench_small_log_make(&sl);
    sl.log.mass = 0;
    fric_bench_replay_result r;
    REFUSE(fric_bench_replay(&d, &sl.log, NULL, 0, &r, NULL), FRIC_E_LOG_INVALID, -1, "\"mass\" = ");
    const fric_scenario *sc = fric_scenario_find("model-a");
    double v[FRIC_SCENARIO_MAX_PARAMS];
    fric_scenario_defaults(sc, v);
    const int jM = fric_scenario_param_index(sc, "M");
    v[jM] = -1;
    REFUSE(fric_scenario_check(sc, v, NULL), FRIC_E_PARAM_RANGE, jM, "M = ");
}

/* ---------------------------------------------------- scenario walker */

/* Breaks parameter j of sc's defaults to v and expects check, init and
 * retune (FRIC_E_UNSUPPORTED for a scenario that cannot retune) to refuse
 * it, naming the parameter; returns 1. */
static int refuse_scenario_value(const fric_scenario *sc, void *st, int j, double v)
{
    double p[FRIC_SCENARIO_MAX_PARAMS];
    const char *why;
    fric_scenario_defaults(sc, p);
    p[j] = v;
    char call[160], named[64];
    snprintf(named, sizeof named, "%s = ", sc->params[j].name);   /* "M = -1 is out of range" */
    snprintf(call, sizeof call, "%s: %s = %g: fric_scenario_check", sc->name, sc->params[j].name, v);
    fric_status_clear();
    expect_refusal(fric_scenario_check(sc, p, &why), FRIC_E_PARAM_RANGE, j, named, call);
    snprintf(call, sizeof call, "%s: %s = %g: fric_scenario_init", sc->name, sc->params[j].name, v);
    fric_status_clear();
    expect_refusal(fric_scenario_init(sc, st, p, &why), FRIC_E_PARAM_RANGE, j, named, call);
    /* a running simulation refuses it too (or refuses any retune) */
    double d[FRIC_SCENARIO_MAX_PARAMS];
    fric_scenario_defaults(sc, d);
    if (fric_scenario_init(sc, st, d, &why)) fail_msg("%s: defaults refused: %s", sc->name, why);
    snprintf(call, sizeof call, "%s: %s = %g: fric_scenario_retune", sc->name, sc->params[j].name, v);
    fric_status_clear();
    if (fric_scenario_can_retune(sc))
        expect_refusal(fric_scenario_retune(sc, st, p, &why), FRIC_E_PARAM_RANGE, j, named, call);
    else
        expect_refusal(fric_scenario_retune(sc, st, p, &why), FRIC_E_UNSUPPORTED, -1, sc->name, call);
    return 1;
}

/* Every parameter of every scenario: below its min, above its max (a
 * choice: −1 and n_choices) and NaN. An infinite end has no value beyond
 * it: counted and printed, not skipped silently. */
static void test_scenario_ranges(void **state)
{
    (void)state;
    int cases = 0, open_ends = 0, params = 0;
    for (int s = 0; s < fric_scenario_count(); s++) {
        const fric_scenario *sc = fric_scenario_at(s);
        void *st = malloc(sc->state_bytes);
        assert_non_null(st);
        for (int j = 0; j < sc->n_params; j++) {
            const fric_param_info *pi = &sc->params[j];
            params++;
            if (isfinite(pi->min)) {
                cases += refuse_scenario_value(sc, st, j, pi->min - fmax(1, fabs(pi->min)));
            } else {
                open_ends++;
                print_message("   %s: %s has no lower bound (min %g)\n", sc->name, pi->name, pi->min);
            }
            if (isfinite(pi->max)) {
                cases += refuse_scenario_value(sc, st, j, pi->max + fmax(1, fabs(pi->max)));
            } else {
                open_ends++;
                print_message("   %s: %s has no upper bound (max %g)\n", sc->name, pi->name, pi->max);
            }
            cases += refuse_scenario_value(sc, st, j, NAN);
        }
        free(st);
    }
    print_message("   %d scenarios, %d parameters: %d refusals (check, init and retune each), %d open "
                  "range ends\n", fric_scenario_count(), params, cases, open_ends);
    assert_true(params > 100);
}

FRIC_TEST_MAIN(cmocka_unit_test(test_walker_reads),
               cmocka_unit_test(test_every_status_call_is_refused),
               cmocka_unit_test(test_header_list_is_complete),
               cmocka_unit_test(test_law_stage),
               cmocka_unit_test(test_dupont_stage),
               cmocka_unit_test(test_regions_stage),
               cmocka_unit_test(test_bench_stage),
               cmocka_unit_test(test_chain_stage),
               cmocka_unit_test(test_cmaes_stage),
               cmocka_unit_test(test_fd_stage),
               cmocka_unit_test(test_fit_stage),
               cmocka_unit_test(test_io_stage),
               cmocka_unit_test(test_joint_stage),
               cmocka_unit_test(test_refusals_without_why),
               cmocka_unit_test(test_scenario_ranges))
