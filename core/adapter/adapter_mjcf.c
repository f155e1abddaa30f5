/*
 * adapter_mjcf.c: the pendulum bench of fric_bench.h as MJCF (fric_adapter.h;
 * text only, no MuJoCo: the native MuJoCo module and the wasm bindings
 * share it).
 *
 * The model (Duclusaud & Passault §II-A; bench_servo.c's convention, q = 0
 * hanging, restoring gravity −(m + m_arm/2)·g·l·sin(q + q_offset)): a body
 * on a hinge about y. Rotating about y by q takes (x, 0, z) to
 * (x·cos q + z·sin q, 0, −x·sin q + z·cos q); a point mass at
 * (−l·sin q_offset, 0, −l·cos q_offset) then has the gravity torque
 * −m·g·l·sin(q + q_offset) about y. The point mass and the uniform arm are
 * one <inertial>: mass m + m_arm at the centre c = (m·l + m_arm·l/2)/(m +
 * m_arm) along that direction, inertia about the hinge J_link = m·l² +
 * m_arm·l²/3, i.e. J_link − (m + m_arm)·c² about the centre (0 for a point
 * mass: MuJoCo needs > 0, so FRIC_BENCH_INERTIA_FLOOR is taken there and out of
 * the armature, the total J of fric_bench_inertia kept).
 */
#include <assert.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "base.h"
#include "fric_io.h"
#include "fric_adapter.h"
#include "fric_native.h"
#include "adapter_mjcf_scan.h"

static int bad_kp(double k) { return !isfinite(k) || k < 0 || k > FRIC_BENCH_KP_MAX; }

/* The one writer of an XML comment in the MJCF the core writes: "  <!--
 * TEXT -->\n" (TEXT from fmt, printf's) into out[cap], well-formed whatever
 * the values put in it (a class name, a number): XML 1.0 §2.5 allows no
 * "--" inside a comment and no '-' just before its "-->", so each '-' that
 * follows a '-' is written after a space, and a final '-' is followed by
 * one. The length of the comment (out holds it whole when < cap); a text
 * over 2 KiB is cut there (the writers' comments are under 1.5 KiB). */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static int mjcf_comment(char *out, size_t cap, const char *fmt, ...)
{
    char text[2048];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    if (n < 0) n = 0;
    if ((size_t)n >= sizeof text) n = (int)sizeof text - 1;
    size_t k = 0;
#define MJCF_PUT(c) do { if (k + 1 < cap) out[k] = (c); k++; } while (0)
    for (const char *c = "  <!-- "; *c; c++) MJCF_PUT(*c);
    for (int i = 0; i < n; i++) {
        if (text[i] == '-' && i > 0 && text[i - 1] == '-') MJCF_PUT(' ');
        MJCF_PUT(text[i]);
    }
    if (n > 0 && text[n - 1] == '-') MJCF_PUT(' ');
    for (const char *c = " -->\n"; *c; c++) MJCF_PUT(*c);
#undef MJCF_PUT
    if (cap) out[k < cap ? k : cap - 1] = '\0';
    return (int)k;
}

/* The bench's body: the inertial's numbers (fric_io_format_double text)
 * pos x, pos z, mass, diaginertia (three times the same) and the inertia
 * the body lacks below FRIC_BENCH_INERTIA_FLOOR about its centre (0 for an
 * arm; a point mass: the floor) [kg·m²]. */
typedef struct { char x[FRIC_IO_DOUBLE_LEN], z[FRIC_IO_DOUBLE_LEN], M[FRIC_IO_DOUBLE_LEN], I[FRIC_IO_DOUBLE_LEN]; } mjcf_body;

static double bench_body(double m, double ma, double l, double qo, mjcf_body *b)
{
    double M = m + ma, c = (m * l + ma * l / 2) / M;
    double J_link = m * l * l + ma * l * l / 3;
    double Ic = J_link - M * c * c, add = 0;
    if (Ic < FRIC_BENCH_INERTIA_FLOOR) {
        add = FRIC_BENCH_INERTIA_FLOOR - (Ic > 0 ? Ic : 0);
        Ic = FRIC_BENCH_INERTIA_FLOOR;
    }
    /* every number by fric_io_format_double: the fewest digits that read
     * back as the same double (exact for MuJoCo's parser, and readable:
     * 0.49, not 0.48999999999999999; + 0.0: no "-0") */
    fric_io_format_double(b->x, c * -sin(qo) + 0.0);
    fric_io_format_double(b->z, c * -cos(qo) + 0.0);
    fric_io_format_double(b->M, M);
    fric_io_format_double(b->I, Ic);
    return add;
}

int fric_mujoco_bench_mjcf(const fric_bench_def *d, char *buf, size_t cap)
{
    const char *why = NULL;
    if (fric_bench_check(d, &why)) {
        fric__reword("mujoco-model: %s", why);
        return -1;
    }
    double m = d->mass, ma = d->arm_mass, l = d->length, qo = d->servo.q_offset;
    mjcf_body body;
    double add = bench_body(m, ma, l, qo, &body), arm = d->servo.armature;
    if (add > 0) arm = arm > add ? arm - add : arm;   /* J kept when the armature can give it */
    enum { N_NUM = 8 };
    const double v[N_NUM] = { m, l, ma, d->servo.armature, qo, d->dt, -FRIC_BENCH_G, arm };
    char b[N_NUM][FRIC_IO_DOUBLE_LEN];
    for (int i = 0; i < N_NUM; i++) fric_io_format_double(b[i], v[i]);
    char note[1024];
    mjcf_comment(note, sizeof note,
                     "The pendulum bench of Duclusaud & Passault (friction mujoco-model):\n"
                     "       m = %s kg at l = %s m, arm %s kg, armature %s kg·m²,\n"
                     "       q_offset %s rad. Attach the servo's friction with fric_mujoco_init\n"
                     "       (or friction mujoco on this file, its joint option naming joint and\n"
                     "       its params option the params file).", b[0], b[1], b[2], b[3], b[4]);
    return snprintf(buf, cap,
        "<mujoco model=\"friction-explorer-bench\">\n"
        "%s"
        "  <option timestep=\"%s\" integrator=\"Euler\" gravity=\"0 0 %s\"/>\n"
        "  <worldbody>\n"
        "    <body name=\"arm\">\n"
        "      <joint name=\"joint\" type=\"hinge\" axis=\"0 1 0\" armature=\"%s\"\n"
        "             frictionloss=\"0\" damping=\"0\"/>\n"
        "      <inertial pos=\"%s 0 %s\" mass=\"%s\" diaginertia=\"%s %s %s\"/>\n"
        "    </body>\n"
        "  </worldbody>\n"
        "</mujoco>\n",
        note, b[5], b[6], b[7], body.x, body.z, body.M, body.I, body.I, body.I);
}

int fric_native_mjcf_attrs(const fric_native_params *p, double log_kp, fric_native_part part,
                           fric_native_dialect dialect, char *buf, size_t cap)
{
    if (fric_native_check(p)) return -1;
    if (part != FRIC_NATIVE_JOINT && part != FRIC_NATIVE_ACTUATOR) {
        fric__say_id("mjcf.mjcf_part_neither",
            "native: MJCF part {part} is neither the joint (0) nor the actuator (1).",
            fric__values(fric__i("part", (int)part)));
        return -1;
    }
    if (dialect != FRIC_NATIVE_MUJOCO3 && dialect != FRIC_NATIVE_MUJOCO222) {
        fric__say_id("mjcf.mjcf_dialect_neither",
            "native: MJCF dialect {dialect} is neither MuJoCo 3 (0) nor MuJoCo 2.2.2 (1).",
            fric__values(fric__i("dialect", (int)dialect)));
        return -1;
    }
    if (bad_kp(log_kp)) {
        fric__say_id("mjcf.firmware_kp_gain",
            "native: the firmware kp = {log_kp} must be a gain in [0, {bench_kp_max}].",
            fric__values(fric__g("log_kp", log_kp), fric__g("bench_kp_max", FRIC_BENCH_KP_MAX)));
        return -1;
    }
    char v[11][FRIC_IO_DOUBLE_LEN];
    const double num[11] = { p->frictionloss, p->damping, p->armature, p->solreffriction_timeconst,
                             p->solreffriction_dampratio, p->solimpfriction[0], p->solimpfriction[1],
                             p->solimpfriction[2], p->solimpfriction[3], p->solimpfriction[4], 0 };
    for (int i = 0; i < 10; i++) fric_io_format_double(v[i], num[i] + 0.0);
    if (part == FRIC_NATIVE_JOINT)
        return snprintf(buf, cap, " frictionloss=\"%s\" damping=\"%s\" armature=\"%s\" solreffriction=\"%s %s\" "
                        "solimpfriction=\"%s %s %s %s %s\"", v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], v[9]);
    char kp[FRIC_IO_DOUBLE_LEN], nkp[FRIC_IO_DOUBLE_LEN], kv[FRIC_IO_DOUBLE_LEN], nkv[FRIC_IO_DOUBLE_LEN];
    char lo[FRIC_IO_DOUBLE_LEN], hi[FRIC_IO_DOUBLE_LEN], lim[2 * FRIC_IO_DOUBLE_LEN + 48] = "";
    double k = fric_native_kp_for(p, log_kp);
    fric_io_format_double(kp, k + 0.0);
    fric_io_format_double(nkp, -k + 0.0);
    fric_io_format_double(kv, p->kv + 0.0);
    fric_io_format_double(nkv, -p->kv + 0.0);
    if (fric_native_limited(p)) {
        fric_io_format_double(lo, p->forcerange_lo + 0.0);
        fric_io_format_double(hi, p->forcerange_hi + 0.0);
        snprintf(lim, sizeof lim, " forcelimited=\"true\" forcerange=\"%s %s\"", lo, hi);
    } else {
        /* no limit, said: a class this one is nested in (the robot
         * written back, robotNative.js) gives no forcerange of its own */
        snprintf(lim, sizeof lim, " forcelimited=\"false\" forcerange=\"0 0\"");
    }
    if (dialect == FRIC_NATIVE_MUJOCO3)
        return snprintf(buf, cap, "position kp=\"%s\" kv=\"%s\"%s", kp, kv, lim);
    return snprintf(buf, cap, "general gaintype=\"fixed\" gainprm=\"%s\" biastype=\"affine\" biasprm=\"0 %s %s\"%s",
                    kp, nkp, nkv, lim);
}

int fric_native_bench_mjcf(const fric_native_bench *b, char *buf, size_t cap)
{
    fric_native_step_def sd;
    if (!b) {
        fric__fail_id(FRIC_E_NULL, -1, "mjcf.bench_null",
            "native: the bench is NULL.",
            fric__no_values);
        return -1;
    }
    if (fric_native_prepare(b, &sd)) return -1;
    char joint[512], act[512];
    if (fric_native_mjcf_attrs(&b->p, b->log_kp, FRIC_NATIVE_JOINT, FRIC_NATIVE_MUJOCO222, joint, sizeof joint) < 0 ||
        fric_native_mjcf_attrs(&b->p, b->log_kp, FRIC_NATIVE_ACTUATOR, FRIC_NATIVE_MUJOCO222, act, sizeof act) < 0)
        return -1;
    mjcf_body body;
    bench_body(b->mass, b->arm_mass, b->length, b->p.q_offset, &body);
    char n[6][FRIC_IO_DOUBLE_LEN];
    const double v[6] = { b->mass, b->length, b->arm_mass, b->log_kp, b->dt, -FRIC_BENCH_G };
    for (int i = 0; i < 6; i++) fric_io_format_double(n[i], v[i]);
    char note[512];
    mjcf_comment(note, sizeof note,
                     "The pendulum bench of Duclusaud & Passault with MuJoCo's native joint\n"
                     "       (fric_native.h): m = %s kg at l = %s m, arm %s kg, firmware kp %s.",
                     n[0], n[1], n[2], n[3]);
    return snprintf(buf, cap,
        "<mujoco model=\"friction-explorer-native-bench\">\n"
        "%s"
        "  <option timestep=\"%s\" integrator=\"Euler\" gravity=\"0 0 %s\"/>\n"
        "  <worldbody>\n"
        "    <body name=\"arm\">\n"
        "      <joint name=\"joint\" type=\"hinge\" axis=\"0 1 0\"%s/>\n"
        "      <inertial pos=\"%s 0 %s\" mass=\"%s\" diaginertia=\"%s %s %s\"/>\n"
        "    </body>\n"
        "  </worldbody>\n"
        "  <actuator>\n"
        "    <%s name=\"servo\" joint=\"joint\"/>\n"
        "  </actuator>\n"
        "</mujoco>\n",
        note, n[4], n[5], joint, body.x, body.z, body.M, body.I, body.I, body.I, act);
}

int fric_native_scenario_mjcf(const double *p, char *buf, size_t cap)
{
    fric_native_bench b;
    if (fric_native_scenario_bench(p, &b)) return -1;
    return fric_native_bench_mjcf(&b, buf, cap);
}

/* ------------------------------------- the native joint as a <default> class */
/* fric_native_class_mjcf (fric_adapter.h): the two elements' attributes are
 * fric_native_mjcf_attrs's (fric_native.h, the one MJCF text of the native
 * parameters, which the bench MJCF writes too); this writes the class
 * around them. */

/* A class name MuJoCo reads as written and the XML holds unescaped. */
static int native_class_name_ok(const char *name)
{
    size_t n = name ? strlen(name) : 0;
    if (n < 1 || n > FRIC_NATIVE_CLASS_MAX) return 0;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)name[i];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '.' ||
              c == ':' || c == '-'))
            return 0;
    }
    return 1;
}

int fric_native_class_mjcf(const fric_native_params *p, const char *name, double log_kp,
                           fric_native_dialect dialect, int document, char *buf, size_t cap)
{
    if (!p) {
        fric__fail_id(FRIC_E_NULL, -1, "mjcf.no_parameters_p",
            "native class: no parameters (p).",
            fric__no_values);
        return -1;
    }
    if (!native_class_name_ok(name)) {
        fric__say_id("mjcf.class_name_characters",
            "native class: the class name '{name}' must be 1 to {native_class_max} characters of "
            "A-Z, a-z, 0-9, '_', '.', ':' or '-'.",
            fric__values(fric__sn("name", FRIC_NATIVE_CLASS_MAX + 1, name ? name : ""),
                         fric__i("native_class_max", FRIC_NATIVE_CLASS_MAX)));
        return -1;
    }
    if (!isfinite(log_kp) || log_kp < 0) {
        fric__say_id("mjcf.firmware_kp_finite",
            "native class: the firmware kp = {log_kp} must be a finite gain >= 0 (MuJoCo's kp is "
            "stated for one firmware gain).",
            fric__values(fric__g("log_kp", log_kp)));
        return -1;
    }
    if (dialect != FRIC_NATIVE_MUJOCO3 && dialect != FRIC_NATIVE_MUJOCO222) {
        fric__say_id("mjcf.mujoco_dialect_neither",
            "native class: the MuJoCo dialect {dialect} is neither MuJoCo 3 (0) nor 2.2.2 (1).",
            fric__values(fric__i("dialect", (int)dialect)));
        return -1;
    }
    /* the attributes: a few hundred bytes (10 numbers of at most
     * FRIC_IO_DOUBLE_LEN and the names) */
    char joint[512], act[512];
    int nj = fric_native_mjcf_attrs(p, log_kp, FRIC_NATIVE_JOINT, dialect, joint, sizeof joint);
    int na = nj < 0 ? -1 : fric_native_mjcf_attrs(p, log_kp, FRIC_NATIVE_ACTUATOR, dialect, act, sizeof act);
    if (nj < 0 || na < 0) return -1;   /* fric_native_check's sentence, naming the key */
    assert((size_t)nj < sizeof joint && (size_t)na < sizeof act);
    if (!document)
        return snprintf(buf, cap,
                        "    <default class=\"%s\">\n"
                        "      <joint%s/>\n"
                        "      <%s/>\n"
                        "    </default>\n", name, joint, act);
    char kp[FRIC_IO_DOUBLE_LEN], fw[FRIC_IO_DOUBLE_LEN], kp0[FRIC_IO_DOUBLE_LEN], fw0[FRIC_IO_DOUBLE_LEN],
        qo[FRIC_IO_DOUBLE_LEN];
    fric_io_format_double(kp, fric_native_kp_for(p, log_kp));
    fric_io_format_double(fw, log_kp);
    fric_io_format_double(kp0, p->kp);
    fric_io_format_double(fw0, p->firmware_kp);
    fric_io_format_double(qo, p->q_offset);
    char note[4096];
    mjcf_comment(note, sizeof note,
        "MuJoCo's native joint identified by Friction Explorer (model native,\n"
        "       written by friction mujoco-model). Put class=\"%s\" on the hinge and on\n"
        "       its actuator:\n"
        "         <joint name=\"HINGE\" class=\"%s\"/>\n"
        "         <general joint=\"HINGE\" class=\"%s\"/>%s\n"
        "       A hinge or actuator that takes values from a class (its class attribute,\n"
        "       a body's childclass: a joint axis, a range, an actuator's inheritrange)\n"
        "       keeps them only if this class is nested in that one: move the <default\n"
        "       class> below into that class's <default>, after its elements (one copy,\n"
        "       renamed, per such class). Otherwise include this file (<include\n"
        "       file=\"...\"/>). The actuator's ctrl is the goal angle [rad]. kp = %s\n"
        "       N·m/rad is MuJoCo's kp at firmware kp %s (the set states kp %s at\n"
        "       firmware kp %s; MuJoCo's kp scales with the firmware gain). q_offset =\n"
        "       %s rad is the bench's calibration, not the joint's. Written for MuJoCo %s.",
        name, name, name,
        dialect == FRIC_NATIVE_MUJOCO3 ? " (or <position ...>)" : " (2.2.2's <position> would drop kv)",
        kp, fw, kp0, fw0, qo, dialect == FRIC_NATIVE_MUJOCO3 ? "3" : "2.2.2 (and 3)");
    return snprintf(buf, cap,
        "<mujoco model=\"friction-explorer-native-%s\">\n"
        "%s"
        "  <default>\n"
        "    <default class=\"%s\">\n"
        "      <joint%s/>\n"
        "      <%s/>\n"
        "    </default>\n"
        "  </default>\n"
        "</mujoco>\n",
        name, note, name, joint, act);
}

/* ------------------------------------------- an MJCF's text before MuJoCo */
/* fric_mjcf_check_text (fric_adapter.h): one pass over the bytes, counting
 * '\n' for the line; no allocation, no recursion (the depth is a counter:
 * the closing tags are not matched by name, MuJoCo's parser does that). */

/* The first occurrence of the n bytes of s in [p, end), or NULL. */
static const char *mjcf_find(const char *p, const char *end, const char *s, size_t n)
{
    for (; (size_t)(end - p) >= n; p++)
        if (memcmp(p, s, n) == 0) return p;
    return NULL;
}

static int mjcf_starts(const char *p, const char *end, const char *s)
{
    size_t n = strlen(s);
    return (size_t)(end - p) >= n && memcmp(p, s, n) == 0;
}

static int mjcf_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

/* An XML name's first byte (ASCII letters, '_', ':' or any non-ASCII byte). */
static int mjcf_name_start(char c)
{
    unsigned char u = (unsigned char)c;
    return (u >= 'a' && u <= 'z') || (u >= 'A' && u <= 'Z') || u == '_' || u == ':' || u >= 0x80;
}

/* The lines in [p, q). */
static int mjcf_lines(const char *p, const char *q)
{
    int n = 0;
    for (; p < q; p++) n += *p == '\n';
    return n;
}



/* The next element tag of [*pp, end) into *t, past comments, CDATA,
 * processing instructions, declarations and stray '<'; *line counts the
 * lines read. 1 and *pp past the tag, or 0 at the text's end. The one scan
 * of an MJCF's tags: fric_mjcf_check_text and fric_mjcf_assets. */
static int mjcf_next_tag(const char **pp, const char *end, int *line, mjcf_tag *t)
{
    const char *p = *pp;
    while (p < end) {
        const char *lt = memchr(p, '<', (size_t)(end - p));
        if (!lt) break;
        *line += mjcf_lines(p, lt);
        p = lt + 1;
        const char *skip_to = NULL;  /* the end of a comment, CDATA, PI or declaration */
        if (mjcf_starts(p, end, "!--")) {
            const char *q = mjcf_find(p + 3, end, "-->", 3);
            skip_to = q ? q + 3 : end;
        } else if (mjcf_starts(p, end, "![CDATA[")) {
            const char *q = mjcf_find(p + 8, end, "]]>", 3);
            skip_to = q ? q + 3 : end;
        } else if (p < end && *p == '?') {
            const char *q = mjcf_find(p + 1, end, "?>", 2);
            skip_to = q ? q + 2 : end;
        } else if (p < end && *p == '!') {
            /* <!DOCTYPE ...>: to its '>', past quotes and an internal subset [...] */
            const char *q = p + 1;
            int bracket = 0;
            char quote = 0;
            for (; q < end; q++) {
                if (quote) { if (*q == quote) quote = 0; }
                else if (*q == '"' || *q == '\'') quote = *q;
                else if (*q == '[') bracket++;
                else if (*q == ']') bracket -= bracket > 0;
                else if (*q == '>' && !bracket) break;
            }
            skip_to = q < end ? q + 1 : end;
        }
        if (skip_to) {
            *line += mjcf_lines(p, skip_to);
            p = skip_to;
            continue;
        }
        int closing = p < end && *p == '/';
        const char *name = p + closing;
        if (name >= end || !mjcf_name_start(*name)) continue;   /* a stray '<': MuJoCo's parser says */
        const char *ne = name;
        while (ne < end && !mjcf_space(*ne) && *ne != '/' && *ne != '>') ne++;
        /* the tag's end: the first '>' outside a quoted value */
        const char *q = ne;
        char quote = 0;
        for (; q < end; q++) {
            if (quote) { if (*q == quote) quote = 0; }
            else if (*q == '"' || *q == '\'') quote = *q;
            else if (*q == '>') break;
        }
        *t = (mjcf_tag){ name, (int)(ne - name) > 40 ? 40 : (int)(ne - name), (size_t)(ne - name), ne, q, closing,
                         q < end && q > ne && q[-1] == '/', *line };
        *line += mjcf_lines(p, q < end ? q + 1 : end);
        *pp = q < end ? q + 1 : end;
        return 1;
    }
    *pp = end;
    return 0;
}

/* Whether tag t is the element named s. */
static int mjcf_is(const mjcf_tag *t, const char *s)
{
    return t->full == strlen(s) && memcmp(t->name, s, t->full) == 0;
}

/* The next attribute of [*pp, end) (the text of a tag after its name):
 * 1 with its name [*name, +*nlen) and its quoted value [*v, +*vlen) (as
 * written: no entity decoded) and *pp past the value, or 0 at the tag's
 * end. A name without '=', or its unquoted value, is passed over (MuJoCo's
 * parser refuses it); a byte that starts no name, or a value without its
 * closing quote, ends the attributes. The one reading of a tag's
 * attributes: mjcf_attr and fric_mjcf_tag_attrs. */
static int mjcf_next_attr(const char **pp, const char *end, const char **name, size_t *nlen, const char **v,
                          size_t *vlen)
{
    const char *p = *pp;
    for (;;) {
        while (p < end && mjcf_space(*p)) p++;
        if (p >= end || !mjcf_name_start(*p)) break;
        const char *n = p;
        while (p < end && !mjcf_space(*p) && *p != '=' && *p != '/' && *p != '>' && *p != '"' && *p != '\'') p++;
        const char *ne = p;
        while (p < end && mjcf_space(*p)) p++;
        if (p >= end || *p != '=') continue;
        p++;
        while (p < end && mjcf_space(*p)) p++;
        if (p >= end || (*p != '"' && *p != '\'')) {   /* an unquoted value: passed over */
            while (p < end && !mjcf_space(*p) && *p != '/' && *p != '>') p++;
            continue;
        }
        const char *q = memchr(p + 1, *p, (size_t)(end - p - 1));
        if (!q) break;
        *name = n;
        *nlen = (size_t)(ne - n);
        *v = p + 1;
        *vlen = (size_t)(q - p - 1);
        *pp = q + 1;
        return 1;
    }
    *pp = end;
    return 0;
}

/* The value of t's attribute named attr (as written: no entity decoded):
 * 1 with *v, *vlen, or 0. The last one when written twice (MuJoCo's
 * parser refuses that itself). */
static int mjcf_attr(const mjcf_tag *t, const char *attr, const char **v, size_t *vlen)
{
    const size_t an = strlen(attr);
    const char *p = t->attrs, *name, *val;
    size_t nlen, len;
    int found = 0;
    while (mjcf_next_attr(&p, t->attrs_end, &name, &nlen, &val, &len)) {
        if (nlen != an || memcmp(name, attr, an) != 0) continue;
        *v = val;
        *vlen = len;
        found = 1;
    }
    return found;
}

int fric__mjcf_next_tag(const char **pp, const char *end, int *line, mjcf_tag *t)
{
    return mjcf_next_tag(pp, end, line, t);
}
int fric__mjcf_is(const mjcf_tag *t, const char *s) { return mjcf_is(t, s); }
int fric__mjcf_attr(const mjcf_tag *t, const char *attr, const char **v, size_t *vlen)
{
    return mjcf_attr(t, attr, v, vlen);
}

fric_status fric_mjcf_tags(const char *text, size_t len, fric_mjcf_tag *out, int cap, int *n)
{
    if (!text || !n || (cap > 0 && !out)) {
        fric__fail_id(FRIC_E_NULL, -1, "mjcf.no_text_tags",
                      "mjcf: no text, tag count or tag array (text, n, out with cap > 0).", fric__no_values);
        return FRIC_E_NULL;
    }
    *n = 0;
    const char *p = text, *end = text + len;
    int line = 1;
    mjcf_tag t;
    while (mjcf_next_tag(&p, end, &line, &t)) {
        if (*n < cap) {
            const char *lt = t.name - 1 - t.closing;
            out[*n] = (fric_mjcf_tag){ (size_t)(lt - text), (size_t)(p - text), (size_t)(t.name - text), t.full,
                                       (size_t)(t.attrs - text), (size_t)(t.attrs_end - t.attrs), t.closing,
                                       t.self, t.line };
        }
        ++*n;
    }
    return FRIC_OK;
}

fric_status fric_mjcf_tag_attrs(const char *text, const fric_mjcf_tag *tag, fric_mjcf_attr *out, int cap, int *n)
{
    if (!text || !tag || !n || (cap > 0 && !out)) {
        fric__fail_id(FRIC_E_NULL, -1, "mjcf.no_text_attrs",
                      "mjcf: no text, tag, attribute count or attribute array (text, tag, n, out with cap > 0).",
                      fric__no_values);
        return FRIC_E_NULL;
    }
    *n = 0;
    const char *p = text + tag->attrs, *end = p + tag->attrs_len, *name, *v;
    size_t nlen, vlen;
    while (mjcf_next_attr(&p, end, &name, &nlen, &v, &vlen)) {
        if (*n < cap)
            out[*n] = (fric_mjcf_attr){ (size_t)(name - text), nlen, (size_t)(v - text), vlen };
        ++*n;
    }
    return FRIC_OK;
}

fric_status fric_mjcf_check_text(const char *text, size_t len, const char *file, int depth0, long *elements,
                                 fric_mjcf_include *inc, int cap, int *n_inc, const char **why)
{
    if (!text || !elements || !n_inc || (cap > 0 && !inc)) {
        fric__why(why, fric__fail_id(FRIC_E_NULL, -1, "mjcf.no_text_element",
                           "mjcf: no text, element count, include count or include array (text, "
                           "elements, n_inc, inc with cap > 0).",
                           fric__no_values));
        return FRIC_E_NULL;
    }
    *n_inc = 0;
    if (len > FRIC_MJCF_MAX_BYTES) {
        fric__why(why, fric__say_id("mjcf.text_size",
                                    "mjcf: the MJCF text{of}{file} is {mib} MiB: the limit is {max_mib} MiB of "
                                    "text per file (a real robot's MJCF text is well under 1 MiB; meshes and "
                                    "heightfields belong in their own files).",
                                    fric__values(fric__s("of", file ? " of " : ""),
                                                 fric__s("file", file ? file : ""),
                                                 fric__fp("mib", 1, (double)len / 1048576.0),
                                                 fric__fp("max_mib", 0, (double)FRIC_MJCF_MAX_BYTES / 1048576.0))));
        return FRIC_E_PARAM_RANGE;
    }
    const char *p = text, *end = text + len;
    int depth = depth0 < 0 ? 0 : depth0, line = 1;
    mjcf_tag t;
    while (mjcf_next_tag(&p, end, &line, &t)) {
        if (t.closing) {
            if (depth > (depth0 < 0 ? 0 : depth0)) depth--;
            continue;
        }
        if (*elements >= FRIC_MJCF_MAX_ELEMENTS) {
            fric__why(why, fric__say_id("mjcf.elements",
                                        "mjcf: <{element}> at line {line}{of}{file} is element {count} of the "
                                        "model: the limit is {max} elements (real robots have a few thousand); "
                                        "MuJoCo would take minutes to read it.",
                                        fric__values(fric__sn("element", t.nlen, t.name), fric__i("line", t.line),
                                                     fric__s("of", file ? " of " : ""),
                                                     fric__s("file", file ? file : ""),
                                                     fric__i("count", *elements + 1),
                                                     fric__i("max", FRIC_MJCF_MAX_ELEMENTS))));
            return FRIC_E_PARAM_RANGE;
        }
        ++*elements;
        if (depth + 1 > FRIC_MJCF_MAX_DEPTH) {
            fric__why(why, fric__say_id("mjcf.depth",
                                        "mjcf: <{element}> nested {depth} deep at line {line}{of}{file}: the "
                                        "limit is {max} levels (real robots nest 20 or less); "
                                        "MuJoCo's parser recurses once per level and a deeper chain freezes "
                                        "or crashes it.",
                                        fric__values(fric__sn("element", t.nlen, t.name), fric__i("depth", depth + 1),
                                                     fric__i("line", t.line),
                                                     fric__s("of", file ? " of " : ""),
                                                     fric__s("file", file ? file : ""),
                                                     fric__i("max", FRIC_MJCF_MAX_DEPTH))));
            return FRIC_E_PARAM_RANGE;
        }
        const char *v;
        size_t vlen;
        if (mjcf_is(&t, "include") && mjcf_attr(&t, "file", &v, &vlen)) {
            if (*n_inc >= cap) {
                fric__why(why, fric__say_id("mjcf.includes",
                                            "mjcf: <include> at line {line}{of}{file} is include {count} of "
                                            "the file: the limit is {max} per file.",
                                            fric__values(fric__i("line", t.line),
                                                         fric__s("of", file ? " of " : ""),
                                                         fric__s("file", file ? file : ""),
                                                         fric__i("count", *n_inc + 1), fric__i("max", cap))));
                return FRIC_E_PARAM_RANGE;
            }
            inc[*n_inc] = (fric_mjcf_include){ (size_t)(v - text), vlen, depth + 1 - 2, t.line };
            ++*n_inc;
        }
        if (!t.self) depth++;
    }
    return FRIC_OK;
}

/* fric_mjcf_assets (fric_adapter.h): the elements naming files for MuJoCo
 * to read, and the compiler's folders, in one pass of mjcf_next_tag. */
static const struct {
    const char *tag;
    fric_mjcf_folder folder;
} mjcf_asset_tags[] = {
    { "mesh", FRIC_MJCF_MESHDIR }, { "hfield", FRIC_MJCF_MESHDIR }, { "skin", FRIC_MJCF_MESHDIR },
    { "flexcomp", FRIC_MJCF_MESHDIR }, { "texture", FRIC_MJCF_TEXTUREDIR },
};
static const char *const mjcf_texture_attrs[] = { "file", "fileright", "fileleft", "fileup", "filedown",
                                                  "filefront", "fileback" };

fric_status fric_mjcf_assets(const char *text, size_t len, fric_mjcf_asset *out, int cap, int *n,
                             fric_mjcf_compiler *compiler)
{
    if (!text || !n || !compiler || (cap > 0 && !out)) {
        fric__fail_id(FRIC_E_NULL, -1, "mjcf.no_text_assets",
                      "mjcf: no text, asset count, compiler or asset array (text, n, compiler, out with cap > 0).",
                      fric__no_values);
        return FRIC_E_NULL;
    }
    *n = 0;
    const char *p = text, *end = text + len;
    int line = 1;
    mjcf_tag t;
    while (mjcf_next_tag(&p, end, &line, &t)) {
        if (t.closing) continue;
        const char *v;
        size_t vlen;
        if (mjcf_is(&t, "compiler")) {
            /* as MuJoCo reads a <compiler>: assetdir, then meshdir and texturedir over it */
            static const struct { const char *attr; int mesh, texture; } dirs[] = {
                { "assetdir", 1, 1 }, { "meshdir", 1, 0 }, { "texturedir", 0, 1 } };
            for (size_t d = 0; d < sizeof dirs / sizeof dirs[0]; d++) {
                if (!mjcf_attr(&t, dirs[d].attr, &v, &vlen)) continue;
                const fric_mjcf_span s = { (size_t)(v - text), vlen, 1, t.line, dirs[d].attr };
                if (dirs[d].mesh) compiler->dir[FRIC_MJCF_MESHDIR] = s;
                if (dirs[d].texture) compiler->dir[FRIC_MJCF_TEXTUREDIR] = s;
            }
            if (mjcf_attr(&t, "strippath", &v, &vlen)) compiler->strippath = vlen == 4 && memcmp(v, "true", 4) == 0;
            continue;
        }
        for (size_t k = 0; k < sizeof mjcf_asset_tags / sizeof mjcf_asset_tags[0]; k++) {
            if (!mjcf_is(&t, mjcf_asset_tags[k].tag)) continue;
            const int tex = mjcf_asset_tags[k].folder == FRIC_MJCF_TEXTUREDIR;
            const size_t na = tex ? sizeof mjcf_texture_attrs / sizeof mjcf_texture_attrs[0] : 1;
            for (size_t a = 0; a < na; a++) {
                if (!mjcf_attr(&t, mjcf_texture_attrs[a], &v, &vlen)) continue;
                if (*n < cap)
                    out[*n] = (fric_mjcf_asset){ (size_t)(v - text), vlen, mjcf_asset_tags[k].folder, t.line,
                                                 mjcf_asset_tags[k].tag, mjcf_texture_attrs[a] };
                ++*n;
            }
        }
    }
    return FRIC_OK;
}
