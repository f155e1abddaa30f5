/*
 * test_bench_replay.c: log replay and its score (fric_bench_replay).
 *
 *  1. Two ways: the MAE of fric_bench_replay equals, bit for bit, the MAE of
 *     a straightforward transcription written here of the reference rollout
 *     (bam/simulate.py rollout_log with simulate_control=True, the step from
 *     ../shared/data/bam/README.md, bam/process.py for raw logs), on every
 *     xl330 log × m1..m6 and every sts3215 log × the sts3215 m1, m6 and the
 *     12 V sts321512v m1 (CLIP), the STS3215 with bam main's firmware target
 *     smoothing and error_gain_ratio (bam/feetech/actuator.py, as the data
 *     README states it); IMPLICIT replays equal a loop over the streaming
 *     step API. The third sts3215 log with the 7.4 V M1 scores 0.0970 rad
 *     in bam main (the figure the issue quotes from running it).
 *  2. Time base: the processed xl330 logs are bam/process.py's output of the
 *     raw ones (checked here with a transcription of process.py), and
 *     replaying a raw log gives the same score as its processed twin.
 *  3. Analytic: torque off, no friction, small swing: the simulated period is
 *     2π·√(J/(m·g·l)), and the positions follow the closed-form solution of
 *     the reference integrator's linearised map.
 *  4. Bad logs are refused with a message naming the entry or field.
 * Skips parts 1-2 (with a message) when ../shared/data is absent.
 */
#include "test_main.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_json.h"
#include "bench_logs.h"
#include "fric_bench.h"
#include "bench_ref.h"

#define LOGS BENCH_LOGS_DIR

#define xl330_logs bench_xl330_logs
#define sts_logs bench_sts3215_logs

typedef struct {
    bench_json_file f;
    bench_json_entries e;
    fric_io_log log;
} test_log;

static int load_log(const char *path, test_log *t)
{
    memset(t, 0, sizeof *t);
    if (bench_json_load(path, &t->f)) return 1;
    if (bench_json_entries_read(&t->f, &t->e)) fail_msg("%s: no entries", path);
    double v;
    if (bench_json_num(&t->f, "mass", &t->log.mass) != 1) fail_msg("%s: no mass", path);
    if (bench_json_num(&t->f, "length", &t->log.length) != 1) fail_msg("%s: no length", path);
    if (bench_json_num(&t->f, "kp", &t->log.kp) != 1) fail_msg("%s: no kp", path);
    t->log.vin = bench_json_num(&t->f, "vin", &v) == 1 ? v : 0;
    t->log.dt = bench_json_num(&t->f, "dt", &v) == 1 ? v : 0;
    t->log.arm_mass = bench_json_num(&t->f, "arm_mass", &v) == 1 ? v : 0;
    t->log.n = t->e.n;
    t->log.timestamp = t->e.timestamp;
    t->log.goal_position = t->e.goal_position;
    t->log.torque_enable = t->e.torque_enable;
    t->log.position = t->e.position;
    t->log.speed = t->e.speed;
    return 0;
}

static void free_log(test_log *t)
{
    bench_json_entries_free(&t->e);
    bench_json_free(&t->f);
}

#define SKIP_WITHOUT_DATA() BENCH_SKIP_WITHOUT_DATA(LOGS "/xl330/processed/2026-01-15_10h28m10.json", LOGS)

/* ------------------------------------ the reference rollout, transcribed */


typedef struct { double goal, pos, speed; int te; } rsample;

/* bam/process.py: the k-th resampled entry at t = k·dt, *frame advancing. */
static rsample resample(const fric_io_log *L, size_t *frame, double t)
{
    while (t > L->timestamp[*frame + 1]) (*frame)++;
    size_t i = *frame;
    double t1 = L->timestamp[i], t2 = L->timestamp[i + 1];
    rsample s;
    s.goal = L->goal_position[i] + (L->goal_position[i + 1] - L->goal_position[i]) * (t - t1) / (t2 - t1);
    s.pos = L->position[i] + (L->position[i + 1] - L->position[i]) * (t - t1) / (t2 - t1);
    s.speed = L->speed[i] + (L->speed[i + 1] - L->speed[i]) * (t - t1) / (t2 - t1);
    double a = L->torque_enable[i], b = L->torque_enable[i + 1];
    s.te = a + (b - a) * (t - t1) / (t2 - t1) > 0.5;
    return s;
}

/* rollout_log(simulate_control=True) + bam/fit.py compute_score, voltage
 * control (the xl330 and sts3215 logs). */
static double ref_mae(const fric_bench_preset *p, const test_log *t)
{
    const fric_servo_actuator *a = &p->servo;
    const fric_servo_friction *k = &p->friction;
    int raw = t->log.dt == 0;
    double dt = raw ? 0.005 : t->log.dt;
    size_t n = raw ? (size_t)ceil(t->log.timestamp[t->log.n - 1] / dt) : t->log.n, frame = 0;
    double vin = t->log.vin > 0 ? t->log.vin : a->vin_default;
    double m = t->log.mass, ma = t->log.arm_mass, l = t->log.length, kp = t->log.kp;
    rsample s0 = raw ? resample(&t->log, &frame, 0.0)
                     : (rsample){ 0, t->log.position[0], t->log.speed[0], 1 };
    double q = s0.pos, dq = s0.speed, err = 0;
    /* the STS3215's smoothed target: 0 when the log is loaded; without
     * smoothing (max_velocity 0) the goal itself */
    double target = 0, vmax = a->max_velocity;
    for (size_t i = 0; i < n; i++) {
        rsample s = raw ? resample(&t->log, &frame, (double)i * dt)
                        : (rsample){ t->log.goal_position[i], t->log.position[i], 0,
                                     t->log.torque_enable[i] };
        err += fabs(q - s.pos);
        if (vmax > 0)
            target = bench_ref_clip(s.goal, target - vmax * dt, target + vmax * dt);
        else
            target = s.goal;
        double duty = bench_ref_clip((target - q) * kp * a->error_gain * a->error_gain_ratio,
                                     -a->max_pwm, a->max_pwm);
        double volts = vin * duty;
        double bias = (m + ma / 2) * -9.80665 * l * sin(q + a->q_offset);
        double tm = a->kt * volts / a->R;
        tm -= (a->kt * a->kt) * dq / a->R;
        if (!s.te) tm = 0;
        double fl = bench_ref_budget(k, tm, bias, dq);
        double J = m * (l * l);
        J += (ma / 3) * (l * l);
        J += a->armature;
        double net = tm + bias, stop = (J / dt) * dq + net;
        net += -bench_ref_sign(stop) * (fabs(stop) < fl ? fabs(stop) : fl);
        double acc = net / J;
        dq = bench_ref_clip(dq + acc * dt, -100.0, 100.0);
        q += dq * dt + 0.5 * acc * (dt * dt);
    }
    return err / (double)n;
}

/* --------------------------------------------------------------- tests */

static void replay_equals_reference_transcription(void **state)
{
    (void)state;
    SKIP_WITHOUT_DATA();
    int n = 0;
    double sts_third = NAN;
    for (int set = 0; set < 3; set++) {
        const char *const *names = set ? sts_logs : xl330_logs;
        int count = set ? 4 : 16;
        const char *act = set == 2 ? "sts321512v" : set ? "sts3215" : "xl330";
        for (int i = 0; i < count; i++) {
            char path[256];
            snprintf(path, sizeof path, LOGS "/%s/%s.json",
                     set ? "sts3215/raw" : "xl330/processed", names[i]);
            test_log t;
            if (load_log(path, &t)) fail_msg("cannot read %s", path);
            for (int m = 1; m <= 6; m++) {
                const fric_bench_preset *p = fric_bench_preset_find(act, m);
                if (!p) continue;
                fric_bench_def d;
                fric_bench_def_from_preset(p, &d);
                d.treatment = FRIC_TREATMENT_CLIP;
                fric_bench_replay_result r;
                const char *why;
                if (fric_bench_replay(&d, &t.log, NULL, 0, &r, &why)) fail_msg("%s: %s", path, why);
                double want = ref_mae(p, &t);
                if (r.mae != want)
                    fail_msg("%s m%d: replay MAE %.17g, transcription %.17g", path, m, r.mae, want);
                assert_int_equal(r.resampled, set != 0);
                if (set == 1 && m == 1 && i == 2) sts_third = r.mae;
                n++;
            }
            free_log(&t);
        }
    }
    print_message("%d replays identical to the transcribed reference rollout; sts3215 "
                  "sin_time_square with the 7.4 V M1: %.6f rad (bam main: 0.0970)\n", n, sts_third);
    assert_int_equal(n, 16 * 6 + 4 * 2 + 4);
    assert_true(fabs(sts_third - 0.0970) < 5e-5);
}

/* IMPLICIT replay = a loop over the streaming API over the processed log. */
static void implicit_replay_equals_streaming_loop(void **state)
{
    (void)state;
    SKIP_WITHOUT_DATA();
    for (int i = 0; i < 16; i += 5) {
        char path[256];
        snprintf(path, sizeof path, LOGS "/xl330/processed/%s.json", xl330_logs[i]);
        test_log t;
        if (load_log(path, &t)) fail_msg("cannot read %s", path);
        fric_bench_def d;
        fric_bench_def_from_preset(fric_bench_preset_find("xl330", 6), &d);
        d.treatment = FRIC_TREATMENT_IMPLICIT;
        fric_bench_replay_result r;
        double *sim = malloc(t.log.n * sizeof *sim);
        assert_non_null(sim);
        assert_int_equal(fric_bench_replay(&d, &t.log, sim, t.log.n, &r, NULL), 0);
        d.mass = t.log.mass;
        d.length = t.log.length;
        d.kp = t.log.kp;
        d.vin = t.log.vin;
        d.dt = t.log.dt;
        fric_bench_state s;
        assert_int_equal(fric_bench_init(&d, &s, t.log.position[0], t.log.speed[0], NULL), 0);
        double err = 0;
        for (size_t k = 0; k < t.log.n; k++) {
            assert_true(sim[k] == s.q);
            err += fabs(s.q - t.log.position[k]);
            assert_int_equal(fric_bench_step(&d, &s, t.log.goal_position[k], t.log.torque_enable[k]), 0);
        }
        assert_true(r.mae == err / (double)t.log.n);
        assert_int_equal(r.samples, t.log.n);
        assert_true(r.reversals == s.reversals && r.steps_stuck == s.steps_stuck);
        free(sim);
        free_log(&t);
    }
}

static void raw_logs_resample_like_process_py(void **state)
{
    (void)state;
    SKIP_WITHOUT_DATA();
    for (int i = 0; i < 16; i++) {
        char rp[256], pp[256];
        snprintf(rp, sizeof rp, LOGS "/xl330/raw/%s.json", xl330_logs[i]);
        snprintf(pp, sizeof pp, LOGS "/xl330/processed/%s.json", xl330_logs[i]);
        test_log raw, pro;
        if (load_log(rp, &raw) || load_log(pp, &pro)) fail_msg("cannot read %s", rp);
        assert_true(raw.log.dt == 0 && pro.log.dt == 0.005);
        /* the processed file is process.py's output of the raw one */
        size_t n = fric_io_log_samples(&raw.log), frame = 0;
        assert_int_equal(n, pro.log.n);
        for (size_t k = 0; k < n; k++) {
            rsample s = resample(&raw.log, &frame, (double)k * 0.005);
            if (s.pos != pro.log.position[k] || s.goal != pro.log.goal_position[k]
                || s.te != pro.log.torque_enable[k])
                fail_msg("%s entry %zu differs from process.py's resampling", pp, k);
        }
        /* and replaying either gives the same score */
        fric_bench_def d;
        fric_bench_def_from_preset(fric_bench_preset_find("xl330", 4), &d);
        fric_bench_replay_result a, b;
        assert_int_equal(fric_bench_replay(&d, &raw.log, NULL, 0, &a, NULL), 0);
        assert_int_equal(fric_bench_replay(&d, &pro.log, NULL, 0, &b, NULL), 0);
        assert_true(a.mae == b.mae);
        assert_int_equal(a.resampled, 1);
        assert_int_equal(b.resampled, 0);
        free_log(&raw);
        free_log(&pro);
    }
}

/* --------------------------------------------------- analytic pendulum */
/*
 * Torque off, zero friction, q_offset 0: J·q̈ = −k·sin q, k = m·g·l; for a
 * small swing the period is 2π·√(J/k). The reference integrator on the
 * linearised equation (a = −ω²·q_k) is the map
 *   [q, v]' = M·[q, v],  M = [[1 − 1.5x, h], [−ω²h, 1]],  x = ω²h²,
 * det M = r² = 1 − x/2, tr M = 2r·cos φ, and M^k = r^(k−1)·(sin kφ/sin φ)·M
 * − r^k·(sin (k−1)φ/sin φ)·I. From q0, v0 = 0: q_k in closed form.
 * Its frequency φ/h = ω·(1 + (13/96)·x + O(x²)), and it loses amplitude as
 * r^k (a numerical damping ½·k·h N·m·s/rad).
 * Tolerances: the sine nonlinearity lengthens the period by θ0²/16 = 6e-6
 * (θ0 = 0.01); the map's frequency error is 0.135·x = 9e-6 at h = 1 ms;
 * zero crossings located by linear interpolation err by O(x) of a step.
 * PERIOD_REL_TOL = 1e-4 covers these with a margin of 5. Against the
 * linear map, only the nonlinearity remains: a phase drift θ0²/16·ω·t, at
 * most 0.01·6e-6·50 = 3e-6 rad after 6 s: LINEAR_MAE_TOL = 1e-5 rad.
 */
#define PERIOD_REL_TOL 1e-4
#define LINEAR_MAE_TOL 1e-5

static void free_pendulum_period(void **state)
{
    (void)state;
    enum { N = 6001 };
    static double ts[N], goal[N], pos[N], speed[N], sim[N];
    static int te[N];
    const double h = 1e-3, theta0 = 0.01, m = 0.5, l = 0.1;
    fric_bench_def d;
    fric_bench_def_from_preset(fric_bench_preset_find("xl330", 1), &d);
    d.friction.K_c = 0;
    d.friction.K_v = 0;
    d.servo.q_offset = 0;
    d.servo.armature = 0.002;
    d.treatment = FRIC_TREATMENT_CLIP;
    double J = m * l * l + 0.002, k = m * FRIC_BENCH_G * l, w = sqrt(k / J);
    for (int i = 0; i < N; i++) {
        ts[i] = i * h;
        goal[i] = 0;
        te[i] = 0;
        pos[i] = theta0 * cos(w * i * h);     /* the continuous small-angle swing */
        speed[i] = 0;
    }
    fric_io_log L = { .mass = m, .arm_mass = 0, .length = l, .kp = 100, .vin = 7.4, .dt = h,
                      .n = N, .timestamp = ts, .position = pos, .goal_position = goal,
                      .torque_enable = te, .speed = speed };
    fric_bench_replay_result r;
    const char *why;
    for (int tr = 0; tr < 2; tr++) {
        d.treatment = tr ? FRIC_TREATMENT_IMPLICIT : FRIC_TREATMENT_CLIP;
        if (fric_bench_replay(&d, &L, sim, N, &r, &why)) fail_msg("%s", why);
        /* period from the downward zero crossings */
        double first = -1, last = -1;
        int crossings = 0;
        for (int i = 1; i < N; i++)
            if (sim[i - 1] > 0 && sim[i] <= 0) {
                double tc = (i - 1 + sim[i - 1] / (sim[i - 1] - sim[i])) * h;
                if (first < 0) first = tc;
                last = tc;
                crossings++;
            }
        double period = (last - first) / (crossings - 1), want = 2 * 3.141592653589793 * sqrt(J / k);
        print_message("%s: period %.9f s over %d swings, 2π√(J/mgl) = %.9f s (rel. %.2g)\n",
                      tr ? "implicit" : "clip", period, crossings - 1, want, period / want - 1);
        assert_true(crossings >= 7);
        assert_true(fabs(period / want - 1) < PERIOD_REL_TOL);
        /* positions against the closed form of the linearised map */
        double x = w * w * h * h, rr = sqrt(1 - x / 2);
        double phi = acos((2 - 1.5 * x) / (2 * rr)), sp = sin(phi), M00 = 1 - 1.5 * x;
        double mae = 0, score = 0;
        for (int i = 0; i < N; i++) {
            double qk = i == 0 ? theta0
                      : pow(rr, i - 1) * sin(i * phi) / sp * M00 * theta0
                        - pow(rr, i) * sin((i - 1) * phi) / sp * theta0;
            mae += fabs(sim[i] - qk);
            score += fabs(sim[i] - pos[i]);
        }
        mae /= N;
        print_message("   MAE against the linearised map %.3g rad; replay score %.6g rad "
                      "(the map's numerical damping over 6 s)\n", mae, r.mae);
        assert_true(mae < LINEAR_MAE_TOL);
        assert_true(fabs(r.mae - score / N) <= 1e-15);
    }
}

/* ---------------------------------------------------------- bad input */

static void bad_logs_are_named(void **state)
{
    (void)state;
    double ts[4] = { 0, 0.01, 0.02, 0.03 }, g[4] = { 0 }, p[4] = { 0 }, sp[4] = { 0 }, sim[2];
    int te[4] = { 1, 1, 1, 1 };
    fric_bench_def d;
    fric_bench_def_from_preset(fric_bench_preset_find("xl330", 1), &d);
    fric_io_log L = { .mass = 0.5, .arm_mass = 0, .length = 0.1, .kp = 100, .vin = 7.4, .dt = 0,
                      .n = 4, .timestamp = ts, .position = p, .goal_position = g,
                      .torque_enable = te, .speed = sp };
    fric_bench_replay_result r;
    const char *why;
    assert_int_equal(fric_bench_replay(&d, &L, sim, 2, &r, &why), 0);   /* cap < samples */
    assert_int_equal(r.samples, 6);    /* ceil(0.03/0.005) */
    ts[2] = 0.01;
    assert_int_not_equal(fric_bench_replay(&d, &L, NULL, 0, &r, &why), 0);
    assert_non_null(strstr(why, "entry 2"));
    ts[2] = 0.02;
    p[3] = NAN;
    assert_int_not_equal(fric_bench_replay(&d, &L, NULL, 0, &r, &why), 0);
    assert_non_null(strstr(why, "entry 3"));
    p[3] = 0;
    L.mass = 0;
    assert_int_not_equal(fric_bench_replay(&d, &L, NULL, 0, &r, &why), 0);
    assert_non_null(strstr(why, "mass"));
    L.mass = 0.5;
    L.dt = -1;
    assert_int_not_equal(fric_bench_replay(&d, &L, NULL, 0, &r, &why), 0);
    assert_non_null(strstr(why, "dt"));
    L.dt = 0;
    L.n = 1;
    assert_int_not_equal(fric_bench_replay(&d, &L, NULL, 0, &r, &why), 0);
    assert_non_null(strstr(why, "entries"));
    L.n = 4;
    L.position = NULL;
    assert_int_not_equal(fric_bench_replay(&d, &L, NULL, 0, &r, &why), 0);
    assert_non_null(strstr(why, "position"));
    L.position = p;
    d.servo.kt = -1;
    assert_int_not_equal(fric_bench_replay(&d, &L, NULL, 0, &r, &why), 0);
    assert_non_null(strstr(why, "kt"));
    assert_int_equal(fric_io_log_samples(NULL), 0);
}

FRIC_TEST_MAIN(cmocka_unit_test(replay_equals_reference_transcription),
               cmocka_unit_test(implicit_replay_equals_streaming_loop),
               cmocka_unit_test(raw_logs_resample_like_process_py),
               cmocka_unit_test(free_pendulum_period),
               cmocka_unit_test(bad_logs_are_named))
