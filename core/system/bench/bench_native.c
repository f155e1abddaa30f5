/*
 * bench_native.c: MuJoCo's native joint on the pendulum bench (fric_native.h),
 * the core's restatement of what MuJoCo computes for that one hinge.
 *
 * Read from MuJoCo's sources (2.2.2 and 3.x, src/engine/): the step is
 * mj_step = mj_forward + mj_Euler for integrator Euler.
 *   mj_fwdPosition: the composite inertia M (one dof: the body's inertia
 *     about the hinge + armature), one friction row per dof with
 *     dof_frictionloss > 0 (mj_instantiateFriction: J = 1, efc_pos 0,
 *     efc_margin 0, efc_frictionloss, efc_diagApprox = dof_invweight0 = 1/M
 *     at qpos0, which for a hinge is M at every q); mj_makeImpedance:
 *     getsolparam clamps solimp (dmin, dmax, midpoint to [mjMINIMP,
 *     mjMAXIMP], width >= 0, power >= 1) and raises timeconst to 2·timestep
 *     (refsafe, on by default); getimpedance at pos − margin = 0 is dmin,
 *     or ½(dmin + dmax) when dmin = dmax or width <= mjMINVAL ("flat");
 *     R = max(mjMINVAL, (1 − imp)·diagApprox/imp); friction rows have K = 0
 *     and B = 2/max(mjMINVAL, dmax·timeconst).
 *   mj_fwdVelocity: efc_vel = q̇, aref = −B·q̇ (−K·imp·pos vanishes);
 *     qfrc_passive = −damping·q̇; qfrc_bias = gravity (RNE).
 *   mj_fwdActuation: force = gainprm[0]·ctrl + biasprm[0] + biasprm[1]·q +
 *     biasprm[2]·q̇ (<general> affine; <position kp kv> is that with gain kp,
 *     bias 0, −kp, −kv), clamped to forcerange when forcelimited; the
 *     actuation disabled (mjDSBL_ACTUATION): 0.
 *   mj_fwdAcceleration: qacc_smooth = M⁻¹·qfrc_smooth.
 *   mj_fwdConstraint (Newton, the default): the primal problem
 *     min ½(a − a0)ᵀM(a − a0) + s(J·a − aref), whose friction row's cost is
 *     quadratic (force −(J·a − aref)/R) where |force| < frictionloss and
 *     linear beyond. One scalar row: J_dof·(a − a0) = f,
 *     f = clamp(−(a − aref)/R, ±frictionloss), solved in closed form:
 *       f = clamp(J_dof·(aref − a0)/(1 + J_dof·R), ±frictionloss),
 *     and J_dof·R = (1 − imp)/imp, so f = clamp(imp·J_dof·(aref − a0), ±fl).
 *     MuJoCo's Newton iterations reach this minimiser (a piecewise quadratic
 *     in one unknown: the Newton step inside the right piece is exact); the
 *     checks against real MuJoCo (tests/mujoco/test_native_mujoco.c) hold
 *     it per log.
 *   mj_Euler: without dof damping qacc as is; with damping (mjDSBL_EULERDAMP
 *     off, the default) 2.2.2 solves (M + h·D)·qacc' = M·qacc, 3.x
 *     (M + h·D)·qacc' = qfrc_smooth + qfrc_constraint: the same for one dof,
 *     q̇' = q̇ + h·(τs + f)/(J + h·D). Only the joint's damping is implicit:
 *     an actuator's kv is an explicit bias force under Euler in both (the
 *     implicit integrators would take it). mj_advance: q̇ ← q̇', q ← q + h·q̇'.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "bench_internal.h"
#include "fric_native.h"
#include "fric_scenario.h"
#include "base.h"

#define NATIVE_MINVAL 1e-15   /* MuJoCo's mjMINVAL (2.2.2 and 3.x) */

static int bad(double x) { return !isfinite(x); }

void fric_native_params_default(fric_native_params *p, const fric_servo_actuator *act)
{
    memset(p, 0, sizeof *p);
    p->firmware_kp = act && act->kp_default > 0 ? act->kp_default : 1;
    p->q_offset = act ? act->q_offset : 0;
    p->solreffriction_timeconst = FRIC_NATIVE_SOLREF_TIMECONST;
    p->solreffriction_dampratio = FRIC_NATIVE_SOLREF_DAMPRATIO;
    p->solimpfriction[0] = FRIC_NATIVE_SOLIMP_DMIN;
    p->solimpfriction[1] = FRIC_NATIVE_SOLIMP_DMAX;
    p->solimpfriction[2] = FRIC_NATIVE_SOLIMP_WIDTH;
    p->solimpfriction[3] = FRIC_NATIVE_SOLIMP_MIDPOINT;
    p->solimpfriction[4] = FRIC_NATIVE_SOLIMP_POWER;
}

/* One sentence for a value outside [lo, hi]: "native: KEY = V UNIT must be ...". */
static const char *range(const char *key, double v, const char *unit, double lo, double hi, int lo_open)
{
    if (!bad(v) && (lo_open ? v > lo : v >= lo) && v <= hi) return NULL;
    return fric__say_id("native.range", "native: {key} = {v}{sp}{unit} must be a finite value in {open}{lo}, "
                        "{hi}] (MuJoCo's {key}).",
                        fric__values(fric__s("key", key), fric__g("v", v), fric__s("sp", unit[0] ? " " : ""),
                                     fric__s("unit", unit), fric__s("open", lo_open ? "(" : "["), fric__g("lo", lo),
                                     fric__g("hi", hi)));
}

fric_status fric_native_check(const fric_native_params *p)
{
    if (!p) {
        fric__fail_id(FRIC_E_NULL, -1, "bench.parameter_set_null",
            "native: the parameter set is NULL.",
            fric__no_values);
        return FRIC_E_NULL;
    }
    const double X = FRIC_NATIVE_VALUE_MAX;
    const char *m = NULL;
    if (!m) m = range("frictionloss", p->frictionloss, "N·m", 0, X, 0);
    if (!m) m = range("damping", p->damping, "N·m·s/rad", 0, X, 0);
    if (!m) m = range("armature", p->armature, "kg·m²", 0, X, 0);
    if (!m) m = range("kp", p->kp, "N·m/rad", 0, X, 0);
    if (!m) m = range("firmware_kp", p->firmware_kp, "", 0, FRIC_BENCH_KP_MAX, 1);
    if (!m) m = range("kv", p->kv, "N·m·s/rad", 0, X, 0);
    if (!m) m = range("forcerange_lo", p->forcerange_lo, "N·m", -X, X, 0);
    if (!m) m = range("forcerange_hi", p->forcerange_hi, "N·m", -X, X, 0);
    if (!m) m = range("solreffriction_timeconst", p->solreffriction_timeconst, "s", 0, X, 1);
    if (!m) m = range("solreffriction_dampratio", p->solreffriction_dampratio, "", 0, X, 1);
    if (!m) m = range("solimpfriction_dmin", p->solimpfriction[0], "", FRIC_NATIVE_IMP_MIN, FRIC_NATIVE_IMP_MAX, 0);
    if (!m) m = range("solimpfriction_dmax", p->solimpfriction[1], "", FRIC_NATIVE_IMP_MIN, FRIC_NATIVE_IMP_MAX, 0);
    if (!m) m = range("solimpfriction_width", p->solimpfriction[2], "rad", 0, X, 0);
    if (!m) m = range("solimpfriction_midpoint", p->solimpfriction[3], "", FRIC_NATIVE_IMP_MIN, FRIC_NATIVE_IMP_MAX, 0);
    if (!m) m = range("solimpfriction_power", p->solimpfriction[4], "", 1, X, 0);
    if (!m) m = range("q_offset", p->q_offset, "rad", -X, X, 0);
    if (!m && p->kv > 0 && p->kp == 0)
        m = fric__say_id("bench.kv_n_m",
                "native: kv = {kv} N·m·s/rad needs kp > 0 (a position actuator without kp has no "
                "kv; put the damping in the joint's damping).",
                fric__values(fric__g("kv", p->kv)));
    if (!m && p->forcerange_lo > p->forcerange_hi)
        m = fric__say_id("bench.forcerange_lo_n",
                "native: forcerange_lo = {forcerange_lo} N·m is above forcerange_hi = "
                "{forcerange_hi} N·m (forcerange inverted; MuJoCo needs lo < hi).",
                fric__values(fric__g("forcerange_lo", p->forcerange_lo),
                             fric__g("forcerange_hi", p->forcerange_hi)));
    if (!m && p->forcerange_lo == p->forcerange_hi && p->forcerange_lo != 0)
        m = fric__say_id("bench.forcerange_lo_forcerange",
                "native: forcerange_lo = forcerange_hi = {forcerange_lo} N·m leaves no range (lo < "
                "hi, or both 0 for no force limit).",
                fric__values(fric__g("forcerange_lo", p->forcerange_lo)));
    return m ? fric__rc() : FRIC_OK;
}

double fric_native_kp_for(const fric_native_params *p, double firmware_kp_log)
{
    return p->kp * firmware_kp_log / p->firmware_kp;
}

int fric_native_limited(const fric_native_params *p)
{
    return !(p->forcerange_lo == 0 && p->forcerange_hi == 0);
}

fric_status fric_native_edit_of(const fric_native_params *p, double firmware_kp, fric_native_edit *e)
{
    if (!e) {
        fric__fail_id(FRIC_E_NULL, -1, "bench.native_edit_null", "native: the edit must not be NULL.",
                      fric__no_values);
        return FRIC_E_NULL;
    }
    fric_status rc = fric_native_check(p);
    if (rc) return rc;
    if (!(firmware_kp > 0) || !isfinite(firmware_kp)) {
        fric__say_id("bench.native_edit_firmware",
                     "native: the firmware gain {firmware_kp} is not a finite number > 0: give the gain the "
                     "servo runs at (the params file's firmware_kp runs kp as written).",
                     fric__values(fric__g("firmware_kp", firmware_kp)));
        return fric__rc();
    }
    *e = (fric_native_edit){ p->frictionloss, p->damping, p->armature,
                             { p->solreffriction_timeconst, p->solreffriction_dampratio },
                             { p->solimpfriction[0], p->solimpfriction[1], p->solimpfriction[2], p->solimpfriction[3],
                               p->solimpfriction[4] },
                             fric_native_kp_for(p, firmware_kp), p->kv, fric_native_limited(p),
                             { p->forcerange_lo, p->forcerange_hi } };
    return FRIC_OK;
}

void fric_native_bench_from_log(const fric_native_params *p, const fric_io_log *log, fric_native_bench *b)
{
    b->p = *p;
    b->mass = log->mass;
    b->arm_mass = log->arm_mass;
    b->length = log->length;
    b->log_kp = log->kp;
    b->dt = fric_io_log_step(log);
}

double fric_native_inertia(const fric_native_bench *b)
{
    double m = b->mass, ma = b->arm_mass, l = b->length, M = m + ma, c = (m * l + ma * l / 2) / M;
    double J_link = m * l * l + ma * l * l / 3, Ic = J_link - M * c * c;
    /* fric_mujoco_bench_mjcf's floor on the body's own inertia, kept beside
       the armature (not taken out of it) */
    double add = Ic < FRIC_BENCH_INERTIA_FLOOR ? FRIC_BENCH_INERTIA_FLOOR - (Ic > 0 ? Ic : 0) : 0;
    return J_link + add + b->p.armature;
}

fric_status fric_native_prepare(const fric_native_bench *b, fric_native_step_def *sd)
{
    const char *m = NULL;
    if (!b || !sd) {
        fric__fail_id(FRIC_E_NULL, -1, "bench.bench_step_definition",
            "native: the bench and the step definition must not be NULL.",
            fric__no_values);
        return FRIC_E_NULL;
    }
    if (fric_native_check(&b->p)) return fric__rc();
    if (bad(b->mass) || b->mass <= 0) m = fric__say_id("bench.mass_kg_finite",
                                              "native: mass = {mass} kg must be a finite load > 0.",
                                              fric__values(fric__g("mass", b->mass)));
    else if (bad(b->arm_mass) || b->arm_mass < 0)
        m = fric__say_id("bench.arm_mass_kg",
                "native: arm_mass = {arm_mass} kg must be finite and >= 0 (0: no arm).",
                fric__values(fric__g("arm_mass", b->arm_mass)));
    else if (bad(b->length) || b->length <= 0)
        m = fric__say_id("bench.length_m_finite",
                "native: length = {length} m must be a finite arm length > 0.",
                fric__values(fric__g("length", b->length)));
    if (m) return fric__rc();
    double J = fric_native_inertia(b);
    if (!(J > 0) || bad(J)) {
        fric__say_id("bench.inertia_m_l",
            "native: the inertia m·l² + m_arm·l²/3 + armature = {j} kg·m² must be finite and > 0.",
            fric__values(fric__g("j", J)));
        return fric__rc();
    }
    if (fric_native_prepare_joint(&b->p, b->log_kp, b->dt, J, sd)) return fric__rc();
    sd->grav = (b->mass + b->arm_mass / 2) * (-FRIC_BENCH_G) * b->length;
    return FRIC_OK;
}

fric_status fric_native_prepare_joint(const fric_native_params *p, double log_kp, double h, double J,
                                      fric_native_step_def *sd)
{
    const char *m = NULL;
    if (!p || !sd) {
        fric__fail_id(FRIC_E_NULL, -1, "bench.bench_step_definition",
            "native: the bench and the step definition must not be NULL.",
            fric__no_values);
        return FRIC_E_NULL;
    }
    if (fric_native_check(p)) return fric__rc();
    if (bad(log_kp) || log_kp < 0 || log_kp > FRIC_BENCH_KP_MAX)
        m = fric__say_id("bench.log_s_kp",
                "native: the log's kp = {log_kp} must be a firmware gain in [0, {bench_kp_max}].",
                fric__values(fric__g("log_kp", log_kp), fric__g("bench_kp_max", FRIC_BENCH_KP_MAX)));
    else if (bad(h) || h <= 0 || h > 1)
        m = fric__say_id("bench.dt_s_finite",
                "native: dt = {dt} s must be a finite step in (0, 1] s.",
                fric__values(fric__g("dt", h)));
    else if (bad(J) || !(J > 0))
        m = fric__say_id("ident.inertia_positive",
                "native: the joint's inertia = {j} kg·m² must be finite and > 0.",
                fric__values(fric__g("j", J)));
    if (m) return fric__rc();
    sd->h = h;
    sd->grav = 0;
    sd->q_offset = p->q_offset;
    sd->kp = fric_native_kp_for(p, log_kp);
    sd->kv = p->kv;
    sd->lo = fric_native_limited(p) ? p->forcerange_lo : -INFINITY;
    sd->hi = fric_native_limited(p) ? p->forcerange_hi : INFINITY;
    sd->damping = p->damping;
    sd->floss = p->frictionloss;
    /* getsolparam's clamps, getimpedance at distance 0 */
    const double *si = p->solimpfriction;
    double dmin = fmin(FRIC_NATIVE_IMP_MAX, fmax(FRIC_NATIVE_IMP_MIN, si[0]));
    double dmax = fmin(FRIC_NATIVE_IMP_MAX, fmax(FRIC_NATIVE_IMP_MIN, si[1]));
    double width = fmax(0, si[2]);
    double imp = (dmin == dmax || width <= NATIVE_MINVAL) ? 0.5 * (dmin + dmax) : dmin;
    double timeconst = fmax(p->solreffriction_timeconst, 2 * h);
    sd->imp = imp;
    sd->B = 2 / fmax(NATIVE_MINVAL, dmax * timeconst);
    fric_native_step_inertia(sd, J);
    return FRIC_OK;
}

void fric_native_step_inertia(fric_native_step_def *sd, double J)
{
    /* R = max(mjMINVAL, (1 − imp)·(1/J)/imp); f = J·(aref − a0)/(1 + J·R) */
    double R = fmax(NATIVE_MINVAL, (1 - sd->imp) * (1 / J) / sd->imp);
    sd->J = J;
    sd->impJ = J / (1 + J * R);
    sd->inv_JhD = 1 / (J + sd->h * sd->damping);
}

/* The step's arithmetic (fric_native.h) with the external torque tau_e
 * (the bench's gravity, a robot joint's load), without counters or a
 * recorded status: 1, or 0 when the new state is not finite (s unchanged). */
static inline int native_step_tau(const fric_native_step_def *sd, fric_native_state *s, double goal,
                                  int torque_enable, double tau_e)
{
    double q = s->q, dq = s->dq;
    double ta = 0;
    if (torque_enable) {
        ta = sd->kp * goal + (-sd->kp * q + -sd->kv * dq);
        ta = ta < sd->lo ? sd->lo : ta > sd->hi ? sd->hi : ta;
    }
    double ts = tau_e + ta - sd->damping * dq;
    double a0 = ts / sd->J, aref = -sd->B * dq;
    double f = sd->impJ * (aref - a0);
    int held = 1;
    if (f > sd->floss) { f = sd->floss; held = 0; }
    else if (f < -sd->floss) { f = -sd->floss; held = 0; }
    double dq1 = dq + sd->h * (ts + f) * sd->inv_JhD;
    double q1 = q + sd->h * dq1;
    if (!isfinite(q1) || !isfinite(dq1)) return 0;
    s->q = q1;
    s->dq = dq1;
    s->tau_a = ta;
    s->tau_f = f;
    s->held = held && sd->floss > 0;
    return 1;
}

static inline int native_step_sin(const fric_native_step_def *sd, fric_native_state *s, double goal, int torque_enable,
                                  double sin_q)
{
    return native_step_tau(sd, s, goal, torque_enable, sd->grav * sin_q);
}

int fric_native_step_load(const fric_native_step_def *sd, fric_native_state *s, double goal, double tau_e)
{
    return native_step_tau(sd, s, goal, 1, tau_e);
}

/* The step with libm's sin: the exact path (replay, the MuJoCo checks). */
static inline int native_step_fast(const fric_native_step_def *sd, fric_native_state *s, double goal, int torque_enable)
{
    return native_step_sin(sd, s, goal, torque_enable, sin(s->q + sd->q_offset));
}

fric_status fric_native_step(const fric_native_step_def *sd, fric_native_state *s, double goal, int torque_enable)
{
    double q = s->q, dq = s->dq;
    if (!native_step_fast(sd, s, goal, torque_enable)) {
        fric__fail_id(FRIC_E_NONFINITE, -1, "bench.step_left_finite",
            "native: the step left the finite range from q = {q} rad, dq = {dq} rad/s (goal {goal} "
            "rad).",
            fric__values(fric__g("q", q), fric__g("dq", dq), fric__g("goal", goal)));
        return FRIC_E_NONFINITE;
    }
    s->steps++;
    s->steps_held += (uint64_t)s->held;
    s->reversals += (uint64_t)fric__reversal(&s->last_sign, s->dq);
    return FRIC_OK;
}

/* fric_native_replay's bench for the rollout (bench_replay.c). */
typedef struct {
    const fric_native_step_def *sd;
    fric_native_state *st;
} native_run;
static double native_q(const void *ctx) { return ((const native_run *)ctx)->st->q; }
static int native_run_step(void *ctx, double goal, int te)
{
    const native_run *r = ctx;
    return fric_native_step(r->sd, r->st, goal, te) != FRIC_OK;
}

fric_status fric_native_replay(const fric_native_params *p, const fric_io_log *log, double *sim_q, size_t cap,
                               fric_bench_replay_result *out, const char **why)
{
    const char *m = (p && log) ? NULL : fric__fail_id(FRIC_E_NULL, -1, "bench.parameters_log_not",
                                            "native replay: parameters and log must not be NULL.",
                                            fric__no_values);
    fric_io_error err;
    if (!m && fric_io_log_check(log, NULL, &err))
        m = fric__fail_around(FRIC_E_LOG_INVALID, -1, "native replay: %s", err.message);
    fric_native_bench b;
    fric_native_step_def sd;
    if (!m) {
        fric_native_bench_from_log(p, log, &b);
        if (fric_native_prepare(&b, &sd)) m = fric__reword("replay: %s", fric_status_last().message);
    }
    size_t N = m ? 0 : fric_io_log_samples(log);
    if (!m && N == 0) m = fric__say_id("bench.log_gives_no",
                              "native replay: the log gives no sample to simulate.",
                              fric__no_values);
    if (m) {
        if (why) *why = m;
        return fric__rc();
    }
    size_t frame = 0;
    fric_io_sample s0 = fric_io_log_sample(log, 0, &frame);
    (void)frame;
    fric_native_state st;
    memset(&st, 0, sizeof st);
    st.q = s0.position;
    st.dq = s0.speed;
    double sum = 0, max_err = 0;
    native_run run = { &sd, &st };
    size_t k = fric__bench_rollout(log, N, &run, native_q, native_run_step, sim_q, cap, &sum, &max_err);
    if (k < N) {
        fric__why(why, fric__fail_door(FRIC_E_NONFINITE, -1, "native replay: ", "bench.simulation_left_finite",
                           "the simulation left the finite range at sample {k} (t = "
                           "{h} s, q = {q} rad, dq = {dq} rad/s).",
                           fric__values(fric__u("k", k), fric__g("h", (double)k * sd.h),
                                        fric__g("q", st.q), fric__g("dq", st.dq))));
        return fric__rc();
    }
    fric__bench_replay_result(out, log, N, sum, max_err, sd.h, st.reversals, st.steps_held);
    if (why) *why = "";
    return FRIC_OK;
}

/* ------------------------------------------------------ the params file */

int fric_native_only_key(const char *key)
{
    static const char *const only[] = { "frictionloss", "firmware_kp", "kv", "forcerange_lo", "forcerange_hi" };
    if (!key) return 0;
    for (size_t i = 0; i < sizeof only / sizeof only[0]; i++)
        if (!strcmp(key, only[i])) return 1;
    return !strncmp(key, "solreffriction_", 15) || !strncmp(key, "solimpfriction_", 15);
}

void fric_native_params_start(fric_native_params *p)
{
    fric_native_params_default(p, NULL);
    p->firmware_kp = NAN;
    p->q_offset = NAN;
}

fric_status fric_native_params_key(fric_native_params *p, const char *key, fric_io_kind kind, double num,
                                   const char *str, const char *source, const char **actuator, int *model_seen,
                                   fric_io_error *err)
{
    if (!p || !key) {
        fric__fail_id(FRIC_E_NULL, -1, "bench.parameters_key_not",
            "native: the parameters and the key must not be NULL.",
            fric__no_values);
        return FRIC_E_NULL;
    }
    if (!strcmp(key, "model")) {
        if (kind != FRIC_IO_STRING || !str || strcmp(str, FRIC_NATIVE_MODEL_NAME))
            return fric_io_params_refuse(err, FRIC_IO_RANGE, -1, key, source,
                                         fric__say_id("paramskey.native_model",
                                                      "must be \"{model}\" in a native params file.",
                                                      fric__values(fric__s("model", FRIC_NATIVE_MODEL_NAME))));
        if (model_seen) *model_seen = 1;
        return FRIC_OK;
    }
    if (!strcmp(key, "actuator")) {
        const char *a = kind == FRIC_IO_STRING ? fric_bench_actuator_resolve(str) : NULL;
        if (!a)
            return fric_io_params_refuse(err, FRIC_IO_RANGE, -1, key, source,
                                         fric__say_id("paramskey.native_actuator",
                                                      "must name an actuator of the core (\"xl330\", "
                                                      "\"sts3215\", ...).", fric__no_values));
        if (actuator) *actuator = a;
        return FRIC_OK;
    }
    if (fric_io_params_fit_key(key)) {
        if (kind != FRIC_IO_NUMBER)
            return fric_io_params_refuse(err, FRIC_IO_TYPE, -1, key, source,
                                         fric__say_id("paramskey.fit_number", "must be a number (fit metadata).",
                                                      fric__no_values));
        return FRIC_OK;
    }
    double *field = NULL;
    const char *unit = "";
#define NATIVE_FIELD(k, f, u) if (!field && !strcmp(key, k)) { field = &p->f; unit = u; }
    FRIC_NATIVE_KEYS(NATIVE_FIELD)
#undef NATIVE_FIELD
    if (!field) {
        const fric_scenario *sc = fric_scenario_find("bench");
        const char *why =
            sc && fric_scenario_param_index(sc, fric_io_params_param_of_key(key)) >= 0
                ? fric__say_id("paramskey.m_key_in_native",
                               "is a key of the M1–M6 models; a native params file (\"model\": \"{model}\") "
                               "holds MuJoCo's keys only (frictionloss, damping, armature, kp, kv, ...): remove it.",
                               fric__values(fric__s("model", FRIC_NATIVE_MODEL_NAME)))
                : fric__say_id("paramskey.not_native_key",
                               "is not a key of a native params file (frictionloss, damping, armature, kp, "
                               "firmware_kp, kv, forcerange_lo/hi, solreffriction_*, solimpfriction_*, q_offset).",
                               fric__no_values);
        return fric_io_params_refuse(err, FRIC_IO_UNKNOWN_KEY, -1, key, source, why);
    }
    if (kind != FRIC_IO_NUMBER) {
        return fric_io_params_refuse(err, FRIC_IO_TYPE, -1, key, source,
                                     fric__say_id("paramskey.number_unit", "must be a number ({unit}).",
                                                  fric__values(fric__s("unit", unit[0] ? unit : "no unit"))));
    }
    *field = num;
    return FRIC_OK;
}

fric_status fric_native_params_finish(fric_native_params *p, const char *actuator, int model_seen,
                                      const char *source, fric_io_error *err)
{
    if (!model_seen || !actuator)
        return fric_io_params_refuse(err, FRIC_IO_MISSING, -1, !model_seen ? "model" : "actuator", source,
                                     fric__say_id("paramskey.native_missing",
                                                  "is missing; a native params file names \"model\": "
                                                  "\"native\" and its actuator.", fric__no_values));
    const fric_servo_actuator *a = fric_bench_actuator_find(actuator);
    if (isnan(p->firmware_kp)) p->firmware_kp = a && a->kp_default > 0 ? a->kp_default : 1;
    if (isnan(p->q_offset)) p->q_offset = a ? a->q_offset : 0;
    if (fric_native_check(p)) {
        char text[400];
        snprintf(text, sizeof text, "%s", fric_status_last().message);
        fric_io_error local;
        if (!err) err = &local;
        memset(err, 0, sizeof *err);
        err->entry = -1;
        err->code = FRIC_IO_RANGE;
        snprintf(err->message, sizeof err->message, "params %.60s: %.300s", source ? source : "", text);
        fric__fail_around(FRIC_E_PARAMS_INVALID, -1, "%s", err->message);
        return FRIC_E_PARAMS_INVALID;
    }
    return FRIC_OK;
}

/* ------------------------------------------------------------ the batch */

fric_status fric_native_batch_mae_lanes(const fric_bench_batch *b, const fric_native_params *p, size_t count,
                                        int isa, double *mae, double *q_sim, const char **why)
{
    if (!b || !p || !mae || count == 0) {
        fric__why(why, fric__fail_id(FRIC_E_NULL, -1, "bench.batch_sets_count",
                           "native batch: the batch, the sets (count >= 1) and mae must be given.",
                           fric__no_values));
        return FRIC_E_NULL;
    }
    if (isa != FRIC_BENCH_LANES_AUTO && isa != FRIC_BENCH_LANES_GENERIC && isa != FRIC_BENCH_LANES_AVX2 &&
        isa != FRIC_BENCH_LANES_AVX512) {
        fric__why(why, fric__fail_id(FRIC_E_UNSUPPORTED, -1, "bench.isa_not_lane",
                           "native batch: isa = {isa} is not a lane kernel.",
                           fric__values(fric__i("isa", isa))));
        return FRIC_E_UNSUPPORTED;
    }
    size_t N = b->logs, S = b->samples;
    /* every set checked for every log first: nothing is stepped on a refusal */
    for (size_t c = 0; c < count; c++)
        for (size_t i = 0; i < N; i++) {
            fric_native_bench nb;
            fric_native_step_def sd;
            fric_native_bench_from_log(&p[c], &b->header[i], &nb);
            nb.dt = b->header[i].dt;
            if (fric_native_prepare(&nb, &sd)) {
                fric__why(why, fric__reword("native batch: set %zu, log %zu: %s", c, i, fric_status_last().message));
                return fric__rc();
            }
        }
    /* all (set, log) pairs advance together, one sample at a time (the
       structure of arrays of fric_bench_batch): each pair's step is a short
       dependency chain (a sin, a clamp, the force), so the CPU overlaps the
       chains of neighbouring pairs; the scalar step itself, so mae equals
       fric_native_replay's per log, bit for bit (the core's 2-lane vector
       sin of lanes.h in its place measured slower here: 28 against 16 ns
       per log-step) */
    enum { CHUNK = 64 };
    fric_native_step_def sd[CHUNK];
    fric_native_state st[CHUNK];
    double sum[CHUNK];
    unsigned char live[CHUNK];
    size_t total = count * N;
    for (size_t base = 0; base < total; base += CHUNK) {
        size_t m = total - base < CHUNK ? total - base : CHUNK;
        for (size_t l = 0; l < m; l++) {
            size_t lane = base + l, c = lane / N, i = lane % N;
            fric_native_bench nb;
            fric_native_bench_from_log(&p[c], &b->header[i], &nb);
            nb.dt = b->header[i].dt;
            fric_native_prepare(&nb, &sd[l]);
            memset(&st[l], 0, sizeof st[l]);
            st[l].q = b->q_rec[i];
            st[l].dq = b->dq0 ? b->dq0[i] : 0;
            sum[l] = 0;
            live[l] = 1;
        }
        for (size_t k = 0; k < S; k++)
            for (size_t l = 0; l < m; l++) {
                size_t lane = base + l, i = lane % N, j = k * N + i;
                if (!live[l] || k >= b->n[i]) continue;
                sum[l] += fabs(st[l].q - b->q_rec[j]);
                if (q_sim) q_sim[k * count * N + lane] = st[l].q;
                live[l] = (unsigned char)native_step_fast(&sd[l], &st[l], b->goal[j], b->torque_enable[j]);
            }
        for (size_t l = 0; l < m; l++) {
            size_t lane = base + l, i = lane % N;
            mae[lane] = live[l] ? sum[l] / (double)b->n[i] : NAN;
        }
    }
    if (why) *why = "";
    return FRIC_OK;
}
