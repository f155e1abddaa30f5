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
#include <stdio.h>
#include <string.h>

#include "bench_internal.h"
#include "fric_bench.h"
#include "fric_io.h"
#include "fric_scenario.h"
#include "base.h"

void fric_bench_def_from_log(const fric_bench_def *d, const fric_io_log *log, fric_bench_def *e)
{
    *e = *d;
    e->mass = log->mass;
    e->arm_mass = log->arm_mass;
    e->length = log->length;
    fric_bench_gains_for_log(e, log);
    e->dt = fric_io_log_step(log);
}

fric_status fric_bench_log_check(const fric_io_log *log, const char *source, fric_io_error *err)
{
    fric_io_error local;
    if (!err) err = &local;
    memset(err, 0, sizeof *err);
    err->entry = -1;
    if (!log) {
        snprintf(err->message, sizeof err->message, "log %.200s: no log (NULL).", source ? source : "");
        fric__fail_around(FRIC_E_NULL, -1, "%s", err->message);
        return FRIC_E_NULL;
    }
    const fric_scenario *bench = fric_scenario_find("bench");
    const struct { const char *name; double v; int given; } h[] = {
        { "mass", log->mass, 1 }, { "arm_mass", log->arm_mass, 1 }, { "length", log->length, 1 },
        { "kp", log->kp, 1 }, { "vin", log->vin, log->vin > 0 }, { "dt", log->dt, log->dt > 0 },
    };
    for (size_t i = 0; bench && i < sizeof h / sizeof h[0]; i++) {
        int k = fric_scenario_param_index(bench, h[i].name);
        if (k < 0 || !h[i].given) continue;
        const fric_param_info *pi = &bench->params[k];
        if (h[i].v >= pi->min && h[i].v <= pi->max) continue;
        err->code = FRIC_IO_RANGE;
        snprintf(err->field, sizeof err->field, "%s", h[i].name);
        const char *m = fric__say_id("log.bench_range",
                                     "\"{key}\" = {value} must be in [{min}, {max}]{sp}{unit} (the bench's range).",
                                     fric__values(fric__s("key", h[i].name), fric__g("value", h[i].v),
                                                  fric__g("min", pi->min), fric__g("max", pi->max),
                                                  fric__s("sp", pi->unit[0] ? " " : ""), fric__s("unit", pi->unit)));
        snprintf(err->message, sizeof err->message, "log %.200s: %s", source ? source : "", m);
        fric__fail_around(FRIC_E_LOG_INVALID, -1, "%s", err->message);
        return FRIC_E_LOG_INVALID;
    }
    return FRIC_OK;
}

void fric_bench_gains_for_log(fric_bench_def *e, const fric_io_log *log)
{
    e->kp = log->kp;
    if (log->vin > 0) e->vin = log->vin;
    /* the host's PD loop of the Feetech HLS reads its d and current clip from
       the log when given (bam/feetech_hls/actuator.py: I = clip(kp·e − d·√kp·θ̇,
       ±max_amps)); the other actuators' firmware constants are not the log's */
    if (e->servo.control == FRIC_SERVO_CURRENT_HOST) {
        if (log->damping > 0) e->servo.d_gain = log->damping;
        if (log->max_amps > 0) e->servo.max_amps = log->max_amps;
    }
}

size_t fric__bench_rollout(const fric_io_log *log, size_t N, void *ctx, double (*q_of)(const void *ctx),
                           int (*step)(void *ctx, double goal, int torque_enable), double *sim_q, size_t cap,
                           double *sum, double *max_err)
{
    size_t frame = 0;
    for (size_t k = 0; k < N; k++) {
        fric_io_sample s = fric_io_log_sample(log, k, &frame);
        double q = q_of(ctx), e = fabs(q - s.position);
        *sum += e;
        if (e > *max_err) *max_err = e;
        if (sim_q && k < cap) sim_q[k] = q;
        if (step(ctx, s.goal, s.torque_enable)) return k;
    }
    return N;
}

/* fric_bench_replay's bench for the rollout. */
typedef struct {
    const fric_bench_def *d;
    fric_bench_state *st;
} bench_run;
static double bench_q(const void *ctx) { return ((const bench_run *)ctx)->st->q; }
static int bench_step(void *ctx, double goal, int te)
{
    const bench_run *r = ctx;
    return fric_bench_step(r->d, r->st, goal, te) != FRIC_OK;
}

fric_status fric_bench_replay(const fric_bench_def *d, const fric_io_log *log, double *sim_q, size_t cap,
                              fric_bench_replay_result *out, const char **why)
{
    const char *m = d ? NULL : fric__fail_door(FRIC_E_NULL, -1, "replay: ", "bench.bench_definition_null",
                                   "bench definition is NULL.",
                                   fric__no_values);
    if (!m && !log) m = fric__fail_door(FRIC_E_NULL, -1, "replay: ", "bench.log_null",
                            "log is NULL.",
                            fric__no_values);
    fric_io_error err;
    if (!m && fric_io_log_check(log, NULL, &err))
        m = fric__fail_around(FRIC_E_LOG_INVALID, -1, "replay: %s", err.message);
    fric_bench_def e;
    if (!m) {
        fric_bench_def_from_log(d, log, &e);
        const char *bad = NULL;
        if (fric_bench_check(&e, &bad)) m = fric__bench_prefix("replay: ", bad);
    }
    size_t N = m ? 0 : fric_io_log_samples(log);
    if (!m && N == 0) m = fric__say_door("replay: ", "bench.log_gives_no_2",
                              "the log gives no sample to simulate.",
                              fric__no_values);
    if (m) {
        if (why) *why = m;
        return fric__rc();
    }

    size_t frame = 0;
    fric_io_sample s0 = fric_io_log_sample(log, 0, &frame);
    (void)frame;
    fric_bench_state st;
    if (fric_bench_init(&e, &st, s0.position, s0.speed, &m)) {
        fric__why(why, fric__bench_prefix("replay: ", m));
        return fric__rc();
    }
    double sum = 0, max_err = 0;
    bench_run run = { &e, &st };
    size_t k = fric__bench_rollout(log, N, &run, bench_q, bench_step, sim_q, cap, &sum, &max_err);
    if (k < N) {
        fric__why(why, fric__fail_door(FRIC_E_NONFINITE, -1, "replay: ", "bench.simulation_left_finite_2",
                           "the simulation left the finite range at sample {k} (t = {dt} s,"
                           " q = {q} rad, dq = {dq} rad/s); check kt, R, armature and the friction "
                           "coefficients.",
                           fric__values(fric__u("k", k), fric__g("dt", (double)k * e.dt),
                                        fric__g("q", st.q), fric__g("dq", st.dq))));
        return fric__rc();
    }
    fric__bench_replay_result(out, log, N, sum, max_err, e.dt, st.reversals, st.steps_stuck);
    if (why) *why = "";
    return 0;
}

void fric__bench_replay_result(fric_bench_replay_result *out, const fric_io_log *log, size_t N, double sum,
                               double max_err, double dt, uint64_t reversals, uint64_t steps_stuck)
{
    if (!out) return;
    out->mae = sum / (double)N;        /* the paper's score, §V-B: the mean |q_sim − q_log| */
    out->max_err = max_err;
    out->samples = N;
    out->dt = dt;
    out->resampled = log->dt == 0;
    out->reversals = reversals;
    out->steps_stuck = steps_stuck;
}
