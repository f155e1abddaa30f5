/*
 * fit_run.c (native only): the ask / evaluate / tell loop of fric_fit, and
 * the native fitter's (fric_native_fit_run), with POSIX threads. A pool of T
 * threads (the caller's thread is number 0) is
 * created once per call; each thread owns its lanes and its per-log MAE
 * buffer. Per generation, the threads take the candidates one at a time
 * from an atomic counter (so a thread slowed down by another process, or
 * cheap diverged candidates, do not leave the others idle) and write
 * loss[i]; the caller's thread waits for all (a mutex and two condition
 * variables: a generation counter to start, a count of pending workers to
 * finish), tells the losses and calls on_gen.
 *
 * The pool is one piece for both fits: what a thread does with its
 * candidates is the fit's scorer. The candidates are scored FRIC__FIT_GROUP
 * at a time; fric_fit's by fric_fit_losses_fast
 * (the multi-lane kernel: candidates × logs as vector lanes). Each loss
 * depends only on (target, p, batch), never on the thread or the group, so
 * the losses, and hence every later ask, are the same bits whatever T is
 * and whoever scored what. At the end the best candidate's loss is
 * rescored with the exact path (fric_fit_loss, what `friction replay`
 * scores): progress.best_loss is that exact loss. The native fitter's
 * scorer (fric__native_score) is already its replay's, bit for bit.
 */
#define _POSIX_C_SOURCE 200809L

#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fit_internal.h"
#include "base.h"

typedef struct run_shared run_shared;

/* Scores candidates [first, first + count) of the generation, on thread `worker`. */
typedef void (*run_score_fn)(void *ctx, int worker, int first, int count);

typedef struct {
    run_shared *sh;
    int id;                     /* 0: the caller's thread                    */
    pthread_t th;
} run_worker;

struct run_shared {
    run_score_fn score;
    void *ctx;
    atomic_int next;            /* the next candidate to score                */
    /* guarded by mu */
    pthread_mutex_t mu;
    pthread_cond_t go, done;
    long gen;                   /* generations handed out                     */
    int k;                      /* candidates of the current generation       */
    int pending;                /* workers still scoring it                   */
    int quit;                   /* 1: workers return                          */
};

/* The pool: T workers (w[0] the caller's thread), started ones joined at close. */
typedef struct {
    run_shared sh;
    run_worker *w;
    int started, sync;
} run_pool;

static void score_share(const run_worker *w)
{
    run_shared *sh = w->sh;
    for (int i; (i = atomic_fetch_add(&sh->next, FRIC__FIT_GROUP)) < sh->k;)
        sh->score(sh->ctx, w->id, i, sh->k - i < FRIC__FIT_GROUP ? sh->k - i : FRIC__FIT_GROUP);
}

static void *worker_main(void *arg)
{
    run_worker *w = arg;
    run_shared *sh = w->sh;
    long seen = 0;
    for (;;) {
        pthread_mutex_lock(&sh->mu);
        while (sh->gen == seen && !sh->quit) pthread_cond_wait(&sh->go, &sh->mu);
        int quit = sh->quit;
        seen = sh->gen;
        pthread_mutex_unlock(&sh->mu);
        if (quit) return NULL;
        score_share(w);
        pthread_mutex_lock(&sh->mu);
        if (--sh->pending == 0) pthread_cond_signal(&sh->done);
        pthread_mutex_unlock(&sh->mu);
    }
}

/* threads as asked (0: every online core), at most lmax (more would idle). */
static int run_threads(int threads, int lmax)
{
    if (threads == 0) {
        long c = sysconf(_SC_NPROCESSORS_ONLN);
        threads = c >= 1 ? (int)(c < 1024 ? c : 1024) : 1;
    }
    return threads < lmax ? threads : lmax;
}

/* Opens the pool of T threads scoring with score(ctx, ...) a batch of N logs:
 * NULL, or the sentence (the status recorded); close it either way. */
static const char *pool_open(run_pool *p, int T, size_t N, run_score_fn score, void *ctx)
{
    memset(p, 0, sizeof *p);
    p->sh.score = score;
    p->sh.ctx = ctx;
    atomic_init(&p->sh.next, 0);
    p->w = calloc((size_t)T, sizeof *p->w);
    if (!p->w)
        return fric__fail_id(FRIC_E_NO_MEMORY, -1, "fit.out_memory_threads",
                "fit run: out of memory for {t} threads of {n} logs.",
                fric__values(fric__i("t", T), fric__u("n", N)));
    if (pthread_mutex_init(&p->sh.mu, NULL) || (p->sync = 1, pthread_cond_init(&p->sh.go, NULL))
        || (p->sync = 2, pthread_cond_init(&p->sh.done, NULL)))
        return fric__fail_id(FRIC_E_UNSUPPORTED, -1, "fit.cannot_create_threads",
                "fit run: cannot create the threads' mutex and condition variables.",
                fric__no_values);
    p->sync = 3;
    for (int t = 0; t < T; t++) {
        p->w[t] = (run_worker){ .sh = &p->sh, .id = t };
        if (t == 0) continue;
        if (pthread_create(&p->w[t].th, NULL, worker_main, &p->w[t]))
            return fric__fail_id(FRIC_E_UNSUPPORTED, -1, "fit.cannot_start_thread",
                    "fit run: cannot start thread {t} of {t2}; use fewer threads.",
                    fric__values(fric__i("t", t + 1), fric__i("t2", T)));
        p->started++;
    }
    return NULL;
}

/* Scores candidates [0, k) on every thread of the pool; returns when all are. */
static void pool_score(run_pool *p, int k)
{
    run_shared *sh = &p->sh;
    pthread_mutex_lock(&sh->mu);
    sh->k = k;
    atomic_store(&sh->next, 0);
    sh->pending = p->started;
    sh->gen++;
    pthread_cond_broadcast(&sh->go);
    pthread_mutex_unlock(&sh->mu);
    score_share(&p->w[0]);
    pthread_mutex_lock(&sh->mu);
    while (sh->pending > 0) pthread_cond_wait(&sh->done, &sh->mu);
    pthread_mutex_unlock(&sh->mu);
}

static void pool_close(run_pool *p)
{
    run_shared *sh = &p->sh;
    if (p->started > 0) {
        pthread_mutex_lock(&sh->mu);
        sh->quit = 1;
        pthread_cond_broadcast(&sh->go);
        pthread_mutex_unlock(&sh->mu);
        for (int t = 1; t <= p->started; t++) pthread_join(p->w[t].th, NULL);
    }
    if (p->sync >= 3) pthread_cond_destroy(&sh->done);
    if (p->sync >= 2) pthread_cond_destroy(&sh->go);
    if (p->sync >= 1) pthread_mutex_destroy(&sh->mu);
    free(p->w);
}

/* A run's refusal m (NULL: none) of threads, or m itself: into *why, 1 when refused. */
static int run_refused(const char *m, int threads, const char **why)
{
    if (!m && threads < 0)
        m = fric__fail_id(FRIC_E_PARAM_RANGE, -1, "fit.threads_give_every",
                "fit run: threads = {threads}; give >= 1, or 0 for every online core.",
                fric__values(fric__i("threads", threads)));
    if (m && why) *why = m;
    return m != NULL;
}

/* fric_fit's scorer: each thread its lanes and per-log MAE buffer. */
typedef struct {
    const fric_fit_target *target;
    const fric_fit_batch *train;
    const double *P;            /* [k·FRIC_FIT_N] candidates                  */
    double *loss;               /* [k]                                        */
    fric_bench_lane *lanes;     /* [T·logs]                                   */
    double *mae;                /* [T·FRIC__FIT_GROUP·logs]                   */
} fit_scorer;

static void fit_score(void *ctx, int worker, int first, int count)
{
    fit_scorer *s = ctx;
    size_t N = s->train->logs;
    fric_fit_losses_fast(s->target, s->P + (size_t)first * FRIC_FIT_N, count, s->train,
                         s->lanes + N * (size_t)worker, s->mae + N * FRIC__FIT_GROUP * (size_t)worker,
                         s->loss + first);
}

int fric_fit_run(fric_fit *f, int threads, int (*on_gen)(const fric_fit_progress *, void *),
                 void *user, const char **why)
{
    if (run_refused(f ? NULL : fric__fail_id(FRIC_E_NULL, -1, "fit.f_given", "fit run: f must be given.",
                                             fric__no_values), threads, why))
        return -1;
    const char *m = NULL;
    const fric_fit_def *d = fric__fit_def(f);
    int lmax = fric_fit_lambda_max(f);
    int T = run_threads(threads, lmax);
    size_t N = d->train->logs;
    fit_scorer sc = { .target = &d->target, .train = d->train };
    sc.lanes = malloc(sizeof *sc.lanes * N * (size_t)T);
    sc.mae = malloc(sizeof *sc.mae * N * FRIC__FIT_GROUP * (size_t)T);
    double *P = malloc(sizeof *P * FRIC_FIT_N * (size_t)lmax);
    double *loss = malloc(sizeof *loss * (size_t)lmax);
    sc.P = P;
    sc.loss = loss;
    run_pool pool;
    int opened = 0;
    if (!sc.lanes || !sc.mae || !P || !loss)
        m = fric__fail_id(FRIC_E_NO_MEMORY, -1, "fit.out_memory_threads",
                "fit run: out of memory for {t} threads of {n} logs.",
                fric__values(fric__i("t", T), fric__u("n", N)));
    else opened = 1, m = pool_open(&pool, T, N, fit_score, &sc);
    int rc = -1;
    if (!m) {
        for (;;) {
            int k = fric_fit_ask(f, P, lmax);
            if (k <= 0) break;
            pool_score(&pool, k);
            fric_fit_tell(f, loss);
            if (on_gen && on_gen(fric_fit_get_progress(f), user)) fric_fit_stop(f);
        }
        rc = fric_fit_get_progress(f)->done;
        /* the loss the fit reports: the best candidate rescored exactly */
        const fric_fit_progress *g = fric_fit_get_progress(f);
        if (isfinite(g->best_loss))
            fric__fit_set_best_loss(f, fric_fit_loss(&d->target, g->best, d->train, sc.lanes, sc.mae));
    }
    if (opened) pool_close(&pool);
    free(sc.lanes);
    free(sc.mae);
    free(P);
    free(loss);
    if (why) *why = m ? m : "";
    return m ? -1 : rc;
}

/* The native fitter's scorer: its own buffers, disjoint per candidate. */
static void native_score(void *ctx, int worker, int first, int count)
{
    (void)worker;
    fric__native_score(ctx, first, count);
}

int fric_native_fit_run(fric_native_fitter *f, int threads,
                        int (*on_gen)(const fric_native_fit_progress *, void *), void *user,
                        const char **why)
{
    if (run_refused(f ? NULL : fric__fail_id(FRIC_E_NULL, -1, "fit.native_fitter_given",
                                             "native fit step: the fitter must be given.", fric__no_values),
                    threads, why))
        return -1;
    run_pool pool;
    const char *m = pool_open(&pool, run_threads(threads, fric__native_lambda_max(f)), fric__native_logs(f), native_score, f);
    if (!m && !fric_native_fitter_progress(f)->done)
        for (;;) {
            int k = fric__native_ask(f);
            if (k <= 0) break;
            pool_score(&pool, k);
            int done = fric__native_tell(f, k);
            int stop = on_gen && on_gen(fric_native_fitter_progress(f), user);
            if (done) break;
            if (stop) fric_native_fitter_stop(f);
        }
    pool_close(&pool);
    if (why) *why = m ? m : "";
    return m ? -1 : fric_native_fitter_progress(f)->done;
}
