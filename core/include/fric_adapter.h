/*
 * fric_adapter.h: the MuJoCo adapter's core without MuJoCo (core/adapter/):
 * what the adapter does around fric_joint.h's per-joint step (the refusals,
 * the choice of Z, the several-joint reaction, the load, the
 * FRICTIONLOSS/NOSLIP writes: fric_mujoco_core, adapter_core.c), the
 * adoption of a robot's joints by identified servos (fric_mujoco_adopt,
 * adapter_adopt.c) and the pendulum bench as MJCF (adapter_mjcf.c). The
 * native adapter (core/mujoco/, fric_mujoco.h, MuJoCo 2.2.2) and the wasm
 * bindings (the explorer's "In MuJoCo" view, MuJoCo 3.x in its own wasm
 * module) only copy MuJoCo's arrays in and out of these calls.
 */
#ifndef FRIC_ADAPTER_H
#define FRIC_ADAPTER_H

#include <stddef.h>
#include <stdint.h>

#include "fric_bench.h"
#include "fric_joint.h"
#include "fric_native.h"
#include "friction.h"

#ifdef __cplusplus
extern "C" {
#endif

/* --------------------------------- the adapter's orchestration, MuJoCo-free */
/* One definition of what the MuJoCo adapter does around the per-joint step,
 * for the native adapter (core/mujoco/mujoco_adapter.c, MuJoCo 2.2.2) and
 * the explorer's "In MuJoCo" view (MuJoCo 3.x in its own wasm module,
 * through wasm/bindings.c): the refusals, the choice of Z, the several-joint
 * reaction, the load and the FRICTIONLOSS/NOSLIP writes (fric_mujoco.h says
 * what each treatment is). The caller only reads MuJoCo's arrays into plain
 * arrays indexed by joint and writes the results back. */

/* The treatments, in the order of the CLI's --treatment choice. */
typedef enum {
    FRIC_MUJOCO_IMPLICIT = 0,
    FRIC_MUJOCO_FRICTIONLOSS = 1,
    FRIC_MUJOCO_NOSLIP = 2,
    FRIC_MUJOCO_N_TREATMENTS = 3
} fric_mujoco_treatment;
extern const char *const fric_mujoco_treatment_names[FRIC_MUJOCO_N_TREATMENTS]; /* "implicit", ... */
/* The treatment called name, −1 if none. */
int fric_mujoco_treatment_find(const char *name);

/* NOSLIP: MuJoCo's noslip_iterations when the model has none. */
#define FRIC_MUJOCO_NOSLIP_ITERATIONS 10
/* The most joints one adapter holds (the core's chains go to 100 links). */
#define FRIC_MUJOCO_MAX_JOINTS 100

/* MuJoCo's joint types and integrators, numbered as its mjtJoint and
 * mjtIntegrator (the same in 2.2.2 and 3.x; the native adapter checks). */
enum { FRIC_MUJOCO_JNT_FREE = 0, FRIC_MUJOCO_JNT_BALL = 1, FRIC_MUJOCO_JNT_SLIDE = 2, FRIC_MUJOCO_JNT_HINGE = 3,
       FRIC_MUJOCO_N_JNT_TYPES = 4 };
/* "free", "ball", "slide", "hinge" (MuJoCo's mjtJoint order) */
extern const char *const fric_mujoco_jnt_names[FRIC_MUJOCO_N_JNT_TYPES];
enum { FRIC_MUJOCO_INT_EULER = 0, FRIC_MUJOCO_INT_RK4 = 1, FRIC_MUJOCO_INT_IMPLICIT = 2, FRIC_MUJOCO_INT_IMPLICITFAST = 3 };

/* What friction one joint gets. */
typedef struct {
    const char *joint;      /* the joint's name in the model (hinge or slide)         */
    int servo;              /* 0: the law below; 1: the servo of bench                 */
    fric_law law;           /* law mode                     [N·m, rad/s] or [N, m/s]   */
    fric_bench_def bench;   /* servo mode: friction (M1–M6), servo (control law, kt,
                               R), kp, vin; mass, arm_mass, length, dt, treatment
                               are not used                                            */
    double goal_lo, goal_hi; /* servo: the range a goal source's ctrl is clamped to
                               (the actuator's ctrlrange); lo >= hi: none (0, 0
                               when zeroed)                  [rad]                     */
    int held;               /* servo: 1, it has been holding its start angle (a robot
                               adopted at its pose, fric_mujoco_adopt): the
                               firmware's smoothed target starts there; 0, at 0 as
                               for a log just loaded (fric_joint_init)                 */
    double gear;            /* servo: the goal source's gear g (MuJoCo's joint
                               transmission: actuator length g·q, force on the joint
                               g·F): the servo turns g·q, its goal is the ctrl
                               (the joint's goal ctrl/g), its torque reaches the
                               joint times g, its armature g²·I; 0 or 1: direct       */
} fric_mujoco_joint_def;
/* The fields of a def the wasm wrapper writes or reads by name (name, unit;
 * the law is the bindings' to write, fxb_mj_def_law). */
#define FRIC_MUJOCO_JOINT_DEF_FIELDS(X) \
    X(joint, "") X(servo, "") X(bench, "") X(goal_lo, "rad") X(goal_hi, "rad") X(held, "") X(gear, "")

/* One joint as the model has it at the start (plain numbers read by the
 * caller; SI units of a hinge, N and m of a slide). */
#define FRIC_MUJOCO_JOINT_MODEL_FIELDS(X) \
    X(type, "") X(frictionloss, "N·m") X(damping, "N·m·s/rad") X(armature, "kg·m²") X(minv, "1/(kg·m²)") \
    X(q0, "rad")
typedef struct {
    int type;               /* FRIC_MUJOCO_JNT_* (m->jnt_type)                             */
    double frictionloss;    /* m->dof_frictionloss          [N·m]                      */
    double damping;         /* m->dof_damping               [N·m·s/rad]                */
    double armature;        /* m->dof_armature              [kg·m²]                    */
    double minv;            /* (M⁻¹)_ii in the start configuration (one joint,
                               IMPLICIT; after mj_forward)   [1/(kg·m²)]               */
    double q0;              /* d->qpos of the joint         [rad]                      */
} fric_mujoco_joint_model;

/* The model as a whole. */
#define FRIC_MUJOCO_MODEL_FIELDS(X) \
    X(h, "s") X(integrator, "") X(any_damping, "") X(noslip_iterations, "") X(minv_unknown, "")
typedef struct {
    double h;               /* m->opt.timestep              [s]                        */
    int integrator;         /* FRIC_MUJOCO_INT_* (m->opt.integrator)                       */
    int any_damping;        /* 1: some dof of the model has dof_damping != 0           */
    int noslip_iterations;  /* m->opt.noslip_iterations                                */
    int minv_unknown;       /* 1: the caller cannot give one joint's exact (M⁻¹)_ii each
                               step (the page reads it from a one-dof model's factor
                               only); 0 (natively: mj_solveM's diagonal) it can        */
} fric_mujoco_model;

/* One joint's state: the per-joint step and the several-joint lag. */
typedef struct {
    int jnt, dof, qadr;     /* the caller's addresses (MuJoCo's joint, dof and qpos);
                               the core does not read them                             */
    int act;                /* the caller's goal source (an adopted actuator), −1
                               none; set by the caller after init                      */
    double goal_lo, goal_hi; /* the def's goal range                [rad]             */
    fric_joint s;           /* the per-joint step (above)                              */
    double I;               /* several joints: rotor inertia (armature) [kg·m²]        */
    double u;               /* several joints: lagged reaction u_i  [N·m]              */
    double frictionloss;    /* what the dof's frictionloss gets at the start [N·m]     */
    double damping;         /* what the dof's damping gets at the start [N·m·s/rad]    */
    double gear;            /* the def's gear (1: direct): the step's joint-side
                               numbers turned to the servo's and back                  */
} fric_mujoco_joint;
/* Its fields by name (name, unit), for the wasm wrapper (what the model's
 * dof gets at the start: frictionloss, damping). */
#define FRIC_MUJOCO_JOINT_FIELDS(X) \
    X(jnt, "") X(dof, "") X(qadr, "") X(act, "") X(goal_lo, "rad") X(goal_hi, "rad") X(s, "") \
    X(I, "kg·m²") X(u, "N·m") X(frictionloss, "N·m") X(damping, "N·m·s/rad") X(gear, "")

/* The adapter's state: caller-owned, about 100 KB (FRIC_MUJOCO_MAX_JOINTS
 * joints): make it static or allocate it once. */
typedef struct {
    fric_mujoco_treatment treatment;
    int n;                  /* joints                                                  */
    double h;               /* the model's step             [s]                        */
    int several;            /* 1: the semi-implicit step (several joints; or one joint
                               whose exact prediction does not hold: MuJoCo damping in
                               the model, or minv_unknown); 0: the exact one-joint step */
    int primed;             /* several joints: the lag holds a previous step           */
    int noslip_iterations;  /* what the model's noslip_iterations gets at the start    */
    uint64_t steps;
    fric_mujoco_joint j[FRIC_MUJOCO_MAX_JOINTS];
} fric_mujoco_core;
/* Its fields by name (name, unit), for the wasm wrapper (what the model
 * gets at the start: noslip_iterations; the step it takes: several). */
#define FRIC_MUJOCO_CORE_FIELDS(X) \
    X(treatment, "") X(n, "") X(h, "s") X(several, "") X(primed, "") X(noslip_iterations, "") \
    X(steps, "") X(j, "")

/* Validates and prepares, every refusal checked once, in this order, one
 * sentence each starting "mujoco: " and naming the joint: NULL arguments
 * (FRIC_E_NULL), n outside 1..FRIC_MUJOCO_MAX_JOINTS, a treatment outside the
 * enum (FRIC_E_PARAM_RANGE), IMPLICIT on a model whose integrator is not
 * Euler or, with one joint, with any dof damping (FRIC_E_UNSUPPORTED);
 * then per joint: a joint named twice (FRIC_E_PARAM_RANGE), no name
 * (FRIC_E_NULL), not a hinge or slide (FRIC_E_UNSUPPORTED), the law's or
 * servo's check (fric_joint_init: its code); IMPLICIT also: MuJoCo
 * frictionloss or damping on the joint, several joints with armature <= 0
 * (FRIC_E_UNSUPPORTED), Z not a finite number > 0 or above FRIC_MUJOCO_Z_MAX
 * (FRIC_E_PARAM_RANGE), the law's check with Z (fric_joint_retune). Z =
 * g²·h·minv for one joint (exact), g²·h/armature for several (the multijoint spec sheet, shared/specs/seed002-multijoint.md §3;
 * g the servo's gear). On success each
 * o->j[i].frictionloss, .damping and o->noslip_iterations hold what the
 * model gets (FRICTIONLOSS/NOSLIP: the budget at rest and D or K_v; NOSLIP:
 * FRIC_MUJOCO_NOSLIP_ITERATIONS when the model has 0; IMPLICIT: the model's own
 * values), the servo goal is q0, and o->j[i]'s addresses are 0 (the caller
 * sets them after). FRIC_OK, or the status (fric_status_last) with *why;
 * o->n = 0 then. */
/* The largest Z = g²·h/inertia [rad/(s·N·m)] a joint may have: the speed
 * one N·m gives it in one step. A servo's rotor of 1e-6 kg·m² at h = 0.01 s
 * gives 1e4; at 1e9 the step's prediction v + Z·τ stays finite for every
 * torque below 1e299 N·m. An armature of 8.7e-311 kg·m² (subnormal: a file's
 * kept by keep_armature) gave Z = 1.2e307, and the prediction of a torque of
 * a few N·m overflowed to an infinite force (found by tests/fuzz/fuzz_robot.c). */
#define FRIC_MUJOCO_Z_MAX 1e9
fric_status fric_mujoco_core_init(fric_mujoco_core *o, const fric_mujoco_model *model,
                              const fric_mujoco_joint_model *joints, const fric_mujoco_joint_def *defs, int n,
                              fric_mujoco_treatment treatment, const char **why);

/* The arrays one step reads, each [n] indexed by joint (MuJoCo's value at
 * the joint's dof or qpos address), after mj_step1 and what the treatment
 * needs below. X(name, unit): the wasm bindings export the names. */
#define FRIC_MUJOCO_STEP_INPUTS(X) \
    X(q, "rad")                /* qpos                                          */ \
    X(v, "rad/s")              /* qvel                                          */ \
    X(minv, "1/(kg·m²)")       /* one joint, IMPLICIT: (M⁻¹)_ii now             */ \
    X(qacc_smooth, "rad/s²")   /* one joint, IMPLICIT: after mj_fwdAcceleration */ \
    X(qfrc_smooth, "N·m")      /* one joint: now; several: the last step's      */ \
    X(qfrc_constraint, "N·m")  /* one joint, IMPLICIT: the last step's          */ \
    X(qacc, "rad/s²")          /* several, IMPLICIT: the last step's            */ \
    X(qfrc_passive, "N·m")     /* several and FRICTIONLOSS/NOSLIP: the load's   */ \
    X(qfrc_bias, "N·m")        /*   parts now (actuator after mj_fwdActuation;  */ \
    X(qfrc_applied, "N·m")     /*   NULL when the model has no actuator)        */ \
    X(qfrc_actuator, "N·m")                                                         \
    X(goal, "rad")             /* servo: the goal source's ctrl now (an adopted  */ \
                               /*   actuator, fric_mujoco_adopt); NaN: the goal  */ \
                               /*   stays; NULL: no goal sources                 */
#define FRIC_MUJOCO_COUNT_INPUT(f, unit) +1
enum { FRIC_MUJOCO_STEP_N_INPUTS = 0 FRIC_MUJOCO_STEP_INPUTS(FRIC_MUJOCO_COUNT_INPUT) };
#undef FRIC_MUJOCO_COUNT_INPUT
#define FRIC_MUJOCO_FIELD_PTR(f, unit) const double *f;
typedef struct {
    FRIC_MUJOCO_STEP_INPUTS(FRIC_MUJOCO_FIELD_PTR)
} fric_mujoco_step_in;
#undef FRIC_MUJOCO_FIELD_PTR

/* Once per step (fric_mujoco.h's equations). IMPLICIT, one joint: Z =
 * h·minv (re-prepared when it moved), v_free = v + h·qacc_smooth, τ_e =
 * qfrc_smooth + qfrc_constraint; several: u_i = I_i·qacc_i − qfrc_smooth_i
 * (0 at the first step), τ_e = passive − bias + applied + actuator + u_i,
 * v_free = v + Z_i·τ_e; FRICTIONLOSS/NOSLIP: τ_e = passive − bias + applied
 * + actuator. force[i] (the caller adds it to qfrc_passive): τm + f
 * (IMPLICIT), τm (FRICTIONLOSS/NOSLIP); frictionloss[i] (the dof's
 * dof_frictionloss; FRICTIONLOSS/NOSLIP only, may be NULL for IMPLICIT).
 * Servo joints with a goal source: goal[i] (not NaN), clamped to the
 * def's goal range, becomes the goal before the step, torque enable kept.
 * An input the treatment does not read may be NULL. No allocation, no
 * check. */
void fric_mujoco_core_step(fric_mujoco_core *o, const fric_mujoco_step_in *in, double *force, double *frictionloss);
/* Its outputs by name (name, unit), n values each, in this order: the
 * arrays the wasm wrapper reads after fxb_mj_step (table mj_step_outputs). */
#define FRIC_MUJOCO_STEP_OUTPUTS(X) \
    X(force, "N·m")          /* add to qfrc_passive                     */ \
    X(frictionloss, "N·m")   /* the dof's frictionloss (FRICTIONLOSS/NOSLIP) */
#define FRIC_MUJOCO_COUNT_OUTPUT(f, unit) +1
enum { FRIC_MUJOCO_STEP_N_OUTPUTS = 0 FRIC_MUJOCO_STEP_OUTPUTS(FRIC_MUJOCO_COUNT_OUTPUT) };
#undef FRIC_MUJOCO_COUNT_OUTPUT

/* Servo joint i's goal [rad] and torque enable (0/1) for the next steps. */
void fric_mujoco_core_goal(fric_mujoco_core *o, int i, double goal, int torque_enable);

/* -------------------------------------------------------- adopting a robot */
/* Adoption attaches identified servos to the joints of a robot's MJCF as
 * its file has them (docs/mujoco.md, "Your robot"): a mapping names the
 * joints (by name, by MJCF default class, or all hinges), each
 * with a servo the caller resolves (a preset, a params file of M1–M6, a
 * fit); on each adopted joint the file's frictionloss and damping are
 * removed (and reported: the servo's budget and K_v replace them), the
 * armature is the servo's (or the file's, kept on request or when the
 * servo has none), and the MuJoCo actuator on the joint (position, motor,
 * general) becomes the servo's goal source: its ctrl is the goal, its own
 * force is switched off, its kp and forcerange are reported beside the
 * servo's firmware law, which replaces them. Joints and actuators not
 * mapped stay as the file has them. MuJoCo-free: the native adapter
 * (fric_mujoco_adopt_model) and the robot layer (fric_robot.h, the CLI's
 * and the explorer's) read the model into fric_mujoco_robot_joint and
 * write back what the adoption says. */

/* The mapping's text: entries "TARGET=SERVO" separated by ',' ';' or a
 * line break; TARGET a joint's name, "class:NAME" (an MJCF default class)
 * or "*" (every named hinge joint); SERVO what the caller resolves
 * (a preset "actuator/mK", "@name" of a params file or fit). A joint takes
 * the entry naming it, else its nearest class's (its own, then the parent
 * default classes of its ancestry: childclass), else "*"'s. A class or "*"
 * passes over a slide, ball or free joint (bam's servos are rotary), each
 * noted in the adoption's skip list. */
#define FRIC_MUJOCO_MAP_MAX 32          /* entries in one mapping             */
#define FRIC_MUJOCO_NAME_MAX 128        /* bytes of a target or servo, NUL in */
typedef enum { FRIC_MUJOCO_MAP_JOINT = 0, FRIC_MUJOCO_MAP_CLASS = 1, FRIC_MUJOCO_MAP_ALL = 2,
               FRIC_MUJOCO_N_MAP_KINDS = 3 } fric_mujoco_map_kind;
/* "joint", "class", "all" */
extern const char *const fric_mujoco_map_kind_names[FRIC_MUJOCO_N_MAP_KINDS];
#define FRIC_MUJOCO_MAP_ENTRY_FIELDS(X) X(kind, "") X(target, "") X(servo, "")
typedef struct {
    fric_mujoco_map_kind kind;
    char target[FRIC_MUJOCO_NAME_MAX];  /* the joint or class name ("" for ALL)          */
    char servo[FRIC_MUJOCO_NAME_MAX];   /* the servo, as written (the caller resolves it) */
} fric_mujoco_map_entry;

/* Parses text into out[cap]; *n entries. FRIC_OK, or FRIC_E_PARAM_RANGE
 * with *why naming the entry: no '=', an empty target or servo, a name too
 * long, more than cap entries, a target given twice, no entry at all. */
fric_status fric_mujoco_map_parse(const char *text, fric_mujoco_map_entry *out, int cap, int *n, const char **why);

/* MuJoCo's actuator on a joint, as adoption reports it (the MJCF's element
 * names; general: any other gain and bias). */
enum { FRIC_MUJOCO_ACT_MOTOR = 0, FRIC_MUJOCO_ACT_POSITION = 1, FRIC_MUJOCO_ACT_GENERAL = 2,
       FRIC_MUJOCO_ACT_VELOCITY = 3, FRIC_MUJOCO_ACT_INTVELOCITY = 4, FRIC_MUJOCO_ACT_DAMPER = 5,
       FRIC_MUJOCO_N_ACT_KINDS = 6 };
/* "motor", "position", "general", "velocity", "intvelocity", "damper" */
extern const char *const fric_mujoco_act_names[FRIC_MUJOCO_N_ACT_KINDS];
/* MuJoCo's mjtDyn integrator (an <intvelocity>'s activation; 1 in 2.2.2 and 3.x). */
enum { FRIC_MUJOCO_DYN_INTEGRATOR = 1 };

/* The kind of an actuator from its dynamics, gain and bias (mjtDyn: NONE 0,
 * INTEGRATOR 1; mjtGain/mjtBias: FIXED 0, AFFINE 1; bias NONE 0), as
 * MuJoCo's shortcuts write them: <motor> gain 1, no bias; <position kp kv>
 * gain kp, bias (0, −kp, −kv); <velocity kv> gain kv, bias (0, 0, −kv);
 * <intvelocity kp kv> a position's gain and bias on an integrator's
 * activation; <damper kv> an affine gain (0, 0, −kv), no bias; anything
 * else general. *kp and *kv as the MJCF wrote them: position,
 * intvelocity and affine-bias general −biasprm[1] [N·m/rad], −biasprm[2]
 * [N·m·s/rad]; velocity kp 0, kv gainprm[0]; damper kp 0, kv −gainprm[2];
 * motor 0. A pure function, one definition for the adoption, the CLI and
 * the page (which also classify an actuator they do not adopt). Returns
 * FRIC_MUJOCO_ACT_*. */
int fric_mujoco_actuator_kind(int dyntype, int gaintype, int biastype, const double gainprm[3],
                              const double biasprm[3], double *kp, double *kv);
/* 1: an actuator of kind k has a ctrl that is an angle (position, general:
 * kp·(ctrl − g·q) + ...) or a torque (motor): adopted, its ctrl becomes
 * the servo's goal; 0: a speed (velocity, intvelocity) or a gain (damper):
 * adopted, its force goes and the servo holds the goal it is given (the
 * start angle until set), its ctrl unread. */
int fric_mujoco_act_goal_source(int kind);

/* One joint of the robot as the caller reads it from the compiled model. */
typedef struct {
    const char *name;             /* the joint's name ("" or NULL: unnamed)              */
    const char *cls;              /* its MJCF default class; NULL: not known (MuJoCo
                                     2.2.2's compiled model keeps none)                 */
    fric_mujoco_joint_model jm;   /* type, frictionloss, damping, armature, minv, q0     */
    int act;                      /* the caller's index of the actuator whose
                                     transmission is this joint, −1 none               */
    int act_gaintype, act_biastype; /* mjtGain, mjtBias (FIXED 0, AFFINE 1; bias NONE 0) */
    double act_gainprm[3], act_biasprm[3]; /* its first three of each                   */
    double act_gear;              /* actuator_gear[0]                                    */
    double act_forcerange[2];     /* [N·m] (act_forcelimited: 1)                         */
    int act_forcelimited;
    double act_ctrlrange[2];      /* [rad] for a position actuator (act_ctrllimited: 1) */
    int act_ctrllimited;
    const char *ancestry;         /* the parent default classes of cls, nearest first,
                                     each ended by '\n' ("so_arm100\nmain\n"); NULL or
                                     "": none known. A class mapping matches a joint of
                                     its class or of a class below it (childclass)     */
    int act_dyntype;              /* mjtDyn (FRIC_MUJOCO_DYN_INTEGRATOR: intvelocity)   */
    int tendon;                   /* 1: a tendon wraps the joint (MuJoCo's wrap_objid) */
    int equality;                 /* 1: a joint equality constraint names it          */
} fric_mujoco_robot_joint;

/* One adopted joint: what was removed, what replaces it. */
#define FRIC_MUJOCO_ADOPTED_FIELDS(X) \
    X(joint, "") X(entry, "") X(removed_frictionloss, "N·m") X(removed_damping, "N·m·s/rad") \
    X(armature_file, "kg·m²") X(armature, "kg·m²") X(armature_kept, "") X(act, "") X(act_kind, "") \
    X(act_kp, "N·m/rad") X(act_kv, "N·m·s/rad") X(act_force_lo, "N·m") X(act_force_hi, "N·m") \
    X(gear, "") X(act_goal, "") X(tendon, "") X(equality, "")
typedef struct {
    int joint;                    /* index into the caller's joints                      */
    int entry;                    /* the mapping entry that chose it                     */
    double removed_frictionloss;  /* the file's dof_frictionloss, now 0  [N·m]           */
    double removed_damping;       /* the file's dof_damping, now 0       [N·m·s/rad]     */
    double armature_file;         /* the file's dof_armature             [kg·m²]         */
    double armature;              /* what the dof gets (the servo's, or the file's) [kg·m²] */
    int armature_kept;            /* 1: the file's was kept                              */
    int act;                      /* the goal source (caller's index), −1 none           */
    int act_kind;                 /* FRIC_MUJOCO_ACT_*, −1 none                          */
    double act_kp, act_kv;        /* its gains: position kp, kv; general −biasprm[1], −biasprm[2];
                                     motor 0 [N·m/rad], [N·m·s/rad]                       */
    double act_force_lo, act_force_hi; /* its forcerange; ±inf: not limited [N·m]         */
    double gear;                  /* the actuator's gear g (1 without one): the servo
                                     turns g·q, goal = ctrl/g, torque on the joint g·τ  */
    int act_goal;                 /* 1: the actuator's ctrl is the goal (the goal
                                     source, fric_mujoco_act_goal_source); 0: its force
                                     is off and its ctrl unread (or no actuator)        */
    int tendon, equality;         /* the joint's flags (fric_mujoco_robot_joint): the
                                     exact hold does not apply while they act           */
} fric_mujoco_adopted;

/* A joint a class or '*' mapping skipped: it is not a hinge (a servo of
 * bam's is rotary: a slide, ball or free joint takes none). */
typedef struct {
    int joint;                    /* index into the caller's joints                      */
    int entry;                    /* the mapping entry that would have taken it          */
    int type;                     /* its FRIC_MUJOCO_JNT_*                               */
} fric_mujoco_skipped;
#define FRIC_MUJOCO_SKIPPED_FIELDS(X) X(joint, "") X(entry, "") X(type, "")

/* What the caller hands fric_mujoco_core_init (defs, jm: frictionloss and
 * damping 0, the armature above) and writes into the model. Caller-owned,
 * about 100 KB. */
typedef struct {
    int n;
    fric_mujoco_adopted a[FRIC_MUJOCO_MAX_JOINTS];
    fric_mujoco_joint_def defs[FRIC_MUJOCO_MAX_JOINTS];  /* joint names point into the caller's */
    fric_mujoco_joint_model jm[FRIC_MUJOCO_MAX_JOINTS];
    int nskip;                    /* joints skipped (the first FRIC_MUJOCO_MAX_JOINTS kept) */
    fric_mujoco_skipped skip[FRIC_MUJOCO_MAX_JOINTS];
    /* The joints of a native servo (fric_mujoco_adopt_native): MuJoCo's own
     * joint and position actuator run them, the core steps none of them
     * (they are not in defs, jm or n). nat[i] reports what the file had
     * (removed_*, armature_file, act_kind, act_kp, act_kv, act_force_*: the
     * file's actuator) and nat_set[i] is what the model gets. n + nnat <=
     * FRIC_MUJOCO_MAX_JOINTS. */
    int nnat;
    fric_mujoco_adopted nat[FRIC_MUJOCO_MAX_JOINTS];
    fric_native_edit nat_set[FRIC_MUJOCO_MAX_JOINTS];
} fric_mujoco_adoption;

/* Resolves the mapping over the robot's joints[njnt] (servos[k] the
 * caller's resolution of map[k].servo, checked here with fric_bench_check),
 * in joint order. One sentence per refusal, starting "adopt: ":
 * FRIC_E_NULL; FRIC_E_UNKNOWN_NAME: a joint entry naming no joint (the
 * model's joints listed), a class entry no joint uses (the classes used
 * listed; when no class is known: map by name or '*', MuJoCo 3's
 * headless runner knows them); FRIC_E_UNSUPPORTED: a joint named that is
 * a slide (bam's servos are rotary), ball or free joint, a goal-source
 * actuator with a gear 0, not finite or outside FRIC_MUJOCO_GEAR_MIN ..
 * FRIC_MUJOCO_GEAR_MAX in magnitude; FRIC_E_PARAM_RANGE: nothing
 * adopted, more than FRIC_MUJOCO_MAX_JOINTS mapped, a servo the bench's
 * check refuses (its sentence). A class or '*' skips a slide, ball or free
 * joint (out->skip, out->nskip). A goal source's gear g is mapped through
 * (the def's and the adopted's gear, the armature g² × the servo's); a
 * velocity's, intvelocity's or damper's ctrl is no goal (act_goal 0: its
 * force off, the servo holds the goal it is given). keep_armature 1: the
 * file's armature stays on every joint. */
/* The gears a goal source may have, in magnitude: the servo's armature
 * goes through g² and its torque bound and K_v through |g| and g², so a
 * gear of 1e160 gave an infinite armature (found by tests/fuzz/fuzz_robot.c);
 * a servo's reduction in a robot's MJCF is of order 1 to 10³. */
#define FRIC_MUJOCO_GEAR_MIN 1e-6
#define FRIC_MUJOCO_GEAR_MAX 1e6
fric_status fric_mujoco_adopt(fric_mujoco_adoption *out, const fric_mujoco_robot_joint *joints, int njnt,
                              const fric_mujoco_map_entry *map, const fric_bench_def *servos, int nmap,
                              int keep_armature, const char **why);
/* The same, with entries whose servo is MuJoCo's own (a native params
 * file, fric_native.h): native[k] 1 (native may be NULL: none) makes entry
 * k's servo natives[k] (servos[k] is not read), checked by
 * fric_native_edit_of at the file's own firmware gain (kp as written).
 * Each joint such an entry takes goes to out->nat (its edit nat_set: the
 * file's values, the armature the file's when keep_armature) and is
 * refused, one sentence each starting "adopt: " and naming the joint and
 * the servo (FRIC_E_UNSUPPORTED), when: it is not a hinge (as above); it
 * has no actuator (the native servo is the joint's position actuator);
 * its actuator is not a goal of an angle (a motor, velocity, intvelocity
 * or damper, or a general without a stiffness: its ctrl is a torque, a
 * speed or a gain, and the native servo's ctrl is the goal angle); or its
 * gear is not 1 (the native set states kp on the joint, the ident fits it
 * so). */
fric_status fric_mujoco_adopt_native(fric_mujoco_adoption *out, const fric_mujoco_robot_joint *joints, int njnt,
                                     const fric_mujoco_map_entry *map, const fric_bench_def *servos,
                                     const fric_native_params *natives, const unsigned char *native, int nmap,
                                     int keep_armature, const char **why);

/* The pendulum bench of fric_bench.h as MJCF: a hinge "joint" (axis y) with
 * the point mass m at l, the uniform arm m_arm (inertia m_arm·l²/3), the
 * servo's armature, q_offset as the mass's rest direction (gravity torque
 * −(m + m_arm/2)·g·l·sin(q + q_offset), g = FRIC_BENCH_G), timestep d->dt,
 * Euler, frictionloss 0. Writes at most cap bytes with the final NUL;
 * returns the length it needs (as snprintf), or −1 with the status
 * recorded for a def fric_bench_check refuses. (Text only: MuJoCo-free.) */
int fric_mujoco_bench_mjcf(const fric_bench_def *d, char *buf, size_t cap);


/* ------------------------------------------- an MJCF's text before MuJoCo */
/* MuJoCo's XML reader and compiler recurse once per nested element: a chain
 * of nested bodies a few hundred deep runs MuJoCo 3.14's wasm build for
 * minutes (300 deep: more than 60 s in Node, the page frozen 2–3.5 min or
 * killed with "memory access out of bounds") and the stack of any build is
 * finite. Every door (the page, tools/robot.mjs, `friction mujoco`) checks
 * an MJCF's text with fric_mjcf_check_text before MuJoCo parses it.
 * The bounds:
 *   depth 64: real robots nest far less (the SO-101's so101_new_calib.xml
 *     10, bam's 2R robot.xml 6, their scene.xml 3; Menagerie humanoids and
 *     hands 15–20, a body per link plus a few levels of <default>); a
 *     64-deep chain compiles in MuJoCo 3.14's wasm in about 0.1 s;
 *   100 000 elements over the model's files (a large Menagerie scene has a
 *     few thousand);
 *   32 MiB of text per file (meshes belong in their own files). */
#define FRIC_MJCF_MAX_DEPTH 64
#define FRIC_MJCF_MAX_ELEMENTS 100000L
#define FRIC_MJCF_MAX_BYTES ((size_t)32 * 1024 * 1024)
/* The most <include> elements one file may hold (a scene names one or two). */
#define FRIC_MJCF_MAX_INCLUDES 64

/* An <include file="..."/> of a checked text: the file attribute's value is
 * text[at .. at + len) (as written: no entity decoded); check the named
 * file with depth0 (the depth its root's children take: the include's
 * depth − 2, the included file's <mujoco> root standing for the include's
 * parent). */
typedef struct {
    size_t at, len;   /* the file attribute's value in the text   [bytes] */
    int depth0;       /* what to pass as depth0 for the named file        */
    int line;         /* the include's line, 1-based                      */
} fric_mjcf_include;

/* Checks the MJCF text[len] (UTF-8, not NUL-terminated) against the bounds
 * above without parsing it as MuJoCo does: counts the elements and their
 * nesting, skipping comments, CDATA, processing instructions, <!DOCTYPE>
 * and quoted attribute values (a '<' or '>' inside quotes is no tag).
 * file: the file's name for the sentence (NULL: none); depth0: the depth
 * of the text's root minus 1 (0 for the main file; an include's depth0 for
 * an included file); *elements: the elements counted so far in the model's
 * files (0 for the main file), increased by this text's. Each <include>
 * with a file attribute is written to inc[cap] (*n_inc of them; inc may be
 * NULL with cap 0 when the caller reads no includes): the caller checks
 * those files in turn (the file plan below does, for every door). Text that is not well-formed XML is left to MuJoCo's
 * parser (an unclosed comment ends the scan; a closing tag without its
 * opening one is ignored). FRIC_OK; FRIC_E_NULL: text, elements or n_inc
 * NULL, inc NULL with cap > 0; FRIC_E_PARAM_RANGE: len over
 * FRIC_MJCF_MAX_BYTES, an element nested deeper than FRIC_MJCF_MAX_DEPTH,
 * more than FRIC_MJCF_MAX_ELEMENTS elements, more than cap includes; one
 * sentence naming the element, its line and the file. */
fric_status fric_mjcf_check_text(const char *text, size_t len, const char *file, int depth0, long *elements,
                                 fric_mjcf_include *inc, int cap, int *n_inc, const char **why);

/* The files an MJCF text names for MuJoCo to read besides its includes:
 * the file attributes of <mesh>, <hfield>, <skin>, <flexcomp> (found in the
 * compiler's meshdir) and <texture> (file, fileright, fileleft, fileup,
 * filedown, filefront, fileback; found in its texturedir), and its
 * <compiler>'s folders (assetdir setting both, meshdir and texturedir over
 * it; a later <compiler> over an earlier one) and strippath. The native
 * `friction mujoco` sizes each such file (fric_io_check_size, kinds asset
 * and robot) before MuJoCo reads it, as the page and tools/robot.mjs do
 * (through the file plan below, which finds the same files). */
typedef enum { FRIC_MJCF_MESHDIR = 0, FRIC_MJCF_TEXTUREDIR = 1 } fric_mjcf_folder;
typedef struct {
    size_t at, len;   /* a value in the text, as written (no entity decoded) [bytes] */
    int set;          /* 1: the attribute was given                                   */
    int line;         /* its <compiler>'s line, 1-based                               */
    const char *attr; /* the attribute that set it ("assetdir", "meshdir"), static text */
} fric_mjcf_span;
typedef struct {
    fric_mjcf_span dir[2];   /* by fric_mjcf_folder: meshdir, texturedir (in its text) */
    int strippath;           /* strippath="true"                                       */
} fric_mjcf_compiler;
typedef struct {
    size_t at, len;          /* the file attribute's value in the text, as written [bytes] */
    fric_mjcf_folder folder; /* the compiler folder it is found in                        */
    int line;                /* the element's line, 1-based                               */
    const char *tag, *attr;  /* the element and attribute ("mesh", "file"), static text   */
} fric_mjcf_asset;

/* The asset files text[len] names, in document order: the first cap of
 * them written to out[] (out may be NULL with cap 0), *n set to how many
 * there are (call again with a larger array when *n > cap); the
 * <compiler> elements of the text written over *compiler (zero it before a
 * model's first file; the spans are in this text: copy them before the next
 * file's). No allocation; the same tag scan as fric_mjcf_check_text (check
 * the text with it first: no bound is checked here). FRIC_OK; FRIC_E_NULL:
 * text, n or compiler NULL, out NULL with cap > 0. */
fric_status fric_mjcf_assets(const char *text, size_t len, fric_mjcf_asset *out, int cap, int *n,
                             fric_mjcf_compiler *compiler);

/* The one scan of an XML text's tags (the MJCF checks above, the file
 * plan below, the page's native write-back through the wasm binding
 * fxb_mjcf_tags): each element tag in document order, past
 * comments, CDATA, processing instructions, <!DOCTYPE> (its internal
 * subset too) and a stray '<'; a tag ends at its first '>' outside a
 * quoted value. Offsets are bytes from the text's start. */
typedef struct {
    size_t at;               /* its '<'                                    [bytes] */
    size_t end;              /* past its '>' (the text's end if unclosed)  [bytes] */
    size_t name, name_len;   /* the element's name                         [bytes] */
    size_t attrs, attrs_len; /* the tag's text between its name and '>'    [bytes] */
    int closing;             /* 1: an end tag </name>                              */
    int self;                /* 1: written <name .../>                             */
    int line;                /* the line of its '<', 1-based                       */
} fric_mjcf_tag;
/* One attribute of a tag: name="value" or name='value' (the value as
 * written: no entity decoded; '=' may have blanks around it). */
typedef struct {
    size_t name, name_len;   /* its name                                   [bytes] */
    size_t value, value_len; /* its value, inside the quotes               [bytes] */
} fric_mjcf_attr;

/* The tags of text[len], in document order: the first cap written to
 * out[] (out may be NULL with cap 0), *n set to how many there are. No
 * allocation, no bound checked (fric_mjcf_check_text does). FRIC_OK;
 * FRIC_E_NULL: text or n NULL, out NULL with cap > 0. */
fric_status fric_mjcf_tags(const char *text, size_t len, fric_mjcf_tag *out, int cap, int *n);

/* The attributes of a tag of text (as fric_mjcf_tags gave it), in the
 * order written: the first cap to out[], *n how many. A name without '='
 * or its unquoted value is passed over; a byte that starts no XML name
 * or a value without its closing quote ends them (MuJoCo's parser refuses
 * such a tag). FRIC_OK; FRIC_E_NULL: text, tag or n NULL, out NULL with
 * cap > 0. */
fric_status fric_mjcf_tag_attrs(const char *text, const fric_mjcf_tag *tag, fric_mjcf_attr *out, int cap, int *n);

/* ------------------------------------------------------ an MJCF's file plan */
/* The files an MJCF model names, found once by MuJoCo's rules for every door
 * (`friction mujoco`, the page, tools/robot.mjs): the main file, its
 * <include>s, the <model file> assets (MuJoCo 3: a model of its own, for
 * <attach>), and the files its <mesh>, <hfield>, <skin>, <flexcomp> and
 * <texture> elements name. The rules (MuJoCo's XML reference, "include"
 * and "compiler"; MuJoCo 3's reader, xml.cc mjIncludeXML):
 *   - an <include file> is found beside the main file (the model's folder),
 *     else beside the file holding the <include>; an absolute name as it
 *     is; its <mujoco>'s children stand in its place; a file is included
 *     at most once in a model (a second <include> of it, or of the main
 *     file, an include cycle among them, is refused);
 *   - the <compiler>'s folders: assetdir sets the mesh and texture folders,
 *     meshdir and texturedir over it; the last <compiler> of the model in
 *     document order (includes inlined) decides for all its assets;
 *     strippath="true" (the last one written) keeps only a name's last part;
 *   - an asset is found at the model's folder + its folder (meshdir for
 *     mesh, hfield, skin, flexcomp; texturedir for a texture's file and its
 *     six cube faces) + the name, then, for an element of an included file,
 *     at the model's folder + the folder + the include's folder + the name;
 *     an absolute folder or name is taken as it is;
 *   - attribute values with XML's entities decoded, as MuJoCo's reader
 *     (tinyxml2) does; paths written with '/' and without "." or "x/..".
 * A pull loop, since a door may read asynchronously (the page's dropped
 * files): fric_mjcf_plan_begin names the main file; fric_mjcf_plan_next
 * says which file to read next (texts depth first in document order, then
 * the assets); the door answers fric_mjcf_plan_feed (its text, or for an
 * asset its size) or fric_mjcf_plan_absent (not at that place: the plan
 * tries the next place, else lists the file missing) and asks again, until
 * want.done. Each text fed is checked (fric_mjcf_check_text: its size, its
 * depth, the model's elements). Then fric_mjcf_plan_file lists every file
 * with its role, where MuJoCo reads it, what names it (for a door's
 * sentence) and, for an include, its tag's place in the including text
 * (what a writer replaces to inline it); fric_mjcf_plan_class lists each
 * model's <default> classes with the class each is nested in, through its
 * includes (an included file's top-level <default>s nested in the class
 * open where its <include> stands). The doors size the files
 * (fric_io_check_size) and say what is missing in their own sentence. */
#define FRIC_MJCF_PLAN_MAX_FILES 512   /* the files one plan lists (a robot names tens)  */
#define FRIC_MJCF_PATH_MAX 1024        /* bytes of a path or a name, its NUL included    */
#define FRIC_MJCF_PLAN_MAX_CLASSES 512 /* the <default> classes one plan lists (a Menagerie
                                          robot defines tens)                          */
#define FRIC_MJCF_CLASS_MAX 128        /* bytes of a class name, its NUL included        */

typedef enum {
    FRIC_MJCF_ROLE_MODEL = 0,    /* the main file                                       */
    FRIC_MJCF_ROLE_INCLUDE = 1,  /* an <include file>                                   */
    FRIC_MJCF_ROLE_SUBMODEL = 2, /* a <model file> (MuJoCo 3): a model of its own       */
    FRIC_MJCF_ROLE_MESH = 3,     /* <mesh file>                                         */
    FRIC_MJCF_ROLE_HFIELD = 4,   /* <hfield file>                                       */
    FRIC_MJCF_ROLE_SKIN = 5,     /* <skin file>                                         */
    FRIC_MJCF_ROLE_FLEXCOMP = 6, /* <flexcomp file>                                     */
    FRIC_MJCF_ROLE_TEXTURE = 7   /* <texture file> or one of its cube faces (fileup...)  */
} fric_mjcf_role;

/* One file of a plan. The strings are the plan's, valid until it is begun
 * again or freed. */
typedef struct {
    fric_mjcf_role role;
    const char *path;     /* where MuJoCo reads it (the main file's path as given,
                             then joined by the rules above)                        */
    const char *source;   /* where the door found it: path, unless the door fed the
                             file from another place (the page: a file chosen
                             without its folder, found by its name)               */
    int found;            /* 1: fed; 0: missing (absent at every place); −1: not
                             asked (the plan stopped on a refusal first)           */
    int same;             /* the earlier entry of the same path (read once), or −1  */
    int outside;          /* 1: path climbs above the folder the main file's path
                             starts from (the door's root), or is absolute where
                             the main file's is not (a door holding only its
                             root's files, the page's drop, refuses it)       */
    int from;             /* the entry whose element names it; −1 the main file     */
    int line;             /* that element's line in it, 1-based (0 the main file)   */
    const char *tag, *attr; /* that element and attribute ("include", "file"), static */
    const char *value;    /* the attribute's value, its entities decoded             */
    size_t at, after;     /* an include or a <model>: its tag in from's text, '<' to
                             past '>'                                     [bytes]  */
    int depth0;           /* a text: the depth0 it was checked with (fric_mjcf_check_text) */
    int model;            /* the entry of the model (main file or <model>) it is of  */
    unsigned long long bytes; /* its size as fed                          [bytes]  */
    long elements;        /* a text fed: its elements (fric_mjcf_check_text's count);
                             0 otherwise                                            */
} fric_mjcf_file;

/* A <default> element of a model's texts: its class and the class it is
 * nested in (MuJoCo's default tree: a class takes what its parent sets),
 * through the includes. The strings are the plan's, as fric_mjcf_file's. */
typedef struct {
    const char *name;     /* its class attribute, entities decoded; "main" where it
                             has none (MuJoCo's top class)                         */
    int parent;           /* the class (index) it is nested in, −1 none (top level)  */
    int file;             /* the entry (fric_mjcf_plan_file) whose text holds it     */
    int line;             /* its line there, 1-based                                 */
    int model;            /* the entry of the model it is of                         */
} fric_mjcf_class;

/* What a door reads next. */
typedef struct {
    int done;             /* 1: nothing more to read; the plan is complete          */
    int index;            /* the entry (fric_mjcf_plan_file) the file is            */
    const char *path;     /* the place to read (the plan's string, valid until the
                             next call)                                              */
    int text;             /* 1: an MJCF text: feed its bytes; 0: an asset: its size  */
    int last;             /* 1: no other place follows when this one is absent       */
} fric_mjcf_want;

typedef struct fric_mjcf_plan fric_mjcf_plan;

/* A plan, allocated once (about 1.1 MiB: FRIC_MJCF_PLAN_MAX_FILES entries of
 * two paths); free it with fric_mjcf_plan_free. FRIC_OK; FRIC_E_NULL: out
 * NULL; FRIC_E_NO_MEMORY. */
fric_status fric_mjcf_plan_new(fric_mjcf_plan **out);
/* Frees a plan of fric_mjcf_plan_new (NULL: nothing). */
void fric_mjcf_plan_free(fric_mjcf_plan *plan);
/* Starts the plan of the model whose main file is main (a path as the door
 * opens it: "robot/scene.xml", "../data/so101/scene.xml"; its folder is the
 * model's). FRIC_OK; FRIC_E_NULL: plan or main NULL; FRIC_E_PARAM_RANGE:
 * main empty, ending in '/' or of FRIC_MJCF_PATH_MAX bytes or more. */
fric_status fric_mjcf_plan_begin(fric_mjcf_plan *plan, const char *main);
/* The next file to read into *want (the same one again until it is fed or
 * said absent). FRIC_OK; FRIC_E_NULL: plan or want NULL; FRIC_E_PARAM_RANGE:
 * the plan not begun, a file included a second time in a model (an include
 * cycle), more than FRIC_MJCF_PLAN_MAX_FILES files, a path of
 * FRIC_MJCF_PATH_MAX bytes or more; one sentence naming the element, its
 * line and file, and what to change. */
fric_status fric_mjcf_plan_next(fric_mjcf_plan *plan, fric_mjcf_want *want);
/* The file wanted is there: at path (the want's, or another place the door
 * found it at), text[len] its bytes (UTF-8, not NUL-terminated) when want.text, else text NULL and len its size
 * [bytes]. A text is checked (fric_mjcf_check_text: its size, its nesting,
 * the model's elements, its includes) and its elements read. FRIC_OK;
 * FRIC_E_NULL: plan or path NULL, text NULL for a text; FRIC_E_PARAM_RANGE:
 * no file wanted, path of FRIC_MJCF_PATH_MAX bytes or more, the check's
 * refusal (its sentence, naming the file at path, where the door found it,
 * as the main file's folder sees it), more than FRIC_MJCF_PLAN_MAX_CLASSES
 * <default> classes, a class name of FRIC_MJCF_CLASS_MAX bytes or more, a
 * class's <joint> default whose frictionloss, damping or armature is no
 * finite number (the sentence names the class, the line and the file where
 * it is written, which the compiled model's joints no longer know). */
fric_status fric_mjcf_plan_feed(fric_mjcf_plan *plan, const char *path, const char *text, size_t len);
/* The file wanted is not at want.path: the next place is wanted, or (the
 * last) the file is listed missing. FRIC_OK; FRIC_E_NULL: plan NULL;
 * FRIC_E_PARAM_RANGE: no file wanted. */
fric_status fric_mjcf_plan_absent(fric_mjcf_plan *plan);
/* The entries so far (every file once want.done), main file first. */
int fric_mjcf_plan_count(const fric_mjcf_plan *plan);
/* Entry i into *out. FRIC_OK; FRIC_E_NULL: plan or out NULL;
 * FRIC_E_PARAM_RANGE: i outside 0..count−1. */
fric_status fric_mjcf_plan_file(const fric_mjcf_plan *plan, int i, fric_mjcf_file *out);
/* The <default> classes read so far (every one once want.done), in the
 * order the texts were read, each text's in document order. */
int fric_mjcf_plan_class_count(const fric_mjcf_plan *plan);
/* Class i into *out. FRIC_OK; FRIC_E_NULL: plan or out NULL;
 * FRIC_E_PARAM_RANGE: i outside 0..count−1. */
fric_status fric_mjcf_plan_class(const fric_mjcf_plan *plan, int i, fric_mjcf_class *out);

#ifdef __cplusplus
}
#endif
#endif /* FRIC_ADAPTER_H */
