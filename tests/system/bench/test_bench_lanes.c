/*
 * test_bench_lanes.c: the multi-lane kernel (fric_bench_batch_mae_lanes)
 * against the scalar step, which tests/system/bench/test_bench_replay.c
 * checks against a transcription of the reference simulator.
 *
 *  1. Every shared log (the 16 processed xl330 logs, the 4 raw sts3215 logs
 *     resampled as the fit does) under every preset (7 actuators × their
 *     models, CLIP): the lane kernel's simulated positions equal
 *     fric_bench_replay's to 1e-12 rad, and its MAE to 1e-12 relative,
 *     wherever no stick/slip decision flips. The two differ only in sin,
 *     exp and pow (≤ 1 ulp; core/base/lanes.h), so a flip needs a
 *     friction budget within an ulp or so of |τ_stop|: it happens with the
 *     current-controlled eRob presets (inertia and gains far from the
 *     xl330 bench the logs come from), whose positions then drift by up to
 *     ~1e-2 rad; for those, the MAE is asserted within 1 % relative and
 *     the flips are counted and printed. The xl330 logs under the xl330's
 *     own presets (what a fit of them evaluates) must not flip. The same
 *     for IMPLICIT (the slip iteration is the scalar's, slip_formulas.h),
 *     and for IMPLICIT with every preset's α set to 1, where the scalar
 *     step takes the Lambert W closed form and the lanes the Newton
 *     iteration: the same root to an ulp or so, so the same bounds hold.
 *  2. CONSISTENCY CHECKS (the kernel against itself): the generic (2 × 128
 *     bits), AVX2 (4 × 256) and AVX-512 (8 × 512) kernels, where the CPU has
 *     them, give the same bits, CLIP and IMPLICIT; a
 *     parameter set scored among others (count > 1) gives the same bits as
 *     alone.
 *  3. Masking: synthetic logs of 13 lengths, steps, loads, gains, supplies
 *     and torque-off stretches: each lane's MAE equals the scalar batch's
 *     (to 1e-12 relative); a lane that leaves the finite range scores NaN
 *     and leaves the others' bits unchanged.
 *  4. Refusals: a treatment other than CLIP and IMPLICIT, sets of different
 *     models or treatments, a
 *     bad set (naming the set and log), count 0, an unknown kernel.
 */
#include "test_main.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_json.h"
#include "bench_logs.h"
#include "fric_bench.h"
#include "fric_fit.h"
#include "fric_io.h"

#define XL_DIR BENCH_XL330_DIR
#define STS_DIR BENCH_STS3215_DIR
#define N_XL BENCH_N_XL330
#define N_STS BENCH_N_STS3215
#define xl_logs bench_xl330_logs
#define sts_logs bench_sts3215_logs

static int is_current(const fric_bench_preset *ps)
{
    return ps->servo.control == FRIC_SERVO_CURRENT;
}

/* the logs of one directory as a batch; 0 or fails */
static void read_logs(const char *dir, const char *const *names, int n, fric_io_log *logs,
                      fric_fit_batch *b)
{
    const fric_io_log *ptr[N_XL];
    for (int i = 0; i < n; i++) {
        char path[256];
        fric_io_error err;
        snprintf(path, sizeof path, "%s/%s.json", dir, names[i]);
        if (fric_io_log_read(path, &logs[i], &err)) fail_msg("%s", err.message);
        ptr[i] = &logs[i];
    }
    const char *why;
    if (fric_fit_batch_create(ptr, (size_t)n, b, &why)) fail_msg("%s", why);
}

typedef struct {
    int pairs, flipped_pairs, presets;
    double worst_q, worst_mae, worst_flip_mae;
} shared_stats;

/* 1. on one batch of shared logs, every preset whose actuator `only`
 * names (NULL: every preset), treatment tr; alpha1: with the preset's α
 * set to 1 (the scalar step then takes the Lambert W closed form where the
 * lanes keep the Newton iteration) */
static void compare_shared(const fric_io_log *logs, fric_fit_batch *b, const char *only,
                           fric_treatment tr, int alpha1, shared_stats *st)
{
    size_t N = b->logs, S = b->b.samples;
    double *qs = malloc(sizeof *qs * S * N), *qr = malloc(sizeof *qr * S), mae[N_XL];
    assert_non_null(qs);
    assert_non_null(qr);
    const char *why;
    for (int p = 0; p < fric_bench_preset_count(); p++) {
        const fric_bench_preset *ps = fric_bench_preset_at(p);
        if (only && strcmp(ps->actuator, only) != 0) continue;
        fric_bench_def d;
        fric_bench_def_from_preset(ps, &d);
        d.treatment = tr;
        if (alpha1) d.friction.alpha = 1;
        if (fric_bench_batch_mae_lanes(&b->b, &d, 1, FRIC_BENCH_LANES_AUTO, mae, qs, &why))
            fail_msg("%s m%d: %s", ps->actuator, ps->model, why);
        st->presets++;
        for (size_t i = 0; i < N; i++) {
            fric_bench_replay_result r;
            if (fric_bench_replay(&d, &logs[i], qr, S, &r, &why))
                fail_msg("%s m%d log %zu: the replay fails: %s", ps->actuator, ps->model, i, why);
            assert_int_equal(r.samples, b->b.n[i]);
            double wq = 0;
            for (size_t k = 0; k < r.samples; k++) {
                double e = fabs(qs[k * N + i] - qr[k]);
                if (!(e <= wq)) wq = e;
            }
            double em = fabs(mae[i] - r.mae) / r.mae;
            st->pairs++;
            if (wq <= 1e-12) {
                if (!(em <= 1e-12))
                    fail_msg("%s m%d log %zu: MAE %.17g vs %.17g", ps->actuator, ps->model, i,
                             mae[i], r.mae);
                if (wq > st->worst_q) st->worst_q = wq;
                if (em > st->worst_mae) st->worst_mae = em;
                continue;
            }
            /* a stick/slip flip: only the eRob presets, MAE within 1 % */
            if (!is_current(ps) || !(em <= 1e-2))
                fail_msg("%s m%d log %zu: positions differ by %.3g rad, MAE %.17g vs %.17g",
                         ps->actuator, ps->model, i, wq, mae[i], r.mae);
            st->flipped_pairs++;
            if (em > st->worst_flip_mae) st->worst_flip_mae = em;
        }
    }
    free(qs);
    free(qr);
}

static void lanes_follow_the_scalar_step(void **state)
{
    (void)state;
    BENCH_SKIP_WITHOUT_DATA(XL_DIR "/2026-01-15_10h28m10.json", XL_DIR);
    BENCH_SKIP_WITHOUT_DATA(STS_DIR "/2024-10-26_12h23m27.json", STS_DIR);
    static fric_io_log xl[N_XL], sts[N_STS];
    fric_fit_batch bx, bs;
    read_logs(XL_DIR, xl_logs, N_XL, xl, &bx);
    read_logs(STS_DIR, sts_logs, N_STS, sts, &bs);
    const fric_treatment trs[2] = { FRIC_TREATMENT_CLIP, FRIC_TREATMENT_IMPLICIT };
    for (int t = 0; t < 3; t++) {
        fric_treatment tr = trs[t > 0];
        int alpha1 = t == 2;
        shared_stats all = { 0 }, own = { 0 };
        compare_shared(xl, &bx, NULL, tr, alpha1, &all);
        compare_shared(sts, &bs, NULL, tr, alpha1, &all);
        compare_shared(xl, &bx, "xl330", tr, alpha1, &own);
        compare_shared(sts, &bs, "sts3215", tr, alpha1, &own);
        assert_int_equal(own.flipped_pairs, 0);
        print_message("%s%s: %d (preset, log) pairs over %d presets × 20 shared logs: positions "
                      "within %.3g rad, MAE within %.3g relative, except %d eRob pairs where a "
                      "stick/slip decision flips (MAE within %.3g relative); xl330 and sts3215 "
                      "presets on their own logs: no flip, positions within %.3g rad\n",
                      fric_treatment_name(tr), alpha1 ? " with every preset's α = 1" : "",
                      all.pairs, all.presets / 2, all.worst_q, all.worst_mae, all.flipped_pairs,
                      all.worst_flip_mae, own.worst_q);
        int np = fric_bench_preset_count();
        assert_true(all.pairs == np * N_XL + np * N_STS);
    }
    fric_fit_batch_destroy(&bx);
    fric_fit_batch_destroy(&bs);
    for (int i = 0; i < N_XL; i++) fric_io_log_destroy(&xl[i]);
    for (int i = 0; i < N_STS; i++) fric_io_log_destroy(&sts[i]);
}

/* 2. */
static void kernels_and_grouping_agree(void **state)
{
    (void)state;
    BENCH_SKIP_WITHOUT_DATA(XL_DIR "/2026-01-15_10h28m10.json", XL_DIR);
    static fric_io_log xl[N_XL];
    fric_fit_batch b;
    read_logs(XL_DIR, xl_logs, N_XL, xl, &b);
    const char *why;
    int best = fric_bench_lanes_isa_auto();
    enum { C = 5 };
    static double alone[C][N_XL], group[C * N_XL], other[C * N_XL];
    for (int mt = 0; mt < 12; mt++) {
        int model = 1 + mt % 6;
        fric_bench_def d[C];
        fric_bench_def_from_preset(fric_bench_preset_find("xl330", model), &d[0]);
        d[0].treatment = mt < 6 ? FRIC_TREATMENT_CLIP : FRIC_TREATMENT_IMPLICIT;
        for (int c = 1; c < C; c++) {      /* other parameter sets of the same model */
            d[c] = d[0];
            d[c].friction.K_c *= 1 + 0.05 * c;
            d[c].servo.kt *= 1 - 0.03 * c;
            if (model == 2 || model >= 4) d[c].friction.alpha = c == 2 ? 1 : 0.8 + 0.4 * c;
        }
        for (int c = 0; c < C; c++)
            assert_int_equal(fric_bench_batch_mae_lanes(&b.b, &d[c], 1, FRIC_BENCH_LANES_GENERIC,
                                                         alone[c], NULL, &why), 0);
        assert_int_equal(fric_bench_batch_mae_lanes(&b.b, d, C, FRIC_BENCH_LANES_GENERIC, group,
                                                    NULL, &why), 0);
        for (int c = 0; c < C; c++)
            for (int i = 0; i < N_XL; i++) assert_true(group[c * N_XL + i] == alone[c][i]);
        for (int isa = FRIC_BENCH_LANES_AVX2; isa <= best; isa++) {
            assert_int_equal(fric_bench_batch_mae_lanes(&b.b, d, C, isa, other, NULL, &why), 0);
            assert_memory_equal(other, group, sizeof group);
        }
    }
    print_message("consistency check: 5 parameter sets × 16 logs × M1-M6 × clip, implicit scored "
                  "together (α from 0.8 to 2.4, 1 included) equal "
                  "each set alone, bit for bit; %s\n",
                  best == FRIC_BENCH_LANES_AVX512 ? "AVX2 and AVX-512 equal generic bit for bit"
                  : best == FRIC_BENCH_LANES_AVX2 ? "AVX2 equals generic bit for bit (no AVX-512 here)"
                  : "generic only (this CPU has no AVX2)");
    fric_fit_batch_destroy(&b);
    for (int i = 0; i < N_XL; i++) fric_io_log_destroy(&xl[i]);
}

/* 3. synthetic logs (bench_logs.h) */
#define NL BENCH_SYNTH_NL
static bench_synth syn;

static void masking(void **state)
{
    (void)state;
    fric_bench_batch b = bench_synth_make(&syn);
    const char *why;
    assert_int_equal(fric_bench_batch_check(&b, &why), 0);
    static fric_bench_lane lanes[NL];
    double mae[NL], ref[NL], worst = 0;
    int compared = 0;
    for (int model = 1; model <= 6; model++) {
        const char *act[2] = { "xl330", "mx64" };
        for (int a = 0; a < 4; a++) {
            fric_bench_def d;
            fric_bench_def_from_preset(fric_bench_preset_find(act[a % 2], model), &d);
            d.treatment = a < 2 ? FRIC_TREATMENT_CLIP : FRIC_TREATMENT_IMPLICIT;
            assert_int_equal(fric_bench_batch_mae(&b, &d, lanes, ref, &why), 0);
            assert_int_equal(fric_bench_batch_mae_lanes(&b, &d, 1, FRIC_BENCH_LANES_AUTO, mae,
                                                        NULL, &why), 0);
            for (size_t i = 0; i < NL; i++) {
                double e = fabs(mae[i] - ref[i]) / ref[i];
                if (!(e <= 1e-12))
                    fail_msg("%s m%d %s log %zu: lanes %.17g scalar %.17g", act[a % 2], model,
                             fric_treatment_name(d.treatment), i, mae[i], ref[i]);
                if (e > worst) worst = e;
                compared++;
            }
        }
    }
    print_message("13 lanes of 1200..276 samples, steps 2 and 5 ms, torque off after 1 s in 3 of "
                  "them, clip and implicit: %d MAEs equal the scalar batch's within %.3g relative\n", compared, worst);
    /* a lane leaving the finite range scores NaN, the others keep their bits
     * (both treatments: the implicit one's slip iteration must not hold the
     * other lanes, nor be held by the dead one) */
    for (int t = 0; t < 2; t++) {
        fric_bench_def d;
        fric_bench_def_from_preset(fric_bench_preset_find("xl330", 6), &d);
        d.treatment = t ? FRIC_TREATMENT_IMPLICIT : FRIC_TREATMENT_CLIP;
        assert_int_equal(fric_bench_batch_mae_lanes(&b, &d, 1, FRIC_BENCH_LANES_AUTO, ref, NULL, &why), 0);
        syn.dq0[7] = 1.7e308;                                 /* J/dt·dq overflows: the step fails */
        assert_int_equal(fric_bench_batch_mae(&b, &d, lanes, mae, &why), 0);
        assert_true(isnan(mae[7]));                       /* as the scalar batch scores it */
        assert_int_equal(fric_bench_batch_mae_lanes(&b, &d, 1, FRIC_BENCH_LANES_AUTO, mae, NULL, &why), 0);
        assert_true(isnan(mae[7]));
        for (size_t i = 0; i < NL; i++)
            if (i != 7) assert_true(mae[i] == ref[i]);
        syn.dq0[7] = 0.1;
    }
}

/* 4. */
static void refusals(void **state)
{
    (void)state;
    fric_bench_batch b = bench_synth_make(&syn);
    double mae[2 * NL];
    const char *why;
    fric_bench_def d[2];
    fric_bench_def_from_preset(fric_bench_preset_find("xl330", 4), &d[0]);
    d[0].treatment = FRIC_TREATMENT_EXPLICIT;
    assert_int_equal(fric_bench_batch_mae_lanes(&b, d, 1, 0, mae, NULL, &why), FRIC_E_UNSUPPORTED);
    assert_non_null(strstr(why, "clip"));
    assert_non_null(strstr(why, "implicit"));
    d[0].treatment = FRIC_TREATMENT_CLIP;
    d[1] = d[0];
    d[1].treatment = FRIC_TREATMENT_IMPLICIT;
    assert_int_equal(fric_bench_batch_mae_lanes(&b, d, 2, 0, mae, NULL, &why), FRIC_E_PARAM_RANGE);
    assert_non_null(strstr(why, "treatment"));
    fric_bench_def_from_preset(fric_bench_preset_find("xl330", 6), &d[1]);
    d[1].treatment = FRIC_TREATMENT_CLIP;
    assert_int_equal(fric_bench_batch_mae_lanes(&b, d, 2, 0, mae, NULL, &why), FRIC_E_PARAM_RANGE);
    assert_non_null(strstr(why, "share"));
    d[1] = d[0];
    d[1].servo.kt = -1;
    assert_int_equal(fric_bench_batch_mae_lanes(&b, d, 2, 0, mae, NULL, &why), FRIC_E_PARAM_RANGE);
    assert_non_null(strstr(why, "parameter set 1, log 0"));
    assert_non_null(strstr(why, "kt"));
    assert_int_equal(fric_bench_batch_mae_lanes(&b, d, 0, 0, mae, NULL, &why), FRIC_E_PARAM_RANGE);
    assert_non_null(strstr(why, "count"));
    assert_int_equal(fric_bench_batch_mae_lanes(&b, d, 1, 7, mae, NULL, &why), FRIC_E_UNSUPPORTED);
    assert_non_null(strstr(why, "kernel 7"));
    assert_int_equal(fric_bench_batch_mae_lanes(NULL, d, 1, 0, mae, NULL, &why), FRIC_E_NULL);
}

FRIC_TEST_MAIN(cmocka_unit_test(lanes_follow_the_scalar_step),
               cmocka_unit_test(kernels_and_grouping_agree), cmocka_unit_test(masking),
               cmocka_unit_test(refusals))
