/*
 * bench_logs.h: the logs the bench and fit tests share, named once.
 *   - the shared data's file names (../shared/data/bam/logs): the 16 xl330
 *     logs (processed/ and raw/ hold the same names) and the 4 raw sts3215
 *     logs;
 *   - a synthetic batch of 13 processed logs (no shared data needed) of
 *     different lengths (1200 − 77·i samples), steps (2 and 5 ms), loads,
 *     gains and supplies, with torque off after 1 s in logs 3, 7 and 11
 *     and poisoned padding past each log's end (goal 1e300, q NaN,
 *     torque_enable 7), which no evaluation may read;
 *   - a processed log of 4 samples (bench_small_log) and a raw log of 20
 *     entries as a front end hands it over (bench_raw_log), both valid: the
 *     refusal tests break one field of them.
 */
#ifndef BENCH_LOGS_H
#define BENCH_LOGS_H

#include "fric_bench.h"
#include "fric_io.h"

#define BENCH_LOGS_DIR "../shared/data/bam/logs"
#define BENCH_XL330_DIR BENCH_LOGS_DIR "/xl330/processed"
#define BENCH_STS3215_DIR BENCH_LOGS_DIR "/sts3215/raw"
#define BENCH_N_XL330 16
#define BENCH_N_STS3215 4
extern const char *const bench_xl330_logs[BENCH_N_XL330];
extern const char *const bench_sts3215_logs[BENCH_N_STS3215];

/* Reads dir/<names[i]>.json for i < n into logs[i] (ptr[i] = &logs[i]).
 * NULL, or the reader's message (static storage; the logs read so far are
 * freed). */
const char *bench_logs_read(const char *dir, const char *const *names, int n, fric_io_log *logs,
                            const fric_io_log **ptr);

#define BENCH_SYNTH_NL 13
#define BENCH_SYNTH_SMAX 1200
typedef struct {
    double goal[BENCH_SYNTH_SMAX * BENCH_SYNTH_NL], q_rec[BENCH_SYNTH_SMAX * BENCH_SYNTH_NL];
    double dq0[BENCH_SYNTH_NL];
    unsigned char te[BENCH_SYNTH_SMAX * BENCH_SYNTH_NL];
    size_t n[BENCH_SYNTH_NL];
    fric_io_log hdr[BENCH_SYNTH_NL];
} bench_synth;

/* Fills s (static storage: it is large) and returns the batch over it. */
fric_bench_batch bench_synth_make(bench_synth *s);

/* A processed log of 4 samples at rest, dt 10 ms, on the default arm (mass
 * 0.5 kg, length 0.1 m, kp 100, vin 7.4 V), torque on. */
typedef struct {
    double ts[4], g[4], p[4], sp[4];
    int te[4];
    fric_io_log log;
} bench_small_log;
void bench_small_log_make(bench_small_log *L);

/* A raw log (fric_io_log_raw) of BENCH_RAW_N entries every 5 ms: mass 0.5
 * kg, length 0.1 m, kp 100, dt 0.005 s, positions and goals 0, torque on;
 * te receives torque_enable (fric_io_log_create_from_raw). */
#define BENCH_RAW_N 20
typedef struct {
    unsigned char ek[BENCH_RAW_N], kind[FRIC_IO_E_COUNT * BENCH_RAW_N];
    double value[FRIC_IO_E_COUNT * BENCH_RAW_N];
    int te[BENCH_RAW_N];
    fric_io_log_raw raw;
} bench_raw_log;
void bench_raw_log_make(bench_raw_log *r);

#endif
