/*
 * fit_loss.c: what identification minimises (Duclusaud & Passault §V-B;
 * Rhoban/bam bam/fit.py): the mean over the training logs of each log's
 * replay MAE, mean_k |q_sim,k − q_log,k| [rad], with the servo's control law
 * recomputed from the simulated state and the logged goal (the score of
 * fric_bench_replay, evaluated for all logs at once by fric_bench_batch_mae).
 * fric_fit_losses_fast scores several parameter sets at once with the
 * multi-lane kernel (fric_bench_batch_mae_lanes), for the fit's inner loop.
 */
#include <math.h>
#include <string.h>

#include "fric_fit.h"
#include "fric_io.h"
#include "fric_scenario.h"
#include "fit_internal.h"
#include "base.h"

/* Karnopp band of a target (only used with FRIC_TREATMENT_KARNOPP) [rad/s]:
 * fric_bench_def_from_preset's. */
#define TARGET_KARNOPP_EPS 1e-3

fric_status fric_fit_target_init(fric_fit_target *t, const char *actuator, int model, const char **why)
{
    const fric_servo_actuator *a = fric_bench_actuator_find(actuator);
    if (fric__fit_check_args("target", t, "t", actuator, a != NULL, model, why)) return fric__rc();
    memset(t, 0, sizeof *t);
    t->servo = *a;
    t->model = model;
    t->treatment = FRIC_TREATMENT_CLIP;
    t->karnopp_eps = TARGET_KARNOPP_EPS;
    if (why) *why = "";
    return 0;
}

void fric_fit_apply(const fric_fit_target *t, const double *p, fric_bench_def *d)
{
    double c[FRIC_SERVO_N_COEFS];
    c[0] = t->model;
    for (int i = 1; i < FRIC_SERVO_N_COEFS; i++) c[i] = p[FRIC_FIT_K_C + i - 1];
    memset(d, 0, sizeof *d);
    fric_servo_from_array(c, &d->friction);
    d->servo = t->servo;
    d->servo.kt = p[FRIC_FIT_KT];
    d->servo.R = p[FRIC_FIT_R];
    d->servo.armature = p[FRIC_FIT_ARMATURE];
    d->servo.q_offset = p[FRIC_FIT_Q_OFFSET];
    d->servo.error_gain_ratio = p[FRIC_FIT_ERROR_GAIN_RATIO];
    d->servo.max_velocity = p[FRIC_FIT_MAX_VELOCITY];
    d->servo.current_limit = p[FRIC_FIT_CURRENT_LIMIT];
    d->servo.max_torque = p[FRIC_FIT_MAX_TORQUE];
    /* the bench of fric_bench_def_from_preset until a log's header replaces it */
    d->mass = 0.5;
    d->length = 0.1;
    d->kp = t->servo.kp_default;
    d->vin = t->servo.vin_default;
    d->dt = FRIC_IO_RESAMPLE_DT;
    d->treatment = t->treatment;
    d->karnopp_eps = t->karnopp_eps;
    d->integrator = t->integrator;
}

/* 0 when integrator is one of the bench's, else the message naming it (of
 * what: "fit params file", "fit bench params") */
static const char *integrator_problem(const char *what, fric_bench_integrator integrator)
{
    if (integrator == FRIC_BENCH_INTEGRATOR_BAM || integrator == FRIC_BENCH_INTEGRATOR_MUJOCO) return NULL;
    return fric__fail_id(FRIC_E_PARAM_RANGE, -1, "fit.integrator_neither_bam",
               "{what}: integrator = {integrator} is neither bam ({bench_integrator_bam}) nor "
               "mujoco ({bench_integrator_mujoco}).",
               fric__values(fric__s("what", what), fric__i("integrator", (int)integrator),
                            fric__i("bench_integrator_bam", FRIC_BENCH_INTEGRATOR_BAM),
                            fric__i("bench_integrator_mujoco", FRIC_BENCH_INTEGRATOR_MUJOCO)));
}

fric_status fric_fit_target_integrator(fric_fit_target *t, fric_bench_integrator integrator,
                                       const char **why)
{
    const char *m = !t ? fric__fail_id(FRIC_E_NULL, -1, "fit.t_given",
                             "fit target integrator: t must be given.",
                             fric__no_values)
                       : integrator_problem("fit target", integrator);
    if (why) *why = m ? m : "";
    if (m) return fric__rc();
    t->integrator = integrator;
    t->treatment = fric_bench_integrator_treatments[integrator];
    return 0;
}

void fric_fit_from_def(const fric_bench_def *d, double *p)
{
    double c[FRIC_SERVO_N_COEFS];
    fric_servo_to_array(&d->friction, c);
    p[FRIC_FIT_KT] = d->servo.kt;
    p[FRIC_FIT_R] = d->servo.R;
    p[FRIC_FIT_ARMATURE] = d->servo.armature;
    p[FRIC_FIT_Q_OFFSET] = d->servo.q_offset;
    for (int i = 1; i < FRIC_SERVO_N_COEFS; i++)
        p[FRIC_FIT_K_C + i - 1] = fric_servo_coef_used(d->friction.model, i) ? c[i] : 0;
    p[FRIC_FIT_ERROR_GAIN_RATIO] = d->servo.error_gain_ratio;
    p[FRIC_FIT_MAX_VELOCITY] = d->servo.max_velocity;
    p[FRIC_FIT_CURRENT_LIMIT] = d->servo.current_limit;
    p[FRIC_FIT_MAX_TORQUE] = d->servo.max_torque;
}

fric_status fric_fit_params_file(const char *actuator, int model, const double *p,
                                 fric_bench_integrator integrator,
                                 const fric_io_params_fit *meta, fric_io_params_file *f,
                                 const char **why)
{
    fric_fit_target t;
    if (fric_fit_target_init(&t, actuator, model, why)) return fric__rc();
    const char *m = !p || !f ? fric__fail_id(FRIC_E_NULL, -1, "fit.p_f_given",
                                   "fit params file: p and f must be given.",
                                   fric__no_values)
                             : integrator_problem("fit params file", integrator);
    if (m) {
        if (why) *why = m;
        return fric__rc();
    }
    t.integrator = integrator;          /* the position update the fit ran with */
    fric_bench_def d;
    fric_fit_apply(&t, p, &d);          /* the def the fit scored: one mapping of p */
    memset(f, 0, sizeof *f);
    f->actuator = fric_bench_actuator_resolve(actuator);
    f->kt = d.servo.kt;
    f->R = d.servo.R;
    f->armature = d.servo.armature;
    f->q_offset = d.servo.q_offset;
    f->error_gain_ratio = d.servo.error_gain_ratio;
    f->max_velocity = d.servo.max_velocity;
    f->max_current = d.servo.max_current;
    f->current_limit = d.servo.current_limit;
    f->max_torque = d.servo.max_torque;
    f->torque_control = d.servo.control == FRIC_SERVO_TORQUE;
    f->friction = d.friction;
    f->integrator = (int)d.integrator;
    f->fit = meta;
    if (why) *why = "";
    return 0;
}

fric_status fric_fit_bench_params(const char *actuator, int model, const double *p,
                                  fric_treatment treatment, fric_bench_integrator integrator,
                                  double *bench_p, const char **why)
{
    fric_fit_target t;
    if (fric_fit_target_init(&t, actuator, model, why)) return fric__rc();
    const fric_scenario *sc = fric_scenario_find("bench");
    int ti = fric_treatment_index(treatment, fric_bench_treatments, FRIC_BENCH_N_TREATMENTS);
    const char *m = !p || !bench_p ? fric__fail_id(FRIC_E_NULL, -1, "fit.p_bench_p",
                                         "fit bench params: p and bench_p must be given.",
                                         fric__no_values)
                  : ti < 0 ? fric__fail_id(FRIC_E_PARAM_RANGE, -1, "fit.treatment_not_bench",
                                 "fit bench params: treatment = {treatment} is not one of the "
                                 "bench's; use {bench_treatment_names}, {bench_treatment_names2}, "
                                 "{bench_treatment_names3} or {bench_treatment_names4}.",
                                 fric__values(fric__i("treatment", (int)treatment),
                                              fric__s("bench_treatment_names", fric_bench_treatment_names[0]),
                                              fric__s("bench_treatment_names2", fric_bench_treatment_names[1]),
                                              fric__s("bench_treatment_names3", fric_bench_treatment_names[2]),
                                              fric__s("bench_treatment_names4", fric_bench_treatment_names[3])))
                  : integrator_problem("fit bench params", integrator);
    char model_name[3] = { 'm', (char)('0' + model), '\0' };
    if (!m) {
        fric_scenario_defaults(sc, bench_p);
        if (!fric_scenario_set(sc, bench_p, "actuator", fric_bench_actuator_resolve(actuator), &m)
            && !fric_scenario_set(sc, bench_p, "model", model_name, &m)) {
            m = NULL;
            bench_p[fric_scenario_param_index(sc, "friction")] = ti;
            bench_p[fric_scenario_param_index(sc, "integrator")] = (double)integrator;
            /* every fit key is a bench parameter (the params file's keys) */
            for (int i = 0; i < FRIC_FIT_N; i++) {
                int j = fric_scenario_param_index(sc, fric_fit_param_key(i));
                if (j >= 0) bench_p[j] = p[i];
            }
        }
    }
    if (why) *why = m ? m : "";
    return m ? fric__rc() : 0;
}

fric_status fric_fit_preset_params(const char *actuator, int model, double *p, const char **why)
{
    const fric_bench_preset *ps = fric_bench_preset_find(actuator, model);
    if (!ps || !p) {
        const char *m = !p ? fric__fail_id(FRIC_E_NULL, -1, "fit.p_given",
                                 "preset: p must be given.",
                                 fric__no_values)
                           : fric__fail_id(FRIC_E_NO_PRESET, -1, "fit.no_published_parameters",
                                 "no published parameters for actuator \"{actuator}\" model M"
                                 "{model}.",
                                 fric__values(fric__s("actuator", actuator ? actuator : "(null)"),
                                              fric__i("model", model)));
        if (why) *why = m;
        return fric__rc();
    }
    fric_bench_def d;
    memset(&d, 0, sizeof d);
    d.servo = ps->servo;
    d.friction = ps->friction;
    fric_fit_from_def(&d, p);
    if (why) *why = "";
    return 0;
}

/* the mean of a candidate's per-log MAE (NaN: that replay diverged, +inf),
 * summed in log order as fric_fit_loss sums */
static double mean_mae(double *e, size_t logs)
{
    double sum = 0;
    for (size_t i = 0; i < logs; i++) {
        if (isnan(e[i])) e[i] = INFINITY;
        sum += e[i];
    }
    return sum / (double)logs;
}

double fric_fit_loss(const fric_fit_target *t, const double *p, const fric_fit_batch *b,
                     fric_bench_lane *lanes, double *mae)
{
    double own[FRIC_FIT_MAX_LOGS];
    double *e = mae ? mae : own;
    fric_bench_def d;
    fric_fit_apply(t, p, &d);
    /* an unusable p (kt, R, armature, θ̇_s or α out of range) is refused by
     * the lanes' fric_bench_init: no candidate is ever scored on it */
    if (fric_bench_batch_mae(&b->b, &d, lanes, e, NULL)) {
        if (mae)
            for (size_t i = 0; i < b->logs; i++) mae[i] = INFINITY;
        return INFINITY;
    }
    return mean_mae(e, b->logs);    /* a replay that left the finite range: +inf */
}

/* candidates per kernel call (their defs live on the stack) */
#define FAST_CHUNK 8

void fric_fit_losses_fast(const fric_fit_target *t, const double *P, int count,
                          const fric_fit_batch *b, fric_bench_lane *lanes, double *mae,
                          double *loss)
{
    size_t N = b->logs;
    if (t->treatment != FRIC_TREATMENT_CLIP && t->treatment != FRIC_TREATMENT_IMPLICIT) {
        /* no lane kernel (explicit, karnopp): the exact path */
        for (int c = 0; c < count; c++)
            loss[c] = fric_fit_loss(t, P + (size_t)c * FRIC_FIT_N, b, lanes, mae + (size_t)c * N);
        return;
    }
    for (int c0 = 0; c0 < count; c0 += FAST_CHUNK) {
        fric_bench_def d[FAST_CHUNK];
        int idx[FAST_CHUNK], m = 0;
        for (int c = c0; c < count && c < c0 + FAST_CHUNK; c++) {
            fric_bench_def e;
            int ok = 1;
            fric_fit_apply(t, P + (size_t)c * FRIC_FIT_N, &d[m]);
            /* an unusable p (kt, R, armature, θ̇_s or α out of range) is never scored */
            for (size_t i = 0; ok && i < N; i++) {
                fric_bench_def_from_log(&d[m], &b->b.header[i], &e);
                ok = fric_bench_check(&e, NULL) == 0;
            }
            if (ok) idx[m++] = c;
            else loss[c] = INFINITY;
        }
        if (m == 0) continue;
        double *e = mae + (size_t)c0 * N;
        if (fric_bench_batch_mae_lanes(&b->b, d, (size_t)m, FRIC_BENCH_LANES_AUTO, e, NULL, NULL)) {
            for (int j = 0; j < m; j++) loss[idx[j]] = INFINITY;   /* not reached: checked */
            continue;
        }
        for (int j = 0; j < m; j++) loss[idx[j]] = mean_mae(e + (size_t)j * N, N);
    }
}
