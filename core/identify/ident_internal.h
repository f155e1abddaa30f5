/* ident_internal.h: the checked training set of fric_ident.h, shared by
 * ident.c (the set, the simulation) and ident_fit.c (the fit, the
 * verdicts); not part of the API. */
#ifndef FRIC_IDENT_INTERNAL_H
#define FRIC_IDENT_INTERNAL_H

#include "fric_fit.h"
#include "fric_ident.h"
#include "base.h"   /* fric__value */

struct fric_ident_set {
    size_t count;                        /* recordings                          */
    const fric_recording **rec;          /* [count] (the caller's)              */
    const fric_ident_tracks **tr;        /* [count] (the caller's)              */
    unsigned char **restart;             /* [count][n·joints] 1: a window starts */
    int64_t **step;                      /* [count][n] the step of each frame    */
    double **w;                          /* [count][n] the observation's weight
                                            of that step (fric_ident_frame_steps) */
    fric_ident_options o;                /* checked, window set                  */
    int joints;
    size_t frames;                       /* Σ n                                  */
    uint64_t steps;                      /* Σ steps of one joint's evaluation   */
};

/* The slots of FRIC_NATIVE_FIT_LIST: AT_kp, AT_frictionloss, ... */
enum {
#define AT(key, field, lo_, hi_) AT_##field,
    FRIC_NATIVE_FIT_LIST(AT)
#undef AT
    AT_N
};

/* The sets a simulation advances together (ident.c). */
#define IDENT_LANES 16

/* The loss of joint j for each of the sets P[0 .. count): out[c] [rad]
 * (fric_ident_loss of each, the sets simulated side by side). */
void fric__ident_loss_many(const fric_ident_set *s, int j, const fric_native_params *P, int count, double *out);

/* The greatest actuator force joint j's simulation with p, unlimited (its
 * forcerange set to none), asks for at any step of any recording:
 * max |kp·(goal − q) − kv·q̇| [N·m]; +inf when the state leaves the finite
 * range or p is refused. A forcerange at or above it leaves every step, and
 * so the loss, unchanged. No allocation. */
double fric__ident_demand(const fric_ident_set *s, int j, const fric_native_params *p);

/* What a joint's result begins with (fric_ident_finish, fric_ident_bam_joint):
 * the set, joint j, the model's input `what` (the fitted set; the target)
 * and the result `out` of `size` bytes checked, `out` cleared. FRIC_E_NULL
 * with the sentence (id, text, its values n, v: fric__no_values) naming
 * them, else FRIC_OK. */
fric_status fric__ident_joint_begin(const fric_ident_set *set, int j, const void *what, void *out, size_t size,
                                    const char *id, const char *text, int n, const fric__value *v,
                                    const char **why);

/* A result's ranges from fric_fit_sensitivity's r[0 .. n) in the box whose
 * free parameters free_ marks: lower, upper and their clamps per
 * parameter; RANGE_AT_BOUND into param_flags[i] and *flags where a free
 * parameter's range reaches its box. */
void fric__ident_ranges(const fric_fit_range *r, const unsigned char *free_, int n, double *lower, double *upper,
                        int *lower_clamped, int *upper_clamped, unsigned *param_flags, unsigned *flags);

#endif
