/*
 * bench_native.c: the speed of the native model's fit (fric_native.h), in one run on the 16 xl330 processed logs:
 *   M1      the fit's lane kernel for M1 (fric_bench_batch_mae_lanes, the
 *           published xl330 M1, CLIP: what `friction fit --model m1` asks
 *           per candidate), per log-step;
 *   native  the native kernel (fric_native_batch_mae_lanes) on as many
 *           candidate sets, per log-step;
 *   MuJoCo  real MuJoCo 2.2.2 stepping the same logs' native bench MJCF
 *           (mj_step per sample, ctrl and actuation set per sample: what a
 *           mujoco.sysid-style fit pays per log-step, before any batching).
 *   ident   a robot's joint identified from its recording (fric_ident.h, on
 *           ../shared/data/robot_ident/T0/recipe.csv and so101_stripped.xml
 *           when there): one evaluation of a joint's loss (its simulation
 *           over the recording) against one whole-arm rollout of the same
 *           recording in real MuJoCo 2.2.2 (fric_mujoco_ident_replay), each
 *           per recorded second; and bam's M4 on the same joint: 16 sets
 *           (a CMA-ES generation) evaluated one at a time
 *           (fric_ident_bam_loss) against side by side
 *           (fric_ident_bam_loss_many, the lanes of the native fit; the
 *           same losses bit for bit, checked here).
 * Ratios: native / M1, MuJoCo / native, rollout / evaluation and bam's one
 * at a time / side by side. CPU time of
 * this thread, the best of several repetitions; ratios only mean something
 * within one run.
 *
 *   bench_native [--short] [--json FILE] [--logs DIR]
 */
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fric_bench.h"
#include "fric_fit.h"
#include "fric_ident.h"
#include "fric_ident_bam.h"
#include "fric_mujoco.h"
#include "fric_native.h"
#include "host.h"

#define MAX_LOGS 64
#define SETS 8

static int by_name(const void *a, const void *b) { return strcmp(*(const char *const *)a, *(const char *const *)b); }

int main(int argc, char **argv)
{
    int short_mode = 0;
    const char *json = NULL, *dir = NULL;
    int rc = host_args(argc, argv, "bench_native", &short_mode, &json, &dir);
    if (rc) return rc;
    if (!dir) dir = "../shared/data/bam/logs/xl330/processed";
    static char paths[MAX_LOGS][512];
    char *names[MAX_LOGS];
    int n = 0;
    DIR *d = opendir(dir);
    if (!d) {
        fprintf(stderr, "bench_native: cannot open %s (the shared data beside the repository)\n", dir);
        return 1;
    }
    for (struct dirent *e; (e = readdir(d)) && n < MAX_LOGS;) {
        size_t len = strlen(e->d_name);
        if (len > 5 && !strcmp(e->d_name + len - 5, ".json")) {
            snprintf(paths[n], sizeof paths[n], "%s/%s", dir, e->d_name);
            names[n] = paths[n];
            n++;
        }
    }
    closedir(d);
    qsort(names, (size_t)n, sizeof names[0], by_name);
    static fric_io_log logs[MAX_LOGS];
    const fric_io_log *ptr[MAX_LOGS];
    for (int i = 0; i < n; i++) {
        fric_io_error err;
        if (fric_io_log_read(names[i], &logs[i], &err)) {
            fprintf(stderr, "bench_native: %s\n", err.message);
            return 1;
        }
        ptr[i] = &logs[i];
    }
    const char *why = NULL;
    fric_fit_batch fb;
    if (n == 0 || fric_fit_batch_create(ptr, (size_t)n, &fb, &why)) {
        fprintf(stderr, "bench_native: %s\n", n ? why : "no log");
        return 1;
    }
    const fric_bench_batch *b = &fb.b;
    double steps = (double)fb.steps;
    int reps = short_mode ? 2 : 5;

    /* M1: the published xl330 M1, SETS copies with kp-like spread in the friction */
    fric_bench_def m1[SETS];
    fric_bench_def_from_preset(fric_bench_preset_find("xl330", 1), &m1[0]);
    m1[0].treatment = FRIC_TREATMENT_CLIP;
    for (int c = 1; c < SETS; c++) {
        m1[c] = m1[0];
        m1[c].friction.K_c *= 1 + 0.05 * c;
    }
    fric_native_params np[SETS];
    fric_native_params_default(&np[0], fric_bench_actuator_find("xl330"));
    np[0].frictionloss = 0.0125, np[0].damping = 0.01, np[0].armature = 0.0016, np[0].kp = 0.66, np[0].kv = 0.028;
    np[0].forcerange_lo = -0.7, np[0].forcerange_hi = 0.7;
    for (int c = 1; c < SETS; c++) {
        np[c] = np[0];
        np[c].frictionloss *= 1 + 0.05 * c;
    }
    static double mae[SETS * MAX_LOGS];
    double t_m1 = INFINITY, t_nat = INFINITY, t_mj = INFINITY;
    for (int r = 0; r < reps; r++) {
        double t0 = host_thread_cpu();
        if (fric_bench_batch_mae_lanes(b, m1, SETS, FRIC_BENCH_LANES_AUTO, mae, NULL, &why)) {
            fprintf(stderr, "bench_native: M1: %s\n", why);
            return 1;
        }
        double t1 = host_thread_cpu();
        if (fric_native_batch_mae_lanes(b, np, SETS, FRIC_BENCH_LANES_AUTO, mae, NULL, &why)) {
            fprintf(stderr, "bench_native: native: %s\n", why);
            return 1;
        }
        double t2 = host_thread_cpu();
        t_m1 = fmin(t_m1, (t1 - t0) / (SETS * steps));
        t_nat = fmin(t_nat, (t2 - t1) / (SETS * steps));
    }
    /* real MuJoCo 2.2.2 on each log's native bench, set 0 */
    static char xml[8192];
    for (int r = 0; r < (short_mode ? 1 : 3); r++) {
        double t = 0;
        for (int i = 0; i < n; i++) {
            fric_native_bench nb;
            fric_native_bench_from_log(&np[0], &logs[i], &nb);
            fric_native_bench_mjcf(&nb, xml, sizeof xml);
            mjModel *m = fric_mujoco_load_string(xml, &why);
            if (!m) {
                fprintf(stderr, "bench_native: %s\n", why);
                return 1;
            }
            mjData *dd = mj_makeData(m);
            size_t N = b->n[i];
            dd->qpos[0] = b->q_rec[i];
            dd->qvel[0] = b->dq0 ? b->dq0[i] : 0;
            double t0 = host_thread_cpu();
            for (size_t k = 0; k < N; k++) {
                size_t j = k * b->logs + (size_t)i;
                dd->ctrl[0] = b->goal[j];
                if (b->torque_enable[j]) m->opt.disableflags &= ~mjDSBL_ACTUATION;
                else m->opt.disableflags |= mjDSBL_ACTUATION;
                mj_step(m, dd);
            }
            t += host_thread_cpu() - t0;
            mj_deleteData(dd);
            mj_deleteModel(m);
        }
        t_mj = fmin(t_mj, t / steps);
    }
    /* a robot's recording: one joint's evaluation against one whole-arm rollout */
    double t_eval = NAN, t_roll = NAN, rec_s = NAN;
    double t_bam1 = NAN, t_bamN = NAN;   /* bam M4: 16 sets one at a time, side by side [s per recorded s] */
    int bam_same = 0;
    {
        static const char rdir[] = "../shared/data/robot_ident";
        char path[512], err[1000];
        fric_recording rec;
        fric_io_error ioe;
        snprintf(path, sizeof path, "%s/T0/recipe.csv", rdir);
        if (!fric_recording_read(path, &rec, NULL, &ioe)) {
            snprintf(path, sizeof path, "%s/so101_stripped.xml", rdir);
            mjModel *m = mj_loadXML(path, NULL, err, sizeof err);
            fric_ident_tracks tr;
            fric_ident_set *set = NULL;
            double *q = malloc(rec.n * (size_t)rec.joints * sizeof *q);
            if (m && q && !fric_ident_tracks_create(&rec, &tr, &why) && !fric_mujoco_ident_tracks(m, &rec, &tr, &why)) {
                const fric_recording *rp = &rec;
                const fric_ident_tracks *tp = &tr;
                fric_ident_options o = { m->opt.timestep, 0, FRIC_IDENT_FIRMWARE_KP };
                set = fric_ident_set_create(&rp, &tp, 1, &o, &why);
            }
            if (set) {
                fric_native_params p[FRIC_REC_MAX_JOINTS];
                for (int j = 0; j < rec.joints; j++) {
                    fric_native_params_default(&p[j], NULL);
                    p[j].firmware_kp = FRIC_IDENT_FIRMWARE_KP;
                    p[j].kp = 8, p[j].frictionloss = 0.1, p[j].damping = 0.3, p[j].armature = 0.02;
                }
                rec_s = rec.t[rec.n - 1] - rec.t[0];
                t_eval = t_roll = INFINITY;
                for (int r = 0; r < reps; r++) {
                    double t0 = host_thread_cpu();
                    volatile double l = fric_ident_loss(set, 1, &p[1]);
                    double t1 = host_thread_cpu();
                    (void)l;
                    t_eval = fmin(t_eval, (t1 - t0) / rec_s);
                }
                /* bam's M4: a generation of sets spread over its box */
                fric_fit_target tg;
                fric_fit_space bs;
                if (!fric_ident_bam_target("sts3215", FRIC_IDENT_M4, &tg, &why) &&
                    !fric_ident_bam_space("sts3215", &tg, &bs, &why)) {
                    enum { G = 16 };
                    double P[G * FRIC_FIT_N], one[G], many[G];
                    int idx[FRIC_FIT_N];
                    const int nf = fric_fit_space_free_indices(&bs, idx);
                    for (int c = 0; c < G; c++) {
                        double x[FRIC_FIT_N];
                        for (int k = 0; k < nf; k++) x[k] = 0.3 + 0.4 * fmod(0.618 * c + 0.37 * k, 1.0);
                        fric_fit_space_decode(&bs, x, P + c * FRIC_FIT_N);
                    }
                    t_bam1 = t_bamN = INFINITY;
                    for (int r = 0; r < (short_mode ? 1 : 3); r++) {
                        double t0 = host_thread_cpu();
                        for (int c = 0; c < G; c++) one[c] = fric_ident_bam_loss(set, &tg, 1, P + c * FRIC_FIT_N);
                        double t1 = host_thread_cpu();
                        fric_ident_bam_loss_many(set, &tg, 1, P, G, many);
                        double t2 = host_thread_cpu();
                        t_bam1 = fmin(t_bam1, (t1 - t0) / G / rec_s);
                        t_bamN = fmin(t_bamN, (t2 - t1) / G / rec_s);
                    }
                    bam_same = memcmp(one, many, sizeof one) == 0;
                }
                for (int r = 0; r < (short_mode ? 1 : 2); r++) {
                    double t0 = host_thread_cpu();
                    fric_mujoco_ident_replay(m, &rec, p, NULL, FRIC_IDENT_FIRMWARE_KP, q, &why);
                    t_roll = fmin(t_roll, (host_thread_cpu() - t0) / rec_s);
                }
                fric_ident_set_destroy(set);
                fric_ident_tracks_destroy(&tr);
            }
            free(q);
            if (m) mj_deleteModel(m);
            fric_recording_destroy(&rec);
        }
    }
    printf("bench_native: %d logs, %.0f log-steps, MuJoCo %s, %s, load %.2f\n", n, steps, mj_versionString(),
           host_cpu_model(), host_load_average());
    printf("  M1 lane kernel      %8.2f ns per log-step\n", t_m1 * 1e9);
    printf("  native lane kernel  %8.2f ns per log-step  (native / M1 = %.2f)\n", t_nat * 1e9, t_nat / t_m1);
    printf("  MuJoCo 2.2.2 mj_step %7.2f ns per log-step  (MuJoCo / native = %.1f)\n", t_mj * 1e9, t_mj / t_nat);
    if (isfinite(t_eval))
        printf("  ident: one joint's evaluation %.3f ms, one whole-arm MuJoCo rollout %.3f ms per recorded second "
               "(rollout / evaluation = %.1f; T0 recipe, %.0f s)\n", t_eval * 1e3, t_roll * 1e3, t_roll / t_eval, rec_s);
    else printf("  ident: skipped (../shared/data/robot_ident/T0 not found)\n");
    if (isfinite(t_bam1))
        printf("  ident bam M4: one evaluation %.3f ms one at a time, %.3f ms side by side per recorded second "
               "(one at a time / side by side = %.2f; losses %s)\n", t_bam1 * 1e3, t_bamN * 1e3, t_bam1 / t_bamN,
               bam_same ? "bit-identical" : "DIFFERENT (a bug: they must be the same)");
    if (json) {
        FILE *f = fopen(json, "w");
        if (!f) {
            fprintf(stderr, "bench_native: cannot write %s\n", json);
            return 1;
        }
        fprintf(f, "{\n  \"mujoco\": ");
        host_json_str(f, mj_versionString());
        fprintf(f, ",\n  \"cpu\": ");
        host_json_str(f, host_cpu_model());
        fprintf(f, ",\n  \"load\": ");
        host_json_num(f, host_load_average(), 3);
        fprintf(f, ",\n  \"logs\": %d,\n  \"log_steps\": %.0f", n, steps);
        const struct {
            const char *key;
            double v;
            int digits;
        } num[] = {
            { "m1_ns_per_log_step", t_m1 * 1e9, 4 },
            { "native_ns_per_log_step", t_nat * 1e9, 4 },
            { "mujoco_ns_per_log_step", t_mj * 1e9, 4 },
            { "native_over_m1", t_nat / t_m1, 3 },
            { "mujoco_over_native", t_mj / t_nat, 3 },
            { "ident_eval_ms_per_recorded_s", t_eval * 1e3, 4 },
            { "ident_rollout_ms_per_recorded_s", t_roll * 1e3, 4 },
            { "ident_rollout_over_eval", t_roll / t_eval, 3 },
            { "ident_bam_one_ms_per_recorded_s", t_bam1 * 1e3, 4 },
            { "ident_bam_lanes_ms_per_recorded_s", t_bamN * 1e3, 4 },
            { "ident_bam_one_over_lanes", t_bam1 / t_bamN, 3 },
        };
        for (size_t i = 0; i < sizeof num / sizeof num[0]; i++) {
            fprintf(f, ",\n  \"%s\": ", num[i].key);
            host_json_num(f, num[i].v, num[i].digits);
        }
        fprintf(f, ",\n  \"ident_bam_identical\": %s", bam_same ? "true" : "false");
        fprintf(f, "\n}\n");
        fclose(f);
    }
    fric_fit_batch_destroy(&fb);
    for (int i = 0; i < n; i++) fric_io_log_destroy(&logs[i]);
    return 0;
}
