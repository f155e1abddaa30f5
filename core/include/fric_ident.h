/*
 * fric_ident.h: each joint's servo identified from a recording of the
 * assembled robot (fric_recording.h), no pendulum bench: MuJoCo's native
 * model per joint (fric_native.h: kp at the recorded firmware gain,
 * frictionloss, damping, armature, forcerange; kv lumped into damping).
 * MuJoCo-free (core/identify/ident*.c); the doors' MuJoCo computes the
 * tracks (core/mujoco/mujoco_ident.c natively, the page's MuJoCo 3.x) and
 * replays the whole arm for the held-out check.
 *
 * Method (docs/robot-ident.md): per joint j, a one-dof simulation of
 * MuJoCo's position servo and joint, the rest of the robot entering as
 * per-frame tracks computed once at the measured motion (all joints'
 * measured positions q, their velocities q̇ and accelerations q̈ by central
 * differences, fric_ident_motion):
 *   inertia[k]   = M_jj(q_k) − the file's armature of j          [kg·m²]
 *   load[k]      = −(qfrc_bias_j(q_k, q̇_k) + Σ_{i≠j} M_ji·q̈_i,k)  [N·m]
 *                  (τe as bam's MuJoCo controller takes it, −qfrc_bias,
 *                  plus the coupling of the other joints' accelerations)
 *   stiffness[k] = ∂load_j/∂q_j = −∂qfrc_bias_j/∂q_j at q_k (a forward
 *                  difference of step FRIC_IDENT_NUDGE)           [N·m/rad]
 * The joint then steps at the timestep h as fric_native_step does (the
 * same friction row and implicit damping, core/system/bench/
 * bench_native.c), with J = inertia(t) + armature and the external torque
 *   τe = load(t) + stiffness_k·(q − q_meas(t))
 * in place of the bench's gravity (load and q_meas linear between frames,
 * inertia and stiffness held per frame); the goal of frame k is held from
 * t_k to t_{k+1} and the simulated q is read at t_k, between the steps
 * around it, before goal k acts (LeRobot's record loop;
 * fric_ident_frame_steps).
 * Windows: the simulation restarts from the measured state (q_k, q̇_k)
 * every window seconds, at the first frame after that where the goal moves
 * (a hold is not cut; after three windows whatever the goal does), so a
 * model error does not accumulate into drift. The loss of a joint: the MAE
 * over its frames [rad].
 *
 * Checked against real MuJoCo 2.2.2 (tests/mujoco/test_ident_mujoco.c):
 * with constant tracks the step equals a one-hinge model's to 3e-15 rad;
 * the whole-arm replay with T0's truth gives T0's positions within half a
 * count.
 *
 * Per joint CMA-ES (fric_cmaes.h, ask/tell; fric_ident_fitter) in the box of
 * fric_native_fit_space (log scales) over kp, frictionloss, damping,
 * armature (kv and q_offset held at 0; forcerange held without a limit).
 * Then forcerange (fric_ident_finish): the demand of the fitted servo
 * (max |kp·(goal − q)| over its simulation) and a scan of forcerange below
 * it; where a limit lowers the loss by more than FRIC_FIT_SENS_TOLERANCE
 * the recording saturates the servo and the five keys are searched again
 * with forcerange free, else forcerange stays unlimited, flagged with the
 * demand and the least limit that fits as well (fric_ident_forcerange_
 * sentence). Ranges: fric_fit_sensitivity's scan on the joint's loss. Identifiability: fric_ident_verdict, from the recording and tracks
 * before the fit and from the ranges after it.
 *
 * Conventions as fric_native.h: SI units; prepared (validated) once,
 * allocation-free per step and per evaluation, deterministic; a fallible
 * call returns fric_status with one sentence (fric_status_last, *why).
 */
#ifndef FRIC_IDENT_H
#define FRIC_IDENT_H

#include <stddef.h>
#include <stdint.h>

#include "fric_native.h"
#include "fric_recording.h"
#include "fric_status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The step of the stiffness's forward difference in q_j [rad]. */
#define FRIC_IDENT_NUDGE 1e-4
/* One encoder count of a 4096-count servo: the quantisation floor [rad]. */
#define FRIC_IDENT_COUNT (6.283185307179586 / FRIC_REC_COUNTS_PER_TURN)
/* The STS3215's firmware P gain LeRobot writes (lerobot feetech; T0's
 * setup.json): the gain a robot's kp is stated at by default [-]. */
#define FRIC_IDENT_FIRMWARE_KP 16.0
/* A hold: the goal still (|Δgoal| <= FRIC_IDENT_STILL) for at least
 * FRIC_IDENT_HOLD_S seconds. */
#define FRIC_IDENT_HOLD_S 0.5
#define FRIC_IDENT_STILL 1e-9   /* [rad] */

/* ------------------------------------------------------------- motion */
/* q̇ and q̈ of every joint at every frame by central differences on the
 * recording's non-uniform t (one-sided at the ends, 0 for q̈ there):
 * dq[k·joints + j] [rad/s], ddq[k·joints + j] [rad/s²], caller's arrays of
 * r->n·r->joints. r checked (fric_recording_check). */
void fric_ident_motion(const fric_recording *r, double *dq, double *ddq);

/* Frame k in steps of h (every simulation of a recording, the per-joint one
 * and the whole-arm replay, steps by it): step[k] the first step at or
 * after t_k (t_0 at step 0), where goal k starts to act (the steps before
 * it act with goal k − 1); the observation of frame k is the state at t_k
 * itself, read before goal k acts: w[k]·q(step[k]) + (1 − w[k])·q(step[k] −
 * 1), w[k] = (t_k − t_0)/h − (step[k] − 1) in (0, 1] (1/30 s is not a whole
 * number of 1 ms steps). step[n], w[n] (w may be NULL). */
void fric_ident_frame_steps(const fric_recording *r, double h, int64_t *step, double *w);

/* Stale goals: frame k's goals all repeat frame k−1's exactly while the
 * goals moved into frame k−1 and move again at k+1 (a record loop that
 * wrote the previous action for one frame while the servo took a new one:
 * a repeat in the middle of motion; a hold repeats for many frames and is
 * kept). goal[n·joints] receives r's goals with each stale frame's goals
 * the midpoint of its neighbours'; returns the count of stale frames.
 * Every door fits and replays the repaired goals and says the count. */
size_t fric_ident_stale_goals(const fric_recording *r, double *goal);

/* ------------------------------------------------------------- tracks */
/* A recording's tracks, frame-major as the recording: [k·joints + j]. */
typedef struct fric_ident_tracks {
    size_t n;                 /* frames (the recording's)                       */
    int joints;               /* the recording's joints                          */
    double *inertia;          /* [n·joints] M_jj less the file's armature [kg·m²] */
    double *load;             /* [n·joints] τe at the measured motion     [N·m]   */
    double *stiffness;        /* [n·joints] ∂τe/∂q_j                      [N·m/rad] */
    double *dq;               /* [n·joints] measured velocity (fric_ident_motion) [rad/s] */
    double *ddq;              /* [n·joints] measured acceleration          [rad/s²] */
    void *storage_;
} fric_ident_tracks;

/* Allocates the tracks of r (checked) and fills dq, ddq (fric_ident_motion);
 * inertia, load and stiffness are NaN until a door fills every frame
 * (fric_ident_tracks_frame). FRIC_OK, or FRIC_E_NO_MEMORY / FRIC_E_NULL
 * with *why. Free with fric_ident_tracks_destroy (also after an error). */
fric_status fric_ident_tracks_create(const fric_recording *r, fric_ident_tracks *tr, const char **why);
void fric_ident_tracks_destroy(fric_ident_tracks *tr);

/* Frame k of the tracks from what the door's MuJoCo computed with qpos at
 * the measured positions of frame k (the recording's joints at
 * tr->dq/tr->ddq's frame, the model's other joints at qpos0) and qvel at
 * tr->dq's (mj_forward):
 *   M[j·joints + i]  the mass matrix's entries between the recording's
 *                    joints j, i (MuJoCo's dense M: mj_fullM)    [kg·m²]
 *   armature[j]      the file's dof_armature of joint j           [kg·m²]
 *   bias[j]          qfrc_bias of joint j's dof                   [N·m]
 *   bias_nudged[j]   qfrc_bias of joint j's dof with q_j + FRIC_IDENT_NUDGE
 *                    (the others at frame k)                      [N·m]
 * writes inertia, load and stiffness of frame k (definitions above). No
 * allocation; no check (fric_ident_set_create checks the tracks). */
void fric_ident_tracks_frame(fric_ident_tracks *tr, size_t k, const double *M, const double *armature,
                             const double *bias, const double *bias_nudged);

/* ------------------------------------------------------- the problem */
typedef struct {
    double h;            /* the simulation's timestep, the MJCF's   [s] (> 0, <= period/2) */
    double window;       /* restart from the measured state after  [s] (> 0; 0: default)   */
    double firmware_kp;  /* the firmware gain the recording ran at [-] (> 0)                */
} fric_ident_options;
/* The window when none is given: long against the servo's settling time
 * (J/c of a hobby arm's joint, some 0.05–0.2 s) so kp, friction and
 * damping shape the simulated motion, short against the drift a wrong
 * link mass makes [s]. */
#define FRIC_IDENT_WINDOW 2.0
/* The fields of fric_ident_options, X(field, unit). */
#define FRIC_IDENT_OPTIONS_FIELDS(X) X(h, "s") X(window, "s") X(firmware_kp, "")

/* Training recordings and their tracks, checked once: every recording
 * (fric_recording_check), the same joints in the same order in each,
 * every track finite, inertia > 0, the options in range. Holds pointers
 * (recordings and tracks must outlive it) and the windows it chose. */
typedef struct fric_ident_set fric_ident_set;
fric_ident_set *fric_ident_set_create(const fric_recording *const *recs, const fric_ident_tracks *const *tracks,
                                      size_t count, const fric_ident_options *o, const char **why);
void fric_ident_set_destroy(fric_ident_set *s);
/* The number of joints, and steps of one joint's evaluation (Σ frames·h). */
int fric_ident_set_joints(const fric_ident_set *s);
uint64_t fric_ident_set_steps(const fric_ident_set *s);

/* Joint j of recording rec simulated with p (fric_native_check'd by the
 * caller or refused here) in windows restarted from the measured state:
 * sim_q (may be NULL) receives the simulated q at min(cap, frames) frames
 * (NaN from the frame after the state left the finite range);
 * the MAE against the measured q [rad], +inf when the state left the
 * finite range or p is refused. No allocation. */
double fric_ident_simulate(const fric_ident_set *s, size_t rec, int j, const fric_native_params *p, double *sim_q,
                           size_t cap);
/* The loss of joint j: the frame-weighted MAE over every recording [rad]. */
double fric_ident_loss(const fric_ident_set *s, int j, const fric_native_params *p);

/* ------------------------------------------------- what the data tells */
/* The reasons a parameter is not identifiable: X(flag, sentence id, text). */
#define FRIC_IDENT_FLAGS(X) \
    X(NO_REVERSAL, "ident.no_reversal", "the goal never reverses: friction not identifiable") \
    X(NO_HOLD_BOTH_SIDES, "ident.no_hold_both_sides", \
      "no hold the joint came into from above and from below without ringing past it: the split of friction and " \
      "kp not identifiable") \
    X(FORCERANGE_NOT_FITTED, "ident.forcerange_not_fitted", \
      "forcerange not fitted (left without a limit): not identifiable unless the recording saturates the servo") \
    X(ARMATURE_SMALL, "ident.armature_small", \
      "armature·|q̈| stays a small part of the torque: armature not identifiable") \
    X(RATIOS_ONLY, "ident.ratios_only", \
      "the MJCF's link inertia and load are a small part of the joint's torque: kp, frictionloss, damping and " \
      "armature are known only up to a common factor (their ratios are identified)") \
    X(KV_LUMPED, "ident.kv_lumped", "kv and damping both act as −c·q̇: fitted as one damping") \
    X(LOAD_SMALL, "ident.load_small", \
      "the load's range stays within the friction band (twice the friction at rest): the load-dependent " \
      "friction of M4 not identifiable") \
    X(VISCOUS_LUMPED, "ident.viscous_lumped", \
      "friction_viscous and the back-EMF kt²/R both act as −c·q̇: friction_viscous held at 0, kt and R carry the " \
      "damping") \
    X(RANGE_AT_BOUND, "ident.range_at_bound", "a confidence range reaches its bound: that value not identifiable") \
    X(POSE_RESIDUAL, "ident.pose_residual", \
      "the residual at the holds follows the joint's gravity load (it swings by more than half a count across " \
      "the holds): a link this joint carries may have a wrong mass or centre of mass in the MJCF (kp absorbs part " \
      "of it), or the fit stopped short of its minimum (a larger budget)")
enum {
#define FLAG_BIT(f, id, text) FRIC_IDENT_BIT_##f,
    FRIC_IDENT_FLAGS(FLAG_BIT)
#undef FLAG_BIT
    FRIC_IDENT_N_FLAGS
};
#define FRIC_IDENT_FLAG(f) (1u << FRIC_IDENT_BIT_##f)
/* The sentence id and English text of flag bit b (NULL out of range). */
const char *fric_ident_flag_id(int b);
const char *fric_ident_flag_text(int b);

/* Per joint, from the recording and the tracks (before the fit), then the
 * ranges (after it). */
typedef struct {
    unsigned flags;            /* FRIC_IDENT_FLAG(...) bits                         */
    unsigned param_flags[FRIC_NATIVE_FIT_N]; /* per fitted key (FRIC_NATIVE_FIT_LIST), the
                                  flags that make it not identifiable (0: identified) */
    double reversals;          /* reversals of the goal's direction   [-]           */
    double holds_above;        /* holds the joint came into from above, moving
                                  toward them only (no ringing past)  [-]           */
    double holds_below;        /* the same from below                 [-]           */
    double load_min, load_max; /* the load track's range              [N·m]         */
    double inertia_mean;       /* the inertia track's mean            [kg·m²]       */
    double accel_share;        /* armature·q̈ against the torque the joint's motion
                                  takes, (M_jj + armature)·q̈ − load, RMS ratio at
                                  p's armature                        [-]           */
    double known_share;        /* the MJCF's own part of that torque, M_jj·q̈ − load,
                                  RMS ratio: what sets the scale of the servo's
                                  parameters (scaling kp, frictionloss, damping and
                                  armature together leaves the rest unchanged)  [-] */
    double pose_swing;         /* with p a fitted native set (kp > 0; else 0): how
                                  far the residual at the holds (simulated less
                                  measured, per hold) swings with the hold's load,
                                  past what one intercept per approach side
                                  explains; over FRIC_IDENT_POSE_SWING:
                                  POSE_RESIDUAL                     [rad] */
    double demand_max;         /* fric_ident_finish: the greatest actuator force the
                                  fitted servo, unlimited, asks for at any step of
                                  the recordings, max |kp·(goal − q)| (0: not
                                  computed)                         [N·m]         */
    double force_floor;        /* fric_ident_finish, forcerange not fitted: the
                                  least forcerange whose loss stays within
                                  FRIC_FIT_SENS_TOLERANCE of the unlimited one (0:
                                  not computed, or forcerange fitted) [N·m]       */
} fric_ident_verdict;
#define FRIC_IDENT_VERDICT_FIELDS(X) \
    X(reversals, "") X(holds_above, "") X(holds_below, "") X(load_min, "N·m") X(load_max, "N·m") \
    X(inertia_mean, "kg·m²") X(accel_share, "") X(known_share, "") X(pose_swing, "rad") X(demand_max, "N·m") \
    X(force_floor, "N·m")

/* The residual at the holds allowed to swing with the load (fric_ident_
 * verdict's pose_swing) before POSE_RESIDUAL is said: half a count, what
 * the quantisation moves one hold's mean by at most [rad]. Measured on T0's
 * recipe (ident_fit.c): the SO-101's own MJCF 0.05–0.08 counts; one link's
 * mass ×1.3 on shoulder_lift: upper_arm 1.9, lower_arm 0.8 (and 0.6 on
 * elbow_flex), gripper 1.8, wrist 0.49 counts (not said). A fit stopped
 * far short of its minimum swings too (wrist_flex after 60 evaluations:
 * 0.96 counts): the sentence says both. */
#define FRIC_IDENT_POSE_SWING (0.5 * FRIC_IDENT_COUNT)

/* ------------------------------------------------------------ the fit */
/* Joint j's fit: CMA-ES in box s (fric_native_fit_space: held keys held),
 * from start (its fitted values the first mean), budget evaluations, seed.
 * Step-wise (a page worker steps it in slices, with progress and Cancel):
 * step runs one generation and returns 0 while the search goes on, else a
 * fric_cmaes_stop_reason (−1 on a NULL fitter). Allocation-free after
 * create. */
typedef struct fric_ident_fitter fric_ident_fitter;
typedef struct {
    long evals;                /* evaluations done                       [-]   */
    long budget;               /* evaluations in all                     [-]   */
    int generation;            /* generations told                       [-]   */
    double best_loss;          /* best MAE so far (+inf before any)      [rad] */
    int done;                  /* 0 running, else a fric_cmaes_stop_reason     */
    fric_native_params best;   /* the best set so far (the start before any)   */
} fric_ident_progress;

/* The default box and start of a robot's joint: FRIC_NATIVE_FIT_LIST's
 * bounds (physical: a hobby servo's kp 0.01–100 N·m/rad, ...), kv and
 * q_offset held at 0, forcerange held at 0 (no limit); firmware_kp o->firmware_kp; the start the box's
 * centre. */
void fric_ident_space_default(const fric_ident_options *o, fric_native_fit_space *s, fric_native_params *start);

fric_ident_fitter *fric_ident_fitter_create(const fric_ident_set *set, int j, const fric_native_params *start,
                                            const fric_native_fit_space *s, long budget, uint64_t seed,
                                            const char **why);
int fric_ident_fitter_step(fric_ident_fitter *f);
void fric_ident_fitter_stop(fric_ident_fitter *f);
const fric_ident_progress *fric_ident_fitter_progress(const fric_ident_fitter *f);
void fric_ident_fitter_destroy(fric_ident_fitter *f);

/* The evaluations per joint when none are asked for, spread over
 * FRIC_IDENT_STARTS searches of seeds seed, seed + 1, ... from the box's
 * centre (the best kept): a 4-parameter search from one start ends in a
 * local minimum now and then (a large frictionloss with no armature can
 * mimic a stiff joint), the next seed's leaves it. */
#define FRIC_IDENT_BUDGET 4500
#define FRIC_IDENT_STARTS 3

/* The evaluations each of a joint's FRIC_IDENT_STARTS searches gets from a
 * whole budget (0: FRIC_IDENT_BUDGET) over n_free free parameters:
 * budget / FRIC_IDENT_STARTS into *each. FRIC_E_PARAM_RANGE, the sentence
 * naming the budget given and the least one that runs, when that is under
 * one CMA-ES generation (fric_cmaes_default_lambda(n_free)). The native
 * fit, its page's stepped fitters and bam's (fric_ident_bam.h) share it. */
fric_status fric_ident_budget_each(long budget, int n_free, long *each, const char **why);
/* fric_ident_budget_each over the free keys of the native joint search's box
 * under options o (fric_ident_space_default; NULL: the defaults): what
 * fric_ident_joint spreads, and what the page asks before it starts. */
fric_status fric_ident_native_budget_each(const fric_ident_options *o, long budget, long *each, const char **why);

/* A joint's result. */
typedef struct {
    fric_native_params p;                   /* the fitted set                      */
    double lower[FRIC_NATIVE_FIT_N];        /* sensitivity range per fitted key    */
    double upper[FRIC_NATIVE_FIT_N];        /*   [unit of the key]                 */
    int lower_clamped[FRIC_NATIVE_FIT_N];   /* 1: the range reaches the box's bound */
    int upper_clamped[FRIC_NATIVE_FIT_N];
    double train_mae;                        /* the per-joint loss at p      [rad]  */
    fric_ident_verdict verdict;
    long evals;                              /* evaluations spent            [-]    */
} fric_ident_result;

/* The whole of joint j's identification: the fits (FRIC_IDENT_STARTS, the
 * budget shared), ranges
 * (fric_fit_sensitivity's method at FRIC_FIT_SENS_TOLERANCE), verdict
 * (after). FRIC_OK or the status with *why. */
fric_status fric_ident_joint(const fric_ident_set *set, int j, long budget, uint64_t seed, fric_ident_result *out,
                             const char **why);

/* The rest of fric_ident_joint after its searches, for a door that steps
 * the fitters itself (a page worker: progress, Cancel): joint j's result
 * from the best set p of its FRIC_IDENT_STARTS searches, its loss
 * train_mae [rad] and the evaluations spent, with forcerange's stage (the
 * demand, the scan, where the recording saturates the servo a search of
 * evals / FRIC_IDENT_STARTS evaluations over the five keys from p and the
 * scan's limit, its evaluations added to out->evals), the ranges and the
 * verdict as fric_ident_joint computes them (core/identify/
 * ident_finish.c). FRIC_OK or the status with *why. */
fric_status fric_ident_finish(const fric_ident_set *set, int j, const fric_native_params *p, double train_mae, long evals,
                              fric_ident_result *out, const char **why);

/* Why forcerange is not fitted, with the numbers of verdict v (FORCERANGE_
 * NOT_FITTED set by fric_ident_finish: demand_max and force_floor > 0): one
 * sentence, id "ident.forcerange_unsaturated", written to buf[size] as
 * snprintf would (its id and values for fric_sentence_last); returns the
 * length it needs, 0 (buf "") when v fitted forcerange or has no numbers. */
size_t fric_ident_forcerange_sentence(const fric_ident_verdict *v, char *buf, size_t size);

/* The verdict of joint j before a fit (p: the set the shares are taken at). */
void fric_ident_verdict_of(const fric_ident_set *set, int j, const fric_native_params *p, fric_ident_verdict *v);

#ifdef __cplusplus
}
#endif
#endif /* FRIC_IDENT_H */
