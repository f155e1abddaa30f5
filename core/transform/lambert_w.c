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
 * Method. No exp or log on [-1/e, 1024): piecewise approximations in
 * variables formed exactly or nearly so, one table look-up.
 *   x in (-1/e, 2^-8): p = sqrt(2(e x + 1)), in which W0 is analytic at the
 *       branch point, W0 = -1 + p - p^2/3 + 11/72 p^3 - ... (Corless,
 *       Gonnet, Hare, Jeffrey and Knuth, "On the Lambert W function", Adv.
 *       Comput. Math. 5 (1996) 329-359, eq. 4.22; radius sqrt 2, the nearest
 *       singularity p = -sqrt 2, the branch W_-1 at x = 0). x + 1/e formed
 *       in double would lose up to 1e7 ulp of W0 next to -1/e, so 1/e =
 *       EM1_HI + EM1_LO is a double-double and x + EM1_HI is exact there
 *       (Sterbenz). p lies in [0, 1.4217): 23 pieces of width 1/16 in p,
 *       picked by j = (int)(16 p), t = 32 p - (2j + 1) in [-1, 1] (exact
 *       but in piece 0, where its rounding is below 2^-54 of t), and on
 *       each H = W0/x - 1 = e^-W0 - 1 = a_hi + (a_lo + t P(t)), P of degree
 *       7 by Estrin's scheme, a_hi + a_lo = H(t = 0) in double-double; then
 *       W0 = x + x H. This form scales the rounding errors of H down by
 *       |x H / W0| = 1 - e^W0 (below 0.64) and keeps the relative accuracy of
 *       W0 as x -> 0, down to subnormal x (x H then underflows and W0 = x).
 *       No branch depends on where x lies in (-1/e, 2^-8): Phi_Z's Stribeck
 *       closed form (phi_z.c) calls W0 with arguments spread over
 *       [-1/e, 0), where the three regimes this range had before (branch
 *       point, negative binades, Taylor series) cost 0.31 mispredicted
 *       branches per call (docs/performance.md).
 *   x in [2^-8, 1024): one piece per binade, picked by the exponent bits;
 *       t = 2m - 3 in [-1, 1) from the significand m in [1, 2) (exact);
 *       v = a_hi + (a_lo + t R(t)/Q(t)), R of degree 5 and Q of degree 6
 *       with Q(0) = 1, both by Estrin's scheme. W0 = v for x >= 1; for
 *       x < 1, v approximates H and W0 = x + x v.
 *   x >= 1024 (beyond the table): the asymptotic start L1 - L2 + L2/L1,
 *       L1 = ln x, L2 = ln L1 (Corless et al., eq. 4.19), then two steps of
 *       the fourth-order iteration of Fritsch, Shafer and Crowley, "Solution
 *       of the transcendental equation w e^w = x", CACM 16 (1973) 123-124:
 *       z = ln(x/w) - w, q = 2(1+w)(1+w+2z/3), w <- w(1 + z/(1+w)·(q-z)/(q-2z)).
 *       Four log calls; the last bit there can depend on the libm's log.
 * The coefficients were fitted with mpmath by tests/ref/gen_w0_ref.py coefs:
 * least squares at Chebyshev nodes with Lawson iterations towards the
 * minimax error (and Sanathanan-Koerner reweighting for the rational
 * pieces), the error weighted relative to W0, then the coefficients rounded
 * to double one at a time with the rest refitted. Approximation error with
 * the rounded coefficients: below 2^-57 relative to W0 on every binade
 * piece, below 2^-56.5 on every p piece (2^-60 and less from p = 1/2 on).
 *
 * Accuracy, in ulp of the true value: at most 1.6 ulp measured anywhere on
 * [-1/e, +inf) (the documented bound is 4; on (-1/e, 2^-8), the p pieces,
 * the test asserts 2). tests/transform/test_lambert_w.c (binary128 and
 * mpmath references, 1.4 million points and ulp ladders) prints per regime:
 * within 1e-3 of -1/e 1.47; [-1/e, -0.25] 1.60; [-1/e, 0) 1.55; |x| <= 1e-3,
 * subnormals included, 1.24; [-0.3, 3] 1.41; [3, 1000] 0.79; beyond 1000
 * 0.94. On the p pieces the error is mostly the rounding of p (sqrt and
 * 2e·d, ~2^-53 of p), which H's slope dH/dp carries into W0.
 *
 * Cost (x86-64 SSE2 without FMA, gcc -O2, Zen 5, `make bench-core`, ratios
 * to glibc exp() on [-10, 10] in the same run): on uniformly random x in
 * [-1/e, 1000], 1.35 x exp per call in throughput and 1.47 x in latency; on
 * [-1/e, 0), 2.2 x in both (the same as the three regimes before, which
 * that benchmark's inputs, 84 % in the negative binades, mostly predicted
 * right); inside fric_plan_phi_z, where the argument wanders over
 * [-1/e, 0), the plan went from 5.7 to 4.3 x exp. The tables take 3.8 KiB.
 * Deterministic (the p pieces use + - x and sqrt only; bit-identical with
 * gcc, clang and Emscripten); no allocation; no state.
 */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "friction.h"

/* 1/e = EM1_HI + EM1_LO to about 106 bits; -EM1_HI is the double nearest
 * -1/e. E2_HI: 2e rounded to double. */
#define EM1_HI 0x1.78b56362cef38p-2
#define EM1_LO (-0x1.ca8a4270fadf5p-57)
#define E2_HI 0x1.5bf0a8b145769p+2

/* A binade piece, x in [2^k, 2^(k+1)): v(t) = a_hi + (a_lo + t R(t)/Q(t)). */
typedef struct {
    double a_hi, a_lo;  /* v(0) as a double-double */
    double r[6];        /* R(t) = r[0] + r[1] t + ... + r[5] t^5 */
    double q[6];        /* Q(t) = 1 + q[0] t + ... + q[5] t^6 */
} w0_piece;

/* A p piece, p in [j/16, (j+1)/16): H = W0/x - 1 = a_hi + (a_lo + t P(t)). */
typedef struct {
    double a_hi, a_lo;  /* H at t = 0 as a double-double */
    double c[8];        /* P(t) = c[0] + c[1] t + ... + c[7] t^7 */
} w0_ppiece;

#define W0_NPOS 18      /* binade pieces 0..17: x in [2^(k-8), 2^(k-7)) */
#define W0_NXH 8        /* binade pieces 0..7 (x < 1) give H = W0/x - 1, the rest W0 */
#define W0_NP 23        /* p pieces: p in [0, 23/16) covers x in [-1/e, 2^-8) */

/* tests/ref/gen_w0_ref.py coefs */
static const w0_piece w0_pieces[W0_NPOS] = {
    {-0x1.7ca8e5f2fcbbdp-8, -0x1.ba17beb0ecfe7p-64, {-0x1.f723757a90c6dp-10, -0x1.aa097f54eac1cp-16, -0x1.050e984f09561p-23, -0x1.16f64b1cc2e9cp-32, -0x1.e7ea29b894451p-43, -0x1.eb6b198f58df0p-55}, {+0x1.081fa0826bf0dp-6, +0x1.a396bcd89399ap-14, +0x1.411598dd2a078p-22, +0x1.e24786b6f5469p-32, +0x1.3df36273d3110p-42, +0x1.00afecadb245bp-54}},  /* 0 x in [0.00390625, 0.0078125): W0 = x + x H(t), H = W0/x - 1 */
    {-0x1.7963320fcf0c1p-7, +0x1.8739d34b4355fp-61, {-0x1.ee8bbc29f7cb3p-9, -0x1.9c53e8a6d1428p-14, -0x1.f18fe66774c9fp-21, -0x1.05c6e20f87892p-28, -0x1.c2e2d7dab6feap-38, -0x1.bf4e65b298f1ap-49}, {+0x1.042a38153067ep-5, +0x1.9723a2773cb6dp-12, +0x1.32f2386392a59p-19, +0x1.c64900155bc72p-28, +0x1.272a1f49bbf7fp-37, +0x1.d5d56a07a7255p-49}},  /* 1 x in [0.0078125, 0.015625): W0 = x + x H(t), H = W0/x - 1 */
    {-0x1.7309b6905bedfp-6, -0x1.5a01f164068cfp-60, {-0x1.de1edb6c03c61p-8, -0x1.82c2898df4a44p-12, -0x1.c4d4e0f489eb1p-18, -0x1.ce5b629b25377p-25, -0x1.826f1f8257082p-33, -0x1.742e3bc39ef70p-43}, {+0x1.f934ab3db5c1dp-5, +0x1.7fe0a53687f45p-10, +0x1.191a27b3276afp-16, +0x1.943582447a119p-24, +0x1.fe870164deb8ap-33, +0x1.8b28b6e78187dp-43}},  /* 2 x in [0.015625, 0.03125): W0 = x + x H(t), H = W0/x - 1 */
    {-0x1.670febcd01cf6p-5, -0x1.d2f2eac4cebd0p-59, {-0x1.c00537ecd7851p-7, -0x1.5610848a75bbep-10, -0x1.7a0eb2fc05b2bp-15, -0x1.6c713b6da1d4dp-21, -0x1.1faad645a50ebp-28, -0x1.05d4bf9e5659fp-37}, {+0x1.dd82eb47a0df6p-4, +0x1.570d7bec8fb8dp-8, +0x1.db37c7da95578p-14, +0x1.43597896bda04p-20, +0x1.82cbaf635ca50p-28, +0x1.1bde2638092c7p-37}},  /* 3 x in [0.03125, 0.0625): W0 = x + x H(t), H = W0/x - 1 */
    {-0x1.519e61810d78fp-4, +0x1.28c3260e0cf98p-59, {-0x1.8cedd81bb8f91p-6, -0x1.1087fea8ef2f4p-8, -0x1.0eef07218875dp-12, -0x1.d605e983e7e02p-18, -0x1.4e0b4d7c2f8f8p-24, -0x1.1219c4e3683ecp-32}, {+0x1.ae81d165834d0p-3, +0x1.170122b094192p-6, +0x1.5cebf3dfbc1c5p-11, +0x1.ad1a16ce81ec0p-17, +0x1.d0827ddcd6476p-24, +0x1.351fbf1a38167p-32}},  /* 4 x in [0.0625, 0.125): W0 = x + x H(t), H = W0/x - 1 */
    {-0x1.2e794f93724afp-3, +0x1.7c87091d0671fp-62, {-0x1.40af01e507bedp-5, -0x1.6ec1aecada0c7p-7, -0x1.2fcfa2e818afep-10, -0x1.b77de54833491p-15, -0x1.04c1935ebd4e2p-20, -0x1.66115ccdf20fdp-28}, {+0x1.68164b747327ap-2, +0x1.86ca5ee18c22ap-5, +0x1.99bd8d8919732p-9, +0x1.a7316ee2e455dp-14, +0x1.81a4dd46e6977p-20, +0x1.b18a40a2154f2p-28}},  /* 5 x in [0.125, 0.25): W0 = x + x H(t), H = W0/x - 1 */
    {-0x1.f846202985ec5p-3, +0x1.9ac1bd3539443p-59, {-0x1.c5981697c4a16p-5, -0x1.853a2d4097e33p-6, -0x1.e43cfe46b031cp-9, -0x1.075563abe8784p-12, -0x1.d6c80e8bda320p-18, -0x1.e8c32b39c0b42p-25}, {+0x1.0ff1a3a3c9b57p-1, +0x1.be7ad8bad7db4p-4, +0x1.62cd6c750fcc0p-7, +0x1.1674327a0595bp-11, +0x1.82f4e4f67f77bp-17, +0x1.4d4f948e46751p-24}},  /* 6 x in [0.25, 0.5): W0 = x + x H(t), H = W0/x - 1 */
    {-0x1.7f741dc0d199cp-2, -0x1.2d61297ab3d32p-56, {-0x1.10bb39a48bbeep-4, -0x1.389a045bbc347p-5, -0x1.0409d19b94b26p-7, -0x1.7ad6fdc8f4babp-11, -0x1.c6ca4b900982fp-16, -0x1.3e94d4fa8f1fcp-22}, {+0x1.6e78dd9b19f60p-1, +0x1.9637f6ff8cdfdp-3, +0x1.b4f7bab88fc02p-6, +0x1.d1b0f9d230da4p-10, +0x1.b93e1e61ef64fp-15, +0x1.04a9065dcd4b4p-21}},  /* 7 x in [0.5, 1): W0 = x + x H(t), H = W0/x - 1 */
    {+0x1.73a41992127b6p-1, -0x1.2ae856529e3ffp-55, {+0x1.1f1d8a1355f69p-3, +0x1.8222d0cc37a4ep-4, +0x1.75993d4c6ba68p-6, +0x1.378ffc973cb77p-9, +0x1.9e498b67d583dp-14, +0x1.25ac69b777c52p-20}, {+0x1.90f958bd65bf6p-1, +0x1.daf5751501804p-3, +0x1.076b44b7cb689p-5, +0x1.10f04c8a7e7c3p-9, +0x1.c16c61e83f475p-15, +0x1.59c75762bb5e7p-22}},  /* 8 x in [1, 2) */
    {+0x1.0cc6d44fa669cp+0, -0x1.a5b79b03c896bp-54, {+0x1.5da4cbeb330f1p-3, +0x1.059a7c8e07a2bp-3, +0x1.19c2e3e76ec84p-5, +0x1.05b8cad1cb5f3p-8, +0x1.83db9f3795812p-13, +0x1.32791dd9d9a5dp-19}, {+0x1.c01ac5f3541c9p-1, +0x1.28e9f42f3a03ep-2, +0x1.70fbcedc67992p-5, +0x1.ad25696d3b655p-9, +0x1.8db1b6dae6361p-14, +0x1.5a28e8495cd1ap-21}},  /* 9 x in [2, 4) */
    {+0x1.6eb214531e0e8p+0, +0x1.c88939f57a8d0p-56, {+0x1.9202f9c6e158dp-3, +0x1.3eeb10e2a4a48p-3, +0x1.6c50cae7743bfp-5, +0x1.670c201e083bbp-8, +0x1.1a5df08299b19p-12, +0x1.d99218a58bca3p-19}, {+0x1.dd1551f5736c9p-1, +0x1.50d81a56f8871p-2, +0x1.be8a65a29e536p-5, +0x1.15686c45229d4p-8, +0x1.1339cbbd30a37p-13, +0x1.0185e1b98d2c6p-20}},  /* 10 x in [4, 8) */
    {+0x1.dce190e72c9b3p+0, +0x1.cf4271d9c8392p-58, {+0x1.bc34f6d283ed9p-3, +0x1.6b8967efee867p-3, +0x1.ac7f8feb62bd7p-5, +0x1.b3d2481d40283p-8, +0x1.61c3ebd562fb6p-12, +0x1.321e3d62d24f9p-18}, {+0x1.edf08f384677dp-1, +0x1.694a017535c08p-2, +0x1.f08fe0ded2084p-5, +0x1.402b3c8626699p-8, +0x1.4a35c0bdd0e96p-13, +0x1.42335e8954f04p-20}},  /* 11 x in [8, 16) */
    {+0x1.2a6f8e1429ba4p+1, +0x1.d8936851b9aa4p-54, {+0x1.ddc17a4a97e72p-3, +0x1.8d7a6c6fec0adp-3, +0x1.dc52b2985c6bbp-5, +0x1.ec979a92b8f89p-8, +0x1.9691044ecb422p-12, +0x1.659b51b8cdf6ap-18}, {+0x1.f79d06ada45fap-1, +0x1.77bdfc50fed12p-2, +0x1.078804f00b257p-4, +0x1.5b1934875bfd7p-8, +0x1.6e106edd88b27p-13, +0x1.6e2155fded2d7p-20}},  /* 12 x in [16, 32) */
    {+0x1.6a53d1f858265p+1, +0x1.73d2ab47fdf55p-53, {+0x1.f874dcf78d7e6p-3, +0x1.a7655f2aa760cp-3, +0x1.ffe28add6f85cp-5, +0x1.0b0aed2743405p-7, +0x1.bcba98112de4fp-12, +0x1.8a86db9eb3618p-18}, {+0x1.fd3ed543bb374p-1, +0x1.804fcf547ce41p-2, +0x1.10bfc9d634228p-4, +0x1.6bb7354507ad7p-8, +0x1.84b52040ed964p-13, +0x1.8ab3955d0d9bbp-20}},  /* 13 x in [32, 64) */
    {+0x1.ad54c8459589cp+1, -0x1.65d035e3eee14p-56, {+0x1.06f0d0cd97a74p-2, +0x1.bb7ff1f8a6f8dp-3, +0x1.0d63ce1eb7454p-4, +0x1.1a6ea3f7d41ccp-7, +0x1.d89bfcff69393p-12, +0x1.a5269125416cap-18}, {+0x1.0050099cad4b5p+0, +0x1.85845414b74f3p-2, +0x1.166bdcf3a2510p-4, +0x1.7616f43b0d6afp-8, +0x1.9315f923dfed5p-13, +0x1.9d469add01e3cp-20}},  /* 14 x in [64, 128) */
    {+0x1.f2d86a4479309p+1, +0x1.f16218ff22aa6p-59, {+0x1.0fa251c7781d4p-2, +0x1.cb668fceaf1e0p-3, +0x1.17cdf3a5d4a2ap-4, +0x1.2624d66a174bbp-7, +0x1.ed82ff067ea3dp-12, +0x1.b8d72de673ad5p-18}, {+0x1.015e0d9ea580bp+0, +0x1.88cb5cfe51fb9p-2, +0x1.1a07203dcfadfp-4, +0x1.7cc2850cc9a68p-8, +0x1.9c757fcc6c3a3p-13, +0x1.a9a2c28e78da2p-20}},  /* 15 x in [128, 256) */
    {+0x1.1d345631fd974p+2, -0x1.c286760e52fa6p-54, {+0x1.16c6a16968a2dp-2, +0x1.d83852d547aa1p-3, +0x1.201087f0d712ap-4, +0x1.2f4cc64e0c03fp-7, +0x1.fda49d45c5bdbp-12, +0x1.c7da12a975ce5p-18}, {+0x1.020dad00b4029p+0, +0x1.8af0ea5a1f70ep-2, +0x1.1c68a63656fc0p-4, +0x1.813467ebcaaa7p-8, +0x1.a2c7b7bf7ebc8p-13, +0x1.b22117566eaefp-20}},  /* 16 x in [256, 512) */
    {+0x1.41d53d701f338p+2, +0x1.a6c49907956f7p-52, {+0x1.1cb6f6ed6fcb5p-2, +0x1.e2bbf9052a40dp-3, +0x1.26c1568b7452bp-4, +0x1.36a1bbbe30074p-7, +0x1.05362f05dc18ap-11, +0x1.d39f341343a2ap-18}, {+0x1.028455c8391f8p+0, +0x1.8c66606f5c8f3p-2, +0x1.1e09a2b8b231dp-4, +0x1.8445239eeb066p-8, +0x1.a72f93ed29419p-13, +0x1.b826fe5c11e57p-20}},  /* 17 x in [512, 1024) */
};

static const w0_ppiece w0_p_pieces[W0_NP] = {
    {+0x1.a2afc9082538fp+0, -0x1.4b13c943723b6p-54, {-0x1.4a768f8453bbap-4, +0x1.0da16ee901870p-9, -0x1.9d7e4887d6351p-15, +0x1.33afce5b433bfp-20, -0x1.c2100111ee927p-26, +0x1.4587eb33610cep-31, -0x1.d3d9392fa0849p-37, +0x1.4debe9bcf963bp-42}},  /* 0 p in [0, 0.0625), x from -0.367879 */
    {+0x1.7b63884bf8bfcp+0, +0x1.ee5e30834e63ep-55, {-0x1.2b0a3eae93abcp-4, +0x1.d46da2cf5c332p-10, -0x1.58a017c17b5ccp-15, +0x1.ebf8a256070a0p-21, -0x1.5915c6ad9705ep-26, +0x1.deb83ea58cd5fp-32, -0x1.49d6003a30a47p-37, +0x1.c375adca97006p-43}},  /* 1 p in [0.0625, 0.125), x from -0.367161 */
    {+0x1.57c20fbdda6f5p+0, -0x1.ba5f9f1293e24p-58, {-0x1.0fab2f1895d03p-4, +0x1.992e4e5f4a0a8p-10, -0x1.21536093bfaf9p-15, +0x1.8cdc748f797a4p-21, -0x1.0b6f2596b796ap-26, +0x1.64626eadcfa9fp-32, -0x1.d7adf46f8dff5p-38, +0x1.360d8ff98638cp-43}},  /* 2 p in [0.125, 0.1875), x from -0.365005 */
    {+0x1.3754815b6e0fcp+0, -0x1.9b55f934ee51bp-55, {-0x1.ef656faeed634p-5, +0x1.67469e0b4d7a0p-10, -0x1.e9125a189f70ap-16, +0x1.42cc9c866b7b2p-21, -0x1.a29d51e08846bp-27, +0x1.0c5be5426e662p-32, -0x1.55ac7b97a1ca0p-38, +0x1.b01ec3888698cp-44}},  /* 3 p in [0.1875, 0.25), x from -0.361413 */
    {+0x1.19b6c38818d42p+0, -0x1.5687be0079735p-54, {-0x1.c533d11af1383p-5, +0x1.3cf79bfec473cp-10, -0x1.9fef84f1d3ba1p-16, +0x1.0893ce62743d6p-21, -0x1.4aa07f15b7732p-27, +0x1.987173d448779p-33, -0x1.f4fe893d07abap-39, +0x1.3136dd29eb6b5p-44}},  /* 4 p in [0.25, 0.3125), x from -0.356383 */
    {+0x1.fd27fbcda41f3p-1, -0x1.7c3d1f1c4395cp-57, {-0x1.9fe53d5de7c61p-5, +0x1.18e2109ffc461p-10, -0x1.63c8204b9a4b8p-16, +0x1.b4ce874ba6bd3p-22, -0x1.0759973255b76p-27, +0x1.39e339788ddb5p-33, -0x1.736c861eed2f7p-39, +0x1.b49898a9bdb23p-45}},  /* 5 p in [0.3125, 0.375), x from -0.349917 */
    {+0x1.cb47ae39460d2p-1, +0x1.2f52d7e4e7c20p-57, {-0x1.7ec495a712dbap-5, +0x1.f3df19d0c1415p-11, -0x1.31f6f5ac5125ap-16, +0x1.6af7b41d0e09dp-22, -0x1.a6d6799ca125ap-28, +0x1.e6dd040ca1005p-34, -0x1.163c96b10f7b2p-39, +0x1.3be8e75545bc1p-45}},  /* 6 p in [0.375, 0.4375), x from -0.342013 */
    {+0x1.9d508a4a1c5fep-1, +0x1.dec59e90e63e3p-56, {-0x1.613be4510e01cp-5, +0x1.be8306aa48366p-11, -0x1.087183b3e06c5p-16, +0x1.2f7a04414db31p-22, -0x1.55f4b6710fa06p-28, +0x1.7cce57ec17bf7p-34, -0x1.a4e9dc48a6333p-40, +0x1.ce2b05fd08092p-46}},  /* 7 p in [0.4375, 0.5), x from -0.332672 */
    {+0x1.72d79c419c01ep-1, +0x1.8b1d2651c4602p-55, {-0x1.46ce33b05b29fp-5, +0x1.904966ccfde59p-11, -0x1.cb421daa27181p-17, +0x1.fe686f7d99a76p-23, -0x1.1672d2d79ef19p-28, +0x1.2c3ad768036eep-34, -0x1.414592718daffp-40, +0x1.55836807c30b7p-46}},  /* 8 p in [0.5, 0.5625), x from -0.321895 */
    {+0x1.4b804086116ffp-1, +0x1.cdc6a71e5280ep-56, {-0x1.2f12c2d85d13cp-5, +0x1.680f687138b35p-11, -0x1.908cb112b65d9p-17, +0x1.af8bb1f64d05ap-23, -0x1.c8650aed92c96p-29, +0x1.dcf2401ba3193p-35, -0x1.eea0162897a2ep-41, +0x1.fd9924cc555c4p-47}},  /* 9 p in [0.5625, 0.625), x from -0.309680 */
    {+0x1.26f9db9cf0817p-1, +0x1.3823c12572780p-59, {-0x1.19b142b56b3afp-5, +0x1.44e78d2fefe3ap-11, -0x1.5ec9b5d121d78p-17, +0x1.6eb9834e54442p-23, -0x1.784b21b6b652dp-29, +0x1.7d7fa6560d8d3p-35, -0x1.7fc82113e3e67p-41, +0x1.7f865eec61309p-47}},  /* 10 p in [0.625, 0.6875), x from -0.296028 */
    {+0x1.04fdfd5aad0c9p-1, -0x1.8ce58deaa5ed2p-55, {-0x1.065edca62ca7fp-5, +0x1.260eab17de044p-11, -0x1.3466c45349f22p-17, +0x1.3921b5fdc63d1p-23, -0x1.38044c5cdaeccp-29, +0x1.332aaed478e30p-35, -0x1.2c0cc8b7c45f0p-41, +0x1.23280faf69f82p-47}},  /* 11 p in [0.6875, 0.75), x from -0.280939 */
    {+0x1.ca9db24bc5854p-2, -0x1.6b96a6ff49893p-59, {-0x1.e9b7a80391b42p-6, +0x1.0ae36f10cb7dfp-11, -0x1.10210b33ed1f7p-17, +0x1.0c93a1d932999p-23, -0x1.041b7ada729fep-29, +0x1.f1b669a0fbf66p-36, -0x1.d86df5b70cf3ap-42, +0x1.bd7bfe1834f33p-48}},  /* 12 p in [0.75, 0.8125), x from -0.264413 */
    {+0x1.8f6c04705ab32p-2, +0x1.fb4802e967d04p-57, {-0x1.c9e33f66294e9p-6, +0x1.e5bf829ab448fp-12, -0x1.e1e7cd24a67bdp-18, +0x1.ceaf357a9453ap-24, -0x1.b3dd1b8157993p-30, +0x1.9599044d0dbcap-36, -0x1.766c0c04c77e9p-42, +0x1.575a15cfd9fd5p-48}},  /* 13 p in [0.8125, 0.875), x from -0.246450 */
    {+0x1.5806bd247de37p-2, +0x1.a2473c70ffe78p-58, {-0x1.ace2c3389e46bp-6, +0x1.bb272e5fdd024p-12, -0x1.ac173e02d3005p-18, +0x1.9024e539f4220p-24, -0x1.6ef03000534e0p-30, +0x1.4c5daf662d2bdp-36, -0x1.2a9d5475cb650p-42, +0x1.0a824d282a374p-48}},  /* 14 p in [0.875, 0.9375), x from -0.227051 */
    {+0x1.24188c716775bp-2, +0x1.c789247d7bfbdp-56, {-0x1.92654f7f9296cp-6, +0x1.9541b8edc483cp-12, -0x1.7d767c2f4a5b7p-18, +0x1.5b607424f9511p-24, -0x1.36500e8fcfab9p-30, +0x1.11c9b4bc03f75p-36, -0x1.df3593a3a73bdp-43, +0x1.a09b99a118efcp-49}},  /* 15 p in [0.9375, 1), x from -0.206214 */
    {+0x1.e6ab1a054cba2p-3, +0x1.9aceae1f546e9p-57, {-0x1.7a24cfa7485abp-6, +0x1.737066e8b3bb9p-12, -0x1.54e9645347d1dp-18, +0x1.2ea88da02f5e5p-24, -0x1.078dc6b252454p-30, +0x1.c550f7e394ee7p-37, -0x1.82a27705d3861p-43, +0x1.479274321759dp-49}},  /* 16 p in [1, 1.0625), x from -0.183940 */
    {+0x1.8af40ba4af54bp-3, -0x1.31a5193caed08p-57, {-0x1.63e452c867708p-6, +0x1.552cb817da924p-12, -0x1.318560417a6bdp-18, +0x1.089a326e68366p-24, -0x1.c18251a9ebb6bp-31, +0x1.790f07c692a69p-37, -0x1.39ad9feb0f081p-43, +0x1.033298aaa23cfp-49}},  /* 17 p in [1.0625, 1.125), x from -0.160229 */
    {+0x1.3492b8edcdc32p-3, +0x1.c6f29a8583f68p-58, {-0x1.4f6eaa94f5b77p-6, +0x1.3a0439cddeb50p-12, -0x1.1287d0fd4dd2cp-18, +0x1.d02c7ed40b42dp-25, -0x1.80d28744b05b3p-31, +0x1.3b0a6d2e73214p-37, -0x1.ff91c08b98f19p-44, +0x1.9c814666396f2p-50}},  /* 18 p in [1.125, 1.1875), x from -0.135081 */
    {+0x1.c634beb795ad5p-4, -0x1.1d5ac79d33c8bp-58, {-0x1.3c954678c7593p-6, +0x1.219525f632fb5p-12, -0x1.ee9d00623662ap-19, +0x1.98667672f0306p-25, -0x1.4aa97efa2b61cp-31, +0x1.0859e05080365p-37, -0x1.a328dc99487d7p-44, +0x1.4a177009a2ac7p-50}},  /* 19 p in [1.1875, 1.25), x from -0.108496 */
    {+0x1.2c524d6bd8a87p-4, +0x1.d05335ea4c164p-59, {-0x1.2b2f3f88c9064p-6, +0x1.0b8ba3ecb4803p-12, -0x1.bea34425b7d78p-19, +0x1.6864b62abe37cp-25, -0x1.1d2019f8859d3p-31, +0x1.bd72444eb7a20p-38, -0x1.58f6d4f20a2eap-44, +0x1.0960b07c60311p-50}},  /* 20 p in [1.25, 1.3125), x from -0.080474 */
    {+0x1.359b43b7dc0d9p-5, +0x1.caff6bb3fc7fep-59, {-0x1.1b188c38cf498p-6, +0x1.ef3f13f83d4afp-13, -0x1.943e1bee4a845p-19, +0x1.3eeded3a250b4p-25, -0x1.ed5f61f56f83cp-32, +0x1.78c36e9a24783p-38, -0x1.1d3e3418b5255p-44, +0x1.ad05141aec616p-51}},  /* 21 p in [1.3125, 1.375), x from -0.051015 */
    {+0x1.10731b8f0b6f2p-8, -0x1.acd7d7f1d4c8ap-64, {-0x1.0c3154a44aec4p-6, +0x1.cb250b73e0b3dp-13, -0x1.6eacd2d1f4c4cp-19, +0x1.1affacf6ef785p-25, -0x1.ac3acb40c6801p-32, +0x1.3fdb58d53fd7bp-38, -0x1.d9cab39ca9e09p-45, +0x1.5c79126bea74cp-51}},  /* 22 p in [1.375, 1.4375), x from -0.020118 */
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

/* x in (-1/e, 2^-8), x != 0: the p pieces, without a branch. */
static double w0_p(double x)
{
    /* e x + 1 = e (x + 1/e): x + EM1_HI is exact and at least 2^-54 (x lies
     * above -EM1_HI), so d > 0. 2e rounded to double (E2_HI) moves p by at
     * most 2^-55 of itself. */
    double d = (x + EM1_HI) + EM1_LO;
    double p = sqrt(d * E2_HI);
    double u = 16.0 * p;
    int j = (int)u;                                     /* 0..22 */
    const w0_ppiece *pc = &w0_p_pieces[j];
    const double *c = pc->c;
    double t = (u + u) - (double)(2 * j + 1);
    double t2 = t * t, t4 = t2 * t2;
    double pt = ((c[0] + c[1] * t) + t2 * (c[2] + c[3] * t))
              + t4 * ((c[4] + c[5] * t) + t2 * (c[6] + c[7] * t));
    return x + x * (pc->a_hi + (pc->a_lo + t * pt));
}

/* +-0, x >= 1024, +inf, the double nearest -1/e, x below it, NaN */
static double w0_slow(double x)
{
    if (x == -EM1_HI)
        return -1.0;
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
    return x == 0.0 || isnan(x) ? x : (double)NAN;     /* +-0; x < -1/e or -inf */
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
    if (x > -EM1_HI && x < 0x1p-8 && x != 0.0)
        return w0_p(x);
    return w0_slow(x);
}
