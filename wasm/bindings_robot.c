/*
 * bindings_robot.c: the robot layer (fric_robot.h) for the explorer's
 * "Your robot" (web/src/mujoco/robot.js through wasm/api/robot.js, MuJoCo 3.x
 * in its own wasm module). Every struct crosses as a named record (the
 * layouts robot_model, robot_joint, robot_actuator, mujoco_map_entry,
 * mujoco_adopted, mujoco_skipped, robot_edit, mujoco_model, mujoco_joint_model, robot_row
 * of wasm/bindings.c's FXB_LAYOUTS); MuJoCo's arrays (qpos, ctrl, qvel,
 * qfrc_*) cross as the arrays they are. Errors go through bindings.c's one
 * channel (bindings_internal.h): −1 (or 1, or NULL) with the message recorded.
 */
#include <limits.h>
#include <stddef.h>

#include "fric_adapter.h"
#include "fric_robot.h"
#include "fric_status.h"
#include "bindings_internal.h"

/* The robot of the records m, j[m->njnt], a[m->nu] (fric_robot_create),
 * NULL with the message. */
FXB_EXPORT fric_robot *fxb_robot_create(const fric_robot_model *m, const fric_robot_joint *j,
                                        const fric_robot_actuator *a)
{
    const char *why = "";
    fric_robot *r = fric_robot_create(m, j, a, &why);
    fxb_from_core(!r, &why);
    return r;
}

FXB_EXPORT void fxb_robot_destroy(fric_robot *r) { fric_robot_destroy(r); }

FXB_EXPORT int fxb_robot_joint_actuator(const fric_robot *r, int j) { return fric_robot_joint_actuator(r, j); }

/* Actuator k's kind (FRIC_MUJOCO_ACT_*), its kp [N·m/rad] and kv [N·m·s/rad]. */
FXB_EXPORT int fxb_robot_actuator_kind(const fric_robot *r, int k) { return fric_robot_actuator_kind(r, k, NULL, NULL); }
FXB_EXPORT double fxb_robot_actuator_kp(const fric_robot *r, int k)
{
    double kp = 0;
    fric_robot_actuator_kind(r, k, &kp, NULL);
    return kp;
}
FXB_EXPORT double fxb_robot_actuator_kv(const fric_robot *r, int k)
{
    double kv = 0;
    fric_robot_actuator_kind(r, k, NULL, &kv);
    return kv;
}

FXB_EXPORT int fxb_robot_joint_find(const fric_robot *r, const char *name) { return fric_robot_joint_find(r, name); }

/* The start pose's keyframe for the adoption's sentences (fric_robot_start_key):
 * key its name ("" unnamed), index its number; index < 0: the reference pose qpos0. */
FXB_EXPORT void fxb_robot_start_key(fric_robot *r, const char *key, int index)
{
    fric_robot_start_key(r, index < 0 ? NULL : key, index);
}

/* The joints the adoption skipped (a class or '*' mapping over a slide,
 * ball or free joint): their count, and skipped joint i (record
 * mujoco_skipped: its joint, the mapping entry, its FRIC_MUJOCO_JNT_*
 * type), NULL past them. */
FXB_EXPORT int fxb_robot_nskip(const fric_robot *r)
{
    const fric_mujoco_adoption *ad = fric_robot_adoption(r);
    return ad ? (ad->nskip < FRIC_MUJOCO_MAX_JOINTS ? ad->nskip : FRIC_MUJOCO_MAX_JOINTS) : 0;
}
FXB_EXPORT const fric_mujoco_skipped *fxb_robot_skipped(const fric_robot *r, int i)
{
    const fric_mujoco_adoption *ad = fric_robot_adoption(r);
    if (!ad || i < 0 || i >= ad->nskip || i >= FRIC_MUJOCO_MAX_JOINTS) return NULL;
    return &ad->skip[i];
}

/* The mapping's text parsed (fric_mujoco_map_parse) into out[cap] (records
 * mujoco_map_entry): the count, or −1 with the message. */
FXB_EXPORT int fxb_map_parse(const char *text, fric_mujoco_map_entry *out, int cap)
{
    int n = 0;
    const char *why = "";
    if (fxb_from_core(fric_mujoco_map_parse(text, out, cap, &n, &why), &why)) return -1;
    return n;
}

/* A mapping's servo (fric_robot_servo_parse: "ACTUATOR/mK" or "@NAME")
 * into *out (record robot_servo): 0, or −1 with the message. */
FXB_EXPORT int fxb_robot_servo_parse(const char *servo, fric_robot_servo *out)
{
    const char *why = "";
    return fxb_from_core(fric_robot_servo_parse(servo, out, &why), &why) ? -1 : 0;
}

/* The class → servo rule (fric_robot_class_servo_check) of entry *e (record
 * mujoco_map_entry) and its servo's actuator: 0, or −1 with the message. */
FXB_EXPORT int fxb_robot_class_servo_check(const fric_mujoco_map_entry *e, const char *actuator)
{
    const char *why = "";
    return fxb_from_core(fric_robot_class_servo_check(e, actuator, &why), &why) ? -1 : 0;
}

/* The mapping's text parsed into the robot (fric_robot_map): the count of
 * entries (fxb_robot_map_entry), or −1 with the message. */
FXB_EXPORT int fxb_robot_map(fric_robot *r, const char *text)
{
    const char *why = "";
    int n = 0;
    if (fxb_from_core(fric_robot_map(r, text, &why), &why)) return -1;
    fric_robot_map_entries(r, &n);
    return n;
}

/* The mapping's entries given whole (fric_robot_map_set: a joint or class
 * name may hold ',', '=' or ';', which the text cannot): the count, or −1
 * with the message. */
FXB_EXPORT int fxb_robot_map_set(fric_robot *r, const fric_mujoco_map_entry *map, int n)
{
    const char *why = "";
    int m = 0;
    if (fxb_from_core(fric_robot_map_set(r, map, n, &why), &why)) return -1;
    fric_robot_map_entries(r, &m);
    return m;
}

FXB_EXPORT const fric_mujoco_map_entry *fxb_robot_map_entry(const fric_robot *r, int k)
{
    int n = 0;
    const fric_mujoco_map_entry *e = fric_robot_map_entries(r, &n);
    return k >= 0 && k < n ? &e[k] : NULL;
}

/* The adoption (fric_robot_adopt_native): servos[np·nservos], entry k's
 * bench vector at np·k (fric_bench_def_from_params, read here once: the
 * handle keeps the defs), or, where native[k] is 1, natives[k] (record
 * native_params: MuJoCo's own servo; natives and native may be NULL: none);
 * qpos the start pose. The count adopted (the core's and the native
 * joints, fric_robot_rows), or −1 with the message. */
FXB_EXPORT int fxb_robot_adopt(fric_robot *r, const double *servos, int np, int nservos, int keep_armature,
                               const double *qpos, const fric_native_params *natives, const unsigned char *native)
{
    static fric_bench_def sv[FRIC_MUJOCO_MAP_MAX];
    const char *why = "";
    if (nservos < 0 || nservos > FRIC_MUJOCO_MAP_MAX) {
        fxb_refuse_door(FRIC_E_PARAM_RANGE, "adopt: ", "fxb.adopt_servos", "more servos than a mapping has entries.", FXB_END);
        return -1;
    }
    for (int k = 0; k < nservos; k++)
        if (!(native && natives && native[k]) && fxb_bench_def_of(servos + (size_t)np * (size_t)k, np, NULL, &sv[k]))
            return -1;
    if (fxb_from_core(fric_robot_adopt_native(r, sv, natives, natives ? native : NULL, nservos, keep_armature, qpos,
                                              &why), &why))
        return -1;
    return fric_robot_rows(r);
}

/* Adopted joint i: what it lost and gained (record mujoco_adopted), what
 * copy (C) writes (record robot_edit), its joint def (record
 * mujoco_joint_def: the goal range goal_lo, goal_hi [rad], lo >= hi none);
 * NULL past them. */
FXB_EXPORT const fric_mujoco_adopted *fxb_robot_adopted(const fric_robot *r, int i)
{
    return fric_robot_adopted(r, i, NULL);
}
FXB_EXPORT const fric_robot_edit *fxb_robot_edit(const fric_robot *r, int i)
{
    int n = 0;
    const fric_robot_edit *e = fric_robot_edits(r, &n);
    return i >= 0 && i < n ? &e[i] : NULL;
}
FXB_EXPORT const fric_mujoco_joint_def *fxb_robot_def(const fric_robot *r, int i)
{
    const fric_mujoco_adoption *ad = fric_robot_adoption(r);
    return ad && i >= 0 && i < ad->n ? &ad->defs[i] : NULL;
}

/* The integrator copy (C) runs, and the model's own (the file's). */
FXB_EXPORT int fxb_robot_integrator_run(const fric_robot *r) { return fric_robot_integrator(r, NULL); }
FXB_EXPORT int fxb_robot_integrator_file(const fric_robot *r)
{
    int own = 0;
    fric_robot_integrator(r, &own);
    return own;
}
FXB_EXPORT const char *fxb_robot_integrator_name(int i) { return fric_robot_integrator_name(i); }

/* The adoption's note k (fric_robot_note) into buf[cap]: its length, 0
 * when there is none (the notes are 0 .. k−1). */
FXB_EXPORT int fxb_robot_note(const fric_robot *r, int k, char *buf, int cap)
{
    size_t n = fric_robot_note(r, k, buf, cap > 0 ? (size_t)cap : 0);
    return n > (size_t)INT_MAX ? INT_MAX : (int)n;
}

/* Piece k of adopted row i's line of the adoption report
 * (fric_robot_report; servo the page's name of the row's servo) into
 * buf[cap]: its length, 0 when there is none (the id and values:
 * fxb_sentence_id). */
FXB_EXPORT int fxb_robot_report(const fric_robot *r, int i, int k, const char *servo, char *buf, int cap)
{
    size_t n = fric_robot_report(r, i, k, servo, buf, cap > 0 ? (size_t)cap : 0);
    return n > (size_t)INT_MAX ? INT_MAX : (int)n;
}

/* Adopted joint i's caution for copy (A) at step h [s] (fric_robot_step_caution):
 * inertia M's diagonal at its dof less its armature [kg·m²]; the sentence in
 * buf[cap], its length (0: none; the id and values: fxb_sentence_id). */
FXB_EXPORT int fxb_robot_step_caution(const fric_robot *r, int i, double inertia, double h, char *buf, int cap)
{
    size_t n = fric_robot_step_caution(r, i, inertia, h, buf, cap > 0 ? (size_t)cap : 0);
    return n > (size_t)INT_MAX ? INT_MAX : (int)n;
}

/* The adapter of copy (C) (fric_robot_attach): m one record mujoco_model,
 * jm one record mujoco_joint_model per adopted joint. 0, or 1 with the
 * message. */
FXB_EXPORT int fxb_robot_attach(fric_robot *r, const fric_mujoco_model *m, const fric_mujoco_joint_model *jm,
                                int treatment)
{
    const char *why = "";
    return fxb_from_core(fric_robot_attach(r, m, jm, (fric_mujoco_treatment)treatment, &why), &why) ? 1 : 0;
}

/* The adapter's state (the wrapper steps it with fxb_mj_step), its step
 * (0: the exact one-joint step) and what opt.noslip_iterations gets. */
FXB_EXPORT fric_mujoco_core *fxb_robot_core(fric_robot *r) { return fric_robot_core(r); }
FXB_EXPORT int fxb_robot_several(fric_robot *r) { return fric_robot_core(r)->several; }
FXB_EXPORT int fxb_robot_noslip_iterations(fric_robot *r) { return fric_robot_core(r)->noslip_iterations; }

/* The goals (fric_robot_start_goals, fric_robot_set_goal): qpos [nq] of
 * copy (C), ctrl_a and ctrl_c [nu] of both copies, written in place. */
FXB_EXPORT void fxb_robot_start_goals(fric_robot *r, const double *qpos, double *ctrl_a, double *ctrl_c)
{
    fric_robot_start_goals(r, qpos, ctrl_a, ctrl_c);
}
/* 1 with the core's sentence when the goal is refused (nothing changed). */
FXB_EXPORT int fxb_robot_set_goal(fric_robot *r, int j, double goal, double *ctrl_a, double *ctrl_c)
{
    const char *why = NULL;
    return fxb_from_core(fric_robot_set_goal(r, j, goal, ctrl_a, ctrl_c, &why), &why) ? 1 : 0;
}
FXB_EXPORT double fxb_robot_goal(const fric_robot *r, int j) { return fric_robot_goal(r, j); }

/* The creep ring: after each step (1: record now), the record of both
 * copies' qpos [nq], the reset. */
FXB_EXPORT int fxb_robot_tick(fric_robot *r) { return fric_robot_tick(r); }
FXB_EXPORT void fxb_robot_record(fric_robot *r, const double *qpos_a, const double *qpos_c)
{
    fric_robot_record(r, qpos_a, qpos_c);
}
FXB_EXPORT void fxb_robot_reset(fric_robot *r) { fric_robot_reset(r); }

/* Adopted joint i's row of copy c (0: A, 1: C) into out (record robot_row)
 * from that copy's arrays. 0, or 1 with the message. */
FXB_EXPORT int fxb_robot_row(const fric_robot *r, int i, int c, const double *qpos, const double *qvel,
                             const double *qfrc_actuator, const double *qfrc_constraint, fric_robot_row *out)
{
    return fxb_from_core(fric_robot_row_of(r, i, c, qpos, qvel, qfrc_actuator, qfrc_constraint, out), NULL) ? 1 : 0;
}
