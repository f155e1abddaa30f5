/*
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

#include "bench_internal.h"
#include "fric_servo.h"
#include "law_internal.h"

int fric_servo_check(const fric_servo_friction *p, const char **why)
{
    const char *m = NULL;
    if (!p) m = fric__say("servo friction parameters are NULL.");
    else if (p->model < 1 || p->model > 6)
        m = fric__say("model = %d is not one of M1..M6; use 1 to 6.", p->model);
    else {
        struct { const char *name; double v; int used; } f[] = {
            { "friction_base (K_c)", p->K_c, 1 },
            { "friction_stribeck (K_cs)", p->K_cs, p->model == 2 || p->model >= 4 },
            { "load_friction_base (K_l)", p->K_l, p->model == 3 || p->model == 4 },
            { "load_friction_stribeck (K_ls)", p->K_ls, p->model == 4 },
            { "load_friction_motor (K_m)", p->K_m, p->model >= 5 },
            { "load_friction_external (K_e)", p->K_e, p->model >= 5 },
            { "load_friction_motor_stribeck (K_ms)", p->K_ms, p->model >= 5 },
            { "load_friction_external_stribeck (K_es)", p->K_es, p->model >= 5 },
            { "load_friction_motor_quad (K_mq)", p->K_mq, p->model == 6 },
            { "load_friction_external_quad (K_eq)", p->K_eq, p->model == 6 },
            { "friction_viscous (K_v)", p->K_v, 1 },
        };
        for (unsigned i = 0; !m && i < sizeof f / sizeof f[0]; i++)
            if (f[i].used && !(isfinite(f[i].v) && f[i].v >= 0))
                m = fric__say("%s = %g must be a finite number >= 0 for model M%d.",
                              f[i].name, f[i].v, p->model);
        int stribeck = p->model == 2 || p->model >= 4;
        if (!m && stribeck && !(isfinite(p->dtheta_s) && p->dtheta_s > 0))
            m = fric__say("dtheta_stribeck = %g must be a finite velocity > 0 rad/s for model M%d.",
                          p->dtheta_s, p->model);
        if (!m && stribeck && !(isfinite(p->alpha) && p->alpha > 0))
            m = fric__say("alpha = %g must be a finite exponent > 0 for model M%d.",
                          p->alpha, p->model);
    }
    if (why) *why = m ? m : "";
    return m != NULL;
}

static double sign3(double x)
{
    return x > 0 ? 1.0 : x < 0 ? -1.0 : 0.0;
}

/* s = exp(−|θ̇/θ̇_s|^α); exactly 1 at θ̇ = 0 (pow(0, α) = 0 for α > 0) and
 * exactly 0 once the exponent passes 746 (exp underflows to 0 below
 * −745.14), which skips libm's slow underflow path without changing a bit. */
static double stribeck_coeff(const fric_servo_friction *p, double dtheta)
{
    if (dtheta == 0) return 1.0;
    double u = pow(fabs(dtheta / p->dtheta_s), p->alpha);
    return u > 746.0 ? 0.0 : exp(-u);
}

/* Q of M6 before the factor s (reference order and conventions). */
static double quad_term(const fric_servo_friction *p, double tau_m, double tau_e)
{
    if (sign3(tau_e) == sign3(tau_m)) return 0.0;
    double ae = fabs(tau_e), am = fabs(tau_m);
    if (ae < am) return p->K_eq * (ae * ae);
    if (ae > am) return p->K_mq * (am * am);
    return 0.0;
}

/* The load terms: M5/M6 |K_e·τe − K_m·τm| and |K_es·τe − K_ms·τm| (dir), else
 * the load L = |τe − τm| of M3/M4 (gear_s unused, 0). */
static void gear_terms(const fric_servo_friction *p, int dir, double tau_m, double tau_e,
                       double *gear, double *gear_s)
{
    if (dir) {
        *gear = fabs(tau_e * p->K_e - tau_m * p->K_m);
        *gear_s = fabs(tau_e * p->K_es - tau_m * p->K_ms);
    } else {
        *gear = fabs(tau_e - tau_m);
        *gear_s = 0;
    }
}

double fric_servo_frictionloss(const fric_servo_friction *p, double dtheta,
                               double tau_m, double tau_e)
{
    int m = p->model;
    if (m < 1 || m > 6) return NAN;
    int load = m >= 3, dir = m >= 5, strib = m == 2 || m >= 4;
    double gear, gear_s;
    gear_terms(p, dir, tau_m, tau_e, &gear, &gear_s);
    double f = p->K_c;
    if (load) f += dir ? gear : p->K_l * gear;
    if (strib) {
        double s = stribeck_coeff(p, dtheta);
        f += s * p->K_cs;
        if (load) {
            f += dir ? gear_s * s : p->K_ls * gear * s;
            if (m == 6) f += s * quad_term(p, tau_m, tau_e);
        }
    }
    return f;
}

double fric_servo_budget(const fric_servo_friction *p, double dtheta,
                         double tau_m, double tau_e)
{
    return fric_servo_frictionloss(p, dtheta, tau_m, tau_e) + p->K_v * fabs(dtheta);
}

void fric__servo_split(const fric_servo_friction *p, double tau_m, double tau_e,
                       double *C, double *A)
{
    int m = p->model;
    int load = m >= 3, dir = m >= 5, strib = m == 2 || m >= 4;
    double gear, gear_s;
    gear_terms(p, dir, tau_m, tau_e, &gear, &gear_s);
    double c = p->K_c, a = 0;
    if (load) c += dir ? gear : p->K_l * gear;
    if (strib) {
        a = p->K_cs;
        if (load) {
            a += dir ? gear_s : p->K_ls * gear;
            if (m == 6) a += quad_term(p, tau_m, tau_e);
        }
    }
    *C = c;
    *A = a;
}
