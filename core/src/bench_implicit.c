/*
 * bench_implicit.c: the implicit friction of one pendulum-bench step.
 *
 * Kikuuwe et al. (2006) element A (eq. 26) applied to Algorithm 1 of
 * Duclusaud & Passault. With Z = dt/J and the friction-free velocity
 *   v* = θ̇_k + Z·(τm + τe) = Z·τ_stop,      τ_stop = (J/dt)·θ̇_k + τm + τe,
 * the step's end velocity v = θ̇_{k+1} and friction τf satisfy
 *   v = v* + Z·τf,    τf ∈ −B(|v|)·Sgn(v)                            (1)
 * with Sgn(0) = [−1, 1] and the M1-M6 budget split by its dependence on the
 * velocity (τm, τe, hence the load terms, held at their start-of-step values):
 *   B(w) = C + A·s(w) + K_v·w,    s(w) = exp(−(w/θ̇_s)^α),  w = |v|   (2)
 * ((1) is y = Φ(v* − Z·y) for y = −τf and the odd law Φ(v) = B(|v|)·sgn v:
 * the implicit transform τf = −Φ_Z(v*), Kikuuwe eqs. 16-17.)
 *
 * Stuck. v = 0 solves (1) iff |v*| ≤ Z·B(0), i.e.  |τ_stop| ≤ C + A.
 * Moving. Otherwise v = σ·w, σ = sign(τ_stop), w > 0, and multiplying (1)
 * by J/dt:
 *   h(w) = D·w + C + A·s(w) − T = 0,    D = J/dt + K_v,  T = |τ_stop|     (3)
 * h(0) = C + A − T < 0. As A·s ≥ 0 and s ≤ 1 the root lies in
 *   lo = max(0, (T − C − A)/D) ≤ w ≤ hi = (T − C)/D,                     (4)
 * with h(lo) ≤ 0 ≤ h(hi) = A·s(hi). A = 0 (M1, M3, or no Stribeck load):
 * w = hi exactly.
 *
 * Uniqueness. h'(w) = D + A·s'(w), s' = −(α/w)·(w/θ̇_s)^α·s ≤ 0.
 *   α ≤ 1: |s'| decreases in w, h is convex, so h crosses 0 once after 0.
 *   α > 1: |s'| rises from 0 at w = 0 to its maximum at the inflection
 *     w_c = θ̇_s·((α−1)/α)^(1/α) and falls after, so h' = D − A·|s'| is
 *     positive everywhere when A·|s'(w_c)| < D (Kikuuwe's condition eq. 15,
 *     Φ' > −1/Z), which holds in particular when A·α/θ̇_s < D (checked
 *     first, no transcendental). Otherwise h increases on [0, w1], decreases
 *     on [w1, w2], increases after (w1 < w_c < w2 the zeros of h'); then (1)
 *     can have three solutions and we take the SMALLEST w (friction holds as
 *     long as it can, the branch continuous with sticking): it lies in
 *     [lo, w1] when h(w1) ≥ 0, else it is the unique crossing in [w1, hi].
 *     w1 is found by bisection of h' on [0, w_c] (h' decreases there).
 * Solve: Newton inside the bracket, bisecting whenever a step leaves it, at
 * most MAX_ITER iterations. Start: the root of (3) with s linearised about
 * the previous moving step's w_p, s(w_p), s'(w_p) (C and A exact), when it
 * lies in the bracket, else hi. Stop when
 *   - the predicted next Newton error (A·|s''|/(2h'))·step², with
 *     |s''| <= 0.91·max(α², 1)/w² (from u·e^−u <= e^−1, u²·e^−u <= 4e^−2),
 *     is below an ulp of w: take that last step without re-evaluating s
 *     (s updated to first order);
 *   - the Stribeck term A·s is below the rounding of T at a point known to
 *     be at or below the root: the root is hi (fast motion: one evaluation);
 *   - the bracket is 2^−52 wide.
 * Measured: 1.2 to 2 evaluations of s per moving step (presets, 1-5 ms).
 * Accuracy: w to a few ulp; the budget returned is B(w) from (2).
 */
#include <math.h>

#include "bench_internal.h"

#define MAX_ITER 100
#define REL_EPS 0x1p-52

/* s(w) and its derivative s'(w); w >= 0. */
static double strib(const fric_servo_friction *p, double w, double *ds)
{
    if (w == 0) { *ds = 0; return 1.0; }
    double u = pow(w / p->dtheta_s, p->alpha);
    double s = exp(-u);
    *ds = -p->alpha * u * s / w;
    return s;
}

double fric__bench_implicit_w(const fric_servo_friction *p, double J_dt, double tau_stop,
                              double C, double A, double warm[3], double *budget)
{
    double T = fabs(tau_stop);
    if (T <= C + A) { *budget = C + A; return 0.0; }     /* stuck */
    double D = J_dt + p->K_v;
    double hi = (T - C) / D;
    if (A == 0) { *budget = C + p->K_v * hi; warm[0] = -1; return hi; }
    double lo = (T - C - A) / D;
    if (lo < 0) lo = 0;

    double alpha = p->alpha, ws = p->dtheta_s;
    if (alpha > 1 && A * alpha / ws >= D) {
        /* h may not be monotone: locate w1, the first zero of h' */
        double wc = ws * pow((alpha - 1) / alpha, 1 / alpha), d_c;
        strib(p, wc, &d_c);
        if (D + A * d_c < 0) {
            double a = 0, b = wc;                        /* h'(a) > 0 > h'(b) */
            for (int i = 0; i < MAX_ITER && b - a > REL_EPS * b; i++) {
                double m = a + 0.5 * (b - a), dm;
                strib(p, m, &dm);
                if (D + A * dm > 0) a = m; else b = m;
            }
            double w1 = a, d1;
            if (w1 > lo && w1 < hi) {
                double h1 = D * w1 + C + A * strib(p, w1, &d1) - T;
                if (h1 >= 0) hi = w1; else lo = w1;
            }
        }
    }
    /* safeguarded Newton on [lo, hi], h(lo) <= 0 <= h(hi), from the
     * predictor when it lies inside, else from hi */
    double w = hi;
    if (warm[0] >= 0) {
        double den = D + A * warm[2];
        double g = (T - C - A * warm[1] + A * warm[2] * warm[0]) / den;
        if (den > 0 && g > lo && g < hi) w = g;
    }
    double a2 = alpha > 1 ? alpha * alpha : 1;           /* |s''| <= 0.91·a2/w² */
    double ds, s = strib(p, w, &ds);
    for (int i = 0; i < MAX_ITER; i++) {
        double h = D * w + C + A * s - T;
        if (h == 0) break;
        if (h > 0) {
            hi = w;
        } else {
            lo = w;
            if (A * s <= 0x1p-53 * T) {
                /* s(root) <= s(w): the Stribeck part is below the rounding of
                 * T on [w, hi], so the root is hi to rounding */
                w = hi;
                s = 0;
                break;
            }
        }
        if (w == hi && A * s <= 0x1p-53 * T) break;      /* h(hi) below rounding */
        double dh = D + A * ds;
        double next = dh > 0 ? w - h / dh : lo - 1;
        if (!(next > lo && next < hi)) {
            next = lo + 0.5 * (hi - lo);                 /* bisect */
        } else {
            /* Newton's next error is at most (A·|s''|/(2·h'))·step², with
             * |s''| <= 0.91·a2/w²; when that is below an ulp of w, take the
             * step without another evaluation (s to first order) */
            double st = next - w;
            if (0.46 * a2 * A * st * st <= 0x1p-53 * dh * w * w * w) {
                s += ds * st;
                w = next;
                break;
            }
        }
        int narrow = hi - lo <= REL_EPS * hi;
        w = next;
        s = strib(p, w, &ds);
        if (narrow) break;
    }
    *budget = C + A * s + p->K_v * w;
    warm[0] = w;
    warm[1] = s;
    warm[2] = ds;
    return w;
}
