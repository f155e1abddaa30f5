/*
 * fric_fd.h: forward dynamics of an n-dof mechanism whose Coulomb friction
 * depends on the joint forces, solved in the accelerations (P. E. Dupont,
 * "The Effect of Friction on the Forward Dynamics Problem", IJRR 12(2),
 * 1993, §3.2, eqs. 7-10; sheet ../shared/specs/dupont-forward-dynamics.md).
 *
 * Once a friction force depends on the normal force of a joint, and that
 * normal force on the accelerations, the accelerations x = q̈ appear on both
 * sides of the equations of motion (eqs. 8-9). For moving joints (eq. 10,
 * written as the sheet §2 states it):
 *
 *     D x + Σ_j e_i(j) μ_j σ_i(j) N_j(x) = r,     r = τ − h(q, q̇),
 *     (μ_j: mu, or mu_back when the row's normal force opposes the motion)
 *     N_j(x) = |C_j·x + d_j|                    (an "axial" row, eqs. 5-6, 9)
 *     N_j(x) = sqrt((C_j·x + d_j)² + (C2_j·x + d2_j)²)   (a "radial" row, eq. 7)
 *
 * σ_i = sgn q̇_i. With axial rows only, each sign hypothesis s ∈ {±1}^m of
 * the normal forces makes it linear:
 *     (D + Σ_j e_i(j) μ_j(s) σ_i(j) s_j C_jᵀ) x = r − Σ_j e_i(j) μ_j(s) σ_i(j) s_j d_j,
 * and x is a solution iff s_j (C_j·x + d_j) >= 0 for every j. The forward
 * problem can have exactly one, no, or several solutions: this API always
 * says which (fric_fd_solution.status); nothing picks silently.
 *
 * Joints at rest (σ_i = 0) are held: x_i = 0, and the friction of the rows
 * on joint i is whatever holds it (fric_fd_solution.hold[i]); a step then
 * compares it with the static bound Σ μ_s,j N_j, μ_s,j of the impending
 * direction sgn(hold_i) (eqs. 26-28 generalised;
 * the dead band is on τ_i − τ_i^s, sheet §4).
 *
 * Units: generalized. For a revolute joint x is rad/s², D kg·m², r N·m; for
 * a prismatic one m/s², kg, N. A row's N_j is a force or torque in the
 * units its C_j, d_j give it; μ_j N_j is in the units of row i(j) of r.
 *
 * Everything here is allocation-free and deterministic; problems are
 * caller-owned structs of fixed size.
 */
#ifndef FRIC_FD_H
#define FRIC_FD_H

#include "fric_status.h"

#ifdef __cplusplus
extern "C" {
#endif

#define FRIC_FD_MAX_N 6          /* degrees of freedom                        */
#define FRIC_FD_MAX_ROWS 8       /* friction rows m (enumeration: 2^m)        */
#define FRIC_FD_MAX_SOLUTIONS 16 /* solutions kept (count goes on beyond) */

typedef enum {
    FRIC_FD_AXIAL = 0,   /* N = |C·x + d|: translational joints, thrust
                            bearings, screws (eqs. 5-6, 9-10)               */
    FRIC_FD_RADIAL = 1   /* N = sqrt((C·x + d)² + (C2·x + d2)²): a radially
                            loaded bearing (eq. 7), by a safeguarded Newton */
} fric_fd_row_kind;

/* One load-dependent friction row (eq. 9). */
typedef struct {
    fric_fd_row_kind kind;
    int joint;                   /* i(j): the joint it acts on, 0 .. n−1        */
    double mu;                   /* kinetic coefficient μ_j           [-] >= 0  */
    double mu_s;                 /* static coefficient, >= mu (rest)  [-]       */
    /* A transmission's friction depends on whether it is driven or
     * backdriven (eq. 17): with s = sgn(C·x + d) and σ the motion (or, at
     * rest, the impending motion), the coefficient is mu / mu_s when
     * s·σ > 0 (driving: screw k1 = 1/η1 − 1) and mu_back / mu_s_back when
     * s·σ < 0 (backdriving: k2 = 1 − 1/η2, > 1 for a self-locking screw,
     * η2 < 0). Symmetric Coulomb friction: mu_back = mu, mu_s_back = mu_s.
     * AXIAL rows only. */
    double mu_back;              /*                                   [-] >= 0  */
    double mu_s_back;            /* >= mu_back                        [-]       */
    double C[FRIC_FD_MAX_N];     /* ∂F/∂x of the (first) normal component       */
    double d;                    /* its value at x = 0                          */
    double C2[FRIC_FD_MAX_N];    /* RADIAL: second component; AXIAL: unused     */
    double d2;
} fric_fd_row;

/* The equations of one instant: D(q), r = τ − h(q, q̇), the rows at (q, q̇),
 * and the signs of the joint velocities. */
typedef struct {
    int n;                              /* 1 .. FRIC_FD_MAX_N                   */
    int m;                              /* 0 .. FRIC_FD_MAX_ROWS                */
    double D[FRIC_FD_MAX_N * FRIC_FD_MAX_N]; /* inertia, row-major, symmetric
                                               positive definite               */
    double r[FRIC_FD_MAX_N];            /* τ − h                                */
    signed char sigma[FRIC_FD_MAX_N];   /* sgn q̇_i: +1, −1, or 0 (held at rest) */
    fric_fd_row rows[FRIC_FD_MAX_ROWS];
} fric_fd_problem;

/* 0 when p is usable: n and m in range, D finite, symmetric (to 1e-12
 * relative) and positive definite, r finite, sigma in {−1, 0, 1}, each row's
 * joint in range, 0 <= mu <= mu_s, 0 <= mu_back <= mu_s_back, C, d finite,
 * no radial row with mu_back != mu. Otherwise nonzero (a
 * fric_status code) and *why names the field (with its row or index), the
 * condition and what to change. */
fric_status fric_fd_check(const fric_fd_problem *p, const char **why);

typedef enum {
    FRIC_FD_NONE = 0,      /* no acceleration satisfies eq. 10            */
    FRIC_FD_UNIQUE = 1,    /* exactly one                                  */
    FRIC_FD_SEVERAL = 2    /* two or more                                  */
} fric_fd_status;

typedef enum {
    FRIC_FD_FIRST = 0,     /* stop at the first consistent hypothesis in the
                              trial order: previous signs, the frictionless
                              solution's signs, then the rest (enumeration);
                              status is UNIQUE when one was found and the
                              problem passes fric_fd_unique_test, else the
                              search goes on to count them all              */
    FRIC_FD_ALL = 1        /* enumerate all 2^m hypotheses: the exact count */
} fric_fd_search;

typedef struct {
    fric_fd_status status;
    int count;                                   /* solutions found          */
    double x[FRIC_FD_MAX_SOLUTIONS][FRIC_FD_MAX_N]; /* their accelerations   */
    unsigned pattern[FRIC_FD_MAX_SOLUTIONS];     /* bit j: C_j·x + d_j >= 0  */
    double normal[FRIC_FD_MAX_SOLUTIONS][FRIC_FD_MAX_ROWS]; /* N_j(x), >= 0 */
    double hold[FRIC_FD_MAX_N];                  /* held joints (σ_i = 0) of
                                                    the first solution: the
                                                    friction torque/force
                                                    that holds them; 0 else  */
    int solves;                                  /* linear solves spent      */
    int newton_iters;                            /* radial rows: iterations  */
    int singular;                                /* hypotheses whose matrix
                                                    was singular (a continuum
                                                    or no solution there):
                                                    not in count             */
    int unconverged;                             /* hypotheses whose radial
                                                    Newton did not converge:
                                                    not in count             */
    int exact;                                   /* 1: count is every
                                                    solution there is (axial
                                                    rows, all hypotheses
                                                    regular; radial rows:
                                                    only when
                                                    fric_fd_unique_test
                                                    proves uniqueness, since
                                                    Newton finds one root
                                                    per hypothesis). 0: count
                                                    is what was found        */
} fric_fd_solution;

/* Solves eq. 10 for p (checked with fric_fd_check: a failure returns its
 * code and message) with the trial order of Gogoussis–Donath (§3.2):
 * prev_pattern first (pass ~0u when there is no previous step), then the
 * signs of the frictionless solution D x = r, then every other hypothesis
 * of the active rows (axial rows of moving joints). A solution is
 * consistent when s_j (C_j·x + d_j) >= −1e-10·(|C_j|·|x| + |d_j|); two
 * hypotheses that give the same x (to 1e-9 relative: a normal force 0 at
 * the solution) count once. Radial rows are solved inside each hypothesis
 * of the axial ones by a safeguarded Newton iteration from the hypothesis'
 * solution without them (backtracking on the residual's ∞-norm, at most
 * FRIC_FD_NEWTON_MAX iterations, tolerance FRIC_FD_NEWTON_TOL relative to
 * max(|r|, |D x|, the radial friction)); a hypothesis whose Newton does
 * not converge is reported in *why and counts as no solution. Returns 0
 * (out filled; status says how many, exact whether that is all of them),
 * or nonzero with *why. */
#define FRIC_FD_NEWTON_MAX 50
#define FRIC_FD_NEWTON_TOL 1e-12
fric_status fric_fd_solve(const fric_fd_problem *p, unsigned prev_pattern, fric_fd_search search,
                          fric_fd_solution *out, const char **why);

/* The uniqueness test for every r (sheet §2, "our addition"): for axial
 * rows, the solution of eq. 10 is unique for every r iff the 2^m
 * determinants det(D + Σ_j e_i(j) μ_j(s) σ_i(j) s_j C_jᵀ) all have the same
 * sign (over the active rows: axial rows of moving joints; held joints
 * enter as the rows e_iᵀ of eq. 28; when the active C_j are linearly
 * dependent some sign cells are empty and the test is sufficient only).
 * Returns 1 (unique for every r), 0 (some r has none or several), or −1
 * when p fails fric_fd_check or has radial rows the test cannot decide:
 * with radial rows it returns 1 only when, besides the determinants,
 * max_s ‖A_s⁻¹‖∞ · Σ μ_j sqrt(‖C_j‖₁² + ‖C2_j‖₁²) < 1 (per joint: a
 * contraction, so unique), else −1. det_min/det_max (may be NULL) receive
 * the extreme determinants (NaN when p fails the check). */
int fric_fd_unique_test(const fric_fd_problem *p, double *det_min, double *det_max);

/* The paper's closed-form conditions. Single joint, a x + μ|c x + d| = b:
 * unique for every b iff a > μ|c| (returns 1, else 0). A screw of rotor
 * inertia J and load inertia M (eq. 14: m l²) with backdriving efficiency
 * eta2 (eq. 17; eta2 < 0 for a self-locking screw, Kd/l > 1 in eq. 21):
 * unique iff J + M/eta2 > 0. */
int fric_fd_unique_1dof(double a, double mu, double c);
int fric_fd_unique_screw(double J, double M, double eta2);

/* ---------------------------------------------------------- simulation */

/* Integrator: classical RK4 on (q, q̇), the acceleration of eq. 10 at each
 * of its four evaluations (core/system/fd/fd_sim.c). Between switches the
 * right side is smooth, so with EVENTS the 4th order holds up to each
 * located switch. After every step and every event, the "instant": the
 * full solve (FIRST with the previous pattern: an exact count unless the
 * determinant test proves uniqueness), the rule for NONE/SEVERAL, then the
 * stiction test of each held joint with q̈_i = 0 (§4.2): it stays held iff
 * |hold_i| <= Σ μ_s,j N_j in the impending direction sgn(hold_i), else it
 * moves that way (at a velocity zero crossing: it reverses) when a solution
 * accelerates it that way (fric_fd_rule: the breakaway). */

/* What a system supplies at (t, q, q̇): D, r and the rows (n and m fixed
 * for the run), and its switching functions are read from the solve. Return
 * 0, or nonzero with *why set (a state outside the model). */
typedef int (*fric_fd_eval_fn)(const void *sys, double t, const double *q, const double *dq,
                               fric_fd_problem *p, const char **why);

typedef enum {
    FRIC_FD_FIXED_STEP = 0, /* one RK4 step of h with the full solve at
                               each evaluation; a velocity that changes sign
                               within the step (or is within v_eps of 0 and
                               slowing) is set to 0 at its end and the joint
                               tested for stiction with q̈_i = 0; the
                               crossing time, by linear interpolation of q̇_i
                               (Morgowicz), goes to last_event_t           */
    FRIC_FD_EVENTS = 1      /* §3.1.1: the mode (σ and the normal-force
                               signs) is frozen over a sub-interval (eq. 10
                               explicit, §3.2.1); switching functions q̇_i
                               of joints with rows, the signs of the axial
                               normal forces C_j·x + d_j, and the breakaway
                               of held joints are checked at its end and
                               the first switch located to event_tol by
                               bisection (each trial one RK4 step from the
                               sub-interval's start); integrate to the
                               event (the bracket's right end), restart.
                               At most 64 events a step                    */
} fric_fd_switching;

/* What a step does when the solve reports NONE or SEVERAL (never silent:
 * the state counts and flags it).
 *
 * Breakaway (both rules): a held joint whose holding friction leaves its
 * static bound is released in the impending direction dir = sgn(hold_i);
 * §4.2: "the direction of motion is determined by which inequality is
 * violated". So a solution of the released mode is admissible only when
 * dir·q̈_i >= 0 for that joint (a q̈_i against dir would reverse a motion
 * that has not started, and contradicts the σ_i = dir it was solved
 * with). Every choice below is made among the admissible solutions; the
 * count and status still report all solutions of eq. 10. Several held
 * joints are released one at a time, the largest |hold_i|/bound_i first (a
 * joint without friction rows, bound 0, before any other), and the others
 * tested again with its motion (eqs. 26-28); a joint that a later release
 * drives against its direction is held again and tested once more. When a
 * friction joint breaking away (or reversing at a zero crossing) still has
 * no admissible solution, the instant is NONE (count 0): CONTINUOUS keeps
 * it held (the impulsive stop of a joint already at rest; n_blocked,
 * n_none), STOP stops. */
typedef enum {
    FRIC_FD_RULE_CONTINUOUS = 0, /* SEVERAL: among the admissible solutions,
                                    the one whose pattern equals the
                                    previous one, else the one nearest the
                                    previous x (at the start: nearest 0).
                                    NONE: an impulsive stop of the sliding
                                    joints that carry friction rows (Mason–
                                    Wang: an impact with zero approach
                                    velocity, §3.2): their q̇ is set to 0 and
                                    they are held; no breakaway at that
                                    instant, so a jammed mechanism stays
                                    stopped (one impulse per step)          */
    FRIC_FD_RULE_STOP = 1        /* either case: the run stops with an error
                                    naming t, the status and the count     */
} fric_fd_rule;

typedef struct {
    int n;                    /* degrees of freedom                         */
    fric_fd_eval_fn eval;
    const void *sys;
    double h;                 /* step                               [s] > 0 */
    fric_fd_switching switching;
    double event_tol;         /* event time tolerance (EVENTS)      [s] > 0 */
    double v_eps;             /* rest velocity [rad/s or m/s] >= 0: |q̇0| <=
                                 v_eps at init is rest (q̇ = 0, held);
                                 FIXED_STEP: a slowing joint with |q̇| <=
                                 v_eps at a step's end comes to rest        */
    fric_fd_rule rule;
} fric_fd_sim;

typedef struct {
    double t;                        /* [s]                                  */
    double q[FRIC_FD_MAX_N], dq[FRIC_FD_MAX_N], ddq[FRIC_FD_MAX_N];
    signed char sigma[FRIC_FD_MAX_N];/* +1/−1 moving, 0 held                 */
    double normal[FRIC_FD_MAX_ROWS]; /* N_j of the last solve                */
    double friction[FRIC_FD_MAX_N];  /* friction torque/force on each joint
                                        of the last step (held: the holding
                                        value)                               */
    unsigned pattern;                /* normal-force signs of the last solve */
    unsigned friction_joints;        /* bit i: joint i carries a friction row
                                        (only these switch, stick and hold;
                                        a joint without rows is never held
                                        while anything pushes it)            */
    fric_fd_status status;           /* of the last instant (step end or
                                        event): its first solve that was not
                                        UNIQUE, else UNIQUE                  */
    int count;                       /* that solve's number of solutions     */
    long n_none, n_several;          /* instants whose solve had none / several */
    long n_events;                   /* located events (EVENTS) or velocity
                                        zero crossings (FIXED_STEP)          */
    long n_impulses;                 /* impulsive stops (rule, NONE)         */
    long n_breakaways;               /* held joints released from rest       */
    long n_stops;                    /* zero crossings at which stiction held
                                        the joint (it stopped)               */
    long n_reversals;                /* zero crossings at which the joint
                                        broke away the other way at once     */
    long n_blocked;                  /* instants at which a joint breaking
                                        away (or reversing) had no admissible
                                        solution (dir·q̈_i >= 0, see the rule)
                                        and stayed held; also in n_none      */
    double last_event_t;             /* [s], −1 before any                   */
} fric_fd_state;

/* 0 when s is usable (n, eval, h, switching, event_tol in (0, h) with
 * EVENTS, v_eps, rule); otherwise nonzero and *why names the field. */
fric_status fric_fd_sim_check(const fric_fd_sim *s, const char **why);
/* Checks s, starts at t = 0 from q0, dq0 (n values each, finite) and runs
 * the instant there (status, rule, stiction). 0, or nonzero with *why. */
fric_status fric_fd_sim_init(const fric_fd_sim *s, fric_fd_state *x, const double *q0,
                             const double *dq0, const char **why);
/* One step of h (with EVENTS, possibly several sub-intervals ending at
 * located events); s as given to fric_fd_sim_init (not checked again).
 * Returns 0, or nonzero with *why (the state is kept): the eval failed, a
 * hypothesis was singular, the STOP rule, more than 64 events. */
fric_status fric_fd_sim_step(const fric_fd_sim *s, fric_fd_state *x, const char **why);

#ifdef __cplusplus
}
#endif
#endif /* FRIC_FD_H */
