/*
 * mujoco_model.c: `friction mujoco-model`, MuJoCo-free (text only, in every
 * build): the pendulum bench of a log header and a params file as MJCF
 * (fric_mujoco_bench_mjcf; a native file: fric_native_bench_mjcf), or with
 * --class a native params file as a <default> class
 * (fric_native_class_mjcf). Every input is checked before anything is
 * written to stdout (exit 2 with one message).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "servo_params.h"
#include "fric_adapter.h"
#include "fric_io.h"

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

/* friction mujoco-model --class NAME --params NATIVE.json [--kp K]
 * [--mujoco 3|2]: the native set as a <default> class
 * (fric_native_class_mjcf), text only, so it is there in a build without
 * MuJoCo too. Every input checked before a byte is written. */

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
    static const cli_opt opts[] = { { "--class", "NAME", NULL }, { "--params", "NATIVE.json", NULL },
                                    { "--kp", "K", "a firmware gain >= 0 (the log's kp)" },
                                    { "--mujoco", "3|2", "3 (<position kp kv>) or 2 (MuJoCo 2.2.2: the <general> actuator)" } };
    static const cli_opts t = { "mujoco-model", opts, 4, "with --class", NULL };
    const char *val[4];
    if (cli_opt_values(argc, argv, 1, &t, val)) return CLI_USAGE;
    const char *name = val[0], *params = val[1], *kp_arg = val[2], *dialect_arg = val[3];
    if (!params)
        return cli_fail(CLI_USAGE, "mujoco-model --class needs --params NATIVE.json (a params file of model "
                        "native).");
    fric_native_dialect dialect = FRIC_NATIVE_MUJOCO3;
    if (dialect_arg) {
        if (strcmp(dialect_arg, "3") == 0) dialect = FRIC_NATIVE_MUJOCO3;
        else if (strcmp(dialect_arg, "2") == 0 || strcmp(dialect_arg, "2.2.2") == 0) dialect = FRIC_NATIVE_MUJOCO222;
        else return cli_opt_bad(&t, 3, dialect_arg);
    }
    fric_native_params p;
    int rc = fric_native_params_file(params) ? native_params_file(params, &p) : not_native(params);
    if (rc) return rc;
    double kp = p.firmware_kp;
    if (kp_arg) {
        if (cli_number(kp_arg, &kp) || kp < 0) return cli_opt_bad(&t, 2, kp_arg);
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
    static const cli_opt opts[] = { { "--log", "LOG.json", NULL }, { "--params", "P.json", NULL } };
    static const cli_opts t = { "mujoco-model", opts, 2, NULL, "or --class NAME --params NATIVE.json" };
    const char *val[2];
    if (cli_opt_values(argc, argv, 1, &t, val)) return CLI_USAGE;
    const char *log_path = val[0], *params = val[1];
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
