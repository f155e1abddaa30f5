/*
 * replay.c: `friction replay --params P.json [--actuator A] [--friction T] [--csv FILE] LOG.json ...`
 *
 * Replays pendulum logs (read and checked by the io library, fric_io.h) with the servo described by an actuator file
 * and scores each as the paper's identification does (fric_bench_replay:
 * the mean absolute error of the joint position, in rad). Prints one line
 * per log and the mean over the logs. The treatment is --friction's, else
 * the one that goes with the integrator (fric_bench_integrator_treatments:
 * clip for bam, implicit for mujoco, what a fit with it scored).
 *
 * The actuator file is a BAM params file (servo_params.h): "actuator" and
 * "model" (required) and the bench scenario's parameters, kt, R, armature,
 * q_offset, friction_base, friction_stribeck, ...; a value the file leaves
 * out is the identified preset's. Any other key is an error.
 *
 * A log whose header "motor" names another actuator than the file's is
 * refused (cli_params_actuator_check, as `friction mujoco --log`) unless
 * --actuator A names the file's actuator: then the file is scored on those
 * logs as asked.
 *
 * A native params file ("model": "native", fric_native.h: MuJoCo's joint
 * with frictionloss, damping, armature and a position actuator) is
 * replayed by the core's restatement of MuJoCo (fric_native_replay);
 * --friction and --integrator do not apply to it: either is refused.
 *
 * Everything is read and checked before the first replay; so a bad input
 * gives exit status 2 and an empty stdout. The logs are read one at a time
 * (a first pass checks each and keeps its sample count, the second reads
 * it again to replay it): memory holds one log, however many are given.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "fmt.h"
#include "servo_params.h"

#include "fric_bench.h"
#include "fric_io.h"
#include "fric_native.h"
#include "fric_scenario.h"


/* One of the bench's treatments (fric_bench_treatments) by name. */
static int treatment_from_name(const char *s, fric_treatment *out)
{
    for (int i = 0; i < FRIC_BENCH_N_TREATMENTS; i++)
        if (strcmp(s, fric_bench_treatment_names[i]) == 0) {
            *out = fric_bench_treatments[i];
            return 0;
        }
    return 1;
}

/* "implicit|clip|explicit|karnopp", from the core's table of treatments. */
static const char *treatment_list(void)
{
    static char list[128];
    size_t len = 0;
    list[0] = '\0';
    for (int i = 0; i < FRIC_BENCH_N_TREATMENTS; i++)
        len += (size_t)snprintf(list + len, sizeof list - len, "%s%s", i ? "|" : "",
                                fric_bench_treatment_names[i]);
    return list;
}

typedef struct {
    const char *path;
    fric_io_log log;
    size_t samples;
} replay_item;   /* the log being replayed */

/* The params file's actuator and --actuator (NULL: not given), for each
 * log's check (cli_params_actuator_check). */
typedef struct {
    const char *params, *act, *asked;
} replay_actuator;

static int prepare(replay_item *it, const fric_bench_def *def, const fric_native_params *np,
                   const replay_actuator *ra)
{
    int hr = cli_log_read(NULL, it->path, &it->log);
    if (hr) return hr;
    const fric_io_log *L = &it->log;
    hr = cli_log_header_check(it->path, L);
    if (hr) return hr;
    /* a log of another actuator: refused unless --actuator asks for it */
    hr = cli_params_actuator_check("replay", ra->params, ra->act, ra->asked, it->path, L->motor, 1);
    if (hr) return hr;
    /* The def the replay will use, checked now so that a bad header is an
     * input error reported before any output. */
    const char *why = NULL;
    if (np) {
        fric_native_bench nb;
        fric_native_step_def sd;
        fric_native_bench_from_log(np, L, &nb);
        if (fric_native_prepare(&nb, &sd))
            return cli_fail(CLI_USAGE, "log %s with params: %s", it->path, fric_status_last().message);
    } else {
        fric_bench_def d;
        fric_bench_def_from_log(def, L, &d);
        if (fric_bench_check(&d, &why))
            return cli_fail(CLI_USAGE, "log %s with params: %s", it->path, why ? why : "rejected.");
    }
    it->samples = fric_io_log_samples(L);
    if (it->samples == 0)
        return cli_fail(CLI_USAGE, "log %s: no sample to replay (duration %.17g s).", it->path,
                        L->timestamp[L->n - 1]);
    return CLI_OK;
}

static int replay_logs(const char *params, const char *asked, const char *csv, const fric_treatment *treatment,
                       int integrator, const char *const *paths, int n)
{
    fric_bench_def def;
    fric_native_params native, *np = NULL;
    replay_actuator ra = { params, NULL, asked };
    int rc;
    if (fric_native_params_file(params)) {   /* MuJoCo's native joint (fric_native.h) */
        np = &native;
        rc = cli_native_params(params, np, &ra.act);
        if (!rc && integrator >= 0)
            rc = cli_fail(CLI_USAGE, "replay: params %s are MuJoCo's native joint, which runs MuJoCo's Euler; "
                          "--integrator applies to the M1–M6 models only.", params);
        if (!rc && treatment)
            rc = cli_fail(CLI_USAGE, "replay: params %s are MuJoCo's native joint, whose friction is MuJoCo's own "
                          "frictionloss; --friction names a treatment of the M1–M6 models only.", params);
    } else {
        rc = cli_servo_params_named(params, &def, &ra.act, NULL);
    }
    if (!rc) rc = cli_params_actuator_check("replay", params, ra.act, asked, NULL, NULL, 1);
    if (rc) return rc;
    if (!np) {   /* a native file fills no def: its integrator would index out of the table */
        if (integrator >= 0) def.integrator = (fric_bench_integrator)integrator;   /* else the file's */
        /* --friction, else the treatment that goes with the integrator (the one its fit scored) */
        def.treatment = treatment ? *treatment : fric_bench_integrator_treatments[def.integrator];
    }

    /* first pass: every log read and checked, one at a time */
    size_t max_samples = 0;
    for (int i = 0; i < n && !rc; i++) {
        replay_item it = { .path = paths[i] };
        rc = prepare(&it, &def, np, &ra);
        fric_io_log_destroy(&it.log);
        if (it.samples > max_samples) max_samples = it.samples;
    }
    FILE *out = NULL;
    double *sim = NULL;
    if (!rc) {
        sim = malloc(max_samples * sizeof *sim);
        if (!sim)
            rc = cli_fail(CLI_RUNTIME, "replay: out of memory for %zu samples.", max_samples);
    }
    if (!rc && csv) out = cli_open_output("replay", "--csv", csv, &rc);
    if (out) fputs("log,t,logged,simulated\n", out);

    double sum = 0;
    char b1[FMT_DOUBLE_LEN], b2[FMT_DOUBLE_LEN], b3[FMT_DOUBLE_LEN];
    for (int i = 0; i < n && !rc; i++) {
        /* second pass: the log read again (checked in the first), replayed, freed */
        replay_item item = { .path = paths[i] }, *it = &item;
        rc = prepare(it, &def, np, &ra);
        if (!rc && it->samples > max_samples)
            rc = cli_fail(CLI_RUNTIME, "replay: %s changed while it was replayed; run again.", it->path);
        if (rc) {
            fric_io_log_destroy(&it->log);
            break;
        }
        fric_bench_replay_result res;
        const char *why = NULL;
        if (np ? fric_native_replay(np, &it->log, sim, max_samples, &res, &why)
               : fric_bench_replay(&def, &it->log, sim, max_samples, &res, &why)) {
            fflush(stdout);
            rc = cli_fail(CLI_RUNTIME, "replay of %s: %s", it->path, why ? why : "failed.");
        } else if (!isfinite(res.mae) || res.samples == 0 || res.samples > max_samples) {
            fflush(stdout);
            rc = cli_fail(CLI_RUNTIME, "replay of %s: the score is not usable (mae %g over %zu "
                          "samples).", it->path, res.mae, res.samples);
        }
        if (rc) {
            fric_io_log_destroy(&it->log);
            break;
        }
        sum += res.mae;
        printf("%s: mae %s rad (%zu samples, %s, kp %s, dt %s s%s)\n", cli_shown(it->path),
               fmt_double(b1, res.mae), res.samples, cli_shown(it->log.trajectory),
               fmt_double(b2, it->log.kp), fmt_double(b3, res.dt),
               res.resampled ? ", resampled" : "");
        if (out) {
            size_t cursor = 0;
            for (size_t k = 0; k < res.samples; k++) {
                /* the recorded series that was scored (fric_io_log_sample) */
                fric_io_sample s = fric_io_log_sample(&it->log, k, &cursor);
                double row[3] = { s.t, s.position, sim[k] };
                fprintf(out, "%d,", i + 1);
                cli_csv_row(out, row, 3);
            }
            if (ferror(out))
                rc = cli_fail(CLI_RUNTIME, "replay: cannot write --csv %s: %s.", csv,
                              strerror(errno));
        }
        fric_io_log_destroy(&it->log);
        if (rc || ferror(stdout)) break;
    }
    if (!rc) printf("mean: mae %s rad over %d log%s\n", fmt_double(b1, sum / n), n,
                    n == 1 ? "" : "s");
    if (out && fclose(out) != 0 && !rc)
        rc = cli_fail(CLI_RUNTIME, "replay: cannot write --csv %s: %s.", csv, strerror(errno));
    free(sim);
    if (rc) return rc;
    return cli_finish_output(stdout, "to stdout");
}

int cli_replay(int argc, char **argv)
{
    const char *params = NULL, *csv = NULL, *actuator = NULL;
    fric_treatment treatment = FRIC_TREATMENT_CLIP;
    int asked_treatment = 0;   /* 0: the integrator's (clip for bam, implicit for mujoco) */
    int integrator = -1;   /* −1: the params file's */
    /* Options anywhere; every other argument (and all after "--") is a log. */
    const char **paths = malloc((size_t)argc * sizeof *paths);
    if (!paths) return cli_fail(CLI_RUNTIME, "replay: out of memory.");
    int n = 0, only_logs = 0;
    for (int a = 1; a < argc; a++) {
        const char *arg = argv[a];
        if (only_logs || arg[0] != '-' || arg[1] == '\0') {
            paths[n++] = arg;
            continue;
        }
        if (strcmp(arg, "--") == 0) {
            only_logs = 1;
            continue;
        }
        const cli_opt opts[] = { { "--params", "P.json", NULL }, { "--csv", "FILE", NULL },
                                 { "--friction", treatment_list(), NULL }, { "--integrator", "bam|mujoco", NULL },
                                 { "--actuator", "A", NULL } };
        const cli_opts t = { "replay", opts, 5, NULL, NULL };
        const char *val = NULL;
        int k = cli_opt_next(argc, argv, &a, &t, &val);
        if (k == CLI_OPT_ARG) {   /* "-x": an option the table lacks */
            cli_opt_unknown(&t, arg);
            k = CLI_OPT_FAIL;
        }
        if (k == CLI_OPT_FAIL) {
            free(paths);
            return CLI_USAGE;
        }
        if (k == 0) params = val;
        else if (k == 4) actuator = val;
        else if (k == 1) csv = val;
        else if (k == 3) {
            integrator = cli_integrator_from_name(val);
            if (integrator < 0) {
                free(paths);
                return cli_fail(CLI_USAGE, "replay: --integrator '%s' is not bam or mujoco (default: "
                                "the params file's, bam when it names none).", val);
            }
        }
        else if (treatment_from_name(val, &treatment)) {
            free(paths);
            return cli_fail(CLI_USAGE, "replay: --friction '%s' is not one of %s (default %s, "
                            "the reference, or %s under the mujoco integrator).", val,
                            treatment_list(), fric_treatment_name(FRIC_TREATMENT_CLIP),
                            fric_treatment_name(FRIC_TREATMENT_IMPLICIT));
        }
        else asked_treatment = 1;
    }
    int rc = CLI_OK;
    if (!params || !*params)
        rc = cli_fail(CLI_USAGE, "replay needs --params P.json (an actuator file such as "
                      "../shared/data/bam/params/xl330/m4.json).");
    else if (n == 0)
        rc = cli_fail(CLI_USAGE, "replay needs at least one log: friction replay --params "
                      "P.json LOG.json ...");
    else if (csv && *csv == '\0')
        rc = cli_fail(CLI_USAGE, "replay: --csv needs a file name.");
    if (!rc)
        rc = replay_logs(params, actuator, csv, asked_treatment ? &treatment : NULL, integrator, paths, n);
    free(paths);
    return rc;
}
