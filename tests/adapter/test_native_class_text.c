/*
 * test_native_class_text.c: the native <default> class writer
 * (fric_native_class_mjcf, fric_adapter.h) as text, MuJoCo-free: the
 * snprintf contract (the length needed with cap 0, a short buffer cut and
 * NUL-terminated), the two forms (a whole <mujoco> file; the element
 * alone, indented under a <default>), the two MuJoCo dialects' actuator
 * elements, and the refusals (−1, the status recorded, one sentence naming
 * what is wrong, nothing banned). What MuJoCo makes of the text is
 * tests/mujoco/test_native_class.c's (2.2.2) and
 * tests/web/native_class.test.mjs's (3.14).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "test_main.h"

#include "fric_adapter.h"
#include "fric_bench.h"
#include "fric_native.h"
#include "native_sets.h"
#include "status_expect.h"

static fric_native_params params(void)
{
    return NATIVE_SET(.frictionloss = 0.052, .damping = 0.031, .armature = 0.0047, .kp = 3.2, .firmware_kp = 100,
                      .kv = 0.12, .forcerange = 0.6);
}

static void test_text(void **state)
{
    (void)state;
    fric_native_params p = params();
    char full[4096], elem[1024], small[20];
    int n = fric_native_class_mjcf(&p, "xl330_native", 100, FRIC_NATIVE_MUJOCO3, 1, NULL, 0);
    assert_true(n > 0 && n < (int)sizeof full);
    assert_int_equal(fric_native_class_mjcf(&p, "xl330_native", 100, FRIC_NATIVE_MUJOCO3, 1, full, sizeof full), n);
    assert_int_equal((int)strlen(full), n);
    assert_int_equal(fric_native_class_mjcf(&p, "xl330_native", 100, FRIC_NATIVE_MUJOCO3, 1, small, sizeof small), n);
    assert_int_equal((int)strlen(small), (int)sizeof small - 1);
    assert_memory_equal(small, full, sizeof small - 1);
    /* the whole file: a <mujoco> root holding one <default> with the class */
    assert_true(strncmp(full, "<mujoco model=\"friction-explorer-native-xl330_native\">\n", 55) == 0);
    assert_non_null(strstr(full, "  <default>\n    <default class=\"xl330_native\">\n      <joint "));
    assert_non_null(strstr(full, "      <position kp=\""));
    const char *tail = "    </default>\n  </default>\n</mujoco>\n";
    assert_string_equal(full + n - (int)strlen(tail), tail);
    /* no "--" inside the comment (XML forbids it) */
    const char *c0 = strstr(full, "<!--") + 4, *c1 = strstr(full, "-->");
    for (const char *q = c0; q < c1 - 1; q++) assert_false(q[0] == '-' && q[1] == '-');
    /* the element alone, the 2.2.2 dialect: <general>, no <position> */
    int m = fric_native_class_mjcf(&p, "x", 100, FRIC_NATIVE_MUJOCO222, 0, elem, sizeof elem);
    assert_true(m > 0 && m < (int)sizeof elem);
    assert_true(strncmp(elem, "    <default class=\"x\">\n      <joint ", 37) == 0);
    assert_non_null(strstr(elem, "\n      <general gaintype=\"fixed\" gainprm=\""));
    assert_null(strstr(elem, "position"));
    assert_null(strstr(elem, "<mujoco"));
    assert_string_equal(elem + m - 15, "    </default>\n");
    /* a class name of FRIC_NATIVE_CLASS_MAX characters is written whole */
    char longest[FRIC_NATIVE_CLASS_MAX + 1];
    memset(longest, 'a', FRIC_NATIVE_CLASS_MAX);
    longest[FRIC_NATIVE_CLASS_MAX] = '\0';
    assert_true(fric_native_class_mjcf(&p, longest, 0, FRIC_NATIVE_MUJOCO3, 0, elem, sizeof elem) > 0);
    assert_non_null(strstr(elem, longest));
}

/* call returned −1 with code recorded and a message naming name. */
/* 1 when every comment of xml is one XML 1.0 allows (§2.5: "<!--"
 * ((Char - '-') | ('-' (Char - '-')))* "-->": no "--" inside, no '-' just
 * before the end), and at least one comment is there. */
static int comments_ok(const char *xml)
{
    int n = 0;
    for (const char *c = strstr(xml, "<!--"); c; c = strstr(c, "<!--")) {
        const char *in = c + 4, *end = strstr(in, "-->");
        if (!end) return 0;
        for (const char *q = in; q < end; q++)
            if (q[0] == '-' && (q + 1 == end || q[1] == '-')) return 0;
        c = end + 3;
        n++;
    }
    return n > 0;
}

/* Every comment the core writes into MJCF is well-formed, whatever goes into
 * it: a class name of dashes (the name rule allows '-'), the bench's text
 * (it named the CLI's options, --joint and --params) and a negative
 * q_offset, in each writer (the class file, the M-model bench, the native
 * bench). */
static void test_comments(void **state)
{
    (void)state;
    fric_native_params p = params();
    p.q_offset = -0.25;
    char xml[8192];
    static const char *const names[] = { "a--b", "x-", "--", "-", "a---b-" };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        for (int d = 0; d < 2; d++) {
            int n = fric_native_class_mjcf(&p, names[i], 100, d ? FRIC_NATIVE_MUJOCO222 : FRIC_NATIVE_MUJOCO3, 1, xml,
                                           sizeof xml);
            assert_true(n > 0 && n < (int)sizeof xml);
            if (!comments_ok(xml)) fail_msg("class '%s': a comment XML refuses:\n%s", names[i], xml);
            /* the class itself keeps its name as given */
            char attr[64];
            snprintf(attr, sizeof attr, "<default class=\"%s\">", names[i]);
            assert_non_null(strstr(xml, attr));
        }
    fric_bench_def def;
    fric_bench_def_from_preset(fric_bench_preset_find("xl330", 2), &def);
    def.servo.q_offset = -0.25;
    int n = fric_mujoco_bench_mjcf(&def, xml, sizeof xml);
    assert_true(n > 0 && n < (int)sizeof xml);
    if (!comments_ok(xml)) fail_msg("the bench MJCF: a comment XML refuses:\n%s", xml);
    fric_native_bench b = { .p = p, .mass = 0.49, .arm_mass = 0.05, .length = 0.15, .log_kp = 100, .dt = 0.002 };
    n = fric_native_bench_mjcf(&b, xml, sizeof xml);
    assert_true(n > 0 && n < (int)sizeof xml);
    if (!comments_ok(xml)) fail_msg("the native bench MJCF: a comment XML refuses:\n%s", xml);
}

static void refused(int rc, fric_status code, const char *name)
{
    assert_int_equal(rc, -1);
    fric_error e = fric_status_last();
    assert_int_equal(e.code, code);
    if (!strstr(e.message, name)) fail_msg("'%s' does not name '%s'", e.message, name);
    assert_null(banned_in(e.message));
}

static void test_refusals(void **state)
{
    (void)state;
    fric_native_params p = params();
    char buf[2048];
    char too_long[FRIC_NATIVE_CLASS_MAX + 2];
    memset(too_long, 'a', FRIC_NATIVE_CLASS_MAX + 1);
    too_long[FRIC_NATIVE_CLASS_MAX + 1] = '\0';
    const char *names[] = { "", "a b", "a\"b", "x<y", "é", too_long, NULL };
    for (int i = 0; i < 7; i++)
        refused(fric_native_class_mjcf(&p, names[i], 100, FRIC_NATIVE_MUJOCO3, 1, buf, sizeof buf),
                FRIC_E_PARAM_RANGE, "class name");
    refused(fric_native_class_mjcf(&p, "x", -1, FRIC_NATIVE_MUJOCO3, 1, buf, sizeof buf), FRIC_E_PARAM_RANGE,
            "firmware kp");
    refused(fric_native_class_mjcf(&p, "x", NAN, FRIC_NATIVE_MUJOCO3, 1, buf, sizeof buf), FRIC_E_PARAM_RANGE,
            "firmware kp");
    refused(fric_native_class_mjcf(&p, "x", 100, (fric_native_dialect)7, 1, buf, sizeof buf), FRIC_E_PARAM_RANGE,
            "dialect");
    refused(fric_native_class_mjcf(NULL, "x", 100, FRIC_NATIVE_MUJOCO3, 1, buf, sizeof buf), FRIC_E_NULL,
            "parameters");
    /* the set itself: fric_native_check's sentence, naming the key */
    fric_native_params q = p;
    q.frictionloss = -0.1;
    refused(fric_native_class_mjcf(&q, "x", 100, FRIC_NATIVE_MUJOCO3, 1, buf, sizeof buf), FRIC_E_PARAM_RANGE,
            "frictionloss");
    q = p;
    q.forcerange_lo = 1;
    q.forcerange_hi = -1;
    refused(fric_native_class_mjcf(&q, "x", 100, FRIC_NATIVE_MUJOCO222, 0, buf, sizeof buf), FRIC_E_PARAM_RANGE,
            "forcerange");
    q = p;
    q.kp = 0;
    refused(fric_native_class_mjcf(&q, "x", 100, FRIC_NATIVE_MUJOCO3, 1, buf, sizeof buf), FRIC_E_PARAM_RANGE,
            "kv");
}

FRIC_TEST_MAIN(cmocka_unit_test(test_text), cmocka_unit_test(test_comments), cmocka_unit_test(test_refusals))
