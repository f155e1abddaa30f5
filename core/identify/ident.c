/*
 * ident.c: each joint's native servo from a recording of the assembled
 * robot (fric_ident.h): the motion estimate, the tracks, the checked
 * training set and its windows, the per-joint simulation (fric_native.h's
 * step with the joint's inertia and load per frame, core/system/bench/
 * bench_native.c, walked through the windows by ident_walk.h), the loss.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fric_ident.h"
#include "base.h"
#include "ident_internal.h"
#include "ident_lanes.h"

void fric_ident_motion(const fric_recording *r, double *dq, double *ddq)
{
    const size_t n = r->n, J = (size_t)r->joints;
    for (size_t k = 0; k < n; k++)
        for (size_t j = 0; j < J; j++) {
            const size_t a = k ? k - 1 : k, b = k + 1 < n ? k + 1 : k;
            const double *q = r->pos;
            /* central difference on a non-uniform grid; one-sided at the ends */
            dq[k * J + j] = (q[b * J + j] - q[a * J + j]) / (r->t[b] - r->t[a]);
            if (a == k || b == k) {
                ddq[k * J + j] = 0;
                continue;
            }
            const double v1 = (q[b * J + j] - q[k * J + j]) / (r->t[b] - r->t[k]);
            const double v0 = (q[k * J + j] - q[a * J + j]) / (r->t[k] - r->t[a]);
            ddq[k * J + j] = 2 * (v1 - v0) / (r->t[b] - r->t[a]);
        }
}

void fric_ident_frame_steps(const fric_recording *r, double h, int64_t *step, double *w)
{
    for (size_t k = 0; k < r->n; k++) {
        /* the first step at or after t_k (a t_k within 1e-9 of a step is on it) */
        const double x = (r->t[k] - r->t[0]) / h;
        const double s = ceil(x - 1e-9);
        step[k] = (int64_t)s;
        if (w) w[k] = s > 0 ? fmin(1, fmax(0, x - (s - 1))) : 1;
    }
}

/* 1 when frames a and b have the same goals (every joint). */
static int same_goals(const fric_recording *r, size_t a, size_t b)
{
    const size_t J = (size_t)r->joints;
    for (size_t j = 0; j < J; j++)
        if (r->goal[a * J + j] != r->goal[b * J + j]) return 0;
    return 1;
}

size_t fric_ident_stale_goals(const fric_recording *r, double *goal)
{
    const size_t J = (size_t)r->joints, n = r->n;
    size_t stale = 0;
    memcpy(goal, r->goal, n * J * sizeof *goal);
    for (size_t k = 2; k + 1 < n; k++) {
        if (!same_goals(r, k, k - 1) || same_goals(r, k - 1, k - 2) || same_goals(r, k + 1, k)) continue;
        for (size_t j = 0; j < J; j++) goal[k * J + j] = 0.5 * (r->goal[(k - 1) * J + j] + r->goal[(k + 1) * J + j]);
        stale++;
    }
    return stale;
}

fric_status fric_ident_tracks_create(const fric_recording *r, fric_ident_tracks *tr, const char **why)
{
    if (!tr) {
        fric__why(why, fric__fail_door(FRIC_E_NULL, -1, "ident: ", "ident.tracks_null", "the tracks must not be NULL.",
                                     fric__no_values));
        return FRIC_E_NULL;
    }
    memset(tr, 0, sizeof *tr);
    if (!r) {
        fric__why(why, fric__fail_door(FRIC_E_NULL, -1, "ident: ", "ident.recording_null",
                                     "the recording must not be NULL.", fric__no_values));
        return FRIC_E_NULL;
    }
    const size_t cells = r->n * (size_t)r->joints;
    double *m = malloc(5 * cells * sizeof *m);
    if (!m) {
        fric__why(why, fric__fail_door(FRIC_E_NO_MEMORY, -1, "ident: ", "ident.tracks_memory",
                                     "out of memory for the tracks of {n} frames.",
                                     fric__values(fric__u("n", r->n))));
        return FRIC_E_NO_MEMORY;
    }
    tr->n = r->n;
    tr->joints = r->joints;
    tr->inertia = m;
    tr->load = m + cells;
    tr->stiffness = m + 2 * cells;
    tr->dq = m + 3 * cells;
    tr->ddq = m + 4 * cells;
    tr->storage_ = m;
    for (size_t i = 0; i < 3 * cells; i++) m[i] = NAN;
    fric_ident_motion(r, tr->dq, tr->ddq);
    if (why) *why = "";
    return FRIC_OK;
}

void fric_ident_tracks_destroy(fric_ident_tracks *tr)
{
    if (!tr) return;
    free(tr->storage_);
    memset(tr, 0, sizeof *tr);
}

void fric_ident_tracks_frame(fric_ident_tracks *tr, size_t k, const double *M, const double *armature,
                             const double *bias, const double *bias_nudged)
{
    const size_t J = (size_t)tr->joints;
    const double *ddq = tr->ddq + k * J;
    for (size_t j = 0; j < J; j++) {
        double coupling = 0;   /* Σ_{i≠j} M_ji·q̈_i: the other joints' accelerations */
        for (size_t i = 0; i < J; i++)
            if (i != j) coupling += M[j * J + i] * ddq[i];
        tr->inertia[k * J + j] = M[j * J + j] - armature[j];
        tr->load[k * J + j] = -(bias[j] + coupling);
        tr->stiffness[k * J + j] = -(bias_nudged[j] - bias[j]) / FRIC_IDENT_NUDGE;
    }
}

/* ------------------------------------------------------------- the set */

/* Per joint the frames where a window starts (1) and the step of each frame. */
static void choose_windows(const fric_recording *r, double window, unsigned char *restart)
{
    const size_t J = (size_t)r->joints;
    for (size_t j = 0; j < J; j++) {
        double t0 = r->t[0];
        restart[j] = 1;
        for (size_t k = 1; k < r->n; k++) {
            const double age = r->t[k] - t0;
            /* at the first frame after `window` where the goal moves (a hold
               is not cut), or after three windows whatever the goal does */
            const int moves = fabs(r->goal[k * J + j] - r->goal[(k - 1) * J + j]) > FRIC_IDENT_STILL;
            const int start = (age >= window && moves) || age >= 3 * window;
            restart[k * J + j] = (unsigned char)start;
            if (start) t0 = r->t[k];
        }
    }
}

static const char *null_set(void)
{
    return fric__fail_door(FRIC_E_NULL, -1, "ident: ", "ident.set_null",
                         "the recordings, their tracks and the options must be given (count >= 1).",
                         fric__no_values);
}

fric_ident_set *fric_ident_set_create(const fric_recording *const *recs, const fric_ident_tracks *const *tracks,
                                      size_t count, const fric_ident_options *o, const char **why)
{
    const char *m = (!recs || !tracks || !o || count == 0) ? null_set() : NULL;
    for (size_t i = 0; !m && i < count; i++)
        if (!recs[i] || !tracks[i]) m = null_set();
    fric_ident_options opt = o ? *o : (fric_ident_options){ 0 };
    if (!m && opt.window == 0) opt.window = FRIC_IDENT_WINDOW;
    if (!m && (!isfinite(opt.h) || opt.h <= 0 || opt.h > 1))
        m = fric__say_door("ident: ", "ident.h_range", "the timestep h = {h} s must be finite in (0, 1] s.",
                         fric__values(fric__g("h", opt.h)));
    if (!m && (!isfinite(opt.window) || opt.window < 0))
        m = fric__say_door("ident: ", "ident.window_range",
                         "the window = {w} s must be finite and > 0 (0: {d} s).",
                         fric__values(fric__g("w", opt.window), fric__g("d", FRIC_IDENT_WINDOW)));
    if (!m && (!isfinite(opt.firmware_kp) || opt.firmware_kp <= 0 || opt.firmware_kp > FRIC_BENCH_KP_MAX))
        m = fric__say_door("ident: ", "ident.firmware_kp_range",
                         "the firmware gain = {k} must be finite in (0, {max}].",
                         fric__values(fric__g("k", opt.firmware_kp), fric__g("max", FRIC_BENCH_KP_MAX)));
    for (size_t i = 0; !m && i < count; i++) {
        const fric_recording *r = recs[i];
        const fric_ident_tracks *tr = tracks[i];
        fric_io_error err;
        fric_recording_info info;
        char src[32];
        snprintf(src, sizeof src, "%zu", i + 1);
        if (fric_recording_check(r, src, &info, &err)) {
            m = fric_status_last().message;
            break;
        }
        if (r->joints != recs[0]->joints)
            m = fric__say_door("ident: ", "ident.joints_differ",
                             "recording {i} has {n} joints, recording 1 has {n0}: every recording of a fit "
                             "has the same joints.",
                             fric__values(fric__u("i", i + 1), fric__i("n", r->joints), fric__i("n0", recs[0]->joints)));
        for (int j = 0; !m && j < r->joints; j++)
            if (strcmp(r->name[j], recs[0]->name[j]) != 0)
                m = fric__say_door("ident: ", "ident.joint_name_differs",
                                 "recording {i}'s joint {j} is {name}, recording 1's is {name0}: every "
                                 "recording of a fit has the same joints in the same order.",
                                 fric__values(fric__u("i", i + 1), fric__i("j", j + 1), fric__s("name", r->name[j]),
                                              fric__s("name0", recs[0]->name[j])));
        if (!m && (tr->n != r->n || tr->joints != r->joints))
            m = fric__say_door("ident: ", "ident.tracks_shape",
                             "the tracks of recording {i} hold {tn} frames of {tj} joints; the recording "
                             "{n} frames of {j} joints.",
                             fric__values(fric__u("i", i + 1), fric__u("tn", tr->n), fric__i("tj", tr->joints),
                                          fric__u("n", r->n), fric__i("j", r->joints)));
        if (!m && !(opt.h <= info.period / 2))
            m = fric__say_door("ident: ", "ident.h_period",
                             "the timestep h = {h} s is more than half recording {i}'s frame period {p} s.",
                             fric__values(fric__g("h", opt.h), fric__u("i", i + 1), fric__g("p", info.period)));
        const size_t cells = r->n * (size_t)r->joints;
        for (size_t c = 0; !m && c < cells; c++) {
            const double in = tr->inertia[c], ld = tr->load[c], st = tr->stiffness[c];
            if (!isfinite(in) || in <= 0 || !isfinite(ld) || !isfinite(st) || !isfinite(tr->dq[c]) ||
                !isfinite(tr->ddq[c]))
                m = fric__say_door("ident: ", "ident.track_bad",
                                 "recording {i}, frame {k} (t = {t} s), joint {name}: the tracks must be "
                                 "finite with inertia > 0 (inertia {in} kg·m², load {ld} N·m, stiffness {st} "
                                 "N·m/rad).",
                                 fric__values(fric__u("i", i + 1), fric__u("k", c / (size_t)r->joints),
                                              fric__g("t", r->t[c / (size_t)r->joints]),
                                              fric__s("name", r->name[c % (size_t)r->joints]), fric__g("in", in),
                                              fric__g("ld", ld), fric__g("st", st)));
        }
    }
    fric_ident_set *s = NULL;
    if (!m) {
        s = calloc(1, sizeof *s);
        if (s) {
            s->rec = calloc(count, sizeof *s->rec);
            s->tr = calloc(count, sizeof *s->tr);
            s->restart = calloc(count, sizeof *s->restart);
            s->step = calloc(count, sizeof *s->step);
            s->w = calloc(count, sizeof *s->w);
        }
        int ok = s && s->rec && s->tr && s->restart && s->step && s->w;
        for (size_t i = 0; ok && i < count; i++) {
            s->restart[i] = malloc(recs[i]->n * (size_t)recs[i]->joints);
            s->step[i] = malloc(recs[i]->n * sizeof *s->step[i]);
            s->w[i] = malloc(recs[i]->n * sizeof *s->w[i]);
            ok = s->restart[i] && s->step[i] && s->w[i];
            s->count = i + 1;
        }
        if (!ok) {
            fric_ident_set_destroy(s);
            s = NULL;
            m = fric__fail_door(FRIC_E_NO_MEMORY, -1, "ident: ", "ident.set_memory", "out of memory for the recordings.",
                              fric__no_values);
        }
    }
    if (m) {
        if (why) *why = m;
        return NULL;
    }
    s->count = count;
    s->o = opt;
    s->joints = recs[0]->joints;
    for (size_t i = 0; i < count; i++) {
        s->rec[i] = recs[i];
        s->tr[i] = tracks[i];
        choose_windows(recs[i], opt.window, s->restart[i]);
        fric_ident_frame_steps(recs[i], opt.h, s->step[i], s->w[i]);
        s->frames += recs[i]->n;
        s->steps += (uint64_t)s->step[i][recs[i]->n - 1];
    }
    if (why) *why = "";
    return s;
}

void fric_ident_set_destroy(fric_ident_set *s)
{
    if (!s) return;
    for (size_t i = 0; i < s->count; i++) {
        if (s->restart) free(s->restart[i]);
        if (s->step) free(s->step[i]);
        if (s->w) free(s->w[i]);
    }
    free(s->restart), free(s->step), free(s->w), free(s->rec), free(s->tr);
    free(s);
}

int fric_ident_set_joints(const fric_ident_set *s)
{
    return s ? s->joints : 0;
}

uint64_t fric_ident_set_steps(const fric_ident_set *s)
{
    return s ? s->steps : 0;
}

/* ------------------------------------------------------ the simulation */

static const ident_walk_ops native_ops = { native_start, native_inertia, native_step, native_q };

/* Σ |q_sim − q_meas| over the frames of recording `rec`, joint j, for each
 * of the sets P[0 .. count) (count <= IDENT_LANES): sum[c], +inf when the
 * state left the finite range or P[c] is refused (fric_ident.h's
 * simulation; the walk of ident_walk.h). sim_q[min(cap, n)]: set 0's. */
static void run(const fric_ident_set *s, size_t rec, int j, const fric_native_params *P, int count, double *sum,
                double *sim_q, size_t cap)
{
    const double link = s->tr[rec]->inertia[(size_t)j];
    native_lanes L;
    int live[IDENT_LANES];
    L.P = P;
    for (int c = 0; c < count; c++) {
        live[c] = !fric_native_prepare_joint(&P[c], s->o.firmware_kp, s->o.h, link + P[c].armature, &L.sd[c]);
        memset(&L.st[c], 0, sizeof L.st[c]);
    }
    ident_walk(s, rec, j, &native_ops, &L, count, live, sum, sim_q, cap);
}

double fric_ident_simulate(const fric_ident_set *s, size_t rec, int j, const fric_native_params *p, double *sim_q,
                           size_t cap)
{
    if (!s || !p || rec >= s->count || j < 0 || j >= s->joints) return INFINITY;
    double sum;
    run(s, rec, j, p, 1, &sum, sim_q, cap);
    return sum / (double)s->rec[rec]->n;
}

void fric__ident_loss_many(const fric_ident_set *s, int j, const fric_native_params *P, int count, double *out)
{
    for (int c = 0; c < count; c++) out[c] = 0;
    for (int c0 = 0; c0 < count; c0 += IDENT_LANES) {
        const int m = count - c0 < IDENT_LANES ? count - c0 : IDENT_LANES;
        for (size_t i = 0; i < s->count; i++) {
            double sum[IDENT_LANES];
            run(s, i, j, P + c0, m, sum, NULL, 0);
            for (int c = 0; c < m; c++) out[c0 + c] += sum[c];
        }
    }
    for (int c = 0; c < count; c++) out[c] /= (double)s->frames;
}

double fric_ident_loss(const fric_ident_set *s, int j, const fric_native_params *p)
{
    if (!s || !p || j < 0 || j >= s->joints) return INFINITY;
    double out;
    fric__ident_loss_many(s, j, p, 1, &out);
    return out;
}
