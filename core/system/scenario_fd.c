/*
 * scenario_fd.c: the pieces the scenarios on fric_fd_sim share
 * (scenario_internal.h): the names of the `rule` and `switching` choices and
 * the step of a run (fric_scenario_driver.advance).
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

int fric__fd_scn_step(const char *scn, fric_fd_sim *s, const void *sys, fric_fd_state *x,
                      long long k, const char **why)
{
    const char *m = NULL;
    s->sys = sys;                    /* the scenario's state may have been copied */
    if (!fric_fd_sim_step(s, x, &m)) return 0;
    char msg[512];   /* m points into the per-thread buffer: copy it first */
    snprintf(msg, sizeof msg, "%s", m ? m : "the step failed");
    if (why) *why = fric__reword("%s: step %lld: %s", scn, k, msg);   /* msg names t */
    return 1;
}
