/*
 * bindings_scenario.c: the scenario registry of fric_scenario.h at the wasm
 * wall (wasm/api/scenario.js): the scenarios' descriptions (read through
 * the layouts of fxb_boundary), and a simulation's init, retune, step and
 * shape on a state the wrapper allocates.
 * Conventions: wasm/bindings.c.
 */
#include <stddef.h>

#include "fric_scenario.h"
#include "fric_status.h"
#include "bindings_internal.h"

/* ------------------------------------------------------------ scenarios */
/* The wrapper reads each scenario's description (fric_scenario, its
 * params[] and cols[]) through the layouts of fxb_boundary. */

FXB_EXPORT int fxb_scn_count(void) { return fric_scenario_count(); }

/* Scenario i (constant data), NULL out of range. */
FXB_EXPORT const fric_scenario *fxb_scn_at(int i) { return fric_scenario_at(i); }

static const fric_scenario *scn(int i) { return fric_scenario_at(i); }

/* fric_scenario_init or fric_scenario_retune (apply) of scenario i on
 * state with p[n] (n must be n_params). 0, or the status. */
static int scn_apply(fric_status (*apply)(const fric_scenario *, void *, const double *,
                                          const char **),
                     int i, void *state, const double *p, int n)
{
    const fric_scenario *s = scn(i);
    if (!s) { fxb_refuse(FRIC_E_UNKNOWN_NAME, "fxb.no_scenario", "no such scenario", FXB_END); return FRIC_E_UNKNOWN_NAME; }
    if (fxb_length_bad("params", n, s->n_params)) return FRIC_E_PARAM_RANGE;
    const char *why = "";
    return fxb_from_core(apply(s, state, p, &why), &why);
}

/* Initialises state (state_bytes, 16-byte aligned) from p[n] (n must be
 * n_params; fric_scenario_init: every value range-checked first). 0, or the
 * status. */
FXB_EXPORT int fxb_scn_init(int i, void *state, const double *p, int n)
{
    return scn_apply(fric_scenario_init, i, state, p, n);
}

/* Applies new parameter values p[n] (n = n_params) to a running simulation
 * (live tuning). */
FXB_EXPORT int fxb_scn_retune(int i, void *state, const double *p, int n)
{
    return scn_apply(fric_scenario_retune, i, state, p, n);
}

/* Advances up to n rows into rows[n × n_cols]. Returns the number of rows
 * written (fewer than n when the run ended), or −1 − rows on error (the
 * message in fxb_last_error; rows before it are valid). */
FXB_EXPORT int fxb_scn_step(int i, void *state, double *rows, int n)
{
    const fric_scenario *s = scn(i);
    if (!s) { fxb_refuse(FRIC_E_UNKNOWN_NAME, "fxb.no_scenario", "no such scenario", FXB_END); return -1; }
    if (fxb_count_bad("n (rows)", n, (double)s->n_cols * sizeof(double))) return -1;
    int k = 0;
    for (; k < n; k++) {
        const char *why = "";
        int rc = fric_scenario_step(s, state, rows + (size_t)k * (size_t)s->n_cols, &why);
        if (rc == FRIC_SCENARIO_DONE) break;
        if (rc == FRIC_SCENARIO_ERROR) { fxb_from_core(1, &why); return -1 - k; }
    }
    return k;
}

/* The scenario's picture after the last step (fric_scenario.shape): up to
 * max points (x, y, mark) into xyf[3·max]. Returns the count, or −1 when the
 * scenario has none (message in fxb_last_error). */
FXB_EXPORT int fxb_scn_shape(int i, const void *state, double *xyf, int max)
{
    const fric_scenario *s = scn(i);
    if (!s) { fxb_refuse(FRIC_E_UNKNOWN_NAME, "fxb.no_scenario", "no such scenario", FXB_END); return -1; }
    if (fxb_count_bad("max (points)", max, 3.0 * sizeof(double))) return -1;
    int k = fric_scenario_shape(s, state, xyf, max);
    if (k < 0) { const char *why = fric_status_last().message; fxb_from_core(1, &why); }
    return k;
}
