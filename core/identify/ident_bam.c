/*
 * ident_bam.c: a robot's joint identified as bam's servo with M1 or M4
 * (fric_ident_bam.h; Duclusaud & Passault §III, §IV-A): the bench's servo
 * step (core/system/bench/bench_step.c, fric_bench_step_inertia and
 * fric_bench_step_load) walked through the set of ident.c (its windows,
 * frame steps and tracks) by ident_walk.h, a CMA-ES generation's sets side
 * by side, searched by CMA-ES (fric_cmaes.h) in the bench fit's box
 * (fric_fit_space, log scales), ranged by fric_fit_sensitivity and judged
 * by fric_ident_verdict_of.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fric_cmaes.h"
#include "fric_ident_bam.h"
#include "base.h"
#include "ident_internal.h"
#include "ident_walk.h"

int fric_ident_model_find(const char *name)
{
    if (!name) return -1;
    if (!strcmp(name, "native")) return FRIC_IDENT_NATIVE;
    if (!strcmp(name, "m1")) return FRIC_IDENT_M1;
    if (!strcmp(name, "m4")) return FRIC_IDENT_M4;
    return -1;
}

fric_status fric_ident_bam_target(const char *actuator, int model, fric_fit_target *t, const char **why)
{
    if (model != FRIC_IDENT_M1 && model != FRIC_IDENT_M4) {
        fric__why(why, fric__say_door("ident: ", "ident.bam_model", "the model M{model} is not one a robot's joint is "
                                    "fitted with here: M1 or M4.", fric__values(fric__i("model", model))));
        return fric__rc();
    }
    const char *name = fric_bench_actuator_resolve(actuator);
    if (fric_fit_target_init(t, name ? name : actuator, model, why)) return fric__rc();
    /* the recording's firmware gain is a position servo's P on the PWM duty
       cycle (LeRobot's STS3215 P = 16): the effective gain
       kt·vin·kp·error_gain/R of fric_ident_bam_result has no meaning for a
       current or torque loop, whose kp is another quantity */
    if (t->servo.control != FRIC_SERVO_VOLTAGE) {
        fric__why(why, fric__say_id("ident.bam_control",
                                    "actuator {actuator} is not a voltage-controlled servo (its loop is on "
                                    "the current or the torque); a robot's recording is fitted with a servo whose "
                                    "firmware P loop drives the PWM: choose sts3215, sts321512v, xl330, xl320, "
                                    "mx64 or mx106.",
                                    fric__values(fric__s("actuator", name ? name : actuator))));
        return fric__rc();
    }
    return fric_fit_target_integrator(t, FRIC_BENCH_INTEGRATOR_MUJOCO, why);
}

static void hold(fric_fit_space *s, int i, double v)
{
    s->free_[i] = 0;
    s->value[i] = v;
}

fric_status fric_ident_bam_space(const char *actuator, const fric_fit_target *t, fric_fit_space *s, const char **why)
{
    const char *act = fric_bench_actuator_resolve(actuator);
    if (fric_fit_space_default(act ? act : actuator, t ? t->model : 0, s, why)) return fric__rc();
    /* a robot's joint reaches beyond a bench's servo: the native
       identification's boxes (fric_ident_space_default) for friction and
       armature, on log scales */
    s->lo[FRIC_FIT_K_C] = 1e-4, s->hi[FRIC_FIT_K_C] = 2;
    s->lo[FRIC_FIT_ARMATURE] = 1e-5, s->hi[FRIC_FIT_ARMATURE] = 0.1;
    hold(s, FRIC_FIT_K_V, 0);          /* the back-EMF kt²/R carries it */
    hold(s, FRIC_FIT_Q_OFFSET, 0);     /* the MJCF's zero */
    /* the firmware constants at the actuator's own */
    hold(s, FRIC_FIT_ERROR_GAIN_RATIO, t->servo.error_gain_ratio);
    hold(s, FRIC_FIT_MAX_VELOCITY, t->servo.max_velocity);
    hold(s, FRIC_FIT_CURRENT_LIMIT, t->servo.current_limit);
    hold(s, FRIC_FIT_MAX_TORQUE, t->servo.max_torque);
    /* the start: the box's centre (decode of 0.5 for every free value) */
    double x[FRIC_FIT_N], p[FRIC_FIT_N];
    int idx[FRIC_FIT_N];
    const int n = fric_fit_space_free_indices(s, idx);
    for (int k = 0; k < n; k++) x[k] = 0.5;
    fric_fit_space_decode(s, x, p);
    for (int k = 0; k < n; k++) s->value[idx[k]] = p[idx[k]];
    return fric_fit_space_check(s, t->model, why);
}

/* ---------------------------------------------------------- simulation */

/* The bench def of p for the set's joints: t's law at the recording's
 * firmware gain, the actuator's supply, the set's timestep (mass and length
 * are fric_fit_apply's, unused by the load step). 1 when the bench takes it. */
static int def_of(const fric_ident_set *s, const fric_fit_target *t, const double *p, fric_bench_def *d)
{
    fric_fit_apply(t, p, d);
    d->kp = s->o.firmware_kp;
    d->dt = s->o.h;
    return fric_bench_check(d, NULL) == FRIC_OK;
}

/* bam's servo's lanes for the walk (ident_walk.h): the bench's step with
 * the joint's load (fric_bench_step_load, core/system/bench/bench_step.c)
 * of each def d[c], at the joint's inertia of the frame plus the def's
 * armature. */
typedef struct {
    const fric_bench_def *d[IDENT_LANES];
    fric_bench_state st[IDENT_LANES];
} bam_lanes;

static void bam_start(void *v, int c, double q, double dq, double goal)
{
    bam_lanes *L = v;
    fric_bench_init(L->d[c], &L->st[c], q, dq, NULL);
    L->st[c].target = goal;   /* the firmware's target: the goal it followed */
}

static void bam_inertia(void *v, int c, double link)
{
    bam_lanes *L = v;
    fric_bench_step_inertia(L->d[c], &L->st[c], link + L->d[c]->servo.armature);
}

static int bam_step(void *v, int c, double goal, double tau_e)
{
    bam_lanes *L = v;
    return fric_bench_step_load(L->d[c], &L->st[c], goal, tau_e);
}

static double bam_q(const void *v, int c)
{
    const bam_lanes *L = v;
    return L->st[c].q;
}

static const ident_walk_ops bam_ops = { bam_start, bam_inertia, bam_step, bam_q };

void fric_ident_bam_loss_many(const fric_ident_set *s, const fric_fit_target *t, int j, const double *P, int count,
                              double *out)
{
    if (!out || count <= 0) return;
    const int bad = !s || !t || !P || j < 0 || j >= s->joints;
    for (int c0 = 0; c0 < count; c0 += IDENT_LANES) {
        const int m = count - c0 < IDENT_LANES ? count - c0 : IDENT_LANES;
        fric_bench_def d[IDENT_LANES];
        bam_lanes L;
        double acc[IDENT_LANES];   /* Σ over the recordings walked so far */
        for (int c = 0; c < m; c++) {
            acc[c] = !bad && def_of(s, t, P + (size_t)(c0 + c) * FRIC_FIT_N, &d[c]) ? 0 : INFINITY;
            L.d[c] = &d[c];
        }
        for (size_t i = 0; !bad && i < s->count; i++) {
            int live[IDENT_LANES];
            double sum[IDENT_LANES];
            /* a set out of the finite range in a recording is not walked through the next */
            for (int c = 0; c < m; c++) live[c] = isfinite(acc[c]);
            ident_walk(s, i, j, &bam_ops, &L, m, live, sum, NULL, 0);
            for (int c = 0; c < m; c++) acc[c] += sum[c];
        }
        for (int c = 0; c < m; c++) out[c0 + c] = bad ? INFINITY : acc[c] / (double)s->frames;
    }
}

double fric_ident_bam_simulate(const fric_ident_set *s, const fric_fit_target *t, size_t rec, int j,
                               const double *p, double *sim_q, size_t cap)
{
    fric_bench_def d;
    if (!s || !t || !p || rec >= s->count || j < 0 || j >= s->joints || !def_of(s, t, p, &d)) return INFINITY;
    bam_lanes L;
    int live = 1;
    double sum;
    L.d[0] = &d;
    ident_walk(s, rec, j, &bam_ops, &L, 1, &live, &sum, sim_q, cap);
    return sum / (double)s->rec[rec]->n;
}

double fric_ident_bam_loss(const fric_ident_set *s, const fric_fit_target *t, int j, const double *p)
{
    double out;
    fric_ident_bam_loss_many(s, t, j, p, 1, &out);
    return out;
}

/* ---------------------------------------------------------------- fit */

typedef struct {
    const fric_ident_set *set;
    const fric_fit_target *t;
    int j;
} bam_ctx;

static double bam_loss_cb(void *ctx, const double *p)
{
    const bam_ctx *c = ctx;
    return fric_ident_bam_loss(c->set, c->t, c->j, p);
}

/* The stepped fit (fric_ident_bam_fitter): the FRIC_IDENT_STARTS searches
 * of seeds seed, seed + 1, ... one after the other, each CMA-ES from the
 * box's centre with the native fitter's settings (fit_native.c: σ0 0.3 of
 * each range, the box [0, 1]^n, two BIPOP restarts), a generation's sets
 * walked side by side (fric_ident_bam_loss_many); the best of the ended
 * searches kept (the first of equal losses). */
struct fric_ident_bam_fitter {
    bam_ctx ctx;
    fric_fit_space box;
    int n;                                  /* free values                  */
    fric_cmaes *es[FRIC_IDENT_STARTS];
    int k;                                  /* the search running           */
    int cap;                                /* rows X holds (λ max)         */
    double *X, *f, *P;                      /* [cap·n], [cap], [cap·FRIC_FIT_N] */
    double best[FRIC_FIT_N];                /* the ended searches' best     */
    double best_loss;                       /*   its loss [rad]             */
    long evals;                             /*   their evaluations          */
    int generations;                        /*   their generations          */
    int stopped;                            /* 1: stop was called           */
    fric_ident_bam_progress prog;
};

/* prog from the ended searches and the running one's best so far. */
static void bam_progress_of(fric_ident_bam_fitter *f)
{
    fric_ident_bam_progress *g = &f->prog;
    g->evals = f->evals, g->generation = f->generations;
    g->best_loss = f->best_loss;
    memcpy(g->best, f->best, sizeof g->best);
    g->search = f->k < FRIC_IDENT_STARTS ? f->k : FRIC_IDENT_STARTS - 1;
    if (g->done) return;
    const fric_cmaes_info *info = fric_cmaes_get_info(f->es[f->k]);
    g->evals += info->evals, g->generation += info->generation;
    if (info->best_f < g->best_loss) {
        fric_fit_space_decode(&f->box, info->best_x, g->best);
        g->best_loss = info->best_f;
    }
}

void fric_ident_bam_fitter_destroy(fric_ident_bam_fitter *f)
{
    if (!f) return;
    for (int k = 0; k < FRIC_IDENT_STARTS; k++) fric_cmaes_destroy(f->es[k]);
    free(f->X), free(f->f), free(f->P);
    free(f);
}

fric_ident_bam_fitter *fric_ident_bam_fitter_create(const fric_ident_set *set, const char *actuator,
                                                    const fric_fit_target *t, int j, long budget, uint64_t seed,
                                                    const char **why)
{
    fric_ident_bam_result scratch;
    if (fric__ident_joint_begin(set, j, t, &scratch, sizeof scratch, "ident.bam_null",
                                "the set, a joint of it, the target and the result must be given.", fric__no_values, why))
        return NULL;
    fric_fit_space box;
    if (fric_ident_bam_space(actuator, t, &box, why)) return NULL;
    int idx[FRIC_FIT_N];
    const int n = fric_fit_space_free_indices(&box, idx);
    long each;
    if (fric_ident_budget_each(budget, n, &each, why)) return NULL;
    fric_ident_bam_fitter *f = calloc(1, sizeof *f);
    if (!f) {
        fric__why(why, fric__fail_door(FRIC_E_NO_MEMORY, -1, "ident fit: ", "ident.fitter_memory", "out of memory.",
                                     fric__no_values));
        return NULL;
    }
    f->ctx = (bam_ctx){ set, t, j };
    f->box = box;
    f->n = n;
    double x0[FRIC_FIT_N];
    for (int k = 0; k < n; k++) x0[k] = 0.5;
    for (int k = 0; k < FRIC_IDENT_STARTS; k++) {
        const fric_cmaes_def cd = { .n = n, .sigma0 = 0.3, .x0 = x0, .box = 1, .budget = each, .restarts = 2,
                                    .seed = seed + (uint64_t)k };
        f->es[k] = fric_cmaes_create(&cd, why);
        if (!f->es[k]) {
            fric_ident_bam_fitter_destroy(f);
            return NULL;
        }
        const int cap = fric_cmaes_lambda_max(f->es[k]);
        if (cap > f->cap) f->cap = cap;
    }
    f->X = malloc((size_t)f->cap * (size_t)n * sizeof *f->X);
    f->f = malloc((size_t)f->cap * sizeof *f->f);
    f->P = malloc((size_t)f->cap * FRIC_FIT_N * sizeof *f->P);
    if (!f->X || !f->f || !f->P) {
        fric_ident_bam_fitter_destroy(f);
        fric__why(why, fric__fail_door(FRIC_E_NO_MEMORY, -1, "ident fit: ", "ident.fitter_memory", "out of memory.",
                                     fric__no_values));
        return NULL;
    }
    /* before any search: the box's centre, no loss yet */
    memcpy(f->best, box.value, sizeof f->best);
    f->best_loss = INFINITY;
    f->prog.budget = each * FRIC_IDENT_STARTS;
    bam_progress_of(f);
    if (why) *why = "";
    return f;
}

int fric_ident_bam_fitter_step(fric_ident_bam_fitter *f)
{
    if (!f) {
        fric__fail_door(FRIC_E_NULL, -1, "ident fit step: ", "ident.fitter_step_null", "the fitter must be given.",
                      fric__no_values);
        return -1;
    }
    while (!f->prog.done) {
        fric_cmaes *es = f->es[f->k];
        const int lam = fric_cmaes_ask(es, f->X, f->cap);
        if (lam > 0) {
            /* the generation's sets walked side by side */
            for (int i = 0; i < lam; i++)
                fric_fit_space_decode(&f->box, f->X + (size_t)i * (size_t)f->n, f->P + (size_t)i * FRIC_FIT_N);
            fric_ident_bam_loss_many(f->ctx.set, f->ctx.t, f->ctx.j, f->P, lam, f->f);
            fric_cmaes_tell(es, f->f);
            break;
        }
        /* search k ended: its best kept when below the ended ones' */
        const fric_cmaes_info *info = fric_cmaes_get_info(es);
        if (info->best_f < f->best_loss) {
            fric_fit_space_decode(&f->box, info->best_x, f->best);
            f->best_loss = info->best_f;
        }
        f->evals += info->evals, f->generations += info->generation;
        if (f->stopped) f->prog.done = FRIC_CMAES_STOPPED;
        else if (++f->k == FRIC_IDENT_STARTS)
            f->prog.done = info->stop != FRIC_CMAES_RUNNING ? info->stop : FRIC_CMAES_STOPPED;
    }
    bam_progress_of(f);
    return f->prog.done;
}

void fric_ident_bam_fitter_stop(fric_ident_bam_fitter *f)
{
    if (!f || f->prog.done) return;
    f->stopped = 1;
    fric_cmaes_stop(f->es[f->k]);
}

const fric_ident_bam_progress *fric_ident_bam_fitter_progress(const fric_ident_bam_fitter *f)
{
    return f ? &f->prog : NULL;
}

fric_status fric_ident_bam_fitter_result(const fric_ident_bam_fitter *f, fric_ident_bam_result *out, const char **why)
{
    if (fric__ident_joint_begin(f ? f->ctx.set : NULL, f ? f->ctx.j : -1, f ? f->ctx.t : NULL, out, sizeof *out,
                                "ident.bam_null", "the set, a joint of it, the target and the result must be given.",
                                fric__no_values, why))
        return FRIC_E_NULL;
    const fric_ident_set *set = f->ctx.set;
    const fric_fit_target *t = f->ctx.t;
    const int j = f->ctx.j;
    const fric_fit_space box = f->box;
    const bam_ctx ctx = f->ctx;
    memcpy(out->p, f->best, sizeof out->p);
    out->train_mae = f->best_loss;
    out->evals = f->evals;
    /* the ranges of the best set */
    fric_fit_range r[FRIC_FIT_N];
    double base = 0;
    if (fric_fit_sensitivity(&box, out->p, FRIC_FIT_SENS_TOLERANCE, bam_loss_cb, (void *)&ctx, &base, r, why))
        return fric__rc();
    /* the verdict: the native identification's from the recording and the
       tracks, at the friction and armature of the fitted set */
    fric_bench_def d;
    def_of(set, t, out->p, &d);
    /* the friction at rest without load (M4: K_c + K_cs), the native
       frictionloss's counterpart */
    const double rest = fric_servo_frictionloss(&d.friction, 0, 0, 0);
    fric_native_params np;
    memset(&np, 0, sizeof np);
    np.frictionloss = rest;
    np.armature = out->p[FRIC_FIT_ARMATURE];
    fric_ident_verdict_of(set, j, &np, &out->verdict);
    const unsigned *nf = out->verdict.param_flags;
    out->param_flags[FRIC_FIT_KT] = out->param_flags[FRIC_FIT_R] = nf[AT_kp];
    out->param_flags[FRIC_FIT_K_C] = nf[AT_frictionloss];
    out->param_flags[FRIC_FIT_ARMATURE] = nf[AT_armature];
    /* the native verdict's own lumps (kv, forcerange) are not this model's */
    out->verdict.flags &= ~(FRIC_IDENT_FLAG(KV_LUMPED) | FRIC_IDENT_FLAG(FORCERANGE_NOT_FITTED));
    out->verdict.flags |= FRIC_IDENT_FLAG(VISCOUS_LUMPED);
    out->param_flags[FRIC_FIT_K_V] = FRIC_IDENT_FLAG(VISCOUS_LUMPED);
    if (t->model == FRIC_IDENT_M4) {
        const unsigned ratios = out->verdict.flags & FRIC_IDENT_FLAG(RATIOS_ONLY);
        out->param_flags[FRIC_FIT_K_CS] = out->param_flags[FRIC_FIT_DTHETA_S] = out->param_flags[FRIC_FIT_ALPHA] =
            nf[AT_frictionloss];
        out->param_flags[FRIC_FIT_K_L] = out->param_flags[FRIC_FIT_K_LS] = ratios;
        /* the load-dependent friction K_l·L shows only where the load moves
           by more than the friction band */
        if (out->verdict.load_max - out->verdict.load_min < 2 * rest) {
            out->verdict.flags |= FRIC_IDENT_FLAG(LOAD_SMALL);
            out->param_flags[FRIC_FIT_K_L] |= FRIC_IDENT_FLAG(LOAD_SMALL);
            out->param_flags[FRIC_FIT_K_LS] |= FRIC_IDENT_FLAG(LOAD_SMALL);
        }
    }
    fric__ident_ranges(r, box.free_, FRIC_FIT_N, out->lower, out->upper, out->lower_clamped, out->upper_clamped,
                       out->param_flags, &out->verdict.flags);
    for (int i = 0; i < FRIC_FIT_N; i++) {
        out->free_[i] = box.free_[i];
        if (!box.free_[i] && i != FRIC_FIT_K_V) out->param_flags[i] = 0;
    }
    /* MuJoCo's kp counterpart: the duty's gain times the drive's kt·vin/R */
    out->gain = d.servo.kt * d.vin * d.kp * d.servo.error_gain * d.servo.error_gain_ratio / d.servo.R;
    if (why) *why = "";
    return FRIC_OK;
}

fric_status fric_ident_bam_joint(const fric_ident_set *set, const char *actuator, const fric_fit_target *t, int j,
                                 long budget, uint64_t seed, fric_ident_bam_result *out, const char **why)
{
    if (fric__ident_joint_begin(set, j, t, out, sizeof *out, "ident.bam_null",
                                "the set, a joint of it, the target and the result must be given.", fric__no_values, why))
        return FRIC_E_NULL;
    fric_ident_bam_fitter *f = fric_ident_bam_fitter_create(set, actuator, t, j, budget, seed, why);
    if (!f) return fric__rc();
    while (fric_ident_bam_fitter_step(f) == 0) continue;
    const fric_status rc = fric_ident_bam_fitter_result(f, out, why);
    fric_ident_bam_fitter_destroy(f);
    return rc;
}
