/*
 * fric_io.h: io, the one reader of the files the explorer reads: BAM
 * pendulum logs (shared/data/bam/logs/<actuator>/{raw,processed}/NAME.json)
 * and BAM parameter files (shared/data/bam/params/<actuator>/m<k>.json).
 *
 * Two parts:
 *   - the JSON-free part (io_log.c, io_params.c), in every build (native and
 *     wasm): the rules. It validates a log handed over as plain arrays (each
 *     value with its JSON kind), resamples a log, carries the keys of a
 *     params file the core does not model and writes a params file;
 *   - the JSON front end (io_json.c), native only: reads a file with cJSON
 *     (Debian's libcjson-dev, link with -lcjson) into those plain arrays, and
 *     walks a params file key by key (fric_io_params_walk). In the browser
 *     JSON.parse does the same in wasm/friction.js.
 * io knows no scenario: a params key goes to a scenario's parameter (the
 * scenario's table is the one range table, as `friction run`) in the bench
 * (fric_bench.h, core/system/bench/bench_params.c), which calls io.
 * So a log is accepted or refused by the same C code, with the same
 * message, on both paths.
 *
 * The log rules (both paths):
 *   header: mass [kg] > 0, length [m] > 0, kp >= 0 (numbers, required);
 *     vin [V] >= 0, dt [s] in (0, 1], arm_mass [kg] >= 0 (numbers, optional,
 *     0 when absent; dt absent = a raw log, resampled at
 *     FRIC_IO_RESAMPLE_DT); motor, trajectory (strings, optional);
 *     comment (string, optional, read and not used: where the log comes
 *     from, e.g. the simulated sample of samples/README.md says so there);
 *     entries (array of objects, required, >= FRIC_IO_LOG_MIN_ENTRIES).
 *   entries: timestamp [s], position [rad], goal_position [rad] (numbers)
 *     and torque_enable (true/false) are required in every entry: a missing
 *     torque_enable is an error, never a default; speed [rad/s] is in every
 *     entry or in none; input_volts [V], load, temp are optional numbers.
 *     Every number is finite; |position|, |goal_position| <= FRIC_IO_ANGLE_MAX.
 *   timestamps strictly increase; with a header dt they follow it:
 *     |t_k − t_0 − k·dt| <= FRIC_IO_DT_TOL·dt for every k.
 *   Any other key is an error (typos are caught, not ignored).
 */
#ifndef FRIC_IO_H
#define FRIC_IO_H

#include <stddef.h>
#include <stdio.h>

#include "fric_servo.h"
#include "fric_status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Step a raw log is resampled to, as the reference does (Rhoban/bam
 * process.py --dt) [s]. */
#define FRIC_IO_RESAMPLE_DT 0.005
/* The fewest entries a log may have (a replay interpolates between two). */
#define FRIC_IO_LOG_MIN_ENTRIES 2
/* Largest |angle| accepted in a log [rad]: a one-joint pendulum log stays
 * within a few turns; 1e4 rad keeps every difference and interpolation
 * finite (±1e308 would overflow q2 − q1) and exact to ~1e-12 rad. */
#define FRIC_IO_ANGLE_MAX 1e4
/* Tolerance of the timestamps of a processed log against its dt, relative
 * to dt: |t_k − t_0 − k·dt| <= 1e-3·dt (5 µs at 5 ms). A dropped or doubled
 * sample (an error of one dt) is refused; the rounding of timestamps written
 * with 6 or more significant digits is not. */
#define FRIC_IO_DT_TOL 1e-3
/* Step a raw log is resampled to [s]: the reference's (Rhoban/bam
 * bam/process.py --dt). io owns it; the bench's replay and the fit use it
 * through fric_io_log_step. */
#define FRIC_IO_RESAMPLE_DT 0.005
/* Most samples a raw log may resample to (5.8 days at 5 ms). */
#define FRIC_IO_MAX_SAMPLES 100000000.0

/* Errors. Every fallible io call returns a fric_status (fric_status.h) and
 * records it as the thread's last failure (fric_status_last, with the same
 * message as err->message), and fills the fric_io_error below with the
 * detail: the kind of problem (fric_io_code), the field, the log entry
 * index and the line/column of a syntax error. The status follows the kind
 * and what was read:
 *   FRIC_IO_FILE   → FRIC_E_FILE            (cannot open or read the file,
 *                                            or it is not a regular file)
 *   FRIC_IO_MEMORY → FRIC_E_NO_MEMORY       (an allocation failed while
 *                                            reading, cJSON's too: "out of
 *                                            memory reading log PATH; ...",
 *                                            never a syntax error)
 *   any other kind → FRIC_E_LOG_INVALID     (a log)
 *                    FRIC_E_PARAMS_INVALID  (a parameter file; param: the
 *                                            index of the key in the
 *                                            scenario's params[], −1 when
 *                                            the key is none)
 * For a log, fric_status_last().param is −1: the field and the entry are
 * in fric_io_error. err may be NULL where a call says so. */

/* What is wrong with a file: the kind of an io error. */
typedef enum fric_io_code {
    FRIC_IO_OK = 0,
    FRIC_IO_FILE,         /* the file cannot be opened or read              */
    FRIC_IO_SYNTAX,       /* not JSON (line, col say where)                 */
    FRIC_IO_NOT_OBJECT,   /* JSON, but the document is not an object        */
    FRIC_IO_MISSING,      /* a required field is absent                      */
    FRIC_IO_TYPE,         /* a field of the wrong JSON type                  */
    FRIC_IO_UNKNOWN_KEY,  /* a key the format does not have                  */
    FRIC_IO_RANGE,        /* a value not finite or outside its range         */
    FRIC_IO_TOO_FEW,      /* fewer entries than FRIC_IO_LOG_MIN_ENTRIES      */
    FRIC_IO_ORDER,        /* a timestamp not after the previous one          */
    FRIC_IO_DT,           /* a timestamp contradicting the header's dt       */
    FRIC_IO_SPEED_MIXED,  /* speed in some entries and not in others         */
    FRIC_IO_MEMORY        /* out of memory                                   */
} fric_io_code;

/* The kind's name, as the JS wrapper passes it on ("missing", "dt", ...). */
const char *fric_io_code_name(fric_io_code code);

/* An error: its kind, where, and one sentence naming the file (source), the
 * field and entry, and what is wrong. */
typedef struct fric_io_error {
    fric_io_code code;   /* the kind (the returned fric_status says less)   */
    char field[40];      /* the key at fault, "" when none                   */
    long entry;          /* the entry index at fault, -1 for the header      */
    long line, col;      /* 1-based position of a syntax error, else 0       */
    char message[400];
} fric_io_error;
/* The fields of fric_io_error, X(field, unit). */
#define FRIC_IO_ERROR_FIELDS(X) \
    X(code, "") X(field, "") X(entry, "") X(line, "") X(col, "") X(message, "")

/* JSON kinds, as both front ends see a value. */
typedef enum fric_io_kind {
    FRIC_IO_ABSENT = 0, FRIC_IO_NUMBER, FRIC_IO_BOOL, FRIC_IO_STRING, FRIC_IO_ARRAY,
    FRIC_IO_OBJECT, FRIC_IO_NULL
} fric_io_kind;

/* Header fields, in this order everywhere (JS passes them so). */
enum {
    FRIC_IO_H_MASS, FRIC_IO_H_LENGTH, FRIC_IO_H_KP, FRIC_IO_H_VIN, FRIC_IO_H_DT,
    FRIC_IO_H_ARM_MASS, FRIC_IO_H_DAMPING, FRIC_IO_H_MAX_AMPS, FRIC_IO_H_MOTOR, FRIC_IO_H_TRAJECTORY, FRIC_IO_H_ENTRIES,
    FRIC_IO_H_COMMENT, FRIC_IO_H_COUNT
};
/* Entry fields, in this order everywhere. */
enum {
    FRIC_IO_E_TIMESTAMP, FRIC_IO_E_POSITION, FRIC_IO_E_GOAL, FRIC_IO_E_ENABLE,
    FRIC_IO_E_SPEED, FRIC_IO_E_VOLTS, FRIC_IO_E_LOAD, FRIC_IO_E_TEMP, FRIC_IO_E_COUNT
};
/* The JSON key of header field i / entry field i. */
const char *fric_io_log_header_key(int i);
const char *fric_io_log_entry_key(int i);

/* A log as a front end hands it over: values with their JSON kinds. Column
 * f of the entries is value[f·n .. f·n + n − 1] (booleans as 0/1). */
typedef struct fric_io_log_raw {
    fric_io_kind root;                      /* kind of the document         */
    unsigned char head_kind[FRIC_IO_H_COUNT];
    double head[FRIC_IO_H_MOTOR];           /* the numeric header fields    */
    const char *motor, *trajectory;         /* NULL when absent             */
    size_t n;                               /* entries                      */
    const unsigned char *entry_kind;        /* [n]: kind of each entry      */
    const unsigned char *kind;              /* [FRIC_IO_E_COUNT·n]          */
    const double *value;                    /* [FRIC_IO_E_COUNT·n]          */
    const char *unknown_key;                /* first key the format lacks   */
    long unknown_entry;                     /* its entry, −1 in the header  */
} fric_io_log_raw;

/* A checked log. The arrays belong to whoever filled it (fric_io_log_read:
 * free with fric_io_log_destroy). */
typedef struct fric_io_log {
    double mass;            /* [kg]                                          */
    double length;          /* [m]                                           */
    double kp;              /* firmware gain [-]                             */
    double vin;             /* [V], 0 when absent                            */
    double dt;              /* [s], 0 for a raw log                          */
    double arm_mass;        /* [kg], 0 when absent                           */
    double damping;         /* host PD loop's d (Feetech HLS, bam/feetech_hls/
                               actuator.py) [-], 0 when absent               */
    double max_amps;        /* its current clip [A], 0 when absent           */
    char motor[64], trajectory[64];   /* "" when absent                      */
    size_t n;               /* entries (>= FRIC_IO_LOG_MIN_ENTRIES)          */
    const double *timestamp;      /* [s], strictly increasing                */
    const double *position;       /* [rad]                                   */
    const double *goal_position;  /* [rad]                                   */
    const int *torque_enable;     /* 0 or 1                                  */
    const double *speed;          /* [rad/s], NULL when the log has none     */
    const double *input_volts;    /* [V], NaN where absent; NULL when none   */
    void *storage_;               /* owned memory (fric_io_log_read)         */
} fric_io_log;

/* Checks raw (the rules above) and fills log with views into raw->value
 * and te[n] (caller-owned, receives torque_enable). source names the file
 * in messages. FRIC_OK, or a status (see Errors) with err (may be NULL)
 * filled. */
fric_status fric_io_log_create_from_raw(const fric_io_log_raw *raw, int *te, const char *source,
                                 fric_io_log *log, fric_io_error *err);

/* The numeric rules on a log given as arrays (header ranges, finite values,
 * angle bound, increasing timestamps, timestamps against dt); the rules of
 * fric_io_log_create_from_raw after the kinds. FRIC_OK, or FRIC_E_LOG_INVALID with
 * err (may be NULL) filled. */
fric_status fric_io_log_check(const fric_io_log *log, const char *source, fric_io_error *err);

/* --------------------------------------------------------- resampling */
/* The series a replay scores, once for everyone (bam/process.py): a
 * processed log (dt > 0) is taken entry by entry (t_k = its timestamp);
 * a raw log (dt = 0) is resampled at t_k = k·FRIC_IO_RESAMPLE_DT for
 * k = 0 .. ceil(t_last/dt) − 1 (numpy arange(0, t_last, dt)), each field
 * linearly interpolated between the entries bracketing t_k, the first two
 * entries extrapolating for t_k < t_0 (never clamped), torque_enable =
 * (interpolated 0/1 value > 0.5). */
typedef struct fric_io_sample {
    double t;            /* [s]: the entry's timestamp, or k·dt (raw log)   */
    double position;     /* [rad]                                           */
    double goal;         /* [rad]                                           */
    double speed;        /* [rad/s], 0 when the log has none                */
    int torque_enable;   /* 0 or 1                                          */
} fric_io_sample;

/* Number of samples of a checked log (0 if it has none). */
size_t fric_io_log_samples(const fric_io_log *log);
/* The step of the samples [s]: dt, or FRIC_IO_RESAMPLE_DT for raw logs. */
double fric_io_log_step(const fric_io_log *log);
/* Sample k (< fric_io_log_samples) of a checked log. *cursor (start at 0)
 * remembers the bracketing entry: calls with increasing k are O(1) each. */
fric_io_sample fric_io_log_sample(const fric_io_log *log, size_t k, size_t *cursor);

/* ---------------------------------------------------------- file sizes */
/* The largest file each reader takes [bytes], checked on the file's size
 * before a byte of it is read, at every door: the native readers below
 * (fstat of the opened file, fric_io_open; a file that is not regular is
 * refused), and the page and the Node tools
 * (File.size, fs.stat) through the wasm wrapper's core.io.checkSize. Set
 * from the largest real files of shared/data with a wide margin:
 *   params (and bam's sensitivity files): the largest is 2.3 kB
 *     (bam/params/xl330/m4_sensitivity.example.json; an m6 params file is
 *     0.7 kB): 1 MiB is 450 times that. Parsing costs some 40 times a
 *     file's size at worst (a JSON number per two bytes, a node each): a
 *     1 MiB file stays near 40 MB, where a 100 MB file took 2.15 GB;
 *   logs: the largest is 308 kB (bam/logs/xl330/raw/2026-01-15_10h28m49.json,
 *     1513 entries, 6 s at 4 ms): 32 MiB is 100 times that, some 160 000
 *     entries, 11 minutes of a bam recording. */
#define FRIC_IO_MAX_PARAMS_BYTES ((unsigned long long)1 << 20)   /* 1 MiB  */
#define FRIC_IO_MAX_LOG_BYTES ((unsigned long long)32 << 20)     /* 32 MiB */
/* A robot's files (the MJCF a door loads in MuJoCo, its includes and the
 * meshes, textures and other assets they name), sized before a byte is read:
 *   an MJCF text (the main file, an include, a <model>): FRIC_MJCF_MAX_BYTES
 *     (fric_adapter.h, the bound of the core's text check);
 *   an asset: the largest real one is 2.7 MB (shared/data/so101/assets/
 *     wrist_roll_pitch_so101_v2.stl, 2 699 784 B): 32 MiB is 12 times it
 *     (MuJoCo 3.14's wasm copies a file into its file system at 1-3 MB/s);
 *   the robot's files together: the SO-101's are 15.4 MB (scene.xml,
 *     so101_new_calib.xml and its 13 meshes, 16 144 144 B): 64 MiB is 4
 *     times it. */
#define FRIC_IO_MAX_ASSET_BYTES ((unsigned long long)32 << 20)   /* 32 MiB */
#define FRIC_IO_MAX_ROBOT_BYTES ((unsigned long long)64 << 20)   /* 64 MiB */
/* A robot's recording (fric_recording.h):
 *   its CSV (t, goal_<joint>, pos_<joint>): T0's recipe.csv is 119 s of 6
 *     joints at 30 Hz in 564 kB (4.7 kB/s): 64 MiB is near 4 hours;
 *   a parquet file of a LeRobot dataset (data/chunk-XXX/file-XXX.parquet;
 *     meta/info.json and meta/episodes too): LeRobot cuts its data files at
 *     100 MB (info.json data_files_size_in_mb); 256 MiB is 2.7 times that. */
#define FRIC_IO_MAX_RECORDING_BYTES ((unsigned long long)64 << 20) /* 64 MiB */
#define FRIC_IO_MAX_DATASET_BYTES ((unsigned long long)256 << 20)  /* 256 MiB */

/* The files io reads, for their limits and sentences. */
typedef enum fric_io_file_kind {
    FRIC_IO_KIND_LOG = 0,         /* a pendulum log: FRIC_IO_MAX_LOG_BYTES     */
    FRIC_IO_KIND_PARAMS,          /* a params file: FRIC_IO_MAX_PARAMS_BYTES   */
    FRIC_IO_KIND_SENSITIVITY,     /* bam's sensitivity file: the params limit  */
    FRIC_IO_KIND_MJCF,            /* an MJCF text: FRIC_MJCF_MAX_BYTES         */
    FRIC_IO_KIND_ASSET,           /* a mesh, texture...: FRIC_IO_MAX_ASSET_BYTES */
    FRIC_IO_KIND_ROBOT,           /* a robot's files together (source: its main
                                     MJCF): FRIC_IO_MAX_ROBOT_BYTES            */
    FRIC_IO_KIND_RECORDING,       /* a recording's CSV: FRIC_IO_MAX_RECORDING_BYTES */
    FRIC_IO_KIND_DATASET,         /* a file of a LeRobot dataset:
                                     FRIC_IO_MAX_DATASET_BYTES                  */
    FRIC_IO_KIND_COUNT
} fric_io_file_kind;

/* The largest file of kind [bytes] (0 for a kind out of range). */
unsigned long long fric_io_max_bytes(fric_io_file_kind kind);
/* The kind's name as io's sentences say it ("log", "params",
 * "sensitivity", "MJCF", "asset", "robot", "recording", "dataset"); NULL
 * out of range. */
const char *fric_io_file_kind_name(fric_io_file_kind kind);

/* The size check of every door: a file of `bytes` bytes of kind, named
 * source, against its limit, before it is read. FRIC_OK, or FRIC_E_FILE
 * (kind FRIC_IO_FILE) with err (may be NULL) filled and recorded, one
 * sentence naming the file, its size, the limit and what to do ("params
 * big.json: the file is 100.0 MiB (104857600 bytes); a params file is read
 * up to 1 MiB (1048576 bytes): a params file is a few kB, so this is not
 * one."); FRIC_E_PARAM_RANGE for a kind out of range. */
fric_status fric_io_check_size(fric_io_file_kind kind, unsigned long long bytes, const char *source,
                               fric_io_error *err);

/* ------------------------------------------------------ native front end */
/* What a file of st_mode `mode` is, as io's sentences say it: "a regular
 * file", "a directory", "a named pipe", "a character device", "a block
 * device", "a socket", else "not a regular file". */
const char *fric_io_file_type(unsigned long mode);

/* Opens path to read a file of kind, the one opening of every native
 * reader (the JSON readers below, the CLI's MJCF file walk): without
 * blocking (O_NONBLOCK, cleared once opened: a named pipe with no writer
 * does not hang), then refused unless it is a regular file (a device, a
 * named pipe, a directory: "log /dev/zero: a character device, not a
 * regular file; ..."), or when larger than kind's limit
 * (fric_io_check_size). source names the file in the sentence (NULL:
 * path). The stream (its size in *bytes, may be NULL), or NULL with err
 * (required) filled: FRIC_IO_FILE, FRIC_IO_MEMORY; a file that cannot be
 * opened at all gives err->code FRIC_IO_OK when absent_ok (the caller
 * leaves it to another reader, which names it), FRIC_IO_FILE otherwise. */
FILE *fric_io_open(const char *path, const char *source, fric_io_file_kind kind, int absent_ok,
                   unsigned long long *bytes, fric_io_error *err);

/* Reads and checks a log file (cJSON). FRIC_OK, or a status (see Errors:
 * FRIC_E_FILE, FRIC_E_LOG_INVALID, FRIC_E_NO_MEMORY) with err (required)
 * filled (the message names the file). Free with fric_io_log_destroy, also
 * after an error. */
fric_status fric_io_log_read(const char *path, fric_io_log *log, fric_io_error *err);
void fric_io_log_destroy(fric_io_log *log);

/* --------------------------------------------------------- parameter files */
/* The scenario's side of a parameter file (a key to a scenario's
 * parameter with the scenario's own range table: fric_io_params_set,
 * fric_io_params_key, and the readers fric_io_params_read and
 * fric_io_params_read_carry) is the bench's: fric_bench.h. io reads the
 * file and refuses a key in one format, for any caller: */

/* The parameter a params-file key names: "ratio" (bam/unitree/actuator.py)
 * is the core's "error_gain_ratio" (fric_bench.h, TORQUE); any other key is
 * itself. One table both ways, the reader's and the writer's. */
const char *fric_io_params_param_of_key(const char *key);

/* 1 when key is a fitted file's metadata key (the fit_* keys of
 * fric_io_params_write): a reader accepts it (a number) and sets nothing. */
int fric_io_params_fit_key(const char *key);

/* Fills err (a local one when NULL) with code, field key, entry −1 and the
 * message "params SOURCE: key \"KEY\": TEXT", records it (param: the key's
 * index in the scenario's parameters, −1 none) and returns its status
 * (FRIC_E_PARAMS_INVALID). */
fric_status fric_io_params_refuse(fric_io_error *err, fric_io_code code, int param, const char *key,
                                  const char *source, const char *text);

/* ---------------------------------------- keys the core does not model */
/* A params file may hold keys the core does not model (the forks of
 * Rhoban/bam write some, e.g. "command_delay"). The readers that take a
 * carry keep each such key with its value as compact JSON text, in file
 * order, and fric_io_params_write writes them back unchanged (before
 * "model"), so every door that reads a file and writes one carries them.
 * Caller-owned and fixed-size: zero it (or fric_io_params_carry_clear)
 * before a read. */
#define FRIC_IO_CARRY_KEYS 8       /* keys held                              */
#define FRIC_IO_CARRY_KEY_LEN 64   /* a key: up to 63 bytes                  */
#define FRIC_IO_CARRY_VALUE_LEN 256 /* a value's JSON text: up to 255 bytes  */
typedef struct fric_io_params_carry {
    int n;                                                  /* keys held     */
    char key[FRIC_IO_CARRY_KEYS][FRIC_IO_CARRY_KEY_LEN];    /* JSON-unescaped */
    char value[FRIC_IO_CARRY_KEYS][FRIC_IO_CARRY_VALUE_LEN]; /* compact JSON  */
} fric_io_params_carry;

void fric_io_params_carry_clear(fric_io_params_carry *c);

/* Adds key (plain text, no quote, backslash or control character) with
 * its value json (compact JSON text, one value) to c; a key already held
 * takes the new value. FRIC_OK, or FRIC_E_PARAMS_INVALID with err (may be
 * NULL) filled: more than FRIC_IO_CARRY_KEYS keys, a key or value too long,
 * a key with a quote, backslash or control character, a key the params
 * file itself writes ("model", ...), an empty value, or a value that is not
 * one strict JSON value (RFC 8259: what both cJSON and JSON.parse read, so
 * that every reader reads the file fric_io_params_write makes of it). */
fric_status fric_io_params_carry_add(fric_io_params_carry *c, const char *key, const char *json,
                                     const char *source, fric_io_error *err);

/* The one warning of a carried key, one sentence into buf[cap]
 * ("params SOURCE: key \"K\" is not modelled by the core; it is carried
 * unchanged into every params file written from this one."). Returns buf. */
char *fric_io_params_carry_note(const char *key, const char *source, char *buf, size_t cap);

/* One key of a params file as fric_io_params_walk hands it over: its name,
 * its value's JSON kind, the number (FRIC_IO_NUMBER, else 0) or the string
 * (FRIC_IO_STRING, else NULL), the value's compact JSON text (no white space
 * outside strings: whole up to FRIC_IO_CARRY_VALUE_LEN − 1 bytes, the
 * longest carried; a longer one cut at FRIC_IO_CARRY_VALUE_LEN bytes, so
 * that fric_io_params_carry_add refuses it by its length and no value is
 * ever carried cut) and the file's path (source). FRIC_OK to go on. */
typedef fric_status (*fric_io_params_visit)(void *ctx, const char *key, fric_io_kind kind,
                                            double num, const char *str, const char *json,
                                            const char *source, fric_io_error *err);

/* Reads the parameter file at path (native, cJSON: one flat JSON object),
 * clears carry (may be NULL) once the file parses, then hands each key to
 * visit in file order, stopping at the first that is not FRIC_OK. FRIC_OK,
 * visit's status, or a status (FRIC_E_FILE, FRIC_E_PARAMS_INVALID,
 * FRIC_E_NO_MEMORY) with err (required) filled for a file that cannot be
 * read, does not parse or is not an object (the message names the file).
 * The bench's readers (fric_io_params_read, fric_bench.h) are this walk. */
fric_status fric_io_params_walk(const char *path, fric_io_params_carry *carry,
                                fric_io_params_visit visit, void *ctx, fric_io_error *err);

/* ------------------------------------------------- writing a params file */
/* A buffer that holds any output of fric_io_format_double. */
#define FRIC_IO_DOUBLE_LEN 32

/* Writes x with the fewest significant digits (1..17, printf "%.*g") that
 * read back (strtod) as exactly x, integers below 1e16 without an exponent;
 * "inf", "-inf", "nan" for the others. Returns buf. The number format of
 * every file and CSV the native tool writes. */
char *fric_io_format_double(char buf[FRIC_IO_DOUBLE_LEN], double x);

/* Optional metadata of a fitted params file (written as the keys
 * fit_train_mae, fit_holdout_mae, fit_logs, fit_evaluations; the reader
 * accepts these keys and sets nothing from them). */
typedef struct fric_io_params_fit {
    double train_mae;       /* mean replay MAE on the training logs  [rad]    */
    double holdout_mae;     /* on the held-out logs [rad]; NaN: none (the key
                               is left out)                                    */
    size_t logs;            /* training logs                                   */
    long evaluations;       /* loss evaluations of the fit (>= 0)              */
} fric_io_params_fit;

/* The servo keys a params file starts with: kt, R, armature, q_offset. */
#define FRIC_IO_PARAMS_SERVO 4

/* What a params file says (shared/data/bam/params/<actuator>/m<k>.json). */
typedef struct fric_io_params_file {
    const char *actuator;            /* "xl330", ... (1..63 characters, no
                                        quote, backslash or control char)   */
    double kt;                       /* torque constant           [N·m/A]   */
    double R;                        /* winding resistance        [Ω]       */
    double armature;                 /* apparent inertia J_m      [kg·m²]   */
    double q_offset;                 /* bench calibration offset  [rad]     */
    double error_gain_ratio;         /* STS3215 duty gain factor  [-]; 0: not
                                        written (the actuator's own)        */
    double max_velocity;             /* STS3215 target smoothing [rad/s]; 0:
                                        not written (the actuator's own)    */
    double max_current;              /* firmware current limiter I_max
                                        (bam/actuator.py) [A]; 0: not written */
    double current_limit;            /* current clip of a current-controlled
                                        servo [A]; 0: not written           */
    double max_torque;               /* Go1 torque clip [N·m]; 0: not written */
    int torque_control;              /* 1: a torque-controlled actuator (Go1,
                                        FRIC_SERVO_TORQUE): error_gain_ratio
                                        is written as bam's "ratio"; 0: as
                                        "error_gain_ratio" (the caller, who
                                        knows the actuator, says which)    */
    int integrator;                  /* fric_bench_integrator: 0 bam (not
                                        written: the reference's files name
                                        none), 1 mujoco                     */
    fric_servo_friction friction;    /* model 1..6 and its coefficients; the
                                        ones the model does not use
                                        (fric_servo_coef_used) are not written */
    const fric_io_params_fit *fit;   /* NULL: no fit metadata               */
    const fric_io_params_carry *carry; /* NULL: none; the keys the core does
                                        not model, written back unchanged   */
} fric_io_params_file;

/* Writes the params file of f into buf[cap], NUL-terminated, allocating
 * nothing; *len (may be NULL) receives the file's length in bytes (without
 * the NUL), also when buf is too small (so a caller can size it; buf may
 * be NULL with cap 0 for that). The file, byte for byte:
 *     {
 *         "kt": <kt>,
 *         "R": <R>,
 *         "armature": <armature>,
 *         "q_offset": <q_offset>,
 *         "error_gain_ratio": <r>,   when > 0 and not 1 or max_velocity > 0;
 *                                    a torque-controlled actuator (Go1)
 *                                    writes it as "ratio" when > 0
 *                                    (bam/unitree/actuator.py)
 *         "max_velocity": <v>,       when max_velocity > 0
 *         "max_current": <I>,        when > 0, then current_limit and
 *                                    max_torque likewise (bam's key names)
 *         "<key>": <value>,          one line per coefficient the model
 *                                    uses, in FRIC_SERVO_COEFS order
 *         "fit_train_mae": <mae>,    (with f->fit) fit_holdout_mae (unless
 *                                    NaN), fit_logs, fit_evaluations
 *         "<key>": <json>,           each carried key (f->carry), as read
 *         "integrator": "mujoco",    when integrator is 1
 *         "model": "m<k>",
 *         "actuator": "<actuator>"
 *     }
 * (4 spaces of indent, a newline after the brace), every number by
 * fric_io_format_double: fric_io_params_read reads back the same doubles.
 * FRIC_OK, or FRIC_E_NULL (f, f->actuator, or buf with cap > 0, missing),
 * FRIC_E_PARAM_RANGE (an actuator name as above, a model outside 1..6, a
 * written value not finite, param: its index in the file's order: 0 kt,
 * 1 R, 2 armature, 3 q_offset, 4 + i for the i-th coefficient of
 * FRIC_SERVO_COEFS counted from 0 (K_c 4, ..., K_v 16: the FRIC_FIT_*
 * order); −1 for the others), or FRIC_E_BUFFER (cap <=
 * *len: buf holds a truncated file). */
fric_status fric_io_params_write(const fric_io_params_file *f, char *buf, size_t cap, size_t *len);

/* ------------------------------------------- a sensitivity file (bam's) */
/* One parameter's range (fric_fit_range of fric_fit.h, named). */
typedef struct {
    const char *name;                /* the params-file key ("kt", ...)       */
    double value, lower, upper;      /* [unit of the param]                   */
    int lower_clamped, upper_clamped;
} fric_io_sensitivity_param;
/* What bam/sensitivity.py writes to <params>_sensitivity.json. */
typedef struct {
    const char *model;               /* "m1".."m6"                             */
    const char *actuator;
    const char *params_path;         /* the params file analysed               */
    const char *logdir;              /* where the logs are (a path or a list)  */
    double base_mae;                 /* the loss at the fitted point [rad]     */
    double tolerance;                /* relative (0.03)                        */
    double threshold_mae;            /* base_mae·(1 + tolerance)  [rad]        */
    const fric_io_sensitivity_param *param;
    size_t n;
} fric_io_sensitivity;
/* Writes f as bam's JSON (json.dump(..., indent=2): keys model, actuator,
 * params, logdir, base_mae, tolerance, threshold_mae, sensitivity{name:
 * {value, lower, upper, lower_clamped, upper_clamped}}; strings escaped,
 * numbers by fric_io_format_double, ".0" after an integer as Python writes
 * a float) into buf[cap] like
 * fric_io_params_write: FRIC_OK, FRIC_E_NULL, FRIC_E_PARAM_RANGE (a value
 * not finite), FRIC_E_BUFFER (*len the size needed). */
fric_status fric_io_sensitivity_write(const fric_io_sensitivity *f, char *buf, size_t cap,
                                      size_t *len);

/* A sensitivity file as read: f points into the storage beside it (so the
 * struct is not to be copied with '='; read into the one that is used). */
#define FRIC_IO_SENS_MAX 32          /* most parameters in one file            */
#define FRIC_IO_SENS_NAME_LEN 40     /* a parameter key, with its NUL          */
#define FRIC_IO_SENS_TEXT_LEN 1024   /* params and logdir, with their NUL      */
typedef struct {
    fric_io_sensitivity f;           /* the file: fric_io_sensitivity_write's input */
    char model[8], actuator[64];
    char params_path[FRIC_IO_SENS_TEXT_LEN], logdir[FRIC_IO_SENS_TEXT_LEN];
    char name[FRIC_IO_SENS_MAX][FRIC_IO_SENS_NAME_LEN];
    fric_io_sensitivity_param param[FRIC_IO_SENS_MAX];
} fric_io_sensitivity_read_buf;
/* Reads bam's <params>_sensitivity.json (native builds, cJSON) into *r:
 * every key above required with its JSON type (strings, numbers, objects,
 * true/false), no other key, finite numbers, at most FRIC_IO_SENS_MAX
 * parameters, strings that fit their fields; the parameters in the file's
 * order. FRIC_OK, or FRIC_E_FILE, FRIC_E_NO_MEMORY, FRIC_E_PARAMS_INVALID
 * (param −1) with err->field the key at fault and err->message one
 * sentence naming the file and the key. */
fric_status fric_io_sensitivity_read(const char *path, fric_io_sensitivity_read_buf *r,
                                     fric_io_error *err);

#ifdef __cplusplus
}
#endif

#endif
