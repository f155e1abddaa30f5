/* law_internal.h: helpers shared by the core's files; not part of the API. */
#ifndef FRIC_LAW_INTERNAL_H
#define FRIC_LAW_INTERNAL_H

#include "friction.h"
#include "fric_status.h"

/* 1 when the law's own parameters are valid (finite, signs, Fs > Fc,
 * alpha >= 1), without the transform condition. No message. */
int fric__law_params_ok(const fric_law *law);

/* m = −inf_{v>0} Φ'(v) [N·s/m], the steepest drop of the law; Kikuuwe's
 * condition (eq. 15) is 1/Z > m. Requires fric__law_params_ok. *v_at
 * receives the velocity where the infimum is attained (0 when it is only
 * approached as v → 0+). */
double fric__law_max_drop(const fric_law *law, double *v_at);

/* 1 when Φ_Z exists and is unique and the set is accepted: params ok,
 * Z·m < 1 (eq. 15), Z in the accepted range (friction.h). */
int fric__law_ok(const fric_law *law, double Z);

/* Kikuuwe eq. 15 alone, Z·m < 1, for valid params and a finite Z > 0. */
int fric__law_slope_ok(const fric_law *law, double Z);

#if defined(__GNUC__)
#define FRIC__PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define FRIC__PRINTF(f, a)
#endif

/* Records a failure on this thread (fric_status_last): its code, the index
 * of the parameter at fault (−1: none in particular) and the message,
 * formatted into the per-thread buffer every `why` hands out; returns the
 * buffer. An argument may be the previous message. */
const char *fric__fail(fric_status code, int param, const char *fmt, ...) FRIC__PRINTF(3, 4);

/* fric__fail(FRIC_E_PARAM_RANGE, −1, …): a value outside what the model
 * accepts, no single parameter index to name. */
const char *fric__say(const char *fmt, ...) FRIC__PRINTF(1, 2);

/* Rewrites the message (e.g. prefixes the system's name), keeping the code
 * and the parameter of the failure it describes. */
const char *fric__reword(const char *fmt, ...) FRIC__PRINTF(1, 2);

/* Sets the parameter index of the last failure (a scenario names its own
 * parameter where an inner check only knew a field). Returns the message. */
const char *fric__at_param(int param);

/* The code to return for a failure just reported: the last failure's code
 * on this thread, never FRIC_OK (FRIC_E_PARAM_RANGE when the report was
 * skipped, e.g. by `if (why) *why = fric__say(…)` with why NULL). */
int fric__rc(void);

/* Dupont's screw law (core/law/screw.c) without the checks of the public
 * fric_screw_k / fric_screw_bound, for the screw drive's step: the caller
 * has validated e once (fric_screw_check).
 * k1 = 1/η1 − 1, k2 = 1 − 1/η2 (eq. 17), static ratios with η1s, η2s (eq. 19). */
struct fric_screw;
double fric__screw_k(const struct fric_screw *e, int driving, int stat);
/* τ_c + b_v·|q̇| + k·|τ_l|: the friction bound in direction dir (eqs. 17-18, 20). */
double fric__screw_bound(const struct fric_screw *e, int dir, double tau_l, double dq);

#endif
