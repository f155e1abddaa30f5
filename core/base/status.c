/*
 * status.c: the core's error channel (fric_status.h): the per-thread last
 * failure (code, parameter index, message) every stage reports through
 * fric__fail / fric__say (base.h), and its public readers.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "base.h"
#include "fric_status.h"

static _Thread_local char msg[512];
static _Thread_local fric_status last_code;
static _Thread_local int last_param = -1;
/* the message's id, named values and prefix (fric_error), and those of the
 * last sentence a text writer wrote (fric_sentence) */
static _Thread_local char last_id[64], last_values[512];
static _Thread_local int last_prefix;
static _Thread_local char note_id[64], note_values[512];

static const char *const status_names[FRIC_STATUS_COUNT] = {
    "FRIC_OK", "FRIC_E_PARAM_RANGE", "FRIC_E_LAW_INVALID", "FRIC_E_NO_TRANSFORM",
    "FRIC_E_NONFINITE", "FRIC_E_WORK_LIMIT", "FRIC_E_NO_PRESET", "FRIC_E_UNKNOWN_NAME",
    "FRIC_E_NOT_NUMBER", "FRIC_E_UNSUPPORTED", "FRIC_E_NULL", "FRIC_E_LOG_INVALID",
    "FRIC_E_NO_MEMORY", "FRIC_E_FILE", "FRIC_E_PARAMS_INVALID", "FRIC_E_BUFFER",
};

const char *fric_status_name(int status)
{
    return status >= 0 && status < FRIC_STATUS_COUNT ? status_names[status]
                                                     : "FRIC_E_UNKNOWN_STATUS";
}

fric_error fric_status_last(void)
{
    fric_error e = { last_code, last_param, msg, last_id, last_values, last_prefix };
    return e;
}

fric_sentence fric_sentence_last(void)
{
    fric_sentence s = { note_id, note_values };
    return s;
}

void fric_status_clear(void)
{
    last_code = FRIC_OK;
    last_param = -1;
    msg[0] = '\0';
    last_id[0] = last_values[0] = '\0';
    last_prefix = 0;
}

/* Formats through a temporary, so an argument may be the previous message
 * (wrapping "a: <earlier why>" is safe). */
static const char *vsay(const char *fmt, va_list ap)
{
    char tmp[sizeof msg];
    vsnprintf(tmp, sizeof tmp, fmt, ap);
    memcpy(msg, tmp, sizeof msg);
    return msg;
}

/* Writes v's text to buf[size] as snprintf does; its length (0 on an
 * encoding error). */
static size_t value_text(char *buf, size_t size, const fric__value *v)
{
    int w = 0;
    switch (v->type) {
    case FRIC__V_G: w = snprintf(buf, size, "%.*g", v->prec, v->v.g); break;
    case FRIC__V_F: w = snprintf(buf, size, "%.*f", v->prec, v->v.g); break;
    case FRIC__V_I: w = snprintf(buf, size, "%lld", v->v.i); break;
    case FRIC__V_U: w = snprintf(buf, size, "%llu", v->v.u); break;
    case FRIC__V_S: w = snprintf(buf, size, "%.*s", v->prec, v->v.s ? v->v.s : "(null)"); break;
    }
    return w > 0 ? (size_t)w : 0;
}

/* The sentence of text and v[n] (fric__fail_id): the message into
 * out[size] (truncated, NUL-terminated; returns the length it needs), and,
 * when vals is not NULL, the named values into vals[vsize] ("name=text"
 * entries separated by FRIC_VALUE_SEP; an entry that does not fit is left
 * out, with those after it). Every value is written once, before out and
 * vals are touched, so a value may be the previous message. */
static size_t compose(char *out, size_t size, char *vals, size_t vsize, const char *text, int n,
                      const fric__value *v)
{
    char texts[2 * sizeof msg];
    size_t at[FRIC__MAX_VALUES + 1], used = 0;
    if (n > FRIC__MAX_VALUES) n = FRIC__MAX_VALUES;
    if (n < 0 || !v) n = 0;
    for (int k = 0; k < n; k++) {
        const size_t room = sizeof texts - used;      /* >= 1 */
        const size_t len = value_text(texts + used, room, &v[k]);
        at[k] = used;
        used += (len < room ? len : room - 1) + 1;    /* the text and its NUL */
        if (used == sizeof texts) used--;             /* the rest: "" (the last NUL) */
    }
    size_t len = 0;                                   /* the message */
    for (const char *p = text ? text : ""; *p;) {
        const char *piece = p;
        size_t plen = 1;
        if (*p == '{') {
            const size_t w = strspn(p + 1, "abcdefghijklmnopqrstuvwxyz"
                                           "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_");
            if (w && p[1 + w] == '}') {
                plen = w + 2;
                for (int k = 0; k < n; k++)
                    if (v[k].name && strlen(v[k].name) == w && !strncmp(v[k].name, p + 1, w)) {
                        piece = texts + at[k];
                        break;
                    }
            }
        }
        const size_t copy = piece == p ? plen : strlen(piece);
        for (size_t i = 0; i < copy; i++, len++)
            if (len + 1 < size) out[len] = piece[i];
        p += plen;
    }
    if (size) out[len < size ? len : size - 1] = '\0';
    if (vals && vsize) {                              /* the named values */
        size_t vl = 0;
        vals[0] = '\0';
        const char sep[] = { FRIC_VALUE_SEP, '\0' };  /* between entries (fric_status.h) */
        for (int k = 0; k < n; k++) {
            int w = snprintf(vals + vl, vsize - vl, "%s%s=%s", vl ? sep : "",
                             v[k].name ? v[k].name : "", texts + at[k]);
            if (w < 0 || (size_t)w >= vsize - vl) { vals[vl] = '\0'; break; }
            vl += (size_t)w;
        }
    }
    return len;
}

const char *fric__fail(fric_status code, int param, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsay(fmt, ap);
    va_end(ap);
    last_code = code;
    last_param = param;
    last_id[0] = last_values[0] = '\0';
    last_prefix = 0;
    return msg;
}

const char *fric__fail_id(fric_status code, int param, const char *id, const char *text,
                          int n, const fric__value *v)
{
    char tmp[sizeof msg], vals[sizeof last_values];
    compose(tmp, sizeof tmp, vals, sizeof vals, text, n, v);
    memcpy(msg, tmp, sizeof msg);
    snprintf(last_id, sizeof last_id, "%s", id ? id : "");
    memcpy(last_values, vals, sizeof vals);
    if (!id) last_values[0] = '\0';
    last_code = code;
    last_param = param;
    last_prefix = 0;
    return msg;
}

const char *fric__fail_door(fric_status code, int param, const char *door, const char *id,
                            const char *text, int n, const fric__value *v)
{
    fric__fail_id(code, param, id, text, n, v);
    /* the door before the sentence: recorded as its prefix (fric__reword) */
    return fric__reword("%s%s", door, msg);
}

size_t fric__sentence(char *buf, size_t size, const char *id, const char *text, int n,
                      const fric__value *v)
{
    char tmp[sizeof msg];
    size_t len = compose(tmp, sizeof tmp, note_values, sizeof note_values, text, n, v);
    snprintf(note_id, sizeof note_id, "%s", id ? id : "");
    if (!id) note_values[0] = '\0';
    if (buf && size) {
        size_t k = len < size - 1 ? len : size - 1;
        if (k > sizeof tmp - 1) k = sizeof tmp - 1;
        memcpy(buf, tmp, k);
        buf[k] = '\0';
    }
    return len;
}

void fric__no_sentence(void) { note_id[0] = note_values[0] = '\0'; }

const char *fric__reword(const char *fmt, ...)
{
    /* the sentence keeps its id when the new message ends with the old one
     * (a prefix added in front); else the id no longer describes it */
    char old[sizeof msg];
    memcpy(old, msg, sizeof msg);
    va_list ap;
    va_start(ap, fmt);
    vsay(fmt, ap);
    va_end(ap);
    const size_t n = strlen(msg), o = strlen(old) - (size_t)last_prefix;
    if (last_id[0] && n >= o && !strcmp(msg + n - o, old + last_prefix))
        last_prefix = (int)(n - o);
    else
        last_id[0] = last_values[0] = '\0', last_prefix = 0;
    return msg;
}

const char *fric__fail_wrap(fric_status code, int param, const char *message)
{
    fric__reword("%s", message);
    last_code = code;
    last_param = param;
    return msg;
}

const char *fric__at_param(int param)
{
    last_param = param;
    return msg;
}

int fric__rc(void)
{
    return last_code != FRIC_OK ? (int)last_code : FRIC_E_PARAM_RANGE;
}
