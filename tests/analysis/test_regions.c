/*
 * test_regions.c: the exact drive/backdrive diagrams of fric_regions.h
 * against an independent brute-force classifier and closed forms.
 *
 * Reference (written here from the papers, sharing no code with core/):
 *   budget  Duclusaud & Passault eqs. 3, 5-9 as the BAM reference code
 *           evaluates them (data/bam/README.md): K_v·|θ̇|, load |τe − τm|,
 *           M5/M6 |K_m·τm − K_e·τe| + s·|K_ms·τm − K_es·τe|, M6's Q only
 *           when τm·τe < 0, K_eq·τe² if |τm| > |τe|, K_mq·τm² if |τm| < |τe|.
 *           Screw (Dupont eqs. 17, 19, 29): τ_c + b_v·|θ̇| + k·|τ_l|,
 *           τ_l = −τe, k = 1/η1 − 1 when the motion σ has σ·τ_l > 0 and
 *           1 − 1/η2 otherwise; static η at θ̇ = 0.
 *   region  static iff |τm + τe| <= b_σ; else drive iff (τm + τe)·τm > 0;
 *           else backdrive (Duclusaud §II-C).
 *
 * Closed forms derived by hand (τm > 0; the other sign by symmetry):
 *   M1      static iff |τm + τe| <= K_c + K_v·|θ̇|: edges −τm ± b.
 *   M3      upper (drive) edge τe = (K_c − (1 − K_l)·τm)/(1 + K_l), lower
 *           (backdrive) τe = −(K_c + (1 + K_l)·τm)/(1 − K_l), while both
 *           lie in τe < τm (K_l < 1): the fan of Duclusaud Figs. 3-4.
 *   screw   upper τe = η1·(τ_c − τm), lower τe = −η2·(τ_c + τm)
 *           (static η at rest): eq. 20 solved for τe = −τ_l.
 *   M5 = screw: with K_c = τ_c = 0, K_e + K_m/η1 = 1/η1 − 1 and
 *           K_e + K_m/η2 = 1 − 1/η2 make M5's edges Dupont's efficiencies.
 */
#include "test_main.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fric_regions.h"

/* A boundary point is a root of b − |net|, which the solver computes in
 * double from coefficients that are sums of a few products, and merges
 * with a cut line when within 2^-44 (relative) of it; with slopes of g
 * below ~4 the residual stays under ~1e-12 of the torque scale, while a
 * misplaced boundary would leave a residual of the grid step (~1e-2). */
#define RESID_REL 1e-12

/* Grid points this close (relative) to a computed boundary are not
 * compared: there the two classifiers may round differently. */
#define EDGE_SKIP_REL 1e-9

/* Closed-form edges: a few roundings of torques of size <= 100 N·m. */
#define CLOSED_REL 1e-12

/* Polylines through exact corners are exact for M1-M5 and the screw;
 * interpolation adds a few roundings. */
#define POLY_REL 1e-10

/* ----------------------------------------------------------- reference */

static double ref_budget(const fric_regions_law *L, int sigma, double dth, double tm, double te)
{
    if (L->kind == FRIC_REGIONS_SCREW) {
        const fric_screw *e = &L->screw;
        double tl = -te;
        int driving = sigma * tl > 0;
        double eta = driving ? (dth == 0 ? e->eta1s : e->eta1) : (dth == 0 ? e->eta2s : e->eta2);
        double k = driving ? 1 / eta - 1 : 1 - 1 / eta;
        return e->tau_c + e->b_v * fabs(dth) + k * fabs(tl);
    }
    const fric_servo_friction *p = &L->servo;
    int strib = p->model == 2 || p->model >= 4;
    double s = strib ? exp(-pow(fabs(dth) / p->dtheta_s, p->alpha)) : 0;
    double load = fabs(tm - te), b = 0;
    switch (p->model) {
    case 1: b = p->K_c; break;
    case 2: b = p->K_c + s * p->K_cs; break;
    case 3: b = p->K_c + p->K_l * load; break;
    case 4: b = p->K_c + p->K_l * load + s * (p->K_cs + p->K_ls * load); break;
    default: {
        double Q = 0;
        if (p->model == 6 && tm * te < 0) {
            if (fabs(tm) > fabs(te)) Q = p->K_eq * te * te;
            else if (fabs(tm) < fabs(te)) Q = p->K_mq * tm * tm;
        }
        b = p->K_c + fabs(p->K_m * tm - p->K_e * te)
          + s * (p->K_cs + fabs(p->K_ms * tm - p->K_es * te) + Q);
    }
    }
    return b + p->K_v * fabs(dth);
}

static int ref_region(const fric_regions_law *L, double dth, double tm, double te)
{
    double net = tm + te;
    int sigma = net < 0 ? -1 : 1;
    if (fabs(net) <= ref_budget(L, sigma, dth, tm, te)) return FRIC_REGION_STATIC;
    return net * tm > 0 ? FRIC_REGION_DRIVE : FRIC_REGION_BACKDRIVE;
}

/* |b − |net||, the defining equality at a boundary point, and its scale. */
static double resid(const fric_regions_law *L, double dth, double tm, double te, int sigma,
                    double *scale)
{
    double b = ref_budget(L, sigma, dth, tm, te);
    *scale = 1 + b + 4 * (fabs(tm) + fabs(te));
    return fabs(b - fabs(tm + te));
}

/* ------------------------------------------------------------- laws */

static uint64_t rng = 0x9E3779B97F4A7C15u;
static double urand(double lo, double hi)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return lo + (hi - lo) * (double)(rng >> 11) / 9007199254740992.0;
}

static fric_regions_law servo(int model)
{
    fric_regions_law L;
    memset(&L, 0, sizeof L);
    L.kind = FRIC_REGIONS_SERVO;
    L.servo.model = model;
    L.servo.dtheta_s = 1;
    L.servo.alpha = 1;
    return L;
}

/* eRob80:100 identification (data/bam/params/erob80_100/m<k>.json), the
 * parameters of Duclusaud Fig. 4. */
static fric_regions_law erob(int model)
{
    fric_regions_law L = servo(model);
    fric_servo_friction *p = &L.servo;
    switch (model) {
    case 1: p->K_c = 5.610965892410754; p->K_v = 8.392324354671375; break;
    case 2: p->K_c = 1.4462862541212224e-10; p->K_cs = 5.455188967669691;
            p->dtheta_s = 2.079758511184917; p->alpha = 2.99999673058633;
            p->K_v = 9.570659122263434; break;
    case 3: p->K_c = 4.83228100668814; p->K_l = 0.14798087840990956;
            p->K_v = 7.395263062846597; break;
    case 4: p->K_c = 0.0001250620234780261; p->K_cs = 4.381669778040507;
            p->K_l = 2.126815651171455e-06; p->K_ls = 0.1661425164008433;
            p->dtheta_s = 1.977086206494623; p->alpha = 2.9999261411563274;
            p->K_v = 9.02901791728356; break;
    case 5: p->K_c = 0.0008544416565456324; p->K_cs = 3.8971701985820273;
            p->K_m = 0.0014386633405137944; p->K_e = 3.392293448680981e-06;
            p->K_ms = 7.95025355007889e-05; p->K_es = 0.2544739333707678;
            p->dtheta_s = 1.8499219470996635; p->alpha = 2.999117024168752;
            p->K_v = 8.888393828048388; break;
    default: p->K_c = 0.0004779665335836211; p->K_cs = 5.2264235087217585;
            p->K_m = 0.048887727723564756; p->K_e = 7.626323416955297e-08;
            p->K_ms = 8.823275901433639e-06; p->K_es = 0.05116664604344119;
            p->K_mq = 0.0027029166135035076; p->K_eq = 0.002556257557735874;
            p->dtheta_s = 2.0330344391978556; p->alpha = 2.9999247237894795;
            p->K_v = 9.709332392870175; break;
    }
    return L;
}

/* MX-106 M6 (data/bam/params/mx106/m6.json): large K_m, K_ms. */
static fric_regions_law mx106_m6(void)
{
    fric_regions_law L = servo(6);
    fric_servo_friction *p = &L.servo;
    p->K_c = 1.0232526438525893e-05; p->K_cs = 0.12195409579603411;
    p->K_m = 0.19800553725822115; p->K_e = 0.022215529897348624;
    p->K_ms = 0.19859970173941574; p->K_es = 0.08710328264676681;
    p->K_mq = 0.009999930103371748; p->K_eq = 7.326919843140997e-05;
    p->dtheta_s = 1.7463251741328727; p->alpha = 1.142827788004191;
    p->K_v = 0.05071566473605552;
    return L;
}

/* Random coefficients; big = 1 lets them reach the degenerate range (>= 1). */
static fric_regions_law random_servo(int model, int big)
{
    fric_regions_law L = servo(model);
    fric_servo_friction *p = &L.servo;
    double kmax = big ? 1.6 : 0.6;
    p->K_c = urand(0, 3);
    p->K_cs = urand(0, 3);
    p->K_l = urand(0, kmax);
    p->K_ls = urand(0, kmax);
    p->K_m = urand(0, kmax);
    p->K_e = urand(0, kmax);
    p->K_ms = urand(0, kmax);
    p->K_es = urand(0, kmax);
    p->K_mq = urand(0, big ? 0.3 : 0.05);
    p->K_eq = urand(0, big ? 0.3 : 0.05);
    p->dtheta_s = urand(0.2, 3);
    p->alpha = urand(0.5, 3);
    p->K_v = urand(0, 2);
    return L;
}

static fric_regions_law screw(double eta1, double eta2, double eta1s, double eta2s,
                              double tau_c, double b_v)
{
    fric_regions_law L;
    memset(&L, 0, sizeof L);
    L.kind = FRIC_REGIONS_SCREW;
    L.screw = (fric_screw){ eta1, eta2, eta1s, eta2s, tau_c, b_v };
    return L;
}

/* ------------------------------------------------- the brute-force check */

typedef struct { long points, compared, spans, boundaries; } tally;

/* At tau_m: every grid point of τe ∈ [−W, W] (away from boundaries) has the
 * reference's region, every span's interior point too, and every boundary
 * satisfies b = |τm + τe|. */
static void check_line(const fric_regions_law *L, double dth, double tm, double W, int ngrid,
                       tally *t)
{
    fric_region_span sp[FRIC_REGIONS_MAX_SPANS];
    int n;
    const char *why;
    assert_int_equal(fric_regions_spans(L, dth, tm, sp, FRIC_REGIONS_MAX_SPANS, &n, &why), 0);
    assert_true(n >= 1);
    assert_true(isinf(sp[0].lo) && sp[0].lo < 0 && isinf(sp[n - 1].hi) && sp[n - 1].hi > 0);
    for (int i = 0; i < n; i++) {
        assert_true(sp[i].lo <= sp[i].hi);
        if (i > 0) {
            assert_true(sp[i].lo == sp[i - 1].hi);
            assert_int_not_equal(sp[i].region, sp[i - 1].region);
        }
        /* an interior point of the span */
        double a = sp[i].lo, b = sp[i].hi, m;
        if (isinf(a) && isinf(b)) m = 0;
        else if (isinf(a)) m = b - fmax(1, 2 * fabs(b));
        else if (isinf(b)) m = a + fmax(1, 2 * fabs(a));
        else m = a / 2 + b / 2;
        if (b - a > EDGE_SKIP_REL * (1 + fabs(m)) || isinf(b - a)) {
            if (ref_region(L, dth, tm, m) != sp[i].region)
                fail_msg("model %d dth %g tm %.17g: span [%.17g, %.17g] %s, reference at %.17g "
                         "says %s", L->kind == FRIC_REGIONS_SCREW ? 0 : L->servo.model, dth, tm,
                         a, b, fric_region_name(sp[i].region), m,
                         fric_region_name(ref_region(L, dth, tm, m)));
        }
        /* the boundary at its upper end: b_σ = |τm + τe|, σ the side of
         * the net torque there (it only changes sign inside a static span) */
        if (i + 1 < n) {
            double te = sp[i].hi, scale;
            double r = resid(L, dth, tm, te, tm + te < 0 ? -1 : 1, &scale);
            if (!(r <= RESID_REL * scale))
                fail_msg("model %d dth %g tm %.17g: boundary te = %.17g has |b - |net|| = %g "
                         "(scale %g)", L->kind == FRIC_REGIONS_SCREW ? 0 : L->servo.model, dth,
                         tm, te, r, scale);
            t->boundaries++;
        }
    }
    t->spans += n;
    int j = 0;
    for (int g = 0; g < ngrid; g++) {
        double te = -W + 2 * W * g / (ngrid - 1);
        while (j + 1 < n && sp[j].hi < te) j++;
        /* distance to the nearest boundary */
        double d = INFINITY;
        if (isfinite(sp[j].lo)) d = fmin(d, te - sp[j].lo);
        if (isfinite(sp[j].hi)) d = fmin(d, sp[j].hi - te);
        t->points++;
        if (d <= EDGE_SKIP_REL * (1 + fabs(te))) continue;
        int ref = ref_region(L, dth, tm, te);
        if (ref != sp[j].region)
            fail_msg("model %d dth %g tm %.17g te %.17g: span says %s, reference %s",
                     L->kind == FRIC_REGIONS_SCREW ? 0 : L->servo.model, dth, tm, te,
                     fric_region_name(sp[j].region), fric_region_name(ref));
        t->compared++;
    }
}

static void check_law(const fric_regions_law *L, double T, int nm, int ngrid, tally *t)
{
    static const double vel[] = { 0, 0.7, -2.5 };
    for (unsigned v = 0; v < sizeof vel / sizeof vel[0]; v++)
        for (int i = 0; i < nm; i++) {
            double tm = -T + 2 * T * i / (nm - 1);
            check_line(L, vel[v], tm, 3 * T, ngrid, t);
        }
}

/* All six models, preset and random coefficients, with and without the
 * viscous term, at three velocities. */
static void test_spans_match_brute_force(void **state)
{
    (void)state;
    tally t = { 0, 0, 0, 0 };
    for (int model = 1; model <= 6; model++) {
        fric_regions_law set[16];
        int ns = 0;
        set[ns++] = erob(model);
        for (int r = 0; r < 10; r++) set[ns++] = random_servo(model, 0);
        for (int r = 0; r < 4; r++) set[ns++] = random_servo(model, 1);
        if (model == 6) set[ns++] = mx106_m6();
        for (int s = 0; s < ns; s++)
            for (int visc = 0; visc <= 1; visc++) {
                fric_regions_law L = set[s];
                if (!visc) L.servo.K_v = 0;
                double T = L.servo.K_c + L.servo.K_cs > 3 ? 60 : 20;
                check_law(&L, T, 21, 2401, &t);
            }
    }
    print_message("servo: %ld spans, %ld boundaries, %ld of %ld grid points compared\n",
                  t.spans, t.boundaries, t.compared, t.points);
    assert_true(t.compared > t.points * 99 / 100);
}

static void test_screw_spans_match_brute_force(void **state)
{
    (void)state;
    tally t = { 0, 0, 0, 0 };
    fric_regions_law set[] = {
        screw(0.663, 1.91, 0.663, 1.91, 0, 0),          /* Dupont Fig. 5 */
        screw(0.663, 1.91, 0.55, 2.4, 2, 0),            /* stiction, Coulomb part */
        screw(0.67, 2.0, 0.6, 2.2, 5, 3),               /* FMR eq. 39, q̇ > 0, viscous */
        screw(1, 1, 1, 1, 0, 0),                        /* frictionless: static only at net 0 */
        screw(0.2, 50, 0.1, 100, 1, 0),                 /* nearly self-locking */
    };
    for (unsigned s = 0; s < sizeof set / sizeof set[0]; s++) check_law(&set[s], 30, 17, 1201, &t);
    print_message("screw: %ld spans, %ld boundaries, %ld of %ld grid points compared\n",
                  t.spans, t.boundaries, t.compared, t.points);
    assert_true(t.compared > t.points * 99 / 100);
}

/* The point classifier is the definition. */
static void test_classifier_is_the_definition(void **state)
{
    (void)state;
    long n = 0, skipped = 0;
    for (int model = 1; model <= 6; model++)
        for (int r = 0; r < 20; r++) {
            fric_regions_law L = random_servo(model, r & 1);
            for (int k = 0; k < 2000; k++) {
                double dth = k % 3 == 0 ? 0 : urand(-3, 3);
                double tm = urand(-30, 30), te = urand(-30, 30), scale;
                double res = resid(&L, dth, tm, te, tm + te < 0 ? -1 : 1, &scale);
                if (res <= 1e-12 * scale) { skipped++; continue; }
                assert_int_equal(fric_regions_classify(&L, dth, tm, te), ref_region(&L, dth, tm, te));
                n++;
            }
        }
    fric_regions_law S = screw(0.663, 1.91, 0.6, 2.1, 1, 0.5);
    for (int k = 0; k < 20000; k++) {
        double dth = k % 2 ? 0 : urand(-3, 3), tm = urand(-30, 30), te = urand(-30, 30), scale;
        double res = resid(&S, dth, tm, te, tm + te < 0 ? -1 : 1, &scale);
        if (res <= 1e-12 * scale) { skipped++; continue; }
        assert_int_equal(fric_regions_classify(&S, dth, tm, te), ref_region(&S, dth, tm, te));
        n++;
    }
    print_message("%ld points compared, %ld on a boundary skipped\n", n, skipped);
    /* no net torque: always static; the budget is never negative */
    fric_regions_law L = erob(6);
    for (double tm = -50; tm <= 50; tm += 0.5)
        assert_int_equal(fric_regions_classify(&L, 1.5, tm, -tm), FRIC_REGION_STATIC);
}

/* --------------------------------------------------------- closed forms */

static void expect_edges(const fric_regions_law *L, double dth, double tm, double lo, double hi)
{
    double a, b;
    int rlo, rhi;
    const char *why;
    assert_int_equal(fric_regions_static_edges(L, dth, tm, &a, &b, &rlo, &rhi, &why), 0);
    double tol = CLOSED_REL * (1 + fabs(tm) + fabs(lo) + fabs(hi));
    if (!(fabs(a - lo) <= tol && fabs(b - hi) <= tol))
        fail_msg("tm %g dth %g: edges [%.17g, %.17g], closed form [%.17g, %.17g]", tm, dth, a, b,
                 lo, hi);
    /* the moving region beyond each edge: drive on the side of τm */
    assert_int_equal(rhi, tm > 0 ? FRIC_REGION_DRIVE : FRIC_REGION_BACKDRIVE);
    assert_int_equal(rlo, tm < 0 ? FRIC_REGION_DRIVE : FRIC_REGION_BACKDRIVE);
}

static void test_m1_band(void **state)
{
    (void)state;
    fric_regions_law L = erob(1);            /* Duclusaud Fig. 2 shape, Fig. 4 M1 */
    for (double dth = 0; dth <= 2; dth += 1) {
        double b = L.servo.K_c + L.servo.K_v * dth;
        for (double tm = -40; tm <= 40; tm += 2.5) expect_edges(&L, dth, tm, -tm - b, -tm + b);
    }
}

static void test_m3_fan(void **state)
{
    (void)state;
    fric_regions_law L = erob(3);
    const double Kc = L.servo.K_c, Kl = L.servo.K_l;
    for (double tm = 5; tm <= 60; tm += 5) {     /* both edges in τe < τm */
        double hi = (Kc - (1 - Kl) * tm) / (1 + Kl), lo = -(Kc + (1 + Kl) * tm) / (1 - Kl);
        expect_edges(&L, 0, tm, lo, hi);
        expect_edges(&L, 0, -tm, -hi, -lo);      /* odd symmetry */
    }
    /* the fan: drive edge slope −(1 − K_l)/(1 + K_l), backdrive −(1 + K_l)/(1 − K_l) */
    double a0, b0, a1, b1;
    assert_int_equal(fric_regions_static_edges(&L, 0, 40, &a0, &b0, NULL, NULL, NULL), 0);
    assert_int_equal(fric_regions_static_edges(&L, 0, 50, &a1, &b1, NULL, NULL, NULL), 0);
    assert_true(fabs((b1 - b0) / 10 + (1 - Kl) / (1 + Kl)) < 1e-12);
    assert_true(fabs((a1 - a0) / 10 + (1 + Kl) / (1 - Kl)) < 1e-12);
}

static void test_screw_dead_band(void **state)
{
    (void)state;
    const double e1 = 0.663, e2 = 1.91, e1s = 0.6, e2s = 2.2, tc = 3, bv = 0.5;
    fric_regions_law L = screw(e1, e2, e1s, e2s, tc, bv);
    for (double tm = 4; tm <= 60; tm += 4) {
        /* at rest: static efficiencies (eq. 19); moving: kinetic and b_v|θ̇| */
        expect_edges(&L, 0, tm, -e2s * (tc + tm), e1s * (tc - tm));
        expect_edges(&L, 0, -tm, -e1s * (tc - tm), e2s * (tc + tm));
        double c = tc + bv * 2;
        expect_edges(&L, 2, tm, -e2 * (c + tm), e1 * (c - tm));
    }
    /* τ_c = 0: exactly eq. 20 read as τe = −τ_l: τ_l ∈ [η1s·τa, η2s·τa] */
    fric_regions_law D = screw(0.663, 1.91, 0.663, 1.91, 0, 0);
    for (double tm = 10; tm <= 750; tm *= 2) expect_edges(&D, 0, tm, -1.91 * tm, -0.663 * tm);
}

/* Dupont's screw is Duclusaud's M5 with K_e + K_m/η1 = 1/η1 − 1 and
 * K_e + K_m/η2 = 1 − 1/η2 (no constant friction): same regions. */
static void test_screw_is_m5(void **state)
{
    (void)state;
    const double e1 = 0.663, e2 = 1.91;
    double Km = (1 / e1 + 1 / e2 - 2) / (1 / e1 - 1 / e2), Ke = 1 / e1 - 1 - Km / e1;
    fric_regions_law S = screw(e1, e2, e1, e2, 0, 0), M = servo(5);
    M.servo.K_m = Km;
    M.servo.K_e = Ke;
    for (double tm = -50; tm <= 50; tm += 5) {
        double a0, b0, a1, b1;
        assert_int_equal(fric_regions_static_edges(&S, 0, tm, &a0, &b0, NULL, NULL, NULL), 0);
        assert_int_equal(fric_regions_static_edges(&M, 0, tm, &a1, &b1, NULL, NULL, NULL), 0);
        assert_true(fabs(a0 - a1) <= CLOSED_REL * (1 + fabs(a0)));
        assert_true(fabs(b0 - b1) <= CLOSED_REL * (1 + fabs(b0)));
    }
}

/* ----------------------------------------------------- degenerate cases */

static void test_degenerate(void **state)
{
    (void)state;
    fric_region_span sp[FRIC_REGIONS_MAX_SPANS];
    int n;
    const char *why;
    double lo, hi;
    /* K_l >= 1: friction grows as fast as the net torque: static to infinity */
    fric_regions_law L = servo(3);
    L.servo.K_c = 1;
    L.servo.K_l = 1;
    assert_int_equal(fric_regions_static_edges(&L, 0, 10, &lo, &hi, NULL, NULL, &why), 0);
    /* τm = 10: for τe > τm, g = 1 + (τe − 10) − (τe + 10) = −19 < 0; for
     * τe < −τm, g = 1 + (10 − τe) + (τe + 10) = 21 >= 0: unbounded below */
    assert_true(isinf(lo) && lo < 0);
    assert_true(fabs(hi - 0.5) < 1e-12);          /* 1 + (10 − τe) = τe + 10 → τe = 0.5 */
    /* K_l = 1.5: g = 6 − 2.5·τe on (−10, 10), 0.5·τe − 24 above 10: static
     * (−∞, 2.4], drive (2.4, 48), static again [48, ∞) */
    L.servo.K_l = 1.5;
    assert_int_equal(fric_regions_spans(&L, 0, 10, sp, FRIC_REGIONS_MAX_SPANS, &n, &why), 0);
    assert_int_equal(n, 3);
    assert_int_equal(sp[0].region, FRIC_REGION_STATIC);
    assert_int_equal(sp[1].region, FRIC_REGION_DRIVE);
    assert_int_equal(sp[2].region, FRIC_REGION_STATIC);
    assert_true(fabs(sp[1].lo - 2.4) < 1e-12 && fabs(sp[1].hi - 48) < 1e-12 * 48);
    /* a zero budget: only τe = −τm is static, a zero-width span */
    fric_regions_law Z = servo(1);
    assert_int_equal(fric_regions_spans(&Z, 0, 7, sp, FRIC_REGIONS_MAX_SPANS, &n, &why), 0);
    assert_int_equal(n, 3);
    assert_int_equal(sp[1].region, FRIC_REGION_STATIC);
    assert_true(sp[1].lo == -7 && sp[1].hi == -7);
    assert_int_equal(sp[0].region, FRIC_REGION_BACKDRIVE);
    assert_int_equal(sp[2].region, FRIC_REGION_DRIVE);
    /* M5 with K_e >= 1: below τe = −τm, g = 4.5 + 10 − 0.2·τe > 0: unbounded */
    fric_regions_law M = servo(5);
    M.servo.K_c = 0.5;
    M.servo.K_e = 1.2;
    M.servo.K_m = 0.4;
    assert_int_equal(fric_regions_static_edges(&M, 0, 10, &lo, &hi, NULL, NULL, &why), 0);
    assert_true(isinf(lo));
    /* a fast velocity switches the Stribeck part off (s underflows to 0) */
    fric_regions_law S = erob(2);
    assert_int_equal(fric_regions_static_edges(&S, 1e6, 3, &lo, &hi, NULL, NULL, &why), 0);
    double b = S.servo.K_c + S.servo.K_v * 1e6;
    assert_true(fabs(hi - (-3 + b)) <= 1e-12 * b && fabs(lo - (-3 - b)) <= 1e-12 * b);
    /* M6's budget jumps across τe = −τm when K_eq ≠ K_mq: τm = 10, K_c = 1,
     * K_mq = 0.5: below −10 (|τe| > |τm|) b = 1 + 0.5·100 = 51, static down
     * to τe = −61; above (|τe| < |τm|, K_eq = 0) b = 1, static up to −9 */
    fric_regions_law Q = servo(6);
    Q.servo.K_c = 1;
    Q.servo.K_mq = 0.5;
    assert_int_equal(fric_regions_spans(&Q, 0, 10, sp, FRIC_REGIONS_MAX_SPANS, &n, &why), 0);
    assert_int_equal(n, 3);
    assert_int_equal(sp[1].region, FRIC_REGION_STATIC);
    assert_true(fabs(sp[1].lo + 61) < 1e-12 * 61 && fabs(sp[1].hi + 9) < 1e-12 * 9);
}

static void test_bad_input(void **state)
{
    (void)state;
    fric_region_span sp[FRIC_REGIONS_MAX_SPANS];
    int n;
    const char *why = NULL;
    double lo, hi;
    fric_regions_law L = erob(4);
    L.servo.model = 7;
    assert_int_equal(fric_regions_spans(&L, 0, 1, sp, FRIC_REGIONS_MAX_SPANS, &n, &why), 1);
    assert_non_null(strstr(why, "model = 7"));
    assert_int_equal(fric_regions_classify(&L, 0, 1, 1), FRIC_REGION_INVALID);
    L = erob(4);
    L.servo.K_ls = NAN;
    assert_int_equal(fric_regions_static_edges(&L, 0, 1, &lo, &hi, NULL, NULL, &why), 1);
    assert_non_null(strstr(why, "K_ls"));
    assert_true(isnan(lo) && isnan(hi));
    L = erob(4);
    assert_int_equal(fric_regions_spans(&L, NAN, 1, sp, FRIC_REGIONS_MAX_SPANS, &n, &why), 1);
    assert_non_null(strstr(why, "dtheta"));
    assert_int_equal(fric_regions_spans(&L, 0, INFINITY, sp, FRIC_REGIONS_MAX_SPANS, &n, &why), 1);
    assert_non_null(strstr(why, "tau_m"));
    assert_int_equal(fric_regions_spans(&L, 0, 1, sp, 1, &n, &why), 1);
    assert_non_null(strstr(why, "cap = 1"));
    assert_int_equal(fric_regions_classify(&L, 0, NAN, 1), FRIC_REGION_INVALID);
    assert_int_equal(fric_regions_classify(NULL, 0, 1, 1), FRIC_REGION_INVALID);
    fric_regions_law S = screw(1.2, 1.91, 0.6, 2, 0, 0);
    assert_int_equal(fric_regions_check(&S, 0, &why), 1);
    assert_non_null(strstr(why, "eta1 = 1.2"));
    S = screw(0.6, INFINITY, 0.6, INFINITY, 0, 0);
    assert_int_equal(fric_regions_check(&S, 0, &why), 1);
    assert_non_null(strstr(why, "self-locking"));
    S.kind = (fric_regions_kind)5;
    assert_int_equal(fric_regions_check(&S, 0, &why), 1);
    assert_non_null(strstr(why, "kind = 5"));
    double tm[4], te[4];
    L = erob(1);
    assert_int_equal(fric_regions_corners(&L, 0, -1, tm, te, 4, &n, &why), 1);
    assert_non_null(strstr(why, "max_torque"));
    assert_int_equal(fric_regions_polyline(&L, 0, 10, 1, tm, te, te, 4, &n, &why), 1);
    assert_non_null(strstr(why, "n = 1"));
    assert_int_equal(fric_regions_on_ray(&L, 0, 0, 0, sp, FRIC_REGIONS_MAX_SPANS, &n, &why), 1);
    assert_non_null(strstr(why, "direction"));
    size_t len;
    double v = NAN;
    assert_int_equal(fric_regions_csv(&L, &v, 1, 10, 11, NULL, 0, &len, &why), 1);
    assert_non_null(strstr(why, "dtheta"));
    assert_int_equal(len, 0);
}

/* ------------------------------------------------------ rays, corners */

static void test_rays_and_corners(void **state)
{
    (void)state;
    fric_regions_law set[] = { erob(1), erob(3), erob(4), erob(5), erob(6), mx106_m6(),
                               random_servo(5, 0), random_servo(6, 1),
                               screw(0.663, 1.91, 0.6, 2.1, 2, 0) };
    for (unsigned s = 0; s < sizeof set / sizeof set[0]; s++) {
        const fric_regions_law *L = &set[s];
        const double T = 40;
        /* along rays: boundaries satisfy the equality; interiors match */
        for (int k = 0; k < 360; k++) {
            double ang = 2 * 3.14159265358979323846 * k / 360 + 0.001, cm = cos(ang), ce = sin(ang);
            fric_region_span sp[FRIC_REGIONS_MAX_SPANS];
            int n;
            const char *why;
            assert_int_equal(fric_regions_on_ray(L, 0.5, cm, ce, sp, FRIC_REGIONS_MAX_SPANS, &n,
                                                 &why), 0);
            assert_true(sp[0].lo == 0 && isinf(sp[n - 1].hi));
            int statics = 0;
            for (int i = 0; i < n; i++) {
                statics += sp[i].region == FRIC_REGION_STATIC && sp[i].hi > sp[i].lo;
                double m = isinf(sp[i].hi) ? sp[i].lo + fmax(1, sp[i].lo) : (sp[i].lo + sp[i].hi) / 2;
                if (sp[i].hi - sp[i].lo > 1e-9)
                    assert_int_equal(ref_region(L, 0.5, m * cm, m * ce), sp[i].region);
                if (i + 1 < n) {
                    double r = sp[i].hi, scale;
                    int sigma = r * (cm + ce) >= 0 ? 1 : -1;
                    assert_true(resid(L, 0.5, r * cm, r * ce, sigma, &scale) <= RESID_REL * scale);
                }
            }
            assert_true(statics <= 2);         /* [0, r1] ∪ [r2, ∞) at most */
        }
        /* corners lie on a boundary */
        double cm[FRIC_REGIONS_MAX_CORNERS], ce[FRIC_REGIONS_MAX_CORNERS];
        int nc;
        const char *why;
        assert_int_equal(fric_regions_corners(L, 0.5, T, cm, ce, FRIC_REGIONS_MAX_CORNERS, &nc,
                                              &why), 0);
        assert_true(nc >= 2);
        for (int i = 0; i < nc; i++) {
            double scale;
            assert_true(fabs(cm[i]) <= T && fabs(ce[i]) <= T);
            double r0 = resid(L, 0.5, cm[i], ce[i], 1, &scale);
            double r1 = resid(L, 0.5, cm[i], ce[i], -1, &scale);
            assert_true(fmin(r0, r1) <= RESID_REL * scale);
        }
    }
}

/* Linear interpolation between the polyline's samples is the exact
 * boundary for M1-M5 and the screw (corners included); M6 converges. */
static void test_polyline_exact(void **state)
{
    (void)state;
    fric_regions_law set[] = { erob(1), erob(2), erob(3), erob(4), erob(5), random_servo(5, 0),
                               random_servo(4, 0), random_servo(3, 0),
                               screw(0.663, 1.91, 0.6, 2.1, 2, 0.3) };
    enum { CAP = 5 + FRIC_REGIONS_MAX_CORNERS + 1 };
    for (unsigned s = 0; s < sizeof set / sizeof set[0]; s++) {
        const fric_regions_law *L = &set[s];
        for (double dth = 0; dth <= 2; dth += 1) {
            const double T = 50;
            double tm[CAP], lo[CAP], hi[CAP];
            int n;
            const char *why;
            assert_int_equal(fric_regions_polyline(L, dth, T, 5, tm, lo, hi, CAP, &n, &why), 0);
            assert_true(n >= 5 && tm[0] == -T && tm[n - 1] == T);
            for (int i = 1; i < n; i++) assert_true(tm[i] > tm[i - 1]);
            for (int k = 0; k < 400; k++) {
                double x = urand(-T, T), a, b;
                int i = 1;
                while (tm[i] < x) i++;
                double w = (x - tm[i - 1]) / (tm[i] - tm[i - 1]);
                assert_int_equal(fric_regions_static_edges(L, dth, x, &a, &b, NULL, NULL, NULL), 0);
                if (isfinite(lo[i - 1]) && isfinite(lo[i])) {
                    double li = lo[i - 1] + w * (lo[i] - lo[i - 1]);
                    if (!(fabs(li - a) <= POLY_REL * (T + fabs(a))))
                        fail_msg("law %u dth %g x %.17g: lower %.17g, interpolated %.17g", s, dth,
                                 x, a, li);
                }
                if (isfinite(hi[i - 1]) && isfinite(hi[i])) {
                    double hh = hi[i - 1] + w * (hi[i] - hi[i - 1]);
                    if (!(fabs(hh - b) <= POLY_REL * (T + fabs(b))))
                        fail_msg("law %u dth %g x %.17g: upper %.17g, interpolated %.17g", s, dth,
                                 x, b, hh);
                }
            }
        }
    }
    /* M6: the chord error falls like 1/n² */
    fric_regions_law L = random_servo(6, 1);
    double err[2];
    int sizes[2] = { 41, 401 };
    for (int k = 0; k < 2; k++) {
        static double tm[401 + FRIC_REGIONS_MAX_CORNERS + 1], lo[401 + FRIC_REGIONS_MAX_CORNERS + 1],
            hi[401 + FRIC_REGIONS_MAX_CORNERS + 1];
        int n;
        assert_int_equal(fric_regions_polyline(&L, 0, 30, sizes[k], tm, lo, hi,
                                               401 + FRIC_REGIONS_MAX_CORNERS + 1, &n, NULL), 0);
        err[k] = 0;
        for (int i = 1; i < n; i++) {
            double x = (tm[i - 1] + tm[i]) / 2, a, b;
            fric_regions_static_edges(&L, 0, x, &a, &b, NULL, NULL, NULL);
            if (isfinite(b) && isfinite(hi[i]) && isfinite(hi[i - 1]))
                err[k] = fmax(err[k], fabs((hi[i - 1] + hi[i]) / 2 - b));
        }
    }
    print_message("M6 chord error: n = 41: %.3g N*m, n = 401: %.3g N*m\n", err[0], err[1]);
    assert_true(err[1] <= err[0] / 50 + 1e-12);
}

/* ------------------------------------------------------------------ CSV */

static void test_csv(void **state)
{
    (void)state;
    fric_regions_law L = erob(6);
    double vel[] = { 0, 1, 2 };
    size_t len, len2;
    const char *why;
    assert_int_equal(fric_regions_csv(&L, vel, 3, 40, 81, NULL, 0, &len, &why), 0);
    char *buf = malloc(len + 1);
    assert_non_null(buf);
    assert_int_equal(fric_regions_csv(&L, vel, 3, 40, 81, buf, len + 1, &len2, &why), 0);
    assert_int_equal(len, len2);
    assert_int_equal(strlen(buf), len);
    const char *hdr = "velocity,region,boundary,piece,tau_m,tau_e\n";
    assert_memory_equal(buf, hdr, strlen(hdr));
    /* every row is a boundary point with the right labels; pieces are
     * runs of one (velocity, region, boundary) with increasing τm */
    long rows = 0, last_piece = -2;
    double last_v = NAN, last_tm = 0;
    char last_key[64] = "";
    for (char *p = buf + strlen(hdr); *p; rows++) {
        double v, tm, te;
        long piece;
        char reg[16], bnd[16];
        int used = 0;
        assert_int_equal(sscanf(p, "%lf,%15[a-z],%15[a-z],%ld,%lf,%lf\n%n", &v, reg, bnd, &piece,
                                &tm, &te, &used), 6);
        assert_true(used > 0);
        p += used;
        double scale;
        assert_true(resid(&L, v, tm, te, tm + te < 0 ? -1 : 1, &scale) <= RESID_REL * scale);
        /* beyond the point, away from the static side, the reference agrees
         * (at τm = 0 the row is the shared end of a drive and a backdrive
         * piece and carries its piece's label) */
        double step = 1e-6 * (1 + fabs(te));
        if (strcmp(bnd, "upper") == 0) {
            if (tm != 0)
                assert_string_equal(reg, fric_region_name(ref_region(&L, v, tm, te + step)));
            assert_int_equal(ref_region(&L, v, tm, te - step), FRIC_REGION_STATIC);
        } else if (strcmp(bnd, "lower") == 0) {
            if (tm != 0)
                assert_string_equal(reg, fric_region_name(ref_region(&L, v, tm, te - step)));
            assert_int_equal(ref_region(&L, v, tm, te + step), FRIC_REGION_STATIC);
        }
        char key[64];
        snprintf(key, sizeof key, "%g/%s/%s", v, reg, bnd);
        if (piece == last_piece) {
            assert_string_equal(key, last_key);
            assert_true(v == last_v && tm > last_tm);
        }
        last_piece = piece;
        last_v = v;
        last_tm = tm;
        strcpy(last_key, key);
    }
    assert_true(rows > 3 * 2 * 81);
    /* truncation: a prefix, NUL-terminated, same length reported */
    char small[40];
    assert_int_equal(fric_regions_csv(&L, vel, 3, 40, 81, small, sizeof small, &len2, &why), 0);
    assert_int_equal(len2, len);
    assert_int_equal(strlen(small), sizeof small - 1);
    assert_memory_equal(small, buf, sizeof small - 1);
    free(buf);
}

FRIC_TEST_MAIN(cmocka_unit_test(test_classifier_is_the_definition),
               cmocka_unit_test(test_spans_match_brute_force),
               cmocka_unit_test(test_screw_spans_match_brute_force),
               cmocka_unit_test(test_m1_band),
               cmocka_unit_test(test_m3_fan),
               cmocka_unit_test(test_screw_dead_band),
               cmocka_unit_test(test_screw_is_m5),
               cmocka_unit_test(test_degenerate),
               cmocka_unit_test(test_bad_input),
               cmocka_unit_test(test_rays_and_corners),
               cmocka_unit_test(test_polyline_exact),
               cmocka_unit_test(test_csv))
