/*
 * bindings_internal.h: what the binding files (wasm/bindings*.c) share, and
 * nothing outside wasm/ includes. The last call's outcome (fxb_set_status,
 * fxb_from_core, fxb_set_error: kept in bindings.c, read by fxb_last_error,
 * fxb_last_status, fxb_last_param), the count checks every export that takes
 * a pointer and a count runs first (fxb_count_bad, fxb_length_bad: defence in depth
 * behind the wrapper's own checks), and the few helpers one group lends
 * another: fxb_bench_params_bad (bindings_bench.c), fxb_log_bad and
 * fxb_fit_meta (bindings_io.c), fxb_bench_def_of (bindings_mujoco.c),
 * fxb_native_none (bindings_native.c),
 * fxb_make_law, fxb_json. Every name here, the helpers' too, starts with fxb_.
 */
#ifndef FXB_BINDINGS_INTERNAL_H
#define FXB_BINDINGS_INTERNAL_H

#include <stddef.h>

#include "friction.h"
#include "fric_bench.h"
#include "fric_io.h"
#include "fric_native.h"
#include "fxb_export.h"

/* The largest buffer [bytes] the wrapper may hand over: a wasm32 malloc
 * takes an i32, so every request stays below 2^31 (friction.js MAX_BYTES). */
#define FXB_MAX_BYTES 2147483647.0

/* Records the outcome: status (a fric_status, FRIC_OK after a success), the
 * parameter at fault (−1 none) and the message ("" after a success). */
void fxb_set_status(int status, int param, const char *msg);
/* Records the core's last failure (fric_status_last) when rc != 0, else OK;
 * returns rc. why: the address of the call's message, read only after rc is
 * known (function arguments are evaluated in no fixed order). */
int fxb_from_core(int rc, const char *const *why);
/* FRIC_E_PARAM_RANGE with msg, or FRIC_OK when msg is NULL or "". */
void fxb_set_error(const char *msg);
/* The bindings' own refusal as a sentence with an id, as the core's have
 * (fric_error: id, named values): status, the parameter at fault none, the
 * sentence id ("fxb.no_fit"), its English text with a {name} hole per
 * value, then the values as (name, text) pairs of strings, ended by FXB_END.
 * The page's tables have core.<id> for each (English: the text itself;
 * tests/web/core_sentences.test.mjs walks wasm/ for them too). */
void fxb_refuse(int status, const char *id, const char *text, ...);
/* fxb_refuse of a sentence said at a door of the core ("adopt: ",
 * "replay: "): the message is door followed by the sentence, the door
 * recorded as its prefix (fric_error.prefix), as the core's fric__fail_door
 * records its own; a page naming the door in its words shows the sentence
 * after it (i18n afterDoor, coreprefix.<kind> in another language). */
void fxb_refuse_door(int status, const char *door, const char *id, const char *text, ...);
#define FXB_END ((const char *)NULL)
/* The last failure's status changed to status (its message, id and values
 * kept); nothing after a success. */
void fxb_restatus(int status);
/* 1 (with FRIC_E_PARAM_RANGE and the message) unless 0 <= n and
 * n·item_bytes <= FXB_MAX_BYTES. */
int fxb_count_bad(const char *what, double n, double item_bytes);
/* 1 (with FRIC_E_PARAM_RANGE) unless the caller's vector has exactly the
 * `want` numbers the C side reads. */
int fxb_length_bad(const char *what, int n, int want);
/* The last call's message (bindings.c). */
const char *fxb_last_error(void);

/* 1 (with the message) unless n is the bench scenario's parameter count
 * (bindings_bench.c). */
int fxb_bench_params_bad(int n);
/* 1 (FRIC_E_NULL, with the message) when lg is NULL (bindings_io.c). */
int fxb_log_bad(const fric_io_log *lg);
/* fit[4] = training MAE, held-out MAE (NaN: none), logs, evaluations as a
 * params file's fit metadata; returns meta (bindings_io.c). */
const fric_io_params_fit *fxb_fit_meta(const double *fit, fric_io_params_fit *meta);
/* The bench def of the bench vector p[n] with the log lg's header and gains
 * (NULL: none; fric_bench_def_from_params / _from_log). 0, or 1 with the
 * message recorded (bindings_mujoco.c). */
int fxb_bench_def_of(const double *p, int n, const fric_io_log *lg, fric_bench_def *d);

/* 1 (FRIC_E_NULL, with the message) when the caller handed no record
 * native_params (bindings_native.c). */
int fxb_native_none(const fric_native_params *p);

/* A growing text in the caller's buffer (cap bytes); len counts every
 * byte the whole text needs, written or not (fxb_boundary's JSON). */
typedef struct { char *buf; size_t cap, len; } fxb_json;

/* The law of the flat arguments (kind, Fs, Fc, vs, D, alpha). */
static inline fric_law fxb_make_law(int kind, double Fs, double Fc, double vs, double D, double alpha)
{
    fric_law law = { (fric_kind)kind, Fs, Fc, vs, D, alpha };
    return law;
}

#endif
