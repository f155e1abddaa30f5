/*
 * ident_finish.c: a joint's result from a finished fit (fric_ident.h
 * fric_ident_finish): what fric_ident_joint does after its CMA-ES loop, for
 * a door that steps the fitters itself (the page's worker, with progress and
 * Cancel; the FRIC_IDENT_STARTS searches' best set): the sensitivity ranges of the best set (fric_fit_sensitivity's
 * scan at FRIC_FIT_SENS_TOLERANCE on the joint's loss) and the verdict.
 * Same arithmetic as fric_ident_joint's, so a stepped fit run to its end
 * gives the native CLI's result bit for bit. Also what every joint's
 * result begins and ends with (fric__ident_joint_begin,
 * fric__ident_ranges), bam's too (ident_bam.c).
 */
#include <math.h>
#include <string.h>

#include "fric_cmaes.h"
#include "fric_fit.h"
#include "fric_ident.h"
#include "base.h"
#include "cmaes_internal.h"
#include "fit_internal.h"
#include "ident_internal.h"

typedef struct {
    const fric_ident_set *set;
    int j;
    const fric_native_params *base;
} finish_ctx;

/* The joint's loss at the fitted values x (FRIC_NATIVE_FIT_LIST's) written into base [rad]. */
static double finish_loss(void *ctx, const double *x)
{
    const finish_ctx *c = ctx;
    fric_native_params q;
    fric_native_fit_apply(c->base, x, &q);
    return fric_ident_loss(c->set, c->j, &q);
}

fric_status fric__ident_joint_begin(const fric_ident_set *set, int j, const void *what, void *out, size_t size,
                                    const char *id, const char *text, int n, const fric__value *v,
                                    const char **why)
{
    if (!set || !what || !out || j < 0 || j >= set->joints) {
        fric__why(why, fric__fail_door(FRIC_E_NULL, -1, "ident: ", id, text, n, v));
        return FRIC_E_NULL;
    }
    memset(out, 0, size);
    return FRIC_OK;
}

fric_status fric_ident_budget_each(long budget, int n_free, long *each, const char **why)
{
    const long whole = budget > 0 ? budget : FRIC_IDENT_BUDGET;
    const long lam = fric_cmaes_default_lambda(n_free);
    if (whole / FRIC_IDENT_STARTS < lam) {
        fric__why(why, fric__say_id("ident.budget_small",
                                    "budget {budget} gives each of the {starts} searches {each} evaluations, "
                                    "under one CMA-ES generation of {lam} for {n} free parameters; give a "
                                    "budget of at least {least}.",
                                    fric__values(fric__i("budget", whole), fric__i("starts", FRIC_IDENT_STARTS),
                                                 fric__i("each", whole / FRIC_IDENT_STARTS), fric__i("lam", lam),
                                                 fric__i("n", n_free), fric__i("least", lam * FRIC_IDENT_STARTS))));
        return FRIC_E_PARAM_RANGE;
    }
    if (each) *each = whole / FRIC_IDENT_STARTS;
    return FRIC_OK;
}

void fric__ident_ranges(const fric_fit_range *r, const unsigned char *free_, int n, double *lower, double *upper,
                        int *lower_clamped, int *upper_clamped, unsigned *param_flags, unsigned *flags)
{
    for (int i = 0; i < n; i++) {
        lower[i] = r[i].lower;
        upper[i] = r[i].upper;
        lower_clamped[i] = r[i].lower_clamped;
        upper_clamped[i] = r[i].upper_clamped;
        if (free_[i] && (r[i].lower_clamped || r[i].upper_clamped)) {
            param_flags[i] |= FRIC_IDENT_FLAG(RANGE_AT_BOUND);
            *flags |= FRIC_IDENT_FLAG(RANGE_AT_BOUND);
        }
    }
}

/* forcerange's scan: FORCE_SCAN limits spaced evenly on a log scale from
 * the demand D down to D/FORCE_SPAN (a step of (1/20)^(1/24), 12 %; the
 * lattice of those steps, the first at or below D), each
 * scored with the rest of the fitted set held; the tolerance's crossing
 * then bisected FORCE_BISECT times on the log scale (to 0.8 %). A
 * servo that cannot give a twentieth of what the fitted servo asks for
 * holds no pose against its own friction and gravity: below the scan. */
#define FORCE_SCAN 24
#define FORCE_SPAN 20.0
#define FORCE_BISECT 4
/* The golden-section steps refining the scan's best limit where it lowers
 * the loss (0.618^12: the bracket of two scan steps to 0.08 %). */
#define FORCE_GOLDEN 12
/* The seed of the search with forcerange free (one search, from the scan's
 * limit; fixed, so every door that finishes a joint gets the same bits). */
#define FORCE_SEED 7

static void with_limit(const fric_native_params *p, double F, fric_native_params *q)
{
    *q = *p;
    q->forcerange_hi = F;
    q->forcerange_lo = -F;
}

/* The scan of p (loss mae [rad]) below its demand *D [N·m]: P[i], L[i]
 * the limits and their losses; returns the index of the lowest loss, −1
 * when the demand is not finite (nothing scanned). */
static int force_scan(const fric_ident_set *set, int j, const fric_native_params *p, double mae, double *D,
                      fric_native_params *P, double *L)
{
    *D = fric__ident_demand(set, j, p);
    if (!(*D > 0 && isfinite(*D)) || !isfinite(mae)) return -1;
    /* the limits on a fixed log lattice below D, not scaled from D: D
       carries the tracks' last digits, which differ between the doors'
       MuJoCos (3e-11), the lattice does not (the core's own exp and log,
       cmaes.c: the same bits in every door's libm) */
    const double step = fric__cmaes_log(FORCE_SPAN) / FORCE_SCAN;
    const double top = floor(fric__cmaes_log(*D) / step);
    for (int i = 0; i < FORCE_SCAN; i++) with_limit(p, fric__cmaes_exp((top - i) * step), &P[i]);
    fric__ident_loss_many(set, j, P, FORCE_SCAN, L);
    int best = 0;
    for (int i = 1; i < FORCE_SCAN; i++)
        if (L[i] < L[best]) best = i;
    return best;
}

/* The least limit whose loss stays within the tolerance of mae, down from
 * the demand D through the scan P, L of p, bisected on the log scale [N·m]. */
static double force_floor(const fric_ident_set *set, int j, const fric_native_params *p, double mae, double D,
                          const fric_native_params *P, const double *L)
{
    const double within = mae * (1 + FRIC_FIT_SENS_TOLERANCE);
    int a = -1;   /* the last limit of the scan within it (−1: D itself) */
    while (a + 1 < FORCE_SCAN && L[a + 1] <= within) a++;
    double hi = a < 0 ? D : P[a].forcerange_hi;
    if (a + 1 == FORCE_SCAN) return hi;   /* within it down to the scan's end */
    double lo = P[a + 1].forcerange_hi;
    for (int k = 0; k < FORCE_BISECT; k++) {
        fric_native_params m;
        with_limit(p, sqrt(lo * hi), &m);
        if (fric_ident_loss(set, j, &m) <= within) hi = m.forcerange_hi;
        else lo = m.forcerange_hi;
    }
    return hi;
}

/* The scan's best limit P[best] of p refined: a golden-section search on
 * the log scale between its neighbours (D above the first), the rest of p
 * held (above the first: a step up), FORCE_GOLDEN evaluations; *q, *loss
 * the best (L[best] to beat). */
static void force_refine(const fric_ident_set *set, int j, const fric_native_params *p, const fric_native_params *P,
                         const double *L, int best, fric_native_params *q, double *loss)
{
    const double r = 0.6180339887498949;   /* (√5 − 1)/2 */
    double a = fric__cmaes_log(best + 1 < FORCE_SCAN ? P[best + 1].forcerange_hi : P[best].forcerange_hi);
    /* above the first: the lattice's next step (at or above D: no limit) */
    double b = best > 0 ? fric__cmaes_log(P[best - 1].forcerange_hi)
                        : fric__cmaes_log(P[0].forcerange_hi) + fric__cmaes_log(FORCE_SPAN) / FORCE_SCAN;
    double x1 = b - r * (b - a), x2 = a + r * (b - a);
    fric_native_params m1, m2;
    with_limit(p, fric__cmaes_exp(x1), &m1), with_limit(p, fric__cmaes_exp(x2), &m2);
    double f1 = fric_ident_loss(set, j, &m1), f2 = fric_ident_loss(set, j, &m2);
    *q = P[best], *loss = L[best];
    for (int k = 0; k < FORCE_GOLDEN; k++) {
        if (f1 < *loss) *q = m1, *loss = f1;
        if (f2 < *loss) *q = m2, *loss = f2;
        if (f1 <= f2) {
            b = x2, x2 = x1, f2 = f1, m2 = m1;
            x1 = b - r * (b - a);
            with_limit(p, fric__cmaes_exp(x1), &m1);
            f1 = fric_ident_loss(set, j, &m1);
        } else {
            a = x1, x1 = x2, f1 = f2, m1 = m2;
            x2 = a + r * (b - a);
            with_limit(p, fric__cmaes_exp(x2), &m2);
            f2 = fric_ident_loss(set, j, &m2);
        }
    }
    if (f1 < *loss) *q = m1, *loss = f1;
    if (f2 < *loss) *q = m2, *loss = f2;
}

/* One search of `each` evaluations in box b from start (seed FORCE_SEED):
 * *q, *loss its best where below *loss; *extra += its evaluations. 0, or
 * −1 with *why. */
static int force_search(const fric_ident_set *set, int j, const fric_native_params *start,
                        const fric_native_fit_space *b, long each, fric_native_params *q, double *loss, long *extra,
                        const char **why)
{
    fric_ident_fitter *f = fric_ident_fitter_create(set, j, start, b, each, FORCE_SEED, why);
    if (!f) return -1;
    while (fric_ident_fitter_step(f) == 0) continue;
    const fric_ident_progress *g = fric_ident_fitter_progress(f);
    if (g->best_loss < *loss) *q = g->best, *loss = g->best_loss;
    *extra += g->evals;
    fric_ident_fitter_destroy(f);
    return 0;
}

/* forcerange's stage of joint j after the search with it unlimited (p, its
 * loss mae [rad], evals evaluations; box the default, forcerange held):
 * *q the set kept and *loss its loss [rad], *extra the evaluations of its
 * searches, *demand the demand of *q without its limit [N·m]. Where a
 * limit of the scan lowers the loss by more than the tolerance, two
 * searches of a third of evals each: the five keys (forcerange free) from
 * that limit, and, as the control, the four from p, forcerange held
 * unlimited; the limit is kept only where the first ends more than the
 * tolerance below the second (a limit that stood in for a search not run
 * to its end, a short budget, goes with the four keys' search): returns 1
 * and opens box's forcerange (the search's bounds). Else 0 with *floor the
 * least limit of *q within the tolerance [N·m] (0 when the demand is not
 * finite). */
static int force_stage(const fric_ident_set *set, int j, const fric_native_params *p, double mae, long evals,
                       fric_native_fit_space *box, fric_native_params *q, double *loss, long *extra, double *demand,
                       double *floor_, const char **why)
{
    *q = *p, *loss = mae, *extra = 0, *floor_ = 0;
    fric_native_params P[FORCE_SCAN];
    double L[FORCE_SCAN], D;
    const int best = force_scan(set, j, p, mae, &D, P, L);
    *demand = D;
    if (best < 0) return 0;
    if (L[best] < mae * (1 - FRIC_FIT_SENS_TOLERANCE)) {
        fric_native_fit_space open = *box;
        open.held[AT_forcerange_hi] = 0;
        open.lo[AT_forcerange_hi] = fmin(open.lo[AT_forcerange_hi], D / FORCE_SPAN);
        open.hi[AT_forcerange_hi] = fmax(open.hi[AT_forcerange_hi], D);
        const long lam = fric_cmaes_default_lambda(fric_native_fit_space_free_count(&open));
        const long each = evals / FRIC_IDENT_STARTS > lam ? evals / FRIC_IDENT_STARTS : lam;
        fric_native_params q5, q4 = *p;
        double l5, l4 = mae;
        force_refine(set, j, p, P, L, best, &q5, &l5);
        const fric_native_params from = q5;
        if (force_search(set, j, &from, &open, each, &q5, &l5, extra, why) ||
            force_search(set, j, p, box, each, &q4, &l4, extra, why))
            return -1;
        if (l5 < l4 * (1 - FRIC_FIT_SENS_TOLERANCE)) {
            *box = open;
            *q = q5, *loss = l5;
            *demand = fric__ident_demand(set, j, q);   /* the fitted servo's, its limit removed */
            return 1;
        }
        /* the limit stood in for more search: the four keys' search kept,
           scanned again */
        *q = q4, *loss = l4;
        if (force_scan(set, j, q, l4, &D, P, L) < 0) return 0;
        *demand = D;
    }
    *floor_ = force_floor(set, j, q, *loss, D, P, L);
    return 0;
}

fric_status fric_ident_finish(const fric_ident_set *set, int j, const fric_native_params *p, double train_mae, long evals,
                              fric_ident_result *out, const char **why)
{
    if (fric__ident_joint_begin(set, j, p, out, sizeof *out, "ident.finish_null",
                                "the set, a joint of it, the fitted set and the result must be given.", fric__no_values, why))
        return FRIC_E_NULL;
    fric_native_fit_space box;
    fric_native_params start;
    fric_ident_space_default(&set->o, &box, &start);
    long extra = 0;
    double demand = 0, floor_ = 0;
    const int saturated = force_stage(set, j, p, train_mae, evals, &box, &out->p, &out->train_mae, &extra, &demand,
                                      &floor_, why);
    if (saturated < 0) return fric__rc();
    out->evals = evals + extra;
    fric_fit_space fs;
    fric__native_fs(&box, &fs);
    double x[FRIC_FIT_N] = { 0 };
    fric_native_fit_values(&out->p, x);
    finish_ctx ctx = { set, j, &out->p };
    fric_fit_range r[FRIC_FIT_N];
    double base = 0;
    if (fric_fit_sensitivity(&fs, x, FRIC_FIT_SENS_TOLERANCE, finish_loss, &ctx, &base, r, why)) return fric__rc();
    fric_ident_verdict_of(set, j, &out->p, &out->verdict);
    out->verdict.demand_max = demand;
    out->verdict.force_floor = saturated ? 0 : floor_;
    fric__ident_ranges(r, fs.free_, FRIC_NATIVE_FIT_N, out->lower, out->upper, out->lower_clamped, out->upper_clamped,
                       out->verdict.param_flags, &out->verdict.flags);
    if (why) *why = "";
    return FRIC_OK;
}
