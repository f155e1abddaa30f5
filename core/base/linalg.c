/*
 * linalg.c: the core's dense linear algebra (base.h), on small row-major
 * square matrices: Cholesky (the chain's steps, the fd family's check),
 * Gaussian elimination with partial pivoting (the fd family's solve),
 * the cyclic Jacobi symmetric eigen-solver (CMA-ES's covariance).
 * Only +, −, ×, ÷ and sqrt in a fixed order: the same bits everywhere.
 */
#include <math.h>

#include "base.h"

/* Cholesky–Banachiewicz, row by row. */
int fric__chol(int n, double *A)
{
    for (int j = 0; j < n; j++) {
        double d = A[j * n + j];
        for (int k = 0; k < j; k++) d -= A[j * n + k] * A[j * n + k];
        if (!(d > 0) || !isfinite(d)) return -1;
        d = sqrt(d);
        A[j * n + j] = d;
        for (int i = j + 1; i < n; i++) {
            double s = A[i * n + j];
            for (int k = 0; k < j; k++) s -= A[i * n + k] * A[j * n + k];
            A[i * n + j] = s / d;
        }
    }
    return 0;
}

void fric__chol_solve(int n, const double *L, double *x)
{
    for (int i = 0; i < n; i++) {          /* L y = x */
        double s = x[i];
        for (int k = 0; k < i; k++) s -= L[i * n + k] * x[k];
        x[i] = s / L[i * n + i];
    }
    for (int i = n - 1; i >= 0; i--) {     /* Lᵀ x = y */
        double s = x[i];
        for (int k = i + 1; k < n; k++) s -= L[k * n + i] * x[k];
        x[i] = s / L[i * n + i];
    }
}

/* Gaussian elimination with partial pivoting, then back substitution. */
int fric__gauss_solve(int n, double *A, double *b, double *det, double pivot_rel)
{
    double amax = 0, dt = 1;
    for (int k = 0; k < n * n; k++)
        if (fabs(A[k]) > amax) amax = fabs(A[k]);
    for (int c = 0; c < n; c++) {
        int piv = c;
        for (int i = c + 1; i < n; i++)
            if (fabs(A[i * n + c]) > fabs(A[piv * n + c])) piv = i;
        if (piv != c) {
            for (int k = 0; k < n; k++) {
                double t = A[c * n + k];
                A[c * n + k] = A[piv * n + k];
                A[piv * n + k] = t;
            }
            if (b) {
                double t = b[c];
                b[c] = b[piv];
                b[piv] = t;
            }
            dt = -dt;
        }
        const double p = A[c * n + c];
        dt *= p;
        if (!(fabs(p) > pivot_rel * amax)) {
            if (det) *det = dt;
            return 1;
        }
        for (int i = c + 1; i < n; i++) {
            const double f = A[i * n + c] / p;
            if (f == 0) continue;
            for (int k = c; k < n; k++) A[i * n + k] -= f * A[c * n + k];
            if (b) b[i] -= f * b[c];
        }
    }
    if (det) *det = dt;
    if (b)
        for (int i = n - 1; i >= 0; i--) {
            double s = b[i];
            for (int k = i + 1; k < n; k++) s -= A[i * n + k] * b[k];
            b[i] = s / A[i * n + i];
        }
    return 0;
}

/* Cyclic Jacobi (Golub & Van Loan §8.5). */
void fric__jacobi_eigen(int n, double *A, double *V, int max_sweeps)
{
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) V[i * n + j] = (i == j) ? 1.0 : 0.0;
    for (int sweep = 0; sweep < max_sweeps; sweep++) {
        double off = 0.0, diag = 0.0;
        for (int p = 0; p < n; p++) {
            diag += A[p * n + p] * A[p * n + p];
            for (int q = p + 1; q < n; q++) off += A[p * n + q] * A[p * n + q];
        }
        if (off <= 1e-30 * diag || off == 0.0) break;
        for (int p = 0; p < n - 1; p++) {
            for (int q = p + 1; q < n; q++) {
                const double apq = A[p * n + q];
                if (apq == 0.0) continue;
                const double theta = (A[q * n + q] - A[p * n + p]) / (2.0 * apq);
                double t = 1.0 / (fabs(theta) + sqrt(theta * theta + 1.0));
                if (theta < 0.0) t = -t;
                const double c = 1.0 / sqrt(t * t + 1.0), s = t * c;
                for (int k = 0; k < n; k++) {        /* columns p, q */
                    const double akp = A[k * n + p], akq = A[k * n + q];
                    A[k * n + p] = c * akp - s * akq;
                    A[k * n + q] = s * akp + c * akq;
                }
                for (int k = 0; k < n; k++) {        /* rows p, q */
                    const double apk = A[p * n + k], aqk = A[q * n + k];
                    A[p * n + k] = c * apk - s * aqk;
                    A[q * n + k] = s * apk + c * aqk;
                }
                A[p * n + q] = A[q * n + p] = 0.0;
                for (int k = 0; k < n; k++) {
                    const double vkp = V[k * n + p], vkq = V[k * n + q];
                    V[k * n + p] = c * vkp - s * vkq;
                    V[k * n + q] = s * vkp + c * vkq;
                }
            }
        }
    }
}
