/* dupont_internal.h: what the dupont family's systems share, private to
 * core/system/dupont; not part of the API. */
#ifndef FRIC_DUPONT_INTERNAL_H
#define FRIC_DUPONT_INTERNAL_H

#include "fric_dupont.h"
#include "friction.h"

/* The checks the screw drive and the X-Y table share: the time step h [s]
 * finite and > 0, the treatment one of implicit, clip, explicit, karnopp,
 * Karnopp's threshold eps finite and >= 0 (in eps_unit: "rad/s", "m/s").
 * NULL when they pass, else the message (fric__say, base.h). */
const char *fric__dupont_step_check(double h, fric_treatment treatment, double eps,
                                    const char *eps_unit);

/* The degree of freedom at rest-free start: position q0, velocity dq0, no
 * acceleration, friction or reversal yet (fric_dupont_dof). */
void fric__dupont_dof_start(fric_dupont_dof *m, double q0, double dq0);

/* The end of a step: the new position q1, velocity dq1, the step's
 * acceleration ddq and friction f, stuck when it ended held; counts a
 * reversal of dq (fric__reversal, base.h). The caller has checked that
 * the values are finite. */
void fric__dupont_dof_end(fric_dupont_dof *m, double q1, double dq1, double ddq, double f,
                          int stuck);

/* The `friction` choice of the screw drive and the X-Y table (the bench's
 * four treatments, fric_bench_treatment_names), a fric_param_info
 * initialiser: help, the line of `friction list`; choice_help, one line per
 * treatment (FRIC__DUPONT_TREATMENT_HELP). */
#define FRIC__DUPONT_TREATMENT_PARAM(help, choice_help_)                                      \
    { "friction", 0, 0, FRIC_BENCH_N_TREATMENTS - 1, "choice", help,                          \
      fric_bench_treatment_names, FRIC_BENCH_N_TREATMENTS, 1, .label = "friction treatment",  \
      .choice_help = choice_help_ }

/* One help line per treatment of FRIC__DUPONT_TREATMENT_PARAM
 * (FRIC_TREATMENT_HELP of friction.h), with the clauses of the two that
 * differ between the systems (implicit, clip) appended. */
#define FRIC__DUPONT_TREATMENT_HELP(implicit_, clip_)                                         \
    { FRIC_TREATMENT_HELP(IMPLICIT) implicit_, FRIC_TREATMENT_HELP(CLIP) clip_,               \
      FRIC_TREATMENT_HELP(EXPLICIT), FRIC_TREATMENT_HELP(KARNOPP) }

#endif
