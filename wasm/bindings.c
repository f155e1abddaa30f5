/*
 * bindings.c: the C side of the WebAssembly binding. Flat functions over
 * plain numbers and caller-provided buffers, so that the JavaScript wrapper
 * (wasm/friction.js) can own every allocation. Nothing here keeps state
 * except the last error message.
 *
 * Naming: fxb_<area>_<verb>. Laws are passed as (kind, Fs, Fc, vs, D, alpha).
 *
 * Defence in depth: the wrapper validates every argument first; still, every
 * function here that takes a pointer and a count checks the count against
 * its bound (the length the C side reads, or FXB_MAX_BYTES for what it
 * writes) and returns an error status (set_status) instead of touching memory.
 */
#include <limits.h>
#include <math.h>
#include <stddef.h>
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
#include "fric_fit.h"
#include "fric_io.h"
#include "fric_regions.h"
#include "fric_servo.h"
#include "fric_status.h"

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

const char *fxb_last_error(void);
const char *fxb_last_error(void) { return last_error; }
int fxb_last_status(void);
int fxb_last_status(void) { return last_status; }
int fxb_last_param(void);
int fxb_last_param(void) { return last_param; }

/* ------------------------------------------- tables the wrapper reads at load */

/* "FRIC_OK", "FRIC_E_PARAM_RANGE", … for status s. */
const char *fxb_status_name(int s);
const char *fxb_status_name(int s) { return fric_status_name(s); }

/* what 0: law name i ("coulomb-viscous", …; "" past the end), 1: law field
 * name i ("Fs", …, "Z"), 2: servo coefficient field i ("model", "K_c", …),
 * 3: its params-file key ("model", "friction_base", …), 4: bench friction
 * treatment i ("implicit", "clip", …). */
const char *fxb_table_text(int what, int i);
const char *fxb_table_text(int what, int i)
{
    if (i < 0) return "";
    switch (what) {
    case 0: return i < FRIC_N_LAWS ? fric_law_names[i] : "";
    case 1: return i < FRIC_LAW_N_FIELDS ? fric_law_field_names[i] : "";
    case 2: return i < FRIC_SERVO_N_COEFS ? fric_servo_coef_fields[i] : "";
    case 3: return i < FRIC_SERVO_N_COEFS ? fric_servo_coef_keys[i] : "";
    case 4: return i < FRIC_BENCH_N_TREATMENTS ? fric_bench_treatment_names[i] : "";
    }
    return "";
}

static fric_law make_law(int kind, double Fs, double Fc, double vs, double D, double alpha)
{
    fric_law law = { (fric_kind)kind, Fs, Fc, vs, D, alpha };
    return law;
}

/* Bytes of the wasm heap by malloc's count (for leak and integrity checks
 * in tests): what 0 in use, 1 free inside the arena. */
double fxb_heap_used(int what);
double fxb_heap_used(int what)
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

int fxb_law_check(int kind, double Fs, double Fc, double vs, double D, double alpha, double Z);
int fxb_law_check(int kind, double Fs, double Fc, double vs, double D, double alpha, double Z)
{
    fric_law law = make_law(kind, Fs, Fc, vs, D, alpha);
    const char *why = "";
    return from_core(fric_law_check(&law, Z, &why), &why);
}

/* which: 0 Φ, 1 Φ_Z exact, 2 Φ̂_Z (eq. 46). Evaluates n points of x into y.
 * Returns 0, or 1 (message in fxb_last_error) for an invalid law. */
int fxb_law_eval(int kind, double Fs, double Fc, double vs, double D, double alpha, double Z,
                 int which, const double *x, double *y, int n);
int fxb_law_eval(int kind, double Fs, double Fc, double vs, double D, double alpha, double Z,
                 int which, const double *x, double *y, int n)
{
    if (count_bad("n (points)", n, 2 * sizeof(double))) return 1;
    if (which < 0 || which > 2) {
        set_status(FRIC_E_PARAM_RANGE, -1, "which must be 0 (Φ), 1 (Φ_Z) or 2 (eq. 46).");
        return 1;
    }
    fric_law law = make_law(kind, Fs, Fc, vs, D, alpha);
    const char *why = "";
    int rc = which == 0 ? fric_law_check_params(&law, &why) : fric_law_check(&law, Z, &why);
    if (from_core(rc, &why)) return 1;
    for (int i = 0; i < n; i++)
        y[i] = which == 0 ? fric_phi(&law, x[i])
             : which == 1 ? fric_phi_z(&law, Z, x[i])
                          : fric_phi_z_approx(&law, Z, x[i]);
    set_error("");
    return 0;
}

double fxb_phi_plus0(int kind, double Fs, double Fc, double vs, double D, double alpha);
double fxb_phi_plus0(int kind, double Fs, double Fc, double vs, double D, double alpha)
{
    fric_law law = make_law(kind, Fs, Fc, vs, D, alpha);
    return fric_phi_plus0(&law);
}

double fxb_lambert_w0(double x);
double fxb_lambert_w0(double x) { return fric_lambert_w0(x); }

/* --------------------------------------------------------- look-up table */

fric_lut *fxb_lut_new(int kind, double Fs, double Fc, double vs, double D, double alpha,
                      double Z, double tol);
fric_lut *fxb_lut_new(int kind, double Fs, double Fc, double vs, double D, double alpha,
                      double Z, double tol)
{
    fric_law law = make_law(kind, Fs, Fc, vs, D, alpha);
    const char *why = "";
    if (from_core(fric_law_check(&law, Z, &why), &why)) return NULL;
    fric_lut *lut = fric_lut_new(&law, Z, tol);
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

/* Evaluates n points of x into y. 0, or 1 with the message. */
int fxb_lut_eval(const fric_lut *lut, const double *x, double *y, int n);
int fxb_lut_eval(const fric_lut *lut, const double *x, double *y, int n)
{
    if (!lut) { set_status(FRIC_E_NULL, -1, "no look-up table (freed?)."); return 1; }
    if (count_bad("n (points)", n, 2 * sizeof(double))) return 1;
    for (int i = 0; i < n; i++) y[i] = fric_lut_phi_z(lut, x[i]);
    set_error("");
    return 0;
}

double fxb_lut_bytes(const fric_lut *lut);
double fxb_lut_bytes(const fric_lut *lut) { return (double)fric_lut_bytes(lut); }

void fxb_lut_free(fric_lut *lut);
void fxb_lut_free(fric_lut *lut) { fric_lut_free(lut); }

/* ------------------------------------------------------------ scenarios */

int fxb_scn_count(void);
int fxb_scn_count(void) { return fric_scenario_count(); }

static const fric_scenario *scn(int i) { return fric_scenario_at(i); }

/* Strings of scenario i: what 0 name, 1 summary. */
const char *fxb_scn_text(int i, int what);
const char *fxb_scn_text(int i, int what)
{
    const fric_scenario *s = scn(i);
    if (!s) return "";
    return what == 0 ? s->name : s->summary;
}

/* Numbers of scenario i: what 0 n_params, 1 n_cols, 2 state_bytes, 3 the
 * points of its shape (FRIC_SCENARIO_MAX_SHAPE, 0 when it has none). */
double fxb_scn_num(int i, int what);
double fxb_scn_num(int i, int what)
{
    const fric_scenario *s = scn(i);
    if (!s) return -1;
    if (what == 3) return s->shape ? FRIC_SCENARIO_MAX_SHAPE : 0;
    return what == 0 ? s->n_params : what == 1 ? s->n_cols : (double)s->state_bytes;
}

/* Parameter j of scenario i: numbers what 0 def, 1 min, 2 max, 3 n_choices, 4 integer,
 * 5 lo, 6 hi, 7 log, 8 preset, 9 fixed_by_case (lo = hi = 0: no practical range given). */
double fxb_param_num(int i, int j, int what);
double fxb_param_num(int i, int j, int what)
{
    const fric_scenario *s = scn(i);
    if (!s || j < 0 || j >= s->n_params) return NAN;
    const fric_param_info *p = &s->params[j];
    switch (what) {
    case 0: return p->def;
    case 1: return p->min;
    case 2: return p->max;
    case 3: return p->choices ? p->n_choices : 0;
    case 4: return p->integer;
    case 5: return p->lo;
    case 6: return p->hi;
    case 7: return p->log;
    case 8: return p->preset;
    case 9: return p->fixed_by_case;
    }
    return NAN;
}

/* Parameter j of scenario i: strings what 0 name, 1 unit, 2 help, 3 label ("" when
 * not given), 100+c choice c, 200+c the help of choice c ("" when not given). */
const char *fxb_param_text(int i, int j, int what);
const char *fxb_param_text(int i, int j, int what)
{
    const fric_scenario *s = scn(i);
    if (!s || j < 0 || j >= s->n_params) return "";
    const fric_param_info *p = &s->params[j];
    if (what == 0) return p->name;
    if (what == 1) return p->unit;
    if (what == 2) return p->help;
    if (what == 3) return p->label ? p->label : "";
    int c = what >= 200 ? what - 200 : what - 100;
    if (!p->choices || c < 0 || c >= p->n_choices) return "";
    if (what >= 200) return p->choice_help && p->choice_help[c] ? p->choice_help[c] : "";
    return p->choices[c];
}

/* Column j of scenario i: what 0 name, 1 unit, 2 help. */
const char *fxb_col_text(int i, int j, int what);
const char *fxb_col_text(int i, int j, int what)
{
    const fric_scenario *s = scn(i);
    if (!s || j < 0 || j >= s->n_cols) return "";
    const fric_col_info *c = &s->cols[j];
    return what == 0 ? c->name : what == 1 ? c->unit : c->help;
}

/* Initialises state (state_bytes, 16-byte aligned) from p[n] (n must be
 * n_params; fric_scenario_init: every value range-checked first). 0, or the
 * status. */
int fxb_scn_init(int i, void *state, const double *p, int n);
int fxb_scn_init(int i, void *state, const double *p, int n)
{
    const fric_scenario *s = scn(i);
    if (!s) { set_status(FRIC_E_UNKNOWN_NAME, -1, "no such scenario"); return FRIC_E_UNKNOWN_NAME; }
    if (length_bad("params", n, s->n_params)) return FRIC_E_PARAM_RANGE;
    const char *why = "";
    return from_core(fric_scenario_init(s, state, p, &why), &why);
}

/* Applies new parameter values p[n] (n = n_params) to a running simulation
 * (live tuning). */
int fxb_scn_retune(int i, void *state, const double *p, int n);
int fxb_scn_retune(int i, void *state, const double *p, int n)
{
    const fric_scenario *s = scn(i);
    if (!s) { set_status(FRIC_E_UNKNOWN_NAME, -1, "no such scenario"); return FRIC_E_UNKNOWN_NAME; }
    if (length_bad("params", n, s->n_params)) return FRIC_E_PARAM_RANGE;
    const char *why = "";
    return from_core(fric_scenario_retune(s, state, p, &why), &why);
}

/* Advances up to n rows into rows[n × n_cols]. Returns the number of rows
 * written (fewer than n when the run ended), or −1 − rows on error (the
 * message in fxb_last_error; rows before it are valid). */
int fxb_scn_step(int i, void *state, double *rows, int n);
int fxb_scn_step(int i, void *state, double *rows, int n)
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
int fxb_scn_shape(int i, const void *state, double *xyf, int max);
int fxb_scn_shape(int i, const void *state, double *xyf, int max)
{
    const fric_scenario *s = scn(i);
    if (!s) { set_status(FRIC_E_UNKNOWN_NAME, -1, "no such scenario"); return -1; }
    if (count_bad("max (points)", max, 3.0 * sizeof(double))) return -1;
    int k = fric_scenario_shape(s, state, xyf, max);
    if (k < 0) { const char *why = fric_status_last().message; from_core(1, &why); }
    return k;
}

/* ------------------------------------------------- servo presets (bench) */
/* 1 when a law of this kind uses fric_law_field `field`. */
int fxb_law_field_used(int kind, int field);
int fxb_law_field_used(int kind, int field) { return fric_law_field_used((fric_kind)kind, field); }
/* The accepted range of fric_law_field `field`: its lower (hi = 0) or upper
 * (hi = 1) end; NaN for an unknown field. */
double fxb_law_field_range(int field, int hi);
double fxb_law_field_range(int field, int hi)
{
    double lo, up;
    if (fric_law_field_range(field, &lo, &up)) return NAN;
    return hi ? up : lo;
}

/* Number i of the servo friction model: what 0: 1 when model M<model> uses
 * it, 1: 1 when it must be > 0 (else >= 0). */
int fxb_servo_coef(int model, int i, int what);
int fxb_servo_coef(int model, int i, int what)
{
    return what == 0 ? fric_servo_coef_used(model, i) : fric_servo_coef_positive(i);
}

/* Servo friction coefficients travel as FRIC_SERVO_N_COEFS numbers in the
 * order of fric_servo_coef_fields (fxb_table_text(2, i)). */
static void servo_to(const fric_servo_friction *f, double *c) { fric_servo_to_array(f, c); }

static fric_servo_friction servo_from(const double *c)
{
    fric_servo_friction f;
    fric_servo_from_array(c, &f);
    return f;
}

int fxb_preset_count(void);
int fxb_preset_count(void) { return fric_bench_preset_count(); }

/* what 0: actuator name, 1: parameter directory of the source data. */
const char *fxb_preset_text(int i, int what);
const char *fxb_preset_text(int i, int what)
{
    const fric_bench_preset *p = fric_bench_preset_at(i);
    return !p ? "" : what == 0 ? p->actuator : p->dir;
}

/* Writes the 14 friction numbers of preset i; 0, or 1 out of range. */
int fxb_preset_friction(int i, double *c);
int fxb_preset_friction(int i, double *c)
{
    const fric_bench_preset *p = fric_bench_preset_at(i);
    if (!p) { set_status(FRIC_E_NO_PRESET, -1, "no such preset"); return 1; }
    servo_to(&p->friction, c);
    return 0;
}

/* Writes the servo of preset i as identified (the params file's values):
 * c = [kt N·m/A, R Ω, armature kg·m², q_offset rad]; 0, or 1 out of range. */
int fxb_preset_servo(int i, double *c);
int fxb_preset_servo(int i, double *c)
{
    const fric_bench_preset *p = fric_bench_preset_at(i);
    if (!p) { set_status(FRIC_E_NO_PRESET, -1, "no such preset"); return 1; }
    double v[4] = { p->servo.kt, p->servo.R, p->servo.armature, p->servo.q_offset };
    memcpy(c, v, sizeof v);
    return 0;
}

/* 1 (with the message) unless n is the bench scenario's parameter count. */
static int bench_params_bad(int n)
{
    const fric_scenario *s = fric_scenario_find("bench");
    if (!s) { set_status(FRIC_E_UNKNOWN_NAME, -1, "no bench scenario"); return 1; }
    return length_bad("params", n, s->n_params);
}

/* The servo the bench parameters p resolve to (fric_bench_def_from_params):
 * out = [control (0 voltage, 1 current), kt N·m/A, R Ω, armature kg·m²,
 * q_offset rad, error_gain 1/rad, max_pwm, d_gain, max_amps A, max_volts V,
 * kp, vin V]. 0, or 1 with the message. */
int fxb_bench_servo(const double *p, int n, double *out);
int fxb_bench_servo(const double *p, int n, double *out)
{
    if (bench_params_bad(n)) return 1;
    fric_bench_def d;
    const char *why = "";
    if (from_core(fric_bench_def_from_params(p, NULL, &d, &why), &why)) return 1;
    const fric_servo_actuator *s = &d.servo;
    double v[12] = { (double)s->control, s->kt, s->R, s->armature, s->q_offset, s->error_gain,
                     s->max_pwm, s->d_gain, s->max_amps, s->max_volts, d.kp, d.vin };
    memcpy(out, v, sizeof v);
    set_error("");
    return 0;
}

/* The bench scenario's parameters p[n] (n = its n_params) with every −1
 * ("preset") resolved into out[n]. */
int fxb_bench_resolve(const double *p, int n, double *out);
int fxb_bench_resolve(const double *p, int n, double *out)
{
    if (bench_params_bad(n)) return 1;
    const char *why = "";
    return from_core(fric_bench_def_from_params(p, out, NULL, &why), &why);
}

/* --------------------------------------------------------- logs (io) */
/* JSON.parse in wasm/friction.js hands a log over as fric_io_log_raw's plain
 * arrays; the rules, the messages and the resampling are io's (fric_io.h),
 * the same as the command line's. One log is loaded at a time; its arrays
 * stay the caller's (freed by the wrapper after use). */
static fric_io_log loaded;
static int loaded_ok;
static fric_io_error io_err;

/* Key i of the log header (h = 1) or of an entry (h = 0); "" past the end. */
const char *fxb_log_key(int h, int i);
const char *fxb_log_key(int h, int i)
{
    const char *k = h ? fric_io_log_header_key(i) : fric_io_log_entry_key(i);
    return k ? k : "";
}

/* Checks and loads a log. root: the document's kind; hk[FRIC_IO_H_COUNT]
 * header kinds, h[6] header numbers; motor, trajectory (0 when absent);
 * n entries: ek[n] entry kinds, kind[FRIC_IO_E_COUNT·n] and value[...] by
 * column; unknown: the first key the format lacks (0 if none) and its entry
 * (−1: header); te[n] scratch. 0, or the fric_io_code (fxb_last_error,
 * fxb_log_error). */
int fxb_log_load(int root, const unsigned char *hk, const double *h, const char *motor,
                 const char *trajectory, int n, const unsigned char *ek,
                 const unsigned char *kind, const double *value, const char *unknown,
                 int unknown_entry, const char *source, int *te);
int fxb_log_load(int root, const unsigned char *hk, const double *h, const char *motor,
                 const char *trajectory, int n, const unsigned char *ek,
                 const unsigned char *kind, const double *value, const char *unknown,
                 int unknown_entry, const char *source, int *te)
{
    fric_io_log_raw raw;
    memset(&raw, 0, sizeof raw);
    raw.root = (fric_io_kind)root;
    memcpy(raw.head_kind, hk, sizeof raw.head_kind);
    memcpy(raw.head, h, sizeof raw.head);
    raw.motor = motor;
    raw.trajectory = trajectory;
    if (count_bad("n (entries)", n, FRIC_IO_E_COUNT * (sizeof(double) + 1) + 1 + sizeof(int))) {
        memset(&io_err, 0, sizeof io_err);
        io_err.code = FRIC_IO_RANGE;
        io_err.entry = -1;
        snprintf(io_err.message, sizeof io_err.message, "%.300s", last_error);
        loaded_ok = 0;
        set_status(FRIC_E_LOG_INVALID, -1, io_err.message);
        return FRIC_IO_RANGE;
    }
    raw.n = (size_t)n;
    raw.entry_kind = ek;
    raw.kind = kind;
    raw.value = value;
    raw.unknown_key = unknown;
    raw.unknown_entry = unknown_entry;
    int rc = fric_io_log_from_raw(&raw, te, source, &loaded, &io_err);
    loaded_ok = rc == 0;
    set_status(rc ? FRIC_E_LOG_INVALID : FRIC_OK, -1, rc ? io_err.message : "");
    return rc;
}

/* The last log error: what 0 code, 1 entry (−1: header); its field and the
 * code's name via fxb_log_error_text(0 | 1). */
int fxb_log_error(int what);
int fxb_log_error(int what) { return what == 0 ? (int)io_err.code : (int)io_err.entry; }
const char *fxb_log_error_text(int what);
const char *fxb_log_error_text(int what)
{
    return what == 0 ? io_err.field : fric_io_code_name(io_err.code);
}

/* Samples of the loaded log (0 when none is loaded). */
int fxb_log_samples(void);
int fxb_log_samples(void) { return loaded_ok ? (int)fric_io_log_samples(&loaded) : 0; }

/* The recorded series the replay scores (fric_io_log_sample): t [s],
 * position and goal [rad], min(cap, samples) values each. */
int fxb_log_series(double *t, double *q, double *goal, int cap);
int fxb_log_series(double *t, double *q, double *goal, int cap)
{
    if (count_bad("cap", cap, 3 * sizeof(double))) return 1;
    size_t N = loaded_ok ? fric_io_log_samples(&loaded) : 0, cursor = 0;
    for (size_t k = 0; k < N && k < (size_t)(cap > 0 ? cap : 0); k++) {
        fric_io_sample s = fric_io_log_sample(&loaded, k, &cursor);
        t[k] = s.t;
        q[k] = s.position;
        goal[k] = s.goal;
    }
    return 0;
}

/* Replays the loaded log with the bench scenario's parameters p (friction,
 * servo, treatment). sim_q receives min(cap, samples) positions; res =
 * [mae, max_err, samples, dt, resampled, reversals, steps_stuck]. 0, or 1
 * with the message. */
int fxb_bench_replay(const double *p, int n, double *sim_q, int cap, double *res);
int fxb_bench_replay(const double *p, int n, double *sim_q, int cap, double *res)
{
    fric_bench_def d;
    const char *why = "";
    if (bench_params_bad(n) || count_bad("cap", cap, sizeof(double))) return 1;
    if (!loaded_ok) { set_status(FRIC_E_LOG_INVALID, -1, "replay: no log is loaded."); return 1; }
    if (from_core(fric_bench_def_from_params(p, NULL, &d, &why), &why)) return 1;
    fric_bench_log_header hd = { loaded.mass, loaded.arm_mass, loaded.length, loaded.kp,
                                 loaded.vin, loaded.dt };
    fric_bench_log log = { loaded.n, loaded.timestamp, loaded.goal_position,
                           loaded.torque_enable, loaded.position, loaded.speed };
    fric_bench_replay_result r;
    if (from_core(fric_bench_replay(&d, &hd, &log, sim_q, (size_t)(cap > 0 ? cap : 0), &r, &why), &why))
        return 1;
    double v[7] = { r.mae, r.max_err, (double)r.samples, r.dt, r.resampled,
                    (double)r.reversals, (double)r.steps_stuck };
    memcpy(res, v, sizeof v);
    set_error("");
    return 0;
}

/* Forgets the loaded log (its arrays are about to be freed). */
void fxb_log_unload(void);
void fxb_log_unload(void)
{
    memset(&loaded, 0, sizeof loaded);
    loaded_ok = 0;
}

/* ------------------------------------------------ drive/backdrive regions */
/* kind 0: servo, c = the 14 numbers above; kind 1: screw, c = [eta1, eta2,
 * eta1s, eta2s, tau_c, b_v]. n: the count of c. 1 (with the message) when
 * kind or n is wrong. */
static int regions_bad(int kind, int n)
{
    if (kind != 0 && kind != 1) {
        set_status(FRIC_E_PARAM_RANGE, -1, "kind must be 0 (servo) or 1 (screw).");
        return 1;
    }
    return length_bad("c (law numbers)", n, kind == 1 ? 6 : FRIC_SERVO_N_COEFS);
}

static fric_regions_law regions_law(int kind, const double *c)
{
    fric_regions_law law;
    memset(&law, 0, sizeof law);
    law.kind = kind == 1 ? FRIC_REGIONS_SCREW : FRIC_REGIONS_SERVO;
    if (kind == 1) {
        fric_screw e = { c[0], c[1], c[2], c[3], c[4], c[5] };
        law.screw = e;
    } else {
        law.servo = servo_from(c);
    }
    return law;
}

int fxb_regions_check(int kind, const double *c, int nc, double dtheta);
int fxb_regions_check(int kind, const double *c, int nc, double dtheta)
{
    if (regions_bad(kind, nc)) return 1;
    fric_regions_law law = regions_law(kind, c);
    const char *why = "";
    return from_core(fric_regions_check(&law, dtheta, &why), &why);
}

/* 0 static, 1 drive, 2 backdrive, −1 invalid (or kind/nc wrong: the message). */
int fxb_regions_classify(int kind, const double *c, int nc, double dtheta, double tau_m, double tau_e);
int fxb_regions_classify(int kind, const double *c, int nc, double dtheta, double tau_m, double tau_e)
{
    if (regions_bad(kind, nc)) return -1;
    fric_regions_law law = regions_law(kind, c);
    return fric_regions_classify(&law, dtheta, tau_m, tau_e);
}

/* Static-region boundaries over τm in [−T, T]: returns the number of samples
 * written to tm, lo, hi (at most cap), or −1 with the message. */
int fxb_regions_polyline(int kind, const double *c, int nc, double dtheta, double T, int n,
                         double *tm, double *lo, double *hi, int cap);
int fxb_regions_polyline(int kind, const double *c, int nc, double dtheta, double T, int n,
                         double *tm, double *lo, double *hi, int cap)
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

/* Region codes (0 static, 1 drive, 2 backdrive, 255 invalid) on an nx × ny
 * grid of cell centres over [−T, T]² (row 0 at τe = +T), for shading a
 * diagram behind the exact boundaries. */
int fxb_regions_grid(int kind, const double *c, int nc, double dtheta, double T, int nx, int ny,
                     unsigned char *out);
int fxb_regions_grid(int kind, const double *c, int nc, double dtheta, double T, int nx, int ny,
                     unsigned char *out)
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
        double te = T - (2 * T) * (r + 0.5) / ny;
        for (int k = 0; k < nx; k++) {
            double tm = -T + (2 * T) * (k + 0.5) / nx;
            int g = fric_regions_classify(&law, dtheta, tm, te);
            out[(size_t)r * (size_t)nx + (size_t)k] = (unsigned char)(g < 0 ? 255 : g);
        }
    }
    set_error("");
    return 0;
}

/* ------------------------------------------------ identification (fit) */
/* The fit engine of fric_fit.h (the CLI's `friction fit` loop, fit_run.c,
 * is native only; here the wrapper and its Web Workers drive ask/tell).
 * Several logs at once: the wrapper loads each log with fxb_log_load and
 * keeps it (fxb_fit_log_keep copies the checked view into a table; the
 * arrays stay the wrapper's until the batch is built, which copies and
 * resamples them: fric_fit_batch_build). A batch and a fit are handles the
 * wrapper frees. Parameter vectors travel as FRIC_FIT_N numbers in the
 * params-file order of fric_fit_param_key. */
/* The kept logs (the views of fxb_log_load), at most FRIC_FIT_MAX_LOGS. */
static fric_io_log *kept;
static int kept_n, kept_cap;

/* Makes room for n logs and forgets the kept ones. 0, or 1 with the message. */
int fxb_fit_logs_begin(int n);
int fxb_fit_logs_begin(int n)
{
    kept_n = 0;
    if (n < 1 || n > FRIC_FIT_MAX_LOGS) {
        char msg[120];
        snprintf(msg, sizeof msg, "logs: %d logs given; a batch takes 1 to %d.", n, FRIC_FIT_MAX_LOGS);
        set_status(FRIC_E_PARAM_RANGE, -1, msg);
        return 1;
    }
    if (n > kept_cap) {
        fric_io_log *t = realloc(kept, (size_t)n * sizeof *t);
        if (!t) { set_status(FRIC_E_NO_MEMORY, -1, "out of memory for the table of logs."); return 1; }
        kept = t;
        kept_cap = n;
    }
    set_error("");
    return 0;
}

/* Keeps the log fxb_log_load just checked (its arrays must stay alive until
 * fxb_fit_batch_new or fxb_fit_split_kp). Returns the kept count, or −1. */
int fxb_fit_log_keep(void);
int fxb_fit_log_keep(void)
{
    if (!loaded_ok) { set_status(FRIC_E_LOG_INVALID, -1, "no checked log to keep."); return -1; }
    if (kept_n >= kept_cap) { set_status(FRIC_E_PARAM_RANGE, -1, "more logs kept than fxb_fit_logs_begin made room for."); return -1; }
    kept[kept_n++] = loaded;
    set_error("");
    return kept_n;
}

/* Forgets the kept logs (their arrays are about to be freed). */
void fxb_fit_logs_end(void);
void fxb_fit_logs_end(void)
{
    kept_n = 0;
    fxb_log_unload();
}

/* A batch with one workspace lane per log (one evaluation at a time). */
typedef struct {
    fric_fit_batch b;
    fric_bench_lane *lanes;
} fxb_batch;

/* The batch of the kept logs (fric_fit_batch_build: every log resampled
 * once, copied). NULL with the message. */
fxb_batch *fxb_fit_batch_new(void);
fxb_batch *fxb_fit_batch_new(void)
{
    if (kept_n < 1) { set_status(FRIC_E_PARAM_RANGE, -1, "logs: no log was kept for the batch."); return NULL; }
    fxb_batch *h = calloc(1, sizeof *h);
    const fric_io_log **ptr = malloc((size_t)kept_n * sizeof *ptr);
    if (!h || !ptr) {
        free(h);
        free(ptr);
        set_status(FRIC_E_NO_MEMORY, -1, "out of memory for the batch.");
        return NULL;
    }
    for (int i = 0; i < kept_n; i++) ptr[i] = &kept[i];
    const char *why = "";
    int rc = fric_fit_batch_build(ptr, (size_t)kept_n, &h->b, &why);
    free(ptr);
    if (rc) {
        from_core(rc, &why);
        fric_fit_batch_free(&h->b);
        free(h);
        return NULL;
    }
    h->lanes = malloc(h->b.logs * sizeof *h->lanes);
    if (!h->lanes) {
        fric_fit_batch_free(&h->b);
        free(h);
        set_status(FRIC_E_NO_MEMORY, -1, "out of memory for the batch's lanes.");
        return NULL;
    }
    set_error("");
    return h;
}

void fxb_fit_batch_free(fxb_batch *h);
void fxb_fit_batch_free(fxb_batch *h)
{
    if (!h) return;
    fric_fit_batch_free(&h->b);
    free(h->lanes);
    free(h);
}

/* what 0: logs, 1: bench steps per evaluation (Σ samples). */
double fxb_fit_batch_num(const fxb_batch *h, int what);
double fxb_fit_batch_num(const fxb_batch *h, int what)
{
    if (!h) return -1;
    return what == 0 ? (double)h->b.logs : (double)h->b.steps;
}

/* valid[i] = 1 for the kept logs whose header kp equals kp
 * (fric_fit_split_kp). Returns how many. */
int fxb_fit_split_kp(double kp, unsigned char *valid);
int fxb_fit_split_kp(double kp, unsigned char *valid)
{
    const fric_io_log *ptr[64];
    int done = 0, count = 0;
    while (done < kept_n) {   /* in chunks: no allocation */
        int k = kept_n - done < 64 ? kept_n - done : 64;
        for (int i = 0; i < k; i++) ptr[i] = &kept[done + i];
        count += (int)fric_fit_split_kp(ptr, (size_t)k, kp, valid + done);
        done += k;
    }
    return count;
}

/* valid[i] = 1 for the kept logs of the alternate split
 * (fric_fit_split_alternate: kp rank + trajectory index odd). Returns how
 * many, or −1 (out of memory). */
int fxb_fit_split_alternate(unsigned char *valid);
int fxb_fit_split_alternate(unsigned char *valid)
{
    const fric_io_log **ptr = malloc(sizeof *ptr * (size_t)(kept_n > 0 ? kept_n : 1));
    if (!ptr) { set_status(FRIC_E_NO_MEMORY, -1, "split: out of memory."); return -1; }
    for (int i = 0; i < kept_n; i++) ptr[i] = &kept[i];
    int count = (int)fric_fit_split_alternate(ptr, (size_t)kept_n, valid);
    free(ptr);
    set_error("");
    return count;
}

/* The target of (actuator, model) into *t; 1 with the message. */
static int fit_target(const char *actuator, int model, fric_fit_target *t)
{
    const char *why = "";
    return from_core(fric_fit_target_init(t, actuator ? actuator : "", model, &why), &why);
}

/* The losses of count candidates P[count·FRIC_FIT_N] on the batch
 * (fric_fit_loss) into out[count]; mae (may be NULL) receives each log's MAE,
 * [count·logs]. 0, or 1 with the message. */
int fxb_fit_losses(fxb_batch *h, const char *actuator, int model, const double *P, int count,
                   double *out, double *mae);
int fxb_fit_losses(fxb_batch *h, const char *actuator, int model, const double *P, int count,
                   double *out, double *mae)
{
    if (!h) { set_status(FRIC_E_NULL, -1, "no batch (freed?)."); return 1; }
    if (count_bad("count (candidates)", count, (FRIC_FIT_N + 1 + (double)h->b.logs) * sizeof(double))) return 1;
    fric_fit_target t;
    if (fit_target(actuator, model, &t)) return 1;
    for (int k = 0; k < count; k++)
        out[k] = fric_fit_loss(&t, P + (size_t)k * FRIC_FIT_N, &h->b, h->lanes,
                               mae ? mae + (size_t)k * h->b.logs : NULL);
    set_error("");
    return 0;
}

/* Parameter i: what 0 its params-file key, 1 its unit ("" out of range). */
const char *fxb_fit_param_text(int i, int what);
const char *fxb_fit_param_text(int i, int what)
{
    const char *s = what == 0 ? fric_fit_param_key(i) : fric_fit_param_unit(i);
    return s ? s : "";
}

/* what 0: fric_fit_param_used(a, b) (model a, parameter b);
 * 1: fric_fit_contains(a, b) (big a, small b). */
int fxb_fit_rel(int what, int a, int b);
int fxb_fit_rel(int what, int a, int b)
{
    return what == 0 ? fric_fit_param_used(a, b) : fric_fit_contains(a, b);
}

/* p_big[FRIC_FIT_N] from p_small (fric_fit_embed). 0, or 1 with the message. */
int fxb_fit_embed(int small, const double *p_small, int big, double *p_big);
int fxb_fit_embed(int small, const double *p_small, int big, double *p_big)
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
int fxb_fit_chain_start(int model, const double *loss, const double *best, double *start);
int fxb_fit_chain_start(int model, const double *loss, const double *best, double *start)
{
    if (model < 1 || model > 6) {
        set_status(FRIC_E_PARAM_RANGE, -1, "model must be 1..6 (M1..M6).");
        return -1;
    }
    set_error("");
    return fric_fit_chain_start(model, loss, best, start);
}

/* The published parameters of (actuator, model) into p. 0, or 1. */
int fxb_fit_preset_params(const char *actuator, int model, double *p);
int fxb_fit_preset_params(const char *actuator, int model, double *p)
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

/* The default space of (actuator, model) (fric_fit_space_default). */
int fxb_fit_space_default(const char *actuator, int model, double *lo, double *hi, double *fr,
                          double *val);
int fxb_fit_space_default(const char *actuator, int model, double *lo, double *hi, double *fr,
                          double *val)
{
    fric_fit_space s;
    const char *why = "";
    if (from_core(fric_fit_space_default(actuator ? actuator : "", model, &s, &why), &why)) return 1;
    space_to(&s, lo, hi, fr, val);
    return 0;
}

/* 0 when the space is usable for model (fric_fit_space_check), else 1 with
 * the message naming the parameter. */
int fxb_fit_space_check(int model, const double *lo, const double *hi, const double *fr,
                        const double *val);
int fxb_fit_space_check(int model, const double *lo, const double *hi, const double *fr,
                        const double *val)
{
    fric_fit_space s;
    space_from(&s, lo, hi, fr, val);
    const char *why = "";
    return from_core(fric_fit_space_check(&s, model, &why), &why);
}

/* A fit of (actuator, model) on the batch with the given space, budget,
 * seed (an integer below 2^53), sigma0 (0: the default), restarts (−1: the
 * default) and start (NULL: none). NULL with the message. The batch must
 * outlive the fit. */
fric_fit *fxb_fit_new(const fxb_batch *h, const char *actuator, int model, const double *lo,
                      const double *hi, const double *fr, const double *val, double budget,
                      double seed, double sigma0, int restarts, const double *start);
fric_fit *fxb_fit_new(const fxb_batch *h, const char *actuator, int model, const double *lo,
                      const double *hi, const double *fr, const double *val, double budget,
                      double seed, double sigma0, int restarts, const double *start)
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
    if (fit_target(actuator, model, &d.target)) return NULL;
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

void fxb_fit_free(fric_fit *f);
void fxb_fit_free(fric_fit *f) { fric_fit_free(f); }

int fxb_fit_lambda_max(const fric_fit *f);
int fxb_fit_lambda_max(const fric_fit *f) { return f ? fric_fit_lambda_max(f) : 0; }

/* The next candidates into P (cap of them at most): their count, 0 when the
 * fit is over, −1 when cap is too small (the message). */
int fxb_fit_ask(fric_fit *f, double *P, int cap);
int fxb_fit_ask(fric_fit *f, double *P, int cap)
{
    if (!f) { set_status(FRIC_E_NULL, -1, "no fit (freed?)."); return -1; }
    if (count_bad("cap (candidates)", cap, FRIC_FIT_N * sizeof(double))) return -1;
    int k = fric_fit_ask(f, P, cap);
    if (k < 0) set_status(FRIC_E_PARAM_RANGE, -1, "cap is below the population: size it with fxb_fit_lambda_max.");
    else set_error("");
    return k;
}

/* The losses of the last ask's candidates; returns progress.done. */
int fxb_fit_tell(fric_fit *f, const double *loss);
int fxb_fit_tell(fric_fit *f, const double *loss) { return f ? fric_fit_tell(f, loss) : -1; }

void fxb_fit_stop(fric_fit *f);
void fxb_fit_stop(fric_fit *f) { if (f) fric_fit_stop(f); }

/* The progress as out[11 + FRIC_FIT_N]: generation, run, lambda, evals,
 * budget, steps, best_loss, gen_best_loss, sigma, clamped, done, best[]. */
int fxb_fit_progress(const fric_fit *f, double *out);
int fxb_fit_progress(const fric_fit *f, double *out)
{
    if (!f) { set_status(FRIC_E_NULL, -1, "no fit (freed?)."); return 1; }
    const fric_fit_progress *p = fric_fit_get_progress(f);
    double v[11] = { p->generation, p->run, p->lambda, (double)p->evals, (double)p->budget,
                     (double)p->steps, p->best_loss, p->gen_best_loss, p->sigma, p->clamped, p->done };
    memcpy(out, v, sizeof v);
    memcpy(out + 11, p->best, sizeof p->best);
    return 0;
}

/* The fit's defaults (fric_fit.h): what 0 FRIC_FIT_DEFAULT_BUDGET
 * [evaluations], 1 FRIC_FIT_DEFAULT_RESTARTS, 2 FRIC_FIT_DEFAULT_SIGMA0,
 * 3 FRIC_FIT_WARM_SIGMA0, 4 FRIC_FIT_MAX_LOGS; NaN otherwise. */
double fxb_fit_default(int what);
double fxb_fit_default(int what)
{
    switch (what) {
    case 0: return FRIC_FIT_DEFAULT_BUDGET;
    case 1: return FRIC_FIT_DEFAULT_RESTARTS;
    case 2: return FRIC_FIT_DEFAULT_SIGMA0;
    case 3: return FRIC_FIT_WARM_SIGMA0;
    case 4: return FRIC_FIT_MAX_LOGS;
    }
    return NAN;
}

/* The name of a stop reason (fric_cmaes_stop_name). */
const char *fxb_fit_stop_name(int reason);
const char *fxb_fit_stop_name(int reason) { const char *s = fric_cmaes_stop_name(reason); return s ? s : ""; }
