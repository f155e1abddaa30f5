/* fd_internal.h: what the simulation (fd_sim.c) shares with the solve of
 * fric_fd.h (fd_solve.c); not part of the API. */
#ifndef FRIC_FD_INTERNAL_H
#define FRIC_FD_INTERNAL_H

#include "fric_fd.h"

/* The acceleration of one sign hypothesis (bit j of pattern: C_j·x + d_j
 * >= 0) for the axial rows on moving joints, radial rows by the Newton of
 * fric_fd_solve; held joints x_i = 0 (eq. 28). Consistency is not tested.
 * 0, 1 (singular matrix) or 2 (Newton did not converge); *iters (may be
 * NULL) receives the Newton iterations. */
int fric__fd_hypothesis(const fric_fd_problem *p, unsigned pattern, double *x, int *iters);

/* 1 when x satisfies the signs of pattern on the axial rows of moving
 * joints (to the solve's relative tolerance). */
int fric__fd_consistent(const fric_fd_problem *p, unsigned pattern, const double *x);

/* Bit j set when C_j·x + d_j >= 0, over every row. */
unsigned fric__fd_pattern(const fric_fd_problem *p, const double *x);

/* N_j(x) of row j (eqs. 5-7), >= 0. */
double fric__fd_normal(const fric_fd_row *row, int n, const double *x);

/* What holds joint i at x: r_i − (D x)_i (eq. 28 with the friction left
 * in), the friction torque/force in the sense of eq. 10. */
double fric__fd_hold(const fric_fd_problem *p, int i, const double *x);

/* The static bound Σ μ_s,j N_j(x) over the rows on joint i against an
 * impending motion dir (+1/−1): μ_s when sgn(C_j·x + d_j)·dir > 0
 * (driving), μ_s_back otherwise (eqs. 19-20, 26). */
double fric__fd_static_bound(const fric_fd_problem *p, int i, int dir, const double *x);

/* The refusal of n degrees of freedom outside 1 .. FRIC_FD_MAX_N (a
 * problem's or a simulation's n; fric__say). */
const char *fric__fd_bad_n(int n);

#endif /* FRIC_FD_INTERNAL_H */
