/*
 * mujoco.c: the core's friction in MuJoCo (fric_mujoco.h), from the command line.
 *
 *   friction mujoco MODEL.xml --joint NAME [--joint NAME ...]
 *            (law=KIND Fs= Fc= vs= D= alpha= | --params P.json [--actuator A])
 *            [--treatment implicit|frictionloss|noslip] [--log LOG.json]
 *            [--duration S] [--csv FILE]
 *   friction mujoco MODEL.xml --adopt MAPPING [--params NAME=FILE.json ...]
 *            [--keep-armature] [--seconds S] [--goal JOINT=RAD ...]
 *   friction mujoco-model --log LOG.json --params P.json > bench.xml
 *   friction mujoco-model --class NAME --params NATIVE.json [--kp K] [--mujoco 3|2]
 *
 * `mujoco` runs the model from its first keyframe (or its reference pose)
 * with the friction attached to every named joint (the law in the `eval`
 * syntax, cli_law_arg; or the servo of a params file holding the joint's
 * angle) and prints per joint the start and end angle, the hold drift, the
 * end velocity, reversals and stuck steps. With --log (one servo joint) the
 * log is replayed with its goal, torque enable and kp
 * (fric_mujoco_replay_model) and `mae X rad` printed as replay prints it;
 * a native params file replays on the log's bench (mujoco_native).
 * --adopt: mujoco_adopt.c; `mujoco-model`: mujoco_model.c (MuJoCo-free).
 *
 * Every input is checked before anything is written to stdout (exit 2 with
 * one message). Built without MuJoCo (no libmujoco-dev), `mujoco` says how
 * to get it.
 */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "fmt.h"
#include "servo_params.h"
#include "fric_adapter.h"
#include "fric_io.h"

/* The command's lines of `friction help` (main.c shows them between eval's
 * and the limits, and `friction mujoco --help` shows them; mujoco-model's:
 * mujoco_model.c), one string (C11 guarantees literals of 4095 bytes). */
const char cli_mujoco_usage[] =
    "  friction mujoco MODEL.xml --joint NAME [--joint NAME ...]\n"
    "           (law=KIND Fs= Fc= vs= D= alpha= | --params P.json [--actuator A])\n"
    "           [--treatment implicit|frictionloss|noslip] [--log LOG.json]\n"
    "           [--duration S] [--csv FILE]\n"
    "      Runs a MuJoCo model (MJCF) with the core's friction on each named hinge or\n"
    "      slide joint, from its first keyframe (or its reference pose), and prints per\n"
    "      joint the start and end angle, the hold drift, the end velocity, reversals\n"
    "      and stuck steps, and the joint's frictionloss, damping and armature as the\n"
    "      MJCF gave them. The friction: a law in the eval command's syntax\n"
    "      (law=coulomb-viscous|stribeck|rational, N·m and rad/s), or the servo of a\n"
    "      params file (M1-M6, its control law holding the start angle); --actuator A\n"
    "      refuses a params file of another actuator. --treatment: implicit (default;\n"
    "      the exact transform, docs/mujoco.md), frictionloss (MuJoCo's own constraint,\n"
    "      written every step) or noslip (the same with MuJoCo's noslip solver).\n"
    "      --duration S (default 10 s). --log LOG.json: one servo joint; the log is\n"
    "      replayed with its goal, torque enable and kp from its first sample (the\n"
    "      model's timestep must be the log's), and `mae X rad` is printed as replay\n"
    "      does. --csv FILE: t, then per joint q, dq, tau_f (q_<joint>, ... with\n"
    "      several), one row per step. Needs a build with MuJoCo (libmujoco-dev).\n"
    "      friction mujoco --params NATIVE.json --log LOG.json [--actuator A] [--csv FILE]\n"
    "      A native params file (model native): MuJoCo's own joint and actuator on the\n"
    "      log's bench (the MJCF mujoco-model's class writes), no friction of the core;\n"
    "      prints `mae X rad`; --csv FILE: t, logged, simulated per sample.\n"
    "      friction mujoco MODEL.xml --adopt MAPPING [--params NAME=FILE.json ...]\n"
    "               [--keep-armature] [--seconds S] [--goal JOINT=RAD ...] [--csv FILE]\n"
    "      Adopts a robot: MAPPING names joints with servos, TARGET=SERVO entries\n"
    "      separated by ',' (TARGET a joint's name or *; SERVO a preset actuator/mK, or\n"
    "      @NAME of a --params NAME=FILE.json). Each adopted joint loses the file's\n"
    "      frictionloss and damping, takes the servo's armature (--keep-armature: the\n"
    "      file's), and its actuator becomes the servo's goal source (goal = ctrl / gear;\n"
    "      a velocity's or damper's ctrl is no goal). Slide, ball and free joints take no\n"
    "      servo (bam's are rotary): skipped from '*' with a note. A native params file\n"
    "      (model native: friction ident --out writes one per joint) is MuJoCo's own\n"
    "      servo: its frictionloss, damping, armature, solref/solimp friction on the\n"
    "      joint and its actuator a position of its kp, kv and forcerange; the core\n"
    "      steps nothing for that joint (its actuator must be a position of gear 1).\n"
    "      Runs S s (default 10) from the first keyframe (or qpos0) with goals at the\n"
    "      start pose (--goal: another), then prints the adoption and per joint\n"
    "      STICK/SLIP, sag from the goal [mrad], creep over the last 1 s [mrad/s],\n"
    "      motor and friction torque [N·m];\n"
    "      --csv: every step's time and adopted angles (full precision) to FILE.\n"
    "      A model MuJoCo 2.2.2 cannot load (a MuJoCo 3 feature): make robot.\n";


#ifndef FRIC_HAVE_MUJOCO

static int no_mujoco(const char *cmd)
{
    return cli_fail(CLI_USAGE, "%s: this friction was built without MuJoCo; install Debian's "
                    "libmujoco-dev (make deps-native does, as root: apt-get install "
                    "libmujoco-dev) and rebuild with make cli.", cmd);
}
int cli_mujoco(int argc, char **argv) { (void)argc; (void)argv; return no_mujoco("mujoco"); }
int cli_mujoco_recipe_joints(const char *cmd, const char *model, struct fric_recipe_def *def)
{
    (void)model, (void)def;
    return no_mujoco(cmd);
}

#else

#include "mujoco_cli.h"

/* More steps than this is a runaway, not a use of the tool. */
#define MJ_MAX_STEPS FRIC_ROBOT_MAX_STEPS   /* fric_robot.h: one bound for every door */


typedef struct {
    const char *model, *params, *actuator, *log, *csv;
    const char *joints[FRIC_MUJOCO_MAX_JOINTS];
    int n_joints, have_law;
    fric_law law;
    fric_mujoco_treatment treatment;
    double duration;
    /* the joints' MuJoCo friction and armature as the MJCF gave them (before
     * attach, which a frictionloss/noslip treatment overwrites) */
    double fl[FRIC_MUJOCO_MAX_JOINTS], damping[FRIC_MUJOCO_MAX_JOINTS], armature[FRIC_MUJOCO_MAX_JOINTS];
} mj_args;

static int parse_args(int argc, char **argv, mj_args *o)
{
    static const cli_opt opts[] = { { "--joint", "NAME", NULL }, { "--params", "P.json", NULL }, { "--actuator", "A", NULL },
                                    { "--treatment", "implicit|frictionloss|noslip", "implicit, frictionloss or noslip" },
                                    { "--log", "LOG.json", NULL }, { "--duration", "S", "a time > 0 [s]" },
                                    { "--csv", "FILE", NULL } };
    static const cli_opts t = { "mujoco", opts, 7, NULL, "friction mujoco --help" };
    memset(o, 0, sizeof *o);
    o->law = (fric_law){ FRIC_STRIBECK, 0, 0, 0, 0, 1 };
    o->duration = 10;
    for (int a = 1; a < argc; a++) {
        const char *arg = argv[a];
        const char *val = NULL;
        const int k = cli_opt_next(argc, argv, &a, &t, &val);
        if (k == CLI_OPT_FAIL) return CLI_USAGE;
        if (k != CLI_OPT_ARG) {
            if (k == 0) {
                if (o->n_joints == FRIC_MUJOCO_MAX_JOINTS)
                    return cli_fail(CLI_USAGE, "mujoco: more than %d --joint.", FRIC_MUJOCO_MAX_JOINTS);
                o->joints[o->n_joints++] = val;
            } else if (k == 1) o->params = val;
            else if (k == 2) o->actuator = val;
            else if (k == 3) {
                int tr = fric_mujoco_treatment_find(val);
                if (tr < 0) return cli_opt_bad(&t, 3, val);
                o->treatment = (fric_mujoco_treatment)tr;
            } else if (k == 4) o->log = val;
            else if (k == 5) {
                if (cli_number(val, &o->duration) || !(o->duration > 0)) return cli_opt_bad(&t, 5, val);
            } else o->csv = val;
            continue;
        }
        char *eq = strchr(arg, '=');
        if (eq) {
            *eq = '\0';
            int rc = cli_law_arg("mujoco", arg, eq + 1, &o->law);
            if (rc == CLI_NOT_LAW)
                return cli_fail(CLI_USAGE, "mujoco: unknown parameter '%s'; a law takes law, Fs, Fc, "
                                "vs, D, alpha.", arg);
            if (rc) return rc;
            o->have_law = 1;
            continue;
        }
        if (o->model)
            return cli_fail(CLI_USAGE, "mujoco: two models ('%s', '%s'); give one MODEL.xml.",
                            o->model, arg);
        o->model = arg;
    }
    if (!o->model) {
        /* a params file that is neither native nor read (too large, a native
         * key in an M-model file): the reader's sentence, every door's */
        fric_bench_def def;
        int rc = o->params ? cli_servo_params_file(o->params, &def) : CLI_OK;
        if (rc) return rc;
        return cli_fail(CLI_USAGE, "mujoco: give the model: friction mujoco MODEL.xml --joint NAME ...");
    }
    if (o->n_joints == 0) return cli_fail(CLI_USAGE, "mujoco: name the joint(s) with --joint NAME.");
    if (o->have_law == !!o->params)
        return cli_fail(CLI_USAGE, "mujoco: give the friction either as a law (law=KIND Fs= Fc= ...) "
                        "or as --params P.json, %s.", o->have_law ? "not both" : "one of them");
    if (o->actuator && !o->params)
        return cli_fail(CLI_USAGE, "mujoco: --actuator checks a params file; give --params P.json.");
    if (o->log && (!o->params || o->n_joints != 1))
        return cli_fail(CLI_USAGE, "mujoco: --log replays one servo joint: give one --joint and "
                        "--params P.json.");
    if (o->csv && !*o->csv) return cli_fail(CLI_USAGE, "mujoco: --csv needs a file name.");
    return CLI_OK;
}

/* The servo of a params file, refused when it names another actuator than
 * --actuator or the log's motor. */
static int servo_of(const mj_args *o, const fric_io_log *log, fric_bench_def *def)
{
    const char *act = NULL;
    int rc = cli_servo_params_named(o->params, def, &act, NULL);
    if (rc) return rc;
    return cli_params_actuator_check("mujoco", o->params, act, o->actuator, o->log, log ? log->motor : NULL, 0);
}

static void csv_header(FILE *f, const mj_args *o)
{
    fputs("t", f);
    for (int i = 0; i < o->n_joints; i++) {
        if (o->n_joints == 1) fputs(",q,dq,tau_f", f);
        else fprintf(f, ",q_%s,dq_%s,tau_f_%s", o->joints[i], o->joints[i], o->joints[i]);
    }
    putc('\n', f);
}

static int csv_row(FILE *f, const fric_mujoco *fm, const mjData *d)
{
    double row[1 + 3 * FRIC_MUJOCO_MAX_JOINTS];
    int n = 0;
    row[n++] = d->time;
    for (int i = 0; i < fm->n; i++) {
        row[n++] = d->qpos[fm->j[i].qadr];
        row[n++] = d->qvel[fm->j[i].dof];
        row[n++] = fric_mujoco_friction(fm, d, i);
    }
    return cli_csv_row(f, row, n);
}

static int run(const mj_args *o, mjModel *m, mjData *d, fric_mujoco *fm, FILE *csv)
{
    char b[4][FMT_DOUBLE_LEN];
    double q0[FRIC_MUJOCO_MAX_JOINTS];
    for (int i = 0; i < fm->n; i++) q0[i] = d->qpos[fm->j[i].qadr];
    double steps_d = ceil(o->duration / m->opt.timestep - 1e-9);
    if (steps_d > (double)MJ_MAX_STEPS)
        return cli_fail(CLI_USAGE, "mujoco: --duration %g s is %.3g steps of %g s; at most %ld.",
                        o->duration, steps_d, m->opt.timestep, MJ_MAX_STEPS);
    long N = (long)steps_d;
    for (long k = 0; k < N; k++) {
        mj_step1(m, d);
        fric_mujoco_apply(fm, m, d);
        mj_step2(m, d);
        for (int i = 0; i < fm->n; i++)
            if (!isfinite(d->qpos[fm->j[i].qadr]) || d->warning[mjWARN_BADQACC].number)
                return cli_fail(CLI_RUNTIME, "mujoco: the simulation left the finite range at t = %g s.",
                                d->time);
        if (csv && csv_row(csv, fm, d))
            return cli_fail(CLI_RUNTIME, "mujoco: cannot write --csv %s: %s.", o->csv, strerror(errno));
    }
    printf("%s: %ld steps of %s s (%s s), treatment %s, MuJoCo %s\n", cli_shown(o->model), N,
           fmt_double(b[0], m->opt.timestep), fmt_double(b[1], d->time),
           fric_mujoco_treatment_names[o->treatment], mj_versionString());
    for (int i = 0; i < fm->n; i++) {
        const fric_mujoco_joint *j = &fm->j[i];
        double q = d->qpos[j->qadr];
        printf("joint %s: q0 %s, q %s, drift %s rad, dq %s rad/s, reversals %llu, stuck %llu of %ld steps\n",
               o->joints[i], fmt_double(b[0], q0[i]), fmt_double(b[1], q),
               fmt_double(b[2], fabs(q - q0[i])), fmt_double(b[3], d->qvel[j->dof]),
               (unsigned long long)j->s.reversals, (unsigned long long)j->s.steps_stuck, N);
        printf("joint %s in the MJCF: frictionloss %s, damping %s, armature %s\n", o->joints[i],
               fmt_double(b[0], o->fl[i]), fmt_double(b[1], o->damping[i]),
               fmt_double(b[2], o->armature[i]));
    }
    return CLI_OK;
}

static int replay(const mj_args *o, const fric_io_log *log, mjModel *m, mjData *d, fric_mujoco *fm,
                  FILE *csv)
{
    size_t N = fric_io_log_samples(log);
    double *sim = malloc((N ? N : 1) * sizeof *sim);
    if (!sim) return cli_fail(CLI_RUNTIME, "mujoco: out of memory for %zu samples.", N);
    fric_bench_replay_result r;
    const char *why = NULL;
    int rc = fric_mujoco_replay_model(fm, m, d, log, sim, N, &r, &why);
    if (rc) {
        free(sim);
        return cli_fail(rc == FRIC_E_NONFINITE ? CLI_RUNTIME : CLI_USAGE, "%s", why);
    }
    if (csv) {
        /* q per sample; dq and tau_f of the last step are not kept per sample */
        fputs("t,logged,simulated\n", csv);
        size_t cur = 0;
        for (size_t k = 0; k < r.samples; k++) {
            fric_io_sample s = fric_io_log_sample(log, k, &cur);
            double row[3] = { s.t, s.position, sim[k] };
            cli_csv_row(csv, row, 3);
        }
    }
    free(sim);
    char b1[FMT_DOUBLE_LEN], b2[FMT_DOUBLE_LEN], b3[FMT_DOUBLE_LEN];
    printf("%s: mae %s rad (%zu samples, %s, kp %s, dt %s s%s), MuJoCo %s, treatment %s\n", cli_shown(o->log),
           fmt_double(b1, r.mae), r.samples, cli_shown(log->trajectory), fmt_double(b2, log->kp),
           fmt_double(b3, r.dt), r.resampled ? ", resampled" : "", mj_versionString(),
           fric_mujoco_treatment_names[o->treatment]);
    printf("mae %s rad\n", fmt_double(b1, r.mae));
    return CLI_OK;
}


int cli_mujoco(int argc, char **argv)
{
    cli_mujoco_catch();
    /* a native params file: MuJoCo's own joint on the log's bench (mujoco_native.c) */
    for (int a = 1; a < argc; a++) {
        int missing = 0;
        const char *params = cli_option(argc, argv, &a, "--params", &missing);
        if (params && fric_native_params_file(params)) return cli_mujoco_native(argc, argv, params);
    }
    /* --adopt: a robot's MJCF with the mapping's servos (mujoco_adopt.c) */
    for (int a = 1; a < argc; a++)
        if (strcmp(argv[a], "--adopt") == 0 || strncmp(argv[a], "--adopt=", 8) == 0) return cli_mujoco_adopt(argc, argv);
    mj_args o;
    int rc = parse_args(argc, argv, &o);
    if (rc) return rc;

    fric_io_log log;
    int have_log = 0;
    if (o.log) {
        rc = cli_log_read(NULL, o.log, &log);
        if (rc) {
            fric_io_log_destroy(&log);
            return rc;
        }
        have_log = 1;
        rc = cli_log_header_check(o.log, &log);
    }
    fric_bench_def servo;
    if (!rc && o.params) rc = servo_of(&o, have_log ? &log : NULL, &servo);

    char err[1000] = "";
    if (!rc) rc = cli_mjcf_check(o.model);
    mjModel *m = rc ? NULL : mj_loadXML(o.model, NULL, err, sizeof err);
    if (!rc && !m) {
        for (char *c = err; *c; c++)
            if (*c == '\n') *c = ' ';
        rc = cli_fail(CLI_USAGE, "mujoco: %s does not load in MuJoCo %s: %s", o.model,
                      mj_versionString(), err[0] ? err : "no reason given");
    }
    mjData *d = m ? mj_makeData(m) : NULL;
    if (m && !d) rc = cli_fail(CLI_RUNTIME, "mujoco: out of memory for the model's data.");
    static fric_mujoco fm;
    if (!rc) {
        if (m->nkey > 0) mj_resetDataKeyframe(m, d, 0);
        for (int i = 0; i < o.n_joints; i++) {
            int id = mj_name2id(m, mjOBJ_JOINT, o.joints[i]), dof = id < 0 ? -1 : m->jnt_dofadr[id];
            o.fl[i] = dof < 0 ? NAN : m->dof_frictionloss[dof];
            o.damping[i] = dof < 0 ? NAN : m->dof_damping[dof];
            o.armature[i] = dof < 0 ? NAN : m->dof_armature[dof];
        }
        fric_mujoco_joint_def defs[FRIC_MUJOCO_MAX_JOINTS];
        for (int i = 0; i < o.n_joints; i++)
            defs[i] = (fric_mujoco_joint_def){ .joint = o.joints[i], .servo = o.params != NULL,
                                           .law = o.law, .bench = servo };
        const char *why = NULL;
        if (fric_mujoco_init(&fm, m, d, defs, o.n_joints, o.treatment, &why))
            rc = cli_fail(CLI_USAGE, "%s (model %s)", why, o.model);
    }
    FILE *csv = NULL;
    if (!rc && o.csv) {
        csv = cli_open_output("mujoco", "--csv", o.csv, &rc);
        if (csv && !have_log) csv_header(csv, &o);
    }
    if (!rc) rc = have_log ? replay(&o, &log, m, d, &fm, csv) : run(&o, m, d, &fm, csv);
    if (csv && fclose(csv) != 0 && !rc)
        rc = cli_fail(CLI_RUNTIME, "mujoco: cannot write --csv %s: %s.", o.csv, strerror(errno));
    if (d) mj_deleteData(d);
    if (m) mj_deleteModel(m);
    if (have_log) fric_io_log_destroy(&log);
    if (rc) return rc;
    cli_mujoco_say_warnings();
    return cli_finish_output(stdout, "to stdout");
}

#endif
