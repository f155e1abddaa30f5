/* fit_internal.h: what fit_run.c needs of a fric_fit; not part of the API. */
#ifndef FRIC_FIT_INTERNAL_H
#define FRIC_FIT_INTERNAL_H

#include "fric_fit.h"

/* The definition the fit was created with (its target and training batch). */
const fric_fit_def *fric__fit_def(const fric_fit *f);

/* Replaces progress.best_loss (fric_fit_run: the best candidate's loss
 * rescored with the exact path after a fit minimised the fast one). */
void fric__fit_set_best_loss(fric_fit *f, double loss);

/* The refusal of an unknown actuator (known = 0) or a model outside 1..6,
 * as a fric__fail message naming the caller (`what`: "target", "space"),
 * or NULL when both are fine. One rule for the target and the space. */
const char *fric__fit_check_names(const char *what, const char *actuator, int known, int model);

#endif
