/*
 * test_native.c: MuJoCo's native joint on the bench (fric_native.h) without
 * MuJoCo: hand-computed steps, the params file and the refusals ("Bad
 * input" of the native model). The agreement with real MuJoCo is held by
 * tests/mujoco/test_native_mujoco.c (2.2.2) and
 * tests/web/native_mujoco.test.mjs (3.14).
 *   creep    at rest under gravity with frictionloss far above the load,
 *            MuJoCo's soft constraint lets the arm creep: one step from rest
 *            gives q̇' = h·(1 − dmin)·τg/J (the row's force is imp·J·(aref −
 *            a0) = −dmin·τg at q̇ = 0, inside ±frictionloss), computed here
 *            from the bench's geometry;
 *   slip     frictionloss below the load: the force is −frictionloss and
 *            q̇' = h·(τg − frictionloss)/J;
 *   damping  Euler's implicit damping: q̇' = q̇ + h·(−D·q̇)/(J + h·D);
 *   actuator the position actuator with forcerange clamps at hi; torque off
 *            gives 0; the log's firmware kp scales kp (kp·k/firmware_kp);
 *   file     a native file written and read back gives the same doubles; a
 *            native file with an M-model key and an M-model file with a
 *            native-only key are refused naming the key;
 *   box      the fit's box: q_offset's is the M-models' of the actuator
 *            (Rhoban/bam's bounds, written here), the start its centre (0;
 *            kp √(0.01·100) = 1 by hand), a q_offset box without room refused;
 *   batch    fric_native_batch_mae_lanes equals fric_native_replay per log
 *            on the synthetic batch (the same step);
 *   stepped  the fit one generation at a time (fric_native_fitter) against
 *            the one-call fit (fric_native_fit), same seed: the same set,
 *            loss and evaluations, bit for bit (a consistency check: the
 *            one call is that loop); per generation the evaluations grow by
 *            that generation's candidates, the best loss never rises, and it
 *            is the loss fric_native_loss gives the reported set; stop ends
 *            the search before the next generation; a NULL is refused.
 * Without MuJoCo under CI=true, the test fails: the checks against real
 * MuJoCo are not built then (test_no_mujoco).
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_main.h"

#include "bench_logs.h"
#include "fric_bench.h"
#include "fric_io.h"
#include "fric_cmaes.h"
#include "fric_native.h"
#include "fric_scenario.h"
#include "native_sets.h"
#include "status_expect.h"

static fric_native_bench bench(double floss)
{
    fric_native_bench b;
    memset(&b, 0, sizeof b);
    b.p = NATIVE_SET(.frictionloss = floss, .armature = 0.002, .firmware_kp = 400);
    b.mass = 0.5;
    b.length = 0.1;
    b.log_kp = 400;
    b.dt = 0.005;
    return b;
}

/* J of the bench by hand: m·l² + floor + armature (point mass: the body's
 * own inertia about its centre is 0, the MJCF puts 1e-9 there). */
static double J_of(const fric_native_bench *b) { return b->mass * b->length * b->length + 1e-9 + b->p.armature; }

static void test_creep_and_slip(void **state)
{
    (void)state;
    fric_native_bench b = bench(5.0);   /* far above m·g·l ≈ 0.49 N·m */
    fric_native_step_def sd;
    assert_int_equal(fric_native_prepare(&b, &sd), FRIC_OK);
    double q0 = 0.7, h = b.dt, J = J_of(&b);
    double tg = -b.mass * 9.80665 * b.length * sin(q0);
    fric_native_state s = { .q = q0 };
    assert_int_equal(fric_native_step(&sd, &s, 0, 0), FRIC_OK);
    double want = h * (1 - 0.9) * tg / J;
    assert_true(fabs(s.dq - want) <= 1e-12 * fabs(want));
    assert_true(fabs(s.q - (q0 + h * want)) <= 1e-15);
    assert_int_equal(s.held, 1);
    assert_true(fabs(s.tau_f - (-0.9 * tg)) <= 1e-12);
    /* slip: frictionloss 0.1 below the load */
    b = bench(0.1);
    assert_int_equal(fric_native_prepare(&b, &sd), FRIC_OK);
    s = (fric_native_state){ .q = q0 };
    assert_int_equal(fric_native_step(&sd, &s, 0, 0), FRIC_OK);
    want = h * (tg + 0.1) / J;   /* tg < 0: the friction pushes up */
    assert_true(fabs(s.dq - want) <= 1e-12 * fabs(want));
    assert_int_equal(s.held, 0);
}

static void test_damping_and_actuator(void **state)
{
    (void)state;
    fric_native_bench b = bench(0);
    b.p.damping = 0.4;
    fric_native_step_def sd;
    assert_int_equal(fric_native_prepare(&b, &sd), FRIC_OK);
    double h = b.dt, J = J_of(&b), v = 2.0;
    fric_native_state s = { .q = 0, .dq = v };
    assert_int_equal(fric_native_step(&sd, &s, 0, 0), FRIC_OK);
    double want = v + h * (-0.4 * v) / (J + h * 0.4);
    assert_true(fabs(s.dq - want) <= 1e-14);
    /* actuator: kp 3 at firmware 400, log kp 200: 1.5 N·m/rad; clamp at hi */
    b = bench(0);
    b.p.kp = 3;
    b.p.kv = 0.1;
    b.p.forcerange_lo = -0.2;
    b.p.forcerange_hi = 0.25;
    b.log_kp = 200;
    assert_int_equal(fric_native_prepare(&b, &sd), FRIC_OK);
    assert_true(fabs(sd.kp - 1.5) <= 1e-15);
    s = (fric_native_state){ .q = 0, .dq = 0.5 };
    assert_int_equal(fric_native_step(&sd, &s, 0.1, 1), FRIC_OK);
    assert_true(fabs(s.tau_a - (1.5 * 0.1 - 0.1 * 0.5)) <= 1e-15);   /* 0.1: inside */
    s = (fric_native_state){ .q = 0, .dq = 0 };
    assert_int_equal(fric_native_step(&sd, &s, 1.0, 1), FRIC_OK);
    assert_true(s.tau_a == 0.25);
    s = (fric_native_state){ .q = 0, .dq = 0 };
    assert_int_equal(fric_native_step(&sd, &s, 1.0, 0), FRIC_OK);
    assert_true(s.tau_a == 0);
    /* refsafe: timeconst below 2h is raised to 2h; B = 2/(dmax·2h) */
    b.p.solreffriction_timeconst = 0.001;
    assert_int_equal(fric_native_prepare(&b, &sd), FRIC_OK);
    assert_true(fabs(sd.B - 2 / (0.95 * 0.01)) <= 1e-12);
}

static void test_params_file(void **state)
{
    (void)state;
    fric_native_params p = NATIVE_SET(.frictionloss = 0.123, .damping = 0.0456, .armature = 0.00789, .kp = 7.5,
                                      .firmware_kp = 400, .kv = 0.03);
    p.forcerange_lo = -1.25;
    p.forcerange_hi = 1.5;
    p.q_offset = -0.02;
    char text[4096];
    size_t len = 0;
    assert_int_equal(fric_native_params_write(&p, "xl330", NULL, text, sizeof text, &len), FRIC_OK);
    assert_true(strstr(text, "\"frictionloss\": 0.123,") && strstr(text, "\"model\": \"native\""));
    char path[] = "/tmp/fric_native_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    fputs(text, f);
    fclose(f);
    assert_int_equal(fric_native_params_file(path), 1);
    fric_native_params r;
    const char *act = NULL;
    fric_io_error err;
    assert_int_equal(fric_native_params_read(path, &r, &act, &err), FRIC_OK);
    assert_string_equal(act, "xl330");
    assert_memory_equal(&r, &p, sizeof p);
    /* a native file with an M-model key, an M-model file with a native key */
    f = fopen(path, "w");
    fputs("{\"frictionloss\": 0.1, \"friction_base\": 0.05, \"model\": \"native\", \"actuator\": \"xl330\"}", f);
    fclose(f);
    REFUSE(fric_native_params_read(path, &r, &act, &err), FRIC_E_PARAMS_INVALID, -1, "\"friction_base\"");
    assert_non_null(strstr(err.message, "M1–M6"));
    f = fopen(path, "w");
    fputs("{\"kt\": 0.6, \"kv\": 0.1, \"model\": \"m1\", \"actuator\": \"xl330\"}", f);
    fclose(f);
    assert_int_equal(fric_native_params_file(path), 0);
    double v[FRIC_SCENARIO_MAX_PARAMS];
    fric_bench_params_servo_init(v);
    fric_io_params_carry carry;
    REFUSE(fric_io_params_read_carry(path, fric_scenario_find("bench"), v, &carry, &err), FRIC_E_PARAMS_INVALID,
           -1, "\"kv\"");
    assert_non_null(strstr(err.message, "native"));
    remove(path);
}

static void test_refusals(void **state)
{
    (void)state;
    fric_native_params p;
    fric_native_params_default(&p, NULL);
    assert_int_equal(fric_native_check(&p), FRIC_OK);
    p.frictionloss = -0.1;
    REFUSE(fric_native_check(&p), FRIC_E_PARAM_RANGE, -1, "frictionloss");
    fric_native_params_default(&p, NULL);
    p.kv = 0.5;
    REFUSE(fric_native_check(&p), FRIC_E_PARAM_RANGE, -1, "kv");
    fric_native_params_default(&p, NULL);
    p.forcerange_lo = 1;
    p.forcerange_hi = -1;
    REFUSE(fric_native_check(&p), FRIC_E_PARAM_RANGE, -1, "forcerange_lo");
    fric_native_params_default(&p, NULL);
    p.solimpfriction[1] = 1.5;
    REFUSE(fric_native_check(&p), FRIC_E_PARAM_RANGE, -1, "solimpfriction_dmax");
    fric_native_params_default(&p, NULL);
    p.solreffriction_timeconst = NAN;
    REFUSE(fric_native_check(&p), FRIC_E_PARAM_RANGE, -1, "solreffriction_timeconst");
    REFUSE(fric_native_check(NULL), FRIC_E_NULL, -1, "parameter set");

    fric_native_bench b = bench(0.1);
    fric_native_step_def sd;
    b.mass = 0;
    REFUSE(fric_native_prepare(&b, &sd), FRIC_E_PARAM_RANGE, -1, "mass");
    b = bench(0.1);
    assert_int_equal(fric_native_prepare(&b, &sd), FRIC_OK);
    fric_native_state s = { .q = 0 };
    REFUSE(fric_native_step(&sd, &s, NAN, 1), FRIC_E_NONFINITE, -1, "q = ");
    assert_true(s.q == 0 && s.steps == 0);   /* nothing changed */

    bench_small_log sl;
    bench_small_log_make(&sl);
    fric_bench_replay_result r;
    const char *why = NULL;
    fric_native_params_default(&p, NULL);
    assert_int_equal(fric_native_replay(&p, &sl.log, NULL, 0, &r, &why), FRIC_OK);
    REFUSE(fric_native_replay(&p, NULL, NULL, 0, &r, &why), FRIC_E_NULL, -1, "log");
    p.damping = -1;
    REFUSE(fric_native_replay(&p, &sl.log, NULL, 0, &r, &why), FRIC_E_PARAM_RANGE, -1, "damping");

    fric_native_params_default(&p, NULL);
    p.frictionloss = -1;
    char buf[512];
    assert_int_equal(fric_native_mjcf_attrs(&p, 400, FRIC_NATIVE_JOINT, FRIC_NATIVE_MUJOCO3, buf, sizeof buf), -1);
    assert_non_null(strstr(fric_status_last().message, "frictionloss"));

    fric_io_error err;
    fric_native_params_start(&p);
    REFUSE(fric_native_params_key(&p, "kv", FRIC_IO_STRING, 0, "x", "f.json", NULL, NULL, &err),
           FRIC_E_PARAMS_INVALID, -1, "\"kv\"");
    REFUSE(fric_native_params_key(&p, "model", FRIC_IO_STRING, 0, "m4", "f.json", NULL, NULL, &err),
           FRIC_E_PARAMS_INVALID, -1, "\"model\"");
    REFUSE(fric_native_params_key(&p, "R", FRIC_IO_NUMBER, 2, NULL, "f.json", NULL, NULL, &err),
           FRIC_E_PARAMS_INVALID, -1, "\"R\"");
    REFUSE(fric_native_params_finish(&p, NULL, 1, "f.json", &err), FRIC_E_PARAMS_INVALID, -1, "actuator");
    p.frictionloss = -2;
    REFUSE(fric_native_params_finish(&p, "xl330", 1, "f.json", &err), FRIC_E_PARAMS_INVALID, -1, "frictionloss");
    fric_native_params_default(&p, NULL);
    REFUSE(fric_native_params_write(&p, "x\"y", NULL, buf, sizeof buf, NULL), FRIC_E_PARAM_RANGE, -1, "actuator");
    REFUSE(fric_native_params_write(&p, "xl330", NULL, buf, 8, NULL), FRIC_E_BUFFER, -1, "buffer");
    REFUSE(fric_native_params_read("/nonexistent/n.json", &p, NULL, &err), FRIC_E_FILE, -1, "n.json");

    static bench_synth syn;
    fric_bench_batch bb = bench_synth_make(&syn);
    double mae[BENCH_SYNTH_NL];
    fric_native_params_default(&p, NULL);
    p.armature = -1;
    REFUSE(fric_native_batch_mae_lanes(&bb, &p, 1, FRIC_BENCH_LANES_AUTO, mae, NULL, &why), FRIC_E_PARAM_RANGE, -1,
           "armature");

    /* the fit and its sensitivity: no batch; a start outside its box (named) */
    fric_native_params best;
    fric_native_fit_space box;
    fric_native_fit_space_default(NULL, &box);
    double loss, lo[FRIC_NATIVE_FIT_N], hi[FRIC_NATIVE_FIT_N];
    int lc[FRIC_NATIVE_FIT_N], hc[FRIC_NATIVE_FIT_N];
    fric_native_params_default(&p, NULL);
    REFUSE(fric_native_fit(NULL, &p, &box, 100, 1, &best, &loss, NULL, &why), FRIC_E_NULL, -1, "batch");
    double centre[FRIC_NATIVE_FIT_N];
    fric_native_fit_start(NULL, &box, &p);
    p.kp = 1e3;   /* above kp's box [0.01, 100] */
    REFUSE(fric_native_fit(&bb, &p, &box, 100, 1, &best, &loss, NULL, &why), FRIC_E_PARAM_RANGE, -1, "kp");
    /* q_offset is fitted in the M-models' box of the actuator (Rhoban/bam:
       bam/feetech/actuator.py's [−0.2, 0.2] rad for the sts3215, bam/model.py's
       [−0.1, 0.1] otherwise), from the box's centre 0 (not the preset's
       −0.0512 rad); kp from √(0.01·100) = 1 N·m/rad (its log box) */
    fric_native_fit_space qb;
    const int qo = FRIC_NATIVE_FIT_N - 1;
    assert_string_equal(fric_native_fit_key(qo), "q_offset");
    fric_native_fit_space_default("sts3215", &qb);
    assert_true(qb.lo[qo] == -0.2 && qb.hi[qo] == 0.2);
    fric_native_fit_space_default("xl330", &qb);
    assert_true(qb.lo[qo] == -0.1 && qb.hi[qo] == 0.1);
    fric_native_fit_space_default(NULL, &qb);
    assert_true(qb.lo[qo] == -0.1 && qb.hi[qo] == 0.1);
    fric_native_fit_space_default("sts3215", &qb);
    fric_native_fit_start(fric_bench_actuator_find("sts3215"), &qb, &p);
    assert_true(p.q_offset == 0);
    assert_true(fabs(p.kp - 1) < 1e-12);
    fric_native_fit_values(&p, centre);
    assert_true(centre[qo] == 0);
    /* a q_offset box without room (lo = hi) is refused, naming q_offset */
    qb.lo[qo] = qb.hi[qo] = 0;
    REFUSE(fric_native_fit(&bb, &p, &qb, 100, 1, &best, &loss, NULL, &why), FRIC_E_PARAM_RANGE, -1, "q_offset");
    REFUSE(fric_native_sensitivity(NULL, &p, &box, 0.03, NULL, lo, hi, lc, hc, &why), FRIC_E_NULL, -1, "batch");
}

/* The batch kernel against the replay, log by log (the synthetic batch:
 * processed logs of several steps, loads, gains, torque off). */
static void test_batch(void **state)
{
    (void)state;
    static bench_synth syn;
    fric_bench_batch bb = bench_synth_make(&syn);
    const char *why = NULL;
    assert_int_equal(fric_bench_batch_check(&bb, &why), FRIC_OK);
    fric_native_params p[2];
    p[0] = NATIVE_SET(.frictionloss = 0.05, .armature = 0.003, .kp = 4, .firmware_kp = 100, .kv = 0.05);
    p[1] = p[0];
    p[1].frictionloss = 0.5;
    p[1].damping = 0.1;
    p[1].forcerange_lo = -0.3;
    p[1].forcerange_hi = 0.3;
    static double mae[2 * BENCH_SYNTH_NL];
    assert_int_equal(fric_native_batch_mae_lanes(&bb, p, 2, FRIC_BENCH_LANES_AUTO, mae, NULL, &why), FRIC_OK);
    for (size_t c = 0; c < 2; c++)
        for (size_t i = 0; i < bb.logs; i++) {
            /* the same log as fric_native_replay sees it: a processed log of the batch's samples */
            size_t n = bb.n[i];
            fric_native_bench nb;
            fric_native_step_def sd;
            fric_native_bench_from_log(&p[c], &bb.header[i], &nb);
            nb.dt = bb.header[i].dt;
            assert_int_equal(fric_native_prepare(&nb, &sd), FRIC_OK);
            fric_native_state s = { .q = bb.q_rec[i], .dq = bb.dq0 ? bb.dq0[i] : 0 };
            double sum = 0;
            for (size_t k = 0; k < n; k++) {
                sum += fabs(s.q - bb.q_rec[k * bb.logs + i]);
                assert_int_equal(fric_native_step(&sd, &s, bb.goal[k * bb.logs + i], bb.torque_enable[k * bb.logs + i]),
                                 FRIC_OK);
            }
            assert_true(mae[c * bb.logs + i] == sum / (double)n);
        }
}

/* The stepped fit against the one-call fit (see the head comment). */
static void test_stepped_fit(void **state)
{
    (void)state;
    static bench_synth syn;
    fric_bench_batch bb = bench_synth_make(&syn);
    fric_native_fit_space box;
    fric_native_fit_space_default(NULL, &box);
    fric_native_params start, best1;
    fric_native_fit_start(NULL, &box, &start);
    const long budget = 400;
    const uint64_t seed = 11;
    double loss1 = 0;
    long evals1 = 0;
    const char *why = NULL;
    assert_int_equal(fric_native_fit(&bb, &start, &box, budget, seed, &best1, &loss1, &evals1, &why), FRIC_OK);

    fric_native_fitter *f = fric_native_fitter_create(&bb, &start, &box, budget, seed, &why);
    assert_non_null(f);
    const fric_native_fit_progress *g = fric_native_fitter_progress(f);
    assert_int_equal(g->evals, 0);
    assert_true(isinf(g->best_loss));
    assert_int_equal(g->budget, budget);
    long evals = 0;
    int gen = 0, done = 0;
    double best = INFINITY;
    do {   /* a step while running tells one generation */
        done = fric_native_fitter_step(f);
        assert_int_equal(g->generation, gen + 1);
        assert_true(g->lambda >= 1);
        assert_int_equal(g->evals, evals + g->lambda);
        assert_true(g->best_loss <= best);
        assert_true(g->best_loss <= g->gen_best_loss);
        assert_true(g->sigma > 0 && isfinite(g->sigma));
        assert_true(g->best_loss == fric_native_loss(&bb, &g->best, NULL));
        gen = g->generation;
        evals = g->evals;
        best = g->best_loss;
    } while (done == 0);
    assert_true(done > 0);
    assert_int_equal(g->done, done);
    assert_true(gen > 3);
    assert_true(evals <= budget);
    /* stepped again after the end: the same answer, nothing more told */
    assert_int_equal(fric_native_fitter_step(f), done);
    assert_int_equal(g->evals, evals);
    assert_int_equal(evals, evals1);
    assert_true(g->best_loss == loss1);
    assert_memory_equal(&g->best, &best1, sizeof best1);
    fric_native_fitter_destroy(f);

    /* stop: the next step tells nothing and says STOPPED */
    f = fric_native_fitter_create(&bb, &start, &box, budget, seed, &why);
    assert_non_null(f);
    g = fric_native_fitter_progress(f);
    assert_int_equal(fric_native_fitter_step(f), 0);
    long e1 = g->evals;
    fric_native_fitter_stop(f);
    assert_int_equal(fric_native_fitter_step(f), FRIC_CMAES_STOPPED);
    assert_int_equal(g->evals, e1);
    assert_int_equal(g->done, FRIC_CMAES_STOPPED);
    fric_native_fitter_destroy(f);

    /* refusals: the create's as fric_native_fit's (the same sentence), a NULL fitter */
    fric_status_clear();
    assert_null(fric_native_fitter_create(NULL, &start, &box, budget, seed, &why));
    assert_int_equal(fric_status_last().code, FRIC_E_NULL);
    assert_string_equal(why, fric_status_last().message);
    assert_non_null(strstr(why, "batch"));
    start.kp = 1e3;   /* above kp's box [0.01, 100] */
    assert_null(fric_native_fitter_create(&bb, &start, &box, budget, seed, &why));
    assert_int_equal(fric_status_last().code, FRIC_E_PARAM_RANGE);
    assert_non_null(strstr(why, "kp"));
    fric_status_clear();
    assert_int_equal(fric_native_fitter_step(NULL), -1);
    assert_int_equal(fric_status_last().code, FRIC_E_NULL);
    assert_non_null(strstr(fric_status_last().message, "fitter"));
    assert_null(fric_native_fitter_progress(NULL));
    fric_native_fitter_stop(NULL);
    fric_native_fitter_destroy(NULL);
}

/* on_gen of fric_native_fit_run: counts the generations, stops after stop_at (0: never). */
typedef struct {
    int calls, stop_at;
} gen_count;
static int count_gen(const fric_native_fit_progress *p, void *user)
{
    gen_count *c = user;
    assert_int_equal(p->generation, ++c->calls);
    return c->stop_at && c->calls >= c->stop_at;
}

/* The threaded run (fric_native_fit_run, the CLI's --threads) against the
 * stepped fit (a consistency check: the same fit, its candidates scored on 1
 * and 2 threads, gives fric_native_fit's bits); a held key (the CLI's --set)
 * stays at its value exactly in every candidate, the best included, while
 * the free keys move; a held value outside the key's box is no refusal
 * (the box is unused); on_gen stops the run. */
static void test_fit_run_held(void **state)
{
    (void)state;
    static bench_synth syn;
    fric_native_fit_space box;
    fric_native_params start, best1;
    fric_bench_batch bb = bench_synth_make(&syn);
    fric_native_fit_space_default(NULL, &box);
    fric_native_fit_start(NULL, &box, &start);
    const long budget = 300;
    const uint64_t seed = 7;
    double loss1 = 0;
    long evals1 = 0;
    const char *why = NULL;
    assert_int_equal(fric_native_fit(&bb, &start, &box, budget, seed, &best1, &loss1, &evals1, &why), FRIC_OK);
    for (int threads = 1; threads <= 2; threads++) {
        fric_native_fitter *f = fric_native_fitter_create(&bb, &start, &box, budget, seed, &why);
        assert_non_null(f);
        gen_count c = { 0, 0 };
        int done = fric_native_fit_run(f, threads, count_gen, &c, &why);
        const fric_native_fit_progress *g = fric_native_fitter_progress(f);
        assert_true(done > 0);
        assert_int_equal(g->generation, c.calls);
        assert_int_equal(g->evals, evals1);
        assert_true(g->best_loss == loss1);
        assert_memory_equal(&g->best, &best1, sizeof best1);
        fric_native_fitter_destroy(f);
    }
    /* on_gen stops after 2 generations */
    fric_native_fitter *f = fric_native_fitter_create(&bb, &start, &box, budget, seed, &why);
    gen_count c = { 0, 2 };
    assert_int_equal(fric_native_fit_run(f, 2, count_gen, &c, &why), FRIC_CMAES_STOPPED);
    assert_int_equal(c.calls, 2);
    fric_native_fitter_destroy(f);

    /* kp (slot 3) held at 7.25, above nothing in particular; damping (slot 1)
       at 4, outside its box [1e-4, 3]: both exactly there, the others fitted */
    assert_string_equal(fric_native_fit_key(3), "kp");
    assert_string_equal(fric_native_fit_key(1), "damping");
    box.held[3] = 1, box.value[3] = 7.25;
    box.held[1] = 1, box.value[1] = 4;
    fric_native_params hs;
    fric_native_fit_start(NULL, &box, &hs);
    assert_true(hs.kp == 7.25 && hs.damping == 4);
    f = fric_native_fitter_create(&bb, &start, &box, budget, seed, &why);
    assert_non_null(f);
    assert_true(fric_native_fit_run(f, 2, NULL, NULL, &why) > 0);
    const fric_native_fit_progress *g = fric_native_fitter_progress(f);
    assert_true(isfinite(g->best_loss));
    assert_true(g->best.kp == 7.25 && g->best.damping == 4);
    assert_true(g->best.frictionloss != start.frictionloss && g->best.armature != start.armature);
    assert_true(g->best_loss == fric_native_loss(&bb, &g->best, NULL));
    fric_native_fitter_destroy(f);
    /* every key held: no search (CMA-ES's refusal of dimension 0) */
    for (int i = 0; i < FRIC_NATIVE_FIT_N; i++) box.held[i] = 1, box.value[i] = 0.5 * (box.lo[i] + box.hi[i]);
    assert_null(fric_native_fitter_create(&bb, &start, &box, budget, seed, &why));
    /* threads < 0 refused, a NULL fitter */
    fric_native_fit_space_default(NULL, &box);
    f = fric_native_fitter_create(&bb, &start, &box, budget, seed, &why);
    assert_int_equal(fric_native_fit_run(f, -1, NULL, NULL, &why), -1);
    assert_non_null(strstr(why, "threads"));
    fric_native_fitter_destroy(f);
    assert_int_equal(fric_native_fit_run(NULL, 1, NULL, NULL, &why), -1);
    assert_int_equal(fric_status_last().code, FRIC_E_NULL);
}

/* The checks against real MuJoCo need MuJoCo; under CI=true its absence fails. */
static void test_no_mujoco(void **state)
{
    (void)state;
#ifndef FRIC_HAVE_MUJOCO
    const char *ci = getenv("CI");
    if (ci && strcmp(ci, "true") == 0)
        fail_msg("MuJoCo 2.2.2 (libmujoco-dev) is missing: tests/mujoco/test_native_mujoco.c, the native model "
                 "against real MuJoCo, is not built (CI=true: install it).");
    print_message("SKIP: no MuJoCo 2.2.2 here: the native model is not checked against it\n");
    skip();
#endif
}

/* The scenario bench-native (the live bench with this joint): its native
 * parameters are FRIC_NATIVE_KEYS by name and in order;
 * fric_native_scenario_params refuses an unknown actuator and a set
 * fric_native_check refuses, and takes an actuator's other name. */
static void test_scenario_keys(void **state)
{
    (void)state;
    const fric_scenario *sc = fric_scenario_find("bench-native");
    assert_non_null(sc);
    int first = fric_scenario_param_index(sc, "frictionloss");
    int k = 0;
#define KEY_AT(key, field, unit) assert_int_equal(fric_scenario_param_index(sc, key), first + k++);
    FRIC_NATIVE_KEYS(KEY_AT)
#undef KEY_AT
    assert_int_equal(k, FRIC_NATIVE_N_KEYS);
    double p[FRIC_SCENARIO_MAX_PARAMS];
    fric_scenario_defaults(sc, p);
    fric_native_params np = NATIVE_SET(.actuator = "xl330", .frictionloss = 0.1);
    REFUSE(fric_native_scenario_params(&np, "no_such_servo", p), FRIC_E_PARAM_RANGE, 0, "no_such_servo");
    np.frictionloss = -1;
    REFUSE(fric_native_scenario_params(&np, "xl330", p), FRIC_E_PARAM_RANGE, -1, "frictionloss");
    /* the other names of an actuator are taken (sts3250 = sts3215) */
    np.frictionloss = 0.1;
    assert_int_equal(fric_native_scenario_params(&np, "sts3250", p), FRIC_OK);
    assert_string_equal(sc->params[fric_scenario_param_index(sc, "actuator")]
                            .choices[(int)p[fric_scenario_param_index(sc, "actuator")]], "sts3215");
    fric_native_bench b;
    REFUSE(fric_native_scenario_bench(NULL, &b), FRIC_E_NULL, -1, "NULL");
    REFUSE(fric_native_scenario_bench(p, NULL), FRIC_E_NULL, -1, "NULL");
    assert_int_equal(fric_native_scenario_bench(p, &b), FRIC_OK);
    assert_true(b.p.frictionloss == 0.1);   /* the set written into p above */
}

/* The fitted forcerange is symmetric, lo = −hi, and no limit (hi held at 0,
 * as the robot identification holds it) is lo = +0: a params file reads
 * "forcerange_lo": 0, never −0. */
static void test_fit_apply_forcerange(void **state)
{
    (void)state;
    fric_native_params base = NATIVE_SET(.frictionloss = 0.1), p;
    double v[FRIC_NATIVE_FIT_N] = { 0.1, 0.01, 0.001, 4, 0, 2.5, 0 };
    fric_native_fit_apply(&base, v, &p);
    assert_true(p.forcerange_hi == 2.5 && p.forcerange_lo == -2.5);
    v[5] = 0;
    fric_native_fit_apply(&base, v, &p);
    assert_true(p.forcerange_lo == 0 && !signbit(p.forcerange_lo));
}

FRIC_TEST_MAIN(cmocka_unit_test(test_fit_apply_forcerange), cmocka_unit_test(test_creep_and_slip), cmocka_unit_test(test_scenario_keys), cmocka_unit_test(test_damping_and_actuator),
               cmocka_unit_test(test_params_file), cmocka_unit_test(test_refusals), cmocka_unit_test(test_batch), cmocka_unit_test(test_stepped_fit),
               cmocka_unit_test(test_fit_run_held),
               cmocka_unit_test(test_no_mujoco))
