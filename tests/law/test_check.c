/*
 * test_check.c: validation of laws and elements (fric_law_check,
 * fric_law_check_params, fric_elem_check) and their messages.
 *
 * Valid iff (the brief's contract, from Kikuuwe Theorem 1 and Cisneros §IV):
 * every field the kind uses is finite; Z finite and > 0; Fc ≥ 0; D ≥ 0;
 * Coulomb-viscous not Fc = D = 0; Stribeck and rational Fs > Fc, vs > 0;
 * Stribeck α ≥ 1; and eq. 15, Φ'(v) > −1/Z for all v ≠ 0, i.e. 1/Z > m with
 * m = −inf_{v>0} Φ'(v). m comes from the binary128 reference
 * (support/quad_ref.c: a closed form derived there, cross-checked here
 * against a scan + golden-section minimisation).
 *
 * Messages: one sentence naming the field as spelled in the struct and
 * printing its value; for eq. 15 the text "eq. 15", "needs 1/Z > " followed
 * by m (%.9g) and what to change; "" on success.
 */
#include "test_main.h"

#include <ctype.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "friction.h"
#include "quad_ref.h"

/* The printed m is %.9g: 9 significant digits, so 1e-6 relative leaves
 * room for a core that evaluates m in double (error ~1e-15) and rounds. */
#define M_PRINT_REL 1e-6

/* A printed field value: at least 6 significant digits are expected. */
#define VALUE_PRINT_REL 1e-6

/* The boundary of eq. 15 is probed at 1/Z = m·(1 ± BOUNDARY_REL): far
 * above double rounding of m (1e-16) and of Z, close enough to catch a
 * core that evaluates m approximately (e.g. by sampling Φ'). */
#define BOUNDARY_REL 1e-9

/* The reference's closed-form m against its own scan (binary128). */
#define M_SCAN_REL 1e-24

/* ------------------------------------------------------------- helpers */

static int is_ident(char c) { return isalnum((unsigned char)c) || c == '_'; }

/* name occurs in msg as a whole word (not inside a longer identifier) */
static int has_word(const char *msg, const char *name)
{
    const size_t n = strlen(name);
    for (const char *p = msg; (p = strstr(p, name)) != NULL; p++) {
        const int before = (p == msg) || !is_ident(p[-1]);
        const int after = !is_ident(p[n]);
        if (before && after) return 1;
    }
    return 0;
}

/* Some number token in msg parses (strtod) to v: within VALUE_PRINT_REL,
 * or NaN for NaN, or the same infinity. Tokens start at a digit, sign, '.'
 * or the letters of nan/inf, not inside a word or another number. */
static int has_value(const char *msg, double v)
{
    for (const char *p = msg; *p; p++) {
        const char prev = (p == msg) ? ' ' : p[-1];
        if (isalnum((unsigned char)prev) || prev == '.' || prev == '_') continue;
        if (!(isdigit((unsigned char)*p) || *p == '-' || *p == '+' || *p == '.' || tolower((unsigned char)*p) == 'n'
              || tolower((unsigned char)*p) == 'i'))
            continue;
        char *end = NULL;
        const double x = strtod(p, &end);
        if (end == p || is_ident(*end)) continue;
        if (isnan(v) ? isnan(x) : isinf(v) ? x == v : fabs(x - v) <= VALUE_PRINT_REL * fabs(v)) return 1;
    }
    return 0;
}

static int one_sentence(const char *msg)
{
    return msg != NULL && msg[0] != '\0' && strchr(msg, '\n') == NULL && strlen(msg) < 400;
}

static int starts_with_ci(const char *s, const char *prefix)
{
    for (; *prefix; s++, prefix++)
        if (tolower((unsigned char)*s) != tolower((unsigned char)*prefix)) return 0;
    return 1;
}

static int mentions_change(const char *msg)
{
    static const char *const verbs[] = {"increase", "decrease", "reduce", "raise", "lower", "smaller",
                                        "larger", "bigger", "choose", "use ", "set ", "make "};
    for (size_t i = 0; i < sizeof verbs / sizeof verbs[0]; i++)
        for (const char *p = msg; *p; p++)
            if (starts_with_ci(p, verbs[i])) return 1;
    return 0;
}

/* The m printed after "needs 1/Z > ", or NaN. */
static double printed_m(const char *msg)
{
    const char *p = strstr(msg, "needs 1/Z > ");
    if (!p) return NAN;
    p += strlen("needs 1/Z > ");
    char *end = NULL;
    const double m = strtod(p, &end);
    return end == p ? NAN : m;
}

static fric_law stribeck(double Fs, double Fc, double vs, double D, double a)
{
    fric_law L = {FRIC_STRIBECK, Fs, Fc, vs, D, a};
    return L;
}
static fric_law rational(double Fs, double Fc, double vs, double D)
{
    fric_law L = {FRIC_RATIONAL, Fs, Fc, vs, D, 1.0};
    return L;
}
static fric_law cv(double Fc, double D)
{
    fric_law L = {FRIC_COULOMB_VISCOUS, 0.0, Fc, 0.0, D, 0.0};
    return L;
}

/* Cisneros Fig. 3/4 law and Z = 1/(K·T + B) = 1/55: valid (m = 30.5). */
#define FIG3_FS 2.5
#define FIG3_FC 0.4
#define FIG3_VS 0.06
#define FIG3_D 4.5
#define FIG4_Z (1.0 / 55.0)

/* A rejection by fric_law_check (and fric_law_check_params when with_params)
 * whose message names every field in names and prints value. */
static void expect_reject(const fric_law *L, double Z, int with_params, const char *const *names, size_t nn,
                          double value)
{
    const char *why = NULL;
    const int rc = fric_law_check(L, Z, &why);
    int ok = rc != 0 && one_sentence(why);
    for (size_t i = 0; ok && i < nn; i++) ok = has_word(why, names[i]);
    if (ok) ok = has_value(why, value);
    if (!ok)
        print_message("FAIL rejection: kind=%d Fs=%g Fc=%g vs=%g D=%g alpha=%g Z=%g: rc=%d why=\"%s\" "
                      "(want field %s and value %g)\n",
                      (int)L->kind, L->Fs, L->Fc, L->vs, L->D, L->alpha, Z, rc, why ? why : "(null)", names[0], value);
    assert_true(ok);
    if (with_params) {
        why = NULL;
        const int rp = fric_law_check_params(L, &why);
        ok = rp != 0 && one_sentence(why) && has_word(why, names[0]) && has_value(why, value);
        if (!ok)
            print_message("FAIL params rejection: kind=%d Fs=%g Fc=%g vs=%g D=%g alpha=%g: rc=%d why=\"%s\"\n",
                          (int)L->kind, L->Fs, L->Fc, L->vs, L->D, L->alpha, rp, why ? why : "(null)");
        assert_true(ok);
    }
}

static void expect_accept(const fric_law *L, double Z)
{
    const char *why = "sentinel";
    const int rc = fric_law_check(L, Z, &why);
    if (rc != 0 || why == NULL || why[0] != '\0')
        print_message("FAIL acceptance: kind=%d Fs=%.17g Fc=%.17g vs=%.17g D=%.17g alpha=%.17g Z=%.17g: rc=%d why=\"%s\"\n",
                      (int)L->kind, L->Fs, L->Fc, L->vs, L->D, L->alpha, Z, rc, why ? why : "(null)");
    assert_int_equal(rc, 0);
    assert_non_null(why);
    assert_string_equal(why, "");
    why = "sentinel";
    assert_int_equal(fric_law_check_params(L, &why), 0);
    assert_string_equal(why, "");
}

/* An eq. 15 rejection: "eq. 15", "needs 1/Z > m" with m matching, what to
 * change; and fric_law_check_params accepts the same law. */
static void expect_slope_reject(const fric_law *L, double Z, quad_real m)
{
    const char *why = NULL;
    const int rc = fric_law_check(L, Z, &why);
    const double pm = why ? printed_m(why) : NAN;
    const double mq = quad_to_double(m);
    const int ok = rc != 0 && one_sentence(why) && strstr(why, "eq. 15") != NULL && fabs(pm - mq) <= M_PRINT_REL * fabs(mq)
                   && mentions_change(why);
    if (!ok)
        print_message("FAIL eq. 15 rejection: kind=%d Fs=%.17g Fc=%.17g vs=%.17g D=%.17g alpha=%.17g Z=%.17g: "
                      "rc=%d why=\"%s\" (m = %.12g, printed %.12g)\n",
                      (int)L->kind, L->Fs, L->Fc, L->vs, L->D, L->alpha, Z, rc, why ? why : "(null)", mq, pm);
    assert_true(ok);
    const char *w2 = "sentinel";
    assert_int_equal(fric_law_check_params(L, &w2), 0);
    assert_string_equal(w2, "");
}

/* -------------------------------------------------------------- tests */

static void test_accepts_published_and_simple_laws(void **state)
{
    (void)state;
    fric_law L = stribeck(FIG3_FS, FIG3_FC, FIG3_VS, FIG3_D, 1.0);
    expect_accept(&L, FIG4_Z);                          /* Cisneros Fig. 4 */
    L.kind = FRIC_RATIONAL;
    expect_accept(&L, FIG4_Z);
    L = cv(8.0, 0.0);                                   /* Kikuuwe Figs. 6-7: F = 8 N, M = 1 kg, T = 1 ms */
    expect_accept(&L, 1e-3);
    expect_accept(&L, 4e-3);
    L = cv(0.0, 2.0);                                   /* viscous only */
    expect_accept(&L, 1.0);
    L = cv(3.0, 0.0);
    expect_accept(&L, 1e12);                            /* any Z for Coulomb-viscous: m = −D ≤ 0 */
    L = stribeck(2.5, 0.0, 0.06, 0.0, 1.0);             /* Fc = 0, D = 0 allowed with stiction */
    expect_accept(&L, 0.01);
    L = stribeck(FIG3_FS, FIG3_FC, FIG3_VS, 100.0, 1.0); /* D > (Fs−Fc)/vs: m < 0, every Z */
    expect_accept(&L, 1e9);
    L.kind = FRIC_RATIONAL;
    expect_accept(&L, 1e9);
}

static void test_unused_fields_ignored(void **state)
{
    (void)state;
    /* Coulomb-viscous uses Fc and D only; rational does not use alpha */
    fric_law L = {FRIC_COULOMB_VISCOUS, NAN, 1.0, NAN, 0.5, NAN};
    expect_accept(&L, 0.01);
    L.Fs = -INFINITY; L.vs = -1.0; L.alpha = 0.25;
    expect_accept(&L, 0.01);
    L = rational(FIG3_FS, FIG3_FC, FIG3_VS, FIG3_D);
    L.alpha = NAN;
    expect_accept(&L, FIG4_Z);
    L.alpha = 0.5;                                      /* the α ≥ 1 rule is Stribeck's */
    expect_accept(&L, FIG4_Z);
}

static void test_rejects_signs_and_order(void **state)
{
    (void)state;
    static const char *const Fc[] = {"Fc"}, *const D[] = {"D"}, *const FsFc[] = {"Fs", "Fc"}, *const vs[] = {"vs"};
    for (int k = 0; k < 3; k++) {
        fric_law L = k == 0 ? cv(1.0, 0.5) : stribeck(FIG3_FS, FIG3_FC, FIG3_VS, FIG3_D, 1.0);
        L.kind = (fric_kind)k;
        fric_law b = L; b.Fc = -0.1;  expect_reject(&b, FIG4_Z, 1, Fc, 1, -0.1);
        b = L; b.D = -1.0;            expect_reject(&b, FIG4_Z, 1, D, 1, -1.0);
        b = L; b.D = -1e-300;         expect_reject(&b, FIG4_Z, 1, D, 1, -1e-300);
        if (k == 0) continue;
        b = L; b.Fs = 0.3;            expect_reject(&b, FIG4_Z, 1, FsFc, 2, 0.3);   /* Fs < Fc */
        b = L; b.Fs = FIG3_FC;        expect_reject(&b, FIG4_Z, 1, FsFc, 2, FIG3_FC); /* Fs = Fc */
        b = L; b.vs = 0.0;            expect_reject(&b, FIG4_Z, 1, vs, 1, 0.0);
        b = L; b.vs = -0.06;          expect_reject(&b, FIG4_Z, 1, vs, 1, -0.06);
    }
}

static void test_rejects_nonfinite(void **state)
{
    (void)state;
    const double bad[] = {NAN, INFINITY, -INFINITY};
    static const char *const names[] = {"Fs", "Fc", "vs", "D", "alpha"};
    for (int k = 0; k < 3; k++) {
        for (int f = 0; f < 5; f++) {
            if (k == FRIC_COULOMB_VISCOUS && (f == 0 || f == 2 || f == 4)) continue;  /* unused */
            if (k == FRIC_RATIONAL && f == 4) continue;
            for (int i = 0; i < 3; i++) {
                fric_law L = stribeck(FIG3_FS, FIG3_FC, FIG3_VS, FIG3_D, 1.0);
                L.kind = (fric_kind)k;
                double *fld[] = {&L.Fs, &L.Fc, &L.vs, &L.D, &L.alpha};
                *fld[f] = bad[i];
                /* +inf Fs with finite Fc is the only case also "Fs > Fc"; still non-finite */
                const char *const nm[] = {names[f]};
                expect_reject(&L, FIG4_Z, 1, nm, 1, bad[i]);
            }
        }
    }
}

static void test_cv_needs_fc_or_d(void **state)
{
    (void)state;
    const fric_law L = cv(0.0, 0.0);
    static const char *const both[] = {"Fc", "D"};
    expect_reject(&L, 0.01, 1, both, 2, 0.0);
    fric_law a = cv(0.0, 1e-300);
    expect_accept(&a, 0.01);
    a = cv(1e-300, 0.0);
    expect_accept(&a, 0.01);
}

static void test_alpha_rule(void **state)
{
    (void)state;
    static const char *const al[] = {"alpha"};
    const double below[] = {0.999999, 0.5, 1e-300, 0.0, -1.0, nextafter(1.0, 0.0)};
    for (size_t i = 0; i < sizeof below / sizeof below[0]; i++) {
        const fric_law L = stribeck(FIG3_FS, FIG3_FC, FIG3_VS, FIG3_D, below[i]);
        expect_reject(&L, FIG4_Z, 1, al, 1, below[i]);
        /* rejected for every Z: α < 1 has Φ'(0+) = −∞ */
        assert_int_not_equal(fric_law_check(&L, 1e-12, NULL), 0);
    }
    fric_law L = stribeck(FIG3_FS, FIG3_FC, FIG3_VS, FIG3_D, 1.0);
    expect_accept(&L, FIG4_Z);
    L.alpha = nextafter(1.0, 2.0);
    expect_accept(&L, FIG4_Z);
    L.alpha = 4.0;
    expect_accept(&L, FIG4_Z);
}

static void test_kind_rule(void **state)
{
    (void)state;
    static const char *const kd[] = {"kind"};
    fric_law L = stribeck(FIG3_FS, FIG3_FC, FIG3_VS, FIG3_D, 1.0);
    L.kind = (fric_kind)3;
    expect_reject(&L, FIG4_Z, 1, kd, 1, 3.0);
    L.kind = (fric_kind)-1;
    expect_reject(&L, FIG4_Z, 1, kd, 1, -1.0);
    L.kind = (fric_kind)1000;
    expect_reject(&L, FIG4_Z, 1, kd, 1, 1000.0);
}

static void test_z_rule(void **state)
{
    (void)state;
    static const char *const z[] = {"Z"};
    const double bad[] = {0.0, -0.0, -1.0, -1e-300, NAN, INFINITY, -INFINITY};
    const fric_law laws[] = {cv(1.0, 0.5), stribeck(FIG3_FS, FIG3_FC, FIG3_VS, FIG3_D, 1.0),
                             rational(FIG3_FS, FIG3_FC, FIG3_VS, FIG3_D)};
    for (size_t k = 0; k < 3; k++)
        for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
            expect_reject(&laws[k], bad[i], 0, z, 1, bad[i]);
            const char *why = "sentinel";
            assert_int_equal(fric_law_check_params(&laws[k], &why), 0);   /* Z is not a law field */
            assert_string_equal(why, "");
        }
}

/* The slope condition at the boundary, both sides, for the closed-form
 * cases (α = 1, rational: m = (Fs−Fc)/vs − D, the limit v → 0+) and
 * α > 1 (an interior minimum of Φ'). */
static void test_slope_boundary_published(void **state)
{
    (void)state;
    fric_law L = stribeck(FIG3_FS, FIG3_FC, FIG3_VS, FIG3_D, 1.0);
    /* hand value: (2.5 − 0.4)/0.06 − 4.5 = 35 − 4.5 = 30.5 */
    const quad_real m = quad_slope_m(&L);
    assert_true(quad_abs(m - (quad_real)30.5) <= 1e-15 * 30.5);
    for (int k = FRIC_STRIBECK; k <= FRIC_RATIONAL; k++) {
        L.kind = (fric_kind)k;
        expect_accept(&L, quad_to_double(1 / (m * (1 + (quad_real)BOUNDARY_REL))));
        expect_slope_reject(&L, quad_to_double(1 / (m * (1 - (quad_real)BOUNDARY_REL))), m);
        expect_slope_reject(&L, 1.0 / 30.0, m);
        expect_slope_reject(&L, 1.0, m);
        expect_slope_reject(&L, 1e300, m);
        expect_accept(&L, 1.0 / 31.0);
    }
}

/* Strictness at the exact boundary, with numbers exactly representable:
 * Fs = 5, Fc = 1, vs = 0.125, D = 0 → m = 4/0.125 = 32 (α = 1 and
 * rational: the infimum is only approached as v → 0+, and still 1/Z = m is
 * invalid): with D = 0, m = 32 = 1/Z exactly for Z = 1/32; the next double
 * below Z is valid. */
static void test_slope_boundary_exact(void **state)
{
    (void)state;
    for (int k = FRIC_STRIBECK; k <= FRIC_RATIONAL; k++) {
        fric_law L = stribeck(5.0, 1.0, 0.125, 0.0, 1.0);
        L.kind = (fric_kind)k;
        assert_true(quad_slope_m(&L) == 32);
        expect_slope_reject(&L, 1.0 / 32.0, 32);
        expect_accept(&L, nextafter(1.0 / 32.0, 0.0));
    }
}

/* The same one ulp from the boundary when 1/Z is not a double: m = 30
 * exactly (D = 2), Z the doubles nearest 1/30. Deciding 1/Z > m through the
 * rounded product m·Z < 1 misjudges Z = fl(1/30) (30·Z rounds to 1 though
 * 1/Z > 30); fma(m, Z, −1) < 0 is exact. */
static void test_slope_boundary_one_ulp(void **state)
{
    (void)state;
    for (int k = FRIC_STRIBECK; k <= FRIC_RATIONAL; k++) {
        fric_law L = stribeck(5.0, 1.0, 0.125, 2.0, 1.0);
        L.kind = (fric_kind)k;
        assert_true(quad_slope_m(&L) == 30);
        /* 1/30 is not a double: take Z with 1/Z on each side of 30 by one ulp */
        const double Z30 = 1.0 / 30.0;
        const quad_real inv = 1 / (quad_real)Z30;
        const double Zbad = inv <= 30 ? Z30 : nextafter(Z30, 1.0);
        const double Zok = inv > 30 ? Z30 : nextafter(Z30, 0.0);
        expect_slope_reject(&L, Zbad, 30);
        expect_accept(&L, Zok);
    }
}

static void test_slope_boundary_random(void **state)
{
    (void)state;
    quad_rng r = {77};
    int n = 0;
    for (int i = 0; i < 3000; i++) {
        const int kind = i % 3 == 2 ? FRIC_RATIONAL : FRIC_STRIBECK;
        fric_law L = stribeck(0, quad_rng_uniform(&r) < 0.2 ? 0.0 : quad_rng_log(&r, 1e-3, 1e3), quad_rng_log(&r, 1e-4, 1e2),
                              quad_rng_uniform(&r) < 0.3 ? 0.0 : quad_rng_log(&r, 1e-3, 1e3), 1.0);
        L.kind = (fric_kind)kind;
        L.Fs = L.Fc + quad_rng_log(&r, 1e-3, 1e3);
        if (kind == FRIC_STRIBECK) {
            const double u = quad_rng_uniform(&r);
            L.alpha = u < 0.3 ? 1.0 : (u < 0.4 ? 2.0 : quad_rng_range(&r, 1.0, 4.0));
        }
        const quad_real m = quad_slope_m(&L);
        if (m <= 0) {
            expect_accept(&L, quad_rng_log(&r, 1e-9, 1e9));
            continue;
        }
        const double Zok = quad_to_double(1 / (m * (1 + (quad_real)BOUNDARY_REL)));
        const double Zbad = quad_to_double(1 / (m * (1 - (quad_real)BOUNDARY_REL)));
        expect_accept(&L, Zok);
        expect_slope_reject(&L, Zbad, m);
        expect_slope_reject(&L, Zbad * quad_rng_log(&r, 1.0, 1e6), m);
        n++;
    }
    print_message("%d random laws probed at 1/Z = m(1 +- %g)\n", n, BOUNDARY_REL);
}

/* The reference's m: closed form against an independent numerical
 * minimisation of its Φ'. Also a hand value for α = 2:
 * g_max = 2·(1/2)^(1/2)·e^(−1/2) = √2·e^(−1/2). */
static void test_reference_m(void **state)
{
    (void)state;
    fric_law L = stribeck(FIG3_FS, FIG3_FC, FIG3_VS, FIG3_D, 2.0);
    const double hand = (FIG3_FS - FIG3_FC) / FIG3_VS * sqrt(2.0) * exp(-0.5) - FIG3_D;
    assert_true(fabs(quad_to_double(quad_slope_m(&L)) - hand) <= 1e-14 * fabs(hand));
    quad_rng r = {78};
    for (int i = 0; i < 60; i++) {
        L = stribeck(0, quad_rng_log(&r, 1e-3, 1e3), quad_rng_log(&r, 1e-4, 1e2), quad_rng_log(&r, 1e-3, 1e3), 1.0);
        L.Fs = L.Fc + quad_rng_log(&r, 1e-3, 1e3);
        if (i % 3 == 2) L.kind = FRIC_RATIONAL;
        else if (i % 3 == 1) L.alpha = quad_rng_range(&r, 1.0, 4.0);
        const quad_real a = quad_slope_m(&L), b = quad_slope_m_scan(&L);
        const quad_real sc = (quad_real)(L.Fs - L.Fc) / L.vs + L.D;
        if (!(quad_abs(a - b) <= M_SCAN_REL * sc))
            print_message("reference m: closed %.20g scan %.20g (kind %d alpha %g)\n", (double)a, (double)b, (int)L.kind, L.alpha);
        assert_true(quad_abs(a - b) <= M_SCAN_REL * sc);
    }
}

static void test_null_pointers(void **state)
{
    (void)state;
    const char *why = NULL;
    assert_int_not_equal(fric_law_check(NULL, 0.01, &why), 0);
    assert_true(one_sentence(why));
    why = NULL;
    assert_int_not_equal(fric_law_check_params(NULL, &why), 0);
    assert_true(one_sentence(why));
    assert_int_not_equal(fric_law_check(NULL, 0.01, NULL), 0);
    assert_int_not_equal(fric_law_check_params(NULL, NULL), 0);
    const fric_law good = stribeck(FIG3_FS, FIG3_FC, FIG3_VS, FIG3_D, 1.0);
    fric_law bad = good;
    bad.vs = -1;
    assert_int_equal(fric_law_check(&good, FIG4_Z, NULL), 0);
    assert_int_not_equal(fric_law_check(&bad, FIG4_Z, NULL), 0);
    assert_int_not_equal(fric_law_check(&good, 1.0, NULL), 0);
    assert_int_equal(fric_law_check_params(&good, NULL), 0);
    assert_int_not_equal(fric_law_check_params(&bad, NULL), 0);
    const fric_elem_def def = {1.0, 1e4, 200.0, 1e-3, FRIC_XFORM_EXACT};
    why = NULL;
    assert_int_not_equal(fric_elem_check(FRIC_ELEM_C, NULL, &good, &why), 0);
    assert_true(one_sentence(why));
    why = NULL;
    assert_int_not_equal(fric_elem_check(FRIC_ELEM_C, &def, NULL, &why), 0);
    assert_true(one_sentence(why));
    assert_int_not_equal(fric_elem_check(FRIC_ELEM_C, NULL, NULL, NULL), 0);
}

/* The message is cleared by a later success on the same thread. */
static void test_message_reset(void **state)
{
    (void)state;
    const fric_law bad = cv(-1.0, 0.0), good = cv(1.0, 0.0);
    const char *why = NULL;
    assert_int_not_equal(fric_law_check(&bad, 0.1, &why), 0);
    assert_true(one_sentence(why));
    why = NULL;
    assert_int_equal(fric_law_check(&good, 0.1, &why), 0);
    assert_string_equal(why, "");
}

/* ------------------------------------------------------------ elements */

static void expect_elem_reject(fric_elem_kind k, const fric_elem_def *d, const fric_law *L, const char *name, double value)
{
    const char *why = NULL;
    const int rc = fric_elem_check(k, d, L, &why);
    const int ok = rc != 0 && one_sentence(why) && has_word(why, name) && has_value(why, value);
    if (!ok)
        print_message("FAIL element %d M=%g K=%g B=%g T=%g: rc=%d why=\"%s\" (want %s = %g)\n", (int)k, d->M, d->K, d->B,
                      d->T, rc, why ? why : "(null)", name, value);
    assert_true(ok);
}

static void expect_elem_accept(fric_elem_kind k, const fric_elem_def *d, const fric_law *L)
{
    const char *why = "sentinel";
    const int rc = fric_elem_check(k, d, L, &why);
    if (rc != 0 || !why || why[0])
        print_message("FAIL element %d M=%.17g K=%.17g B=%.17g T=%.17g should be valid: why=\"%s\"\n", (int)k, d->M, d->K,
                      d->B, d->T, why ? why : "(null)");
    assert_int_equal(rc, 0);
    assert_string_equal(why, "");
}

static void test_elem_rejections(void **state)
{
    (void)state;
    const fric_law L = cv(5.0, 0.0);
    const fric_elem_def good = {1.0, 3e4, 300.0, 1e-3, FRIC_XFORM_EXACT};
    const double nonfinite[] = {NAN, INFINITY, -INFINITY};
    for (int k = 0; k < 4; k++) {
        const fric_elem_kind ek = (fric_elem_kind)k;
        const int usesM = k != FRIC_ELEM_C, usesKB = k != FRIC_ELEM_A;
        expect_elem_accept(ek, &good, &L);
        fric_elem_def d = good;
        d.T = 0.0;   expect_elem_reject(ek, &d, &L, "T", 0.0);
        d.T = -1e-3; expect_elem_reject(ek, &d, &L, "T", -1e-3);
        for (int i = 0; i < 3; i++) { d = good; d.T = nonfinite[i]; expect_elem_reject(ek, &d, &L, "T", nonfinite[i]); }
        if (usesM) {
            d = good; d.M = 0.0;  expect_elem_reject(ek, &d, &L, "M", 0.0);
            d = good; d.M = -2.0; expect_elem_reject(ek, &d, &L, "M", -2.0);
            for (int i = 0; i < 3; i++) { d = good; d.M = nonfinite[i]; expect_elem_reject(ek, &d, &L, "M", nonfinite[i]); }
        } else {
            d = good; d.M = 0.0;  expect_elem_accept(ek, &d, &L);   /* model C is model B with M = 0 */
            d = good; d.M = -2.0; expect_elem_accept(ek, &d, &L);
        }
        if (usesKB) {
            d = good; d.K = -1.0; expect_elem_reject(ek, &d, &L, "K", -1.0);
            d = good; d.B = -1.0; expect_elem_reject(ek, &d, &L, "B", -1.0);
            for (int i = 0; i < 3; i++) {
                d = good; d.K = nonfinite[i]; expect_elem_reject(ek, &d, &L, "K", nonfinite[i]);
                d = good; d.B = nonfinite[i]; expect_elem_reject(ek, &d, &L, "B", nonfinite[i]);
            }
            d = good; d.K = 0.0; expect_elem_accept(ek, &d, &L);     /* K = 0 allowed (B > 0) */
            d = good; d.B = 0.0; expect_elem_accept(ek, &d, &L);     /* B = 0 allowed (K > 0) */
        } else {
            d = good; d.K = -1.0; d.B = -1.0; expect_elem_accept(ek, &d, &L);  /* A uses neither */
        }
        if (k == FRIC_ELEM_C || k == FRIC_ELEM_D) {
            /* K·T + B = 0: Z = 1/(B + T·K) undefined */
            d = good; d.K = 0.0; d.B = 0.0;
            const char *why = NULL;
            const int rc = fric_elem_check(ek, &d, &L, &why);
            const int ok = rc != 0 && one_sentence(why) && has_word(why, "K") && has_word(why, "B");
            if (!ok) print_message("FAIL element %d K = B = 0: rc=%d why=\"%s\"\n", k, rc, why ? why : "(null)");
            assert_true(ok);
        }
    }
    fric_elem_def d = good;
    const char *why = NULL;
    assert_int_not_equal(fric_elem_check((fric_elem_kind)4, &d, &L, &why), 0);
    assert_true(one_sentence(why) && has_word(why, "kind") && has_value(why, 4.0));
    why = NULL;
    assert_int_not_equal(fric_elem_check((fric_elem_kind)-1, &d, &L, &why), 0);
    assert_true(one_sentence(why) && has_word(why, "kind"));
    /* an invalid law is reported as such */
    const fric_law bad = cv(-5.0, 0.0);
    why = NULL;
    assert_int_not_equal(fric_elem_check(FRIC_ELEM_A, &d, &bad, &why), 0);
    assert_true(one_sentence(why) && has_word(why, "Fc") && has_value(why, -5.0));
}

/* The law is checked with the element's own Z: each element's Z from
 * Kikuuwe §III in binary128, the eq. 15 boundary on both sides. The
 * element's stiffness is solved for so that 1/Z = m·(1 ± 1e-9). */
static void test_elem_slope_with_element_z(void **state)
{
    (void)state;
    const fric_law L = stribeck(FIG3_FS, FIG3_FC, FIG3_VS, FIG3_D, 1.0);   /* m = 30.5 */
    const quad_real m = quad_slope_m(&L);
    for (int k = 0; k < 4; k++) {
        for (int side = -1; side <= 1; side += 2) {
            const quad_real target = m * (1 + side * (quad_real)BOUNDARY_REL);   /* wanted 1/Z */
            fric_elem_def d = {1.0, 0.0, 0.0, 1e-3, FRIC_XFORM_EXACT};
            switch (k) {
            case FRIC_ELEM_A: d.M = quad_to_double(target * d.T); break;                 /* 1/Z = M/T */
            case FRIC_ELEM_B: /* 1/Z = C/T = M/T + B + T·K; K = 0, B = 1 */
                d.K = 0.0; d.B = 1.0; d.M = quad_to_double((quad_real)d.T * (target - 1)); break;
            case FRIC_ELEM_C: d.K = 1e3; d.B = quad_to_double(target - (quad_real)d.T * d.K); break;
            case FRIC_ELEM_D:
                /* 1/Z = M(B + TK)/(T²K + TB + M); with K = 0: M·B/(TB + M) → B = target·M/(M − T·target) */
                d.M = 1.0; d.K = 0.0;
                d.B = quad_to_double(target * d.M / (d.M - (quad_real)d.T * target));
                break;
            }
            const quad_real Z = quad_elem_z((fric_elem_kind)k, &d);
            const int valid = 1 / Z > m;
            assert_int_equal(valid, side > 0);   /* the construction hit the intended side */
            const char *why = NULL;
            const int rc = fric_elem_check((fric_elem_kind)k, &d, &L, &why);
            if (valid) {
                if (rc != 0) print_message("FAIL element %d should be valid: why=\"%s\"\n", k, why ? why : "(null)");
                assert_int_equal(rc, 0);
            } else {
                const double pm = why ? printed_m(why) : NAN;
                const int ok = rc != 0 && one_sentence(why) && strstr(why, "eq. 15") && fabs(pm - quad_to_double(m)) <= M_PRINT_REL * 30.5;
                if (!ok) print_message("FAIL element %d eq. 15: rc=%d why=\"%s\"\n", k, rc, why ? why : "(null)");
                assert_true(ok);
            }
        }
    }
}

FRIC_TEST_MAIN(cmocka_unit_test(test_accepts_published_and_simple_laws),
               cmocka_unit_test(test_unused_fields_ignored),
               cmocka_unit_test(test_rejects_signs_and_order),
               cmocka_unit_test(test_rejects_nonfinite),
               cmocka_unit_test(test_cv_needs_fc_or_d),
               cmocka_unit_test(test_alpha_rule),
               cmocka_unit_test(test_kind_rule),
               cmocka_unit_test(test_z_rule),
               cmocka_unit_test(test_slope_boundary_published),
               cmocka_unit_test(test_slope_boundary_exact),
               cmocka_unit_test(test_slope_boundary_one_ulp),
               cmocka_unit_test(test_slope_boundary_random),
               cmocka_unit_test(test_reference_m),
               cmocka_unit_test(test_null_pointers),
               cmocka_unit_test(test_message_reset),
               cmocka_unit_test(test_elem_rejections),
               cmocka_unit_test(test_elem_slope_with_element_z))
