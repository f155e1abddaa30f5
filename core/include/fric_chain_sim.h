/*
 * fric_chain_sim.h: one time step of a fric_chain.h model with joint (gear)
 * friction and ground contacts — the implicit method (paper §II-C), the
 * proposed semi-implicit method (paper §III, steps 1-10) and an exact coupled
 * reference — integrated by Runge–Kutta–Gill under a sampled PID controller
 * (paper eqs. 30-31). Reference: ../shared/specs/seed002-multijoint.md
 * ("the sheet"): §2 implicit, §3 semi-implicit, §4 integration and control,
 * §5 regularization, §9 misprints A1-A9. Equation numbers (n) are the paper's.
 *
 * One step k (t = k·h), all forces computed ONCE from the step-start state
 * (q, q̇) and held over the step (sheet §4, choice A9):
 *   0. controller: every pid_period (a whole number of steps, first sample at
 *      t = 0), e_i = sat(e_max_i, γ_i (K_P ε_i + K_I ∫ε_i dt − K_D q̇_i)),
 *      ε_i = q_d,i − q_i, rectangle-rule integral (backward: ∫ += ε·T first),
 *      zero-order hold; e = 0 while pid_on == 0 (A4: γ·K_D, not γ²·K_D).
 *   1. active contacts: candidate k is active when its gap
 *      y_k − ground_y <= 0 at the step start; a newly active one sets its
 *      tangential reference p_r,k = x_k (eq. 23).
 *   2. forces by the method:
 *      IMPLICIT (§2): f_M = [f; G τ_f] from the bounded least squares (19)
 *        with A_M = h J_M H_M⁻¹ J_Mᵀ (dense H_M by CRBA, Cholesky: O(n³)),
 *        solved exactly by enumerating the 2^m_a active sets of the normal
 *        components (f_n >= 0); then clips (20) and (21).
 *      SEMI_IMPLICIT (§3): per joint the scalar problem (25)-(27) with the
 *        previous step's joint torque τ_prev (A7: 0 at k = 0), then the
 *        contact problem (28) with A_v = h J H_M⁻¹ Jᵀ from 2·m_a articulated-
 *        body solves (fric_chain_resolve after the forward pass, O(n·m)),
 *        exact over the 2^m_a active sets; then clip (20).
 *      COUPLED (reference, n <= FRIC_CHAIN_SIM_COUPLED_MAX_N): the exact
 *        implicit joint friction of all joints together,
 *          w = c + h H_M⁻¹ G τ_f,  τ_f,i ∈ −fric_i(w_i) (set-valued at 0),
 *        c = q̇ + h H_M⁻¹ (E_M e − b_M + τ_ext + Jᵀ f_prev) + k_q d_q
 *        (f_prev: the previous step's contact forces), solved by nonlinear
 *        Gauss–Seidel (exact coordinate minimization of the strongly convex
 *        dual, each coordinate by fric_phi_z with Z = g_i h (H_M⁻¹)_ii) to
 *        FRIC_CHAIN_SIM_COUPLED_TOL; unique because every gear law is
 *        monotone (C_τ >= η(τ_fs − τ_fk), checked). Then the contacts as
 *        SEMI_IMPLICIT steps 4-6 with these τ_f.
 *      The joint step of SEMI_IMPLICIT (joint):
 *        PAPER  eq. (27) then clip (21) with sgn(0) = +1 as printed (A6),
 *        FIXED  eq. (27) then clip (21) with the candidate's sign when
 *               q̇_i[k] = 0 (A6 "fixed"),
 *        PHI_Z  exact: τ_f,i = −Φ_Z(c_q,i + k_q d_q,i), Z = A_q,i (friction.h
 *               element A, fric_elem_a_var; no clip needed).
 *      IMPLICIT uses PAPER or FIXED for its clip (21) (PHI_Z: as FIXED).
 *   3. q̈[k] = H_M⁻¹ (E_M e − b_M + τ_ext + Jᵀ f + G τ_f) (ABA, O(n); the
 *      semi-implicit and coupled methods complete their forward pass of
 *      step 4 with the columns H_M⁻¹ Jᵀ f; it is also RKG's first stage);
 *      τ_prev <- E_M e − D_M q̇ − Γ² I_M q̈[k] + G τ_f (eq. 3, step 7).
 *   4. Runge–Kutta–Gill over h (4 stages, 1 ∓ 1/√2) of
 *      q̈ = H_M(q)⁻¹ (u − b(q, q̇) − D_M q̇), u = E_M e + τ_ext + J(q_k)ᵀ f + G τ_f
 *      held (joint-space contact torque frozen at the step start).
 *   5. references (23)-(24): p_r,k <- x_k[k] when f_k was clipped; q_r,i <-
 *      q_i[k] when τ_f,i was clipped. The exact joint steps (PHI_Z, COUPLED)
 *      take q_r,i <- q_i[k+1] when the joint slips (choice: with q_i[k] the
 *      next step's k_q d_q = k_q h q̇ would bias a sliding joint's Φ_Z).
 *
 * Unknown vector of the contact problems (planar): f = (f_1x, f_1y, f_2x,
 * f_2y, …) over the ACTIVE contacts in candidate order (x tangential, y the
 * normal +y); d_v,k = (x_k − p_r,k, y_k − ground_y) (normal part: the signed
 * gap, choice of the sheet §2.6). Regularization (sheet §5): λ_q = ρ A_q,i²,
 * λ_v = ρ mean(diag A_v)², λ_M = ρ mean(diag A_M)².
 *
 * Data: the definition is a const struct, validated once by
 * fric_chain_sim_check (fric_chain_sim_init calls it); the state and the
 * workspace are the caller's; a step neither allocates nor validates
 * (except COUPLED, whose Z changes with q: fric_phi_z per coordinate);
 * deterministic.
 */
#ifndef FRIC_CHAIN_SIM_H
#define FRIC_CHAIN_SIM_H

#include "fric_chain.h"
#include "friction.h"

#ifdef __cplusplus
extern "C" {
#endif

/* COUPLED is a reference for small chains (tests, side-by-side views). */
#define FRIC_CHAIN_SIM_COUPLED_MAX_N 8
/* Gauss–Seidel of COUPLED: stop when no τ_f,i moved by more than
 * TOL·max(1, τ_fs,i) [N·m] in a sweep, or after MAX_SWEEPS sweeps
 * (counted in fric_chain_state.gs_capped). */
#define FRIC_CHAIN_SIM_COUPLED_TOL 1e-13
#define FRIC_CHAIN_SIM_COUPLED_MAX_SWEEPS 2000
/* Unknowns of the implicit problem (19): 2 per contact + 1 per joint. */
#define FRIC_CHAIN_SIM_MAX_U (FRIC_CHAIN_MAX_N + 2 * FRIC_CHAIN_MAX_CONTACTS)

typedef enum {
    FRIC_CHAIN_IMPLICIT = 0,       /* paper §II-C, eq. (19)-(24)              */
    FRIC_CHAIN_SEMI_IMPLICIT = 1,  /* paper §III, steps 1-10                  */
    FRIC_CHAIN_COUPLED = 2,        /* exact coupled joint friction (reference) */
    FRIC_CHAIN_N_METHODS = 3
} fric_chain_method;
/* "implicit", "semi-implicit", "coupled" (indexed by fric_chain_method). */
extern const char *const fric_chain_method_names[FRIC_CHAIN_N_METHODS];

typedef enum {
    FRIC_CHAIN_JOINT_PAPER = 0,    /* eq. (27) + clip (21), sgn(0) = +1 (A6)  */
    FRIC_CHAIN_JOINT_FIXED = 1,    /* eq. (27) + clip (21), sign of candidate */
    FRIC_CHAIN_JOINT_PHI_Z = 2,    /* exact Φ_Z with Z = A_q (sheet §3.3)     */
    FRIC_CHAIN_N_JOINT_STEPS = 3
} fric_chain_joint_step;
/* "paper", "fixed", "phi-z" (indexed by fric_chain_joint_step). */
extern const char *const fric_chain_joint_step_names[FRIC_CHAIN_N_JOINT_STEPS];

/* PID gains of one joint (eq. 30 as the sheet reads it, A4). */
typedef struct {
    double K_P;       /* proportional                              [V/rad]     */
    double K_I;       /* integral                                  [V/(rad·s)] */
    double K_D;       /* derivative on the measurement q̇           [V·s/rad]   */
} fric_chain_gains;

/* The simulation definition (const; the model and gains are the caller's
 * and must outlive every use). */
typedef struct {
    const fric_chain_model *model;     /* checked by fric_chain_sim_check      */
    double h;                          /* time step (1e-3 in the paper)   [s]  */
    fric_chain_method method;
    fric_chain_joint_step joint;       /* joint step (see above)               */
    double rho;                        /* relative regularization ρ (1e-3) [-] */
    double k_q;                        /* joint drift gain, eq. (27)    [1/s]  */
    double k_v;                        /* contact drift gain, eq. (28)  [1/s]  */
    double k_M;                        /* drift gain of eq. (19)        [1/s]  */
    const fric_chain_gains *gains;     /* [n_gains]; NULL: no controller, e = 0 */
    int n_gains;                       /* 1 (shared by every joint) or n       */
    double pid_period;                 /* controller period (2e-3), a whole
                                          multiple of h                  [s]   */
} fric_chain_sim;

/* Fills *s with the paper's defaults around a model (h = 1 ms, SEMI_IMPLICIT,
 * PHI_Z, ρ = 1e-3, k_q = k_v = k_M = 20 1/s, no gains, pid_period = 2 ms). */
fric_chain_sim fric_chain_sim_default(const fric_chain_model *model);

/* 0 when usable: the model passes fric_chain_check; h > 0 finite; method and
 * joint in range; ρ > 0; k_q, k_v, k_M >= 0; COUPLED only for
 * n <= FRIC_CHAIN_SIM_COUPLED_MAX_N; gains finite (NULL allowed, n_gains 1
 * or n); pid_period a whole multiple of h (within 1e-9 relative); every gear
 * law monotone (C_τ >= η (τ_fs − τ_fk)) and valid as a Stribeck law with
 * Z = A_q,i (fric_law_check). Otherwise a fric_status; *why (if not NULL)
 * names the field, the condition and what to change. */
fric_status fric_chain_sim_check(const fric_chain_sim *s, const char **why);

/* The gear friction of motor u as a friction.h law (sheet §1): FRIC_STRIBECK
 * with Fs = τ_fs, Fc = τ_fk, vs = 1/η, α = 1, D = C_τ. When there is no
 * Stribeck excess (τ_fs == τ_fk) or no decay (η = 0) it is
 * FRIC_COULOMB_VISCOUS with Fc = τ_fs, D = C_τ. A gear without friction
 * (τ_fs = 0 and C_τ = 0) has no law (friction.h asks for Fc > 0 or D > 0):
 * the step sets its τ_f = 0. Torques [N·m] for velocities [rad/s]. */
fric_law fric_chain_motor_law(const fric_chain_motor *u);

/* The caller-owned state of a simulation. Fields marked (in) are the
 * caller's to set between steps; the others are the step's own, readable. */
typedef struct {
    /* (in) */
    double q_d[FRIC_CHAIN_MAX_N];      /* controller targets             [rad]  */
    double tau_ext[FRIC_CHAIN_MAX_N];  /* external joint torques on the links,
                                          held over the next step        [N·m]  */
    int pid_on;                        /* 1: the controller drives e; 0: e = 0 */

    /* mechanical state */
    double t;                          /* time (Σ h over the steps)      [s]    */
    double q[FRIC_CHAIN_MAX_N];        /* joint angles                   [rad]  */
    double dq[FRIC_CHAIN_MAX_N];       /* joint velocities               [rad/s] */
    double ddq[FRIC_CHAIN_MAX_N];      /* q̈[k] of the last step (step 3) [rad/s²] */
    long long k;                       /* steps taken                          */

    /* controller (held between samples) */
    double e[FRIC_CHAIN_MAX_N];        /* motor voltages                 [V]    */
    double pid_int[FRIC_CHAIN_MAX_N];  /* ∫ ε dt                         [rad·s] */

    /* joint friction */
    double tau_f[FRIC_CHAIN_MAX_N];    /* τ_f of the last step (g τ_f acts) [N·m] */
    double tau_prev[FRIC_CHAIN_MAX_N]; /* τ[k−1] of eq. (3) (A7)         [N·m]  */
    double q_r[FRIC_CHAIN_MAX_N];      /* joint references, eq. (24)     [rad]  */
    unsigned char stuck[FRIC_CHAIN_MAX_N]; /* 1: joint i stuck in the last step:
                                          τ_f,i from the static branch, or the
                                          joint ended the step at rest (it
                                          moved <= FRIC_CHAIN_REST_STEP) with
                                          its friction at the static limit,
                                          held there by a contact             */

    /* contacts (indexed by candidate 0 .. m−1) */
    unsigned char active[FRIC_CHAIN_MAX_CONTACTS]; /* in contact at the last step */
    unsigned char sliding[FRIC_CHAIN_MAX_CONTACTS];/* tangential force clipped
                                          by (20) in the last step             */
    double f[FRIC_CHAIN_MAX_CONTACTS][2]; /* (f_t along x, f_n along y) of the
                                          last step; 0 when inactive     [N]    */
    double p_r[FRIC_CHAIN_MAX_CONTACTS];  /* tangential references x, eq. (23) [m] */

    /* counters since init */
    long long joint_clips;             /* τ_f,i replaced by (21)               */
    long long contact_clips;           /* f_t,k replaced by (20)               */
    long long gs_sweeps;               /* COUPLED Gauss–Seidel sweeps          */
    long long gs_capped;               /* COUPLED solves that hit MAX_SWEEPS   */

    /* prepared once by init: element A of each gear law at Z = A_q,i
     * (fric_elem_a_var, friction.h) */
    fric_elem_a_var elem[FRIC_CHAIN_MAX_N];
    double A_q[FRIC_CHAIN_MAX_N];      /* g_i h / (γ_i² I_M,i), eq. (25) [rad/(N·m·s)] */
    int pid_every;                     /* pid_period / h                       */
} fric_chain_state;

/* Scratch of a step (caller-owned, may be shared by states stepped one after
 * the other; its contents are the step's own). About 440 kB. */
typedef struct {
    fric_chain_ws dyn;
    double a[4 * FRIC_CHAIN_SIM_MAX_U * FRIC_CHAIN_SIM_MAX_U + 64 * FRIC_CHAIN_SIM_MAX_U];
} fric_chain_sim_ws;

/* Validates s (fric_chain_sim_check) and sets the state: t = 0, q, q̇ from
 * q0, dq0 [n] (NULL: zeros), q_r = q0, q_d = q0, τ_ext = 0, pid_on = 1 when
 * gains are given, e = 0, τ_prev = 0 (A7), no contact, counters 0, the
 * plans. 0 or a fric_status with *why as for the check. */
fric_status fric_chain_sim_init(const fric_chain_sim *s, fric_chain_state *x, const double *q0,
                                const double *dq0, const char **why);

/* New definition, same motion (a retune of gains, friction, h, method, …
 * with the same model size n): validates s like init and re-prepares what
 * init prepared (plan, A_q, pid_every; pid_on = 0 without gains); every
 * other field of x is kept. 0 or a fric_status with *why; x is untouched
 * on failure. */
fric_status fric_chain_sim_retune(const fric_chain_sim *s, fric_chain_state *x, const char **why);

/* One step of h (the procedure above). 0, or FRIC_E_NONFINITE (with *why
 * naming the time and the first non-finite joint) when the state left the
 * finite range; the state is then not advanced. */
fric_status fric_chain_sim_step(const fric_chain_sim *s, fric_chain_state *x, fric_chain_sim_ws *ws,
                                const char **why);

/* Accessors for the scenarios (no validation; indices in range). */
double fric_chain_sim_tau_f(const fric_chain_state *x, int i);  /* τ_f,i [N·m] */
double fric_chain_sim_f_n(const fric_chain_state *x, int k);    /* normal [N]  */
double fric_chain_sim_f_t(const fric_chain_state *x, int k);    /* tangential x [N] */
int fric_chain_sim_stuck(const fric_chain_state *x, int i);     /* 1: joint stuck */
/* A joint that moves at most this far in a step is at rest for the stuck
 * flag (it does not change the step's physics) [rad]. */
#define FRIC_CHAIN_REST_STEP 1e-12

/* Mechanical energy of the state [J] (fric_chain_energy). */
double fric_chain_sim_energy(const fric_chain_sim *s, const fric_chain_state *x,
                             fric_chain_sim_ws *ws);

#ifdef __cplusplus
}
#endif
#endif /* FRIC_CHAIN_SIM_H */
