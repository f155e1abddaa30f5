/*
 * test_robot.c: the robot layer without MuJoCo (fric_robot.h) over a
 * hand-made robot written here:
 *   joint 0 "j0" hinge (dof 3, qpos 5): a <position> actuator (k 0, kp 20,
 *     kv 0.5, ctrlrange ±1.5 rad);
 *   joint 1 "j1" hinge (dof 1, qpos 2): a <motor> (k 1), then a general
 *     affine actuator (k 2: gain 7, bias (0, −5, −1));
 *   joint 2 "j2" hinge (dof 0, qpos 0): none;
 *   joint 3 "b" ball (dof 4, qpos 6);
 *   actuator 3: a tendon transmission naming index 0 (drives no joint);
 *   actuator 4: a <motor> on j2 in the second robot only (motor_robot).
 * Expected values are the inputs written here, hand-computed: each joint's
 * actuator (the last joint transmission: j1's is k 2, not the motor), the
 * kinds, the creep ring's sampling (round(0.01/h), round(1/(sample·h))),
 * the edits (the preset's armature, zero friction and damping, the goal
 * sources), the goal rule (a motor's ctrl stays unless its joint is
 * adopted), the creep of a linear ramp of q (its slope), the sag
 * 1e3·(goal − q), STICK at |q̇| <= 1e-9 rad/s, and the refusals.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "test_main.h"

#include "fric_bench.h"
#include "fric_robot.h"
#include "fric_status.h"
#include "native_sets.h"

#define NJ 4
#define NQ 10
#define NV 6

static const int dofadr[NJ] = { 3, 1, 0, 4 }, qposadr[NJ] = { 5, 2, 0, 6 };

static fric_robot_joint joint_of(int i)
{
    static const char *const names[NJ] = { "j0", "j1", "j2", "b" };
    return (fric_robot_joint){ names[i], i == 3 ? NULL : "arm", i == 3 ? FRIC_MUJOCO_JNT_BALL : FRIC_MUJOCO_JNT_HINGE,
                               dofadr[i], qposadr[i], 0.05 * (i + 1), 0.5 * (i + 1), 0.1, NULL, 0, 0 };
}

static fric_robot_actuator position(int j, double kp, double kv)
{
    return (fric_robot_actuator){ FRIC_ROBOT_TRN_JOINT, j, 0, 1, { kp, 0, 0 }, { 0, -kp, -kv }, 1, 1, { -3, 3 }, 1,
                                  { -1.5, 1.5 }, NULL, 0 };
}

static fric_robot_actuator motor(int j)
{
    return (fric_robot_actuator){ FRIC_ROBOT_TRN_JOINT, j, 0, 0, { 1, 0, 0 }, { 0, 0, 0 }, 1, 0, { 0, 0 }, 0, { 0, 0 },
                                  NULL, 0 };
}

/* The robot above (motor_on_j1: joint 1's actuators are the motor alone;
 * motor_on_j2: a motor on j2 too), timestep h [s]. */
static fric_robot *make(double h, int integrator, int motor_on_j1, int motor_on_j2)
{
    fric_robot_joint j[NJ];
    for (int i = 0; i < NJ; i++) j[i] = joint_of(i);
    fric_robot_actuator a[5] = { position(0, 20, 0.5), motor(1), position(1, 5, 1), position(0, 1, 0), motor(2) };
    a[2].gainprm[0] = 7;                    /* gain 7 ≠ kp 5: general */
    a[3].trntype = 3;                       /* a tendon: no joint */
    if (motor_on_j1) a[2].trntype = 3;
    int nu = motor_on_j2 ? 5 : 4;
    fric_robot_model m = { NJ, nu, h, integrator, { 0, 0, -9.81 } };
    const char *why = NULL;
    fric_robot *r = fric_robot_create(&m, j, a, &why);
    assert_non_null(r);
    assert_string_equal(why, "");
    return r;
}

/* The servo of every mapping here: the STS3215's M1 preset. */
static fric_bench_def sts3215_m1(void)
{
    fric_bench_def d;
    fric_bench_def_from_preset(fric_bench_preset_find("sts3215", 1), &d);
    return d;
}

/* qpos with joint i at q[i] (the other slots NaN: read only at the joints' addresses). */
static void pose(double *qpos, const double q[NJ])
{
    for (int k = 0; k < NQ; k++) qpos[k] = NAN;
    for (int i = 0; i < NJ; i++) qpos[qposadr[i]] = q[i];
    /* the ball's other three quaternion entries (7..9): finite (
     * every qpos of a joint is checked) */
    for (int k = 7; k < 10; k++) qpos[k] = 0;
}

/* Adopts r with mapping text (one servo per entry: sts3215 M1) at q0 and
 * attaches its adapter. Returns the count adopted. */
static int adopt(fric_robot *r, const char *text, int keep, const double q0[NJ])
{
    const char *why = NULL;
    assert_int_equal(fric_robot_map(r, text, &why), FRIC_OK);
    int nmap = 0;
    fric_robot_map_entries(r, &nmap);
    fric_bench_def sv[4];
    for (int k = 0; k < nmap; k++) sv[k] = sts3215_m1();
    double qpos[NQ];
    pose(qpos, q0);
    assert_int_equal(fric_robot_adopt(r, sv, nmap, keep, qpos, &why), FRIC_OK);
    const fric_mujoco_adoption *ad = fric_robot_adoption(r);
    fric_mujoco_model mm = { 0.002, FRIC_MUJOCO_INT_EULER, 0, 0, 1 };
    fric_mujoco_joint_model jm[NJ];
    for (int i = 0; i < ad->n; i++) jm[i] = ad->jm[i];
    assert_int_equal(fric_robot_attach(r, &mm, jm, FRIC_MUJOCO_IMPLICIT, &why), FRIC_OK);
    return ad->n;
}

static void test_joints_and_actuators(void **st)
{
    (void)st;
    fric_robot *r = make(0.002, FRIC_MUJOCO_INT_EULER, 0, 0);
    assert_int_equal(fric_robot_joint_actuator(r, 0), 0);
    assert_int_equal(fric_robot_joint_actuator(r, 1), 2);   /* the last of k 1, k 2 */
    assert_int_equal(fric_robot_joint_actuator(r, 2), -1);
    assert_int_equal(fric_robot_joint_actuator(r, 3), -1);
    assert_int_equal(fric_robot_joint_actuator(r, 4), -1);  /* out of range */
    double kp = -1, kv = -1;
    assert_int_equal(fric_robot_actuator_kind(r, 0, &kp, &kv), FRIC_MUJOCO_ACT_POSITION);
    assert_true(kp == 20 && kv == 0.5);
    assert_int_equal(fric_robot_actuator_kind(r, 1, &kp, &kv), FRIC_MUJOCO_ACT_MOTOR);
    assert_true(kp == 0 && kv == 0);
    assert_int_equal(fric_robot_actuator_kind(r, 2, &kp, &kv), FRIC_MUJOCO_ACT_GENERAL);
    assert_true(kp == 5 && kv == 1);
    assert_int_equal(fric_robot_actuator_kind(r, 4, NULL, NULL), -1);
    assert_int_equal(fric_robot_joint_find(r, "j2"), 2);
    assert_int_equal(fric_robot_joint_find(r, "nope"), -1);
    assert_int_equal(fric_robot_joint_find(r, ""), -1);
    fric_robot_destroy(r);
}

static void test_sampling(void **st)
{
    (void)st;
    /* h [s], round(0.01/h) (at least 1), round(1/(sample·h)) */
    /* h = 0.5, 0.7, 1, 3 s: round(1/h) = 2, 1, 1, 0; the ring holds at
     * least two samples (one was a creep of NaN at every step: fuzz_robot,
     * a timestep of 1 s) */
    const struct { double h; long sample, span; } c[] = { { 0.002, 5, 100 }, { 0.001, 10, 100 },
                                                          { 0.003, 3, 111 }, { 0.02, 1, 50 },
                                                          { 0.5, 1, 2 }, { 0.7, 1, 2 }, { 1.0, 1, 2 },
                                                          { 3.0, 1, 2 } };
    for (size_t k = 0; k < sizeof c / sizeof c[0]; k++) {
        fric_robot *r = make(c[k].h, 0, 0, 0);
        long sample = 0, span = 0;
        fric_robot_sampling(r, &sample, &span);
        assert_int_equal(sample, c[k].sample);
        assert_int_equal(span, c[k].span);
        int due = 0;
        for (long s = 1; s <= 3 * sample; s++) due += fric_robot_tick(r);
        assert_int_equal(due, 3);
        fric_robot_destroy(r);
    }
}

static void test_edits(void **st)
{
    (void)st;
    const double q0[NJ] = { 0.1, 0.2, 0.3, 0 };
    const fric_bench_def sts = sts3215_m1();
    for (int keep = 0; keep < 2; keep++) {
        fric_robot *r = make(0.002, FRIC_MUJOCO_INT_RK4, 0, 0);
        assert_int_equal(adopt(r, "*=sts3215/m1", keep, q0), 3);   /* the ball is not a '*' joint */
        int n = 0;
        const fric_robot_edit *e = fric_robot_edits(r, &n);
        assert_int_equal(n, 3);
        const int act[3] = { 0, 2, -1 };
        for (int i = 0; i < 3; i++) {
            assert_int_equal(e[i].dof, dofadr[i]);
            assert_true(e[i].frictionloss == 0 && e[i].damping == 0);
            assert_true(e[i].armature == (keep ? 0.1 : sts.servo.armature));
            assert_int_equal(e[i].act, act[i]);
            /* what the report says was removed: the file's */
            assert_true(fric_robot_adoption(r)->a[i].removed_frictionloss == 0.05 * (i + 1));
        }
        int file = -1;
        assert_int_equal(fric_robot_integrator(r, &file), FRIC_MUJOCO_INT_EULER);
        assert_int_equal(file, FRIC_MUJOCO_INT_RK4);
        fric_robot_destroy(r);
    }
    assert_string_equal(fric_robot_integrator_name(FRIC_MUJOCO_INT_RK4), "RK4");
    assert_string_equal(fric_robot_integrator_name(FRIC_MUJOCO_INT_EULER), "Euler");
    assert_null(fric_robot_integrator_name(4));
}

static void test_goal_rule(void **st)
{
    (void)st;
    const double q0[NJ] = { 0.1, 0.2, 0.3, 0.4 };
    double qpos[NQ];
    pose(qpos, q0);
    /* adopted j0 (position), j1 (general), j2 (no actuator) */
    fric_robot *r = make(0.002, 0, 0, 0);
    adopt(r, "j0=sts3215/m1, j1=sts3215/m1, j2=sts3215/m1", 0, q0);
    double ca[5], cc[5];
    for (int k = 0; k < 5; k++) ca[k] = cc[k] = -7;
    fric_robot_start_goals(r, qpos, ca, cc);
    assert_true(ca[0] == 0.1 && cc[0] == 0.1);
    assert_true(ca[2] == 0.2 && cc[2] == 0.2);     /* general: position-like */
    assert_true(ca[1] == -7 && cc[1] == -7);       /* the motor is not j1's actuator */
    assert_true(ca[3] == -7 && cc[3] == -7);       /* a tendon */
    for (int j = 0; j < NJ; j++) assert_true(fric_robot_goal(r, j) == q0[j]);
    assert_true(fric_robot_core(r)->j[2].s.goal == 0.3);   /* no actuator: the adapter's goal */
    fric_robot_set_goal(r, 2, 0.7, ca, cc, NULL);
    assert_true(fric_robot_core(r)->j[2].s.goal == 0.7 && fric_robot_goal(r, 2) == 0.7);
    fric_robot_set_goal(r, 0, NAN, ca, cc, NULL);        /* not finite: nothing */
    assert_true(ca[0] == 0.1 && fric_robot_goal(r, 0) == 0.1);
    fric_robot_set_goal(r, 0, 0.25, NULL, cc, NULL);     /* (C) only */
    assert_true(ca[0] == 0.1 && cc[0] == 0.25);
    /* the bound (robot-goal-huge, docs/fuzzing.md): 1e4 rad, a servo log's
     * angle bound; ±1e4 taken, beyond it (up to the fuzz finding −1.97e307,
     * whose sag 1e3·(goal − q) was −inf) refused with the joint's name and
     * the bound, nothing changed; a joint the robot lacks refused too */
    const char *why = NULL;
    assert_int_equal(fric_robot_set_goal(r, 0, -1e4, ca, cc, &why), FRIC_OK);
    assert_true(ca[0] == -1e4 && cc[0] == -1e4 && fric_robot_goal(r, 0) == -1e4);
    assert_int_equal(fric_robot_set_goal(r, 2, 1e4, ca, cc, &why), FRIC_OK);
    assert_true(fric_robot_core(r)->j[2].s.goal == 1e4);
    assert_int_equal(fric_robot_set_goal(r, 0, 0.25, ca, cc, &why), FRIC_OK);
    const double far[] = { 10000.000001, -1e5, -1.97e307, INFINITY, NAN };
    for (size_t k = 0; k < sizeof far / sizeof far[0]; k++) {
        why = NULL;
        assert_int_equal(fric_robot_set_goal(r, 0, far[k], ca, cc, &why), FRIC_E_PARAM_RANGE);
        assert_non_null(why);
        assert_non_null(strstr(why, "joint 'j0'"));
        assert_non_null(strstr(why, "±10000 rad"));
        assert_true(ca[0] == 0.25 && cc[0] == 0.25 && fric_robot_goal(r, 0) == 0.25);
    }
    assert_int_equal(fric_robot_set_goal(r, 2, -2e4, ca, cc, &why), FRIC_E_PARAM_RANGE);
    assert_non_null(strstr(why, "joint 'j2'"));
    assert_true(fric_robot_core(r)->j[2].s.goal == 1e4 && fric_robot_goal(r, 2) == 1e4);
    assert_int_equal(fric_robot_set_goal(r, NJ, 0, ca, cc, &why), FRIC_E_PARAM_RANGE);
    assert_non_null(strstr(why, "joint 4"));
    fric_robot_destroy(r);

    /* a motor: its ctrl is a torque in (A) and on a joint not adopted; the
     * servo's goal on an adopted joint of (C) */
    r = make(0.002, 0, 1, 1);
    adopt(r, "j1=sts3215/m1", 0, q0);
    for (int k = 0; k < 5; k++) ca[k] = cc[k] = -7;
    fric_robot_start_goals(r, qpos, ca, cc);
    assert_true(ca[1] == -7 && cc[1] == 0.2);      /* j1's motor, adopted */
    assert_true(ca[4] == -7 && cc[4] == -7);       /* j2's motor, not adopted */
    assert_true(ca[0] == 0.1 && cc[0] == 0.1);     /* j0's position, not adopted */
    fric_robot_set_goal(r, 1, -0.3, ca, cc, NULL);
    assert_true(ca[1] == -7 && cc[1] == -0.3);
    fric_robot_set_goal(r, 2, -0.3, ca, cc, NULL);       /* neither adopted nor position-like */
    assert_true(ca[4] == -7 && cc[4] == -7 && fric_robot_goal(r, 2) == -0.3);
    fric_robot_destroy(r);
}

static void test_creep_and_rows(void **st)
{
    (void)st;
    const double q0[NJ] = { 0.1, 0.2, 0.3, 0.4 };
    fric_robot *r = make(0.002, 0, 0, 0);   /* a sample every 5 steps, 100 in the ring */
    int n = adopt(r, "*=sts3215/m1", 0, q0);
    double qa[NQ], qc[NQ], qv[NV] = { 0 }, fa[NV], fc[NV];
    for (int k = 0; k < NV; k++) fa[k] = 10 + k, fc[k] = 20 + k;
    fric_robot_row row;
    /* no sample yet: no creep */
    pose(qc, q0);
    assert_int_equal(fric_robot_row_of(r, 0, 1, qc, qv, NULL, NULL, &row), FRIC_OK);
    assert_true(isnan(row.creep_mrad_s));
    /* 150 samples of a ramp: joint i of (C) at q = 0.01·(i+1)·s at sample s,
     * of (A) at 0.002·(i+1)·s; the ring keeps samples 50..149 over
     * 99·5·0.002 s: creep 1e3·0.01·(i+1)·99/0.99 = 1000·(i+1) mrad/s, (A) 200·(i+1) */
    long s = 0;
    for (long k = 0; k < 5 * 150; k++) {
        if (!fric_robot_tick(r)) continue;
        double qi[NJ], qj[NJ];
        for (int i = 0; i < NJ; i++) qi[i] = 0.01 * (i + 1) * (double)s, qj[i] = 0.002 * (i + 1) * (double)s;
        pose(qc, qi);
        pose(qa, qj);
        fric_robot_record(r, qa, qc);
        s++;
    }
    assert_int_equal(s, 150);
    for (int i = 0; i < n; i++) {
        assert_int_equal(fric_robot_row_of(r, i, 1, qc, qv, NULL, NULL, &row), FRIC_OK);
        assert_true(fabs(row.creep_mrad_s - 1000.0 * (i + 1)) <= 1e-9 * 1000.0 * (i + 1));
        assert_int_equal(fric_robot_row_of(r, i, 0, qa, qv, fa, fc, &row), FRIC_OK);
        assert_true(fabs(row.creep_mrad_s - 200.0 * (i + 1)) <= 1e-9 * 200.0 * (i + 1));
    }
    /* one sample after a reset: no creep */
    fric_robot_reset(r);
    for (int k = 0; k < 5; k++) fric_robot_tick(r);
    fric_robot_record(r, qa, qc);
    assert_int_equal(fric_robot_row_of(r, 0, 1, qc, qv, NULL, NULL, &row), FRIC_OK);
    assert_true(isnan(row.creep_mrad_s));
    /* the row: sag from the goal, STICK, the torques of each copy */
    double q[NJ] = { 0.4, 0.2, 0.3, 0 }, ca[4], cc[4];
    pose(qc, q);
    fric_robot_start_goals(r, qc, ca, cc);   /* every goal at q */
    fric_robot_set_goal(r, 0, 0.5, ca, cc, NULL);
    qv[dofadr[0]] = 1e-9;
    qv[dofadr[1]] = -2e-9;
    fric_robot_core(r)->j[0].s.tau_m = 0.125;
    fric_robot_core(r)->j[0].s.tau_f = -0.0625;
    assert_int_equal(fric_robot_row_of(r, 0, 1, qc, qv, NULL, NULL, &row), FRIC_OK);
    assert_true(row.stick == 1 && row.q == 0.4 && fabs(row.sag_mrad - 100) <= 1e-12);
    assert_true(row.tau_m == 0.125 && row.tau_f == -0.0625);
    assert_int_equal(fric_robot_row_of(r, 1, 1, qc, qv, NULL, NULL, &row), FRIC_OK);
    assert_true(row.stick == 0 && row.sag_mrad == 0);
    assert_int_equal(fric_robot_row_of(r, 0, 0, qc, qv, fa, fc, &row), FRIC_OK);
    assert_true(row.tau_m == fa[dofadr[0]] && row.tau_f == fc[dofadr[0]]);
    assert_int_equal(fric_robot_row_of(r, 2, 0, qc, qv, fa, fc, &row), FRIC_OK);
    assert_true(row.tau_m == 0 && row.tau_f == fc[dofadr[2]]);   /* no actuator */
    assert_int_equal(fric_robot_row_of(r, 3, 1, qc, qv, NULL, NULL, &row), FRIC_E_PARAM_RANGE);
    assert_int_equal(fric_robot_row_of(r, 0, 0, qc, qv, NULL, fc, &row), FRIC_E_PARAM_RANGE);
    fric_robot_destroy(r);
}

/* A timestep of 1 s (the fuzz_robot input regressions/fuzz_robot/
 * timestep_1s_creep_nan): the creep over the ring of two samples, one step
 * apart, is the ramp's slope from the second sample on: q = 0.004·s rad at
 * step s, 1e3·0.004/1 = 4 mrad/s (it was NaN at every step). */
static void test_long_step_creep(void **st)
{
    (void)st;
    const double q0[NJ] = { 0, 0, 0, 0 };
    fric_robot *r = make(1.0, 0, 0, 0);
    adopt(r, "j0=sts3215/m1", 0, q0);
    double qc[NQ], qv[NV] = { 0 };
    fric_robot_row row;
    for (int s = 1; s <= 5; s++) {
        double q[NJ] = { 0.004 * s, 0, 0, 0 };
        pose(qc, q);
        assert_int_equal(fric_robot_tick(r), 1);
        fric_robot_record(r, NULL, qc);
        assert_int_equal(fric_robot_row_of(r, 0, 1, qc, qv, NULL, NULL, &row), FRIC_OK);
        if (s == 1) assert_true(isnan(row.creep_mrad_s));   /* one sample: none yet */
        else assert_true(fabs(row.creep_mrad_s - 4.0) <= 1e-12);
    }
    fric_robot_destroy(r);
}

static void test_refusals(void **st)
{
    (void)st;
    const char *why = NULL;
    fric_robot_model m = { 1, 0, 0, 0, { 0, 0, -9.81 } };
    fric_robot_joint j = joint_of(0);
    assert_null(fric_robot_create(NULL, &j, NULL, &why));
    assert_int_equal(fric_status_last().code, FRIC_E_NULL);
    assert_null(fric_robot_create(&m, &j, NULL, &why));   /* timestep 0 */
    assert_int_equal(fric_status_last().code, FRIC_E_PARAM_RANGE);
    assert_non_null(strstr(why, "timestep"));
    m.timestep = 0.001;
    m.njnt = -1;
    assert_null(fric_robot_create(&m, &j, NULL, &why));
    assert_int_equal(fric_status_last().code, FRIC_E_PARAM_RANGE);
    m.njnt = 0;   /* a robot without joints reads (it adopts nothing) */
    fric_robot *r = fric_robot_create(&m, NULL, NULL, &why);
    assert_non_null(r);
    fric_robot_destroy(r);
    fric_robot_destroy(NULL);

    r = make(0.002, 0, 0, 0);
    fric_bench_def sv[2] = { sts3215_m1(), sts3215_m1() };
    double qpos[NQ] = { 0 };
    assert_int_equal(fric_robot_adopt(r, sv, 1, 0, qpos, &why), FRIC_E_PARAM_RANGE);   /* no mapping */
    assert_int_equal(fric_robot_map(r, "j0=a/m1, j1", &why), FRIC_E_PARAM_RANGE);      /* the parser's */
    assert_non_null(strstr(why, "no '='"));
    assert_int_equal(fric_robot_map(r, "j0=a/m1, j1=b/m1", &why), FRIC_OK);
    assert_int_equal(fric_robot_adopt(r, sv, 1, 0, qpos, &why), FRIC_E_PARAM_RANGE);   /* 1 servo, 2 entries */
    assert_non_null(strstr(why, "1 servos for a mapping of 2 entries"));
    assert_null(fric_robot_adoption(r));
    assert_int_equal(fric_robot_map(r, "b=sts3215/m1", &why), FRIC_OK);
    assert_int_equal(fric_robot_adopt(r, sv, 1, 0, qpos, &why), FRIC_E_UNSUPPORTED);   /* a ball named */
    assert_non_null(strstr(why, "ball joint"));
    fric_mujoco_model mm = { 0.002, 0, 0, 0, 1 };
    assert_int_equal(fric_robot_attach(r, &mm, NULL, FRIC_MUJOCO_IMPLICIT, &why), FRIC_E_NULL);   /* not adopted */
    fric_robot_destroy(r);
}

/* The robot's one validation: each number the layer reads not
 * finite, a timestep absurd, is refused at create (or, the start pose, at
 * adopt) with FRIC_E_PARAM_RANGE and one sentence naming the element and
 * attribute as the MJCF writes them. */
static void expect_refused(const fric_robot_model *m, const fric_robot_joint *j, const fric_robot_actuator *a,
                           const char *const words[3])
{
    const char *why = NULL;
    assert_null(fric_robot_create(m, j, a, &why));
    assert_int_equal(fric_status_last().code, FRIC_E_PARAM_RANGE);
    for (int w = 0; w < 3 && words[w]; w++) {
        if (!strstr(why, words[w])) fail_msg("'%s' not in: %s", words[w], why);
    }
    assert_null(strchr(why, '\n'));
    assert_true(why[strlen(why) - 1] == '.');
}

static void test_validation(void **st)
{
    (void)st;
    fric_robot_joint j[NJ];
    for (int i = 0; i < NJ; i++) j[i] = joint_of(i);
    fric_robot_actuator a[2] = { position(0, 20, 0.5), motor(1) };
    fric_robot_model m = { NJ, 2, 0.002, 0, { 0, 0, -9.81 } };
    const char *why = NULL;

    m.timestep = 1e-300;
    expect_refused(&m, j, a, (const char *const[3]){ "option timestep=\"1e-300\"", "below 1e-06 s", "1e+300 steps" });
    m.timestep = 0.99e-6;
    expect_refused(&m, j, a, (const char *const[3]){ "timestep=\"9.9e-07\"", "below 1e-06 s", NULL });
    m.timestep = NAN;
    expect_refused(&m, j, a, (const char *const[3]){ "option timestep=\"nan\"", "finite number > 0", NULL });
    m.timestep = INFINITY;
    expect_refused(&m, j, a, (const char *const[3]){ "option timestep=\"inf\"", NULL, NULL });
    m.timestep = 1e-6;   /* the bound itself runs */
    fric_robot *r = fric_robot_create(&m, j, a, &why);
    assert_non_null(r);
    fric_robot_destroy(r);
    m.timestep = 0.002;

    m.gravity[2] = NAN;
    expect_refused(&m, j, a, (const char *const[3]){ "option gravity=\"0 0 nan\"", "finite", NULL });
    m.gravity[2] = -9.81;
    m.gravity[0] = -INFINITY;
    expect_refused(&m, j, a, (const char *const[3]){ "option gravity=\"-inf 0 -9.81\"", NULL, NULL });
    m.gravity[0] = 0;

    const char *const jattr[3] = { "frictionloss", "damping", "armature" };
    for (int f = 0; f < 3; f++) {
        fric_robot_joint bad[NJ];
        memcpy(bad, j, sizeof bad);
        double *x = f == 0 ? &bad[2].frictionloss : f == 1 ? &bad[2].damping : &bad[2].armature;
        *x = f == 1 ? INFINITY : NAN;
        char attr[32];
        snprintf(attr, sizeof attr, "%s=\"%s\"", jattr[f], f == 1 ? "inf" : "nan");
        expect_refused(&m, bad, a, (const char *const[3]){ "joint 'j2'", attr, NULL });
    }
    fric_robot_joint unnamed[NJ];
    memcpy(unnamed, j, sizeof unnamed);
    unnamed[1].name = NULL;
    unnamed[1].armature = NAN;
    expect_refused(&m, unnamed, a, (const char *const[3]){ "joint 1 (unnamed)", "armature=\"nan\"", NULL });

    for (int f = 0; f < 5; f++) {
        fric_robot_actuator bad[2] = { a[0], a[1] };
        const char *attr = NULL;
        switch (f) {
        case 0: bad[1].gainprm[0] = NAN; attr = "gainprm"; break;
        case 1: bad[1].biasprm[2] = -INFINITY; attr = "biasprm"; break;
        case 2: bad[1].gear = NAN; attr = "gear"; break;
        case 3: bad[1].forcerange[1] = NAN; attr = "forcerange"; break;
        default: bad[1].ctrlrange[0] = NAN; attr = "ctrlrange"; break;
        }
        expect_refused(&m, j, bad, (const char *const[3]){ "actuator 1", "(joint 'j1')", attr });
    }
    fric_robot_actuator open_range[2] = { a[0], a[1] };
    open_range[0].forcerange[0] = -INFINITY;   /* a range without a limit is no NaN: it runs */
    open_range[0].forcerange[1] = INFINITY;
    r = fric_robot_create(&m, j, open_range, &why);
    assert_non_null(r);

    /* the start pose: a NaN in a joint's qpos refused at adopt, naming it */
    fric_bench_def sv[1] = { sts3215_m1() };
    assert_int_equal(fric_robot_map(r, "j0=sts3215/m1", &why), FRIC_OK);
    double qpos[NQ];
    for (int k = 0; k < NQ; k++) qpos[k] = 0;
    qpos[qposadr[1]] = NAN;
    assert_int_equal(fric_robot_adopt(r, sv, 1, 0, qpos, &why), FRIC_E_PARAM_RANGE);
    assert_non_null(strstr(why, "qpos of joint 'j1' is nan"));
    assert_non_null(strstr(why, "keyframe"));
    assert_null(fric_robot_adoption(r));
    qpos[qposadr[1]] = 0.25;
    assert_int_equal(fric_robot_adopt(r, sv, 1, 0, qpos, &why), FRIC_OK);

    /* the start pose's angle is each joint's first goal: beyond the goals'
     * bound ±FRIC_ROBOT_GOAL_MAX = 1e4 rad refused at adopt as a goal set
     * later is (fric_robot_set_goal), on any joint (j2, not mapped, too);
     * −1.97e307 rad is the fuzz finding whose sag 1e3·(goal − q) was −inf */
    const double far[] = { 10000.000001, -1e5, -1.97e307 };
    for (size_t k = 0; k < sizeof far / sizeof far[0]; k++) {
        for (int jj = 0; jj < 3; jj += 2) {
            for (int q = 0; q < NQ; q++) qpos[q] = 0;
            qpos[qposadr[jj]] = far[k];
            why = NULL;
            assert_int_equal(fric_robot_adopt(r, sv, 1, 0, qpos, &why), FRIC_E_PARAM_RANGE);
            char jn[32];
            snprintf(jn, sizeof jn, "qpos of joint 'j%d'", jj);
            if (!strstr(why, jn) || !strstr(why, "outside ±10000") || !strstr(why, "first goal"))
                fail_msg("not the start pose's goal bound: %s", why);
            assert_null(fric_robot_adoption(r));
        }
    }
    /* ±1e4 itself adopts, and the goals start there (sag 0) */
    for (int q = 0; q < NQ; q++) qpos[q] = 0;
    qpos[qposadr[0]] = -1e4;
    qpos[qposadr[2]] = 1e4;
    assert_int_equal(fric_robot_adopt(r, sv, 1, 0, qpos, &why), FRIC_OK);
    fric_mujoco_model mm = { 0.002, FRIC_MUJOCO_INT_EULER, 0, 0, 1 };
    fric_mujoco_joint_model jm[1] = { fric_robot_adoption(r)->jm[0] };
    assert_int_equal(fric_robot_attach(r, &mm, jm, FRIC_MUJOCO_IMPLICIT, &why), FRIC_OK);
    double ca[2], cc[2], qv[NV] = { 0 };
    fric_robot_start_goals(r, qpos, ca, cc);
    assert_true(fric_robot_goal(r, 0) == -1e4 && fric_robot_goal(r, 2) == 1e4 && cc[0] == -1e4);
    fric_robot_row row;
    assert_int_equal(fric_robot_row_of(r, 0, 1, qpos, qv, NULL, NULL, &row), FRIC_OK);
    assert_true(row.q == -1e4 && row.sag_mrad == 0);
    fric_robot_destroy(r);
}


/* ------ robots of every kind */

/* |x − want| <= tol (a tolerance of 0: equal) */
#define assert_double_equal(x, want, tol) \
    do { \
        double x_ = (x), w_ = (want); \
        if (!(fabs(x_ - w_) <= (tol))) fail_msg("%s = %.17g, want %.17g", #x, x_, w_); \
    } while (0)

/* One hinge (dof 0, qpos 0) with a <position kp="10"> of gear g, adopted
 * by the STS3215's M1 and attached (one joint, exact step: minv given). */
static fric_robot *geared(double g, double minv)
{
    fric_robot_joint j = { "arm", NULL, FRIC_MUJOCO_JNT_HINGE, 0, 0, 0, 0, 0, NULL, 0, 0 };
    fric_robot_actuator a = position(0, 10, 0);
    a.gear = g;
    a.ctrllimited = 0;
    fric_robot_model m = { 1, 1, 0.002, FRIC_MUJOCO_INT_EULER, { 0, 0, -9.81 } };
    const char *why = NULL;
    fric_robot *r = fric_robot_create(&m, &j, &a, &why);
    assert_non_null(r);
    assert_int_equal(fric_robot_map(r, "arm=sts3215/m1", &why), FRIC_OK);
    fric_bench_def sv[1] = { sts3215_m1() };
    const double qpos[1] = { 0 };
    assert_int_equal(fric_robot_adopt(r, sv, 1, 0, qpos, &why), FRIC_OK);
    const fric_mujoco_adoption *ad = fric_robot_adoption(r);
    fric_mujoco_model mm = { 0.002, FRIC_MUJOCO_INT_EULER, 0, 0, 0 };
    fric_mujoco_joint_model jm = ad->jm[0];
    jm.minv = minv;
    assert_int_equal(fric_robot_attach(r, &mm, &jm, FRIC_MUJOCO_IMPLICIT, &why), FRIC_OK);
    return r;
}

/* One exact step of r's joint at rest at q = 0 under a load tau [N·m]
 * (friction-free: qacc_smooth = minv·tau), the goal source's ctrl. */
static double step_load(fric_robot *r, double minv, double tau, double ctrl)
{
    double q = 0, v = 0, a = minv * tau, f = tau, c = 0, goal = ctrl, force = 0;
    fric_mujoco_step_in in = { 0 };
    in.q = &q;
    in.v = &v;
    in.minv = &minv;
    in.qacc_smooth = &a;
    in.qfrc_smooth = &f;
    in.qfrc_constraint = &c;
    in.goal = &goal;
    fric_mujoco_core_step(fric_robot_core(r), &in, &force, NULL);
    return force;
}

/* Gear −1 and 50 (MuJoCo's joint transmission: length g·q, force g·F):
 * the servo turns g·q, goal = ctrl/g, the torque on the joint g·τ, the
 * armature g²·I; hand-computed: the hold balances the load exactly on the
 * joint; the servo sees load/g against its K_c. */
static void test_gear(void **st)
{
    (void)st;
    const fric_bench_def sts = sts3215_m1();
    const double Kc = sts.friction.K_c, minv = 50.0;   /* 1/(kg·m²) */
    const double gears[2] = { -1, 50 };
    for (int c = 0; c < 2; c++) {
        double g = gears[c];
        fric_robot *r = geared(g, minv);
        const fric_mujoco_adoption *ad = fric_robot_adoption(r);
        assert_true(ad->a[0].gear == g && ad->a[0].act_goal == 1 && ad->a[0].act == 0);
        assert_true(ad->defs[0].gear == g);
        /* the rotor through the gear: g²·I */
        assert_double_equal(ad->a[0].armature, g * g * sts.servo.armature, 1e-15);
        /* a goal angle of the joint is the ctrl g·q (A's and C's) */
        double ctrl_a[1] = { 9 }, ctrl_c[1] = { 9 };
        fric_robot_set_goal(r, 0, 0.01, ctrl_a, ctrl_c, NULL);
        assert_double_equal(ctrl_c[0], g * 0.01, 1e-15);
        assert_double_equal(ctrl_a[0], g * 0.01, 1e-15);
        /* a load the servo holds on its side (|load/g| = 0.5·K_c): the joint's
         * force balances it exactly, the row's τf is −load on the joint */
        double load = 0.5 * Kc * fabs(g);
        double force = step_load(r, minv, load, 0);
        const fric_mujoco_joint *j = &fric_robot_core(r)->j[0];
        assert_int_equal(j->s.stuck, 1);
        assert_double_equal(force, -load, 1e-12 * fabs(load));
        double qpos[1] = { 0 }, qvel[1] = { 0 };
        fric_robot_row row;
        assert_int_equal(fric_robot_row_of(r, 0, 1, qpos, qvel, NULL, NULL, &row), FRIC_OK);
        assert_double_equal(row.tau_f, -load, 1e-12 * fabs(load));
        assert_double_equal(row.tau_m, 0, 1e-15);
        /* the ctrl is the servo's goal: the joint's goal ctrl/g */
        step_load(r, minv, 0, 0.5);
        assert_double_equal(j->s.goal, 0.5, 0);
        assert_double_equal(j->s.goal / j->gear, 0.5 / g, 1e-15);
        fric_robot_destroy(r);
    }
    /* gear 50 holds 25·K_c on the joint; direct (gear 1) the same load slips */
    fric_robot *r = geared(1, minv);
    step_load(r, minv, 25 * Kc, 0);
    assert_int_equal(fric_robot_core(r)->j[0].s.stuck, 0);
    fric_robot_destroy(r);
}

/* The adoption report's pieces (fric_robot_report), against the fixtures'
 * own numbers: joint j0 of make() (frictionloss 0.05, damping 0.5,
 * armature 0.1; a position actuator kp 20, kv 0.5, forcerange ±3,
 * ctrlrange ±1.5) and the gear-50 arm of geared() (no ctrlrange); the
 * servo's armature is the STS3215 M1 preset's, times g² through a gear. */
static void test_report(void **st)
{
    (void)st;
    const fric_bench_def sts = sts3215_m1();
    char p[512], want[256];
    fric_robot *r = make(0.002, FRIC_MUJOCO_INT_EULER, 0, 0);
    adopt(r, "j0=sts3215/m1", 0, (const double[NJ]){ 0, 0, 0, 0 });
    const char *pieces[4] = { "j0: sts3215 M1 (j0=sts3215/m1); removed frictionloss 0.05 N·m, damping 0.5 N·m·s/rad",
                              want,
                              "actuator position (kp 20, kv 0.5, forcerange -3…3 N·m) is now the goal source, its force off",
                              "goal clamped to its ctrlrange [-1.5, 1.5] rad" };
    snprintf(want, sizeof want, "armature %.4g kg·m² (the servo's; the file had 0.1)", sts.servo.armature);
    for (int k = 0; k < 4; k++) {
        assert_int_equal(fric_robot_report(r, 0, k, "sts3215 M1", p, sizeof p), strlen(pieces[k]));
        assert_string_equal(p, pieces[k]);
    }
    assert_int_equal(fric_robot_report(r, 0, 4, "sts3215 M1", p, sizeof p), 0);   /* gear 1: no gear piece */
    assert_string_equal(p, "");
    assert_int_equal(fric_robot_report(r, 1, 0, "x", p, sizeof p), 0);            /* one row adopted */
    assert_int_equal(fric_robot_report(r, 0, -1, "x", p, sizeof p), 0);
    /* NULL servo: the mapping's text */
    assert_true(fric_robot_report(r, 0, 0, NULL, p, sizeof p) > 0);
    assert_non_null(strstr(p, "j0: sts3215/m1 (j0=sts3215/m1); "));
    fric_robot_destroy(r);
    assert_int_equal(fric_robot_report(NULL, 0, 0, "x", p, sizeof p), 0);
    /* through a gear of 50, no ctrlrange: the gear piece, no clamp */
    r = geared(50, 50);
    snprintf(want, sizeof want, "armature %.4g kg·m² (the servo's; the file had 0)", 2500 * sts.servo.armature);
    assert_true(fric_robot_report(r, 0, 1, "S", p, sizeof p) > 0);
    assert_string_equal(p, want);
    assert_true(fric_robot_report(r, 0, 3, "S", p, sizeof p) > 0);
    assert_string_equal(p, "through its gear 50: goal = ctrl / 50, torque on the joint = 50 × the servo's");
    assert_int_equal(fric_robot_report(r, 0, 4, "S", p, sizeof p), 0);
    fric_robot_destroy(r);
}

/* The largest |root| of one step of the scheme MuJoCo runs on a joint of
 * inertia I under a stiffness K, its joint damping di and the actuator's
 * de, after n steps from q = 1, v = 0: the state's size (grows without bound
 * past the stable step). Euler: (I + h·di)·v' = (I − h·de)·v − h·K·q,
 * q' = q + h·v' (MuJoCo's semi-implicit step, its implicit joint damping);
 * rk4: the classical Runge–Kutta step of I·q'' = −K·q − (di + de)·q'. */
static double scheme_size(double h, double K, double I, double di, double de, int rk4, int n)
{
    double q = 1, v = 0;
    for (int k = 0; k < n; k++) {
        if (rk4) {
            double c = di + de;
#define ACC(qq, vv) ((-K * (qq) - c * (vv)) / I)
            double k1q = v, k1v = ACC(q, v);
            double k2q = v + h / 2 * k1v, k2v = ACC(q + h / 2 * k1q, v + h / 2 * k1v);
            double k3q = v + h / 2 * k2v, k3v = ACC(q + h / 2 * k2q, v + h / 2 * k2v);
            double k4q = v + h * k3v, k4v = ACC(q + h * k3q, v + h * k3v);
#undef ACC
            q += h / 6 * (k1q + 2 * k2q + 2 * k3q + k4q);
            v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v);
        } else {
            v = ((I - h * de) * v - h * K * q) / (I + h * di);
            q += h * v;
        }
    }
    return fabs(q) + fabs(v) * sqrt(I / K);
}

/* The position servo's stable step (fric_robot_stable_step) and the
 * caution of copy (A) (fric_robot_step_caution). Hand-computed for the
 * gear-50 fixture (tests/cli/mujoco.sh, tests/web/robot_kinds): link 2
 * of 0.1 kg at 0.1 m from the joint, Iyy 1e-5: I = 0.1·0.1² + 1e-5 =
 * 1.01e-3 kg·m²; K = kp·g² = 10·2500 = 25000 N·m/rad; undamped the bound is
 * 2·√(I/K) = 2·√(4.04e-8) = 4.01995024844e-4 s. Each bound is also checked
 * against the scheme itself, stepped just below (bounded) and just above
 * (growing). */
static void test_step_caution(void **st)
{
    (void)st;
    const double I = 1.01e-3, K = 25000;
    assert_double_equal(fric_robot_stable_step(K, I, 0, 0, FRIC_MUJOCO_INT_EULER), 4.01995024844e-4, 1e-14);
    assert_double_equal(fric_robot_stable_step(K, I, 0, 0, FRIC_MUJOCO_INT_RK4), 4.01995024844e-4 * sqrt(2.0), 1e-14);
    /* the scheme: (K, I, joint damping, actuator damping, integrator) */
    const struct { double di, de; int in; } c[] = {
        { 0, 0, FRIC_MUJOCO_INT_EULER }, { 0.5, 0, FRIC_MUJOCO_INT_EULER }, { 0, 0.2, FRIC_MUJOCO_INT_EULER },
        { 0.3, 0.2, FRIC_MUJOCO_INT_IMPLICITFAST }, { 0, 0, FRIC_MUJOCO_INT_RK4 },
    };
    for (size_t k = 0; k < sizeof c / sizeof c[0]; k++) {
        double b = fric_robot_stable_step(K, I, c[k].di, c[k].de, c[k].in);
        int rk4 = c[k].in == FRIC_MUJOCO_INT_RK4, implicit = c[k].in == FRIC_MUJOCO_INT_IMPLICITFAST;
        /* implicitfast: the actuator's damping as implicit as the joint's */
        double di = implicit ? c[k].di + c[k].de : c[k].di, de = implicit ? 0 : c[k].de;
        assert_true(b > 0 && isfinite(b));
        assert_true(scheme_size(0.995 * b, K, I, di, de, rk4, 20000) < 1e3);   /* near the bound the orbit stretches ~1/√(1 − (hω/2)²) */
        assert_false(scheme_size(1.005 * b, K, I, di, de, rk4, 20000) < 1e6);   /* overflows */
    }
    /* damping alone: explicit bounds it (2I/(de − di)), implicit does not */
    assert_double_equal(fric_robot_stable_step(0, I, 0, 0.2, FRIC_MUJOCO_INT_EULER), 2 * I / 0.2, 1e-15);
    assert_true(isinf(fric_robot_stable_step(0, I, 0.2, 0, FRIC_MUJOCO_INT_EULER)));
    assert_true(isnan(fric_robot_stable_step(K, 0, 0, 0, FRIC_MUJOCO_INT_EULER)));

    /* the caution: gear 50 (kp 10) at the 1 ms step says it, with its numbers */
    char buf[1024];
    fric_robot *r = geared(50, 50);
    size_t n = fric_robot_step_caution(r, 0, I, 1e-3, buf, sizeof buf);
    assert_int_equal(n, strlen(buf));
    assert_non_null(strstr(buf, "MuJoCo's own copy of the file (A) will diverge at this step: on joint 'arm', the "
                                "position actuator (gear 50, kp 10 N·m/rad: kp·gear² = 25000 N·m/rad on the joint) "
                                "on its inertia 0.00101 kg·m² is stable under the Euler integrator only below "
                                "0.402 ms, and the step is 1 ms; give the model a timestep under 0.402 ms or a kp "
                                "under 1.62 N·m/rad"));   /* 4·1.01e-3/(1e-3)²/2500 = 1.616 */
    assert_string_equal(fric_sentence_last().id, "robot.step_unstable");
    /* just below the bound: no sentence; past it, one */
    assert_int_equal(fric_robot_step_caution(r, 0, I, 4.01e-4, buf, sizeof buf), 0);
    assert_string_equal(buf, "");
    assert_string_equal(fric_sentence_last().id, "");
    assert_true(fric_robot_step_caution(r, 0, I, 4.03e-4, buf, sizeof buf) > 0);
    /* out of range, no handle: none */
    assert_int_equal(fric_robot_step_caution(r, 1, I, 1e-3, buf, sizeof buf), 0);
    assert_int_equal(fric_robot_step_caution(NULL, 0, I, 1e-3, buf, sizeof buf), 0);
    fric_robot_destroy(r);
    /* gear 1: K = 10, the bound 2·√(1.01e-3/10) = 20.1 ms: none at 1 ms */
    r = geared(1, 50);
    assert_int_equal(fric_robot_step_caution(r, 0, I, 1e-3, buf, sizeof buf), 0);
    fric_robot_destroy(r);
}

/* <velocity>, <intvelocity>, <damper>, <general>: named as they are; a
 * speed's or gain's ctrl is no goal (its force off, the servo holds the
 * goal given: the start angle until set). */
static void test_actuator_kinds_named(void **st)
{
    (void)st;
    fric_robot_joint j[4];
    for (int i = 0; i < 4; i++)
        j[i] = (fric_robot_joint){ i == 0 ? "v" : i == 1 ? "iv" : i == 2 ? "d" : "g", NULL, FRIC_MUJOCO_JNT_HINGE,
                                   i, i, 0, 0, 0, NULL, 0, 0 };
    fric_robot_actuator a[4];
    /* <velocity kv="2">: gain 2, bias (0, 0, −2) */
    a[0] = (fric_robot_actuator){ FRIC_ROBOT_TRN_JOINT, 0, 0, 1, { 2, 0, 0 }, { 0, 0, -2 }, 1, 0, { 0, 0 }, 0, { 0, 0 },
                                  "vel", 0 };
    /* <intvelocity kp="5">: an integrator's activation, a position's gain and bias */
    a[1] = (fric_robot_actuator){ FRIC_ROBOT_TRN_JOINT, 1, 0, 1, { 5, 0, 0 }, { 0, -5, 0 }, 1, 0, { 0, 0 }, 0, { 0, 0 },
                                  "ivel", FRIC_MUJOCO_DYN_INTEGRATOR };
    /* <damper kv="0.7">: gain affine (0, 0, −0.7), no bias */
    a[2] = (fric_robot_actuator){ FRIC_ROBOT_TRN_JOINT, 2, 1, 0, { 0, 0, -0.7 }, { 0, 0, 0 }, 1, 0, { 0, 0 }, 1, { 0, 1 },
                                  "damp", 0 };
    /* <general gainprm="3">: no bias, gain 3 */
    a[3] = (fric_robot_actuator){ FRIC_ROBOT_TRN_JOINT, 3, 0, 0, { 3, 0, 0 }, { 0, 0, 0 }, 1, 0, { 0, 0 }, 0, { 0, 0 },
                                  "gen", 0 };
    fric_robot_model m = { 4, 4, 0.002, FRIC_MUJOCO_INT_EULER, { 0, 0, -9.81 } };
    const char *why = NULL;
    fric_robot *r = fric_robot_create(&m, j, a, &why);
    assert_non_null(r);
    double kp = -1, kv = -1;
    assert_int_equal(fric_robot_actuator_kind(r, 0, &kp, &kv), FRIC_MUJOCO_ACT_VELOCITY);
    assert_true(kp == 0 && kv == 2);
    assert_int_equal(fric_robot_actuator_kind(r, 1, &kp, &kv), FRIC_MUJOCO_ACT_INTVELOCITY);
    assert_true(kp == 5 && kv == 0);
    assert_int_equal(fric_robot_actuator_kind(r, 2, &kp, &kv), FRIC_MUJOCO_ACT_DAMPER);
    assert_true(kp == 0 && kv == 0.7);
    assert_int_equal(fric_robot_actuator_kind(r, 3, &kp, &kv), FRIC_MUJOCO_ACT_GENERAL);
    assert_string_equal(fric_mujoco_act_names[FRIC_MUJOCO_ACT_INTVELOCITY], "intvelocity");
    assert_string_equal(fric_mujoco_act_names[FRIC_MUJOCO_ACT_DAMPER], "damper");
    assert_string_equal(fric_robot_actuator_name(r, 2), "damp");
    /* before adoption: a velocity's ctrl is no angle, not even in (A) */
    double ctrl_a[4] = { 0, 0, 0, 0 }, ctrl_c[4] = { 0, 0, 0, 0 };
    fric_robot_set_goal(r, 0, 0.2, ctrl_a, ctrl_c, NULL);
    assert_true(ctrl_a[0] == 0 && ctrl_c[0] == 0);
    /* nor a general one without stiffness in its bias (its ctrl scales a torque) */
    fric_robot_set_goal(r, 3, 0.2, ctrl_a, ctrl_c, NULL);
    assert_true(ctrl_a[3] == 0 && ctrl_c[3] == 0);
    assert_int_equal(fric_robot_map(r, "*=sts3215/m1", &why), FRIC_OK);
    fric_bench_def sv[1] = { sts3215_m1() };
    const double qpos[4] = { 0.1, 0.2, 0.3, 0.4 };
    assert_int_equal(fric_robot_adopt(r, sv, 1, 0, qpos, &why), FRIC_OK);
    const fric_mujoco_adoption *ad = fric_robot_adoption(r);
    assert_int_equal(ad->n, 4);
    const int goal_source[4] = { 0, 0, 0, 1 };
    for (int i = 0; i < 4; i++) {
        assert_int_equal(ad->a[i].act, i);            /* its force goes (the edit) */
        assert_int_equal(ad->a[i].act_goal, goal_source[i]);
    }
    assert_double_equal(ad->a[2].act_kv, 0.7, 0);     /* the damper's gain kept for the report */
    int ne = 0;
    const fric_robot_edit *e = fric_robot_edits(r, &ne);
    assert_true(ne == 4 && e[0].act == 0 && e[2].act == 2);
    fric_mujoco_model mm = { 0.002, FRIC_MUJOCO_INT_EULER, 0, 0, 1 };
    fric_mujoco_joint_model jm[4];
    for (int i = 0; i < 4; i++) jm[i] = ad->jm[i];
    for (int i = 0; i < 4; i++) jm[i].armature = sv[0].servo.armature;
    assert_int_equal(fric_robot_attach(r, &mm, jm, FRIC_MUJOCO_IMPLICIT, &why), FRIC_OK);
    const fric_mujoco_core *core = fric_robot_core(r);
    assert_true(core->j[0].act == -1 && core->j[1].act == -1 && core->j[2].act == -1 && core->j[3].act == 3);
    /* the start goals: the velocity's ctrl untouched, the servo's goal its angle */
    fric_robot_start_goals(r, qpos, ctrl_a, ctrl_c);
    assert_true(ctrl_c[0] == 0 && ctrl_c[1] == 0 && ctrl_c[2] == 0);
    assert_double_equal(ctrl_c[3], 0.4, 0);
    for (int i = 0; i < 3; i++) assert_double_equal(core->j[i].s.goal, qpos[i], 0);
    fric_robot_set_goal(r, 1, -0.5, ctrl_a, ctrl_c, NULL);
    assert_double_equal(core->j[1].s.goal, -0.5, 0);
    assert_true(ctrl_c[1] == 0);
    fric_robot_destroy(r);
}

/* Default classes through childclass: a class matches the joints of the
 * classes below it (nearest wins); a class or '*' skips a free, ball or
 * slide joint with a note; tendons and equalities flagged. */
static void test_classes_and_skips(void **st)
{
    (void)st;
    fric_robot_joint j[4] = {
        { "root", "main", FRIC_MUJOCO_JNT_FREE, 0, 0, 0, 0, 0, NULL, 0, 0 },
        { "shoulder", "sts3215", FRIC_MUJOCO_JNT_HINGE, 6, 7, 0.1, 0.2, 0.01, "so_arm100\nmain\n", 1, 0 },
        { "elbow", "sts3215", FRIC_MUJOCO_JNT_HINGE, 7, 8, 0.1, 0.2, 0.01, "so_arm100\nmain\n", 0, 1 },
        { "finger", "gripper", FRIC_MUJOCO_JNT_SLIDE, 8, 9, 0, 0, 0, "so_arm100\nmain\n", 0, 0 },
    };
    fric_robot_model m = { 4, 0, 0.002, FRIC_MUJOCO_INT_EULER, { 0, 0, -9.81 } };
    const char *why = NULL;
    fric_robot *r = fric_robot_create(&m, j, NULL, &why);
    assert_non_null(r);
    fric_bench_def sv[2] = { sts3215_m1(), sts3215_m1() };
    double qpos[10] = { 0, 0, 0.5, 1, 0, 0, 0, 0.1, 0.2, 0.3 };
    /* the parent class: both hinges, the slide skipped, the free joint not in it */
    assert_int_equal(fric_robot_map(r, "class:so_arm100=sts3215/m1", &why), FRIC_OK);
    assert_int_equal(fric_robot_adopt(r, sv, 1, 0, qpos, &why), FRIC_OK);
    const fric_mujoco_adoption *ad = fric_robot_adoption(r);
    assert_int_equal(ad->n, 2);
    assert_true(ad->a[0].joint == 1 && ad->a[1].joint == 2);
    assert_true(ad->a[0].tendon == 1 && ad->a[0].equality == 0 && ad->a[1].tendon == 0 && ad->a[1].equality == 1);
    assert_int_equal(ad->nskip, 1);
    assert_true(ad->skip[0].joint == 3 && ad->skip[0].type == FRIC_MUJOCO_JNT_SLIDE);
    /* the notes every door prints after the report (docs/robot.md): the
     * shoulder's tendon, the elbow's equality, the slide passed over by the
     * class, in that order, each a sentence with its id; then none */
    static const char *const notes[3][2] = {
        { "robot.note_tendon", "shoulder: a tendon wraps it; the exact hold does not apply while the tendon acts" },
        { "robot.note_equality", "elbow: an equality constraint names it; the exact hold does not apply while the "
                                 "constraint acts" },
        { "robot.note_skipped", "finger: skipped (a slide joint, mapped by 'class:so_arm100'): bam's servos are "
                                "rotary; a servo drives a hinge joint only" } };
    char note[256];
    for (int k = 0; k < 3; k++) {
        assert_int_equal(fric_robot_note(r, k, note, sizeof note), strlen(notes[k][1]));
        assert_string_equal(note, notes[k][1]);
        fric_sentence sn = fric_sentence_last();
        assert_string_equal(sn.id, notes[k][0]);
    }
    assert_int_equal(fric_robot_note(r, 3, note, sizeof note), 0);
    assert_string_equal(note, "");
    assert_int_equal(fric_robot_note(NULL, 0, note, sizeof note), 0);
    /* the root class: the free joint skipped too (never a refusal naming it) */
    assert_int_equal(fric_robot_map(r, "class:main=sts3215/m1", &why), FRIC_OK);
    assert_int_equal(fric_robot_adopt(r, sv, 1, 0, qpos, &why), FRIC_OK);
    ad = fric_robot_adoption(r);
    assert_int_equal(ad->n, 2);
    assert_int_equal(ad->nskip, 2);
    assert_true(ad->skip[0].joint == 0 && ad->skip[0].type == FRIC_MUJOCO_JNT_FREE);
    /* the nearest class wins: sts3215 (own) over so_arm100 (parent) */
    assert_int_equal(fric_robot_map(r, "class:so_arm100=sts3215/m1, class:sts3215=sts3215/m2", &why), FRIC_OK);
    sv[1] = sts3215_m1();
    assert_int_equal(fric_robot_adopt(r, sv, 2, 0, qpos, &why), FRIC_OK);
    ad = fric_robot_adoption(r);
    assert_true(ad->n == 2 && ad->a[0].entry == 1 && ad->a[1].entry == 1);
    /* a free joint's other qpos entries: a NaN in its quaternion, named with
     * its keyframe as the MJCF writes it */
    fric_robot_start_key(r, "home", 0);
    qpos[4] = NAN;
    assert_int_equal(fric_robot_map(r, "shoulder=sts3215/m1", &why), FRIC_OK);
    assert_int_equal(fric_robot_adopt(r, sv, 1, 0, qpos, &why), FRIC_E_PARAM_RANGE);
    assert_non_null(strstr(why, "<key name=\"home\">"));
    assert_non_null(strstr(why, "joint 'root'"));
    assert_non_null(strstr(why, "qpos[4] (entry 5 of its 7)"));
    fric_robot_start_key(r, "", 2);
    assert_int_equal(fric_robot_adopt(r, sv, 1, 0, qpos, &why), FRIC_E_PARAM_RANGE);
    assert_non_null(strstr(why, "keyframe 2, an unnamed <key>"));
    qpos[4] = 0;
    /* named explicitly: one sentence */
    assert_int_equal(fric_robot_map(r, "finger=sts3215/m1", &why), FRIC_OK);
    assert_int_equal(fric_robot_adopt(r, sv, 1, 0, qpos, &why), FRIC_E_UNSUPPORTED);
    assert_non_null(strstr(why, "'finger' is a slide joint"));
    assert_non_null(strstr(why, "rotary"));
    assert_int_equal(fric_robot_map(r, "root=sts3215/m1", &why), FRIC_OK);
    assert_int_equal(fric_robot_adopt(r, sv, 1, 0, qpos, &why), FRIC_E_UNSUPPORTED);
    assert_non_null(strstr(why, "'root' is a free joint"));
    fric_robot_destroy(r);
}

/* A model of 150 joints with one mapped: the limit is on the joints
 * mapped (100), not on the model. An actuator named in a refusal. */
static void test_many_joints(void **st)
{
    (void)st;
    enum { N = 150 };
    static fric_robot_joint j[N];
    static char names[N][16];
    static double qpos[N];
    for (int i = 0; i < N; i++) {
        snprintf(names[i], sizeof names[i], "j%d", i);
        j[i] = (fric_robot_joint){ names[i], NULL, FRIC_MUJOCO_JNT_HINGE, i, i, 0, 0, 0, NULL, 0, 0 };
    }
    fric_robot_model m = { N, 0, 0.002, FRIC_MUJOCO_INT_EULER, { 0, 0, -9.81 } };
    const char *why = NULL;
    fric_robot *r = fric_robot_create(&m, j, NULL, &why);
    assert_non_null(r);
    fric_bench_def sv[1] = { sts3215_m1() };
    assert_int_equal(fric_robot_map(r, "j120=sts3215/m1", &why), FRIC_OK);
    assert_int_equal(fric_robot_adopt(r, sv, 1, 0, qpos, &why), FRIC_OK);
    assert_int_equal(fric_robot_adoption(r)->a[0].joint, 120);
    assert_int_equal(fric_robot_map(r, "*=sts3215/m1", &why), FRIC_OK);
    assert_int_equal(fric_robot_adopt(r, sv, 1, 0, qpos, &why), FRIC_E_PARAM_RANGE);
    assert_non_null(strstr(why, "more than 100 joints mapped"));
    fric_robot_destroy(r);
    /* an actuator's refusal names it */
    fric_robot_actuator a = position(0, 10, 0);
    a.name = "elbow_motor";
    a.gear = NAN;
    m.nu = 1;
    assert_null(fric_robot_create(&m, j, &a, &why));
    assert_non_null(strstr(why, "actuator 'elbow_motor' (joint 'j0') gear"));
}

/* A native set written here: MuJoCo's defaults with these values
 * (native_sets.h); firmware_kp 16, LeRobot's STS3215 gain. */
static fric_native_params native_set(void)
{
    return NATIVE_SET(.frictionloss = 0.07, .damping = 0.3, .armature = 0.02, .kp = 8, .firmware_kp = 16, .kv = 0.1,
                      .forcerange = 2);
}

/* Adopts r with mapping text, entry k native (the set above) where
 * native[k], else sts3215 M1, at q0, keep_armature keep: the status. */
static fric_status adopt_native(fric_robot *r, const char *text, const unsigned char *native, int keep,
                                const double q0[NJ], const char **why)
{
    assert_int_equal(fric_robot_map(r, text, why), FRIC_OK);
    int nmap = 0;
    fric_robot_map_entries(r, &nmap);
    fric_bench_def sv[4];
    fric_native_params nat[4];
    for (int k = 0; k < nmap; k++) sv[k] = sts3215_m1(), nat[k] = native_set();
    double qpos[NQ];
    pose(qpos, q0);
    return fric_robot_adopt_native(r, sv, nat, native, nmap, keep, qpos, why);
}

/* A native params file adopted: MuJoCo's own servo on the joint, the edit
 * the file's values (kp as written at its firmware gain: fric_native_kp_for
 * of k/16 times kp, here k = 16), the core steps nothing for it, the goal
 * its actuator's ctrl in (C), its row MuJoCo's forces; beside a servo of
 * the core; and each refusal. */
static void test_native(void **st)
{
    (void)st;
    const char *why = NULL;
    const double q0[NJ] = { 0.3, -0.2, 0.1, 0 };
    static const unsigned char yes[4] = { 1, 1, 1, 1 }, first[4] = { 1, 0, 0, 0 };
    /* the edit at another firmware gain: kp scales by 32/16, the rest as written */
    fric_native_edit e;
    fric_native_params p = native_set();
    assert_int_equal(fric_native_edit_of(&p, 32, &e), FRIC_OK);
    assert_true(e.kp == 16 && e.kv == 0.1 && e.frictionloss == 0.07 && e.damping == 0.3 && e.armature == 0.02);
    assert_true(e.limited == 1 && e.forcerange[0] == -2 && e.forcerange[1] == 2);
    assert_true(e.solref[0] == 0.02 && e.solref[1] == 1 && e.solimp[0] == 0.9 && e.solimp[1] == 0.95);
    assert_true(e.solimp[2] == 0.001 && e.solimp[3] == 0.5 && e.solimp[4] == 2);
    assert_int_equal(fric_native_edit_of(&p, 0, &e), FRIC_E_PARAM_RANGE);
    p.frictionloss = -1;
    assert_int_equal(fric_native_edit_of(&p, 16, &e), FRIC_E_PARAM_RANGE);
    assert_non_null(strstr(fric_status_last().message, "frictionloss"));

    /* j0 alone, native: MuJoCo's own servo, the file's integrator (RK4) kept */
    fric_robot *r = make(0.002, FRIC_MUJOCO_INT_RK4, 0, 0);
    assert_int_equal(adopt_native(r, "j0=@n", yes, 0, q0, &why), FRIC_OK);
    const fric_mujoco_adoption *ad = fric_robot_adoption(r);
    assert_int_equal(ad->n, 0);
    assert_int_equal(ad->nnat, 1);
    assert_int_equal(fric_robot_rows(r), 1);
    const fric_native_edit *set = NULL;
    const fric_mujoco_adopted *a = fric_robot_adopted(r, 0, &set);
    assert_non_null(set);
    assert_int_equal(a->joint, 0);
    assert_int_equal(a->act, 0);
    assert_true(a->removed_frictionloss == 0.05 && a->removed_damping == 0.5 && a->armature_file == 0.1);
    assert_true(a->armature == 0.02 && !a->armature_kept);
    int n = 0;
    const fric_robot_edit *ed = fric_robot_edits(r, &n);
    assert_int_equal(n, 1);
    assert_true(ed[0].native == 1 && ed[0].dof == 3 && ed[0].act == 0);
    assert_true(ed[0].set.kp == 8 && ed[0].set.kv == 0.1 && ed[0].set.frictionloss == 0.07);
    assert_true(ed[0].set.damping == 0.3 && ed[0].set.armature == 0.02 && ed[0].set.limited == 1);
    assert_true(ed[0].frictionloss == 0.07 && ed[0].damping == 0.3 && ed[0].armature == 0.02);
    int file = -1;
    assert_int_equal(fric_robot_integrator(r, &file), FRIC_MUJOCO_INT_RK4);
    assert_int_equal(file, FRIC_MUJOCO_INT_RK4);
    fric_mujoco_model mm = { 0.002, FRIC_MUJOCO_INT_EULER, 0, 0, 1 };
    assert_int_equal(fric_robot_attach(r, &mm, NULL, FRIC_MUJOCO_IMPLICIT, &why), FRIC_OK);   /* no joint for the core */
    assert_int_equal(fric_robot_core(r)->n, 0);
    /* the goal: its actuator's ctrl in both copies */
    double qpos[NQ], ctrl_a[5] = { 9, 9, 9, 9, 9 }, ctrl_c[5] = { 9, 9, 9, 9, 9 };
    pose(qpos, q0);
    fric_robot_start_goals(r, qpos, ctrl_a, ctrl_c);
    assert_true(ctrl_a[0] == 0.3 && ctrl_c[0] == 0.3);
    assert_int_equal(fric_robot_set_goal(r, 0, 0.5, ctrl_a, ctrl_c, &why), FRIC_OK);
    assert_true(ctrl_c[0] == 0.5 && ctrl_a[0] == 0.5);
    /* its row in (C): MuJoCo's forces at its dof, the sag from the goal */
    double qvel[NV] = { 0 }, fa[NV] = { 0 }, fc[NV] = { 0 };
    fa[3] = 1.25, fc[3] = -0.0625;
    fric_robot_row row;
    assert_int_equal(fric_robot_row_of(r, 0, 1, qpos, qvel, fa, fc, &row), FRIC_OK);
    assert_true(row.tau_m == 1.25 && row.tau_f == -0.0625 && row.stick == 1);
    assert_true(fabs(row.sag_mrad - 1e3 * (0.5 - 0.3)) < 1e-12);
    assert_int_equal(fric_robot_row_of(r, 0, 1, qpos, qvel, NULL, NULL, &row), FRIC_E_PARAM_RANGE);
    /* keep_armature: the file's */
    assert_int_equal(adopt_native(r, "j0=@n", yes, 1, q0, &why), FRIC_OK);
    assert_true(fric_robot_edits(r, &n)[0].set.armature == 0.1 && fric_robot_adoption(r)->nat[0].armature_kept);

    /* beside a servo of the core: the core's joint first, then the native one; Euler */
    assert_int_equal(adopt_native(r, "j0=@n, j1=@m", first, 0, q0, &why), FRIC_OK);
    ad = fric_robot_adoption(r);
    assert_int_equal(ad->n, 1);
    assert_int_equal(ad->nnat, 1);
    assert_int_equal(fric_robot_adopted(r, 0, &set)->joint, 1);
    assert_null(set);
    assert_int_equal(fric_robot_adopted(r, 1, &set)->joint, 0);
    assert_non_null(set);
    assert_null(fric_robot_adopted(r, 2, NULL));
    assert_int_equal(fric_robot_integrator(r, NULL), FRIC_MUJOCO_INT_EULER);
    ed = fric_robot_edits(r, &n);
    assert_true(n == 2 && ed[0].native == 0 && ed[0].frictionloss == 0 && ed[1].native == 1);

    /* refusals: no actuator (j2), a native set MuJoCo refuses */
    assert_int_equal(adopt_native(r, "j2=@n", yes, 0, q0, &why), FRIC_E_UNSUPPORTED);
    assert_non_null(strstr(why, "joint 'j2' has no actuator"));
    assert_non_null(strstr(why, "<position>"));
    assert_int_equal(fric_robot_rows(r), 0);
    fric_robot_destroy(r);
    /* a motor's ctrl is a torque */
    r = make(0.002, FRIC_MUJOCO_INT_EULER, 1, 0);
    assert_int_equal(adopt_native(r, "j1=@n", yes, 0, q0, &why), FRIC_E_UNSUPPORTED);
    assert_non_null(strstr(why, "joint 'j1' is driven by a motor actuator"));
    fric_robot_destroy(r);
    /* a position through a gear of 2 */
    fric_robot_joint j[NJ];
    for (int i = 0; i < NJ; i++) j[i] = joint_of(i);
    fric_robot_actuator act[1] = { position(0, 20, 0.5) };
    act[0].gear = 2;
    fric_robot_model m = { NJ, 1, 0.002, FRIC_MUJOCO_INT_EULER, { 0, 0, -9.81 } };
    r = fric_robot_create(&m, j, act, &why);
    assert_non_null(r);
    assert_int_equal(adopt_native(r, "j0=@n", yes, 0, q0, &why), FRIC_E_UNSUPPORTED);
    assert_non_null(strstr(why, "has gear 2"));
    fric_robot_destroy(r);
}

FRIC_TEST_MAIN(cmocka_unit_test(test_joints_and_actuators), cmocka_unit_test(test_sampling),
               cmocka_unit_test(test_gear), cmocka_unit_test(test_report), cmocka_unit_test(test_step_caution), cmocka_unit_test(test_actuator_kinds_named),
               cmocka_unit_test(test_classes_and_skips), cmocka_unit_test(test_many_joints),
               cmocka_unit_test(test_edits), cmocka_unit_test(test_goal_rule),
               cmocka_unit_test(test_creep_and_rows), cmocka_unit_test(test_long_step_creep),
               cmocka_unit_test(test_refusals), cmocka_unit_test(test_validation), cmocka_unit_test(test_native))
