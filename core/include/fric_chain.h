/*
 * fric_chain.h: a planar serial chain of revolute joints, each driven by a
 * geared DC motor with gear friction, touching a ground line — the model of
 * "Fast Forward Dynamics Simulation of Robot Manipulators with Highly
 * Frictional Gears" (../shared/papers/semi-implicit-joint-friction-contact.md)
 * as ../shared/specs/seed002-multijoint.md states it (§1; misprints A1-A3).
 *
 * Conventions (sheet §6-7): the base joint sits at the origin, y up, gravity
 * along −y. q_1 is the angle of link 1 from the downward vertical (q = 0
 * hangs), q_i (i > 1) the angle of link i relative to link i−1; link i's
 * direction is u_i = (sin φ_i, −cos φ_i) with φ_i = q_1 + … + q_i. A point of
 * link i given as (x, y) in the link frame lies at p_i + x·u_i + y·w_i with
 * w_i = (cos φ_i, sin φ_i) (u rotated by +90°), p_i the position of joint i.
 *
 * Equations of motion (eq. 1, planar): H(q) q̈ + b(q, q̇) = τ + Jᵀ f, with H
 * the links' mass matrix, b Coriolis, centrifugal and gravity terms, τ the
 * joint torques, J the stacked 2×n Jacobians of the contact points, f their
 * forces (normal +y, tangential x). The motor units add (eq. 2, 4):
 * H_M = H + Γ²·I_M (diagonal), b_M = b + D_M q̇, τ = E_M e + G τ_f.
 *
 * Two ways to apply H_M⁻¹: the composite-rigid-body algorithm builds H (O(n²)
 * memory, the implicit method factors it, O(n³)); the articulated-body
 * algorithm (Featherstone, "Rigid Body Dynamics Algorithms" 2008, ch. 7;
 * the paper's Ref. [3], [8]) solves H_M x = r in O(n) without forming H.
 *
 * Data: the model is a const struct, every buffer is the caller's; nothing
 * allocates; deterministic. fric_chain_check validates once; the other
 * functions assume a checked model (debug builds assert).
 */
#ifndef FRIC_CHAIN_H
#define FRIC_CHAIN_H

#include "fric_status.h"

#ifdef __cplusplus
extern "C" {
#endif

#define FRIC_CHAIN_MAX_N 100        /* joints                                 */
#define FRIC_CHAIN_MAX_CONTACTS 4   /* contact candidate points               */

/* One rigid link (a planar body). */
typedef struct {
    double mass;      /* m_i                                       [kg]       */
    double length;    /* joint i to joint i+1 along u_i            [m]        */
    double com;       /* centre of mass at com·u_i from joint i    [m]        */
    double inertia;   /* about the centre of mass, ⊥ to the plane  [kg·m²]    */
} fric_chain_link;

/* One motor-gear unit (eq. 2; sheet §1, A1, A2) and its gear friction
 * (eqs. 7-9: the Stribeck law of friction.h with Fs = tau_fs, Fc = tau_fk,
 * vs = 1/eta, α = 1, D = C_tau). */
typedef struct {
    double R;         /* winding resistance                        [Ω]        */
    double K_M;       /* torque constant                           [N·m/A]    */
    double I_M;       /* rotor inertia                             [kg·m²]    */
    double gamma;     /* reduction ratio γ                         [-]        */
    double e_max;     /* supply e_r: |e| is saturated at it        [V]        */
    double g;         /* side of τ_f: 1 joint side (default), γ motor side [-] */
    double tau_fs;    /* static friction                           [N·m]      */
    double tau_fk;    /* kinetic (Coulomb) friction                [N·m]      */
    double C_tau;     /* viscous friction                          [N·m·s/rad] */
    double eta;       /* Stribeck decay                            [s/rad]    */
} fric_chain_motor;

/* E_M = γ K_M / R [N·m/V], D_M = γ² K_M² / R [N·m·s/rad], Γ²I_M = γ² I_M [kg·m²]. */
double fric_chain_motor_E(const fric_chain_motor *u);
double fric_chain_motor_D(const fric_chain_motor *u);
double fric_chain_motor_J(const fric_chain_motor *u);

/* A contact candidate: a point fixed on a link. */
typedef struct {
    int link;         /* 0 .. n−1                                             */
    double x, y;      /* in the link frame (x along u_i, y along w_i) [m]     */
} fric_chain_point;

typedef struct {
    int n;                             /* joints, 1 .. FRIC_CHAIN_MAX_N      */
    const fric_chain_link *links;      /* [n]                                */
    const fric_chain_motor *motors;    /* [n]                                */
    double gravity;                    /* along −y                  [m/s²]   */
    int m;                             /* contact candidates, 0 .. MAX       */
    fric_chain_point points[FRIC_CHAIN_MAX_CONTACTS];
    double ground_y;                   /* the ground line y = ground_y, normal +y [m] */
    double mu_s, mu_k;                 /* Coulomb coefficients, 0 <= μ_k <= μ_s [-] */
} fric_chain_model;

/* 0 when usable: n in range, masses and lengths > 0, com in [0, length],
 * inertias >= 0, motor constants > 0 (g > 0, τ_fk <= τ_fs, C_tau >= 0,
 * eta >= 0), points on existing links and finite, 0 <= μ_k <= μ_s, every
 * number finite. Otherwise nonzero and *why names the field (with its link
 * or motor index), the condition and what to change. */
fric_status fric_chain_check(const fric_chain_model *c, const char **why);

/* Scratch of the recursive algorithms (caller-owned; its contents are the
 * algorithms' own): 20 doubles per joint (chain_dyn.c lays them out). */
typedef struct {
    double a[FRIC_CHAIN_MAX_N * 20];
} fric_chain_ws;

/* Kinematics: the joint positions p[2·(n+1)] (p_1 = origin, p_{n+1} the tip)
 * and the position of contact candidate k [2]. */
void fric_chain_joints(const fric_chain_model *c, const double *q, double *p);
void fric_chain_point_pos(const fric_chain_model *c, const double *q, int k, double *p);
/* The 2×n Jacobian of candidate k, row-major: J[0·n + j] = ∂x/∂q_j,
 * J[1·n + j] = ∂y/∂q_j. */
void fric_chain_jacobian(const fric_chain_model *c, const double *q, int k, double *J);
/* Both for every candidate with one kinematic walk: pos[2·m] and, unless J
 * is NULL, J[m·2·n] (candidate k's 2×n block at J + 2·k·n). Equal to the
 * two calls above. */
void fric_chain_points(const fric_chain_model *c, const double *q, double *pos, double *J);

/* H(q) [n·n, row-major, symmetric], links only (no rotor inertia), by the
 * composite-rigid-body algorithm (Featherstone ch. 6). */
void fric_chain_mass(const fric_chain_model *c, const double *q, double *H, fric_chain_ws *ws);
/* b(q, q̇) [n] such that H q̈ + b = τ (Coriolis, centrifugal, gravity), by
 * the recursive Newton–Euler algorithm with q̈ = 0 (Featherstone ch. 5). */
void fric_chain_bias(const fric_chain_model *c, const double *q, const double *dq, double *b,
                     fric_chain_ws *ws);
/* x = (H(q) + diag(arm))⁻¹ r in O(n) by the articulated-body algorithm with
 * zero velocity and no gravity (arm [n]: the motors' Γ²I_M, or NULL for 0;
 * with NULL, H must be regular: a tip link with com = 0 and inertia = 0
 * makes it singular, every checked model's Γ²I_M > 0 keeps H_M regular). */
void fric_chain_solve(const fric_chain_model *c, const double *q, const double *arm,
                      const double *r, double *x, fric_chain_ws *ws);
/* x = (H(q) + diag(arm))⁻¹ r again for another r, reusing the articulated
 * inertias that the last fric_chain_solve or fric_chain_forward (same q and
 * arm) left in ws: O(n) without trigonometry, a few times cheaper than a
 * solve (the columns of H_M⁻¹ Jᵀ of eq. 29). Any other fric_chain call on
 * ws in between invalidates them. */
void fric_chain_resolve(const fric_chain_model *c, const double *r, double *x, fric_chain_ws *ws);
/* Forward dynamics in O(n): q̈ = (H + diag(arm))⁻¹ (τ − b(q, q̇)) by the
 * articulated-body algorithm with velocity and gravity (arm may be NULL). */
void fric_chain_forward(const fric_chain_model *c, const double *q, const double *dq,
                        const double *arm, const double *tau, double *ddq, fric_chain_ws *ws);

/* Mechanical energy [J]: ½ q̇ᵀ H q̇ + ½ Σ Γ²I_M q̇_i² + potential of the links
 * (zero at y = 0). */
double fric_chain_energy(const fric_chain_model *c, const double *q, const double *dq,
                         fric_chain_ws *ws);

#ifdef __cplusplus
}
#endif
#endif /* FRIC_CHAIN_H */
