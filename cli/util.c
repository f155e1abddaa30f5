/*
 * util.c: error messages, CSV output and the check of every output path of
 * the command-line tool.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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

int cli_output_path(const char *cmd, const char *opt, const char *path)
{
    struct stat st;
    if (stat(path, &st) != 0 || S_ISREG(st.st_mode)) return CLI_OK;   /* new, or a file */
    const char *kind = S_ISDIR(st.st_mode) ? "a directory" : S_ISFIFO(st.st_mode) ? "a named pipe"
                       : S_ISCHR(st.st_mode) ? "a character device"
                       : S_ISBLK(st.st_mode) ? "a block device"
                       : S_ISSOCK(st.st_mode) ? "a socket" : "not a regular file";
    return cli_fail(CLI_USAGE, "%s: %s %s is %s, which the tool never replaces or writes into; "
                    "name a new or a regular file.", cmd, opt, path, kind);
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

int cli_write_file(const char *cmd, const char *path, const char *text, size_t len)
{
    int rc = cli_output_path(cmd, "--out", path);
    if (rc) return rc;
    size_t n = strlen(path);
    char *tmp = malloc(n + 8);
    if (!tmp) return cli_fail(CLI_RUNTIME, "%s: out of memory.", cmd);
    memcpy(tmp, path, n);
    memcpy(tmp + n, ".XXXXXX", 8);
    int fd = mkstemp(tmp);   /* O_CREAT | O_EXCL in path's directory: the rename stays on one file system */
    if (fd < 0) {
        rc = cli_fail(CLI_USAGE, "%s: cannot create %s: %s.", cmd, path, strerror(errno));
        free(tmp);
        return rc;
    }
    mode_t mask = umask(0);
    umask(mask);
    int e = fchmod(fd, 0666 & ~mask) ? errno : 0;
    for (size_t off = 0; !e && off < len;) {
        ssize_t w = write(fd, text + off, len - off);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) e = w < 0 ? errno : EIO;
        else off += (size_t)w;
    }
    if (!e && fsync(fd) != 0) e = errno;
    if (close(fd) != 0 && !e) e = errno;
    if (!e && rename(tmp, path) != 0) e = errno;
    if (e) {
        unlink(tmp);
        rc = cli_fail(CLI_RUNTIME, "%s: cannot write %s: %s.", cmd, path, strerror(e));
    }
    free(tmp);
    return rc;
}
