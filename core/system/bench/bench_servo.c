/*
 * bench_servo.c: the pendulum bench's torques and inertia (Duclusaud &
 * Passault §II-A eq. 1, §IV-A..C eqs. 10-14), evaluated as the reference
 * code does (Rhoban/bam bam/testbench.py Pendulum, bam/actuator.py
 * VoltageControlledActuator, bam/erob/actuator.py; Apache-2.0, Copyright 2025
 * Marc Duclusaud & Grégoire Passault), operation by operation, so that the
 * CLIP treatment reproduces the reference bit for bit.
 *
 * Sign convention: q = 0 hangs down and the gravity torque is restoring,
 * τe = (m + m_arm/2)·(−g)·l·sin(q + q_offset); the paper writes mgl·sin(θ)
 * with θ measured the other way round.
 *
 * Current control (eq. 13): the paper bounds I by ±I_emf, I_emf = (U_max −
 * kt·θ̇)/R, symmetric; the code bounds the torque by ±kt·U_max/R − kt²·θ̇/R,
 * i.e. I ∈ [(−U_max − kt·θ̇)/R, (U_max − kt·θ̇)/R], which is the physical
 * range of a bridge at supply U_max. We follow the code; I_heat = 12 A.
 * Torque off: τm = 0 for both controls (data README; paper §V-A). The latest
 * reference eRob code instead clips a zero current to the back-EMF range,
 * which differs only when kt·|θ̇| > 48 V.
 */
#include <math.h>

#include "bench_internal.h"
/* the control laws and gravity, written once for one bench and the lane
 * kernel (bench_lanes.c) */
#include "servo_formulas.h"

/* the law's constants of one bench (the lane kernel loads the same fields
 * per lane, bench_lanes_impl.h lanes_setup) */
static void servo_consts(const fric_bench_def *d, fx_servo_consts *c)
{
    const fric_servo_actuator *a = &d->servo;
    fx_servo_consts z = {
        .kt = a->kt, .R = a->R, .kp = d->kp, .sqrt_kp = sqrt(d->kp), .vin = d->vin,
        .error_gain = a->error_gain, .ratio = a->error_gain_ratio, .max_pwm = a->max_pwm,
        .max_current = a->max_current, .d_gain = a->d_gain, .max_amps = a->max_amps,
        .max_volts = a->max_volts, .current_limit = a->current_limit, .damping = a->damping,
        .max_torque = a->max_torque,
    };
    *c = z;
}

double fric_bench_motor_torque(const fric_bench_def *d, double q, double dq,
                               double goal, int torque_enable)
{
    fx_servo_consts c;
    servo_consts(d, &c);
    return fx_motor((int)d->servo.control, torque_enable, &c, q, dq, goal);
}

double fric__bench_gravity_gain(const fric_bench_def *d)
{
    return (d->mass + d->arm_mass / 2) * (-FRIC_BENCH_G) * d->length;
}

double fric_bench_gravity_torque(const fric_bench_def *d, double q)
{
    return fx_gravity(fric__bench_gravity_gain(d), q, d->servo.q_offset);
}

double fric_bench_inertia(const fric_bench_def *d)
{
    double l2 = d->length * d->length;
    double J = d->mass * l2;
    J += (d->arm_mass / 3) * l2;
    return J + d->servo.armature;
}

double fric_bench_energy(const fric_bench_def *d, double q, double dq)
{
    double J = fric_bench_inertia(d);
    double k = (d->mass + d->arm_mass / 2) * FRIC_BENCH_G * d->length;
    /* 1 − cos x = 2·sin²(x/2): no cancellation near the bottom */
    double h = sin(0.5 * (q + d->servo.q_offset));
    return 0.5 * J * dq * dq + k * 2 * h * h;
}
