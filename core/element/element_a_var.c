/*
 * element_a_var.c: Kikuuwe's element A (Kikuuwe et al. 2006, §III-A,
 * eq. 26) whose law's levels change from one step to the next (friction.h,
 * fric_elem_a_var): the load-dependent budgets of the pendulum bench
 * (bench_step.c), the X-Y table (dupont_xy.c) and a chain joint
 * (chain_step.c).
 *
 *   v* = v + Z·h,  f = Φ_Z(v*),  v' = v* − Z·f,   Z = T/M       eq. 26a-c
 *
 * The law's shape (kind, vs, D, α) and Z are prepared once; the levels
 * (Fc, Fs) are replaced per step by fric_plan_levels, a few products.
 */
#include "friction.h"

fric_status fric_elem_a_var_init(fric_elem_a_var *e, const fric_law *law, double Z, const char **why)
{
    return fric_plan_init(&e->plan, law, Z, why);
}

void fric_elem_a_var_prepare_unchecked(fric_elem_a_var *e, const fric_law *law, double Z, int first_order)
{
    fric_plan_prepare_unchecked(&e->plan, law, Z);
    e->plan.refine = !first_order;
}

void fric_elem_a_var_levels(fric_elem_a_var *e, double Fc, double Fs)
{
    fric_plan_levels(&e->plan, Fc, Fs);
}

double fric_elem_a_var_run(const fric_elem_a_var *e, double vstar, fric_warm *warm, int *stuck,
                           double *speed)
{
    return fric_plan_eval(&e->plan, vstar, warm, stuck, speed);    /* eqs. 26b-c, 16 */
}
