/*
 * ident_fit.c: the fit of a robot's joint (fric_ident.h): the native
 * fitter of fit_native.c (CMA-ES, fric_cmaes.h, in the box of the fitted
 * native keys) scoring each set by the joint's simulation over the
 * recordings (ident.c); the ranges by fric_fit_sensitivity's scan; what
 * the data can tell, from the goals, the tracks and the ranges.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fric_fit.h"
#include "fric_ident.h"
#include "base.h"
#include "fit_internal.h"
#include "ident_internal.h"

static const char *const flag_id[] = {
#define ID(f, id, text) id,
    FRIC_IDENT_FLAGS(ID)
#undef ID
};
static const char *const flag_text[] = {
#define TEXT(f, id, text) text,
    FRIC_IDENT_FLAGS(TEXT)
#undef TEXT
};

const char *fric_ident_flag_id(int b)
{
    return b >= 0 && b < FRIC_IDENT_N_FLAGS ? flag_id[b] : NULL;
}

const char *fric_ident_flag_text(int b)
{
    return b >= 0 && b < FRIC_IDENT_N_FLAGS ? flag_text[b] : NULL;
}

size_t fric_ident_forcerange_sentence(const fric_ident_verdict *v, char *buf, size_t size)
{
    if (v && v->flags & FRIC_IDENT_FLAG(FORCERANGE_NOT_FITTED) && v->demand_max > 0 && v->force_floor > 0)
        return fric__sentence(buf, size, "ident.forcerange_unsaturated",
                              "forcerange not fitted (left without a limit): the recording asks the fitted servo "
                              "for at most {demand} N·m, so a forcerange above that changes nothing, and any "
                              "forcerange down to {floor} N·m fits within {tol} % as well: the recording does not "
                              "saturate the servo",
                              fric__values(fric__gp("demand", 3, v->demand_max), fric__gp("floor", 3, v->force_floor),
                                           fric__g("tol", 100 * FRIC_FIT_SENS_TOLERANCE)));
    fric__no_sentence();
    if (buf && size) buf[0] = '\0';
    return 0;
}

void fric_ident_space_default(const fric_ident_options *o, fric_native_fit_space *s, fric_native_params *start)
{
    fric_native_fit_space_default(NULL, s);
    /* kv lumped into damping, no calibration offset (the MJCF's zero),
       forcerange not fitted (no limit) */
    s->held[AT_kv] = 1, s->value[AT_kv] = 0;
    s->held[AT_q_offset] = 1, s->value[AT_q_offset] = 0;
    s->held[AT_forcerange_hi] = 1, s->value[AT_forcerange_hi] = 0;
    fric_native_fit_start(NULL, s, start);
    start->firmware_kp = o && o->firmware_kp > 0 ? o->firmware_kp : FRIC_IDENT_FIRMWARE_KP;
}

/* ------------------------------------------------------------ the fitter */

typedef struct {
    const fric_ident_set *set;
    int j;
} joint_ctx;

static void joint_loss(void *ctx, const fric_native_params *P, int count, double *out)
{
    const joint_ctx *c = ctx;
    fric__ident_loss_many(c->set, c->j, P, count, out);
}

struct fric_ident_fitter {
    joint_ctx ctx;
    fric_native_fitter *nf;
    fric_ident_progress prog;
};

static void progress_of(fric_ident_fitter *f)
{
    const fric_native_fit_progress *g = fric_native_fitter_progress(f->nf);
    f->prog = (fric_ident_progress){ g->evals, g->budget, g->generation, g->best_loss, g->done, g->best };
}

fric_ident_fitter *fric_ident_fitter_create(const fric_ident_set *set, int j, const fric_native_params *start,
                                            const fric_native_fit_space *s, long budget, uint64_t seed,
                                            const char **why)
{
    const char *m = NULL;
    if (!set || !start || !s)
        m = fric__fail_door(FRIC_E_NULL, -1, "ident fit: ", "ident.fitter_null", "the set, the start and the box must be given.",
                          fric__no_values);
    else if (j < 0 || j >= set->joints)
        m = fric__say_door("ident fit: ", "ident.joint_index", "joint {j} is not one of the recording's {n} joints.",
                         fric__values(fric__i("j", j), fric__i("n", set->joints)));
    fric_ident_fitter *f = m ? NULL : calloc(1, sizeof *f);
    if (!m && !f)
        m = fric__fail_door(FRIC_E_NO_MEMORY, -1, "ident fit: ", "ident.fitter_memory", "out of memory.", fric__no_values);
    if (m) {
        if (why) *why = m;
        return NULL;
    }
    f->ctx = (joint_ctx){ set, j };
    f->nf = fric__native_fitter_create(NULL, joint_loss, &f->ctx, start, s, budget, seed, why);
    if (!f->nf) {
        free(f);
        return NULL;
    }
    progress_of(f);
    return f;
}

int fric_ident_fitter_step(fric_ident_fitter *f)
{
    if (!f) {
        fric__fail_door(FRIC_E_NULL, -1, "ident fit step: ", "ident.fitter_step_null", "the fitter must be given.",
                      fric__no_values);
        return -1;
    }
    int rc = fric_native_fitter_step(f->nf);
    progress_of(f);
    return rc;
}

void fric_ident_fitter_stop(fric_ident_fitter *f)
{
    if (f) fric_native_fitter_stop(f->nf);
}

const fric_ident_progress *fric_ident_fitter_progress(const fric_ident_fitter *f)
{
    return f ? &f->prog : NULL;
}

void fric_ident_fitter_destroy(fric_ident_fitter *f)
{
    if (!f) return;
    fric_native_fitter_destroy(f->nf);
    free(f);
}

/* -------------------------------------------------- what the data tells */

/* The share below which a part of the torque is not seen: under a tenth
 * of the torque the joint's motion takes (RMS), it is left to the noise of
 * q̈ from 30 Hz positions (the armature's part), or it cannot set the scale
 * of the servo's parameters (the MJCF's own part: the joint's equation
 * (M_jj + a)·q̈ = kp·(g − q) − c·q̇ − f + load is unchanged when kp, c, f
 * and a are scaled together, but for M_jj·q̈ and the load). */
#define SHARE_MIN 0.1

typedef struct {
    double load;   /* the hold's mean load [N·m] */
    int side;      /* +1 approached from below (the goal rose into it), −1 from above */
    int clean;     /* 1: came into without ringing past it (came_from_side) */
    size_t rec, from, end;   /* the recording and its frames [from, end) */
} hold;

/* The measured position's quantisation allowed for in a joint's motion
 * toward a hold: one count, and half of one for the float32 rounding of a
 * dataset and the CSV's digits [counts]. */
#define APPROACH_SLACK 1.5

/* 1 when joint j came into the hold [from, end) of recording r from side
 * `side` (+1 below, −1 above) the way the friction band's edge shows: its
 * measured position moving toward the hold only (back by at most
 * APPROACH_SLACK counts) over FRIC_IDENT_HOLD_S before the goal stopped and
 * through the hold. The joint stops at the band's edge on its side (the
 * spring force kp·|goal − q| falls to the frictionloss there) only when it
 * arrives without overshoot; a joint that rings past the goal and back
 * comes to rest wherever its swing dies, anywhere in the band (an
 * underdamped servo moved fast: a teleoperated gripper), and the gap
 * 2·frictionloss/kp between the two sides does not show. */
static int came_from_side(const fric_recording *r, int j, size_t from, size_t end, int side)
{
    const size_t J = (size_t)r->joints;
    const double slack = APPROACH_SLACK * FRIC_IDENT_COUNT;
    size_t a = from;
    while (a > 0 && r->t[a - 1] >= r->t[from] - FRIC_IDENT_HOLD_S) a--;
    double ext = r->pos[a * J + (size_t)j];   /* the furthest toward the side so far */
    for (size_t k = a; k < end; k++) {
        const double q = r->pos[k * J + (size_t)j];
        if (side * (ext - q) > slack) return 0;
        ext = side > 0 ? fmax(ext, q) : fmin(ext, q);
    }
    return 1;
}

/* The swing of joint j's residual at its holds with the load (fric_ident_
 * verdict's pose_swing) [rad]: per hold the mean of the simulated (p) less
 * the measured position, e; e = a_side + b·load fitted by least squares
 * with an intercept per approach side (the friction band's error, opposite
 * on the two sides, stays out of b); |b| times the holds' load range. At a
 * hold the servo rests where kp·(goal − q) + load equals the friction on
 * its side, q = goal + (load ∓ frictionloss)/kp: a load wrong by ΔL (a link
 * of a wrong mass or centre of mass in the MJCF) moves the simulated hold
 * by ΔL/kp. The part of ΔL proportional to the joint's whole load is
 * absorbed by kp; the rest, a link's share of the load changing from pose
 * to pose, stays in e and follows the load. A correct MJCF leaves e within
 * the quantisation (a hold's mean within half a count of the true one; T0:
 * 0.11–0.16 counts RMS, a swing of 0.05–0.08 counts). 0 with fewer than 3
 * holds, or with the holds' loads within the friction band (2·frictionloss:
 * no gravity load that varies, shoulder_pan's). */
static double pose_swing(const fric_ident_set *set, int j, const fric_native_params *p, const hold *holds, size_t nh)
{
    if (nh < 3) return 0;
    double *e = malloc(nh * sizeof *e);
    double *sim = NULL;
    size_t cap = 0;
    for (size_t i = 0; i < set->count; i++) cap = set->rec[i]->n > cap ? set->rec[i]->n : cap;
    if (e) sim = malloc(cap * sizeof *sim);
    double swing = 0;
    if (sim) {
        size_t rec = set->count;   /* the recording simulated into sim */
        for (size_t h = 0; h < nh; h++) {
            const fric_recording *r = set->rec[holds[h].rec];
            const size_t J = (size_t)r->joints;
            if (holds[h].rec != rec) fric_ident_simulate(set, rec = holds[h].rec, j, p, sim, cap);
            double sum = 0;
            for (size_t k = holds[h].from; k < holds[h].end; k++) sum += sim[k] - r->pos[k * J + (size_t)j];
            e[h] = sum / (double)(holds[h].end - holds[h].from);
        }
        /* the means per side, then b over the deviations from them */
        double n[2] = { 0 }, mL[2] = { 0 }, me[2] = { 0 }, lo = INFINITY, hi = -INFINITY;
        for (size_t h = 0; h < nh; h++) {
            const int s = holds[h].side > 0;
            n[s]++, mL[s] += holds[h].load, me[s] += e[h];
            lo = fmin(lo, holds[h].load), hi = fmax(hi, holds[h].load);
        }
        for (int s = 0; s < 2; s++)
            if (n[s] > 0) mL[s] /= n[s], me[s] /= n[s];
        double sLL = 0, sLe = 0;
        for (size_t h = 0; h < nh; h++) {
            const int s = holds[h].side > 0;
            const double dL = holds[h].load - mL[s];
            sLL += dL * dL, sLe += dL * (e[h] - me[s]);
        }
        /* a load that stays within the friction band has no pose to follow */
        swing = sLL > 0 && isfinite(sLe) && hi - lo > 2 * p->frictionloss ? fabs(sLe / sLL) * (hi - lo) : 0;
    }
    free(sim);
    free(e);
    return swing;
}

void fric_ident_verdict_of(const fric_ident_set *set, int j, const fric_native_params *p, fric_ident_verdict *v)
{
    memset(v, 0, sizeof *v);
    v->load_min = INFINITY;
    v->load_max = -INFINITY;
    size_t cap = 0, nh = 0;
    for (size_t i = 0; i < set->count; i++) cap += set->rec[i]->n;
    hold *holds = malloc((cap ? cap : 1) * sizeof *holds);
    double inertia = 0, arm2 = 0, tau2 = 0, known2 = 0;
    size_t frames = 0;
    for (size_t i = 0; i < set->count; i++) {
        const fric_recording *r = set->rec[i];
        const fric_ident_tracks *tr = set->tr[i];
        const size_t J = (size_t)r->joints, n = r->n;
        int last = 0;   /* the sign of the goal's last move */
        size_t still_from = 0;
        for (size_t k = 0; k < n; k++) {
            const size_t c = k * J + (size_t)j;
            const double L = tr->load[c];
            v->load_min = fmin(v->load_min, L);
            v->load_max = fmax(v->load_max, L);
            inertia += tr->inertia[c];
            /* the torque the joint's motion takes, (M_jj + armature)·q̈ − τe,
               against the armature's part of it */
            const double a = p->armature * tr->ddq[c], tau = (tr->inertia[c] + p->armature) * tr->ddq[c] - L;
            const double known = tr->inertia[c] * tr->ddq[c] - L;
            arm2 += a * a;
            tau2 += tau * tau;
            known2 += known * known;
            frames++;
            const double d = k ? r->goal[c] - r->goal[c - J] : 0;
            const int moves = fabs(d) > FRIC_IDENT_STILL;
            if (k && (moves || k + 1 == n)) {
                /* a still run [still_from, k) ends: a hold when long enough */
                const size_t end = moves ? k : n;
                if (r->t[end - 1] - r->t[still_from] >= FRIC_IDENT_HOLD_S && last != 0 && holds) {
                    double sum = 0;
                    for (size_t q = still_from; q < end; q++) sum += tr->load[q * J + (size_t)j];
                    const int clean = came_from_side(r, j, still_from, end, last);
                    holds[nh++] = (hold){ sum / (double)(end - still_from), last, clean, i, still_from, end };
                    if (clean && last > 0) v->holds_below++;
                    else if (clean) v->holds_above++;
                }
            }
            if (moves) {
                const int sgn = d > 0 ? 1 : -1;
                if (last != 0 && sgn != last) v->reversals++;
                last = sgn;
                still_from = k;
            }
        }
    }
    v->inertia_mean = frames ? inertia / (double)frames : 0;
    v->accel_share = tau2 > 0 ? sqrt(arm2 / tau2) : 0;
    v->known_share = tau2 > 0 ? sqrt(known2 / tau2) : 0;
    /* a pair of holds from both sides at a similar load: their loads closer
       than the friction, so the gap 2·frictionloss/kp shows beside the
       load's own offset (load/kp) */
    int pair = 0;
    for (size_t a = 0; a < nh && !pair; a++)
        for (size_t b = a + 1; b < nh && !pair; b++)
            pair = holds[a].clean && holds[b].clean && holds[a].side != holds[b].side &&
                   fabs(holds[a].load - holds[b].load) <= p->frictionloss;
    v->pose_swing = p->kp > 0 ? pose_swing(set, j, p, holds, nh) : 0;
    free(holds);
    /* forcerange: fitted where fric_ident_finish found the recording
       saturating the servo (p then limited), else not fitted */
    const unsigned unlimited = fric_native_limited(p) ? 0 : FRIC_IDENT_FLAG(FORCERANGE_NOT_FITTED);
    v->flags = FRIC_IDENT_FLAG(KV_LUMPED) | unlimited;
    if (v->reversals == 0) v->flags |= FRIC_IDENT_FLAG(NO_REVERSAL);
    if (!pair) v->flags |= FRIC_IDENT_FLAG(NO_HOLD_BOTH_SIDES);
    if (v->accel_share < SHARE_MIN) v->flags |= FRIC_IDENT_FLAG(ARMATURE_SMALL);
    if (v->known_share < SHARE_MIN) v->flags |= FRIC_IDENT_FLAG(RATIOS_ONLY);
    if (v->pose_swing > FRIC_IDENT_POSE_SWING) v->flags |= FRIC_IDENT_FLAG(POSE_RESIDUAL);
    const unsigned ratios = v->flags & FRIC_IDENT_FLAG(RATIOS_ONLY);
    v->param_flags[AT_frictionloss] =
        ratios | (v->flags & (FRIC_IDENT_FLAG(NO_REVERSAL) | FRIC_IDENT_FLAG(NO_HOLD_BOTH_SIDES)));
    v->param_flags[AT_kp] =
        ratios | (v->flags & (FRIC_IDENT_FLAG(NO_HOLD_BOTH_SIDES) | FRIC_IDENT_FLAG(POSE_RESIDUAL)));
    v->param_flags[AT_damping] = ratios;
    v->param_flags[AT_armature] = ratios | (v->flags & FRIC_IDENT_FLAG(ARMATURE_SMALL));
    v->param_flags[AT_kv] = FRIC_IDENT_FLAG(KV_LUMPED);
    /* a fitted limit scales with the other four (the joint's equation is
       unchanged when kp, frictionloss, damping, armature and forcerange are
       scaled together, but for the link's own inertia and load) */
    v->param_flags[AT_forcerange_hi] = unlimited ? unlimited : ratios;
}

/* ------------------------------------------------------------ the joint */

fric_status fric_ident_native_budget_each(const fric_ident_options *o, long budget, long *each, const char **why)
{
    fric_native_fit_space box;
    fric_native_params start;
    fric_ident_space_default(o, &box, &start);
    return fric_ident_budget_each(budget, fric_native_fit_space_free_count(&box), each, why);
}

fric_status fric_ident_joint(const fric_ident_set *set, int j, long budget, uint64_t seed, fric_ident_result *out,
                             const char **why)
{
    if (!out) {
        fric__why(why, fric__fail_door(FRIC_E_NULL, -1, "ident: ", "ident.result_null", "the result must be given.",
                                     fric__no_values));
        return FRIC_E_NULL;
    }
    memset(out, 0, sizeof *out);
    fric_native_fit_space box;
    fric_native_params start;
    fric_ident_space_default(set ? &set->o : NULL, &box, &start);
    long each;
    if (fric_ident_native_budget_each(set ? &set->o : NULL, budget, &each, why)) return fric__rc();
    out->train_mae = INFINITY;
    for (int k = 0; k < FRIC_IDENT_STARTS; k++) {
        fric_ident_fitter *f = fric_ident_fitter_create(set, j, &start, &box, each, seed + (uint64_t)k,
                                                        why);
        if (!f) return fric__rc();
        while (fric_ident_fitter_step(f) == 0) continue;
        const fric_ident_progress *g = fric_ident_fitter_progress(f);
        if (g->best_loss < out->train_mae) out->p = g->best, out->train_mae = g->best_loss;
        out->evals += g->evals;
        fric_ident_fitter_destroy(f);
    }
    /* the ranges and the verdict of the best of the searches (the part a
       door that steps the fitters itself calls alone) */
    const fric_native_params best = out->p;
    const double mae = out->train_mae;
    const long evals = out->evals;
    return fric_ident_finish(set, j, &best, mae, evals, out, why);
}
