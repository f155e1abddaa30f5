/*
 * mujoco_native.c: `friction mujoco --params NATIVE.json --log LOG.json
 * [--actuator A] [--csv FILE]`: a native params file (MuJoCo's own joint
 * and actuator, fric_native.h) replayed on the log's bench
 * (fric_mujoco_native_replay), the MAE printed as for an M-model file.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "fmt.h"
#include "servo_params.h"

#ifdef FRIC_HAVE_MUJOCO

#include "mujoco_cli.h"

/* friction mujoco --params NATIVE.json --log LOG.json [--actuator A]
 * [--csv FILE]: MuJoCo's own joint of a native params file on the log's
 * bench (fric_mujoco_native_replay: the bench MJCF with the class
 * export's joint and actuator attributes, no friction of the core), the
 * MAE printed as for an M-model file. MODEL.xml, --joint, --treatment and
 * a law do not apply: refused in one sentence. */
int cli_mujoco_native(int argc, char **argv, const char *params)
{
    static const cli_opt opts[] = { { "--params", "NATIVE.json", NULL }, { "--log", "LOG.json", NULL },
                                    { "--actuator", "A", NULL }, { "--csv", "FILE", NULL } };
    char with[512];
    snprintf(with, sizeof with, "with params %s, MuJoCo's native joint, which runs on the log's own bench with "
             "MuJoCo's friction", params);
    const cli_opts t = { "mujoco", opts, 4, with, NULL };
    const char *val[4];
    if (cli_opt_values(argc, argv, 1, &t, val)) return CLI_USAGE;
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
    cli_mujoco_say_warnings();
    return cli_finish_output(stdout, "to stdout");
}

#else
/* ISO C wants a declaration in every file: without MuJoCo, mujoco.c refuses. */
typedef int cli_mujoco_native_unused;
#endif
