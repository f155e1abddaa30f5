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
#include "fric_adapter.h"

static const struct {
    const char *what;            /* the file, as io's messages name it       */
    unsigned long long max;      /* [bytes]                                  */
    const char *advice;          /* what to do                               */
    const char *is;              /* what has the size ("the file is")        */
    const char *limit;           /* what is read up to the limit             */
} kinds[FRIC_IO_KIND_COUNT] = {
    [FRIC_IO_KIND_LOG] = { "log", FRIC_IO_MAX_LOG_BYTES, "split the recording into shorter logs",
                           "the file is", "a log file is" },
    [FRIC_IO_KIND_PARAMS] = { "params", FRIC_IO_MAX_PARAMS_BYTES,
                              "a params file is a few kB, so this is not one", "the file is", "a params file is" },
    [FRIC_IO_KIND_SENSITIVITY] = { "sensitivity", FRIC_IO_MAX_PARAMS_BYTES,
                                   "a sensitivity file is a few kB, so this is not one", "the file is",
                                   "a sensitivity file is" },
    [FRIC_IO_KIND_MJCF] = { "MJCF", FRIC_MJCF_MAX_BYTES, "meshes and heightfields belong in their own files",
                            "the file is", "an MJCF file is" },
    [FRIC_IO_KIND_ASSET] = { "asset", FRIC_IO_MAX_ASSET_BYTES,
                             "the SO-101's largest mesh is 2.7 MB; simplify the mesh", "the file is",
                             "a mesh, texture or other asset is" },
    [FRIC_IO_KIND_ROBOT] = { "robot", FRIC_IO_MAX_ROBOT_BYTES,
                             "the SO-101's are 15.4 MB; leave out what the MJCF does not need",
                             "the files the MJCF names (its includes and their assets) are together",
                             "a robot's files are" },
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
        fric__say("io: file kind %d is none of log (0), params (1), sensitivity (2), MJCF (3), asset (4), "
                  "robot (5).", (int)kind);
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
             "%s %.200s: %s %.1f MiB (%llu bytes); %s read up to %llu MiB (%llu bytes): %s.", kinds[kind].what,
             source ? source : "(unnamed)", kinds[kind].is, (double)bytes / 1048576.0, bytes, kinds[kind].limit,
             max >> 20, max, kinds[kind].advice);
    return fric__io_status(err, kind != FRIC_IO_KIND_LOG, -1);
}
