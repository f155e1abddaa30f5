/*
 * fric_fit.h: identification of a servo's friction model M1-M6 from its own
 * pendulum logs, as Duclusaud & Passault §V-B identify (Rhoban/bam
 * bam/fit.py): minimise the mean over logs of each log's replay MAE
 * (fric_bench_replay: the control law recomputed from the simulated state
 * and the logged goal) over the model's free parameters, each searched
 * in [lo, hi] (normalised to [0, 1] for the optimiser, on a log scale when
 * lo > 0), with
 * CMA-ES and BIPOP restarts (fric_cmaes.h).
 *
 * The parameters: one vector p[FRIC_FIT_N] in the params-file order below
 * (the keys of shared/data/bam/params/<actuator>/m<k>.json), whatever the
 * model; a model leaves the coefficients it does not use at 0.
 *
 * Pipeline: logs (fric_io.h) → fric_fit_batch (structure of arrays, the
 * batched evaluation of fric_bench.h) → fric_fit (ask/tell over CMA-ES) →
 * the caller evaluates each generation's candidates with fric_fit_loss,
 * on as many threads or Web Workers as it likes (each with its own lanes),
 * and tells the values back. The result does not depend on how the
 * evaluations were spread. fric_fit_run (native only, fit_run.c) does the
 * loop with POSIX threads.
 */
#ifndef FRIC_FIT_H
#define FRIC_FIT_H

#include <stddef.h>
#include <stdint.h>

#include "fric_bench.h"
#include "fric_io.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------ parameters */

/* The fit's parameter vector: kt, R, armature, q_offset, then the 13
 * coefficients of FRIC_SERVO_COEFS in their order (FRIC_FIT_K_C ..
 * FRIC_FIT_K_V, named from that table; each one's unit is the field's in
 * fric_servo_friction and the bench scenario's row, fric_fit_param_unit). */
#define FRIC__FIT_COEF(field, NAME) FRIC_FIT_##NAME,
enum {
    FRIC_FIT_KT = 0,     /* torque constant                    [N·m/A]       */
    FRIC_FIT_R,          /* winding resistance                 [Ω]           */
    FRIC_FIT_ARMATURE,   /* apparent inertia J_m               [kg·m²]       */
    FRIC_FIT_Q_OFFSET,   /* constant offset of the angle       [rad]         */
    FRIC_SERVO_COEFS(FRIC__FIT_COEF)
    /* the firmware's identifiable constants (Rhoban/bam's actuator files;
     * fric_servo_actuator's fields of the same names), every model: */
    FRIC_FIT_ERROR_GAIN_RATIO, /* factor on error_gain (STS3215, ST3025) or
                                  on kp (Go1: the reference's "ratio") [-] */
    FRIC_FIT_MAX_VELOCITY,     /* target smoothing rate (STS3215) [rad/s]    */
    FRIC_FIT_CURRENT_LIMIT,    /* current clip (xl330i; feetech_hls held) [A] */
    FRIC_FIT_MAX_TORQUE,       /* torque clip (Go1)                  [N·m]   */
    FRIC_FIT_N
};
#undef FRIC__FIT_COEF
/* The first firmware constant: parameters i >= FRIC_FIT_FIRMWARE0 belong to
 * an actuator's control law, not to a friction model. */
#define FRIC_FIT_FIRMWARE0 FRIC_FIT_ERROR_GAIN_RATIO

/* The params-file key of parameter i ("kt", "R", "armature", "q_offset",
 * "friction_base", ...), its unit ("N·m/A", ...); NULL out of range. */
const char *fric_fit_param_key(int i);
const char *fric_fit_param_unit(int i);
/* The index of a key, −1 when unknown. */
int fric_fit_param_find(const char *key);
/* 1 when model M<model> (1..6) uses parameter i (kt, R, armature,
 * q_offset and the firmware constants: every model), else 0. */
int fric_fit_param_used(int model, int i);
/* 1 when parameter i is one of actuator's for model M<model>: used by the
 * model and, for a firmware constant, one the reference identifies or holds
 * for that actuator (error_gain_ratio: sts3215, sts321512v,
 * waveshare_st3025, unitree_go1; max_velocity: sts3215, sts321512v;
 * current_limit: xl330i, feetech_hls (held); max_torque: unitree_go1). The
 * others keep the actuator's own value (fric_bench_actuator_find), held.
 * The free counts of the default space are 6/9/7/11/13/15 (M1..M6) plus
 * the actuator's free firmware constants. 0 for an unknown actuator. */
int fric_fit_param_applies(const char *actuator, int model, int i);

/* 1 when a fitted M<big> can start from a fitted M<small> without changing
 * the simulation (M1 ⊂ M2, M3; M2, M3 ⊂ M4; M4 ⊂ M5 (K_m = K_e = K_l,
 * K_ms = K_es = K_ls); M5 ⊂ M6 (quadratic terms 0); and transitively). */
int fric_fit_contains(int big, int small);
/* The model a staged fit of M<model> fits first (FRIC_FIT_STAGE_LAMBDA_FACTOR):
 * 3 for M4 and M5 (M3 ⊂ M4, M5), 5 for M6 (itself staged: M3, then M5),
 * 0 for M1..M3 (one stage). */
int fric_fit_stage_model(int model);
/* The evaluations of that first stage out of `budget`: ⌊budget·a/b⌋ with
 * a/b = 1/4 (M4), 1/6 (M5), 11/12 (M6); 0 for M1..M3. */
long fric_fit_stage_budget(int model, long budget);
/* p_big from p_small by that embedding. FRIC_OK, FRIC_E_NULL (p_small or
 * p_big NULL), or FRIC_E_UNSUPPORTED (and *why naming big and small) when
 * big does not contain small. */
fric_status fric_fit_embed(int small, const double *p_small, int big, double *p_big,
                           const char **why);

/* ---------------------------------------------------------- search space */

/* The search box of each parameter and which are free: data, editable by
 * callers (the CLI's --set and bounds, the browser's table). */
typedef struct {
    double lo[FRIC_FIT_N];        /* lower bound        [unit of the param] */
    double hi[FRIC_FIT_N];        /* upper bound (> lo when free)           */
    unsigned char free_[FRIC_FIT_N]; /* 1: searched; 0: held at value[i]    */
    double value[FRIC_FIT_N];     /* the value of a parameter held fixed
                                     (0 for those the model does not use)   */
} fric_fit_space;

/* The default space of (actuator, model): the bounds of Rhoban/bam
 * (bam/model.py: friction; bam/actuator.py and per-actuator files: kt, R,
 * armature; q_offset [−0.1, 0.1] rad), every parameter the model uses free
 * with value = the centre of its box, decode(0.5): √(lo·hi) on a log scale
 * (the fit's starting point without a warm start; no published preset
 * needed), the others held at 0. 0, or nonzero with *why (unknown actuator,
 * model outside 1..6). */
fric_status fric_fit_space_default(const char *actuator, int model, fric_fit_space *s,
                                   const char **why);
/* Holds parameter i at v (the CLI's --set name=value). 0, or nonzero with
 * *why (unknown i, v not finite, a value the bench refuses); the status
 * records i as the parameter at fault (fric_status_last().param), as
 * fric_fit_space_check does the parameter it names. */
fric_status fric_fit_space_freeze(fric_fit_space *s, int i, double v, const char **why);
/* The free parameters' indices in order; returns their count. */
int fric_fit_space_free_indices(const fric_fit_space *s, int idx[FRIC_FIT_N]);
/* 0 when usable for model (lo < hi finite for every free one, held values
 * finite), else nonzero with *why naming the parameter. */
fric_status fric_fit_space_check(const fric_fit_space *s, int model, const char **why);
/* Normalised x[k] ∈ [0, 1] of the k-th free parameter ↔ the full vector p:
 * p[i] = lo·(hi/lo)^x on a log scale when lo > 0 (fric_fit_space_log: kt,
 * R, armature, θ̇_s and α in the default spaces, which span up to 500× and
 * whose best values sit near their lower bounds), else p[i] = lo + x·(hi −
 * lo); held parameters from value[]. On the xl330 logs the log scale
 * brought M4 from 2 to about 7 seeds in 10 within 1 % of its best loss
 * (docs/identification.md, "Seed robustness"). encode clamps p into the
 * box and returns how many free values it had to clamp. */
void fric_fit_space_decode(const fric_fit_space *s, const double *x, double *p);
/* 1 when parameter i is searched on a log scale (lo[i] > 0), else 0. */
int fric_fit_space_log(const fric_fit_space *s, int i);
int fric_fit_space_encode(const fric_fit_space *s, const double *p, double *x);

/* --------------------------------------------------------------- target */

/* What a parameter vector is applied to: the actuator's firmware constants
 * (control law, error gain, clips; its kt, R, armature and q_offset are
 * replaced by p), the model and the friction treatment of the replay. */
typedef struct {
    fric_servo_actuator servo;
    int model;                      /* 1..6                                   */
    fric_treatment treatment;       /* FRIC_TREATMENT_CLIP: the paper's (default) */
    fric_bench_integrator integrator; /* the position update (BAM: the default) */
    double karnopp_eps;             /* KARNOPP only               [rad/s]     */
} fric_fit_target;

/* The target of (actuator, model) with the CLIP treatment. 0, or nonzero
 * with *why. */
fric_status fric_fit_target_init(fric_fit_target *t, const char *actuator, int model,
                                 const char **why);
/* Makes t a fit for integrator: t->integrator, and t->treatment the one
 * that goes with it (fric_bench_integrator_treatments: bam CLIP, the
 * reference's; mujoco IMPLICIT, what MuJoCo runs), so that the MAE a fit
 * reports is what a replay of its params file gives. 0, or nonzero with
 * *why (t NULL, an integrator outside the two); t unchanged then. */
fric_status fric_fit_target_integrator(fric_fit_target *t, fric_bench_integrator integrator,
                                       const char **why);
/* The bench def of p (mass, length, kp, vin and dt come from each log):
 * the target's servo with kt, R, armature, q_offset and the firmware
 * constants of p. */
void fric_fit_apply(const fric_fit_target *t, const double *p, fric_bench_def *d);
/* The fit vector of a bench def, fric_fit_apply's inverse: its servo's kt,
 * R, armature, q_offset and firmware constants, and the coefficients of its
 * friction (those its model does not use: 0). */
void fric_fit_from_def(const fric_bench_def *d, double *p);
/* The params file of fit vector p of (actuator, model) fitted with
 * integrator (the target's), the one conversion every front end writes a
 * fit with (`friction fit --out`, the Fit view's download and exports): kt,
 * R, armature, q_offset, the model's coefficients and the firmware
 * constants (error_gain_ratio, max_velocity, current_limit, max_torque) from
 * p, the integrator (written when mujoco), meta (may be NULL) as f->fit.
 * f->actuator points at the core's static name of the actuator. 0, or
 * nonzero with *why (an unknown actuator, a model outside 1..6, an
 * integrator outside the two). */
fric_status fric_fit_params_file(const char *actuator, int model, const double *p,
                                 fric_bench_integrator integrator,
                                 const fric_io_params_fit *meta, fric_io_params_file *f,
                                 const char **why);
/* The bench scenario's parameter vector of fit vector p of (actuator,
 * model) with treatment (one of fric_bench_treatments) and integrator (the
 * fit's), into bench_p[fric_scenario_find("bench")->n_params]: the bench's
 * defaults, the actuator, model, treatment and integrator chosen, every fit
 * parameter at p's value (a model's unused coefficients 0). The vector a
 * view runs or replays a fit with. 0, or nonzero with *why. */
fric_status fric_fit_bench_params(const char *actuator, int model, const double *p,
                                  fric_treatment treatment, fric_bench_integrator integrator,
                                  double *bench_p, const char **why);
/* The published parameters of (actuator, model) as p (from
 * fric_bench_preset_find). 0, or nonzero with *why when there is none. */
fric_status fric_fit_preset_params(const char *actuator, int model, double *p, const char **why);

/* ----------------------------------------------------------- sensitivity */

/* How well each parameter is identified, by the reference's method
 * (bam/sensitivity.py, core/identify/fit_sensitivity.c): each free
 * parameter alone, the others held at p, the range around p[i] inside its
 * box over which loss ≤ base·(1 + tolerance): 20 scan points toward each
 * bound, 24 bisections at the first crossing, the bound itself (clamped)
 * when never crossed. */
#define FRIC_FIT_SENS_SCAN 20
#define FRIC_FIT_SENS_BISECT 24
#define FRIC_FIT_SENS_TOLERANCE 0.03    /* the reference's default (3 %) */
typedef struct {
    double value;          /* p[i]                       [unit of the param] */
    double lower, upper;   /* the range's ends                               */
    int lower_clamped;     /* 1: the lower end is the box's bound            */
    int upper_clamped;
    int free_;             /* 0: held in the space (lower = upper = value)  */
} fric_fit_range;
/* The loss of a full vector p[FRIC_FIT_N] (e.g. fric_fit_loss over a batch). */
typedef double (*fric_fit_loss_fn)(void *ctx, const double *p);
/* The fit's own loss as that callback: fric_fit_sensitivity_loss(ctx, p) =
 * fric_fit_loss(ctx->target, p, ctx->batch, ctx->lanes, NULL), the mean of
 * the logs' replay MAEs [rad] (what the CLI, the wasm wrapper and the bench
 * pass; lanes: batch->logs of them, the caller's). */
typedef struct fric_fit_batch fric_fit_batch;
typedef struct {
    const fric_fit_target *target;
    const fric_fit_batch *batch;
    fric_bench_lane *lanes;
} fric_fit_sensitivity_ctx;
double fric_fit_sensitivity_loss(void *ctx, const double *p);
/* out[i] for every parameter; *base (may be NULL) the loss at p. The loss is
 * called about 2·(20 + 24) times per free parameter. 0, or nonzero with
 * *why (a NULL argument, tolerance not > 0, p not finite, the loss at p not
 * finite). */
fric_status fric_fit_sensitivity(const fric_fit_space *s, const double *p, double tolerance,
                                 fric_fit_loss_fn loss, void *ctx, double *base,
                                 fric_fit_range out[FRIC_FIT_N], const char **why);

/* ---------------------------------------------------------------- logs */

/* Logs as one batch for fric_bench_batch_mae: every log resampled once
 * (fric_io_log_sample), structure of arrays. Owns its memory. */
typedef struct fric_fit_batch {
    fric_bench_batch b;          /* the batch (points into the storage)     */
    size_t logs;                 /* = b.logs                                 */
    uint64_t steps;              /* Σ samples: bench steps per evaluation    */
    void *storage_;
} fric_fit_batch;
/* The fields of fric_fit_batch read across the wasm boundary, X(field, unit). */
#define FRIC_FIT_BATCH_FIELDS(X) X(logs, "") X(steps, "")

/* Most logs in one batch (fric_fit_loss keeps one MAE per log on the
 * stack when its caller passes mae = NULL: 8 KiB). */
#define FRIC_FIT_MAX_LOGS 1024

/* Builds the batch of logs[0..n−1] (checked logs, fric_io_log_read or
 * fric_io_log_create_from_raw). 0, or nonzero with *why: FRIC_E_NULL (out, logs
 * or a log NULL), FRIC_E_PARAM_RANGE (n = 0), FRIC_E_WORK_LIMIT (n
 * above FRIC_FIT_MAX_LOGS, a log too long), FRIC_E_LOG_INVALID (a log
 * with fewer than 2 samples), FRIC_E_NO_MEMORY. Free with
 * fric_fit_batch_destroy, also after an error. */
fric_status fric_fit_batch_create(const fric_io_log *const *logs, size_t n, fric_fit_batch *out,
                                 const char **why);
void fric_fit_batch_destroy(fric_fit_batch *b);

/* The mean over the batch's logs of each log's replay MAE [rad] of p (what
 * fric_bench_replay scores, log by log): the loss. mae (may be NULL)
 * receives each log's MAE (+inf for a log whose replay diverged). +inf when p is not a usable bench (a zero or
 * negative kt, R, armature, dθ_s or α) or a replay leaves the finite range.
 * lanes: b->b.logs workspace lanes (one set per thread). No allocation. */
double fric_fit_loss(const fric_fit_target *t, const double *p, const fric_fit_batch *b,
                     fric_bench_lane *lanes, double *mae);

/* The losses of count candidates P[c·FRIC_FIT_N ..] into loss[c], fast:
 * with the CLIP or IMPLICIT treatment, scored together by the multi-lane kernel
 * (fric_bench_batch_mae_lanes: the core's own vector sin/exp/pow, so close
 * to, not equal to, fric_fit_loss; docs/performance.md measures how close
 * on the shared logs); other treatments: fric_fit_loss. Each loss depends
 * only on (t, its p, b), never on count or the other candidates, natively
 * or in wasm. +inf for an unusable p or a diverged replay, as
 * fric_fit_loss. What fric_fit_run minimises; the loss a fit reports is
 * rescored with fric_fit_loss. lanes: b->b.logs workspace lanes; mae:
 * workspace of count·b->b.logs doubles (receives the per-log MAEs of the
 * usable candidates). No allocation. */
void fric_fit_losses_fast(const fric_fit_target *t, const double *P, int count,
                          const fric_fit_batch *b, fric_bench_lane *lanes, double *mae,
                          double *loss);

/* Marks the logs whose header kp equals kp (the paper's --validation_kp):
 * valid[i] = 1. Returns how many. */
size_t fric_fit_split_kp(const fric_io_log *const *logs, size_t n, double kp,
                         unsigned char *valid);
/* The split that puts every kp and every trajectory in both halves of a
 * kp × trajectory grid of logs (8/8 for the 16 xl330 logs: 4 kps × 4 trajectories):
 * valid[i] = 1 when (the rank of log i's kp among the logs' distinct kps,
 * ascending from 0) + (the index of its trajectory in fric_bench_traj_names;
 * any other trajectory counts as FRIC_BENCH_N_TRAJ) is odd. Returns how many. */
size_t fric_fit_split_alternate(const fric_io_log *const *logs, size_t n, unsigned char *valid);

/* A fit's result scored on the held-out logs is suspect when the
 * validation MAE exceeds this many times the training MAE. */
#define FRIC_FIT_OVERFIT_RATIO 1.5
/* The caution a fit's result carries, one or two sentences into buf[size]
 * (NUL-terminated; empty when none), for the CLI's table and the Fit view:
 * (1) a trajectory among the logs (their "trajectory" headers) has no
 * training log (valid[i] = 1: log i is held out), i.e. fewer training logs
 * than one per trajectory kind; (2) valid_mae > FRIC_FIT_OVERFIT_RATIO ×
 * train_mae [rad] (valid_mae NaN: no validation logs, no such check).
 * Returns the caution's full length (0: none), as snprintf. */
size_t fric_fit_caution(const fric_io_log *const *logs, size_t n, const unsigned char *valid,
                        double train_mae, double valid_mae, char *buf, size_t size);
/* The warning of a fit of M<model> whose training logs (valid[i] = 0; valid
 * NULL: every log) all come from one rig setup, one mass and one length of
 * their headers: the load-dependent terms (K_l, K_m, K_e and their Stribeck
 * and quadratic parts) then cannot be separated from the constant ones, the
 * load being the same function of the motion in every log. One sentence
 * naming the mass [kg] and the length [m] into buf[size] (NUL-terminated;
 * empty when none: M1, M2, no training log, or two setups among them), for
 * the CLI's stderr and the Fit view. Returns its full length, as snprintf. */
size_t fric_fit_rig_caution(const fric_io_log *const *logs, size_t n, const unsigned char *valid,
                            int model, char *buf, size_t size);

/* ------------------------------------------------------------------ fit */

#define FRIC_FIT_DEFAULT_BUDGET 12000  /* evaluations: M1–M3, one try of M4–M6 */
/* Tries (docs/identification.md, "Why the misses are basins"):
 * a fit of M4–M6 (a model with a first stage, fric_fit_stage_model) whose
 * budget holds FRIC_FIT_TRIES × FRIC_FIT_DEFAULT_BUDGET evaluations runs
 * FRIC_FIT_TRIES independent fits one after the other, each of
 * ⌊budget/tries⌋ evaluations (the first ones one more while the remainder
 * lasts), try k seeded with seed + k·0xD1B54A32D192ED03 (try 1 is the
 * fit of that budget alone), and keeps the best: the replay loss of these
 * models has basins the seed picks, and two searches miss together far
 * less often than one. Warm starts too (each try asks the start). */
#define FRIC_FIT_TRIES 2
/* The default budget of a fit of M<model> (1..6): FRIC_FIT_TRIES ×
 * FRIC_FIT_DEFAULT_BUDGET for M4–M6 (two tries), FRIC_FIT_DEFAULT_BUDGET
 * for M1–M3; 0 for a model outside 1..6. */
long fric_fit_default_budget(int model);
/* Racing (docs/identification.md, "Seed robustness"): a fit from scratch
 * runs this many independent CMA-ES searches, each for a share of
 * ⌊budget/(FRIC_FIT_RACERS + 1)⌋ evaluations, then continues the one with
 * the lowest loss with every evaluation left; only when each share holds
 * FRIC_FIT_RACE_MIN_GENS generations of the first population (else one
 * search, as with a warm start). */
#define FRIC_FIT_RACERS 2
#define FRIC_FIT_RACE_MIN_GENS 30
/* Staged fit (docs/identification.md, "Seed robustness"): a fit of M<k>
 * from scratch whose model contains a simpler one (fric_fit_stage_model)
 * spends its first fric_fit_stage_budget evaluations on that model (every
 * candidate embedded, fric_fit_embed: the same simulation), then searches
 * M<k> from the best of them (σ0 = FRIC_FIT_WARM_SIGMA0) with a population
 * of FRIC_FIT_STAGE_LAMBDA_FACTOR × Hansen's default and every evaluation
 * left. Only when the first stage holds FRIC_FIT_RACE_MIN_GENS generations
 * of the simpler model's first population and the space embeds (fit.c);
 * a staged fit does not race (its first stage may). The same warm search
 * (this population, σ0 = FRIC_FIT_WARM_SIGMA0 unless fric_fit_def.sigma0
 * is given) follows a warm start (fric_fit_def.start: the CLI's --from,
 * "Fit all models"). */
#define FRIC_FIT_STAGE_LAMBDA_FACTOR 6
#define FRIC_FIT_DEFAULT_RESTARTS 9    /* BIPOP restarts                     */
#define FRIC_FIT_DEFAULT_SIGMA0 0.3    /* of each normalised range           */
#define FRIC_FIT_WARM_SIGMA0 0.03   /* from a warm start (see docs/identification.md) */
/* The first run's population from scratch: this many times Hansen's default
 * 4 + ⌊3·ln n⌋ (n free parameters). The replay loss is rugged (stick-slip
 * switches the simulated trajectory), and a larger population keeps CMA-ES
 * out of its shallow local minima (docs/identification.md: the spread of
 * the validation MAE over seeds). BIPOP doubles it at each large restart.
 * A budget below it shrinks it (down to the default; a budget below one
 * default generation is refused). */
#define FRIC_FIT_LAMBDA_FACTOR 4

typedef struct {
    fric_fit_target target;
    fric_fit_space space;
    const fric_fit_batch *train;   /* the logs the loss is taken on            */
    long budget;                   /* evaluations, >= 1                        */
    uint64_t seed;
    double sigma0;                 /* 0: DEFAULT_SIGMA0, or WARM_SIGMA0 with start */
    int restarts;                  /* -1: FRIC_FIT_DEFAULT_RESTARTS            */
    const double *start;           /* [FRIC_FIT_N] warm start (clamped into the
                                      box), evaluated first, or NULL            */
} fric_fit_def;

typedef struct {
    int generation;          /* generations told (the start point counts as 0) */
    int run;                 /* BIPOP run, 0 = first                          */
    int lambda;              /* population of the current run                 */
    long evals;              /* losses told                                   */
    long budget;
    uint64_t steps;          /* bench steps simulated (evals × train steps)   */
    double best_loss;        /* best training loss so far [rad] (+inf before) */
    double best[FRIC_FIT_N]; /* its parameters                                */
    double gen_best_loss;    /* the last generation's best [rad]              */
    double sigma;            /* CMA-ES step size (normalised)                 */
    int clamped;             /* free values of the start clamped into the box */
    int done;                /* 0 while running; else a fric_cmaes_stop_reason */
    int stage;               /* the stage running, 1..stages                  */
    int stages;              /* 1, or a staged fit's stages (M4, M5: 2; M6: 3) */
    int stage_model;         /* the model the current stage searches (1..6)   */
    int racer;               /* a fit that races: its first run asked now
                                (1..FRIC_FIT_RACERS; after the race, the one
                                continued); 0: no race                        */
    int racing;              /* 1 while the racers share the budget           */
    int attempt;             /* the try running, 1..attempts                   */
    int attempts;            /* 1, or FRIC_FIT_TRIES (M4–M6 with a budget that
                                holds them)                                   */
} fric_fit_progress;
/* The fields of fric_fit_progress, X(field, unit). */
#define FRIC_FIT_PROGRESS_FIELDS(X) \
    X(generation, "") X(run, "") X(lambda, "") X(evals, "") X(budget, "") X(steps, "") \
    X(best_loss, "rad") X(best, "") X(gen_best_loss, "rad") X(sigma, "") X(clamped, "") \
    X(done, "") X(stage, "") X(stages, "") X(stage_model, "") X(racer, "") X(racing, "") \
    X(attempt, "") X(attempts, "")

typedef struct fric_fit fric_fit;

/* Where a fit of M<model> stands, in words, for a progress line (the CLI's
 * and the Fit view's): "try 1 of 2, stage 1 of 3: M3, racer 2 of 2, first
 * run" ... — the try when the fit makes several, the stage and its model
 * when the fit is staged, the racer while racing
 * ("racer k continued" after the race), the BIPOP run ("first run",
 * "restart k"). Into buf[size] (NUL-terminated); returns the full length,
 * as snprintf. */
size_t fric_fit_progress_phase(const fric_fit_progress *p, char *buf, size_t size);
/* Part k (0, 1, …) of that phase, as a sentence with an id and named values
 * (fric_sentence_last; "fit.phase_try", "fit.phase_stage",
 * "fit.phase_racer", "fit.phase_racer_continued", "fit.phase_first",
 * "fit.phase_restart"), for a front end that speaks another language: the
 * phase is its parts joined by ", ". Returns the part's full length, as
 * snprintf, or 0 (buf "") past the last part. */
size_t fric_fit_progress_phase_part(const fric_fit_progress *p, int k, char *buf, size_t size);

/* A fit is driven as the search under it, by the ask/tell loop of
 * fric_cmaes.h: create (here: checks d's target, space for the model, a
 * built train batch, budget >= 1, start finite), lambda_max, ask, tell,
 * stop, free, with the same returns and refusals (the status recorded,
 * fric_status.h), in the fit's terms: ask writes full vectors
 * P[i·FRIC_FIT_N + j] (held parameters included), 1 for the warm start,
 * then each CMA-ES generation; tell takes their losses (fric_fit_loss on
 * d.train) and returns progress.done, also when told after the end; stop
 * ends with done = FRIC_CMAES_STOPPED; progress is fric_cmaes_get_info's
 * counterpart. */
fric_fit *fric_fit_create(const fric_fit_def *d, const char **why);
void fric_fit_destroy(fric_fit *f);
int fric_fit_lambda_max(const fric_fit *f);
int fric_fit_ask(fric_fit *f, double *P, int cap);
int fric_fit_tell(fric_fit *f, const double *loss);
void fric_fit_stop(fric_fit *f);
const fric_fit_progress *fric_fit_get_progress(const fric_fit *f);

/* Native only (POSIX threads): the whole ask/evaluate/tell loop with
 * `threads` threads (0: every online core), each with its own lanes; the
 * result equals the one-thread result bit for bit. on_gen (may be NULL) is
 * called after each tell; nonzero stops the fit. Returns progress.done, or
 * −1 (and *why, the status recorded: FRIC_E_NULL, FRIC_E_PARAM_RANGE,
 * FRIC_E_NO_MEMORY, ...) when the threads or their memory cannot be had. */
int fric_fit_run(fric_fit *f, int threads,
                 int (*on_gen)(const fric_fit_progress *, void *), void *user,
                 const char **why);

/* The warm start of M<model> (1..6) when M1..M6 are fitted in order (the
 * CLI's --model all, bench_fit; the paper's Fig. 5): among the models
 * j < model already fitted (loss[j − 1] finite: training loss [rad] of M<j>,
 * +inf or NaN when not fitted; best[(j − 1)·FRIC_FIT_N ..] its parameters)
 * that M<model> contains, the one of lowest training loss (the simpler on a
 * tie), embedded into start[FRIC_FIT_N]. Returns j, or 0 (start untouched)
 * when there is none: a cold start. */
int fric_fit_chain_start(int model, const double loss[6], const double *best, double *start);

#ifdef __cplusplus
}
#endif
#endif /* FRIC_FIT_H */
