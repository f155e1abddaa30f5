/*
 * test_element_a_var.c: Kikuuwe's element A with levels set per step
 * (friction.h, fric_elem_a_var; Kikuuwe et al. 2006, eq. 26) and the one
 * table of friction treatments (fric_treatment).
 *
 * The reference is the physics, not the code: a mass M pushed by a constant
 * force h on a Coulomb contact whose level F_k is held constant over step k
 * and changes from step to step (a load-dependent budget). Over one step the
 * forces are constant, so the motion is known in closed form:
 *   sliding (v ≠ 0):   v(t) = v + (h − σ·F_k)·t/M, σ = sgn v, until v = 0;
 *                      at that instant the mass stays (sticks) when
 *                      |h| <= F_k, otherwise it leaves the other way;
 *   at rest (v = 0):   stays when |h| <= F_k, otherwise
 *                      v(T) = (h − sgn(h)·F_k)·T/M.
 * The end-of-step velocity of this continuous motion is what the implicit
 * step must give (Kikuuwe §III-A: element A reaches exactly zero).
 */
#include "test_main.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "friction.h"

/* One step's velocity from a few roundings of |v| + T·|h|/M + T·F/M. */
#define STEP_ULP 8.0

/* The continuous end-of-step velocity of a mass M [kg] at v [m/s] pushed by
 * h [N] against a Coulomb level F [N] over T [s] (the header's cases). */
static double exact_end_velocity(double v, double h, double F, double M, double T)
{
    if (v == 0) {
        if (fabs(h) <= F) return 0;                        /* static friction holds */
        double s = h > 0 ? 1 : -1;
        return (h - s * F) * T / M;
    }
    double s = v > 0 ? 1 : -1;
    double a = (h - s * F) / M;                            /* while sliding */
    double t_stop = a * s < 0 ? -v / a : INFINITY;         /* v reaches 0 */
    if (t_stop >= T) return v + a * T;
    if (fabs(h) <= F) return 0;                            /* stops and sticks */
    double s2 = h > 0 ? 1 : -1;                            /* leaves the other way */
    return (h - s2 * F) * (T - t_stop) / M;
}

/* A mass driven through slides, stops, sticks and breakaways by a level
 * that changes every step: the element's velocity equals the closed form
 * at every step end, zero exactly while stuck, with f = h at rest. */
static void test_levels_per_step_match_closed_form(void **state)
{
    (void)state;
    const double M = 2.0, T = 1e-3, h = 3.0;               /* kg, s, N */
    fric_law law = { FRIC_COULOMB_VISCOUS, 0, 4.0, 0, 0, 1 };
    fric_elem_a_var e;
    assert_int_equal(fric_elem_a_var_init(&e, &law, T / M, NULL), 0);
    double v = 0.05, v_ref = 0.05;                          /* m/s */
    int n_stuck = 0, n_slide = 0, n_break = 0, was_stuck = 0;
    for (int k = 0; k < 4000; k++) {
        /* the level swings across h: 4 ± 2 N with a 50 ms period */
        double F = 4.0 + 2.0 * sin(2 * 3.141592653589793 * k * T / 0.05);
        fric_elem_a_var_levels(&e, F, F);
        double vstar = v + T / M * h;                        /* eq. 26a */
        int stuck;
        double speed;
        double f = fric_elem_a_var_run(&e, vstar, NULL, &stuck, &speed);
        v = stuck ? 0 : copysign(speed, vstar);              /* eq. 26c */
        v_ref = exact_end_velocity(v_ref, h, F, M, T);
        double tol = STEP_ULP * DBL_EPSILON * (fabs(v_ref) + T * (fabs(h) + F) / M);
        if (fabs(v - v_ref) > tol)
            fail_msg("step %d (F = %.17g N): v = %.17g m/s, closed form %.17g m/s", k, F, v, v_ref);
        assert_int_equal(stuck, v_ref == 0);
        if (stuck) {
            assert_true(v == 0);                             /* exactly, no creep */
            if (was_stuck) assert_true(fabs(f - h) <= STEP_ULP * DBL_EPSILON * h);
            n_stuck++;
        } else {
            assert_true(fabs(fabs(f) - F) <= STEP_ULP * DBL_EPSILON * F);   /* f = ±F_k */
            n_slide++;
            if (was_stuck) n_break++;
        }
        was_stuck = stuck;
        v_ref = v;               /* next step from the same state (no accumulation) */
    }
    /* the run went through every regime, several times */
    assert_true(n_stuck > 100 && n_slide > 100 && n_break >= 10);
}

/* The per-step levels give the transform of a plan prepared with those
 * levels, bit for bit (Coulomb-viscous and Stribeck, α = 1 and α ≠ 1). */
static void test_levels_equal_fresh_plan(void **state)
{
    (void)state;
    const fric_law shapes[] = {
        { FRIC_COULOMB_VISCOUS, 0, 1, 0, 0.5, 1 },
        { FRIC_STRIBECK, 2, 1, 0.05, 0.5, 1 },
        { FRIC_STRIBECK, 2, 1, 0.05, 0.5, 2.5 },
    };
    const double Z = 0.01;
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
        fric_elem_a_var e;
        fric_elem_a_var_prepare_unchecked(&e, &shapes[i], Z, 0);
        for (int k = 0; k < 200; k++) {
            double Fc = 0.5 + 0.01 * k, Fs = Fc * 1.5;
            fric_law law = shapes[i];
            law.Fc = Fc;
            law.Fs = Fs;
            fric_plan ref;
            assert_int_equal(fric_plan_init(&ref, &law, Z, NULL), 0);
            fric_elem_a_var_levels(&e, Fc, Fs);
            double x = -0.2 + 0.002 * k;
            int st1, st2;
            double w1, w2;
            double y1 = fric_elem_a_var_run(&e, x, NULL, &st1, &w1);
            double y2 = fric_plan_eval(&ref, x, NULL, &st2, &w2);
            assert_true(y1 == y2 && w1 == w2 && st1 == st2);
        }
    }
}

/* The unchecked preparation accepts what the check refuses (α < 1, a law
 * that breaks eq. 15) and still holds static friction exactly. */
static void test_unchecked_alpha_below_one(void **state)
{
    (void)state;
    fric_law law = { FRIC_STRIBECK, 3, 1, 0.02, 0.1, 0.8 };
    const double Z = 0.5;
    assert_int_not_equal(fric_law_check(&law, Z, NULL), 0);
    fric_elem_a_var e;
    fric_elem_a_var_prepare_unchecked(&e, &law, Z, 1);
    fric_elem_a_var_levels(&e, 1, 3);
    int stuck;
    double w;
    double y = fric_elem_a_var_run(&e, 1.2, NULL, &stuck, &w);   /* |x| <= Z·Fs = 1.5 */
    assert_int_equal(stuck, 1);
    assert_true(w == 0 && y == 1.2 / Z);
    y = fric_elem_a_var_run(&e, 4.0, NULL, &stuck, &w);         /* slides */
    assert_int_equal(stuck, 0);
    /* the slip solves w + Z·Φ(w) = x (eq. 16 for the slip), Φ at w > 0 */
    double phi = 1 + 2 * exp(-pow(w / 0.02, 0.8)) + 0.1 * w;
    assert_true(fabs(w + Z * phi - 4.0) < 1e-12);
    assert_true(fabs(y - phi) < 1e-9);
}

/* The treatment table: names, help, lookup, and the choice lists every
 * scenario offered before the table existed (order included: the CLI and
 * the browser address a choice by index). */
static void test_treatment_table(void **state)
{
    (void)state;
    static const char *const expect[FRIC_N_TREATMENTS] = {
        "implicit", "approx", "implicit-d", "clip", "explicit", "karnopp"
    };
    for (int t = 0; t < FRIC_N_TREATMENTS; t++) {
        assert_string_equal(fric_treatment_names[t], expect[t]);
        assert_string_equal(fric_treatment_name((fric_treatment)t), expect[t]);
        assert_int_equal(fric_treatment_find(expect[t]), t);
        assert_non_null(fric_treatment_help[t]);
        assert_true(strlen(fric_treatment_help[t]) > 10);
    }
    assert_string_equal(fric_treatment_name((fric_treatment)FRIC_N_TREATMENTS), "");
    assert_string_equal(fric_treatment_name((fric_treatment)-1), "");
    assert_int_equal(fric_treatment_find("nonsense"), -1);
    assert_int_equal(fric_treatment_find(NULL), -1);
    const fric_treatment sub[] = { FRIC_TREATMENT_CLIP, FRIC_TREATMENT_IMPLICIT };
    assert_int_equal(fric_treatment_index(FRIC_TREATMENT_IMPLICIT, sub, 2), 1);
    assert_int_equal(fric_treatment_index(FRIC_TREATMENT_APPROX, sub, 2), -1);
}

FRIC_TEST_MAIN(cmocka_unit_test(test_levels_per_step_match_closed_form),
               cmocka_unit_test(test_levels_equal_fresh_plan),
               cmocka_unit_test(test_unchecked_alpha_below_one),
               cmocka_unit_test(test_treatment_table))
