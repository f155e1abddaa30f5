/*
 * bindings_native.c: MuJoCo's native joint on the bench (fric_native.h) at
 * the wasm wall (wasm/api/native.js): the parameters as FRIC_NATIVE_N_KEYS
 * doubles in FRIC_NATIVE_KEYS order, the bench MJCF of a log, a log's
 * replay. Conventions: wasm/bindings.c.
 */
#include <stddef.h>
#include <string.h>

#include "fric_io.h"
#include "fric_native.h"
#include "fric_status.h"
#include "bindings_internal.h"

/* p[n] (FRIC_NATIVE_KEYS order) into *np. 1 with the message. */
static int native_of(const double *p, int n, fric_native_params *np)
{
    if (n != FRIC_NATIVE_N_KEYS || !p) {
        set_status(FRIC_E_PARAM_RANGE, -1, "native: the parameters must be the 16 values of FRIC_NATIVE_KEYS.");
        return 1;
    }
    int i = 0;
#define NATIVE_GET(key, field, unit) np->field = p[i++];
    FRIC_NATIVE_KEYS(NATIVE_GET)
#undef NATIVE_GET
    return 0;
}

/* The key i of FRIC_NATIVE_KEYS (static text), NULL past the end. */
FXB_EXPORT const char *fxb_native_key(int i)
{
    static const char *const keys[] = {
#define NATIVE_NAME(key, field, unit) key,
        FRIC_NATIVE_KEYS(NATIVE_NAME)
#undef NATIVE_NAME
    };
    return i >= 0 && i < FRIC_NATIVE_N_KEYS ? keys[i] : NULL;
}

/* MuJoCo's defaults for the actuator named act (NULL/unknown: none) into out[16]. */
FXB_EXPORT void fxb_native_defaults(const char *act, double *out)
{
    fric_native_params np;
    fric_native_params_default(&np, act ? fric_bench_actuator_find(act) : NULL);
    int i = 0;
#define NATIVE_PUT(key, field, unit) out[i++] = np.field;
    FRIC_NATIVE_KEYS(NATIVE_PUT)
#undef NATIVE_PUT
}

/* The bench MJCF of the log lg with p[n] (fric_native_bench_mjcf) into
 * buf[cap]: the length needed without the NUL (cap 0 sizes it), −1 with the message. */
FXB_EXPORT int fxb_native_bench_mjcf(const double *p, int n, const fric_io_log *lg, char *buf, int cap)
{
    fric_native_params np;
    if (count_bad("cap", cap, 1) || native_of(p, n, &np)) return -1;
    if (!lg) { set_status(FRIC_E_LOG_INVALID, -1, "native: no log is loaded."); return -1; }
    fric_native_bench b;
    fric_native_bench_from_log(&np, lg, &b);
    int len = fric_native_bench_mjcf(&b, cap > 0 ? buf : NULL, cap > 0 ? (size_t)cap : 0);
    if (len < 0) { from_core(1, NULL); return -1; }
    set_error("");
    return len;
}

/* The log lg replayed with p[n] (fric_native_replay): sim_q[cap] the
 * positions, res[4] = mae [rad], max_err [rad], samples, steps held. 0, or 1 with the message. */
FXB_EXPORT int fxb_native_replay(const double *p, int n, const fric_io_log *lg, double *sim_q, int cap, double *res)
{
    fric_native_params np;
    const char *why = "";
    if (count_bad("cap", cap, sizeof(double)) || native_of(p, n, &np)) return 1;
    if (!lg) { set_status(FRIC_E_LOG_INVALID, -1, "native: no log is loaded."); return 1; }
    fric_bench_replay_result r;
    if (from_core(fric_native_replay(&np, lg, sim_q, (size_t)cap, &r, &why), &why)) return 1;
    res[0] = r.mae;
    res[1] = r.max_err;
    res[2] = (double)r.samples;
    res[3] = (double)r.steps_stuck;
    set_error("");
    return 0;
}
