/*
 * json.c: the strict, bounded JSON reader of json.h.
 *
 * Recursive descent, one level of C recursion per level of JSON nesting,
 * never more than d->max_depth. Values are stored in document order in one
 * growing array (indices, not pointers, while parsing, since it may move);
 * each value records where its subtree ends, so children are walked without
 * links. Decoded strings go to one buffer allocated once at the input's size
 * (a decoded string plus its NUL is never longer than its quoted source).
 */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"

typedef struct {
    json_doc *d;
    const unsigned char *s;
    size_t len, pos;
    unsigned line, col;
    int depth;
} parser;

void json_init(json_doc *d)
{
    memset(d, 0, sizeof *d);
    d->max_depth = JSON_DEFAULT_MAX_DEPTH;
    d->max_values = JSON_DEFAULT_MAX_VALUES;
}

void json_free(json_doc *d)
{
    free(d->v);
    free(d->strings);
    d->v = NULL;
    d->strings = NULL;
    d->n = d->cap = d->str_used = d->str_cap = 0;
}

#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
static int fail_at(parser *p, unsigned line, unsigned col, const char *fmt, ...)
{
    int k = snprintf(p->d->err, sizeof p->d->err, "%u:%u: ", line, col);
    if (k < 0) k = 0;
    if ((size_t)k >= sizeof p->d->err) k = (int)sizeof p->d->err - 1;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(p->d->err + k, sizeof p->d->err - (size_t)k, fmt, ap);
    va_end(ap);
    return -1;
}

#define FAIL(p, ...) fail_at((p), (p)->line, (p)->col, __VA_ARGS__)

static int peek(const parser *p)
{
    return p->pos < p->len ? p->s[p->pos] : -1;
}

/* Advances one byte, keeping line and column (columns count characters:
 * UTF-8 continuation bytes do not move the column). */
static void adv(parser *p)
{
    unsigned char c = p->s[p->pos++];
    if (c == '\n') {
        p->line++;
        p->col = 1;
    } else if ((c & 0xC0) != 0x80) {
        p->col++;
    }
}

static void skip_ws(parser *p)
{
    for (;;) {
        int c = peek(p);
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r') adv(p);
        else return;
    }
}

/* A printable description of the byte at the current position. */
static const char *describe(const parser *p, char *buf, size_t size)
{
    int c = peek(p);
    if (c < 0) snprintf(buf, size, "end of input");
    else if (c >= 0x21 && c < 0x7F) snprintf(buf, size, "'%c'", c);
    else snprintf(buf, size, "byte 0x%02X", (unsigned)c);
    return buf;
}

static long new_value(parser *p, int type, unsigned line, unsigned col)
{
    json_doc *d = p->d;
    if (d->n >= d->max_values) {
        fail_at(p, line, col, "more than %zu values; the reader's limit is %zu.",
                d->max_values, d->max_values);
        return -1;
    }
    if (d->n == d->cap) {
        size_t cap = d->cap ? 2 * d->cap : 64;
        if (cap > d->max_values) cap = d->max_values;
        json_value *v = realloc(d->v, cap * sizeof *v);
        if (!v) {
            fail_at(p, line, col, "out of memory after %zu values.", d->n);
            return -1;
        }
        d->v = v;
        d->cap = cap;
    }
    json_value *v = &d->v[d->n];
    memset(v, 0, sizeof *v);
    v->type = type;
    v->line = line;
    v->col = col;
    v->next = d->n + 1;
    return (long)d->n++;
}

static int hex4(parser *p, unsigned *out)
{
    unsigned u = 0;
    for (int i = 0; i < 4; i++) {
        int c = peek(p);
        int h = c >= '0' && c <= '9' ? c - '0'
              : c >= 'a' && c <= 'f' ? c - 'a' + 10
              : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
        if (h < 0) {
            char b[24];
            return FAIL(p, "\\u must be followed by 4 hexadecimal digits, found %s.",
                        describe(p, b, sizeof b));
        }
        u = u * 16 + (unsigned)h;
        adv(p);
    }
    *out = u;
    return 0;
}

static void put_utf8(json_doc *d, unsigned cp)
{
    char *o = d->strings + d->str_used;
    if (cp < 0x80) {
        o[0] = (char)cp;
        d->str_used += 1;
    } else if (cp < 0x800) {
        o[0] = (char)(0xC0 | (cp >> 6));
        o[1] = (char)(0x80 | (cp & 0x3F));
        d->str_used += 2;
    } else if (cp < 0x10000) {
        o[0] = (char)(0xE0 | (cp >> 12));
        o[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
        o[2] = (char)(0x80 | (cp & 0x3F));
        d->str_used += 3;
    } else {
        o[0] = (char)(0xF0 | (cp >> 18));
        o[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
        o[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
        o[3] = (char)(0x80 | (cp & 0x3F));
        d->str_used += 4;
    }
}

/* Length of the valid UTF-8 sequence starting at the current byte (>= 0x80),
 * or 0 when it is not valid (overlong, surrogate, beyond U+10FFFF, cut). */
static size_t utf8_len(const parser *p)
{
    const unsigned char *s = p->s + p->pos;
    size_t left = p->len - p->pos;
    unsigned c = s[0];
    size_t n;
    unsigned lo = 0x80, hi = 0xBF;
    if (c >= 0xC2 && c <= 0xDF) n = 2;
    else if (c >= 0xE0 && c <= 0xEF) {
        n = 3;
        if (c == 0xE0) lo = 0xA0;
        if (c == 0xED) hi = 0x9F;
    } else if (c >= 0xF0 && c <= 0xF4) {
        n = 4;
        if (c == 0xF0) lo = 0x90;
        if (c == 0xF4) hi = 0x8F;
    } else return 0;
    if (left < n) return 0;
    if (s[1] < lo || s[1] > hi) return 0;
    for (size_t i = 2; i < n; i++)
        if (s[i] < 0x80 || s[i] > 0xBF) return 0;
    return n;
}

/* Parses a string at the opening quote; its decoded text goes to the string
 * buffer. Returns the offset, or 0 on error. */
static size_t parse_string(parser *p)
{
    json_doc *d = p->d;
    unsigned line = p->line, col = p->col;
    size_t start = d->str_used;
    adv(p); /* the quote */
    for (;;) {
        int c = peek(p);
        if (c < 0) {
            fail_at(p, line, col, "string is not closed: no '\"' before the end of input.");
            return 0;
        }
        if (c == '"') {
            adv(p);
            break;
        }
        if (c < 0x20) {
            FAIL(p, "raw control character 0x%02X in a string; write it as an escape "
                    "(\\n, \\t, \\u00%02X).", (unsigned)c, (unsigned)c);
            return 0;
        }
        if (c == '\\') {
            adv(p);
            int e = peek(p);
            unsigned cp;
            switch (e) {
            case '"': cp = '"'; break;
            case '\\': cp = '\\'; break;
            case '/': cp = '/'; break;
            case 'b': cp = '\b'; break;
            case 'f': cp = '\f'; break;
            case 'n': cp = '\n'; break;
            case 'r': cp = '\r'; break;
            case 't': cp = '\t'; break;
            case 'u': {
                unsigned eline = p->line, ecol = p->col - 1;
                adv(p);
                if (hex4(p, &cp)) return 0;
                if (cp >= 0xDC00 && cp <= 0xDFFF) {
                    fail_at(p, eline, ecol, "unpaired UTF-16 low surrogate \\u%04X.", cp);
                    return 0;
                }
                if (cp >= 0xD800 && cp <= 0xDBFF) {
                    unsigned lo;
                    if (peek(p) != '\\' || p->pos + 1 >= p->len || p->s[p->pos + 1] != 'u') {
                        fail_at(p, eline, ecol, "UTF-16 high surrogate \\u%04X is not followed "
                                "by a low surrogate \\uDC00..\\uDFFF.", cp);
                        return 0;
                    }
                    adv(p);
                    adv(p);
                    if (hex4(p, &lo)) return 0;
                    if (lo < 0xDC00 || lo > 0xDFFF) {
                        fail_at(p, eline, ecol, "UTF-16 high surrogate \\u%04X is followed by "
                                "\\u%04X, not by a low surrogate \\uDC00..\\uDFFF.", cp, lo);
                        return 0;
                    }
                    cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
                }
                if (cp == 0) {
                    fail_at(p, eline, ecol, "\\u0000 (a NUL character) in a string is not "
                            "supported.");
                    return 0;
                }
                put_utf8(d, cp);
                continue;
            }
            default: {
                char b[24];
                FAIL(p, "invalid escape: backslash followed by %s; valid escapes are "
                        "\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX.", describe(p, b, sizeof b));
                return 0;
            }
            }
            adv(p);
            put_utf8(d, cp);
            continue;
        }
        if (c < 0x80) {
            d->strings[d->str_used++] = (char)c;
            adv(p);
            continue;
        }
        size_t n = utf8_len(p);
        if (n == 0) {
            FAIL(p, "invalid UTF-8 byte 0x%02X in a string; the file must be UTF-8.",
                 (unsigned)c);
            return 0;
        }
        for (size_t i = 0; i < n; i++) {
            d->strings[d->str_used++] = (char)p->s[p->pos];
            adv(p);
        }
    }
    d->strings[d->str_used++] = '\0';
    return start;
}

static int is_digit(int c)
{
    return c >= '0' && c <= '9';
}

static long parse_number(parser *p)
{
    unsigned line = p->line, col = p->col;
    size_t start = p->pos;
    if (peek(p) == '-') adv(p);
    if (!is_digit(peek(p))) {
        if (peek(p) == 'I' || peek(p) == 'i') {
            FAIL(p, "Infinity is not valid JSON; write a finite number.");
            return -1;
        }
        char b[24];
        FAIL(p, "expected a digit after '-', found %s.", describe(p, b, sizeof b));
        return -1;
    }
    if (peek(p) == '0') {
        adv(p);
        if (is_digit(peek(p))) {
            fail_at(p, line, col, "numbers may not have leading zeros (write 7, not 07).");
            return -1;
        }
    } else {
        while (is_digit(peek(p))) adv(p);
    }
    if (peek(p) == '.') {
        adv(p);
        if (!is_digit(peek(p))) {
            char b[24];
            FAIL(p, "expected a digit after the decimal point, found %s.",
                 describe(p, b, sizeof b));
            return -1;
        }
        while (is_digit(peek(p))) adv(p);
    }
    if (peek(p) == 'e' || peek(p) == 'E') {
        adv(p);
        if (peek(p) == '+' || peek(p) == '-') adv(p);
        if (!is_digit(peek(p))) {
            char b[24];
            FAIL(p, "expected a digit in the exponent, found %s.", describe(p, b, sizeof b));
            return -1;
        }
        while (is_digit(peek(p))) adv(p);
    }
    size_t n = p->pos - start;
    char small[64];
    char *buf = n < sizeof small ? small : malloc(n + 1);
    if (!buf) {
        fail_at(p, line, col, "out of memory reading a %zu-character number.", n);
        return -1;
    }
    memcpy(buf, p->s + start, n);
    buf[n] = '\0';
    char *end = NULL;
    double x = strtod(buf, &end);
    int whole = end == buf + n;
    if (buf != small) free(buf);
    if (!whole) {
        fail_at(p, line, col, "number could not be converted.");
        return -1;
    }
    if (isinf(x)) {
        fail_at(p, line, col, "number is too large for a double (beyond ±1.8e308).");
        return -1;
    }
    long i = new_value(p, JSON_NUMBER, line, col);
    if (i >= 0) p->d->v[i].num = x;
    return i;
}

static long parse_value(parser *p);

static int key_cmp(const void *a, const void *b)
{
    const char *const *x = a, *const *y = b;
    return strcmp(*x, *y);
}

/* Duplicate keys among the children of object i (n of them). */
static int check_duplicates(parser *p, long i)
{
    json_doc *d = p->d;
    size_t n = d->v[i].n;
    if (n < 2) return 0;
    if (n <= 16) {
        size_t a = (size_t)i + 1;
        for (size_t k = 0; k < n; k++, a = d->v[a].next) {
            const char *ka = d->strings + d->v[a].key;
            for (size_t b = d->v[a].next, m = k + 1; m < n; m++, b = d->v[b].next)
                if (strcmp(ka, d->strings + d->v[b].key) == 0)
                    return fail_at(p, d->v[b].line, d->v[b].col,
                                   "duplicate key \"%s\" in the object starting at %u:%u.",
                                   ka, d->v[i].line, d->v[i].col);
        }
        return 0;
    }
    const char **keys = malloc(n * sizeof *keys);
    if (!keys) return fail_at(p, d->v[i].line, d->v[i].col, "out of memory checking keys.");
    size_t a = (size_t)i + 1;
    for (size_t k = 0; k < n; k++, a = d->v[a].next) keys[k] = d->strings + d->v[a].key;
    qsort(keys, n, sizeof *keys, key_cmp);
    int rc = 0;
    for (size_t k = 1; k < n && !rc; k++)
        if (strcmp(keys[k - 1], keys[k]) == 0)
            rc = fail_at(p, d->v[i].line, d->v[i].col,
                         "duplicate key \"%s\" in the object starting here.", keys[k]);
    free(keys);
    return rc;
}

static long parse_container(parser *p, int obj)
{
    unsigned line = p->line, col = p->col;
    const char close = obj ? '}' : ']';
    const char *what = obj ? "object" : "array";
    if (p->depth >= p->d->max_depth) {
        FAIL(p, "nesting deeper than %d levels; the reader's limit is %d.",
             p->d->max_depth, p->d->max_depth);
        return -1;
    }
    long i = new_value(p, obj ? JSON_OBJECT : JSON_ARRAY, line, col);
    if (i < 0) return -1;
    p->depth++;
    adv(p); /* the bracket */
    skip_ws(p);
    size_t n = 0;
    if (peek(p) == close) {
        adv(p);
    } else {
        for (;;) {
            char b[24];
            size_t key = 0;
            if (obj) {
                if (peek(p) == '}' && n > 0) {
                    FAIL(p, "trailing comma before '}' (object starting at %u:%u).", line, col);
                    return -1;
                }
                if (peek(p) == '\'') {
                    FAIL(p, "keys are strings in double quotes, not single quotes.");
                    return -1;
                }
                if (peek(p) != '"') {
                    FAIL(p, "expected a key in double quotes, found %s (object starting at %u:%u).",
                         describe(p, b, sizeof b), line, col);
                    return -1;
                }
                key = parse_string(p);
                if (!key) return -1;
                skip_ws(p);
                if (peek(p) != ':') {
                    FAIL(p, "expected ':' after the key \"%s\", found %s.",
                         p->d->strings + key, describe(p, b, sizeof b));
                    return -1;
                }
                adv(p);
                skip_ws(p);
            } else if (peek(p) == ']' && n > 0) {
                FAIL(p, "trailing comma before ']' (array starting at %u:%u).", line, col);
                return -1;
            }
            long c = parse_value(p);
            if (c < 0) return -1;
            p->d->v[c].key = key;
            n++;
            skip_ws(p);
            if (peek(p) == ',') {
                adv(p);
                skip_ws(p);
                continue;
            }
            if (peek(p) == close) {
                adv(p);
                break;
            }
            if (peek(p) < 0)
                FAIL(p, "unexpected end of input: the %s starting at %u:%u is not closed "
                        "(expected ',' or '%c').", what, line, col, close);
            else
                FAIL(p, "expected ',' or '%c' after an element of the %s starting at %u:%u, "
                        "found %s.", close, what, line, col, describe(p, b, sizeof b));
            return -1;
        }
    }
    p->depth--;
    p->d->v[i].n = n;
    p->d->v[i].next = p->d->n;
    if (obj && check_duplicates(p, i)) return -1;
    return i;
}

static long parse_literal(parser *p, const char *word, int type)
{
    unsigned line = p->line, col = p->col;
    size_t n = strlen(word);
    if (p->len - p->pos < n || memcmp(p->s + p->pos, word, n) != 0) {
        FAIL(p, "expected %s.", word);
        return -1;
    }
    for (size_t k = 0; k < n; k++) adv(p);
    return new_value(p, type, line, col);
}

static long parse_value(parser *p)
{
    char b[24];
    int c = peek(p);
    switch (c) {
    case '{': return parse_container(p, 1);
    case '[': return parse_container(p, 0);
    case '"': {
        unsigned line = p->line, col = p->col;
        size_t s = parse_string(p);
        if (!s) return -1;
        long i = new_value(p, JSON_STRING, line, col);
        if (i >= 0) {
            p->d->v[i].str = s;
            p->d->v[i].n = strlen(p->d->strings + s);
        }
        return i;
    }
    case 't': return parse_literal(p, "true", JSON_TRUE);
    case 'f': return parse_literal(p, "false", JSON_FALSE);
    case 'n': return parse_literal(p, "null", JSON_NULL);
    case 'N':
        FAIL(p, "NaN is not valid JSON; write a finite number (or null).");
        return -1;
    case 'I':
        FAIL(p, "Infinity is not valid JSON; write a finite number.");
        return -1;
    case '\'':
        FAIL(p, "strings are written in double quotes, not single quotes.");
        return -1;
    case '+':
        FAIL(p, "numbers may not start with '+'.");
        return -1;
    case '.':
        FAIL(p, "numbers need a digit before the decimal point (write 0.5, not .5).");
        return -1;
    case '/':
        FAIL(p, "comments are not allowed in JSON.");
        return -1;
    case -1:
        FAIL(p, "unexpected end of input: expected a value.");
        return -1;
    default:
        if (c == '-' || is_digit(c)) return parse_number(p);
        if (c == ']' || c == '}')
            FAIL(p, "expected a value, found '%c'.", c);
        else
            FAIL(p, "expected a value (object, array, string, number, true, false or null), "
                    "found %s.", describe(p, b, sizeof b));
        return -1;
    }
}

int json_parse(json_doc *d, const char *text, size_t len)
{
    json_free(d);
    d->err[0] = '\0';
    if (d->max_depth < 1) d->max_depth = 1;
    if (d->max_values < 1) d->max_values = 1;
    parser p = { d, (const unsigned char *)text, len, 0, 1, 1, 0 };
    if (!text) p.len = 0;
    /* A decoded string and its NUL never take more than its quoted source;
     * +1 for the unused byte at offset 0 (so that 0 means "no key"). */
    d->str_cap = p.len + 1;
    d->strings = malloc(d->str_cap);
    if (!d->strings) {
        snprintf(d->err, sizeof d->err, "1:1: out of memory (%zu bytes of text).", p.len);
        return 1;
    }
    d->strings[0] = '\0';
    d->str_used = 1;
    /* A UTF-8 byte order mark is tolerated (RFC 8259 §8.1). */
    if (p.len >= 3 && memcmp(p.s, "\xEF\xBB\xBF", 3) == 0) p.pos = 3;
    skip_ws(&p);
    if (peek(&p) < 0) {
        fail_at(&p, p.line, p.col, "empty input: expected a JSON value.");
        json_free(d);
        return 1;
    }
    if (parse_value(&p) < 0) {
        json_free(d);
        return 1;
    }
    skip_ws(&p);
    if (peek(&p) >= 0) {
        char b[24];
        FAIL(&p, "unexpected %s after the end of the JSON value (one value per file).",
             describe(&p, b, sizeof b));
        json_free(d);
        return 1;
    }
    return 0;
}

int json_parse_file(json_doc *d, const char *path)
{
    json_free(d);
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(d->err, sizeof d->err, "cannot open %s: %s.", path, strerror(errno));
        return 1;
    }
    size_t cap = 1 << 16, len = 0;
    char *buf = malloc(cap);
    int rc = 0;
    if (!buf) {
        snprintf(d->err, sizeof d->err, "cannot read %s: out of memory.", path);
        rc = 1;
    }
    while (!rc) {
        if (len == cap) {
            if (cap >= JSON_MAX_FILE_BYTES) {
                snprintf(d->err, sizeof d->err, "cannot read %s: larger than %zu MiB, the "
                         "reader's limit.", path, JSON_MAX_FILE_BYTES >> 20);
                rc = 1;
                break;
            }
            size_t nc = 2 * cap > JSON_MAX_FILE_BYTES ? JSON_MAX_FILE_BYTES : 2 * cap;
            char *nb = realloc(buf, nc);
            if (!nb) {
                snprintf(d->err, sizeof d->err, "cannot read %s: out of memory.", path);
                rc = 1;
                break;
            }
            buf = nb;
            cap = nc;
        }
        errno = 0;
        size_t got = fread(buf + len, 1, cap - len, f);
        len += got;
        if (got == 0) {
            if (ferror(f)) {
                snprintf(d->err, sizeof d->err, "cannot read %s: %s.", path,
                         errno ? strerror(errno) : "read error");
                rc = 1;
            }
            break;
        }
    }
    fclose(f);
    if (!rc && json_parse(d, buf, len)) {
        char full[sizeof d->err + 1024];
        snprintf(full, sizeof full, "%s:%s", path, d->err);
        size_t n = strlen(full);
        if (n >= sizeof d->err) n = sizeof d->err - 1;
        memcpy(d->err, full, n);
        d->err[n] = '\0';
        rc = 1;
    }
    free(buf);
    return rc;
}

const json_value *json_root(const json_doc *d)
{
    return d->n ? &d->v[0] : NULL;
}

const json_value *json_child(const json_doc *d, const json_value *parent, const json_value *prev)
{
    if (!parent || (parent->type != JSON_ARRAY && parent->type != JSON_OBJECT) || !parent->n)
        return NULL;
    size_t i = prev ? prev->next : (size_t)(parent - d->v) + 1;
    return i < parent->next ? &d->v[i] : NULL;
}

const json_value *json_get(const json_doc *d, const json_value *obj, const char *key)
{
    if (!obj || obj->type != JSON_OBJECT) return NULL;
    for (const json_value *m = json_child(d, obj, NULL); m; m = json_child(d, obj, m))
        if (strcmp(d->strings + m->key, key) == 0) return m;
    return NULL;
}

const char *json_key(const json_doc *d, const json_value *v)
{
    return v && v->key ? d->strings + v->key : NULL;
}

const char *json_str(const json_doc *d, const json_value *v)
{
    return v && v->type == JSON_STRING ? d->strings + v->str : NULL;
}

const char *json_type_name(int type)
{
    switch (type) {
    case JSON_NULL: return "null";
    case JSON_FALSE:
    case JSON_TRUE: return "a boolean";
    case JSON_NUMBER: return "a number";
    case JSON_STRING: return "a string";
    case JSON_ARRAY: return "an array";
    case JSON_OBJECT: return "an object";
    }
    return "an unknown value";
}
