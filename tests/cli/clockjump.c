/*
 * clockjump.c: an LD_PRELOAD library for tests/cli/run.sh: every reading of
 * clock_gettime after the process's first is 3 s later than the real clock,
 * as a process kept from a core for 3 s on a loaded machine sees it. A run
 * that fails in its first rows then writes its progress line ("… s elapsed",
 * after 2 s) before its error, deterministically.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <time.h>

int clock_gettime(clockid_t id, struct timespec *ts)
{
    static int calls;
    int (*real)(clockid_t, struct timespec *);
    /* POSIX's way to a function from dlsym (ISO C has no object-to-function cast) */
    *(void **)&real = dlsym(RTLD_NEXT, "clock_gettime");
    int r = real(id, ts);
    if (r == 0 && calls++ > 0) ts->tv_sec += 3;
    return r;
}
