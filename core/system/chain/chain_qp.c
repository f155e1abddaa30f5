/*
 * chain_qp.c: the bounded least squares of the chain methods (paper eqs. 19
 * and 28; sheet §2.3, §3.5), on the Cholesky factorization of base.h.
 *
 * Problem: min_f ||A f + r||² + λ||f||², f_j >= 0 for j in the bounded set N
 * (the normal components of the active contacts, nb = |N| <= 4).
 * Equivalently min ½ fᵀQ f + gᵀ f with Q = AᵀA + λI (SPD for λ > 0) and
 * g = Aᵀ r. The minimizer is unique; it is the solution with some subset S of
 * N held at 0 and the rest free. For each S (2^nb of them):
 *   f0 = −Q⁻¹ g,  W = Q⁻¹ E_N (one column per bound),
 *   f  = f0 − W_S ν  with  (E_Sᵀ Q⁻¹ E_S) ν = E_Sᵀ f0   (so f_S = 0),
 * the equality-constrained minimizer (Lagrange). The true minimizer is the
 * candidate of its own active set and is feasible; every feasible candidate
 * has an objective >= the minimum; so the feasible candidate of least
 * objective is the solution (exact up to rounding, no tolerance on the
 * multipliers). Feasibility allows −FEAS_REL·scale of rounding and then
 * clamps to 0.
 * Cost: O(u³) for Q and its factor, O(2^nb (nb³ + u² )) for the sets.
 */
#include <float.h>
#include <math.h>
#include <string.h>

#include "base.h"
#include "chain_internal.h"
#include "fric_chain_sim.h"

/* A free component may come out −FEAS_REL·max|f0| from rounding where the
 * exact value is 0 (a degenerate set): accepted and clamped. */
#define FEAS_REL 1e-12

/* ½ fᵀ Q f + gᵀ f with Q = AᵀA + λI evaluated as ½||A f||² + ½λ||f||² + gᵀ f. */
static double objective(int u, const double *A, const double *g, double lambda, const double *f)
{
    double s = 0;
    for (int i = 0; i < u; i++) {
        double a = 0;
        for (int j = 0; j < u; j++) a += A[i * u + j] * f[j];
        s += 0.5 * a * a + 0.5 * lambda * f[i] * f[i] + g[i] * f[i];
    }
    return s;
}

int fric_chain_blsq(int u, const double *A, const double *r, double lambda, const int *bounded,
                    int nb, double *f, double *ws)
{
    double *Q = ws;                   /* u·u: Q, then its factor */
    double *g = Q + u * u;            /* u */
    double *f0 = g + u;               /* u */
    double *cand = f0 + u;            /* u */
    double *best = cand + u;          /* u */
    double *W = best + u;             /* u·nb, column j at W + j·u */
    double *M = W + u * nb;           /* nb·nb */
    double *nu = M + nb * nb;         /* nb */

    /* Q = AᵀA + λI, g = Aᵀ r */
    for (int i = 0; i < u; i++) {
        for (int j = 0; j <= i; j++) {
            double s = 0;
            for (int k = 0; k < u; k++) s += A[k * u + i] * A[k * u + j];
            Q[i * u + j] = s;
            Q[j * u + i] = s;
        }
        Q[i * u + i] += lambda;
        double s = 0;
        for (int k = 0; k < u; k++) s += A[k * u + i] * r[k];
        g[i] = s;
    }
    if (fric__chol(u, Q)) {
        fric__say_id("chain.contact_problem_eqs",
            "the contact problem (eqs. 19, 28) is not positive definite (lambda = {lambda}); a "
            "regularization rho > 0 and finite forces are needed.",
            fric__values(fric__g("lambda", lambda)));
        return fric__rc();
    }
    double scale = 0;
    for (int i = 0; i < u; i++) f0[i] = -g[i];
    fric__chol_solve(u, Q, f0);
    for (int i = 0; i < u; i++) scale = fmax(scale, fabs(f0[i]));
    for (int j = 0; j < nb; j++) {
        double *w = W + j * u;
        memset(w, 0, (size_t)u * sizeof *w);
        w[bounded[j]] = 1;
        fric__chol_solve(u, Q, w);
    }

    /* S = N (every bound at 0) is always feasible; its candidate is the
     * fallback should rounding break every factorization below */
    double best_obj = INFINITY;
    memcpy(best, f0, (size_t)u * sizeof *best);
    for (int j = 0; j < nb; j++) best[bounded[j]] = fmax(best[bounded[j]], 0.0);
    for (unsigned S = 0; S < (1u << nb); S++) {
        int idx[FRIC_CHAIN_MAX_CONTACTS], s = 0;
        for (int j = 0; j < nb; j++)
            if (S & (1u << j)) idx[s++] = j;
        /* M = E_Sᵀ Q⁻¹ E_S (SPD), ν = M⁻¹ f0_S */
        for (int a = 0; a < s; a++) {
            for (int b = 0; b < s; b++) M[a * s + b] = W[idx[b] * u + bounded[idx[a]]];
            nu[a] = f0[bounded[idx[a]]];
        }
        if (s > 0) {
            if (fric__chol(s, M)) continue;   /* a degenerate set: another one holds */
            fric__chol_solve(s, M, nu);
        }
        for (int i = 0; i < u; i++) {
            double v = f0[i];
            for (int a = 0; a < s; a++) v -= W[idx[a] * u + i] * nu[a];
            cand[i] = v;
        }
        int feasible = 1;
        for (int j = 0; j < nb; j++) {
            double *c = &cand[bounded[j]];
            if (S & (1u << j)) *c = 0;
            else if (*c < 0) {
                if (*c < -FEAS_REL * scale) feasible = 0;
                *c = 0;
            }
        }
        if (!feasible) continue;
        double obj = objective(u, A, g, lambda, cand);
        if (obj < best_obj) {
            best_obj = obj;
            memcpy(best, cand, (size_t)u * sizeof *best);
        }
    }
    memcpy(f, best, (size_t)u * sizeof *f);
    return FRIC_OK;
}
