/*
 * lut.c: an error-bounded look-up table for the implicit transform Φ_Z.
 *
 * Cisneros et al. ("Reliable chattering-free simulation of friction torque
 * in joints presenting high stiction", end of §V-A) fill a table with the
 * Lambert-W term of their eq. 27, up to the x where it becomes negligible,
 * and use symmetry for eq. 28. Here the caller states the accuracy instead:
 * fric_lut_create(law, Z, tol, NULL) builds a table whose result never differs from
 * fric_phi_z by more than tol [N], anywhere on the real line.
 *
 * Math (Stribeck, α = 1, Cisneros eqs. 21-30; derived again in phi_z.c)
 *   k = 1 + Z·D,  A = 1/(vs·k),  s = c·Fsc = Z·(Fs − Fc)/(vs·k) < 1 (eq. 15),
 *   S = vs/Z [N].  For a = |x| > Z·Fs:
 *     Φ_Z(a) = (Fc + D·a)/k − S·W0(ψ),  ψ = −s·e^((Z·Fc − a)·A)   (eqs. 25, 27)
 *   and Φ_Z(a) = a/Z in the band a ≤ Z·Fs (eq. 30); Φ_Z is odd (eq. 28).
 *   Put G = −W0(ψ) ∈ (0, s]. From w·e^w = ψ, G − ln G = −ln(−ψ), i.e.
 *     G − 1 − ln G = τ,   τ = (a − Z·Fc)·A − 1 − ln s
 *                           = (a − Z·Fs)·A + δ,   δ = s − 1 − ln s > 0.
 *   So the non-elementary part is one universal function G(τ) = −W0(−e^(−1−τ)),
 *   the same for every law, Z and x; the parameters only shift (δ) and scale
 *   (S) it:  Φ_Z(a) = (Fc + D·a)/k + S·G(τ).  G(δ) = s (continuity with the
 *   band: Φ_Z = Fs there); G ~ e^(−1−τ) for large τ (the decay of the W term);
 *   G = 1 − √(2τ) + O(τ) at τ → 0, the branch point of W0, which the table
 *   comes near when s → 1 (δ ≈ (1 − s)²/2).
 *   Its derivatives are rational in G (G' = −G/(1 − G)):
 *     G^(n) = G·Q_n(G)/(1 − G)^(2n−1),
 *     Q_1 = −1,  Q_(n+1) = −[(Q_n + G·Q_n')·(1 − G) + (2n − 1)·G·Q_n],
 *   and every Q_n has coefficients of one sign (Q_6 = 1 + 52G + 328G² + 444G³
 *   + 120G⁴), so |G^(n)| is increasing in G, i.e. largest at the left end of
 *   any τ interval: exact derivative bounds for free.
 *
 * Table
 *   G is tabulated on [δ, τ_cut) in the variable τ itself, in binades
 *   ("octaves") [2^e, 2^(e+1)) of τ, each cut into 2^m_e equal intervals. The
 *   interval of a τ is read off its bits: exponent → octave, the top m_e
 *   mantissa bits → interval, no search; its left end a_i is τ with the other
 *   mantissa bits cleared, so dτ = τ − a_i is exact (Sterbenz). Intervals
 *   shrink in proportion to τ toward the branch point (the graded mesh a
 *   √τ-type singularity needs, however close s is to 1) and grow with τ where
 *   G decays; m_e is the smallest that meets the bound below, octave by
 *   octave. Each interval holds the degree-5 polynomial in dτ interpolating G
 *   at the Chebyshev points of its part of [δ, τ_cut) (widened to at least half
 *   the interval when that part is a sliver), evaluated by Estrin's scheme.
 *   The linear part is Fc/k + (D/k)·a (two multiply-adds, no division);
 *   beyond τ_cut it alone is returned, up to the |x| = big where a few of its
 *   ulps, by which it may differ from fric_phi_z's own rounding of it, reach
 *   tol/4; from there on (1e5 m/s and up for the paper's law: 1e300, ±inf)
 *   fric_phi_z itself is called, so no tol is ever lost to rounding, whatever
 *   expression fric_phi_z uses. Negative x use the symmetry (the result is
 *   odd to the bit); the band is x/Z as in fric_phi_z.
 *   Degree 5 is a speed choice: degree 7-8 would halve the bytes (3.0 → 1.6-2.2
 *   KB at tol 1e-9·Fs for the paper's law) for 2-4 more flops per call.
 *
 * Error bound (why the table meets tol; checked for every interval at build)
 *   On an interval [lo, hi] ⊂ [a_i, a_i + h), d = 5, u = 2^−53, in units of
 *   G (the sum is multiplied by S):
 *     interpolation   |G^(d+1)|(lo)·2·((hi − lo)/4)^(d+1)/(d+1)!  (Chebyshev
 *                     points; |G^(d+1)| from Q_(d+1), G(lo) padded up)
 *     fitting         Λ·(largest computed residual at the points + its Horner
 *                     bound + error of the point values) + the Horner bound,
 *                     Λ ≤ 1.01·((2/π)·ln(d + 1) + 1) the Lebesgue constant
 *     evaluation      γ_(2d)·Σ|c_j|·(hi − a_i)^j (Estrin needs γ_8; Higham §5.1)
 *     τ rounding      |G'(lo)|·u·(1.01·(Z·Fs + Z·Fc)·A + 13·hi + 23): the τ
 *                     formula here and fric_phi_z's rounding of ψ (eq. 25),
 *                     both amplified by 1/(1 + W) = 1/(1 − G) near the branch
 *                     point
 *     the rest        12·u·G: S, W0 (4 ulp, friction.h), both sides
 *   plus u·(6·|lin| + 2·|Φ_Z|) in N (the two linear parts, ≤ 3u·|lin| each,
 *   and the last additions).
 *   Every interval's sum must be ≤ tol, and the a-priori part (all but the
 *   fitting terms) ≤ 0.9·tol. Beyond τ_cut the difference is at most
 *   6u·|lin| + 3·S·G(τ_cut) ≤ tol/4 + 3·tol/4 (the reference adds
 *   S·G ≥ 0 to its linear part and rounds once: at most S·G + one ulp, and
 *   nothing when S·G is below half an ulp), with τ_cut = g − 1 − ln g,
 *   g = tol/(4·S) (G's inverse is elementary). The only assumption on the
 *   reference: fric_phi_z evaluates eqs. 25-27 in double, its linear part
 *   within 3u·|lin|, ψ as written there and W0 within 4 ulp (friction.h).
 *   So the bound is a proof for the table as stored, up to that assumption;
 *   tests/transform/test_lut.c checks it against fric_phi_z densely (worst seen
 *   0.83·tol over some 5000 random tables).
 *
 * Measured (paper law: Fs 2.5, Fc 0.4, vs 0.06, D 4.5, Z = 1/55; AMD EPYC)
 *   tol/Fs   bytes  max |lut − fric_phi_z|      build
 *   1e-6       976  0.25·tol (the cut)          0.3 ms
 *   1e-9      3104  0.25·tol (the cut)          0.6 ms
 *   1e-12     9392  0.68·tol (next to the edge) 2 ms
 *   Evaluation ~2.7 ns per call (throughput), ~12 ns (latency); the
 *   rational law's closed form fric_phi_z: ~14 ns and ~29 ns.
 *
 * Bounded work
 *   Before any fit, lut_w_level computes from the derivative bounds the
 *   smallest level each octave can pass at (and refuses with no fit when the
 *   rounding floor u·|lin| at the table's end exceeds 0.9·tol: the case that
 *   used to try every level for 18 s before returning NULL). The search then
 *   tries at most LUT_SLACK + 1 levels per octave; the fits this can take are
 *   summed from the plan and the build is refused at once above LUT_MAX_WORK
 *   (2^17 fits, ~1 s at the slowest ~8 µs per fit), or above 2^20 intervals.
 *   fric_lut_create reports why and how many fits it made (fric_lut_info).
 *
 * Special cases
 *   NULL: invalid law/Z (fric_law_check), tol ≤ 0 or not finite, allocation
 *   failure, derived constants not finite (extreme vs, Z), and tol below what
 *   double evaluation of Φ_Z can guarantee: when the rounding terms alone
 *   exceed tol/2 at the band edge. Φ_Z's slope there is −s/((1 − s)·Z·k), so
 *   those terms grow like ~50·u·Fs/(1 − s); a table is returned whenever
 *   tol ≥ 128·u·Fs/(1 − s) (tested). E.g. tol = 1e-12·Fs is refused for
 *   s = c·Fsc > 1 − ~1e-3, tol = 1e-9·Fs for s > 1 − ~1e-6.
 *   Coulomb-viscous and rational laws have cheap closed forms: the "table"
 *   holds no data and calls fric_phi_z (error 0, same speed).
 *   Stribeck α ≠ 1 (no W form): see build_generic. The same grid holds
 *   (Φ_Z − (Fc + D·a)/k)/S, S = (Fs − Fc)/k, sampled from fric_phi_z and
 *   verified (not proven) by sampling each interval at 2d + 3 points with a
 *   factor 4 of margin; beyond |x| where a few ulp of Φ_Z exceed tol/4 it
 *   calls fric_phi_z. NULL when the table would exceed LUT_GEN_MAX_INTERVALS:
 *   in practice when Z is within ~1 % of Kikuuwe's limit 1/m (eq. 15), where
 *   Φ_Z is nearly vertical at an interior point that octaves of the distance
 *   to the band edge do not grade toward.
 *   fric_lut_phi_z(NULL, x) and NaN x give NaN; ±inf gives what fric_phi_z
 *   gives (it is called). Evaluation never allocates and never loops.
 */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "friction.h"
#include "base.h"
#include "transform_internal.h"

#define LUT_DEG 5                    /* polynomial degree per interval */
#define LUT_NC (LUT_DEG + 1)         /* coefficients per interval */
#define LUT_MAX_M 30                 /* finest split of one octave: 2^30 */
#define LUT_MAX_INTERVALS (1 << 20)  /* 48 MiB at LUT_DEG 5: refuse beyond */
#define LUT_GEN_MAX_INTERVALS (1 << 13) /* α ≠ 1: 384 KiB, and a bounded build */
#define LUT_U 0x1p-53                /* unit roundoff of double */
#define LUT_CUT_FACTOR 4.0           /* tail: 3·S·G(τ_cut) ≤ 0.75·tol, see header */
#define LUT_W_TAIL_ULPS 6.0          /* α = 1: the two linear parts differ ≤ 6u·|lin| */
#define LUT_PI 3.14159265358979323846
#define LUT_GEN_MARGIN 4.0          /* α ≠ 1: sampled error × 4 ≤ tol */
#define LUT_GEN_ROUND 16.0          /* α ≠ 1: ulps of Φ_Z the tail may be off */
#define LUT_GEN_MAX_ALPHA 4096.0    /* α ≠ 1: the sampled check resolves Φ's drop */

#define LUT_SLACK 3                  /* W: levels tried above the necessary one */
#define LUT_MAX_WORK ((size_t)1 << 17)  /* W: interval fits per build, planned */
#define LUT_GEN_MAX_WORK (5 * (size_t)LUT_GEN_MAX_INTERVALS + 64 * (LUT_MAX_M + 1))

/* Why a build was refused (fric_lut_info.why): one sentence each. */
#define LUT_WHY_LAW "the law or Z fails fric_law_check, or its kind has no table"
#define LUT_WHY_TOL "tol must be finite and > 0"
#define LUT_WHY_MEMORY "out of memory"
#define LUT_WHY_RANGE "derived constants (Z·Fs, 1/(vs·(1 + Z·D)), vs/Z) are not finite " \
                      "or too close to the existence limit for double precision"
#define LUT_WHY_PRECISION "tol is below what double evaluation of Φ_Z can guarantee " \
                          "at the band edge; raise tol"
#define LUT_WHY_FLOOR "tol is below the rounding error of Φ_Z's linear part (Fc + D·|x|)/k " \
                      "at the table's end; raise tol"
#define LUT_WHY_SIZE "the derivative bounds need more than 2²⁰ intervals (48 MiB); raise tol"
#define LUT_WHY_WORK "the derivative bounds need more than 2¹⁷ interval fits to build; raise tol"
#define LUT_WHY_FIT "an octave fails its error bound at every level its derivative bounds allow"
#define LUT_WHY_ALPHA "alpha > 4096: Φ drops by Fs - Fc within ~vs/alpha of vs, too steep " \
                      "for the sampled table to verify (use alpha = 1, or fric_phi_z)"
#define LUT_WHY_GENERIC "alpha != 1: the sampled table needs more than 2¹³ intervals " \
                        "(Z near Kikuuwe's limit, eq. 15); raise tol or lower Z"

typedef enum { LUT_DIRECT = 0, LUT_W = 1, LUT_GENERIC = 2 } lut_mode;

/* One octave [2^e, 2^(e+1)) of the table variable: interval index =
 * base + (mantissa >> shift), with shift = 52 − m_e. */
typedef struct {
    int32_t base;
    int32_t shift;
} lut_octave;

struct fric_lut {
    lut_mode mode;
    fric_law law;        /* copy, for LUT_DIRECT                     */
    double Z;            /* transform constant          [m/(N·s)]    */
    double band;         /* Z·Fs (Z·Fc for Coulomb-viscous) [m/s]    */
    double Fc, D;        /* law                         [N], [N·s/m] */
    double fc_k, d_k;    /* linear part Fc/k + (D/k)·a  [N], [N·s/m] */
    double A;            /* τ per m/s: 1/(vs·k)         [s/m]        */
    double delta;        /* τ at the band edge          [-]          */
    double tau_end;      /* table covers [delta, tau_end) [-]        */
    double S;            /* scale of the table          [N]          */
    double big;          /* |x| from here: fric_phi_z   [m/s]        */
    int64_t e0;          /* biased exponent of octave 0              */
    size_t n_oct, n_int; /* octaves, intervals                       */
    size_t bytes;        /* everything allocated                     */
    const lut_octave *oct;
    const double *coef;  /* LUT_NC per interval, c_0 first, in dτ    */
};

static fric_lut *lut_refuse(fric_lut_info *info, const char *why)
{
    if (info) info->why = why;
    /* the status (fric_status.h); a law fric_law_check refused has recorded its own */
    if (why != fric_status_last().message) {
        fric_status st = strcmp(why, LUT_WHY_MEMORY) == 0 ? FRIC_E_NO_MEMORY
                       : strcmp(why, LUT_WHY_SIZE) == 0 || strcmp(why, LUT_WHY_WORK) == 0
                           ? FRIC_E_WORK_LIMIT
                           : FRIC_E_PARAM_RANGE;
        fric__fail_around(st, -1, "look-up table: %s.", why);
    }
    return NULL;
}

/* ------------------------------------------------------------ G(τ) */

/* h(q) = −q − ln(1 − q) for 0 ≤ q ≤ 1/2, without cancellation:
 * ln(1/(1 − q)) = 2·atanh(y), y = q/(2 − q) ≤ 1/3, and 2y − q = q²/(2 − q). */
static double lut_hq(double q)
{
    double y = q / (2 - q), y2 = y * y, term = y * y2, sum = 0;
    for (int j = 3; j < 80 && term > 0x1p-60 * sum; j += 2) {
        sum += term / j;
        term *= y2;
    }
    return q * q / (2 - q) + 2 * sum;
}

/* G(τ) for τ > 0: the root in (0, 1) of G − 1 − ln G = τ; *q = 1 − G.
 * Relative error of G about u·(4 + 2(1 + τ)/q) (τ is exact; the rest is the
 * conditioning τ·|G'/G|). */
static double lut_g(double tau, double *q_out)
{
    if (tau < 0.19) {
        /* G > 1/2. Newton on h(q) = τ, h' = q/(1 − q), from the series
         * q = p − p²/3 + p³/36, p = √(2τ); h convex, so after one step the
         * iterates fall monotonically. */
        double p = sqrt(2 * tau);
        double q = p * (1 + p * (-1.0 / 3 + p * (1.0 / 36)));
        if (!(q > 0)) q = p;
        for (int i = 0; i < 50; i++) {
            double dq = (lut_hq(q) - tau) * (1 - q) / q;
            double next = q - dq;
            if (next <= 0) next = q / 2;
            if (next > 0.5) next = 0.5;
            if (fabs(next - q) <= 0x1p-56 * q) { q = next; break; }
            q = next;
        }
        *q_out = q;
        return 1 - q;
    }
    /* G ≤ 1/2. Newton on f(L) = L − e^L + 1 + τ (L = ln G), concave and
     * increasing; from L = −1 − τ (left of the root) it rises monotonically. */
    double L = -1 - tau;
    for (int i = 0; i < 50; i++) {
        double e = exp(L);
        double dL = (L + (1 + tau) - e) / (1 - e);
        L -= dL;
        if (fabs(dL) <= 0x1p-56 * fabs(L)) break;
    }
    double G = exp(L);
    *q_out = 1 - G;
    return G;
}

/* Upper bound on |G^(n)| over an interval whose largest G is G (q = 1 − G):
 * G·|Q_n(G)|/q^(2n−1), Q_n from the recurrence in the header. n ≤ 12. */
static double lut_dG_bound(int n, double G, double q)
{
    double Q[16] = { -1 }, Qn[16];
    for (int m = 1; m < n; m++) {         /* Q_m (degree m − 1) -> Q_(m+1) */
        for (int j = 0; j <= m; j++) Qn[j] = 0;
        for (int j = 0; j < m; j++) {
            double a = Q[j] * (1 + j);    /* Q + G·Q': coefficient j */
            Qn[j] -= a;                   /* −a·(1 − G)              */
            Qn[j + 1] += a;
            Qn[j + 1] -= (2 * m - 1) * Q[j];
        }
        memcpy(Q, Qn, sizeof Q[0] * (size_t)(m + 1));
    }
    double s = 0;
    for (int j = n - 1; j >= 0; j--) s = s * G + fabs(Q[j]);
    return G * s / pow(q, 2 * n - 1);
}

/* ------------------------------------------------------ interpolation */

/* Coefficients c[0..LUT_DEG] of the polynomial in t interpolating y at the
 * nodes t[0..LUT_DEG] (Newton divided differences, then expanded). */
static void lut_interp(const double *t, const double *y, double *c)
{
    double dd[LUT_NC];
    memcpy(dd, y, sizeof dd);
    for (int j = 1; j < LUT_NC; j++)
        for (int i = LUT_DEG; i >= j; i--)
            dd[i] = (dd[i] - dd[i - 1]) / (t[i] - t[i - j]);
    for (int i = 0; i < LUT_NC; i++) c[i] = 0;
    c[0] = dd[LUT_DEG];
    for (int i = LUT_DEG - 1; i >= 0; i--) {  /* c ← c·(t − t_i) + dd_i */
        for (int j = LUT_DEG; j >= 1; j--) c[j] = c[j - 1] - t[i] * c[j];
        c[0] = dd[i] - t[i] * c[0];
    }
}

/* The run-time polynomial evaluation (Estrin's scheme for degree 5). */
static inline double lut_poly(const double *c, double x)
{
#if LUT_DEG == 5
    double x2 = x * x;
    return (c[0] + c[1] * x) + x2 * ((c[2] + c[3] * x) + x2 * (c[4] + c[5] * x));
#else
    double p = c[LUT_DEG];
    for (int j = LUT_DEG - 1; j >= 0; j--) p = p * x + c[j];
    return p;
#endif
}

/* γ_n = n·u/(1 − n·u) (Higham); Estrin for degree 5 needs γ_8 ≤ γ_10. */
static double lut_gamma(int n)
{
    return n * LUT_U / (1 - n * LUT_U);
}

/* ------------------------------------------------------------- build */

typedef struct {
    double delta, tau_cut;     /* domain [delta, tau_cut)            */
    double tol;                /* [N]                                */
    double S;                  /* [N]                                */
    double edge_terms;         /* Z·Fs·A + Z·Fc·A, for Δτ [-]        */
    double Fc, D, k, band, vk; /* for |lin| bounds                   */
    double lebesgue;           /* Λ of LUT_NC Chebyshev points        */
} lut_w_ctx;

/* Bound on |table − fric_phi_z| [N] on [lo, hi] ⊂ [a_i, a_i + h], width = hi − lo, with the
 * fitted coefficients c (NULL: the a-priori part only, without fitting terms).
 * G0, q0 = G(lo), 1 − G(lo), already padded up/down. */
static double lut_w_bound(const lut_w_ctx *cx, double width, double hi, double a_i,
                          double G0, double q0, const double *c, double max_res,
                          double node_err)
{
    const int d = LUT_DEG;
    double fact = 1;
    for (int j = 2; j <= d + 1; j++) fact *= j;
    double e_int = lut_dG_bound(d + 1, G0, q0) * 2 * pow(width / 4, d + 1) / fact;
    double e_tau = G0 / q0 * LUT_U * (1.01 * cx->edge_terms + 13 * hi + 23);
    double e_fit = 0;
    if (c) {
        double sum = 0, x = hi - a_i, xp = 1;
        for (int j = 0; j <= d; j++) { sum += fabs(c[j]) * xp; xp *= x; }
        double e_h = lut_gamma(2 * d) * sum;
        e_fit = cx->lebesgue * (max_res + e_h + node_err) + e_h;
    }
    double x_hi = cx->band + (hi - cx->delta) * cx->vk;    /* a at τ = hi */
    double lin = (cx->Fc + cx->D * x_hi) / cx->k;
    double y = lin + cx->S * G0;
    double e = cx->S * (e_int + e_fit + e_tau + 12 * LUT_U * G0) + LUT_U * (6 * lin + 2 * y);
    return e * (1 + 1e-9);
}

/* G at lo, padded to bound the true G from above (and q from below). */
static void lut_g_padded(double lo, double *G, double *q)
{
    *G = lut_g(lo, q);
    *G *= 1 + 1e-12;
    *q *= 1 - 1e-12;
    if (*G > 1) *G = 1;
}

/* Fits one interval [lo, hi] (origin a_i, width h = 2^eh) into c; returns its
 * bound or INFINITY. */
static double lut_w_fit(const lut_w_ctx *cx, double lo, double hi, double a_i, int eh,
                        double *c)
{
    double t[LUT_NC], dt[LUT_NC], y[LUT_NC], node_err = 0;
    double mid = 0.5 * (lo + hi), half = 0.5 * (hi - lo);
    for (int j = 0; j < LUT_NC; j++) {
        double tau = mid + half * cos((2 * j + 1) * (LUT_PI / (2 * LUT_NC)));
        if (tau < lo) tau = lo;
        if (tau > hi) tau = hi;
        double q;
        y[j] = lut_g(tau, &q);
        node_err = fmax(node_err, y[j] * LUT_U * (8 + 3 * (1 + tau) / q));
        dt[j] = tau - a_i;                  /* exact: same binade */
        t[j] = ldexp(dt[j], -eh);           /* in [0, 1], exact   */
    }
    lut_interp(t, y, c);
    for (int j = 0; j < LUT_NC; j++) c[j] = ldexp(c[j], -j * eh);   /* to dτ: exact */
    double max_res = 0;
    for (int j = 0; j < LUT_NC; j++) {
        double r = fabs(lut_poly(c, dt[j]) - y[j]);
        if (!(r <= max_res)) max_res = r;   /* NaN propagates */
    }
    double G0, q0;
    lut_g_padded(lo, &G0, &q0);
    double b = lut_w_bound(cx, hi - lo, hi, a_i, G0, q0, c, max_res, node_err);
    return isfinite(b) ? b : INFINITY;
}

static double lut_pow2(int e)
{
    return ldexp(1.0, e);
}

static int lut_ilogb(double x)
{
    int e;
    frexp(x, &e);
    return e - 1;   /* x in [2^(e−1), 2^e) */
}

static fric_lut *lut_alloc(size_t n_oct, size_t n_int)
{
    size_t head = (sizeof(fric_lut) + 15) & ~(size_t)15;
    size_t octb = (n_oct * sizeof(lut_octave) + 15) & ~(size_t)15;
    size_t bytes = head + octb + n_int * LUT_NC * sizeof(double);
    unsigned char *mem = malloc(bytes);
    if (!mem) return NULL;
    fric_lut *lut = (fric_lut *)mem;
    memset(lut, 0, sizeof *lut);
    lut->bytes = bytes;
    lut->n_oct = n_oct;
    lut->n_int = n_int;
    lut->oct = (const lut_octave *)(mem + head);
    lut->coef = (const double *)(mem + head + octb);
    return lut;
}

/* Fits one interval: [lo, hi] is the part of [a_i, a_i + 2^eh) the table
 * uses; the polynomial goes to c (in dτ = τ − a_i). Returns the interval's
 * error bound (or estimate) [N]; it is accepted when ≤ tol. */
typedef double (*lut_fit_fn)(const void *ctx, double lo, double hi, double a_i, int eh,
                             double *c);

typedef struct {
    int m, j0, j1;   /* 2^m intervals in the octave; j0..j1 are stored */
} lut_plan;

/* The fit range of interval [a_i, a_i + h): its part inside [t0, t1), widened
 * back to at least h/2 when that part is a sliver, so that the Chebyshev
 * points stay well apart (G is defined and smooth for all τ > 0, and the
 * α ≠ 1 grid starts octave-aligned, a_0 = t0, so it never widens left). */
static void lut_span(double a_i, double h, double t0, double t1, double *lo, double *hi)
{
    *lo = fmax(a_i, t0);
    *hi = fmin(a_i + h, t1);
    if (*hi - *lo < 0.5 * h) *lo = fmax(a_i, *hi - 0.5 * h);
    if (*hi - *lo < 0.5 * h) *hi = fmin(a_i + h, *lo + 0.5 * h);
}

/* How many intervals of width 2^(e − m) octave [2^e, 2^(e+1)) needs to cover
 * its part [lo_o, hi_o); *j0 gets the first one's index. */
static size_t lut_count(int e, int m, double lo_o, double hi_o, int *j0)
{
    double base = lut_pow2(e), h = lut_pow2(e - m);
    int a = (int)floor((lo_o - base) / h), b = (int)ceil((hi_o - base) / h) - 1;
    if (b < a) b = a;
    if (j0) *j0 = a;
    return (size_t)(b - a + 1);
}

/* The smallest level m (2^m intervals per octave) at which octave e's part
 * [lo_o, hi_o) can pass, from a necessary condition; −1 when none can. */
typedef int (*lut_level_fn)(const void *ctx, int e, double lo_o, double hi_o);

/* The octave grid of [t0, t1), t0 > 0 normal: for each octave the smallest
 * m whose every interval fit passes, then the table itself. NULL (and the
 * reason in info) when some octave fails or the table would be too large.
 *
 * Bounded work. With level (the W table's derivative bounds) each octave's
 * search is confined, before any fit, to the levels m_o .. m_o + LUT_SLACK,
 * m_o = level(...) necessary; the fits the search and the final pass can
 * make are counted from the plan (lut_count) and the build is refused at
 * once when they would exceed max_work, or the intervals at m_o alone max_int.
 * Without level (α ≠ 1, sampled) the levels run from 0 and the interval
 * limit is cumulative: the levels tried in an octave cost at most twice its
 * final count, the octave that fails at most 2·max_int, so the fits are at
 * most 5·max_int + (LUT_MAX_M + 1)·n_oct (max_work is checked as it goes).
 * info->pieces counts the fits made. */
static fric_lut *lut_build_grid(lut_fit_fn fit, lut_level_fn level, const void *ctx,
                                double t0, double t1, double tol, size_t max_int,
                                size_t max_work, fric_lut_info *info)
{
    if (!(t1 > t0)) return lut_alloc(0, 0);            /* no table needed */
    int e_lo = lut_ilogb(t0);
    int e_hi = lut_ilogb(nextafter(t1, 0));            /* octave of the largest τ < t1 */
    size_t n_oct = (size_t)(e_hi - e_lo + 1), n_int = 0, work = 0;
    lut_plan *plan = calloc(n_oct, sizeof *plan);
    int *m_first = calloc(n_oct, sizeof *m_first);
    if (!plan || !m_first) { free(plan); free(m_first); return lut_refuse(info, LUT_WHY_MEMORY); }
    if (level) {                                       /* the plan, before any fit */
        size_t need = 0, fits = 0;
        for (size_t o = 0; o < n_oct; o++) {
            int e = e_lo + (int)o;
            double base = lut_pow2(e), lo_o = fmax(base, t0), hi_o = fmin(2 * base, t1);
            int m = level(ctx, e, lo_o, hi_o);
            if (m < 0) { free(plan); free(m_first); return lut_refuse(info, LUT_WHY_FLOOR); }
            m_first[o] = m;
            need += lut_count(e, m, lo_o, hi_o, NULL);
            int m_last = m + LUT_SLACK < LUT_MAX_M ? m + LUT_SLACK : LUT_MAX_M;
            for (int k = m; k <= m_last; k++) fits += lut_count(e, k, lo_o, hi_o, NULL);
            fits += lut_count(e, m_last, lo_o, hi_o, NULL);   /* the final pass */
            if (need > max_int) { free(plan); free(m_first); return lut_refuse(info, LUT_WHY_SIZE); }
            if (fits > max_work) { free(plan); free(m_first); return lut_refuse(info, LUT_WHY_WORK); }
        }
    }
    double cbuf[LUT_NC];
    for (size_t o = 0; o < n_oct; o++) {
        int e = e_lo + (int)o, ok = 0;
        double base = lut_pow2(e);
        double lo_o = fmax(base, t0), hi_o = fmin(2 * base, t1);
        int m_last = level ? m_first[o] + LUT_SLACK : LUT_MAX_M;
        if (m_last > LUT_MAX_M) m_last = LUT_MAX_M;
        for (int m = m_first[o]; m <= m_last && !ok; m++) {
            double h = lut_pow2(e - m);
            int j0;
            size_t cnt = lut_count(e, m, lo_o, hi_o, &j0);
            int j1 = j0 + (int)cnt - 1;
            if (n_int + cnt > max_int || work + cnt > max_work) break;
            ok = 1;
            for (int j = j0; j <= j1 && ok; j++) {
                double a_i = base + j * h, lo, hi;
                lut_span(a_i, h, t0, t1, &lo, &hi);
                work++;
                if (!(fit(ctx, lo, hi, a_i, e - m, cbuf) <= tol)) ok = 0;
            }
            if (ok) plan[o] = (lut_plan){ m, j0, j1 };
        }
        if (!ok) {
            free(plan); free(m_first);
            if (info) info->pieces = work;
            return lut_refuse(info, level ? LUT_WHY_FIT : LUT_WHY_GENERIC);
        }
        n_int += (size_t)(plan[o].j1 - plan[o].j0 + 1);
    }
    free(m_first);

    fric_lut *lut = lut_alloc(n_oct, n_int);
    if (!lut) { free(plan); return lut_refuse(info, LUT_WHY_MEMORY); }
    lut_octave *oct = (lut_octave *)lut->oct;
    double *coef = (double *)lut->coef;
    size_t idx = 0;
    for (size_t o = 0; o < n_oct; o++) {    /* the same fits again, now kept */
        int e = e_lo + (int)o, m = plan[o].m;
        double base = lut_pow2(e), h = lut_pow2(e - m);
        oct[o].shift = 52 - m;
        oct[o].base = (int32_t)((long)idx - plan[o].j0);
        for (int j = plan[o].j0; j <= plan[o].j1; j++, idx++) {
            double a_i = base + j * h, lo, hi;
            lut_span(a_i, h, t0, t1, &lo, &hi);
            work++;
            fit(ctx, lo, hi, a_i, e - m, coef + idx * LUT_NC);
        }
    }
    free(plan);
    if (info) info->pieces = work;
    lut->e0 = (int64_t)e_lo + 1023;
    lut->tau_end = t1;
    return lut;
}

/* The kinetic-region fields shared by both table kinds. */
static void lut_set_linear(fric_lut *lut, const fric_law *law, double Z, double A,
                           double t0, double S)
{
    lut->law = *law;
    lut->Z = Z;
    lut->band = Z * law->Fs;
    lut->Fc = law->Fc;
    lut->D = law->D;
    double k = 1 + Z * law->D;             /* as fric_phi_z rounds them */
    lut->fc_k = law->Fc / k;
    lut->d_k = law->D / k;
    lut->A = A;
    lut->delta = t0;
    lut->S = S;
    lut->big = INFINITY;
    if (lut->n_int == 0) lut->tau_end = t0;
}

/* The |x| from which the tail calls fric_phi_z: where lin_max [N] is reached
 * by the linear part (Fc + D·a)/k, i.e. where a few ulp of Φ_Z, by which
 * the two evaluations of the linear part may differ, reach tol/4. */
static double lut_big(double Fc, double D, double k, double lin_max)
{
    if (D > 0) {
        double big = (lin_max * k - Fc) / D;
        /* lin_max·k overflows for huge D (k = 1 + Z·D): the same |x| without
         * it (found by fuzz_law: D = 3e305 never reached fric_phi_z, and the
         * two linear parts differed by an ulp of 5e10, 3000·tol) */
        return isfinite(big) ? big : (lin_max - Fc / k) / (D / k);
    }
    return Fc / k <= lin_max ? INFINITY : 0;
}

/* W-table fit: a-priori part of the bound first (no fit when it fails). */
static double lut_w_fit_checked(const void *ctx, double lo, double hi, double a_i, int eh,
                                double *c)
{
    const lut_w_ctx *cx = ctx;
    double G0, q0;
    lut_g_padded(lo, &G0, &q0);
    if (!(lut_w_bound(cx, hi - lo, hi, a_i, G0, q0, NULL, 0, 0) <= 0.9 * cx->tol)) return INFINITY;
    return lut_w_fit(cx, lo, hi, a_i, eh, c);
}

/* The W table's level: an octave's leftmost interval at level m has its left
 * end lo ≤ lo_o (G(lo) ≥ G(lo_o)), width ≥ h/2 (lut_span) and right end
 * hi > lo_o; its rightmost has hi = hi_o, width ≥ h/2 and G(lo) ≥ G(hi_o).
 * Every term of lut_w_bound grows with G, the width and hi, so these two
 * evaluations bound the a-priori check of those intervals from below: when
 * either exceeds 0.9·tol at level m, level m fails. At width 0 the right one
 * is the floor the rounding terms set (u·|lin| grows with |x|): when it
 * exceeds 0.9·tol no level passes and the build is refused with no fit. At
 * most 2·(LUT_MAX_M + 1) bound evaluations, no fit. */
static int lut_w_level(const void *ctx, int e, double lo_o, double hi_o)
{
    const lut_w_ctx *cx = ctx;
    double GL, qL, GR, qR;
    lut_g_padded(lo_o, &GL, &qL);
    lut_g_padded(hi_o, &GR, &qR);
    if (!(lut_w_bound(cx, 0, hi_o, lo_o, GR, qR, NULL, 0, 0) <= 0.9 * cx->tol)) return -1;
    for (int m = 0; m <= LUT_MAX_M; m++) {
        double w = 0.5 * lut_pow2(e - m);
        if (lut_w_bound(cx, w, lo_o, lo_o, GL, qL, NULL, 0, 0) <= 0.9 * cx->tol &&
            lut_w_bound(cx, w, hi_o, lo_o, GR, qR, NULL, 0, 0) <= 0.9 * cx->tol)
            return m;
    }
    return -1;
}

/* Stribeck α = 1. */
static fric_lut *build_w(const fric_law *law, double Z, double tol, fric_lut_info *info)
{
    double Fs = law->Fs, Fc = law->Fc, D = law->D, vs = law->vs;
    double k = 1 + Z * D, vk = vs * k, A = 1 / vk;
    double s = Z * (Fs - Fc) / vk;               /* c·Fsc, eq. 25 */
    double S = vs / Z, band = Z * Fs;
    if (!(s > 0 && s < 1) || !isfinite(A) || !(A > 0) || !isfinite(S) || !(S > 0) ||
        !isfinite(band) || !isfinite(k))
        return lut_refuse(info, LUT_WHY_RANGE);
    double delta;                                /* s − 1 − ln s, accurately */
    if (s > 0.5) delta = lut_hq(1 - s);          /* 1 − s exact (Sterbenz) */
    else delta = s - 1 - log(s);
    if (!(delta >= DBL_MIN) || !isfinite(delta)) return lut_refuse(info, LUT_WHY_RANGE);

    lut_w_ctx cx = {
        .delta = delta, .tol = tol, .S = S,
        .edge_terms = band * A + Z * Fc * A,
        .Fc = Fc, .D = D, .k = k, .band = band, .vk = vk,
        .lebesgue = 1.01 * (2 / LUT_PI * log((double)LUT_NC) + 1),
    };

    /* Tail: S·G(τ_cut) = tol/4, G inverted in closed form. */
    double g = tol / (LUT_CUT_FACTOR * S);
    double tau_cut = g < 1 ? g - 1 - log(g) : 0;
    if (!(tau_cut > delta)) tau_cut = delta;     /* no table needed */
    if (!isfinite(tau_cut)) return lut_refuse(info, LUT_WHY_RANGE);
    cx.tau_cut = tau_cut;

    /* Double evaluation limit: the rounding terms alone at the band edge. */
    double G0, q0;
    lut_g_padded(delta, &G0, &q0);
    if (!(lut_w_bound(&cx, 0, delta, delta, G0, q0, NULL, 0, 0) <= 0.5 * tol))
        return lut_refuse(info, LUT_WHY_PRECISION);

    fric_lut *lut = lut_build_grid(lut_w_fit_checked, lut_w_level, &cx, delta, tau_cut, tol,
                                   LUT_MAX_INTERVALS, LUT_MAX_WORK, info);
    if (!lut) return NULL;
    lut->mode = LUT_W;
    lut_set_linear(lut, law, Z, A, delta, S);
    lut->big = lut_big(Fc, D, k, 0.25 * tol / (LUT_W_TAIL_ULPS * LUT_U));
    return lut;
}

/* ------------------------------------------------- Stribeck, α ≠ 1 */

typedef struct {
    const fric_law *law;
    double Z, tol;
    double band, A, vk, t0, fc_k, d_k, S;   /* as in struct fric_lut */
} lut_gen_ctx;

/* The run-time kinetic formula on one interval, for a given a. */
static double lut_gen_eval(const lut_gen_ctx *cx, const double *c, double a, double a_i)
{
    double t = (a - cx->band) * cx->A + cx->t0;
    return (cx->fc_k + cx->d_k * a) + cx->S * lut_poly(c, t - a_i);
}

/* Generic fit: interpolate (fric_phi_z − linear part)/S at Chebyshev points,
 * then run the finished interval, through the run-time formula, against
 * fric_phi_z at the d + 2 extrema of T_(d+1) (where the interpolation error
 * peaks) and at the d + 1 points themselves; returns LUT_GEN_MARGIN × the
 * largest difference seen. */
static double lut_gen_fit(const void *ctx, double lo, double hi, double a_i, int eh,
                          double *c)
{
    const lut_gen_ctx *cx = ctx;
    double t[LUT_NC], y[LUT_NC];
    double mid = 0.5 * (lo + hi), half = 0.5 * (hi - lo), h = lut_pow2(eh);
    for (int j = 0; j < LUT_NC; j++) {
        double tau = mid + half * cos((2 * j + 1) * (LUT_PI / (2 * LUT_NC)));
        double a = cx->band + (tau - cx->t0) * cx->vk;
        double tr = (a - cx->band) * cx->A + cx->t0;          /* τ as evaluated */
        y[j] = (fric_phi_z(cx->law, cx->Z, a) - (cx->fc_k + cx->d_k * a)) / cx->S;
        t[j] = (tr - a_i) / h;
    }
    lut_interp(t, y, c);
    for (int j = 0; j < LUT_NC; j++) c[j] = ldexp(c[j], -j * eh);
    double worst = 0;
    for (int j = 0; j <= 2 * LUT_NC; j++) {                    /* 2d + 3 samples */
        double tau = mid - half * cos(j * (LUT_PI / (2 * LUT_NC)));
        double a = cx->band + (tau - cx->t0) * cx->vk;
        double tr = (a - cx->band) * cx->A + cx->t0;
        if (!(tr >= a_i && tr < a_i + h)) continue;           /* the neighbour's */
        double e = fabs(lut_gen_eval(cx, c, a, a_i) - fric_phi_z(cx->law, cx->Z, a));
        if (!(e <= worst)) worst = e;
    }
    return LUT_GEN_MARGIN * worst;
}

/* Stribeck α ≠ 1: the table holds r = Φ_Z − (Fc + D·a)/k = Fsc·e^(−(v/vs)^α)/k
 * (v = a − Z·Φ_Z, from y = Φ(v)) over τ = (a − Z·Fs)/(vs·k) + t0, scaled by
 * S = Fsc/k. r is decreasing (dx/dv = 1 + Z·Φ'(v) > 0, eq. 15), so the cut
 * is closed-form: v_cut = vs·ln(Fsc/(k·g))^(1/α), x_cut = v_cut + Z·Φ(v_cut).
 * Near the band edge r − S ~ −S·t^α, not smooth for non-integer α; t0 is
 * chosen so that S·t0^α ≤ tol/64 and the first octave [t0, 2·t0), which
 * spans t ∈ [0, t0), needs no grading.
 * α ≤ LUT_GEN_MAX_ALPHA: Φ falls by Fs − Fc over ~vs/α around v = vs. The
 * samples find that drop only when some fall inside it; at α = 1e20 (and up
 * to 1e300, which fric_law_check accepts for Z < ~1e-301) it is narrower
 * than an ulp of τ, no sample sees it and an 8-interval table missed its
 * bound by 3e8·tol. Measured at the paper's law, tol 1e-9·Fs:
 * α = 3000 builds (0.25·tol), α ≥ 1e4 already needs more than 2^13
 * intervals; 4096 keeps a margin below the first and refuses the rest with
 * a reason. */
static fric_lut *build_generic(const fric_law *law, double Z, double tol, fric_lut_info *info)
{
    double Fs = law->Fs, Fc = law->Fc, D = law->D, vs = law->vs, al = law->alpha;
    double k = 1 + Z * D, vk = vs * k, A = 1 / vk, Fsc = Fs - Fc, S = Fsc / k;
    double band = Z * Fs;
    if (!(al <= LUT_GEN_MAX_ALPHA)) return lut_refuse(info, LUT_WHY_ALPHA);
    if (!isfinite(A) || !(A > 0) || !isfinite(band) || !isfinite(k) || !(S > 0))
        return lut_refuse(info, LUT_WHY_RANGE);
    /* In the tail (Fc + D·a)/k and fric_phi_z's Φ(v) round a few ulp of Φ_Z
     * apart: LUT_GEN_ROUND ulp must stay below tol/4, else fric_phi_z is
     * called from |x| = big on (never, in practice: 1e5 m/s for the paper's
     * law at tol 1e-9·Fs). */
    if (!(LUT_GEN_ROUND * LUT_U * Fs <= 0.25 * tol)) return lut_refuse(info, LUT_WHY_PRECISION);
    double big = lut_big(Fc, D, k, 0.25 * tol / (LUT_GEN_ROUND * LUT_U));

    double g = tol / LUT_CUT_FACTOR;
    double t0 = lut_pow2(lut_ilogb(pow(tol / (64 * S), 1 / al)));
    if (t0 > 0.25) t0 = 0.25;
    if (!(t0 >= 0x1p-60)) t0 = 0x1p-60;
    double t1 = t0;
    if (S > g) {
        double v_cut = vs * pow(log(S / g), 1 / al);
        double x_cut = v_cut + Z * fric_phi(law, v_cut);
        t1 = (x_cut - band) * A + t0;
        if (!isfinite(t1)) return lut_refuse(info, LUT_WHY_RANGE);
        if (t1 < t0) t1 = t0;
    }
    lut_gen_ctx cx = { law, Z, tol, band, A, vk, t0, Fc / k, D / k, S };
    fric_lut *lut = lut_build_grid(lut_gen_fit, NULL, &cx, t0, t1, tol, LUT_GEN_MAX_INTERVALS,
                                   LUT_GEN_MAX_WORK, info);
    if (!lut) return NULL;
    lut->mode = LUT_GENERIC;
    lut_set_linear(lut, law, Z, A, t0, S);
    lut->big = big;
    return lut;
}

fric_lut *fric_lut_create(const fric_law *law, double Z, double tol, fric_lut_info *info)
{
    if (info) *info = (fric_lut_info){ "", 0 };
    const char *bad = NULL;
    if (!law || fric_law_check(law, Z, &bad) != 0)   /* the check's own sentence */
        return lut_refuse(info, bad && *bad ? bad : LUT_WHY_LAW);
    if (!(tol > 0) || !isfinite(tol)) return lut_refuse(info, LUT_WHY_TOL);
    if (law->kind == FRIC_STRIBECK)
        return law->alpha == 1 ? build_w(law, Z, tol, info) : build_generic(law, Z, tol, info);
    if (law->kind == FRIC_COULOMB_VISCOUS || law->kind == FRIC_RATIONAL) {
        fric_lut *lut = lut_alloc(0, 0);
        if (!lut) return lut_refuse(info, LUT_WHY_MEMORY);
        lut->mode = LUT_DIRECT;
        lut->law = *law;
        lut->Z = Z;
        lut->band = Z * (law->kind == FRIC_COULOMB_VISCOUS ? law->Fc : law->Fs);
        return lut;
    }
    return lut_refuse(info, LUT_WHY_LAW);
}


double fric_lut_phi_z(const fric_lut *lut, double x)
{
    if (!lut) return NAN;
    double a = fabs(x);
    if (a <= lut->band) return x / lut->Z;                /* static band, eq. 30 */
    if (lut->mode == LUT_DIRECT) return fric_phi_z(&lut->law, lut->Z, x);
    double t = (a - lut->band) * lut->A + lut->delta;     /* τ ≥ δ */
    double y;
    if (t < lut->tau_end) {
        uint64_t b;
        memcpy(&b, &t, sizeof b);
        lut_octave o = lut->oct[(int64_t)(b >> 52) - lut->e0];
        uint64_t left_bits = b & (~(uint64_t)0 << o.shift);
        double left;
        memcpy(&left, &left_bits, sizeof left);
        size_t i = (size_t)((int64_t)o.base + (int64_t)((b & 0xFFFFFFFFFFFFFu) >> o.shift));
        double g = lut_poly(lut->coef + i * LUT_NC, t - left);
        y = (lut->fc_k + lut->d_k * a) + lut->S * g;      /* eq. 27 for α = 1 */
    } else {
        if (a >= lut->big) return fric_phi_z(&lut->law, lut->Z, x);   /* far tail, ±inf */
        y = lut->fc_k + lut->d_k * a;                     /* Stribeck term < tol/4 */
    }
    return copysign(y, x);
}

const fric_law *fric__lut_law(const fric_lut *lut, double *Z)
{
    *Z = lut->Z;
    return &lut->law;
}

size_t fric_lut_bytes(const fric_lut *lut)
{
    return lut ? lut->bytes : 0;
}

void fric_lut_destroy(fric_lut *lut)
{
    free(lut);
}
