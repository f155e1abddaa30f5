/*
 * phi_z.c: the exact implicit transform Φ_Z and Kikuuwe's approximation.
 *
 * Φ_Z(x) is the y with y = Φ(x − Z·y) (Kikuuwe Theorem 1, eqs. 16-17):
 *   |x| ≤ Z·Φ(+0):  Φ_Z(x) = x/Z                               (static band)
 *   otherwise       y = Φ(s) with s = x − Z·y ≠ 0 of the sign of x.
 * Φ is odd, so Φ_Z is odd: everything below is written for a = |x| > Z·Φ(+0)
 * and the sign is put back at the end. With k = 1 + Z·D and s > 0 the
 * defining identity reads  k·s + Z·(Φ(s) − D·s) = a.
 *
 * Coulomb-viscous (Kikuuwe eq. 25): y = (Fc + D·a)/k (see linear_part).
 *
 * Stribeck, α = 1 (Cisneros eqs. 22-30, derived again): write
 * u = k·y − Fc − D·a = Fsc·e^(−s/vs) > 0 with Fsc = Fs − Fc. Then
 * u·e^(−c·u) = Fsc·e^((Z·Fc − a)/(vs·k)), c = Z/(vs·k), so w = −c·u solves
 * w·e^w = ψ = −c·Fsc·e^((Z·Fc − a)/(vs·k))                     (eqs. 24-26)
 * and y = (Fc + D·a)/k − (vs/Z)·w                               (eq. 27)
 * with w = W0(ψ): u > 0 gives w < 0, and c·Fsc < 1 (eq. 15) gives w > −1,
 * the principal branch. (Eqs. 28-29 are the mirror image for x < 0.)
 *
 * Rational (Cisneros eqs. 43-48, rearranged): for s > 0,
 * Φ(s) = Fc + D·s + Fsc·vs/(s + vs), and the identity becomes the quadratic
 *   k·s² + b·s − vs·(a − Z·Fs) = 0,   b = k·vs − (a − Z·Fc),
 * whose positive root is taken without cancellation:
 *   s = 2·vs·(a − Z·Fs)/(b + √d) for b ≥ 0, (√d − b)/(2k) for b < 0,
 *   d = b² + 4·k·vs·(a − Z·Fs) (a sum of non-negative terms; for b < 0 √d is
 *   formed as |b|·√(1 + 4·k·vs·(a − Z·Fs)/b²) so that huge |x| cannot overflow),
 * then y = Fc + D·s + Fsc·vs/(s + vs). This is the same root as eq. 44,
 * y+ = (−b+ − √(b+² − 4ac+))/(2a), in a form that keeps full precision for
 * large |x|, where eq. 44 as printed loses digits to cancellation.
 *
 * Stribeck, α ≠ 1: no closed form. g(s) = k·s + Z·Fsc·e^(−(s/vs)^α) − (a − Z·Fc)
 * is increasing (g' = 1 + Z·Φ'(s) > 0 by eq. 15) and brackets its root in
 * [(a − Z·Fs)/k, (a − Z·Fc)/k] (from Fc + D·s < Φ(s) < Fs + D·s). Newton's
 * method inside that bracket, bisecting when a step leaves it, at most
 * SOLVE_MAX_ITER iterations; then y = Φ(s).
 */
#include <math.h>

#include "friction.h"
#include "law_internal.h"

#define SOLVE_MAX_ITER 100
/* The double nearest −1/e; it lies just below −1/e. W0 returns −1 there. */
#define NEG_INV_E (-0x1.78b56362cef38p-2)

/* Φ(s) for s > 0 and Φ'(s): Stribeck, any α. */
static double stribeck_pos(const fric_law *law, double s, double *dphi)
{
    double r = s / law->vs;
    double ra = pow(r, law->alpha);
    double e = (law->Fs - law->Fc) * exp(-ra);
    if (dphi) *dphi = law->D - e * law->alpha * (r > 0 ? ra / s : 0);
    return e + law->Fc + law->D * s;
}

/* (Fc + D·a)/k, the kinetic part of every law's transform, given ik = 1/k,
 * formed as Fc·ik + (D·ik)·a so that D·a cannot overflow where the result
 * does not. */
static double linear_part(double Fc, double D, double ik, double a)
{
    return Fc * ik + (D * ik) * a;
}

static double solve_stribeck(const fric_law *law, double Z, double a)
{
    double k = 1 + Z * law->D;
    double lo = (a - Z * law->Fs) / k, hi = (a - Z * law->Fc) / k;
    if (lo < 0) lo = 0;
    double s = hi;   /* g(hi) ≥ 0: Newton from above converges monotonically where g is convex */
    for (int i = 0; i < SOLVE_MAX_ITER; i++) {
        double dphi;
        double phi = stribeck_pos(law, s, &dphi);
        double g = s + Z * phi - a;
        if (g == 0) break;
        if (g > 0) hi = s; else lo = s;
        double next = s - g / (1 + Z * dphi);
        if (!(next > lo && next < hi)) next = lo + 0.5 * (hi - lo);
        if (next == s || hi - lo <= 0x1p-52 * hi) { s = next; break; }
        s = next;
    }
    return stribeck_pos(law, s, 0);
}

double fric_phi_z(const fric_law *law, double Z, double x)
{
    if (!fric__law_ok(law, Z) || isnan(x)) return NAN;
    double a = fabs(x);
    double F0 = law->kind == FRIC_COULOMB_VISCOUS ? law->Fc : law->Fs;
    if (a <= Z * F0) return x / Z;                       /* static band, eq. 16 */
    if (isinf(a)) return copysign(law->D > 0 ? INFINITY : law->Fc, x);
    double D = law->D, Fc = law->Fc, k = 1 + Z * D, y;
    /* divisions are the costly operations here: at most two per call */
    switch (law->kind) {
    case FRIC_COULOMB_VISCOUS:
        y = linear_part(Fc, D, 1 / k, a);                /* Kikuuwe eq. 25 */
        break;
    case FRIC_STRIBECK:
        if (law->alpha == 1) {
            double vs = law->vs, r = 1 / (vs * k);       /* 1/(vs·k) */
            double psi = -(Z * (law->Fs - Fc) * r) * exp((Z * Fc - a) * r);   /* eq. 25 */
            if (psi < NEG_INV_E) psi = NEG_INV_E;        /* rounding at c·Fsc → 1 */
            double w = fric_lambert_w0(psi);             /* eq. 24 */
            y = linear_part(Fc, D, vs * r, a) - (vs / Z) * w;   /* eq. 27; vs·r = 1/k */
        } else {
            y = solve_stribeck(law, Z, a);
        }
        break;
    case FRIC_RATIONAL: {
        double vs = law->vs, over = a - Z * law->Fs;     /* > 0 outside the band */
        double b = k * vs - (a - Z * Fc);
        double s;
        if (b >= 0) {                                    /* here a <= k·vs + Z·Fc: no overflow */
            s = 2 * vs * over / (b + sqrt(b * b + 4 * k * vs * over));
        } else {                                         /* √d = |b|·√(1 + r), r = 4·k·vs·over/b² */
            double r = 4 * k * vs * (over / b) / b;
            s = (-b / (2 * k)) * (sqrt(1 + r) + 1);
        }
        y = Fc + D * s + (law->Fs - Fc) * vs / (s + vs); /* Cisneros eqs. 44-48 */
        break;
    }
    default:
        return NAN;
    }
    return copysign(y, x);
}

double fric_phi_z_approx(const fric_law *law, double Z, double x)
{
    if (!fric__law_ok(law, Z) || isnan(x)) return NAN;
    double phi = fric_phi(law, x);
    return fabs(x / Z) > fabs(phi) ? phi : x / Z;        /* Kikuuwe eq. 46 */
}
