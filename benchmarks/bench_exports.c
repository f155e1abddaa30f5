/*
 * bench_exports.c: the benchmark kernels of benchmarks/kernels.c exported to
 * JavaScript, for benchmarks/bench_wasm.mjs only. Compiled only into the
 * bench's wasm (build/wasm-bench, exports generated from the FXB_EXPORT
 * functions here and in wasm/bindings*.c by tools/gen_exports.mjs); the
 * explorer's wasm never contains it (tests/web/wasm_exports.test.mjs). It
 * lives with the benchmarks so that wasm/ holds the bindings only (they
 * include no benchmark source); it borrows their export marker
 * (wasm/fxb_export.h, on the bench build's include path).
 * Same conventions as the bindings: flat functions over numbers and buffers
 * the caller allocates; nothing here keeps state.
 */
#include <math.h>
#include <stdint.h>

#include "kernels.h"
#include "fric_scenario.h"
#include "fxb_export.h"

FXB_EXPORT int fxb_kern_law_count(void) { return kern_law_count(); }

FXB_EXPORT const char *fxb_kern_law_name(int i) { return kern_law_name(i); }

/* Fills x[n] with the benchmark inputs of `seed` (kern_fill_x, scale KERN_ZFS). */
FXB_EXPORT void fxb_kern_fill(double *x, int n, double seed) { kern_fill_x(x, n, KERN_ZFS, (uint64_t)seed); }

/* kern_phi_z with law `law_index` and Z = KERN_Z; NaN for a bad index. */
FXB_EXPORT double fxb_kern_phi_z(int law_index, const double *x, int n, int reps)
{
    const fric_law *law = kern_law(law_index);
    return law ? kern_phi_z(law, KERN_Z, x, n, reps) : (double)NAN;
}

/* kern_lanes with the generic kernel (SIMD128 here), reps times, clip
 * (implicit 0) or implicit (1): Σ MAE. */
FXB_EXPORT double fxb_kern_lanes(int reps, int implicit)
{
    return kern_lanes(reps, FRIC_BENCH_LANES_GENERIC, implicit);
}

static const char *kern_why = "";

/* Why the last fxb_kern_scn failed ("" after a success). */
FXB_EXPORT const char *fxb_kern_error(void) { return kern_why; }

/* kern_scn_run of scenario i for `rows` rows (rows < 2^31). Returns the rows
 * stepped, or −1 (message in fxb_kern_error); out[0] receives the checksum. */
FXB_EXPORT double fxb_kern_scn(int i, double rows, double *out)
{
    double cs = 0.0;
    long k = rows >= 0 && rows < 2147483647.0
           ? kern_scn_run(fric_scenario_at(i), (long)rows, &cs, &kern_why) : -1;
    if (!(rows >= 0 && rows < 2147483647.0)) kern_why = "rows out of range";
    out[0] = cs;
    return (double)k;
}

/* Scenario i's name (what 0) or summary (1), "" out of range: how
 * bench_wasm.mjs finds the bench (the explorer's wrapper reads the
 * scenarios through the layouts of fxb_boundary instead). */
FXB_EXPORT const char *fxb_scn_text(int i, int what)
{
    const fric_scenario *s = fric_scenario_at(i);
    return !s ? "" : what == 0 ? s->name : s->summary;
}
