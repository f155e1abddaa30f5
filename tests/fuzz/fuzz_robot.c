/*
 * fuzz_robot.c: libFuzzer target, adoption on plain arrays, MuJoCo-free:
 * the robot layer (fric_robot.h, core/adapter/adapter_robot.c) and the
 * adoption under it (fric_mujoco_adopt, adapter_adopt.c), as `friction
 * mujoco --adopt` and the page's "Your robot" drive them after copying
 * MuJoCo's arrays.
 *
 * The input decodes into: a model (0..6 joints, 0..6 actuators, timestep,
 * integrator, gravity), the joints (type, name, class, ancestry,
 * frictionloss, damping, armature, tendon, equality; the addresses laid out
 * as MuJoCo does: qpos 7/4/1 and dofs 6/3/1 per free/ball/other joint), the
 * actuators (transmission, joint, dynamics, gain and bias with their
 * parameters, gear, force and ctrl ranges, name), a keyframe's qpos and its
 * name, a mapping text of 1..4 entries (joints, classes, '*', or raw bytes)
 * with a servo per entry (a preset, its numbers sometimes changed), then
 * what the caller gives attach (each joint's minv, the treatment) and the
 * run (a load, goals, 1..40 steps of a per-joint Euler integration the
 * test writes: v += h·minv·(τ_load + force), q += h·v). Each number is
 * typical most of the time and wild (NaN, ±inf, subnormal, ±1e±300) some
 * of the time (fuzz_input.h).
 *
 * Invariants (abort() on a failure):
 *   - create, map, adopt and attach accept or refuse with a sentence (the
 *     status recorded), never crash, leak or hit undefined behaviour;
 *   - an accepted adoption names each joint at most once, within the model,
 *     only hinges, its edits finite on the joint's dof (the armature the
 *     file's when kept, else >= 0),
 *     its gear finite and nonzero (the def's finite: 0 there is direct);
 *   - every accepted robot gives finite numbers: the force of every step,
 *     frictionloss for FRICTIONLOSS/NOSLIP, the goal of every joint, every
 *     row of the table (q, sag, τm, τf; creep finite once two samples are in).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fric_adapter.h"
#include "fric_bench.h"
#include "fric_robot.h"
#include "fric_status.h"
#include "fuzz_input.h"

#define MAXJ 6
#define MAXU 6
#define MAXQ (7 * MAXJ)
#define MAXV (6 * MAXJ)

/* A number: typical in [lo·, hi] most of the time (1 in 8 wild, 1 in 8
 * zero), from the input. */
static double num(fuzz_in *in, double typical_lo, double typical_hi)
{
    uint8_t s = fuzz_u8(in);
    if (s < 32) return fuzz_double(in);
    if (s < 64) return 0;
    return typical_lo + (typical_hi - typical_lo) * (fuzz_u8(in) / 255.0);
}

/* A number of the test's own physics (the load, the link's inertia):
 * typical only, in [lo, hi]. */
static double typical(fuzz_in *in, double lo, double hi)
{
    return lo + (hi - lo) * (fuzz_u8(in) / 255.0);
}

static const char *pick(fuzz_in *in, const char *const *list, int n)
{
    return list[fuzz_u8(in) % n];
}

static const char *const joint_names[] = { "j0", "j1", "j2", "j3", "shoulder", "", NULL, "j0" };
static const char *const classes[] = { NULL, "", "arm", "sts3215", "main", "arm" };
static const char *const ancestries[] = { NULL, "", "main\n", "arm\nmain\n", "sts3215\n" };
static const char *const act_names[] = { NULL, "", "a0", "servo", "a0" };
static const char *const servos[] = { "sts3215/m1", "xl330/m4", "mx64/m6", "erob80_50/m2", "@fit", "xl320/m3" };

/* A servo: the preset of (actuator, model) in entry text s when there is
 * one (else sts3215's M1), its numbers sometimes changed. */
static fric_bench_def servo_def(fuzz_in *in)
{
    static const struct { const char *act; int model; } pr[] = {
        { "sts3215", 1 }, { "xl330", 4 }, { "mx64", 6 }, { "erob80_50", 2 }, { "xl320", 3 }, { "mx106", 5 },
    };
    int k = fuzz_u8(in) % (int)(sizeof pr / sizeof pr[0]);
    const fric_bench_preset *p = fric_bench_preset_find(pr[k].act, pr[k].model);
    if (!p) p = fric_bench_preset_find("sts3215", 1);
    fric_bench_def d;
    fric_bench_def_from_preset(p, &d);
    uint8_t change = fuzz_u8(in);
    if (change & 1) d.servo.armature = num(in, 0, 0.01);
    if (change & 2) d.servo.kt = num(in, 0.1, 3);
    if (change & 4) d.servo.R = num(in, 1, 5);
    if (change & 8) d.friction.K_c = num(in, 0, 0.5);
    if (change & 32) d.friction.K_v = num(in, 0, 0.5);
    if (change & 16) d.servo.q_offset = num(in, -1, 1);
    return d;
}

static size_t put(char *buf, size_t at, size_t cap, const char *s)
{
    size_t n = strlen(s);
    if (at + n >= cap) return at;
    memcpy(buf + at, s, n + 1);
    return at + n;
}

/* How far the inputs got (printed at exit with FUZZ_SHOW=1 in the
 * environment): created, mapped, adopted, attached, run. */
static long reached[5];
static void show_reached(void)
{
    fprintf(stderr, "fuzz_robot: created %ld, mapped %ld, adopted %ld, attached %ld, run %ld\n", reached[0],
            reached[1], reached[2], reached[3], reached[4]);
}

/* The robot of the input in progress (destroyed after it, also when a
 * check failed and FUZZ_KEEP_GOING went on). */
static fric_robot *r;

static void one(const uint8_t *data, size_t size)
{
    fuzz_in in = { data, size, 0 };
    fric_robot_model m;
    m.njnt = fuzz_u8(&in) % (MAXJ + 1);
    m.nu = fuzz_u8(&in) % (MAXU + 1);
    m.timestep = fuzz_u8(&in) < 16 ? fuzz_double(&in) : fuzz_pos(&in, -4, -2);
    m.integrator = fuzz_u8(&in) % 4;
    for (int c = 0; c < 3; c++) m.gravity[c] = c == 2 ? num(&in, -20, 0) : num(&in, -1, 1);

    fric_robot_joint j[MAXJ];
    int nq = 0, nv = 0;
    for (int i = 0; i < m.njnt; i++) {
        uint8_t t = fuzz_u8(&in);
        int type = t < 176 ? FRIC_MUJOCO_JNT_HINGE : t % 4;
        j[i] = (fric_robot_joint){ pick(&in, joint_names, 8), pick(&in, classes, 6), type, nv, nq,
                                   num(&in, 0, 1), num(&in, 0, 2), num(&in, 0, 0.05), pick(&in, ancestries, 5), 0, 0 };
        uint8_t f = fuzz_u8(&in);
        j[i].tendon = f & 1;
        j[i].equality = (f >> 1) & 1;
        nq += type == FRIC_MUJOCO_JNT_FREE ? 7 : type == FRIC_MUJOCO_JNT_BALL ? 4 : 1;
        nv += type == FRIC_MUJOCO_JNT_FREE ? 6 : type == FRIC_MUJOCO_JNT_BALL ? 3 : 1;
    }
    fric_robot_actuator a[MAXU];
    for (int k = 0; k < m.nu; k++) {
        fric_robot_actuator *x = &a[k];
        memset(x, 0, sizeof *x);
        uint8_t t = fuzz_u8(&in);
        x->trntype = t < 224 ? FRIC_ROBOT_TRN_JOINT : t % 8;
        x->trnid = (int)(fuzz_u8(&in) % (unsigned)(m.njnt + 2)) - 1;
        uint8_t kind = fuzz_u8(&in);
        double kp = num(&in, 0, 100), kv = num(&in, 0, 5);
        x->dyntype = kind % 7 == 4 ? FRIC_MUJOCO_DYN_INTEGRATOR : kind >= 250 ? kind % 3 : 0;
        switch (kind % 7) {                  /* MuJoCo's shortcuts, then anything */
        case 0: x->gainprm[0] = 1; break;                                                   /* motor */
        case 1: case 4: x->gaintype = 0; x->biastype = 1; x->gainprm[0] = kp;                /* position, intvelocity */
            x->biasprm[1] = -kp; x->biasprm[2] = -kv; break;
        case 3: x->biastype = 1; x->gainprm[0] = kv; x->biasprm[2] = -kv; break;            /* velocity */
        case 5: x->gaintype = 1; x->gainprm[2] = -kv; break;                                /* damper */
        default:
            x->gaintype = fuzz_u8(&in) % 3;
            x->biastype = fuzz_u8(&in) % 3;
            for (int c = 0; c < 3; c++) x->gainprm[c] = num(&in, -10, 10);
            for (int c = 0; c < 3; c++) x->biasprm[c] = num(&in, -10, 10);
        }
        uint8_t g = fuzz_u8(&in);
        x->gear = g < 160 ? 1 : num(&in, -3, 3);
        uint8_t lim = fuzz_u8(&in);
        x->forcelimited = lim & 1;
        x->forcerange[0] = num(&in, -10, 0);
        x->forcerange[1] = num(&in, 0, 10);
        x->ctrllimited = (lim >> 1) & 1;
        x->ctrlrange[0] = num(&in, -3.2, 0);
        x->ctrlrange[1] = num(&in, 0, 3.2);
        x->name = pick(&in, act_names, 5);
    }
    /* the keyframe's qpos (a free joint's and a ball's quaternion too) */
    double qpos[MAXQ + 1];
    for (int q = 0; q < nq; q++) qpos[q] = num(&in, -3.2, 3.2);
    const char *keys[] = { NULL, "", "home" };
    int key = fuzz_u8(&in) % 3;

    const char *why = NULL;
    r = fric_robot_create(&m, m.njnt ? j : NULL, m.nu ? a : NULL, &why);
    if (!r) {
        if (getenv("FUZZ_SHOW")) fprintf(stderr, "fuzz_robot: %s\n", why ? why : "(NULL)");
        if (!why || !why[0]) FUZZ_FAIL("create refused without a sentence");
        return;
    }
    reached[0]++;
    fric_robot_start_key(r, keys[key], key ? 0 : -1);

    /* the mapping */
    char text[1024] = "";
    size_t at = 0;
    int entries = 1 + fuzz_u8(&in) % 4;
    if (fuzz_u8(&in) < 16) {                  /* raw bytes */
        size_t n = fuzz_u8(&in);
        for (size_t c = 0; c < n && at + 1 < sizeof text; c++) {
            char ch = (char)fuzz_u8(&in);
            if (ch) text[at++] = ch;
        }
        text[at] = '\0';
    } else {
        for (int e = 0; e < entries; e++) {
            uint8_t t = fuzz_u8(&in);
            if (e) at = put(text, at, sizeof text, t & 128 ? ";" : ",");
            if (t % 4 == 0) at = put(text, at, sizeof text, "*");
            else if (t % 4 == 1) {
                at = put(text, at, sizeof text, "class:");
                const char *c = pick(&in, classes, 6);
                at = put(text, at, sizeof text, c ? c : "x");
            } else {
                const char *n = pick(&in, joint_names, 8);
                at = put(text, at, sizeof text, n ? n : "j5");
            }
            at = put(text, at, sizeof text, "=");
            at = put(text, at, sizeof text, pick(&in, servos, 6));
        }
    }
    if (getenv("FUZZ_SHOW")) fprintf(stderr, "fuzz_robot: %d joints, %d actuators, mapping '%s'\n", m.njnt, m.nu, text);
    if (fric_robot_map(r, text, &why)) {
        if (getenv("FUZZ_SHOW")) fprintf(stderr, "fuzz_robot: %s\n", why);
        if (!why || strncmp(why, "adopt: ", 7) != 0) FUZZ_FAIL("map refused without its sentence");
        return;
    }
    reached[1]++;
    int nmap = 0;
    fric_robot_map_entries(r, &nmap);
    fric_bench_def sv[FRIC_MUJOCO_MAP_MAX];
    for (int e = 0; e < nmap; e++) sv[e] = servo_def(&in);
    int keep = fuzz_u8(&in) & 1;
    if (fric_robot_adopt(r, sv, nmap, keep, qpos, &why)) {
        if (getenv("FUZZ_SHOW")) fprintf(stderr, "fuzz_robot: %s\n", why);
        if (!why || strncmp(why, "adopt: ", 7) != 0) FUZZ_FAIL("adopt refused without its sentence: %s", why);
        if (fric_robot_adoption(r)) FUZZ_FAIL("a refused adoption is there");
        return;
    }
    reached[2]++;
    const fric_mujoco_adoption *ad = fric_robot_adoption(r);
    if (!ad || ad->n < 1 || ad->n > m.njnt) FUZZ_FAIL("an adoption of %d joints in a robot of %d", ad ? ad->n : -1, m.njnt);
    int ne = 0;
    const fric_robot_edit *ed = fric_robot_edits(r, &ne);
    if (ne != ad->n || !ed) FUZZ_FAIL("%d edits for %d adopted joints", ne, ad->n);
    int seen[MAXJ] = { 0 };
    for (int i = 0; i < ad->n; i++) {
        const fric_mujoco_adopted *x = &ad->a[i];
        if (x->joint < 0 || x->joint >= m.njnt || seen[x->joint]++) FUZZ_FAIL("adopted joint %d: %d", i, x->joint);
        if (x->entry < 0 || x->entry >= nmap) FUZZ_FAIL("adopted joint %d: entry %d of %d", i, x->entry, nmap);
        if (j[x->joint].type != FRIC_MUJOCO_JNT_HINGE) FUZZ_FAIL("adopted joint %d is of type %d", i, j[x->joint].type);
        /* the armature: the file's when kept (as it was), else the servo's through the gear (>= 0) */
        if (!isfinite(ed[i].frictionloss) || !isfinite(ed[i].damping) || !isfinite(ed[i].armature)
            || (!x->armature_kept && !(ed[i].armature >= 0)))
            FUZZ_FAIL("edit %d not finite: frictionloss %g damping %g armature %g", i, ed[i].frictionloss,
                      ed[i].damping, ed[i].armature);
        if (ed[i].dof != j[x->joint].dofadr) FUZZ_FAIL("edit %d: dof %d, the joint's %d", i, ed[i].dof, j[x->joint].dofadr);
        /* the def's gear: 0 or 1 direct (fric_mujoco_joint_def); the adopted's: 1 without one */
        if (!isfinite(ad->defs[i].gear) || !isfinite(x->gear) || x->gear == 0)
            FUZZ_FAIL("adopted %d: gear %g, the def's %g", i, x->gear, ad->defs[i].gear);
        if (x->act_goal && (x->act < 0 || x->act >= m.nu)) FUZZ_FAIL("adopted %d: goal source %d", i, x->act);
    }

    /* attach: the caller's minv per joint and the treatment */
    fric_mujoco_model mm = { m.timestep, FRIC_MUJOCO_INT_EULER, 0, 0, fuzz_u8(&in) & 1 };
    for (int q = 0; q < m.njnt; q++)
        if (j[q].damping != 0 && !(ad && q < m.njnt && seen[q] && !keep)) mm.any_damping = 1;
    fric_mujoco_joint_model jm[MAXJ];
    double minv[MAXJ];
    for (int i = 0; i < ad->n; i++) {
        jm[i] = ad->jm[i];
        /* (M⁻¹)_ii: the dof's armature plus a link inertia */
        double link = typical(&in, 1e-4, 0.05);
        minv[i] = 1 / (fabs(jm[i].armature) + link);
        jm[i].minv = minv[i];
    }
    fric_mujoco_treatment tr = (fric_mujoco_treatment)(fuzz_u8(&in) % 3);
    if (fric_robot_attach(r, &mm, jm, tr, &why)) {
        if (getenv("FUZZ_SHOW")) fprintf(stderr, "fuzz_robot: %s\n", why);
        if (!why || !why[0]) FUZZ_FAIL("attach refused without a sentence");
        return;
    }
    reached[3]++;
    if (getenv("FUZZ_SHOW"))
        for (int i = 0; i < ad->n; i++)
            fprintf(stderr, "fuzz_robot: h %.17g, joint %d: q0 %.17g, minv %.17g, armature %.17g, servo kt %.17g R %.17g "
                    "armature %.17g q_offset %.17g K_c %.17g K_v %.17g, treatment %d\n", m.timestep, ad->a[i].joint,
                    jm[i].q0, minv[i], jm[i].armature, ad->defs[i].bench.servo.kt, ad->defs[i].bench.servo.R,
                    ad->defs[i].bench.servo.armature, ad->defs[i].bench.servo.q_offset, ad->defs[i].bench.friction.K_c,
                    ad->defs[i].bench.friction.K_v, (int)tr);
    double ctrl_a[MAXU + 1], ctrl_c[MAXU + 1];
    for (int k = 0; k <= MAXU; k++) ctrl_a[k] = ctrl_c[k] = 0;
    double qp[MAXQ + 1], qv[MAXV + 1];
    memcpy(qp, qpos, sizeof qpos);
    for (int v = 0; v <= MAXV; v++) qv[v] = 0;
    fric_robot_start_goals(r, qp, ctrl_a, ctrl_c);
    for (int q = 0; q < m.njnt; q++)
        if (!isfinite(fric_robot_goal(r, q))) FUZZ_FAIL("joint %d: start goal %g", q, fric_robot_goal(r, q));

    /* the run: a gravity-like load mgl·sin(q) on each adopted joint */
    int n = ad->n, steps = 1 + fuzz_u8(&in) % 40;
    double mgl = typical(&in, 0, 2), h = m.timestep;
    double in_q[MAXJ], in_v[MAXJ], in_minv[MAXJ], acc_s[MAXJ], frc_s[MAXJ], zero[MAXJ], acc[MAXJ], bias[MAXJ],
        goal[MAXJ], force[MAXJ], loss[MAXJ];
    for (int i = 0; i < n; i++) zero[i] = acc[i] = 0;
    fric_mujoco_core *core = fric_robot_core(r);
    for (int s = 0; s < steps; s++) {
        uint8_t ev = fuzz_u8(&in);
        if (ev >= 224) {                        /* a new goal for a joint */
            int q = fuzz_u8(&in) % (m.njnt ? m.njnt : 1);
            double gq = num(&in, -3.2, 3.2);
            if (getenv("FUZZ_SHOW")) fprintf(stderr, "fuzz_robot: step %d: joint %d's goal %.17g\n", s, q, gq);
            /* a goal beyond ±FRIC_ROBOT_GOAL_MAX (or of no joint) refused with a sentence, nothing changed */
            double was = fric_robot_goal(r, q);
            const char *gwhy = NULL;
            int refused = fric_robot_set_goal(r, q, gq, ctrl_a, ctrl_c, &gwhy) != FRIC_OK;
            int inside = q < m.njnt && fabs(gq) <= FRIC_ROBOT_GOAL_MAX;
            if (refused == inside || (refused && (!gwhy || !gwhy[0])))
                FUZZ_FAIL("joint %d: goal %g %s", q, gq, refused ? "refused" : "taken");
            if (refused && q < m.njnt && !(fric_robot_goal(r, q) == was)) FUZZ_FAIL("joint %d: a refused goal changed it", q);
            if (q < m.njnt && !isfinite(fric_robot_goal(r, q))) FUZZ_FAIL("joint %d: goal %g", q, fric_robot_goal(r, q));
        }
        for (int i = 0; i < n; i++) {
            int jj = ad->a[i].joint;
            in_q[i] = qp[j[jj].qposadr];
            in_v[i] = qv[j[jj].dofadr];
            in_minv[i] = minv[i];
            frc_s[i] = -mgl * sin(in_q[i]);
            bias[i] = -frc_s[i];
            acc_s[i] = minv[i] * frc_s[i];
            goal[i] = core->j[i].act >= 0 ? ctrl_c[core->j[i].act] : NAN;
            force[i] = loss[i] = NAN;
        }
        fric_mujoco_step_in sin_ = { in_q, in_v, in_minv, acc_s, frc_s, zero, acc, zero, bias, zero, NULL, goal };
        fric_mujoco_core_step(core, &sin_, force, loss);
        for (int i = 0; i < n; i++) {
            if (!isfinite(force[i])) FUZZ_FAIL("step %d, joint %d: force %g", s, i, force[i]);
            if (tr != FRIC_MUJOCO_IMPLICIT && !(loss[i] >= 0 && isfinite(loss[i])))
                FUZZ_FAIL("step %d, joint %d: frictionloss %g", s, i, loss[i]);
            int jj = ad->a[i].joint;
            /* the dynamics of this test: Euler on each joint, frictionloss a clamp of |τ| at rest */
            double tau = frc_s[i] + force[i];
            if (tr != FRIC_MUJOCO_IMPLICIT && in_v[i] == 0 && fabs(tau) <= loss[i]) tau = 0;
            acc[i] = minv[i] * tau;
            double v = in_v[i] + h * acc[i];
            qv[j[jj].dofadr] = v;
            qp[j[jj].qposadr] = in_q[i] + h * v;
        }
        /* the test's integration diverged (a huge timestep or force): its
         * state is no longer a robot's, the run ends (not a finding) */
        int diverged = 0;
        for (int i = 0; i < n; i++) {
            int jj = ad->a[i].joint;
            if (!(fabs(qp[j[jj].qposadr]) < 1e6) || !(fabs(qv[j[jj].dofadr]) < 1e9)) diverged = 1;
        }
        if (diverged) break;
        if (s == steps - 1) reached[4]++;
        if (fric_robot_tick(r)) fric_robot_record(r, qp, qp);
        for (int i = 0; i < n; i++) {
            fric_robot_row row;
            if (fric_robot_row_of(r, i, 1, qp, qv, NULL, NULL, &row)) FUZZ_FAIL("row %d refused", i);
            long sample = 0, span = 0;
            fric_robot_sampling(r, &sample, &span);
            if (!isfinite(row.q) || !isfinite(row.sag_mrad) || !isfinite(row.tau_m) || !isfinite(row.tau_f))
                FUZZ_FAIL("step %d, joint %d: row q %g sag %g mrad tau_m %g tau_f %g", s, i, row.q, row.sag_mrad,
                          row.tau_m, row.tau_f);
            if ((s + 1) / sample >= 2 && !isfinite(row.creep_mrad_s))
                FUZZ_FAIL("step %d, joint %d: creep %g mrad/s", s, i, row.creep_mrad_s);
        }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    one(data, size);
    static int shown;
    if (!shown++ && getenv("FUZZ_SHOW")) atexit(show_reached);
    fric_robot_destroy(r);
    r = NULL;
    return 0;
}
