/*
 * test_mujoco_adopt.c: adopting a robot in MuJoCo 2.2.2
 * (fric_mujoco_adopt_model, fric_mujoco.h) on a two-link geared arm
 * written as a robot's MJCF has it: joint frictionloss 0.05 N·m and
 * damping 0.5 N·m·s/rad, armature 0.101 kg·m², a <position> actuator on j1
 * (kp 20, ctrlrange ±1.5 rad, forcerange ±3 N·m) and on j2 the general
 * actuator MuJoCo 3 compiles <position kp kv> to (gain 20, bias
 * (0, −20, −0.5); 2.2.2's <position> has no kv), Euler, 1 ms.
 *   - the adoption's report: the file's values removed, the servo
 *     preset's armature, the actuators' kind, kp, kv, forcerange, goal
 *     range; and the model after it: dof_frictionloss and dof_damping 0,
 *     dof_armature the preset's, actuator gain and bias 0 (its force 0
 *     whatever ctrl);
 *   - d->ctrl is the servo's goal: changed mid-run, the joint moves toward
 *     it; beyond the ctrlrange, the goal is the range's end;
 *   - a hold with gravity and the goal at the start pose: a joint whose
 *     static budget (the preset's fric_servo_budget at rest under its
 *     gravity load, the load −qfrc_bias at rest) exceeds the load does not
 *     move (|Δq| < 1e-9 rad over 10 s); one whose load exceeds it slips
 *     (moves more than 1e-6 rad).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "test_main.h"

#include "fric_mujoco.h"
#include "fric_servo.h"

#define G_MJ 9.81            /* [m/s²] */
#define FILE_FL 0.05         /* the file's frictionloss [N·m]       */
#define FILE_DAMP 0.5        /* the file's damping      [N·m·s/rad] */
#define FILE_ARM 0.101       /* the file's armature     [kg·m²]     */
#define KP 20.0              /* the actuators' kp       [N·m/rad]   */
#define KV2 0.5              /* j2's kv                 [N·m·s/rad] */
#define CTRL 1.5             /* ctrlrange ±            [rad]        */
#define FORCE 3.0            /* forcerange ±           [N·m]        */
#define HOLD_TOL 1e-9        /* a held joint's |Δq| over 10 s [rad] */
#define SLIP_MIN 1e-6        /* a slipping joint moves more [rad]    */

/* link 1: 0.2 kg at 0.1 m, length 0.2 m; link 2: 0.1 kg at 0.08 m */
static const double m1 = 0.2, c1 = 0.1, l1 = 0.2, m2 = 0.1, c2 = 0.08;

static mjModel *arm(void)
{
    char xml[4096];
    snprintf(xml, sizeof xml,
             "<mujoco><option timestep=\"0.001\" gravity=\"0 0 %.17g\" integrator=\"Euler\"/><worldbody>"
             "<body name=\"l1\"><joint name=\"j1\" type=\"hinge\" axis=\"0 1 0\" armature=\"%.17g\" "
             "frictionloss=\"%.17g\" damping=\"%.17g\"/>"
             "<inertial pos=\"0 0 %.17g\" mass=\"%.17g\" diaginertia=\"1e-9 1e-9 1e-9\"/>"
             "<body name=\"l2\" pos=\"0 0 %.17g\"><joint name=\"j2\" type=\"hinge\" axis=\"0 1 0\" "
             "armature=\"%.17g\" frictionloss=\"%.17g\" damping=\"%.17g\"/>"
             "<inertial pos=\"0 0 %.17g\" mass=\"%.17g\" diaginertia=\"1e-9 1e-9 1e-9\"/>"
             "</body></body></worldbody><actuator>"
             "<position name=\"a1\" joint=\"j1\" kp=\"%.17g\" ctrllimited=\"true\" ctrlrange=\"%.17g %.17g\" "
             "forcelimited=\"true\" forcerange=\"%.17g %.17g\"/>"
             "<general name=\"a2\" joint=\"j2\" gainprm=\"%.17g\" biastype=\"affine\" biasprm=\"0 %.17g %.17g\" "
             "ctrllimited=\"true\" ctrlrange=\"%.17g %.17g\" forcelimited=\"true\" forcerange=\"%.17g %.17g\"/>"
             "</actuator></mujoco>",
             -G_MJ, FILE_ARM, FILE_FL, FILE_DAMP, -c1, m1, -l1, FILE_ARM, FILE_FL, FILE_DAMP, -c2, m2, KP, -CTRL,
             CTRL, -FORCE, FORCE, KP, -KP, -KV2, -CTRL, CTRL, -FORCE, FORCE);
    const char *why = NULL;
    mjModel *m = fric_mujoco_load_string(xml, &why);
    if (!m) fail_msg("arm: %s", why);
    return m;
}

static fric_mujoco fm;                 /* about 100 KB each: not on the stack */
static fric_mujoco_adoption adoption;

static const fric_bench_preset *servo_preset(void)
{
    const fric_bench_preset *p = fric_bench_preset_find("sts3215", 1);
    assert_non_null(p);
    return p;
}

/* The arm at (q1, q2) at rest, adopted with sts3215 M1 on both joints,
 * each actuator's ctrl at its joint's angle (the goal at the start pose). */
static mjData *adopt_at(mjModel *m, double q1, double q2)
{
    mjData *d = mj_makeData(m);
    d->qpos[0] = q1;
    d->qpos[1] = q2;
    fric_mujoco_map_entry map[2];
    int n = 0;
    const char *why = NULL;
    if (fric_mujoco_map_parse("*=sts3215/m1", map, 2, &n, &why)) fail_msg("%s", why);
    fric_bench_def sv;
    fric_bench_def_from_preset(servo_preset(), &sv);
    if (fric_mujoco_adopt_model(&fm, m, d, map, &sv, n, 0, FRIC_MUJOCO_IMPLICIT, &adoption, &why))
        fail_msg("adopt: %s", why);
    d->ctrl[0] = q1;
    d->ctrl[1] = q2;
    return d;
}

static void step(mjModel *m, mjData *d)
{
    mj_step1(m, d);
    fric_mujoco_apply(&fm, m, d);
    mj_step2(m, d);
}

static void test_adopt_report_and_model(void **st)
{
    (void)st;
    mjModel *m = arm();
    mjData *d = adopt_at(m, 0.05, 0.2);
    const fric_bench_preset *p = servo_preset();
    assert_int_equal(adoption.n, 2);
    for (int i = 0; i < 2; i++) {
        const fric_mujoco_adopted *a = &adoption.a[i];
        int dof = m->jnt_dofadr[a->joint];
        assert_int_equal(a->joint, i);
        assert_true(a->removed_frictionloss == FILE_FL && a->removed_damping == FILE_DAMP);
        assert_true(a->armature_file == FILE_ARM && a->armature == p->servo.armature && !a->armature_kept);
        assert_int_equal(a->act, i);
        assert_int_equal(a->act_kind, FRIC_MUJOCO_ACT_POSITION);
        assert_true(a->act_kp == KP);
        assert_true(a->act_kv == (i == 0 ? 0 : KV2));
        assert_false(signbit(a->act_kv));   /* a <position> without kv reads 0, not −0 */
        assert_true(a->act_force_lo == -FORCE && a->act_force_hi == FORCE);
        assert_true(adoption.defs[i].goal_lo == -CTRL && adoption.defs[i].goal_hi == CTRL);
        /* the model now */
        assert_true(m->dof_frictionloss[dof] == 0 && m->dof_damping[dof] == 0);
        assert_true(m->dof_armature[dof] == p->servo.armature);
        for (int c = 0; c < mjNGAIN; c++) assert_true(m->actuator_gainprm[a->act * mjNGAIN + c] == 0);
        for (int c = 0; c < mjNBIAS; c++) assert_true(m->actuator_biasprm[a->act * mjNBIAS + c] == 0);
        assert_int_equal(fm.j[i].act, i);
    }
    /* the actuators' own force is off, whatever ctrl */
    d->ctrl[0] = 1;
    d->ctrl[1] = -1;
    step(m, d);
    assert_true(d->actuator_force[0] == 0 && d->actuator_force[1] == 0);
    print_message("adopted: removed frictionloss %g N*m, damping %g N*m*s/rad; armature %g -> %g kg*m^2; "
                  "a1 %s kp %g kv %g, a2 %s kp %g kv %g\n", adoption.a[0].removed_frictionloss,
                  adoption.a[0].removed_damping, adoption.a[0].armature_file, adoption.a[0].armature,
                  fric_mujoco_act_names[adoption.a[0].act_kind], adoption.a[0].act_kp, adoption.a[0].act_kv,
                  fric_mujoco_act_names[adoption.a[1].act_kind], adoption.a[1].act_kp, adoption.a[1].act_kv);
    mj_deleteData(d);
    mj_deleteModel(m);
}

/* ctrl drives the goal: j2's ctrl moved by +0.3 rad at t = 1 s, j1's set
 * beyond the ctrlrange (goal: the range's end). */
static void test_ctrl_is_the_goal(void **st)
{
    (void)st;
    mjModel *m = arm();
    const double q1 = 0.05, q2 = 0.2;
    mjData *d = adopt_at(m, q1, q2);
    for (int k = 0; k < 1000; k++) step(m, d);
    double q2_before = d->qpos[1];
    const double g2 = q2 + 0.3;
    d->ctrl[1] = g2;
    for (int k = 0; k < 3000; k++) step(m, d);
    print_message("j2: ctrl %.3f rad at t = 1 s: q2 %.6f -> %.6f rad at t = %.1f s (goal %.6f)\n", g2, q2_before,
                  d->qpos[1], d->time, fm.j[1].s.goal);
    assert_true(fm.j[1].s.goal == g2);
    assert_true(fabs(d->qpos[1] - g2) < 0.1 * fabs(q2_before - g2));   /* 90 % of the way at least */
    /* j1: ctrl 10 rad, beyond ctrlrange ±1.5: the goal is 1.5 and the joint does not pass it */
    d->ctrl[0] = 10;
    double qmax = -INFINITY;
    for (int k = 0; k < 4000; k++) {
        step(m, d);
        qmax = fmax(qmax, d->qpos[0]);
    }
    print_message("j1: ctrl 10 rad (ctrlrange +-%.1f): goal %.6f, q1 %.6f rad, max %.6f rad\n", CTRL, fm.j[0].s.goal,
                  d->qpos[0], qmax);
    assert_true(fm.j[0].s.goal == CTRL);
    assert_true(d->qpos[0] > q1 + 0.9 * (CTRL - q1));
    assert_true(fabs(d->qpos[0] - CTRL) < 0.05 && qmax < CTRL + 0.1);   /* toward 1.5 rad, not 10 */
    mj_deleteData(d);
    mj_deleteModel(m);
}

typedef struct { double load[2], budget[2], dq[2]; } hold_out;

/* 10 s from (q1, q2) at rest with the goal there: each joint's gravity
 * load −qfrc_bias at rest (checked against the closed form), the preset's
 * static budget under that load, and its largest |Δq|. */
static hold_out hold_run(double q1, double q2)
{
    mjModel *m = arm();
    mjData *d = adopt_at(m, q1, q2);
    hold_out o;
    mj_forward(m, d);
    const double ref[2] = { G_MJ * (m1 * c1 * sin(q1) + m2 * (l1 * sin(q1) + c2 * sin(q1 + q2))),
                            G_MJ * m2 * c2 * sin(q1 + q2) };
    const fric_servo_friction *f = &servo_preset()->friction;
    for (int i = 0; i < 2; i++) {
        o.load[i] = -d->qfrc_bias[i];   /* at rest: gravity only */
        assert_true(fabs(fabs(o.load[i]) - ref[i]) <= 1e-12 + 1e-9 * ref[i]);
        o.budget[i] = fric_servo_budget(f, 0, 0, o.load[i]);   /* at rest, τm = 0 (goal = q) */
        o.dq[i] = 0;
    }
    for (int k = 0; k < 10000; k++) {
        step(m, d);
        o.dq[0] = fmax(o.dq[0], fabs(d->qpos[0] - q1));
        o.dq[1] = fmax(o.dq[1], fabs(d->qpos[1] - q2));
    }
    print_message("hold from (%.3f, %.3f) rad: loads %.4f, %.4f N*m, budgets %.4f, %.4f N*m: |dq| %.3g, %.3g rad "
                  "over 10 s\n", q1, q2, o.load[0], o.load[1], o.budget[0], o.budget[1], o.dq[0], o.dq[1]);
    mj_deleteData(d);
    mj_deleteModel(m);
    return o;
}

static void test_hold_and_slip(void **st)
{
    (void)st;
    /* both loads below their budgets: nothing moves */
    hold_out h = hold_run(0.05, 0.2);
    for (int i = 0; i < 2; i++) {
        assert_true(fabs(h.load[i]) < 0.9 * h.budget[i]);   /* the pose is what the test says */
        assert_true(h.dq[i] < HOLD_TOL);
    }
    /* link 2 hanging, link 1 at 0.5 rad: j1's load exceeds its budget: it slips */
    hold_out s = hold_run(0.5, -0.5);
    assert_true(fabs(s.load[0]) > 1.5 * s.budget[0]);
    assert_true(s.dq[0] > SLIP_MIN);
    /* link 2 at 1.2 rad from link 1 held at 0.05 rad... j2 alone over its budget */
    hold_out s2 = hold_run(0.0, 1.2);
    assert_true(fabs(s2.load[1]) > s2.budget[1]);
    assert_true(s2.dq[1] > SLIP_MIN);
}

/* the gear-50 fixture (tests/cli/mujoco.sh, tests/web/robot_kinds):
 * link 2 of 0.1 kg at 0.1 m from its joint, Iyy 1e-5, a <position kp 10
 * gear 50>: I = 0.1·0.1² + 1e-5 = 1.01e-3 kg·m², K = kp·g² = 25000 N·m/rad,
 * the semi-implicit Euler step stable while h < 2·√(I/K) = 4.01995e-4 s
 * (by hand). MuJoCo's own run of the file as written, brute force, from
 * q = 0.01 rad for 2 s: just below the bound it stays bounded, just above it
 * diverges; and the caution (fric_mujoco_robot_caution) says so at the
 * file's 1 ms, reading I from MuJoCo after the adoption changed the
 * armature. */
static mjModel *geared50(double gear, double h)
{
    char xml[2048];
    snprintf(xml, sizeof xml,
             "<mujoco><option timestep=\"%.17g\" gravity=\"0 0 -9.81\" integrator=\"Euler\"/><worldbody>"
             "<body name=\"l1\"><joint name=\"flip\" type=\"hinge\" axis=\"0 0 1\"/>"
             "<inertial pos=\"0.1 0 0\" mass=\"0.1\" diaginertia=\"1e-5 1e-5 1e-5\"/>"
             "<body name=\"l2\" pos=\"0.2 0 0\"><joint name=\"geared\" type=\"hinge\" axis=\"0 1 0\"/>"
             "<inertial pos=\"0.1 0 0\" mass=\"0.1\" diaginertia=\"1e-5 1e-5 1e-5\"/></body></body>"
             "</worldbody><actuator><position name=\"a_flip\" joint=\"flip\" kp=\"10\" gear=\"-1\"/>"
             "<position name=\"a_geared\" joint=\"geared\" kp=\"10\" gear=\"%.17g\"/></actuator></mujoco>",
             h, gear);
    const char *why = NULL;
    mjModel *m = fric_mujoco_load_string(xml, &why);
    if (!m) fail_msg("geared50: %s", why);
    return m;
}

/* The largest |q| of the geared joint over 2 s of MuJoCo's own steps (the
 * file as written, ctrl 0) from q = 0.01 rad; inf once it leaves the finite range. */
static double own_run(double h)
{
    mjModel *m = geared50(50, h);
    mjData *d = mj_makeData(m);
    d->qpos[1] = 0.01;
    double most = 0;
    for (long k = 0; k < (long)(2.0 / h) && isfinite(most); k++) {
        mj_step(m, d);
        double q = fabs(d->qpos[1]);
        most = !isfinite(q) || d->warning[mjWARN_BADQACC].number ? INFINITY : q > most ? q : most;
    }
    mj_deleteData(d);
    mj_deleteModel(m);
    return most;
}

static void test_gear50_step(void **st)
{
    (void)st;
    const double bound = 4.01995024844e-4;   /* 2·√(1.01e-3/25000), by hand */
    assert_true(fabs(fric_robot_stable_step(25000, 1.01e-3, 0, 0, FRIC_MUJOCO_INT_EULER) - bound) <= 1e-14);
    double below = own_run(0.995 * bound), above = own_run(1.005 * bound);
    assert_true(below < 1);
    assert_true(above > 1e3);   /* inf: MuJoCo left the finite range */
    /* the caution at the file's 1 ms, after the adoption (armature now 2500×
     * the servo's): the inertia read is the file's 1.01e-3 */
    const double gears[2] = { 50, 1 };
    for (int c = 0; c < 2; c++) {
        mjModel *m = geared50(gears[c], 1e-3);
        mjData *d = mj_makeData(m);
        const char *why = NULL;
        fric_robot *r = fric_mujoco_robot_create(m, &why);
        assert_non_null(r);
        assert_int_equal(fric_robot_map(r, "geared=sts3215/m1", &why), FRIC_OK);
        fric_bench_def sv;
        fric_bench_def_from_preset(servo_preset(), &sv);
        assert_int_equal(fric_mujoco_robot_adopt(r, m, d, &sv, 1, 0, &why), FRIC_OK);
        assert_true(m->dof_armature[1] > 0.01 * gears[c] * gears[c]);
        char buf[1024];
        size_t n = fric_mujoco_robot_caution(r, m, d, 0, buf, sizeof buf);
        if (c == 0) {
            assert_true(n > 0);
            assert_non_null(strstr(buf, "on joint 'geared', the position actuator (gear 50, kp 10 N·m/rad: "
                                        "kp·gear² = 25000 N·m/rad on the joint) on its inertia 0.00101 kg·m² is "
                                        "stable under the Euler integrator only below 0.402 ms, and the step is 1 ms"));
        } else {
            assert_int_equal(n, 0);
        }
        fric_robot_destroy(r);
        mj_deleteData(d);
        mj_deleteModel(m);
    }
}

FRIC_TEST_MAIN(cmocka_unit_test(test_adopt_report_and_model), cmocka_unit_test(test_ctrl_is_the_goal),
               cmocka_unit_test(test_hold_and_slip), cmocka_unit_test(test_gear50_step))
