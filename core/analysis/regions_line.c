/*
 * regions_line.c: the exact static/drive/backdrive partition of a straight
 * line of the (τm, τe) plane (fric_regions.h, "Method").
 *
 * Along P(t) = (m0 + dm·t, e0 + de·t) the function
 *
 *     g(t) = b_σ(P(t)) − |τm + τe|      (static iff g >= 0; Duclusaud §II-C,
 *                                         Dupont eq. 20)
 *
 * is, between consecutive crossings of the cut lines a·τm + b·τe = 0
 * (where an absolute value or a case of the budget switches), the
 * polynomial c0 + c1·t + c2·t² obtained by fixing every sign at one point
 * of the piece: each w·|a·τm + b·τe| becomes w·s·((a·m0 + b·e0) +
 * (a·dm + b·de)·t), M6's s·K_eq·τe² becomes s·K_eq·(e0 + de·t)² (eq. 9),
 * and −|τm + τe| becomes −s_n·((m0 + e0) + (dm + de)·t). Its roots on the
 * piece are the boundaries. Linear root −c0/c1; quadratic roots from
 * q = −(c1 + sgn(c1)·√(c1² − 4·c2·c0))/2 as q/c2 and c0/q, which loses no
 * digits to cancellation between c1 and the square root (Numerical
 * Recipes §5.6). A root within a few ulps of a cut is the cut itself (a
 * corner of the boundary); it is merged with it.
 */
#include <math.h>

#include "base.h"
#include "regions_internal.h"

/* Room for the cut lines, roots and points of one line. */
enum { MAX_FORMS = FRIC__REGIONS_MAX_FORMS, MAX_PTS = 2 + MAX_FORMS + 2 * (MAX_FORMS + 1) };

typedef struct { double a, b; } form;   /* a·τm + b·τe */

/* The cut lines of the prepared law. */
static int cut_forms(const fric__rprep *pp, form *f)
{
    int n = 0;
    f[n++] = (form){ 1, 1 };                 /* τm + τe: |net|, σ, M6's |τe| = |τm| */
    f[n++] = (form){ 1, 0 };                 /* τm: the drive/backdrive label; M6 sign */
    f[n++] = (form){ 0, 1 };                 /* τe: M6 sign; the screw's k1/k2 switch */
    if (!pp->screw) {
        f[n++] = (form){ -1, 1 };            /* τe − τm: M3/M4 load; M6's |τe| = |τm| */
        if (pp->ke != 0 || pp->km != 0) f[n++] = (form){ -pp->km, pp->ke };      /* eq. 8 */
        if (pp->kes != 0 || pp->kms != 0) f[n++] = (form){ -pp->kms, pp->kes };  /* eq. 8 */
    }
    return n;
}

int fric__regions_forms(const fric__rprep *pp, double *a, double *b)
{
    form f[MAX_FORMS];
    int n = cut_forms(pp, f);
    for (int i = 0; i < n; i++) {
        a[i] = f[i].a;
        b[i] = f[i].b;
    }
    return n;
}


typedef struct { double m0, e0, dm, de; } line;

/* w·|a·τm + b·τe| with its sign at (M, E), added to c. */
static void add_abs(double c[3], const line *L, double M, double E, double w, double a, double b)
{
    double s = w * fric__sgn(a * M + b * E);
    c[0] += s * (a * L->m0 + b * L->e0);
    c[1] += s * (a * L->dm + b * L->de);
}

/* The polynomial of g on the piece that contains t. */
static void piece_poly(const fric__rprep *pp, const line *L, double t, double c[3])
{
    const double M = L->m0 + L->dm * t, E = L->e0 + L->de * t;
    c[0] = pp->A;
    c[1] = c[2] = 0;
    const double sn = fric__sgn(M + E);
    if (pp->screw) {
        /* b_σ = A + k·|τe|, k1 when σ·τ_l > 0 i.e. σ·τe < 0 (Dupont eq. 17) */
        double sigma = sn != 0 ? sn : 1;
        add_abs(c, L, M, E, sigma * E < 0 ? pp->k1 : pp->k2, 0, 1);
    } else {
        if (pp->wl != 0) add_abs(c, L, M, E, pp->wl, -1, 1);                 /* eqs. 6-7 */
        if (pp->model >= 5) {
            add_abs(c, L, M, E, 1, -pp->km, pp->ke);                          /* eq. 8 */
            add_abs(c, L, M, E, 1, -pp->kms, pp->kes);                        /* eq. 8 */
        }
        if (pp->model == 6 && fric__sgn(E) != fric__sgn(M)) {                           /* eq. 9, Q */
            if (fabs(E) < fabs(M)) {
                c[0] += pp->qe * L->e0 * L->e0;
                c[1] += 2 * pp->qe * L->e0 * L->de;
                c[2] += pp->qe * L->de * L->de;
            } else if (fabs(E) > fabs(M)) {
                c[0] += pp->qm * L->m0 * L->m0;
                c[1] += 2 * pp->qm * L->m0 * L->dm;
                c[2] += pp->qm * L->dm * L->dm;
            }
        }
    }
    c[0] -= sn * (L->m0 + L->e0);                                             /* −|net| */
    c[1] -= sn * (L->dm + L->de);
}

static double poly_at(const double c[3], double t)
{
    return c[0] + t * (c[1] + t * c[2]);
}

/* Real roots of c2·t² + c1·t + c0, increasing; 0, 1 or 2 of them. A
 * polynomial that is identically zero has none (g = 0: static throughout). */
static int roots(const double c[3], double r[2])
{
    if (c[2] == 0) {
        if (c[1] == 0) return 0;
        r[0] = -c[0] / c[1];
        return 1;
    }
    double disc = c[1] * c[1] - 4 * c[2] * c[0];
    if (disc < 0) return 0;
    double q = -0.5 * (c[1] + (c[1] >= 0 ? sqrt(disc) : -sqrt(disc)));
    if (q == 0) {                            /* c1 = 0 and c0 = 0: double root at 0 */
        r[0] = 0;
        return 1;
    }
    double x = q / c[2], y = c[0] / q;
    r[0] = x < y ? x : y;
    r[1] = x < y ? y : x;
    return x == y ? 1 : 2;
}

/* A point inside (a, b); a < b, either may be infinite. */
static double mid(double a, double b)
{
    if (isinf(a) && isinf(b)) return 0;
    if (isinf(a)) return b - fmax(1, fabs(b));
    if (isinf(b)) return a + fmax(1, fabs(a));
    return a / 2 + b / 2;
}

static void sort(double *x, int n)
{
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && x[j - 1] > x[j]; j--) {
            double t = x[j];
            x[j] = x[j - 1];
            x[j - 1] = t;
        }
}

/* Region of the open interval around t (no boundary inside it). */
static int interval_region(const fric__rprep *pp, const line *L, double t)
{
    double c[3];
    piece_poly(pp, L, t, c);
    if (poly_at(c, t) >= 0) return FRIC_REGION_STATIC;
    const double M = L->m0 + L->dm * t, E = L->e0 + L->de * t;
    return fric__sgn(M + E) * fric__sgn(M) > 0 ? FRIC_REGION_DRIVE : FRIC_REGION_BACKDRIVE;
}

int fric__regions_line(const fric_regions_law *law, double dtheta, const fric__rprep *pp,
                       double m0, double e0, double dm, double de, double t0, double t1,
                       fric_region_span *out)
{
    const line L = { m0, e0, dm, de };
    form f[MAX_FORMS];
    const int nf = cut_forms(pp, f);

    /* Cuts strictly inside (t0, t1). */
    double cut[MAX_FORMS];
    int nc = 0;
    for (int i = 0; i < nf; i++) {
        double beta = f[i].a * dm + f[i].b * de;
        if (beta == 0) continue;
        double t = -(f[i].a * m0 + f[i].b * e0) / beta;
        if (t > t0 && t < t1) cut[nc++] = t;
    }
    sort(cut, nc);
    int k = 0;
    for (int i = 0; i < nc; i++)
        if (k == 0 || cut[i] != cut[k - 1]) cut[k++] = cut[i];
    nc = k;

    /* Points: range ends, cuts, and each piece's roots (static: g = 0). */
    double pt[MAX_PTS];
    int is_root[MAX_PTS], np = 0;
    if (isfinite(t0)) { pt[np] = t0; is_root[np++] = 0; }
    for (int i = 0; i < nc; i++) { pt[np] = cut[i]; is_root[np++] = 0; }
    if (isfinite(t1)) { pt[np] = t1; is_root[np++] = 0; }
    const double scale = fabs(m0) + fabs(e0) + pp->A / (fabs(dm) + fabs(de));
    for (int p = 0; p <= nc; p++) {
        double a = p == 0 ? t0 : cut[p - 1], b = p == nc ? t1 : cut[p];
        double c[3], r[2];
        piece_poly(pp, &L, mid(a, b), c);
        int nr = roots(c, r);
        for (int i = 0; i < nr; i++) {
            if (!(r[i] >= a && r[i] <= b) || !isfinite(r[i])) continue;
            /* a root on (or within rounding of) a cut or an end is that point */
            double tol = 0x1p-44 * (fabs(r[i]) + scale);
            int merged = 0;
            for (int j = 0; j < np; j++)
                if (fabs(pt[j] - r[i]) <= tol) { is_root[j] = 1; merged = 1; }
            if (!merged) { pt[np] = r[i]; is_root[np++] = 1; }
        }
    }
    /* sort the points, carrying is_root */
    for (int i = 1; i < np; i++)
        for (int j = i; j > 0 && pt[j - 1] > pt[j]; j--) {
            double t = pt[j]; pt[j] = pt[j - 1]; pt[j - 1] = t;
            int r = is_root[j]; is_root[j] = is_root[j - 1]; is_root[j - 1] = r;
        }

    /* Elements in order: [interval] point interval point ... [interval]. */
    int n = 0;
    double lo = t0;
#define PUSH(LO, HI, REG) do {                                            \
        if (n > 0 && out[n - 1].region == (REG)) out[n - 1].hi = (HI);     \
        else out[n++] = (fric_region_span){ (LO), (HI), (REG) };           \
    } while (0)
    for (int i = 0; i <= np; i++) {
        double hi = i < np ? pt[i] : t1;
        if (hi > lo) PUSH(lo, hi, interval_region(pp, &L, mid(lo, hi)));
        if (i < np) {
            int reg = is_root[i] ? FRIC_REGION_STATIC
                    : fric_regions_classify(law, dtheta, m0 + dm * pt[i], e0 + de * pt[i]);
            PUSH(pt[i], pt[i], reg);
            lo = pt[i];
        }
    }
#undef PUSH
    return n;
}

void fric__regions_edges(const fric_region_span *sp, int n, double tau_m,
                         double *lo, double *hi, int *rlo, int *rhi)
{
    const double t = -tau_m;                 /* τe = −τm: no net torque, static */
    int i = 0;
    while (i < n - 1 && !(sp[i].lo <= t && t <= sp[i].hi && sp[i].region == FRIC_REGION_STATIC))
        i++;
    *lo = sp[i].lo;
    *hi = sp[i].hi;
    *rlo = i > 0 ? sp[i - 1].region : FRIC_REGION_INVALID;
    *rhi = i < n - 1 ? sp[i + 1].region : FRIC_REGION_INVALID;
}

/* ------------------------------------------------------------ public API */

static fric_status copy_out(const fric_region_span *sp, int k, fric_region_span *out, int cap,
                            int *n, const char **why)
{
    if (!out || cap < k) {
        fric__why(why, fric__regions_say_cap(cap, k));
        *n = 0;
        return fric__rc();
    }
    for (int i = 0; i < k; i++) out[i] = sp[i];
    *n = k;
    if (why) *why = "";
    return 0;
}

fric_status fric_regions_spans(const fric_regions_law *law, double dtheta, double tau_m,
                               fric_region_span *out, int cap, int *n, const char **why)
{
    *n = 0;
    if (fric_regions_check(law, dtheta, why)) return fric__rc();
    if (!isfinite(tau_m)) {
        fric__why(why, fric__regions_say_arg("tau_m", tau_m, "a finite motor torque in N·m"));
        return fric__rc();
    }
    fric__rprep pp;
    fric_region_span sp[FRIC_REGIONS_MAX_SPANS];
    fric__regions_prep(law, dtheta, &pp);
    int k = fric__regions_line(law, dtheta, &pp, tau_m, 0, 0, 1, -INFINITY, INFINITY, sp);
    return copy_out(sp, k, out, cap, n, why);
}

fric_status fric_regions_static_edges(const fric_regions_law *law, double dtheta, double tau_m,
                                      double *lo, double *hi, int *region_lo, int *region_hi,
                                      const char **why)
{
    fric_region_span sp[FRIC_REGIONS_MAX_SPANS];
    int n, rlo, rhi;
    *lo = *hi = NAN;
    if (fric_regions_spans(law, dtheta, tau_m, sp, FRIC_REGIONS_MAX_SPANS, &n, why)) return fric__rc();
    fric__regions_edges(sp, n, tau_m, lo, hi, &rlo, &rhi);
    if (region_lo) *region_lo = rlo;
    if (region_hi) *region_hi = rhi;
    return 0;
}

fric_status fric_regions_on_ray(const fric_regions_law *law, double dtheta, double cm, double ce,
                                fric_region_span *out, int cap, int *n, const char **why)
{
    *n = 0;
    if (fric_regions_check(law, dtheta, why)) return fric__rc();
    if (!isfinite(cm) || !isfinite(ce) || (cm == 0 && ce == 0)) {
        fric__why(why, fric__regions_say_arg("(cm, ce)", cm == 0 ? ce : cm,
                                             "a finite direction other than (0, 0)"));
        return fric__rc();
    }
    fric__rprep pp;
    fric_region_span sp[FRIC_REGIONS_MAX_SPANS];
    fric__regions_prep(law, dtheta, &pp);
    int k = fric__regions_line(law, dtheta, &pp, 0, 0, cm, ce, 0, INFINITY, sp);
    return copy_out(sp, k, out, cap, n, why);
}
