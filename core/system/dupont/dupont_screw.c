/*
 * dupont_screw.c: the screw drive of Dupont (1993) §4.1-4.2 (Fig. 4), one
 * fixed step of eqs. 13-14 with the screw's friction law (core/law/screw.c,
 * where the implicit step is derived) and the treatments of fric_dupont.h.
 */
#include <math.h>
#include <stddef.h>

#include "base.h"
#include "treatment_step.h"
#include "fric_dupont.h"
#include "dupont_internal.h"

fric_status fric_screw_drive_check(const fric_screw_drive *d, const char **why)
{
    const char *m = NULL, *e = NULL;
    if (!d) m = fric__say_id("dupont.screw_drive_null",
                    "screw drive is NULL; pass a fric_screw_drive.",
                    fric__no_values);
    else if (fric_screw_check(&d->eff, &e)) m = e;
    else if (!(isfinite(d->J) && d->J > 0))
        m = fric__say_id("dupont.j_j_zz",
                "J = J_zz = {j} must be a finite screw inertia > 0 kg·m² (it keeps the step well "
                "posed when the load backdrives).",
                fric__values(fric__g("j", d->J)));
    else if (!(isfinite(d->M) && d->M >= 0))
        m = fric__say_id("dupont.m_m_l",
                "M = m·l² = {m} must be a finite load inertia >= 0 kg·m².",
                fric__values(fric__g("m", d->M)));
    else if (!isfinite(d->G))
        m = fric__say_id("dupont.g_m_g",
                "G = m·g·l = {g} must be a finite gravity load torque in N·m.",
                fric__values(fric__g("g", d->G)));
    else
        m = fric__dupont_step_check(d->h, d->treatment, d->eps, "rad/s");
    if (why) *why = m ? m : "";
    return m ? fric__rc() : FRIC_OK;
}

const char *fric__dupont_step_check(double h, fric_treatment treatment, double eps,
                                    const char *eps_unit)
{
    if (!(isfinite(h) && h > 0))
        return fric__say_id("dupont.h_finite_time",
                   "h = {h} must be a finite time step > 0 s.",
                   fric__values(fric__g("h", h)));
    if (treatment != FRIC_TREATMENT_IMPLICIT && treatment != FRIC_TREATMENT_CLIP &&
        treatment != FRIC_TREATMENT_EXPLICIT && treatment != FRIC_TREATMENT_KARNOPP)
        return fric__say_id("dupont.treatment_not_implicit",
                   "treatment = {treatment} is not one of implicit ({treatment_implicit}), clip ("
                   "{treatment_clip}), explicit ({treatment_explicit}), karnopp ("
                   "{treatment_karnopp}).",
                   fric__values(fric__i("treatment", (int)treatment),
                                fric__i("treatment_implicit", FRIC_TREATMENT_IMPLICIT),
                                fric__i("treatment_clip", FRIC_TREATMENT_CLIP),
                                fric__i("treatment_explicit", FRIC_TREATMENT_EXPLICIT),
                                fric__i("treatment_karnopp", FRIC_TREATMENT_KARNOPP)));
    if (!(isfinite(eps) && eps >= 0))
        return fric__say_id("dupont.eps_finite_karnopp",
                   "eps = {eps} must be a finite Karnopp threshold >= 0 {eps_unit}.",
                   fric__values(fric__g("eps", eps), fric__s("eps_unit", eps_unit)));
    return NULL;
}

void fric__dupont_dof_start(fric_dupont_dof *m, double q0, double dq0)
{
    *m = (fric_dupont_dof){ .q = q0, .dq = dq0, .last_sign = fric__sgn(dq0) };
}

void fric__dupont_dof_end(fric_dupont_dof *m, double q1, double dq1, double ddq, double f,
                          int stuck)
{
    m->reversals += fric__reversal(&m->last_sign, dq1);
    m->q = q1;
    m->dq = dq1;
    m->ddq = ddq;
    m->f = f;
    m->stuck = stuck;
}

void fric_screw_drive_init(const fric_screw_drive *d, fric_screw_state *s,
                           double q0, double dq0)
{
    fric__dupont_dof_start(&s->dof, q0, dq0);
    s->tau_l = d->G;     /* eq. 14 with q̈ = 0 */
    s->mode = 0;
}

/* The implicit step (file header): v1 and τ_f, stuck when held. */
static void step_implicit(const fric_screw_drive *d, double v0, double tau_a,
                          double *v1, double *tf, int *stuck)
{
    const fric_screw *e = &d->eff;
    const double I = d->J + d->M, h = d->h;
    const double r = tau_a - d->G + I * v0 / h;       /* stop torque */
    const double tl0 = d->G - d->M * v0 / h;          /* load if it stops, eq. 14 */
    if (r <= fric_screw_bound_unchecked(e, +1, tl0, 0) && r >= -fric_screw_bound_unchecked(e, -1, tl0, 0)) {   /* eq. 20 */
        *v1 = 0;
        *tf = r;
        *stuck = 1;
        return;
    }
    const int sg = r > 0 ? 1 : -1;
    int lam = tl0 != 0 ? fric__sgn(tl0) : sg;               /* sign of τ_l just after 0 */
    double k = fric_screw_k_unchecked(e, sg * lam > 0, 0);
    double w = h * (sg * r - e->tau_c - k * lam * tl0)
             / (I + e->b_v * h + k * lam * sg * d->M);
    if (d->M > 0 && sg * tl0 < 0) {                   /* the load changes sign at w_z */
        double wz = -sg * tl0 * h / d->M;
        if (w > wz) {
            lam = -lam;
            k = fric_screw_k_unchecked(e, sg * lam > 0, 0);
            w = h * (sg * r - e->tau_c - k * lam * tl0)
              / (I + e->b_v * h + k * lam * sg * d->M);
        }
    }
    *v1 = sg * w;
    *tf = r - I * *v1 / h;                            /* the step equation, exactly */
    *stuck = 0;
}

fric_status fric_screw_drive_step(const fric_screw_drive *d, fric_screw_state *s, double tau_a)
{
    const fric_screw *e = &d->eff;
    const double I = d->J + d->M, h = d->h, v0 = s->dof.dq;
    double v1, tf;
    int stuck = 0;
    if (d->treatment == FRIC_TREATMENT_IMPLICIT) {
        step_implicit(d, v0, tau_a, &v1, &tf, &stuck);
    } else {
        /* CLIP (Duclusaud Algorithm 1, lines 5-9), EXPLICIT (sgn 0 = 0,
         * eq. 2) and KARNOPP (Kikuuwe eq. 3) with the bounds of the previous
         * load; KARNOPP's band is the dead band of eq. 20 at the load G */
        const fric__treat_in in = {
            tau_a - d->G + I * v0 / h, tau_a - d->G, v0, d->eps,
            fric_screw_bound_unchecked(e, +1, s->tau_l, v0),
            fric_screw_bound_unchecked(e, -1, s->tau_l, v0),
            fric_screw_bound_unchecked(e, +1, d->G, 0), fric_screw_bound_unchecked(e, -1, d->G, 0) };
        const fric__treat_out r = fric__treat(d->treatment, &in);
        tf = r.f;
        stuck = r.held;
        v1 = fric__treat_velocity(d->treatment, &in, &r, h, I);
    }
    const double a = (v1 - v0) / h;
    const double tl = d->M * a + d->G;                /* eq. 14 */
    const double q1 = s->dof.q + h * v1;
    if (!isfinite(v1) || !isfinite(tf) || !isfinite(a) || !isfinite(tl) || !isfinite(q1)) {
        fric__fail_id(FRIC_E_NONFINITE, -1, "dupont.step_left_finite",
            "screw: the step left the finite range from q = {q} rad, dq = {dq} rad/s under tau_a = "
            "{tau_a} N·m.",
            fric__values(fric__g("q", s->dof.q), fric__g("dq", s->dof.dq), fric__g("tau_a", tau_a)));
        return FRIC_E_NONFINITE;
    }
    fric__dupont_dof_end(&s->dof, q1, v1, a, tf, stuck);
    s->tau_l = tl;
    s->mode = (v1 != 0 && tl != 0) ? fric__sgn(v1) * fric__sgn(tl) : 0;   /* eq. 17 */
    return 0;
}

double fric_screw_drive_energy(const fric_screw_drive *d, const fric_screw_state *s)
{
    return 0.5 * (d->J + d->M) * s->dof.dq * s->dof.dq + d->G * s->dof.q;
}
