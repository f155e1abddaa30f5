/*
 * bench_lanes_avx512.c: the multi-lane kernel (bench_lanes_impl.h) with
 * 8 lanes of 512 bits, compiled for AVX-512 F + DQ (x86-64 only; FMA stays
 * off: -ffp-contract=off), called by bench_lanes.c when the CPU has both.
 * The same bits as the other kernels (tests/system/bench/test_bench_lanes.c);
 * measured 1.6× the AVX2 kernel's log-steps per second on the project's
 * AMD EPYC (docs/performance.md). Elsewhere (wasm, other CPUs) this file is
 * empty.
 */
#include "bench_internal.h"

#if FRIC__BENCH_HAVE_AVX2
#include <math.h>
#include <string.h>
/* every function from here on (lanes.h's included) compiled for the target */
#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("avx512f,avx512dq"))), apply_to = function)
#else
#pragma GCC target("avx512f,avx512dq")
#endif
#define FRIC_LANES_N 8
#define LANES_KERNEL fric__bench_lanes_avx512
#include "bench_lanes_impl.h"
#if defined(__clang__)
#pragma clang attribute pop
#endif
#else
typedef int fric__bench_lanes_avx512_unused;   /* ISO C: no empty translation unit */
#endif
