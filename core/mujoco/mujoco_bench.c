/*
 * mujoco_bench.c: the pendulum bench of fric_bench.h as MJCF, MJCF loaded
 * from text, and a log replayed through MuJoCo (fric_mujoco.h).
 *
 * The MJCF writer itself is MuJoCo-free (core/adapter/adapter_mjcf.c,
 * fric_joint.h, the model's derivation there), so that the browser gets
 * it from the wasm core.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base.h"
#include "fric_mujoco.h"

mjModel *fric_mujoco_load_string(const char *xml, const char **why)
{
    static const char name[] = "friction-model.xml";
    const char *msg = NULL;
    mjModel *m = NULL;
    mjVFS *vfs = xml ? malloc(sizeof *vfs) : NULL;
    if (!xml) msg = fric__fail_door(FRIC_E_NULL, -1, "mujoco: ", "mujoco.mjcf_text_null",
                        "the MJCF text is NULL.",
                        fric__no_values);
    else if (!vfs) msg = fric__fail_door(FRIC_E_NO_MEMORY, -1, "mujoco: ", "mujoco.out_memory_vfs",
                             "out of memory for the VFS.",
                             fric__no_values);
    else {
        size_t len = strlen(xml);
        mj_defaultVFS(vfs);
        if (len > 0x7fffffff || mj_makeEmptyFileVFS(vfs, name, (int)len) != 0) {
            msg = fric__fail_door(FRIC_E_NO_MEMORY, -1, "mujoco: ", "mujoco.mujoco_s_vfs",
                      "MuJoCo's VFS refused {len} bytes.",
                      fric__values(fric__u("len", len)));
        } else {
            memcpy(vfs->filedata[vfs->nfile - 1], xml, len);
            char err[1000] = "";
            m = mj_loadXML(name, vfs, err, sizeof err);
            if (!m) msg = fric__fail_door(FRIC_E_PARAMS_INVALID, -1, "mujoco: ", "mujoco.mjcf_does_not",
                              "the MJCF does not load: {err}",
                              fric__values(fric__s("err", err[0] ? err : "MuJoCo gave no reason")));
        }
        mj_deleteVFS(vfs);
    }
    free(vfs);
    if (why) *why = msg ? msg : "";
    return m;
}

/* What both log replays (fric_mujoco_replay_model, fric_mujoco_native_replay)
 * share. */

/* The log's own check, its sentence prefixed by who (NULL when it passes). */
static const char *replay_log_check(const fric_io_log *log, const char *who)
{
    fric_io_error err;
    return fric_io_log_check(log, NULL, &err) ? fric__fail_around(FRIC_E_LOG_INVALID, -1, "%s: %s", who, err.message)
                                               : NULL;
}

/* One step of a replay from sample s (goal and torque enable applied). */
typedef void (*replay_step)(void *ctx, mjModel *m, mjData *d, const fric_io_sample *s);

/* The walk along the log's N samples from its first sample's state: the
 * joint's position (qpos[qadr], speed qvel[dof]) scored against each sample
 * (into sim_q up to cap), then one step. Returns the index of the sample
 * whose step left the finite range (N when none did; *t_bad its time),
 * with out's error, sample and step fields filled when none did. */
static size_t replay_walk(mjModel *m, mjData *d, int qadr, int dof, const fric_io_log *log, size_t N,
                          replay_step step, void *ctx, double *sim_q, size_t cap,
                          fric_bench_replay_result *out, double *t_bad)
{
    size_t frame = 0;
    fric_io_sample s0 = fric_io_log_sample(log, 0, &frame);
    d->qpos[qadr] = s0.position;
    d->qvel[dof] = s0.speed;
    double sum = 0, max_err = 0;
    frame = 0;
    for (size_t k = 0; k < N; k++) {
        fric_io_sample s = fric_io_log_sample(log, k, &frame);
        double q = d->qpos[qadr], e = fabs(q - s.position);
        sum += e;
        if (e > max_err) max_err = e;
        if (sim_q && k < cap) sim_q[k] = q;
        step(ctx, m, d, &s);
        if (!isfinite(d->qpos[qadr]) || !isfinite(d->qvel[dof]) || d->warning[mjWARN_BADQACC].number) {
            *t_bad = s.t;
            return k;
        }
    }
    if (out) {
        out->mae = sum / (double)N;
        out->max_err = max_err;
        out->samples = N;
        out->dt = m->opt.timestep;
        out->resampled = log->dt == 0;
        out->reversals = 0;
        out->steps_stuck = 0;
    }
    return N;
}

static void servo_step(void *ctx, mjModel *m, mjData *d, const fric_io_sample *s)
{
    fric_mujoco *fm = ctx;
    fric_mujoco_goal(fm, 0, s->goal, s->torque_enable);
    mj_step1(m, d);
    fric_mujoco_apply(fm, m, d);
    mj_step2(m, d);
}

static void native_step(void *ctx, mjModel *m, mjData *d, const fric_io_sample *s)
{
    (void)ctx;
    d->ctrl[0] = s->goal;
    if (s->torque_enable) m->opt.disableflags &= ~mjDSBL_ACTUATION;
    else m->opt.disableflags |= mjDSBL_ACTUATION;
    mj_step(m, d);
}

fric_status fric_mujoco_replay_model(fric_mujoco *fm, mjModel *m, mjData *d, const fric_io_log *log,
                                     double *sim_q, size_t cap, fric_bench_replay_result *out,
                                     const char **why)
{
    const char *msg = NULL;
    if (!fm || !m || !d || !log) msg = fric__fail_id(FRIC_E_NULL, -1, "mujoco.adapter_model_data",
                                           "mujoco replay: adapter, model, data and log must not be"
                                           " NULL.",
                                           fric__no_values);
    else if (fm->n != 1 || !fm->j[0].s.servo)
        msg = fric__fail_id(FRIC_E_UNSUPPORTED, -1, "mujoco.log_drives_servo",
                  "mujoco replay: a log drives one servo joint; attach one joint with a servo "
                  "(params file), not {n} joint(s) with {v}.",
                  fric__values(fric__i("n", fm->n),
                               fric__s("v", fm->n && fm->j[0].s.servo ? "servos" : "a law")));
    else
        msg = replay_log_check(log, "mujoco replay");
    if (!msg && fabs(m->opt.timestep - fric_io_log_step(log)) > 1e-12 * fric_io_log_step(log))
        msg = fric__fail_id(FRIC_E_PARAM_RANGE, -1, "mujoco.model_s_timestep",
                  "mujoco replay: the model's timestep {timestep} s is not the log's step {log} s; "
                  "set <option timestep=\"{log}\"/> (friction mujoco-model --log writes it).",
                  fric__values(fric__g("timestep", m->opt.timestep), fric__g("log", fric_io_log_step(log))));
    size_t N = msg ? 0 : fric_io_log_samples(log);
    if (!msg && N == 0) msg = fric__say_id("mujoco.log_gives_no",
                                  "mujoco replay: the log gives no sample to simulate.",
                                  fric__no_values);
    if (msg) {
        if (why) *why = msg;
        return fric__rc();
    }
    fric_mujoco_joint *j = &fm->j[0];
    /* the log's gains, as fric_bench_def_from_log */
    fric_bench_gains_for_log(&j->s.bench, log);
    double t_bad = 0;
    size_t k = replay_walk(m, d, j->qadr, j->dof, log, N, servo_step, fm, sim_q, cap, out, &t_bad);
    if (k < N) {
        msg = fric__fail_id(FRIC_E_NONFINITE, -1, "mujoco.simulation_left_finite",
                  "mujoco replay: the simulation left the finite range at sample {k} (t = {t} "
                  "s).",
                  fric__values(fric__u("k", k), fric__g("t", t_bad)));
        if (why) *why = msg;
        return FRIC_E_NONFINITE;
    }
    if (out) {
        out->reversals = j->s.reversals;
        out->steps_stuck = j->s.steps_stuck;
    }
    if (why) *why = "";
    return FRIC_OK;
}

/* The bench MJCF writers (snprintf's contract) behind one signature. */
typedef int (*bench_writer)(const void *bench, char *buf, size_t cap);
static int def_mjcf(const void *bench, char *buf, size_t cap) { return fric_mujoco_bench_mjcf(bench, buf, cap); }
static int native_mjcf(const void *bench, char *buf, size_t cap) { return fric_native_bench_mjcf(bench, buf, cap); }

/* The bench's MJCF written by write, loaded, and its data: NULL with *m
 * and *d set, or the failure's sentence (who: its prefix) with nothing
 * left allocated. */
static const char *bench_load(bench_writer write, const void *bench, const char *who, mjModel **m, mjData **d)
{
    const char *msg = NULL;
    char *xml = NULL;
    int len = write(bench, NULL, 0);
    if (len < 0) msg = fric__reword("%s: %s", who, fric_status_last().message);
    else if (!(xml = malloc((size_t)len + 1))) msg = fric__fail_id(FRIC_E_NO_MEMORY, -1, "mujoco.out_memory", "{who}: out of memory.",
                                                                   fric__values(fric__s("who", who)));
    else write(bench, xml, (size_t)len + 1);
    *m = msg ? NULL : fric_mujoco_load_string(xml, NULL);
    if (!msg && !*m) msg = fric_status_last().message;
    free(xml);
    *d = *m ? mj_makeData(*m) : NULL;
    if (*m && !*d) msg = fric__fail_id(FRIC_E_NO_MEMORY, -1, "mujoco.mj_makedata_failed", "{who}: mj_makeData failed.",
                                          fric__values(fric__s("who", who)));
    if (msg && *m) {
        mj_deleteModel(*m);
        *m = NULL;
    }
    return msg;
}

fric_status fric_mujoco_replay(const fric_bench_def *d, const fric_io_log *log, fric_mujoco_treatment t,
                               fric_bench_replay_result *out, const char **why)
{
    const char *msg = (d && log) ? NULL : fric__fail_id(FRIC_E_NULL, -1, "mujoco.def_log_not",
                                              "mujoco replay: def and log must not be NULL.",
                                              fric__no_values);
    if (!msg) msg = replay_log_check(log, "mujoco replay");
    fric_bench_def e;
    if (!msg) fric_bench_def_from_log(d, log, &e);
    mjModel *m = NULL;
    mjData *dd = NULL;
    if (!msg) msg = bench_load(def_mjcf, &e, "mujoco replay", &m, &dd);
    if (msg) {
        if (why) *why = msg;
        return fric__rc();
    }
    fric_mujoco_joint_def jd = { .joint = "joint", .servo = 1, .bench = e };
    fric_mujoco *fm = malloc(sizeof *fm);   /* ~100 KB: not on the stack */
    int rc = fm ? fric_mujoco_init(fm, m, dd, &jd, 1, t, &msg)
                : (msg = fric__fail_id(FRIC_E_NO_MEMORY, -1, "mujoco.out_memory_2",
                             "mujoco replay: out of memory.",
                             fric__no_values), FRIC_E_NO_MEMORY);
    if (!rc) rc = fric_mujoco_replay_model(fm, m, dd, log, NULL, 0, out, &msg);
    free(fm);
    mj_deleteData(dd);
    mj_deleteModel(m);
    if (why) *why = rc ? msg : "";
    return rc;
}

fric_status fric_mujoco_native_replay(const fric_native_params *p, const fric_io_log *log, double *sim_q, size_t cap,
                                      fric_bench_replay_result *out, const char **why)
{
    const char *msg = (p && log) ? NULL : fric__fail_id(FRIC_E_NULL, -1, "mujoco.native_null",
                                                                     "mujoco native replay: parameters and log must not be NULL.",
                                                                     fric__no_values);
    if (!msg) msg = replay_log_check(log, "mujoco native replay");
    size_t N = msg ? 0 : fric_io_log_samples(log);
    if (!msg && N == 0) msg = fric__say_id("mujoco.native_no_sample", "mujoco native replay: the log gives no sample to simulate.",
                                             fric__no_values);
    fric_native_bench b;
    mjModel *m = NULL;
    mjData *d = NULL;
    if (!msg) {
        fric_native_bench_from_log(p, log, &b);
        msg = bench_load(native_mjcf, &b, "mujoco native replay", &m, &d);
    }
    if (msg) {
        if (why) *why = msg;
        return fric__rc();
    }
    double t_bad = 0;
    size_t k = replay_walk(m, d, 0, 0, log, N, native_step, NULL, sim_q, cap, out, &t_bad);
    if (k < N)
        msg = fric__fail_id(FRIC_E_NONFINITE, -1, "mujoco.native_nonfinite",
                            "mujoco native replay: the simulation left the finite range at sample {k} "
                            "(t = {t} s).", fric__values(fric__u("k", k), fric__g("t", t_bad)));
    mj_deleteData(d);
    mj_deleteModel(m);
    if (msg) {
        if (why) *why = msg;
        return FRIC_E_NONFINITE;
    }
    if (why) *why = "";
    return FRIC_OK;
}
