/* The M1-M6 formulas themselves are in core/base/servo_formulas.h, not here: the law, the
 * bench (core/system/bench) and its lane kernel share them, and core/base is the one private
 * folder every stage may include (stage walls, docs/architecture.md).
 *
 * servo_friction.c: the friction budget of models M1-M6 (Duclusaud &
 * Passault, §II-B eq. 3 and §III eqs. 5-9; the formulas of fric_servo.h).
 *
 * The evaluation follows the reference implementation (Rhoban/bam,
 * bam/model.py Model.compute_frictions, Apache-2.0, Copyright 2025 Marc
 * Duclusaud & Grégoire Passault) operation by operation and in the same
 * order, so that a simulation with it reproduces the reference bit for bit:
 *   gear   = |τe·K_e − τm·K_m|      (M5, M6)   or |τe − τm|    (M3, M4)
 *   gear_s = |τe·K_es − τm·K_ms|    (M5, M6)
 *   s      = exp(−|θ̇/θ̇_s|^α)       (M2, M4-M6)
 *   f = K_c;  f += gear (M5, M6) or K_l·gear (M3, M4);
 *   f += s·K_cs;  f += gear_s·s (M5, M6) or (K_ls·gear)·s (M4);
 *   M6: f += s·Q with Q = K_eq·τe² if |τe| < |τm|, K_mq·τm² if |τe| > |τm|,
 *       0 if equal, and only when sign(τe) ≠ sign(τm) (numpy sign: 0 is its
 *       own sign, so one zero torque enables the term, which is then 0).
 * Checked against the paper: eq. 6 writes the load |τm − τe| (same), eq. 8
 * |K_m·τm − K_e·τe| (same), eq. 9 Q = K_e^q·τe² if |τm| > |τe| (same). The
 * paper's eqs. 5-9 print K_v·θ̇ where eq. 3 and the code have K_v·|θ̇|.
 */
#include <math.h>

#include "fric_servo.h"
#include "base.h"
#include "law_internal.h"
/* the formulas (Stribeck factor, load terms, M6's Q, the budget and its
 * split), written once for this scalar evaluation and the bench's lane
 * kernel (core/system/bench/bench_lanes.c) */
#include "servo_formulas.h"

fric_status fric_servo_check(const fric_servo_friction *p, const char **why)
{
    const char *m = NULL;
    if (!p) m = fric__say_id("law.servo_friction_parameters",
                    "servo friction parameters are NULL.",
                    fric__no_values);
    else if (p->model < 1 || p->model > 6)
        m = fric__say_id("law.model_not_m",
                "model = {model} is not one of M1..M6; use 1 to 6.",
                fric__values(fric__i("model", p->model)));
    else {
        double c[FRIC_SERVO_N_COEFS];
        fric_servo_to_array(p, c);
        for (int i = 1; !m && i < FRIC_SERVO_N_COEFS; i++) {
            if (!fric_servo_coef_used(p->model, i)) continue;
            if (fric_servo_coef_positive(i) ? !(isfinite(c[i]) && c[i] > 0)
                                            : !(isfinite(c[i]) && c[i] >= 0))
                m = fric__fail_id(FRIC_E_PARAM_RANGE, i, "law.finite_number_model",
                        "{servo_coef_keys} ({servo_coef_fields}) = {c} must be a finite number {v} "
                        "for model M{model}.",
                        fric__values(fric__s("servo_coef_keys", fric_servo_coef_keys[i]),
                                     fric__s("servo_coef_fields", fric_servo_coef_fields[i]),
                                     fric__g("c", c[i]),
                                     fric__s("v", fric_servo_coef_positive(i) ? "> 0" : ">= 0"),
                                     fric__i("model", p->model)));
        }
    }
    if (why) *why = m ? m : "";
    return m ? fric__rc() : FRIC_OK;
}


double fric_servo_frictionloss(const fric_servo_friction *p, double dtheta,
                               double tau_m, double tau_e)
{
    if (p->model < 1 || p->model > 6) return NAN;
    return fx_frictionloss(p, dtheta, tau_m, tau_e);
}

double fric_servo_budget(const fric_servo_friction *p, double dtheta,
                         double tau_m, double tau_e)
{
    if (p->model < 1 || p->model > 6) return NAN;
    return fx_budget(p, dtheta, tau_m, tau_e);
}

void fric_servo_split(const fric_servo_friction *p, double tau_m, double tau_e,
                       double *C, double *A)
{
    fx_split(p, tau_m, tau_e, C, A);
}

/* ------------------------------------------------- the 14 numbers, in order */

#define FIELD_NAME(f, NAME) #f,
#define KEY_NAME(f, NAME) FRIC_SERVO_KEY_##NAME,
const char *const fric_servo_coef_fields[FRIC_SERVO_N_COEFS] = { "model", FRIC_SERVO_COEFS(FIELD_NAME) };
const char *const fric_servo_coef_keys[FRIC_SERVO_N_COEFS] = { "model", FRIC_SERVO_COEFS(KEY_NAME) };

int fric_servo_coef_used(int model, int i)
{
    if (model < 1 || model > 6 || i < 0 || i >= FRIC_SERVO_N_COEFS) return 0;
    int stribeck = model == 2 || model >= 4;
    switch (i) {
    case 0: return 1;                          /* model                   */
    case 1: return 1;                          /* K_c     M1-M6           */
    case 2: return stribeck;                   /* K_cs    M2, M4-M6       */
    case 3: return model == 3 || model == 4;   /* K_l     M3, M4          */
    case 4: return model == 4;                 /* K_ls    M4              */
    case 5: case 6: case 7: case 8:
        return model >= 5;                     /* K_m, K_e, K_ms, K_es    */
    case 9: case 10: return model == 6;        /* K_mq, K_eq  M6          */
    case 11: case 12: return stribeck;         /* dtheta_s, alpha         */
    default: return 1;                         /* K_v     M1-M6           */
    }
}

int fric_servo_coef_positive(int i)
{
    return i == 11 || i == 12;
}

void fric_servo_to_array(const fric_servo_friction *p, double *c)
{
    int i = 0;
    c[i++] = p->model;
#define TO(f, key) c[i++] = p->f;
    FRIC_SERVO_COEFS(TO)
#undef TO
}

void fric_servo_from_array(const double *c, fric_servo_friction *p)
{
    int i = 0;
    p->model = (int)c[i++];
#define FROM(f, key) p->f = c[i++];
    FRIC_SERVO_COEFS(FROM)
#undef FROM
}
