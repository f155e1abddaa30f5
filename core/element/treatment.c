/*
 * treatment.c: the one list of friction treatments (friction.h,
 * fric_treatment): their names, the choice names of every scenario's
 * `friction` parameter, and one line of help each.
 */
#include <string.h>

#include "friction.h"

const char *const fric_treatment_names[FRIC_N_TREATMENTS] = {
    [FRIC_TREATMENT_IMPLICIT] = FRIC_TREATMENT_NAME(IMPLICIT),
    [FRIC_TREATMENT_APPROX] = FRIC_TREATMENT_NAME(APPROX),
    [FRIC_TREATMENT_IMPLICIT_D] = FRIC_TREATMENT_NAME(IMPLICIT_D),
    [FRIC_TREATMENT_CLIP] = FRIC_TREATMENT_NAME(CLIP),
    [FRIC_TREATMENT_EXPLICIT] = FRIC_TREATMENT_NAME(EXPLICIT),
    [FRIC_TREATMENT_KARNOPP] = FRIC_TREATMENT_NAME(KARNOPP),
};

const char *const fric_treatment_help[FRIC_N_TREATMENTS] = {
    [FRIC_TREATMENT_IMPLICIT] = "the exact implicit step through Φ_Z (Kikuuwe eq. 16): "
                                "sticks at v = 0 without chattering or drift",
    [FRIC_TREATMENT_APPROX] = "the implicit element with Kikuuwe's approximate transform (eq. 46)",
    [FRIC_TREATMENT_IMPLICIT_D] = "Kikuuwe's element D (eq. 45): inertia, contact compliance "
                                  "and friction in one implicit step",
    [FRIC_TREATMENT_CLIP] = "Duclusaud & Passault Algorithm 1: the stopping force clipped to "
                            "the budget at the start-of-step velocity",
    [FRIC_TREATMENT_EXPLICIT] = "f = Φ(v of the previous step), forward Euler: chatters "
                                "around v = 0",
    [FRIC_TREATMENT_KARNOPP] = "Karnopp's zero-velocity band +-eps (Kikuuwe eq. 3)",
};

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
