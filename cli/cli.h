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

#include "fric_io.h"
#include "fric_scenario.h"
#include "friction.h"

enum { CLI_OK = 0, CLI_RUNTIME = 1, CLI_USAGE = 2 };

/* Prints "friction: <message>\n" on stderr and returns code. */
int cli_fail(int code, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* The options of a command, one table read by one reader, so that the
 * sentences about options are said once, by it: a value missing, an
 * unknown option and a bad value.
 * cli_option matches argv[*a] against one option "--name" that takes a
 * value, given as --name VALUE (*a moves to it) or --name=VALUE: the value;
 * NULL when argv[*a] is another argument, or with *missing 1 when --name is
 * the last argument (a look ahead: mujoco's --params and --adopt).
 * A table: each option's "--name", its value as the list of options shows
 * it ("P.json"; "": shown bare; NULL: a flag, which takes no value) and
 * what a value must be ("a time > 0 [s]", for cli_opt_bad). cmd names the
 * command ("CMD: " before each sentence), with what an unknown argument is
 * said with ("with --adopt"; NULL: nothing) and help what follows the list
 * of options ("friction mujoco --help"; NULL: nothing).
 * cli_opt_next reads argv[*a]: the index k of its option in the table
 * (*val its value, NULL for a flag; *a moved past a separate value);
 * CLI_OPT_ARG when argv[*a] does not start with "--" (the command's own
 * argument); CLI_OPT_FAIL after one sentence, "CMD: --name needs a value."
 * or cli_opt_unknown's (the caller returns CLI_USAGE).
 * cli_opt_values reads argv[from..argc) as options of t only, each value
 * into val[k] (NULL when not given; a later one replaces an earlier one):
 * CLI_OK, or CLI_USAGE after one sentence (an argument that is no option
 * of t is cli_opt_unknown's).
 * cli_opt_unknown says "CMD: unknown option 'ARG' WITH; the options are
 * --a A, --b and --c (HELP)." ("unknown argument" when ARG does not start with '-')
 * and cli_opt_bad "CMD: --name 'VAL' must be MUST."; both return CLI_USAGE.
 * cli_number reads s whole as a finite number into *x: 0, or 1 (*x
 * unchanged) when it is none; cli_whole as a whole number (decimal, a long). */
typedef struct {
    const char *name, *value, *must;
} cli_opt;
typedef struct {
    const char *cmd;
    const cli_opt *opts;
    int n;
    const char *with, *help;
} cli_opts;
enum { CLI_OPT_ARG = -1, CLI_OPT_FAIL = -2 };
const char *cli_option(int argc, char **argv, int *a, const char *name, int *missing);
int cli_opt_next(int argc, char **argv, int *a, const cli_opts *t, const char **val);
int cli_opt_values(int argc, char **argv, int from, const cli_opts *t, const char **val);
int cli_opt_unknown(const cli_opts *t, const char *arg);
int cli_opt_bad(const cli_opts *t, int k, const char *val);
int cli_number(const char *s, double *x);
int cli_whole(const char *s, long *x);

/* A refusal of the core said at the command cmd: "CMD: [WHERE: ]SENTENCE",
 * why the failing call's message. The core records the door it said its
 * sentence at (fric_error.prefix, "ident: " or "ident fit: " before "out of
 * memory."); a door naming cmd again is the command's own, so the command's
 * replaces it and names it once ("ident: c.csv: out of memory.", never
 * "ident: c.csv: ident: out of memory."); any other prefix stays. */
int cli_core_fail(int code, const char *cmd, const char *where, const char *why);

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

/* The inputs: every file the command reads is recorded (its device and
 * inode) by the reader that opens it, cli_input, so that no output can be
 * one of them. cli_open_input opens a file of kind as every reader does
 * (fric_io_open: a regular file only, opened without blocking, sized),
 * records it and returns it: NULL with *rc CLI_OK when it cannot be opened
 * (the caller leaves it to another reader), or with *rc the code after one
 * sentence. cli_log_read reads and records a log: CLI_OK, or the code after
 * "CMD: " (cmd NULL: none) and the reader's sentence (exit 1 for "out of
 * memory reading log ...", 2 for a fault of the file). */
void cli_input(const char *path);
FILE *cli_open_input(const char *path, const char *source, fric_io_file_kind kind, unsigned long long *bytes,
                     int *rc);
int cli_log_read(const char *cmd, const char *path, fric_io_log *log);

/* The one check of every file the tool writes (fit --out and its
 * sensitivity files, sensitivity --out, replay and mujoco --csv), after the
 * inputs are read and before the work: a path that exists must be a
 * regular file, never a device, a named pipe or a directory, which would
 * be replaced or written into; never an input of the command (the same
 * device and inode: a hard link, a symlink, another spelling); never a
 * recorded log (a file the log reader takes: `--out logs/ *.json`); and
 * writable, with its folder (a new path: its folder). A symlink to a
 * regular file is written through (the file it names is written, the link
 * stays), by every writer; a symlink to nothing is refused. CLI_OK, or
 * CLI_USAGE after one sentence "CMD: OPT PATH is ...". */
int cli_output_path(const char *cmd, const char *opt, const char *path);

/* cli_output_path, then path opened for writing ("w"): the stream, or NULL
 * with *rc the code after one sentence. */
FILE *cli_open_output(const char *cmd, const char *opt, const char *path, int *rc);

/* s as one line of stdout: a control character (a newline in a file's
 * name) written as \n, \r, \t or \xHH. One of 4 static buffers, reused in
 * turn (4 in one printf at most). */
const char *cli_shown(const char *s);

/* text[len] written to path for command cmd (cli_output_path first, as
 * --out; a symlink written through): to a new temporary file beside the
 * file, created
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
/* mujoco.c: the recipe's joints (names, ranges) of the MJCF at model, read by
 * MuJoCo (fric_mujoco_recipe_joints) into def; CLI_OK, or CLI_USAGE after one
 * sentence "CMD: ..." (also when the tool was built without MuJoCo). */
struct fric_recipe_def;
int cli_mujoco_recipe_joints(const char *cmd, const char *model, struct fric_recipe_def *def);
int cli_ident(int argc, char **argv);         /* ident.c: `ident` */
extern const char cli_ident_usage[];          /* ident.c: its help lines */

#endif
