/*
 * status.c: the core's error channel (fric_status.h): the per-thread last
 * failure (code, parameter index, message) every stage reports through
 * fric__fail / fric__say (base.h), and its public readers.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
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

/* Appends to vals[cap] the named values of fmt's conversions read from ap:
 * "name=text" for each conversion, name the next word of `names` (words
 * separated by spaces; a conversion past the last word is left out), text
 * what the conversion writes; the entries are separated by FRIC_VALUE_SEP.
 * Reads the conversions of fric__fail's messages: flags, width and
 * precision (digits or *), the length modifiers hh h l ll z j t L and the
 * conversions d i u o x X c s p f F e E g G a A. */
static void named_values(char *vals, size_t cap, const char *names, const char *fmt, va_list ap)
{
    size_t used = 0;
    vals[0] = '\0';
    for (const char *p = fmt; *p; p++) {
        if (*p != '%') continue;
        if (p[1] == '%') { p++; continue; }
        char spec[48];
        size_t k = 0;
        spec[k++] = *p++;
        while (*p && strchr("-+ #0", *p) && k < 20) spec[k++] = *p++;
        for (int part = 0; part < 2; part++) {     /* width, then .precision */
            if (part == 1) { if (*p != '.') break; spec[k++] = *p++; }
            if (*p == '*') {
                k += (size_t)snprintf(spec + k, sizeof spec - k, "%d", va_arg(ap, int));
                p++;
            } else {
                while (*p >= '0' && *p <= '9' && k < 40) spec[k++] = *p++;
            }
        }
        char len[3] = "";
        size_t nl = 0;
        while (*p && strchr("hlzjtL", *p) && nl < 2) len[nl++] = *p++;
        len[nl] = '\0';
        if (!*p) break;
        const char conv = *p;
        memcpy(spec + k, len, nl);
        k += nl;
        spec[k++] = conv;
        spec[k] = '\0';
        char text[256];
        if (strchr("di", conv)) {
            if (!strcmp(len, "l")) snprintf(text, sizeof text, spec, va_arg(ap, long));
            else if (!strcmp(len, "ll")) snprintf(text, sizeof text, spec, va_arg(ap, long long));
            else if (!strcmp(len, "z")) snprintf(text, sizeof text, spec, va_arg(ap, ptrdiff_t));
            else if (!strcmp(len, "j")) snprintf(text, sizeof text, spec, va_arg(ap, intmax_t));
            else if (!strcmp(len, "t")) snprintf(text, sizeof text, spec, va_arg(ap, ptrdiff_t));
            else snprintf(text, sizeof text, spec, va_arg(ap, int));
        } else if (strchr("uoxX", conv)) {
            if (!strcmp(len, "l")) snprintf(text, sizeof text, spec, va_arg(ap, unsigned long));
            else if (!strcmp(len, "ll")) snprintf(text, sizeof text, spec, va_arg(ap, unsigned long long));
            else if (!strcmp(len, "z")) snprintf(text, sizeof text, spec, va_arg(ap, size_t));
            else if (!strcmp(len, "j")) snprintf(text, sizeof text, spec, va_arg(ap, uintmax_t));
            else if (!strcmp(len, "t")) snprintf(text, sizeof text, spec, va_arg(ap, size_t));
            else snprintf(text, sizeof text, spec, va_arg(ap, unsigned));
        } else if (strchr("fFeEgGaA", conv)) {
            if (!strcmp(len, "L")) snprintf(text, sizeof text, spec, va_arg(ap, long double));
            else snprintf(text, sizeof text, spec, va_arg(ap, double));
        } else if (conv == 'c') {
            snprintf(text, sizeof text, spec, va_arg(ap, int));
        } else if (conv == 's') {
            snprintf(text, sizeof text, spec, va_arg(ap, const char *));
        } else if (conv == 'p') {
            snprintf(text, sizeof text, spec, va_arg(ap, void *));
        } else {
            break;                                  /* not one of fric__fail's */
        }
        while (names && *names == ' ') names++;
        if (!names || !*names) continue;
        const size_t nn = strcspn(names, " ");
        int w = snprintf(vals + used, cap - used, "%s%.*s=%s", used ? "\x1f" : "", (int)nn,
                         names, text);
        names += nn;
        if (w < 0 || (size_t)w >= cap - used) { vals[used] = '\0'; break; }
        used += (size_t)w;
    }
}

/* Records id (NULL: none) and the named values in id[64], vals[512]. */
static void name_sentence(char *idbuf, char *vals, const char *id, const char *names,
                          const char *fmt, va_list ap)
{
    snprintf(idbuf, 64, "%s", id ? id : "");
    if (id) named_values(vals, 512, names, fmt, ap);
    else vals[0] = '\0';
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

const char *fric__fail_id(fric_status code, int param, const char *id, const char *names,
                          const char *fmt, ...)
{
    va_list ap, aq;
    va_start(ap, fmt);
    va_copy(aq, ap);
    vsay(fmt, ap);
    name_sentence(last_id, last_values, id, names, fmt, aq);
    va_end(aq);
    va_end(ap);
    last_code = code;
    last_param = param;
    last_prefix = 0;
    return msg;
}

size_t fric__sentence(char *buf, size_t size, const char *id, const char *names, const char *fmt, ...)
{
    va_list ap, aq;
    va_start(ap, fmt);
    va_copy(aq, ap);
    char tmp[sizeof msg];
    int w = vsnprintf(tmp, sizeof tmp, fmt, ap);
    name_sentence(note_id, note_values, id, names, fmt, aq);
    va_end(aq);
    va_end(ap);
    size_t len = w > 0 ? (size_t)w : 0;
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

const char *fric__at_param(int param)
{
    last_param = param;
    return msg;
}

int fric__rc(void)
{
    return last_code != FRIC_OK ? (int)last_code : FRIC_E_PARAM_RANGE;
}
