/*
 * baseline.c: the naive friction treatments the implicit elements replace
 * (Kikuuwe §II-A): explicit evaluation at the previous velocity, and
 * Karnopp's velocity threshold (Kikuuwe eq. 3).
 */
#include <math.h>

#include "friction.h"
#include "base.h"

double fric_explicit_force(const fric_law *law, double v_prev)
{
    return fric_phi(law, v_prev);        /* Φ(0) = 0: no force at exact rest */
}

double fric_karnopp_force(const fric_law *law, double eps, double v, double h)
{
    if (!fric_law_params_ok(law) || !(eps >= 0) || isnan(v) || isnan(h)) return NAN;
    if (fabs(v) > eps) return fric_phi(law, v);                /* eq. 3, first line */
    double F0 = fric_phi_plus0(law);
    return h > F0 ? F0 : h < -F0 ? -F0 : h;                    /* eq. 3, lines 2-4 */
}
