/*
 * adapter_adopt.c: adopting a robot (fric_adapter.h's fric_mujoco_adopt),
 * MuJoCo-free: the mapping's text, the actuator on a joint, and what each
 * adopted joint loses and gains. The native adapter
 * (core/mujoco/mujoco_adapter.c, fric_mujoco_adopt_model) and the robot
 * layer (adapter_robot.c: the CLI's and the explorer's) read the model into
 * plain numbers and write back what this file decides.
 */
#include <math.h>
#include <string.h>

#include "base.h"
#include "fric_adapter.h"
#include "fric_bench.h"
#include "fric_robot.h"

const char *const fric_mujoco_act_names[FRIC_MUJOCO_N_ACT_KINDS] = { "motor", "position", "general", "velocity",
                                                                     "intvelocity", "damper" };
const char *const fric_mujoco_jnt_names[FRIC_MUJOCO_N_JNT_TYPES] = { "free", "ball", "slide", "hinge" };
const char *const fric_mujoco_map_kind_names[FRIC_MUJOCO_N_MAP_KINDS] = { "joint", "class", "all" };

/* [a, b) without the blanks at both ends. */
static void trim(const char **a, const char **b)
{
    while (*a < *b && (**a == ' ' || **a == '\t' || **a == '\r')) (*a)++;
    while (*b > *a && ((*b)[-1] == ' ' || (*b)[-1] == '\t' || (*b)[-1] == '\r')) (*b)--;
}

/* One entry "TARGET=SERVO" of [a, b) into e, or the refusal. */
static const char *parse_entry(fric_mujoco_map_entry *e, const char *a, const char *b, int k)
{
    const char *eq = memchr(a, '=', (size_t)(b - a));
    if (!eq)
        return fric__say_door("adopt: ", "adopt.mapping_entry_no",
                   "mapping entry {k} ('{a}') has no '='; write TARGET=SERVO, TARGET a "
                   "joint's name, class:NAME or *.",
                   fric__values(fric__i("k", k), fric__sn("a", (int)(b - a > 60 ? 60 : b - a), a)));
    const char *ta = a, *tb = eq, *sa = eq + 1, *sb = b;
    trim(&ta, &tb);
    trim(&sa, &sb);
    memset(e, 0, sizeof *e);
    if (tb - ta == 1 && *ta == '*') {
        e->kind = FRIC_MUJOCO_MAP_ALL;
    } else if (tb - ta >= 6 && strncmp(ta, "class:", 6) == 0) {   /* "class:" alone: no class named */
        e->kind = FRIC_MUJOCO_MAP_CLASS;
        ta += 6;
        trim(&ta, &tb);
    } else {
        e->kind = FRIC_MUJOCO_MAP_JOINT;
    }
    if (e->kind != FRIC_MUJOCO_MAP_ALL && tb == ta)
        return fric__say_door("adopt: ", "adopt.mapping_entry_no_2",
                   "mapping entry {k} has no joint or class before '='.",
                   fric__values(fric__i("k", k)));
    if (sb == sa)
        return fric__say_door("adopt: ", "adopt.mapping_entry_names",
                   "mapping entry {k} ('{ta}') names no servo after '='; give a preset "
                   "(actuator/mK) or @file.",
                   fric__values(fric__i("k", k), fric__sn("ta", (int)(tb - ta > 60 ? 60 : tb - ta), ta)));
    if (tb - ta >= FRIC_MUJOCO_NAME_MAX || sb - sa >= FRIC_MUJOCO_NAME_MAX)
        return fric__say_door("adopt: ", "adopt.mapping_entry_longer",
                   "mapping entry {k} is longer than {mujoco_name_max} characters on a side.",
                   fric__values(fric__i("k", k), fric__i("mujoco_name_max", FRIC_MUJOCO_NAME_MAX - 1)));
    if (e->kind != FRIC_MUJOCO_MAP_ALL) memcpy(e->target, ta, (size_t)(tb - ta));
    memcpy(e->servo, sa, (size_t)(sb - sa));
    return NULL;
}

static const char *target_text(const fric_mujoco_map_entry *e, char *buf, size_t cap)
{
    if (e->kind == FRIC_MUJOCO_MAP_ALL) return "*";
    fric__text o = { buf, cap, 0 };
    fric__put(&o, "%s%s", e->kind == FRIC_MUJOCO_MAP_CLASS ? "class:" : "", e->target);
    return buf;
}

fric_status fric_mujoco_map_parse(const char *text, fric_mujoco_map_entry *out, int cap, int *n, const char **why)
{
    const char *msg = NULL;
    int count = 0;
    if (!text || !out || !n) {
        msg = fric__fail_door(FRIC_E_NULL, -1, "adopt: ", "adopt.mapping_text_entries",
                  "mapping text, entries and count must not be NULL.",
                  fric__no_values);
    } else {
        const char *p = text;
        while (!msg) {
            const char *end = p + strcspn(p, ",;\n");
            const char *a = p, *b = end;
            trim(&a, &b);
            if (b > a) {
                if (count >= cap)
                    msg = fric__say_door("adopt: ", "adopt.mapping_more_entries",
                              "the mapping has more than {cap} entries.",
                              fric__values(fric__i("cap", cap)));
                else
                    msg = parse_entry(&out[count], a, b, count + 1);
                if (!msg) {
                    for (int k = 0; k < count && !msg; k++)
                        if (out[k].kind == out[count].kind && strcmp(out[k].target, out[count].target) == 0) {
                            char t[FRIC_MUJOCO_NAME_MAX + 8];
                            msg = fric__say_door("adopt: ", "adopt.mapping_target_given",
                                      "mapping target '{t}' is given twice (entries {k} and "
                                      "{count}); give each joint, class or * once.",
                                      fric__values(fric__s("t", target_text(&out[k], t, sizeof t)),
                                                   fric__i("k", k + 1), fric__i("count", count + 1)));
                        }
                    count++;
                }
            }
            if (!*end) break;
            p = end + 1;
        }
        if (!msg && count == 0)
            msg = fric__say_door("adopt: ", "adopt.mapping_empty_write",
                      "the mapping is empty; write TARGET=SERVO entries, e.g. "
                      "class:sts3215=sts3215/m1 or *=xl330/m4.",
                      fric__no_values);
    }
    if (n) *n = msg ? 0 : count;
    if (why) *why = msg ? msg : "";
    return msg ? fric__rc() : FRIC_OK;
}

/* fric_robot.h: a mapping's servo, "ACTUATOR/mK" or "@NAME". */
fric_status fric_robot_servo_parse(const char *servo, fric_robot_servo *out, const char **why)
{
    const char *msg = NULL;
    if (!servo || !out) {
        fric__why(why, fric__fail_door(FRIC_E_NULL, -1, "adopt: ", "robot.servo_null", "the servo and its record must "
                                     "not be NULL.", fric__no_values));
        return fric__rc();
    }
    memset(out, 0, sizeof *out);
    const size_t len = strlen(servo);
    const char *slash = strchr(servo, '/');
    const int m = slash && (slash[1] == 'm' || slash[1] == 'M');
    const size_t digits = m ? strspn(slash + 2, "0123456789") : 0;
    if (servo[0] == '@' && len > 1 && len < sizeof out->name) {
        out->kind = FRIC_ROBOT_SERVO_NAMED;
        memcpy(out->name, servo + 1, len);
    } else if (m && (size_t)(slash - servo) < sizeof out->name && digits > 0 && digits < 10 && slash[2 + digits] == '\0') {
        out->kind = FRIC_ROBOT_SERVO_PRESET;
        memcpy(out->name, servo, (size_t)(slash - servo));
        for (size_t i = 0; i < digits; i++) out->model = 10 * out->model + (slash[2 + i] - '0');
        if (!fric_bench_preset_find(out->name, out->model)) {
            char models[256] = "";
            fric__text o = { models, sizeof models, 0 };
            for (int i = 0; i < fric_bench_preset_count(); i++) {
                const fric_bench_preset *q = fric_bench_preset_at(i);
                if (strcmp(q->actuator, out->name) == 0) fric__put(&o, "%sm%d", o.len ? ", " : "", q->model);
            }
            msg = models[0]
                      ? fric__say_id("robot.servo_no_preset", "the servo '{servo}' has no preset: {actuator} has "
                                     "{models} (or give @NAME of a params file).",
                                     fric__values(fric__s("servo", servo), fric__s("actuator", out->name),
                                                  fric__s("models", models)))
                      : fric__say_id("robot.servo_no_actuator", "the servo '{servo}' names no actuator with "
                                     "identified presets (xl330, sts3215, mx64, ...; or give @NAME of a params "
                                     "file).", fric__values(fric__s("servo", servo)));
        }
    } else {
        msg = fric__say_id("robot.servo_syntax", "the servo '{servo}' is not a preset actuator/mK (e.g. "
                           "sts3215/m1) or @NAME of a params file.", fric__values(fric__s("servo", servo)));
    }
    if (msg) memset(out, 0, sizeof *out);
    fric__why(why, msg ? msg : "");
    return msg ? fric__rc() : FRIC_OK;
}

/* fric_robot.h: a class named after a servo takes that servo's models. */
fric_status fric_robot_class_servo_check(const fric_mujoco_map_entry *e, const char *actuator, const char **why)
{
    if (!e || !actuator) {
        fric__why(why, fric__fail_door(FRIC_E_NULL, -1, "adopt: ", "robot.class_servo_null", "the mapping entry and "
                                     "the servo's actuator must not be NULL.", fric__no_values));
        return fric__rc();
    }
    const char *cls = e->kind == FRIC_MUJOCO_MAP_CLASS ? fric_bench_actuator_resolve(e->target) : NULL;
    const char *own = fric_bench_actuator_resolve(actuator);
    if (!own) own = actuator;
    if (cls && strncmp(own, cls, strlen(cls)) != 0) {
        fric__why(why, fric__say_id("robot.class_servo", "the class '{cls}' is the {cls} servo's, but '{servo}' "
                                    "is a {actuator} model: map it to a {cls} preset, params file or fit (or map "
                                    "the joints by name to put another servo there on purpose).",
                                    fric__values(fric__s("cls", e->target), fric__s("servo", e->servo),
                                                 fric__s("actuator", actuator))));
        return fric__rc();
    }
    fric__why(why, "");
    return FRIC_OK;
}

/* fric_adapter.h: an actuator's kind from its gain and bias. */
int fric_mujoco_actuator_kind(int dyntype, int gaintype, int biastype, const double gainprm[3],
                              const double biasprm[3], double *kp, double *kv)
{
    *kp = *kv = 0;
    if (dyntype == 0 && gaintype == 0 && biastype == 0 && gainprm[0] == 1) return FRIC_MUJOCO_ACT_MOTOR;
    if (dyntype == 0 && gaintype == 0 && biastype == 0 && gainprm[0] != 1) return FRIC_MUJOCO_ACT_GENERAL;
    if (dyntype == 0 && gaintype == 1 && biastype == 0 && gainprm[0] == 0 && gainprm[1] == 0) {
        *kv = 0.0 - gainprm[2];   /* <damper kv>: gain (0, 0, −kv) */
        return FRIC_MUJOCO_ACT_DAMPER;
    }
    if (biastype == 1) {
        *kp = 0.0 - biasprm[1];   /* 0 − x: a bias of 0 reads kp 0, not −0 */
        *kv = 0.0 - biasprm[2];
        if (gaintype == 0 && biasprm[0] == 0 && gainprm[0] == -biasprm[1]) {
            if (dyntype == 0) return FRIC_MUJOCO_ACT_POSITION;
            if (dyntype == FRIC_MUJOCO_DYN_INTEGRATOR) return FRIC_MUJOCO_ACT_INTVELOCITY;
        }
        if (dyntype == 0 && gaintype == 0 && biasprm[0] == 0 && biasprm[1] == 0 && gainprm[0] == -biasprm[2]
            && gainprm[0] != 0) {
            *kp = 0;
            *kv = gainprm[0];
            return FRIC_MUJOCO_ACT_VELOCITY;
        }
    }
    return FRIC_MUJOCO_ACT_GENERAL;
}

int fric_mujoco_act_goal_source(int kind)
{
    return kind == FRIC_MUJOCO_ACT_MOTOR || kind == FRIC_MUJOCO_ACT_POSITION || kind == FRIC_MUJOCO_ACT_GENERAL;
}

/* A servo of bam's is rotary: it drives a hinge (one rotary dof). */
static int is_hinge(const fric_mujoco_robot_joint *r)
{
    return r->jm.type == FRIC_MUJOCO_JNT_HINGE;
}

static const char *type_name(int type)
{
    return type >= 0 && type < FRIC_MUJOCO_N_JNT_TYPES ? fric_mujoco_jnt_names[type] : "unknown";
}

static const char *nm(const char *s) { return s ? s : ""; }

/* How far class c is above joint r's class: 0 its own, d its d-th parent
 * (r->ancestry), −1 not above it. */
static int class_depth(const fric_mujoco_robot_joint *r, const char *c)
{
    if (!r->cls) return -1;
    if (strcmp(r->cls, c) == 0) return 0;
    size_t n = strlen(c);
    int d = 1;
    for (const char *p = r->ancestry; p && *p; d++) {
        const char *e = strchr(p, '\n');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        if (len == n && strncmp(p, c, n) == 0) return d;
        if (!e) break;
        p = e + 1;
    }
    return -1;
}

/* The mapping entry for joint r (a joint entry, else its nearest class's,
 * own or inherited, else '*''s), −1 none. */
static int entry_for(const fric_mujoco_robot_joint *r, const fric_mujoco_map_entry *map, int nmap)
{
    int best = -1, rank = 1 << 30;
    for (int k = 0; k < nmap; k++) {
        int rk = -1;
        if (map[k].kind == FRIC_MUJOCO_MAP_JOINT)
            rk = strcmp(map[k].target, nm(r->name)) == 0 && nm(r->name)[0] ? 0 : -1;
        else if (map[k].kind == FRIC_MUJOCO_MAP_CLASS) {
            int d = class_depth(r, map[k].target);
            rk = d >= 0 ? 1 + d : -1;
        } else {
            rk = (1 << 30) - 1;
        }
        if (rk >= 0 && rk < rank) best = k, rank = rk;
    }
    return best;
}

/* The names of joints (want_class 0) or of the classes joints use (1),
 * comma-separated, into buf. */
static const char *names_of(const fric_mujoco_robot_joint *joints, int njnt, int want_class, char *buf, size_t cap)
{
    fric__text o = { buf, cap, 0 };
    buf[0] = 0;
    for (int i = 0; i < njnt && o.len + 64 < cap; i++) {
        const char *s = want_class ? joints[i].cls : joints[i].name;
        if (!s || !s[0]) continue;
        int seen = 0;
        for (int k = 0; k < i && want_class && !seen; k++) seen = joints[k].cls && strcmp(joints[k].cls, s) == 0;
        if (seen) continue;
        fric__put(&o, "%s%s", o.len ? ", " : "", s);
    }
    return o.len ? buf : "none";
}

/* Each entry names something: a joint that exists, a class a joint uses. */
static const char *check_entries(const fric_mujoco_robot_joint *joints, int njnt, const fric_mujoco_map_entry *map,
                                 int nmap)
{
    char list[768];
    int any_class = 0;
    for (int i = 0; i < njnt; i++) any_class |= joints[i].cls != NULL;
    for (int k = 0; k < nmap; k++) {
        const fric_mujoco_map_entry *e = &map[k];
        int found = e->kind == FRIC_MUJOCO_MAP_ALL;
        for (int i = 0; i < njnt && !found; i++)
            found = e->kind == FRIC_MUJOCO_MAP_JOINT ? strcmp(nm(joints[i].name), e->target) == 0
                                                     : class_depth(&joints[i], e->target) >= 0;
        if (found) continue;
        if (e->kind == FRIC_MUJOCO_MAP_JOINT)
            return fric__fail_door(FRIC_E_UNKNOWN_NAME, -1, "adopt: ", "adopt.model_no_joint",
                       "the model has no joint named '{target}'; its joints: {list}.",
                       fric__values(fric__s("target", e->target),
                                    fric__s("list", names_of(joints, njnt, 0, list, sizeof list))));
        if (!any_class)
            return fric__fail_door(FRIC_E_UNKNOWN_NAME, -1, "adopt: ", "adopt.class_maps_mjcf",
                       "'class:{target}' maps by MJCF default class, which this MuJoCo does "
                       "not keep in the compiled model (2.2.2); map the joints by name or *, or run"
                       " the headless runner (MuJoCo 3.14: make robot).",
                       fric__values(fric__s("target", e->target)));
        return fric__fail_door(FRIC_E_UNKNOWN_NAME, -1, "adopt: ", "adopt.no_joint_uses",
                   "no joint uses the class '{target}'; the joints' classes: {list}.",
                   fric__values(fric__s("target", e->target),
                                fric__s("list", names_of(joints, njnt, 1, list, sizeof list))));
    }
    return NULL;
}

/* Joint r (index i) cannot take a servo: not a hinge, unnamed, or the
 * adapter full (n joints held); NULL when it can. */
static const char *joint_refusal(const fric_mujoco_robot_joint *r, int i, int n)
{
    if (!is_hinge(r)) {
        /* named: one sentence (a class or '*' skips it, fric_mujoco_adopt) */
        if (r->jm.type == FRIC_MUJOCO_JNT_SLIDE)
            return fric__fail_door(FRIC_E_UNSUPPORTED, -1, "adopt: ", "adopt.joint_slide_joint",
                       "joint '{name}' is a slide joint (linear, m and N); bam's servo "
                       "models are rotary (rad and N·m), so a servo drives a hinge joint only: "
                       "leave '{name}' out of the mapping.",
                       fric__values(fric__s("name", nm(r->name))));
        return fric__fail_door(FRIC_E_UNSUPPORTED, -1, "adopt: ", "adopt.joint_joint_servo",
                   "joint '{name}' is a {type} joint; a servo drives a hinge or slide joint "
                   "of one dof, and bam's servos are rotary (a hinge): leave '{name}' out of the "
                   "mapping.",
                   fric__values(fric__s("name", nm(r->name)), fric__s("type", type_name(r->jm.type))));
    }
    if (!nm(r->name)[0])
        return fric__fail_door(FRIC_E_UNSUPPORTED, -1, "adopt: ", "adopt.joint_no_name",
                   "joint {i} has no name; the adapter finds joints by name: give it one in "
                   "the MJCF.",
                   fric__values(fric__i("i", i)));
    if (n >= FRIC_MUJOCO_MAX_JOINTS)
        return fric__say_door("adopt: ", "adopt.more_joints_mapped",
                   "more than {mujoco_max_joints} joints mapped; the adapter holds "
                   "{mujoco_max_joints}.",
                   fric__values(fric__i("mujoco_max_joints", FRIC_MUJOCO_MAX_JOINTS)));
    return NULL;
}

/* What adopted joint a reports of joint r and its actuator (the file's). */
static void report_of(fric_mujoco_adopted *a, const fric_mujoco_robot_joint *r, int i, int k)
{
    memset(a, 0, sizeof *a);
    a->joint = i;
    a->entry = k;
    a->removed_frictionloss = r->jm.frictionloss;
    a->removed_damping = r->jm.damping;
    a->armature_file = r->jm.armature;
    a->act = r->act;
    a->act_kind = -1;
    a->act_force_lo = -INFINITY;
    a->act_force_hi = INFINITY;
    a->gear = 1;
    a->tendon = r->tendon != 0;
    a->equality = r->equality != 0;
    if (r->act < 0) return;
    a->act_kind = fric_mujoco_actuator_kind(r->act_dyntype, r->act_gaintype, r->act_biastype, r->act_gainprm,
                                            r->act_biasprm, &a->act_kp, &a->act_kv);
    a->act_goal = fric_mujoco_act_goal_source(a->act_kind);
    if (r->act_forcelimited) {
        a->act_force_lo = r->act_forcerange[0];
        a->act_force_hi = r->act_forcerange[1];
    }
}

/* Joint r adopted with entry k's native servo p (checked) into
 * out->nat: MuJoCo's own joint and position actuator run it. */
static const char *adopt_native_one(fric_mujoco_adoption *out, const fric_mujoco_robot_joint *r, int i, int k,
                                    const char *servo, const fric_native_params *p, int keep_armature)
{
    const char *msg = joint_refusal(r, i, out->n + out->nnat);
    if (msg) return msg;
    fric_mujoco_adopted *a = &out->nat[out->nnat];
    report_of(a, r, i, k);
    if (r->act < 0)
        return fric__fail_door(FRIC_E_UNSUPPORTED, -1, "adopt: ", "adopt.native_no_actuator",
                   "joint '{name}' has no actuator, and its servo '{servo}' is MuJoCo's native servo, "
                   "which is the joint's position actuator: give the joint a <position> actuator in the MJCF, "
                   "or map it to a servo of M1–M6.",
                   fric__values(fric__s("name", nm(r->name)), fric__s("servo", servo)));
    /* a position, or a general with a stiffness: its ctrl is the goal angle */
    if (!(a->act_kind == FRIC_MUJOCO_ACT_POSITION || (a->act_kind == FRIC_MUJOCO_ACT_GENERAL && a->act_kp != 0)))
        return fric__fail_door(FRIC_E_UNSUPPORTED, -1, "adopt: ", "adopt.native_not_position",
                   "joint '{name}' is driven by a {kind} actuator, whose ctrl is not a goal angle, and "
                   "its servo '{servo}' is MuJoCo's native servo, a position actuator whose ctrl is the goal: "
                   "give the joint a <position> actuator in the MJCF, or map it to a servo of M1–M6.",
                   fric__values(fric__s("name", nm(r->name)), fric__s("kind", fric_mujoco_act_names[a->act_kind]),
                                fric__s("servo", servo)));
    if (r->act_gear != 1)
        return fric__fail_door(FRIC_E_UNSUPPORTED, -1, "adopt: ", "adopt.native_gear",
                   "the actuator of joint '{name}' has gear {gear}, and its servo '{servo}' is MuJoCo's "
                   "native servo, whose kp acts on the joint (the identification fits it so): give the "
                   "actuator gear 1, or map the joint to a servo of M1–M6.",
                   fric__values(fric__s("name", nm(r->name)), fric__g("gear", r->act_gear),
                                fric__s("servo", servo)));
    fric_native_edit *set = &out->nat_set[out->nnat];
    fric_native_edit_of(p, p->firmware_kp, set);   /* checked before the joints */
    a->armature_kept = keep_armature != 0;
    if (a->armature_kept) set->armature = r->jm.armature;
    a->armature = set->armature;
    out->nnat++;
    return NULL;
}

/* Joint r adopted with entry k's servo into out's next slot. */
static const char *adopt_one(fric_mujoco_adoption *out, const fric_mujoco_robot_joint *r, int i, int k,
                             const fric_bench_def *servo, int keep_armature)
{
    const char *msg = joint_refusal(r, i, out->n + out->nnat);
    if (msg) return msg;
    fric_mujoco_adopted *a = &out->a[out->n];
    fric_mujoco_joint_def *def = &out->defs[out->n];
    fric_mujoco_joint_model *jm = &out->jm[out->n];
    report_of(a, r, i, k);
    memset(def, 0, sizeof *def);
    a->armature_kept = keep_armature || !(servo->servo.armature > 0);
    a->armature = a->armature_kept ? r->jm.armature : servo->servo.armature;
    def->joint = r->name;
    def->servo = 1;
    def->held = 1;
    def->bench = *servo;
    if (a->act_goal) {
        /* MuJoCo's joint transmission: length g·q, force on the joint g·F;
         * the servo is the actuator: it turns g·q toward the ctrl */
        if (!(fabs(r->act_gear) >= FRIC_MUJOCO_GEAR_MIN && fabs(r->act_gear) <= FRIC_MUJOCO_GEAR_MAX))
            return fric__fail_door(FRIC_E_UNSUPPORTED, -1, "adopt: ", "adopt.actuator_joint_gear",
                       "the actuator of joint '{name}' has gear {act_gear}; a servo "
                       "drives its joint through a gear that is a finite number other than 0, "
                       "{mujoco_gear_min} <= |gear| <= {mujoco_gear_max}.",
                       fric__values(fric__s("name", nm(r->name)), fric__g("act_gear", r->act_gear),
                                    fric__g("mujoco_gear_min", FRIC_MUJOCO_GEAR_MIN),
                                    fric__g("mujoco_gear_max", FRIC_MUJOCO_GEAR_MAX)));
        a->gear = r->act_gear;
        def->gear = r->act_gear;
        if (r->act_ctrllimited) {
            def->goal_lo = r->act_ctrlrange[0];
            def->goal_hi = r->act_ctrlrange[1];
        }
    }
    if (!a->armature_kept) a->armature = a->gear * a->gear * servo->servo.armature;   /* the rotor through the gear */
    *jm = r->jm;
    jm->frictionloss = 0;
    jm->damping = 0;
    jm->armature = a->armature;
    out->n++;
    return NULL;
}

fric_status fric_mujoco_adopt(fric_mujoco_adoption *out, const fric_mujoco_robot_joint *joints, int njnt,
                              const fric_mujoco_map_entry *map, const fric_bench_def *servos, int nmap,
                              int keep_armature, const char **why)
{
    return fric_mujoco_adopt_native(out, joints, njnt, map, servos, NULL, NULL, nmap, keep_armature, why);
}

fric_status fric_mujoco_adopt_native(fric_mujoco_adoption *out, const fric_mujoco_robot_joint *joints, int njnt,
                                     const fric_mujoco_map_entry *map, const fric_bench_def *servos,
                                     const fric_native_params *natives, const unsigned char *native, int nmap,
                                     int keep_armature, const char **why)
{
    const char *msg = NULL;
    if (!out || !joints || !map || !servos)
        msg = fric__fail_door(FRIC_E_NULL, -1, "adopt: ", "adopt.adoption_joints_mapping",
                  "adoption, joints, mapping and servos must not be NULL.",
                  fric__no_values);
    else if (njnt < 0 || nmap < 1)
        msg = fric__say_door("adopt: ", "adopt.joints_mapping_entries",
                  "{njnt} joints and {nmap} mapping entries; give the model's joints and at "
                  "least one entry.",
                  fric__values(fric__i("njnt", njnt), fric__i("nmap", nmap)));
    else if (native && (!natives || nmap > FRIC_MUJOCO_MAP_MAX))
        msg = fric__say_door("adopt: ", "adopt.native_entries",
                  "{nmap} mapping entries with native servos; give the native sets and at most "
                  "{mujoco_map_max} entries.",
                  fric__values(fric__i("nmap", nmap), fric__i("mujoco_map_max", FRIC_MUJOCO_MAP_MAX)));
    if (!msg) {
        out->n = out->nnat = 0;
        msg = check_entries(joints, njnt, map, nmap);
    }
    for (int k = 0; !msg && k < nmap; k++) {
        const char *w = NULL;
        char t[FRIC_MUJOCO_NAME_MAX + 8];
        if (native && native[k]) {
            fric_native_edit e;
            if (fric_native_edit_of(&natives[k], natives[k].firmware_kp, &e))
                msg = fric__reword("adopt: the servo '%s' of '%s': %s", map[k].servo,
                                   target_text(&map[k], t, sizeof t), fric_status_last().message);
            continue;
        }
        if (fric_bench_check(&servos[k], &w)) {
            msg = fric__reword("adopt: the servo '%s' of '%s': %s", map[k].servo,
                               target_text(&map[k], t, sizeof t), w);
        }
    }
    if (!msg) out->nskip = 0;
    for (int i = 0; !msg && i < njnt; i++) {
        int k = entry_for(&joints[i], map, nmap);
        if (k < 0) continue;
        /* '*' takes the named hinges; a class or '*' skips a slide, ball or
         * free joint (noted); a joint named must be a hinge (adopt_one) */
        if (map[k].kind == FRIC_MUJOCO_MAP_ALL && !nm(joints[i].name)[0]) continue;
        if (map[k].kind != FRIC_MUJOCO_MAP_JOINT && !is_hinge(&joints[i])) {
            if (out->nskip < FRIC_MUJOCO_MAX_JOINTS)
                out->skip[out->nskip] = (fric_mujoco_skipped){ i, k, joints[i].jm.type };
            out->nskip++;
            continue;
        }
        msg = native && native[k] ? adopt_native_one(out, &joints[i], i, k, map[k].servo, &natives[k], keep_armature)
                                  : adopt_one(out, &joints[i], i, k, &servos[k], keep_armature);
    }
    if (!msg && out->n + out->nnat == 0)
        msg = fric__say_door("adopt: ", "adopt.mapping_adopts_no",
                  "the mapping adopts no joint: it found no named hinge joint (a servo of "
                  "bam's is rotary; slide, ball and free joints are skipped).",
                  fric__no_values);
    if (msg && out) out->n = out->nskip = out->nnat = 0;
    if (why) *why = msg ? msg : "";
    return msg ? fric__rc() : FRIC_OK;
}
