/*
 * fric_cmaes.h: CMA-ES with BIPOP restarts, the optimiser of identification
 * (Duclusaud & Passault §V-B use optuna's CMA-ES sampler with
 * restart_strategy="bipop").
 *
 * The standard formulation of N. Hansen, "The CMA Evolution Strategy: A
 * Tutorial" (arXiv:1604.00772, 2016; Table 1 for the default parameters,
 * eqs. 42-50 for the update): weighted recombination of the µ = ⌊λ/2⌋ best
 * of λ candidates, cumulative step-size adaptation (CSA), rank-one and
 * rank-µ updates of the covariance C, eigendecomposition of C (Jacobi)
 * every few generations. Restarts: N. Hansen, "Benchmarking a BI-Population
 * CMA-ES on the BBOB-2009 Function Testbed" (GECCO 2009): after the first
 * run, a large-population regime (λ doubled at each of its restarts, σ0)
 * alternates with a small-population regime (λ_s = ⌊λ_def·(½·λ_l/λ_def)^(U²)⌋,
 * σ = σ0·10^(−2U), U uniform in [0, 1]), the one that has used fewer
 * evaluations going next.
 *
 * Box: with box = 1 the search space is [0, 1]^n (callers normalise their
 * bounds to it); a candidate outside is resampled (up to 10 draws), then
 * reflected into the box, and the update uses the candidate as evaluated.
 *
 * Ask/tell: the caller evaluates the λ candidates of a generation however
 * it likes (threads natively, Web Workers in the browser); the result
 * depends only on the def and on the values told, never on the order or
 * the thread that computed them. Deterministic: a seeded xoshiro256**
 * generator, and the per-generation arithmetic uses only +, −, ×, ÷ and
 * sqrt (correctly rounded everywhere), so native and wasm builds ask the
 * same candidates when told the same values.
 *
 * Memory: fric_cmaes_create allocates once (sized for the largest λ BIPOP
 * can reach within the budget); ask and tell never allocate.
 */
#ifndef FRIC_CMAES_H
#define FRIC_CMAES_H

#include <stdint.h>
#include "fric_status.h"

#ifdef __cplusplus
extern "C" {
#endif

#define FRIC_CMAES_MAX_N 64        /* largest dimension                      */

/* Why a run (or the whole BIPOP search) stopped. */
typedef enum {
    FRIC_CMAES_RUNNING = 0,
    FRIC_CMAES_BUDGET,         /* the evaluation budget is spent            */
    FRIC_CMAES_TARGET,         /* best f <= def.target (has_target)          */
    FRIC_CMAES_TOLFUN,         /* range of recent best f and of the last
                                  generation below tol_fun                  */
    FRIC_CMAES_TOLX,           /* σ·max(√diag C, p_c) below tol_x           */
    FRIC_CMAES_NOEFFECTAXIS,   /* 0.1σ along a principal axis changes no x  */
    FRIC_CMAES_NOEFFECTCOORD,  /* 0.2σ along a coordinate changes no x      */
    FRIC_CMAES_CONDITIONCOV,   /* condition of C above 1e14                  */
    FRIC_CMAES_STAGNATION,     /* median of recent bests no better than
                                  that of older ones                        */
    FRIC_CMAES_FLAT,           /* the best and the ⌈0.7λ⌉-th f are equal     */
    FRIC_CMAES_STOPPED         /* fric_cmaes_stop was called                 */
} fric_cmaes_stop_reason;

/* The reason's name ("budget", "tolfun", ...). */
const char *fric_cmaes_stop_name(int reason);

typedef struct {
    int n;              /* dimension, 1..FRIC_CMAES_MAX_N                    */
    int lambda;         /* default population; 0: 4 + ⌊3·ln n⌋ (Table 1)    */
    double sigma0;      /* initial step size, > 0 (box: in box units, e.g.
                           0.3 = 30 % of each range)                        */
    const double *x0;   /* [n] initial mean of the first run, or NULL: the
                           centre of the box (box) / the origin. Restarts
                           draw their mean uniformly in the box (box) or
                           in x0 ± 2σ0 per coordinate.                       */
    int box;            /* 1: search [0, 1]^n (x0 must lie in it)           */
    long budget;        /* evaluations in all, >= λ of the first run        */
    int restarts;       /* 0: one run; k > 0: BIPOP with up to k restarts
                           of the large regime (λ up to λ_def·2^k), small
                           runs in between                                  */
    uint64_t seed;      /* any value; the same seed asks the same points    */
    int has_target;     /* 1: stop when the best f <= target                */
    double target;
    double tol_fun;     /* 0: 1e-12                                          */
    double tol_x;       /* 0: 1e-11·σ0                                       */
} fric_cmaes_def;

/* What the search has done so far. */
typedef struct {
    long evals;          /* values told                                     */
    int generation;      /* generations told, all runs                      */
    int run;             /* 0: the first run; k: the k-th restart           */
    int regime;          /* 0 first run, 1 large population, 2 small        */
    int lambda;          /* population of the current run                   */
    double sigma;        /* step size of the current run                    */
    double axis_ratio;   /* √(max/min eigenvalue of C) of the current run   */
    double best_f;       /* best value told (+inf before any finite one)    */
    const double *best_x;/* [n] where (valid until fric_cmaes_destroy)          */
    double gen_best_f;   /* best of the last generation                     */
    int run_stop;        /* why the last finished run stopped (0: none yet) */
    int stop;            /* FRIC_CMAES_RUNNING until the search is over      */
} fric_cmaes_info;

typedef struct fric_cmaes fric_cmaes;

/* Checks d (n, λ, σ0 > 0 finite, x0 finite and in the box, budget >= λ,
 * restarts >= 0, tolerances >= 0) and allocates. NULL with *why naming the
 * field, the condition and what to change (also when out of memory), the
 * status recorded (fric_status_last: FRIC_E_PARAM_RANGE, FRIC_E_NO_MEMORY). */
fric_cmaes *fric_cmaes_create(const fric_cmaes_def *d, const char **why);
void fric_cmaes_destroy(fric_cmaes *es);

/* The default population for n free coordinates, 4 + ⌊3·ln n⌋ (Hansen,
 * "The CMA Evolution Strategy: A Tutorial", 2016, Table 1): one
 * generation's evaluations, so the least budget a search runs with. */
int fric_cmaes_default_lambda(int n);

/* The largest λ any generation of this search can ask (size X for it). */
int fric_cmaes_lambda_max(const fric_cmaes *es);

/* The next generation's candidates, row by row: X[i·n + j]. Returns λ (>=
 * 1), or 0 when the search is over (info.stop says why). Asking again
 * before telling returns the same candidates. cap: rows X can hold; -1
 * (FRIC_E_PARAM_RANGE recorded, fric_status.h) when cap < λ. */
int fric_cmaes_ask(fric_cmaes *es, double *X, int cap);

/* The values of the candidates last asked, f[i] for row i (NaN and ±inf
 * count as worse than any finite value). Updates the distribution, ends
 * the run on a stop criterion and starts the next BIPOP run when one is
 * left. Returns info.stop (FRIC_CMAES_RUNNING while the search goes on);
 * -1 (FRIC_E_UNSUPPORTED recorded) when no generation was asked. */
int fric_cmaes_tell(fric_cmaes *es, const double *f);

/* Ends the search after the current generation (a cancel): the next ask
 * returns 0 and info.stop = FRIC_CMAES_STOPPED. */
void fric_cmaes_stop(fric_cmaes *es);

/* Lowers the budget to `budget` evaluations in all (at least the
 * evaluations told so far, at most the def's budget; other values are
 * clamped there), between generations: fric_fit gives the rest of its
 * budget to the best of its first runs (fit.c). */
void fric_cmaes_set_budget(fric_cmaes *es, long budget);

/* Moves the first run's mean (and def.x0, the centre of restarts without
 * a box) to x0[n] before anything was asked: fric_fit's staged fit starts
 * its own search where the fit of a contained model ended (fit.c). FRIC_OK,
 * FRIC_E_UNSUPPORTED after an ask, or FRIC_E_PARAM_RANGE for an x0 not
 * finite or outside the box (box). */
fric_status fric_cmaes_set_x0(fric_cmaes *es, const double *x0);

const fric_cmaes_info *fric_cmaes_get_info(const fric_cmaes *es);

/* The mean of the current run [n] (for display; valid until the next tell). */
const double *fric_cmaes_mean(const fric_cmaes *es);

#ifdef __cplusplus
}
#endif
#endif /* FRIC_CMAES_H */
