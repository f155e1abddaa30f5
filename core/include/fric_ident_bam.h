/*
 * fric_ident_bam.h: a robot's joint identified as bam's servo (Duclusaud &
 * Passault, "Extended Friction Models for the Physics Simulation of Servo
 * Actuators": the servo's electrical and drive model, §IV-A eqs. 11-12,
 * with the friction budget of M1 or M4, §III) instead of MuJoCo's native
 * joint: the second model of fric_ident.h's per-joint identification, on
 * the same checked set (recordings, tracks, windows, frame steps) and with
 * the same machinery (CMA-ES in a box on log scales, FRIC_IDENT_STARTS
 * searches, fric_fit_sensitivity's ranges, fric_ident_verdict_of's flags).
 *
 * The joint: the bench's servo step itself (fric_bench.h), extended to a
 * robot's joint as the native model's is (fric_bench_step_inertia with
 * J = the inertia track + the servo's armature per frame,
 * fric_bench_step_load with τe = load + stiffness·(q − q_meas), the tracks
 * interpolated over the frame as fric_ident_simulate does), with MuJoCo's
 * integrator and the IMPLICIT treatment (fric_bench_integrator_treatments:
 * what `friction mujoco` runs a params file with). The actuator (default
 * sts3215: VOLTAGE control, duty = (goal − q)·kp·error_gain, clipped to
 * ±max_pwm, τm = kt·vin·duty/R − kt²·q̇/R) runs at the recording's firmware
 * gain (fric_ident_options.firmware_kp) and its own supply (vin_default).
 *
 * Parameters: the bench fit's vector p[FRIC_FIT_N] (fric_fit.h, the keys of
 * the M1..M6 params files). Free per joint:
 *   M1  kt [N·m/A], R [Ω] (the effective gain kt·vin·kp·error_gain/R
 *       [N·m/rad] and the back-EMF damping kt²/R [N·m·s/rad]),
 *       armature [kg·m²], friction_base K_c [N·m];
 *   M4  those and load_friction_base K_l, friction_stribeck K_cs,
 *       load_friction_stribeck K_ls, dtheta_stribeck, alpha (M4's budget
 *       K_c + K_l·L + s·(K_cs + K_ls·L)).
 * Held: friction_viscous 0 (in the IMPLICIT step K_v·|q̇'| acts exactly as
 * the back-EMF's kt²/R·q̇ does, so kt, R and K_v give two numbers, not
 * three; flag VISCOUS_LUMPED), q_offset 0 (the MJCF's zero), the firmware
 * constants at the actuator's (error_gain_ratio, max_velocity: the
 * effective gain holds the first).
 */
#ifndef FRIC_IDENT_BAM_H
#define FRIC_IDENT_BAM_H

#include "fric_fit.h"
#include "fric_ident.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The model a joint is fitted with: MuJoCo's native joint (fric_ident.h),
 * or bam's servo with M1 or M4. Names "native", "m1", "m4". */
typedef enum { FRIC_IDENT_NATIVE = 0, FRIC_IDENT_M1 = 1, FRIC_IDENT_M4 = 4 } fric_ident_model;
/* The model of name ("native", "m1", "m4"), −1 for another. */
int fric_ident_model_find(const char *name);

/* The target of actuator (a name fric_bench_actuator_resolve knows) and
 * model (1 or 4) for a robot's joint: the actuator's law and firmware
 * constants, MuJoCo's integrator with its IMPLICIT treatment. FRIC_OK, or
 * the status with one sentence naming the actuator or the model. */
fric_status fric_ident_bam_target(const char *actuator, int model, fric_fit_target *t, const char **why);

/* The box of target t's joint (above; t made by fric_ident_bam_target of
 * actuator): fric_fit_space_default's for the actuator and model, with the robot's wider boxes of the native
 * identification for what a robot's joint reaches beyond a bench's servo
 * (friction_base 1e-4–2 N·m and armature 1e-5–0.1 kg·m², log scales) and
 * the held values above. The start: the box's centre. */
fric_status fric_ident_bam_space(const char *actuator, const fric_fit_target *t, fric_fit_space *s, const char **why);

/* Joint j of recording rec simulated with p (the bench's check refuses a
 * set it cannot step: +inf then) in the set's windows: sim_q (may be NULL)
 * receives min(cap, frames) simulated positions (the observation at t_k,
 * as fric_ident_simulate's); the MAE against the measured q [rad], +inf
 * when the state left the finite range. No allocation. */
double fric_ident_bam_simulate(const fric_ident_set *s, const fric_fit_target *t, size_t rec, int j,
                               const double *p, double *sim_q, size_t cap);
/* The frame-weighted MAE over every recording of the set [rad]. */
double fric_ident_bam_loss(const fric_ident_set *s, const fric_fit_target *t, int j, const double *p);
/* fric_ident_bam_loss of each of the count vectors P[c·FRIC_FIT_N ..]:
 * out[c] [rad], the same bit for bit; the sets walk the recordings side by
 * side, up to 16 at a time (a CMA-ES generation's, as the native fit's;
 * core/identify/ident_walk.h). +inf for each when s, t or P is NULL or j
 * is not a joint of s. No allocation. */
void fric_ident_bam_loss_many(const fric_ident_set *s, const fric_fit_target *t, int j, const double *P, int count,
                              double *out);

/* A joint's bam result. */
typedef struct {
    double p[FRIC_FIT_N];              /* the fitted vector (fric_fit.h's keys)     */
    double lower[FRIC_FIT_N];          /* sensitivity range per parameter           */
    double upper[FRIC_FIT_N];          /*   [unit of the parameter]                 */
    int lower_clamped[FRIC_FIT_N];     /* 1: the range reaches the box's bound      */
    int upper_clamped[FRIC_FIT_N];
    unsigned param_flags[FRIC_FIT_N];  /* per parameter the flags that make it not
                                          identifiable (0: identified; held ones 0) */
    unsigned char free_[FRIC_FIT_N];   /* 1: fitted, 0: held                        */
    double gain;                       /* the effective gain kt·vin·kp·error_gain·
                                          error_gain_ratio/R at the fitted set:
                                          MuJoCo's kp's counterpart [N·m/rad]       */
    double train_mae;                  /* the per-joint loss at p          [rad]    */
    fric_ident_verdict verdict;        /* flags (param_flags there: the native
                                          keys' counterparts, for the shares)       */
    long evals;                        /* evaluations spent                [-]      */
} fric_ident_bam_result;

/* Joint j's bam fit step-wise (a page worker steps it with progress and
 * Cancel; fric_ident_bam_joint runs the same loop to its end): the
 * FRIC_IDENT_STARTS CMA-ES searches of fric_ident_bam_joint one after the
 * other, step running one generation of the current search (a search that
 * ends hands over to the next in the same step). step returns 0 while a
 * search goes on, else the last search's fric_cmaes_stop_reason
 * (FRIC_CMAES_STOPPED after stop; -1 on a NULL fitter). stop ends the
 * whole fit after the current generation: result then gives the best set
 * so far. result: the ranges and the verdict of the best set
 * (fric_ident_bam_joint's result, bit for bit once step has returned
 * non-zero without stop). The fitter keeps set and t by pointer (they
 * outlive it; actuator is read at create only). Allocation-free after
 * create. */
typedef struct fric_ident_bam_fitter fric_ident_bam_fitter;
typedef struct {
    long evals;                /* evaluations done, every search       [-]   */
    long budget;               /* evaluations in all (each · searches) [-]   */
    int search;                /* the search running (0 .. STARTS − 1)  [-]  */
    int generation;            /* generations told, every search       [-]   */
    double best_loss;          /* best MAE so far (+inf before any)    [rad] */
    int done;                  /* 0 running, else a fric_cmaes_stop_reason   */
    double best[FRIC_FIT_N];   /* the best vector so far (the box's centre
                                  before any)                               */
} fric_ident_bam_progress;

fric_ident_bam_fitter *fric_ident_bam_fitter_create(const fric_ident_set *set, const char *actuator,
                                                    const fric_fit_target *t, int j, long budget, uint64_t seed,
                                                    const char **why);
int fric_ident_bam_fitter_step(fric_ident_bam_fitter *f);
void fric_ident_bam_fitter_stop(fric_ident_bam_fitter *f);
const fric_ident_bam_progress *fric_ident_bam_fitter_progress(const fric_ident_bam_fitter *f);
fric_status fric_ident_bam_fitter_result(const fric_ident_bam_fitter *f, fric_ident_bam_result *out, const char **why);
void fric_ident_bam_fitter_destroy(fric_ident_bam_fitter *f);

/* Joint j's identification with target t of actuator: FRIC_IDENT_STARTS CMA-ES searches
 * of seeds seed, seed + 1, ... sharing budget (0: FRIC_IDENT_BUDGET), the
 * best kept, its ranges (fric_fit_sensitivity at FRIC_FIT_SENS_TOLERANCE)
 * and verdict: fric_ident_verdict_of's flags mapped to the parameters
 * (kt and R as kp, friction_base as frictionloss, armature as armature),
 * VISCOUS_LUMPED on friction_viscous, and for M4 LOAD_SMALL on its
 * load-dependent terms (K_l, K_ls) when the load track's range over the
 * recordings is under the friction band 2·B0, B0 the budget at rest
 * without load (fric_servo_frictionloss(·, 0, 0, 0): M1 K_c, M4 K_c + K_cs;
 * also the frictionloss the verdict's hold pairs are judged at), RANGE_AT_BOUND
 * where a range reaches its box. FRIC_OK or the status with *why. The
 * loop of fric_ident_bam_fitter's create, step to the end, result. */
fric_status fric_ident_bam_joint(const fric_ident_set *set, const char *actuator, const fric_fit_target *t, int j,
                                 long budget, uint64_t seed, fric_ident_bam_result *out, const char **why);

#ifdef __cplusplus
}
#endif
#endif /* FRIC_IDENT_BAM_H */
