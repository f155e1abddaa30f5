/*
 * test_mj_core.c: the MuJoCo adapter's orchestration without MuJoCo
 * (fric_adapter.h's fric_mujoco_core) over plain numbers, no MuJoCo needed:
 *   - every refusal of fric_mujoco_core_init: its code (rc == the recorded
 *     fric_status_last().code), and a message naming the joint (the
 *     per-joint ones) or the model's property (the model-wide ones);
 *   - what the model gets: FRICTIONLOSS writes the law's Φ(+0) = Fs and D,
 *     NOSLIP also 10 noslip iterations when the model has none (MuJoCo's
 *     noslip solver, fric_mujoco.h), IMPLICIT leaves the model's values;
 *   - the step against Kikuuwe's closed form (2006, eq. 16): below the
 *     static level the implicit friction cancels the load exactly, f = −τ_e,
 *     with τ_e one joint's qfrc_smooth + qfrc_constraint, several joints'
 *     passive − bias + applied + actuator + u, u = I·qacc − qfrc_smooth of
 *     the previous step (the gear-friction sheet §3, eq. 3), 0 at the first step.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "test_main.h"

#include "fric_adapter.h"
#include "fric_status.h"

static const fric_law coulomb03 = { FRIC_COULOMB_VISCOUS, 0.3, 0.3, 0, 0.02, 1 }; /* N·m, N·m·s/rad */

static fric_mujoco_core core;          /* about 100 KB: not on the stack */

/* A hinge at rest, no MuJoCo friction, armature 0.01 kg·m², (M⁻¹)_ii 100. */
static fric_mujoco_joint_model hinge(void)
{
    return (fric_mujoco_joint_model){ FRIC_MUJOCO_JNT_HINGE, 0, 0, 0.01, 100, 0 };
}

static const fric_mujoco_model euler = { 1e-3, FRIC_MUJOCO_INT_EULER, 0, 0, 0 };

static void expect(const fric_mujoco_model *mm, const fric_mujoco_joint_model *jm, const fric_mujoco_joint_def *defs,
                   int n, fric_mujoco_treatment t, int code, const char *words)
{
    const char *why = NULL;
    int rc = fric_mujoco_core_init(&core, mm, jm, defs, n, t, &why);
    print_message("refused (%d): %s\n", rc, why);
    assert_int_equal(rc, code);
    assert_int_equal(rc, fric_status_last().code);
    assert_non_null(why);
    assert_non_null(strstr(why, words));
    assert_int_equal(core.n, 0);
}

static void refusals_of_the_call(void **st)
{
    (void)st;
    fric_mujoco_joint_model jm[FRIC_MUJOCO_MAX_JOINTS + 1];
    fric_mujoco_joint_def defs[FRIC_MUJOCO_MAX_JOINTS + 1];
    for (int i = 0; i <= FRIC_MUJOCO_MAX_JOINTS; i++) {
        jm[i] = hinge();
        defs[i] = (fric_mujoco_joint_def){ .joint = "j", .law = coulomb03 };
    }
    const char *why = NULL;
    assert_int_equal(fric_mujoco_core_init(&core, &euler, NULL, defs, 1, FRIC_MUJOCO_IMPLICIT, &why), FRIC_E_NULL);
    assert_int_equal(fric_status_last().code, FRIC_E_NULL);
    assert_non_null(strstr(why, "must not be NULL"));
    expect(&euler, jm, defs, 0, FRIC_MUJOCO_IMPLICIT, FRIC_E_PARAM_RANGE, "0 joints; attach 1 to 100");
    expect(&euler, jm, defs, FRIC_MUJOCO_MAX_JOINTS + 1, FRIC_MUJOCO_IMPLICIT, FRIC_E_PARAM_RANGE,
           "101 joints; attach 1 to 100");
    expect(&euler, jm, defs, 1, (fric_mujoco_treatment)FRIC_MUJOCO_N_TREATMENTS, FRIC_E_PARAM_RANGE,
           "treatment 3 is not implicit (0), frictionloss (1) or noslip (2)");
}

static void refusals_of_the_model(void **st)
{
    (void)st;
    fric_mujoco_joint_model jm = hinge();
    fric_mujoco_joint_def def = { .joint = "hinge", .law = coulomb03 };
    fric_mujoco_model rk4 = euler, implicit = euler, damped = euler;
    rk4.integrator = FRIC_MUJOCO_INT_RK4;
    implicit.integrator = FRIC_MUJOCO_INT_IMPLICIT;
    damped.any_damping = 1;
    expect(&rk4, &jm, &def, 1, FRIC_MUJOCO_IMPLICIT, FRIC_E_UNSUPPORTED, "integrator is RK4");
    expect(&implicit, &jm, &def, 1, FRIC_MUJOCO_IMPLICIT, FRIC_E_UNSUPPORTED, "integrator is implicit");
    /* one joint of a damped model, or whose (M⁻¹)_ii the caller cannot read:
     * the semi-implicit step, which needs the joint's rotor inertia */
    fric_mujoco_model unknown = euler;
    unknown.minv_unknown = 1;
    fric_mujoco_joint_model bare = hinge();
    bare.armature = 0;
    expect(&damped, &bare, &def, 1, FRIC_MUJOCO_IMPLICIT, FRIC_E_UNSUPPORTED, "MuJoCo joint damping");
    expect(&unknown, &bare, &def, 1, FRIC_MUJOCO_IMPLICIT, FRIC_E_UNSUPPORTED, "(M⁻¹)_ii is not read here");
    const char *why = NULL;
    assert_int_equal(fric_mujoco_core_init(&core, &damped, &jm, &def, 1, FRIC_MUJOCO_IMPLICIT, &why), FRIC_OK);
    assert_int_equal(core.several, 2);
    assert_int_equal(fric_mujoco_core_init(&core, &unknown, &jm, &def, 1, FRIC_MUJOCO_IMPLICIT, &why), FRIC_OK);
    assert_int_equal(core.several, 2);
    assert_int_equal(fric_mujoco_core_init(&core, &euler, &jm, &def, 1, FRIC_MUJOCO_IMPLICIT, &why), FRIC_OK);
    assert_int_equal(core.several, 0);   /* the exact one-joint step */
    /* the loss treatments accept both; several joints accept a damped model */
    assert_int_equal(fric_mujoco_core_init(&core, &rk4, &jm, &def, 1, FRIC_MUJOCO_FRICTIONLOSS, &why), FRIC_OK);
    fric_mujoco_joint_model two[2] = { hinge(), hinge() };
    fric_mujoco_joint_def defs[2] = { def, { .joint = "j2", .law = coulomb03 } };
    assert_int_equal(fric_mujoco_core_init(&core, &damped, two, defs, 2, FRIC_MUJOCO_IMPLICIT, &why), FRIC_OK);
}

static void refusals_of_a_joint(void **st)
{
    (void)st;
    fric_mujoco_joint_model jm[2] = { hinge(), hinge() };
    fric_mujoco_joint_def defs[2] = { { .joint = "j1", .law = coulomb03 }, { .joint = "j1", .law = coulomb03 } };
    expect(&euler, jm, defs, 2, FRIC_MUJOCO_FRICTIONLOSS, FRIC_E_PARAM_RANGE, "joint 'j1' is named twice");
    defs[1].joint = "";
    expect(&euler, jm, defs, 2, FRIC_MUJOCO_IMPLICIT, FRIC_E_NULL, "joint 2 of the list has no name");
    defs[1].joint = "j2";
    jm[1].type = FRIC_MUJOCO_JNT_BALL;
    expect(&euler, jm, defs, 2, FRIC_MUJOCO_FRICTIONLOSS, FRIC_E_UNSUPPORTED, "joint 'j2' is a ball joint");
    jm[1].type = FRIC_MUJOCO_JNT_FREE;
    expect(&euler, jm, defs, 2, FRIC_MUJOCO_IMPLICIT, FRIC_E_UNSUPPORTED, "joint 'j2' is a free joint");
    jm[1] = hinge();
    defs[1].law = (fric_law){ FRIC_STRIBECK, 0.1, 0.3, 0.05, 0, 1 };          /* Fs < Fc */
    expect(&euler, jm, defs, 2, FRIC_MUJOCO_NOSLIP, FRIC_E_LAW_INVALID, "joint 'j2': Fs = 0.1");
    defs[1].law = coulomb03;
    /* a servo the bench's check refuses */
    fric_mujoco_joint_def sv = { .joint = "servo", .servo = 1 };
    fric_bench_def_from_preset(fric_bench_preset_find("xl330", 1), &sv.bench);
    sv.bench.servo.kt = -1;
    expect(&euler, jm, &sv, 1, FRIC_MUJOCO_IMPLICIT, FRIC_E_PARAM_RANGE, "joint 'servo', servo: kt = -1");
    /* IMPLICIT: the joint's own MuJoCo friction */
    jm[1].frictionloss = 0.1;
    expect(&euler, jm, defs, 2, FRIC_MUJOCO_IMPLICIT, FRIC_E_UNSUPPORTED,
           "joint 'j2' has MuJoCo frictionloss = 0.1 and damping = 0");
    jm[1].frictionloss = 0;
    jm[1].damping = 0.5;
    expect(&euler, jm, defs, 2, FRIC_MUJOCO_IMPLICIT, FRIC_E_UNSUPPORTED,
           "joint 'j2' has MuJoCo frictionloss = 0 and damping = 0.5");
    /* several joints: the rotor inertia */
    jm[1] = hinge();
    jm[1].armature = 0;
    expect(&euler, jm, defs, 2, FRIC_MUJOCO_IMPLICIT, FRIC_E_UNSUPPORTED, "joint 'j2' has armature = 0");
    /* one joint: Z = h·(M⁻¹)_ii must be a finite number > 0 */
    const double bad[] = { 0, -1, NAN, INFINITY };
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        jm[0] = hinge();
        jm[0].minv = bad[k];
        expect(&euler, jm, defs, 1, FRIC_MUJOCO_IMPLICIT, FRIC_E_PARAM_RANGE, "joint 'j1': Z = h/inertia");
    }
}

static void what_the_model_gets(void **st)
{
    (void)st;
    fric_mujoco_joint_model jm[2] = { hinge(), hinge() };
    jm[1].frictionloss = 0.7;
    jm[1].damping = 0.4;
    fric_mujoco_joint_def defs[2] = { { .joint = "j1", .law = coulomb03 },
                                  { .joint = "j2", .law = { FRIC_STRIBECK, 0.5, 0.2, 0.05, 0.03, 1 } } };
    const char *why = NULL;
    assert_int_equal(fric_mujoco_core_init(&core, &euler, jm, defs, 2, FRIC_MUJOCO_FRICTIONLOSS, &why), FRIC_OK);
    assert_string_equal(why, "");
    assert_true(core.j[0].frictionloss == 0.3 && core.j[0].damping == 0.02);    /* Φ(+0) = Fs, D */
    assert_true(core.j[1].frictionloss == 0.5 && core.j[1].damping == 0.03);
    assert_int_equal(core.noslip_iterations, 0);
    assert_int_equal(fric_mujoco_core_init(&core, &euler, jm, defs, 2, FRIC_MUJOCO_NOSLIP, &why), FRIC_OK);
    assert_int_equal(core.noslip_iterations, 10);
    fric_mujoco_model five = euler;
    five.noslip_iterations = 5;
    assert_int_equal(fric_mujoco_core_init(&core, &five, jm, defs, 2, FRIC_MUJOCO_NOSLIP, &why), FRIC_OK);
    assert_int_equal(core.noslip_iterations, 5);                                /* the model's own */
    jm[1] = hinge();
    assert_int_equal(fric_mujoco_core_init(&core, &five, jm, defs, 2, FRIC_MUJOCO_IMPLICIT, &why), FRIC_OK);
    assert_true(core.j[1].frictionloss == 0 && core.j[1].damping == 0);
    assert_int_equal(core.noslip_iterations, 5);
    assert_string_equal(fric_mujoco_treatment_names[FRIC_MUJOCO_NOSLIP], "noslip");
    assert_int_equal(fric_mujoco_treatment_find("frictionloss"), FRIC_MUJOCO_FRICTIONLOSS);
    assert_int_equal(fric_mujoco_treatment_find("clip"), -1);
}

static int near(double a, double b) { return fabs(a - b) <= 1e-14 * fmax(1, fabs(b)); }

static void the_step_holds_the_load(void **st)
{
    (void)st;
    const char *why = NULL;
    double force[2], loss[2];
    /* one joint from rest: v_free = h·qacc_smooth = h·minv·τ, τ_e = smooth + constraint */
    fric_mujoco_joint_model jm[2] = { hinge(), hinge() };
    fric_mujoco_joint_def defs[2] = { { .joint = "j1", .law = coulomb03 }, { .joint = "j2", .law = coulomb03 } };
    assert_int_equal(fric_mujoco_core_init(&core, &euler, jm, defs, 1, FRIC_MUJOCO_IMPLICIT, &why), FRIC_OK);
    double zero[2] = { 0, 0 }, minv[1] = { 100 }, smooth[2] = { 0.15, -0.1 }, constraint[1] = { 0.05 };
    double acc[1] = { 100 * 0.2 };
    fric_mujoco_step_in in = { .q = zero, .v = zero, .minv = minv, .qacc_smooth = acc, .qfrc_smooth = smooth,
                           .qfrc_constraint = constraint };
    fric_mujoco_core_step(&core, &in, force, NULL);
    assert_true(near(force[0], -0.2));
    assert_true(core.j[0].s.stuck);
    /* several: u = 0 at the first step, then I·qacc − qfrc_smooth of the last */
    assert_int_equal(fric_mujoco_core_init(&core, &euler, jm, defs, 2, FRIC_MUJOCO_IMPLICIT, &why), FRIC_OK);
    double passive[2] = { 0.01, 0.02 }, bias[2] = { -0.1, 0.05 }, applied[2] = { 0.03, 0 },
           act[2] = { 0, 0.04 }, qacc[2] = { 2, -3 };
    fric_mujoco_step_in in2 = { .q = zero, .v = zero, .qfrc_smooth = smooth, .qacc = qacc, .qfrc_passive = passive,
                            .qfrc_bias = bias, .qfrc_applied = applied, .qfrc_actuator = act };
    fric_mujoco_core_step(&core, &in2, force, NULL);
    double S0 = 0.01 + 0.1 + 0.03, S1 = 0.02 - 0.05 + 0.04;
    assert_true(near(force[0], -S0) && near(force[1], -S1));
    fric_mujoco_core_step(&core, &in2, force, NULL);
    double u0 = 0.01 * 2 - 0.15, u1 = 0.01 * -3 + 0.1;
    assert_true(near(force[0], -(S0 + u0)) && near(force[1], -(S1 + u1)));
    assert_int_equal((int)core.steps, 2);
    /* FRICTIONLOSS: the law at rest Φ(+0) = Fs into dof_frictionloss; no motor, no force */
    assert_int_equal(fric_mujoco_core_init(&core, &euler, jm, defs, 2, FRIC_MUJOCO_FRICTIONLOSS, &why), FRIC_OK);
    fric_mujoco_core_step(&core, &in2, force, loss);
    assert_true(loss[0] == 0.3 && loss[1] == 0.3 && force[0] == 0 && force[1] == 0);
}

/* Z = g²·h/inertia is bounded by FRIC_MUJOCO_Z_MAX = 1e9 rad/(s·N·m) (the
 * fuzz_robot input regressions/fuzz_robot/armature_subnormal_force_inf: a
 * file's armature of 8.69e-311 kg·m², kept, on one joint whose (M⁻¹)_ii
 * the caller cannot read, gave Z = 1.2e307 and, once the servo pushed a
 * few N·m, an infinite force). At h = 1e-3 s the least inertia is
 * 1e-3/1e9 = 1e-12 kg·m² (through a gear of 10: 1e-10). Against it, an
 * armature of 2e-12 (Z = 5e8) on a link of 0.01 kg·m² runs 50 steps of a
 * servo pushing to a goal 1 rad away under a load of 1.5 N·m with every
 * force finite. */
static void the_bound_on_z(void **st)
{
    (void)st;
    fric_mujoco_model unknown = euler;
    unknown.minv_unknown = 1;           /* one joint, the semi-implicit step: Z = g²·h/armature */
    fric_mujoco_joint_def sv = { .joint = "servo", .servo = 1 };
    fric_bench_def_from_preset(fric_bench_preset_find("erob80_50", 2), &sv.bench);
    fric_mujoco_joint_model jm = hinge();
    jm.armature = 8.69e-311;
    expect(&unknown, &jm, &sv, 1, FRIC_MUJOCO_IMPLICIT, FRIC_E_PARAM_RANGE, "joint 'servo': Z = gear²·h/armature = ");
    const char *why = fric_status_last().message;
    assert_non_null(strstr(why, "above 1e+09"));
    assert_non_null(strstr(why, "armature of at least 1e-12 kg·m²"));
    sv.gear = 10;                       /* through a gear: g² on Z, the least armature ×100 */
    jm.armature = 5e-11;                /* Z = 100·1e-3/5e-11 = 2e9 */
    expect(&unknown, &jm, &sv, 1, FRIC_MUJOCO_IMPLICIT, FRIC_E_PARAM_RANGE, "Z = gear²·h/armature = 2e+09");
    assert_non_null(strstr(fric_status_last().message, "at least 1e-10 kg·m²"));
    sv.gear = 0;
    /* the exact step: Z = g²·h·(M⁻¹)_ii, the inertia MuJoCo's */
    fric_mujoco_joint_def law = { .joint = "j1", .law = coulomb03 };
    fric_mujoco_joint_model light = hinge();
    light.minv = 2e12;                  /* Z = 2e9, inertia 5e-13 */
    expect(&euler, &light, &law, 1, FRIC_MUJOCO_IMPLICIT, FRIC_E_PARAM_RANGE, "joint 'j1': Z = gear²·h/inertia = 2e+09");
    assert_non_null(strstr(fric_status_last().message, "inertia 5e-13 kg·m²"));
    light.minv = 1e12;                  /* Z = 1e9: the bound itself */
    const char *w = NULL;
    assert_int_equal(fric_mujoco_core_init(&core, &euler, &light, &law, 1, FRIC_MUJOCO_IMPLICIT, &w), FRIC_OK);

    /* within the bound the servo's forces stay finite */
    jm.armature = 2e-12;
    assert_int_equal(fric_mujoco_core_init(&core, &unknown, &jm, &sv, 1, FRIC_MUJOCO_IMPLICIT, &w), FRIC_OK);
    assert_true(fabs(core.j[0].s.Z / 5e8 - 1) <= 1e-15);
    fric_mujoco_core_goal(&core, 0, 1.0, 1);
    double q[1] = { 0 }, v[1] = { 0 }, smooth[1] = { 1.5 }, qacc[1] = { 0 }, zero[1] = { 0 }, bias[1] = { -1.5 };
    double force[1];
    for (int k = 0; k < 50; k++) {
        fric_mujoco_step_in in = { .q = q, .v = v, .qfrc_smooth = smooth, .qacc = qacc, .qfrc_passive = zero,
                                   .qfrc_bias = bias, .qfrc_applied = zero };
        fric_mujoco_core_step(&core, &in, force, NULL);
        if (!isfinite(force[0])) fail_msg("step %d: force %g", k, force[0]);
        /* the joint: its armature and a link of 0.01 kg·m², Euler on v, q */
        qacc[0] = (1.5 + force[0]) / (jm.armature + 0.01);
        v[0] += 1e-3 * qacc[0];
        q[0] += 1e-3 * v[0];
    }
}

FRIC_TEST_MAIN(cmocka_unit_test(refusals_of_the_call),
               cmocka_unit_test(refusals_of_the_model),
               cmocka_unit_test(refusals_of_a_joint),
               cmocka_unit_test(what_the_model_gets),
               cmocka_unit_test(the_step_holds_the_load),
               cmocka_unit_test(the_bound_on_z))
