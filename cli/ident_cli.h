/* ident_cli.h: what `friction ident` (cli/ident.c) hands its bam models'
 * part (cli/ident_bam.c, --model m1|m4). */
#ifndef FRIC_CLI_IDENT_H
#define FRIC_CLI_IDENT_H

#include <stddef.h>

#include "fric_ident.h"

typedef struct {
    const char *mjcf, *actuator, *out;
    int model;                        /* 1 or 4                                  */
    double firmware_kp;               /* [-]                                     */
    long budget;                      /* evaluations per joint                   */
    const fric_recording *r0;         /* the first recording (the joints' names) */
    const unsigned char *leave;       /* [joints] 1: left out                    */
    int ntrain, nheld;
    const char *const *path;          /* [ntrain + nheld] the files              */
    const size_t *frames, *stale;     /* [ntrain + nheld]                        */
} cli_ident_bam_args;

/* Fits, prints and writes (--out) every joint not left out; held (may be
 * NULL) the held-out recordings' set. CLI_OK or the code of cli_fail. */
int cli_ident_bam(const cli_ident_bam_args *a, const fric_ident_set *train, const fric_ident_set *held);

#endif
