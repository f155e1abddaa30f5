/*
 * bench_mujoco.c: the MuJoCo adapter's work per step (fric_mujoco.h) as a
 * fraction of MuJoCo's own step, natively (MuJoCo 2.2.2):
 *   - the pendulum of TOOLCHAIN.md (one hinge, exact one-joint treatment)
 *     and a 10-link chain (geared hinges, the semi-implicit step);
 *   - beside it the cost of MuJoCo's own friction: frictionloss written
 *     every step, and the same with the noslip solver (10 iterations);
 *   - the chain n = 2 … 50 with every joint sliding (no gravity, started at
 *     ±2 rad/s under a weak friction: the same branch of Φ_Z in every joint
 *     and step): adapter work per step and its log–log slope.
 *
 *   bench_mujoco [--short] [--json FILE]
 *
 * Each figure is the CPU time of this thread, the best of several
 * repetitions: mj_step (mj_step1 + mj_step2 without friction) per step; the
 * adapter's work per call of fric_mujoco_apply, timed in blocks of REPEAT
 * calls on each step's state; frictionloss and noslip as the extra time of
 * the whole step over the frictionless one. The systems swing (friction below the load), so
 * the slip branch is timed. Ratios only mean something within one run.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fric_mujoco.h"
#include "host.h"

/* The scaling runs: no gravity, every joint started at ±V0_SCALING
 * (alternating, so no link spins faster than V0_SCALING) under a weak
 * friction (SCALING_LAW), so that every joint slides in every timed step:
 * one branch of Φ_Z, the same work per joint whatever n. */
static int scaling;
#define V0_SCALING 2.0   /* [rad/s] */
static const fric_law swing_law = { FRIC_STRIBECK, 0.041, 0.036, 0.01, 0.0153, 1 };
static const fric_law scaling_law = { FRIC_STRIBECK, 0.002, 0.001, 0.01, 0.0001, 1 };

static mjModel *chain(int n)
{
    size_t cap = 4096 + (size_t)n * 400;
    char *xml = malloc(cap), *p = xml;
    p += sprintf(p, "<mujoco><option timestep=\"0.001\" gravity=\"0 0 %g\"/><worldbody>",
                 scaling ? 0.0 : -9.81);
    for (int i = 0; i < n; i++)
        p += sprintf(p, "<body pos=\"0 0 %g\"><joint name=\"j%d\" type=\"hinge\" axis=\"0 1 0\" "
                        "armature=\"0.0101\"/><inertial pos=\"0 0 -0.05\" mass=\"0.2\" "
                        "diaginertia=\"1.8e-4 1.8e-4 1e-5\"/>", i ? -0.1 : 0.0, i);
    for (int i = 0; i < n; i++) p += sprintf(p, "</body>");
    sprintf(p, "</worldbody></mujoco>");
    const char *why = NULL;
    mjModel *m = fric_mujoco_load_string(xml, &why);
    free(xml);
    if (!m) {
        fprintf(stderr, "bench_mujoco: %s\n", why);
        exit(1);
    }
    return m;
}

static mjModel *pendulum(void)
{
    const char *why = NULL;
    mjModel *m = fric_mujoco_load_string(
        "<mujoco><option timestep=\"0.001\"/><worldbody><body><joint name=\"j0\" type=\"hinge\" "
        "axis=\"0 1 0\"/><inertial pos=\"0 0 -0.1\" mass=\"0.49\" diaginertia=\"1e-9 1e-9 1e-9\"/>"
        "</body></worldbody></mujoco>", &why);
    if (!m) {
        fprintf(stderr, "bench_mujoco: %s\n", why);
        exit(1);
    }
    return m;
}

/* The adapter's own work is timed in blocks of REPEAT calls of
 * fric_mujoco_apply on the same state (qfrc_passive restored before each;
 * the call is deterministic given the state), so the clock's cost is
 * amortised; its per-call time goes to *apply_s. */
#define REPEAT 32

/* mode: −1 no friction, else a fric_mujoco_treatment. CPU seconds per step of
 * the loop; *apply_s (may be NULL; IMPLICIT) the adapter's per call. */
static double time_steps(mjModel *(*make)(int), int n, int mode, long steps, int reps,
                         double *apply_s)
{
    double best = INFINITY, best_apply = INFINITY;
    for (int r = 0; r < reps; r++) {
        mjModel *m = make(n);
        mjData *d = mj_makeData(m);
        for (int i = 0; i < m->nq; i++) d->qpos[i] = i == 0 ? 1.2 : 0.1;
        for (int i = 0; scaling && i < m->nv; i++) d->qvel[i] = i % 2 ? -V0_SCALING : V0_SCALING;
        static fric_mujoco fm;
        fric_mujoco_joint_def defs[FRIC_MUJOCO_MAX_JOINTS];
        char names[FRIC_MUJOCO_MAX_JOINTS][8];
        for (int i = 0; i < m->njnt; i++) {
            snprintf(names[i], sizeof names[i], "j%d", i);
            defs[i] = (fric_mujoco_joint_def){ .joint = names[i],
                                           .law = scaling ? scaling_law : swing_law };
        }
        const char *why = NULL;
        if (mode >= 0 && fric_mujoco_init(&fm, m, d, defs, m->njnt, (fric_mujoco_treatment)mode, &why)) {
            fprintf(stderr, "bench_mujoco: %s\n", why);
            exit(1);
        }
        double t0 = host_thread_cpu(), ta = 0, tc = 0;
        mjtNum *keep = malloc(sizeof *keep * (size_t)m->nv);
        for (long k = 0; k < steps; k++) {
            mj_step1(m, d);
            if (apply_s) {
                double a0 = host_thread_cpu();
                mju_copy(keep, d->qfrc_passive, m->nv);
                for (int r2 = 0; r2 < REPEAT; r2++) {
                    mju_copy(d->qfrc_passive, keep, m->nv);
                    fric_mujoco_apply(&fm, m, d);
                }
                double a1 = host_thread_cpu();
                for (int r2 = 0; r2 < REPEAT; r2++) mju_copy(d->qfrc_passive, keep, m->nv);
                mju_copy(d->qfrc_passive, keep, m->nv);
                fric_mujoco_apply(&fm, m, d);
                double a2 = host_thread_cpu();
                ta += a1 - a0;
                tc += a2 - a1;   /* the copies alone, and the clock (subtracted) */
            } else if (mode >= 0) {
                fric_mujoco_apply(&fm, m, d);
            }
            mj_step2(m, d);
        }
        double t = (host_thread_cpu() - t0) / (double)steps;
        if (t < best) best = t;
        double a = (ta - tc) / ((double)steps * (REPEAT - 1));
        if (a < best_apply) best_apply = a;
        free(keep);
        mj_deleteData(d);
        mj_deleteModel(m);
    }
    if (apply_s) *apply_s = best_apply;
    return best;
}

static mjModel *make_pendulum(int n) { (void)n; return pendulum(); }

typedef struct { const char *name; double base, implicit, loss, noslip; } row;

static row measure(const char *name, mjModel *(*make)(int), int n, long steps, int reps)
{
    row r = { name, 0, 0, 0, 0 };
    r.base = time_steps(make, n, -1, steps, reps, NULL);
    time_steps(make, n, FRIC_MUJOCO_IMPLICIT, steps, reps, &r.implicit);
    r.loss = time_steps(make, n, FRIC_MUJOCO_FRICTIONLOSS, steps, reps, NULL);
    r.noslip = time_steps(make, n, FRIC_MUJOCO_NOSLIP, steps, reps, NULL);
    printf("%-12s mj_step %8.3f us | adapter (implicit) %7.3f us = %5.1f %% | frictionloss step "
           "+%6.1f %% | noslip step +%6.1f %%\n", name, 1e6 * r.base, 1e6 * r.implicit,
           100 * r.implicit / r.base, 100 * (r.loss / r.base - 1), 100 * (r.noslip / r.base - 1));
    return r;
}

/* ------------------------------------------------------- an adopted robot */
/* The SO-101 and the paper's 2R arm need MuJoCo 3 (docs/mujoco.md); natively
 * (2.2.2) the same adoption is timed on arms written for 2.2.2 with their
 * servo classes: a 6-joint arm with the SO-101's sts3215 class (frictionloss
 * 0.052, damping 0.60, armature 0.028, <position kp 998.22> with forcerange
 * ±3.35; no meshes, no kv: 2.2.2 has none) and a 2-joint arm with motors
 * (the 2R's actuators). Timed after 1 s of settling (the arm held): (A)
 * mj_step of the file as written, (C) the adopted step (mj_step1,
 * fric_mujoco_apply, mj_step2) and MuJoCo's own step of the adopted model
 * (mj_step1 + mj_step2 on the held state, restored every BLOCK steps: the
 * arm would fall without the adapter). */
#define BLOCK 20

static mjModel *arm_xml(int n, const char *actuator)
{
    char xml[8192], *p = xml;
    static const double mass[6] = { 0.100, 0.103, 0.104, 0.063, 0.060, 0.020 };   /* [kg] */
    p += sprintf(p, "<mujoco><option timestep=\"0.002\"/><default><default class=\"servo\">"
                    "<joint damping=\"0.60\" frictionloss=\"0.052\" armature=\"0.028\"/>%s</default>"
                    "</default><worldbody>",
                 strcmp(actuator, "position") == 0
                     ? "<position kp=\"998.22\" forcelimited=\"true\" forcerange=\"-3.35 3.35\" "
                       "ctrllimited=\"true\" ctrlrange=\"-3 3\"/>"
                     : "<motor ctrllimited=\"true\" ctrlrange=\"-3 3\"/>");
    for (int i = 0; i < n; i++)
        p += sprintf(p, "<body pos=\"%g 0 0\"><joint name=\"j%d\" class=\"servo\" type=\"hinge\" "
                        "axis=\"%s\"/><inertial pos=\"0.05 0 0\" mass=\"%g\" diaginertia=\"4e-5 4e-5 1e-5\"/>",
                     i ? 0.1 : 0.0, i, i == 0 || i == 4 ? "0 0 1" : "0 1 0", mass[i % 6]);
    for (int i = 0; i < n; i++) p += sprintf(p, "</body>");
    p += sprintf(p, "</worldbody><actuator>");
    for (int i = 0; i < n; i++) p += sprintf(p, "<%s class=\"servo\" joint=\"j%d\"/>", actuator, i);
    sprintf(p, "</actuator></mujoco>");
    const char *why = NULL;
    mjModel *m = fric_mujoco_load_string(xml, &why);
    if (!m) {
        fprintf(stderr, "bench_mujoco: %s\n", why);
        exit(1);
    }
    return m;
}

typedef struct { const char *name; double file, adopted, bare; } adopt_row;

static double block_cpu(mjModel *m, mjData *d, const mjtNum *qpos, const mjtNum *qvel, const mjtNum *warm,
                        fric_mujoco *fm, long steps, int mode)
{
    double t0 = host_thread_cpu(), tr = 0;
    for (long k = 0; k < steps; k += BLOCK) {
        double r0 = host_thread_cpu();
        mju_copy(d->qpos, qpos, m->nq);
        mju_copy(d->qvel, qvel, m->nv);
        mju_copy(d->qacc_warmstart, warm, m->nv);
        tr += host_thread_cpu() - r0;
        for (long s = 0; s < BLOCK && k + s < steps; s++) {
            if (mode == 0) {
                mj_step(m, d);
            } else {
                mj_step1(m, d);
                if (mode == 1) fric_mujoco_apply(fm, m, d);
                mj_step2(m, d);
            }
        }
    }
    return (host_thread_cpu() - t0 - tr) / (double)steps;
}

static adopt_row measure_adopted(const char *name, int n, const char *actuator, const char *servo, long steps,
                                 int reps)
{
    adopt_row r = { name, INFINITY, INFINITY, INFINITY };
    for (int rep = 0; rep < reps; rep++) {
        mjModel *mf = arm_xml(n, actuator), *m = arm_xml(n, actuator);
        mjData *df = mj_makeData(mf), *d = mj_makeData(m);
        static fric_mujoco fm;
        static fric_mujoco_adoption out;
        fric_mujoco_map_entry map = { FRIC_MUJOCO_MAP_ALL, "", "" };
        fric_bench_def def;
        const char *why = NULL;
        const fric_bench_preset *pk = fric_bench_preset_find(servo, 1);
        if (pk) fric_bench_def_from_preset(pk, &def);
        if (!pk || fric_mujoco_adopt_model(&fm, m, d, &map, &def, 1, 0, FRIC_MUJOCO_IMPLICIT, &out, &why)) {
            fprintf(stderr, "bench_mujoco: adopting %s: %s\n", name, why ? why : "no preset");
            exit(1);
        }
        for (int i = 0; i < n; i++) fric_mujoco_goal(&fm, i, 0, 1);
        for (int k = 0; k < 500; k++) {                         /* 1 s: the arm settles and holds */
            mj_step1(m, d);
            fric_mujoco_apply(&fm, m, d);
            mj_step2(m, d);
            mj_step(mf, df);
        }
        mjtNum q[16], v[16], w[16], qf[16], vf[16], wf[16];
        mju_copy(q, d->qpos, m->nq); mju_copy(v, d->qvel, m->nv); mju_copy(w, d->qacc_warmstart, m->nv);
        mju_copy(qf, df->qpos, m->nq); mju_copy(vf, df->qvel, m->nv); mju_copy(wf, df->qacc_warmstart, m->nv);
        double a = block_cpu(mf, df, qf, vf, wf, NULL, steps, 0);
        double c = block_cpu(m, d, q, v, w, &fm, steps, 1);
        double b = block_cpu(m, d, q, v, w, NULL, steps, 2);
        if (a < r.file) r.file = a;
        if (c < r.adopted) r.adopted = c;
        if (b < r.bare) r.bare = b;
        mj_deleteData(df); mj_deleteModel(mf);
        mj_deleteData(d); mj_deleteModel(m);
    }
    printf("%-34s adopted step %7.3f us, MuJoCo's own step of it %7.3f us: ratio %.2f | file as written %7.3f us\n",
           name, 1e6 * r.adopted, 1e6 * r.bare, r.adopted / r.bare, 1e6 * r.file);
    return r;
}

int main(int argc, char **argv)
{
    int short_mode = 0;
    const char *json = NULL;
    int rc = host_args(argc, argv, "bench_mujoco", &short_mode, &json, NULL);
    if (rc) return rc;
    long steps = short_mode ? 2000 : 20000;
    int reps = short_mode ? 2 : 5;
    printf("bench_mujoco: MuJoCo %s, %s, load %.2f; CPU time per step, best of %d x %ld steps\n",
           mj_versionString(), host_cpu_model(), host_load_average(), reps, steps);
    row rows[2];
    rows[0] = measure("pendulum", make_pendulum, 1, steps, reps);
    rows[1] = measure("chain n=10", chain, 10, steps / 2, reps);
    adopt_row adopted[2];
    adopted[0] = measure_adopted("6-joint arm, sts3215 class, sts3215 M1", 6, "position", "sts3215", steps / 2, reps);
    adopted[1] = measure_adopted("2-joint arm, motors, mx106 M1", 2, "motor", "mx106", steps / 2, reps);

    static const int ns[] = { 2, 3, 5, 10, 20, 30, 40, 50 };
    enum { NN = sizeof ns / sizeof ns[0] };
    double work[NN], base[NN], sx = 0, sy = 0, sxx = 0, sxy = 0;
    printf("chain, every joint sliding (no gravity, +-%g rad/s at the start, friction %g N*m): n, "
           "mj_step [us], adapter work [us]\n", V0_SCALING, scaling_law.Fs);
    scaling = 1;
    for (int i = 0; i < NN; i++) {
        long s = steps / 4;
        base[i] = time_steps(chain, ns[i], -1, s, reps, NULL);
        time_steps(chain, ns[i], FRIC_MUJOCO_IMPLICIT, s, reps, &work[i]);
        printf("  %3d  %9.3f  %9.3f\n", ns[i], 1e6 * base[i], 1e6 * work[i]);
        double x = log((double)ns[i]), y = log(fmax(work[i], 1e-12));
        sx += x; sy += y; sxx += x * x; sxy += x * y;
    }
    double slope = (NN * sxy - sx * sy) / (NN * sxx - sx * sx);
    printf("adapter work vs chain length: log-log slope %.2f over n = 2..50 (target <= 1.2: %s)\n",
           slope, slope <= 1.2 ? "met" : "MISSED");

    if (json) {
        FILE *f = fopen(json, "w");
        if (!f) {
            fprintf(stderr, "bench_mujoco: cannot write %s\n", json);
            return 1;
        }
        fprintf(f, "{\"bench\": \"mujoco\", \"mujoco\": ");
        host_json_str(f, mj_versionString());
        fprintf(f, ", \"cpu\": ");
        host_json_str(f, host_cpu_model());
        fprintf(f, ", \"load\": ");
        host_json_num(f, host_load_average(), 3);
        fprintf(f, ", \"systems\": [");
        for (int i = 0; i < 2; i++) {
            fprintf(f, "%s{\"name\": ", i ? ", " : "");
            host_json_str(f, rows[i].name);
            fprintf(f, ", \"mj_step_s\": ");
            host_json_num(f, rows[i].base, 4);
            fprintf(f, ", \"implicit_fraction\": ");
            host_json_num(f, rows[i].implicit / rows[i].base, 3);
            fprintf(f, ", \"frictionloss_fraction\": ");
            host_json_num(f, rows[i].loss / rows[i].base - 1, 3);
            fprintf(f, ", \"noslip_fraction\": ");
            host_json_num(f, rows[i].noslip / rows[i].base - 1, 3);
            fprintf(f, "}");
        }
        fprintf(f, "], \"adopted\": [");
        for (int i = 0; i < 2; i++) {
            fprintf(f, "%s{\"name\": ", i ? ", " : "");
            host_json_str(f, adopted[i].name);
            fprintf(f, ", \"file_step_s\": ");
            host_json_num(f, adopted[i].file, 4);
            fprintf(f, ", \"adopted_step_s\": ");
            host_json_num(f, adopted[i].adopted, 4);
            fprintf(f, ", \"bare_step_s\": ");
            host_json_num(f, adopted[i].bare, 4);
            fprintf(f, ", \"ratio\": ");
            host_json_num(f, adopted[i].adopted / adopted[i].bare, 3);
            fprintf(f, "}");
        }
        fprintf(f, "], \"chain\": [");
        for (int i = 0; i < NN; i++) {
            fprintf(f, "%s{\"n\": %d, \"mj_step_s\": ", i ? ", " : "", ns[i]);
            host_json_num(f, base[i], 4);
            fprintf(f, ", \"adapter_s\": ");
            host_json_num(f, work[i], 4);
            fprintf(f, "}");
        }
        fprintf(f, "], \"chain_slope\": ");
        host_json_num(f, slope, 3);
        fprintf(f, "}\n");
        fclose(f);
    }
    return 0;
}
