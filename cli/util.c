/*
 * util.c: error messages and CSV output of the command-line tool.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "fmt.h"

int cli_fail(int code, const char *fmt, ...)
{
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    /* One line: a message from elsewhere must not break it. */
    for (char *c = msg; *c; c++)
        if (*c == '\n' || *c == '\r') *c = ' ';
    fprintf(stderr, "friction: %s\n", msg);
    fflush(stderr);
    return code;
}

int cli_csv_row(FILE *f, const double *v, int n)
{
    char buf[FMT_DOUBLE_LEN];
    for (int i = 0; i < n; i++) {
        if (i) putc(',', f);
        fputs(fmt_double(buf, v[i]), f);
    }
    putc('\n', f);
    return ferror(f);
}

int cli_finish_output(FILE *f, const char *what)
{
    errno = 0;
    if (fflush(f) != 0 || ferror(f)) {
        int e = errno;
        return cli_fail(CLI_RUNTIME, "cannot write %s: %s; the output is incomplete.", what,
                        e ? strerror(e) : "write error");
    }
    return CLI_OK;
}

int cli_width(const char *s)
{
    int w = 0;
    for (; s && *s; s++)
        if ((*s & 0xC0) != 0x80) w++;
    return w;
}

void cli_pad(FILE *f, const char *s, int width)
{
    fputs(s, f);
    for (int w = cli_width(s); w < width; w++) putc(' ', f);
}
