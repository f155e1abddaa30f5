/*
 * bindings_ident.c: a robot's servos identified from its recording
 * (fric_ident.h) at the wasm wall (wasm/api/ident.js). The door's MuJoCo
 * (the page's, Node's: MuJoCo 3.x from npm) computes what the tracks need
 * per frame and hands it over; the simulation, the fit, the ranges and the
 * verdicts are the core's, the native CLI's. Handles the wrapper frees:
 *   a recording with its tracks (fxb_ident_rec: the arrays copied, checked
 *   once by fric_recording_check, fric_ident_tracks_create's q̇ and q̈);
 *   a set of them (fric_ident_set, its options);
 *   a joint's fitter (fric_ident_fitter, stepped a generation at a time);
 *   a joint as bam's servo (fric_ident_bam.h: in one call, or its fitter
 *   stepped a generation at a time with the target it keeps).
 * Native parameter sets cross as the record native_params (FRIC_NATIVE_KEYS,
 * bindings_native.c). Conventions:
 * wasm/bindings.c.
 */
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fric_ident.h"
#include "fric_ident_bam.h"
#include "fric_native.h"
#include "fric_recording.h"
#include "fric_status.h"
#include "bindings_internal.h"

/* A recording the wrapper handed over, with its tracks. */
typedef struct {
    fric_recording r;
    fric_ident_tracks tr;
    double *buf;          /* t[n], goal[n·J], pos[n·J], the repaired goals [n·J] */
    double stale;         /* stale frames repaired (fric_ident_stale_goals)       */
} fxb_ident_rec;

/* A set over recordings (which must outlive it) and its pointer arrays. */
typedef struct {
    fric_ident_set *s;
    const fric_recording **recs;
    const fric_ident_tracks **trs;
    fric_ident_options o;
    size_t count;
} fxb_ident_set;

static int no_rec(const void *h)
{
    if (h) return 0;
    fxb_refuse(FRIC_E_NULL, "fxb.no_recording", "no recording (freed?).", FXB_END);
    return 1;
}

static int no_set(const void *h)
{
    if (h) return 0;
    fxb_refuse(FRIC_E_NULL, "fxb.ident_no_set", "ident: no training set (freed?).", FXB_END);
    return 1;
}

FXB_EXPORT void fxb_ident_rec_free(fxb_ident_rec *h)
{
    if (!h) return;
    fric_ident_tracks_destroy(&h->tr);
    free(h->buf);
    free(h);
}

/* The recording t[n] [s], goal and pos [n·joints] [rad] (frame-major),
 * names[joints], nominal period [s] (0: estimated), copied and checked
 * (fric_recording_check, source names it), its stale goals repaired
 * (fric_ident_stale_goals, as every door reads a recording; *stale their
 * count), its tracks allocated with q̇ and q̈ (fric_ident_tracks_create):
 * the handle, or NULL with *err (layout io_error) and the core's sentence;
 * *info as fxb_recording_check's. */
FXB_EXPORT fxb_ident_rec *fxb_ident_rec_create(const double *t, const double *goal, const double *pos, int n,
                                               int joints, const char *const *names, double period,
                                               const char *source, fric_recording_info *info, fric_io_error *err,
                                               double *stale)
{
    memset(err, 0, sizeof *err);
    *stale = 0;
    if (fxb_count_bad("n (frames)", n, sizeof(double) * (1 + 8.0 * (joints > 0 ? joints : 1)))
        || fxb_count_bad("joints", joints, sizeof(char *)) || joints > FRIC_REC_MAX_JOINTS) {
        if (joints > FRIC_REC_MAX_JOINTS) fxb_count_bad("joints", joints, FXB_MAX_BYTES);
        err->code = FRIC_IO_RANGE;
        err->entry = -1;
        snprintf(err->message, sizeof err->message, "%.300s", fxb_last_error());
        fxb_restatus(FRIC_E_LOG_INVALID);
        return NULL;
    }
    fxb_ident_rec *h = calloc(1, sizeof *h);
    const size_t N = (size_t)n, J = (size_t)joints;
    double *buf = h ? malloc((N + 3 * N * J + 1) * sizeof *buf) : NULL;
    if (!h || !buf) {
        free(h);
        err->code = FRIC_IO_MEMORY;
        err->entry = -1;
        fxb_refuse(FRIC_E_NO_MEMORY, "fxb.recording_memory", "out of memory for the recording.", FXB_END);
        snprintf(err->message, sizeof err->message, "%s", fxb_last_error());
        return NULL;
    }
    h->buf = buf;
    memcpy(buf, t, N * sizeof *buf);
    memcpy(buf + N, goal, N * J * sizeof *buf);
    memcpy(buf + N + N * J, pos, N * J * sizeof *buf);
    h->r.n = N;
    h->r.joints = joints;
    for (int j = 0; j < joints; j++) {
        const char *s = names && names[j] ? names[j] : "";
        const size_t len = strlen(s);
        memcpy(h->r.name[j], s, len < FRIC_REC_NAME_LEN ? len + 1 : FRIC_REC_NAME_LEN);
    }
    h->r.period = period;
    h->r.t = buf;
    h->r.goal = buf + N;
    h->r.pos = buf + N + N * J;
    int rc = fric_recording_check(&h->r, source, info, err);
    if (rc) {
        const char *m = err->message;
        fxb_from_core(rc, &m);
        fxb_ident_rec_free(h);
        return NULL;
    }
    h->stale = (double)fric_ident_stale_goals(&h->r, buf + N + 2 * N * J);
    h->r.goal = buf + N + 2 * N * J;
    *stale = h->stale;
    const char *why = "";
    rc = fric_ident_tracks_create(&h->r, &h->tr, &why);
    if (rc) {
        fxb_from_core(rc, &why);
        err->code = FRIC_IO_MEMORY;
        err->entry = -1;
        snprintf(err->message, sizeof err->message, "%.300s", fxb_last_error());
        fxb_ident_rec_free(h);
        return NULL;
    }
    fxb_set_status(FRIC_OK, -1, "");
    return h;
}

/* The measured motion the tracks hold (fric_ident_motion): dq and ddq
 * [cap·joints] (cap frames at most) [rad/s, rad/s²]. 0, or 1 with the message. */
FXB_EXPORT int fxb_ident_rec_motion(const fxb_ident_rec *h, double *dq, double *ddq, int cap)
{
    if (no_rec(h) || fxb_count_bad("cap", cap, 2.0 * sizeof(double) * h->r.joints)) return 1;
    const size_t n = (h->r.n < (size_t)cap ? h->r.n : (size_t)cap) * (size_t)h->r.joints;
    memcpy(dq, h->tr.dq, n * sizeof *dq);
    memcpy(ddq, h->tr.ddq, n * sizeof *ddq);
    fxb_set_status(FRIC_OK, -1, "");
    return 0;
}

/* The goals the identification uses (the stale ones repaired) copied out
 * into goal[cap·joints] (cap frames at most) [rad]. 0, or 1 with the message. */
FXB_EXPORT int fxb_ident_rec_goals(const fxb_ident_rec *h, double *goal, int cap)
{
    if (no_rec(h) || fxb_count_bad("cap", cap, sizeof(double) * h->r.joints)) return 1;
    const size_t n = (h->r.n < (size_t)cap ? h->r.n : (size_t)cap) * (size_t)h->r.joints;
    memcpy(goal, h->r.goal, n * sizeof *goal);
    fxb_set_status(FRIC_OK, -1, "");
    return 0;
}

/* Frames k0 … k0 + count − 1 of the tracks from what the door's MuJoCo
 * computed there (fric_ident_tracks_frame, per frame c: M[c·J·J …] the mass
 * matrix between the recording's joints [kg·m²], bias[c·J …] qfrc_bias,
 * nudged[c·J …] qfrc_bias with q_j + FRIC_IDENT_NUDGE [N·m]); armature[J]
 * the file's [kg·m²]. 0, or 1 with the message. */
FXB_EXPORT int fxb_ident_rec_frames(fxb_ident_rec *h, int k0, int count, const double *M, const double *armature,
                                    const double *bias, const double *nudged)
{
    if (no_rec(h)) return 1;
    if (k0 < 0 || count < 0 || (size_t)k0 + (size_t)count > h->r.n) {
        char a[24], b[24], n[24];
        snprintf(a, sizeof a, "%d", k0);
        snprintf(b, sizeof b, "%d", count);
        snprintf(n, sizeof n, "%zu", h->r.n);
        fxb_refuse(FRIC_E_PARAM_RANGE, "fxb.ident_frames",
                   "ident: frames {k0} … {k0}+{count} are outside the recording's {n} frames.",
                   "k0", a, "count", b, "n", n, FXB_END);
        return 1;
    }
    const size_t J = (size_t)h->r.joints;
    for (size_t c = 0; c < (size_t)count; c++)
        fric_ident_tracks_frame(&h->tr, (size_t)k0 + c, M + c * J * J, armature, bias + c * J, nudged + c * J);
    fxb_set_status(FRIC_OK, -1, "");
    return 0;
}

/* The tracks copied out: inertia [kg·m²], load [N·m], stiffness [N·m/rad]
 * [cap·joints] (cap frames at most). 0, or 1 with the message. */
FXB_EXPORT int fxb_ident_rec_tracks(const fxb_ident_rec *h, double *inertia, double *load, double *stiffness, int cap)
{
    if (no_rec(h) || fxb_count_bad("cap", cap, 3.0 * sizeof(double) * h->r.joints)) return 1;
    const size_t n = (h->r.n < (size_t)cap ? h->r.n : (size_t)cap) * (size_t)h->r.joints;
    memcpy(inertia, h->tr.inertia, n * sizeof *inertia);
    memcpy(load, h->tr.load, n * sizeof *load);
    memcpy(stiffness, h->tr.stiffness, n * sizeof *stiffness);
    fxb_set_status(FRIC_OK, -1, "");
    return 0;
}

FXB_EXPORT void fxb_ident_set_free(fxb_ident_set *h)
{
    if (!h) return;
    fric_ident_set_destroy(h->s);
    free(h->recs);
    free(h->trs);
    free(h);
}

/* A training set over the recordings recs[count] (handles the wrapper keeps
 * alive past the set) with the options o (layout ident_options), checked by
 * fric_ident_set_create: the set, or NULL with the core's sentence. */
FXB_EXPORT fxb_ident_set *fxb_ident_set_create(fxb_ident_rec *const *recs, int count, const fric_ident_options *o)
{
    if (fxb_count_bad("count", count, 2.0 * sizeof(void *))) return NULL;
    fxb_ident_set *h = calloc(1, sizeof *h);
    const size_t c = (size_t)(count > 0 ? count : 1);
    if (h) {
        h->recs = malloc(c * sizeof *h->recs);
        h->trs = malloc(c * sizeof *h->trs);
    }
    if (!h || !h->recs || !h->trs) {
        fxb_ident_set_free(h);
        fxb_refuse(FRIC_E_NO_MEMORY, "fxb.ident_memory", "ident: out of memory.", FXB_END);
        return NULL;
    }
    for (int i = 0; i < count; i++) {
        h->recs[i] = recs[i] ? &recs[i]->r : NULL;
        h->trs[i] = recs[i] ? &recs[i]->tr : NULL;
    }
    h->o = *o;
    h->count = (size_t)count;
    const char *why = "";
    h->s = fric_ident_set_create(h->recs, h->trs, h->count, &h->o, &why);
    if (!h->s) {
        fxb_from_core(1, &why);
        fxb_ident_set_free(h);
        return NULL;
    }
    fxb_set_status(FRIC_OK, -1, "");
    return h;
}

/* res[2] = joints, steps of one joint's evaluation (fric_ident_set_steps). */
FXB_EXPORT int fxb_ident_set_info(const fxb_ident_set *h, double *res)
{
    if (no_set(h)) return 1;
    res[0] = fric_ident_set_joints(h->s);
    res[1] = (double)fric_ident_set_steps(h->s);
    fxb_set_status(FRIC_OK, -1, "");
    return 0;
}

/* Joint j of recording rec simulated with p (fric_ident_simulate):
 * sim_q[cap] the simulated q at the frames; res[1] the MAE [rad] (+inf when
 * refused or diverged). 0, or 1 with the message. */
FXB_EXPORT int fxb_ident_simulate(const fxb_ident_set *h, int rec, int j, const fric_native_params *p, double *sim_q,
                                  int cap, double *res)
{
    if (no_set(h) || fxb_count_bad("cap", cap, sizeof(double)) || fxb_native_none(p)) return 1;
    if (rec < 0 || (size_t)rec >= h->count || j < 0 || j >= fric_ident_set_joints(h->s)) {
        fxb_refuse(FRIC_E_PARAM_RANGE, "fxb.ident_index", "ident: no such recording or joint in the set.", FXB_END);
        return 1;
    }
    res[0] = fric_ident_simulate(h->s, (size_t)rec, j, p, cap > 0 ? sim_q : NULL, (size_t)cap);
    fxb_set_status(FRIC_OK, -1, "");
    return 0;
}

/* The loss of joint j with p (fric_ident_loss) into res[0] [rad]. */
FXB_EXPORT int fxb_ident_loss(const fxb_ident_set *h, int j, const fric_native_params *p, double *res)
{
    if (no_set(h) || fxb_native_none(p)) return 1;
    res[0] = fric_ident_loss(h->s, j, p);
    fxb_set_status(FRIC_OK, -1, "");
    return 0;
}

/* The default start of a joint's fit (fric_ident_space_default at the
 * set's options) into *start. */
FXB_EXPORT int fxb_ident_start(const fxb_ident_set *h, fric_native_params *start)
{
    if (no_set(h)) return 1;
    fric_native_fit_space box;
    fric_ident_space_default(&h->o, &box, start);
    fxb_set_status(FRIC_OK, -1, "");
    return 0;
}

/* Joint j's fit on the set from its default start and box
 * (fric_ident_space_default; fric_ident_joint's), budget evaluations, seed:
 * the fitter, or NULL with the message. */
FXB_EXPORT fric_ident_fitter *fxb_ident_fitter_create(const fxb_ident_set *h, int j, double budget, double seed)
{
    if (no_set(h)) return NULL;
    fric_native_fit_space box;
    fric_native_params st;
    fric_ident_space_default(&h->o, &box, &st);
    const char *why = "";
    fric_ident_fitter *f = fric_ident_fitter_create(h->s, j, &st, &box, budget > 0 ? (long)budget : FRIC_IDENT_BUDGET,
                                                    (uint64_t)seed, &why);
    if (!f) { fxb_from_core(1, &why); return NULL; }
    fxb_set_status(FRIC_OK, -1, "");
    return f;
}

/* The evaluations each of joint fits' FRIC_IDENT_STARTS searches gets from
 * a whole budget in the set's default box (fric_ident_budget_each, as
 * fric_ident_joint spreads it): the count, or −1 with the sentence. */
FXB_EXPORT double fxb_ident_budget_each(const fxb_ident_set *h, double budget)
{
    if (no_set(h)) return -1;
    long each = 0;
    const char *why = "";
    if (fric_ident_native_budget_each(&h->o, budget >= 1 && budget <= 1e9 ? (long)budget : 0, &each, &why)) {
        fxb_from_core(1, &why);
        return -1;
    }
    fxb_set_status(FRIC_OK, -1, "");
    return (double)each;
}

/* One generation (fric_ident_fitter_step): 0 while running, else the stop reason; −1 without a fitter. */
FXB_EXPORT int fxb_ident_fitter_step(fric_ident_fitter *f)
{
    if (!f) { fxb_refuse(FRIC_E_NULL, "fxb.no_fit", "no fit (freed?).", FXB_END); return -1; }
    return fric_ident_fitter_step(f);
}

FXB_EXPORT void fxb_ident_fitter_stop(fric_ident_fitter *f) { fric_ident_fitter_stop(f); }
FXB_EXPORT void fxb_ident_fitter_free(fric_ident_fitter *f) { fric_ident_fitter_destroy(f); }

/* The progress: *best the best set so far, res[5] =
 * evals, budget, generation, best loss [rad], done. 0, or 1 with the message. */
FXB_EXPORT int fxb_ident_fitter_progress(const fric_ident_fitter *f, fric_native_params *best, double *res)
{
    if (!f) { fxb_refuse(FRIC_E_NULL, "fxb.no_fit", "no fit (freed?).", FXB_END); return 1; }
    const fric_ident_progress *g = fric_ident_fitter_progress(f);
    *best = g->best;
    res[0] = (double)g->evals;
    res[1] = (double)g->budget;
    res[2] = g->generation;
    res[3] = g->best_loss;
    res[4] = g->done;
    fxb_set_status(FRIC_OK, -1, "");
    return 0;
}

/* Joint j's result at the best set p of its searches, their loss
 * train_mae [rad] and evaluations (fric_ident_finish: the ranges and the
 * verdict, as fric_ident_joint ends):
 * *p_out, range[4·FRIC_NATIVE_FIT_N] = lower, upper,
 * lower clamped, upper clamped per fitted key (FRIC_NATIVE_FIT_LIST),
 * verdict (layout ident_verdict), flags[1 + FRIC_NATIVE_FIT_N] = the
 * joint's flags then each key's, res[2] = train MAE [rad], evals. 0, or 1
 * with the message. */
FXB_EXPORT int fxb_ident_result(const fxb_ident_set *h, int j, const fric_native_params *p, double train_mae, double evals,
                                fric_native_params *p_out, double *range, fric_ident_verdict *verdict, double *flags,
                                double *res)
{
    if (no_set(h) || fxb_native_none(p)) return 1;
    fric_ident_result out;
    const char *why = "";
    if (fxb_from_core(fric_ident_finish(h->s, j, p, train_mae, (long)evals, &out, &why), &why)) return 1;
    *p_out = out.p;
    for (int i = 0; i < FRIC_NATIVE_FIT_N; i++) {
        range[i] = out.lower[i];
        range[FRIC_NATIVE_FIT_N + i] = out.upper[i];
        range[2 * FRIC_NATIVE_FIT_N + i] = out.lower_clamped[i];
        range[3 * FRIC_NATIVE_FIT_N + i] = out.upper_clamped[i];
        flags[1 + i] = out.verdict.param_flags[i];
    }
    flags[0] = out.verdict.flags;
    *verdict = out.verdict;
    res[0] = out.train_mae;
    res[1] = (double)out.evals;
    fxb_set_status(FRIC_OK, -1, "");
    return 0;
}

/* Why forcerange is not fitted (fric_ident_forcerange_sentence) for a
 * verdict of the joint flags `flags` and its demand_max and force_floor
 * [N·m] (fxb_ident_result's): the sentence into buf[cap], its full length
 * (0: forcerange fitted, or no numbers), its id and values then
 * fxb_sentence_id/_values'. */
FXB_EXPORT int fxb_ident_forcerange_sentence(double flags, double demand_max, double force_floor, char *buf, int cap)
{
    fric_ident_verdict v;
    memset(&v, 0, sizeof v);
    v.flags = flags >= 0 && flags < 4294967296.0 ? (unsigned)flags : 0;
    v.demand_max = demand_max;
    v.force_floor = force_floor;
    return (int)fric_ident_forcerange_sentence(&v, buf, cap > 0 ? (size_t)cap : 0);
}

/* Frame k's step at the timestep h and its weight (fric_ident_frame_steps:
 * goal k acts from step[k]; frame k's observation is w[k]·q(step[k]) +
 * (1 − w[k])·q(step[k] − 1)) into step[cap] and w[cap] (cap frames at
 * most). 0, or 1 with the message. */
FXB_EXPORT int fxb_ident_frame_steps(const fxb_ident_rec *h, double dt, double *step, double *w, int cap)
{
    if (no_rec(h) || fxb_count_bad("cap", cap, 2 * sizeof(double) + sizeof(int64_t))) return 1;
    const size_t n = h->r.n;
    int64_t *s = malloc((n ? n : 1) * sizeof *s);
    double *ww = malloc((n ? n : 1) * sizeof *ww);
    if (!s || !ww) {
        free(s), free(ww);
        fxb_refuse(FRIC_E_NO_MEMORY, "fxb.ident_memory", "ident: out of memory.", FXB_END);
        return 1;
    }
    fric_ident_frame_steps(&h->r, dt, s, ww);
    for (size_t k = 0; k < n && k < (size_t)cap; k++) step[k] = (double)s[k], w[k] = ww[k];
    free(s), free(ww);
    fxb_set_status(FRIC_OK, -1, "");
    return 0;
}

/* x in the core's shortest round-trip form (fric_io_format_double: the
 * params files' and the native tool's tables') into buf[cap]; its length. */
FXB_EXPORT int fxb_ident_format(double x, char *buf, int cap)
{
    char b[FRIC_IO_DOUBLE_LEN];
    fric_io_format_double(b, x);
    if (cap > 0) snprintf(buf, (size_t)cap, "%s", b);
    return (int)strlen(b);
}

/* bam's servo (fric_ident_bam.h): t for actuator and model (1, 4), or 1 with
 * the message. */
static int bam_target(const char *actuator, int model, fric_fit_target *t)
{
    const char *why = "";
    if (!fric_ident_bam_target(actuator, model, t, &why)) return 0;
    return fxb_from_core(1, &why);   /* the core's sentence, its id and values with it */
}

/* r of t packed into out[5·FRIC_FIT_N + 7] (fxb_ident_bam_joint's layout). */
static void bam_out(const fric_ident_bam_result *r, const fric_fit_target *t, double *out)
{
    const int N = FRIC_FIT_N;
    for (int i = 0; i < N; i++) {
        out[i] = r->p[i];
        out[N + i] = r->lower[i];
        out[2 * N + i] = r->upper[i];
        out[3 * N + i] = r->param_flags[i];
        out[4 * N + i] = r->free_[i];
    }
    const double tail[7] = { r->verdict.flags, r->train_mae, (double)r->evals, r->gain, r->verdict.load_min,
                             r->verdict.load_max, t->servo.vin_default };
    memcpy(out + 5 * N, tail, sizeof tail);
}

/* The budget and seed a bam fit takes: 0, or 1 with the message. */
static int bam_budget_bad(double budget, double seed)
{
    if (budget >= 1 && budget <= 1e7 && seed >= 0 && seed <= 9007199254740991.0) return 0;
    fxb_refuse(FRIC_E_PARAM_RANGE, "fxb.ident_budget", "ident: the budget must be 1 .. 1e7 and the seed >= 0.", FXB_END);
    return 1;
}

/* Joint j identified as bam's servo of actuator and model M1 or M4
 * (fric_ident_bam_joint, seed and budget as fric_ident_joint's):
 * out[5·FRIC_FIT_N + 7] the fitted vector p, the ranges' lower and upper
 * ends, the per-parameter flags, 1 where fitted (each FRIC_FIT_N, fric_fit.h's
 * order), then the joint's flags, the training MAE [rad], the evaluations,
 * the effective gain [N·m/rad], the load track's least and greatest [N·m],
 * the actuator's supply [V].
 * 0, or 1 with the message. */
FXB_EXPORT int fxb_ident_bam_joint(const fxb_ident_set *h, const char *actuator, int model, int j, double budget,
                                   double seed, double *out)
{
    fric_fit_target t;
    if (no_set(h) || bam_target(actuator, model, &t) || bam_budget_bad(budget, seed)) return 1;
    fric_ident_bam_result r;
    const char *why = "";
    if (fric_ident_bam_joint(h->s, actuator, &t, j, (long)budget, (uint64_t)seed, &r, &why))
        return fxb_from_core(1, &why);
    bam_out(&r, &t, out);
    fxb_set_status(FRIC_OK, -1, "");
    return 0;
}

/* bam's stepped joint fit (fric_ident_bam_fitter) and the target it keeps. */
typedef struct {
    fric_fit_target t;
    fric_ident_bam_fitter *f;
} fxb_bam_fit;

/* Joint j's bam fit step-wise (fric_ident_bam_fitter_create; actuator,
 * model, budget and seed as fxb_ident_bam_joint's): the fitter, or NULL
 * with the message. */
FXB_EXPORT fxb_bam_fit *fxb_ident_bam_fitter_create(const fxb_ident_set *h, const char *actuator, int model, int j,
                                                    double budget, double seed)
{
    fric_fit_target t;
    if (no_set(h) || bam_target(actuator, model, &t) || bam_budget_bad(budget, seed)) return NULL;
    fxb_bam_fit *b = malloc(sizeof *b);
    if (!b) {
        fxb_refuse(FRIC_E_NO_MEMORY, "fxb.ident_memory", "ident: out of memory.", FXB_END);
        return NULL;
    }
    b->t = t;
    const char *why = "";
    b->f = fric_ident_bam_fitter_create(h->s, actuator, &b->t, j, (long)budget, (uint64_t)seed, &why);
    if (!b->f) {
        free(b);
        fxb_from_core(1, &why);
        return NULL;
    }
    fxb_set_status(FRIC_OK, -1, "");
    return b;
}

/* One generation (fric_ident_bam_fitter_step): 0 while running, else the stop reason; −1 without a fitter. */
FXB_EXPORT int fxb_ident_bam_fitter_step(fxb_bam_fit *b)
{
    if (!b) { fxb_refuse(FRIC_E_NULL, "fxb.no_fit", "no fit (freed?).", FXB_END); return -1; }
    return fric_ident_bam_fitter_step(b->f);
}

FXB_EXPORT void fxb_ident_bam_fitter_stop(fxb_bam_fit *b) { if (b) fric_ident_bam_fitter_stop(b->f); }

FXB_EXPORT void fxb_ident_bam_fitter_free(fxb_bam_fit *b)
{
    if (!b) return;
    fric_ident_bam_fitter_destroy(b->f);
    free(b);
}

/* The progress: best[FRIC_FIT_N] the best vector so far, res[6] = evals,
 * budget, generation, best loss [rad], done, the search running. 0, or 1
 * with the message. */
FXB_EXPORT int fxb_ident_bam_fitter_progress(const fxb_bam_fit *b, double *best, double *res)
{
    if (!b) { fxb_refuse(FRIC_E_NULL, "fxb.no_fit", "no fit (freed?).", FXB_END); return 1; }
    const fric_ident_bam_progress *g = fric_ident_bam_fitter_progress(b->f);
    memcpy(best, g->best, sizeof g->best);
    const double r[6] = { (double)g->evals, (double)g->budget, g->generation, g->best_loss, g->done, g->search };
    memcpy(res, r, sizeof r);
    fxb_set_status(FRIC_OK, -1, "");
    return 0;
}

/* The result of the best set so far (fric_ident_bam_fitter_result: the
 * ranges and the verdict) into out, fxb_ident_bam_joint's layout. 0, or 1
 * with the message. */
FXB_EXPORT int fxb_ident_bam_fitter_result(const fxb_bam_fit *b, double *out)
{
    if (!b) { fxb_refuse(FRIC_E_NULL, "fxb.no_fit", "no fit (freed?).", FXB_END); return 1; }
    fric_ident_bam_result r;
    const char *why = "";
    if (fric_ident_bam_fitter_result(b->f, &r, &why)) return fxb_from_core(1, &why);
    bam_out(&r, &b->t, out);
    fxb_set_status(FRIC_OK, -1, "");
    return 0;
}

/* Joint j of recording rec simulated as bam's servo with p[FRIC_FIT_N]
 * (fric_ident_bam_simulate): sim_q receives up to cap simulated positions
 * [rad] (cap 0: none), res[0] the MAE [rad] (+inf when refused or
 * diverged). 0, or 1 with the message. */
FXB_EXPORT int fxb_ident_bam_simulate(const fxb_ident_set *h, const char *actuator, int model, int rec, int j,
                                      const double *p, double *sim_q, int cap, double *res)
{
    fric_fit_target t;
    if (no_set(h) || fxb_count_bad("cap", cap, sizeof(double)) || bam_target(actuator, model, &t)) return 1;
    if (rec < 0 || (size_t)rec >= h->count || j < 0 || j >= fric_ident_set_joints(h->s)) {
        fxb_refuse(FRIC_E_PARAM_RANGE, "fxb.ident_index", "ident: no such recording or joint in the set.", FXB_END);
        return 1;
    }
    res[0] = fric_ident_bam_simulate(h->s, &t, (size_t)rec, j, p, cap > 0 ? sim_q : NULL, (size_t)cap);
    fxb_set_status(FRIC_OK, -1, "");
    return 0;
}
