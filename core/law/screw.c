/*
 * screw.c: the friction law of Dupont's screw (1993) §4.1-4.2 (Fig. 4): the
 * efficiencies (eqs. 17, 19) as friction ratios k1, k2 and the stiction dead
 * band (eq. 20). The screw drive that steps it is core/system/dupont/dupont_screw.c
 * (kept here for the derivation, which both share): one fixed step of
 *
 *     (J + M)·q̈ + G + τ_f = τ_a,   τ_l = M·q̈ + G                 (eqs. 13-14)
 *     τ_f = sgn(q̇)·(τ_c + b_v·|q̇| + k·|τ_l|),  k = k1 | k2      (eqs. 17-18, 29)
 *
 * with the friction treatments of fric_dupont.h (the law itself: fric_screw.h).
 *
 * Implicit step. With I = J + M, the unknown end-of-step velocity v and
 * q̈ = (v − v0)/h, the step is
 *
 *     I·v/h + τ_f(v) = r,   r = τ_a − G + I·v0/h                 (implicit Euler of eq. 13)
 *
 * where r is the friction torque that would stop the screw in this step.
 * At v = 0 the load is τ_l0 = G − M·v0/h and τ_f may be anything in
 * [−b(−1), b(+1)] (static ratios, eq. 19): that is eq. 20 with the inertia
 * of the step included. For v = σ·w, w > 0, the load τ_l = τ_l0 + σ·M·w/h
 * keeps one sign on each side of w_z = −σ·τ_l0·h/M, and on each side
 *
 *     w·(I + b_v·h + k·λ·σ·M) = h·(σ·r − τ_c − k·λ·τ_l0),   λ = sgn τ_l,
 *
 * is linear. The left side of the step equation is strictly increasing in
 * v when J + M·(1 − k2) > 0, which holds for every finite η2 (k2 < 1):
 * Dupont's overhauling condition for a unique solution. So: stuck when r
 * is inside the band; otherwise the one root on the side σ = sgn r, on the
 * first piece if it lies before w_z, else on the second. No iteration.
 */
#include <math.h>

#include "fric_screw.h"
#include "base.h"
#include "law_internal.h"

fric_status fric_screw_check(const fric_screw *e, const char **why)
{
    const char *m = NULL;
    if (!e) m = fric__say_id("law.screw_efficiencies_null",
                    "screw efficiencies are NULL; pass a fric_screw.",
                    fric__no_values);
    else if (!(isfinite(e->eta1) && e->eta1 > 0 && e->eta1 <= 1))
        m = fric__say_id("law.eta_driving_efficiency",
                "eta1 = {eta1} must be a driving efficiency in (0, 1] (Dupont eq. 17: eta1 < 1, the"
                " motor loses torque to the thread).",
                fric__values(fric__g("eta1", e->eta1)));
    else if (!(isfinite(e->eta2) && e->eta2 >= 1))
        m = fric__say_id("law.eta_finite_backdriving",
                "eta2 = {eta2} must be a finite backdriving efficiency >= 1 (Dupont eq. 17: eta2 > "
                "1); infinite or negative eta2 is a self-locking screw, whose forward dynamics need"
                " not have a unique solution.",
                fric__values(fric__g("eta2", e->eta2)));
    else if (!(isfinite(e->eta1s) && e->eta1s > 0 && e->eta1s <= e->eta1))
        m = fric__say_id("law.eta_s_static",
                "eta1s = {eta1s} must be a static driving efficiency in (0, eta1 = {eta1}] (Dupont "
                "eq. 19: eta1s <= eta1); lower it or raise eta1.",
                fric__values(fric__g("eta1s", e->eta1s), fric__g("eta1", e->eta1)));
    else if (!(isfinite(e->eta2s) && e->eta2s >= e->eta2))
        m = fric__say_id("law.eta_s_finite",
                "eta2s = {eta2s} must be a finite static backdriving efficiency >= eta2 = {eta2} "
                "(Dupont eq. 19: eta2s >= eta2); raise it or lower eta2.",
                fric__values(fric__g("eta2s", e->eta2s), fric__g("eta2", e->eta2)));
    else if (!(isfinite(e->tau_c) && e->tau_c >= 0))
        m = fric__say_id("law.tau_c_finite",
                "tau_c = {tau_c} must be a finite Coulomb friction torque >= 0 N·m.",
                fric__values(fric__g("tau_c", e->tau_c)));
    else if (!(isfinite(e->b_v) && e->b_v >= 0))
        m = fric__say_id("law.b_v_finite",
                "b_v = {b_v} must be a finite viscous coefficient >= 0 N·m·s/rad.",
                fric__values(fric__g("b_v", e->b_v)));
    if (why) *why = m ? m : "";
    return m ? fric__rc() : FRIC_OK;
}

/* k1 = 1/η1 − 1, k2 = 1 − 1/η2 (eq. 17 as τ_in − τ_l = ±k·τ_l). */
double fric_screw_k_unchecked(const fric_screw *e, int driving, int stat)
{
    return driving ? 1 / (stat ? e->eta1s : e->eta1) - 1
                   : 1 - 1 / (stat ? e->eta2s : e->eta2);
}

double fric_screw_k(const fric_screw *e, int driving, int static_)
{
    if (fric_screw_check(e, NULL)) return NAN;
    return fric_screw_k_unchecked(e, driving, static_);
}

double fric_screw_bound_unchecked(const fric_screw *e, int dir, double tau_l, double dq)
{
    double k = fric_screw_k_unchecked(e, dir * tau_l > 0, dq == 0);
    return e->tau_c + e->b_v * fabs(dq) + k * fabs(tau_l);
}

double fric_screw_bound(const fric_screw *e, int dir, double tau_l, double dq)
{
    if (fric_screw_check(e, NULL) || (dir != 1 && dir != -1) || isnan(tau_l) || isnan(dq))
        return NAN;
    return fric_screw_bound_unchecked(e, dir, tau_l, dq);
}

fric_status fric_screw_dead_band(const fric_screw *e, double tau_l, double *lo, double *hi)
{
    if (fric_screw_check(e, NULL) || !isfinite(tau_l)) {
        *lo = *hi = NAN;
        if (isfinite(tau_l)) return fric__rc();   /* fric_screw_check recorded why */
        fric__fail_id(FRIC_E_PARAM_RANGE, -1, "law.tau_l_n",
            "screw: tau_l = {tau_l} N·m is not finite.",
            fric__values(fric__g("tau_l", tau_l)));
        return FRIC_E_PARAM_RANGE;
    }
    *lo = tau_l - fric_screw_bound_unchecked(e, -1, tau_l, 0);   /* eq. 20, lower edge */
    *hi = tau_l + fric_screw_bound_unchecked(e, +1, tau_l, 0);   /* eq. 20, upper edge */
    return 0;
}


/* §5-6 worked examples (fric_screw.h). Eq. 31: with τ_f of the sign of τ_m
 * while driving and of the opposite sign while backdriving (§5),
 * τ_l = (τ_m − τ_f)/(1 + k) driving, (τ_m + τ_f)/(1 − k) backdriving, and
 * their difference is eq. 31. Eq. 32 likewise from eq. 30:
 * τ_l = τ_m/(1 + k) − τ_f/N, τ_m/(1 − k) + τ_f/N. */
static int jump_ok(double k, double tau_m, double tau_f)
{
    return isfinite(k) && k >= 0 && k < 1 && isfinite(tau_m) && isfinite(tau_f);
}

double fric_screw_jump_motor(double k, double tau_m, double tau_f)
{
    if (!jump_ok(k, tau_m, tau_f)) return NAN;
    return (2 * k * tau_m + 2 * tau_f) / (1 - k * k);                     /* eq. 31 */
}

double fric_screw_jump_bearing(double k, double tau_m, double tau_f, double N)
{
    if (!jump_ok(k, tau_m, tau_f) || !(isfinite(N) && N > 0)) return NAN;
    return 2 * k * tau_m / (1 - k * k) + 2 * tau_f / N;                    /* eq. 32 */
}

fric_status fric_screw_from_k(double k, double *eta1, double *eta2)
{
    if (!(isfinite(k) && k >= 0 && k != 1)) {
        *eta1 = *eta2 = NAN;
        fric__fail_id(FRIC_E_PARAM_RANGE, -1, "law.k_finite_eq",
            "screw: k = {k} must be finite, >= 0 and != 1 (eq. 21: k = 1 makes eta2 infinite).",
            fric__values(fric__g("k", k)));
        return FRIC_E_PARAM_RANGE;
    }
    *eta1 = 1 / (1 + k);                                                   /* eq. 21 */
    *eta2 = 1 / (1 - k);                                                   /* eq. 21 */
    return 0;
}
