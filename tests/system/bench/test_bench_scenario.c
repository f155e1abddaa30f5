/*
 * test_bench_scenario.c: the scenario "bench" through fric_scenario.h
 * (what the CLI and the wasm binding drive), and the built-in trajectories.
 *
 *  - the interface is well formed (names, units, ranges, defaults, columns);
 *  - parameters map onto the bench: a run equals a loop over the streaming
 *    API with a definition built by hand from the preset; -1 takes the
 *    preset's value, a value >= 0 overrides it; every JSON key of the
 *    parameter files is a parameter name;
 *  - errors name the parameter (no preset for sts3215 m4, negative values);
 *  - `every` decimates, retune keeps the state;
 *  - trajectories against their definitions (bam/trajectory.py) typed here.
 */
#include "test_main.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fric_bench.h"
#include "fric_scenario.h"

#define PI 3.141592653589793

static const fric_scenario *bench(void)
{
    const fric_scenario *sc = fric_scenario_find("bench");
    assert_non_null(sc);
    return sc;
}

/* The bench scenario, its defaults written to p. */
static const fric_scenario *bench_defaults(double *p)
{
    const fric_scenario *sc = bench();
    fric_scenario_defaults(sc, p);
    return sc;
}

static void set(const fric_scenario *sc, double *p, const char *name, const char *text)
{
    const char *why;
    if (fric_scenario_set(sc, p, name, text, &why)) fail_msg("%s=%s: %s", name, text, why);
}

/* set for each "name=value" of a list separated by spaces, in its order. */
static void set_all(const fric_scenario *sc, double *p, const char *list)
{
    char buf[512];
    assert_true(strlen(list) < sizeof buf);
    strcpy(buf, list);
    for (char *w = strtok(buf, " "); w; w = strtok(NULL, " ")) {
        char *eq = strchr(w, '=');
        assert_non_null(eq);
        *eq = '\0';
        set(sc, p, w, eq + 1);
    }
}

static void interface_is_well_formed(void **state)
{
    (void)state;
    const fric_scenario *sc = bench();
    assert_true(sc->n_params <= FRIC_SCENARIO_MAX_PARAMS && sc->n_cols <= FRIC_SCENARIO_MAX_COLS);
    static const char *const cols[] = { "t", "q", "dq", "goal", "tau_m", "tau_e", "tau_f",
                                        "budget", "stuck", "reversals" };
    assert_int_equal(sc->n_cols, 10);
    for (int i = 0; i < sc->n_cols; i++) {
        assert_string_equal(sc->cols[i].name, cols[i]);
        assert_non_null(sc->cols[i].unit);
        assert_true(strlen(sc->cols[i].help) > 10);
    }
    for (int i = 0; i < sc->n_params; i++) {
        const fric_param_info *pi = &sc->params[i];
        assert_non_null(pi->name);
        assert_true(strlen(pi->help) > 5);
        assert_non_null(pi->unit);
        assert_true(pi->min <= pi->def && pi->def <= pi->max);
        if (pi->choices) assert_true(pi->max == pi->n_choices - 1 && pi->min == 0);
        for (int j = 0; j < i; j++) assert_string_not_equal(pi->name, sc->params[j].name);
    }
    assert_true(fric_scenario_can_retune(sc));
    /* every key of a BAM parameter file is a parameter (params=m4.json) */
    static const char *const keys[] = {
        "actuator", "model", "friction_base", "friction_stribeck", "load_friction_base",
        "load_friction_stribeck", "load_friction_motor", "load_friction_external",
        "load_friction_motor_stribeck", "load_friction_external_stribeck",
        "load_friction_motor_quad", "load_friction_external_quad", "dtheta_stribeck", "alpha",
        "friction_viscous", "kt", "R", "armature", "q_offset",
        /* and of a log header */
        "mass", "length", "arm_mass", "kp", "vin", "dt",
        /* and the brief's */
        "friction", "trajectory", "duration", "karnopp_eps", "goal",
    };
    for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++)
        if (fric_scenario_param_index(sc, keys[k]) < 0) fail_msg("no parameter %s", keys[k]);
    /* the choices spell the JSON values */
    double p[FRIC_SCENARIO_MAX_PARAMS];
    fric_scenario_defaults(sc, p);
    const char *acts[] = { "mx64", "mx106", "erob80_50", "erob80_100", "xl320", "xl330", "sts3215" };
    for (int i = 0; i < 7; i++) set(sc, p, "actuator", acts[i]);
    set(sc, p, "model", "m4");
    for (int i = 0; i < 4; i++)
        set(sc, p, "friction", (const char *[]){ "implicit", "clip", "explicit", "karnopp" }[i]);
}

/* Runs the scenario, returning the rows in a malloc'd array (n_rows). */
static double *run(const fric_scenario *sc, const double *p, int *n_rows)
{
    void *st = malloc(sc->state_bytes);
    const char *why;
    assert_non_null(st);
    if (fric_scenario_init(sc, st, p, &why)) fail_msg("init: %s", why);
    int cap = 1024, n = 0, rc;
    double *rows = malloc((size_t)cap * FRIC_SCENARIO_MAX_COLS * sizeof *rows);
    double row[FRIC_SCENARIO_MAX_COLS];
    while ((rc = fric_scenario_step(sc, st, row, &why)) == FRIC_SCENARIO_ROW) {
        if (n == cap) {
            cap *= 2;
            rows = realloc(rows, (size_t)cap * FRIC_SCENARIO_MAX_COLS * sizeof *rows);
            assert_non_null(rows);
        }
        memcpy(rows + (size_t)n * FRIC_SCENARIO_MAX_COLS, row, sizeof row);
        n++;
    }
    if (rc != FRIC_SCENARIO_DONE) fail_msg("step: %s", why);
    free(st);
    *n_rows = n;
    return rows;
}

#define ROW(r, i, c) ((r)[(size_t)(i) * FRIC_SCENARIO_MAX_COLS + (c)])

static void run_equals_streaming_api(void **state)
{
    (void)state;
    const fric_scenario *sc = bench();
    static const struct { const char *act, *model, *fr, *traj; } cases[] = {
        { "mx64", "m4", "clip", "sin_sin" }, { "xl330", "m6", "implicit", "lift_and_drop" },
        { "erob80_100", "m6", "implicit", "up_and_down" }, { "sts3215", "m1", "explicit", "sin_time_square" },
        { "xl320", "m5", "karnopp", "torque_off" },
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        double p[FRIC_SCENARIO_MAX_PARAMS];
        fric_scenario_defaults(sc, p);
        set(sc, p, "actuator", cases[c].act);
        set(sc, p, "model", cases[c].model);
        set(sc, p, "friction", cases[c].fr);
        set(sc, p, "trajectory", cases[c].traj);
        set_all(sc, p, "duration=2 q0=0.3");
        int n;
        double *rows = run(sc, p, &n);
        assert_int_equal(n, 2000);
        /* the same by hand */
        int model = cases[c].model[1] - '0';
        fric_bench_def d;
        fric_bench_def_from_preset(fric_bench_preset_find(cases[c].act, model), &d);
        d.mass = 0.49;
        d.length = 0.1;
        d.dt = 1e-3;
        d.servo.q_offset = 0;
        d.treatment = fric_bench_treatments[(int)p[fric_scenario_param_index(sc, "friction")]];
        fric_bench_traj tr = (fric_bench_traj)(int)p[fric_scenario_param_index(sc, "trajectory")];
        fric_bench_state s;
        assert_int_equal(fric_bench_init(&d, &s, 0.3, 0, NULL), 0);
        for (int i = 0; i < n; i++) {
            int te;
            double g = fric_bench_traj_goal(tr, s.t, 0, &te);
            assert_true(ROW(rows, i, 0) == s.t && ROW(rows, i, 1) == s.q && ROW(rows, i, 2) == s.dq);
            assert_true(ROW(rows, i, 3) == g);
            assert_int_equal(fric_bench_step(&d, &s, g, te), 0);
            assert_true(ROW(rows, i, 4) == s.tau_m && ROW(rows, i, 6) == s.tau_f);
            assert_true(ROW(rows, i, 7) == s.budget && ROW(rows, i, 8) == s.stuck);
            assert_true(ROW(rows, i, 9) == (double)s.reversals);
        }
        free(rows);
    }
}

static void explicit_values_override_presets(void **state)
{
    (void)state;
    double p[FRIC_SCENARIO_MAX_PARAMS];
    const fric_scenario *sc = bench_defaults(p);
    set_all(sc, p, "actuator=mx106 model=m2 friction_base=0.2 kt=2.5 kp=16 vin=12 duration=0.5 "
                   "trajectory=goal goal=0.4");
    int n;
    double *rows = run(sc, p, &n);
    fric_bench_def d;
    fric_bench_def_from_preset(fric_bench_preset_find("mx106", 2), &d);
    d.mass = 0.49;
    d.length = 0.1;
    d.friction.K_c = 0.2;
    d.servo.kt = 2.5;
    d.servo.q_offset = 0;
    d.kp = 16;
    d.vin = 12;
    fric_bench_state s;
    assert_int_equal(fric_bench_init(&d, &s, 0, 0, NULL), 0);
    for (int i = 0; i < n; i++) {
        assert_true(ROW(rows, i, 1) == s.q);
        assert_int_equal(fric_bench_step(&d, &s, 0.4, 1), 0);
        assert_true(ROW(rows, i, 7) == s.budget);
    }
    free(rows);
}

static void errors_name_the_parameter(void **state)
{
    (void)state;
    const fric_scenario *sc = bench();
    double p[FRIC_SCENARIO_MAX_PARAMS];
    void *st = malloc(sc->state_bytes);
    const char *why;
    fric_scenario_defaults(sc, p);
    set_all(sc, p, "actuator=sts3215 model=m4");
    assert_int_not_equal(fric_scenario_init(sc, st, p, &why), 0);
    assert_non_null(strstr(why, "friction_base"));
    assert_non_null(strstr(why, "m1"));
    /* with every M4 coefficient given it runs, kt/R/armature from m1 */
    set_all(sc, p, "friction_base=0.05 friction_stribeck=0.02 load_friction_base=0.1 "
                   "load_friction_stribeck=0.1 dtheta_stribeck=1 alpha=1.5 friction_viscous=0.05");
    assert_int_equal(fric_scenario_init(sc, st, p, &why), 0);
    /* −0.5 is in range for the interface but not a value */
    set(sc, p, "alpha", "-0.5");
    assert_int_not_equal(fric_scenario_init(sc, st, p, &why), 0);
    assert_non_null(strstr(why, "alpha"));
    set(sc, p, "alpha", "0");
    assert_int_not_equal(fric_scenario_init(sc, st, p, &why), 0);
    assert_non_null(strstr(why, "alpha"));
    fric_scenario_defaults(sc, p);
    set(sc, p, "R", "0");
    assert_int_not_equal(fric_scenario_init(sc, st, p, &why), 0);
    assert_non_null(strstr(why, "R ="));
    fric_scenario_defaults(sc, p);
    set(sc, p, "dt", "1e-6");          /* the smallest dt and the longest duration */
    set(sc, p, "duration", "1e5");     /* accepted: 1e11 steps, more than 1e10 */
    assert_int_not_equal(fric_scenario_init(sc, st, p, &why), 0);
    assert_non_null(strstr(why, "duration"));
    assert_int_not_equal(fric_scenario_set(sc, p, "model", "m7", &why), 0);
    free(st);
}

static void every_decimates_and_retune_keeps_state(void **state)
{
    (void)state;
    double p[FRIC_SCENARIO_MAX_PARAMS];
    const fric_scenario *sc = bench_defaults(p);
    set(sc, p, "duration", "1");
    int n1, n10;
    double *a = run(sc, p, &n1);
    set(sc, p, "every", "10");
    double *b = run(sc, p, &n10);
    assert_int_equal(n1, 1000);
    assert_int_equal(n10, 100);
    for (int i = 0; i < n10; i++)
        for (int c = 0; c < 9; c++) assert_true(ROW(b, i, c) == ROW(a, 10 * i, c));
    free(a);
    free(b);
    /* retune: same q, dq, t; new treatment from the next step */
    fric_scenario_defaults(sc, p);
    void *st = malloc(sc->state_bytes);
    double row[FRIC_SCENARIO_MAX_COLS], prev[FRIC_SCENARIO_MAX_COLS];
    const char *why;
    assert_int_equal(fric_scenario_init(sc, st, p, &why), 0);
    for (int i = 0; i < 500; i++) assert_int_equal(fric_scenario_step(sc, st, prev, &why), FRIC_SCENARIO_ROW);
    set(sc, p, "friction", "explicit");
    set(sc, p, "q0", "1.0");           /* ignored by retune */
    assert_int_equal(fric_scenario_retune(sc, st, p, &why), 0);
    assert_int_equal(fric_scenario_step(sc, st, row, &why), FRIC_SCENARIO_ROW);
    assert_true(row[0] > prev[0] && fabs(row[0] - prev[0] - 1e-3) < 1e-12);
    assert_true(fabs(row[1] - prev[1]) < 0.01);
    set(sc, p, "alpha", "-0.5");
    assert_int_not_equal(fric_scenario_retune(sc, st, p, &why), 0);
    free(st);
}

/* The chattering number: torque off at rest inside the stiction band. */
static void reversals_column_shows_chattering(void **state)
{
    (void)state;
    const fric_scenario *sc = bench();
    double p[FRIC_SCENARIO_MAX_PARAMS];
    uint64_t rev[4];
    for (int tr = 0; tr < 4; tr++) {
        fric_scenario_defaults(sc, p);
        set_all(sc, p, "model=m2 trajectory=torque_off");
        set(sc, p, "friction", (const char *[]){ "implicit", "clip", "explicit", "karnopp" }[tr]);
        set_all(sc, p, "q0=0.01 duration=2");
        int n;
        double *r = run(sc, p, &n);
        rev[tr] = (uint64_t)ROW(r, n - 1, 9);
        if (tr < 2) assert_true(ROW(r, n - 1, 1) == 0.01 && ROW(r, n - 1, 2) == 0);
        free(r);
    }
    assert_true(rev[0] == 0 && rev[1] == 0 && rev[2] > 500);
}

/* bam/trajectory.py, typed again */
static void trajectories_match_their_definitions(void **state)
{
    (void)state;
    int te;
    for (double t = 0; t < 8; t += 0.037) {
        double ss = sin(t) * PI / 2 + sin(5 * t) * 0.5 * sin(2 * t);
        assert_true(fabs(fric_bench_traj_goal(FRIC_TRAJ_SIN_SIN, t, 0, &te) - ss) < 1e-15);
        assert_int_equal(te, 1);
        assert_true(fabs(fric_bench_traj_goal(FRIC_TRAJ_SIN_TIME_SQUARE, t, 0, &te) - sin(t * t)) < 1e-15);
        fric_bench_traj_goal(FRIC_TRAJ_LIFT_AND_DROP, t, 0, &te);
        assert_int_equal(te, t < 2.0);
        assert_true(fric_bench_traj_goal(FRIC_TRAJ_GOAL, t, 0.7, &te) == 0.7 && te == 1);
        fric_bench_traj_goal(FRIC_TRAJ_TORQUE_OFF, t, 0.7, &te);
        assert_int_equal(te, 0);
    }
    /* cubic knots: values, and zero slope there (central differences) */
    static const struct { fric_bench_traj k; double t, x; } knots[] = {
        { FRIC_TRAJ_LIFT_AND_DROP, 0, 0 }, { FRIC_TRAJ_LIFT_AND_DROP, 2, -PI / 2 },
        { FRIC_TRAJ_LIFT_AND_DROP, 1, -PI / 4 }, { FRIC_TRAJ_LIFT_AND_DROP, 5, -PI / 2 },
        { FRIC_TRAJ_UP_AND_DOWN, 0, 0 }, { FRIC_TRAJ_UP_AND_DOWN, 3, PI / 2 },
        { FRIC_TRAJ_UP_AND_DOWN, 1.5, PI / 4 }, { FRIC_TRAJ_UP_AND_DOWN, 6, 0.8 * PI / 2 },
        { FRIC_TRAJ_UP_AND_DOWN, 4.5, 0.9 * PI / 2 }, { FRIC_TRAJ_UP_AND_DOWN, 7, 0.8 * PI / 2 },
        { FRIC_TRAJ_UP_AND_DOWN, -1, 0 },
    };
    for (size_t i = 0; i < sizeof knots / sizeof knots[0]; i++)
        assert_true(fabs(fric_bench_traj_goal(knots[i].k, knots[i].t, 0, &te) - knots[i].x) < 1e-15);
    /* zero slope at the inner knot t = 3 s: the central difference of a
     * cubic pair with zero slope is (f''₊ − f''₋)·e/4, |f''| <= 6·(π/2)/9,
     * so below 1e-5 for e = 1e-5 (rounding adds 1e-11) */
    const double e = 1e-5;
    double slope = (fric_bench_traj_goal(FRIC_TRAJ_UP_AND_DOWN, 3 + e, 0, &te)
                    - fric_bench_traj_goal(FRIC_TRAJ_UP_AND_DOWN, 3 - e, 0, &te)) / (2 * e);
    assert_true(fabs(slope) < 1e-5);
    /* the cubic of (0,0,0)-(2,−π/2,0) is −π/2·(3u² − 2u³), u = t/2 */
    for (double t = 0; t <= 2; t += 0.01) {
        double u = t / 2;
        assert_true(fabs(fric_bench_traj_goal(FRIC_TRAJ_LIFT_AND_DROP, t, 0, &te)
                         + PI / 2 * (3 * u * u - 2 * u * u * u)) < 1e-15);
    }
    assert_true(isnan(fric_bench_traj_goal((fric_bench_traj)9, 0, 0, &te)) && te == 0);
}

/* fric_bench_def_from_params is a public entry point beside the scenario
 * driver: a choice index outside its table (found by the wrapper fuzz as a
 * wasm out-of-bounds read) is refused with the range, never used. */
static void resolve_refuses_out_of_range_choices(void **state)
{
    (void)state;
    const fric_scenario *sc = fric_scenario_find("bench");
    assert_non_null(sc);
    const char *names[] = { "actuator", "model", "friction", "trajectory" };
    const double bad[] = { -1, 7, 3.5, 1e300 };
    for (size_t n = 0; n < sizeof names / sizeof names[0]; n++) {
        for (size_t b = 0; b < sizeof bad / sizeof bad[0]; b++) {
            double p[FRIC_SCENARIO_MAX_PARAMS], r[FRIC_SCENARIO_MAX_PARAMS];
            fric_scenario_defaults(sc, p);
            int j = fric_scenario_param_index(sc, names[n]);
            assert_true(j >= 0);
            if (bad[b] >= sc->params[j].min && bad[b] <= sc->params[j].max && bad[b] == floor(bad[b]))
                continue;   /* a valid index of this choice */
            p[j] = bad[b];
            const char *why = NULL;
            fric_bench_def d;
            assert_int_not_equal(fric_bench_def_from_params(p, r, &d, &why), 0);
            assert_non_null(why);
            assert_non_null(strstr(why, names[n]));
        }
    }
}

FRIC_TEST_MAIN(cmocka_unit_test(interface_is_well_formed),
               cmocka_unit_test(run_equals_streaming_api),
               cmocka_unit_test(explicit_values_override_presets),
               cmocka_unit_test(errors_name_the_parameter),
               cmocka_unit_test(every_decimates_and_retune_keeps_state),
               cmocka_unit_test(reversals_column_shows_chattering),
               cmocka_unit_test(trajectories_match_their_definitions),
               cmocka_unit_test(resolve_refuses_out_of_range_choices))
