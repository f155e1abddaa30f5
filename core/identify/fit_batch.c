/*
 * fit_batch.c: logs as one batch for the batched replay score
 * (fric_bench_batch_mae), built once per fit: each log is sampled once with
 * the io library's rule (fric_io_log_sample: a processed log entry by entry,
 * a raw log resampled at 5 ms as bam/process.py), then laid out as structure
 * of arrays, sample k of log i at [k·N + i].
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fric_fit.h"
#include "base.h"

fric_status fric_fit_batch_create(const fric_io_log *const *logs, size_t n, fric_fit_batch *out,
                                 const char **why)
{
    const char *m = NULL;
    if (out) memset(out, 0, sizeof *out);
    if (!out) m = fric__fail_id(FRIC_E_NULL, -1, "fit.out_given",
                      "batch: out must be given.",
                      fric__no_values);
    else if (n == 0)
        m = fric__fail_id(FRIC_E_PARAM_RANGE, -1, "fit.n_logs_give",
                "batch: n = 0 logs; give at least one log (n >= 1) to fit on.",
                fric__no_values);
    else if (!logs)
        m = fric__fail_id(FRIC_E_NULL, -1, "fit.logs_null_pass",
                "batch: logs is NULL; pass an array of n = {n} logs.",
                fric__values(fric__u("n", n)));
    else if (n > FRIC_FIT_MAX_LOGS)
        m = fric__fail_id(FRIC_E_WORK_LIMIT, -1, "fit.logs_most_logs",
                "batch: {n} logs; at most {fit_max_logs} logs fit in one batch.",
                fric__values(fric__u("n", n), fric__i("fit_max_logs", FRIC_FIT_MAX_LOGS)));
    size_t S = 0;
    uint64_t steps = 0;
    for (size_t i = 0; !m && i < n; i++) {
        size_t k = logs[i] ? fric_io_log_samples(logs[i]) : 0;
        if (!logs[i]) m = fric__fail_id(FRIC_E_NULL, -1, "fit.log_null",
                              "batch: log {i} is NULL.",
                              fric__values(fric__u("i", i)));
        else if (k < 2)
            m = fric__fail_id(FRIC_E_LOG_INVALID, -1, "fit.log_samples_fit",
                    "batch: log {i} has {k} samples; a fit needs at least 2.",
                    fric__values(fric__u("i", i), fric__u("k", k)));
        else if (k > (size_t)FRIC_IO_MAX_SAMPLES)
            m = fric__fail_id(FRIC_E_WORK_LIMIT, -1, "fit.log_samples_above",
                    "batch: log {i} has {k} samples, above {io_max_samples}.",
                    fric__values(fric__u("i", i), fric__u("k", k),
                                 fric__fp("io_max_samples", 0, FRIC_IO_MAX_SAMPLES)));
        if (k > S) S = k;
        steps += k;
    }
    if (!m && S > (SIZE_MAX / sizeof(double) - 4 * n) / (n + 1))
        m = fric__fail_id(FRIC_E_NO_MEMORY, -1, "fit.logs_up_samples",
                "batch: {n} logs of up to {s} samples do not fit in memory.",
                fric__values(fric__u("n", n), fric__u("s", S)));
    if (m) {
        if (why) *why = m;
        return fric__rc();
    }
    /* one allocation holds every array, doubles first (alignment) */
    size_t SN = S * n;
    size_t bytes = (2 * SN + n) * sizeof(double) + n * sizeof(fric_io_log)
                   + n * sizeof(size_t) + SN;
    unsigned char *mem = calloc(1, bytes);
    if (!mem) {
        m = fric__fail_id(FRIC_E_NO_MEMORY, -1, "fit.out_memory_logs",
                "batch: out of memory for {n} logs of up to {s} samples ({bytes} bytes).",
                fric__values(fric__u("n", n), fric__u("s", S), fric__u("bytes", bytes)));
        if (why) *why = m;
        return fric__rc();
    }
    double *goal = (double *)mem, *q_rec = goal + SN, *dq0 = q_rec + SN;
    fric_io_log *hdr = (fric_io_log *)(dq0 + n);
    size_t *cnt = (size_t *)(hdr + n);
    unsigned char *te = (unsigned char *)(cnt + n);
    for (size_t i = 0; i < n; i++) {
        const fric_io_log *L = logs[i];
        size_t k_n = fric_io_log_samples(L), cur = 0;
        cnt[i] = k_n;
        hdr[i] = (fric_io_log){ .mass = L->mass, .arm_mass = L->arm_mass, .length = L->length,
                                .kp = L->kp, .vin = L->vin, .dt = fric_io_log_step(L),
                                .damping = L->damping, .max_amps = L->max_amps };
        for (size_t k = 0; k < k_n; k++) {
            fric_io_sample smp = fric_io_log_sample(L, k, &cur);
            goal[k * n + i] = smp.goal;
            q_rec[k * n + i] = smp.position;
            te[k * n + i] = (unsigned char)(smp.torque_enable != 0);
            if (k == 0) dq0[i] = smp.speed;
        }
    }
    out->b = (fric_bench_batch){ .logs = n, .samples = S, .n = cnt, .goal = goal,
                                 .torque_enable = te, .q_rec = q_rec, .dq0 = dq0,
                                 .header = hdr };
    out->logs = n;
    out->steps = steps;
    out->storage_ = mem;
    if (fric_bench_batch_check(&out->b, &m)) {
        if (why) *why = m;
        return fric__rc();
    }
    if (why) *why = "";
    return 0;
}

void fric_fit_batch_destroy(fric_fit_batch *b)
{
    if (!b) return;
    free(b->storage_);
    memset(b, 0, sizeof *b);
}

size_t fric_fit_split_kp(const fric_io_log *const *logs, size_t n, double kp,
                         unsigned char *valid)
{
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        valid[i] = logs[i] && logs[i]->kp == kp;
        k += valid[i];
    }
    return k;
}

size_t fric_fit_split_alternate(const fric_io_log *const *logs, size_t n, unsigned char *valid)
{
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        if (!logs[i]) {
            valid[i] = 0;
            continue;
        }
        /* rank of the kp: how many distinct kps below it (O(n²), n is small) */
        size_t rank = 0;
        for (size_t j = 0; j < n; j++) {
            if (!logs[j] || !(logs[j]->kp < logs[i]->kp)) continue;
            int first = 1;   /* count each distinct value once */
            for (size_t m = 0; m < j && first; m++)
                if (logs[m] && logs[m]->kp == logs[j]->kp) first = 0;
            rank += (size_t)first;
        }
        int traj = FRIC_BENCH_N_TRAJ;
        for (int t = 0; t < FRIC_BENCH_N_TRAJ; t++)
            if (strcmp(logs[i]->trajectory, fric_bench_traj_names[t]) == 0) traj = t;
        valid[i] = (unsigned char)((rank + (size_t)traj) % 2);
        k += valid[i];
    }
    return k;
}

/* The kinds are the logs' "trajectory" headers as written (an unknown name
 * is a kind of its own); the ratio is FRIC_FIT_OVERFIT_RATIO. */
size_t fric_fit_caution(const fric_io_log *const *logs, size_t n, const unsigned char *valid,
                        double train_mae, double valid_mae, char *buf, size_t size)
{
    char tmp[1024];
    size_t len = 0;
    int missing = 0;
    tmp[0] = '\0';
#define PUT(...) \
    do { \
        int w_ = snprintf(tmp + len, sizeof tmp - len, __VA_ARGS__); \
        if (w_ > 0) len = len + (size_t)w_ < sizeof tmp ? len + (size_t)w_ : sizeof tmp - 1; \
    } while (0)
    for (size_t i = 0; logs && valid && i < n; i++) {
        if (!logs[i]) continue;
        const char *kind = logs[i]->trajectory;
        int first = 1, trained = 0;
        for (size_t j = 0; j < n; j++) {
            if (!logs[j] || strcmp(logs[j]->trajectory, kind) != 0) continue;
            if (j < i) first = 0;
            if (!valid[j]) trained = 1;
        }
        if (!first || trained) continue;
        PUT("%s%s", missing ? ", " : "Few training logs: no training log of the trajectory ",
            kind[0] ? kind : "(none named)");
        missing++;
    }
    if (missing)
        PUT(" (validation only): the fit has not seen %s; train on at least one log of every "
            "trajectory.", missing > 1 ? "those motions" : "that motion");
    if (isfinite(train_mae) && train_mae > 0 && isfinite(valid_mae) &&
        valid_mae > FRIC_FIT_OVERFIT_RATIO * train_mae)
        PUT("%sThe validation MAE (%.5f rad) is %.1f times the training MAE (%.5f rad): the fit "
            "follows its training logs much better than the others; train on more logs.",
            len ? " " : "", valid_mae, valid_mae / train_mae, train_mae);
#undef PUT
    if (buf && size) {
        size_t k = len < size - 1 ? len : size - 1;
        memcpy(buf, tmp, k);
        buf[k] = '\0';
    }
    return len;
}

size_t fric_fit_rig_caution(const fric_io_log *const *logs, size_t n, const unsigned char *valid,
                            int model, char *buf, size_t size)
{
    const fric_io_log *first = NULL;
    int one = 1;
    /* M3..M6 have load terms (fric_servo_coef_used of K_l or K_m) */
    int load = fric_servo_coef_used(model, 1 + FRIC_FIT_K_L - FRIC_FIT_K_C) ||
               fric_servo_coef_used(model, 1 + FRIC_FIT_K_M - FRIC_FIT_K_C);
    for (size_t i = 0; load && logs && i < n; i++) {
        if (!logs[i] || (valid && valid[i])) continue;
        if (!first) first = logs[i];
        else if (logs[i]->mass != first->mass || logs[i]->length != first->length) one = 0;
    }
    if (load && first && one)
        return fric__sentence(buf, size, "fit.one_rig",
                              "Every training log comes from one rig setup (mass {mass} kg, "
                              "length {length} m): M{model}'s load-dependent terms (K_l, K_m, "
                              "K_e ...) cannot be separated from the constant friction; add logs "
                              "of another mass or length.",
                              fric__values(fric__g("mass", first->mass),
                                           fric__g("length", first->length),
                                           fric__i("model", model)));
    fric__no_sentence();
    if (buf && size) buf[0] = '\0';
    return 0;
}
