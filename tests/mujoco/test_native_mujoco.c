/*
 * test_native_mujoco.c: the native model (fric_native.h) against real MuJoCo
 * 2.2.2.
 *
 * For fixed native parameter sets (a large frictionloss that holds the arm,
 * a small one under which it creeps, MuJoCo's refsafe floor on timeconst, a
 * flat solimp, no frictionloss at all, a force limit that saturates), each
 * of the 16 xl330 logs and the 4 raw sts3215 logs is replayed twice:
 *   core    fric_native_replay (the core's restatement, MuJoCo-free);
 *   MuJoCo  the bench MJCF of that log (fric_native_bench_mjcf) loaded into
 *           MuJoCo 2.2.2 and stepped with mj_step: qpos/qvel the first
 *           sample's position and speed, then per sample: record qpos,
 *           ctrl = goal, actuation disabled (mjDSBL_ACTUATION) when
 *           torque_enable is off, mj_step; MAE of qpos against the log.
 * The two MAEs agree within 1e-9 rad per log (the bound), and so
 * does every simulated position (1e-9 rad): MuJoCo's answer is the
 * reference, the core's code is not consulted for it. The sets are not
 * trivial: the sticking set holds the arm (steps held > 0) and its MAE is
 * far (> 1e-3 rad) from the same set without frictionloss in MuJoCo.
 * The largest differences are printed.
 * Under the sanitizers (FRIC_TEST_SANITIZED, test_main.h) every fourth log
 * of each folder is replayed (every set, the same bounds: the replays of
 * the others take the same paths), and test_recovery fits with a
 * twentieth of the budget and checks what a short fit still owes (below).
 * Skips (fails under CI=true) without ../shared/data.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_main.h"

#include "bench_json.h"
#include "bench_logs.h"
#include "fric_fit.h"
#include "fric_io.h"
#include "fric_mujoco.h"
#include "fric_native.h"
#include "mujoco_log_ref.h"
#include "native_sets.h"

#define LOGS BENCH_LOGS_DIR
#define MAX_SAMPLES 4000

/* The log replayed by real MuJoCo on the bench MJCF of p: MAE, positions in q[cap]. */
static double mujoco_mae(const fric_native_params *p, const fric_io_log *L, double *q, size_t cap)
{
    fric_native_bench b;
    fric_native_bench_from_log(p, L, &b);
    static char xml[8192];
    int len = fric_native_bench_mjcf(&b, xml, sizeof xml);
    assert_true(len > 0 && len < (int)sizeof xml);
    const char *why = NULL;
    mjModel *m = fric_mujoco_load_string(xml, &why);
    if (!m) fail_msg("%s\n%s", why, xml);
    double mae = mujoco_log_mae(m, L, q, cap);
    mj_deleteModel(m);
    return mae;
}

typedef struct {
    const char *name;
    fric_native_params p;
} native_set;

/* The sets (MuJoCo's own defaults where not named). kp is stated at
 * firmware_kp, the logs' gains 100..800 (xl330) and 32 (sts3215). */
static void sets_for(int sts, native_set *s, int *n)
{
    fric_native_params base = NATIVE_SET(.armature = sts ? 0.004 : 0.003, .kp = sts ? 6 : 5,
                                         .firmware_kp = sts ? 32 : 400);
    int k = 0;
    /* holds: frictionloss above the gravity torque near the goal */
    s[k].name = "sticks";
    s[k].p = base;
    s[k].p.frictionloss = sts ? 0.6 : 0.3;
    s[k].p.damping = 0.05;
    s[k].p.kv = 0.1;
    s[k++].p.forcerange_lo = 0;
    s[k - 1].p.forcerange_hi = 0;
    /* creeps: small frictionloss, soft constraint */
    s[k].name = "creeps";
    s[k].p = base;
    s[k].p.frictionloss = 0.01;
    s[k].p.damping = 0.02;
    s[k].p.solreffriction_timeconst = 0.05;
    s[k].p.solimpfriction[0] = 0.5;
    s[k].p.solimpfriction[1] = 0.8;
    s[k++].p.solimpfriction[2] = 0.01;
    /* refsafe: timeconst below 2·timestep, flat solimp, saturating force */
    s[k].name = "refsafe-flat-limited";
    s[k].p = base;
    s[k].p.frictionloss = 0.08;
    s[k].p.kv = 0.2;
    s[k].p.solreffriction_timeconst = 0.002;
    s[k].p.solreffriction_dampratio = 0.7;
    s[k].p.solimpfriction[0] = s[k].p.solimpfriction[1] = 0.97;
    s[k].p.forcerange_lo = sts ? -0.9 : -0.25;
    s[k++].p.forcerange_hi = sts ? 1.1 : 0.3;
    /* no frictionloss: no constraint row at all; damping implicit */
    s[k].name = "no-frictionloss";
    s[k].p = base;
    s[k].p.damping = 0.3;
    s[k].p.q_offset = 0.05;
    s[k++].p.kv = 0.05;
    *n = k;
}

static void check_dir(const char *dir, const char *const *names, int nlogs, int sts)
{
    static fric_io_log logs[BENCH_N_XL330];
    const fric_io_log *ptr[BENCH_N_XL330];
    const char *bad = bench_logs_read(dir, names, nlogs, logs, ptr);
    if (bad) fail_msg("%s", bad);
    native_set sets[8];
    int nsets;
    sets_for(sts, sets, &nsets);
    static double qc[MAX_SAMPLES], qm[MAX_SAMPLES];
    for (int j = 0; j < nsets; j++) {
        double worst = 0, worst_q = 0, mean = 0;
        uint64_t held = 0;
        for (int i = 0; i < nlogs; i += FRIC_TEST_STRIDE(4)) {
            const fric_io_log L = logs[i];
            fric_bench_replay_result r;
            const char *why = NULL;
            if (fric_native_replay(&sets[j].p, &L, qc, MAX_SAMPLES, &r, &why)) fail_msg("%s", why);
            double mj = mujoco_mae(&sets[j].p, &L, qm, MAX_SAMPLES);
            /* the core's run of real MuJoCo (`friction mujoco` with a native file) is this reference's */
            fric_bench_replay_result rm;
            if (fric_mujoco_native_replay(&sets[j].p, &L, NULL, 0, &rm, &why)) fail_msg("%s", why);
            if (rm.mae != mj || rm.samples != r.samples)
                fail_msg("%s %s: fric_mujoco_native_replay %.17g (%zu samples), the reference %.17g", sets[j].name,
                         names[i], rm.mae, rm.samples, mj);
            double dm = fabs(r.mae - mj);
            if (dm > 1e-9) fail_msg("%s %s: core MAE %.17g, MuJoCo 2.2.2 %.17g (|diff| %.3g rad > 1e-9)",
                                    sets[j].name, names[i], r.mae, mj, dm);
            size_t N = r.samples < MAX_SAMPLES ? r.samples : MAX_SAMPLES;
            for (size_t k = 0; k < N; k++) {
                double e = fabs(qc[k] - qm[k]);
                if (e > 1e-9) fail_msg("%s %s sample %zu: core q %.17g, MuJoCo %.17g", sets[j].name, names[i], k,
                                       qc[k], qm[k]);
                if (e > worst_q) worst_q = e;
            }
            if (dm > worst) worst = dm;
            mean += mj * FRIC_TEST_STRIDE(4) / nlogs;
            held += r.steps_stuck;
            if (!strcmp(sets[j].name, "sticks") && i == 0) {
                fric_native_params z = sets[j].p;
                z.frictionloss = 0;
                double free_mae = mujoco_mae(&z, &L, qm, 0);
                if (!(fabs(free_mae - mj) > 1e-3))
                    fail_msg("sticks: frictionloss changes MuJoCo's MAE by only %g rad", fabs(free_mae - mj));
            }
        }
        if (!strcmp(sets[j].name, "sticks")) assert_true(held > 0);
        print_message("native vs MuJoCo 2.2.2, %s, %-22s mean MAE %.6f rad, max |ΔMAE| %.3g rad, max |Δq| %.3g rad, "
                      "steps held %llu\n", dir, sets[j].name, mean, worst, worst_q,
                      (unsigned long long)held);
    }
    for (int i = 0; i < nlogs; i++) fric_io_log_destroy(&logs[i]);
}

static void test_xl330(void **state)
{
    (void)state;
    BENCH_SKIP_WITHOUT_DATA(LOGS "/xl330/raw/2026-01-15_10h28m10.json", LOGS);
    check_dir(LOGS "/xl330/raw", bench_xl330_logs, BENCH_N_XL330, 0);
    check_dir(BENCH_XL330_DIR, bench_xl330_logs, BENCH_N_XL330, 0);
}

static void test_sts3215_raw(void **state)
{
    (void)state;
    BENCH_SKIP_WITHOUT_DATA(LOGS "/sts3215/raw/2024-10-26_12h23m27.json", LOGS);
    check_dir(BENCH_STS3215_DIR, bench_sts3215_logs, BENCH_N_STS3215, 1);
}

/* Recovery: the 16 xl330 logs' goals and torque_enable driven
 * through real MuJoCo 2.2.2 with known native parameters, a bench
 * calibration q_offset among them (0.06 rad, not the xl330's preset 0: the
 * bench MJCF hangs the mass at that angle), the positions quantised to the
 * STS3215's 4096 steps per turn, are fitted back (fric_native_fit from
 * fric_native_fit_start: the box's centre, q_offset 0) and every true value
 * lies within its sensitivity range around the fit (3 % of the loss).
 * q_offset also within one quantum (2π/4096 = 1.53 mrad) of the truth: the
 * resolution of the positions it is fitted from (the loss at the truth is
 * the quantisation's, about a quarter quantum), the finest offset the logs
 * can be asked to show. Measured: 0.060001 rad, range ±0.23 mrad; the fit
 * that held q_offset at the start's 0 ended at loss 0.0128 rad with
 * damping, kp and kv outside their ranges.
 * Under the sanitizers the fit has 600 evaluations (FRIC_TEST_SHORT): the
 * same fit, sensitivity and replay code on the same batch, which does not
 * reach the truth. There it checks what any fit owes: the evaluations
 * spent within the budget, a finite loss no worse than the start's, every
 * fitted value inside the box and inside its own sensitivity range. */
static void test_recovery(void **state)
{
    (void)state;
    BENCH_SKIP_WITHOUT_DATA(BENCH_XL330_DIR "/2026-01-15_10h28m10.json", LOGS);
    static fric_io_log logs[BENCH_N_XL330];
    const fric_io_log *ptr[BENCH_N_XL330];
    const char *bad = bench_logs_read(BENCH_XL330_DIR, bench_xl330_logs, BENCH_N_XL330, logs, ptr);
    if (bad) fail_msg("%s", bad);
    fric_native_params truth = NATIVE_SET(.actuator = "xl330", .frictionloss = 0.03, .damping = 0.02,
                                          .armature = 0.002, .kp = 0.8, .kv = 0.04, .forcerange = 0.7);
    truth.q_offset = 0.06;   /* [rad] inside the xl330's box [−0.1, 0.1] (Rhoban/bam's bam/model.py) */
    const size_t NL = BENCH_N_XL330, S = MAX_SAMPLES;
    static double goal[MAX_SAMPLES * BENCH_N_XL330], qrec[MAX_SAMPLES * BENCH_N_XL330], qm[MAX_SAMPLES];
    static unsigned char te[MAX_SAMPLES * BENCH_N_XL330];
    size_t n[BENCH_N_XL330], smax = 0;
    double dq0[BENCH_N_XL330];
    fric_io_log hdr[BENCH_N_XL330];
    const double quantum = 2 * 3.141592653589793 / 4096;
    for (size_t i = 0; i < NL; i++) {
        n[i] = fric_io_log_samples(&logs[i]);
        assert_true(n[i] <= S);
        if (n[i] > smax) smax = n[i];
        mujoco_mae(&truth, &logs[i], qm, S);
        size_t cur = 0;
        for (size_t k = 0; k < n[i]; k++) {
            fric_io_sample s = fric_io_log_sample(&logs[i], k, &cur);
            goal[k * NL + i] = s.goal;
            te[k * NL + i] = (unsigned char)s.torque_enable;
            qrec[k * NL + i] = round(qm[k] / quantum) * quantum;
        }
        cur = 0;
        dq0[i] = fric_io_log_sample(&logs[i], 0, &cur).speed;
        hdr[i] = logs[i];
        hdr[i].dt = fric_io_log_step(&logs[i]);
    }
    /* the batch's layout needs every log's rows up to smax: pad */
    for (size_t i = 0; i < NL; i++)
        for (size_t k = n[i]; k < smax; k++) goal[k * NL + i] = qrec[k * NL + i] = 0, te[k * NL + i] = 0;
    fric_bench_batch b = { NL, smax, n, goal, te, qrec, dq0, hdr };
    const char *why = NULL;
    assert_int_equal(fric_bench_batch_check(&b, &why), FRIC_OK);
    fric_native_fit_space box;
    fric_native_fit_space_default("xl330", &box);
    fric_native_params start, best;
    fric_native_fit_start(fric_bench_actuator_find("xl330"), &box, &start);
    assert_true(start.q_offset != truth.q_offset);
    double loss = 0;
    long evals = 0;
    const long budget = FRIC_TEST_SHORT(12000, 20);
    if (fric_native_fit(&b, &start, &box, budget, 1, &best, &loss, &evals, &why)) fail_msg("%s", why);
    double lo[FRIC_NATIVE_FIT_N], hi[FRIC_NATIVE_FIT_N], base = 0, tv[FRIC_NATIVE_FIT_N], fv[FRIC_NATIVE_FIT_N];
    int lc[FRIC_NATIVE_FIT_N], hc[FRIC_NATIVE_FIT_N];
    if (fric_native_sensitivity(&b, &best, &box, FRIC_FIT_SENS_TOLERANCE, &base, lo, hi, lc, hc, &why))
        fail_msg("%s", why);
    fric_native_fit_values(&truth, tv);
    fric_native_fit_values(&best, fv);
    print_message("recovery (MuJoCo 2.2.2, 16 xl330 goal series, 4096 steps/turn): loss %.3g rad after %ld "
                  "evaluations\n", loss, evals);
    int outside = 0;
    for (int i = 0; i < FRIC_NATIVE_FIT_N; i++) {
        int in = tv[i] >= lo[i] && tv[i] <= hi[i];
        outside += !in;
        print_message("  %-14s true %-10.5g fitted %-10.5g range [%.5g, %.5g]%s\n", fric_native_fit_key(i), tv[i],
                      fv[i], lo[i], hi[i], in ? "" : "  OUTSIDE");
    }
    if (FRIC_TEST_SANITIZED) {
        assert_true(evals > 0 && evals <= budget);
        assert_true(isfinite(loss) && loss <= fric_native_loss(&b, &start, NULL));
        for (int i = 0; i < FRIC_NATIVE_FIT_N; i++) {
            assert_true(fv[i] >= box.lo[i] && fv[i] <= box.hi[i]);
            assert_true(fv[i] >= lo[i] && fv[i] <= hi[i]);
        }
    } else {
        assert_int_equal(outside, 0);
        assert_true(fabs(best.q_offset - truth.q_offset) <= quantum);
    }
    for (size_t i = 0; i < NL; i++) fric_io_log_destroy(&logs[i]);
}

FRIC_TEST_MAIN(cmocka_unit_test(test_xl330), cmocka_unit_test(test_sts3215_raw), cmocka_unit_test(test_recovery))
