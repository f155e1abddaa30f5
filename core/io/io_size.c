/*
 * io_size.c: the size limits of the files io reads (fric_io.h, "file
 * sizes"), in every build: the one check and the one sentence of every door
 * (the native readers of io_json.c, the page and the Node tools through
 * wasm/bindings_io.c).
 */
#include <stdio.h>
#include <string.h>

#include "fric_io.h"
#include "io_internal.h"
#include "base.h"

static const struct {
    const char *what;            /* the file, as io's messages name it       */
    unsigned long long max;      /* [bytes]                                  */
    const char *advice;          /* what to do                               */
} kinds[FRIC_IO_KIND_COUNT] = {
    [FRIC_IO_KIND_LOG] = { "log", FRIC_IO_MAX_LOG_BYTES, "split the recording into shorter logs" },
    [FRIC_IO_KIND_PARAMS] = { "params", FRIC_IO_MAX_PARAMS_BYTES,
                              "a params file is a few kB, so this is not one" },
    [FRIC_IO_KIND_SENSITIVITY] = { "sensitivity", FRIC_IO_MAX_PARAMS_BYTES,
                                   "a sensitivity file is a few kB, so this is not one" },
};

unsigned long long fric_io_max_bytes(fric_io_file_kind kind)
{
    return (unsigned)kind < FRIC_IO_KIND_COUNT ? kinds[kind].max : 0;
}

const char *fric_io_file_kind_name(fric_io_file_kind kind)
{
    return (unsigned)kind < FRIC_IO_KIND_COUNT ? kinds[kind].what : NULL;
}

fric_status fric_io_check_size(fric_io_file_kind kind, unsigned long long bytes, const char *source,
                               fric_io_error *err)
{
    if ((unsigned)kind >= FRIC_IO_KIND_COUNT) {
        fric__say("io: file kind %d is none of log (0), params (1), sensitivity (2).", (int)kind);
        return FRIC_E_PARAM_RANGE;
    }
    if (bytes <= kinds[kind].max) return FRIC_OK;
    fric_io_error local;
    if (!err) err = &local;
    memset(err, 0, sizeof *err);
    err->code = FRIC_IO_FILE;
    err->entry = -1;
    const unsigned long long max = kinds[kind].max;
    snprintf(err->message, sizeof err->message,
             "%s %.200s: the file is %.1f MiB (%llu bytes); a %s file is read up to %llu MiB (%llu "
             "bytes): %s.", kinds[kind].what, source ? source : "(unnamed)", (double)bytes / 1048576.0,
             bytes, kinds[kind].what, max >> 20, max,
             kinds[kind].advice);
    return fric__io_status(err, kind != FRIC_IO_KIND_LOG, -1);
}
