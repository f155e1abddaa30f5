/*
 * test_bench_native_mujoco.c: the live scenario "bench-native" (the
 * Pendulum view's native row, `friction run bench-native`) against real
 * MuJoCo 2.2.2 (the live bench with the fitted native params).
 *
 * For three runs of a few seconds at dt = 1 ms:
 *   free swing  torque off, released at 1.2 rad with a small frictionloss
 *               and damping: the arm swings and reverses;
 *   held        torque off at 0.3 rad with a frictionloss above the gravity
 *               torque there (0.3 N·m against m·g·l·sin 0.3 ≈ 0.142 N·m):
 *               the constraint holds the arm (its soft row lets it creep);
 *   driven      the sin_sin trajectory through the position actuator (kp,
 *               kv, a saturating forcerange) at a firmware gain other than
 *               firmware_kp (MuJoCo's kp = kp·log_kp/firmware_kp),
 * each is run twice:
 *   core    fric_scenario_step of "bench-native", one row per step;
 *   MuJoCo  the scenario's bench MJCF (fric_native_scenario_mjcf, the text
 *           fric_native_mjcf_attrs writes) loaded into MuJoCo 2.2.2: qpos =
 *           q0, qvel = dq0, then per step: record qpos, qvel; ctrl = the
 *           trajectory's goal at the step's time (fric_bench_traj_goal, the
 *           reference's trajectories), actuation disabled while the torque
 *           is off (mjDSBL_ACTUATION), mj_step.
 * Every row's q and dq agree within 1e-9 rad and 1e-9 rad/s (the bound of
 * the native replay's checks: the two compute the same floating
 * point expressions up to MuJoCo's order of operations, so the runs drift
 * apart only by rounding, far below it over 3 s). MuJoCo is the reference;
 * the core's rows are not consulted for it. The runs are not trivial: the
 * free swing reverses, the held run holds most of its steps and ends within
 * 0.1 rad of its start (it creeps about 0.065 rad in 3 s) while the same run without frictionloss in MuJoCo
 * falls more than 0.2 rad. (The scenario's keys and refusals, MuJoCo-free:
 * tests/system/bench/test_native.c.)
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_main.h"

#include <mujoco/mujoco.h>

#include "fric_bench.h"
#include "fric_mujoco.h"
#include "fric_native.h"
#include "fric_scenario.h"
#include "native_sets.h"

#define TOL 1e-9
#define MAX_ROWS 4000

typedef struct {
    const char *name;
    const char *trajectory;
    double q0, duration, log_kp;
    fric_native_params p;
} run_spec;

/* The scenario's vector for spec s (actuator xl330). */
static void vector_of(const run_spec *s, double *p)
{
    const fric_scenario *sc = fric_scenario_find("bench-native");
    assert_non_null(sc);
    fric_scenario_defaults(sc, p);
    const char *why = NULL;
    if (fric_native_scenario_params(&s->p, "xl330", p)) fail_msg("%s", fric_status_last().message);
    char v[64];
    assert_int_equal(fric_scenario_set(sc, p, "trajectory", s->trajectory, &why), 0);
    snprintf(v, sizeof v, "%.17g", s->q0);
    assert_int_equal(fric_scenario_set(sc, p, "q0", v, &why), 0);
    snprintf(v, sizeof v, "%.17g", s->duration);
    assert_int_equal(fric_scenario_set(sc, p, "duration", v, &why), 0);
    snprintf(v, sizeof v, "%.17g", s->log_kp);
    assert_int_equal(fric_scenario_set(sc, p, "log_kp", v, &why), 0);
}

/* The core's rows: q, dq per row into q[], dq[]; returns the rows, *held
 * the rows whose step held. */
static size_t core_run(const double *p, double *q, double *dq, double *held)
{
    const fric_scenario *sc = fric_scenario_find("bench-native");
    void *st = malloc(sc->state_bytes);
    assert_non_null(st);
    const char *why = NULL;
    if (fric_scenario_init(sc, st, p, &why)) fail_msg("%s", why);
    double row[FRIC_SCENARIO_MAX_COLS];
    int iq = -1, idq = -1, is = -1;
    for (int c = 0; c < sc->n_cols; c++) {
        if (!strcmp(sc->cols[c].name, "q")) iq = c;
        if (!strcmp(sc->cols[c].name, "dq")) idq = c;
        if (!strcmp(sc->cols[c].name, "stuck")) is = c;
    }
    size_t n = 0;
    *held = 0;
    int rc;
    while ((rc = fric_scenario_step(sc, st, row, &why)) == FRIC_SCENARIO_ROW) {
        assert_true(n < MAX_ROWS);
        q[n] = row[iq];
        dq[n] = row[idq];
        *held += row[is];
        n++;
    }
    if (rc != FRIC_SCENARIO_DONE) fail_msg("%s", why);
    free(st);
    return n;
}

/* MuJoCo 2.2.2 on the scenario's bench MJCF, n steps from (q0, 0) under the
 * trajectory; q[], dq[] the state before each step. */
static void mujoco_run(const double *p, const run_spec *s, size_t n, double *q, double *dq)
{
    static char xml[8192];
    int len = fric_native_scenario_mjcf(p, xml, sizeof xml);
    if (len < 0) fail_msg("%s", fric_status_last().message);
    assert_true(len < (int)sizeof xml);
    const char *why = NULL;
    mjModel *m = fric_mujoco_load_string(xml, &why);
    if (!m) fail_msg("%s\n%s", why, xml);
    mjData *d = mj_makeData(m);
    assert_non_null(d);
    fric_bench_traj traj = FRIC_TRAJ_GOAL;
    for (int k = 0; k < FRIC_BENCH_N_TRAJ; k++)
        if (!strcmp(fric_bench_traj_names[k], s->trajectory)) traj = (fric_bench_traj)k;
    d->qpos[0] = s->q0;
    d->qvel[0] = 0;
    for (size_t k = 0; k < n; k++) {
        q[k] = d->qpos[0];
        dq[k] = d->qvel[0];
        int te;
        d->ctrl[0] = fric_bench_traj_goal(traj, (double)k * m->opt.timestep, 0, &te);
        if (te) m->opt.disableflags &= ~mjDSBL_ACTUATION;
        else m->opt.disableflags |= mjDSBL_ACTUATION;
        mj_step(m, d);
    }
    mj_deleteData(d);
    mj_deleteModel(m);
}

static void test_against_mujoco(void **state)
{
    (void)state;
    const run_spec runs[] = {
        { "free swing", "torque_off", 1.2, 3, -1,
          NATIVE_SET(.actuator = "xl330", .frictionloss = 0.005, .damping = 0.002, .armature = 0.002) },
        { "held", "torque_off", 0.3, 3, -1,
          NATIVE_SET(.actuator = "xl330", .frictionloss = 0.3, .damping = 0.01, .armature = 0.002) },
        { "driven", "sin_sin", 0, 4, 200,
          NATIVE_SET(.actuator = "xl330", .frictionloss = 0.03, .damping = 0.02, .armature = 0.002, .kp = 0.8,
                     .kv = 0.04, .forcerange = 0.3) },
    };
    static double qc[MAX_ROWS], dqc[MAX_ROWS], qm[MAX_ROWS], dqm[MAX_ROWS];
    for (size_t r = 0; r < sizeof runs / sizeof runs[0]; r++) {
        double p[FRIC_SCENARIO_MAX_PARAMS], held;
        vector_of(&runs[r], p);
        size_t n = core_run(p, qc, dqc, &held);
        assert_int_equal(n, (size_t)floor(runs[r].duration / 1e-3 + 0.5));
        mujoco_run(p, &runs[r], n, qm, dqm);
        double wq = 0, wdq = 0;
        int reversals = 0;
        for (size_t k = 0; k < n; k++) {
            double eq = fabs(qc[k] - qm[k]), ed = fabs(dqc[k] - dqm[k]);
            if (eq > TOL || ed > TOL)
                fail_msg("%s row %zu: core q %.17g dq %.17g, MuJoCo 2.2.2 q %.17g dq %.17g", runs[r].name, k, qc[k],
                         dqc[k], qm[k], dqm[k]);
            wq = fmax(wq, eq);
            wdq = fmax(wdq, ed);
            if (k && dqm[k] * dqm[k - 1] < 0) reversals++;
        }
        if (!strcmp(runs[r].name, "free swing")) assert_true(reversals >= 2);
        if (!strcmp(runs[r].name, "held")) {
            assert_true(held > 0.5 * (double)n);
            print_message("held: q %.6f rad at the end (from %.2f)\n", qm[n - 1], runs[r].q0);
            assert_true(fabs(qm[n - 1] - runs[r].q0) < 0.1);
            run_spec loose = runs[r];
            loose.p.frictionloss = 0;
            double pl[FRIC_SCENARIO_MAX_PARAMS];
            vector_of(&loose, pl);
            mujoco_run(pl, &loose, n, qm, dqm);
            double least = runs[r].q0;
            for (size_t k = 0; k < n; k++) least = fmin(least, qm[k]);
            assert_true(runs[r].q0 - least > 0.2);
        }
        print_message("bench-native vs MuJoCo 2.2.2, %-10s %zu rows: max |Δq| %.3g rad, max |Δdq| %.3g rad/s, "
                      "steps held %.0f\n", runs[r].name, n, wq, wdq, held);
    }
}

FRIC_TEST_MAIN(cmocka_unit_test(test_against_mujoco))
