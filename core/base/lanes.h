/*
 * lanes.h: the core's portability layer over vector types and its vector
 * special functions (sin, exp, log, pow = exp(α·log)), private to the core.
 *
 * Vector type: GCC/clang `__attribute__((vector_size))` (generic vectors:
 * +, −, ×, ÷, comparisons and bit operations lane by lane), which compile
 * to SSE2 or AVX2 natively and to WebAssembly SIMD128 under Emscripten
 * -msimd128 (to scalar code without it). A translation unit chooses the
 * width before including this header:
 *     #define FRIC_LANES_N 4      (doubles per vector; default 2 = 128 bits)
 * and gets fric__vd (FRIC_LANES_N doubles) and fric__vm (the same number of
 * 64-bit masks: all ones = true, 0 = false, what a comparison returns).
 * Everything is static inline: each translation unit compiles its own copy
 * with its own target (bench_lanes_avx2.c: AVX2; bench_lanes.c: the
 * baseline ISA, SSE2 natively, SIMD128 in wasm).
 *
 * Same bits everywhere, by construction: the functions use only +, −, ×, ÷
 * and sqrt (correctly rounded in IEEE 754 binary64 on every target), exact
 * bit operations on the representation (exponent extraction and 2^k built
 * from integer bits) and comparisons; no libm call, no table, and the core
 * is compiled with -ffp-contract=off (no FMA contraction). Lanes never
 * interact, so a lane gives the same bits whatever the width.
 *
 * Accuracy (tests/base/test_lanes.c, against __float128 references over the
 * domains stated; max ulp asserted there):
 *   fric__vexp(x)   x in [−745.2, 709.7]: ≤ 1 ulp (fdlibm's e_exp.c
 *                   rational; measured 0.87 ulp); 0 below −745.2 (exp
 *                   underflows there), subnormal results rounded once;
 *                   +inf above 709.78; NaN for NaN.
 *   fric__vlog(x)   x in (0, +inf): ≤ 1 ulp (fdlibm's e_log.c; measured
 *                   0.78 ulp); −inf at 0,
 *                   NaN below 0.
 *   fric__vpow(a,α) a ≥ 0, α > 0: exp(α·log a). The rounding of y = α·log a
 *                   is amplified by exp: error ≤ 1 + 2·|y| ulp where the
 *                   result is a normal number (measured: 0.89 of that bound;
 *                   ≤ 12 ulp for results in [1e-3, 1100], |y| ≤ 7);
 *                   exactly 0 at a = 0, 1 at a = 1.
 *   fric__vsin(x)   |x| ≤ 2^19·π/2 ≈ 8.2e5: ≤ 1 ulp (measured 0.77; fdlibm's medium
 *                   Cody–Waite reduction with a 3-part π/2 and the
 *                   kernels k_sin.c, k_cos.c); NaN outside (the bench's
 *                   angles stay far inside: |θ̇| ≤ 100 rad/s).
 * The polynomial coefficients are fdlibm's (Sun Microsystems, 1993:
 * "Developed at SunPro ... Permission to use, copy, modify, and distribute
 * this software is freely granted, provided that this notice is
 * preserved"), as FreeBSD's msun keeps them.
 */
#ifndef FRIC_LANES_H
#define FRIC_LANES_H

#include <stdint.h>
#include <string.h>

#ifndef FRIC_LANES_N
#define FRIC_LANES_N 2
#endif

typedef double fric__vd __attribute__((vector_size(8 * FRIC_LANES_N)));
typedef long long fric__vm __attribute__((vector_size(8 * FRIC_LANES_N)));
typedef unsigned long long fric__vu __attribute__((vector_size(8 * FRIC_LANES_N)));
typedef unsigned char fric__vb __attribute__((vector_size(FRIC_LANES_N)));

/* the mask of FRIC_LANES_N flags 0/1 (bytes) */
static inline fric__vm fric__vmask_bytes(const unsigned char *p)
{
    fric__vb b;
    memcpy(&b, p, sizeof b);
    return -__builtin_convertvector(b, fric__vm);
}

/* Inlined into the kernels whatever the compiler's size heuristics say: a
 * call would cut the two vectors' interleaved dependency chains. Only
 * operations every target has natively are used on the 64-bit integer
 * lanes (add, subtract, and, or, xor, shifts by a constant; no 64-bit
 * compare or arithmetic right shift, which SSE2 lacks). */
#define FRIC__VINLINE static inline __attribute__((always_inline))

/* ------------------------------------------------------------ basics */

static inline fric__vm fric__vmset(long long x) { return (fric__vm){ 0 } + x; }
/* every lane x, bit for bit (0 + x would turn −0 into +0) */
static inline fric__vd fric__vset(double x)
{
    long long b;
    memcpy(&b, &x, sizeof b);
    return (fric__vd)fric__vmset(b);
}
static inline fric__vd fric__vload(const double *p)
{
    fric__vd v;
    memcpy(&v, p, sizeof v);
    return v;
}
static inline void fric__vstore(double *p, fric__vd v) { memcpy(p, &v, sizeof v); }
static inline fric__vm fric__vbits(fric__vd x) { return (fric__vm)x; }
static inline fric__vd fric__vfrom_bits(fric__vm m) { return (fric__vd)m; }
/* m ? a : b lane by lane (m all ones or 0): one blend where the target
 * has it (AVX: vblendvpd; wasm SIMD128 matches the and/or form to
 * v128.bitselect), else and, and-not, or */
static inline fric__vd fric__vsel(fric__vm m, fric__vd a, fric__vd b)
{
#if defined(__AVX__) && FRIC_LANES_N == 4 && !defined(__clang__)
    return __builtin_ia32_blendvpd256(b, a, (fric__vd)m);
#else
    return (fric__vd)(((fric__vm)a & m) | ((fric__vm)b & ~m));
#endif
}
static inline fric__vd fric__vabs(fric__vd x)
{
    return (fric__vd)((fric__vm)x & fric__vmset(0x7fffffffffffffffLL));
}
/* +1, −1, or 0 (for ±0 and NaN), as fric__sgn: (x > 0) − (x < 0) */
static inline fric__vd fric__vsgn(fric__vd x)
{
    fric__vm one = fric__vbits(fric__vset(1.0));
    return (fric__vd)(one & (x > 0)) - (fric__vd)(one & (x < 0));
}
/* |y| with the sign bit of x, lane by lane (copysign) */
static inline fric__vd fric__vcopysign(fric__vd y, fric__vd x)
{
    fric__vm sign = fric__vbits(fric__vset(-0.0));   /* the sign bit alone */
    return (fric__vd)(((fric__vm)y & ~sign) | ((fric__vm)x & sign));
}
/* 1 where x is finite (not ±inf, not NaN): |x| ≤ DBL_MAX */
static inline fric__vm fric__visfinite(fric__vd x)
{
    return fric__vabs(x) <= 1.7976931348623157e308;
}
/* 1 when any lane of m is set */
static inline int fric__vany(fric__vm m)
{
    long long a = 0;
    for (int i = 0; i < FRIC_LANES_N; i++) a |= m[i];
    return a != 0;
}

/* round to nearest (ties to even) of |x| < 2^51, as a double: the 1.5·2^52
 * shifter; the integer is also in the low bits of the shifted value. */
#define FRIC__SHIFTER 6755399441055744.0 /* 1.5·2^52 */

/* 2^k for integer-valued k in [−1022, 1023] given by the low bits of a
 * shifted value (s = k + 1.5·2^52, bits of s = bits(1.5·2^52) + k) */
static inline fric__vd fric__vpow2_shifted(fric__vd s)
{
    fric__vm k = fric__vbits(s) - fric__vbits(fric__vset(FRIC__SHIFTER));
    return fric__vfrom_bits((k + 1023) << 52);
}

/* ------------------------------------------------------------ exp */

/* e^x (fdlibm e_exp.c): x = k·ln2 + r, |r| ≤ ln2/2, r = hi − lo;
 * e^r = 1 − ((lo − r·c/(2 − c)) − hi), c = r − r²·P(r²);
 * then 2^k in two factors (2^⌊k/2⌋·2^(k−⌊k/2⌋)) so that subnormal results
 * round once. */
FRIC__VINLINE fric__vd fric__vexp(fric__vd x)
{
    const double ln2_hi = 6.93147180369123816490e-01, ln2_lo = 1.90821492927058770002e-10,
                 inv_ln2 = 1.44269504088896338700e+00;
    const double P1 = 1.66666666666666019037e-01, P2 = -2.77777777770155933842e-03,
                 P3 = 6.61375632143793436117e-05, P4 = -1.65339022054652515390e-06,
                 P5 = 4.13813679705723846039e-08;
    fric__vm big = x > 709.782712893383973096, small = x < -745.13321910194110842, nan = x != x;
    fric__vd xc = fric__vsel(big | small | nan, fric__vset(0.0), x);
    fric__vd s = (xc * inv_ln2 + FRIC__SHIFTER);  /* k + 1.5·2^52 (rounded to nearest) */
    fric__vd k = s - FRIC__SHIFTER;
    fric__vd hi = xc - k * ln2_hi, lo = k * ln2_lo;
    fric__vd r = hi - lo;
    fric__vd t = r * r;
    fric__vd c = r - t * (P1 + t * (P2 + t * (P3 + t * (P4 + t * P5))));
    fric__vd y = 1.0 - ((lo - (r * c) / (2.0 - c)) - hi);
    /* k = k1 + k2 with k1 = round(k/2), both in the normal range */
    fric__vd s1 = k * 0.5 + FRIC__SHIFTER;
    fric__vd k2 = k - (s1 - FRIC__SHIFTER);
    y = y * fric__vpow2_shifted(s1);
    y = y * fric__vpow2_shifted(k2 + FRIC__SHIFTER);
    y = fric__vsel(big, fric__vset(__builtin_inf()), y);
    y = fric__vsel(small, fric__vset(0.0), y);
    return fric__vsel(nan, x, y);
}

/* ------------------------------------------------------------ log */

/* ln x (fdlibm e_log.c): x = 2^k·(1 + f), √2/2 ≤ 1 + f < √2,
 * s = f/(2 + f), R(s²) the Remez polynomial, ln x = k·ln2_hi −
 * ((hfsq − (s·(hfsq + R) + k·ln2_lo)) − f), hfsq = f²/2. Subnormal x is
 * scaled by 2^54 first. */
FRIC__VINLINE fric__vd fric__vlog(fric__vd x)
{
    const double ln2_hi = 6.93147180369123816490e-01, ln2_lo = 1.90821492927058770002e-10;
    const double Lg1 = 6.666666666666735130e-01, Lg2 = 3.999999999940941908e-01,
                 Lg3 = 2.857142874366239149e-01, Lg4 = 2.222219843214978396e-01,
                 Lg5 = 1.818357216161805012e-01, Lg6 = 1.531383769920937332e-01,
                 Lg7 = 1.479819860511658591e-01;
    fric__vm zero = x == 0, neg = x < 0, nan = x != x, inf = x == __builtin_inf();
    fric__vm sub = x < 2.2250738585072014e-308;
    fric__vd xs = fric__vsel(sub, x * 18014398509481984.0, x);   /* × 2^54 */
    fric__vm b = fric__vbits(xs);
    fric__vm e = (fric__vm)(((fric__vu)b >> 52) & 0x7ff) - 1023;   /* x ≥ 0 here */
    e = e - (sub & 54);
    /* mantissa m in [1, 2); halve it (k + 1) when m ≥ √2 */
    fric__vd m = fric__vfrom_bits((b & 0x000fffffffffffffLL) | 0x3ff0000000000000LL);
    fric__vm hi = m >= 1.4142135623730950488;
    m = fric__vsel(hi, m * 0.5, m);
    e = e - hi;                                /* hi is −1 where set */
    /* k = e as a double, exactly (|e| < 1100): the shifter's bits + e */
    fric__vd k = fric__vfrom_bits(fric__vbits(fric__vset(FRIC__SHIFTER)) + e) - FRIC__SHIFTER;
    fric__vd f = m - 1.0;
    fric__vd s = f / (2.0 + f);
    fric__vd z = s * s, w = z * z;
    fric__vd t1 = w * (Lg2 + w * (Lg4 + w * Lg6));
    fric__vd t2 = z * (Lg1 + w * (Lg3 + w * (Lg5 + w * Lg7)));
    fric__vd R = t2 + t1, hfsq = 0.5 * f * f;
    fric__vd y = k * ln2_hi - ((hfsq - (s * (hfsq + R) + k * ln2_lo)) - f);
    y = fric__vsel(zero, fric__vset(-__builtin_inf()), y);
    y = fric__vsel(inf, x, y);
    return fric__vsel(neg | nan, fric__vset(__builtin_nan("")), y);
}

/* a^α = exp(α·ln a) for a ≥ 0, α > 0 (0 at a = 0: exp(−inf)) */
FRIC__VINLINE fric__vd fric__vpow(fric__vd a, fric__vd alpha)
{
    return fric__vexp(alpha * fric__vlog(a));
}

/* ------------------------------------------------------------ sin */

/* sin x: n = round(x·2/π), r = x − n·π/2 as r0 + r1 (fdlibm e_rem_pio2.c's
 * medium case, two steps of a 33 + 33 + 53-bit π/2), then by n mod 4:
 * sin r, cos r, −sin r, −cos r (FreeBSD k_sin.c, k_cos.c). */
FRIC__VINLINE fric__vd fric__vsin(fric__vd x)
{
    const double invpio2 = 6.36619772367581382433e-01, pio2_1 = 1.57079632673412561417e+00,
                 pio2_2 = 6.07710050630396597660e-11, pio2_2t = 2.02226624879595063154e-21;
    const double S1 = -1.66666666666666324348e-01, S2 = 8.33333333332248946124e-03,
                 S3 = -1.98412698298579493134e-04, S4 = 2.75573137070700676789e-06,
                 S5 = -2.50507602534068634195e-08, S6 = 1.58969099521155010221e-10;
    const double C1 = 4.16666666666666019037e-02, C2 = -1.38888888888741095749e-03,
                 C3 = 2.48015872894767294178e-05, C4 = -2.75573143513906633035e-07,
                 C5 = 2.08757232129817482790e-09, C6 = -1.13596475577881948265e-11;
    fric__vm out = ~(fric__vabs(x) <= 823549.6654807494);   /* 2^19·π/2; NaN too */
    fric__vd xc = fric__vsel(out, fric__vset(0.0), x);
    fric__vd sh = xc * invpio2 + FRIC__SHIFTER;
    fric__vd fn = sh - FRIC__SHIFTER;
    fric__vm n = fric__vbits(sh) - fric__vbits(fric__vset(FRIC__SHIFTER));
    /* r = x − fn·π/2: fn·pio2_1 is exact (33 bits × at most 20 bits), then the tail */
    fric__vd r = xc - fn * pio2_1;
    fric__vd w = fn * pio2_2;
    fric__vd t = r;
    r = t - w;
    w = fn * pio2_2t - ((t - r) - w);
    fric__vd y0 = r - w;
    fric__vd y1 = (r - y0) - w;
    /* k_sin(y0, y1) */
    fric__vd z = y0 * y0, ww = z * z;
    fric__vd rs = S2 + z * (S3 + z * S4) + z * ww * (S5 + z * S6);
    fric__vd v = z * y0;
    fric__vd sn = y0 - ((z * (0.5 * y1 - v * rs) - y1) - v * S1);
    /* k_cos(y0, y1) */
    fric__vd rc = z * (C1 + z * (C2 + z * C3)) + ww * ww * (C4 + z * (C5 + z * C6));
    fric__vd hz = 0.5 * z;
    fric__vd wc = 1.0 - hz;
    fric__vd cs = wc + (((1.0 - wc) - hz) + (z * rc - y0 * y1));
    fric__vm odd = -(n & 1);                  /* all ones where n is odd */
    fric__vd res = fric__vsel(odd, cs, sn);
    res = fric__vfrom_bits(fric__vbits(res) ^ ((n & 2) << 62));   /* − where n mod 4 ≥ 2 */
    res = fric__vsel(fric__vabs(x) < 0x1p-27, x, res);   /* sin x = x there; keeps −0 */
    return fric__vsel(out, fric__vset(__builtin_nan("")), res);
}

#endif
