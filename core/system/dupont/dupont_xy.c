/*
 * dupont_xy.c: the X-Y positioning table of Dupont (1993) §3.1 (Fig. 2),
 * one fixed step of
 *
 *     F1 = m1·ẍ + μ·m1·|ÿ|·sgn(ẋ),   F2 = (m1 + m2)·ÿ              (eq. 6)
 *
 * The y motion has no friction and does not depend on x, so the normal
 * force F_N = m1·ÿ = m1·F2/(m1 + m2) (eq. 5) is known before the x step:
 * the x step is a mass on a Coulomb contact whose level μ·|F_N| changes
 * from step to step. The implicit treatment is Kikuuwe's model A (eq. 26)
 * with the exact transform of the Coulomb law (eq. 25, D = 0), the element
 * whose level is set per step (fric_elem_a_var):
 *
 *     v* = v0 + (h/m1)·F1,  f = Φ_Z(v*) with Z = h/m1,  v1 = v* − Z·f,
 *
 * and v1 = 0 exactly when f is strictly inside the band (eq. 16: there
 * Φ_Z(v*) = v* / Z, so v* − Z·f is zero up to the rounding of the
 * division, which is not carried into the state: no drift while stuck).
 */
#include <math.h>

#include "fric_dupont.h"
#include "dupont_internal.h"
#include "friction.h"
#include "base.h"
#include "treatment_step.h"


fric_status fric_xy_check(const fric_xy_table *p, const char **why)
{
    const char *m = NULL;
    if (!p) m = fric__say_id("dupont.x_y_table",
                    "X-Y table is NULL; pass a fric_xy_table.",
                    fric__no_values);
    else if (!(isfinite(p->m1) && p->m1 > 0))
        m = fric__say_id("dupont.m_finite_sliding",
                "m1 = {m1} must be a finite sliding mass > 0 kg.",
                fric__values(fric__g("m1", p->m1)));
    else if (!(isfinite(p->m2) && p->m2 >= 0))
        m = fric__say_id("dupont.m_finite_carriage",
                "m2 = {m2} must be a finite carriage mass >= 0 kg.",
                fric__values(fric__g("m2", p->m2)));
    else if (!(isfinite(p->mu) && p->mu >= 0))
        m = fric__say_id("dupont.mu_finite_friction",
                "mu = {mu} must be a finite friction coefficient >= 0.",
                fric__values(fric__g("mu", p->mu)));
    else
        m = fric__dupont_step_check(p->h, p->treatment, p->eps, "m/s");
    if (why) *why = m ? m : "";
    return m ? fric__rc() : FRIC_OK;
}

void fric_xy_init(fric_xy_state *s, double x0, double v0)
{
    fric__dupont_dof_start(&s->dof, x0, v0);
    s->y = 0;
    s->vy = 0;
    s->FN = 0;
    s->elem = (fric_elem_a_var){ 0 };                 /* prepared by the first step */
}

fric_status fric_xy_step(const fric_xy_table *p, fric_xy_state *s, double F1, double F2)
{
    const double h = p->h, m1 = p->m1, v0 = s->dof.dq;
    const double ay = F2 / (m1 + p->m2);              /* eq. 4, second row */
    const double FN = m1 * ay;                        /* eq. 6: normal force */
    /* The law of this step: Coulomb with Fc = μ·|F_N| (eq. 5), D = 0. */
    fric_law law = { FRIC_COULOMB_VISCOUS, 0, p->mu * fabs(FN), 0, 0, 1 };
    double f, v1;
    int stuck = 0;
    /* No normal force, no friction (the core's Coulomb law needs Fc > 0). */
    if (!(law.Fc > 0)) {
        f = 0;
        v1 = v0 + h * F1 / m1;
    } else if (p->treatment == FRIC_TREATMENT_IMPLICIT) {
        const double Z = h / m1;
        if (!s->elem.plan.ready || s->elem.plan.Z != Z)
            fric_elem_a_var_prepare_unchecked(&s->elem, &law, Z, 0);   /* Coulomb, D = 0 */
        fric_elem_a_var_levels(&s->elem, law.Fc, law.Fc);   /* this step's μ·|F_N| */
        const double vstar = v0 + Z * F1;             /* Kikuuwe eq. 26a */
        f = fric_elem_a_var_run(&s->elem, vstar, NULL, NULL, NULL);  /* eq. 26b (eq. 25) */
        stuck = fabs(f) < law.Fc;
        v1 = stuck ? 0 : vstar - Z * f;               /* eq. 26c */
    } else {
        /* CLIP (Duclusaud Algorithm 1) with the previous step's normal force;
         * EXPLICIT, KARNOPP with this step's: Φ(v) = μ·|F_N|·sgn v (eq. 5) */
        const double N = p->treatment == FRIC_TREATMENT_CLIP ? p->mu * fabs(s->FN) : law.Fc;
        const fric__treat_in in = { m1 * v0 / h + F1, F1, v0, p->eps, N, N, N, N };
        const fric__treat_out r = fric__treat(p->treatment, &in);
        f = r.f;
        stuck = r.held;
        v1 = fric__treat_velocity(p->treatment, &in, &r, h, m1);
    }
    const double a = (v1 - v0) / h;
    const double vy = s->vy + h * ay, y = s->y + h * vy;
    const double x = s->dof.q + h * v1;
    if (!isfinite(f) || !isfinite(v1) || !isfinite(a) || !isfinite(x) || !isfinite(y) ||
        !isfinite(vy)) {
        fric__fail_id(FRIC_E_NONFINITE, -1, "dupont.xy_table_step",
            "xy-table: the step left the finite range from x = {q} m, v = {dq} m/s under F1 = {f1} "
            "N, F2 = {f2} N.",
            fric__values(fric__g("q", s->dof.q), fric__g("dq", s->dof.dq), fric__g("f1", F1),
                         fric__g("f2", F2)));
        return FRIC_E_NONFINITE;
    }
    fric__dupont_dof_end(&s->dof, x, v1, a, f, stuck);
    s->y = y;
    s->vy = vy;
    s->FN = FN;
    return 0;
}
