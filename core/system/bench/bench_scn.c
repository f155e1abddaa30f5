/*
 * bench_scn.c: the scenario "bench", the pendulum test bench of
 * Duclusaud & Passault (Algorithm 1) with a servo (fric_bench.h), driven by
 * a built-in trajectory, through the interface of fric_scenario.h.
 *
 * Parameters named after the keys of Rhoban/bam params/<actuator>/m<k>.json
 * and of the log headers, so that a parameter file maps onto them 1:1:
 *   honoured keys: actuator, model, friction_base, friction_stribeck,
 *   load_friction_base, load_friction_stribeck, load_friction_motor,
 *   load_friction_external, load_friction_motor_stribeck,
 *   load_friction_external_stribeck, load_friction_motor_quad,
 *   load_friction_external_quad, dtheta_stribeck, alpha, friction_viscous,
 *   kt, R, armature, q_offset, error_gain_ratio, max_velocity (the STS3215
 *   of the reference's main branch), max_current (the firmware current
 *   limiter of bam/actuator.py), current_limit, max_torque; and of a log header: mass, length,
 *   arm_mass, kp, vin, dt. The actuator's name also takes the names the
 *   reference's files and logs use for it (fric_bench_actuator_resolve:
 *   "sts3250" is the sts3215).
 * Not honoured (absent from this bench model): command_delay.
 *
 * A coefficient (and kt, R, armature, kp, vin, error_gain_ratio,
 * max_velocity) left at −1 takes the value of
 * the chosen (actuator, model) preset — kt, R, armature from the actuator's
 * first model when that model has no preset — so the defaults are never NaN
 * and follow the actuator; any value >= 0 overrides it. An actuator with no
 * identified preset at all (waveshare_st3025, xl330i, feetech_hls,
 * unitree_go1) takes its default constants (bench_presets.c) and zero
 * friction.
 *
 * Row k (t_k = k·every·dt): the state (q, dq) at t_k, the goal, and the
 * torques of the step from t_k; reversals counts velocity sign changes up
 * to the end of that step.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "fric_scenario.h"
#include "scenario_internal.h"
#include "bench_internal.h"
#include "fric_bench.h"
#include "base.h"

const char *const fric__bench_actuators[FRIC__BENCH_N_ACTUATORS] = { "mx64", "mx106", "erob80_50", "erob80_100",
                                         "xl320", "xl330", "sts3215", "sts321512v",
                                         "waveshare_st3025", "xl330i", "feetech_hls",
                                         "unitree_go1" };
static const char *const models[] = { "m1", "m2", "m3", "m4", "m5", "m6" };
const char *const fric_bench_integrator_names[FRIC_BENCH_N_INTEGRATORS] = { "bam", "mujoco" };
const fric_treatment fric_bench_integrator_treatments[FRIC_BENCH_N_INTEGRATORS] = {
    FRIC_TREATMENT_CLIP, FRIC_TREATMENT_IMPLICIT
};
static const char *const integrator_help[FRIC_BENCH_N_INTEGRATORS] = {
    "q' = q + θ̇'·dt + ½·a·dt², the reference's update: what its identified files assume",
    "q' = q + θ̇'·dt, MuJoCo's semi-implicit Euler: fit with it to run the model in MuJoCo "
    "exactly as the fit saw it",
};
const fric_treatment fric_bench_treatments[FRIC_BENCH_N_TREATMENTS] = {
    FRIC_BENCH_TREATMENT_LIST(FRIC_TREATMENT_ITEM)
};
const char *const fric_bench_treatment_names[FRIC_BENCH_N_TREATMENTS] = {
    FRIC_BENCH_TREATMENT_LIST(FRIC_TREATMENT_NAME_ITEM)
};

enum {
    P_ACTUATOR, P_MODEL, P_FRICTION, P_TRAJECTORY, P_MASS, P_LENGTH, P_ARM_MASS,
    P_KP, P_VIN, P_DT, P_DURATION, P_EVERY, P_EPS, P_GOAL, P_Q0, P_DQ0,
    /* coefficients, in the order of FRIC_SERVO_COEFS (P_K_C .. P_K_V) */
#define P_COEF_ITEM(field, NAME) P_##NAME,
    FRIC_SERVO_COEFS(P_COEF_ITEM)
#undef P_COEF_ITEM
    P_KT, P_R, P_ARMATURE, P_Q_OFFSET, P_ERROR_GAIN_RATIO, P_MAX_VELOCITY,
    P_MAX_CURRENT, P_CURRENT_LIMIT, P_MAX_TORQUE, P_INTEGRATOR,
    N_PARAMS
};
/* The parameter of coefficient i of FRIC_SERVO_COEFS counted from 1 (0 is
 * the model, fric_servo_to_array). */
#define P_COEF(i) (P_K_C + (i) - 1)
_Static_assert(P_COEF(FRIC_SERVO_N_COEFS - 1) == P_K_V, "P_K_C .. P_K_V follow FRIC_SERVO_COEFS");

#define CH(a) a, (int)(sizeof a / sizeof a[0])
#define PRESET "; unset (-1): the preset's value"
/* A parameter that is unset (-1) by default and then takes the value of the
 * (actuator, model) preset (configure, coef): key, maximum, unit, help,
 * label, slider lo .. hi, log slider (0 or 1). */
#define PRESET_PARAM(key, max, unit, help, label_, lo_, hi_, log_)                            \
    { key, -1, -1, max, unit, help, NULL, 0, 0, .label = label_, .lo = lo_, .hi = hi_,         \
      .log = log_, .preset = 1 }
#define PI_ 3.141592653589793

const char *const fric__bench_actuator_help[FRIC__BENCH_N_ACTUATORS] = {
    "Dynamixel MX-64 (voltage-controlled servo, 15 V, kp 32)",
    "Dynamixel MX-106 (voltage-controlled servo, 15 V, kp 32)",
    "eRob80:50 (current-controlled actuator, reduction 50, 48 V)",
    "eRob80:100 (current-controlled actuator, reduction 100, 48 V)",
    "Dynamixel XL-320 (voltage-controlled servo, 7.5 V, kp 32)",
    "Dynamixel XL330 (voltage-controlled servo, 7.4 V, kp 400)",
    "Feetech STS3215 (voltage-controlled servo, 7.4 V, kp 32, firmware target smoothing; "
    "identified for M1 and M6)",
    "Feetech STS3215 on a 12 V supply (the reference's pull request 5: the same law, "
    "identified for M1 with its error_gain_ratio and max_velocity)",
    "Waveshare ST3025 (voltage-controlled servo, 12 V, kp 32, the STS3215's law without "
    "target smoothing; default motor constants, zero friction: not identified here)",
    "Dynamixel XL330 in current mode (PROVISIONAL: the reference marks it untested; current "
    "P loop, 7.5 V, kp 400, current_limit 1.5 A; the reference's bus-current regulation is "
    "not modelled; the XL330's M1 motor constants, zero friction: not identified here)",
    "Feetech HLS in constant-current mode (the host's PD loop on the current, kp 3, d 0.08, "
    "±0.36 A; default motor constants, zero friction: not identified here)",
    "Unitree Go1 (PD torque loop, d 0.3 N·m·s/rad, ±max_torque 23.7 N·m; default armature, "
    "zero friction: not identified here)",
};
static const char *const model_help[] = {
    "Coulomb K_c and viscous K_v friction (Duclusaud & Passault eq. 3)",
    "M1 plus a Stribeck excess K_c^s at rest (eq. 5)",
    "M1 plus friction growing with the load, K_l·|τm − τe| (eq. 6)",
    "M3 with a Stribeck load term K_l^s (eq. 7)",
    "Load friction |K_m·τm − K_e·τe| from motor and external sides, with Stribeck (eq. 8)",
    "M5 plus quadratic load terms K_m^q, K_e^q (eq. 9)",
};
static const char *const treatment_help[] = {
    FRIC_TREATMENT_HELP(IMPLICIT) "; here the budget at the end-of-step velocity (Kikuuwe "
    "element A)",
    FRIC_TREATMENT_HELP(CLIP) "; here the reference step, the bound the budget",
    FRIC_TREATMENT_HELP(EXPLICIT) "; here the full budget",
    FRIC_TREATMENT_HELP(KARNOPP) "; here eps is karnopp_eps, the level the budget",
};
_Static_assert(sizeof treatment_help / sizeof treatment_help[0] == FRIC_BENCH_N_TREATMENTS,
               "one help line per treatment of FRIC_BENCH_TREATMENT_LIST");
const char *const fric__bench_trajectory_help[FRIC_BENCH_N_TRAJ] = {
    "θ^d = sin(t)·π/2 + 0.5·sin(5t)·sin(2t), slow oscillations with smaller ones "
    "(the reference's trajectories, Duclusaud & Passault)",
    "θ^d = sin(t²), accelerating oscillations (the reference's trajectories)",
    "Lifts the arm to −π/2 in 2 s, then torque off: the arm falls and swings "
    "(the reference's trajectories)",
    "Raises to π/2 in 3 s, lowers to 0.8·π/2 at 6 s (the reference's trajectories)",
    "Holds the goal θ^d constant",
    "Motor off from the start; the arm moves under gravity and friction only",
};

/* No clock_step: configure sets the clock (the run ends round(duration/dt)
 * steps after step 0, also after a retune). */
#define CLOCK_STEP NULL

static const fric_param_info params[N_PARAMS] = {
    [P_ACTUATOR] = { "actuator", 5, 0, 11, "choice",
        "servo of the identified presets (Duclusaud & Passault, Rhoban/bam): Dynamixel MX-64, "
        "MX-106, eRob80:50, eRob80:100, XL-320, XL330, Feetech STS3215 (7.4 V, 12 V); and, with "
        "default constants and zero friction (not identified here), the reference's Waveshare "
        "ST3025, XL330 in current mode (provisional), Feetech HLS and Unitree Go1; the "
        "reference's other names are accepted (sts3250 = sts3215)", CH(fric__bench_actuators), 0,
        .label = "actuator", .choice_help = fric__bench_actuator_help,
        .alias = fric_bench_actuator_resolve, .alias_at = fric_bench_actuator_alias },
    [P_MODEL] = { "model", 5, 0, 5, "choice",
        "friction budget M1..M6 (Duclusaud & Passault eqs. 3, 5-9)", CH(models), 0,
        .label = "friction model", .choice_help = model_help },
    [P_FRICTION] = { "friction", 0, 0, 3, "choice",
        "treatment: implicit (budget at the end-of-step velocity, Kikuuwe element A), clip "
        "(the reference, Algorithm 1), explicit (sign of the previous velocity), karnopp "
        "(velocity band karnopp_eps)", fric_bench_treatment_names, FRIC_BENCH_N_TREATMENTS, 0,
        .label = "friction treatment", .choice_help = treatment_help },
    [P_TRAJECTORY] = FRIC__BENCH_TRAJECTORY_PARAM,
    [P_MASS] = FRIC__BENCH_MASS_PARAM,
    [P_LENGTH] = FRIC__BENCH_LENGTH_PARAM,
    [P_ARM_MASS] = FRIC__BENCH_ARM_MASS_PARAM,
    [P_KP] = PRESET_PARAM("kp", FRIC_BENCH_KP_MAX, "",
        "firmware proportional gain (the Dynamixel register holds at most 16383)" PRESET
        " (MX 32, XL330 400, eRob 50)",
        "gain kp", 1, 2000, 1),
    [P_VIN] = PRESET_PARAM("vin", 60, "V",
        "supply voltage (voltage-controlled servos)" PRESET,
        "supply voltage V_in", 3, 30, 0),
    [P_DT] = { "dt", 1e-3, 1e-6, 0.01, "s", "time step (the reference identifies at 0.005 s)",
        NULL, 0, 0, .label = "time step dt", .lo = 1e-4, .hi = 1e-2, .log = 1 },
    [P_DURATION] = FRIC__BENCH_DURATION_PARAM,
    [P_EVERY] = FRIC__EVERY_PARAM(1),
    [P_EPS] = { "karnopp_eps", 1e-3, 1e-9, 1, "rad/s", "Karnopp velocity band (friction=karnopp)",
        NULL, 0, 0, .label = "Karnopp band ε", .lo = 1e-5, .hi = 1e-1, .log = 1 },
    [P_GOAL] = FRIC__BENCH_GOAL_PARAM,
    [P_Q0] = FRIC__BENCH_Q0_PARAM,
    [P_DQ0] = FRIC__BENCH_DQ0_PARAM,
    [P_K_C] = PRESET_PARAM(FRIC_SERVO_KEY_K_C, 100, "N·m",
        "K_c, Coulomb level" PRESET,
        "Coulomb K_c", 0, 1, 0),
    [P_K_CS] = PRESET_PARAM(FRIC_SERVO_KEY_K_CS, 100, "N·m",
        "K_c^s, Stribeck excess at rest (M2, M4-M6)" PRESET,
        "Stribeck excess K_c^s", 0, 1, 0),
    [P_K_L] = PRESET_PARAM(FRIC_SERVO_KEY_K_L, 10, "",
        "K_l, load-dependent friction (M3, M4)" PRESET,
        "load friction K_l", 0, 0.5, 0),
    [P_K_LS] = PRESET_PARAM(FRIC_SERVO_KEY_K_LS, 10, "",
        "K_l^s, Stribeck load friction (M4)" PRESET,
        "Stribeck load K_l^s", 0, 0.5, 0),
    [P_K_M] = PRESET_PARAM(FRIC_SERVO_KEY_K_M, 10, "",
        "K_m, motor-side load friction (M5, M6)" PRESET,
        "motor-side load K_m", 0, 0.5, 0),
    [P_K_E] = PRESET_PARAM(FRIC_SERVO_KEY_K_E, 10, "",
        "K_e, external-side load friction (M5, M6)" PRESET,
        "external-side load K_e", 0, 0.5, 0),
    [P_K_MS] = PRESET_PARAM(FRIC_SERVO_KEY_K_MS, 10, "",
        "K_m^s, Stribeck motor-side load friction (M5, M6)" PRESET,
        "Stribeck motor-side K_m^s", 0, 0.5, 0),
    [P_K_ES] = PRESET_PARAM(FRIC_SERVO_KEY_K_ES, 10, "",
        "K_e^s, Stribeck external-side load friction (M5, M6)" PRESET,
        "Stribeck external-side K_e^s", 0, 0.5, 0),
    [P_K_MQ] = PRESET_PARAM(FRIC_SERVO_KEY_K_MQ, 1, "1/(N·m)",
        "K_m^q, quadratic motor-side load friction (M6)" PRESET,
        "quadratic motor-side K_m^q", 0, 0.02, 0),
    [P_K_EQ] = PRESET_PARAM(FRIC_SERVO_KEY_K_EQ, 1, "1/(N·m)",
        "K_e^q, quadratic external-side load friction (M6)" PRESET,
        "quadratic external-side K_e^q", 0, 0.02, 0),
    [P_DTHETA_S] = PRESET_PARAM(FRIC_SERVO_KEY_DTHETA_S, 100, "rad/s",
        "θ̇_s, Stribeck velocity (> 0)" PRESET,
        "Stribeck velocity θ̇_s", 0.05, 10, 1),
    [P_ALPHA] = PRESET_PARAM(FRIC_SERVO_KEY_ALPHA, 20, "",
        "α, Stribeck exponent (> 0; identified values range from 0.76 to 8.7)" PRESET,
        "Stribeck exponent α", 0.5, 10, 0),
    [P_K_V] = PRESET_PARAM(FRIC_SERVO_KEY_K_V, 100, "N·m·s/rad",
        "K_v, viscous friction" PRESET,
        "viscous K_v", 0, 0.2, 0),
    [P_KT] = PRESET_PARAM("kt", FRIC_BENCH_KT_MAX, "N·m/A",
        "torque constant (motor × reduction) (> 0)" PRESET,
        "torque constant k_t", 0.1, 10, 1),
    [P_R] = PRESET_PARAM("R", 1000, "Ω",
        "winding resistance (> 0)" PRESET,
        "resistance R", 0.5, 50, 1),
    [P_ARMATURE] = PRESET_PARAM("armature", 10, "kg·m²",
        "apparent inertia J_m of the rotor through the gearbox" PRESET,
        "armature J_m", 1e-3, 2, 1),
    [P_Q_OFFSET] = { "q_offset", 0, -PI_, PI_, "rad",
        "bench calibration offset added to q in the gravity torque (a params file sets it; "
        "0 for an ideal bench)", NULL, 0, 0,
        .label = "angle offset q_offset", .lo = -0.5, .hi = 0.5 },
    [P_ERROR_GAIN_RATIO] = PRESET_PARAM("error_gain_ratio", 10, "",
        "identified factor on the firmware's duty gain (the STS3215 of the reference's main "
        "branch; 1: none; voltage-controlled servos)" PRESET,
        "error gain ratio", 0.1, 10, 1),
    [P_MAX_VELOCITY] = PRESET_PARAM("max_velocity", 1000, "rad/s",
        "firmware target smoothing: the loop's target moves toward the goal by at most "
        "max_velocity·dt a step (STS3215 default 3400·2π/4096; 0: none)" PRESET,
        "target smoothing rate", 0.5, 60, 1),
    [P_MAX_CURRENT] = { "max_current", 0, 0, 100, "A",
        "firmware current limit I_max of voltage-controlled servos (the reference's): the duty "
        "is first clipped to [(kt·θ̇ − R·I_max)/vin, (kt·θ̇ + R·I_max)/vin], then to ±max_pwm; "
        "0: off", NULL, 0, 0, .label = "current limit I_max", .lo = 0, .hi = 5 },
    [P_CURRENT_LIMIT] = PRESET_PARAM("current_limit", 100, "A",
        "current clip of current-controlled servos (xl330i: default 1.5, the reference fits "
        "it in [0, 3]; feetech_hls holds 1.37, which its law does not read)" PRESET,
        "current limit", 0, 5, 0),
    [P_MAX_TORQUE] = PRESET_PARAM("max_torque", 1000, "N·m",
        "torque clip of torque-controlled actuators (unitree_go1: default 23.7, the reference "
        "fits it in [20, 30])" PRESET,
        "torque limit", 1, 50, 0),
    [P_INTEGRATOR] = { "integrator", 0, 0, 1, "choice",
        "position update: bam (q + θ̇'·dt + ½·a·dt², the reference's) or mujoco (q + θ̇'·dt, "
        "MuJoCo's Euler)", CH(fric_bench_integrator_names), 0,
        .label = "integrator", .choice_help = integrator_help },
};

static const fric_col_info cols[] = {
    { "t", "s", "time t_k of the row" },
    { "q", "rad", "joint angle θ at t_k (0 = hanging down)" },
    { "dq", "rad/s", "joint velocity θ̇ at t_k" },
    { "goal", "rad", "goal angle θ^d of the step from t_k" },
    { "tau_m", "N·m", "motor torque τm of the step (0 with torque off)" },
    { "tau_e", "N·m", "external (gravity) torque τe of the step" },
    { "tau_f", "N·m", "friction torque τf applied over the step" },
    { "budget", "N·m", "friction budget τ_f^m the treatment used (M1..M6)" },
    { "stuck", "", "1 when friction held the joint (not saturated) over the step" },
    { "reversals", "", "cumulative count of velocity sign reversals (chattering)" },
};
#define N_COLS ((int)(sizeof cols / sizeof cols[0]))

/* The configuration of a run (what configure sets from the parameters). */
typedef struct {
    fric_bench_def def;
    fric_bench_traj traj;
    double goal_angle;       /* [rad] (trajectory = goal)        */
    double q0, dq0;          /* initial state [rad], [rad/s]      */
} bench_cfg;

typedef struct {
    fric_scenario_run run;   /* the driver's: step k = st.steps   */
    bench_cfg cfg;
    fric_bench_state st;
} bench_scn;

/* Resolves value v of coefficient `name`: −1 → preset value. */
static int coef(const double *p, int i, double preset, int have_preset, int used,
                const char *act, int model, double *out, const char **m)
{
    double v = p[i];
    if (v == -1) {
        if (used && !have_preset) {
            char list[32] = "";   /* the models with a preset: "m1, m6" */
            for (int k = 1; k <= 6; k++)
                if (fric_bench_preset_find(act, k))
                    snprintf(list + strlen(list), sizeof list - strlen(list), "%sm%d",
                             list[0] ? ", " : "", k);
            *m = fric__fail_id(FRIC_E_NO_PRESET, i, "bench.no_identified_preset",
                     "bench: {act} has no identified preset for m{model}, so {name} has no default;"
                     " give {name} explicitly or choose a model with a preset ({act}: {list}).",
                     fric__values(fric__s("act", act), fric__i("model", model),
                                  fric__s("name", params[i].name), fric__s("list", list)));
            return 1;
        }
        *out = have_preset ? preset : 0;
        return 0;
    }
    if (v < 0) {
        *m = fric__fail_id(FRIC_E_PARAM_RANGE, i, "bench.negative_give_value",
                 "bench: {name} = {v} is negative; give a value >= 0 {unit}, or -1 for the preset's"
                 " value.",
                 fric__values(fric__s("name", params[i].name), fric__g("v", v),
                              fric__s("unit", params[i].unit)));
        return fric__rc();
    }
    *out = v;
    return 0;
}

/* The configuration from p (presets resolved, the bench checked by
 * fric_bench_init on a scratch state); the run ends round(duration/dt)
 * steps after step 0, also after a retune. 0, or nonzero with *why. */
static int configure(void *cfg, fric_scenario_run *run, const void *running, const double *p,
                     const char **why)
{
    (void)running;
    bench_cfg *b = cfg;
    const char *m = NULL;
    memset(b, 0, sizeof *b);
    const char *act = fric__bench_actuators[(int)p[P_ACTUATOR]];
    int model = (int)p[P_MODEL] + 1;
    const fric_bench_preset *pre = fric_bench_preset_find(act, model);
    const fric_bench_preset *first = pre;
    for (int k = 1; !first && k <= 6; k++) first = fric_bench_preset_find(act, k);
    /* an actuator without any identified preset: its default constants
     * (bench_presets.c) and zero friction, θ̇_s = α = 1 (inert while the
     * Stribeck levels are 0) */
    const fric_servo_actuator *dflt = first ? NULL : fric_bench_actuator_find(act);
    if (!first && !dflt) {
        fric__why(why, fric__fail_id(FRIC_E_NO_PRESET, P_ACTUATOR, "bench.no_preset_actuator",
                           "bench: no preset for actuator {act}.",
                           fric__values(fric__s("act", act))));
        return fric__rc();
    }
    fric_bench_def *d = &b->def;
    fric_bench_def_from_preset(first, d);
    if (dflt) d->servo = *dflt;
    /* the coefficients in FRIC_SERVO_COEFS order (c[0] the model), each -1
     * resolved to the preset's where the model uses it */
    double pc[FRIC_SERVO_N_COEFS] = { 0 }, fc[FRIC_SERVO_N_COEFS] = { 0 };
    if (pre) fric_servo_to_array(&pre->friction, pc);
    if (dflt) {
        fric_servo_friction z = { .model = model, .dtheta_s = 1.0, .alpha = 1.0 };
        fric_servo_to_array(&z, pc);
    }
    fc[0] = model;
    for (int i = 1; !m && i < FRIC_SERVO_N_COEFS; i++)
        coef(p, P_COEF(i), pc[i], pre != NULL || dflt != NULL, fric_servo_coef_used(model, i),
             act, model, &fc[i], &m);
    fric_servo_friction f = { 0 };
    fric_servo_from_array(fc, &f);
    const fric_servo_actuator *ps = pre ? &pre->servo : dflt ? dflt : &first->servo;
    if (!m) coef(p, P_KT, ps->kt, 1, 1, act, model, &d->servo.kt, &m);
    if (!m) coef(p, P_R, ps->R, 1, 1, act, model, &d->servo.R, &m);
    if (!m) coef(p, P_ARMATURE, ps->armature, 1, 1, act, model, &d->servo.armature, &m);
    if (!m) coef(p, P_KP, ps->kp_default, 1, 1, act, model, &d->kp, &m);
    if (!m) coef(p, P_VIN, ps->vin_default, 1, 1, act, model, &d->vin, &m);
    if (!m) coef(p, P_ERROR_GAIN_RATIO, ps->error_gain_ratio, 1, 1, act, model,
                 &d->servo.error_gain_ratio, &m);
    if (!m) coef(p, P_MAX_VELOCITY, ps->max_velocity, 1, 1, act, model, &d->servo.max_velocity,
                 &m);
    if (!m) coef(p, P_CURRENT_LIMIT, ps->current_limit, 1, 1, act, model,
                 &d->servo.current_limit, &m);
    if (!m) coef(p, P_MAX_TORQUE, ps->max_torque, 1, 1, act, model, &d->servo.max_torque, &m);
    if (m) {
        if (why) *why = m;
        return fric__rc();
    }
    d->friction = f;
    d->servo.q_offset = p[P_Q_OFFSET];
    d->servo.max_current = p[P_MAX_CURRENT];
    d->mass = p[P_MASS];
    d->length = p[P_LENGTH];
    d->arm_mass = p[P_ARM_MASS];
    d->dt = p[P_DT];
    d->treatment = fric_bench_treatments[(int)p[P_FRICTION]];
    d->karnopp_eps = p[P_EPS];
    d->integrator = (fric_bench_integrator)(int)p[P_INTEGRATOR];
    b->traj = (fric_bench_traj)(int)p[P_TRAJECTORY];
    b->goal_angle = p[P_GOAL];
    b->q0 = p[P_Q0];
    b->dq0 = p[P_DQ0];
    if (fric__bench_clock(p[P_DURATION], p[P_DT], p[P_EVERY], P_DURATION, run, why)) return fric__rc();
    fric_bench_state scratch;
    if (fric_bench_init(d, &scratch, b->q0, b->dq0, &m)) {
        fric__why(why, fric__bench_prefix("bench: ", m));
        return fric__rc();
    }
    if (why) *why = "";
    return 0;
}

int fric__bench_clock(double duration, double dt, double every, int duration_param,
                      fric_scenario_run *run, const char **why)
{
    double n = floor(duration / dt + 0.5);
    if (n > 1e10) {
        fric__why(why, fric__fail_id(FRIC_E_WORK_LIMIT, duration_param, "bench.duration_dt_steps",
                           "bench: duration/dt = {n} steps is more than 1e10; raise dt or shorten "
                           "duration.",
                           fric__values(fric__g("n", n))));
        return 1;
    }
    run->every = (long long)every;
    run->clk.T = dt;
    run->clk.end = (long long)n;
    return 0;
}

/* The initial state (q0, dq0), prepared from the configuration. */
static int start(void *state, const double *p, const char **why)
{
    (void)p;
    bench_scn *b = state;
    const char *m = NULL;
    if (fric_bench_init(&b->cfg.def, &b->st, b->cfg.q0, b->cfg.dq0, &m)) {
        fric__why(why, fric__bench_prefix("bench: ", m));
        return fric__rc();
    }
    return 0;
}

/* One step of dt toward the trajectory's goal at the current time. */
static int advance(void *state, const char **why)
{
    bench_scn *b = state;
    fric_bench_state *s = &b->st;
    double tk = s->t;
    int te;
    double goal = fric_bench_traj_goal(b->cfg.traj, tk, b->cfg.goal_angle, &te);
    if (fric_bench_step(&b->cfg.def, s, goal, te)) {
        fric__why(why, fric__fail_id(FRIC_E_NONFINITE, -1, "bench.step_t_s",
                           "bench: step {steps} (t = {tk} s): the state stopped being finite from q"
                           " = {q} rad, dq = {dq} rad/s; reduce dt or check kt, R, armature and the"
                           " friction coefficients.",
                           fric__values(fric__u("steps", (unsigned long long)s->steps),
                                        fric__gp("tk", 9, tk), fric__gp("q", 17, s->q),
                                        fric__gp("dq", 17, s->dq))));
        return 1;
    }
    return 0;
}

/* The row's state at t_k and the goal of the step from t_k. */
static void row_state(const void *state, double *row)
{
    const bench_scn *b = state;
    const fric_bench_state *s = &b->st;
    int te;
    row[0] = s->t;
    row[1] = s->q;
    row[2] = s->dq;
    row[3] = fric_bench_traj_goal(b->cfg.traj, s->t, b->cfg.goal_angle, &te);
}

/* The rest of the row: the torques of the step from t_k, the reversals up
 * to its end. */
static void row_forces(const void *state, double *row)
{
    const fric_bench_state *s = &((const bench_scn *)state)->st;
    row[4] = s->tau_m;
    row[5] = s->tau_e;
    row[6] = s->tau_f;
    row[7] = s->budget;
    row[8] = s->stuck;
    row[9] = (double)s->reversals;
}

/* New parameters, same dynamic state (q, dq, t, counters): the step's
 * precomputed constants from the new def; q0 and dq0 are ignored, a
 * shorter duration ends the run at the next row. */
static int adopt(void *state, const void *cfg, const char **why)
{
    (void)why;
    fric_bench_retune(&((const bench_cfg *)cfg)->def, &((bench_scn *)state)->st);
    return 0;
}

const fric_scenario fric_scenario_bench = {
    FRIC__DRIVEN(bench_scn, bench_cfg, configure, start, advance, row_state, row_forces, adopt),
    .name = "bench",
    .summary = "Pendulum test bench of Duclusaud & Passault (Algorithm 1): a servo (MX-64, MX-106, "
    "eRob80, XL-320, XL330, STS3215 presets identified by Rhoban/bam) with load-dependent "
    "friction M1..M6 follows a built-in trajectory. friction=clip is the reference step, "
    "implicit solves the budget's velocity dependence at the end of the step (no chattering, "
    "zero drift in stiction), explicit/karnopp are the naive baselines; `reversals` counts "
    "the chattering.",
    .title = "Pendulum bench: servo friction M1–M6 (Duclusaud & Passault, Algorithm 1)",
    .blurb = "A servo with load-dependent friction (models M1 to M6, presets identified by Rhoban/bam) "
    "swings a pendulum along a built-in trajectory. clip is the reference step; implicit solves "
    "the budget's velocity dependence at the end of the step: no chattering, zero drift in "
    "stiction. explicit and karnopp are the naive baselines; reversals counts the chattering."
};

fric_status fric_bench_def_from_params(const double *p, double *resolved, fric_bench_def *d,
                                       const char **why)
{
    bench_cfg b;
    fric_scenario_run run = { 0 };
    /* a public entry point: the ranges first (configure indexes the choice
     * tables with p), as the scenario driver does before init */
    if (fric_scenario_check(&fric_scenario_bench, p, why)) return fric__rc();
    if (configure(&b, &run, NULL, p, why)) return fric__rc();
    if (d) *d = b.def;
    if (resolved) {
        const fric_bench_def *r = &b.def;
        double c[FRIC_SERVO_N_COEFS];
        fric_servo_to_array(&r->friction, c);
        for (int i = 0; i < N_PARAMS; i++) resolved[i] = p[i];
        for (int i = 1; i < FRIC_SERVO_N_COEFS; i++) resolved[P_COEF(i)] = c[i];
        resolved[P_KT] = r->servo.kt;
        resolved[P_R] = r->servo.R;
        resolved[P_ARMATURE] = r->servo.armature;
        resolved[P_KP] = r->kp;
        resolved[P_VIN] = r->vin;
        resolved[P_ERROR_GAIN_RATIO] = r->servo.error_gain_ratio;
        resolved[P_MAX_VELOCITY] = r->servo.max_velocity;
        resolved[P_CURRENT_LIMIT] = r->servo.current_limit;
        resolved[P_MAX_TORQUE] = r->servo.max_torque;
    }
    return 0;
}
