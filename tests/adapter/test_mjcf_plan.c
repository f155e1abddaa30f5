/*
 * test_mjcf_plan.c: fric_mjcf_plan (fric_adapter.h), the files an MJCF
 * model names. Each fixture is a set of hand-written files (path → text, or
 * an asset's size) the test's door serves; the expected reads and file
 * lists are derived by hand from MuJoCo's documented rules (its XML
 * reference, "include": a file at most once, found relative to the main
 * file's folder; "compiler": assetdir, meshdir and texturedir, strippath;
 * MuJoCo 3's reader, xml.cc mjIncludeXML: an include not beside the main
 * file is looked for beside its includer, and the elements it inserts find
 * their files in its folder too), written out in each test's comment.
 * tests/mujoco/test_mjcf_plan_mujoco.c checks that MuJoCo 2.2.2 loads a
 * model from exactly the files a plan lists.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_main.h"

#include "fric_adapter.h"
#include "fric_status.h"
#include "status_expect.h"

/* A file the door holds: a text, or an asset of size bytes (text NULL). */
typedef struct {
    const char *path, *text;
    unsigned long long size;
} door_file;

/* The door: the plan run to its end over files[]; the places asked, in
 * order, written to log ("path+" found, "path-" absent, ';' after each).
 * The plan's status. */
static fric_status run(fric_mjcf_plan *plan, const char *main, const door_file *files, int n, char *log, size_t cap)
{
    log[0] = '\0';
    fric_status rc = fric_mjcf_plan_begin(plan, main);
    for (int guard = 0; !rc && guard < 1000; guard++) {
        fric_mjcf_want w;
        rc = fric_mjcf_plan_next(plan, &w);
        if (rc || w.done) break;
        const door_file *f = NULL;
        for (int i = 0; i < n && !f; i++)
            if (strcmp(files[i].path, w.path) == 0) f = &files[i];
        size_t k = strlen(log);
        snprintf(log + k, cap - k, "%s%c;", w.path, f ? '+' : '-');
        if (!f) rc = fric_mjcf_plan_absent(plan);
        else {
            assert_int_equal(w.text, f->text != NULL);
            rc = fric_mjcf_plan_feed(plan, w.path, f->text, f->text ? strlen(f->text) : f->size);
        }
    }
    return rc;
}

/* The plan's list as "role path found from line;" each. */
static void listing(const fric_mjcf_plan *plan, char *out, size_t cap)
{
    static const char *const roles[] = { "model", "include", "submodel", "mesh", "hfield", "skin", "flexcomp",
                                         "texture" };
    out[0] = '\0';
    for (int i = 0; i < fric_mjcf_plan_count(plan); i++) {
        fric_mjcf_file f;
        assert_int_equal(fric_mjcf_plan_file(plan, i, &f), FRIC_OK);
        size_t k = strlen(out);
        snprintf(out + k, cap - k, "%s %s %d %d %d;", roles[f.role], f.path, f.found, f.from, f.line);
    }
}

/* The door run over files[n] from main to its end (FRIC_OK): the places it
 * asked, in order, are log (run's form) and the plan's list is list
 * (listing's form). */
static void planned(fric_mjcf_plan *plan, const char *main, const door_file *files, int n, const char *log,
                    const char *list)
{
    char got[2048];
    assert_int_equal(run(plan, main, files, n, got, sizeof got), FRIC_OK);
    assert_string_equal(got, log);
    listing(plan, got, sizeof got);
    assert_string_equal(got, list);
}

/* Nested includes, the compiler's folders set in an include and after one,
 * an include found beside its includer, an asset found in its include's
 * folder. By the rules:
 *   robot/scene.xml: <include parts/arm.xml> (line 2), <compiler
 *     texturedir="tex"> (line 3), <texture file="wood.png"> (line 4);
 *   robot/parts/arm.xml (beside the main file: robot/ + parts/arm.xml):
 *     <compiler meshdir="meshes">, <include parts/hand.xml> (robot/parts/
 *     hand.xml), <mesh upper.stl> (line 4);
 *   robot/parts/hand.xml: <include finger.xml>: robot/finger.xml is not
 *     there, so beside hand.xml: robot/parts/finger.xml; <mesh palm.stl>;
 *   robot/parts/finger.xml: <mesh tip.stl>.
 * The texts read depth first: scene, arm, hand, finger (robot/finger.xml
 * absent first). The assets in document order with the includes inlined:
 * tip (finger), palm (hand), upper (arm), wood (scene). meshdir "meshes"
 * and texturedir "tex" (the last word of each). tip: robot/meshes/tip.stl;
 * palm: robot/meshes/palm.stl absent, then + its include's folder parts/:
 * robot/meshes/parts/palm.stl; lost.stl (hand, after palm) at neither
 * place: missing; upper: robot/meshes/upper.stl; wood: robot/tex/wood.png. */
static void test_nested(void **state)
{
    (void)state;
    static const door_file files[] = {
        { "robot/scene.xml", "<mujoco>\n  <include file=\"parts/arm.xml\"/>\n  <compiler texturedir=\"tex\"/>\n"
                             "  <asset><texture name=\"t\" type=\"2d\" file=\"wood.png\"/></asset>\n</mujoco>\n", 0 },
        { "robot/parts/arm.xml", "<mujoco>\n  <compiler meshdir=\"meshes\"/>\n  <include file=\"parts/hand.xml\"/>\n"
                                 "  <asset><mesh file=\"upper.stl\"/></asset>\n</mujoco>\n", 0 },
        { "robot/parts/hand.xml", "<mujoco>\n<include file=\"finger.xml\"/>\n<asset><mesh file=\"palm.stl\"/>"
                                  "<mesh file=\"lost.stl\"/></asset>\n</mujoco>\n", 0 },
        { "robot/parts/finger.xml", "<mujoco><asset><mesh file=\"tip.stl\"/></asset></mujoco>", 0 },
        { "robot/meshes/upper.stl", NULL, 1000 },
        { "robot/meshes/parts/palm.stl", NULL, 2000 },
        { "robot/meshes/tip.stl", NULL, 300 },
        { "robot/tex/wood.png", NULL, 70 },
        { "robot/meshes/unused.stl", NULL, 5 },
    };
    fric_mjcf_plan *plan = NULL;
    assert_int_equal(fric_mjcf_plan_new(&plan), FRIC_OK);
    planned(plan, "robot/scene.xml", files, 9,
            "robot/scene.xml+;robot/parts/arm.xml+;robot/parts/hand.xml+;robot/finger.xml-;"
                "robot/parts/finger.xml+;robot/meshes/tip.stl+;robot/meshes/palm.stl-;"
                "robot/meshes/parts/palm.stl+;robot/meshes/lost.stl-;robot/meshes/parts/lost.stl-;"
                "robot/meshes/upper.stl+;robot/tex/wood.png+;",
            "model robot/scene.xml 1 -1 0;include robot/parts/arm.xml 1 0 2;"
                "texture robot/tex/wood.png 1 0 4;include robot/parts/hand.xml 1 1 3;"
                "mesh robot/meshes/upper.stl 1 1 4;include robot/parts/finger.xml 1 3 2;"
                "mesh robot/meshes/parts/palm.stl 1 3 3;mesh robot/meshes/lost.stl 0 3 3;"
                "mesh robot/meshes/tip.stl 1 5 1;");
    /* an include's tag in its includer's text: what a writer replaces */
    fric_mjcf_file f;
    assert_int_equal(fric_mjcf_plan_file(plan, 1, &f), FRIC_OK);
    assert_int_equal(f.at, 11);   /* "<mujoco>\n  " */
    assert_int_equal(f.after, 11 + strlen("<include file=\"parts/arm.xml\"/>"));
    assert_int_equal(f.depth0, 0);   /* under <mujoco>: its children at depth 1 */
    assert_int_equal(fric_mjcf_plan_file(plan, 6, &f), FRIC_OK);
    assert_int_equal(f.bytes, 2000);
    assert_string_equal(f.tag, "mesh");
    assert_string_equal(f.value, "palm.stl");
    fric_mjcf_plan_free(plan);
}

/* assetdir for both folders, meshdir over it for meshes (and hfields);
 * strippath="true": the names' last parts ('/' and '\' both). A later
 * <compiler strippath="false"> (after the assets, in an include) decides
 * for every asset: MuJoCo's compiler reads the model's last setting.
 *   m.xml: <compiler assetdir="assets" meshdir="geo" strippath="true"/>,
 *   <mesh file="some/where/a.stl"/>, <hfield file="h.png"/>, <texture
 *   file="C:\x\b.png"/>: a.stl, h.png, b.png: geo/a.stl, geo/h.png,
 *   assets/b.png.
 * The same with <include file="nostrip.xml"/> after them, nostrip.xml
 * holding <compiler strippath="false"/>: geo/some/where/a.stl, geo/h.png,
 * and the texture's name as written, C:\x\b.png, an absolute path for
 * MuJoCo (a name holding ":\" or ":/" is one, user_util.cc mjuu_isabspath),
 * taken as it is (and outside the door's root). */
static void test_folders(void **state)
{
    (void)state;
    static const char *const main_text =
        "<mujoco>\n<compiler assetdir=\"assets\" meshdir=\"geo\" strippath=\"true\"/>\n<asset>\n"
        "<mesh file=\"some/where/a.stl\"/>\n<hfield name=\"h\" file=\"h.png\"/>\n"
        "<texture name=\"t\" type=\"2d\" file=\"C:\\x\\b.png\"/>\n</asset>\n%s</mujoco>\n";
    char text[1024], text2[1024];
    snprintf(text, sizeof text, main_text, "");
    snprintf(text2, sizeof text2, main_text, "<include file=\"nostrip.xml\"/>\n");
    door_file files[] = {
        { "m.xml", text, 0 },
        { "geo/a.stl", NULL, 10 },
        { "geo/h.png", NULL, 20 },
        { "assets/b.png", NULL, 30 },
        { "nostrip.xml", "<mujoco><compiler strippath=\"false\"/></mujoco>", 0 },
        { "geo/some/where/a.stl", NULL, 40 },
    };
    fric_mjcf_plan *plan = NULL;
    assert_int_equal(fric_mjcf_plan_new(&plan), FRIC_OK);
    planned(plan, "m.xml", files, 6,
            "m.xml+;geo/a.stl+;geo/h.png+;assets/b.png+;",
            "model m.xml 1 -1 0;mesh geo/a.stl 1 0 4;hfield geo/h.png 1 0 5;"
                "texture assets/b.png 1 0 6;");
    files[0].text = text2;
    planned(plan, "m.xml", files, 6,
            "m.xml+;nostrip.xml+;geo/some/where/a.stl+;geo/h.png+;C:\\x\\b.png-;",
            "model m.xml 1 -1 0;mesh geo/some/where/a.stl 1 0 4;hfield geo/h.png 1 0 5;"
                "texture C:\\x\\b.png 0 0 6;include nostrip.xml 1 0 8;");
    fric_mjcf_plan_free(plan);
}

/* A texture's six faces (each its own file) in texturedir; an absolute
 * folder taken as it is; entities decoded in a name (a&amp;b: a&b);
 * "." and "x/.." taken out; a file named twice read once; a missing mesh
 * listed missing; the main file in a folder climbing above the door's
 * root (../data/): what climbs above that is outside.
 *   ../data/r.xml: <compiler texturedir="/abs/tex" meshdir="./m/../mesh"/>,
 *   <texture fileup="u.png" filedown="d.png"/> (the order written:
 *   MuJoCo's file, right, left, up, down, front, back: up, then down),
 *   <mesh a&amp;b.stl>, <mesh a&amp;b.stl> again, <mesh gone.stl>,
 *   <mesh ../../../up.stl>: /abs/tex/u.png, /abs/tex/d.png,
 *   ../data/mesh/a&b.stl (then the same, not asked), ../data/mesh/gone.stl
 *   absent, ../data/mesh/../../../up.stl = ../../up.stl: two levels above
 *   the door's root where the main file is one (outside). */
static void test_names(void **state)
{
    (void)state;
    static const door_file files[] = {
        { "../data/r.xml", "<mujoco><compiler texturedir=\"/abs/tex\" meshdir=\"./m/../mesh\"/><asset>"
                           "<texture name=\"c\" type=\"cube\" filedown=\"d.png\" fileup=\"u.png\"/>"
                           "<mesh name=\"a\" file=\"a&amp;b.stl\"/><mesh name=\"b\" file=\"a&amp;b.stl\"/>"
                           "<mesh name=\"g\" file=\"gone.stl\"/><mesh name=\"u\" file=\"../../../up.stl\"/>"
                           "</asset></mujoco>", 0 },
        { "/abs/tex/u.png", NULL, 1 },
        { "/abs/tex/d.png", NULL, 2 },
        { "../data/mesh/a&b.stl", NULL, 3 },
        { "../../up.stl", NULL, 4 },
    };
    fric_mjcf_plan *plan = NULL;
    assert_int_equal(fric_mjcf_plan_new(&plan), FRIC_OK);
    planned(plan, "../data/r.xml", files, 5,
            "../data/r.xml+;/abs/tex/u.png+;/abs/tex/d.png+;../data/mesh/a&b.stl+;"
                "../data/mesh/gone.stl-;../../up.stl+;",
            "model ../data/r.xml 1 -1 0;texture /abs/tex/u.png 1 0 1;texture /abs/tex/d.png 1 0 1;"
                "mesh ../data/mesh/a&b.stl 1 0 1;mesh ../data/mesh/a&b.stl 1 0 1;"
                "mesh ../data/mesh/gone.stl 0 0 1;mesh ../../up.stl 1 0 1;");
    fric_mjcf_file f;
    assert_int_equal(fric_mjcf_plan_file(plan, 4, &f), FRIC_OK);
    assert_int_equal(f.same, 3);
    assert_int_equal(fric_mjcf_plan_file(plan, 6, &f), FRIC_OK);
    assert_int_equal(f.outside, 1);
    assert_int_equal(fric_mjcf_plan_file(plan, 3, &f), FRIC_OK);
    assert_int_equal(f.outside, 0);
    assert_string_equal(f.value, "a&b.stl");
    fric_mjcf_plan_free(plan);
}

/* MuJoCo includes a file at most once in a model: an include cycle
 * (a.xml includes b.xml includes a.xml) and a file included twice are
 * refused naming the include, its line and file; a missing include is
 * listed missing (its place tried beside the main file only when the
 * includer is there too). A <model file> is a model of its own: its
 * includes and assets found from its own folder. */
static void test_refused(void **state)
{
    (void)state;
    static const door_file cycle[] = {
        { "a.xml", "<mujoco>\n<include file=\"b.xml\"/>\n</mujoco>", 0 },
        { "b.xml", "<mujoco>\n\n<include file=\"a.xml\"/>\n</mujoco>", 0 },
    };
    fric_mjcf_plan *plan = NULL;
    assert_int_equal(fric_mjcf_plan_new(&plan), FRIC_OK);
    char log[2048];
    fric_status rc = run(plan, "a.xml", cycle, 2, log, sizeof log);
    assert_int_equal(rc, FRIC_E_PARAM_RANGE);
    assert_string_equal(fric_status_last().message,
                        "mjcf: <include file=\"a.xml\"> at line 3 of b.xml includes a.xml, which includes this "
                        "file: an include cycle (MuJoCo includes a file at most once in a model); remove this "
                        "<include>.");
    static const door_file twice[] = {
        { "w/s.xml", "<mujoco><include file=\"x.xml\"/><include file=\"./x.xml\"/><include file=\"no.xml\"/></mujoco>", 0 },
        { "w/x.xml", "<mujoco><option timestep=\"0.002\"/></mujoco>", 0 },
    };
    rc = run(plan, "w/s.xml", twice, 2, log, sizeof log);
    assert_int_equal(rc, FRIC_E_PARAM_RANGE);
    assert_non_null(strstr(fric_status_last().message, "<include file=\"./x.xml\"> at line 1 of s.xml includes x.xml "
                                                       "a second time: MuJoCo"));
    static const door_file missing[] = {
        { "w/s.xml", "<mujoco><include file=\"no.xml\"/><asset><model name=\"arm\" file=\"arm/arm.xml\"/></asset>"
                     "</mujoco>", 0 },
        { "w/arm/arm.xml", "<mujoco><compiler meshdir=\"m\"/><include file=\"p.xml\"/><asset><mesh file=\"a.stl\"/>"
                           "</asset></mujoco>", 0 },
        { "w/arm/p.xml", "<mujoco/>", 0 },
        { "w/arm/m/a.stl", NULL, 9 },
    };
    planned(plan, "w/s.xml", missing, 4,
            "w/s.xml+;w/no.xml-;w/arm/arm.xml+;w/arm/p.xml+;w/arm/m/a.stl+;",
            "model w/s.xml 1 -1 0;include w/no.xml 0 0 1;submodel w/arm/arm.xml 1 0 1;"
                "include w/arm/p.xml 1 2 1;mesh w/arm/m/a.stl 1 2 1;");
    fric_mjcf_plan_free(plan);
}

/* The <default> tree through the includes (MuJoCo's XML reference,
 * "default": a nested class takes what its parent sets; "include": the
 * included <mujoco>'s children stand where the <include> is):
 *   s.xml: <default> (main, line 2) holding <default class="arm"> (line
 *     3), which holds <include file="c.xml"/>; after main's end a
 *     self-closing <default class="x"/> at top level (line 7);
 *   c.xml: <default class="a&amp;b"> (the class a&b, nested in arm: the
 *     class open at its include), holding <default class="tip"/>; then a
 *     closing </default> of no open class of c.xml (left: MuJoCo's parser
 *     refuses it) and <default class="top"> (arm's again).
 * The classes in the order read: s.xml's main, arm, x, then c.xml's a&b,
 * tip, top; parents main −1, arm 0, x −1, a&b 1, tip 3, top 1. The
 * elements of each text (fric_mjcf_check_text's count, written out by
 * hand): s.xml mujoco, default, default, include, default: 5; c.xml
 * mujoco, default, default, default: 4. */
static void test_classes(void **state)
{
    (void)state;
    static const door_file files[] = {
        { "s.xml", "<mujoco>\n<default>\n  <default class=\"arm\">\n    <include file=\"c.xml\"/>\n"
                   "  </default>\n</default>\n<default class=\"x\"/>\n</mujoco>\n", 0 },
        { "c.xml", "<mujoco><default class=\"a&amp;b\"><default class=\"tip\"/></default></default>\n"
                   "<default class=\"top\"></default></mujoco>", 0 },
    };
    fric_mjcf_plan *plan = NULL;
    assert_int_equal(fric_mjcf_plan_new(&plan), FRIC_OK);
    char log[512];
    assert_int_equal(run(plan, "s.xml", files, 2, log, sizeof log), FRIC_OK);
    assert_string_equal(log, "s.xml+;c.xml+;");
    static const struct { const char *name; int parent, file, line; } want[] = {
        { "main", -1, 0, 2 }, { "arm", 0, 0, 3 }, { "x", -1, 0, 7 },
        { "a&b", 1, 1, 1 }, { "tip", 3, 1, 1 }, { "top", 1, 1, 2 } };
    assert_int_equal(fric_mjcf_plan_class_count(plan), 6);
    for (int i = 0; i < 6; i++) {
        fric_mjcf_class c;
        assert_int_equal(fric_mjcf_plan_class(plan, i, &c), FRIC_OK);
        assert_string_equal(c.name, want[i].name);
        assert_int_equal(c.parent, want[i].parent);
        assert_int_equal(c.file, want[i].file);
        assert_int_equal(c.line, want[i].line);
        assert_int_equal(c.model, 0);
    }
    fric_mjcf_file f;
    assert_int_equal(fric_mjcf_plan_file(plan, 0, &f), FRIC_OK);
    assert_int_equal(f.elements, 5);
    assert_int_equal(fric_mjcf_plan_file(plan, 1, &f), FRIC_OK);
    assert_int_equal(f.elements, 4);
    fric_mjcf_class c;
    REFUSE(fric_mjcf_plan_class(plan, 6, &c), FRIC_E_PARAM_RANGE, -1, "class 6");
    REFUSE(fric_mjcf_plan_class(plan, 0, NULL), FRIC_E_NULL, -1, "plan");
    /* a class name of FRIC_MJCF_CLASS_MAX bytes refused, naming the file */
    char text[FRIC_MJCF_CLASS_MAX + 64];
    snprintf(text, sizeof text, "<mujoco><default class=\"%0*d\"/></mujoco>", FRIC_MJCF_CLASS_MAX, 0);
    const door_file big[] = { { "b.xml", text, 0 } };
    REFUSE(run(plan, "b.xml", big, 1, log, sizeof log), FRIC_E_PARAM_RANGE, -1, "line 1 of b.xml gives a class name");
    fric_mjcf_plan_free(plan);
}

/* A text the door found elsewhere than where MuJoCo reads it (the page: a
 * file chosen without its folder, found by its name): the check's
 * sentence names it where the person has it. */
static void test_source(void **state)
{
    (void)state;
    fric_mjcf_plan *plan = NULL;
    assert_int_equal(fric_mjcf_plan_new(&plan), FRIC_OK);
    assert_int_equal(fric_mjcf_plan_begin(plan, "r/s.xml"), FRIC_OK);
    fric_mjcf_want w;
    assert_int_equal(fric_mjcf_plan_next(plan, &w), FRIC_OK);
    assert_int_equal(fric_mjcf_plan_feed(plan, w.path, "<mujoco><include file=\"d.xml\"/></mujoco>", 40), FRIC_OK);
    assert_int_equal(fric_mjcf_plan_next(plan, &w), FRIC_OK);
    assert_string_equal(w.path, "r/d.xml");
    char deep[65 * 8 + 16] = "";
    for (int i = 0; i < 65; i++) strcat(deep, "<body>");
    REFUSE(fric_mjcf_plan_feed(plan, "r/parts/d.xml", deep, strlen(deep)), FRIC_E_PARAM_RANGE, -1,
           "of parts/d.xml");
    fric_mjcf_plan_free(plan);
}

/* Each call's refusals (tests/law/test_refusals.c walks the header for
 * one of each). */
static void test_refusals(void **state)
{
    (void)state;
    fric_mjcf_plan *plan = NULL;
    REFUSE(fric_mjcf_plan_new(NULL), FRIC_E_NULL, -1, "plan");
    assert_int_equal(fric_mjcf_plan_new(&plan), FRIC_OK);
    fric_mjcf_want w;
    REFUSE(fric_mjcf_plan_next(plan, &w), FRIC_E_PARAM_RANGE, -1, "fric_mjcf_plan_begin");
    REFUSE(fric_mjcf_plan_begin(plan, ""), FRIC_E_PARAM_RANGE, -1, "main file");
    REFUSE(fric_mjcf_plan_begin(plan, "robot/"), FRIC_E_PARAM_RANGE, -1, "main file");
    REFUSE(fric_mjcf_plan_begin(NULL, "a.xml"), FRIC_E_NULL, -1, "main");
    assert_int_equal(fric_mjcf_plan_begin(plan, "a.xml"), FRIC_OK);
    REFUSE(fric_mjcf_plan_feed(plan, "a.xml", "<mujoco/>", 9), FRIC_E_PARAM_RANGE, -1, "fric_mjcf_plan_next");
    REFUSE(fric_mjcf_plan_absent(plan), FRIC_E_PARAM_RANGE, -1, "fric_mjcf_plan_next");
    REFUSE(fric_mjcf_plan_absent(NULL), FRIC_E_NULL, -1, "plan");
    REFUSE(fric_mjcf_plan_next(plan, NULL), FRIC_E_NULL, -1, "want");
    assert_int_equal(fric_mjcf_plan_next(plan, &w), FRIC_OK);
    REFUSE(fric_mjcf_plan_feed(plan, "a.xml", NULL, 9), FRIC_E_NULL, -1, "text");
    /* the text's check: 65 nested elements */
    char deep[65 * 8 + 16] = "";
    for (int i = 0; i < 65; i++) strcat(deep, "<body>");
    REFUSE(fric_mjcf_plan_feed(plan, "a.xml", deep, strlen(deep)), FRIC_E_PARAM_RANGE, -1, "nested 65 deep");
    fric_mjcf_file f;
    REFUSE(fric_mjcf_plan_file(plan, 1, &f), FRIC_E_PARAM_RANGE, -1, "file 1");
    REFUSE(fric_mjcf_plan_file(plan, 0, NULL), FRIC_E_NULL, -1, "plan");
    assert_int_equal(fric_mjcf_plan_file(plan, 0, &f), FRIC_OK);
    assert_int_equal(f.found, 1);
    fric_mjcf_plan_free(plan);
}

/* A class's defaults for its joints and actuators: every number of each
 * value MuJoCo reads for them finite, else refused naming the class, the
 * element, the attribute and where it is written. By hand: "1 2 3" and
 * "0 -1e3 0" are lists of finite numbers; "1 nan 0", "inf", "1e999" (beyond
 * the largest double), "abc" and "" are not. A value on an element outside
 * any class is the robot's to judge (fric_robot_create names its joint or
 * actuator), not the plan's; a class's attribute MuJoCo's step does not run
 * (a joint's range, here "nan nan") is MuJoCo's own to refuse. */
static void test_class_values(void **state)
{
    (void)state;
    fric_mjcf_plan *plan = NULL;
    assert_int_equal(fric_mjcf_plan_new(&plan), FRIC_OK);
    char log[512], text[512];
    static const char *const ok[] = {
        "<default class=\"a\"><general gainprm=\"1 2 3\" biasprm=\"0 -1e3 0\"/></default>",
        "<default class=\"a\"><position kp=\"16\" forcerange=\" -2.9  2.9 \"/><joint damping=\"0.1\"/></default>",
        "<default class=\"a\"><joint range=\"nan nan\"/></default>",
        "<default class=\"a\"/></default><actuator><position joint=\"j\" kp=\"nan\"/></actuator><default>",
    };
    for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
        snprintf(text, sizeof text, "<mujoco>\n<default>\n%s\n</default>\n</mujoco>", ok[i]);
        const door_file files[] = { { "m.xml", text, 0 } };
        assert_int_equal(run(plan, "m.xml", files, 1, log, sizeof log), FRIC_OK);
    }
    static const struct { const char *xml, *said; } bad[] = {
        { "<default class=\"arm\"><general gainprm=\"1 nan 0\"/></default>",
          "class 'arm' at line 3 of m.xml sets <general> gainprm=\"1 nan 0\", not finite numbers" },
        { "<default class=\"arm\"><position kp=\"inf\"/></default>", "<position> kp=\"inf\"" },
        { "<default class=\"arm\"><motor forcerange=\"-1 1e999\"/></default>", "<motor> forcerange=\"-1 1e999\"" },
        { "<default class=\"arm\"><velocity kv=\"abc\"/></default>", "<velocity> kv=\"abc\"" },
        { "<default class=\"arm\"><intvelocity kp=\"\"/></default>", "<intvelocity> kp=\"\"" },
        { "<default class=\"arm\">\n<default class=\"tip\"><position ctrlrange=\"0 nan\"/></default></default>",
          "class 'tip' at line 4 of m.xml sets <position> ctrlrange=\"0 nan\"" },
        { "<default class=\"arm\"><joint armature=\"1 nan\"/></default>", "sets joint armature=\"1 nan\"" },
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        snprintf(text, sizeof text, "<mujoco>\n<default>\n%s\n</default>\n</mujoco>", bad[i].xml);
        const door_file files[] = { { "m.xml", text, 0 } };
        REFUSE(run(plan, "m.xml", files, 1, log, sizeof log), FRIC_E_PARAM_RANGE, -1, bad[i].said);
    }
    fric_mjcf_plan_free(plan);
}

FRIC_TEST_MAIN(cmocka_unit_test(test_nested), cmocka_unit_test(test_folders), cmocka_unit_test(test_names),
               cmocka_unit_test(test_refused), cmocka_unit_test(test_refusals), cmocka_unit_test(test_classes),
               cmocka_unit_test(test_source), cmocka_unit_test(test_class_values))
