/*
 * adapter_joint.c: the MuJoCo adapter's per-joint friction step without
 * MuJoCo (fric_joint.h), called by core/mujoco/mujoco_adapter.c natively
 * and by the wasm bindings for the explorer's "In MuJoCo" view.
 *
 * IMPLICIT: Kikuuwe's element A (2006, eq. 26) with the caller's Z and
 * friction-free prediction: v* = v_free + Z·τm, f = −Φ_Z(v*) (eq. 16), so
 * v' = v* + Z·f = 0 in the static band. Servo budgets (M1–M6): the bench's
 * split (bench_step.c): B(w) = C + A·s(w) + K_v·w with τm, τe frozen over
 * the step, a Stribeck law of the end velocity (fric_elem_a_var). A servo
 * with target smoothing (STS3215) advances its target q_s once per step
 * before the control law, from 0 at init, as the bench (bench_step.c).
 */
#include <math.h>
#include <string.h>

#include "base.h"
#include "fric_joint.h"
#include "fric_servo.h"
/* the firmware's target smoothing, written once (bench_step.c) */
#include "servo_formulas.h"

fric_status fric_joint_init(fric_joint *j, int servo, const fric_law *law, const fric_bench_def *bench,
                            double h, double q0, const char **why)
{
    memset(j, 0, sizeof *j);
    j->servo = servo != 0;
    if (law) j->law = *law;
    j->goal = q0;
    j->torque_enable = 1;
    j->warm.w = -1;
    if (j->servo) {
        fric_bench_def b = *bench;
        /* the bench's own fields the simulator replaces: neutral values for the check */
        b.mass = 1;
        b.arm_mass = 0;
        b.length = 1;
        b.dt = h;
        b.treatment = FRIC_TREATMENT_IMPLICIT;
        int rc = fric_bench_check(&b, why);
        if (rc) return rc;
        j->bench = b;
        j->target = 0;
        j->target_step = b.servo.max_velocity > 0 ? b.servo.max_velocity * h : INFINITY;
        return 0;
    }
    return fric_law_check_params(&j->law, why);
}

/* The servo's budget shape as a Stribeck law (levels set per step), as bench_step.c. */
static void prepare_servo(fric_joint *j, double Z)
{
    const fric_servo_friction *f = &j->bench.friction;
    fric_law law = { FRIC_STRIBECK, 0, 0, f->dtheta_s, f->K_v, f->alpha };
    fric_elem_a_var_prepare_unchecked(&j->elem, &law, Z, 1);
}

fric_status fric_joint_retune(fric_joint *j, double Z, const char **why)
{
    j->Z = Z;
    if (j->servo) {
        prepare_servo(j, Z);
        return 0;
    }
    return fric_plan_init(&j->plan, &j->law, Z, why);
}

void fric_joint_set_z(fric_joint *j, double Z)
{
    if (Z == j->Z) return;
    j->Z = Z;
    if (j->servo) prepare_servo(j, Z);
    else fric_plan_prepare_unchecked(&j->plan, &j->law, Z);
}

void fric_joint_goal(fric_joint *j, double goal, int torque_enable)
{
    j->goal = goal;
    j->torque_enable = torque_enable != 0;
}

/* The friction of a law or a servo budget from v* with the prepared Z: the
 * force on the dof (−Φ_Z(v*)), stuck flag and budget. */
static double implicit_force(fric_joint *j, double v_star)
{
    int stuck = 0;
    double y, w;
    if (j->servo) {
        double C, A;
        fric_servo_split(&j->bench.friction, j->tau_m, j->tau_e, &C, &A);
        fric_elem_a_var_levels(&j->elem, C, C + A);          /* Fc = C, Fs = C + A */
        y = fric_elem_a_var_run(&j->elem, v_star, &j->warm, &stuck, &w);
        j->budget = stuck ? C + A : fabs(y);
    } else {
        y = fric_plan_eval(&j->plan, v_star, &j->warm, &stuck, &w);
        j->budget = stuck ? fric_phi_plus0(&j->law) : fabs(y);
    }
    j->stuck = stuck;
    return stuck ? -v_star / j->Z : -y;
}

static void count(fric_joint *j, double v)
{
    j->reversals += (uint64_t)fric__reversal(&j->last_sign, v);
    if (j->stuck) j->steps_stuck++;
}

/* τm of the step: the target advances first (once per step) */
static double motor(fric_joint *j, double q, double v)
{
    if (!j->servo) return 0;
    j->target = fx_target_smooth(j->target, j->goal, j->target_step);
    return fric_bench_motor_torque(&j->bench, q, v, j->target, j->torque_enable);
}

double fric_joint_step(fric_joint *j, double q, double v, double v_free, double tau_e)
{
    j->tau_e = tau_e;
    j->tau_m = motor(j, q, v);
    j->v_star = v_free + j->Z * j->tau_m;
    j->tau_f = implicit_force(j, j->v_star);
    count(j, j->stuck ? 0 : j->v_star + j->Z * j->tau_f);
    return j->tau_m + j->tau_f;
}

/* The rest-state friction of a law for MuJoCo's frictionloss: Φ(+0), and
 * Φ(|v|) − D·|v| in motion. */
static double law_loss(const fric_law *law, double v)
{
    double a = fabs(v);
    if (a == 0) return fric_phi_plus0(law);
    return fric_phi(law, a) - law->D * a;
}

double fric_joint_loss(fric_joint *j, double q, double v, double tau_e)
{
    j->tau_e = tau_e;
    j->tau_m = motor(j, q, v);
    j->budget = j->servo ? fric_servo_frictionloss(&j->bench.friction, v, j->tau_m, tau_e)
                         : law_loss(&j->law, v);
    j->v_star = v;
    j->stuck = v == 0;
    count(j, v);
    return j->budget;
}

double fric_joint_rest_loss(const fric_joint *j)
{
    return j->servo ? fric_servo_frictionloss(&j->bench.friction, 0, 0, 0) : fric_phi_plus0(&j->law);
}

double fric_joint_damping(const fric_joint *j)
{
    return j->servo ? j->bench.friction.K_v : j->law.D;
}
