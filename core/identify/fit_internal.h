/* fit_internal.h: what fit_run.c needs of a fric_fit and of a native fitter;
 * not part of the API. */
#ifndef FRIC_FIT_INTERNAL_H
#define FRIC_FIT_INTERNAL_H

#include "fric_fit.h"
#include "fric_native.h"

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

/* The candidates a scorer takes at once (fit_run.c's threads, and
 * fric_native_fitter_step so that its losses are fric_native_fit_run's):
 * two, so that small generations still spread over the threads (one
 * candidate on 8 logs already fills two AVX2 vectors; more per call did not
 * run faster, docs/performance.md). */
#define FRIC__FIT_GROUP 2

/* The native fitter's generation in three parts, for fit_run.c's threads
 * (fit_native.c): ask decodes the generation's sets (returns λ, or 0 when
 * the search has ended: progress.done set); score writes the losses of sets
 * [first, first + count) (disjoint ranges from several threads at once);
 * tell takes them all (the best so far, progress) and returns
 * progress.done. lambda_max: the most sets a generation holds; logs: the
 * batch's. */
int fric__native_ask(fric_native_fitter *f);
void fric__native_score(fric_native_fitter *f, int first, int count);
int fric__native_tell(fric_native_fitter *f, int lam);
int fric__native_lambda_max(const fric_native_fitter *f);
size_t fric__native_logs(const fric_native_fitter *f);

/* The native box as a fit space with the native keys in its first slots
 * (fit_native.c): the M-models' scale and decoding for the native fits. */
void fric__native_fs(const fric_native_fit_space *s, fric_fit_space *fs);

/* A native fitter whose sets are scored by loss(ctx, P, count, out) (out[c]
 * the loss of P[c] [rad]) instead of a batch of bench logs (b NULL; a
 * robot's joint, ident.c): the same search, progress, stop and threads
 * (loss must then be thread-safe); fric_native_fitter_step hands it a whole
 * generation at once. */
typedef void (*fric__native_loss_fn)(void *ctx, const fric_native_params *P, int count, double *out);
fric_native_fitter *fric__native_fitter_create(const fric_bench_batch *b, fric__native_loss_fn loss, void *ctx,
                                               const fric_native_params *start, const fric_native_fit_space *s,
                                               long budget, uint64_t seed, const char **why);

#endif
