/*
 * test_recording.c: a robot's recording (fric_recording.h): LeRobot's units
 * against hand-computed values, the CSV reader against hand-written texts and
 * the values of ../shared/data/robot_ident/T0/recipe.csv copied from the file
 * by hand, and each refusal of the check (one sentence naming what and where).
 *
 * References, independent of the code: LeRobot's formulas (motors_bus.py)
 * worked by hand on calibrations chosen so that the results are exact
 * fractions of π: range 1023 … 3071 (mid 2047, half-width 1024 counts = a
 * quarter turn) with raw_zero 2047, so RANGE_M100_100's ±100 is ±π/2;
 * DEGREES' 90° is 90·4095/360 = 1023.75 counts from the mid, π/2·1023.75/1024.
 */
#define _POSIX_C_SOURCE 200809L
#include "test_main.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fric_recording.h"
#include "status_expect.h"

#define T0 "../shared/data/robot_ident/T0"
#define HALF_PI 1.5707963267948966

static const fric_lerobot_motor quarter = { FRIC_LEROBOT_RANGE_M100_100, 1023, 3071, 0, 1, 2047 };

static void units_by_hand(void **state)
{
    (void)state;
    fric_lerobot_motor m = quarter;
    assert_int_equal(fric_lerobot_motor_check(&m, "j", "cal.json"), FRIC_OK);
    /* RANGE_M100_100: (v + 100)/200·2048 + 1023 */
    assert_true(fabs(fric_lerobot_raw_of(&m, 100) - 3071) < 1e-12);
    assert_true(fabs(fric_lerobot_raw_of(&m, -100) - 1023) < 1e-12);
    assert_true(fabs(fric_lerobot_raw_of(&m, -50) - 1535) < 1e-12);
    assert_true(fabs(fric_lerobot_rad_of(&m, 100) - HALF_PI) < 1e-15);
    assert_true(fabs(fric_lerobot_rad_of(&m, 0)) < 1e-15);
    assert_true(fabs(fric_lerobot_rad_of(&m, -50) + HALF_PI / 2) < 1e-15);
    /* drive_mode 1 negates the value */
    m.drive_mode = 1;
    assert_true(fabs(fric_lerobot_rad_of(&m, 100) + HALF_PI) < 1e-15);
    /* the MJCF's sign */
    m.drive_mode = 0;
    m.sign = -1;
    assert_true(fabs(fric_lerobot_rad_of(&m, 100) + HALF_PI) < 1e-15);
    /* DEGREES: 90° is 1023.75 counts from the mid 2047 */
    m.sign = 1;
    m.unit = FRIC_LEROBOT_DEGREES;
    assert_true(fabs(fric_lerobot_raw_of(&m, 90) - 3070.75) < 1e-12);
    assert_true(fabs(fric_lerobot_rad_of(&m, 90) - HALF_PI * 1023.75 / 1024) < 1e-15);
    /* DEGREES does not use drive_mode (motors_bus.py) */
    m.drive_mode = 1;
    assert_true(fabs(fric_lerobot_rad_of(&m, 90) - HALF_PI * 1023.75 / 1024) < 1e-15);
    /* RANGE_0_100 (the gripper of T0's calibration: 1954 … 3173): 50 → 2563.5;
       drive_mode 1: 100 − v, so 25 → the raw of 75 = 0.75·1219 + 1954 = 2868.25 */
    const fric_lerobot_motor g = { FRIC_LEROBOT_RANGE_0_100, 1954, 3173, 0, -1, 2047 };
    assert_true(fabs(fric_lerobot_raw_of(&g, 50) - 2563.5) < 1e-12);
    assert_true(fabs(fric_lerobot_rad_of(&g, 50) - (-516.5 * 4 * HALF_PI / 4096)) < 1e-15);
    fric_lerobot_motor g1 = g;
    g1.drive_mode = 1;
    assert_true(fabs(fric_lerobot_raw_of(&g1, 25) - 2868.25) < 1e-12);
    /* and back, each way */
    const fric_lerobot_motor *all[] = { &quarter, &g, &g1, &m };
    for (size_t i = 0; i < 4; i++)
        for (double v = -80; v <= 80; v += 16.5) {
            const double raw = fric_lerobot_raw_of(all[i], v);
            assert_true(fabs(fric_lerobot_value_of(all[i], raw) - v) < 1e-12);
            assert_true(fabs(fric_lerobot_raw_of_rad(all[i], fric_lerobot_rad_of_raw(all[i], raw)) - raw) < 1e-9);
        }
    assert_string_equal(fric_lerobot_unit_name(FRIC_LEROBOT_RANGE_M100_100), "RANGE_M100_100");
    assert_null(fric_lerobot_unit_name(FRIC_LEROBOT_UNIT_COUNT));
}

static void motor_refusals(void **state)
{
    (void)state;
    fric_lerobot_motor m = quarter;
    m.range_max = 1000;       /* below range_min */
    REFUSE(fric_lerobot_motor_check(&m, "elbow_flex", "cal.json"), FRIC_E_PARAM_RANGE, 2, "range_max");
    assert_non_null(strstr(fric_status_last().message, "elbow_flex"));
    m = quarter;
    m.unit = 3;
    REFUSE(fric_lerobot_motor_check(&m, "j", "cal.json"), FRIC_E_PARAM_RANGE, 0, "unit");
    m = quarter;
    m.drive_mode = 2;
    REFUSE(fric_lerobot_motor_check(&m, "j", "cal.json"), FRIC_E_PARAM_RANGE, 3, "drive_mode");
    m = quarter;
    m.sign = 0.5;
    REFUSE(fric_lerobot_motor_check(&m, "j", "cal.json"), FRIC_E_PARAM_RANGE, 4, "sign");
    m = quarter;
    m.raw_zero = NAN;
    REFUSE(fric_lerobot_motor_check(&m, "j", "cal.json"), FRIC_E_PARAM_RANGE, 5, "raw_zero");
    REFUSE(fric_lerobot_motor_check(NULL, "j", "cal.json"), FRIC_E_NULL, -1, "j");
}

/* a CSV text's refusal: the status, the id and a word of the sentence */
static void csv_refused(const char *text, fric_status code, const char *id, const char *word)
{
    fric_recording r;
    fric_io_error err;
    fric_status st = fric_recording_create_from_csv(text, strlen(text), "x.csv", &r, NULL, &err);
    fric_recording_destroy(&r);
    if (st != code || strcmp(fric_status_last().id, id) != 0 || !strstr(err.message, word)
        || strncmp(err.message, "recording x.csv: ", 17) != 0)
        fail_msg("%s: status %d, id %s, message %s (wanted %d, %s, \"%s\")", text, st,
                 fric_status_last().id, err.message, code, id, word);
    assert_string_equal(err.message, fric_status_last().message);
}

static void csv_by_hand(void **state)
{
    (void)state;
    const char *text = "t, goal_b, pos_b, pos_a, goal_a\r\n"
                       "0, 0.5, 0.25, -1, 1e-3\r\n"
                       "0.1, 0.5, 0.3, -1.5, 2\r\n"
                       "0.2, -0.5, 0.35, -2, 3\r\n"
                       "\r\n\n";
    fric_recording r;
    fric_recording_info info;
    fric_io_error err;
    assert_int_equal(fric_recording_create_from_csv(text, strlen(text), "hand.csv", &r, &info, &err), FRIC_OK);
    assert_int_equal(r.joints, 2);
    assert_string_equal(r.name[0], "b");
    assert_string_equal(r.name[1], "a");
    assert_int_equal(r.n, 3);
    const double t[] = { 0, 0.1, 0.2 };
    const double goal[] = { 0.5, 1e-3, 0.5, 2, -0.5, 3 }, pos[] = { 0.25, -1, 0.3, -1.5, 0.35, -2 };
    for (int k = 0; k < 3; k++) assert_true(r.t[k] == t[k]);
    for (int i = 0; i < 6; i++) assert_true(r.goal[i] == goal[i] && r.pos[i] == pos[i]);
    assert_true(info.frames == 3 && info.joints == 2);
    assert_true(fabs(info.duration - 0.2) < 1e-15 && fabs(info.period - 0.1) < 1e-15);
    assert_true(fabs(info.rate - 10) < 1e-12);
    fric_recording_destroy(&r);
}

static void csv_refusals(void **state)
{
    (void)state;
    const char *H = "t,goal_a,pos_a\n";
    char buf[512];
    csv_refused("", FRIC_E_LOG_INVALID, "rec.csv_empty", "header");
    csv_refused("time,goal_a,pos_a\n0,0,0\n1,0,0\n", FRIC_E_LOG_INVALID, "rec.csv_t", "\"time\"");
    csv_refused("t,goal_a,pos_a,speed_a\n0,0,0,0\n", FRIC_E_LOG_INVALID, "rec.csv_column", "\"speed_a\"");
    csv_refused("t,goal_a,pos_a,goal_b\n0,0,0,0\n", FRIC_E_LOG_INVALID, "rec.csv_pair", "no pos_b");
    csv_refused("t,goal_a,pos_a,goal_a\n0,0,0,0\n", FRIC_E_LOG_INVALID, "rec.csv_twice", "\"goal_a\"");
    csv_refused("t\n0\n1\n", FRIC_E_LOG_INVALID, "rec.csv_no_joint", "goal_<joint>");
    snprintf(buf, sizeof buf, "%s0,0,0\n0.1,0,0,7\n", H);
    csv_refused(buf, FRIC_E_LOG_INVALID, "rec.csv_fields", "line 3 has 4 fields");
    snprintf(buf, sizeof buf, "%s0,0,0\n0.1,0,x1\n", H);
    csv_refused(buf, FRIC_E_LOG_INVALID, "rec.csv_number", "line 3, column 3 (pos_a): \"x1\"");
    snprintf(buf, sizeof buf, "%s0,0,0\n\n0.1,0,0\n", H);
    csv_refused(buf, FRIC_E_LOG_INVALID, "rec.csv_blank", "line 3");
    {
        /* a NUL byte in a field: refused, not read as the number before it */
        static const char nul[] = "t,goal_a,pos_a\n0,0,0\n0.1,0,1\0x\n";
        fric_recording r;
        fric_io_error err;
        assert_int_equal(fric_recording_create_from_csv(nul, sizeof nul - 1, "x.csv", &r, NULL, &err), FRIC_E_LOG_INVALID);
        fric_recording_destroy(&r);
        assert_string_equal(fric_status_last().id, "rec.csv_nul");
        assert_non_null(strstr(err.message, "line 3 holds a NUL byte"));
    }
    /* the check's refusals, through the CSV door */
    snprintf(buf, sizeof buf, "%s0,0,0\n", H);
    csv_refused(buf, FRIC_E_LOG_INVALID, "rec.too_few", "1 frames");
    snprintf(buf, sizeof buf, "%s0,0,0\n0.1,nan,0\n0.2,0,0\n", H);
    csv_refused(buf, FRIC_E_LOG_INVALID, "rec.not_finite", "frame 1 (t = 0.1 s): goal_a = nan");
    snprintf(buf, sizeof buf, "%s0,0,0\n0.1,0,inf\n0.2,0,0\n", H);
    csv_refused(buf, FRIC_E_LOG_INVALID, "rec.not_finite", "pos_a = inf");
    snprintf(buf, sizeof buf, "%s0,0,0\n0.1,0,0\n0.1,0,0\n", H);
    csv_refused(buf, FRIC_E_LOG_INVALID, "rec.t_order", "frame 2: t = 0.1 s is not after frame 1's 0.1 s");
    snprintf(buf, sizeof buf, "%s0,0,0\n0.1,0,0\n0.05,0,0\n", H);
    csv_refused(buf, FRIC_E_LOG_INVALID, "rec.t_order", "frame 2");
    /* degrees given as radians: 30 "rad" */
    snprintf(buf, sizeof buf, "%s0,0,0\n0.1,30,0\n", H);
    csv_refused(buf, FRIC_E_LOG_INVALID, "rec.angle", "goal_a = 30 rad");
    /* one frame dropped at 30 Hz: frames 0..9, then 11 (the step 2/30 s is 2 periods) */
    char *p = buf + snprintf(buf, sizeof buf, "%s", H);
    for (int k = 0; k < 20; k++)
        if (k != 10) p += snprintf(p, sizeof buf - (size_t)(p - buf), "%.6f,0,0\n", k / 30.0);
    fric_recording r;
    fric_io_error err;
    assert_int_equal(fric_recording_create_from_csv(buf, strlen(buf), "drop.csv", &r, NULL, &err), FRIC_E_LOG_INVALID);
    fric_recording_destroy(&r);
    assert_string_equal(fric_status_last().id, "rec.gap");
    assert_non_null(strstr(err.message, "between frame 9 (t = 0.3 s) and frame 10 (t = 0.366667 s)"));
    assert_non_null(strstr(err.message, "2 nominal periods of 0.0333333 s"));
    assert_int_equal(err.entry, 10);
    assert_int_equal(err.code, FRIC_IO_DT);
}

static void check_refusals(void **state)
{
    (void)state;
    const double t[3] = { 0, 0.1, 0.2 }, q[6] = { 0 };
    fric_recording r = { .n = 3, .joints = 2, .t = t, .goal = q, .pos = q };
    strcpy(r.name[0], "a");
    strcpy(r.name[1], "b");
    fric_recording_info info;
    fric_io_error err;
    assert_int_equal(fric_recording_check(&r, "ds", &info, &err), FRIC_OK);
    /* a period given: the rate is the dataset's fps */
    r.period = 0.1;
    assert_int_equal(fric_recording_check(&r, "ds", &info, &err), FRIC_OK);
    assert_true(info.rate == 10);
    /* a step of 1.6 periods of a given period 0.0625 s */
    r.period = 0.0625;
    assert_int_equal(fric_recording_check(&r, "ds", &info, &err), FRIC_E_LOG_INVALID);
    assert_string_equal(fric_status_last().id, "rec.gap");
    assert_non_null(strstr(err.message, "1.6 nominal periods"));
    r.period = -1;
    assert_int_equal(fric_recording_check(&r, "ds", &info, &err), FRIC_E_LOG_INVALID);
    assert_string_equal(fric_status_last().id, "rec.period");
    r.period = 0;
    strcpy(r.name[1], "a");
    assert_int_equal(fric_recording_check(&r, "ds", &info, &err), FRIC_E_LOG_INVALID);
    assert_string_equal(fric_status_last().id, "rec.name_twice");
    r.joints = 0;
    assert_int_equal(fric_recording_check(&r, "ds", &info, NULL), FRIC_E_LOG_INVALID);
    assert_string_equal(fric_status_last().id, "rec.joints");
    assert_int_equal(fric_recording_check(NULL, "ds", &info, NULL), FRIC_E_LOG_INVALID);
    /* a CSV over the limit: the size sentence, before a byte is read */
    assert_int_equal(fric_recording_create_from_csv("t", (size_t)FRIC_IO_MAX_RECORDING_BYTES + 1, "big.csv",
                                                    &r, NULL, &err), FRIC_E_FILE);
    assert_string_equal(fric_status_last().id, "size.recording");
    assert_non_null(strstr(err.message, "recording big.csv: the file is 64.0 MiB (67108865 bytes)"));
    assert_true(fric_io_max_bytes(FRIC_IO_KIND_RECORDING) == 67108864ULL);    /* 64 MiB */
    assert_true(fric_io_max_bytes(FRIC_IO_KIND_DATASET) == 268435456ULL);     /* 256 MiB */
    assert_int_equal(fric_io_check_size(FRIC_IO_KIND_DATASET, 1073741824ULL, "data/chunk-000/file-000.parquet", &err),
                     FRIC_E_FILE);
    assert_string_equal(fric_status_last().id, "size.dataset");
    assert_non_null(strstr(err.message, "dataset data/chunk-000/file-000.parquet: the file is 1024.0 MiB"));
}

/* T0's recipe.csv: 3562 frames (its LeRobot copy's info.json total_frames),
 * the first and last rows as the file has them */
static void t0_recipe(void **state)
{
    (void)state;
    fric_recording r;
    fric_recording_info info;
    fric_io_error err;
    fric_status st = fric_recording_read(T0 "/recipe.csv", &r, &info, &err);
    if (st == FRIC_E_FILE && err.code == FRIC_IO_FILE && !getenv("CI")) {
        fric_recording_destroy(&r);
        skip();
    }
    assert_int_equal(st, FRIC_OK);
    assert_int_equal(r.n, 3562);
    assert_int_equal(r.joints, 6);
    const char *names[] = { "shoulder_pan", "shoulder_lift", "elbow_flex", "wrist_flex", "wrist_roll", "gripper" };
    for (int j = 0; j < 6; j++) assert_string_equal(r.name[j], names[j]);
    /* row 2: 0.033333,0,0.300660234,-0.199417502,0,0,0.199417502,-0,0.306796158,-0.194815560,0,0,0.199417502 */
    assert_true(r.t[1] == 0.033333);
    assert_true(r.goal[6 + 1] == 0.300660234 && r.goal[6 + 2] == -0.199417502 && r.goal[6 + 5] == 0.199417502);
    assert_true(r.pos[6 + 1] == 0.306796158 && r.pos[6 + 2] == -0.194815560);
    /* the last row: t 118.7 (3561/30), pos_shoulder_lift 0.397301024 */
    assert_true(r.t[3561] == 118.7);
    assert_true(r.pos[3561 * 6 + 1] == 0.397301024);
    assert_true(fabs(info.duration - 118.7) < 1e-12);
    assert_true(fabs(info.rate - 30) < 1e-3);
    fric_recording_destroy(&r);
    /* a path that is not there */
    assert_int_equal(fric_recording_read("/nonexistent/x.csv", &r, &info, &err), FRIC_E_FILE);
    assert_non_null(strstr(err.message, "recording /nonexistent/x.csv: "));
    fric_recording_destroy(&r);
}

FRIC_TEST_MAIN(cmocka_unit_test(units_by_hand), cmocka_unit_test(motor_refusals),
               cmocka_unit_test(csv_by_hand), cmocka_unit_test(csv_refusals),
               cmocka_unit_test(check_refusals), cmocka_unit_test(t0_recipe))
