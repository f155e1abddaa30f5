/*
 * test_scenario_driver.c: the scenario driver of fric_scenario.h
 * (core/system/scenario.c), which owns the loop of a driven scenario: row 0
 * at t = 0, one row every `every` steps, the end of the clock, retune.
 *
 * Expected counts come from the arithmetic of the run, not from the code:
 * a run of duration D with step T has N = round(D/T) steps; with one row
 * every e steps it writes 1 + ceil(N/e) rows, row i at step min(i·e, N),
 * t = min(i·e, N)·T, the last one at t = N·T.
 */
#include "test_main.h"

#include <float.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "fric_scenario.h"

/* ------------------------------------------------ a driven scenario of our own */

enum { P_T, P_DURATION, P_EVERY, P_FAIL_AT, N_P };

static const fric_param_info fake_params[N_P] = {
    [P_T] = { "T", 1e-3, 1e-6, 1, "s", "time step", NULL, 0, 0 },
    [P_DURATION] = { "duration", 0.05, 0, 1e4, "s", "simulated time", NULL, 0, 0 },
    [P_EVERY] = { "every", 1, 1, 1e6, "", "steps per row", NULL, 0, 1 },
    [P_FAIL_AT] = { "fail_at", -1, -1, 1e9, "", "step whose advance fails (-1: none)", NULL, 0, 1 },
};
static const fric_col_info fake_cols[] = { { "t", "s", "time" }, { "k", "", "steps advanced" } };

typedef struct {
    long long fail_at;
} fake_cfg;

typedef struct {
    fric_scenario_run run;
    fake_cfg cfg;
    long long advances;     /* advance calls that succeeded */
    int started_calls;      /* start calls                  */
} fake_state;

static int fake_configure(void *cfg, fric_scenario_run *run, const void *running,
                          const double *p, const char **why)
{
    (void)running;
    fake_cfg *c = cfg;
    c->fail_at = (long long)p[P_FAIL_AT];
    run->every = (long long)p[P_EVERY];
    return fric_scenario_clock_set(&run->clk, "fake", p[P_DURATION], p[P_T], why);
}

static int fake_start(void *state, const double *p, const char **why)
{
    (void)p;
    (void)why;
    ((fake_state *)state)->started_calls++;
    return 0;
}

static int fake_advance(void *state, const char **why)
{
    fake_state *s = state;
    if (s->run.clk.k + 1 == s->cfg.fail_at) {
        if (why) *why = "fake: step failed";
        return 1;
    }
    s->advances++;
    return 0;
}

static void fake_row(const void *state, double *row)
{
    const fake_state *s = state;
    row[0] = fric_scenario_clock_t(&s->run.clk);
    row[1] = (double)s->advances;
}

FRIC_SCENARIO_DRIVER(fake_driver, fake_state, fake_cfg, fake_configure, fake_start, fake_advance,
                     fake_row);

static const fric_scenario fake = {
    "fake", "a driven scenario that counts its steps", N_P, fake_params, 2, fake_cols,
    sizeof(fake_state), NULL, NULL, NULL, NULL, &fake_driver, "Fake", "Counts steps."
};

/* The same with the driver's clock (fric_scenario_driver.clock_step "T"):
 * its configure leaves run alone. */
static int clocked_configure(void *cfg, fric_scenario_run *run, const void *running,
                             const double *p, const char **why)
{
    (void)run;
    (void)running;
    (void)why;
    ((fake_cfg *)cfg)->fail_at = (long long)p[P_FAIL_AT];
    return 0;
}

static const fric_scenario_driver clocked_driver = {
    .cfg_offset = offsetof(fake_state, cfg), .cfg_bytes = sizeof(fake_cfg),
    .configure = clocked_configure, .start = fake_start, .advance = fake_advance,
    .row = fake_row, .clock_step = "T" };

static const fric_scenario fake_clocked = {
    "fake-clocked", "a driven scenario that counts its steps on the driver's clock", N_P,
    fake_params, 2, fake_cols, sizeof(fake_state), NULL, NULL, NULL, NULL, &clocked_driver,
    "Fake, clocked", "Counts steps."
};
static const fric_scenario *const fakes[] = { &fake, &fake_clocked };

/* Runs sc from p to the end: the number of rows, the last row in last[]. */
static long run_rows(const fric_scenario *sc, void *st, const double *p, double *last)
{
    const char *why;
    if (fric_scenario_init(sc, st, p, &why)) fail_msg("%s init: %s", sc->name, why);
    double row[FRIC_SCENARIO_MAX_COLS];
    long rows = 0;
    int rc;
    while ((rc = fric_scenario_step(sc, st, row, &why)) == FRIC_SCENARIO_ROW) {
        rows++;
        memcpy(last, row, sizeof row);
    }
    if (rc != FRIC_SCENARIO_DONE) fail_msg("%s: %s", sc->name, why);
    return rows;
}

static void test_rows_every_end_of_clock(void **state)
{
    (void)state;
    static const struct { double T, D; int every; } runs[] = {
        { 1e-3, 0.05, 1 }, { 1e-3, 0.05, 7 }, { 1e-3, 0.05, 50 }, { 1e-3, 0.05, 1000 },
        { 4e-3, 0.1, 3 }, { 1e-3, 0, 5 }, { 0.01, 0.0149, 1 }, { 0.01, 0.0151, 1 },
    };
    for (size_t r = 0; r < 2 * sizeof runs / sizeof runs[0]; r++) {
        const fric_scenario *sc = fakes[r % 2];   /* the clock of configure, of the driver */
        double p[N_P];
        fric_scenario_defaults(sc, p);
        p[P_T] = runs[r / 2].T;
        p[P_DURATION] = runs[r / 2].D;
        p[P_EVERY] = runs[r / 2].every;
        fake_state st;
        double row[FRIC_SCENARIO_MAX_COLS];
        long long N = llround(runs[r / 2].D / runs[r / 2].T);
        long long e = runs[r / 2].every;
        long rows_expected = 1 + (long)((N + e - 1) / e);
        const char *why;
        assert_int_equal(fric_scenario_init(sc, &st, p, &why), 0);
        assert_int_equal(st.started_calls, 1);
        long i = 0;
        int rc;
        while ((rc = fric_scenario_step(sc, &st, row, &why)) == FRIC_SCENARIO_ROW) {
            long long k = (long long)i * e < N ? (long long)i * e : N;   /* step of row i */
            assert_true(row[1] == (double)k);
            assert_true(fabs(row[0] - (double)k * runs[r / 2].T) <= 4 * DBL_EPSILON * (double)N * runs[r / 2].T);
            i++;
        }
        assert_int_equal(rc, FRIC_SCENARIO_DONE);
        assert_int_equal(i, rows_expected);
        assert_true(st.advances == N);
        /* DONE stays DONE */
        assert_int_equal(fric_scenario_step(sc, &st, row, &why), FRIC_SCENARIO_DONE);
    }
}

static void test_retune_keeps_the_motion(void **state)
{
    (void)state;
    for (int f = 0; f < 2; f++) {   /* the clock of configure, of the driver */
        const fric_scenario *sc = fakes[f];
        double p[N_P], row[FRIC_SCENARIO_MAX_COLS];
        fric_scenario_defaults(sc, p);              /* T = 1 ms, 0.05 s, every 1 */
        fake_state st;
        const char *why;
        assert_int_equal(fric_scenario_init(sc, &st, p, &why), 0);
        for (int i = 0; i < 21; i++) assert_int_equal(fric_scenario_step(sc, &st, row, &why), 0);
        assert_true(row[1] == 20 && fabs(row[0] - 0.020) < 1e-15);
        /* T = 2 ms, every 5 from t = 20 ms on: (50 − 20)/2 = 15 more steps, 3 rows */
        p[P_T] = 2e-3;
        p[P_EVERY] = 5;
        assert_int_equal(fric_scenario_retune(sc, &st, p, &why), 0);
        assert_int_equal(st.started_calls, 1);          /* start is init's only */
        long rows = 0;
        while (fric_scenario_step(sc, &st, row, &why) == FRIC_SCENARIO_ROW) rows++;
        assert_int_equal(rows, 3);
        assert_true(st.advances == 35);
        assert_true(fabs(row[0] - 0.050) < 1e-15);     /* no jump in t: 20 ms + 15 · 2 ms */
        /* a refused retune changes nothing */
        fake_state before = st;
        p[P_T] = 0;                                     /* out of range */
        assert_int_not_equal(fric_scenario_retune(sc, &st, p, &why), 0);
        assert_memory_equal(&before, &st, sizeof st);
        /* more than FRIC_SCENARIO_MAX_STEPS steps: refused by the clock,
         * naming the scenario, at init and on a retune */
        p[P_T] = 1e-6;
        p[P_DURATION] = 1e4;                            /* 1e10 steps */
        assert_int_equal(fric_scenario_retune(sc, &st, p, &why), FRIC_E_WORK_LIMIT);
        assert_memory_equal(&before, &st, sizeof st);
        assert_true(strncmp(why, sc->name, strlen(sc->name)) == 0 && why[strlen(sc->name)] == ':');
        assert_int_equal(fric_scenario_init(sc, &st, p, &why), FRIC_E_WORK_LIMIT);
        assert_int_equal(fric_scenario_can_retune(sc), 1);
    }
}

static void test_advance_failure_stops_the_run(void **state)
{
    (void)state;
    double p[N_P], row[FRIC_SCENARIO_MAX_COLS];
    fric_scenario_defaults(&fake, p);
    p[P_EVERY] = 10;
    p[P_FAIL_AT] = 23;
    fake_state st;
    const char *why;
    assert_int_equal(fric_scenario_init(&fake, &st, p, &why), 0);
    for (int i = 0; i < 3; i++) assert_int_equal(fric_scenario_step(&fake, &st, row, &why), 0);
    assert_int_equal(fric_scenario_step(&fake, &st, row, &why), FRIC_SCENARIO_ERROR);
    assert_non_null(strstr(why, "fake: step failed"));
    assert_true(st.run.clk.k == 22 && st.advances == 22);   /* the failed step is not counted */
}

/* Every time series of the registry is driven, and duration, time step and
 * every give 1 + ceil(N/every) rows ending at t = N·T (the state after a
 * block) or ceil(N/every) rows (before a block). */
static void test_registry_scenarios_follow_the_arithmetic(void **state)
{
    (void)state;
    static unsigned char st[1 << 20];
    int driven = 0;
    for (int i = 0; i < fric_scenario_count(); i++) {
        const fric_scenario *sc = fric_scenario_at(i);
        assert_non_null(sc->title);
        assert_non_null(sc->blurb);
        assert_true(strlen(sc->title) > 5 && strlen(sc->blurb) > 20);
        if (!sc->driver) {   /* only a grid keeps its own loop: no clock, no duration */
            if (fric_scenario_param_index(sc, "duration") >= 0)
                fail_msg("%s is a time series without the driver", sc->name);
            continue;
        }
        assert_true(sc->state_bytes <= sizeof st);
        assert_null(sc->init);
        assert_null(sc->step);
        assert_null(sc->retune);
        int iT = fric_scenario_param_index(sc, "T");
        if (iT < 0) iT = fric_scenario_param_index(sc, "dt");
        int iD = fric_scenario_param_index(sc, "duration");
        int iE = fric_scenario_param_index(sc, "every");
        assert_true(iT >= 0 && iD >= 0 && iE >= 0);
        double p[FRIC_SCENARIO_MAX_PARAMS], last[FRIC_SCENARIO_MAX_COLS] = { 0 };
        fric_scenario_defaults(sc, p);
        const double T = p[iT], D = 37 * T;
        p[iD] = D;
        for (int e = 1; e <= 10; e += 3) {
            p[iE] = e;
            long rows = run_rows(sc, st, p, last);
            long long N = 37;
            if (sc->driver->row_step) {   /* the state before a block: test_row_before_block */
                long long R = (N + e - 1) / e;
                if (rows != (long)R) fail_msg("%s every=%d: %ld rows, expected %lld", sc->name, e, rows, R);
                assert_true(fabs(last[0] - (double)((R - 1) * e) * T) <= 64 * DBL_EPSILON * D);
                continue;
            }
            if (rows != 1 + (long)((N + e - 1) / e))
                fail_msg("%s every=%d: %ld rows, expected %lld", sc->name, e, rows,
                         1 + (N + e - 1) / e);
            assert_true(fabs(last[0] - D) <= 64 * DBL_EPSILON * D);
        }
        driven++;
    }
    assert_int_equal(driven, 13);   /* every scenario but solutions-2dof (a grid); bench-native the 13th */
}

/* ------------------------------- the state before a block (row_step, adopt) */

/* A driven scenario of the second row form: row writes the time and the
 * steps advanced before the block, row_step the steps advanced after its
 * first step; adopt counts its calls; fail = 1 makes adopt fail, 2 makes
 * configure fail. */
enum { B_T, B_DURATION, B_EVERY, B_FAIL, B_N };

static const fric_param_info before_params[B_N] = {
    [B_T] = { "T", 1e-3, 1e-6, 1, "s", "time step", NULL, 0, 0 },
    [B_DURATION] = { "duration", 0.05, 0, 1e3, "s", "simulated time", NULL, 0, 0 },
    [B_EVERY] = { "every", 1, 1, 1e6, "", "steps per row", NULL, 0, 1 },
    [B_FAIL] = { "fail", 0, 0, 2, "", "1: adopt fails, 2: configure fails", NULL, 0, 1 },
};
static const fric_col_info before_cols[] = {
    { "t", "s", "time at the block's start" }, { "k", "", "steps before the block" },
    { "k1", "", "steps after the block's first step" },
};

typedef struct {
    int fail_adopt;
} before_cfg;

typedef struct {
    fric_scenario_run run;
    before_cfg cfg;
    long long advances;
    int adopted;            /* adopt calls that succeeded */
} before_state;

static int before_configure(void *cfg, fric_scenario_run *run, const void *running,
                            const double *p, const char **why)
{
    (void)running;
    if (p[B_FAIL] == 2) {
        if (why) *why = "before: configure refused";
        return 1;
    }
    ((before_cfg *)cfg)->fail_adopt = p[B_FAIL] == 1;
    run->every = (long long)p[B_EVERY];
    return fric_scenario_clock_set(&run->clk, "before", p[B_DURATION], p[B_T], why);
}

static int before_advance(void *state, const char **why)
{
    (void)why;
    ((before_state *)state)->advances++;
    return 0;
}

static void before_row(const void *state, double *row)
{
    const before_state *s = state;
    row[0] = fric_scenario_clock_t(&s->run.clk);
    row[1] = (double)s->advances;
    row[2] = -1;             /* row_step overwrites it */
}

static void before_row_step(const void *state, double *row)
{
    row[2] = (double)((const before_state *)state)->advances;
}

static int before_adopt(void *state, const void *cfg, const char **why)
{
    if (((const before_cfg *)cfg)->fail_adopt) {
        if (why) *why = "before: adopt refused";
        return 1;
    }
    ((before_state *)state)->adopted++;
    return 0;
}

FRIC_SCENARIO_DRIVER_HOOKS(before_driver, before_state, before_cfg, before_configure, NULL,
                           before_advance, before_row, before_row_step, before_adopt);

static const fric_scenario before_scn = {
    "before", "a driven scenario whose rows hold the state before each block", B_N,
    before_params, 3, before_cols, sizeof(before_state), NULL, NULL, NULL, NULL, &before_driver,
    "Before", "Counts steps before each block."
};

/* N = round(D/T) steps, e per row: ceil(N/e) rows, row i at step i·e
 * (t = i·e·T), its first step's columns at step i·e + 1; no row at N. */
static void test_row_before_block(void **state)
{
    (void)state;
    /* every combination: no steps, a half step rounded down and up, e > N */
    static const double Ts[] = { 1e-3, 4e-3, 0.01 };
    static const double Ds[] = { 0, 0.0149, 0.0151, 0.05, 0.1 };
    static const int es[] = { 1, 3, 7, 50, 1000 };
    for (size_t iT = 0; iT < sizeof Ts / sizeof Ts[0]; iT++)
    for (size_t iD = 0; iD < sizeof Ds / sizeof Ds[0]; iD++)
    for (size_t ie = 0; ie < sizeof es / sizeof es[0]; ie++) {
        double p[B_N], row[FRIC_SCENARIO_MAX_COLS];
        fric_scenario_defaults(&before_scn, p);
        p[B_T] = Ts[iT];
        p[B_DURATION] = Ds[iD];
        p[B_EVERY] = es[ie];
        before_state st;
        const char *why;
        long long N = llround(Ds[iD] / Ts[iT]), e = es[ie];
        assert_int_equal(fric_scenario_init(&before_scn, &st, p, &why), 0);
        long i = 0;
        int rc;
        while ((rc = fric_scenario_step(&before_scn, &st, row, &why)) == FRIC_SCENARIO_ROW) {
            long long k = (long long)i * e;
            assert_true(k < N);
            assert_true(row[1] == (double)k);
            assert_true(row[2] == (double)(k + 1));
            assert_true(fabs(row[0] - (double)k * Ts[iT]) <= 4 * DBL_EPSILON * (double)N * Ts[iT]);
            i++;
        }
        assert_int_equal(rc, FRIC_SCENARIO_DONE);
        assert_int_equal(i, (long)((N + e - 1) / e));
        assert_true(st.advances == N && st.run.clk.k == N);
        assert_int_equal(fric_scenario_step(&before_scn, &st, row, &why), FRIC_SCENARIO_DONE);
    }
}

/* A retune refused by configure or by adopt leaves the state as it was;
 * an accepted one calls adopt once and keeps the motion. */
static void test_refused_retune_changes_nothing(void **state)
{
    (void)state;
    double p[B_N], row[FRIC_SCENARIO_MAX_COLS];
    fric_scenario_defaults(&before_scn, p);          /* T = 1 ms, 0.05 s: 50 steps */
    before_state st;
    const char *why;
    assert_int_equal(fric_scenario_init(&before_scn, &st, p, &why), 0);
    for (int i = 0; i < 10; i++) assert_int_equal(fric_scenario_step(&before_scn, &st, row, &why), 0);
    before_state keep = st;
    p[B_FAIL] = 1;
    p[B_EVERY] = 4;
    assert_int_not_equal(fric_scenario_retune(&before_scn, &st, p, &why), 0);
    assert_non_null(strstr(why, "adopt refused"));
    assert_memory_equal(&keep, &st, sizeof st);
    p[B_FAIL] = 2;
    assert_int_not_equal(fric_scenario_retune(&before_scn, &st, p, &why), 0);
    assert_non_null(strstr(why, "configure refused"));
    assert_memory_equal(&keep, &st, sizeof st);
    /* accepted: every 4 from step 10, (50 − 10)/4 = 10 more rows */
    fric_scenario_defaults(&before_scn, p);
    p[B_EVERY] = 4;
    assert_int_equal(fric_scenario_retune(&before_scn, &st, p, &why), 0);
    assert_int_equal(st.adopted, 1);
    assert_true(st.advances == 10 && st.cfg.fail_adopt == 0 && st.run.every == 4);
    long rows = 0;
    while (fric_scenario_step(&before_scn, &st, row, &why) == FRIC_SCENARIO_ROW) rows++;
    assert_int_equal(rows, 10);
    assert_true(st.advances == 50);
}

/* The bench (the state before a block): duration D, dt and every give
 * ceil(N/every) rows with N = round(D/dt), row i at t = i·every·dt; a retune
 * its configure refuses (STS3215 has no M2 preset: K_c unset) changes
 * nothing. */
static void test_bench_rows_and_refused_retune(void **state)
{
    (void)state;
    const fric_scenario *sc = fric_scenario_find("bench");
    assert_non_null(sc);
    assert_non_null(sc->driver);
    assert_non_null(sc->driver->row_step);
    static unsigned char st[1 << 16], keep[1 << 16];
    assert_true(sc->state_bytes <= sizeof st);
    double p[FRIC_SCENARIO_MAX_PARAMS], row[FRIC_SCENARIO_MAX_COLS];
    fric_scenario_defaults(sc, p);
    const int idt = fric_scenario_param_index(sc, "dt"), iD = fric_scenario_param_index(sc, "duration"),
              iE = fric_scenario_param_index(sc, "every");
    p[idt] = 1e-3;
    p[iD] = 0.05;                                      /* N = 50 */
    p[iE] = 7;                                         /* ceil(50/7) = 8 rows */
    const char *why;
    assert_int_equal(fric_scenario_init(sc, st, p, &why), 0);
    long i = 0;
    while (fric_scenario_step(sc, st, row, &why) == FRIC_SCENARIO_ROW) {
        assert_true(fabs(row[0] - (double)(7 * i) * 1e-3) <= 1e-15);
        if (++i == 3) break;
    }
    memcpy(keep, st, sc->state_bytes);
    const char *why_set;
    assert_int_equal(fric_scenario_set(sc, p, "actuator", "sts3215", &why_set), 0);
    assert_int_equal(fric_scenario_set(sc, p, "model", "m2", &why_set), 0);
    assert_int_equal(fric_scenario_retune(sc, st, p, &why), FRIC_E_NO_PRESET);
    assert_memory_equal(keep, st, sc->state_bytes);
    while (fric_scenario_step(sc, st, row, &why) == FRIC_SCENARIO_ROW) i++;
    assert_int_equal(i, 8);
    assert_true(fabs(row[0] - 0.049) <= 1e-15);
}

/* xy-table (driven, with adopt): a retune with unchanged parameters leaves
 * the motion exactly as an uninterrupted run's; a switch to solver=general
 * mid-run keeps the time (row i at t = i·every·dt) and the row count of the
 * arithmetic (1 + ceil(N/every)); a retune refused by configure (over the
 * work limit) changes nothing. */
static void test_xy_table_retune(void **state)
{
    (void)state;
    const fric_scenario *sc = fric_scenario_find("xy-table");
    assert_non_null(sc);
    assert_non_null(sc->driver);
    static unsigned char a[1 << 16], b[1 << 16], keep[1 << 16];
    assert_true(sc->state_bytes <= sizeof a);
    double p[FRIC_SCENARIO_MAX_PARAMS], ra[FRIC_SCENARIO_MAX_COLS], rb[FRIC_SCENARIO_MAX_COLS];
    fric_scenario_defaults(sc, p);
    const int idt = fric_scenario_param_index(sc, "dt"), iD = fric_scenario_param_index(sc, "duration"),
              iE = fric_scenario_param_index(sc, "every");
    p[idt] = 1e-3;
    p[iD] = 0.5;                                       /* N = 500 */
    p[iE] = 10;
    const char *why;
    assert_int_equal(fric_scenario_init(sc, a, p, &why), 0);
    assert_int_equal(fric_scenario_init(sc, b, p, &why), 0);
    for (int i = 0; i < 4; i++) {
        assert_int_equal(fric_scenario_step(sc, a, ra, &why), FRIC_SCENARIO_ROW);
        assert_int_equal(fric_scenario_step(sc, b, rb, &why), FRIC_SCENARIO_ROW);
    }
    assert_int_equal(fric_scenario_retune(sc, b, p, &why), 0);
    for (int i = 0; i < 6; i++) {
        assert_int_equal(fric_scenario_step(sc, a, ra, &why), FRIC_SCENARIO_ROW);
        assert_int_equal(fric_scenario_step(sc, b, rb, &why), FRIC_SCENARIO_ROW);
        assert_memory_equal(ra, rb, (size_t)sc->n_cols * sizeof ra[0]);
    }
    /* a refused retune: 1e5 s at 1e-7 s is 1e12 steps */
    memcpy(keep, b, sc->state_bytes);
    double q[FRIC_SCENARIO_MAX_PARAMS];
    memcpy(q, p, sizeof q);
    q[idt] = 1e-7;
    q[iD] = 1e5;
    assert_int_equal(fric_scenario_retune(sc, b, q, &why), FRIC_E_WORK_LIMIT);
    assert_memory_equal(keep, b, sc->state_bytes);
    /* solver=general from row 10 (step 100) on */
    const char *why_set;
    assert_int_equal(fric_scenario_set(sc, p, "solver", "general", &why_set), 0);
    assert_int_equal(fric_scenario_retune(sc, b, p, &why), 0);
    long i = 10;
    while (fric_scenario_step(sc, b, rb, &why) == FRIC_SCENARIO_ROW) {
        assert_true(fabs(rb[0] - (double)(10 * i) * 1e-3) <= 1e-12);
        assert_true(isfinite(rb[1]) && isfinite(rb[2]));
        i++;
    }
    assert_int_equal(i, 1 + 500 / 10);
}

FRIC_TEST_MAIN(cmocka_unit_test(test_rows_every_end_of_clock),
               cmocka_unit_test(test_retune_keeps_the_motion),
               cmocka_unit_test(test_advance_failure_stops_the_run),
               cmocka_unit_test(test_registry_scenarios_follow_the_arithmetic),
               cmocka_unit_test(test_row_before_block),
               cmocka_unit_test(test_refused_retune_changes_nothing),
               cmocka_unit_test(test_bench_rows_and_refused_retune),
               cmocka_unit_test(test_xy_table_retune))
