/* bench_internal.h: helpers shared by the bench files; not part of the API. */
#ifndef FRIC_BENCH_INTERNAL_H
#define FRIC_BENCH_INTERNAL_H

#include "fric_bench.h"

/* The budget of fric_servo.h split by its velocity dependence, for torques
 * τm, τe held fixed:  B(w) = C + A·s(w) + K_v·w,  w = |θ̇| >= 0,
 * s(w) = exp(−(w/θ̇_s)^α). C [N·m] gathers the terms without s, A [N·m] the
 * Stribeck amplitude (0 for M1, M3). Defined in servo_friction.c. */
void fric__servo_split(const fric_servo_friction *p, double tau_m, double tau_e,
                       double *C, double *A);

/* (m + m_arm/2)·(−g)·l [N·m], τe = gain·sin(q + q_offset) (bench_servo.c). */
double fric__bench_gravity_gain(const fric_bench_def *d);

/* "<prefix><m>" in the per-thread message buffer; m may itself be that
 * buffer (it is copied first). Defined in bench_step.c. */
const char *fric__bench_prefix(const char *prefix, const char *m);

#endif
