/*
 * log.h: pendulum test-bench logs (the BAM format, shared/data/bam/logs).
 *
 * Header: mass [kg], length [m], kp, motor, trajectory; optional vin [V],
 * dt [s], arm_mass [kg]; entries[]: position [rad], speed [rad/s], load, input_volts [V],
 * temp [°C], timestamp [s], goal_position [rad], torque_enable (boolean).
 * Required in every entry: position, timestamp, goal_position,
 * torque_enable; the others are optional numbers ("speed" in every entry
 * or in none). Any other key is an error.
 */
#ifndef FRIC_CLI_LOG_H
#define FRIC_CLI_LOG_H

#include <stddef.h>

typedef struct {
    double mass, length, kp;
    double arm_mass;            /* [kg], 0 when the log has none          */
    double vin;                 /* [V], 0 when the log has none           */
    double dt;                  /* 0 when the log has none (raw logs)     */
    char motor[64], trajectory[64];
    size_t n;                   /* entries                                */
    double *timestamp;          /* [s], strictly increasing               */
    double *position;           /* [rad]                                  */
    double *goal_position;      /* [rad]                                  */
    double *speed;              /* [rad/s] when has_speed                 */
    int has_speed;              /* every entry has "speed" (else none has) */
    double *input_volts;        /* [V], NAN where absent                  */
    int *torque_enable;         /* 0 or 1                                 */
} cli_log;

/* Reads and checks a log. CLI_OK, or CLI_USAGE after printing one message
 * naming the file, the entry or key, and the problem. */
int cli_log_read(const char *path, cli_log *log);
void cli_log_free(cli_log *log);

#endif
