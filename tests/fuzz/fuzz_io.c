/*
 * fuzz_io.c: libFuzzer target (c), the command-line tool's readers as they
 * are today (cli/json.c, cli/log.c, cli/servo_params.c).
 * TODO(lead, issue 8 io): the io helper moves these readers to core/io on
 * cJSON (fric_io_*); point this target at the new functions then (they take
 * a path today, hence the temporary file below, in /dev/shm: memory, not disk).
 *
 * The input is, by its first byte, a JSON text for json_parse, a bench log
 * for cli_log_read, or a servo-parameter file for cli_servo_params_file.
 * Invariants: no crash, no leak, no undefined behaviour (ASan/UBSan); a
 * reader returns 0 (then every number it gives is finite) or refuses.
 */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "json.h"
#include "log.h"
#include "servo_params.h"
#include "fuzz_input.h"

static char path[64];

static void check_log(cli_log *log)
{
    for (size_t i = 0; i < log->n; i++)
        if (!isfinite(log->timestamp[i]) || !isfinite(log->position[i]) ||
            !isfinite(log->goal_position[i]))
            FUZZ_FAIL("log accepted with a non-finite entry %zu", i);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1) return 0;
    uint8_t which = data[0] % 3;
    data++;
    size--;
    if (which == 0) {
        json_doc d;
        json_init(&d);
        json_parse(&d, (const char *)data, size);
        json_free(&d);
        return 0;
    }
    if (!path[0]) snprintf(path, sizeof path, "/dev/shm/fric_fuzz_io_%ld.json", (long)getpid());
    FILE *f = fopen(path, "wb");
    if (!f) return 0;
    fwrite(data, 1, size, f);
    fclose(f);
    if (which == 1) {
        cli_log log;
        memset(&log, 0, sizeof log);
        if (cli_log_read(path, &log) == 0) {
            check_log(&log);
            cli_log_free(&log);
        }
    } else {
        fric_bench_def def;
        memset(&def, 0, sizeof def);
        cli_servo_params_file(path, &def);
    }
    return 0;
}
