/*
 * params.c: scenario parameters from a flat JSON object (params=FILE), as
 * the actuator files of the BAM repository (shared/data/bam/params/ * /m*.json),
 * read by the io library (fric_io_params_read): each key is the scenario
 * parameter of the same name, held to the scenario's ranges and choices.
 */
#include "cli.h"
#include "fric_io.h"

int cli_params_file(const fric_scenario *sc, double *p, const char *path)
{
    fric_io_error err;
    if (fric_io_params_read(path, sc, p, &err))
        return cli_fail(err.code == FRIC_IO_MEMORY ? CLI_RUNTIME : CLI_USAGE, "%s", err.message);
    return CLI_OK;
}
