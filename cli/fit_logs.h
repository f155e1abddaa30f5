/*
 * fit_logs.h: the logs of `friction fit`, one rule for every model (fit.c
 * for M1..M6 and `all`, fit_native.c for native): how a log is read, which
 * training logs a --validate log takes out of training, and the batches.
 */
#ifndef FRIC_CLI_FIT_LOGS_H
#define FRIC_CLI_FIT_LOGS_H

#include "fric_fit.h"
#include "fric_io.h"

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

#endif
