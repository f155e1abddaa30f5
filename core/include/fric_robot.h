/*
 * fric_robot.h: the robot layer above the MuJoCo adapter, MuJoCo-free
 * (core/adapter/adapter_robot.c): a robot's joints and actuators read as
 * plain numbers, its adoption by identified servos (fric_adapter.h's
 * fric_mujoco_adopt) with the model edits as data, the one starting-goal
 * rule, the creep ring and the per-joint row of the table. One definition
 * for the command line (cli/mujoco.c, `friction mujoco --adopt`, MuJoCo
 * 2.2.2 through core/mujoco/) and the explorer's "Your robot"
 * (web/src/mujoco/robot.js, MuJoCo 3.x in its own wasm module, through
 * wasm/bindings_robot.c): each copies MuJoCo's arrays into these records
 * and writes back what the handle says.
 *
 * The handle (fric_robot) is what the caller keeps: it holds the robot's
 * joints and actuators, the mapping, the adoption (each servo resolved
 * once, its bench def kept here), the adapter's state (fric_mujoco_core:
 * the adopted copy's step takes it), the goals and the creep ring, every
 * byte allocated by fric_robot_create; nothing is allocated after.
 *
 * Two copies of a robot are run side by side (the explorer's pair):
 *   (A) the file as written: its frictionloss, damping and actuators;
 *   (C) adopted: the edits below written, the core's implicit friction.
 * The command line runs (C) only (the A arguments are NULL there).
 */
#ifndef FRIC_ROBOT_H
#define FRIC_ROBOT_H

#include "fric_adapter.h"
#include "fric_bench.h"
#include "fric_status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* MuJoCo's joint transmission (mjtTrn: mjTRN_JOINT; the native adapter
 * checks the number). */
enum { FRIC_ROBOT_TRN_JOINT = 0 };

/* The table's STICK: |q̇| at or below this            [rad/s] */
#define FRIC_ROBOT_STICK_SPEED 1e-9
/* The creep rate's window                             [s]     (the ring
 * holds at least two samples: above a timestep of 2/3 of it, the ring
 * spans one sample interval, one step) */
#define FRIC_ROBOT_CREEP_WINDOW 1.0
/* A creep sample every                                [s]     */
#define FRIC_ROBOT_SAMPLE 0.01
/* The shortest timestep a model may have: below it one simulated second
 * takes over a million steps                          [s]     */
#define FRIC_ROBOT_MIN_TIMESTEP 1e-6
/* The most steps a run may ask (a run of S s at timestep h: S / h)     */
#define FRIC_ROBOT_MAX_STEPS 100000000L
/* The default start of every door (the page, tools/robot.mjs, `friction
 * mujoco --adopt`): the model's keyframe FRIC_ROBOT_START_KEY (its first)
 * when it has one, else its reference pose qpos0; at the file's own
 * timestep unless the person asks another (the page's step select,
 * tools/robot.mjs --timestep). Each door's report says it in its first line. */
#define FRIC_ROBOT_START_KEY 0
/* A table's number whose magnitude is below this, in its column's unit
 * (mrad, mrad/s, N·m), is printed as 0 (a held joint's sag of 1e-20 mrad
 * is rounding, not a sag); the CSVs keep every digit                   */
#define FRIC_ROBOT_PRINT_ZERO 1e-9

/* The model as a whole (m->njnt, m->nu, m->opt). */
#define FRIC_ROBOT_MODEL_FIELDS(X) \
    X(njnt, "") X(nu, "") X(timestep, "s") X(integrator, "") X(gravity, "m/s²")
typedef struct {
    int njnt;               /* joints                                               */
    int nu;                 /* actuators                                            */
    double timestep;        /* m->opt.timestep                            [s]       */
    int integrator;         /* m->opt.integrator (FRIC_MUJOCO_INT_*)                */
    double gravity[3];      /* m->opt.gravity                             [m/s²]    */
} fric_robot_model;

/* One joint of the compiled model (MuJoCo's arrays at the joint's index). */
#define FRIC_ROBOT_JOINT_FIELDS(X) \
    X(name, "") X(cls, "") X(type, "") X(dofadr, "") X(qposadr, "") \
    X(frictionloss, "N·m") X(damping, "N·m·s/rad") X(armature, "kg·m²") X(ancestry, "") X(tendon, "") \
    X(equality, "")
typedef struct {
    const char *name;       /* its name; NULL or "": unnamed (copied by create)     */
    const char *cls;        /* its MJCF default class; NULL: not known (MuJoCo
                               2.2.2's compiled model keeps none)                   */
    int type;               /* m->jnt_type (FRIC_MUJOCO_JNT_*)                      */
    int dofadr;             /* m->jnt_dofadr                                        */
    int qposadr;            /* m->jnt_qposadr                                       */
    double frictionloss;    /* m->dof_frictionloss at its dof             [N·m]     */
    double damping;         /* m->dof_damping                             [N·m·s/rad] */
    double armature;        /* m->dof_armature                            [kg·m²]   */
    const char *ancestry;   /* the parent default classes of cls, nearest first, each
                               ended by '\n' ("so_arm100\nmain\n"; copied by create):
                               class:NAME matches a joint of a class below NAME
                               (childclass); NULL: none known                       */
    int tendon;             /* 1: a tendon wraps the joint (m->wrap_type mjWRAP_JOINT,
                               m->wrap_objid the joint)                             */
    int equality;           /* 1: a joint equality names it (m->eq_type mjEQ_JOINT,
                               m->eq_obj1id or eq_obj2id the joint)                 */
} fric_robot_joint;

/* One actuator of the compiled model (MuJoCo's arrays at its index). */
#define FRIC_ROBOT_ACTUATOR_FIELDS(X) \
    X(trntype, "") X(trnid, "") X(gaintype, "") X(biastype, "") X(gainprm, "") X(biasprm, "") \
    X(gear, "") X(forcelimited, "") X(forcerange, "N·m") X(ctrllimited, "") X(ctrlrange, "rad") X(name, "") \
    X(dyntype, "")
typedef struct {
    int trntype;            /* m->actuator_trntype (FRIC_ROBOT_TRN_JOINT: a joint)  */
    int trnid;              /* m->actuator_trnid[2k]: the joint                     */
    int gaintype, biastype; /* mjtGain, mjtBias (FIXED 0, AFFINE 1; bias NONE 0)    */
    double gainprm[3];      /* the first three of m->actuator_gainprm               */
    double biasprm[3];      /* the first three of m->actuator_biasprm               */
    double gear;            /* m->actuator_gear[6k]                                 */
    int forcelimited;       /* 1: forcerange applies (MuJoCo 3: lo < hi)            */
    double forcerange[2];   /*                                            [N·m]     */
    int ctrllimited;        /* 1: ctrlrange applies (MuJoCo 3: lo < hi)             */
    double ctrlrange[2];    /*                                            [rad]     */
    const char *name;       /* its name; NULL or "": unnamed (copied by create)     */
    int dyntype;            /* m->actuator_dyntype (mjtDyn: 1 integrator, an
                               <intvelocity>)                                       */
} fric_robot_actuator;

/* What the caller writes into copy (C) for adopted joint i (the adoption's
 * model edits): the dof's frictionloss, damping and armature, and, when
 * act >= 0, that actuator's gainprm and biasprm all zero (its own force
 * off: force = gain·ctrl + bias; its ctrl is the servo's goal). A native
 * joint (native 1: MuJoCo's own servo runs it, the core steps nothing):
 * set written instead (fric_native.h's fric_native_edit: the dof's
 * friction, damping, armature, solref, solimp and actuator act a position
 * of set's kp and kv), then mj_setConst once for the model. */
#define FRIC_ROBOT_EDIT_FIELDS(X) \
    X(dof, "") X(frictionloss, "N·m") X(damping, "N·m·s/rad") X(armature, "kg·m²") X(act, "") X(native, "") \
    X(set, "")
typedef struct {
    int dof;                /* the dof to write                                     */
    double frictionloss;    /* dof_frictionloss (0: the servo's budget replaces it) [N·m] */
    double damping;         /* dof_damping (0: the servo's K_v replaces it) [N·m·s/rad] */
    double armature;        /* dof_armature (the servo's, or the file's)  [kg·m²]   */
    int act;                /* the goal-source actuator to zero, −1 none            */
    int native;             /* 1: a native joint: write set (act its actuator)      */
    fric_native_edit set;   /* native: what the dof and actuator get                */
} fric_robot_edit;

/* One row of the per-joint table, for one copy. */
#define FRIC_ROBOT_ROW_FIELDS(X) \
    X(stick, "") X(q, "rad") X(sag_mrad, "mrad") X(creep_mrad_s, "mrad/s") X(tau_m, "N·m") X(tau_f, "N·m")
typedef struct {
    int stick;              /* 1: STICK (|q̇| <= FRIC_ROBOT_STICK_SPEED), 0: SLIP   */
    double q;               /* the joint's angle                          [rad]     */
    double sag_mrad;        /* 1e3·(goal − q)                             [mrad]    */
    double creep_mrad_s;    /* the mean speed over the ring (the last
                               FRIC_ROBOT_CREEP_WINDOW s); NaN: under 2 samples [mrad/s] */
    double tau_m;           /* (C) the servo's motor torque; (A) the actuator's
                               force on the dof (0 without one)           [N·m]     */
    double tau_f;           /* (C) the core's friction; (A) MuJoCo's constraint
                               force on the dof (frictionloss, limits)    [N·m]     */
} fric_robot_row;

/* The robot handle (opaque). */
typedef struct fric_robot fric_robot;

/* The robot of model, joints[model->njnt] and actuators[model->nu] (names
 * and classes copied): each joint's actuator (the last actuator whose
 * transmission is the joint, as MuJoCo sums them), each actuator's kind
 * (fric_mujoco_actuator_kind), the creep ring's sampling (a sample every
 * FRIC_ROBOT_SAMPLE s of the timestep, at least every step; a ring of
 * FRIC_ROBOT_CREEP_WINDOW s, at least two samples), every buffer allocated
 * here. NULL with *why
 * (may be NULL) and the status recorded (fric_status_last): FRIC_E_NULL, FRIC_E_PARAM_RANGE (njnt
 * or nu < 0; the robot's one validation, a sentence naming the element and
 * attribute in the MJCF's words: a timestep not a finite number > 0 or below
 * FRIC_ROBOT_MIN_TIMESTEP, a gravity not finite, a joint's frictionloss,
 * damping or armature not finite, an actuator's gainprm, biasprm or gear not
 * finite or its forcerange or ctrlrange NaN), FRIC_E_NO_MEMORY. An
 * actuator whose joint is out of range drives no joint. */
fric_robot *fric_robot_create(const fric_robot_model *model, const fric_robot_joint *joints,
                              const fric_robot_actuator *actuators, const char **why);
void fric_robot_destroy(fric_robot *r);

/* Joint j's actuator (see create), −1 none or j out of range. */
int fric_robot_joint_actuator(const fric_robot *r, int j);
/* Actuator k's kind (FRIC_MUJOCO_ACT_*), *kp and *kv (may be NULL) as
 * fric_mujoco_actuator_kind; −1 when k is out of range. */
int fric_robot_actuator_kind(const fric_robot *r, int k, double *kp, double *kv);
/* The joint called name, −1 none. */
int fric_robot_joint_find(const fric_robot *r, const char *name);
/* Actuator k's name ("" unnamed, NULL out of range). */
const char *fric_robot_actuator_name(const fric_robot *r, int k);

/* The start pose's name for the adoption's sentences: key the name of the
 * keyframe its qpos comes from ("" an unnamed one, index its number), or
 * NULL for the reference pose qpos0 (the default). Copied (at most 127
 * bytes). */
void fric_robot_start_key(fric_robot *r, const char *key, int index);

/* The mapping's text parsed into the handle (fric_mujoco_map_parse), the
 * adoption cleared. FRIC_OK, or the parser's status with *why. */
fric_status fric_robot_map(fric_robot *r, const char *text, const char **why);
/* The mapping's entries map[n] (parsed by the caller with
 * fric_mujoco_map_parse) into the handle, the adoption cleared. FRIC_OK,
 * or FRIC_E_PARAM_RANGE (n outside 0..FRIC_MUJOCO_MAP_MAX) with *why. */
fric_status fric_robot_map_set(fric_robot *r, const fric_mujoco_map_entry *map, int n, const char **why);
/* The parsed mapping: *n entries (NULL when none). */
const fric_mujoco_map_entry *fric_robot_map_entries(const fric_robot *r, int *n);

/* The adoption's notes, every door's, after its report's lines: per joint
 * the core steps (in the adoption's order) "JOINT: a tendon wraps it; ..."
 * (id robot.note_tendon) and "JOINT: an equality constraint names it; ..."
 * (robot.note_equality); then per joint a class or '*' passed over
 * "JOINT: skipped (a TYPE joint, mapped by 'TARGET'): ..."
 * (robot.note_skipped; the first FRIC_MUJOCO_MAX_JOINTS of them). Note k
 * (0, 1, ...) written to buf[size] as snprintf writes (its length; 0 and
 * no sentence when there is no note k, or no adoption). */
size_t fric_robot_note(const fric_robot *r, int k, char *buf, size_t size);

/* The adoption report, every door's: piece k (0, 1, ...) of adopted row i's
 * line (the rows in fric_robot_adopted's order), written to buf[size] as
 * snprintf writes (its length; 0 and no sentence when there is no piece k
 * or no row i). A door writes a row's pieces joined by "; ", one line a row.
 * servo: the door's name for the row's servo (NULL: the mapping's text).
 * A joint the core steps: "JOINT: SERVO (ENTRY); removed frictionloss ...,
 * damping ..." (id robot.report_removed); its armature, the file's kept or
 * the servo's (robot.report_armature_kept, _servo); its actuator, the goal
 * source (robot.report_act_goal) or off (a speed's or a damper's ctrl is no
 * goal angle: robot.report_act_speed, _damper), or none (robot.report_no_act);
 * its gear when not 1 (robot.report_gear); its goal's clamp when its
 * ctrlrange limits it (robot.report_clamp). A native joint, MuJoCo's own
 * servo (its values in every digit, fric_io_format_double): what its dof got
 * and the file had (robot.report_native), its actuator as a position
 * (robot.report_native_act), its force limit (robot.report_native_force,
 * _unlimited), its friction's solref and solimp (robot.report_native_sol).
 * Numbers of the file: 4 significant digits. */
size_t fric_robot_report(const fric_robot *r, int i, int k, const char *servo, char *buf, size_t size);

/* A mapping's servo as written (fric_mujoco_map_entry.servo), every
 * door's syntax: "ACTUATOR/mK" a preset of the core (fric_bench_preset_find:
 * bam's identified models M1–M6 of an actuator, 'm' or 'M'), or "@NAME"
 * the params file or fit the door gives under NAME (the door reads it: the
 * command line's --params NAME=FILE.json, the page's chosen files). */
typedef enum { FRIC_ROBOT_SERVO_PRESET = 0, FRIC_ROBOT_SERVO_NAMED = 1 } fric_robot_servo_kind;
#define FRIC_ROBOT_SERVO_FIELDS(X) X(kind, "") X(name, "") X(model, "")
typedef struct {
    fric_robot_servo_kind kind;
    char name[FRIC_MUJOCO_NAME_MAX];  /* PRESET: the actuator (sts3215); NAMED: NAME      */
    int model;                        /* PRESET: K of mK, the preset's model; NAMED: 0    */
} fric_robot_servo;

/* Parses servo into *out. FRIC_OK, or with *why one sentence (ids
 * robot.servo_syntax: neither ACTUATOR/mK nor @NAME; robot.servo_no_actuator:
 * ACTUATOR has no identified presets; robot.servo_no_preset: it has, but not
 * model K, the models it has listed) and FRIC_E_PARAM_RANGE; FRIC_E_NULL
 * for servo or out NULL. */
fric_status fric_robot_servo_parse(const char *servo, fric_robot_servo *out, const char **why);

/* The class → joints rule: an entry class:NAME maps the joints of that
 * MJCF default class (their own class or a parent's, fric_mujoco_map_parse),
 * and a class named after a servo (fric_bench_actuator_resolve: the
 * SO-101's sts3215) takes that servo's models only: a servo of actuator
 * `actuator` (its preset's or its params file's) whose own resolved name
 * does not begin with the class's is refused (sts321512v, bam's STS3215 at
 * 12 V, fits class sts3215; mx64/m1 does not). An entry naming a joint or
 * '*', or a class no actuator is called, takes any servo. FRIC_OK, or
 * FRIC_E_PARAM_RANGE with *why (id robot.class_servo: the class, the
 * servo as written, its actuator); FRIC_E_NULL for e or actuator NULL. */
fric_status fric_robot_class_servo_check(const fric_mujoco_map_entry *e, const char *actuator, const char **why);

/* Adopts the robot (fric_mujoco_adopt) with servos[k] the caller's
 * resolution of entry k of the mapping (nservos: the entry count), each
 * joint at q0 = qpos[qposadr] (the start pose). The servos' defs are kept
 * in the handle (the adapter takes them from there). Also the edits
 * (fric_robot_edits) and the integrator copy (C) runs: Euler (the implicit
 * friction predicts MuJoCo's Euler step; the adopted joints' damping, the
 * usual reason for another integrator, is gone). FRIC_OK, or the status
 * with *why (fric_mujoco_adopt's sentences; FRIC_E_PARAM_RANGE: nservos
 * not the mapping's count, more joints mapped than FRIC_MUJOCO_MAX_JOINTS
 * (the model may have more), a qpos of the start pose not finite (every
 * entry of every joint: a free joint's 7, a ball's 4), named by its joint
 * and its keyframe (fric_robot_start_key) as the MJCF writes it). */
fric_status fric_robot_adopt(fric_robot *r, const fric_bench_def *servos, int nservos, int keep_armature,
                             const double *qpos, const char **why);
/* The same with native servos (fric_adapter.h's fric_mujoco_adopt_native:
 * entry k with native[k] 1 is natives[k], servos[k] not read; native may
 * be NULL). The adopted joints are then the core's (the adoption's a[0 ..
 * n)) followed by the native ones (nat[0 .. nnat)): the rows, the edits,
 * the ring and the table count them in that order (fric_robot_rows). A
 * native joint's goal is its actuator's ctrl in copy (C) (MuJoCo's own
 * position servo); its row in (C) reads MuJoCo's actuator force and
 * friction as copy (A)'s does. With no joint for the core, copy (C) keeps
 * the file's integrator and the adapter has no joint (fric_robot_attach
 * succeeds with none). */
fric_status fric_robot_adopt_native(fric_robot *r, const fric_bench_def *servos, const fric_native_params *natives,
                                    const unsigned char *native, int nservos, int keep_armature, const double *qpos,
                                    const char **why);
/* The adoption: NULL before a successful fric_robot_adopt. */
const fric_mujoco_adoption *fric_robot_adoption(const fric_robot *r);
/* The adopted joints, the core's and the native ones (0 before the adoption). */
int fric_robot_rows(const fric_robot *r);
/* Adopted joint i's report (the adoption's a[i], or nat[i − n]); *set (may
 * be NULL) its native edit, NULL for a joint the core steps. NULL for i out
 * of range. */
const fric_mujoco_adopted *fric_robot_adopted(const fric_robot *r, int i, const fric_native_edit **set);
/* The edits of copy (C), one per adopted joint (*n of them, the core's then
 * the native ones; NULL before the adoption). */
const fric_robot_edit *fric_robot_edits(const fric_robot *r, int *n);
/* The integrator to write into copy (C) (FRIC_MUJOCO_INT_EULER) and, in
 * *file (may be NULL), the model's own. */
int fric_robot_integrator(const fric_robot *r, int *file);
/* MuJoCo's name of integrator i ("Euler", "RK4", "implicit",
 * "implicitfast"), NULL past them. */
const char *fric_robot_integrator_name(int i);

/* The largest step [s] MuJoCo integrates a position servo stably with: a
 * joint of inertia [kg·m²] (its dof's diagonal of M, armature in) under a
 * stiffness [N·m/rad] (kp·gear²), its own damping_joint and the
 * actuator's damping_act (kv·gear²) [N·m·s/rad], under integrator
 * (FRIC_MUJOCO_INT_*): Euler's semi-implicit step (the joint's damping
 * implicit, the actuator's explicit) holds while h²·K − 2h·(d_joint −
 * d_act) − 4I < 0 (undamped: h·√(K/I) < 2); implicit and implicitfast the
 * same with both dampings implicit; RK4 h·√(K/I) < 2√2. INFINITY when
 * nothing bounds it, NaN for an inertia not > 0 or a stiffness < 0. */
double fric_robot_stable_step(double stiffness, double inertia, double damping_joint, double damping_act,
                              int integrator);
/* The caution for adopted joint i of copy (A) (the file as written) run at
 * step h [s]: when its actuator is position-type (a stiffness kp > 0 in its
 * bias: position, general, intvelocity) and h is at or above
 * fric_robot_stable_step of kp·gear², the dof's inertia (inertia: M's
 * diagonal at the dof less its armature, at the start pose [kg·m²]; the
 * file's armature is added here), the file's damping, kv·gear² and the
 * file's integrator, one sentence (id robot.step_unstable: the joint, the
 * actuator's kind, gear, kp, the inertia, the integrator, the bound, the
 * step, the largest stable kp) written as snprintf would, its length
 * returned; else 0 and buf "". A text writer (fric__sentence): no failure
 * recorded. Every door says it: `friction mujoco --adopt` and the
 * explorer's robot door (beside copy (A)). */
size_t fric_robot_step_caution(const fric_robot *r, int i, double inertia, double h, char *buf, size_t size);

/* The adapter of copy (C) (fric_adapter.h) after the edits are written:
 * fric_mujoco_core_init with the adoption's defs, model and jm the joints
 * as (C) has them now (joint i of the adoption: jm[i]), the treatment
 * (IMPLICIT here), then each joint's addresses and goal source set. Again
 * after a reset: the adapter starts from the state given. FRIC_OK, or the
 * status with *why. */
fric_status fric_robot_attach(fric_robot *r, const fric_mujoco_model *model, const fric_mujoco_joint_model *jm,
                              fric_mujoco_treatment treatment, const char **why);
/* The adapter the step of copy (C) takes (fric_mujoco_core_step,
 * fric_mujoco_apply): the handle's. */
fric_mujoco_core *fric_robot_core(fric_robot *r);

/* The starting goals (the one rule): every joint's goal is its angle in
 * qpos (copy (C)'s); an actuator is position-like when it is a position,
 * or a general one with a stiffness in its bias (its ctrl is a goal, g·q
 * through its gear g; a motor's is a torque, a velocity's a speed, a
 * damper's a gain: left as they are); ctrl_a (copy A's,
 * may be NULL) gets q on the position-like actuators, ctrl_c (C's, may be
 * NULL) on those and on every adopted joint's goal source (there a motor's
 * ctrl is the servo's goal), and an adopted joint without a goal source
 * (no actuator, or a velocity, intvelocity or damper) gets its goal in the
 * adapter (torque on). The pose's angles as they are (each is its joint's
 * state: FRIC_ROBOT_GOAL_MAX bounds the goals set after). Call after
 * fric_robot_attach. */
void fric_robot_start_goals(fric_robot *r, const double *qpos, double *ctrl_a, double *ctrl_c);
/* The largest |goal| a joint takes [rad]: the core's angle bound, a servo
 * log's (FRIC_IO_ANGLE_MAX, fric_io.h): a few thousand turns, and within it
 * the sag 1e3·(goal − q) and the servo's error goal − q stay finite and
 * exact to ~1e-12 rad (a goal of −1.97e307 rad made the sag −inf). A
 * limited joint's range does not bound it: a goal past a limit is a servo
 * pushing against its stop. */
#define FRIC_ROBOT_GOAL_MAX FRIC_IO_ANGLE_MAX
/* Joint j's goal [rad] by the same rule. FRIC_OK, or FRIC_E_PARAM_RANGE
 * with *why (may be NULL) and nothing changed: j not a joint of the robot,
 * or the goal not finite or beyond ±FRIC_ROBOT_GOAL_MAX (the sentence names
 * the joint and the bound). */
fric_status fric_robot_set_goal(fric_robot *r, int j, double goal, double *ctrl_a, double *ctrl_c, const char **why);
/* Joint j's goal [rad] (NaN for j out of range). */
double fric_robot_goal(const fric_robot *r, int j);

/* After each step of the pair: 1 when a creep sample is due now (then
 * fric_robot_record), else 0. */
int fric_robot_tick(fric_robot *r);
/* The adopted joints' angles of both copies into the ring (qpos_a may be
 * NULL: (C) only). */
void fric_robot_record(fric_robot *r, const double *qpos_a, const double *qpos_c);
/* The ring and the step count emptied (a reset to a keyframe). */
void fric_robot_reset(fric_robot *r);
/* The ring's sampling: steps per sample, samples in the ring. */
void fric_robot_sampling(const fric_robot *r, long *sample, long *span);

/* Adopted joint i's row in copy (C) (c = 1: the adapter's torques; the
 * qfrc arrays are not read and may be NULL, but for a native joint) or (A)
 * (c = 0), or a native joint's in (C): the actuator's force and the
 * friction force on the dof (qfrc_constraint: the caller's friction rows
 * alone, or the whole constraint force), from that copy's arrays.
 * FRIC_OK, or FRIC_E_PARAM_RANGE for i out of range. */
fric_status fric_robot_row_of(const fric_robot *r, int i, int c, const double *qpos, const double *qvel,
                              const double *qfrc_actuator, const double *qfrc_constraint, fric_robot_row *out);

#ifdef __cplusplus
}
#endif
#endif /* FRIC_ROBOT_H */
