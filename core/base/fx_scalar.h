/*
 * fx_scalar.h: the scalar instance of the core's formula templates
 * (servo_formulas.h, slip_formulas.h): double values, int masks, libm, and
 * selects as ?: so that one contact skips what it does not need. A template
 * instance for vectors defines these macros itself before including a
 * template (bench_lanes_impl.h); every macro here is defined only where it
 * is not already. No include guard: a template includes it.
 */

/* inlined whatever the size heuristics say (one step is one dependency
 * chain the compiler schedules as a whole) */
#ifndef FX_INLINE
#define FX_INLINE static inline __attribute__((always_inline))
#endif

#ifndef FX_T
#include <math.h>
#define FX_T double
#define FX_M int
#define FX_SEL(m, a, b) ((m) ? (a) : (b))
#define FX_ABS(x) fabs(x)
#define FX_SGN(x) ((double)(((x) > 0) - ((x) < 0)))
#define FX_C(x) (x)
#define FX_SIN(x) sin(x)
#define FX_EXP(x) exp(x)
#define FX_POW(a, b) pow(a, b)
#endif
#ifndef FX_NOT
#define FX_NOT(m) (!(m))
#define FX_ANY(m) (m)
#define FX_AND(a, b) ((a) && (b))
#endif
