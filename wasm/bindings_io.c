/*
 * bindings_io.c: io's params files and logs (fric_io.h) at the wasm wall
 * (wasm/api/io.js): a params file written and read key by key (the carry of
 * keys the core does not read), and a log checked and loaded from the
 * arrays JSON.parse gave (a handle the wrapper frees), its series read back.
 * Conventions: wasm/bindings.c.
 */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fric_scenario.h"
#include "fric_bench.h"
#include "fric_servo.h"
#include "fric_io.h"
#include "fric_recording.h"
#include "fric_recipe.h"
#include "fric_fit.h"
#include "fric_status.h"
#include "bindings_internal.h"

/* ------------------------------------------------- params files (io) */

/* fit[4] = training MAE, held-out MAE (NaN: none), logs, evaluations as
 * the writer's fit metadata; returns meta. */
const fric_io_params_fit *fxb_fit_meta(const double *fit, fric_io_params_fit *meta)
{
    meta->train_mae = fit[0];
    meta->holdout_mae = fit[1];
    meta->logs = fit[2] >= 0 && fit[2] < 1e9 ? (size_t)fit[2] : 0;
    meta->evaluations = fit[3] >= 0 && fit[3] < 1e15 ? (long)fit[3] : 0;
    return meta;
}

/* Writes the params file of (actuator, servo[9] = kt, R, armature, q_offset,
 * error_gain_ratio, max_velocity, max_current, current_limit, max_torque
 * (0: not written), integrator (0 bam: not written, 1 mujoco), carry (the
 * keys the core does not model, fxb_params_carry_add; may be NULL),
 * coefs[FRIC_SERVO_N_COEFS] = model then FRIC_SERVO_COEFS, fit[4] = training
 * MAE, held-out MAE (NaN: none), logs, evaluations, or NULL) into buf[cap]
 * with fric_io_params_write, the CLI's writer. Returns the file's length
 * (>= cap: buf was too small, call again with more), or −1 with the message
 * (the status and the parameter index in the file's order). */
FXB_EXPORT int fxb_params_write(const char *actuator, const double *servo, const double *coefs,
                                const double *fit, int integrator,
                                const fric_io_params_carry *carry, char *buf, int cap)
{
    if (fxb_count_bad("cap", cap, 1)) return -1;
    fric_io_params_file f;
    memset(&f, 0, sizeof f);
    f.actuator = actuator;
    f.kt = servo[0];
    f.R = servo[1];
    f.armature = servo[2];
    f.q_offset = servo[3];
    f.error_gain_ratio = servo[4];
    f.max_velocity = servo[5];
    f.max_current = servo[6];
    f.current_limit = servo[7];
    f.max_torque = servo[8];
    const fric_servo_actuator *act = fric_bench_actuator_find(fric_bench_actuator_resolve(actuator));
    f.torque_control = act && act->control == FRIC_SERVO_TORQUE;   /* Go1: bam's "ratio" */
    f.integrator = integrator;
    f.carry = carry;
    fric_servo_from_array(coefs, &f.friction);
    fric_io_params_fit meta;
    if (fit) f.fit = fxb_fit_meta(fit, &meta);
    size_t len = 0;
    fric_status rc = fric_io_params_write(&f, buf, (size_t)cap, &len);
    if (rc == FRIC_E_BUFFER) return (int)len;
    const char *why = fric_status_last().message;
    if (fxb_from_core(rc, &why)) return -1;
    fxb_set_error("");
    return (int)len;
}

/* One key of a params file (JSON.parse's value: kind FRIC_IO_NUMBER with
 * num, FRIC_IO_STRING with str, or another fric_io_kind) into the bench
 * scenario's parameters p[n], in place, by fric_io_params_set: the CLI's
 * rules and messages (source names the file). 0, or 1 with the message and
 * *err filled (layout io_error). */
FXB_EXPORT int fxb_params_set(double *p, int n, const char *key, int kind, double num,
                              const char *str, const char *source, fric_io_error *err)
{
    memset(err, 0, sizeof *err);
    if (fxb_bench_params_bad(n)) return 1;
    fric_status rc = fric_io_params_set(fric_scenario_find("bench"), p, key, (fric_io_kind)kind,
                                        num, str, source, err);
    if (rc) { const char *m = err->message; fxb_from_core((int)rc, &m); return 1; }   /* with its sentence's id */
    fxb_set_error("");
    return 0;
}

/* One key of a params file as fxb_params_set, but a key the core does not
 * model goes to carry (params_carry_bytes, zeroed by the caller) with json,
 * its value's JSON text (fric_io_params_key). 0 set, 2 carried (warn with
 * fxb_params_carry_note), or 1 with the message and *err filled. */
FXB_EXPORT int fxb_params_key(double *p, int n, fric_io_params_carry *carry, const char *key,
                              int kind, double num, const char *str, const char *json,
                              const char *source, fric_io_error *err)
{
    memset(err, 0, sizeof *err);
    if (fxb_bench_params_bad(n)) return 1;
    int carried = 0;
    fric_status rc = fric_io_params_key(fric_scenario_find("bench"), p, carry, key,
                                        (fric_io_kind)kind, num, str, json, source, &carried, err);
    if (rc) { const char *m = err->message; fxb_from_core((int)rc, &m); return 1; }   /* with its sentence's id */
    fxb_set_error("");
    return carried ? 2 : 0;
}

/* Adds (key, json) to carry (fric_io_params_carry_add): 0, or 1 with the
 * message and *err filled. */
FXB_EXPORT int fxb_params_carry_add(fric_io_params_carry *carry, const char *key,
                                    const char *json, const char *source, fric_io_error *err)
{
    memset(err, 0, sizeof *err);
    fric_status rc = fric_io_params_carry_add(carry, key, json, source, err);
    if (rc) { const char *m = err->message; fxb_from_core((int)rc, &m); return 1; }   /* with its sentence's id */
    fxb_set_error("");
    return 0;
}

/* Carried key i of carry, and its JSON text; NULL past the end. */
FXB_EXPORT const char *fxb_params_carry_key(const fric_io_params_carry *carry, int i)
{
    return carry && i >= 0 && i < carry->n && i < FRIC_IO_CARRY_KEYS ? carry->key[i] : NULL;
}
FXB_EXPORT const char *fxb_params_carry_value(const fric_io_params_carry *carry, int i)
{
    return carry && i >= 0 && i < carry->n && i < FRIC_IO_CARRY_KEYS ? carry->value[i] : NULL;
}

/* The core's one warning for a carried key into buf[cap] (fric_io_params_carry_note). */
FXB_EXPORT void fxb_params_carry_note(const char *key, const char *source, char *buf, int cap)
{
    if (cap > 0) fric_io_params_carry_note(key, source, buf, (size_t)cap);
}

/* A servo's params file (fric_bench_params_servo_init): p[n] = the bench's
 * defaults with actuator and model unset, before the file's keys. */
FXB_EXPORT int fxb_params_servo_init(double *p, int n)
{
    if (fxb_bench_params_bad(n)) return 1;
    fric_bench_params_servo_init(p);
    fxb_set_error("");
    return 0;
}

/* The core's check of a servo's params file read into p[n] (after
 * fxb_params_servo_init and the keys; fric_bench_params_servo, every
 * door's): actuator and model named, the servo buildable. 0 with
 * start[FRIC_FIT_N] = the file as a fit's vector (fric_fit_from_def: where
 * `friction fit --from` starts), or 1 with the core's sentence. */
FXB_EXPORT int fxb_params_servo(const double *p, int n, const char *source, double *start)
{
    if (fxb_bench_params_bad(n)) return 1;
    fric_bench_def d;
    fric_status rc = fric_bench_params_servo(p, source, &d, NULL, NULL);
    if (rc) return fxb_from_core(rc, NULL);
    fric_fit_from_def(&d, start);
    fxb_set_error("");
    return 0;
}

/* ------------------------------------------------------ file sizes (io) */
/* The size check of every door (fric_io_check_size) on a file of `bytes`
 * bytes (File.size, fs.stat's size: a double, exact to 2^53) of kind
 * (fric_io_file_kind), named source, before it is read. 0, or 1 with *err
 * filled (layout io_error) and the message in fxb_last_error. */
FXB_EXPORT int fxb_io_check_size(int kind, double bytes, const char *source, fric_io_error *err)
{
    memset(err, 0, sizeof *err);
    err->entry = -1;
    if (!(bytes >= 0 && bytes <= 9007199254740992.0)) {
        err->code = FRIC_IO_RANGE;
        char sb[32];
        snprintf(sb, sizeof sb, "%g", bytes);
        fxb_refuse(FRIC_E_PARAM_RANGE, "fxb.file_size", "io: a file size of {bytes} bytes is not a size in 0 … 2^53 bytes.",
               "bytes", sb, FXB_END);
        snprintf(err->message, sizeof err->message, "%s", fxb_last_error());
        return 1;
    }
    int rc = fric_io_check_size((fric_io_file_kind)kind, (unsigned long long)bytes, source, err);
    if (rc) {
        if (!err->message[0]) snprintf(err->message, sizeof err->message, "%s", fric_status_last().message);
        fxb_from_core(rc, NULL);      /* the core's sentence: its id and values too */
        return 1;
    }
    fxb_set_status(FRIC_OK, -1, "");
    return 0;
}

/* --------------------------------------------------------- logs (io) */
/* JSON.parse in wasm/friction.js hands a log over as fric_io_log_raw's plain
 * arrays; the rules, the messages and the resampling are io's (fric_io.h),
 * the same as the command line's. A checked log is a handle (a fric_io_log
 * whose arrays are views into the caller's buffers): the wrapper keeps the
 * buffers alive until fxb_log_free. */

/* Checks and loads a log. root: the document's kind; hk[FRIC_IO_H_COUNT]
 * header kinds, h[FRIC_IO_H_MOTOR] header numbers; motor, trajectory (0 when
 * absent); n entries: ek[n] entry kinds, kind[FRIC_IO_E_COUNT·n] and
 * value[...] by column; unknown: the first key the format lacks (0 if none)
 * and its entry (−1: header); te[n] scratch (it receives torque_enable: keep
 * it with the log). Returns the log, or NULL with *err filled (layout
 * io_error) and the message in fxb_last_error. */
FXB_EXPORT fric_io_log *fxb_log_load(int root, const unsigned char *hk, const double *h,
                                     const char *motor, const char *trajectory, int n,
                                     const unsigned char *ek, const unsigned char *kind,
                                     const double *value, const char *unknown, int unknown_entry,
                                     const char *source, int *te, fric_io_error *err)
{
    memset(err, 0, sizeof *err);
    if (fxb_count_bad("n (entries)", n, FRIC_IO_E_COUNT * (sizeof(double) + 1) + 1 + sizeof(int))) {
        err->code = FRIC_IO_RANGE;
        err->entry = -1;
        snprintf(err->message, sizeof err->message, "%.300s", fxb_last_error());
        fxb_restatus(FRIC_E_LOG_INVALID);       /* count_bad's sentence, id and values kept */
        return NULL;
    }
    fric_io_log_raw raw;
    memset(&raw, 0, sizeof raw);
    raw.root = (fric_io_kind)root;
    memcpy(raw.head_kind, hk, sizeof raw.head_kind);
    memcpy(raw.head, h, sizeof raw.head);
    raw.motor = motor;
    raw.trajectory = trajectory;
    raw.n = (size_t)n;
    raw.entry_kind = ek;
    raw.kind = kind;
    raw.value = value;
    raw.unknown_key = unknown;
    raw.unknown_entry = unknown_entry;
    fric_io_log *lg = malloc(sizeof *lg);
    if (!lg) {
        err->code = FRIC_IO_MEMORY;
        err->entry = -1;
        fxb_refuse(FRIC_E_NO_MEMORY, "fxb.log_memory", "out of memory for the log.", FXB_END);
        snprintf(err->message, sizeof err->message, "%s", fxb_last_error());
        return NULL;
    }
    int rc = fric_io_log_create_from_raw(&raw, te, source, lg, err);
    /* the header against the bench's ranges: the native tool's check after
       its read (fric_bench_log_check), here for every page and Node door */
    if (!rc) rc = fric_bench_log_check(lg, source, err);
    if (rc) {
        free(lg);
        const char *m = err->message;
        fxb_from_core(rc, &m);                  /* the core's status, io's message, its sentence's id */
        return NULL;
    }
    fxb_set_status(FRIC_OK, -1, "");
    return lg;
}

/* Frees a log of fxb_log_load (not its arrays: the caller's). */
FXB_EXPORT void fxb_log_free(fric_io_log *lg) { free(lg); }

/* 1 (FRIC_E_NULL) when there is no log. */
int fxb_log_bad(const fric_io_log *lg)
{
    if (lg) return 0;
    fxb_refuse(FRIC_E_NULL, "fxb.no_log", "no log (freed?).", FXB_END);
    return 1;
}

/* Samples of the log (0 when there is none). */
FXB_EXPORT int fxb_log_samples(const fric_io_log *lg) { return lg ? (int)fric_io_log_samples(lg) : 0; }

/* The recorded series the replay scores (fric_io_log_sample): t [s],
 * position and goal [rad], min(cap, samples) values each; and, when speed
 * and torque_enable are not NULL, what a replay drives a simulator with:
 * the measured speed [rad/s] and torque enable (0/1). */
FXB_EXPORT int fxb_log_series(const fric_io_log *lg, double *t, double *q, double *goal, double *speed,
                              double *torque_enable, int cap)
{
    if (fxb_log_bad(lg) || fxb_count_bad("cap", cap, 5 * sizeof(double))) return 1;
    size_t N = fric_io_log_samples(lg), cursor = 0;
    for (size_t k = 0; k < N && k < (size_t)cap; k++) {
        fric_io_sample s = fric_io_log_sample(lg, k, &cursor);
        t[k] = s.t;
        q[k] = s.position;
        goal[k] = s.goal;
        if (speed) speed[k] = s.speed;
        if (torque_enable) torque_enable[k] = s.torque_enable;
    }
    fxb_set_error("");
    return 0;
}

/* ------------------------------------------- a robot's recording (io) */
/* fric_recording.h at the wall: a recording handed over as arrays (the rows
 * of a LeRobot dataset the wrapper read and converted) checked by the core
 * once, LeRobot's units converted by the core, and a recording's CSV read by
 * the core's reader (a handle the wrapper frees). Every door's refusals. */

/* Fills r's names from names[joints] (no copy past the core's bound: a name
 * of FRIC_REC_NAME_LEN bytes or more keeps no NUL, which the check refuses). */
static void recording_names(fric_recording *r, const char *const *names, int joints)
{
    for (int j = 0; j < joints && j < FRIC_REC_MAX_JOINTS; j++) {
        const char *s = names && names[j] ? names[j] : "";
        const size_t n = strlen(s);
        memcpy(r->name[j], s, n < FRIC_REC_NAME_LEN ? n + 1 : FRIC_REC_NAME_LEN);
    }
}

/* Checks the recording t[n] [s], goal[n·joints] and pos[n·joints] [rad]
 * (frame-major), joint names names[joints], nominal period [s] (1/fps; 0:
 * estimated) by fric_recording_check. 0 with *info filled (layout
 * recording_info), or 1 with *err (layout io_error) and the core's sentence. */
FXB_EXPORT int fxb_recording_check(const double *t, const double *goal, const double *pos, int n,
                                   int joints, const char *const *names, double period,
                                   const char *source, fric_recording_info *info, fric_io_error *err)
{
    memset(err, 0, sizeof *err);
    memset(info, 0, sizeof *info);
    if (fxb_count_bad("n (frames)", n, sizeof(double) * (1 + 2.0 * (joints > 0 ? joints : 1)))
        || fxb_count_bad("joints", joints, sizeof(char *))) {
        err->code = FRIC_IO_RANGE;
        err->entry = -1;
        snprintf(err->message, sizeof err->message, "%.300s", fxb_last_error());
        fxb_restatus(FRIC_E_LOG_INVALID);
        return 1;
    }
    static fric_recording r;      /* 2 kB of names: off the wasm stack */
    memset(&r, 0, sizeof r);
    r.n = (size_t)n;
    r.joints = joints;
    recording_names(&r, names, joints);
    r.period = period;
    r.t = t;
    r.goal = goal;
    r.pos = pos;
    int rc = fric_recording_check(&r, source, info, err);
    if (rc) { const char *m = err->message; fxb_from_core(rc, &m); return 1; }
    fxb_set_status(FRIC_OK, -1, "");
    return 0;
}

/* The MJCF angles q[n] [rad] of the values v[n] of one motor in LeRobot's
 * unit m (layout lerobot_motor: its unit, calibration and mapping), checked
 * once (fric_lerobot_motor_check; joint and source name it), converted
 * through the raw count (fric_lerobot_raw_of, fric_lerobot_rad_of_raw);
 * raw[n] (may be NULL) receives the raw counts [count]. 0, or 1 with the
 * sentence. */
FXB_EXPORT int fxb_lerobot_rad(const fric_lerobot_motor *m, const char *joint, const char *source,
                               const double *v, int n, double *q, double *raw)
{
    if (fxb_count_bad("n (values)", n, 3 * sizeof(double))) return 1;
    int rc = fric_lerobot_motor_check(m, joint, source);
    if (rc) return fxb_from_core(rc, NULL);
    for (int i = 0; i < n; i++) {
        const double c = fric_lerobot_raw_of(m, v[i]);
        q[i] = fric_lerobot_rad_of_raw(m, c);
        if (raw) raw[i] = c;
    }
    fxb_set_status(FRIC_OK, -1, "");
    return 0;
}

/* The values v[n] in LeRobot's unit m of the MJCF angles q[n] [rad]
 * (fxb_lerobot_rad's inverse: fric_lerobot_raw_of_rad, fric_lerobot_value_of,
 * through the raw count, unrounded); m checked once. 0, or 1 with the sentence. */
FXB_EXPORT int fxb_lerobot_value(const fric_lerobot_motor *m, const char *joint, const char *source,
                                 const double *q, int n, double *v)
{
    if (fxb_count_bad("n (angles)", n, 2 * sizeof(double))) return 1;
    int rc = fric_lerobot_motor_check(m, joint, source);
    if (rc) return fxb_from_core(rc, NULL);
    for (int i = 0; i < n; i++) v[i] = fric_lerobot_value_of(m, fric_lerobot_raw_of_rad(m, q[i]));
    fxb_set_status(FRIC_OK, -1, "");
    return 0;
}

/* A recording recipe and the definition it was made from (fxb_recipe). */
typedef struct fxb_recipe_h {
    fric_recipe_def def;
    fric_recipe *r;
} fxb_recipe_h;

/* The recording recipe (fric_recipe_create) for the joints names[joints]
 * with ranges lo, hi [rad], at fps [Hz] for about seconds [s], the other
 * fields fric_recipe_default's: a handle (fxb_recipe_free), or NULL with
 * the core's sentence. */
FXB_EXPORT fxb_recipe_h *fxb_recipe(const char *const *names, const double *lo, const double *hi, int joints,
                                    double fps, double seconds)
{
    if (fxb_count_bad("joints", joints, sizeof(char *) + 2 * sizeof(double))) return NULL;
    fxb_recipe_h *h = calloc(1, sizeof *h);
    if (!h) {
        fxb_refuse(FRIC_E_NO_MEMORY, "fxb.recipe_memory", "out of memory for the recipe.", FXB_END);
        return NULL;
    }
    h->def = fric_recipe_default();
    h->def.joints = joints;
    for (int j = 0; j < joints && j < FRIC_REC_MAX_JOINTS; j++) {
        snprintf(h->def.name[j], sizeof h->def.name[j], "%s", names && names[j] ? names[j] : "");
        h->def.lo[j] = lo[j];
        h->def.hi[j] = hi[j];
    }
    h->def.fps = fps;
    h->def.seconds = seconds;
    h->r = fric_recipe_create(&h->def);
    if (!h->r) {
        free(h);
        fxb_from_core(fric_status_last().code, NULL);
        return NULL;
    }
    fxb_set_status(FRIC_OK, -1, "");
    return h;
}

/* A recipe's frames, and its poses. */
FXB_EXPORT double fxb_recipe_frames(const fxb_recipe_h *h) { return h ? (double)h->r->n : 0; }
FXB_EXPORT double fxb_recipe_poses(const fxb_recipe_h *h) { return h ? h->r->poses : 0; }

/* A recipe's goals copied out: goal[cap·joints] [rad], frame-major. */
FXB_EXPORT int fxb_recipe_goals(const fxb_recipe_h *h, double *goal, int cap)
{
    if (!h) { fxb_refuse(FRIC_E_NULL, "fxb.no_recipe", "no recipe (freed?).", FXB_END); return 1; }
    if (fxb_count_bad("cap", cap, sizeof(double) * (double)h->r->joints)) return 1;
    const size_t n = h->r->n < (size_t)cap ? h->r->n : (size_t)cap;
    memcpy(goal, h->r->goal, n * (size_t)h->r->joints * sizeof *goal);
    fxb_set_status(FRIC_OK, -1, "");
    return 0;
}

/* A recipe's CSV (fric_recipe_csv), and its parts as JSON
 * (fric_recipe_segments_json), into buf[cap]: the length it needs, as snprintf. */
FXB_EXPORT double fxb_recipe_csv(const fxb_recipe_h *h, char *buf, int cap)
{
    if (!h) return -1;
    const size_t size = cap > 0 ? (size_t)cap : 0;
    return (double)fric_recipe_csv(h->r, size ? buf : NULL, size);
}
FXB_EXPORT double fxb_recipe_segments(const fxb_recipe_h *h, char *buf, int cap)
{
    if (!h) return -1;
    const size_t size = cap > 0 ? (size_t)cap : 0;
    return (double)fric_recipe_segments_json(h->r, &h->def, size ? buf : NULL, size);
}

/* Frees a recipe of fxb_recipe. */
FXB_EXPORT void fxb_recipe_free(fxb_recipe_h *h)
{
    if (!h) return;
    fric_recipe_destroy(h->r);
    free(h);
}

/* Reads a recording's CSV text[len] (fric_recording_create_from_csv): the
 * recording (a handle: fxb_recording_free), or NULL with *err and the
 * core's sentence; *info as fxb_recording_check's. */
FXB_EXPORT fric_recording *fxb_recording_csv(const char *text, double len, const char *source,
                                             fric_recording_info *info, fric_io_error *err)
{
    memset(err, 0, sizeof *err);
    fric_recording *r = malloc(sizeof *r);
    if (!r) {
        err->code = FRIC_IO_MEMORY;
        err->entry = -1;
        fxb_refuse(FRIC_E_NO_MEMORY, "fxb.recording_memory", "out of memory for the recording.", FXB_END);
        snprintf(err->message, sizeof err->message, "%s", fxb_last_error());
        return NULL;
    }
    /* a length beyond the wasm heap is over the recording limit too: the core's size sentence */
    const size_t n = len >= 0 && len < 4294967296.0 ? (size_t)len : (size_t)-1;
    int rc = fric_recording_create_from_csv(text, n, source, r, info, err);
    if (rc) {
        fric_recording_destroy(r);
        free(r);
        const char *m = err->message;
        fxb_from_core(rc, &m);
        return NULL;
    }
    fxb_set_status(FRIC_OK, -1, "");
    return r;
}

/* Joint j's name of a recording (NULL out of range). */
FXB_EXPORT const char *fxb_recording_name(const fric_recording *r, int j)
{
    return r && j >= 0 && j < r->joints ? r->name[j] : NULL;
}

/* A recording's arrays copied out: t[cap], goal and pos [cap·joints]. */
FXB_EXPORT int fxb_recording_series(const fric_recording *r, double *t, double *goal, double *pos, int cap)
{
    if (!r) { fxb_refuse(FRIC_E_NULL, "fxb.no_recording", "no recording (freed?).", FXB_END); return 1; }
    if (fxb_count_bad("cap", cap, sizeof(double) * (1 + 2.0 * r->joints))) return 1;
    const size_t n = r->n < (size_t)cap ? r->n : (size_t)cap, J = (size_t)r->joints;
    memcpy(t, r->t, n * sizeof *t);
    memcpy(goal, r->goal, n * J * sizeof *goal);
    memcpy(pos, r->pos, n * J * sizeof *pos);
    fxb_set_status(FRIC_OK, -1, "");
    return 0;
}

/* Frees a recording of fxb_recording_csv. */
FXB_EXPORT void fxb_recording_free(fric_recording *r)
{
    fric_recording_destroy(r);
    free(r);
}
