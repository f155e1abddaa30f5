/*
 * phi_z_2d.c: the two-dimensional implicit transform for isotropic
 * Coulomb-viscous friction, Φ(x) = Fc·x/‖x‖ + D·x (Kikuuwe eq. 54):
 *   Φ_Z(x) = (Fc·x/‖x‖ + D·x)/(1 + Z·D)   if ‖x‖ > Z·Fc        (eq. 55)
 *          = x/Z                          if ‖x‖ ≤ Z·Fc
 * D = 0 is pure Coulomb friction (eq. 53).
 */
#include <math.h>

#include "friction.h"
#include "base.h"

fric_status fric_phi_z_2d(const fric_law *law, double Z, const double x[2], double y[2])
{
    if (!law || !x || !y) {
        if (y) y[0] = y[1] = NAN;
        fric__fail_id(FRIC_E_NULL, -1, "transform.d_transform_law",
            "2-D transform: the law, x and y must be given.",
            fric__no_values);
        return FRIC_E_NULL;
    }
    if (law->kind != FRIC_COULOMB_VISCOUS) {
        y[0] = y[1] = NAN;
        fric__fail_id(FRIC_E_UNSUPPORTED, -1, "transform.d_transform_only",
            "2-D transform: only the Coulomb-viscous law has one (Kikuuwe eqs. 53, 55).",
            fric__no_values);
        return FRIC_E_UNSUPPORTED;
    }
    if (!fric_law_ok(law, Z)) {
        y[0] = y[1] = NAN;
        int rc = fric_law_check(law, Z, NULL);   /* records the field at fault */
        return rc ? rc : (int)(fric__fail_id(FRIC_E_PARAM_RANGE, FRIC_LAW_Z, "transform.d_transform_z",
                                   "2-D transform: Z = {z} is not accepted for this law.",
                                   fric__values(fric__g("z", Z))), FRIC_E_PARAM_RANGE);
    }
    if (!isfinite(x[0]) || !isfinite(x[1])) {
        y[0] = y[1] = NAN;
        fric__fail_id(FRIC_E_PARAM_RANGE, -1, "transform.d_transform_x",
            "2-D transform: x = ({x}, {x2}) is not finite.",
            fric__values(fric__g("x", x[0]), fric__g("x2", x[1])));
        return FRIC_E_PARAM_RANGE;
    }
    double n = hypot(x[0], x[1]);
    if (n <= Z * law->Fc) {
        y[0] = x[0] / Z;
        y[1] = x[1] / Z;
        return 0;
    }
    /* the unit vector x/‖x‖ first: Fc/‖x‖ would underflow to a subnormal
     * (and lose its digits) for a small Fc and a large ‖x‖ */
    double k = 1 + Z * law->D;
    y[0] = (law->Fc * (x[0] / n) + law->D * x[0]) / k;
    y[1] = (law->Fc * (x[1] / n) + law->D * x[1]) / k;
    return 0;
}
