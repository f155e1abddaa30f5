/*
 * bindings_regions.c: the drive/backdrive regions of fric_regions.h at the
 * wasm wall (wasm/api/regions.js): a servo's or a screw's regions checked,
 * one point classified, the boundary polylines and a grid of regions.
 * Conventions: wasm/bindings.c.
 */
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "fric_servo.h"
#include "fric_screw.h"
#include "fric_regions.h"
#include "fric_status.h"
#include "bindings_internal.h"

/* ------------------------------------------------ drive/backdrive regions */
/* kind 0: servo, c = the 14 numbers of fric_servo_coef_fields; kind 1:
 * screw, c = the fields of fric_screw in FRIC_SCREW_FIELDS order. n: the
 * count of c. 1 (with the message) when kind or n is wrong. */
#define FXB_COUNT(f, u) +1
static int regions_bad(int kind, int n)
{
    if (kind != 0 && kind != 1) {
        fxb_refuse(FRIC_E_PARAM_RANGE, "fxb.regions_kind", "kind must be 0 (servo) or 1 (screw).", FXB_END);
        return 1;
    }
    return fxb_length_bad("c (law numbers)", n, kind == 1 ? 0 FRIC_SCREW_FIELDS(FXB_COUNT) : FRIC_SERVO_N_COEFS);
}

static fric_regions_law regions_law(int kind, const double *c)
{
    fric_regions_law law;
    memset(&law, 0, sizeof law);
    law.kind = kind == 1 ? FRIC_REGIONS_SCREW : FRIC_REGIONS_SERVO;
    if (kind == 1) {
        int k = 0;
#define FXB_SCREW_FROM(f, u) law.screw.f = c[k++];
        FRIC_SCREW_FIELDS(FXB_SCREW_FROM)
#undef FXB_SCREW_FROM
    } else {
        fric_servo_from_array(c, &law.servo);
    }
    return law;
}

FXB_EXPORT int fxb_regions_check(int kind, const double *c, int nc, double dtheta)
{
    if (regions_bad(kind, nc)) return 1;
    fric_regions_law law = regions_law(kind, c);
    const char *why = "";
    return fxb_from_core(fric_regions_check(&law, dtheta, &why), &why);
}

/* 0 static, 1 drive, 2 backdrive, −1 invalid (or kind/nc wrong: the message). */
FXB_EXPORT int fxb_regions_classify(int kind, const double *c, int nc, double dtheta, double tau_m,
                                    double tau_e)
{
    if (regions_bad(kind, nc)) return -1;
    fric_regions_law law = regions_law(kind, c);
    return fric_regions_classify(&law, dtheta, tau_m, tau_e);
}

/* Static-region boundaries over τm in [−T, T]: returns the number of samples
 * written to tm, lo, hi (at most cap), or −1 with the message. */
FXB_EXPORT int fxb_regions_polyline(int kind, const double *c, int nc, double dtheta, double T,
                                    int n, double *tm, double *lo, double *hi, int cap)
{
    if (regions_bad(kind, nc) || fxb_count_bad("cap", cap, 3 * sizeof(double))) return -1;
    fric_regions_law law = regions_law(kind, c);
    const char *why = "";
    int count = 0;
    if (fxb_from_core(fric_regions_polyline(&law, dtheta, T, n, tm, lo, hi, cap, &count, &why), &why))
        return -1;
    fxb_set_error("");
    return count;
}

/* Region codes (0 static, 1 drive, 2 backdrive) on an nx × ny grid of cell
 * centres over [−T, T]² (row 0 at τe = +T), for shading a diagram behind
 * the exact boundaries. The centres are T·((2k + 1)/nx − 1) and
 * T·(1 − (2r + 1)/ny): finite for every finite T (T − 2T·(r + 0.5)/ny
 * overflowed to inf − inf for T above DBL_MAX/2, and those cells came out
 * FRIC_REGION_INVALID, written as 255). A cell the classifier still cannot
 * place is refused (1, with the cell named), never written as a code. */
FXB_EXPORT int fxb_regions_grid(int kind, const double *c, int nc, double dtheta, double T, int nx,
                                int ny, unsigned char *out)
{
    if (regions_bad(kind, nc)) return 1;
    if (nx < 1 || ny < 1 || fxb_count_bad("nx·ny (cells)", (double)nx * ny, 1)) {
        if (nx < 1 || ny < 1) fxb_refuse(FRIC_E_PARAM_RANGE, "fxb.regions_nx_ny", "nx and ny must be at least 1.", FXB_END);
        return 1;
    }
    if (!(T > 0) || !isfinite(T)) {
        fxb_refuse(FRIC_E_PARAM_RANGE, "fxb.regions_t", "T must be a finite half-width > 0 N·m.", FXB_END);
        return 1;
    }
    fric_regions_law law = regions_law(kind, c);
    const char *why = "";
    if (fxb_from_core(fric_regions_check(&law, dtheta, &why), &why)) return 1;
    for (int r = 0; r < ny; r++) {
        double te = T * (1 - (2.0 * r + 1) / ny);
        for (int k = 0; k < nx; k++) {
            double tm = T * ((2.0 * k + 1) / nx - 1);
            int g = fric_regions_classify(&law, dtheta, tm, te);
            if (g < 0) {
                char stm[32], ste[32], sd[32];
                snprintf(stm, sizeof stm, "%g", tm);
                snprintf(ste, sizeof ste, "%g", te);
                snprintf(sd, sizeof sd, "%g", dtheta);
                fxb_refuse(FRIC_E_PARAM_RANGE, "fxb.regions_cell", "the cell (τm, τe) = ({tm}, {te}) N·m at dtheta = {dtheta} rad/s "
                       "has no region; give a smaller T.", "tm", stm, "te", ste, "dtheta", sd, FXB_END);
                return 1;
            }
            out[(size_t)r * (size_t)nx + (size_t)k] = (unsigned char)g;
        }
    }
    fxb_set_error("");
    return 0;
}
