/*
 * elements.c: Kikuuwe's four discrete-time friction elements (Kikuuwe et al.
 * 2006, §III-A to III-D), each the implicit-Euler solution of its
 * constraints through one call of the transform Φ_Z.
 *
 *   A rigid admittance    Z = T/M                         eq. 26
 *   B inertial impedance  Z = T/C, C = M + T·B + T²·K      eqs. 35-36
 *   C massless impedance  Z = 1/(B + T·K)                  eq. 38
 *   D compliant admittance Z = (T²K + TB + M)/(M(B + TK))  eqs. 44-45
 */
#include <math.h>

#include "friction.h"
#include "law_internal.h"

static double xform(const fric_law *law, const fric_elem_def *def, double Z, double x)
{
    return def->xform == FRIC_XFORM_APPROX ? fric_phi_z_approx(law, Z, x)
                                           : fric_phi_z(law, Z, x);
}

/* v* − Z·f (Kikuuwe eqs. 26c, 36c): exactly 0 when the transform returned
 * the static value f = x/Z (x = v*), which x − Z·(x/Z) would only approach within
 * rounding. The element is then in static friction and must not creep. */
static double slip(double vstar, double Z, double f)
{
    return f == vstar / Z ? 0.0 : vstar - Z * f;
}

/* The first problem with def for this element kind, or NULL. */
static const char *def_problem(fric_elem_kind kind, const fric_elem_def *def)
{
    if (!def) return fric__say("def is NULL; pass a pointer to a fric_elem_def.");
    if (kind < FRIC_ELEM_A || kind > FRIC_ELEM_D)
        return fric__say("kind = %d is not an element; use FRIC_ELEM_A..FRIC_ELEM_D (0-3).",
                         (int)kind);
    int uses_m = kind != FRIC_ELEM_C, uses_kb = kind != FRIC_ELEM_A;
    if (!isfinite(def->T) || !(def->T > 0))
        return fric__say("T = %g must be a finite time step > 0 s.", def->T);
    if (uses_m && (!isfinite(def->M) || !(def->M > 0)))
        return fric__say("M = %g must be a finite mass > 0 kg.", def->M);
    if (uses_kb && (!isfinite(def->K) || !(def->K >= 0)))
        return fric__say("K = %g must be a finite stiffness >= 0 N/m.", def->K);
    if (uses_kb && (!isfinite(def->B) || !(def->B >= 0)))
        return fric__say("B = %g must be a finite damping >= 0 N*s/m.", def->B);
    if ((kind == FRIC_ELEM_C || kind == FRIC_ELEM_D) && !(def->B + def->T * def->K > 0))
        return fric__say("K = %g and B = %g make K*T + B = 0, so the contact has no "
                         "compliance to act through; give K or B a positive value.",
                         def->K, def->B);
    if (def->xform != FRIC_XFORM_EXACT && def->xform != FRIC_XFORM_APPROX)
        return fric__say("xform = %d is not a transform; use FRIC_XFORM_EXACT (0) or "
                         "FRIC_XFORM_APPROX (1).", (int)def->xform);
    return NULL;
}

static double elem_z(fric_elem_kind kind, const fric_elem_def *d)
{
    switch (kind) {
    case FRIC_ELEM_A: return d->T / d->M;
    case FRIC_ELEM_B: return d->T / (d->M + d->T * d->B + d->T * d->T * d->K);
    case FRIC_ELEM_C: return 1 / (d->B + d->T * d->K);
    case FRIC_ELEM_D:
        return (d->T * d->T * d->K + d->T * d->B + d->M) / (d->M * (d->B + d->T * d->K));
    }
    return NAN;
}

double fric_elem_z(fric_elem_kind kind, const fric_elem_def *def)
{
    return def_problem(kind, def) ? NAN : elem_z(kind, def);
}

int fric_elem_check(fric_elem_kind kind, const fric_elem_def *def,
                    const fric_law *law, const char **why)
{
    const char *p = def_problem(kind, def);
    if (p) {
        if (why) *why = p;
        return fric__rc();
    }
    return fric_law_check(law, elem_z(kind, def), why);
}

double fric_elem_a_step(const fric_law *law, const fric_elem_def *def,
                        fric_elem_a *s, double h)
{
    double TM = def->T / def->M;
    double vstar = s->v + TM * h;                        /* eq. 26a */
    s->f = xform(law, def, TM, vstar);                   /* eq. 26b */
    s->v = slip(vstar, TM, s->f);                        /* eq. 26c */
    return s->f;
}

double fric_elem_b_step(const fric_law *law, const fric_elem_def *def,
                        fric_elem_b *s, double u)
{
    double T = def->T, K = def->K, B = def->B, M = def->M;
    double C = M + T * B + T * T * K;                    /* eq. 35 */
    double vstar = u + T * K / C * s->e1
                 - M / C * (u - s->u1 + (s->e1 - s->e2) / T);   /* eq. 36a */
    double Z = T / C;
    double f = xform(law, def, Z, vstar);                /* eq. 36b */
    double e = s->e1 + T * u - T * slip(vstar, Z, f);    /* eq. 36c */
    s->h = K * e + B * (e - s->e1) / T;                  /* eq. 36d */
    s->v = u - (e - s->e1) / T;                          /* eq. 30 */
    s->f = f;
    s->e2 = s->e1;
    s->e1 = e;
    s->u1 = u;
    return s->h;
}

double fric_elem_c_step(const fric_law *law, const fric_elem_def *def,
                        fric_elem_c *s, double u)
{
    double G = def->B + def->T * def->K, Z = 1 / G;
    double vstar = u + def->K * s->e / G;                /* eq. 38a */
    s->f = xform(law, def, Z, vstar);                    /* eq. 38b */
    if (s->f == vstar / Z) s->e += def->T * u;           /* static: eq. 37a with M = 0 */
    else s->e = (def->B * s->e + def->T * s->f) / G;     /* eq. 38c */
    return s->f;
}

double fric_elem_d_step(const fric_law *law, const fric_elem_def *def,
                        fric_elem_d *s, double h)
{
    double T = def->T, K = def->K, B = def->B, M = def->M, G = B + T * K;
    double A = (T * T * K + T * B + M) / (M * G);        /* eq. 44 */
    double vstar = s->u + T * h / M + K * s->e / G;      /* eq. 45a */
    s->f = xform(law, def, A, vstar);                    /* eq. 45b */
    s->e = (B * s->e + T * s->f) / G;                    /* eq. 45c */
    s->u = s->u + T * (h - s->f) / M;                    /* eq. 45d */
    return s->f;
}

int fric_elem_c2_step(const fric_law *law, const fric_elem_def *def,
                      fric_elem_c2 *s, const double u[2])
{
    double G = def->B + def->T * def->K;
    double vstar[2] = { u[0] + def->K * s->e[0] / G,     /* eq. 38a, vector form */
                        u[1] + def->K * s->e[1] / G };
    double Z = 1 / G;
    int rc = fric_phi_z_2d(law, Z, vstar, s->f);         /* eqs. 38b, 53, 55 */
    int stuck = s->f[0] == vstar[0] / Z && s->f[1] == vstar[1] / Z;
    for (int i = 0; i < 2; i++)
        s->e[i] = stuck ? s->e[i] + def->T * u[i]                 /* eq. 37a, M = 0 */
                        : (def->B * s->e[i] + def->T * s->f[i]) / G;   /* eq. 38c */
    return rc;
}
