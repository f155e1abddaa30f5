/* robot_t0.h: ../shared/data/robot_ident's T0 for MuJoCo's tests of a
 * robot's identification (tests/mujoco/test_ident_mujoco.c,
 * test_ident_bam_mujoco.c): the SO-101 (so101_stripped.xml) in MuJoCo
 * 2.2.2, a recording read with its stale goals mended
 * (fric_ident_stale_goals) and its tracks computed by MuJoCo
 * (fric_mujoco_ident_tracks), and truth.json's native servo of a joint
 * (cJSON: a reader of its own, not the core's). Header-only (static
 * inline): MuJoCo's tests alone link MuJoCo, and every test links
 * tests/support's objects. Include after test_main.h (cmocka). */
#ifndef ROBOT_T0_H
#define ROBOT_T0_H

#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>

#include "fric_ident.h"
#include "fric_mujoco.h"

#define ROBOT_T0_DIR "../shared/data/robot_ident"

/* robot_ident's SO-101 in MuJoCo 2.2.2 (the test fails without it). */
static inline mjModel *robot_t0_model(void)
{
    char err[1000];
    mjModel *m = mj_loadXML(ROBOT_T0_DIR "/so101_stripped.xml", NULL, err, sizeof err);
    if (!m) fail_msg("%s", err);
    return m;
}

/* The JSON file at path, parsed (the caller cJSON_Deletes it). */
static inline cJSON *robot_t0_json(const char *path)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    static char text[1 << 20];
    const size_t n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[n] = 0;
    cJSON *root = cJSON_Parse(text);
    assert_non_null(root);
    return root;
}

/* truth.json's native servo of joint name at firmware gain 16. */
static inline void robot_t0_truth(const char *name, fric_native_params *p)
{
    cJSON *root = robot_t0_json(ROBOT_T0_DIR "/T0/truth.json");
    const cJSON *o = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(root, "joints"), name);
    assert_non_null(o);
    fric_native_params_default(p, NULL);
    p->firmware_kp = 16;
    p->kp = cJSON_GetObjectItemCaseSensitive(o, "kp")->valuedouble;
    p->kv = cJSON_GetObjectItemCaseSensitive(o, "kv")->valuedouble;
    p->frictionloss = cJSON_GetObjectItemCaseSensitive(o, "frictionloss")->valuedouble;
    p->damping = cJSON_GetObjectItemCaseSensitive(o, "damping")->valuedouble;
    p->armature = cJSON_GetObjectItemCaseSensitive(o, "armature")->valuedouble;
    p->forcerange_hi = cJSON_GetObjectItemCaseSensitive(o, "forcerange")->valuedouble;
    p->forcerange_lo = -p->forcerange_hi;
    cJSON_Delete(root);
}

/* A recording with its goals and tracks. */
typedef struct {
    fric_recording r;
    double *goal;            /* the goals with the stale ones mended (r.goal) */
    fric_ident_tracks tr;    /* computed when asked (robot_rec_load)           */
} robot_rec;

/* The CSV at path into x, its goals mended; its tracks by m when `tracks`. */
static inline void robot_rec_load(const char *path, const mjModel *m, robot_rec *x, int tracks)
{
    fric_io_error err;
    if (fric_recording_read(path, &x->r, NULL, &err)) fail_msg("%s", err.message);
    x->goal = malloc(x->r.n * (size_t)x->r.joints * sizeof *x->goal);
    assert_non_null(x->goal);
    fric_ident_stale_goals(&x->r, x->goal);
    x->r.goal = x->goal;
    const char *why = NULL;
    if (tracks && (fric_ident_tracks_create(&x->r, &x->tr, &why) || fric_mujoco_ident_tracks(m, &x->r, &x->tr, &why)))
        fail_msg("%s", why);
}

/* x (its tracks computed) alone as a training set at m's timestep and
 * firmware gain 16 (the test fails if it is refused). */
static inline fric_ident_set *robot_rec_set(const robot_rec *x, const mjModel *m)
{
    const fric_recording *rp = &x->r;
    const fric_ident_tracks *tp = &x->tr;
    const fric_ident_options o = { m->opt.timestep, 0, 16 };
    const char *why = NULL;
    fric_ident_set *set = fric_ident_set_create(&rp, &tp, 1, &o, &why);
    if (!set) fail_msg("%s", why);
    return set;
}

static inline void robot_rec_free(robot_rec *x)
{
    fric_ident_tracks_destroy(&x->tr);
    fric_recording_destroy(&x->r);
    free(x->goal);
}

#endif
