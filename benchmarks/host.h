/*
 * host.h: what every native benchmark asks of the machine it runs on, once:
 * clocks, the CPU's name, the load average (the machines are shared, so the
 * JSON records it beside every timing), the JSON number/string writers and
 * the command line (--short, --json FILE, --logs DIR).
 */
#ifndef FRIC_BENCH_HOST_H
#define FRIC_BENCH_HOST_H

#include <stdio.h>

double host_wall(void);         /* monotonic wall clock               [s] */
double host_cpu(void);          /* CPU time of the process, all threads [s] */
double host_thread_cpu(void);   /* CPU time of the calling thread       [s] */
const char *host_cpu_model(void);   /* /proc/cpuinfo "model name", or "unknown" */
double host_load_average(void);     /* 1-minute load average, NaN if unknown    */

/* The yardstick of the ratios: libm's exp() throughput [ns/call] on this
 * thread's CPU time, 4096 independent inputs uniform on [−10, 10] summed,
 * the best of `rounds` rounds (bench_core's exp row, timed again inside
 * another benchmark so that its ratios are taken within one run). */
double host_exp_ns(int rounds);

/* JSON: a finite number with `digits` significant digits (17: exact), else
 * null; a string with quotes, backslashes and control characters escaped. */
void host_json_num(FILE *f, double v, int digits);
void host_json_str(FILE *f, const char *s);

/* The command line of a benchmark named prog: --short (sets *short_mode),
 * --json FILE and, with logs non-NULL, --logs DIR. 0, or 2 after naming an
 * unknown argument on stderr. */
int host_args(int argc, char **argv, const char *prog, int *short_mode, const char **json,
              const char **logs);

#endif
