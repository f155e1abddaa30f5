/*
 * json.h: a small, strict JSON reader (RFC 8259) for the command-line tool:
 * actuator parameter files and pendulum logs.
 *
 * Strict: exactly one value, no comments, no trailing commas, no NaN or
 * Infinity, no leading zeros, strings are valid UTF-8 without raw control
 * characters, duplicate object keys are an error. Numbers must fit a double.
 * A string may not contain \u0000 (so every string is a C string).
 *
 * Bounded: the nesting depth (max_depth) and the number of values
 * (max_values) are limited, the parse does not recurse deeper than
 * max_depth, and the memory is one array of values plus one buffer for the
 * decoded strings no longer than the input. Errors name line:column (1-based;
 * the column counts characters, not bytes) and what was expected.
 *
 *   json_doc d;  json_init(&d);
 *   if (json_parse(&d, text, len)) { fprintf(stderr, "%s\n", d.err); }
 *   const json_value *root = json_root(&d);
 *   for (const json_value *m = json_child(&d, root, NULL); m; m = json_child(&d, root, m))
 *       printf("%s\n", json_key(&d, m));
 *   json_free(&d);
 */
#ifndef FRIC_CLI_JSON_H
#define FRIC_CLI_JSON_H

#include <stddef.h>

enum { JSON_NULL, JSON_FALSE, JSON_TRUE, JSON_NUMBER, JSON_STRING, JSON_ARRAY, JSON_OBJECT };

#define JSON_DEFAULT_MAX_DEPTH 64
#define JSON_DEFAULT_MAX_VALUES ((size_t)1 << 21)
#define JSON_MAX_FILE_BYTES ((size_t)64 << 20)

typedef struct {
    int type;          /* JSON_NULL .. JSON_OBJECT                              */
    unsigned line;     /* where the value starts, 1-based                       */
    unsigned col;
    size_t key;        /* member of an object: offset of its key in strings; 0 otherwise */
    size_t n;          /* array/object: number of children; string: its length  */
    size_t next;       /* index one past this value and everything inside it    */
    size_t str;        /* string: offset of its text in strings                 */
    double num;        /* number                                                */
} json_value;

typedef struct {
    /* limits, set by json_init; may be lowered before json_parse */
    int max_depth;
    size_t max_values;
    /* result */
    json_value *v;     /* v[0] is the root                                     */
    size_t n, cap;
    char *strings;     /* decoded strings, NUL-terminated; strings[0] is unused */
    size_t str_used, str_cap;
    char err[320];     /* "LINE:COL: what is wrong" after a failed parse        */
} json_doc;

void json_init(json_doc *d);
void json_free(json_doc *d);

/* Parses text[0 .. len−1] (need not be NUL-terminated). 0 on success;
 * otherwise d->err says where and what. The previous content of d is freed. */
int json_parse(json_doc *d, const char *text, size_t len);

/* Reads the whole file (at most JSON_MAX_FILE_BYTES) and parses it. On error
 * d->err names the file, and line:column for a syntax error:
 * "PATH:LINE:COL: ..." or "cannot read PATH: reason". */
int json_parse_file(json_doc *d, const char *path);

const json_value *json_root(const json_doc *d);
/* Children of an array or object: prev NULL gives the first; NULL after the last. */
const json_value *json_child(const json_doc *d, const json_value *parent, const json_value *prev);
/* Member `key` of an object, NULL when absent or when obj is not an object. */
const json_value *json_get(const json_doc *d, const json_value *obj, const char *key);
/* The key of an object member, NULL for other values. */
const char *json_key(const json_doc *d, const json_value *v);
/* The text of a string, NULL for other values. */
const char *json_str(const json_doc *d, const json_value *v);
/* "null", "false", "true" (as "a boolean" for both), "a number", "a string", "an array", "an object". */
const char *json_type_name(int type);

#endif
