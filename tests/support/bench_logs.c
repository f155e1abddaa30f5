/* bench_logs.c: the shared logs' names and the synthetic batch (bench_logs.h). */
#include "bench_logs.h"

#include <math.h>
#include <string.h>
#include <stdio.h>

const char *const bench_xl330_logs[BENCH_N_XL330] = {
    "2026-01-15_10h28m10", "2026-01-15_10h28m17", "2026-01-15_10h28m24", "2026-01-15_10h28m32",
    "2026-01-15_10h28m42", "2026-01-15_10h28m49", "2026-01-15_10h28m57", "2026-01-15_10h29m04",
    "2026-01-15_10h29m14", "2026-01-15_10h29m21", "2026-01-15_10h29m29", "2026-01-15_10h29m37",
    "2026-01-15_10h29m47", "2026-01-15_10h29m54", "2026-01-15_10h30m02", "2026-01-15_10h30m10",
};
const char *const bench_sts3215_logs[BENCH_N_STS3215] = {
    "2024-10-26_12h23m27", "2024-10-26_12h23m42", "2024-10-26_12h24m55", "2024-10-26_12h27m27",
};

fric_bench_batch bench_synth_make(bench_synth *s)
{
    const size_t NL = BENCH_SYNTH_NL, SMAX = BENCH_SYNTH_SMAX;
    for (size_t i = 0; i < NL; i++) {
        s->n[i] = SMAX - 77 * i;
        s->hdr[i] = (fric_io_log){ .mass = 0.2 + 0.1 * (double)i, .arm_mass = i % 3 ? 0 : 0.05,
                                   .length = 0.1 + 0.01 * (double)(i % 4),
                                   .kp = 8 + 4 * (double)(i % 5), .vin = i % 2 ? 0 : 11 + (double)i,
                                   .dt = i % 3 == 2 ? 0.005 : 0.002 };
        s->dq0[i] = 0.1 * ((double)i - 6);
        for (size_t k = 0; k < SMAX; k++) {
            size_t j = k * NL + i;
            double t = (double)k * s->hdr[i].dt;
            int in = k < s->n[i];
            s->goal[j] = in ? sin(t * (1 + 0.3 * (double)i)) * 1.2 : 1e300;
            s->te[j] = in ? (unsigned char)!(i % 4 == 3 && t > 1.0) : 7;
            s->q_rec[j] = in ? 0.9 * sin(t * (1 + 0.3 * (double)i) - 0.1) + 0.01 * cos(17 * t) : NAN;
        }
    }
    return (fric_bench_batch){ NL, SMAX, s->n, s->goal, s->te, s->q_rec, s->dq0, s->hdr };
}

void bench_small_log_make(bench_small_log *L)
{
    memset(L, 0, sizeof *L);
    for (int k = 0; k < 4; k++) {
        L->ts[k] = 0.01 * k;
        L->te[k] = 1;
    }
    L->log = (fric_io_log){ .mass = 0.5, .arm_mass = 0, .length = 0.1, .kp = 100, .vin = 7.4,
                            .dt = 0.01, .n = 4, .timestamp = L->ts, .position = L->p,
                            .goal_position = L->g, .torque_enable = L->te, .speed = L->sp };
}

void bench_raw_log_make(bench_raw_log *r)
{
    enum { N = BENCH_RAW_N };
    memset(r, 0, sizeof *r);
    for (int k = 0; k < N; k++) {
        r->ek[k] = FRIC_IO_OBJECT;
        r->kind[FRIC_IO_E_TIMESTAMP * N + k] = r->kind[FRIC_IO_E_POSITION * N + k] = FRIC_IO_NUMBER;
        r->kind[FRIC_IO_E_GOAL * N + k] = FRIC_IO_NUMBER;
        r->kind[FRIC_IO_E_ENABLE * N + k] = FRIC_IO_BOOL;
        r->value[FRIC_IO_E_TIMESTAMP * N + k] = k * 0.005;
        r->value[FRIC_IO_E_ENABLE * N + k] = 1;
    }
    r->raw = (fric_io_log_raw){ .root = FRIC_IO_OBJECT, .n = N, .entry_kind = r->ek,
                                .kind = r->kind, .value = r->value, .unknown_entry = -1 };
    r->raw.head_kind[FRIC_IO_H_MASS] = r->raw.head_kind[FRIC_IO_H_LENGTH] = FRIC_IO_NUMBER;
    r->raw.head_kind[FRIC_IO_H_KP] = r->raw.head_kind[FRIC_IO_H_DT] = FRIC_IO_NUMBER;
    r->raw.head_kind[FRIC_IO_H_ENTRIES] = FRIC_IO_ARRAY;
    r->raw.head[FRIC_IO_H_MASS] = 0.5;
    r->raw.head[FRIC_IO_H_LENGTH] = 0.1;
    r->raw.head[FRIC_IO_H_KP] = 100;
    r->raw.head[FRIC_IO_H_DT] = 0.005;
}

const char *bench_logs_read(const char *dir, const char *const *names, int n, fric_io_log *logs,
                            const fric_io_log **ptr)
{
    static fric_io_error err;
    for (int i = 0; i < n; i++) {
        char path[512];
        snprintf(path, sizeof path, "%s/%s.json", dir, names[i]);
        if (fric_io_log_read(path, &logs[i], &err)) {
            while (i-- > 0) fric_io_log_destroy(&logs[i]);
            return err.message;
        }
        if (ptr) ptr[i] = &logs[i];
    }
    return NULL;
}
