/*
 * io_log.c: the rules of a BAM log and its resampling (fric_io.h), in every
 * build. The front ends (io_json.c natively, wasm/friction.js in the
 * browser) only turn JSON into fric_io_log_raw; everything that accepts or
 * refuses a log, and every message, is here.
 *
 * Resampling follows Rhoban/bam bam/process.py (Apache-2.0, Copyright 2025
 * Marc Duclusaud & Grégoire Passault): t_k = k·dt, numpy arange(0, t_last,
 * dt), each field linearly interpolated between the entries bracketing t_k.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "fric_io.h"
#include "io_internal.h"
#include "base.h"

static const char *const head_keys[FRIC_IO_H_COUNT] = {
    "mass", "length", "kp", "vin", "dt", "arm_mass", "damping", "max_amps", "motor", "trajectory", "entries", "comment"
};
static const char *const entry_keys[FRIC_IO_E_COUNT] = {
    "timestamp", "position", "goal_position", "torque_enable", "speed", "input_volts", "load",
    "temp"
};

const char *fric_io_log_header_key(int i)
{
    return i >= 0 && i < FRIC_IO_H_COUNT ? head_keys[i] : NULL;
}

const char *fric_io_log_entry_key(int i)
{
    return i >= 0 && i < FRIC_IO_E_COUNT ? entry_keys[i] : NULL;
}

const char *fric_io_code_name(fric_io_code code)
{
    static const char *const names[] = {
        "ok", "file", "syntax", "not_object", "missing", "type", "unknown_key", "range",
        "too_few", "order", "dt", "speed_mixed", "memory"
    };
    return (unsigned)code < sizeof names / sizeof names[0] ? names[code] : "unknown";
}

static const char *kind_name(int k)
{
    switch (k) {
    case FRIC_IO_NUMBER: return "a number";
    case FRIC_IO_BOOL: return "true/false";
    case FRIC_IO_STRING: return "a string";
    case FRIC_IO_ARRAY: return "an array";
    case FRIC_IO_OBJECT: return "an object";
    case FRIC_IO_NULL: return "null";
    default: return "nothing";
    }
}

fric_status fric__io_fail(fric_io_error *err, fric_io_code code, const char *field, long entry,
                          const char *what, const char *source, const char *id, const char *text,
                          int n, const fric__value *v)
{
    fric_io_error local;
    if (!err) err = &local;
    err->code = code;
    snprintf(err->field, sizeof err->field, "%s", field ? field : "");
    err->entry = entry;
    err->line = err->col = 0;
    const char *m = fric__fail_id(FRIC_E_LOG_INVALID, -1, id, text, n, v);
    if (source && *source) snprintf(err->message, sizeof err->message, "%s %.200s: %s", what, source, m);
    else snprintf(err->message, sizeof err->message, "%s: %s", what, m);
    return fric__io_status(err, 0, -1);
}

/* A log's refusal (fric__io_fail after "log SOURCE: "). */
static fric_status fail(fric_io_error *err, fric_io_code code, const char *field, long entry,
                        const char *source, const char *id, const char *text, int n,
                        const fric__value *v)
{
    return fric__io_fail(err, code, field, entry, "log", source, id, text, n, v);
}

fric_status fric__io_status(const fric_io_error *err, int params_file, int param)
{
    fric_status st = err->code == FRIC_IO_FILE     ? FRIC_E_FILE
                   : err->code == FRIC_IO_MEMORY   ? FRIC_E_NO_MEMORY
                   : params_file                   ? FRIC_E_PARAMS_INVALID
                                                   : FRIC_E_LOG_INVALID;
    fric__fail_wrap(st, param, err->message);  /* keeps a sentence's id (log's fail) */
    return st;
}

/* ------------------------------------------------------------ numeric rules */

typedef struct {
    int key;           /* FRIC_IO_H_*                         */
    int positive;      /* 1: > 0, 0: >= 0                     */
    int absent;        /* 1: may be absent (then 0)           */
    const char *unit;  /* "" for none                         */
} head_rule;

static const head_rule head_rules[] = {
    { FRIC_IO_H_MASS, 1, 0, "kg" }, { FRIC_IO_H_LENGTH, 1, 0, "m" }, { FRIC_IO_H_KP, 0, 0, "gain" },
    { FRIC_IO_H_VIN, 0, 1, "V" }, { FRIC_IO_H_ARM_MASS, 0, 1, "kg" },
    { FRIC_IO_H_DAMPING, 0, 1, "" }, { FRIC_IO_H_MAX_AMPS, 0, 1, "A" },
};

static double head_value(const fric_io_log *L, int key)
{
    switch (key) {
    case FRIC_IO_H_MASS: return L->mass;
    case FRIC_IO_H_LENGTH: return L->length;
    case FRIC_IO_H_KP: return L->kp;
    case FRIC_IO_H_VIN: return L->vin;
    case FRIC_IO_H_DT: return L->dt;
    case FRIC_IO_H_DAMPING: return L->damping;
    case FRIC_IO_H_MAX_AMPS: return L->max_amps;
    default: return L->arm_mass;
    }
}

fric_status fric_io_log_check(const fric_io_log *L, const char *src, fric_io_error *err)
{
    if (!L) return fail(err, FRIC_IO_MISSING, "", -1, src, "log.none", "no log given.", fric__no_values);
    for (size_t i = 0; i < sizeof head_rules / sizeof head_rules[0]; i++) {
        const head_rule *r = &head_rules[i];
        double v = head_value(L, r->key);
        if (isfinite(v) && (r->positive ? v > 0 : v >= 0)) continue;
        const char *key = head_keys[r->key];
        if (r->positive)
            return fail(err, FRIC_IO_RANGE, key, -1, src, "log.head_positive",
                        "\"{key}\" = {value} must be finite and > 0 ({unit}).",
                        fric__values(fric__s("key", key), fric__g("value", v), fric__s("unit", r->unit)));
        if (!r->absent)
            return fail(err, FRIC_IO_RANGE, key, -1, src, "log.head_nonnegative",
                        "\"{key}\" = {value} must be finite and >= 0 ({unit}).",
                        fric__values(fric__s("key", key), fric__g("value", v), fric__s("unit", r->unit)));
        if (r->unit[0])
            return fail(err, FRIC_IO_RANGE, key, -1, src, "log.head_absent",
                        "\"{key}\" = {value} must be finite and >= 0 ({unit}, 0 when absent).",
                        fric__values(fric__s("key", key), fric__g("value", v), fric__s("unit", r->unit)));
        return fail(err, FRIC_IO_RANGE, key, -1, src, "log.head_absent_nounit",
                    "\"{key}\" = {value} must be finite and >= 0 (0 when absent).",
                    fric__values(fric__s("key", key), fric__g("value", v)));
    }
    if (!isfinite(L->dt) || L->dt < 0 || L->dt > 1)
        return fail(err, FRIC_IO_RANGE, "dt", -1, src, "log.dt_range",
                    "\"dt\" = {dt} s must be a step in (0, 1] s, or absent for a raw log "
                    "(resampled at {resample} s).",
                    fric__values(fric__g("dt", L->dt), fric__g("resample", FRIC_IO_RESAMPLE_DT)));
    if (L->n < FRIC_IO_LOG_MIN_ENTRIES)
        return L->n == 1
            ? fail(err, FRIC_IO_TOO_FEW, "entries", -1, src, "log.too_few_one",
                   "\"entries\" has {n} entry; a replay needs at least {min}.",
                   fric__values(fric__u("n", L->n), fric__i("min", FRIC_IO_LOG_MIN_ENTRIES)))
            : fail(err, FRIC_IO_TOO_FEW, "entries", -1, src, "log.too_few",
                   "\"entries\" has {n} entries; a replay needs at least {min}.",
                   fric__values(fric__u("n", L->n), fric__i("min", FRIC_IO_LOG_MIN_ENTRIES)));
    if (!L->timestamp || !L->position || !L->goal_position || !L->torque_enable)
        return fail(err, FRIC_IO_MISSING, "entries", -1, src, "log.columns_missing",
                    "timestamp, position, goal_position and torque_enable must all be given.",
                    fric__no_values);
    const double tol = FRIC_IO_DT_TOL * L->dt;
    for (size_t k = 0; k < L->n; k++) {
        long e = (long)k;
        struct { int f; double v; } num[] = {
            { FRIC_IO_E_TIMESTAMP, L->timestamp[k] }, { FRIC_IO_E_POSITION, L->position[k] },
            { FRIC_IO_E_GOAL, L->goal_position[k] },
            { FRIC_IO_E_SPEED, L->speed ? L->speed[k] : 0 },
        };
        for (size_t j = 0; j < sizeof num / sizeof num[0]; j++)
            if (!isfinite(num[j].v))
                return fail(err, FRIC_IO_RANGE, entry_keys[num[j].f], e, src, "log.entry_not_finite",
                            "entry {entry}: \"{key}\" = {value} is not finite.",
                            fric__values(fric__u("entry", k), fric__s("key", entry_keys[num[j].f]),
                                         fric__g("value", num[j].v)));
        if (L->input_volts && !isfinite(L->input_volts[k]) && !isnan(L->input_volts[k]))
            return fail(err, FRIC_IO_RANGE, "input_volts", e, src, "log.entry_not_finite",
                        "entry {entry}: \"{key}\" = {value} is not finite.",
                        fric__values(fric__u("entry", k), fric__s("key", "input_volts"),
                                     fric__g("value", L->input_volts[k])));
        for (int j = 1; j <= 2; j++)
            if (fabs(num[j].v) > FRIC_IO_ANGLE_MAX)
                return fail(err, FRIC_IO_RANGE, entry_keys[num[j].f], e, src, "log.angle_beyond",
                            "entry {entry}: \"{key}\" = {value} rad is beyond ±{max} rad.",
                            fric__values(fric__u("entry", k), fric__s("key", entry_keys[num[j].f]),
                                         fric__g("value", num[j].v), fric__g("max", FRIC_IO_ANGLE_MAX)));
        if (L->torque_enable[k] != 0 && L->torque_enable[k] != 1)
            return fail(err, FRIC_IO_RANGE, "torque_enable", e, src, "log.enable_range",
                        "entry {entry}: \"torque_enable\" = {value} must be 0 or 1.",
                        fric__values(fric__u("entry", k), fric__i("value", L->torque_enable[k])));
        if (k > 0 && !(L->timestamp[k] > L->timestamp[k - 1]))
            return fail(err, FRIC_IO_ORDER, "timestamp", e, src, "log.time_order",
                        "entry {entry}: \"timestamp\" {t} s is not after the previous one "
                        "({prev} s); timestamps must increase.",
                        fric__values(fric__u("entry", k), fric__gp("t", 17, L->timestamp[k]),
                                     fric__gp("prev", 17, L->timestamp[k - 1])));
        if (L->dt > 0) {
            double want = L->timestamp[0] + (double)k * L->dt;
            if (!(fabs(L->timestamp[k] - want) <= tol))
                return fail(err, FRIC_IO_DT, "timestamp", e, src, "log.time_dt",
                            "entry {entry}: \"timestamp\" {t} s contradicts \"dt\" = {dt} s: "
                            "expected {want} s (t_0 + k·dt) within {tol} s.",
                            fric__values(fric__u("entry", k), fric__gp("t", 17, L->timestamp[k]),
                                         fric__g("dt", L->dt), fric__gp("want", 17, want),
                                         fric__g("tol", tol)));
        }
    }
    if (L->dt == 0) {
        double last = L->timestamp[L->n - 1];
        if (!(last > 0))
            return fail(err, FRIC_IO_RANGE, "timestamp", (long)L->n - 1, src, "log.last_time",
                        "the last \"timestamp\" {t} s must be > 0 to resample the raw log.",
                        fric__values(fric__gp("t", 17, last)));
        if (ceil(last / FRIC_IO_RESAMPLE_DT) > FRIC_IO_MAX_SAMPLES)
            return fail(err, FRIC_IO_RANGE, "timestamp", (long)L->n - 1, src, "log.too_long",
                        "the last \"timestamp\" {t} s gives more than {max} samples.",
                        fric__values(fric__gp("t", 17, last), fric__fp("max", 0, FRIC_IO_MAX_SAMPLES)));
    }
    return FRIC_OK;
}

/* ------------------------------------------------------------ kinds → log */

fric_status fric_io_log_create_from_raw(const fric_io_log_raw *raw, int *te, const char *src,
                                 fric_io_log *log, fric_io_error *err)
{
    memset(log, 0, sizeof *log);
    if (raw->root != FRIC_IO_OBJECT)
        return fail(err, FRIC_IO_NOT_OBJECT, "", -1, src, "log.not_object",
                    "expected a JSON object with mass, length, kp and entries, found {found}.",
                    fric__values(fric__s("found", kind_name(raw->root))));
    if (raw->unknown_key) {
        if (raw->unknown_entry < 0)
            return fail(err, FRIC_IO_UNKNOWN_KEY, raw->unknown_key, -1, src, "log.unknown_header_key",
                        "unknown header key \"{key}\"; a log has mass, length, kp, entries and "
                        "optionally vin, dt, arm_mass, damping, max_amps, motor, trajectory, comment.",
                        fric__values(fric__s("key", raw->unknown_key)));
        return fail(err, FRIC_IO_UNKNOWN_KEY, raw->unknown_key, raw->unknown_entry, src,
                    "log.unknown_entry_key",
                    "entry {entry} has the unknown key \"{key}\"; entries have timestamp, "
                    "position, goal_position, torque_enable, speed, input_volts, load, temp.",
                    fric__values(fric__i("entry", raw->unknown_entry), fric__s("key", raw->unknown_key)));
    }
    for (int i = 0; i < FRIC_IO_H_COUNT; i++) {
        int k = raw->head_kind[i];
        int required = i <= FRIC_IO_H_KP || i == FRIC_IO_H_ENTRIES;
        int want = i == FRIC_IO_H_ENTRIES ? FRIC_IO_ARRAY
                 : i == FRIC_IO_H_MOTOR || i == FRIC_IO_H_TRAJECTORY || i == FRIC_IO_H_COMMENT
                     ? FRIC_IO_STRING
                 : FRIC_IO_NUMBER;
        if (k == FRIC_IO_ABSENT && required)
            return fail(err, FRIC_IO_MISSING, head_keys[i], -1, src, "log.header_missing",
                        "the header has no \"{key}\"; a log needs mass, length, kp and entries.",
                        fric__values(fric__s("key", head_keys[i])));
        if (k != FRIC_IO_ABSENT && k != want)
            return fail(err, FRIC_IO_TYPE, head_keys[i], -1, src, "log.header_type",
                        "\"{key}\" must be {want}, found {found}.",
                        fric__values(fric__s("key", head_keys[i]), fric__s("want", kind_name(want)),
                                     fric__s("found", kind_name(k))));
    }
    size_t n = raw->n;
    for (size_t e = 0; e < n; e++) {
        if (raw->entry_kind[e] != FRIC_IO_OBJECT)
            return fail(err, FRIC_IO_TYPE, "entries", (long)e, src, "log.entry_not_object",
                        "entry {entry} must be an object, found {found}.",
                        fric__values(fric__u("entry", e), fric__s("found", kind_name(raw->entry_kind[e]))));
        for (int f = 0; f < FRIC_IO_E_COUNT; f++) {
            int k = raw->kind[(size_t)f * n + e];
            int want = f == FRIC_IO_E_ENABLE ? FRIC_IO_BOOL : FRIC_IO_NUMBER;
            if (k == FRIC_IO_ABSENT && f <= FRIC_IO_E_ENABLE)
                return fail(err, FRIC_IO_MISSING, entry_keys[f], (long)e, src, "log.entry_missing",
                            "entry {entry} has no \"{key}\"; every entry needs timestamp, "
                            "position, goal_position and torque_enable.",
                            fric__values(fric__u("entry", e), fric__s("key", entry_keys[f])));
            if (k != FRIC_IO_ABSENT && k != want)
                return fail(err, FRIC_IO_TYPE, entry_keys[f], (long)e, src, "log.entry_type",
                            "entry {entry}: \"{key}\" must be {want}, found {found}.",
                            fric__values(fric__u("entry", e), fric__s("key", entry_keys[f]),
                                         fric__s("want", kind_name(want)), fric__s("found", kind_name(k))));
        }
        int has = raw->kind[(size_t)FRIC_IO_E_SPEED * n + e] != FRIC_IO_ABSENT;
        int has0 = raw->kind[(size_t)FRIC_IO_E_SPEED * n] != FRIC_IO_ABSENT;
        if (has != has0)
            return has ? fail(err, FRIC_IO_SPEED_MIXED, "speed", (long)e, src, "log.speed_only_some",
                              "entry {entry} has \"speed\" but entry 0 has not; give it in every "
                              "entry or in none.", fric__values(fric__u("entry", e)))
                       : fail(err, FRIC_IO_SPEED_MIXED, "speed", (long)e, src, "log.speed_not_some",
                              "entry {entry} has no \"speed\" but entry 0 has; give it in every "
                              "entry or in none.", fric__values(fric__u("entry", e)));
        te[e] = raw->value[(size_t)FRIC_IO_E_ENABLE * n + e] != 0;
    }
    log->mass = raw->head[FRIC_IO_H_MASS];
    log->length = raw->head[FRIC_IO_H_LENGTH];
    log->kp = raw->head[FRIC_IO_H_KP];
    log->vin = raw->head_kind[FRIC_IO_H_VIN] ? raw->head[FRIC_IO_H_VIN] : 0;
    log->dt = raw->head_kind[FRIC_IO_H_DT] ? raw->head[FRIC_IO_H_DT] : 0;
    log->arm_mass = raw->head_kind[FRIC_IO_H_ARM_MASS] ? raw->head[FRIC_IO_H_ARM_MASS] : 0;
    log->damping = raw->head_kind[FRIC_IO_H_DAMPING] ? raw->head[FRIC_IO_H_DAMPING] : 0;
    log->max_amps = raw->head_kind[FRIC_IO_H_MAX_AMPS] ? raw->head[FRIC_IO_H_MAX_AMPS] : 0;
    if (raw->head_kind[FRIC_IO_H_DT] && !(log->dt > 0))
        return fail(err, FRIC_IO_RANGE, "dt", -1, src,
                    "log.dt_range",
                    "\"dt\" = {dt} s must be a step in (0, 1] s, or absent for a raw log "
                    "(resampled at {resample} s).",
                    fric__values(fric__g("dt", log->dt), fric__g("resample", FRIC_IO_RESAMPLE_DT)));
    const char *strs[2] = { raw->motor, raw->trajectory };
    char *outs[2] = { log->motor, log->trajectory };
    for (int i = 0; i < 2; i++) {
        if (!strs[i]) continue;
        if (strlen(strs[i]) >= sizeof log->motor)
            return fail(err, FRIC_IO_RANGE, head_keys[FRIC_IO_H_MOTOR + i], -1, src, "log.string_long",
                        "\"{key}\" is longer than {max} characters.",
                        fric__values(fric__s("key", head_keys[FRIC_IO_H_MOTOR + i]),
                                     fric__u("max", sizeof log->motor - 1)));
        memcpy(outs[i], strs[i], strlen(strs[i]) + 1);
    }
    log->n = n;
    log->timestamp = raw->value + (size_t)FRIC_IO_E_TIMESTAMP * n;
    log->position = raw->value + (size_t)FRIC_IO_E_POSITION * n;
    log->goal_position = raw->value + (size_t)FRIC_IO_E_GOAL * n;
    log->torque_enable = te;
    log->speed = n && raw->kind[(size_t)FRIC_IO_E_SPEED * n] ? raw->value + (size_t)FRIC_IO_E_SPEED * n
                                                             : NULL;
    log->input_volts = raw->value + (size_t)FRIC_IO_E_VOLTS * n;
    return fric_io_log_check(log, src, err);
}

/* -------------------------------------------------------------- resampling */

size_t fric_io_log_samples(const fric_io_log *L)
{
    if (!L || L->n < FRIC_IO_LOG_MIN_ENTRIES || !L->timestamp) return 0;
    if (L->dt > 0) return L->n;
    double dur = L->timestamp[L->n - 1];
    if (!isfinite(dur) || dur <= 0) return 0;
    double n = ceil(dur / FRIC_IO_RESAMPLE_DT);
    return n > 0 && n <= FRIC_IO_MAX_SAMPLES ? (size_t)n : 0;
}

double fric_io_log_step(const fric_io_log *L)
{
    return L->dt > 0 ? L->dt : FRIC_IO_RESAMPLE_DT;
}

fric_io_sample fric_io_log_sample(const fric_io_log *L, size_t k, size_t *cursor)
{
    fric_io_sample s;
    if (L->dt > 0) {
        s.t = L->timestamp[k];
        s.position = L->position[k];
        s.goal = L->goal_position[k];
        s.speed = L->speed ? L->speed[k] : 0;
        s.torque_enable = L->torque_enable[k] != 0;
        return s;
    }
    /* t_k = k·dt (bam/process.py); entries i, i + 1 bracket t_k, the first
     * two also for t_k < t_0 (extrapolation). */
    double t = (double)k * FRIC_IO_RESAMPLE_DT;
    const double *ts = L->timestamp;
    while (*cursor + 2 < L->n && t > ts[*cursor + 1]) (*cursor)++;
    size_t i = *cursor;
    double r = t - ts[i], span = ts[i + 1] - ts[i];
    s.t = t;
    s.goal = L->goal_position[i] + (L->goal_position[i + 1] - L->goal_position[i]) * r / span;
    s.position = L->position[i] + (L->position[i + 1] - L->position[i]) * r / span;
    s.speed = L->speed ? L->speed[i] + (L->speed[i + 1] - L->speed[i]) * r / span : 0;
    double te1 = L->torque_enable[i] != 0, te2 = L->torque_enable[i + 1] != 0;
    s.torque_enable = te1 + (te2 - te1) * r / span > 0.5;
    return s;
}
