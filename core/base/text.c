/*
 * text.c: formatted text into a caller's buffer (base.h): the params-file
 * writer (io) and the regions CSV (analysis) append with fric__put.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

#include "base.h"

void fric__put(fric__text *o, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    const int fits = o->len < o->cap;
    int w = vsnprintf(fits ? o->buf + o->len : NULL, fits ? o->cap - o->len : 0, fmt, ap);
    va_end(ap);
    if (w > 0) o->len += (size_t)w;
}
