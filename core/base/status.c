/*
 * status.c: the core's error channel (fric_status.h): the per-thread last
 * failure (code, parameter index, message) every stage reports through
 * fric__fail / fric__say (base.h), and its public readers.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "base.h"
#include "fric_status.h"

static _Thread_local char msg[512];
static _Thread_local fric_status last_code;
static _Thread_local int last_param = -1;

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
    fric_error e = { last_code, last_param, msg };
    return e;
}

void fric_status_clear(void)
{
    last_code = FRIC_OK;
    last_param = -1;
    msg[0] = '\0';
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

const char *fric__fail(fric_status code, int param, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsay(fmt, ap);
    va_end(ap);
    last_code = code;
    last_param = param;
    return msg;
}

const char *fric__reword(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsay(fmt, ap);
    va_end(ap);
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
