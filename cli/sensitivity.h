/*
 * sensitivity.h: the sensitivity ranges in the command-line tool, one piece
 * for `friction sensitivity` and `friction fit --sensitivity`: the core's
 * fric_fit_sensitivity on the given batch (the fit's loss), the table on
 * stdout, bam's <params>_sensitivity.json by the core's writer
 * (fric_io_sensitivity_write).
 */
#ifndef FRIC_CLI_SENSITIVITY_H
#define FRIC_CLI_SENSITIVITY_H

#include <stddef.h>

#include "fric_fit.h"
#include "fric_io.h"

typedef struct {
    const char *cmd;                /* "sensitivity" or "fit": messages        */
    const char *actuator;           /* the core's name                         */
    int model;                      /* 1..6                                    */
    const fric_fit_target *target;  /* the loss's servo and integrator         */
    const fric_fit_space *space;    /* the free parameters and their boxes     */
    const double *p;                /* the point analysed [FRIC_FIT_N]         */
    const fric_fit_batch *batch;    /* the logs the loss is taken on           */
    fric_bench_lane *lanes;         /* batch->logs lanes                       */
    int n_logs;                     /* for the header line                     */
    double tolerance;               /* relative (FRIC_FIT_SENS_TOLERANCE)      */
    const char *params;             /* the params file analysed (written as is) */
    const char *logdir;             /* where the logs are (written as is)      */
    const char *out;                /* bam's file to write, NULL: none         */
} cli_sens_job;

/* Computes the ranges, prints the table and writes j->out
 * (cli_sens_report). CLI_OK, or CLI_USAGE / CLI_RUNTIME after one message. */
int cli_sens_run(const cli_sens_job *j);

/* The ranges of one model, however computed (fric_fit_sensitivity for
 * M1..M6, fric_native_sensitivity for the native model). */
typedef struct {
    const char *cmd;                /* "sensitivity" or "fit": messages        */
    const char *actuator;
    const char *model;              /* the file's "model": "m4", "native"      */
    const char *label;              /* the header line's: "M4", "native"       */
    const char *params, *logdir;    /* written as is                           */
    const char *out;                /* bam's file to write, NULL: none         */
    int n_logs;
    double base, tolerance;         /* [rad], relative                         */
    const fric_io_sensitivity_param *p;   /* the free parameters' ranges     */
    const char *const *units;       /* each one's unit ("" none)               */
    size_t n;
} cli_sens_ranges;

/* The table of r on stdout (a header line, a row per parameter, the legend
 * of *) and bam's file r->out by the core's writer, then "wrote OUT". CLI_OK,
 * or CLI_RUNTIME after one message. */
int cli_sens_report(const cli_sens_ranges *r);

/* --tolerance VAL of command cmd: a relative MAE increase in (0, 10]. CLI_OK,
 * or CLI_USAGE after one message. */
int cli_sens_tolerance(const char *cmd, const char *val, double *tol);

/* bam's name of the ranges of a params file: PATH without a final ".json",
 * then "_sensitivity.json" (m4.json → m4_sensitivity.json). 0, or −1 when
 * it does not fit in buf[size]. */
int cli_sens_path(const char *params, char *buf, size_t size);

/* The directory of a log path ("." for a bare name) into buf[size]. */
void cli_sens_logdir(const char *log, char *buf, size_t size);

#endif
