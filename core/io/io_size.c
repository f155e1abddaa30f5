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
} kinds[FRIC_IO_KIND_COUNT] = {
    [FRIC_IO_KIND_LOG] = { "log", FRIC_IO_MAX_LOG_BYTES },
    [FRIC_IO_KIND_PARAMS] = { "params", FRIC_IO_MAX_PARAMS_BYTES },
    [FRIC_IO_KIND_SENSITIVITY] = { "sensitivity", FRIC_IO_MAX_PARAMS_BYTES },
    [FRIC_IO_KIND_MJCF] = { "MJCF", FRIC_MJCF_MAX_BYTES },
    [FRIC_IO_KIND_ASSET] = { "asset", FRIC_IO_MAX_ASSET_BYTES },
    [FRIC_IO_KIND_ROBOT] = { "robot", FRIC_IO_MAX_ROBOT_BYTES },
    [FRIC_IO_KIND_RECORDING] = { "recording", FRIC_IO_MAX_RECORDING_BYTES },
    [FRIC_IO_KIND_DATASET] = { "dataset", FRIC_IO_MAX_DATASET_BYTES },
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
        fric__say_id("size.kind", "io: file kind {kind} is none of log (0), params (1), sensitivity (2), "
                     "MJCF (3), asset (4), robot (5), recording (6), dataset (7).", fric__values(fric__i("kind", (int)kind)));
        return FRIC_E_PARAM_RANGE;
    }
    if (bytes <= kinds[kind].max) return FRIC_OK;
    fric_io_error local;
    if (!err) err = &local;
    memset(err, 0, sizeof *err);
    err->code = FRIC_IO_FILE;
    err->entry = -1;
    const unsigned long long max = kinds[kind].max;
    /* the sentence of each kind (an id each: the page words it in its
     * language), after "KIND SOURCE: "; its values: the size and the limit */
    const double mib = (double)bytes / 1048576.0;
    const unsigned long long max_mib = max >> 20;
    const char *m = "";
    switch (kind) {
    case FRIC_IO_KIND_LOG:
        m = fric__say_id("size.log",
                         "the file is {mib} MiB ({bytes} bytes); a log file is read up to "
                         "{max_mib} MiB ({max} bytes): split the recording into shorter logs.",
                         fric__values(fric__fp("mib", 1, mib), fric__u("bytes", bytes),
                                      fric__u("max_mib", max_mib), fric__u("max", max)));
        break;
    case FRIC_IO_KIND_PARAMS:
        m = fric__say_id("size.params",
                         "the file is {mib} MiB ({bytes} bytes); a params file is read up "
                         "to {max_mib} MiB ({max} bytes): a params file is a few kB, so this is not one.",
                         fric__values(fric__fp("mib", 1, mib), fric__u("bytes", bytes),
                                      fric__u("max_mib", max_mib), fric__u("max", max)));
        break;
    case FRIC_IO_KIND_SENSITIVITY:
        m = fric__say_id("size.sensitivity",
                         "the file is {mib} MiB ({bytes} bytes); a sensitivity file is "
                         "read up to {max_mib} MiB ({max} bytes): a sensitivity file is a few kB, so this is "
                         "not one.",
                         fric__values(fric__fp("mib", 1, mib), fric__u("bytes", bytes),
                                      fric__u("max_mib", max_mib), fric__u("max", max)));
        break;
    case FRIC_IO_KIND_MJCF:
        m = fric__say_id("size.mjcf",
                         "the file is {mib} MiB ({bytes} bytes); an MJCF file is read up to "
                         "{max_mib} MiB ({max} bytes): meshes and heightfields belong in their own files.",
                         fric__values(fric__fp("mib", 1, mib), fric__u("bytes", bytes),
                                      fric__u("max_mib", max_mib), fric__u("max", max)));
        break;
    case FRIC_IO_KIND_ASSET:
        m = fric__say_id("size.asset",
                         "the file is {mib} MiB ({bytes} bytes); a mesh, texture or other "
                         "asset is read up to {max_mib} MiB ({max} bytes): the SO-101's largest mesh is "
                         "2.7 MB; simplify the mesh.",
                         fric__values(fric__fp("mib", 1, mib), fric__u("bytes", bytes),
                                      fric__u("max_mib", max_mib), fric__u("max", max)));
        break;
    case FRIC_IO_KIND_RECORDING:
        m = fric__say_id("size.recording",
                         "the file is {mib} MiB ({bytes} bytes); a recording's CSV is read up to "
                         "{max_mib} MiB ({max} bytes): some 4 hours of 6 joints at 30 Hz; cut the recording "
                         "into shorter ones.",
                         fric__values(fric__fp("mib", 1, mib), fric__u("bytes", bytes),
                                      fric__u("max_mib", max_mib), fric__u("max", max)));
        break;
    case FRIC_IO_KIND_DATASET:
        m = fric__say_id("size.dataset",
                         "the file is {mib} MiB ({bytes} bytes); a file of a LeRobot dataset is "
                         "read up to {max_mib} MiB ({max} bytes): LeRobot writes its data files up to "
                         "100 MB; give the dataset as LeRobot writes it.",
                         fric__values(fric__fp("mib", 1, mib), fric__u("bytes", bytes),
                                      fric__u("max_mib", max_mib), fric__u("max", max)));
        break;
    case FRIC_IO_KIND_ROBOT:
    case FRIC_IO_KIND_COUNT:
        m = fric__say_id("size.robot",
                         "the files the MJCF names (its includes and their assets) are "
                         "together {mib} MiB ({bytes} bytes); a robot's files are read up to {max_mib} MiB "
                         "({max} bytes): the SO-101's are 15.4 MB; leave out what the MJCF does not need.",
                         fric__values(fric__fp("mib", 1, mib), fric__u("bytes", bytes),
                                      fric__u("max_mib", max_mib), fric__u("max", max)));
        break;
    }
    snprintf(err->message, sizeof err->message, "%s %.200s: %s", kinds[kind].what,
             source ? source : "(unnamed)", m);
    return fric__io_status(err, kind != FRIC_IO_KIND_LOG && kind != FRIC_IO_KIND_RECORDING, -1);
}
