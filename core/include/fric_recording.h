/*
 * fric_recording.h: a robot's recording as the identification reads it (per
 * frame the time; per joint the goal sent and the position measured, in the
 * MJCF's radians) and its readers (core/io/io_recording.c), in every build:
 *   - the check of a recording handed over as arrays (the Node tool and the
 *     page hand over the rows of a LeRobot dataset, converted below), run
 *     once when it is prepared: every door refuses with the same sentences;
 *   - the plain CSV `t, goal_<joint>, pos_<joint>` (t [s], angles [rad]),
 *     read from a text (the native tool's `friction recording`);
 *   - LeRobot's units (lerobot motors_bus.py, _normalize and _unnormalize)
 *     converted to raw servo counts and the counts to the MJCF's angle, so a
 *     dataset's value reaches the MJCF through the counts the servo reported.
 * Errors as io's (fric_io.h "Errors"): a fric_status (FRIC_E_LOG_INVALID for
 * a recording, FRIC_E_FILE, FRIC_E_NO_MEMORY) with fric_io_error filled, one
 * sentence "recording SOURCE: …" with a sentence id (the page's tables).
 */
#ifndef FRIC_RECORDING_H
#define FRIC_RECORDING_H

#include <stddef.h>

#include "fric_io.h"
#include "fric_status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Most joints a recording holds (the SO-101 has 6; a bimanual arm 12). */
#define FRIC_REC_MAX_JOINTS 32
/* A joint's name with its NUL [bytes]. */
#define FRIC_REC_NAME_LEN 64
/* The fewest frames a recording may have (a replay interpolates between two). */
#define FRIC_REC_MIN_FRAMES 2
/* A step longer than FRIC_REC_GAP nominal periods is frames dropped: one
 * dropped frame makes a step of 2 periods, the jitter of a 30 Hz record loop
 * stays well below half a period. */
#define FRIC_REC_GAP 1.5
/* Largest |angle| of a recording [rad]: two turns. A position servo in its
 * position mode stays within one turn (4096 counts); degrees read as radians
 * pass it at once (a joint at 30° reads 30 rad). */
#define FRIC_REC_ANGLE_MAX 12.566370614359172
/* Counts a turn of the STS3215's encoder (Feetech's table, lerobot
 * feetech/tables.py MODEL_RESOLUTION "sts3215": 4096). */
#define FRIC_REC_COUNTS_PER_TURN 4096.0

/* A recording: frame k at t[k] [s], joint j's goal and measured position at
 * goal[k·joints + j], pos[k·joints + j] [rad]. The arrays belong to whoever
 * filled it (fric_recording_create_from_csv: free with fric_recording_destroy). */
typedef struct fric_recording {
    size_t n;                                    /* frames                      */
    int joints;                                  /* 1 .. FRIC_REC_MAX_JOINTS    */
    char name[FRIC_REC_MAX_JOINTS][FRIC_REC_NAME_LEN]; /* the joints' names     */
    double period;        /* the nominal frame period [s] (1/fps); 0: none
                             given, the check estimates it from the steps      */
    const double *t;      /* [n] s, strictly increasing                        */
    const double *goal;   /* [n·joints] rad                                    */
    const double *pos;    /* [n·joints] rad                                    */
    void *storage_;       /* owned memory (fric_recording_create_from_csv)     */
} fric_recording;

/* What the check found: the summary every door prints. */
typedef struct fric_recording_info {
    double frames;        /* frames [-] (a double: it crosses to JavaScript)   */
    int joints;           /* joints [-]                                        */
    double duration;      /* t[n−1] − t[0] [s]                                 */
    double period;        /* the nominal period [s]: as given, or the mean of
                             the steps no longer than FRIC_REC_GAP times the
                             mean step (so dropped frames do not lengthen it)  */
    double rate;          /* 1/period [Hz]                                     */
} fric_recording_info;
/* The fields of fric_recording_info, X(field, unit). */
#define FRIC_RECORDING_INFO_FIELDS(X) \
    X(frames, "") X(joints, "") X(duration, "s") X(period, "s") X(rate, "Hz")

/* Checks r, once, before anything uses it: 1 .. FRIC_REC_MAX_JOINTS joints
 * with distinct names of 1 .. FRIC_REC_NAME_LEN − 1 bytes; at least
 * FRIC_REC_MIN_FRAMES frames; every t, goal and pos finite; |goal|, |pos|
 * <= FRIC_REC_ANGLE_MAX; t strictly increasing; a period given finite and
 * > 0 (or 0); no step longer than FRIC_REC_GAP nominal periods (frames
 * dropped: the sentence says between which frames and times). source names
 * the recording in the sentence ("recording SOURCE: …"). FRIC_OK with info
 * (may be NULL) filled, or FRIC_E_LOG_INVALID with err (may be NULL) filled
 * (field: "t", "goal_<joint>", "pos_<joint>", …; entry: the frame, −1 for
 * none) and recorded. */
fric_status fric_recording_check(const fric_recording *r, const char *source,
                                 fric_recording_info *info, fric_io_error *err);

/* Reads the CSV text[len] (need not be NUL-terminated) into *r and checks it
 * (fric_recording_check, period 0: estimated): a header line `t`, then for
 * each joint `goal_<joint>` and `pos_<joint>` in any order (the joints in
 * the order of their first column), then one line per frame with as many
 * numbers; CRLF or LF; blank lines at the end ignored. A missing goal_/pos_
 * column of a joint, a column of another name, a repeated column, a line of
 * another count of fields or a field that is not a number is refused, naming
 * the line and column. len is checked against FRIC_IO_KIND_RECORDING's limit
 * first. FRIC_OK, or a status (FRIC_E_LOG_INVALID, FRIC_E_FILE for a text
 * over the limit, FRIC_E_NO_MEMORY) with err (may be NULL) filled. Free with
 * fric_recording_destroy, also after an error. */
fric_status fric_recording_create_from_csv(const char *text, size_t len, const char *source,
                                           fric_recording *r, fric_recording_info *info,
                                           fric_io_error *err);
void fric_recording_destroy(fric_recording *r);

/* Reads the CSV file at path (its size checked first, FRIC_IO_KIND_RECORDING,
 * before a byte is read) as fric_recording_create_from_csv. Native. */
fric_status fric_recording_read(const char *path, fric_recording *r, fric_recording_info *info,
                                fric_io_error *err);

/* ------------------------------------------------------- LeRobot's units */
/* How LeRobot writes a motor's position (lerobot motors_bus.py, MotorNormMode). */
typedef enum fric_lerobot_unit {
    FRIC_LEROBOT_DEGREES = 0,        /* (raw − (min+max)/2)·360/4095          */
    FRIC_LEROBOT_RANGE_M100_100,     /* (raw − min)/(max − min)·200 − 100      */
    FRIC_LEROBOT_RANGE_0_100,        /* (raw − min)/(max − min)·100 (grippers) */
    FRIC_LEROBOT_UNIT_COUNT
} fric_lerobot_unit;

/* "DEGREES", "RANGE_M100_100", "RANGE_0_100" (LeRobot's names); NULL out of range. */
const char *fric_lerobot_unit_name(int unit);

/* One motor of a dataset: its unit, LeRobot's calibration of it (the JSON
 * LeRobot keeps outside the dataset: range_min, range_max, drive_mode) and
 * the mapping of its raw counts to the MJCF joint's angle,
 *     q = sign·(raw − raw_zero)·2π/FRIC_REC_COUNTS_PER_TURN   [rad]. */
typedef struct fric_lerobot_motor {
    int unit;             /* fric_lerobot_unit                                 */
    double range_min;     /* calibration range_min [count], 0 .. 4095          */
    double range_max;     /* calibration range_max [count], > range_min, <= 4095 */
    int drive_mode;       /* calibration drive_mode: 0, or 1 (LeRobot negates
                             RANGE_M100_100 and takes 100 − v in RANGE_0_100;
                             DEGREES ignores it)                               */
    double sign;          /* +1 or −1: the MJCF joint's direction against the
                             servo's counts                                    */
    double raw_zero;      /* the raw count at the MJCF's q = 0 [count] (2047 for
                             the SO-101's so101_new_calib, the middle of the
                             range LeRobot's calibration centres)              */
} fric_lerobot_motor;
/* The fields of fric_lerobot_motor, X(field, unit). */
#define FRIC_LEROBOT_MOTOR_FIELDS(X) \
    X(unit, "") X(range_min, "count") X(range_max, "count") X(drive_mode, "") X(sign, "") \
    X(raw_zero, "count")

/* Checks m once, before the conversions below use it: a unit of
 * fric_lerobot_unit, 0 <= range_min < range_max <= 4095, drive_mode 0 or 1,
 * sign ±1, raw_zero finite in 0 .. 4095. joint names the motor and source
 * the calibration in the sentence. FRIC_OK, or FRIC_E_PARAM_RANGE with the
 * field's index in FRIC_LEROBOT_MOTOR_FIELDS (0 unit, …, 5 raw_zero). */
fric_status fric_lerobot_motor_check(const fric_lerobot_motor *m, const char *joint,
                                     const char *source);

/* A value v in m's unit → the raw count [count] (the inverse of LeRobot's
 * _normalize, unclamped: a RANGE value at ±100 may be a clipped one):
 *   DEGREES:        raw = v·4095/360 + (min + max)/2
 *   RANGE_M100_100: raw = (v' + 100)/200·(max − min) + min, v' = −v if drive_mode
 *   RANGE_0_100:    raw = v'/100·(max − min) + min,          v' = 100 − v if drive_mode
 * and back. m checked (fric_lerobot_motor_check); no check here. */
double fric_lerobot_raw_of(const fric_lerobot_motor *m, double v);
double fric_lerobot_value_of(const fric_lerobot_motor *m, double raw);
/* A raw count → the MJCF angle q = sign·(raw − raw_zero)·2π/4096 [rad], and back. */
double fric_lerobot_rad_of_raw(const fric_lerobot_motor *m, double raw);
double fric_lerobot_raw_of_rad(const fric_lerobot_motor *m, double q);
/* A value in m's unit → the MJCF angle [rad] (through the raw count). */
double fric_lerobot_rad_of(const fric_lerobot_motor *m, double v);

#ifdef __cplusplus
}
#endif

#endif
