/*
 * fric_regions.h: exact drive/backdrive diagrams (Duclusaud & Passault,
 * "Extended Friction Models for the Physics Simulation of Servo Actuators",
 * §II-C and §III-F, Figs. 2-4; Dupont 1993, eq. 20).
 *
 * A gear with motor torque τm and external torque τe (net τm + τe) is
 *   static     where friction can hold it:  |τm + τe| <= b_σ(θ̇, τm, τe),
 *              σ = sgn(τm + τe), the direction it would move;
 *   drive      where it moves in the direction of τm (the motor does
 *              positive work: (τm + τe)·τm > 0);
 *   backdrive  where it moves against τm (or with τm = 0), pushed by τe.
 * This follows Duclusaud §II-C ("moving in the direction of τm (drive
 * state) ... in the direction of τe (backdrive state)"). Where τm and τe
 * push the same way the motion follows both; it is labelled drive.
 * Note that Dupont's eq. 17 picks η2 by the sign of τ_l·q̇ alone, so in
 * that quadrant his screw uses η2 while the label here is drive.
 *
 * b_σ is the friction budget:
 *   servo models M1-M6 (fric_servo.h): b = fric_servo_budget(θ̇, τm, τe),
 *       the same in both directions; θ̇ enters through the Stribeck factor
 *       s = exp(−|θ̇/θ̇_s|^α) and K_v·|θ̇| (Fig. 4 draws θ̇ = 0, 1, 2 rad/s).
 *   screw (fric_screw.h): τ_l = −τe is the load torque the screw carries;
 *       b_σ = τ_c + b_v·|θ̇| + k·|τe| with k = k1 (driving: σ·τ_l > 0) or
 *       k2 (backdriving), static ratios at θ̇ = 0 and kinetic ones
 *       otherwise. At θ̇ = 0 the static set at τe is the dead band of
 *       eq. 20: τ_l/η2s <= τm <= τ_l/η1s for τ_l > 0.
 * A diagram "at velocity θ̇" is this quasi-static picture with the budget
 * evaluated at θ̇; only |θ̇| matters.
 *
 * Method (no grid). Every absolute value and every case switch in these
 * budgets changes at a line through the origin of the (τm, τe) plane:
 * τm + τe = 0, τe = τm, K_e·τe = K_m·τm, K_es·τe = K_ms·τm, τe = 0,
 * τm = 0. Along any straight line in the plane, g = b_σ − |τm + τe| is
 * therefore a polynomial of degree <= 1 (M1-M5, screw) or <= 2 (M6)
 * between consecutive crossings of those lines. The boundaries are the
 * roots of those polynomials (linear roots; quadratic roots by the
 * cancellation-free formula q = −(c1 + sgn(c1)·√(c1² − 4·c2·c0))/2,
 * roots q/c2 and c0/q), the regions between them are labelled by the
 * sign of g and of (τm + τe)·τm at their midpoints. In the plane, each
 * sector between those lines is one polynomial in (τm, τe), so a
 * boundary curve can only bend on one of the lines: for M1-M5 and the
 * screw it is a polyline whose corners are exactly the boundary points on
 * those lines (fric_regions_corners); for M6 it is made of conic arcs.
 *
 * Degenerate budgets are reported, not hidden. With coefficients >= 1
 * (K_l >= 1, or K_e + s·K_es >= 1: friction growing with τe as fast as
 * the net torque) the static region is unbounded (span ends at
 * ±INFINITY) and a second static interval can appear away from
 * τe = −τm; with a zero budget only the line τe = −τm is static
 * (zero-width spans); M6's budget jumps across τe = −τm when
 * K_eq ≠ K_mq (Q switches from K_eq·τe² to K_mq·τm²).
 *
 * Everything is allocation-free and deterministic. Invalid input is
 * reported through *why (the law's own message, or the argument that is
 * wrong and what it must be).
 */
#ifndef FRIC_REGIONS_H
#define FRIC_REGIONS_H

#include <stddef.h>

#include "fric_screw.h"
#include "fric_servo.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The regions; FRIC_REGION_INVALID from the classifier for bad input. */
enum {
    FRIC_REGION_INVALID = -1,
    FRIC_REGION_STATIC = 0,
    FRIC_REGION_DRIVE = 1,
    FRIC_REGION_BACKDRIVE = 2
};

/* "static", "drive", "backdrive" ("invalid" for anything else). */
const char *fric_region_name(int region);

typedef enum { FRIC_REGIONS_SERVO = 0, FRIC_REGIONS_SCREW = 1 } fric_regions_kind;

/* Whose budget the diagram is drawn for: a servo model M1-M6 or a screw. */
typedef struct {
    fric_regions_kind kind;
    fric_servo_friction servo;   /* kind SERVO: Duclusaud M1..M6 */
    fric_screw screw;            /* kind SCREW: Dupont's efficiencies */
} fric_regions_law;

/* 0 when law is usable at velocity dtheta [rad/s] (finite); otherwise
 * *why (if not NULL) names the field or argument and the condition. */
fric_status fric_regions_check(const fric_regions_law *law, double dtheta, const char **why);

/* The friction budget b_σ [N·m] against motion in direction sigma (+1 or
 * −1; the servo budget does not depend on it) at (tau_m, tau_e) [N·m] and
 * velocity dtheta [rad/s]. NaN for invalid input. */
double fric_regions_budget(const fric_regions_law *law, int sigma, double dtheta,
                           double tau_m, double tau_e);

/* The point classifier (the definition above), for hover read-outs:
 * FRIC_REGION_STATIC, _DRIVE or _BACKDRIVE; FRIC_REGION_INVALID for an
 * invalid law or a non-finite argument. */
int fric_regions_classify(const fric_regions_law *law, double dtheta,
                          double tau_m, double tau_e);

/* --------------------------------------------------- along a vertical line */

/* One interval of τe at fixed τm. lo may be -INFINITY, hi +INFINITY; a
 * span with lo == hi is a single point (a static point between moving
 * regions, when the budget vanishes there). */
typedef struct {
    double lo, hi;  /* τe interval [N·m], closed where finite */
    int region;     /* FRIC_REGION_* */
} fric_region_span;

/* Enough for any law here (at most 6 cut lines, 2 roots per piece). */
#define FRIC_REGIONS_MAX_SPANS 64

/* The exact partition of the τe axis at motor torque tau_m [N·m] and
 * velocity dtheta [rad/s] into consecutive spans (increasing τe, adjacent
 * spans share their end point, adjacent spans differ in region). Writes
 * *n spans (at most cap). FRIC_OK, or FRIC_E_PARAM_RANGE with *why. */
fric_status fric_regions_spans(const fric_regions_law *law, double dtheta, double tau_m,
                               fric_region_span *out, int cap, int *n, const char **why);

/* Duclusaud §II-C: the ends of the static interval that contains
 * τe = −τm (always static: no net torque), i.e. the two boundaries the
 * pendulum bench of Fig. 3 measures. *lo, *hi [N·m] (±INFINITY when
 * unbounded). For tau_m > 0 the drive torque τ_drive(τm) is *hi (beyond
 * it the motor wins) and the backdrive torque τ_backdrive(τm) is *lo;
 * for tau_m < 0 the other way round; for tau_m = 0 both sides are
 * backdrive. *region_lo, *region_hi (may be NULL) receive the moving
 * region beyond each end. FRIC_OK, or FRIC_E_PARAM_RANGE with *why. */
fric_status fric_regions_static_edges(const fric_regions_law *law, double dtheta, double tau_m,
                                      double *lo, double *hi, int *region_lo, int *region_hi,
                                      const char **why);

/* ----------------------------------------------------------- in the plane */

/* Along the ray (τm, τe) = r·(cm, ce), r >= 0, (cm, ce) ≠ (0, 0): the
 * spans of r [-] (as fric_regions_spans, lo of the first is 0), at most
 * cap. A ray from the origin lies in one sector or on a cut line, so g
 * is one polynomial in r along it and the static set on it is [0, r1],
 * [0, r1] ∪ [r2, ∞) or all of it. FRIC_OK, or FRIC_E_PARAM_RANGE with *why. */
fric_status fric_regions_on_ray(const fric_regions_law *law, double dtheta, double cm, double ce,
                                fric_region_span *out, int cap, int *n, const char **why);

/* The corners of every boundary curve inside the square |τm|, |τe| <= T
 * [N·m]: the boundary points on the cut lines. Writes *n points (τm, τe)
 * into tau_m[], tau_e[] (at most cap; FRIC_REGIONS_MAX_CORNERS always
 * suffices). With them a polyline through exact boundary points is exact
 * for M1-M5 and the screw. FRIC_OK, or FRIC_E_PARAM_RANGE with *why. */
#define FRIC_REGIONS_MAX_CORNERS 64
fric_status fric_regions_corners(const fric_regions_law *law, double dtheta, double T,
                                 double *tau_m, double *tau_e, int cap, int *n, const char **why);

/* Polylines for plotting the paper's two curves over τm ∈ [−T, T]: the
 * sample τm values are n uniformly spaced points (n >= 2, both ends
 * included) merged with the τm of every corner with |τm| <= T (whatever
 * its τe) and τm = 0, sorted and without repeats; at each, the exact ends of the
 * static interval around τe = −τm (fric_regions_static_edges). Writes
 * *count samples into tau_m[], tau_e_lo[], tau_e_hi[] (±INFINITY where
 * unbounded); cap >= n + FRIC_REGIONS_MAX_CORNERS + 1 always suffices.
 * Piecewise-linear interpolation of the result is exact for M1-M5 and the
 * screw; M6's arcs are sampled (chord error falls as 1/n²). 0, or 1 with
 * *why. */
fric_status fric_regions_polyline(const fric_regions_law *law, double dtheta, double T, int n,
                                  double *tau_m, double *tau_e_lo, double *tau_e_hi,
                                  int cap, int *count, const char **why);

/* ------------------------------------------------------------------- CSV */

/* The CSV the command `friction diagram` prints: for each velocity in
 * dthetas[0 .. n_vel−1] [rad/s], the polyline samples of
 * fric_regions_polyline(T, n) and any further boundaries, one row each:
 *
 *   velocity,region,boundary,piece,tau_m,tau_e
 *
 *   velocity  θ̇ [rad/s] at which the budget is evaluated
 *   region    drive | backdrive: the moving region on the far side of the
 *             boundary from the static region, at this τm
 *   boundary  upper | lower: the upper/lower end of the static interval
 *             around τe = −τm (the paper's τ_drive and τ_backdrive
 *             curves, see fric_regions_static_edges); other: an end of
 *             another static interval (only with coefficients >= 1),
 *             not joined to neighbours
 *   piece     polyline number, counted from 0 over the whole file: rows
 *             with the same piece are joined in order; a piece ends where
 *             the region label changes (at τm = 0, the shared point is
 *             repeated in both pieces) or the boundary goes to infinity;
 *             -1 for `other` points
 *   tau_m     motor torque τm [N·m]
 *   tau_e     external torque τe [N·m] on the boundary
 *
 * with a header line. Numbers are printed with %.17g. Writes at most cap
 * bytes including the terminating NUL into buf (buf may be NULL when cap
 * is 0) and stores in *len the length the whole text needs (without the
 * NUL), like snprintf: call once with cap 0 to size the buffer. Returns
 * FRIC_OK, or FRIC_E_PARAM_RANGE with *why (invalid law, velocity, T or n; the text is then
 * empty). */
fric_status fric_regions_csv(const fric_regions_law *law, const double *dthetas, int n_vel,
                             double T, int n, char *buf, size_t cap, size_t *len,
                             const char **why);

#ifdef __cplusplus
}
#endif
#endif /* FRIC_REGIONS_H */
