/*
 * test_main.h: the harness of every cmocka program, kept small (as Box2D's
 * test/test_macros.h keeps its own): the headers cmocka.h needs before it,
 * in the order its documentation gives, and the program's main.
 *
 *   FRIC_TEST_MAIN(cmocka_unit_test(test_a),
 *                  cmocka_unit_test(test_b))
 *
 * declares the list of tests and runs it as one group named "tests", so the
 * output keeps cmocka's format ("[  PASSED  ] N test(s)." is what
 * tools/run-tests.sh counts).
 */
#ifndef TEST_MAIN_H
#define TEST_MAIN_H

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

/* The sanitizer build (build/asan: -fsanitize=address,undefined) finds
 * memory errors and undefined behaviour on the paths a test takes, not on
 * the values it computes: a long run, a dense sweep or a large fit budget
 * takes no path there that a short one does not, at ten to thirty times the
 * plain build's cost. So a test that is long only by repetition runs a
 * share of it there, with FRIC_TEST_SHORT; the plain build (build/native)
 * runs all of it, with the strict checks. A short run holds the points it
 * checks to the same conditions, unless the test says which condition the
 * shorter run cannot reach and what it checks instead (docs/testing.md
 * lists the tests that shorten).
 *
 *   FRIC_TEST_SANITIZED       1 in the sanitizer build, 0 in the plain one
 *   FRIC_TEST_SHORT(n, k)     n in the plain build, n/k (at least 1) under
 *                             the sanitizers: a loop's count or a budget
 *   FRIC_TEST_STRIDE(k)       1 in the plain build, k under the sanitizers:
 *                             a loop's step (every k-th log, every k-th set) */
#if defined(__SANITIZE_ADDRESS__)
#define FRIC_TEST_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define FRIC_TEST_SANITIZED 1
#endif
#endif
#ifndef FRIC_TEST_SANITIZED
#define FRIC_TEST_SANITIZED 0
#endif
#define FRIC_TEST_SHORT(n, k) (FRIC_TEST_SANITIZED ? ((n) / (k) > 0 ? (n) / (k) : 1) : (n))
#define FRIC_TEST_STRIDE(k) (FRIC_TEST_SANITIZED ? (k) : 1)

/* main: the tests given, run as one group after the group setup (NULL for
 * none; a CMFixtureFunction). */
#define FRIC_TEST_MAIN_SETUP(setup, ...)                       \
    int main(void)                                             \
    {                                                          \
        const struct CMUnitTest tests[] = { __VA_ARGS__ };     \
        return cmocka_run_group_tests(tests, setup, NULL);     \
    }
#define FRIC_TEST_MAIN(...) FRIC_TEST_MAIN_SETUP(NULL, __VA_ARGS__)

#endif
