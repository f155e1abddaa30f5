/*
 * io_params.c: parameter files (fric_io.h), in every build. Reading: a
 * key's refusal in the one format, the key aliases and the fit metadata
 * keys (a key to a scenario parameter is the bench's: bench_params.c), and
 * the keys the core does not model carried unchanged. Writing: the one writer of a params file
 * (fric_io_params_write), with the shortest round-trip number format
 * (fric_io_format_double), so what is written reads back as the same
 * doubles.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fric_io.h"
#include "fric_native.h"
#include "io_internal.h"
#include "base.h"

/* The metadata keys of a fitted params file, in the order written; the
 * reader accepts them (numbers) and sets nothing. */
static const char *const fit_keys[] = { "fit_train_mae", "fit_holdout_mae", "fit_logs",
                                        "fit_evaluations" };
#define N_FIT_KEYS (sizeof fit_keys / sizeof fit_keys[0])

static int is_fit_key(const char *key)
{
    for (size_t i = 0; key && i < N_FIT_KEYS; i++)
        if (strcmp(key, fit_keys[i]) == 0) return 1;
    return 0;
}

/* Fills err (a local one when NULL) and records it: param is the index of
 * key in the scenario's parameters, −1 when it is none. */
static fric_status say(fric_io_error *err, fric_io_code code, int param, const char *key,
               const char *source, const char *text)
{
    fric_io_error local;
    if (!err) err = &local;
    err->code = code;
    snprintf(err->field, sizeof err->field, "%s", key);
    err->entry = -1;
    err->line = err->col = 0;
    snprintf(err->message, sizeof err->message, "params %s: key \"%s\": %s", source ? source : "",
             key, text);
    return fric__io_status(err, 1, param);
}

/* File keys that name a parameter of the core under another name, one
 * table both ways (reader and writer): bam/unitree/actuator.py's "ratio"
 * (τm = clip(kp·ratio·(q_goal − q) − d·θ̇, ±max_torque)) is the core's
 * error_gain_ratio, the factor on the actuator's own gain (fric_bench.h,
 * TORQUE). */
static const struct { const char *file_key, *param; } key_aliases[] = {
    { "ratio", "error_gain_ratio" },
};

static const char *param_of_key(const char *key)
{
    for (size_t i = 0; key && i < sizeof key_aliases / sizeof key_aliases[0]; i++)
        if (strcmp(key, key_aliases[i].file_key) == 0) return key_aliases[i].param;
    return key;
}

const char *fric_io_params_param_of_key(const char *key) { return param_of_key(key); }

int fric_io_params_fit_key(const char *key) { return is_fit_key(key); }

fric_status fric_io_params_refuse(fric_io_error *err, fric_io_code code, int param, const char *key,
                                  const char *source, const char *text)
{
    return say(err, code, param, key, source, text);
}

/* ------------------------------------------------ keys carried unchanged */

/* The keys fric_io_params_write writes itself: a carried key cannot be one. */
static int written_key(const char *key)
{
    static const char *const own[] = { "kt", "R", "armature", "q_offset", "error_gain_ratio",
                                       "ratio", "max_velocity", "max_current", "current_limit",
                                       "max_torque", "integrator", "model", "actuator" };
    for (size_t i = 0; i < sizeof own / sizeof own[0]; i++)
        if (strcmp(key, own[i]) == 0) return 1;
    for (int c = 1; c < FRIC_SERVO_N_COEFS; c++)
        if (strcmp(key, fric_servo_coef_keys[c]) == 0) return 1;
    return is_fit_key(key);
}

/* Strict JSON (RFC 8259), the grammar both readers accept (cJSON, native;
 * JSON.parse, Node and the page): a carried value is written unchanged, so
 * it must be one such value and nothing more. Each returns the end of what
 * it read, NULL when the text is not that. */
static const char *json_ws(const char *s)
{
    while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r') s++;
    return s;
}

static const char *json_digits(const char *s)
{
    if (*s < '0' || *s > '9') return NULL;
    while (*s >= '0' && *s <= '9') s++;
    return s;
}

static const char *json_number(const char *s)
{
    if (*s == '-') s++;
    if (*s == '0') s++;
    else if (!(s = json_digits(s))) return NULL;
    if (*s == '.' && !(s = json_digits(s + 1))) return NULL;
    if (*s == 'e' || *s == 'E') {
        s++;
        if (*s == '+' || *s == '-') s++;
        s = json_digits(s);
    }
    return s;
}

/* Four hex digits at s into *u, 1; 0 if they are not. */
static int json_hex4(const char *s, unsigned *u)
{
    *u = 0;
    for (int i = 0; i < 4; i++) {
        int c = s[i], d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10
                        : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
        if (d < 0) return 0;
        *u = *u * 16 + (unsigned)d;
    }
    return 1;
}

/* A string (s at '"'): no raw control character (cJSON takes one, JSON.parse
 * does not); a \u surrogate only in a pair (JSON.parse takes a lone one,
 * cJSON does not); no \u0000 (the native reader refuses it: io_json.c). */
static const char *json_string(const char *s)
{
    for (s++; *s != '"'; s++) {
        if ((unsigned char)*s < 0x20) return NULL;
        if (*s != '\\') continue;
        s++;
        if (*s == 'u') {
            unsigned u, lo;
            if (!json_hex4(s + 1, &u) || u == 0 || (u >= 0xDC00 && u <= 0xDFFF)) return NULL;
            s += 4;
            if (u >= 0xD800 && u <= 0xDBFF) {
                if (s[1] != '\\' || s[2] != 'u' || !json_hex4(s + 3, &lo) || lo < 0xDC00
                    || lo > 0xDFFF)
                    return NULL;
                s += 6;
            }
        } else if (!*s || !strchr("\"\\/bfnrt", *s)) {
            return NULL;
        }
    }
    return s + 1;
}

static const char *json_value(const char *s, int depth)
{
    s = json_ws(s);
    if (*s == '"') return json_string(s);
    if (*s == '-' || (*s >= '0' && *s <= '9')) return json_number(s);
    if (strncmp(s, "true", 4) == 0) return s + 4;
    if (strncmp(s, "false", 5) == 0) return s + 5;
    if (strncmp(s, "null", 4) == 0) return s + 4;
    if ((*s != '[' && *s != '{') || depth >= FRIC_IO_CARRY_VALUE_LEN) return NULL;
    char close = *s == '[' ? ']' : '}';
    s = json_ws(s + 1);
    if (*s == close) return s + 1;
    for (;;) {
        if (close == '}') {
            s = json_ws(s);
            if (*s != '"' || !(s = json_string(s))) return NULL;
            s = json_ws(s);
            if (*s++ != ':') return NULL;
        }
        if (!(s = json_value(s, depth + 1))) return NULL;
        s = json_ws(s);
        if (*s == close) return s + 1;
        if (*s++ != ',') return NULL;
    }
}

void fric_io_params_carry_clear(fric_io_params_carry *c)
{
    if (c) memset(c, 0, sizeof *c);
}

fric_status fric_io_params_carry_add(fric_io_params_carry *c, const char *key, const char *json,
                                     const char *source, fric_io_error *err)
{
    if (!c || !key || !json) {
        fric__fail_id(FRIC_E_NULL, -1, "params.carry_key_value",
            "params carry: the carry, the key and its value must be given.",
            fric__no_values);
        return (fric_status)fric__rc();
    }
    for (const char *k = key; *k; k++)
        if (*k == '"' || *k == '\\' || (unsigned char)*k < 0x20)
            return say(err, FRIC_IO_UNKNOWN_KEY, -1, key, source,
                       fric__say_id("paramskey.carry_chars",
                                    "a key the core does not model is carried only without a quote, "
                                    "backslash or control character; rename it.", fric__no_values));
    if (!*key || strlen(key) >= FRIC_IO_CARRY_KEY_LEN) {
        return say(err, FRIC_IO_UNKNOWN_KEY, -1, key, source,
                   fric__say_id("paramskey.carry_key_len",
                                "a key the core does not model is carried only with 1 to {max} "
                                "characters; shorten it or remove it.",
                                fric__values(fric__i("max", FRIC_IO_CARRY_KEY_LEN - 1))));
    }
    if (written_key(key))
        return say(err, FRIC_IO_UNKNOWN_KEY, -1, key, source,
                   fric__say_id("paramskey.carry_own",
                                "is a key of the params file itself and cannot be carried.",
                                fric__no_values));
    if (!*json || strlen(json) >= FRIC_IO_CARRY_VALUE_LEN) {
        return say(err, FRIC_IO_RANGE, -1, key, source,
                   fric__say_id("paramskey.carry_value_len",
                                "the value of a key the core does not model is carried only when its "
                                "JSON text has 1 to {max} characters; shorten it or remove the key.",
                                fric__values(fric__i("max", FRIC_IO_CARRY_VALUE_LEN - 1))));
    }
    const char *end = json_value(json, 0);
    if (!end || *json_ws(end))
        return say(err, FRIC_IO_TYPE, -1, key, source,
                   fric__say_id("paramskey.carry_json",
                                "the value of a key the core does not model is carried only as strict "
                                "JSON (numbers such as 0, -1.5, 2e-3; no raw control character, \\u0000 "
                                "or lone \\u surrogate in a string); correct it or remove the key.",
                                fric__no_values));
    int i = 0;
    while (i < c->n && strcmp(c->key[i], key) != 0) i++;
    if (i == c->n) {
        if (c->n >= FRIC_IO_CARRY_KEYS) {
            return say(err, FRIC_IO_UNKNOWN_KEY, -1, key, source,
                       fric__say_id("paramskey.carry_many",
                                    "the file has more than {max} keys the core does not model (the "
                                    "most carried); remove some.",
                                    fric__values(fric__i("max", FRIC_IO_CARRY_KEYS))));
        }
        snprintf(c->key[i], sizeof c->key[i], "%s", key);
        c->n++;
    }
    snprintf(c->value[i], sizeof c->value[i], "%s", json);
    return FRIC_OK;
}

char *fric_io_params_carry_note(const char *key, const char *source, char *buf, size_t cap)
{
    if (buf && cap)
        snprintf(buf, cap, "params %s: key \"%s\" is not modelled by the core; it is carried "
                 "unchanged into every params file written from this one.",
                 source ? source : "", key ? key : "");
    return buf;
}

/* ------------------------------------------------------------------ writing */

/* "%.*g" with p significant digits reads back exactly for every p >= p_min
 * (a correctly rounded p-digit decimal is within half a unit of the p-th
 * digit, which shrinks with p), and p = 17 always suffices for binary64. So
 * p_min is found by bisection: 15 is tried first (most values either need
 * 16-17 digits or far fewer). Integers below 1e16 are written without an
 * exponent. */
static int round_trips(char *buf, int prec, double x)
{
    snprintf(buf, FRIC_IO_DOUBLE_LEN, "%.*g", prec, x);
    return strtod(buf, NULL) == x;
}

char *fric_io_format_double(char buf[FRIC_IO_DOUBLE_LEN], double x)
{
    if (isnan(x)) {
        snprintf(buf, FRIC_IO_DOUBLE_LEN, "nan");
        return buf;
    }
    if (isinf(x)) {
        snprintf(buf, FRIC_IO_DOUBLE_LEN, x > 0 ? "inf" : "-inf");
        return buf;
    }
    int lo, hi; /* p_min in [lo, hi]; hi round-trips */
    if (round_trips(buf, 15, x)) {
        lo = 1;
        hi = 15;
    } else if (round_trips(buf, 16, x)) {
        return buf;
    } else {
        snprintf(buf, FRIC_IO_DOUBLE_LEN, "%.17g", x);
        return buf;
    }
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (round_trips(buf, mid, x)) hi = mid;
        else lo = mid + 1;
    }
    snprintf(buf, FRIC_IO_DOUBLE_LEN, "%.*g", hi, x);
    /* "%g" writes 1e+01 for 10 when one digit suffices; below 1e16 the plain
     * integer digits read better (and are still exact). */
    const char *e = strchr(buf, 'e');
    if (e && e[1] == '+') {
        int ex = atoi(e + 2);
        if (ex <= 15) snprintf(buf, FRIC_IO_DOUBLE_LEN, "%.*g", ex + 1, x);
    }
    return buf;
}

/* The keys a params file names its servo by, before the coefficients. */
static const char *const servo_keys[FRIC_IO_PARAMS_SERVO] = { "kt", "R", "armature", "q_offset" };
/* The firmware keys, written after q_offset with bam's names: the
 * STS3215's (bam/feetech/actuator.py) max_velocity when > 0,
 * error_gain_ratio when > 0 and either not 1 or beside a max_velocity (a
 * servo without smoothing and the ratio 1, an MX say, writes neither: bam's
 * other actuators have no such key); a torque-controlled actuator's ratio
 * (bam/unitree/actuator.py, the core's error_gain_ratio: key_aliases)
 * whenever > 0; then max_current (bam/actuator.py), current_limit
 * (CurrentControlledActuator, bam/feetech_hls) and max_torque
 * (bam/unitree) when > 0. */
#define N_EXTRA 5
static const char *const extra_keys[N_EXTRA] = { "error_gain_ratio", "max_velocity",
                                                 "max_current", "current_limit", "max_torque" };

/* The fit metadata lines of a params file (M-model and native alike). */
static void put_fit(fric__text *o, const fric_io_params_fit *m)
{
    char b[FRIC_IO_DOUBLE_LEN];
    if (!m) return;
    fric__put(o, "    \"%s\": %s,\n", fit_keys[0], fric_io_format_double(b, m->train_mae));
    if (!isnan(m->holdout_mae))
        fric__put(o, "    \"%s\": %s,\n", fit_keys[1], fric_io_format_double(b, m->holdout_mae));
    fric__put(o, "    \"%s\": %zu,\n", fit_keys[2], m->logs);
    fric__put(o, "    \"%s\": %ld,\n", fit_keys[3], m->evaluations);
}

/* A fit's metadata as a writer takes it: FRIC_OK or FRIC_E_PARAM_RANGE. */
static fric_status fit_check(const fric_io_params_fit *m)
{
    if (m && (!isfinite(m->train_mae) || isinf(m->holdout_mae) || m->evaluations < 0)) {
        fric__fail_id(FRIC_E_PARAM_RANGE, -1, "params.fit_s_train",
            "params: the fit's train MAE must be finite, its holdout MAE finite or NaN (none), its "
            "evaluations >= 0.",
            fric__no_values);
        return (fric_status)fric__rc();
    }
    return FRIC_OK;
}

/* A params file's end: *len (may be NULL) its length; FRIC_E_BUFFER when
 * it did not fit with its NUL. */
static fric_status put_end(const fric__text *o, size_t *len)
{
    if (len) *len = o->len;
    if (o->len >= o->cap) {
        fric__fail_id(FRIC_E_BUFFER, -1, "params.file_needs_bytes",
            "params: the file needs {len} bytes and a terminating NUL; the buffer holds {cap}.",
            fric__values(fric__u("len", o->len), fric__u("cap", o->cap)));
        return (fric_status)fric__rc();
    }
    return FRIC_OK;
}

/* An actuator name a params file can hold: FRIC_OK or FRIC_E_PARAM_RANGE. */
static fric_status actuator_check(const char *a)
{
    if (!*a || strlen(a) >= 64 || strcspn(a, "\"\\") != strlen(a)) {
        fric__fail_id(FRIC_E_PARAM_RANGE, -1, "params.actuator_name_characters",
            "params: the actuator name \"{a}\" must have 1 to 63 characters and no quote or "
            "backslash.",
            fric__values(fric__sn("a", 64, a)));
        return (fric_status)fric__rc();
    }
    for (const char *c = a; *c; c++)
        if ((unsigned char)*c < 0x20) {
            fric__fail_id(FRIC_E_PARAM_RANGE, -1, "params.actuator_name_control",
                "params: the actuator name has a control character.",
                fric__no_values);
            return (fric_status)fric__rc();
        }
    return FRIC_OK;
}

fric_status fric_io_params_write(const fric_io_params_file *f, char *buf, size_t cap, size_t *len)
{
    if (len) *len = 0;
    if (!f || !f->actuator || (!buf && cap > 0)) {
        fric__fail_id(FRIC_E_NULL, -1, "params.file_actuator_buffer",
            "params: the file, its actuator and the buffer must be given.",
            fric__no_values);
        return (fric_status)fric__rc();
    }
    const char *a = f->actuator;
    if (actuator_check(a)) return (fric_status)fric__rc();
    int model = f->friction.model;
    if (model < 1 || model > 6) {
        fric__fail_id(FRIC_E_PARAM_RANGE, -1, "params.model_m_m",
            "params: model = {model} must be 1..6 (M1..M6).",
            fric__values(fric__i("model", model)));
        return (fric_status)fric__rc();
    }
    /* the values in file order: kt, R, armature, q_offset, the coefficients */
    double v[FRIC_IO_PARAMS_SERVO + FRIC_SERVO_N_COEFS - 1], c[FRIC_SERVO_N_COEFS];
    v[0] = f->kt;
    v[1] = f->R;
    v[2] = f->armature;
    v[3] = f->q_offset;
    fric_servo_to_array(&f->friction, c);
    for (int i = 1; i < FRIC_SERVO_N_COEFS; i++) v[FRIC_IO_PARAMS_SERVO + i - 1] = c[i];
    int nv = (int)(sizeof v / sizeof v[0]);
    for (int i = 0; i < nv; i++) {
        int coef = i - FRIC_IO_PARAMS_SERVO + 1;
        int used = i < FRIC_IO_PARAMS_SERVO || fric_servo_coef_used(model, coef);
        if (used && !isfinite(v[i])) {
            fric__fail_id(FRIC_E_PARAM_RANGE, i, "params.not_finite_number",
                "params: \"{servo_keys}\" = {v} is not a finite number.",
                fric__values(fric__s("servo_keys", i < FRIC_IO_PARAMS_SERVO ? servo_keys[i] : fric_servo_coef_keys[coef]),
                             fric__g("v", v[i])));
            return (fric_status)fric__rc();
        }
    }
    const fric_io_params_fit *m = f->fit;
    const double extra[N_EXTRA] = { f->error_gain_ratio, f->max_velocity, f->max_current,
                                    f->current_limit, f->max_torque };
    int torque = f->torque_control != 0;
    for (int i = 0; i < N_EXTRA; i++)
        if (!isfinite(extra[i]) || extra[i] < 0) {
            fric__fail_id(FRIC_E_PARAM_RANGE, -1, "params.finite_not_written",
                "params: \"{extra_keys}\" = {extra} must be finite and >= 0 (0: not written).",
                fric__values(fric__s("extra_keys", extra_keys[i]), fric__g("extra", extra[i])));
            return (fric_status)fric__rc();
        }
    if (f->integrator != 0 && f->integrator != 1) {
        fric__fail_id(FRIC_E_PARAM_RANGE, -1, "params.integrator_neither_bam",
            "params: integrator = {integrator} is neither bam (0) nor mujoco (1).",
            fric__values(fric__i("integrator", f->integrator)));
        return (fric_status)fric__rc();
    }
    if (fit_check(m)) return (fric_status)fric__rc();

    fric__text o = { buf, cap, 0 };
    char b[FRIC_IO_DOUBLE_LEN];
    fric__put(&o, "{\n");
    for (int i = 0; i < nv; i++) {
        int coef = i - FRIC_IO_PARAMS_SERVO + 1;
        if (i >= FRIC_IO_PARAMS_SERVO) {
            if (fric_servo_coef_used(model, coef))
                fric__put(&o, "    \"%s\": %s,\n", fric_servo_coef_keys[coef],
                          fric_io_format_double(b, v[i]));
            continue;
        }
        fric__put(&o, "    \"%s\": %s,\n", servo_keys[i], fric_io_format_double(b, v[i]));
        if (i == FRIC_IO_PARAMS_SERVO - 1)   /* after q_offset: the firmware's own */
            for (int k = 0; k < N_EXTRA; k++) {
                int ratio = k == 0 && torque;
                if (extra[k] > 0 && (k > 0 || ratio || extra[0] != 1 || extra[1] > 0))
                    fric__put(&o, "    \"%s\": %s,\n", ratio ? key_aliases[0].file_key
                              : extra_keys[k], fric_io_format_double(b, extra[k]));
            }
    }
    put_fit(&o, m);
    for (int k = 0; f->carry && k < f->carry->n && k < FRIC_IO_CARRY_KEYS; k++)
        fric__put(&o, "    \"%s\": %s,\n", f->carry->key[k], f->carry->value[k]);
    if (f->integrator == 1) fric__put(&o, "    \"integrator\": \"mujoco\",\n");
    fric__put(&o, "    \"model\": \"m%d\",\n    \"actuator\": \"%s\"\n}\n", model, a);
    return put_end(&o, len);
}

/* The native params file (fric_native.h): io formats it, the keys are
 * fric_native.h's table; the values are checked by the caller
 * (fric_native_check), io refuses a value that is not finite. */
fric_status fric_native_params_write(const fric_native_params *p, const char *actuator,
                                     const fric_io_params_fit *fit, char *buf, size_t cap, size_t *len)
{
    if (!p || !actuator || (!buf && cap > 0)) {
        fric__fail_id(FRIC_E_NULL, -1, "params.native_parameters_actuator",
            "params: the native parameters, the actuator and the buffer (with cap > 0) must be "
            "given.",
            fric__no_values);
        return FRIC_E_NULL;
    }
    if (len) *len = 0;
    if (actuator_check(actuator)) return (fric_status)fric__rc();
    if (fit_check(fit)) return (fric_status)fric__rc();
#define NATIVE_FINITE(key, field, unit)                                                              \
    if (!isfinite(p->field)) {                                                                        \
        fric__fail_id(FRIC_E_PARAM_RANGE, -1, "params.not_finite_number", "params: \"{servo_keys}\" = {v} is " \
                      "not a finite number.", fric__values(fric__s("servo_keys", key), fric__g("v", p->field))); \
        return (fric_status)fric__rc();                                                               \
    }
    FRIC_NATIVE_KEYS(NATIVE_FINITE)
#undef NATIVE_FINITE
    fric__text o = { buf, cap, 0 };
    char b[FRIC_IO_DOUBLE_LEN];
    fric__put(&o, "{\n");
#define NATIVE_PUT(key, field, unit) fric__put(&o, "    \"%s\": %s,\n", key, fric_io_format_double(b, p->field));
    FRIC_NATIVE_KEYS(NATIVE_PUT)
#undef NATIVE_PUT
    put_fit(&o, fit);
    fric__put(&o, "    \"model\": \"%s\",\n    \"actuator\": \"%s\"\n}\n", FRIC_NATIVE_MODEL_NAME, actuator);
    return put_end(&o, len);
}
