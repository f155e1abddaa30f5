/* law_internal.h: what the law stage's files (core/law) share; not part of
 * the API. The error helpers every stage uses are in core/base/base.h. */
#ifndef FRIC_LAW_INTERNAL_H
#define FRIC_LAW_INTERNAL_H

#include "friction.h"
#include "fric_status.h"

/* m = −inf_{v>0} Φ'(v) [N·s/m], the steepest drop of the law; Kikuuwe's
 * condition (eq. 15) is 1/Z > m. Requires fric_law_params_ok. *v_at
 * receives the velocity where the infimum is attained (0 when it is only
 * approached as v → 0+). */
double fric__law_max_drop(const fric_law *law, double *v_at);

/* Kikuuwe eq. 15 alone, Z·m < 1, for valid params and a finite Z > 0. */
int fric__law_slope_ok(const fric_law *law, double Z);

#endif
