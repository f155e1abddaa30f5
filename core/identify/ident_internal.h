/* ident_internal.h: the checked training set of fric_ident.h, shared by
 * ident.c (the set, the simulation) and ident_fit.c (the fit, the
 * verdicts); not part of the API. */
#ifndef FRIC_IDENT_INTERNAL_H
#define FRIC_IDENT_INTERNAL_H

#include "fric_ident.h"

struct fric_ident_set {
    size_t count;                        /* recordings                          */
    const fric_recording **rec;          /* [count] (the caller's)              */
    const fric_ident_tracks **tr;        /* [count] (the caller's)              */
    unsigned char **restart;             /* [count][n·joints] 1: a window starts */
    int64_t **step;                      /* [count][n] the step of each frame    */
    fric_ident_options o;                /* checked, window set                  */
    int joints;
    size_t frames;                       /* Σ n                                  */
    uint64_t steps;                      /* Σ steps of one joint's evaluation   */
};

/* The sets a simulation advances together (ident.c). */
#define IDENT_LANES 16

/* The loss of joint j for each of the sets P[0 .. count): out[c] [rad]
 * (fric_ident_loss of each, the sets simulated side by side). */
void fric__ident_loss_many(const fric_ident_set *s, int j, const fric_native_params *P, int count, double *out);

#endif
