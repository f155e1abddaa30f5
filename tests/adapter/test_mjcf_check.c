/*
 * test_mjcf_check.c: fric_mjcf_check_text (fric_adapter.h), the bounds on
 * an MJCF's text checked before MuJoCo parses it. Expected values are
 * hand-computed from the texts written or generated here (a chain of n
 * bodies, one per line: body k on line k + 2, at depth k + 2 under
 * <mujoco> and <worldbody>), and for the SO-101 files of ../shared/data
 * from Python's xml.etree (scene.xml: 13 elements, depth 3, one <include>
 * of so101_new_calib.xml under <mujoco>; so101_new_calib.xml: 105
 * elements, depth 10).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_main.h"

#include "bench_json.h"
#include "fric_adapter.h"
#include "fric_status.h"
#include "status_expect.h"

/* A chain of n nested bodies, one line each:
 * line 1 <mujoco>, line 2 <worldbody>, line k + 2 body k (k = 1..n, depth k + 2),
 * then the closing tags. Caller frees. */
static char *chain(int n, size_t *len)
{
    size_t cap = 64 + (size_t)n * 64;
    char *s = malloc(cap);
    assert_non_null(s);
    size_t k = (size_t)snprintf(s, cap, "<mujoco>\n<worldbody>\n");
    for (int i = 1; i <= n; i++) k += (size_t)snprintf(s + k, cap - k, "<body name=\"b%d\">\n", i);
    for (int i = 1; i <= n; i++) k += (size_t)snprintf(s + k, cap - k, "</body>");
    k += (size_t)snprintf(s + k, cap - k, "</worldbody></mujoco>\n");
    *len = k;
    return s;
}

static fric_status check(const char *s, size_t len, const char *file, int depth0, long *elements, const char **why)
{
    fric_mjcf_include inc[FRIC_MJCF_MAX_INCLUDES];
    int n = -1;
    return fric_mjcf_check_text(s, len, file, depth0, elements, inc, FRIC_MJCF_MAX_INCLUDES, &n, why);
}

static void test_chain(void **state)
{
    (void)state;
    const char *why = "";
    size_t len;
    /* 300 deep: body 63 is at depth 65, line 65 */
    char *s = chain(300, &len);
    long el = 0;
    REFUSE(check(s, len, "deep.xml", 0, &el, &why), FRIC_E_PARAM_RANGE, -1,
           "<body> nested 65 deep at line 65 of deep.xml: the limit is 64");
    assert_non_null(strstr(why, "MuJoCo's parser"));
    assert_int_equal(el, 65);   /* mujoco, worldbody, bodies 1..63 counted (the 63rd refused) */
    free(s);
    /* 62 bodies: depth 64, accepted; 64 + 0 = the elements */
    s = chain(62, &len);
    el = 0;
    assert_int_equal(check(s, len, NULL, 0, &el, &why), FRIC_OK);
    assert_int_equal(el, 64);
    /* 63 bodies: depth 65, refused (no file: no " of ") */
    free(s);
    s = chain(63, &len);
    el = 0;
    REFUSE(check(s, len, NULL, 0, &el, &why), FRIC_E_PARAM_RANGE, -1, "<body> nested 65 deep at line 65: the limit");
    free(s);
    /* 62 bodies included under a body at depth 3 (depth0 1): 62 + 2 + 1 = 65 */
    s = chain(62, &len);
    el = 0;
    REFUSE(check(s, len, "part.xml", 1, &el, &why), FRIC_E_PARAM_RANGE, -1, "<body> nested 65 deep at line 64 of part.xml");
    free(s);
}

/* Comments, CDATA, processing instructions, a DOCTYPE with an internal
 * subset and quoted values holding '<', '>' and "</body>" are no tags. */
static void test_edges(void **state)
{
    (void)state;
    const char *why = "";
    long el = 0;
    const char *t =
        "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"                       /* line 1 */
        "<!DOCTYPE mujoco [ <!ELEMENT body ANY> <!ATTLIST body a CDATA \"<x>\"> ]>\n"
        "<!-- <body><body><body> a comment\n"                                  /* line 3 */
        "     spanning lines <worldbody> -->\n"
        "<mujoco model='a > b'>\n"                                             /* 1: line 5 */
        "  <![CDATA[ <body><body> ]]>\n"
        "  <worldbody>\n"                                                      /* 2 */
        "    <body name=\"x<y\" pos='0 0 1' user=\"</body>\">\n"               /* 3 */
        "      <geom size=\"1\"/>\n"                                           /* 4, self-closed */
        "      <?pi <body> ?>\n"
        "      <body name='q'>\n"                                              /* 5: depth 4 */
        "        <site/>\n"                                                    /* 6: depth 5 */
        "      </body>\n"
        "    </body>\n"
        "    a < b is text, not a tag\n"
        "  </worldbody>\n"
        "</mujoco>\n";
    fric_mjcf_include inc[2];
    int n = -1;
    assert_int_equal(fric_mjcf_check_text(t, strlen(t), "edges.xml", 0, &el, inc, 2, &n, &why), FRIC_OK);
    assert_int_equal(el, 6);
    assert_int_equal(n, 0);
    /* the same under depth0 59: site at 5 + 59 = 64 accepted; at 60: 65 refused, line 12 */
    el = 0;
    assert_int_equal(fric_mjcf_check_text(t, strlen(t), "edges.xml", 59, &el, inc, 2, &n, &why), FRIC_OK);
    el = 0;
    REFUSE(fric_mjcf_check_text(t, strlen(t), "edges.xml", 60, &el, inc, 2, &n, &why), FRIC_E_PARAM_RANGE, -1,
           "<site> nested 65 deep at line 12 of edges.xml");

    /* includes: the file attribute's value, its depth0 (the include's depth − 2), its line */
    const char *s =
        "<mujoco>\n"
        "  <include file=\"a.xml\"/>\n"                 /* depth 2: depth0 0, line 2 */
        "  <worldbody><body><include  file = 'sub/b.xml' /></body></worldbody>\n"   /* depth 4: 2, line 3 */
        "  <include notfile=\"c.xml\"/>\n"              /* no file attribute: not recorded */
        "</mujoco>\n";
    el = 0;
    assert_int_equal(fric_mjcf_check_text(s, strlen(s), NULL, 0, &el, inc, 2, &n, &why), FRIC_OK);
    assert_int_equal(n, 2);
    assert_int_equal(el, 6);
    assert_int_equal((int)inc[0].len, 5);
    assert_memory_equal(s + inc[0].at, "a.xml", 5);
    assert_int_equal(inc[0].depth0, 0);
    assert_int_equal(inc[0].line, 2);
    assert_int_equal((int)inc[1].len, 9);
    assert_memory_equal(s + inc[1].at, "sub/b.xml", 9);
    assert_int_equal(inc[1].depth0, 2);
    assert_int_equal(inc[1].line, 3);
    el = 0;
    REFUSE(fric_mjcf_check_text(s, strlen(s), NULL, 0, &el, inc, 1, &n, &why), FRIC_E_PARAM_RANGE, -1,
           "<include> at line 3 is include 2 of the file: the limit is 1");

    /* an unclosed comment ends the scan (MuJoCo's parser refuses the file) */
    el = 0;
    assert_int_equal(check("<mujoco><!-- <body><body>", 25, NULL, 0, &el, &why), FRIC_OK);
    assert_int_equal(el, 1);
    /* an empty text is nothing to bound */
    el = 0;
    assert_int_equal(check("", 0, NULL, 0, &el, &why), FRIC_OK);
    assert_int_equal(el, 0);
}

/* The element count over a model's files and the size of one text. */
static void test_counts(void **state)
{
    (void)state;
    const char *why = "";
    /* "<a/>" 100 000 times: accepted from 0; from 1 the 100 000th (line 1) refused */
    size_t n = 100000, len = 4 * n;
    char *s = malloc(len);
    assert_non_null(s);
    for (size_t i = 0; i < n; i++) memcpy(s + 4 * i, "<a/>", 4);
    long el = 0;
    assert_int_equal(check(s, len, NULL, 0, &el, &why), FRIC_OK);
    assert_int_equal(el, 100000);
    el = 1;
    REFUSE(check(s, len, "flat.xml", 0, &el, &why), FRIC_E_PARAM_RANGE, -1,
           "<a> at line 1 of flat.xml is element 100001 of the model: the limit is 100000 elements (real "
           "robots have a few thousand)");
    assert_null(strstr(fric_status_last().message, "FRIC_"));   /* no C constant named to a person */
    free(s);
    /* 32 MiB + 1 byte of spaces: refused before any is read */
    len = (size_t)32 * 1024 * 1024 + 1;
    s = malloc(len);
    assert_non_null(s);
    memset(s, ' ', len);
    el = 0;
    REFUSE(check(s, len, "big.xml", 0, &el, &why), FRIC_E_PARAM_RANGE, -1,
           "the MJCF text of big.xml is 32.0 MiB: the limit is 32 MiB of text per file (a real robot's MJCF "
           "text is well under 1 MiB");
    assert_null(strstr(fric_status_last().message, "FRIC_"));
    assert_int_equal(check(s, len - 1, "big.xml", 0, &el, &why), FRIC_OK);
    free(s);
    /* no text, no count */
    el = 0;
    REFUSE(check(NULL, 0, NULL, 0, &el, &why), FRIC_E_NULL, -1, "no text");
    int k;
    REFUSE(fric_mjcf_check_text("", 0, NULL, 0, &el, NULL, 1, &k, &why), FRIC_E_NULL, -1, "include array");
}

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *s = malloc((size_t)n + 1);
    assert_non_null(s);
    assert_int_equal(fread(s, 1, (size_t)n, f), (size_t)n);
    fclose(f);
    *len = (size_t)n;
    return s;
}

/* The SO-101 as the project ships it: accepted, its include followed. */
static void test_so101(void **state)
{
    (void)state;
    BENCH_SKIP_WITHOUT_DATA("../shared/data/so101/scene.xml", "../shared/data/so101");
    const char *why = "";
    size_t len;
    char *scene = slurp("../shared/data/so101/scene.xml", &len);
    fric_mjcf_include inc[FRIC_MJCF_MAX_INCLUDES];
    int n = -1;
    long el = 0;
    assert_int_equal(fric_mjcf_check_text(scene, len, "scene.xml", 0, &el, inc, FRIC_MJCF_MAX_INCLUDES, &n, &why), FRIC_OK);
    assert_int_equal(el, 13);
    assert_int_equal(n, 1);
    assert_int_equal((int)inc[0].len, (int)strlen("so101_new_calib.xml"));
    assert_memory_equal(scene + inc[0].at, "so101_new_calib.xml", inc[0].len);
    assert_int_equal(inc[0].depth0, 0);
    char *robot = slurp("../shared/data/so101/so101_new_calib.xml", &len);
    int m = -1;
    assert_int_equal(fric_mjcf_check_text(robot, len, "so101_new_calib.xml", inc[0].depth0, &el, inc,
                                          FRIC_MJCF_MAX_INCLUDES, &m, &why), FRIC_OK);
    assert_int_equal(el, 13 + 105);
    assert_int_equal(m, 0);
    /* under 54 more levels its depth 10 is 64: accepted; under 55, refused */
    el = 0;
    assert_int_equal(check(robot, len, "so101_new_calib.xml", 54, &el, &why), FRIC_OK);
    el = 0;
    REFUSE(check(robot, len, "so101_new_calib.xml", 55, &el, &why), FRIC_E_PARAM_RANGE, -1, "nested 65 deep");
    free(robot);
    free(scene);
}

/* fric_mjcf_assets: the files a text names for MuJoCo, listed by hand
 * here (a comment's mesh named nothing; a texture's six sides; a '>' in a
 * quoted value; a later <compiler> over an earlier; assetdir under meshdir). */
static void test_assets(void **state)
{
    (void)state;
    const char *t = "<mujoco>\n"
                    "<compiler assetdir=\"a\" meshdir=\"m\"/>\n"
                    "<!-- <mesh file=\"not.stl\"/> -->\n"
                    "<asset><mesh name=\"x\" file=\"x&gt;.stl\"/> <mesh name=\"y\" vertex=\"0 0 0\"/>\n"
                    "<texture name=\"c\" type=\"cube\" fileright='r.png' fileleft=\"l.png\" note=\"a>b\"/>\n"
                    "<hfield name=\"h\" file=\"h.png\"/><skin file=\"s.skn\"/></asset>\n"
                    "<compiler strippath=\"true\" texturedir=\"tex\"/><include file=\"inc.xml\"/>\n"
                    "</mujoco>\n";
    fric_mjcf_asset a[8];
    fric_mjcf_compiler c = { 0 };
    int n = -1;
    assert_int_equal(fric_mjcf_assets(t, strlen(t), a, 8, &n, &c), FRIC_OK);
    assert_int_equal(n, 5);
    const char *want[5][4] = { { "mesh", "file", "x&gt;.stl", "4" }, { "texture", "fileright", "r.png", "5" },
                               { "texture", "fileleft", "l.png", "5" }, { "hfield", "file", "h.png", "6" },
                               { "skin", "file", "s.skn", "6" } };
    for (int i = 0; i < 5; i++) {
        assert_string_equal(a[i].tag, want[i][0]);
        assert_string_equal(a[i].attr, want[i][1]);
        assert_int_equal((int)a[i].len, (int)strlen(want[i][2]));
        assert_memory_equal(t + a[i].at, want[i][2], a[i].len);
        assert_int_equal(a[i].line, atoi(want[i][3]));
        assert_int_equal(a[i].folder, i == 1 || i == 2 ? FRIC_MJCF_TEXTUREDIR : FRIC_MJCF_MESHDIR);
    }
    assert_true(c.dir[FRIC_MJCF_MESHDIR].set && c.dir[FRIC_MJCF_TEXTUREDIR].set);
    assert_memory_equal(t + c.dir[FRIC_MJCF_MESHDIR].at, "m", 1);
    assert_int_equal((int)c.dir[FRIC_MJCF_MESHDIR].len, 1);
    assert_memory_equal(t + c.dir[FRIC_MJCF_TEXTUREDIR].at, "tex", 3);
    assert_int_equal(c.strippath, 1);
    /* counted past cap: the caller asks again with room */
    assert_int_equal(fric_mjcf_assets(t, strlen(t), a, 2, &n, &c), FRIC_OK);
    assert_int_equal(n, 5);
    assert_int_equal(fric_mjcf_assets(t, strlen(t), NULL, 0, &n, &c), FRIC_OK);
    assert_int_equal(n, 5);
    REFUSE(fric_mjcf_assets(t, strlen(t), NULL, 1, &n, &c), FRIC_E_NULL, -1, "asset array");
    REFUSE(fric_mjcf_assets(t, strlen(t), a, 8, &n, NULL), FRIC_E_NULL, -1, "compiler");
}

/* The SO-101's meshes: as many as "<mesh " is written in its text, in its meshdir "assets". */
static void test_so101_assets(void **state)
{
    (void)state;
    BENCH_SKIP_WITHOUT_DATA("../shared/data/so101/so101_new_calib.xml", "../shared/data/so101");
    size_t len;
    char *robot = slurp("../shared/data/so101/so101_new_calib.xml", &len);
    int meshes = 0;
    for (const char *p = robot; (p = strstr(p, "<mesh ")) != NULL; p++) meshes++;
    fric_mjcf_compiler c = { 0 };
    int n = -1;
    assert_int_equal(fric_mjcf_assets(robot, len, NULL, 0, &n, &c), FRIC_OK);
    assert_int_equal(n, meshes);
    assert_true(meshes > 0);
    assert_int_equal((int)c.dir[FRIC_MJCF_MESHDIR].len, 6);
    assert_memory_equal(robot + c.dir[FRIC_MJCF_MESHDIR].at, "assets", 6);
    assert_false(c.dir[FRIC_MJCF_TEXTUREDIR].set);
    free(robot);
}

/* fric_mjcf_tags and fric_mjcf_tag_attrs: the one tag scan. Offsets,
 * lines and attributes counted by hand from the text below. */
static void test_tags(void **state)
{
    (void)state;
    /* bytes: <?xml?> 0-6, '\n' 7, <!DOCTYPE m [<!ENTITY e "<x>">]> 8-39, '\n' 40,
     * <m> 41-43, <!-- <y/> --> 44-56, <a .../> 57 (line 3) to 89, '\n' 90, </m> 91-94 (line 4) */
    const char *text = "<?xml?>\n<!DOCTYPE m [<!ENTITY e \"<x>\">]>\n<m><!-- <y/> --><a b = 'x>y' c flag=1 d=\"&amp;\"/>\n</m>";
    const size_t len = strlen(text);
    fric_mjcf_tag t[4];
    int n = -1;
    assert_int_equal(fric_mjcf_tags(text, len, NULL, 0, &n), FRIC_OK);
    assert_int_equal(n, 3);
    assert_int_equal(fric_mjcf_tags(text, len, t, 4, &n), FRIC_OK);
    assert_int_equal(n, 3);
    assert_int_equal(t[0].at, 41);
    assert_int_equal(t[0].end, 44);
    assert_int_equal(t[0].name, 42);
    assert_int_equal(t[0].name_len, 1);
    assert_int_equal(t[0].line, 3);
    assert_false(t[0].closing || t[0].self);
    assert_int_equal(t[1].at, 57);
    assert_int_equal(t[1].end, 90);
    assert_int_equal(t[1].line, 3);
    assert_true(t[1].self);
    assert_false(t[1].closing);
    assert_int_equal(t[2].at, 91);
    assert_int_equal(t[2].end, 95);
    assert_int_equal(t[2].name, 93);
    assert_int_equal(t[2].line, 4);
    assert_true(t[2].closing);
    /* <a b = 'x>y' c flag=1 d="&amp;"/>: b and d (c has no '=', flag no quotes) */
    fric_mjcf_attr a[4];
    assert_int_equal(fric_mjcf_tag_attrs(text, &t[1], a, 4, &n), FRIC_OK);
    assert_int_equal(n, 2);
    assert_int_equal(a[0].name, 60);
    assert_int_equal(a[0].name_len, 1);
    assert_int_equal(a[0].value, 65);
    assert_int_equal(a[0].value_len, 3);
    assert_memory_equal(text + a[0].value, "x>y", 3);
    assert_memory_equal(text + a[1].name, "d", 1);
    assert_memory_equal(text + a[1].value, "&amp;", 5);
    assert_int_equal(fric_mjcf_tag_attrs(text, &t[1], NULL, 0, &n), FRIC_OK);
    assert_int_equal(n, 2);
    assert_int_equal(fric_mjcf_tag_attrs(text, &t[0], a, 4, &n), FRIC_OK);
    assert_int_equal(n, 0);
    /* an unclosed tag ends at the text's end; a value without its closing quote ends the attributes */
    const char *open = "<a b=\"1\" c=\"2";
    assert_int_equal(fric_mjcf_tags(open, strlen(open), t, 4, &n), FRIC_OK);
    assert_int_equal(n, 1);
    assert_int_equal(t[0].end, strlen(open));
    assert_int_equal(fric_mjcf_tag_attrs(open, &t[0], a, 4, &n), FRIC_OK);
    assert_int_equal(n, 1);
    REFUSE(fric_mjcf_tags(NULL, 0, NULL, 0, &n), FRIC_E_NULL, -1, "no text");
}

FRIC_TEST_MAIN(cmocka_unit_test(test_chain), cmocka_unit_test(test_edges), cmocka_unit_test(test_counts),
               cmocka_unit_test(test_so101), cmocka_unit_test(test_assets), cmocka_unit_test(test_so101_assets),
               cmocka_unit_test(test_tags))
