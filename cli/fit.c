/*
 * fit.c: `friction fit`, identification of a servo's friction model from its
 * own pendulum logs (Duclusaud & Passault §V-B; the engine is fric_fit.h).
 *
 *   friction fit [--actuator A] --model m1..m6|native|all
 *                [--validation-kp K | --validation-split alternate | --validate LOG...]
 *       [--budget EVALS] [--seed S] [--threads T] [--set name=value ...]
 *       [--bounds name=lo:hi ...] [--from P.json] [--exclude-trajectory NAME ...]
 *       [--sensitivity [--tolerance T]]
 *       --out OUT LOG...
 *
 * Decisions (docs/cli.md says the same):
 *   - actuator: --actuator, else the logs' header "motor", read through the
 *     core's actuator names and aliases (fric_bench_actuator_resolve: the
 *     sts3215 logs say "sts3250"). A header naming a known actuator must
 *     agree with --actuator and with the other logs; a header naming none
 *     the core knows leaves the choice to --actuator, which is then required.
 *   - --validate LOG... takes the arguments up to the next option; a
 *     validation log also given among the training logs (same file, by its
 *     real path) is taken out of training, so `--validate a.json logs/ *.json`
 *     works.
 *   - --model all: M1..M6 in order, each warm-started from the fitted
 *     simpler model it contains with the lowest training loss
 *     (fric_fit_chain_start); --out is then a directory (created if missing)
 *     that receives m1.json .. m6.json, as shared/data/bam/params/<actuator>/,
 *     then native.json: MuJoCo's own joint on the same logs.
 *   - --model native: MuJoCo's own joint (fric_native.h; its file written by
 *     fit_native.c), through this same path: options, split, progress,
 *     table, cautions, "wrote" line. --set/--bounds name its fitted keys
 *     (frictionloss, damping, armature, kp, kv, forcerange_hi, q_offset;
 *     another key is refused naming them; with --model all an edit applies
 *     to the models that have the key); --from takes a native params file;
 *     --integrator does not apply (MuJoCo's own step).
 *   - --budget 0 (with --from): no search; the --from parameters are scored
 *     on the logs and written as they are (--set values in their place).
 *   - --exclude-trajectory NAME (repeatable; Rhoban/bam's fit option): the
 *     logs (training and --validate) whose header "trajectory" is NAME are
 *     left out, listed as excluded; a NAME no log has, or exclusions that
 *     leave no training log, are usage errors.
 *   - a fit of M3..M6 whose training logs all come from one rig setup (one
 *     mass, one length) gets the core's warning on stderr
 *     (fric_fit_rig_caution): its load-dependent terms cannot be separated.
 *   - a firmware constant (error_gain_ratio, max_velocity, current_limit,
 *     max_torque) is a parameter of the actuators the reference fits it for
 *     (fric_fit_param_applies); --set/--bounds of it for another actuator
 *     is a usage error.
 *   - progress: one line per generation on stderr when stderr is not a
 *     terminal; on a terminal at most 10 lines per second (and the last).
 *   - --sensitivity: after the fits and their table, the sensitivity ranges
 *     of each fitted model (cli_sens_run, sensitivity.h: the code of
 *     `friction sensitivity`) on the training logs, in the model's search
 *     space (with --bounds and --set), written beside its params file as
 *     bam names it (fit-m4.json → fit-m4_sensitivity.json). Not after Ctrl-C.
 *   - Ctrl-C (SIGINT) stops after the current generation; the best so far is
 *     written and the table printed, and the exit status is 130. A second
 *     Ctrl-C ends the process at once.
 *
 * Everything is read and checked (logs, split, spaces, --from, the output
 * location) before the first fit: bad input gives exit status 2, one line
 * on stderr and an empty stdout.
 */
#define _XOPEN_SOURCE 700

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "fit_logs.h"
#include "fmt.h"
#include "sensitivity.h"
#include "servo_params.h"

#include "fric_cmaes.h"
#include "fric_fit.h"
#include "fric_io.h"
#include "fric_native.h"

#define FIT_MAX_THREADS 256
#define FIT_PROGRESS_TTY_EVERY 0.1   /* [s] between progress lines on a terminal */
#define FIT_EXIT_INTERRUPTED 130      /* 128 + SIGINT, the shell's convention   */

static double wall_s(void)
{
    struct timespec ts;
    if (clock_gettime(CLOCK_MONOTONIC, &ts)) return 0;
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* ------------------------------------------------------------- options */

typedef struct {
    const char *arg;     /* as given, for messages */
    char key[64];        /* the parameter's name   */
    int i;               /* M-model parameter index, −1: none of that name */
    int ni;              /* native fitted key index (fric_native_fit_key), −1: none */
    double v, lo, hi;    /* --set value / --bounds box */
} fit_edit;

/* fit_opts.model of --model native (M1..M6 are 1..6, all 0) */
#define FIT_NATIVE 7

typedef struct {
    const char *actuator;         /* NULL: from the logs' headers            */
    int model;                    /* 1..6, FIT_NATIVE, 0 = all               */
    int have_kp;
    double kp;                    /* --validation-kp                         */
    int alternate;                /* --validation-split alternate            */
    const char **validate;        /* --validate paths                        */
    int n_validate;
    long budget;                  /* −1: each model's default                */
    uint64_t seed;
    int threads;                  /* 0: every online core                    */
    fit_edit *set, *bounds;
    int n_set, n_bounds;
    const char *from, *out;
    int integrator;               /* --integrator (fric_bench_integrator)    */
    int integrator_given;
    const char **logs;
    int n_logs;
    const char **exclude;         /* --exclude-trajectory names              */
    int n_exclude;
    int sensitivity;              /* --sensitivity: the ranges after the fit */
    const char *tolerance;        /* --tolerance (with --sensitivity)        */
    double tol;                   /* its value, FRIC_FIT_SENS_TOLERANCE      */
} fit_opts;

static void known_actuators(char *buf, size_t size)
{
    buf[0] = '\0';
    for (int i = 0; i < fric_bench_actuator_count(); i++) {
        if (i) strncat(buf, ", ", size - strlen(buf) - 1);
        strncat(buf, fric_bench_actuator_name(i), size - strlen(buf) - 1);
    }
}

static void all_keys(char *buf, size_t size)
{
    buf[0] = '\0';
    for (int i = 0; i < FRIC_FIT_N; i++) {
        if (i) strncat(buf, ", ", size - strlen(buf) - 1);
        strncat(buf, fric_fit_param_key(i), size - strlen(buf) - 1);
    }
}

/* The native model's fitted keys, "a, b, ...". */
static void native_keys(char *buf, size_t size)
{
    buf[0] = '\0';
    for (int i = 0; i < FRIC_NATIVE_FIT_N; i++) {
        if (i) strncat(buf, ", ", size - strlen(buf) - 1);
        strncat(buf, fric_native_fit_key(i), size - strlen(buf) - 1);
    }
}

static void model_keys(const char *act, int model, char *buf, size_t size)
{
    buf[0] = '\0';
    for (int i = 0; i < FRIC_FIT_N; i++) {
        if (!fric_fit_param_applies(act, model, i)) continue;
        if (buf[0]) strncat(buf, ", ", size - strlen(buf) - 1);
        strncat(buf, fric_fit_param_key(i), size - strlen(buf) - 1);
    }
}

/* A whole-string finite number. */
static int parse_double(const char *s, double *v)
{
    char *end;
    errno = 0;
    *v = strtod(s, &end);
    return !*s || *end || errno == ERANGE || !isfinite(*v);
}

/* The argument arg of option opt, of the form `form` ("name=value" or
 * "name=lo:hi"): the parameter index into e->i, arg into e->arg and what
 * follows '=' into *val; or a message. */
static int parse_key(const char *opt, const char *form, const char *arg, fit_edit *e,
                     const char **val)
{
    const char *eq = strchr(arg, '=');
    if (!eq) return cli_fail(CLI_USAGE, "fit: %s '%s' is not %s.", opt, arg, form);
    char *key = e->key, keys[512], nkeys[256];
    size_t n = (size_t)(eq - arg);
    if (n == 0 || n >= sizeof e->key)
        return cli_fail(CLI_USAGE, "fit: %s '%s': no parameter name before '='.", opt, arg);
    memcpy(key, arg, n);
    key[n] = '\0';
    e->i = fric_fit_param_find(key);
    e->ni = -1;
    for (int i = 0; i < FRIC_NATIVE_FIT_N; i++)
        if (strcmp(key, fric_native_fit_key(i)) == 0) e->ni = i;
    if (e->i < 0 && e->ni < 0) {
        all_keys(keys, sizeof keys);
        native_keys(nkeys, sizeof nkeys);
        return cli_fail(CLI_USAGE, "fit: %s: unknown parameter '%s'; the parameters (params-file "
                        "keys) are %s (M1-M6) and %s (native).", opt, key, keys, nkeys);
    }
    e->arg = arg;
    *val = eq + 1;
    return CLI_OK;
}

static int parse_set(const char *arg, fit_edit *e)
{
    const char *val;
    int rc = parse_key("--set", "name=value", arg, e, &val);
    if (rc) return rc;
    if (parse_double(val, &e->v))
        return cli_fail(CLI_USAGE, "fit: --set %s: '%s' is not a finite number.", arg, val);
    return CLI_OK;
}

static int parse_bounds(const char *arg, fit_edit *e)
{
    const char *val;
    int rc = parse_key("--bounds", "name=lo:hi", arg, e, &val);
    if (rc) return rc;
    const char *colon = strchr(val, ':');
    char lo[64];
    size_t n = colon ? (size_t)(colon - val) : 0;
    if (!colon || n >= sizeof lo)
        return cli_fail(CLI_USAGE, "fit: --bounds %s: write the box as name=lo:hi.", arg);
    memcpy(lo, val, n);
    lo[n] = '\0';
    if (parse_double(lo, &e->lo) || parse_double(colon + 1, &e->hi))
        return cli_fail(CLI_USAGE, "fit: --bounds %s: lo and hi must be finite numbers.", arg);
    if (!(e->lo < e->hi))
        return cli_fail(CLI_USAGE, "fit: --bounds %s: lo must be below hi.", arg);
    return CLI_OK;
}

/* name=... arguments that follow --set / --bounds: an identifier, then '='. */
static int is_assignment(const char *s)
{
    const char *c = s;
    while ((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') ||
           *c == '_')
        c++;
    return c > s && *c == '=';
}

static int parse_model(const char *s, int *model)
{
    if (strcmp(s, "all") == 0) {
        *model = 0;
        return 0;
    }
    if (strcmp(s, FRIC_NATIVE_MODEL_NAME) == 0) {
        *model = FIT_NATIVE;
        return 0;
    }
    if ((s[0] == 'm' || s[0] == 'M') && s[1] >= '1' && s[1] <= '6' && !s[2]) {
        *model = s[1] - '0';
        return 0;
    }
    return cli_fail(CLI_USAGE, "fit: unknown model '%s'; --model takes m1, m2, m3, m4, m5, m6, "
                    "native (MuJoCo's joint) or all.", s);
}

enum { O_ACTUATOR, O_MODEL, O_KP, O_BUDGET, O_SEED, O_THREADS, O_FROM, O_OUT, O_SET, O_BOUNDS,
       O_VALIDATE, O_SPLIT, O_INTEGRATOR, O_EXCLUDE, O_TOL, O_SENSITIVITY, O_N };

static int parse_opts(int argc, char **argv, fit_opts *o)
{
    o->model = -1;
    o->budget = -1;   /* each model's default (fric_fit_default_budget, FRIC_NATIVE_FIT_BUDGET) */
    o->seed = 1;
    o->tol = FRIC_FIT_SENS_TOLERANCE;
    char budget_must[192], threads_must[64];
    snprintf(budget_must, sizeof budget_must, "a number of evaluations >= 0 (default %ld for M1-M3, %ld for M4-M6, "
             "%d for native; 0 with --from: no search)", fric_fit_default_budget(1), fric_fit_default_budget(4),
             FRIC_NATIVE_FIT_BUDGET);
    snprintf(threads_must, sizeof threads_must, "in 0..%d (0: every core)", FIT_MAX_THREADS);
    const cli_opt opts[O_N] = {
        [O_ACTUATOR] = { "--actuator", "", NULL }, [O_MODEL] = { "--model", "", NULL },
        [O_KP] = { "--validation-kp", "", "a gain >= 0 (the logs' header \"kp\", e.g. 800)" },
        [O_BUDGET] = { "--budget", "", budget_must }, [O_SEED] = { "--seed", "", "an integer in [0, 2⁶⁴)" },
        [O_THREADS] = { "--threads", "", threads_must }, [O_FROM] = { "--from", "", NULL },
        [O_OUT] = { "--out", "", NULL }, [O_SET] = { "--set", "", NULL }, [O_BOUNDS] = { "--bounds", "", NULL },
        [O_VALIDATE] = { "--validate", "", NULL }, [O_SPLIT] = { "--validation-split", "", NULL },
        [O_INTEGRATOR] = { "--integrator", "", NULL }, [O_EXCLUDE] = { "--exclude-trajectory", "", NULL },
        [O_TOL] = { "--tolerance", "", NULL }, [O_SENSITIVITY] = { "--sensitivity", NULL, NULL },
    };
    const cli_opts t = { "fit", opts, O_N, NULL, "'friction help'" };
    int only_logs = 0;
    for (int a = 1; a < argc; a++) {
        const char *arg = argv[a];
        if (only_logs || arg[0] != '-' || arg[1] == '\0') {
            o->logs[o->n_logs++] = arg;
            continue;
        }
        if (strcmp(arg, "--") == 0) {
            only_logs = 1;
            continue;
        }
        const char *val = NULL;
        int k = cli_opt_next(argc, argv, &a, &t, &val);
        if (k == CLI_OPT_ARG) return cli_opt_unknown(&t, arg);   /* "-x": an option the table lacks */
        if (k == CLI_OPT_FAIL) return CLI_USAGE;
        char *end;
        switch (k) {
        case O_ACTUATOR: o->actuator = val; break;
        case O_MODEL:
            if (parse_model(val, &o->model)) return CLI_USAGE;
            break;
        case O_KP:
            if (parse_double(val, &o->kp) || o->kp < 0) return cli_opt_bad(&t, k, val);
            o->have_kp = 1;
            break;
        case O_SPLIT:
            if (strcmp(val, "alternate") != 0)
                return cli_fail(CLI_USAGE, "fit: --validation-split '%s' is not a split; the one "
                                "there is: alternate (a log validates when its kp rank plus its "
                                "trajectory index is odd).", val);
            o->alternate = 1;
            break;
        case O_BUDGET:
            if (cli_whole(val, &o->budget) || o->budget < 0) return cli_opt_bad(&t, k, val);
            break;
        case O_SEED: {
            errno = 0;
            unsigned long long s = strtoull(val, &end, 10);
            if (!*val || *end || errno == ERANGE || val[0] == '-') return cli_opt_bad(&t, k, val);
            o->seed = (uint64_t)s;
            break;
        }
        case O_THREADS: {
            long n = 0;
            if (cli_whole(val, &n) || n < 0 || n > FIT_MAX_THREADS) return cli_opt_bad(&t, k, val);
            o->threads = (int)n;
            break;
        }
        case O_FROM: o->from = val; break;
        case O_INTEGRATOR:
            o->integrator_given = 1;
            o->integrator = cli_integrator_from_name(val);
            if (o->integrator < 0)
                return cli_fail(CLI_USAGE, "fit: --integrator '%s' is not bam (the reference's "
                                "update, the default) or mujoco (MuJoCo's Euler: fit for MuJoCo).",
                                val);
            break;
        case O_OUT: o->out = val; break;
        case O_SENSITIVITY: o->sensitivity = 1; break;
        case O_EXCLUDE:
            if (!*val)
                return cli_fail(CLI_USAGE, "fit: --exclude-trajectory needs a trajectory name "
                                "(a log header's \"trajectory\", e.g. lift_and_drop).");
            o->exclude[o->n_exclude++] = val;
            break;
        case O_TOL:
            o->tolerance = val;
            if (cli_sens_tolerance("fit", val, &o->tol)) return CLI_USAGE;
            break;
        case O_SET:
        case O_BOUNDS:
        case O_VALIDATE:
            /* the value, then every following argument of the same kind */
            for (;;) {
                int rc = CLI_OK;
                if (k == O_SET) rc = parse_set(val, &o->set[o->n_set++]);
                else if (k == O_BOUNDS) rc = parse_bounds(val, &o->bounds[o->n_bounds++]);
                else o->validate[o->n_validate++] = val;
                if (rc) return rc;
                if (a + 1 >= argc) break;
                const char *next = argv[a + 1];
                if (k == O_VALIDATE ? (next[0] == '-' && next[1] != '\0') : !is_assignment(next))
                    break;
                val = argv[++a];
            }
            break;
        default: break;
        }
    }
    if (o->model < 0)
        return cli_fail(CLI_USAGE, "fit needs --model m1..m6, native or all (the friction model to "
                        "identify).");
    if (o->n_logs == 0)
        return cli_fail(CLI_USAGE, "fit needs at least one training log: friction fit --model m4 "
                        "--out P.json LOG.json ...");
    if (!o->out || !*o->out)
        return cli_fail(CLI_USAGE, "fit needs --out %s (where the fitted parameters go).",
                        o->model ? "P.json" : "DIR");
    if (o->model == FIT_NATIVE && o->integrator_given)
        return cli_fail(CLI_USAGE, "fit: --integrator chooses the M-models' integrator; --model "
                        "native runs MuJoCo's own step: leave --integrator out.");
    if (o->budget == 0 && !o->from)
        return cli_fail(CLI_USAGE, "fit: --budget 0 runs no search; give --from P.json (the "
                        "parameters it scores and writes) or a budget >= 1.");
    if (o->have_kp + o->alternate + (o->n_validate > 0) > 1)
        return cli_fail(CLI_USAGE, "fit: --validation-kp, --validation-split and --validate each "
                        "choose the validation logs; give one of them.");
    if (o->tolerance && !o->sensitivity)
        return cli_fail(CLI_USAGE, "fit: --tolerance %s sets the sensitivity ranges' threshold; "
                        "add --sensitivity to compute them after the fit.", o->tolerance);
    if (o->from && !o->model)
        return cli_fail(CLI_USAGE, "fit: --from warm-starts one model; with --model all each "
                        "model starts from the simpler ones fitted before it.");
    return CLI_OK;
}

/* ---------------------------------------------------------------- logs */

int cli_fit_log_read(cli_fit_log *L, const char *path, int valid)
{
    L->path = path;
    L->valid = valid;
    int rc = cli_log_read("fit", path, &L->log);
    if (rc) return rc;
    L->real = realpath(path, NULL);
    return cli_log_header_check(path, &L->log);
}

void cli_fit_log_destroy(cli_fit_log *L)
{
    fric_io_log_destroy(&L->log);
    free(L->real);
    L->real = NULL;
}

/* --exclude-trajectory (see the top): the logs of an excluded trajectory
 * are freed and taken out of logs[0..*n) (their paths into excluded[],
 * their count *n_excluded, for the listing). */
static int exclude_logs(const fit_opts *o, cli_fit_log *logs, int *n, const char **excluded,
                        int *n_excluded)
{
    *n_excluded = 0;
    if (!o->n_exclude) return CLI_OK;
    char kinds[512] = "";
    for (int i = 0; i < *n; i++) {
        const char *t = logs[i].log.trajectory[0] ? logs[i].log.trajectory : "(none named)";
        int seen = 0;
        for (int j = 0; j < i; j++)
            seen |= strcmp(logs[j].log.trajectory, logs[i].log.trajectory) == 0;
        if (!seen && strlen(kinds) + strlen(t) + 3 < sizeof kinds)
            strcat(strcat(kinds, kinds[0] ? ", " : ""), t);
    }
    for (int k = 0; k < o->n_exclude; k++) {
        int hits = 0;
        for (int i = 0; i < *n; i++) hits += strcmp(logs[i].log.trajectory, o->exclude[k]) == 0;
        if (!hits)
            return cli_fail(CLI_USAGE, "fit: --exclude-trajectory %s: no log has that trajectory "
                            "(the logs' trajectories: %s); name one of them.", o->exclude[k],
                            kinds);
    }
    int kept = 0, kept_train = 0;
    for (int i = 0; i < *n; i++) {
        int out = 0;
        for (int k = 0; k < o->n_exclude; k++)
            out |= strcmp(logs[i].log.trajectory, o->exclude[k]) == 0;
        if (!out) kept_train += !logs[i].valid;
        if (!out) continue;
        logs[i].valid = -1;   /* marked */
    }
    if (!kept_train)
        return cli_fail(CLI_USAGE, "fit: --exclude-trajectory leaves no training log (the logs' "
                        "trajectories: %s); exclude fewer trajectories.", kinds);
    for (int i = 0; i < *n; i++) {
        if (logs[i].valid < 0) {
            excluded[(*n_excluded)++] = logs[i].path;
            cli_fit_log_destroy(&logs[i]);
            continue;
        }
        logs[kept++] = logs[i];
    }
    *n = kept;
    return CLI_OK;
}

/* The actuator: --actuator, else the headers' "motor" (see the top). */
static int pick_actuator(const fit_opts *o, const cli_fit_log *logs, int n, const char **act)
{
    char list[256];
    known_actuators(list, sizeof list);
    if (o->actuator && !fric_bench_actuator_find(o->actuator))
        return cli_fail(CLI_USAGE, "fit: unknown actuator '%s' (--actuator); known actuators: "
                        "%s.", o->actuator, list);
    const char *from_logs = NULL, *first_path = NULL;
    for (int i = 0; i < n; i++) {
        const char *motor = logs[i].log.motor;
        if (!motor[0]) continue;
        /* the actuator the field names, through the core's aliases */
        const char *m = fric_bench_actuator_resolve(motor);
        if (!m) {
            if (!o->actuator)
                return cli_fail(CLI_USAGE, "fit: log %s: its header \"motor\" \"%s\" is not a known "
                                "actuator; give --actuator (known actuators: %s).", logs[i].path,
                                motor, list);
            continue;
        }
        if (o->actuator && strcmp(m, o->actuator) != 0)
            return cli_fail(CLI_USAGE, "fit: log %s is of actuator \"%s\" (header \"motor\"), not "
                            "of --actuator %s; fit each actuator on its own logs.", logs[i].path,
                            m, o->actuator);
        if (from_logs && strcmp(m, from_logs) != 0)
            return cli_fail(CLI_USAGE, "fit: the logs are of different actuators: %s is \"%s\", "
                            "%s is \"%s\" (header \"motor\"); fit each actuator on its own logs.",
                            first_path, from_logs, logs[i].path, m);
        if (!from_logs) {
            from_logs = m;
            first_path = logs[i].path;
        }
    }
    *act = from_logs;
    for (int i = 0; o->actuator && i < fric_bench_actuator_count(); i++)
        if (strcmp(fric_bench_actuator_name(i), o->actuator) == 0) *act = fric_bench_actuator_name(i);
    if (!*act)
        return cli_fail(CLI_USAGE, "fit: no log names its actuator (header \"motor\"); give "
                        "--actuator (known actuators: %s).", list);
    return CLI_OK;
}

/* Marks the split (see the top); counts training and validation logs. */
static int split_logs(const fit_opts *o, cli_fit_log *logs, int n, int *n_train, int *n_valid)
{
    if (o->have_kp || o->alternate) {
        const fric_io_log **lp = malloc((size_t)n * sizeof *lp);
        unsigned char *v = calloc((size_t)n, 1);
        if (!lp || !v) {
            free(lp);
            free(v);
            return cli_fail(CLI_RUNTIME, "fit: out of memory.");
        }
        for (int i = 0; i < n; i++) lp[i] = &logs[i].log;
        size_t m = o->alternate ? fric_fit_split_alternate(lp, (size_t)n, v)
                                : fric_fit_split_kp(lp, (size_t)n, o->kp, v);
        for (int i = 0; i < n; i++) logs[i].valid = v[i];
        free(lp);
        free(v);
        char kps[256] = "";
        for (int i = 0; i < n; i++) {
            int seen = 0;
            for (int j = 0; j < i; j++) seen |= logs[j].log.kp == logs[i].log.kp;
            char b[FMT_DOUBLE_LEN];
            if (!seen && strlen(kps) + FMT_DOUBLE_LEN + 3 < sizeof kps)
                strcat(strcat(kps, kps[0] ? ", " : ""), fmt_double(b, logs[i].log.kp));
        }
        char kb[FMT_DOUBLE_LEN];
        if (o->alternate && (m == 0 || m == (size_t)n))
            return cli_fail(CLI_USAGE, "fit: --validation-split alternate puts %s logs in "
                            "validation (the logs' kp: %s); it needs logs of at least two kps or "
                            "two trajectories.", m ? "all" : "no", kps);
        if (m == 0)
            return cli_fail(CLI_USAGE, "fit: --validation-kp %s: no log has that kp (the logs' "
                            "kp: %s); nothing to validate on.", fmt_double(kb, o->kp), kps);
        if (m == (size_t)n)
            return cli_fail(CLI_USAGE, "fit: --validation-kp %s: every log has that kp; nothing "
                            "is left to train on.", fmt_double(kb, o->kp));
    }
    *n_valid = 0;
    for (int i = 0; i < n; i++) *n_valid += logs[i].valid != 0;
    return cli_fit_logs_drop(logs, n, n_train);
}

int cli_fit_logs_drop(cli_fit_log *logs, int n, int *n_train)
{
    *n_train = 0;
    for (int i = 0; i < n; i++) {
        if (logs[i].valid) continue;
        for (int j = 0; j < n; j++)
            if (logs[j].valid && (logs[i].real && logs[j].real
                                      ? strcmp(logs[i].real, logs[j].real) == 0
                                      : strcmp(logs[i].path, logs[j].path) == 0))
                logs[i].dropped = 1;
        if (!logs[i].dropped) ++*n_train;
    }
    if (*n_train == 0)
        return cli_fail(CLI_USAGE, "fit: every log given is a --validate log; nothing is left "
                        "to train on.");
    return CLI_OK;
}

int cli_fit_logs_batch(const cli_fit_log *logs, int n, int valid, fric_fit_batch *b)
{
    const fric_io_log **lp = malloc((size_t)(n ? n : 1) * sizeof *lp);
    if (!lp) return cli_fail(CLI_RUNTIME, "fit: out of memory.");
    size_t m = 0;
    for (int i = 0; i < n; i++)
        if (logs[i].valid == valid && !logs[i].dropped) lp[m++] = &logs[i].log;
    const char *why = NULL;
    int rc = fric_fit_batch_create(lp, m, b, &why);
    free(lp);
    if (rc)
        return cli_fail(CLI_USAGE, "fit: the %s logs: %s", valid ? "validation" : "training",
                        why ? why : "cannot be batched.");
    return CLI_OK;
}

/* -------------------------------------------------------------- models */

typedef struct {
    int model;                           /* 1..6, or FIT_NATIVE */
    fric_fit_target target;
    fric_fit_space space;
    int has_preset;
    double preset[FRIC_FIT_N];
    double preset_train, preset_valid;   /* [rad], NaN: not available */
    int fitted;                          /* 1 when the fit ran (possibly stopped) */
    int start_from;                      /* warm start: model k, −1 --from, 0 none */
    double best[FRIC_FIT_N];
    double train, valid;                 /* the fit's MAE [rad] */
    long evals;
    uint64_t steps;
    int generations;
    double wall;                         /* [s] */
    int done;
    char out[4096];
    char sens_out[4200];                 /* --sensitivity: bam's <out>_sensitivity.json */
    /* FIT_NATIVE: MuJoCo's joint (fric_native.h); target, space, best unused */
    fric_native_fit_space box;
    fric_native_params nstart, nbest;
} fit_model;

/* The model's name in the table and the cautions ("M4", "native") and in
 * the progress and "wrote" lines ("m4", "native"). */
static const char *model_name(const fit_model *m, int upper, char buf[8])
{
    if (m->model == FIT_NATIVE) return FRIC_NATIVE_MODEL_NAME;
    snprintf(buf, 8, "%c%d", upper ? 'M' : 'm', m->model);
    return buf;
}

/* The native model's box with --bounds then --set applied (see the top): a
 * key it has not is refused naming its keys, or skipped with --model all. */
static int prepare_native(const fit_opts *o, const char *act, fit_model *m)
{
    fric_native_fit_space_default(act, &m->box);
    char keys[256];
    native_keys(keys, sizeof keys);
    int held = 0;
    for (int k = 0; k < o->n_bounds + o->n_set; k++) {
        const fit_edit *e = k < o->n_bounds ? &o->bounds[k] : &o->set[k - o->n_bounds];
        if (e->ni < 0) {
            if (o->model == 0) continue;
            return cli_fail(CLI_USAGE, "fit: %s %s: the native model (MuJoCo's joint) has no "
                            "parameter %s; its parameters are %s.",
                            k < o->n_bounds ? "--bounds" : "--set", e->arg, e->key, keys);
        }
        if (k < o->n_bounds) {
            m->box.lo[e->ni] = e->lo;
            m->box.hi[e->ni] = e->hi;
        } else {
            m->box.held[e->ni] = 1;
            m->box.value[e->ni] = e->v;
        }
    }
    for (int i = 0; i < FRIC_NATIVE_FIT_N; i++) held += m->box.held[i];
    if (held == FRIC_NATIVE_FIT_N && o->budget != 0)
        return cli_fail(CLI_USAGE, "fit: --set holds every parameter of the native model (%s); "
                        "leave one to fit, or give --budget 0 with --from.", keys);
    fric_native_fit_start(fric_bench_actuator_find(act), &m->box, &m->nstart);
    m->preset_train = m->preset_valid = m->train = m->valid = NAN;
    return CLI_OK;
}

/* Default space of (actuator, model) with --bounds then --set applied. With
 * `all`, an edit of a parameter the model does not use is skipped. */
static int prepare_model(const fit_opts *o, const char *act, fit_model *m)
{
    if (m->model == FIT_NATIVE) return prepare_native(o, act, m);
    const char *why = NULL;
    /* the integrator, and the treatment that goes with it (mujoco: MuJoCo's) */
    if (fric_fit_target_init(&m->target, act, m->model, &why) ||
        fric_fit_target_integrator(&m->target, (fric_bench_integrator)o->integrator, &why) ||
        fric_fit_space_default(act, m->model, &m->space, &why))
        return cli_fail(CLI_USAGE, "fit m%d (%s): %s", m->model, act, why ? why : "not available.");
    char keys[512];
    model_keys(act, m->model, keys, sizeof keys);
    for (int k = 0; k < o->n_bounds + o->n_set; k++) {
        const fit_edit *e = k < o->n_bounds ? &o->bounds[k] : &o->set[k - o->n_bounds];
        const char *opt = k < o->n_bounds ? "--bounds" : "--set";
        if (e->i < 0) {   /* a native key only */
            if (o->model == 0) continue;
            return cli_fail(CLI_USAGE, "fit: %s %s: M%d has no parameter %s (a key of the native "
                            "model); its parameters are %s.", opt, e->arg, m->model, e->key, keys);
        }
        if (e->i >= FRIC_FIT_FIRMWARE0 && !fric_fit_param_applies(act, m->model, e->i))
            return cli_fail(CLI_USAGE, "fit: %s %s: %s is not a parameter of %s (the firmware "
                            "constant of other actuators); its parameters are %s.", opt, e->arg,
                            fric_fit_param_key(e->i), act, keys);
        if (!fric_fit_param_used(m->model, e->i)) {
            if (o->model == 0) continue;
            return cli_fail(CLI_USAGE, "fit: %s %s: M%d has no parameter %s; its parameters are "
                            "%s.", opt, e->arg, m->model, fric_fit_param_key(e->i), keys);
        }
        if (k < o->n_bounds) {
            m->space.lo[e->i] = e->lo;
            m->space.hi[e->i] = e->hi;
        } else if (fric_fit_space_freeze(&m->space, e->i, e->v, &why)) {
            return cli_fail(CLI_USAGE, "fit: --set %s: %s", e->arg, why ? why : "refused.");
        }
    }
    if (fric_fit_space_check(&m->space, m->model, &why))
        return cli_fail(CLI_USAGE, "fit m%d: %s", m->model, why ? why : "unusable search space.");
    m->has_preset = fric_fit_preset_params(act, m->model, m->preset, &why) == 0;
    m->preset_train = m->preset_valid = m->train = m->valid = NAN;
    return CLI_OK;
}

/* --from: a params file of the same actuator and of the model or one it
 * contains, read by the project's reader (servo_params.h); the keys the
 * core does not model go to carry, and --out writes them back unchanged. */
static int read_from(const char *path, const char *act, int model, double *start,
                     fric_io_params_carry *carry)
{
    fric_bench_def d;
    const char *fact = NULL;
    int fmodel = 0;
    if (fric_native_params_file(path))
        return cli_fail(CLI_USAGE, "fit: --from %s is a native params file; M%d starts from an "
                        "M1..M%d params file (--model native starts from a native one).", path,
                        model, model);
    int rc = cli_servo_params_carry(path, &d, &fact, &fmodel, carry);
    if (rc) return rc;
    if (strcmp(fact, act) != 0)
        return cli_fail(CLI_USAGE, "fit: --from %s is of actuator \"%s\"; the logs are of %s.",
                        path, fact, act);
    double p[FRIC_FIT_N];
    fric_fit_from_def(&d, p);
    const char *why = NULL;
    if (fmodel == model) {
        memcpy(start, p, sizeof p);
        return CLI_OK;
    }
    if (fric_fit_embed(fmodel, p, model, start, &why))
        return cli_fail(CLI_USAGE, "fit: --from %s is an M%d; M%d cannot start from it (%s).",
                        path, fmodel, model, why ? why : "not contained");
    return CLI_OK;
}

/* ------------------------------------------------------------- output */

static int out_paths_of(const fit_opts *o, fit_model *ms, int n);

/* The params paths, and with --sensitivity bam's name of each one's ranges
 * beside it (m4.json → m4_sensitivity.json). */
static int out_paths(const fit_opts *o, fit_model *ms, int n)
{
    int rc = out_paths_of(o, ms, n);
    for (int k = 0; k < n && !rc && o->sensitivity; k++)
        if (cli_sens_path(ms[k].out, ms[k].sens_out, sizeof ms[k].sens_out))
            rc = cli_fail(CLI_USAGE, "fit: --sensitivity: the path %s_sensitivity.json is too "
                          "long; choose a shorter --out.", ms[k].out);
    /* before the fit runs: no device, pipe or directory where a file goes */
    for (int k = 0; k < n && !rc; k++) {
        rc = cli_output_path("fit", "--out", ms[k].out);
        if (!rc && o->sensitivity) rc = cli_output_path("fit", "--sensitivity", ms[k].sens_out);
    }
    return rc;
}

static int out_paths_of(const fit_opts *o, fit_model *ms, int n)
{
    if (o->model) {
        snprintf(ms[0].out, sizeof ms[0].out, "%s", o->out);
        char dir[4096];
        snprintf(dir, sizeof dir, "%s", o->out);
        char *slash = strrchr(dir, '/');
        if (slash) *(slash == dir ? slash + 1 : slash) = '\0';
        else snprintf(dir, sizeof dir, ".");
        struct stat st;
        char name[8];
        if (stat(o->out, &st) == 0 && S_ISDIR(st.st_mode))
            return cli_fail(CLI_USAGE, "fit: --out %s is a directory; with one model --out names "
                            "the params file (e.g. fit-%s.json).", o->out, model_name(&ms[0], 0, name));
        if (access(dir, W_OK) != 0)
            return cli_fail(CLI_USAGE, "fit: --out %s: cannot write in %s: %s.", o->out, dir,
                            strerror(errno));
        return CLI_OK;
    }
    struct stat st;
    if (stat(o->out, &st) != 0) {
        if (mkdir(o->out, 0777) != 0)
            return cli_fail(CLI_USAGE, "fit: --out %s: cannot create the directory: %s (with "
                            "--model all, --out is a directory for m1.json .. m6.json).",
                            o->out, strerror(errno));
    } else if (!S_ISDIR(st.st_mode)) {
        return cli_fail(CLI_USAGE, "fit: --out %s is a file; with --model all, --out is a "
                        "directory that receives m1.json .. m6.json.", o->out);
    }
    if (access(o->out, W_OK) != 0)
        return cli_fail(CLI_USAGE, "fit: --out %s: %s.", o->out, strerror(errno));
    char name[8];
    for (int k = 0; k < n; k++)
        snprintf(ms[k].out, sizeof ms[k].out, "%s/%s.json", o->out, model_name(&ms[k], 0, name));
    return CLI_OK;
}

/* The flat params file (the keys of shared/data/bam/params/<actuator>/m<k>.json,
 * the model's parameters only), written by the core's writer
 * (fric_io_params_write) to a temporary file beside PATH, then renamed
 * (cli_write_file). */
static int write_params(const fit_model *m, const char *act, const fric_io_params_carry *carry,
                        size_t train_logs)
{
    if (m->model == FIT_NATIVE) {   /* the native file, with the fit's keys */
        fric_io_params_fit meta = { .train_mae = m->train, .holdout_mae = m->valid,
                                    .logs = train_logs, .evaluations = m->evals };
        return cli_fit_native_write("fit", &m->nbest, act, &meta, m->out);
    }
    fric_io_params_file pf;
    const char *why = NULL;
    /* the file records the integrator the fit ran */
    if (fric_fit_params_file(act, m->model, m->best, m->target.integrator, NULL, &pf, &why))
        return cli_fail(CLI_RUNTIME, "fit: %s", why);
    pf.integrator = (int)m->target.integrator;   /* the file records what the fit ran */
    pf.carry = carry;                            /* --from's keys the core does not model */
    char text[8192];
    size_t len = 0;
    if (fric_io_params_write(&pf, text, sizeof text, &len))
        return cli_fail(CLI_RUNTIME, "fit: %s", fric_status_last().message);
    return cli_write_file("fit", m->out, text, len);
}

static void cell_mae(char *buf, size_t size, double v)
{
    if (isnan(v)) snprintf(buf, size, "—");
    else if (isinf(v)) snprintf(buf, size, "inf");
    else snprintf(buf, size, "%.5f", v);
}

/* The logs as the core's caution functions take them: the logs kept (a
 * dropped training copy left out) and their validation marks. Returns how
 * many. */
static size_t core_logs(const cli_fit_log *logs, int n, const fric_io_log **lp, unsigned char *v)
{
    size_t m = 0;
    for (int i = 0; i < n && m < FRIC_FIT_MAX_LOGS; i++) {
        if (logs[i].dropped) continue;
        lp[m] = &logs[i].log;
        v[m++] = (unsigned char)logs[i].valid;
    }
    return m;
}

/* Under the table: the caution of each fit (fric_fit_caution: too few
 * training logs, validation much worse than training), a line each, the
 * same text not repeated for the next model. */
static void print_cautions(const fit_model *ms, int n_models, const cli_fit_log *logs, int n)
{
    const fric_io_log *lp[FRIC_FIT_MAX_LOGS];
    unsigned char v[FRIC_FIT_MAX_LOGS];
    size_t m = core_logs(logs, n, lp, v);
    char last[1024] = "", text[1024];
    for (int k = 0; k < n_models; k++) {
        if (!ms[k].fitted) continue;
        if (!fric_fit_caution(lp, m, v, ms[k].train, ms[k].valid, text, sizeof text)) continue;
        char name[8];
        if (strcmp(text, last) != 0) printf("caution, %s: %s\n", model_name(&ms[k], 1, name), text);
        memcpy(last, text, sizeof last);
    }
}

/* Under the table: each fitted model's MAE on every log it was scored on,
 * in the order of the log list (the training and validation batches'
 * replays by the fit's own loss, with its integrator and treatment): what
 * `friction replay` of its params file gives, and under the mujoco
 * integrator `friction mujoco`. */
static void print_per_log(const fit_model *ms, int n_models, const cli_fit_log *logs, int n,
                          const fric_fit_batch *train, const fric_fit_batch *valid,
                          fric_bench_lane *lanes)
{
    int native = ms[n_models - 1].model == FIT_NATIVE;
    if (ms[0].model == FIT_NATIVE)
        printf("\nper log [rad] (the fit's replay; native: MuJoCo's own step):\n");
    else
        printf("\nper log [rad] (the fit's replay; %s integrator, %s treatment%s):\n",
               fric_bench_integrator_names[ms[0].target.integrator],
               fric_treatment_name(ms[0].target.treatment), native ? "; native: MuJoCo's own step" : "");
    for (int k = 0; k < n_models; k++) {
        if (!ms[k].fitted) continue;
        double e[2][FRIC_FIT_MAX_LOGS];
        size_t at[2] = { 0, 0 };
        char name[8];
        if (ms[k].model == FIT_NATIVE) {
            fric_native_loss(&train->b, &ms[k].nbest, e[0]);
            if (valid) fric_native_loss(&valid->b, &ms[k].nbest, e[1]);
        } else {
            fric_fit_loss(&ms[k].target, ms[k].best, train, lanes, e[0]);
            if (valid) fric_fit_loss(&ms[k].target, ms[k].best, valid, lanes, e[1]);
        }
        for (int i = 0; i < n; i++) {
            int v = logs[i].valid != 0;
            if (logs[i].dropped || (v && !valid)) continue;
            char b[FMT_DOUBLE_LEN];
            printf("  %s %-10s %s: mae %s rad\n", model_name(&ms[k], 1, name),
                   v ? "validation" : "training", cli_shown(logs[i].path), fmt_double(b, e[v][at[v]++]));
        }
    }
}

/* On stderr, before the fits: the core's warning when every training log
 * comes from one rig setup (fric_fit_rig_caution), once (its text names
 * the first model with load terms). */
static void rig_warning(const fit_model *ms, int n_models, const cli_fit_log *logs, int n)
{
    const fric_io_log *lp[FRIC_FIT_MAX_LOGS];
    unsigned char v[FRIC_FIT_MAX_LOGS];
    size_t m = core_logs(logs, n, lp, v);
    char text[1024];
    for (int k = 0; k < n_models; k++)
        if (ms[k].model != FIT_NATIVE && fric_fit_rig_caution(lp, m, v, ms[k].model, text, sizeof text)) {
            fflush(stdout);
            fprintf(stderr, "fit: warning: %s\n", text);
            return;
        }
}

/* The table (stdout): the published preset and the fit per model (with
 * --model all, M1..M6: the paper's Fig. 5 as text). */
static void print_table(const fit_model *ms, int n, int threads, uint64_t seed)
{
    static const char *const head[] = { "model", "parameters", "train MAE [rad]",
                                        "valid MAE [rad]", "evals", "wall [s]", "evals/s",
                                        "steps/s", "threads", "seed" };
    enum { C = 10 };
    char cell[14][C][48];
    int rows = 0;
    for (int k = 0; k < n; k++) {
        const fit_model *m = &ms[k];
        for (int r = 0; r < 2; r++) {
            char (*c)[48] = cell[rows++];
            for (int j = 0; j < C; j++) snprintf(c[j], 48, "—");
            char name[8];
            snprintf(c[0], 48, "%s", model_name(m, 1, name));
            if (r == 0) {
                snprintf(c[1], 48, m->has_preset ? "published" : "published: none");
                cell_mae(c[2], 48, m->preset_train);
                cell_mae(c[3], 48, m->preset_valid);
                continue;
            }
            if (!m->fitted) {
                snprintf(c[1], 48, "fit: not run");
                continue;
            }
            if (m->start_from > 0) snprintf(c[1], 48, "fit from M%d", m->start_from);
            else if (m->start_from < 0) snprintf(c[1], 48, "fit from --from");
            else snprintf(c[1], 48, "fit");
            if (m->done == FRIC_CMAES_STOPPED) strncat(c[1], " (stopped)", 47 - strlen(c[1]));
            if (m->evals == 0) strncat(c[1], " (budget 0)", 47 - strlen(c[1]));
            cell_mae(c[2], 48, m->train);
            cell_mae(c[3], 48, m->valid);
            snprintf(c[4], 48, "%ld", m->evals);
            snprintf(c[5], 48, "%.2f", m->wall);
            if (m->wall > 0) {
                snprintf(c[6], 48, "%.0f", (double)m->evals / m->wall);
                snprintf(c[7], 48, "%.2f M", (double)m->steps / m->wall / 1e6);
            }
            snprintf(c[8], 48, "%d", threads);
            snprintf(c[9], 48, "%llu", (unsigned long long)seed);
        }
    }
    int w[C];
    for (int j = 0; j < C; j++) {
        w[j] = cli_width(head[j]);
        for (int r = 0; r < rows; r++)
            if (cli_width(cell[r][j]) > w[j]) w[j] = cli_width(cell[r][j]);
    }
    for (int j = 0; j < C; j++) cli_pad(stdout, head[j], j + 1 < C ? w[j] + 2 : 0);
    putchar('\n');
    for (int r = 0; r < rows; r++) {
        for (int j = 0; j < C; j++) cli_pad(stdout, cell[r][j], j + 1 < C ? w[j] + 2 : 0);
        putchar('\n');
    }
}

/* ------------------------------------------------------------ progress */

static volatile sig_atomic_t interrupted;

static void on_sigint(int sig)
{
    (void)sig;
    interrupted = 1;
}

typedef struct {
    const char *name;   /* "m4", "native" */
    double t0, last;
    int tty;
    uint64_t steps_per_eval;   /* native: the training samples (bench steps of one evaluation) */
} fit_progress_ctx;

static int on_gen(const fric_fit_progress *p, void *user)
{
    fit_progress_ctx *c = user;
    double now = wall_s();
    if (!c->tty || now - c->last >= FIT_PROGRESS_TTY_EVERY || p->done || interrupted) {
        char phase[128];
        fric_fit_progress_phase(p, phase, sizeof phase);
        fprintf(stderr, "fit %s: gen %d  evals %ld/%ld  best train MAE %.5f rad  %s, λ %d  "
                "%.1f s\n", c->name, p->generation, p->evals, p->budget, p->best_loss, phase,
                p->lambda, now - c->t0);
        c->last = now;
    }
    return interrupted != 0;
}

/* The native fitter's progress as the M-models' (one progress line, one
 * phase: its BIPOP run), then on_gen. */
static int on_gen_native(const fric_native_fit_progress *n, void *user)
{
    const fit_progress_ctx *c = user;
    fric_fit_progress p = { .generation = n->generation, .run = n->run, .lambda = n->lambda,
                            .evals = n->evals, .budget = n->budget,
                            .steps = (uint64_t)n->evals * c->steps_per_eval,
                            .best_loss = n->best_loss, .gen_best_loss = n->gen_best_loss,
                            .sigma = n->sigma, .done = n->done, .stage = 1, .stages = 1,
                            .stage_model = 0, .attempt = 1, .attempts = 1 };
    return on_gen(&p, user);
}

/* The engine's message without its "fit: " prefix (ours has one). */
static const char *engine_why(const char *why)
{
    if (!why || !*why) return "refused by the engine.";
    return strncmp(why, "fit: ", 5) == 0 ? why + 5 : why;
}

/* The budget of M<model>: --budget, else the model's default. */
static long model_budget(const fit_opts *o, int model)
{
    if (o->budget >= 0) return o->budget;
    return model == FIT_NATIVE ? FRIC_NATIVE_FIT_BUDGET : fric_fit_default_budget(model);
}

/* Checks that the engine accepts the fit (budget against the first
 * generation, start), before anything is written: a usage error. */
static int check_model(const fit_model *m, const fric_fit_batch *train, const fit_opts *o,
                       const double *start)
{
    const char *why = NULL;
    if (o->budget == 0) return CLI_OK;   /* no search: nothing for the engine to accept */
    if (m->model == FIT_NATIVE) {   /* the fitter checks box, start and budget */
        fric_native_fitter *f = fric_native_fitter_create(&train->b, &m->nstart, &m->box,
                                                          model_budget(o, m->model), o->seed, &why);
        if (!f)
            return cli_fail(CLI_USAGE, "fit native%s with --budget %ld: %s", o->from ? " --from" : "",
                            model_budget(o, m->model), engine_why(why));
        fric_native_fitter_destroy(f);
        return CLI_OK;
    }
    double centre[FRIC_FIT_N], x[FRIC_FIT_N];
    for (int k = 0; k < FRIC_FIT_N; k++) x[k] = 0.5;
    fric_fit_space_decode(&m->space, x, centre);
    /* with --model all every model but M1 starts warm: the start counts */
    int warm = start || (o->model == 0 && m->model > 1);
    fric_fit_def d = { .target = m->target, .space = m->space, .train = train,
                       .budget = model_budget(o, m->model), .seed = o->seed, .restarts = -1,
                       .start = warm ? (start ? start : centre) : NULL };
    fric_fit *f = fric_fit_create(&d, &why);
    if (!f)
        return cli_fail(CLI_USAGE, "fit m%d with --budget %ld: %s", m->model, d.budget,
                        engine_why(why));
    fric_fit_destroy(f);
    return CLI_OK;
}

/* --budget 0: the start (--from, --set values in place) scored, as it is. */
static void run_none(fit_model *m, const fric_fit_batch *train, const fric_fit_batch *valid,
                     fric_bench_lane *lanes, const double *start)
{
    m->fitted = 1;
    if (m->model == FIT_NATIVE) {
        double v[FRIC_NATIVE_FIT_N];
        fric_native_fit_values(&m->nstart, v);
        for (int i = 0; i < FRIC_NATIVE_FIT_N; i++)
            if (m->box.held[i]) v[i] = m->box.value[i];
        fric_native_fit_apply(&m->nstart, v, &m->nbest);
        m->train = fric_native_loss(&train->b, &m->nbest, NULL);
        if (valid) m->valid = fric_native_loss(&valid->b, &m->nbest, NULL);
        return;
    }
    for (int i = 0; i < FRIC_FIT_N; i++) m->best[i] = m->space.free_[i] ? start[i] : m->space.value[i];
    m->train = fric_fit_loss(&m->target, m->best, train, lanes, NULL);
    if (valid) m->valid = fric_fit_loss(&m->target, m->best, valid, lanes, NULL);
}

static int run_native(fit_model *m, const fric_fit_batch *train, const fric_fit_batch *valid,
                      const fit_opts *o, int threads)
{
    const char *why = NULL;
    fric_native_fitter *f = fric_native_fitter_create(&train->b, &m->nstart, &m->box,
                                                      model_budget(o, m->model), o->seed, &why);
    if (!f) return cli_fail(CLI_USAGE, "fit native: %s", engine_why(why));
    uint64_t samples = 0;
    for (size_t i = 0; i < train->b.logs; i++) samples += train->b.n[i];
    fit_progress_ctx ctx = { FRIC_NATIVE_MODEL_NAME, wall_s(), 0, isatty(2), samples };
    int done = fric_native_fit_run(f, threads, on_gen_native, &ctx, &why);
    m->wall = wall_s() - ctx.t0;
    const fric_native_fit_progress *p = fric_native_fitter_progress(f);
    m->fitted = done >= 0 && isfinite(p->best_loss);
    m->done = p->done;
    m->evals = p->evals;
    m->steps = (uint64_t)p->evals * samples;
    m->generations = p->generation;
    m->train = p->best_loss;
    m->nbest = p->best;
    fric_native_fitter_destroy(f);
    if (done < 0) return cli_fail(CLI_RUNTIME, "fit native: %s", engine_why(why));
    if (!m->fitted)
        return cli_fail(CLI_RUNTIME, "fit native: no candidate gave a finite loss in %ld "
                        "evaluations; widen the bounds or raise --budget.", m->evals);
    if (valid) m->valid = fric_native_loss(&valid->b, &m->nbest, NULL);
    return CLI_OK;
}

static int run_model(fit_model *m, const fric_fit_batch *train, const fric_fit_batch *valid,
                     fric_bench_lane *lanes, const fit_opts *o, int threads, const double *start)
{
    if (o->budget == 0) {
        run_none(m, train, valid, lanes, start);
        return CLI_OK;
    }
    if (m->model == FIT_NATIVE) return run_native(m, train, valid, o, threads);
    fric_fit_def d = { .target = m->target, .space = m->space, .train = train,
                       .budget = model_budget(o, m->model), .seed = o->seed, .sigma0 = 0,
                       .restarts = -1, .start = start };
    const char *why = NULL;
    fric_fit *f = fric_fit_create(&d, &why);
    if (!f) return cli_fail(CLI_USAGE, "fit m%d: %s", m->model, engine_why(why));
    char name[8];
    fit_progress_ctx ctx = { model_name(m, 0, name), wall_s(), 0, isatty(2), 0 };
    int done = fric_fit_run(f, threads, on_gen, &ctx, &why);
    m->wall = wall_s() - ctx.t0;
    if (done < 0) {
        fric_fit_destroy(f);
        return cli_fail(CLI_RUNTIME, "fit m%d: %s", m->model, engine_why(why));
    }
    const fric_fit_progress *p = fric_fit_get_progress(f);
    m->fitted = isfinite(p->best_loss);
    m->done = p->done;
    m->evals = p->evals;
    m->steps = p->steps;
    m->generations = p->generation;
    m->train = p->best_loss;
    memcpy(m->best, p->best, sizeof m->best);
    fric_fit_destroy(f);
    if (!m->fitted)
        return cli_fail(CLI_RUNTIME, "fit m%d: no candidate gave a finite loss in %ld "
                        "evaluations; widen the bounds or raise --budget.", m->model, m->evals);
    if (valid) m->valid = fric_fit_loss(&m->target, m->best, valid, lanes, NULL);
    return CLI_OK;
}

/* -------------------------------------------------------------- command */

int cli_fit(int argc, char **argv)
{
    size_t na = (size_t)argc;
    fit_opts o = { 0 };
    o.logs = malloc(na * sizeof *o.logs);
    o.validate = malloc(na * sizeof *o.validate);
    o.set = malloc(na * sizeof *o.set);
    o.bounds = malloc(na * sizeof *o.bounds);
    o.exclude = malloc(na * sizeof *o.exclude);
    const char **excluded = NULL;
    int n_excluded = 0;
    cli_fit_log *logs = NULL;
    int n = 0, rc = CLI_OK;
    static fit_model ms[7];   /* static: M1..M6 and native, one fit per process */
    int n_models = 0;
    fric_fit_batch train = { 0 }, valid = { 0 };
    fric_bench_lane *lanes = NULL;
    int has_valid = 0;

    if (!o.logs || !o.validate || !o.set || !o.bounds || !o.exclude) {
        rc = cli_fail(CLI_RUNTIME, "fit: out of memory.");
        goto end;
    }
    rc = parse_opts(argc, argv, &o);
    if (rc) goto end;

    logs = calloc((size_t)(o.n_logs + o.n_validate), sizeof *logs);
    excluded = malloc((size_t)(o.n_logs + o.n_validate) * sizeof *excluded);
    if (!logs || !excluded) {
        rc = cli_fail(CLI_RUNTIME, "fit: out of memory.");
        goto end;
    }
    for (int i = 0; i < o.n_logs + o.n_validate && !rc; i++, n++)
        rc = cli_fit_log_read(&logs[i], i < o.n_logs ? o.logs[i] : o.validate[i - o.n_logs],
                      i >= o.n_logs);
    if (rc) goto end;
    rc = exclude_logs(&o, logs, &n, excluded, &n_excluded);
    if (rc) goto end;

    const char *act = NULL;
    rc = pick_actuator(&o, logs, n, &act);
    if (rc) goto end;
    int n_train = 0, n_valid = 0;
    rc = split_logs(&o, logs, n, &n_train, &n_valid);
    if (rc) goto end;
    has_valid = n_valid > 0;

    /* the models: M<k>, native, or M1..M6 then native */
    for (int k = o.model ? o.model : 1; k <= (o.model ? o.model : FIT_NATIVE) && !rc; k++) {
        memset(&ms[n_models], 0, sizeof ms[n_models]);
        ms[n_models].model = k;
        rc = prepare_model(&o, act, &ms[n_models++]);
    }
    if (rc) goto end;
    double from_start[FRIC_FIT_N];
    static fric_io_params_carry carry;   /* static: 2.6 kB, one fit per process */
    fric_io_params_carry_clear(&carry);
    if (o.from) {
        rc = o.model == FIT_NATIVE ? cli_fit_native_from(o.from, act, &ms[0].nstart)
                                   : read_from(o.from, act, o.model, from_start, &carry);
        if (rc) goto end;
    }
    rc = out_paths(&o, ms, n_models);
    if (rc) goto end;

    rc = cli_fit_logs_batch(logs, n, 0, &train);
    if (!rc && has_valid) rc = cli_fit_logs_batch(logs, n, 1, &valid);
    if (rc) goto end;
    lanes = calloc(train.logs > valid.logs ? train.logs : valid.logs, sizeof *lanes);
    if (!lanes) {
        rc = cli_fail(CLI_RUNTIME, "fit: out of memory for the lanes.");
        goto end;
    }

    for (int k = 0; k < n_models && !rc; k++)
        rc = check_model(&ms[k], &train, &o, o.from ? from_start : NULL);
    if (rc) goto end;

    /* the split, then the fits */
    char mname[8];
    const char *which = o.model ? model_name(&ms[0], 0, mname) : "m1..m6 and native";
    printf("fit %s, %s: %d training log%s, %d validation log%s%s\n", act, which, n_train,
           n_train == 1 ? "" : "s", n_valid, n_valid == 1 ? "" : "s",
           n_valid ? "" : " (no split: the validation column shows —)");
    /* a motor name the core reads as another actuator's: the core's sentence,
       the one the Fit view shows (once per distinct name) */
    for (int i = 0; i < n; i++) {
        char note[256];
        int seen = 0;
        for (int j = 0; j < i; j++) seen |= strcmp(logs[j].log.motor, logs[i].log.motor) == 0;
        if (!seen && fric_bench_actuator_note(logs[i].log.motor, note, sizeof note))
            printf("%s\n", note);
    }
    for (int i = 0; i < n; i++) {
        char kb[FMT_DOUBLE_LEN];
        printf("  %-10s %s (kp %s, %s)\n",
               logs[i].dropped ? "(dropped)" : logs[i].valid ? "validation" : "training",
               cli_shown(logs[i].path), fmt_double(kb, logs[i].log.kp),
               logs[i].log.trajectory[0] ? cli_shown(logs[i].log.trajectory) : "no trajectory");
    }
    for (int i = 0; i < n_excluded; i++) printf("  %-10s %s\n", "(excluded)", cli_shown(excluded[i]));
    rig_warning(ms, n_models, logs, n);
    rc = cli_finish_output(stdout, "to stdout");
    if (rc) goto end;

    int threads = o.threads;   /* the table's; the fits take the same number */
    if (threads == 0) {
        long c = sysconf(_SC_NPROCESSORS_ONLN);
        threads = c < 1 ? 1 : c > FIT_MAX_THREADS ? FIT_MAX_THREADS : (int)c;
    }
    struct sigaction sa, old_sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_sigint;
    sa.sa_flags = (int)SA_RESETHAND;   /* a second Ctrl-C ends the process */
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, &old_sa);

    double loss[6] = { INFINITY, INFINITY, INFINITY, INFINITY, INFINITY, INFINITY };
    double best[6 * FRIC_FIT_N] = { 0 };
    int written = 0;
    for (int k = 0; k < n_models && !rc; k++) {
        fit_model *m = &ms[k];
        int native = m->model == FIT_NATIVE;
        if (m->has_preset) {
            m->preset_train = fric_fit_loss(&m->target, m->preset, &train, lanes, NULL);
            if (has_valid)
                m->preset_valid = fric_fit_loss(&m->target, m->preset, &valid, lanes, NULL);
        }
        if (interrupted) continue;
        double start[FRIC_FIT_N];
        const double *sp = NULL;
        if (o.from) {
            sp = from_start;
            m->start_from = -1;
        } else if (!native && (m->start_from = fric_fit_chain_start(m->model, loss, best, start)) > 0) {
            sp = start;
        }
        rc = run_model(m, &train, has_valid ? &valid : NULL, lanes, &o, threads, sp);
        if (rc) break;
        if (!native) {
            loss[m->model - 1] = m->train;
            memcpy(best + (size_t)(m->model - 1) * FRIC_FIT_N, m->best, sizeof m->best);
        }
        rc = write_params(m, act, &carry, train.logs);
        if (!rc) written++;
    }
    sigaction(SIGINT, &old_sa, NULL);
    if (written) {
        putchar('\n');
        print_table(ms, n_models, threads, o.seed);
        print_cautions(ms, n_models, logs, n);
        print_per_log(ms, n_models, logs, n, &train, has_valid ? &valid : NULL, lanes);
        putchar('\n');
        char b[FMT_DOUBLE_LEN], name[8];
        for (int k = 0; k < n_models; k++)
            if (ms[k].fitted)
                printf("wrote %s: %s %s%s, training MAE %s rad\n", cli_shown(ms[k].out), act,
                       model_name(&ms[k], 0, name), ms[k].model == FIT_NATIVE ? " (MuJoCo's joint)" : "",
                       fmt_double(b, ms[k].train));
    }
    /* --sensitivity: the ranges of each fitted model on its training logs and
       in its search space, by the sensitivity command's code; the fit is done */
    if (o.sensitivity && written && !interrupted && !rc) {
        char logdir[4096] = ".";
        for (int i = 0; i < n; i++)
            if (!logs[i].valid && !logs[i].dropped) {
                cli_sens_logdir(logs[i].path, logdir, sizeof logdir);
                break;
            }
        for (int k = 0; k < n_models && !rc; k++) {
            const fit_model *m = &ms[k];
            if (!m->fitted) continue;
            putchar('\n');
            if (m->model == FIT_NATIVE) {
                rc = cli_fit_native_sensitivity(&train, &m->nbest, &m->box, o.tol, act, m->out,
                                                m->sens_out, logdir);
                continue;
            }
            cli_sens_job j = { "fit", act, m->model, &m->target, &m->space, m->best, &train, lanes,
                               n_train, o.tol, m->out, logdir, m->sens_out };
            rc = cli_sens_run(&j);
        }
    }
    if (interrupted && !rc) {
        fflush(stdout);
        cli_fail(FIT_EXIT_INTERRUPTED, "fit: interrupted (Ctrl-C): %s the best parameters found "
                 "so far.", written ? "wrote" : "no fit had finished a generation; nothing "
                 "written, not even");
        rc = FIT_EXIT_INTERRUPTED;
    }
    if (!rc) rc = cli_finish_output(stdout, "to stdout");
    else fflush(stdout);

end:
    for (int i = 0; i < n; i++) {
        cli_fit_log_destroy(&logs[i]);
    }
    fric_fit_batch_destroy(&train);
    fric_fit_batch_destroy(&valid);
    free(lanes);
    free(logs);
    free(o.logs);
    free(o.validate);
    free(o.set);
    free(o.bounds);
    free(o.exclude);
    free(excluded);
    return rc;
}
