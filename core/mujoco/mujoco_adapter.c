/*
 * mujoco_adapter.c: the core's friction attached to MuJoCo joints
 * (fric_mujoco.h: what is exact, what is the approximation).
 *
 * One joint, IMPLICIT: Kikuuwe's element A (2006, eq. 26) with MuJoCo's own
 * semi-implicit Euler: v' = v* + Z·f, v* = v + h·qacc_smooth_i (MuJoCo's
 * friction-free prediction, mj_fwdAcceleration), Z = h·(M⁻¹)_ii, so
 * f = −Φ_Z(v*) (Kikuuwe eq. 16).
 * Several joints, IMPLICIT: seed-002 §3 step 2 (eqs. 25-27, g = 1): Z_i =
 * h/I_i with I_i the rotor inertia (armature), c_i = v_i + Z_i·(S_i + u_i),
 * u_i the rest of the system's reaction of the previous step (seed-002's
 * τ_prev, eq. 3), f_i = −Φ_Z(c_i) (the sheet's exact alternative, step 3).
 * Servo budgets (M1–M6): the bench's split (bench_step.c): B(w) = C + A·s(w)
 * + K_v·w with τm, τe frozen over the step, a Stribeck law of the end
 * velocity (fric_elem_a_var).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "base.h"
#include "fric_mujoco.h"

const char *const fric_mj_treatment_names[FRIC_MJ_N_TREATMENTS] = { "implicit", "frictionloss",
                                                                    "noslip" };

int fric_mj_treatment_find(const char *name)
{
    for (int i = 0; name && i < FRIC_MJ_N_TREATMENTS; i++)
        if (strcmp(name, fric_mj_treatment_names[i]) == 0) return i;
    return -1;
}

/* MuJoCo's per-dof damping B makes Euler solve with M + h·B: any damping
 * anywhere changes the prediction. */
static int any_damping(const mjModel *m)
{
    for (int i = 0; i < m->nv; i++)
        if (m->dof_damping[i] != 0) return 1;
    return 0;
}

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

static const char *attach_joint(fric_mj_joint *j, const fric_mj_joint_def *def, const mjModel *m,
                                mjData *d, fric_mj_treatment t, int several)
{
    if (!def->joint || !def->joint[0])
        return fric__fail(FRIC_E_NULL, -1, "mujoco: a joint has no name; give the name of a hinge "
                          "or slide joint of the model.");
    int id = mj_name2id(m, mjOBJ_JOINT, def->joint);
    if (id < 0) {
        char list[512] = "";
        size_t len = 0;
        for (int k = 0; k < m->njnt && len < sizeof list - 64; k++) {
            const char *nm = m->names + m->name_jntadr[k];
            if (nm[0]) len += (size_t)snprintf(list + len, sizeof list - len, "%s%s", len ? ", " : "", nm);
        }
        return fric__fail(FRIC_E_UNKNOWN_NAME, -1, "mujoco: the model has no joint named '%s'; its "
                          "named joints: %s.", def->joint, len ? list : "none");
    }
    int type = m->jnt_type[id];
    if (type != mjJNT_HINGE && type != mjJNT_SLIDE)
        return fric__fail(FRIC_E_UNSUPPORTED, -1, "mujoco: joint '%s' is a %s joint; friction attaches "
                          "to hinge and slide joints (one dof) only.", def->joint,
                          type == mjJNT_BALL ? "ball" : "free");
    memset(j, 0, sizeof *j);
    j->jnt = id;
    j->dof = m->jnt_dofadr[id];
    j->qadr = m->jnt_qposadr[id];
    const char *why = NULL;
    if (fric_joint_init(&j->s, def->servo, &def->law, &def->bench, m->opt.timestep,
                        d->qpos[j->qadr], &why))
        return def->servo ? fric__reword("mujoco: joint '%s', servo: %s", def->joint, why)
                          : fric__reword("mujoco: joint '%s': %s", def->joint, why);
    if (t != FRIC_MJ_IMPLICIT) return NULL;

    int dof = j->dof;
    double Z;
    if (m->opt.integrator != mjINT_EULER)
        return fric__fail(FRIC_E_UNSUPPORTED, -1, "mujoco: the implicit treatment predicts MuJoCo's "
                          "Euler step; the model's integrator is %s: set <option integrator=\"Euler\"/>.",
                          m->opt.integrator == mjINT_RK4 ? "RK4" : "implicit");
    if (m->dof_frictionloss[dof] != 0 || m->dof_damping[dof] != 0)
        return fric__fail(FRIC_E_UNSUPPORTED, -1, "mujoco: joint '%s' has MuJoCo frictionloss = %g and "
                          "damping = %g; the implicit treatment is the joint's whole friction: set "
                          "both to 0 (put the viscous part in the law's D).", def->joint,
                          m->dof_frictionloss[dof], m->dof_damping[dof]);
    if (several) {
        j->I = m->dof_armature[dof];
        if (!(j->I > 0))
            return fric__fail(FRIC_E_UNSUPPORTED, -1, "mujoco: joint '%s' has armature = %g; the "
                              "semi-implicit step of several joints splits each joint's rotor inertia "
                              "(armature > 0, the geared joint of seed-002) from the links: give it an "
                              "armature, or attach one joint (exact).", def->joint, j->I);
        Z = m->opt.timestep / j->I;
    } else {
        Z = m->opt.timestep * minv_diag(m, d, dof);
    }
    if (!(Z > 0) || !isfinite(Z))
        return fric__fail(FRIC_E_PARAM_RANGE, -1, "mujoco: joint '%s': Z = h/inertia = %g is not a "
                          "finite number > 0.", def->joint, Z);
    if (fric_joint_prepare(&j->s, Z, &why))
        return fric__reword("mujoco: joint '%s' (Z = %g from its inertia and the step): %s",
                            def->joint, Z, why);
    return NULL;
}

fric_status fric_mujoco_attach(fric_mujoco *fm, mjModel *m, mjData *d, const fric_mj_joint_def *defs,
                               int n, fric_mj_treatment treatment, const char **why)
{
    const char *msg = NULL;
    if (!fm || !m || !d || !defs)
        msg = fric__fail(FRIC_E_NULL, -1, "mujoco: adapter, model, data and joint list must not be NULL.");
    else if (n < 1 || n > FRIC_MJ_MAX_JOINTS)
        msg = fric__say("mujoco: %d joints; attach 1 to %d.", n, FRIC_MJ_MAX_JOINTS);
    else if ((int)treatment < 0 || treatment >= FRIC_MJ_N_TREATMENTS)
        msg = fric__say("mujoco: treatment %d is not implicit (0), frictionloss (1) or noslip (2).",
                        (int)treatment);
    else if (treatment == FRIC_MJ_IMPLICIT && n == 1 && any_damping(m))
        msg = fric__fail(FRIC_E_UNSUPPORTED, -1, "mujoco: the model has MuJoCo joint damping, which "
                         "Euler integrates implicitly (M + h·B) and the exact one-joint prediction "
                         "does not model; set damping to 0 (put it in the law's D).");
    if (!msg) {
        memset(fm, 0, sizeof *fm);
        fm->treatment = treatment;
        fm->n = n;
        mj_forward(m, d);
        for (int i = 0; i < n && !msg; i++) {
            for (int k = 0; k < i && defs[i].joint && defs[k].joint; k++)
                if (strcmp(defs[i].joint, defs[k].joint) == 0)
                    msg = fric__say("mujoco: joint '%s' is named twice; attach each joint once.",
                                    defs[i].joint);
            if (!msg) msg = attach_joint(&fm->j[i], &defs[i], m, d, treatment, n > 1);
        }
    }
    if (!msg && treatment != FRIC_MJ_IMPLICIT) {
        for (int i = 0; i < n; i++) {
            fric_mj_joint *j = &fm->j[i];
            m->dof_frictionloss[j->dof] = fric_joint_rest_loss(&j->s);
            m->dof_damping[j->dof] = fric_joint_damping(&j->s);
        }
        if (treatment == FRIC_MJ_NOSLIP && m->opt.noslip_iterations == 0)
            m->opt.noslip_iterations = FRIC_MJ_NOSLIP_ITERATIONS;
    }
    if (msg && fm) fm->n = 0;
    if (why) *why = msg ? msg : "";
    return msg ? fric__rc() : FRIC_OK;
}

void fric_mujoco_goal(fric_mujoco *fm, int i, double goal, int torque_enable)
{
    if (i < 0 || i >= fm->n) return;
    fric_joint_goal(&fm->j[i].s, goal, torque_enable);
}

/* One joint, exact: MuJoCo's own friction-free prediction. */
static void apply_one(fric_mj_joint *j, const mjModel *m, mjData *d)
{
    int dof = j->dof;
    double h = m->opt.timestep, v = d->qvel[dof];
    if (m->nu) mj_fwdActuation(m, d);
    mj_fwdAcceleration(m, d);                 /* qfrc_smooth, qacc_smooth: friction-free */
    /* the configuration changes the inertia: Z re-prepared when it moved */
    fric_joint_set_z(&j->s, h * minv_diag(m, d, dof));
    /* the load: MuJoCo's smooth forces on the dof and, lagged one step, the
     * constraint forces (limits, contacts) of the last mj_step2 */
    d->qfrc_passive[dof] += fric_joint_step(&j->s, d->qpos[j->qadr], v, v + h * d->qacc_smooth[dof],
                                            d->qfrc_smooth[dof] + d->qfrc_constraint[dof]);
}

/* Several joints: seed-002's semi-implicit per-joint step. */
static void apply_several(fric_mujoco *fm, const mjModel *m, mjData *d)
{
    if (m->nu) mj_fwdActuation(m, d);
    if (!fm->primed) {
        /* no previous step: u = 0, the reaction of a system at rest held by
         * its friction (the hold's fixed point from the first step) */
        for (int i = 0; i < fm->n; i++) fm->j[i].u = 0;
        fm->primed = 1;
    } else {
        for (int i = 0; i < fm->n; i++) {     /* d->qacc, qfrc_smooth: the last mj_step2 */
            fric_mj_joint *j = &fm->j[i];
            j->u = j->I * d->qacc[j->dof] - d->qfrc_smooth[j->dof];
        }
    }
    for (int i = 0; i < fm->n; i++) {
        fric_mj_joint *j = &fm->j[i];
        int dof = j->dof;
        double v = d->qvel[dof];
        double S = d->qfrc_passive[dof] - d->qfrc_bias[dof] + d->qfrc_applied[dof]
                 + (m->nu ? d->qfrc_actuator[dof] : 0);
        double tau_e = S + j->u;
        fric_joint_step(&j->s, d->qpos[j->qadr], v, v + j->s.Z * tau_e, tau_e);
    }
    for (int i = 0; i < fm->n; i++)
        d->qfrc_passive[fm->j[i].dof] += fm->j[i].s.tau_m + fm->j[i].s.tau_f;
}

/* FRICTIONLOSS / NOSLIP: the budget at the current state into MuJoCo's
 * frictionloss and damping (read by the next mj_step1's constraint rows). */
static void apply_loss(fric_mujoco *fm, mjModel *m, mjData *d)
{
    if (m->nu) mj_fwdActuation(m, d);
    for (int i = 0; i < fm->n; i++) {
        fric_mj_joint *j = &fm->j[i];
        int dof = j->dof;
        double tau_e = d->qfrc_passive[dof] - d->qfrc_bias[dof] + d->qfrc_applied[dof]
                     + (m->nu ? d->qfrc_actuator[dof] : 0);
        m->dof_frictionloss[dof] = fric_joint_loss(&j->s, d->qpos[j->qadr], d->qvel[dof], tau_e);
        d->qfrc_passive[dof] += j->s.tau_m;
    }
}

void fric_mujoco_apply(fric_mujoco *fm, mjModel *m, mjData *d)
{
    if (fm->n == 0) return;
    if (fm->treatment != FRIC_MJ_IMPLICIT) apply_loss(fm, m, d);
    else if (fm->n == 1) apply_one(&fm->j[0], m, d);
    else apply_several(fm, m, d);
    fm->steps++;
}

double fric_mujoco_friction(const fric_mujoco *fm, const mjData *d, int i)
{
    if (i < 0 || i >= fm->n) return NAN;
    return fm->treatment == FRIC_MJ_IMPLICIT ? fm->j[i].s.tau_f : d->qfrc_constraint[fm->j[i].dof];
}
