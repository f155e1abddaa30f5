/*
 * law.c: the friction laws Φ(v) and their steepest slope.
 *
 * Coulomb-viscous  Φ(v) = Fc·sgn v + D·v                          Kikuuwe eq. 24
 * Stribeck         Φ(v) = (Fs−Fc)·e^(−|v/vs|^α)·sgn v + Fc·sgn v + D·v
 *                                                                 Cisneros eq. 21
 * Rational         Φ(v) = (γv² + αr·v + β)/(v + δ), v ≥ 0, odd    Cisneros eq. 33
 *                  with γ = D, r = (Fs−Fc)/vs − D (eq. 38), δ = (Fs−Fc)/(r+D) = vs
 *                  (eq. 40), αr = D·δ + Fc (eq. 41), β = Fs·δ (eq. 42); that is
 *                  Φ(v) = Fc + D·v + (Fs−Fc)·vs/(v + vs) for v > 0.
 * Φ(0) = 0 by convention: the law is set-valued at rest, [−Φ(+0), Φ(+0)].
 */
#include <float.h>
#include <math.h>

#include "friction.h"
#include "base.h"
#include "law_internal.h"

int fric_law_params_ok(const fric_law *law)
{
    if (!law) return 0;
    /* the accepted ranges of friction.h (FRIC_LAW_MAX, FRIC_LAW_SCALE_*, …) */
    if (!(law->Fc >= 0 && law->Fc <= FRIC_LAW_MAX && law->D >= 0 && law->D <= FRIC_LAW_MAX))
        return 0;
    switch (law->kind) {
    case FRIC_COULOMB_VISCOUS:
        return law->Fc > 0 || law->D > 0;
    case FRIC_STRIBECK:
        if (!(law->alpha >= 1 && law->alpha <= FRIC_LAW_ALPHA_MAX)) return 0;
        /* fall through */
    case FRIC_RATIONAL:
        return law->Fs > law->Fc && law->Fs >= FRIC_LAW_SCALE_MIN && law->Fs <= FRIC_LAW_MAX &&
                law->vs >= FRIC_LAW_SCALE_MIN &&
               law->vs <= FRIC_LAW_SCALE_MAX;
    }
    return 0;
}

double fric__law_max_drop(const fric_law *law, double *v_at)
{
    double Fsc = law->Fs - law->Fc;
    if (v_at) *v_at = 0;
    switch (law->kind) {
    case FRIC_COULOMB_VISCOUS:
        return -law->D;                         /* Φ' = D for v ≠ 0 */
    case FRIC_RATIONAL:
        /* Φ'(v) = D − (Fs−Fc)·vs/(v+vs)², inf at v → 0+: −r (Cisneros eqs. 37-38, 49) */
        return Fsc / law->vs - law->D;
    case FRIC_STRIBECK: {
        double a = law->alpha;
        if (a == 1) return Fsc / law->vs - law->D;   /* Cisneros eq. 31-32, at v → 0+ */
        /* Φ'(v) = D − (Fsc/vs)·α·σ^((α−1)/α)·e^(−σ), σ = (v/vs)^α. The bracket
         * σ^p·e^(−σ), p = 1 − 1/α, peaks at σ = p: m = (Fsc/vs)·α·p^p·e^(−p) − D,
         * attained at v = vs·p^(1/α). */
        double p = 1 - 1 / a;
        if (v_at) *v_at = law->vs * pow(p, 1 / a);
        return Fsc / law->vs * a * pow(p, p) * exp(-p) - law->D;
    }
    }
    return NAN;
}

int fric_law_ok(const fric_law *law, double Z)
{
    return fric_law_params_ok(law) && isfinite(Z) && Z > 0 && fric__law_slope_ok(law, Z) &&
           Z >= FRIC_LAW_SCALE_MIN && Z <= FRIC_LAW_SCALE_MAX &&
           (law->Fc == 0 || Z * law->Fc >= DBL_MIN);
}

int fric__law_slope_ok(const fric_law *law, double Z)
{
    if (law->kind == FRIC_COULOMB_VISCOUS) return 1;    /* Φ' = D >= 0 > −1/Z */
    if (law->kind == FRIC_RATIONAL || law->alpha == 1) {
        /* m = Fsc/vs − D, so m·Z < 1 ⇔ q = Fsc·Z − vs·(1 + D·Z) < 0. The
         * sign of q decides without a division unless q is within rounding
         * of 0; then the exact test below settles it. */
        double t = (law->Fs - law->Fc) * Z, u = law->vs * (1 + law->D * Z);
        double q = t - u, margin = 1e-12 * (t + u);
        if (q < -margin) return 1;
        if (q > margin) return 0;
    }
    /* Kikuuwe eq. 15: Φ' > −1/Z, i.e. m·Z < 1, decided exactly: the rounded
     * product is trusted away from 1 and fma settles the last ulps. */
    double m = fric__law_max_drop(law, 0), p = m * Z;
    if (p < 0.9999999999) return 1;
    if (p > 1.0000000001) return 0;
    return fma(m, Z, -1.0) < 0;
}

/* D·v, with 0·∞ = 0 (a law without viscosity at infinite speed). */
static double viscous(double D, double v)
{
    return D == 0 ? 0 : D * v;
}

/* Φ(v) for v > 0, valid law. */
static double phi_pos(const fric_law *law, double v)
{
    switch (law->kind) {
    case FRIC_COULOMB_VISCOUS:
        return law->Fc + viscous(law->D, v);
    case FRIC_STRIBECK: {
        double r = v / law->vs;
        double e = law->alpha == 1 ? exp(-r) : exp(-pow(r, law->alpha));
        return (law->Fs - law->Fc) * e + law->Fc + viscous(law->D, v);
    }
    case FRIC_RATIONAL:
        return law->Fc + viscous(law->D, v) + (law->Fs - law->Fc) * law->vs / (v + law->vs);
    }
    return NAN;
}

double fric_phi(const fric_law *law, double v)
{
    if (!fric_law_params_ok(law) || isnan(v)) return NAN;
    if (v == 0) return 0;
    return v > 0 ? phi_pos(law, v) : -phi_pos(law, -v);
}

double fric_phi_plus0(const fric_law *law)
{
    if (!fric_law_params_ok(law)) return NAN;
    return law->kind == FRIC_COULOMB_VISCOUS ? law->Fc : law->Fs;
}
