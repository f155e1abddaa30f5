/*
 * fd_map_scn.c: scenario "solutions-2dof", the sheet's 2-dof example
 * (../shared/specs/dupont-forward-dynamics.md §5) of Dupont (1993) §3.2:
 * a map of where the forward dynamics with load-dependent friction is well
 * posed. Two moving joints with velocity signs σ = (sigma1, sigma2), one
 * friction row per joint with the same μ and normal force
 * N_j = |C_j·x + d_j| (eq. 9), and
 *
 *     D x + Diag(μ σ) |C x + d| = r                            (eq. 10)
 *
 * solved for x = q̈ at every point r = τ − h of a grid over [−range, range]²
 * with `grid` points per axis, both ends included. The rows are a grid,
 * not a time series: cols[0] is r1 (fric_scenario.h), r1 is the outer
 * index and r2 the inner one (row k: r1 = −range + (k / grid)·Δ,
 * r2 = −range + (k mod grid)·Δ, Δ = 2·range/(grid − 1)).
 *
 * Each row: the number of solutions by exhaustive enumeration of the 2^2
 * sign hypotheses (fric_fd_solve, FRIC_FD_ALL), the determinant test of
 * fric_fd_unique_test (unique for every r iff the four determinants
 * det(D + Diag(μ σ) S C) share one sign; the same on every row: it is a
 * property of D, C, μ, σ), the first solution and the extreme
 * determinants. Defaults (sheet §5): D = [[2, 0.5], [0.5, 1]],
 * C = [[1, 2], [−1, 1]], d = (0.3, −0.2), σ = (+1, −1), μ = 0.6: the
 * test fails (it flips between μ = 0.45 and 0.5) and the map shows
 * regions with no and with two solutions.
 */
#include <math.h>
#include <stddef.h>
#include <stdio.h>

#include "fric_fd.h"
#include "fric_scenario.h"
#include "scenario_internal.h"
#include "base.h"

enum { P_MU, P_D11, P_D12, P_D22, P_C11, P_C12, P_C21, P_C22, P_D1, P_D2, P_S1, P_S2,
       P_RANGE, P_GRID, P_COUNT };

static const fric_param_info params[P_COUNT] = {
    [P_MU]  = { "mu", 0.6, 0, 2, "", "friction coefficient mu of both rows (Dupont eq. 9)",
                NULL, 0, 0, .label = "friction coefficient μ", .lo = 0, .hi = 1 },
    [P_D11] = { "D11", 2, -1e3, 1e3, "kg·m²", "inertia matrix D(1,1) (eq. 8)", NULL, 0, 0,
                .label = "inertia D₁₁", .lo = 0.1, .hi = 5 },
    [P_D12] = { "D12", 0.5, -1e3, 1e3, "kg·m²", "inertia matrix D(1,2) = D(2,1)", NULL, 0, 0,
                .label = "inertia D₁₂", .lo = -2, .hi = 2 },
    [P_D22] = { "D22", 1, -1e3, 1e3, "kg·m²", "inertia matrix D(2,2)", NULL, 0, 0,
                .label = "inertia D₂₂", .lo = 0.1, .hi = 5 },
    [P_C11] = { "C11", 1, -1e3, 1e3, "kg·m", "normal force of row 1: N1 = |C11·x1 + C12·x2 + d1| (eq. 9)",
                NULL, 0, 0, .label = "C₁₁", .lo = -3, .hi = 3 },
    [P_C12] = { "C12", 2, -1e3, 1e3, "kg·m", "normal force of row 1, coefficient of x2", NULL, 0, 0,
                .label = "C₁₂", .lo = -3, .hi = 3 },
    [P_C21] = { "C21", -1, -1e3, 1e3, "kg·m", "normal force of row 2: N2 = |C21·x1 + C22·x2 + d2|",
                NULL, 0, 0, .label = "C₂₁", .lo = -3, .hi = 3 },
    [P_C22] = { "C22", 1, -1e3, 1e3, "kg·m", "normal force of row 2, coefficient of x2", NULL, 0, 0,
                .label = "C₂₂", .lo = -3, .hi = 3 },
    [P_D1]  = { "d1", 0.3, -1e3, 1e3, "N·m", "normal force of row 1 at zero acceleration", NULL, 0, 0,
                .label = "d₁", .lo = -2, .hi = 2 },
    [P_D2]  = { "d2", -0.2, -1e3, 1e3, "N·m", "normal force of row 2 at zero acceleration", NULL, 0, 0,
                .label = "d₂", .lo = -2, .hi = 2 },
    [P_S1]  = { "sigma1", 1, -1, 1, "", "velocity sign sgn(dq1) of joint 1: +1 or -1 (moving)",
                NULL, 0, 1, .label = "sgn q̇₁", .lo = -1, .hi = 1 },
    [P_S2]  = { "sigma2", -1, -1, 1, "", "velocity sign sgn(dq2) of joint 2: +1 or -1 (moving)",
                NULL, 0, 1, .label = "sgn q̇₂", .lo = -1, .hi = 1 },
    [P_RANGE] = { "range", 3, 1e-6, 1e6, "N·m", "the grid covers r = tau - h in [-range, range]²",
                  NULL, 0, 0, .label = "range of r", .lo = 0.5, .hi = 10, .log = 1 },
    [P_GRID]  = { "grid", 61, 2, 1001, "", "grid points per axis (both ends included)", NULL, 0, 1,
                  .label = "points per axis", .lo = 11, .hi = 201, .log = 1 },
};

enum { C_R1, C_R2, C_SOL, C_UNIQUE, C_X1, C_X2, C_DMIN, C_DMAX, C_COUNT };

static const fric_col_info cols[C_COUNT] = {
    [C_R1]  = { "r1", "N·m", "r1 = tau1 - h1 (outer grid index; rows are a grid, not a time series)" },
    [C_R2]  = { "r2", "N·m", "r2 = tau2 - h2 (inner grid index)" },
    [C_SOL] = { "solutions", "", "accelerations solving eq. 10 at r, by enumeration of all 4 sign hypotheses" },
    [C_UNIQUE] = { "unique", "",
                   "1 when the determinant test says the solution is unique for every r (same on every row)" },
    [C_X1]  = { "x1", "rad/s²", "acceleration of joint 1 of the first solution (0 when none)" },
    [C_X2]  = { "x2", "rad/s²", "acceleration of joint 2 of the first solution (0 when none)" },
    [C_DMIN] = { "det_min", "", "smallest det(D + Diag(mu sigma) S C) over the sign patterns S" },
    [C_DMAX] = { "det_max", "", "largest det(D + Diag(mu sigma) S C) over the sign patterns S" },
};

typedef struct {
    fric_fd_problem p;     /* D, C, d, μ, σ; r set per row                    */
    double range;          /* half width of the grid [N·m]                      */
    long grid;             /* points per axis                                   */
    long k;                /* next row: r1 index k / grid, r2 index k % grid    */
    int unique;            /* fric_fd_unique_test: 1 or 0                       */
    double det_min, det_max;
} map_scn;

static const char *const joint_param[2] = { "sigma1", "sigma2" };

/* Validates p and fills c (the grid restarts). 0, or 1 with *why. */
static int configure(map_scn *c, const double *p, const char **why)
{
    const double D11 = p[P_D11], D12 = p[P_D12], D22 = p[P_D22];
    if (!(D11 > 0)) {
        fric__why(why, fric__fail_id(FRIC_E_PARAM_RANGE, P_D11, "fd.solutions_dof_d",
                           "solutions-2dof: D11 = {d11} must be > 0: the inertia matrix D must be "
                           "positive definite; raise D11.",
                           fric__values(fric__g("d11", D11))));
        return 1;
    }
    if (!(D11 * D22 - D12 * D12 > 0)) {
        fric__why(why, fric__fail_id(FRIC_E_PARAM_RANGE, P_D12, "fd.solutions_dof_d_2",
                           "solutions-2dof: D11·D22 - D12² = {d12} must be > 0: the inertia matrix "
                           "D = [[{d11}, {d122}], [{d122}, {d22}]] is not positive definite; lower "
                           "|D12| or raise D11, D22.",
                           fric__values(fric__g("d12", D11 * D22 - D12 * D12), fric__g("d11", D11),
                                        fric__g("d122", D12), fric__g("d22", D22))));
        return 1;
    }
    for (int i = 0; i < 2; i++)
        if (p[P_S1 + i] == 0) {
            fric__why(why, fric__fail_id(FRIC_E_PARAM_RANGE, P_S1 + i, "fd.solutions_dof_holds",
                               "solutions-2dof: {joint_param} = 0 holds joint {i} at rest; the map "
                               "is of moving joints (eq. 10), so {joint_param} must be +1 or -1.",
                               fric__values(fric__s("joint_param", joint_param[i]), fric__i("i", i + 1))));
            return 1;
        }
    map_scn t = { 0 };
    t.p.n = 2;
    t.p.m = 2;
    t.p.D[0] = D11;
    t.p.D[1] = t.p.D[2] = D12;
    t.p.D[3] = D22;
    t.p.sigma[0] = (signed char)p[P_S1];
    t.p.sigma[1] = (signed char)p[P_S2];
    for (int j = 0; j < 2; j++) {
        fric_fd_row *w = &t.p.rows[j];
        w->kind = FRIC_FD_AXIAL;
        w->joint = j;
        w->mu = w->mu_s = w->mu_back = w->mu_s_back = p[P_MU];
        w->C[0] = p[j ? P_C21 : P_C11];
        w->C[1] = p[j ? P_C22 : P_C12];
        w->d = p[j ? P_D2 : P_D1];
    }
    const char *m;
    if (fric_fd_check(&t.p, &m)) return fric__fd_scn_fail("solutions-2dof", m, why);
    t.unique = fric_fd_unique_test(&t.p, &t.det_min, &t.det_max);
    t.range = p[P_RANGE];
    t.grid = (long)p[P_GRID];
    *c = t;
    if (why) *why = "";
    return 0;
}

static int map_init(void *state, const double *p, const char **why)
{
    map_scn c;
    if (configure(&c, p, why)) return 1;
    *(map_scn *)state = c;
    return 0;
}

/* New matrices or μ: the map starts again from its first row. */
static int map_retune(void *state, const double *p, const char **why)
{
    return map_init(state, p, why);
}

static int map_step(void *state, double *row, const char **why)
{
    map_scn *c = state;
    if (c->k >= c->grid * c->grid) return FRIC_SCENARIO_DONE;
    const double step = 2 * c->range / (double)(c->grid - 1);
    const long i = c->k / c->grid, j = c->k % c->grid;
    /* the last point is +range exactly, not −range + (grid − 1)·Δ */
    const double r1 = i == c->grid - 1 ? c->range : -c->range + (double)i * step;
    const double r2 = j == c->grid - 1 ? c->range : -c->range + (double)j * step;
    c->p.r[0] = r1;
    c->p.r[1] = r2;
    fric_fd_solution s;
    const char *m;
    if (fric_fd_solve(&c->p, ~0u, FRIC_FD_ALL, &s, &m)) {
        char msg[512];
        snprintf(msg, sizeof msg, "%s", m);
        fric__why(why, fric__reword("solutions-2dof: at r = (%g, %g): %s", r1, r2, msg));
        return FRIC_SCENARIO_ERROR;
    }
    row[C_R1] = r1;
    row[C_R2] = r2;
    row[C_SOL] = s.count;
    row[C_UNIQUE] = c->unique;
    row[C_X1] = s.count ? s.x[0][0] : 0;
    row[C_X2] = s.count ? s.x[0][1] : 0;
    row[C_DMIN] = c->det_min;
    row[C_DMAX] = c->det_max;
    c->k++;
    return FRIC_SCENARIO_ROW;
}

const fric_scenario fric_scenario_solutions_2dof = {
    "solutions-2dof",
    "Dupont (1993) §3.2, eq. 10 (sheet §5): where is the forward dynamics of a 2-dof "
    "arm with load-dependent friction well posed? One row per grid point r = tau - h "
    "(r1 outer, r2 inner): the number of accelerations that solve eq. 10 (0, 1 or 2), "
    "counted by enumerating every sign hypothesis, and the determinant test (unique "
    "for every r, 0/1). With the defaults the test fails between mu = 0.45 and 0.5 "
    "and regions with no and with two solutions appear.",
    P_COUNT, params, C_COUNT, cols, sizeof(map_scn), map_init, map_step, map_retune, NULL, NULL,
    "Where a 2-dof arm with friction is well posed (Dupont §3.2)",
    "The number of accelerations that solve the forward dynamics (eq. 10) of a 2-dof arm with "
    "load-dependent friction, at every point r = τ − h of a grid, and the determinant test that "
    "says whether the solution is unique everywhere. Raise mu past 0.45: regions with no and "
    "with two solutions appear."
};
