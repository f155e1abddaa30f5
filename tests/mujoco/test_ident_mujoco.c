/*
 * test_ident_mujoco.c: identifying a robot's servos from its recording
 * (fric_ident.h) against independent references:
 *   step     the per-joint simulation with constant tracks (an inertia from
 *            the MJCF's inertial written here, a constant load and stiffness)
 *            against real MuJoCo 2.2.2 stepping a one-hinge model with the
 *            same joint and position actuator (written here by hand) and
 *            qfrc_applied = load + stiffness·(q − q_meas): every frame's
 *            position within 1e-9 rad;
 *   replay   the whole-arm replay (fric_mujoco_ident_replay) with T0's truth
 *            and the goals that drove T0 (traj/teleop.csv) reproduces T0's
 *            positions within half a count at every frame (+0.01: the
 *            CSV's 6-decimal t);
 *   T0       ../shared/data/robot_ident/T0 (an SO-101 recorded by real
 *            MuJoCo with known parameters, truth.json, read here with cJSON):
 *            the recipe fitted, the teleoperation held out: kp within 10 %
 *            on the five arm joints, frictionloss within 20 % where the hold
 *            gap 2·frictionloss/kp is at least 3 counts, armature within 25 %
 *            where it is at least half the joint's inertia, damping within
 *            35 % or flagged (frictionloss and armature may instead be
 *            flagged "ratios only": a joint whose link inertia and load are
 *            negligible has its four parameters scale-free, physics, not the
 *            fit); held-out MAE of the whole arm in real MuJoCo at most one
 *            count above truth's in the same replay on the five arm joints;
 *   check    a check robot of other parameters made here (traj/'s goals
 *            played by real MuJoCo 2.2.2 through MuJoCo's API alone,
 *            quantised): every joint within the tolerances above or flagged
 *            ratios only, the held-out MAE at most a count above truth's on
 *            every joint;
 *   teleop   the teleoperation alone: on every joint the recording's own
 *            pause list (traj/teleop_segments.json) and goals show no pause
 *            entered from both sides, the split of kp and friction flagged,
 *            or else (the goal still long enough elsewhere) kp and
 *            frictionloss unflagged and within 10 % and 20 % of truth: no
 *            confident wrong number; and on every joint, kp or frictionloss
 *            off by more than that has the split flagged (T0's gripper rings
 *            past its goals: frictionloss −99 % before the split looked at
 *            how the joint came into its holds);
 *   recipe   the split's verdict on T0's recipe at T0's truth (no fit): the
 *            five arm joints keep a hold entered from both sides (the
 *            recipe's creeping approach), the split not flagged.
 * Under the sanitizers (FRIC_TEST_SANITIZED, test_main.h) the T0, check
 * and teleop fits have FRIC_IDENT_BUDGET / 15 evaluations per joint: the
 * same searches, ranges, verdicts and replays, which do not reach the
 * truth; there each result is held to what any fit owes (short_fit_ok)
 * and the held-out replays run without the one-count bound. The plain
 * build checks the truth.
 * Skips (fails under CI=true) without ../shared/data.
 */
#include <cjson/cJSON.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_main.h"

#include "bench_json.h"
#include "fric_cmaes.h"
#include "fric_ident.h"
#include "fric_mujoco.h"
#include "robot_t0.h"

#define DIR ROBOT_T0_DIR

/* ---------------------------------------------------------------- step */

static const char hinge_xml[] =
    "<mujoco><option timestep='0.001' integrator='Euler' gravity='0 0 -9.81'/>"
    "<worldbody><body name='b'><joint name='j' type='hinge' axis='0 0 1' frictionloss='0.05' damping='0.02'"
    " armature='0.003'/><inertial pos='0 0 0' mass='1' diaginertia='0.001 0.001 0.002'/></body></worldbody>"
    "<actuator><general joint='j' gaintype='fixed' gainprm='4' biastype='affine' biasprm='0 -4 0'"
    " forcelimited='true' forcerange='-0.3 0.3'/></actuator></mujoco>";

static void test_step_matches_mujoco(void **state)
{
    (void)state;
    const char *why = NULL;
    mjModel *m = fric_mujoco_load_string(hinge_xml, &why);
    if (!m) fail_msg("%s", why);
    mjData *d = mj_makeData(m);
    enum { N = 90 };
    double t[N], goal[N], pos[N], mj_q[N];
    const double load = 0.04, stiffness = -0.5;   /* constant tracks [N·m], [N·m/rad] */
    for (int k = 0; k < N; k++) {
        t[k] = k / 30.0;
        goal[k] = k < 2 ? 0 : 0.6 * sin(0.4 * k) + (k > 45 ? 0.3 : 0);
        pos[k] = 0;   /* the measured q: 0 throughout, one window from rest */
    }
    /* MuJoCo: the goal of frame k acts from the first step s with s·h >= t_k;
       the observation of frame k is the state at t_k, linear between the
       steps around it (LeRobot's record loop as robot_ident's README says) */
    mj_resetData(m, d);
    long s = 0;
    double qprev = 0;
    for (int k = 0; k < N; k++) {
        while ((double)s * 0.001 < t[k] - 1e-12) {
            d->qfrc_applied[0] = load + stiffness * (d->qpos[0] - 0);
            qprev = d->qpos[0];
            mj_step(m, d);
            s++;
        }
        const double frac = k ? (t[k] - (double)(s - 1) * 0.001) / 0.001 : 1;
        mj_q[k] = qprev + (d->qpos[0] - qprev) * frac;
        d->ctrl[0] = goal[k];
    }
    /* the core: the recording, its constant tracks, one window */
    fric_recording r = { .n = N, .joints = 1, .t = t, .goal = goal, .pos = pos };
    strcpy(r.name[0], "j");
    fric_ident_tracks tr;
    assert_int_equal(fric_ident_tracks_create(&r, &tr, &why), FRIC_OK);
    for (int k = 0; k < N; k++) {
        tr.inertia[k] = 0.002;   /* the inertial's izz about the hinge (pos 0) */
        tr.load[k] = load;
        tr.stiffness[k] = stiffness;
    }
    const fric_recording *rp = &r;
    const fric_ident_tracks *tp = &tr;
    fric_ident_options o = { 0.001, 1e6, 16 };
    fric_ident_set *set = fric_ident_set_create(&rp, &tp, 1, &o, &why);
    if (!set) fail_msg("%s", why);
    fric_native_params p;
    fric_native_params_default(&p, NULL);
    p.firmware_kp = 16;
    p.kp = 4, p.frictionloss = 0.05, p.damping = 0.02, p.armature = 0.003;
    p.forcerange_lo = -0.3, p.forcerange_hi = 0.3;
    double q[N];
    fric_ident_simulate(set, 0, 0, &p, q, N);
    double worst = 0, travel = 0;
    for (int k = 0; k < N; k++) {
        worst = fmax(worst, fabs(q[k] - mj_q[k]));
        travel = fmax(travel, fabs(mj_q[k]));
    }
    print_message("one hinge, constant tracks: largest |q_core - q_MuJoCo| %.3g rad over %d frames (travel %.3g rad)\n",
                  worst, N, travel);
    assert_true(travel > 0.3);   /* not trivial: the joint moves */
    assert_true(worst <= 1e-9);
    fric_ident_set_destroy(set);
    fric_ident_tracks_destroy(&tr);
    mj_deleteData(d);
    mj_deleteModel(m);
}

/* ---------------------------------------------------------------- T0 */

/* truth.json's joints in rec's order. */
static void read_truth(const fric_recording *r, fric_native_params *p)
{
    for (int j = 0; j < r->joints; j++) robot_t0_truth(r->name[j], &p[j]);
}

static double mae(const fric_recording *r, const double *q, int j)
{
    double s = 0;
    for (size_t k = 0; k < r->n; k++) s += fabs(q[k * (size_t)r->joints + (size_t)j] - r->pos[k * (size_t)r->joints + (size_t)j]);
    return s / (double)r->n;
}

static int within(double v, double truth, double tol)
{
    return fabs(v / truth - 1) <= tol;
}

/* A fit's evaluations: plain (0: the default) in the plain build, a
 * fifteenth of the default under the sanitizers. */
#define IDENT_BUDGET(plain) (FRIC_TEST_SANITIZED ? FRIC_IDENT_BUDGET / 15 : (plain))

/* What a fit of budget evaluations owes whether or not it reaches the
 * truth: evaluations spent within the budget (and forcerange's search), a finite loss, every fitted
 * key inside the box and inside its own sensitivity range. */
static int short_fit_ok(const fric_ident_options *o, const fric_ident_result *x, long budget)
{
    fric_native_fit_space box;
    fric_native_params start;
    fric_ident_space_default(o, &box, &start);
    double v[FRIC_NATIVE_FIT_N];
    fric_native_fit_values(&x->p, v);
    /* the budget, and where a limit lowered the loss by more than 3 % the
       search with forcerange free and its control without (fric_ident_finish:
       a third of it each, at least one generation of five keys) */
    const long force = budget / FRIC_IDENT_STARTS > fric_cmaes_default_lambda(5) ? budget / FRIC_IDENT_STARTS
                                                                                  : fric_cmaes_default_lambda(5);
    int ok = x->evals > 0 && x->evals <= budget + 2 * force && isfinite(x->train_mae);
    for (int i = 0; i < FRIC_NATIVE_FIT_N; i++)
        if (!box.held[i])
            ok = ok && v[i] >= box.lo[i] && v[i] <= box.hi[i] && x->lower[i] <= v[i] && v[i] <= x->upper[i];
    if (!ok) print_message("short fit: %ld evaluations of %ld, train MAE %g\n", x->evals, budget, x->train_mae);
    return ok;
}

static void test_t0_recovery(void **state)
{
    (void)state;
    BENCH_SKIP_WITHOUT_DATA(DIR "/T0/truth.json", DIR);
    mjModel *m = robot_t0_model();
    robot_rec train, held;
    memset(&train, 0, sizeof train), memset(&held, 0, sizeof held);
    robot_rec_load(DIR "/T0/recipe.csv", m, &train, 1);
    robot_rec_load(DIR "/T0/teleop.csv", m, &held, 0);
    const int J = train.r.joints;
    fric_native_params truth[FRIC_REC_MAX_JOINTS], fit[FRIC_REC_MAX_JOINTS];
    read_truth(&train.r, truth);
    const fric_ident_options o = { m->opt.timestep, 0, 16 };   /* robot_rec_set's, for short_fit_ok's box */
    const char *why = NULL;
    fric_ident_set *set = robot_rec_set(&train, m);
    double *q_truth = malloc(held.r.n * (size_t)J * sizeof *q_truth), *q_fit = malloc(held.r.n * (size_t)J * sizeof *q_fit);
    int bad = 0;
    fric_ident_result res[FRIC_REC_MAX_JOINTS];
    print_message("%-14s %-6s %10s %10s %8s  %s\n", "joint", "key", "truth", "fitted", "error", "verdict");
    for (int j = 0; j < J; j++) {
        if (fric_ident_joint(set, j, IDENT_BUDGET(0), 1, &res[j], &why)) fail_msg("%s", why);
        fit[j] = res[j].p;
    }
    for (int j = 0; j < J && FRIC_TEST_SANITIZED; j++) bad += !short_fit_ok(&o, &res[j], IDENT_BUDGET(0));
    for (int j = 0; j < J && !FRIC_TEST_SANITIZED; j++) {
        const fric_ident_result *x = &res[j];
        const fric_native_params *t = &truth[j];
        const int arm_joint = strcmp(train.r.name[j], "gripper") != 0;
        const double gap = 2 * t->frictionloss / t->kp / FRIC_IDENT_COUNT;   /* counts */
        const unsigned ratios = FRIC_IDENT_FLAG(RATIOS_ONLY);
        struct {
            const char *key;
            double tv, fv, tol;
            int applies;
            unsigned flag_ok;   /* flags that excuse a value outside tol */
            unsigned flags;
        } rows[] = {
            { "kp", t->kp, x->p.kp, 0.10, arm_joint, 0, x->verdict.param_flags[3] },
            { "fl", t->frictionloss, x->p.frictionloss, 0.20, gap >= 3, ratios, x->verdict.param_flags[0] },
            { "arm", t->armature, x->p.armature, 0.25, t->armature >= 0.5 * x->verdict.inertia_mean, ratios,
              x->verdict.param_flags[2] },
            { "damp", t->damping, x->p.damping, 0.35, 1, ~0u, x->verdict.param_flags[1] },
        };
        for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
            const int ok = !rows[i].applies || within(rows[i].fv, rows[i].tv, rows[i].tol) ||
                           (rows[i].flags & rows[i].flag_ok);
            bad += !ok;
            print_message("%-14s %-6s %10.5g %10.5g %+7.1f%%  %s%s%s\n", train.r.name[j], rows[i].key, rows[i].tv,
                          rows[i].fv, 100 * (rows[i].fv / rows[i].tv - 1), rows[i].flags ? "not identifiable " : "",
                          rows[i].applies ? "" : "(not required) ", ok ? "" : "FAILS");
        }
    }
    /* the held-out recording replayed by the whole arm in real MuJoCo */
    if (fric_mujoco_ident_replay(m, &held.r, truth, NULL, 16, q_truth, &why)) fail_msg("%s", why);
    if (fric_mujoco_ident_replay(m, &held.r, fit, NULL, 16, q_fit, &why)) fail_msg("%s", why);
    for (int j = 0; j < J; j++) {
        const double mt = mae(&held.r, q_truth, j), mf = mae(&held.r, q_fit, j);
        const int arm_joint = strcmp(held.r.name[j], "gripper") != 0;
        const int ok = !arm_joint || mf <= mt + FRIC_IDENT_COUNT || (FRIC_TEST_SANITIZED && isfinite(mf));
        bad += !ok;
        print_message("%-14s held-out MAE truth %.4f mrad, fitted %.4f mrad (%+.2f counts)%s%s\n", held.r.name[j],
                      mt * 1e3, mf * 1e3, (mf - mt) / FRIC_IDENT_COUNT, arm_joint ? "" : " (not required)",
                      ok ? "" : " FAILS");
    }
    assert_int_equal(bad, 0);
    free(q_truth), free(q_fit);
    fric_ident_set_destroy(set);
    robot_rec_free(&train), robot_rec_free(&held);
    mj_deleteModel(m);
}

/* The goals of a traj/ file (`t,<joint>,...`, the joints in T0's order):
 * goal[k·J + j] for its first n rows (read here with libc). */
static void read_traj(const char *path, size_t n, size_t J, double *goal)
{
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    char line[4096];
    assert_non_null(fgets(line, sizeof line, f));
    for (size_t k = 0; k < n; k++) {
        assert_non_null(fgets(line, sizeof line, f));
        char *p = strchr(line, ',');
        for (size_t j = 0; j < J; j++) {
            assert_non_null(p);
            goal[k * J + j] = strtod(p + 1, &p);
        }
    }
    fclose(f);
}

/* The whole-arm replay with T0's truth and the goals that drove T0
 * (traj/teleop.csv, read here: `t,<joint>,...`, the joints in the
 * recording's order) reproduces T0's recorded positions to the encoder's
 * quantisation: every frame within half a count. */
static void test_replay_reproduces_t0(void **state)
{
    (void)state;
    BENCH_SKIP_WITHOUT_DATA(DIR "/traj/teleop.csv", DIR);
    mjModel *m = robot_t0_model();
    fric_recording r;
    fric_io_error ioe;
    if (fric_recording_read(DIR "/T0/teleop.csv", &r, NULL, &ioe)) fail_msg("%s", ioe.message);
    const size_t J = (size_t)r.joints;
    double *goal = malloc(r.n * J * sizeof *goal), *q = malloc(r.n * J * sizeof *q);
    assert_non_null(goal), assert_non_null(q);
    read_traj(DIR "/traj/teleop.csv", r.n, J, goal);
    r.goal = goal;
    fric_native_params truth[FRIC_REC_MAX_JOINTS];
    read_truth(&r, truth);
    const char *why = NULL;
    if (fric_mujoco_ident_replay(m, &r, truth, NULL, 16, q, &why)) fail_msg("%s", why);
    double worst = 0;
    for (size_t c = 0; c < r.n * J; c++) worst = fmax(worst, fabs(q[c] - r.pos[c]) / FRIC_IDENT_COUNT);
    print_message("T0 teleop replayed with its truth and its goals: largest |q - q_T0| %.4f counts over %zu frames\n",
                  worst, r.n);
    /* half a count, and 0.01 more: the CSV's t has 6 decimals (1e-6 s at up
       to 4 rad/s moves the observation 4e-6 rad, 0.003 counts) */
    assert_true(worst <= 0.51);
    free(goal), free(q);
    fric_recording_destroy(&r);
    mj_deleteModel(m);
}

/* A geared position actuator: the SO-101 with every actuator's gear 2
 * (its ctrlrange doubled, the actuator's length being 2·q) replays T0's
 * teleoperation with T0's truth, a joint-space servo, as the file of gear 1
 * does: T0's recorded positions (real MuJoCo at gear 1) within half a
 * count. MuJoCo's actuation (length g·q, g·force on the joint) makes the
 * joint feel g²·kp, so the fitted kp goes in as kp/g² and the goal as g·goal
 * (the replay's writes). And the MJCF's own servos: a file of gear 2 and
 * kp K/4 is, by the same closed form, the file of gear 1 and kp K: the two
 * replays agree to rounding. */
static void test_replay_geared(void **state)
{
    (void)state;
    BENCH_SKIP_WITHOUT_DATA(DIR "/traj/teleop.csv", DIR);
    mjModel *m = robot_t0_model();
    mjModel *mg = mj_copyModel(NULL, m);
    assert_non_null(mg);
    for (int a = 0; a < mg->nu; a++) {
        mg->actuator_gear[6 * a] = 2;
        mg->actuator_ctrlrange[2 * a] *= 2, mg->actuator_ctrlrange[2 * a + 1] *= 2;
    }
    fric_recording r;
    fric_io_error ioe;
    if (fric_recording_read(DIR "/T0/teleop.csv", &r, NULL, &ioe)) fail_msg("%s", ioe.message);
    const size_t J = (size_t)r.joints;
    double *goal = malloc(r.n * J * sizeof *goal), *q = malloc(r.n * J * sizeof *q), *q1 = malloc(r.n * J * sizeof *q1);
    assert_non_null(goal), assert_non_null(q), assert_non_null(q1);
    read_traj(DIR "/traj/teleop.csv", r.n, J, goal);
    r.goal = goal;
    fric_native_params truth[FRIC_REC_MAX_JOINTS];
    read_truth(&r, truth);
    const char *why = NULL;
    if (fric_mujoco_ident_replay(mg, &r, truth, NULL, 16, q, &why)) fail_msg("%s", why);
    double worst = 0;
    for (size_t c = 0; c < r.n * J; c++) worst = fmax(worst, fabs(q[c] - r.pos[c]) / FRIC_IDENT_COUNT);
    print_message("T0 teleop replayed at gear 2 with its truth: largest |q - q_T0| %.4f counts\n", worst);
    assert_true(worst <= 0.51);
    /* the file's own servos: kp 8 at gear 1 against kp 2 at gear 2 */
    for (int a = 0; a < m->nu; a++) {
        m->actuator_gainprm[a * mjNGAIN] = 8, m->actuator_biasprm[a * mjNBIAS + 1] = -8;
        mg->actuator_gainprm[a * mjNGAIN] = 2, mg->actuator_biasprm[a * mjNBIAS + 1] = -2;
        m->dof_damping[m->jnt_dofadr[m->actuator_trnid[2 * a]]] = mg->dof_damping[mg->jnt_dofadr[mg->actuator_trnid[2 * a]]] = 0.5;
    }
    if (fric_mujoco_ident_replay(m, &r, NULL, NULL, 16, q1, &why)) fail_msg("%s", why);
    if (fric_mujoco_ident_replay(mg, &r, NULL, NULL, 16, q, &why)) fail_msg("%s", why);
    worst = 0;
    for (size_t c = 0; c < r.n * J; c++) worst = fmax(worst, fabs(q[c] - q1[c]));
    print_message("the MJCF's own servos, kp 8 at gear 1 against kp 2 at gear 2: largest difference %.3g rad\n", worst);
    assert_true(worst <= 1e-9);
    free(goal), free(q), free(q1);
    fric_recording_destroy(&r);
    mj_deleteModel(mg);
    mj_deleteModel(m);
}

/* ------------------------------------------------------- a check robot */

/* A robot of other parameters, made here: per joint kp, frictionloss,
 * damping, armature, forcerange (physical values for a hobby servo, drawn
 * apart from T0's: stiffer shoulders, lighter wrists). */
static const double check_truth[6][5] = {
    { 12, 0.06, 0.30, 0.020, 3 }, { 15, 0.12, 0.50, 0.040, 3 }, { 10, 0.05, 0.20, 0.010, 3 },
    { 8, 0.08, 0.15, 0.012, 3 },  { 9, 0.07, 0.25, 0.008, 3 },  { 6, 0.05, 0.10, 0.005, 3 },
};

/* The check robot playing the goals of a traj/ file in real MuJoCo 2.2.2
 * (MuJoCo's API only, no code of the fit): the parameters written into the
 * model's dofs and actuators, from rest at the first goals, each frame's
 * goals acting from the first step at or after t_k = k/30, the observation
 * the state at t_k (linear between the steps around it) quantised to 4096
 * counts a turn. r gets n frames (t, goal, pos: the caller frees them). */
static void play_check(const char *traj, size_t n, fric_recording *r)
{
    mjModel *m = robot_t0_model();
    assert_int_equal(m->njnt, 6);
    for (int j = 0; j < 6; j++) {
        const int d = m->jnt_dofadr[j];
        m->dof_frictionloss[d] = check_truth[j][1];
        m->dof_damping[d] = check_truth[j][2];
        m->dof_armature[d] = check_truth[j][3];
        m->actuator_gainprm[j * mjNGAIN] = check_truth[j][0];
        m->actuator_biasprm[j * mjNBIAS + 1] = -check_truth[j][0];
        m->actuator_forcelimited[j] = 1;
        m->actuator_forcerange[2 * j] = -check_truth[j][4];
        m->actuator_forcerange[2 * j + 1] = check_truth[j][4];
    }
    mjData *d = mj_makeData(m);
    mj_setConst(m, d);
    mj_resetData(m, d);
    double *t = malloc(n * sizeof *t), *goal = malloc(n * 6 * sizeof *goal), *pos = malloc(n * 6 * sizeof *pos);
    assert_non_null(t), assert_non_null(goal), assert_non_null(pos);
    read_traj(traj, n, 6, goal);
    for (int j = 0; j < 6; j++) d->qpos[j] = d->ctrl[j] = goal[j];
    mj_forward(m, d);
    long s = 0;
    double qp[6];
    for (size_t k = 0; k < n; k++) {
        t[k] = (double)k / 30;
        while ((double)s * 0.001 < t[k] - 1e-12) {
            memcpy(qp, d->qpos, sizeof qp);
            mj_step(m, d);
            s++;
        }
        const double w = k ? (t[k] - (double)(s - 1) * 0.001) / 0.001 : 1;
        for (int j = 0; j < 6; j++) {
            const double q = k ? qp[j] + (d->qpos[j] - qp[j]) * w : d->qpos[j];
            pos[k * 6 + (size_t)j] = round(q * 4096 / 6.283185307179586) * 6.283185307179586 / 4096;
            d->ctrl[j] = goal[k * 6 + (size_t)j];
        }
    }
    memset(r, 0, sizeof *r);
    r->n = n, r->joints = 6, r->t = t, r->goal = goal, r->pos = pos;
    for (int j = 0; j < 6; j++) snprintf(r->name[j], sizeof r->name[j], "%s", m->names + m->name_jntadr[j]);
    mj_deleteData(d);
    mj_deleteModel(m);
}

static void free_check(fric_recording *r)
{
    free((void *)r->t), free((void *)r->goal), free((void *)r->pos);
}

static void test_check_robot(void **state)
{
    (void)state;
    BENCH_SKIP_WITHOUT_DATA(DIR "/traj/recipe.csv", DIR);
    mjModel *m = robot_t0_model();
    fric_recording train, held;
    play_check(DIR "/traj/recipe.csv", 3562, &train);
    play_check(DIR "/traj/teleop.csv", 1801, &held);
    fric_ident_tracks tr;
    const char *why = NULL;
    if (fric_ident_tracks_create(&train, &tr, &why) || fric_mujoco_ident_tracks(m, &train, &tr, &why)) fail_msg("%s", why);
    const fric_recording *rp = &train;
    const fric_ident_tracks *tp = &tr;
    fric_ident_options o = { m->opt.timestep, 0, 16 };
    fric_ident_set *set = fric_ident_set_create(&rp, &tp, 1, &o, &why);
    if (!set) fail_msg("%s", why);
    fric_native_params truth[6], fit[6];
    int bad = 0;
    for (int j = 0; j < 6; j++) {
        fric_native_params_default(&truth[j], NULL);
        truth[j].firmware_kp = 16;
        truth[j].kp = check_truth[j][0], truth[j].frictionloss = check_truth[j][1];
        truth[j].damping = check_truth[j][2], truth[j].armature = check_truth[j][3];
        truth[j].forcerange_hi = check_truth[j][4], truth[j].forcerange_lo = -check_truth[j][4];
        fric_ident_result x;
        if (fric_ident_joint(set, j, IDENT_BUDGET(0), 1, &x, &why)) fail_msg("%s", why);
        fit[j] = x.p;
        const unsigned ratios = x.verdict.flags & FRIC_IDENT_FLAG(RATIOS_ONLY);
        const int ok = FRIC_TEST_SANITIZED ? short_fit_ok(&o, &x, IDENT_BUDGET(0)) : ratios || (within(x.p.kp, truth[j].kp, 0.10) && within(x.p.frictionloss, truth[j].frictionloss, 0.20) &&
                                  within(x.p.armature, truth[j].armature, 0.25) &&
                                  (within(x.p.damping, truth[j].damping, 0.35) || x.verdict.param_flags[1]));
        bad += !ok;
        print_message("check robot %-14s kp %+6.1f %%, frictionloss %+6.1f %%, damping %+6.1f %%, armature %+6.1f %%%s%s\n",
                      train.name[j], 100 * (x.p.kp / truth[j].kp - 1),
                      100 * (x.p.frictionloss / truth[j].frictionloss - 1), 100 * (x.p.damping / truth[j].damping - 1),
                      100 * (x.p.armature / truth[j].armature - 1), ratios ? "  (ratios only, flagged)" : "",
                      ok ? "" : "  FAILS");
    }
    double *qt = malloc(held.n * 6 * sizeof *qt), *qf = malloc(held.n * 6 * sizeof *qf);
    assert_non_null(qt), assert_non_null(qf);
    if (fric_mujoco_ident_replay(m, &held, truth, NULL, 16, qt, &why)) fail_msg("%s", why);
    if (fric_mujoco_ident_replay(m, &held, fit, NULL, 16, qf, &why)) fail_msg("%s", why);
    for (int j = 0; j < 6; j++) {
        const double mt = mae(&held, qt, j), mf = mae(&held, qf, j);
        const int ok = mf <= mt + FRIC_IDENT_COUNT || (FRIC_TEST_SANITIZED && isfinite(mf));
        bad += !ok;
        print_message("check robot %-14s held-out MAE truth %.4f mrad, fitted %.4f mrad%s\n", held.name[j], mt * 1e3,
                      mf * 1e3, ok ? "" : "  FAILS");
    }
    assert_int_equal(bad, 0);
    free(qt), free(qf);
    fric_ident_set_destroy(set);
    fric_ident_tracks_destroy(&tr);
    free_check(&train), free_check(&held);
    mj_deleteModel(m);
}

/* Per joint: 1 when the teleoperation has a pause (pause_start of
 * teleop_segments.json, the goal still for 0.5 s from there) entered from
 * above and one entered from below (the goal's last move before it). */
static void pauses_both_sides(const fric_recording *r, int *both)
{
    cJSON *root = robot_t0_json(DIR "/traj/teleop_segments.json");
    const cJSON *seg;
    int above[FRIC_REC_MAX_JOINTS] = { 0 }, below[FRIC_REC_MAX_JOINTS] = { 0 };
    const size_t J = (size_t)r->joints;
    cJSON_ArrayForEach(seg, cJSON_GetObjectItemCaseSensitive(root, "segments"))
    {
        const double t0 = cJSON_GetObjectItemCaseSensitive(seg, "t")->valuedouble;
        size_t k = 0;
        while (k < r->n && r->t[k] < t0 - 1e-6) k++;
        for (size_t j = 0; j < J && k >= 1; j++) {
            size_t a = k;   /* the last move before the pause */
            while (a >= 1 && r->goal[a * J + j] == r->goal[(a - 1) * J + j]) a--;
            if (a == 0) continue;
            size_t e = k;   /* how long the goal then stays still */
            while (e + 1 < r->n && r->goal[(e + 1) * J + j] == r->goal[k * J + j]) e++;
            if (r->t[e] - r->t[k] < 0.5 - 1e-9) continue;
            if (r->goal[a * J + j] > r->goal[(a - 1) * J + j]) below[j] = 1;
            else above[j] = 1;
        }
    }
    for (size_t j = 0; j < J; j++) both[j] = above[j] && below[j];
    cJSON_Delete(root);
}

/* One of T0's recordings alone as a training set (its tracks by MuJoCo
 * 2.2.2) with T0's truth in its joints' order; *m the SO-101. */
static fric_ident_set *t0_alone(const char *path, mjModel **m, robot_rec *x, fric_native_params *truth)
{
    *m = robot_t0_model();
    memset(x, 0, sizeof *x);
    robot_rec_load(path, *m, x, 1);
    read_truth(&x->r, truth);
    return robot_rec_set(x, *m);
}

static void test_teleop_alone(void **state)
{
    (void)state;
    BENCH_SKIP_WITHOUT_DATA(DIR "/traj/teleop_segments.json", DIR);
    mjModel *m;
    robot_rec x;
    fric_native_params truth[FRIC_REC_MAX_JOINTS];
    fric_ident_set *set = t0_alone(DIR "/T0/teleop.csv", &m, &x, truth);
    const fric_ident_options o = { m->opt.timestep, 0, 16 };   /* t0_alone's, for short_fit_ok's box */
    int both[FRIC_REC_MAX_JOINTS];
    pauses_both_sides(&x.r, both);
    const char *why = NULL;
    int flagged = 0;
    for (int j = 0; j < x.r.joints; j++) {
        fric_ident_result res;
        if (fric_ident_joint(set, j, IDENT_BUDGET(1500), 1, &res, &why)) fail_msg("%s", why);
        const unsigned split = FRIC_IDENT_FLAG(NO_HOLD_BOTH_SIDES);
        const int kp_flag = (res.verdict.param_flags[3] & split) != 0, fl_flag = (res.verdict.param_flags[0] & split) != 0;
        /* unflagged, the values must be right (truth.json): a confident
           number is a correct one */
        const int right = within(res.p.kp, truth[j].kp, 0.10) && within(res.p.frictionloss, truth[j].frictionloss, 0.20);
        print_message("%-14s pauses entered from both sides: %s; split flagged: kp %d, frictionloss %d; kp %+.1f %%, "
                      "frictionloss %+.1f %% of truth\n", x.r.name[j], both[j] ? "yes" : "no", kp_flag, fl_flag,
                      100 * (res.p.kp / truth[j].kp - 1), 100 * (res.p.frictionloss / truth[j].frictionloss - 1));
        const unsigned any_kp = res.verdict.param_flags[3], any_fl = res.verdict.param_flags[0];
        assert_true(kp_flag == fl_flag);
        if (FRIC_TEST_SANITIZED) {
            assert_true(short_fit_ok(&o, &res, IDENT_BUDGET(1500)));
        } else {
            /* a pause list without a pause entered from both sides: the split
               flagged, or unflagged and right */
            if (!both[j]) assert_true((kp_flag && fl_flag) || (!any_kp && !any_fl && right));
            /* whatever the pauses: kp or frictionloss off by more than its
               tolerance has the split itself flagged (not only another flag:
               "ratios only" says the ratio frictionloss/kp is known, which a
               wrong split is not) */
            assert_true(right || (kp_flag && fl_flag));
        }
        flagged += kp_flag;
    }
    assert_true(flagged >= 1);   /* the check is not empty */
    fric_ident_set_destroy(set);
    robot_rec_free(&x);
    mj_deleteModel(m);
}

/* The recipe's holds, the verdict at T0's truth (no fit, fast): the recipe
 * brings each joint onto each pose from above and from below creeping
 * (docs/robot-ident.md), so the five arm joints come into holds from both
 * sides without ringing, at loads closer than the friction: the split not
 * flagged. */
static void test_recipe_split_verdict(void **state)
{
    (void)state;
    BENCH_SKIP_WITHOUT_DATA(DIR "/T0/truth.json", DIR);
    mjModel *m;
    robot_rec x;
    fric_native_params truth[FRIC_REC_MAX_JOINTS];
    fric_ident_set *set = t0_alone(DIR "/T0/recipe.csv", &m, &x, truth);
    for (int j = 0; j < x.r.joints; j++) {
        fric_ident_verdict v;
        fric_ident_verdict_of(set, j, &truth[j], &v);
        print_message("recipe %-14s holds entered from above %g, from below %g%s\n", x.r.name[j], v.holds_above,
                      v.holds_below, v.flags & FRIC_IDENT_FLAG(NO_HOLD_BOTH_SIDES) ? ", split flagged" : "");
        if (strcmp(x.r.name[j], "gripper") != 0) assert_false(v.flags & FRIC_IDENT_FLAG(NO_HOLD_BOTH_SIDES));
    }
    fric_ident_set_destroy(set);
    robot_rec_free(&x);
    mj_deleteModel(m);
}

FRIC_TEST_MAIN(cmocka_unit_test(test_recipe_split_verdict), cmocka_unit_test(test_step_matches_mujoco), cmocka_unit_test(test_replay_reproduces_t0),
               cmocka_unit_test(test_replay_geared),
               cmocka_unit_test(test_t0_recovery), cmocka_unit_test(test_check_robot),
               cmocka_unit_test(test_teleop_alone))
