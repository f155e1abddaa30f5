/*
 * main.c: `friction`, the command-line tool of Friction Explorer.
 *
 *   friction list [SCENARIO]                  scenarios, parameters, columns
 *   friction run SCENARIO [name=value ...]    CSV of one simulation on stdout
 *   friction replay --params P.json [--actuator A] [--friction T] [--integrator I] [--csv FILE] LOG.json ...
 *   friction fit --model m1..m6|native|all --out OUT [options] LOG.json ...
 *   friction diagram --params P.json [max_torque=T] [velocities=0,1,2] [points=N]
 *   friction mujoco MODEL.xml --joint NAME ... ; friction mujoco-model (mujoco.c)
 *   friction help, friction COMMAND --help (or -h): the usage of one command
 *
 * Every system is driven through fric_scenario.h only, so a scenario
 * registered in core/system/scenario.c appears here without a change.
 *
 * Input is validated completely (and the scenario initialised) before the
 * first byte goes to stdout: a bad input gives exit status 2, one line on
 * stderr, and an empty stdout.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"
#include "fmt.h"
#include "fric_fit.h"
#include "fric_native.h"
#include "fric_io.h"

#define STR_(x) #x
#define STR(x) STR_(x)

/* More rows than this is a runaway scenario, not a use of the tool. */
#define MAX_ROWS 20000000L

/* Progress of a long run on stderr: first after PROGRESS_FIRST seconds,
 * then at most once per PROGRESS_EVERY seconds (wall clock, monotonic). */
#define PROGRESS_FIRST 2.0
#define PROGRESS_EVERY 1.0

static double now_s(void)
{
    struct timespec ts;
    if (clock_gettime(CLOCK_MONOTONIC, &ts)) return 0;
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

#define EXIT_TEXT \
    "Exit status: 0 success; 1 the simulation stopped (a state stopped being finite)\n" \
    "or the output could not be written; 2 bad input (nothing is written to stdout).\n"

static const char usage_text[] =
    "usage:\n"
    "  friction list [SCENARIO]\n"
    "      Every scenario (or one): its parameters with default, unit, accepted\n"
    "      range or choices and meaning, and its output columns with unit and meaning.\n"
    "  friction run SCENARIO [params=FILE.json] [name=value ...]\n"
    "      Runs one simulation and writes CSV to stdout: a header row, then one row\n"
    "      per output step; the first column is t [s]. Arguments apply left to right:\n"
    "      params=FILE sets the parameters named by the keys of a flat JSON object\n"
    "      (an actuator file such as m4.json); name=value given after it overrides it.\n"
    "  friction replay --params P.json [--actuator A] [--friction T] [--integrator I] [--csv FILE]\n"
    "                  LOG.json ...\n"
    "      Replays pendulum logs with the actuator of P.json and prints, per log, the\n"
    "      mean absolute position error [rad], then their mean. --friction: clip (the\n"
    "      reference), implicit, explicit or karnopp; default: the integrator's (clip\n"
    "      for bam, implicit for mujoco, what a fit with it scored). --csv FILE writes\n"
    "      log,t,logged,simulated (log = 1, 2, ... in argument order; t [s]; rad).\n"
    "      --integrator bam|mujoco: the position update (default: P.json's \"integrator\",\n"
    "      bam when absent; mujoco is MuJoCo's Euler q + q̇'·dt). A log whose header\n"
    "      \"motor\" is another actuator than P.json's is refused; --actuator A (P.json's\n"
    "      actuator) scores the file on such logs as asked.\n"
    "  friction sensitivity --params P.json [--tolerance T] [--out OUT.json] LOG.json ...\n"
    "      How well the logs identify each parameter of P.json (the reference's method):\n"
    "      each free parameter alone, inside its search box, the range over which the\n"
    "      mean replay MAE stays within (1 + T)·base (T = 0.03). --out writes the\n"
    "      reference's <params>_sensitivity.json. * marks an end at the box's bound.\n"
    ;
/* the rest of the commands (one string literal stays under C's 4095 bytes) */
static const char usage_text2[] =
    "  friction fit [--actuator A] --model m1..m6|native|all\n"
    "               [--validation-kp K | --validation-split alternate | --validate LOG...]\n"
    "               [--budget EVALS] [--seed S] [--threads T] [--set name=value ...]\n"
    "               [--bounds name=lo:hi ...] [--from P.json] [--integrator bam|mujoco]\n"
    "               [--exclude-trajectory NAME ...] [--sensitivity [--tolerance T]]\n"
    "               --out OUT LOG.json ...\n"
    "      Identifies the model's parameters on the training logs (CMA-ES with BIPOP\n"
    "      restarts minimising the mean replay MAE, Duclusaud & Passault §V-B) and writes\n"
    "      them as a params file OUT that replay reads. --actuator: default the logs'\n"
    "      header \"motor\". Validation: every log of kp K; alternate (a log validates\n"
    "      when its kp rank plus its trajectory index is odd: every kp and trajectory in\n"
    "      both halves); or the --validate logs (the arguments up to the next option;\n"
    "      also given as LOG, they leave training).\n"
    "      --budget: evaluations per model (default " STR(FRIC_FIT_DEFAULT_BUDGET) "; M4-M6 " STR(FRIC_FIT_TRIES) " tries of\n"
    "      " STR(FRIC_FIT_DEFAULT_BUDGET) ", the better kept, whenever the budget holds them); --seed (default 1);\n"
    "      --threads (0 = every core, default; the result does not depend on it); --set\n"
    "      freezes a parameter (params-file key), --bounds edits its search box; --from\n"
    "      warm-starts from a params file of the model or of one it contains; --integrator:\n"
    "      the position update the loss replays with and its friction treatment (bam, the\n"
    "      default, with the reference's clip; mujoco, MuJoCo's Euler with implicit, what\n"
    "      `friction mujoco` runs, for a model meant for MuJoCo), recorded in OUT.\n"
    "      Firmware keys as bam fits them: error_gain_ratio, max_velocity,\n"
    "      current_limit, max_torque.\n"
    "      --exclude-trajectory drops the logs of that header \"trajectory\". --budget 0\n"
    "      with --from: no search, the --from parameters scored and written.\n"
    "      --model native: MuJoCo's own joint (fric_native.h): frictionloss, damping,\n"
    "      armature, kp (at the actuator's \"firmware_kp\"), kv, forcerange_hi (±),\n"
    "      q_offset, fitted in the core's restatement of MuJoCo's step (default budget\n"
    "      " STR(FRIC_NATIVE_FIT_BUDGET) "); the same options (--set and --bounds of those keys, --from a\n"
    "      native file; not --integrator); OUT a native params file that replay reads.\n"
    "      --model all fits M1..M6 in order, each from the best simpler model it\n"
    "      contains, then native; OUT is then a directory receiving m1.json .. m6.json\n"
    "      and native.json. Progress per generation on stderr;\n"
    "      then a table of training and validation MAE [rad] of the published preset and of\n"
    "      the fit, evaluations, wall time, evals/s, steps/s, and each log's MAE (what replay,\n"
    "      and under mujoco `friction mujoco`, gives for OUT). Ctrl-C stops after the\n"
    "      generation, writes the best so far and exits with status 130. --sensitivity:\n"
    "      then the ranges of each fitted model on its training logs and in its search\n"
    "      box (as the sensitivity command; T as there), written beside its params file\n"
    "      as <name>_sensitivity.json; the fit itself is unchanged.\n"

    "  friction diagram --params P.json [max_torque=T] [velocities=v1,v2,...] [points=N]\n"
    "      Drive/backdrive boundaries of the friction model of P.json as CSV\n"
    "      velocity,region,boundary,piece,tau_m,tau_e for tau_m in [-T, T] N·m\n"
    "      (default T: the actuator's stall torque), at each velocity [rad/s]\n"
    "      (default 0), N uniform samples per curve plus the corners (default 201).\n"
    "  friction eval law=KIND Fs= Fc= vs= D= alpha= Z= what=phi|phi_z|approx|lut [tol=T] x=v1,v2,...\n"
    "      The law (phi), its exact transform (phi_z), Kikuuwe's approximation eq. 46\n"
    "      (approx) or the look-up table with tolerance tol [N] (lut) at each x, as CSV x,y.\n"
    ;
static const char usage_tail[] =
    "  Limits: a run makes at most 2e9 steps (duration/T) and 2e7 rows; a run\n"
    "  that lasts longer than 2 s reports its progress on stderr at most once a\n"
    "  second (\"friction: run SCENARIO: t = ... s of ... s\").\n"
    "  eval and diagram take at most 1e5 values; a params or sensitivity file is\n"
    "  read up to %llu MiB, a log up to %llu MiB, a recording's CSV up to %llu MiB\n"
    "  (checked on its size before it is read).\n"
    "  friction help | --help | -h\n"
    "      This text. `friction COMMAND --help` (or -h): the lines of one command.\n"
    "\n" EXIT_TEXT;

static int cmd_help(void)
{
    fputs(usage_text, stdout);
    fputs(usage_text2, stdout);
    fputs(cli_mujoco_usage, stdout);
    fputs(cli_mujoco_model_usage, stdout);
    fputs(cli_recording_usage, stdout);
    fputs(cli_ident_usage, stdout);
    printf(usage_tail, fric_io_max_bytes(FRIC_IO_KIND_PARAMS) >> 20, fric_io_max_bytes(FRIC_IO_KIND_LOG) >> 20,
           fric_io_max_bytes(FRIC_IO_KIND_RECORDING) >> 20);
    return cli_finish_output(stdout, "the help to stdout");
}

/* The line of text that starts "  friction CMD" (CMD followed by a space or
 * the line's end), or NULL. */
static const char *command_line(const char *text, const char *cmd)
{
    size_t n = strlen(cmd);
    for (const char *l = text; l && *l; l = strchr(l, '\n'), l = l ? l + 1 : NULL)
        if (strncmp(l, "  friction ", 11) == 0 && strncmp(l + 11, cmd, n) == 0 &&
            (l[11 + n] == ' ' || l[11 + n] == '\n'))
            return l;
    return NULL;
}

/* `friction CMD --help` (or -h anywhere among its arguments): the part of
 * `friction help` (usage_text, usage_text2, then the MuJoCo commands' cli_mujoco_usage and
 * cli_mujoco_model_usage, then cli_recording_usage)
 * that starts at "  friction CMD" and ends before the next command's line
 * ("  friction " or "  Limits:"), then the exit status. One text: `friction
 * help` shows the same lines. */
static int cmd_help_of(const char *cmd)
{
    const char *a = command_line(usage_text, cmd);
    if (!a) a = command_line(usage_text2, cmd);
    if (!a) a = command_line(cli_mujoco_usage, cmd);
    if (!a) a = command_line(cli_mujoco_model_usage, cmd);
    if (!a) a = command_line(cli_recording_usage, cmd);
    if (!a) a = command_line(cli_ident_usage, cmd);
    if (!a) return cmd_help();
    const char *b = a + 1;
    for (;;) {
        const char *nl = strchr(b, '\n');
        if (!nl || strncmp(nl + 1, "  friction ", 11) == 0 || strncmp(nl + 1, "  Limits:", 9) == 0) {
            b = nl ? nl + 1 : b + strlen(b);
            break;
        }
        b = nl + 1;
    }
    fputs("usage:\n", stdout);
    fwrite(a, 1, (size_t)(b - a), stdout);
    fputs("\n" EXIT_TEXT, stdout);
    return cli_finish_output(stdout, "the help to stdout");
}

/* 1 when an argument after the command asks for its help. */
static int wants_help(int argc, char **argv)
{
    for (int i = 2; i < argc; i++)
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) return 1;
    return 0;
}

static const char *known_scenarios(char *buf, size_t size)
{
    buf[0] = '\0';
    int n = fric_scenario_count();
    if (n == 0) {
        snprintf(buf, size, "none is registered in this build");
        return buf;
    }
    for (int i = 0; i < n; i++) {
        if (i) strncat(buf, ", ", size - strlen(buf) - 1);
        strncat(buf, fric_scenario_at(i)->name, size - strlen(buf) - 1);
    }
    return buf;
}

static int unknown_scenario(const char *name)
{
    char list[1024];
    return cli_fail(CLI_USAGE, "unknown scenario '%s'; known scenarios: %s.", name,
                    known_scenarios(list, sizeof list));
}

/* ------------------------------------------------------------------ list */

/* Prints text wrapped at `width` columns, each line starting with `indent`. */
static void print_wrapped(const char *text, const char *indent, int width)
{
    int ind = (int)strlen(indent);
    const char *s = text ? text : "";
    while (*s) {
        while (*s == ' ') s++;
        if (!*s) break;
        const char *line = s, *brk = NULL;
        int col = ind;
        while (*s && *s != '\n') {
            if (*s == ' ') brk = s;
            if ((*s & 0xC0) != 0x80) col++;
            if (col > width && brk) break;
            s++;
        }
        const char *end = (*s && *s != '\n' && brk) ? brk : s;
        printf("%s%.*s\n", indent, (int)(end - line), line);
        s = end;
        if (*s == '\n') s++;
    }
}


/* The short label, or the name when the scenario gives none. */
static const char *param_label(const fric_param_info *pi)
{
    return pi->label && *pi->label ? pi->label : pi->name;
}

static void param_default(const fric_param_info *pi, char *buf, size_t size)
{
    int c = (int)pi->def;
    if (pi->choices && c >= 0 && c < pi->n_choices && c == pi->def) {
        snprintf(buf, size, "%s", pi->choices[c]);
    } else if (pi->preset && pi->def == -1) {
        snprintf(buf, size, "preset");
    } else {
        char b[FMT_DOUBLE_LEN];
        snprintf(buf, size, "%s", fmt_double(b, pi->def));
    }
}

/* The hard range: what `run` accepts; a preset parameter's −1 is shown as
 * "or -1 = preset", never as the bottom of the range. */
static void param_accepted(const fric_param_info *pi, char *buf, size_t size)
{
    buf[0] = '\0';
    if (pi->choices) {
        for (int c = 0; c < pi->n_choices; c++) {
            if (c) strncat(buf, "|", size - strlen(buf) - 1);
            strncat(buf, pi->choices[c], size - strlen(buf) - 1);
        }
        return;
    }
    char lo[FMT_DOUBLE_LEN], hi[FMT_DOUBLE_LEN];
    int preset = pi->preset && pi->min == -1;
    snprintf(buf, size, "%s[%s, %s]%s", pi->integer ? "integer " : "",
             fmt_double(lo, preset ? 0 : pi->min), fmt_double(hi, pi->max),
             preset ? " or -1 = preset" : "");
}

/* The practical slider range lo..hi ("-" when not given or a choice). */
static void param_slider(const fric_param_info *pi, char *buf, size_t size)
{
    if (pi->choices || !(pi->lo < pi->hi)) {
        snprintf(buf, size, "-");
        return;
    }
    char lo[FMT_DOUBLE_LEN], hi[FMT_DOUBLE_LEN];
    snprintf(buf, size, "%s..%s%s", fmt_double(lo, pi->lo), fmt_double(hi, pi->hi),
             pi->log ? " log" : "");
}

static void list_one(const fric_scenario *sc)
{
    printf("%s\n", sc->name);
    print_wrapped(sc->summary, "  ", 79);
    char def[64], acc[512], sl[128];
    int wn = 4, wl = 5, wd = 7, wu = 4, wa = 8, ws = 6;
    for (int i = 0; i < sc->n_params; i++) {
        const fric_param_info *pi = &sc->params[i];
        param_default(pi, def, sizeof def);
        param_accepted(pi, acc, sizeof acc);
        param_slider(pi, sl, sizeof sl);
        if (cli_width(pi->name) > wn) wn = cli_width(pi->name);
        if (cli_width(param_label(pi)) > wl) wl = cli_width(param_label(pi));
        if (cli_width(def) > wd) wd = cli_width(def);
        if (cli_width(pi->unit) > wu) wu = cli_width(pi->unit);
        if (cli_width(acc) > wa) wa = cli_width(acc);
        if (cli_width(sl) > ws) ws = cli_width(sl);
    }
    printf("  parameters (name=value; 'slider' is the practical range the explorer's slider "
           "spans, 'accepted' what run accepts):\n");
    if (sc->n_params == 0) printf("    (none)\n");
    else {
        printf("    ");
        cli_pad(stdout, "name", wn + 2);
        cli_pad(stdout, "label", wl + 2);
        cli_pad(stdout, "default", wd + 2);
        cli_pad(stdout, "unit", wu + 2);
        cli_pad(stdout, "accepted", wa + 2);
        cli_pad(stdout, "slider", ws + 2);
        printf("meaning\n");
    }
    for (int i = 0; i < sc->n_params; i++) {
        const fric_param_info *pi = &sc->params[i];
        param_default(pi, def, sizeof def);
        param_accepted(pi, acc, sizeof acc);
        param_slider(pi, sl, sizeof sl);
        printf("    ");
        cli_pad(stdout, pi->name, wn + 2);
        cli_pad(stdout, param_label(pi), wl + 2);
        cli_pad(stdout, def, wd + 2);
        cli_pad(stdout, pi->unit && *pi->unit ? pi->unit : "-", wu + 2);
        cli_pad(stdout, acc, wa + 2);
        cli_pad(stdout, sl, ws + 2);
        printf("%s\n", pi->help ? pi->help : "");
        for (int c = 0; pi->choices && pi->choice_help && c < pi->n_choices; c++)
            printf("        %s=%s: %s\n", pi->name, pi->choices[c],
                   pi->choice_help[c] ? pi->choice_help[c] : "");
    }
    int wc = 4, wcu = 4;
    for (int i = 0; i < sc->n_cols; i++) {
        if (cli_width(sc->cols[i].name) > wc) wc = cli_width(sc->cols[i].name);
        if (cli_width(sc->cols[i].unit) > wcu) wcu = cli_width(sc->cols[i].unit);
    }
    printf("  columns (CSV header of 'friction run %s'):\n    ", sc->name);
    cli_pad(stdout, "name", wc + 2);
    cli_pad(stdout, "unit", wcu + 2);
    printf("meaning\n");
    for (int i = 0; i < sc->n_cols; i++) {
        const fric_col_info *ci = &sc->cols[i];
        printf("    ");
        cli_pad(stdout, ci->name, wc + 2);
        cli_pad(stdout, ci->unit && *ci->unit ? ci->unit : "-", wcu + 2);
        printf("%s\n", ci->help ? ci->help : "");
    }
}

static int cmd_list(int argc, char **argv)
{
    if (argc > 2)
        return cli_fail(CLI_USAGE, "list takes at most one scenario name, got %d arguments.",
                        argc - 1);
    if (argc == 2) {
        const fric_scenario *sc = fric_scenario_find(argv[1]);
        if (!sc) return unknown_scenario(argv[1]);
        list_one(sc);
        return cli_finish_output(stdout, "the list to stdout");
    }
    int n = fric_scenario_count();
    if (n == 0) printf("No scenario is registered in this build (core/system/scenario.c).\n");
    for (int i = 0; i < n; i++) {
        if (i) putchar('\n');
        list_one(fric_scenario_at(i));
    }
    return cli_finish_output(stdout, "the list to stdout");
}

/* ------------------------------------------------------------------- run */

static int cmd_run(int argc, char **argv)
{
    if (argc < 2) {
        char list[1024];
        return cli_fail(CLI_USAGE, "run needs a scenario: friction run SCENARIO [name=value ...]; "
                        "known scenarios: %s.", known_scenarios(list, sizeof list));
    }
    const fric_scenario *sc = fric_scenario_find(argv[1]);
    if (!sc) return unknown_scenario(argv[1]);
    if (sc->n_params < 0 || sc->n_params > FRIC_SCENARIO_MAX_PARAMS || sc->n_cols < 1 ||
        sc->n_cols > FRIC_SCENARIO_MAX_COLS)
        return cli_fail(CLI_RUNTIME, "scenario %s declares %d parameters and %d columns; the "
                        "interface allows 0..%d and 1..%d (a bug in the scenario).", sc->name,
                        sc->n_params, sc->n_cols, FRIC_SCENARIO_MAX_PARAMS, FRIC_SCENARIO_MAX_COLS);
    double p[FRIC_SCENARIO_MAX_PARAMS];
    fric_scenario_defaults(sc, p);
    int has_params_param = fric_scenario_param_index(sc, "params") >= 0;

    for (int a = 2; a < argc; a++) {
        const char *arg = argv[a];
        const char *eq = strchr(arg, '=');
        if (!eq || eq == arg)
            return cli_fail(CLI_USAGE, "argument '%s' is not name=value; 'friction list %s' "
                            "shows the parameters of %s.", arg, sc->name, sc->name);
        char name[128];
        size_t nl = (size_t)(eq - arg);
        if (nl >= sizeof name)
            return cli_fail(CLI_USAGE, "parameter name in '%.40s...' is longer than %zu "
                            "characters; 'friction list %s' shows the parameters.", arg,
                            sizeof name - 1, sc->name);
        memcpy(name, arg, nl);
        name[nl] = '\0';
        if (!has_params_param && strcmp(name, "params") == 0) {
            if (!eq[1])
                return cli_fail(CLI_USAGE, "params= needs a file: params=path/to/m4.json.");
            int rc = cli_params_file(sc, p, eq + 1);
            if (rc) return rc;
            continue;
        }
        const char *why = NULL;
        int st = fric_scenario_set(sc, p, name, eq + 1, &why);
        if (st == FRIC_E_UNKNOWN_NAME && fric_status_last().param < 0)
            return cli_fail(CLI_USAGE, "%s 'friction list %s' shows its parameters.", why,
                            sc->name);
        if (st) return cli_fail(CLI_USAGE, "%s", why ? why : "invalid parameter.");
    }

    void *state = malloc(sc->state_bytes ? sc->state_bytes : 1);
    if (!state)
        return cli_fail(CLI_RUNTIME, "out of memory for the state of %s (%zu bytes).", sc->name,
                        sc->state_bytes);
    const char *why = NULL;
    if (fric_scenario_init(sc, state, p, &why)) {
        free(state);
        return cli_fail(CLI_USAGE, "%s", why && *why ? why : "the parameters were rejected.");
    }

    for (int c = 0; c < sc->n_cols; c++) {
        if (c) putchar(',');
        fputs(sc->cols[c].name, stdout);
    }
    putchar('\n');

    double row[FRIC_SCENARIO_MAX_COLS];
    long rows = 0;
    int rc = CLI_OK;
    int i_duration = fric_scenario_param_index(sc, "duration");
    double start = now_s(), next_report = start + PROGRESS_FIRST;
    /* bounded: every scenario's clock ends within FRIC_SCENARIO_MAX_STEPS
     * steps, and MAX_ROWS stops a runaway below */
    for (;;) {
        double now = now_s();
        if (now >= next_report) {
            if (i_duration >= 0)
                fprintf(stderr, "friction: run %s: t = %g s of %g s, %ld rows, %.0f s elapsed\n",
                        sc->name, rows ? row[0] : 0.0, p[i_duration], rows, now - start);
            else
                fprintf(stderr, "friction: run %s: %ld rows, %.0f s elapsed\n", sc->name, rows,
                        now - start);
            next_report = now + PROGRESS_EVERY;
        }
        why = NULL;
        int st = fric_scenario_step(sc, state, row, &why);
        if (st == FRIC_SCENARIO_DONE) break;
        if (st != FRIC_SCENARIO_ROW) {
            fflush(stdout);
            rc = cli_fail(CLI_RUNTIME, "row %ld: %s", rows + 1,
                          why && *why ? why : "the simulation stopped with an error.");
            break;
        }
        if (++rows > MAX_ROWS) {
            fflush(stdout);
            rc = cli_fail(CLI_RUNTIME, "%s: more than %ld rows; shorten the simulated time "
                          "or lengthen the output step.", sc->name, MAX_ROWS);
            break;
        }
        errno = 0;
        if (cli_csv_row(stdout, row, sc->n_cols)) {
            int e = errno;
            rc = cli_fail(CLI_RUNTIME, "cannot write to stdout: %s; stopped at row %ld.",
                          e ? strerror(e) : "write error", rows);
            break;
        }
    }
    free(state);
    if (rc) return rc;
    return cli_finish_output(stdout, "to stdout");
}

/* ------------------------------------------------------------------ main */

int main(int argc, char **argv)
{
#ifdef SIGPIPE
    /* A closed pipe becomes a write error that is reported, not a signal. */
    signal(SIGPIPE, SIG_IGN);
#endif
    /* With stdout closed, a file opened later would take descriptor 1 and
     * receive the output meant for stdout. */
    if (fcntl(1, F_GETFD) == -1 && errno == EBADF)
        return cli_fail(CLI_RUNTIME, "stdout is closed; redirect it to a file or a pipe.");
    static char outbuf[1 << 16];
    setvbuf(stdout, outbuf, _IOFBF, sizeof outbuf);

    if (argc < 2)
        return cli_fail(CLI_USAGE, "no command; try 'friction help'.");
    const char *cmd = argv[1];
    if (strcmp(cmd, "help") == 0 || strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0)
        return cmd_help();
    static const char *const commands[] = { "list", "run", "replay", "fit", "sensitivity", "diagram",
                                             "eval", "mujoco", "mujoco-model", "recording", "ident" };
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (strcmp(cmd, commands[i]) == 0 && wants_help(argc, argv)) return cmd_help_of(cmd);
    if (strcmp(cmd, "list") == 0) return cmd_list(argc - 1, argv + 1);
    if (strcmp(cmd, "run") == 0) return cmd_run(argc - 1, argv + 1);
    if (strcmp(cmd, "replay") == 0) return cli_replay(argc - 1, argv + 1);
    if (strcmp(cmd, "diagram") == 0) return cli_diagram(argc - 1, argv + 1);
    if (strcmp(cmd, "eval") == 0) return cli_eval(argc - 1, argv + 1);
    if (strcmp(cmd, "fit") == 0) return cli_fit(argc - 1, argv + 1);
    if (strcmp(cmd, "sensitivity") == 0) return cli_sensitivity(argc - 1, argv + 1);
    if (strcmp(cmd, "mujoco") == 0) return cli_mujoco(argc - 1, argv + 1);
    if (strcmp(cmd, "mujoco-model") == 0) return cli_mujoco_model(argc - 1, argv + 1);
    if (strcmp(cmd, "recording") == 0) return cli_recording(argc - 1, argv + 1);
    if (strcmp(cmd, "ident") == 0) return cli_ident(argc - 1, argv + 1);
    return cli_fail(CLI_USAGE, "unknown command '%s'; the commands are list, run, replay, "
                    "fit, sensitivity, diagram, eval, mujoco, mujoco-model, recording, ident and help.", cmd);
}
