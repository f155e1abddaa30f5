/* host.c: clocks, CPU name, load average, JSON writers and the command line of the native
 * benchmarks (host.h). */
#define _POSIX_C_SOURCE 200809L
#include "host.h"

#include <math.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

static double clock_s(clockid_t id)
{
    struct timespec t;
    clock_gettime(id, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

double host_wall(void) { return clock_s(CLOCK_MONOTONIC); }
double host_cpu(void) { return clock_s(CLOCK_PROCESS_CPUTIME_ID); }
double host_thread_cpu(void) { return clock_s(CLOCK_THREAD_CPUTIME_ID); }

const char *host_cpu_model(void)
{
    static char buf[128] = "unknown";
    FILE *f = fopen("/proc/cpuinfo", "r");
    char line[256];
    if (!f) return buf;
    while (fgets(line, sizeof line, f)) {
        const char *p = strchr(line, ':');
        if (strncmp(line, "model name", 10) == 0 && p) {
            p++;
            while (*p == ' ' || *p == '\t') p++;
            snprintf(buf, sizeof buf, "%s", p);
            buf[strcspn(buf, "\n")] = '\0';
            break;
        }
    }
    fclose(f);
    return buf;
}

double host_load_average(void)
{
    double v = NAN;
    FILE *f = fopen("/proc/loadavg", "r");
    if (f) {
        if (fscanf(f, "%lf", &v) != 1) v = NAN;
        fclose(f);
    }
    return v;
}

void host_json_num(FILE *f, double v, int digits)
{
    if (isfinite(v)) fprintf(f, "%.*g", digits, v);
    else fputs("null", f);
}

void host_json_str(FILE *f, const char *s)
{
    fputc('"', f);
    for (; s && *s; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch == '"' || ch == '\\') fprintf(f, "\\%c", ch);
        else if (ch < 0x20) fprintf(f, "\\u%04x", ch);
        else fputc(ch, f);
    }
    fputc('"', f);
}

int host_args(int argc, char **argv, const char *prog, int *short_mode, const char **json,
              const char **logs)
{
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--short") == 0) *short_mode = 1;
        else if (strcmp(argv[i], "--json") == 0 && i + 1 < argc) *json = argv[++i];
        else if (logs && strcmp(argv[i], "--logs") == 0 && i + 1 < argc) *logs = argv[++i];
        else {
            fprintf(stderr, "%s: unknown argument '%s'; accepted: --short, --json FILE%s\n", prog,
                    argv[i], logs ? ", --logs DIR" : "");
            return 2;
        }
    }
    return 0;
}

double host_exp_ns(int rounds)
{
    enum { N = 4096 };
    static double in[N];
    uint64_t z = 0x2545f4914f6cdd1dULL;
    for (int i = 0; i < N; i++) {
        z = z * 6364136223846793005ULL + 1442695040888963407ULL;
        in[i] = -10.0 + 20.0 * (double)(z >> 11) * 0x1p-53;
    }
    double best = INFINITY;
    volatile double sink = 0;
    for (int r = 0; r < rounds; r++) {
        double t0 = host_thread_cpu(), s = 0;
        for (int i = 0; i < N; i++) s += exp(in[i]);
        double t = host_thread_cpu() - t0;
        sink += s;
        if (t < best) best = t;
    }
    (void)sink;
    return best / N * 1e9;
}
