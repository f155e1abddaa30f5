/*
 * fit_logs.h: the logs of `friction fit`, one rule for every model (fit.c
 * runs M1..M6, native and `all` through one path): how a log is read, which
 * training logs a --validate log takes out of training, and the batches;
 * and the native model's own pieces (fit_native.c).
 */
#ifndef FRIC_CLI_FIT_LOGS_H
#define FRIC_CLI_FIT_LOGS_H

#include "fric_fit.h"
#include "fric_io.h"
#include "fric_native.h"

typedef struct {
    const char *path;
    char *real;              /* realpath, NULL when unavailable */
    int valid;               /* 1: validation log               */
    int dropped;             /* a training copy of a validation log */
    fric_io_log log;
} cli_fit_log;

/* Reads path into *L (its real path beside it) and checks its header
 * (cli_log_header_check). CLI_OK, or the code after one sentence "fit: ...". */
int cli_fit_log_read(cli_fit_log *L, const char *path, int valid);
/* Frees what cli_fit_log_read gave L (its log and real path). */
void cli_fit_log_destroy(cli_fit_log *L);
/* A validation log also given among the training logs (the same file: by
 * its real path, by the name given when either has none) takes that
 * training copy out of training (dropped = 1), so `--validate a.json
 * logs/ *.json` holds a.json out. *n_train the training logs left: CLI_OK,
 * or CLI_USAGE after one sentence when none is left. */
int cli_fit_logs_drop(cli_fit_log *logs, int n, int *n_train);
/* The batch of the logs with valid == valid that are not dropped. CLI_OK,
 * or the code after one sentence naming the training or validation logs. */
int cli_fit_logs_batch(const cli_fit_log *logs, int n, int valid, fric_fit_batch *b);

/* --model native --from PATH: the native params file at path, of actuator
 * act (the logs'), into *start. CLI_OK, or the code after one sentence. */
int cli_fit_native_from(const char *path, const char *act, fric_native_params *start);
/* The native params file of p (meta: the fit's keys) to out, by
 * cli_write_file, for the command cmd (fit, ident: the sentences' "CMD: ").
 * CLI_OK, or the code after one sentence. */
int cli_fit_native_write(const char *cmd, const fric_native_params *p, const char *act, const fric_io_params_fit *meta,
                         const char *out);
/* --sensitivity of a native fit: the ranges of best's fitted keys in box on
 * train (fric_native_sensitivity), a line each, written to sens_out (bam's
 * file, model "native"). CLI_OK, or the code after one sentence. */
int cli_fit_native_sensitivity(const fric_fit_batch *train, const fric_native_params *best,
                               const fric_native_fit_space *box, double tol, const char *act, const char *out,
                               const char *sens_out, const char *logdir);

#endif
