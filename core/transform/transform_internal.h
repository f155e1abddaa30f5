/* transform_internal.h: what the transform stage's files (core/transform)
 * share; not part of the API. The error helpers every stage uses are in
 * core/base/base.h. */
#ifndef FRIC_TRANSFORM_INTERNAL_H
#define FRIC_TRANSFORM_INTERNAL_H

#include "friction.h"

/* The law a table was built for (checked by fric_lut_create), and its Z
 * [m/(N·s)] in *Z: for fric_law_eval's message on a result beyond the
 * largest double (lut.c). lut is not NULL. */
const fric_law *fric__lut_law(const fric_lut *lut, double *Z);

#endif
