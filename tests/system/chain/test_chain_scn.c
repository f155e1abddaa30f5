/*
 * test_chain_scn.c: the robot-arm scenarios arm1, arm2-ground and chain
 * (core/system/chain/chain_scn.c) through the scenario interface, against
 * references that do not come from the code under test
 * (../shared/specs/seed002-multijoint.md §10):
 *
 *  - arm1 held at its target with no external torque (gravity torque
 *    m g c sin q below τ_fs): q never moves, every step is stuck, and τ_f
 *    balances the gravity torque computed here from the link's data, by every
 *    method and joint step (the methods agree while stuck);
 *  - arm1 with the controller off: the joint breaks away when the external
 *    torque of Fig. 3 (evaluated here) reaches g·τ_fs, on the joint side
 *    (g = 1) and on the motor side (g = γ);
 *  - arm2-ground: contact happens; f_n >= 0 always and > 0 only in rows whose
 *    corner is on or below the ground; |f_t| <= μ_s f_n; at rest on the ground
 *    the generalized forces balance, joint by joint: g τ_f + Jᵀ f = ∂V/∂q with
 *    V and the corner Jacobians from this file's own kinematics (finite
 *    differences);
 *  - chain with no contact and no voltage: the energy never increases;
 *  - rows: count and times from duration, dt and every; a retune with the
 *    same parameters changes nothing (bitwise, t to one rounding); a retune
 *    to another n goes on at the same time from the same q_1;
 *  - bad input: n out of range, negative mass, μ_k > μ_s, τ_fk > τ_fs,
 *    C_τ below η(τ_fs − τ_fk), coupled beyond its n, a controller period that
 *    is not a multiple of dt: refused with the parameter named.
 */
#include "test_main.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fric_scenario.h"
#include "fric_status.h"

#define PI_ 3.141592653589793

/* ------------------------------------------------------------- helpers */

typedef struct {
    const fric_scenario *sc;
    int rows, cols;
    double *v;   /* rows × cols */
} run_t;

static double at(const run_t *r, int row, const char *col)
{
    for (int c = 0; c < r->sc->n_cols; c++)
        if (strcmp(r->sc->cols[c].name, col) == 0) return r->v[(size_t)row * r->cols + c];
    fail_msg("%s has no column %s", r->sc->name, col);
    return NAN;
}

/* Parameters of scenario `name` from its defaults and "k=v" pairs (NULL-terminated). */
static void params(const fric_scenario *sc, double *p, const char *const *kv)
{
    fric_scenario_defaults(sc, p);
    for (int i = 0; kv && kv[i]; i++) {
        char k[64];
        const char *eq = strchr(kv[i], '=');
        assert_non_null(eq);
        snprintf(k, sizeof k, "%.*s", (int)(eq - kv[i]), kv[i]);
        const char *why = NULL;
        if (fric_scenario_set(sc, p, k, eq + 1, &why)) fail_msg("%s %s: %s", sc->name, kv[i], why);
    }
}

/* Runs scenario `name` to the end; the rows in r (free r->v). */
static run_t run(const char *name, const char *const *kv)
{
    run_t r = { fric_scenario_find(name), 0, 0, NULL };
    assert_non_null(r.sc);
    double p[FRIC_SCENARIO_MAX_PARAMS];
    params(r.sc, p, kv);
    void *st = malloc(r.sc->state_bytes);
    assert_non_null(st);
    const char *why = NULL;
    if (fric_scenario_init(r.sc, st, p, &why)) fail_msg("%s: %s", name, why);
    r.cols = r.sc->n_cols;
    int cap = 1024, rc;
    r.v = malloc((size_t)cap * r.cols * sizeof(double));
    double row[FRIC_SCENARIO_MAX_COLS];
    while ((rc = fric_scenario_step(r.sc, st, row, &why)) == FRIC_SCENARIO_ROW) {
        if (r.rows == cap) {
            cap *= 2;
            r.v = realloc(r.v, (size_t)cap * r.cols * sizeof(double));
            assert_non_null(r.v);
        }
        memcpy(r.v + (size_t)r.rows * r.cols, row, (size_t)r.cols * sizeof(double));
        r.rows++;
    }
    if (rc == FRIC_SCENARIO_ERROR) fail_msg("%s: %s", name, why);
    free(st);
    return r;
}

/* ---------------------------------------------------------------- arm1 */

/* Sheet §6: the link, 100 × 30 mm, 35.6 g, centre of mass 50 mm from the pivot. */
static const double M1 = 0.0356, C1 = 0.05, G = 9.81, TAU_FS = 0.041;

static void test_arm1_holds_still_at_its_target(void **unused)
{
    (void)unused;
    static const char *const methods[] = { "implicit", "semi-implicit", "coupled" };
    static const char *const steps[] = { "paper", "fixed", "phi-z" };
    const double q0 = 0.3;   /* gravity torque 4.6 mN·m < τ_fs = 41 mN·m */
    const double load = M1 * G * C1 * sin(q0);
    double tau[3][3];
    for (int m = 0; m < 3; m++)
        for (int j = 0; j < 3; j++) {
            char mk[64], jk[64];
            snprintf(mk, sizeof mk, "method=%s", methods[m]);
            snprintf(jk, sizeof jk, "joint_step=%s", steps[j]);
            const char *kv[] = { mk, jk, "q0=0.3", "q_d=0.3", "t_step=0", "tau_ext_amp=0",
                                 "duration=2", "every=1", NULL };
            run_t r = run("arm1", kv);
            assert_int_equal(r.rows, 2000);
            for (int k = 0; k < r.rows; k++) {
                /* ρ > 0: a stuck step leaves ρ/(1+ρ) of the velocity it cancels, and
                 * the semi-implicit first step knows no load yet (τ_prev = 0, A7):
                 * a kick of h·load/(γ²I_M) ≈ 5e-5 rad/s that the drift gain k_q
                 * takes back. q stays within 1e-7 rad. */
                if (fabs(at(&r, k, "q") - q0) > 1e-7 || fabs(at(&r, k, "dq")) > 1e-4 ||
                    at(&r, k, "stick") != 1)
                    fail_msg("arm1 %s %s: row %d t = %g: q = %.17g, dq = %g, stick %g", mk, jk, k,
                             at(&r, k, "t"), at(&r, k, "q"), at(&r, k, "dq"), at(&r, k, "stick"));
                assert_true(fabs(at(&r, k, "e")) < 1e-6);
            }
            /* τ_f holds the gravity torque (regularization ρ = 1e-3: within 0.2 %) */
            tau[m][j] = at(&r, r.rows - 1, "tau_f");
            if (fabs(tau[m][j] - load) > 2e-3 * load)
                fail_msg("arm1 %s %s: tau_f = %.9g, gravity torque %.9g", mk, jk, tau[m][j], load);
            free(r.v);
        }
    /* the methods agree while stuck */
    for (int m = 0; m < 3; m++)
        for (int j = 0; j < 3; j++) assert_true(fabs(tau[m][j] - tau[1][2]) <= 2e-3 * load);
}

/* Fig. 3's first pulse, A sin²(π(t − 10)/5) on [10, 15] s (sheet §6). */
static double pulse(double A, double t)
{
    double s = t >= 10 && t <= 15 ? sin(PI_ * (t - 10) / 5) : 0;
    return A * s * s;
}

static void test_arm1_breakaway_at_g_tau_fs(void **unused)
{
    (void)unused;
    struct { const char *side; double g, A; } c[] = { { "tau_side=joint", 1, 0.3 },
                                                      { "tau_side=motor", 120, 8 } };
    static const char *const methods[] = { "method=implicit", "method=semi-implicit" };
    for (int s = 0; s < 2; s++)
        for (int m = 0; m < 2; m++) {
            const char *kv[] = { c[s].side, methods[m], "K_P=0", "K_I=0", "K_D=0", "duration=12",
                                 "every=1", NULL };
            run_t r = run("arm1", kv);
            int b = -1;
            for (int k = 0; k < r.rows && b < 0; k++)
                if (at(&r, k, "stick") != 1) b = k;
            if (b < 0) fail_msg("arm1 %s %s: never breaks away", c[s].side, methods[m]);
            double t = at(&r, b, "t"), ext = pulse(c[s].A, t);
            /* independent: the pulse from its formula; the column agrees */
            assert_true(fabs(at(&r, b, "tau_ext") - ext) <= 1e-12 * c[s].A);
            /* before: stuck and q unmoved; at b: the load has reached g τ_fs (1 %) */
            for (int k = 0; k < b; k++)
                if (fabs(at(&r, k, "q")) > 1e-7 * c[s].g)   /* ρ creep grows with the load */
                    fail_msg("arm1 %s %s: q = %g at t = %g before the breakaway at %g", c[s].side,
                             methods[m], at(&r, k, "q"), at(&r, k, "t"), at(&r, b, "t"));
            double want = c[s].g * TAU_FS;
            if (fabs(ext - want) > 0.01 * want)
                fail_msg("arm1 %s %s: breaks away at t = %g s under %.6g N·m, g·tau_fs = %.6g",
                         c[s].side, methods[m], t, ext, want);
            free(r.v);
        }
}

/* --------------------------------------------------------- arm2-ground */

/* Sheet §7 from the scenario's defaults (read back from its parameters). */
typedef struct {
    double m, mu, L, w, ground, g;
} arm2_data;

static arm2_data arm2_defaults(void)
{
    const fric_scenario *sc = fric_scenario_find("arm2-ground");
    double p[FRIC_SCENARIO_MAX_PARAMS];
    fric_scenario_defaults(sc, p);
#define P(n) p[fric_scenario_param_index(sc, n)]
    arm2_data d = { P("mass"), P("unit_mass"), P("length"), P("width"), P("ground"), P("gravity") };
#undef P
    return d;
}

/* Potential energy of the two links and the gear unit at the end of link 1
 * (sheet §7; y up, φ from the downward vertical) [J]. */
static double arm2_V(const arm2_data *d, const double *q)
{
    double f1 = q[0], f2 = q[0] + q[1];
    double y1 = -cos(f1) * d->L;                 /* joint 2 */
    return d->g * (d->m * (-cos(f1) * d->L / 2) + d->mu * y1 + d->m * (y1 - cos(f2) * d->L / 2));
}

/* Position of corner k (0: −w/2 across, 1: +w/2) of link 2. */
static void arm2_corner(const arm2_data *d, const double *q, int k, double *p)
{
    double f1 = q[0], f2 = q[0] + q[1], s = k ? d->w / 2 : -d->w / 2;
    p[0] = sin(f1) * d->L + sin(f2) * d->L + cos(f2) * s;
    p[1] = -cos(f1) * d->L - cos(f2) * d->L + sin(f2) * s;
}

static void test_arm2_contact_forces(void **unused)
{
    (void)unused;
    arm2_data d = arm2_defaults();
    static const char *const methods[] = { "method=semi-implicit", "method=implicit",
                                           "method=coupled" };
    /* the implicit method's contacts are soft (eq. 19 with one λ_M for joints and
     * contacts: its corners sink some 4 cm) and it settles slowly: 25 s */
    static const char *const durations[] = { "duration=6", "duration=25", "duration=6" };
    for (int m = 0; m < 3; m++) {
        const char *kv[] = { methods[m], durations[m], "every=1", NULL };
        run_t r = run("arm2-ground", kv);
        int contact = 0;
        for (int k = 0; k < r.rows; k++)
            for (int c = 0; c < 2; c++) {
                const char *fn = c ? "fn2" : "fn1", *ft = c ? "ft2" : "ft1",
                           *gp = c ? "gap2" : "gap1";
                double f_n = at(&r, k, fn), f_t = at(&r, k, ft), g = at(&r, k, gp);
                /* the gap from this file's kinematics */
                double q[2] = { at(&r, k, "q1"), at(&r, k, "q2") }, p[2];
                arm2_corner(&d, q, c, p);
                assert_true(fabs(p[1] + d.ground - g) <= 1e-12);
                if (f_n < 0 || (f_n > 0 && g > 0) || fabs(f_t) > 0.6 * f_n * (1 + 1e-9) + 1e-12)
                    fail_msg("arm2-ground %s: t = %g corner %d: f_n = %g, f_t = %g, gap %g",
                             methods[m], at(&r, k, "t"), c + 1, f_n, f_t, g);
                if (f_n > 0) contact++;
            }
        if (contact < 100) fail_msg("arm2-ground %s: only %d rows with contact", methods[m], contact);

        /* the last row: at rest on the ground with the voltage off */
        int k = r.rows - 1;
        double q[2] = { at(&r, k, "q1"), at(&r, k, "q2") };
        if (!(fabs(at(&r, k, "dq1")) < 1e-6 && fabs(at(&r, k, "dq2")) < 1e-6))
            fail_msg("arm2-ground %s: not at rest at the end (dq = %g, %g)", methods[m],
                     at(&r, k, "dq1"), at(&r, k, "dq2"));
        assert_true(at(&r, k, "e1") == 0 && at(&r, k, "e2") == 0);
        assert_true(at(&r, k, "fn1") + at(&r, k, "fn2") > 0);
        /* statics, joint by joint: g τ_f,j + Σ_k (J_kᵀ f_k)_j = ∂V/∂q_j (g = 1) */
        const double e = 1e-6;
        double scale = d.g * (d.m + d.mu) * d.L;   /* a gravity torque [N·m] */
        for (int j = 0; j < 2; j++) {
            double qp[2] = { q[0], q[1] }, qm[2] = { q[0], q[1] };
            qp[j] += e;
            qm[j] -= e;
            double dV = (arm2_V(&d, qp) - arm2_V(&d, qm)) / (2 * e);
            double gen = at(&r, k, j ? "tau_f2" : "tau_f1");
            for (int c = 0; c < 2; c++) {
                double pp[2], pm[2];
                arm2_corner(&d, qp, c, pp);
                arm2_corner(&d, qm, c, pm);
                gen += (pp[0] - pm[0]) / (2 * e) * at(&r, k, c ? "ft2" : "ft1") +
                       (pp[1] - pm[1]) / (2 * e) * at(&r, k, c ? "fn2" : "fn1");
            }
            if (fabs(gen - dV) > 5e-3 * scale)
                fail_msg("arm2-ground %s at rest: joint %d: g tau_f + J^T f = %.6g N·m, dV/dq = "
                         "%.6g N·m", methods[m], j + 1, gen, dV);
        }
        free(r.v);
    }
}

/* --------------------------------------------------------------- chain */

static void test_chain_energy_never_increases(void **unused)
{
    (void)unused;
    static const char *const methods[] = { "method=semi-implicit", "method=implicit",
                                           "method=coupled" };
    for (int m = 0; m < 3; m++) {
        /* no contact: the ground 10·n·L below a chain n·L long */
        const char *kv[] = { methods[m], "n=4", "ground_depth=10", "duration=1", "every=1", NULL };
        run_t r = run("chain", kv);
        assert_int_equal(r.rows, 1000);
        double E0 = at(&r, 0, "E");
        for (int k = 1; k < r.rows; k++) {
            assert_true(at(&r, k, "fn1") == 0 && at(&r, k, "fn2") == 0);
            if (at(&r, k, "E") > at(&r, k - 1, "E") + 1e-9)
                fail_msg("chain %s: E rises from %.12g to %.12g J at t = %g", methods[m],
                         at(&r, k - 1, "E"), at(&r, k, "E"), at(&r, k, "t"));
        }
        assert_true(at(&r, r.rows - 1, "E") < E0);   /* it fell, and dissipated */
        free(r.v);
    }
}

static void test_chain_rows_and_retune(void **unused)
{
    (void)unused;
    /* rows at t = k·every·dt, k·every·dt < duration */
    const char *kv[] = { "n=3", "duration=0.5", "every=7", NULL };
    run_t r = run("chain", kv);
    assert_int_equal(r.rows, 72);   /* ceil(500 / 7) */
    for (int k = 0; k < r.rows; k++) assert_true(fabs(at(&r, k, "t") - k * 7e-3) < 1e-12);
    /* a retune with the same parameters half-way changes nothing */
    const fric_scenario *sc = r.sc;
    double p[FRIC_SCENARIO_MAX_PARAMS], row[FRIC_SCENARIO_MAX_COLS];
    params(sc, p, kv);
    void *st = malloc(sc->state_bytes);
    assert_non_null(st);
    const char *why = NULL;
    assert_int_equal(fric_scenario_init(sc, st, p, &why), 0);
    for (int k = 0; k < r.rows; k++) {
        if (k == 30) assert_int_equal(fric_scenario_retune(sc, st, p, &why), 0);
        assert_int_equal(fric_scenario_step(sc, st, row, &why), FRIC_SCENARIO_ROW);
        /* t: the clock restarts from the current time (one rounding apart) */
        assert_true(fabs(row[0] - r.v[(size_t)k * r.cols]) < 1e-12);
        assert_memory_equal(row + 1, r.v + (size_t)k * r.cols + 1,
                            (size_t)(r.cols - 1) * sizeof(double));
    }
    assert_int_equal(fric_scenario_step(sc, st, row, &why), FRIC_SCENARIO_DONE);
    /* a new n: the run goes on at the current time from the current q_1, at rest */
    assert_int_equal(fric_scenario_init(sc, st, p, &why), 0);
    for (int k = 0; k < 10; k++) assert_int_equal(fric_scenario_step(sc, st, row, &why), 0);
    double p5[FRIC_SCENARIO_MAX_PARAMS];
    const char *const kv5[] = { "n=5", "duration=0.5", "every=7", NULL };
    params(sc, p5, kv5);
    assert_int_equal(fric_scenario_retune(sc, st, p5, &why), 0);
    assert_int_equal(fric_scenario_step(sc, st, row, &why), FRIC_SCENARIO_ROW);
    assert_true(fabs(at(&r, 10, "t") - row[0]) < 1e-12);
    assert_true(at(&r, 10, "q1") == row[1] && row[3] == 0);   /* q1 kept, dq1 = 0 */
    free(st);
    free(r.v);
}

/* ------------------------------------------------------------ bad input */

/* init refuses kv with the parameter `name` at fault, named in the message. */
static void refused(const char *scn, const char *const *kv, const char *name)
{
    const fric_scenario *sc = fric_scenario_find(scn);
    double p[FRIC_SCENARIO_MAX_PARAMS];
    fric_scenario_defaults(sc, p);
    const char *why = NULL;
    int set_rc = 0;
    for (int i = 0; kv[i] && !set_rc; i++) {
        char k[64];
        const char *eq = strchr(kv[i], '=');
        snprintf(k, sizeof k, "%.*s", (int)(eq - kv[i]), kv[i]);
        set_rc = fric_scenario_set(sc, p, k, eq + 1, &why);
    }
    if (!set_rc) {
        void *st = malloc(sc->state_bytes);
        assert_non_null(st);
        set_rc = fric_scenario_init(sc, st, p, &why);
        free(st);
    }
    if (!set_rc) fail_msg("%s %s: accepted", scn, kv[0]);
    assert_int_equal(fric_status_last().code, FRIC_E_PARAM_RANGE);
    assert_int_equal(fric_status_last().param, fric_scenario_param_index(sc, name));
    if (!strstr(why, name) || !strstr(why, scn)) fail_msg("%s %s: message '%s'", scn, kv[0], why);
}

static void test_bad_input(void **unused)
{
    (void)unused;
    refused("chain", (const char *const[]){ "n=0", NULL }, "n");
    refused("chain", (const char *const[]){ "n=101", NULL }, "n");
    refused("chain", (const char *const[]){ "n=2.5", NULL }, "n");
    refused("arm1", (const char *const[]){ "mass=-1", NULL }, "mass");
    refused("arm2-ground", (const char *const[]){ "unit_mass=-0.5", NULL }, "unit_mass");
    refused("arm2-ground", (const char *const[]){ "mu_s=0.4", "mu_k=0.5", NULL }, "mu_k");
    refused("chain", (const char *const[]){ "mu_k=0.7", NULL }, "mu_k");
    refused("arm1", (const char *const[]){ "tau_fk=0.05", NULL }, "tau_fk");
    refused("arm1", (const char *const[]){ "C_tau=0.1", NULL }, "C_tau");
    refused("chain", (const char *const[]){ "method=coupled", "n=9", NULL }, "method");
    refused("arm1", (const char *const[]){ "pid_period=0.0025", NULL }, "pid_period");
    refused("arm1", (const char *const[]){ "dt=0", NULL }, "dt");
}

FRIC_TEST_MAIN(cmocka_unit_test(test_arm1_holds_still_at_its_target),
               cmocka_unit_test(test_arm1_breakaway_at_g_tau_fs),
               cmocka_unit_test(test_arm2_contact_forces),
               cmocka_unit_test(test_chain_energy_never_increases),
               cmocka_unit_test(test_chain_rows_and_retune),
               cmocka_unit_test(test_bad_input))
