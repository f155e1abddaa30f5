/*
 * params.c: scenario parameters from a flat JSON object (params=FILE), as
 * the actuator files of the BAM repository (shared/data/bam/params/ * /m*.json),
 * read by the io library (fric_io_params_read): each key is the scenario
 * parameter of the same name, held to the scenario's ranges and choices.
 * bench-native reads a native params file with the core's native reader
 * (fric_native_params_read: an M-model key refused, the defaults of a key
 * left out, the set checked), then fric_native_scenario_params.
 */
#include <string.h>

#include "cli.h"
#include "fric_io.h"
#include "fric_native.h"
#include "servo_params.h"

int cli_params_file(const fric_scenario *sc, double *p, const char *path)
{
    fric_io_error err;
    if (strcmp(sc->name, "bench-native") == 0) {
        fric_native_params np;
        const char *act = NULL;
        int rc = cli_native_params(path, &np, &act);
        if (rc) return rc;
        if (fric_native_scenario_params(&np, act, p))
            return cli_fail(CLI_USAGE, "params %s: %s", path, fric_status_last().message);
        return CLI_OK;
    }
    /* the bench reads bam's params files: a key the core does not model is
       warned about (the core's sentence) and ignored; other scenarios refuse it */
    fric_io_params_carry carry;
    int bench = strcmp(sc->name, "bench") == 0;
    if (fric_io_params_read_carry(path, sc, p, bench ? &carry : NULL, &err))
        return cli_fail(err.code == FRIC_IO_MEMORY ? CLI_RUNTIME : CLI_USAGE, "%s", err.message);
    cli_input(path);
    if (bench) cli_params_carry_warn(path, &carry);
    return CLI_OK;
}
