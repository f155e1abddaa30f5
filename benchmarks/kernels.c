/*
 * kernels.c: benchmark kernels shared by the native driver and the wasm
 * build (see kernels.h). Compiled with -DKERNELS_MAIN it is also the native
 * driver, build/native/bench_kernels, which benchmarks/bench_wasm.mjs runs as
 * a child process and talks to over stdin/stdout, one command per line:
 *
 *   laws                      -> "N name0 name1 ..."
 *   phiz LAW N REPS SEED      -> "NS CHECKSUM"       (one timed kern_phi_z call)
 *   scn NAME ROWS             -> "NS ROWS CHECKSUM"  (one timed kern_scn_run call)
 *                                or "error MESSAGE"
 *   lanes REPS ISA [IMPLICIT] -> "NS CHECKSUM"       (one timed kern_lanes call)
 *   quit
 *
 * NS is the CLOCK_MONOTONIC time of the kernel call alone (inputs are
 * generated before the clock starts); numbers are printed with %.17g. The
 * JS side alternates these calls with the same kernels in wasm, so both are
 * measured under the same machine load.
 */
#ifdef KERNELS_MAIN
#define _POSIX_C_SOURCE 200809L
#endif

#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "kernels.h"

static const fric_law LAWS[] = {
    { FRIC_COULOMB_VISCOUS, 0.0, 1.0, 0.0, 4.5, 0.0 },
    { FRIC_STRIBECK, 2.5, 0.4, 0.06, 4.5, 1.0 },
    { FRIC_RATIONAL, 2.5, 0.2, 0.04, 4.5, 0.0 },
};
static const char *const LAW_NAMES[] = { "coulomb-viscous", "stribeck", "rational" };

int kern_law_count(void) { return (int)(sizeof LAWS / sizeof LAWS[0]); }

const fric_law *kern_law(int i) { return i >= 0 && i < kern_law_count() ? &LAWS[i] : NULL; }

const char *kern_law_name(int i) { return i >= 0 && i < kern_law_count() ? LAW_NAMES[i] : ""; }

static uint64_t splitmix64(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

void kern_fill_x(double *x, int n, double zfs, uint64_t seed)
{
    uint64_t s = seed;
    for (int i = 0; i < n; i++) {
        uint64_t r = splitmix64(&s);
        double sign = (r & 1u) ? -1.0 : 1.0;
        double u = (double)(splitmix64(&s) >> 11) * 0x1p-53, m;
        switch ((unsigned)(r >> 1) & 3u) {
        case 0:  m = u; break;                    /* band       */
        case 1:  m = 0.99 + 0.02 * u; break;      /* near edge  */
        case 2:  m = 1.0 + 4.0 * u; break;        /* transition */
        default: m = 5.0 * pow(40.0, u); break;   /* tail       */
        }
        x[i] = sign * m * zfs;
    }
}

double kern_phi_z(const fric_law *law, double Z, const double *x, int n, int reps)
{
    double total = 0.0;
    for (int r = 0; r < reps; r++) {
        double s0 = 0.0, s1 = 0.0;
        int i = 0;
        for (; i + 1 < n; i += 2) {
            s0 += fric_phi_z(law, Z, x[i]);
            s1 += fric_phi_z(law, Z, x[i + 1]);
        }
        if (i < n) s0 += fric_phi_z(law, Z, x[i]);
        total = s0 + s1;
    }
    return total;
}

long kern_scn_run(const fric_scenario *sc, long rows, double *checksum, const char **why)
{
    double p[FRIC_SCENARIO_MAX_PARAMS], row[FRIC_SCENARIO_MAX_COLS];
    *checksum = 0.0;
    *why = "";
    if (!sc) { *why = "no such scenario"; return -1; }
    if (rows < 1) return 0;
    fric_scenario_defaults(sc, p);
    void *raw = malloc(sc->state_bytes + 16);
    if (!raw) { *why = "out of memory"; return -1; }
    void *st = (void *)(((uintptr_t)raw + 15u) & ~(uintptr_t)15u);
    long done = 0, restarts = 0;
    double sum = 0.0;
    if (fric_scenario_init(sc, st, p, why)) { free(raw); return -1; }
    while (done < rows) {
        int rc = fric_scenario_step(sc, st, row, why);
        if (rc == FRIC_SCENARIO_ROW) {
            done++;
            continue;
        }
        if (rc == FRIC_SCENARIO_ERROR) { free(raw); return -1; }
        /* FRIC_SCENARIO_DONE: start again; a scenario that ends without a row
         * would loop forever, so that is an error */
        if (++restarts > rows) { *why = "the scenario ends without producing rows"; free(raw); return -1; }
        if (fric_scenario_init(sc, st, p, why)) { free(raw); return -1; }
    }
    for (int j = 0; j < sc->n_cols; j++) sum += row[j];
    free(raw);
    *checksum = sum + (double)restarts;
    return done;
}

double kern_lanes(int reps, int isa, int implicit)
{
    enum { N = KERN_LANES_LOGS, S = KERN_LANES_SAMPLES, C = KERN_LANES_SETS };
    static double goal[S * N], q_rec[S * N], mae[C * N];
    static unsigned char te[S * N];
    static size_t n[N];
    static fric_io_log h[N];
    for (int i = 0; i < N; i++) {
        n[i] = S;
        h[i] = (fric_io_log){ .mass = 0.3 + 0.05 * i, .length = 0.1 + 0.005 * (i % 4),
                              .kp = 16 + 4 * (i % 3), .dt = 0.005 };
        for (int k = 0; k < S; k++) {
            int en;
            size_t j = (size_t)k * N + (size_t)i;
            goal[j] = fric_bench_traj_goal((fric_bench_traj)(i % 4), 0.005 * k, 0, &en);
            te[j] = (unsigned char)en;
            q_rec[j] = 0.9 * goal[j];
        }
    }
    fric_bench_batch b = { N, S, n, goal, te, q_rec, NULL, h };
    fric_bench_def d[C];
    fric_bench_def_from_preset(fric_bench_preset_find("xl330", 6), &d[0]);
    d[0].treatment = implicit ? FRIC_TREATMENT_IMPLICIT : FRIC_TREATMENT_CLIP;
    d[1] = d[0];
    d[1].friction.K_c *= 1.1;
    double sum = NAN;
    for (int r = 0; r < reps; r++) {
        if (fric_bench_batch_mae_lanes(&b, d, C, isa, mae, NULL, NULL)) return NAN;
        sum = 0;
        for (int i = 0; i < C * N; i++) sum += mae[i];
    }
    return sum;
}

/* ------------------------------------------------------- native driver */
#ifdef KERNELS_MAIN
#include <stdio.h>
#include <string.h>
#include <time.h>

static double now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

int main(void)
{
    char line[512];
    double *x = NULL;
    int cap = 0;
    setvbuf(stdout, NULL, _IOLBF, 0);
    while (fgets(line, sizeof line, stdin)) {
        char cmd[32] = "", name[256] = "";
        if (sscanf(line, "%31s", cmd) != 1) continue;
        if (strcmp(cmd, "quit") == 0) break;
        if (strcmp(cmd, "laws") == 0) {
            printf("%d", kern_law_count());
            for (int i = 0; i < kern_law_count(); i++) printf(" %s", kern_law_name(i));
            printf("\n");
        } else if (strcmp(cmd, "phiz") == 0) {
            int li, n, reps;
            unsigned long long seed;
            if (sscanf(line, "%*s %d %d %d %llu", &li, &n, &reps, &seed) != 4 || !kern_law(li)
                || n < 1 || reps < 1) {
                printf("error bad phiz command\n");
                continue;
            }
            if (n > cap) {
                free(x);
                x = malloc((size_t)n * sizeof *x);
                cap = x ? n : 0;
                if (!x) { printf("error out of memory\n"); continue; }
            }
            const fric_law *law = kern_law(li);
            kern_fill_x(x, n, KERN_ZFS, (uint64_t)seed);
            double t0 = now_ns();
            double s = kern_phi_z(law, KERN_Z, x, n, reps);
            double t1 = now_ns();
            printf("%.17g %.17g\n", t1 - t0, s);
        } else if (strcmp(cmd, "scn") == 0) {
            long rows;
            if (sscanf(line, "%*s %255s %ld", name, &rows) != 2 || rows < 1) {
                printf("error bad scn command\n");
                continue;
            }
            const fric_scenario *sc = fric_scenario_find(name);
            if (!sc) { printf("error unknown scenario '%s'\n", name); continue; }
            const char *why = "";
            double cs;
            double t0 = now_ns();
            long k = kern_scn_run(sc, rows, &cs, &why);
            double t1 = now_ns();
            if (k < 0) printf("error %s\n", why);
            else printf("%.17g %ld %.17g\n", t1 - t0, k, cs);
        } else if (strcmp(cmd, "lanes") == 0) {
            int reps, isa, implicit = 0;
            if (sscanf(line, "%*s %d %d %d", &reps, &isa, &implicit) < 2 || reps < 1) {
                printf("error bad lanes command\n");
                continue;
            }
            double t0 = now_ns();
            double s = kern_lanes(reps, isa, implicit);
            double t1 = now_ns();
            if (isnan(s)) printf("error the lane kernel refused (kernel %d)\n", isa);
            else printf("%.17g %.17g\n", t1 - t0, s);
        } else {
            printf("error unknown command '%s'\n", cmd);
        }
    }
    free(x);
    return 0;
}
#endif
