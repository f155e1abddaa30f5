/*
 * robot_player.c: a robot's goals played by real MuJoCo 2.2.2, recorded as
 * LeRobot's record loop records them. The independent reference the
 * identification of a robot's servos is checked against: it shares no code
 * with the core or the fit (MuJoCo's C API, Debian's cJSON and libc only).
 *
 *   robot_player MJCF TRUTH.json GOALS.csv OUT.csv [--exact]
 *
 * MJCF     the robot (../shared/data/robot_ident/so101_stripped.xml): each
 *          joint driven by an actuator of its name, MuJoCo's "general"
 *          actuator rewritten here as a position servo.
 * TRUTH    {"kind": "native", "joints": {NAME: {kp, kv, forcerange,
 *          frictionloss, damping, armature}}} (robot_ident/T0/truth.json):
 *          per joint, written into the compiled model:
 *            actuator: gainprm[0] = kp, biasprm = (0, −kp, −kv), force
 *                      limited to ±forcerange [N·m]
 *                      (force = clip(kp·(ctrl − q) − kv·q̇, ±forcerange));
 *            dof:      frictionloss [N·m], damping [N·m·s/rad], armature [kg·m²].
 * GOALS    CSV `t,<joint>,...` (robot_ident/traj/recipe.csv): the goals
 *          [rad] per joint, a step function of time over the file's own t
 *          column (each row in effect from its t until the next row's); the
 *          frame rate fps the file's mean step rounded to a whole number of
 *          frames a second.
 * OUT      CSV `t,goal_<j>...,pos_<j>...`: per frame t_k = k/fps (%.6f), the
 *          goals in effect at t_k and the positions measured at t_k (%.9f),
 *          quantised to the encoder's 4096 counts a turn:
 *          q = (raw − 2047)·2π/4096, raw = 2047 + round(q·4096/2π).
 *          --exact: the positions as MuJoCo has them (%.17g, not
 *          quantised), for a consistency check of another door's MuJoCo
 *          run (tests/cli/ident_adopt.sh).
 *
 * The loop (robot_ident/README.md, "Conventions"): the arm starts at rest at
 * the first goals; MuJoCo steps at the model's timestep h from t = 0, each
 * step s (from s·h) with ctrl the goals in effect at s·h, so frame k's goals
 * act from the first step at or after t_k and are held until the next
 * frame's; the observation of frame k is the state at t_k itself, read before
 * its goals act: the joint positions linearly between the steps around t_k
 * when t_k falls between two (1/30 s is not a whole number of 1 ms steps).
 * No latency, no noise but quantisation. This is how robot_ident's T0 was
 * made: playing traj/recipe.csv with T0/truth.json gives T0/recipe.csv byte
 * for byte (tests/mujoco/player.sh). Exit 0, or 2 with one sentence on stderr.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>
#include <mujoco/mujoco.h>

#define MAX_J 32
#define COUNTS 4096.0
#define TWO_PI 6.283185307179586

static void die(const char *fmt, const char *a, const char *b)
{
    fprintf(stderr, "robot_player: ");
    fprintf(stderr, fmt, a, b);
    fputc('\n', stderr);
    exit(2);
}

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) die("cannot open %s%s.", path, "");
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *s = malloc((size_t)n + 1);
    if (!s || fread(s, 1, (size_t)n, f) != (size_t)n) die("cannot read %s%s.", path, "");
    s[n] = 0;
    fclose(f);
    return s;
}

static double num(const cJSON *o, const char *key, const char *joint)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    if (!cJSON_IsNumber(v)) die("truth: joint %s has no number \"%s\".", joint, key);
    return v->valuedouble;
}

/* The truth's parameters written into the compiled model. */
static void apply_truth(mjModel *m, const char *path)
{
    char *text = slurp(path);
    cJSON *root = cJSON_Parse(text);
    if (!root) die("truth %s is not JSON%s.", path, "");
    const cJSON *kind = cJSON_GetObjectItemCaseSensitive(root, "kind");
    if (!cJSON_IsString(kind) || strcmp(kind->valuestring, "native") != 0)
        die("truth %s: only \"kind\": \"native\" is played%s.", path, "");
    const cJSON *joints = cJSON_GetObjectItemCaseSensitive(root, "joints");
    const cJSON *jt;
    cJSON_ArrayForEach(jt, joints)
    {
        const char *name = jt->string;
        int j = mj_name2id(m, mjOBJ_JOINT, name), a = mj_name2id(m, mjOBJ_ACTUATOR, name);
        if (j < 0 || a < 0) die("truth: the MJCF has no joint and actuator named %s%s.", name, "");
        const double kp = num(jt, "kp", name), kv = num(jt, "kv", name), fr = num(jt, "forcerange", name);
        const int dof = m->jnt_dofadr[j];
        m->actuator_gaintype[a] = mjGAIN_FIXED;
        m->actuator_biastype[a] = mjBIAS_AFFINE;
        for (int i = 0; i < mjNGAIN; i++) m->actuator_gainprm[a * mjNGAIN + i] = 0;
        for (int i = 0; i < mjNBIAS; i++) m->actuator_biasprm[a * mjNBIAS + i] = 0;
        m->actuator_gainprm[a * mjNGAIN] = kp;
        m->actuator_biasprm[a * mjNBIAS + 1] = -kp;
        m->actuator_biasprm[a * mjNBIAS + 2] = -kv;
        m->actuator_forcelimited[a] = 1;
        m->actuator_forcerange[2 * a] = -fr;
        m->actuator_forcerange[2 * a + 1] = fr;
        m->dof_frictionloss[dof] = num(jt, "frictionloss", name);
        m->dof_damping[dof] = num(jt, "damping", name);
        m->dof_armature[dof] = num(jt, "armature", name);
    }
    cJSON_Delete(root);
    free(text);
}

/* The row of the goals in effect at time tau [s]: the last whose t <= tau
 * (the goals a step function of time over the file's own t column). */
static size_t row_at(const double *t, size_t n, double tau)
{
    size_t lo = 0, hi = n;            /* t[lo] <= tau < t[hi] (t[n] = +inf) */
    if (tau < t[0]) return 0;
    while (hi - lo > 1) {
        const size_t mid = lo + (hi - lo) / 2;
        if (t[mid] <= tau) lo = mid; else hi = mid;
    }
    return lo;
}

/* One step of MuJoCo from time s·h, the servos' ctrl the goals in effect then. */
static void step(const mjModel *m, mjData *d, const double *t, const double *g, size_t n, int J,
                 const int *act, long *s)
{
    const double *gs = &g[row_at(t, n, (double)*s * m->opt.timestep) * MAX_J];
    for (int j = 0; j < J; j++) d->ctrl[act[j]] = gs[j];
    mj_step(m, d);
    ++*s;
}

int main(int argc, char **argv)
{
    const int exact = argc == 6 && strcmp(argv[5], "--exact") == 0;
    if (argc != 5 && !exact) die("usage: robot_player MJCF TRUTH.json GOALS.csv OUT.csv [--exact]%s%s", "", "");
    char err[1000] = "";
    mjModel *m = mj_loadXML(argv[1], NULL, err, sizeof err);
    if (!m) die("MJCF %s: %s", argv[1], err);
    apply_truth(m, argv[2]);
    mjData *d = mj_makeData(m);
    /* the model's constants again (dof_invweight0 with the armature: the
     * friction constraints' impedance), as a compile of the MJCF written
     * with these parameters gives them */
    mj_setConst(m, d);

    /* the goals: header t,<joint>...; one line a frame */
    char *text = slurp(argv[3]);
    char *save = NULL, *line = strtok_r(text, "\n", &save);
    if (!line) die("goals %s are empty%s.", argv[3], "");
    int J = 0, qadr[MAX_J], act[MAX_J];
    char names[MAX_J][64];
    {
        char *s2 = NULL, *tok = strtok_r(line, ",\r", &s2);
        if (!tok || strcmp(tok, "t") != 0) die("goals %s: the header starts with t%s.", argv[3], "");
        while ((tok = strtok_r(NULL, ",\r", &s2))) {
            if (J == MAX_J) die("goals %s: more than 32 joints%s.", argv[3], "");
            snprintf(names[J], sizeof names[J], "%s", tok);
            int j = mj_name2id(m, mjOBJ_JOINT, tok);
            act[J] = mj_name2id(m, mjOBJ_ACTUATOR, tok);
            if (j < 0 || act[J] < 0) die("goals: the MJCF has no joint and actuator named %s%s.", tok, "");
            qadr[J] = m->jnt_qposadr[j];
            J++;
        }
    }
    size_t cap = 1024, n = 0;
    double *t = malloc(cap * sizeof *t), *g = malloc(cap * MAX_J * sizeof *g);
    while ((line = strtok_r(NULL, "\n", &save))) {
        if (line[0] == '\r' || line[0] == 0) continue;
        if (n == cap) {
            cap *= 2;
            t = realloc(t, cap * sizeof *t);
            g = realloc(g, cap * MAX_J * sizeof *g);
        }
        char *p = line, *end;
        t[n] = strtod(p, &end);
        for (int j = 0; j < J; j++) {
            if (*end != ',') die("goals %s: a line with too few fields: %s", argv[3], line);
            g[n * MAX_J + (size_t)j] = strtod(end + 1, &end);
        }
        n++;
    }
    if (n < 2) die("goals %s: fewer than 2 frames%s.", argv[3], "");
    const double fps = round((double)(n - 1) / (t[n - 1] - t[0]));

    /* at rest at the first goals */
    for (int j = 0; j < J; j++) d->qpos[qadr[j]] = g[j];
    mj_forward(m, d);

    FILE *out = fopen(argv[4], "w");
    if (!out) die("cannot write %s%s.", argv[4], "");
    fputs("t", out);
    for (int j = 0; j < J; j++) fprintf(out, ",goal_%s", names[j]);
    for (int j = 0; j < J; j++) fprintf(out, ",pos_%s", names[j]);
    fputc('\n', out);
    const double h = m->opt.timestep, c = TWO_PI / COUNTS;
    long s = 0;                       /* steps taken: the time is s·h */
    for (size_t k = 0; k < n; k++) {
        const double tk = (double)k / fps, x = tk / h;
        const long lo = (long)floor(x + 1e-9);      /* the last step start at or before t_k */
        const double fr = x - (double)lo > 1e-9 ? x - (double)lo : 0;
        while (s < lo) step(m, d, t, g, n, J, act, &s);
        double q[MAX_J];
        for (int j = 0; j < J; j++) q[j] = d->qpos[qadr[j]];
        if (fr > 0) {                 /* t_k between two steps: the state at t_k, linearly */
            step(m, d, t, g, n, J, act, &s);
            for (int j = 0; j < J; j++) q[j] += fr * (d->qpos[qadr[j]] - q[j]);
        }
        const double *gk = &g[row_at(t, n, tk) * MAX_J];
        fprintf(out, "%.6f", tk);
        for (int j = 0; j < J; j++) fprintf(out, ",%.9f", gk[j]);
        /* (raw − 2047)·c with raw = 2047 + round(q/c) is round(q/c)·c; a
         * position less than half a count below zero prints −0 */
        for (int j = 0; j < J; j++) {
            if (exact) fprintf(out, ",%.17g", q[j]);
            else fprintf(out, ",%.9f", round(q[j] / c) * c);
        }
        fputc('\n', out);
    }
    fclose(out);
    mj_deleteData(d);
    mj_deleteModel(m);
    free(t);
    free(g);
    free(text);
    return 0;
}
