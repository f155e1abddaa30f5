/*
 * test_adopt.c: adopting a robot without MuJoCo (fric_adapter.h's "adopting
 * a robot": fric_mujoco_map_parse, fric_mujoco_adopt) over plain arrays.
 *   - the mapping's text: entries, the three separators and blanks, the
 *     kinds (joint, class:NAME, *), and every refusal with its sentence;
 *   - precedence: a joint's own entry, else its class's, else '*', whatever
 *     the order of the entries;
 *   - a hand-made six-joint arm written like the SO-101's MJCF (class
 *     sts3215: frictionloss 0.052 N·m, damping 0.60 N·m·s/rad, armature
 *     0.028 kg·m²; <position> actuators kp 998.22, kv 2.731, forcerange
 *     ±3.35 N·m, a ctrlrange per joint): the values removed are the file's,
 *     the armature the servo preset's (or the file's when kept or when the
 *     servo has none), the actuator's kind, kp, kv and forcerange as the
 *     MJCF wrote them (MuJoCo's <position>: gain kp, bias (0, −kp, −kv)),
 *     the goal range its ctrlrange; and the goal input of
 *     fric_mujoco_core_step clamps to that range;
 *   - refusals: a joint or class the model lacks, a class with no class
 *     known (MuJoCo 2.2.2: the sentence points to the headless runner), a
 *     ball joint named, a gear other than 1, a mapping that adopts nothing,
 *     a servo the bench's check refuses.
 * Expected values are the inputs written here and the core's presets
 * (fric_bench_preset_find), never the adoption's own output.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "test_main.h"

#include "fric_bench.h"
#include "fric_adapter.h"
#include "fric_robot.h"
#include "fric_status.h"

/* The SO-101's MJCF values (its class sts3215 default and <position>). */
#define SO_FRICTIONLOSS 0.052   /* [N·m]       */
#define SO_DAMPING 0.60         /* [N·m·s/rad] */
#define SO_ARMATURE 0.028       /* [kg·m²]     */
#define SO_KP 998.22            /* [N·m/rad]   */
#define SO_KV 2.731             /* [N·m·s/rad] */
#define SO_FORCE 3.35           /* [N·m]       */

static const char *const so_names[6] = { "shoulder_pan", "shoulder_lift", "elbow_flex",
                                         "wrist_flex",   "wrist_roll",    "gripper" };
/* each joint's ctrlrange [rad] (distinct, so a mix-up shows) */
static const double so_ctrl[6][2] = { { -1.91986, 1.91986 }, { -1.74533, 1.74533 }, { -1.69, 1.69 },
                                      { -1.65806, 1.65806 }, { -2.74385, 2.84121 }, { -0.17453, 1.74533 } };

static fric_mujoco_adoption out;   /* about 100 KB: not on the stack */

/* Joint i of the arm: a hinge of class cls at q0 = 0.1·i rad with a
 * <position> actuator (index i) as MuJoCo compiles it. */
static fric_mujoco_robot_joint so_joint(int i, const char *cls)
{
    fric_mujoco_robot_joint r;
    memset(&r, 0, sizeof r);
    r.name = so_names[i];
    r.cls = cls;
    r.jm = (fric_mujoco_joint_model){ FRIC_MUJOCO_JNT_HINGE, SO_FRICTIONLOSS, SO_DAMPING, SO_ARMATURE, 0, 0.1 * i };
    r.act = i;
    r.act_gaintype = 0;                       /* mjGAIN_FIXED  */
    r.act_biastype = 1;                       /* mjBIAS_AFFINE */
    r.act_gainprm[0] = SO_KP;
    r.act_biasprm[0] = 0;
    r.act_biasprm[1] = -SO_KP;
    r.act_biasprm[2] = -SO_KV;
    r.act_gear = 1;
    r.act_forcelimited = 1;
    r.act_forcerange[0] = -SO_FORCE;
    r.act_forcerange[1] = SO_FORCE;
    r.act_ctrllimited = 1;
    r.act_ctrlrange[0] = so_ctrl[i][0];
    r.act_ctrlrange[1] = so_ctrl[i][1];
    return r;
}

static void so_arm(fric_mujoco_robot_joint *r, const char *cls)
{
    for (int i = 0; i < 6; i++) r[i] = so_joint(i, cls);
}

static fric_bench_def preset(const char *actuator, int model)
{
    const fric_bench_preset *p = fric_bench_preset_find(actuator, model);
    assert_non_null(p);
    fric_bench_def d;
    fric_bench_def_from_preset(p, &d);
    return d;
}

/* Parses text, which must succeed; returns the count. */
static int parse_ok(const char *text, fric_mujoco_map_entry *map, int cap)
{
    int n = -1;
    const char *why = NULL;
    int rc = fric_mujoco_map_parse(text, map, cap, &n, &why);
    if (rc) fail_msg("map_parse(\"%s\"): %s", text, why);
    assert_string_equal(why, "");
    return n;
}

/* A refusal of map_parse: code, recorded equal, n = 0, one sentence
 * starting "adopt: " that holds every word. */
static void parse_refused(const char *text, int cap, fric_status code, const char *const *words)
{
    fric_mujoco_map_entry map[8];
    int n = 99;
    const char *why = NULL;
    fric_status_clear();
    int rc = fric_mujoco_map_parse(text, map, cap, &n, &why);
    fric_error e = fric_status_last();
    if (rc != (int)code || e.code != code)
        fail_msg("map_parse(\"%s\"): rc %d, last %d, want %d: %s", text ? text : "(NULL)", rc, e.code, code, why);
    assert_int_equal(n, 0);
    assert_non_null(why);
    assert_string_equal(why, e.message);
    assert_true(strncmp(why, "adopt: ", 7) == 0);
    for (const char *const *w = words; *w; w++)
        if (!strstr(why, *w)) fail_msg("map_parse(\"%s\"): the sentence does not say '%s': %s", text, *w, why);
}

/* A refusal of adopt: code, recorded equal, out->n = 0, words in it. */
static void adopt_refused(const fric_mujoco_robot_joint *r, int njnt, const char *text, const fric_bench_def *servos,
                          fric_status code, const char *const *words)
{
    fric_mujoco_map_entry map[8];
    int n = parse_ok(text, map, 8);
    fric_bench_def sv[8];
    for (int k = 0; k < n; k++) sv[k] = servos ? servos[k] : preset("sts3215", 1);
    const char *why = NULL;
    out.n = 77;
    fric_status_clear();
    int rc = fric_mujoco_adopt(&out, r, njnt, map, sv, n, 0, &why);
    fric_error e = fric_status_last();
    if (rc != (int)code || e.code != code)
        fail_msg("adopt(\"%s\"): rc %d (%s), last %s, want %s: %s", text, rc, fric_status_name(rc),
                 fric_status_name(e.code), fric_status_name(code), why);
    assert_int_equal(out.n, 0);
    assert_string_equal(why, e.message);
    assert_true(strncmp(why, "adopt: ", 7) == 0);
    for (const char *const *w = words; *w; w++)
        if (!strstr(why, *w)) fail_msg("adopt(\"%s\"): the sentence does not say '%s': %s", text, *w, why);
    print_message("refused as it should: %s\n", why);
}

/* ------------------------------------------------------------- the text */

static void test_map_entries(void **st)
{
    (void)st;
    fric_mujoco_map_entry map[8];
    /* every separator, blanks around names, a CRLF line, empty entries */
    const char *text = "  shoulder_pan = sts3215/m4 ,class:sts3215=sts3215/m1;\r\n*\t=\txl330/m4\n,,; elbow_flex=@fit ;";
    int n = parse_ok(text, map, 8);
    assert_int_equal(n, 4);
    const struct { fric_mujoco_map_kind kind; const char *target, *servo; } want[4] = {
        { FRIC_MUJOCO_MAP_JOINT, "shoulder_pan", "sts3215/m4" },
        { FRIC_MUJOCO_MAP_CLASS, "sts3215", "sts3215/m1" },
        { FRIC_MUJOCO_MAP_ALL, "", "xl330/m4" },
        { FRIC_MUJOCO_MAP_JOINT, "elbow_flex", "@fit" },
    };
    for (int k = 0; k < 4; k++) {
        assert_int_equal(map[k].kind, want[k].kind);
        assert_string_equal(map[k].target, want[k].target);
        assert_string_equal(map[k].servo, want[k].servo);
    }
    /* "class: NAME" takes blanks after the colon; a joint may be named like a class elsewhere */
    n = parse_ok("class: gripper =xl330/m1,class:sts3215=sts3215/m1,sts3215=sts3215/m4", map, 8);
    assert_int_equal(n, 3);
    assert_int_equal(map[0].kind, FRIC_MUJOCO_MAP_CLASS);
    assert_string_equal(map[0].target, "gripper");
    assert_int_equal(map[2].kind, FRIC_MUJOCO_MAP_JOINT);   /* same name, another kind: not twice */
    assert_string_equal(map[2].target, "sts3215");
    /* the longest names that fit: FRIC_MUJOCO_NAME_MAX − 1 bytes each side */
    char longest[2 * FRIC_MUJOCO_NAME_MAX + 2];
    memset(longest, 'j', FRIC_MUJOCO_NAME_MAX - 1);
    longest[FRIC_MUJOCO_NAME_MAX - 1] = '=';
    memset(longest + FRIC_MUJOCO_NAME_MAX, 's', FRIC_MUJOCO_NAME_MAX - 1);
    longest[2 * FRIC_MUJOCO_NAME_MAX - 1] = 0;
    assert_int_equal(parse_ok(longest, map, 8), 1);
    assert_int_equal(strlen(map[0].target), FRIC_MUJOCO_NAME_MAX - 1);
    assert_int_equal(strlen(map[0].servo), FRIC_MUJOCO_NAME_MAX - 1);
    /* exactly cap entries */
    assert_int_equal(parse_ok("a=x,b=x,c=x", map, 3), 3);
}

static void test_map_refusals(void **st)
{
    (void)st;
    parse_refused("shoulder_pan sts3215/m1", 8, FRIC_E_PARAM_RANGE,
                  (const char *const[]){ "entry 1", "'shoulder_pan sts3215/m1'", "no '='", "TARGET=SERVO", NULL });
    parse_refused("a=x; =sts3215/m1", 8, FRIC_E_PARAM_RANGE,
                  (const char *const[]){ "entry 2", "no joint or class before '='", NULL });
    parse_refused("class:=sts3215/m1", 8, FRIC_E_PARAM_RANGE,
                  (const char *const[]){ "entry 1", "before '='", NULL });
    parse_refused("a=x\nelbow_flex = ", 8, FRIC_E_PARAM_RANGE,
                  (const char *const[]){ "entry 2", "'elbow_flex'", "no servo", "actuator/mK", "@file", NULL });
    parse_refused("a=x,b=x,c=x,d=x", 3, FRIC_E_PARAM_RANGE,
                  (const char *const[]){ "more than 3 entries", NULL });
    parse_refused("elbow_flex=sts3215/m1, *=xl330/m4; elbow_flex=xl330/m1", 8, FRIC_E_PARAM_RANGE,
                  (const char *const[]){ "'elbow_flex'", "twice", "entries 1 and 3", NULL });
    parse_refused("class:sts3215=a\nclass:sts3215=b", 8, FRIC_E_PARAM_RANGE,
                  (const char *const[]){ "'class:sts3215'", "twice", "entries 1 and 2", NULL });
    parse_refused("*=a;*=b", 8, FRIC_E_PARAM_RANGE, (const char *const[]){ "'*'", "twice", NULL });
    parse_refused(" ,; \n", 8, FRIC_E_PARAM_RANGE, (const char *const[]){ "empty", "TARGET=SERVO", NULL });
    parse_refused("", 8, FRIC_E_PARAM_RANGE, (const char *const[]){ "empty", NULL });
    parse_refused(NULL, 8, FRIC_E_NULL, (const char *const[]){ "must not be NULL", NULL });
    char toolong[FRIC_MUJOCO_NAME_MAX + 8];
    memset(toolong, 'j', FRIC_MUJOCO_NAME_MAX);
    memcpy(toolong + FRIC_MUJOCO_NAME_MAX, "=x", 3);
    char longer[16];
    snprintf(longer, sizeof longer, "%d characters", FRIC_MUJOCO_NAME_MAX - 1);
    parse_refused(toolong, 8, FRIC_E_PARAM_RANGE, (const char *const[]){ "entry 1", "longer than", longer, NULL });
    /* NULL out and n */
    const char *why = NULL;
    int n;
    fric_mujoco_map_entry map[1];
    assert_int_equal(fric_mujoco_map_parse("a=b", NULL, 1, &n, &why), FRIC_E_NULL);
    assert_int_equal(fric_mujoco_map_parse("a=b", map, 1, NULL, &why), FRIC_E_NULL);
    /* why may be NULL: the code is returned all the same */
    assert_int_equal(fric_mujoco_map_parse("nope", map, 1, &n, NULL), FRIC_E_PARAM_RANGE);
}

/* --------------------------------------------------------- the adoption */

/* The arm with its five arm joints in class sts3215 and the gripper in
 * class gripper; the entries in an order that is not the precedence. */
static void test_precedence(void **st)
{
    (void)st;
    fric_mujoco_robot_joint r[6];
    so_arm(r, "sts3215");
    r[5].cls = "gripper";
    fric_mujoco_map_entry map[8];
    int n = parse_ok("*=xl330/m1, class:sts3215=sts3215/m1, shoulder_pan=sts3215/m6", map, 8);
    fric_bench_def sv[3] = { preset("xl330", 1), preset("sts3215", 1), preset("sts3215", 6) };
    const char *why = NULL;
    assert_int_equal(fric_mujoco_adopt(&out, r, 6, map, sv, n, 0, &why), FRIC_OK);
    assert_int_equal(out.n, 6);
    const int want_entry[6] = { 2, 1, 1, 1, 1, 0 };   /* joint > class > * */
    for (int i = 0; i < 6; i++) {
        assert_int_equal(out.a[i].joint, i);          /* in joint order */
        assert_int_equal(out.a[i].entry, want_entry[i]);
        assert_int_equal(out.defs[i].bench.friction.model, sv[want_entry[i]].friction.model);
        assert_true(out.defs[i].bench.friction.K_c == sv[want_entry[i]].friction.K_c);
        assert_true(out.defs[i].bench.servo.kt == sv[want_entry[i]].servo.kt);
    }
    /* the joints no entry names stay out: two named, the rest left as the file has them */
    n = parse_ok("wrist_roll=sts3215/m1; elbow_flex=sts3215/m6", map, 8);
    fric_bench_def sv2[2] = { preset("sts3215", 1), preset("sts3215", 6) };
    assert_int_equal(fric_mujoco_adopt(&out, r, 6, map, sv2, n, 0, &why), FRIC_OK);
    assert_int_equal(out.n, 2);
    assert_int_equal(out.a[0].joint, 2);   /* elbow_flex comes first in the model */
    assert_int_equal(out.a[0].entry, 1);
    assert_int_equal(out.a[1].joint, 4);
    assert_int_equal(out.a[1].entry, 0);
    /* '*' over a model with a ball and a free joint and an unnamed hinge: the named hinges only */
    fric_mujoco_robot_joint mixed[5] = { so_joint(0, NULL), so_joint(1, NULL), so_joint(2, NULL), so_joint(3, NULL),
                                         so_joint(4, NULL) };
    mixed[0].jm.type = FRIC_MUJOCO_JNT_FREE;
    mixed[0].name = "root";
    mixed[0].act = -1;
    mixed[2].jm.type = FRIC_MUJOCO_JNT_BALL;
    mixed[2].act = -1;
    mixed[3].name = "";
    mixed[4].jm.type = FRIC_MUJOCO_JNT_SLIDE;
    n = parse_ok("*=sts3215/m1", map, 8);
    assert_int_equal(fric_mujoco_adopt(&out, mixed, 5, map, sv2, n, 0, &why), FRIC_OK);
    /* a slide is linear, bam's servos rotary: skipped like the
     * ball and the free joint, each noted (the unnamed hinge is not) */
    assert_int_equal(out.n, 1);
    assert_int_equal(out.a[0].joint, 1);
    assert_int_equal(out.nskip, 3);
    assert_true(out.skip[0].joint == 0 && out.skip[0].type == FRIC_MUJOCO_JNT_FREE && out.skip[0].entry == 0);
    assert_true(out.skip[1].joint == 2 && out.skip[1].type == FRIC_MUJOCO_JNT_BALL);
    assert_true(out.skip[2].joint == 4 && out.skip[2].type == FRIC_MUJOCO_JNT_SLIDE);
}

/* What each adopted joint of the arm loses and gains. */
static void test_so101_values(void **st)
{
    (void)st;
    fric_mujoco_robot_joint r[6];
    so_arm(r, "sts3215");
    fric_mujoco_map_entry map[8];
    int n = parse_ok("class:sts3215=sts3215/m1", map, 8);
    const fric_bench_preset *p = fric_bench_preset_find("sts3215", 1);
    assert_non_null(p);
    assert_true(p->servo.armature > 0 && p->servo.armature != SO_ARMATURE);   /* the test can tell them apart */
    fric_bench_def sv = preset("sts3215", 1);
    const char *why = NULL;
    assert_int_equal(fric_mujoco_adopt(&out, r, 6, map, &sv, n, 0, &why), FRIC_OK);
    assert_int_equal(out.n, 6);
    for (int i = 0; i < 6; i++) {
        const fric_mujoco_adopted *a = &out.a[i];
        assert_int_equal(a->joint, i);
        assert_int_equal(a->entry, 0);
        assert_true(a->removed_frictionloss == SO_FRICTIONLOSS);
        assert_true(a->removed_damping == SO_DAMPING);
        assert_true(a->armature_file == SO_ARMATURE);
        assert_true(a->armature == p->servo.armature);
        assert_int_equal(a->armature_kept, 0);
        assert_int_equal(a->act, i);
        assert_int_equal(a->act_kind, FRIC_MUJOCO_ACT_POSITION);
        assert_string_equal(fric_mujoco_act_names[a->act_kind], "position");
        assert_true(a->act_kp == SO_KP);
        assert_true(a->act_kv == SO_KV);
        assert_true(a->act_force_lo == -SO_FORCE && a->act_force_hi == SO_FORCE);
        /* what the core's init gets */
        const fric_mujoco_joint_def *d = &out.defs[i];
        assert_ptr_equal(d->joint, so_names[i]);
        assert_int_equal(d->servo, 1);
        assert_true(d->goal_lo == so_ctrl[i][0] && d->goal_hi == so_ctrl[i][1]);
        assert_true(d->bench.friction.K_c == p->friction.K_c && d->bench.servo.kt == p->servo.kt);
        const fric_mujoco_joint_model *jm = &out.jm[i];
        assert_int_equal(jm->type, FRIC_MUJOCO_JNT_HINGE);
        assert_true(jm->frictionloss == 0 && jm->damping == 0);
        assert_true(jm->armature == p->servo.armature);
        assert_true(jm->q0 == 0.1 * i);
    }
    /* keep_armature: the file's stays */
    assert_int_equal(fric_mujoco_adopt(&out, r, 6, map, &sv, n, 1, &why), FRIC_OK);
    for (int i = 0; i < 6; i++) {
        assert_int_equal(out.a[i].armature_kept, 1);
        assert_true(out.a[i].armature == SO_ARMATURE && out.jm[i].armature == SO_ARMATURE);
    }
    /* a servo without armature: the file's stays too */
    fric_bench_def bare = sv;
    bare.servo.armature = 0;
    assert_int_equal(fric_mujoco_adopt(&out, r, 6, map, &bare, n, 0, &why), FRIC_OK);
    assert_true(out.a[0].armature_kept == 1 && out.a[0].armature == SO_ARMATURE);
}

/* The other actuators: <motor> (gain 1, no bias), a general one (bias
 * affine, gain not kp), none, no forcerange, no ctrlrange. */
static void test_actuator_kinds(void **st)
{
    (void)st;
    fric_mujoco_robot_joint r[4] = { so_joint(0, NULL), so_joint(1, NULL), so_joint(2, NULL), so_joint(3, NULL) };
    /* joint 0: <motor gear="1">, no limits */
    r[0].act_biastype = 0;
    r[0].act_gainprm[0] = 1;
    memset(r[0].act_biasprm, 0, sizeof r[0].act_biasprm);
    r[0].act_forcelimited = 0;
    r[0].act_ctrllimited = 0;
    /* joint 1: general: gain 50, bias (0, −40, −2) */
    r[1].act_gainprm[0] = 50;
    r[1].act_biasprm[1] = -40;
    r[1].act_biasprm[2] = -2;
    /* joint 2: no actuator */
    r[2].act = -1;
    /* joint 3: a position actuator with bias[0] != 0 is general */
    r[3].act_biasprm[0] = 0.5;
    fric_mujoco_map_entry map[2];
    int n = parse_ok("*=sts3215/m1", map, 2);
    fric_bench_def sv = preset("sts3215", 1);
    const char *why = NULL;
    assert_int_equal(fric_mujoco_adopt(&out, r, 4, map, &sv, n, 0, &why), FRIC_OK);
    assert_int_equal(out.n, 4);
    assert_int_equal(out.a[0].act_kind, FRIC_MUJOCO_ACT_MOTOR);
    assert_true(out.a[0].act_kp == 0 && out.a[0].act_kv == 0);
    assert_true(isinf(out.a[0].act_force_lo) && out.a[0].act_force_lo < 0 && isinf(out.a[0].act_force_hi) &&
                out.a[0].act_force_hi > 0);
    assert_false(out.defs[0].goal_lo < out.defs[0].goal_hi);   /* no range: none */
    assert_int_equal(out.a[1].act_kind, FRIC_MUJOCO_ACT_GENERAL);
    assert_true(out.a[1].act_kp == 40 && out.a[1].act_kv == 2);
    assert_int_equal(out.a[2].act, -1);
    assert_int_equal(out.a[2].act_kind, -1);
    assert_false(out.defs[2].goal_lo < out.defs[2].goal_hi);
    assert_int_equal(out.a[3].act_kind, FRIC_MUJOCO_ACT_GENERAL);
}

/* The goal input of the core's step: an adopted actuator's ctrl becomes
 * the servo's goal, clamped to its ctrlrange; NaN keeps the goal. */
static void test_goal_input(void **st)
{
    (void)st;
    fric_mujoco_robot_joint r[2] = { so_joint(0, NULL), so_joint(5, NULL) };
    r[0].jm.minv = r[1].jm.minv = 100;   /* [1/(kg·m²)] */
    fric_mujoco_map_entry map[2];
    int n = parse_ok("*=sts3215/m1", map, 2);
    fric_bench_def sv = preset("sts3215", 1);
    const char *why = NULL;
    assert_int_equal(fric_mujoco_adopt(&out, r, 2, map, &sv, n, 0, &why), FRIC_OK);
    static fric_mujoco_core core;
    const fric_mujoco_model euler = { 1e-3, FRIC_MUJOCO_INT_EULER, 0, 0, 0 };
    if (fric_mujoco_core_init(&core, &euler, out.jm, out.defs, out.n, FRIC_MUJOCO_IMPLICIT, &why))
        fail_msg("core_init: %s", why);
    assert_true(core.j[0].s.goal == r[0].jm.q0 && core.j[1].s.goal == r[1].jm.q0);   /* the start pose */
    const double q[2] = { 0, 0.5 }, v[2] = { 0, 0 }, z[2] = { 0, 0 };
    double goal[2] = { 5.0, NAN }, force[2];
    fric_mujoco_step_in in = { .q = q, .v = v, .qfrc_smooth = z, .qacc = z, .qfrc_passive = z, .qfrc_bias = z, .qfrc_applied = z,
                               .goal = goal };
    fric_mujoco_core_step(&core, &in, force, NULL);
    assert_true(core.j[0].s.goal == so_ctrl[0][1]);   /* clamped to ctrlrange's top */
    assert_true(core.j[1].s.goal == r[1].jm.q0);      /* NaN: the goal stays */
    goal[0] = -0.25;
    goal[1] = -3;
    fric_mujoco_core_step(&core, &in, force, NULL);
    assert_true(core.j[0].s.goal == -0.25);            /* inside: as given */
    assert_true(core.j[1].s.goal == so_ctrl[5][0]);   /* clamped to ctrlrange's bottom */
    assert_int_equal(core.j[0].s.torque_enable, 1);
}

/* ------------------------------------------------------------ refusals */

static void test_adopt_refusals(void **st)
{
    (void)st;
    fric_mujoco_robot_joint r[6];
    so_arm(r, "sts3215");
    /* a joint the model lacks: its joints listed */
    adopt_refused(r, 6, "elbow=sts3215/m1", NULL, FRIC_E_UNKNOWN_NAME,
                  (const char *const[]){ "no joint named 'elbow'", "shoulder_pan, shoulder_lift, elbow_flex", "gripper", NULL });
    /* a class no joint uses: the classes used listed (once each) */
    r[5].cls = "gripper_cls";
    adopt_refused(r, 6, "class:sts3250=sts3215/m1", NULL, FRIC_E_UNKNOWN_NAME,
                  (const char *const[]){ "class 'sts3250'", "classes: sts3215, gripper_cls.", NULL });
    /* no class known (MuJoCo 2.2.2's compiled model): by name or '*', or the headless runner */
    fric_mujoco_robot_joint bare[6];
    so_arm(bare, NULL);
    adopt_refused(bare, 6, "class:sts3215=sts3215/m1", NULL, FRIC_E_UNKNOWN_NAME,
                  (const char *const[]){ "'class:sts3215'", "2.2.2", "by name", "*", "headless runner", "MuJoCo 3",
                                         NULL });
    /* a ball joint named */
    fric_mujoco_robot_joint ball[3] = { so_joint(0, NULL), so_joint(1, NULL), so_joint(2, NULL) };
    ball[1].jm.type = FRIC_MUJOCO_JNT_BALL;
    ball[1].act = -1;
    adopt_refused(ball, 3, "shoulder_lift=sts3215/m1", NULL, FRIC_E_UNSUPPORTED,
                  (const char *const[]){ "'shoulder_lift'", "ball joint", "hinge or slide", NULL });
    /* a slide joint named: bam's servos are rotary */
    ball[1].jm.type = FRIC_MUJOCO_JNT_SLIDE;
    adopt_refused(ball, 3, "shoulder_lift=sts3215/m1", NULL, FRIC_E_UNSUPPORTED,
                  (const char *const[]){ "'shoulder_lift'", "slide joint", "rotary", NULL });
    /* a class holding only a free joint: skipped, so nothing adopted */
    ball[1].jm.type = FRIC_MUJOCO_JNT_FREE;
    ball[1].cls = "body";
    adopt_refused(ball, 3, "class:body=sts3215/m1", NULL, FRIC_E_PARAM_RANGE,
                  (const char *const[]){ "adopts no joint", "free joints are skipped", NULL });
    /* a goal source with gear 0: no ratio */
    so_arm(r, "sts3215");
    r[2].act_gear = 0;
    adopt_refused(r, 6, "elbow_flex=sts3215/m1", NULL, FRIC_E_UNSUPPORTED,
                  (const char *const[]){ "'elbow_flex'", "gear 0", NULL });
    /* a gear whose square overflows the armature (fuzz_robot: gear 1e160, armature inf), and the
     * bounds: 1e6 and 1e-6 adopted (armature g²·I finite), just past them refused */
    r[2].act_gear = 1e160;
    adopt_refused(r, 6, "elbow_flex=sts3215/m1", NULL, FRIC_E_UNSUPPORTED,
                  (const char *const[]){ "'elbow_flex'", "gear 1e+160", "|gear| <= 1e+06", NULL });
    r[2].act_gear = -1.000001e6;
    adopt_refused(r, 6, "elbow_flex=sts3215/m1", NULL, FRIC_E_UNSUPPORTED,
                  (const char *const[]){ "'elbow_flex'", "1e-06 <= |gear|", NULL });
    r[2].act_gear = 0.999999e-6;
    adopt_refused(r, 6, "elbow_flex=sts3215/m1", NULL, FRIC_E_UNSUPPORTED,
                  (const char *const[]){ "'elbow_flex'", "1e-06 <= |gear|", NULL });
    for (int s = -1; s <= 1; s += 2)
        for (int b = 0; b < 2; b++) {
            r[2].act_gear = s * (b ? 1e6 : 1e-6);
            fric_mujoco_map_entry gm[1];
            assert_int_equal(parse_ok("elbow_flex=sts3215/m1", gm, 1), 1);
            fric_bench_def gs = preset("sts3215", 1);
            const char *gwhy = NULL;
            assert_int_equal(fric_mujoco_adopt(&out, r, 6, gm, &gs, 1, 0, &gwhy), FRIC_OK);
            assert_int_equal(out.n, 1);
            /* the rotor through the gear: g²·I, written here from the preset's armature */
            assert_true(out.a[0].armature == r[2].act_gear * r[2].act_gear * gs.servo.armature);
            assert_true(isfinite(out.a[0].armature));
        }
    /* a mapping that adopts nothing: '*' over a ball and a free joint */
    fric_mujoco_robot_joint none[2] = { so_joint(0, NULL), so_joint(1, NULL) };
    none[0].jm.type = FRIC_MUJOCO_JNT_FREE;
    none[1].jm.type = FRIC_MUJOCO_JNT_BALL;
    adopt_refused(none, 2, "*=sts3215/m1", NULL, FRIC_E_PARAM_RANGE,
                  (const char *const[]){ "adopts no joint", "skipped", NULL });
    /* a servo the bench's check refuses: its sentence, named */
    so_arm(r, "sts3215");
    fric_bench_def bad[2] = { preset("sts3215", 1), preset("sts3215", 1) };
    bad[1].kp = -3;
    adopt_refused(r, 6, "wrist_flex=sts3215/m1, class:sts3215=@mine", bad, FRIC_E_PARAM_RANGE,
                  (const char *const[]){ "servo '@mine'", "'class:sts3215'", "kp = -3", NULL });
    bad[1] = bad[0];
    bad[1].friction.K_c = -0.1;
    adopt_refused(r, 6, "wrist_flex=sts3215/m1, class:sts3215=@mine", bad, FRIC_E_PARAM_RANGE,
                  (const char *const[]){ "servo '@mine'", "K_c", NULL });
    /* more joints than the adapter holds */
    static fric_mujoco_robot_joint many[FRIC_MUJOCO_MAX_JOINTS + 1];
    static char names[FRIC_MUJOCO_MAX_JOINTS + 1][16];
    for (int i = 0; i <= FRIC_MUJOCO_MAX_JOINTS; i++) {
        many[i] = so_joint(0, NULL);
        snprintf(names[i], sizeof names[i], "j%d", i);
        many[i].name = names[i];
    }
    char most[40];
    snprintf(most, sizeof most, "more than %d joints", FRIC_MUJOCO_MAX_JOINTS);
    adopt_refused(many, FRIC_MUJOCO_MAX_JOINTS + 1, "*=sts3215/m1", NULL, FRIC_E_PARAM_RANGE,
                  (const char *const[]){ most, NULL });
    /* NULL and empty arguments */
    fric_mujoco_map_entry map[1];
    int n = parse_ok("*=sts3215/m1", map, 1);
    fric_bench_def sv = preset("sts3215", 1);
    const char *why = NULL;
    assert_int_equal(fric_mujoco_adopt(NULL, r, 6, map, &sv, n, 0, &why), FRIC_E_NULL);
    assert_non_null(strstr(why, "must not be NULL"));
    assert_int_equal(fric_mujoco_adopt(&out, r, 6, NULL, &sv, n, 0, &why), FRIC_E_NULL);
    assert_int_equal(fric_mujoco_adopt(&out, r, 6, map, &sv, 0, 0, &why), FRIC_E_PARAM_RANGE);
    assert_non_null(strstr(why, "at least one entry"));
    assert_int_equal(fric_mujoco_adopt(&out, r, 6, map, &sv, n, 0, NULL), FRIC_OK);   /* why may be NULL */
}

/* The servo syntax of every door (fric_robot.h, docs/robot.md's mapping):
 * "ACTUATOR/mK" a preset of bam's identified models, 'm' or 'M'; "@NAME"
 * a file the door gives. The presets by the BAM repository's params
 * folders (../shared/data/bam/params: mx64 m1–m6; feetech, the STS3215,
 * m6, with the LeRobot SO-101 model m1 beside it: sts3215 m1 and m6). */
static void servo_refused(const char *servo, const char *id, const char *const *words)
{
    fric_robot_servo s;
    const char *why = NULL;
    fric_status_clear();
    assert_int_equal(fric_robot_servo_parse(servo, &s, &why), FRIC_E_PARAM_RANGE);
    fric_error e = fric_status_last();
    assert_string_equal(why, e.message);
    assert_non_null(e.id);
    assert_string_equal(e.id, id);
    for (const char *const *w = words; *w; w++)
        if (!strstr(why, *w)) fail_msg("servo_parse(\"%s\"): the sentence does not say '%s': %s", servo, *w, why);
}

static void test_servo_syntax(void **st)
{
    (void)st;
    fric_robot_servo s;
    const char *why = NULL;
    assert_int_equal(fric_robot_servo_parse("sts3215/m1", &s, &why), FRIC_OK);
    assert_int_equal(s.kind, FRIC_ROBOT_SERVO_PRESET);
    assert_string_equal(s.name, "sts3215");
    assert_int_equal(s.model, 1);
    assert_string_equal(why, "");
    assert_int_equal(fric_robot_servo_parse("mx64/M5", &s, &why), FRIC_OK);   /* 'M' as 'm' */
    assert_string_equal(s.name, "mx64");
    assert_int_equal(s.model, 5);
    assert_int_equal(fric_robot_servo_parse("@wrist-fit", &s, &why), FRIC_OK);
    assert_int_equal(s.kind, FRIC_ROBOT_SERVO_NAMED);
    assert_string_equal(s.name, "wrist-fit");
    assert_int_equal(s.model, 0);
    /* refusals: the syntax, an actuator without presets, a model it lacks */
    servo_refused("sts3215", "robot.servo_syntax", (const char *const[]){ "'sts3215'", "actuator/mK", "@NAME", NULL });
    servo_refused("sts3215/", "robot.servo_syntax", (const char *const[]){ "'sts3215/'", NULL });
    servo_refused("sts3215/m", "robot.servo_syntax", (const char *const[]){ "'sts3215/m'", NULL });
    servo_refused("sts3215/m1x", "robot.servo_syntax", (const char *const[]){ "'sts3215/m1x'", NULL });
    servo_refused("sts3215/m 1", "robot.servo_syntax", (const char *const[]){ "'sts3215/m 1'", NULL });
    servo_refused("sts3215/k1", "robot.servo_syntax", (const char *const[]){ "'sts3215/k1'", NULL });
    servo_refused("@", "robot.servo_syntax", (const char *const[]){ "'@'", NULL });
    servo_refused("nosuch/m1", "robot.servo_no_actuator", (const char *const[]){ "'nosuch/m1'", "sts3215", NULL });
    servo_refused("/m1", "robot.servo_no_actuator", (const char *const[]){ "'/m1'", NULL });
    servo_refused("sts3215/m3", "robot.servo_no_preset", (const char *const[]){ "'sts3215/m3'", "sts3215 has m1, m6", NULL });
    servo_refused("mx64/m7", "robot.servo_no_preset", (const char *const[]){ "mx64 has m1, m2, m3, m4, m5, m6", NULL });
    assert_int_equal(fric_robot_servo_parse(NULL, &s, &why), FRIC_E_NULL);
    assert_int_equal(fric_robot_servo_parse("sts3215/m1", NULL, &why), FRIC_E_NULL);
}

/* The class → joints rule (fric_robot.h): a class named after a servo
 * (the SO-101's class sts3215) takes that servo's models, at any supply
 * (sts321512v: bam's STS3215 at 12 V); a joint's or '*''s entry, or a
 * class no actuator is called (bam's 2R arm's classes are mx106, mx64:
 * actuators; "arm" is none), any servo. */
static void test_class_servo(void **st)
{
    (void)st;
    fric_mujoco_map_entry e[4];
    int n = 0;
    const char *why = NULL;
    assert_int_equal(fric_mujoco_map_parse("class:sts3215=@fit, class:arm=mx64/m1, wrist=mx64/m1, *=xl330/m4", e,
                                           4, &n, &why), FRIC_OK);
    assert_int_equal(fric_robot_class_servo_check(&e[0], "sts3215", &why), FRIC_OK);
    assert_int_equal(fric_robot_class_servo_check(&e[0], "sts321512v", &why), FRIC_OK);
    assert_int_equal(fric_robot_class_servo_check(&e[1], "mx64", &why), FRIC_OK);
    assert_int_equal(fric_robot_class_servo_check(&e[2], "mx64", &why), FRIC_OK);
    assert_int_equal(fric_robot_class_servo_check(&e[3], "xl330", &why), FRIC_OK);
    fric_status_clear();
    assert_int_equal(fric_robot_class_servo_check(&e[0], "mx64", &why), FRIC_E_PARAM_RANGE);
    fric_error err = fric_status_last();
    assert_string_equal(err.id, "robot.class_servo");
    assert_string_equal(why, "the class 'sts3215' is the sts3215 servo's, but '@fit' is a mx64 model: map it to a "
                             "sts3215 preset, params file or fit (or map the joints by name to put another servo "
                             "there on purpose).");
    assert_int_equal(fric_robot_class_servo_check(NULL, "mx64", &why), FRIC_E_NULL);
    assert_int_equal(fric_robot_class_servo_check(&e[0], NULL, &why), FRIC_E_NULL);
}

FRIC_TEST_MAIN(cmocka_unit_test(test_map_entries), cmocka_unit_test(test_map_refusals),
               cmocka_unit_test(test_precedence), cmocka_unit_test(test_so101_values),
               cmocka_unit_test(test_actuator_kinds), cmocka_unit_test(test_goal_input),
               cmocka_unit_test(test_adopt_refusals), cmocka_unit_test(test_servo_syntax),
               cmocka_unit_test(test_class_servo))
