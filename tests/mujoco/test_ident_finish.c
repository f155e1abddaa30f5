/*
 * test_ident_finish.c: fric_ident_finish, the end of a joint's
 * identification for a door that steps the fitters itself (the page's
 * worker: progress, Cancel), against fric_ident_joint (the native CLI's
 * whole call, core/identify/ident_fit.c) on T0's recipe with the stripped
 * SO-101 (../shared/data/robot_ident): the FRIC_IDENT_STARTS searches of
 * seeds 1, 2, … stepped here a generation at a time, the best kept, then
 * fric_ident_finish, give fric_ident_joint's result bit for bit (the set,
 * the ranges and their clamps, the flags, the train MAE, the evaluations)
 * on two joints, one whose armature range reaches its bound (flagged) and
 * one that is identified. Skips (fails under CI=true) without
 * ../shared/data.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_main.h"

#include "bench_json.h"
#include "fric_ident.h"
#include "fric_mujoco.h"

#define DIR "../shared/data/robot_ident"
#define BUDGET 60

static void same_result(const fric_ident_result *a, const fric_ident_result *b)
{
    assert_memory_equal(&a->p, &b->p, sizeof a->p);
    for (int i = 0; i < FRIC_NATIVE_FIT_N; i++) {
        assert_true(a->lower[i] == b->lower[i] && a->upper[i] == b->upper[i]);
        assert_int_equal(a->lower_clamped[i], b->lower_clamped[i]);
        assert_int_equal(a->upper_clamped[i], b->upper_clamped[i]);
        assert_int_equal(a->verdict.param_flags[i], b->verdict.param_flags[i]);
    }
    assert_int_equal(a->verdict.flags, b->verdict.flags);
    assert_true(a->train_mae == b->train_mae);
    assert_int_equal(a->evals, b->evals);
}

static void test_finish_is_joint(void **state)
{
    (void)state;
    BENCH_SKIP_WITHOUT_DATA(DIR "/T0/recipe.csv", DIR);
    char err[1000] = "";
    mjModel *m = mj_loadXML(DIR "/so101_stripped.xml", NULL, err, sizeof err);
    if (!m) fail_msg("%s", err);
    fric_recording r;
    fric_io_error ioe;
    if (fric_recording_read(DIR "/T0/recipe.csv", &r, NULL, &ioe)) fail_msg("%s", ioe.message);
    double *goal = malloc(r.n * (size_t)r.joints * sizeof *goal);
    assert_non_null(goal);
    fric_ident_stale_goals(&r, goal);
    r.goal = goal;
    fric_ident_tracks tr;
    const char *why = NULL;
    if (fric_ident_tracks_create(&r, &tr, &why) || fric_mujoco_ident_tracks(m, &r, &tr, &why)) fail_msg("%s", why);
    const fric_recording *R[1] = { &r };
    const fric_ident_tracks *T[1] = { &tr };
    fric_ident_options o = { m->opt.timestep, 0, FRIC_IDENT_FIRMWARE_KP };
    fric_ident_set *set = fric_ident_set_create(R, T, 1, &o, &why);
    assert_non_null(set);
    const int joints[2] = { 1, 4 };   /* shoulder_lift (armature flagged), wrist_roll */
    for (int q = 0; q < 2; q++) {
        const int j = joints[q];
        fric_ident_result whole, stepped;
        assert_int_equal(fric_ident_joint(set, j, BUDGET, 1, &whole, &why), FRIC_OK);
        fric_native_fit_space box;
        fric_native_params start, best = { 0 };
        fric_ident_space_default(&o, &box, &start);
        double loss = INFINITY;
        long evals = 0;
        for (int k = 0; k < FRIC_IDENT_STARTS; k++) {
            fric_ident_fitter *f = fric_ident_fitter_create(set, j, &start, &box, BUDGET / FRIC_IDENT_STARTS, 1 + (uint64_t)k, &why);
            assert_non_null(f);
            while (fric_ident_fitter_step(f) == 0) continue;
            const fric_ident_progress *g = fric_ident_fitter_progress(f);
            if (g->best_loss < loss) best = g->best, loss = g->best_loss;
            evals += g->evals;
            fric_ident_fitter_destroy(f);
        }
        assert_int_equal(fric_ident_finish(set, j, &best, loss, evals, &stepped, &why), FRIC_OK);
        same_result(&stepped, &whole);
        if (q == 0) assert_true(whole.verdict.flags & FRIC_IDENT_FLAG(RANGE_AT_BOUND));
    }
    /* a joint the set has not: refused in one sentence */
    fric_ident_result none;
    fric_native_params p0;
    fric_native_params_default(&p0, NULL);
    assert_int_equal(fric_ident_finish(set, 99, &p0, 0, 0, &none, &why), FRIC_E_NULL);
    assert_non_null(strstr(why, "a joint of it"));
    fric_ident_set_destroy(set);
    fric_ident_tracks_destroy(&tr);
    fric_recording_destroy(&r);
    free(goal);
    mj_deleteModel(m);
}

FRIC_TEST_MAIN(cmocka_unit_test(test_finish_is_joint))
