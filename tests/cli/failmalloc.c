/*
 * failmalloc.c: an LD_PRELOAD library for tests/cli/inputs.sh (glibc only,
 * the optimised build: ASan's allocator cannot be preloaded over). With
 * FAILMALLOC_NTH=N in the environment, the N-th call (from 1) of malloc,
 * calloc or realloc in the process fails (NULL, errno ENOMEM), once; every
 * other call is glibc's own (__libc_malloc, ...). FAILMALLOC_NTH unset or 0:
 * nothing fails, and with FAILMALLOC_COUNT set the number of calls is
 * written to stderr at exit ("failmalloc: N calls"), the range to sweep.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void *__libc_malloc(size_t n);
void *__libc_calloc(size_t n, size_t size);
void *__libc_realloc(void *p, size_t n);
void *malloc(size_t n);
void *calloc(size_t n, size_t size);
void *realloc(void *p, size_t n);

static long nth = -1;   /* −1: not read yet */
static long calls;

static int fail_now(void)
{
    if (nth < 0) {
        const char *e = getenv("FAILMALLOC_NTH");   /* getenv does not allocate */
        long v = 0;
        for (; e && *e >= '0' && *e <= '9'; e++) v = 10 * v + (*e - '0');
        nth = v;
    }
    return ++calls == nth;
}

void *malloc(size_t n)
{
    if (fail_now()) { errno = ENOMEM; return NULL; }
    return __libc_malloc(n);
}

void *calloc(size_t n, size_t size)
{
    if (fail_now()) { errno = ENOMEM; return NULL; }
    return __libc_calloc(n, size);
}

void *realloc(void *p, size_t n)
{
    if (fail_now()) { errno = ENOMEM; return NULL; }
    return __libc_realloc(p, n);
}

__attribute__((destructor)) static void report(void)
{
    if (!getenv("FAILMALLOC_COUNT")) return;
    char line[64];
    int k = snprintf(line, sizeof line, "failmalloc: %ld calls\n", calls);
    if (k > 0 && write(2, line, (size_t)k) < 0) return;
}
