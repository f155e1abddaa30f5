/*
 * io_recording.c: a robot's recording (fric_recording.h): its check, its
 * CSV reader and LeRobot's units, in every build. Every door (the native
 * tool's CSV, the page's and the Node tool's LeRobot datasets through
 * wasm/bindings_io.c) refuses a recording here, with these sentences.
 *
 * LeRobot's units: huggingface/lerobot src/lerobot/motors/motors_bus.py
 * (Apache-2.0), MotorsBus._normalize / _unnormalize: DEGREES = (raw −
 * (min+max)/2)·360/(resolution − 1), RANGE_M100_100 = (raw − min)/(max −
 * min)·200 − 100, RANGE_0_100 = (raw − min)/(max − min)·100, the RANGE modes
 * negated (M100_100) or taken from 100 (0_100) under drive_mode; the STS3215's
 * resolution 4096 (feetech/tables.py).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fric_recording.h"
#include "io_internal.h"
#include "base.h"

#define TWO_PI 6.283185307179586

/* A recording's refusal (fric__io_fail after "recording SOURCE: "). */
static fric_status fail(fric_io_error *err, fric_io_code code, const char *field, long entry,
                        const char *source, const char *id, const char *text, int n,
                        const fric__value *v)
{
    return fric__io_fail(err, code, field, entry, "recording", source && *source ? source : "(unnamed)", id,
                         text, n, v);
}

/* ------------------------------------------------------------------ check */

fric_status fric_recording_check(const fric_recording *r, const char *src,
                                 fric_recording_info *info, fric_io_error *err)
{
    if (!r) return fail(err, FRIC_IO_MISSING, "", -1, src, "rec.none", "no recording given.", fric__no_values);
    if (r->joints < 1 || r->joints > FRIC_REC_MAX_JOINTS)
        return fail(err, FRIC_IO_RANGE, "joints", -1, src, "rec.joints",
                    "it has {joints} joints; a recording has 1 to {max}.",
                    fric__values(fric__i("joints", r->joints), fric__i("max", FRIC_REC_MAX_JOINTS)));
    const int J = r->joints;
    for (int j = 0; j < J; j++) {
        size_t len = 0;
        while (len < FRIC_REC_NAME_LEN && r->name[j][len]) len++;
        if (len == 0 || len >= FRIC_REC_NAME_LEN)
            return fail(err, FRIC_IO_RANGE, "name", -1, src, "rec.name_length",
                        "joint {joint}'s name is empty or longer than {max} bytes; name each joint "
                        "as the MJCF does.",
                        fric__values(fric__i("joint", j + 1), fric__i("max", FRIC_REC_NAME_LEN - 1)));
        for (int i = 0; i < j; i++)
            if (strcmp(r->name[i], r->name[j]) == 0)
                return fail(err, FRIC_IO_RANGE, r->name[j], -1, src, "rec.name_twice",
                            "the joint \"{name}\" is given twice (joints {first} and {second}); "
                            "give each joint once.",
                            fric__values(fric__sn("name", 63, r->name[j]), fric__i("first", i + 1),
                                         fric__i("second", j + 1)));
    }
    if (r->n < FRIC_REC_MIN_FRAMES)
        return fail(err, FRIC_IO_TOO_FEW, "t", -1, src, "rec.too_few",
                    "it has {n} frames; a recording needs at least {min}.",
                    fric__values(fric__u("n", r->n), fric__i("min", FRIC_REC_MIN_FRAMES)));
    if (!r->t || !r->goal || !r->pos)
        return fail(err, FRIC_IO_MISSING, "t", -1, src, "rec.arrays",
                    "t, goal and pos must all be given.", fric__no_values);
    if (!(isfinite(r->period) && r->period >= 0))
        return fail(err, FRIC_IO_RANGE, "period", -1, src, "rec.period",
                    "the nominal period {period} s must be finite and > 0 (1/fps), or 0 to take it "
                    "from the timestamps.", fric__values(fric__g("period", r->period)));
    for (size_t k = 0; k < r->n; k++) {
        if (!isfinite(r->t[k]))
            return fail(err, FRIC_IO_RANGE, "t", (long)k, src, "rec.t_not_finite",
                        "frame {frame}: t = {t} is not finite.",
                        fric__values(fric__u("frame", k), fric__g("t", r->t[k])));
        if (k > 0 && !(r->t[k] > r->t[k - 1]))
            return fail(err, FRIC_IO_ORDER, "t", (long)k, src, "rec.t_order",
                        "frame {frame}: t = {t} s is not after frame {prev_frame}'s {prev} s; "
                        "the timestamps must increase.",
                        fric__values(fric__u("frame", k), fric__gp("t", 10, r->t[k]),
                                     fric__u("prev_frame", k - 1), fric__gp("prev", 10, r->t[k - 1])));
        for (int j = 0; j < J; j++)
            for (int which = 0; which < 2; which++) {
                const double q = (which ? r->pos : r->goal)[k * (size_t)J + (size_t)j];
                char field[sizeof err->field];
                snprintf(field, sizeof field, "%s_%.34s", which ? "pos" : "goal", r->name[j]);
                if (!isfinite(q))
                    return fail(err, FRIC_IO_RANGE, field, (long)k, src, "rec.not_finite",
                                "frame {frame} (t = {t} s): {column} = {value} is not finite.",
                                fric__values(fric__u("frame", k), fric__gp("t", 10, r->t[k]),
                                             fric__s("column", field), fric__g("value", q)));
                if (fabs(q) > FRIC_REC_ANGLE_MAX)
                    return fail(err, FRIC_IO_RANGE, field, (long)k, src, "rec.angle",
                                "frame {frame} (t = {t} s): {column} = {value} rad is beyond ±{max} "
                                "rad (two turns); angles are in radians (degrees or a wrong unit "
                                "mode read as radians?).",
                                fric__values(fric__u("frame", k), fric__gp("t", 10, r->t[k]),
                                             fric__s("column", field), fric__g("value", q),
                                             fric__gp("max", 5, FRIC_REC_ANGLE_MAX)));
            }
    }
    /* the nominal period: as given, else the mean of the steps no longer than
     * FRIC_REC_GAP times the mean step (a dropped frame does not lengthen it) */
    const double span = r->t[r->n - 1] - r->t[0];
    double period = r->period;
    if (period == 0) {
        const double mean = span / (double)(r->n - 1);
        double sum = 0;
        size_t count = 0;
        for (size_t k = 1; k < r->n; k++) {
            const double d = r->t[k] - r->t[k - 1];
            if (d <= FRIC_REC_GAP * mean) { sum += d; count++; }
        }
        period = count ? sum / (double)count : mean;
    }
    for (size_t k = 1; k < r->n; k++) {
        const double d = r->t[k] - r->t[k - 1];
        if (d > FRIC_REC_GAP * period)
            return fail(err, FRIC_IO_DT, "t", (long)k, src, "rec.gap",
                        "frames dropped between frame {prev_frame} (t = {prev} s) and frame {frame} "
                        "(t = {t} s): the step is {step} s, {periods} nominal periods of {period} s "
                        "(at most {gap}); cut the recording there or record it again.",
                        fric__values(fric__u("prev_frame", k - 1), fric__gp("prev", 10, r->t[k - 1]),
                                     fric__u("frame", k), fric__gp("t", 10, r->t[k]),
                                     fric__gp("step", 6, d), fric__gp("periods", 4, d / period),
                                     fric__gp("period", 6, period), fric__g("gap", FRIC_REC_GAP)));
    }
    if (info) {
        info->frames = (double)r->n;
        info->joints = J;
        info->duration = span;
        info->period = period;
        info->rate = 1.0 / period;
    }
    return FRIC_OK;
}

/* -------------------------------------------------------------------- CSV */

/* A field [b, e) of a line, white space around it trimmed. */
typedef struct { const char *b, *e; } span_t;

static span_t trim(const char *b, const char *e)
{
    while (b < e && (*b == ' ' || *b == '\t')) b++;
    while (e > b && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r')) e--;
    return (span_t){ b, e };
}

/* The end of the line starting at p (its '\n' or end). */
static const char *line_end(const char *p, const char *end)
{
    const char *q = memchr(p, '\n', (size_t)(end - p));
    return q ? q : end;
}

/* 1 when [p, e) holds only white space. */
static int blank(const char *p, const char *e)
{
    for (; p < e; p++)
        if (*p != ' ' && *p != '\t' && *p != '\r') return 0;
    return 1;
}

/* A CSV refusal at a line and column (1-based) of the text. */
static fric_status fail_at(fric_io_error *err, fric_io_code code, const char *field, long line,
                           long col, const char *src, const char *id, const char *text, int n,
                           const fric__value *v)
{
    fric_io_error local;
    if (!err) err = &local;
    fric_status st = fail(err, code, field, -1, src, id, text, n, v);
    err->line = line;
    err->col = col;
    return st;
}

fric_status fric_recording_create_from_csv(const char *text, size_t len, const char *src,
                                           fric_recording *r, fric_recording_info *info,
                                           fric_io_error *err)
{
    if (!r) return fail(err, FRIC_IO_MISSING, "", -1, src, "rec.none", "no recording given.", fric__no_values);
    memset(r, 0, sizeof *r);
    if (err) memset(err, 0, sizeof *err);
    fric_status st = fric_io_check_size(FRIC_IO_KIND_RECORDING, len, src, err);
    if (st) return st;
    if (!text) len = 0;
    const char *p = text, *end = text + len;
    const char *nul = len ? memchr(text, '\0', len) : NULL;
    if (nul) {
        long line = 1;
        for (const char *q = text; q < nul; q++) line += *q == '\n';
        return fail_at(err, FRIC_IO_SYNTAX, "", line, 0, src, "rec.csv_nul",
                       "line {line} holds a NUL byte; a recording's CSV is text.",
                       fric__values(fric__i("line", line)));
    }
    /* the header: t, then goal_<joint> and pos_<joint>; col_joint[c] the
     * joint of column c, col_pos[c] 1 for pos_ */
    enum { MAX_COLS = 1 + 2 * FRIC_REC_MAX_JOINTS };
    int col_joint[MAX_COLS], col_pos[MAX_COLS], have[FRIC_REC_MAX_JOINTS][2];
    memset(have, 0, sizeof have);
    int cols = 0;
    const char *le = len ? line_end(p, end) : end;
    if (!len || blank(p, le))
        return fail_at(err, FRIC_IO_MISSING, "t", 1, 1, src, "rec.csv_empty",
                       "the CSV has no header line; it starts with t, then goal_<joint> and "
                       "pos_<joint> for each joint.", fric__no_values);
    for (const char *f = p; f <= le;) {
        const char *c = memchr(f, ',', (size_t)(le - f));
        if (!c) c = le;
        span_t s = trim(f, c);
        const long col = cols + 1;
        char name[FRIC_REC_NAME_LEN + 8];
        snprintf(name, sizeof name, "%.*s", (int)(s.e - s.b < (long)sizeof name - 1 ? s.e - s.b : (long)sizeof name - 1), s.b);
        if (cols == MAX_COLS)
            return fail_at(err, FRIC_IO_RANGE, name, 1, col, src, "rec.csv_columns",
                           "the header has more than {max} columns; a recording has at most {joints} "
                           "joints.", fric__values(fric__i("max", MAX_COLS), fric__i("joints", FRIC_REC_MAX_JOINTS)));
        if (cols == 0) {
            if (strcmp(name, "t") != 0)
                return fail_at(err, FRIC_IO_MISSING, name, 1, 1, src, "rec.csv_t",
                               "the header's first column is \"{name}\"; it must be t (the time in s).",
                               fric__values(fric__sn("name", 63, name)));
            col_joint[0] = -1;
            col_pos[0] = 0;
        } else {
            const int is_pos = strncmp(name, "pos_", 4) == 0, is_goal = strncmp(name, "goal_", 5) == 0;
            const char *joint = name + (is_pos ? 4 : 5);
            if ((!is_pos && !is_goal) || !*joint || strlen(joint) >= FRIC_REC_NAME_LEN)
                return fail_at(err, FRIC_IO_UNKNOWN_KEY, name, 1, col, src, "rec.csv_column",
                               "column {col} of the header is \"{name}\"; after t every column is "
                               "goal_<joint> or pos_<joint> (radians).",
                               fric__values(fric__i("col", col), fric__sn("name", 63, name)));
            int j = 0;
            while (j < r->joints && strcmp(r->name[j], joint) != 0) j++;
            if (j == r->joints) {
                if (r->joints == FRIC_REC_MAX_JOINTS)
                    return fail_at(err, FRIC_IO_RANGE, name, 1, col, src, "rec.csv_columns",
                                   "the header has more than {max} columns; a recording has at most "
                                   "{joints} joints.",
                                   fric__values(fric__i("max", MAX_COLS), fric__i("joints", FRIC_REC_MAX_JOINTS)));
                memcpy(r->name[r->joints++], joint, strlen(joint) + 1);   /* < FRIC_REC_NAME_LEN: checked above */
            }
            if (have[j][is_pos])
                return fail_at(err, FRIC_IO_RANGE, name, 1, col, src, "rec.csv_twice",
                               "column {col} of the header, \"{name}\", is given twice; give each "
                               "column once.", fric__values(fric__i("col", col), fric__sn("name", 63, name)));
            have[j][is_pos] = 1;
            col_joint[cols] = j;
            col_pos[cols] = is_pos;
        }
        cols++;
        f = c + 1;
    }
    if (r->joints == 0)
        return fail_at(err, FRIC_IO_MISSING, "", 1, 2, src, "rec.csv_no_joint",
                       "the header names no joint; after t it needs goal_<joint> and pos_<joint> "
                       "for each joint.", fric__no_values);
    for (int j = 0; j < r->joints; j++)
        if (!have[j][0] || !have[j][1])
            return fail_at(err, FRIC_IO_MISSING, r->name[j], 1, 0, src, "rec.csv_pair",
                           "the header has {have}_{joint} but no {missing}_{joint}; each joint needs "
                           "both its goal_ and its pos_ column.",
                           fric__values(fric__s("have", have[j][0] ? "goal" : "pos"),
                                        fric__sn("joint", 63, r->name[j]),
                                        fric__s("missing", have[j][0] ? "pos" : "goal")));
    /* the frames: one a non-blank line after the header */
    const char *body = le < end ? le + 1 : end;
    size_t n = 0;
    for (const char *q = body; q < end;) {
        const char *e = line_end(q, end);
        if (!blank(q, e)) n++;
        q = e + 1;
    }
    const size_t J = (size_t)r->joints;
    if (n > ((size_t)-1) / sizeof(double) / (2 * J + 1))
        return fail(err, FRIC_IO_MEMORY, "", -1, src, "rec.memory", "out of memory for {n} frames.",
                    fric__values(fric__u("n", n)));
    double *mem = malloc(sizeof(double) * (n ? n : 1) * (2 * J + 1));
    if (!mem)
        return fail(err, FRIC_IO_MEMORY, "", -1, src, "rec.memory", "out of memory for {n} frames.",
                    fric__values(fric__u("n", n)));
    r->storage_ = mem;
    double *t = mem, *goal = mem + n, *pos = mem + n + n * J;
    long line = 1;
    size_t k = 0;
    for (const char *q = body; q < end; q = le + 1) {
        le = line_end(q, end);
        line++;
        if (blank(q, le)) {
            /* a blank line ends the frames: only blank lines may follow */
            const char *rest = le;
            while (rest < end && blank(rest, line_end(rest, end))) rest = line_end(rest, end) + 1;
            if (rest < end)
                return fail_at(err, FRIC_IO_SYNTAX, "", line, 1, src, "rec.csv_blank",
                               "line {line} is blank and frames follow it; remove the blank line.",
                               fric__values(fric__i("line", line)));
            break;
        }
        int fields = 1;
        for (const char *f = q; f < le; f++) fields += *f == ',';
        if (fields != cols)
            return fail_at(err, FRIC_IO_SYNTAX, "", line, 1, src, "rec.csv_fields",
                           "line {line} has {fields} fields; the header has {cols}.",
                           fric__values(fric__i("line", line), fric__i("fields", fields),
                                        fric__i("cols", cols)));
        const char *f = q;
        for (int c = 0; c < cols; c++) {
            const char *cm = memchr(f, ',', (size_t)(le - f));
            if (!cm) cm = le;
            span_t s = trim(f, cm);
            char buf[48];
            const size_t w = (size_t)(s.e - s.b);
            snprintf(buf, sizeof buf, "%.*s", (int)(w < sizeof buf - 1 ? w : sizeof buf - 1), s.b);
            char *stop = buf;
            const double v = w > 0 && w < sizeof buf - 1 ? strtod(buf, &stop) : NAN;
            if (stop == buf || *stop != '\0') {
                char cn[FRIC_REC_NAME_LEN + 8];
                if (c == 0) snprintf(cn, sizeof cn, "t");
                else snprintf(cn, sizeof cn, "%s_%s", col_pos[c] ? "pos" : "goal", r->name[col_joint[c]]);
                return fail_at(err, FRIC_IO_TYPE, cn, line, c + 1, src, "rec.csv_number",
                               "line {line}, column {col} ({column}): \"{text}\" is not a number.",
                               fric__values(fric__i("line", line), fric__i("col", c + 1),
                                            fric__s("column", cn), fric__s("text", buf)));
            }
            if (c == 0) t[k] = v;
            else (col_pos[c] ? pos : goal)[k * J + (size_t)col_joint[c]] = v;
            f = cm + 1;
        }
        k++;
    }
    r->n = k;
    r->t = t;
    r->goal = goal;
    r->pos = pos;
    r->period = 0;
    return fric_recording_check(r, src, info, err);
}

void fric_recording_destroy(fric_recording *r)
{
    if (!r) return;
    free(r->storage_);
    r->storage_ = NULL;
    r->t = r->goal = r->pos = NULL;
    r->n = 0;
}

/* --------------------------------------------------------- LeRobot's units */

const char *fric_lerobot_unit_name(int unit)
{
    static const char *const names[FRIC_LEROBOT_UNIT_COUNT] = { "DEGREES", "RANGE_M100_100", "RANGE_0_100" };
    return unit >= 0 && unit < FRIC_LEROBOT_UNIT_COUNT ? names[unit] : NULL;
}

fric_status fric_lerobot_motor_check(const fric_lerobot_motor *m, const char *joint, const char *source)
{
    const char *j = joint ? joint : "(unnamed)", *s = source ? source : "the calibration";
    if (!m)
        return fric__fail_id(FRIC_E_NULL, -1, "rec.motor_none", "{source}: no motor given for \"{joint}\".",
                             fric__values(fric__s("source", s), fric__s("joint", j))), FRIC_E_NULL;
    if (m->unit < 0 || m->unit >= FRIC_LEROBOT_UNIT_COUNT)
        return fric__fail_id(FRIC_E_PARAM_RANGE, 0, "rec.motor_unit",
                             "{source}: \"{joint}\": unit = {unit} is none of DEGREES (0), RANGE_M100_100 "
                             "(1), RANGE_0_100 (2).",
                             fric__values(fric__s("source", s), fric__s("joint", j), fric__i("unit", m->unit))),
               FRIC_E_PARAM_RANGE;
    if (!(m->range_min >= 0 && m->range_min < m->range_max && m->range_max <= FRIC_REC_COUNTS_PER_TURN - 1))
        return fric__fail_id(FRIC_E_PARAM_RANGE, m->range_min >= 0 && m->range_min <= 4095 ? 2 : 1,
                             "rec.motor_range",
                             "{source}: \"{joint}\": range_min = {min} and range_max = {max} must satisfy "
                             "0 <= range_min < range_max <= 4095 counts; calibrate the motor again.",
                             fric__values(fric__s("source", s), fric__s("joint", j),
                                          fric__g("min", m->range_min), fric__g("max", m->range_max))),
               FRIC_E_PARAM_RANGE;
    if (m->drive_mode != 0 && m->drive_mode != 1)
        return fric__fail_id(FRIC_E_PARAM_RANGE, 3, "rec.motor_drive",
                             "{source}: \"{joint}\": drive_mode = {mode} must be 0 or 1.",
                             fric__values(fric__s("source", s), fric__s("joint", j), fric__i("mode", m->drive_mode))),
               FRIC_E_PARAM_RANGE;
    if (m->sign != 1 && m->sign != -1)
        return fric__fail_id(FRIC_E_PARAM_RANGE, 4, "rec.motor_sign",
                             "{source}: \"{joint}\": sign = {sign} must be 1 or -1 (the MJCF joint's "
                             "direction against the servo's counts).",
                             fric__values(fric__s("source", s), fric__s("joint", j), fric__g("sign", m->sign))),
               FRIC_E_PARAM_RANGE;
    if (!(m->raw_zero >= 0 && m->raw_zero <= FRIC_REC_COUNTS_PER_TURN - 1))
        return fric__fail_id(FRIC_E_PARAM_RANGE, 5, "rec.motor_zero",
                             "{source}: \"{joint}\": raw_zero = {zero} must be a count in 0 … 4095 (the "
                             "raw count at the MJCF's zero).",
                             fric__values(fric__s("source", s), fric__s("joint", j), fric__g("zero", m->raw_zero))),
               FRIC_E_PARAM_RANGE;
    return FRIC_OK;
}

/* motors_bus.py _unnormalize (unclamped) and _normalize; the STS3215's
 * resolution 4096, so DEGREES' max_res = 4095. */
double fric_lerobot_raw_of(const fric_lerobot_motor *m, double v)
{
    const double lo = m->range_min, hi = m->range_max;
    switch (m->unit) {
    case FRIC_LEROBOT_DEGREES:
        return v * (FRIC_REC_COUNTS_PER_TURN - 1) / 360.0 + (lo + hi) / 2;
    case FRIC_LEROBOT_RANGE_M100_100:
        return ((m->drive_mode ? -v : v) + 100) / 200 * (hi - lo) + lo;
    default:
        return (m->drive_mode ? 100 - v : v) / 100 * (hi - lo) + lo;
    }
}

double fric_lerobot_value_of(const fric_lerobot_motor *m, double raw)
{
    const double lo = m->range_min, hi = m->range_max;
    switch (m->unit) {
    case FRIC_LEROBOT_DEGREES:
        return (raw - (lo + hi) / 2) * 360.0 / (FRIC_REC_COUNTS_PER_TURN - 1);
    case FRIC_LEROBOT_RANGE_M100_100: {
        const double v = (raw - lo) / (hi - lo) * 200 - 100;
        return m->drive_mode ? -v : v;
    }
    default: {
        const double v = (raw - lo) / (hi - lo) * 100;
        return m->drive_mode ? 100 - v : v;
    }
    }
}

double fric_lerobot_rad_of_raw(const fric_lerobot_motor *m, double raw)
{
    return m->sign * (raw - m->raw_zero) * TWO_PI / FRIC_REC_COUNTS_PER_TURN;
}

double fric_lerobot_raw_of_rad(const fric_lerobot_motor *m, double q)
{
    return m->sign * q * FRIC_REC_COUNTS_PER_TURN / TWO_PI + m->raw_zero;
}

double fric_lerobot_rad_of(const fric_lerobot_motor *m, double v)
{
    return fric_lerobot_rad_of_raw(m, fric_lerobot_raw_of(m, v));
}
