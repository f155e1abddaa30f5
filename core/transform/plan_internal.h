/* plan_internal.h: the unchecked side of the prepared transform (phi_z.c);
 * not part of the API. */
#ifndef FRIC_PLAN_INTERNAL_H
#define FRIC_PLAN_INTERNAL_H

#include "friction.h"

/* Prepares plan for (law, Z) without validating them. The caller guarantees
 * finite parameters, Z > 0, vs > 0 and Fs >= Fc >= 0 for the Stribeck law;
 * unlike fric_plan_init it accepts α < 1 and laws that break Kikuuwe's
 * condition (eq. 15): the Stribeck solve then returns the SMALLEST slip
 * (the branch continuous with sticking). The bench's implicit treatment
 * uses this (its budget is such a law, bench_step.c). */
void fric__plan_prepare(fric_plan *plan, const fric_law *law, double Z);

/* Replaces the Stribeck levels Fc, Fs (Fs >= Fc >= 0) of a prepared
 * Stribeck plan, keeping Z, vs, D and α: a few products, no division. */
void fric__plan_levels(fric_plan *plan, double Fc, double Fs);

#endif
