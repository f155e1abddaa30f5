/*
 * util.c: error messages, CSV output and the check of every output path of
 * the command-line tool.
 */
#define _XOPEN_SOURCE 700   /* realpath, lstat, mkstemp */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "fmt.h"
#include "fric_io.h"

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

int cli_core_fail(int code, const char *cmd, const char *where, const char *why)
{
    const fric_error e = fric_status_last();
    const size_t n = strlen(cmd);
    const char *s = why ? why : e.message;
    if (e.prefix > 0 && e.message && strcmp(e.message, s) == 0 && strncmp(s, cmd, n) == 0 &&
        (s[n] == ':' || s[n] == ' ')) {
        const char *end = strstr(s, ": ");   /* the door: the prefix's first part */
        if (end && end + 2 - s <= e.prefix) s = end + 2;
    }
    return cli_fail(code, "%s: %s%s%s", cmd, where ? where : "", where ? ": " : "", s);
}

const char *cli_option(int argc, char **argv, int *a, const char *name, int *missing)
{
    const char *arg = argv[*a];
    size_t len = strlen(name);
    if (strncmp(arg, name, len) != 0) return NULL;
    if (arg[len] == '=') return arg + len + 1;
    if (arg[len] != '\0') return NULL;
    if (*a + 1 >= argc) {
        *missing = 1;
        return NULL;
    }
    return argv[++*a];
}

int cli_opt_next(int argc, char **argv, int *a, const cli_opts *t, const char **val)
{
    const char *arg = argv[*a];
    *val = NULL;
    if (arg[0] != '-' || arg[1] != '-') return CLI_OPT_ARG;
    for (int k = 0; k < t->n; k++) {
        const cli_opt *o = &t->opts[k];
        if (!o->value) {
            if (strcmp(arg, o->name) == 0) return k;
            continue;
        }
        int missing = 0;
        *val = cli_option(argc, argv, a, o->name, &missing);
        if (missing) {
            cli_fail(CLI_USAGE, "%s: %s needs a value.", t->cmd, arg);
            return CLI_OPT_FAIL;
        }
        if (*val) return k;
    }
    cli_opt_unknown(t, arg);
    return CLI_OPT_FAIL;
}

int cli_opt_values(int argc, char **argv, int from, const cli_opts *t, const char **val)
{
    for (int k = 0; k < t->n; k++) val[k] = NULL;
    for (int a = from; a < argc; a++) {
        const char *v = NULL;
        const int k = cli_opt_next(argc, argv, &a, t, &v);
        if (k == CLI_OPT_FAIL) return CLI_USAGE;
        if (k == CLI_OPT_ARG) return cli_opt_unknown(t, argv[a]);
        val[k] = v;
    }
    return CLI_OK;
}

int cli_opt_unknown(const cli_opts *t, const char *arg)
{
    char list[768];
    size_t n = 0;
    list[0] = '\0';
    for (int k = 0; k < t->n && n < sizeof list; k++) {
        const cli_opt *o = &t->opts[k];
        n += (size_t)snprintf(list + n, sizeof list - n, "%s%s%s%s", k == 0 ? "" : k == t->n - 1 ? " and " : ", ",
                              o->name, o->value && *o->value ? " " : "", o->value ? o->value : "");
    }
    const int option = arg[0] == '-';
    return cli_fail(CLI_USAGE, "%s: unknown %s '%s'%s%s; the options are %s%s%s%s.", t->cmd,
                    option ? "option" : "argument", arg, t->with ? " " : "", t->with ? t->with : "", list,
                    t->help ? " (" : "", t->help ? t->help : "", t->help ? ")" : "");
}

int cli_opt_bad(const cli_opts *t, int k, const char *val)
{
    return cli_fail(CLI_USAGE, "%s: %s '%s' must be %s.", t->cmd, t->opts[k].name, val, t->opts[k].must);
}

int cli_number(const char *s, double *x)
{
    char *end = NULL;
    const double v = strtod(s, &end);
    if (end == s || *end != '\0' || !isfinite(v)) return 1;
    *x = v;
    return 0;
}

int cli_whole(const char *s, long *x)
{
    char *end = NULL;
    errno = 0;
    const long v = strtol(s, &end, 10);
    if (end == s || *end != '\0' || errno == ERANGE) return 1;
    *x = v;
    return 0;
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

/* ------------------------------------------------------------- inputs */
/* Every file the command has read (cli_input): its device and inode, so
 * that no output is one of them whatever its name (a hard link, a
 * symlink, another spelling). Held to the end of the process. */
typedef struct {
    dev_t dev;
    ino_t ino;
    char *path;
} cli_input_file;
static cli_input_file *inputs;
static int n_inputs, cap_inputs;

void cli_input(const char *path)
{
    struct stat st;
    if (!path || stat(path, &st) != 0) return;
    for (int i = 0; i < n_inputs; i++)
        if (inputs[i].dev == st.st_dev && inputs[i].ino == st.st_ino) return;
    if (n_inputs == cap_inputs) {
        int cap = cap_inputs ? 2 * cap_inputs : 16;
        cli_input_file *a = realloc(inputs, (size_t)cap * sizeof *a);
        if (!a) return;   /* the check below then misses it; the read itself went on */
        inputs = a;
        cap_inputs = cap;
    }
    char *copy = malloc(strlen(path) + 1);
    if (!copy) return;
    inputs[n_inputs++] = (cli_input_file){ st.st_dev, st.st_ino, strcpy(copy, path) };
}

FILE *cli_open_input(const char *path, const char *source, fric_io_file_kind kind, unsigned long long *bytes,
                     int *rc)
{
    fric_io_error err;
    FILE *f = fric_io_open(path, source, kind, 1, bytes, &err);
    *rc = CLI_OK;
    if (f) cli_input(path);
    else if (err.code != FRIC_IO_OK)
        *rc = cli_fail(err.code == FRIC_IO_MEMORY ? CLI_RUNTIME : CLI_USAGE, "%s", err.message);
    return f;
}

int cli_log_read(const char *cmd, const char *path, fric_io_log *log)
{
    fric_io_error err;
    if (fric_io_log_read(path, log, &err))
        return cli_fail(err.code == FRIC_IO_MEMORY ? CLI_RUNTIME : CLI_USAGE, "%s%s%s", cmd ? cmd : "",
                        cmd ? ": " : "", err.message);
    cli_input(path);
    return CLI_OK;
}

/* ------------------------------------------------------------ outputs */

/* The folder of path ("." for a bare name) into dir[size]. */
static void folder_of(const char *path, char *dir, size_t size)
{
    const char *slash = strrchr(path, '/');
    if (!slash) snprintf(dir, size, ".");
    else if (slash == path) snprintf(dir, size, "/");
    else snprintf(dir, size, "%.*s", (int)(slash - path), path);
}

int cli_output_path(const char *cmd, const char *opt, const char *path)
{
    struct stat st, lst;
    int linked = lstat(path, &lst) == 0 && S_ISLNK(lst.st_mode);
    if (stat(path, &st) != 0) {
        if (linked)   /* a link to nothing: written through, it would make a file elsewhere */
            return cli_fail(CLI_USAGE, "%s: %s %s is a symbolic link to a file that does not exist (%s); "
                            "the tool writes through a link only to an existing regular file: name the "
                            "file itself.", cmd, opt, path, strerror(errno));
        char dir[4096];
        folder_of(path, dir, sizeof dir);
        if (access(dir, W_OK) != 0)
            return cli_fail(CLI_USAGE, "%s: %s %s cannot be created: its folder %s: %s; name a file in a "
                            "folder you can write.", cmd, opt, path, dir, strerror(errno));
        return CLI_OK;   /* new */
    }
    if (!S_ISREG(st.st_mode))
        return cli_fail(CLI_USAGE, "%s: %s %s is %s, which the tool never replaces or writes into; "
                        "name a new or a regular file.", cmd, opt, path,
                        fric_io_file_type((unsigned long)st.st_mode));
    for (int i = 0; i < n_inputs; i++)
        if (inputs[i].dev == st.st_dev && inputs[i].ino == st.st_ino)
            return strcmp(inputs[i].path, path) == 0
                   ? cli_fail(CLI_USAGE, "%s: %s %s is also an input of this command; the tool never "
                              "writes over its inputs: name another file.", cmd, opt, path)
                   : cli_fail(CLI_USAGE, "%s: %s %s is the same file as the input %s (a link or another "
                              "name); the tool never writes over its inputs: name another file.", cmd, opt,
                              path, inputs[i].path);
    /* a recorded log is data nothing can make again: `--out logs/ *.json`
     * (the pattern's first file taken as --out) must not replace one */
    fric_io_log log;
    fric_io_error err;
    int is_log = fric_io_log_read(path, &log, &err) == FRIC_OK;
    fric_io_log_destroy(&log);
    if (is_log)
        return cli_fail(CLI_USAGE, "%s: %s %s is a recorded log (the tool reads it as one), which the "
                        "tool never writes over; name a new file (did a pattern such as logs/*.json "
                        "follow %s?).", cmd, opt, path, opt);
    char real[4096], dir[4096];
    const char *target = path;
    if (linked && realpath(path, real)) target = real;
    folder_of(target, dir, sizeof dir);
    /* the file itself (written in place) and its folder (a temporary file
     * renamed onto it): both, for every writer */
    const char *denied = access(target, W_OK) != 0 ? target : access(dir, W_OK) != 0 ? dir : NULL;
    if (denied)
        return cli_fail(CLI_USAGE, "%s: %s %s cannot be replaced: %s%s: %s; name a file you can write.",
                        cmd, opt, path, denied == dir ? "its folder " : "", denied, strerror(errno));
    return CLI_OK;
}

FILE *cli_open_output(const char *cmd, const char *opt, const char *path, int *rc)
{
    *rc = cli_output_path(cmd, opt, path);
    if (*rc) return NULL;
    FILE *f = fopen(path, "w");   /* a symlink to a regular file: written through */
    if (!f) *rc = cli_fail(CLI_USAGE, "%s: cannot create %s %s: %s.", cmd, opt, path, strerror(errno));
    return f;
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
    /* a symlink (to a regular file: cli_output_path) is written through: the
     * file it names is replaced, the link stays, as every writer does */
    char *real = NULL;
    struct stat lst;
    if (lstat(path, &lst) == 0 && S_ISLNK(lst.st_mode) && (real = realpath(path, NULL))) path = real;
    size_t n = strlen(path);
    char *tmp = malloc(n + 8);
    if (!tmp) {
        free(real);
        return cli_fail(CLI_RUNTIME, "%s: out of memory.", cmd);
    }
    memcpy(tmp, path, n);
    memcpy(tmp + n, ".XXXXXX", 8);
    int fd = mkstemp(tmp);   /* O_CREAT | O_EXCL in path's directory: the rename stays on one file system */
    if (fd < 0) {
        rc = cli_fail(CLI_USAGE, "%s: cannot create %s: %s.", cmd, path, strerror(errno));
        free(tmp);
        free(real);
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
    free(real);
    return rc;
}

const char *cli_shown(const char *s)
{
    static char ring[4][4 * 4096 + 1];
    static int next;
    char *out = ring[next];
    next = (next + 1) % 4;
    size_t n = 0, cap = sizeof ring[0];
    for (; s && *s && n + 5 < cap; s++) {
        unsigned char c = (unsigned char)*s;
        if (c >= 0x20 && c != 0x7F) out[n++] = (char)c;
        else if (c == '\n') n += (size_t)snprintf(out + n, cap - n, "\\n");
        else if (c == '\r') n += (size_t)snprintf(out + n, cap - n, "\\r");
        else if (c == '\t') n += (size_t)snprintf(out + n, cap - n, "\\t");
        else n += (size_t)snprintf(out + n, cap - n, "\\x%02X", c);
    }
    out[n] = '\0';
    return out;
}
