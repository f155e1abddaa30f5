/*
 * chain_scn.c: the scenarios of "Fast Forward Dynamics Simulation of Robot
 * Manipulators with Highly Frictional Gears" through fric_scenario.h, on the
 * chain of fric_chain.h stepped by fric_chain_sim.h. Reference:
 * ../shared/specs/seed002-multijoint.md ("the sheet"); equation numbers (n)
 * are the paper's.
 *
 *   arm1         simulation 1 (Figs. 2-4, sheet §6): one link on one geared
 *                motor under PID, q_d = 0 then 10° at 5 s, the external
 *                torque pulses of Fig. 3 on [10, 15] s and [24, 25] s;
 *   arm2-ground  simulation 2 (Figs. 5-11, sheet §7): a two-link arm swings
 *                link 2 down into the ground (two corner contacts), voltage
 *                off after 4 s;
 *   chain        simulation 3 (Figs. 12-13, sheet §8): n identical links
 *                (1..100) falling from horizontal onto the ground, the last
 *                link's two distal corners as contacts, no controller.
 *
 * One method per run (`method`: implicit §II-C, semi-implicit §III, or the
 * exact coupled reference), the joint step of the semi-implicit method
 * (`joint_step`: the paper's clip, the clip with the sign fix, or the exact
 * Φ_Z), and the side of the gear friction (`tau_side`, sheet A2).
 *
 * Row k (t_k = k·every·h, t_k < duration): the state (q, q̇, contact gaps,
 * energy) at t_k and the voltages, friction torques, contact forces and
 * stick flags of the step from t_k (so a contact force is nonzero only in a
 * row whose gap is <= 0: a contact is active when its gap is <= 0 at the
 * step start, fric_chain_sim.h).
 */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "fric_chain.h"
#include "fric_chain_sim.h"
#include "fric_scenario.h"
#include "scenario_internal.h"
#include "base.h"

#define PI_ 3.141592653589793
#define DEG (PI_ / 180)
#define CH(a) a, (int)(sizeof a / sizeof a[0])

/* ------------------------------------------------------------ parameters */

/* The parameters every chain scenario has, in this order, first. */
enum {
    P_METHOD, P_JOINT, P_SIDE, P_DT, P_DURATION, P_EVERY, P_MASS, P_LENGTH, P_WIDTH,
    P_R, P_KM, P_IM, P_GAMMA, P_ER, P_TFS, P_TFK, P_CTAU, P_ETA, P_RHO, P_KQ, P_GRAV,
    P_COMMON
};
/* arm1 */
enum { A1_PID = P_COMMON, A1_KP, A1_KI, A1_KD, A1_QD, A1_TSTEP, A1_AMP, A1_Q0, A1_DQ0, A1_COUNT };
/* arm2-ground */
enum {
    A2_PID = P_COMMON, A2_KP, A2_KI, A2_KD, A2_TOFF, A2_UNIT_MASS, A2_UNIT_D, A2_GROUND, A2_MUS,
    A2_MUK, A2_KV, A2_Q10, A2_Q20, A2_QD1, A2_QD2, A2_COUNT
};
/* chain */
enum { C_N = P_COMMON, C_DEPTH, C_MUS, C_MUK, C_KV, C_Q10, C_COUNT };

static const char *const method_help[] = {
    "Implicit method (paper §II-C): joint friction and contact forces together in one bounded "
    "least-squares problem, eq. 19, then the clips of eqs. 20-21; O(n³) per step",
    "Proposed semi-implicit method (paper §III): each joint's friction from its own scalar "
    "problem with the previous step's joint torque, then the contact problem eq. 28; O(n) per "
    "step with the articulated-body algorithm",
    "Reference: the exact coupled implicit solve of all joint friction torques together (n <= 8), "
    "then the contact problem as the semi-implicit method",
};
static const char *const joint_help[] = {
    "The paper's joint step: eq. 27, then the clip of eq. 21 with sgn(0) = +1 as printed (sheet A6)",
    "Eq. 27 and the clip of eq. 21, but a joint at rest takes the sign of the candidate torque "
    "(sheet A6, fixed)",
    "The exact per-joint step tau_f = -Φ_Z(c_q) with Z = A_q (Kikuuwe's transform): equal to the "
    "clip while stuck, implicit while sliding",
};
static const char *const side_names[] = { "joint", "motor" };
static const char *const side_help[] = {
    "tau_f acts on the joint side, g = 1 (the sheet's choice A2: the printed friction levels "
    "then let the arms swing as in the figures)",
    "tau_f acts on the motor side as printed in eqs. 2, 16, 26, g = gamma (sheet A2: 120 times "
    "stronger at the joint)",
};

/* The common block; D*: defaults that differ between the scenarios. */
#define COMMON_PARAMS(DMETHOD, DDUR, DDUR_HI, DEVERY, DMASS, DLEN, DWIDTH)                      \
    [P_METHOD] = { "method", DMETHOD, 0, FRIC_CHAIN_N_METHODS - 1, "choice",                   \
        "step method: implicit (paper §II-C, eq. 19), semi-implicit (paper §III, the proposed "  \
        "one), coupled (exact coupled joint friction, reference for n <= 8)",                   \
        fric_chain_method_names, FRIC_CHAIN_N_METHODS, 1, .label = "method",                   \
        .choice_help = method_help },                                                           \
    [P_JOINT] = { "joint_step", FRIC_CHAIN_JOINT_PHI_Z, 0, FRIC_CHAIN_N_JOINT_STEPS - 1,        \
        "choice", "joint friction step: paper (eq. 27 + clip 21), fixed (clip with the sign "    \
        "fix, sheet A6), phi-z (exact Φ_Z); the implicit method clips as fixed for phi-z",     \
        fric_chain_joint_step_names, FRIC_CHAIN_N_JOINT_STEPS, 1, .label = "joint step",         \
        .choice_help = joint_help },                                                            \
    [P_SIDE] = { "tau_side", 0, 0, 1, "choice",                                                 \
        "side on which the gear friction tau_f acts: joint (g = 1) or motor (g = gamma), sheet " \
        "A2", CH(side_names), 1, .label = "side of tau_f", .choice_help = side_help },           \
    [P_DT] = { "dt", 1e-3, 1e-5, 0.01, "s", "time step h (1 ms in the paper)", NULL, 0, 0,       \
        .label = "time step h", .lo = 1e-4, .hi = 1e-2, .log = 1 },                             \
    [P_DURATION] = FRIC__DURATION_PARAM(DDUR, 1e4, 0.1, DDUR_HI),                              \
    [P_EVERY] = FRIC__EVERY_PARAM(DEVERY),                                                     \
    [P_MASS] = { "mass", DMASS, 1e-4, 100, "kg", "mass m of a link (a cuboid)", NULL, 0, 0,     \
        .label = "link mass m", .lo = 0.01, .hi = 5, .log = 1 },                                \
    [P_LENGTH] = { "length", DLEN, 1e-3, 10, "m",                                               \
        "length L of a link, joint to joint (a cuboid L x width)", NULL, 0, 0,                  \
        .label = "link length L", .lo = 0.02, .hi = 1, .log = 1 },                              \
    [P_WIDTH] = { "width", DWIDTH, 0, 10, "m", "width w of a link in the plane of motion",      \
        NULL, 0, 0, .label = "link width w", .lo = 0, .hi = 0.2 },                              \
    [P_R] = { "R", 2.36, 1e-3, 1e3, "Ω", "motor winding resistance R (eq. 2)", NULL, 0, 0,     \
        .label = "resistance R", .lo = 0.1, .hi = 50, .log = 1 },                               \
    [P_KM] = { "K_M", 2.58e-2, 1e-6, 10, "N·m/A",                                               \
        "motor torque constant K_M (printed 2.58: sheet A1 reads 2.58e-2)", NULL, 0, 0,          \
        .label = "torque constant K_M", .lo = 1e-3, .hi = 1, .log = 1 },                        \
    [P_IM] = { "I_M", 7.03e-6, 1e-10, 1, "kg·m²", "rotor inertia I_M (reflected: gamma² I_M)", \
        NULL, 0, 0, .label = "rotor inertia I_M", .lo = 1e-7, .hi = 1e-4, .log = 1 },           \
    [P_GAMMA] = { "gamma", 120, 1, 1e4, "", "reduction ratio gamma of the gear", NULL, 0, 0,    \
        .label = "reduction ratio γ", .lo = 1, .hi = 500, .log = 1 },                           \
    [P_ER] = { "e_r", 24, 0, 1e3, "V", "supply voltage e_r: the PID output is saturated at it",  \
        NULL, 0, 0, .label = "supply voltage e_r", .lo = 1, .hi = 48 },                         \
    [P_TFS] = { "tau_fs", 0.041, 0, 100, "N·m", "static gear friction tau_fs (eqs. 7-9)", NULL,  \
        0, 0, .label = "static friction τ_f_s", .lo = 0, .hi = 1 },                              \
    [P_TFK] = { "tau_fk", 0.036, 0, 100, "N·m",                                                 \
        "kinetic gear friction tau_fk (printed tau_df), <= tau_fs", NULL, 0, 0,                 \
        .label = "kinetic friction τ_f_k", .lo = 0, .hi = 1 },                                   \
    [P_CTAU] = { "C_tau", 1.53, 0, 1e3, "N·m·s/rad", "viscous gear friction C_tau (eq. 9)",      \
        NULL, 0, 0, .label = "viscous friction C_τ", .lo = 0, .hi = 5 },                        \
    [P_ETA] = { "eta", 100, 0, 1e4, "s/rad", "Stribeck decay eta of the gear friction (eq. 9)",  \
        NULL, 0, 0, .label = "Stribeck decay η", .lo = 1, .hi = 1000, .log = 1 },               \
    [P_RHO] = { "rho", 1e-3, 1e-12, 1, "", "relative regularization rho of the least-squares "  \
        "problems (lambda = rho·A², sheet §5)", NULL, 0, 0, .label = "regularization ρ",        \
        .lo = 1e-6, .hi = 0.1, .log = 1 },                                                      \
    [P_KQ] = { "k_q", 20, 0, 1e4, "1/s", "joint drift gain k_q (eq. 27; also k_M of eq. 19)",    \
        NULL, 0, 0, .label = "joint drift gain k_q", .lo = 0, .hi = 200 },                      \
    [P_GRAV] = { "gravity", 9.81, 0, 100, "m/s²", "gravitational acceleration (along -y)", NULL, \
        0, 0, .label = "gravity g", .lo = 0, .hi = 20 }

#define PID_PARAMS(PFX, DKP, DKI, DKD, KPHI, KIHI, KDHI)                                        \
    [PFX##_PID] = { "pid_period", 2e-3, 1e-5, 1, "s",                                           \
        "controller period (2 ms in the paper), a whole multiple of dt", NULL, 0, 0,            \
        .label = "controller period", .lo = 1e-3, .hi = 0.05, .log = 1 },                       \
    [PFX##_KP] = { "K_P", DKP, 0, 1e6, "V/rad", "PID proportional gain K_P (eq. 30)", NULL, 0, \
        0, .label = "gain K_P", .lo = 0, .hi = KPHI },                                          \
    [PFX##_KI] = { "K_I", DKI, 0, 1e6, "V/(rad·s)", "PID integral gain K_I (eq. 30)", NULL, 0,  \
        0, .label = "gain K_I", .lo = 0, .hi = KIHI },                                          \
    [PFX##_KD] = { "K_D", DKD, 0, 1e6, "V·s/rad",                                               \
        "PID derivative gain K_D on the measured velocity (eq. 30 with gamma·K_D, sheet A4)",   \
        NULL, 0, 0, .label = "gain K_D", .lo = 0, .hi = KDHI }

/* The ground contacts' parameters of arm2-ground and chain (sheet §7-8),
 * at indices mus, muk, kv. */
#define CONTACT_PARAMS(mus, muk, kv)                                                           \
    [mus] = { "mu_s", 0.6, 0, 10, "", "static friction coefficient mu_s of the contacts",      \
        NULL, 0, 0, .label = "static μ_s", .lo = 0, .hi = 2 },                                  \
    [muk] = { "mu_k", 0.5, 0, 10, "", "kinetic friction coefficient mu_k <= mu_s", NULL, 0, 0,  \
        .label = "kinetic μ_k", .lo = 0, .hi = 2 },                                             \
    [kv] = { "k_v", 20, 0, 1e4, "1/s", "contact drift gain k_v (eq. 28)", NULL, 0, 0,           \
        .label = "contact drift gain k_v", .lo = 0, .hi = 200 }

static const fric_param_info arm1_params[A1_COUNT] = {
    COMMON_PARAMS(1, 30, 60, 10, 0.0356, 0.1, 0.03),
    PID_PARAMS(A1, 0.025448, 0.046742, 0.005771, 0.2, 0.5, 0.05),
    [A1_QD] = { "q_d", 10 * DEG, -2 * PI_, 2 * PI_, "rad",
        "target angle q_d from t_step on (0 before; 10° in the paper)", NULL, 0, 0,
        .label = "target q_d", .lo = -PI_, .hi = PI_ },
    [A1_TSTEP] = { "t_step", 5, 0, 1e4, "s", "time of the target step (5 s in the paper)", NULL, 0,
        0, .label = "target step time", .lo = 0, .hi = 30 },
    [A1_AMP] = { "tau_ext_amp", -1, -1, 1e3, "N·m",
        "amplitude A of the external torque pulses (Fig. 3: A sin² on [10, 15] s, -A sin² on "
        "[24, 25] s); unset (-1): 0.3 with tau_side joint, 8 with motor", NULL, 0, 0,
        .label = "external torque A", .lo = 0, .hi = 10, .preset = 1 },
    [A1_Q0] = { "q0", 0, -2 * PI_, 2 * PI_, "rad", "initial angle q(0) (0 hangs down)", NULL, 0, 0,
        .label = "initial angle q_0", .lo = -PI_, .hi = PI_ },
    [A1_DQ0] = { "dq0", 0, -100, 100, "rad/s", "initial velocity", NULL, 0, 0,
        .label = "initial velocity q̇_0", .lo = -10, .hi = 10 },
};

static const fric_param_info arm2_params[A2_COUNT] = {
    COMMON_PARAMS(1, 6, 20, 10, 1.0, 0.3, 0.1),
    PID_PARAMS(A2, 100, 0, 1.0, 500, 100, 10),
    [A2_TOFF] = { "t_off", 4, 0, 1e4, "s", "the voltage is cut (e = 0) from this time on (4 s)",
        NULL, 0, 0, .label = "voltage off at", .lo = 0, .hi = 20 },
    [A2_UNIT_MASS] = { "unit_mass", 0.5, 0, 100, "kg",
        "mass of the gear unit of joint 2, a cylinder riding on link 1 at its distal joint", NULL,
        0, 0, .label = "gear unit mass", .lo = 0, .hi = 2 },
    [A2_UNIT_D] = { "unit_d", 0.1, 0, 10, "m", "diameter of that gear unit (I = m r²/2)", NULL, 0,
        0, .label = "gear unit diameter", .lo = 0, .hi = 0.3 },
    [A2_GROUND] = { "ground", 0.2, 0, 100, "m", "height of the base joint above the ground", NULL,
        0, 0, .label = "base height", .lo = 0.05, .hi = 0.6 },
    CONTACT_PARAMS(A2_MUS, A2_MUK, A2_KV),
    [A2_Q10] = { "q1_0", 90 * DEG, -2 * PI_, 2 * PI_, "rad",
        "initial q_1, link 1 from the downward vertical (90°: horizontal)", NULL, 0, 0,
        .label = "initial q_1", .lo = -PI_, .hi = PI_ },
    [A2_Q20] = { "q2_0", 90 * DEG, -2 * PI_, 2 * PI_, "rad",
        "initial q_2, link 2 relative to link 1 (90°: pointing up)", NULL, 0, 0,
        .label = "initial q_2", .lo = -PI_, .hi = PI_ },
    [A2_QD1] = { "q1_d", 90 * DEG, -2 * PI_, 2 * PI_, "rad", "target q_d1 of joint 1", NULL, 0, 0,
        .label = "target q_d_1", .lo = -PI_, .hi = PI_ },
    [A2_QD2] = { "q2_d", -90 * DEG, -2 * PI_, 2 * PI_, "rad",
        "target q_d2 of joint 2 (-90°: link 2 hanging down, into the ground)", NULL, 0, 0,
        .label = "target q_d_2", .lo = -PI_, .hi = PI_ },
};

static const fric_param_info chain_params[C_COUNT] = {
    COMMON_PARAMS(1, 2, 10, 10, 0.2, 0.1, 0.03),
    [C_N] = { "n", 10, 1, FRIC_CHAIN_MAX_N, "", "number of links and joints n", NULL, 0, 1,
        .label = "links n", .lo = 1, .hi = 100 },
    [C_DEPTH] = { "ground_depth", 0.7, 0, 10, "",
        "the ground lies ground_depth·n·L below the base joint (0.7)", NULL, 0, 0,
        .label = "ground depth", .lo = 0.1, .hi = 1 },
    CONTACT_PARAMS(C_MUS, C_MUK, C_KV),
    [C_Q10] = { "q1_0", 90 * DEG, -2 * PI_, 2 * PI_, "rad",
        "initial q_1 (90°: horizontal; the other joints start at 0, straight)", NULL, 0, 0,
        .label = "initial q_1", .lo = -PI_, .hi = PI_ },
};

/* --------------------------------------------------------------- columns */

enum { K1_T, K1_Q, K1_DQ, K1_QD, K1_E, K1_TAU_F, K1_TAU_EXT, K1_STICK, K1_ENERGY, K1_COUNT };
static const fric_col_info arm1_cols[K1_COUNT] = {
    [K1_T] = { "t", "s", "time t_k of the row" },
    [K1_Q] = { "q", "rad", "joint angle q at t_k (Fig. 4; 0 hangs down)" },
    [K1_DQ] = { "dq", "rad/s", "joint velocity q̇ at t_k" },
    [K1_QD] = { "q_d", "rad", "target angle q_d of the step from t_k" },
    [K1_E] = { "e", "V", "motor voltage e of the step from t_k (eq. 30)" },
    [K1_TAU_F] = { "tau_f", "N·m", "gear friction torque tau_f of the step from t_k" },
    [K1_TAU_EXT] = { "tau_ext", "N·m", "external torque of the step from t_k (Fig. 3)" },
    [K1_STICK] = { "stick", "", "1 when the joint was stuck in the step from t_k" },
    [K1_ENERGY] = { "E", "J", "mechanical energy at t_k (links, rotor, gravity)" },
};

enum {
    K2_T, K2_Q1, K2_Q2, K2_DQ1, K2_DQ2, K2_E1, K2_E2, K2_TAU_F1, K2_TAU_F2, K2_STICK1,
    K2_STICK2, K2_FN1, K2_FN2, K2_FT1, K2_FT2, K2_GAP1, K2_GAP2, K2_ENERGY, K2_COUNT
};
static const fric_col_info arm2_cols[K2_COUNT] = {
    [K2_T] = { "t", "s", "time t_k of the row" },
    [K2_Q1] = { "q1", "rad", "joint angle q_1 at t_k (Fig. 7)" },
    [K2_Q2] = { "q2", "rad", "joint angle q_2 at t_k (Fig. 7)" },
    [K2_DQ1] = { "dq1", "rad/s", "joint velocity q̇_1 at t_k" },
    [K2_DQ2] = { "dq2", "rad/s", "joint velocity q̇_2 at t_k" },
    [K2_E1] = { "e1", "V", "voltage e_1 of the step from t_k" },
    [K2_E2] = { "e2", "V", "voltage e_2 of the step from t_k" },
    [K2_TAU_F1] = { "tau_f1", "N·m", "gear friction tau_f1 of the step from t_k (Fig. 10)" },
    [K2_TAU_F2] = { "tau_f2", "N·m", "gear friction tau_f2 of the step from t_k (Fig. 11)" },
    [K2_STICK1] = { "stick1", "", "1 when joint 1 was stuck in the step from t_k" },
    [K2_STICK2] = { "stick2", "", "1 when joint 2 was stuck in the step from t_k" },
    [K2_FN1] = { "fn1", "N", "normal force f_n of corner 1 in the step from t_k (Fig. 8)" },
    [K2_FN2] = { "fn2", "N", "normal force f_n of corner 2 in the step from t_k (Fig. 9)" },
    [K2_FT1] = { "ft1", "N", "tangential force (along x) of corner 1 in the step from t_k" },
    [K2_FT2] = { "ft2", "N", "tangential force (along x) of corner 2 in the step from t_k" },
    [K2_GAP1] = { "gap1", "m", "height of corner 1 above the ground at t_k (<= 0: in contact)" },
    [K2_GAP2] = { "gap2", "m", "height of corner 2 above the ground at t_k (<= 0: in contact)" },
    [K2_ENERGY] = { "E", "J", "mechanical energy at t_k (links, rotors, gravity)" },
};

enum {
    KC_T, KC_Q1, KC_QN, KC_DQ1, KC_DQN, KC_X, KC_Y, KC_TAU_F1, KC_TAU_FN, KC_STUCK, KC_FN1,
    KC_FN2, KC_FT1, KC_FT2, KC_GAP1, KC_GAP2, KC_ENERGY, KC_COUNT
};
static const fric_col_info chain_cols[KC_COUNT] = {
    [KC_T] = { "t", "s", "time t_k of the row" },
    [KC_Q1] = { "q1", "rad", "angle q_1 of the base joint at t_k" },
    [KC_QN] = { "qn", "rad", "angle q_n of the last joint at t_k" },
    [KC_DQ1] = { "dq1", "rad/s", "velocity q̇_1 at t_k" },
    [KC_DQN] = { "dqn", "rad/s", "velocity q̇_n at t_k" },
    [KC_X] = { "x_tip", "m", "x of the tip (end of link n) at t_k" },
    [KC_Y] = { "y_tip", "m", "y of the tip at t_k (the base joint is at 0)" },
    [KC_TAU_F1] = { "tau_f1", "N·m", "gear friction tau_f1 of the step from t_k" },
    [KC_TAU_FN] = { "tau_fn", "N·m", "gear friction tau_fn of the last joint, step from t_k" },
    [KC_STUCK] = { "n_stick", "", "number of joints stuck in the step from t_k" },
    [KC_FN1] = { "fn1", "N", "normal force f_n of corner 1 in the step from t_k" },
    [KC_FN2] = { "fn2", "N", "normal force f_n of corner 2 in the step from t_k" },
    [KC_FT1] = { "ft1", "N", "tangential force (along x) of corner 1 in the step from t_k" },
    [KC_FT2] = { "ft2", "N", "tangential force (along x) of corner 2 in the step from t_k" },
    [KC_GAP1] = { "gap1", "m", "height of corner 1 above the ground at t_k (<= 0: in contact)" },
    [KC_GAP2] = { "gap2", "m", "height of corner 2 above the ground at t_k (<= 0: in contact)" },
    [KC_ENERGY] = { "E", "J", "mechanical energy at t_k (links, rotors, gravity)" },
};

/* ----------------------------------------------------------------- state */

typedef enum { KIND_ARM1, KIND_ARM2, KIND_CHAIN } scn_kind;

/* The definition of a run (what configure sets from the parameters; the
 * driver's configuration, replaced as a whole by a retune). */
typedef struct {
    scn_kind kind;
    const char *name;                        /* "arm1", …                      */
    fric_chain_link links[FRIC_CHAIN_MAX_N];
    fric_chain_motor motors[FRIC_CHAIN_MAX_N];
    fric_chain_model model;                  /* points at links, motors        */
    fric_chain_gains gains;
    int has_gains;
    fric_chain_sim sim;                      /* points at model, gains         */
    /* arm1: target and external torque (sheet §6) */
    double q_d, t_step;                      /* [rad], [s]                     */
    double amp;                              /* A of Fig. 3's pulses [N·m]     */
    /* arm2-ground: targets and voltage cut (sheet §7) */
    double q_d2[2];                          /* [rad]                          */
    double t_off;                            /* [s]                            */
} chain_def;

typedef struct {
    fric_scenario_run run;                   /* the driver's: t_k (step h),
                                                step k, every, started         */
    chain_def cfg;
    chain_def cfg_spare;                     /* the driver's room for a retune */
    fric_chain_state x;                      /* the simulation                 */
    fric_chain_state spare;                  /* retune's scratch (new n)       */
    fric_chain_sim_ws ws;                    /* a step's scratch (large: last) */
} chain_scn;

/* The model and the definition point into the def: set after every copy
 * (fric_scenario_driver.placed). */
static void wire(void *def)
{
    chain_def *c = def;
    c->model.links = c->links;
    c->model.motors = c->motors;
    c->sim.model = &c->model;
    c->sim.gains = c->has_gains ? &c->gains : NULL;
    c->sim.n_gains = c->has_gains ? 1 : 0;
}

static void motor_from(const double *p, fric_chain_motor *u)
{
    u->R = p[P_R];
    u->K_M = p[P_KM];
    u->I_M = p[P_IM];
    u->gamma = p[P_GAMMA];
    u->e_max = p[P_ER];
    u->g = p[P_SIDE] == 0 ? 1.0 : p[P_GAMMA];   /* sheet A2 */
    u->tau_fs = p[P_TFS];
    u->tau_fk = p[P_TFK];
    u->C_tau = p[P_CTAU];
    u->eta = p[P_ETA];
}

/* A cuboid link L x w of mass m about its centre: m (L² + w²)/12 (sheet §6-8). */
static fric_chain_link cuboid(double m, double L, double w)
{
    fric_chain_link l = { m, L, L / 2, m * (L * L + w * w) / 12 };
    return l;
}

/* Checks across parameters, naming the scenario's own parameter; 0 or 1. */
static int cross_check(const char *name, const double *p, int mus, int muk, int pid,
                       const char **why)
{
    const char *m = NULL;
    if (p[P_TFK] > p[P_TFS])
        m = fric__fail_id(FRIC_E_PARAM_RANGE, P_TFK, "chain.tau_fk_n",
                "{name}: tau_fk = {p} N·m exceeds tau_fs = {p2} N·m; the kinetic gear friction must"
                " not exceed the static one: lower tau_fk or raise tau_fs.",
                fric__values(fric__s("name", name), fric__g("p", p[P_TFK]), fric__g("p2", p[P_TFS])));
    else if (p[P_CTAU] < p[P_ETA] * (p[P_TFS] - p[P_TFK]))
        m = fric__fail_id(FRIC_E_PARAM_RANGE, P_CTAU, "chain.c_tau_n",
                "{name}: C_tau = {p} N·m·s/rad is below eta·(tau_fs - tau_fk) = {p2} N·m·s/rad: the"
                " gear friction would fall with speed and the implicit problems would lose their "
                "unique solution; raise C_tau, lower eta or bring tau_fk closer to tau_fs.",
                fric__values(fric__s("name", name), fric__g("p", p[P_CTAU]),
                             fric__g("p2", p[P_ETA] * (p[P_TFS] - p[P_TFK]))));
    else if (muk >= 0 && p[muk] > p[mus])
        m = fric__fail_id(FRIC_E_PARAM_RANGE, muk, "chain.mu_k_exceeds_2",
                "{name}: mu_k = {p} exceeds mu_s = {p2}; the kinetic contact friction must not "
                "exceed the static one: lower mu_k or raise mu_s.",
                fric__values(fric__s("name", name), fric__g("p", p[muk]), fric__g("p2", p[mus])));
    else if (pid >= 0) {
        double r = p[pid] / p[P_DT];
        if (!(fabs(r - floor(r + 0.5)) <= 1e-9 * r && floor(r + 0.5) >= 1))
            m = fric__fail_id(FRIC_E_PARAM_RANGE, pid, "chain.pid_period_s",
                    "{name}: pid_period = {p} s is not a whole multiple of dt = {p2} s ({r} steps);"
                    " choose pid_period = k·dt.",
                    fric__values(fric__s("name", name), fric__g("p", p[pid]), fric__g("p2", p[P_DT]),
                                 fric__gp("r", 6, r)));
    }
    if (!m) return 0;
    if (why) *why = m;
    return 1;
}

/* The definition c of the scenario `kind` from p (model, gains, method;
 * the driver sets the clock: clock_step "dt"); 0, or 1 with *why. */
static int configure(chain_def *c, const double *p, const char **why,
                     scn_kind kind, const char *name)
{
    double L = p[P_LENGTH], w = p[P_WIDTH], m = p[P_MASS];
    int n = 1, mus = -1, muk = -1, pid = -1;
    memset(c, 0, sizeof *c);
    c->kind = kind;
    c->name = name;
    switch (c->kind) {
    case KIND_ARM1:   /* sheet §6: one cuboid link, pivot at one end */
        n = 1;
        pid = A1_PID;
        c->links[0] = cuboid(m, L, w);
        c->has_gains = 1;
        c->gains = (fric_chain_gains){ p[A1_KP], p[A1_KI], p[A1_KD] };
        c->q_d = p[A1_QD];
        c->t_step = p[A1_TSTEP];
        c->amp = p[A1_AMP] >= 0 ? p[A1_AMP] : p[P_SIDE] == 0 ? 0.3 : 8.0;   /* sheet §6 */
        break;
    case KIND_ARM2: { /* sheet §7: link 1 carries the gear unit of joint 2 at its end */
        n = 2;
        pid = A2_PID;
        mus = A2_MUS;
        muk = A2_MUK;
        double mu = p[A2_UNIT_MASS], r = p[A2_UNIT_D] / 2;
        fric_chain_link l = cuboid(m, L, w);
        double M = m + mu, com = (m * L / 2 + mu * L) / M;   /* combined centre of mass */
        /* parallel axes: cuboid about com, cylinder m r²/2 about its axis at L */
        double I = l.inertia + m * (com - L / 2) * (com - L / 2) + mu * r * r / 2 +
                   mu * (L - com) * (L - com);
        c->links[0] = (fric_chain_link){ M, L, com, I };
        c->links[1] = l;
        c->model.m = 2;   /* the two distal corners of link 2 */
        c->model.points[0] = (fric_chain_point){ 1, L, -w / 2 };
        c->model.points[1] = (fric_chain_point){ 1, L, w / 2 };
        c->model.ground_y = -p[A2_GROUND];
        c->has_gains = 1;
        c->gains = (fric_chain_gains){ p[A2_KP], p[A2_KI], p[A2_KD] };
        c->q_d2[0] = p[A2_QD1];
        c->q_d2[1] = p[A2_QD2];
        c->t_off = p[A2_TOFF];
        break;
    }
    case KIND_CHAIN:  /* sheet §8: identical links, corners of the last one */
        n = (int)p[C_N];
        mus = C_MUS;
        muk = C_MUK;
        for (int i = 0; i < n; i++) c->links[i] = cuboid(m, L, w);
        c->model.m = 2;
        c->model.points[0] = (fric_chain_point){ n - 1, L, -w / 2 };
        c->model.points[1] = (fric_chain_point){ n - 1, L, w / 2 };
        c->model.ground_y = -p[C_DEPTH] * n * L;
        break;
    }
    if (cross_check(name, p, mus, muk, pid, why)) return 1;
    if (p[P_METHOD] == FRIC_CHAIN_COUPLED && n > FRIC_CHAIN_SIM_COUPLED_MAX_N) {
        if (why)
            *why = fric__fail_id(FRIC_E_PARAM_RANGE, P_METHOD, "chain.method_coupled_exact",
                       "{name}: method = coupled is the exact reference for n <= "
                       "{chain_sim_coupled_max_n} joints, here n = {n}; choose implicit or "
                       "semi-implicit, or lower n.",
                       fric__values(fric__s("name", name),
                                    fric__i("chain_sim_coupled_max_n", FRIC_CHAIN_SIM_COUPLED_MAX_N),
                                    fric__i("n", n)));
        return 1;
    }
    for (int i = 0; i < n; i++) motor_from(p, &c->motors[i]);
    c->model.n = n;
    c->model.gravity = p[P_GRAV];
    c->model.mu_s = mus >= 0 ? p[mus] : 0;
    c->model.mu_k = muk >= 0 ? p[muk] : 0;
    fric_chain_sim s = fric_chain_sim_default(&c->model);
    s.h = p[P_DT];
    s.method = (fric_chain_method)(int)p[P_METHOD];
    s.joint = (fric_chain_joint_step)(int)p[P_JOINT];
    s.rho = p[P_RHO];
    s.k_q = s.k_M = p[P_KQ];
    if (mus >= 0) s.k_v = p[c->kind == KIND_ARM2 ? A2_KV : C_KV];
    if (pid >= 0) s.pid_period = p[pid];
    c->sim = s;
    wire(c);
    const char *m2 = NULL;
    if (fric_chain_sim_check(&c->sim, &m2)) {
        fric__why(why, fric__reword("%s: %s", name, m2));
        return 1;
    }
    return 0;
}

/* The inputs of the step from the current time: targets, external torque,
 * controller on/off. */
static void inputs(chain_scn *c)
{
    const chain_def *d = &c->cfg;
    double t = fric_scenario_clock_t(&c->run.clk);
    fric_chain_state *x = &c->x;
    if (d->kind == KIND_ARM1) {
        x->q_d[0] = t < d->t_step ? 0 : d->q_d;
        /* Fig. 3 (sheet §6): A sin²(π(t−10)/5) on [10, 15], −A sin²(π(t−24)) on [24, 25] */
        double s = 0;
        if (t >= 10 && t <= 15) s = sin(PI_ * (t - 10) / 5), s = d->amp * s * s;
        else if (t >= 24 && t <= 25) s = sin(PI_ * (t - 24)), s = -d->amp * s * s;
        x->tau_ext[0] = s;
    } else if (d->kind == KIND_ARM2) {
        x->q_d[0] = d->q_d2[0];
        x->q_d[1] = d->q_d2[1];
        x->pid_on = t < d->t_off;
    }
}

/* Height of contact candidate k above the ground [m]. */
static double gap(const chain_scn *c, int k)
{
    double p[2];
    fric_chain_point_pos(&c->cfg.model, c->x.q, k, p);
    return p[1] - c->cfg.model.ground_y;
}

/* The part of the row known before the step from t_k: the state at t_k
 * (fric_scenario_driver.row). The energy is computed in the step's scratch
 * ws, which the caller-owned state holds: the one field written. */
static void row_state(const void *state, double *row)
{
    chain_scn *c = (chain_scn *)state;   /* not const: ws */
    const fric_chain_state *x = &c->x;
    int n = c->cfg.model.n;
    double E = fric_chain_sim_energy(&c->cfg.sim, x, &c->ws);
    row[0] = fric_scenario_clock_t(&c->run.clk);
    switch (c->cfg.kind) {
    case KIND_ARM1:
        row[K1_Q] = x->q[0];
        row[K1_DQ] = x->dq[0];
        row[K1_ENERGY] = E;
        break;
    case KIND_ARM2:
        row[K2_Q1] = x->q[0];
        row[K2_Q2] = x->q[1];
        row[K2_DQ1] = x->dq[0];
        row[K2_DQ2] = x->dq[1];
        row[K2_GAP1] = gap(c, 0);
        row[K2_GAP2] = gap(c, 1);
        row[K2_ENERGY] = E;
        break;
    case KIND_CHAIN: {
        double p[2 * (FRIC_CHAIN_MAX_N + 1)];
        fric_chain_joints(&c->cfg.model, x->q, p);
        row[KC_Q1] = x->q[0];
        row[KC_QN] = x->q[n - 1];
        row[KC_DQ1] = x->dq[0];
        row[KC_DQN] = x->dq[n - 1];
        row[KC_X] = p[2 * n];
        row[KC_Y] = p[2 * n + 1];
        row[KC_GAP1] = gap(c, 0);
        row[KC_GAP2] = gap(c, 1);
        row[KC_ENERGY] = E;
        break;
    }
    }
}

/* The rest of the row: what the step from t_k applied
 * (fric_scenario_driver.row_step). */
static void row_forces(const void *state, double *row)
{
    const chain_scn *c = state;
    const fric_chain_state *x = &c->x;
    int n = c->cfg.model.n;
    switch (c->cfg.kind) {
    case KIND_ARM1:
        row[K1_QD] = x->q_d[0];
        row[K1_E] = x->e[0];
        row[K1_TAU_F] = fric_chain_sim_tau_f(x, 0);
        row[K1_TAU_EXT] = x->tau_ext[0];
        row[K1_STICK] = fric_chain_sim_stuck(x, 0);
        break;
    case KIND_ARM2:
        row[K2_E1] = x->e[0];
        row[K2_E2] = x->e[1];
        row[K2_TAU_F1] = fric_chain_sim_tau_f(x, 0);
        row[K2_TAU_F2] = fric_chain_sim_tau_f(x, 1);
        row[K2_STICK1] = fric_chain_sim_stuck(x, 0);
        row[K2_STICK2] = fric_chain_sim_stuck(x, 1);
        row[K2_FN1] = fric_chain_sim_f_n(x, 0);
        row[K2_FN2] = fric_chain_sim_f_n(x, 1);
        row[K2_FT1] = fric_chain_sim_f_t(x, 0);
        row[K2_FT2] = fric_chain_sim_f_t(x, 1);
        break;
    case KIND_CHAIN: {
        int stuck = 0;
        for (int i = 0; i < n; i++) stuck += fric_chain_sim_stuck(x, i);
        row[KC_TAU_F1] = fric_chain_sim_tau_f(x, 0);
        row[KC_TAU_FN] = fric_chain_sim_tau_f(x, n - 1);
        row[KC_STUCK] = stuck;
        row[KC_FN1] = fric_chain_sim_f_n(x, 0);
        row[KC_FN2] = fric_chain_sim_f_n(x, 1);
        row[KC_FT1] = fric_chain_sim_f_t(x, 0);
        row[KC_FT2] = fric_chain_sim_f_t(x, 1);
        break;
    }
    }
}

/* The initial angles and velocities of p (fric_scenario_driver.start). */
static int start(void *state, const double *p, const char **why)
{
    chain_scn *c = state;
    scn_kind kind = c->cfg.kind;
    double q0[FRIC_CHAIN_MAX_N] = { 0 }, dq0[FRIC_CHAIN_MAX_N] = { 0 };
    if (kind == KIND_ARM1) {
        q0[0] = p[A1_Q0];
        dq0[0] = p[A1_DQ0];
    } else if (kind == KIND_ARM2) {
        q0[0] = p[A2_Q10];
        q0[1] = p[A2_Q20];
    } else {
        q0[0] = p[C_Q10];
    }
    const char *m = NULL;
    if (fric_chain_sim_init(&c->cfg.sim, &c->x, q0, dq0, &m)) {
        fric__why(why, fric__reword("%s: %s", c->cfg.name, m));
        return 1;
    }
    return 0;
}

/* New parameters, same motion (fric_scenario_driver.adopt): q, q̇, time,
 * controller memory, references and counters are kept
 * (fric_chain_sim_retune re-prepares the per-joint plans); a new n (chain)
 * restarts at rest from the current angles of the joints that remain, the
 * others at 0. On failure the run is unchanged. */
static int adopt(void *state, const void *cfg, const char **why)
{
    chain_scn *c = state;
    const chain_def *d = cfg;
    const char *m = NULL;
    int rc;
    if (d->model.n == c->cfg.model.n) {
        rc = fric_chain_sim_retune(&d->sim, &c->x, &m);
    } else {
        double q0[FRIC_CHAIN_MAX_N] = { 0 };
        for (int i = 0; i < d->model.n && i < c->cfg.model.n; i++) q0[i] = c->x.q[i];
        rc = fric_chain_sim_init(&d->sim, &c->spare, q0, NULL, &m);
        if (!rc) c->x = c->spare;
    }
    if (rc && why) *why = fric__reword("%s: %s", d->name, m);
    return rc != 0;
}

/* The chain's joints p_1 (the base) .. p_{n+1} (the tip) after the last
 * step, each with its stuck flag of that step (the tip: −1), for drawing
 * (fric_scenario.shape). */
static int shape_kind(const void *state, double *xyf, int max_points)
{
    const chain_scn *c = state;
    const int n = c->cfg.model.n;
    double P[2 * (FRIC_CHAIN_MAX_N + 1)];
    fric_chain_joints(&c->cfg.model, c->x.q, P);
    int k = n + 1 < max_points ? n + 1 : max_points;
    for (int i = 0; i < k; i++) {
        xyf[3 * i] = P[2 * i];
        xyf[3 * i + 1] = P[2 * i + 1];
        xyf[3 * i + 2] = i < n ? fric_chain_sim_stuck(&c->x, i) : -1;
    }
    return k;
}

/* One step h from the inputs at t_k (fric_scenario_driver.advance). */
static int advance(void *state, const char **why)
{
    chain_scn *c = state;
    const chain_def *d = &c->cfg;
    inputs(c);
    const char *m = NULL;
    if (!fric_chain_sim_step(&d->sim, &c->x, &c->ws, &m)) return 0;
    fric__why(why, fric__fail_around(FRIC_E_NONFINITE, -1, "%s (method = %s): %s", d->name, fric_chain_method_names[d->sim.method], m ? m : ""));
    return 1;
}

/* configure of each scenario (fric_scenario_driver.configure). */
static int arm1_configure(void *cfg, fric_scenario_run *run, const void *running,
                          const double *p, const char **why)
{
    (void)run;
    (void)running;
    return configure(cfg, p, why, KIND_ARM1, "arm1");
}
static int arm2_configure(void *cfg, fric_scenario_run *run, const void *running,
                          const double *p, const char **why)
{
    (void)run;
    (void)running;
    return configure(cfg, p, why, KIND_ARM2, "arm2-ground");
}
static int chain_configure(void *cfg, fric_scenario_run *run, const void *running,
                           const double *p, const char **why)
{
    (void)run;
    (void)running;
    return configure(cfg, p, why, KIND_CHAIN, "chain");
}

FRIC_SCENARIO_DRIVER_LARGE(arm1_driver, chain_scn, chain_def, arm1_configure, start, advance,
                           row_state, row_forces, adopt, wire, "dt");
FRIC_SCENARIO_DRIVER_LARGE(arm2_driver, chain_scn, chain_def, arm2_configure, start, advance,
                           row_state, row_forces, adopt, wire, "dt");
FRIC_SCENARIO_DRIVER_LARGE(chain_driver, chain_scn, chain_def, chain_configure, start, advance,
                           row_state, row_forces, adopt, wire, "dt");

const fric_scenario fric_scenario_arm1 = {
    "arm1",
    "Simulation 1 of the semi-implicit joint-friction paper (Figs. 2-4): one aluminium link on "
    "a geared DC motor with high stiction, PID to q_d = 0 then 10° at 5 s, external torque "
    "pulses on [10, 15] s and [24, 25] s (Fig. 3). The joint sticks below the breakaway torque "
    "and slips above it; compare method=implicit with semi-implicit (Fig. 4) and the joint "
    "steps paper, fixed and phi-z.",
    A1_COUNT, arm1_params, K1_COUNT, arm1_cols, sizeof(chain_scn), NULL, NULL, NULL,
    shape_kind, &arm1_driver,
    "one geared joint, torque pulses (paper sim. 1)",
    "One link on a geared DC motor with high stiction, PID to 0 then 10° at 5 s, and external "
    "torque pulses: the joint sticks below the breakaway torque and slips above it. Compare the "
    "implicit method with the proposed semi-implicit one (Fig. 4), and the joint steps paper, "
    "fixed and phi-z."
};

const fric_scenario fric_scenario_arm2_ground = {
    "arm2-ground",
    "Simulation 2 of the semi-implicit joint-friction paper (Figs. 5-11): a two-link arm with "
    "geared motors swings link 2 down into the ground (two corner contacts with Coulomb "
    "friction mu_s, mu_k); the voltage is cut at 4 s and the arm comes to rest on the ground. "
    "Joint angles (Fig. 7), normal contact forces (Figs. 8-9) and gear friction torques "
    "(Figs. 10-11) for either method.",
    A2_COUNT, arm2_params, K2_COUNT, arm2_cols, sizeof(chain_scn), NULL, NULL, NULL,
    shape_kind, &arm2_driver,
    "two-link arm hits the ground (paper sim. 2)",
    "A two-link arm with geared motors swings link 2 down into the ground (two corner contacts "
    "with Coulomb friction); the voltage is cut at 4 s and the arm comes to rest on the ground. "
    "Watch the joint angles, the normal contact forces and the gear friction torques of either "
    "method."
};

const fric_scenario fric_scenario_chain = {
    "chain",
    "Simulation 3 of the semi-implicit joint-friction paper (Figs. 12-13): n identical links "
    "(1..100) with geared motors and no voltage fall from horizontal onto the ground, the last "
    "link's two distal corners as contacts. The semi-implicit method costs O(n) per step, the "
    "implicit one O(n³) (see the chain benchmark).",
    C_COUNT, chain_params, KC_COUNT, chain_cols, sizeof(chain_scn), NULL, NULL, NULL,
    shape_kind, &chain_driver,
    "n-link chain falls onto the ground (paper sim. 3)",
    "n identical links (1 to 100) with geared motors and no voltage fall from horizontal onto "
    "the ground, the last link's two distal corners as contacts; each joint sticks or slips. The "
    "semi-implicit method costs O(n) per step, the implicit one O(n³)."
};
