/*
 * fmt.c: shortest round-trip formatting of doubles.
 *
 * "%.*g" with p significant digits reads back exactly for every p >= p_min
 * (a correctly rounded p-digit decimal is within half a unit of the p-th
 * digit, which shrinks with p), and p = 17 always suffices for binary64. So
 * p_min is found by bisection: 15 is tried first (most values either need
 * 16-17 digits or far fewer). Integers below 1e16 are written without an
 * exponent.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fmt.h"

static int round_trips(char *buf, int prec, double x)
{
    snprintf(buf, FMT_DOUBLE_LEN, "%.*g", prec, x);
    return strtod(buf, NULL) == x;
}

char *fmt_double(char buf[FMT_DOUBLE_LEN], double x)
{
    if (isnan(x)) {
        snprintf(buf, FMT_DOUBLE_LEN, "nan");
        return buf;
    }
    if (isinf(x)) {
        snprintf(buf, FMT_DOUBLE_LEN, x > 0 ? "inf" : "-inf");
        return buf;
    }
    int lo, hi; /* p_min in [lo, hi]; hi round-trips */
    if (round_trips(buf, 15, x)) {
        lo = 1;
        hi = 15;
    } else if (round_trips(buf, 16, x)) {
        return buf;
    } else {
        snprintf(buf, FMT_DOUBLE_LEN, "%.17g", x);
        return buf;
    }
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (round_trips(buf, mid, x)) hi = mid;
        else lo = mid + 1;
    }
    snprintf(buf, FMT_DOUBLE_LEN, "%.*g", hi, x);
    /* "%g" writes 1e+01 for 10 when one digit suffices; below 1e16 the plain
     * integer digits read better (and are still exact). */
    const char *e = strchr(buf, 'e');
    if (e && e[1] == '+') {
        int ex = atoi(e + 2);
        if (ex <= 15) snprintf(buf, FMT_DOUBLE_LEN, "%.*g", ex + 1, x);
    }
    return buf;
}
