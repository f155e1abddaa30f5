/* In core/system, not a family folder: the fd and dupont families both use it, and
 * core/system (beside scenario_internal.h) is the one private place both see (stage walls).
 *
 * scenario_fd.c: the pieces the scenarios of Dupont's models share
 * (scenario_internal.h): a screw's efficiencies read from the parameters;
 * for the scenarios on fric_fd_sim, the names of the `rule` and `switching`
 * choices and their friction row, the check of their simulation and the
 * step of a run (fric_scenario_driver.advance).
 */
#include <stdio.h>

#include "scenario_internal.h"
#include "base.h"

const char *const fric__fd_rule_names[2] = { "continuous", "stop" };
const char *const fric__fd_rule_help[2] = {
    "several: keep the solution continuous with the previous step; none: impulsive stop "
    "(Mason-Wang, Dupont §3.2)",
    "stop the run with an error at the first step with no or several solutions",
};
const char *const fric__fd_switching_names[2] = { "fixed", "events" };
const char *const fric__fd_switching_help[2] = {
    "fixed step: re-solve every step, a sign change of the velocity ends in rest "
    "(Morgowicz)",
    "switching functions: velocity and normal-force zero crossings located by bisection, "
    "integrate to the event and restart (Dupont §3.1.1)",
};

void fric__fd_axial_row(fric_fd_problem *p, int j, double k, double k_back, double ks,
                        double ks_back, double C0, double C1, double d)
{
    p->m = 1;
    p->rows[0] = (fric_fd_row){ .kind = FRIC_FD_AXIAL, .joint = j, .mu = k, .mu_s = ks,
                                .mu_back = k_back, .mu_s_back = ks_back, .C = { C0, C1 },
                                .d = d };
}

int fric__screw_scn_eff(const char *scn, const double *p, int i_eta1, double tau_c, double b_v,
                        fric_screw *e, const char **why)
{
    const double *eta = p + i_eta1;    /* eta1, eta2, eta1s, eta2s */
    const fric_screw s = { eta[0], eta[1], eta[2] > 0 ? eta[2] : eta[0],
                           eta[3] > 0 ? eta[3] : eta[1], tau_c, b_v };
    const char *m;
    if (fric_screw_check(&s, &m)) {
        fric__fd_scn_fail(scn, m, why);
        fric__at_param(s.eta1s > s.eta1 ? i_eta1 + 2 : s.eta2s < s.eta2 ? i_eta1 + 3 : -1);
        return 1;
    }
    *e = s;
    return 0;
}

int fric__fd_scn_fail(const char *scn, const char *m, const char **why)
{
    char msg[512];   /* m points into the per-thread buffer: copy it first */
    snprintf(msg, sizeof msg, "%s", m ? m : "");
    fric__why(why, fric__reword("%s: %s", scn, msg));
    return 1;
}

int fric__fd_scn_start(const char *scn, fric_fd_sim *sim, const void *sys, fric_fd_state *x,
                       const double *q0, const double *dq0, const char **why)
{
    const char *m;
    sim->sys = sys;
    return fric_fd_sim_init(sim, x, q0, dq0, &m) ? fric__fd_scn_fail(scn, m, why) : 0;
}

int fric__fd_scn_sim(const char *scn, const double *p, int i_dt, int n, fric_fd_eval_fn eval,
                     const void *sys, fric_fd_sim *sim, const char **why)
{
    const double dt = p[i_dt], event_tol = p[i_dt + 2];
    const fric_fd_sim s = { n, eval, sys, dt, (fric_fd_switching)(int)p[FRIC__FD_SWITCHING],
                            event_tol, 0, (fric_fd_rule)(int)p[FRIC__FD_RULE] };
    const char *m;
    if (fric_fd_sim_check(&s, &m)) return fric__fd_scn_fail(scn, m, why);
    *sim = s;
    return 0;
}

int fric__fd_scn_step(const char *scn, fric_fd_sim *s, const void *sys, fric_fd_state *x,
                      long long k, const char **why)
{
    const char *m = NULL;
    s->sys = sys;                    /* the scenario's state may have been copied */
    if (!fric_fd_sim_step(s, x, &m)) return 0;
    char msg[512];   /* m points into the per-thread buffer: copy it first */
    snprintf(msg, sizeof msg, "%s", m ? m : "the step failed");
    fric__why(why, fric__reword("%s: step %lld: %s", scn, k, msg));   /* msg names t */
    return 1;
}
