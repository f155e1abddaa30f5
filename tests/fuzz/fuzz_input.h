/*
 * fuzz_input.h: reading typed values from a libFuzzer input, for the targets
 * in tests/fuzz/. Every read is defined for every input: past the end it
 * returns zeros, so a short input is a valid (mostly default) case.
 */
#ifndef FUZZ_INPUT_H
#define FUZZ_INPUT_H

#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <float.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct {
    const uint8_t *p;
    size_t n, i;
} fuzz_in;

static inline uint8_t fuzz_u8(fuzz_in *in)
{
    return in->i < in->n ? in->p[in->i++] : 0;
}

static inline uint64_t fuzz_u64(fuzz_in *in)
{
    uint64_t v = 0;
    for (int k = 0; k < 8; k++) v = (v << 8) | fuzz_u8(in);
    return v;
}

/* A double chosen to reach the interesting places: one selector byte, then
 * raw bits (NaN, inf, subnormals, anything), a value from a list of edges, or
 * sign·10^e with e in [−330, 330) (every decade, subnormal to overflow). */
static inline double fuzz_double(fuzz_in *in)
{
    static const double edges[] = {
        0.0, -0.0, 1.0, -1.0, 0.5, 2.0, 1e-300, 1e300, DBL_MIN, DBL_MAX, -DBL_MAX,
        4.9406564584124654e-324, INFINITY, -INFINITY, NAN, 0.36787944117144233,
        -0.36787944117144233, -0.3678794411714423, 1e-6, 1e6, 2.5, 0.4, 0.06, 4.5,
        1.0 / 55, 1e-3, 1e3, 10.0, 100.0, 0.1, 0.01, 1e9,
    };
    uint8_t sel = fuzz_u8(in);
    if (sel < 64) {
        uint64_t b = fuzz_u64(in);
        double d;
        memcpy(&d, &b, sizeof d);
        return d;
    }
    if (sel < 128) return edges[sel % (sizeof edges / sizeof edges[0])];
    int e = (int)(((unsigned)fuzz_u8(in) << 8 | fuzz_u8(in)) % 660) - 330;
    double m = 1 + fuzz_u8(in) / 256.0;
    return (sel & 1 ? -1 : 1) * m * pow(10, e);
}

/* A positive double of typical size: 10^e·(1 + m), e in [lo, hi]. */
static inline double fuzz_pos(fuzz_in *in, int lo, int hi)
{
    int e = lo + (int)(fuzz_u8(in) % (unsigned)(hi - lo + 1));
    return (1 + fuzz_u8(in) / 64.0) * pow(10, e);
}

/* An invariant failed: print it and stop (libFuzzer saves the input as a
 * crash). With FUZZ_KEEP_GOING=1 in the environment (long survey runs) the
 * target instead prints the first failure of each check (source line) with
 * its input, counts the rest, prints the counts at exit and goes on, so one
 * known finding does not end a run of 10^7 inputs. */
#define FUZZ_MAX_LINES 1024
static unsigned long fuzz_fail_count[FUZZ_MAX_LINES];

static void fuzz_fail_summary(void)
{
    for (int l = 0; l < FUZZ_MAX_LINES; l++)
        if (fuzz_fail_count[l])
            fprintf(stderr, "fuzz finding at line %d: %lu inputs\n", l, fuzz_fail_count[l]);
}

static inline int fuzz_keep_going(int line)
{
    static int mode = -1;
    if (mode < 0) {
        const char *e = getenv("FUZZ_KEEP_GOING");
        mode = e && e[0] == '1';
        if (mode) atexit(fuzz_fail_summary);
    }
    if (!mode) return 0;
    if (line < 0 || line >= FUZZ_MAX_LINES) line = 0;
    return fuzz_fail_count[line]++ > 0 ? 2 : 1;
}

#define FUZZ_FAIL(...)                                                             \
    do {                                                                           \
        int keep_ = fuzz_keep_going(__LINE__);                                     \
        if (keep_ == 2) return;                                                    \
        fprintf(stderr, "fuzz invariant failed (%s:%d): ", __FILE__, __LINE__);    \
        fprintf(stderr, __VA_ARGS__);                                              \
        fprintf(stderr, "\n");                                                     \
        if (!keep_) abort();                                                       \
        return;                                                                    \
    } while (0)

/* A known finding (docs/fuzzing.md, "Known findings"), fixed on another
 * branch or routed to its owner: a target calls fuzz_known(K) just before
 * the FUZZ_FAIL of an input it recognises as finding K. Returns 1 (the
 * caller skips the failure: the input is counted, the counts printed at
 * exit) unless FUZZ_STRICT=1 is in the environment (then 0: the failure
 * stands; tests/fuzz/run.sh replays tests/fuzz/pending/ so). So `make
 * fuzz` explores past a finding that is already reported, and its saved
 * input still shows whether it is fixed. */
#define FUZZ_MAX_KNOWN 8
static const char *fuzz_known_name[FUZZ_MAX_KNOWN];
static unsigned long fuzz_known_count[FUZZ_MAX_KNOWN];

static void fuzz_known_summary(void)
{
    for (int k = 0; k < FUZZ_MAX_KNOWN && fuzz_known_name[k]; k++)
        fprintf(stderr, "fuzz: known finding %s: %lu hits (not failed; FUZZ_STRICT=1 fails them)\n",
                fuzz_known_name[k], fuzz_known_count[k]);
}

static inline int fuzz_known(const char *name)
{
    static int strict = -1;
    if (strict < 0) {
        const char *e = getenv("FUZZ_STRICT");
        strict = e && e[0] == '1';
        if (!strict) atexit(fuzz_known_summary);
    }
    if (strict) return 0;
    int k = 0;
    while (k < FUZZ_MAX_KNOWN && fuzz_known_name[k] && strcmp(fuzz_known_name[k], name) != 0) k++;
    if (k == FUZZ_MAX_KNOWN) return 1;
    fuzz_known_name[k] = name;
    fuzz_known_count[k]++;
    return 1;
}

#endif /* FUZZ_INPUT_H */
