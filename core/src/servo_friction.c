/*
 * servo_friction.c: the friction budget of models M1-M6 (Duclusaud &
 * Passault, §II-B and §III; the formulas of fric_servo.h, as the BAM
 * reference implementation evaluates them).
 */
#include <math.h>

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

double fric_servo_frictionloss(const fric_servo_friction *p, double dtheta,
                               double tau_m, double tau_e)
{
    if (p->model == 1) return p->K_c;
    double s = exp(-pow(fabs(dtheta / p->dtheta_s), p->alpha));
    double L = fabs(tau_e - tau_m);
    switch (p->model) {
    case 2: return p->K_c + s * p->K_cs;
    case 3: return p->K_c + p->K_l * L;
    case 4: return p->K_c + p->K_l * L + s * (p->K_cs + p->K_ls * L);
    case 5:
    case 6: {
        double f = p->K_c + fabs(p->K_e * tau_e - p->K_m * tau_m)
                 + s * (p->K_cs + fabs(p->K_es * tau_e - p->K_ms * tau_m));
        if (p->model == 6 && (tau_e > 0) != (tau_m > 0) && tau_e != 0 && tau_m != 0) {
            double q = 0;
            if (fabs(tau_e) < fabs(tau_m)) q = p->K_eq * tau_e * tau_e;
            else if (fabs(tau_e) > fabs(tau_m)) q = p->K_mq * tau_m * tau_m;
            f += s * q;
        }
        return f;
    }
    }
    return NAN;
}

double fric_servo_budget(const fric_servo_friction *p, double dtheta,
                         double tau_m, double tau_e)
{
    return fric_servo_frictionloss(p, dtheta, tau_m, tau_e) + p->K_v * fabs(dtheta);
}
