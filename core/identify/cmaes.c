/*
 * cmaes.c: CMA-ES with BIPOP restarts (fric_cmaes.h).
 *
 * N. Hansen, "The CMA Evolution Strategy: A Tutorial", arXiv:1604.00772
 * (2016), Appendix A with positive weights only (no active CMA), the
 * defaults of its Table 1:
 *
 *   λ = 4 + ⌊3 ln n⌋, µ = ⌊λ/2⌋, w_i ∝ ln((λ+1)/2) − ln i (i ≤ µ), Σ w_i = 1,
 *   µ_eff = 1/Σ w_i², c_σ = (µ_eff + 2)/(n + µ_eff + 5),
 *   d_σ = 1 + 2·max(0, √((µ_eff − 1)/(n + 1)) − 1) + c_σ,
 *   c_c = (4 + µ_eff/n)/(n + 4 + 2µ_eff/n), c_1 = 2/((n + 1.3)² + µ_eff),
 *   c_µ = min(1 − c_1, 2(µ_eff − 2 + 1/µ_eff)/((n + 2)² + µ_eff)),
 *   E‖N(0,I)‖ ≈ √n·(1 − 1/(4n) + 1/(21n²)).
 *
 * One generation (the eq. numbers of the tutorial's Appendix A):
 *   z_k ~ N(0, I), y_k = B·D·z_k, x_k = m + σ·y_k              (38-40)
 *   ⟨y⟩_w = Σ_{i≤µ} w_i·y_{i:λ},  m ← m + σ·⟨y⟩_w              (41-42)
 *   p_σ ← (1 − c_σ)·p_σ + √(c_σ(2 − c_σ)µ_eff)·C^{−½}·⟨y⟩_w    (43)
 *   σ ← σ·exp((c_σ/d_σ)·(‖p_σ‖/E‖N(0,I)‖ − 1))                 (44)
 *   h_σ = 1 iff ‖p_σ‖/√(1 − (1 − c_σ)^{2(g+1)}) < (1.4 + 2/(n+1))·E‖N(0,I)‖  (p. 28)
 *   p_c ← (1 − c_c)·p_c + h_σ·√(c_c(2 − c_c)µ_eff)·⟨y⟩_w       (45)
 *   C ← (1 + c_1·δ(h_σ) − c_1 − c_µ)·C + c_1·p_c·p_cᵀ
 *       + c_µ·Σ_{i≤µ} w_i·y_{i:λ}·y_{i:λ}ᵀ,  δ(h_σ) = (1 − h_σ)·c_c(2 − c_c)   (47)
 * C = B·D²·Bᵀ by cyclic Jacobi rotations, recomputed every
 * max(1, ⌊1/(10n(c_1 + c_µ))⌋) generations (the tutorial's lazy update,
 * Appendix B.2); C^{−½} = B·D^{−1}·Bᵀ.
 *
 * Stop criteria of a run (Hansen's tutorial, Appendix B.3, and Hansen 2009
 * for stagnation), checked after each generation:
 *   tolfun       the best f of each of the last 10 + ⌈30n/λ⌉ generations
 *                and all f of the last one lie within tol_fun
 *   tolx         σ·√C_ii and σ·|p_c,i| below tol_x for every i
 *   noeffectaxis m + 0.1σ·D_ii·B_·i equals m (axis i = g mod n)
 *   noeffectcoord m_i + 0.2σ·√C_ii equals m_i for some i
 *   conditioncov max/min eigenvalue of C above 1e14
 *   stagnation   (Hansen 2009) histories of each generation's best and
 *                median f over the last max(120 + 30n/λ, 0.2g) generations
 *                (at most 20000), once 120 + 30n/λ are there: the median of
 *                the most recent 30 % of both is no better than that of the
 *                oldest 30 %
 *   flat         the best and the ⌈0.7λ⌉-th f are equal
 * and of the whole search: target, budget, fric_cmaes_stop.
 *
 * BIPOP (N. Hansen, GECCO 2009): run 0 has the default λ, σ0 and x0. Each
 * restart then goes to the regime that has used fewer evaluations so far
 * (run 0 counted in neither; a tie goes to the large one, so the first
 * restart is large): the k-th large run has λ_l = λ_def·2^k and σ0; a
 * small run has λ_s = ⌊λ_def·(½·λ_l/λ_def)^{U²}⌋ (λ_l of the last large
 * run) and σ = σ0·10^{−2U'}, U, U' uniform in [0, 1]. Every restart mean
 * is uniform in the box (box) or in x0 ± 2σ0. def.restarts counts the
 * large runs, as Hansen's 9 (λ up to λ_def·2^9): the search ends when a run
 * ends, the large regime is next and def.restarts large runs were made
 * (small runs fill in until their evaluations reach the large regime's).
 * λ is capped by the budget (fric_cmaes_lambda_max).
 *
 * Budget: a generation asks min(λ, evaluations left) candidates; when that
 * is fewer than λ it is the search's last: its values are ranked and the
 * best kept, the distribution is not updated, and the search ends with
 * FRIC_CMAES_BUDGET. Never more than def.budget values are asked.
 *
 * Box: a candidate outside [0, 1]^n is redrawn (up to 10 draws in all),
 * then reflected coordinate by coordinate (x → −x, x → 2 − x, repeated:
 * x mod 2 folded at 1), and y = (x − m)/σ is the candidate as evaluated.
 *
 * Ranking: NaN, +inf and −inf count as +inf (worse than any finite value);
 * ties go to the lower row, so the result never depends on sort internals.
 *
 * Determinism: xoshiro256** seeded by splitmix64 (Blackman & Vigna 2018);
 * normals by Marsaglia's polar method; ln and exp are the +−×÷ versions of
 * cmaes_internal.h; everything else is +, −, ×, ÷, sqrt, fabs, floor and
 * comparisons, correctly rounded in IEEE 754, so native and wasm builds
 * (-ffp-contract=off) produce the same bits.
 */
#include <float.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fric_cmaes.h"
#include "cmaes_internal.h"
#include "base.h"

#define CMAES_RESAMPLE 10          /* draws of a candidate before reflecting */
#define CMAES_COND_MAX 1e14        /* conditioncov                           */
#define CMAES_STAG_MAX 20000       /* longest stagnation history [gens]      */
#define CMAES_JACOBI_SWEEPS 64     /* cyclic Jacobi: sweeps at most          */
#define CMAES_SIGMA_MAX 1e32       /* σ is capped there, as optuna's CMA-ES
                                      sampler (CyberAgentAILab/cmaes) caps
                                      it: an overflowing σ would turn the
                                      mean into inf·0 = NaN                  */

/* ----------------------------------------------------- ln and exp (own) */

/* fdlibm's split of ln 2: LN2_HI has its low 32 bits zero, so k·LN2_HI is
 * exact for |k| < 2^20. */
static const double LN2_HI = 6.93147180369123816490e-01;
static const double LN2_LO = 1.90821492927058770002e-10;
static const double INV_LN2 = 1.44269504088896338700e+00;
static const double SQRT_HALF = 0.70710678118654752440;

/* ln x = e·ln 2 + ln f, x = f·2^e with f in [√½, √2): ln f = 2·atanh(s),
 * s = (f − 1)/(f + 1), |s| <= 0.1716, by its series 2·Σ s^{2k+1}/(2k+1);
 * 14 terms leave a remainder below 0.1716^29/29 ≈ 2e-24 relative. */
double fric__cmaes_log(double x)
{
    if (isnan(x) || x < 0.0) return NAN;
    if (x == 0.0) return -HUGE_VAL;
    if (isinf(x)) return x;
    int e = 0;
    double f = frexp(x, &e);                 /* x = f·2^e, f in [½, 1) */
    if (f < SQRT_HALF) { f *= 2.0; e -= 1; }
    const double s = (f - 1.0) / (f + 1.0);
    const double s2 = s * s;
    double sum = 0.0;
    for (int k = 13; k >= 1; k--) sum = s2 * (1.0 / (2 * k + 1) + sum);
    const double lnf = 2.0 * s + 2.0 * s * sum;
    return (double)e * LN2_HI + ((double)e * LN2_LO + lnf);
}

/* e^x = 2^k·e^r, k = round(x/ln 2), r = x − k·ln 2 in [−0.347, 0.347], e^r
 * by its Taylor series in Horner form 1 + r(1 + r/2(1 + r/3(…))) to r^17:
 * remainder below 0.347^18/18! ≈ 8e-25. */
double fric__cmaes_exp(double x)
{
    if (isnan(x)) return x;
    if (x > 709.8) return HUGE_VAL;
    if (x < -745.2) return 0.0;
    const double t = x * INV_LN2;
    const int k = (int)(t < 0.0 ? t - 0.5 : t + 0.5);
    const double r = (x - (double)k * LN2_HI) - (double)k * LN2_LO;
    double p = 1.0;
    for (int i = 17; i >= 1; i--) p = 1.0 + p * r / (double)i;
    return ldexp(p, k);
}

/* ------------------------------------------------------------ the state */

struct fric_cmaes {
    /* the definition, defaults filled in */
    int n, lambda_def, box, restarts, has_target;
    double sigma0, target, tol_fun, tol_x;
    long budget;
    int lambda_max;                 /* rows of X, Y                        */
    int stag_cap, fun_cap;          /* history capacities [generations]    */

    uint64_t rng[4];
    int has_spare;                  /* the polar method's second normal    */
    double spare;

    /* the current run (tutorial Table 1) */
    int lambda, mu, eig_every, g_run, since_eig;
    double mueff, cs, ds, cc, c1, cmu, chin, sigma, ps_decay;
    double *w;                      /* [lambda_max] weights, first µ used  */
    double *mean, *ps, *pc, *C, *B, *D;        /* [n], [n], [n], [n²], [n²], [n] */
    double *x0;                     /* [n] first mean                      */
    double *X, *Y;                  /* [lambda_max·n] candidates, steps y  */
    double *key;                    /* [lambda_max] told f, non-finite +inf */
    int *idx, *idx_tmp;             /* [lambda_max] ranking                */
    double *work, *work2;           /* [n²] Jacobi, [n] scratch            */
    double *fun_hist;               /* [fun_cap] recent generation bests   */
    double *stag_best, *stag_med;   /* [stag_cap] ring buffers             */
    double *stag_tmp;               /* [stag_cap] median scratch           */

    /* BIPOP bookkeeping */
    long run_evals, evals_large, evals_small;
    int lambda_large, large_runs;

    int asked;                      /* rows of the pending generation, 0: none */
    int stop_req;
    double *best_x;                 /* [n]                                 */
    fric_cmaes_info info;
};

const char *fric_cmaes_stop_name(int reason)
{
    switch (reason) {
    case FRIC_CMAES_RUNNING: return "running";
    case FRIC_CMAES_BUDGET: return "budget";
    case FRIC_CMAES_TARGET: return "target";
    case FRIC_CMAES_TOLFUN: return "tolfun";
    case FRIC_CMAES_TOLX: return "tolx";
    case FRIC_CMAES_NOEFFECTAXIS: return "noeffectaxis";
    case FRIC_CMAES_NOEFFECTCOORD: return "noeffectcoord";
    case FRIC_CMAES_CONDITIONCOV: return "conditioncov";
    case FRIC_CMAES_STAGNATION: return "stagnation";
    case FRIC_CMAES_FLAT: return "flat";
    case FRIC_CMAES_STOPPED: return "stopped";
    }
    return "invalid";
}

static double uniform01(fric_cmaes *es) { return (double)(fric__xoshiro256ss(es->rng) >> 11) * 0x1.0p-53; }

/* Marsaglia's polar method: two N(0, 1) per accepted pair. */
static double normal(fric_cmaes *es)
{
    if (es->has_spare) {
        es->has_spare = 0;
        return es->spare;
    }
    double u, v, s;
    do {
        u = 2.0 * uniform01(es) - 1.0;
        v = 2.0 * uniform01(es) - 1.0;
        s = u * u + v * v;
    } while (s >= 1.0 || s == 0.0);
    const double k = sqrt(-2.0 * fric__cmaes_log(s) / s);
    es->spare = v * k;
    es->has_spare = 1;
    return u * k;
}

/* Default λ (Table 1). */
int fric_cmaes_default_lambda(int n) { return 4 + (int)floor(3.0 * fric__cmaes_log((double)(n > 1 ? n : 1))); }

/* ----------------------------------------------------- eigendecomposition */

/* C = B·diag(ev)·Bᵀ by cyclic Jacobi rotations (fric__jacobi_eigen, base.h:
 * only +−×÷ and sqrt, the same bits everywhere). ev → D (the square roots). */
static void eigen(fric_cmaes *es)
{
    const int n = es->n;
    double *A = es->work, *V = es->B, *ev = es->D;
    memcpy(A, es->C, (size_t)n * (size_t)n * sizeof *A);
    fric__jacobi_eigen(n, A, V, CMAES_JACOBI_SWEEPS);
    double lo = HUGE_VAL, hi = -HUGE_VAL;
    for (int i = 0; i < n; i++) {
        const double e = A[i * n + i];
        if (e < lo) lo = e;
        if (e > hi) hi = e;
        ev[i] = sqrt(e > DBL_MIN ? e : DBL_MIN);
    }
    es->info.axis_ratio = (lo > 0.0) ? sqrt(hi / lo) : HUGE_VAL;
    es->since_eig = 0;
}

/* ------------------------------------------------------------------ runs */

static void start_run(fric_cmaes *es, int lambda, double sigma, int regime)
{
    const int n = es->n;
    const double N = (double)n;
    if (lambda > es->lambda_max) lambda = es->lambda_max;
    if (lambda < 2) lambda = 2;
    es->lambda = lambda;
    es->mu = lambda / 2;
    /* Table 1: w'_i = ln((λ+1)/2) − ln i, normalised to Σ w_i = 1 */
    double sw = 0.0, sw2 = 0.0;
    const double l0 = fric__cmaes_log((lambda + 1) / 2.0);
    for (int i = 0; i < es->mu; i++) {
        es->w[i] = l0 - fric__cmaes_log((double)(i + 1));
        sw += es->w[i];
    }
    for (int i = 0; i < es->mu; i++) {
        es->w[i] /= sw;
        sw2 += es->w[i] * es->w[i];
    }
    const double mueff = 1.0 / sw2;
    es->mueff = mueff;
    es->cs = (mueff + 2.0) / (N + mueff + 5.0);
    const double r = sqrt((mueff - 1.0) / (N + 1.0)) - 1.0;
    es->ds = 1.0 + 2.0 * (r > 0.0 ? r : 0.0) + es->cs;
    es->cc = (4.0 + mueff / N) / (N + 4.0 + 2.0 * mueff / N);
    es->c1 = 2.0 / ((N + 1.3) * (N + 1.3) + mueff);
    const double cmu = 2.0 * (mueff - 2.0 + 1.0 / mueff) / ((N + 2.0) * (N + 2.0) + mueff);
    es->cmu = (cmu < 1.0 - es->c1) ? cmu : 1.0 - es->c1;
    es->chin = sqrt(N) * (1.0 - 1.0 / (4.0 * N) + 1.0 / (21.0 * N * N));
    const double every = floor(1.0 / (10.0 * N * (es->c1 + es->cmu)));
    es->eig_every = every > 1.0 ? (int)every : 1;
    es->sigma = sigma;
    es->ps_decay = 1.0;
    for (int i = 0; i < n; i++) {
        es->ps[i] = es->pc[i] = 0.0;
        es->D[i] = 1.0;
        for (int j = 0; j < n; j++) es->C[i * n + j] = es->B[i * n + j] = (i == j) ? 1.0 : 0.0;
    }
    es->g_run = 0;
    es->since_eig = 0;
    es->run_evals = 0;
    es->info.lambda = lambda;
    es->info.sigma = sigma;
    es->info.axis_ratio = 1.0;
    es->info.regime = regime;
}

/* Books the evaluations of the run that ended to its regime and says
 * whether BIPOP goes on: a small run is next while the small regime has
 * used fewer evaluations than the large one; a large run only while fewer
 * than def.restarts large runs were made. */
static int restart_left(fric_cmaes *es)
{
    if (es->info.regime == 1) es->evals_large += es->run_evals;
    else if (es->info.regime == 2) es->evals_small += es->run_evals;
    es->run_evals = 0;
    return es->evals_small < es->evals_large || es->large_runs < es->restarts;
}

/* The next BIPOP run after one that ended (Hansen 2009). */
static void restart(fric_cmaes *es)
{
    const int n = es->n;
    es->info.run += 1;
    /* the mean: uniform in the box, or in x0 ± 2σ0 */
    for (int i = 0; i < n; i++) {
        const double u = uniform01(es);
        es->mean[i] = es->box ? u : es->x0[i] + es->sigma0 * (4.0 * u - 2.0);
    }
    if (es->evals_small < es->evals_large) {
        /* small: λ_s = ⌊λ_def·(½λ_l/λ_def)^{U²}⌋, σ = σ0·10^{−2U'} */
        const double u = uniform01(es), u2 = uniform01(es);
        const double ratio = 0.5 * (double)es->lambda_large / (double)es->lambda_def;
        const double ls = floor((double)es->lambda_def * fric__cmaes_exp(u * u * fric__cmaes_log(ratio)));
        const double sig = es->sigma0 * fric__cmaes_exp(-2.0 * u2 * fric__cmaes_log(10.0));
        start_run(es, ls < (double)es->lambda_max ? (int)ls : es->lambda_max, sig, 2);
    } else {
        /* large: λ_l = λ_def·2^k for the k-th large run, σ0 */
        es->large_runs += 1;
        if (es->lambda_large <= es->lambda_max / 2) es->lambda_large *= 2;
        else es->lambda_large = es->lambda_max;
        start_run(es, es->lambda_large, es->sigma0, 1);
    }
}

/* -------------------------------------------------------- create / free */

static const char *check_def(const fric_cmaes_def *d)
{
    if (!d) return fric__say_id("cmaes.def_null_pass",
                       "cmaes: def is NULL; pass a fric_cmaes_def.",
                       fric__no_values);
    if (d->n < 1 || d->n > FRIC_CMAES_MAX_N)
        return fric__say_id("cmaes.n_dimension_fric",
                   "cmaes: n = {n} must be a dimension in 1..{cmaes_max_n} (FRIC_CMAES_MAX_N); "
                   "search fewer parameters.",
                   fric__values(fric__i("n", d->n), fric__i("cmaes_max_n", FRIC_CMAES_MAX_N)));
    if (d->box != 0 && d->box != 1)
        return fric__say_id("cmaes.box_unbounded_box",
                   "cmaes: box = {box} must be 0 (unbounded) or 1 (the box [0, 1]ⁿ).",
                   fric__values(fric__i("box", d->box)));
    if (d->lambda != 0 && d->lambda < 2)
        return fric__say_id("cmaes.lambda_default_ln",
                   "cmaes: lambda = {lambda} must be 0 (the default 4 + 3 ln n) or a population >= "
                   "2.",
                   fric__values(fric__i("lambda", d->lambda)));
    if (!isfinite(d->sigma0) || !(d->sigma0 > 0.0))
        return fric__say_id("cmaes.sigma_finite_step",
                   "cmaes: sigma0 = {sigma0} must be a finite step > 0 ({v}).",
                   fric__values(fric__g("sigma0", d->sigma0),
                                fric__s("v", d->box ? "0.3 searches 30 % of each range" : "about a third of the search range")));
    if (d->x0)
        for (int i = 0; i < d->n; i++) {
            if (!isfinite(d->x0[i]))
                return fric__say_id("cmaes.x_finite_pass",
                           "cmaes: x0[{i}] = {x0} must be finite; pass a finite start or NULL (the "
                           "centre).",
                           fric__values(fric__i("i", i), fric__g("x0", d->x0[i])));
            if (d->box && (d->x0[i] < 0.0 || d->x0[i] > 1.0))
                return fric__say_id("cmaes.x_lie_box",
                           "cmaes: x0[{i}] = {x0} must lie in [0, 1] with box = 1; normalise it to "
                           "the box or pass NULL (the centre).",
                           fric__values(fric__i("i", i), fric__g("x0", d->x0[i])));
        }
    const int lam = d->lambda ? d->lambda : fric_cmaes_default_lambda(d->n);
    if (d->budget < lam)
        return fric__say_id("cmaes.budget_lambda_generation",
                   "cmaes: budget = {budget} must be >= lambda = {lam} (one generation); raise the "
                   "budget.",
                   fric__values(fric__i("budget", d->budget), fric__i("lam", lam)));
    if (d->restarts < 0)
        return fric__say_id("cmaes.restarts_run_bipop",
                   "cmaes: restarts = {restarts} must be >= 0 (0: one run; 9: BIPOP as Hansen "
                   "2009).",
                   fric__values(fric__i("restarts", d->restarts)));
    if (d->has_target && isnan(d->target))
        return fric__say_id("cmaes.target_number_when",
                   "cmaes: target = {target} must be a number when has_target = 1; pass a value or "
                   "set has_target = 0.",
                   fric__values(fric__g("target", d->target)));
    if (!isfinite(d->tol_fun) || d->tol_fun < 0.0)
        return fric__say_id("cmaes.tol_fun_finite",
                   "cmaes: tol_fun = {tol_fun} must be finite and >= 0 (0: 1e-12).",
                   fric__values(fric__g("tol_fun", d->tol_fun)));
    if (!isfinite(d->tol_x) || d->tol_x < 0.0)
        return fric__say_id("cmaes.tol_x_finite",
                   "cmaes: tol_x = {tol_x} must be finite and >= 0 (0: 1e-11·sigma0).",
                   fric__values(fric__g("tol_x", d->tol_x)));
    return NULL;
}

void fric_cmaes_destroy(fric_cmaes *es)
{
    if (!es) return;
    double *arrays[] = { es->w, es->mean, es->ps, es->pc, es->C, es->B, es->D, es->x0, es->X, es->Y,
                         es->key, es->work, es->work2, es->fun_hist, es->stag_best, es->stag_med,
                         es->stag_tmp, es->best_x };
    for (size_t i = 0; i < sizeof arrays / sizeof arrays[0]; i++) free(arrays[i]);
    free(es->idx);
    free(es->idx_tmp);
    free(es);
}

static double *alloc_d(size_t count, int *ok)
{
    double *p = calloc(count ? count : 1, sizeof *p);
    if (!p) *ok = 0;
    return p;
}

fric_cmaes *fric_cmaes_create(const fric_cmaes_def *d, const char **why)
{
    const char *m = check_def(d);
    if (m) {
        if (why) *why = m;
        return NULL;
    }
    fric_cmaes *es = calloc(1, sizeof *es);
    if (!es) {
        const char *w = fric__fail_id(FRIC_E_NO_MEMORY, -1, "cmaes.out_memory_optimiser",
                            "cmaes: out of memory for the optimiser's state; lower n.",
                            fric__no_values);
        if (why) *why = w;
        return NULL;
    }
    const int n = d->n;
    es->n = n;
    es->lambda_def = d->lambda ? d->lambda : fric_cmaes_default_lambda(n);
    es->box = d->box;
    es->restarts = d->restarts;
    es->has_target = d->has_target;
    es->target = d->target;
    es->sigma0 = d->sigma0;
    es->budget = d->budget;
    es->tol_fun = d->tol_fun > 0.0 ? d->tol_fun : 1e-12;
    es->tol_x = d->tol_x > 0.0 ? d->tol_x : 1e-11 * d->sigma0;

    /* the largest λ: λ_def·2^restarts, capped by the budget */
    long lmax = es->lambda_def;
    for (int k = 0; k < d->restarts && lmax * 2 <= d->budget && lmax <= (1L << 24); k++) lmax *= 2;
    es->lambda_max = (int)lmax;
    es->fun_cap = 10 + (30 * n + es->lambda_def - 1) / es->lambda_def;
    const long gens = d->budget / es->lambda_def + 2;
    es->stag_cap = gens < CMAES_STAG_MAX ? (int)gens : CMAES_STAG_MAX;

    int ok = 1;
    const size_t N = (size_t)n, L = (size_t)es->lambda_max;
    es->w = alloc_d(L, &ok);
    es->mean = alloc_d(N, &ok);
    es->ps = alloc_d(N, &ok);
    es->pc = alloc_d(N, &ok);
    es->C = alloc_d(N * N, &ok);
    es->B = alloc_d(N * N, &ok);
    es->D = alloc_d(N, &ok);
    es->x0 = alloc_d(N, &ok);
    es->X = alloc_d(L * N, &ok);
    es->Y = alloc_d(L * N, &ok);
    es->key = alloc_d(L, &ok);
    es->work = alloc_d(N * N, &ok);
    es->work2 = alloc_d(N, &ok);
    es->fun_hist = alloc_d((size_t)es->fun_cap, &ok);
    es->stag_best = alloc_d((size_t)es->stag_cap, &ok);
    es->stag_med = alloc_d((size_t)es->stag_cap, &ok);
    es->stag_tmp = alloc_d((size_t)es->stag_cap, &ok);
    es->best_x = alloc_d(N, &ok);
    es->idx = calloc(L, sizeof *es->idx);
    es->idx_tmp = calloc(L, sizeof *es->idx_tmp);
    if (!ok || !es->idx || !es->idx_tmp) {
        fric_cmaes_destroy(es);
        if (why)
            *why = fric__say_id("cmaes.out_memory_lambda",
                       "cmaes: out of memory for lambda_max = {lmax} candidates of n = {n}; lower "
                       "restarts or budget.",
                       fric__values(fric__i("lmax", lmax), fric__i("n", n)));
        return NULL;
    }

    uint64_t s = d->seed;
    for (int i = 0; i < 4; i++) es->rng[i] = fric__splitmix64(&s);
    for (int i = 0; i < n; i++) {
        es->x0[i] = d->x0 ? d->x0[i] : (d->box ? 0.5 : 0.0);
        es->mean[i] = es->best_x[i] = es->x0[i];
    }
    es->lambda_large = es->lambda_def;
    es->info.best_f = HUGE_VAL;
    es->info.gen_best_f = HUGE_VAL;
    es->info.best_x = es->best_x;
    start_run(es, es->lambda_def, es->sigma0, 0);
    if (why) *why = "";
    return es;
}

int fric_cmaes_lambda_max(const fric_cmaes *es) { return es->lambda_max; }
const fric_cmaes_info *fric_cmaes_get_info(const fric_cmaes *es) { return &es->info; }
const double *fric_cmaes_mean(const fric_cmaes *es) { return es->mean; }
void fric_cmaes_stop(fric_cmaes *es) { es->stop_req = 1; }

void fric_cmaes_set_budget(fric_cmaes *es, long budget)
{
    if (budget > es->budget) budget = es->budget;
    if (budget < es->info.evals) budget = es->info.evals;
    es->budget = budget;
    if (es->info.stop == FRIC_CMAES_RUNNING && !es->asked && es->info.evals >= budget) {
        es->info.stop = FRIC_CMAES_BUDGET;
        es->info.run_stop = FRIC_CMAES_BUDGET;
    }
}

fric_status fric_cmaes_set_x0(fric_cmaes *es, const double *x0)
{
    if (es->asked || es->info.evals > 0 || es->info.generation > 0) {
        fric__fail_id(FRIC_E_UNSUPPORTED, -1, "cmaes.set_x_after",
            "cmaes: set_x0 after candidates were asked; move the mean before the first ask.",
            fric__no_values);
        return FRIC_E_UNSUPPORTED;
    }
    for (int i = 0; i < es->n; i++)
        if (!isfinite(x0[i]) || (es->box && (x0[i] < 0.0 || x0[i] > 1.0))) {
            fric__fail_id(FRIC_E_PARAM_RANGE, -1, "cmaes.x_finite",
                "cmaes: x0[{i}] = {x0} must be finite{v}.",
                fric__values(fric__i("i", i), fric__g("x0", x0[i]),
                             fric__s("v", es->box ? " and lie in [0, 1] (box = 1)" : "")));
            return FRIC_E_PARAM_RANGE;
        }
    for (int i = 0; i < es->n; i++) es->x0[i] = es->mean[i] = es->best_x[i] = x0[i];
    return 0;
}

/* ------------------------------------------------------------------- ask */

/* x mod 2 folded at 1: the reflection x → −x, x → 2 − x repeated. */
static double reflect(double x)
{
    double t = x - 2.0 * floor(0.5 * x);
    return t > 1.0 ? 2.0 - t : t;
}

static void sample(fric_cmaes *es, double *x, double *y)
{
    const int n = es->n;
    double *z = es->work2;
    for (int draw = 0; draw < CMAES_RESAMPLE; draw++) {
        for (int j = 0; j < n; j++) z[j] = es->D[j] * normal(es);        /* D·z   (39) */
        int inside = 1;
        for (int i = 0; i < n; i++) {
            double yi = 0.0;
            for (int j = 0; j < n; j++) yi += es->B[i * n + j] * z[j];   /* B·D·z (39) */
            y[i] = yi;
            x[i] = es->mean[i] + es->sigma * yi;                         /* (40) */
            if (!(x[i] >= 0.0 && x[i] <= 1.0)) inside = 0;
        }
        if (!es->box || inside) return;
    }
    for (int i = 0; i < n; i++) {
        /* a non-finite draw (σ overflowed) falls back to the mean, which
         * lies in the box (a convex combination of points in it) */
        x[i] = isfinite(x[i]) ? reflect(x[i]) : es->mean[i];
        y[i] = (x[i] - es->mean[i]) / es->sigma;
    }
}

/* −1 for an ask whose X holds cap rows, fewer than the rows candidates,
 * with FRIC_E_PARAM_RANGE recorded. */
static int cap_too_small(int cap, int rows)
{
    fric__fail_id(FRIC_E_PARAM_RANGE, -1, "cmaes.x_holds_cap",
        "cmaes: X holds cap = {cap} rows, fewer than the {rows} candidates; size it with "
        "fric_cmaes_lambda_max.",
        fric__values(fric__i("cap", cap), fric__i("rows", rows)));
    return -1;
}

int fric_cmaes_ask(fric_cmaes *es, double *X, int cap)
{
    const int n = es->n;
    if (!es->asked) {
        if (es->info.stop == FRIC_CMAES_RUNNING && es->stop_req) {
            es->info.stop = FRIC_CMAES_STOPPED;
            es->info.run_stop = FRIC_CMAES_STOPPED;
        }
        if (es->info.stop != FRIC_CMAES_RUNNING) return 0;
        const long left = es->budget - es->info.evals;
        const int rows = (left < es->lambda) ? (int)left : es->lambda;
        if (cap < rows) return cap_too_small(cap, rows);
        for (int k = 0; k < rows; k++) sample(es, es->X + (size_t)k * n, es->Y + (size_t)k * n);
        es->asked = rows;
    }
    if (cap < es->asked) return cap_too_small(cap, es->asked);
    memcpy(X, es->X, (size_t)es->asked * (size_t)n * sizeof *X);
    return es->asked;
}

/* ------------------------------------------------------------------ tell */

/* (key, row) order: the lower value, then the lower row. */
static int before(const double *key, int a, int b) { return key[a] < key[b] || (key[a] == key[b] && a < b); }

/* Stable merge sort of idx[0..m) by key (bottom-up, scratch tmp). */
static void rank(const double *key, int *idx, int *tmp, int m)
{
    for (int i = 0; i < m; i++) idx[i] = i;
    for (int width = 1; width < m; width *= 2) {
        for (int lo = 0; lo < m; lo += 2 * width) {
            const int mid = (lo + width < m) ? lo + width : m;
            const int hi = (lo + 2 * width < m) ? lo + 2 * width : m;
            int i = lo, j = mid, k = lo;
            while (i < mid && j < hi) tmp[k++] = before(key, idx[j], idx[i]) ? idx[j++] : idx[i++];
            while (i < mid) tmp[k++] = idx[i++];
            while (j < hi) tmp[k++] = idx[j++];
        }
        memcpy(idx, tmp, (size_t)m * sizeof *idx);
    }
}

/* Heap sort of v[0..m) ascending (values only: any correct sort gives the
 * same array). */
static void sort_values(double *v, int m)
{
    for (int start = m / 2 - 1, end = m;; ) {
        int root;
        if (start >= 0) root = start--;
        else {
            if (--end <= 0) return;
            const double t = v[0]; v[0] = v[end]; v[end] = t;
            root = 0;
        }
        for (;;) {
            int child = 2 * root + 1;
            if (child >= end) break;
            if (child + 1 < end && v[child + 1] > v[child]) child++;
            if (v[root] >= v[child]) break;
            const double t = v[root]; v[root] = v[child]; v[child] = t;
            root = child;
        }
    }
}

/* Median of the ring-buffer entries g0..g0+len−1 (generation numbers). */
static double hist_median(fric_cmaes *es, const double *ring, int g0, int len)
{
    for (int i = 0; i < len; i++) es->stag_tmp[i] = ring[(g0 + i) % es->stag_cap];
    sort_values(es->stag_tmp, len);
    return (len % 2) ? es->stag_tmp[len / 2] : 0.5 * (es->stag_tmp[len / 2 - 1] + es->stag_tmp[len / 2]);
}

/* The update of eqs. 41-47 from the ranked generation. */
static void update(fric_cmaes *es)
{
    const int n = es->n, mu = es->mu;
    double *yw = es->work2;
    for (int i = 0; i < n; i++) {
        double s = 0.0;
        for (int k = 0; k < mu; k++) s += es->w[k] * es->Y[(size_t)es->idx[k] * n + i];   /* (41) */
        yw[i] = s;
    }
    for (int i = 0; i < n; i++) {
        es->mean[i] += es->sigma * yw[i];                                              /* (42) */
        /* box: a convex combination of points in it, up to rounding */
        if (es->box) es->mean[i] = es->mean[i] < 0.0 ? 0.0 : es->mean[i] > 1.0 ? 1.0 : es->mean[i];
    }
    /* C^{−½}·⟨y⟩_w = B·D^{−1}·Bᵀ·⟨y⟩_w, (43) */
    double *t = es->work;                     /* n scratch; Jacobi's A is free now */
    for (int j = 0; j < n; j++) {
        double s = 0.0;
        for (int i = 0; i < n; i++) s += es->B[i * n + j] * yw[i];
        t[j] = s / es->D[j];
    }
    const double a_s = sqrt(es->cs * (2.0 - es->cs) * es->mueff);
    double ps2 = 0.0;
    for (int i = 0; i < n; i++) {
        double s = 0.0;
        for (int j = 0; j < n; j++) s += es->B[i * n + j] * t[j];
        es->ps[i] = (1.0 - es->cs) * es->ps[i] + a_s * s;
        ps2 += es->ps[i] * es->ps[i];
    }
    const double psn = sqrt(ps2);
    es->ps_decay *= (1.0 - es->cs) * (1.0 - es->cs);                 /* (1 − c_σ)^{2(g+1)} */
    const double N = (double)n;
    const int hsig = psn / sqrt(1.0 - es->ps_decay) < (1.4 + 2.0 / (N + 1.0)) * es->chin;
    const double a_c = sqrt(es->cc * (2.0 - es->cc) * es->mueff);
    for (int i = 0; i < n; i++) es->pc[i] = (1.0 - es->cc) * es->pc[i] + (hsig ? a_c * yw[i] : 0.0);   /* (45) */
    const double delta = hsig ? 0.0 : es->cc * (2.0 - es->cc);
    const double keep = 1.0 + es->c1 * delta - es->c1 - es->cmu;                     /* Σ w_j = 1 */
    for (int i = 0; i < n; i++) {
        for (int j = i; j < n; j++) {
            double r = 0.0;
            for (int k = 0; k < mu; k++) {
                const double *y = es->Y + (size_t)es->idx[k] * n;
                r += es->w[k] * y[i] * y[j];
            }
            const double c = keep * es->C[i * n + j] + es->c1 * es->pc[i] * es->pc[j] + es->cmu * r;   /* (47) */
            es->C[i * n + j] = es->C[j * n + i] = c;
        }
    }
    es->sigma *= fric__cmaes_exp((es->cs / es->ds) * (psn / es->chin - 1.0));            /* (44) */
    if (!(es->sigma <= CMAES_SIGMA_MAX)) es->sigma = CMAES_SIGMA_MAX;
    es->info.sigma = es->sigma;
    if (++es->since_eig >= es->eig_every) eigen(es);
}

/* The stop criterion of the run after generation g_run, or 0. */
static int run_criterion(fric_cmaes *es, int m)
{
    const int n = es->n;
    const double *key = es->key;
    const int *idx = es->idx;
    const int g = es->g_run;       /* generations of this run, this one included */
    /* tolfun */
    const int lf = 10 + (30 * n + es->lambda - 1) / es->lambda;
    const int lfc = lf < es->fun_cap ? lf : es->fun_cap;
    es->fun_hist[(g - 1) % es->fun_cap] = key[idx[0]];
    if (g >= lfc) {
        double lo = key[idx[0]], hi = key[idx[m - 1]];
        for (int i = 0; i < lfc; i++) {
            const double v = es->fun_hist[(g - 1 - i) % es->fun_cap];
            if (v < lo) lo = v;
            if (v > hi) hi = v;
        }
        if (hi - lo < es->tol_fun) return FRIC_CMAES_TOLFUN;
    }
    /* tolx */
    int small = 1;
    for (int i = 0; i < n; i++)
        if (!(es->sigma * sqrt(es->C[i * n + i]) < es->tol_x && es->sigma * fabs(es->pc[i]) < es->tol_x)) small = 0;
    if (small) return FRIC_CMAES_TOLX;
    /* noeffectaxis: axis g mod n */
    {
        const int a = g % n;
        int same = 1;
        for (int i = 0; i < n; i++)
            if (es->mean[i] + 0.1 * es->sigma * es->D[a] * es->B[i * n + a] != es->mean[i]) same = 0;
        if (same) return FRIC_CMAES_NOEFFECTAXIS;
    }
    for (int i = 0; i < n; i++)
        if (es->mean[i] + 0.2 * es->sigma * sqrt(es->C[i * n + i]) == es->mean[i]) return FRIC_CMAES_NOEFFECTCOORD;
    if (!(es->info.axis_ratio * es->info.axis_ratio <= CMAES_COND_MAX)) return FRIC_CMAES_CONDITIONCOV;
    /* stagnation (Hansen 2009) */
    {
        const int gi = (g - 1) % es->stag_cap;
        es->stag_best[gi] = key[idx[0]];
        es->stag_med[gi] = key[idx[m / 2]];
        const int need = 120 + (30 * n + es->lambda - 1) / es->lambda;
        if (g >= need) {
            int len = (g + 4) / 5;                  /* ⌈0.2 g⌉ */
            if (len < need) len = need;
            if (len > es->stag_cap) len = es->stag_cap;
            const int part = (3 * len + 9) / 10;    /* ⌈0.3 len⌉ */
            const int first = g - len;              /* generation index of the oldest */
            const int last = g - part;
            if (hist_median(es, es->stag_best, last, part) >= hist_median(es, es->stag_best, first, part)
                && hist_median(es, es->stag_med, last, part) >= hist_median(es, es->stag_med, first, part))
                return FRIC_CMAES_STAGNATION;
        }
    }
    /* flat fitness */
    const int k7 = (7 * m + 9) / 10;                /* ⌈0.7λ⌉ */
    if (key[idx[0]] == key[idx[k7 - 1]]) return FRIC_CMAES_FLAT;
    return 0;
}

int fric_cmaes_tell(fric_cmaes *es, const double *f)
{
    if (!es->asked) {
        fric__fail_id(FRIC_E_UNSUPPORTED, -1, "cmaes.tell_without_candidates",
            "cmaes: tell without candidates asked since the last tell.",
            fric__no_values);
        return -1;
    }
    const int m = es->asked, n = es->n;
    es->asked = 0;
    for (int k = 0; k < m; k++) es->key[k] = isfinite(f[k]) ? f[k] : HUGE_VAL;
    rank(es->key, es->idx, es->idx_tmp, m);
    es->info.evals += m;
    es->run_evals += m;
    es->info.generation += 1;
    const double gbest = es->key[es->idx[0]];
    es->info.gen_best_f = gbest;
    if (gbest < es->info.best_f) {
        es->info.best_f = gbest;
        memcpy(es->best_x, es->X + (size_t)es->idx[0] * n, (size_t)n * sizeof *es->best_x);
    }
    int stop = 0, r = 0;
    if (es->has_target && es->info.best_f <= es->target) stop = FRIC_CMAES_TARGET;
    else if (m < es->lambda || es->info.evals >= es->budget) stop = FRIC_CMAES_BUDGET;
    if (m == es->lambda) {
        update(es);
        es->g_run += 1;
        if (!stop) {
            r = run_criterion(es, m);
            if (es->stop_req) stop = FRIC_CMAES_STOPPED;
            if (r) {
                es->info.run_stop = r;
                if (!stop) {
                    if (restart_left(es)) restart(es);
                    else stop = r;
                }
            }
        }
    }
    if (stop) {
        es->info.stop = stop;
        if (!r) es->info.run_stop = stop;     /* the run ended by budget, target or stop */
    }
    return es->info.stop;
}
