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

#include "fric_status.h"

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

/* The coefficients' names in BAM's params files (m<k>.json keys), defined
 * once: the bench scenario's parameters and the params-file reader use them. */
#define FRIC_SERVO_KEY_K_C "friction_base"
#define FRIC_SERVO_KEY_K_CS "friction_stribeck"
#define FRIC_SERVO_KEY_K_L "load_friction_base"
#define FRIC_SERVO_KEY_K_LS "load_friction_stribeck"
#define FRIC_SERVO_KEY_K_M "load_friction_motor"
#define FRIC_SERVO_KEY_K_E "load_friction_external"
#define FRIC_SERVO_KEY_K_MS "load_friction_motor_stribeck"
#define FRIC_SERVO_KEY_K_ES "load_friction_external_stribeck"
#define FRIC_SERVO_KEY_K_MQ "load_friction_motor_quad"
#define FRIC_SERVO_KEY_K_EQ "load_friction_external_quad"
#define FRIC_SERVO_KEY_DTHETA_S "dtheta_stribeck"
#define FRIC_SERVO_KEY_ALPHA "alpha"
#define FRIC_SERVO_KEY_K_V "friction_viscous"

/* The 14 numbers of a servo friction model in the one order every array of
 * them uses (bindings, JavaScript wrapper, views, the fit's parameter
 * vector): model, then X(field, NAME) for each coefficient below, where
 * FRIC_SERVO_KEY_##NAME is its params-file key (and FRIC_FIT_##NAME its index
 * in a fit's parameter vector, fric_fit.h). */
#define FRIC_SERVO_COEFS(X) \
    X(K_c, K_C) \
    X(K_cs, K_CS) \
    X(K_l, K_L) \
    X(K_ls, K_LS) \
    X(K_m, K_M) \
    X(K_e, K_E) \
    X(K_ms, K_MS) \
    X(K_es, K_ES) \
    X(K_mq, K_MQ) \
    X(K_eq, K_EQ) \
    X(dtheta_s, DTHETA_S) \
    X(alpha, ALPHA) \
    X(K_v, K_V)
#define FRIC_SERVO_N_COEFS 14
/* "model", "K_c", …, "K_v" (the fields) and "model", "friction_base", …,
 * "friction_viscous" (the params-file keys), in that order. */
extern const char *const fric_servo_coef_fields[FRIC_SERVO_N_COEFS];
extern const char *const fric_servo_coef_keys[FRIC_SERVO_N_COEFS];
/* 1 when model M<model> (1..6) uses number i of that order (0 is the model
 * itself, used by every model); 0 otherwise or out of range. */
int fric_servo_coef_used(int model, int i);
/* 1 when number i must be > 0 where used (dtheta_s, alpha); the others
 * must be >= 0. */
int fric_servo_coef_positive(int i);
/* The model as c[0 .. FRIC_SERVO_N_COEFS−1] and back (model rounded down). */
void fric_servo_to_array(const fric_servo_friction *p, double *c);
void fric_servo_from_array(const double *c, fric_servo_friction *p);

/* 0 when p is usable (model 1..6, fields finite, coefficients >= 0,
 * dtheta_s > 0 and alpha > 0 where the model uses them); otherwise *why
 * (if not NULL) names the field and the condition. */
fric_status fric_servo_check(const fric_servo_friction *p, const char **why);

/* The velocity-independent part of the budget at rest plus the Stribeck
 * part at velocity dtheta: frictionloss(θ̇, τm, τe) [N·m] (no viscous term). */
double fric_servo_frictionloss(const fric_servo_friction *p, double dtheta,
                               double tau_m, double tau_e);

/* The whole budget τ_f^m = frictionloss + K_v·|θ̇| [N·m]. */
double fric_servo_budget(const fric_servo_friction *p, double dtheta,
                         double tau_m, double tau_e);

/* The budget split by its velocity dependence, for torques τm, τe [N·m]
 * held fixed:  B(w) = C + A·s(w) + K_v·w,  w = |θ̇| >= 0,
 * s(w) = exp(−(w/θ̇_s)^α). *C [N·m] gathers the terms without s, *A [N·m]
 * the Stribeck amplitude (0 for M1, M3). For the bench's implicit step
 * (core/system/bench/bench_step.c), which needs B as a Stribeck law. */
void fric_servo_split(const fric_servo_friction *p, double tau_m, double tau_e,
                      double *C, double *A);

#ifdef __cplusplus
}
#endif
#endif
