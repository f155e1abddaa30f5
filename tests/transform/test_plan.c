/*
 * test_plan.c: prepared transforms (fric_plan_*) and prepared elements
 * (fric_elem_init + fric_elem_*_run).
 *
 *  1. fric_plan_phi_z equals fric_phi_z BIT FOR BIT on a dense grid for every
 *     law, including Stribeck α ≠ 1 and the extremes (±0, the band edge,
 *     ±huge, ±inf, NaN). A consistency check: fric_phi_z is the checked
 *     wrapper of the same plan; the transform's accuracy against independent
 *     references is test_phi_z.c's business.
 *  2. fric_plan_init rejects exactly what fric_law_check rejects, with the
 *     same message, over valid and invalid laws; a rejected plan gives NaN.
 *  3. fric_plan_eval: stuck = 1 exactly in the static band (y = x/Z);
 *     the slip it reports solves the defining identity s = |x| − Z·|y| to
 *     rounding (against long double); a warm-started α ≠ 1 solve agrees with
 *     the cold one to 4 ulp of y plus 4 ulp of x times the conditioning
 *     |Φ'|/(1 + Z·Φ') along a slowly varying input.
 *     3b. Consistency: fric_plan_phi_z, which skips exp and W0 where the
 *     Stribeck term rounds away, equals fric_plan_eval (never skipping).
 *  4. Prepared elements A-D reproduce the unprepared element steps bit for
 *     bit over random inputs (consistency), and report stuck exactly when the
 *     transform returned its static value.
 */
#include "test_main.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "friction.h"

static const fric_law valid_laws[] = {
    { FRIC_COULOMB_VISCOUS, 0, 1.0, 0, 0.5, 1 },
    { FRIC_COULOMB_VISCOUS, 0, 0.0, 0, 2.0, 1 },
    { FRIC_COULOMB_VISCOUS, 0, 3.0, 0, 0.0, 1 },
    { FRIC_STRIBECK, 2.0, 1.0, 0.1, 0.5, 1.0 },
    { FRIC_STRIBECK, 2.0, 1.0, 0.1, 0.0, 1.0 },
    { FRIC_STRIBECK, 1.2, 0.0, 0.01, 0.3, 1.0 },
    { FRIC_STRIBECK, 2.0, 1.0, 0.1, 0.5, 2.0 },
    { FRIC_STRIBECK, 1.5, 1.0, 0.01, 0.2, 1.5 },
    { FRIC_STRIBECK, 3.0, 1.0, 0.05, 0.0, 1.7 },
    { FRIC_STRIBECK, 3.0, 0.5, 0.05, 0.1, 5.0 },
    { FRIC_RATIONAL, 2.0, 1.0, 0.1, 0.5, 0 },
    { FRIC_RATIONAL, 2.0, 0.0, 0.01, 0.0, 0 },
};
#define N_LAWS (sizeof valid_laws / sizeof valid_laws[0])
static const double Zs[] = { 1e-4, 1e-3, 0.01, 0.02 };

static int same(double a, double b)
{
    return (isnan(a) && isnan(b)) || memcmp(&a, &b, sizeof a) == 0;
}

/* 1. */
static void plan_equals_phi_z(void **state)
{
    (void)state;
    long n = 0, plans = 0;
    for (size_t i = 0; i < N_LAWS; i++)
        for (size_t j = 0; j < sizeof Zs / sizeof Zs[0]; j++) {
            const fric_law *L = &valid_laws[i];
            double Z = Zs[j];
            if (fric_law_check(L, Z, NULL)) continue;
            fric_plan p;
            assert_int_equal(fric_plan_init(&p, L, Z, NULL), 0);
            plans++;
            double F0 = fric_phi_plus0(L), edge = Z * F0;
            double special[] = { 0.0, -0.0, edge, -edge, nextafter(edge, 1e300),
                                 nextafter(edge, 0), 1e300, -1e300, INFINITY, -INFINITY, NAN };
            for (size_t k = 0; k < sizeof special / sizeof special[0]; k++, n++)
                assert_true(same(fric_plan_phi_z(&p, special[k]), fric_phi_z(L, Z, special[k])));
            for (int e = -14; e <= 6; e++)
                for (int m = 0; m < 1000; m++, n++) {
                    double x = (m / 1000.0 + 1e-3) * pow(10, e) * (m % 2 ? 1 : -1);
                    double a = fric_plan_phi_z(&p, x), b = fric_phi_z(L, Z, x);
                    if (!same(a, b))
                        fail_msg("law %zu Z %g x %.17g: plan %.17g, phi_z %.17g", i, Z, x, a, b);
                }
        }
    print_message("consistency: plan == fric_phi_z bit for bit at %ld points, %ld plans\n", n, plans);
}

/* 2. */
static void plan_init_rejects_as_law_check(void **state)
{
    (void)state;
    fric_law bad[] = {
        { FRIC_STRIBECK, 1.0, 1.0, 0.1, 0.5, 1 },        /* Fs = Fc */
        { FRIC_STRIBECK, 2.0, 1.0, 0.0, 0.5, 1 },        /* vs = 0 */
        { FRIC_STRIBECK, 2.0, 1.0, 0.1, 0.5, 0.5 },      /* alpha < 1 */
        { FRIC_STRIBECK, 2.0, 1.0, 1e-4, 0.0, 1 },       /* eq. 15 fails for large Z */
        { FRIC_STRIBECK, 20.0, 1.0, 1e-3, 0.0, 3 },      /* eq. 15, alpha > 1 */
        { FRIC_COULOMB_VISCOUS, 0, 0, 0, 0, 1 },         /* no friction */
        { FRIC_COULOMB_VISCOUS, 0, -1, 0, 0, 1 },        /* Fc < 0 */
        { FRIC_RATIONAL, 2.0, 1.0, 0.1, -1, 0 },         /* D < 0 */
        { FRIC_RATIONAL, 2.0, NAN, 0.1, 0, 0 },          /* not finite */
        { (fric_kind)7, 2.0, 1.0, 0.1, 0, 0 },           /* unknown kind */
    };
    double Zb[] = { 1e-3, 0.02, 1, 0, -1, NAN, INFINITY };
    int rejected = 0, total = 0;
    for (int pass = 0; pass < 2; pass++) {
        const fric_law *set = pass ? bad : valid_laws;
        size_t cnt = pass ? sizeof bad / sizeof bad[0] : N_LAWS;
        for (size_t i = 0; i < cnt; i++)
            for (size_t j = 0; j < sizeof Zb / sizeof Zb[0]; j++, total++) {
                const char *w1, *w2;
                char m1[512];
                int r1 = fric_law_check(&set[i], Zb[j], &w1);
                snprintf(m1, sizeof m1, "%s", w1);
                fric_plan p;
                int r2 = fric_plan_init(&p, &set[i], Zb[j], &w2);
                assert_int_equal(r1 != 0, r2 != 0);
                assert_string_equal(m1, w2);
                if (r2) {
                    rejected++;
                    assert_true(isnan(fric_plan_phi_z(&p, 0.5)));
                }
            }
    }
    const char *w;
    assert_int_not_equal(fric_plan_init(NULL, &valid_laws[0], 1e-3, &w), 0);
    print_message("fric_plan_init = fric_law_check (result and message) on %d cases, %d rejected\n",
                  total, rejected);
}

/* 3. */
static void plan_eval_stuck_slip_warm(void **state)
{
    (void)state;
    int checked = 0;
    double worst_slip = 0, worst_warm = 0;
    for (size_t i = 0; i < N_LAWS; i++) {
        const fric_law *L = &valid_laws[i];
        double Z = 0.01;
        fric_plan p;
        if (fric_plan_init(&p, L, Z, NULL)) continue;
        double edge = Z * fric_phi_plus0(L);
        fric_warm warm = { 0 };
        for (int k = 0; k < 20000; k++) {
            double x = 3 * edge * sin(k * 1e-3) + (k % 7) * 1e-9 * edge;
            int stuck;
            double s, y = fric_plan_eval(&p, x, NULL, &stuck, &s);
            double yw = fric_plan_eval(&p, x, &warm, NULL, NULL);
            assert_int_equal(stuck, fabs(x) <= edge);
            if (stuck) {
                assert_true(y == x / Z);
                assert_true(s == 0);
            } else {
                /* slip against the identity s = |x| − Z·|y| in long double */
                long double ref = fabsl((long double)x) - (long double)Z * fabsl((long double)y);
                double err = (double)fabsl(s - ref) / (fabs(x) * 0x1p-52);
                if (err > worst_slip) worst_slip = err;
                assert_true(err <= 64);
                /* warm and cold stop at different iterates; both are within
                 * the problem's conditioning: an error of an ulp of x in the
                 * residual moves y by ulp(x)·|Φ'|/(1 + Z·Φ'), large where
                 * Z·Φ' nears −1 (Kikuuwe eq. 15's limit) */
                double h = 1e-6 * s, dphi = (fric_phi(L, s + h) - fric_phi(L, s - h)) / (2 * h);
                double ulp_y = nextafter(fabs(y), INFINITY) - fabs(y);
                double ulp_x = nextafter(fabs(x), INFINITY) - fabs(x);
                double bound = 4 * ulp_y + 4 * ulp_x * fabs(dphi) / (1 + Z * dphi);
                double u = fabs(y - yw) / bound;
                if (u > worst_warm) worst_warm = u;
                assert_true(u <= 1);
            }
            checked++;
        }
    }
    print_message("stuck flag, slip (worst %.3g ulp of |x|) and warm start (worst %.3g of the bound) on %d points\n",
                  worst_slip, worst_warm, checked);
}

/* 3b. CONSISTENCY CHECK: fric_plan_phi_z skips exp and W0 where the
 * Stribeck term of Cisneros eq. 27 is below half an ulp of y (phi_z.c,
 * skip); fric_plan_eval with a slip pointer never skips. The two agree bit
 * for bit from the band edge to 10^8 times it, on every α = 1 law and on
 * an unchecked plan with levels set per step (Fsc = 0 included). */
static void plan_skip_equals_full_evaluation(void **state)
{
    (void)state;
    int checked = 0;
    for (size_t i = 0; i <= N_LAWS; i++) {
        fric_law L = i < N_LAWS ? valid_laws[i] : (fric_law){ FRIC_STRIBECK, 2.0, 1.0, 0.1, 0.5, 1.0 };
        if (L.kind != FRIC_STRIBECK || L.alpha != 1) continue;
        for (int lv = 0; lv < 3; lv++) {
            double Z = lv ? 0.003 : 0.01;
            fric_plan p;
            if (fric_plan_init(&p, &L, Z, NULL)) continue;
            if (lv == 1) fric_plan_levels(&p, 0.7, 4.5);
            if (lv == 2) fric_plan_levels(&p, 1.3, 1.3);          /* Fsc = 0 */
            double edge = p.zf0;
            for (int k = 0; k <= 8000; k++) {
                double x = edge * pow(10.0, k * 1e-3) * (1 + 1e-9 * (k % 13));
                for (int sg = -1; sg <= 1; sg += 2) {
                    double s, full = fric_plan_eval(&p, sg * x, NULL, NULL, &s);
                    double fast = fric_plan_phi_z(&p, sg * x);
                    if (memcmp(&full, &fast, sizeof full) != 0)
                        fail_msg("law %zu levels %d x = %a: full %a, skipped %a", i, lv, sg * x,
                                 full, fast);
                    checked++;
                }
            }
        }
    }
    print_message("consistency: fric_plan_phi_z (exact skip of exp and W0) == fric_plan_eval "
                  "bit for bit at %d points, edge to 1e8 edge\n", checked);
}

/* 4. */
static double rnd(uint64_t *s)
{
    *s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
    return (double)(*s >> 11) * 0x1p-53;
}

static void prepared_elements_match(void **state)
{
    (void)state;
    uint64_t r = 42;
    long steps = 0, stuck_steps = 0;
    for (size_t i = 0; i < N_LAWS; i++)
        for (int xf = 0; xf < 2; xf++) {
            const fric_law *L = &valid_laws[i];
            fric_elem_def def = { 1.0, 1e4, 50.0, 1e-3, xf ? FRIC_XFORM_APPROX : FRIC_XFORM_EXACT };
            for (int kind = FRIC_ELEM_A; kind <= FRIC_ELEM_D; kind++) {
                fric_elem e;
                if (fric_elem_init(&e, (fric_elem_kind)kind, &def, L, NULL)) {
                    assert_int_not_equal(fric_elem_check((fric_elem_kind)kind, &def, L, NULL), 0);
                    continue;
                }
                fric_elem_a a1 = { 0 }, a2 = { 0 };
                fric_elem_b b1 = { 0 }, b2 = { 0 };
                fric_elem_c c1 = { 0 }, c2 = { 0 };
                fric_elem_d d1 = { 0 }, d2 = { 0 };
                double F0 = fric_phi_plus0(L);
                for (int k = 0; k < 3000; k++, steps++) {
                    double in = (rnd(&r) - 0.5) * 4 * F0 * (kind == FRIC_ELEM_A || kind == FRIC_ELEM_D ? 1 : 1e-3);
                    double v1 = 0, v2 = 0, f = 0, x = 0;
                    int st = 0;
                    switch (kind) {
                    case FRIC_ELEM_A:
                        x = a1.v + e.Z * in;
                        v1 = fric_elem_a_step(L, &def, &a1, in);
                        v2 = fric_elem_a_run(&e, &a2, in);
                        assert_true(same(a1.v, a2.v));
                        f = a2.f; st = a2.stuck;
                        break;
                    case FRIC_ELEM_B:
                        v1 = fric_elem_b_step(L, &def, &b1, in);
                        v2 = fric_elem_b_run(&e, &b2, in);
                        assert_true(same(b1.e1, b2.e1) && same(b1.v, b2.v) && same(b1.f, b2.f));
                        st = b2.stuck;
                        break;
                    case FRIC_ELEM_C:
                        x = in + e.c[0] * c1.e;
                        v1 = fric_elem_c_step(L, &def, &c1, in);
                        v2 = fric_elem_c_run(&e, &c2, in);
                        assert_true(same(c1.e, c2.e));
                        f = c2.f; st = c2.stuck;
                        break;
                    default:
                        v1 = fric_elem_d_step(L, &def, &d1, in);
                        v2 = fric_elem_d_run(&e, &d2, in);
                        assert_true(same(d1.e, d2.e) && same(d1.u, d2.u));
                        st = d2.stuck;
                        break;
                    }
                    assert_true(same(v1, v2));
                    if ((kind == FRIC_ELEM_A || kind == FRIC_ELEM_C) && !xf)
                        assert_int_equal(st, f == x / e.Z);
                    stuck_steps += st;
                }
            }
        }
    print_message("consistency: prepared elements == unprepared bit for bit on %ld steps (%ld stuck)\n",
                  steps, stuck_steps);
}

FRIC_TEST_MAIN(cmocka_unit_test(plan_equals_phi_z),
               cmocka_unit_test(plan_init_rejects_as_law_check),
               cmocka_unit_test(plan_eval_stuck_slip_warm),
               cmocka_unit_test(plan_skip_equals_full_evaluation),
               cmocka_unit_test(prepared_elements_match))
