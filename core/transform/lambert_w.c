/*
 * lambert_w.c: fric_lambert_w0, the principal branch W0 of the Lambert W
 * function: the w >= -1 with w·e^w = x.
 *
 * Domain [-1/e, +inf); W0(-1/e) = -1, W0(0) = 0, W0(e) = 1.
 * Special cases:
 *   - the double nearest -1/e, -0x1.78b56362cef38p-2, lies 1.2e-17 below
 *     -1/e: it returns exactly -1 (the limit at the branch point);
 *   - x below it, -inf and NaN return NaN (a NaN input is passed through);
 *   - +inf returns +inf; +-0 return +-0; W0(x) rounds to x for
 *     |x| < 2^-53 (subnormals included).
 *
 * Method. No exp or log on [-1/e, 1024): piecewise rational approximations
 * in variables formed exactly or nearly so, one table look-up, one division.
 *   x in [2^-8, 1024): one piece per binade, picked by the exponent bits;
 *       t = 2m - 3 in [-1, 1) from the significand m in [1, 2) (exact).
 *   x in (-0.3125, -2^-8]: one piece per binade, halves and eighths of a
 *       binade nearer -1/e (the exponent and three significand bits pick it
 *       through w0_neg_map); t = (m - c)·s, exact.
 *   On each piece v = a_hi + (a_lo + t·R(t)/Q(t)), R of degree 5 and Q of
 *       degree 6 with Q(0) = 1, both by Estrin's scheme; a_hi + a_lo is v(0)
 *       in double-double. W0 = v for x >= 1; for |x| < 1, v approximates
 *       H = W0/x - 1 = e^-W0 - 1 and W0 = x + x·v, which scales the rounding
 *       errors of v down by |x H / W0| (below 0.75, near 0 for small |x|).
 *   x in [-1/e, -0.3125], next to the branch point: x + 1/e formed in double
 *       would lose up to 1e7 ulp of W0, so 1/e = EM1_HI + EM1_LO is a
 *       double-double: x + EM1_HI is exact (Sterbenz), then + EM1_LO, and
 *       p = sqrt(2(e x + 1)) with 2e also a double-double. W0 is analytic in
 *       p, W0 = -1 + p - p^2/3 + 11/72 p^3 - ... (Corless, Gonnet, Hare,
 *       Jeffrey and Knuth, "On the Lambert W function", Adv. Comput. Math. 5
 *       (1996) 329-359, eq. 4.22; radius sqrt 2). Two pieces in t = p - c,
 *       p in [0, 0.2] (c = 0, a = -1) and [0.2, 0.5487], stand for the series.
 *   |x| < 2^-8: the Taylor series sum_n (-n)^(n-1)/n! x^n (Corless et al.,
 *       eq. 3.1) to x^9, as x + x·(x·P(x)).
 *   x >= 1024 (beyond the table): the asymptotic start L1 - L2 + L2/L1,
 *       L1 = ln x, L2 = ln L1 (Corless et al., eq. 4.19), then two steps of
 *       the fourth-order iteration of Fritsch, Shafer and Crowley, "Solution
 *       of the transcendental equation w e^w = x", CACM 16 (1973) 123-124:
 *       z = ln(x/w) - w, q = 2(1+w)(1+w+2z/3), w <- w(1 + z/(1+w)·(q-z)/(q-2z)).
 *       Four log calls; the last bit there can depend on the libm's log.
 * The coefficients were fitted with mpmath by tests/ref/gen_w0_ref.py coefs:
 * least squares at Chebyshev nodes with Sanathanan-Koerner reweighting, then
 * Lawson iterations towards the minimax error; Q rounded to double, then R
 * one coefficient at a time with the rest refitted. Approximation error with
 * the rounded coefficients: below 2^-57 relative to W0 on every piece.
 *
 * Accuracy, in ulp of the true value: at most 1.8 ulp measured anywhere on
 * [-1/e, +inf) (the documented bound is 4). tests/transform/test_lambert_w.c
 * (binary128 and mpmath references, 1.4 million points and ulp ladders)
 * prints per regime: within 1e-3 of -1/e 0.8; [-1/e, -0.25] 1.5; |x| <= 1e-3,
 * subnormals included, 0.5; [-0.3, 3] 1.4; [3, 1000] 0.8; beyond 1000 0.95.
 * Offline, 1 million random points per piece (32 million): worst 1.76 ulp
 * at x = 2.03 and 1.73 ulp at x = -0.313.
 *
 * Cost (x86-64 SSE2 without FMA, gcc -O2, Zen 5; ratios to glibc exp() on
 * [-10, 10] timed in the same run, best of many rounds): on uniformly random
 * x in [-1/e, 1000], 1.3 x exp per call in throughput and 1.5 x in latency;
 * on [-1/e, 0), 1.7-2.0 x and 1.9-2.0 x. The tables take 3.7 KiB.
 * Deterministic (bit-identical with gcc, clang and Emscripten); no
 * allocation; no state.
 */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "friction.h"

/* 1/e = EM1_HI + EM1_LO and 2e = E2_HI + E2_LO, each to about 106 bits.
 * -EM1_HI is the double nearest -1/e. */
#define EM1_HI 0x1.78b56362cef38p-2
#define EM1_LO (-0x1.ca8a4270fadf5p-57)
#define E2_HI 0x1.5bf0a8b145769p+2
#define E2_LO 0x1.4d57ee2b1013ap-52

/* One piece: v(t) = a_hi + (a_lo + t R(t)/Q(t)). */
typedef struct {
    double a_hi, a_lo;  /* v(0) as a double-double */
    double c, s;        /* t = (m - c)·s (p pieces: t = p - c) */
    double r[6];        /* R(t) = r[0] + r[1] t + ... + r[5] t^5 */
    double q[6];        /* Q(t) = 1 + q[0] t + ... + q[5] t^6 */
} w0_piece;

#define W0_NPOS 18      /* pieces 0..17: x in [2^(k-8), 2^(k-7)) */
#define W0_NXH 8        /* pieces 0..7 (x < 1) give H = W0/x - 1, the rest W0 */
#define W0_NNEG 11      /* pieces 18..28: x in [-1/e, -2^-8] */
#define W0_P 9          /* negative pieces 0..8 give H; 9 and 10 are in p */
#define W0_PSPLIT 0x1.999999999999ap-3  /* 0.2: p below it uses piece 9, above it 10 */

static const w0_piece w0_pieces[W0_NPOS + W0_NNEG] = {
    /*  0 x in [0.00390625, 0.0078125): W0 = x + x H(t), H = W0/x - 1 */
    {-0x1.7ca8e5f2fcbbdp-8, -0x1.ba17beb0ecfe7p-64, 0x1.8000000000000p+0, 0x1.0000000000000p+1,
     {-0x1.f723757a90c6dp-10, -0x1.aa097f54eac1cp-16, -0x1.050e984f09561p-23, -0x1.16f64b1cc2e9cp-32, -0x1.e7ea29b894451p-43, -0x1.eb6b198f58df0p-55},
     {0x1.081fa0826bf0dp-6, 0x1.a396bcd89399ap-14, 0x1.411598dd2a078p-22, 0x1.e24786b6f5469p-32, 0x1.3df36273d3110p-42, 0x1.00afecadb245bp-54}},
    /*  1 x in [0.0078125, 0.015625): W0 = x + x H(t), H = W0/x - 1 */
    {-0x1.7963320fcf0c1p-7, 0x1.8739d34b4355fp-61, 0x1.8000000000000p+0, 0x1.0000000000000p+1,
     {-0x1.ee8bbc29f7cb3p-9, -0x1.9c53e8a6d1428p-14, -0x1.f18fe66774c9fp-21, -0x1.05c6e20f87892p-28, -0x1.c2e2d7dab6feap-38, -0x1.bf4e65b298f1ap-49},
     {0x1.042a38153067ep-5, 0x1.9723a2773cb6dp-12, 0x1.32f2386392a59p-19, 0x1.c64900155bc72p-28, 0x1.272a1f49bbf7fp-37, 0x1.d5d56a07a7255p-49}},
    /*  2 x in [0.015625, 0.03125): W0 = x + x H(t), H = W0/x - 1 */
    {-0x1.7309b6905bedfp-6, -0x1.5a01f164068cfp-60, 0x1.8000000000000p+0, 0x1.0000000000000p+1,
     {-0x1.de1edb6c03c61p-8, -0x1.82c2898df4a44p-12, -0x1.c4d4e0f489eb1p-18, -0x1.ce5b629b25377p-25, -0x1.826f1f8257082p-33, -0x1.742e3bc39ef70p-43},
     {0x1.f934ab3db5c1dp-5, 0x1.7fe0a53687f45p-10, 0x1.191a27b3276afp-16, 0x1.943582447a119p-24, 0x1.fe870164deb8ap-33, 0x1.8b28b6e78187dp-43}},
    /*  3 x in [0.03125, 0.0625): W0 = x + x H(t), H = W0/x - 1 */
    {-0x1.670febcd01cf6p-5, -0x1.d2f2eac4cebd0p-59, 0x1.8000000000000p+0, 0x1.0000000000000p+1,
     {-0x1.c00537ecd7851p-7, -0x1.5610848a75bbep-10, -0x1.7a0eb2fc05b2bp-15, -0x1.6c713b6da1d4dp-21, -0x1.1faad645a50ebp-28, -0x1.05d4bf9e5659fp-37},
     {0x1.dd82eb47a0df6p-4, 0x1.570d7bec8fb8dp-8, 0x1.db37c7da95578p-14, 0x1.43597896bda04p-20, 0x1.82cbaf635ca50p-28, 0x1.1bde2638092c7p-37}},
    /*  4 x in [0.0625, 0.125): W0 = x + x H(t), H = W0/x - 1 */
    {-0x1.519e61810d78fp-4, 0x1.28c3260e0cf98p-59, 0x1.8000000000000p+0, 0x1.0000000000000p+1,
     {-0x1.8cedd81bb8f91p-6, -0x1.1087fea8ef2f4p-8, -0x1.0eef07218875dp-12, -0x1.d605e983e7e02p-18, -0x1.4e0b4d7c2f8f8p-24, -0x1.1219c4e3683ecp-32},
     {0x1.ae81d165834d0p-3, 0x1.170122b094192p-6, 0x1.5cebf3dfbc1c5p-11, 0x1.ad1a16ce81ec0p-17, 0x1.d0827ddcd6476p-24, 0x1.351fbf1a38167p-32}},
    /*  5 x in [0.125, 0.25): W0 = x + x H(t), H = W0/x - 1 */
    {-0x1.2e794f93724afp-3, 0x1.7c87091d0671fp-62, 0x1.8000000000000p+0, 0x1.0000000000000p+1,
     {-0x1.40af01e507bedp-5, -0x1.6ec1aecada0c7p-7, -0x1.2fcfa2e818afep-10, -0x1.b77de54833491p-15, -0x1.04c1935ebd4e2p-20, -0x1.66115ccdf20fdp-28},
     {0x1.68164b747327ap-2, 0x1.86ca5ee18c22ap-5, 0x1.99bd8d8919732p-9, 0x1.a7316ee2e455dp-14, 0x1.81a4dd46e6977p-20, 0x1.b18a40a2154f2p-28}},
    /*  6 x in [0.25, 0.5): W0 = x + x H(t), H = W0/x - 1 */
    {-0x1.f846202985ec5p-3, 0x1.9ac1bd3539443p-59, 0x1.8000000000000p+0, 0x1.0000000000000p+1,
     {-0x1.c5981697c4a16p-5, -0x1.853a2d4097e33p-6, -0x1.e43cfe46b031cp-9, -0x1.075563abe8784p-12, -0x1.d6c80e8bda320p-18, -0x1.e8c32b39c0b42p-25},
     {0x1.0ff1a3a3c9b57p-1, 0x1.be7ad8bad7db4p-4, 0x1.62cd6c750fcc0p-7, 0x1.1674327a0595bp-11, 0x1.82f4e4f67f77bp-17, 0x1.4d4f948e46751p-24}},
    /*  7 x in [0.5, 1): W0 = x + x H(t), H = W0/x - 1 */
    {-0x1.7f741dc0d199cp-2, -0x1.2d61297ab3d32p-56, 0x1.8000000000000p+0, 0x1.0000000000000p+1,
     {-0x1.10bb39a48bbeep-4, -0x1.389a045bbc347p-5, -0x1.0409d19b94b26p-7, -0x1.7ad6fdc8f4babp-11, -0x1.c6ca4b900982fp-16, -0x1.3e94d4fa8f1fcp-22},
     {0x1.6e78dd9b19f60p-1, 0x1.9637f6ff8cdfdp-3, 0x1.b4f7bab88fc02p-6, 0x1.d1b0f9d230da4p-10, 0x1.b93e1e61ef64fp-15, 0x1.04a9065dcd4b4p-21}},
    /*  8 x in [1, 2) */
    {0x1.73a41992127b6p-1, -0x1.2ae856529e3ffp-55, 0x1.8000000000000p+0, 0x1.0000000000000p+1,
     {0x1.1f1d8a1355f69p-3, 0x1.8222d0cc37a4ep-4, 0x1.75993d4c6ba68p-6, 0x1.378ffc973cb77p-9, 0x1.9e498b67d583dp-14, 0x1.25ac69b777c52p-20},
     {0x1.90f958bd65bf6p-1, 0x1.daf5751501804p-3, 0x1.076b44b7cb689p-5, 0x1.10f04c8a7e7c3p-9, 0x1.c16c61e83f475p-15, 0x1.59c75762bb5e7p-22}},
    /*  9 x in [2, 4) */
    {0x1.0cc6d44fa669cp+0, -0x1.a5b79b03c896bp-54, 0x1.8000000000000p+0, 0x1.0000000000000p+1,
     {0x1.5da4cbeb330f1p-3, 0x1.059a7c8e07a2bp-3, 0x1.19c2e3e76ec84p-5, 0x1.05b8cad1cb5f3p-8, 0x1.83db9f3795812p-13, 0x1.32791dd9d9a5dp-19},
     {0x1.c01ac5f3541c9p-1, 0x1.28e9f42f3a03ep-2, 0x1.70fbcedc67992p-5, 0x1.ad25696d3b655p-9, 0x1.8db1b6dae6361p-14, 0x1.5a28e8495cd1ap-21}},
    /* 10 x in [4, 8) */
    {0x1.6eb214531e0e8p+0, 0x1.c88939f57a8d0p-56, 0x1.8000000000000p+0, 0x1.0000000000000p+1,
     {0x1.9202f9c6e158dp-3, 0x1.3eeb10e2a4a48p-3, 0x1.6c50cae7743bfp-5, 0x1.670c201e083bbp-8, 0x1.1a5df08299b19p-12, 0x1.d99218a58bca3p-19},
     {0x1.dd1551f5736c9p-1, 0x1.50d81a56f8871p-2, 0x1.be8a65a29e536p-5, 0x1.15686c45229d4p-8, 0x1.1339cbbd30a37p-13, 0x1.0185e1b98d2c6p-20}},
    /* 11 x in [8, 16) */
    {0x1.dce190e72c9b3p+0, 0x1.cf4271d9c8392p-58, 0x1.8000000000000p+0, 0x1.0000000000000p+1,
     {0x1.bc34f6d283ed9p-3, 0x1.6b8967efee867p-3, 0x1.ac7f8feb62bd7p-5, 0x1.b3d2481d40283p-8, 0x1.61c3ebd562fb6p-12, 0x1.321e3d62d24f9p-18},
     {0x1.edf08f384677dp-1, 0x1.694a017535c08p-2, 0x1.f08fe0ded2084p-5, 0x1.402b3c8626699p-8, 0x1.4a35c0bdd0e96p-13, 0x1.42335e8954f04p-20}},
    /* 12 x in [16, 32) */
    {0x1.2a6f8e1429ba4p+1, 0x1.d8936851b9aa4p-54, 0x1.8000000000000p+0, 0x1.0000000000000p+1,
     {0x1.ddc17a4a97e72p-3, 0x1.8d7a6c6fec0adp-3, 0x1.dc52b2985c6bbp-5, 0x1.ec979a92b8f89p-8, 0x1.9691044ecb422p-12, 0x1.659b51b8cdf6ap-18},
     {0x1.f79d06ada45fap-1, 0x1.77bdfc50fed12p-2, 0x1.078804f00b257p-4, 0x1.5b1934875bfd7p-8, 0x1.6e106edd88b27p-13, 0x1.6e2155fded2d7p-20}},
    /* 13 x in [32, 64) */
    {0x1.6a53d1f858265p+1, 0x1.73d2ab47fdf55p-53, 0x1.8000000000000p+0, 0x1.0000000000000p+1,
     {0x1.f874dcf78d7e6p-3, 0x1.a7655f2aa760cp-3, 0x1.ffe28add6f85cp-5, 0x1.0b0aed2743405p-7, 0x1.bcba98112de4fp-12, 0x1.8a86db9eb3618p-18},
     {0x1.fd3ed543bb374p-1, 0x1.804fcf547ce41p-2, 0x1.10bfc9d634228p-4, 0x1.6bb7354507ad7p-8, 0x1.84b52040ed964p-13, 0x1.8ab3955d0d9bbp-20}},
    /* 14 x in [64, 128) */
    {0x1.ad54c8459589cp+1, -0x1.65d035e3eee14p-56, 0x1.8000000000000p+0, 0x1.0000000000000p+1,
     {0x1.06f0d0cd97a74p-2, 0x1.bb7ff1f8a6f8dp-3, 0x1.0d63ce1eb7454p-4, 0x1.1a6ea3f7d41ccp-7, 0x1.d89bfcff69393p-12, 0x1.a5269125416cap-18},
     {0x1.0050099cad4b5p+0, 0x1.85845414b74f3p-2, 0x1.166bdcf3a2510p-4, 0x1.7616f43b0d6afp-8, 0x1.9315f923dfed5p-13, 0x1.9d469add01e3cp-20}},
    /* 15 x in [128, 256) */
    {0x1.f2d86a4479309p+1, 0x1.f16218ff22aa6p-59, 0x1.8000000000000p+0, 0x1.0000000000000p+1,
     {0x1.0fa251c7781d4p-2, 0x1.cb668fceaf1e0p-3, 0x1.17cdf3a5d4a2ap-4, 0x1.2624d66a174bbp-7, 0x1.ed82ff067ea3dp-12, 0x1.b8d72de673ad5p-18},
     {0x1.015e0d9ea580bp+0, 0x1.88cb5cfe51fb9p-2, 0x1.1a07203dcfadfp-4, 0x1.7cc2850cc9a68p-8, 0x1.9c757fcc6c3a3p-13, 0x1.a9a2c28e78da2p-20}},
    /* 16 x in [256, 512) */
    {0x1.1d345631fd974p+2, -0x1.c286760e52fa6p-54, 0x1.8000000000000p+0, 0x1.0000000000000p+1,
     {0x1.16c6a16968a2dp-2, 0x1.d83852d547aa1p-3, 0x1.201087f0d712ap-4, 0x1.2f4cc64e0c03fp-7, 0x1.fda49d45c5bdbp-12, 0x1.c7da12a975ce5p-18},
     {0x1.020dad00b4029p+0, 0x1.8af0ea5a1f70ep-2, 0x1.1c68a63656fc0p-4, 0x1.813467ebcaaa7p-8, 0x1.a2c7b7bf7ebc8p-13, 0x1.b22117566eaefp-20}},
    /* 17 x in [512, 1024) */
    {0x1.41d53d701f338p+2, 0x1.a6c49907956f7p-52, 0x1.8000000000000p+0, 0x1.0000000000000p+1,
     {0x1.1cb6f6ed6fcb5p-2, 0x1.e2bbf9052a40dp-3, 0x1.26c1568b7452bp-4, 0x1.36a1bbbe30074p-7, 0x1.05362f05dc18ap-11, 0x1.d39f341343a2ap-18},
     {0x1.028455c8391f8p+0, 0x1.8c66606f5c8f3p-2, 0x1.1e09a2b8b231dp-4, 0x1.8445239eeb066p-8, 0x1.a72f93ed29419p-13, 0x1.b826fe5c11e57p-20}},
    /* 18 x in (-0.0078125, -0.00390625]: W0 = x + x H(t), H = W0/x - 1 */
    {0x1.83691ab1109c4p-8, 0x1.a290e629727f4p-62, 0x1.8000000000000p+0, 0x1.0000000000000p+1,
     {0x1.049247659804fp-9, -0x1.c7827ef1de2f1p-16, 0x1.201a3c17ddd09p-23, -0x1.3dbfe9113f3f9p-32, 0x1.1ec2d5896f41dp-42, -0x1.29f9d02ca73bap-54},
     {-0x1.106cda71f8241p-6, 0x1.be4e1f3bd9f81p-14, -0x1.6020b99532d17p-22, 0x1.1094ba10bfab6p-31, -0x1.724ca66942339p-42, 0x1.33d19ad449180p-54}},
    /* 19 x in (-0.015625, -0.0078125]: W0 = x + x H(t), H = W0/x - 1 */
    {0x1.86e4d8325404fp-7, 0x1.93c22f53e3534p-61, 0x1.8000000000000p+0, 0x1.0000000000000p+1,
     {0x1.094a441f1fa51p-8, -0x1.d75d585029a89p-14, 0x1.2f03866bac4a6p-20, -0x1.53a84533114e2p-28, 0x1.37850e4247c77p-37, -0x1.48e776309c095p-48},
     {-0x1.14c7fbb8aaec1p-5, 0x1.cca72c520f477p-12, -0x1.71300a75549a8p-19, 0x1.2241ba7ba668bp-27, -0x1.90650e8c981c6p-37, 0x1.51dd09f5d66d3p-48}},
    /* 20 x in (-0.03125, -0.015625]: W0 = x + x H(t), H = W0/x - 1 */
    {0x1.8e16ede5736f7p-6, 0x1.3b515987bca62p-60, 0x1.8000000000000p+0, 0x1.0000000000000p+1,
     {0x1.1332b71256fd2p-7, -0x1.f991edc8f6ff3p-12, 0x1.5006414d2d3c0p-17, -0x1.856879858eab5p-24, 0x1.712fea9cc76d1p-32, -0x1.92caac6f7d356p-42},
     {-0x1.1df06c6c87a9fp-4, 0x1.eb8ebd2e1cba3p-10, -0x1.96d4c0e4cbfa1p-16, 0x1.4a34917ea4dd9p-23, -0x1.d60b3f93cd187p-32, 0x1.99081a0df1f76p-42}},
    /* 21 x in (-0.0625, -0.03125]: W0 = x + x H(t), H = W0/x - 1 */
    {0x1.9d7a70b2ae549p-5, 0x1.075d272f5f528p-61, 0x1.8000000000000p+0, 0x1.0000000000000p+1,
     {0x1.2920139b64d3bp-6, -0x1.24db35b738a89p-9, 0x1.a1b290a12665bp-14, -0x1.03a97f4ac515ap-19, 0x1.080d0e2262ac1p-26, -0x1.34cb89fb18a6ep-35},
     {-0x1.32458843f38ffp-3, 0x1.19e0cee2e9874p-7, -0x1.f35d2bda48daep-13, 0x1.b18352b938478p-19, -0x1.49b9d4af5267dp-26, 0x1.3232a0309a40bp-35}},
    /* 22 x in (-0.125, -0.0625]: W0 = x + x H(t), H = W0/x - 1 */
    {0x1.c10ced59af1d9p-4, 0x1.2c37bec359b54p-58, 0x1.8000000000000p+0, 0x1.0000000000000p+1,
     {0x1.5fce4aea4472dp-5, -0x1.96774868e90bcp-7, 0x1.53d024de1546dp-10, -0x1.ef48b9411c5cbp-15, 0x1.272451d7057e8p-20, -0x1.940c460402a99p-28},
     {-0x1.658597fa7e547p-2, 0x1.7fd9d316dd172p-5, -0x1.8c46e006d7bccp-9, 0x1.9070a39ebd0c2p-14, -0x1.61d967c9fb6eep-20, 0x1.7c9cc38343327p-28}},
    /* 23 x in (-0.1875, -0.125]: W0 = x + x H(t), H = W0/x - 1 */
    {0x1.a953393d93e20p-3, 0x1.52ecb3f76d895p-58, 0x1.4000000000000p+0, 0x1.0000000000000p+2,
     {0x1.cc370f97c174dp-5, -0x1.58824143f577ap-6, 0x1.752cfb975e1f5p-9, -0x1.6041ed0baf31cp-13, 0x1.0fac46c24ae95p-18, -0x1.e02c1c8eb65ddp-26},
     {-0x1.cc43de0be7ecap-2, 0x1.3daa0d8714abfp-4, -0x1.a4dfa77a41e7ep-8, 0x1.10354bd1b84f8p-12, -0x1.32bf6f53228a5p-18, 0x1.a23e6ae9b8106p-26}},
    /* 24 x in (-0.25, -0.1875]: W0 = x + x H(t), H = W0/x - 1 */
    {0x1.5d0b5c9afc478p-2, 0x1.f7f2a5ba8191ep-56, 0x1.c000000000000p+0, 0x1.0000000000000p+2,
     {0x1.45a6b48fe9c0bp-4, -0x1.5ab487b9c88eep-5, 0x1.0b19a76604925p-7, -0x1.669f022078660p-11, 0x1.89274b6536753p-16, -0x1.ec7b96305307ap-23},
     {-0x1.44637d10c87d0p-1, 0x1.3b0c3c61211cfp-3, -0x1.24fac0f5ae59dp-6, 0x1.0910ed68baa3dp-10, -0x1.9f8745fdf24b5p-16, 0x1.866d77916f0dep-23}},
    /* 25 x in (-0.28125, -0.25]: W0 = x + x H(t), H = W0/x - 1 */
    {0x1.ee3a7111b3a31p-2, 0x1.c42f243d498c5p-56, 0x1.1000000000000p+0, 0x1.0000000000000p+4,
     {0x1.d02e832e3e646p-5, -0x1.66b4c9c964812p-6, 0x1.90b896feef498p-9, -0x1.8571bbc62550dp-13, 0x1.343204d548d10p-18, -0x1.151fca580f4fbp-25},
     {-0x1.d312d0e241be1p-2, 0x1.45a8ff51b1884p-4, -0x1.b126e82819104p-8, 0x1.16b0a7c0927a5p-12, -0x1.3412af7217917p-18, 0x1.929722823fe49p-26}},
    /* 26 x in (-0.3125, -0.28125]: W0 = x + x H(t), H = W0/x - 1 */
    {0x1.3b11580573e94p-1, 0x1.436af5d092d94p-55, 0x1.3000000000000p+0, 0x1.0000000000000p+4,
     {0x1.40e3475844f62p-4, -0x1.661b9391c769ep-5, 0x1.20f0bbe790e7ep-7, -0x1.95ac79e5748c4p-11, 0x1.cf912ffd0d804p-16, -0x1.2c15f4af09c88p-22},
     {-0x1.4e615373ccbe6p-1, 0x1.4d3114485c97dp-3, -0x1.3bc8a3b24b899p-6, 0x1.204077f62a527p-10, -0x1.c0a04068f58edp-16, 0x1.96db0d0012241p-23}},
    /* 27 p in [0, 0.2]: t = p - c */
    {-0x1.0000000000000p+0, 0x0.0p+0, 0x0.0p+0, 0x1p+0,
     {0x1.0000000000000p+0, 0x1.bb81a01232f47p+0, 0x1.1264c10763caap+0, 0x1.21b9ee0c24447p-2, 0x1.e0b20ec61a626p-6, 0x1.9f71fedffc4bep-11},
     {0x1.086b7ab3c424ep+1, 0x1.9b8ff662ca1cep+0, 0x1.2a6b23bbbb7b1p-1, 0x1.916a2b8fcf6b0p-4, 0x1.a8ec6390a6c54p-8, 0x1.9f7d27ef3924cp-14}},
    /* 28 p in [0.2, 0.5487]: t = p - c */
    {-0x1.54cf0a447db50p-1, -0x1.2aed56e33df4fp-56, 0x1.7f55dd80ee818p-2, 0x1p+0,
     {0x1.9a53188fcc6a0p-1, 0x1.1f9e72fd10707p+0, 0x1.2186aed302995p-1, 0x1.f50e6e45e6d0fp-4, 0x1.5841c31dd34d9p-7, 0x1.f4daa9122ff3dp-13},
     {0x1.aa586325e865dp+0, 0x1.0c8d1883bb27ep+0, 0x1.3ce087dc068f7p-2, 0x1.5d56a3aa6aedcp-5, 0x1.32373ce1385c5p-9, 0x1.f79584398a7e1p-16}},
};

/* x in (-0.3125, -2^-8]: index ((bits >> 49) & 0x3fff) - 8120, that is the
 * exponent and the top three significand bits, to the negative piece. */
static const unsigned char w0_neg_map[50] = {
      0,   0,   0,   0,   0,   0,   0,   0,
      1,   1,   1,   1,   1,   1,   1,   1,
      2,   2,   2,   2,   2,   2,   2,   2,
      3,   3,   3,   3,   3,   3,   3,   3,
      4,   4,   4,   4,   4,   4,   4,   4,
      5,   5,   5,   5,   6,   6,   6,   6,
      7,   8,
};

static uint64_t w0_bits(double x)
{
    uint64_t u;
    memcpy(&u, &x, sizeof u);
    return u;
}

static double w0_from_bits(uint64_t u)
{
    double x;
    memcpy(&x, &u, sizeof x);
    return x;
}

/* The significand of x in [1, 2). */
static double w0_significand(uint64_t ix)
{
    return w0_from_bits((ix & 0x000fffffffffffffull) | 0x3ff0000000000000ull);
}

/* a_hi + (a_lo + t R(t)/Q(t)), R and Q by Estrin's scheme (short latency) */
static inline double w0_eval(const w0_piece *pc, double t)
{
    const double *r = pc->r, *q = pc->q;
    double t2 = t * t, t4 = t2 * t2;
    double rt = (r[0] + r[1] * t) + t2 * (r[2] + r[3] * t) + t4 * (r[4] + r[5] * t);
    double qt = (1.0 + q[0] * t) + t2 * (q[1] + q[2] * t) + t4 * ((q[3] + q[4] * t) + t2 * q[5]);
    return pc->a_hi + (pc->a_lo + t * rt / qt);
}

/* |x| < 2^-8, x >= 1024, +inf, NaN */
static double w0_slow(double x)
{
    if (fabs(x) < 0x1p-8) {
        /* sum_{n>=1} (-n)^(n-1)/n! x^n; the x^10 term is below 2^-63 |x| */
        double p = -0x1.0000000000000p+0 + x * (0x1.8000000000000p+0 + x * (-0x1.5555555555555p+1
                 + x * (0x1.4d55555555555p+2 + x * (-0x1.599999999999ap+3 + x * (0x1.757d27d27d27dp+4
                 + x * (-0x1.a01a01a01a01ap+5 + x * 0x1.da803a83a83a8p+6))))));
        return x + x * (x * p);
    }
    if (x >= 1024.0) {
        if (x == (double)INFINITY)
            return x;
        /* Corless et al. eq. 4.19 (relative error < 2e-3 here), then two
         * fourth-order steps of Fritsch, Shafer and Crowley (error < 1e-40) */
        double l1 = log(x), l2 = log(l1);
        double w = l1 - l2 + l2 / l1;
        for (int i = 0; i < 2; ++i) {
            double z = log(x / w) - w;
            double w1 = 1.0 + w;
            double q = 2.0 * w1 * (w1 + (2.0 / 3.0) * z);
            w = w + w * (z / w1 * (q - z) / (q - 2.0 * z));
        }
        return w;
    }
    return isnan(x) ? x : (double)NAN;   /* x < -1/e or -inf */
}

/* x < 0, and the x off the positive table */
static double w0_neg(double x, uint64_t ix)
{
    if (x <= -0.3125) {
        /* x in [-1/e, -0.3125]: e x + 1 = e (x + 1/e), x + EM1_HI exact */
        double d = (x + EM1_HI) + EM1_LO;
        if (!(d >= 0.0))
            return x == -EM1_HI ? -1.0 : (double)NAN;
        double p = sqrt(d * E2_HI + d * E2_LO);
        const w0_piece *pc = &w0_pieces[W0_NPOS + W0_P + (p >= W0_PSPLIT)];
        return w0_eval(pc, p - pc->c);
    }
    uint32_t j = (uint32_t)((ix >> 49) & 0x3fff) - 8120u;
    if ((ix >> 63) && j < 50u) {
        /* x in (-0.3125, -2^-8]: W0 = x + x H(t) */
        const w0_piece *pc = &w0_pieces[W0_NPOS + w0_neg_map[j]];
        return x + x * w0_eval(pc, (w0_significand(ix) - pc->c) * pc->s);
    }
    return w0_slow(x);
}

double fric_lambert_w0(double x)
{
    uint64_t ix = w0_bits(x);
    uint32_t k = (uint32_t)(ix >> 52) - 1015u;   /* sign set: k >= 2048 */
    if (k < W0_NPOS) {
        /* x in [2^-8, 1024): t = 2m - 3 in [-1, 1), exact */
        double v = w0_eval(&w0_pieces[k], 2.0 * w0_significand(ix) - 3.0);
        return k < W0_NXH ? x + x * v : v;
    }
    return w0_neg(x, ix);
}
