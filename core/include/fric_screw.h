/*
 * fric_screw.h: the friction law of a screw as efficiencies, P. E. Dupont,
 * "The Effect of Friction on the Forward Dynamics Problem" (Int. J.
 * Robotics Research 12(2), 1993) §4.1-4.2 and §5-6 (core/law/screw.c). The
 * screw drive that steps it is fric_dupont.h (core/system/dupont).
 *
 *   Friction in the thread is described by two efficiencies (eq. 17):
 *   η1 < 1 when driving (the load torque τ_l and the velocity have the same
 *   sign: the motor lifts the load) and η2 > 1 when backdriving (the load
 *   runs the motor). Written as a friction torque, τ_a = J_zz·q̈ + τ_l + τ_f
 *   with
 *
 *       τ_f = sgn(q̇)·k·|τ_l| + τ_c·sgn(q̇) + b_v·q̇,
 *       k = k1 = 1/η1 − 1 driving,  k = k2 = 1 − 1/η2 backdriving,
 *
 *   which is eq. 18, η(τ_a − J_zz·q̈) = τ_l, when τ_c = b_v = 0 (τ_c, b_v:
 *   friction that does not load the thread, eq. 29). At rest the static
 *   efficiencies η1s ≤ η1, η2s ≥ η2 (eq. 19) give the dead band of eq. 20:
 *   for τ_l > 0 the screw stays at rest iff τ_l/η2s ≤ τ_a ≤ τ_l/η1s (the
 *   inequalities swap for τ_l < 0).
 */
#ifndef FRIC_SCREW_H
#define FRIC_SCREW_H

#include "fric_status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Thread friction of a screw as efficiencies (Dupont eqs. 17, 19, 29). */
typedef struct fric_screw {
    double eta1;   /* driving efficiency η1 (kinetic), eq. 17      [-] (0, 1]          */
    double eta2;   /* backdriving efficiency η2 (kinetic), eq. 17  [-] [1, inf), finite */
    double eta1s;  /* static driving efficiency η1s, eq. 19        [-] (0, η1]          */
    double eta2s;  /* static backdriving efficiency η2s, eq. 19    [-] [η2, inf), finite */
    double tau_c;  /* load-independent Coulomb friction (eq. 29)   [N·m] (>= 0)        */
    double b_v;    /* viscous friction (eq. 29 form)               [N·m·s/rad] (>= 0)  */
} fric_screw;
/* The fields of fric_screw, X(field, unit). */
#define FRIC_SCREW_FIELDS(X) \
    X(eta1, "") X(eta2, "") X(eta1s, "") X(eta2s, "") X(tau_c, "N·m") X(b_v, "N·m·s/rad")

/* 0 when e is usable; otherwise *why (if not NULL) names the field, its
 * value and the condition. A finite η2 is required: η2 = inf (or η ≤ 0)
 * is a self-locking screw, for which the forward problem can have several
 * solutions (Dupont §4.1, citing Dupont 1992a). */
fric_status fric_screw_check(const fric_screw *e, const char **why);

/* The friction-to-load ratios of eq. 17 written as a friction torque:
 * k1 = 1/η1 − 1 (driving), k2 = 1 − 1/η2 (backdriving) [-]. static_ != 0
 * uses η1s, η2s. NaN for an invalid e. */
double fric_screw_k(const fric_screw *e, int driving, int static_);

/* The friction bound [N·m] against motion in direction dir (+1 or −1) with
 * load torque tau_l [N·m] at speed |dq| [rad/s]: τ_c + b_v·|dq| + k·|τ_l|,
 * k the driving ratio when dir·τ_l > 0, the backdriving one otherwise;
 * static ratios when dq == 0. NaN for an invalid e or dir. */
double fric_screw_bound(const fric_screw *e, int dir, double tau_l, double dq);

/* fric_screw_k and fric_screw_bound without their checks, for per-step
 * code (the screw drive's step): the caller has validated e once with
 * fric_screw_check and gives dir = ±1. Same formulas (eqs. 17-20). */
double fric_screw_k_unchecked(const fric_screw *e, int driving, int static_);
double fric_screw_bound_unchecked(const fric_screw *e, int dir, double tau_l, double dq);

/* The stiction dead band of eq. 20 generalised by τ_c: the applied
 * torques [N·m] that leave the screw at rest under load tau_l [N·m]:
 * [τ_l − b(−1), τ_l + b(+1)] with b = fric_screw_bound(e, ±1, τ_l, 0);
 * for τ_c = 0 that is [τ_l/η2s, τ_l/η1s] (τ_l > 0), [τ_l/η1s, τ_l/η2s]
 * (τ_l < 0). Returns FRIC_OK, or (both NaN) fric_screw_check's status for
 * an invalid e, FRIC_E_PARAM_RANGE (param −1) for a tau_l not finite. */
fric_status fric_screw_dead_band(const fric_screw *e, double tau_l, double *lo, double *hi);

/* Worked examples of §5-6 (small closed forms; tests/law/test_screw_examples.c
 * redoes the paper's arithmetic by hand). In §5-6 one ratio k serves both
 * directions: the reciprocal efficiency is 1 ± k (eq. 29), i.e. eq. 21 with
 * k = Kd/l, so k1 = k2 = k, unlike the printed Fig. 5 pair (sheet §4).
 *
 * The jump of the load torque at a velocity zero crossing, Δτ_l =
 * τ_l(backdriving) − τ_l(driving) at the same net motor torque τ_m [N·m],
 * with an extra friction torque τ_f [N·m] of the sign of τ_m while driving:
 *   motor-side friction (eq. 29, τ_m = (1 ± k)·τ_l + τ_f):
 *       Δτ_l = 2k·τ_m/(1 − k²) + 2τ_f/(1 − k²)                       (eq. 31)
 *   friction that loads the transmission, ratio N (eq. 30,
 *   τ_m = (1 ± k)·(τ_l + τ_f/N)):
 *       Δτ_l = 2k·τ_m/(1 − k²) + 2τ_f/N                              (eq. 32)
 * NaN unless 0 <= k < 1, N > 0 and the torques are finite. */
double fric_screw_jump_motor(double k, double tau_m, double tau_f);
double fric_screw_jump_bearing(double k, double tau_m, double tau_f, double N);

/* The efficiencies of one friction ratio k (eq. 21 with Kd/l = k; eq. 39
 * expresses the slopes k' of the eq. 34 lines this way):
 * η1 = 1/(1 + k), η2 = 1/(1 − k) [-]. For k > 1 (a self-locking screw)
 * η2 < 0; k = 1 gives η2 = ±inf and is refused. Returns FRIC_OK, or
 * FRIC_E_PARAM_RANGE (param −1; both NaN) unless k >= 0 is finite and
 * k != 1. */
fric_status fric_screw_from_k(double k, double *eta1, double *eta2);

#ifdef __cplusplus
}
#endif
#endif /* FRIC_SCREW_H */
