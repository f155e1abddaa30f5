/*
 * mujoco_adopt.c: `friction mujoco MODEL.xml --adopt MAPPING
 * [--params NAME=FILE.json ...] [--keep-armature] [--seconds S]
 * [--goal JOINT=RAD ...] [--csv FILE]`: a robot's MJCF adopted by
 * identified servos. The core does the work (fric_robot.h, the explorer's
 * robot pair's too: web/src/mujoco/robot.js): the mapping and the servo
 * syntax (fric_mujoco_map_parse, fric_robot_servo_parse), the class →
 * servo rule (fric_robot_class_servo_check), the adoption and its edits
 * (fric_mujoco_robot_adopt_native), the starting goals, the creep ring and
 * the per-joint rows. Here: the arguments, the params files read from
 * disk, the model's load, the run and the text (mujoco_report.c).
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "fmt.h"
#include "servo_params.h"

#ifdef FRIC_HAVE_MUJOCO

#include "mujoco_cli.h"

/* More steps than this is a runaway, not a use of the tool. */
#define MJ_MAX_STEPS FRIC_ROBOT_MAX_STEPS   /* fric_robot.h: one bound for every door */

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
    static const cli_opt opts[] = { { "--adopt", "MAPPING", NULL }, { "--params", "NAME=FILE.json", NULL },
                                    { "--seconds", "S", "a time > 0 [s]" }, { "--goal", "JOINT=RAD", "JOINT=RAD" },
                                    { "--csv", "FILE", NULL }, { "--keep-armature", NULL, NULL } };
    static const cli_opts t = { "mujoco", opts, 6, "with --adopt", "friction mujoco --help" };
    memset(o, 0, sizeof *o);
    o->seconds = 10;
    for (int a = 1; a < argc; a++) {
        const char *arg = argv[a];
        const char *val = NULL;
        const int k = cli_opt_next(argc, argv, &a, &t, &val);
        if (k == CLI_OPT_FAIL) return CLI_USAGE;
        if (k == 5) {
            o->keep_armature = 1;
            continue;
        }
        if (k != CLI_OPT_ARG) {
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
                if (cli_number(val, &o->seconds) || !(o->seconds > 0)) return cli_opt_bad(&t, 2, val);
            } else {
                const char *rad = NULL;
                double g = 0;
                if (!split_eq((char *)val, &rad)) return cli_opt_bad(&t, 3, val);
                if (cli_number(rad, &g))
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

/* The servo a mapping entry names (the core's syntax,
 * fric_robot_servo_parse): a preset "actuator/mK" or "@NAME" of a --params
 * file read here (the io reader: an M1–M6 file, or a native one into *nat
 * with *native 1: MuJoCo's own servo); its label and *act its actuator. */
static int adopt_servo(const adopt_args *o, const char *servo, fric_bench_def *def, fric_native_params *nat,
                       unsigned char *native, char *label, size_t cap, const char **act)
{
    fric_robot_servo s;
    const char *why = NULL;
    *native = 0;
    if (fric_robot_servo_parse(servo, &s, &why)) return cli_fail(CLI_USAGE, "mujoco: %s", why);
    if (s.kind == FRIC_ROBOT_SERVO_PRESET) {
        const fric_bench_preset *p = fric_bench_preset_find(s.name, s.model);
        fric_bench_def_from_preset(p, def);
        snprintf(label, cap, "%s M%d", p->actuator, p->model);
        *act = p->actuator;
        return CLI_OK;
    }
    for (int i = 0; i < o->np; i++) {
        if (strcmp(o->pname[i], s.name) != 0) continue;
        int model = 0, rc;
        if (fric_native_params_file(o->pfile[i])) {
            if ((rc = cli_native_params(o->pfile[i], nat, act))) return rc;
            *native = 1;
            snprintf(label, cap, "%s native (%s)", *act ? *act : "?", servo);
            return CLI_OK;
        }
        if ((rc = cli_servo_params_named(o->pfile[i], def, act, &model))) return rc;
        snprintf(label, cap, "%s M%d (%s)", *act, model, servo);
        return CLI_OK;
    }
    char given[512] = "";
    for (int i = 0; i < o->np; i++) {
        size_t n = strlen(given);
        snprintf(given + n, sizeof given - n, "%s%s", n ? ", " : "", o->pname[i]);
    }
    return cli_fail(CLI_USAGE, "mujoco: the mapping names '%s', but no --params %s=FILE.json gives it; "
                    "given: %s.", servo, s.name, given[0] ? given : "none");
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

/* The model of o->model, or NULL after one message (a later MuJoCo's
 * feature named, with the headless runner's command). */
static mjModel *adopt_load(const adopt_args *o)
{
    char err[1000] = "";
    if (cli_mjcf_check(o->model)) return NULL;
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
                     o->gjoint[g], fmt_double(b[0], goal), cli_num4(b[1], lo), cli_num4(b[2], hi),
                     goal < lo ? b[1] : b[2], b[0]);
        }
        const char *why = NULL;
        if (fric_robot_set_goal(r, a->joint, goal, NULL, d->ctrl, &why))
            return cli_fail(CLI_USAGE, "mujoco: --goal: %s", why);
    }
    return CLI_OK;
}



int cli_mujoco_adopt(int argc, char **argv)
{
    adopt_args o;
    int rc = adopt_parse(argc, argv, &o);
    if (rc) return rc;
    static fric_mujoco_map_entry map[FRIC_MUJOCO_MAP_MAX];
    static fric_bench_def servos[FRIC_MUJOCO_MAP_MAX];
    static fric_native_params natives[FRIC_MUJOCO_MAP_MAX];
    static unsigned char native[FRIC_MUJOCO_MAP_MAX];
    static char labels[FRIC_MUJOCO_MAP_MAX][CLI_ADOPT_LABEL];
    int nmap = 0;
    const char *why = NULL;
    if (fric_mujoco_map_parse(o.mapping, map, FRIC_MUJOCO_MAP_MAX, &nmap, &why))
        return cli_fail(CLI_USAGE, "%s", why);
    for (int k = 0; k < nmap; k++) {
        const char *act = NULL;
        if ((rc = adopt_servo(&o, map[k].servo, &servos[k], &natives[k], &native[k], labels[k], sizeof labels[k],
                              &act)))
            return rc;
        /* a class named after a servo takes that servo's models (the core's rule) */
        if (act && fric_robot_class_servo_check(&map[k], act, &why)) return cli_fail(CLI_USAGE, "mujoco: %s", why);
    }
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
    if (!rc) cli_mujoco_say_warnings();   /* the load's, before the report */
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
        cli_adopt_report(r, labels, unstable);
        fputs(note, stdout);
        printf("\nafter %.6g s (%ld steps of %s s), %s:\n", (double)N * h, N, fmt_double(b, h),
               ad->nnat == 0 ? "the core's implicit friction"
               : ad->n == 0 ? "MuJoCo's own servos (native)"
                            : "the core's implicit friction; native joints: MuJoCo's own servos");
        cli_adopt_table(r, m, d, labels);
    }
    if (csv && fclose(csv) != 0 && !rc) rc = cli_fail(CLI_RUNTIME, "mujoco: writing --csv %s failed.", o.csv);
    fric_robot_destroy(r);
    mj_deleteData(d);
    mj_deleteModel(m);
    if (rc) return rc;
    cli_mujoco_say_warnings();
    return cli_finish_output(stdout, "to stdout");
}

#else
/* ISO C wants a declaration in every file: the build without MuJoCo has no --adopt (mujoco.c says so). */
typedef int cli_mujoco_adopt_unused;
#endif
