/*
 * fric_mujoco.h: the core's friction as MuJoCo's joint friction (an optional
 * module, core/mujoco/, built when <mujoco/mujoco.h> is present; MuJoCo 2.2.2,
 * Debian's libmujoco-dev; link libfriction_mujoco.a, libfriction.a, -lmujoco).
 *
 * Attach friction to named hinge or slide joints of any mjModel: a law of
 * friction.h (Coulomb-viscous, Stribeck, rational; N·m and rad/s for a hinge,
 * N and m/s for a slide) or a servo (fric_bench_def: an actuator preset or a
 * params file, M1–M6, whose control law fric_bench_motor_torque drives the
 * joint toward a goal), with one of three treatments:
 *
 *   IMPLICIT      the project's friction, a generalised force added to
 *                 d->qfrc_passive after mj_step1 (which recomputes
 *                 qfrc_passive every step, so d->qfrc_applied stays the
 *                 user's). MuJoCo's frictionloss of the joint must be 0.
 *   FRICTIONLOSS  MuJoCo's own friction constraint, as the M1–M6 authors'
 *                 MuJoCo back-end drives it: m->dof_frictionloss and
 *                 m->dof_damping written every step from the budget at the
 *                 current state (law: Φ(|v|) − D·|v| and D; servo:
 *                 fric_servo_frictionloss and K_v). MuJoCo makes its
 *                 constraint rows in mj_step1, so the value written takes
 *                 effect one step later; a regularised constraint: a joint
 *                 held by it creeps (a comparison, not a property of ours).
 *   NOSLIP        FRICTIONLOSS with MuJoCo's noslip solver: attach sets
 *                 m->opt.noslip_iterations to FRIC_MUJOCO_NOSLIP_ITERATIONS when
 *                 it is 0.
 *
 * The loop (once per step, between mj_step1 and mj_step2):
 *
 *     mj_step1(m, d);
 *     fric_mujoco_apply(&fm, m, d);          (servo: fric_mujoco_goal before)
 *     mj_step2(m, d);
 *
 * A plain mj_step loop does not work through MuJoCo's callbacks, and the
 * adapter installs none: in 2.2.2 mjcb_passive runs inside mj_fwdVelocity
 * BEFORE mj_rne computes qfrc_bias and before the actuator forces, so the
 * prediction below cannot be formed there (the check is in
 * tests/mujoco/test_mujoco.c); mjcb_control runs late enough, but it is one
 * process-wide pointer without user data (a user's controller usually owns
 * it) and under RK4 it runs at every stage. Set d->ctrl and d->qfrc_applied
 * before fric_mujoco_apply: the prediction reads them.
 *
 * IMPLICIT, one joint (exact). Kikuuwe's element A (eq. 26) with MuJoCo's
 * own semi-implicit Euler step: with f the friction on dof i alone,
 *   v_i' = v* + Z·f,  v* = v_i + h·(M⁻¹ qfrc_smooth)_i,  Z = h·(M⁻¹)_ii,
 * (qfrc_smooth: passive, bias, applied, actuator, xfrc; mj_fwdAcceleration's
 * qacc_smooth, one extra solve with the LᵀDL factor for (M⁻¹)_ii), so
 * f = −Φ_Z(v*) (friction.h, Kikuuwe eq. 16) gives v_i' = 0 exactly in the
 * static band (to rounding) and the implicit slip outside it. Exact when no
 * constraint force (contact, limit, equality) acts on the system in that
 * step, no dof has MuJoCo damping (Euler integrates it implicitly with
 * M + h·B) and the integrator is Euler; otherwise the constraint forces are
 * those MuJoCo finds with the friction held, an approximation.
 *
 * IMPLICIT, several joints (the semi-implicit per-joint step of
 * ../shared/specs/seed002-multijoint.md §3, eqs. 25-27 with g = 1; each
 * joint's own scalar problem, O(n)): joint i's rotor inertia I_i (its
 * armature, the sheet's γ²·I_M, > 0) is split from the rest of the system,
 * whose reaction u_i is taken from the previous step:
 *   I_i·q̈_i = S_i + f_i + u_i,  u_i = I_i·q̈_i − qfrc_smooth_i  (previous step)
 *   v*_i = v_i + Z_i·(S_i + u_i),  Z_i = h/I_i,  f_i = −Φ_Z(v*_i)
 * with S_i the smooth forces on dof i now (passive, bias, applied, actuator;
 * servo: + τm) and u_i = 0 at the first step (a system at rest held by its
 * friction). Exact in a stationary hold (the held state is a fixed point
 * with q̈ = 0 exactly); the transient converges whatever the coupling
 * (M ⪰ diag(I): the lag's error map I − M⁻¹·diag(I) has its eigenvalues in
 * [0, 1)), faster the more the armature dominates; sliding uses the lagged
 * reaction: the sheet's approximation, one step of delay in the coupling.
 *
 * Servo (M1–M6): τm = fric_bench_motor_torque(q, q̇, goal) is added to
 * qfrc_passive with the friction; the load-dependent budget reads τm and the
 * external torque τe = S_i (one joint: qfrc_smooth_i without friction and
 * motor: gravity, springs, applied, actuators, as the bench's gravity, plus
 * the constraint force on the dof of the previous step: limits, contacts)
 * or S_i + u_i (several joints: u_i holds the constraint and coupling
 * reaction of the previous step), frozen over the step as the bench does
 * (fric_bench.h, bench_step.c), the budget a Stribeck law of the end
 * velocity through fric_elem_a_var. The bench's mass and length are not used
 * (MuJoCo has the inertia); put the servo's armature in the joint's armature
 * (friction mujoco-model does).
 *
 * The per-joint friction (the law or servo budget, Φ_Z, the frictionloss
 * value) is fric_joint.h's MuJoCo-free step, and so is what this adapter
 * does around it (fric_mujoco_core: the refusals, Z, the several-joint
 * reaction, the load, the FRICTIONLOSS/NOSLIP writes): this adapter runs
 * MuJoCo (mj_forward, mj_fwdActuation, mj_fwdAcceleration, mj_solveM for
 * (M⁻¹)_ii) and copies its arrays in and out; the explorer's "In MuJoCo"
 * view does the same with MuJoCo 3.x through the wasm bindings.
 *
 * Allocation-free per step (scratch on MuJoCo's own stack, mj_stackAlloc);
 * everything validated once by fric_mujoco_init; deterministic.
 */
#ifndef FRIC_MUJOCO_H
#define FRIC_MUJOCO_H

#include <stddef.h>
#include <stdint.h>

#include <mujoco/mujoco.h>

#include "fric_bench.h"
#include "fric_adapter.h"
#include "fric_ident.h"
#include "fric_native.h"
#include "fric_recipe.h"
#include "fric_robot.h"
#include "friction.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The treatments (fric_mujoco_treatment, fric_mujoco_treatment_names,
 * FRIC_MUJOCO_NOSLIP_ITERATIONS, FRIC_MUJOCO_MAX_JOINTS), the joint defs
 * (fric_mujoco_joint_def) and the orchestration this adapter drives are
 * fric_adapter.h's, MuJoCo-free. */

/* The adapter: fric_adapter.h's fric_mujoco_core, each joint's addresses (jnt,
 * dof, qadr) MuJoCo's. Caller-owned, about 100 KB: make it static or
 * allocate it once rather than putting it on a small stack. */
typedef fric_mujoco_core fric_mujoco;

/* Validates and prepares: every name a hinge or slide joint of m (no
 * duplicate), the law (fric_law_check with the Z of d's configuration) or
 * the servo (fric_bench_check's messages), the model's fit for the treatment
 * (IMPLICIT: Euler integrator, no MuJoCo frictionloss or damping on the
 * joint; several joints: armature > 0 on each). Runs mj_forward(m, d) for
 * the inertia. FRICTIONLOSS/NOSLIP write the budget at rest into
 * m->dof_frictionloss, the viscous part into m->dof_damping (NOSLIP also
 * m->opt.noslip_iterations). FRIC_OK, or the status with *why: FRIC_E_NULL,
 * FRIC_E_UNKNOWN_NAME (no such joint), FRIC_E_UNSUPPORTED (ball or free
 * joint, integrator, frictionloss/damping/armature), FRIC_E_PARAM_RANGE,
 * the law's or servo's check. Servo goal = the joint's angle in d. */
fric_status fric_mujoco_init(fric_mujoco *fm, mjModel *m, mjData *d, const fric_mujoco_joint_def *defs,
                               int n, fric_mujoco_treatment treatment, const char **why);

/* Servo joint i's goal [rad] and torque enable (0/1) for the next steps. */
void fric_mujoco_goal(fric_mujoco *fm, int i, double goal, int torque_enable);

/* Once per step, after mj_step1 and before mj_step2 (see above). */
void fric_mujoco_apply(fric_mujoco *fm, mjModel *m, mjData *d);

/* The friction torque on joint i in the step just taken [N·m]: IMPLICIT the
 * adapter's, FRICTIONLOSS/NOSLIP d->qfrc_constraint of the dof (call after
 * mj_step2; includes any other constraint on that dof). */
double fric_mujoco_friction(const fric_mujoco *fm, const mjData *d, int i);

/* Adopts a robot (fric_adapter.h's fric_mujoco_adopt over m's joints and
 * actuators; MuJoCo 2.2.2 keeps no default class, so map by joint name or
 * '*'): writes the adopted joints' dof_frictionloss and dof_damping 0 and
 * their armature, switches each goal-source actuator's force off (gain and
 * bias 0; its d->ctrl is the servo's goal, clamped to its ctrlrange, from
 * then on), then fric_mujoco_init with the adopted joints and treatment,
 * and sets each joint's goal source; each servo starts held at the
 * joint's angle in d (goal and the firmware's smoothed target there: set
 * the goal sources' d->ctrl to it too). out reports what was removed and
 * replaced. FRIC_OK, or the status with *why (the model then may hold some
 * writes: load it again). */
fric_status fric_mujoco_adopt_model(fric_mujoco *fm, mjModel *m, mjData *d, const fric_mujoco_map_entry *map,
                                    const fric_bench_def *servos, int nmap, int keep_armature,
                                    fric_mujoco_treatment treatment, fric_mujoco_adoption *out, const char **why);

/* The robot layer of m (fric_robot.h): its joints and actuators copied in
 * (MuJoCo 2.2.2 keeps no default class: map by joint name or '*'). NULL
 * with *why. Free with fric_robot_destroy. */
fric_robot *fric_mujoco_robot_create(const mjModel *m, const char **why);

/* Adopts the robot r of m (fric_robot_map first) with servos[nservos], from
 * d's pose (mj_forward): fric_robot_adopt, its edits written into m (the
 * adopted dofs' frictionloss, damping, armature; the goal sources' gain and
 * bias 0; the Euler integrator), then the adapter of r (fric_robot_core)
 * attached with the implicit treatment (fric_mujoco_init, each joint's goal
 * source set). Then fric_robot_start_goals(r, d->qpos, NULL, d->ctrl).
 * FRIC_OK, or the status with *why (m may then hold some edits). */
fric_status fric_mujoco_robot_adopt(fric_robot *r, mjModel *m, mjData *d, const fric_bench_def *servos, int nservos,
                                    int keep_armature, const char **why);
/* The same with native servos (fric_robot_adopt_native: entry k with
 * native[k] 1 is natives[k], MuJoCo's own servo): each native joint's edit
 * written by fric_mujoco_native_write, then mj_setConst with d's state
 * kept (dof_invweight0 with the new armature); the integrator the file's
 * when the core steps no joint; the adapter attached only when it does. */
fric_status fric_mujoco_robot_adopt_native(fric_robot *r, mjModel *m, mjData *d, const fric_bench_def *servos,
                                           const fric_native_params *natives, const unsigned char *native,
                                           int nservos, int keep_armature, const char **why);
/* Writes the native edit e (fric_native.h, fric_native_edit: the one
 * definition of MuJoCo's own servo in a robot) into m: dof's frictionloss,
 * damping, armature, solref and solimp; actuator act a position of e's kp
 * and kv (gain FIXED kp, bias AFFINE 0 −kp −kv, no dynamics), its
 * forcelimited and forcerange; through the actuator's gear g (joint
 * transmission: length g·q, g·force on the joint) kp/g², kv/g² and
 * forcerange/|g|, so the joint feels e's servo. The caller runs
 * mj_setConst after. */
void fric_mujoco_native_write(mjModel *m, int dof, int act, const fric_native_edit *e);
/* Adopted joint i's caution for MuJoCo's own copy of the file at m's
 * timestep (fric_robot_step_caution): the dof's inertia read from MuJoCo
 * at d's pose (mj_forward, then M's diagonal d->qM at m->dof_Madr less
 * m->dof_armature: the body's, whichever armature m now has). Its length,
 * 0 and buf "" when the step is stable or the joint has no position-type
 * actuator. */
size_t fric_mujoco_robot_caution(const fric_robot *r, const mjModel *m, mjData *d, int i, char *buf, size_t size);

/* -------------------------------------------------- the pendulum bench */

/* fric_mujoco_bench_mjcf (the bench as MJCF) is declared in fric_adapter.h:
 * it needs no MuJoCo, and the explorer calls it through the bindings. */

/* The recording recipe's joints (fric_recipe.h): def's joints, names and
 * ranges [rad] set to those of every hinge or slide joint an actuator
 * drives (transmission joint), in the model's joint order; the rest of def
 * untouched. FRIC_OK, or FRIC_E_PARAM_RANGE (a driven joint without a range,
 * more than FRIC_REC_MAX_JOINTS, none) / FRIC_E_NULL with *why. */
fric_status fric_mujoco_recipe_joints(const mjModel *m, fric_recipe_def *def, const char **why);

/* Loads MJCF text (MuJoCo's VFS, no file). NULL with *why (MuJoCo's
 * message) on failure; free with mj_deleteModel. */
mjModel *fric_mujoco_load_string(const char *xml, const char **why);

/* The log replayed through MuJoCo on the bench of its header
 * (fric_mujoco_bench_mjcf of fric_bench_def_from_log), the servo of d with the
 * treatment t, scored as fric_bench_replay does (same samples, initial state,
 * goal and torque_enable per sample, MAE of q). out's fields as the bench's
 * (steps_stuck counts stuck steps). FRIC_OK, or the status with *why. */
fric_status fric_mujoco_replay(const fric_bench_def *d, const fric_io_log *log, fric_mujoco_treatment t,
                               fric_bench_replay_result *out, const char **why);

/* The log replayed by real MuJoCo with MuJoCo's own joint of the native
 * set p (fric_native.h): the log's bench as fric_native_bench_mjcf writes
 * it (the joint's frictionloss, damping, armature and the actuator of
 * fric_native_mjcf_attrs, the class export's text), no friction of the
 * core; the first sample's position and speed, then per sample: record q,
 * ctrl = the goal, the actuation disabled (mjDSBL_ACTUATION) while the
 * torque is off, mj_step; scored as fric_native_replay (out's reversals
 * and steps_stuck 0: MuJoCo does not count them). sim_q (may be NULL)
 * receives min(cap, samples) positions. FRIC_OK, or the status with *why
 * (p refused, a bad log, a model MuJoCo does not load, a state that left
 * the finite range). */
fric_status fric_mujoco_native_replay(const fric_native_params *p, const fric_io_log *log, double *sim_q, size_t cap,
                                      fric_bench_replay_result *out, const char **why);

/* A log replayed through a user's model with one servo joint attached: the
 * log's kp and vin replace the servo's; initial state the first sample's
 * position and speed; per sample: record q, set goal and torque_enable,
 * step; score as fric_bench_replay. The model's timestep must be the log's
 * step (fric_io_log_step). sim_q (may be NULL) receives min(cap, samples)
 * positions. FRIC_OK, or the status with *why. */
fric_status fric_mujoco_replay_model(fric_mujoco *fm, mjModel *m, mjData *d, const fric_io_log *log,
                                     double *sim_q, size_t cap, fric_bench_replay_result *out,
                                     const char **why);

/* ------------------------------------- a robot's servos from a recording */
/* (fric_ident.h; core/mujoco/mujoco_ident.c.) */

/* The recording's joints in m by name: jnt[j] the hinge joint of r's joint
 * j, and act[j] (act may be NULL) the first actuator on it (transmission
 * joint). FRIC_OK, or FRIC_E_UNKNOWN_NAME with one sentence naming the
 * joint missing and listing the model's hinge joints (or the joint without
 * an actuator). */
fric_status fric_mujoco_ident_joints(const mjModel *m, const fric_recording *r, int *jnt, int *act, const char **why);

/* The tracks of r (tr made by fric_ident_tracks_create, its dq and ddq
 * filled) for model m, per frame: the model's qpos0 with the recording's
 * joints at their measured angles and velocities, mj_forward, mj_fullM
 * (M's entries between the recording's joints), qfrc_bias, and qfrc_bias
 * again with each joint nudged by FRIC_IDENT_NUDGE: fric_ident_tracks_frame.
 * m is not changed. FRIC_OK or the status with *why. */
fric_status fric_mujoco_ident_tracks(const mjModel *m, const fric_recording *r, fric_ident_tracks *tr,
                                     const char **why);

/* The whole arm replaying r's goals in real MuJoCo (a copy of m): joint j
 * given p[j] (where use is NULL or use[j]) as MuJoCo's own joint and
 * actuator (frictionloss, damping, armature, solref/solimp friction; the
 * joint's actuator made a position servo gain kp·firmware_kp/p.firmware_kp,
 * bias −kp, −kv, forcerange), then mj_setConst (dof_invweight0 with the
 * new armature, as a compiled file has it); p NULL: the file's own. From
 * the measured pose of frame 0 at rest (the other joints at qpos0), ctrl
 * the goals of frame 0; per frame k: stepped to step[k]
 * (fric_ident_frame_steps at m's timestep), q at t_k (between the steps
 * around it, weight w[k]) recorded into sim_q[k·joints + j], then ctrl =
 * goal k. FRIC_OK or the status with *why. */
fric_status fric_mujoco_ident_replay(const mjModel *m, const fric_recording *r, const fric_native_params *p,
                                     const unsigned char *use, double firmware_kp, double *sim_q, const char **why);

#ifdef __cplusplus
}
#endif
#endif /* FRIC_MUJOCO_H */
