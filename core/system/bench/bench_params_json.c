/*
 * bench_params_json.c: the readers of a whole params file into a
 * scenario's vector (fric_bench.h), native only (io's JSON front end,
 * cJSON): io walks the file key by key (fric_io_params_walk) and each key
 * goes to the scenario by fric_io_params_key (bench_params.c).
 */
#include <stddef.h>

#include <string.h>

#include "fric_bench.h"
#include "fric_io.h"
#include "fric_native.h"

/* What the walk hands each key to. */
typedef struct {
    const fric_scenario *sc;
    double *p;
    fric_io_params_carry *carry;
} params_target;

static fric_status to_scenario(void *ctx, const char *key, fric_io_kind kind, double num,
                               const char *str, const char *json, const char *source,
                               fric_io_error *err)
{
    const params_target *t = ctx;
    return fric_io_params_key(t->sc, t->p, t->carry, key, kind, num, str, json, source, NULL, err);
}

fric_status fric_io_params_read_carry(const char *path, const fric_scenario *sc, double *p,
                                      fric_io_params_carry *carry, fric_io_error *err)
{
    params_target t = { sc, p, carry };
    return fric_io_params_walk(path, carry, to_scenario, &t, err);
}

fric_status fric_io_params_read(const char *path, const fric_scenario *sc, double *p,
                                fric_io_error *err)
{
    return fric_io_params_read_carry(path, sc, p, NULL, err);
}

/* ------------------------------------------------- a native params file */

typedef struct {
    fric_native_params *p;
    const char *actuator;
    int model_seen;
} native_target;

static fric_status to_native(void *ctx, const char *key, fric_io_kind kind, double num, const char *str,
                             const char *json, const char *source, fric_io_error *err)
{
    native_target *t = ctx;
    (void)json;
    return fric_native_params_key(t->p, key, kind, num, str, source, &t->actuator, &t->model_seen, err);
}

fric_status fric_native_params_read(const char *path, fric_native_params *p, const char **actuator,
                                    fric_io_error *err)
{
    fric_native_params_start(p);
    native_target t = { p, NULL, 0 };
    fric_status rc = fric_io_params_walk(path, NULL, to_native, &t, err);
    if (!rc) rc = fric_native_params_finish(p, t.actuator, t.model_seen, path, err);
    if (!rc && actuator) *actuator = t.actuator;
    return rc;
}

/* The walk that only looks for "model": "native". */
static fric_status find_model(void *ctx, const char *key, fric_io_kind kind, double num, const char *str,
                              const char *json, const char *source, fric_io_error *err)
{
    (void)num, (void)json, (void)source, (void)err;
    if (!strcmp(key, "model") && kind == FRIC_IO_STRING && str && !strcmp(str, FRIC_NATIVE_MODEL_NAME))
        *(int *)ctx = 1;
    return FRIC_OK;
}

int fric_native_params_file(const char *path)
{
    int native = 0;
    fric_io_error err;
    if (fric_io_params_walk(path, NULL, find_model, &native, &err)) return 0;
    return native;
}
