/*
 * bench_json.h: a tiny ad-hoc reader for the BAM data files the bench tests
 * read (../shared/data/bam): flat parameter objects and logs whose
 * "entries" array holds flat objects of numbers and booleans. Independent of
 * the code under test; not a general JSON parser.
 */
#ifndef BENCH_JSON_H
#define BENCH_JSON_H

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    char *text;
    size_t len;
    size_t ent_begin, ent_end;   /* the "entries" array [begin, end), or 0, 0 */
} bench_json_file;

/* 0 when the file was read; nonzero when it is absent or unreadable. */
int bench_json_load(const char *path, bench_json_file *f);
void bench_json_free(bench_json_file *f);

/* 1 when the data file at path can be read (the shared data is beside the
 * repository), else 0. */
int bench_json_present(const char *path);

/* In a cmocka test: skip, saying why ("missing shared data: …"), when the
 * shared data file `path` (in directory `dir`) is absent; under CI=true,
 * where the data is always beside the clone, fail instead. */
#define BENCH_SKIP_WITHOUT_DATA(path, dir)                                        \
    do {                                                                          \
        if (!bench_json_present(path)) {                                          \
            const char *ci_ = getenv("CI");                                       \
            if (ci_ && strcmp(ci_, "true") == 0)                                  \
                fail_msg("missing shared data: %s not found (CI=true: the "       \
                         "shared data must be beside the clone)", dir);           \
            print_message("SKIP: missing shared data: %s not found (run from "    \
                          "the repo root with ../shared/data beside it)\n", dir); \
            skip();                                                               \
        }                                                                         \
    } while (0)

/* A top-level key (outside "entries"): 1 and *v when it holds a number,
 * 0 when absent, -1 when present with another type. */
int bench_json_num(const bench_json_file *f, const char *key, double *v);
/* Same for a string value, copied into buf (size n). */
int bench_json_str(const bench_json_file *f, const char *key, char *buf, size_t n);

/* Number of top-level numeric keys (params files: every coefficient). */
int bench_json_count_numbers(const bench_json_file *f);
/* The name of the i-th top-level key holding a number; 0 when out of range. */
int bench_json_number_key(const bench_json_file *f, int i, char *buf, size_t n, double *v);

typedef struct {
    size_t n;
    double *timestamp, *goal_position, *position, *speed;
    int *torque_enable;
} bench_json_entries;

/* Reads the "entries" array (timestamp, goal_position, position, speed,
 * torque_enable; other keys ignored). 0 on success. */
int bench_json_entries_read(const bench_json_file *f, bench_json_entries *e);
void bench_json_entries_free(bench_json_entries *e);

#endif
