/*
 * bench_batch.c: the replay score (Duclusaud & Passault §V-B; Rhoban/bam
 * bam/fit.py) of one parameter set on many logs at once, for identification.
 *
 * Structure of arrays: sample k of every log lies contiguously (index
 * k·N + i), and the outer loop is over samples, the inner over logs, so the
 * N independent benches advance in lock step and the CPU overlaps their
 * dependency chains (one bench alone is latency-bound: sin, exp, a division
 * and the friction treatment in sequence). Each lane steps with
 * fric_bench_step, the one definition of the step, so mae[i] equals
 * fric_bench_replay's score of log i operation for operation.
 */
#include <assert.h>
#include <math.h>

#include "bench_internal.h"
#include "base.h"

fric_status fric_bench_batch_check(const fric_bench_batch *b, const char **why)
{
    const char *m = NULL;
    if (!b || !b->n || !b->goal || !b->torque_enable || !b->q_rec || !b->header)
        m = fric__say_id("bench.batch_n_goal",
                "batch: the batch and its n, goal, torque_enable, q_rec and header arrays must be "
                "given (dq0 may be NULL).",
                fric__no_values);
    else if (b->logs == 0 || b->samples == 0)
        m = fric__say_id("bench.logs_samples_both",
                "batch: logs = {logs} and samples = {samples} must both be >= 1.",
                fric__values(fric__u("logs", b->logs), fric__u("samples", b->samples)));
    for (size_t i = 0; !m && i < b->logs; i++) {
        const fric_io_log *h = &b->header[i];
        if (b->n[i] < 1 || b->n[i] > b->samples)
            m = fric__say_id("bench.log_n_samples",
                    "batch: log {i} has n = {n} samples; it needs 1..{samples}.",
                    fric__values(fric__u("i", i), fric__u("n", b->n[i]), fric__u("samples", b->samples)));
        else if (!(isfinite(h->dt) && h->dt > 0))
            m = fric__say_id("bench.log_dt_s",
                    "batch: log {i} has dt = {dt} s; it needs a finite step > 0 (resample raw logs "
                    "first).",
                    fric__values(fric__u("i", i), fric__g("dt", h->dt)));
        else if (!isfinite(h->mass) || !isfinite(h->arm_mass) || !isfinite(h->length)
                 || !isfinite(h->kp) || !isfinite(h->vin))
            m = fric__say_id("bench.log_non_finite",
                    "batch: log {i} has a non-finite mass, arm_mass, length, kp or vin.",
                    fric__values(fric__u("i", i)));
        else if (b->dq0 && !isfinite(b->dq0[i]))
            m = fric__say_id("bench.log_non_finite_2",
                    "batch: log {i} has a non-finite initial speed {dq0} rad/s.",
                    fric__values(fric__u("i", i), fric__g("dq0", b->dq0[i])));
        for (size_t k = 0; !m && k < b->n[i]; k++) {
            size_t j = k * b->logs + i;
            if (!isfinite(b->goal[j]) || !isfinite(b->q_rec[j]) || b->torque_enable[j] > 1)
                m = fric__say_id("bench.log_sample_non",
                        "batch: log {i} sample {k} has a non-finite goal or position, or "
                        "torque_enable {torque_enable} not 0/1.",
                        fric__values(fric__u("i", i), fric__u("k", k),
                                     fric__i("torque_enable", (int)b->torque_enable[j])));
        }
    }
    if (why) *why = m ? m : "";
    return m ? fric__rc() : FRIC_OK;
}

fric_status fric_bench_batch_mae(const fric_bench_batch *b, const fric_bench_def *d,
                                 fric_bench_lane *lanes, double *mae, const char **why)
{
    assert(b && b->logs >= 1 && b->n && b->goal && b->q_rec && b->header);  /* checked once */
    size_t N = b->logs;
    for (size_t i = 0; i < N; i++) {
        fric_bench_lane *L = &lanes[i];
        const char *m;
        fric_bench_def_from_log(d, &b->header[i], &L->def);   /* as fric_bench_replay */
        if (fric_bench_init(&L->def, &L->st, b->q_rec[i], b->dq0 ? b->dq0[i] : 0, &m)) {
            const char *w = fric__reword("batch: log %zu: %s", i, m);   /* keeps init's code */
            if (why) *why = w;
            return fric__rc();
        }
        L->sum = 0;
        mae[i] = 0;
    }
    for (size_t k = 0; k < b->samples; k++) {
        const double *goal = b->goal + k * N, *q_rec = b->q_rec + k * N;
        const unsigned char *te = b->torque_enable + k * N;
        for (size_t i = 0; i < N; i++) {
            fric_bench_lane *L = &lanes[i];
            if (k >= b->n[i] || isnan(mae[i])) continue;
            L->sum += fabs(L->st.q - q_rec[i]);
            if (fric_bench_step(&L->def, &L->st, goal[i], te[i])) mae[i] = NAN;
        }
    }
    for (size_t i = 0; i < N; i++)
        if (!isnan(mae[i])) mae[i] = lanes[i].sum / (double)b->n[i];
    if (why) *why = "";
    return 0;
}
