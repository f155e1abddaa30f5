/*
 * fric_servo.h: load-dependent friction of servo actuators, models M1-M6 of
 * Duclusaud & Passault, "Extended Friction Models for the Physics Simulation
 * of Servo Actuators" (§II-B, §III), as the reference implementation (BAM)
 * computes them. Torques in N·m, velocities in rad/s.
 *
 * The friction budget (the largest friction torque the gear can give) is
 *   τ_f^m = frictionloss(θ̇, τm, τe) + K_v·|θ̇|,
 * with s = exp(−|θ̇/θ̇_s|^α) and the load L = |τe − τm|:
 *   M1  K_c
 *   M2  K_c + s·K_cs
 *   M3  K_c + K_l·L
 *   M4  K_c + K_l·L + s·(K_cs + K_ls·L)
 *   M5  K_c + |K_e·τe − K_m·τm| + s·(K_cs + |K_es·τe − K_ms·τm|)
 *   M6  M5 + s·Q, Q = K_eq·τe² if |τe| < |τm|, K_mq·τm² if |τe| > |τm|,
 *       only when sign(τe) ≠ sign(τm) (backdriving), else 0.
 * τm is the motor torque, τe the external torque on the output (net τm + τe).
 */
#ifndef FRIC_SERVO_H
#define FRIC_SERVO_H

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    int model;        /* 1..6: M1..M6                                        */
    double K_c;       /* friction_base, Coulomb level            [N·m]       */
    double K_cs;      /* friction_stribeck, Stribeck excess      [N·m]       */
    double K_l;       /* load_friction_base                      [-]         */
    double K_ls;      /* load_friction_stribeck                  [-]         */
    double K_m;       /* load_friction_motor                     [-]         */
    double K_e;       /* load_friction_external                  [-]         */
    double K_ms;      /* load_friction_motor_stribeck            [-]         */
    double K_es;      /* load_friction_external_stribeck         [-]         */
    double K_mq;      /* load_friction_motor_quad                [1/(N·m)]   */
    double K_eq;      /* load_friction_external_quad             [1/(N·m)]   */
    double dtheta_s;  /* dtheta_stribeck, Stribeck velocity      [rad/s]     */
    double alpha;     /* Stribeck exponent                       [-]         */
    double K_v;       /* friction_viscous                        [N·m·s/rad] */
} fric_servo_friction;

/* 0 when p is usable (model 1..6, fields finite, coefficients >= 0,
 * dtheta_s > 0 and alpha > 0 where the model uses them); otherwise *why
 * (if not NULL) names the field and the condition. */
int fric_servo_check(const fric_servo_friction *p, const char **why);

/* The velocity-independent part of the budget at rest plus the Stribeck
 * part at velocity dtheta: frictionloss(θ̇, τm, τe) [N·m] (no viscous term). */
double fric_servo_frictionloss(const fric_servo_friction *p, double dtheta,
                               double tau_m, double tau_e);

/* The whole budget τ_f^m = frictionloss + K_v·|θ̇| [N·m]. */
double fric_servo_budget(const fric_servo_friction *p, double dtheta,
                         double tau_m, double tau_e);

#ifdef __cplusplus
}
#endif
#endif
