/*
 * regions.c: the static/drive/backdrive classification of a point of the
 * (τm, τe) plane (Duclusaud & Passault §II-C, Fig. 2; Dupont eq. 20) and
 * the budget's pieces that the exact boundary solver works with
 * (fric_regions.h).
 *
 *   static     |τm + τe| <= b_σ(θ̇, τm, τe),  σ = sgn(τm + τe)
 *   drive      otherwise, (τm + τe)·τm > 0
 *   backdrive  otherwise
 *
 * b is fric_servo_budget for M1-M6 (Duclusaud eqs. 3, 5-9) and
 * fric_screw_bound for the screw (Dupont eqs. 17, 19, 29 with τ_l = −τe).
 */
#include <math.h>

#include "base.h"
#include "regions_internal.h"

const char *fric_region_name(int region)
{
    switch (region) {
    case FRIC_REGION_STATIC: return "static";
    case FRIC_REGION_DRIVE: return "drive";
    case FRIC_REGION_BACKDRIVE: return "backdrive";
    }
    return "invalid";
}

const char *fric__regions_say_cap(int cap, int k)
{
    return fric__say_id("regions.output_holds_cap",
               "the output holds cap = {cap} items but {k} are needed; pass a larger array (see the"
               " FRIC_REGIONS_MAX_* constants).",
               fric__values(fric__i("cap", cap), fric__i("k", k)));
}

const char *fric__regions_say_arg(const char *name, double v, const char *what)
{
    return fric__say_id("regions.x",
               "{name} = {v} must be {what}.",
               fric__values(fric__s("name", name), fric__g("v", v), fric__s("what", what)));
}

fric_status fric_regions_check(const fric_regions_law *law, double dtheta, const char **why)
{
    const char *m = NULL;
    if (!law) m = fric__say_id("regions.regions_law_null",
                      "regions law is NULL; pass a fric_regions_law.",
                      fric__no_values);
    else if (law->kind == FRIC_REGIONS_SERVO) fric_servo_check(&law->servo, &m);
    else if (law->kind == FRIC_REGIONS_SCREW) fric_screw_check(&law->screw, &m);
    else m = fric__say_id("regions.kind_neither_fric",
                 "kind = {kind} is neither FRIC_REGIONS_SERVO (0) nor FRIC_REGIONS_SCREW (1).",
                 fric__values(fric__i("kind", (int)law->kind)));
    if (m && !*m) m = NULL;
    if (!m && !isfinite(dtheta))
        m = fric__say_id("regions.velocity_dtheta_finite",
                "velocity dtheta = {dtheta} must be finite (rad/s).",
                fric__values(fric__g("dtheta", dtheta)));
    if (why) *why = m ? m : "";
    return m ? fric__rc() : FRIC_OK;
}

void fric__regions_prep(const fric_regions_law *law, double dtheta, fric__rprep *pp)
{
    *pp = (fric__rprep){ 0 };
    if (law->kind == FRIC_REGIONS_SCREW) {
        const fric_screw *e = &law->screw;
        int stat = dtheta == 0;                          /* eq. 19 at rest */
        pp->screw = 1;
        pp->A = e->tau_c + e->b_v * fabs(dtheta);        /* eq. 29 */
        pp->k1 = fric_screw_k(e, 1, stat);               /* eq. 17, driving */
        pp->k2 = fric_screw_k(e, 0, stat);               /* eq. 17, backdriving */
        return;
    }
    const fric_servo_friction *p = &law->servo;
    const int m = p->model, strib = m == 2 || m >= 4;
    /* s = exp(−|θ̇/θ̇_s|^α), exactly 1 at rest (Duclusaud eq. 5) */
    double s = !strib ? 0 : dtheta == 0 ? 1 : exp(-pow(fabs(dtheta / p->dtheta_s), p->alpha));
    pp->model = m;
    pp->A = p->K_c + (strib ? s * p->K_cs : 0) + p->K_v * fabs(dtheta);   /* eqs. 3, 5 */
    if (m == 3) pp->wl = p->K_l;                                        /* eq. 6 */
    if (m == 4) pp->wl = p->K_l + s * p->K_ls;                          /* eq. 7 */
    if (m >= 5) {                                                       /* eqs. 8-9 */
        pp->ke = p->K_e;
        pp->km = p->K_m;
        pp->kes = s * p->K_es;
        pp->kms = s * p->K_ms;
    }
    if (m == 6) {
        pp->qe = s * p->K_eq;
        pp->qm = s * p->K_mq;
    }
}


double fric_regions_budget(const fric_regions_law *law, int sigma, double dtheta,
                           double tau_m, double tau_e)
{
    if (fric_regions_check(law, dtheta, NULL) || !isfinite(tau_m) || !isfinite(tau_e))
        return NAN;
    if (law->kind == FRIC_REGIONS_SERVO) return fric_servo_budget(&law->servo, dtheta, tau_m, tau_e);
    if (sigma != 1 && sigma != -1) return NAN;
    return fric_screw_bound(&law->screw, sigma, -tau_e, dtheta);   /* τ_l = −τe */
}

int fric_regions_classify(const fric_regions_law *law, double dtheta,
                          double tau_m, double tau_e)
{
    if (fric_regions_check(law, dtheta, NULL) || !isfinite(tau_m) || !isfinite(tau_e))
        return FRIC_REGION_INVALID;
    const double net = tau_m + tau_e;
    const int sigma = net < 0 ? -1 : 1;
    const double b = law->kind == FRIC_REGIONS_SERVO
                   ? fric_servo_budget(&law->servo, dtheta, tau_m, tau_e)
                   : fric_screw_bound(&law->screw, sigma, -tau_e, dtheta);
    if (fabs(net) <= b) return FRIC_REGION_STATIC;
    return fric__sgn(net) * fric__sgn(tau_m) > 0 ? FRIC_REGION_DRIVE : FRIC_REGION_BACKDRIVE;
}
