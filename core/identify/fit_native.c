/*
 * fit_native.c: the fit of MuJoCo's native joint (fric_native.h): CMA-ES
 * (fric_cmaes.h) in the unit box of the fitted keys, the loss the mean of
 * the logs' replay MAEs through the native batch kernel; the sensitivity
 * ranges by fric_fit_sensitivity (the reference's scan) over those keys.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fric_cmaes.h"
#include "fric_fit.h"
#include "fric_native.h"
#include "base.h"
#include "fit_internal.h"

/* The slots of the fitted keys (FRIC_NATIVE_FIT_LIST's order): NATIVE_AT_kp, ... */
enum {
#define AT(key, field, lo_, hi_) NATIVE_AT_##field,
    FRIC_NATIVE_FIT_LIST(AT)
#undef AT
    NATIVE_AT_N
};
_Static_assert(NATIVE_AT_N == FRIC_NATIVE_FIT_N && FRIC_NATIVE_FIT_N <= FRIC_FIT_N,
               "FRIC_NATIVE_FIT_N counts FRIC_NATIVE_FIT_LIST, and a fit space holds the native keys");

void fric_native_fit_space_default(const char *actuator, fric_native_fit_space *s)
{
    int i = 0;
    memset(s, 0, sizeof *s);   /* every key searched */
#define BOX(key, field, lo_, hi_) s->lo[i] = lo_, s->hi[i] = hi_, i++;
    FRIC_NATIVE_FIT_LIST(BOX)
#undef BOX
    /* q_offset: the M-models' box of this actuator (one table, fit_space.c) */
    fric_fit_space m;
    const char *a = actuator ? fric_bench_actuator_resolve(actuator) : NULL;
    if (a && fric_fit_param_applies(a, 1, FRIC_FIT_Q_OFFSET) && !fric_fit_space_default(a, 1, &m, NULL)) {
        s->lo[NATIVE_AT_q_offset] = m.lo[FRIC_FIT_Q_OFFSET];
        s->hi[NATIVE_AT_q_offset] = m.hi[FRIC_FIT_Q_OFFSET];
    }
}

int fric_native_fit_space_free_count(const fric_native_fit_space *s)
{
    int n = 0;
    for (int i = 0; i < FRIC_NATIVE_FIT_N; i++) n += !s->held[i];
    return n;
}

/* The native box as a fit space (fric_fit.h) with the native keys in its
 * first slots, a held key held there (free_ = 0 at its value): the M-models'
 * scale and decoding (fric_fit_space_decode: log when lo > 0, else uniform;
 * x holds the free keys only, in order) for the native fit, its start and its
 * sensitivity (fit_internal.h). */
void fric__native_fs(const fric_native_fit_space *s, fric_fit_space *fs)
{
    memset(fs, 0, sizeof *fs);
    for (int i = 0; i < FRIC_NATIVE_FIT_N; i++) {
        fs->lo[i] = s->lo[i];
        fs->hi[i] = s->hi[i];
        fs->free_[i] = !s->held[i];
        fs->value[i] = s->held[i] ? s->value[i] : 0;
    }
}

/* The fitted values v[FRIC_NATIVE_FIT_N] at the unit-box point x of the free keys
 * (x NULL: the centre, 0.5). */
static void native_decode(const fric_fit_space *fs, const double *x, double *v)
{
    double c[FRIC_NATIVE_FIT_N], p[FRIC_FIT_N];
    for (int i = 0; !x && i < FRIC_NATIVE_FIT_N; i++) c[i] = 0.5;
    fric_fit_space_decode(fs, x ? x : c, p);
    memcpy(v, p, FRIC_NATIVE_FIT_N * sizeof *v);
}

const char *fric_native_fit_key(int i)
{
    static const char *const keys[] = {
#define KEY(key, field, lo_, hi_) key,
        FRIC_NATIVE_FIT_LIST(KEY)
#undef KEY
    };
    return i >= 0 && i < FRIC_NATIVE_FIT_N ? keys[i] : NULL;
}

void fric_native_fit_apply(const fric_native_params *base, const double *v, fric_native_params *p)
{
    *p = *base;
    int i = 0;
#define SET(key, field, lo_, hi_) p->field = v[i++];
    FRIC_NATIVE_FIT_LIST(SET)
#undef SET
    p->forcerange_lo = p->forcerange_hi != 0 ? -p->forcerange_hi : 0.0;   /* no limit: 0, not −0 */
}

void fric_native_fit_values(const fric_native_params *p, double *v)
{
    int i = 0;
#define GET(key, field, lo_, hi_) v[i++] = p->field;
    FRIC_NATIVE_FIT_LIST(GET)
#undef GET
}

void fric_native_fit_start(const fric_servo_actuator *act, const fric_native_fit_space *s, fric_native_params *p)
{
    fric_native_params_default(p, act);
    fric_fit_space fs;
    fric__native_fs(s, &fs);
    double v[FRIC_NATIVE_FIT_N];
    native_decode(&fs, NULL, v);   /* the centre of the box */
    fric_native_fit_apply(p, v, p);
}

double fric_native_loss(const fric_bench_batch *b, const fric_native_params *p, double *mae)
{
    double local[FRIC_FIT_MAX_LOGS];
    double *m = mae ? mae : local;
    if (b->logs > FRIC_FIT_MAX_LOGS || fric_native_batch_mae_lanes(b, p, 1, FRIC_BENCH_LANES_AUTO, m, NULL, NULL))
        return INFINITY;
    double sum = 0;
    for (size_t i = 0; i < b->logs; i++) sum += isnan(m[i]) ? INFINITY : m[i];
    return sum / (double)b->logs;
}

/* The stepped fit's state: the search, the box and the start it maps
 * from, the batch, and the buffers of one generation (λ_max candidates). */
struct fric_native_fitter {
    const fric_bench_batch *b;    /* the logs, or NULL: loss(ctx, set) scores */
    fric__native_loss_fn loss;
    void *ctx;
    fric_fit_space fs;            /* the box as a fit space (native_fs)        */
    fric_native_params start;
    fric_cmaes *es;
    int n;                        /* the free keys (not held): CMA-ES's dimension */
    int cap;                      /* λ_max: rows of X, f, P                   */
    double *X;                    /* [cap·n] unit-box points                  */
    double *f;                    /* [cap] losses [rad]                       */
    fric_native_params *P;        /* [cap] the sets they map to               */
    double *mae;                  /* [cap·logs] [rad]                         */
    fric_native_fit_progress prog;
};

static const char *refuse_null(void)
{
    return fric__fail_id(FRIC_E_NULL, -1, "fit.batch_start_box",
            "native fit: the batch, the start, the box, best and loss must be given.",
            fric__no_values);
}

fric_native_fitter *fric_native_fitter_create(const fric_bench_batch *b, const fric_native_params *start,
                                              const fric_native_fit_space *s, long budget, uint64_t seed,
                                              const char **why)
{
    if (!b) {
        fric__why(why, refuse_null());
        return NULL;
    }
    return fric__native_fitter_create(b, NULL, NULL, start, s, budget, seed, why);
}

fric_native_fitter *fric__native_fitter_create(const fric_bench_batch *b, fric__native_loss_fn loss, void *ctx,
                                               const fric_native_params *start, const fric_native_fit_space *s,
                                               long budget, uint64_t seed, const char **why)
{
    const char *m = NULL;
    if ((!b && !loss) || !start || !s) m = refuse_null();
    double x0[FRIC_NATIVE_FIT_N], v[FRIC_NATIVE_FIT_N];
    fric_fit_space fs;
    if (!m) {
        fric__native_fs(s, &fs);
        fric_native_fit_values(start, v);
        for (int i = 0; i < FRIC_NATIVE_FIT_N && !m; i++) {
            if (s->held[i]) {   /* out of the search: its value, not its box */
                v[i] = s->value[i];
                continue;
            }
            /* q_offset may be negative (a uniform scale); the others' boxes are log scales */
            if (i == NATIVE_AT_q_offset ? !(s->hi[i] > s->lo[i]) || !isfinite(s->lo[i]) || !isfinite(s->hi[i])
                                        : !(s->hi[i] > s->lo[i]) || !(s->lo[i] > 0) || !isfinite(s->hi[i]))
                m = i == NATIVE_AT_q_offset
                    ? fric__say_id("fit.box_finite_signed",
                        "native fit: the box of {i} [{lo}, {hi}] must be finite with lo < hi.",
                        fric__values(fric__s("i", fric_native_fit_key(i)), fric__g("lo", s->lo[i]),
                                     fric__g("hi", s->hi[i])))
                    : fric__say_id("fit.box_finite_lo",
                        "native fit: the box of {i} [{lo}, {hi}] must be finite with 0 < lo < hi (a"
                        " log scale).",
                        fric__values(fric__s("i", fric_native_fit_key(i)), fric__g("lo", s->lo[i]),
                                     fric__g("hi", s->hi[i])));
            else if (!(v[i] >= s->lo[i] && v[i] <= s->hi[i]))
                m = fric__say_id("fit.start_s_lies",
                        "native fit: the start's {i} = {v} lies outside its box [{lo}, {hi}].",
                        fric__values(fric__s("i", fric_native_fit_key(i)), fric__g("v", v[i]),
                                     fric__g("lo", s->lo[i]), fric__g("hi", s->hi[i])));
        }
    }
    int n = 0;
    if (!m) {
        double p[FRIC_FIT_N] = { 0 };
        memcpy(p, v, sizeof v);
        fric_fit_space_encode(&fs, p, x0);   /* the free keys' start in the box: nothing clamped */
        n = fric_native_fit_space_free_count(s);
    }
    if (!m && b && b->logs > FRIC_FIT_MAX_LOGS)
        m = fric__fail_id(FRIC_E_WORK_LIMIT, -1, "fit.logs_most",
                "native fit: {logs} logs; at most {fit_max_logs}.",
                fric__values(fric__u("logs", b->logs), fric__i("fit_max_logs", FRIC_FIT_MAX_LOGS)));
    if (!m && !b) {
        /* the start must be a set the loss takes */
        fric_native_params p0;
        fric_native_fit_apply(start, v, &p0);
        if (fric_native_check(&p0)) m = fric_status_last().message;
    } else if (!m) {
        /* the start must be a set every log's bench takes */
        fric_native_params p0;
        fric_native_fit_apply(start, v, &p0);
        const char *w = NULL;
        double *mae = malloc(b->logs * sizeof *mae);
        if (!mae) m = fric__fail_id(FRIC_E_NO_MEMORY, -1, "fit.out_memory_4",
                          "native fit: out of memory.",
                          fric__no_values);
        else if (fric_native_batch_mae_lanes(b, &p0, 1, FRIC_BENCH_LANES_AUTO, mae, NULL, &w)) m = w ? w : "";
        free(mae);
    }
    fric_cmaes *es = NULL;
    if (!m) {
        fric_cmaes_def d = { .n = n, .sigma0 = 0.3, .x0 = x0, .box = 1, .budget = budget,
                             .restarts = 2, .seed = seed };
        const char *w = NULL;
        es = fric_cmaes_create(&d, &w);
        if (!es) m = w ? w : fric_status_last().message;
    }
    if (m) {
        if (why) *why = m;
        return NULL;
    }
    int cap = fric_cmaes_lambda_max(es);
    fric_native_fitter *f = calloc(1, sizeof *f);
    if (f) {
        f->X = malloc((size_t)cap * (size_t)n * sizeof *f->X);
        f->f = malloc((size_t)cap * sizeof *f->f);
        f->P = malloc((size_t)cap * sizeof *f->P);
        f->mae = malloc((size_t)cap * (b ? b->logs : 1) * sizeof *f->mae);
    }
    if (!f || !f->X || !f->f || !f->P || !f->mae) {
        if (f) free(f->X), free(f->f), free(f->P), free(f->mae);
        free(f);
        fric_cmaes_destroy(es);
        fric__why(why, fric__fail_id(FRIC_E_NO_MEMORY, -1, "fit.out_memory_5",
                           "native fit: out of memory.",
                           fric__no_values));
        return NULL;
    }
    f->b = b;
    f->loss = loss;
    f->ctx = ctx;
    f->fs = fs;
    f->start = *start;
    f->es = es;
    f->n = n;
    f->cap = cap;
    f->prog = (fric_native_fit_progress){ .budget = budget, .best_loss = INFINITY, .gen_best_loss = INFINITY,
                                          .sigma = fric_cmaes_get_info(es)->sigma, .best = *start };
    if (why) *why = "";
    return f;
}

int fric__native_ask(fric_native_fitter *f)
{
    int lam = fric_cmaes_ask(f->es, f->X, f->cap);
    if (lam <= 0) {
        f->prog.done = fric_cmaes_get_info(f->es)->stop;   /* stopped before this generation */
        return 0;
    }
    double v[FRIC_NATIVE_FIT_N];
    for (int c = 0; c < lam; c++) {
        native_decode(&f->fs, f->X + (size_t)c * (size_t)f->n, v);
        fric_native_fit_apply(&f->start, v, &f->P[c]);
    }
    return lam;
}

void fric__native_score(fric_native_fitter *f, int first, int count)
{
    if (!f->b) {
        f->loss(f->ctx, f->P + first, count, f->f + first);
        for (int c = first; c < first + count; c++)
            if (isnan(f->f[c])) f->f[c] = INFINITY;
        return;
    }
    const size_t L = f->b->logs;
    double *mae = f->mae + (size_t)first * L, *loss = f->f + first;
    if (fric_native_batch_mae_lanes(f->b, f->P + first, (size_t)count, FRIC_BENCH_LANES_AUTO, mae, NULL, NULL)) {
        for (int c = 0; c < count; c++) loss[c] = INFINITY;   /* the box keeps every set valid */
        return;
    }
    for (int c = 0; c < count; c++) {
        double sum = 0;
        for (size_t i = 0; i < L; i++) sum += isnan(mae[c * L + i]) ? INFINITY : mae[c * L + i];
        loss[c] = sum / (double)L;
    }
}

int fric__native_tell(fric_native_fitter *f, int lam)
{
    fric_native_fit_progress *g = &f->prog;
    double gen_best = INFINITY;
    for (int c = 0; c < lam; c++) {
        if (f->f[c] < gen_best) gen_best = f->f[c];
        if (f->f[c] < g->best_loss) g->best_loss = f->f[c], g->best = f->P[c];
    }
    fric_cmaes_tell(f->es, f->f);
    const fric_cmaes_info *in = fric_cmaes_get_info(f->es);
    g->generation = in->generation;
    g->run = in->run;
    g->lambda = lam;
    g->evals = in->evals;
    g->gen_best_loss = gen_best;
    g->sigma = in->sigma;
    return g->done = in->stop;
}

int fric__native_lambda_max(const fric_native_fitter *f)
{
    return f->cap;
}

size_t fric__native_logs(const fric_native_fitter *f)
{
    return f->b ? f->b->logs : 1;
}

int fric_native_fitter_step(fric_native_fitter *f)
{
    if (!f) {
        fric__fail_id(FRIC_E_NULL, -1, "fit.native_fitter_given",
                "native fit step: the fitter must be given.",
                fric__no_values);
        return -1;
    }
    if (f->prog.done) return f->prog.done;
    int lam = fric__native_ask(f);
    if (lam <= 0) return f->prog.done;
    /* in the groups fric_native_fit_run's threads take: the same losses (a
       loss of the caller's takes the generation at once) */
    const int group = f->b ? FRIC__FIT_GROUP : lam;
    for (int i = 0; i < lam; i += group) fric__native_score(f, i, lam - i < group ? lam - i : group);
    return fric__native_tell(f, lam);
}

void fric_native_fitter_stop(fric_native_fitter *f)
{
    if (f) fric_cmaes_stop(f->es);
}

const fric_native_fit_progress *fric_native_fitter_progress(const fric_native_fitter *f)
{
    return f ? &f->prog : NULL;
}

void fric_native_fitter_destroy(fric_native_fitter *f)
{
    if (!f) return;
    fric_cmaes_destroy(f->es);
    free(f->X), free(f->f), free(f->P), free(f->mae);
    free(f);
}

fric_status fric_native_fit(const fric_bench_batch *b, const fric_native_params *start, const fric_native_fit_space *s,
                            long budget, uint64_t seed, fric_native_params *best, double *loss, long *evals,
                            const char **why)
{
    if (!best || !loss) {
        fric__why(why, refuse_null());
        return FRIC_E_NULL;
    }
    fric_native_fitter *f = fric_native_fitter_create(b, start, s, budget, seed, why);
    if (!f) return fric__rc();
    while (fric_native_fitter_step(f) == 0) continue;
    const fric_native_fit_progress *g = fric_native_fitter_progress(f);
    if (evals) *evals = g->evals;
    *best = g->best;
    *loss = g->best_loss;
    fric_native_fitter_destroy(f);
    if (why) *why = "";
    return FRIC_OK;
}

/* fric_fit_sensitivity's loss over the fitted keys in p[0 .. FRIC_NATIVE_FIT_N). */
typedef struct {
    const fric_bench_batch *b;
    const fric_native_params *base;
} native_sens_ctx;

static double native_sens_loss(void *ctx, const double *p)
{
    const native_sens_ctx *c = ctx;
    fric_native_params q;
    fric_native_fit_apply(c->base, p, &q);
    return fric_native_loss(c->b, &q, NULL);
}

fric_status fric_native_sensitivity(const fric_bench_batch *b, const fric_native_params *p,
                                    const fric_native_fit_space *s, double tolerance, double *base,
                                    double lower[FRIC_NATIVE_FIT_N], double upper[FRIC_NATIVE_FIT_N],
                                    int lower_clamped[FRIC_NATIVE_FIT_N], int upper_clamped[FRIC_NATIVE_FIT_N],
                                    const char **why)
{
    if (!b || !p || !s || !lower || !upper || !lower_clamped || !upper_clamped) {
        fric__why(why, fric__fail_id(FRIC_E_NULL, -1, "fit.batch_set_box",
                           "native sensitivity: the batch, the set, the box and the outputs must be"
                           " given.",
                           fric__no_values));
        return FRIC_E_NULL;
    }
    /* the fit's space with the native keys in its first slots, the rest held */
    fric_fit_space fs;
    fric__native_fs(s, &fs);
    double x[FRIC_FIT_N] = { 0 };
    fric_native_fit_values(p, x);
    native_sens_ctx ctx = { b, p };
    fric_fit_range r[FRIC_FIT_N];
    if (fric_fit_sensitivity(&fs, x, tolerance, native_sens_loss, &ctx, base, r, why)) return fric__rc();
    for (int i = 0; i < FRIC_NATIVE_FIT_N; i++) {
        lower[i] = r[i].lower;
        upper[i] = r[i].upper;
        lower_clamped[i] = r[i].lower_clamped;
        upper_clamped[i] = r[i].upper_clamped;
    }
    return FRIC_OK;
}
