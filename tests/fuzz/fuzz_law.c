/*
 * fuzz_law.c: libFuzzer target (a), the law and transform API of friction.h.
 *
 * A random law (kind, Fs, Fc, vs, D, α: each either a wild double, see
 * fuzz_double, or a typical positive value), a random Z and x go through
 * fric_law_check, fric_phi, fric_phi_z, fric_phi_z_approx, fric_phi_z_2d,
 * fric_lambert_w0 and, for one input in 4096, a table build with a bounded tol
 * (not Stribeck α ≠ 1, whose sampled builds take up to ~0.5 s). Built with
 * -DFUZZ_LUT_EVERY it is target fuzz_lut: every input builds a table, any α.
 * Invariants (a violation aborts, libFuzzer keeps the input):
 *   - a refusal by fric_law_check comes with a message;
 *   - accepted law, finite x: fric_phi, fric_phi_z, fric_phi_z_approx finite;
 *   - Kikuuwe Theorem 1 (eqs. 16-17): y = Φ_Z(x) = Φ(x − Z·y). v = x − Z·y
 *     lies between 0 and x (y has the sign of x), so |y| ≤ sup_{|v| ≤ |x|}
 *     |Φ(v)| ≤ Φ(+0) + D·|x| (for every law here |Φ(v)| ≤ Φ(+0) + D·|v|:
 *     the Stribeck and rational terms fall from Fs toward Fc), and
 *     |y| ≤ |x|/Z (v has the sign of x). Checked with a relative slack of
 *     1e-12 for rounding, and y·x ≥ 0;
 *   - the 2-D transform (Coulomb-viscous): finite, ‖y‖ ≤ Fc + D·‖x‖;
 *   - W0: not NaN on [−1/e, inf), w ≥ −1, NaN below −1/e;
 *   - table: the build makes at most its stated number of fits (friction.h),
 *     gives a table or a reason, and the table is within tol of fric_phi_z at
 *     x, its neighbours and 16 points across the kinetic region.
 */
#include <stdio.h>
#include <stdlib.h>

#include "friction.h"
#include "fuzz_input.h"

#define SLACK 1e-12

static double law_param(fuzz_in *in, int typical_lo, int typical_hi)
{
    uint8_t b = fuzz_u8(in);
    return b < 48 ? fuzz_double(in) : fuzz_pos(in, typical_lo, typical_hi);
}

/* Can Φ(+0) + D·|x| exceed the largest double? Then an infinite result is
 * the true value rounded (overflow), not a failure; NaN still is. */
static int may_overflow(const fric_law *law, double ax)
{
    return !(fric_phi_plus0(law) + law->D * ax <= 0.5 * DBL_MAX);
}

static void check_bound(const fric_law *law, double Z, double x, double y, const char *what)
{
    if (isinf(y) && may_overflow(law, fabs(x)) && y * x > 0) return;
    if (!isfinite(y)) FUZZ_FAIL("%s not finite: %g (kind %d Fs %.17g Fc %.17g vs %.17g D %.17g "
                                "alpha %.17g Z %.17g x %.17g)", what, y, law->kind, law->Fs,
                                law->Fc, law->vs, law->D, law->alpha, Z, x);
    double p0 = fric_phi_plus0(law), ax = fabs(x), ay = fabs(y);
    double b1 = (p0 + law->D * ax) * (1 + SLACK) + DBL_MIN;
    double b2 = ax / Z * (1 + SLACK) + DBL_MIN;
    if (ay > b1 || (isfinite(b2) && ay > b2) || y * x < 0)
        FUZZ_FAIL("%s = %.17g breaks |y| <= Phi(+0) + D|x| = %.17g, |x|/Z = %.17g or sign "
                  "(kind %d Fs %.17g Fc %.17g vs %.17g D %.17g alpha %.17g Z %.17g x %.17g)",
                  what, y, b1, b2, law->kind, law->Fs, law->Fc, law->vs, law->D, law->alpha,
                  Z, x);
}

static void check_lut(fuzz_in *in, const fric_law *law, double Z, double x)
{
    double tol = fric_phi_plus0(law) * pow(10, -(double)(3 + fuzz_u8(in) % 10));
    if (!(tol > 0) || !isfinite(tol)) return;
    fric_lut_info info;
    fric_lut *lut = fric_lut_create(law, Z, tol, &info);
    /* friction.h: 2^17 planned fits for α = 1 (plus its final pass, within
     * 2^12 of it), 5·2^13 + 64·31 for α ≠ 1 */
    if (info.pieces > ((size_t)1 << 17) + ((size_t)1 << 12) + 5 * 8192 + 64 * 31)
        FUZZ_FAIL("table build made %zu fits", info.pieces);
    if (!lut) {
        if (!info.why || !info.why[0]) FUZZ_FAIL("table refused without a reason");
        return;
    }
    double xs[19] = { x, nextafter(x, INFINITY), nextafter(x, -INFINITY) };
    double span = Z * fric_phi_plus0(law) + 8 * (law->kind == FRIC_COULOMB_VISCOUS ? 0 : law->vs);
    for (int k = 0; k < 16; k++) xs[3 + k] = span * (k + 0.5) / 16 * (k & 1 ? -1 : 1);
    double miss = 0, x_miss = 0;
    for (int k = 0; k < 19; k++) {
        if (!isfinite(xs[k])) continue;
        double a = fric_lut_phi_z(lut, xs[k]), r = fric_phi_z(law, Z, xs[k]);
        if (isnan(r) || (isinf(r) && a == r)) continue;   /* fric_phi_z's own findings */
        if (!(a == r || fabs(a - r) <= tol) && !(fabs(a - r) <= miss)) {
            miss = isnan(a - r) ? INFINITY : fabs(a - r);
            x_miss = xs[k];
        }
    }
    fric_lut_destroy(lut);
    if (miss > 0)
        FUZZ_FAIL("table misses tol %.3g by %.3g at x = %.17g (kind %d Fs %.17g Fc %.17g "
                  "vs %.17g D %.17g alpha %.17g Z %.17g)", tol, miss, x_miss, law->kind, law->Fs,
                  law->Fc, law->vs, law->D, law->alpha, Z);
}

static void fuzz_one(const uint8_t *data, size_t size)
{
    fuzz_in in = { data, size, 0 };
    fric_law law;
    law.kind = (fric_kind)(fuzz_u8(&in) % 4);        /* 3: not a kind */
    law.Fc = law_param(&in, -3, 3);
    law.Fs = law.Fc + law_param(&in, -3, 3);
    law.vs = law_param(&in, -6, 2);
    law.D = fuzz_u8(&in) < 64 ? 0.0 : law_param(&in, -3, 3);
    law.alpha = fuzz_u8(&in) < 128 ? 1.0 : 1 + law_param(&in, -3, 1);
    double Z = law_param(&in, -6, 0);
    double x = fuzz_u8(&in) < 64 ? fuzz_double(&in) : (fuzz_u8(&in) & 1 ? -1 : 1) * fuzz_pos(&in, -8, 3);
    uint8_t lut_sel = fuzz_u8(&in);

    double w = fric_lambert_w0(x);
    if (x >= -0.36787944117144233 && !(w >= -1)) FUZZ_FAIL("W0(%.17g) = %g", x, w);
    if (x < -0.36787944117144233 && !isnan(w)) FUZZ_FAIL("W0(%.17g) = %g, not NaN", x, w);

    const char *why = NULL;
    int ck = fric_law_check(&law, Z, &why);
    if (ck != 0 && (!why || !why[0])) FUZZ_FAIL("fric_law_check refused without a message");
    if (ck == 0 && why && why[0]) FUZZ_FAIL("fric_law_check accepted with a message");
    if (ck != 0) {
        if (!isnan(fric_phi_z(&law, Z, x))) FUZZ_FAIL("fric_phi_z not NaN for a refused law");
        return;
    }
    if (!isfinite(x)) return;
    double y = fric_phi(&law, x);
    if (!isfinite(y) && !(isinf(y) && may_overflow(&law, fabs(x)))) FUZZ_FAIL("fric_phi(%.17g) = %g for an accepted law (kind %d Fs %.17g "
                                "Fc %.17g vs %.17g D %.17g alpha %.17g Z %.17g)", x, y, law.kind,
                                law.Fs, law.Fc, law.vs, law.D, law.alpha, Z);
    check_bound(&law, Z, x, fric_phi_z(&law, Z, x), "fric_phi_z");
    check_bound(&law, Z, x, fric_phi_z_approx(&law, Z, x), "fric_phi_z_approx");
    if (law.kind == FRIC_COULOMB_VISCOUS) {
        double x2[2] = { x, fuzz_double(&in) }, y2[2];
        if (isfinite(x2[1])) {
            int rc = fric_phi_z_2d(&law, Z, x2, y2);
            double nx = hypot(x2[0], x2[1]), ny = hypot(y2[0], y2[1]);
            int ovf = may_overflow(&law, nx) || isinf(nx);
            if (rc != 0 || (!isfinite(ny) && !(ovf && isinf(ny))) ||
                ny > (law.Fc + law.D * nx) * (1 + SLACK) + DBL_MIN)
                FUZZ_FAIL("fric_phi_z_2d(%.17g, %.17g) = (%g, %g), rc %d (Fc %.17g D %.17g "
                          "Z %.17g)", x2[0], x2[1], y2[0], y2[1], rc, law.Fc, law.D, Z);
        }
    }
#ifdef FUZZ_LUT_EVERY
    (void)lut_sel;
    check_lut(&in, &law, Z, x);
#else
    /* α ≠ 1 builds take up to ~0.5 s (sampled fits): fuzz_lut has them */
    if (lut_sel == 0x5a && fuzz_u8(&in) < 16 && !(law.kind == FRIC_STRIBECK && law.alpha != 1))
        check_lut(&in, &law, Z, x);                                     /* 1 in 4096 */
#endif
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_one(data, size);
    return 0;
}
