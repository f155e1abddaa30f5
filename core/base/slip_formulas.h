/*
 * slip_formulas.h: the slip of a moving Stribeck contact under Kikuuwe's
 * implicit step, written once for one contact (double, core/transform/
 * phi_z.c: solve_slip, the exact path of every implicit Stribeck element
 * with α ≠ 1 and of the pendulum bench) and for a vector of contacts
 * (lanes.h: the lane kernel's IMPLICIT treatment, core/system/bench/
 * bench_lanes_impl.h), private to the core. It lives in core/base for the
 * same reason as servo_formulas.h: both the transform stage and the bench
 * family include it.
 *
 * The equation (Kikuuwe et al. 2006 eq. 16 written for the slip; phi_z.c
 * derives it): with k = 1 + Z·D, C = Z·Fc, A = Z·(Fs − Fc), T = |x|,
 *   h(w) = k·w + C + A·s(w) − T = 0,   s(w) = e^(−(w/vs)^α),  w > 0,
 * bracketed by lo = max(0, (T − C − A)/k) ≤ w ≤ hi = (T − C)/k; where
 * Kikuuwe's condition (eq. 15) fails (α > 1, k + A·s'(wc) < 0) the smallest
 * root is taken, after locating the first zero w1 of h' by bisection.
 * Newton inside the bracket, bisecting whenever a step leaves it, with the
 * stopping rules phi_z.c documents above solve_slip.
 *
 * Written with masks: every contact (lane) runs the same iteration and a
 * lane that has finished keeps its values (FX_SEL), never branched on; a
 * loop ends when no lane is left (FX_ANY), so the scalar instance (one lane,
 * FX_ANY(m) = m) takes exactly the early exits it always took and keeps its
 * bits. The lanes' arithmetic is the scalar's, operation for operation: a
 * lane differs from the scalar only through FX_POW and FX_EXP (lanes.h's
 * ≤ 1 ulp functions against libm's).
 *
 * A template: no include guard (a translation unit includes it once). Without
 * FX_T, the scalar instance (double, int masks, libm). A vector instance
 * defines FX_T, FX_M, FX_SEL, FX_C, FX_POW, FX_EXP (as for
 * servo_formulas.h) and FX_NOT(m) (lane-wise not), FX_ANY(m) (any lane set),
 * FX_AND(a, b) (lane-wise and of two masks; the scalar's && short-circuits).
 */

#include "fx_scalar.h"   /* the scalar instance where FX_T is not defined */

#define FX_SLIP_MAX_ITER 100
#define FX_SLIP_REL_EPS 0x1p-52

/* s(w) = e^(−(w/vs)^α) and s'(w) = −α·(w/vs)^α·s/w; s(0) = 1, s'(0) = 0 */
FX_INLINE FX_T fx_slip_s(FX_T w, FX_T vs, FX_T alpha, FX_T *ds)
{
    FX_M zero = w == 0;
    FX_T u = FX_POW(w / vs, alpha);
    FX_T s = FX_EXP(-u);
    *ds = FX_SEL(zero, FX_C(0.0), -alpha * u * s / w);
    return FX_SEL(zero, FX_C(1.0), s);
}

/*
 * The slip w of the lanes in todo (others: 0, their warm state untouched).
 * vs, alpha: the law; k = 1 + Z·D; wc, dsc: the inflection vs·((α−1)/α)^(1/α)
 * of s and s'(wc) (read only where α > 1); a2 = max(α², 1); C, A, T as
 * above; warm_*: the previous moving step's w, s(w), s'(w) (w ≤ 0: none),
 * updated. *sw gets s(w) (to first order after the last Newton step).
 *
 * Exact shortcuts: A = 0 (no Stribeck part): w = hi. And the flat top of s:
 * where an iterate w has s(w) = 1 exactly and h(w) > 0, s rounds to 1 on all
 * of [0, w] (s decreases), so h is k·w' + C + A − T there, in double
 * arithmetic as in the equation, and the smallest root is its zero
 * lo0 = (T − C − A)/k (clamped at 0): w = lo0, s = 1, s' = 0. The iteration
 * would otherwise land a Newton step an ulp outside the bracket at lo0 and
 * bisect the rounding noise of h, about 50 evaluations of s. The same where
 * s is 1 − ε: a Newton step from above that lands at or below a lower bound
 * where h was never evaluated tries that bound, and a Newton step that
 * rounds to 0 ends the iteration.
 *
 * fx_slip_solve is the whole; fx_slip_start and fx_slip_finish are its two
 * halves, for a caller that starts several vectors before iterating any.
 */

/* what the iteration carries from fx_slip_start to fx_slip_finish */
typedef struct {
    FX_T w, s, ds, lo, hi, lo0;
    FX_M todo, run, act, lo_seen;
} fx_slip_state;

/* The bracket, the exact shortcut A = 0, the smallest-root bracket where h
 * is not monotone, the start point and s there (the iteration's first
 * evaluation): straight-line code when no lane needs the bisection of w1,
 * so that a caller with several vectors can start them all before any of
 * them iterates (their chains then overlap). */
FX_INLINE void fx_slip_start(fx_slip_state *sv, FX_M todo, FX_T vs, FX_T alpha, FX_T k, FX_T wc,
                             FX_T dsc, FX_T C, FX_T A, FX_T T, FX_T *warm_w, FX_T *warm_s,
                             FX_T *warm_ds)
{
    FX_T hi = (T - C) / k;
    FX_M flat0 = todo & (A == 0);             /* no Stribeck part: w = hi exactly */
    *warm_w = FX_SEL(flat0, FX_C(-1.0), *warm_w);
    FX_M act = todo & FX_NOT(flat0);
    sv->todo = todo;
    sv->hi = hi;
    sv->run = sv->act = act;
    sv->w = sv->s = sv->ds = sv->lo = sv->lo0 = FX_C(0.0);
    sv->lo_seen = act & FX_NOT(act);
    if (!FX_ANY(act)) return;
    FX_T lo = (T - C - A) / k;
    lo = FX_SEL(lo < 0, FX_C(0.0), lo);
    sv->lo0 = lo;                             /* the root where s = 1 */
    FX_M lo_seen = act & FX_NOT(act);         /* h evaluated at lo (none yet) */
    FX_M nm = act & FX_AND(alpha > 1, k + A * dsc < 0);
    if (FX_ANY(nm)) {
        /* h may not be monotone: w1, the first zero of h', by bisection
         * on [0, wc] (h'(a) > 0 > h'(b)) */
        FX_T a = FX_C(0.0), b = wc;
        FX_M go = nm & (b - a > FX_SLIP_REL_EPS * b);
        for (int i = 0; i < FX_SLIP_MAX_ITER && FX_ANY(go); i++) {
            FX_T m = a + 0.5 * (b - a), dm;
            fx_slip_s(m, vs, alpha, &dm);
            FX_M up = k + A * dm > 0;
            a = FX_SEL(go & up, m, a);
            b = FX_SEL(go & FX_NOT(up), m, b);
            go = go & (b - a > FX_SLIP_REL_EPS * b);
        }
        FX_T w1 = a, d1;
        FX_T h1 = k * w1 + C + A * fx_slip_s(w1, vs, alpha, &d1) - T;
        FX_M in = nm & (w1 > lo) & (w1 < hi);
        FX_M above = h1 >= 0;
        hi = FX_SEL(in & above, w1, hi);
        lo = FX_SEL(in & FX_NOT(above), w1, lo);
        lo_seen = in & FX_NOT(above);
    }
    /* start: the root with s linearised about the warm point, else hi */
    FX_T w = hi;
    FX_M warm = act & (*warm_w > 0);
    if (FX_ANY(warm)) {
        FX_T den = k + A * *warm_ds;
        FX_T g = (T - C - A * *warm_s + A * *warm_ds * *warm_w) / den;
        w = FX_SEL(warm & (den > 0) & (g > lo) & (g < hi), g, w);
    }
    sv->w = w;
    sv->s = fx_slip_s(w, vs, alpha, &sv->ds);
    sv->lo = lo;
    sv->hi = hi;
    sv->lo_seen = lo_seen;
}

/* The iteration from fx_slip_start's state to the slip w (returned; 0 for
 * the lanes not in todo), s(w) in *sw, the warm state updated. */
FX_INLINE FX_T fx_slip_finish(fx_slip_state *sv, FX_T vs, FX_T alpha, FX_T k, FX_T a2, FX_T C,
                              FX_T A, FX_T T, FX_T *warm_w, FX_T *warm_s, FX_T *warm_ds,
                              FX_T *sw)
{
    FX_M act = sv->act, run = sv->run;
    if (!FX_ANY(run)) {
        *sw = FX_C(0.0);
        return FX_SEL(sv->todo, sv->hi, FX_C(0.0));
    }
    FX_T w = sv->w, s = sv->s, ds = sv->ds, lo = sv->lo, hi = sv->hi, lo0 = sv->lo0;
    FX_M lo_seen = sv->lo_seen;
    for (int i = 0; i < FX_SLIP_MAX_ITER && FX_ANY(act); i++) {
        FX_T h = k * w + C + A * s - T;
        act = act & (h != 0);
        FX_M pos = h > 0;
        FX_M top = act & pos & (s == 1);      /* the flat top of s: w = lo0 */
        w = FX_SEL(top, lo0, w);
        ds = FX_SEL(top, FX_C(0.0), ds);
        act = act & FX_NOT(top);
        hi = FX_SEL(act & pos, w, hi);
        lo = FX_SEL(act & FX_NOT(pos), w, lo);
        lo_seen = lo_seen | (act & FX_NOT(pos));
        /* s(root) <= s(w) at a point at or below the root: when the
         * Stribeck part is below the rounding of T there, the root is hi */
        FX_M flat = act & FX_NOT(pos) & (A * s <= 0x1p-53 * T);
        w = FX_SEL(flat, hi, w);
        s = FX_SEL(flat, FX_C(0.0), s);
        act = act & FX_NOT(flat);
        act = act & FX_NOT(FX_AND(w == hi, A * s <= 0x1p-53 * T));   /* h(hi) below rounding */
        if (!FX_ANY(act)) break;
        FX_T dh = k + A * ds;
        FX_M up = dh > 0;
        FX_T next = FX_SEL(up, w - h / dh, lo - 1);
        /* the Newton step rounds to 0: w is the root to half an ulp */
        act = act & FX_NOT(up & (next == w));
        if (!FX_ANY(act)) break;
        FX_M inb = (next > lo) & (next < hi);
        /* from above, Newton puts the root at or below a lower bound lo
         * where h was never evaluated (the bracket's (T − C − A)/k: s ≈ 1
         * there, the root an ulp or so above it): try lo itself, else
         * bisect */
        FX_M try_lo = up & pos & (next <= lo) & FX_NOT(lo_seen);
        next = FX_SEL(inb, next, FX_SEL(try_lo, lo, lo + 0.5 * (hi - lo)));   /* or bisect */
        /* Newton's next error is at most (A·|s''|/(2·h'))·step², |s''| <=
         * 0.91·a2/w²: below an ulp of w, take the step without another
         * evaluation (s to first order) */
        FX_T st = next - w;
        FX_M last = act & inb & (0.46 * a2 * A * st * st <= 0x1p-53 * dh * w * w * w);
        s = FX_SEL(last, s + ds * st, s);
        w = FX_SEL(last, next, w);
        act = act & FX_NOT(last);
        if (!FX_ANY(act)) break;
        FX_M narrow = hi - lo <= FX_SLIP_REL_EPS * hi;
        w = FX_SEL(act, next, w);
        FX_T dn, sn = fx_slip_s(w, vs, alpha, &dn);
        s = FX_SEL(act, sn, s);
        ds = FX_SEL(act, dn, ds);
        act = act & FX_NOT(narrow);
    }
    *warm_w = FX_SEL(run, w, *warm_w);
    *warm_s = FX_SEL(run, s, *warm_s);
    *warm_ds = FX_SEL(run, ds, *warm_ds);
    *sw = FX_SEL(run, s, FX_C(0.0));
    return FX_SEL(run, w, FX_SEL(sv->todo, hi, FX_C(0.0)));
}

/* the slip (above): start, then iterate */
FX_INLINE FX_T fx_slip_solve(FX_M todo, FX_T vs, FX_T alpha, FX_T k, FX_T wc, FX_T dsc,
                             FX_T a2, FX_T C, FX_T A, FX_T T, FX_T *warm_w, FX_T *warm_s,
                             FX_T *warm_ds, FX_T *sw)
{
    fx_slip_state sv;
    fx_slip_start(&sv, todo, vs, alpha, k, wc, dsc, C, A, T, warm_w, warm_s, warm_ds);
    return fx_slip_finish(&sv, vs, alpha, k, a2, C, A, T, warm_w, warm_s, warm_ds, sw);
}
