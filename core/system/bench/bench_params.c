/*
 * bench_params.c: a params file's keys to a scenario's parameters
 * (fric_bench.h), in every build: the range table is the scenario's own
 * (fric_scenario_set), so a file is held to exactly the ranges of `friction
 * run name=value`. Moved up from io (io_params.c) so that io calls no
 * system code: io refuses a key in its one format (fric_io_params_refuse),
 * knows the key aliases and the fit metadata keys, and carries the keys the
 * core does not model (fric_io_params_carry_add). The readers of a whole
 * file, native only, are in bench_params_json.c.
 */
#include <stdio.h>

#include "base.h"

#include "fric_bench.h"
#include "fric_io.h"
#include "fric_native.h"
#include "fric_scenario.h"

fric_status fric_io_params_set(const fric_scenario *sc, double *p, const char *key,
                               fric_io_kind kind, double num, const char *str, const char *source,
                               fric_io_error *err)
{
    char text[360];
    const char *file_key = key;
    key = fric_io_params_param_of_key(key);
    int i = fric_scenario_param_index(sc, key);
    if (i < 0 && fric_io_params_fit_key(key)) {
        if (kind != FRIC_IO_NUMBER)
            return fric_io_params_refuse(err, FRIC_IO_TYPE, -1, key, source,
                                         fric__say_id("paramskey.fit_number", "must be a number (fit metadata).",
                                                  fric__no_values));
        return 0;
    }
    if (i < 0 && fric_native_only_key(file_key))
        return fric_io_params_refuse(err, FRIC_IO_UNKNOWN_KEY, -1, file_key, source,
                                     fric__say_id("paramskey.native_only",
                                                  "is a key of MuJoCo's native joint (\"model\": \"native\"); "
                                                  "an M1–M6 params file does not take it: remove it, or write a "
                                                  "native params file.", fric__no_values));
    if (i < 0) {
        return fric_io_params_refuse(err, FRIC_IO_UNKNOWN_KEY, -1, file_key, source,
                                     fric__say_id("paramskey.not_parameter",
                                                  "not a parameter of {scenario}; remove it or see the "
                                                  "parameters of {scenario}.",
                                                  fric__values(fric__s("scenario", sc->name))));
    }
    const fric_param_info *pi = &sc->params[i];
    const char *why = NULL;
    if (pi->choices) {
        if (kind != FRIC_IO_STRING || !str)
            return fric_io_params_refuse(err, FRIC_IO_TYPE, i, key, source,
                                         fric__say_id("paramskey.choice_string",
                                                      "must be a string naming one of its choices.",
                                                      fric__no_values));
        if (fric_scenario_set(sc, p, key, str, &why)) {
            snprintf(text, sizeof text, "\"%s\" is refused: %s", str, why ? why : "");
            return fric_io_params_refuse(err, FRIC_IO_RANGE, i, key, source, text);
        }
        return 0;
    }
    if (kind != FRIC_IO_NUMBER) {
        return fric_io_params_refuse(err, FRIC_IO_TYPE, i, key, source,
                                     fric__say_id("paramskey.number_unit", "must be a number ({unit}).",
                                                  fric__values(fric__s("unit", pi->unit && *pi->unit
                                                                                   ? pi->unit : "no unit"))));
    }
    char value[40];
    snprintf(value, sizeof value, "%.17g", num);  /* %.17g reads back as the same double */
    if (fric_scenario_set(sc, p, key, value, &why))
        return fric_io_params_refuse(err, FRIC_IO_RANGE, i, file_key, source,
                                     why ? why : "not accepted.");
    return 0;
}

fric_status fric_io_params_key(const fric_scenario *sc, double *p, fric_io_params_carry *carry,
                               const char *key, fric_io_kind kind, double num, const char *str,
                               const char *json, const char *source, int *carried,
                               fric_io_error *err)
{
    if (carried) *carried = 0;
    if (fric_native_only_key(key) && fric_scenario_param_index(sc, key) < 0)
        return fric_io_params_refuse(err, FRIC_IO_UNKNOWN_KEY, -1, key, source,
                                     fric__say_id("paramskey.native_only",
                                                  "is a key of MuJoCo's native joint (\"model\": \"native\"); "
                                                  "an M1–M6 params file does not take it: remove it, or write a "
                                                  "native params file.", fric__no_values));
    if (carry && key && fric_scenario_param_index(sc, fric_io_params_param_of_key(key)) < 0
        && !fric_io_params_fit_key(key)) {
        fric_status rc = fric_io_params_carry_add(carry, key, json, source, err);
        if (!rc && carried) *carried = 1;
        return rc;
    }
    return fric_io_params_set(sc, p, key, kind, num, str, source, err);
}

void fric_bench_params_servo_init(double *p)
{
    const fric_scenario *sc = fric_scenario_find("bench");
    fric_scenario_defaults(sc, p);
    /* actuator and model are required: marked unset until a key names them */
    p[fric_scenario_param_index(sc, "actuator")] = -1;
    p[fric_scenario_param_index(sc, "model")] = -1;
}

fric_status fric_bench_params_servo(const double *p, const char *source, fric_bench_def *d,
                                    const char **actuator, int *model)
{
    const fric_scenario *sc = fric_scenario_find("bench");
    int ia = fric_scenario_param_index(sc, "actuator"), im = fric_scenario_param_index(sc, "model");
    if (!source) source = "params";
    if (!(p[ia] >= 0) || !(p[im] >= 0)) {
        fric__fail_id(FRIC_E_PARAM_RANGE, !(p[ia] >= 0) ? ia : im, "bench.params_no_params",
            "params {source}: no \"{v}\"; a params file names its actuator (\"xl330\", ...) and its"
            " model (\"m1\" .. \"m6\").",
            fric__values(fric__s("source", source), fric__s("v", !(p[ia] >= 0) ? "actuator" : "model")));
        return FRIC_E_PARAM_RANGE;
    }
    const char *why = NULL;
    fric_bench_def def;
    if (fric_bench_def_from_params(p, NULL, &def, &why)) {
        fric_status rc = fric__rc();
        fric__fail_around(rc, fric_status_last().param, "params %s: %s", source, why ? why : "not usable.");
        return rc;
    }
    if (d) *d = def;
    if (actuator) *actuator = sc->params[ia].choices[(int)p[ia]];
    if (model) *model = (int)p[im] + 1;   /* the choices are "m1".."m6" */
    return FRIC_OK;
}
