/*
 * regions_plot.c: drive/backdrive diagrams for plotting (Duclusaud &
 * Passault Figs. 2-4): the corners of the boundary curves, polylines of
 * the paper's τ_drive(τm) and τ_backdrive(τm), and the CSV of
 * `friction diagram` (formats in fric_regions.h).
 *
 * Corners. Between two adjacent cut lines through the origin, g is one
 * polynomial in (τm, τe); for M1-M5 and the screw it is A + (a linear form),
 * so the boundary there is a straight segment, and it can only bend where
 * it meets a cut line. Along a cut line's two rays g is one polynomial in
 * the radius (fric__regions_line), whose roots are those corners. With
 * the corners' τm among the samples, joining exact boundary points by
 * straight lines reproduces the boundary exactly (M6's arcs excepted).
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>

#include "base.h"
#include "regions_internal.h"

static int check_window(double T, const char **why)
{
    if (isfinite(T) && T > 0) return 0;
    fric__why(why, fric__regions_say_arg("max_torque T", T, "a finite torque > 0 N·m"));
    return fric__rc();
}

/* Corners with |τm| <= Tm and |τe| <= Te, without checks; returns their
 * number (<= FRIC_REGIONS_MAX_CORNERS). */
static int corners(const fric_regions_law *law, double dtheta, const fric__rprep *pp,
                   double Tm, double Te, double *cm, double *ce)
{
    double a[FRIC__REGIONS_MAX_FORMS], b[FRIC__REGIONS_MAX_FORMS];
    const int nf = fric__regions_forms(pp, a, b);
    int n = 0;
    for (int i = 0; i < nf; i++) {
        const double len = hypot(a[i], b[i]);
        for (int dir = -1; dir <= 1; dir += 2) {
            /* the ray r·(b, −a)/len, r >= 0, along the cut line a·τm + b·τe = 0 */
            const double dm = dir * b[i] / len, de = -dir * a[i] / len;
            fric_region_span sp[FRIC_REGIONS_MAX_SPANS];
            int k = fric__regions_line(law, dtheta, pp, 0, 0, dm, de, 0, INFINITY, sp);
            for (int j = 0; j + 1 < k; j++) {
                const double r = sp[j].hi, m = r * dm, e = r * de;
                if (!(fabs(m) <= Tm && fabs(e) <= Te)) continue;
                int dup = 0;
                for (int q = 0; q < n && !dup; q++)
                    dup = fabs(cm[q] - m) <= 0x1p-44 * Tm
                       && fabs(ce[q] - e) <= 0x1p-44 * (Tm + fabs(e));
                if (!dup && n < FRIC_REGIONS_MAX_CORNERS) {
                    cm[n] = m;
                    ce[n] = e;
                    n++;
                }
            }
        }
    }
    return n;
}

fric_status fric_regions_corners(const fric_regions_law *law, double dtheta, double T,
                                 double *tau_m, double *tau_e, int cap, int *n, const char **why)
{
    *n = 0;
    if (fric_regions_check(law, dtheta, why) || check_window(T, why)) return fric__rc();
    fric__rprep pp;
    double cm[FRIC_REGIONS_MAX_CORNERS], ce[FRIC_REGIONS_MAX_CORNERS];
    fric__regions_prep(law, dtheta, &pp);
    int k = corners(law, dtheta, &pp, T, T, cm, ce);
    if (!tau_m || !tau_e || cap < k) {
        fric__why(why, fric__regions_say_cap(cap, k));
        return fric__rc();
    }
    for (int i = 0; i < k; i++) {
        tau_m[i] = cm[i];
        tau_e[i] = ce[i];
    }
    *n = k;
    if (why) *why = "";
    return 0;
}

/* ---------------------------------------------------------------- samples */

/* The τm samples: n uniform points on [−T, T] merged with extra[] (sorted,
 * inside [−T, T]), repeats (within 2^-44·T) dropped. */
typedef struct {
    double T;
    int n, i;
    const double *extra;
    int ne, j;
    int started;
    double last;
} sampler;

static double grid(const sampler *s, int i)
{
    return s->T * (double)(2 * i - (s->n - 1)) / (double)(s->n - 1);
}

static int next_sample(sampler *s, double *x)
{
    for (;;) {
        double g = s->i < s->n ? grid(s, s->i) : INFINITY;
        double e = s->j < s->ne ? s->extra[s->j] : INFINITY;
        if (isinf(g) && isinf(e)) return 0;
        double v;
        if (g <= e) { v = g; s->i++; }
        else { v = e; s->j++; }
        if (s->started && v <= s->last + 0x1p-44 * s->T) continue;
        s->started = 1;
        s->last = v;
        *x = v;
        return 1;
    }
}

/* Sorted τm of the corners with |τm| <= T (any τe), plus 0; the count. */
static int extra_samples(const fric_regions_law *law, double dtheta, const fric__rprep *pp,
                         double T, double *x)
{
    double ce[FRIC_REGIONS_MAX_CORNERS];
    int n = corners(law, dtheta, pp, T, INFINITY, x, ce);
    x[n++] = 0;
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && x[j - 1] > x[j]; j--) {
            double t = x[j];
            x[j] = x[j - 1];
            x[j - 1] = t;
        }
    return n;
}

static int check_n(int n, const char **why)
{
    if (n >= 2 && n <= 10000000) return 0;
    fric__why(why, fric__say_id("regions.n_samples_whole",
                       "n = {n} samples must be a whole number in [2, 10000000].",
                       fric__values(fric__i("n", n))));
    return fric__rc();
}

fric_status fric_regions_polyline(const fric_regions_law *law, double dtheta, double T, int n,
                                  double *tau_m, double *tau_e_lo, double *tau_e_hi,
                                  int cap, int *count, const char **why)
{
    *count = 0;
    if (fric_regions_check(law, dtheta, why) || check_window(T, why) || check_n(n, why))
        return fric__rc();
    fric__rprep pp;
    double extra[FRIC_REGIONS_MAX_CORNERS + 1];
    fric__regions_prep(law, dtheta, &pp);
    sampler s = { T, n, 0, extra, extra_samples(law, dtheta, &pp, T, extra), 0, 0, 0 };
    const int need_max = n + s.ne;
    if (!tau_m || !tau_e_lo || !tau_e_hi || cap < need_max) {
        fric__why(why, fric__regions_say_cap(cap, need_max));
        return fric__rc();
    }
    double x;
    int k = 0;
    while (next_sample(&s, &x)) {
        fric_region_span sp[FRIC_REGIONS_MAX_SPANS];
        int ns = fric__regions_line(law, dtheta, &pp, x, 0, 0, 1, -INFINITY, INFINITY, sp);
        int rlo, rhi;
        tau_m[k] = x;
        fric__regions_edges(sp, ns, x, &tau_e_lo[k], &tau_e_hi[k], &rlo, &rhi);
        k++;
    }
    *count = k;
    if (why) *why = "";
    return 0;
}

/* -------------------------------------------------------------------- CSV */

static void row(fric__text *o, double v, int region, const char *boundary, long piece,
                double tm, double te)
{
    /* + 0.0 prints −0 as 0 */
    fric__put(o, "%.17g,%s,%s,%ld,%.17g,%.17g\n", v + 0.0, fric_region_name(region), boundary, piece,
        tm + 0.0, te + 0.0);
}

/* One of the two edge polylines (upper or lower end of the static interval
 * around τe = −τm) while the samples go by. */
typedef struct {
    int upper;           /* 1: upper end (drive side for τm > 0)    */
    int have_prev, open; /* a finite previous sample; a piece open   */
    double pm, pe;       /* previous sample                          */
    int label;           /* region of the open piece                 */
    long piece;          /* its number                               */
} edge_track;

static void track(fric__text *o, edge_track *tr, double v, double tm, double te, long *next_piece)
{
    if (!isfinite(te)) {
        tr->have_prev = tr->open = 0;
        return;
    }
    if (tr->have_prev) {
        /* The region beyond the edge between the two samples: above the
         * static interval τm + τe > 0, below it < 0; drive iff that has the
         * sign of τm (fric_regions.h). */
        const double mid = tr->pm / 2 + tm / 2;
        const int lab = (tr->upper ? mid > 0 : mid < 0) ? FRIC_REGION_DRIVE
                                                        : FRIC_REGION_BACKDRIVE;
        const char *name = tr->upper ? "upper" : "lower";
        if (!tr->open || lab != tr->label) {
            tr->open = 1;
            tr->label = lab;
            tr->piece = (*next_piece)++;
            row(o, v, lab, name, tr->piece, tr->pm, tr->pe);
        }
        row(o, v, lab, name, tr->piece, tm, te);
    }
    tr->have_prev = 1;
    tr->pm = tm;
    tr->pe = te;
}

fric_status fric_regions_csv(const fric_regions_law *law, const double *dthetas, int n_vel,
                             double T, int n, char *buf, size_t cap, size_t *len, const char **why)
{
    fric__text o = { buf, buf ? cap : 0, 0 };
    *len = 0;
    if (o.cap) buf[0] = '\0';
    if (!dthetas || n_vel < 1 || n_vel > 10000) {
        fric__why(why, fric__say_id("regions.values_given_give",
                           "velocities: {n_vel} values given; give 1 to 10000 finite velocities in "
                           "rad/s.",
                           fric__values(fric__i("n_vel", dthetas ? n_vel : 0))));
        return fric__rc();
    }
    if (fric_regions_check(law, 0, why) || check_window(T, why) || check_n(n, why)) return fric__rc();
    for (int i = 0; i < n_vel; i++)
        if (fric_regions_check(law, dthetas[i], why)) return fric__rc();

    fric__put(&o, "velocity,region,boundary,piece,tau_m,tau_e\n");
    long next_piece = 0;
    for (int iv = 0; iv < n_vel; iv++) {
        const double v = dthetas[iv];
        fric__rprep pp;
        double extra[FRIC_REGIONS_MAX_CORNERS + 1];
        fric__regions_prep(law, v, &pp);
        sampler s = { T, n, 0, extra, extra_samples(law, v, &pp, T, extra), 0, 0, 0 };
        edge_track up = { 1, 0, 0, 0, 0, 0, 0 }, dn = { 0, 0, 0, 0, 0, 0, 0 };
        double x;
        while (next_sample(&s, &x)) {
            fric_region_span sp[FRIC_REGIONS_MAX_SPANS];
            int ns = fric__regions_line(law, v, &pp, x, 0, 0, 1, -INFINITY, INFINITY, sp);
            double lo, hi;
            int rlo, rhi;
            fric__regions_edges(sp, ns, x, &lo, &hi, &rlo, &rhi);
            track(&o, &up, v, x, hi, &next_piece);
            track(&o, &dn, v, x, lo, &next_piece);
            /* every other region change on this vertical line */
            for (int i = 0; i + 1 < ns; i++) {
                const double t = sp[i].hi;
                if (t == lo || t == hi || (i > 0 && t == sp[i - 1].hi)) continue;
                int reg = sp[i].region != FRIC_REGION_STATIC ? sp[i].region : sp[i + 1].region;
                row(&o, v, reg, "other", -1, x, t);
            }
        }
    }
    *len = o.len;
    if (why) *why = "";
    return 0;
}
