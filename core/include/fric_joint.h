/*
 * fric_joint.h: the MuJoCo adapter's per-joint friction step without MuJoCo
 * (core/adapter/adapter_joint.c). One definition of the step that
 * fric_mujoco.h's adapter calls natively (core/mujoco/mujoco_adapter.c) and
 * the wasm bindings export to the explorer's "In MuJoCo" view, where MuJoCo
 * is a separate WebAssembly module (npm @mujoco/mujoco): the caller reads
 * MuJoCo's arrays, hands this step plain numbers and writes the force back.
 *
 * A joint carries a law of friction.h (Coulomb-viscous, Stribeck, rational)
 * or a servo (fric_bench_def: M1–M6 and the control law that drives the
 * joint toward its goal). Per step, from the caller (fric_mujoco.h says how
 * MuJoCo gives each number):
 *   h       the step                                         [s]
 *   Z       the joint's inverse inertia times h: h·(M⁻¹)_ii for one joint
 *           (exact), h/I_i (its armature) for several (the gear-friction sheet §3)
 *                                                           [rad/(N·m·s)]
 *   q, v    the joint's angle and velocity                   [rad], [rad/s]
 *   v_free  the velocity at the end of the step without friction and
 *           without the servo's motor torque (MuJoCo's prediction:
 *           v + h·qacc_smooth_i for one joint, v + Z·τ_e for several)
 *                                                            [rad/s]
 *   τ_e     the external load on the joint (the budget's τe, M3–M6) [N·m]
 * IMPLICIT (fric_joint_step): τm = fric_bench_motor_torque(q, v, goal),
 * v* = v_free + Z·τm, f = −Φ_Z(v*) (Kikuuwe 2006 eq. 16, element A eq. 26;
 * the servo budget a Stribeck law of the end velocity as bench_step.c:
 * B(w) = C + A·s(w) + K_v·w with τm, τe frozen over the step,
 * fric_servo_split); the force to add to the dof is τm + f, and v' = 0 in
 * the static band. FRICTIONLOSS/NOSLIP (fric_joint_loss): the value MuJoCo's
 * dof_frictionloss gets at the current state (law: Φ(|v|) − D·|v|, Φ(+0)
 * at rest; servo: fric_servo_frictionloss(v, τm, τe)), as the M1–M6
 * authors' MuJoCo back-end writes it every step, with dof_damping =
 * fric_joint_damping (D or K_v) and τm added by the caller.
 *
 * Caller-owned state, no allocation, validated once by fric_joint_init.
 */
#ifndef FRIC_JOINT_H
#define FRIC_JOINT_H

#include <stddef.h>
#include <stdint.h>

#include "fric_bench.h"
#include "friction.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    int servo;              /* 0: the law below; 1: the servo of bench                 */
    fric_law law;           /* law mode                     [N·m, rad/s] or [N, m/s]   */
    fric_bench_def bench;   /* servo mode (mass, length, arm_mass not used)            */
    double goal;            /* servo goal                   [rad]                      */
    int torque_enable;      /* servo 0/1                                               */
    double target;          /* servo: the firmware's smoothed target q_s (0 at init;
                               the goal without smoothing)   [rad]                     */
    double target_step;     /* servo: max_velocity·h, +inf without smoothing [rad]     */
    /* the last step */
    double tau_f;           /* friction applied (IMPLICIT)  [N·m]                      */
    double tau_m;           /* servo motor torque           [N·m]                      */
    double tau_e;           /* external torque on the joint [N·m]                      */
    double budget;          /* friction budget at the step  [N·m]                      */
    double v_star;          /* friction-free velocity v*    [rad/s]                    */
    int stuck;              /* 1: the friction held (v' = 0)                           */
    uint64_t steps_stuck, reversals;
    int last_sign;
    /* prepared */
    double Z;               /* the Z the plan / element was prepared with [rad/(N·m·s)] */
    fric_plan plan;         /* law mode                                                */
    fric_elem_a_var elem;   /* servo mode                                              */
    fric_warm warm;
} fric_joint;

/* The fields the wasm wrapper reads after a step (name, unit). */
#define FRIC_JOINT_FIELDS(X) \
    X(tau_f, "N·m") X(tau_m, "N·m") X(tau_e, "N·m") X(budget, "N·m") X(v_star, "rad/s") \
    X(stuck, "") X(steps_stuck, "") X(reversals, "") X(Z, "rad/(N·m·s)")

/* Validates the law (fric_law_check_params) or the servo (fric_bench_check
 * with the bench's own mass, length and arm neutral, dt = h and the
 * implicit treatment) and resets the joint: goal = q0, torque on, counters
 * 0, no plan yet. 0, or the status with *why (the core's sentence without a
 * prefix: the caller names the joint). */
fric_status fric_joint_init(fric_joint *j, int servo, const fric_law *law, const fric_bench_def *bench,
                            double h, double q0, const char **why);

/* Prepares the implicit step with Z > 0 (a law: fric_plan_init, the law's
 * check with that Z; a servo: its budget's Stribeck shape). 0, or the
 * status with *why. Not needed for FRICTIONLOSS/NOSLIP. */
fric_status fric_joint_retune(fric_joint *j, double Z, const char **why);

/* Re-prepares the implicit step when Z changed (the configuration changed
 * the inertia); no validation (fric_plan_prepare_unchecked). */
void fric_joint_set_z(fric_joint *j, double Z);

/* Servo goal [rad] and torque enable (0/1) for the next steps. */
void fric_joint_goal(fric_joint *j, double goal, int torque_enable);

/* IMPLICIT: one step (see above). Returns the force to add to the dof,
 * τm + f [N·m]; sets tau_m, tau_e, v_star, tau_f, budget, stuck; counts. */
double fric_joint_step(fric_joint *j, double q, double v, double v_free, double tau_e);

/* FRICTIONLOSS/NOSLIP: the dof_frictionloss value at the state [N·m]; sets
 * tau_m (servo: the caller adds it to the dof), tau_e, budget; counts. */
double fric_joint_loss(fric_joint *j, double q, double v, double tau_e);

/* The dof_frictionloss at rest, written once when the treatment starts:
 * Φ(+0) of the law, the servo's fric_servo_frictionloss(0, 0, 0) [N·m]. */
double fric_joint_rest_loss(const fric_joint *j);

/* The dof_damping of FRICTIONLOSS/NOSLIP: the law's D or the servo's K_v. */
double fric_joint_damping(const fric_joint *j);

#ifdef __cplusplus
}
#endif
#endif /* FRIC_JOINT_H */
