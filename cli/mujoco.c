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
 * angle) and prints what it did: per joint the start and end angle, the
 * hold drift, the end velocity, reversals and stuck steps. With --log (one
 * servo joint) the log is replayed with its goal, torque enable and kp
 * (fric_mujoco_replay_model) and a line `mae X rad` is printed as replay
 * prints it. --csv writes t, then per joint q, dq, tau_f (q_<joint>, ... with
 * several), one row per step. `mujoco-model` writes the pendulum bench of a
 * log header and a params file as MJCF (fric_mujoco_bench_mjcf; a native
 * file: fric_native_bench_mjcf), MuJoCo-free; with
 * --class, a native params file as a <default> class (fric_native_class_mjcf,
 * MuJoCo-free: there without MuJoCo too). With
 * --adopt, `mujoco` adopts a robot's MJCF (the robot layer, fric_robot.h,
 * the explorer's robot pair's (C) copy) and prints its report and per-joint
 * table (mujoco_adopt below).
 *
 * Every input is checked before anything is written to stdout (exit 2 with
 * one message). Built without MuJoCo (no libmujoco-dev), `mujoco` says how
 * to get it; `mujoco-model` writes text only and works in every build.
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

/* The two commands' lines of `friction help` (main.c shows them between
 * eval's and the limits, and `friction mujoco --help` shows its part), one
 * string each (C11 guarantees string literals of 4095 bytes). */
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
const char cli_mujoco_model_usage[] =
    "  friction mujoco-model --log LOG.json --params P.json > bench.xml\n"
    "      The pendulum bench of the log's header (mass, length, arm mass) and the\n"
    "      params file's armature and q_offset as MJCF, timestep the log's step,\n"
    "      joint \"joint\"; of a native params file, MuJoCo's own joint and actuator\n"
    "      with the file's values (what friction mujoco --params NATIVE.json --log\n"
    "      runs). Needs no MuJoCo.\n"
    "      friction mujoco-model --class NAME --params NATIVE.json [--kp K]\n"
    "               [--mujoco 3|2] > NAME.xml\n"
    "      The native parameters of a params file (model native: frictionloss,\n"
    "      damping, armature, solreffriction, solimpfriction, the position\n"
    "      actuator's kp, kv and forcerange) as an MJCF <default> class NAME, a file\n"
    "      to <include>: put class=\"NAME\" on the hinge and on its actuator\n"
    "      (<general joint=\"HINGE\" class=\"NAME\"/>). A hinge or actuator that\n"
    "      takes values from a class (class, childclass: an axis, a range, an\n"
    "      inheritrange) loses them if its class is replaced: nest the <default\n"
    "      class=\"NAME\"> in that class's <default> instead. --kp K: MuJoCo's kp for\n"
    "      firmware gain K (default the file's firmware_kp: its own kp). --mujoco 3\n"
    "      (default) writes <position kp kv>; --mujoco 2 (MuJoCo 2.2.2, no kv on\n"
    "      <position>) the equivalent <general> actuator, which MuJoCo 3 loads too.\n"
    "      Needs no MuJoCo.\n";

/* ------------------------------------------ mujoco-model --class: MuJoCo-free */
/* friction mujoco-model --class NAME --params NATIVE.json [--kp K]
 * [--mujoco 3|2]: the native set as a <default> class
 * (fric_native_class_mjcf), text only, so it is there in a build without
 * MuJoCo too. Every input checked before a byte is written. */

/* --name VALUE or --name=VALUE at argv[*a]: the value, or NULL. */
static const char *option(int argc, char **argv, int *a, const char *name, int *missing)
{
    const char *arg = argv[*a];
    size_t len = strlen(name);
    if (strncmp(arg, name, len) != 0) return NULL;
    if (arg[len] == '=') return arg + len + 1;
    if (arg[len] != '\0') return NULL;
    if (*a + 1 >= argc) {
        *missing = 1;
        return NULL;
    }
    return argv[++*a];
}

/* A native params file (fric_native_params_read: MuJoCo's keys, "model":
 * "native", an M-model key refused naming it, the set checked). */
static int native_params_file(const char *path, fric_native_params *p)
{
    fric_io_error err;
    const char *actuator = NULL;
    if (fric_native_params_read(path, p, &actuator, &err))
        return cli_fail(err.code == FRIC_IO_MEMORY ? CLI_RUNTIME : CLI_USAGE, "%s", err.message);
    cli_input(path);
    return CLI_OK;
}

/* A params file that does not name "model": "native" given to --class:
 * the reader's sentence when it is no params file of the core (too large,
 * not JSON, a bad key), else what --class takes and what runs an M-model
 * file in MuJoCo. CLI_USAGE or CLI_RUNTIME. */
static int not_native(const char *params)
{
    fric_bench_def def;
    const char *act = NULL;
    int model = 0;
    int rc = cli_servo_params_named(params, &def, &act, &model);
    if (rc) return rc;
    return cli_fail(CLI_USAGE, "mujoco-model: --class takes a native params file (\"model\": \"native\", MuJoCo's "
                    "own joint: friction fit --model native writes one); %s is an %s M%d file, the core's "
                    "friction, which MuJoCo runs with friction mujoco MODEL.xml --joint NAME --params %s.",
                    params, act, model, params);
}

/* 1 when argv names --class (the class form of mujoco-model). */
static int wants_class(int argc, char **argv)
{
    for (int a = 1; a < argc; a++)
        if (strcmp(argv[a], "--class") == 0 || strncmp(argv[a], "--class=", 8) == 0) return 1;
    return 0;
}

static int mujoco_class(int argc, char **argv)
{
    const char *name = NULL, *params = NULL, *kp_arg = NULL, *dialect_arg = NULL;
    for (int a = 1; a < argc; a++) {
        int missing = 0;
        const char *v;
        if ((v = option(argc, argv, &a, "--class", &missing))) name = v;
        else if (!missing && (v = option(argc, argv, &a, "--params", &missing))) params = v;
        else if (!missing && (v = option(argc, argv, &a, "--kp", &missing))) kp_arg = v;
        else if (!missing && (v = option(argc, argv, &a, "--mujoco", &missing))) dialect_arg = v;
        else if (missing) return cli_fail(CLI_USAGE, "mujoco-model: %s needs a value.", argv[a]);
        else return cli_fail(CLI_USAGE, "mujoco-model: unknown argument '%s' with --class; give --class NAME "
                             "--params NATIVE.json [--kp K] [--mujoco 3|2].", argv[a]);
    }
    if (!params)
        return cli_fail(CLI_USAGE, "mujoco-model --class needs --params NATIVE.json (a params file of model "
                        "native).");
    fric_native_dialect dialect = FRIC_NATIVE_MUJOCO3;
    if (dialect_arg) {
        if (strcmp(dialect_arg, "3") == 0) dialect = FRIC_NATIVE_MUJOCO3;
        else if (strcmp(dialect_arg, "2") == 0 || strcmp(dialect_arg, "2.2.2") == 0) dialect = FRIC_NATIVE_MUJOCO222;
        else return cli_fail(CLI_USAGE, "mujoco-model: --mujoco '%s' is neither 3 (<position kp kv>) nor 2 "
                             "(MuJoCo 2.2.2: the <general> actuator).", dialect_arg);
    }
    fric_native_params p;
    int rc = fric_native_params_file(params) ? native_params_file(params, &p) : not_native(params);
    if (rc) return rc;
    double kp = p.firmware_kp;
    if (kp_arg) {
        char *end = NULL;
        errno = 0;
        kp = strtod(kp_arg, &end);
        if (end == kp_arg || *end || errno || !isfinite(kp) || kp < 0)
            return cli_fail(CLI_USAGE, "mujoco-model: --kp '%s' must be a firmware gain >= 0 (the log's kp).", kp_arg);
    }
    int len = fric_native_class_mjcf(&p, name, kp, dialect, 1, NULL, 0);
    if (len < 0) return cli_fail(CLI_USAGE, "mujoco-model: %s", fric_status_last().message);
    char *xml = malloc((size_t)len + 1);
    if (!xml) return cli_fail(CLI_RUNTIME, "mujoco-model: out of memory.");
    fric_native_class_mjcf(&p, name, kp, dialect, 1, xml, (size_t)len + 1);
    fputs(xml, stdout);
    free(xml);
    return cli_finish_output(stdout, "to stdout");
}

/* friction mujoco-model --log LOG.json --params P.json: the pendulum bench
 * of the log's header as MJCF, MuJoCo-free (text only). An M-model file:
 * its armature and q_offset (fric_mujoco_bench_mjcf), the core's friction
 * attached at run time; a native file ("model": "native"): MuJoCo's own
 * joint and actuator with the file's attributes (fric_native_bench_mjcf,
 * what `friction mujoco --params NATIVE.json --log` runs). */
static int mujoco_bench_model(int argc, char **argv)
{
    const char *log_path = NULL, *params = NULL;
    for (int a = 1; a < argc; a++) {
        int missing = 0;
        const char *v;
        if ((v = option(argc, argv, &a, "--log", &missing))) log_path = v;
        else if (!missing && (v = option(argc, argv, &a, "--params", &missing))) params = v;
        else if (missing) return cli_fail(CLI_USAGE, "mujoco-model: %s needs a value.", argv[a]);
        else return cli_fail(CLI_USAGE, "mujoco-model: unknown argument '%s'; give --log LOG.json "
                             "--params P.json.", argv[a]);
    }
    if (!log_path || !params)
        return cli_fail(CLI_USAGE, "mujoco-model needs --log LOG.json (mass, length, arm mass, step) "
                        "and --params P.json (armature, q_offset; or a native file's joint and actuator).");
    const int native = fric_native_params_file(params);
    fric_bench_def def;
    fric_native_params np;
    const char *act = NULL;
    int rc = native ? cli_native_params(params, &np, &act) : cli_servo_params_file(params, &def);
    if (rc) return rc;
    fric_io_log log;
    rc = cli_log_read(NULL, log_path, &log);
    if (rc) {
        fric_io_log_destroy(&log);
        return rc;
    }
    rc = cli_log_header_check(log_path, &log);
    if (!rc && native) rc = cli_params_actuator_check("mujoco-model", params, act, NULL, log_path, log.motor, 0);
    fric_bench_def e;
    fric_native_bench nb;
    if (native) fric_native_bench_from_log(&np, &log, &nb);
    else fric_bench_def_from_log(&def, &log, &e);
    fric_io_log_destroy(&log);
    if (rc) return rc;
    char xml[4096];
    int len = native ? fric_native_bench_mjcf(&nb, xml, sizeof xml) : fric_mujoco_bench_mjcf(&e, xml, sizeof xml);
    if (len < 0 || (size_t)len >= sizeof xml)
        return cli_fail(CLI_USAGE, "mujoco-model: %s", len < 0 ? fric_status_last().message
                                                              : "the MJCF is longer than 4 KiB.");
    fputs(xml, stdout);
    return cli_finish_output(stdout, "to stdout");
}

/* Both forms need no MuJoCo: text only. */
int cli_mujoco_model(int argc, char **argv)
{
    return wants_class(argc, argv) ? mujoco_class(argc, argv) : mujoco_bench_model(argc, argv);
}

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

#include "fric_mujoco.h"

/* More steps than this is a runaway, not a use of the tool. */
#define MJ_MAX_STEPS FRIC_ROBOT_MAX_STEPS   /* fric_robot.h: one bound for every door */

/* ------------------------------------------- the MJCF's files before MuJoCo */
/* The files the model names (fric_mjcf_plan, fric_adapter.h: its includes
 * and the assets they name, found by MuJoCo's rules), each sized before it
 * is read (fric_io_open: kind MJCF for a text, asset for an asset; a mesh
 * linked to /dev/zero or a named pipe is refused) and the files together
 * (kind robot, named by the main file as the page and tools/robot.mjs do);
 * the texts fed to the plan, which checks each (fric_mjcf_check_text). A
 * file that is not there is left to MuJoCo (it names it); a file found
 * twice is sized once. 0, or CLI_USAGE (CLI_RUNTIME) with one sentence. */
static int mjcf_read(fric_mjcf_plan *plan, const char *main_name, unsigned long long *total)
{
    fric_mjcf_file m;
    fric_mjcf_plan_file(plan, 0, &m);
    const char *slash = strrchr(m.path, '/');
    const size_t dl = slash ? (size_t)(slash - m.path) + 1 : 0;   /* the main file's folder, as the sentences see */
    for (;;) {
        fric_mjcf_want w;
        if (fric_mjcf_plan_next(plan, &w)) return cli_fail(CLI_USAGE, "%s", fric_status_last().message);
        if (w.done) return 0;
        fric_mjcf_file f;
        fric_mjcf_plan_file(plan, w.index, &f);
        const char *rel = strncmp(w.path, m.path, dl) == 0 ? w.path + dl : w.path;
        char source[FRIC_MJCF_PATH_MAX + 400];
        if (w.text) snprintf(source, sizeof source, "%s", rel);
        else snprintf(source, sizeof source, "%s (<%s %s=\"%.256s\">)", rel, f.tag, f.attr, f.value);
        unsigned long long bytes = 0;
        int rc;
        FILE *in = cli_open_input(w.path, source, w.text ? FRIC_IO_KIND_MJCF : FRIC_IO_KIND_ASSET, &bytes, &rc);
        if (rc) return rc;
        char *text = NULL;
        if (in && w.text) {
            text = malloc((size_t)bytes + 1);
            if (!text) { fclose(in); return cli_fail(CLI_RUNTIME, "mujoco: out of memory reading %s.", w.path); }
            if (fread(text, 1, (size_t)bytes, in) != (size_t)bytes) { free(text); fclose(in); in = NULL; }
        }
        if (!in) {   /* not there: its next place, else MuJoCo names it */
            fric_mjcf_plan_absent(plan);
            continue;
        }
        fclose(in);
        fric_io_error serr;
        *total += bytes;
        if (fric_io_check_size(FRIC_IO_KIND_ROBOT, *total, main_name, &serr) != FRIC_OK) {
            free(text);
            return cli_fail(CLI_USAGE, "%s", serr.message);
        }
        rc = fric_mjcf_plan_feed(plan, w.path, text, (size_t)bytes) ? cli_fail(CLI_USAGE, "%s",
                                                                                fric_status_last().message) : 0;
        free(text);
        if (rc) return rc;
    }
}

/* The model's MJCF (and its includes, and the assets they name) checked
 * and sized before mj_loadXML reads them. */
static int mjcf_check(const char *model)
{
    fric_mjcf_plan *plan = NULL;
    if (fric_mjcf_plan_new(&plan)) return cli_fail(CLI_RUNTIME, "mujoco: out of memory reading %s.", model);
    const char *slash = strrchr(model, '/');
    unsigned long long total = 0;
    int rc = fric_mjcf_plan_begin(plan, model) ? cli_fail(CLI_USAGE, "mujoco: %s", fric_status_last().message)
                                               : mjcf_read(plan, slash ? slash + 1 : model, &total);
    fric_mjcf_plan_free(plan);
    return rc;
}


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
    static const char *const opts[] = { "--joint", "--params", "--actuator", "--treatment", "--log",
                                        "--duration", "--csv" };
    memset(o, 0, sizeof *o);
    o->law = (fric_law){ FRIC_STRIBECK, 0, 0, 0, 0, 1 };
    o->duration = 10;
    for (int a = 1; a < argc; a++) {
        const char *arg = argv[a];
        if (arg[0] == '-' && arg[1] == '-') {
            int k = 0, missing = 0;
            const char *val = NULL;
            for (; k < 7 && !val && !missing; k++) val = option(argc, argv, &a, opts[k], &missing);
            k--;
            if (missing) return cli_fail(CLI_USAGE, "mujoco: %s needs a value.", arg);
            if (!val)
                return cli_fail(CLI_USAGE, "mujoco: unknown option '%s'; the options are --joint, "
                                "--params, --actuator, --treatment, --log, --duration, --csv "
                                "(friction mujoco --help).", arg);
            if (k == 0) {
                if (o->n_joints == FRIC_MUJOCO_MAX_JOINTS)
                    return cli_fail(CLI_USAGE, "mujoco: more than %d --joint.", FRIC_MUJOCO_MAX_JOINTS);
                o->joints[o->n_joints++] = val;
            } else if (k == 1) o->params = val;
            else if (k == 2) o->actuator = val;
            else if (k == 3) {
                int t = fric_mujoco_treatment_find(val);
                if (t < 0)
                    return cli_fail(CLI_USAGE, "mujoco: --treatment '%s' is not implicit, "
                                    "frictionloss or noslip.", val);
                o->treatment = (fric_mujoco_treatment)t;
            } else if (k == 4) o->log = val;
            else if (k == 5) {
                char *end = NULL;
                o->duration = strtod(val, &end);
                if (end == val || *end || !(o->duration > 0) || !isfinite(o->duration))
                    return cli_fail(CLI_USAGE, "mujoco: --duration '%s' must be a time > 0 [s].", val);
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

/* ------------------------------------------------------ --adopt: a robot */

/* friction mujoco MODEL.xml --adopt MAPPING [--params NAME=FILE.json ...]
 * [--keep-armature] [--seconds S] [--goal JOINT=RAD ...]: the robot layer
 * (fric_robot.h, the explorer's robot pair's too: web/src/mujoco/robot.js)
 * does the work: the adoption of the mapping's servos and its edits
 * (fric_mujoco_robot_adopt), the starting goals, the creep ring and the
 * per-joint rows (STICK at |q̇| <= 1e-9 rad/s, sag = goal − q, creep the
 * mean speed over the last second sampled every 10 ms, the servo's motor
 * and friction torques). Here: the arguments, the servos' resolution, the
 * model's load, the run of S seconds from its first keyframe (or qpos0),
 * and the text. */

/* (adopt_runner below: the headless runner's command of the same run) */

typedef struct {
    const char *model, *mapping;
    const char *pname[FRIC_MUJOCO_MAP_MAX], *pfile[FRIC_MUJOCO_MAP_MAX];
    int np;
    const char *gjoint[FRIC_MUJOCO_MAX_JOINTS];
    double goal[FRIC_MUJOCO_MAX_JOINTS];
    int ngoal, keep_armature;
    double seconds;
    const char *csv;        /* --csv FILE: every step's angles, full precision */
} adopt_args;

/* NAME=VALUE into name (NUL-terminated in place) and value; 0 if no '='. */
static int split_eq(char *arg, const char **value)
{
    char *eq = strchr(arg, '=');
    if (!eq || eq == arg || !eq[1]) return 0;
    *eq = '\0';
    *value = eq + 1;
    return 1;
}

static int adopt_parse(int argc, char **argv, adopt_args *o)
{
    static const char *const opts[] = { "--adopt", "--params", "--seconds", "--goal", "--csv" };
    memset(o, 0, sizeof *o);
    o->seconds = 10;
    for (int a = 1; a < argc; a++) {
        const char *arg = argv[a];
        if (strcmp(arg, "--keep-armature") == 0) {
            o->keep_armature = 1;
            continue;
        }
        if (arg[0] == '-' && arg[1] == '-') {
            int k = 0, missing = 0;
            const char *val = NULL;
            for (; k < 5 && !val && !missing; k++) val = option(argc, argv, &a, opts[k], &missing);
            k--;
            if (missing) return cli_fail(CLI_USAGE, "mujoco: %s needs a value.", arg);
            if (!val)
                return cli_fail(CLI_USAGE, "mujoco: unknown option '%s' with --adopt; its options are "
                                "--params NAME=FILE.json, --keep-armature, --seconds S, --goal JOINT=RAD, "
                                "--csv FILE (friction mujoco --help).", arg);
            if (k == 0) {
                if (o->mapping) return cli_fail(CLI_USAGE, "mujoco: --adopt given twice; give one mapping "
                                                "(entries separated by ',').");
                o->mapping = val;
            } else if (k == 1) {
                const char *file = NULL;
                if (!split_eq((char *)val, &file))
                    return cli_fail(CLI_USAGE, "mujoco: --params '%s' with --adopt must be NAME=FILE.json "
                                    "(the mapping names it @NAME).", val);
                if (o->np == FRIC_MUJOCO_MAP_MAX)
                    return cli_fail(CLI_USAGE, "mujoco: more than %d --params.", FRIC_MUJOCO_MAP_MAX);
                for (int i = 0; i < o->np; i++)
                    if (strcmp(o->pname[i], val) == 0)
                        return cli_fail(CLI_USAGE, "mujoco: --params %s is given twice.", val);
                o->pname[o->np] = val;
                o->pfile[o->np++] = file;
            } else if (k == 4) {
                o->csv = val;
            } else if (k == 2) {
                char *end = NULL;
                o->seconds = strtod(val, &end);
                if (end == val || *end || !(o->seconds > 0) || !isfinite(o->seconds))
                    return cli_fail(CLI_USAGE, "mujoco: --seconds '%s' must be a time > 0 [s].", val);
            } else {
                const char *rad = NULL;
                char *end = NULL;
                if (!split_eq((char *)val, &rad))
                    return cli_fail(CLI_USAGE, "mujoco: --goal '%s' must be JOINT=RAD.", val);
                double g = strtod(rad, &end);
                if (end == rad || *end || !isfinite(g))
                    return cli_fail(CLI_USAGE, "mujoco: --goal %s=%s: the goal must be a finite angle [rad].",
                                    val, rad);
                if (o->ngoal == FRIC_MUJOCO_MAX_JOINTS)
                    return cli_fail(CLI_USAGE, "mujoco: more than %d --goal.", FRIC_MUJOCO_MAX_JOINTS);
                o->gjoint[o->ngoal] = val;
                o->goal[o->ngoal++] = g;
            }
            continue;
        }
        if (o->model)
            return cli_fail(CLI_USAGE, "mujoco: two models ('%s', '%s'); give one MODEL.xml.", o->model, arg);
        o->model = arg;
    }
    if (!o->model) return cli_fail(CLI_USAGE, "mujoco: give the model: friction mujoco MODEL.xml --adopt MAPPING.");
    if (!o->mapping || !*o->mapping)
        return cli_fail(CLI_USAGE, "mujoco: --adopt needs a mapping, e.g. --adopt '*=sts3215/m1'.");
    return CLI_OK;
}

/* The servo a mapping entry names: a preset "actuator/mK" (the core's
 * presets) or "@NAME" of a --params file (the io reader: an M1–M6 file, or
 * a native one into *nat with *native 1: MuJoCo's own servo); its label. */
static int adopt_servo(const adopt_args *o, const char *servo, fric_bench_def *def, fric_native_params *nat,
                       unsigned char *native, char *label, size_t cap)
{
    *native = 0;
    if (servo[0] == '@') {
        for (int i = 0; i < o->np; i++) {
            if (strcmp(o->pname[i], servo + 1) != 0) continue;
            const char *act = NULL;
            int model = 0;
            if (fric_native_params_file(o->pfile[i])) {
                int rc = cli_native_params(o->pfile[i], nat, &act);
                if (rc) return rc;
                *native = 1;
                snprintf(label, cap, "%s native (%s)", act ? act : "?", servo);
                return CLI_OK;
            }
            int rc = cli_servo_params_named(o->pfile[i], def, &act, &model);
            if (rc) return rc;
            snprintf(label, cap, "%s M%d (%s)", act, model, servo);
            return CLI_OK;
        }
        char given[512] = "";
        for (int i = 0; i < o->np; i++) {
            size_t n = strlen(given);
            snprintf(given + n, sizeof given - n, "%s%s", n ? ", " : "", o->pname[i]);
        }
        return cli_fail(CLI_USAGE, "mujoco: the mapping names '%s', but no --params %s=FILE.json gives it; "
                        "given: %s.", servo, servo + 1, given[0] ? given : "none");
    }
    const char *slash = strchr(servo, '/');
    int model = 0, used = 0;
    char act[FRIC_MUJOCO_NAME_MAX];
    if (slash && (size_t)(slash - servo) < sizeof act && (slash[1] == 'm' || slash[1] == 'M') &&
        sscanf(slash + 2, "%d%n", &model, &used) == 1 && slash[2 + used] == '\0') {
        memcpy(act, servo, (size_t)(slash - servo));
        act[slash - servo] = '\0';
    } else {
        return cli_fail(CLI_USAGE, "mujoco: the servo '%s' is not a preset actuator/mK (e.g. sts3215/m1) "
                        "or @NAME of a --params file.", servo);
    }
    const fric_bench_preset *p = fric_bench_preset_find(act, model);
    if (!p) {
        char models[256] = "";
        for (int i = 0; i < fric_bench_preset_count(); i++) {
            const fric_bench_preset *q = fric_bench_preset_at(i);
            size_t n = strlen(models);
            if (strcmp(q->actuator, act) == 0)
                snprintf(models + n, sizeof models - n, "%sm%d", n ? ", " : "", q->model);
        }
        if (models[0])
            return cli_fail(CLI_USAGE, "mujoco: the servo '%s' has no preset: %s has %s (or give @NAME of "
                            "a --params file).", servo, act, models);
        return cli_fail(CLI_USAGE, "mujoco: the servo '%s' names no actuator with identified presets "
                        "(xl330, sts3215, mx64, ...; or give @NAME of a --params file).", servo);
    }
    fric_bench_def_from_preset(p, def);
    snprintf(label, cap, "%s M%d", p->actuator, p->model);
    return CLI_OK;
}

/* What MuJoCo 2.2.2's load error says of a later MuJoCo's feature, into
 * out (empty when it says none). */
static void later_feature(const char *err, char *out, size_t cap)
{
    out[0] = '\0';
    const char *a = strstr(err, "unrecognized attribute: '");
    const char *e = strstr(err, "Element '");
    if (a && e) {
        char attr[64] = "", elem[64] = "";
        sscanf(a + strlen("unrecognized attribute: '"), "%63[^']", attr);
        sscanf(e + strlen("Element '"), "%63[^']", elem);
        if (strcmp(attr, "kv") == 0 && strcmp(elem, "position") == 0)
            snprintf(out, cap, "its <position> actuators have 'kv', a MuJoCo 3 attribute (2.2.2's "
                     "<position> has kp only)");
        else
            snprintf(out, cap, "'%s' on <%s> is not in MuJoCo 2.2.2's schema (a later MuJoCo's attribute, or a "
                     "misspelling)",
                     attr, elem);
        return;
    }
    const char *el = strstr(err, "unrecognized element");
    if (el && e) {
        char elem[64] = "";
        sscanf(e + strlen("Element '"), "%63[^']", elem);
        snprintf(out, cap, "<%s> is not in MuJoCo 2.2.2's schema (a later MuJoCo's element, or a misspelling)",
                 elem);
        return;
    }
    if (strstr(err, "has `range` but not `limited`")) {
        char name[128] = "";
        const char *on = strstr(err, "Object name = ");
        if (on) sscanf(on + strlen("Object name = "), "%127[^,]", name);
        const char *what = strncmp(err, "Error: joint", 12) == 0 ? "joint" : "element";
        snprintf(out, cap, "%s%s%s%s has a 'range' without limited=, which MuJoCo 3 reads as limited "
                 "(autolimits, its default) and 2.2.2 refuses (it needs limited=\"true\" or "
                 "<compiler autolimits=\"true\"/>)", what, name[0] ? " '" : "", name, name[0] ? "'" : "");
    }
}

/* MuJoCo's warnings (2.2.2 prints each on stdout and appends it to
 * MUJOCO_LOG.TXT in the working directory, e.g. "XML contains a 'NaN'",
 * "Nan, Inf or huge value in QACC"): the first kept, with a count, and said
 * on stderr by say_warnings once the command has not refused (a refusal
 * says its one sentence alone; stdout holds only the command's output).
 * MuJoCo's errors (2.2.2: stdout, the log file, exit 1): one line on
 * stderr, exit 1. Installed for the whole of `friction mujoco`. */
static char load_warning[512];
static int n_warnings;
static void keep_warning(const char *msg)
{
    if (!n_warnings++) snprintf(load_warning, sizeof load_warning, "%s", msg);
}

static void mj_error_exit(const char *msg)
{
    cli_fail(CLI_RUNTIME, "mujoco: MuJoCo failed: %s", msg);
    exit(CLI_RUNTIME);
}

static void say_warnings(void)
{
    if (n_warnings > 1)
        fprintf(stderr, "friction: mujoco: MuJoCo warned: %s (and %d more warnings)\n", load_warning,
                n_warnings - 1);
    else if (n_warnings)
        fprintf(stderr, "friction: mujoco: MuJoCo warned: %s\n", load_warning);
    n_warnings = 0;
    load_warning[0] = '\0';
}

/* The headless runner's command (make robot: tools/robot.mjs in MuJoCo
 * 3.14) of the run o asks: the model, the mapping and, in ARGS, each
 * --params NAME=FILE.json the mapping's @NAME needs, --keep-armature,
 * --seconds, --goal and --csv as given, so that it runs as printed. */
/* fmt's text appended to buf[cap] (NUL-terminated; cut at cap). */
static void append(char *buf, size_t cap, const char *fmt, ...)
{
    size_t n = strlen(buf);
    va_list ap;
    va_start(ap, fmt);
    if (n + 1 < cap) vsnprintf(buf + n, cap - n, fmt, ap);
    va_end(ap);
}

static void adopt_runner(const adopt_args *o, char *buf, size_t cap)
{
    char args[6144] = "", b[FMT_DOUBLE_LEN];
    for (int i = 0; i < o->np; i++) append(args, sizeof args, " --params %s=%s", o->pname[i], o->pfile[i]);
    if (o->keep_armature) append(args, sizeof args, " --keep-armature");
    if (o->seconds != 10) append(args, sizeof args, " --seconds %s", fmt_double(b, o->seconds));
    for (int i = 0; i < o->ngoal; i++) append(args, sizeof args, " --goal %s=%s", o->gjoint[i], fmt_double(b, o->goal[i]));
    if (o->csv) append(args, sizeof args, " --csv %s", o->csv);
    snprintf(buf, cap, "make robot ROBOT=%s SERVOS='%s'", o->model, o->mapping);
    if (args[0]) append(buf, cap, " ARGS='%s'", args + 1);
    append(buf, cap, " (node tools/robot.mjs, MuJoCo 3.14)");
}

int cli_mujoco_recipe_joints(const char *cmd, const char *model, struct fric_recipe_def *def)
{
    char err[1000] = "";
    if (mjcf_check(model)) return CLI_USAGE;
    mjModel *m = mj_loadXML(model, NULL, err, sizeof err);
    if (!m) {
        for (char *c = err; *c; c++)
            if (*c == '\n') *c = ' ';
        return cli_fail(CLI_USAGE, "%s: %s does not load in MuJoCo %s: %s", cmd, model, mj_versionString(),
                        err[0] ? err : "no reason given");
    }
    const char *why = NULL;
    const int rc = fric_mujoco_recipe_joints(m, def, &why) == FRIC_OK
                       ? CLI_OK
                       : cli_fail(CLI_USAGE, "%s: %s: %s", cmd, model, why);
    mj_deleteModel(m);
    return rc;
}

/* The model of o->model, or NULL after one message (a later MuJoCo's
 * feature named, with the headless runner's command). */
static mjModel *adopt_load(const adopt_args *o)
{
    char err[1000] = "";
    if (mjcf_check(o->model)) return NULL;
    mjModel *m = mj_loadXML(o->model, NULL, err, sizeof err);
    if (m) return m;
    for (char *c = err; *c; c++)
        if (*c == '\n') *c = ' ';
    for (size_t n = strlen(err); n && err[n - 1] == ' '; n--) err[n - 1] = '\0';
    char feature[512];
    later_feature(err, feature, sizeof feature);
    if (!feature[0]) {
        cli_fail(CLI_USAGE, "mujoco: %s does not load in MuJoCo %s: %s", o->model, mj_versionString(),
                 err[0] ? err : "no reason given");
        return NULL;
    }
    char runner[8192];
    adopt_runner(o, runner, sizeof runner);
    cli_fail(CLI_USAGE, "mujoco: %s does not load in MuJoCo %s: %s; run it in MuJoCo 3 with the headless "
             "runner: %s. MuJoCo said: %s", o->model, mj_versionString(), feature, runner, err);
    return NULL;
}

/* x with 4 significant digits (the report and the table) */
static const char *num(char *buf, double x)
{
    if (x == 0) x = 0;   /* no "-0" */
    snprintf(buf, FMT_DOUBLE_LEN, "%.4g", x);
    return buf;
}

/* The --goal values by the robot layer's rule (fric_robot_set_goal, after
 * its starting goals), each of a joint the mapping adopts; a note for a
 * goal outside its goal source's ctrlrange (the core clamps it there). */
#define NOTE_CAP 4096
static int adopt_goals(const adopt_args *o, fric_robot *r, const mjModel *m, mjData *d, char *note)
{
    const fric_mujoco_adoption *ad = fric_robot_adoption(r);
    const int rows = fric_robot_rows(r);
    note[0] = '\0';
    for (int g = 0; g < o->ngoal; g++) {
        int i = 0;
        while (i < rows && strcmp(mj_id2name(m, mjOBJ_JOINT, fric_robot_adopted(r, i, NULL)->joint), o->gjoint[g]) != 0)
            i++;
        if (i == rows) {
            char list[1024] = "";
            for (int k = 0; k < rows; k++) {
                size_t n = strlen(list);
                snprintf(list + n, sizeof list - n, "%s%s", n ? ", " : "",
                         mj_id2name(m, mjOBJ_JOINT, fric_robot_adopted(r, k, NULL)->joint));
            }
            return cli_fail(CLI_USAGE, "mujoco: --goal %s: the mapping does not adopt a joint '%s'; "
                            "adopted: %s.", o->gjoint[g], o->gjoint[g], list);
        }
        const fric_mujoco_adopted *a = fric_robot_adopted(r, i, NULL);
        /* the goal range: the servo's def, or a native joint's actuator's ctrlrange (MuJoCo clamps it) */
        const int act = a->act;
        double lo = i < ad->n ? ad->defs[i].goal_lo : 0, hi = i < ad->n ? ad->defs[i].goal_hi : 0;
        if (i >= ad->n && m->actuator_ctrllimited[act]) {
            lo = m->actuator_ctrlrange[2 * act];
            hi = m->actuator_ctrlrange[2 * act + 1];
        }
        double goal = o->goal[g];
        if (act >= 0 && lo < hi && (goal < lo || goal > hi)) {
            char b[3][FMT_DOUBLE_LEN];
            snprintf(note + strlen(note), NOTE_CAP - strlen(note), "note: --goal %s=%s is outside its actuator's "
                     "ctrlrange [%s, %s] rad: the servo's goal is %s rad (the sag is measured from %s)\n",
                     o->gjoint[g], fmt_double(b[0], goal), num(b[1], lo), num(b[2], hi),
                     goal < lo ? b[1] : b[2], b[0]);
        }
        const char *why = NULL;
        if (fric_robot_set_goal(r, a->joint, goal, NULL, d->ctrl, &why))
            return cli_fail(CLI_USAGE, "mujoco: --goal: %s", why);
    }
    return CLI_OK;
}

/* The adoption report: one line per joint (robot.js's report()). */
static void adopt_report(const mjModel *m, const fric_robot *r, char labels[][96], const char *unstable)
{
    char b[6][FMT_DOUBLE_LEN];
    int nmap = 0, file = 0;
    const fric_mujoco_map_entry *map = fric_robot_map_entries(r, &nmap);
    const fric_mujoco_adoption *ad = fric_robot_adoption(r);
    if (fric_robot_integrator(r, &file) != file)
        printf("the model's integrator %s is Euler in the adopted copy (the implicit friction predicts MuJoCo's "
               "Euler step)\n", fric_robot_integrator_name(file) ? fric_robot_integrator_name(file) : "?");
    for (int i = 0; i < ad->n; i++) {
        const fric_mujoco_adopted *a = &ad->a[i];
        const fric_mujoco_map_entry *e = &map[a->entry];
        printf("%s: %s (%s%s=%s); removed frictionloss %s N·m, damping %s N·m·s/rad; armature %s kg·m² ",
               ad->defs[i].joint, labels[a->entry], e->kind == FRIC_MUJOCO_MAP_CLASS ? "class:" : "",
               e->kind == FRIC_MUJOCO_MAP_ALL ? "*" : e->target, e->servo, num(b[0], a->removed_frictionloss),
               num(b[1], a->removed_damping), num(b[2], a->armature));
        if (a->armature_kept) printf("(the file's, kept)");
        else printf("(the servo's; the file had %s)", num(b[0], a->armature_file));
        if (a->act >= 0 && !a->act_goal) {
            /* a speed's or a gain's ctrl is no goal angle (web/src/i18n: robot.report.actSpeed, actDamper) */
            const char *an = mj_id2name(m, mjOBJ_ACTUATOR, a->act);
            if (a->act_kind == FRIC_MUJOCO_ACT_DAMPER)
                printf("; actuator %s%s%sdamper (kv %s N·m·s/rad) off: its ctrl scales a damping, which the servo's "
                       "K_v replaces; the servo holds the goal set here (the start angle until set)\n",
                       an ? "'" : "", an ? an : "", an ? "' " : "", num(b[0], a->act_kv));
            else
                printf("; actuator %s%s%s%s (kp %s, kv %s) off: its ctrl is a speed, not a goal angle; the servo "
                       "holds the goal set here (the start angle until set)\n", an ? "'" : "", an ? an : "",
                       an ? "' " : "", fric_mujoco_act_names[a->act_kind], num(b[0], a->act_kp), num(b[1], a->act_kv));
        } else if (a->act >= 0) {
            const char *an = mj_id2name(m, mjOBJ_ACTUATOR, a->act);
            printf("; actuator %s%s%s%s (kp %s, kv %s, forcerange %s…%s N·m) is now the goal source, its force "
                   "off", an ? "'" : "", an ? an : "", an ? "' " : "", fric_mujoco_act_names[a->act_kind],
                   num(b[0], a->act_kp), num(b[1], a->act_kv), num(b[2], a->act_force_lo),
                   num(b[3], a->act_force_hi));
            if (a->gear != 1)   /* robot.report.gear */
                printf("; through its gear %s: goal = ctrl / %s, torque on the joint = %s × the servo's",
                       num(b[0], a->gear), num(b[1], a->gear), num(b[2], a->gear));
            const fric_mujoco_joint_def *d = &ad->defs[i];
            if (d->goal_lo < d->goal_hi)
                printf(", goal clamped to its ctrlrange [%s, %s] rad", num(b[4], d->goal_lo), num(b[5], d->goal_hi));
            putchar('\n');
        } else {
            printf("; no actuator: the goal is set here (--goal)\n");
        }
    }
    for (int i = 0; i < ad->nnat; i++) {
        /* a native joint: MuJoCo's own servo, the file's values as the model has them (every digit) */
        const fric_mujoco_adopted *a = &ad->nat[i];
        const fric_native_edit *e = &ad->nat_set[i];
        const fric_mujoco_map_entry *en = &map[a->entry];
        const char *an = mj_id2name(m, mjOBJ_ACTUATOR, a->act);
        char c[10][FMT_DOUBLE_LEN];
        printf("%s: %s (%s%s=%s); MuJoCo's native servo runs it, the core steps nothing for it: frictionloss %s "
               "N·m, damping %s N·m·s/rad, armature %s kg·m²%s (the file had %s, %s, %s); actuator %s%s%s(the "
               "file's %s) is now a position of kp %s N·m/rad, kv %s N·m·s/rad, ",
               mj_id2name(m, mjOBJ_JOINT, a->joint), labels[a->entry], en->kind == FRIC_MUJOCO_MAP_CLASS ? "class:" : "",
               en->kind == FRIC_MUJOCO_MAP_ALL ? "*" : en->target, en->servo, fmt_double(c[0], e->frictionloss),
               fmt_double(c[1], e->damping), fmt_double(c[2], e->armature), a->armature_kept ? " (the file's, kept)" : "",
               num(b[0], a->removed_frictionloss), num(b[1], a->removed_damping), num(b[2], a->armature_file),
               an ? "'" : "", an ? an : "", an ? "' " : "", fric_mujoco_act_names[a->act_kind], fmt_double(c[3], e->kp),
               fmt_double(c[4], e->kv));
        if (e->limited) printf("forcerange %s…%s N·m", fmt_double(c[5], e->forcerange[0]), fmt_double(c[6], e->forcerange[1]));
        else printf("no force limit");
        printf("; solreffriction %s %s, solimpfriction %s %s %s %s %s\n", fmt_double(c[0], e->solref[0]),
               fmt_double(c[1], e->solref[1]), fmt_double(c[2], e->solimp[0]), fmt_double(c[3], e->solimp[1]),
               fmt_double(c[4], e->solimp[2]), fmt_double(c[5], e->solimp[3]), fmt_double(c[6], e->solimp[4]));
    }
    fputs(unstable, stdout);   /* MuJoCo's own copy at this step (fric_robot_step_caution) */
    /* the notes (web/src/i18n: robot.note.tendon, equality, skipped) */
    for (int i = 0; i < ad->n; i++) {   /* the core's joints (a native joint is MuJoCo's own) */
        if (ad->a[i].tendon)
            printf("%s: a tendon wraps it; the exact hold does not apply while the tendon acts\n", ad->defs[i].joint);
        if (ad->a[i].equality)
            printf("%s: an equality constraint names it; the exact hold does not apply while the constraint acts\n",
                   ad->defs[i].joint);
    }
    for (int s = 0; s < ad->nskip && s < FRIC_MUJOCO_MAX_JOINTS; s++) {
        const fric_mujoco_skipped *k = &ad->skip[s];
        const fric_mujoco_map_entry *e = &map[k->entry];
        int t = k->type;
        printf("%s: skipped (a %s joint, mapped by '%s%s'): bam's servos are rotary; a servo drives a hinge joint "
               "only\n", mj_id2name(m, mjOBJ_JOINT, k->joint) ? mj_id2name(m, mjOBJ_JOINT, k->joint) : "?",
               t >= 0 && t < FRIC_MUJOCO_N_JNT_TYPES ? fric_mujoco_jnt_names[t] : "unknown",
               e->kind == FRIC_MUJOCO_MAP_CLASS ? "class:" : "", e->kind == FRIC_MUJOCO_MAP_ALL ? "*" : e->target);
    }
    if (ad->nskip > FRIC_MUJOCO_MAX_JOINTS)
        printf("%d more joints skipped\n", ad->nskip - FRIC_MUJOCO_MAX_JOINTS);
}

/* The per-joint table after the run (fric_robot_row_of, copy C; a native
 * joint's torques MuJoCo's: its actuator force and its dof's friction
 * rows, mjCNSTR_FRICTION_DOF, alone). */
static void adopt_table(const fric_robot *r, const mjModel *m, const mjData *d, char labels[][96])
{
    char b[4][FMT_DOUBLE_LEN];
    const int rows = fric_robot_rows(r);
    static double fric[FRIC_MUJOCO_MAX_JOINTS * 8];
    double *friction = m->nv <= (int)(sizeof fric / sizeof fric[0]) ? fric : NULL;
    for (int v = 0; friction && v < m->nv; v++) friction[v] = 0;
    for (int k = 0; friction && k < d->nefc; k++)
        if (d->efc_type[k] == mjCNSTR_FRICTION_DOF) friction[d->efc_id[k]] += d->efc_force[k];
    int wj = cli_width("joint"), ws = cli_width("servo");
    for (int i = 0; i < rows; i++) {
        const fric_mujoco_adopted *a = fric_robot_adopted(r, i, NULL);
        if (cli_width(mj_id2name(m, mjOBJ_JOINT, a->joint)) > wj) wj = cli_width(mj_id2name(m, mjOBJ_JOINT, a->joint));
        if (cli_width(labels[a->entry]) > ws) ws = cli_width(labels[a->entry]);
    }
    static const char *const head[5] = { "state", "sag [mrad]", "creep [mrad/s]", "τm [N·m]", "τf [N·m]" };
    static const int width[5] = { 7, 12, 16, 12, 0 };
    cli_pad(stdout, "joint", wj + 2);
    cli_pad(stdout, "servo", ws + 2);
    for (int c = 0; c < 5; c++) cli_pad(stdout, head[c], width[c]);
    putchar('\n');
    for (int i = 0; i < rows; i++) {
        fric_robot_row row;
        const fric_mujoco_adopted *a = fric_robot_adopted(r, i, NULL);
        fric_robot_row_of(r, i, 1, d->qpos, d->qvel, d->qfrc_actuator, friction ? friction : d->qfrc_constraint, &row);
        cli_pad(stdout, mj_id2name(m, mjOBJ_JOINT, a->joint), wj + 2);
        cli_pad(stdout, labels[a->entry], ws + 2);
        /* a number below FRIC_ROBOT_PRINT_ZERO (its column's unit) is rounding: printed 0 */
        double v[4] = { row.sag_mrad, row.creep_mrad_s, row.tau_m, row.tau_f };
        for (int c = 0; c < 4; c++)
            if (fabs(v[c]) < FRIC_ROBOT_PRINT_ZERO) v[c] = 0;
        const char *cell[5] = { row.stick ? "STICK" : "SLIP", num(b[0], v[0]), num(b[1], v[1]), num(b[2], v[2]),
                                num(b[3], v[3]) };
        for (int c = 0; c < 5; c++) cli_pad(stdout, cell[c], width[c]);
        putchar('\n');
    }
}

static int mujoco_adopt(int argc, char **argv)
{
    adopt_args o;
    int rc = adopt_parse(argc, argv, &o);
    if (rc) return rc;
    static fric_mujoco_map_entry map[FRIC_MUJOCO_MAP_MAX];
    static fric_bench_def servos[FRIC_MUJOCO_MAP_MAX];
    static fric_native_params natives[FRIC_MUJOCO_MAP_MAX];
    static unsigned char native[FRIC_MUJOCO_MAP_MAX];
    static char labels[FRIC_MUJOCO_MAP_MAX][96];
    int nmap = 0;
    const char *why = NULL;
    if (fric_mujoco_map_parse(o.mapping, map, FRIC_MUJOCO_MAP_MAX, &nmap, &why))
        return cli_fail(CLI_USAGE, "%s", why);
    for (int k = 0; k < nmap; k++)
        if ((rc = adopt_servo(&o, map[k].servo, &servos[k], &natives[k], &native[k], labels[k], sizeof labels[k])))
            return rc;
    for (int i = 0; i < o.np; i++) {
        int used = 0;
        for (int k = 0; k < nmap; k++) used |= map[k].servo[0] == '@' && strcmp(map[k].servo + 1, o.pname[i]) == 0;
        if (!used)
            return cli_fail(CLI_USAGE, "mujoco: --params %s=%s: the mapping names no '@%s'.", o.pname[i],
                            o.pfile[i], o.pname[i]);
    }
    mjModel *m = adopt_load(&o);
    if (!m) return CLI_USAGE;
    mjData *d = mj_makeData(m);
    fric_robot *r = d ? fric_mujoco_robot_create(m, &why) : NULL;
    if (!r) {
        if (d) mj_deleteData(d);
        mj_deleteModel(m);
        if (!d) return cli_fail(CLI_RUNTIME, "mujoco: out of memory for the model's data.");
        /* the robot's one validation (a number not finite, a timestep
         * absurd): the file's to change */
        return cli_fail(fric_status_last().code == FRIC_E_NO_MEMORY ? CLI_RUNTIME : CLI_USAGE, "%s (model %s)", why,
                        o.model);
    }
    /* the default start of every door (fric_robot.h FRIC_ROBOT_START_KEY):
     * the first keyframe, else qpos0, at the file's timestep */
    const char *start = "the reference pose qpos0";
    char keyname[160];
    if (m->nkey > FRIC_ROBOT_START_KEY) {
        mj_resetDataKeyframe(m, d, FRIC_ROBOT_START_KEY);
        const char *kn = mj_id2name(m, mjOBJ_KEY, FRIC_ROBOT_START_KEY);
        snprintf(keyname, sizeof keyname, "keyframe '%s'", kn && kn[0] ? kn : "0");
        start = keyname;
        fric_robot_start_key(r, kn ? kn : "", 0);   /* its name in a refusal's sentence */
    }
    /* the mapping parsed above (its servos resolved before the model loads) */
    if (fric_robot_map_set(r, map, nmap, &why)
        || fric_mujoco_robot_adopt_native(r, m, d, servos, natives, native, nmap, o.keep_armature, &why))
        rc = cli_fail(CLI_USAGE, "%s (model %s)", why, o.model);
    if (!rc) say_warnings();   /* the load's, before the report */
    static char note[NOTE_CAP], unstable[NOTE_CAP];
    unstable[0] = '\0';
    /* each adopted joint's caution for the file as written at this step */
    for (int i = 0; !rc && i < fric_robot_rows(r); i++) {
        size_t at = strlen(unstable);
        if (fric_mujoco_robot_caution(r, m, d, i, unstable + at, NOTE_CAP - at - 1) > 0)
            strcat(unstable + at, "\n");
    }
    if (!rc) {
        fric_robot_start_goals(r, d->qpos, NULL, d->ctrl);
        rc = adopt_goals(&o, r, m, d, note);
    }
    double h = m->opt.timestep;
    double steps_d = ceil(o.seconds / h - 1e-9);
    if (!rc && steps_d > (double)MJ_MAX_STEPS)
        rc = cli_fail(CLI_USAGE, "mujoco: --seconds %g is %.3g steps of %g s; at most %ld.", o.seconds, steps_d, h,
                      MJ_MAX_STEPS);
    const fric_mujoco_adoption *ad = fric_robot_adoption(r);
    fric_mujoco *fm = fric_robot_core(r);
    /* every adopted joint's qpos address, the core's and the native ones */
    const int rows = rc ? 0 : fric_robot_rows(r);
    int qadr[FRIC_MUJOCO_MAX_JOINTS];
    for (int i = 0; i < rows; i++) qadr[i] = m->jnt_qposadr[fric_robot_adopted(r, i, NULL)->joint];
    long N = (long)steps_d;
    FILE *csv = NULL;
    if (!rc && o.csv) {
        csv = cli_open_output("mujoco", "--csv", o.csv, &rc);
        if (csv) {
            fputs("t [s]", csv);
            for (int i = 0; i < rows; i++)
                fprintf(csv, ",q_%s [rad]", mj_id2name(m, mjOBJ_JOINT, fric_robot_adopted(r, i, NULL)->joint));
            fputc('\n', csv);
        }
    }
    for (long k = 0; !rc && k < N; k++) {
        mj_step1(m, d);
        fric_mujoco_apply(fm, m, d);
        mj_step2(m, d);
        if (csv) {
            fprintf(csv, "%.17g", d->time);
            for (int i = 0; i < rows; i++) fprintf(csv, ",%.17g", d->qpos[qadr[i]]);
            fputc('\n', csv);
        }
        for (int i = 0; i < rows && !rc; i++)
            if (!isfinite(d->qpos[qadr[i]]) || d->warning[mjWARN_BADQACC].number)
                rc = cli_fail(CLI_RUNTIME, "mujoco: the simulation left the finite range at t = %g s.", d->time);
        if (!rc && fric_robot_tick(r)) fric_robot_record(r, NULL, d->qpos);
    }
    if (!rc) {
        char b[FMT_DOUBLE_LEN];
        printf("%s: MuJoCo %s, %d joint%s adopted (--adopt '%s'%s), from %s, timestep %s s (the file's; "
               "the default start of every door: the first keyframe, else qpos0, at the file's timestep)\n",
               cli_shown(o.model), mj_versionString(), rows, rows == 1 ? "" : "s", o.mapping,
               o.keep_armature ? ", --keep-armature" : "", start, fmt_double(b, h));
        adopt_report(m, r, labels, unstable);
        fputs(note, stdout);
        printf("\nafter %.6g s (%ld steps of %s s), %s:\n", (double)N * h, N, fmt_double(b, h),
               ad->nnat == 0 ? "the core's implicit friction"
               : ad->n == 0 ? "MuJoCo's own servos (native)"
                            : "the core's implicit friction; native joints: MuJoCo's own servos");
        adopt_table(r, m, d, labels);
    }
    if (csv && fclose(csv) != 0 && !rc) rc = cli_fail(CLI_RUNTIME, "mujoco: writing --csv %s failed.", o.csv);
    fric_robot_destroy(r);
    mj_deleteData(d);
    mj_deleteModel(m);
    if (rc) return rc;
    say_warnings();
    return cli_finish_output(stdout, "to stdout");
}

/* friction mujoco --params NATIVE.json --log LOG.json [--actuator A]
 * [--csv FILE]: MuJoCo's own joint of a native params file on the log's
 * bench (fric_mujoco_native_replay: the bench MJCF with the class
 * export's joint and actuator attributes, no friction of the core), the
 * MAE printed as for an M-model file. MODEL.xml, --joint, --treatment and
 * a law do not apply: refused in one sentence. */
static int mujoco_native(int argc, char **argv, const char *params)
{
    static const char *const opts[] = { "--params", "--log", "--actuator", "--csv" };
    const char *val[4] = { NULL, NULL, NULL, NULL };
    for (int a = 1; a < argc; a++) {
        int k = 0, missing = 0;
        const char *v = NULL;
        for (; k < 4 && !v && !missing; k++) v = option(argc, argv, &a, opts[k], &missing);
        if (missing) return cli_fail(CLI_USAGE, "mujoco: %s needs a value.", argv[a]);
        if (!v)
            return cli_fail(CLI_USAGE, "mujoco: params %s are MuJoCo's native joint, which runs on the log's own "
                            "bench with MuJoCo's friction; '%s' does not apply (give --params, --log, --actuator, "
                            "--csv).", params, argv[a]);
        val[k - 1] = v;
    }
    if (!val[1])
        return cli_fail(CLI_USAGE, "mujoco: params %s are MuJoCo's native joint: give the log to replay on its "
                        "bench (--log LOG.json).", params);
    fric_native_params p;
    const char *act = NULL;
    int rc = cli_native_params(params, &p, &act);
    if (rc) return rc;
    fric_io_log log;
    rc = cli_log_read(NULL, val[1], &log);
    if (rc) {
        fric_io_log_destroy(&log);
        return rc;
    }
    rc = cli_log_header_check(val[1], &log);
    if (!rc) rc = cli_params_actuator_check("mujoco", params, act, val[2], val[1], log.motor, 0);
    if (!rc && val[3]) rc = cli_output_path("mujoco", "--csv", val[3]);
    size_t N = fric_io_log_samples(&log);
    double *sim = rc ? NULL : malloc((N ? N : 1) * sizeof *sim);
    if (!rc && !sim) rc = cli_fail(CLI_RUNTIME, "mujoco: out of memory for %zu samples.", N);
    fric_bench_replay_result r;
    const char *why = NULL;
    if (!rc) {
        int st = fric_mujoco_native_replay(&p, &log, sim, N, &r, &why);
        if (st) rc = cli_fail(st == FRIC_E_NONFINITE ? CLI_RUNTIME : CLI_USAGE, "%s", why);
    }
    if (!rc && val[3]) {
        FILE *csv = cli_open_output("mujoco", "--csv", val[3], &rc);
        if (csv) {
            fputs("t,logged,simulated\n", csv);
            size_t cur = 0;
            for (size_t k = 0; k < r.samples; k++) {
                fric_io_sample s = fric_io_log_sample(&log, k, &cur);
                double row[3] = { s.t, s.position, sim[k] };
                cli_csv_row(csv, row, 3);
            }
            if (fclose(csv) != 0) rc = cli_fail(CLI_RUNTIME, "mujoco: cannot write --csv %s: %s.", val[3], strerror(errno));
        }
    }
    if (!rc) {
        char b1[FMT_DOUBLE_LEN], b2[FMT_DOUBLE_LEN], b3[FMT_DOUBLE_LEN];
        printf("%s: mae %s rad (%zu samples, %s, kp %s, dt %s s%s), MuJoCo %s, native (MuJoCo's own joint)\n", cli_shown(val[1]),
               fmt_double(b1, r.mae), r.samples, cli_shown(log.trajectory), fmt_double(b2, log.kp), fmt_double(b3, r.dt),
               r.resampled ? ", resampled" : "", mj_versionString());
        printf("mae %s rad\n", fmt_double(b1, r.mae));
    }
    free(sim);
    fric_io_log_destroy(&log);
    if (rc) return rc;
    say_warnings();
    return cli_finish_output(stdout, "to stdout");
}

int cli_mujoco(int argc, char **argv)
{
    mju_user_warning = keep_warning;
    mju_user_error = mj_error_exit;
    /* a native params file: MuJoCo's own joint on the log's bench (above) */
    for (int a = 1; a < argc; a++) {
        int missing = 0;
        const char *params = option(argc, argv, &a, "--params", &missing);
        if (params && fric_native_params_file(params)) return mujoco_native(argc, argv, params);
    }
    /* --adopt: a robot's MJCF with the mapping's servos (above) */
    for (int a = 1; a < argc; a++)
        if (strcmp(argv[a], "--adopt") == 0 || strncmp(argv[a], "--adopt=", 8) == 0) return mujoco_adopt(argc, argv);
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
    if (!rc) rc = mjcf_check(o.model);
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
    say_warnings();
    return cli_finish_output(stdout, "to stdout");
}

#endif
