/*
 * bindings_bench.c: the servo bench of fric_bench.h and fric_servo.h at the
 * wasm wall (wasm/api/bench.js): the servo coefficients a model uses, the
 * presets, the bench's parameters resolved to a bench def, the actuator
 * aliases, and a log's replay.
 * Conventions: wasm/bindings.c.
 */
#include <stddef.h>

#include "fric_scenario.h"
#include "fric_bench.h"
#include "fric_servo.h"
#include "fric_status.h"
#include "bindings_internal.h"

/* ------------------------------------------------- servo presets (bench) */

/* Number i of the servo friction model: 1 when model M<model> uses it;
 * 1 when it must be > 0 (else >= 0). */
FXB_EXPORT int fxb_servo_coef_used(int model, int i) { return fric_servo_coef_used(model, i); }
FXB_EXPORT int fxb_servo_coef_positive(int i) { return fric_servo_coef_positive(i); }

FXB_EXPORT int fxb_preset_count(void) { return fric_bench_preset_count(); }

/* Preset i (constant data, layout bench_preset), NULL out of range. */
FXB_EXPORT const fric_bench_preset *fxb_preset_at(int i) { return fric_bench_preset_at(i); }

/* 1 (with the message) unless n is the bench scenario's parameter count. */
int fxb_bench_params_bad(int n)
{
    const fric_scenario *s = fric_scenario_find("bench");
    if (!s) { fxb_refuse(FRIC_E_UNKNOWN_NAME, "fxb.no_bench_scenario", "no bench scenario", FXB_END); return 1; }
    return fxb_length_bad("params", n, s->n_params);
}

/* The bench the parameters p[n] (n = its n_params) resolve to
 * (fric_bench_def_from_params) into *out (layout bench_def). 0, or 1 with
 * the message. */
FXB_EXPORT int fxb_bench_servo(const double *p, int n, fric_bench_def *out)
{
    if (fxb_bench_params_bad(n)) return 1;
    const char *why = "";
    if (fxb_from_core(fric_bench_def_from_params(p, NULL, out, &why), &why)) return 1;
    fxb_set_error("");
    return 0;
}

/* The bench scenario's parameters p[n] (n = its n_params) with every −1
 * ("preset") resolved into out[n]. */
FXB_EXPORT int fxb_bench_resolve(const double *p, int n, double *out)
{
    if (fxb_bench_params_bad(n)) return 1;
    const char *why = "";
    return fxb_from_core(fric_bench_def_from_params(p, out, NULL, &why), &why);
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
    fxb_set_error("");
    return motor && cap >= 0 ? (int)fric_bench_actuator_note(motor, buf, (size_t)cap) : 0;
}

/* Replays the log with the bench scenario's parameters p (friction, servo,
 * treatment). sim_q receives min(cap, samples) positions; *res the result
 * (layout bench_replay_result). 0, or 1 with the message. */
FXB_EXPORT int fxb_bench_replay(const double *p, int n, double *sim_q, int cap,
                                fric_bench_replay_result *res, const fric_io_log *lg)
{
    fric_bench_def d;
    const char *why = "";
    if (fxb_bench_params_bad(n) || fxb_count_bad("cap", cap, sizeof(double))) return 1;
    if (!lg) { fxb_refuse_door(FRIC_E_LOG_INVALID, "replay: ", "fxb.replay_no_log", "no log is loaded.", FXB_END); return 1; }
    if (fxb_from_core(fric_bench_def_from_params(p, NULL, &d, &why), &why)) return 1;
    if (fxb_from_core(fric_bench_replay(&d, lg, sim_q, (size_t)cap, res, &why), &why)) return 1;
    fxb_set_error("");
    return 0;
}
