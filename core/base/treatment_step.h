/*
 * treatment_step.h: the friction of one step of a one-dof system under the
 * treatments that read the start of the step (friction.h, fric_treatment:
 * CLIP, EXPLICIT, KARNOPP), written once for every system that offers them
 * (the bench, bench_step.c; the screw drive and the X-Y table of Dupont,
 * dupont_screw.c, dupont_xy.c). The implicit treatments stay with each
 * system's element: they solve for the end-of-step velocity.
 *
 * Friction f opposes motion: the dof receives ext − f. Its bounds may differ
 * with the direction (the screw's efficiencies, Dupont eq. 20):
 * f ∈ [−down, up] while moving, [−rest_down, rest_up] at rest.
 *   CLIP      Duclusaud & Passault Algorithm 1 line 7: the friction that
 *             would stop the dof in one step, S = I·v0/h + ext (eq. 4),
 *             clipped to the bound on its side:
 *             f = sgn(S)·min(|S|, bound(sgn S)); held iff |S| ≤ bound.
 *   EXPLICIT  f = sgn(v0)·bound(sgn v0), sgn 0 = 0 (forward Euler,
 *             Kikuuwe §II-A).
 *   KARNOPP   Kikuuwe eq. 3: |v0| > eps, explicit; inside the band, ext
 *             clipped to the rest bounds, f = sgn(ext)·min(|ext|,
 *             rest bound(sgn ext)); held iff also |ext| ≤ that bound.
 * sgn(x)·min(|x|, b) is the reference's expression of the clip
 * (bam/simulate.py, fx_clip_friction): the same bits as clip(x, −b, b)
 * except that x = −0 gives +0.
 *
 * Nothing here allocates; inline, as it runs once per step.
 */
#ifndef FRIC_TREATMENT_STEP_H
#define FRIC_TREATMENT_STEP_H

#include <math.h>

#include "friction.h"

/* What one step gives the treatment, in the system's units: force [N or
 * N·m], velocity [m/s or rad/s]. */
typedef struct {
    double stop;      /* S, the friction that stops the dof in this step (CLIP) */
    double ext;       /* the friction-free force on the dof (KARNOPP's h)       */
    double v0;        /* the velocity at the start of the step                  */
    double eps;       /* KARNOPP's zero-velocity band, >= 0                     */
    double up, down;  /* the bound against positive, negative motion, >= 0      */
    double rest_up, rest_down;  /* the same at rest (KARNOPP's band), >= 0     */
} fric__treat_in;

typedef struct {
    double f;  /* the friction, opposing motion: the dof receives ext − f      */
    int held;  /* friction held the dof: CLIP |S| within its bound; KARNOPP
                  inside the band with |ext| within the rest bound            */
    int band;  /* KARNOPP: |v0| <= eps (0 for CLIP and EXPLICIT)              */
} fric__treat_out;

/* sgn(x)·min(|x|, b) with b the bound on x's side (lo for x < 0); *held
 * iff |x| <= b. */
static inline double fric__treat_clip(double x, double up, double down, int *held)
{
    const double b = x < 0 ? down : up, ax = fabs(x);
    const double s = (double)((x > 0) - (x < 0));
    *held = ax <= b;
    return s * (*held ? ax : b);
}

/* The friction of the step under t, one of CLIP, EXPLICIT, KARNOPP (any
 * other treatment steps as KARNOPP; the systems' checks refuse them). */
static inline fric__treat_out fric__treat(fric_treatment t, const fric__treat_in *in)
{
    fric__treat_out r = { 0, 0, 0 };
    if (t == FRIC_TREATMENT_CLIP) {
        r.f = fric__treat_clip(in->stop, in->up, in->down, &r.held);
        return r;
    }
    r.band = t != FRIC_TREATMENT_EXPLICIT && !(fabs(in->v0) > in->eps);
    if (r.band) {
        r.f = fric__treat_clip(in->ext, in->rest_up, in->rest_down, &r.held);
    } else {
        const int sv = (in->v0 > 0) - (in->v0 < 0);     /* sgn 0 = 0 */
        r.f = sv ? sv * (sv > 0 ? in->up : in->down) : 0;
    }
    return r;
}

/* The end-of-step velocity [m/s or rad/s] of a dof of inertia I [kg or
 * kg·m²] over the step h [s] under r: CLIP (Algorithm 1 lines 8-9), 0 when
 * held, otherwise (S − f)·h/I; EXPLICIT and KARNOPP, forward Euler
 * v0 + h·(ext − f)/I. */
static inline double fric__treat_velocity(fric_treatment t, const fric__treat_in *in,
                                          const fric__treat_out *r, double h, double I)
{
    if (t == FRIC_TREATMENT_CLIP) return r->held ? 0 : (in->stop - r->f) * h / I;
    return in->v0 + h * (in->ext - r->f) / I;
}

#endif
