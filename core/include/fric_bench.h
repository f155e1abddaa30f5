/*
 * fric_bench.h: the pendulum test bench of Duclusaud & Passault, "Extended
 * Friction Models for the Physics Simulation of Servo Actuators" (§II-A,
 * §IV, Algorithm 1), with the M1-M6 friction budgets of fric_servo.h, the
 * identified actuator presets of the BAM repository, built-in trajectories,
 * a streaming step API and log replay (the paper's identification score).
 *
 * The bench: a servo turns a rigid arm of length l carrying a point mass m
 * (and optionally a uniform arm of mass m_arm); q = 0 hangs down.
 *   J  = m·l² + m_arm·l²/3 + J_m                  (§II-A, Algorithm 1 line 4)
 *   τe = (m + m_arm/2)·(−9.80665)·l·sin(q + q_offset)            (gravity)
 *   τm = S(q, q̇, q_goal)                        (servo model, §IV-A..C)
 *   τ_stop = (J/dt)·q̇ + τm + τe                  (eq. 4, sign flipped)
 *   τf from the friction treatment (below), a = (τm + τe + τf)/J,
 *   q̇ ← clip(q̇ + a·dt, ±100 rad/s), q ← q + q̇·dt + ½·a·dt²  (integrator BAM;
 *   MUJOCO: q ← q + q̇·dt, MuJoCo's Euler)
 * (the reference code uses the UPDATED q̇ in the position update, where
 * Algorithm 1 line 10 prints q̇_k; this file follows the code). That update,
 * q' = q + dt·q̇ + 1.5·a·dt², is dissipative: on a stiffness k (gravity
 * m·g·l near the bottom, or the servo's P gain) its map has determinant
 * 1 − ½·(k/J)·dt², a numerical viscous damping of ½·k·dt N·m·s/rad that the
 * identified K_v absorbs (test_bench_replay.c checks it in closed form).
 *
 * Friction treatments (fric_treatment of friction.h), all with the same budget
 * τ_f^m = B(q̇; τm, τe) of fric_servo.h:
 *   CLIP      the reference (Algorithm 1 lines 5-7):
 *             τf = −sign(τ_stop)·min(|τ_stop|, B(q̇_k)), the budget at the
 *             velocity at the START of the step. The reference's operations
 *             in the reference's order: identical bits to a transcription of
 *             bam/simulate.py in pure Python (same libm) on the logs; numpy's
 *             vectorised exp may differ by an ulp on some CPUs.
 *   IMPLICIT  the budget's velocity dependence (Stribeck + viscous) taken at
 *             the END of the step, as in Kikuuwe's element A with Z = dt/J:
 *             find q̇' with q̇' = q̇ + (dt/J)·(τm + τe + τf) and
 *             τf ∈ −B(|q̇'|)·Sgn(q̇') (set-valued at 0). τm, τe and the load
 *             terms are frozen at the start of the step, so B is a Stribeck
 *             law and τf = −Φ_Z(Z·τ_stop), the prepared transform of
 *             friction.h (derivation in bench_step.c). Stuck iff
 *             |τ_stop| ≤ B(0); otherwise |q̇'| = w > 0 solves
 *             (J/dt)·w + B(w) = |τ_stop|.
 *             No chattering, exactly zero drift while stuck.
 *   EXPLICIT  naive baseline: τf = −sgn(q̇_k)·B(q̇_k) (sgn 0 = 0).
 *   KARNOPP   baseline with a velocity band eps: |q̇_k| > eps: explicit;
 *             inside: τf = −clip(τm + τe, ±B(q̇_k)) (Kikuuwe eq. 3).
 *
 * Servo models (fric_servo_actuator.control):
 *   VOLTAGE (Dynamixel MX/XL, Feetech STS, Waveshare ST3025): duty =
 *     (q_goal − q)·kp·error_gain·error_gain_ratio; with the firmware current
 *     limiter (max_current I_max > 0, bam/actuator.py) first
 *     duty = clip(duty, (kt·q̇ − R·I_max)/vin, (kt·q̇ + R·I_max)/vin); then
 *     duty = clip(duty, ±max_pwm), V = vin·duty,
 *     τm = kt·V/R − kt²·q̇/R                                   (eqs. 11-12;
 *     error_gain_ratio, identified, is 1 but for the STS3215 files of the
 *     reference's main branch, bam/feetech/actuator.py)
 *   Target smoothing (STS3215 firmware, bam/feetech/actuator.py; max_velocity
 *     > 0): the loop follows an internal target q_s, not the goal; q_s = 0
 *     at init (as when the reference loads a log), and each step, before the
 *     control law, q_s ← clip(q_goal, q_s − max_velocity·dt,
 *     q_s + max_velocity·dt). max_velocity = 0: q_s = q_goal.
 *   CURRENT (eRob80): I = clip(kp·(q_goal − q) − d·√kp·q̇, ±max_amps),
 *     τm = clip(kt·I, −kt·max_volts/R − kt²·q̇/R, kt·max_volts/R − kt²·q̇/R)
 *                                                               (eqs. 13-14)
 *   CURRENT_HOST (Feetech HLS, bam/feetech_hls/actuator.py):
 *     τm = kt·clip(kp·(q_goal − q) − d·√kp·q̇, ±max_amps); R never enters
 *   CURRENT_P (XL330 in current mode, bam/actuator.py
 *     CurrentControlledActuator): I = (q_goal − q)·kp·error_gain, clipped to
 *     [(−vin − kt·q̇)/R, (vin − kt·q̇)/R], then to ±current_limit; τm = kt·I
 *   TORQUE (Unitree Go1, bam/unitree/actuator.py):
 *     τm = clip(kp·error_gain_ratio·(q_goal − q) − damping·q̇, ±max_torque)
 *     (error_gain_ratio is the reference's "ratio")
 *   torque_enable = 0: τm = 0 (H-bridge released / zero current, §V-A).
 *
 * Conventions: SI units; parameters are const structs, state lives in
 * caller-owned structs; nothing allocates; every function is deterministic.
 * Invalid input: the *_check functions and every function with a `why`
 * argument return nonzero and set *why to one sentence naming the
 * parameter, the condition and what to change (a per-thread buffer, valid
 * until the next call). Never a crash, a hang or a silent NaN.
 */
#ifndef FRIC_BENCH_H
#define FRIC_BENCH_H

#include <stddef.h>
#include <stdint.h>

#include "fric_io.h"
#include "fric_scenario.h"
#include "fric_servo.h"
#include "friction.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Standard gravity used by the reference [m/s²]. */
#define FRIC_BENCH_G 9.80665
/* Velocity clip of the reference integrator [rad/s]. */
#define FRIC_BENCH_DQ_MAX 100.0
/* The STS3215 firmware's default target-smoothing rate, 3400 steps/s of
 * 4096 a turn (bam/feetech/actuator.py, default_max_velocity) [rad/s]. */
#define FRIC_BENCH_STS3215_MAX_VELOCITY ((3400 * 2 * 3.141592653589793) / 4096)

/* ------------------------------------------------------- servo actuators */

typedef enum {
    FRIC_SERVO_VOLTAGE = 0,  /* firmware P loop on the PWM duty cycle     */
    FRIC_SERVO_CURRENT = 1,  /* PD loop on the current, supply-bounded
                                torque (eRob80)                            */
    FRIC_SERVO_CURRENT_HOST = 2, /* the host's PD loop on the current, no
                                supply bound (Feetech HLS)                 */
    FRIC_SERVO_CURRENT_P = 3,    /* firmware P loop on the current in the
                                supply's window (XL330 current mode)       */
    FRIC_SERVO_TORQUE = 4        /* PD loop on the torque (Unitree Go1)     */
} fric_servo_control;
#define FRIC_SERVO_N_CONTROLS 5

typedef struct {
    fric_servo_control control;
    double kt;          /* torque constant, motor × reduction   [N·m/A]      */
    double R;           /* winding resistance                   [Ω]          */
    double armature;    /* apparent inertia J_m                 [kg·m²]      */
    double q_offset;    /* bench calibration offset, added to q for gravity
                           (reference: bam/simulate.py)          [rad]        */
    double error_gain;  /* VOLTAGE: duty per (kp·rad)            [1/rad]      */
    double max_pwm;     /* VOLTAGE: duty-cycle clip              [-]          */
    double d_gain;      /* CURRENT: d of I = kp·e − d·√kp·q̇      [-]          */
    double max_amps;    /* CURRENT: current clip                 [A]          */
    double max_volts;   /* CURRENT: supply bounding the torque   [V]          */
    double vin_default; /* VOLTAGE: supply when none is given    [V]          */
    double kp_default;  /* firmware gain when none is given      [-]          */
    double error_gain_ratio; /* VOLTAGE: identified factor on error_gain
                                (1: none; STS3215 files)  [-]  (> 0)          */
    double max_velocity; /* firmware target smoothing rate (STS3215);
                            0: none                      [rad/s] (>= 0)       */
    double max_current; /* VOLTAGE: firmware current limiter I_max;
                           0: off                         [A]   (>= 0)        */
    double current_limit; /* CURRENT_P: current clip       [A]   (>= 0)        */
    double damping;     /* TORQUE: d of τm = kp·ratio·e − d·θ̇ [N·m·s/rad] (>= 0) */
    double max_torque;  /* TORQUE: torque clip             [N·m] (>= 0)        */
} fric_servo_actuator;
/* The fields of fric_servo_actuator, X(field, unit). */
#define FRIC_SERVO_ACTUATOR_FIELDS(X) \
    X(control, "") X(kt, "N·m/A") X(R, "Ω") X(armature, "kg·m²") X(q_offset, "rad") \
    X(error_gain, "1/rad") X(max_pwm, "") X(d_gain, "") X(max_amps, "A") X(max_volts, "V") \
    X(vin_default, "V") X(kp_default, "") X(error_gain_ratio, "") X(max_velocity, "rad/s") \
    X(max_current, "A") X(current_limit, "A") X(damping, "N·m·s/rad") X(max_torque, "N·m")

/* ---------------------------------------------------------------- presets */

/* One identified (actuator, model) pair of Rhoban/bam params/<dir>/m<k>.json
 * (Apache-2.0, Copyright 2025 Marc Duclusaud & Grégoire Passault). */
typedef struct {
    const char *actuator;   /* the JSON "actuator" value: "mx64", "mx106",
                               "erob80_50", "erob80_100", "xl320", "xl330",
                               "sts3215"                                    */
    const char *dir;        /* directory under params/: "feetech_sts3215_7_4V" */
    int model;              /* 1..6 (the JSON "model" "m1".."m6")           */
    fric_servo_friction friction;   /* coefficients (unused ones are 0)    */
    fric_servo_actuator servo;      /* kt, R, armature, q_offset of the file
                                       + the actuator's firmware constants */
} fric_bench_preset;
/* The fields of fric_bench_preset, X(field, unit). */
#define FRIC_BENCH_PRESET_FIELDS(X) \
    X(actuator, "") X(dir, "") X(model, "") X(friction, "") X(servo, "")

int                      fric_bench_preset_count(void);
const fric_bench_preset *fric_bench_preset_at(int i);          /* NULL out of range */
/* The preset of (actuator, model), NULL if there is none (e.g. sts3215 m2). */
const fric_bench_preset *fric_bench_preset_find(const char *actuator, int model);

/* The actuators: first the identified ones (the distinct names of the
 * presets, in preset order; their constants are kt, R, armature, q_offset
 * of that actuator's lowest model), then those the reference code supports
 * without a published params file here (waveshare_st3025, xl330i,
 * feetech_hls, unitree_go1: firmware constants and the reference's default
 * motor constants, not identification; bench_presets.c). */
int         fric_bench_actuator_count(void);
const char *fric_bench_actuator_name(int i);                    /* NULL out of range */
const fric_servo_actuator *fric_bench_actuator_find(const char *actuator); /* NULL */
/* 1 when the actuator has identified presets, 0 otherwise (unknown too). */
int         fric_bench_actuator_identified(const char *actuator);
/* The actuator a log's "motor" field names: the field lower-cased, without
 * '-', '.' and white space, is an actuator's name ("XL330" → "xl330") or one of the
 * core's aliases beside the presets ("sts3250" → "sts3215": the shared
 * STS3215 logs, which the reference files under sts3215; "xl330-m288" →
 * "xl330", "mx64ar" → "mx64", ...). Returns the actuator's name as
 * fric_bench_actuator_name gives it (static storage), or NULL when the
 * field names none (NULL or empty motor included). Both front ends use it. */
const char *fric_bench_actuator_resolve(const char *motor);
/* Alias i of that table (normalised: lower case, no '-', '.' or white
 * space) and the actuator it names: 1, or 0 past the end. */
int fric_bench_actuator_alias(int i, const char **alias, const char **actuator);
/* The one sentence both front ends show when a log's "motor" field is not
 * the actuator's own name but resolves to it ("sts3250" → sts3215), into
 * buf[size] (NUL-terminated; empty when the field is the name itself or
 * names no actuator). Returns the sentence's full length (0: none). The
 * sentence has an id, bench.actuator_alias, and the named values motor and
 * act (fric_sentence_last), for a front end that speaks another language. */
size_t fric_bench_actuator_note(const char *motor, char *buf, size_t size);

/* -------------------------------------------------------------- the bench */

/* The treatments the bench offers (fric_treatment of friction.h), in the
 * order of the `friction` choice of the bench, screw and xy-table
 * scenarios: implicit, clip, explicit, karnopp. fric_bench_treatments[i]
 * is choice i, fric_bench_treatment_names[i] its name. */
#define FRIC_BENCH_TREATMENT_LIST(X) X(IMPLICIT) X(CLIP) X(EXPLICIT) X(KARNOPP)
#define FRIC_BENCH_N_TREATMENTS 4
extern const fric_treatment fric_bench_treatments[FRIC_BENCH_N_TREATMENTS];
extern const char *const fric_bench_treatment_names[FRIC_BENCH_N_TREATMENTS];

/* The position update, a property of the model (a fit is exact only under
 * the integrator it was fitted with):
 *   BAM     q' = q + θ̇'·dt + ½·a·dt²   (bam/simulate.py; the default, which
 *           the reference's identified files assume)
 *   MUJOCO  q' = q + θ̇'·dt              (MuJoCo's semi-implicit Euler)
 * θ̇' is the updated velocity in both. Names: fric_bench_integrator_names. */
typedef enum { FRIC_BENCH_INTEGRATOR_BAM = 0, FRIC_BENCH_INTEGRATOR_MUJOCO = 1 } fric_bench_integrator;
#define FRIC_BENCH_N_INTEGRATORS 2
extern const char *const fric_bench_integrator_names[FRIC_BENCH_N_INTEGRATORS];
/* The treatment that goes with each integrator, what a fit with it scores
 * and what a replay of its params file runs unless asked otherwise: BAM
 * CLIP (the reference's, bam/simulate.py), MUJOCO IMPLICIT (the step MuJoCo
 * runs: `friction mujoco` and the In MuJoCo view under (C) implicit). */
extern const fric_treatment fric_bench_integrator_treatments[FRIC_BENCH_N_INTEGRATORS];

typedef struct {
    fric_servo_friction friction;   /* M1..M6 budget                        */
    fric_servo_actuator servo;      /* motor + control law                  */
    double mass;          /* point load m                        [kg]  (> 0)  */
    double arm_mass;      /* uniform arm m_arm (0 if none)       [kg]  (>= 0) */
    double length;        /* l                                   [m]   (> 0)  */
    double kp;            /* firmware proportional gain          [-]   (>= 0) */
    double vin;           /* supply (VOLTAGE control)            [V]   (> 0)  */
    double dt;            /* time step                           [s]   (> 0)  */
    fric_treatment treatment;   /* one of fric_bench_treatments             */
    double karnopp_eps;   /* KARNOPP velocity band               [rad/s] (> 0) */
    fric_bench_integrator integrator;  /* position update (BAM: 0, the default) */
} fric_bench_def;
/* The fields of fric_bench_def, X(field, unit). */
#define FRIC_BENCH_DEF_FIELDS(X) \
    X(friction, "") X(servo, "") X(mass, "kg") X(arm_mass, "kg") X(length, "m") X(kp, "") \
    X(vin, "V") X(dt, "s") X(treatment, "") X(karnopp_eps, "rad/s") X(integrator, "")

/* A def from a preset with its actuator's default kp and vin, dt = 1 ms,
 * mass 0.5 kg, length 0.1 m, no arm, IMPLICIT, eps = 1e-3 rad/s. */
void fric_bench_def_from_preset(const fric_bench_preset *p, fric_bench_def *d);

/* Below this winding resistance the motor model's currents V/R leave any
 * physical motor (the presets lie in 1.8 .. 4 Ω): fric_bench_check refuses it. */
#define FRIC_BENCH_R_MIN 1e-3      /* [Ω] */
/* The firmware gain register's largest value (Dynamixel: 16383); the
 * bench's table and fric_bench_check share it. */
#define FRIC_BENCH_KP_MAX 16383.0
/* The largest torque constant (motor × reduction) the bench takes: the
 * presets lie in 0.39 .. 9.8 N·m/A (xl330 .. eRob100); the bench's table and
 * fric_bench_check share it (a kt of 1.6e308 made the FRICTIONLOSS step's
 * force NaN: fuzz_robot, docs/fuzzing.md). */
#define FRIC_BENCH_KT_MAX 100.0    /* [N·m/A] */

/* 0 when d is usable; otherwise *why names the field and the condition. */
fric_status fric_bench_check(const fric_bench_def *d, const char **why);

typedef struct {
    double q;             /* joint angle, 0 = hanging down       [rad]        */
    double dq;            /* joint velocity                      [rad/s]      */
    double t;             /* time                                [s]          */
    uint64_t steps;       /* steps taken                                      */
    /* the last step (those that advanced the state from t − dt to t) */
    double tau_m;         /* motor torque                        [N·m]        */
    double tau_e;         /* external (gravity) torque            [N·m]        */
    double tau_f;         /* friction torque applied              [N·m]        */
    double budget;        /* τ_f^m the treatment used             [N·m]        */
    int stuck;            /* 1 when friction held (did not saturate): CLIP
                             |τ_stop| ≤ B, IMPLICIT q̇' = 0, KARNOPP inside
                             the band, EXPLICIT never                        */
    /* counters since init */
    uint64_t reversals;   /* sign changes of q̇ between nonzero values       */
    uint64_t steps_stuck; /* steps with stuck = 1                            */
    int last_sign;        /* sign of the last nonzero q̇ (0 before any)      */
    double target;        /* the firmware's smoothed target q_s (0 at init;
                             the goal itself without smoothing)  [rad]        */
    /* prepared from the def by fric_bench_init / fric_bench_retune (internal) */
    double J;             /* inertia                              [kg·m²]      */
    double J_dt;          /* J/dt                                 [N·m·s/rad]  */
    double Z;             /* dt/J, the transform constant          [rad/(N·m·s)] */
    double dt2;           /* dt² in the position update: 0 for MuJoCo's
                             Euler (q' = q + θ̇'·dt exactly)       [s²]         */
    double grav;          /* (m + m_arm/2)·(−g)·l: τe = grav·sin(q + q_offset) [N·m] */
    double target_step;   /* max_velocity·dt, +inf without smoothing [rad]    */
    fric_elem_a_var elem; /* IMPLICIT: element A, the budget as a Stribeck law */
    fric_warm warm;       /* IMPLICIT: warm start of the α ≠ 1 solve          */
} fric_bench_state;

/* Starts at angle q0 [rad] and velocity dq0 [rad/s], t = 0, counters 0.
 * Nonzero (and *why) when d fails fric_bench_check or q0/dq0 are not finite. */
fric_status fric_bench_init(const fric_bench_def *d, fric_bench_state *s,
                            double q0, double dq0, const char **why);

/* Re-prepares what the step precomputes from d (inertia, J/dt, gravity gain,
 * the IMPLICIT plan) after d changed, keeping the dynamic state (q, dq, t,
 * counters). d must pass fric_bench_check. */
void fric_bench_retune(const fric_bench_def *d, fric_bench_state *s);

/* One step of dt toward goal [rad] with torque_enable 0/1. Requires a def
 * that passed fric_bench_check and the state fric_bench_init prepared from
 * it (fric_bench_retune after changing d). Returns FRIC_OK, or
 * FRIC_E_NONFINITE (param −1) when the new state is not finite (the state is
 * then left as it was before the step). */
fric_status fric_bench_step(const fric_bench_def *d, fric_bench_state *s,
                            double goal, int torque_enable);

/* A robot's joint driven by this servo (fric_ident.h, the bam model of
 * core/identify/ident_bam.c), as fric_native_step_inertia and
 * fric_native_step_load extend the native bench's step:
 * fric_bench_step_inertia sets the step's inertia J [kg·m²] (> 0: the
 * joint's M at the pose with the servo's armature) in s, and with it J/dt,
 * Z = dt/J and the IMPLICIT plan, as fric_bench_retune derives them from
 * the bench's J (no check; d as s was prepared with). fric_bench_step_load
 * is fric_bench_step with the torque enabled and the external torque tau_e
 * [N·m] (the joint's load) in place of the bench's gravity (d's mass,
 * length and q_offset then unused): 1, or 0 when the new state is not
 * finite (s unchanged; the status recorded as fric_bench_step's). */
void fric_bench_step_inertia(const fric_bench_def *d, fric_bench_state *s, double J);
int fric_bench_step_load(const fric_bench_def *d, fric_bench_state *s, double goal, double tau_e);

/* Servo torque τm [N·m] for the state (q, dq) and the target the
 * firmware's loop follows (no friction; with target smoothing, the step
 * passes its smoothed target q_s, not the goal). */
double fric_bench_motor_torque(const fric_bench_def *d, double q, double dq,
                               double goal, int torque_enable);
/* Gravity torque τe [N·m] at q (q_offset included) and inertia J [kg·m²]. */
double fric_bench_gravity_torque(const fric_bench_def *d, double q);
double fric_bench_inertia(const fric_bench_def *d);
/* Mechanical energy ½·J·dq² + (m + m_arm/2)·g·l·(1 − cos(q + q_offset)) [J]. */
double fric_bench_energy(const fric_bench_def *d, double q, double dq);

/* The def the `bench` scenario builds from its parameter vector p (the
 * order of fric_scenario_bench.params). resolved (may be NULL) receives p with
 * every −1 ("the preset's value") replaced by the value used. 0, or nonzero
 * with *why as the scenario's init would report. */
fric_status fric_bench_def_from_params(const double *p, double *resolved, fric_bench_def *d,
                                       const char **why);

/* ------------------------------------------------------------ trajectories */

/* The trajectories of Rhoban/bam bam/trajectory.py (paper §V-A), 6 s each:
 *   SIN_SIN        sin(t)·π/2 + sin(5t)·0.5·sin(2t)          ("slow oscillations
 *                  with smaller sub-oscillations")
 *   SIN_TIME_SQUARE sin(t²)                                  ("accelerated
 *                  oscillations")
 *   LIFT_AND_DROP  cubic 0 → −π/2 over [0, 2] s (zero end velocities), then
 *                  torque off                                ("lift and drop")
 *   UP_AND_DOWN    cubic 0 → π/2 (t = 3 s) → 0.8·π/2 (t = 6 s), zero
 *                  velocity at the knots, held after 6 s      ("raising and
 *                  lowering slowly")
 *   GOAL           the constant goal angle
 *   TORQUE_OFF     torque disabled throughout (bam's "nothing") */
typedef enum {
    FRIC_TRAJ_SIN_SIN = 0,
    FRIC_TRAJ_SIN_TIME_SQUARE = 1,
    FRIC_TRAJ_LIFT_AND_DROP = 2,
    FRIC_TRAJ_UP_AND_DOWN = 3,
    FRIC_TRAJ_GOAL = 4,
    FRIC_TRAJ_TORQUE_OFF = 5
} fric_bench_traj;

/* The kinds' names, indexed by fric_bench_traj ("sin_sin", ..., "torque_off"):
 * the logs' "trajectory" header and the bench scenario's choice. */
#define FRIC_BENCH_N_TRAJ 6
extern const char *const fric_bench_traj_names[FRIC_BENCH_N_TRAJ];

/* Goal [rad] at time t [s]; *torque_enable (not NULL) gets 0/1. goal_angle
 * [rad] is used by GOAL only. NaN goal for an unknown kind. */
double fric_bench_traj_goal(fric_bench_traj kind, double t, double goal_angle,
                            int *torque_enable);

/* ------------------------------------------------------------------ replay */

typedef struct {
    double mae;          /* mean |q_sim − q_log| over the samples  [rad]      */
    double max_err;      /* max  |q_sim − q_log|                   [rad]      */
    size_t samples;      /* samples simulated and scored                       */
    double dt;           /* step used                               [s]        */
    int resampled;       /* 1 when the entries were resampled (raw log)        */
    uint64_t reversals;  /* velocity sign reversals in the simulation          */
    uint64_t steps_stuck;
} fric_bench_replay_result;
/* The fields of fric_bench_replay_result, X(field, unit). */
#define FRIC_BENCH_REPLAY_RESULT_FIELDS(X) \
    X(mae, "rad") X(max_err, "rad") X(samples, "") X(dt, "s") X(resampled, "") \
    X(reversals, "") X(steps_stuck, "")

/* Replays a log as the paper's identification scores it (§V-B; Rhoban/bam
 * bam/simulate.py rollout_log with simulate_control=True, bam/fit.py):
 *   - the log (fric_io.h: the one log type of the CLI, the benchmarks and
 *     the browser, as fric_io_log_read or fric_io_log_create_from_raw fill it) is
 *     checked and sampled by the io library (fric_io_log_check,
 *     fric_io_log_sample; fric_io_log_samples gives the number of samples,
 *     the size sim_q needs): a processed log (log->dt > 0, timestamps
 *     t_0 + k·dt within FRIC_IO_DT_TOL·dt) is stepped as is, one step of
 *     log->dt per entry. A raw log (log->dt == 0, irregular timestamps) is
 *     resampled exactly as bam/process.py: t_k = k·FRIC_IO_RESAMPLE_DT for
 *     k < ceil(t_last/FRIC_IO_RESAMPLE_DT), every field linearly
 *     interpolated between the bracketing entries (extrapolated before the
 *     first one), torque_enable = (interpolated value > 0.5);
 *   - initial state: the first (resampled) position and speed;
 *   - per sample k: record q_k, then step with the logged goal_position_k
 *     and torque_enable_k, the control law recomputed from the simulated
 *     state;
 *   - score: mean over k of |q_k − position_k| (k = 0 included).
 * d supplies friction, servo, treatment and karnopp_eps; mass, arm_mass,
 * length, kp, vin (when log->vin > 0) and the step come from the log's
 * header (motor and trajectory are not read).
 * sim_q (may be NULL) receives min(cap, samples) simulated positions [rad].
 * Returns FRIC_OK, or a status with *why naming the problem: FRIC_E_NULL,
 * FRIC_E_LOG_INVALID (io's message: a bad header field, or entry k's
 * timestamp or value), fric_bench_check's status, FRIC_E_NONFINITE (the
 * simulation leaving the finite range at sample k). */
fric_status fric_bench_replay(const fric_bench_def *d, const fric_io_log *log, double *sim_q, size_t cap,
                              fric_bench_replay_result *out, const char **why);

/* The def a replay of log uses (and the batch, for each log): d with the
 * log header's mass, arm_mass, length, kp, vin (when log->vin > 0), the
 * HLS's damping and max_amps (fric_bench_gains_for_log) and the step
 * fric_io_log_step(log). Not checked (fric_bench_check). */
void fric_bench_def_from_log(const fric_bench_def *d, const fric_io_log *log, fric_bench_def *e);
/* A log's header against the bench scenario's ranges (its table, the one
 * `friction run bench` applies): mass, arm_mass, length, kp, and vin and
 * dt when the log has them (> 0). The check of every door that reads a log
 * for a replay or a fit: the native tool's after fric_io_log_read, the wasm
 * build's in its log load (so the page's and the Node tools'). FRIC_OK, or
 * FRIC_E_LOG_INVALID with err (may be NULL) filled (code FRIC_IO_RANGE,
 * field the key, entry −1) and one sentence naming the log (source), the
 * key, its value and the range, as io says a range ("log x.json: \"mass\" =
 * 1e+308 must be in [0.001, 50] kg (the bench's range)."); FRIC_E_NULL
 * without a log. */
fric_status fric_bench_log_check(const fric_io_log *log, const char *source, fric_io_error *err);

/* The log's gains on e, in place (fric_bench_def_from_log's, also the MuJoCo
 * replay's): kp; vin when log->vin > 0; for the Feetech HLS (control
 * FRIC_SERVO_CURRENT_HOST) the header's damping → servo.d_gain and
 * max_amps → servo.max_amps when > 0 (bam/feetech_hls/actuator.py: the
 * log's keys override the defaults d 0.08, max_amps 0.36 A). */
void fric_bench_gains_for_log(fric_bench_def *e, const fric_io_log *log);

/* ---------------------------------------------- batched multi-log evaluation */

/* N logs, already parsed and resampled to their step (what identification
 * scores again and again), as structure of arrays: sample k of log i is at
 * [k·logs + i], so one step of all logs reads contiguous memory. A log with
 * fewer samples than `samples` is padded (padding is neither stepped nor
 * read for the score). Caller-owned; nothing is copied. */
typedef struct {
    size_t logs;                       /* N (>= 1)                              */
    size_t samples;                    /* S: the longest log's samples          */
    const size_t *n;                   /* [N] samples of each log, 1..S         */
    const double *goal;                /* [S·N] goal_position         [rad]     */
    const unsigned char *torque_enable;/* [S·N] 0/1                             */
    const double *q_rec;               /* [S·N] recorded position     [rad]     */
    const double *dq0;                 /* [N] initial speed (NULL: 0) [rad/s]   */
    const fric_io_log *header;         /* [N] each log's header: mass, arm_mass,
                                          length, kp, vin (0: the def's) and dt
                                          (> 0: the step of the samples, i.e.
                                          fric_io_log_step of the log they come
                                          from); n and the entry arrays are not
                                          read (may be 0 and NULL)             */
} fric_bench_batch;

/* One log's bench inside a batch evaluation (caller-provided workspace of N
 * lanes; its contents are the evaluation's own business). */
typedef struct {
    fric_bench_def def;
    fric_bench_state st;
    double sum;              /* Σ |q_sim − q_rec| so far              [rad]     */
} fric_bench_lane;

/* Validates the batch's data once (shapes, 1 <= n[i] <= S, finite values,
 * torque_enable 0/1, header fields). FRIC_OK, or FRIC_E_PARAM_RANGE with
 * *why naming the log and sample. fric_bench_batch_mae does not re-check (debug builds assert). */
fric_status fric_bench_batch_check(const fric_bench_batch *b, const char **why);

/* The replay score of a parameter set on every log of a checked batch: for
 * each log i, mae[i] is what fric_bench_replay returns as .mae for that log
 * (processed-log semantics: one step of header dt per sample, initial state
 * the first recorded position and dq0, d's friction, servo, treatment and
 * karnopp_eps, the header's mass, arm_mass, length, kp, vin, dt), or NaN
 * where that replay fails (the simulation leaves the finite range). All logs
 * advance together, one sample at a time. lanes: N workspace lanes. FRIC_OK,
 * or fric_bench_init's status with *why when d does not pass
 * fric_bench_check for some log.
 * No allocation. */
fric_status fric_bench_batch_mae(const fric_bench_batch *b, const fric_bench_def *d,
                                 fric_bench_lane *lanes, double *mae, const char **why);

/* ------------------------------------------- the multi-lane kernel (fast) */

/* The kernels of fric_bench_batch_mae_lanes. */
#define FRIC_BENCH_LANES_AUTO 0     /* the best this machine has            */
#define FRIC_BENCH_LANES_GENERIC 1  /* 2 lanes of 128 bits: SSE2, wasm SIMD128 */
#define FRIC_BENCH_LANES_AVX2 2     /* 4 lanes of 256 bits (x86-64 with AVX2) */
#define FRIC_BENCH_LANES_AVX512 3   /* 8 lanes of 512 bits (x86-64, AVX-512 F+DQ) */

/* The kernel FRIC_BENCH_LANES_AUTO runs here (AVX512, AVX2 or GENERIC). */
int fric_bench_lanes_isa_auto(void);

/* The replay score of fric_bench_batch_mae for count parameter sets d[c]
 * at once, computed by the multi-lane kernel (core/system/bench/
 * bench_lanes*.c): every (set, log) pair is one vector lane, lane c·N + i
 * (structure of arrays), stepped with the same formulas as
 * fric_bench_step (core/base/servo_formulas.h) but the core's own vector
 * sin, exp and pow (≤ 1 ulp; pow ≤ 1 + 2|y| ulp; core/base/lanes.h) in
 * place of libm's. So mae[c·N + i] is close to, not equal to,
 * fric_bench_batch_mae's for d[c] (a rounding difference can flip a
 * stick/slip decision; docs/performance.md gives the distance on the
 * shared logs), and the same bits on every kernel, natively and in wasm,
 * whatever count and the other sets are. For identification's inner loop;
 * what a fit reports is rescored with the exact path. Lanes whose log has
 * ended or whose state left the finite range (mae NaN) are masked, not
 * branched on. The CLIP and IMPLICIT treatments (others:
 * FRIC_E_UNSUPPORTED); IMPLICIT solves the slip with the scalar step's own
 * iteration (core/base/slip_formulas.h), also for α = 1, where the scalar
 * step takes the Lambert W closed form. The sets share their model,
 * control law and treatment. isa: FRIC_BENCH_LANES_*; one the
 * machine lacks gives FRIC_E_UNSUPPORTED. Every d[c] must pass
 * fric_bench_check for every log (FRIC_E_PARAM_RANGE with *why naming the
 * set and log otherwise). q_sim (may be NULL, else S·count·N values): the
 * simulated positions scored, q_sim[k·count·N + c·N + i] for k < n[i]
 * (other entries may be written). No allocation. */
fric_status fric_bench_batch_mae_lanes(const fric_bench_batch *b, const fric_bench_def *d, size_t count,
                                       int isa, double *mae, double *q_sim, const char **why);

/* ------------------------------------------------ a params file's keys */
/* The scenario's side of a params file (core/system/bench/bench_params.c;
 * the readers in bench_params_json.c, native): a key goes to scenario sc's
 * parameter through sc's own table (fric_scenario_set), so a file is held to
 * exactly the ranges of `friction run name=value`. io reads the file
 * (fric_io_params_walk), refuses a key in its format (fric_io_params_refuse)
 * and carries the keys the core does not model; it knows no scenario. */

/* One key of a parameter file (a flat JSON object) to scenario sc's vector p:
 * a number sets a numeric parameter, a string names a choice; the range and
 * the choices are those of sc's parameter table (fric_scenario_set, as
 * `friction run name=value`). The fit metadata keys of
 * fric_io_params_write (numbers) are accepted and set nothing. FRIC_OK, or
 * FRIC_E_PARAMS_INVALID (param: the key's index in sc->params, −1 when it
 * is none) with err (may be NULL) filled. */
fric_status fric_io_params_set(const fric_scenario *sc, double *p, const char *key,
                               fric_io_kind kind, double num, const char *str, const char *source,
                               fric_io_error *err);

/* Reads a parameter file into p (native, cJSON): each key in turn with
 * fric_io_params_set; p keeps the values the file does not give. FRIC_OK,
 * or a status (FRIC_E_FILE, FRIC_E_PARAMS_INVALID, FRIC_E_NO_MEMORY) with
 * err (required) filled. A key the core does not model is refused. */
fric_status fric_io_params_read(const char *path, const fric_scenario *sc, double *p,
                                fric_io_error *err);

/* fric_io_params_set, but a key that is not a parameter of sc goes to
 * carry (when carry is not NULL) with its value json (compact JSON text)
 * instead of being refused. *carried (may be NULL) is 1 when the key was
 * carried (warn with fric_io_params_carry_note), else 0. */
fric_status fric_io_params_key(const fric_scenario *sc, double *p, fric_io_params_carry *carry,
                               const char *key, fric_io_kind kind, double num, const char *str,
                               const char *json, const char *source, int *carried,
                               fric_io_error *err);

/* fric_io_params_read with the keys sc does not model carried (see above;
 * carry is cleared first; carry->n says how many, warn for each). */
fric_status fric_io_params_read_carry(const char *path, const fric_scenario *sc, double *p,
                                      fric_io_params_carry *carry, fric_io_error *err);

/* A servo's params file, in every door (`friction replay/fit --from/mujoco`,
 * the page's params pickers, tools/robot.mjs): fric_bench_params_servo_init
 * fills p with the bench scenario's defaults and marks actuator and model
 * unset (a file must name both); the file's keys are then read into p
 * (fric_io_params_key/_read_carry); fric_bench_params_servo checks that
 * both were named and that the bench builds a servo of it
 * (fric_bench_def_from_params: negative friction_base, R = 0, ... refused),
 * and fills *d (may be NULL). 0, or FRIC_E_PARAM_RANGE with one sentence
 * naming source: `params SOURCE: no "actuator"; a params file names its
 * actuator ("xl330", ...) and its model ("m1" .. "m6").` or `params SOURCE:
 * bench: ...` (the CLI's words). *actuator (the bench's name) and *model
 * (1..6) receive the file's when not NULL. */
void fric_bench_params_servo_init(double *p);
fric_status fric_bench_params_servo(const double *p, const char *source, fric_bench_def *d,
                                    const char **actuator, int *model);

#ifdef __cplusplus
}
#endif
#endif /* FRIC_BENCH_H */
