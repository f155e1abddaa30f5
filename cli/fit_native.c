/*
 * fit_native.c: `friction fit --model native`, MuJoCo's own joint
 * (fric_native.h) fitted on a servo's logs:
 *
 *   friction fit --model native [--actuator A] [--budget EVALS] [--seed S]
 *                [--validate LOG...] [--sensitivity [--tolerance T]] --out OUT LOG...
 * (budget 12000 by default: tests/mujoco/test_native_mujoco.c recovers known
 * parameters with it, 4000 stopped short)
 *
 * The fitted keys (frictionloss, damping, armature, kp, kv, forcerange
 * ±forcerange_hi, and the bench's q_offset in the M-models' box of the
 * actuator) in their box (fric_native_fit_space_default); kp is
 * stated at the actuator's default firmware gain (firmware_kp: xl330 400,
 * sts3215 32), a log of another firmware gain runs kp·k/firmware_kp;
 * MuJoCo's default solreffriction/solimpfriction are held. A --validate
 * log also given among the training logs is taken out of training, as for
 * M1..M6 (cli_fit_logs_drop, the same code) and listed as "dropped". OUT
 * is a native params file (fit metadata included);
 * --sensitivity writes bam's <OUT>_sensitivity.json beside it
 * (fric_io_sensitivity_write, model "native"). Prints one line per log
 * (train / validation MAE) and the means. Bad input: exit 2, one line on
 * stderr, nothing on stdout.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "fit_logs.h"
#include "fmt.h"
#include "sensitivity.h"
#include "servo_params.h"

#include "fric_bench.h"
#include "fric_fit.h"
#include "fric_io.h"
#include "fric_native.h"

static int read_logs(cli_fit_log *L, int n, const char **actuator, const char *asked)
{
    for (int i = 0; i < n; i++) {
        int rc = cli_fit_log_read(&L[i], L[i].path, L[i].valid);
        if (rc) return rc;
        const char *m = L[i].log.motor[0] ? fric_bench_actuator_resolve(L[i].log.motor) : NULL;
        if (asked && m && strcmp(m, asked))
            return cli_fail(CLI_USAGE, "fit: the log %s records '%s', not --actuator %s.", L[i].path, L[i].log.motor,
                            asked);
        if (!*actuator) *actuator = m;
        else if (m && strcmp(m, *actuator))
            return cli_fail(CLI_USAGE, "fit: the logs mix actuators (%s and %s, log %s); fit one actuator at a time.",
                            *actuator, m, L[i].path);
    }
    return CLI_OK;
}

int cli_fit_native(int argc, char **argv)
{
    const char *asked = NULL, *out = NULL, *tol_s = NULL;
    long budget = 12000;   /* the recovery test's: 4000 stops short of the minimum */
    unsigned long long seed = 1;
    int sens = 0, in_validate = 0, n = 0;
    cli_fit_log *L = calloc((size_t)argc + 1, sizeof *L);
    if (!L) return cli_fail(CLI_RUNTIME, "fit: out of memory.");
    int rc = CLI_OK;
    for (int a = 1; a < argc && !rc; a++) {
        const char *s = argv[a];
        int has = a + 1 < argc;
        if (!strcmp(s, "--model")) { if (!has) rc = cli_fail(CLI_USAGE, "fit: --model needs a value."); a++; in_validate = 0; }
        else if (!strcmp(s, "--actuator") && has) { asked = argv[++a]; in_validate = 0; }
        else if (!strcmp(s, "--out") && has) { out = argv[++a]; in_validate = 0; }
        else if (!strcmp(s, "--budget") && has) {
            char *e;
            budget = strtol(argv[++a], &e, 10);
            if (*e || budget < 10 || budget > 100000000)
                rc = cli_fail(CLI_USAGE, "fit: --budget %s must be an evaluation count in [10, 1e8].", argv[a]);
            in_validate = 0;
        } else if (!strcmp(s, "--seed") && has) {
            char *e;
            seed = strtoull(argv[++a], &e, 10);
            if (*e) rc = cli_fail(CLI_USAGE, "fit: --seed %s must be a non-negative integer.", argv[a]);
            in_validate = 0;
        } else if (!strcmp(s, "--sensitivity")) { sens = 1; in_validate = 0; }
        else if (!strcmp(s, "--tolerance") && has) { tol_s = argv[++a]; in_validate = 0; }
        else if (!strcmp(s, "--validate")) in_validate = 1;
        else if (s[0] == '-' && s[1])
            rc = cli_fail(CLI_USAGE, "fit: '%s' is not an option of --model native (its options: --actuator, "
                          "--budget, --seed, --validate, --sensitivity, --tolerance, --out).", s);
        else { L[n].path = s; L[n++].valid = in_validate; }
    }
    double tol = FRIC_FIT_SENS_TOLERANCE;
    if (!rc && tol_s) rc = cli_sens_tolerance("fit", tol_s, &tol);
    int n_train = 0;
    for (int i = 0; i < n; i++) n_train += !L[i].valid;
    if (!rc && !out) rc = cli_fail(CLI_USAGE, "fit --model native needs --out OUT.json.");
    if (!rc && n_train == 0) rc = cli_fail(CLI_USAGE, "fit --model native needs at least one training log.");
    if (!rc && asked && !fric_bench_actuator_resolve(asked))
        rc = cli_fail(CLI_USAGE, "fit: --actuator '%s' is not an actuator of the core.", asked);
    if (asked) asked = fric_bench_actuator_resolve(asked);
    const char *act = asked;
    if (!rc) rc = read_logs(L, n, &act, asked);
    if (!rc && !act) rc = cli_fail(CLI_USAGE, "fit: no log names its actuator; give --actuator A.");
    if (!rc) rc = cli_fit_logs_drop(L, n, &n_train);
    if (!rc) rc = cli_output_path("fit", "--out", out);
    fric_fit_batch train = { 0 }, valid = { 0 };
    int has_valid = 0;
    for (int i = 0; i < n; i++) has_valid |= L[i].valid;
    if (!rc) rc = cli_fit_logs_batch(L, n, 0, &train);
    if (!rc && has_valid) rc = cli_fit_logs_batch(L, n, 1, &valid);
    fric_native_params start, best;
    fric_native_fit_space box;
    double loss = 0;
    long evals = 0;
    if (!rc) {
        fric_native_fit_space_default(act, &box);
        fric_native_fit_start(fric_bench_actuator_find(act), &box, &start);
        const char *why = NULL;
        fprintf(stderr, "fit: native (MuJoCo's joint), %s, %d training log%s, budget %ld\n", act, n_train,
                n_train == 1 ? "" : "s", budget);
        if (fric_native_fit(&train.b, &start, &box, budget, seed, &best, &loss, &evals, &why))
            rc = cli_fail(CLI_USAGE, "fit: %s", why);
    }
    double hold = NAN;
    char b1[FMT_DOUBLE_LEN];
    if (!rc) {
        double *mae = malloc((size_t)n * sizeof *mae);
        if (!mae) rc = cli_fail(CLI_RUNTIME, "fit: out of memory.");
        for (int pass = 0; !rc && pass < 2; pass++) {
            const fric_fit_batch *b = pass ? &valid : &train;
            if (pass && !has_valid) break;
            double m = fric_native_loss(&b->b, &best, mae);
            if (pass) hold = m;
            size_t k = 0;
            for (int i = 0; i < n; i++)
                if (!pass && L[i].dropped) printf("dropped %s: also a --validate log, not trained on\n", L[i].path);
                else if (L[i].valid == pass) printf("%s %s: mae %s rad\n", pass ? "validation" : "train", L[i].path,
                                                    fmt_double(b1, mae[k++]));
            printf("%s mean: mae %s rad over %zu log%s\n", pass ? "validation" : "train", fmt_double(b1, m), b->logs,
                   b->logs == 1 ? "" : "s");
        }
        free(mae);
    }
    if (!rc) {
        fric_io_params_fit meta = { .train_mae = loss, .holdout_mae = hold, .logs = train.logs, .evaluations = evals };
        size_t len = 0;
        fric_native_params_write(&best, act, &meta, NULL, 0, &len);
        char *text = malloc(len + 1);
        if (!text || fric_native_params_write(&best, act, &meta, text, len + 1, &len))
            rc = cli_fail(CLI_RUNTIME, "fit: %s", text ? fric_status_last().message : "out of memory.");
        else rc = cli_write_file("fit", out, text, len);
        free(text);
    }
    if (!rc && sens) {
        double lo[FRIC_NATIVE_FIT_N], hi[FRIC_NATIVE_FIT_N], base = 0;
        int lc[FRIC_NATIVE_FIT_N], hc[FRIC_NATIVE_FIT_N];
        const char *why = NULL;
        if (fric_native_sensitivity(&train.b, &best, &box, tol, &base, lo, hi, lc, hc, &why))
            rc = cli_fail(CLI_RUNTIME, "fit: %s", why);
        fric_io_sensitivity_param sp[FRIC_NATIVE_FIT_N];
        double v[FRIC_NATIVE_FIT_N];
        fric_native_fit_values(&best, v);
        for (int i = 0; !rc && i < FRIC_NATIVE_FIT_N; i++) {
            sp[i] = (fric_io_sensitivity_param){ fric_native_fit_key(i), v[i], lo[i], hi[i], lc[i], hc[i] };
            printf("sensitivity %s: %s in [%s%s, ", sp[i].name, fmt_double(b1, v[i]), fmt_double(b1, lo[i]),
                   lc[i] ? " (bound)" : "");
            printf("%s%s]\n", fmt_double(b1, hi[i]), hc[i] ? " (bound)" : "");
        }
        char path[4096], logdir[4096];
        if (!rc && cli_sens_path(out, path, sizeof path)) rc = cli_fail(CLI_USAGE, "fit: --out %s is too long.", out);
        if (!rc) {
            cli_sens_logdir(L[0].path, logdir, sizeof logdir);
            fric_io_sensitivity f = { FRIC_NATIVE_MODEL_NAME, act, out, logdir, base, tol, base * (1 + tol), sp,
                                      FRIC_NATIVE_FIT_N };
            size_t len = 0;
            fric_io_sensitivity_write(&f, NULL, 0, &len);
            char *text = malloc(len + 1);
            if (!text || fric_io_sensitivity_write(&f, text, len + 1, &len))
                rc = cli_fail(CLI_RUNTIME, "fit: %s", text ? fric_status_last().message : "out of memory.");
            else rc = cli_write_file("fit", path, text, len);
            free(text);
        }
    }
    fric_fit_batch_destroy(&train);
    fric_fit_batch_destroy(&valid);
    for (int i = 0; i < n; i++) cli_fit_log_destroy(&L[i]);
    free(L);
    if (rc) return rc;
    return cli_finish_output(stdout, "to stdout");
}
