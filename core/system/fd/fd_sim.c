/*
 * fd_sim.c: the simulation of fric_fd.h: forward dynamics with load-
 * dependent friction (Dupont 1993, §3.1.1, §3.2, §4.2-4.3; sheet
 * ../shared/specs/dupont-forward-dynamics.md §2-3).
 *
 * Integrator: the classical 4th-order Runge-Kutta method on (q, q̇) with
 * the acceleration of eq. 10 at each of its four evaluations. Between two
 * switching instants the right side is smooth, so the order is kept when
 * the switches are located (EVENTS), which lets the tests compare event
 * times with closed forms to event_tol. The mode of a sub-interval is the
 * velocity signs σ (held joints σ_i = 0 keep q̇_i = 0, q̈_i = 0, eq. 28)
 * and the normal-force signs (pattern) chosen at its start.
 *
 * The instant (setup): at every step's end (and after every event) the
 * full solve (fric_fd_solve, FIRST with the previous pattern, which counts
 * all solutions unless the determinant test proves uniqueness) gives the
 * status; NONE and SEVERAL go through the rule (fric_fd_rule):
 *   SEVERAL, CONTINUOUS: among the admissible solutions (below), the one
 *     whose pattern equals the previous one, else the one nearest the
 *     previous acceleration (at the start, the previous acceleration is 0);
 *   NONE, CONTINUOUS: an impulsive stop (Mason–Wang, §3.2): every moving
 *     joint that carries a friction row gets q̇ = 0 and is held; the
 *     breakaway test is skipped at this instant (the impulse wins), so a
 *     jammed mechanism stays stopped and counts one impulse per step;
 *   STOP: the step fails with a message naming t, the status and count.
 * Then each held joint is tested for breakaway with q̈_i = 0 (§4.2): the
 * friction that holds it, r_i − (D x)_i (which is τ_i − τ_i^s − τ_i^l for a
 * screw row, the dead band of eq. 26 on τ − τ^s, eq. 27), against the
 * static bound Σ μ_s,j N_j in the impending direction dir = sgn(hold)
 * (driving or backdriving coefficient from sgn N_j·dir, eq. 19-20). It
 * stays held iff |hold| <= bound (eq. 20's inclusive edges); otherwise
 * σ_i = dir and the instant is solved again. Held joints are released one
 * at a time, the largest |hold|/bound first (bound 0, a joint without
 * friction rows, before any other), and the others tested again with the
 * accelerations of that motion: eq. 28 holds only the joints still at rest,
 * and eq. 27's load needs the others' accelerations (so a carriage started
 * at rest accelerates before its screw's band is judged).
 *   Breakaway: §4.2, "the direction of motion is determined by which
 *   inequality is violated": a friction joint released here in direction
 *   dir admits only solutions with dir·q̈_i >= 0 (one against dir would
 *   contradict σ_i = dir at q̇_i = 0). The rule chooses among those (a
 *   self-locking screw breaking away downward has two solutions, q̈ < 0
 *   driving and q̈ > 0 backdriving: only the first is a descent). When
 *   none is admissible because a joint released earlier at this instant
 *   is driven against its direction by a later release, that joint is held
 *   again and tested once more with the others' motion (it may stay, or
 *   break away the other way). Otherwise the instant is NONE (count 0):
 *   CONTINUOUS holds the joints released here again (the impulsive stop
 *   of a joint already at rest, n_blocked) and does not retest them at
 *   this instant; STOP stops.
 *
 * Switching (fric_fd_switching):
 *   EVENTS: within a sub-interval the mode is frozen (the sign hypothesis
 *     of the instant: eq. 10 is then explicit, §3.2.1) and the switching
 *     functions are checked at its end: σ_i q̇_i < 0 (a velocity zero
 *     crossing, a jump of q̈), a normal force leaving its sign (the pattern
 *     no longer consistent: a slope change), and |hold_i| > bound of a held
 *     joint (breakaway). If one fired, the first instant is located by
 *     bisection on the sub-interval length (each trial one RK4 step from
 *     the sub-interval's start) until the bracket is <= event_tol; the run
 *     continues from the bracket's right end, with q̇_i = 0 for a joint
 *     whose velocity crossed (the stiction test with q̈_i = 0 decides
 *     whether it sticks or reverses). At most FD_EVENTS_MAX events a step.
 *   FIXED_STEP: one RK4 step of h with the full solve at every evaluation
 *     (FIRST from the step's pattern; several: the one with the step's
 *     pattern, else nearest the step's acceleration; none: the step's
 *     hypothesis, which the next instant's solve then reports). A moving
 *     joint whose velocity changed sign, or is within v_eps of 0 and
 *     slowing, is set to rest at the step's end and tested for stiction;
 *     last_event_t records the crossing by linear interpolation of q̇_i
 *     (Morgowicz, §3.1.1).
 */
#include <math.h>
#include <string.h>

#include "fd_internal.h"
#include "base.h"

#define FD_EVENTS_MAX 64


/* The instant's equations at (t, q, q̇) with the velocity signs sigma. */
static int eval(const fric_fd_sim *s, const signed char *sigma, double t, const double *q,
                const double *dq, fric_fd_problem *p, const char **why)
{
    const char *m = NULL;
    if (s->eval(s->sys, t, q, dq, p, &m)) {
        fric__why(why, fric__reword("t = %.9g s: %s", t, m ? m : "the system's eval failed."));
        return fric__rc();
    }
    if (p->n != s->n) {
        fric__why(why, fric__say_id("fd.t_s_system",
                           "t = {t} s: the system's eval returned n = {n}, the run has n = {n2}.",
                           fric__values(fric__gp("t", 9, t), fric__i("n", p->n), fric__i("n2", s->n))));
        return fric__rc();
    }
    memcpy(p->sigma, sigma, sizeof p->sigma);
    return FRIC_OK;
}

/* The acceleration of the frozen mode (sigma, pattern). */
static int accel_frozen(const fric_fd_sim *s, const signed char *sigma, unsigned pattern, double t,
                        const double *q, const double *dq, fric_fd_problem *p, double *a,
                        const char **why)
{
    int rc = eval(s, sigma, t, q, dq, p, why);
    if (rc) return rc;
    rc = fric__fd_hypothesis(p, pattern, a, NULL);
    if (rc) {
        fric__why(why, fric__fail(FRIC_E_NONFINITE, -1, "t = %.9g s: the equations of sign pattern "
                                  "0x%x are %s.", t, pattern,
                                  rc == 1 ? "singular" : "not solved by the radial Newton iteration"));
        return fric__rc();
    }
    return FRIC_OK;
}

/* Which solution the rule continues with (SEVERAL, CONTINUOUS): among
 * the admissible ones (adm, bit k; every solution when adm is ~0u), the
 * one whose pattern equals the previous one, else the one nearest the
 * previous acceleration prev. −1 when none is admissible. */
static int pick(const fric_fd_solution *sol, int n, unsigned adm, unsigned pattern, const double *prev)
{
    const int kept = sol->count < FRIC_FD_MAX_SOLUTIONS ? sol->count : FRIC_FD_MAX_SOLUTIONS;
    for (int k = 0; k < kept; k++)
        if (((adm >> k) & 1u) && sol->pattern[k] == pattern) return k;
    int best = -1;
    double bd = INFINITY;
    for (int k = 0; k < kept; k++) {
        if (!((adm >> k) & 1u)) continue;
        double d = 0;
        for (int i = 0; i < n; i++) d += (sol->x[k][i] - prev[i]) * (sol->x[k][i] - prev[i]);
        if (best < 0 || d < bd) {
            bd = d;
            best = k;
        }
    }
    return best;
}

/* The solutions of sol in which every friction joint released at this
 * instant (rel[i] = its breakaway direction) accelerates that way,
 * rel[i]·q̈_i >= 0 (§4.2: the direction of motion is the one whose
 * dead-band inequality is violated); bit k for solution k. */
static unsigned admissible(const fric_fd_solution *sol, int n, const signed char *rel)
{
    const int kept = sol->count < FRIC_FD_MAX_SOLUTIONS ? sol->count : FRIC_FD_MAX_SOLUTIONS;
    unsigned adm = 0;
    for (int k = 0; k < kept; k++) {
        int ok = 1;
        for (int i = 0; i < n; i++) ok &= rel[i] * sol->x[k][i] >= 0;
        adm |= (unsigned)ok << k;
    }
    return adm;
}

/* An acceleration for a FIXED_STEP stage: the full solve, continued from
 * the step's mode (x->pattern, x->ddq). */
static int accel_full(const fric_fd_sim *s, const fric_fd_state *x, double t, const double *q,
                      const double *dq, double *a, const char **why)
{
    fric_fd_problem p;
    fric_fd_solution sol;
    int rc = eval(s, x->sigma, t, q, dq, &p, why);
    if (!rc) rc = fric_fd_solve(&p, x->pattern, FRIC_FD_FIRST, &sol, why);
    if (rc) return rc;
    if (sol.count == 0) return accel_frozen(s, x->sigma, x->pattern, t, q, dq, &p, a, why);
    memcpy(a, sol.x[pick(&sol, s->n, ~0u, x->pattern, x->ddq)], sizeof(double) * (size_t)s->n);
    return FRIC_OK;
}

/* The instant at (x->t, x->q, x->dq): status, rule, stiction/breakaway;
 * fills the mode and the outputs of x. crossed[i]: joint i has just been
 * set to rest by a velocity zero crossing (its release is a reversal, its
 * staying a stop, not a breakaway). Held joints are released one at a time
 * (the most violated dead band first, a joint without friction rows before
 * any other) and the rest tested again with its motion (eqs. 26-28); a
 * friction joint released here needs a solution with rel_i·q̈_i >= 0
 * (admissible); one that a later release drives against its direction is
 * held again and retested once; else they stay held (file header). */
static int instant(const fric_fd_sim *s, fric_fd_state *x, const unsigned char *crossed,
                   const char **why)
{
    const int n = s->n;
    fric_fd_problem p;
    fric_fd_solution sol;
    signed char rel[FRIC_FD_MAX_N] = { 0 };      /* friction joints released here: dir */
    unsigned char blocked[FRIC_FD_MAX_N] = { 0 }; /* no admissible solution: held */
    unsigned char retried[FRIC_FD_MAX_N] = { 0 }; /* held again once (below)      */
    int impulsed = 0, worst = FRIC_FD_UNIQUE, worst_count = 1;
    for (int iter = 0; iter < 4 * n + 2; iter++) {
        int rc = eval(s, x->sigma, x->t, x->q, x->dq, &p, why);
        if (!rc) rc = fric_fd_solve(&p, x->pattern, FRIC_FD_FIRST, &sol, why);
        if (rc) return rc;
        const unsigned adm = sol.count ? admissible(&sol, n, rel) : 0;
        if (sol.count && !adm) {        /* a breakaway with no admissible solution */
            /* a joint released earlier at this instant that a later release
             * drives against its direction is held again and tested once
             * more with the others' motion */
            const double *xk = sol.x[pick(&sol, n, ~0u, x->pattern, x->ddq)];
            int again = 0;
            for (int i = 0; i < n; i++)
                if (rel[i] && rel[i] * xk[i] < 0 && !retried[i]) {
                    x->sigma[i] = 0;
                    rel[i] = 0;
                    retried[i] = 1;
                    again = 1;
                }
            if (again) continue;
            if (s->rule == FRIC_FD_RULE_STOP) {
                fric__why(why, fric__fail_id(FRIC_E_UNSUPPORTED, -1, "fd.t_s_joint",
                                   "t = {t} s: a joint breaking away has no solution accelerating "
                                   "it in its breakaway direction ({count} solutions, none "
                                   "admissible: status NONE); the rule is to stop.",
                                   fric__values(fric__gp("t", 9, x->t), fric__i("count", sol.count))));
                return fric__rc();
            }
            for (int i = 0; i < n; i++)
                if (rel[i]) {
                    x->sigma[i] = 0;
                    rel[i] = 0;
                    blocked[i] = 1;
                }
            x->n_blocked++;
            if (worst == FRIC_FD_UNIQUE) {
                worst = FRIC_FD_NONE;
                worst_count = 0;
            }
            continue;
        }
        if (sol.status != FRIC_FD_UNIQUE && worst == FRIC_FD_UNIQUE) {
            worst = sol.status;
            worst_count = sol.count;
        }
        if (sol.status != FRIC_FD_UNIQUE && s->rule == FRIC_FD_RULE_STOP) {
            fric__why(why, fric__fail_id(FRIC_E_UNSUPPORTED, -1, "fd.t_s_forward",
                               "t = {t} s: the forward dynamics has {v} (status {v2}, {count} "
                               "solutions); the rule is to stop.",
                               fric__values(fric__gp("t", 9, x->t),
                                            fric__s("v", sol.count ? "several solutions" : "no solution"),
                                            fric__s("v2", sol.count ? "SEVERAL" : "NONE"),
                                            fric__i("count", sol.count))));
            return fric__rc();
        }
        if (sol.status == FRIC_FD_NONE) {   /* impulsive stop (Mason–Wang, §3.2) */
            for (int j = 0; j < p.m; j++) {
                const int i = p.rows[j].joint;
                x->dq[i] = 0;
                x->sigma[i] = 0;
                rel[i] = 0;
            }
            x->n_impulses++;
            impulsed = 1;
            continue;
        }
        const int k = pick(&sol, n, adm, x->pattern, x->ddq);
        const double *acc = sol.x[k];
        int worst_i = -1;
        double worst_ratio = 0;
        for (int i = 0; i < n && !impulsed; i++) {
            if (x->sigma[i] != 0 || blocked[i]) continue;
            const double hold = fric__fd_hold(&p, i, acc);       /* eq. 28, q̈_i = 0 */
            const int dir = fric__sgn(hold);
            const double bound = fric__fd_static_bound(&p, i, dir, acc);   /* eqs. 20, 26 */
            if (!dir || fabs(hold) <= bound) continue;
            const double ratio = bound > 0 ? fabs(hold) / bound : INFINITY;
            if (worst_i < 0 || ratio > worst_ratio) {
                worst_i = i;
                worst_ratio = ratio;
            }
        }
        if (worst_i >= 0) {                 /* release it; test the others again */
            const int i = worst_i, dir = fric__sgn(fric__fd_hold(&p, i, acc));
            x->sigma[i] = (signed char)dir;
            int rows_on = 0;
            for (int j = 0; j < p.m; j++) rows_on |= p.rows[j].joint == i;
            if (rows_on) rel[i] = (signed char)dir;
            continue;
        }
        for (int i = 0; i < n; i++) {
            x->ddq[i] = acc[i];
            x->friction[i] = fric__fd_hold(&p, i, acc);          /* r − D q̈, eq. 10 */
            if (crossed && crossed[i] && x->sigma[i] == 0) x->n_stops++;
            if (rel[i] && crossed && crossed[i]) x->n_reversals++;
            else if (rel[i]) x->n_breakaways++;
        }
        x->friction_joints = 0;
        for (int j = 0; j < p.m; j++) x->friction_joints |= 1u << p.rows[j].joint;
        for (int j = 0; j < FRIC_FD_MAX_ROWS; j++) x->normal[j] = j < p.m ? sol.normal[k][j] : 0;
        x->pattern = sol.pattern[k];
        x->status = (fric_fd_status)worst;
        x->count = worst == FRIC_FD_UNIQUE ? sol.count : worst_count;
        if (worst == FRIC_FD_NONE) x->n_none++;
        if (worst == FRIC_FD_SEVERAL) x->n_several++;
        return FRIC_OK;
    }
    fric__why(why, fric__fail_id(FRIC_E_WORK_LIMIT, -1, "fd.t_s_stiction",
                       "t = {t} s: the stiction and breakaway tests did not settle in {n} solves.",
                       fric__values(fric__gp("t", 9, x->t), fric__i("n", 4 * n + 2))));
    return fric__rc();
}

fric_status fric_fd_sim_check(const fric_fd_sim *s, const char **why)
{
    const char *m = NULL;
    if (!s) m = fric__fail_id(FRIC_E_NULL, -1, "fd.simulation_null_pass",
                    "simulation is NULL; pass a fric_fd_sim.",
                    fric__no_values);
    else if (s->n < 1 || s->n > FRIC_FD_MAX_N) m = fric__fd_bad_n(s->n);
    else if (!s->eval)
        m = fric__fail_id(FRIC_E_NULL, -1, "fd.eval_null_simulation",
                "eval is NULL; the simulation needs the system's equations.",
                fric__no_values);
    else if (!(isfinite(s->h) && s->h > 0))
        m = fric__say_id("fd.h_finite_time",
                "h = {h} must be a finite time step > 0 s.",
                fric__values(fric__g("h", s->h)));
    else if (s->switching != FRIC_FD_FIXED_STEP && s->switching != FRIC_FD_EVENTS)
        m = fric__say_id("fd.switching_fric_fd",
                "switching = {switching} must be FRIC_FD_FIXED_STEP (0) or FRIC_FD_EVENTS (1).",
                fric__values(fric__i("switching", (int)s->switching)));
    else if (s->switching == FRIC_FD_EVENTS && !(isfinite(s->event_tol) && s->event_tol > 0 &&
                                                  s->event_tol < s->h))
        m = fric__say_id("fd.event_tol_finite",
                "event_tol = {event_tol} must be a finite event time tolerance in (0, h = {h}) s.",
                fric__values(fric__g("event_tol", s->event_tol), fric__g("h", s->h)));
    else if (!(isfinite(s->v_eps) && s->v_eps >= 0))
        m = fric__say_id("fd.v_eps_finite",
                "v_eps = {v_eps} must be a finite rest velocity >= 0.",
                fric__values(fric__g("v_eps", s->v_eps)));
    else if (s->rule != FRIC_FD_RULE_CONTINUOUS && s->rule != FRIC_FD_RULE_STOP)
        m = fric__say_id("fd.rule_fric_fd",
                "rule = {rule} must be FRIC_FD_RULE_CONTINUOUS (0) or FRIC_FD_RULE_STOP (1).",
                fric__values(fric__i("rule", (int)s->rule)));
    if (why) *why = m ? m : "";
    return m ? fric__rc() : FRIC_OK;
}

fric_status fric_fd_sim_init(const fric_fd_sim *s, fric_fd_state *x, const double *q0, const double *dq0,
                             const char **why)
{
    int rc = fric_fd_sim_check(s, why);
    if (rc) return rc;
    if (!x || !q0 || !dq0) {
        const char *m = fric__fail_id(FRIC_E_NULL, -1, "fd.state_q_dq",
                            "fric_fd_sim_init: state, q0 and dq0 must not be NULL.",
                            fric__no_values);
        if (why) *why = m;
        return fric__rc();
    }
    for (int i = 0; i < s->n; i++)
        if (!isfinite(q0[i]) || !isfinite(dq0[i])) {
            const char *m = fric__say_id("fd.q_dq_finite",
                                "q0[{i}] = {q0}, dq0[{i}] = {dq0} must be finite.",
                                fric__values(fric__i("i", i), fric__g("q0", q0[i]), fric__g("dq0", dq0[i])));
            if (why) *why = m;
            return fric__rc();
        }
    memset(x, 0, sizeof *x);
    for (int i = 0; i < s->n; i++) {
        x->q[i] = q0[i];
        /* |q̇| <= v_eps is rest: held, q̇ = 0 */
        x->dq[i] = fabs(dq0[i]) > s->v_eps ? dq0[i] : 0;
        x->sigma[i] = (signed char)fric__sgn(x->dq[i]);
    }
    x->pattern = ~0u;
    x->last_event_t = -1;
    return instant(s, x, NULL, why);
}

/* One RK4 step of length tau from (t0, q0, dq0) whose first evaluation is
 * a0; the others frozen (EVENTS) or full (FIXED_STEP). */
static int rk4(const fric_fd_sim *s, const fric_fd_state *x, double t0, double tau, double *q1,
               double *dq1, const char **why)
{
    const int n = s->n, frozen = s->switching == FRIC_FD_EVENTS;
    double k[4][FRIC_FD_MAX_N], v[4][FRIC_FD_MAX_N], qs[FRIC_FD_MAX_N], vs[FRIC_FD_MAX_N];
    fric_fd_problem p;
    memcpy(k[0], x->ddq, sizeof(double) * (size_t)n);
    memcpy(v[0], x->dq, sizeof(double) * (size_t)n);
    static const double c[3] = { 0.5, 0.5, 1 };
    for (int st = 1; st < 4; st++) {
        const double dt = c[st - 1] * tau;
        for (int i = 0; i < n; i++) {
            qs[i] = x->q[i] + dt * v[st - 1][i];
            vs[i] = x->dq[i] + dt * k[st - 1][i];
            v[st][i] = vs[i];
        }
        const int rc = frozen ? accel_frozen(s, x->sigma, x->pattern, t0 + dt, qs, vs, &p, k[st], why)
                              : accel_full(s, x, t0 + dt, qs, vs, k[st], why);
        if (rc) return rc;
    }
    for (int i = 0; i < n; i++) {
        q1[i] = x->q[i] + tau / 6 * (v[0][i] + 2 * v[1][i] + 2 * v[2][i] + v[3][i]);
        dq1[i] = x->dq[i] + tau / 6 * (k[0][i] + 2 * k[1][i] + 2 * k[2][i] + k[3][i]);
        if (!isfinite(q1[i]) || !isfinite(dq1[i])) {
            fric__why(why, fric__fail_id(FRIC_E_NONFINITE, -1, "fd.t_s_state",
                               "t = {tau} s: the state of joint {i} left the finite range.",
                               fric__values(fric__gp("tau", 9, t0 + tau), fric__i("i", i))));
            return fric__rc();
        }
    }
    return FRIC_OK;
}

/* EVENTS: the switching functions at the end (t1, q1, dq1) of a frozen
 * sub-interval. Returns 1 when one fired (vel[i]: joint i's velocity
 * crossed 0; *pat: the normal-force signs there), 0 when none, < 0 error. */
static int switched(const fric_fd_sim *s, const fric_fd_state *x, double t1, const double *q1,
                    const double *dq1, unsigned char *vel, unsigned *pat, const char **why)
{
    fric_fd_problem p;
    double a[FRIC_FD_MAX_N];
    const int rc = accel_frozen(s, x->sigma, x->pattern, t1, q1, dq1, &p, a, why);
    if (rc) return -rc;
    int fired = 0;
    for (int i = 0; i < s->n; i++) {
        vel[i] = x->sigma[i] * dq1[i] < 0 && ((x->friction_joints >> i) & 1u); /* q̇_i crossed 0 */
        fired |= vel[i];
        if (x->sigma[i] == 0) {                                   /* breakaway */
            const double hold = fric__fd_hold(&p, i, a);
            const int dir = fric__sgn(hold);
            fired |= dir && fabs(hold) > fric__fd_static_bound(&p, i, dir, a);
        }
    }
    if (!fric__fd_consistent(&p, x->pattern, a)) fired = 1;      /* a normal force changed sign */
    *pat = fric__fd_pattern(&p, a);
    return fired;
}

static int step_events(const fric_fd_sim *s, fric_fd_state *x, const char **why)
{
    const int n = s->n;
    const double t_end = x->t + s->h;
    for (int ev = 0; ev <= FD_EVENTS_MAX; ev++) {
        const double tau = t_end - x->t;
        double q1[FRIC_FD_MAX_N], dq1[FRIC_FD_MAX_N];
        unsigned char vel[FRIC_FD_MAX_N];
        unsigned pat;
        int rc = rk4(s, x, x->t, tau, q1, dq1, why);
        if (rc) return rc;
        int f = switched(s, x, t_end, q1, dq1, vel, &pat, why);
        if (f < 0) return -f;
        if (!f) {
            memcpy(x->q, q1, sizeof(double) * (size_t)n);
            memcpy(x->dq, dq1, sizeof(double) * (size_t)n);
            x->t = t_end;
            return instant(s, x, NULL, why);
        }
        if (ev == FD_EVENTS_MAX) break;
        /* bisection on the sub-interval length: lo has not switched, hi has */
        double lo = 0, hi = tau, qh[FRIC_FD_MAX_N], dqh[FRIC_FD_MAX_N];
        unsigned char velh[FRIC_FD_MAX_N];
        unsigned path = pat;
        memcpy(qh, q1, sizeof qh);
        memcpy(dqh, dq1, sizeof dqh);
        memcpy(velh, vel, sizeof velh);
        while (hi - lo > s->event_tol) {
            const double mid = 0.5 * (lo + hi);
            rc = rk4(s, x, x->t, mid, q1, dq1, why);
            if (rc) return rc;
            f = switched(s, x, x->t + mid, q1, dq1, vel, &pat, why);
            if (f < 0) return -f;
            if (f) {
                hi = mid;
                memcpy(qh, q1, sizeof qh);
                memcpy(dqh, dq1, sizeof dqh);
                memcpy(velh, vel, sizeof velh);
                path = pat;
            } else {
                lo = mid;
            }
        }
        /* restart from the event (§3.1.1) */
        unsigned char crossed[FRIC_FD_MAX_N] = { 0 };
        for (int i = 0; i < n; i++) {
            x->q[i] = qh[i];
            x->dq[i] = dqh[i];
            if (velh[i]) {                                        /* rest: test stiction */
                x->dq[i] = 0;
                x->sigma[i] = 0;
                crossed[i] = 1;
            }
        }
        x->t = hi < tau ? x->t + hi : t_end;
        x->pattern = path;
        x->n_events++;
        x->last_event_t = x->t;
        rc = instant(s, x, crossed, why);
        if (rc) return rc;
        if (x->t >= t_end) return FRIC_OK;
    }
    fric__why(why, fric__fail_id(FRIC_E_WORK_LIMIT, -1, "fd.t_s_more",
                       "t = {t} s: more than {fd_events_max} switching events in one step of h = "
                       "{h} s (rapid stick-slip); lower h or use FRIC_FD_FIXED_STEP.",
                       fric__values(fric__gp("t", 9, x->t), fric__i("fd_events_max", FD_EVENTS_MAX),
                                    fric__g("h", s->h))));
    return fric__rc();
}

static int step_fixed(const fric_fd_sim *s, fric_fd_state *x, const char **why)
{
    const int n = s->n;
    const double t0 = x->t;
    double q1[FRIC_FD_MAX_N], dq1[FRIC_FD_MAX_N];
    int rc = rk4(s, x, t0, s->h, q1, dq1, why);
    if (rc) return rc;
    unsigned char crossed[FRIC_FD_MAX_N] = { 0 };
    for (int i = 0; i < n; i++) {
        const double v0 = x->dq[i];
        const int sg = x->sigma[i];
        if (sg && ((x->friction_joints >> i) & 1u) &&
            (sg * dq1[i] < 0 || (fabs(dq1[i]) <= s->v_eps && sg * x->ddq[i] < 0))) {
            /* Morgowicz: the crossing by linear interpolation of q̇_i */
            x->last_event_t = t0 + s->h * (v0 != dq1[i] ? v0 / (v0 - dq1[i]) : 1);
            x->n_events++;
            dq1[i] = 0;
            x->sigma[i] = 0;
            crossed[i] = 1;
        }
    }
    memcpy(x->q, q1, sizeof(double) * (size_t)n);
    memcpy(x->dq, dq1, sizeof(double) * (size_t)n);
    x->t = t0 + s->h;
    return instant(s, x, crossed, why);
}

fric_status fric_fd_sim_step(const fric_fd_sim *s, fric_fd_state *x, const char **why)
{
    fric_fd_state w = *x;
    const int rc = s->switching == FRIC_FD_EVENTS ? step_events(s, &w, why) : step_fixed(s, &w, why);
    if (rc) return rc;
    *x = w;
    if (why) *why = "";
    return FRIC_OK;
}
