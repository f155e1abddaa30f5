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
 * which is why the 2.2.2 form exists. Built only with MuJoCo (make test
 * installs libmujoco-dev; tests/cli/mujoco.sh fails under CI=true without it).
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "test_main.h"

#include "fric_adapter.h"
#include "fric_mujoco.h"

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
    fric_native_params p;
    fric_native_params_default(&p, NULL);
    p.frictionloss = 0.052;
    p.damping = 0.031;
    p.armature = 0.0047;
    p.kp = 3.2;
    p.firmware_kp = 100;
    p.kv = 0.12;
    p.forcerange_lo = -0.6;
    p.forcerange_hi = 0.6;
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

static int remove_dir(void **state)
{
    (void)state;
    char path[128];
    snprintf(path, sizeof path, "%s/model.xml", dir);
    unlink(path);
    snprintf(path, sizeof path, "%s/native.xml", dir);
    unlink(path);
    return rmdir(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = { cmocka_unit_test(test_class_in_mujoco222),
                                        cmocka_unit_test(test_mujoco3_form_refused_by_222) };
    return cmocka_run_group_tests(tests, make_dir, remove_dir);
}
