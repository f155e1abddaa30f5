/*
 * mujoco_adapter.c: the core's friction attached to MuJoCo joints
 * (fric_mujoco.h: what is exact, what is the approximation).
 *
 * The orchestration (refusals, Z, the several-joint reaction, the load, the
 * FRICTIONLOSS/NOSLIP writes) is fric_adapter.h's MuJoCo-free fric_mujoco_core
 * (core/adapter/adapter_core.c, with the equations); this file only runs
 * MuJoCo (mj_forward, mj_fwdActuation, mj_fwdAcceleration, mj_solveM for
 * (M⁻¹)_ii) and copies its arrays in and out.
 */
#include <stdio.h>

#include "base.h"
#include "fric_mujoco.h"

/* fric_joint.h numbers MuJoCo's joint types and integrators as MuJoCo does */
_Static_assert((int)FRIC_MUJOCO_JNT_FREE == (int)mjJNT_FREE && (int)FRIC_MUJOCO_JNT_BALL == (int)mjJNT_BALL
               && (int)FRIC_MUJOCO_JNT_SLIDE == (int)mjJNT_SLIDE && (int)FRIC_MUJOCO_JNT_HINGE == (int)mjJNT_HINGE,
               "fric_adapter.h's FRIC_MUJOCO_JNT_* are mjtJoint's");
_Static_assert((int)FRIC_MUJOCO_INT_EULER == (int)mjINT_EULER && (int)FRIC_MUJOCO_INT_RK4 == (int)mjINT_RK4
               && (int)FRIC_MUJOCO_INT_IMPLICIT == (int)mjINT_IMPLICIT,
               "fric_adapter.h's FRIC_MUJOCO_INT_* are mjtIntegrator's");

/* (M⁻¹)_ii by one solve with the LᵀDL factor of mj_fwdPosition (scratch on
 * MuJoCo's stack: no allocation). */
static double minv_diag(const mjModel *m, mjData *d, int dof)
{
    double r;
    mjMARKSTACK;
    mjtNum *e = mj_stackAlloc(d, m->nv);
    mju_zero(e, m->nv);
    e[dof] = 1;
    mj_solveM(m, d, e, e, 1);
    r = e[dof];
    mjFREESTACK;
    return r;
}

/* The joint called name: its joint, dof and qpos addresses (−1 without a
 * name: fric_mujoco_core_init's refusal), and NULL, or the refusal naming the
 * model's joints. */
static const char *find_joint(int *jnt, int *dof, int *qadr, const mjModel *m, const char *name)
{
    *jnt = *dof = *qadr = -1;
    if (!name || !name[0]) return NULL;
    int id = mj_name2id(m, mjOBJ_JOINT, name);
    if (id < 0) {
        char list[512] = "";
        size_t len = 0;
        for (int k = 0; k < m->njnt && len < sizeof list - 64; k++) {
            const char *nm = m->names + m->name_jntadr[k];
            if (nm[0]) len += (size_t)snprintf(list + len, sizeof list - len, "%s%s", len ? ", " : "", nm);
        }
        return fric__fail_door(FRIC_E_UNKNOWN_NAME, -1, "mujoco: ", "mujoco.model_no_joint",
                   "the model has no joint named '{name}'; its named joints: {list}.",
                   fric__values(fric__s("name", name), fric__s("list", len ? list : "none")));
    }
    *jnt = id;
    *dof = m->jnt_dofadr[id];
    *qadr = m->jnt_qposadr[id];
    return NULL;
}

fric_status fric_mujoco_init(fric_mujoco *fm, mjModel *m, mjData *d, const fric_mujoco_joint_def *defs,
                               int n, fric_mujoco_treatment treatment, const char **why)
{
    if (!fm || !m || !d || !defs) {
        const char *msg = fric__fail_door(FRIC_E_NULL, -1, "mujoco: ", "mujoco.adapter_model_data_3",
                              "adapter, model, data and joint list must not be NULL.",
                              fric__no_values);
        if (fm) fm->n = 0;
        if (why) *why = msg;
        return FRIC_E_NULL;
    }
    /* the model's numbers for fric_mujoco_core_init, and the addresses kept
     * aside (the init clears fm) */
    fric_mujoco_joint_model jm[FRIC_MUJOCO_MAX_JOINTS];
    struct { int jnt, dof, qadr; } addr[FRIC_MUJOCO_MAX_JOINTS];
    fric_mujoco_model mm = { m->opt.timestep, m->opt.integrator, 0, m->opt.noslip_iterations, 0 };
    for (int i = 0; i < m->nv; i++)
        if (m->dof_damping[i] != 0) mm.any_damping = 1;
    mj_forward(m, d);
    for (int i = 0; i < n && i < FRIC_MUJOCO_MAX_JOINTS; i++) {
        const char *msg = find_joint(&addr[i].jnt, &addr[i].dof, &addr[i].qadr, m, defs[i].joint);
        if (msg) {
            fm->n = 0;
            if (why) *why = msg;
            return fric__rc();
        }
        int id = addr[i].jnt, dof = addr[i].dof;
        jm[i] = (fric_mujoco_joint_model){ -1, 0, 0, 0, 0, 0 };
        if (id < 0) continue;
        jm[i].type = m->jnt_type[id];
        if (jm[i].type != mjJNT_HINGE && jm[i].type != mjJNT_SLIDE) continue;
        jm[i].frictionloss = m->dof_frictionloss[dof];
        jm[i].damping = m->dof_damping[dof];
        jm[i].armature = m->dof_armature[dof];
        jm[i].minv = n == 1 ? minv_diag(m, d, dof) : 0;
        jm[i].q0 = d->qpos[addr[i].qadr];
    }
    fric_status rc = fric_mujoco_core_init(fm, &mm, jm, defs, n, treatment, why);
    if (rc) return rc;
    for (int i = 0; i < n; i++) {
        fric_mujoco_joint *j = &fm->j[i];
        j->jnt = addr[i].jnt;
        j->dof = addr[i].dof;
        j->qadr = addr[i].qadr;
        m->dof_frictionloss[j->dof] = j->frictionloss;
        m->dof_damping[j->dof] = j->damping;
    }
    m->opt.noslip_iterations = fm->noslip_iterations;
    return FRIC_OK;
}

void fric_mujoco_goal(fric_mujoco *fm, int i, double goal, int torque_enable)
{
    fric_mujoco_core_goal(fm, i, goal, torque_enable);
}

void fric_mujoco_apply(fric_mujoco *fm, mjModel *m, mjData *d)
{
    int n = fm->n;
    if (n == 0) return;
    /* the inputs the treatment reads (fric_mujoco_step_in), by joint; the outputs */
    double q[FRIC_MUJOCO_MAX_JOINTS], v[FRIC_MUJOCO_MAX_JOINTS], a[FRIC_MUJOCO_MAX_JOINTS], b[FRIC_MUJOCO_MAX_JOINTS],
        c[FRIC_MUJOCO_MAX_JOINTS], e[FRIC_MUJOCO_MAX_JOINTS], f[FRIC_MUJOCO_MAX_JOINTS], g[FRIC_MUJOCO_MAX_JOINTS],
        goal[FRIC_MUJOCO_MAX_JOINTS], force[FRIC_MUJOCO_MAX_JOINTS], loss[FRIC_MUJOCO_MAX_JOINTS];
    fric_mujoco_step_in in = { .q = q, .v = v };
    if (m->nu) mj_fwdActuation(m, d);
    for (int i = 0; i < n; i++) {
        q[i] = d->qpos[fm->j[i].qadr];
        v[i] = d->qvel[fm->j[i].dof];
        goal[i] = fm->j[i].act >= 0 ? d->ctrl[fm->j[i].act] : NAN;   /* an adopted actuator's ctrl */
        if (fm->j[i].act >= 0) in.goal = goal;
    }
    if (fm->treatment == FRIC_MUJOCO_IMPLICIT && !fm->several) {
        int dof = fm->j[0].dof;
        mj_fwdAcceleration(m, d);             /* qfrc_smooth, qacc_smooth: friction-free */
        a[0] = minv_diag(m, d, dof);          /* the configuration changes the inertia */
        b[0] = d->qacc_smooth[dof];
        c[0] = d->qfrc_smooth[dof];
        e[0] = d->qfrc_constraint[dof];       /* the last mj_step2's */
        in.minv = a;
        in.qacc_smooth = b;
        in.qfrc_smooth = c;
        in.qfrc_constraint = e;
    } else {
        for (int i = 0; i < n; i++) {
            int dof = fm->j[i].dof;
            a[i] = d->qfrc_passive[dof];
            b[i] = d->qfrc_bias[dof];
            c[i] = d->qfrc_applied[dof];
            e[i] = m->nu ? d->qfrc_actuator[dof] : 0;
            f[i] = d->qacc[dof];              /* several: the last mj_step2's */
            g[i] = d->qfrc_smooth[dof];
        }
        in.qfrc_passive = a;
        in.qfrc_bias = b;
        in.qfrc_applied = c;
        in.qfrc_actuator = m->nu ? e : NULL;
        in.qacc = f;
        in.qfrc_smooth = g;
    }
    fric_mujoco_core_step(fm, &in, force, loss);
    for (int i = 0; i < n; i++) {
        int dof = fm->j[i].dof;
        if (fm->treatment != FRIC_MUJOCO_IMPLICIT) m->dof_frictionloss[dof] = loss[i];
        d->qfrc_passive[dof] += force[i];
    }
}

double fric_mujoco_friction(const fric_mujoco *fm, const mjData *d, int i)
{
    if (i < 0 || i >= fm->n) return NAN;
    return fm->treatment == FRIC_MUJOCO_IMPLICIT ? fm->j[i].s.tau_f : d->qfrc_constraint[fm->j[i].dof];
}
