/*
 * servo_params.c: a BAM params file as a fric_bench_def (servo_params.h).
 * The file is read by the io library into the bench scenario's parameter
 * vector (fric_io_params_read: the scenario's table gives the ranges, as
 * `friction run bench params=FILE`), then made a def by the scenario's own
 * fric_bench_def_from_params. A key naming another parameter of the bench
 * (mass, kp, friction, ...: the explorer's JSON export adds them) is read
 * like the others; a replay then takes mass, length, kp, vin and dt from
 * each log's header and the treatment from --friction.
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "fric_bench.h"
#include "fric_io.h"
#include "servo_params.h"
#include "fric_scenario.h"

int cli_servo_params_file(const char *path, fric_bench_def *d)
{
    return cli_servo_params_named(path, d, NULL, NULL);
}

int cli_params_carry_warn(const char *path, const fric_io_params_carry *carry)
{
    for (int k = 0; carry && k < carry->n; k++) {
        char note[4400];
        fprintf(stderr, "friction: %s\n", fric_io_params_carry_note(carry->key[k], path, note,
                                                                    sizeof note));
    }
    return CLI_OK;
}

int cli_servo_params_named(const char *path, fric_bench_def *d, const char **actuator,
                           int *model)
{
    fric_io_params_carry carry;
    return cli_servo_params_carry(path, d, actuator, model, &carry);
}

int cli_servo_params_carry(const char *path, fric_bench_def *d, const char **actuator,
                           int *model, fric_io_params_carry *carry)
{
    if (!fric_scenario_find("bench"))
        return cli_fail(CLI_RUNTIME, "params %s: the core has no bench scenario.", path);
    double p[FRIC_SCENARIO_MAX_PARAMS];
    /* actuator and model are required (the core's check, every door's) */
    fric_bench_params_servo_init(p);
    fric_io_error err;
    if (fric_io_params_read_carry(path, fric_scenario_find("bench"), p, carry, &err))
        return cli_fail(err.code == FRIC_IO_MEMORY ? CLI_RUNTIME : CLI_USAGE, "%s", err.message);
    cli_input(path);
    cli_params_carry_warn(path, carry);
    if (fric_bench_params_servo(p, path, d, actuator, model))
        return cli_fail(CLI_USAGE, "%s", fric_status_last().message);
    return CLI_OK;
}

int cli_params_actuator_check(const char *verb, const char *params, const char *act, const char *asked,
                              const char *log_path, const char *log_motor, int may_ask)
{
    const char *want = asked ? fric_bench_actuator_resolve(asked) : NULL;
    if (asked && !want)
        return cli_fail(CLI_USAGE, "%s: --actuator '%s' is not an actuator of the core (xl330, "
                        "sts3215, mx64, ...).", verb, asked);
    if (want && strcmp(want, act) != 0)
        return cli_fail(CLI_USAGE, "%s: params %s are for actuator '%s', not '%s' (--actuator); "
                        "give the params file of %s.", verb, params, act, want, want);
    if (want && may_ask) return CLI_OK;   /* asked: scored on these logs */
    const char *motor = log_motor && log_motor[0] ? fric_bench_actuator_resolve(log_motor) : NULL;
    if (motor && strcmp(motor, act) != 0)
        return cli_fail(CLI_USAGE, "%s: params %s are for actuator '%s', the log %s records "
                        "'%s'; give the params file of %s%s%s%s.", verb, params, act, log_path, log_motor,
                        motor, may_ask ? ", or --actuator " : "", may_ask ? act : "",
                        may_ask ? " to score it on this log anyway" : "");
    return CLI_OK;
}

int cli_log_header_check(const char *path, const fric_io_log *L)
{
    fric_io_error err;
    if (fric_bench_log_check(L, path, &err)) return cli_fail(CLI_USAGE, "%s", err.message);
    return CLI_OK;
}

int cli_integrator_from_name(const char *name)
{
    for (int i = 0; name && i < FRIC_BENCH_N_INTEGRATORS; i++)
        if (strcmp(name, fric_bench_integrator_names[i]) == 0) return i;
    return -1;
}

int cli_native_params(const char *path, fric_native_params *p, const char **actuator)
{
    fric_io_error err;
    if (fric_native_params_read(path, p, actuator, &err))
        return cli_fail(err.code == FRIC_IO_MEMORY ? CLI_RUNTIME : CLI_USAGE, "%s", err.message);
    cli_input(path);
    return CLI_OK;
}
