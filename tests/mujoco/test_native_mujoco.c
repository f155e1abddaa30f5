/*
 * test_native_mujoco.c: the native model (fric_native.h) against real MuJoCo
 * 2.2.2 (issue 41, "The native model against real MuJoCo").
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
 * Skips (fails under CI=true) without ../shared/data.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_main.h"

#include "bench_json.h"
#include "bench_logs.h"
#include "fric_io.h"
#include "fric_mujoco.h"
#include "fric_native.h"

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
    mjData *d = mj_makeData(m);
    assert_non_null(d);
    size_t N = fric_io_log_samples(L), cur = 0;
    fric_io_sample s0 = fric_io_log_sample(L, 0, &cur);
    d->qpos[0] = s0.position;
    d->qvel[0] = s0.speed;
    double sum = 0;
    for (size_t k = 0; k < N; k++) {
        fric_io_sample s = fric_io_log_sample(L, k, &cur);
        sum += fabs(d->qpos[0] - s.position);
        if (k < cap) q[k] = d->qpos[0];
        d->ctrl[0] = s.goal;
        if (s.torque_enable) m->opt.disableflags &= ~mjDSBL_ACTUATION;
        else m->opt.disableflags |= mjDSBL_ACTUATION;
        mj_step(m, d);
    }
    mj_deleteData(d);
    mj_deleteModel(m);
    return sum / (double)N;
}

typedef struct {
    const char *name;
    fric_native_params p;
} native_set;

/* The sets (MuJoCo's own defaults where not named). kp is stated at
 * firmware_kp, the logs' gains 100..800 (xl330) and 32 (sts3215). */
static void sets_for(int sts, native_set *s, int *n)
{
    fric_native_params base;
    fric_native_params_default(&base, NULL);
    base.firmware_kp = sts ? 32 : 400;
    base.armature = sts ? 0.004 : 0.003;
    base.kp = sts ? 6 : 5;
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
        for (int i = 0; i < nlogs; i++) {
            const fric_io_log L = logs[i];
            fric_bench_replay_result r;
            const char *why = NULL;
            if (fric_native_replay(&sets[j].p, &L, qc, MAX_SAMPLES, &r, &why)) fail_msg("%s", why);
            double mj = mujoco_mae(&sets[j].p, &L, qm, MAX_SAMPLES);
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
            mean += mj / nlogs;
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

FRIC_TEST_MAIN(cmocka_unit_test(test_xl330), cmocka_unit_test(test_sts3215_raw))
