/*
 * test_bench_laws.c: the control laws of the reference's main branch that
 * have no params file here (Rhoban/bam 1b5a1ce, as ../shared/data/bam/
 * README.md states them, "Facts of the reference's main branch"), each
 * against a closed form written here from the README, not the core's code:
 *   the voltage servos' firmware current limiter (bam/actuator.py):
 *     duty clipped to [(kt·θ̇ − R·I_max)/vin, (kt·θ̇ + R·I_max)/vin], then
 *     ±max_pwm, so the motor current (vin·duty − kt·θ̇)/R is ±I_max unless
 *     the PWM clip binds first;
 *   the Waveshare ST3025 (bam/waveshare/actuator.py): no target smoothing;
 *   the XL330 in current mode (CurrentControlledActuator):
 *     I = e·kp·error_gain in the supply's window, then ±current_limit;
 *   the Feetech HLS (bam/feetech_hls/actuator.py):
 *     τm = kt·clip(kp·e − d·√kp·θ̇, ±max_amps);
 *   the Unitree Go1 (bam/unitree/actuator.py):
 *     τm = clip(kp·ratio·e − d·θ̇, ±max_torque);
 * and a held pendulum's static equilibrium under each new law, where the
 * law's torque at rest balances gravity m·g·l·sin q (solved here by
 * bisection), with no friction.
 */
#include "test_main.h"

#include <math.h>
#include <string.h>

#include "fric_bench.h"
#include "fric_io.h"

/* a frictionless bench (M1, all 0) with actuator `act`'s constants */
static void def_of(const char *act, fric_bench_def *d)
{
    const fric_servo_actuator *a = fric_bench_actuator_find(act);
    assert_non_null(a);
    fric_bench_def_from_preset(NULL, d);
    d->servo = *a;
    d->friction.model = 1;
    d->kp = a->kp_default;
    d->vin = a->vin_default;
    d->mass = 0.5;
    d->length = 0.1;
    d->dt = 1e-3;
    d->treatment = FRIC_TREATMENT_IMPLICIT;
    d->karnopp_eps = 1e-3;
    const char *why;
    if (fric_bench_check(d, &why)) fail_msg("%s: %s", act, why);
}

static void near(double got, double want, double tol)
{
    if (!(fabs(got - want) <= tol * (1 + fabs(want))))
        fail_msg("got %.17g, want %.17g", got, want);
}

static void current_limiter_window(void **state)
{
    (void)state;
    fric_bench_def d;
    def_of("mx64", &d);   /* vin 15 V, max_pwm 0.9625 */
    const double kt = d.servo.kt, R = d.servo.R, vin = d.vin, pwm = d.servo.max_pwm;
    const double I = 0.5;
    d.servo.max_current = I;
    /* a large error saturates the window: the current is I_max, τm = kt·I */
    for (double w = -3; w <= 3; w += 1.5) {
        near(fric_bench_motor_torque(&d, 0, w, 1.0, 1), kt * I, 1e-12);
        near(fric_bench_motor_torque(&d, 0, w, -1.0, 1), -kt * I, 1e-12);
    }
    /* a small error stays inside: duty = e·kp·error_gain, unlimited */
    double e = 1e-3, duty = e * d.kp * d.servo.error_gain;
    near(fric_bench_motor_torque(&d, 0, 0, e, 1), kt * vin * duty / R, 1e-12);
    /* fast enough that (kt·θ̇ + R·I)/vin > max_pwm: the PWM clip binds last */
    double w = (pwm * vin - R * I) / kt + 1.0;
    near(fric_bench_motor_torque(&d, 0, w, 1.0, 1), kt * (vin * pwm - kt * w) / R, 1e-12);
    /* backwards at that speed the window's lower edge (kt·w − R·I)/vin is
     * above −max_pwm: the current is −I_max */
    near(fric_bench_motor_torque(&d, 0, w, -1.0, 1), -kt * I, 1e-12);
    /* off (0): the old law, clip(duty, ±max_pwm) */
    d.servo.max_current = 0;
    near(fric_bench_motor_torque(&d, 0, 2.0, 1.0, 1), kt * (vin * pwm - kt * 2.0) / R, 1e-12);
    /* a negative limit is refused by name */
    const char *why;
    d.servo.max_current = -1;
    assert_int_not_equal(fric_bench_check(&d, &why), 0);
    assert_non_null(strstr(why, "max_current"));
}

static void st3025_has_no_smoothing(void **state)
{
    (void)state;
    fric_bench_def d;
    def_of("waveshare_st3025", &d);
    fric_bench_state s;
    assert_int_equal(fric_bench_init(&d, &s, 0, 0, NULL), 0);
    /* the first step's torque follows the goal itself (an STS3215 would
     * start from a smoothed target at 0) */
    double e = 0.01;
    assert_int_equal(fric_bench_step(&d, &s, e, 1), FRIC_OK);
    near(s.tau_m, 0.8826 * 12 * (e * 32 * 0.166) / 2.727, 1e-12);
}

static void xl330i_current_window(void **state)
{
    (void)state;
    fric_bench_def d;
    def_of("xl330i", &d);
    const double kt = d.servo.kt, R = d.servo.R, vin = 7.5;
    /* small error: I = e·400·0.01 */
    near(fric_bench_motor_torque(&d, 0, 0, 0.1, 1), kt * 0.1 * 400 * 0.01, 1e-12);
    /* large error at rest: the current limit 1.5 A (vin/R ≈ 1.87 A above it) */
    assert_true(vin / R > 1.5);
    near(fric_bench_motor_torque(&d, 0, 0, 2.0, 1), kt * 1.5, 1e-12);
    /* fast forward: the supply's window (vin − kt·θ̇)/R binds below 1.5 A */
    double w = 10;
    near(fric_bench_motor_torque(&d, 0, w, 2.0, 1), kt * (vin - kt * w) / R, 1e-12);
    near(fric_bench_motor_torque(&d, 0, w, -2.0, 1), -kt * 1.5, 1e-12);
    /* torque off */
    assert_true(fric_bench_motor_torque(&d, 0, 0, 2.0, 0) == 0);
}

static void hls_current_clip(void **state)
{
    (void)state;
    fric_bench_def d;
    def_of("feetech_hls", &d);
    const double kt = 0.97;
    double e = 0.05, w = 0.3;
    near(fric_bench_motor_torque(&d, 0, w, e, 1), kt * (3 * e - 0.08 * sqrt(3.0) * w), 1e-12);
    near(fric_bench_motor_torque(&d, 0, 0, 1.0, 1), kt * 0.36, 1e-12);
    near(fric_bench_motor_torque(&d, 0, 50, 0, 1), -kt * 0.36, 1e-12);
    /* R never enters: a different R, the same torque */
    double t = fric_bench_motor_torque(&d, 0, w, e, 1);
    d.servo.R = 1;
    assert_true(fric_bench_motor_torque(&d, 0, w, e, 1) == t);
}

/* The HLS log header's damping and max_amps override d 0.08 and 0.36 A
 * (data README, bam/feetech_hls/actuator.py); another actuator's firmware
 * constants are not the log's. */
static void hls_log_overrides(void **state)
{
    (void)state;
    fric_bench_def d, e;
    def_of("feetech_hls", &d);
    fric_io_log L = { .mass = 0.5, .length = 0.1, .kp = 4, .dt = 1e-3, .damping = 0.2,
                      .max_amps = 0.5 };
    fric_bench_def_from_log(&d, &L, &e);
    const double kt = 0.97, err = 0.05, w = 0.3;
    near(fric_bench_motor_torque(&e, 0, w, err, 1), kt * (4 * err - 0.2 * 2 * w), 1e-12);
    near(fric_bench_motor_torque(&e, 0, 0, 1.0, 1), kt * 0.5, 1e-12);
    near(fric_bench_motor_torque(&e, 0, 50, 0, 1), -kt * 0.5, 1e-12);
    /* absent (0): the defaults */
    L.damping = L.max_amps = 0;
    fric_bench_def_from_log(&d, &L, &e);
    near(fric_bench_motor_torque(&e, 0, w, err, 1), kt * (4 * err - 0.08 * 2 * w), 1e-12);
    near(fric_bench_motor_torque(&e, 0, 0, 1.0, 1), kt * 0.36, 1e-12);
    /* the eRob80's d and clip are its firmware's, whatever the log says */
    def_of("erob80_50", &d);
    L.damping = 5;
    L.max_amps = 1;
    fric_bench_def_from_log(&d, &L, &e);
    assert_true(e.servo.d_gain == 1.0 && e.servo.max_amps == 12.0);
}

static void go1_torque_clip(void **state)
{
    (void)state;
    fric_bench_def d;
    def_of("unitree_go1", &d);
    d.kp = 20;
    d.servo.error_gain_ratio = 1.5;
    double e = 0.2, w = -1;
    near(fric_bench_motor_torque(&d, 0, w, e, 1), 20 * 1.5 * e - 0.3 * w, 1e-12);
    near(fric_bench_motor_torque(&d, 0, 0, 3.0, 1), 23.7, 1e-12);
    near(fric_bench_motor_torque(&d, 0, 0, -3.0, 1), -23.7, 1e-12);
    d.servo.max_torque = 20;
    near(fric_bench_motor_torque(&d, 0, 0, 3.0, 1), 20, 1e-12);
}

/* the root of k·(g − q) = m·G·l·sin(q) in [0, g] (gravity restoring) */
static double equilibrium(double k, double g, double mgl)
{
    double lo = 0, hi = g;
    for (int i = 0; i < 200; i++) {
        double q = 0.5 * (lo + hi);
        if (k * (g - q) - mgl * sin(q) > 0) lo = q;
        else hi = q;
    }
    return 0.5 * (lo + hi);
}

/* holds goal g from rest at 0 for 30 s; q must reach the hand-solved rest
 * angle where the law's stiffness k balances gravity */
static void held(const char *act, double k_of_law, int treatment, double K_v)
{
    fric_bench_def d;
    def_of(act, &d);
    d.treatment = treatment;
    d.friction.K_v = K_v;   /* viscous only: none at rest, the same equilibrium */
    const double g = 0.6, mgl = d.mass * 9.80665 * d.length;
    fric_bench_state s;
    assert_int_equal(fric_bench_init(&d, &s, 0, 0, NULL), 0);
    for (int i = 0; i < 30000; i++) assert_int_equal(fric_bench_step(&d, &s, g, 1), FRIC_OK);
    double want = equilibrium(k_of_law, g, mgl);
    if (!(fabs(s.q - want) < 1e-6 && fabs(s.dq) < 1e-6))
        fail_msg("%s: q = %.12g (dq %.3g), want %.12g", act, s.q, s.dq, want);
}

static void held_pendulum_equilibria(void **state)
{
    (void)state;
    /* at rest each law is a spring k·(g − q) while no clip binds:
     * ST3025: kt·vin·kp·0.166/R; HLS: kt·kp; Go1: kp·ratio; XL330i:
     * kt·kp·0.01 */
    held("waveshare_st3025", 0.8826 * 12 * 32 * 0.166 / 2.727, FRIC_TREATMENT_IMPLICIT, 0);
    held("feetech_hls", 0.97 * 3, FRIC_TREATMENT_CLIP, 0);
    held("unitree_go1", 10.0, FRIC_TREATMENT_IMPLICIT, 0);
    const fric_servo_actuator *x = fric_bench_actuator_find("xl330i");
    /* the current P loop has no damping of its own: a viscous K_v */
    held("xl330i", x->kt * 400 * 0.01, FRIC_TREATMENT_CLIP, 0.02);
}

FRIC_TEST_MAIN(cmocka_unit_test(current_limiter_window),
               cmocka_unit_test(st3025_has_no_smoothing),
               cmocka_unit_test(xl330i_current_window),
               cmocka_unit_test(hls_current_clip),
               cmocka_unit_test(hls_log_overrides),
               cmocka_unit_test(go1_torque_clip),
               cmocka_unit_test(held_pendulum_equilibria))
