/* gauss_ref.c: see gauss_ref.h. */
#include <math.h>

#include "gauss_ref.h"

void gauss_ref_solve(int n, double *A, const double *r, double *x)
{
    for (int i = 0; i < n; i++) x[i] = r[i];
    for (int k = 0; k < n; k++) {
        int p = k;
        for (int i = k + 1; i < n; i++)
            if (fabs(A[i * n + k]) > fabs(A[p * n + k])) p = i;
        if (p != k) {
            for (int j = 0; j < n; j++) {
                double t = A[k * n + j];
                A[k * n + j] = A[p * n + j];
                A[p * n + j] = t;
            }
            double t = x[k];
            x[k] = x[p];
            x[p] = t;
        }
        for (int i = k + 1; i < n; i++) {
            const double f = A[i * n + k] / A[k * n + k];
            for (int j = k; j < n; j++) A[i * n + j] -= f * A[k * n + j];
            x[i] -= f * x[k];
        }
    }
    for (int k = n - 1; k >= 0; k--) {
        for (int j = k + 1; j < n; j++) x[k] -= A[k * n + j] * x[j];
        x[k] /= A[k * n + k];
    }
}
