/*
 * ident.c: `friction ident --mjcf ROBOT.xml TRAIN.csv ... [--hold-out HELD.csv]
 * [--leave J,...] [--budget N] [--firmware-kp K] [--actuator A] [--out DIR]
 * [--model native|m1|m4]`
 *
 * Each joint's servo (MuJoCo's native model, fric_native.h) identified from
 * recordings of the assembled robot (fric_ident.h: per joint, the other
 * joints' measured motion as input through the tracks the MJCF's MuJoCo
 * computes, core/mujoco/mujoco_ident.c), then checked by the whole arm
 * replaying every recording's goals in real MuJoCo with the fitted servos,
 * beside the MJCF's own parameters and the quantisation floor; or, with
 * --model m1|m4, as bam's servo (cli/ident_bam.c, fric_ident_bam.h). Every
 * input is read and checked before a line is printed (exit 2 with one
 * sentence).
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "fit_logs.h"
#include "fmt.h"
#include "ident_cli.h"

#include "fric_ident.h"
#include "fric_ident_bam.h"
#include "fric_recording.h"

const char cli_ident_usage[] =
    "  friction ident --mjcf ROBOT.xml TRAIN.csv [TRAIN2.csv ...] [--hold-out HELD.csv ...]\n"
    "           [--leave JOINT,...] [--budget N] [--firmware-kp K] [--actuator A] [--out DIR]\n"
    "           [--tracks FILE.csv] [--model native|m1|m4]\n"
    "      Identifies each joint's servo as MuJoCo's native joint and position actuator\n"
    "      (kp at the firmware gain K, default 16, LeRobot's; frictionloss; damping,\n"
    "      kv lumped in; armature) from recordings of the assembled robot (the CSV of\n"
    "      `recording check`), per joint with the other joints' measured motion as\n"
    "      input (docs/robot-ident.md). Prints per joint the parameters with their\n"
    "      ranges, what the data cannot tell, and the MAE of the whole arm replaying\n"
    "      each recording in MuJoCo with the fitted servos beside the MJCF's own and\n"
    "      the quantisation floor (one count, 2π/4096 rad). --hold-out: a recording\n"
    "      checked only (repeat the option for more). --leave: joints not fitted\n"
    "      (they keep the MJCF's parameters). --budget: evaluations per joint\n"
    "      (default 4500, over three searches). --out DIR: per joint\n"
    "      DIR/<joint>.json, a native params file of actuator A (default\n"
    "      sts3215; `friction replay` reads it too), and the command that\n"
    "      adopts them back: `friction mujoco\n"
    "      ROBOT.xml --adopt 'J=@J, ...' --params J=DIR/J.json ...` runs each\n"
    "      fitted joint as MuJoCo's own servo (docs/robot-ident.md).\n"
    "      --model m1|m4: each joint as bam's servo of actuator A instead (kt, R,\n"
    "      armature, friction_base; M4 its load-dependent friction too), the MAE of\n"
    "      each joint's simulation printed per recording, DIR/<joint>.json an M1/M4\n"
    "      params file (`friction mujoco --adopt` reads it). Needs a build with MuJoCo.\n";

#ifndef FRIC_HAVE_MUJOCO

int cli_ident(int argc, char **argv)
{
    (void)argc, (void)argv;
    return cli_fail(CLI_USAGE, "ident: this friction was built without MuJoCo; install Debian's libmujoco-dev "
                    "(make deps-native does, as root) and rebuild with make cli.");
}

#else

#include "fric_mujoco.h"
#include "mujoco_cli.h"

#define MAX_FILES 64

typedef struct {
    const char *mjcf, *out, *leave, *actuator, *tracks;
    const char *train[MAX_FILES], *held[MAX_FILES];
    int ntrain, nheld;
    long budget;
    double firmware_kp;
    int model;   /* fric_ident_model: native (0), M1, M4 */
} ident_args;

static int parse(int argc, char **argv, ident_args *o)
{
    memset(o, 0, sizeof *o);
    o->budget = FRIC_IDENT_BUDGET;
    o->firmware_kp = FRIC_IDENT_FIRMWARE_KP;
    o->actuator = "sts3215";
    char kp_must[64];
    snprintf(kp_must, sizeof kp_must, "a firmware gain in (0, %g]", FRIC_BENCH_KP_MAX);
    const cli_opt opts[] = { { "--mjcf", "ROBOT.xml", NULL }, { "--out", "DIR", NULL },
                                    { "--leave", "J1,J2", NULL }, { "--actuator", "A", NULL },
                                    { "--tracks", "FILE", NULL }, { "--model", "native|m1|m4", "native, m1 or m4" },
                                    { "--hold-out", "HELD.csv", NULL },
                                    { "--budget", "N", "a whole number of evaluations in 1 .. 10000000" },
                                    { "--firmware-kp", "K", kp_must } };
    const cli_opts t = { "ident", opts, 9, NULL, NULL };
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = NULL;
        const int k = cli_opt_next(argc, argv, &i, &t, &v);
        if (k == CLI_OPT_FAIL) return CLI_USAGE;
        if (k == 0) o->mjcf = v;
        else if (k == 1) o->out = v;
        else if (k == 2) o->leave = v;
        else if (k == 3) o->actuator = v;
        else if (k == 4) o->tracks = v;
        else if (k == 5) {
            o->model = fric_ident_model_find(v);
            if (o->model < 0) return cli_opt_bad(&t, k, v);
        } else if (k == 6) {
            if (o->nheld == MAX_FILES) return cli_fail(CLI_USAGE, "ident: at most %d --hold-out files.", MAX_FILES);
            o->held[o->nheld++] = v;
        } else if (k == 7) {
            if (cli_whole(v, &o->budget) || o->budget < 1 || o->budget > 10000000) return cli_opt_bad(&t, k, v);
        } else if (k == 8) {
            if (cli_number(v, &o->firmware_kp) || !(o->firmware_kp > 0) || o->firmware_kp > FRIC_BENCH_KP_MAX)
                return cli_opt_bad(&t, k, v);
        } else {
            if (o->ntrain == MAX_FILES) return cli_fail(CLI_USAGE, "ident: at most %d training recordings.", MAX_FILES);
            o->train[o->ntrain++] = a;
        }
    }
    if (!o->mjcf) return cli_fail(CLI_USAGE, "ident: give the robot's MJCF with --mjcf ROBOT.xml.");
    if (!o->ntrain) return cli_fail(CLI_USAGE, "ident: give at least one training recording TRAIN.csv.");
    if (!fric_bench_actuator_resolve(o->actuator))
        return cli_fail(CLI_USAGE, "ident: --actuator %s is not an actuator of the core (sts3215, xl330, ...).",
                        o->actuator);
    return CLI_OK;
}

/* Per recording: the file, the recording (its goals repaired), the stale count. */
typedef struct {
    const char *path;
    fric_recording r;
    double *goal;          /* the repaired goals (r.goal points here)        */
    size_t stale;
    fric_ident_tracks tr;  /* training recordings only                        */
    double *file_q, *fit_q;/* the whole-arm replays [n·joints]                */
} rec_entry;

/* leave[j] = 1 for each joint named in the list; CLI_OK or one sentence. */
static int parse_leave(const char *list, const fric_recording *r, unsigned char *leave)
{
    memset(leave, 0, FRIC_REC_MAX_JOINTS);
    if (!list) return CLI_OK;
    const char *p = list;
    while (*p) {
        size_t len = strcspn(p, ",");
        int found = -1;
        for (int j = 0; j < r->joints && found < 0; j++)
            if (strlen(r->name[j]) == len && !strncmp(r->name[j], p, len)) found = j;
        if (found < 0) {
            char names[FRIC_REC_MAX_JOINTS * FRIC_REC_NAME_LEN] = "";
            for (int j = 0; j < r->joints; j++)
                snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", j ? ", " : "", r->name[j]);
            return cli_fail(CLI_USAGE, "ident: --leave names %.*s, not a joint of the recording (%s).", (int)len, p,
                            names);
        }
        leave[found] = 1;
        p += len + (p[len] == ',');
    }
    return CLI_OK;
}

static int read_recording(rec_entry *e, const char *path, const fric_recording *first)
{
    fric_io_error err;
    e->path = path;
    if (fric_recording_read(path, &e->r, NULL, &err)) return cli_fail(CLI_USAGE, "ident: %s", err.message);
    cli_input(path);
    if (first) {
        int same = e->r.joints == first->joints;
        for (int j = 0; same && j < first->joints; j++) same = !strcmp(e->r.name[j], first->name[j]);
        if (!same)
            return cli_fail(CLI_USAGE, "ident: %s has other joints than %s (the same joints in the same order, "
                            "please).", path, first == &e->r ? path : "the first recording");
    }
    e->goal = malloc(e->r.n * (size_t)e->r.joints * sizeof *e->goal);
    if (!e->goal) return cli_fail(CLI_RUNTIME, "ident: out of memory reading %s.", path);
    e->stale = fric_ident_stale_goals(&e->r, e->goal);
    e->r.goal = e->goal;
    return CLI_OK;
}

/* The per-joint MAE [rad] of sim against the recording. */
static double mae_of(const fric_recording *r, const double *sim, int j)
{
    double s = 0;
    for (size_t k = 0; k < r->n; k++) s += fabs(sim[k * (size_t)r->joints + (size_t)j] - r->pos[k * (size_t)r->joints + (size_t)j]);
    return s / (double)r->n;
}

/* The unit of native key `key` (FRIC_NATIVE_KEYS). */
static const char *key_unit(const char *key)
{
#define UNIT(k, field, u) if (!strcmp(key, k)) return u;
    FRIC_NATIVE_KEYS(UNIT)
#undef UNIT
    return "";
}

/* The joints whose residual follows the pose (POSE_RESIDUAL) said in one
 * line with the body of the outermost of them (the highest body id: MuJoCo
 * numbers a chain's bodies outwards): the wrong link is one every flagged
 * joint carries, from that body outwards. */
static void print_pose_residual(const mjModel *m, const fric_recording *r0, const int *jnt, const fric_ident_result *res,
                                const unsigned char *leave)
{
    int outer = -1, n = 0;
    for (int j = 0; j < r0->joints; j++)
        if (!leave[j] && res[j].verdict.flags & FRIC_IDENT_FLAG(POSE_RESIDUAL)) {
            if (!n++) printf("warning: the residual at the holds follows the pose on ");
            printf("%s%s", n > 1 ? ", " : "", r0->name[j]);
            if (outer < 0 || m->jnt_bodyid[jnt[j]] > m->jnt_bodyid[jnt[outer]]) outer = j;
        }
    if (!n) return;
    const char *body = mj_id2name(m, mjOBJ_BODY, m->jnt_bodyid[jnt[outer]]);
    printf(": a link from %s outwards may have a wrong mass or centre of mass in the MJCF (kp absorbs part of "
           "it): check the MJCF's inertials, or fit with a larger --budget\n", body ? body : r0->name[outer]);
}

static void print_results(const ident_args *o, rec_entry *E, int nE, const fric_ident_result *res,
                          const unsigned char *leave, const mjModel *m, const int *jnt)
{
    const fric_recording *r0 = &E[0].r;
    char a[FMT_DOUBLE_LEN];
    printf("ident %s: %d joints, kp at firmware gain %s\n", o->mjcf, r0->joints, fmt_double(a, o->firmware_kp));
    for (int i = 0; i < nE; i++)
        printf("    %s %s: %zu frames, %zu stale goals repaired\n", i < o->ntrain ? "train" : "held-out",
               E[i].path, E[i].r.n, E[i].stale);
    /* the fitted keys shown: kp, frictionloss, damping, armature, forcerange */
    static const int shown[] = { 3, 0, 1, 2, 5 };
    for (int j = 0; j < r0->joints; j++) {
        if (leave[j]) {
            printf("%s: left out (the MJCF's own parameters)\n", r0->name[j]);
            continue;
        }
        const fric_ident_result *x = &res[j];
        printf("%s: %ld evaluations\n", r0->name[j], x->evals);
        for (size_t s = 0; s < sizeof shown / sizeof shown[0]; s++) {
            int i = shown[s];
            double v[FRIC_NATIVE_FIT_N];
            fric_native_fit_values(&x->p, v);
            if (i == 5 && !fric_native_limited(&x->p)) {
                printf("    %-13s %-10s %s\n", fric_native_fit_key(i), "none", "not identifiable");
                continue;
            }
            printf("    %-13s %-10.5g [%.5g, %.5g] %s%s\n", fric_native_fit_key(i), v[i], x->lower[i], x->upper[i],
                   key_unit(fric_native_fit_key(i)), x->verdict.param_flags[i] ? "  not identifiable" : "");
        }
        char force[512];
        for (int f = 0; f < FRIC_IDENT_N_FLAGS; f++)
            if (x->verdict.flags & (1u << f))
                printf("    - %s\n", f == FRIC_IDENT_BIT_FORCERANGE_NOT_FITTED &&
                                        fric_ident_forcerange_sentence(&x->verdict, force, sizeof force)
                                    ? force : fric_ident_flag_text(f));
    }
    print_pose_residual(m, r0, jnt, res, leave);
    printf("MAE of the whole arm replaying each recording in MuJoCo [mrad] (one count = %.3f mrad)\n",
           FRIC_IDENT_COUNT * 1e3);
    printf("    %-14s %-9s %10s %8s %12s  %s\n", "joint", "set", "fitted", "counts", "MJCF's", "recording");
    for (int j = 0; j < r0->joints; j++)
        for (int i = 0; i < nE; i++) {
            double fit = mae_of(&E[i].r, E[i].fit_q, j), file = mae_of(&E[i].r, E[i].file_q, j);
            printf("    %-14s %-9s %10.4f %8.2f %12.4f  %s\n", r0->name[j], i < o->ntrain ? "train" : "held-out",
                   fit * 1e3, fit / FRIC_IDENT_COUNT, file * 1e3, E[i].path);
        }
}

/* The tracks of r (t, then per joint inertia_, load_, stiffness_<joint>)
 * as CSV at path, every number in the core's shortest round-trip form. */
static int write_tracks(const char *path, const fric_recording *r, const fric_ident_tracks *tr)
{
    const size_t J = (size_t)r->joints;
    size_t cap = (r->n + 1) * (1 + 3 * J) * (FMT_DOUBLE_LEN + 1) + 3 * J * FRIC_REC_NAME_LEN + 16, len = 0;
    char *text = malloc(cap), b[FMT_DOUBLE_LEN];
    if (!text) return cli_fail(CLI_RUNTIME, "ident: out of memory writing %s.", path);
    static const char *const part[3] = { "inertia", "load", "stiffness" };
    len += (size_t)snprintf(text + len, cap - len, "t");
    for (int c = 0; c < 3; c++)
        for (size_t j = 0; j < J; j++) len += (size_t)snprintf(text + len, cap - len, ",%s_%s", part[c], r->name[j]);
    for (size_t k = 0; k < r->n; k++) {
        len += (size_t)snprintf(text + len, cap - len, "\n%s", fmt_double(b, r->t[k]));
        const double *a[3] = { tr->inertia, tr->load, tr->stiffness };
        for (int c = 0; c < 3; c++)
            for (size_t j = 0; j < J; j++) len += (size_t)snprintf(text + len, cap - len, ",%s", fmt_double(b, a[c][k * J + j]));
    }
    len += (size_t)snprintf(text + len, cap - len, "\n");
    int rc = cli_write_file("ident", path, text, len);
    free(text);
    return rc;
}

static int write_params(const ident_args *o, const fric_recording *r0, const fric_ident_result *res,
                        const unsigned char *leave)
{
    if (!o->out) return CLI_OK;
    struct stat st;
    if (stat(o->out, &st) != 0 && mkdir(o->out, 0777) != 0)
        return cli_fail(CLI_USAGE, "ident: --out %s cannot be created (%s).", o->out, strerror(errno));
    if (stat(o->out, &st) != 0 || !S_ISDIR(st.st_mode))
        return cli_fail(CLI_USAGE, "ident: --out %s is not a folder.", o->out);
    for (int j = 0; j < r0->joints; j++) {
        if (leave[j]) continue;
        char path[4096];
        snprintf(path, sizeof path, "%s/%s.json", o->out, r0->name[j]);
        fric_io_params_fit meta;
        memset(&meta, 0, sizeof meta);
        meta.train_mae = res[j].train_mae;
        meta.holdout_mae = NAN;
        meta.logs = (size_t)o->ntrain;
        meta.evaluations = res[j].evals;
        int rc = cli_fit_native_write("ident", &res[j].p, fric_bench_actuator_resolve(o->actuator), &meta, path);
        if (rc) return rc;
    }
    return CLI_OK;
}

/* With --out: the command that adopts the written files back (`friction
 * mujoco --adopt`: each fitted joint its own native file, @<joint>; the
 * mapping the page's identification section exports). */
static void print_adopt(const ident_args *o, const fric_recording *r0, const unsigned char *leave)
{
    if (!o->out) return;
    printf("adopt the fitted servos: friction mujoco %s --adopt '", o->mjcf);
    for (int j = 0, k = 0; j < r0->joints; j++)
        if (!leave[j]) printf("%s%s=@%s", k++ ? ", " : "", r0->name[j], r0->name[j]);
    putchar('\'');
    for (int j = 0; j < r0->joints; j++)
        if (!leave[j]) printf(" --params %s=%s/%s.json", r0->name[j], o->out, r0->name[j]);
    putchar('\n');
}

/* --model m1|m4: the held-out set, then cli/ident_bam.c. */
static int ident_bam(const ident_args *o, const rec_entry *E, int nE, const fric_ident_set *set,
                     const unsigned char *leave, const fric_ident_options *opt)
{
    const fric_recording *R[MAX_FILES];
    const fric_ident_tracks *T[MAX_FILES];
    const char *path[2 * MAX_FILES];
    size_t frames[2 * MAX_FILES], stale[2 * MAX_FILES];
    for (int i = 0; i < nE; i++) path[i] = E[i].path, frames[i] = E[i].r.n, stale[i] = E[i].stale;
    for (int i = 0; i < o->nheld; i++) R[i] = &E[o->ntrain + i].r, T[i] = &E[o->ntrain + i].tr;
    const char *why = NULL;
    fric_ident_set *held = NULL;
    if (o->nheld && !(held = fric_ident_set_create(R, T, (size_t)o->nheld, opt, &why)))
        return cli_core_fail(CLI_USAGE, "ident", NULL, why);
    const cli_ident_bam_args a = { o->mjcf, fric_bench_actuator_resolve(o->actuator), o->out, o->model,
                                   o->firmware_kp, o->budget, &E[0].r, leave, o->ntrain, o->nheld, path, frames,
                                   stale };
    int rc = cli_ident_bam(&a, set, held);
    fric_ident_set_destroy(held);
    return rc;
}

/* MuJoCo's warnings (an unstable replay of the MJCF's own placeholders),
 * kept and said once on stderr instead of MuJoCo's MUJOCO_LOG.TXT. */
static int n_warnings;
static char first_warning[300];
static void keep_warning(const char *msg)
{
    if (!n_warnings++) snprintf(first_warning, sizeof first_warning, "%s", msg);
}

int cli_ident(int argc, char **argv)
{
    mju_user_warning = keep_warning;
    ident_args o;
    int rc = parse(argc, argv, &o);
    if (rc) return rc;
    const int nE = o.ntrain + o.nheld;
    rec_entry *E = calloc((size_t)nE, sizeof *E);
    fric_ident_result *res = calloc(FRIC_REC_MAX_JOINTS, sizeof *res);
    mjModel *m = NULL;
    fric_ident_set *set = NULL;
    unsigned char leave[FRIC_REC_MAX_JOINTS];
    if (!E || !res) rc = cli_fail(CLI_RUNTIME, "ident: out of memory.");
    for (int i = 0; i < nE && !rc; i++)
        rc = read_recording(&E[i], i < o.ntrain ? o.train[i] : o.held[i - o.ntrain], i ? &E[0].r : NULL);
    if (!rc) rc = parse_leave(o.leave, &E[0].r, leave);
    /* the MJCF's files through the core's file plan first (sized, each text
       checked), as `friction mujoco` and the page read a robot */
    if (!rc) rc = cli_mjcf_check(o.mjcf);
    if (!rc) {
        char err[1000] = "";
        m = mj_loadXML(o.mjcf, NULL, err, sizeof err);
        if (!m) {
            for (char *c = err; *c; c++)
                if (*c == '\n') *c = ' ';
            rc = cli_fail(CLI_USAGE, "ident: %s does not load in MuJoCo %s: %s", o.mjcf, mj_versionString(),
                          err[0] ? err : "no reason given");
        }
    }
    const char *why = NULL;
    int jnt[FRIC_REC_MAX_JOINTS], act[FRIC_REC_MAX_JOINTS];
    if (!rc && fric_mujoco_ident_joints(m, &E[0].r, jnt, act, &why))
        rc = cli_fail(CLI_USAGE, "%s (MJCF %s)", why, o.mjcf);
    /* the bam models judge the held-out recordings by the per-joint
       simulation: their tracks too */
    const int ntracks = o.model ? nE : o.ntrain;
    for (int i = 0; i < ntracks && !rc; i++) {
        if (fric_ident_tracks_create(&E[i].r, &E[i].tr, &why) || fric_mujoco_ident_tracks(m, &E[i].r, &E[i].tr, &why))
            rc = cli_core_fail(CLI_RUNTIME, "ident", E[i].path, why);
    }
    if (!rc && o.tracks) rc = write_tracks(o.tracks, &E[0].r, &E[0].tr);
    if (!rc) {
        const fric_recording *R[MAX_FILES];
        const fric_ident_tracks *T[MAX_FILES];
        for (int i = 0; i < o.ntrain; i++) R[i] = &E[i].r, T[i] = &E[i].tr;
        fric_ident_options opt = { m->opt.timestep, 0, o.firmware_kp };
        set = fric_ident_set_create(R, T, (size_t)o.ntrain, &opt, &why);
        if (!set) rc = cli_core_fail(CLI_USAGE, "ident", NULL, why);
        if (!rc && o.model) {
            rc = ident_bam(&o, E, nE, set, leave, &opt);
            goto done;
        }
    }
    const fric_recording *r0 = E ? &E[0].r : NULL;
    fric_native_params fitted[FRIC_REC_MAX_JOINTS];
    unsigned char use[FRIC_REC_MAX_JOINTS];
    for (int j = 0; !rc && j < r0->joints; j++) {
        use[j] = !leave[j];
        if (leave[j]) continue;
        fprintf(stderr, "ident: fitting %s ...\n", r0->name[j]);
        if (fric_ident_joint(set, j, o.budget, 1, &res[j], &why)) rc = cli_core_fail(CLI_RUNTIME, "ident", NULL, why);
        fitted[j] = res[j].p;
    }
    for (int i = 0; i < nE && !rc; i++) {
        const size_t cells = E[i].r.n * (size_t)E[i].r.joints;
        E[i].file_q = malloc(cells * sizeof *E[i].file_q);
        E[i].fit_q = malloc(cells * sizeof *E[i].fit_q);
        if (!E[i].file_q || !E[i].fit_q) rc = cli_fail(CLI_RUNTIME, "ident: out of memory.");
        else if (fric_mujoco_ident_replay(m, &E[i].r, NULL, NULL, o.firmware_kp, E[i].file_q, &why) ||
                 fric_mujoco_ident_replay(m, &E[i].r, fitted, use, o.firmware_kp, E[i].fit_q, &why))
            rc = cli_core_fail(CLI_RUNTIME, "ident", E[i].path, why);
    }
    if (!rc) rc = write_params(&o, r0, res, leave);
    if (!rc && n_warnings)
        fprintf(stderr, "friction: ident: MuJoCo warned: %s (%d warnings in all; a replay with the MJCF's own "
                "parameters may leave the finite range)\n", first_warning, n_warnings);
    if (!rc) {
        print_results(&o, E, nE, res, leave, m, jnt);
        print_adopt(&o, r0, leave);
        rc = cli_finish_output(stdout, "the identification to stdout");
    }
done:
    fric_ident_set_destroy(set);
    for (int i = 0; E && i < nE; i++) {
        fric_ident_tracks_destroy(&E[i].tr);
        fric_recording_destroy(&E[i].r);
        free(E[i].goal), free(E[i].file_q), free(E[i].fit_q);
    }
    free(E), free(res);
    if (m) mj_deleteModel(m);
    return rc;
}

#endif
