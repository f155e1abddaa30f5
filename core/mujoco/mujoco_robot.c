/*
 * mujoco_robot.c: a robot of MuJoCo 2.2.2 into the robot layer
 * (fric_robot.h, MuJoCo-free) and its adoption's edits back (fric_mujoco.h's
 * fric_mujoco_robot_*): only MuJoCo's arrays copied in and out.
 */
#include <stdlib.h>

#include "base.h"
#include "fric_mujoco.h"

_Static_assert((int)FRIC_ROBOT_TRN_JOINT == (int)mjTRN_JOINT, "fric_robot.h's FRIC_ROBOT_TRN_JOINT is mjTRN_JOINT");
_Static_assert((int)FRIC_MUJOCO_DYN_INTEGRATOR == (int)mjDYN_INTEGRATOR, "FRIC_MUJOCO_DYN_INTEGRATOR is mjDYN_INTEGRATOR");

fric_robot *fric_mujoco_robot_create(const mjModel *m, const char **why)
{
    if (!m) {
        fric__why(why, fric__fail_id(FRIC_E_NULL, -1, "mujoco.model_not_null",
                           "robot: the model must not be NULL.",
                           fric__no_values));
        return NULL;
    }
    fric_robot_joint *j = calloc((size_t)(m->njnt ? m->njnt : 1), sizeof *j);
    fric_robot_actuator *a = calloc((size_t)(m->nu ? m->nu : 1), sizeof *a);
    fric_robot *r = NULL;
    if (!j || !a) {
        fric__why(why, fric__fail_id(FRIC_E_NO_MEMORY, -1, "mujoco.out_memory_model",
                           "robot: out of memory for the model's {njnt} joints.",
                           fric__values(fric__i("njnt", m->njnt))));
    } else {
        for (int i = 0; i < m->njnt; i++) {
            int dof = m->jnt_dofadr[i];
            /* MuJoCo 2.2.2's compiled model keeps no default class */
            j[i] = (fric_robot_joint){ m->names + m->name_jntadr[i], NULL, m->jnt_type[i], dof, m->jnt_qposadr[i],
                                       m->dof_frictionloss[dof], m->dof_damping[dof], m->dof_armature[dof], NULL, 0,
                                       0 };
        }
        /* the joints a tendon wraps, and those a joint equality names */
        for (int w = 0; w < m->nwrap; w++)
            if (m->wrap_type[w] == mjWRAP_JOINT && m->wrap_objid[w] >= 0 && m->wrap_objid[w] < m->njnt)
                j[m->wrap_objid[w]].tendon = 1;
        for (int e = 0; e < m->neq; e++) {
            if (m->eq_type[e] != mjEQ_JOINT) continue;
            int ids[2] = { m->eq_obj1id[e], m->eq_obj2id[e] };
            for (int c = 0; c < 2; c++)
                if (ids[c] >= 0 && ids[c] < m->njnt) j[ids[c]].equality = 1;
        }
        for (int k = 0; k < m->nu; k++) {
            fric_robot_actuator *x = &a[k];
            *x = (fric_robot_actuator){ m->actuator_trntype[k], m->actuator_trnid[2 * k], m->actuator_gaintype[k],
                                        m->actuator_biastype[k], { 0 }, { 0 }, m->actuator_gear[6 * k],
                                        m->actuator_forcelimited[k], { m->actuator_forcerange[2 * k],
                                        m->actuator_forcerange[2 * k + 1] }, m->actuator_ctrllimited[k],
                                        { m->actuator_ctrlrange[2 * k], m->actuator_ctrlrange[2 * k + 1] },
                                        m->names + m->name_actuatoradr[k], m->actuator_dyntype[k] };
            for (int c = 0; c < 3; c++) {
                x->gainprm[c] = m->actuator_gainprm[k * mjNGAIN + c];
                x->biasprm[c] = m->actuator_biasprm[k * mjNBIAS + c];
            }
        }
        fric_robot_model model = { m->njnt, m->nu, m->opt.timestep, m->opt.integrator,
                                   { m->opt.gravity[0], m->opt.gravity[1], m->opt.gravity[2] } };
        r = fric_robot_create(&model, j, a, why);
    }
    free(j);
    free(a);
    return r;
}

/* The adoption of r into m (fric_robot_adopt_native at d's pose), its
 * edits written: the file's friction and damping out, the servo's armature
 * in, the goal sources' own force off (gain and bias 0: force = gain·ctrl +
 * bias); a native joint's set (fric_mujoco_native_write), then the model's
 * constants again with d's state kept (mj_setConst runs at qpos0). */
static fric_status adopt_into(fric_robot *r, mjModel *m, mjData *d, const fric_bench_def *servos,
                              const fric_native_params *natives, const unsigned char *native, int nservos,
                              int keep_armature, const char **why)
{
    mj_forward(m, d);
    fric_status rc = fric_robot_adopt_native(r, servos, natives, native, nservos, keep_armature, d->qpos, why);
    if (rc) return rc;
    int n = 0, any_native = 0;
    const fric_robot_edit *e = fric_robot_edits(r, &n);
    for (int i = 0; i < n; i++) {
        if (e[i].native) {
            fric_mujoco_native_write(m, e[i].dof, e[i].act, &e[i].set);
            any_native = 1;
            continue;
        }
        m->dof_frictionloss[e[i].dof] = e[i].frictionloss;
        m->dof_damping[e[i].dof] = e[i].damping;
        m->dof_armature[e[i].dof] = e[i].armature;
        if (e[i].act < 0) continue;
        for (int c = 0; c < mjNGAIN; c++) m->actuator_gainprm[e[i].act * mjNGAIN + c] = 0;
        for (int c = 0; c < mjNBIAS; c++) m->actuator_biasprm[e[i].act * mjNBIAS + c] = 0;
    }
    if (any_native) {
        mjData *keep = mj_copyData(NULL, m, d);
        if (!keep) {
            fric__why(why, fric__fail_id(FRIC_E_NO_MEMORY, -1, "mujoco.out_memory_model",
                                         "robot: out of memory for the model's {njnt} joints.",
                                         fric__values(fric__i("njnt", m->njnt))));
            return FRIC_E_NO_MEMORY;
        }
        mj_setConst(m, d);   /* dof_invweight0 with the new armature, as a compiled file has it */
        mj_copyData(d, m, keep);
        mj_deleteData(keep);
        mj_forward(m, d);
    }
    return FRIC_OK;
}

/* fm attached to the adopted joints (fric_mujoco_init), each servo held at
 * the joint's angle in d (the defs' held flag), each goal source set. */
static fric_status attach(fric_mujoco *fm, mjModel *m, mjData *d, const fric_mujoco_adoption *ad,
                          fric_mujoco_treatment treatment, const char **why)
{
    fric_status rc = fric_mujoco_init(fm, m, d, ad->defs, ad->n, treatment, why);
    if (rc) return rc;
    /* the goal sources (a velocity's, intvelocity's or damper's ctrl is no goal) */
    for (int i = 0; i < ad->n; i++) fm->j[i].act = ad->a[i].act_goal ? ad->a[i].act : -1;
    return FRIC_OK;
}

fric_status fric_mujoco_robot_adopt(fric_robot *r, mjModel *m, mjData *d, const fric_bench_def *servos, int nservos,
                                    int keep_armature, const char **why)
{
    return fric_mujoco_robot_adopt_native(r, m, d, servos, NULL, NULL, nservos, keep_armature, why);
}

fric_status fric_mujoco_robot_adopt_native(fric_robot *r, mjModel *m, mjData *d, const fric_bench_def *servos,
                                           const fric_native_params *natives, const unsigned char *native,
                                           int nservos, int keep_armature, const char **why)
{
    if (!r || !m || !d) {
        fric__why(why, fric__fail_door(FRIC_E_NULL, -1, "adopt: ", "mujoco.robot_model_data",
                           "robot, model and data must not be NULL.",
                           fric__no_values));
        return fric__rc();
    }
    fric_status rc = adopt_into(r, m, d, servos, natives, native, nservos, keep_armature, why);
    if (rc) return rc;
    m->opt.integrator = fric_robot_integrator(r, NULL);   /* what the implicit friction predicts */
    if (fric_robot_adoption(r)->n == 0) return FRIC_OK;   /* native servos only: MuJoCo runs them */
    return attach(fric_robot_core(r), m, d, fric_robot_adoption(r), FRIC_MUJOCO_IMPLICIT, why);
}

fric_status fric_mujoco_adopt_model(fric_mujoco *fm, mjModel *m, mjData *d, const fric_mujoco_map_entry *map,
                                    const fric_bench_def *servos, int nmap, int keep_armature,
                                    fric_mujoco_treatment treatment, fric_mujoco_adoption *out, const char **why)
{
    if (!fm || !m || !d || !out) {
        const char *msg = fric__fail_door(FRIC_E_NULL, -1, "adopt: ", "mujoco.adapter_model_data_2",
                              "adapter, model, data and adoption must not be NULL.",
                              fric__no_values);
        if (fm) fm->n = 0;
        if (why) *why = msg;
        return FRIC_E_NULL;
    }
    fm->n = 0;
    fric_robot *r = fric_mujoco_robot_create(m, why);
    if (!r) return fric__rc();
    fric_status rc = fric_robot_map_set(r, map, nmap, why);
    if (!rc) rc = adopt_into(r, m, d, servos, NULL, NULL, nmap, keep_armature, why);
    if (!rc) {
        /* the caller's copy, its joint names the model's own (the robot's go) */
        *out = *fric_robot_adoption(r);
        for (int i = 0; i < out->n; i++) out->defs[i].joint = m->names + m->name_jntadr[out->a[i].joint];
        rc = attach(fm, m, d, out, treatment, why);
    }
    fric_robot_destroy(r);
    return rc;
}

size_t fric_mujoco_robot_caution(const fric_robot *r, const mjModel *m, mjData *d, int i, char *buf, size_t size)
{
    const fric_mujoco_adopted *a = r ? fric_robot_adopted(r, i, NULL) : NULL;
    if (!a || !m || !d) return fric_robot_step_caution(NULL, i, 0, 0, buf, size);
    mj_forward(m, d);
    int dof = m->jnt_dofadr[a->joint];
    return fric_robot_step_caution(r, i, d->qM[m->dof_Madr[dof]] - m->dof_armature[dof], m->opt.timestep, buf, size);
}
