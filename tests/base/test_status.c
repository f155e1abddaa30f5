/*
 * test_status.c: the core's sentences with ids and named values
 * (fric__fail_id, fric__sentence; core/base/base.h, status.c): each value
 * written once as its constructor says, the message its text with each
 * {name} replaced, the values recorded as "name=text" entries; against
 * hand-written expected texts.
 */
#include "test_main.h"

#include <string.h>

#include "base.h" /* core/base, private: TEST_EXTRA = -Icore/base */

static void test_values_and_message(void **state)
{
    (void)state;
    fric_status_clear();
    const char *m = fric__fail_id(FRIC_E_NO_TRANSFORM, 5, "test.all",
                                  "{s} g={g} gp={gp} fp={fp} i={i} u={u} sn={sn}.",
                                  fric__values(fric__s("s", "Stribeck"), fric__g("g", 0.1),
                                               fric__gp("gp", 3, 3.14159), fric__fp("fp", 2, 2.5),
                                               fric__i("i", -7LL), fric__u("u", (size_t)42),
                                               fric__sn("sn", 3, "abcdef")));
    assert_string_equal(m, "Stribeck g=0.1 gp=3.14 fp=2.50 i=-7 u=42 sn=abc.");
    fric_error e = fric_status_last();
    assert_int_equal(e.code, FRIC_E_NO_TRANSFORM);
    assert_int_equal(e.param, 5);
    assert_ptr_equal(e.message, m);
    assert_string_equal(e.id, "test.all");
    assert_string_equal(e.values, "s=Stribeck\x1fg=0.1\x1fgp=3.14\x1f" "fp=2.50\x1fi=-7\x1fu=42\x1fsn=abc");
    assert_int_equal(e.prefix, 0);
    assert_int_equal(fric__rc(), FRIC_E_NO_TRANSFORM);
}

static void test_braces_and_repeats(void **state)
{
    (void)state;
    /* a {word} naming no value, a lone brace and an empty {} stay; a name
     * used twice is written twice from its one text */
    const char *m = fric__fail_id(FRIC_E_PARAM_RANGE, -1, "test.braces",
                                  "{x} = {x} {y} { {} {x",
                                  fric__values(fric__g("x", 1e-300)));
    assert_string_equal(m, "1e-300 = 1e-300 {y} { {} {x");
    assert_string_equal(fric_status_last().values, "x=1e-300");
    m = fric__fail_id(FRIC_E_NULL, -1, "test.none", "nothing {named}.", fric__no_values);
    assert_string_equal(m, "nothing {named}.");
    assert_string_equal(fric_status_last().values, "");
    assert_string_equal(fric_status_last().id, "test.none");
}

static void test_previous_message_as_value(void **state)
{
    (void)state;
    fric__fail_id(FRIC_E_PARAM_RANGE, 2, "test.inner", "inner {v}",
                  fric__values(fric__g("v", 2.0)));
    const char *m = fric__fail_id(FRIC_E_LOG_INVALID, -1, "test.outer", "outer: {why} ({n})",
                                  fric__values(fric__s("why", fric_status_last().message),
                                               fric__i("n", 3)));
    assert_string_equal(m, "outer: inner 2 (3)");
    assert_string_equal(fric_status_last().values, "why=inner 2\x1fn=3");
    /* a prefix added by fric__reword keeps the id */
    m = fric__reword("scn: %s", m);
    assert_string_equal(m, "scn: outer: inner 2 (3)");
    assert_string_equal(fric_status_last().id, "test.outer");
    assert_int_equal(fric_status_last().prefix, 5);
    /* a plain fric__fail has no id */
    fric__fail(FRIC_E_NULL, -1, "plain %d", 1);
    assert_string_equal(fric_status_last().id, "");
    assert_string_equal(fric_status_last().values, "");
}

static void test_door(void **state)
{
    (void)state;
    /* a sentence said at a door: the message the door then the sentence, the
     * door its recorded prefix (7 bytes of "adopt: "), the id and values the
     * sentence's; wrapped again, the prefix grows by the wrapper */
    const char *m = fric__fail_door(FRIC_E_UNKNOWN_NAME, 3, "adopt: ", "test.door", "joint '{j}' is not in the model.",
                                    fric__values(fric__s("j", "elbow")));
    assert_string_equal(m, "adopt: joint 'elbow' is not in the model.");
    fric_error e = fric_status_last();
    assert_int_equal(e.code, FRIC_E_UNKNOWN_NAME);
    assert_int_equal(e.param, 3);
    assert_string_equal(e.id, "test.door");
    assert_string_equal(e.values, "j=elbow");
    assert_int_equal(e.prefix, 7);
    m = fric__say_door("mujoco: ", "test.door2", "{n} joints.", fric__values(fric__i("n", 2)));
    assert_string_equal(m, "mujoco: 2 joints.");
    assert_int_equal(fric_status_last().code, FRIC_E_PARAM_RANGE);
    assert_int_equal(fric_status_last().prefix, 8);
    m = fric__reword("run: %s", m);
    assert_string_equal(m, "run: mujoco: 2 joints.");
    assert_int_equal(fric_status_last().prefix, 13);
    assert_string_equal(fric_status_last().id, "test.door2");
}

static void test_truncation(void **state)
{
    (void)state;
    char big[700];
    memset(big, 'a', sizeof big - 1);
    big[sizeof big - 1] = '\0';
    const char *m = fric__fail_id(FRIC_E_PARAM_RANGE, -1, "test.long", "<{s}>{t}",
                                  fric__values(fric__s("s", big), fric__i("t", 9)));
    /* the message: 511 bytes of "<aaa…" (the buffer's 512 with its NUL) */
    assert_int_equal(strlen(m), 511);
    assert_int_equal(m[0], '<');
    assert_int_equal(m[510], 'a');
    /* the values: an entry that does not fit is left out, with those after it */
    assert_string_equal(fric_status_last().values, "");
    m = fric__fail_id(FRIC_E_PARAM_RANGE, -1, "test.long2", "{t}<{s}>",
                      fric__values(fric__i("t", 9), fric__s("s", big)));
    assert_int_equal(strlen(m), 511);
    assert_string_equal(fric_status_last().values, "t=9");
}

static void test_sentence(void **state)
{
    (void)state;
    char buf[8];
    size_t n = fric__sentence(buf, sizeof buf, "test.note", "mass {mass} kg, M{model}",
                              fric__values(fric__g("mass", 0.25), fric__i("model", 4)));
    assert_int_equal(n, strlen("mass 0.25 kg, M4"));
    assert_string_equal(buf, "mass 0.");
    fric_sentence s = fric_sentence_last();
    assert_string_equal(s.id, "test.note");
    assert_string_equal(s.values, "mass=0.25\x1fmodel=4");
    assert_int_equal(fric__sentence(NULL, 0, "test.note", "x{a}", fric__values(fric__s("a", "yz"))), 3);
    fric__no_sentence();
    assert_string_equal(fric_sentence_last().id, "");
    assert_string_equal(fric_sentence_last().values, "");
}

FRIC_TEST_MAIN(cmocka_unit_test(test_values_and_message),
               cmocka_unit_test(test_braces_and_repeats),
               cmocka_unit_test(test_previous_message_as_value),
               cmocka_unit_test(test_door),
               cmocka_unit_test(test_truncation),
               cmocka_unit_test(test_sentence))
