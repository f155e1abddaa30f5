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

static double clip(double x, double lo, double hi)
{
    return x < lo ? lo : x > hi ? hi : x;
}

double fric_bench_motor_torque(const fric_bench_def *d, double q, double dq,
                               double goal, int torque_enable)
{
    const fric_servo_actuator *a = &d->servo;
    if (!torque_enable) return 0.0;
    double kt = a->kt, R = a->R;
    if (a->control == FRIC_SERVO_CURRENT) {
        /* I = kp·e − d·√kp·θ̇, clipped (eq. 13) */
        double amps = (goal - q) * d->kp + a->d_gain * sqrt(d->kp) * (0.0 - dq);
        amps = clip(amps, -a->max_amps, a->max_amps);
        double torque = kt * amps;                       /* eq. 14 */
        double volts_bounded = (kt / R) * a->max_volts;
        double emf = (kt * kt) * dq / R;
        return clip(torque, -volts_bounded - emf, volts_bounded - emf);
    }
    /* duty = clip(error_gain·kp·e, ±max_pwm), U = vin·duty (eq. 11) */
    double duty = (goal - q) * d->kp * a->error_gain;
    duty = clip(duty, -a->max_pwm, a->max_pwm);
    double volts = d->vin * duty;
    double torque = kt * volts / R;                      /* eq. 12 */
    torque -= (kt * kt) * dq / R;
    return torque;
}

double fric__bench_gravity_gain(const fric_bench_def *d)
{
    return (d->mass + d->arm_mass / 2) * (-FRIC_BENCH_G) * d->length;
}

double fric_bench_gravity_torque(const fric_bench_def *d, double q)
{
    return fric__bench_gravity_gain(d) * sin(q + d->servo.q_offset);
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
