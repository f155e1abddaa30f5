/*
 * bench_params_json.c: the readers of a whole params file into a
 * scenario's vector (fric_bench.h), native only (io's JSON front end,
 * cJSON): io walks the file key by key (fric_io_params_walk) and each key
 * goes to the scenario by fric_io_params_key (bench_params.c).
 */
#include <stddef.h>

#include "fric_bench.h"
#include "fric_io.h"

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
