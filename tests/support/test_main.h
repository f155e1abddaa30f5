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
