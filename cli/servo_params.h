/*
 * servo_params.h: a servo actuator with its friction model from a BAM
 * params file (shared/data/bam/params/<actuator>/m<k>.json), for replay
 * and diagram.
 */
#ifndef FRIC_CLI_SERVO_PARAMS_H
#define FRIC_CLI_SERVO_PARAMS_H

#include "fric_bench.h"

/* Fills d from the file: "actuator" (required) gives the firmware constants,
 * "model" ("m1".."m6", required) the friction model; the preset of that
 * (actuator, model) pair, when there is one, gives the values the file
 * leaves out (otherwise they are 0); each other key sets one field:
 *   kt R armature q_offset                                    (servo)
 *   friction_base friction_stribeck load_friction_base load_friction_stribeck
 *   load_friction_motor load_friction_external load_friction_motor_stribeck
 *   load_friction_external_stribeck load_friction_motor_quad
 *   load_friction_external_quad dtheta_stribeck alpha friction_viscous
 *                                                             (friction)
 * The rest of d is fric_bench_def_from_preset's. Returns CLI_OK, or
 * CLI_USAGE after one message naming the file, the key and the problem. */
int cli_servo_params_file(const char *path, fric_bench_def *d);

#endif
