/*
 * io_json.c: the native JSON front end of io (fric_io.h), on Debian's cJSON
 * (libcjson-dev, -lcjson). It only turns a file into fric_io_log_raw or into
 * (key, kind, value) triples handed to a visitor (fric_io_params_walk); the
 * rules are io_log.c's and, for a params key, the caller's (the bench's
 * bench_params.c, io_params.c's refusals).
 * Not in the wasm build: there JSON.parse does this (wasm/friction.js).
 */
#define _POSIX_C_SOURCE 200809L   /* fstat, fdopen, O_CLOEXEC, pthread_once */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sys/stat.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "fric_io.h"
#include "fric_recording.h"
#include "io_internal.h"

static int file_error(fric_io_error *err, const char *what, const char *path, const char *why)
{
    err->code = FRIC_IO_FILE;
    err->field[0] = '\0';
    err->entry = -1;
    err->line = err->col = 0;
    snprintf(err->message, sizeof err->message, "%s %s: %s.", what, path, why);
    return FRIC_IO_FILE;
}

/* An allocation failed while reading the file: said as such (FRIC_IO_MEMORY,
 * FRIC_E_NO_MEMORY), never as a fault of the file. */
static int memory_error(fric_io_error *err, const char *what, const char *path)
{
    file_error(err, what, path, "");
    err->code = FRIC_IO_MEMORY;
    snprintf(err->message, sizeof err->message, "out of memory reading %s %s; free some memory "
             "or read fewer or smaller files at once.", what, path);
    return FRIC_IO_MEMORY;
}

/* cJSON allocates through json_alloc (cJSON_InitHooks, installed once per
 * process): it answers NULL both for a syntax error and for a failed
 * allocation, so a failed allocation is remembered for this thread and
 * parse() says "out of memory" instead of "not JSON". */
static _Thread_local int json_oom;
static void *json_alloc(size_t n)
{
    void *p = malloc(n);
    if (!p) json_oom = 1;
    return p;
}
static void json_hooks(void)
{
    cJSON_Hooks h = { json_alloc, free };
    cJSON_InitHooks(&h);
}
static pthread_once_t json_hooks_once = PTHREAD_ONCE_INIT;

const char *fric_io_file_type(unsigned long mode)
{
    const mode_t m = (mode_t)mode;
    return S_ISREG(m) ? "a regular file" : S_ISDIR(m) ? "a directory" : S_ISFIFO(m) ? "a named pipe"
         : S_ISCHR(m) ? "a character device" : S_ISBLK(m) ? "a block device"
         : S_ISSOCK(m) ? "a socket" : "not a regular file";
}

FILE *fric_io_open(const char *path, const char *source, fric_io_file_kind kind, int absent_ok,
                   unsigned long long *bytes, fric_io_error *err)
{
    const char *what = fric_io_file_kind_name(kind);
    if (!what) what = "file";
    if (!source) source = path;
    memset(err, 0, sizeof *err);
    err->entry = -1;
    /* O_NONBLOCK: opening a named pipe with no writer returns at once (a
     * blocking open waits for one for ever); cleared below for a file */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        file_error(err, what, source, strerror(errno));
        if (absent_ok) err->code = FRIC_IO_OK;
        return NULL;
    }
    struct stat st;
    if (fstat(fd, &st) != 0) {
        file_error(err, what, source, strerror(errno));
        close(fd);
        return NULL;
    }
    if (!S_ISREG(st.st_mode)) {
        /* a device passes any size check (st_size 0) and may never end
         * (/dev/zero), a named pipe may block for ever: neither is read */
        file_error(err, what, source, "");
        snprintf(err->message, sizeof err->message, "%s %s: %s, not a regular file; only regular "
                 "files are read (a device or a named pipe may block or never end): name the file "
                 "itself.", what, source, fric_io_file_type((unsigned long)st.st_mode));
        close(fd);
        return NULL;
    }
    if (fric_io_check_size(kind, (unsigned long long)st.st_size, source, err)) {
        close(fd);
        return NULL;
    }
    int fl = fcntl(fd, F_GETFL);
    FILE *f = fl >= 0 && fcntl(fd, F_SETFL, fl & ~O_NONBLOCK) == 0 ? fdopen(fd, "rb") : NULL;
    if (!f) {
        if (errno == ENOMEM) memory_error(err, what, source);
        else file_error(err, what, source, strerror(errno));
        close(fd);
        return NULL;
    }
    if (bytes) *bytes = (unsigned long long)st.st_size;
    return f;
}

/* The whole file as a NUL-terminated string (free it), or NULL with err:
 * opened by fric_io_open (a regular file within its kind's limit), read up
 * to the limit (a file that grew past it is refused there). */
static char *slurp(const char *path, const char *what, fric_io_file_kind kind, size_t *len,
                   fric_io_error *err)
{
    FILE *f = fric_io_open(path, NULL, kind, 0, NULL, err);
    if (!f) return NULL;
    const size_t max = (size_t)fric_io_max_bytes(kind);
    char *buf = NULL;
    size_t n = 0, cap = 0;
    /* bounded: the buffer doubles up to max + 2 bytes, and more than max
     * bytes read (a file that grew) is refused */
    for (;;) {
        if (n + 1 >= cap) {
            size_t nc = cap ? 2 * cap : 65536 * 2;
            if (nc > max + 2) nc = max + 2;
            cap = nc;
            char *b = realloc(buf, cap);
            if (!b) {
                memory_error(err, what, path);
                break;
            }
            buf = b;
        }
        size_t got = fread(buf + n, 1, cap - n - 1, f);
        n += got;
        if (n > max) {
            fric_io_check_size(kind, n, path, err);
            break;
        }
        if (got == 0) {
            if (ferror(f)) {
                file_error(err, what, path, strerror(errno ? errno : EIO));
                break;
            }
            fclose(f);
            buf[n] = '\0';
            *len = n;
            return buf;
        }
    }
    fclose(f);
    free(buf);
    return NULL;
}

/* How many arrays and objects are open at `at` (text is JSON up to it). */
static long depth_at(const char *text, const char *at)
{
    long depth = 0;
    int in_string = 0;
    for (const char *c = text; c < at; c++) {
        if (in_string) {
            if (*c == '\\' && c + 1 < at) c++;
            else if (*c == '"') in_string = 0;
        } else if (*c == '"') {
            in_string = 1;
        } else if (*c == '[' || *c == '{') {
            depth++;
        } else if (*c == ']' || *c == '}') {
            depth--;
        }
    }
    return depth;
}

/* Parses text; NULL with a syntax error naming path:line:col (cJSON's
 * nesting limit, CJSON_NESTING_LIMIT levels, said as such), or with one for
 * a string holding \u0000. */
static cJSON *parse(const char *text, size_t len, const char *what, const char *path,
                    fric_io_error *err)
{
    const char *end = NULL;
    pthread_once(&json_hooks_once, json_hooks);
    json_oom = 0;
    /* cJSON counts the terminating NUL in the length (as cJSON_ParseWithOpts). */
    cJSON *root = cJSON_ParseWithLengthOpts(text, len + 1, &end, 1);
    if (!root && json_oom) {
        memory_error(err, what, path);
        return NULL;
    }
    const char *at = end ? end : text;
    int nul = 0, ctl = 0;
    if (root) {
        /* What cJSON takes and strict JSON (RFC 8259, the page's JSON.parse)
         * refuses, found on the parsed text in one pass:
         * - a \u0000 in a string: cJSON ends the string there, so a name
         *   ("xl330\u0000junk") would be read cut, in silence;
         * - a control byte (< 0x20) other than space, tab, line feed and
         *   carriage return between tokens, or any unescaped one inside a
         *   string: cJSON skips every byte <= 0x20 as white space, the
         *   carried-key walker (skip_ws below) and JSON.parse do not, so a
         *   form feed before a key shifted the carried values. */
        int in_string = 0;
        for (at = text; at < text + len; at++) {
            unsigned char b = (unsigned char)*at;
            if (in_string && b == '\\') {
                if (at[1] == 'u' && strncmp(at + 2, "0000", 4) == 0) {
                    nul = 1;
                    break;
                }
                at++;
            } else if (b == '"') {
                in_string = !in_string;
            } else if (b < 0x20 && (in_string || (b != '\t' && b != '\n' && b != '\r'))) {
                ctl = 0x100 | b;
                break;
            }
        }
        if (at >= text + len) return root;
        cJSON_Delete(root);
    }
    long line = 1, col = 1;
    for (const char *c = text; c < at && c < text + len; c++) {
        if (*c == '\n') {
            line++;
            col = 1;
        } else {
            col++;
        }
    }
    err->code = FRIC_IO_SYNTAX;
    err->field[0] = '\0';
    err->entry = -1;
    err->line = line;
    err->col = col;
    if (nul)
        snprintf(err->message, sizeof err->message, "%s %s:%ld:%ld: a string holds \\u0000 (a "
                 "NUL character), which would cut it there; remove it.", what, path, line, col);
    else if (ctl)
        snprintf(err->message, sizeof err->message, "%s %s:%ld:%ld: not JSON: a control byte "
                 "0x%02X; JSON allows only space, tab, line feed and carriage return between "
                 "values and none unescaped in a string: remove it.", what, path, line, col, ctl & 0xFF);
    else if (at >= text + len)
        snprintf(err->message, sizeof err->message, "%s %s:%ld:%ld: not JSON: the text ends "
                 "before the document does (cut off?).", what, path, line, col);
    else if (*at == '\0')
        snprintf(err->message, sizeof err->message, "%s %s:%ld:%ld: not JSON: a NUL byte.",
                 what, path, line, col);
    else if ((*at == '[' || *at == '{') && depth_at(text, at) >= CJSON_NESTING_LIMIT)
        snprintf(err->message, sizeof err->message, "%s %s:%ld:%ld: arrays and objects nested "
                 "deeper than %d levels, the most read.", what, path, line, col,
                 CJSON_NESTING_LIMIT);
    else
        snprintf(err->message, sizeof err->message, "%s %s:%ld:%ld: not JSON: unexpected '%c'.",
                 what, path, line, col, *at);
    return NULL;
}

static fric_io_kind kind_of(const cJSON *v)
{
    if (!v) return FRIC_IO_ABSENT;
    if (cJSON_IsNumber(v)) return FRIC_IO_NUMBER;
    if (cJSON_IsBool(v)) return FRIC_IO_BOOL;
    if (cJSON_IsString(v)) return FRIC_IO_STRING;
    if (cJSON_IsArray(v)) return FRIC_IO_ARRAY;
    if (cJSON_IsObject(v)) return FRIC_IO_OBJECT;
    return FRIC_IO_NULL;
}

/* Index of key in the header (h = 1) or entry (h = 0) keys, −1 if none. */
static int key_index(const char *key, int h)
{
    int n = h ? FRIC_IO_H_COUNT : FRIC_IO_E_COUNT;
    for (int i = 0; i < n; i++)
        if (strcmp(key, h ? fric_io_log_header_key(i) : fric_io_log_entry_key(i)) == 0) return i;
    return -1;
}

typedef struct {
    unsigned char *entry_kind, *kind;
    double *value;
    int *te;
} log_storage;

void fric_io_log_destroy(fric_io_log *log)
{
    log_storage *s = log->storage_;
    if (s) {
        free(s->entry_kind);
        free(s->kind);
        free(s->value);
        free(s->te);
        free(s);
    }
    memset(log, 0, sizeof *log);
}

/* The JSON document of the file at path (what: "log" or "params", for the
 * messages), or NULL with *err saying why (slurp, parse). */
static cJSON *read_json(const char *path, const char *what, fric_io_file_kind kind,
                        fric_io_error *err)
{
    size_t len = 0;
    char *text = slurp(path, what, kind, &len, err);
    if (!text) return NULL;
    cJSON *root = parse(text, len, what, path, err);
    free(text);
    return root;
}

fric_status fric_io_log_read(const char *path, fric_io_log *log, fric_io_error *err)
{
    memset(log, 0, sizeof *log);
    cJSON *root = read_json(path, "log", FRIC_IO_KIND_LOG, err);
    if (!root) return (int)fric__io_status(err, 0, -1);

    fric_io_log_raw raw;
    memset(&raw, 0, sizeof raw);
    raw.root = kind_of(root);
    raw.unknown_entry = -1;
    const cJSON *entries = NULL;
    if (raw.root == FRIC_IO_OBJECT) {
        for (const cJSON *m = root->child; m; m = m->next) {
            int i = key_index(m->string, 1);
            if (i < 0) {
                if (!raw.unknown_key) raw.unknown_key = m->string;
                continue;
            }
            raw.head_kind[i] = (unsigned char)kind_of(m);
            if (i < FRIC_IO_H_MOTOR && cJSON_IsNumber(m)) raw.head[i] = m->valuedouble;
            if (i == FRIC_IO_H_MOTOR && cJSON_IsString(m)) raw.motor = m->valuestring;
            if (i == FRIC_IO_H_TRAJECTORY && cJSON_IsString(m)) raw.trajectory = m->valuestring;
            if (i == FRIC_IO_H_ENTRIES && cJSON_IsArray(m)) entries = m;
        }
    }
    size_t n = entries ? (size_t)cJSON_GetArraySize(entries) : 0;
    log_storage *s = calloc(1, sizeof *s);
    size_t cells = (size_t)FRIC_IO_E_COUNT * (n ? n : 1);
    if (s) {
        s->entry_kind = calloc(n ? n : 1, 1);
        s->kind = calloc(cells, 1);
        s->value = malloc(cells * sizeof *s->value);
        s->te = calloc(n ? n : 1, sizeof *s->te);
    }
    if (!s || !s->entry_kind || !s->kind || !s->value || !s->te) {
        log->storage_ = s;
        fric_io_log_destroy(log);
        cJSON_Delete(root);
        memory_error(err, "log", path);
        return (int)fric__io_status(err, 0, -1);
    }
    size_t e = 0;
    for (const cJSON *x = entries ? entries->child : NULL; x; x = x->next, e++) {
        s->entry_kind[e] = (unsigned char)kind_of(x);
        for (int f = 0; f < FRIC_IO_E_COUNT; f++)
            s->value[(size_t)f * n + e] = f == FRIC_IO_E_VOLTS ? NAN : 0;
        if (!cJSON_IsObject(x)) continue;
        for (const cJSON *m = x->child; m; m = m->next) {
            int f = key_index(m->string, 0);
            if (f < 0) {
                if (!raw.unknown_key) {
                    raw.unknown_key = m->string;
                    raw.unknown_entry = (long)e;
                }
                continue;
            }
            s->kind[(size_t)f * n + e] = (unsigned char)kind_of(m);
            if (cJSON_IsNumber(m)) s->value[(size_t)f * n + e] = m->valuedouble;
            else if (cJSON_IsBool(m)) s->value[(size_t)f * n + e] = cJSON_IsTrue(m);
        }
    }
    raw.n = n;
    raw.entry_kind = s->entry_kind;
    raw.kind = s->kind;
    raw.value = s->value;
    int rc = fric_io_log_create_from_raw(&raw, s->te, path, log, err);
    log->storage_ = s;      /* from_raw cleared log; the views point into s */
    cJSON_Delete(root);     /* motor and trajectory were copied */
    if (rc) fric_io_log_destroy(log);
    return rc;
}

/* The raw text of a JSON document (valid: cJSON parsed it), scanned for the
 * spans of the top-level object's values in member order, as cJSON lists
 * them: a carried key keeps the file's own spelling of its value. */
static const char *skip_ws(const char *s, const char *e)
{
    while (s < e && (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')) s++;
    return s;
}

static const char *skip_string(const char *s, const char *e)   /* s at '"' */
{
    for (s++; s < e && *s != '"'; s++)
        if (*s == '\\') s++;
    return s < e ? s + 1 : e;
}

static const char *skip_value(const char *s, const char *e)
{
    if (s < e && *s == '"') return skip_string(s, e);
    if (s < e && (*s == '{' || *s == '[')) {
        int depth = 0;
        while (s < e) {
            if (*s == '"') {
                s = skip_string(s, e);
                continue;
            }
            if (*s == '{' || *s == '[') depth++;
            else if ((*s == '}' || *s == ']') && --depth == 0) return s + 1;
            s++;
        }
        return e;
    }
    while (s < e && !strchr(",}] \t\r\n", *s)) s++;
    return s;
}

/* The value span [s, e) without the white space outside its strings into
 * out[cap], whole when it has at most cap − 2 characters; a longer one is
 * cut at cap − 1 characters, one more than such a value has, so that
 * fric_io_params_carry_add (cap = FRIC_IO_CARRY_VALUE_LEN + 1) refuses it
 * by its length and never carries a cut value. */
static void compact(const char *s, const char *e, char *out, size_t cap)
{
    size_t n = 0;
    int in_string = 0;
    for (; s < e && n + 1 < cap; s++) {
        if (in_string) {
            if (*s == '\\' && s + 1 < e && n + 2 < cap) out[n++] = *s++;
            else if (*s == '"') in_string = 0;
        } else if (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r') {
            continue;
        } else if (*s == '"') {
            in_string = 1;
        }
        out[n++] = *s;
    }
    out[n] = '\0';
}

fric_status fric_io_params_walk(const char *path, fric_io_params_carry *carry,
                                fric_io_params_visit visit, void *ctx, fric_io_error *err)
{
    size_t len = 0;
    char *text = slurp(path, "params", FRIC_IO_KIND_PARAMS, &len, err);
    if (!text) return (int)fric__io_status(err, 1, -1);
    cJSON *root = parse(text, len, "params", path, err);
    if (!root) {
        free(text);
        return (int)fric__io_status(err, 1, -1);
    }
    fric_io_params_carry_clear(carry);
    int rc = 0;
    if (!cJSON_IsObject(root)) {
        static const char *const names[] = { "nothing", "a number", "true/false", "a string",
                                             "an array", "an object", "null" };
        err->code = FRIC_IO_NOT_OBJECT;
        err->field[0] = '\0';
        err->entry = -1;
        err->line = err->col = 0;
        snprintf(err->message, sizeof err->message, "params %s: expected one JSON object "
                 "{\"name\": value, ...}, found %s.", path, names[kind_of(root)]);
        rc = (int)fric__io_status(err, 1, -1);
    }
    const char *e = text + len, *at = rc ? e : text;
    at = skip_ws(at, e);
    if (at < e) at++;                                         /* '{' */
    for (const cJSON *m = rc ? NULL : root->child; m && !rc; m = m->next) {
        /* this member's span: "key" ws ':' ws value ws [','] */
        at = skip_string(skip_ws(at, e), e);
        at = skip_ws(at, e);
        if (at < e) at++;                                     /* ':' */
        const char *v = skip_ws(at, e);
        at = skip_value(v, e);
        char json[FRIC_IO_CARRY_VALUE_LEN + 1];   /* compact: a value too long stays too long */
        compact(v, at, json, sizeof json);
        at = skip_ws(at, e);
        if (at < e && *at == ',') at++;
        rc = visit(ctx, m->string, kind_of(m), cJSON_IsNumber(m) ? m->valuedouble : 0,
                   cJSON_IsString(m) ? m->valuestring : NULL, json, path, err);
    }
    cJSON_Delete(root);
    free(text);
    return rc;
}

/* ------------------------------------------------------- sensitivity file */
/* bam's <params>_sensitivity.json (Rhoban/bam bam/sensitivity.py; the
 * shared example ../shared/data/bam/params/xl330/m4_sensitivity.example.json;
 * the writer is io_sensitivity.c's). */

/* Fills err for a sensitivity file (the key at fault) and returns its status. */
static int sens_error(fric_io_error *err, fric_io_code code, const char *path, const char *field,
                      const char *text)
{
    err->code = code;
    snprintf(err->field, sizeof err->field, "%s", field);
    err->entry = -1;
    err->line = err->col = 0;
    snprintf(err->message, sizeof err->message, "sensitivity %s: %s%s%s%s", path,
             *field ? "key \"" : "", field, *field ? "\": " : "", text);
    return (int)fric__io_status(err, 1, -1);
}

/* A finite number member of o, or the error. */
static int sens_number(const cJSON *o, const char *key, double *v, const char *path,
                       fric_io_error *err)
{
    const cJSON *m = cJSON_GetObjectItemCaseSensitive(o, key);
    if (!m) return sens_error(err, FRIC_IO_MISSING, path, key, "missing; bam's file has it.");
    if (!cJSON_IsNumber(m)) return sens_error(err, FRIC_IO_TYPE, path, key, "must be a number.");
    if (!isfinite(m->valuedouble))
        return sens_error(err, FRIC_IO_RANGE, path, key, "must be a finite number.");
    *v = m->valuedouble;
    return 0;
}

/* A string member of o copied into buf[size], or the error. */
static int sens_string(const cJSON *o, const char *key, char *buf, size_t size, const char *path,
                       fric_io_error *err)
{
    const cJSON *m = cJSON_GetObjectItemCaseSensitive(o, key);
    if (!m) return sens_error(err, FRIC_IO_MISSING, path, key, "missing; bam's file has it.");
    if (!cJSON_IsString(m)) return sens_error(err, FRIC_IO_TYPE, path, key, "must be a string.");
    if (strlen(m->valuestring) >= size) {
        char text[80];
        snprintf(text, sizeof text, "longer than %zu bytes, the longest read.", size - 1);
        return sens_error(err, FRIC_IO_RANGE, path, key, text);
    }
    snprintf(buf, size, "%s", m->valuestring);
    return 0;
}

/* Every member of o is one of keys[0..n−1], or the error. */
static int sens_known(const cJSON *o, const char *const *keys, int n, const char *path,
                      fric_io_error *err)
{
    for (const cJSON *m = o->child; m; m = m->next) {
        int known = 0;
        for (int k = 0; k < n; k++) known |= strcmp(m->string, keys[k]) == 0;
        if (!known)
            return sens_error(err, FRIC_IO_UNKNOWN_KEY, path, m->string, "not a key of bam's "
                              "sensitivity file; remove it.");
    }
    return 0;
}

static int sens_parse(const cJSON *root, const char *path, fric_io_sensitivity_read_buf *r,
                      fric_io_error *err)
{
    static const char *const top[] = { "model", "actuator", "params", "logdir", "base_mae",
                                       "tolerance", "threshold_mae", "sensitivity" };
    static const char *const sub[] = { "value", "lower", "upper", "lower_clamped",
                                       "upper_clamped" };
    fric_io_sensitivity *f = &r->f;
    if (!cJSON_IsObject(root))
        return sens_error(err, FRIC_IO_NOT_OBJECT, path, "", "expected one JSON object.");
    int rc = sens_known(root, top, 8, path, err);
    if (!rc) rc = sens_string(root, "model", r->model, sizeof r->model, path, err);
    if (!rc) rc = sens_string(root, "actuator", r->actuator, sizeof r->actuator, path, err);
    if (!rc) rc = sens_string(root, "params", r->params_path, sizeof r->params_path, path, err);
    if (!rc) rc = sens_string(root, "logdir", r->logdir, sizeof r->logdir, path, err);
    if (!rc) rc = sens_number(root, "base_mae", &f->base_mae, path, err);
    if (!rc) rc = sens_number(root, "tolerance", &f->tolerance, path, err);
    if (!rc) rc = sens_number(root, "threshold_mae", &f->threshold_mae, path, err);
    if (rc) return rc;
    const cJSON *s = cJSON_GetObjectItemCaseSensitive(root, "sensitivity");
    if (!s) return sens_error(err, FRIC_IO_MISSING, path, "sensitivity", "missing; bam's file "
                              "has it.");
    if (!cJSON_IsObject(s))
        return sens_error(err, FRIC_IO_TYPE, path, "sensitivity", "must be an object "
                          "{\"<parameter>\": {value, lower, upper, ...}}.");
    for (const cJSON *e = s->child; e; e = e->next) {
        if (f->n >= FRIC_IO_SENS_MAX) {
            char text[80];
            snprintf(text, sizeof text, "more than %d parameters, the most read.",
                     FRIC_IO_SENS_MAX);
            return sens_error(err, FRIC_IO_RANGE, path, "sensitivity", text);
        }
        fric_io_sensitivity_param *x = &r->param[f->n];
        char *name = r->name[f->n];
        if (!*e->string || strlen(e->string) >= FRIC_IO_SENS_NAME_LEN)
            return sens_error(err, FRIC_IO_RANGE, path, e->string, "a parameter key must have "
                              "1 to 39 characters.");
        if (!cJSON_IsObject(e))
            return sens_error(err, FRIC_IO_TYPE, path, e->string, "must be an object {value, "
                              "lower, upper, lower_clamped, upper_clamped}.");
        snprintf(name, FRIC_IO_SENS_NAME_LEN, "%s", e->string);
        x->name = name;
        rc = sens_known(e, sub, 5, path, err);
        if (!rc) rc = sens_number(e, "value", &x->value, path, err);
        if (!rc) rc = sens_number(e, "lower", &x->lower, path, err);
        if (!rc) rc = sens_number(e, "upper", &x->upper, path, err);
        for (int k = 0; k < 2 && !rc; k++) {
            const cJSON *b = cJSON_GetObjectItemCaseSensitive(e, sub[3 + k]);
            if (!b) rc = sens_error(err, FRIC_IO_MISSING, path, sub[3 + k], "missing; bam's file "
                                    "has it.");
            else if (!cJSON_IsBool(b))
                rc = sens_error(err, FRIC_IO_TYPE, path, sub[3 + k], "must be true or false.");
            else if (k == 0) x->lower_clamped = cJSON_IsTrue(b);
            else x->upper_clamped = cJSON_IsTrue(b);
        }
        if (rc) return rc;
        f->n++;
    }
    return 0;
}

fric_status fric_io_sensitivity_read(const char *path, fric_io_sensitivity_read_buf *r,
                                     fric_io_error *err)
{
    memset(r, 0, sizeof *r);
    r->f.model = r->model;
    r->f.actuator = r->actuator;
    r->f.params_path = r->params_path;
    r->f.logdir = r->logdir;
    r->f.param = r->param;
    cJSON *root = read_json(path, "sensitivity", FRIC_IO_KIND_SENSITIVITY, err);
    if (!root) return (int)fric__io_status(err, 1, -1);
    int rc = sens_parse(root, path, r, err);
    cJSON_Delete(root);
    return rc;
}

/* ------------------------------------------------- a recording's CSV */

fric_status fric_recording_read(const char *path, fric_recording *r, fric_recording_info *info,
                                fric_io_error *err)
{
    if (r) memset(r, 0, sizeof *r);
    fric_io_error local;
    if (!err) err = &local;
    memset(err, 0, sizeof *err);
    size_t len = 0;
    char *text = path ? slurp(path, "recording", FRIC_IO_KIND_RECORDING, &len, err) : NULL;
    if (!text) {
        if (!path) file_error(err, "recording", "(none)", "no path given");
        return fric__io_status(err, 0, -1);
    }
    fric_status st = fric_recording_create_from_csv(text, len, path, r, info, err);
    free(text);
    return st;
}
