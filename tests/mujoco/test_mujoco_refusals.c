/*
 * test_mujoco_refusals.c: a refusal of each fric_status call of the
 * optional MuJoCo module (fric_mujoco.h), which tests/law/test_refusals.c's
 * walker reads for them (this file is built only where MuJoCo is
 * installed). A valid input with ONE parameter broken: the return is the
 * code the header documents, equal to fric_status_last().code, with the
 * parameter index −1 (the header documents none) and a message naming the
 * parameter.
 */
#include <math.h>
#include <string.h>

#include "test_main.h"

#include "fric_mujoco.h"
#include "fric_ident.h"
#include "bench_logs.h"
#include "status_expect.h"

static void test_mujoco_refusals(void **state)
{
    (void)state;
    fric_bench_def def;
    fric_bench_def_from_preset(fric_bench_preset_find("xl330", 1), &def);
    char xml[4096];
    assert_true(fric_mujoco_bench_mjcf(&def, xml, sizeof xml) < (int)sizeof xml);
    const char *why = NULL;
    mjModel *m = fric_mujoco_load_string(xml, &why);
    if (!m) fail_msg("%s", why);
    mjData *d = mj_makeData(m);
    static fric_mujoco fm;
    fric_mujoco_joint_def jd = { .joint = "joint", .servo = 1, .bench = def };
    assert_int_equal(fric_mujoco_init(&fm, m, d, &jd, 1, FRIC_MUJOCO_IMPLICIT, &why), FRIC_OK);
    /* a joint the model lacks */
    fric_mujoco_joint_def bad = jd;
    bad.joint = "no_such_joint";
    REFUSE(fric_mujoco_init(&fm, m, d, &bad, 1, FRIC_MUJOCO_IMPLICIT, &why), FRIC_E_UNKNOWN_NAME, -1,
           "joint");
    /* the replays: a log whose header mass is 0; a model whose timestep
     * (1 ms) is not the log's step (10 ms) */
    bench_small_log sl;
    bench_small_log_make(&sl);
    fric_bench_replay_result r;
    sl.log.mass = 0;
    REFUSE(fric_mujoco_replay(&def, &sl.log, FRIC_MUJOCO_IMPLICIT, &r, &why), FRIC_E_LOG_INVALID, -1,
           "\"mass\" = ");
    /* the native replay: the same log; then a native set with a negative frictionloss */
    fric_native_params np;
    fric_native_params_default(&np, NULL);
    REFUSE(fric_mujoco_native_replay(&np, &sl.log, NULL, 0, &r, &why), FRIC_E_LOG_INVALID, -1, "\"mass\" = ");
    sl.log.mass = 0.5;
    np.frictionloss = -0.1;
    REFUSE(fric_mujoco_native_replay(&np, &sl.log, NULL, 0, &r, &why), FRIC_E_PARAM_RANGE, -1, "frictionloss = -0.1");
    sl.log.mass = 0.5;
    assert_int_equal(fric_mujoco_init(&fm, m, d, &jd, 1, FRIC_MUJOCO_IMPLICIT, &why), FRIC_OK);
    REFUSE(fric_mujoco_replay_model(&fm, m, d, &sl.log, NULL, 0, &r, &why), FRIC_E_PARAM_RANGE, -1,
           "timestep");
    /* adopting: a mapping naming a joint the bench's model lacks */
    fric_mujoco_map_entry map[1];
    int nmap = 0;
    assert_int_equal(fric_mujoco_map_parse("elbow=xl330/m1", map, 1, &nmap, &why), FRIC_OK);
    static fric_mujoco_adoption adoption;   /* about 100 KB */
    REFUSE(fric_mujoco_adopt_model(&fm, m, d, map, &def, nmap, 0, FRIC_MUJOCO_IMPLICIT, &adoption, &why),
           FRIC_E_UNKNOWN_NAME, -1, "no joint named 'elbow'");
    /* the robot layer's adoption of the model (fric_mujoco_robot_adopt): the same mapping */
    fric_robot *robot = fric_mujoco_robot_create(m, &why);
    assert_non_null(robot);
    assert_int_equal(fric_robot_map_set(robot, map, nmap, &why), FRIC_OK);
    REFUSE(fric_mujoco_robot_adopt(robot, m, d, &def, nmap, 0, &why), FRIC_E_UNKNOWN_NAME, -1,
           "no joint named 'elbow'");
    /* a native servo on the bench's joint, which has no actuator to run it */
    fric_native_params own;
    fric_native_params_default(&own, NULL);
    const unsigned char native1[1] = { 1 };
    assert_int_equal(fric_robot_map(robot, "joint=@n", &why), FRIC_OK);
    REFUSE(fric_mujoco_robot_adopt_native(robot, m, d, &def, &own, native1, 1, 0, &why), FRIC_E_UNSUPPORTED, -1,
           "joint 'joint' has no actuator");
    fric_robot_destroy(robot);
    mj_deleteData(d);
    mj_deleteModel(m);
    /* the recording recipe's joints: a driven joint without a range */
    static const char free_xml[] =
        "<mujoco><worldbody><body><joint name=\"spin\" type=\"hinge\" axis=\"0 0 1\"/><geom size=\"0.1\"/>"
        "</body></worldbody><actuator><position name=\"spin\" joint=\"spin\" kp=\"5\"/></actuator></mujoco>";
    m = fric_mujoco_load_string(free_xml, &why);
    if (!m) fail_msg("%s", why);
    fric_recipe_def rd = fric_recipe_default();
    REFUSE(fric_mujoco_recipe_joints(m, &rd, &why), FRIC_E_PARAM_RANGE, -1, "joint spin has no range");
    /* identifying each joint's servo (fric_ident.h): a recording's joint the
     * model lacks, named with the model's hinge joints, at each door */
    {
        static const double t[2] = { 0, 0.1 }, g[2] = { 0, 0 }, q[2] = { 0, 0 };
        fric_recording rec = { .n = 2, .joints = 1, .t = t, .goal = g, .pos = q };
        strcpy(rec.name[0], "elbow");
        int jnt[1], act[1];
        REFUSE(fric_mujoco_ident_joints(m, &rec, jnt, act, &why), FRIC_E_UNKNOWN_NAME, -1,
               "joint elbow is not a hinge joint of the MJCF; its hinge joints are spin");
        fric_ident_tracks tr;
        assert_int_equal(fric_ident_tracks_create(&rec, &tr, &why), FRIC_OK);
        REFUSE(fric_mujoco_ident_tracks(m, &rec, &tr, &why), FRIC_E_UNKNOWN_NAME, -1, "joint elbow");
        fric_ident_tracks_destroy(&tr);
        double sim[2];
        REFUSE(fric_mujoco_ident_replay(m, &rec, NULL, NULL, 16, sim, &why), FRIC_E_UNKNOWN_NAME, -1, "joint elbow");
    }
    mj_deleteModel(m);
}

FRIC_TEST_MAIN(cmocka_unit_test(test_mujoco_refusals))
