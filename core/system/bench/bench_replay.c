/*
 * bench_replay.c: replaying a recorded bench log and scoring it as the
 * identification of Duclusaud & Passault does (§V-B: mean absolute error of
 * the joint position). Reference: Rhoban/bam bam/simulate.py rollout_log
 * (simulate_control=True), bam/fit.py compute_score, bam/process.py,
 * bam/logs.py (Apache-2.0, Copyright 2025 Marc Duclusaud & Grégoire
 * Passault).
 *
 * Time base and samples: the io library's (fric_io_log_sample, fric_io.h),
 * the one rule of the CLI, the benchmarks and the browser: a processed log
 * ("dt" header) is taken one entry per step; a raw log is resampled on the
 * fly as bam/process.py does, at FRIC_IO_RESAMPLE_DT, without storing the
 * resampled log. The log is checked by fric_io_log_check.
 *
 * Rollout: q_0, θ̇_0 = the first (resampled) position and speed; for each
 * sample k: record q_k, then take one step toward goal_k with
 * torque_enable_k (the control law is recomputed from the simulated state).
 * Score: MAE = (1/N)·Σ_k |q_k − position_k| (k = 0 included, where the error
 * is 0). numpy sums pairwise, we sum in order: the two differ by ~1e-16
 * relative.
 */
#include <math.h>
#include <string.h>

#include "bench_internal.h"
#include "fric_bench.h"
#include "fric_io.h"
#include "base.h"

/* The io view of (h, log): no copy, no allocation. */
static fric_io_log io_view(const fric_bench_log_header *h, const fric_bench_log *log)
{
    fric_io_log L;
    memset(&L, 0, sizeof L);
    L.mass = h->mass;
    L.arm_mass = h->arm_mass;
    L.length = h->length;
    L.kp = h->kp;
    L.vin = h->vin;
    L.dt = h->dt;
    L.n = log->n;
    L.timestamp = log->timestamp;
    L.position = log->position;
    L.goal_position = log->goal_position;
    L.torque_enable = log->torque_enable;
    L.speed = log->speed;
    return L;
}

size_t fric_bench_replay_samples(const fric_bench_log_header *h, const fric_bench_log *log)
{
    if (!h || !log) return 0;
    fric_io_log L = io_view(h, log);
    return fric_io_log_samples(&L);
}

int fric_bench_replay(const fric_bench_def *d, const fric_bench_log_header *h,
                      const fric_bench_log *log, double *sim_q, size_t cap,
                      fric_bench_replay_result *out, const char **why)
{
    const char *m = d ? NULL : fric__fail(FRIC_E_NULL, -1, "replay: bench definition is NULL.");
    if (!m && (!h || !log)) m = fric__fail(FRIC_E_NULL, -1, "replay: header or log is NULL.");
    fric_io_log L;
    fric_io_error err;
    if (!m) {
        L = io_view(h, log);
        if (fric_io_log_check(&L, NULL, &err)) m = fric__fail(FRIC_E_LOG_INVALID, -1, "replay: %s", err.message);
    }
    fric_bench_def e;
    if (!m) {
        e = *d;
        e.mass = h->mass;
        e.arm_mass = h->arm_mass;
        e.length = h->length;
        e.kp = h->kp;
        if (h->vin > 0) e.vin = h->vin;
        e.dt = fric_io_log_step(&L);
        const char *bad = NULL;
        if (fric_bench_check(&e, &bad)) m = fric__bench_prefix("replay: ", bad);
    }
    size_t N = m ? 0 : fric_io_log_samples(&L);
    if (!m && N == 0) m = fric__say("replay: the log gives no sample to simulate.");
    if (m) {
        if (why) *why = m;
        return fric__rc();
    }

    size_t frame = 0;
    fric_io_sample s0 = fric_io_log_sample(&L, 0, &frame);
    fric_bench_state st;
    if (fric_bench_init(&e, &st, s0.position, s0.speed, &m)) {
        if (why) *why = fric__bench_prefix("replay: ", m);
        return fric__rc();
    }
    double sum = 0, max_err = 0;
    for (size_t k = 0; k < N; k++) {
        fric_io_sample s = fric_io_log_sample(&L, k, &frame);
        double dq = fabs(st.q - s.position);
        sum += dq;
        if (dq > max_err) max_err = dq;
        if (sim_q && k < cap) sim_q[k] = st.q;
        if (fric_bench_step(&e, &st, s.goal, s.torque_enable)) {
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
        out->resampled = L.dt == 0;
        out->reversals = st.reversals;
        out->steps_stuck = st.steps_stuck;
    }
    if (why) *why = "";
    return 0;
}
