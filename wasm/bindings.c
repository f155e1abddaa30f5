/*
 * bindings.c: the C side of the WebAssembly binding. Flat functions over
 * plain numbers, caller-provided buffers and handles, so that the JavaScript
 * wrapper (wasm/friction.js) owns every allocation: look-up tables, logs,
 * batches and fits are handles the wrapper frees. Nothing here keeps state
 * except the last call's outcome (status, parameter, message: errno-like).
 *
 * Naming: fxb_<area>_<verb>. Laws are passed as (kind, Fs, Fc, vs, D, alpha).
 *
 * The exports are grouped as the wrapper's groups are (wasm/api/<group>.js,
 * each with the signature table of the exports it calls), one file per
 * group: bindings_law.c (laws, look-up tables), bindings_scenario.c,
 * bindings_bench.c (servo presets, the bench, replay), bindings_io.c (params
 * files, logs), bindings_regions.c, bindings_fit.c, bindings_mujoco.c (the
 * MuJoCo adapter's joint and orchestration, MuJoCo-free). This file holds
 * what they share: the last call's outcome and the count checks (declared in
 * bindings_internal.h), and the boundary's description (FXB_LAYOUTS,
 * fxb_boundary).
 *
 * Adding an export: write it in its group's file with FXB_EXPORT in front
 * and call it from its group's module (adding it to that module's signature
 * table); tools/gen_exports.mjs lists every FXB_EXPORT function of
 * wasm/bindings*.c into build/wasm/exported_functions.json at build time. A struct that crosses
 * the boundary is read and written by the wrapper by name: its fields are
 * an X-macro table beside the struct in core/include (FRIC_*_FIELDS) and
 * fxb_boundary below hands the wrapper their offsets, sizes and kinds.
 *
 * Defence in depth: the wrapper validates every argument first; still, every
 * function here that takes a pointer and a count checks the count against
 * its bound (the length the C side reads, or FXB_MAX_BYTES for what it
 * writes) and returns an error status (fxb_set_status) instead of touching memory.
 */
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef __EMSCRIPTEN__
#include <malloc.h>
#endif

#include "friction.h"
#include "fric_scenario.h"
#include "fric_bench.h"
#include "fric_cmaes.h"
#include "fric_screw.h"
#include "fric_fit.h"
#include "fric_native.h"
#include "fric_io.h"
#include "fric_recording.h"
#include "fric_ident.h"
#include "fric_adapter.h"
#include "fric_regions.h"
#include "fric_robot.h"
#include "fric_servo.h"
#include "fric_status.h"
#include "bindings_internal.h"

/* The last call's outcome: its fric_status, the parameter at fault (an
 * index: into the scenario's params for scenario calls, a fric_law_field
 * for law calls, a servo coefficient for regions calls; −1 none) and the
 * message ("" after a success). */
static char last_error[512];
static int last_status, last_param = -1;
/* the message's id, named values and prefix (fric_error): "" when it has
 * none (a message of the bindings, or a core message reworded here) */
static char last_id[64], last_values[512];
static int last_prefix;

void fxb_set_status(int status, int param, const char *msg)
{
    last_status = status;
    last_param = status ? param : -1;
    snprintf(last_error, sizeof last_error, "%s", status && msg ? msg : "");
    last_id[0] = last_values[0] = '\0';
    last_prefix = 0;
}

/* Records the core's last failure (fric_status_last) when rc != 0, else OK.
 * why: the address of the call's message, read only after rc is known
 * (function arguments are evaluated in no fixed order). */
int fxb_from_core(int rc, const char *const *why)
{
    if (!rc) { fxb_set_status(FRIC_OK, -1, ""); return 0; }
    fric_error e = fric_status_last();
    const char *w = why ? *why : NULL;
    fxb_set_status(e.code ? (int)e.code : FRIC_E_PARAM_RANGE, e.param, w && *w ? w : e.message);
    if (!strcmp(last_error, e.message)) {     /* the core's own message: its id too */
        snprintf(last_id, sizeof last_id, "%s", e.id);
        snprintf(last_values, sizeof last_values, "%s", e.values);
        last_prefix = e.prefix;
    }
    return rc;
}

/* 1 (with FRIC_E_PARAM_RANGE and the message) unless 0 <= n and
 * n·item_bytes <= FXB_MAX_BYTES; the product is taken in double so that it
 * cannot wrap. */
int fxb_count_bad(const char *what, double n, double item_bytes)
{
    if (n >= 0 && n * item_bytes <= FXB_MAX_BYTES) return 0;
    char sn[32], smax[32];
    snprintf(sn, sizeof sn, "%.17g", n);
    snprintf(smax, sizeof smax, "%.17g", floor(FXB_MAX_BYTES / item_bytes));
    fxb_refuse(FRIC_E_PARAM_RANGE, "fxb.count_outside", "{what} = {n} is outside 0 .. {max} (buffers stay below 2^31 bytes).",
           "what", what, "n", sn, "max", smax, FXB_END);
    return 1;
}

/* 1 (with FRIC_E_PARAM_RANGE) unless the caller's vector has exactly the
 * `want` numbers the C side reads. */
int fxb_length_bad(const char *what, int n, int want)
{
    if (n == want) return 0;
    char sn[16], sw[16];
    snprintf(sn, sizeof sn, "%d", n);
    snprintf(sw, sizeof sw, "%d", want);
    fxb_refuse(FRIC_E_PARAM_RANGE, "fxb.length_exact", "{what} has {n} numbers; it must have exactly {want}.",
           "what", what, "n", sn, "want", sw, FXB_END);
    return 1;
}

void fxb_set_error(const char *msg) { fxb_set_status(msg && *msg ? FRIC_E_PARAM_RANGE : FRIC_OK, -1, msg); }

void fxb_restatus(int status) { if (last_status) last_status = status; }

/* The message: text with each {name} of the pairs replaced by its value (a
 * {word} naming none stays as it is); the values as the core records them
 * (fric_error.values: "name=text" entries separated by FRIC_VALUE_SEP). */
static void refuse(int status, const char *door, const char *id, const char *text, va_list ap)
{
    enum { MAX = 8 };
    const char *name[MAX], *value[MAX];
    int n = 0;
    for (const char *k; n < MAX && (k = va_arg(ap, const char *)) != NULL; n++) {
        name[n] = k;
        value[n] = va_arg(ap, const char *);
    }
    char msg[sizeof last_error];
    int w0 = snprintf(msg, sizeof msg, "%s", door);
    size_t len = w0 < 0 ? 0 : (size_t)w0 >= sizeof msg ? sizeof msg - 1 : (size_t)w0;
    const int prefix = (int)len;
    for (const char *p = text; *p && len + 1 < sizeof msg;) {
        const char *e = *p == '{' ? strchr(p, '}') : NULL;
        int i = n;
        if (e)
            for (i = 0; i < n; i++)
                if (strlen(name[i]) == (size_t)(e - p - 1) && !strncmp(p + 1, name[i], (size_t)(e - p - 1))) break;
        if (i < n) {
            int w = snprintf(msg + len, sizeof msg - len, "%s", value[i]);
            len = w < 0 ? len : len + (size_t)w >= sizeof msg ? sizeof msg - 1 : len + (size_t)w;
            p = e + 1;
        } else {
            msg[len++] = *p++;
        }
    }
    msg[len] = '\0';
    fxb_set_status(status, -1, msg);
    snprintf(last_id, sizeof last_id, "%s", id);
    last_prefix = prefix;
    size_t vl = 0;
    const char sep[2] = { FRIC_VALUE_SEP, '\0' };   /* fric_error.values' separator, the core's */
    for (int i = 0; i < n && vl + 1 < sizeof last_values; i++) {
        int w = snprintf(last_values + vl, sizeof last_values - vl, "%s%s=%s", i ? sep : "", name[i], value[i]);
        vl = w < 0 ? vl : vl + (size_t)w >= sizeof last_values ? sizeof last_values - 1 : vl + (size_t)w;
    }
}

void fxb_refuse(int status, const char *id, const char *text, ...)
{
    va_list ap;
    va_start(ap, text);
    refuse(status, "", id, text, ap);
    va_end(ap);
}

void fxb_refuse_door(int status, const char *door, const char *id, const char *text, ...)
{
    va_list ap;
    va_start(ap, text);
    refuse(status, door, id, text, ap);
    va_end(ap);
}

FXB_EXPORT const char *fxb_last_error(void) { return last_error; }
FXB_EXPORT int fxb_last_status(void) { return last_status; }
FXB_EXPORT int fxb_last_param(void) { return last_param; }
/* The last call's message as an id with named values (fric_error). */
FXB_EXPORT const char *fxb_last_id(void) { return last_id; }
FXB_EXPORT const char *fxb_last_values(void) { return last_values; }
FXB_EXPORT int fxb_last_prefix(void) { return last_prefix; }
/* The id and named values of the last text writer's sentence (fric_sentence_last). */
FXB_EXPORT const char *fxb_sentence_id(void) { return fric_sentence_last().id; }
FXB_EXPORT const char *fxb_sentence_values(void) { return fric_sentence_last().values; }

/* "FRIC_OK", "FRIC_E_PARAM_RANGE", … for status s. */
FXB_EXPORT const char *fxb_status_name(int s) { return fric_status_name(s); }

/* ------------------------------------------------ the boundary's description */
/* fxb_boundary writes one JSON document the wrapper parses at load:
 *   layouts:   per struct that crosses, { size, fields: [[name, unit, kind,
 *              offset, count], …] } from the FRIC_*_FIELDS tables (kind: f64,
 *              i32, u32, i64, u64, str (a char pointer, NULL: ""), chars (an
 *              inline char array of count bytes), strs (a pointer to count
 *              char pointers, the count given beside it), ptr, or the name
 *              of a nested layout);
 *   tables:    the core's name tables (law kinds, law fields, servo
 *              coefficients and keys, treatments, log keys, io codes, fit
 *              parameters and units);
 *   constants: the numbers the wrapper sizes things by. */

/* The kind of a field from its C type (an array decays: count = size / item). */
#define FXB_KIND(e) _Generic((e), \
    double: "f64", double *: "f64", const double *: "f64", \
    int: "i32", unsigned: "u32", long: sizeof(long) == 8 ? "i64" : "i32", \
    unsigned long: sizeof(long) == 8 ? "u64" : "u32", long long: "i64", unsigned long long: "u64", \
    const char *: "str", char *: "chars", const char *const *: "strs", \
    fric_servo_friction: "servo_friction", fric_servo_actuator: "servo_actuator", \
    fric_bench_def: "bench_def", fric_joint: "joint", fric_mujoco_joint *: "mujoco_joint", \
    fric_native_edit: "native_edit", \
    default: "ptr")

typedef struct { const char *name, *unit, *kind; size_t offset, size; } fxb_field;

/* Every layout: (its name for the wrapper, the struct, its X-macro table). */
#define FXB_LAYOUTS(L) \
    L(param_info, fric_param_info, FRIC_PARAM_INFO_FIELDS) \
    L(col_info, fric_col_info, FRIC_COL_INFO_FIELDS) \
    L(scenario, fric_scenario, FRIC_SCENARIO_FIELDS) \
    L(servo_friction, fric_servo_friction, FXB_SERVO_FRICTION_FIELDS) \
    L(servo_actuator, fric_servo_actuator, FRIC_SERVO_ACTUATOR_FIELDS) \
    L(bench_preset, fric_bench_preset, FRIC_BENCH_PRESET_FIELDS) \
    L(bench_def, fric_bench_def, FRIC_BENCH_DEF_FIELDS) \
    L(bench_replay_result, fric_bench_replay_result, FRIC_BENCH_REPLAY_RESULT_FIELDS) \
    L(fit_progress, fric_fit_progress, FRIC_FIT_PROGRESS_FIELDS) \
    L(fit_batch, fric_fit_batch, FRIC_FIT_BATCH_FIELDS) \
    L(screw, fric_screw, FRIC_SCREW_FIELDS) \
    L(io_error, fric_io_error, FRIC_IO_ERROR_FIELDS) \
    L(joint, fric_joint, FRIC_JOINT_FIELDS) \
    L(mujoco_model, fric_mujoco_model, FRIC_MUJOCO_MODEL_FIELDS) \
    L(mujoco_joint_model, fric_mujoco_joint_model, FRIC_MUJOCO_JOINT_MODEL_FIELDS) \
    L(mujoco_joint_def, fric_mujoco_joint_def, FRIC_MUJOCO_JOINT_DEF_FIELDS) \
    L(mujoco_joint, fric_mujoco_joint, FRIC_MUJOCO_JOINT_FIELDS) \
    L(mujoco_core, fric_mujoco_core, FRIC_MUJOCO_CORE_FIELDS) \
    L(mujoco_map_entry, fric_mujoco_map_entry, FRIC_MUJOCO_MAP_ENTRY_FIELDS) \
    L(robot_servo, fric_robot_servo, FRIC_ROBOT_SERVO_FIELDS) \
    L(mujoco_adopted, fric_mujoco_adopted, FRIC_MUJOCO_ADOPTED_FIELDS) \
    L(mujoco_skipped, fric_mujoco_skipped, FRIC_MUJOCO_SKIPPED_FIELDS) \
    L(robot_model, fric_robot_model, FRIC_ROBOT_MODEL_FIELDS) \
    L(robot_joint, fric_robot_joint, FRIC_ROBOT_JOINT_FIELDS) \
    L(robot_actuator, fric_robot_actuator, FRIC_ROBOT_ACTUATOR_FIELDS) \
    L(native_edit, fric_native_edit, FRIC_NATIVE_EDIT_FIELDS) \
    L(robot_edit, fric_robot_edit, FRIC_ROBOT_EDIT_FIELDS) \
    L(robot_row, fric_robot_row, FRIC_ROBOT_ROW_FIELDS) \
    L(recording_info, fric_recording_info, FRIC_RECORDING_INFO_FIELDS) \
    L(lerobot_motor, fric_lerobot_motor, FRIC_LEROBOT_MOTOR_FIELDS) \
    L(ident_options, fric_ident_options, FRIC_IDENT_OPTIONS_FIELDS) \
    L(ident_verdict, fric_ident_verdict, FRIC_IDENT_VERDICT_FIELDS) \
    L(native_params, fric_native_params, FXB_NATIVE_PARAMS_FIELDS)

/* One field of the struct fxb_t (a typedef in each layout's function). */
#define FXB_FIELD(f, u) { #f, u, FXB_KIND(((fxb_t *)0)->f), offsetof(fxb_t, f), sizeof(((fxb_t *)0)->f) },
/* fric_servo_friction: its model, then FRIC_SERVO_COEFS (whose second
 * column is the params-file key, not a unit). */
#define FXB_FIELD_NO_UNIT(f, NAME) FXB_FIELD(f, "")
#define FXB_SERVO_FRICTION_FIELDS(X) X(model, "") FRIC_SERVO_COEFS(FXB_FIELD_NO_UNIT)
/* fric_native_params: FRIC_NATIVE_KEYS(X(key, field, unit)), each field
 * named by its params-file key (solimpfriction[0] is "solimpfriction_dmin"). */
#define FXB_FIELD_KEYED(key, f, u) { key, u, FXB_KIND(((fxb_t *)0)->f), offsetof(fxb_t, f), sizeof(((fxb_t *)0)->f) },
#define FXB_NATIVE_PARAMS_FIELDS(X) FRIC_NATIVE_KEYS(FXB_FIELD_KEYED)

/* The fields of each layout: a function per struct, *n of them. */
#define FXB_FIELDS_OF(var, T, TABLE) \
    static const fxb_field *var(size_t *n) \
    { \
        typedef T fxb_t; \
        static const fxb_field fields[] = { TABLE(FXB_FIELD) }; \
        *n = sizeof fields / sizeof fields[0]; \
        return fields; \
    }
FXB_LAYOUTS(FXB_FIELDS_OF)

#define FXB_LAYOUT(var, T, TABLE) { #var, sizeof(T), var },
static const struct {
    const char *name;
    size_t size;
    const fxb_field *(*fields)(size_t *n);
} layouts[] = { FXB_LAYOUTS(FXB_LAYOUT) };

/* The name tables: each a function of the index giving NULL (or "") past
 * the end. */
static const char *law_kind(int i) { return i < FRIC_N_LAWS ? fric_law_names[i] : NULL; }
static const char *law_field(int i) { return i < FRIC_LAW_N_FIELDS ? fric_law_field_names[i] : NULL; }
static const char *servo_field(int i) { return i < FRIC_SERVO_N_COEFS ? fric_servo_coef_fields[i] : NULL; }
static const char *servo_key(int i) { return i < FRIC_SERVO_N_COEFS ? fric_servo_coef_keys[i] : NULL; }
static const char *treatment(int i) { return i < FRIC_BENCH_N_TREATMENTS ? fric_bench_treatment_names[i] : NULL; }
static const char *mj_treatment(int i) { return i < FRIC_MUJOCO_N_TREATMENTS ? fric_mujoco_treatment_names[i] : NULL; }
#define FXB_MJ_INPUT_NAME(f, unit) #f,
static const char *const mj_input_names[] = { FRIC_MUJOCO_STEP_INPUTS(FXB_MJ_INPUT_NAME) };
#undef FXB_MJ_INPUT_NAME
static const char *mj_input(int i) { return i < FRIC_MUJOCO_STEP_N_INPUTS ? mj_input_names[i] : NULL; }
#define FXB_MJ_OUTPUT_NAME(f, unit) #f,
static const char *const mj_output_names[] = { FRIC_MUJOCO_STEP_OUTPUTS(FXB_MJ_OUTPUT_NAME) };
#undef FXB_MJ_OUTPUT_NAME
static const char *mj_output(int i) { return i < FRIC_MUJOCO_STEP_N_OUTPUTS ? mj_output_names[i] : NULL; }
static const char *integrator_name(int i) { return i < FRIC_BENCH_N_INTEGRATORS ? fric_bench_integrator_names[i] : NULL; }
static const char *io_code(int i) { return i <= FRIC_IO_MEMORY ? fric_io_code_name((fric_io_code)i) : NULL; }
static const char *io_kind(int i)
{
    static const char *const names[] = {
        [FRIC_IO_ABSENT] = "absent", [FRIC_IO_NUMBER] = "number", [FRIC_IO_BOOL] = "bool",
        [FRIC_IO_STRING] = "string", [FRIC_IO_ARRAY] = "array", [FRIC_IO_OBJECT] = "object",
        [FRIC_IO_NULL] = "null"
    };
    return i < (int)(sizeof names / sizeof names[0]) ? names[i] : NULL;
}
static const char *io_file_kind(int i) { return fric_io_file_kind_name((fric_io_file_kind)i); }
static const char *mj_act_kind(int i) { return i < FRIC_MUJOCO_N_ACT_KINDS ? fric_mujoco_act_names[i] : NULL; }
static const char *mj_joint_type(int i) { return i < FRIC_MUJOCO_N_JNT_TYPES ? fric_mujoco_jnt_names[i] : NULL; }
static const char *mj_map_kind(int i) { return i < FRIC_MUJOCO_N_MAP_KINDS ? fric_mujoco_map_kind_names[i] : NULL; }
static const struct { const char *name; const char *(*at)(int i); } tables[] = {
    { "law_kinds", law_kind },              /* fric_kind                     */
    { "law_fields", law_field },            /* fric_law_field                */
    { "servo_fields", servo_field },        /* model, K_c, …, K_v            */
    { "servo_keys", servo_key },            /* model, friction_base, …       */
    { "treatments", treatment },            /* fric_bench_treatments (names) */
    { "mj_treatments", mj_treatment },      /* fric_mujoco_treatment (names)     */
    { "mj_step_inputs", mj_input },         /* fric_mujoco_step_in, fxb_mj_step  */
    { "mj_step_outputs", mj_output },       /* FRIC_MUJOCO_STEP_OUTPUTS, fxb_mj_step */
    { "integrators", integrator_name },     /* fric_bench_integrator (names) */
    { "mj_act_kinds", mj_act_kind },        /* FRIC_MUJOCO_ACT_* (fric_mujoco_act_names) */
    { "mj_joint_types", mj_joint_type },    /* FRIC_MUJOCO_JNT_* (fric_mujoco_jnt_names) */
    { "mj_map_kinds", mj_map_kind },        /* fric_mujoco_map_kind (names)  */
    { "log_head_keys", fric_io_log_header_key },
    { "log_entry_keys", fric_io_log_entry_key },
    { "io_codes", io_code },                /* fric_io_code                  */
    { "io_kinds", io_kind },                /* fric_io_kind: a JSON value's  */
    { "io_file_kinds", io_file_kind },      /* fric_io_file_kind: the files  */
    { "lerobot_units", fric_lerobot_unit_name }, /* fric_lerobot_unit          */
    { "fit_param_keys", fric_fit_param_key },
    { "fit_param_units", fric_fit_param_unit },
    { "ident_flag_ids", fric_ident_flag_id },     /* FRIC_IDENT_FLAGS: bit b's sentence id */
    { "ident_flag_texts", fric_ident_flag_text }, /* and its English text */
    { "native_fit_keys", fric_native_fit_key },   /* FRIC_NATIVE_FIT_LIST */
};

static const struct { const char *name; double value; } constants[] = {
    { "value_sep", FRIC_VALUE_SEP },                         /* fric_error.values' separator (a character code) */
    { "eval_phi", FRIC_EVAL_PHI },                           /* fric_eval_what: Φ            */
    { "eval_phi_z", FRIC_EVAL_PHI_Z },                       /* Φ_Z exact                    */
    { "eval_approx", FRIC_EVAL_APPROX },                     /* Φ̂_Z (Kikuuwe eq. 46)         */
    { "fit_default_budget", FRIC_FIT_DEFAULT_BUDGET },       /* evaluations: M1–M3, one try */
    { "native_fit_budget", FRIC_NATIVE_FIT_BUDGET },         /* evaluations: the native fit */
    { "fit_tries", FRIC_FIT_TRIES },                         /* of M4–M6 (fric_fit.h) */
    { "fit_default_restarts", FRIC_FIT_DEFAULT_RESTARTS },
    { "fit_default_sigma0", FRIC_FIT_DEFAULT_SIGMA0 },
    { "fit_warm_sigma0", FRIC_FIT_WARM_SIGMA0 },
    { "fit_max_logs", FRIC_FIT_MAX_LOGS },
    { "fit_n", FRIC_FIT_N },
    { "scenario_max_shape", FRIC_SCENARIO_MAX_SHAPE },       /* points */
    { "log_head_numbers", FRIC_IO_H_MOTOR },                 /* fric_io_log_raw.head */
    { "io_resample_dt", FRIC_IO_RESAMPLE_DT },               /* [s] a raw log's step */
    { "mj_noslip_iterations", FRIC_MUJOCO_NOSLIP_ITERATIONS },
    { "mj_max_joints", FRIC_MUJOCO_MAX_JOINTS },
    { "robot_stick_speed", FRIC_ROBOT_STICK_SPEED },         /* [rad/s] the table's STICK */
    { "robot_creep_window", FRIC_ROBOT_CREEP_WINDOW },       /* [s] the creep rate's window */
    { "robot_max_steps", (double)FRIC_ROBOT_MAX_STEPS },     /* the most steps a run may ask */
    { "robot_start_key", FRIC_ROBOT_START_KEY },             /* the default start's keyframe */
    { "robot_print_zero", FRIC_ROBOT_PRINT_ZERO },           /* a table's 0 below this */
    { "mj_map_max", FRIC_MUJOCO_MAP_MAX },                       /* mapping entries */
    { "params_carry_bytes", sizeof(fric_io_params_carry) },  /* a carry's size      */
    { "io_max_log_bytes", (double)FRIC_IO_MAX_LOG_BYTES },   /* a log's size limit  */
    { "io_max_params_bytes", (double)FRIC_IO_MAX_PARAMS_BYTES }, /* a params file's  */
    { "io_max_mjcf_bytes", (double)FRIC_MJCF_MAX_BYTES },    /* an MJCF text's      */
    { "io_max_asset_bytes", (double)FRIC_IO_MAX_ASSET_BYTES }, /* a mesh's, ...     */
    { "io_max_robot_bytes", (double)FRIC_IO_MAX_ROBOT_BYTES }, /* a robot's files'  */
    { "io_max_recording_bytes", (double)FRIC_IO_MAX_RECORDING_BYTES }, /* a recording's CSV */
    { "io_max_dataset_bytes", (double)FRIC_IO_MAX_DATASET_BYTES }, /* a LeRobot dataset's file */
    { "rec_gap", FRIC_REC_GAP },                             /* periods: frames dropped */
    { "rec_max_joints", FRIC_REC_MAX_JOINTS },
    { "ident_nudge", FRIC_IDENT_NUDGE },                     /* [rad] the stiffness's step */
    { "ident_count", FRIC_IDENT_COUNT },                     /* [rad] one count: the floor */
    { "ident_firmware_kp", FRIC_IDENT_FIRMWARE_KP },         /* LeRobot's STS3215 P gain */
    { "ident_budget", FRIC_IDENT_BUDGET },                   /* evaluations a joint */
    { "ident_starts", FRIC_IDENT_STARTS },                   /* searches a joint */
    { "ident_window", FRIC_IDENT_WINDOW },                   /* [s] restart window */
    { "native_fit_n", FRIC_NATIVE_FIT_N },
};

static void put(fxb_json *j, const char *s)
{
    for (; *s; s++, j->len++)
        if (j->len + 1 < j->cap) j->buf[j->len] = *s;
}

static void put_str(fxb_json *j, const char *s)
{
    put(j, "\"");
    for (; s && *s; s++) {
        char c[8] = { *s, 0 };
        if (*s == '"' || *s == '\\') snprintf(c, sizeof c, "\\%c", *s);
        else if ((unsigned char)*s < 0x20) snprintf(c, sizeof c, "\\u%04x", (unsigned char)*s);
        put(j, c);
    }
    put(j, "\"");
}

/* `"name":`, after a comma unless it is the object's first member. */
static void put_key(fxb_json *j, int first, const char *name)
{
    put(j, first ? "" : ",");
    put_str(j, name);
    put(j, ":");
}

/* The size of layout `kind` (an array of nested structs: count = its bytes
 * over this), else `size` (the field is one item). */
static size_t layout_size(const char *kind, size_t size)
{
    for (size_t l = 0; l < sizeof layouts / sizeof layouts[0]; l++)
        if (!strcmp(layouts[l].name, kind)) return layouts[l].size;
    return size;
}

/* Writes the description into buf[cap] (NUL-terminated when it fits) and
 * returns its length without the NUL: call with cap 0 to size the buffer. */
FXB_EXPORT int fxb_boundary(char *buf, int cap)
{
    fxb_json j = { buf, cap > 0 ? (size_t)cap : 0, 0 };
    char num[64];
    put(&j, "{\"layouts\":{");
    for (size_t l = 0; l < sizeof layouts / sizeof layouts[0]; l++) {
        size_t n;
        const fxb_field *fields = layouts[l].fields(&n);
        put_key(&j, l == 0, layouts[l].name);
        snprintf(num, sizeof num, "{\"size\":%zu,\"fields\":[", layouts[l].size);
        put(&j, num);
        for (size_t f = 0; f < n; f++) {
            const fxb_field *F = &fields[f];
            size_t item = !strcmp(F->kind, "f64") || !strcmp(F->kind, "i64") || !strcmp(F->kind, "u64") ? 8
                        : !strcmp(F->kind, "chars") ? 1 : layout_size(F->kind, F->size);
            put(&j, f ? ",[" : "[");
            put_str(&j, F->name);
            put(&j, ",");
            put_str(&j, F->unit);
            put(&j, ",");
            put_str(&j, F->kind);
            snprintf(num, sizeof num, ",%zu,%zu]", F->offset, F->size / item);
            put(&j, num);
        }
        put(&j, "]}");
    }
    put(&j, "},\"tables\":{");
    for (size_t t = 0; t < sizeof tables / sizeof tables[0]; t++) {
        put_key(&j, t == 0, tables[t].name);
        put(&j, "[");
        /* to the NULL that ends each table: an empty entry is a value (a
           dimensionless parameter's unit in fit_param_units) */
        for (int i = 0; tables[t].at(i); i++) {
            put(&j, i ? "," : "");
            put_str(&j, tables[t].at(i));
        }
        put(&j, "]");
    }
    put(&j, "},\"constants\":{");
    for (size_t c = 0; c < sizeof constants / sizeof constants[0]; c++) {
        put_key(&j, c == 0, constants[c].name);
        snprintf(num, sizeof num, "%.17g", constants[c].value);
        put(&j, num);
    }
    put(&j, "}}");
    if (j.cap) j.buf[j.len < j.cap ? j.len : j.cap - 1] = 0;
    return (int)j.len;
}


/* Bytes of the wasm heap by malloc's count (for leak and integrity checks
 * in tests): in use, and free inside the arena. */
FXB_EXPORT double fxb_heap_used(void)
{
#ifdef __EMSCRIPTEN__
    return (double)mallinfo().uordblks;
#else
    return 0;
#endif
}
FXB_EXPORT double fxb_heap_free(void)
{
#ifdef __EMSCRIPTEN__
    return (double)mallinfo().fordblks;
#else
    return 0;
#endif
}

