/* fit_internal.h: what fit_run.c needs of a fric_fit; not part of the API. */
#ifndef FRIC_FIT_INTERNAL_H
#define FRIC_FIT_INTERNAL_H

#include "fric_fit.h"

/* The definition the fit was created with (its target and training batch). */
const fric_fit_def *fric__fit_def(const fric_fit *f);

#endif
