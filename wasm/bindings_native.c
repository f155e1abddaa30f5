/*
 * bindings_native.c: MuJoCo's native joint on the bench (fric_native.h) at
 * the wasm wall (wasm/api/native.js): the parameters cross as the named
 * record native_params (FRIC_NATIVE_KEYS, its keys and units in the
 * boundary's layouts), the bench MJCF of a log, a log's replay, the fit,
 * the params file's text, the MJCF <default> class and the edit a robot's
 * model gets for a native joint. Conventions: wasm/bindings.c.
 */
#include <stddef.h>
#include <stdint.h>
#include <math.h>
#include <string.h>

#include "fric_fit.h"
#include "fric_io.h"
#include "fric_native.h"
#include "fric_scenario.h"
#include "fric_status.h"
#include "bindings_internal.h"

int fxb_native_none(const fric_native_params *p)
{
    if (p) return 0;
    fxb_refuse(FRIC_E_NULL, "fxb.native_none", "native: no parameters (a record native_params) were given.", FXB_END);
    return 1;
}

/* MuJoCo's defaults for the actuator named act (NULL/unknown: none) into *out. */
FXB_EXPORT void fxb_native_defaults(const char *act, fric_native_params *out)
{
    fric_native_params_default(out, act ? fric_bench_actuator_find(act) : NULL);
}

/* The bench MJCF of the log lg with p (fric_native_bench_mjcf) into
 * buf[cap]: the length needed without the NUL (cap 0 sizes it), −1 with the message. */
FXB_EXPORT int fxb_native_bench_mjcf(const fric_native_params *p, const fric_io_log *lg, char *buf, int cap)
{
    if (fxb_count_bad("cap", cap, 1) || fxb_native_none(p)) return -1;
    if (!lg) { fxb_refuse(FRIC_E_LOG_INVALID, "fxb.native_no_log", "native: no log is loaded.", FXB_END); return -1; }
    fric_native_bench b;
    fric_native_bench_from_log(p, lg, &b);
    int len = fric_native_bench_mjcf(&b, cap > 0 ? buf : NULL, cap > 0 ? (size_t)cap : 0);
    if (len < 0) { fxb_from_core(1, NULL); return -1; }
    fxb_set_error("");
    return len;
}

/* The bench MJCF of the "bench-native" scenario's vector p[n] (n its
 * n_params; fric_native_scenario_mjcf) into buf[cap]: the length needed
 * without the NUL (cap 0 sizes it), −1 with the message. */
FXB_EXPORT int fxb_native_scenario_mjcf(const double *p, int n, char *buf, int cap)
{
    const fric_scenario *s = fric_scenario_find("bench-native");
    if (!s) { fxb_set_status(FRIC_E_UNKNOWN_NAME, -1, "no bench-native scenario"); return -1; }
    if (fxb_count_bad("cap", cap, 1) || fxb_length_bad("params", n, s->n_params)) return -1;
    int len = fric_native_scenario_mjcf(p, cap > 0 ? buf : NULL, cap > 0 ? (size_t)cap : 0);
    if (len < 0) { fxb_from_core(1, NULL); return -1; }
    fxb_set_error("");
    return len;
}

/* The log lg replayed with p (fric_native_replay): sim_q[cap] the
 * positions, res[4] = mae [rad], max_err [rad], samples, steps held. 0, or 1 with the message. */
FXB_EXPORT int fxb_native_replay(const fric_native_params *p, const fric_io_log *lg, double *sim_q, int cap, double *res)
{
    const char *why = "";
    if (fxb_count_bad("cap", cap, sizeof(double)) || fxb_native_none(p)) return 1;
    if (!lg) { fxb_refuse(FRIC_E_LOG_INVALID, "fxb.native_no_log", "native: no log is loaded.", FXB_END); return 1; }
    fric_bench_replay_result r;
    if (fxb_from_core(fric_native_replay(p, lg, sim_q, (size_t)cap, &r, &why), &why)) return 1;
    res[0] = r.mae;
    res[1] = r.max_err;
    res[2] = (double)r.samples;
    res[3] = (double)r.steps_stuck;
    fxb_set_error("");
    return 0;
}

/* The losses of count sets P[count] (records native_params) on the fit
 * batch h (wasm/bindings_fit.c's handle, which begins with its
 * fric_fit_batch): loss[c] the mean of the logs' replay MAEs [rad],
 * mae[c·logs + i] each (may be NULL; NaN where a replay diverges). 0, or 1
 * with the message. */
FXB_EXPORT int fxb_native_losses(const fric_fit_batch *h, const fric_native_params *P, int count, double *loss, double *mae)
{
    if (!h) { fxb_refuse(FRIC_E_NULL, "fxb.native_no_batch", "native: no fit batch.", FXB_END); return 1; }
    if (fxb_count_bad("count", count, sizeof(fric_native_params)) || count < 1 || fxb_native_none(P)) {
        if (count < 1) fxb_refuse(FRIC_E_PARAM_RANGE, "fxb.native_count_1", "native: count must be >= 1.", FXB_END);
        return 1;
    }
    size_t N = h->b.logs;
    for (int c = 0; c < count; c++) {
        double *m = mae ? mae + (size_t)c * N : NULL;
        loss[c] = fric_native_loss(&h->b, &P[c], m);
    }
    fxb_set_error("");
    return 0;
}

/* The native fit's arguments at the wall: a batch h, a start, budget >=
 * 10; *box the default box of actuator act (NULL: none; its q_offset box).
 * 0, or 1 with the message. */
static int native_fit_args(const fric_fit_batch *h, const fric_native_params *start, int budget, const char *act,
                           fric_native_fit_space *box)
{
    if (!h) { fxb_refuse(FRIC_E_NULL, "fxb.native_no_batch", "native: no fit batch.", FXB_END); return 1; }
    if (fxb_native_none(start)) return 1;
    if (budget < 10) { fxb_refuse(FRIC_E_PARAM_RANGE, "fxb.native_budget", "native: budget must be >= 10 evaluations.", FXB_END); return 1; }
    fric_native_fit_space_default(act, box);
    return 0;
}

/* The native fit (fric_native_fit, the default box of actuator act, NULL:
 * none) on the batch h from start, budget evaluations, seed: *best and
 * res[2] = loss [rad], evaluations. 0, or 1 with the message. */
FXB_EXPORT int fxb_native_fit(const fric_fit_batch *h, const fric_native_params *start, int budget, double seed,
                              const char *act, fric_native_params *best, double *res)
{
    const char *why = "";
    fric_native_fit_space box;
    if (native_fit_args(h, start, budget, act, &box)) return 1;
    double loss = 0;
    long evals = 0;
    if (fxb_from_core(fric_native_fit(&h->b, start, &box, budget, (uint64_t)seed, best, &loss, &evals, &why), &why)) return 1;
    res[0] = loss;
    res[1] = (double)evals;
    fxb_set_error("");
    return 0;
}

/* The same fit one generation at a time (fric_native_fitter): create on
 * the batch h (which must outlive it) from start, budget, seed, the box
 * of actuator act (NULL: none): the fitter, or 0 with the message. */
FXB_EXPORT fric_native_fitter *fxb_native_fitter_create(const fric_fit_batch *h, const fric_native_params *start,
                                                        int budget, double seed, const char *act)
{
    fric_native_fit_space box;
    if (native_fit_args(h, start, budget, act, &box)) return NULL;
    const char *why = "";
    fric_native_fitter *f = fric_native_fitter_create(&h->b, start, &box, budget, (uint64_t)seed, &why);
    if (!f) { fxb_from_core(1, &why); return NULL; }
    fxb_set_error("");
    return f;
}

/* One generation (fric_native_fitter_step): progress.done, −1 without a fitter. */
FXB_EXPORT int fxb_native_fitter_step(fric_native_fitter *f)
{
    if (!f) { fxb_refuse(FRIC_E_NULL, "fxb.no_fit", "no fit (freed?).", FXB_END); return -1; }
    return fric_native_fitter_step(f);
}

/* The progress: *best the best set, res[9] = generation, run, lambda,
 * evals, budget, best loss [rad], the last generation's best [rad], sigma,
 * done; phase[cap] where the search stands in words
 * (fric_fit_progress_phase of its BIPOP run: "first run", "restart k").
 * 0, or 1 with the message. */
FXB_EXPORT int fxb_native_fitter_progress(const fric_native_fitter *f, fric_native_params *best, double *res, char *phase,
                                          int cap)
{
    if (!f || cap < 1) { fxb_refuse(FRIC_E_NULL, "fxb.no_fit", "no fit (freed?).", FXB_END); return 1; }
    const fric_native_fit_progress *g = fric_native_fitter_progress(f);
    *best = g->best;
    const double r[9] = { g->generation, g->run, g->lambda, (double)g->evals, (double)g->budget, g->best_loss,
                          g->gen_best_loss, g->sigma, g->done };
    memcpy(res, r, sizeof r);
    fric_fit_progress q = { .run = g->run, .attempts = 1, .stages = 1 };
    fric_fit_progress_phase(&q, phase, (size_t)cap);
    fxb_set_error("");
    return 0;
}

/* Part k of the phase (fric_fit_progress_phase_part of its BIPOP run:
 * "first run", "restart k") into buf[cap], its id and values then
 * fxb_sentence_id/_values'; its full length, 0 past the last part, or -1. */
FXB_EXPORT int fxb_native_fitter_phase_part(const fric_native_fitter *f, int k, char *buf, int cap)
{
    if (!f || cap < 0) { fxb_refuse(FRIC_E_NULL, "fxb.no_fit", "no fit (freed?).", FXB_END); return -1; }
    fric_fit_progress q = { .run = fric_native_fitter_progress(f)->run, .attempts = 1, .stages = 1 };
    fxb_set_error("");
    return (int)fric_fit_progress_phase_part(&q, k, buf, (size_t)cap);
}

FXB_EXPORT void fxb_native_fitter_stop(fric_native_fitter *f) { fric_native_fitter_stop(f); }

FXB_EXPORT void fxb_native_fitter_free(fric_native_fitter *f) { fric_native_fitter_destroy(f); }

/* The start `friction fit --model native` fits from (fric_native_fit_start
 * in the default box) for actuator act, into *out. */
FXB_EXPORT void fxb_native_fit_start(const char *act, fric_native_params *out)
{
    fric_native_fit_space box;
    fric_native_fit_space_default(act, &box);
    fric_native_fit_start(act ? fric_bench_actuator_find(act) : NULL, &box, out);
}

/* The native params file of p for actuator act with the fit's metadata
 * (fit[4] = train MAE [rad], hold-out MAE [rad] (NaN: none), training logs,
 * evaluations; fit NULL: none) into buf[cap] (fric_native_params_write, the
 * file `friction fit --model native --out` writes): the length needed
 * without the NUL (cap 0 sizes it), −1 with the message. */
FXB_EXPORT int fxb_native_params_text(const fric_native_params *p, const char *act, const double *fit, char *buf, int cap)
{
    if (fxb_count_bad("cap", cap, 1) || fxb_native_none(p)) return -1;
    fric_io_params_fit meta = { 0 };
    if (fit) meta = (fric_io_params_fit){ .train_mae = fit[0], .holdout_mae = fit[1], .logs = (size_t)fit[2],
                                          .evaluations = (long)fit[3] };
    size_t len = 0;
    fric_status s = fric_native_params_write(p, act, fit ? &meta : NULL, cap > 0 ? buf : NULL,
                                             cap > 0 ? (size_t)cap : 0, &len);
    if (s && !(s == FRIC_E_BUFFER && cap == 0)) { fxb_from_core(s, NULL); return -1; }
    fxb_set_error("");
    return (int)len;
}

/* ---------------------------------------------------- the native class */
/* The native set p (the record native_params) as an MJCF <default> class
 * (fric_native_class_mjcf: name, MuJoCo's kp for firmware gain kp, dialect
 * 0 MuJoCo 3 / 1 MuJoCo 2.2.2, document 1 a whole file / 0 the element)
 * into buf[cap]: the length the text needs without its NUL (cap 0 to
 * size), −1 with the message. */
FXB_EXPORT int fxb_native_class(const fric_native_params *p, const char *name, double kp, int dialect, int document,
                                char *buf, int cap)
{
    if (fxb_count_bad("cap", cap, 1) || fxb_native_none(p)) return -1;
    int len = fric_native_class_mjcf(p, name, kp, (fric_native_dialect)dialect, document, cap > 0 ? buf : NULL,
                                     cap > 0 ? (size_t)cap : 0);
    if (len < 0) { fxb_from_core(1, NULL); return -1; }
    fxb_set_error("");
    return len;
}

/* What a robot's model gets for a joint given the native set p at the
 * firmware gain firmware_kp (the identification's whole-arm replay and an
 * adoption's native joint, as fric_mujoco_ident_replay does natively):
 * fric_native_edit_of into *out (record native_edit). 0, or 1 with the
 * message. */
FXB_EXPORT int fxb_native_edit(const fric_native_params *p, double firmware_kp, fric_native_edit *out)
{
    if (fxb_native_none(p) || fxb_from_core(fric_native_edit_of(p, firmware_kp, out), NULL)) return 1;
    fxb_set_status(FRIC_OK, -1, "");
    return 0;
}
