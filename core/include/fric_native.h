/*
 * fric_native.h: MuJoCo's own joint model on the pendulum bench (the
 * seventh model beside M1–M6, "native"): the bench's hinge as MuJoCo
 * simulates it with the joint's frictionloss (MuJoCo's soft friction
 * constraint, solreffriction/solimpfriction), damping and armature, and a
 * position actuator (kp, kv, forcerange) whose ctrl is the log's goal. The
 * parameters are MuJoCo's, under MuJoCo's names and in MuJoCo's units, so
 * that a fitted set runs unchanged in any MuJoCo (2.2.2, 3.x, MJX, MuJoCo
 * Warp): the MJCF text is fric_native_mjcf_attrs's, one function for the
 * bench (fric_native_bench_mjcf) and the <default> class export.
 *
 * MuJoCo-free: the step (core/system/bench/bench_native.c) is the core's
 * exact restatement of what MuJoCo computes for that one hinge (below), so
 * it runs in the fit's lane kernel and in the page; tests/mujoco/
 * test_native_mujoco.c (MuJoCo 2.2.2) and tests/web/native_mujoco.test.mjs
 * (MuJoCo 3.14) hold it against real MuJoCo per log.
 *
 * The firmware kp and MuJoCo's kp. A bam log carries the firmware's gain
 * "kp" (and "vin"); the servo's stiffness is proportional to it (VOLTAGE
 * control: duty = kp·error_gain·e, so ∂τm/∂e ∝ kp), so one MuJoCo kp
 * cannot fit logs of several firmware gains. The parameter set states
 * MuJoCo's kp at one firmware gain, firmware_kp, and a log with firmware
 * gain k runs MuJoCo's kp
 *     kp_mujoco = kp · k / firmware_kp                               [N·m/rad]
 * (fric_native_kp_for). kv (the motor's back-EMF and the loop's damping)
 * and forcerange (the supply's bound) do not scale with the firmware gain.
 * The export writes the class for one firmware gain: at firmware_kp it is
 * kp itself. The supply vin is not scaled: the logs of one actuator in
 * ../shared/data/bam share theirs (xl330 7.4 V, sts3215 12 V); a set fitted
 * at one supply holds at that supply.
 *
 * What MuJoCo computes for the bench's hinge, per step h (Euler, one dof,
 * no contact, no limit; MuJoCo 2.2.2 and 3.14 alike; derivation and the
 * sources read in bench_native.c):
 *   J      = the body's inertia about the hinge + armature (MuJoCo's M),
 *            fric_mujoco_bench_mjcf's inertial with this armature
 *   τg     = (m + m_arm/2)·(−g)·l·sin(q + q_offset)          (qfrc_bias)
 *   τa     = torque_enable ? clamp(kp_mujoco·(goal − q) − kv·q̇, lo, hi) : 0
 *            (actuator_force; forcerange lo = hi = 0: no clamp; kv is an
 *            explicit bias force in Euler in both versions: only the
 *            joint's damping is implicit)
 *   τs     = τg + τa − damping·q̇                          (qfrc_smooth)
 *   a0     = τs / J                                         (qacc_smooth)
 *   the friction row (mjCNSTR_FRICTION_DOF, Jacobian 1, efc_pos 0):
 *     imp  = solimp's impedance at distance 0 (dmin, clamped as MuJoCo
 *            clamps it), R = (1 − imp)/imp · dof_invweight0, with
 *            dof_invweight0 = 1/J,
 *     timeconst' = max(timeconst, 2h) (MuJoCo's refsafe), B = 2/(dmax·
 *            timeconst'), aref = −B·q̇ (solref's stiffness has no position
 *            to act on),
 *     f    = the force MuJoCo's solver returns for the one scalar row: the
 *            minimiser of ½·J·(a − a0)² + s(a) with the row's Huber cost,
 *            f = clamp(J·(aref − a0)/(1 + J·R), ±frictionloss)
 *            = clamp(imp·J·(aref − a0), ±frictionloss);
 *   q̇'     = q̇ + h·(τs + f)/(J + h·damping)    (Euler's implicit damping)
 *   q'     = q + h·q̇'
 * torque_enable off: the actuator's force is 0 that step (MuJoCo: the
 * actuation disabled, mjDSBL_ACTUATION; the existing `friction mujoco`
 * replay's τm = 0 of fric_bench.h).
 *
 * Conventions as fric_bench.h: SI units; params const, state caller-owned;
 * nothing allocates per step; every function deterministic; fallible calls
 * return fric_status with one sentence naming the key (fric_status_last).
 */
#ifndef FRIC_NATIVE_H
#define FRIC_NATIVE_H

#include <stddef.h>
#include <stdint.h>

#include "fric_bench.h"
#include "fric_io.h"
#include "fric_status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* MuJoCo's defaults for the friction constraint (mjmodel.h: mj_defaultSolRefImp). */
#define FRIC_NATIVE_SOLREF_TIMECONST 0.02  /* [s] */
#define FRIC_NATIVE_SOLREF_DAMPRATIO 1.0   /* [-] */
#define FRIC_NATIVE_SOLIMP_DMIN 0.9
#define FRIC_NATIVE_SOLIMP_DMAX 0.95
#define FRIC_NATIVE_SOLIMP_WIDTH 0.001     /* [rad] */
#define FRIC_NATIVE_SOLIMP_MIDPOINT 0.5
#define FRIC_NATIVE_SOLIMP_POWER 2.0
/* MuJoCo's bounds on an impedance (mjMINIMP, mjMAXIMP). */
#define FRIC_NATIVE_IMP_MIN 0.0001
#define FRIC_NATIVE_IMP_MAX 0.9999

/* The largest magnitude of any native value (a bound that keeps every
 * product of the step finite; real servos lie many decades below). */
#define FRIC_NATIVE_VALUE_MAX 1e6
/* MuJoCo needs a body inertia > 0: the bench MJCF's body about its centre
 * has at least this (a point mass has 0), added to the joint's inertia
 * beside the armature (fric_mujoco_bench_mjcf and fric_native_inertia
 * share it)  [kg·m²]. */
#define FRIC_BENCH_INERTIA_FLOOR 1e-9

/* The native parameters: MuJoCo's own, under its names and units. */
typedef struct {
    double frictionloss;     /* joint frictionloss                [N·m]       (>= 0) */
    double damping;          /* joint damping                     [N·m·s/rad] (>= 0) */
    double armature;         /* joint armature (rotor inertia)    [kg·m²]     (>= 0) */
    double kp;               /* <position> kp at firmware_kp      [N·m/rad]   (>= 0) */
    double firmware_kp;      /* the firmware gain kp is stated at  [-]         (> 0)  */
    double kv;               /* <position> kv (MuJoCo 3; 2.2.2: <general> biasprm[2]
                                = −kv)                            [N·m·s/rad] (>= 0;
                                > 0 needs kp > 0)                                    */
    double forcerange_lo;    /* actuator forcerange, lower         [N·m] (lo < hi;   */
    double forcerange_hi;    /* ... upper; lo = hi = 0: forcelimited false) [N·m]   */
    double solreffriction_timeconst; /* joint solreffriction[0]    [s]   (> 0)       */
    double solreffriction_dampratio; /* joint solreffriction[1]    [-]   (> 0)       */
    double solimpfriction[5];/* joint solimpfriction: dmin, dmax [-] (each in
                                [FRIC_NATIVE_IMP_MIN, FRIC_NATIVE_IMP_MAX]),
                                width [rad] (>= 0), midpoint [-] (in [0, 1]),
                                power [-] (>= 1)                                    */
    double q_offset;         /* the bench's calibration offset (fric_bench.h's
                                q_offset: gravity at q + q_offset)  [rad]           */
} fric_native_params;

/* The params file's keys (MuJoCo's attribute names; a two-number attribute
 * as NAME_PART), X(key, field expression, unit). The file names the model
 * "native" ("model": "native") and its actuator ("actuator": "xl330"); no
 * key of an M-model file (friction_base, kt, ...) may stand beside these:
 * fric_native_params_key refuses it with one sentence naming the key. */
#define FRIC_NATIVE_KEYS(X) \
    X("frictionloss", frictionloss, "N·m") \
    X("damping", damping, "N·m·s/rad") \
    X("armature", armature, "kg·m²") \
    X("kp", kp, "N·m/rad") \
    X("firmware_kp", firmware_kp, "") \
    X("kv", kv, "N·m·s/rad") \
    X("forcerange_lo", forcerange_lo, "N·m") \
    X("forcerange_hi", forcerange_hi, "N·m") \
    X("solreffriction_timeconst", solreffriction_timeconst, "s") \
    X("solreffriction_dampratio", solreffriction_dampratio, "") \
    X("solimpfriction_dmin", solimpfriction[0], "") \
    X("solimpfriction_dmax", solimpfriction[1], "") \
    X("solimpfriction_width", solimpfriction[2], "rad") \
    X("solimpfriction_midpoint", solimpfriction[3], "") \
    X("solimpfriction_power", solimpfriction[4], "") \
    X("q_offset", q_offset, "rad")
#define FRIC_NATIVE_N_KEYS 16
/* The model name of a native params file and of `friction fit --model`. */
#define FRIC_NATIVE_MODEL_NAME "native"

/* MuJoCo's defaults: frictionloss, damping, armature, kp, kv 0, firmware_kp
 * the actuator's default gain (1 when act is NULL), no forcerange, the
 * default solreffriction/solimpfriction, q_offset the actuator's (0). */
void fric_native_params_default(fric_native_params *p, const fric_servo_actuator *act);

/* FRIC_OK when p is a set MuJoCo loads and the step restates; otherwise
 * FRIC_E_PARAM_RANGE (FRIC_E_NULL for NULL) with one sentence naming the
 * key, e.g. "native: frictionloss = -0.1 N·m must be >= 0.", "native: kv =
 * 0.5 N·m·s/rad needs kp > 0 (a position actuator without kp has no kv).",
 * "native: forcerange_lo = 1 N·m is not below forcerange_hi = -1 N·m
 * (forcerange inverted).". Every value finite. */
fric_status fric_native_check(const fric_native_params *p);

/* MuJoCo's kp for a log of firmware gain k: kp·k/firmware_kp [N·m/rad]. */
double fric_native_kp_for(const fric_native_params *p, double firmware_kp_log);
/* 1 when the actuator's force is limited (forcerange not 0 0). */
int fric_native_limited(const fric_native_params *p);

/* What a native set writes into a robot's compiled model for one joint and
 * the position actuator on it: the one definition of "MuJoCo's own servo"
 * in a robot, for the identification's whole-arm replay
 * (fric_mujoco_ident_replay natively, core.native.edit and
 * web/src/ident/tracks.js in the page) and the adoption of a native params
 * file (fric_robot.h: `friction mujoco --adopt`, tools/robot.mjs, the
 * page's Your robot). The joint's dof gets dof_frictionloss, dof_damping,
 * dof_armature, dof_solref (the friction's solreffriction) and dof_solimp
 * (solimpfriction); the actuator becomes MuJoCo's <position> of kp and kv:
 * gaintype FIXED, biastype AFFINE, dyntype NONE, gainprm (kp, 0, ...),
 * biasprm (0, −kp, −kv, 0, ...), forcelimited and forcerange (its gear and
 * ctrlrange as the file has them); then mj_setConst (dof_invweight0 with
 * the new armature, as a compiled file has it: the friction row's
 * impedance reads it). */
#define FRIC_NATIVE_EDIT_FIELDS(X) \
    X(frictionloss, "N·m") X(damping, "N·m·s/rad") X(armature, "kg·m²") X(solref, "") X(solimp, "") \
    X(kp, "N·m/rad") X(kv, "N·m·s/rad") X(limited, "") X(forcerange, "N·m")
typedef struct {
    double frictionloss;     /* dof_frictionloss                  [N·m]       */
    double damping;          /* dof_damping                       [N·m·s/rad] */
    double armature;         /* dof_armature                      [kg·m²]     */
    double solref[2];        /* dof_solref: timeconst [s], dampratio [-]      */
    double solimp[5];        /* dof_solimp: dmin, dmax, width [rad], midpoint, power */
    double kp;               /* the actuator's gain: fric_native_kp_for at the
                                firmware gain asked              [N·m/rad]   */
    double kv;               /* its damping (bias −kv)            [N·m·s/rad] */
    int limited;             /* actuator_forcelimited (fric_native_limited)   */
    double forcerange[2];    /* actuator_forcerange lo, hi        [N·m]       */
} fric_native_edit;

/* p's edit at the firmware gain firmware_kp (p->firmware_kp: kp as the file
 * states it). FRIC_OK, or fric_native_check's refusal (FRIC_E_NULL for
 * NULL; FRIC_E_PARAM_RANGE for a firmware_kp not a finite number > 0) with
 * its sentence; *e untouched then. */
fric_status fric_native_edit_of(const fric_native_params *p, double firmware_kp, fric_native_edit *e);

/* --------------------------------------------------- the params file */
/* A native params file: one flat JSON object with the keys of
 * FRIC_NATIVE_KEYS (numbers), "model": "native", "actuator": a name the
 * core resolves (fric_bench_actuator_resolve) and optionally the fit
 * metadata keys (fit_*, fric_io_params_fit_key). A key of an M-model file
 * that is not a native key (friction_base, kt, R, error_gain_ratio, ...)
 * is refused, as a native-only key (frictionloss, kv, solreffriction_*,
 * ...) is refused in an M-model file (fric_io_params_key): one sentence
 * naming the key. */

/* 1 when key is one of FRIC_NATIVE_KEYS that an M-model file does not
 * have (frictionloss, firmware_kp, kv, forcerange_*, solreffriction_*,
 * solimpfriction_*), else 0. */
int fric_native_only_key(const char *key);

/* Starts a read: p gets MuJoCo's defaults, firmware_kp and q_offset marked
 * unset (NaN) until a key or fric_native_params_finish sets them. */
void fric_native_params_start(fric_native_params *p);

/* One key of a native file into p. *actuator (not NULL) receives the
 * actuator's name (static storage) for "actuator"; *model_seen is set to 1
 * by "model": "native". FRIC_OK, or FRIC_E_PARAMS_INVALID with err (may be
 * NULL) filled and one sentence "params SOURCE: key \"KEY\": ..." naming
 * the key. */
fric_status fric_native_params_key(fric_native_params *p, const char *key, fric_io_kind kind, double num,
                                   const char *str, const char *source, const char **actuator, int *model_seen,
                                   fric_io_error *err);

/* Ends a read: "model" and "actuator" must have been given; firmware_kp
 * and q_offset the file left out become the actuator's kp_default and
 * q_offset; then fric_native_check. FRIC_OK or FRIC_E_PARAMS_INVALID with
 * one sentence naming the file and the key. */
fric_status fric_native_params_finish(fric_native_params *p, const char *actuator, int model_seen,
                                      const char *source, fric_io_error *err);

/* Reads a native params file (native builds: io's JSON walk). FRIC_OK, or
 * the status with err (required) filled. */
fric_status fric_native_params_read(const char *path, fric_native_params *p, const char **actuator,
                                    fric_io_error *err);

/* 1 when the params file at path names "model": "native" (native builds;
 * 0 for any other file, unreadable ones included: the M reader says why). */
int fric_native_params_file(const char *path);

/* Writes the native params file of p into buf[cap] (NUL-terminated; *len,
 * may be NULL, the length without the NUL, also when buf is too small):
 * 4-space indented, the keys of FRIC_NATIVE_KEYS in order, fit metadata
 * (fit may be NULL) as fric_io_params_write writes it, then "model":
 * "native" and "actuator". Numbers by fric_io_format_double. FRIC_OK,
 * FRIC_E_NULL, FRIC_E_PARAM_RANGE (fric_native_check's refusal, a bad
 * actuator name) or FRIC_E_BUFFER. */
fric_status fric_native_params_write(const fric_native_params *p, const char *actuator,
                                     const fric_io_params_fit *fit, char *buf, size_t cap, size_t *len);

/* ------------------------------------------------ the bench's native joint */

/* One log's bench with the native joint: p, the log header's geometry and
 * firmware gain, the step. */
typedef struct {
    fric_native_params p;
    double mass;          /* point load m                        [kg]  (> 0)  */
    double arm_mass;      /* uniform arm m_arm                   [kg]  (>= 0) */
    double length;        /* l                                   [m]   (> 0)  */
    double log_kp;        /* the log's firmware kp               [-]   (>= 0) */
    double dt;            /* time step, MuJoCo's timestep        [s]   (> 0)  */
} fric_native_bench;

/* The bench of log (its mass, arm_mass, length, kp, fric_io_log_step) with p. */
void fric_native_bench_from_log(const fric_native_params *p, const fric_io_log *log, fric_native_bench *b);

/* MuJoCo's M for the bench's dof: m·l² + m_arm·l²/3, the body's floor
 * (FRIC_BENCH_INERTIA_FLOOR minus its inertia about its centre, when less)
 * and the armature [kg·m²]. */
double fric_native_inertia(const fric_native_bench *b);

/* What the step precomputes (fric_native_prepare) and its state. */
typedef struct {
    double h;          /* timestep                                [s]          */
    double J;          /* MuJoCo's M for the dof                  [kg·m²]      */
    double grav;       /* (m + m_arm/2)·(−g)·l                     [N·m]        */
    double q_offset;   /*                                          [rad]        */
    double kp, kv;     /* MuJoCo's actuator gains for this log    [N·m/rad], [N·m·s/rad] */
    double lo, hi;     /* force clamp (±inf: none)                [N·m]        */
    double damping;    /*                                          [N·m·s/rad]  */
    double floss;      /* frictionloss                            [N·m]        */
    double impJ;       /* imp·J, f = clamp(impJ·(aref − a0), ±floss) [kg·m²]    */
    double B;          /* aref = −B·q̇                              [1/s]        */
    double inv_JhD;    /* 1/(J + h·damping)                        [1/(kg·m²)]  */
    double imp;        /* solimp's impedance at distance 0          [-]          */
} fric_native_step_def;

typedef struct {
    double q;          /* joint angle (qpos)                      [rad]        */
    double dq;         /* joint velocity (qvel)                   [rad/s]      */
    double tau_a;      /* the last step's actuator force          [N·m]        */
    double tau_f;      /* the last step's friction force (efc_force) [N·m]     */
    int held;          /* 1 when |tau_f| < frictionloss (the constraint's
                          quadratic zone: held, creeping)                     */
    uint64_t steps, reversals, steps_held;
    int last_sign;     /* sign of the last nonzero q̇ (0 before any)          */
} fric_native_state;

/* fric_native_check(&b->p) and the geometry (fric_bench_check's ranges for
 * mass, arm_mass, length, kp, dt), then the constants of the step. FRIC_OK or
 * the status with one sentence naming the key. */
fric_status fric_native_prepare(const fric_native_bench *b, fric_native_step_def *sd);

/* One step of h toward goal [rad] with torque_enable 0/1 (above).
 * FRIC_OK, or FRIC_E_NONFINITE with the state left as before the step. */
fric_status fric_native_step(const fric_native_step_def *sd, fric_native_state *s, double goal, int torque_enable);

/* A robot's joint (fric_ident.h): the step's inertia J [kg·m²] (> 0, the
 * joint's M at the pose with the armature) set, and with it the friction
 * row's imp·J and Euler's 1/(J + h·damping), as fric_native_prepare computes
 * them (the row's R from 1/J: exact for one dof, MuJoCo's dof_invweight0
 * at qpos0 for a chain). No check. */
void fric_native_step_inertia(fric_native_step_def *sd, double J);
/* The step of one joint that is not the bench's (a robot's joint,
 * fric_ident.h): fric_native_check(p), the firmware gain log_kp and the
 * step h as fric_native_prepare checks them, J > 0 [kg·m²] (with the
 * armature), no gravity (grav 0: the load comes through
 * fric_native_step_load). FRIC_OK or the status with one sentence. */
fric_status fric_native_prepare_joint(const fric_native_params *p, double log_kp, double h, double J,
                                      fric_native_step_def *sd);
/* One step as fric_native_step with the torque enabled and the external
 * torque tau_e [N·m] (a robot joint's load, fric_ident.h) in place of the
 * bench's gravity: 1, or 0 when the new state is not finite (s unchanged).
 * No status, no counters: the identification's inner loop. */
int fric_native_step_load(const fric_native_step_def *sd, fric_native_state *s, double goal, double tau_e);

/* A log replayed with the native joint, as fric_bench_replay scores it (same
 * samples, initial state the first position and speed, goal and
 * torque_enable per sample, MAE of q; steps_stuck counts held steps).
 * sim_q (may be NULL) receives min(cap, samples) positions. FRIC_OK, or
 * the status with one sentence. */
fric_status fric_native_replay(const fric_native_params *p, const fric_io_log *log, double *sim_q, size_t cap,
                               fric_bench_replay_result *out, const char **why);

/* fric_bench_batch_mae_lanes for native sets p[count] (the fit's inner
 * loop): mae[c·N + i] the replay score of set c on log i of the checked
 * batch b, NaN where the state leaves the finite range. isa as
 * fric_bench_batch_mae_lanes. No allocation. */
fric_status fric_native_batch_mae_lanes(const fric_bench_batch *b, const fric_native_params *p, size_t count,
                                        int isa, double *mae, double *q_sim, const char **why);

/* ------------------------------------------- the scenario "bench-native" */
/* The pendulum bench with this joint, live (core/system/bench/
 * bench_native_scn.c, fric_scenario_find("bench-native")): the bench's run
 * parameters, log_kp (the firmware gain it runs at, −1: firmware_kp) and
 * the native keys under FRIC_NATIVE_KEYS's names. Writes the native set np
 * of actuator (a name fric_bench_actuator_resolve knows) into that
 * scenario's vector p (its other parameters kept), "model" "native".
 * FRIC_OK, or FRIC_E_PARAM_RANGE (fric_native_check's sentence, or one
 * naming the actuator) with p unchanged. */
fric_status fric_native_scenario_params(const fric_native_params *np, const char *actuator, double *p);
/* The bench of the "bench-native" vector p (core/system/bench/
 * bench_native_scn.c): the native set and the run's geometry the scenario
 * steps. FRIC_OK, or the scenario's refusal of p (FRIC_E_PARAM_RANGE) or
 * FRIC_E_NULL, with *b unchanged. */
fric_status fric_native_scenario_bench(const double *p, fric_native_bench *b);
/* The bench MJCF (fric_native_bench_mjcf of fric_native_scenario_bench;
 * core/adapter/adapter_mjcf.c) of the "bench-native" vector p: what real
 * MuJoCo runs to give the scenario's rows (its start state q0, dq0 and the
 * trajectory's ctrl are the caller's to set). As snprintf; −1 with the
 * status recorded (a vector the scenario refuses). */
int fric_native_scenario_mjcf(const double *p, char *buf, size_t cap);

/* ----------------------------------------------------------- the fit */
/* The native fit (core/identify/fit_native.c): CMA-ES (fric_cmaes.h) in a
 * box over the fitted keys, the loss the mean of the logs' replay MAEs
 * (fric_native_batch_mae_lanes), the rest of the set (firmware_kp, the
 * solver's solreffriction/solimpfriction) held at the start's.
 * forcerange is fitted symmetric: forcerange_lo = −forcerange_hi. The bench's
 * q_offset is fitted as M1–M6 fit it, in the same box (the actuator's of
 * fric_fit_space_default: Rhoban/bam's bam/model.py [−0.1, 0.1] rad, the
 * sts3215's [−0.2, 0.2]; the list's [−0.1, 0.1] without an actuator). The
 * scale of each key is the M-models' (fric_fit_space_log): a log scale when
 * its box's lo > 0 (every key but q_offset: the values span decades
 * between servos: kp ≈ 0.8 N·m/rad for the xl330 at 400, several for the
 * sts3215), else uniform; the start at the box's centre (fric_fit_space_decode
 * at 0.5: √(lo·hi) on a log scale, (lo + hi)/2 otherwise). */
#define FRIC_NATIVE_FIT_LIST(X) \
    X("frictionloss", frictionloss, 1e-4, 2) \
    X("damping", damping, 1e-4, 3) \
    X("armature", armature, 1e-5, 0.1) \
    X("kp", kp, 0.01, 100) \
    X("kv", kv, 1e-4, 5) \
    X("forcerange_hi", forcerange_hi, 0.05, 30) \
    X("q_offset", q_offset, -0.1, 0.1)
#define FRIC_NATIVE_FIT_N 7

/* The box of the fit, per fitted key (FRIC_NATIVE_FIT_LIST's order) [unit of the key],
 * and the keys held out of the search (the CLI's --set, as fric_fit_space's free_ = 0):
 * held[i] = 1 keeps key i at value[i] in every candidate (its box unused); 0, what
 * fric_native_fit_space_default gives, searches it in [lo[i], hi[i]]. */
typedef struct {
    double lo[FRIC_NATIVE_FIT_N], hi[FRIC_NATIVE_FIT_N];
    unsigned char held[FRIC_NATIVE_FIT_N];
    double value[FRIC_NATIVE_FIT_N];   /* a held key's value [unit of the key] */
} fric_native_fit_space;
/* The evaluations of a native fit when none are asked for (the CLI's default,
 * `friction fit --model native` and `--model all`): tests/mujoco/
 * test_native_mujoco.c recovers known parameters with it, 4000 stopped short. */
#define FRIC_NATIVE_FIT_BUDGET 12000

/* The default box of actuator (a core actuator name, or NULL): FRIC_NATIVE_FIT_LIST's
 * bounds, q_offset's the actuator's M-model box (fric_fit_space_default) when the fit
 * knows the actuator. */
void fric_native_fit_space_default(const char *actuator, fric_native_fit_space *s);

/* The keys the search of box s moves (those not held) [-]. */
int fric_native_fit_space_free_count(const fric_native_fit_space *s);
/* The key of fitted parameter i (NULL out of range). */
const char *fric_native_fit_key(int i);
/* base with the fitted values v[FRIC_NATIVE_FIT_N] written in (forcerange
 * symmetric). */
void fric_native_fit_apply(const fric_native_params *base, const double *v, fric_native_params *p);
/* The fitted values of p. */
void fric_native_fit_values(const fric_native_params *p, double *v);
/* The start `friction fit --model native` and the Fit view fit from: the
 * actuator act's defaults (fric_native_params_default; act may be NULL)
 * with the fitted keys at the centre of box s (fric_fit_space_decode at 0.5). */
void fric_native_fit_start(const fric_servo_actuator *act, const fric_native_fit_space *s, fric_native_params *p);

/* The loss of p on the checked batch b: the mean of the logs' MAEs [rad]
 * (mae[i], may be NULL, each log's); +inf when a replay diverges or p is
 * refused. */
double fric_native_loss(const fric_bench_batch *b, const fric_native_params *p, double *mae);

/* Fits: from start (its fitted values the first mean, on the log scale;
 * the others held),
 * box s, budget evaluations, seed. *best the best set, *loss its loss,
 * *evals (may be NULL) the evaluations. FRIC_OK, or the status with one
 * sentence (start refused for a log of b, a start outside the box, no
 * memory). */
fric_status fric_native_fit(const fric_bench_batch *b, const fric_native_params *start, const fric_native_fit_space *s,
                            long budget, uint64_t seed, fric_native_params *best, double *loss, long *evals,
                            const char **why);

/* The same fit, one CMA-ES generation at a time (the Fit view's worker
 * reports each, as the M-models' ask/tell loop does; fric_native_fit is
 * this loop run to its end: the same seed gives the same sets, the same
 * bits). create checks what fric_native_fit checks (the same sentences)
 * and allocates: the fitter, or NULL with the status recorded
 * (fric_status_last; *why the sentence). step scores one generation on b
 * (which must outlive the fitter), tells it, and returns progress.done:
 * 0 while the search goes on, else why it ended (a
 * fric_cmaes_stop_reason: budget, tolfun, ..., FRIC_CMAES_STOPPED after
 * stop), also when stepped again after the end; −1 for a NULL fitter
 * (FRIC_E_NULL recorded). Allocation-free. stop ends the search before
 * the next generation (a cancel). */
typedef struct fric_native_fitter fric_native_fitter;
typedef struct {
    int generation;            /* generations told, all runs                  */
    int run;                   /* BIPOP run, 0 = first                         */
    int lambda;                /* candidates of the last generation told       */
    long evals;                /* losses told                                  */
    long budget;               /* evaluations in all                           */
    double best_loss;          /* best loss so far [rad] (+inf before any)     */
    double gen_best_loss;      /* the last generation's best [rad]             */
    double sigma;              /* CMA-ES step size (box units)                 */
    int done;                  /* 0 running, else a fric_cmaes_stop_reason     */
    fric_native_params best;   /* the best set so far (the start before any)   */
} fric_native_fit_progress;

fric_native_fitter *fric_native_fitter_create(const fric_bench_batch *b, const fric_native_params *start,
                                              const fric_native_fit_space *s, long budget, uint64_t seed,
                                              const char **why);
int fric_native_fitter_step(fric_native_fitter *f);
/* Native only (POSIX threads, fit_run.c, the pool of fric_fit_run): the
 * fitter stepped to its end with `threads` threads (0: every online core)
 * scoring each generation's candidates; every candidate's loss depends on
 * its set and b only, so the sets, the losses and the best are the bits of
 * fric_native_fitter_step's loop whatever the threads. on_gen (may be
 * NULL) is called after each generation; nonzero stops the fit
 * (fric_native_fitter_stop). Returns progress.done, or −1 (*why, the
 * status recorded) when the threads or their memory cannot be had. */
int fric_native_fit_run(fric_native_fitter *f, int threads,
                        int (*on_gen)(const fric_native_fit_progress *, void *), void *user,
                        const char **why);
void fric_native_fitter_stop(fric_native_fitter *f);
const fric_native_fit_progress *fric_native_fitter_progress(const fric_native_fitter *f);
void fric_native_fitter_destroy(fric_native_fitter *f);

/* The sensitivity ranges of the fitted set p on b (fric_fit_sensitivity's
 * method: each fitted key alone toward each bound of s, the range where the
 * loss stays within base·(1 + tolerance)): lower[i], upper[i] and the
 * clamped flags for FRIC_NATIVE_FIT_LIST's keys; *base the loss at p.
 * FRIC_OK or the status with one sentence. */
fric_status fric_native_sensitivity(const fric_bench_batch *b, const fric_native_params *p,
                                    const fric_native_fit_space *s, double tolerance, double *base,
                                    double lower[FRIC_NATIVE_FIT_N], double upper[FRIC_NATIVE_FIT_N],
                                    int lower_clamped[FRIC_NATIVE_FIT_N], int upper_clamped[FRIC_NATIVE_FIT_N],
                                    const char **why);

/* ----------------------------------------------------------- MJCF text */

/* The MuJoCo whose MJCF is written: MUJOCO3 writes <position kp kv>;
 * MUJOCO222 (no kv on <position>) the equivalent <general gaintype="fixed"
 * gainprm="kp" biastype="affine" biasprm="0 −kp −kv">, which MuJoCo 3
 * loads too (the bench MJCF uses it, so both MuJoCos run the same text). */
typedef enum { FRIC_NATIVE_MUJOCO3 = 0, FRIC_NATIVE_MUJOCO222 = 1 } fric_native_dialect;
/* Which element's attributes. */
typedef enum { FRIC_NATIVE_JOINT = 0, FRIC_NATIVE_ACTUATOR = 1 } fric_native_part;

/* The one text of the native parameters in MJCF, shared by the bench MJCF
 * and the <default> class export: part JOINT writes the joint's
 * attributes ` frictionloss="…" damping="…" armature="…"
 * solreffriction="… …" solimpfriction="… … … … …"` (leading space, no
 * element name); part ACTUATOR the actuator's element name and attributes
 * (`position kp="…" kv="…" forcelimited="true" forcerange="… …"`, or the
 * <general> form; a set without a force limit, forcerange 0 0, writes
 * forcelimited="false" forcerange="0 0", so that a class the element also
 * takes values from gives it no limit the fit did not find) with MuJoCo's
 * kp for firmware gain log_kp
 * (fric_native_kp_for), without joint, name or the closing "/>". Numbers
 * by fric_io_format_double (read back as the same double). As snprintf:
 * at most cap bytes with the NUL, returns the length needed, or −1 with the
 * status recorded when fric_native_check refuses p. */
int fric_native_mjcf_attrs(const fric_native_params *p, double log_kp, fric_native_part part,
                           fric_native_dialect dialect, char *buf, size_t cap);

/* The bench of b as MJCF (fric_mujoco_bench_mjcf's body and inertial, the
 * joint with fric_native_mjcf_attrs, one actuator "servo" on it in the
 * MUJOCO222 form, timestep b->dt, Euler): what the checks load into real
 * MuJoCo. As snprintf; −1 with the status recorded on a refused b. */
int fric_native_bench_mjcf(const fric_native_bench *b, char *buf, size_t cap);

/* The native parameters p as an MJCF <default> class NAME (core/adapter/adapter_mjcf.c),
 * for any MuJoCo (`friction mujoco-model --class`, the
 * wasm bindings' core.native.classMjcf, the page's Your robot write-back):
 *     <default class="NAME">
 *       <joint frictionloss damping armature solreffriction solimpfriction/>
 *       <position kp kv forcelimited forcerange/>          (FRIC_NATIVE_MUJOCO3)
 *       <general gaintype="fixed" gainprm biastype="affine"
 *                biasprm="0 −kp −kv" forcelimited forcerange/>  (FRIC_NATIVE_MUJOCO222)
 *     </default>
 * (forcelimited="false" forcerange="0 0" for a set without a force limit)
 * the attributes fric_native_mjcf_attrs's, MuJoCo's kp that of firmware
 * gain log_kp (fric_native_kp_for: kp·log_kp/firmware_kp; p->firmware_kp
 * for the set's own kp). Use class="NAME" on the hinge and on its actuator,
 * <general joint="HINGE" class="NAME"/> (either MuJoCo; in MuJoCo 3 also
 * <position …>; 2.2.2's <position> sets biasprm[2] = 0 itself, so there it
 * must be <general>): its ctrl is the goal angle [rad]. A hinge or
 * actuator that takes values from a class of its own (class, childclass:
 * a Menagerie arm's joint axis and range, an actuator's inheritrange) keeps
 * them only with NAME nested in that class (after its elements): replacing
 * its class drops them, and MuJoCo says nothing (the page's write-back
 * nests it, web/src/mujoco/robotNative.js). document 1: a whole
 * <mujoco> file with a comment saying so, to <include>; 0: the <default
 * class> element alone, indented as a child of a top-level <default>.
 * NAME: 1 to FRIC_NATIVE_CLASS_MAX bytes of [A-Za-z0-9_.:-]. As snprintf:
 * at most cap bytes with the NUL, the length needed, or −1 with the status
 * recorded (p refused by fric_native_check, NAME, log_kp not finite or < 0,
 * dialect unknown). Text only: MuJoCo-free. */
#define FRIC_NATIVE_CLASS_MAX 64
int fric_native_class_mjcf(const fric_native_params *p, const char *name, double log_kp,
                           fric_native_dialect dialect, int document, char *buf, size_t cap);

#ifdef __cplusplus
}
#endif
#endif /* FRIC_NATIVE_H */
