/*
 * fit_native.c: what `friction fit` does differently for MuJoCo's own joint
 * (fric_native.h, `--model native`, and the native fit after M1..M6 of
 * `--model all`). Everything else (options, logs, split, progress, table,
 * cautions, the "wrote" line, Ctrl-C) is fit.c's one path for every model.
 * Here: the start read from a native params file (--from), the native params
 * file written (fit metadata included), and the sensitivity ranges of the
 * native keys (bam's <OUT>_sensitivity.json, model "native").
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "fit_logs.h"
#include "sensitivity.h"

#include "fric_bench.h"
#include "fric_fit.h"
#include "fric_io.h"
#include "fric_native.h"

int cli_fit_native_from(const char *path, const char *act, fric_native_params *start)
{
    fric_io_error err;
    const char *fact = NULL;
    int native = fric_native_params_file(path);
    if (fric_native_params_read(path, start, &fact, &err)) {
        if (native || err.code == FRIC_IO_FILE || err.code == FRIC_IO_SYNTAX || err.code == FRIC_IO_MEMORY)
            return cli_fail(err.code == FRIC_IO_MEMORY ? CLI_RUNTIME : CLI_USAGE, "fit: --from: %s", err.message);
        return cli_fail(CLI_USAGE, "fit: --from %s is not a native params file (\"model\": \"native\"); "
                        "--model native starts from one (friction fit --model native --out writes it).", path);
    }
    cli_input(path);   /* an input: no output may be it */
    const char *a = fric_bench_actuator_resolve(fact);
    if (!a || strcmp(a, act) != 0)
        return cli_fail(CLI_USAGE, "fit: --from %s is of actuator \"%s\"; the logs are of %s.", path, fact, act);
    return CLI_OK;
}

int cli_fit_native_write(const char *cmd, const fric_native_params *p, const char *act, const fric_io_params_fit *meta,
                         const char *out)
{
    size_t len = 0;
    fric_native_params_write(p, act, meta, NULL, 0, &len);
    char *text = malloc(len + 1);
    int rc;
    if (!text || fric_native_params_write(p, act, meta, text, len + 1, &len))
        rc = text ? cli_core_fail(CLI_RUNTIME, cmd, NULL, fric_status_last().message)
                  : cli_fail(CLI_RUNTIME, "%s: out of memory.", cmd);
    else rc = cli_write_file(cmd, out, text, len);
    free(text);
    return rc;
}

/* The unit of a native key (FRIC_NATIVE_KEYS), "" when it has none. */
static const char *native_unit(const char *key)
{
#define UNIT(k, field, u) if (strcmp(key, k) == 0) return u;
    FRIC_NATIVE_KEYS(UNIT)
#undef UNIT
    return "";
}

int cli_fit_native_sensitivity(const fric_fit_batch *train, const fric_native_params *best,
                               const fric_native_fit_space *box, double tol, const char *act, const char *out,
                               const char *sens_out, const char *logdir)
{
    double lo[FRIC_NATIVE_FIT_N], hi[FRIC_NATIVE_FIT_N], base = 0;
    int lc[FRIC_NATIVE_FIT_N], hc[FRIC_NATIVE_FIT_N];
    const char *why = NULL;
    if (fric_native_sensitivity(&train->b, best, box, tol, &base, lo, hi, lc, hc, &why))
        return cli_fail(CLI_RUNTIME, "fit: %s", why);
    fric_io_sensitivity_param sp[FRIC_NATIVE_FIT_N];
    const char *units[FRIC_NATIVE_FIT_N];
    double v[FRIC_NATIVE_FIT_N];
    size_t n = 0;
    fric_native_fit_values(best, v);
    for (int i = 0; i < FRIC_NATIVE_FIT_N; i++) {
        if (box->held[i]) continue;   /* --set: no range, as for M1..M6 */
        units[n] = native_unit(fric_native_fit_key(i));
        sp[n++] = (fric_io_sensitivity_param){ fric_native_fit_key(i), v[i], lo[i], hi[i], lc[i], hc[i] };
    }
    cli_sens_ranges r = { "fit", act, FRIC_NATIVE_MODEL_NAME, FRIC_NATIVE_MODEL_NAME, out, logdir, sens_out,
                          (int)train->logs, base, tol, sp, units, n };
    return cli_sens_report(&r);
}
