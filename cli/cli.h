/*
 * cli.h: shared pieces of the `friction` command-line tool.
 *
 * Exit status: 0 success; 1 the simulation stopped (a state stopped being
 * finite) or the output could not be written; 2 bad input (unknown scenario
 * or parameter, value out of range, unreadable or malformed file), reported
 * before anything is written to stdout.
 */
#ifndef FRIC_CLI_H
#define FRIC_CLI_H

#include <stdio.h>

#include "fric_scenario.h"
#include "friction.h"

enum { CLI_OK = 0, CLI_RUNTIME = 1, CLI_USAGE = 2 };

/* Prints "friction: <message>\n" on stderr and returns code. */
int cli_fail(int code, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* Writes n values as one CSV line, shortest round-trip digits. 0 on success,
 * nonzero when the stream is in error. */
int cli_csv_row(FILE *f, const double *v, int n);

/* Display width of a UTF-8 string (characters), and s written to f padded
 * with spaces to that width (tables). */
int cli_width(const char *s);
void cli_pad(FILE *f, const char *s, int width);

/* Flushes f; on failure prints one message naming `what` and returns
 * CLI_RUNTIME, else CLI_OK. */
int cli_finish_output(FILE *f, const char *what);

/* The one check of every file the tool writes (fit --out and its
 * sensitivity files, sensitivity --out, replay and mujoco --csv), before it
 * is opened or renamed onto: a path that exists must be a regular file
 * (a symlink is followed), never a device, a named pipe or a directory,
 * which would be replaced or written into. CLI_OK (a new path, or a
 * regular file), or CLI_USAGE after one sentence "CMD: OPT PATH is ...". */
int cli_output_path(const char *cmd, const char *opt, const char *path);

/* text[len] written to path for command cmd (cli_output_path first, as
 * --out): to a new temporary file beside it, created
 * atomically (mkstemp: O_CREAT | O_EXCL, a name no other file has, never a
 * link followed), the mode a new file's (0666 less the umask), flushed to
 * the disk, then renamed over path; a reader sees the old file or the whole
 * new one, never a part. CLI_OK, or CLI_USAGE (path cannot be created) /
 * CLI_RUNTIME (the write failed) after one message; no temporary file is
 * left. */
int cli_write_file(const char *cmd, const char *path, const char *text, size_t len);

/* Sets scenario parameters from a flat JSON object (params=FILE): each key
 * is a parameter name, a number for numeric parameters, a choice's name for
 * choice parameters. Returns CLI_OK, or CLI_USAGE after printing one message
 * naming the file, the key and the problem. */
int cli_params_file(const fric_scenario *sc, double *p, const char *path);

/* One name=value of a friction law in the `eval` syntax (law=KIND, Fs, Fc,
 * vs, D, alpha) into *law: CLI_OK, CLI_USAGE after printing "<cmd>: ..."
 * for a bad value, or CLI_NOT_LAW when name is not a field of the law. */
#define CLI_NOT_LAW 3
int cli_law_arg(const char *cmd, const char *name, const char *val, fric_law *law);

/* The commands other than run/list/help: argv[0] is the command name. */
int cli_replay(int argc, char **argv);
int cli_diagram(int argc, char **argv);
int cli_eval(int argc, char **argv);
int cli_fit(int argc, char **argv);
int cli_sensitivity(int argc, char **argv);   /* sensitivity.c */
int cli_mujoco(int argc, char **argv);        /* mujoco.c: `mujoco`       */
int cli_mujoco_model(int argc, char **argv);  /* mujoco.c: `mujoco-model` */
extern const char cli_mujoco_usage[];         /* mujoco.c: their help lines */
extern const char cli_mujoco_model_usage[];   /* mujoco.c: mujoco-model's */
int cli_recording(int argc, char **argv);     /* recording.c: `recording check` */
extern const char cli_recording_usage[];      /* recording.c: its help lines */

#endif
