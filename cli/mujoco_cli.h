/*
 * mujoco_cli.h: what the files of `friction mujoco` share (built with
 * MuJoCo only): mujoco.c (the run, the log replay), mujoco_native.c (a
 * native file's replay), mujoco_files.c (the MJCF's files read before
 * MuJoCo, MuJoCo's warnings), mujoco_adopt.c
 * (--adopt: a robot with identified servos) and mujoco_report.c (the
 * adoption's report and its per-joint table).
 */
#ifndef FRIC_CLI_MUJOCO_H
#define FRIC_CLI_MUJOCO_H

#include "fric_mujoco.h"
#include "fric_robot.h"

/* A servo's label in the report and the table ("sts3215 M1 (@fit)"). */
#define CLI_ADOPT_LABEL 96

/* The model's MJCF (and its includes, and the assets they name: the core's
 * file plan, fric_mjcf_plan) checked and sized before mj_loadXML reads
 * them: CLI_OK, or the code after one sentence. */
int cli_mjcf_check(const char *model);

/* MuJoCo's warnings kept since the last call said on stderr (the first,
 * with a count), once the command has not refused. */
void cli_mujoco_say_warnings(void);

/* MuJoCo's warnings kept and its errors said in one line, exit 1
 * (mju_user_warning, mju_user_error), for the whole command. */
void cli_mujoco_catch(void);

/* friction mujoco --params NATIVE.json --log LOG.json ... (mujoco_native.c):
 * params the native file argv names. */
int cli_mujoco_native(int argc, char **argv, const char *params);

/* friction mujoco MODEL.xml --adopt MAPPING ... (mujoco_adopt.c). */
int cli_mujoco_adopt(int argc, char **argv);

/* x with 4 significant digits, no "-0" (the report and the table). */
const char *cli_num4(char *buf, double x);

/* The adoption report (mujoco_report.c): per adopted joint what it lost and
 * gained, MuJoCo's own copy's caution (unstable), the notes. */
void cli_adopt_report(const fric_robot *r, char labels[][CLI_ADOPT_LABEL], const char *unstable);

/* The per-joint table after the run (fric_robot_row_of, copy C). */
void cli_adopt_table(const fric_robot *r, const mjModel *m, const mjData *d, char labels[][CLI_ADOPT_LABEL]);

#endif
