/* fd_scn_internal.h: what the scenarios built on fric_fd_sim share (the
 * choices `rule` and `switching` and the step of a run); not part of the API. */
#ifndef FRIC_FD_SCN_INTERNAL_H
#define FRIC_FD_SCN_INTERNAL_H

#include "fric_fd.h"
#include "fric_scenario.h"

/* Choice names and one-line help, in the order of fric_fd_rule and
 * fric_fd_switching. */
extern const char *const fric__fd_rule_names[2];
extern const char *const fric__fd_rule_help[2];
extern const char *const fric__fd_switching_names[2];
extern const char *const fric__fd_switching_help[2];

/* The parameter entries of those choices (fric_param_info initialisers). */
#define FRIC__FD_RULE_PARAM                                                                   \
    { "rule", 0, 0, 1, "choice",                                                              \
      "what a step does when eq. 10 has no or several solutions: continuous (the solution "   \
      "continuous with the previous step; none: an impulsive stop) or stop (the run stops)", \
      fric__fd_rule_names, 2, 1, .label = "rule for none or several",                           \
      .choice_help = fric__fd_rule_help }
#define FRIC__FD_SWITCHING_PARAM                                                              \
    { "switching", 0, 0, 1, "choice",                                                         \
      "discontinuities: fixed (fixed step, re-solved every step) or events (velocity and "    \
      "normal-force zero crossings located, Dupont §3.1.1)",                                  \
      fric__fd_switching_names, 2, 1, .label = "switching",                                  \
      .choice_help = fric__fd_switching_help }

/* One step of sim from the state x, to step k of the run, with sim->sys
 * set to sys first (the scenario's state may have been copied). 0, or 1
 * with *why naming the scenario, the step, its time and the state (the
 * core's message kept). */
int fric__fd_scn_step(const char *scn, fric_fd_sim *s, const void *sys, fric_fd_state *x,
                      long long k, const char **why);

/* Advances sim from the state x by `every` steps of s->h or until the
 * clock ends; *k counts the steps. 0, or 1 with *why naming the scenario,
 * the step, its time and the state (the core's message kept). */
int fric__fd_scn_advance(const char *scn, fric_fd_sim *s, fric_fd_state *x,
                         fric_scenario_clock *clk, long long every, const char **why);

#endif
