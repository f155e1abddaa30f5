/* chain_internal.h: what the chain family's files (core/system/chain) share;
 * not part of the API (tests/system/chain/test_chain_step.c checks the
 * bounded least squares through -Icore/system/chain). */
#ifndef FRIC_CHAIN_INTERNAL_H
#define FRIC_CHAIN_INTERNAL_H

#include "fric_chain_sim.h"

/* The bounded least squares of eqs. (19) and (28):
 *   f = argmin ||A f + r||² + λ ||f||²  subject to f_j >= 0 for j in bounded[],
 * A u×u row-major (u <= FRIC_CHAIN_SIM_MAX_U), λ > 0, nb <= FRIC_CHAIN_MAX_CONTACTS
 * distinct indices. Exact: the normal equations Q f = −Aᵀ r, Q = AᵀA + λI
 * (SPD), with every one of the 2^nb sets of bounds held at 0 (Cholesky of Q
 * once, a Schur complement per set), keeping the feasible candidate of least
 * objective. ws: FRIC_CHAIN_BLSQ_WS(u, nb) doubles. 0, or FRIC_E_PARAM_RANGE
 * when Q is not numerically positive definite (λ <= 0 or not finite data). */
#define FRIC_CHAIN_BLSQ_WS(u, nb) ((u) * (u) + (u) * ((nb) + 4) + (nb) * (nb) + (nb))
int fric_chain_blsq(int u, const double *A, const double *r, double lambda, const int *bounded,
                    int nb, double *f, double *ws);

#endif /* FRIC_CHAIN_INTERNAL_H */
