/*
 * fxb_shared.h: what wasm/bindings.c shares with the other binding files
 * (wasm/bindings_robot.c): the one error channel the wrapper reads
 * (fxb_last_error, fxb_last_status, fxb_last_param) and the bench vector's
 * reading. Not exported to JavaScript (no FXB_EXPORT).
 */
#ifndef FXB_SHARED_H
#define FXB_SHARED_H

#include "fric_bench.h"

/* rc != 0: the core's last failure recorded (its status, parameter and
 * *why, else its message) for the wrapper; 0: OK recorded. Returns rc. */
int fxb_from_core(int rc, const char *const *why);
/* The outcome of a call for the wrapper: status, parameter index (−1
 * none) and message. */
void fxb_set_status(int status, int param, const char *msg);
/* The bench def of the bench vector p[n] (fric_bench_def_from_params).
 * 0, or 1 with the message recorded. */
int fxb_bench_def_of(const double *p, int n, fric_bench_def *d);

#endif /* FXB_SHARED_H */
