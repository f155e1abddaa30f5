/*
 * test_fd_scn.c: the scenarios built on fric_fd.h (Dupont's load-dependent friction)
 * (solutions-2dof, screw-selflock, carriage-screw, xy-table solver=general)
 * against references written here.
 *
 * solutions-2dof: each row's count against a brute-force enumeration of
 * the four sign hypotheses of eq. 10 solved by Cramer's rule in this file,
 * and the determinant test (the `unique` column) against the counts: 1
 * only if every grid point has exactly one solution; the sheet's flip
 * between mu = 0.45 and 0.5.
 *
 * screw-selflock: with J + M/eta2 < 0 (J = 5, eta2 = −2, M = 50) a
 * descending screw has two solutions for tau_a < −2J and none above
 * (closed form in fd_selflock_scn.c's header, re-derived here from the
 * two hypotheses); with J > 25 always one.
 *
 * carriage-screw: the breakaway into backdriving at the closed-form force
 * F_back = (mc + mL)·tau_m·eta2s/(mL·l) (eqs. 26-28 at rest), and into
 * driving at F_drive (eta1s); with eta1s = eta2s = 0 (the scenarios'
 * "0 = the kinetic value", scenario_internal.h) at the same forms with
 * eta1 and eta2.
 */
#include "test_main.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fric_scenario.h"

/* Two accelerations closer than this (relative) are one solution, and a
 * sign holds to this relative tolerance: the 2x2 solves here are exact to
 * a few ulp of numbers of order 10. */
#define SAME_REL 1e-9
#define SIGN_REL 1e-10

static const fric_scenario *find(const char *name)
{
    const fric_scenario *sc = fric_scenario_find(name);
    assert_non_null(sc);
    return sc;
}

static int col(const fric_scenario *sc, const char *name)
{
    for (int i = 0; i < sc->n_cols; i++)
        if (strcmp(sc->cols[i].name, name) == 0) return i;
    fail_msg("%s has no column %s", sc->name, name);
    return -1;
}

static void set(const fric_scenario *sc, double *p, const char *name, const char *val)
{
    const char *why = NULL;
    int rc = fric_scenario_set(sc, p, name, val, &why);
    if (rc) fail_msg("%s=%s: %s", name, val, why);
}

/* set() with a number, written to round-trip exactly */
static void setd(const fric_scenario *sc, double *p, const char *name, double x)
{
    char v[32];
    snprintf(v, sizeof v, "%.17g", x);
    set(sc, p, name, v);
}

/* ------------------------------------------------------ solutions-2dof */

typedef struct { double D[4], C[4], d[2], mu, s[2]; } two_dof;

/* Solutions of D x + Diag(mu σ)|C x + d| = r by the four hypotheses. */
static int brute_count(const two_dof *m, double r1, double r2)
{
    double found[4][2];
    int n = 0;
    for (int pat = 0; pat < 4; pat++) {
        const double S[2] = { (pat & 1) ? 1 : -1, (pat & 2) ? 1 : -1 };
        double A[4], b[2];
        for (int i = 0; i < 2; i++) {
            const double f = m->mu * m->s[i] * S[i];
            A[2 * i] = m->D[2 * i] + f * m->C[2 * i];
            A[2 * i + 1] = m->D[2 * i + 1] + f * m->C[2 * i + 1];
            b[i] = (i ? r2 : r1) - f * m->d[i];
        }
        const double det = A[0] * A[3] - A[1] * A[2];
        if (det == 0) continue;
        const double x[2] = { (b[0] * A[3] - A[1] * b[1]) / det, (A[0] * b[1] - A[2] * b[0]) / det };
        int ok = 1;
        for (int j = 0; j < 2; j++) {
            const double u = m->C[2 * j] * x[0] + m->C[2 * j + 1] * x[1] + m->d[j];
            const double scale = fabs(m->C[2 * j] * x[0]) + fabs(m->C[2 * j + 1] * x[1]) + fabs(m->d[j]);
            if (S[j] * u < -SIGN_REL * scale) ok = 0;
        }
        if (!ok) continue;
        int dup = 0;
        for (int k = 0; k < n; k++) {
            const double big = fmax(fmax(fabs(x[0]), fabs(x[1])), fmax(fabs(found[k][0]), fabs(found[k][1])));
            if (fabs(x[0] - found[k][0]) <= SAME_REL * big && fabs(x[1] - found[k][1]) <= SAME_REL * big)
                dup = 1;
        }
        if (!dup) {
            found[n][0] = x[0];
            found[n][1] = x[1];
            n++;
        }
    }
    return n;
}

/* Runs the map with mu; checks every row against brute_count; returns the
 * unique column and counts of rows with 0, 1, 2 solutions in n012. */
static int run_map(double mu, long n012[3])
{
    const fric_scenario *sc = find("solutions-2dof");
    double p[FRIC_SCENARIO_MAX_PARAMS];
    fric_scenario_defaults(sc, p);
    setd(sc, p, "mu", mu);
    const two_dof m = { { 2, 0.5, 0.5, 1 }, { 1, 2, -1, 1 }, { 0.3, -0.2 }, mu, { 1, -1 } };
    void *st = malloc(sc->state_bytes);
    const char *why = NULL;
    assert_int_equal(fric_scenario_init(sc, st, p, &why), 0);
    const int cr1 = col(sc, "r1"), cr2 = col(sc, "r2"), cs = col(sc, "solutions"), cu = col(sc, "unique");
    double row[FRIC_SCENARIO_MAX_COLS];
    long rows = 0;
    int unique = -1, rc;
    n012[0] = n012[1] = n012[2] = 0;
    double last_r1 = -1e300;
    while ((rc = fric_scenario_step(sc, st, row, &why)) == FRIC_SCENARIO_ROW) {
        const long i = rows / 61, j = rows % 61;
        /* r1 outer, r2 inner, both ends included */
        assert_true(fabs(row[cr1] - (-3 + 0.1 * (double)i)) < 1e-12);
        assert_true(fabs(row[cr2] - (-3 + 0.1 * (double)j)) < 1e-12);
        assert_true(row[cr1] >= last_r1);
        last_r1 = row[cr1];
        const int want = brute_count(&m, row[cr1], row[cr2]);
        if ((int)row[cs] != want)
            fail_msg("mu = %g, r = (%g, %g): %g solutions, enumeration here finds %d", mu,
                     row[cr1], row[cr2], row[cs], want);
        n012[want > 2 ? 2 : want]++;
        if (unique < 0) unique = (int)row[cu];
        assert_int_equal((int)row[cu], unique);       /* a property of D, C, mu, sigma */
        rows++;
    }
    assert_int_equal(rc, FRIC_SCENARIO_DONE);
    assert_int_equal(rows, 61 * 61);
    free(st);
    return unique;
}

static void test_map_counts_and_determinant_test(void **state)
{
    (void)state;
    const double mus[] = { 0, 0.2, 0.45, 0.5, 0.6, 1.0, 2.0 };
    for (size_t k = 0; k < sizeof mus / sizeof mus[0]; k++) {
        long n[3];
        const int unique = run_map(mus[k], n);
        /* the determinant test is a sufficient and necessary condition for
         * every r; on the grid: unique ⇒ every point has one solution */
        if (unique) {
            assert_int_equal(n[0], 0);
            assert_int_equal(n[2], 0);
        }
        /* the sheet §2: the test holds at mu = 0.45 and fails from 0.5 on,
         * where the grid shows points with no and with two solutions */
        if (mus[k] <= 0.45) assert_int_equal(unique, 1);
        else {
            assert_int_equal(unique, 0);
            assert_true(n[0] > 0);
            assert_true(n[2] > 0);
        }
    }
}

/* The flip in closed form: with σ = (1, −1) the rows add f1 = μ·s1 and
 * f2 = −μ·s2 to rows 1 and 2 of D + Diag(μσ)SC, whose determinant is
 * (2 + f1)(1 + f2) − (0.5 + 2f1)(0.5 − f2) = 1.75 + 2.5·f2 + 3·f1·f2;
 * its smallest value over the signs, 1.75 − 2.5μ − 3μ², vanishes at
 * μ* = (−2.5 + √27.25)/6 = 0.453359. */
static void test_map_flip_closed_form(void **state)
{
    (void)state;
    const double mu_star = (-2.5 + sqrt(27.25)) / 6;
    const fric_scenario *sc = find("solutions-2dof");
    double p[FRIC_SCENARIO_MAX_PARAMS], row[FRIC_SCENARIO_MAX_COLS];
    void *st = malloc(sc->state_bytes);
    const char *why = NULL;
    const double mus[2] = { mu_star * (1 - 1e-9), mu_star * (1 + 1e-9) };
    for (int k = 0; k < 2; k++) {
        fric_scenario_defaults(sc, p);
        setd(sc, p, "mu", mus[k]);
        assert_int_equal(fric_scenario_init(sc, st, p, &why), 0);
        assert_int_equal(fric_scenario_step(sc, st, row, &why), FRIC_SCENARIO_ROW);
        assert_int_equal((int)row[col(sc, "unique")], k == 0);
        const double mu = mus[k];
        assert_true(fabs(row[col(sc, "det_min")] - (1.75 - 2.5 * mu - 3 * mu * mu)) < 1e-12);
        assert_true(fabs(row[col(sc, "det_max")] - (1.75 + 2.5 * mu + 3 * mu * mu)) < 1e-12);
    }
    free(st);
}

static void test_map_bad_input(void **state)
{
    (void)state;
    const fric_scenario *sc = find("solutions-2dof");
    double p[FRIC_SCENARIO_MAX_PARAMS];
    void *st = malloc(sc->state_bytes);
    const char *why = NULL;
    fric_scenario_defaults(sc, p);
    set(sc, p, "D12", "2");                 /* 2*1 - 4 < 0 */
    assert_int_not_equal(fric_scenario_init(sc, st, p, &why), 0);
    assert_non_null(strstr(why, "positive definite"));
    assert_int_equal(fric_status_last().param, fric_scenario_param_index(sc, "D12"));
    fric_scenario_defaults(sc, p);
    set(sc, p, "sigma2", "0");
    assert_int_not_equal(fric_scenario_init(sc, st, p, &why), 0);
    assert_non_null(strstr(why, "sigma2"));
    free(st);
}

/* ------------------------------------------------------ screw-selflock */

/* Runs screw-selflock with J, checking every moving row against eq. 18
 * written with the efficiencies of eq. 21 (η1 = 1/(1 + Kd/l) = 0.4,
 * η2 = 1/(1 − Kd/l) = −2): η·(τ_a − J·q̈) = τ_l, τ_l = M·q̈ + G, η = η1
 * when sgn τ_l = sgn q̇ (driving), η2 otherwise (eq. 17). Returns the
 * `unique` column; counts rows by solutions in n012, rows descending
 * (not held) with τ_a below / above −2J by more than 1 N·m, and the
 * breakaway rows, each checked to move the way eq. 20 is violated. */
#define SELFLOCK_RESID 1e-9      /* relative to |τ_a| + |τ_l| (~100 N·m) */
static int run_selflock(double J, const char *switching, long n012[3], long *two_below,
                        long *one_above, long *n_none, long *n_break)
{
    const fric_scenario *sc = find("screw-selflock");
    double p[FRIC_SCENARIO_MAX_PARAMS];
    fric_scenario_defaults(sc, p);
    setd(sc, p, "J", J);
    set(sc, p, "switching", switching);
    void *st = malloc(sc->state_bytes);
    const char *why = NULL;
    assert_int_equal(fric_scenario_init(sc, st, p, &why), 0);
    const int cdq = col(sc, "dq"), cddq = col(sc, "ddq"), cta = col(sc, "tau_a"),
              ctl = col(sc, "tau_l"), cs = col(sc, "solutions"), cu = col(sc, "unique"),
              ch = col(sc, "held"), cn = col(sc, "n_none"),
              cb = col(sc, "breakaways");
    const double M = 50, G = 100, eta1 = 0.4, eta2 = -2;
    double row[FRIC_SCENARIO_MAX_COLS];
    int unique = -1, rc;
    n012[0] = n012[1] = n012[2] = 0;
    *two_below = *one_above = *n_break = 0;
    while ((rc = fric_scenario_step(sc, st, row, &why)) == FRIC_SCENARIO_ROW) {
        const double dq = row[cdq], ddq = row[cddq], ta = row[cta];
        const double tl = M * ddq + G;
        assert_true(fabs(row[ctl] - tl) <= 1e-12 * (fabs(tl) + G));          /* eq. 14 */
        if (dq != 0 && row[ch] == 0) {
            const double eta = (tl > 0) == (dq > 0) ? eta1 : eta2;           /* eq. 17 */
            const double res = eta * (ta - J * ddq) - tl;                     /* eq. 18 */
            if (fabs(res) > SELFLOCK_RESID * (fabs(ta) + fabs(tl) + 1))
                fail_msg("J = %g, t row: eq. 18 residual %g (tau_a %g, ddq %g, dq %g)", J, res, ta, ddq, dq);
        }
        /* the row of a breakaway (at its end with switching=fixed, within
         * it with events) moves the way of the violated inequality of
         * eq. 20, G/η2 <= τ_a <= G/η1 (§4.2): down below −50 N·m, up above
         * 250 N·m */
        if ((long)row[cb] > *n_break) {
            *n_break = (long)row[cb];
            assert_true(ta < G / eta2 || ta > G / eta1);
            const int down = ta < G / eta2;
            if (!(row[ch] == 0 && (down ? ddq < 0 && dq <= 0 : ddq > 0 && dq >= 0)))
                fail_msg("J = %g: broke away at tau_a = %g with dq = %g, ddq = %g", J, ta, dq, ddq);
        }
        const int c = (int)row[cs];
        n012[c > 2 ? 2 : c]++;
        if (dq < 0 && row[ch] == 0 && ta < -2 * J - 1 && c == 2) (*two_below)++;
        if (dq < 0 && row[ch] == 0 && ta > -2 * J + 1 && c == 1) (*one_above)++;
        *n_none = (long)row[cn];
        if (unique < 0) unique = (int)row[cu];
        assert_int_equal((int)row[cu], unique);
    }
    assert_int_equal(rc, FRIC_SCENARIO_DONE);
    free(st);
    return unique;
}

/* The count changes where J + M/η2 = J − 25 changes sign (Dupont 1992a,
 * the sheet §2): below, a descending screw has two solutions for
 * τ_a < −2J and none above; above, one. */
static void test_selflock_counts(void **state)
{
    (void)state;
    long n[3], below, above, none, brk;
    const char *sw[] = { "fixed", "events" };
    for (int w = 0; w < 2; w++) {
        const double small[] = { 5, 20, 24.5 };
        for (size_t k = 0; k < sizeof small / sizeof small[0]; k++) {
            assert_int_equal(run_selflock(small[k], sw[w], n, &below, &above, &none, &brk), 0);
            assert_true(n[2] > 0);
            assert_true(below > 0);
            assert_int_equal(above, 0);           /* above −2J descending: never exactly one */
            assert_true(none > 0);
            /* τ_a = −30 + 40 sin 2t drops below −50 in each of its 3 periods in 10 s */
            assert_int_equal(brk, 3);
        }
        const double large[] = { 25.5, 40, 200 };
        for (size_t k = 0; k < sizeof large / sizeof large[0]; k++) {
            assert_int_equal(run_selflock(large[k], sw[w], n, &below, &above, &none, &brk), 1);
            assert_int_equal(n[0], 0);
            assert_int_equal(n[2], 0);
            assert_int_equal(none, 0);
        }
    }
}

/* ------------------------------------------------------ carriage-screw */

/* The static efficiencies a run sets (s1, s2) and those its dead band
 * must use (e1s, e2s): the sheet's, then 0, which takes the kinetic
 * eta1 = 0.663 and eta2 = 1.91. */
typedef struct { double s1, s2, e1s, e2s; } carriage_eff;
static const carriage_eff CARRIAGE_EFF[] = { { 0.6, 2.2, 0.6, 2.2 }, { 0, 0, 0.663, 1.91 } };

/* Sweeps the carriage force at `rate` from the middle of the dead band
 * with the screw at rest (θ̇0 = 0; rate > 0 towards F_back, rate < 0
 * towards F_drive), the static efficiencies set as ef says, and returns
 * the force of the first row where the screw moves; checks
 * eq. 22 (η·(τ_m − τ_s) = τ_l, τ_s = J·θ̈) and eq. 27 on every moving row
 * and the row-1 force balance (mc + mL)·z̈ + mL·l·θ̈ = F − (mc + mL)·g. */
#define CARRIAGE_RESID 1e-9
static double carriage_breakaway(double tau_m, double mL, double rate, const carriage_eff *ef,
                                 int *mode)
{
    const fric_scenario *sc = find("carriage-screw");
    double p[FRIC_SCENARIO_MAX_PARAMS];
    fric_scenario_defaults(sc, p);
    const double mc = 20, J = 1e-3, l = 0.01, g = 9.81, e1 = 0.663, e2 = 1.91;
    const double e1s = ef->e1s, e2s = ef->e2s;
    setd(sc, p, "eta1s", ef->s1);
    setd(sc, p, "eta2s", ef->s2);
    /* at rest (eq. 28) τ_l = mL·l·F/(mc + mL); eq. 26: band in F */
    const double Fd = (mc + mL) * tau_m * e1s / (mL * l), Fb = (mc + mL) * tau_m * e2s / (mL * l);
    setd(sc, p, "tau_m", tau_m);
    setd(sc, p, "mL", mL);
    const double F0 = 0.5 * (Fd + Fb), F1 = rate > 0 ? Fb : Fd;
    setd(sc, p, "F0", F0);
    setd(sc, p, "F_rate", rate);
    set(sc, p, "dtheta0", "0");
    setd(sc, p, "duration", (F1 - F0) / rate + 0.5);
    void *st = malloc(sc->state_bytes);
    const char *why = NULL;
    assert_int_equal(fric_scenario_init(sc, st, p, &why), 0);
    const int cF = col(sc, "F"), cz = col(sc, "ddz"), cth = col(sc, "ddtheta"), cdth = col(sc, "dtheta"),
              ctl = col(sc, "tau_l"), cm = col(sc, "mode"), ch = col(sc, "held"),
              cfd = col(sc, "F_drive"), cfb = col(sc, "F_back");
    double row[FRIC_SCENARIO_MAX_COLS], F_move = NAN;
    int rc, was_held = 0;
    *mode = 0;
    assert_int_equal(fric_scenario_step(sc, st, row, &why), FRIC_SCENARIO_ROW);
    assert_true(row[ch] == 1);                    /* at rest inside the band: held at t = 0 */
    while ((rc = fric_scenario_step(sc, st, row, &why)) == FRIC_SCENARIO_ROW) {
        assert_true(fabs(row[cfd] - Fd) < 1e-9 * Fd);
            assert_true(fabs(row[cfb] - Fb) < 1e-9 * Fb);
        const double ddz = row[cz], ddth = row[cth], F = row[cF];
        const double bal = (mc + mL) * ddz + mL * l * ddth - (F - (mc + mL) * g);
        assert_true(fabs(bal) < CARRIAGE_RESID * (fabs(F) + (mc + mL) * g));
        const double tl = mL * l * (ddz + l * ddth + g);                     /* eq. 27 */
        assert_true(fabs(row[ctl] - tl) < CARRIAGE_RESID * (fabs(tl) + 1));
        if (row[ch] == 1) {
            assert_true(ddth == 0);                                           /* eq. 28 */
            assert_true(F >= Fd - 1e-9 * Fd && F <= Fb + 1e-9 * Fb);            /* eq. 26 */
            was_held = 1;
            continue;
        }
        if (was_held && isnan(F_move)) {
            F_move = F;
            *mode = (int)row[cm];
        }
        if (row[cdth] != 0) {
            const double eta = (tl > 0) == (row[cdth] > 0) ? e1 : e2;         /* eq. 17 */
            const double res = eta * (tau_m - J * ddth) - tl;                 /* eq. 22 */
            if (fabs(res) > CARRIAGE_RESID * (fabs(tau_m) + fabs(tl)))
                fail_msg("eq. 22 residual %g at F = %g", res, F);
        }
    }
    assert_int_equal(rc, FRIC_SCENARIO_DONE);
    free(st);
    return F_move;
}

static void test_carriage_switching_force(void **state)
{
    (void)state;
    const double taus[] = { 0.5, 1, 2 }, masses[] = { 5, 10 };
    for (size_t e = 0; e < sizeof CARRIAGE_EFF / sizeof CARRIAGE_EFF[0]; e++)
        for (size_t a = 0; a < 3; a++)
            for (size_t b = 0; b < 2; b++) {
                const double tm = taus[a], mL = masses[b], mc = 20, l = 0.01;
                const carriage_eff *ef = &CARRIAGE_EFF[e];
                const double Fb = (mc + mL) * tm * ef->e2s / (mL * l),
                             Fd = (mc + mL) * tm * ef->e1s / (mL * l);
                int mode;
                /* one step of the sweep: 100 N/s · 1 ms */
                double F = carriage_breakaway(tm, mL, 100, ef, &mode);
                if (!(fabs(F - Fb) <= 0.1 + 1e-9 * Fb) || mode != -1)
                    fail_msg("eta2s=%g, tau_m %g, mL %g: moved at F = %g (mode %d), closed form "
                             "F_back = %g", ef->s2, tm, mL, F, mode, Fb);
                F = carriage_breakaway(tm, mL, -100, ef, &mode);
                if (!(fabs(F - Fd) <= 0.1 + 1e-9 * Fd) || mode != 1)
                    fail_msg("eta1s=%g, tau_m %g, mL %g: moved at F = %g (mode %d), closed form "
                             "F_drive = %g", ef->s1, tm, mL, F, mode, Fd);
            }
}

/* At rest inside the band of eq. 26 under a constant force the screw stays
 * held for all time (eq. 28: θ̈ = 0), the carriage and load accelerating
 * together, z̈ = F/(mc + mL) − g, under τ_l = mL·l·F/(mc + mL) (eq. 27);
 * just outside the band (1e-6 relative) it breaks away at t = 0, driving
 * below F_drive and backdriving above F_back. Both switching modes. */
static void test_carriage_held_in_band(void **state)
{
    (void)state;
    const fric_scenario *sc = find("carriage-screw");
    const double mc = 20, l = 0.01, g = 9.81, e1s = 0.6, e2s = 2.2;
    const double taus[] = { 0.5, 1, 2 }, masses[] = { 5, 10 };
    const char *sw[] = { "fixed", "events" };
    void *st = malloc(sc->state_bytes);
    double p[FRIC_SCENARIO_MAX_PARAMS], row[FRIC_SCENARIO_MAX_COLS];
    const char *why = NULL;
    for (int w = 0; w < 2; w++)
        for (size_t a = 0; a < 3; a++)
            for (size_t b = 0; b < 2; b++) {
                const double tm = taus[a], mL = masses[b];
                const double Fd = (mc + mL) * tm * e1s / (mL * l), Fb = (mc + mL) * tm * e2s / (mL * l);
                const double Fs[] = { Fd * (1 - 1e-6), Fd * (1 + 1e-6), 0.5 * (Fd + Fb),
                                      Fb * (1 - 1e-6), Fb * (1 + 1e-6) };
                const int modes[] = { 1, 0, 0, 0, -1 };
                for (int kf = 0; kf < 5; kf++) {
                    fric_scenario_defaults(sc, p);
                    set(sc, p, "switching", sw[w]);
                    setd(sc, p, "tau_m", tm);
                    setd(sc, p, "mL", mL);
                    setd(sc, p, "F0", Fs[kf]);
                    set(sc, p, "F_rate", "0");
                    set(sc, p, "dtheta0", "0");
                    set(sc, p, "duration", modes[kf] ? "0.01" : "3");
                    assert_int_equal(fric_scenario_init(sc, st, p, &why), 0);
                    const double ddz = Fs[kf] / (mc + mL) - g, tl = mL * l * Fs[kf] / (mc + mL);
                    int rc, rows = 0;
                    while ((rc = fric_scenario_step(sc, st, row, &why)) == FRIC_SCENARIO_ROW) {
                        rows++;
                        if (modes[kf]) {
                            if (!((int)row[col(sc, "mode")] == modes[kf] && row[col(sc, "held")] == 0))
                                fail_msg("%s tau_m %g mL %g F %.9g: mode %g held %g at t = %g, "
                                         "expected a breakaway with mode %d", sw[w], tm, mL, Fs[kf],
                                         row[col(sc, "mode")], row[col(sc, "held")], row[0], modes[kf]);
                            continue;
                        }
                        if (!(row[col(sc, "held")] == 1 && row[col(sc, "dtheta")] == 0 &&
                              row[col(sc, "ddtheta")] == 0 && row[col(sc, "breakaways")] == 0))
                            fail_msg("%s tau_m %g mL %g F %.9g: not held at t = %g", sw[w], tm, mL,
                                     Fs[kf], row[0]);
                        assert_true(fabs(row[col(sc, "ddz")] - ddz) <= 1e-12 * (fabs(ddz) + g));
                        assert_true(fabs(row[col(sc, "tau_l")] - tl) <= 1e-12 * tl);
                    }
                    assert_int_equal(rc, FRIC_SCENARIO_DONE);
                    assert_true(rows > (modes[kf] ? 10 : 3000));
                }
            }
    free(st);
}

FRIC_TEST_MAIN(cmocka_unit_test(test_map_counts_and_determinant_test),
               cmocka_unit_test(test_map_flip_closed_form),
               cmocka_unit_test(test_map_bad_input),
               cmocka_unit_test(test_selflock_counts),
               cmocka_unit_test(test_carriage_switching_force),
               cmocka_unit_test(test_carriage_held_in_band))
