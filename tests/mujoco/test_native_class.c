/*
 * test_native_class.c: the native parameters' <default> class
 * (fric_native_class_mjcf, fric_adapter.h; `friction mujoco-model --class`)
 * in real MuJoCo 2.2.2. The class file is written to a temporary folder and
 * <include>d by a model whose hinge and <general> actuator name the class;
 * mj_loadXML compiles it, and the compiled mjModel's dof_frictionloss,
 * dof_damping, dof_armature, dof_solref, dof_solimp, actuator gaintype,
 * biastype, gainprm, biasprm, forcelimited and forcerange must be the
 * parameters given (numbers written here, MuJoCo's kp for a firmware gain
 * k computed here by hand as kp·k/firmware_kp): MuJoCo reads them, not the
 * writer's text. The MuJoCo 3 form (<position kv>) is refused by 2.2.2,
 * which is why the 2.2.2 form exists. The class element nested as the
 * recipe says in the class a hinge and its actuator take their axis,
 * range, ctrlrange and a force limit from: the compiled hinge and actuator
 * keep those, the native numbers win, and a set without a force limit is
 * not limited by the parent's forcerange.
 * Round trip: for a native set per actuator, each of the 16 xl330 logs and
 * the 4 raw sts3215 logs is replayed by real MuJoCo 2.2.2 on the log's
 * bench MJCF (fric_native_bench_mjcf of an empty set: the body, the
 * timestep, the set's q_offset) whose joint and actuator carry nothing but class="servo_native"
 * from the <include>d class written for the log's firmware kp; its MAE
 * (qpos against the log, ctrl = goal, actuation disabled with torque off)
 * equals the core's fric_native_replay of the set within 1e-9 rad per log.
 * The fitted round trip: a native set fitted by the core (fric_native_fit,
 * seed 1, 600 evaluations) on the 16 xl330 logs and on the 4 raw sts3215
 * logs, written as its params file (fric_native_params_write) and read back
 * (fric_native_params_read), exported as the class per log: real MuJoCo
 * gives per log the MAE the fit reports for it (fric_native_loss), 1e-9 rad.
 * Skips (fails under CI=true) without ../shared/data. Built only with MuJoCo (make test
 * installs libmujoco-dev; tests/cli/mujoco.sh fails under CI=true without it).
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "test_main.h"

#include "bench_json.h"
#include "bench_logs.h"
#include "fric_adapter.h"
#include "fric_fit.h"
#include "fric_io.h"
#include "fric_mujoco.h"
#include "mujoco_log_ref.h"
#include "native_sets.h"

static char dir[64];

static int make_dir(void **state)
{
    (void)state;
    snprintf(dir, sizeof dir, "/tmp/fx-native-class-XXXXXX");
    return mkdtemp(dir) ? 0 : -1;
}

static void put(const char *name, const char *text)
{
    char path[128];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    assert_true(fputs(text, f) >= 0);
    assert_int_equal(fclose(f), 0);
}

/* The model: a hinge and a <general> actuator of class "servo_native",
 * the class from native.xml. NULL with err when MuJoCo refuses it. */
static mjModel *load(char *err, int cap)
{
    put("model.xml",
        "<mujoco>\n"
        "  <option timestep=\"0.005\" integrator=\"Euler\"/>\n"
        "  <include file=\"native.xml\"/>\n"
        "  <worldbody><body name=\"arm\">\n"
        "    <joint name=\"hinge\" type=\"hinge\" axis=\"0 1 0\" class=\"servo_native\"/>\n"
        "    <inertial pos=\"0 0 -0.1\" mass=\"0.5\" diaginertia=\"1e-4 1e-4 1e-4\"/>\n"
        "  </body></worldbody>\n"
        "  <actuator><general name=\"servo\" joint=\"hinge\" class=\"servo_native\"/></actuator>\n"
        "</mujoco>\n");
    char path[128];
    snprintf(path, sizeof path, "%s/model.xml", dir);
    return mj_loadXML(path, NULL, err, cap);
}

static void same(double got, double want, const char *what)
{
    if (got != want) fail_msg("%s: MuJoCo compiled %.17g, the parameter is %.17g", what, got, want);
}

/* p written for firmware gain k (kp_mj: MuJoCo's kp, computed by the
 * caller), loaded, and every compiled number checked. */
static void check(const fric_native_params *p, double k, double kp_mj)
{
    char text[4096], err[1000] = "";
    int n = fric_native_class_mjcf(p, "servo_native", k, FRIC_NATIVE_MUJOCO222, 1, text, sizeof text);
    if (n < 0) fail_msg("the writer refused: %s", fric_status_last().message);
    assert_true(n < (int)sizeof text);
    put("native.xml", text);
    mjModel *m = load(err, sizeof err);
    if (!m) fail_msg("MuJoCo %s refused the class: %s\n%s", mj_versionString(), err, text);
    assert_int_equal(m->nv, 1);
    assert_int_equal(m->nu, 1);
    same(m->dof_frictionloss[0], p->frictionloss, "dof_frictionloss");
    same(m->dof_damping[0], p->damping, "dof_damping");
    same(m->dof_armature[0], p->armature, "dof_armature");
    same(m->dof_solref[0], p->solreffriction_timeconst, "dof_solref[0]");
    same(m->dof_solref[1], p->solreffriction_dampratio, "dof_solref[1]");
    for (int i = 0; i < 5; i++) same(m->dof_solimp[i], p->solimpfriction[i], "dof_solimp");
    assert_int_equal(m->actuator_trntype[0], mjTRN_JOINT);
    assert_int_equal(m->actuator_gaintype[0], mjGAIN_FIXED);
    assert_int_equal(m->actuator_biastype[0], mjBIAS_AFFINE);
    assert_true(fabs(m->actuator_gainprm[0] - kp_mj) <= 1e-15 * kp_mj);
    assert_true(fabs(m->actuator_biasprm[1] + kp_mj) <= 1e-15 * kp_mj);
    same(m->actuator_biasprm[0], 0, "actuator_biasprm[0]");
    same(m->actuator_biasprm[2], -p->kv, "actuator_biasprm[2] (−kv)");
    int limited = !(p->forcerange_lo == 0 && p->forcerange_hi == 0);
    assert_int_equal(m->actuator_forcelimited[0], limited);
    if (limited) {
        same(m->actuator_forcerange[0], p->forcerange_lo, "actuator_forcerange[0]");
        same(m->actuator_forcerange[1], p->forcerange_hi, "actuator_forcerange[1]");
    }
    mj_deleteModel(m);
}

static fric_native_params base(void)
{
    fric_native_params p = NATIVE_SET(.frictionloss = 0.052, .damping = 0.031, .armature = 0.0047, .kp = 3.2,
                                      .firmware_kp = 100, .kv = 0.12, .forcerange = 0.6);
    p.solreffriction_timeconst = 0.015;
    p.solreffriction_dampratio = 1.3;
    const double si[5] = { 0.8, 0.97, 0.002, 0.4, 3 };
    memcpy(p.solimpfriction, si, sizeof si);
    return p;
}

static void test_class_in_mujoco222(void **state)
{
    (void)state;
    fric_native_params p = base();
    check(&p, 100, 3.2);                  /* at firmware_kp: kp itself */
    check(&p, 32, 3.2 * 32 / 100);        /* another firmware gain: 1.024 N·m/rad */
    /* MuJoCo's defaults for the friction constraint, no force limit, a
     * large frictionloss and odd digits */
    fric_native_params q;
    fric_native_params_default(&q, NULL);
    q.frictionloss = 1.2345678901234567;
    q.damping = 0;
    q.armature = 0.01;
    q.kp = 20;
    q.firmware_kp = 32;
    q.kv = 0;
    check(&q, 32, 20);
    same(q.solreffriction_timeconst, 0.02, "the default timeconst");   /* MuJoCo's own defaults */
    same(q.solimpfriction[0], 0.9, "the default dmin");
    printf("native class: loaded in MuJoCo %s, every compiled number the parameter's\n", mj_versionString());
}

/* The class element (document 0) nested, as the recipe says, in the class a
 * hinge and its actuator take their values from (a Menagerie arm's: the
 * axis, the range, the ctrlrange, a force limit of the arm's own), the
 * hinge naming no axis: the compiled hinge keeps the parent's axis 0 1 0
 * and range, the actuator its ctrlrange, and the native numbers win over
 * the parent's damping and forcerange; a set without a force limit is not
 * limited (the parent's forcerange ±10 N·m does not reach it). */
static void nested(const fric_native_params *p, int limited)
{
    char cls[2048], text[8192], err[1000] = "", path[128];
    int n = fric_native_class_mjcf(p, "servo_native", p->firmware_kp, FRIC_NATIVE_MUJOCO222, 0, cls, sizeof cls);
    if (n < 0 || n >= (int)sizeof cls) fail_msg("the writer refused: %s", fric_status_last().message);
    n = snprintf(text, sizeof text,
        "<mujoco>\n"
        "  <compiler angle=\"radian\"/>\n"
        "  <option timestep=\"0.005\" integrator=\"Euler\"/>\n"
        "  <default>\n"
        "    <default class=\"arm\">\n"
        "      <joint type=\"hinge\" axis=\"0 1 0\" limited=\"true\" range=\"-1 1.5\" damping=\"2\"/>\n"
        "      <general ctrllimited=\"true\" ctrlrange=\"-1 1.5\" forcelimited=\"true\" forcerange=\"-10 10\"/>\n"
        "%s"
        "    </default>\n"
        "  </default>\n"
        "  <worldbody><body name=\"arm\" childclass=\"arm\">\n"
        "    <joint name=\"hinge\" class=\"servo_native\"/>\n"
        "    <inertial pos=\"0 0 -0.1\" mass=\"0.5\" diaginertia=\"1e-4 1e-4 1e-4\"/>\n"
        "  </body></worldbody>\n"
        "  <actuator><general name=\"servo\" joint=\"hinge\" class=\"servo_native\"/></actuator>\n"
        "</mujoco>\n", cls);
    assert_true(n > 0 && n < (int)sizeof text);
    put("nested.xml", text);
    snprintf(path, sizeof path, "%s/nested.xml", dir);
    mjModel *m = mj_loadXML(path, NULL, err, sizeof err);
    if (!m) fail_msg("MuJoCo %s refused the nested class: %s\n%s", mj_versionString(), err, text);
    same(m->jnt_axis[0], 0, "jnt_axis x (the parent's)");
    same(m->jnt_axis[1], 1, "jnt_axis y (the parent's)");
    same(m->jnt_axis[2], 0, "jnt_axis z (the parent's)");
    assert_int_equal(m->jnt_limited[0], 1);
    same(m->jnt_range[0], -1, "jnt_range lo (the parent's)");
    same(m->jnt_range[1], 1.5, "jnt_range hi (the parent's)");
    assert_int_equal(m->actuator_ctrllimited[0], 1);
    same(m->actuator_ctrlrange[0], -1, "actuator_ctrlrange lo (the parent's)");
    same(m->actuator_ctrlrange[1], 1.5, "actuator_ctrlrange hi (the parent's)");
    same(m->dof_damping[0], p->damping, "dof_damping (the class's over the parent's 2)");
    same(m->dof_frictionloss[0], p->frictionloss, "dof_frictionloss");
    assert_true(fabs(m->actuator_gainprm[0] - p->kp) <= 1e-15 * p->kp);   /* kp·fw/fw */
    same(m->actuator_biasprm[2], -p->kv, "actuator_biasprm[2] (-kv)");
    assert_int_equal(m->actuator_forcelimited[0], limited);
    if (limited) {
        same(m->actuator_forcerange[0], p->forcerange_lo, "actuator_forcerange[0]");
        same(m->actuator_forcerange[1], p->forcerange_hi, "actuator_forcerange[1]");
    }
    mj_deleteModel(m);
}

static void test_class_nested_in_mujoco222(void **state)
{
    (void)state;
    fric_native_params p = base();
    nested(&p, 1);
    p.forcerange_lo = p.forcerange_hi = 0;   /* no force limit */
    nested(&p, 0);
}

static void test_mujoco3_form_refused_by_222(void **state)
{
    (void)state;
    fric_native_params p = base();
    char text[4096], err[1000] = "";
    assert_true(fric_native_class_mjcf(&p, "servo_native", 100, FRIC_NATIVE_MUJOCO3, 1, text, sizeof text) > 0);
    put("native.xml", text);
    mjModel *m = load(err, sizeof err);
    if (m) {
        mj_deleteModel(m);
        fail_msg("MuJoCo 2.2.2 loaded <position kv>: the 2.2.2 form would not be needed");
    }
    assert_non_null(strstr(err, "kv"));
}

/* The bench MJCF of log L without native values (an empty set: MuJoCo's
 * defaults, so the file's joint and actuator state none; q_offset, the
 * bench's calibration which no class carries, p's), its joint and actuator
 * lines replaced by class="servo_native" ones and native.xml included;
 * loaded from the folder. */
static mjModel *bench_with_class(const fric_io_log *L, const fric_native_params *p)
{
    fric_native_params none;
    fric_native_params_default(&none, NULL);
    none.q_offset = p->q_offset;
    fric_native_bench b;
    fric_native_bench_from_log(&none, L, &b);
    static char xml[8192], out[8192];
    int len = fric_native_bench_mjcf(&b, xml, sizeof xml);
    assert_true(len > 0 && len < (int)sizeof xml);
    size_t o = 0;
    int joint = 0, act = 0;
    for (char *line = xml, *nl; *line; line = nl + 1) {
        nl = strchr(line, '\n');
        assert_non_null(nl);
        const char *put_line = NULL;
        static const char jl[] = "      <joint name=\"joint\" type=\"hinge\" axis=\"0 1 0\"";
        if (strncmp(line, jl, sizeof jl - 1) == 0) {
            put_line = "      <joint name=\"joint\" type=\"hinge\" axis=\"0 1 0\" class=\"servo_native\"/>\n";
            joint++;
        } else if (strncmp(line, "    <general ", 13) == 0) {
            put_line = "    <general name=\"servo\" joint=\"joint\" class=\"servo_native\"/>\n";
            act++;
        }
        int k = put_line ? snprintf(out + o, sizeof out - o, "%s", put_line)
                         : snprintf(out + o, sizeof out - o, "%.*s", (int)(nl - line + 1), line);
        assert_true(k > 0 && (size_t)k < sizeof out - o);
        o += (size_t)k;
        if (strncmp(line, "<mujoco", 7) == 0) {
            k = snprintf(out + o, sizeof out - o, "  <include file=\"native.xml\"/>\n");
            o += (size_t)k;
        }
    }
    if (joint != 1 || act != 1) fail_msg("the bench MJCF has %d joint and %d actuator lines:\n%s", joint, act, xml);
    put("bench.xml", out);
    char path[128], err[1000] = "";
    snprintf(path, sizeof path, "%s/bench.xml", dir);
    mjModel *m = mj_loadXML(path, NULL, err, sizeof err);
    if (!m) fail_msg("MuJoCo refused the bench with the class: %s\n%s", err, out);
    return m;
}

/* The logs of logdir replayed by MuJoCo with p's class, each MAE against
 * want[i] (NULL: the core's fric_native_replay of p), 1e-9 rad. */
static void round_trip(const char *logdir, const char *const *names, int nlogs, const fric_native_params *p,
                       const double *want)
{
    static fric_io_log logs[BENCH_N_XL330];
    const fric_io_log *ptr[BENCH_N_XL330];
    const char *bad = bench_logs_read(logdir, names, nlogs, logs, ptr);
    if (bad) fail_msg("%s", bad);
    double worst = 0, mean = 0;
    for (int i = 0; i < nlogs; i++) {
        char text[4096];
        int n = fric_native_class_mjcf(p, "servo_native", logs[i].kp, FRIC_NATIVE_MUJOCO222, 1, text, sizeof text);
        if (n < 0) fail_msg("%s", fric_status_last().message);
        put("native.xml", text);
        mjModel *m = bench_with_class(&logs[i], p);
        double mj = mujoco_log_mae(m, &logs[i], NULL, 0);
        mj_deleteModel(m);
        fric_bench_replay_result r;
        const char *why = NULL;
        if (want) r.mae = want[i];
        else if (fric_native_replay(p, &logs[i], NULL, 0, &r, &why)) fail_msg("%s", why);
        double e = fabs(mj - r.mae);
        if (e > 1e-9) fail_msg("%s: MuJoCo 2.2.2 with the class: MAE %.17g rad, the core's %s %.17g rad",
                               names[i], mj, want ? "fit reported" : "native replay", r.mae);
        worst = e > worst ? e : worst;
        mean += mj / nlogs;
    }
    print_message("native class round trip%s, %s: %d logs, mean MAE %.6f rad, max |ΔMAE| %.3g rad (MuJoCo %s)\n",
                  want ? " (fitted)" : "", logdir, nlogs, mean, worst, mj_versionString());
    for (int i = 0; i < nlogs; i++) fric_io_log_destroy(&logs[i]);
}

static void test_round_trip(void **state)
{
    (void)state;
    BENCH_SKIP_WITHOUT_DATA(BENCH_XL330_DIR "/2026-01-15_10h28m10.json", BENCH_LOGS_DIR);
    /* a set per actuator: kp stated at a firmware gain the logs do not all
     * have (so the class's kp is scaled per log), a frictionloss that
     * holds, a soft constraint, a force limit */
    fric_native_params xl = NATIVE_SET(.frictionloss = 0.07, .damping = 0.04, .armature = 0.003, .kp = 5,
                                       .firmware_kp = 400, .kv = 0.1, .forcerange = 0.5);
    xl.solreffriction_timeconst = 0.03;
    xl.solimpfriction[0] = 0.8;
    round_trip(BENCH_XL330_DIR, bench_xl330_logs, BENCH_N_XL330, &xl, NULL);
    BENCH_SKIP_WITHOUT_DATA(BENCH_STS3215_DIR "/2024-10-26_12h23m27.json", BENCH_LOGS_DIR);
    fric_native_params sts = xl;
    sts.frictionloss = 0.5;
    sts.armature = 0.004;
    sts.kp = 6;
    sts.firmware_kp = 32;
    sts.forcerange_lo = -1.2;
    sts.forcerange_hi = 1.2;
    sts.q_offset = 0.02;
    round_trip(BENCH_STS3215_DIR, bench_sts3215_logs, BENCH_N_STS3215, &sts, NULL);
}

/* A set fitted on the logs of logdir, through its params file, round-tripped. */
static void fitted_round_trip(const char *logdir, const char *const *names, int nlogs, const char *actuator)
{
    static fric_io_log logs[BENCH_N_XL330];
    const fric_io_log *ptr[BENCH_N_XL330];
    const char *bad = bench_logs_read(logdir, names, nlogs, logs, ptr), *why = NULL;
    if (bad) fail_msg("%s", bad);
    fric_fit_batch fb = { 0 };
    if (fric_fit_batch_create(ptr, (size_t)nlogs, &fb, &why)) fail_msg("%s", why);
    fric_native_params start, best, back;
    fric_native_fit_space box;
    fric_native_fit_space_default(actuator, &box);
    fric_native_fit_start(fric_bench_actuator_find(actuator), &box, &start);
    double loss = 0, mae[BENCH_N_XL330];
    if (fric_native_fit(&fb.b, &start, &box, 600, 1, &best, &loss, NULL, &why)) fail_msg("%s", why);
    double mean = fric_native_loss(&fb.b, &best, mae);
    assert_true(fabs(mean - loss) <= 1e-12 * loss);
    fric_fit_batch_destroy(&fb);
    for (int i = 0; i < nlogs; i++) fric_io_log_destroy(&logs[i]);
    /* the params file written and read back: what the export is given */
    static char text[4096];
    size_t len = 0;
    assert_int_equal(fric_native_params_write(&best, actuator, NULL, text, sizeof text, &len), FRIC_OK);
    put("fitted.json", text);
    char path[128];
    snprintf(path, sizeof path, "%s/fitted.json", dir);
    fric_io_error err;
    const char *act = NULL;
    if (fric_native_params_read(path, &back, &act, &err)) fail_msg("%s", err.message);
    unlink(path);
    round_trip(logdir, names, nlogs, &back, mae);
}

static void test_fitted_round_trip(void **state)
{
    (void)state;
    BENCH_SKIP_WITHOUT_DATA(BENCH_XL330_DIR "/2026-01-15_10h28m10.json", BENCH_LOGS_DIR);
    fitted_round_trip(BENCH_XL330_DIR, bench_xl330_logs, BENCH_N_XL330, "xl330");
    BENCH_SKIP_WITHOUT_DATA(BENCH_STS3215_DIR "/2024-10-26_12h23m27.json", BENCH_LOGS_DIR);
    fitted_round_trip(BENCH_STS3215_DIR, bench_sts3215_logs, BENCH_N_STS3215, "sts3215");
}

static int remove_dir(void **state)
{
    (void)state;
    char path[128];
    snprintf(path, sizeof path, "%s/model.xml", dir);
    unlink(path);
    snprintf(path, sizeof path, "%s/native.xml", dir);
    unlink(path);
    snprintf(path, sizeof path, "%s/bench.xml", dir);
    unlink(path);
    snprintf(path, sizeof path, "%s/nested.xml", dir);
    unlink(path);
    return rmdir(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = { cmocka_unit_test(test_class_in_mujoco222),
                                        cmocka_unit_test(test_class_nested_in_mujoco222),
                                        cmocka_unit_test(test_mujoco3_form_refused_by_222),
                                        cmocka_unit_test(test_round_trip),
                                        cmocka_unit_test(test_fitted_round_trip) };
    return cmocka_run_group_tests(tests, make_dir, remove_dir);
}
