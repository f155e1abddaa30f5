/*
 * test_mujoco.c: the core's friction as MuJoCo's joint friction
 * (fric_mujoco.h), in MuJoCo 2.2.2, against closed forms:
 *   - hold: a pendulum whose static friction exceeds its gravity load stays
 *     at its angle (1e-12 rad) with zero velocity (1e-12 rad/s) for 10 s;
 *   - breakaway: an applied torque ramped slowly breaks the joint away at
 *     the law's static level Φ(+0) (within 1 %), and a gravity load 1 %
 *     below / above it holds / moves;
 *   - MuJoCo's frictionloss creeps under the same load (its documented
 *     regularised constraint; the sag is printed beside TOOLCHAIN.md's);
 *   - a two-link arm with geared joints (armature) holds under gravity and
 *     breaks away at the gear-friction sheet's closed forms (§10 check 4);
 *   - the claim of fric_mujoco.h that mjcb_passive runs before qfrc_bias;
 *   - bad input: unknown joint, ball and free joints, a law the core
 *     refuses, several joints without armature, MJCF that does not load.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_main.h"

#include "fric_mujoco.h"

#define G_MJ 9.81          /* the models' gravity [m/s²] */

/* The pendulum of TOOLCHAIN.md: 0.49 kg point mass at 0.1 m on a hinge
 * about y, 30° from hanging, dt 1 ms, MuJoCo frictionloss FL. Gravity
 * torque about y: −m·g·l·sin q (mujoco_bench.c's derivation). */
static mjModel *pendulum(double frictionloss, double gravity, const char *extra_opt)
{
    char xml[2048];
    snprintf(xml, sizeof xml,
             "<mujoco><option timestep=\"0.001\" gravity=\"0 0 %.17g\" %s/>"
             "<worldbody><body name=\"arm\"><joint name=\"hinge\" type=\"hinge\" axis=\"0 1 0\" "
             "frictionloss=\"%.17g\"/>"
             "<inertial pos=\"0 0 -0.1\" mass=\"0.49\" diaginertia=\"1e-9 1e-9 1e-9\"/>"
             "</body></worldbody>"
             "<keyframe><key qpos=\"0.52359877559829882\"/></keyframe></mujoco>",
             -gravity, extra_opt ? extra_opt : "", frictionloss);
    const char *why = NULL;
    mjModel *m = fric_mujoco_load_string(xml, &why);
    if (!m) fail_msg("pendulum: %s", why);
    return m;
}

typedef struct { double drift, vmax, q_end, v_end; int moved_step; } run_out;

/* Runs T seconds from q0 (NAN: the first keyframe) with the law attached to
 * "hinge" and an applied torque applied_rate·t [N·m]. */
static run_out run_law(mjModel *m, const fric_law *law, fric_mujoco_treatment t, double T,
                       double applied_rate, double q0_given)
{
    mjData *d = mj_makeData(m);
    mj_resetDataKeyframe(m, d, 0);
    if (!isnan(q0_given)) d->qpos[0] = q0_given;
    double q0 = d->qpos[0];
    fric_mujoco_joint_def jd = { .joint = "hinge", .law = *law };
    fric_mujoco fm;
    const char *why = NULL;
    int rc = fric_mujoco_init(&fm, m, d, &jd, 1, t, &why);
    if (rc) fail_msg("attach: %s", why);
    run_out r = { 0, 0, 0, 0, -1 };
    long N = lround(T / m->opt.timestep);
    for (long k = 0; k < N; k++) {
        d->qfrc_applied[0] = applied_rate * (double)k * m->opt.timestep;
        mj_step1(m, d);
        fric_mujoco_apply(&fm, m, d);
        mj_step2(m, d);
        double dq = fabs(d->qpos[0] - q0);
        if (dq > r.drift) r.drift = dq;
        if (fabs(d->qvel[0]) > r.vmax) r.vmax = fabs(d->qvel[0]);
        if (r.moved_step < 0 && !fm.j[0].s.stuck) r.moved_step = (int)k;
    }
    r.q_end = d->qpos[0];
    r.v_end = d->qvel[0];
    mj_deleteData(d);
    return r;
}

static const fric_law coulomb03 = { FRIC_COULOMB_VISCOUS, 0, 0.3, 0, 0, 1 };
static const fric_law stribeck03 = { FRIC_STRIBECK, 0.3, 0.2, 0.05, 0.01, 1 };

static void test_hold(void **st)
{
    (void)st;
    mjModel *m = pendulum(0, G_MJ, NULL);
    double load = 0.49 * G_MJ * 0.1 * sin(0.52359877559829882);   /* 0.2403 N·m < 0.3 */
    run_out a = run_law(m, &coulomb03, FRIC_MUJOCO_IMPLICIT, 10, 0, NAN);
    run_out b = run_law(m, &stribeck03, FRIC_MUJOCO_IMPLICIT, 10, 0, NAN);
    print_message("hold (load %.4f N*m, friction 0.3 N*m, 10 s): coulomb drift %.3g rad, max |v| "
                  "%.3g rad/s; stribeck drift %.3g rad, max |v| %.3g rad/s\n", load, a.drift,
                  a.vmax, b.drift, b.vmax);
    assert_true(a.drift <= 1e-12 && a.vmax <= 1e-12);
    assert_true(b.drift <= 1e-12 && b.vmax <= 1e-12);
    mj_deleteModel(m);
}

/* An applied torque ramped at 0.1 N·m/s on a horizontal hinge (no
 * gravity): the joint breaks away at the law's static level Φ(+0) (Fs for
 * Stribeck and rational, Fc for Coulomb-viscous), the load of the first
 * step that slips, within 1 %. */
static void test_breakaway_ramp(void **st)
{
    (void)st;
    mjModel *m = pendulum(0, 0, NULL);
    const fric_law laws[] = { coulomb03, stribeck03, { FRIC_RATIONAL, 0.3, 0.2, 0.05, 0.01, 1 },
                              { FRIC_STRIBECK, 0.3, 0.1, 0.2, 0, 2 } };
    const double rate = 0.1;   /* N·m/s: 1e-4 N·m per step */
    for (size_t i = 0; i < sizeof laws / sizeof laws[0]; i++) {
        run_out r = run_law(m, &laws[i], FRIC_MUJOCO_IMPLICIT, 5, rate, 0);
        double level = laws[i].kind == FRIC_COULOMB_VISCOUS ? laws[i].Fc : laws[i].Fs;
        double load = rate * r.moved_step * m->opt.timestep;
        double err = fabs(load - level) / level;
        print_message("breakaway %s: load %.6f N*m at the first slipping step, law %.6f N*m: "
                      "error %.3g %%\n", fric_law_names[laws[i].kind], load, level, 100 * err);
        assert_true(r.moved_step > 0);
        assert_true(err < 0.01);
    }
    mj_deleteModel(m);
}

/* A gravity load 1 % below the static level holds 10 s; 1 % above it
 * moves (closed form: m·g·l·sin q0 = load). */
static void test_breakaway_gravity(void **st)
{
    (void)st;
    mjModel *m = pendulum(0, G_MJ, NULL);
    const double mgl = 0.49 * G_MJ * 0.1, level = 0.2;
    fric_law law = { FRIC_STRIBECK, level, 0.15, 0.05, 0.01, 1 };
    run_out below = run_law(m, &law, FRIC_MUJOCO_IMPLICIT, 10, 0, asin(0.99 * level / mgl));
    run_out above = run_law(m, &law, FRIC_MUJOCO_IMPLICIT, 1, 0, asin(1.01 * level / mgl));
    print_message("gravity load 0.99 Fs: drift %.3g rad over 10 s; 1.01 Fs: moved %.3g rad in 1 s\n",
                  below.drift, above.drift);
    assert_true(below.drift <= 1e-12 && below.vmax <= 1e-12);
    assert_true(above.drift > 1e-3);
    mj_deleteModel(m);
}

/* MuJoCo's own friction under the same load: frictionloss = 0.3 N·m holding
 * 0.240 N·m creeps (its regularised constraint, MuJoCo's documented
 * behaviour); the noslip solver reduces it; printed beside the implicit
 * treatment's 0 and TOOLCHAIN.md's q(10 s) = 0.256054 rad. */
static void test_frictionloss_creeps(void **st)
{
    (void)st;
    mjModel *m = pendulum(0, G_MJ, NULL);
    run_out fl = run_law(m, &coulomb03, FRIC_MUJOCO_FRICTIONLOSS, 10, 0, NAN);
    mj_deleteModel(m);
    m = pendulum(0, G_MJ, NULL);
    run_out ns = run_law(m, &coulomb03, FRIC_MUJOCO_NOSLIP, 10, 0, NAN);
    mj_deleteModel(m);
    m = pendulum(0.3, G_MJ, NULL);   /* MuJoCo alone: frictionloss in the MJCF */
    mjData *d = mj_makeData(m);
    mj_resetDataKeyframe(m, d, 0);
    for (int k = 0; k < 10000; k++) mj_step(m, d);
    print_message("frictionloss 0.3 N*m under 0.240 N*m, 10 s from 0.523599 rad: MuJoCo alone "
                  "q = %.6f rad (v = %.4f rad/s), adapter frictionloss q = %.6f, noslip q = %.6f "
                  "(drift %.3g rad); TOOLCHAIN.md: 0.256054 rad\n", d->qpos[0], d->qvel[0],
                  fl.q_end, ns.q_end, ns.drift);
    assert_true(0.5235987755982988 - d->qpos[0] > 0.1);   /* it creeps */
    assert_true(fabs(d->qvel[0]) > 1e-3);                  /* and still moves */
    assert_true(fl.drift > 0.1);
    mj_deleteData(d);
    mj_deleteModel(m);
}

static double bias_in_callback;
static void passive_cb(const mjModel *m, mjData *d)
{
    (void)m;
    bias_in_callback = d->qfrc_bias[0];
}

/* fric_mujoco.h's reason for not using mjcb_passive: in 2.2.2 it runs
 * before mj_rne computes qfrc_bias (a fresh mjData has 0 there, the
 * pendulum's gravity torque is 0.240 N·m). */
static void test_passive_callback_order(void **st)
{
    (void)st;
    mjModel *m = pendulum(0, G_MJ, NULL);
    mjData *d = mj_makeData(m);
    mj_resetDataKeyframe(m, d, 0);
    mjcb_passive = passive_cb;
    mj_step1(m, d);
    mjcb_passive = NULL;
    print_message("qfrc_bias seen in mjcb_passive %.4f N*m, after mj_step1 %.4f N*m\n",
                  bias_in_callback, d->qfrc_bias[0]);
    assert_true(bias_in_callback == 0);
    assert_true(fabs(d->qfrc_bias[0] - 0.49 * G_MJ * 0.1 * 0.5) < 1e-9);
    mj_deleteData(d);
    mj_deleteModel(m);
}

/* A two-link arm in a vertical plane, geared joints (armature 0.101 kg·m²,
 * the gear-friction paper's γ²·I_M): link 1 1.5 kg at 0.2 m (length 0.3 m), link 2 1.0 kg
 * at 0.15 m; point masses. Gravity torques at (q1, q2), hanging = 0:
 *   τ2 = −m2·g·c2·sin(q1 + q2),  τ1 = −m1·g·c1·sin q1 − m2·g·(l1·sin q1 + c2·sin(q1 + q2)). */
static const double m1 = 1.5, c1 = 0.2, l1 = 0.3, m2 = 1.0, c2 = 0.15;

static mjModel *two_link_g(double g)
{
    char xml[2048];
    snprintf(xml, sizeof xml,
             "<mujoco><option timestep=\"0.001\" gravity=\"0 0 %.17g\"/><worldbody>"
             "<body name=\"l1\"><joint name=\"j1\" type=\"hinge\" axis=\"0 1 0\" armature=\"0.101\"/>"
             "<inertial pos=\"0 0 %.17g\" mass=\"%.17g\" diaginertia=\"1e-9 1e-9 1e-9\"/>"
             "<body name=\"l2\" pos=\"0 0 %.17g\"><joint name=\"j2\" type=\"hinge\" axis=\"0 1 0\" "
             "armature=\"0.101\"/>"
             "<inertial pos=\"0 0 %.17g\" mass=\"%.17g\" diaginertia=\"1e-9 1e-9 1e-9\"/>"
             "</body></body></worldbody></mujoco>", -g, -c1, m1, -l1, -c2, m2);
    const char *why = NULL;
    mjModel *m = fric_mujoco_load_string(xml, &why);
    if (!m) fail_msg("two_link: %s", why);
    return m;
}

static mjModel *two_link(void) { return two_link_g(G_MJ); }

/* Runs the arm from (q1, q2) at rest for T s with laws on j1, j2 and an
 * applied torque −rate·t on j2; returns the drift, and in *brk the load
 * on j2 (gravity + applied, closed form) at its first slipping step. */
static double run_two_link(const fric_law laws[2], double q1, double q2, double T, double rate,
                           double *brk, double *vmax)
{
    mjModel *m = two_link();
    mjData *d = mj_makeData(m);
    d->qpos[0] = q1;
    d->qpos[1] = q2;
    fric_mujoco_joint_def jd[2] = { { .joint = "j1", .law = laws[0] }, { .joint = "j2", .law = laws[1] } };
    fric_mujoco fm;
    const char *why = NULL;
    if (fric_mujoco_init(&fm, m, d, jd, 2, FRIC_MUJOCO_IMPLICIT, &why)) fail_msg("attach: %s", why);
    double drift = 0, tau2 = m2 * G_MJ * c2 * sin(q1 + q2);
    *vmax = 0;
    *brk = NAN;
    long N = lround(T / m->opt.timestep);
    for (long k = 0; k < N; k++) {
        double applied = -rate * (double)k * m->opt.timestep;
        d->qfrc_applied[1] = applied;
        mj_step1(m, d);
        fric_mujoco_apply(&fm, m, d);
        mj_step2(m, d);
        if (isnan(*brk) && !fm.j[1].s.stuck) *brk = tau2 - applied;
        for (int i = 0; i < 2; i++) {
            double dq = fabs(d->qpos[i] - (i ? q2 : q1));
            if (dq > drift) drift = dq;
            if (fabs(d->qvel[i]) > *vmax) *vmax = fabs(d->qvel[i]);
        }
    }
    mj_deleteData(d);
    mj_deleteModel(m);
    return drift;
}

static void test_two_link_hold_breakaway(void **st)
{
    (void)st;
    double q1 = 1.2, q2 = 0.5;
    double tau2 = m2 * G_MJ * c2 * sin(q1 + q2);
    double tau1 = m1 * G_MJ * c1 * sin(q1) + m2 * G_MJ * (l1 * sin(q1) + c2 * sin(q1 + q2));
    /* hold: static levels 10 % above the gravity loads */
    fric_law hold[2] = { { FRIC_STRIBECK, 1.1 * tau1, 0.8 * tau1, 0.05, 0.1, 1 },
                         { FRIC_STRIBECK, 1.1 * tau2, 0.8 * tau2, 0.05, 0.1, 1 } };
    double brk, vmax;
    double drift = run_two_link(hold, q1, q2, 10, 0, &brk, &vmax);
    print_message("two-link hold (loads %.4f, %.4f N*m; Fs 10 %% above): drift %.3g rad, max |v| "
                  "%.3g rad/s over 10 s\n", tau1, tau2, drift, vmax);
    assert_true(drift <= 1e-12 && vmax <= 1e-9);
    /* breakaway of j2 under a ramp of 0.1 N·m/s: at its Fs (the gear-friction sheet §10.4:
     * the load reaches g·τ_fs, g = 1), j1 held well above its load */
    fric_law brkl[2] = { { FRIC_STRIBECK, 2 * tau1, 1.5 * tau1, 0.05, 0.1, 1 },
                         { FRIC_STRIBECK, 1.5 * tau2, 1.2 * tau2, 0.05, 0.1, 1 } };
    run_two_link(brkl, q1, q2, 10, 0.1, &brk, &vmax);
    double err = fabs(brk - brkl[1].Fs) / brkl[1].Fs;
    print_message("two-link breakaway of j2: load %.6f N*m, Fs %.6f N*m: error %.3g %%\n", brk,
                  brkl[1].Fs, 100 * err);
    assert_true(err < 0.01);
}

/* attach's refusals: status and the words a user needs. */
static void expect_refusal(const char *xml, const fric_mujoco_joint_def *defs, int n,
                           fric_mujoco_treatment t, int code, const char *words)
{
    const char *why = NULL;
    mjModel *m = fric_mujoco_load_string(xml, &why);
    if (!m) fail_msg("model: %s", why);
    mjData *d = mj_makeData(m);
    fric_mujoco fm;
    int rc = fric_mujoco_init(&fm, m, d, defs, n, t, &why);
    print_message("refused (%d): %s\n", rc, why);
    assert_int_equal(rc, code);
    assert_non_null(strstr(why, words));
    assert_int_equal(fric_status_last().code, code);
    mj_deleteData(d);
    mj_deleteModel(m);
}

static void test_refusals(void **st)
{
    (void)st;
    const char *many =
        "<mujoco><option %s/><worldbody>"
        "<body name=\"a\"><joint name=\"hinge\" type=\"hinge\" %s/><geom size=\"0.1\"/></body>"
        "<body name=\"b\" pos=\"1 0 0\"><joint name=\"ball\" type=\"ball\"/><geom size=\"0.1\"/></body>"
        "<body name=\"c\" pos=\"2 0 0\"><joint name=\"free\" type=\"free\"/><geom size=\"0.1\"/></body>"
        "<body name=\"e\" pos=\"3 0 0\"><joint name=\"slide\" type=\"slide\"/><geom size=\"0.1\"/></body>"
        "</worldbody></mujoco>";
    char xml[1024];
    snprintf(xml, sizeof xml, many, "", "");
    fric_mujoco_joint_def j = { .joint = "nope", .law = coulomb03 };
    expect_refusal(xml, &j, 1, FRIC_MUJOCO_IMPLICIT, FRIC_E_UNKNOWN_NAME, "no joint named 'nope'");
    j.joint = "ball";
    expect_refusal(xml, &j, 1, FRIC_MUJOCO_IMPLICIT, FRIC_E_UNSUPPORTED, "ball joint");
    j.joint = "free";
    expect_refusal(xml, &j, 1, FRIC_MUJOCO_FRICTIONLOSS, FRIC_E_UNSUPPORTED, "free joint");
    fric_mujoco_joint_def bad = { .joint = "hinge", .law = { FRIC_STRIBECK, 0.1, 0.3, 0.05, 0, 1 } };
    expect_refusal(xml, &bad, 1, FRIC_MUJOCO_IMPLICIT, FRIC_E_LAW_INVALID, "Fs");
    fric_mujoco_joint_def two[2] = { { .joint = "hinge", .law = coulomb03 },
                                 { .joint = "slide", .law = coulomb03 } };
    expect_refusal(xml, two, 2, FRIC_MUJOCO_IMPLICIT, FRIC_E_UNSUPPORTED, "armature");
    two[1].joint = "hinge";
    expect_refusal(xml, two, 2, FRIC_MUJOCO_FRICTIONLOSS, FRIC_E_PARAM_RANGE, "named twice");
    snprintf(xml, sizeof xml, many, "", "damping=\"0.1\"");
    j.joint = "hinge";
    expect_refusal(xml, &j, 1, FRIC_MUJOCO_IMPLICIT, FRIC_E_UNSUPPORTED, "damping");
    snprintf(xml, sizeof xml, many, "integrator=\"RK4\"", "");
    expect_refusal(xml, &j, 1, FRIC_MUJOCO_IMPLICIT, FRIC_E_UNSUPPORTED, "RK4");
    /* a servo of a params file that fails the bench's check names the field */
    fric_mujoco_joint_def sv = { .joint = "hinge", .servo = 1 };
    fric_bench_def_from_preset(fric_bench_preset_find("xl330", 1), &sv.bench);
    sv.bench.servo.kt = -1;
    snprintf(xml, sizeof xml, many, "", "");
    expect_refusal(xml, &sv, 1, FRIC_MUJOCO_IMPLICIT, FRIC_E_PARAM_RANGE, "kt = -1");
    /* MJCF that does not load: MuJoCo's message */
    const char *why = NULL;
    assert_null(fric_mujoco_load_string("<mujoco><worldbody><body><joint type=\"bogus\"/>", &why));
    print_message("refused: %s\n", why);
    assert_non_null(strstr(why, "does not load"));
}

/* A servo (xl330 M2, torque off, so τm = 0 and the budget at rest is
 * K_c + K_cs, the preset's numbers) on the bench of fric_mujoco_bench_mjcf:
 * a gravity load of half that budget holds 10 s exactly, 1.5 times it
 * moves. Gravity torque −(m)·g·l·sin(q + q_offset) (fric_bench.h). */
static void test_servo_hold(void **st)
{
    (void)st;
    fric_bench_def def;
    fric_bench_def_from_preset(fric_bench_preset_find("xl330", 2), &def);
    double B0 = def.friction.K_c + def.friction.K_cs, mgl = def.mass * FRIC_BENCH_G * def.length;
    char xml[4096];
    assert_true(fric_mujoco_bench_mjcf(&def, xml, sizeof xml) < (int)sizeof xml);
    const double factors[2] = { 0.5, 1.5 };
    double drift[2];
    for (int c = 0; c < 2; c++) {
        const char *why = NULL;
        mjModel *m = fric_mujoco_load_string(xml, &why);
        if (!m) fail_msg("%s", why);
        mjData *d = mj_makeData(m);
        double q0 = asin(factors[c] * B0 / mgl) - def.servo.q_offset;
        d->qpos[0] = q0;
        fric_mujoco_joint_def jd = { .joint = "joint", .servo = 1, .bench = def };
        fric_mujoco fm;
        if (fric_mujoco_init(&fm, m, d, &jd, 1, FRIC_MUJOCO_IMPLICIT, &why)) fail_msg("%s", why);
        fric_mujoco_goal(&fm, 0, 0, 0);
        drift[c] = 0;
        for (int k = 0; k < (c ? 1000 : 10000); k++) {
            mj_step1(m, d);
            fric_mujoco_apply(&fm, m, d);
            mj_step2(m, d);
            drift[c] = fmax(drift[c], fabs(d->qpos[0] - q0));
        }
        mj_deleteData(d);
        mj_deleteModel(m);
    }
    print_message("servo xl330 M2, torque off, budget %.5f N*m: load 0.5x drift %.3g rad (10 s), "
                  "1.5x moved %.3g rad (1 s)\n", B0, drift[0], drift[1]);
    assert_true(drift[0] <= 1e-12);
    assert_true(drift[1] > 1e-3);
}

/* Two servo joints (semi-implicit): the two-link arm under a weak gravity
 * (0.01 m/s²: loads 7.1e-3 and 1.5e-3 N·m, closed form above) below the M2
 * budget at rest holds exactly. */
static void test_servo_two_link_hold(void **st)
{
    (void)st;
    mjModel *m = two_link_g(0.01);
    mjData *d = mj_makeData(m);
    d->qpos[0] = 1.2;
    d->qpos[1] = 0.5;
    fric_mujoco_joint_def jd[2] = { { .joint = "j1", .servo = 1 }, { .joint = "j2", .servo = 1 } };
    for (int i = 0; i < 2; i++) fric_bench_def_from_preset(fric_bench_preset_find("xl330", 2), &jd[i].bench);
    fric_mujoco fm;
    const char *why = NULL;
    if (fric_mujoco_init(&fm, m, d, jd, 2, FRIC_MUJOCO_IMPLICIT, &why)) fail_msg("%s", why);
    fric_mujoco_goal(&fm, 0, 0, 0);
    fric_mujoco_goal(&fm, 1, 0, 0);
    double drift = 0;
    for (int k = 0; k < 10000; k++) {
        mj_step1(m, d);
        fric_mujoco_apply(&fm, m, d);
        mj_step2(m, d);
        drift = fmax(drift, fmax(fabs(d->qpos[0] - 1.2), fabs(d->qpos[1] - 0.5)));
    }
    double tau1 = 0.01 * (m1 * c1 * sin(1.2) + m2 * (l1 * sin(1.2) + c2 * sin(1.7)));
    print_message("two servo joints, loads %.4g and %.4g N*m: drift %.3g rad over 10 s\n", tau1,
                  0.01 * m2 * c2 * sin(1.7), drift);
    assert_true(drift <= 1e-12);
    mj_deleteData(d);
    mj_deleteModel(m);
}

FRIC_TEST_MAIN(cmocka_unit_test(test_hold), cmocka_unit_test(test_servo_hold),
               cmocka_unit_test(test_servo_two_link_hold), cmocka_unit_test(test_two_link_hold_breakaway),
               cmocka_unit_test(test_refusals), cmocka_unit_test(test_two_link_hold_breakaway), cmocka_unit_test(test_breakaway_ramp),
               cmocka_unit_test(test_breakaway_gravity), cmocka_unit_test(test_frictionloss_creeps),
               cmocka_unit_test(test_passive_callback_order))
