/* bench_ref.c: see bench_ref.h. */
#include <math.h>

#include "bench_ref.h"

double bench_ref_sign(double x) { return x > 0 ? 1.0 : x < 0 ? -1.0 : 0.0; }
double bench_ref_clip(double x, double lo, double hi) { return x < lo ? lo : (x > hi ? hi : x); }

double bench_ref_budget(const fric_servo_friction *k, double tm, double te, double dq)
{
    int m = k->model;
    int load = m >= 3, directional = m >= 5, stribeck = m == 2 || m >= 4, quad = m == 6;
    double gear, gear_s = 0, sc = 0;
    if (directional) {
        gear = fabs(te * k->K_e - tm * k->K_m);
        gear_s = fabs(te * k->K_es - tm * k->K_ms);
    } else {
        gear = fabs(te - tm);
    }
    if (stribeck) sc = exp(-pow(fabs(dq / k->dtheta_s), k->alpha));
    double fl = k->K_c;
    if (load) fl += directional ? gear : k->K_l * gear;
    if (stribeck) {
        fl += sc * k->K_cs;
        if (load) {
            if (directional) fl += gear_s * sc;
            else fl += k->K_ls * gear * sc;
            if (quad) {
                int enable = bench_ref_sign(te) != bench_ref_sign(tm);
                double dmot = fabs(te) < fabs(tm), dext = fabs(te) > fabs(tm);
                double q2m = k->K_eq * (fabs(te) * fabs(te));
                double q2e = k->K_mq * (fabs(tm) * fabs(tm));
                fl += sc * (dmot * q2m + dext * q2e) * enable;
            }
        }
    }
    return fl + k->K_v * fabs(dq);
}

