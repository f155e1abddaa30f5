/*
 * test_io_size.c: the size limits of the files io reads (fric_io.h, "file
 * sizes": fric_io_check_size, at every door) and the bench's check of a
 * log's header (fric_bench_log_check, the CLI's and the page's).
 *
 * References, independent of the code: the limits as the issue states them
 * (1 MiB = 2^20 = 1048576 bytes for a params or sensitivity file, 32 MiB =
 * 2^25 = 33554432 bytes for a log), the sizes of the real files of
 * ../shared/data (each at least 100 times under its limit: the "wide
 * margin"), and the bench's mass range as `friction run bench` states it
 * (0.001 … 50 kg). Files at and one byte over a limit are made here: a
 * real file padded with white space (valid JSON: read before the limits
 * existed, so the test fails without them) and sparse files (truncate).
 */
#define _POSIX_C_SOURCE 200809L
#include "test_main.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bench_logs.h"
#include "fric_bench.h"
#include "fric_io.h"
#include "fric_scenario.h"

#define PARAMS_MAX 1048576ULL   /* 1 MiB */
#define LOG_MAX 33554432ULL     /* 32 MiB */
#define SHARED "../shared/data/bam"
#define M4 SHARED "/params/xl330/m4.json"
#define LOG0 SHARED "/logs/xl330/raw/2026-01-15_10h28m49.json"

static void limits_as_stated(void **state)
{
    (void)state;
    assert_true(FRIC_IO_MAX_PARAMS_BYTES == PARAMS_MAX);
    assert_true(FRIC_IO_MAX_LOG_BYTES == LOG_MAX);
    assert_true(fric_io_max_bytes(FRIC_IO_KIND_PARAMS) == PARAMS_MAX);
    assert_true(fric_io_max_bytes(FRIC_IO_KIND_SENSITIVITY) == PARAMS_MAX);
    assert_true(fric_io_max_bytes(FRIC_IO_KIND_LOG) == LOG_MAX);
    assert_true(fric_io_max_bytes(FRIC_IO_KIND_COUNT) == 0);
    fric_io_error err;
    /* at the limit: taken; one byte more: one sentence naming the file, its
     * size, the limit and what to do */
    assert_int_equal(fric_io_check_size(FRIC_IO_KIND_PARAMS, PARAMS_MAX, "p.json", &err), FRIC_OK);
    assert_int_equal(fric_io_check_size(FRIC_IO_KIND_LOG, LOG_MAX, "l.json", &err), FRIC_OK);
    assert_int_equal(fric_io_check_size(FRIC_IO_KIND_PARAMS, 104857600, "big.json", &err), FRIC_E_FILE);
    assert_int_equal(err.code, FRIC_IO_FILE);
    assert_string_equal(err.message, "params big.json: the file is 100.0 MiB (104857600 bytes); a params "
                        "file is read up to 1 MiB (1048576 bytes): a params file is a few kB, so this is not one.");
    assert_string_equal(fric_status_last().message, err.message);
    assert_int_equal(fric_io_check_size(FRIC_IO_KIND_LOG, LOG_MAX + 1, "l.json", NULL), FRIC_E_FILE);
    assert_string_equal(fric_status_last().message, "log l.json: the file is 32.0 MiB (33554433 bytes); a log file "
                        "is read up to 32 MiB (33554432 bytes): split the recording into shorter logs.");
    assert_int_equal(fric_io_check_size(FRIC_IO_KIND_SENSITIVITY, PARAMS_MAX + 1, "s.json", &err), FRIC_E_FILE);
    assert_non_null(strstr(err.message, "sensitivity s.json: "));
    /* a robot's files: an MJCF text 32 MiB (FRIC_MJCF_MAX_BYTES),
     * an asset 32 MiB, the files together 64 MiB; at the limit taken, one
     * byte more refused in one sentence naming the file, size and limit */
    assert_true(fric_io_max_bytes(FRIC_IO_KIND_MJCF) == 33554432ULL);
    assert_true(fric_io_max_bytes(FRIC_IO_KIND_ASSET) == 33554432ULL);
    assert_true(fric_io_max_bytes(FRIC_IO_KIND_ROBOT) == 67108864ULL);
    assert_int_equal(fric_io_check_size(FRIC_IO_KIND_MJCF, 33554432ULL, "a.xml", &err), FRIC_OK);
    assert_int_equal(fric_io_check_size(FRIC_IO_KIND_ASSET, 33554432ULL, "m.stl", &err), FRIC_OK);
    assert_int_equal(fric_io_check_size(FRIC_IO_KIND_ROBOT, 67108864ULL, "r.xml", &err), FRIC_OK);
    assert_int_equal(fric_io_check_size(FRIC_IO_KIND_MJCF, 33554433ULL, "inc/a.xml", &err), FRIC_E_FILE);
    assert_string_equal(err.message, "MJCF inc/a.xml: the file is 32.0 MiB (33554433 bytes); an MJCF file is read "
                        "up to 32 MiB (33554432 bytes): meshes and heightfields belong in their own files.");
    assert_int_equal(fric_io_check_size(FRIC_IO_KIND_ASSET, 33554433ULL, "m.stl", &err), FRIC_E_FILE);
    assert_string_equal(err.message, "asset m.stl: the file is 32.0 MiB (33554433 bytes); a mesh, texture or other "
                        "asset is read up to 32 MiB (33554432 bytes): the SO-101's largest mesh is 2.7 MB; "
                        "simplify the mesh.");
    assert_int_equal(fric_io_check_size(FRIC_IO_KIND_ROBOT, 67108865ULL, "r.xml", &err), FRIC_E_FILE);
    assert_string_equal(err.message, "robot r.xml: the files the MJCF names (its includes and their assets) are "
                        "together 64.0 MiB (67108865 bytes); a robot's files are read up to 64 MiB (67108864 bytes): "
                        "the SO-101's are 15.4 MB; leave out what the MJCF does not need.");
    assert_int_equal(fric_io_check_size(FRIC_IO_KIND_COUNT, 1, "x", &err), FRIC_E_PARAM_RANGE);
}

/* The largest regular file under dir whose path contains part [bytes]. */
static long long largest(const char *dir, const char *part, char *which, size_t cap)
{
    long long best = 0;
    DIR *d = opendir(dir);
    if (!d) return -1;
    for (struct dirent *e; (e = readdir(d));) {
        if (e->d_name[0] == '.') continue;
        char p[1024];
        snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
        struct stat st;
        if (stat(p, &st) != 0) continue;
        char sub[1024] = "";
        long long n = S_ISDIR(st.st_mode) ? largest(p, part, sub, sizeof sub)
                    : strstr(p, part) && strstr(p, ".json") ? (long long)st.st_size : 0;
        if (n > best) {
            best = n;
            snprintf(which, cap, "%s", S_ISDIR(st.st_mode) ? sub : p);
        }
    }
    closedir(d);
    return best;
}

static void real_files_far_below(void **state)
{
    (void)state;
    char which[1024] = "";
    long long params = largest(SHARED "/params", "/params/", which, sizeof which);
    if (params < 0) skip();
    printf("largest params file: %s, %lld bytes\n", which, params);
    long long logs = largest(SHARED "/logs", "/logs/", which, sizeof which);
    printf("largest log: %s, %lld bytes\n", which, logs);
    assert_true(params > 0 && logs > 0);
    assert_true((unsigned long long)params * 100 <= FRIC_IO_MAX_PARAMS_BYTES);
    assert_true((unsigned long long)logs * 100 <= FRIC_IO_MAX_LOG_BYTES);
}

/* Writes src followed by white space to dst, size bytes in all. */
static void padded(const char *src, const char *dst, unsigned long long size)
{
    FILE *in = fopen(src, "rb"), *out = fopen(dst, "wb");
    assert_non_null(in);
    assert_non_null(out);
    char buf[65536];
    unsigned long long n = 0;
    for (size_t got; (got = fread(buf, 1, sizeof buf, in)) > 0; n += got) fwrite(buf, 1, got, out);
    fclose(in);
    memset(buf, ' ', sizeof buf);
    while (n < size) {
        size_t k = size - n < sizeof buf ? (size_t)(size - n) : sizeof buf;
        fwrite(buf, 1, k, out);
        n += k;
    }
    assert_int_equal(fclose(out), 0);
}

static void sparse(const char *path, long long size)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    fclose(f);
    assert_int_equal(truncate(path, size), 0);
}

static void readers_refuse_by_size(void **state)
{
    (void)state;
    if (access(M4, R_OK) != 0 || access(LOG0, R_OK) != 0) skip();
    /* the process's own names: the plain and ASan+UBSan builds run side by side */
    char p[64], l[64];
    snprintf(p, sizeof p, "build/io-size-params-%ld.json", (long)getpid());
    snprintf(l, sizeof l, "build/io-size-log-%ld.json", (long)getpid());
    const fric_scenario *bench = fric_scenario_find("bench");
    double x[FRIC_SCENARIO_MAX_PARAMS];
    fric_io_error err;
    /* a real params file padded to the limit: read; one byte more: refused */
    padded(M4, p, PARAMS_MAX);
    fric_scenario_defaults(bench, x);
    assert_int_equal(fric_io_params_read(p, bench, x, &err), FRIC_OK);
    padded(M4, p, PARAMS_MAX + 1);
    assert_int_equal(fric_io_params_read(p, bench, x, &err), FRIC_E_FILE);
    assert_int_equal(err.code, FRIC_IO_FILE);
    assert_non_null(strstr(err.message, "(1048577 bytes)"));
    assert_non_null(strstr(err.message, "up to 1 MiB (1048576 bytes)"));
    /* 100 MB (sparse): the same sentence, nothing read */
    sparse(p, 100000000);
    assert_int_equal(fric_io_params_walk(p, NULL, NULL, NULL, &err), FRIC_E_FILE);
    assert_non_null(strstr(err.message, "(100000000 bytes)"));
    static fric_io_sensitivity_read_buf rb;
    assert_int_equal(fric_io_sensitivity_read(p, &rb, &err), FRIC_E_FILE);
    assert_non_null(strstr(err.message, "sensitivity "));
    assert_non_null(strstr(err.message, "(100000000 bytes)"));
    /* a real log padded to its limit: read; one byte more: refused */
    fric_io_log L;
    padded(LOG0, l, LOG_MAX);
    assert_int_equal(fric_io_log_read(l, &L, &err), FRIC_OK);
    fric_io_log_destroy(&L);
    padded(LOG0, l, LOG_MAX + 1);
    assert_int_equal(fric_io_log_read(l, &L, &err), FRIC_E_FILE);
    fric_io_log_destroy(&L);
    assert_non_null(strstr(err.message, "(33554433 bytes)"));
    assert_non_null(strstr(err.message, "up to 32 MiB (33554432 bytes)"));
    remove(p);
    remove(l);
}

/* Only regular files are read (fric_io_open, every native reader): a
 * character device passes any size check (st_size 0) and /dev/zero never
 * ends; a named pipe with no writer blocked a plain open for ever. Each is
 * refused at once, FRIC_E_FILE, the sentence naming what it is; a file
 * that is not there is the caller's to name when absent_ok says so. */
static void readers_refuse_what_is_not_a_file(void **state)
{
    (void)state;
    char fifo[64];
    snprintf(fifo, sizeof fifo, "build/io-fifo-%ld.json", (long)getpid());
    remove(fifo);
    assert_int_equal(mkfifo(fifo, 0600), 0);
    fric_io_error err;
    fric_io_log L;
    static fric_io_sensitivity_read_buf rb;
    const struct { const char *path, *what; } cases[] = {
        { "/dev/zero", ": a character device, not a regular file" },
        { fifo, ": a named pipe, not a regular file" },
        { "build", ": a directory, not a regular file" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        assert_int_equal(fric_io_log_read(cases[i].path, &L, &err), FRIC_E_FILE);
        fric_io_log_destroy(&L);
        assert_int_equal(err.code, FRIC_IO_FILE);
        assert_non_null(strstr(err.message, cases[i].what));
        assert_true(strncmp(err.message, "log ", 4) == 0);
        assert_int_equal(fric_io_params_walk(cases[i].path, NULL, NULL, NULL, &err), FRIC_E_FILE);
        assert_non_null(strstr(err.message, cases[i].what));
        assert_int_equal(fric_io_sensitivity_read(cases[i].path, &rb, &err), FRIC_E_FILE);
        assert_non_null(strstr(err.message, cases[i].what));
        unsigned long long bytes = 1;
        assert_null(fric_io_open(cases[i].path, "mesh.obj", FRIC_IO_KIND_ASSET, 1, &bytes, &err));
        assert_non_null(strstr(err.message, "asset mesh.obj"));
        assert_non_null(strstr(err.message, cases[i].what));
    }
    /* not there: FRIC_IO_OK with absent_ok (left to the caller), else FRIC_IO_FILE */
    assert_null(fric_io_open("build/no-such-file.xml", NULL, FRIC_IO_KIND_MJCF, 1, NULL, &err));
    assert_int_equal(err.code, FRIC_IO_OK);
    assert_null(fric_io_open("build/no-such-file.xml", NULL, FRIC_IO_KIND_MJCF, 0, NULL, &err));
    assert_int_equal(err.code, FRIC_IO_FILE);
    /* a regular file: opened, its size given (the file's, stat) */
    if (access(M4, R_OK) == 0) {
        struct stat st;
        assert_int_equal(stat(M4, &st), 0);
        unsigned long long bytes = 0;
        FILE *f = fric_io_open(M4, NULL, FRIC_IO_KIND_PARAMS, 0, &bytes, &err);
        assert_non_null(f);
        assert_true(bytes == (unsigned long long)st.st_size);
        assert_int_equal(fgetc(f), '{');
        fclose(f);
    }
    remove(fifo);
}

static void log_header_in_bench_ranges(void **state)
{
    (void)state;
    bench_small_log s;
    bench_small_log_make(&s);
    fric_io_error err;
    assert_int_equal(fric_bench_log_check(&s.log, "x.json", &err), FRIC_OK);
    s.log.mass = 50;        /* the bench's heaviest load */
    assert_int_equal(fric_bench_log_check(&s.log, "x.json", &err), FRIC_OK);
    s.log.mass = 1e308;
    assert_int_equal(fric_bench_log_check(&s.log, "x.json", &err), FRIC_E_LOG_INVALID);
    assert_int_equal(err.code, FRIC_IO_RANGE);
    assert_string_equal(err.field, "mass");
    assert_int_equal(err.entry, -1);
    assert_string_equal(err.message, "log x.json: \"mass\" = 1e+308 must be in [0.001, 50] kg (the bench's range).");
    assert_int_equal(fric_status_last().code, FRIC_E_LOG_INVALID);
    s.log.mass = 0.0005;    /* under 1 g */
    assert_int_equal(fric_bench_log_check(&s.log, "x.json", NULL), FRIC_E_LOG_INVALID);
    s.log.mass = 0.5;
    s.log.dt = 2;           /* the bench's step: at most 0.01 s */
    assert_int_equal(fric_bench_log_check(&s.log, "x.json", &err), FRIC_E_LOG_INVALID);
    assert_string_equal(err.field, "dt");
    assert_int_equal(fric_bench_log_check(NULL, "x.json", &err), FRIC_E_NULL);
}

FRIC_TEST_MAIN(cmocka_unit_test(limits_as_stated),
               cmocka_unit_test(real_files_far_below),
               cmocka_unit_test(readers_refuse_by_size),
               cmocka_unit_test(readers_refuse_what_is_not_a_file),
               cmocka_unit_test(log_header_in_bench_ranges))
