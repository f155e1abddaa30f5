/*
 * gauss_ref.h: Gaussian elimination with partial pivoting, the reference
 * linear solve of the chain tests (tests/system/chain/test_chain_dyn.c,
 * test_chain_step.c). Written here, independent of core/base/linalg.c.
 */
#ifndef GAUSS_REF_H
#define GAUSS_REF_H

/* x = A⁻¹ r: A n×n row-major (destroyed), partial pivoting, then back
 * substitution. x may be r (solved in place). */
void gauss_ref_solve(int n, double *A, const double *r, double *x);

#endif
