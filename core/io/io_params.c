/*
 * io_params.c: one key of a parameter file to a scenario parameter
 * (fric_io.h), in every build. The range table is the scenario's own
 * (fric_scenario_set), so a file is held to exactly the ranges of
 * `friction run name=value`.
 */
#include <stdio.h>
#include <string.h>

#include "fric_io.h"

static int say(fric_io_error *err, fric_io_code code, const char *key, const char *source,
               const char *text)
{
    if (!err) return (int)code;
    err->code = code;
    snprintf(err->field, sizeof err->field, "%s", key);
    err->entry = -1;
    err->line = err->col = 0;
    snprintf(err->message, sizeof err->message, "params %s: key \"%s\": %s", source ? source : "",
             key, text);
    return (int)code;
}

int fric_io_params_set(const fric_scenario *sc, double *p, const char *key, fric_io_kind kind,
                       double num, const char *str, const char *source, fric_io_error *err)
{
    char text[360];
    int i = fric_scenario_param_index(sc, key);
    if (i < 0) {
        snprintf(text, sizeof text, "not a parameter of %s; remove it or see the parameters of "
                 "%s.", sc->name, sc->name);
        return say(err, FRIC_IO_UNKNOWN_KEY, key, source, text);
    }
    const fric_param_info *pi = &sc->params[i];
    const char *why = NULL;
    if (pi->choices) {
        if (kind != FRIC_IO_STRING || !str)
            return say(err, FRIC_IO_TYPE, key, source,
                       "must be a string naming one of its choices.");
        if (fric_scenario_set(sc, p, key, str, &why)) {
            snprintf(text, sizeof text, "\"%s\" is refused: %s", str, why ? why : "");
            return say(err, FRIC_IO_RANGE, key, source, text);
        }
        return 0;
    }
    if (kind != FRIC_IO_NUMBER) {
        snprintf(text, sizeof text, "must be a number (%s).",
                 pi->unit && *pi->unit ? pi->unit : "no unit");
        return say(err, FRIC_IO_TYPE, key, source, text);
    }
    char value[40];
    snprintf(value, sizeof value, "%.17g", num);  /* %.17g reads back as the same double */
    if (fric_scenario_set(sc, p, key, value, &why))
        return say(err, FRIC_IO_RANGE, key, source, why ? why : "not accepted.");
    return 0;
}
