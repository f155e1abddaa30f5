/*
 * bench_systems.c: steps per second of every simulated system and friction
 * treatment, the pendulum bench's targets (M6, one core: >= 20 million steps
 * per second with clip, >= 15 million with implicit, which makes
 * identification by ~1e9 steps take seconds), the batched multi-log
 * evaluation (fric_bench_batch_mae, target >= 40 million log-steps per second
 * on one core), and the cost of one full replay of all shared logs.
 *
 *   bench_systems [--short] [--json FILE] [--logs DIR]
 *
 * Figures are the CPU time of this thread (CLOCK_THREAD_CPUTIME_ID: "one
 * core", not counting time the shared machine gives to other processes; the
 * log replay, which reads files, stays wall-clock): the best of several
 * repetitions is reported, and no test asserts them.
 */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fric_bench.h"
#include "fric_scenario.h"
#include "fric_io.h"
#include "fric_fit.h"
#include "host.h"

/* ------------------------------------------------- pendulum steps per second */

#define GOALS 6000   /* one 6 s sin_sin trajectory at 1 ms, repeated */

/* Steps of `lanes` independent benches stepped in turn (lanes = 1: one
 * bench, latency-bound; 4: what an identification run over several logs
 * can do on one core). Returns steps per second (all lanes together). */
static double bench_rate(const fric_bench_preset *p, fric_treatment tr, int lanes,
                         long steps, int reps, double *goals)
{
    fric_bench_def d;
    fric_bench_def_from_preset(p, &d);
    d.treatment = tr;
    d.mass = 0.49;
    d.length = 0.1;
    fric_bench_state s[4];
    double best = 0;
    for (int r = 0; r < reps; r++) {
        for (int l = 0; l < lanes; l++) fric_bench_init(&d, &s[l], 0.01 * l, 0, NULL);
        double t0 = host_thread_cpu();
        for (long k = 0; k < steps; k++) {
            double g = goals[k % GOALS];
            for (int l = 0; l < lanes; l++) fric_bench_step(&d, &s[l], g, 1);
        }
        double rate = (double)(steps * lanes) / (host_thread_cpu() - t0);
        if (rate > best) best = rate;
    }
    return best;
}

/* ------------------------------------------- batched evaluation, log-steps/s */

/* BATCH_LOGS synthetic processed logs (the built-in trajectories at 5 ms, the
 * xl330 M6 bench with different loads), the recorded q simulated with the
 * xl330 M5 preset so that the scores are not 0. Returns log-steps per second
 * of fric_bench_batch_mae for treatment tr (one call scores every log). */
#define BATCH_LOGS 16
#define BATCH_SAMPLES 1200   /* 6 s at 5 ms */
static double batch_rate(fric_treatment tr, int kernel, int reps, long min_steps)
{
    static double goal[BATCH_SAMPLES * BATCH_LOGS], q_rec[BATCH_SAMPLES * BATCH_LOGS];
    static unsigned char te[BATCH_SAMPLES * BATCH_LOGS];
    static size_t n[BATCH_LOGS];
    static fric_io_log h[BATCH_LOGS];
    static fric_bench_lane lanes[BATCH_LOGS];
    double mae[BATCH_LOGS];
    fric_bench_def rec;
    fric_bench_def_from_preset(fric_bench_preset_find("xl330", 5), &rec);
    rec.treatment = FRIC_TREATMENT_CLIP;
    for (int i = 0; i < BATCH_LOGS; i++) {
        n[i] = BATCH_SAMPLES;
        h[i] = (fric_io_log){ .mass = 0.3 + 0.05 * i, .arm_mass = 0, .length = 0.1 + 0.005 * (i % 4),
                              .kp = 16 + 4 * (i % 3), .vin = 0, .dt = 0.005 };
        rec.mass = h[i].mass;
        rec.length = h[i].length;
        rec.kp = h[i].kp;
        rec.dt = h[i].dt;
        fric_bench_state s;
        fric_bench_init(&rec, &s, 0, 0, NULL);
        for (int k = 0; k < BATCH_SAMPLES; k++) {
            int en;
            size_t j = (size_t)k * BATCH_LOGS + (size_t)i;
            goal[j] = fric_bench_traj_goal((fric_bench_traj)(i % 4), 0.005 * k, 0, &en);
            te[j] = (unsigned char)en;
            q_rec[j] = s.q;
            fric_bench_step(&rec, &s, goal[j], en);
        }
    }
    fric_bench_batch b = { BATCH_LOGS, BATCH_SAMPLES, n, goal, te, q_rec, NULL, h };
    if (fric_bench_batch_check(&b, NULL)) return 0;
    fric_bench_def d;
    fric_bench_def_from_preset(fric_bench_preset_find("xl330", 6), &d);
    d.treatment = tr;
    double best = 0;
    long per_call = (long)BATCH_LOGS * BATCH_SAMPLES;
    for (int r = 0; r < reps; r++) {
        double t0 = host_thread_cpu();
        long done = 0;
        while (done < min_steps) {
            if (kernel ? fric_bench_batch_mae_lanes(&b, &d, 1, kernel, mae, NULL, NULL)
                       : fric_bench_batch_mae(&b, &d, lanes, mae, NULL))
                return 0;
            done += per_call;
        }
        double rate = (double)done / (host_thread_cpu() - t0);
        if (rate > best) best = rate;
    }
    return best;
}

/* ------------------------------------------------ scenarios, rows per second */

static double scenario_rate(const fric_scenario *sc, const double *p, long rows, int reps,
                            long *done_rows, const char **why)
{
    static _Alignas(16) unsigned char state[1 << 16];
    double row[FRIC_SCENARIO_MAX_COLS];
    double best = 0;
    *done_rows = 0;
    if (sc->state_bytes > sizeof state) { *why = "state too large for the benchmark buffer"; return 0; }
    for (int r = 0; r < reps; r++) {
        if (fric_scenario_init(sc, state, p, why)) return 0;
        long k = 0;
        double t0 = host_thread_cpu();
        int rc = FRIC_SCENARIO_ROW;
        while (k < rows && (rc = fric_scenario_step(sc, state, row, why)) == FRIC_SCENARIO_ROW) k++;
        double dt = host_thread_cpu() - t0;
        if (rc == FRIC_SCENARIO_ERROR) return 0;
        if (k > 0 && (double)k / dt > best) best = (double)k / dt;
        *done_rows = k;
    }
    return best;
}

/* ---------------------------------------------------------- replay of logs */

typedef struct { char path[1024]; } log_path;

static int list_logs(const char *dir, log_path *out, int cap)
{
    DIR *d = opendir(dir);
    if (!d) return 0;
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)) && n < cap) {
        size_t len = strlen(e->d_name);
        if (len > 5 && strcmp(e->d_name + len - 5, ".json") == 0)
            snprintf(out[n++].path, sizeof out[0].path, "%s/%s", dir, e->d_name);
    }
    closedir(d);
    return n;
}

/* ------------------------------------------ thread scaling of the native fit */

static int cmp_path(const void *a, const void *b)
{
    return strcmp(((const log_path *)a)->path, ((const log_path *)b)->path);
}

/* Thread scaling (target: the M4 fit in 1 s on 2 threads): the M4 fit from
 * scratch (fric_fit_run, seed 1, budget evaluations: its inner loop is the
 * lane kernel) on the first 8 shared xl330 logs (sorted by name), on 1 and
 * on 2 threads, each twice in turn (1, 2, 1, 2) keeping the shorter: wall
 * and CPU time of the process,
 * the 1-minute load average before and after each run (the machine is
 * shared), and whether both thread counts end on the same parameters bit for
 * bit. Writes the JSON value (null when the logs are missing). */
static void fit_threads(FILE *js, const char *logs, int short_mode)
{
    char dir[1024];
    log_path paths[64];
    snprintf(dir, sizeof dir, "%s/xl330/processed", logs);
    int n = list_logs(dir, paths, 64);
    qsort(paths, (size_t)n, sizeof paths[0], cmp_path);
    enum { NT = 8 };
    static fric_io_log lg[NT];
    const fric_io_log *ptr[NT];
    int got = 0;
    for (int i = 0; i < n && got < NT; i++) {
        fric_io_error err;
        if (fric_io_log_read(paths[i].path, &lg[got], &err) == 0) {
            ptr[got] = &lg[got];
            got++;
        }
    }
    fric_fit_batch b;
    const char *why;
    int budget = short_mode ? 1000 : 4000;
    printf("\nNative fit, M4 from scratch, %d evaluations of %d xl330 logs, seed 1, by threads\n",
           budget, got);
    if (got < NT || fric_fit_batch_create(ptr, NT, &b, &why)) {
        printf("not measured (the shared logs are missing)\n");
        if (js) fprintf(js, "null");
        for (int i = 0; i < got; i++) fric_io_log_destroy(&lg[i]);
        return;
    }
    double wall[2] = { INFINITY, INFINITY }, cpu[2] = { 0 }, la0[2] = { 0 }, la1[2] = { 0 };
    double best[2][FRIC_FIT_N];
    int ok = 1;
    for (int rep = 0; rep < 4 && ok; rep++) {
        int t = rep % 2;
        fric_fit_def d = { .train = &b, .budget = budget, .seed = 1, .restarts = -1 };
        if (fric_fit_target_init(&d.target, "xl330", 4, &why) ||
            fric_fit_space_default("xl330", 4, &d.space, &why)) {
            ok = 0;
            break;
        }
        fric_fit *f = fric_fit_create(&d, &why);
        if (!f) { ok = 0; break; }
        double l0 = host_load_average(), t0 = host_wall(), c0 = host_cpu();
        if (fric_fit_run(f, t + 1, NULL, NULL, &why) < 0) ok = 0;
        double w = host_wall() - t0, c = host_cpu() - c0, l1 = host_load_average();
        if (w < wall[t]) {
            wall[t] = w;
            cpu[t] = c;
            la0[t] = l0;
            la1[t] = l1;
        }
        memcpy(best[t], fric_fit_get_progress(f)->best, sizeof best[t]);
        fric_fit_destroy(f);
    }
    int same = ok && memcmp(best[0], best[1], sizeof best[0]) == 0;
    if (!ok) printf("not measured: %s\n", why);
    else {
        printf("%-8s %10s %10s %12s\n", "threads", "wall s", "CPU s", "load avg");
        for (int t = 0; t < 2; t++)
            printf("%-8d %10.3f %10.3f %5.1f..%-5.1f\n", t + 1, wall[t], cpu[t], la0[t], la1[t]);
        printf("speed-up %.2fx on 2 threads; same parameters bit for bit: %s\n", wall[0] / wall[1],
               same ? "yes" : "NO");
    }
    if (js) {
        if (!ok) fprintf(js, "null");
        else {
            fprintf(js, "{\"model\": 4, \"budget\": %d, \"logs\": %d, \"identical\": %d, \"runs\": [",
                    budget, NT, same);
            for (int t = 0; t < 2; t++) {
                fprintf(js, "%s{\"threads\": %d, \"wall_s\": ", t ? ", " : "", t + 1);
                host_json_num(js, wall[t], 6);
                fprintf(js, ", \"cpu_s\": ");
                host_json_num(js, cpu[t], 6);
                fprintf(js, ", \"load_before\": ");
                host_json_num(js, la0[t], 3);
                fprintf(js, ", \"load_after\": ");
                host_json_num(js, la1[t], 3);
                fprintf(js, "}");
            }
            fprintf(js, "]}");
        }
    }
    fric_fit_batch_destroy(&b);
    for (int i = 0; i < NT; i++) fric_io_log_destroy(&lg[i]);
}

int main(int argc, char **argv)
{
    int short_mode = 0;
    const char *json = NULL, *logs = "../shared/data/bam/logs";
    if (host_args(argc, argv, "bench_systems", &short_mode, &json, &logs)) return 2;
    FILE *js = NULL;
    if (json && !(js = fopen(json, "w"))) {
        fprintf(stderr, "bench_systems: cannot write %s\n", json);
        return 1;
    }
    long steps = short_mode ? 200000 : 2000000;
    int reps = short_mode ? 3 : 5;
    static double goals[GOALS];
    for (int k = 0; k < GOALS; k++)
        goals[k] = fric_bench_traj_goal(FRIC_TRAJ_SIN_SIN, 1e-3 * k, 0, NULL);

    printf("Friction Explorer systems benchmark (%s): best of %d repetitions\n\n",
           short_mode ? "short" : "full", reps);
    printf("Pendulum bench, M6 presets, fric_bench_step with a precomputed goal\n");
    printf("%-22s %-9s %14s %14s %s\n", "preset", "friction", "1 bench [M/s]", "4 benches [M/s]",
           "target (one bench, one core): clip >= 20, implicit >= 15 M steps/s");
    if (js) fprintf(js, "{\n  \"mode\": \"%s\",\n  \"pendulum\": [", short_mode ? "short" : "full");
    const char *acts[] = { "xl330", "erob80_100" };
    int first = 1;
    for (int a = 0; a < 2; a++) {
        const fric_bench_preset *p = fric_bench_preset_find(acts[a], 6);
        if (!p) continue;
        for (int i = 0; i < FRIC_BENCH_N_TREATMENTS; i++) {
            fric_treatment t = fric_bench_treatments[i];
            double r1 = bench_rate(p, t, 1, steps, reps, goals);
            double r4 = bench_rate(p, t, 4, steps / 4, reps, goals);
            double goal_rate = t == FRIC_TREATMENT_IMPLICIT ? 15e6
                             : t == FRIC_TREATMENT_CLIP ? 20e6 : 0;
            printf("%-22s %-9s %14.1f %14.1f %s\n", acts[a], fric_treatment_name(t), r1 / 1e6,
                   r4 / 1e6,
                   goal_rate == 0 ? "(no target)" : r1 >= goal_rate ? "met" : "MISSED");
            if (js) fprintf(js, "%s\n    {\"preset\": \"%s m6\", \"friction\": \"%s\", \"steps_per_s\": %.6g, "
                            "\"steps_per_s_4_interleaved\": %.6g}", first ? "" : ",", acts[a],
                            fric_treatment_name(t), r1, r4);
            first = 0;
        }
    }

    /* batched evaluation beside the single bench, and the lane kernel, as
     * ratios to exp() timed in this run (targets: lane kernel
     * ≤ 2.5× exp per log-step, scalar step clip ≤ 8×, implicit ≤ 10×) */
    double exp_ns = host_exp_ns(short_mode ? 300 : 3000);
    int auto_isa = fric_bench_lanes_isa_auto();
    printf("\nBatched evaluation, %d synthetic 6 s logs at 5 ms, xl330 M6; exp() (libm) %.2f ns "
           "in this run\n", BATCH_LOGS, exp_ns);
    printf("%-9s %-22s %14s %10s %s\n", "friction", "kernel", "M log-steps/s", "x exp",
           "target");
    if (js) {
        fprintf(js, "\n  ],\n  \"exp_ns\": ");
        host_json_num(js, exp_ns, 6);
        fprintf(js, ",\n  \"lanes_isa\": \"%s\",\n  \"batch\": [",
                auto_isa == FRIC_BENCH_LANES_AVX512 ? "avx512"
                : auto_isa == FRIC_BENCH_LANES_AVX2 ? "avx2" : "generic");
    }
    const fric_bench_preset *p6 = fric_bench_preset_find("xl330", 6);
    first = 1;
    for (int t = 0; t < 2; t++) {
        fric_treatment tr = t ? FRIC_TREATMENT_IMPLICIT : FRIC_TREATMENT_CLIP;
        double r1 = bench_rate(p6, tr, 1, steps, reps, goals);
        double ratio1 = 1e9 / r1 / exp_ns, limit1 = t ? 10 : 8;
        printf("%-9s %-22s %14.1f %10.2f <= %g: %s\n", fric_treatment_name(tr),
               "scalar step, 1 bench", r1 / 1e6, ratio1, limit1, ratio1 <= limit1 ? "met" : "MISSED");
        const int kernels[4] = { 0, FRIC_BENCH_LANES_GENERIC, FRIC_BENCH_LANES_AVX2,
                                 FRIC_BENCH_LANES_AVX512 };
        const char *kname[4] = { "scalar batch (exact)", "lanes generic 2x128", "lanes AVX2 4x256",
                                 "lanes AVX-512 8x512" };
        const char *kid[4] = { "scalar", "generic", "avx2", "avx512" };
        for (int k = 0; k < 4; k++) {
            if (kernels[k] > auto_isa) continue;
            double rb = batch_rate(tr, kernels[k], reps, short_mode ? 400000 : 4000000);
            double ratio = rb > 0 ? 1e9 / rb / exp_ns : NAN;
            if (rb > 0)
                printf("%-9s %-22s %14.1f %10.2f %s\n", fric_treatment_name(tr), kname[k], rb / 1e6,
                       ratio, k == 0 ? "" : ratio <= 2.5 ? "<= 2.5: met" : "<= 2.5: MISSED");
            else
                printf("%-9s %-22s %14s %10s (the kernel refused the treatment)\n",
                       fric_treatment_name(tr), kname[k], "-", "-");
            if (js) {
                fprintf(js, "%s\n    {\"preset\": \"xl330 m6\", \"friction\": \"%s\", \"kernel\": "
                        "\"%s\", \"logs\": %d, \"log_steps_per_s\": ", first ? "" : ",",
                        fric_treatment_name(tr), kid[k], BATCH_LOGS);
                host_json_num(js, rb > 0 ? rb : NAN, 6);
                fprintf(js, ", \"x_exp\": ");
                host_json_num(js, ratio, 4);
                fprintf(js, ", \"single_bench_steps_per_s\": %.6g, \"single_bench_x_exp\": ", r1);
                host_json_num(js, ratio1, 4);
                fprintf(js, "}");
            }
            first = 0;
        }
    }

    printf("\nEvery scenario and treatment, through the scenario interface (one row per step)\n");
    printf("%-14s %-12s %12s %10s\n", "scenario", "friction", "rows/s [M]", "rows");
    if (js) fprintf(js, "\n  ],\n  \"scenarios\": [");
    first = 1;
    for (int i = 0; i < fric_scenario_count(); i++) {
        const fric_scenario *sc = fric_scenario_at(i);
        double p[FRIC_SCENARIO_MAX_PARAMS];
        fric_scenario_defaults(sc, p);
        /* long enough to time: the run is cut at the row budget */
        int dj = fric_scenario_param_index(sc, "duration");
        if (dj >= 0) p[dj] = fmin(sc->params[dj].max, 600);
        /* models-bd at its stiffest default diverges by design (Fig. 13's black
         * curve); time it at the calm stiffness of Fig. 13's gray curve */
        if (strcmp(sc->name, "models-bd") == 0) {
            int j = fric_scenario_param_index(sc, "K");
            if (j >= 0) p[j] = 8.3e4;
        }
        int fj = fric_scenario_param_index(sc, "friction");
        int nch = fj >= 0 && sc->params[fj].choices ? sc->params[fj].n_choices : 1;
        for (int c = 0; c < nch; c++) {
            if (fj >= 0) p[fj] = c;
            long rows = 0;
            const char *why = "";
            double rate = scenario_rate(sc, p, short_mode ? 50000 : 500000, reps, &rows, &why);
            const char *fname = fj >= 0 ? sc->params[fj].choices[c] : "-";
            if (rate > 0)
                printf("%-14s %-12s %12.2f %10ld\n", sc->name, fname, rate / 1e6, rows);
            else
                printf("%-14s %-12s %12s %10s  (%s)\n", sc->name, fname, "-", "-", why);
            if (js) fprintf(js, "%s\n    {\"scenario\": \"%s\", \"friction\": \"%s\", \"rows_per_s\": %.6g, "
                            "\"rows\": %ld}", first ? "" : ",", sc->name, fname, rate, rows);
            first = 0;
        }
    }
    if (js) fprintf(js, "\n  ],\n  \"fit_threads\": ");
    fit_threads(js, logs, short_mode);
    if (js) fprintf(js, ",\n  \"replay\": ");

    /* all shared logs with every matching parameter preset, as in the README table */
    static log_path paths[64];
    char dir[700];
    struct { const char *sub, *actuator; int models; } sets[] = {
        { "xl330/processed", "xl330", 6 }, { "sts3215/raw", "sts3215", 1 },
    };
    int n_logs = 0, n_runs = 0;
    size_t samples = 0;
    double best = INFINITY;
    int ok = 1;
    for (int r = 0; r < (short_mode ? 1 : 3) && ok; r++) {
        double t0 = host_wall();
        n_logs = n_runs = 0;
        samples = 0;
        for (unsigned s = 0; s < 2 && ok; s++) {
            snprintf(dir, sizeof dir, "%s/%s", logs, sets[s].sub);
            int n = list_logs(dir, paths, 64);
            for (int k = 0; k < n && ok; k++) {
                fric_io_log lg;
                fric_io_error err;
                if (fric_io_log_read(paths[k].path, &lg, &err)) {
                    fprintf(stderr, "bench_systems: %s\n", err.message);
                    ok = 0;
                    break;
                }
                n_logs++;
                for (int m = 1; m <= sets[s].models; m++) {
                    const fric_bench_preset *p = fric_bench_preset_find(sets[s].actuator, m);
                    fric_bench_def d;
                    fric_bench_def_from_preset(p, &d);
                    d.treatment = FRIC_TREATMENT_CLIP;
                    fric_bench_replay_result res;
                    const char *why;
                    if (fric_bench_replay(&d, &lg, NULL, 0, &res, &why)) {
                        fprintf(stderr, "bench_systems: %s: %s\n", paths[k].path, why);
                        ok = 0;
                        break;
                    }
                    samples += res.samples;
                    n_runs++;
                }
                fric_io_log_destroy(&lg);
            }
        }
        double dt = host_wall() - t0;
        if (dt < best) best = dt;
    }
    printf("\nReplay of all shared logs (%s): ", logs);
    if (!ok || n_runs == 0) {
        printf("not measured (logs missing or unreadable)\n");
        if (js) fprintf(js, "null\n}\n");
    } else {
        printf("%d logs, %d replays (xl330 x M1-M6, sts3215 x M1, clip), %zu samples in %.1f ms "
               "(reading and parsing the JSON included), %.1f M samples/s\n",
               n_logs, n_runs, samples, best * 1e3, (double)samples / best / 1e6);
        if (js) fprintf(js, "{\"logs\": %d, \"replays\": %d, \"samples\": %zu, \"seconds\": %.6g}\n}\n",
                        n_logs, n_runs, samples, best);
    }
    if (js && fclose(js)) {
        fprintf(stderr, "bench_systems: error writing %s\n", json);
        return 1;
    }
    return 0;
}
