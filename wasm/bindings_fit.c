/*
 * bindings_fit.c: identification (fric_fit.h) at the wasm wall
 * (wasm/api/fit.js): batches of logs and their losses, the splits and
 * cautions, the parameter space and its checks, sensitivity, params files of
 * a fit, and the fit itself (ask/tell, a handle the wrapper frees).
 * Conventions: wasm/bindings.c.
 */
#include <limits.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fric_scenario.h"
#include "fric_bench.h"
#include "fric_servo.h"
#include "fric_io.h"
#include "fric_fit.h"
#include "fric_cmaes.h"
#include "fric_status.h"
#include "bindings_internal.h"

/* ------------------------------------------------ identification (fit) */
/* The fit engine of fric_fit.h (the CLI's `friction fit` loop, fit_run.c,
 * is native only; here the wrapper and its Web Workers drive ask/tell).
 * Several logs at once: the wrapper loads each log with fxb_log_load and
 * passes their handles, logs[n] (their arrays stay the wrapper's until the
 * batch is built, which copies and resamples them: fric_fit_batch_create). A
 * batch and a fit are handles the wrapper frees. Parameter vectors travel as
 * FRIC_FIT_N numbers in the params-file order of fric_fit_param_key. */

/* 1 (with the message) unless 1 <= n <= FRIC_FIT_MAX_LOGS and every log is there. */
static int logs_bad(const fric_io_log *const *logs, int n)
{
    if (n < 1 || n > FRIC_FIT_MAX_LOGS) {
        char sn[16], smax[16];
        snprintf(sn, sizeof sn, "%d", n);
        snprintf(smax, sizeof smax, "%d", FRIC_FIT_MAX_LOGS);
        fxb_refuse(FRIC_E_PARAM_RANGE, "fxb.logs_batch", "logs: {n} logs given; a batch takes 1 to {max}.", "n", sn, "max", smax, FXB_END);
        return 1;
    }
    for (int i = 0; i < n; i++)
        if (fxb_log_bad(logs[i])) return 1;
    return 0;
}

/* A batch with one workspace lane per log (one evaluation at a time); b
 * first, so that the handle is also a fric_fit_batch (layout fit_batch). */
typedef struct {
    fric_fit_batch b;
    fric_bench_lane *lanes;
} fxb_batch;

/* The batch of logs[n] (fric_fit_batch_create: every log resampled once,
 * copied). NULL with the message. */
FXB_EXPORT fxb_batch *fxb_fit_batch_new(const fric_io_log *const *logs, int n)
{
    if (logs_bad(logs, n)) return NULL;
    fxb_batch *h = calloc(1, sizeof *h);
    if (!h) { fxb_refuse(FRIC_E_NO_MEMORY, "fxb.batch_memory", "out of memory for the batch.", FXB_END); return NULL; }
    const char *why = "";
    int rc = fric_fit_batch_create(logs, (size_t)n, &h->b, &why);
    if (rc) {
        fxb_from_core(rc, &why);
        fric_fit_batch_destroy(&h->b);
        free(h);
        return NULL;
    }
    h->lanes = malloc(h->b.logs * sizeof *h->lanes);
    if (!h->lanes) {
        fric_fit_batch_destroy(&h->b);
        free(h);
        fxb_refuse(FRIC_E_NO_MEMORY, "fxb.lanes_memory", "out of memory for the batch's lanes.", FXB_END);
        return NULL;
    }
    fxb_set_error("");
    return h;
}

FXB_EXPORT void fxb_fit_batch_free(fxb_batch *h)
{
    if (!h) return;
    fric_fit_batch_destroy(&h->b);
    free(h->lanes);
    free(h);
}

/* valid[i] = 1 for the logs[n] whose header kp equals kp
 * (fric_fit_split_kp). Returns how many, or −1 with the message. */
FXB_EXPORT int fxb_fit_split_kp(const fric_io_log *const *logs, int n, double kp, unsigned char *valid)
{
    if (logs_bad(logs, n)) return -1;
    fxb_set_error("");
    return (int)fric_fit_split_kp(logs, (size_t)n, kp, valid);
}

/* valid[i] = 1 for the logs[n] of the alternate split
 * (fric_fit_split_alternate: kp rank + trajectory index odd). Returns how
 * many, or −1 with the message. */
FXB_EXPORT int fxb_fit_split_alternate(const fric_io_log *const *logs, int n, unsigned char *valid)
{
    if (logs_bad(logs, n)) return -1;
    fxb_set_error("");
    return (int)fric_fit_split_alternate(logs, (size_t)n, valid);
}

/* The caution of a fit's result (fric_fit_caution) into buf[cap]: valid[n]
 * marks the held-out logs; valid_mae NaN without them. Returns the full
 * length, or -1 (the message) for bad logs. */
FXB_EXPORT int fxb_fit_caution(const fric_io_log *const *logs, int n, const unsigned char *valid,
                               double train_mae, double valid_mae, char *buf, int cap)
{
    if (logs_bad(logs, n) || cap < 0) return -1;
    fxb_set_error("");
    return (int)fric_fit_caution(logs, (size_t)n, valid, train_mae, valid_mae, buf, (size_t)cap);
}

/* The bench's integrator of index ig into *out; 1 with the message. */
static int integrator_of(int ig, fric_bench_integrator *out)
{
    if (ig < 0 || ig >= FRIC_BENCH_N_INTEGRATORS) {
        fxb_refuse(FRIC_E_PARAM_RANGE, "fxb.integrator_index", "integrator: not a bench integrator index (0 bam, 1 mujoco).", FXB_END);
        return 1;
    }
    *out = (fric_bench_integrator)ig;
    return 0;
}

/* The one-rig-setup warning of a fit of M<model> (fric_fit_rig_caution)
 * into buf[cap]: valid[n] marks the held-out logs. Returns the full length,
 * or -1 (the message) for bad logs. */
FXB_EXPORT int fxb_fit_rig_caution(const fric_io_log *const *logs, int n,
                                   const unsigned char *valid, int model, char *buf, int cap)
{
    if (logs_bad(logs, n) || cap < 0) return -1;
    fxb_set_error("");
    return (int)fric_fit_rig_caution(logs, (size_t)n, valid, model, buf, (size_t)cap);
}

/* fric_fit_param_applies(actuator, model, i): 1 when parameter i is one of
 * the actuator's for M<model> (the firmware constants it has). */
FXB_EXPORT int fxb_fit_param_applies(const char *actuator, int model, int i)
{
    return fric_fit_param_applies(actuator ? actuator : "", model, i);
}

/* The target of (actuator, model) with the integrator of index ig into *t;
 * 1 with the message. */
static int fit_target(const char *actuator, int model, int ig, fric_fit_target *t)
{
    const char *why = "";
    if (fxb_from_core(fric_fit_target_init(t, actuator ? actuator : "", model, &why), &why)) return 1;
    fric_bench_integrator integ;
    if (integrator_of(ig, &integ)) return 1;
    /* the integrator and the treatment that goes with it (mujoco: MuJoCo's) */
    return fxb_from_core(fric_fit_target_integrator(t, integ, &why), &why);
}

/* The checks of fxb_fit_losses and fxb_fit_losses_fast: the batch, count,
 * the target of (actuator, model, integrator ig) into *t. 0, or 1 with the
 * message. */
static int fit_losses_args(const fxb_batch *h, const char *actuator, int model, int ig, int count,
                           fric_fit_target *t)
{
    if (!h) { fxb_refuse(FRIC_E_NULL, "fxb.no_batch", "no batch (freed?).", FXB_END); return 1; }
    if (fxb_count_bad("count (candidates)", count, (FRIC_FIT_N + 1 + (double)h->b.logs) * sizeof(double))) return 1;
    return fit_target(actuator, model, ig, t);
}

/* The losses of count candidates P[count·FRIC_FIT_N] on the batch
 * (fric_fit_loss) with the integrator of index ig into out[count]; mae (may
 * be NULL) receives each log's MAE, [count·logs]. 0, or 1 with the message. */
FXB_EXPORT int fxb_fit_losses(fxb_batch *h, const char *actuator, int model, int ig, const double *P,
                              int count, double *out, double *mae)
{
    fric_fit_target t;
    if (fit_losses_args(h, actuator, model, ig, count, &t)) return 1;
    for (int k = 0; k < count; k++)
        out[k] = fric_fit_loss(&t, P + (size_t)k * FRIC_FIT_N, &h->b, h->lanes,
                               mae ? mae + (size_t)k * h->b.logs : NULL);
    fxb_set_error("");
    return 0;
}

/* The fast losses of count candidates (fric_fit_losses_fast: the multi-lane
 * kernel, SIMD128 here, the same bits as natively) into out[count]; ws:
 * workspace of count·logs doubles. 0, or 1 with the message. */
FXB_EXPORT int fxb_fit_losses_fast(fxb_batch *h, const char *actuator, int model, int ig,
                                   const double *P, int count, double *out, double *ws)
{
    fric_fit_target t;
    if (fit_losses_args(h, actuator, model, ig, count, &t)) return 1;
    fric_fit_losses_fast(&t, P, count, &h->b, h->lanes, ws, out);
    fxb_set_error("");
    return 0;
}

/* fric_fit_param_used (model, parameter i) and fric_fit_contains (model
 * big holds model small). */
FXB_EXPORT int fxb_fit_param_used(int model, int i) { return fric_fit_param_used(model, i); }
FXB_EXPORT int fxb_fit_contains(int big, int small) { return fric_fit_contains(big, small); }

/* fric_fit_default_budget(model) [evaluations]. */
FXB_EXPORT int fxb_fit_default_budget(int model)
{
    return (int)fric_fit_default_budget(model);
}

/* p_big[FRIC_FIT_N] from p_small (fric_fit_embed). 0, or 1 with the message. */
FXB_EXPORT int fxb_fit_embed(int small, const double *p_small, int big, double *p_big)
{
    const char *why = "";
    int rc = fric_fit_embed(small, p_small, big, p_big, &why);
    if (rc) {
        /* the core's sentence (its id) with the code this export has always given */
        if (why && *why) fxb_from_core(rc, &why), fxb_restatus(FRIC_E_PARAM_RANGE);
        else fxb_refuse(FRIC_E_PARAM_RANGE, "fxb.models_not_embed", "the models do not embed.", FXB_END);
        return 1;
    }
    fxb_set_error("");
    return 0;
}

/* The warm start of M<model> when M1..M6 are fitted in turn
 * (fric_fit_chain_start): loss[6] training losses (+inf: not fitted), best
 * [6·FRIC_FIT_N] their parameters; start[FRIC_FIT_N] receives the embedded
 * start. Returns the model started from, 0 for a cold start, −1 when model
 * is not 1..6. */
FXB_EXPORT int fxb_fit_chain_start(int model, const double *loss, const double *best, double *start)
{
    if (model < 1 || model > 6) {
        fxb_refuse(FRIC_E_PARAM_RANGE, "fxb.model_m1_m6", "model must be 1..6 (M1..M6).", FXB_END);
        return -1;
    }
    fxb_set_error("");
    return fric_fit_chain_start(model, loss, best, start);
}

/* The params file of fit vector p of (actuator, model) fitted with the
 * integrator of index ig, with fit[4] (as fxb_params_write's, or NULL) and
 * carry (the keys the core does not model of the file the fit started from,
 * `friction fit --from`'s; NULL: none) into buf[cap]: fric_fit_params_file,
 * then the one writer. Returns the file's
 * length (>= cap: call again with more), or −1 with the message. */
FXB_EXPORT int fxb_fit_params_write(const char *actuator, int model, int ig, const double *p,
                                    const double *fit, const fric_io_params_carry *carry,
                                    char *buf, int cap)
{
    if (fxb_count_bad("cap", cap, 1)) return -1;
    fric_bench_integrator integ;
    if (integrator_of(ig, &integ)) return -1;
    fric_io_params_fit meta;
    if (fit) fxb_fit_meta(fit, &meta);
    fric_io_params_file f;
    const char *why = "";
    if (fxb_from_core(fric_fit_params_file(actuator ? actuator : "", model, p, integ, fit ? &meta : NULL,
                                       &f, &why), &why))
        return -1;
    f.carry = carry;
    size_t len = 0;
    fric_status rc = fric_io_params_write(&f, buf, (size_t)cap, &len);
    if (rc == FRIC_E_BUFFER) return (int)len;
    why = fric_status_last().message;
    if (fxb_from_core(rc, &why)) return -1;
    fxb_set_error("");
    return (int)len;
}

/* The bench vector of fit vector p (fric_fit_bench_params) with the bench
 * treatment of choice index tr (−1: the one that goes with the integrator,
 * fric_bench_integrator_treatments, what a fit with it scores) and the
 * integrator of index ig into out[n] (n: the bench's parameter count). 0,
 * or 1 with the message. */
FXB_EXPORT int fxb_fit_bench_params(const char *actuator, int model, const double *p, int tr,
                                    int ig, double *out, int n)
{
    if (fxb_length_bad("bench params", n, fric_scenario_find("bench")->n_params)) return 1;
    if (tr < -1 || tr >= FRIC_BENCH_N_TREATMENTS) {
        fxb_refuse(FRIC_E_PARAM_RANGE, "fxb.treatment_index", "treatment: not a bench treatment index (−1 the integrator's, 0 implicit, 1 clip, "
               "2 explicit, 3 karnopp).", FXB_END);
        return 1;
    }
    fric_bench_integrator integ;
    if (integrator_of(ig, &integ)) return 1;
    const char *why = "";
    return fxb_from_core(fric_fit_bench_params(actuator ? actuator : "", model, p,
                                           tr < 0 ? fric_bench_integrator_treatments[integ]
                                                  : fric_bench_treatments[tr], integ, out, &why), &why);
}

/* The published parameters of (actuator, model) into p. 0, or 1. */
FXB_EXPORT int fxb_fit_preset_params(const char *actuator, int model, double *p)
{
    const char *why = "";
    return fxb_from_core(fric_fit_preset_params(actuator ? actuator : "", model, p, &why), &why);
}

/* The space travels as four arrays of FRIC_FIT_N: lo, hi, free (0/1) and
 * value. */
static void space_to(const fric_fit_space *s, double *lo, double *hi, double *fr, double *val)
{
    for (int i = 0; i < FRIC_FIT_N; i++) {
        lo[i] = s->lo[i];
        hi[i] = s->hi[i];
        fr[i] = s->free_[i];
        val[i] = s->value[i];
    }
}

static void space_from(fric_fit_space *s, const double *lo, const double *hi, const double *fr,
                       const double *val)
{
    for (int i = 0; i < FRIC_FIT_N; i++) {
        s->lo[i] = lo[i];
        s->hi[i] = hi[i];
        s->free_[i] = fr[i] != 0;
        s->value[i] = val[i];
    }
}

/* The sensitivity ranges of p under (actuator, model) on the batch, in the
 * space, with the tolerance (fric_fit_sensitivity: the method of Rhoban/bam
 * bam/sensitivity.py): out[6·FRIC_FIT_N] = per parameter i: lower, upper,
 * lower_clamped, upper_clamped, free (0: held, lower = upper = p[i]), and
 * whether the fit searches it on a log scale (fric_fit_space_log);
 * *base = the loss at p [rad]. 0, or 1 with the core's message. */
FXB_EXPORT int fxb_fit_sensitivity(fxb_batch *h, const char *actuator, int model, int ig,
                                   const double *lo, const double *hi, const double *fr,
                                   const double *val, const double *p, double tolerance, double *out,
                                   double *base)
{
    if (!h) { fxb_refuse(FRIC_E_NULL, "fxb.no_batch", "no batch (freed?).", FXB_END); return 1; }
    fric_fit_target t;
    if (fit_target(actuator, model, ig, &t)) return 1;
    fric_fit_space s;
    space_from(&s, lo, hi, fr, val);
    fric_fit_sensitivity_ctx c = { &t, &h->b, h->lanes };   /* the exact loss, fric_fit_loss */
    fric_fit_range r[FRIC_FIT_N];
    const char *why = "";
    if (fxb_from_core(fric_fit_sensitivity(&s, p, tolerance, fric_fit_sensitivity_loss, &c, base, r,
                                       &why), &why))
        return 1;
    for (int i = 0; i < FRIC_FIT_N; i++) {
        double *o = out + 6 * i;
        o[0] = r[i].lower;
        o[1] = r[i].upper;
        o[2] = r[i].lower_clamped;
        o[3] = r[i].upper_clamped;
        o[4] = r[i].free_;
        o[5] = fric_fit_space_log(&s, i);
    }
    return 0;
}

/* The default space of (actuator, model) (fric_fit_space_default). */
FXB_EXPORT int fxb_fit_space_default(const char *actuator, int model, double *lo, double *hi,
                                     double *fr, double *val)
{
    fric_fit_space s;
    const char *why = "";
    if (fxb_from_core(fric_fit_space_default(actuator ? actuator : "", model, &s, &why), &why)) return 1;
    space_to(&s, lo, hi, fr, val);
    return 0;
}

/* 0 when the space is usable for model (fric_fit_space_check), else 1 with
 * the message naming the parameter. */
FXB_EXPORT int fxb_fit_space_check(int model, const double *lo, const double *hi, const double *fr,
                                   const double *val)
{
    fric_fit_space s;
    space_from(&s, lo, hi, fr, val);
    const char *why = "";
    return fxb_from_core(fric_fit_space_check(&s, model, &why), &why);
}

/* A fit of (actuator, model, integrator of index ig) on the batch with the given space, budget,
 * seed (an integer below 2^53), sigma0 (0: the default), restarts (−1: the
 * default) and start (NULL: none). NULL with the message. The batch must
 * outlive the fit. */
FXB_EXPORT fric_fit *fxb_fit_new(const fxb_batch *h, const char *actuator, int model, int ig,
                                 const double *lo, const double *hi, const double *fr,
                                 const double *val, double budget, double seed, double sigma0,
                                 int restarts, const double *start)
{
    if (!h) { fxb_refuse(FRIC_E_NULL, "fxb.no_training_batch", "no training batch (freed?).", FXB_END); return NULL; }
    if (!(budget >= 1 && budget <= (double)LONG_MAX) || budget != floor(budget)) {
        fxb_refuse(FRIC_E_PARAM_RANGE, "fxb.budget_whole", "budget must be a whole number of evaluations in 1 .. LONG_MAX.", FXB_END);
        return NULL;
    }
    if (!(seed >= 0 && seed <= 9007199254740992.0) || seed != floor(seed)) {
        fxb_refuse(FRIC_E_PARAM_RANGE, "fxb.seed_whole", "seed must be a whole number in 0 .. 2^53.", FXB_END);
        return NULL;
    }
    fric_fit_def d;
    memset(&d, 0, sizeof d);
    if (fit_target(actuator, model, ig, &d.target)) return NULL;
    space_from(&d.space, lo, hi, fr, val);
    d.train = &h->b;
    d.budget = (long)budget;
    d.seed = (uint64_t)seed;
    d.sigma0 = sigma0;
    d.restarts = restarts;
    d.start = start;
    const char *why = "";
    fric_fit *f = fric_fit_create(&d, &why);
    if (!f) { fxb_from_core(1, &why); return NULL; }
    fxb_set_error("");
    return f;
}

FXB_EXPORT void fxb_fit_free(fric_fit *f) { fric_fit_destroy(f); }

FXB_EXPORT int fxb_fit_lambda_max(const fric_fit *f) { return f ? fric_fit_lambda_max(f) : 0; }

/* The next candidates into P (cap of them at most): their count, 0 when the
 * fit is over, −1 when cap is too small (the message). */
FXB_EXPORT int fxb_fit_ask(fric_fit *f, double *P, int cap)
{
    if (!f) { fxb_refuse(FRIC_E_NULL, "fxb.no_fit", "no fit (freed?).", FXB_END); return -1; }
    if (fxb_count_bad("cap (candidates)", cap, FRIC_FIT_N * sizeof(double))) return -1;
    int k = fric_fit_ask(f, P, cap);
    if (k < 0) fxb_refuse(FRIC_E_PARAM_RANGE, "fxb.cap_population", "cap is below the population: size it with fxb_fit_lambda_max.", FXB_END);
    else fxb_set_error("");
    return k;
}

/* The losses of the last ask's candidates; returns progress.done. */
FXB_EXPORT int fxb_fit_tell(fric_fit *f, const double *loss) { return f ? fric_fit_tell(f, loss) : -1; }

FXB_EXPORT void fxb_fit_stop(fric_fit *f) { if (f) fric_fit_stop(f); }

/* The progress into *out (layout fit_progress). 0, or 1 with the message. */
FXB_EXPORT int fxb_fit_progress(const fric_fit *f, fric_fit_progress *out)
{
    if (!f) { fxb_refuse(FRIC_E_NULL, "fxb.no_fit", "no fit (freed?).", FXB_END); return 1; }
    *out = *fric_fit_get_progress(f);
    fxb_set_error("");
    return 0;
}

/* Where the fit stands in words (fric_fit_progress_phase) into buf[cap];
 * returns the full length, or -1 (the message) without a fit. */
FXB_EXPORT int fxb_fit_phase(const fric_fit *f, char *buf, int cap)
{
    if (!f || cap < 0) { fxb_refuse(FRIC_E_NULL, "fxb.no_fit", "no fit (freed?).", FXB_END); return -1; }
    fxb_set_error("");
    return (int)fric_fit_progress_phase(fric_fit_get_progress(f), buf, (size_t)cap);
}

/* Part k of that phase (fric_fit_progress_phase_part) into buf[cap], its id
 * and values then fxb_sentence_id/_values'; returns its full length, 0 past
 * the last part, or -1 (the message) without a fit. */
FXB_EXPORT int fxb_fit_phase_part(const fric_fit *f, int k, char *buf, int cap)
{
    if (!f || cap < 0) { fxb_refuse(FRIC_E_NULL, "fxb.no_fit", "no fit (freed?).", FXB_END); return -1; }
    fxb_set_error("");
    return (int)fric_fit_progress_phase_part(fric_fit_get_progress(f), k, buf, (size_t)cap);
}

/* The name of a stop reason (fric_cmaes_stop_name). */
FXB_EXPORT const char *fxb_fit_stop_name(int reason)
{
    const char *s = fric_cmaes_stop_name(reason);
    return s ? s : "";
}
