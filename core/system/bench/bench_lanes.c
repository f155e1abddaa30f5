/*
 * bench_lanes.c: the fast replay score of identification's inner loop
 * (fric_bench_batch_mae_lanes): the multi-lane kernel of bench_lanes_impl.h
 * compiled for the baseline ISA (2 lanes of 128 bits: SSE2 natively,
 * SIMD128 in the browser's wasm build, -msimd128) and, on x86-64, for AVX2
 * (bench_lanes_avx2.c) and AVX-512 (bench_lanes_avx512.c), the best the CPU
 * has picked at run time (__builtin_cpu_supports). All give the same bits
 * lane by lane (lanes.h: no libm, no FMA contraction).
 */
#include <math.h>

#define FRIC_LANES_N 2
#define LANES_KERNEL fric__bench_lanes_generic
#include "bench_lanes_impl.h"
#include "base.h"

int fric_bench_lanes_isa_auto(void)
{
#if FRIC__BENCH_HAVE_AVX2
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512dq"))
        return FRIC_BENCH_LANES_AVX512;
    if (__builtin_cpu_supports("avx2")) return FRIC_BENCH_LANES_AVX2;
#endif
    return FRIC_BENCH_LANES_GENERIC;
}

/* 1 when this machine runs kernel isa (a FRIC_BENCH_LANES_* but AUTO) */
static int isa_available(int isa)
{
    int best = fric_bench_lanes_isa_auto();
    return isa == FRIC_BENCH_LANES_GENERIC
           || (isa == FRIC_BENCH_LANES_AVX2 && best >= FRIC_BENCH_LANES_AVX2)
           || (isa == FRIC_BENCH_LANES_AVX512 && best == FRIC_BENCH_LANES_AVX512);
}

fric_status fric_bench_batch_mae_lanes(const fric_bench_batch *b, const fric_bench_def *d, size_t count,
                                       int isa, double *mae, double *q_sim, const char **why)
{
    const char *m = NULL;
    if (!b || !d || !mae) m = fric__fail_id(FRIC_E_NULL, -1, "bench.b_d_mae",
                                  "lanes: b, d and mae must be given.",
                                  fric__no_values);
    else if (count < 1) m = fric__say_id("bench.count_give_least",
                                "lanes: count = 0; give at least one parameter set.",
                                fric__no_values);
    else if (isa == FRIC_BENCH_LANES_AUTO) isa = fric_bench_lanes_isa_auto();
    if (!m && !isa_available(isa))
        m = fric__fail_id(FRIC_E_UNSUPPORTED, -1, "bench.kernel_not_available",
                "lanes: kernel {isa} is not available on this machine (0: auto, 1: generic, 2: "
                "AVX2, 3: AVX-512 where the CPU has them).",
                fric__values(fric__i("isa", isa)));
    for (size_t c = 0; !m && c < count; c++) {
        if (d[c].treatment != FRIC_TREATMENT_CLIP && d[c].treatment != FRIC_TREATMENT_IMPLICIT)
            m = fric__fail_id(FRIC_E_UNSUPPORTED, -1, "bench.parameter_set_lane",
                    "lanes: parameter set {c}: the lane kernel steps the clip ({treatment_clip}) "
                    "and implicit ({treatment_implicit}) treatments only, not {treatment}; use "
                    "fric_bench_batch_mae for the others.",
                    fric__values(fric__u("c", c), fric__i("treatment_clip", (int)FRIC_TREATMENT_CLIP),
                                 fric__i("treatment_implicit", (int)FRIC_TREATMENT_IMPLICIT),
                                 fric__i("treatment", (int)d[c].treatment)));
        else if (d[c].friction.model != d[0].friction.model
                 || d[c].servo.control != d[0].servo.control || d[c].treatment != d[0].treatment)
            m = fric__say_id("bench.parameter_set_model",
                    "lanes: parameter set {c} has model M{model}, control {control} and treatment "
                    "{treatment} where set 0 has M{model2}, {control2} and {treatment2}; the sets "
                    "of one call share all three.",
                    fric__values(fric__u("c", c), fric__i("model", d[c].friction.model),
                                 fric__i("control", (int)d[c].servo.control),
                                 fric__i("treatment", (int)d[c].treatment),
                                 fric__i("model2", d[0].friction.model),
                                 fric__i("control2", (int)d[0].servo.control),
                                 fric__i("treatment2", (int)d[0].treatment)));
        for (size_t i = 0; !m && i < b->logs; i++) {
            fric_bench_def e;
            const char *bad;
            fric_bench_def_from_log(&d[c], &b->header[i], &e);
            if (fric_bench_check(&e, &bad))
                m = count > 1 ? fric__reword("batch: parameter set %zu, log %zu: %s", c, i, bad)
                              : fric__reword("batch: log %zu: %s", i, bad);
        }
    }
    if (m) {
        if (why) *why = m;
        return fric__rc();
    }
#if FRIC__BENCH_HAVE_AVX2
    if (isa == FRIC_BENCH_LANES_AVX512) fric__bench_lanes_avx512(b, d, count, mae, q_sim);
    else if (isa == FRIC_BENCH_LANES_AVX2) fric__bench_lanes_avx2(b, d, count, mae, q_sim);
    else
#endif
        fric__bench_lanes_generic(b, d, count, mae, q_sim);
    if (why) *why = "";
    return 0;
}
