/* fit_internal.h: what fit_run.c needs of a fric_fit; not part of the API. */
#ifndef FRIC_FIT_INTERNAL_H
#define FRIC_FIT_INTERNAL_H

#include "fric_fit.h"

/* The definition the fit was created with (its target and training batch). */
const fric_fit_def *fric__fit_def(const fric_fit *f);

/* Replaces progress.best_loss (fric_fit_run: the best candidate's loss
 * rescored with the exact path after a fit minimised the fast one). */
void fric__fit_set_best_loss(fric_fit *f, double loss);

/* The arguments of a constructor named `what` ("target", "space"): its
 * output out (called out_name) given, the actuator known (known = 1) and
 * the model in 1..6. 0, or the fric__fail code with *why (may be NULL)
 * naming what and the argument. One rule for the target and the space. */
int fric__fit_check_args(const char *what, const void *out, const char *out_name,
                         const char *actuator, int known, int model, const char **why);

#endif
