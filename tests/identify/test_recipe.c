/*
 * test_recipe.c: the recording recipe (fric_recipe.h) for the SO-101's
 * ranges (typed here from ../shared/data/so101/so101_new_calib.xml's
 * range attributes), judged from its goals alone, as a reader of the CSV
 * would, not from the generator's own segments:
 *   - every goal inside its range less the margin (a tenth of the range at
 *     each end);
 *   - speeds and accelerations by finite differences of the frames: for a
 *     function with |x′| <= v and |x″| <= a, |x_{k+1} − x_k| <= v·h and
 *     |x_{k+1} − 2x_k + x_{k−1}| <= a·h² (the mean value theorem, Taylor's
 *     remainder), h = 1/fps;
 *   - holds: runs of a joint's goal still for >= 2 s, each approached from
 *     above or below by the sign of the last change before it; every joint
 *     has at least 3 of each, at 3 distinct angles of each side;
 *   - sweeps: monotone runs of >= 1 s over >= 0.3 rad at <= 0.4 rad/s, at
 *     least one up and one down per joint;
 *   - the multi-sine: every joint moving at once for >= 10 s, with its
 *     goals' spectrum (a DFT of the frames) carrying power near 3 Hz;
 *   - rest at both ends, the length asked, fewer poses for a shorter one;
 *   - the CSV text read back by strtod to the same goals, the JSON parsed by
 *     cJSON; each refusal names its field.
 */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "test_main.h"

#include "fric_recipe.h"
#include "status_expect.h"

/* create refuses d: NULL, the code and parameter index recorded, the
 * message naming what, free of banned words. */
static void refused(const fric_recipe_def *d, fric_status code, int param, const char *what)
{
    fric_status_clear();
    assert_null(fric_recipe_create(d));
    const fric_error e = fric_status_last();
    if (e.code != code || e.param != param || !strstr(e.message, what) || banned_in(e.message) || !e.id[0])
        fail_msg("expected code %d param %d naming '%s'; got %d %d '%s' (id '%s')", code, param, what, e.code,
                 e.param, e.message, e.id);
}

#define J 6
static const char *names[J] = { "shoulder_pan", "shoulder_lift", "elbow_flex", "wrist_flex", "wrist_roll", "gripper" };
/* so101_new_calib.xml's ranges [rad] */
static const double lo[J] = { -1.91986, -1.74533, -1.69, -1.65806, -2.74385, -0.174533 };
static const double hi[J] = { 1.91986, 1.74533, 1.69, 1.65806, 2.84121, 1.74533 };

static fric_recipe_def so101(void)
{
    fric_recipe_def d = fric_recipe_default();
    d.joints = J;
    for (int j = 0; j < J; j++) {
        snprintf(d.name[j], sizeof d.name[j], "%s", names[j]);
        d.lo[j] = lo[j];
        d.hi[j] = hi[j];
    }
    return d;
}

#define G(r, k, j) ((r)->goal[(size_t)(k) * (size_t)(r)->joints + (size_t)(j)])

static void test_bounds(void **state)
{
    (void)state;
    fric_recipe_def d = so101();
    fric_recipe *r = fric_recipe_create(&d);
    assert_non_null(r);
    const double h = 1 / d.fps;
    /* the length asked, within a frame */
    assert_true(fabs((double)(r->n - 1) * h - d.seconds) <= h);
    double vmax = 0, amax = 0;
    for (int j = 0; j < J; j++) {
        const double m = 0.1 * (hi[j] - lo[j]);
        for (size_t k = 0; k < r->n; k++) {
            assert_true(G(r, k, j) >= lo[j] + m - 1e-9);
            assert_true(G(r, k, j) <= hi[j] - m + 1e-9);
            if (k > 0) vmax = fmax(vmax, fabs(G(r, k, j) - G(r, k - 1, j)) / h);
            if (k > 0 && k + 1 < r->n)
                amax = fmax(amax, fabs(G(r, k + 1, j) - 2 * G(r, k, j) + G(r, k - 1, j)) / (h * h));
        }
        /* rest at both ends: the first and last second still, the same goals */
        for (size_t k = 0; k < 30; k++) {
            assert_true(G(r, k, j) == G(r, 0, j));
            assert_true(G(r, r->n - 1 - k, j) == G(r, r->n - 1, j));
        }
        assert_true(fabs(G(r, 0, j) - G(r, r->n - 1, j)) < 1e-12);
        assert_true(fabs(G(r, 0, j) - 0.5 * (lo[j] + hi[j])) < 1e-9);
    }
    print_message("recipe: %zu frames, largest speed %.4f rad/s (bound %g), acceleration %.4f rad/s² (bound %g)\n",
                  r->n, vmax, d.speed, amax, d.accel);
    assert_true(vmax <= d.speed + 1e-9);
    assert_true(amax <= d.accel + 1e-6);
    fric_recipe_destroy(r);
}

/* The angles of a[n] a hundredth of a radian apart or more. */
static int distinct(const double *a, int n)
{
    int d = 0;
    for (int i = 0; i < n; i++) {
        int seen = 0;
        for (int q = 0; q < i; q++) seen |= fabs(a[q] - a[i]) < 0.01;
        d += !seen;
    }
    return d;
}

/* Holds per joint from the goals: runs still for >= 2 s, the side of approach
 * by the last change before the run. */
static void test_holds(void **state)
{
    (void)state;
    fric_recipe_def d = so101();
    fric_recipe *r = fric_recipe_create(&d);
    assert_non_null(r);
    const size_t need = (size_t)ceil(2.0 * d.fps);
    for (int j = 0; j < J; j++) {
        int above = 0, below = 0;
        double at_above[64], at_below[64];
        size_t k = 1;
        while (k < r->n) {
            size_t e = k;
            while (e + 1 < r->n && G(r, e + 1, j) == G(r, k, j)) e++;
            /* frames k .. e still; the change into it from frame k − 1 */
            if (e - k + 1 >= need && G(r, k - 1, j) != G(r, k, j)) {
                if (G(r, k - 1, j) > G(r, k, j) && above < 64) at_above[above++] = G(r, k, j);
                if (G(r, k - 1, j) < G(r, k, j) && below < 64) at_below[below++] = G(r, k, j);
            }
            k = e + 1;
        }
        const int da = distinct(at_above, above), db = distinct(at_below, below);
        print_message("%-13s holds >= 2 s: %d from above (%d angles), %d from below (%d angles)\n", names[j], above,
                      da, below, db);
        assert_true(above >= 3 && below >= 3);
        assert_true(da >= 3 && db >= 3);
    }
    fric_recipe_destroy(r);
}

/* Sweeps per joint: monotone runs >= 1 s over >= 0.3 rad at <= 0.4 rad/s. */
static void test_sweeps_multisine(void **state)
{
    (void)state;
    fric_recipe_def d = so101();
    fric_recipe *r = fric_recipe_create(&d);
    assert_non_null(r);
    const double h = 1 / d.fps;
    for (int j = 0; j < J; j++) {
        int up = 0, down = 0;
        size_t k = 0;
        while (k + 1 < r->n) {
            const double s = G(r, k + 1, j) - G(r, k, j);
            if (s == 0) {
                k++;
                continue;
            }
            size_t e = k + 1;
            double vm = fabs(s) / h;
            while (e + 1 < r->n && (G(r, e + 1, j) - G(r, e, j)) * s > 0) {
                vm = fmax(vm, fabs(G(r, e + 1, j) - G(r, e, j)) / h);
                e++;
            }
            const double travel = fabs(G(r, e, j) - G(r, k, j));
            if ((double)(e - k) * h >= 1.0 && travel >= 0.3 && vm <= 0.4 + 1e-9) {
                up += s > 0;
                down += s < 0;
            }
            k = e;
        }
        print_message("%-13s slow sweeps: %d up, %d down\n", names[j], up, down);
        assert_true(up >= 1 && down >= 1);
    }
    /* the multi-sine: the longest stretch with every joint moving each frame */
    size_t best = 0, b0 = 0;
    for (size_t k = 1, run = 0; k < r->n; k++) {
        int all = 1;
        for (int j = 0; j < J; j++) all &= G(r, k, j) != G(r, k - 1, j);
        run = all ? run + 1 : 0;
        if (run > best) best = run, b0 = k - run;
    }
    print_message("every joint moving at once for %.2f s\n", (double)best * h);
    assert_true((double)best * h >= 10.0);
    /* its power per band by a DFT of joint 0's goals over the stretch: the
     * band 2.5 .. 3.2 Hz holds a share of the power of 0.15 .. 3.2 Hz that a
     * recipe without high frequencies would not (> 1e-4) */
    for (int j = 0; j < J; j++) {
        double hiP = 0, allP = 0;
        const size_t N = best;
        for (double f = 0.15; f <= 3.2; f += 0.01) {
            double re = 0, im = 0;
            for (size_t k = 0; k < N; k++) {
                const double x = G(r, b0 + k, j) - G(r, b0, j);
                re += x * cos(2 * 3.141592653589793 * f * (double)k * h);
                im -= x * sin(2 * 3.141592653589793 * f * (double)k * h);
            }
            const double p = re * re + im * im;
            allP += p;
            if (f >= 2.5) hiP += p;
        }
        assert_true(hiP / allP > 1e-4);
    }
    fric_recipe_destroy(r);
}

static void test_shorter_and_text(void **state)
{
    (void)state;
    fric_recipe_def d = so101();
    d.seconds = 60;
    fric_recipe *r = fric_recipe_create(&d);
    assert_non_null(r);
    assert_true(r->poses < FRIC_RECIPE_POSES);
    print_message("60 s asked: %d poses, %.3f s\n", r->poses, (double)(r->n - 1) / r->fps);
    /* the CSV read back to the same goals */
    const size_t len = fric_recipe_csv(r, NULL, 0);
    char *text = malloc(len + 1);
    assert_non_null(text);
    assert_int_equal(fric_recipe_csv(r, text, len + 1), len);
    char *line = strchr(text, '\n');
    assert_non_null(line);
    assert_memory_equal(text, "t,shoulder_pan,shoulder_lift,elbow_flex,wrist_flex,wrist_roll,gripper\n", (size_t)(line - text) + 1);
    char *p = line + 1;
    for (size_t k = 0; k < r->n; k++) {
        char *e;
        const double t = strtod(p, &e);
        assert_true(t == (double)k / r->fps);
        for (int j = 0; j < J; j++) {
            assert_true(*e == ',');
            p = e + 1;
            assert_true(strtod(p, &e) == G(r, k, j));
        }
        assert_true(*e == '\n');
        p = e + 1;
    }
    assert_true(*p == 0);
    free(text);
    /* the JSON: its holds as many as the runs at the poses, each with its side */
    const size_t nj = fric_recipe_segments_json(r, &d, NULL, 0);
    char *json = malloc(nj + 1);
    assert_non_null(json);
    fric_recipe_segments_json(r, &d, json, nj + 1);
    cJSON *root = cJSON_Parse(json);
    assert_non_null(root);
    const cJSON *seg = cJSON_GetObjectItem(root, "segments"), *s;
    int holds = 0, sweeps = 0, multisine = 0;
    cJSON_ArrayForEach(s, seg)
    {
        const char *kind = cJSON_GetObjectItem(s, "kind")->valuestring;
        holds += strcmp(kind, "hold") == 0;
        sweeps += strcmp(kind, "sweep") == 0;
        multisine += strcmp(kind, "multisine") == 0;
    }
    assert_int_equal(holds, 2 * r->poses);
    assert_int_equal(sweeps, 2 * J * r->poses);
    assert_int_equal(multisine, 1);
    assert_int_equal((int)cJSON_GetObjectItem(root, "frames")->valuedouble, (int)r->n);
    cJSON_Delete(root);
    free(json);
    fric_recipe_destroy(r);
}

static void test_refusals(void **state)
{
    (void)state;
    fric_recipe_def d = so101();
    d.joints = 0;
    refused(&d, FRIC_E_PARAM_RANGE, -1, "0 joints");
    d = so101();
    d.hi[2] = NAN;
    refused(&d, FRIC_E_PARAM_RANGE, -1, "joint elbow_flex's range");
    d = so101();
    d.hi[2] = d.lo[2] + 0.01;
    refused(&d, FRIC_E_PARAM_RANGE, -1, "at least 0.05 rad");
    d = so101();
    snprintf(d.name[1], sizeof d.name[1], "a,b");
    refused(&d, FRIC_E_PARAM_RANGE, -1, "a comma");
    /* one field out of its range at a time: the field's index in the check */
    static const struct { size_t off; double v; int param; const char *what; } one[] = {
        { offsetof(fric_recipe_def, fps), 0, 0, "fps = 0" },
        { offsetof(fric_recipe_def, seconds), 5, 1, "seconds = 5" },
        { offsetof(fric_recipe_def, sweep_speed), 2, 6, "sweep_speed = 2" },
        { offsetof(fric_recipe_def, multisine_fmax), 10, 13, "multisine_fmax = 10" },
        { offsetof(fric_recipe_def, approach_speed), 1, 16, "approach_speed = 1" },
        { offsetof(fric_recipe_def, fade), 0.1, -1, "fade of 0.1 s" },
    };
    for (size_t i = 0; i < sizeof one / sizeof one[0]; i++) {
        d = so101();
        memcpy((char *)&d + one[i].off, &one[i].v, sizeof(double));
        refused(&d, FRIC_E_PARAM_RANGE, one[i].param, one[i].what);
    }
    refused(NULL, FRIC_E_NULL, -1, "no definition");
}

FRIC_TEST_MAIN(cmocka_unit_test(test_bounds), cmocka_unit_test(test_holds), cmocka_unit_test(test_sweeps_multisine),
               cmocka_unit_test(test_shorter_and_text), cmocka_unit_test(test_refusals))
