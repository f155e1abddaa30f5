/*
 * fit_sensitivity.c: how well each parameter of a fit is identified, by the
 * reference's method (Rhoban/bam bam/sensitivity.py, Apache-2.0, Copyright
 * 2025 Marc Duclusaud & Grégoire Passault; the method as the data README
 * states it): each free parameter alone, all others held at the fitted
 * point p, is moved from its value v0 toward each bound of its search box;
 * 20 evenly spaced scan points v0 + (far − v0)·k/20; at the first whose loss
 * exceeds base·(1 + tolerance), 24 bisections between the last point inside
 * and that one, and the last point found inside is the range's end; the
 * bound itself ("clamped") when no scan point exceeds it.
 *
 * The loss is the caller's: the fit's own (fric_fit_loss, the mean of the
 * logs' MAEs) in the CLI and the Fit view. bam scores the whole batch's
 * samples at once; the two agree when every log has as many samples (the
 * processed logs: 1200 each).
 */
#include <math.h>

#include "fric_fit.h"
#include "base.h"

double fric_fit_sensitivity_loss(void *ctx, const double *p)
{
    const fric_fit_sensitivity_ctx *c = ctx;
    return fric_fit_loss(c->target, p, c->batch, c->lanes, NULL);
}

/* The value in [v0, far] where the loss first exceeds threshold (bam's
 * find_bound); *clamped when it never does. p[i] is restored. */
static double find_bound(int i, double *p, double v0, double far, double threshold,
                         fric_fit_loss_fn loss, void *ctx, int *clamped)
{
    *clamped = 0;
    if (far - v0 == 0.0) return v0;
    double previous = v0, bound = far;
    int crossed = 0;
    for (int k = 1; k <= FRIC_FIT_SENS_SCAN && !crossed; k++) {
        double value = v0 + (far - v0) * ((double)k / FRIC_FIT_SENS_SCAN);
        p[i] = value;
        if (loss(ctx, p) > threshold) {
            double inside = previous, outside = value;
            for (int b = 0; b < FRIC_FIT_SENS_BISECT; b++) {
                double mid = 0.5 * (inside + outside);
                p[i] = mid;
                if (loss(ctx, p) <= threshold) inside = mid;
                else outside = mid;
            }
            bound = inside;
            crossed = 1;
        }
        previous = value;
    }
    p[i] = v0;
    *clamped = !crossed;
    return bound;
}

fric_status fric_fit_sensitivity(const fric_fit_space *s, const double *p, double tolerance,
                                 fric_fit_loss_fn loss, void *ctx, double *base,
                                 fric_fit_range out[FRIC_FIT_N], const char **why)
{
    const char *m = NULL;
    if (!s || !p || !loss || !out)
        m = fric__fail_id(FRIC_E_NULL, -1, "fit.space_point_loss",
                "sensitivity: the space, the point, the loss and out must be given.",
                fric__no_values);
    else if (!(tolerance > 0) || !isfinite(tolerance))
        m = fric__fail_id(FRIC_E_PARAM_RANGE, -1, "fit.tolerance_finite_relative",
                "sensitivity: tolerance = {tolerance} must be a finite relative loss increase > 0 "
                "(the reference uses 0.03).",
                fric__values(fric__g("tolerance", tolerance)));
    for (int i = 0; !m && i < FRIC_FIT_N; i++)
        if (!isfinite(p[i]))
            m = fric__fail_id(FRIC_E_PARAM_RANGE, i, "fit.not_finite",
                    "sensitivity: {i} = {p} is not finite.",
                    fric__values(fric__s("i", fric_fit_param_key(i)), fric__g("p", p[i])));
    double q[FRIC_FIT_N], b = NAN;
    if (!m) {
        for (int i = 0; i < FRIC_FIT_N; i++) q[i] = p[i];
        b = loss(ctx, q);
        if (!isfinite(b))
            m = fric__fail_id(FRIC_E_NONFINITE, -1, "fit.loss_fitted_point",
                    "sensitivity: the loss at the fitted point is {b}; it must be finite (a bench "
                    "the replay can run).",
                    fric__values(fric__g("b", b)));
    }
    if (m) {
        if (why) *why = m;
        return fric__rc();
    }
    double threshold = b * (1.0 + tolerance);
    for (int i = 0; i < FRIC_FIT_N; i++) {
        fric_fit_range *r = &out[i];
        r->value = r->lower = r->upper = p[i];
        r->lower_clamped = r->upper_clamped = 0;
        r->free_ = s->free_[i] != 0;
        if (!r->free_) continue;
        /* the upper end first, as the reference */
        r->upper = find_bound(i, q, p[i], s->hi[i], threshold, loss, ctx, &r->upper_clamped);
        r->lower = find_bound(i, q, p[i], s->lo[i], threshold, loss, ctx, &r->lower_clamped);
    }
    if (base) *base = b;
    if (why) *why = "";
    return 0;
}
