/*
 * sensitivity.c: `friction sensitivity --params P.json [--tolerance T]
 * [--out OUT.json] LOG.json ...`
 *
 * How well each parameter of a params file is identified by the logs, by
 * the reference's method (fric_fit_sensitivity: each free parameter of the
 * model alone, inside its default search box, the range over which the
 * fit's loss, the mean replay MAE with the reference's CLIP step, stays
 * within base·(1 + T), T = 0.03). Prints a table; --out writes the ranges
 * as the reference's <params>_sensitivity.json (fric_io_sensitivity_write),
 * which its randomisation reads.
 *
 * Everything is read and checked before the first replay: a bad input gives
 * exit status 2 and an empty stdout.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "fmt.h"
#include "sensitivity.h"
#include "servo_params.h"

#include "fric_fit.h"
#include "fric_io.h"

int cli_sens_tolerance(const char *cmd, const char *val, double *tol)
{
    char *end = NULL;
    *tol = strtod(val, &end);
    if (!(*tol > 0) || *end || !isfinite(*tol) || *tol > 10)
        return cli_fail(CLI_USAGE, "%s: --tolerance '%s' is not a relative MAE increase in "
                        "(0, 10] (the reference's 0.03 = 3 %%).", cmd, val);
    return CLI_OK;
}

int cli_sens_path(const char *params, char *buf, size_t size)
{
    size_t n = strlen(params);
    if (n >= 5 && strcmp(params + n - 5, ".json") == 0) n -= 5;
    int w = snprintf(buf, size, "%.*s_sensitivity.json", (int)n, params);
    return w < 0 || (size_t)w >= size ? -1 : 0;
}

void cli_sens_logdir(const char *log, char *buf, size_t size)
{
    const char *slash = strrchr(log, '/');
    if (!slash) snprintf(buf, size, ".");
    else if (slash == log) snprintf(buf, size, "/");
    else snprintf(buf, size, "%.*s", (int)(slash - log), log);
}

int cli_sens_run(const cli_sens_job *j)
{
    fric_fit_range r[FRIC_FIT_N];
    double base = NAN;
    const char *why = NULL;
    fric_fit_sensitivity_ctx ctx = { j->target, j->batch, j->lanes };
    if (fric_fit_sensitivity(j->space, j->p, j->tolerance, fric_fit_sensitivity_loss, &ctx, &base,
                             r, &why))
        return cli_fail(CLI_USAGE, "%s: the ranges of %s: %s", j->cmd, j->params, why);
    fric_io_sensitivity_param sp[FRIC_FIT_N];
    const char *units[FRIC_FIT_N];
    size_t np = 0;
    for (int i = 0; i < FRIC_FIT_N; i++) {
        if (!r[i].free_) continue;
        units[np] = fric_fit_param_unit(i);
        sp[np++] = (fric_io_sensitivity_param){ fric_fit_param_key(i), r[i].value, r[i].lower,
                                                r[i].upper, r[i].lower_clamped,
                                                r[i].upper_clamped };
    }
    char model[3] = { 'm', (char)('0' + j->model), '\0' }, label[3] = { 'M', model[1], '\0' };
    cli_sens_ranges rr = { j->cmd, j->actuator, model, label, j->params, j->logdir, j->out,
                           j->n_logs, base, j->tolerance, sp, units, np };
    return cli_sens_report(&rr);
}

int cli_sens_report(const cli_sens_ranges *r)
{
    const double tol = r->tolerance, base = r->base;
    char b1[FMT_DOUBLE_LEN], b2[FMT_DOUBLE_LEN], b3[FMT_DOUBLE_LEN];
    printf("%s %s (%s) on %d log%s: base MAE %s rad, threshold (+%g %%) %s rad\n", r->actuator,
           r->label, cli_shown(r->params), r->n_logs, r->n_logs == 1 ? "" : "s", fmt_double(b1, base),
           100 * tol, fmt_double(b2, base * (1 + tol)));
    printf("%-34s %-12s %-24s %-24s %-24s\n", "parameter", "unit", "fitted", "lower", "upper");
    for (size_t i = 0; i < r->n; i++) {
        const fric_io_sensitivity_param *q = &r->p[i];
        char lo[40], hi[40];
        snprintf(lo, sizeof lo, "%s%s", fmt_double(b1, q->lower), q->lower_clamped ? "*" : "");
        snprintf(hi, sizeof hi, "%s%s", fmt_double(b2, q->upper), q->upper_clamped ? "*" : "");
        printf("%-34s ", q->name);
        cli_pad(stdout, *r->units[i] ? r->units[i] : "-", 12);   /* UTF-8 */
        printf(" %-24s %-24s %-24s\n", fmt_double(b3, q->value), lo, hi);
    }
    printf("(* = the end is the search box's bound: insensitive up to it)\n");
    if (!r->out) return CLI_OK;
    fric_io_sensitivity f = { r->model, r->actuator, r->params, r->logdir, base, tol,
                              base * (1 + tol), r->p, r->n };
    size_t len = 0;
    fric_io_sensitivity_write(&f, NULL, 0, &len);
    char *text = malloc(len + 1);
    int rc = CLI_OK;
    if (!text) rc = cli_fail(CLI_RUNTIME, "%s: out of memory.", r->cmd);
    else if (fric_io_sensitivity_write(&f, text, len + 1, &len))
        rc = cli_fail(CLI_RUNTIME, "%s: %s", r->cmd, fric_status_last().message);
    else
        rc = cli_write_file(r->cmd, r->out, text, len);
    if (!rc) printf("wrote %s\n", cli_shown(r->out));
    free(text);
    return rc;
}

static int analyse(const char *params, double tol, const char *out, const char **paths, int n)
{
    fric_bench_def def;
    const char *act = NULL;
    int model = 0;
    int rc = cli_servo_params_named(params, &def, &act, &model);
    if (rc) return rc;
    fric_io_log *L = calloc((size_t)n, sizeof *L);
    const fric_io_log **lp = calloc((size_t)n, sizeof *lp);
    fric_bench_lane *lanes = calloc((size_t)n, sizeof *lanes);
    int nread = 0;
    if (!L || !lp || !lanes) rc = cli_fail(CLI_RUNTIME, "sensitivity: out of memory for %d logs.", n);
    for (int i = 0; i < n && !rc; i++) {
        rc = cli_log_read(NULL, paths[i], &L[i]);
        if (rc) break;
        nread++;
        lp[i] = &L[i];
        rc = cli_log_header_check(paths[i], &L[i]);
    }
    /* the fit's target, space and point of the file: its servo as read */
    fric_fit_target t;
    fric_fit_space s;
    double p[FRIC_FIT_N];
    const char *why = NULL;
    if (!rc && (fric_fit_target_init(&t, act, model, &why) ||
                fric_fit_space_default(act, model, &s, &why)))
        rc = cli_fail(CLI_USAGE, "sensitivity: %s", why);
    /* the inputs read: --out checked (not one of them, writable) before the work */
    if (!rc && out) rc = cli_output_path("sensitivity", "--out", out);
    fric_fit_batch b = { 0 };
    int have_batch = 0;
    if (!rc) {
        t.servo = def.servo;
        fric_fit_target_integrator(&t, def.integrator, NULL);   /* the file's, read and checked */
        fric_fit_from_def(&def, p);
        if (fric_fit_batch_create(lp, (size_t)n, &b, &why))
            rc = cli_fail(CLI_USAGE, "sensitivity: %s", why);
        else
            have_batch = 1;
    }
    if (!rc) {
        char logdir[1024];
        cli_sens_logdir(paths[0], logdir, sizeof logdir);
        cli_sens_job j = { "sensitivity", act, model, &t, &s, p, &b, lanes, n, tol, params,
                           logdir, out };
        rc = cli_sens_run(&j);
    }
    if (have_batch) fric_fit_batch_destroy(&b);
    for (int i = 0; i < nread; i++) fric_io_log_destroy(&L[i]);
    free(L);
    free(lp);
    free(lanes);
    if (rc) return rc;
    return cli_finish_output(stdout, "to stdout");
}

int cli_sensitivity(int argc, char **argv)
{
    const char *params = NULL, *out = NULL;
    double tol = FRIC_FIT_SENS_TOLERANCE;
    const char **paths = malloc((size_t)argc * sizeof *paths);
    if (!paths) return cli_fail(CLI_RUNTIME, "sensitivity: out of memory.");
    int n = 0, rc = CLI_OK;
    for (int a = 1; a < argc && !rc; a++) {
        const char *arg = argv[a];
        if (arg[0] != '-' || arg[1] == '\0') {
            paths[n++] = arg;
            continue;
        }
        static const cli_opt opts[] = { { "--params", "P.json", NULL }, { "--tolerance", "T", NULL },
                                        { "--out", "OUT.json", NULL } };
        static const cli_opts t = { "sensitivity", opts, 3, NULL, NULL };
        const char *val = NULL;
        const int k = cli_opt_next(argc, argv, &a, &t, &val);
        if (k == CLI_OPT_FAIL)
            rc = CLI_USAGE;
        else if (k == CLI_OPT_ARG)
            rc = cli_opt_unknown(&t, arg);
        else if (k == 0) params = val;
        else if (k == 2) out = val;
        else rc = cli_sens_tolerance("sensitivity", val, &tol);
    }
    if (!rc && (!params || !*params))
        rc = cli_fail(CLI_USAGE, "sensitivity needs --params P.json (a params file of any model "
                      "M1-M6).");
    else if (!rc && n == 0)
        rc = cli_fail(CLI_USAGE, "sensitivity needs at least one log: friction sensitivity "
                      "--params P.json LOG.json ...");
    else if (!rc && out && !*out)
        rc = cli_fail(CLI_USAGE, "sensitivity: --out needs a file name.");
    if (!rc) rc = analyse(params, tol, out, paths, n);
    free(paths);
    return rc;
}
