/*
 * adapter_core.c: the MuJoCo adapter's orchestration without MuJoCo
 * (fric_adapter.h's fric_mujoco_core): the refusals, the choice of Z, the
 * several-joint reaction, the load and the FRICTIONLOSS/NOSLIP writes,
 * over plain numbers the caller reads from MuJoCo (natively
 * core/mujoco/mujoco_adapter.c, MuJoCo 2.2.2; in the explorer
 * web/src/mujoco/sim.js through the wasm bindings, MuJoCo 3.x).
 *
 * One joint, IMPLICIT: Kikuuwe's element A (2006, eq. 26) with MuJoCo's own
 * semi-implicit Euler: v' = v* + Z·f, v* = v + h·qacc_smooth_i (MuJoCo's
 * friction-free prediction, mj_fwdAcceleration), Z = h·(M⁻¹)_ii, so
 * f = −Φ_Z(v*) (Kikuuwe eq. 16).
 * Several joints, IMPLICIT: the gear-friction sheet §3 step 2 (eqs. 25-27, g = 1): Z_i =
 * h/I_i with I_i the rotor inertia (armature), c_i = v_i + Z_i·(S_i + u_i),
 * u_i the rest of the system's reaction of the previous step (the gear-friction paper's
 * τ_prev, eq. 3), f_i = −Φ_Z(c_i) (the sheet's exact alternative, step 3).
 * FRICTIONLOSS/NOSLIP: the budget at the state into dof_frictionloss, as
 * the M1–M6 authors' MuJoCo back-end (fric_joint_loss).
 */
#include <math.h>
#include <string.h>

#include "base.h"
#include "fric_adapter.h"

const char *const fric_mujoco_treatment_names[FRIC_MUJOCO_N_TREATMENTS] = { "implicit", "frictionloss",
                                                                    "noslip" };

int fric_mujoco_treatment_find(const char *name)
{
    for (int i = 0; name && i < FRIC_MUJOCO_N_TREATMENTS; i++)
        if (strcmp(name, fric_mujoco_treatment_names[i]) == 0) return i;
    return -1;
}

static const char *integrator_name(int integrator)
{
    switch (integrator) {
    case FRIC_MUJOCO_INT_RK4: return "RK4";
    case FRIC_MUJOCO_INT_IMPLICIT: return "implicit";
    case FRIC_MUJOCO_INT_IMPLICITFAST: return "implicitfast";
    default: return "not Euler";
    }
}

/* One joint: its name, type, law or servo and, IMPLICIT, its fit and Z. */
static const char *init_joint(fric_mujoco_joint *j, int i, const fric_mujoco_joint_def *def,
                              const fric_mujoco_joint_model *jm, const fric_mujoco_model *mm,
                              fric_mujoco_treatment t, int several)
{
    if (!def->joint || !def->joint[0])
        return fric__fail_door(FRIC_E_NULL, -1, "mujoco: ", "adapter.joint_list_no",
                   "joint {i} of the list has no name; give the name of a hinge or slide "
                   "joint of the model.",
                   fric__values(fric__i("i", i + 1)));
    if (jm->type != FRIC_MUJOCO_JNT_HINGE && jm->type != FRIC_MUJOCO_JNT_SLIDE)
        return fric__fail_door(FRIC_E_UNSUPPORTED, -1, "mujoco: ", "adapter.joint_joint_friction",
                   "joint '{joint}' is a {v} joint; friction attaches to hinge and slide "
                   "joints (one dof) only.",
                   fric__values(fric__s("joint", def->joint),
                                fric__s("v", jm->type == FRIC_MUJOCO_JNT_BALL ? fric_mujoco_jnt_names[FRIC_MUJOCO_JNT_BALL]
                                                                      : fric_mujoco_jnt_names[FRIC_MUJOCO_JNT_FREE])));
    memset(j, 0, sizeof *j);
    const char *why = NULL;
    /* a geared servo turns g·q (MuJoCo's joint transmission); a law, or a
     * servo without gear, is on the joint itself */
    double g = def->servo && def->gear != 0 ? def->gear : 1;
    if (!isfinite(g))
        return fric__fail_door(FRIC_E_PARAM_RANGE, -1, "mujoco: ", "adapter.joint_gear_not",
                   "joint '{joint}': gear {g} is not a finite number.",
                   fric__values(fric__s("joint", def->joint), fric__g("g", g)));
    j->gear = g;
    if (fric_joint_init(&j->s, def->servo, &def->law, &def->bench, mm->h, g * jm->q0, &why))
        return def->servo ? fric__reword("mujoco: joint '%s', servo: %s", def->joint, why)
                          : fric__reword("mujoco: joint '%s': %s", def->joint, why);
    j->frictionloss = jm->frictionloss;
    j->damping = jm->damping;
    j->act = -1;
    j->goal_lo = def->goal_lo;
    j->goal_hi = def->goal_hi;
    /* a servo that has been holding its pose: the firmware's smoothed
     * target (STS3215's max_velocity) is the start angle, not 0 as for a log
     * just loaded, which would drive the joint toward 0 at full torque */
    if (def->servo && def->held) j->s.target = j->s.goal;
    if (t != FRIC_MUJOCO_IMPLICIT) {
        /* through the gear: a force bound |g|·B, a viscous g²·K_v on the joint */
        j->frictionloss = fabs(g) * fric_joint_rest_loss(&j->s);
        j->damping = g * g * fric_joint_damping(&j->s);
        return NULL;
    }
    double Z;
    if (jm->frictionloss != 0 || jm->damping != 0)
        return fric__fail_door(FRIC_E_UNSUPPORTED, -1, "mujoco: ", "adapter.joint_mujoco_frictionloss",
                   "joint '{joint}' has MuJoCo frictionloss = {frictionloss} and damping = "
                   "{damping}; the implicit treatment is the joint's whole friction: set both to 0 "
                   "(put the viscous part in the law's D).",
                   fric__values(fric__s("joint", def->joint), fric__g("frictionloss", jm->frictionloss),
                                fric__g("damping", jm->damping)));
    if (several) {
        j->I = jm->armature;
        if (!(j->I > 0) && several == 1)
            return fric__fail_door(FRIC_E_UNSUPPORTED, -1, "mujoco: ", "adapter.joint_armature_semi",
                       "joint '{joint}' has armature = {i}; the semi-implicit step of "
                       "several joints splits each joint's rotor inertia (armature > 0, the geared "
                       "joint of the gear-friction paper) from the links: give it an armature, or attach one joint"
                       " (exact).",
                       fric__values(fric__s("joint", def->joint), fric__g("i", j->I)));
        if (!(j->I > 0))
            return fric__fail_door(FRIC_E_UNSUPPORTED, -1, "mujoco: ", "adapter.joint_armature_so",
                       "joint '{joint}' has armature = {i}; {v}, so the joint takes the "
                       "semi-implicit step, which splits its rotor inertia (armature > 0) from the "
                       "links: give it an armature{v2}.",
                       fric__values(fric__s("joint", def->joint), fric__g("i", j->I),
                                    fric__s("v", mm->any_damping ? "the model has MuJoCo joint damping, which Euler "
                              "integrates implicitly (M + h·B) and the exact one-joint prediction "
                              "does not model" : "its exact inertia (M⁻¹)_ii is not read here (a "
                              "model of several dofs)"),
                                    fric__s("v2", mm->any_damping ? ", or set the model's damping to 0 (put it in the "
                              "law's D)" : "")));
        Z = g * g * mm->h / j->I;
    } else {
        Z = g * g * mm->h * jm->minv;
    }
    if (!(Z > 0) || !isfinite(Z))
        return fric__fail_door(FRIC_E_PARAM_RANGE, -1, "mujoco: ", "adapter.joint_z_h",
                   "joint '{joint}': Z = h/inertia = {z} is not a finite number > 0: "
                   "MuJoCo computed the joint's inertia from the bodies it moves; give their pos, "
                   "quat, mass and inertia finite numbers (a body's mass > 0).",
                   fric__values(fric__s("joint", def->joint), fric__g("z", Z)));
    if (Z > FRIC_MUJOCO_Z_MAX) {
        /* [kg·m²]: the inertia this Z came from, and the least one the bound takes */
        double inertia = several ? j->I : 1 / jm->minv, least = g * g * mm->h / FRIC_MUJOCO_Z_MAX;
        if (several)
            return fric__fail_door(FRIC_E_PARAM_RANGE, -1, "mujoco: ", "adapter.joint_z_armature",
                       "joint '{joint}': Z = gear²·h/armature = {z} rad/(s·N·m) is above "
                       "{mujoco_z_max}: its armature {inertia} kg·m² (the rotor inertia the "
                       "semi-implicit step divides by) is too small for the step h = {h} s; give it "
                       "an armature of at least {least} kg·m², or the model a shorter timestep.",
                       fric__values(fric__s("joint", def->joint), fric__g("z", Z),
                                    fric__g("mujoco_z_max", FRIC_MUJOCO_Z_MAX), fric__g("inertia", inertia),
                                    fric__g("h", mm->h), fric__g("least", least)));
        return fric__fail_door(FRIC_E_PARAM_RANGE, -1, "mujoco: ", "adapter.joint_z_bodies",
                   "joint '{joint}': Z = gear²·h/inertia = {z} rad/(s·N·m) is above "
                   "{mujoco_z_max}: the inertia {inertia} kg·m² MuJoCo computed from the bodies it "
                   "moves is too small for the step h = {h} s; give the joint an armature or its "
                   "bodies inertia of at least {least} kg·m² in all, or the model a shorter "
                   "timestep.",
                   fric__values(fric__s("joint", def->joint), fric__g("z", Z),
                                fric__g("mujoco_z_max", FRIC_MUJOCO_Z_MAX), fric__g("inertia", inertia),
                                fric__g("h", mm->h), fric__g("least", least)));
    }
    if (fric_joint_retune(&j->s, Z, &why))
        return fric__reword("mujoco: joint '%s' (Z = %g from its inertia and the step): %s",
                            def->joint, Z, why);
    return NULL;
}

fric_status fric_mujoco_core_init(fric_mujoco_core *o, const fric_mujoco_model *model,
                              const fric_mujoco_joint_model *joints, const fric_mujoco_joint_def *defs, int n,
                              fric_mujoco_treatment treatment, const char **why)
{
    const char *msg = NULL;
    if (!o || !model || !joints || !defs)
        msg = fric__fail_door(FRIC_E_NULL, -1, "mujoco: ", "adapter.adapter_model_joints",
                  "adapter, model, joints and joint list must not be NULL.",
                  fric__no_values);
    else if (n < 1 || n > FRIC_MUJOCO_MAX_JOINTS)
        msg = fric__say_door("mujoco: ", "adapter.joints_attach",
                  "{n} joints; attach 1 to {mujoco_max_joints}.",
                  fric__values(fric__i("n", n), fric__i("mujoco_max_joints", FRIC_MUJOCO_MAX_JOINTS)));
    else if ((int)treatment < 0 || treatment >= FRIC_MUJOCO_N_TREATMENTS)
        msg = fric__say_door("mujoco: ", "adapter.treatment_not_implicit",
                  "treatment {treatment} is not implicit (0), frictionloss (1) or noslip "
                  "(2).",
                  fric__values(fric__i("treatment", (int)treatment)));
    else if (treatment == FRIC_MUJOCO_IMPLICIT && model->integrator != FRIC_MUJOCO_INT_EULER)
        msg = fric__fail_door(FRIC_E_UNSUPPORTED, -1, "mujoco: ", "adapter.implicit_treatment_predicts",
                  "the implicit treatment predicts MuJoCo's Euler step; the model's "
                  "integrator is {integrator}: set <option integrator=\"Euler\"/>.",
                  fric__values(fric__s("integrator", integrator_name(model->integrator))));
    if (!msg) {
        memset(o, 0, sizeof *o);
        o->treatment = treatment;
        o->n = n;
        /* several joints take the semi-implicit step; so does one joint whose
         * exact prediction does not hold: MuJoCo's per-dof damping B makes
         * Euler solve with M + h·B (any damping anywhere changes it), or the
         * caller cannot read (M⁻¹)_ii (2: one joint, for the refusal's words) */
        if (treatment == FRIC_MUJOCO_IMPLICIT)
            o->several = n > 1 ? 1 : model->any_damping || model->minv_unknown ? 2 : 0;
        o->h = model->h;
        o->noslip_iterations = model->noslip_iterations;
        if (treatment == FRIC_MUJOCO_NOSLIP && o->noslip_iterations == 0)
            o->noslip_iterations = FRIC_MUJOCO_NOSLIP_ITERATIONS;
        for (int i = 0; i < n && !msg; i++) {
            for (int k = 0; k < i && defs[i].joint && defs[k].joint; k++)
                if (strcmp(defs[i].joint, defs[k].joint) == 0)
                    msg = fric__say_door("mujoco: ", "adapter.joint_named_twice",
                              "joint '{joint}' is named twice; attach each joint once.",
                              fric__values(fric__s("joint", defs[i].joint)));
            if (!msg) msg = init_joint(&o->j[i], i, &defs[i], &joints[i], model, treatment, o->several);
        }
    }
    if (msg && o) o->n = 0;
    if (why) *why = msg ? msg : "";
    return msg ? fric__rc() : FRIC_OK;
}

void fric_mujoco_core_goal(fric_mujoco_core *o, int i, double goal, int torque_enable)
{
    if (i < 0 || i >= o->n) return;
    fric_joint_goal(&o->j[i].s, o->j[i].gear * goal, torque_enable);
}

/* The load's smooth part on joint i now: passive − bias + applied +
 * actuator (MuJoCo's qfrc_smooth without xfrc, formed before mj_step2). */
static double load(const fric_mujoco_step_in *in, int i)
{
    return in->qfrc_passive[i] - in->qfrc_bias[i] + in->qfrc_applied[i]
         + (in->qfrc_actuator ? in->qfrc_actuator[i] : 0);
}

/* One joint, exact: MuJoCo's own friction-free prediction. */
static void step_one(fric_mujoco_core *o, const fric_mujoco_step_in *in, double *force)
{
    fric_mujoco_joint *j = &o->j[0];
    double h = o->h, v = in->v[0], g = j->gear;
    /* the configuration changes the inertia: Z re-prepared when it moved
     * (the servo's side of a gear g: angle g·q, Z·g², load τ/g, force g·τ) */
    fric_joint_set_z(&j->s, g * g * h * in->minv[0]);
    /* the load: MuJoCo's smooth forces on the dof and, lagged one step, the
     * constraint forces (limits, contacts) of the last mj_step2 */
    force[0] = g * fric_joint_step(&j->s, g * in->q[0], g * v, g * (v + h * in->qacc_smooth[0]),
                                   (in->qfrc_smooth[0] + in->qfrc_constraint[0]) / g);
}

/* Several joints: the gear-friction paper's semi-implicit per-joint step. */
static void step_several(fric_mujoco_core *o, const fric_mujoco_step_in *in, double *force)
{
    if (!o->primed) {
        /* no previous step: u = 0, the reaction of a system at rest held by
         * its friction (the hold's fixed point from the first step) */
        for (int i = 0; i < o->n; i++) o->j[i].u = 0;
        o->primed = 1;
    } else {
        for (int i = 0; i < o->n; i++) {     /* qacc, qfrc_smooth: the last mj_step2 */
            fric_mujoco_joint *j = &o->j[i];
            j->u = j->I * in->qacc[i] - in->qfrc_smooth[i];
        }
    }
    for (int i = 0; i < o->n; i++) {
        fric_mujoco_joint *j = &o->j[i];
        double v = in->v[i], g = j->gear;
        double tau_e = load(in, i) + j->u;
        /* the servo's side (Z already g²·h/I): v_free g·(v + h/I·τ_e) */
        force[i] = g * fric_joint_step(&j->s, g * in->q[i], g * v, g * v + j->s.Z * (tau_e / g), tau_e / g);
    }
}

/* FRICTIONLOSS / NOSLIP: the budget at the current state into MuJoCo's
 * frictionloss (read by the next mj_step1's constraint rows), τm as a force. */
static void step_loss(fric_mujoco_core *o, const fric_mujoco_step_in *in, double *force, double *frictionloss)
{
    for (int i = 0; i < o->n; i++) {
        fric_mujoco_joint *j = &o->j[i];
        double g = j->gear;
        frictionloss[i] = fabs(g) * fric_joint_loss(&j->s, g * in->q[i], g * in->v[i], load(in, i) / g);
        force[i] = g * j->s.tau_m;
    }
}

/* The goal sources: an adopted actuator's ctrl, clamped to its ctrlrange
 * as MuJoCo clamps a limited ctrl (fric_mujoco_adopt). */
static void take_goals(fric_mujoco_core *o, const double *goal)
{
    for (int i = 0; i < o->n; i++) {
        fric_mujoco_joint *j = &o->j[i];
        double g = goal[i];
        if (isnan(g) || !j->s.servo) continue;
        if (j->goal_lo < j->goal_hi) g = g < j->goal_lo ? j->goal_lo : g > j->goal_hi ? j->goal_hi : g;
        fric_joint_goal(&j->s, g, j->s.torque_enable);
    }
}

void fric_mujoco_core_step(fric_mujoco_core *o, const fric_mujoco_step_in *in, double *force, double *frictionloss)
{
    if (o->n == 0) return;
    if (in->goal) take_goals(o, in->goal);
    if (o->treatment != FRIC_MUJOCO_IMPLICIT) step_loss(o, in, force, frictionloss);
    else if (!o->several) step_one(o, in, force);
    else step_several(o, in, force);
    o->steps++;
}
