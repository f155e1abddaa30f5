/*
 * bench_native_scn.c: the scenario "bench-native", the pendulum bench of the
 * scenario "bench" with MuJoCo's own joint (fric_native.h, the
 * seventh model beside M1–M6 of Duclusaud & Passault) in place of the servo and its M1–M6 friction: the hinge's
 * frictionloss, damping and armature and a position actuator (kp, kv,
 * forcerange) whose ctrl is the built-in trajectory's goal, stepped by
 * fric_native_step (the core's restatement of what MuJoCo computes, held
 * against real MuJoCo per log). What the Pendulum view runs live beside the
 * treatments, and `friction run bench-native params=NATIVE.json`.
 *
 * Parameters: the bench's run (actuator, trajectory, mass, length,
 * arm_mass, dt, duration, every, goal, q0, dq0), log_kp (the firmware gain
 * the bench runs at: MuJoCo's kp is kp·log_kp/firmware_kp,
 * fric_native_kp_for; −1: firmware_kp, so kp as written), "model" (one
 * choice, "native", so that a native params file's "model" key reads), and
 * the native keys under the names of FRIC_NATIVE_KEYS, so that a native
 * params file maps onto them 1:1 (firmware_kp −1: the actuator's default
 * gain, as fric_native_params_default). A key of an M-model file is not a
 * parameter here and is refused.
 *
 * Row k (t_k = k·every·dt): the state (q, dq) at t_k and the goal, and what
 * the step from t_k applied: tau_m the actuator's force, tau_e the gravity
 * torque at t_k, tau_f the friction constraint's force, budget the
 * frictionloss, stuck 1 when the constraint held (its quadratic zone),
 * reversals the velocity sign changes up to the end of that step: the
 * columns of "bench", so a view reads both the same way.
 */
#include <math.h>
#include <string.h>

#include "base.h"
#include "bench_internal.h"
#include "fric_bench.h"
#include "fric_native.h"
#include "fric_scenario.h"
#include "scenario_internal.h"

#define CH(a) a, (int)(sizeof a / sizeof a[0])
#define PI_ 3.141592653589793
#define VMAX FRIC_NATIVE_VALUE_MAX

static const char *const models[] = { FRIC_NATIVE_MODEL_NAME };
static const char *const model_help[] = {
    "MuJoCo's own joint: frictionloss, damping, armature and a position actuator (fric_native.h)",
};

enum {
    P_ACTUATOR, P_MODEL, P_TRAJECTORY, P_MASS, P_LENGTH, P_ARM_MASS, P_LOG_KP, P_DT, P_DURATION,
    P_EVERY, P_GOAL, P_Q0, P_DQ0,
    /* the native keys, in FRIC_NATIVE_KEYS's order */
    P_NATIVE0,
    N_PARAMS = P_NATIVE0 + FRIC_NATIVE_N_KEYS
};

/* No clock_step: configure sets the clock (as the bench's). */
#define CLOCK_STEP NULL

/* A native key's parameter: key, default, min, max, unit, help, label,
 * slider lo .. hi, log slider (0 or 1). */
#define NK(key, def_, min_, max_, unit_, help_, label_, lo_, hi_, log_) \
    { key, def_, min_, max_, unit_, help_, NULL, 0, 0, .label = label_, .lo = lo_, .hi = hi_, .log = log_ }

static const fric_param_info params[N_PARAMS] = {
    [P_ACTUATOR] = { "actuator", 5, 0, FRIC__BENCH_N_ACTUATORS - 1, "choice",
        "the servo whose native file this is (its default firmware gain and calibration offset); "
        "the reference's other names are accepted (sts3250 = sts3215)", CH(fric__bench_actuators), 0,
        .label = "actuator", .choice_help = fric__bench_actuator_help,
        .alias = fric_bench_actuator_resolve, .alias_at = fric_bench_actuator_alias },
    [P_MODEL] = { "model", 0, 0, 0, "choice", "the model: MuJoCo's native joint (a native params file's "
        "\"model\")", CH(models), 0, .label = "model", .choice_help = model_help },
    [P_TRAJECTORY] = FRIC__BENCH_TRAJECTORY_PARAM,
    [P_MASS] = FRIC__BENCH_MASS_PARAM,
    [P_LENGTH] = FRIC__BENCH_LENGTH_PARAM,
    [P_ARM_MASS] = FRIC__BENCH_ARM_MASS_PARAM,
    [P_LOG_KP] = { "log_kp", -1, -1, FRIC_BENCH_KP_MAX, "",
        "the firmware gain the bench runs at: MuJoCo's kp is kp·log_kp/firmware_kp; unset (-1): "
        "firmware_kp (kp as written)", NULL, 0, 0, .label = "firmware gain", .lo = 1, .hi = 2000,
        .log = 1, .preset = 1 },
    [P_DT] = { "dt", 1e-3, 1e-6, 0.01, "s", "time step (MuJoCo's timestep)",
        NULL, 0, 0, .label = "time step dt", .lo = 1e-4, .hi = 1e-2, .log = 1 },
    [P_DURATION] = FRIC__BENCH_DURATION_PARAM,
    [P_EVERY] = FRIC__EVERY_PARAM(1),
    [P_GOAL] = FRIC__BENCH_GOAL_PARAM,
    [P_Q0] = FRIC__BENCH_Q0_PARAM,
    [P_DQ0] = FRIC__BENCH_DQ0_PARAM,
    [P_NATIVE0 + 0] = NK("frictionloss", 0, 0, VMAX, "N·m", "joint frictionloss (MuJoCo's friction "
        "constraint's bound)", "frictionloss", 0, 1, 0),
    [P_NATIVE0 + 1] = NK("damping", 0, 0, VMAX, "N·m·s/rad", "joint damping", "damping", 0, 0.5, 0),
    [P_NATIVE0 + 2] = NK("armature", 0, 0, VMAX, "kg·m²", "joint armature (rotor inertia)", "armature", 0, 0.05, 0),
    [P_NATIVE0 + 3] = NK("kp", 0, 0, VMAX, "N·m/rad", "position actuator kp at firmware_kp", "kp", 0, 20, 0),
    [P_NATIVE0 + 4] = { "firmware_kp", -1, -1, VMAX, "", "the firmware gain kp is stated at; unset (-1): "
        "the actuator's default gain", NULL, 0, 0, .label = "firmware_kp", .lo = 1, .hi = 2000, .log = 1,
        .preset = 1 },
    [P_NATIVE0 + 5] = NK("kv", 0, 0, VMAX, "N·m·s/rad", "position actuator kv (> 0 needs kp > 0)", "kv", 0, 1, 0),
    [P_NATIVE0 + 6] = NK("forcerange_lo", 0, -VMAX, VMAX, "N·m", "actuator forcerange, lower (0 0: "
        "not limited)", "forcerange_lo", -5, 0, 0),
    [P_NATIVE0 + 7] = NK("forcerange_hi", 0, -VMAX, VMAX, "N·m", "actuator forcerange, upper (0 0: "
        "not limited)", "forcerange_hi", 0, 5, 0),
    [P_NATIVE0 + 8] = NK("solreffriction_timeconst", FRIC_NATIVE_SOLREF_TIMECONST, 1e-12, VMAX, "s",
        "joint solreffriction[0]", "solreffriction timeconst", 1e-3, 0.1, 1),
    [P_NATIVE0 + 9] = NK("solreffriction_dampratio", FRIC_NATIVE_SOLREF_DAMPRATIO, 1e-12, VMAX, "",
        "joint solreffriction[1]", "solreffriction dampratio", 0.1, 2, 0),
    [P_NATIVE0 + 10] = NK("solimpfriction_dmin", FRIC_NATIVE_SOLIMP_DMIN, FRIC_NATIVE_IMP_MIN,
        FRIC_NATIVE_IMP_MAX, "", "joint solimpfriction[0]", "solimpfriction dmin", 0.1, 0.9999, 0),
    [P_NATIVE0 + 11] = NK("solimpfriction_dmax", FRIC_NATIVE_SOLIMP_DMAX, FRIC_NATIVE_IMP_MIN,
        FRIC_NATIVE_IMP_MAX, "", "joint solimpfriction[1]", "solimpfriction dmax", 0.1, 0.9999, 0),
    [P_NATIVE0 + 12] = NK("solimpfriction_width", FRIC_NATIVE_SOLIMP_WIDTH, 0, VMAX, "rad",
        "joint solimpfriction[2]", "solimpfriction width", 0, 0.1, 0),
    [P_NATIVE0 + 13] = NK("solimpfriction_midpoint", FRIC_NATIVE_SOLIMP_MIDPOINT, 0, 1, "",
        "joint solimpfriction[3]", "solimpfriction midpoint", 0, 1, 0),
    [P_NATIVE0 + 14] = NK("solimpfriction_power", FRIC_NATIVE_SOLIMP_POWER, 1, VMAX, "",
        "joint solimpfriction[4]", "solimpfriction power", 1, 6, 0),
    [P_NATIVE0 + 15] = { "q_offset", 0, -PI_, PI_, "rad", "the bench's calibration offset (gravity "
        "at q + q_offset; a native params file sets it)", NULL, 0, 0,
        .label = "angle offset q_offset", .lo = -0.5, .hi = 0.5 },
};

/* The address of native key i's field in *p (FRIC_NATIVE_KEYS's order,
 * the order of params[P_NATIVE0 ..]: tests/test_bench_native_scn.c checks
 * the names). */
static double *native_field(fric_native_params *p, int i)
{
    int k = 0;
#define NATIVE_FIELD_AT(key, field, unit) if (k++ == i) return &p->field;
    FRIC_NATIVE_KEYS(NATIVE_FIELD_AT)
#undef NATIVE_FIELD_AT
    return NULL;
}

static const fric_col_info cols[] = {
    { "t", "s", "time t_k of the row" },
    { "q", "rad", "joint angle θ at t_k (0 = hanging down)" },
    { "dq", "rad/s", "joint velocity θ̇ at t_k" },
    { "goal", "rad", "goal angle θ^d of the step from t_k (the actuator's ctrl)" },
    { "tau_m", "N·m", "actuator force of the step (0 with torque off)" },
    { "tau_e", "N·m", "external (gravity) torque at t_k" },
    { "tau_f", "N·m", "friction constraint force of the step" },
    { "budget", "N·m", "frictionloss, the friction force's bound" },
    { "stuck", "", "1 when the friction constraint held the joint (not saturated) over the step" },
    { "reversals", "", "cumulative count of velocity sign reversals (chattering)" },
};

typedef struct {
    fric_native_step_def sd;
    fric_native_params np;
    fric_bench_traj traj;
    double goal_angle;       /* [rad] (trajectory = goal)   */
    double q0, dq0;          /* initial state [rad], [rad/s] */
} native_cfg;

typedef struct {
    fric_scenario_run run;
    native_cfg cfg;
    fric_native_state st;
    double t;                /* time of the state [s]                  */
    double tau_e;            /* gravity torque at the last step's start [N·m] */
} native_scn;

/* The bench of the vector p (range-checked): the native set (firmware_kp
 * −1: the actuator's default gain) and the run's geometry, log_kp −1:
 * firmware_kp. */
static void bench_of(const double *p, fric_native_bench *b)
{
    const fric_servo_actuator *act = fric_bench_actuator_find(fric__bench_actuators[(int)p[P_ACTUATOR]]);
    fric_native_params np;
    fric_native_params_default(&np, act);
    for (int i = 0; i < FRIC_NATIVE_N_KEYS; i++) *native_field(&np, i) = p[P_NATIVE0 + i];
    if (p[P_NATIVE0 + 4] == -1) np.firmware_kp = act && act->kp_default > 0 ? act->kp_default : 1;
    *b = (fric_native_bench){ .p = np, .mass = p[P_MASS], .arm_mass = p[P_ARM_MASS], .length = p[P_LENGTH],
                              .log_kp = p[P_LOG_KP] == -1 ? np.firmware_kp : p[P_LOG_KP], .dt = p[P_DT] };
}

static int configure(void *cfg, fric_scenario_run *run, const void *running, const double *p,
                     const char **why)
{
    (void)running;
    native_cfg *c = cfg;
    memset(c, 0, sizeof *c);
    fric_native_bench b;
    bench_of(p, &b);
    c->np = b.p;
    if (fric_native_prepare(&b, &c->sd)) {
        fric__why(why, fric_status_last().message);
        return fric__rc();
    }
    if (fric__bench_clock(p[P_DURATION], p[P_DT], p[P_EVERY], P_DURATION, run, why)) return fric__rc();
    c->traj = (fric_bench_traj)(int)p[P_TRAJECTORY];
    c->goal_angle = p[P_GOAL];
    c->q0 = p[P_Q0];
    c->dq0 = p[P_DQ0];
    if (why) *why = "";
    return 0;
}

static int start(void *state, const double *p, const char **why)
{
    (void)p;
    (void)why;
    native_scn *s = state;
    memset(&s->st, 0, sizeof s->st);
    s->st.q = s->cfg.q0;
    s->st.dq = s->cfg.dq0;
    s->t = 0;
    return 0;
}

static int advance(void *state, const char **why)
{
    native_scn *s = state;
    int te;
    double goal = fric_bench_traj_goal(s->cfg.traj, s->t, s->cfg.goal_angle, &te);
    s->tau_e = s->cfg.sd.grav * sin(s->st.q + s->cfg.sd.q_offset);
    if (fric_native_step(&s->cfg.sd, &s->st, goal, te)) {
        fric__why(why, fric_status_last().message);
        return 1;
    }
    s->t = fric_scenario_clock_t_at(&s->run.clk, s->run.clk.k + 1);
    return 0;
}

static void row_state(const void *state, double *row)
{
    const native_scn *s = state;
    int te;
    row[0] = s->t;
    row[1] = s->st.q;
    row[2] = s->st.dq;
    row[3] = fric_bench_traj_goal(s->cfg.traj, s->t, s->cfg.goal_angle, &te);
}

static void row_forces(const void *state, double *row)
{
    const native_scn *s = state;
    row[4] = s->st.tau_a;
    row[5] = s->tau_e;
    row[6] = s->st.tau_f;
    row[7] = s->cfg.sd.floss;
    row[8] = s->st.held;
    row[9] = (double)s->st.reversals;
}

const fric_scenario fric_scenario_bench_native = {
    FRIC__DRIVEN(native_scn, native_cfg, configure, start, advance, row_state, row_forces, NULL),
    .name = "bench-native",
    .summary = "The pendulum bench with MuJoCo's own joint (the native model beside M1–M6): frictionloss "
    "(MuJoCo's soft friction constraint), damping, armature and a position actuator (kp, kv, "
    "forcerange) following a built-in trajectory, stepped as MuJoCo steps that hinge (Euler, "
    "implicit damping), MuJoCo-free. params=FILE takes a native params file (`friction fit "
    "--model native --out`).",
    .title = "Pendulum bench: MuJoCo's native joint (frictionloss, damping, armature, position actuator)",
    .blurb = "The pendulum bench with MuJoCo's own joint in place of the servo's M1–M6 friction: "
    "frictionloss, damping, armature and a position actuator, as MuJoCo steps them. Its friction "
    "is one bound whatever the load, and the soft constraint lets a held joint creep."
};

fric_status fric_native_scenario_params(const fric_native_params *np, const char *actuator, double *p)
{
    const char *name = actuator ? fric_bench_actuator_resolve(actuator) : NULL;
    int a = -1;
    for (int i = 0; name && i < FRIC__BENCH_N_ACTUATORS; i++)
        if (strcmp(fric__bench_actuators[i], name) == 0) a = i;
    if (!np || !p || a < 0) {
        fric__fail_id(FRIC_E_PARAM_RANGE, P_ACTUATOR, "bench.native_scenario_actuator",
            "bench-native: the native parameters, the vector and an actuator of the bench ({act}) are "
            "needed.", fric__values(fric__s("act", actuator ? actuator : "none")));
        return FRIC_E_PARAM_RANGE;
    }
    if (fric_native_check(np)) return fric__rc();
    fric_native_params c = *np;
    p[P_ACTUATOR] = a;
    p[P_MODEL] = 0;
    for (int i = 0; i < FRIC_NATIVE_N_KEYS; i++) p[P_NATIVE0 + i] = *native_field(&c, i);
    return FRIC_OK;
}

fric_status fric_native_scenario_bench(const double *p, fric_native_bench *b)
{
    const char *why = NULL;
    if (!p || !b) {
        fric__fail_id(FRIC_E_NULL, -1, "bench.native_scenario_vector",
            "bench-native: the parameter vector and the bench must not be NULL.", fric__no_values);
        return FRIC_E_NULL;
    }
    if (fric_scenario_check(&fric_scenario_bench_native, p, &why)) return fric__rc();
    fric_native_bench nb;
    bench_of(p, &nb);
    fric_native_step_def sd;
    if (fric_native_prepare(&nb, &sd)) return fric__rc();
    *b = nb;
    return FRIC_OK;
}
