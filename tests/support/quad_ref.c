/*
 * quad_ref.c: the binary128 reference described in quad_ref.h.
 *
 * Everything here is derived from the papers' definitions (Kikuuwe et al.
 * 2006, IEEE T-RO 22(6); Cisneros et al., "Reliable chattering-free
 * simulation of friction torque in joints presenting high stiction") and
 * written without looking at core/src.
 */
#include "quad_ref.h"

#include <math.h>
#include <quadmath.h>
#include <string.h>

__extension__ typedef unsigned __int128 quad_bits;

quad_real quad_from(double x) { return (quad_real)x; }
double quad_to_double(quad_real x) { return (double)x; }
quad_real quad_abs(quad_real x) { return x < 0 ? -x : x; }
quad_real quad_max(quad_real a, quad_real b) { return a > b ? a : b; }
int quad_isnan(quad_real x) { return x != x; }

static quad_real qsgn(quad_real v) { return v > 0 ? 1 : (v < 0 ? -1 : 0); }

/* --------------------------------------------------------------- Φ, Φ' */

/* Φ(v) for v > 0; the laws are odd. */
static quad_real phi_pos(const fric_law *law, quad_real v)
{
    const quad_real Fc = law->Fc, D = law->D;
    switch (law->kind) {
    case FRIC_COULOMB_VISCOUS:
        return Fc + D * v;
    case FRIC_STRIBECK: {
        const quad_real Fs = law->Fs, vs = law->vs, a = law->alpha;
        const quad_real t = v / vs;
        const quad_real ta = (law->alpha == 1.0) ? t : powq(t, a);
        return (Fs - Fc) * expq(-ta) + Fc + D * v;
    }
    case FRIC_RATIONAL: {
        const quad_real Fs = law->Fs, vs = law->vs;
        return Fc + D * v + (Fs - Fc) * vs / (v + vs);
    }
    }
    return nanq("");
}

quad_real quad_phi(const fric_law *law, quad_real v)
{
    if (v == 0) return 0;
    return v > 0 ? phi_pos(law, v) : -phi_pos(law, -v);
}

quad_real quad_phi_plus0(const fric_law *law)
{
    return law->kind == FRIC_COULOMB_VISCOUS ? (quad_real)law->Fc : (quad_real)law->Fs;
}

/* Φ'(v), v ≠ 0, differentiated by hand from the definitions:
 *   Coulomb-viscous  D
 *   Stribeck         D − (Fs−Fc)/vs · α·t^(α−1)·e^(−t^α),  t = |v|/vs
 *   rational         D − (Fs−Fc)·vs/(|v|+vs)²                            */
quad_real quad_dphi(const fric_law *law, quad_real v)
{
    const quad_real w = quad_abs(v);
    const quad_real Fc = law->Fc, D = law->D;
    switch (law->kind) {
    case FRIC_COULOMB_VISCOUS:
        return D;
    case FRIC_STRIBECK: {
        const quad_real Fs = law->Fs, vs = law->vs, a = law->alpha;
        const quad_real t = w / vs;
        if (law->alpha == 1.0) return D - (Fs - Fc) / vs * expq(-t);
        return D - (Fs - Fc) / vs * a * powq(t, a - 1) * expq(-powq(t, a));
    }
    case FRIC_RATIONAL: {
        const quad_real Fs = law->Fs, vs = law->vs;
        return D - (Fs - Fc) * vs / ((w + vs) * (w + vs));
    }
    }
    return nanq("");
}

/* ----------------------------------------------------------------- m */

/* m = −inf_{v>0} Φ'(v).
 *   Coulomb-viscous: Φ' = D, so m = −D.
 *   rational: Φ' = D − (Fs−Fc)·vs/(v+vs)² increases with v; the infimum is
 *     the limit v → 0+, m = (Fs−Fc)/vs − D.
 *   Stribeck: Φ' = D − (Fs−Fc)/vs · g(t), g(t) = α·t^(α−1)·e^(−t^α).
 *     α = 1: g = e^(−t) is largest at t → 0+, m = (Fs−Fc)/vs − D.
 *     α > 1: g(0) = 0, g(∞) = 0, g'(t) = α·e^(−t^α)·t^(α−2)·((α−1) − α·t^α)
 *     vanishes at t*^α = c = (α−1)/α, so
 *     g_max = α·c^((α−1)/α)·e^(−c),  m = (Fs−Fc)/vs · g_max − D.
 *     α < 1: g → +∞ at t → 0+, m = +∞. */
quad_real quad_slope_m(const fric_law *law)
{
    const quad_real Fc = law->Fc, D = law->D;
    switch (law->kind) {
    case FRIC_COULOMB_VISCOUS:
        return -D;
    case FRIC_RATIONAL:
        return ((quad_real)law->Fs - Fc) / (quad_real)law->vs - D;
    case FRIC_STRIBECK: {
        const quad_real Fs = law->Fs, vs = law->vs, a = law->alpha;
        if (law->alpha < 1.0) return HUGE_VALQ;
        if (law->alpha == 1.0) return (Fs - Fc) / vs - D;
        const quad_real c = (a - 1) / a;
        const quad_real g = a * powq(c, (a - 1) / a) * expq(-c);
        return (Fs - Fc) / vs * g - D;
    }
    }
    return nanq("");
}

quad_real quad_slope_m_scan(const fric_law *law)
{
    const quad_real vs = (law->kind == FRIC_COULOMB_VISCOUS) ? 1 : (quad_real)law->vs;
    enum { N = 4000 };
    const quad_real lg0 = -30, lg1 = 4;
    int ibest = 0;
    quad_real best = 0;
    for (int i = 0; i <= N; i++) {
        const quad_real t = powq(10, lg0 + (lg1 - lg0) * i / N);
        const quad_real d = quad_dphi(law, t * vs);
        if (i == 0 || d < best) { best = d; ibest = i; }
    }
    /* golden-section on the log-t interval around the best sample */
    quad_real a = lg0 + (lg1 - lg0) * (ibest > 0 ? ibest - 1 : 0) / N;
    quad_real b = lg0 + (lg1 - lg0) * (ibest < N ? ibest + 1 : N) / N;
    const quad_real r = (sqrtq(5) - 1) / 2;
    quad_real c = b - r * (b - a), d = a + r * (b - a);
    quad_real fc = quad_dphi(law, powq(10, c) * vs), fd = quad_dphi(law, powq(10, d) * vs);
    for (int it = 0; it < 200; it++) {
        if (fc < fd) { b = d; d = c; fd = fc; c = b - r * (b - a); fc = quad_dphi(law, powq(10, c) * vs); }
        else         { a = c; c = d; fc = fd; d = a + r * (b - a); fd = quad_dphi(law, powq(10, d) * vs); }
    }
    quad_real m = fc < fd ? fc : fd;
    if (best < m) m = best;
    return -m;
}

quad_real quad_slope_l(const fric_law *law)
{
    return quad_max((quad_real)law->D, quad_slope_m(law));
}

/* ---------------------------------------------------------------- Φ_Z */

static quad_bits to_bits(quad_real x) { quad_bits b; memcpy(&b, &x, sizeof b); return b; }
static quad_real from_bits(quad_bits b) { quad_real x; memcpy(&x, &b, sizeof x); return x; }

/* For x > Z·Φ(+0) the solution has s = x − Z·y > 0 (Kikuuwe eq. 20), so
 * y ∈ (0, x/Z): F(y) = y − Φ(x − Z·y) is increasing there (F' = 1 + Z·Φ'(s)
 * > 0 by eq. 15), F(0) = −Φ(x) < 0 and F(x/Z−) = x/Z − Φ(+0) > 0. Non-negative
 * binary128 numbers are ordered like their bit patterns, so bisecting the
 * pattern shrinks any bracket to 2^13 ulps (1.6e-30 relative) in at most 115
 * halvings; the end with the smaller |residual| is returned. */
static quad_real resid(const fric_law *law, quad_real Z, quad_real x, quad_real y)
{
    return y - quad_phi(law, x - Z * y);
}

quad_real quad_phi_z_hint(const fric_law *law, quad_real Z, quad_real x, double hint)
{
    if (quad_isnan(x) || quad_isnan(Z)) return nanq("");
    if (x < 0) return -quad_phi_z_hint(law, Z, -x, -hint);
    const quad_real p0 = quad_phi_plus0(law);
    if (x <= Z * p0) return x / Z;
    const quad_real ytop = x / Z;
    quad_bits lo = to_bits(0), hi = to_bits(ytop);
    if (hint == hint && hint > 0) {
        const quad_real a = (quad_real)hint * (1 - ldexpq(1, -40));
        const quad_real b = (quad_real)hint * (1 + ldexpq(1, -40));
        if (b < ytop && resid(law, Z, x, a) <= 0 && resid(law, Z, x, b) > 0) {
            lo = to_bits(a);
            hi = to_bits(b);
        }
    }
    /* stop within 2^13 binary128 ulps (2^-99 ≈ 1.6e-30 relative) */
    while (hi - lo > ((quad_bits)1 << 13)) {
        const quad_bits mid = lo + (hi - lo) / 2;
        if (resid(law, Z, x, from_bits(mid)) <= 0) lo = mid; else hi = mid;
    }
    const quad_real ylo = from_bits(lo), yhi = from_bits(hi);
    return quad_abs(resid(law, Z, x, ylo)) <= quad_abs(resid(law, Z, x, yhi)) ? ylo : yhi;
}

quad_real quad_phi_z(const fric_law *law, quad_real Z, quad_real x)
{
    return quad_phi_z_hint(law, Z, x, NAN);
}

quad_real quad_phi_z_scale(const fric_law *law, quad_real Z, quad_real x, quad_real y)
{
    const quad_real p0 = quad_phi_plus0(law);
    const quad_real base = quad_max(quad_abs(y), p0);
    if (quad_abs(x) <= Z * p0) return base;
    const quad_real s = x - Z * y;
    const quad_real d = quad_dphi(law, s);
    return (base + quad_abs(d) * (quad_abs(x) + Z * quad_abs(y))) / (1 + Z * d);
}

/* ------------------------------------------------------------ Lambert W0 */

quad_real quad_lambert_w0(quad_real x)
{
    const quad_real e = expq(1);
    if (quad_isnan(x)) return x;
    if (x <= -1 / e) return -1;
    quad_real lo, hi;
    if (x < 0)        { lo = -1; hi = 0; }
    else if (x <= e)  { lo = 0;  hi = x; }          /* W(x) ≤ x for x ≥ 0      */
    else              { lo = 1;  hi = logq(x); }    /* W(x) ≤ log x for x ≥ e  */
    for (int i = 0; i < 400; i++) {
        const quad_real mid = (lo + hi) / 2;
        if (mid == lo || mid == hi) break;
        if (mid * expq(mid) <= x) lo = mid; else hi = mid;
    }
    return (lo + hi) / 2;
}

/* ----------------------------------------------------- printed formulas */

quad_real quad_printed_cv(const fric_law *law, quad_real Z, quad_real x)
{
    const quad_real F = law->Fc, D = law->D;
    if (quad_abs(x) > Z * F) return (F * qsgn(x) + D * x) / (1 + Z * D);   /* eq. 25 */
    return x / Z;
}

quad_real quad_printed_stribeck1(const fric_law *law, quad_real Z, quad_real x)
{
    const quad_real Fs = law->Fs, Fc = law->Fc, vs = law->vs, D = law->D;
    const quad_real FSC = Fs - Fc;
    if (x > Z * Fs) {
        const quad_real psi = -(Z / vs) * (FSC / (1 + Z * D))
                              * expq((Z * Fc - x) / (vs * (1 + Z * D)));          /* eq. 25 */
        return -(vs / Z) * quad_lambert_w0(psi) + (Fc + D * x) / (1 + Z * D);     /* eq. 27 */
    }
    if (x < -Z * Fs) {
        const quad_real psi = -(Z / vs) * (FSC / (1 + Z * D))
                              * expq((Z * Fc + x) / (vs * (1 + Z * D)));          /* eq. 29 */
        return (vs / Z) * quad_lambert_w0(psi) + (-Fc + D * x) / (1 + Z * D);     /* eq. 28 */
    }
    return x / Z;                                                                 /* eq. 30 */
}

quad_real quad_printed_rational(const fric_law *law, quad_real Z, quad_real x,
                                int fix_b_minus)
{
    const quad_real Fs = law->Fs, Fc = law->Fc, vs = law->vs, D = law->D;
    const quad_real r = (Fs - Fc) / vs - D;                 /* eq. 38 */
    const quad_real gam = D;                                /* eq. 39 */
    const quad_real del = (Fs - Fc) / (r + D);              /* eq. 40 */
    const quad_real alp = D * del + Fc;                     /* eq. 41 */
    const quad_real bet = Fs * del;                         /* eq. 42 */
    const quad_real a = gam * Z * Z + Z;                    /* eq. 46 (γ = D) */
    if (x > Z * Fs) {
        const quad_real b = -(x + del + 2 * D * Z * x + alp * Z);              /* eq. 47, + */
        const quad_real c = D * x * x + alp * x + bet;                         /* eq. 48, + */
        return (-b - sqrtq(b * b - 4 * a * c)) / (2 * a);                      /* eq. 44 */
    }
    if (x < -Z * Fs) {
        const quad_real b = fix_b_minus ? (-x + del - 2 * D * Z * x + alp * Z)
                                        : -(-x + del - 2 * D * Z * x + alp * Z); /* eq. 47, − */
        const quad_real c = D * x * x - alp * x + bet;                         /* eq. 48, − */
        return (-b + sqrtq(b * b - 4 * a * c)) / (2 * a);                      /* eq. 45 */
    }
    return x / Z;
}

/* ------------------------------------------------------------- elements */

quad_real quad_elem_z(fric_elem_kind k, const fric_elem_def *d)
{
    const quad_real M = d->M, K = d->K, B = d->B, T = d->T;
    switch (k) {
    case FRIC_ELEM_A: return T / M;
    case FRIC_ELEM_B: return T / (M + T * B + T * T * K);
    case FRIC_ELEM_C: return 1 / (B + T * K);
    case FRIC_ELEM_D: return (T * T * K + T * B + M) / (M * (B + T * K));
    }
    return nanq("");
}

/* ------------------------------------------------------------------ PRNG */

static unsigned long long rng_next(quad_rng *r)
{
    unsigned long long x = r->s ? r->s : 0x9E3779B97F4A7C15ULL;
    x ^= x >> 12; x ^= x << 25; x ^= x >> 27;
    r->s = x;
    return x * 2685821657736338717ULL;
}

double quad_rng_uniform(quad_rng *r) { return (double)(rng_next(r) >> 11) * 0x1p-53; }
double quad_rng_range(quad_rng *r, double lo, double hi) { return lo + (hi - lo) * quad_rng_uniform(r); }
double quad_rng_log(quad_rng *r, double lo, double hi)
{
    return exp(quad_rng_range(r, log(lo), log(hi)));
}
