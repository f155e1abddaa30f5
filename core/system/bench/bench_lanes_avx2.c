/*
 * bench_lanes_avx2.c: the multi-lane kernel (bench_lanes_impl.h) with
 * 4 lanes of 256 bits, compiled for AVX2 (x86-64 only; FMA stays off:
 * -ffp-contract=off and no fma target), called by bench_lanes.c when the
 * CPU has AVX2. Elsewhere (wasm, other CPUs) this file is empty.
 */
#include "bench_internal.h"

#if FRIC__BENCH_HAVE_AVX2
#include <math.h>
#include <string.h>
/* every function from here on (lanes.h's included) compiled for the target */
#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("avx2"))), apply_to = function)
#else
#pragma GCC target("avx2")
#endif
#define FRIC_LANES_N 4
#define LANES_KERNEL fric__bench_lanes_avx2
#include "bench_lanes_impl.h"
#if defined(__clang__)
#pragma clang attribute pop
#endif
#else
typedef int fric__bench_lanes_avx2_unused;   /* ISO C: no empty translation unit */
#endif
