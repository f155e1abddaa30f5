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
#include <string.h>

#include "fric_cmaes.h"
#include "fric_fit.h"
#include "fric_ident.h"
#include "base.h"
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

fric_status fric_ident_finish(const fric_ident_set *set, int j, const fric_native_params *p, double train_mae, long evals,
                              fric_ident_result *out, const char **why)
{
    if (fric__ident_joint_begin(set, j, p, out, sizeof *out, "ident.finish_null",
                                "the set, a joint of it, the fitted set and the result must be given.", fric__no_values, why))
        return FRIC_E_NULL;
    fric_native_fit_space box;
    fric_native_params start;
    fric_ident_space_default(&set->o, &box, &start);
    out->p = *p;
    out->evals = evals;
    out->train_mae = train_mae;
    fric_fit_space fs;
    fric__native_fs(&box, &fs);
    double x[FRIC_FIT_N] = { 0 };
    fric_native_fit_values(&out->p, x);
    finish_ctx ctx = { set, j, &out->p };
    fric_fit_range r[FRIC_FIT_N];
    double base = 0;
    if (fric_fit_sensitivity(&fs, x, FRIC_FIT_SENS_TOLERANCE, finish_loss, &ctx, &base, r, why)) return fric__rc();
    fric_ident_verdict_of(set, j, &out->p, &out->verdict);
    fric__ident_ranges(r, fs.free_, FRIC_NATIVE_FIT_N, out->lower, out->upper, out->lower_clamped, out->upper_clamped,
                       out->verdict.param_flags, &out->verdict.flags);
    if (why) *why = "";
    return FRIC_OK;
}
