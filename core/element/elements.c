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
#include <assert.h>
#include <math.h>

#include "friction.h"
#include "base.h"

/* Φ_Z(x) of the prepared element; *stuck = 1 when the transform returned the
 * static value x/Z (the approximation: when it did too). */
static double xform(const fric_elem *e, double x, fric_warm *warm, int *stuck)
{
    if (e->def.xform == FRIC_XFORM_APPROX) {
        double f = fric_phi_z_approx(&e->law, e->Z, x);
        *stuck = f == x / e->Z;
        return f;
    }
    return fric_plan_eval(&e->plan, x, warm, stuck, 0);
}

/* v* − Z·f (Kikuuwe eqs. 26c, 36c): exactly 0 when the transform returned
 * the static value f = x/Z (x = v*), which x − Z·(x/Z) would only approach within
 * rounding. The element is then in static friction and must not creep. */
static double slip(double vstar, double Z, double f, int stuck)
{
    return stuck ? 0.0 : vstar - Z * f;
}

/* The first problem with def for this element kind, or NULL. */
static const char *def_problem(fric_elem_kind kind, const fric_elem_def *def)
{
    if (!def) return fric__say_id("element.def_null_pass",
                         "def is NULL; pass a pointer to a fric_elem_def.",
                         fric__no_values);
    if (kind < FRIC_ELEM_A || kind > FRIC_ELEM_D)
        return fric__say_id("element.kind_not_element",
                   "kind = {kind} is not an element; use FRIC_ELEM_A..FRIC_ELEM_D (0-3).",
                   fric__values(fric__i("kind", (int)kind)));
    int uses_m = kind != FRIC_ELEM_C, uses_kb = kind != FRIC_ELEM_A;
    if (!isfinite(def->T) || !(def->T > 0))
        return fric__say_id("element.t_finite_time",
                   "T = {t} must be a finite time step > 0 s.",
                   fric__values(fric__g("t", def->T)));
    if (uses_m && (!isfinite(def->M) || !(def->M > 0)))
        return fric__say_id("element.m_finite_mass",
                   "M = {m} must be a finite mass > 0 kg.",
                   fric__values(fric__g("m", def->M)));
    if (uses_kb && (!isfinite(def->K) || !(def->K >= 0)))
        return fric__say_id("element.k_finite_stiffness",
                   "K = {k} must be a finite stiffness >= 0 N/m.",
                   fric__values(fric__g("k", def->K)));
    if (uses_kb && (!isfinite(def->B) || !(def->B >= 0)))
        return fric__say_id("element.b_finite_damping",
                   "B = {b} must be a finite damping >= 0 N·s/m.",
                   fric__values(fric__g("b", def->B)));
    if ((kind == FRIC_ELEM_C || kind == FRIC_ELEM_D) && !(def->B + def->T * def->K > 0))
        return fric__say_id("element.k_b_make",
                   "K = {k} and B = {b} make K·T + B = 0, so the contact has no compliance to act "
                   "through; give K or B a positive value.",
                   fric__values(fric__g("k", def->K), fric__g("b", def->B)));
    if (def->xform != FRIC_XFORM_EXACT && def->xform != FRIC_XFORM_APPROX)
        return fric__say_id("element.xform_not_transform",
                   "xform = {xform} is not a transform; use FRIC_XFORM_EXACT (0) or "
                   "FRIC_XFORM_APPROX (1).",
                   fric__values(fric__i("xform", (int)def->xform)));
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

fric_status fric_elem_check(fric_elem_kind kind, const fric_elem_def *def,
                            const fric_law *law, const char **why)
{
    const char *p = def_problem(kind, def);
    if (p) {
        if (why) *why = p;
        return fric__rc();
    }
    return fric_law_check(law, elem_z(kind, def), why);
}

/* The step constants c[] of each kind, computed once:
 *   A: c0 = T/M
 *   B: c0 = T·K/C, c1 = M/C, c2 = 1/T            (C = M + T·B + T²·K, eq. 35)
 *   C: c0 = K/G, c1 = B/G, c2 = T/G               (G = B + T·K)
 *   D: c0 = G (its step keeps its divisions, see fric_elem_d_run) */
fric_status fric_elem_init(fric_elem *e, fric_elem_kind kind, const fric_elem_def *def,
                           const fric_law *law, const char **why)
{
    /* the code returned is the code recorded (fric_status_last) */
    if (fric_elem_check(kind, def, law, why)) return fric__rc();
    double Z = elem_z(kind, def);
    const char *w;
    if (fric_plan_init(&e->plan, law, Z, &w)) {          /* cannot fail after the check */
        if (why) *why = w;
        return fric__rc();
    }
    e->kind = kind;
    e->def = *def;
    e->law = *law;
    e->Z = Z;
    double T = def->T, M = def->M, K = def->K, B = def->B, G = B + T * K;
    switch (kind) {
    case FRIC_ELEM_A:
        e->c[0] = T / M;
        break;
    case FRIC_ELEM_B: {
        double C = M + T * B + T * T * K;                /* eq. 35 */
        e->c[0] = T * K / C;
        e->c[1] = M / C;
        e->c[2] = 1 / T;
        break;
    }
    case FRIC_ELEM_C:
        e->c[0] = K / G;
        e->c[1] = B / G;
        e->c[2] = T / G;
        break;
    case FRIC_ELEM_D:
        e->c[0] = G;
        break;
    }
    return 0;
}

double fric_elem_a_run(const fric_elem *e, fric_elem_a *s, double h)
{
    assert(e->kind == FRIC_ELEM_A);
    double TM = e->c[0];
    double vstar = s->v + TM * h;                        /* eq. 26a */
    s->f = xform(e, vstar, &s->warm, &s->stuck);         /* eq. 26b */
    s->v = slip(vstar, TM, s->f, s->stuck);              /* eq. 26c */
    return s->f;
}

double fric_elem_b_run(const fric_elem *e, fric_elem_b *s, double u)
{
    assert(e->kind == FRIC_ELEM_B);
    double T = e->def.T, K = e->def.K, B = e->def.B, iT = e->c[2], Z = e->Z;
    double vstar = u + e->c[0] * s->e1
                 - e->c[1] * (u - s->u1 + (s->e1 - s->e2) * iT);   /* eq. 36a */
    double f = xform(e, vstar, &s->warm, &s->stuck);     /* eq. 36b */
    double en = s->e1 + T * u - T * slip(vstar, Z, f, s->stuck);   /* eq. 36c */
    s->h = K * en + B * (en - s->e1) * iT;               /* eq. 36d */
    s->v = u - (en - s->e1) * iT;                        /* eq. 30 */
    s->f = f;
    s->e2 = s->e1;
    s->e1 = en;
    s->u1 = u;
    return s->h;
}

double fric_elem_c_run(const fric_elem *e, fric_elem_c *s, double u)
{
    assert(e->kind == FRIC_ELEM_C);
    double vstar = u + e->c[0] * s->e;                   /* eq. 38a */
    s->f = xform(e, vstar, &s->warm, &s->stuck);         /* eq. 38b */
    if (s->stuck) s->e += e->def.T * u;                  /* static: eq. 37a with M = 0 */
    else s->e = e->c[1] * s->e + e->c[2] * s->f;         /* eq. 38c */
    return s->f;
}

double fric_elem_d_run(const fric_elem *e, fric_elem_d *s, double h)
{
    assert(e->kind == FRIC_ELEM_D);
    /* divisions by M and G kept: with products by 1/M, 1/G the element
     * creeps in stiction (rounding no longer cancels; test_model_d_no_drift) */
    double T = e->def.T, K = e->def.K, B = e->def.B, M = e->def.M, G = e->c[0];
    double vstar = s->u + T * h / M + K * s->e / G;      /* eq. 45a */
    s->f = xform(e, vstar, &s->warm, &s->stuck);         /* eq. 45b */
    s->e = (B * s->e + T * s->f) / G;                    /* eq. 45c */
    s->u = s->u + T * (h - s->f) / M;                    /* eq. 45d */
    return s->f;
}

/* The unprepared steps fric_elem_{a,b,c,d}_step: validate and prepare,
 * then run; an invalid element leaves a NaN state (as the transform's NaN
 * always gave) and returns NaN. X(kind, KIND, input, the NaN state). */
#define UNPREPARED_STEPS(X)                                                                   \
    X(a, A, h, s->f = s->v = NAN)                                                             \
    X(b, B, u, (s->f = s->h = s->v = s->e2 = s->e1 = NAN, s->u1 = u, NAN))                    \
    X(c, C, u, s->f = s->e = NAN)                                                             \
    X(d, D, h, s->f = s->e = s->u = NAN)
#define UNPREPARED_STEP(k, KIND, in, nan_state)                                               \
    double fric_elem_##k##_step(const fric_law *law, const fric_elem_def *def,                \
                                fric_elem_##k *s, double in)                                  \
    {                                                                                         \
        fric_elem e;                                                                          \
        if (fric_elem_init(&e, FRIC_ELEM_##KIND, def, law, 0)) return nan_state;              \
        return fric_elem_##k##_run(&e, s, in);                                                \
    }
UNPREPARED_STEPS(UNPREPARED_STEP)
#undef UNPREPARED_STEP
#undef UNPREPARED_STEPS

fric_status fric_elem_c2_step(const fric_law *law, const fric_elem_def *def,
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
