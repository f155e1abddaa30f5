/* chain_qp.h: dense linear algebra of the chain step (chain_qp.c); not part
 * of the API. Row-major square matrices, leading dimension n. */
#ifndef FRIC_CHAIN_QP_H
#define FRIC_CHAIN_QP_H

/* In-place Cholesky A = L Lᵀ (lower triangle of A becomes L; the strict upper
 * triangle is left alone). 0, or −1 when a pivot is not > 0 or not finite. */
int fric__chol(int n, double *A);
/* x <- (L Lᵀ)⁻¹ x with the factor of fric__chol. */
void fric__chol_solve(int n, const double *L, double *x);

#endif /* FRIC_CHAIN_QP_H */
