/*
 * diagram.c: `friction diagram --params P.json [max_torque=T]
 *             [velocities=v1,v2,...] [points=N]`
 *
 * The drive/backdrive diagram of Duclusaud & Passault (§II-C, §III-F,
 * Figs. 2-4) for the friction model of an actuator file, as CSV: the
 * boundaries of the static region around τe = −τm for motor torques τm in
 * [−T, T] at each velocity (fric_regions_csv of fric_regions.h):
 *   velocity,region,boundary,piece,tau_m,tau_e
 * T defaults to the actuator's stall torque (kt·vin·max_pwm/R for the
 * voltage-controlled servos, min(kt·max_amps, kt·max_volts/R) for the
 * current-controlled ones); velocities to 0; N (uniform τm samples per
 * curve, the corners of the boundaries are added) to 201.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "fmt.h"
#include "servo_params.h"

#include "fric_regions.h"

#define MAX_VELOCITIES 32
#define DEFAULT_POINTS 201
#define MAX_POINTS 100000
/* Beyond these the diagram is not of an actuator (stall torques are a few
 * N·m, speeds tens of rad/s) and the friction terms b_v·|q̇|, k·|τ| grow
 * until the boundaries overflow: refused with the range. */
#define MAX_TORQUE 1e6      /* [N·m]   */
#define MAX_VELOCITY 1e6    /* [rad/s] */

typedef struct {
    const char *params;
    double max_torque;        /* 0: the default */
    double velocities[MAX_VELOCITIES];
    int n_velocities;
    int points;               /* uniform τm samples per curve */
} diagram_args;

/* A finite number from the whole of text, else nonzero. */
static int parse_velocities(const char *text, diagram_args *a)
{
    const char *s = text;
    a->n_velocities = 0;
    for (;;) {
        const char *comma = strchr(s, ',');
        size_t len = comma ? (size_t)(comma - s) : strlen(s);
        char item[64];
        double v;
        if (len == 0 || len >= sizeof item)
            return cli_fail(CLI_USAGE, "diagram: velocities='%s': item %d is %s; give "
                            "comma-separated velocities >= 0 rad/s, e.g. velocities=0,1,2.", text,
                            a->n_velocities + 1, len ? "too long" : "empty");
        memcpy(item, s, len);
        item[len] = '\0';
        if (cli_number(item, &v) || v < 0 || v > MAX_VELOCITY)
            return cli_fail(CLI_USAGE, "diagram: velocities='%s': '%s' is not a velocity in "
                            "[0, %g] rad/s; e.g. velocities=0,1,2.", text, item, MAX_VELOCITY);
        if (a->n_velocities == MAX_VELOCITIES)
            return cli_fail(CLI_USAGE, "diagram: velocities='%s': more than %d velocities.", text,
                            MAX_VELOCITIES);
        a->velocities[a->n_velocities++] = v;
        if (!comma) return CLI_OK;
        s = comma + 1;
    }
}

static int parse_args(int argc, char **argv, diagram_args *a)
{
    memset(a, 0, sizeof *a);
    a->n_velocities = 1; /* velocities=0 */
    a->points = DEFAULT_POINTS;
    static const cli_opt opts[] = { { "--params", "P.json", NULL } };
    static const cli_opts t = { "diagram", opts, 1, NULL,
                                "and the arguments max_torque=T, velocities=v1,v2,... and points=N" };
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        const char *params = NULL;
        const int k = cli_opt_next(argc, argv, &i, &t, &params);
        if (k == CLI_OPT_FAIL) return CLI_USAGE;
        if (k == 0) {
            a->params = params;
        } else if (strncmp(arg, "max_torque=", 11) == 0) {
            if (cli_number(arg + 11, &a->max_torque) || !(a->max_torque > 0) ||
                a->max_torque > MAX_TORQUE)
                return cli_fail(CLI_USAGE, "diagram: max_torque='%s' must be a torque in (0, %g] "
                                "N·m (the diagram spans tau_m in [-max_torque, max_torque]).",
                                arg + 11, MAX_TORQUE);
        } else if (strncmp(arg, "points=", 7) == 0) {
            double v;
            if (cli_number(arg + 7, &v) || v != floor(v) || v < 2 || v > MAX_POINTS)
                return cli_fail(CLI_USAGE, "diagram: points='%s' must be a whole number in "
                                "[2, %d] (uniform tau_m samples per curve).", arg + 7,
                                MAX_POINTS);
            a->points = (int)v;
        } else if (strncmp(arg, "velocities=", 11) == 0) {
            int rc = parse_velocities(arg + 11, a);
            if (rc) return rc;
        } else {
            return cli_opt_unknown(&t, arg);
        }
    }
    if (!a->params)
        return cli_fail(CLI_USAGE, "diagram needs --params P.json (an actuator file such as "
                        "../shared/data/bam/params/erob80_100/m6.json).");
    if (a->params[0] == '\0') return cli_fail(CLI_USAGE, "diagram: --params needs a file.");
    return CLI_OK;
}

/* The largest torque the motor can give [N·m]: the stall torque of the
 * voltage-controlled servos at their default supply, the current clip of
 * the current-controlled ones. */
static double stall_torque(const fric_bench_def *d)
{
    const fric_servo_actuator *s = &d->servo;
    if (s->control == FRIC_SERVO_CURRENT) {
        double by_amps = s->kt * s->max_amps, by_volts = s->kt * s->max_volts / s->R;
        return by_amps < by_volts ? by_amps : by_volts;
    }
    return s->kt * s->vin_default * s->max_pwm / s->R;
}

int cli_diagram(int argc, char **argv)
{
    diagram_args a;
    int rc = parse_args(argc, argv, &a);
    if (rc) return rc;
    fric_bench_def def;
    rc = cli_servo_params_file(a.params, &def);
    if (rc) return rc;
    if (a.max_torque == 0) {
        a.max_torque = stall_torque(&def);
        if (!(isfinite(a.max_torque) && a.max_torque > 0))
            return cli_fail(CLI_USAGE, "diagram: the stall torque of %s is %g N·m; give "
                            "max_torque=T (> 0 N·m).", a.params, a.max_torque);
    }
    fric_regions_law law;
    memset(&law, 0, sizeof law);
    law.kind = FRIC_REGIONS_SERVO;
    law.servo = def.friction;
    const char *why = NULL;
    size_t len = 0;
    if (fric_regions_csv(&law, a.velocities, a.n_velocities, a.max_torque, a.points, NULL, 0,
                         &len, &why))
        return cli_fail(CLI_USAGE, "diagram of %s: %s", a.params, why ? why : "rejected.");
    char *buf = malloc(len + 1);
    if (!buf) return cli_fail(CLI_RUNTIME, "diagram: out of memory for %zu bytes of CSV.", len);
    size_t len2 = 0;
    if (fric_regions_csv(&law, a.velocities, a.n_velocities, a.max_torque, a.points, buf,
                         len + 1, &len2, &why) || len2 != len) {
        free(buf);
        return cli_fail(CLI_RUNTIME, "diagram of %s: %s", a.params,
                        why && *why ? why : "the CSV changed size between two calls.");
    }
    fwrite(buf, 1, len, stdout);
    free(buf);
    return cli_finish_output(stdout, "to stdout");
}
