/* law_internal.h: helpers shared by the core's files; not part of the API. */
#ifndef FRIC_LAW_INTERNAL_H
#define FRIC_LAW_INTERNAL_H

#include "friction.h"

/* 1 when the law's own parameters are valid (finite, signs, Fs > Fc,
 * alpha >= 1), without the transform condition. No message. */
int fric__law_params_ok(const fric_law *law);

/* m = −inf_{v>0} Φ'(v) [N·s/m], the steepest drop of the law; Kikuuwe's
 * condition (eq. 15) is 1/Z > m. Requires fric__law_params_ok. *v_at
 * receives the velocity where the infimum is attained (0 when it is only
 * approached as v → 0+). */
double fric__law_max_drop(const fric_law *law, double *v_at);

/* 1 when Φ_Z exists and is unique: params ok, Z finite > 0, Z·m < 1. */
int fric__law_ok(const fric_law *law, double Z);

/* Formats a rejection message into the per-thread buffer that
 * fric_law_check and fric_elem_check hand out; returns the buffer. */
const char *fric__say(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;

#endif
