/*
 * bench_replay.c: replaying a recorded bench log and scoring it as the
 * identification of Duclusaud & Passault does (§V-B: mean absolute error of
 * the joint position). Reference: Rhoban/bam bam/simulate.py rollout_log
 * (simulate_control=True), bam/fit.py compute_score, bam/process.py,
 * bam/logs.py (Apache-2.0, Copyright 2025 Marc Duclusaud & Grégoire
 * Passault).
 *
 * Time base. The reference simulates only processed logs: a log's "dt"
 * header is the step and entries are taken one per step, their timestamps
 * unused. Raw logs (irregular timestamps, no "dt") are first processed by
 * bam/process.py: t_k = k·dt for k = 0 .. ceil(t_last/dt) − 1 (numpy
 * arange(0, t_last, dt)), dt = 0.005 s, each field linearly interpolated
 * between the entries bracketing t_k (the first two entries extrapolate for
 * t_k < t_0), torque_enable = (interpolated 0/1 value > 0.5). We do the same
 * on the fly, without storing the resampled log.
 *
 * Rollout: q_0, θ̇_0 = the first (resampled) position and speed; for each
 * sample k: record q_k, then take one step toward goal_k with
 * torque_enable_k (the control law is recomputed from the simulated state).
 * Score: MAE = (1/N)·Σ_k |q_k − position_k| (k = 0 included, where the error
 * is 0). numpy sums pairwise, we sum in order: the two differ by ~1e-16
 * relative.
 */
#include <math.h>

#include "bench_internal.h"
#include "fric_bench.h"
#include "law_internal.h"

typedef struct {
    double goal, pos, speed;
    int te;
} sample;

static int raw_log(const fric_bench_log_header *h)
{
    return h->dt == 0;
}

size_t fric_bench_replay_samples(const fric_bench_log_header *h, const fric_bench_log *log)
{
    if (!h || !log || !log->timestamp || log->n < 2 || !isfinite(h->dt) || h->dt < 0) return 0;
    if (!raw_log(h)) return log->n;
    double dur = log->timestamp[log->n - 1];
    if (!isfinite(dur) || dur <= 0) return 0;
    double n = ceil(dur / FRIC_BENCH_RESAMPLE_DT);
    return n > 0 && n < 1e12 ? (size_t)n : 0;
}

/* Sample k of a raw log at t = k·dt (bam/process.py); *frame advances. */
static sample interp(const fric_bench_log *log, size_t *frame, double t)
{
    const double *ts = log->timestamp;
    while (*frame + 2 < log->n && t > ts[*frame + 1]) (*frame)++;
    size_t i = *frame;
    double t1 = ts[i], t2 = ts[i + 1];
    double r = t - t1, span = t2 - t1;
    sample s;
    s.goal = log->goal_position[i] + (log->goal_position[i + 1] - log->goal_position[i]) * r / span;
    s.pos = log->position[i] + (log->position[i + 1] - log->position[i]) * r / span;
    s.speed = log->speed ? log->speed[i] + (log->speed[i + 1] - log->speed[i]) * r / span : 0;
    double te1 = log->torque_enable[i] != 0, te2 = log->torque_enable[i + 1] != 0;
    s.te = te1 + (te2 - te1) * r / span > 0.5;
    return s;
}

static sample entry(const fric_bench_log *log, size_t k)
{
    sample s = { log->goal_position[k], log->position[k],
                 log->speed ? log->speed[k] : 0, log->torque_enable[k] != 0 };
    return s;
}

static const char *check_log(const fric_bench_log_header *h, const fric_bench_log *log)
{
    if (!h || !log) return fric__say("replay: header or log is NULL.");
    if (!isfinite(h->mass) || h->mass <= 0)
        return fric__say("replay: header mass = %g kg must be a finite load > 0.", h->mass);
    if (!isfinite(h->arm_mass) || h->arm_mass < 0)
        return fric__say("replay: header arm_mass = %g kg must be finite and >= 0 (0 when absent).", h->arm_mass);
    if (!isfinite(h->length) || h->length <= 0)
        return fric__say("replay: header length = %g m must be a finite length > 0.", h->length);
    if (!isfinite(h->kp) || h->kp < 0)
        return fric__say("replay: header kp = %g must be a finite gain >= 0.", h->kp);
    if (!isfinite(h->vin) || h->vin < 0)
        return fric__say("replay: header vin = %g V must be finite and > 0, or 0 when the log has none.", h->vin);
    if (!isfinite(h->dt) || h->dt < 0 || h->dt > 1)
        return fric__say("replay: header dt = %g s must be a step in (0, 1] s, or 0 for a raw log "
                         "(resampled at %g s).", h->dt, FRIC_BENCH_RESAMPLE_DT);
    if (log->n < 2)
        return fric__say("replay: the log has %zu entries; at least 2 are needed.", log->n);
    if (!log->timestamp || !log->goal_position || !log->torque_enable || !log->position)
        return fric__say("replay: timestamp, goal_position, torque_enable and position arrays "
                         "must all be given (speed may be NULL).");
    for (size_t k = 0; k < log->n; k++) {
        if (!isfinite(log->timestamp[k]) || !isfinite(log->goal_position[k])
            || !isfinite(log->position[k]) || (log->speed && !isfinite(log->speed[k])))
            return fric__say("replay: entry %zu has a non-finite timestamp, goal_position, position "
                             "or speed.", k);
        if (raw_log(h) && k > 0 && !(log->timestamp[k] > log->timestamp[k - 1]))
            return fric__say("replay: timestamp[%zu] = %.9g s is not after timestamp[%zu] = %.9g s; "
                             "a raw log needs increasing timestamps.", k, log->timestamp[k], k - 1,
                             log->timestamp[k - 1]);
    }
    if (raw_log(h) && !(log->timestamp[log->n - 1] > 0))
        return fric__say("replay: the last timestamp %.9g s must be > 0 to resample the raw log.",
                         log->timestamp[log->n - 1]);
    return NULL;
}

int fric_bench_replay(const fric_bench_def *d, const fric_bench_log_header *h,
                      const fric_bench_log *log, double *sim_q, size_t cap,
                      fric_bench_replay_result *out, const char **why)
{
    const char *m = d ? check_log(h, log) : fric__say("replay: bench definition is NULL.");
    fric_bench_def e;
    if (!m) {
        e = *d;
        e.mass = h->mass;
        e.arm_mass = h->arm_mass;
        e.length = h->length;
        e.kp = h->kp;
        if (h->vin > 0) e.vin = h->vin;
        e.dt = raw_log(h) ? FRIC_BENCH_RESAMPLE_DT : h->dt;
        const char *bad = NULL;
        if (fric_bench_check(&e, &bad)) m = fric__bench_prefix("replay: ", bad);
    }
    size_t N = m ? 0 : fric_bench_replay_samples(h, log);
    if (!m && N == 0) m = fric__say("replay: the log gives no sample to simulate.");
    if (m) {
        if (why) *why = m;
        return fric__rc();
    }

    int raw = raw_log(h);
    size_t frame = 0;
    sample s0 = raw ? interp(log, &frame, 0.0) : entry(log, 0);
    fric_bench_state st;
    if (fric_bench_init(&e, &st, s0.pos, s0.speed, &m)) {
        if (why) *why = fric__bench_prefix("replay: ", m);
        return fric__rc();
    }
    double sum = 0, max_err = 0;
    for (size_t k = 0; k < N; k++) {
        sample s = raw ? interp(log, &frame, (double)k * e.dt) : entry(log, k);
        double err = fabs(st.q - s.pos);
        sum += err;
        if (err > max_err) max_err = err;
        if (sim_q && k < cap) sim_q[k] = st.q;
        if (fric_bench_step(&e, &st, s.goal, s.te)) {
            if (why) *why = fric__fail(FRIC_E_NONFINITE, -1, "replay: the simulation left the finite range at sample %zu "
                                      "(t = %g s, q = %g rad, dq = %g rad/s); check kt, R, armature "
                                      "and the friction coefficients.", k, (double)k * e.dt, st.q, st.dq);
            return fric__rc();
        }
    }
    if (out) {
        out->mae = sum / (double)N;
        out->max_err = max_err;
        out->samples = N;
        out->dt = e.dt;
        out->resampled = raw;
        out->reversals = st.reversals;
        out->steps_stuck = st.steps_stuck;
    }
    if (why) *why = "";
    return 0;
}
