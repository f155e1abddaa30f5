/*
 * bindings_mujoco.c: the MuJoCo adapter at the wasm wall, MuJoCo-free
 * (fric_joint.h, fric_adapter.h; wasm/api/mujoco.js): the bench as MJCF, the
 * per-joint step (fric_joint), the orchestration of a model's joints
 * (fric_mujoco_core: its joint defs, init and step); the robot layer above it is bindings_robot.c.
 * MuJoCo itself is its own wasm module: the wrapper copies MuJoCo's arrays
 * in and out.
 * Conventions: wasm/bindings.c.
 */
#include <limits.h>
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fric_scenario.h"
#include "fric_bench.h"
#include "fric_servo.h"
#include "fric_io.h"
#include "fric_joint.h"
#include "fric_adapter.h"
#include "fric_native.h"
#include "fric_status.h"
#include "bindings_internal.h"

/* ------------------------------------------- MuJoCo's joint, MuJoCo-free */
/* fric_joint.h: the per-joint step of the MuJoCo adapter for the explorer's
 * "In MuJoCo" view, where MuJoCo is its own wasm module: the wrapper
 * allocates a fric_joint (layout joint: its size, the fields it reads after
 * a step), hands the step plain numbers read from MuJoCo's arrays and writes
 * the returned force or frictionloss back. */

/* The bench def of the parameters p[n], for the log lg's header and gains
 * when lg is not NULL (fric_bench_def_from_log). 1 with the message. */
int fxb_bench_def_of(const double *p, int n, const fric_io_log *lg, fric_bench_def *d)
{
    const char *why = "";
    if (fxb_bench_params_bad(n)) return 1;
    if (fxb_from_core(fric_bench_def_from_params(p, NULL, d, &why), &why)) return 1;
    if (lg) {
        fric_bench_def e;
        fric_bench_def_from_log(d, lg, &e);
        *d = e;
    }
    return 0;
}

/* The pendulum bench of the parameters p[n] (and of the log lg's header,
 * or NULL) as MJCF (fric_mujoco_bench_mjcf) into buf[cap]: returns the
 * length the text needs without its NUL (call with cap 0 to size), −1 with
 * the message. */
FXB_EXPORT int fxb_bench_mjcf(const double *p, int n, const fric_io_log *lg, char *buf, int cap)
{
    fric_bench_def d;
    if (fxb_count_bad("cap", cap, 1) || fxb_bench_def_of(p, n, lg, &d)) return -1;
    int len = fric_mujoco_bench_mjcf(&d, cap > 0 ? buf : NULL, cap > 0 ? (size_t)cap : 0);
    if (len < 0) { fxb_from_core(1, NULL); return -1; }
    fxb_set_error("");
    return len;
}

/* Joint j (wrapper-allocated, layout joint's size) with the servo of the
 * bench parameters p[n] (the log lg's gains when lg is not NULL), step h
 * [s], angle q0 [rad] (fric_joint_init). 0, or 1 with the message. */
FXB_EXPORT int fxb_joint_servo_init(fric_joint *j, const double *p, int n, const fric_io_log *lg,
                                    double h, double q0)
{
    fric_bench_def d;
    const char *why = "";
    if (!j) { fxb_refuse(FRIC_E_NULL, "fxb.no_joint", "no joint.", FXB_END); return 1; }
    if (fxb_bench_def_of(p, n, lg, &d)) return 1;
    return fxb_from_core(fric_joint_init(j, 1, NULL, &d, h, q0, &why), &why);
}

/* Joint j with the law (kind, Fs, Fc, vs, D, alpha). 0, or 1 with the message. */
FXB_EXPORT int fxb_joint_law_init(fric_joint *j, int kind, double Fs, double Fc, double vs, double D,
                                  double alpha, double h, double q0)
{
    const char *why = "";
    if (!j) { fxb_refuse(FRIC_E_NULL, "fxb.no_joint", "no joint.", FXB_END); return 1; }
    fric_law law = fxb_make_law(kind, Fs, Fc, vs, D, alpha);
    return fxb_from_core(fric_joint_init(j, 0, &law, NULL, h, q0, &why), &why);
}

/* The implicit step prepared with Z [rad/(N·m·s)] (fric_joint_retune). */
FXB_EXPORT int fxb_joint_prepare(fric_joint *j, double Z)
{
    const char *why = "";
    if (!(Z > 0) || !isfinite(Z)) {
        char sz[32];
        snprintf(sz, sizeof sz, "%.17g", Z);
        fxb_refuse(FRIC_E_PARAM_RANGE, "fxb.joint_z", "Z = h·(M⁻¹)_ii = {z} is not a finite number > 0.", "z", sz, FXB_END);
        return 1;
    }
    return fxb_from_core(fric_joint_retune(j, Z, &why), &why);
}

/* The per-step calls (no allocation, no message): fric_joint.h. */
FXB_EXPORT void fxb_joint_set_z(fric_joint *j, double Z) { fric_joint_set_z(j, Z); }
FXB_EXPORT void fxb_joint_goal(fric_joint *j, double goal, int torque_enable)
{
    fric_joint_goal(j, goal, torque_enable);
}
FXB_EXPORT double fxb_joint_step(fric_joint *j, double q, double v, double v_free, double tau_e)
{
    return fric_joint_step(j, q, v, v_free, tau_e);
}
FXB_EXPORT double fxb_joint_loss(fric_joint *j, double q, double v, double tau_e)
{
    return fric_joint_loss(j, q, v, tau_e);
}
FXB_EXPORT double fxb_joint_rest_loss(const fric_joint *j) { return fric_joint_rest_loss(j); }
FXB_EXPORT double fxb_joint_damping(const fric_joint *j) { return fric_joint_damping(j); }

/* ------------------------- the MuJoCo adapter's orchestration, MuJoCo-free */
/* fric_adapter.h's fric_mujoco_core for the explorer's "In MuJoCo" view.
 * Every struct crosses as a named record (layouts of fxb_boundary): the
 * wrapper allocates the model (layout mujoco_model), the joint models
 * (mujoco_joint_model each), the joint defs (mujoco_joint_def each: the
 * bindings fill the law or the servo's bench def, the wrapper writes the
 * joint's name, goal range and held by name) and the state (mujoco_core; it
 * reads what the model gets at the start from it by name: each joint's
 * frictionloss and damping, noslip_iterations, several), and once the
 * per-step arrays (named by the tables mj_step_inputs and mj_step_outputs);
 * the view copies MuJoCo's arrays in and the results back. */

/* The def d (layout mujoco_joint_def, zeroed here) with the law (kind, Fs,
 * Fc, vs, D, alpha). */
FXB_EXPORT void fxb_mj_def_law(fric_mujoco_joint_def *d, int kind, double Fs, double Fc, double vs, double D,
                               double alpha)
{
    memset(d, 0, sizeof *d);
    d->law = fxb_make_law(kind, Fs, Fc, vs, D, alpha);
}

/* The def d (zeroed here) with the servo of the bench parameters p[n] (the
 * log lg's gains when lg is not NULL): servo 1 and its bench def. 0, or 1
 * with the message. */
FXB_EXPORT int fxb_mj_def_servo(fric_mujoco_joint_def *d, const double *p, int n, const fric_io_log *lg)
{
    memset(d, 0, sizeof *d);
    d->servo = 1;
    return fxb_bench_def_of(p, n, lg, &d->bench);
}

/* fric_mujoco_core_init of the state o (layout mujoco_core) with the model
 * (layout mujoco_model), the joint models jm[n] and the defs[n] (layouts
 * mujoco_joint_model, mujoco_joint_def); what the model gets is then read
 * from o by name. 0, or 1 with the core's message. */
FXB_EXPORT int fxb_mj_init(fric_mujoco_core *o, const fric_mujoco_model *model, const fric_mujoco_joint_model *jm,
                           const fric_mujoco_joint_def *defs, int n, int treatment)
{
    if (fxb_count_bad("n (joints)", n, 1)) return 1;
    const char *why = "";
    if (fxb_from_core(fric_mujoco_core_init(o, model, jm, defs, n, (fric_mujoco_treatment)treatment, &why), &why)) return 1;
    fxb_set_error("");
    return 0;
}

/* One step (no allocation, no message): in[FRIC_MUJOCO_STEP_N_INPUTS·n], each
 * input's n values in FRIC_MUJOCO_STEP_INPUTS order (table mj_step_inputs);
 * out[FRIC_MUJOCO_STEP_N_OUTPUTS·n], each output's n values in
 * FRIC_MUJOCO_STEP_OUTPUTS order (table mj_step_outputs). */
FXB_EXPORT void fxb_mj_step(fric_mujoco_core *o, const double *in, double *out)
{
    int n = o->n, k = 0;
    fric_mujoco_step_in x;
#define FXB_MJ_INPUT(f, unit) x.f = in + n * k++;
    FRIC_MUJOCO_STEP_INPUTS(FXB_MJ_INPUT)
#undef FXB_MJ_INPUT
    k = 0;
#define FXB_MJ_OUTPUT(f, unit) double *f = out + n * k++;
    FRIC_MUJOCO_STEP_OUTPUTS(FXB_MJ_OUTPUT)
#undef FXB_MJ_OUTPUT
    fric_mujoco_core_step(o, &x, force, frictionloss);
}

FXB_EXPORT void fxb_mj_goal(fric_mujoco_core *o, int i, double goal, int torque_enable)
{
    fric_mujoco_core_goal(o, i, goal, torque_enable);
}

/* Joint i's per-joint step (layout joint), inside the state. */
FXB_EXPORT fric_joint *fxb_mj_joint(fric_mujoco_core *o, int i) { return &o->j[i].s; }

/* ------------------------------------------- an MJCF's text before MuJoCo */
/* fric_mjcf_check_text of text[len] (file: its name for the sentence, ""
 * none; depth0 and the elements counted so far as fric_adapter.h says):
 * out[2 + 4·cap] gets the elements counted after this text, the includes
 * found (at most cap), then per include its file value's byte offset and
 * length in text, its depth0 and its line. 0, or 1 with the core's
 * sentence. */
FXB_EXPORT int fxb_mjcf_check(const char *text, int len, const char *file, int depth0, int elements, int *out, int cap)
{
    if (fxb_count_bad("len", len, 1) || fxb_count_bad("cap", cap, 4 * sizeof(int))) return 1;
    if (cap > FRIC_MJCF_MAX_INCLUDES) cap = FRIC_MJCF_MAX_INCLUDES;
    fric_mjcf_include inc[FRIC_MJCF_MAX_INCLUDES];
    long el = elements;
    int n = 0;
    const char *why = "";
    if (fxb_from_core(fric_mjcf_check_text(text, (size_t)len, file && *file ? file : NULL, depth0, &el, inc, cap, &n, &why),
                  &why))
        return 1;
    out[0] = (int)el;
    out[1] = n;
    for (int i = 0; i < n; i++) {
        out[2 + 4 * i] = (int)inc[i].at;
        out[3 + 4 * i] = (int)inc[i].len;
        out[4 + 4 * i] = inc[i].depth0;
        out[5 + 4 * i] = inc[i].line;
    }
    fxb_set_error("");
    return 0;
}

/* fric_mjcf_assets of text[len] (the one table of the elements naming
 * files: the page's robotFiles.js lists a file's assets through this):
 * out[FXB_MJCF_HEAD + 6·cap] gets how many assets the text names, the
 * strippath after the text (strip: the one before it), then per compiler
 * folder (meshdir, texturedir) the value's byte offset, length, whether
 * this text sets it, its <compiler>'s line and the attribute that set it
 * (a pointer to its static name), then per asset (the first cap) its value's
 * byte offset and length, its folder (fric_mjcf_folder), its line and its
 * element's and attribute's names (pointers to static names). 0, or 1
 * with the core's sentence. */
#define FXB_MJCF_HEAD 12
FXB_EXPORT int fxb_mjcf_assets(const char *text, int len, int strip, int *out, int cap)
{
    if (fxb_count_bad("len", len, 1) || fxb_count_bad("cap", cap, 6 * sizeof(int))) return 1;
    fric_mjcf_asset *a = cap ? malloc((size_t)cap * sizeof *a) : NULL;
    if (cap && !a) {
        fxb_refuse(FRIC_E_NO_MEMORY, "fxb.mjcf_assets_memory", "mjcf assets: out of memory.", FXB_END);
        return 1;
    }
    fric_mjcf_compiler c = { .strippath = strip != 0 };
    int n = 0;
    const char *why = "";
    if (fxb_from_core(fric_mjcf_assets(text, (size_t)len, a, cap, &n, &c), &why)) {
        free(a);
        return 1;
    }
    out[0] = n;
    out[1] = c.strippath;
    for (int f = 0; f < 2; f++) {
        const fric_mjcf_span *s = &c.dir[f];
        int *o = out + 2 + 5 * f;
        o[0] = (int)s->at;
        o[1] = (int)s->len;
        o[2] = s->set;
        o[3] = s->line;
        o[4] = (int)(uintptr_t)s->attr;
    }
    for (int i = 0; i < n && i < cap; i++) {
        int *o = out + FXB_MJCF_HEAD + 6 * i;
        o[0] = (int)a[i].at;
        o[1] = (int)a[i].len;
        o[2] = (int)a[i].folder;
        o[3] = a[i].line;
        o[4] = (int)(uintptr_t)a[i].tag;
        o[5] = (int)(uintptr_t)a[i].attr;
    }
    free(a);
    fxb_set_error("");
    return 0;
}

/* fric_mjcf_tags and fric_mjcf_tag_attrs of text[len] (the core's one tag
 * scan: the page's robotFiles.js and robotNative.js read an MJCF's tags
 * through this): out[cap] gets the ints needed (out[0]), the tags (out[1])
 * and the attributes (out[2]); when cap holds them all, per tag (from
 * out[3], FXB_TAG_INTS each) its '<', end, name, name length, closing,
 * self, line and how many attributes it has, then per attribute (in the
 * tags' order, FXB_ATTR_INTS each) its name, name length, value and value
 * length (byte offsets). 0, or 1 with the core's sentence. */
#define FXB_TAG_INTS 8
#define FXB_ATTR_INTS 4
FXB_EXPORT int fxb_mjcf_tags(const char *text, int len, int *out, int cap)
{
    if (fxb_count_bad("len", len, 1) || fxb_count_bad("cap", cap, sizeof(int))) return 1;
    const char *why = "";
    int n = 0;
    if (fxb_from_core(fric_mjcf_tags(text, (size_t)len, NULL, 0, &n), &why)) return 1;
    fric_mjcf_tag *t = n ? malloc((size_t)n * sizeof *t) : NULL;
    if (n && !t) {
        fxb_refuse(FRIC_E_NO_MEMORY, "fxb.mjcf_tags_memory", "mjcf tags: out of memory.", FXB_END);
        return 1;
    }
    fric_mjcf_tags(text, (size_t)len, t, n, &n);
    long na = 0;
    int most = 0;   /* the most attributes of one tag */
    for (int i = 0; i < n; i++) {
        int k = 0;
        fric_mjcf_tag_attrs(text, &t[i], NULL, 0, &k);
        na += k;
        if (k > most) most = k;
    }
    const long need = 3 + (long)n * FXB_TAG_INTS + na * FXB_ATTR_INTS;
    if (cap >= 3) {
        out[0] = need > INT_MAX ? INT_MAX : (int)need;
        out[1] = n;
        out[2] = (int)na;
    }
    fric_mjcf_attr *at = need <= cap && most ? malloc((size_t)most * sizeof *at) : NULL;
    if (need <= cap && most && !at) {
        free(t);
        fxb_refuse(FRIC_E_NO_MEMORY, "fxb.mjcf_tags_memory", "mjcf tags: out of memory.", FXB_END);
        return 1;
    }
    if (need <= cap) {
        int *o = out + 3, *a = out + 3 + n * FXB_TAG_INTS;
        for (int i = 0; i < n; i++, o += FXB_TAG_INTS) {
            int k = 0;
            fric_mjcf_tag_attrs(text, &t[i], at, most, &k);
            for (int j = 0; j < k; j++, a += FXB_ATTR_INTS) {
                a[0] = (int)at[j].name;
                a[1] = (int)at[j].name_len;
                a[2] = (int)at[j].value;
                a[3] = (int)at[j].value_len;
            }
            o[0] = (int)t[i].at, o[1] = (int)t[i].end, o[2] = (int)t[i].name, o[3] = (int)t[i].name_len;
            o[4] = t[i].closing, o[5] = t[i].self, o[6] = t[i].line, o[7] = k;
        }
    }
    free(at);
    free(t);
    fxb_set_error("");
    return 0;
}

/* ------------------------------------------------------ an MJCF's file plan */
/* fric_mjcf_plan (fric_adapter.h): the files a model names, the page's and
 * tools/robot.mjs's walk of a robot's files (robotFiles.js, through
 * core.mujoco.mjcfPlan). A handle, or 0 with the core's sentence. */
FXB_EXPORT fric_mjcf_plan *fxb_mjcf_plan_new(void)
{
    fric_mjcf_plan *p = NULL;
    const char *why = "";
    if (fxb_from_core(fric_mjcf_plan_new(&p), &why)) return NULL;
    fxb_set_error("");
    return p;
}

FXB_EXPORT void fxb_mjcf_plan_free(fric_mjcf_plan *p) { fric_mjcf_plan_free(p); }

/* fric_mjcf_plan_begin: 0, or 1 with the core's sentence. */
FXB_EXPORT int fxb_mjcf_plan_begin(fric_mjcf_plan *p, const char *main)
{
    const char *why = "";
    if (fxb_from_core(fric_mjcf_plan_begin(p, main), &why)) return 1;
    fxb_set_error("");
    return 0;
}

/* fric_mjcf_plan_next into out[5]: done, index, text, last, and the path
 * (a pointer to the plan's text, valid until the next call). 0, or 1 with
 * the core's sentence. */
FXB_EXPORT int fxb_mjcf_plan_next(fric_mjcf_plan *p, int *out)
{
    fric_mjcf_want w;
    const char *why = "";
    if (fxb_from_core(fric_mjcf_plan_next(p, &w), &why)) return 1;
    out[0] = w.done;
    out[1] = w.index;
    out[2] = w.text;
    out[3] = w.last;
    out[4] = (int)(uintptr_t)w.path;
    fxb_set_error("");
    return 0;
}

/* fric_mjcf_plan_feed: the file wanted found at path, text[len] its bytes
 * (text 0 for an asset, len its size [bytes]). 0, or 1 with the core's
 * sentence. */
FXB_EXPORT int fxb_mjcf_plan_feed(fric_mjcf_plan *p, const char *path, const char *text, double len)
{
    const char *why = "";
    if (!(len >= 0 && len <= 9007199254740992.0)) {
        fxb_refuse(FRIC_E_PARAM_RANGE, "fxb.mjcf_plan_len", "mjcf plan: the file's size must be a count of bytes >= 0.",
                   FXB_END);
        return 1;
    }
    if (fxb_from_core(fric_mjcf_plan_feed(p, path, text, (size_t)len), &why)) return 1;
    fxb_set_error("");
    return 0;
}

/* fric_mjcf_plan_absent: 0, or 1 with the core's sentence. */
FXB_EXPORT int fxb_mjcf_plan_absent(fric_mjcf_plan *p)
{
    const char *why = "";
    if (fxb_from_core(fric_mjcf_plan_absent(p), &why)) return 1;
    fxb_set_error("");
    return 0;
}

/* The plan's entries. */
FXB_EXPORT int fxb_mjcf_plan_count(const fric_mjcf_plan *p) { return fric_mjcf_plan_count(p); }

/* Entry i (fric_mjcf_plan_file) into out[FXB_PLAN_FILE_INTS]: role, path,
 * source, found, same, outside, from, line, tag, attr, value, at, after,
 * depth0, model, bytes, elements (the texts as pointers to the plan's or
 * static names; at, after and bytes in bytes). 0, or 1 with the core's
 * sentence. */
#define FXB_PLAN_FILE_INTS 17
FXB_EXPORT int fxb_mjcf_plan_file(const fric_mjcf_plan *p, int i, int *out)
{
    fric_mjcf_file f;
    const char *why = "";
    if (fxb_from_core(fric_mjcf_plan_file(p, i, &f), &why)) return 1;
    const int v[FXB_PLAN_FILE_INTS] = { (int)f.role, (int)(uintptr_t)f.path, (int)(uintptr_t)f.source, f.found, f.same,
                                        f.outside, f.from, f.line, (int)(uintptr_t)f.tag, (int)(uintptr_t)f.attr,
                                        (int)(uintptr_t)f.value, (int)f.at, (int)f.after, f.depth0, f.model,
                                        (int)f.bytes, (int)f.elements };
    memcpy(out, v, sizeof v);
    fxb_set_error("");
    return 0;
}

/* The plan's <default> classes. */
FXB_EXPORT int fxb_mjcf_plan_class_count(const fric_mjcf_plan *p) { return fric_mjcf_plan_class_count(p); }

/* Class i (fric_mjcf_plan_class) into out[5]: name (a pointer to the
 * plan's text), parent, file, line, model. 0, or 1 with the core's
 * sentence. */
FXB_EXPORT int fxb_mjcf_plan_class(const fric_mjcf_plan *p, int i, int *out)
{
    fric_mjcf_class c;
    const char *why = "";
    if (fxb_from_core(fric_mjcf_plan_class(p, i, &c), &why)) return 1;
    const int v[5] = { (int)(uintptr_t)c.name, c.parent, c.file, c.line, c.model };
    memcpy(out, v, sizeof v);
    fxb_set_error("");
    return 0;
}
