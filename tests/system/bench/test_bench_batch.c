/*
 * test_bench_batch.c: batched multi-log evaluation (fric_bench_batch_mae).
 *
 *  1. CONSISTENCY CHECK (not an independent reference): on 13 synthetic
 *     processed logs of different lengths, steps, loads, gains and supplies,
 *     for every actuator's M1..M6 presets and all four treatments, the batched
 *     MAE of each log equals fric_bench_replay's MAE of that log alone to
 *     1e-12 rad (they share fric_bench_step, so in fact bit for bit). The
 *     replay itself is checked against a transcription of the reference in
 *     test_bench_replay.c.
 *  2. Bad batches and bad parameter sets are refused with a message naming
 *     the log; a lane whose simulation leaves the finite range scores NaN
 *     while the others are unaffected.
 * Synthetic logs: no shared data needed, nothing skipped.
 */
#include "test_main.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "bench_logs.h"
#include "fric_bench.h"

#define NL BENCH_SYNTH_NL
#define SMAX BENCH_SYNTH_SMAX

static bench_synth syn;
static double *goal = syn.goal, *q_rec = syn.q_rec, *dq0 = syn.dq0;
static size_t *n = syn.n;
static fric_io_log *hdr = syn.hdr;

/* per-log columns for fric_bench_replay */
static double ts[NL][SMAX], g1[NL][SMAX], p1[NL][SMAX], sp1[NL][SMAX];
static int te1[NL][SMAX];

static void make_logs(void)
{
    bench_synth_make(&syn);
    for (size_t i = 0; i < NL; i++)
        for (size_t k = 0; k < n[i]; k++) {
            size_t j = k * NL + i;
            ts[i][k] = (double)k * hdr[i].dt;
            g1[i][k] = goal[j];
            p1[i][k] = q_rec[j];
            te1[i][k] = syn.te[j];
            sp1[i][k] = k ? 0.3 : dq0[i];
        }
}

static fric_bench_batch batch(void)
{
    return (fric_bench_batch){ NL, SMAX, n, goal, syn.te, q_rec, dq0, hdr };
}

/* 1. */
static void batch_equals_single_replay(void **state)
{
    (void)state;
    make_logs();
    fric_bench_batch b = batch();
    const char *why;
    assert_int_equal(fric_bench_batch_check(&b, &why), 0);
    static fric_bench_lane lanes[NL];
    double mae[NL], worst = 0;
    int compared = 0;
    for (int p = 0; p < fric_bench_preset_count(); p++) {
        const fric_bench_preset *ps = fric_bench_preset_at(p);
        for (int tr = 0; tr < FRIC_BENCH_N_TREATMENTS; tr++) {
            fric_bench_def d;
            fric_bench_def_from_preset(ps, &d);
            d.treatment = fric_bench_treatments[tr];
            assert_int_equal(fric_bench_batch_mae(&b, &d, lanes, mae, &why), 0);
            for (size_t i = 0; i < NL; i++) {
                fric_io_log log = hdr[i];
                log.n = n[i];
                log.timestamp = ts[i];
                log.goal_position = g1[i];
                log.torque_enable = te1[i];
                log.position = p1[i];
                log.speed = sp1[i];
                fric_bench_replay_result r;
                int rc = fric_bench_replay(&d, &log, NULL, 0, &r, &why);
                if (rc) {
                    assert_true(isnan(mae[i]));
                    continue;
                }
                double e = fabs(mae[i] - r.mae);
                if (e > worst) worst = e;
                if (!(e <= 1e-12)) fail_msg("%s m%d treatment %d log %zu: batch %.17g replay %.17g",
                                            ps->actuator, ps->model, tr, i, mae[i], r.mae);
                compared++;
            }
        }
    }
    print_message("consistency check: batched MAE = single replay MAE on %d (preset, treatment, log) "
                  "triples, largest difference %.3g rad\n", compared, worst);
    assert_true(compared > 1000);
}

/* 2. */
static void batch_refuses_and_isolates(void **state)
{
    (void)state;
    make_logs();
    fric_bench_batch b = batch();
    const char *why;
    size_t keep = n[4];
    n[4] = SMAX + 1;
    assert_int_not_equal(fric_bench_batch_check(&b, &why), 0);
    assert_non_null(strstr(why, "log 4"));
    n[4] = keep;
    double g = goal[3 * NL + 5];
    goal[3 * NL + 5] = NAN;
    assert_int_not_equal(fric_bench_batch_check(&b, &why), 0);
    assert_non_null(strstr(why, "log 5 sample 3"));
    goal[3 * NL + 5] = g;
    hdr[2].dt = 0;
    assert_int_not_equal(fric_bench_batch_check(&b, &why), 0);
    assert_non_null(strstr(why, "log 2"));
    hdr[2].dt = 0.002;
    assert_int_equal(fric_bench_batch_check(&b, &why), 0);

    fric_bench_def d;
    fric_bench_def_from_preset(fric_bench_preset_find("xl330", 6), &d);
    static fric_bench_lane lanes[NL];
    double mae[NL], ref[NL];
    hdr[7].mass = -1;                                     /* invalid for log 7 only */
    assert_int_not_equal(fric_bench_batch_mae(&b, &d, lanes, mae, &why), 0);
    assert_non_null(strstr(why, "log 7"));
    assert_non_null(strstr(why, "mass"));
    hdr[7].mass = 0.9;
    assert_int_equal(fric_bench_batch_mae(&b, &d, lanes, ref, &why), 0);
    dq0[7] = 1.7e308;                                     /* J/dt·dq overflows: the step fails */
    assert_int_equal(fric_bench_batch_mae(&b, &d, lanes, mae, &why), 0);
    assert_true(isnan(mae[7]));
    for (size_t i = 0; i < NL; i++)
        if (i != 7) assert_true(mae[i] == ref[i]);
    print_message("lane 7 leaves the finite range and scores NaN; the other 12 lanes unchanged\n");
}

FRIC_TEST_MAIN(cmocka_unit_test(batch_equals_single_replay),
               cmocka_unit_test(batch_refuses_and_isolates))
