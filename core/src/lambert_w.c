/* fric_lambert_w0: principal branch W0 of the Lambert W function.
 *
 * PROVISIONAL (phase 1): simple and accurate, not fast. Halley iteration in
 * long double from a rough start; near -1/e a series in p = sqrt(2(e x + 1))
 * with x + 1/e formed from a double-double 1/e.
 *
 * Branch: W0, w e^w = x, w >= -1. Domain [-1/e, +inf).
 * Special cases: the double nearest -1/e (just below it) -> -1; below it,
 * NaN and -inf -> NaN; +inf -> +inf; +-0 -> +-0.
 */
#include <math.h>

#include "friction.h"

/* 1/e = EM1_HI + EM1_LO to ~107 bits. */
#define EM1_HI 0x1.78b56362cef38p-2
#define EM1_LO (-0x1.ca8a4270fadf5p-57)
#define E_HI 0x1.5bf0a8b145769p+1
#define E_LO 0x1.4d57ee2b1013ap-53

double fric_lambert_w0(double x)
{
	if (!(x >= -EM1_HI)) {
		return (x == -EM1_HI) ? -1.0 : NAN;
	}
	if (x == -EM1_HI)
		return -1.0;
	if (x == INFINITY)
		return x;
	if (fabs(x) < 0x1p-40)
		return x - x * x;

	long double w;
	if (x < -0.25) {
		/* x + 1/e: exact by Sterbenz, then the low part. */
		double d = (x + EM1_HI) + EM1_LO;
		double p2 = 2.0 * (E_HI * d + E_LO * d);
		double p = sqrt(p2);
		if (p < 1e-3) {
			/* W = -1 + p - p^2/3 + 11/72 p^3 - 43/540 p^4 + ... */
			return -1.0 + p * (1.0 + p * (-1.0 / 3 + p * (11.0 / 72 + p * (-43.0 / 540 + p * (769.0 / 17280)))));
		}
		w = -1.0L + p * (1.0L + p * (-1.0L / 3 + p * (11.0L / 72)));
	} else if (x < 3.0) {
		w = log1pl(x);
		if (x < 0.0)
			w = x * (1.0L - x);
	} else {
		long double l1 = logl(x), l2 = logl(l1);
		w = l1 - l2 + l2 / l1;
	}
	for (int i = 0; i < 40; ++i) {
		long double ew = expl(w);
		long double f = w * ew - x;
		long double wp1 = w + 1.0L;
		long double dw = f / (ew * wp1 - (w + 2.0L) * f / (2.0L * wp1));
		w -= dw;
		if (fabsl(dw) <= 1e-19L * fabsl(w))
			break;
	}
	return (double)w;
}
