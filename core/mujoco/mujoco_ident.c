/*
 * mujoco_ident.c: MuJoCo 2.2.2's side of identifying a robot's servos
 * (fric_ident.h, fric_mujoco.h's fric_mujoco_ident_*): the recording's
 * joints matched to the model's by name, the tracks computed at the
 * measured motion (mj_forward, mj_fullM), and the whole-arm replay of a
 * recording's goals with per-joint native parameters written into a copy
 * of the model.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base.h"
#include "fric_mujoco.h"

fric_status fric_mujoco_ident_joints(const mjModel *m, const fric_recording *r, int *jnt, int *act, const char **why)
{
    if (!m || !r || !jnt) {
        fric__why(why, fric__fail_door(FRIC_E_NULL, -1, "ident: ", "mujoco.ident_null",
                                     "the model, the recording and the joints must be given.",
                                     fric__no_values));
        return FRIC_E_NULL;
    }
    for (int j = 0; j < r->joints; j++) {
        jnt[j] = mj_name2id(m, mjOBJ_JOINT, r->name[j]);
        if (jnt[j] < 0 || m->jnt_type[jnt[j]] != mjJNT_HINGE) {
            char list[600] = "";
            size_t len = 0;
            for (int i = 0; i < m->njnt; i++) {
                if (m->jnt_type[i] != mjJNT_HINGE) continue;
                int w = snprintf(list + len, sizeof list - len, "%s%s", len ? ", " : "", m->names + m->name_jntadr[i]);
                if (w < 0 || (size_t)w >= sizeof list - len) break;
                len += (size_t)w;
            }
            fric__why(why, fric__fail_door(FRIC_E_UNKNOWN_NAME, -1, "ident: ", "mujoco.ident_no_joint",
                                         "the recording's joint {name} is not a hinge joint of the MJCF; its "
                                         "hinge joints are {list}.",
                                         fric__values(fric__s("name", r->name[j]),
                                                      fric__s("list", list[0] ? list : "none"))));
            return FRIC_E_UNKNOWN_NAME;
        }
        if (!act) continue;
        act[j] = -1;
        for (int k = 0; k < m->nu && act[j] < 0; k++)
            if (m->actuator_trntype[k] == mjTRN_JOINT && m->actuator_trnid[2 * k] == jnt[j]) act[j] = k;
        if (act[j] < 0) {
            fric__why(why, fric__fail_door(FRIC_E_UNKNOWN_NAME, -1, "ident: ", "mujoco.ident_no_actuator",
                                         "the MJCF's joint {name} has no actuator to take the recording's "
                                         "goals; give it a position actuator (<position> or <general> on the joint).",
                                         fric__values(fric__s("name", r->name[j]))));
            return FRIC_E_UNKNOWN_NAME;
        }
    }
    if (why) *why = "";
    return FRIC_OK;
}

/* d's pose at frame k: the model's qpos0, the recording's joints at their
 * measured angle (+ nudge on joint `which`), velocities v (NULL: 0). */
static void pose(const mjModel *m, mjData *d, const fric_recording *r, const int *jnt, size_t k, const double *v,
                 int which, double nudge)
{
    memcpy(d->qpos, m->qpos0, (size_t)m->nq * sizeof *d->qpos);
    memset(d->qvel, 0, (size_t)m->nv * sizeof *d->qvel);
    const size_t J = (size_t)r->joints;
    for (size_t j = 0; j < J; j++) {
        d->qpos[m->jnt_qposadr[jnt[j]]] = r->pos[k * J + j] + ((int)j == which ? nudge : 0);
        if (v) d->qvel[m->jnt_dofadr[jnt[j]]] = v[k * J + j];
    }
}

fric_status fric_mujoco_ident_tracks(const mjModel *m, const fric_recording *r, fric_ident_tracks *tr,
                                     const char **why)
{
    if (!m || !r || !tr) {
        fric__why(why, fric__fail_door(FRIC_E_NULL, -1, "ident: ", "mujoco.ident_null",
                                     "the model, the recording and the joints must be given.",
                                     fric__no_values));
        return FRIC_E_NULL;
    }
    const size_t J = (size_t)r->joints, nv = (size_t)m->nv;
    int jnt[FRIC_REC_MAX_JOINTS];
    if (fric_mujoco_ident_joints(m, r, jnt, NULL, why)) return fric__rc();
    mjData *d = mj_makeData(m);
    double *full = malloc(nv * nv * sizeof *full);
    double *M = malloc(J * J * sizeof *M);
    if (!d || !full || !M) {
        if (d) mj_deleteData(d);
        free(full), free(M);
        fric__why(why, fric__fail_door(FRIC_E_NO_MEMORY, -1, "ident: ", "mujoco.ident_memory", "out of memory.",
                                     fric__no_values));
        return FRIC_E_NO_MEMORY;
    }
    double arm[FRIC_REC_MAX_JOINTS], bias[FRIC_REC_MAX_JOINTS], nudged[FRIC_REC_MAX_JOINTS];
    int dof[FRIC_REC_MAX_JOINTS];
    for (size_t j = 0; j < J; j++) {
        dof[j] = m->jnt_dofadr[jnt[j]];
        arm[j] = m->dof_armature[dof[j]];
    }
    for (size_t k = 0; k < r->n; k++) {
        pose(m, d, r, jnt, k, tr->dq, -1, 0);
        mj_forward(m, d);
        mj_fullM(m, full, d->qM);
        for (size_t j = 0; j < J; j++) {
            bias[j] = d->qfrc_bias[dof[j]];
            for (size_t i = 0; i < J; i++) M[j * J + i] = full[(size_t)dof[j] * nv + (size_t)dof[i]];
        }
        for (size_t j = 0; j < J; j++) {
            pose(m, d, r, jnt, k, tr->dq, (int)j, FRIC_IDENT_NUDGE);
            mj_forward(m, d);
            nudged[j] = d->qfrc_bias[dof[j]];
        }
        fric_ident_tracks_frame(tr, k, M, arm, bias, nudged);
    }
    mj_deleteData(d);
    free(full), free(M);
    if (why) *why = "";
    return FRIC_OK;
}

void fric_mujoco_native_write(mjModel *m, int dof, int act, const fric_native_edit *e)
{
    m->dof_frictionloss[dof] = e->frictionloss;
    m->dof_damping[dof] = e->damping;
    m->dof_armature[dof] = e->armature;
    for (int c = 0; c < 2; c++) m->dof_solref[mjNREF * dof + c] = e->solref[c];
    for (int c = 0; c < 5; c++) m->dof_solimp[mjNIMP * dof + c] = e->solimp[c];
    m->actuator_gaintype[act] = mjGAIN_FIXED;
    m->actuator_biastype[act] = mjBIAS_AFFINE;
    m->actuator_dyntype[act] = mjDYN_NONE;
    for (int c = 0; c < mjNGAIN; c++) m->actuator_gainprm[act * mjNGAIN + c] = 0;
    for (int c = 0; c < mjNBIAS; c++) m->actuator_biasprm[act * mjNBIAS + c] = 0;
    /* e is the joint's servo; a joint transmission of gear g makes the
       actuator's length g·q and puts g·force on the joint (MuJoCo's
       actuation model), so the joint sees g²·kp and g²·kv and the force
       bounded by |g|·forcerange: the actuator gets kp/g², kv/g² and
       forcerange/|g| (and its ctrl the goal in its own length, g·goal:
       fric_mujoco_ident_replay). Gear 1: e's values as they are. */
    const double g = m->actuator_gear[act * 6], g2 = g * g, ga = fabs(g);
    m->actuator_gainprm[act * mjNGAIN] = e->kp / g2;
    m->actuator_biasprm[act * mjNBIAS + 1] = -e->kp / g2;
    m->actuator_biasprm[act * mjNBIAS + 2] = -e->kv / g2;
    m->actuator_forcelimited[act] = (mjtByte)e->limited;
    m->actuator_forcerange[2 * act] = e->forcerange[0] / ga;
    m->actuator_forcerange[2 * act + 1] = e->forcerange[1] / ga;
}

fric_status fric_mujoco_ident_replay(const mjModel *m, const fric_recording *r, const fric_native_params *p,
                                     const unsigned char *use, double firmware_kp, double *sim_q, const char **why)
{
    if (!m || !r || !sim_q) {
        fric__why(why, fric__fail_door(FRIC_E_NULL, -1, "ident replay: ", "mujoco.ident_replay_null",
                                     "the model, the recording and sim_q must be given.",
                                     fric__no_values));
        return FRIC_E_NULL;
    }
    const size_t J = (size_t)r->joints, n = r->n;
    int jnt[FRIC_REC_MAX_JOINTS], act[FRIC_REC_MAX_JOINTS];
    if (fric_mujoco_ident_joints(m, r, jnt, act, why)) return fric__rc();
    fric_native_edit e[FRIC_REC_MAX_JOINTS];
    for (size_t j = 0; p && j < J; j++)
        if ((!use || use[j]) && fric_native_edit_of(&p[j], firmware_kp, &e[j])) {
            fric__why(why, fric__reword("ident replay: joint %s: %s", r->name[j], fric_status_last().message));
            return fric__rc();
        }
    mjModel *mc = mj_copyModel(NULL, m);
    mjData *d = mc ? mj_makeData(mc) : NULL;
    int64_t *step = malloc(n * sizeof *step);
    double *w = malloc(n * sizeof *w), *qprev = malloc((size_t)m->nq * sizeof *qprev);
    if (!mc || !d || !step || !w || !qprev) {
        if (d) mj_deleteData(d);
        if (mc) mj_deleteModel(mc);
        free(step), free(w), free(qprev);
        fric__why(why, fric__fail_door(FRIC_E_NO_MEMORY, -1, "ident: ", "mujoco.ident_memory", "out of memory.",
                                     fric__no_values));
        return FRIC_E_NO_MEMORY;
    }
    for (size_t j = 0; p && j < J; j++)
        if (!use || use[j]) fric_mujoco_native_write(mc, mc->jnt_dofadr[jnt[j]], act[j], &e[j]);
    mj_setConst(mc, d);   /* dof_invweight0 with the new armature, as a compiled file has it */
    mj_resetData(mc, d);
    for (size_t j = 0; j < J; j++) {
        d->qpos[mc->jnt_qposadr[jnt[j]]] = r->pos[j];
        d->ctrl[act[j]] = mc->actuator_gear[act[j] * 6] * r->goal[j];   /* the goal in the actuator's length */
    }
    mj_forward(mc, d);
    fric_ident_frame_steps(r, mc->opt.timestep, step, w);
    fric_status rc = FRIC_OK;
    int64_t s = 0;
    memcpy(qprev, d->qpos, (size_t)mc->nq * sizeof *qprev);
    for (size_t k = 0; k < n && !rc; k++) {
        for (; s < step[k]; s++) {
            memcpy(qprev, d->qpos, (size_t)mc->nq * sizeof *qprev);
            mj_step(mc, d);
        }
        for (size_t j = 0; j < J; j++) {
            /* the observation at t_k, between the steps around it */
            const int a = mc->jnt_qposadr[jnt[j]];
            const double q = qprev[a] + (d->qpos[a] - qprev[a]) * w[k];
            sim_q[k * J + j] = q;
            if (!isfinite(q) && !rc) {
                fric__fail_door(FRIC_E_NONFINITE, -1, "ident replay: ", "mujoco.ident_replay_nonfinite",
                              "MuJoCo's state left the finite range at frame {k} (t = {t} s), "
                              "joint {name}.",
                              fric__values(fric__u("k", k), fric__g("t", r->t[k]), fric__s("name", r->name[j])));
                rc = FRIC_E_NONFINITE;
            }
            d->ctrl[act[j]] = mc->actuator_gear[act[j] * 6] * r->goal[k * J + j];
        }
    }
    mj_deleteData(d);
    mj_deleteModel(mc);
    free(step), free(w), free(qprev);
    if (rc) fric__why(why, fric_status_last().message);
    else if (why) *why = "";
    return rc;
}
