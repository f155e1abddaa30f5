/*
 * test_mjcf_plan_mujoco.c: MuJoCo 2.2.2 as the independent reference of
 * fric_mjcf_plan (fric_adapter.h): a model MuJoCo loads is read from
 * exactly the files its plan lists. The fixture (written here): scene.xml
 * with <compiler texturedir="assets" meshdir="geo" strippath="true"/>
 * (2.2.2 has no assetdir: tests/adapter/test_mjcf_plan.c has it), an
 * <include file="parts/arm.xml"/> and a <texture file="any/where/wood.png">;
 * parts/arm.xml with a <mesh file="tet.stl"> (a tetrahedron, binary STL)
 * on a hinged body. By MuJoCo's rules (its XML reference, "include" and
 * "compiler") the files are scene.xml, parts/arm.xml, geo/tet.stl (meshdir)
 * and assets/wood.png (texturedir; strippath: wood.png), which
 * the plan must list; then MuJoCo must load the model from a folder holding
 * only those four files, and refuse it when any one of them is taken away
 * (each is needed), with decoys beside them (a mesh where the include's
 * folder would put it, parts/geo/tet.stl) changing nothing.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "test_main.h"

#include <mujoco/mujoco.h>

#include "fric_adapter.h"

static char dir[64];

static int make_dir(void **state)
{
    (void)state;
    snprintf(dir, sizeof dir, "/tmp/fx-mjcf-plan-XXXXXX");
    return mkdtemp(dir) ? 0 : -1;
}

/* name under dir (its folders made), bytes[n]. */
static void put(const char *name, const void *bytes, size_t n)
{
    char path[256];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    for (char *s = strchr(path + strlen(dir) + 1, '/'); s; s = strchr(s + 1, '/')) {
        *s = '\0';
        mkdir(path, 0700);
        *s = '/';
    }
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(bytes, 1, n, f), n);
    assert_int_equal(fclose(f), 0);
}

/* A tetrahedron of side 0.1 m as binary STL: 80-byte header, 4 triangles
 * of (normal, 3 vertices, attribute). */
static void put_tet(const char *name)
{
    unsigned char b[84 + 4 * 50];
    memset(b, 0, sizeof b);
    const float v[4][3] = { { 0, 0, 0 }, { 0.1f, 0, 0 }, { 0, 0.1f, 0 }, { 0, 0, 0.1f } };
    const int tri[4][3] = { { 0, 2, 1 }, { 0, 1, 3 }, { 0, 3, 2 }, { 1, 2, 3 } };   /* outward */
    const unsigned int n = 4;
    memcpy(b + 80, &n, 4);
    for (int t = 0; t < 4; t++)
        for (int k = 0; k < 3; k++) memcpy(b + 84 + 50 * t + 12 + 12 * k, v[tri[t][k]], 12);
    put(name, b, sizeof b);
}

/* A 1×1 RGB PNG (its CRCs and zlib stream computed with Python's zlib). */
static const unsigned char png[69] = {
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00,
    0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x02, 0x00, 0x00, 0x00, 0x90, 0x77, 0x53, 0xde, 0x00, 0x00, 0x00,
    0x0c, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9c, 0x63, 0x68, 0x48, 0x70, 0x00, 0x00, 0x02, 0x84, 0x01, 0x21, 0x69,
    0xcb, 0xbd, 0xe2, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82 };

static const char scene[] =
    "<mujoco>\n"
    "  <compiler texturedir=\"assets\" meshdir=\"geo\" strippath=\"true\"/>\n"
    "  <include file=\"parts/arm.xml\"/>\n"
    "  <asset>\n"
    "    <texture name=\"wood\" type=\"2d\" file=\"any/where/wood.png\"/>\n"
    "    <material name=\"m\" texture=\"wood\"/>\n"
    "  </asset>\n"
    "  <worldbody><geom type=\"plane\" size=\"1 1 0.1\" material=\"m\"/></worldbody>\n"
    "</mujoco>\n";
static const char arm[] =
    "<mujoco>\n"
    "  <asset><mesh name=\"tet\" file=\"tet.stl\"/></asset>\n"
    "  <worldbody><body pos=\"0 0 1\"><joint name=\"hinge\" axis=\"0 1 0\"/><geom type=\"mesh\" mesh=\"tet\"/>"
    "</body></worldbody>\n"
    "</mujoco>\n";

/* The plan of dir/scene.xml read from disk: its paths (from dir) into
 * list[cap], "path;" each. */
static void plan_of(char *list, size_t cap)
{
    fric_mjcf_plan *plan = NULL;
    assert_int_equal(fric_mjcf_plan_new(&plan), FRIC_OK);
    char main_path[128];
    snprintf(main_path, sizeof main_path, "%s/scene.xml", dir);
    assert_int_equal(fric_mjcf_plan_begin(plan, main_path), FRIC_OK);
    for (;;) {
        fric_mjcf_want w;
        assert_int_equal(fric_mjcf_plan_next(plan, &w), FRIC_OK);
        if (w.done) break;
        FILE *f = fopen(w.path, "rb");
        if (!f) {
            assert_int_equal(fric_mjcf_plan_absent(plan), FRIC_OK);
            continue;
        }
        static char text[65536];
        size_t n = fread(text, 1, sizeof text, f);
        fclose(f);
        assert_int_equal(fric_mjcf_plan_feed(plan, w.path, w.text ? text : NULL, n), FRIC_OK);
    }
    list[0] = '\0';
    for (int i = 0; i < fric_mjcf_plan_count(plan); i++) {
        fric_mjcf_file f;
        assert_int_equal(fric_mjcf_plan_file(plan, i, &f), FRIC_OK);
        assert_int_equal(f.found, 1);
        size_t k = strlen(list);
        snprintf(list + k, cap - k, "%s;", f.path + strlen(dir) + 1);
    }
    fric_mjcf_plan_free(plan);
}

static mjModel *load(char *err, int cap)
{
    char path[128];
    snprintf(path, sizeof path, "%s/scene.xml", dir);
    return mj_loadXML(path, NULL, err, cap);
}

static void test_listed_files_load(void **state)
{
    (void)state;
    put("scene.xml", scene, strlen(scene));
    put("parts/arm.xml", arm, strlen(arm));
    put_tet("geo/tet.stl");
    put("assets/wood.png", png, sizeof png);
    put_tet("parts/geo/tet.stl");   /* a decoy: not where MuJoCo looks first */
    char list[1024];
    plan_of(list, sizeof list);
    /* the files by MuJoCo's rules, in the plan's order (entries as named) */
    assert_string_equal(list, "scene.xml;parts/arm.xml;assets/wood.png;geo/tet.stl;");
    char err[1000] = "";
    mjModel *m = load(err, sizeof err);
    if (!m) fail_msg("MuJoCo refused the model of its listed files: %s", err);
    assert_int_equal(m->nmesh, 1);
    assert_int_equal(m->ntex, 1);
    mj_deleteModel(m);
    /* the decoy gone: nothing changes; each listed file gone: MuJoCo refuses */
    char p[256];
    snprintf(p, sizeof p, "%s/parts/geo/tet.stl", dir);
    assert_int_equal(unlink(p), 0);
    m = load(err, sizeof err);
    assert_non_null(m);
    mj_deleteModel(m);
    static const char *const needed[] = { "parts/arm.xml", "assets/wood.png", "geo/tet.stl" };
    for (int i = 0; i < 3; i++) {
        snprintf(p, sizeof p, "%s/%s", dir, needed[i]);
        char keep[300];
        snprintf(keep, sizeof keep, "%s.away", p);
        assert_int_equal(rename(p, keep), 0);
        err[0] = '\0';
        m = load(err, sizeof err);
        if (m) fail_msg("MuJoCo loaded the model without %s", needed[i]);
        assert_int_equal(rename(keep, p), 0);
    }
}

FRIC_TEST_MAIN_SETUP(make_dir, cmocka_unit_test(test_listed_files_load))
