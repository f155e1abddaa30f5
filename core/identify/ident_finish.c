/*
 * ident_finish.c: a joint's result from a finished fit (fric_ident.h
 * fric_ident_finish): what fric_ident_joint does after its CMA-ES loop, for
 * a door that steps the fitters itself (the page's worker, with progress and
 * Cancel; the FRIC_IDENT_STARTS searches' best set): the sensitivity ranges of the best set (fric_fit_sensitivity's
 * scan at FRIC_FIT_SENS_TOLERANCE on the joint's loss) and the verdict.
 * Same arithmetic as fric_ident_joint's, so a stepped fit run to its end
 * gives the native CLI's result bit for bit.
 */
#include <string.h>

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

fric_status fric_ident_finish(const fric_ident_set *set, int j, const fric_native_params *p, double train_mae, long evals,
                              fric_ident_result *out, const char **why)
{
    if (!set || !p || !out || j < 0 || j >= set->joints) {
        fric__why(why, fric__fail_id(FRIC_E_NULL, -1, "ident.finish_null",
                                     "ident: the set, a joint of it, the fitted set and the result must be given.",
                                     fric__no_values));
        return FRIC_E_NULL;
    }
    memset(out, 0, sizeof *out);
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
    for (int i = 0; i < FRIC_NATIVE_FIT_N; i++) {
        out->lower[i] = r[i].lower;
        out->upper[i] = r[i].upper;
        out->lower_clamped[i] = r[i].lower_clamped;
        out->upper_clamped[i] = r[i].upper_clamped;
        if (!box.held[i] && (r[i].lower_clamped || r[i].upper_clamped)) {
            out->verdict.param_flags[i] |= FRIC_IDENT_FLAG(RANGE_AT_BOUND);
            out->verdict.flags |= FRIC_IDENT_FLAG(RANGE_AT_BOUND);
        }
    }
    if (why) *why = "";
    return FRIC_OK;
}
