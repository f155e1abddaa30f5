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

/* The implicit friction of one bench step (bench_implicit.c). Given
 * tau_stop = (J/dt)·θ̇ + τm + τe [N·m], J/dt [N·m·s/rad] and the split budget,
 * returns the end-of-step velocity magnitude w >= 0 [rad/s] (0: stuck) with
 * (J/dt)·w + C + A·s(w) + K_v·w = |tau_stop| when w > 0, choosing the
 * smallest such w when several exist; *budget [N·m] gets B(w).
 * warm (may have warm[0] < 0: none) holds w, s(w), s'(w) of the previous
 * moving step, a predictor for the solve; it is updated when the step ends
 * moving. */
double fric__bench_implicit_w(const fric_servo_friction *p, double J_dt, double tau_stop,
                              double C, double A, double warm[3], double *budget);

/* "<prefix><m>" in the per-thread message buffer; m may itself be that
 * buffer (it is copied first). Defined in bench_step.c. */
const char *fric__bench_prefix(const char *prefix, const char *m);

#endif
