/*
 * treatment.c: the one list of friction treatments (friction.h,
 * fric_treatment): their names, the choice names of every scenario's
 * `friction` parameter, and one line of help each (FRIC_TREATMENT_HELP).
 */
#include <string.h>

#include "friction.h"

/* Every treatment, for the two tables indexed by fric_treatment. */
#define ALL(X) X(IMPLICIT) X(APPROX) X(IMPLICIT_D) X(CLIP) X(EXPLICIT) X(KARNOPP)
#define NAME_AT(id) [FRIC_TREATMENT_##id] = FRIC_TREATMENT_NAME(id),
#define HELP_AT(id) [FRIC_TREATMENT_##id] = FRIC_TREATMENT_HELP(id),

const char *const fric_treatment_names[FRIC_N_TREATMENTS] = { ALL(NAME_AT) };
const char *const fric_treatment_help[FRIC_N_TREATMENTS] = { ALL(HELP_AT) };

const char *fric_treatment_name(fric_treatment t)
{
    return (int)t >= 0 && (int)t < FRIC_N_TREATMENTS ? fric_treatment_names[t] : "";
}

int fric_treatment_find(const char *name)
{
    for (int i = 0; name && i < FRIC_N_TREATMENTS; i++)
        if (strcmp(fric_treatment_names[i], name) == 0) return i;
    return -1;
}

fric_xform fric_treatment_xform(fric_treatment t)
{
    return t == FRIC_TREATMENT_APPROX ? FRIC_XFORM_APPROX : FRIC_XFORM_EXACT;
}

int fric_treatment_index(fric_treatment t, const fric_treatment *offered, int n)
{
    for (int i = 0; i < n; i++)
        if (offered[i] == t) return i;
    return -1;
}
