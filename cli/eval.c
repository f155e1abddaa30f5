/*
 * eval.c: `friction eval`, the friction law and its transforms at given
 * velocities, as CSV x,y:
 *
 *   friction eval law=stribeck Fs=2.5 Fc=0.4 vs=0.06 D=4.5 alpha=1 Z=0.0181818
 *                 what=phi_z x=0.01,0.05,0.1
 *
 * what: phi (the law Φ(v)), phi_z (exact transform Φ_Z, Kikuuwe Theorem 1),
 * approx (Kikuuwe eq. 46), lut (the look-up table with tolerance tol [N]).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "fmt.h"
#include "friction.h"

#define EVAL_MAX_X 100000

static int parse_number(const char *cmd, const char *name, const char *text, double *out)
{
    char *end = NULL;
    double v = strtod(text, &end);
    if (end == text || *end != '\0' || !isfinite(v))
        return cli_fail(CLI_USAGE, "%s: %s = '%s' is not a finite number.", cmd, name, text);
    *out = v;
    return CLI_OK;
}

static int pick(const char *cmd, const char *name, const char *text, const char *const *names,
                int n, int *out)
{
    for (int i = 0; i < n; i++)
        if (strcmp(text, names[i]) == 0) { *out = i; return CLI_OK; }
    char list[128] = "";
    for (int i = 0; i < n; i++) {
        if (i) strcat(list, ", ");
        strcat(list, names[i]);
    }
    return cli_fail(CLI_USAGE, "%s: %s = '%s' is not one of: %s.", cmd, name, text, list);
}

int cli_law_arg(const char *cmd, const char *name, const char *val, fric_law *law)
{
    int k, rc;
    if (strcmp(name, "law") == 0) {
        rc = pick(cmd, name, val, fric_law_names, FRIC_N_LAWS, &k);
        if (!rc) law->kind = (fric_kind)k;
        return rc;
    }
    double *field = strcmp(name, "Fs") == 0 ? &law->Fs : strcmp(name, "Fc") == 0 ? &law->Fc
                  : strcmp(name, "vs") == 0 ? &law->vs : strcmp(name, "D") == 0 ? &law->D
                  : strcmp(name, "alpha") == 0 ? &law->alpha : NULL;
    return field ? parse_number(cmd, name, val, field) : CLI_NOT_LAW;
}

int cli_eval(int argc, char **argv)
{
    fric_law law = { FRIC_STRIBECK, 0, 0, 0, 0, 1 };
    double Z = NAN, tol = NAN;
    int what = 1, have_x = 0;
    static double xs[EVAL_MAX_X];
    int n = 0;
    for (int i = 1; i < argc; i++) {
        char *eq = strchr(argv[i], '=');
        if (!eq) return cli_fail(CLI_USAGE, "eval: '%s' is not name=value.", argv[i]);
        *eq = '\0';
        const char *name = argv[i], *val = eq + 1;
        int rc = cli_law_arg("eval", name, val, &law);
        if (rc != CLI_NOT_LAW) {
            /* a field of the law */
        } else if (strcmp(name, "what") == 0) {
            rc = pick("eval", name, val, fric_eval_names, FRIC_EVAL_COUNT, &what);
        } else if (strcmp(name, "Z") == 0) rc = parse_number("eval", name, val, &Z);
        else if (strcmp(name, "tol") == 0) rc = parse_number("eval", name, val, &tol);
        else if (strcmp(name, "x") == 0) {
            rc = CLI_OK;
            have_x = 1;
            const char *s = val;
            while (*s) {
                char *end = NULL;
                double v = strtod(s, &end);
                if (end == s || (*end != ',' && *end != '\0') || !isfinite(v))
                    return cli_fail(CLI_USAGE, "eval: x = '%s' must be finite numbers separated "
                                    "by commas.", val);
                if (n == EVAL_MAX_X)
                    return cli_fail(CLI_USAGE, "eval: more than %d x values.", EVAL_MAX_X);
                xs[n++] = v;
                s = *end ? end + 1 : end;
            }
        } else {
            return cli_fail(CLI_USAGE, "eval: unknown parameter '%s'; accepted: law, Fs, Fc, vs, "
                            "D, alpha, Z, what, tol, x.", name);
        }
        if (rc) return rc;
    }
    if (!have_x || n == 0) return cli_fail(CLI_USAGE, "eval: give the velocities as x=v1,v2,... [m/s].");
    if (what != FRIC_EVAL_PHI && isnan(Z))
        return cli_fail(CLI_USAGE, "eval: what=%s needs Z [m/(N·s)], e.g. Z=1/(K·T + B).",
                        fric_eval_names[what]);
    fric_lut *lut = NULL;
    if (what == FRIC_EVAL_LUT) {
        if (!(tol > 0)) return cli_fail(CLI_USAGE, "eval: what=lut needs tol > 0 [N].");
        /* the recorded message: the table's reason as a sentence, or the law's */
        lut = fric_lut_create(&law, Z, tol, NULL);
        if (!lut) return cli_fail(CLI_USAGE, "eval: no table for this law and tol = %g N: %s", tol,
                                  fric_status_last().message);
    }
    /* every value first (fric_law_eval: the law checked once, a value beyond
     * the largest double refused), so that nothing reaches stdout before a
     * refusal */
    static double ys[EVAL_MAX_X];
    const char *why = "";
    if (fric_law_eval((fric_eval_what)what, &law, Z, lut, xs, ys, (size_t)n, &why)) {
        fric_lut_destroy(lut);
        return cli_fail(CLI_USAGE, "eval: %s", why);
    }
    int rc = fputs("x,y\n", stdout) < 0;
    for (int i = 0; i < n && !rc; i++) {
        double v[2] = { xs[i], ys[i] };
        rc = cli_csv_row(stdout, v, 2);
    }
    fric_lut_destroy(lut);
    return cli_finish_output(stdout, "to stdout");
}
