/*
 * adapter_robot.c: the robot layer (fric_robot.h), MuJoCo-free: a robot's
 * joints and actuators as plain numbers, its adoption with the model edits
 * as data, the one starting-goal rule, the creep ring and the per-joint
 * row. The command line (cli/mujoco.c through core/mujoco/) and the
 * explorer (web/src/mujoco/robot.js through wasm/bindings_robot.c) copy
 * MuJoCo's arrays in and write back what this file decides.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base.h"
#include "fric_io.h"
#include "fric_robot.h"

struct fric_robot {
    fric_robot_model model;
    fric_robot_joint *jnt;          /* [njnt], names into text             */
    fric_robot_actuator *act;       /* [nu]                                */
    char *text;                     /* the names and classes, NUL each     */
    int *jact;                      /* [njnt] each joint's actuator, −1    */
    int *akind;                     /* [nu] FRIC_MUJOCO_ACT_*              */
    double *akp, *akv;              /* [nu] as the MJCF wrote them         */
    int *adopted;                   /* [njnt] its index in the adoption, −1 */
    fric_mujoco_robot_joint *rj;    /* [njnt] what fric_mujoco_adopt reads */
    fric_mujoco_map_entry map[FRIC_MUJOCO_MAP_MAX];
    int nmap;
    int have_adoption;
    fric_mujoco_adoption ad;
    fric_robot_edit edit[FRIC_MUJOCO_MAX_JOINTS];
    fric_mujoco_core core;
    double *goal;                   /* [njnt] each joint's goal [rad]      */
    long sample, span;              /* steps per creep sample, samples     */
    long steps, nh;                 /* steps since the start, samples taken */
    double *hist[2];                /* (A), (C): [span·njnt] the ring      */
    char key[128];                  /* the start keyframe's name (fric_robot_start_key) */
    int key_index;                  /* its index, −1: qpos0                */
};

static const char *const integrator_names[] = { "Euler", "RK4", "implicit", "implicitfast" };

const char *fric_robot_integrator_name(int i)
{
    return i >= 0 && i < (int)(sizeof integrator_names / sizeof integrator_names[0]) ? integrator_names[i] : NULL;
}

/* s copied into *at (advanced past its NUL); NULL stays NULL. */
static const char *keep(char **at, const char *s)
{
    if (!s) return NULL;
    size_t n = strlen(s) + 1;
    memcpy(*at, s, n);
    const char *out = *at;
    *at += n;
    return out;
}

static void *zalloc(size_t n, size_t size, int *failed)
{
    void *p = calloc(n ? n : 1, size);
    if (!p) *failed = 1;
    return p;
}

/* Joint j's name for a sentence: 'name', or its index when unnamed. */
static const char *joint_name(const fric_robot_joint *joints, int j, char *buf, size_t n)
{
    if (joints[j].name && joints[j].name[0]) snprintf(buf, n, "'%s'", joints[j].name);
    else snprintf(buf, n, "%d (unnamed)", j);
    return buf;
}

static int finite3(const double x[3])
{
    return isfinite(x[0]) && isfinite(x[1]) && isfinite(x[2]);
}

/* The robot's one validation (every door: the command line, Node, the
 * page), once when the robot is made: NULL, or the sentence recorded
 * (FRIC_E_PARAM_RANGE), naming the element and attribute as the MJCF
 * writes them. */
static const char *robot_invalid(const fric_robot_model *m, const fric_robot_joint *joints,
                                 const fric_robot_actuator *actuators)
{
    char jn[96];
    if (!(m->timestep > 0) || !isfinite(m->timestep))
        return fric__say_id("robot.option_timestep_not",
                   "option timestep=\"{timestep}\" is not a finite number > 0: give the physics "
                   "step in seconds, e.g. timestep=\"0.002\".",
                   fric__values(fric__g("timestep", m->timestep)));
    if (m->timestep < FRIC_ROBOT_MIN_TIMESTEP)
        return fric__say_id("robot.option_timestep_below",
                   "option timestep=\"{timestep}\" is below {robot_min_timestep} s: one simulated "
                   "second would take {timestep2} steps (a run is at most {robot_max_steps}); give "
                   "a timestep of at least {robot_min_timestep} s.",
                   fric__values(fric__g("timestep", m->timestep),
                                fric__g("robot_min_timestep", FRIC_ROBOT_MIN_TIMESTEP),
                                fric__gp("timestep2", 3, 1.0 / m->timestep),
                                fric__i("robot_max_steps", FRIC_ROBOT_MAX_STEPS)));
    if (!finite3(m->gravity))
        return fric__say_id("robot.option_gravity_not",
                   "option gravity=\"{gravity} {gravity2} {gravity3}\" is not three finite numbers:"
                   " give gravity in m/s², e.g. gravity=\"0 0 -9.81\".",
                   fric__values(fric__g("gravity", m->gravity[0]), fric__g("gravity2", m->gravity[1]),
                                fric__g("gravity3", m->gravity[2])));
    for (int j = 0; j < m->njnt; j++) {
        const fric_robot_joint *x = &joints[j];
        const char *attr = !isfinite(x->frictionloss) ? "frictionloss" : !isfinite(x->damping) ? "damping"
                         : !isfinite(x->armature) ? "armature" : NULL;
        double v = !isfinite(x->frictionloss) ? x->frictionloss : !isfinite(x->damping) ? x->damping : x->armature;
        if (attr)
            return fric__say_id("robot.joint_not_finite",
                       "joint {jn} {attr}=\"{v}\" is not a finite number: give it a finite value.",
                       fric__values(fric__s("jn", joint_name(joints, j, jn, sizeof jn)),
                                    fric__s("attr", attr), fric__g("v", v)));
    }
    for (int k = 0; k < m->nu; k++) {
        const fric_robot_actuator *a = &actuators[k];
        const char *attr = !finite3(a->gainprm) ? "gainprm (kp)" : !finite3(a->biasprm) ? "biasprm (kp, kv)"
                         : !isfinite(a->gear) ? "gear" : isnan(a->forcerange[0]) || isnan(a->forcerange[1]) ? "forcerange"
                         : isnan(a->ctrlrange[0]) || isnan(a->ctrlrange[1]) ? "ctrlrange" : NULL;
        if (!attr) continue;
        if (a->trntype == FRIC_ROBOT_TRN_JOINT && a->trnid >= 0 && a->trnid < m->njnt)
            joint_name(joints, a->trnid, jn, sizeof jn);
        else
            snprintf(jn, sizeof jn, "none");
        if (a->name && a->name[0])
            return fric__say_id("robot.actuator_joint_not",
                       "actuator '{name}' (joint {jn}) {attr} is not finite: give the actuator "
                       "finite numbers.",
                       fric__values(fric__s("name", a->name), fric__s("jn", jn), fric__s("attr", attr)));
        return fric__say_id("robot.actuator_joint_not_2",
                   "actuator {k} (joint {jn}) {attr} is not finite: give the actuator finite "
                   "numbers.",
                   fric__values(fric__i("k", k), fric__s("jn", jn), fric__s("attr", attr)));
    }
    return NULL;
}

fric_robot *fric_robot_create(const fric_robot_model *model, const fric_robot_joint *joints,
                              const fric_robot_actuator *actuators, const char **why)
{
    const char *msg = NULL;
    if (!model || (!joints && model->njnt > 0) || (!actuators && model->nu > 0))
        msg = fric__fail_id(FRIC_E_NULL, -1, "robot.model_joints_actuators",
                  "robot: the model, its joints and actuators must not be NULL.",
                  fric__no_values);
    else if (model->njnt < 0 || model->nu < 0)
        msg = fric__say_id("robot.joints_actuators_give",
                  "robot: {njnt} joints and {nu} actuators; give the model's counts (>= 0).",
                  fric__values(fric__i("njnt", model->njnt), fric__i("nu", model->nu)));
    else
        msg = robot_invalid(model, joints, actuators);
    if (msg) {
        fric__why(why, msg);
        return NULL;
    }
    int nj = model->njnt, nu = model->nu, failed = 0;
    size_t chars = 0;
    for (int j = 0; j < nj; j++)
        chars += (joints[j].name ? strlen(joints[j].name) + 1 : 0) + (joints[j].cls ? strlen(joints[j].cls) + 1 : 0)
               + (joints[j].ancestry ? strlen(joints[j].ancestry) + 1 : 0);
    for (int k = 0; k < nu; k++) chars += actuators[k].name ? strlen(actuators[k].name) + 1 : 0;
    fric_robot *r = zalloc(1, sizeof *r, &failed);
    long sample = lround(FRIC_ROBOT_SAMPLE / model->timestep);
    if (sample < 1) sample = 1;
    /* at least two samples: a timestep above 2/3 s rounded the ring to one
     * sample, and the creep (two samples apart) was NaN at every step; the
     * ring then spans one step */
    long span = lround(FRIC_ROBOT_CREEP_WINDOW / ((double)sample * model->timestep));
    if (span < 2) span = 2;
    if (r) {
        r->model = *model;
        r->sample = sample;
        r->span = span;
        r->jnt = zalloc((size_t)nj, sizeof *r->jnt, &failed);
        r->act = zalloc((size_t)nu, sizeof *r->act, &failed);
        r->text = zalloc(chars, 1, &failed);
        r->jact = zalloc((size_t)nj, sizeof *r->jact, &failed);
        r->adopted = zalloc((size_t)nj, sizeof *r->adopted, &failed);
        r->akind = zalloc((size_t)nu, sizeof *r->akind, &failed);
        r->akp = zalloc((size_t)nu, sizeof *r->akp, &failed);
        r->akv = zalloc((size_t)nu, sizeof *r->akv, &failed);
        r->rj = zalloc((size_t)nj, sizeof *r->rj, &failed);
        r->goal = zalloc((size_t)nj, sizeof *r->goal, &failed);
        for (int c = 0; c < 2; c++) r->hist[c] = zalloc((size_t)span * (size_t)(nj ? nj : 1), sizeof(double), &failed);
    }
    if (!r || failed) {
        fric_robot_destroy(r);
        fric__why(why, fric__fail_id(FRIC_E_NO_MEMORY, -1, "robot.out_memory_robot",
                           "robot: out of memory for a robot of {nj} joints and {nu} actuators.",
                           fric__values(fric__i("nj", nj), fric__i("nu", nu))));
        return NULL;
    }
    char *at = r->text;
    for (int j = 0; j < nj; j++) {
        r->jnt[j] = joints[j];
        r->jnt[j].name = keep(&at, joints[j].name);
        r->jnt[j].cls = keep(&at, joints[j].cls);
        r->jnt[j].ancestry = keep(&at, joints[j].ancestry);
        r->jact[j] = -1;
        r->adopted[j] = -1;
    }
    for (int k = 0; k < nu; k++) {
        r->act[k] = actuators[k];
        r->act[k].name = keep(&at, actuators[k].name);
        r->akind[k] = fric_mujoco_actuator_kind(actuators[k].dyntype, actuators[k].gaintype, actuators[k].biastype,
                                                actuators[k].gainprm, actuators[k].biasprm, &r->akp[k], &r->akv[k]);
        /* a joint's actuator: the last whose transmission is the joint
         * (MuJoCo sums them; one is the usual case) */
        int j = actuators[k].trnid;
        if (actuators[k].trntype == FRIC_ROBOT_TRN_JOINT && j >= 0 && j < nj) r->jact[j] = k;
    }
    r->key_index = -1;
    fric__why(why, "");
    return r;
}

void fric_robot_destroy(fric_robot *r)
{
    if (!r) return;
    free(r->jnt);
    free(r->act);
    free(r->text);
    free(r->jact);
    free(r->adopted);
    free(r->akind);
    free(r->akp);
    free(r->akv);
    free(r->rj);
    free(r->goal);
    free(r->hist[0]);
    free(r->hist[1]);
    free(r);
}

int fric_robot_joint_actuator(const fric_robot *r, int j)
{
    return j >= 0 && j < r->model.njnt ? r->jact[j] : -1;
}

int fric_robot_actuator_kind(const fric_robot *r, int k, double *kp, double *kv)
{
    if (k < 0 || k >= r->model.nu) return -1;
    if (kp) *kp = r->akp[k];
    if (kv) *kv = r->akv[k];
    return r->akind[k];
}

int fric_robot_joint_find(const fric_robot *r, const char *name)
{
    for (int j = 0; name && name[0] && j < r->model.njnt; j++)
        if (r->jnt[j].name && strcmp(r->jnt[j].name, name) == 0) return j;
    return -1;
}

const char *fric_robot_actuator_name(const fric_robot *r, int k)
{
    if (k < 0 || k >= r->model.nu) return NULL;
    return r->act[k].name ? r->act[k].name : "";
}

void fric_robot_start_key(fric_robot *r, const char *key, int index)
{
    if (!r) return;
    snprintf(r->key, sizeof r->key, "%s", key ? key : "");
    r->key_index = key ? index : -1;
}

/* Joint j's actuator is position-like: its ctrl is a goal angle (times its
 * gear; a motor's is a torque, a velocity's a speed, a damper's a gain). */
static int position_like(const fric_robot *r, int j)
{
    int k = r->jact[j];
    /* a general actuator is position-like with a stiffness in its bias (kp
     * −biasprm[1]); without one its ctrl scales a torque, as a motor's */
    return k >= 0 && (r->akind[k] == FRIC_MUJOCO_ACT_POSITION
                      || (r->akind[k] == FRIC_MUJOCO_ACT_GENERAL && r->akp[k] != 0));
}

/* The qpos entries of a joint of this type (free 7, ball 4, else 1). */
static int qpos_width(int type)
{
    return type == FRIC_MUJOCO_JNT_FREE ? 7 : type == FRIC_MUJOCO_JNT_BALL ? 4 : 1;
}

static void clear_adoption(fric_robot *r)
{
    r->have_adoption = 0;
    r->ad.n = r->ad.nnat = 0;
    r->core.n = 0;
    for (int j = 0; j < r->model.njnt; j++) r->adopted[j] = -1;
}

fric_status fric_robot_map(fric_robot *r, const char *text, const char **why)
{
    if (!r) {
        fric__why(why, fric__fail_door(FRIC_E_NULL, -1, "adopt: ", "robot.robot_not_null",
                           "the robot must not be NULL.",
                           fric__no_values));
        return fric__rc();
    }
    clear_adoption(r);
    return fric_mujoco_map_parse(text, r->map, FRIC_MUJOCO_MAP_MAX, &r->nmap, why);
}

fric_status fric_robot_map_set(fric_robot *r, const fric_mujoco_map_entry *map, int n, const char **why)
{
    if (!r || !map) {
        fric__why(why, fric__fail_door(FRIC_E_NULL, -1, "adopt: ", "robot.robot_mapping_not",
                           "the robot and the mapping must not be NULL.",
                           fric__no_values));
        return fric__rc();
    }
    clear_adoption(r);
    r->nmap = 0;
    if (n < 0 || n > FRIC_MUJOCO_MAP_MAX) {
        fric__why(why, fric__say_door("adopt: ", "robot.mapping_entries_give",
                           "{n} mapping entries; give at most {mujoco_map_max}.",
                           fric__values(fric__i("n", n), fric__i("mujoco_map_max", FRIC_MUJOCO_MAP_MAX))));
        return fric__rc();
    }
    memcpy(r->map, map, (size_t)n * sizeof *map);
    r->nmap = n;
    fric__why(why, "");
    return FRIC_OK;
}

const fric_mujoco_map_entry *fric_robot_map_entries(const fric_robot *r, int *n)
{
    *n = r->nmap;
    return r->nmap ? r->map : NULL;
}

fric_status fric_robot_adopt(fric_robot *r, const fric_bench_def *servos, int nservos, int keep_armature,
                             const double *qpos, const char **why)
{
    return fric_robot_adopt_native(r, servos, NULL, NULL, nservos, keep_armature, qpos, why);
}

fric_status fric_robot_adopt_native(fric_robot *r, const fric_bench_def *servos, const fric_native_params *natives,
                                    const unsigned char *native, int nservos, int keep_armature, const double *qpos,
                                    const char **why)
{
    const char *msg = NULL;
    if (!r || !servos || !qpos)
        msg = fric__fail_door(FRIC_E_NULL, -1, "adopt: ", "robot.robot_servos_qpos",
                  "the robot, servos and qpos must not be NULL.",
                  fric__no_values);
    else if (nservos != r->nmap)
        msg = fric__say_door("adopt: ", "robot.servos_mapping_entries",
                  "{nservos} servos for a mapping of {nmap} entries; parse the mapping "
                  "(fric_robot_map) and resolve one servo per entry.",
                  fric__values(fric__i("nservos", nservos), fric__i("nmap", r->nmap)));
    if (msg) {
        if (r) clear_adoption(r);
        fric__why(why, msg);
        return fric__rc();
    }
    clear_adoption(r);
    /* the start pose: each joint's qpos the layer reads (q0, at its
     * qposadr) finite */
    for (int j = 0; j < r->model.njnt; j++) {
        int w = qpos_width(r->jnt[j].type), at = r->jnt[j].qposadr, c = 0;
        while (c < w && isfinite(qpos[at + c])) c++;
        /* a hinge's or slide's start angle is its first goal
         * (fric_robot_start_goals): within the goals' bound */
        int far = c == w && w == 1 && !(fabs(qpos[at]) <= FRIC_ROBOT_GOAL_MAX);
        if (c == w && !far) continue;
        char jn[96], part[48] = "", key[176];
        if (w > 1) snprintf(part, sizeof part, " (entry %d of its %d)", c + 1, w);
        if (r->key_index < 0)
            snprintf(key, sizeof key, "the reference pose qpos0, from <joint ref>");
        else if (r->key[0])
            snprintf(key, sizeof key, "<key name=\"%s\">", r->key);
        else
            snprintf(key, sizeof key, "keyframe %d, an unnamed <key>", r->key_index);
        if (far) {
            fric__why(why, fric__say_door("adopt: ", "robot.start_pose_goal",
                               "the start pose's ({key}) qpos of joint {jn} is {qpos} at qpos[{c}], "
                               "outside ±{robot_goal_max}: it is the joint's first goal, which the core "
                               "bounds as every goal; give the keyframe a qpos within ±{robot_goal_max}.",
                               fric__values(fric__s("key", key),
                                            fric__s("jn", joint_name(r->jnt, j, jn, sizeof jn)),
                                            fric__g("qpos", qpos[at]), fric__i("c", at),
                                            fric__g("robot_goal_max", FRIC_ROBOT_GOAL_MAX))));
            return fric__rc();
        }
        fric__why(why, fric__say_door("adopt: ", "robot.start_pose_s",
                           "the start pose's ({key}) qpos of joint {jn} is {qpos} at qpos["
                           "{c}]{part}, not a finite number: give every qpos of the keyframe a "
                           "finite value.",
                           fric__values(fric__s("key", key),
                                        fric__s("jn", joint_name(r->jnt, j, jn, sizeof jn)),
                                        fric__g("qpos", qpos[at + c]), fric__i("c", at + c),
                                        fric__s("part", part))));
        return fric__rc();
    }
    for (int j = 0; j < r->model.njnt; j++) {
        const fric_robot_joint *x = &r->jnt[j];
        fric_mujoco_robot_joint *y = &r->rj[j];
        memset(y, 0, sizeof *y);
        y->name = x->name ? x->name : "";
        y->cls = x->cls;
        y->ancestry = x->ancestry;
        y->tendon = x->tendon;
        y->equality = x->equality;
        y->jm = (fric_mujoco_joint_model){ x->type, x->frictionloss, x->damping, x->armature, 0, qpos[x->qposadr] };
        y->act = r->jact[j];
        if (y->act < 0) continue;
        const fric_robot_actuator *a = &r->act[y->act];
        y->act_dyntype = a->dyntype;
        y->act_gaintype = a->gaintype;
        y->act_biastype = a->biastype;
        memcpy(y->act_gainprm, a->gainprm, sizeof y->act_gainprm);
        memcpy(y->act_biasprm, a->biasprm, sizeof y->act_biasprm);
        y->act_gear = a->gear;
        y->act_forcelimited = a->forcelimited;
        memcpy(y->act_forcerange, a->forcerange, sizeof y->act_forcerange);
        y->act_ctrllimited = a->ctrllimited;
        memcpy(y->act_ctrlrange, a->ctrlrange, sizeof y->act_ctrlrange);
    }
    fric_status rc = fric_mujoco_adopt_native(&r->ad, r->rj, r->model.njnt, r->map, servos, natives, native,
                                              r->nmap, keep_armature, why);
    if (rc) return rc;
    for (int i = 0; i < r->ad.n; i++) {
        const fric_mujoco_adopted *a = &r->ad.a[i];
        r->adopted[a->joint] = i;
        r->edit[i] = (fric_robot_edit){ .dof = r->jnt[a->joint].dofadr, .frictionloss = r->ad.jm[i].frictionloss,
                                        .damping = r->ad.jm[i].damping, .armature = a->armature, .act = a->act };
    }
    /* the native joints after the core's: MuJoCo's own servo, set as the file's */
    for (int i = 0; i < r->ad.nnat; i++) {
        const fric_mujoco_adopted *a = &r->ad.nat[i];
        const fric_native_edit *e = &r->ad.nat_set[i];
        r->adopted[a->joint] = r->ad.n + i;
        r->edit[r->ad.n + i] = (fric_robot_edit){ r->jnt[a->joint].dofadr, e->frictionloss, e->damping, e->armature,
                                                  a->act, 1, *e };
    }
    r->have_adoption = 1;
    return FRIC_OK;
}

int fric_robot_rows(const fric_robot *r)
{
    return r && r->have_adoption ? r->ad.n + r->ad.nnat : 0;
}

const fric_mujoco_adopted *fric_robot_adopted(const fric_robot *r, int i, const fric_native_edit **set)
{
    if (set) *set = NULL;
    if (i < 0 || i >= fric_robot_rows(r)) return NULL;
    if (i < r->ad.n) return &r->ad.a[i];
    if (set) *set = &r->ad.nat_set[i - r->ad.n];
    return &r->ad.nat[i - r->ad.n];
}

const fric_mujoco_adoption *fric_robot_adoption(const fric_robot *r)
{
    return r->have_adoption ? &r->ad : NULL;
}

const fric_robot_edit *fric_robot_edits(const fric_robot *r, int *n)
{
    *n = fric_robot_rows(r);
    return r->have_adoption ? r->edit : NULL;
}

int fric_robot_integrator(const fric_robot *r, int *file)
{
    if (file) *file = r->model.integrator;
    /* the implicit friction predicts MuJoCo's Euler step; with no joint for
     * the core (native servos only), MuJoCo runs the file as it is */
    return r->have_adoption && r->ad.n == 0 ? r->model.integrator : FRIC_MUJOCO_INT_EULER;
}

/* The position servo's stable step. MuJoCo steps a joint of inertia I
 * driven by a stiffness K (a position actuator: kp·g² on the joint) and a
 * damping as q' = q + h·v', (I + h·d_i)·v' = (I − h·d_e)·v − h·K·q (Euler:
 * semi-implicit, the joint's damping d_i implicit, the actuator's kv·g²
 * d_e explicit; implicit and implicitfast: both implicit, d_e moved into
 * d_i). The step's matrix has determinant a = (I − h·d_e)/(I + h·d_i) and
 * trace 1 + a − h²K/(I + h·d_i); Jury's test (|det| < 1, |trace| < 1 + det)
 * holds while h²·K − 2h·(d_i − d_e) − 4I < 0 (and then |a| < 1): below the
 * positive root. Undamped, h·ω < 2 with ω = √(K/I). RK4 (its stability
 * region reaches ±2√2 i on the imaginary axis): h·ω < 2√2, damping left
 * out. INFINITY when nothing bounds it. */
static void split_damping(int integrator, double *di, double *de)
{
    if (integrator == FRIC_MUJOCO_INT_IMPLICIT || integrator == FRIC_MUJOCO_INT_IMPLICITFAST) {
        *di += *de;
        *de = 0;
    }
}

double fric_robot_stable_step(double stiffness, double inertia, double damping_joint, double damping_act,
                              int integrator)
{
    if (!(inertia > 0) || !(stiffness >= 0)) return NAN;
    if (integrator == FRIC_MUJOCO_INT_RK4) return stiffness > 0 ? 2 * sqrt(2.0) * sqrt(inertia / stiffness) : INFINITY;
    double di = damping_joint, de = damping_act;
    split_damping(integrator, &di, &de);
    double d = di - de;
    if (stiffness > 0) return (d + sqrt(d * d + 4 * stiffness * inertia)) / stiffness;
    return d < 0 ? -2 * inertia / d : INFINITY;
}

/* The largest stiffness [N·m/rad] stable at step h (the same bound solved
 * for K): (4I + 2h·(d_i − d_e))/h²; RK4 8I/h². */
static double stable_stiffness(double h, double inertia, double damping_joint, double damping_act, int integrator)
{
    if (integrator == FRIC_MUJOCO_INT_RK4) return 8 * inertia / (h * h);
    double di = damping_joint, de = damping_act;
    split_damping(integrator, &di, &de);
    return (4 * inertia + 2 * h * (di - de)) / (h * h);
}

size_t fric_robot_note(const fric_robot *r, int k, char *buf, size_t size)
{
    const fric_mujoco_adoption *ad = r && r->have_adoption ? &r->ad : NULL;
    for (int i = 0; ad && i < ad->n && k >= 0; i++) {
        /* the core's joints only (a native joint is MuJoCo's own servo) */
        const fric_mujoco_adopted *a = &ad->a[i];
        if (a->tendon && k-- == 0)
            return fric__sentence(buf, size, "robot.note_tendon", "{joint}: a tendon wraps it; the exact hold does "
                                  "not apply while the tendon acts", fric__values(fric__s("joint", ad->defs[i].joint)));
        if (a->equality && k-- == 0)
            return fric__sentence(buf, size, "robot.note_equality", "{joint}: an equality constraint names it; the "
                                  "exact hold does not apply while the constraint acts",
                                  fric__values(fric__s("joint", ad->defs[i].joint)));
    }
    if (ad && k >= 0 && k < ad->nskip && k < FRIC_MUJOCO_MAX_JOINTS) {
        const fric_mujoco_skipped *x = &ad->skip[k];
        const fric_mujoco_map_entry *e = &r->map[x->entry];
        const char *name = r->jnt[x->joint].name && r->jnt[x->joint].name[0] ? r->jnt[x->joint].name : "?";
        char target[FRIC_MUJOCO_NAME_MAX + 8];
        snprintf(target, sizeof target, "%s%s", e->kind == FRIC_MUJOCO_MAP_CLASS ? "class:" : "",
                 e->kind == FRIC_MUJOCO_MAP_ALL ? "*" : e->target);
        return fric__sentence(buf, size, "robot.note_skipped", "{joint}: skipped (a {type} joint, mapped by "
                              "'{target}'): bam's servos are rotary; a servo drives a hinge joint only",
                              fric__values(fric__s("joint", name),
                                           fric__s("type", x->type >= 0 && x->type < FRIC_MUJOCO_N_JNT_TYPES
                                                               ? fric_mujoco_jnt_names[x->type] : "unknown"),
                                           fric__s("target", target)));
    }
    fric__no_sentence();
    if (buf && size) buf[0] = '\0';
    return 0;
}

/* The actuator's name as the report puts it before its kind: "'NAME' ", or
 * "" when it has none. */
static void act_label(const fric_robot *r, int act, char out[FRIC_MUJOCO_NAME_MAX + 4])
{
    const char *n = act >= 0 && act < r->model.nu ? r->act[act].name : NULL;
    if (n && n[0]) snprintf(out, FRIC_MUJOCO_NAME_MAX + 4, "'%s' ", n);
    else out[0] = '\0';
}

/* A number of the report (printed with 4 significant digits): no "-0". */
static double nz(double x) { return x == 0 ? 0.0 : x; }

size_t fric_robot_report(const fric_robot *r, int i, int k, const char *servo, char *buf, size_t size)
{
    const fric_native_edit *set = NULL;
    const fric_mujoco_adopted *a = r && k >= 0 ? fric_robot_adopted(r, i, &set) : NULL;
    if (!a) {
        fric__no_sentence();
        if (buf && size) buf[0] = '\0';
        return 0;
    }
    const fric_mujoco_map_entry *e = &r->map[a->entry];
    const char *joint = r->jnt[a->joint].name && r->jnt[a->joint].name[0] ? r->jnt[a->joint].name : "?";
    char entry[2 * FRIC_MUJOCO_NAME_MAX + 8], act[FRIC_MUJOCO_NAME_MAX + 4];
    snprintf(entry, sizeof entry, "%s%s=%s", e->kind == FRIC_MUJOCO_MAP_CLASS ? "class:" : "",
             e->kind == FRIC_MUJOCO_MAP_ALL ? "*" : e->target, e->servo);
    act_label(r, a->act, act);
    const char *kind = a->act_kind >= 0 && a->act_kind < FRIC_MUJOCO_N_ACT_KINDS ? fric_mujoco_act_names[a->act_kind] : "?";
    if (!servo) servo = e->servo;
    if (set) {
        /* a native joint: MuJoCo's own servo, the values its model got in
         * every digit (fric_io_format_double: they read back the same) */
        char d[12][FRIC_IO_DOUBLE_LEN];
        switch (k) {
        case 0:
            return fric__sentence(buf, size, "robot.report_native",
                                  "{joint}: {servo} ({entry}); MuJoCo's native servo runs it, the core steps nothing "
                                  "for it: frictionloss {fl} N·m, damping {damping} N·m·s/rad, armature {armature} "
                                  "kg·m² (the file had {file_fl}, {file_damping}, {file_armature})",
                                  fric__values(fric__s("joint", joint), fric__s("servo", servo), fric__s("entry", entry),
                                               fric__s("fl", fric_io_format_double(d[0], set->frictionloss)),
                                               fric__s("damping", fric_io_format_double(d[1], set->damping)),
                                               fric__s("armature", fric_io_format_double(d[2], set->armature)),
                                               fric__gp("file_fl", 4, nz(a->removed_frictionloss)),
                                               fric__gp("file_damping", 4, nz(a->removed_damping)),
                                               fric__gp("file_armature", 4, nz(a->armature_file))));
        case 1:
            return fric__sentence(buf, size, "robot.report_native_act",
                                  "actuator {act}(the file's {kind}) is now a position of kp {kp} N·m/rad, kv {kv} "
                                  "N·m·s/rad",
                                  fric__values(fric__s("act", act), fric__s("kind", kind),
                                               fric__s("kp", fric_io_format_double(d[0], set->kp)),
                                               fric__s("kv", fric_io_format_double(d[1], set->kv))));
        case 2:
            if (!set->limited)
                return fric__sentence(buf, size, "robot.report_native_unlimited", "no force limit", fric__no_values);
            return fric__sentence(buf, size, "robot.report_native_force", "forcerange {lo}…{hi} N·m",
                                  fric__values(fric__s("lo", fric_io_format_double(d[0], set->forcerange[0])),
                                               fric__s("hi", fric_io_format_double(d[1], set->forcerange[1]))));
        case 3:
            return fric__sentence(buf, size, "robot.report_native_sol",
                                  "solreffriction {ref0} {ref1}, solimpfriction {imp0} {imp1} {imp2} {imp3} {imp4}",
                                  fric__values(fric__s("ref0", fric_io_format_double(d[0], set->solref[0])),
                                               fric__s("ref1", fric_io_format_double(d[1], set->solref[1])),
                                               fric__s("imp0", fric_io_format_double(d[2], set->solimp[0])),
                                               fric__s("imp1", fric_io_format_double(d[3], set->solimp[1])),
                                               fric__s("imp2", fric_io_format_double(d[4], set->solimp[2])),
                                               fric__s("imp3", fric_io_format_double(d[5], set->solimp[3])),
                                               fric__s("imp4", fric_io_format_double(d[6], set->solimp[4]))));
        default: break;
        }
        fric__no_sentence();
        if (buf && size) buf[0] = '\0';
        return 0;
    }
    /* a joint the core steps: its pieces, those that apply, in order */
    const fric_mujoco_joint_def *def = &r->ad.defs[i];
    const int goal = a->act >= 0 && a->act_goal;
    const int have[5] = { 1, 1, 1, goal && a->gear != 1, goal && def->goal_lo < def->goal_hi };
    int piece = -1;
    for (int p = 0, left = k; p < 5; p++)
        if (have[p] && left-- == 0) { piece = p; break; }
    switch (piece) {
    case 0:
        return fric__sentence(buf, size, "robot.report_removed",
                              "{joint}: {servo} ({entry}); removed frictionloss {fl} N·m, damping {damping} N·m·s/rad",
                              fric__values(fric__s("joint", joint), fric__s("servo", servo), fric__s("entry", entry),
                                           fric__gp("fl", 4, nz(a->removed_frictionloss)),
                                           fric__gp("damping", 4, nz(a->removed_damping))));
    case 1:
        if (a->armature_kept)
            return fric__sentence(buf, size, "robot.report_armature_kept",
                                  "armature {armature} kg·m² (the file's, kept)",
                                  fric__values(fric__gp("armature", 4, nz(a->armature))));
        return fric__sentence(buf, size, "robot.report_armature_servo",
                              "armature {armature} kg·m² (the servo's; the file had {file})",
                              fric__values(fric__gp("armature", 4, nz(a->armature)), fric__gp("file", 4, nz(a->armature_file))));
    case 2:
        if (a->act < 0)
            return fric__sentence(buf, size, "robot.report_no_act", "no actuator: the goal is set here",
                                  fric__no_values);
        /* a speed's or a gain's ctrl is no goal angle */
        if (!a->act_goal && a->act_kind == FRIC_MUJOCO_ACT_DAMPER)
            return fric__sentence(buf, size, "robot.report_act_damper",
                                  "actuator {act}damper (kv {kv} N·m·s/rad) off: its ctrl scales a damping, which the "
                                  "servo's K_v replaces; the servo holds the goal set here (the start angle until set)",
                                  fric__values(fric__s("act", act), fric__gp("kv", 4, nz(a->act_kv))));
        if (!a->act_goal)
            return fric__sentence(buf, size, "robot.report_act_speed",
                                  "actuator {act}{kind} (kp {kp}, kv {kv}) off: its ctrl is a speed, not a goal angle; "
                                  "the servo holds the goal set here (the start angle until set)",
                                  fric__values(fric__s("act", act), fric__s("kind", kind), fric__gp("kp", 4, nz(a->act_kp)),
                                               fric__gp("kv", 4, nz(a->act_kv))));
        return fric__sentence(buf, size, "robot.report_act_goal",
                              "actuator {act}{kind} (kp {kp}, kv {kv}, forcerange {lo}…{hi} N·m) is now the goal "
                              "source, its force off",
                              fric__values(fric__s("act", act), fric__s("kind", kind), fric__gp("kp", 4, nz(a->act_kp)),
                                           fric__gp("kv", 4, nz(a->act_kv)), fric__gp("lo", 4, nz(a->act_force_lo)),
                                           fric__gp("hi", 4, nz(a->act_force_hi))));
    case 3:
        return fric__sentence(buf, size, "robot.report_gear",
                              "through its gear {gear}: goal = ctrl / {gear}, torque on the joint = {gear} × the "
                              "servo's",
                              fric__values(fric__gp("gear", 4, nz(a->gear))));
    case 4:
        return fric__sentence(buf, size, "robot.report_clamp", "goal clamped to its ctrlrange [{lo}, {hi}] rad",
                              fric__values(fric__gp("lo", 4, nz(def->goal_lo)), fric__gp("hi", 4, nz(def->goal_hi))));
    default: break;
    }
    fric__no_sentence();
    if (buf && size) buf[0] = '\0';
    return 0;
}

size_t fric_robot_step_caution(const fric_robot *r, int i, double inertia, double h, char *buf, size_t size)
{
    const fric_mujoco_adopted *a = r ? fric_robot_adopted(r, i, NULL) : NULL;
    if (a && isfinite(inertia) && inertia >= 0 && h > 0) {
        int j = a->joint, k = r->jact[j];
        /* a position-type actuator: a stiffness kp in its bias (position,
         * general, intvelocity); the file's armature in (A) */
        if (k >= 0 && a->act_kp > 0) {
            double g = a->gear, gg = g * g, I = inertia + a->armature_file;
            double K = a->act_kp * gg, de = a->act_kv * gg, di = a->removed_damping;
            int in = r->model.integrator;
            double bound = fric_robot_stable_step(K, I, di, de, in);
            if (isfinite(bound) && h >= bound) {
                char jn[160];
                const char *iname = fric_robot_integrator_name(in);
                double kpmax = stable_stiffness(h, I, di, de, in) / gg;
                return fric__sentence(buf, size, "robot.step_unstable",
                    "MuJoCo's own copy of the file (A) will diverge at this step: on joint {joint}, the "
                    "{kind} actuator (gear {gear}, kp {kp} N·m/rad: kp·gear² = {stiffness} N·m/rad on "
                    "the joint) on its inertia {inertia} kg·m² is stable under the {integrator} "
                    "integrator only below {bound_ms} ms, and the step is {h_ms} ms; give the model a "
                    "timestep under {bound_ms} ms or a kp under {kp_max} N·m/rad (the adopted copy (C) "
                    "holds).",
                    fric__values(fric__s("joint", joint_name(r->jnt, j, jn, sizeof jn)),
                                 fric__s("kind", fric_mujoco_act_names[a->act_kind]), fric__g("gear", g),
                                 fric__g("kp", a->act_kp), fric__gp("stiffness", 6, K),
                                 fric__gp("inertia", 4, I), fric__s("integrator", iname ? iname : "?"),
                                 fric__gp("bound_ms", 3, 1e3 * bound), fric__gp("h_ms", 3, 1e3 * h),
                                 fric__gp("kp_max", 3, kpmax > 0 ? kpmax : 0)));
            }
        }
    }
    fric__no_sentence();
    if (buf && size) buf[0] = '\0';
    return 0;
}

fric_status fric_robot_attach(fric_robot *r, const fric_mujoco_model *model, const fric_mujoco_joint_model *jm,
                              fric_mujoco_treatment treatment, const char **why)
{
    if (!r || !r->have_adoption) {
        fric__why(why, fric__fail_door(FRIC_E_NULL, -1, "mujoco: ", "robot.attach_robot_after",
                           "attach a robot after its adoption (fric_robot_adopt).",
                           fric__no_values));
        return fric__rc();
    }
    if (r->ad.n == 0) {   /* native servos only: MuJoCo runs every adopted joint */
        r->core.n = 0;
        fric__why(why, "");
        return FRIC_OK;
    }
    fric_status rc = fric_mujoco_core_init(&r->core, model, jm, r->ad.defs, r->ad.n, treatment, why);
    if (rc) return rc;
    for (int i = 0; i < r->ad.n; i++) {
        const fric_robot_joint *x = &r->jnt[r->ad.a[i].joint];
        fric_mujoco_joint *j = &r->core.j[i];
        j->jnt = r->ad.a[i].joint;
        j->dof = x->dofadr;
        j->qadr = x->qposadr;
        j->act = r->ad.a[i].act_goal ? r->ad.a[i].act : -1;   /* a velocity's or damper's ctrl is no goal */
    }
    return FRIC_OK;
}

fric_mujoco_core *fric_robot_core(fric_robot *r) { return &r->core; }

/* Joint j's goal by the rule (fric_robot_start_goals, fric_robot_set_goal):
 * nothing for a goal not finite. */
static void put_goal(fric_robot *r, int j, double goal, double *ctrl_a, double *ctrl_c)
{
    if (!isfinite(goal)) return;
    r->goal[j] = goal;
    int k = r->jact[j], i = r->adopted[j], pos = position_like(r, j);
    /* a goal angle q is the ctrl g·q through a gear g (length g·q) */
    double g = k >= 0 && r->act[k].gear != 0 ? r->act[k].gear : 1;
    /* a native joint: its actuator is MuJoCo's own position servo (a source) */
    int source = i >= r->ad.n || (i >= 0 && r->ad.a[i].act_goal);
    if (pos && ctrl_a) ctrl_a[k] = g * goal;
    if ((source || (i < 0 && pos)) && ctrl_c) ctrl_c[k] = g * goal;
    if (i >= 0 && i < r->ad.n && !source) fric_mujoco_core_goal(&r->core, i, goal, 1);
}

fric_status fric_robot_set_goal(fric_robot *r, int j, double goal, double *ctrl_a, double *ctrl_c, const char **why)
{
    if (!r || j < 0 || j >= r->model.njnt) {
        fric__why(why, fric__say_id("robot.goal_joint_robot",
                           "robot: goal of joint {j}: the robot has {njnt} joints.",
                           fric__values(fric__i("j", j), fric__i("njnt", r ? r->model.njnt : 0))));
        return fric__rc();
    }
    if (!(fabs(goal) <= FRIC_ROBOT_GOAL_MAX)) {
        char jn[160];
        fric__why(why, fric__say_id("robot.joint_goal_rad",
                           "joint {jn}: the goal {goal} rad is outside ±{robot_goal_max} rad; give "
                           "a finite angle within the core's angle bound.",
                           fric__values(fric__s("jn", joint_name(r->jnt, j, jn, sizeof jn)),
                                        fric__g("goal", goal),
                                        fric__g("robot_goal_max", FRIC_ROBOT_GOAL_MAX))));
        return fric__rc();
    }
    put_goal(r, j, goal, ctrl_a, ctrl_c);
    return FRIC_OK;
}

/* The start pose's angles as they are (each joint's angle is its state:
 * the sag starts at 0). */
void fric_robot_start_goals(fric_robot *r, const double *qpos, double *ctrl_a, double *ctrl_c)
{
    for (int j = 0; j < r->model.njnt; j++) put_goal(r, j, qpos[r->jnt[j].qposadr], ctrl_a, ctrl_c);
}

double fric_robot_goal(const fric_robot *r, int j)
{
    return j >= 0 && j < r->model.njnt ? r->goal[j] : NAN;
}

int fric_robot_tick(fric_robot *r)
{
    return ++r->steps % r->sample == 0;
}

void fric_robot_record(fric_robot *r, const double *qpos_a, const double *qpos_c)
{
    int n = fric_robot_rows(r);
    long at = r->nh % r->span;
    const double *q[2] = { qpos_a, qpos_c };
    for (int c = 0; c < 2; c++)
        for (int i = 0; q[c] && i < n; i++)
            r->hist[c][at * n + i] = q[c][r->jnt[fric_robot_adopted(r, i, NULL)->joint].qposadr];
    r->nh++;
}

void fric_robot_reset(fric_robot *r)
{
    r->steps = 0;
    r->nh = 0;
}

void fric_robot_sampling(const fric_robot *r, long *sample, long *span)
{
    *sample = r->sample;
    *span = r->span;
}

fric_status fric_robot_row_of(const fric_robot *r, int i, int c, const double *qpos, const double *qvel,
                              const double *qfrc_actuator, const double *qfrc_constraint, fric_robot_row *out)
{
    if (!r || !out || !qpos || !qvel || i < 0 || i >= fric_robot_rows(r)
        || ((c == 0 || i >= r->ad.n) && (!qfrc_actuator || !qfrc_constraint)))
    {
        fric__say_id("robot.row_copy_no",
            "robot: row {i} of copy {c}: no such adopted joint, or an array missing.",
            fric__values(fric__i("i", i), fric__i("c", c)));
        return fric__rc();
    }
    int n = fric_robot_rows(r), j = fric_robot_adopted(r, i, NULL)->joint, dof = r->jnt[j].dofadr;
    double q = qpos[r->jnt[j].qposadr], v = qvel[dof];
    long filled = r->nh < r->span ? r->nh : r->span;
    double creep = NAN;
    if (filled > 1) {
        const double *h = r->hist[c ? 1 : 0];
        long last = (r->nh - 1) % r->span, first = (r->nh - filled) % r->span;
        creep = (1e3 * (h[last * n + i] - h[first * n + i])) / ((double)(filled - 1) * ((double)r->sample * r->model.timestep));
    }
    out->stick = fabs(v) <= FRIC_ROBOT_STICK_SPEED;
    out->q = q;
    out->sag_mrad = 1e3 * (r->goal[j] - q);
    out->creep_mrad_s = creep;
    if (c && i < r->ad.n) {
        /* on the joint: the servo's torques through its gear */
        out->tau_m = r->core.j[i].gear * r->core.j[i].s.tau_m;
        out->tau_f = r->core.j[i].gear * r->core.j[i].s.tau_f;
    } else {
        out->tau_m = r->jact[j] >= 0 ? qfrc_actuator[dof] : 0;
        out->tau_f = qfrc_constraint[dof];
    }
    return FRIC_OK;
}
