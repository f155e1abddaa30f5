/*
 * test_sensitivity.c: the per-parameter ranges of fric_fit_sensitivity (the
 * reference's method, bam/sensitivity.py) and their file
 * (fric_io_sensitivity_write).
 *
 *  1. Closed form: for loss(p) = base·(1 + Σ ((p_i − c_i)/w_i)²) the range of
 *     parameter i alone is c_i ± w_i·√tolerance; the method's end is the last
 *     point found inside, so it lies within one bisection interval
 *     (|far − c|/20/2^24) inside the closed form; a parameter the loss does
 *     not feel ends at its box's bound, marked clamped; a held one is not
 *     searched.
 *  2. The file: read back by cJSON, it has the reference's keys in the
 *     reference's order (the shared example,
 *     ../shared/data/bam/params/xl330/m4_sensitivity.example.json, read
 *     here) and the numbers written, bit for bit.
 */
#include "test_main.h"

#include <cjson/cJSON.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_json.h"
#include "fric_fit.h"
#include "fric_io.h"

typedef struct {
    double base, c[FRIC_FIT_N], w[FRIC_FIT_N];
    long calls;
} quad;

static double quad_loss(void *ctx, const double *p)
{
    quad *q = ctx;
    q->calls++;
    double s = 0;
    for (int i = 0; i < FRIC_FIT_N; i++)
        if (q->w[i] > 0) s += ((p[i] - q->c[i]) / q->w[i]) * ((p[i] - q->c[i]) / q->w[i]);
    return q->base * (1 + s);
}

static void ranges_are_the_closed_form(void **state)
{
    (void)state;
    fric_fit_space s;
    const char *why;
    assert_int_equal(fric_fit_space_default("xl330", 4, &s, &why), 0);
    quad q = { .base = 0.02 };
    double p[FRIC_FIT_N];
    for (int i = 0; i < FRIC_FIT_N; i++) {
        p[i] = q.c[i] = s.free_[i] ? 0.5 * (s.lo[i] + s.hi[i]) : s.value[i];
        q.w[i] = s.free_[i] ? 0.1 * (s.hi[i] - s.lo[i]) : 0;
    }
    /* K_v: felt so weakly that the loss never reaches the threshold in its box */
    q.w[FRIC_FIT_K_V] = 1e3 * (s.hi[FRIC_FIT_K_V] - s.lo[FRIC_FIT_K_V]);
    /* α: held (not searched) */
    assert_int_equal(fric_fit_space_freeze(&s, FRIC_FIT_ALPHA, p[FRIC_FIT_ALPHA], &why), 0);
    const double tol = 0.03;
    fric_fit_range r[FRIC_FIT_N];
    double base = 0;
    assert_int_equal(fric_fit_sensitivity(&s, p, tol, quad_loss, &q, &base, r, &why), 0);
    assert_true(base == q.base);
    int checked = 0;
    for (int i = 0; i < FRIC_FIT_N; i++) {
        assert_true(r[i].value == p[i]);
        if (!s.free_[i]) {
            assert_false(r[i].free_);
            assert_true(r[i].lower == p[i] && r[i].upper == p[i]);
            continue;
        }
        assert_true(r[i].free_);
        if (i == FRIC_FIT_K_V) {
            assert_true(r[i].lower == s.lo[i] && r[i].upper == s.hi[i]);
            assert_true(r[i].lower_clamped && r[i].upper_clamped);
            continue;
        }
        double half = q.w[i] * sqrt(tol);
        double res_hi = (s.hi[i] - q.c[i]) / 20 / (1 << 24) * 1.0000001;
        double res_lo = (q.c[i] - s.lo[i]) / 20 / (1 << 24) * 1.0000001;
        double up = q.c[i] + half, lo = q.c[i] - half;
        if (!(r[i].upper <= up && r[i].upper >= up - res_hi) ||
            !(r[i].lower >= lo && r[i].lower <= lo + res_lo))
            fail_msg("%s: [%.17g, %.17g], closed form [%.17g, %.17g] (resolution %g, %g)",
                     fric_fit_param_key(i), r[i].lower, r[i].upper, lo, up, res_lo, res_hi);
        assert_false(r[i].lower_clamped || r[i].upper_clamped);
        checked++;
    }
    print_message("%d ranges = c ± w·√0.03 to the bisection's resolution, K_v clamped at its box, "
                  "α held; %ld loss calls\n", checked, q.calls);
    assert_int_equal(checked, 9);    /* M4's 11 free parameters but K_v and α */
    /* refusals name what is wrong */
    assert_int_not_equal(fric_fit_sensitivity(&s, p, 0, quad_loss, &q, NULL, r, &why), 0);
    assert_non_null(strstr(why, "tolerance"));
    p[FRIC_FIT_R] = NAN;
    assert_int_not_equal(fric_fit_sensitivity(&s, p, tol, quad_loss, &q, NULL, r, &why), 0);
    assert_non_null(strstr(why, "R"));
}

/* the keys of an object, in order, joined by ',' */
static void keys_of(const cJSON *o, char *buf, size_t size)
{
    buf[0] = '\0';
    for (const cJSON *c = o ? o->child : NULL; c; c = c->next) {
        strncat(buf, c->string, size - strlen(buf) - 1);
        strncat(buf, ",", size - strlen(buf) - 1);
    }
}

static void file_has_the_references_keys(void **state)
{
    (void)state;
    const char *example = "../shared/data/bam/params/xl330/m4_sensitivity.example.json";
    BENCH_SKIP_WITHOUT_DATA(example, "../shared/data/bam/params");
    FILE *fe = fopen(example, "rb");
    assert_non_null(fe);
    static char ex[65536];
    size_t ne = fread(ex, 1, sizeof ex - 1, fe);
    fclose(fe);
    ex[ne] = '\0';
    cJSON *E = cJSON_Parse(ex);
    assert_non_null(E);
    const fric_io_sensitivity_param prm[2] = {
        { "kt", 0.3660777779176254, 0.35751574014029097, 0.3863864980032607, 0, 0 },
        { "alpha", 1.5, 1, 10, 1, 1 },
    };
    const fric_io_sensitivity f = { "m4", "xl330", "a \"quoted\" path\\x.json", "logs/xl330",
                                    0.02366186631096238, 0.03, 0.024371722300291252, prm, 2 };
    size_t len = 0;
    assert_int_equal(fric_io_sensitivity_write(&f, NULL, 0, &len), FRIC_E_BUFFER);
    char *text = malloc(len + 1);
    assert_non_null(text);
    assert_int_equal(fric_io_sensitivity_write(&f, text, len + 1, &len), 0);
    cJSON *W = cJSON_Parse(text);
    assert_non_null(W);
    char ke[512], kw[512];
    keys_of(E, ke, sizeof ke);
    keys_of(W, kw, sizeof kw);
    assert_string_equal(kw, ke);
    keys_of(cJSON_GetObjectItem(cJSON_GetObjectItem(E, "sensitivity"), "kt"), ke, sizeof ke);
    keys_of(cJSON_GetObjectItem(cJSON_GetObjectItem(W, "sensitivity"), "kt"), kw, sizeof kw);
    assert_string_equal(kw, ke);
    assert_string_equal(cJSON_GetObjectItem(W, "params")->valuestring, f.params_path);
    const cJSON *a = cJSON_GetObjectItem(cJSON_GetObjectItem(W, "sensitivity"), "alpha");
    assert_true(cJSON_IsTrue(cJSON_GetObjectItem(a, "upper_clamped")));
    const cJSON *k = cJSON_GetObjectItem(cJSON_GetObjectItem(W, "sensitivity"), "kt");
    assert_true(cJSON_GetObjectItem(k, "lower")->valuedouble == prm[0].lower);
    assert_true(cJSON_GetObjectItem(W, "threshold_mae")->valuedouble == f.threshold_mae);
    cJSON_Delete(E);
    cJSON_Delete(W);
    free(text);
}

FRIC_TEST_MAIN(cmocka_unit_test(ranges_are_the_closed_form),
               cmocka_unit_test(file_has_the_references_keys))
