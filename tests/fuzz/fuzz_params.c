/*
 * fuzz_params.c: libFuzzer target, the params-file reader with its carried
 * keys and the core's writer (core/io/io_params.c, io_json.c): the path of
 * `friction fit --from IN --out OUT` without the fit (cli/fit.c: read_from,
 * write_params), as a round trip.
 *
 * The input is the bytes of a params file (written to /dev/shm: the reader
 * takes a path). Read with fric_io_params_read_carry into the bench's
 * vector and checked by fric_bench_params_servo (every door's check). When
 * accepted: its fit vector (fric_fit_from_def), written with the carried
 * keys by fric_fit_params_file + fric_io_params_write, read back the same
 * way. Invariants (abort() on a failure):
 *   - no crash, leak or undefined behaviour (ASan/UBSan); a refusal has a
 *     message;
 *   - an accepted file can be written (the writer refuses nothing the
 *     reader accepted);
 *   - the written file is read back and accepted, with the same actuator,
 *     model, integrator, fit vector (every double bit for bit, −0 = 0) and
 *     the same carried keys, in the same order, with the same values;
 *   - writing what was read back gives the same bytes (the writer is a
 *     fixed point after one trip);
 *   - each carried value is the value the file holds: its text, parsed by
 *     cJSON, is the same value (same_json) as the file's last member of
 *     that key as cJSON parsed the whole file (the reader's own parser);
 *   - the written file is strict JSON (RFC 8259, as the page's JSON.parse
 *     reads it: no control character outside white space, no leading 0, a
 *     digit after '.', escapes of the list, \\u and 4 hex digits, nothing
 *     after the object), checked by strict_json below.
 * FUZZ_SHOW=1 in the environment prints what an input reaches (the refusal,
 * or the file written).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "fric_bench.h"
#include "fric_fit.h"
#include "fric_io.h"
#include "fric_scenario.h"
#include "fric_status.h"
#include "fuzz_input.h"

static char path_in[64], path_out[64];

/* ------------------------------------------------ strict JSON (RFC 8259) */
/* A recursive-descent check, written here from the RFC's grammar (not the
 * core's code): NULL when [s, e) is one JSON text, else where it stops. */
static const char *j_value(const char *s, const char *e, int depth);

static const char *j_ws(const char *s, const char *e)
{
    while (s < e && (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')) s++;
    return s;
}

static const char *j_string(const char *s, const char *e)   /* at '"'; returns past it, or NULL */
{
    for (s++; s < e; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"') return s + 1;
        if (c < 0x20) return NULL;
        if (c == '\\') {
            if (++s >= e) return NULL;
            if (*s == 'u') {
                for (int k = 0; k < 4; k++)
                    if (++s >= e || !strchr("0123456789abcdefABCDEF", *s) || !*s) return NULL;
            } else if (!*s || !strchr("\"\\/bfnrt", *s)) {
                return NULL;
            }
        }
    }
    return NULL;
}

static const char *j_digits(const char *s, const char *e)   /* one or more */
{
    const char *a = s;
    while (s < e && *s >= '0' && *s <= '9') s++;
    return s > a ? s : NULL;
}

static const char *j_number(const char *s, const char *e)
{
    if (s < e && *s == '-') s++;
    if (s < e && *s == '0') s++;
    else if (!(s = j_digits(s, e))) return NULL;
    if (s < e && *s == '.' && !(s = j_digits(s + 1, e))) return NULL;
    if (s < e && (*s == 'e' || *s == 'E')) {
        s++;
        if (s < e && (*s == '+' || *s == '-')) s++;
        if (!(s = j_digits(s, e))) return NULL;
    }
    return s;
}

static const char *j_word(const char *s, const char *e, const char *w)
{
    size_t n = strlen(w);
    return (size_t)(e - s) >= n && memcmp(s, w, n) == 0 ? s + n : NULL;
}

static const char *j_value(const char *s, const char *e, int depth)
{
    if (depth > 1000 || s >= e) return NULL;
    switch (*s) {
    case '"': return j_string(s, e);
    case 't': return j_word(s, e, "true");
    case 'f': return j_word(s, e, "false");
    case 'n': return j_word(s, e, "null");
    case '[': case '{': {
        char close = *s == '[' ? ']' : '}';
        s = j_ws(s + 1, e);
        if (s < e && *s == close) return s + 1;
        for (;;) {
            if (close == '}') {
                if (s >= e || *s != '"' || !(s = j_string(s, e))) return NULL;
                s = j_ws(s, e);
                if (s >= e || *s != ':') return NULL;
                s = j_ws(s + 1, e);
            }
            if (!(s = j_value(s, e, depth + 1))) return NULL;
            s = j_ws(s, e);
            if (s < e && *s == close) return s + 1;
            if (s >= e || *s != ',') return NULL;
            s = j_ws(s + 1, e);
        }
    }
    default: return j_number(s, e);
    }
}

/* 1 when text[len] is one strict JSON text. */
static int strict_json(const char *text, size_t len)
{
    const char *e = text + len, *s = j_value(j_ws(text, e), e, 0);
    return s && j_ws(s, e) == e;
}

/* 1 when a and b are the same JSON value: the same kind, numbers equal as
 * doubles (1e999 and 2e999 both inf: cJSON_Compare's relative test says
 * inf != inf), strings equal, arrays and objects member by member in order
 * (a carried value keeps the file's order), keys equal. */
static int same_json(const cJSON *a, const cJSON *b)
{
    if (!a || !b) return a == b;
    if ((a->type & 0xff) != (b->type & 0xff)) return 0;
    if ((a->string == NULL) != (b->string == NULL) || (a->string && strcmp(a->string, b->string) != 0)) return 0;
    if (cJSON_IsNumber(a)) return a->valuedouble == b->valuedouble;
    if (cJSON_IsString(a)) return strcmp(a->valuestring, b->valuestring) == 0;
    if (cJSON_IsArray(a) || cJSON_IsObject(a)) {
        const cJSON *x = a->child, *y = b->child;
        for (; x && y; x = x->next, y = y->next)
            if (!same_json(x, y)) return 0;
        return !x && !y;
    }
    return 1;   /* true, false, null: the kind */
}

/* The last member called key of object o (a later one overrides). */
static const cJSON *last_member(const cJSON *o, const char *key)
{
    const cJSON *found = NULL;
    for (const cJSON *m = o ? o->child : NULL; m; m = m->next)
        if (m->string && strcmp(m->string, key) == 0) found = m;
    return found;
}

/* What one read gives. */
typedef struct {
    const char *actuator;
    int model;
    fric_bench_integrator integrator;
    double fit[FRIC_FIT_N];
    fric_io_params_carry carry;
} params;

/* Reads path as `fit --from` does: 0 accepted (*out filled), 1 refused
 * (with a message, else the invariant fails: −1). */
static int read_params(const char *path, params *out)
{
    double p[FRIC_SCENARIO_MAX_PARAMS];
    fric_io_error err;
    memset(&err, 0, sizeof err);
    fric_bench_params_servo_init(p);
    memset(&out->carry, 0x5a, sizeof out->carry);        /* the reader clears it */
    if (fric_io_params_read_carry(path, fric_scenario_find("bench"), p, &out->carry, &err) != 0)
        return err.message[0] ? 1 : -1;
    fric_bench_def d;
    if (fric_bench_params_servo(p, path, &d, &out->actuator, &out->model) != 0)
        return fric_status_last().message[0] ? 1 : -1;
    out->integrator = d.integrator;
    fric_fit_from_def(&d, out->fit);
    return 0;
}

/* Writes what in says with the core's writer (as write_params of
 * cli/fit.c) into text[cap]; 0 and *len, or −1 with *why. */
static int write_params(const params *in, char *text, size_t cap, size_t *len, const char **why)
{
    fric_io_params_file pf;
    if (fric_fit_params_file(in->actuator, in->model, in->fit, in->integrator, NULL, &pf, why)) return -1;
    pf.integrator = (int)in->integrator;
    pf.carry = &in->carry;
    if (fric_io_params_write(&pf, text, cap, len)) {
        *why = fric_status_last().message;
        return -1;
    }
    return 0;
}

static int put(const char *path, const void *data, size_t n)
{
    FILE *f = fopen(path, "wb");
    if (!f) return -1;
    size_t w = fwrite(data, 1, n, f);
    return fclose(f) != 0 || w != n ? -1 : 0;
}

/* 0 while an input of a known finding runs without FUZZ_STRICT: not shown. */
static int showing = 1;

static void show(const char *what, const char *s)
{
    if (showing) fprintf(stderr, "%s (%zu bytes):\n%s\n", what, strlen(s), s);
}

/* No known finding is open for this target (docs/fuzzing.md, "Known
 * findings": params-value-cut, params-lax-value and params-control-space were
 * fixed in core/io and their inputs are in regressions/fuzz_params/); a
 * failure fails. KNOWN_OR_FAIL stays for the next one a fix is pending for. */
static const char *known_finding(const params *a, const uint8_t *data, size_t size)
{
    (void)a;
    (void)data;
    (void)size;
    return NULL;
}
#define KNOWN_OR_FAIL(...)                            \
    do {                                              \
        if (known && fuzz_known(known)) return;       \
        FUZZ_FAIL(__VA_ARGS__);                       \
    } while (0)

static void round_trip(const uint8_t *data, size_t size)
{
    static params a, b;
    int rc = read_params(path_in, &a);
    if (rc < 0) FUZZ_FAIL("a params file refused without a message");
    if (rc) {
        if (getenv("FUZZ_SHOW")) fprintf(stderr, "refused: %s\n", fric_status_last().message);
        return;
    }
    if (a.carry.n < 0 || a.carry.n > FRIC_IO_CARRY_KEYS) FUZZ_FAIL("carry.n = %d", a.carry.n);
    const char *known = known_finding(&a, data, size);
    const char *strict = getenv("FUZZ_STRICT");
    showing = !known || (strict && strict[0] == '1');
    if (a.carry.n) {
        /* the file as the reader's parser sees it (io_json.c: the NUL counted in the length) */
        char *copy = malloc(size + 1);
        memcpy(copy, data, size);
        copy[size] = '\0';
        cJSON *root = cJSON_ParseWithLengthOpts(copy, size + 1, NULL, 1);
        int bad = -1;
        for (int k = 0; k < a.carry.n && bad < 0; k++) {
            cJSON *v = cJSON_Parse(a.carry.value[k]);
            const cJSON *f = last_member(root, a.carry.key[k]);
            if (v && f) {   /* the member's value, its key aside */
                cJSON c = *f;
                c.string = NULL;
                if (!same_json(v, &c)) bad = k;
            } else {
                bad = k;
            }
            cJSON_Delete(v);
        }
        cJSON_Delete(root);
        free(copy);
        if (bad >= 0)
            KNOWN_OR_FAIL("carried key \"%s\" holds %s, not the file's value of that key", a.carry.key[bad],
                      a.carry.value[bad]);
    }
    static char text[65536], again[65536];
    size_t len = 0, len2 = 0;
    const char *why = "";
    if (write_params(&a, text, sizeof text, &len, &why))
        KNOWN_OR_FAIL("an accepted params file cannot be written: %s", why);
    if (len != strlen(text)) KNOWN_OR_FAIL("the writer's length %zu is not the text's %zu", len, strlen(text));
    if (getenv("FUZZ_SHOW")) show("accepted, written", text);   /* to see what a seed reaches */
    if (!strict_json(text, len)) {
        show("written", text);
        KNOWN_OR_FAIL("the written params file is not strict JSON (the page's JSON.parse refuses it)");
    }
    if (put(path_out, text, len)) return;
    rc = read_params(path_out, &b);
    if (rc) {
        show("written", text);
        KNOWN_OR_FAIL("the written params file is refused by its reader: %s",
                  rc < 0 ? "(no message)" : fric_status_last().message);
    }
    if (strcmp(a.actuator, b.actuator) != 0 || a.model != b.model || a.integrator != b.integrator) {
        show("written", text);
        KNOWN_OR_FAIL("read back as %s m%d integrator %d, written from %s m%d integrator %d", b.actuator, b.model,
                  (int)b.integrator, a.actuator, a.model, (int)a.integrator);
    }
    for (int i = 0; i < FRIC_FIT_N; i++)
        if (!(a.fit[i] == b.fit[i])) {
            show("written", text);
            KNOWN_OR_FAIL("fit parameter %d read back as %.17g, written from %.17g", i, b.fit[i], a.fit[i]);
        }
    if (a.carry.n != b.carry.n) {
        show("written", text);
        KNOWN_OR_FAIL("%d carried keys read back, %d written", b.carry.n, a.carry.n);
    }
    for (int k = 0; k < a.carry.n; k++)
        if (strcmp(a.carry.key[k], b.carry.key[k]) != 0 || strcmp(a.carry.value[k], b.carry.value[k]) != 0) {
            show("written", text);
            KNOWN_OR_FAIL("carried key %d read back as \"%s\": %s (%zu chars), written as \"%s\": %s (%zu chars)", k,
                      b.carry.key[k], b.carry.value[k], strlen(b.carry.value[k]), a.carry.key[k],
                      a.carry.value[k], strlen(a.carry.value[k]));
        }
    if (write_params(&b, again, sizeof again, &len2, &why))
        KNOWN_OR_FAIL("a params file read back cannot be written again: %s", why);
    if (len2 != len || memcmp(text, again, len) != 0) {
        show("first", text);
        show("second", again);
        KNOWN_OR_FAIL("writing what was read back gives other bytes");
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!path_in[0]) {
        snprintf(path_in, sizeof path_in, "/dev/shm/fric_fuzz_params_%ld.json", (long)getpid());
        snprintf(path_out, sizeof path_out, "/dev/shm/fric_fuzz_params_%ld.out.json", (long)getpid());
    }
    if (put(path_in, data, size)) return 0;
    round_trip(data, size);
    return 0;
}
