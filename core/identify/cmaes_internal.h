/*
 * cmaes_internal.h: the deterministic elementary functions of cmaes.c, not
 * part of the API (tests/identify/test_cmaes.c checks them against libm).
 *
 * CMA-ES needs ln (recombination weights, the polar normal sampler, BIPOP's
 * small population) and exp (the step-size update, eq. 44; BIPOP's small
 * step size). libm's log and exp are not correctly rounded and differ
 * between C libraries (glibc, musl, emscripten's), so cmaes.c uses these,
 * built from +, −, ×, ÷ (correctly rounded in IEEE 754 everywhere) and the
 * exact frexp / ldexp: the same bits natively and in wasm.
 *
 * Accuracy (stated and tested): within 1e-15 relative of the true value
 * for finite arguments in the ranges below (a few ulps).
 */
#ifndef FRIC_CMAES_INTERNAL_H
#define FRIC_CMAES_INTERNAL_H

/* ln x for x > 0 finite (−inf at 0, NaN below 0 or for NaN, +inf at +inf). */
double fric__cmaes_log(double x);

/* e^x: 0 below −745.2, +inf above 709.8, NaN for NaN. */
double fric__cmaes_exp(double x);

#endif
