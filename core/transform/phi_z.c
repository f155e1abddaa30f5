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
 * Stribeck, α ≠ 1: no closed form; see solve_slip below (the one Newton
 * solver of the core, also serving the bench's implicit treatment).
 *
 * Prepared transforms: fric_plan_init validates once and precomputes every
 * constant; fric_plan_eval does the arithmetic above with the same operations
 * in the same order as before plans existed, so fric_phi_z (a checked
 * wrapper around a plan) kept its results bit for bit for Coulomb-viscous,
 * Stribeck α = 1 and rational laws.
 */
#include <assert.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "friction.h"
#include "base.h"
/* the slip iteration, written once for one contact and for the lane kernel */
#include "slip_formulas.h"

/* The double nearest −1/e; it lies just below −1/e. W0 returns −1 there. */
#define NEG_INV_E (-0x1.78b56362cef38p-2)

/* s(w) = e^(−(w/vs)^α) and s'(w); w >= 0 (slip_formulas.h). */
static double strib(const fric_plan *p, double w, double *ds)
{
    return fx_slip_s(w, p->vs, p->alpha, ds);
}

/*
 * The slip w = |x − Z·y| > 0 of a moving Stribeck contact, any α > 0 (Kikuuwe
 * eq. 16 written for the slip; the bench's budget, bench_step.c, has the same
 * form in torque units). With k = 1 + Z·D, C = Z·Fc, A = Z·Fsc, T = |x|:
 *   h(w) = k·w + C + A·s(w) − T = 0,   s(w) = e^(−(w/vs)^α)              (1)
 * h(0) = C + A − T < 0 outside the static band. As 0 ≤ s ≤ 1 the root lies in
 *   lo = max(0, (T − C − A)/k) ≤ w ≤ hi = (T − C)/k,                     (2)
 * h(lo) ≤ 0 ≤ h(hi) = A·s(hi). A = 0: w = hi exactly.
 * Uniqueness: h' = k + A·s', s' = −(α/w)·(w/vs)^α·s ≤ 0.
 *   α ≤ 1: |s'| decreases in w, h is convex: one crossing after 0.
 *   α > 1: |s'| rises from 0 to its maximum at the inflection
 *     wc = vs·((α−1)/α)^(1/α) and falls after, so h' > 0 everywhere when
 *     k + A·s'(wc) > 0 (Kikuuwe's condition eq. 15, which fric_plan_init
 *     enforces). Otherwise (unchecked plans only: the bench) h rises on
 *     [0, w1], falls on [w1, w2], rises after; (1) can have three roots and we
 *     take the SMALLEST (friction holds as long as it can, the branch
 *     continuous with sticking): in [lo, w1] when h(w1) ≥ 0, else the unique
 *     crossing in [w1, hi]. w1 by bisection of h' on [0, wc].
 * Solve: Newton inside the bracket, bisecting whenever a step leaves it, at
 * most FX_SLIP_MAX_ITER (100) iterations. Start: the root of (1) with s linearised
 * about the previous moving call's w, s(w), s'(w) (warm), when it lies in the
 * bracket, else hi. Stop when
 *   - the predicted next Newton error (A·|s''|/(2h'))·step², with
 *     |s''| <= 0.91·max(α², 1)/w² (from u·e^−u <= e^−1, u²·e^−u <= 4e^−2),
 *     is below an ulp of w: take that last step without re-evaluating s
 *     (s updated to first order);
 *   - the Stribeck term A·s is below the rounding of T at a point known to
 *     be at or below the root: the root is hi (fast motion: one evaluation);
 *   - the bracket is 2^−52 wide.
 * Measured on the bench: 1.2 to 2 evaluations of s per moving step.
 * Returns w; *sw gets s(w). warm is updated. The iteration is written once,
 * with masks, for this one contact and the lane kernel's vector of benches
 * (core/base/slip_formulas.h, fx_slip_solve).
 */
static double solve_slip(const fric_plan *p, double C, double A, double T, fric_warm *warm,
                         double *sw)
{
    fric_warm none = { -1, 0, 0 };
    fric_warm *wm = warm ? warm : &none;
    int strict = p->alpha > 1;                          /* wc, dsc are set for α > 1 only */
    double a2 = strict ? p->alpha * p->alpha : 1;       /* |s''| <= 0.91·a2/w² */
    return fx_slip_solve(1, p->vs, p->alpha, p->k, strict ? p->wc : 0, strict ? p->dsc : 0, a2, C,
                         A, T, &wm->w, &wm->s, &wm->ds, sw);
}

/* The Stribeck fields that depend on the levels Fc, Fs. */
static void stribeck_levels(fric_plan *p, double Fc, double Fs)
{
    double Z = p->Z;
    p->Fc = Fc;
    p->Fs = Fs;
    p->Fsc = Fs - Fc;
    p->zf0 = Z * Fs;
    p->zfc = Z * Fc;
    p->zfsc = Z * p->Fsc;
    p->fc_ik = Fc * p->ik;
    p->c_psi = Z * p->Fsc * p->r;
    if (p->alpha == 1) p->skip_q = 0x1p-57 / (p->vs_z * p->c_psi);   /* +inf when Fsc = 0 */
    p->y_inf = p->D > 0 ? INFINITY : Fc;
}

void fric_plan_levels(fric_plan *p, double Fc, double Fs)
{
    assert(p->kind == FRIC_STRIBECK || p->kind == FRIC_COULOMB_VISCOUS);
    if (p->kind == FRIC_STRIBECK) {
        stribeck_levels(p, Fc, Fs);
        return;
    }
    /* Coulomb-viscous: the fields prepare() sets from Fc, by the same operations */
    p->Fc = Fc;
    p->fc_ik = Fc * p->ik;
    p->zf0 = p->zfc = p->Z * Fc;
    p->y_inf = p->D > 0 ? INFINITY : Fc;
}

/* Sets every field the evaluation of law->kind reads (and, for speed in the
 * fric_phi_z wrapper, no other): the same values, formed by the same
 * operations, as the transform has always used. */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline void prepare(fric_plan *p, const fric_law *law, double Z)
{
    double D = law->D, Fc = law->Fc, k = 1 + Z * D;
    p->kind = (int)law->kind;
    p->ready = 1;
    p->refine = 1;
    p->Z = Z;
    p->D = D;
    p->k = k;
    switch (law->kind) {
    case FRIC_COULOMB_VISCOUS:
        p->Fc = Fc;
        p->ik = 1 / k;
        p->fc_ik = Fc * p->ik;
        p->d_ik = D * p->ik;
        p->zf0 = p->zfc = Z * Fc;
        p->y_inf = D > 0 ? INFINITY : Fc;
        break;
    case FRIC_STRIBECK:
        p->vs = law->vs;
        p->alpha = law->alpha;
        if (law->alpha == 1) {
            /* 1/k as vs·(1/(vs·k)), as the closed form has always formed it */
            p->r = 1 / (law->vs * k);
            p->ik = law->vs * p->r;
            p->vs_z = law->vs / Z;
        } else {
            p->r = 0;
            p->ik = 1 / k;
            if (law->alpha > 1) {
                p->wc = law->vs * pow((law->alpha - 1) / law->alpha, 1 / law->alpha);
                strib(p, p->wc, &p->dsc);
            }
        }
        p->d_ik = D * p->ik;
        stribeck_levels(p, Fc, law->Fs);
        break;
    case FRIC_RATIONAL:
        p->Fc = Fc;
        p->vs = law->vs;
        p->zf0 = p->zfs = Z * law->Fs;
        p->zfc = Z * Fc;
        p->kvs = k * law->vs;
        p->kvs4 = 4 * k * law->vs;
        p->k2 = 2 * k;
        p->vs2 = 2 * law->vs;
        p->fscvs = (law->Fs - Fc) * law->vs;
        p->y_inf = D > 0 ? INFINITY : Fc;
        break;
    default:                                             /* unknown kind: NaN */
        p->kind = -1;
        p->zf0 = p->Fc = NAN;
        break;
    }
}

void fric_plan_prepare_unchecked(fric_plan *p, const fric_law *law, double Z)
{
    fric_plan z = { 0 };
    *p = z;
    prepare(p, law, Z);
}

fric_status fric_plan_init(fric_plan *plan, const fric_law *law, double Z, const char **why)
{
    if (!plan) {
        const char *m = fric__fail_id(FRIC_E_NULL, -1, "transform.give_fric_plan",
                            "plan is NULL: give a fric_plan to prepare.",
                            fric__no_values);
        if (why) *why = m;
        return FRIC_E_NULL;
    }
    int bad = fric_law_check(law, Z, why);
    if (bad) {
        fric_plan z = { 0 };
        *plan = z;
        plan->kind = -1;                                 /* evaluates to NaN */
        return bad;
    }
    fric_plan_prepare_unchecked(plan, law, Z);
    return 0;
}

/*
 * Stribeck α = 1, an exact shortcut: 1 when the Stribeck term of eq. 27,
 * δ = (vs/Z)·|W0(ψ)|, ψ = −c·Fsc·e^arg, is below half an ulp of
 * base = (Fc + D·a)/k, so that y = base − (vs/Z)·W0(ψ) rounds to base and
 * neither exp nor W0 need be evaluated (the far tail: |x| ≳ 50·Z·Fs on
 * Kikuuwe's test law). |W0(ψ)| = |ψ|·e^(−W0(ψ)) ≤ e·|ψ| on [−1/e, 0), so
 * δ ≤ e·(vs/Z)·c·Fsc·e^arg, and δ < 2^−54·base (< half an ulp) holds when
 * e^arg ≤ q = base·skip_q, skip_q = 2^−57/((vs/Z)·c·Fsc) (a factor 2 to
 * spare for e < 4 and exp's rounding). With q ≥ 2^E (E its binary exponent,
 * q normal), arg ≤ E·ln 2 is enough: an integer read off q's bits, no log.
 * Fsc = 0: skip_q = +inf, always (W0(−0) = −0 leaves base as it is).
 */
static inline int skip(const fric_plan *p, double base, double arg)
{
    double q = base * p->skip_q;
    if (!(q >= 0x1p-1022)) return 0;                     /* q normal (or +inf) and > 0 */
    uint64_t u;
    memcpy(&u, &q, sizeof u);
    return arg <= (double)((int)(u >> 52) - 1023) * 0x1.62e42fefa39efp-1;   /* E·ln 2 */
}

/* The evaluation; inlined into each entry point so that the unused outputs
 * (NULL pointers) cost nothing in fric_plan_phi_z and fric_phi_z. */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline double eval(const fric_plan *p, double x, fric_warm *warm, int *stuck, double *slip)
{
    double a = fabs(x), w = 0, y;
    if (stuck) *stuck = 0;
    if (p->kind < 0 || isnan(x)) {
        if (slip) *slip = NAN;
        return NAN;
    }
    if (a <= p->zf0) {                                   /* static band, eq. 16 */
        if (stuck) *stuck = 1;
        if (slip) *slip = 0;
        return x / p->Z;
    }
    if (isinf(a)) {
        if (slip) *slip = INFINITY;
        return copysign(p->y_inf, x);
    }
    double D = p->D, Fc = p->Fc;
    switch (p->kind) {
    case FRIC_COULOMB_VISCOUS:
        y = p->fc_ik + p->d_ik * a;                      /* Kikuuwe eq. 25: (Fc + D·a)/k */
        w = (a - p->zfc) * p->ik;
        break;
    case FRIC_STRIBECK:
        if (p->alpha == 1 && p->c_psi < 1) {
            double base = p->fc_ik + p->d_ik * a, arg = (p->zfc - a) * p->r;
            if (!slip && skip(p, base, arg)) {           /* vs/Z·W0 below half an ulp */
                y = base;
                break;
            }
            double psi = -p->c_psi * exp(arg);           /* eq. 25 */
            if (psi < NEG_INV_E) psi = NEG_INV_E;        /* rounding at c·Fsc → 1 */
            double w0 = fric_lambert_w0(psi);            /* eq. 24 */
            y = base - p->vs_z * w0;                     /* eq. 27 */
            if (slip) {                                  /* s = (a − Z·Fc)/k + vs·w0 */
                w = (a - p->zfc) * p->ik + p->vs * w0;
                if (w < 0) w = 0;
            }
        } else {
            double sw;
            w = solve_slip(p, p->zfc, p->zfsc, a, warm, &sw);
            if (p->refine) { double dd; sw = strib(p, w, &dd); }   /* y = Φ(w) afresh */
            y = p->Fsc * sw + Fc + D * w;                /* y = Φ(w) */
        }
        break;
    case FRIC_RATIONAL: {
        double vs = p->vs, over = a - p->zfs;            /* > 0 outside the band */
        double b = p->kvs - (a - p->zfc);
        double s;
        if (b >= 0) {                                    /* here a <= k·vs + Z·Fc: no overflow */
            s = p->vs2 * over / (b + sqrt(b * b + p->kvs4 * over));
        } else {                                         /* √d = |b|·√(1 + r), r = 4·k·vs·over/b² */
            double r = p->kvs4 * (over / b) / b;
            s = (-b / p->k2) * (sqrt(1 + r) + 1);
        }
        y = Fc + D * s + p->fscvs / (s + vs);            /* Cisneros eqs. 44-48 */
        w = s;
        break;
    }
    default:
        return NAN;
    }
    if (slip) *slip = w;
    return copysign(y, x);
}

double fric_plan_eval(const fric_plan *p, double x, fric_warm *warm, int *stuck, double *slip)
{
    assert(p && (p->ready || p->kind == -1));
    return eval(p, x, warm, stuck, slip);
}

double fric_plan_phi_z(const fric_plan *p, double x)
{
    assert(p && (p->ready || p->kind == -1));
    return eval(p, x, 0, 0, 0);
}

double fric_phi_z(const fric_law *law, double Z, double x)
{
    if (!fric_law_ok(law, Z) || isnan(x)) return NAN;
    fric_plan p;
    prepare(&p, law, Z);                                 /* only what law->kind needs */
    return eval(&p, x, 0, 0, 0);
}

double fric_phi_z_approx(const fric_law *law, double Z, double x)
{
    if (!fric_law_ok(law, Z) || isnan(x)) return NAN;
    double phi = fric_phi(law, x);
    return fabs(x / Z) > fabs(phi) ? phi : x / Z;        /* Kikuuwe eq. 46 */
}
