/*
 * test_cli_json.c: the command-line tool's JSON reader (cli/json.c).
 *
 * The expected values are written by hand from RFC 8259 and the reader's
 * documented rules (cli/json.h): numbers as C literals (the compiler's own
 * conversion), strings as their UTF-8 bytes, and for every malformed input
 * the line:column a reader must point at (counted by hand; columns count
 * characters) and a phrase of the message.
 *
 * cli/json.c is compiled into this program (the test rule links only the
 * core library).
 */
#define _POSIX_C_SOURCE 200809L /* mkstemp, fdopen */

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <float.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../cli/json.c"

/* Parses a NUL-terminated text; the document stays in *d. */
static int parse(json_doc *d, const char *text)
{
    json_init(d);
    return json_parse(d, text, strlen(text));
}

/* ------------------------------------------------------------ accepted */

static void test_object_members_and_types(void **st)
{
    (void)st;
    json_doc d;
    const char *text =
        "{\"n\": null, \"f\": false, \"t\": true, \"x\": -12.5e-1,\n"
        " \"s\": \"hi\", \"a\": [1, [], {}], \"o\": {\"k\": \"v\"}}";
    assert_int_equal(parse(&d, text), 0);
    const json_value *r = json_root(&d);
    assert_int_equal(r->type, JSON_OBJECT);
    assert_int_equal(r->n, 7);
    static const char *const keys[] = { "n", "f", "t", "x", "s", "a", "o" };
    static const int types[] = { JSON_NULL, JSON_FALSE, JSON_TRUE, JSON_NUMBER, JSON_STRING,
                                 JSON_ARRAY, JSON_OBJECT };
    int i = 0;
    for (const json_value *m = json_child(&d, r, NULL); m; m = json_child(&d, r, m), i++) {
        assert_true(i < 7);
        assert_string_equal(json_key(&d, m), keys[i]);
        assert_int_equal(m->type, types[i]);
    }
    assert_int_equal(i, 7);
    assert_true(json_get(&d, r, "x")->num == -1.25);
    assert_string_equal(json_str(&d, json_get(&d, r, "s")), "hi");
    const json_value *a = json_get(&d, r, "a");
    assert_int_equal(a->n, 3);
    const json_value *a0 = json_child(&d, a, NULL);
    const json_value *a1 = json_child(&d, a, a0);
    const json_value *a2 = json_child(&d, a, a1);
    assert_true(a0->num == 1.0);
    assert_int_equal(a1->type, JSON_ARRAY);
    assert_int_equal(a1->n, 0);
    assert_null(json_child(&d, a1, NULL));
    assert_int_equal(a2->type, JSON_OBJECT);
    assert_null(json_child(&d, a, a2));
    /* "o" starts on line 2: ` "s": "hi", "a": [1, [], {}], "o": ` is 35 characters. */
    const json_value *o = json_get(&d, r, "o");
    assert_int_equal(o->line, 2);
    assert_int_equal(o->col, 36);
    assert_string_equal(json_str(&d, json_get(&d, o, "k")), "v");
    assert_null(json_get(&d, r, "missing"));
    assert_null(json_get(&d, a, "k")); /* not an object */
    assert_null(json_key(&d, r));
    assert_null(json_str(&d, a));
    json_free(&d);
}

static void test_numbers(void **st)
{
    (void)st;
    static const struct { const char *text; double value; } cases[] = {
        { "0", 0.0 },
        { "-0", -0.0 },
        { "7", 7.0 },
        { "-7", -7.0 },
        { "0.1", 0.1 },
        { "1.5e-3", 1.5e-3 },
        { "1E+2", 100.0 },
        { "2.5E2", 250.0 },
        { "123456789012345678901234567890", 123456789012345678901234567890.0 },
        { "1.7976931348623157e308", DBL_MAX },
        { "2.2250738585072014e-308", DBL_MIN },
        { "4.9406564584124654e-324", 4.9406564584124654e-324 },
        { "1e-400", 0.0 }, /* underflows to zero: representable, accepted */
        { "0.0001234567890123456789", 0.0001234567890123456789 },
        { "[2]", 2.0 },    /* inside an array */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        json_doc d;
        assert_int_equal(parse(&d, cases[i].text), 0);
        const json_value *v = json_root(&d);
        if (v->type == JSON_ARRAY) v = json_child(&d, v, NULL);
        assert_int_equal(v->type, JSON_NUMBER);
        if (v->num != cases[i].value || signbit(v->num) != signbit(cases[i].value))
            fail_msg("'%s' read as %.17g, expected %.17g", cases[i].text, v->num,
                     cases[i].value);
        json_free(&d);
    }
}

static void test_strings_and_escapes(void **st)
{
    (void)st;
    static const struct { const char *text; const char *bytes; } cases[] = {
        { "\"\"", "" },
        { "\"a\\\"b\\\\c\\/d\"", "a\"b\\c/d" },
        { "\"\\b\\f\\n\\r\\t\"", "\b\f\n\r\t" },
        { "\"\\u0041\\u00e9\\u20AC\"", "A\xC3\xA9\xE2\x82\xAC" },      /* A é € */
        { "\"\\ud83d\\ude00\"", "\xF0\x9F\x98\x80" },                  /* U+1F600 */
        { "\"\xC3\xA9t\xC3\xA9 \xF0\x9F\x98\x80\"", "\xC3\xA9t\xC3\xA9 \xF0\x9F\x98\x80" },
        { "\"\\u007f\"", "\x7F" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        json_doc d;
        if (parse(&d, cases[i].text)) fail_msg("'%s' rejected: %s", cases[i].text, d.err);
        const json_value *v = json_root(&d);
        assert_int_equal(v->type, JSON_STRING);
        assert_string_equal(json_str(&d, v), cases[i].bytes);
        assert_int_equal(v->n, strlen(cases[i].bytes));
        json_free(&d);
    }
}

static void test_whitespace_bom_and_keys(void **st)
{
    (void)st;
    json_doc d;
    assert_int_equal(parse(&d, " \t\r\n[ 1 , 2 ]\n\t "), 0);
    assert_int_equal(json_root(&d)->n, 2);
    json_free(&d);
    assert_int_equal(parse(&d, "\xEF\xBB\xBF{\"\": 1, \"\xC3\xA9\": 2}"), 0);
    assert_true(json_get(&d, json_root(&d), "")->num == 1.0);
    assert_true(json_get(&d, json_root(&d), "\xC3\xA9")->num == 2.0);
    json_free(&d);
}

/* The reader must stop at len: no NUL is needed and nothing after is read
 * (ASan checks the read bound on the heap copy). */
static void test_length_bound(void **st)
{
    (void)st;
    json_doc d;
    char *buf = malloc(3);
    assert_non_null(buf);
    memcpy(buf, "1.5", 3);
    json_init(&d);
    assert_int_equal(json_parse(&d, buf, 3), 0);
    assert_true(json_root(&d)->num == 1.5);
    assert_int_equal(json_parse(&d, buf, 1), 0);   /* "1" */
    assert_true(json_root(&d)->num == 1.0);
    memcpy(buf, "tru", 3);
    assert_int_not_equal(json_parse(&d, buf, 3), 0);
    memcpy(buf, "\"ab", 3);
    assert_int_not_equal(json_parse(&d, buf, 3), 0);
    json_free(&d);
    free(buf);
}

/* ------------------------------------------------------------ rejected */

typedef struct {
    const char *text;
    const char *where;    /* "LINE:COL:" */
    const char *phrase;   /* part of the message */
} bad_case;

static const bad_case bad[] = {
    { "", "1:1:", "empty input" },
    { "   \n  ", "2:3:", "empty input" },
    { "{", "1:2:", "expected a key" },
    { "[1", "1:3:", "not closed" },
    { "[1,]", "1:4:", "trailing comma" },
    { "{\"a\":1,}", "1:8:", "trailing comma" },
    { "{'a':1}", "1:2:", "double quotes" },
    { "['a']", "1:2:", "double quotes" },
    { "[01]", "1:2:", "leading zeros" },
    { "[-01]", "1:2:", "leading zeros" },
    { "[1.]", "1:4:", "digit after the decimal point" },
    { "[.5]", "1:2:", "digit before the decimal point" },
    { "[+1]", "1:2:", "'+'" },
    { "[1e]", "1:4:", "exponent" },
    { "[1e+]", "1:5:", "exponent" },
    { "[-]", "1:3:", "digit after '-'" },
    { "[NaN]", "1:2:", "NaN" },
    { "[Infinity]", "1:2:", "Infinity" },
    { "[-Infinity]", "1:3:", "Infinity" },
    { "[1e999]", "1:2:", "too large" },
    { "[-1e999]", "1:2:", "too large" },
    { "[tru]", "1:2:", "expected true" },
    { "[nul]", "1:2:", "expected null" },
    { "[True]", "1:2:", "expected a value" },
    { "\"abc", "1:1:", "not closed" },
    { "\"a\x01\"", "1:3:", "control character 0x01" },
    { "\"a\nb\"", "1:3:", "control character 0x0A" },
    { "\"\\x\"", "1:3:", "invalid escape" },
    { "\"\\u12\"", "1:6:", "4 hexadecimal digits" },
    { "\"\\ud800\"", "1:2:", "high surrogate" },
    { "\"\\ud800\\u0041\"", "1:2:", "not by a low surrogate" },
    { "\"\\udc00\"", "1:2:", "low surrogate" },
    { "\"\\u0000\"", "1:2:", "NUL" },
    { "\"\xFF\"", "1:2:", "invalid UTF-8 byte 0xFF" },
    { "\"\xC0\xAF\"", "1:2:", "invalid UTF-8" },          /* overlong '/' */
    { "\"\xED\xA0\x80\"", "1:2:", "invalid UTF-8" },      /* encoded surrogate */
    { "\"\xF4\x90\x80\x80\"", "1:2:", "invalid UTF-8" },  /* beyond U+10FFFF */
    { "\"\xE2\x82\"", "1:2:", "invalid UTF-8" },          /* cut sequence */
    { "[1] [2]", "1:5:", "after the end" },
    { "{} x", "1:4:", "after the end" },
    { "{\"a\":1,\"a\":2}", "1:12:", "duplicate key \"a\"" },
    { "[1 2]", "1:4:", "expected ',' or ']'" },
    { "{\"a\":1 \"b\":2}", "1:8:", "expected ',' or '}'" },
    { "{\"a\" 1}", "1:6:", "expected ':'" },
    { "{1:2}", "1:2:", "expected a key" },
    { "[]]", "1:3:", "after the end" },
    { "]", "1:1:", "expected a value" },
    { "// note\n1", "1:1:", "comments" },
    { "@", "1:1:", "expected a value" },
    { "\x80", "1:1:", "byte 0x80" },
    /* line and column after newlines and multi-byte characters */
    { "{\n  \"\xC3\xA9\xC3\xA9\": [1,\n   x]}", "3:4:", "expected a value" },
    { "[\"\xF0\x9F\x98\x80\", 1,,]", "1:9:", "expected a value" },
};

static void test_malformed_inputs(void **st)
{
    (void)st;
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        json_doc d;
        if (parse(&d, bad[i].text) == 0) fail_msg("case %zu ('%s') was accepted", i, bad[i].text);
        if (strncmp(d.err, bad[i].where, strlen(bad[i].where)) != 0 ||
            !strstr(d.err, bad[i].phrase))
            fail_msg("case %zu ('%s'): message '%s', expected '%s ... %s ...'", i, bad[i].text,
                     d.err, bad[i].where, bad[i].phrase);
        assert_null(json_root(&d));
        json_free(&d);
    }
}

/* Duplicate keys in a large object (the sorted check) and a small one. */
static void test_duplicate_keys_large_object(void **st)
{
    (void)st;
    char text[2048] = "{";
    for (int i = 0; i < 40; i++) {
        char m[32];
        snprintf(m, sizeof m, "%s\"k%d\": %d", i ? ", " : "", i == 37 ? 5 : i, i);
        strcat(text, m);
    }
    strcat(text, "}");
    json_doc d;
    assert_int_not_equal(parse(&d, text), 0);
    assert_non_null(strstr(d.err, "duplicate key \"k5\""));
    json_free(&d);
    /* the same without the duplicate is accepted */
    strcpy(text, "{");
    for (int i = 0; i < 40; i++) {
        char m[32];
        snprintf(m, sizeof m, "%s\"k%d\": %d", i ? ", " : "", i, i);
        strcat(text, m);
    }
    strcat(text, "}");
    assert_int_equal(parse(&d, text), 0);
    assert_int_equal(json_root(&d)->n, 40);
    assert_true(json_get(&d, json_root(&d), "k39")->num == 39.0);
    json_free(&d);
}

static char *nested(size_t depth)
{
    char *s = malloc(2 * depth + 1);
    if (!s) return NULL;
    for (size_t i = 0; i < depth; i++) {
        s[i] = '[';
        s[2 * depth - 1 - i] = ']';
    }
    s[2 * depth] = '\0';
    return s;
}

static void test_depth_limit(void **st)
{
    (void)st;
    json_doc d;
    char *ok = nested(JSON_DEFAULT_MAX_DEPTH);
    char *deep = nested(JSON_DEFAULT_MAX_DEPTH + 1);
    char *huge = nested(1000000);   /* would overflow the stack without the limit */
    assert_true(ok && deep && huge);
    assert_int_equal(parse(&d, ok), 0);
    json_free(&d);
    assert_int_not_equal(parse(&d, deep), 0);
    char where[32];
    snprintf(where, sizeof where, "1:%d:", JSON_DEFAULT_MAX_DEPTH + 1);
    assert_memory_equal(d.err, where, strlen(where));
    assert_non_null(strstr(d.err, "nesting deeper than 64"));
    json_free(&d);
    assert_int_not_equal(parse(&d, huge), 0);
    assert_non_null(strstr(d.err, "nesting deeper"));
    json_free(&d);
    /* a lower limit set by the caller */
    json_init(&d);
    d.max_depth = 2;
    assert_int_equal(json_parse(&d, "[[1]]", 5), 0);
    assert_int_not_equal(json_parse(&d, "[[[1]]]", 7), 0);
    assert_non_null(strstr(d.err, "1:3:"));
    json_free(&d);
    free(ok);
    free(deep);
    free(huge);
}

static void test_value_limit(void **st)
{
    (void)st;
    json_doc d;
    json_init(&d);
    d.max_values = 4;
    assert_int_equal(json_parse(&d, "[1,2,3]", 7), 0);     /* 4 values */
    assert_int_equal(d.n, 4);
    assert_int_not_equal(json_parse(&d, "[1,2,3,4]", 9), 0);
    assert_non_null(strstr(d.err, "1:8: more than 4 values"));
    json_free(&d);
}

/* ------------------------------------------------------------- files */

static void test_files(void **st)
{
    (void)st;
    json_doc d;
    json_init(&d);
    assert_int_not_equal(json_parse_file(&d, "/nonexistent/dir/p.json"), 0);
    assert_non_null(strstr(d.err, "cannot open /nonexistent/dir/p.json"));
    assert_int_not_equal(json_parse_file(&d, "/"), 0);     /* a directory */
    assert_non_null(strstr(d.err, "cannot read /"));

    char path[] = "/tmp/test_cli_json_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    assert_non_null(f);
    fputs("{\"kt\": 0.5,\n \"R\": }\n", f);
    fclose(f);
    assert_int_not_equal(json_parse_file(&d, path), 0);
    char expect[64];
    snprintf(expect, sizeof expect, "%s:2:7: expected a value", path);
    assert_memory_equal(d.err, expect, strlen(expect));

    f = fopen(path, "w");
    assert_non_null(f);
    fputs("{\"kt\": 0.5, \"R\": 2}", f);
    fclose(f);
    assert_int_equal(json_parse_file(&d, path), 0);
    assert_true(json_get(&d, json_root(&d), "R")->num == 2.0);
    json_free(&d);
    remove(path);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_object_members_and_types),
        cmocka_unit_test(test_numbers),
        cmocka_unit_test(test_strings_and_escapes),
        cmocka_unit_test(test_whitespace_bom_and_keys),
        cmocka_unit_test(test_length_bound),
        cmocka_unit_test(test_malformed_inputs),
        cmocka_unit_test(test_duplicate_keys_large_object),
        cmocka_unit_test(test_depth_limit),
        cmocka_unit_test(test_value_limit),
        cmocka_unit_test(test_files),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
