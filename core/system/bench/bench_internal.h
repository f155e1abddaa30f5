/* bench_internal.h: helpers shared by the bench files; not part of the API. */
#ifndef FRIC_BENCH_INTERNAL_H
#define FRIC_BENCH_INTERNAL_H

#include "fric_bench.h"

/* (m + m_arm/2)·(−g)·l [N·m], τe = gain·sin(q + q_offset) (bench_servo.c). */
double fric__bench_gravity_gain(const fric_bench_def *d);

/* "<prefix><m>" in the per-thread message buffer; m may itself be that
 * buffer (it is copied first). Defined in bench_step.c. */
const char *fric__bench_prefix(const char *prefix, const char *m);

#endif
