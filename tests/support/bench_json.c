/*
 * bench_json.c: see bench_json.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_json.h"

static size_t skip_ws(const char *t, size_t i, size_t n)
{
    while (i < n && (t[i] == ' ' || t[i] == '\n' || t[i] == '\r' || t[i] == '\t')) i++;
    return i;
}

/* Index just past the string starting at t[i] == '"'. */
static size_t skip_string(const char *t, size_t i, size_t n)
{
    for (i++; i < n && t[i] != '"'; i++)
        if (t[i] == '\\') i++;
    return i < n ? i + 1 : n;
}

int bench_json_load(const char *path, bench_json_file *f)
{
    memset(f, 0, sizeof *f);
    FILE *fp = fopen(path, "rb");
    if (!fp) return 1;
    if (fseek(fp, 0, SEEK_END) != 0) { fclose(fp); return 1; }
    long sz = ftell(fp);
    if (sz < 0 || fseek(fp, 0, SEEK_SET) != 0) { fclose(fp); return 1; }
    f->text = malloc((size_t)sz + 1);
    if (!f->text) { fclose(fp); return 1; }
    f->len = fread(f->text, 1, (size_t)sz, fp);
    fclose(fp);
    f->text[f->len] = '\0';
    /* locate "entries": [ ... ] by bracket matching outside strings */
    const char *e = strstr(f->text, "\"entries\"");
    if (e) {
        size_t i = (size_t)(e - f->text) + 9;
        i = skip_ws(f->text, i, f->len);
        if (i < f->len && f->text[i] == ':') i = skip_ws(f->text, i + 1, f->len);
        if (i < f->len && f->text[i] == '[') {
            size_t b = i;
            int depth = 0;
            for (; i < f->len; i++) {
                char c = f->text[i];
                if (c == '"') { i = skip_string(f->text, i, f->len) - 1; continue; }
                if (c == '[' || c == '{') depth++;
                if (c == ']' || c == '}') {
                    depth--;
                    if (depth == 0) { i++; break; }
                }
            }
            f->ent_begin = b;
            f->ent_end = i;
        }
    }
    return 0;
}

void bench_json_free(bench_json_file *f)
{
    free(f->text);
    memset(f, 0, sizeof *f);
}

/* Walks the top-level object's members (skipping the entries array):
 * calls back with key span and value position. */
typedef int (*member_fn)(const char *key, size_t klen, const char *val, void *ctx);

static void walk(const bench_json_file *f, member_fn fn, void *ctx)
{
    const char *t = f->text;
    size_t n = f->len, i = skip_ws(t, 0, n);
    if (i >= n || t[i] != '{') return;
    i++;
    while (i < n) {
        i = skip_ws(t, i, n);
        if (i >= n || t[i] == '}') return;
        if (t[i] == ',') { i++; continue; }
        if (t[i] != '"') return;
        size_t k0 = i + 1, k1 = skip_string(t, i, n) - 1;
        i = skip_ws(t, k1 + 1, n);
        if (i >= n || t[i] != ':') return;
        i = skip_ws(t, i + 1, n);
        if (fn(t + k0, k1 - k0, t + i, ctx)) return;
        /* skip the value */
        if (i == f->ent_begin && f->ent_end) { i = f->ent_end; continue; }
        if (t[i] == '"') { i = skip_string(t, i, n); continue; }
        int depth = 0;
        for (; i < n; i++) {
            char c = t[i];
            if (c == '"') { i = skip_string(t, i, n) - 1; continue; }
            if (c == '[' || c == '{') depth++;
            else if (c == ']' || c == '}') { if (depth == 0) break; depth--; }
            else if (c == ',' && depth == 0) break;
        }
    }
}

typedef struct { const char *key; double v; char *buf; size_t n; int found; int idx, want; } find_ctx;

static int is_number_start(char c)
{
    return c == '-' || (c >= '0' && c <= '9');
}

static int find_num(const char *key, size_t klen, const char *val, void *vctx)
{
    find_ctx *c = vctx;
    if (strlen(c->key) != klen || strncmp(key, c->key, klen) != 0) return 0;
    if (is_number_start(*val)) { c->v = strtod(val, NULL); c->found = 1; }
    else c->found = -1;
    return 1;
}

int bench_json_num(const bench_json_file *f, const char *key, double *v)
{
    find_ctx c = { key, 0, NULL, 0, 0, 0, 0 };
    walk(f, find_num, &c);
    if (c.found == 1) *v = c.v;
    return c.found;
}

static int find_str(const char *key, size_t klen, const char *val, void *vctx)
{
    find_ctx *c = vctx;
    if (strlen(c->key) != klen || strncmp(key, c->key, klen) != 0) return 0;
    if (*val != '"') { c->found = -1; return 1; }
    size_t j = 0;
    for (val++; *val && *val != '"' && j + 1 < c->n; val++) c->buf[j++] = *val;
    c->buf[j] = '\0';
    c->found = 1;
    return 1;
}

int bench_json_str(const bench_json_file *f, const char *key, char *buf, size_t n)
{
    find_ctx c = { key, 0, buf, n, 0, 0, 0 };
    if (n) buf[0] = '\0';
    walk(f, find_str, &c);
    return c.found;
}

static int nth_num(const char *key, size_t klen, const char *val, void *vctx)
{
    find_ctx *c = vctx;
    if (!is_number_start(*val)) return 0;
    if (c->idx++ != c->want) return 0;
    size_t m = klen < c->n - 1 ? klen : c->n - 1;
    memcpy(c->buf, key, m);
    c->buf[m] = '\0';
    c->v = strtod(val, NULL);
    c->found = 1;
    return 1;
}

int bench_json_count_numbers(const bench_json_file *f)
{
    char buf[8];
    find_ctx c = { NULL, 0, buf, sizeof buf, 0, 0, -1 };
    walk(f, nth_num, &c);
    return c.idx;
}

int bench_json_number_key(const bench_json_file *f, int i, char *buf, size_t n, double *v)
{
    find_ctx c = { NULL, 0, buf, n, 0, 0, i };
    walk(f, nth_num, &c);
    if (c.found) *v = c.v;
    return c.found;
}

int bench_json_entries_read(const bench_json_file *f, bench_json_entries *e)
{
    memset(e, 0, sizeof *e);
    if (!f->ent_end) return 1;
    const char *t = f->text;
    size_t cap = 0;
    for (size_t i = f->ent_begin; i < f->ent_end; i++) {
        if (t[i] == '"') { i = skip_string(t, i, f->ent_end) - 1; continue; }
        if (t[i] == '{') cap++;
    }
    e->timestamp = calloc(cap ? cap : 1, sizeof(double));
    e->goal_position = calloc(cap ? cap : 1, sizeof(double));
    e->position = calloc(cap ? cap : 1, sizeof(double));
    e->speed = calloc(cap ? cap : 1, sizeof(double));
    e->torque_enable = calloc(cap ? cap : 1, sizeof(int));
    if (!e->timestamp || !e->goal_position || !e->position || !e->speed || !e->torque_enable) return 1;
    size_t i = f->ent_begin + 1;
    while (i < f->ent_end) {
        i = skip_ws(t, i, f->ent_end);
        if (t[i] == ',') { i++; continue; }
        if (t[i] != '{') break;
        size_t k = e->n++;
        i++;
        while (i < f->ent_end) {
            i = skip_ws(t, i, f->ent_end);
            if (t[i] == ',') { i++; continue; }
            if (t[i] == '}') { i++; break; }
            size_t k0 = i + 1, k1 = skip_string(t, i, f->ent_end) - 1;
            i = skip_ws(t, k1 + 1, f->ent_end) + 1;     /* past ':' */
            i = skip_ws(t, i, f->ent_end);
            double v = 0;
            if (strncmp(t + i, "true", 4) == 0) { v = 1; i += 4; }
            else if (strncmp(t + i, "false", 5) == 0) { v = 0; i += 5; }
            else { char *end; v = strtod(t + i, &end); i = (size_t)(end - t); }
            size_t kl = k1 - k0;
            const char *kk = t + k0;
            if (kl == 9 && !strncmp(kk, "timestamp", 9)) e->timestamp[k] = v;
            else if (kl == 13 && !strncmp(kk, "goal_position", 13)) e->goal_position[k] = v;
            else if (kl == 8 && !strncmp(kk, "position", 8)) e->position[k] = v;
            else if (kl == 5 && !strncmp(kk, "speed", 5)) e->speed[k] = v;
            else if (kl == 13 && !strncmp(kk, "torque_enable", 13)) e->torque_enable[k] = v != 0;
        }
    }
    return e->n == 0;
}

void bench_json_entries_free(bench_json_entries *e)
{
    free(e->timestamp);
    free(e->goal_position);
    free(e->position);
    free(e->speed);
    free(e->torque_enable);
    memset(e, 0, sizeof *e);
}

int bench_json_present(const char *path)
{
    bench_json_file f;
    if (bench_json_load(path, &f)) return 0;
    bench_json_free(&f);
    return 1;
}
