/*
 * servo_formulas.h: the pendulum bench's formulas written once, for one
 * bench (double) and for a vector of benches (lanes.h), private to the core.
 *
 * Every formula of the bench step that the lane kernel also evaluates lives
 * here, and only here: the M1-M6 friction budget (Duclusaud & Passault
 * §II-B eq. 3, §III eqs. 5-9; core/law/servo_friction.c documents the
 * reference's operation order), the servo control laws (§IV-A..C
 * eqs. 11-14; core/system/bench/bench_servo.c), gravity, the CLIP
 * treatment (Algorithm 1 lines 6-7) and the integrator (lines 8-10,
 * core/system/bench/bench_step.c). The scalar step (bit-identical to the
 * reference, tests/system/bench) and the lane kernel
 * (core/system/bench/bench_lanes*.c) both instantiate them, so there is no
 * second copy of the physics. It lives in core/base because both the law
 * stage (servo_friction.c) and the bench family include it (stage walls).
 *
 * A template: no include guard; a translation unit includes it once, after
 * choosing the type. Without FX_T, the scalar instance (double, int masks,
 * libm's sin/exp/pow, selects as ?: so one bench skips what it does not
 * need). A vector instance defines, before including:
 *   FX_T            the value type (fric__vd)
 *   FX_M            the mask type (fric__vm)
 *   FX_FRICTION     a struct with int model and the FRIC_SERVO_COEFS fields
 *                   of type FX_T
 *   FX_SEL(m, a, b) m ? a : b lane by lane;  FX_ABS, FX_SGN (as a value:
 *   +1, −1, 0), FX_C(x) (a constant), FX_SIN, FX_EXP, FX_POW.
 * The scalar instance uses fric_servo_friction as FX_FRICTION (fric_servo.h
 * must be included first).
 */

/* the scalar instance's FX_* where no vector instance defined them */
#ifndef FX_FRICTION
#define FX_FRICTION fric_servo_friction
#endif
#include "fx_scalar.h"

/* x < lo ? lo : x > hi ? hi : x (numpy's clip, bench_servo.c) */
FX_INLINE FX_T fx_clip(FX_T x, FX_T lo, FX_T hi)
{
    return FX_SEL(x < lo, lo, FX_SEL(x > hi, hi, x));
}

/* s = exp(−|θ̇/θ̇_s|^α); exactly 1 at θ̇ = 0 and exactly 0 once the exponent
 * passes 746 (exp underflows to 0 below −745.14), which lets one bench skip
 * libm's slow underflow path without changing a bit. */
FX_INLINE FX_T fx_stribeck(const FX_FRICTION *p, FX_T dtheta)
{
    FX_T u = FX_SEL(dtheta == 0, FX_C(0.0), FX_POW(FX_ABS(dtheta / p->dtheta_s), p->alpha));
    return FX_SEL(dtheta == 0, FX_C(1.0), FX_SEL(u > 746.0, FX_C(0.0), FX_EXP(-u)));
}

/* Q of M6 before the factor s: K_eq·τe² if |τe| < |τm|, K_mq·τm² if |τe| >
 * |τm|, 0 if equal, and only when sign(τe) ≠ sign(τm) (numpy sign: 0 is its
 * own sign) */
FX_INLINE FX_T fx_quad_term(const FX_FRICTION *p, FX_T tau_m, FX_T tau_e)
{
    FX_T ae = FX_ABS(tau_e), am = FX_ABS(tau_m);
    return FX_SEL(FX_SGN(tau_e) == FX_SGN(tau_m), FX_C(0.0),
                  FX_SEL(ae < am, p->K_eq * (ae * ae), FX_SEL(ae > am, p->K_mq * (am * am),
                                                               FX_C(0.0))));
}

/* M5/M6 |K_e·τe − K_m·τm| and |K_es·τe − K_ms·τm| (dir), else the load
 * L = |τe − τm| of M3/M4 (gear_s unused, 0) */
FX_INLINE void fx_gear_terms(const FX_FRICTION *p, int dir, FX_T tau_m, FX_T tau_e,
                                 FX_T *gear, FX_T *gear_s)
{
    if (dir) {
        *gear = FX_ABS(tau_e * p->K_e - tau_m * p->K_m);
        *gear_s = FX_ABS(tau_e * p->K_es - tau_m * p->K_ms);
    } else {
        *gear = FX_ABS(tau_e - tau_m);
        *gear_s = FX_C(0.0);
    }
}

/* frictionloss(θ̇, τm, τe), the budget without K_v·|θ̇| (model 1..6) */
FX_INLINE FX_T fx_frictionloss(const FX_FRICTION *p, FX_T dtheta, FX_T tau_m, FX_T tau_e)
{
    int m = p->model;
    int load = m >= 3, dir = m >= 5, strib = m == 2 || m >= 4;
    FX_T gear, gear_s;
    fx_gear_terms(p, dir, tau_m, tau_e, &gear, &gear_s);
    FX_T f = p->K_c;
    if (load) f += dir ? gear : p->K_l * gear;
    if (strib) {
        FX_T s = fx_stribeck(p, dtheta);
        f += s * p->K_cs;
        if (load) {
            f += dir ? gear_s * s : p->K_ls * gear * s;
            if (m == 6) f += s * fx_quad_term(p, tau_m, tau_e);
        }
    }
    return f;
}

/* the whole budget τ_f^m = frictionloss + K_v·|θ̇| (eq. 3) */
FX_INLINE FX_T fx_budget(const FX_FRICTION *p, FX_T dtheta, FX_T tau_m, FX_T tau_e)
{
    return fx_frictionloss(p, dtheta, tau_m, tau_e) + p->K_v * FX_ABS(dtheta);
}

/* B(w) = C + A·s(w) + K_v·w split for fixed τm, τe (fric_servo_split) */
FX_INLINE void fx_split(const FX_FRICTION *p, FX_T tau_m, FX_T tau_e, FX_T *C, FX_T *A)
{
    int m = p->model;
    int load = m >= 3, dir = m >= 5, strib = m == 2 || m >= 4;
    FX_T gear, gear_s;
    fx_gear_terms(p, dir, tau_m, tau_e, &gear, &gear_s);
    FX_T c = p->K_c, a = FX_C(0.0);
    if (load) c += dir ? gear : p->K_l * gear;
    if (strib) {
        a = p->K_cs;
        if (load) {
            a += dir ? gear_s : p->K_ls * gear;
            if (m == 6) a += fx_quad_term(p, tau_m, tau_e);
        }
    }
    *C = c;
    *A = a;
}

/* The STS3215 firmware's target smoothing (bam/feetech/actuator.py,
 * STS3215Actuator.compute_control): q_s ← clip(goal, q_s − step, q_s + step),
 * step = max_velocity·dt; step = +inf (no smoothing) gives the goal itself */
FX_INLINE FX_T fx_target_smooth(FX_T target, FX_T goal, FX_T step)
{
    return fx_clip(goal, target - step, target + step);
}

#ifdef FRIC_BENCH_H   /* the control laws: the bench family only (stage walls) */
/* The constants of a servo's control law (fric_servo_actuator with the
 * bench's kp and vin), one value per bench or per lane. */
typedef struct {
    FX_T kt, R, kp, sqrt_kp, vin;
    FX_T error_gain, ratio, max_pwm, max_current;   /* VOLTAGE (ratio also TORQUE) */
    FX_T d_gain, max_amps, max_volts;               /* CURRENT, CURRENT_HOST   */
    FX_T current_limit;                             /* CURRENT_P               */
    FX_T damping, max_torque;                       /* TORQUE                  */
} fx_servo_consts;

/* VOLTAGE control (eqs. 11-12; bam/actuator.py VoltageControlledActuator):
 * duty = e·kp·error_gain·ratio (ratio = error_gain_ratio, 1 but for the
 * STS3215 of bam/feetech/actuator.py, where e = q_s − q, and the Waveshare
 * ST3025 of bam/waveshare/actuator.py); with the firmware current limiter
 * (max_current I_max > 0) the duty is first clipped to
 * [(kt·θ̇ − R·I_max)/vin, (kt·θ̇ + R·I_max)/vin], the duties whose current
 * (vin·duty − kt·θ̇)/R stays within ±I_max; then clip(duty, ±max_pwm), last,
 * so at high speed the limit may not be reached; V = vin·duty,
 * τm = kt·V/R − kt²·θ̇/R; 0 where the torque is off (te 0) */
FX_INLINE FX_T fx_motor_voltage(FX_M te, const fx_servo_consts *c, FX_T q, FX_T dq, FX_T goal)
{
    FX_T duty = (goal - q) * c->kp * c->error_gain * c->ratio;
    FX_T emf = c->kt * dq, ri = c->R * c->max_current;
    FX_T limited = fx_clip(duty, (emf - ri) / c->vin, (emf + ri) / c->vin);
    duty = FX_SEL(c->max_current > 0, limited, duty);
    duty = fx_clip(duty, -c->max_pwm, c->max_pwm);
    FX_T volts = c->vin * duty;
    FX_T torque = c->kt * volts / c->R;
    torque -= (c->kt * c->kt) * dq / c->R;
    return FX_SEL(te, torque, FX_C(0.0));
}

/* The host's PD loop on the current (eq. 13 without its supply bound;
 * bam/feetech_hls/actuator.py, the Feetech HLS in constant-current mode):
 * I = clip(kp·e − d·√kp·θ̇, ±max_amps), τm = kt·I; R never enters */
FX_INLINE FX_T fx_current_pd(const fx_servo_consts *c, FX_T q, FX_T dq, FX_T goal)
{
    FX_T amps = (goal - q) * c->kp + c->d_gain * c->sqrt_kp * (0.0 - dq);
    amps = fx_clip(amps, -c->max_amps, c->max_amps);
    return c->kt * amps;
}

/* CURRENT control (eqs. 13-14, bam/erob/actuator.py): the PD current above,
 * then τm = clip(kt·I, ±kt·max_volts/R − kt²·θ̇/R) */
FX_INLINE FX_T fx_motor_current(FX_M te, const fx_servo_consts *c, FX_T q, FX_T dq, FX_T goal)
{
    FX_T torque = fx_current_pd(c, q, dq, goal);
    FX_T volts_bounded = (c->kt / c->R) * c->max_volts;
    FX_T emf = (c->kt * c->kt) * dq / c->R;
    return FX_SEL(te, fx_clip(torque, -volts_bounded - emf, volts_bounded - emf), FX_C(0.0));
}

/* CURRENT_P control (bam/actuator.py CurrentControlledActuator):
 * I = e·kp·error_gain, clipped to the supply's window
 * [(−vin − kt·θ̇)/R, (vin − kt·θ̇)/R], then to ±current_limit; τm = kt·I */
FX_INLINE FX_T fx_motor_current_p(FX_M te, const fx_servo_consts *c, FX_T q, FX_T dq, FX_T goal)
{
    FX_T amps = (goal - q) * c->kp * c->error_gain;
    FX_T emf = c->kt * dq;
    amps = fx_clip(amps, (-c->vin - emf) / c->R, (c->vin - emf) / c->R);
    amps = fx_clip(amps, -c->current_limit, c->current_limit);
    return FX_SEL(te, c->kt * amps, FX_C(0.0));
}

/* TORQUE control (bam/unitree/actuator.py, the Unitree Go1):
 * τm = clip(e·kp·ratio + d·(0 − θ̇), ±max_torque), the reference's order */
FX_INLINE FX_T fx_motor_torque(FX_M te, const fx_servo_consts *c, FX_T q, FX_T dq, FX_T goal)
{
    FX_T torque = (goal - q) * c->kp * c->ratio + c->damping * (0.0 - dq);
    torque = fx_clip(torque, -c->max_torque, c->max_torque);
    return FX_SEL(te, torque, FX_C(0.0));
}

/* τm of the control law `control` (a fric_servo_control, one for all the
 * lanes of a call) */
FX_INLINE FX_T fx_motor(int control, FX_M te, const fx_servo_consts *c, FX_T q, FX_T dq,
                        FX_T goal)
{
    switch (control) {
    case FRIC_SERVO_CURRENT: return fx_motor_current(te, c, q, dq, goal);
    case FRIC_SERVO_CURRENT_HOST: return FX_SEL(te, fx_current_pd(c, q, dq, goal), FX_C(0.0));
    case FRIC_SERVO_CURRENT_P: return fx_motor_current_p(te, c, q, dq, goal);
    case FRIC_SERVO_TORQUE: return fx_motor_torque(te, c, q, dq, goal);
    default: return fx_motor_voltage(te, c, q, dq, goal);
    }
}
#endif

/* τe = (m + m_arm/2)·(−g)·l·sin(q + q_offset), grav the gain */
FX_INLINE FX_T fx_gravity(FX_T grav, FX_T q, FX_T q_offset)
{
    return grav * FX_SIN(q + q_offset);
}

/* CLIP (Algorithm 1 line 7): τf = −sign(τ_stop)·min(|τ_stop|, B);
 * *stuck where |τ_stop| ≤ B */
FX_INLINE FX_T fx_clip_friction(FX_T tau_stop, FX_T budget, FX_M *stuck)
{
    FX_T ats = FX_ABS(tau_stop);
    *stuck = ats <= budget;
    return -FX_SGN(tau_stop) * FX_SEL(*stuck, ats, budget);
}

/* lines 9-10 as the reference code: θ̇' clipped to ±dq_max
 * (FRIC_BENCH_DQ_MAX), q' = q + (θ̇'·dt + ½·a·dt²); dt2 = 0 gives MuJoCo's
 * Euler, q' = q + θ̇'·dt (the bench's integrator choice) */
FX_INLINE void fx_integrate(FX_T q, FX_T dq_new, FX_T acc, FX_T dt, FX_T dt2, double dq_max,
                                FX_T *q_out, FX_T *dq_out)
{
    dq_new = FX_SEL(dq_new > dq_max, FX_C(dq_max), dq_new);
    dq_new = FX_SEL(dq_new < -dq_max, FX_C(-dq_max), dq_new);
    *q_out = q + (dq_new * dt + 0.5 * acc * dt2);
    *dq_out = dq_new;
}
