/*
 * fit.c: identification as ask/tell (fric_fit.h) over CMA-ES with BIPOP
 * restarts (fric_cmaes.h), as Duclusaud & Passault §V-B (Rhoban/bam
 * bam/fit.py: optuna's CmaEsSampler, restart_strategy="bipop") do it.
 *
 * The search runs in the normalised box [0, 1]^n of the free parameters
 * (fric_fit_space_decode: p = lo + x·(hi − lo), or p = lo·(hi/lo)^x on a
 * log scale when lo > 0; docs/identification.md, "The box").
 *
 * Warm start (d.start): the start clamped into the box is asked first, as a
 * generation of one, so the best training loss of a fit is never worse than
 * its start's; CMA-ES then begins at x0 = its encoding with σ0 =
 * FRIC_FIT_WARM_SIGMA0 (unless d.sigma0 is given) and the warm search's
 * population, λ = FRIC_FIT_STAGE_LAMBDA_FACTOR × Hansen's default (the
 * same search as a staged fit's own, below; with the first run's λ the
 * warm search stays in the start's basin). Without a start, CMA-ES
 * begins at the centre of the box with σ0 = FRIC_FIT_DEFAULT_SIGMA0 and
 * λ = FRIC_FIT_LAMBDA_FACTOR × Hansen's default.
 *
 * Racing (for seed robustness: 9 of 10 seeds within 1 % of the best known
 * loss; docs/identification.md, "Seed robustness"): from
 * scratch, FRIC_FIT_RACERS independent CMA-ES searches (racer k seeded
 * with seed + k·0x9E3779B97F4A7C15; racer 0 is the single search of a fit
 * that does not race) are run one after the other, each asked a generation
 * only while its evaluations plus its λ stay within share = ⌊B/(K + 1)⌋ (B
 * the CMA-ES budget, K the racers); then the racer with the lowest best
 * loss (the lower k on a tie) continues with all the evaluations left
 * (fric_cmaes_set_budget). The replay loss has many basins and the first
 * run's seed picks one; two first runs and the better continued end within
 * 1 % of the best known M4 far more often than one run of the same budget.
 * A fit races only without a start (a warm start is a local refinement)
 * and when share holds FRIC_FIT_RACE_MIN_GENS first-run generations;
 * otherwise it is racer 0 alone.
 *
 * Stages (docs/identification.md, "The optimiser"): from
 * scratch, M4 and M5 first fit the M3 they contain and M6 a staged M5
 * (fric_fit_stage_model, fric_fit_stage_budget): the first stage is a
 * fric_fit of the simpler model (sub, with its own races and stages)
 * whose candidates are asked embedded (fric_fit_embed: the same
 * simulation) and told the caller's losses; then this fit's own CMA-ES
 * (one search, λ = FRIC_FIT_STAGE_LAMBDA_FACTOR × Hansen's default, σ0 =
 * FRIC_FIT_WARM_SIGMA0) starts at the best point so far
 * (fric_cmaes_set_x0) with every evaluation left. A fit is staged only
 * when its space embeds the simpler model's (stage_space) and the first
 * stage holds FRIC_FIT_RACE_MIN_GENS generations.
 *
 * Tries (docs/identification.md, "Why the misses are basins"):
 * a fit of M4–M6 whose budget holds FRIC_FIT_TRIES × FRIC_FIT_DEFAULT_BUDGET
 * is FRIC_FIT_TRIES fits (tv[], each of its share of the budget, its own
 * seed; none of them tries again), asked and told one after the other;
 * the fit's progress adds their evaluations and keeps the best of them.
 *
 * Memory: everything is allocated by fric_fit_create; ask and tell never
 * allocate.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fric_cmaes.h"
#include "fit_internal.h"
#include "base.h"

struct fric_fit {
    fric_fit_def d;            /* start points into start_ below             */
    int n;                     /* free parameters                             */
    int lambda_max;            /* of fric_cmaes_lambda_max (>= 1)             */
    fric_cmaes *racer[FRIC_FIT_RACERS];   /* the first runs (racers used)     */
    int racers;                /* 1, or FRIC_FIT_RACERS (racing)              */
    int cur;                   /* the racer asked and told now                */
    int racing;                /* 1 while the first runs share the budget     */
    long es_budget;            /* evaluations of CMA-ES in all                */
    long share;                /* each racer's evaluations while racing       */
    fric_cmaes *es;            /* = racer[cur]                                */
    double start_[FRIC_FIT_N]; /* the start clamped into the box               */
    int start_pending;         /* 1 until the start's loss is told            */
    int asked;                 /* rows of the last ask not yet told (0: none) */
    int stopped;               /* fric_fit_stop was called                    */
    double *X;                 /* [lambda_max·n] normalised candidates         */
    double *P;                 /* [lambda_max·FRIC_FIT_N] their full vectors   */
    fric_fit *sub;             /* a staged fit's first stage (NULL: none)      */
    int sub_model;             /* the model sub fits (its candidates' model)   */
    int sub_lmax;              /* of fric_fit_lambda_max(sub)                 */
    double *Psub;              /* [sub_lmax·FRIC_FIT_N] the first stage's asks */
    fric_fit *tv[FRIC_FIT_TRIES];   /* the tries (tries > 1), else unused   */
    int tries;                 /* 1, or FRIC_FIT_TRIES                        */
    int cur_try;               /* the try asked and told now                  */
    fric_fit_progress prog;
};

#define TRY_SEED_STEP UINT64_C(0xD1B54A32D192ED03)

static fric_fit *create(const fric_fit_def *d, int may_try, const char **why);

/* Whether a fit of M<model> with `budget` evaluations makes FRIC_FIT_TRIES
 * tries: a model with a first stage (M4–M6) and a budget that holds them. */
static int makes_tries(int model, long budget)
{
    return fric_fit_stage_model(model) && budget >= (long)FRIC_FIT_TRIES * FRIC_FIT_DEFAULT_BUDGET;
}

long fric_fit_default_budget(int model)
{
    if (model < 1 || model > 6) return 0;
    const long two = (long)FRIC_FIT_TRIES * FRIC_FIT_DEFAULT_BUDGET;
    return makes_tries(model, two) ? two : FRIC_FIT_DEFAULT_BUDGET;
}

/* Reports m through why; returns NULL (for fric_fit_create). */
static fric_fit *refuse(fric_fit *f, const char **why, const char *m)
{
    fric_fit_destroy(f);
    if (why) *why = m;
    return NULL;
}

/* The first stage's space (staged fit): M<j>'s parameters as d's space
 * holds them for M<k>, K_l and K_ls of M3/M4 tied to K_m = K_e and K_ms =
 * K_es of M5/M6 (fric_fit_embed; their boxes intersected). 0 when every
 * point of it embeds into s (held values kept, free ones in their box),
 * else 1: the fit is not staged. */
static int stage_space(const fric_fit_space *s, int k, int j, fric_fit_space *out)
{
    memset(out, 0, sizeof *out);
    int tie = (j == 3 || j == 4) && k >= 5;
    for (int i = 0; i < FRIC_FIT_N; i++) {
        if (!fric_fit_param_used(j, i)) continue;
        int a = i, b = i;
        if (tie && i == FRIC_FIT_K_L) a = FRIC_FIT_K_M, b = FRIC_FIT_K_E;
        if (tie && i == FRIC_FIT_K_LS) a = FRIC_FIT_K_MS, b = FRIC_FIT_K_ES;
        if (s->free_[a] != s->free_[b]) return 1;
        out->free_[i] = s->free_[a];
        out->value[i] = s->value[a];
        out->lo[i] = fmax(s->lo[a], s->lo[b]);
        out->hi[i] = fmin(s->hi[a], s->hi[b]);
        if (!s->free_[a] && s->value[a] != s->value[b]) return 1;
    }
    /* the corners of the box (the embedding is coordinate-wise) */
    double x[FRIC_FIT_N], p[FRIC_FIT_N], q[FRIC_FIT_N];
    int idx[FRIC_FIT_N], n = fric_fit_space_free_indices(out, idx);
    for (int c = 0; c < 2; c++) {
        for (int m = 0; m < n; m++) x[m] = c;
        fric_fit_space_decode(out, x, p);
        if (fric_fit_embed(j, p, k, q, NULL)) return 1;
        for (int i = 0; i < FRIC_FIT_N; i++) {
            if (!fric_fit_param_used(k, i)) continue;
            if (s->free_[i] ? !(q[i] >= s->lo[i] && q[i] <= s->hi[i]) : q[i] != s->value[i])
                return 1;
        }
    }
    return 0;
}

/* A staged fit's progress during its first stage: where that stage's own
 * search stands (best, evaluations and steps are the fit's own). */
static void follow_sub(fric_fit_progress *g, const fric_fit_progress *q)
{
    g->generation = q->generation;
    g->stage = q->stage;
    g->stage_model = q->stage_model;
    g->run = q->run;
    g->lambda = q->lambda;
    g->sigma = q->sigma;
    g->racer = q->racer;
    g->racing = q->racing;
}

/* The staged fit's first stage (fric_fit_stage_model), or NULL: a fit
 * with a start, a model that contains none, a space that does not embed,
 * or a first stage too short to hold FRIC_FIT_RACE_MIN_GENS generations
 * of its first population. *m: why it could not be made (out of memory). */
static fric_fit *stage_create(const fric_fit_def *d, const char **m)
{
    int k = d->target.model, j = fric_fit_stage_model(k);
    fric_fit_def sd = *d;
    *m = NULL;
    if (d->start || !j || stage_space(&d->space, k, j, &sd.space)) return NULL;
    int idx[FRIC_FIT_N], n = fric_fit_space_free_indices(&sd.space, idx);
    int lambda0 = FRIC_FIT_LAMBDA_FACTOR * (4 + (int)floor(3 * log((double)n)));
    sd.budget = fric_fit_stage_budget(k, d->budget);
    if (n < 1 || sd.budget < (long)FRIC_FIT_RACE_MIN_GENS * lambda0) return NULL;
    sd.target.model = j;
    return create(&sd, 0, m);
}

/* A fit of tries: where the try running stands (its stage, run, racer
 * ...), with the evaluations of every try so far and the best of them. */
static void follow_try(fric_fit *f)
{
    fric_fit_progress *g = &f->prog;
    const fric_fit_progress *q = fric_fit_get_progress(f->tv[f->cur_try]);
    long evals = 0;
    int gens = 0;
    for (int k = 0; k <= f->cur_try; k++) {
        evals += fric_fit_get_progress(f->tv[k])->evals;
        gens += fric_fit_get_progress(f->tv[k])->generation;
    }
    g->evals = evals;
    g->generation = gens;
    g->steps = (uint64_t)evals * f->d.train->steps;
    g->run = q->run;
    g->lambda = q->lambda;
    g->sigma = q->sigma;
    g->clamped = q->clamped;
    g->gen_best_loss = q->gen_best_loss;
    g->stage = q->stage;
    g->stages = q->stages;
    g->stage_model = q->stage_model;
    g->racer = q->racer;
    g->racing = q->racing;
    g->attempt = f->cur_try + 1;
    if (q->best_loss < g->best_loss) {
        g->best_loss = q->best_loss;
        memcpy(g->best, q->best, sizeof g->best);
    }
}

/* The fit of tries (fric_fit_create when the budget holds them). */
static fric_fit *create_tries(const fric_fit_def *d, const char **why)
{
    const char *m = NULL;
    fric_fit *f = calloc(1, sizeof *f);
    if (!f) return refuse(NULL, why, fric__fail_id(FRIC_E_NO_MEMORY, -1, "fit.out_memory",
                                         "fit: out of memory.",
                                         fric__no_values));
    f->d = *d;
    if (d->start) {
        memcpy(f->start_, d->start, sizeof f->start_);
        f->d.start = f->start_;
    }
    f->tries = FRIC_FIT_TRIES;
    for (int k = 0; k < f->tries; k++) {
        fric_fit_def td = f->d;
        td.budget = d->budget / f->tries + (k < d->budget % f->tries);
        td.seed = d->seed + (uint64_t)k * TRY_SEED_STEP;
        f->tv[k] = create(&td, 0, &m);
        if (!f->tv[k]) return refuse(f, why, m);
        int lm = fric_fit_lambda_max(f->tv[k]);
        if (lm > f->lambda_max) f->lambda_max = lm;
    }
    f->prog = *fric_fit_get_progress(f->tv[0]);
    f->prog.budget = d->budget;
    f->prog.attempts = f->tries;
    f->prog.best_loss = INFINITY;
    follow_try(f);
    memcpy(f->prog.best, fric_fit_get_progress(f->tv[0])->best, sizeof f->prog.best);
    if (why) *why = "";
    return f;
}

fric_fit *fric_fit_create(const fric_fit_def *d, const char **why)
{
    return create(d, 1, why);
}

static fric_fit *create(const fric_fit_def *d, int may_try, const char **why)
{
    const char *m = NULL, *space_why;
    if (!d) m = fric__fail_id(FRIC_E_NULL, -1, "fit.definition_d_given",
                    "fit: the definition d must be given.",
                    fric__no_values);
    else if (d->target.model < 1 || d->target.model > 6)
        m = fric__fail_id(FRIC_E_PARAM_RANGE, -1, "fit.model_not_m",
                "fit: model = {model} is not one of M1..M6; use 1 to 6.",
                fric__values(fric__i("model", d->target.model)));
    else if (fric_fit_space_check(&d->space, d->target.model, &space_why))
        m = space_why;   /* names the parameter and the condition */
    else if (!d->train || !d->train->storage_ || d->train->logs == 0)
        m = fric__fail_id(FRIC_E_LOG_INVALID, -1, "fit.no_training_logs",
                "fit: no training logs; build a batch of at least one log (fric_fit_batch_create).",
                fric__no_values);
    else if (d->budget < 1)
        m = fric__fail_id(FRIC_E_PARAM_RANGE, -1, "fit.budget_evaluations_give",
                "fit: budget = {budget} evaluations; give at least 1 (default {fit_default_budget}"
                ").",
                fric__values(fric__i("budget", d->budget),
                             fric__i("fit_default_budget", FRIC_FIT_DEFAULT_BUDGET)));
    else if (!(d->sigma0 >= 0 && d->sigma0 <= 1))
        m = fric__fail_id(FRIC_E_PARAM_RANGE, -1, "fit.sigma_lie_fraction",
                "fit: sigma0 = {sigma0} must lie in (0, 1] (a fraction of each range), or 0 for the"
                " default.",
                fric__values(fric__g("sigma0", d->sigma0)));
    else if (d->restarts < -1)
        m = fric__fail_id(FRIC_E_PARAM_RANGE, -1, "fit.restarts_default",
                "fit: restarts = {restarts} must be >= 0, or -1 for the default "
                "{fit_default_restarts}.",
                fric__values(fric__i("restarts", d->restarts),
                             fric__i("fit_default_restarts", FRIC_FIT_DEFAULT_RESTARTS)));
    for (int i = 0; !m && d->start && i < FRIC_FIT_N; i++)
        if (!isfinite(d->start[i]))
            m = fric__fail_id(FRIC_E_PARAM_RANGE, i, "fit.start_s_not",
                    "fit: the start's {i} = {start} is not finite; give a finite start (or none).",
                    fric__values(fric__s("i", fric_fit_param_key(i)), fric__g("start", d->start[i])));
    if (m) return refuse(NULL, why, m);
    if (may_try && makes_tries(d->target.model, d->budget)) return create_tries(d, why);

    int idx[FRIC_FIT_N];
    int n = fric_fit_space_free_indices(&d->space, idx);
    int has_start = d->start != NULL;
    /* the first run's population: FRIC_FIT_LAMBDA_FACTOR × Hansen's default
       (Table 1), less when the budget is smaller, never below the default */
    int lambda_def = 4 + (int)floor(3 * log((double)n));
    long es_budget = d->budget - has_start;
    if (es_budget < lambda_def)
        return refuse(NULL, why, fric__fail_id(FRIC_E_PARAM_RANGE, -1, "fit.budget_evaluations_below",
                                     "fit: budget = {budget} evaluations is below one generation ("
                                     "{lambda_def} candidates for {n} free parameters{v}); give at "
                                     "least {has_start}.",
                                     fric__values(fric__i("budget", d->budget),
                                                  fric__i("lambda_def", lambda_def), fric__i("n", n),
                                                  fric__s("v", has_start ? ", plus the start" : ""),
                                                  fric__i("has_start", (long)lambda_def + has_start))));
    fric_fit *f = calloc(1, sizeof *f);
    if (!f) return refuse(NULL, why, fric__fail_id(FRIC_E_NO_MEMORY, -1, "fit.out_memory_2",
                                         "fit: out of memory.",
                                         fric__no_values));
    f->d = *d;
    f->n = n;
    f->sub = stage_create(d, &m);
    if (!f->sub && m) return refuse(f, why, m);
    int staged = f->sub != NULL;
    /* the warm search (a staged fit's own search, and any warm start): a
       population of FRIC_FIT_STAGE_LAMBDA_FACTOR × Hansen's default */
    int warm = staged || has_start;
    int lambda0 = (warm ? FRIC_FIT_STAGE_LAMBDA_FACTOR : FRIC_FIT_LAMBDA_FACTOR) * lambda_def;
    if (es_budget < lambda0) lambda0 = (int)es_budget;
    double x0[FRIC_FIT_N];
    if (has_start) {
        /* clamped into the box in parameter space: the start is asked as given */
        for (int i = 0; i < FRIC_FIT_N; i++)
            f->start_[i] = d->space.free_[i] ? fmin(fmax(d->start[i], d->space.lo[i]), d->space.hi[i])
                                             : d->space.value[i];
        f->prog.clamped = fric_fit_space_encode(&d->space, d->start, x0);
        f->d.start = f->start_;
        f->start_pending = 1;
    } else {
        for (int k = 0; k < n; k++) x0[k] = 0.5;
    }
    fric_cmaes_def cd = {
        .n = n,
        .lambda = lambda0,
        .sigma0 = staged ? FRIC_FIT_WARM_SIGMA0
                  : d->sigma0 > 0 ? d->sigma0
                  : has_start ? FRIC_FIT_WARM_SIGMA0 : FRIC_FIT_DEFAULT_SIGMA0,
        .x0 = x0,
        .box = 1,
        .budget = es_budget,
        .restarts = d->restarts < 0 ? FRIC_FIT_DEFAULT_RESTARTS : d->restarts,
        .seed = d->seed,
    };
    f->es_budget = es_budget;
    f->share = es_budget / (FRIC_FIT_RACERS + 1);
    f->racers = (!has_start && !staged && f->share >= (long)FRIC_FIT_RACE_MIN_GENS * lambda0)
                ? FRIC_FIT_RACERS : 1;
    f->racing = f->racers > 1;
    for (int k = 0; k < f->racers; k++) {
        cd.seed = d->seed + (uint64_t)k * UINT64_C(0x9E3779B97F4A7C15);
        f->racer[k] = fric_cmaes_create(&cd, &m);
        if (!f->racer[k]) return refuse(f, why, fric__reword("fit: %s", m));
    }
    f->es = f->racer[0];
    f->lambda_max = fric_cmaes_lambda_max(f->es);
    f->X = malloc(sizeof(double) * (size_t)f->lambda_max * (size_t)n);
    if (staged) {
        f->sub_model = fric_fit_stage_model(d->target.model);
        f->sub_lmax = fric_fit_lambda_max(f->sub);
        f->Psub = malloc(sizeof(double) * (size_t)f->sub_lmax * FRIC_FIT_N);
        if (f->sub_lmax > f->lambda_max) f->lambda_max = f->sub_lmax;
    }
    f->P = malloc(sizeof(double) * (size_t)f->lambda_max * FRIC_FIT_N);
    if (!f->X || !f->P || (staged && !f->Psub))
        return refuse(f, why, fric__fail_id(FRIC_E_NO_MEMORY, -1, "fit.out_memory_3",
                                  "fit: out of memory.",
                                  fric__no_values));
    f->prog.budget = d->budget;
    f->prog.best_loss = INFINITY;
    f->prog.gen_best_loss = INFINITY;
    f->prog.sigma = cd.sigma0;
    f->prog.lambda = has_start ? 1 : fric_cmaes_get_info(f->es)->lambda;
    f->prog.stage = f->prog.stages = 1;
    f->prog.stage_model = d->target.model;
    f->prog.racer = f->racers > 1;
    f->prog.racing = f->racing;
    f->prog.attempt = f->prog.attempts = 1;
    f->tries = 1;
    fric_fit_space_decode(&d->space, x0, f->prog.best);
    if (has_start) memcpy(f->prog.best, f->start_, sizeof f->start_);
    if (staged) {
        const fric_fit_progress *q = fric_fit_get_progress(f->sub);
        f->prog.stages = q->stages + 1;
        follow_sub(&f->prog, q);
        fric_fit_embed(f->sub_model, q->best, d->target.model, f->prog.best, NULL);
    }
    if (why) *why = "";
    return f;
}

void fric_fit_destroy(fric_fit *f)
{
    if (!f) return;
    for (int k = 0; k < FRIC_FIT_RACERS; k++) fric_cmaes_destroy(f->racer[k]);
    for (int k = 0; k < FRIC_FIT_TRIES; k++) fric_fit_destroy(f->tv[k]);
    fric_fit_destroy(f->sub);
    free(f->Psub);
    free(f->X);
    free(f->P);
    free(f);
}

int fric_fit_lambda_max(const fric_fit *f)
{
    return f->lambda_max;
}

/* −1 for an ask whose P holds cap vectors, fewer than the k candidates,
 * with FRIC_E_PARAM_RANGE recorded. */
static int cap_too_small(int cap, int k)
{
    fric__fail_id(FRIC_E_PARAM_RANGE, -1, "fit.p_holds_cap",
        "fit: P holds cap = {cap} vectors, fewer than the {k} candidates; size it with "
        "fric_fit_lambda_max.",
        fric__values(fric__i("cap", cap), fric__i("k", k)));
    return -1;
}

/* While racing: the racer to ask (the current one while its next
 * generation fits in its share and its search goes on, else the next);
 * after the last, the best racer gets every evaluation left. */
static void next_racer(fric_fit *f)
{
    for (; f->cur < f->racers; f->cur++) {
        const fric_cmaes_info *in = fric_cmaes_get_info(f->racer[f->cur]);
        if (in->stop == FRIC_CMAES_RUNNING && in->evals + in->lambda <= f->share) break;
    }
    if (f->cur < f->racers) {
        f->es = f->racer[f->cur];
        return;
    }
    long used = 0;
    int best = 0;
    for (int k = 0; k < f->racers; k++) {
        const fric_cmaes_info *in = fric_cmaes_get_info(f->racer[k]);
        used += in->evals;
        if (in->best_f < fric_cmaes_get_info(f->racer[best])->best_f) best = k;
    }
    f->racing = 0;
    f->cur = best;
    f->es = f->racer[best];
    fric_cmaes_set_budget(f->es, fric_cmaes_get_info(f->es)->evals + (f->es_budget - used));
}

/* A staged fit after its first stage: its own search starts at the best
 * point so far (the first stage's, embedded) with every evaluation left. */
static void stage_next(fric_fit *f)
{
    fric_fit_progress *g = &f->prog;
    double x0[FRIC_FIT_N];
    fric_fit_space_encode(&f->d.space, g->best, x0);
    fric_cmaes_set_x0(f->es, x0);
    fric_cmaes_set_budget(f->es, f->es_budget - g->evals);
    const fric_cmaes_info *in = fric_cmaes_get_info(f->es);
    g->stage = g->stages;
    g->stage_model = f->d.target.model;
    g->run = 0;
    g->lambda = in->lambda;
    g->sigma = in->sigma;
    g->racer = g->racing = 0;
}

/* A fit of tries: the try asked now, or the next when it is over. */
static int ask_tries(fric_fit *f, double *P, int cap)
{
    for (;;) {
        int k = fric_fit_ask(f->tv[f->cur_try], P, cap);
        if (k != 0) {
            if (k > 0) f->asked = k;
            return k;
        }
        const fric_fit_progress *q = fric_fit_get_progress(f->tv[f->cur_try]);
        if (f->stopped || q->done == FRIC_CMAES_STOPPED || f->cur_try + 1 >= f->tries) {
            f->prog.done = f->stopped ? FRIC_CMAES_STOPPED : q->done;
            return 0;
        }
        f->cur_try += 1;
        follow_try(f);
    }
}

int fric_fit_ask(fric_fit *f, double *P, int cap)
{
    if (f->prog.done) return 0;
    if (f->tries > 1) return ask_tries(f, P, cap);
    if (f->sub && f->prog.stage < f->prog.stages) {
        int k = fric_fit_ask(f->sub, f->Psub, f->sub_lmax);
        if (k < 0) return k;
        if (k > 0) {
            if (cap < k) return cap_too_small(cap, k);
            int j = f->sub_model;
            for (int i = 0; i < k; i++)
                fric_fit_embed(j, f->Psub + (size_t)i * FRIC_FIT_N, f->d.target.model,
                               f->P + (size_t)i * FRIC_FIT_N, NULL);
            memcpy(P, f->P, sizeof(double) * (size_t)k * FRIC_FIT_N);
            f->asked = k;
            return k;
        }
        if (f->stopped) {
            f->prog.done = FRIC_CMAES_STOPPED;
            return 0;
        }
        stage_next(f);
    }
    if (f->start_pending) {
        if (cap < 1) return cap_too_small(cap, 1);
        memcpy(f->P, f->start_, sizeof f->start_);
        memcpy(P, f->start_, sizeof f->start_);
        f->asked = 1;
        return 1;
    }
    if (f->racing) next_racer(f);
    int k = fric_cmaes_ask(f->es, f->X, f->lambda_max);
    if (k <= 0) {
        const fric_cmaes_info *in = fric_cmaes_get_info(f->es);
        f->prog.done = in->stop ? in->stop : FRIC_CMAES_STOPPED;
        f->asked = 0;
        return 0;
    }
    if (cap < k) return cap_too_small(cap, k);
    for (int i = 0; i < k; i++)
        fric_fit_space_decode(&f->d.space, f->X + (size_t)i * f->n, f->P + (size_t)i * FRIC_FIT_N);
    memcpy(P, f->P, sizeof(double) * (size_t)k * FRIC_FIT_N);
    f->asked = k;
    return k;
}

/* Loss order: NaN counts as +inf (worse than any finite value). */
static double clean(double v)
{
    return isnan(v) ? INFINITY : v;
}

int fric_fit_tell(fric_fit *f, const double *loss)
{
    if (f->asked == 0) {
        if (f->prog.done) return f->prog.done;
        fric__fail_id(FRIC_E_UNSUPPORTED, -1, "fit.tell_without_candidates",
            "fit: tell without candidates asked since the last tell.",
            fric__no_values);
        return -1;
    }
    fric_fit_progress *g = &f->prog;
    if (f->tries > 1) {
        int st = fric_fit_tell(f->tv[f->cur_try], loss);
        f->asked = 0;
        follow_try(f);
        if (st <= 0) return st < 0 ? st : g->done;
        if (f->stopped || st == FRIC_CMAES_STOPPED) g->done = FRIC_CMAES_STOPPED;
        else if (f->cur_try + 1 < f->tries) {
            f->cur_try += 1;
            follow_try(f);
        } else g->done = st;
        return g->done;
    }
    int k = f->asked, ib = 0;
    for (int i = 1; i < k; i++)
        if (clean(loss[i]) < clean(loss[ib])) ib = i;
    double lb = clean(loss[ib]);
    g->gen_best_loss = lb;
    if (lb < g->best_loss) {
        g->best_loss = lb;
        memcpy(g->best, f->P + (size_t)ib * FRIC_FIT_N, sizeof g->best);
    }
    g->evals += k;
    g->steps = (uint64_t)g->evals * f->d.train->steps;
    f->asked = 0;
    if (f->sub && g->stage < g->stages) {
        /* the first stage's own search is told the same losses (the
           embedding leaves the simulation unchanged) */
        int st = fric_fit_tell(f->sub, loss);
        follow_sub(g, fric_fit_get_progress(f->sub));
        if (f->stopped || st == FRIC_CMAES_STOPPED) g->done = FRIC_CMAES_STOPPED;
        else if (st != 0) stage_next(f);
        return g->done;
    }
    if (f->start_pending) {
        f->start_pending = 0;
        const fric_cmaes_info *in = fric_cmaes_get_info(f->es);
        g->lambda = in->lambda;
        if (f->stopped) g->done = FRIC_CMAES_STOPPED;
        return g->done;
    }
    int st = fric_cmaes_tell(f->es, loss);
    const fric_cmaes_info *in = fric_cmaes_get_info(f->es);
    g->generation += 1;
    g->run = in->run;
    g->lambda = in->lambda;
    g->sigma = in->sigma;
    g->racer = f->racers > 1 ? f->cur + 1 : 0;
    g->racing = f->racing;
    /* while racing, a racer's own end (its BIPOP restarts spent) only
       passes the turn to the next (next_racer); a cancel ends the fit */
    if (st > 0 && (!f->racing || st == FRIC_CMAES_STOPPED)) g->done = st;
    else if (f->stopped) g->done = FRIC_CMAES_STOPPED;
    return g->done;
}

size_t fric_fit_progress_phase_part(const fric_fit_progress *p, int k, char *buf, size_t size)
{
    /* the parts present, in their order: the try, the stage, the racer, the run */
    enum { TRY, STAGE, RACER, RUN } part[4];
    int n = 0;
    if (p->attempts > 1) part[n++] = TRY;
    if (p->stages > 1) part[n++] = STAGE;
    if (p->racer) part[n++] = RACER;
    part[n++] = RUN;
    if (k < 0 || k >= n) {
        fric__no_sentence();
        if (buf && size) buf[0] = '\0';
        return 0;
    }
    switch (part[k]) {
    case TRY:
        return fric__sentence(buf, size, "fit.phase_try", "try {attempt} of {attempts}",
                              fric__values(fric__i("attempt", p->attempt), fric__i("attempts", p->attempts)));
    case STAGE:
        return fric__sentence(buf, size, "fit.phase_stage", "stage {stage} of {stages}: M{model}",
                              fric__values(fric__i("stage", p->stage), fric__i("stages", p->stages),
                                           fric__i("model", p->stage_model)));
    case RACER:
        if (p->racing)
            return fric__sentence(buf, size, "fit.phase_racer", "racer {racer} of {racers}",
                                  fric__values(fric__i("racer", p->racer), fric__i("racers", FRIC_FIT_RACERS)));
        return fric__sentence(buf, size, "fit.phase_racer_continued", "racer {racer} continued",
                              fric__values(fric__i("racer", p->racer)));
    case RUN:
    default:
        if (p->run > 0)
            return fric__sentence(buf, size, "fit.phase_restart", "restart {run}",
                                  fric__values(fric__i("run", p->run)));
        return fric__sentence(buf, size, "fit.phase_first", "first run", fric__no_values);
    }
}

size_t fric_fit_progress_phase(const fric_fit_progress *p, char *buf, size_t size)
{
    char all[256] = "", part[96];
    size_t len = 0;
    for (int k = 0; fric_fit_progress_phase_part(p, k, part, sizeof part) > 0; k++) {
        int n = snprintf(all + len, sizeof all - len, "%s%s", k ? ", " : "", part);
        if (n < 0 || (size_t)n >= sizeof all - len) break;
        len += (size_t)n;
    }
    int n = snprintf(buf, buf ? size : 0, "%s", all);
    return n < 0 ? 0 : (size_t)n;
}

void fric_fit_stop(fric_fit *f)
{
    f->stopped = 1;
    if (f->tries > 1)
        for (int k = 0; k < f->tries; k++) fric_fit_stop(f->tv[k]);
    for (int k = 0; k < f->racers; k++) fric_cmaes_stop(f->racer[k]);
    if (f->sub) fric_fit_stop(f->sub);
    if (f->asked == 0 && !f->prog.done) f->prog.done = FRIC_CMAES_STOPPED;
}

const fric_fit_progress *fric_fit_get_progress(const fric_fit *f)
{
    return &f->prog;
}

const fric_fit_def *fric__fit_def(const fric_fit *f)
{
    return &f->d;
}

void fric__fit_set_best_loss(fric_fit *f, double loss)
{
    f->prog.best_loss = loss;
}
