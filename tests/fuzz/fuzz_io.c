/*
 * fuzz_io.c: libFuzzer target (c), the io library's native readers
 * (fric_io.h: cJSON front end and the shared checks and resampling) — the
 * one reader the CLI, the benchmarks and the tests use.
 *
 * The input is, by its first byte, a bench log for fric_io_log_read (then
 * every sample of the accepted log is resampled), or a parameter file for
 * fric_io_params_read into the bench scenario's vector. The readers take a
 * path, hence the temporary file in /dev/shm (memory, not disk).
 * Invariants: no crash, no leak, no undefined behaviour (ASan/UBSan); a
 * reader returns 0 (then every number it gives is finite, and the samples of
 * a log are finite) or refuses with a message.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "fric_bench.h"
#include "fric_io.h"
#include "fric_scenario.h"
#include "fuzz_input.h"

static char path[64];

static void check_log(const fric_io_log *log)
{
    for (size_t i = 0; i < log->n; i++)
        if (!isfinite(log->timestamp[i]) || !isfinite(log->position[i]) ||
            !isfinite(log->goal_position[i]))
            FUZZ_FAIL("log accepted with a non-finite entry %zu", i);
    size_t n = fric_io_log_samples(log), cursor = 0;
    for (size_t k = 0; k < n && k < 100000; k++) {   /* bound: a fuzz input is small */
        fric_io_sample s = fric_io_log_sample(log, k, &cursor);
        if (!isfinite(s.t) || !isfinite(s.position) || !isfinite(s.goal) || !isfinite(s.speed))
            FUZZ_FAIL("sample %zu of an accepted log is not finite", k);
    }
}

static void read_log(void)
{
    fric_io_error err;
    fric_io_log log;
    int rc = fric_io_log_read(path, &log, &err);
    if (rc == 0) check_log(&log);
    fric_io_log_destroy(&log);
    if (rc != 0 && !err.message[0]) FUZZ_FAIL("a log refused without a message");
}

static void read_params(void)
{
    fric_io_error err;
    const fric_scenario *bench = fric_scenario_find("bench");
    double p[FRIC_SCENARIO_MAX_PARAMS];
    fric_scenario_defaults(bench, p);
    if (fric_io_params_read(path, bench, p, &err) != 0) {
        if (!err.message[0]) FUZZ_FAIL("a parameter file refused without a message");
        return;
    }
    for (int j = 0; j < bench->n_params; j++)
        if (!isfinite(p[j])) FUZZ_FAIL("parameter %d accepted as non-finite", j);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1) return 0;
    uint8_t which = data[0] % 2;
    data++;
    size--;
    if (!path[0]) snprintf(path, sizeof path, "/dev/shm/fric_fuzz_io_%ld.json", (long)getpid());
    FILE *f = fopen(path, "wb");
    if (!f) return 0;
    fwrite(data, 1, size, f);
    fclose(f);
    if (which == 0) read_log();
    else read_params();
    return 0;
}
