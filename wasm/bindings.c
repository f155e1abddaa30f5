/*
 * bindings.c: the C side of the WebAssembly binding. Flat functions over
 * plain numbers, caller-provided buffers and handles, so that the JavaScript
 * wrapper (wasm/friction.js) owns every allocation: look-up tables, logs,
 * batches and fits are handles the wrapper frees. Nothing here keeps state
 * except the last call's outcome (status, parameter, message: errno-like).
 *
 * Naming: fxb_<area>_<verb>. Laws are passed as (kind, Fs, Fc, vs, D, alpha).
 *
 * Adding an export: write it here with FXB_EXPORT in front and call it from
 * friction.js; tools/gen_exports.mjs lists every FXB_EXPORT function into
 * build/wasm/exported_functions.json at build time. A struct that crosses
 * the boundary is read and written by the wrapper by name: its fields are
 * an X-macro table beside the struct in core/include (FRIC_*_FIELDS) and
 * fxb_boundary below hands the wrapper their offsets, sizes and kinds.
 *
 * Defence in depth: the wrapper validates every argument first; still, every
 * function here that takes a pointer and a count checks the count against
 * its bound (the length the C side reads, or FXB_MAX_BYTES for what it
 * writes) and returns an error status (set_status) instead of touching memory.
 */
#include <limits.h>
#include <math.h>
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
#include "fric_io.h"
#include "fric_adapter.h"
#include "fric_robot.h"
#include "fric_regions.h"
#include "fric_servo.h"
#include "fric_status.h"
#include "fxb_export.h"
#include "fxb_shared.h"

/* The last call's outcome: its fric_status, the parameter at fault (an
 * index: into the scenario's params for scenario calls, a fric_law_field
 * for law calls, a servo coefficient for regions calls; −1 none) and the
 * message ("" after a success). */
static char last_error[512];
static int last_status, last_param = -1;

static void set_status(int status, int param, const char *msg)
{
    last_status = status;
    last_param = status ? param : -1;
    snprintf(last_error, sizeof last_error, "%s", status && msg ? msg : "");
}

/* Records the core's last failure (fric_status_last) when rc != 0, else OK.
 * why: the address of the call's message, read only after rc is known
 * (function arguments are evaluated in no fixed order). */
static int from_core(int rc, const char *const *why)
{
    if (!rc) { set_status(FRIC_OK, -1, ""); return 0; }
    fric_error e = fric_status_last();
    const char *w = why ? *why : NULL;
    set_status(e.code ? (int)e.code : FRIC_E_PARAM_RANGE, e.param, w && *w ? w : e.message);
    return rc;
}

/* The largest buffer [bytes] the wrapper may hand over: a wasm32 malloc
 * takes an i32, so every request stays below 2^31 (friction.js MAX_BYTES). */
#define FXB_MAX_BYTES 2147483647.0

/* 1 (with FRIC_E_PARAM_RANGE and the message) unless 0 <= n and
 * n·item_bytes <= FXB_MAX_BYTES; the product is taken in double so that it
 * cannot wrap. */
static int count_bad(const char *what, double n, double item_bytes)
{
    if (n >= 0 && n * item_bytes <= FXB_MAX_BYTES) return 0;
    char msg[160];
    snprintf(msg, sizeof msg, "%s = %.17g is outside 0 .. %.17g (buffers stay below 2^31 bytes).",
             what, n, floor(FXB_MAX_BYTES / item_bytes));
    set_status(FRIC_E_PARAM_RANGE, -1, msg);
    return 1;
}

/* 1 (with FRIC_E_PARAM_RANGE) unless the caller's vector has exactly the
 * `want` numbers the C side reads. */
static int length_bad(const char *what, int n, int want)
{
    if (n == want) return 0;
    char msg[160];
    snprintf(msg, sizeof msg, "%s has %d numbers; it must have exactly %d.", what, n, want);
    set_status(FRIC_E_PARAM_RANGE, -1, msg);
    return 1;
}

static void set_error(const char *msg) { set_status(msg && *msg ? FRIC_E_PARAM_RANGE : FRIC_OK, -1, msg); }

FXB_EXPORT const char *fxb_last_error(void) { return last_error; }
FXB_EXPORT int fxb_last_status(void) { return last_status; }
FXB_EXPORT int fxb_last_param(void) { return last_param; }

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
    L(mujoco_map_entry, fric_mujoco_map_entry, FRIC_MUJOCO_MAP_ENTRY_FIELDS) \
    L(mujoco_adopted, fric_mujoco_adopted, FRIC_MUJOCO_ADOPTED_FIELDS) \
    L(robot_model, fric_robot_model, FRIC_ROBOT_MODEL_FIELDS) \
    L(robot_joint, fric_robot_joint, FRIC_ROBOT_JOINT_FIELDS) \
    L(robot_actuator, fric_robot_actuator, FRIC_ROBOT_ACTUATOR_FIELDS) \
    L(robot_edit, fric_robot_edit, FRIC_ROBOT_EDIT_FIELDS) \
    L(robot_row, fric_robot_row, FRIC_ROBOT_ROW_FIELDS)

/* One field of the struct fxb_t (a typedef in each layout's function). */
#define FXB_FIELD(f, u) { #f, u, FXB_KIND(((fxb_t *)0)->f), offsetof(fxb_t, f), sizeof(((fxb_t *)0)->f) },
/* fric_servo_friction: its model, then FRIC_SERVO_COEFS (whose second
 * column is the params-file key, not a unit). */
#define FXB_FIELD_NO_UNIT(f, NAME) FXB_FIELD(f, "")
#define FXB_SERVO_FRICTION_FIELDS(X) X(model, "") FRIC_SERVO_COEFS(FXB_FIELD_NO_UNIT)

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
static const struct { const char *name; const char *(*at)(int i); } tables[] = {
    { "law_kinds", law_kind },              /* fric_kind                     */
    { "law_fields", law_field },            /* fric_law_field                */
    { "servo_fields", servo_field },        /* model, K_c, …, K_v            */
    { "servo_keys", servo_key },            /* model, friction_base, …       */
    { "treatments", treatment },            /* fric_bench_treatments (names) */
    { "mj_treatments", mj_treatment },      /* fric_mujoco_treatment (names)     */
    { "mj_step_inputs", mj_input },         /* fric_mujoco_step_in, fxb_mj_step  */
    { "integrators", integrator_name },     /* fric_bench_integrator (names) */
    { "log_head_keys", fric_io_log_header_key },
    { "log_entry_keys", fric_io_log_entry_key },
    { "io_codes", io_code },                /* fric_io_code                  */
    { "io_kinds", io_kind },                /* fric_io_kind: a JSON value's  */
    { "fit_param_keys", fric_fit_param_key },
    { "fit_param_units", fric_fit_param_unit },
};

static const struct { const char *name; double value; } constants[] = {
    { "fit_default_budget", FRIC_FIT_DEFAULT_BUDGET },       /* evaluations: M1–M3, one try */
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
    { "mj_core_size", sizeof(fric_mujoco_core) },                /* bytes */
    { "mj_def_size", sizeof(fric_mujoco_joint_def) },            /* bytes */
    { "mj_map_max", FRIC_MUJOCO_MAP_MAX },                       /* mapping entries */
    { "params_carry_bytes", sizeof(fric_io_params_carry) },  /* a carry's size      */
};

/* A growing JSON text in the caller's buffer (cap bytes); len counts every
 * byte the whole text needs, written or not. */
typedef struct { char *buf; size_t cap, len; } fxb_json;

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
                        : !strcmp(F->kind, "chars") ? 1 : F->size;
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

static fric_law make_law(int kind, double Fs, double Fc, double vs, double D, double alpha)
{
    fric_law law = { (fric_kind)kind, Fs, Fc, vs, D, alpha };
    return law;
}

/* Bytes of the wasm heap by malloc's count (for leak and integrity checks
 * in tests): what 0 in use, 1 free inside the arena. */
FXB_EXPORT double fxb_heap_used(int what)
{
#ifdef __EMSCRIPTEN__
    struct mallinfo mi = mallinfo();
    return (double)(what == 1 ? mi.fordblks : mi.uordblks);
#else
    (void)what;
    return 0;
#endif
}

/* ------------------------------------------------------------------ laws */

FXB_EXPORT int fxb_law_check(int kind, double Fs, double Fc, double vs, double D, double alpha, double Z)
{
    fric_law law = make_law(kind, Fs, Fc, vs, D, alpha);
    const char *why = "";
    return from_core(fric_law_check(&law, Z, &why), &why);
}

/* which: 0 Φ, 1 Φ_Z exact, 2 Φ̂_Z (eq. 46) (FRIC_EVAL_PHI … _APPROX).
 * Evaluates n points of x into y through fric_law_eval. Returns 0, or 1
 * with the core's status and message for an invalid law or a result beyond
 * the largest double (FRIC_E_NONFINITE, param FRIC_LAW_D, or FRIC_LAW_Z for
 * Φ̂_Z with Z·D > 1). */
FXB_EXPORT int fxb_law_eval(int kind, double Fs, double Fc, double vs, double D, double alpha,
                            double Z, int which, const double *x, double *y, int n)
{
    if (count_bad("n (points)", n, 2 * sizeof(double))) return 1;
    if (which < FRIC_EVAL_PHI || which > FRIC_EVAL_APPROX) {
        set_status(FRIC_E_PARAM_RANGE, -1, "which must be 0 (Φ), 1 (Φ_Z) or 2 (eq. 46).");
        return 1;
    }
    fric_law law = make_law(kind, Fs, Fc, vs, D, alpha);
    const char *why = "";
    return from_core(fric_law_eval((fric_eval_what)which, &law, Z, NULL, x, y, (size_t)n, &why),
                     &why) != 0;
}

FXB_EXPORT double fxb_phi_plus0(int kind, double Fs, double Fc, double vs, double D, double alpha)
{
    fric_law law = make_law(kind, Fs, Fc, vs, D, alpha);
    return fric_phi_plus0(&law);
}

FXB_EXPORT double fxb_lambert_w0(double x) { return fric_lambert_w0(x); }

/* 1 when a law of this kind uses fric_law_field `field`. */
FXB_EXPORT int fxb_law_field_used(int kind, int field) { return fric_law_field_used((fric_kind)kind, field); }

/* The accepted range of fric_law_field `field`: its lower (hi = 0) or upper
 * (hi = 1) end; NaN for an unknown field. */
FXB_EXPORT double fxb_law_field_range(int field, int hi)
{
    double lo, up;
    if (fric_law_field_range(field, &lo, &up)) return NAN;
    return hi ? up : lo;
}

/* --------------------------------------------------------- look-up table */

FXB_EXPORT fric_lut *fxb_lut_new(int kind, double Fs, double Fc, double vs, double D, double alpha,
                                 double Z, double tol)
{
    fric_law law = make_law(kind, Fs, Fc, vs, D, alpha);
    const char *why = "";
    if (from_core(fric_law_check(&law, Z, &why), &why)) return NULL;
    fric_lut *lut = fric_lut_create(&law, Z, tol, NULL);
    if (!lut) {
        if (!(tol > 0) || !isfinite(tol))
            set_status(FRIC_E_PARAM_RANGE, -1, "tol must be a finite tolerance > 0 N.");
        else if (kind != FRIC_STRIBECK)
            set_status(FRIC_E_UNSUPPORTED, -1, "the look-up table is built for the Stribeck law only.");
        else
            set_status(FRIC_E_UNSUPPORTED, -1, "no table could be built for this law and tolerance "
                       "(tolerance below what double evaluation can guarantee, or out of memory).");
        return NULL;
    }
    set_status(FRIC_OK, -1, "");
    return lut;
}

/* Evaluates n points of x into y through fric_law_eval. 0, or 1 with the
 * core's status and message (no table; a result beyond the largest double). */
FXB_EXPORT int fxb_lut_eval(const fric_lut *lut, const double *x, double *y, int n)
{
    if (count_bad("n (points)", n, 2 * sizeof(double))) return 1;
    const char *why = "";
    return from_core(fric_law_eval(FRIC_EVAL_LUT, NULL, 0, lut, x, y, (size_t)n, &why), &why) != 0;
}

FXB_EXPORT double fxb_lut_bytes(const fric_lut *lut) { return (double)fric_lut_bytes(lut); }

FXB_EXPORT void fxb_lut_free(fric_lut *lut) { fric_lut_destroy(lut); }

/* ------------------------------------------------------------ scenarios */
/* The wrapper reads each scenario's description (fric_scenario, its
 * params[] and cols[]) through the layouts of fxb_boundary. */

FXB_EXPORT int fxb_scn_count(void) { return fric_scenario_count(); }

/* Scenario i (constant data), NULL out of range. */
FXB_EXPORT const fric_scenario *fxb_scn_at(int i) { return fric_scenario_at(i); }

static const fric_scenario *scn(int i) { return fric_scenario_at(i); }

/* fric_scenario_init or fric_scenario_retune (apply) of scenario i on
 * state with p[n] (n must be n_params). 0, or the status. */
static int scn_apply(fric_status (*apply)(const fric_scenario *, void *, const double *,
                                          const char **),
                     int i, void *state, const double *p, int n)
{
    const fric_scenario *s = scn(i);
    if (!s) { set_status(FRIC_E_UNKNOWN_NAME, -1, "no such scenario"); return FRIC_E_UNKNOWN_NAME; }
    if (length_bad("params", n, s->n_params)) return FRIC_E_PARAM_RANGE;
    const char *why = "";
    return from_core(apply(s, state, p, &why), &why);
}

/* Initialises state (state_bytes, 16-byte aligned) from p[n] (n must be
 * n_params; fric_scenario_init: every value range-checked first). 0, or the
 * status. */
FXB_EXPORT int fxb_scn_init(int i, void *state, const double *p, int n)
{
    return scn_apply(fric_scenario_init, i, state, p, n);
}

/* Applies new parameter values p[n] (n = n_params) to a running simulation
 * (live tuning). */
FXB_EXPORT int fxb_scn_retune(int i, void *state, const double *p, int n)
{
    return scn_apply(fric_scenario_retune, i, state, p, n);
}

/* Advances up to n rows into rows[n × n_cols]. Returns the number of rows
 * written (fewer than n when the run ended), or −1 − rows on error (the
 * message in fxb_last_error; rows before it are valid). */
FXB_EXPORT int fxb_scn_step(int i, void *state, double *rows, int n)
{
    const fric_scenario *s = scn(i);
    if (!s) { set_status(FRIC_E_UNKNOWN_NAME, -1, "no such scenario"); return -1; }
    if (count_bad("n (rows)", n, (double)s->n_cols * sizeof(double))) return -1;
    int k = 0;
    for (; k < n; k++) {
        const char *why = "";
        int rc = fric_scenario_step(s, state, rows + (size_t)k * (size_t)s->n_cols, &why);
        if (rc == FRIC_SCENARIO_DONE) break;
        if (rc == FRIC_SCENARIO_ERROR) { from_core(1, &why); return -1 - k; }
    }
    return k;
}

/* The scenario's picture after the last step (fric_scenario.shape): up to
 * max points (x, y, mark) into xyf[3·max]. Returns the count, or −1 when the
 * scenario has none (message in fxb_last_error). */
FXB_EXPORT int fxb_scn_shape(int i, const void *state, double *xyf, int max)
{
    const fric_scenario *s = scn(i);
    if (!s) { set_status(FRIC_E_UNKNOWN_NAME, -1, "no such scenario"); return -1; }
    if (count_bad("max (points)", max, 3.0 * sizeof(double))) return -1;
    int k = fric_scenario_shape(s, state, xyf, max);
    if (k < 0) { const char *why = fric_status_last().message; from_core(1, &why); }
    return k;
}

/* ------------------------------------------------- servo presets (bench) */

/* Number i of the servo friction model: what 0: 1 when model M<model> uses
 * it, 1: 1 when it must be > 0 (else >= 0). */
FXB_EXPORT int fxb_servo_coef(int model, int i, int what)
{
    return what == 0 ? fric_servo_coef_used(model, i) : fric_servo_coef_positive(i);
}

FXB_EXPORT int fxb_preset_count(void) { return fric_bench_preset_count(); }

/* Preset i (constant data, layout bench_preset), NULL out of range. */
FXB_EXPORT const fric_bench_preset *fxb_preset_at(int i) { return fric_bench_preset_at(i); }

/* 1 (with the message) unless n is the bench scenario's parameter count. */
static int bench_params_bad(int n)
{
    const fric_scenario *s = fric_scenario_find("bench");
    if (!s) { set_status(FRIC_E_UNKNOWN_NAME, -1, "no bench scenario"); return 1; }
    return length_bad("params", n, s->n_params);
}

/* The bench the parameters p[n] (n = its n_params) resolve to
 * (fric_bench_def_from_params) into *out (layout bench_def). 0, or 1 with
 * the message. */
FXB_EXPORT int fxb_bench_servo(const double *p, int n, fric_bench_def *out)
{
    if (bench_params_bad(n)) return 1;
    const char *why = "";
    if (from_core(fric_bench_def_from_params(p, NULL, out, &why), &why)) return 1;
    set_error("");
    return 0;
}

/* The bench scenario's parameters p[n] (n = its n_params) with every −1
 * ("preset") resolved into out[n]. */
FXB_EXPORT int fxb_bench_resolve(const double *p, int n, double *out)
{
    if (bench_params_bad(n)) return 1;
    const char *why = "";
    return from_core(fric_bench_def_from_params(p, out, NULL, &why), &why);
}

/* The actuator a log's motor field names (fric_bench_actuator_resolve:
 * "sts3250" -> "sts3215"), NULL when none: the one alias table, the CLI's. */
FXB_EXPORT const char *fxb_actuator_resolve(const char *motor)
{
    return motor ? fric_bench_actuator_resolve(motor) : NULL;
}

/* The core's sentence for a motor field that names another actuator
 * (fric_bench_actuator_note) into buf[cap]; returns its full length. */
FXB_EXPORT int fxb_actuator_note(const char *motor, char *buf, int cap)
{
    set_error("");
    return motor && cap >= 0 ? (int)fric_bench_actuator_note(motor, buf, (size_t)cap) : 0;
}

/* ------------------------------------------------- params files (io) */

/* fit[4] = training MAE, held-out MAE (NaN: none), logs, evaluations as
 * the writer's fit metadata; returns meta. */
static const fric_io_params_fit *fit_meta(const double *fit, fric_io_params_fit *meta)
{
    meta->train_mae = fit[0];
    meta->holdout_mae = fit[1];
    meta->logs = fit[2] >= 0 && fit[2] < 1e9 ? (size_t)fit[2] : 0;
    meta->evaluations = fit[3] >= 0 && fit[3] < 1e15 ? (long)fit[3] : 0;
    return meta;
}

/* Writes the params file of (actuator, servo[9] = kt, R, armature, q_offset,
 * error_gain_ratio, max_velocity, max_current, current_limit, max_torque
 * (0: not written), integrator (0 bam: not written, 1 mujoco), carry (the
 * keys the core does not model, fxb_params_carry_add; may be NULL),
 * coefs[FRIC_SERVO_N_COEFS] = model then FRIC_SERVO_COEFS, fit[4] = training
 * MAE, held-out MAE (NaN: none), logs, evaluations, or NULL) into buf[cap]
 * with fric_io_params_write, the CLI's writer. Returns the file's length
 * (>= cap: buf was too small, call again with more), or −1 with the message
 * (the status and the parameter index in the file's order). */
FXB_EXPORT int fxb_params_write(const char *actuator, const double *servo, const double *coefs,
                                const double *fit, int integrator,
                                const fric_io_params_carry *carry, char *buf, int cap)
{
    if (count_bad("cap", cap, 1)) return -1;
    fric_io_params_file f;
    memset(&f, 0, sizeof f);
    f.actuator = actuator;
    f.kt = servo[0];
    f.R = servo[1];
    f.armature = servo[2];
    f.q_offset = servo[3];
    f.error_gain_ratio = servo[4];
    f.max_velocity = servo[5];
    f.max_current = servo[6];
    f.current_limit = servo[7];
    f.max_torque = servo[8];
    f.integrator = integrator;
    f.carry = carry;
    fric_servo_from_array(coefs, &f.friction);
    fric_io_params_fit meta;
    if (fit) f.fit = fit_meta(fit, &meta);
    size_t len = 0;
    fric_status rc = fric_io_params_write(&f, buf, (size_t)cap, &len);
    if (rc == FRIC_E_BUFFER) return (int)len;
    const char *why = fric_status_last().message;
    if (from_core(rc, &why)) return -1;
    set_error("");
    return (int)len;
}

/* One key of a params file (JSON.parse's value: kind FRIC_IO_NUMBER with
 * num, FRIC_IO_STRING with str, or another fric_io_kind) into the bench
 * scenario's parameters p[n], in place, by fric_io_params_set: the CLI's
 * rules and messages (source names the file). 0, or 1 with the message and
 * *err filled (layout io_error). */
FXB_EXPORT int fxb_params_set(double *p, int n, const char *key, int kind, double num,
                              const char *str, const char *source, fric_io_error *err)
{
    memset(err, 0, sizeof *err);
    if (bench_params_bad(n)) return 1;
    fric_status rc = fric_io_params_set(fric_scenario_find("bench"), p, key, (fric_io_kind)kind,
                                        num, str, source, err);
    if (rc) { set_status(rc, fric_status_last().param, err->message); return 1; }
    set_error("");
    return 0;
}

/* One key of a params file as fxb_params_set, but a key the core does not
 * model goes to carry (params_carry_bytes, zeroed by the caller) with json,
 * its value's JSON text (fric_io_params_key). 0 set, 2 carried (warn with
 * fxb_params_carry_note), or 1 with the message and *err filled. */
FXB_EXPORT int fxb_params_key(double *p, int n, fric_io_params_carry *carry, const char *key,
                              int kind, double num, const char *str, const char *json,
                              const char *source, fric_io_error *err)
{
    memset(err, 0, sizeof *err);
    if (bench_params_bad(n)) return 1;
    int carried = 0;
    fric_status rc = fric_io_params_key(fric_scenario_find("bench"), p, carry, key,
                                        (fric_io_kind)kind, num, str, json, source, &carried, err);
    if (rc) { set_status(rc, fric_status_last().param, err->message); return 1; }
    set_error("");
    return carried ? 2 : 0;
}

/* Adds (key, json) to carry (fric_io_params_carry_add): 0, or 1 with the
 * message and *err filled. */
FXB_EXPORT int fxb_params_carry_add(fric_io_params_carry *carry, const char *key,
                                    const char *json, const char *source, fric_io_error *err)
{
    memset(err, 0, sizeof *err);
    fric_status rc = fric_io_params_carry_add(carry, key, json, source, err);
    if (rc) { set_status(rc, fric_status_last().param, err->message); return 1; }
    set_error("");
    return 0;
}

/* Carried key i of carry (which 0) or its JSON text (which 1), NULL past
 * the end. */
FXB_EXPORT const char *fxb_params_carry_at(const fric_io_params_carry *carry, int i, int which)
{
    if (!carry || i < 0 || i >= carry->n || i >= FRIC_IO_CARRY_KEYS) return NULL;
    return which ? carry->value[i] : carry->key[i];
}

/* The core's one warning for a carried key into buf[cap] (fric_io_params_carry_note). */
FXB_EXPORT void fxb_params_carry_note(const char *key, const char *source, char *buf, int cap)
{
    if (cap > 0) fric_io_params_carry_note(key, source, buf, (size_t)cap);
}

/* --------------------------------------------------------- logs (io) */
/* JSON.parse in wasm/friction.js hands a log over as fric_io_log_raw's plain
 * arrays; the rules, the messages and the resampling are io's (fric_io.h),
 * the same as the command line's. A checked log is a handle (a fric_io_log
 * whose arrays are views into the caller's buffers): the wrapper keeps the
 * buffers alive until fxb_log_free. */

/* Checks and loads a log. root: the document's kind; hk[FRIC_IO_H_COUNT]
 * header kinds, h[FRIC_IO_H_MOTOR] header numbers; motor, trajectory (0 when
 * absent); n entries: ek[n] entry kinds, kind[FRIC_IO_E_COUNT·n] and
 * value[...] by column; unknown: the first key the format lacks (0 if none)
 * and its entry (−1: header); te[n] scratch (it receives torque_enable: keep
 * it with the log). Returns the log, or NULL with *err filled (layout
 * io_error) and the message in fxb_last_error. */
FXB_EXPORT fric_io_log *fxb_log_load(int root, const unsigned char *hk, const double *h,
                                     const char *motor, const char *trajectory, int n,
                                     const unsigned char *ek, const unsigned char *kind,
                                     const double *value, const char *unknown, int unknown_entry,
                                     const char *source, int *te, fric_io_error *err)
{
    memset(err, 0, sizeof *err);
    if (count_bad("n (entries)", n, FRIC_IO_E_COUNT * (sizeof(double) + 1) + 1 + sizeof(int))) {
        err->code = FRIC_IO_RANGE;
        err->entry = -1;
        snprintf(err->message, sizeof err->message, "%.300s", last_error);
        set_status(FRIC_E_LOG_INVALID, -1, err->message);
        return NULL;
    }
    fric_io_log_raw raw;
    memset(&raw, 0, sizeof raw);
    raw.root = (fric_io_kind)root;
    memcpy(raw.head_kind, hk, sizeof raw.head_kind);
    memcpy(raw.head, h, sizeof raw.head);
    raw.motor = motor;
    raw.trajectory = trajectory;
    raw.n = (size_t)n;
    raw.entry_kind = ek;
    raw.kind = kind;
    raw.value = value;
    raw.unknown_key = unknown;
    raw.unknown_entry = unknown_entry;
    fric_io_log *lg = malloc(sizeof *lg);
    if (!lg) {
        err->code = FRIC_IO_MEMORY;
        err->entry = -1;
        snprintf(err->message, sizeof err->message, "out of memory for the log.");
        set_status(FRIC_E_NO_MEMORY, -1, err->message);
        return NULL;
    }
    int rc = fric_io_log_create_from_raw(&raw, te, source, lg, err);
    if (rc) {
        free(lg);
        set_status(rc, -1, err->message);   /* the core's status, io's message */
        return NULL;
    }
    set_status(FRIC_OK, -1, "");
    return lg;
}

/* Frees a log of fxb_log_load (not its arrays: the caller's). */
FXB_EXPORT void fxb_log_free(fric_io_log *lg) { free(lg); }

/* 1 (FRIC_E_NULL) when there is no log. */
static int log_bad(const fric_io_log *lg)
{
    if (lg) return 0;
    set_status(FRIC_E_NULL, -1, "no log (freed?).");
    return 1;
}

/* Samples of the log (0 when there is none). */
FXB_EXPORT int fxb_log_samples(const fric_io_log *lg) { return lg ? (int)fric_io_log_samples(lg) : 0; }

/* The recorded series the replay scores (fric_io_log_sample): t [s],
 * position and goal [rad], min(cap, samples) values each; and, when speed
 * and torque_enable are not NULL, what a replay drives a simulator with:
 * the measured speed [rad/s] and torque enable (0/1). */
FXB_EXPORT int fxb_log_series(const fric_io_log *lg, double *t, double *q, double *goal, double *speed,
                              double *torque_enable, int cap)
{
    if (log_bad(lg) || count_bad("cap", cap, 5 * sizeof(double))) return 1;
    size_t N = fric_io_log_samples(lg), cursor = 0;
    for (size_t k = 0; k < N && k < (size_t)cap; k++) {
        fric_io_sample s = fric_io_log_sample(lg, k, &cursor);
        t[k] = s.t;
        q[k] = s.position;
        goal[k] = s.goal;
        if (speed) speed[k] = s.speed;
        if (torque_enable) torque_enable[k] = s.torque_enable;
    }
    set_error("");
    return 0;
}

/* Replays the log with the bench scenario's parameters p (friction, servo,
 * treatment). sim_q receives min(cap, samples) positions; *res the result
 * (layout bench_replay_result). 0, or 1 with the message. */
FXB_EXPORT int fxb_bench_replay(const double *p, int n, double *sim_q, int cap,
                                fric_bench_replay_result *res, const fric_io_log *lg)
{
    fric_bench_def d;
    const char *why = "";
    if (bench_params_bad(n) || count_bad("cap", cap, sizeof(double))) return 1;
    if (!lg) { set_status(FRIC_E_LOG_INVALID, -1, "replay: no log is loaded."); return 1; }
    if (from_core(fric_bench_def_from_params(p, NULL, &d, &why), &why)) return 1;
    if (from_core(fric_bench_replay(&d, lg, sim_q, (size_t)cap, res, &why), &why)) return 1;
    set_error("");
    return 0;
}

/* ------------------------------------------- MuJoCo's joint, MuJoCo-free */
/* fric_joint.h: the per-joint step of the MuJoCo adapter for the explorer's
 * "In MuJoCo" view, where MuJoCo is its own wasm module: the wrapper
 * allocates a fric_joint (layout joint: its size, the fields it reads after
 * a step), hands the step plain numbers read from MuJoCo's arrays and writes
 * the returned force or frictionloss back. */

/* The bench def of the parameters p[n], for the log lg's header and gains
 * when lg is not NULL (fric_bench_def_from_log). 1 with the message. */
static int bench_def_of(const double *p, int n, const fric_io_log *lg, fric_bench_def *d)
{
    const char *why = "";
    if (bench_params_bad(n)) return 1;
    if (from_core(fric_bench_def_from_params(p, NULL, d, &why), &why)) return 1;
    if (lg) {
        fric_bench_def e;
        fric_bench_def_from_log(d, lg, &e);
        *d = e;
    }
    return 0;
}

/* The error channel and the bench vector for the other binding files
 * (wasm/fxb_shared.h). */
int fxb_from_core(int rc, const char *const *why) { return from_core(rc, why); }
void fxb_set_status(int status, int param, const char *msg) { set_status(status, param, msg); }
int fxb_bench_def_of(const double *p, int n, fric_bench_def *d) { return bench_def_of(p, n, NULL, d); }

/* The pendulum bench of the parameters p[n] (and of the log lg's header,
 * or NULL) as MJCF (fric_mujoco_bench_mjcf) into buf[cap]: returns the
 * length the text needs without its NUL (call with cap 0 to size), −1 with
 * the message. */
FXB_EXPORT int fxb_bench_mjcf(const double *p, int n, const fric_io_log *lg, char *buf, int cap)
{
    fric_bench_def d;
    if (count_bad("cap", cap, 1) || bench_def_of(p, n, lg, &d)) return -1;
    int len = fric_mujoco_bench_mjcf(&d, cap > 0 ? buf : NULL, cap > 0 ? (size_t)cap : 0);
    if (len < 0) { from_core(1, NULL); return -1; }
    set_error("");
    return len;
}

/* Joint j (wrapper-allocated, layout joint's size) with the servo of the
 * bench parameters p[n] (the log lg's gains when lg is not NULL), step h
 * [s], angle q0 [rad] (fric_joint_init). 0, or 1 with the message. */
FXB_EXPORT int fxb_joint_servo_init(fric_joint *j, const double *p, int n, const fric_io_log *lg,
                                    double h, double q0)
{
    fric_bench_def d;
    const char *why = "";
    if (!j) { set_status(FRIC_E_NULL, -1, "no joint."); return 1; }
    if (bench_def_of(p, n, lg, &d)) return 1;
    return from_core(fric_joint_init(j, 1, NULL, &d, h, q0, &why), &why);
}

/* Joint j with the law (kind, Fs, Fc, vs, D, alpha). 0, or 1 with the message. */
FXB_EXPORT int fxb_joint_law_init(fric_joint *j, int kind, double Fs, double Fc, double vs, double D,
                                  double alpha, double h, double q0)
{
    const char *why = "";
    if (!j) { set_status(FRIC_E_NULL, -1, "no joint."); return 1; }
    fric_law law = make_law(kind, Fs, Fc, vs, D, alpha);
    return from_core(fric_joint_init(j, 0, &law, NULL, h, q0, &why), &why);
}

/* The implicit step prepared with Z [rad/(N·m·s)] (fric_joint_retune). */
FXB_EXPORT int fxb_joint_prepare(fric_joint *j, double Z)
{
    const char *why = "";
    if (!(Z > 0) || !isfinite(Z)) {
        char msg[160];
        snprintf(msg, sizeof msg, "Z = h·(M⁻¹)_ii = %.17g is not a finite number > 0.", Z);
        set_status(FRIC_E_PARAM_RANGE, -1, msg);
        return 1;
    }
    return from_core(fric_joint_retune(j, Z, &why), &why);
}

/* The per-step calls (no allocation, no message): fric_joint.h. */
FXB_EXPORT void fxb_joint_set_z(fric_joint *j, double Z) { fric_joint_set_z(j, Z); }
FXB_EXPORT void fxb_joint_goal(fric_joint *j, double goal, int torque_enable)
{
    fric_joint_goal(j, goal, torque_enable);
}
FXB_EXPORT double fxb_joint_step(fric_joint *j, double q, double v, double v_free, double tau_e)
{
    return fric_joint_step(j, q, v, v_free, tau_e);
}
FXB_EXPORT double fxb_joint_loss(fric_joint *j, double q, double v, double tau_e)
{
    return fric_joint_loss(j, q, v, tau_e);
}
FXB_EXPORT double fxb_joint_rest_loss(const fric_joint *j) { return fric_joint_rest_loss(j); }
FXB_EXPORT double fxb_joint_damping(const fric_joint *j) { return fric_joint_damping(j); }

/* ------------------------- the MuJoCo adapter's orchestration, MuJoCo-free */
/* fric_adapter.h's fric_mujoco_core for the explorer's "In MuJoCo" view: the
 * wrapper allocates the state (constant mj_core_size bytes), the joint defs
 * (mj_def_size each, filled by fxb_mj_def_law / fxb_mj_def_servo) and, once,
 * the per-step arrays; the view copies MuJoCo's arrays in and the results
 * back. */

/* Def i of defs[] with the law (kind, Fs, Fc, vs, D, alpha); name (the
 * joint's, the wrapper's until fxb_mj_init returns). */
FXB_EXPORT void fxb_mj_def_law(fric_mujoco_joint_def *defs, int i, const char *name, int kind, double Fs,
                               double Fc, double vs, double D, double alpha)
{
    memset(&defs[i], 0, sizeof defs[i]);
    defs[i].joint = name;
    defs[i].law = make_law(kind, Fs, Fc, vs, D, alpha);
}

/* Def i with the servo of the bench parameters p[n] (the log lg's gains
 * when lg is not NULL), its goal source's range [goal_lo, goal_hi] (lo >=
 * hi: none) and held (fric_mujoco_joint_def). 0, or 1 with the message. */
FXB_EXPORT int fxb_mj_def_servo(fric_mujoco_joint_def *defs, int i, const char *name, const double *p, int n,
                                const fric_io_log *lg, double goal_lo, double goal_hi, int held)
{
    memset(&defs[i], 0, sizeof defs[i]);
    defs[i].joint = name;
    defs[i].servo = 1;
    defs[i].held = held != 0;
    defs[i].goal_lo = goal_lo;
    defs[i].goal_hi = goal_hi;
    return bench_def_of(p, n, lg, &defs[i].bench);
}

/* fric_mujoco_core_init: model[5] = h [s], integrator, any_damping,
 * noslip_iterations, minv_unknown; jm[6·n] per joint: type, frictionloss, damping,
 * armature, (M⁻¹)_ii, q0 (fric_mujoco_joint_model's order); writes[2·n + 2]:
 * what the model gets, each joint's frictionloss, then each damping, then
 * noslip_iterations; then several (0: the exact one-joint step, whose
 * caller reads (M⁻¹)_ii and qacc_smooth; else the semi-implicit step's
 * inputs). 0, or 1 with the core's message. */
FXB_EXPORT int fxb_mj_init(fric_mujoco_core *o, const double *model, const double *jm,
                           const fric_mujoco_joint_def *defs, int n, int treatment, double *writes)
{
    if (count_bad("n (joints)", n, 1)) return 1;
    fric_mujoco_joint_model J[FRIC_MUJOCO_MAX_JOINTS];
    for (int i = 0; i < n && i < FRIC_MUJOCO_MAX_JOINTS; i++) {
        const double *x = jm + 6 * i;
        J[i] = (fric_mujoco_joint_model){ (int)x[0], x[1], x[2], x[3], x[4], x[5] };
    }
    fric_mujoco_model M = { model[0], (int)model[1], model[2] != 0, (int)model[3], model[4] != 0 };
    const char *why = "";
    if (from_core(fric_mujoco_core_init(o, &M, J, defs, n, (fric_mujoco_treatment)treatment, &why), &why)) return 1;
    for (int i = 0; i < n; i++) {
        writes[i] = o->j[i].frictionloss;
        writes[n + i] = o->j[i].damping;
    }
    writes[2 * n] = o->noslip_iterations;
    writes[2 * n + 1] = o->several;
    set_error("");
    return 0;
}

/* One step (no allocation, no message): in[FRIC_MUJOCO_STEP_N_INPUTS·n], each
 * input's n values in FRIC_MUJOCO_STEP_INPUTS order (table mj_step_inputs);
 * out[2·n]: the forces to add to qfrc_passive, then the frictionloss values
 * (FRICTIONLOSS/NOSLIP). */
FXB_EXPORT void fxb_mj_step(fric_mujoco_core *o, const double *in, double *out)
{
    int n = o->n, k = 0;
    fric_mujoco_step_in x;
#define FXB_MJ_INPUT(f, unit) x.f = in + n * k++;
    FRIC_MUJOCO_STEP_INPUTS(FXB_MJ_INPUT)
#undef FXB_MJ_INPUT
    fric_mujoco_core_step(o, &x, out, out + n);
}

FXB_EXPORT void fxb_mj_goal(fric_mujoco_core *o, int i, double goal, int torque_enable)
{
    fric_mujoco_core_goal(o, i, goal, torque_enable);
}

/* Joint i's per-joint step (layout joint), inside the state. */
FXB_EXPORT fric_joint *fxb_mj_joint(fric_mujoco_core *o, int i) { return &o->j[i].s; }

/* ------------------------------------------------ drive/backdrive regions */
/* kind 0: servo, c = the 14 numbers of fric_servo_coef_fields; kind 1:
 * screw, c = the fields of fric_screw in FRIC_SCREW_FIELDS order. n: the
 * count of c. 1 (with the message) when kind or n is wrong. */
#define FXB_COUNT(f, u) +1
static int regions_bad(int kind, int n)
{
    if (kind != 0 && kind != 1) {
        set_status(FRIC_E_PARAM_RANGE, -1, "kind must be 0 (servo) or 1 (screw).");
        return 1;
    }
    return length_bad("c (law numbers)", n, kind == 1 ? 0 FRIC_SCREW_FIELDS(FXB_COUNT) : FRIC_SERVO_N_COEFS);
}

static fric_regions_law regions_law(int kind, const double *c)
{
    fric_regions_law law;
    memset(&law, 0, sizeof law);
    law.kind = kind == 1 ? FRIC_REGIONS_SCREW : FRIC_REGIONS_SERVO;
    if (kind == 1) {
        int k = 0;
#define FXB_SCREW_FROM(f, u) law.screw.f = c[k++];
        FRIC_SCREW_FIELDS(FXB_SCREW_FROM)
#undef FXB_SCREW_FROM
    } else {
        fric_servo_from_array(c, &law.servo);
    }
    return law;
}

FXB_EXPORT int fxb_regions_check(int kind, const double *c, int nc, double dtheta)
{
    if (regions_bad(kind, nc)) return 1;
    fric_regions_law law = regions_law(kind, c);
    const char *why = "";
    return from_core(fric_regions_check(&law, dtheta, &why), &why);
}

/* 0 static, 1 drive, 2 backdrive, −1 invalid (or kind/nc wrong: the message). */
FXB_EXPORT int fxb_regions_classify(int kind, const double *c, int nc, double dtheta, double tau_m,
                                    double tau_e)
{
    if (regions_bad(kind, nc)) return -1;
    fric_regions_law law = regions_law(kind, c);
    return fric_regions_classify(&law, dtheta, tau_m, tau_e);
}

/* Static-region boundaries over τm in [−T, T]: returns the number of samples
 * written to tm, lo, hi (at most cap), or −1 with the message. */
FXB_EXPORT int fxb_regions_polyline(int kind, const double *c, int nc, double dtheta, double T,
                                    int n, double *tm, double *lo, double *hi, int cap)
{
    if (regions_bad(kind, nc) || count_bad("cap", cap, 3 * sizeof(double))) return -1;
    fric_regions_law law = regions_law(kind, c);
    const char *why = "";
    int count = 0;
    if (from_core(fric_regions_polyline(&law, dtheta, T, n, tm, lo, hi, cap, &count, &why), &why))
        return -1;
    set_error("");
    return count;
}

/* Region codes (0 static, 1 drive, 2 backdrive) on an nx × ny grid of cell
 * centres over [−T, T]² (row 0 at τe = +T), for shading a diagram behind
 * the exact boundaries. The centres are T·((2k + 1)/nx − 1) and
 * T·(1 − (2r + 1)/ny): finite for every finite T (T − 2T·(r + 0.5)/ny
 * overflowed to inf − inf for T above DBL_MAX/2, and those cells came out
 * FRIC_REGION_INVALID, written as 255). A cell the classifier still cannot
 * place is refused (1, with the cell named), never written as a code. */
FXB_EXPORT int fxb_regions_grid(int kind, const double *c, int nc, double dtheta, double T, int nx,
                                int ny, unsigned char *out)
{
    if (regions_bad(kind, nc)) return 1;
    if (nx < 1 || ny < 1 || count_bad("nx·ny (cells)", (double)nx * ny, 1)) {
        if (nx < 1 || ny < 1) set_status(FRIC_E_PARAM_RANGE, -1, "nx and ny must be at least 1.");
        return 1;
    }
    if (!(T > 0) || !isfinite(T)) {
        set_status(FRIC_E_PARAM_RANGE, -1, "T must be a finite half-width > 0 N·m.");
        return 1;
    }
    fric_regions_law law = regions_law(kind, c);
    const char *why = "";
    if (from_core(fric_regions_check(&law, dtheta, &why), &why)) return 1;
    for (int r = 0; r < ny; r++) {
        double te = T * (1 - (2.0 * r + 1) / ny);
        for (int k = 0; k < nx; k++) {
            double tm = T * ((2.0 * k + 1) / nx - 1);
            int g = fric_regions_classify(&law, dtheta, tm, te);
            if (g < 0) {
                char msg[200];
                snprintf(msg, sizeof msg, "the cell (τm, τe) = (%g, %g) N·m at dtheta = %g rad/s "
                         "has no region; give a smaller T.", tm, te, dtheta);
                set_status(FRIC_E_PARAM_RANGE, -1, msg);
                return 1;
            }
            out[(size_t)r * (size_t)nx + (size_t)k] = (unsigned char)g;
        }
    }
    set_error("");
    return 0;
}

/* ------------------------------------------------ identification (fit) */
/* The fit engine of fric_fit.h (the CLI's `friction fit` loop, fit_run.c,
 * is native only; here the wrapper and its Web Workers drive ask/tell).
 * Several logs at once: the wrapper loads each log with fxb_log_load and
 * passes their handles, logs[n] (their arrays stay the wrapper's until the
 * batch is built, which copies and resamples them: fric_fit_batch_create). A
 * batch and a fit are handles the wrapper frees. Parameter vectors travel as
 * FRIC_FIT_N numbers in the params-file order of fric_fit_param_key. */

/* 1 (with the message) unless 1 <= n <= FRIC_FIT_MAX_LOGS and every log is there. */
static int logs_bad(const fric_io_log *const *logs, int n)
{
    if (n < 1 || n > FRIC_FIT_MAX_LOGS) {
        char msg[120];
        snprintf(msg, sizeof msg, "logs: %d logs given; a batch takes 1 to %d.", n, FRIC_FIT_MAX_LOGS);
        set_status(FRIC_E_PARAM_RANGE, -1, msg);
        return 1;
    }
    for (int i = 0; i < n; i++)
        if (log_bad(logs[i])) return 1;
    return 0;
}

/* A batch with one workspace lane per log (one evaluation at a time); b
 * first, so that the handle is also a fric_fit_batch (layout fit_batch). */
typedef struct {
    fric_fit_batch b;
    fric_bench_lane *lanes;
} fxb_batch;

/* The batch of logs[n] (fric_fit_batch_create: every log resampled once,
 * copied). NULL with the message. */
FXB_EXPORT fxb_batch *fxb_fit_batch_new(const fric_io_log *const *logs, int n)
{
    if (logs_bad(logs, n)) return NULL;
    fxb_batch *h = calloc(1, sizeof *h);
    if (!h) { set_status(FRIC_E_NO_MEMORY, -1, "out of memory for the batch."); return NULL; }
    const char *why = "";
    int rc = fric_fit_batch_create(logs, (size_t)n, &h->b, &why);
    if (rc) {
        from_core(rc, &why);
        fric_fit_batch_destroy(&h->b);
        free(h);
        return NULL;
    }
    h->lanes = malloc(h->b.logs * sizeof *h->lanes);
    if (!h->lanes) {
        fric_fit_batch_destroy(&h->b);
        free(h);
        set_status(FRIC_E_NO_MEMORY, -1, "out of memory for the batch's lanes.");
        return NULL;
    }
    set_error("");
    return h;
}

FXB_EXPORT void fxb_fit_batch_free(fxb_batch *h)
{
    if (!h) return;
    fric_fit_batch_destroy(&h->b);
    free(h->lanes);
    free(h);
}

/* valid[i] = 1 for the logs[n] whose header kp equals kp
 * (fric_fit_split_kp). Returns how many, or −1 with the message. */
FXB_EXPORT int fxb_fit_split_kp(const fric_io_log *const *logs, int n, double kp, unsigned char *valid)
{
    if (logs_bad(logs, n)) return -1;
    set_error("");
    return (int)fric_fit_split_kp(logs, (size_t)n, kp, valid);
}

/* valid[i] = 1 for the logs[n] of the alternate split
 * (fric_fit_split_alternate: kp rank + trajectory index odd). Returns how
 * many, or −1 with the message. */
FXB_EXPORT int fxb_fit_split_alternate(const fric_io_log *const *logs, int n, unsigned char *valid)
{
    if (logs_bad(logs, n)) return -1;
    set_error("");
    return (int)fric_fit_split_alternate(logs, (size_t)n, valid);
}

/* The caution of a fit's result (fric_fit_caution) into buf[cap]: valid[n]
 * marks the held-out logs; valid_mae NaN without them. Returns the full
 * length, or -1 (the message) for bad logs. */
FXB_EXPORT int fxb_fit_caution(const fric_io_log *const *logs, int n, const unsigned char *valid,
                               double train_mae, double valid_mae, char *buf, int cap)
{
    if (logs_bad(logs, n) || cap < 0) return -1;
    set_error("");
    return (int)fric_fit_caution(logs, (size_t)n, valid, train_mae, valid_mae, buf, (size_t)cap);
}

/* The bench's integrator of index ig into *out; 1 with the message. */
static int integrator_of(int ig, fric_bench_integrator *out)
{
    if (ig < 0 || ig >= FRIC_BENCH_N_INTEGRATORS) {
        set_status(FRIC_E_PARAM_RANGE, -1, "integrator: not a bench integrator index (0 bam, 1 mujoco).");
        return 1;
    }
    *out = (fric_bench_integrator)ig;
    return 0;
}

/* The one-rig-setup warning of a fit of M<model> (fric_fit_rig_caution)
 * into buf[cap]: valid[n] marks the held-out logs. Returns the full length,
 * or -1 (the message) for bad logs. */
FXB_EXPORT int fxb_fit_rig_caution(const fric_io_log *const *logs, int n,
                                   const unsigned char *valid, int model, char *buf, int cap)
{
    if (logs_bad(logs, n) || cap < 0) return -1;
    set_error("");
    return (int)fric_fit_rig_caution(logs, (size_t)n, valid, model, buf, (size_t)cap);
}

/* fric_fit_param_applies(actuator, model, i): 1 when parameter i is one of
 * the actuator's for M<model> (the firmware constants it has). */
FXB_EXPORT int fxb_fit_param_applies(const char *actuator, int model, int i)
{
    return fric_fit_param_applies(actuator ? actuator : "", model, i);
}

/* The target of (actuator, model) with the integrator of index ig into *t;
 * 1 with the message. */
static int fit_target(const char *actuator, int model, int ig, fric_fit_target *t)
{
    const char *why = "";
    if (from_core(fric_fit_target_init(t, actuator ? actuator : "", model, &why), &why)) return 1;
    return integrator_of(ig, &t->integrator);
}

/* The checks of fxb_fit_losses and fxb_fit_losses_fast: the batch, count,
 * the target of (actuator, model, integrator ig) into *t. 0, or 1 with the
 * message. */
static int fit_losses_args(const fxb_batch *h, const char *actuator, int model, int ig, int count,
                           fric_fit_target *t)
{
    if (!h) { set_status(FRIC_E_NULL, -1, "no batch (freed?)."); return 1; }
    if (count_bad("count (candidates)", count, (FRIC_FIT_N + 1 + (double)h->b.logs) * sizeof(double))) return 1;
    return fit_target(actuator, model, ig, t);
}

/* The losses of count candidates P[count·FRIC_FIT_N] on the batch
 * (fric_fit_loss) with the integrator of index ig into out[count]; mae (may
 * be NULL) receives each log's MAE, [count·logs]. 0, or 1 with the message. */
FXB_EXPORT int fxb_fit_losses(fxb_batch *h, const char *actuator, int model, int ig, const double *P,
                              int count, double *out, double *mae)
{
    fric_fit_target t;
    if (fit_losses_args(h, actuator, model, ig, count, &t)) return 1;
    for (int k = 0; k < count; k++)
        out[k] = fric_fit_loss(&t, P + (size_t)k * FRIC_FIT_N, &h->b, h->lanes,
                               mae ? mae + (size_t)k * h->b.logs : NULL);
    set_error("");
    return 0;
}

/* The fast losses of count candidates (fric_fit_losses_fast: the multi-lane
 * kernel, SIMD128 here, the same bits as natively) into out[count]; ws:
 * workspace of count·logs doubles. 0, or 1 with the message. */
FXB_EXPORT int fxb_fit_losses_fast(fxb_batch *h, const char *actuator, int model, int ig,
                                   const double *P, int count, double *out, double *ws)
{
    fric_fit_target t;
    if (fit_losses_args(h, actuator, model, ig, count, &t)) return 1;
    fric_fit_losses_fast(&t, P, count, &h->b, h->lanes, ws, out);
    set_error("");
    return 0;
}

/* what 0: fric_fit_param_used(a, b) (model a, parameter b);
 * 1: fric_fit_contains(a, b) (big a, small b). */
FXB_EXPORT int fxb_fit_rel(int what, int a, int b)
{
    return what == 0 ? fric_fit_param_used(a, b) : fric_fit_contains(a, b);
}

/* fric_fit_default_budget(model) [evaluations]. */
FXB_EXPORT int fxb_fit_default_budget(int model)
{
    return (int)fric_fit_default_budget(model);
}

/* p_big[FRIC_FIT_N] from p_small (fric_fit_embed). 0, or 1 with the message. */
FXB_EXPORT int fxb_fit_embed(int small, const double *p_small, int big, double *p_big)
{
    const char *why = "";
    int rc = fric_fit_embed(small, p_small, big, p_big, &why);
    if (rc) { set_status(FRIC_E_PARAM_RANGE, -1, why && *why ? why : "the models do not embed."); return 1; }
    set_error("");
    return 0;
}

/* The warm start of M<model> when M1..M6 are fitted in turn
 * (fric_fit_chain_start): loss[6] training losses (+inf: not fitted), best
 * [6·FRIC_FIT_N] their parameters; start[FRIC_FIT_N] receives the embedded
 * start. Returns the model started from, 0 for a cold start, −1 when model
 * is not 1..6. */
FXB_EXPORT int fxb_fit_chain_start(int model, const double *loss, const double *best, double *start)
{
    if (model < 1 || model > 6) {
        set_status(FRIC_E_PARAM_RANGE, -1, "model must be 1..6 (M1..M6).");
        return -1;
    }
    set_error("");
    return fric_fit_chain_start(model, loss, best, start);
}

/* The params file of fit vector p of (actuator, model) fitted with the
 * integrator of index ig, with fit[4] (as fxb_params_write's, or NULL) into
 * buf[cap]: fric_fit_params_file, then the one writer. Returns the file's
 * length (>= cap: call again with more), or −1 with the message. */
FXB_EXPORT int fxb_fit_params_write(const char *actuator, int model, int ig, const double *p,
                                    const double *fit, char *buf, int cap)
{
    if (count_bad("cap", cap, 1)) return -1;
    fric_bench_integrator integ;
    if (integrator_of(ig, &integ)) return -1;
    fric_io_params_fit meta;
    if (fit) fit_meta(fit, &meta);
    fric_io_params_file f;
    const char *why = "";
    if (from_core(fric_fit_params_file(actuator ? actuator : "", model, p, integ, fit ? &meta : NULL,
                                       &f, &why), &why))
        return -1;
    size_t len = 0;
    fric_status rc = fric_io_params_write(&f, buf, (size_t)cap, &len);
    if (rc == FRIC_E_BUFFER) return (int)len;
    why = fric_status_last().message;
    if (from_core(rc, &why)) return -1;
    set_error("");
    return (int)len;
}

/* The bench vector of fit vector p (fric_fit_bench_params) with the bench
 * treatment of choice index tr and the integrator of index ig into out[n]
 * (n: the bench's parameter count). 0, or 1 with the message. */
FXB_EXPORT int fxb_fit_bench_params(const char *actuator, int model, const double *p, int tr,
                                    int ig, double *out, int n)
{
    if (length_bad("bench params", n, fric_scenario_find("bench")->n_params)) return 1;
    if (tr < 0 || tr >= FRIC_BENCH_N_TREATMENTS) {
        set_error("treatment: not a bench treatment index (0 implicit, 1 clip, 2 explicit, 3 karnopp).");
        return 1;
    }
    fric_bench_integrator integ;
    if (integrator_of(ig, &integ)) return 1;
    const char *why = "";
    return from_core(fric_fit_bench_params(actuator ? actuator : "", model, p,
                                           fric_bench_treatments[tr], integ, out, &why), &why);
}

/* The published parameters of (actuator, model) into p. 0, or 1. */
FXB_EXPORT int fxb_fit_preset_params(const char *actuator, int model, double *p)
{
    const char *why = "";
    return from_core(fric_fit_preset_params(actuator ? actuator : "", model, p, &why), &why);
}

/* The space travels as four arrays of FRIC_FIT_N: lo, hi, free (0/1) and
 * value. */
static void space_to(const fric_fit_space *s, double *lo, double *hi, double *fr, double *val)
{
    for (int i = 0; i < FRIC_FIT_N; i++) {
        lo[i] = s->lo[i];
        hi[i] = s->hi[i];
        fr[i] = s->free_[i];
        val[i] = s->value[i];
    }
}

static void space_from(fric_fit_space *s, const double *lo, const double *hi, const double *fr,
                       const double *val)
{
    for (int i = 0; i < FRIC_FIT_N; i++) {
        s->lo[i] = lo[i];
        s->hi[i] = hi[i];
        s->free_[i] = fr[i] != 0;
        s->value[i] = val[i];
    }
}

/* The sensitivity ranges of p under (actuator, model) on the batch, in the
 * space, with the tolerance (fric_fit_sensitivity: the method of Rhoban/bam
 * bam/sensitivity.py): out[6·FRIC_FIT_N] = per parameter i: lower, upper,
 * lower_clamped, upper_clamped, free (0: held, lower = upper = p[i]), and
 * whether the fit searches it on a log scale (fric_fit_space_log);
 * *base = the loss at p [rad]. 0, or 1 with the core's message. */
FXB_EXPORT int fxb_fit_sensitivity(fxb_batch *h, const char *actuator, int model, int ig,
                                   const double *lo, const double *hi, const double *fr,
                                   const double *val, const double *p, double tolerance, double *out,
                                   double *base)
{
    if (!h) { set_status(FRIC_E_NULL, -1, "no batch (freed?)."); return 1; }
    fric_fit_target t;
    if (fit_target(actuator, model, ig, &t)) return 1;
    fric_fit_space s;
    space_from(&s, lo, hi, fr, val);
    fric_fit_sensitivity_ctx c = { &t, &h->b, h->lanes };   /* the exact loss, fric_fit_loss */
    fric_fit_range r[FRIC_FIT_N];
    const char *why = "";
    if (from_core(fric_fit_sensitivity(&s, p, tolerance, fric_fit_sensitivity_loss, &c, base, r,
                                       &why), &why))
        return 1;
    for (int i = 0; i < FRIC_FIT_N; i++) {
        double *o = out + 6 * i;
        o[0] = r[i].lower;
        o[1] = r[i].upper;
        o[2] = r[i].lower_clamped;
        o[3] = r[i].upper_clamped;
        o[4] = r[i].free_;
        o[5] = fric_fit_space_log(&s, i);
    }
    return 0;
}

/* The default space of (actuator, model) (fric_fit_space_default). */
FXB_EXPORT int fxb_fit_space_default(const char *actuator, int model, double *lo, double *hi,
                                     double *fr, double *val)
{
    fric_fit_space s;
    const char *why = "";
    if (from_core(fric_fit_space_default(actuator ? actuator : "", model, &s, &why), &why)) return 1;
    space_to(&s, lo, hi, fr, val);
    return 0;
}

/* 0 when the space is usable for model (fric_fit_space_check), else 1 with
 * the message naming the parameter. */
FXB_EXPORT int fxb_fit_space_check(int model, const double *lo, const double *hi, const double *fr,
                                   const double *val)
{
    fric_fit_space s;
    space_from(&s, lo, hi, fr, val);
    const char *why = "";
    return from_core(fric_fit_space_check(&s, model, &why), &why);
}

/* A fit of (actuator, model, integrator of index ig) on the batch with the given space, budget,
 * seed (an integer below 2^53), sigma0 (0: the default), restarts (−1: the
 * default) and start (NULL: none). NULL with the message. The batch must
 * outlive the fit. */
FXB_EXPORT fric_fit *fxb_fit_new(const fxb_batch *h, const char *actuator, int model, int ig,
                                 const double *lo, const double *hi, const double *fr,
                                 const double *val, double budget, double seed, double sigma0,
                                 int restarts, const double *start)
{
    if (!h) { set_status(FRIC_E_NULL, -1, "no training batch (freed?)."); return NULL; }
    if (!(budget >= 1 && budget <= (double)LONG_MAX) || budget != floor(budget)) {
        set_status(FRIC_E_PARAM_RANGE, -1, "budget must be a whole number of evaluations in 1 .. LONG_MAX.");
        return NULL;
    }
    if (!(seed >= 0 && seed <= 9007199254740992.0) || seed != floor(seed)) {
        set_status(FRIC_E_PARAM_RANGE, -1, "seed must be a whole number in 0 .. 2^53.");
        return NULL;
    }
    fric_fit_def d;
    memset(&d, 0, sizeof d);
    if (fit_target(actuator, model, ig, &d.target)) return NULL;
    space_from(&d.space, lo, hi, fr, val);
    d.train = &h->b;
    d.budget = (long)budget;
    d.seed = (uint64_t)seed;
    d.sigma0 = sigma0;
    d.restarts = restarts;
    d.start = start;
    const char *why = "";
    fric_fit *f = fric_fit_create(&d, &why);
    if (!f) { from_core(1, &why); return NULL; }
    set_error("");
    return f;
}

FXB_EXPORT void fxb_fit_free(fric_fit *f) { fric_fit_destroy(f); }

FXB_EXPORT int fxb_fit_lambda_max(const fric_fit *f) { return f ? fric_fit_lambda_max(f) : 0; }

/* The next candidates into P (cap of them at most): their count, 0 when the
 * fit is over, −1 when cap is too small (the message). */
FXB_EXPORT int fxb_fit_ask(fric_fit *f, double *P, int cap)
{
    if (!f) { set_status(FRIC_E_NULL, -1, "no fit (freed?)."); return -1; }
    if (count_bad("cap (candidates)", cap, FRIC_FIT_N * sizeof(double))) return -1;
    int k = fric_fit_ask(f, P, cap);
    if (k < 0) set_status(FRIC_E_PARAM_RANGE, -1, "cap is below the population: size it with fxb_fit_lambda_max.");
    else set_error("");
    return k;
}

/* The losses of the last ask's candidates; returns progress.done. */
FXB_EXPORT int fxb_fit_tell(fric_fit *f, const double *loss) { return f ? fric_fit_tell(f, loss) : -1; }

FXB_EXPORT void fxb_fit_stop(fric_fit *f) { if (f) fric_fit_stop(f); }

/* The progress into *out (layout fit_progress). 0, or 1 with the message. */
FXB_EXPORT int fxb_fit_progress(const fric_fit *f, fric_fit_progress *out)
{
    if (!f) { set_status(FRIC_E_NULL, -1, "no fit (freed?)."); return 1; }
    *out = *fric_fit_get_progress(f);
    set_error("");
    return 0;
}

/* Where the fit stands in words (fric_fit_progress_phase) into buf[cap];
 * returns the full length, or -1 (the message) without a fit. */
FXB_EXPORT int fxb_fit_phase(const fric_fit *f, char *buf, int cap)
{
    if (!f || cap < 0) { set_status(FRIC_E_NULL, -1, "no fit (freed?)."); return -1; }
    set_error("");
    return (int)fric_fit_progress_phase(fric_fit_get_progress(f), buf, (size_t)cap);
}

/* The name of a stop reason (fric_cmaes_stop_name). */
FXB_EXPORT const char *fxb_fit_stop_name(int reason)
{
    const char *s = fric_cmaes_stop_name(reason);
    return s ? s : "";
}
