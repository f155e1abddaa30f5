/*
 * quad_ref.h: an independent high-precision reference for the friction laws
 * and their implicit transform, in IEEE binary128 (__float128, libquadmath).
 *
 * Written from the papers' definitions only; it shares no code with core/src.
 * Only the parameter struct fric_law is taken from friction.h.
 *
 *   Φ(v)       Coulomb-viscous  Fc·sgn v + D·v                      Kikuuwe eq. 24
 *              Stribeck         (Fs−Fc)·e^(−|v/vs|^α)·sgn v
 *                               + Fc·sgn v + D·v                    Cisneros eq. 21
 *              rational         Fc + D·v + (Fs−Fc)·vs/(v+vs), v > 0,
 *                               odd extension                       Cisneros eqs. 33, 38-42 (δ = vs)
 *   Φ_Z(x)     the y with y = Φ(x − Z·y) (Kikuuwe Theorem 1, eqs. 16-17),
 *              x/Z in the static band |x| ≤ Z·Φ(+0); found by plain
 *              bisection on the binary128 ordering of y (at most 115
 *              halvings, down to 2^-99 ≈ 1.6e-30 relative; residual
 *              evaluation adds ~1e-34/(1 + Z·Φ'(s)) near-critical).
 *   m          −inf_{v>0} Φ'(v): the law satisfies Kikuuwe eq. 15 with Z iff
 *              1/Z > m. A closed form (derived in quad_ref.c) and an
 *              independent scan + golden-section minimisation.
 *
 * Also the papers' printed closed forms, evaluated literally, so that tests
 * can check them against the bisection: Kikuuwe eq. 25, Cisneros eqs. 25-30
 * (Stribeck α = 1) and eqs. 39-48 (rational).
 *
 * Every public name starts with quad_ (all tests link every support file).
 */
#ifndef QUAD_REF_H
#define QUAD_REF_H

#include "friction.h"

/* __extension__ keeps -Wpedantic quiet about the GNU type. */
__extension__ typedef __float128 quad_real;

/* Conversions and basic helpers. */
quad_real quad_from(double x);
double    quad_to_double(quad_real x);
quad_real quad_abs(quad_real x);
quad_real quad_max(quad_real a, quad_real b);
int       quad_isnan(quad_real x);

/* Φ(v) with Φ(0) = 0, Φ(+0), and Φ'(v) for v ≠ 0 (even in v). The law is
 * assumed valid (fric_law_check_params); the reference does not validate. */
quad_real quad_phi(const fric_law *law, quad_real v);
quad_real quad_phi_plus0(const fric_law *law);
quad_real quad_dphi(const fric_law *law, quad_real v);

/* m = −inf_{v>0} Φ'(v) from a closed form (+inf for Stribeck α < 1). */
quad_real quad_slope_m(const fric_law *law);
/* The same m found numerically: a log-spaced scan of Φ'(v) over
 * v/vs ∈ [1e-30, 1e4] (v/D-free for Coulomb-viscous) and a golden-section
 * refinement around the smallest sample. Independent of quad_slope_m. */
quad_real quad_slope_m_scan(const fric_law *law);
/* sup_{v>0} |Φ'(v)| = max(D, m) (Φ' ∈ [−m, D] for all three laws). */
quad_real quad_slope_l(const fric_law *law);

/* Φ_Z(x) by bisection (see above). x, Z as given; Z > 0 assumed valid. */
quad_real quad_phi_z(const fric_law *law, quad_real Z, quad_real x);
/* The same, starting from the bracket hint·(1 ± 2^-40) when the sign of
 * y − Φ(x − Z·y) at its ends shows that it encloses the root (and from the
 * full bracket otherwise). The hint only saves halvings; the result is the
 * bisection's, whatever the hint (NaN: no hint). */
quad_real quad_phi_z_hint(const fric_law *law, quad_real Z, quad_real x, double hint);

/* Condition scale of Φ_Z at x, given y = quad_phi_z(x): how far a correct double-precision
 * implementation may be from the exact value, in units of the unit roundoff.
 * With y = Φ_Z(x), s = x − Z·y:
 *     (max(|y|, Φ(+0)) + |Φ'(s)|·(|x| + Z·|y|)) / (1 + Z·Φ'(s))
 * in the kinetic region (first-order perturbation of y = Φ(x − Z·y) in y, x,
 * Z and the law's parameters by one rounding each), and max(|y|, Φ(+0)) in
 * the static band. */
quad_real quad_phi_z_scale(const fric_law *law, quad_real Z, quad_real x, quad_real y);

/* Principal Lambert W0 on [−1/e, +inf) by bisection on w·e^w (used only by
 * the printed-formula evaluators). */
quad_real quad_lambert_w0(quad_real x);

/* Printed closed forms, evaluated literally in binary128:
 *   quad_printed_cv:        Kikuuwe eq. 25;
 *   quad_printed_stribeck1: Cisneros eqs. 25-30 (α = 1; y+ eq. 27 for
 *                           x > Z·Fs, y− eq. 28 for x < −Z·Fs);
 *   quad_printed_rational:  Cisneros eqs. 38-42 for γ, δ, α, β, then
 *                           eqs. 44-48 (b± = −(±x + δ ± 2DZx + αZ)) with the
 *                           band of eq. 30. With fix_b_minus != 0, b− is
 *                           replaced by the value re-derived from eq. 33 for
 *                           x < 0:  b− = −x + δ − 2DZx + αZ. */
quad_real quad_printed_cv(const fric_law *law, quad_real Z, quad_real x);
quad_real quad_printed_stribeck1(const fric_law *law, quad_real Z, quad_real x);
quad_real quad_printed_rational(const fric_law *law, quad_real Z, quad_real x,
                                int fix_b_minus);

/* Z of Kikuuwe's element k from its definition d: T/M (eq. 26), T/C with
 * C = M + TB + T²K (eqs. 35-36), 1/(B + TK) (eq. 38),
 * (T²K + TB + M)/(M(B + TK)) (eq. 44); NaN for another k. */
quad_real quad_elem_z(fric_elem_kind k, const fric_elem_def *d);

/* ---------------------------------------------------------- test helpers */

/* A small deterministic PRNG (xorshift64*), so that every run draws the same
 * parameter sets; seed with any nonzero value. */
typedef struct { unsigned long long s; } quad_rng;
double quad_rng_uniform(quad_rng *r);                        /* [0, 1)      */
double quad_rng_range(quad_rng *r, double lo, double hi);    /* [lo, hi)    */
double quad_rng_log(quad_rng *r, double lo, double hi);      /* log-uniform */

#endif /* QUAD_REF_H */
