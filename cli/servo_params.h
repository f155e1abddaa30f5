/*
 * servo_params.h: a servo actuator with its friction model from a BAM
 * params file (shared/data/bam/params/<actuator>/m<k>.json), for replay
 * and diagram.
 */
#ifndef FRIC_CLI_SERVO_PARAMS_H
#define FRIC_CLI_SERVO_PARAMS_H

#include "fric_bench.h"
#include "fric_io.h"
#include "fric_native.h"

/* Fills d from the file, read by the io library into the bench scenario's
 * parameters (fric_io_params_read: the scenario's names, ranges and
 * choices) and made a def by fric_bench_def_from_params: "actuator" and
 * "model" ("m1".."m6") are required; a value the file leaves out is the
 * scenario's default (−1: the identified preset of that actuator and model).
 * Returns CLI_OK, or CLI_USAGE after one message naming the file, the key
 * and the problem. */
int cli_servo_params_file(const char *path, fric_bench_def *d);
/* The same, also naming the file's actuator (the bench's choice name,
 * "xl330", ...) and model (1..6); either may be NULL. */
int cli_servo_params_named(const char *path, fric_bench_def *d, const char **actuator,
                           int *model);
/* The same, also keeping the keys the core does not model in carry
 * (fric_io_params_read_carry), each with the core's one warning
 * (cli_params_carry_warn), for a writer to carry them on. */
int cli_servo_params_carry(const char *path, fric_bench_def *d, const char **actuator,
                           int *model, fric_io_params_carry *carry);
/* The core's warning (fric_io_params_carry_note) for each key of carry,
 * one line each on stderr. CLI_OK. */
int cli_params_carry_warn(const char *path, const fric_io_params_carry *carry);

/* A native params file (fric_native.h, "model": "native") into p, its
 * actuator's name into *actuator (may be NULL). CLI_OK, or CLI_USAGE after
 * the core's one message naming the file and the key. */
int cli_native_params(const char *path, fric_native_params *p, const char **actuator);

/* The actuator act of params file params (cli_servo_params_named's) checked
 * for verb ("mujoco", "replay"): against asked (--actuator, NULL: not given;
 * through the core's names and aliases, fric_bench_actuator_resolve), then
 * against the header "motor" of log log_path (log_motor, NULL or "": not
 * checked; a name the core does not know: not checked). may_ask: --actuator
 * given skips the log's check (replay scores a file on another actuator's
 * logs when asked) and the refusal says so. CLI_OK, or CLI_USAGE after one
 * message naming the file's actuator and the log's motor. */
int cli_params_actuator_check(const char *verb, const char *params, const char *act, const char *asked,
                              const char *log_path, const char *log_motor, int may_ask);

/* A log's header values (mass, arm_mass, length, kp, vin, dt) against the
 * bench scenario's parameter table: the core's check (fric_bench_log_check,
 * the page's too), for replay and fit. CLI_OK, or CLI_USAGE after the
 * core's one message naming the log, the field and the range. */
int cli_log_header_check(const char *path, const fric_io_log *L);

/* The integrator a --integrator value names (fric_bench_integrator_names:
 * "bam", "mujoco"), or −1. */
int cli_integrator_from_name(const char *name);

#endif
