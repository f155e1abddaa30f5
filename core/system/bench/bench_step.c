/*
 * bench_step.c: one step of the pendulum bench, Algorithm 1 of Duclusaud &
 * Passault with the reference code's integrator (Rhoban/bam bam/simulate.py
 * Simulator.step, Apache-2.0, Copyright 2025 Marc Duclusaud & Grégoire
 * Passault), and the four friction treatments of fric_bench.h.
 *
 *   τm = servo(q, θ̇, goal), τe = gravity(q)       Alg. 1 lines 2-3
 *   J  = m·l² + m_arm·l²/3 + J_m                      line 4
 *   τ_f^m = budget (M1-M6)                            line 5
 *   τ_stop = (J/dt)·θ̇ + τm + τe                       line 6 (eq. 4, sign flipped)
 *   τf  by the treatment                              line 7
 *   a = (τm + τe + τf)/J                              line 8
 *   θ̇' = clip(θ̇ + a·dt, ±100)                         line 9 (+ the code's clip)
 *   q' = q + θ̇'·dt + ½·a·dt²                          line 10 as the code has it
 * (Algorithm 1 prints θ̇_k in line 10; the reference code uses θ̇_{k+1}, which
 * we follow so that CLIP is the reference bit for bit.)
 *
 * IMPLICIT is Kikuuwe's element A (eq. 26) applied to Algorithm 1: with
 * Z = dt/J and the friction-free velocity v* = θ̇ + Z·(τm + τe) = Z·τ_stop,
 * the end velocity v = θ̇' and the friction τf satisfy
 *   v = v* + Z·τf,   τf ∈ −B(|v|)·Sgn(v)                                 (1)
 * with the budget split by its velocity dependence, τm and τe (hence the load
 * terms) held at their start-of-step values:
 *   B(w) = C + A·e^(−(w/θ̇_s)^α) + K_v·w,   w = |v|                        (2)
 * (fric_servo_split). (2) is the Stribeck law Φ of friction.h with
 * Fc = C, Fs = C + A, vs = θ̇_s, D = K_v, α; (1) is y = Φ(v* − Z·y) for
 * y = −τf, so τf = −Φ_Z(v*): the same prepared transform as everything else
 * (fric_elem_a_var, element A with levels set per step: prepared at init
 * with vs, D, α and Z, and each step only sets the levels C, C + A).
 * Stuck iff |v*| ≤ Z·(C + A); otherwise
 * θ̇' = σ·w with the slip w the transform solves (for α ≠ 1 warm-started from
 * the previous moving step; where the budget breaks Kikuuwe's eq. 15, or
 * α < 1, the transform takes the smallest slip, continuous with sticking).
 * The position update keeps a = (τm + τe + τf)/J; when the joint is at rest
 * and stays stuck, τf = −(τm + τe) and a = 0 exactly, so q does not move at
 * all: zero drift.
 *
 * Everything that depends on the def alone (J, J/dt, Z = dt/J, the gravity
 * gain, the plan) is prepared by fric_bench_init / fric_bench_retune.
 */
#include <math.h>
#include <stdio.h>

#include "bench_internal.h"
#include "base.h"
#include "treatment_step.h"
/* gravity, the budget, CLIP and the integrator, written once for one bench
 * and the lane kernel (bench_lanes.c) */
#include "servo_formulas.h"

const char *fric__bench_prefix(const char *prefix, const char *m)
{
    char copy[512];
    snprintf(copy, sizeof copy, "%s", m ? m : "");
    return fric__reword("%s%s", prefix, copy); /* keeps the code */
}

void fric_bench_def_from_preset(const fric_bench_preset *p, fric_bench_def *d)
{
    fric_bench_def z = { 0 };
    *d = z;
    if (!p) return;
    d->friction = p->friction;
    d->servo = p->servo;
    d->mass = 0.5;
    d->arm_mass = 0;
    d->length = 0.1;
    d->kp = p->servo.kp_default;
    d->vin = p->servo.vin_default;
    d->dt = 1e-3;
    d->treatment = FRIC_TREATMENT_IMPLICIT;
    d->karnopp_eps = 1e-3;
}

static int bad(double v) { return !isfinite(v); }

fric_status fric_bench_check(const fric_bench_def *d, const char **why)
{
    const char *m = NULL, *fm = NULL;
    const fric_servo_actuator *a = d ? &d->servo : NULL;
    if (!d) m = fric__say_id("bench.bench_definition_null_2",
                    "bench definition is NULL.",
                    fric__no_values);
    else if (fric_servo_check(&d->friction, &fm)) m = fm;   /* names the coefficient */
    else if (bad(d->mass) || d->mass <= 0)
        m = fric__fail_id(FRIC_E_PARAM_RANGE, -1, "bench.mass", "mass = {mass} kg must be a finite load > 0.",
                          fric__values(fric__g("mass", d->mass)));
    else if (bad(d->arm_mass) || d->arm_mass < 0)
        m = fric__fail_id(FRIC_E_PARAM_RANGE, -1, "bench.arm_mass", "arm_mass = {arm_mass} kg must be finite and >= 0 (0: no arm).",
                          fric__values(fric__g("arm_mass", d->arm_mass)));
    else if (bad(d->length) || d->length <= 0)
        m = fric__fail_id(FRIC_E_PARAM_RANGE, -1, "bench.length", "length = {length} m must be a finite arm length > 0.",
                          fric__values(fric__g("length", d->length)));
    else if (bad(d->kp) || d->kp < 0 || d->kp > FRIC_BENCH_KP_MAX)
        m = fric__fail_id(FRIC_E_PARAM_RANGE, -1, "bench.kp",
                          "kp = {kp} must be a gain in [0, {max}] (the firmware register's range).",
                          fric__values(fric__g("kp", d->kp), fric__g("max", FRIC_BENCH_KP_MAX)));
    else if (bad(d->dt) || d->dt <= 0 || d->dt > 1)
        m = fric__fail_id(FRIC_E_PARAM_RANGE, -1, "bench.dt",
                          "dt = {dt} s must be a finite step in (0, 1] s (the reference uses 0.005 s).",
                          fric__values(fric__g("dt", d->dt)));
    else if ((int)a->control < 0 || (int)a->control >= FRIC_SERVO_N_CONTROLS)
        m = fric__say_id("bench.servo_control_not",
                "servo control = {control} is not voltage (0), current (1), host current (2), "
                "current P (3) or torque (4).",
                fric__values(fric__i("control", (int)a->control)));
    else if (bad(a->kt) || a->kt <= 0 || a->kt > FRIC_BENCH_KT_MAX)
        m = fric__fail_id(FRIC_E_PARAM_RANGE, -1, "bench.kt",
                          "kt = {kt} N·m/A must be a torque constant in (0, {max}] N·m/A (the "
                          "presets lie in 0.39 .. 9.8).",
                          fric__values(fric__g("kt", a->kt), fric__g("max", FRIC_BENCH_KT_MAX)));
    else if (bad(a->R) || a->R < FRIC_BENCH_R_MIN)
        m = fric__fail_id(FRIC_E_PARAM_RANGE, -1, "bench.R",
                          "R = {R} Ω must be a finite resistance >= {min} Ω (a winding, not a "
                          "short circuit).",
                          fric__values(fric__g("R", a->R), fric__g("min", FRIC_BENCH_R_MIN)));
    else if (bad(a->armature) || a->armature < 0)
        m = fric__fail_id(FRIC_E_PARAM_RANGE, -1, "bench.nonnegative", "{name} = {value}{unit} must be finite and >= 0.",
                          fric__values(fric__s("name", "armature"), fric__g("value", a->armature),
                                       fric__s("unit", " kg·m²")));
    else if (bad(a->q_offset))
        m = fric__fail_id(FRIC_E_PARAM_RANGE, -1, "bench.q_offset", "q_offset = {q_offset} rad must be finite.",
                          fric__values(fric__g("q_offset", a->q_offset)));
    else if ((a->control == FRIC_SERVO_VOLTAGE || a->control == FRIC_SERVO_CURRENT_P)
             && (bad(d->vin) || d->vin <= 0))
        m = fric__fail_id(FRIC_E_PARAM_RANGE, -1, "bench.vin", "vin = {vin} V must be a finite supply > 0.",
                          fric__values(fric__g("vin", d->vin)));
    else if ((a->control == FRIC_SERVO_VOLTAGE || a->control == FRIC_SERVO_CURRENT_P)
             && (bad(a->error_gain) || a->error_gain < 0))
        m = fric__fail_id(FRIC_E_PARAM_RANGE, -1, "bench.nonnegative", "{name} = {value}{unit} must be finite and >= 0.",
                          fric__values(fric__s("name", "error_gain"), fric__g("value", a->error_gain),
                                       fric__s("unit", "")));
    else if (a->control == FRIC_SERVO_VOLTAGE && (bad(a->max_pwm) || a->max_pwm < 0 || a->max_pwm > 1))
        m = fric__fail_id(FRIC_E_PARAM_RANGE, -1, "bench.max_pwm", "max_pwm = {max_pwm} must be a duty cycle in [0, 1].",
                          fric__values(fric__g("max_pwm", a->max_pwm)));
    else if ((a->control == FRIC_SERVO_VOLTAGE || a->control == FRIC_SERVO_TORQUE)
             && (bad(a->error_gain_ratio) || a->error_gain_ratio <= 0))
        m = fric__fail_id(FRIC_E_PARAM_RANGE, -1, "bench.error_gain_ratio",
                          "error_gain_ratio = {ratio} must be a finite factor > 0 (1: the "
                          "firmware's gain as is; the reference fits it in [0.1, 10]).",
                          fric__values(fric__g("ratio", a->error_gain_ratio)));
    else if (bad(a->max_velocity) || a->max_velocity < 0)
        m = fric__fail_id(FRIC_E_PARAM_RANGE, -1, "bench.max_velocity",
                          "max_velocity = {max_velocity} rad/s must be finite and >= 0 (0: no "
                          "target smoothing).",
                          fric__values(fric__g("max_velocity", a->max_velocity)));
    else if (a->control == FRIC_SERVO_VOLTAGE && (bad(a->max_current) || a->max_current < 0))
        m = fric__fail_id(FRIC_E_PARAM_RANGE, -1, "bench.max_current",
                          "max_current = {max_current} A must be finite and >= 0 (0: no firmware "
                          "current limit).",
                          fric__values(fric__g("max_current", a->max_current)));
    else if ((a->control == FRIC_SERVO_CURRENT || a->control == FRIC_SERVO_CURRENT_HOST)
             && (bad(a->d_gain) || a->d_gain < 0))
        m = fric__fail_id(FRIC_E_PARAM_RANGE, -1, "bench.nonnegative", "{name} = {value}{unit} must be finite and >= 0.",
                          fric__values(fric__s("name", "d_gain"), fric__g("value", a->d_gain),
                                       fric__s("unit", "")));
    else if ((a->control == FRIC_SERVO_CURRENT || a->control == FRIC_SERVO_CURRENT_HOST)
             && (bad(a->max_amps) || a->max_amps < 0))
        m = fric__fail_id(FRIC_E_PARAM_RANGE, -1, "bench.nonnegative", "{name} = {value}{unit} must be finite and >= 0.",
                          fric__values(fric__s("name", "max_amps"), fric__g("value", a->max_amps),
                                       fric__s("unit", " A")));
    else if (a->control == FRIC_SERVO_CURRENT_P && (bad(a->current_limit) || a->current_limit < 0))
        m = fric__fail_id(FRIC_E_PARAM_RANGE, -1, "bench.nonnegative", "{name} = {value}{unit} must be finite and >= 0.",
                          fric__values(fric__s("name", "current_limit"), fric__g("value", a->current_limit),
                                       fric__s("unit", " A")));
    else if (a->control == FRIC_SERVO_TORQUE && (bad(a->damping) || a->damping < 0))
        m = fric__fail_id(FRIC_E_PARAM_RANGE, -1, "bench.nonnegative", "{name} = {value}{unit} must be finite and >= 0.",
                          fric__values(fric__s("name", "damping"), fric__g("value", a->damping),
                                       fric__s("unit", " N·m·s/rad")));
    else if (a->control == FRIC_SERVO_TORQUE && (bad(a->max_torque) || a->max_torque < 0))
        m = fric__fail_id(FRIC_E_PARAM_RANGE, -1, "bench.nonnegative", "{name} = {value}{unit} must be finite and >= 0.",
                          fric__values(fric__s("name", "max_torque"), fric__g("value", a->max_torque),
                                       fric__s("unit", " N·m")));
    else if (a->control == FRIC_SERVO_CURRENT && (bad(a->max_volts) || a->max_volts < 0))
        m = fric__fail_id(FRIC_E_PARAM_RANGE, -1, "bench.nonnegative", "{name} = {value}{unit} must be finite and >= 0.",
                          fric__values(fric__s("name", "max_volts"), fric__g("value", a->max_volts),
                                       fric__s("unit", " V")));
    else if (fric_treatment_index(d->treatment, fric_bench_treatments, FRIC_BENCH_N_TREATMENTS) < 0)
        m = fric__say_id("bench.friction_treatment_not",
                "friction treatment = {treatment} is not implicit ({treatment_implicit}), clip ("
                "{treatment_clip}), explicit ({treatment_explicit}) or karnopp ({treatment_karnopp}"
                ").",
                fric__values(fric__i("treatment", (int)d->treatment),
                             fric__i("treatment_implicit", FRIC_TREATMENT_IMPLICIT),
                             fric__i("treatment_clip", FRIC_TREATMENT_CLIP),
                             fric__i("treatment_explicit", FRIC_TREATMENT_EXPLICIT),
                             fric__i("treatment_karnopp", FRIC_TREATMENT_KARNOPP)));
    else if (d->integrator != FRIC_BENCH_INTEGRATOR_BAM && d->integrator != FRIC_BENCH_INTEGRATOR_MUJOCO)
        m = fric__say_id("bench.integrator_neither_bam",
                "integrator = {integrator} is neither bam ({bench_integrator_bam}) nor mujoco ("
                "{bench_integrator_mujoco}).",
                fric__values(fric__i("integrator", (int)d->integrator),
                             fric__i("bench_integrator_bam", FRIC_BENCH_INTEGRATOR_BAM),
                             fric__i("bench_integrator_mujoco", FRIC_BENCH_INTEGRATOR_MUJOCO)));
    else if (d->treatment == FRIC_TREATMENT_KARNOPP && (bad(d->karnopp_eps) || d->karnopp_eps <= 0))
        m = fric__fail_id(FRIC_E_PARAM_RANGE, -1, "bench.karnopp_eps",
                          "karnopp_eps = {eps} rad/s must be a finite velocity band > 0.",
                          fric__values(fric__g("eps", d->karnopp_eps)));
    else {
        double J = fric_bench_inertia(d);
        if (!(J > 0) || bad(J / d->dt))
            m = fric__fail_id(FRIC_E_PARAM_RANGE, -1, "bench.inertia",
                              "inertia J = m·l² + m_arm·l²/3 + armature = {J} kg·m² gives J/dt = "
                              "{J_dt}; both must be finite and > 0 (raise armature or mass).",
                              fric__values(fric__g("J", J), fric__g("J_dt", J / d->dt)));
    }
    if (why) *why = m ? m : "";
    return m ? fric__rc() : FRIC_OK;
}

fric_status fric_bench_init(const fric_bench_def *d, fric_bench_state *s,
                            double q0, double dq0, const char **why)
{
    if (fric_bench_check(d, why)) return fric__rc();
    if (!s || bad(q0) || bad(dq0)) {
        const char *m = !s ? fric__say_id("bench.bench_state_null",
                                 "bench state is NULL.",
                                 fric__no_values)
                           : fric__say_id("bench.initial_state_q",
                                 "initial state q0 = {q0} rad, dq0 = {dq0} rad/s must be finite.",
                                 fric__values(fric__g("q0", q0), fric__g("dq0", dq0)));
        if (why) *why = m;
        return fric__rc();
    }
    fric_bench_state z = { 0 };
    *s = z;
    s->q = q0;
    s->dq = dq0;
    s->last_sign = fric__sgn(dq0);
    fric_bench_retune(d, s);
    if (why) *why = "";
    return 0;
}

void fric_bench_step_inertia(const fric_bench_def *d, fric_bench_state *s, double J)
{
    /* what fric_bench_retune derives from J: J/dt, Z = dt/J and the
       IMPLICIT plan prepared with that Z */
    s->J = J;
    s->J_dt = J / d->dt;
    const fric_servo_friction *f = &d->friction;
    fric_law law = { FRIC_STRIBECK, 0, 0, f->dtheta_s, f->K_v, f->alpha };
    s->Z = d->dt / J;
    fric_elem_a_var_prepare_unchecked(&s->elem, &law, s->Z, 1);
}

void fric_bench_retune(const fric_bench_def *d, fric_bench_state *s)
{
    /* MuJoCo's Euler: the ½·a·dt² term is 0·a, q' = q + θ̇'·dt exactly */
    s->dt2 = d->integrator == FRIC_BENCH_INTEGRATOR_MUJOCO ? 0 : d->dt * d->dt;
    s->grav = fric__bench_gravity_gain(d);
    s->target_step = d->servo.max_velocity > 0 ? d->servo.max_velocity * d->dt : INFINITY;
    /* J, J/dt and the budget as a Stribeck law (levels set per step, B(w)
       with s(w) to first order), Z = dt/J */
    fric_bench_step_inertia(d, s, fric_bench_inertia(d));
    s->warm.w = -1;
}

/* The step (Algorithm 1) with the external torque tau_e [N·m] given: the
 * bench's gravity (fric_bench_step) or a robot joint's load
 * (fric_bench_step_load). */
static inline fric_status bench_step_tau(const fric_bench_def *d, fric_bench_state *s, double goal,
                                         int torque_enable, double tau_e)
{
    double q = s->q, dq = s->dq, dt = d->dt, J = s->J;
    /* the firmware's smoothed target, before the control law (also with
     * the torque off, as the reference computes the control every step) */
    double target = fx_target_smooth(s->target, goal, s->target_step);
    double tau_m = fric_bench_motor_torque(d, q, dq, target, torque_enable);
    double net = tau_m + tau_e;
    double tau_stop = s->J_dt * dq + net;
    double tau_f, budget, dq_new = 0;
    fric_warm warm = s->warm;
    int stuck = 0, set_dq = 0;

    if (d->treatment == FRIC_TREATMENT_IMPLICIT) {
        double C, A, w;
        fx_split(&d->friction, tau_m, tau_e, &C, &A);
        fric_elem_a_var_levels(&s->elem, C, C + A);          /* Fc = C, Fs = C + A */
        double y = fric_elem_a_var_run(&s->elem, s->Z * tau_stop, &warm, &stuck, &w);
        if (stuck) {
            tau_f = -tau_stop;
            budget = C + A;
        } else {
            tau_f = -y;
            budget = fabs(y);
            dq_new = (double)fric__sgn(tau_stop) * w;
        }
        set_dq = 1;
    } else {
        /* CLIP, EXPLICIT, KARNOPP with the one budget B(q̇_k) both ways; the
         * treatment's friction opposes motion, τf = −f (treatment_step.h) */
        budget = fx_budget(&d->friction, dq, tau_m, tau_e);
        const fric__treat_in in = { tau_stop, net, dq, d->karnopp_eps,
                                    budget, budget, budget, budget };
        const fric__treat_out r = fric__treat(d->treatment, &in);
        tau_f = -r.f;
        /* stuck: held (CLIP), inside the band (KARNOPP), never (EXPLICIT) */
        stuck = d->treatment == FRIC_TREATMENT_KARNOPP ? r.band : r.held;
    }

    double acc = (net + tau_f) / J;
    if (!set_dq) dq_new = dq + acc * dt;
    double q_new;
    fx_integrate(q, dq_new, acc, dt, s->dt2, FRIC_BENCH_DQ_MAX, &q_new, &dq_new);
    if (!isfinite(q_new) || !isfinite(dq_new)) {
        fric__fail_id(FRIC_E_NONFINITE, -1, "bench.step_left_finite_2",
            "bench: the step left the finite range from q = {q} rad, dq = {dq} rad/s.",
            fric__values(fric__g("q", q), fric__g("dq", dq)));
        return FRIC_E_NONFINITE;
    }

    s->reversals += (uint64_t)fric__reversal(&s->last_sign, dq_new);
    s->q = q_new;
    s->dq = dq_new;
    s->target = target;
    s->warm = warm;
    s->steps++;
    s->t = (double)s->steps * dt;
    s->tau_m = tau_m;
    s->tau_e = tau_e;
    s->tau_f = tau_f;
    s->budget = budget;
    s->stuck = stuck;
    if (stuck) s->steps_stuck++;
    return 0;
}

fric_status fric_bench_step(const fric_bench_def *d, fric_bench_state *s,
                            double goal, int torque_enable)
{
    /* fric_bench_gravity_torque */
    return bench_step_tau(d, s, goal, torque_enable, fx_gravity(s->grav, s->q, d->servo.q_offset));
}

int fric_bench_step_load(const fric_bench_def *d, fric_bench_state *s, double goal, double tau_e)
{
    return bench_step_tau(d, s, goal, 1, tau_e) == FRIC_OK;
}
