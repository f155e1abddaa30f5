/*
 * test_cli_fmt.c: the number formatting of the command-line tool
 * (cli/fmt.c): every CSV value must read back as the same double, with as
 * few digits as possible.
 *
 * References: a table of shortest round-trip strings as written by the
 * Steele-White/Grisu/Ryu family (Python's repr gives the same digits; the
 * exponent is written the C "%g" way, and integers below 1e16 plainly), and
 * for random bit patterns the property itself, checked with strtod: the
 * output reads back exactly, and no string with one significant digit fewer
 * does (a correctly rounded "%.*e" with one digit fewer is the closest such
 * string).
 */
#include "test_main.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fmt.h"

static void test_table(void **st)
{
    (void)st;
    static const struct { double x; const char *text; } cases[] = {
        { 0.0, "0" },
        { -0.0, "-0" },
        { 1.0, "1" },
        { 10.0, "10" },
        { 100.0, "100" },
        { 123456789.0, "123456789" },
        { 1e15, "1000000000000000" },
        { 1e16, "1e+16" },
        { 1e22, "1e+22" },
        { 0.1, "0.1" },
        { 0.005, "0.005" },
        { 0.1 + 0.2, "0.30000000000000004" },
        { 1.0 / 3.0, "0.3333333333333333" },
        { 2.0 / 3.0, "0.6666666666666666" },
        { 1e-5, "1e-05" },
        { 1.5e-7, "1.5e-07" },
        { 5e-324, "5e-324" },
        { DBL_MAX, "1.7976931348623157e+308" },
        { DBL_MIN, "2.2250738585072014e-308" },
        { 9007199254740993.0, "9007199254740992" },  /* 2^53 + 1 rounds to 2^53 */
        { -1.25, "-1.25" },
        { 3.141592653589793, "3.141592653589793" },
        { 1e23, "1e+23" },
        { 0.3, "0.3" },
        { 100.0 / 3.0, "33.333333333333336" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char buf[FMT_DOUBLE_LEN];
        fmt_double(buf, cases[i].x);
        if (strcmp(buf, cases[i].text) != 0)
            fail_msg("%.17g written as '%s', expected '%s'", cases[i].x, buf, cases[i].text);
    }
}

static void test_non_finite(void **st)
{
    (void)st;
    char buf[FMT_DOUBLE_LEN];
    assert_string_equal(fmt_double(buf, INFINITY), "inf");
    assert_string_equal(fmt_double(buf, -INFINITY), "-inf");
    assert_string_equal(fmt_double(buf, NAN), "nan");
}

static int significant_digits(const char *s)
{
    int n = 0, started = 0;
    for (; *s && *s != 'e'; s++) {
        if (*s >= '1' && *s <= '9') started = 1;
        if (started && *s >= '0' && *s <= '9') n++;
    }
    return n;
}

/* xorshift64*: reproducible bit patterns */
static uint64_t rng = 0x9E3779B97F4A7C15u;
static uint64_t next_u64(void)
{
    rng ^= rng >> 12;
    rng ^= rng << 25;
    rng ^= rng >> 27;
    return rng * 0x2545F4914F6CDD1Du;
}

static void test_random_round_trip_and_minimal(void **st)
{
    (void)st;
    char buf[FMT_DOUBLE_LEN], shorter[64];
    for (int i = 0; i < FRIC_TEST_SHORT(200000, 20); i++) {   /* the first 1e4 under the sanitizers */
        uint64_t bits = next_u64();
        double x;
        memcpy(&x, &bits, sizeof x);
        if (!isfinite(x)) continue;
        if (i % 4 == 0) x = (double)(int64_t)(bits >> 40) / 1000.0;   /* short decimals */
        fmt_double(buf, x);
        if (strtod(buf, NULL) != x) fail_msg("%a written as '%s' does not read back", x, buf);
        int d = significant_digits(buf);
        if (strchr(buf, 'e') == NULL && strchr(buf, '.') == NULL) continue; /* plain integer */
        if (d > 1) {
            snprintf(shorter, sizeof shorter, "%.*e", d - 2, x);
            if (strtod(shorter, NULL) == x)
                fail_msg("%a written as '%s' but '%s' also reads back", x, buf, shorter);
        }
    }
}

FRIC_TEST_MAIN(cmocka_unit_test(test_table),
               cmocka_unit_test(test_non_finite),
               cmocka_unit_test(test_random_round_trip_and_minimal))
