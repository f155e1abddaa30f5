/*
 * fit_run.c (native only): the ask / evaluate / tell loop of fric_fit with
 * POSIX threads. A pool of T threads (the caller's thread is number 0) is
 * created once per call; each thread owns its lanes and its per-log MAE
 * buffer. Per generation, the threads take the candidates one at a time
 * from an atomic counter (so a thread slowed down by another process, or
 * cheap diverged candidates, do not leave the others idle) and write
 * loss[i]; the caller's thread waits for all (a mutex and two condition
 * variables: a generation counter to start, a count of pending workers to
 * finish), tells the losses and calls on_gen.
 *
 * The candidates are scored FIT_GROUP at a time by fric_fit_losses_fast
 * (the multi-lane kernel: candidates × logs as vector lanes). Each loss
 * depends only on (target, p, batch), never on the thread or the group, so
 * the losses, and hence every later ask, are the same bits whatever T is
 * and whoever scored what. At the end the best candidate's loss is
 * rescored with the exact path (fric_fit_loss, what `friction replay`
 * scores): progress.best_loss is that exact loss.
 */
#define _POSIX_C_SOURCE 200809L

#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <unistd.h>

#include "fit_internal.h"
#include "base.h"

typedef struct run_shared run_shared;

typedef struct {
    run_shared *sh;
    fric_bench_lane *lanes;     /* [logs]                                     */
    double *mae;                /* [FIT_GROUP·logs]                           */
    pthread_t th;
} run_worker;

struct run_shared {
    const fric_fit_target *target;
    const fric_fit_batch *train;
    const double *P;            /* [k·FRIC_FIT_N] candidates                  */
    double *loss;               /* [k]                                        */
    atomic_int next;            /* the next candidate to score                */
    /* guarded by mu */
    pthread_mutex_t mu;
    pthread_cond_t go, done;
    long gen;                   /* generations handed out                     */
    int k;                      /* candidates of the current generation       */
    int pending;                /* workers still scoring it                   */
    int quit;                   /* 1: workers return                          */
};

/* candidates a thread takes at once: two, so that small generations still
 * spread over the threads (one candidate on 8 logs already fills two AVX2
 * vectors; more per call did not run faster, docs/performance.md) */
#define FIT_GROUP 2

static void score_share(const run_worker *w)
{
    run_shared *sh = w->sh;
    for (int i; (i = atomic_fetch_add(&sh->next, FIT_GROUP)) < sh->k;) {
        int c = sh->k - i < FIT_GROUP ? sh->k - i : FIT_GROUP;
        fric_fit_losses_fast(sh->target, sh->P + (size_t)i * FRIC_FIT_N, c, sh->train, w->lanes,
                             w->mae, sh->loss + i);
    }
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

int fric_fit_run(fric_fit *f, int threads, int (*on_gen)(const fric_fit_progress *, void *),
                 void *user, const char **why)
{
    const char *m = NULL;
    if (!f) m = fric__fail_id(FRIC_E_NULL, -1, "fit.f_given",
                    "fit run: f must be given.",
                    fric__no_values);
    else if (threads < 0)
        m = fric__fail_id(FRIC_E_PARAM_RANGE, -1, "fit.threads_give_every",
                "fit run: threads = {threads}; give >= 1, or 0 for every online core.",
                fric__values(fric__i("threads", threads)));
    if (m) {
        if (why) *why = m;
        return -1;
    }
    if (threads == 0) {
        long c = sysconf(_SC_NPROCESSORS_ONLN);
        threads = c >= 1 ? (int)(c < 1024 ? c : 1024) : 1;
    }
    const fric_fit_def *d = fric__fit_def(f);
    int lmax = fric_fit_lambda_max(f);
    int T = threads < lmax ? threads : lmax;   /* more would idle */
    size_t N = d->train->logs;
    run_shared sh = { .target = &d->target, .train = d->train };
    atomic_init(&sh.next, 0);
    run_worker *w = calloc((size_t)T, sizeof *w);
    fric_bench_lane *lanes = malloc(sizeof *lanes * N * (size_t)T);
    double *mae = malloc(sizeof *mae * N * FIT_GROUP * (size_t)T);
    double *P = malloc(sizeof *P * FRIC_FIT_N * (size_t)lmax);
    double *loss = malloc(sizeof *loss * (size_t)lmax);
    int started = 0, sync = 0;
    if (!w || !lanes || !mae || !P || !loss)
        m = fric__fail_id(FRIC_E_NO_MEMORY, -1, "fit.out_memory_threads",
                "fit run: out of memory for {t} threads of {n} logs.",
                fric__values(fric__i("t", T), fric__u("n", N)));
    else if (pthread_mutex_init(&sh.mu, NULL) || (sync = 1, pthread_cond_init(&sh.go, NULL))
             || (sync = 2, pthread_cond_init(&sh.done, NULL)))
        m = fric__fail_id(FRIC_E_UNSUPPORTED, -1, "fit.cannot_create_threads",
                "fit run: cannot create the threads' mutex and condition variables.",
                fric__no_values);
    else sync = 3;
    sh.P = P;
    sh.loss = loss;
    for (int t = 0; !m && t < T; t++) {
        w[t] = (run_worker){ .sh = &sh, .lanes = lanes + N * (size_t)t,
                             .mae = mae + N * FIT_GROUP * (size_t)t };
        if (t == 0) continue;
        if (pthread_create(&w[t].th, NULL, worker_main, &w[t]))
            m = fric__fail_id(FRIC_E_UNSUPPORTED, -1, "fit.cannot_start_thread",
                    "fit run: cannot start thread {t} of {t2}; use fewer threads.",
                    fric__values(fric__i("t", t + 1), fric__i("t2", T)));
        else started++;
    }
    int rc = -1;
    if (!m) {
        for (;;) {
            int k = fric_fit_ask(f, P, lmax);
            if (k <= 0) break;
            pthread_mutex_lock(&sh.mu);
            sh.k = k;
            atomic_store(&sh.next, 0);
            sh.pending = started;
            sh.gen++;
            pthread_cond_broadcast(&sh.go);
            pthread_mutex_unlock(&sh.mu);
            score_share(&w[0]);
            pthread_mutex_lock(&sh.mu);
            while (sh.pending > 0) pthread_cond_wait(&sh.done, &sh.mu);
            pthread_mutex_unlock(&sh.mu);
            fric_fit_tell(f, loss);
            if (on_gen && on_gen(fric_fit_get_progress(f), user)) fric_fit_stop(f);
        }
        rc = fric_fit_get_progress(f)->done;
        /* the loss the fit reports: the best candidate rescored exactly */
        const fric_fit_progress *g = fric_fit_get_progress(f);
        if (isfinite(g->best_loss))
            fric__fit_set_best_loss(f, fric_fit_loss(&d->target, g->best, d->train, lanes, mae));
    }
    if (started > 0) {
        pthread_mutex_lock(&sh.mu);
        sh.quit = 1;
        pthread_cond_broadcast(&sh.go);
        pthread_mutex_unlock(&sh.mu);
        for (int t = 1; t <= started; t++) pthread_join(w[t].th, NULL);
    }
    if (sync >= 3) pthread_cond_destroy(&sh.done);
    if (sync >= 2) pthread_cond_destroy(&sh.go);
    if (sync >= 1) pthread_mutex_destroy(&sh.mu);
    free(w);
    free(lanes);
    free(mae);
    free(P);
    free(loss);
    if (why) *why = m ? m : "";
    return m ? -1 : rc;
}
