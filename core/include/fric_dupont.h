/*
 * fric_dupont.h: the two systems of P. E. Dupont, "The Effect of Friction
 * on the Forward Dynamics Problem" (Int. J. Robotics Research 12(2), 1993),
 * as fixed-step simulations with a selectable friction treatment
 * (core/system/dupont). The screw's friction law, its efficiencies, is
 * fric_screw.h (core/law/screw.c), included here.
 *
 *   Screw drive (§4.1-4.2, Fig. 4): a screw of inertia J_zz raises and
 *   lowers a mass m through a lead l, the thread's friction given by its
 *   efficiencies (fric_screw, fric_screw.h: Dupont eqs. 17-20, 29).
 *   τ_a = J_zz·q̈ + τ_l + τ_f with τ_l = m·l²·q̈ + m·g·l (eq. 14).
 *
 *   X-Y table (§3.1, Fig. 2): m1 slides in x in a slot of m2, which slides
 *   in y in a frame; Coulomb friction between m1 and m2 with the normal
 *   force of their contact, F_f = μ·|F_N|·sgn(ẋ), F_N = m1·ÿ (eqs. 5-6).
 *   ÿ = F2/(m1 + m2) does not depend on x, so the friction bound is known
 *   at each step and the implicit step is Kikuuwe's model A with a
 *   Coulomb law whose level changes every step.
 *
 * Friction treatments (fric_treatment of friction.h; the `friction` choice
 * of the scenarios, in the order of fric_bench_treatments):
 *   implicit  the friction of the step solved together with the step's
 *             velocity (implicit Euler, set-valued at rest). Screw: an
 *             exact solve of a monotone piecewise-linear equation, because
 *             the bound depends on the load, which depends on the unknown
 *             acceleration (Dupont §3.2); X-Y table: fric_phi_z (Kikuuwe
 *             eqs. 16, 25-26).
 *   clip      Duclusaud & Passault Algorithm 1: the torque that would stop
 *             the motion in one step, clipped to the friction bound; the
 *             bound uses the load (normal force) of the previous step, as
 *             in their §IV-E.
 *   explicit  the friction of the previous velocity's sign and the
 *             previous load (forward Euler; sgn(0) = 0).
 *   karnopp   Karnopp's threshold (Kikuuwe eq. 3): |q̇| ≤ eps holds the
 *             external torque inside the dead band (acceleration 0, the
 *             velocity is kept, so the position drifts); outside, explicit.
 *
 * Integration: the velocity is advanced by the step's acceleration and the
 * position by the new velocity (q_{k+1} = q_k + h·q̇_{k+1}), so for the
 * implicit treatment the discrete energy ½·I·q̇² + m·g·l·q never increases
 * without input (the step removes h·τ_f·q̇_{k+1} + ½·I·(Δq̇)² ≥ 0).
 * Steps never allocate and are deterministic.
 */
#ifndef FRIC_DUPONT_H
#define FRIC_DUPONT_H

#include "fric_screw.h"
#include "friction.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The motion of the one degree of freedom friction acts on (the screw's
 * angle, the table's sliding x) at the end of a step, in that degree of
 * freedom's units (the screw: rad, rad/s, rad/s², N·m; the table: m, m/s,
 * m/s², N). Both systems' steps end with it the same way. */
typedef struct {
    double q;       /* position                                               */
    double dq;      /* velocity                                               */
    double ddq;     /* acceleration of the last step                          */
    double f;       /* friction of the last step (opposes dq when sliding)    */
    int stuck;      /* 1 when the last step ended held by stiction            */
    long reversals; /* sign changes between successive nonzero dq (+ 0 − counts
                       once: a stop followed by motion the other way)         */
    int last_sign;  /* sign of the last nonzero dq, for reversals             */
} fric_dupont_dof;

/* ------------------------------------------------------------ screw drive */

/* The screw of Dupont Fig. 4 with its load and the step. */
typedef struct {
    fric_screw eff;      /* thread friction                                        */
    double J;            /* screw (and rotor) inertia J_zz          [kg·m²] (> 0)   */
    double M;            /* load inertia at the screw m·l², eq. 14  [kg·m²] (>= 0)  */
    double G;            /* gravity load torque m·g·l, eq. 14       [N·m]           */
    double h;            /* time step                               [s] (> 0)       */
    fric_treatment treatment; /* implicit, clip, explicit or karnopp        */
    double eps;          /* Karnopp velocity threshold              [rad/s] (>= 0)  */
} fric_screw_drive;

typedef struct {
    fric_dupont_dof dof; /* the screw's angle q [rad], dq [rad/s], ddq [rad/s²],
                            friction torque f = τ_f [N·m]; stuck: dq = 0 for
                            implicit and clip, |dq| <= eps for Karnopp      */
    double tau_l;   /* load torque of the last step, M·ddq + G    [N·m]      */
    int mode;       /* +1 driving (dq·τ_l > 0, η1), −1 backdriving (η2),
                       0 at rest or with no load                              */
} fric_screw_state;

/* 0 when d is usable (eff, J, M, G, h, treatment, eps); otherwise *why. */
fric_status fric_screw_drive_check(const fric_screw_drive *d, const char **why);

/* Starts at q0 [rad], dq0 [rad/s], with the static load τ_l = G. */
void fric_screw_drive_init(const fric_screw_drive *d, fric_screw_state *s,
                           double q0, double dq0);

/* One step under applied motor torque tau_a [N·m] (Dupont's τ_a, held
 * over the step). Returns FRIC_OK, or FRIC_E_NONFINITE (param −1) when the
 * new state is not finite (the state is left as it was). d must have passed
 * fric_screw_drive_check. */
fric_status fric_screw_drive_step(const fric_screw_drive *d, fric_screw_state *s, double tau_a);

/* The discrete energy ½·(J + M)·dq² + G·q [J] that the implicit step
 * never increases when tau_a = 0. */
double fric_screw_drive_energy(const fric_screw_drive *d, const fric_screw_state *s);

/* --------------------------------------------------------------- X-Y table */

typedef struct {
    double m1;      /* sliding mass (moves in x in the slot of m2) [kg] (> 0)  */
    double m2;      /* carriage mass (moves in y)                  [kg] (>= 0) */
    double mu;      /* friction coefficient between m1 and m2, eq. 5 [-] (>= 0) */
    double h;       /* time step                                   [s] (> 0)   */
    fric_treatment treatment; /* implicit, clip, explicit or karnopp        */
    double eps;     /* Karnopp velocity threshold                  [m/s] (>= 0) */
} fric_xy_table;

typedef struct {
    fric_dupont_dof dof; /* m1 sliding in the frame of m2: x = q [m], v = dq
                            [m/s], a = ddq [m/s²], friction force on m1 f [N]
                            (opposes v)                                      */
    double y, vy;    /* carriage position [m] and velocity [m/s]              */
    double FN;       /* normal force m1·ÿ of the last step, eq. 6   [N]       */
    fric_elem_a_var elem; /* implicit: element A, Z = h/m1, level μ·|F_N| set
                             per step (prepared by the first step after init
                             and whenever h/m1 changes)                       */
} fric_xy_state;

fric_status  fric_xy_check(const fric_xy_table *p, const char **why);
void fric_xy_init(fric_xy_state *s, double x0, double v0);

/* One step with the forces F1 (on m1, along x) and F2 (on m2, along y)
 * [N] of the step (the scenario passes their values at the end of the
 * step). Returns FRIC_OK, or FRIC_E_NONFINITE (param −1) when the new state
 * is not finite (state kept). */
fric_status fric_xy_step(const fric_xy_table *p, fric_xy_state *s, double F1, double F2);

/* ------------------------------------------------------------- scenarios */

/* "screw" (Figs. 4-5) and "xy-table" (Figs. 2-3) for fric_scenario.h;
 * also listed in the registry (fric_scenario_find). */
struct fric_scenario;
extern const struct fric_scenario fric_scenario_screw;
extern const struct fric_scenario fric_scenario_xy_table;

#ifdef __cplusplus
}
#endif
#endif /* FRIC_DUPONT_H */
