/*
 * test_ident_bam.c: a robot's joint identified as bam's servo
 * (fric_ident_bam.h) on recordings made here by a simulation of its own,
 * sharing no code with the fit's step:
 *   recovery  a pendulum joint (link inertia 0.01 kg·m², gravity
 *             τe = −G·sin q, G = 0.6 N·m) driven by an STS3215 of known
 *             M1 parameters, stepped here from the paper's equations
 *             (Duclusaud & Passault §IV-A eqs. 11-12: duty = (q_s − q)·kp·
 *             error_gain clipped to ±max_pwm, τm = kt·vin·duty/R −
 *             kt²·q̇/R; the firmware's target q_s moving at most
 *             3400·2π/4096 rad/s; M1's Coulomb friction K_c taken at the
 *             end of the step as Kikuuwe's element A does, v' = 0 when
 *             |v*| <= h·K_c/J, else v* − sign(v*)·h·K_c/J; MuJoCo's Euler
 *             q' = q + h·v'), recorded at 25 frames a second (40 steps of
 *             1 ms: the observation of frame k is the state at t_k, before
 *             goal k acts), quantised to 4096 counts a turn; its tracks
 *             written here (inertia, −G·sin q_meas, −G·cos q_meas). Fitted
 *             back (1500 evaluations): the effective gain kt·vin·kp·
 *             error_gain/R within 5 %, the back-EMF damping kt²/R within
 *             10 %, friction_base within 10 %, armature within 25 %, the
 *             training MAE under one count. A self-consistency check of the
 *             model's equations (the same equations written twice), not of
 *             the equations against a servo;
 *   M4 flags  the same joint without gravity (G = 0: a load that never
 *             moves) has M4's load-dependent terms flagged not identifiable
 *             (LOAD_SMALL on load_friction_base and load_friction_stribeck),
 *             with gravity (its load's range about 0.9 N·m: poses ±0.6
 *             and sweeps ±0.3 rad; the friction band twice M4's friction
 *             at rest, K_c + K_cs) not;
 *   lanes    a generation's sets walked side by side give each set's loss
 *             walked alone, bit for bit;
 *   left     a simulation that leaves the finite range gives NaN positions
 *             from there on;
 *   stepped  bam's stepped fitter (fric_ident_bam_fitter) against its
 *             contract written here from CMA-ES's own API (fric_cmaes.h):
 *             FRIC_IDENT_STARTS searches of seeds seed, seed + 1, ... from the
 *             box's centre, σ0 0.3, the box [0, 1]^n, two BIPOP restarts,
 *             fric_ident_budget_each's evaluations each, the first best of
 *             equal losses kept: the same vector, loss and evaluations bit for
 *             bit (a consistency check of one definition, the fitter and
 *             fric_ident_bam_joint's loop over it, against the contract);
 *             its progress a generation a step (more than one step, the
 *             evaluations rising, the best loss never rising), and stop
 *             honoured at the next step (STOPPED, fewer evaluations than the
 *             budget, a result at the best so far);
 *   refusals a model other than M1 and M4, an unknown actuator.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_main.h"

#include "fric_cmaes.h"
#include "fric_ident_bam.h"

#define PI 3.141592653589793
#define H 1e-3            /* the step [s] */
#define STEPS 40          /* steps a frame: 25 frames a second */
#define INERTIA 0.01      /* the link's inertia [kg·m²] */

/* The truth: an STS3215 (7.4 V, error_gain 0.166, max_pwm 0.97: the
 * reference's bam/feetech/actuator.py) at LeRobot's firmware gain 16. */
static const double KT = 0.6, RES = 1.5, ARM = 0.02, KC = 0.08;
static const double VIN = 7.4, EG = 0.166, MAX_PWM = 0.97, KP = 16, MAXV = 3400 * 2 * PI / 4096;

/* The goal path: waypoints (t [s], goal [rad]), linear between them. */
typedef struct {
    double t[64], g[64];
    int n;
} path;

static void to(path *p, double g, double speed, double hold)
{
    const double t0 = p->n ? p->t[p->n - 1] : 0, g0 = p->n ? p->g[p->n - 1] : g;
    p->t[p->n] = t0 + (p->n ? fabs(g - g0) / speed : 0), p->g[p->n++] = g;
    if (hold > 0) p->t[p->n] = p->t[p->n - 1] + hold, p->g[p->n++] = g;
}

static double goal_at(const path *p, double t)
{
    for (int i = 1; i < p->n; i++)
        if (t <= p->t[i]) return p->g[i - 1] + (p->g[i] - p->g[i - 1]) * (t - p->t[i - 1]) / (p->t[i] - p->t[i - 1]);
    return p->g[p->n - 1];
}

typedef struct {
    fric_recording r;
    fric_ident_tracks tr;
    double *t, *goal, *pos;
} synth;

/* Holds approached from above and from below at three poses, slow sweeps,
 * then a sum of sines; the joint simulated here (above) with gravity G. */
static void make(synth *s, double G)
{
    path p = { .n = 0 };
    to(&p, 0, 0.4, 1);
    const double poses[3] = { -0.6, 0, 0.6 };
    for (int i = 0; i < 3; i++) {
        to(&p, poses[i] + 0.1, 0.4, 0.3);
        to(&p, poses[i], 0.05, 2.5);   /* from above, creeping */
        to(&p, poses[i] - 0.1, 0.4, 0.3);
        to(&p, poses[i], 0.05, 2.5);   /* from below */
        to(&p, poses[i] - 0.3, 0.4, 0);
        to(&p, poses[i] + 0.3, 0.4, 0);
        to(&p, poses[i], 0.4, 0.5);
    }
    const double t_sine = p.t[p.n - 1], T = t_sine + 12;
    const size_t n = (size_t)(T * 25) + 1;
    s->t = malloc(n * sizeof *s->t), s->goal = malloc(n * sizeof *s->goal), s->pos = malloc(n * sizeof *s->pos);
    assert_non_null(s->t), assert_non_null(s->goal), assert_non_null(s->pos);
    for (size_t k = 0; k < n; k++) {
        const double t = (double)k * STEPS * H, u = t - t_sine;
        s->t[k] = t;
        s->goal[k] = goal_at(&p, t) +
                     (u > 0 ? 0.12 * sin(2 * PI * 0.4 * u) + 0.06 * sin(2 * PI * 1.1 * u) + 0.03 * sin(2 * PI * 2.3 * u) : 0);
    }
    /* the joint, from rest at the first goal */
    double q = s->goal[0], v = 0, target = s->goal[0];
    const double J = INERTIA + ARM;
    for (size_t k = 0; k < n; k++) {
        s->pos[k] = round(q * 4096 / (2 * PI)) * (2 * PI) / 4096;   /* the observation at t_k, in counts */
        for (int i = 0; i < STEPS; i++) {
            target = fmin(fmax(s->goal[k], target - MAXV * H), target + MAXV * H);
            const double duty = fmin(fmax((target - q) * KP * EG, -MAX_PWM), MAX_PWM);
            const double tau_m = KT * VIN * duty / RES - KT * KT * v / RES;
            const double vs = v + H * (tau_m - G * sin(q)) / J, band = H * KC / J;
            v = fabs(vs) <= band ? 0 : vs - (vs > 0 ? band : -band);
            q += H * v;
        }
    }
    memset(&s->r, 0, sizeof s->r);
    s->r.n = n;
    s->r.joints = 1;
    snprintf(s->r.name[0], sizeof s->r.name[0], "j");
    s->r.period = STEPS * H;
    s->r.t = s->t, s->r.goal = s->goal, s->r.pos = s->pos;
    const char *why = NULL;
    assert_int_equal(fric_ident_tracks_create(&s->r, &s->tr, &why), FRIC_OK);
    for (size_t k = 0; k < n; k++) {
        s->tr.inertia[k] = INERTIA;
        s->tr.load[k] = -G * sin(s->pos[k]);
        s->tr.stiffness[k] = -G * cos(s->pos[k]);
    }
}

static void drop(synth *s)
{
    fric_ident_tracks_destroy(&s->tr);
    free(s->t), free(s->goal), free(s->pos);
}

static fric_ident_set *set_of(const synth *s)
{
    const fric_recording *R[1] = { &s->r };
    const fric_ident_tracks *T[1] = { &s->tr };
    const fric_ident_options o = { H, 0, KP };
    const char *why = NULL;
    fric_ident_set *set = fric_ident_set_create(R, T, 1, &o, &why);
    if (!set) fail_msg("%s", why);
    return set;
}

/* s's joint fitted as the STS3215 with model (1, 4), budget evaluations. */
static void fit(const synth *s, int model, long budget, fric_fit_target *t, fric_ident_bam_result *res)
{
    fric_ident_set *set = set_of(s);
    const char *why = NULL;
    assert_int_equal(fric_ident_bam_target("sts3215", model, t, &why), FRIC_OK);
    if (fric_ident_bam_joint(set, "sts3215", t, 0, budget, 1, res, &why)) fail_msg("%s", why);
    fric_ident_set_destroy(set);
}

static void within(const char *what, double got, double want, double rel)
{
    printf("    %-22s %.5g (truth %.5g, %+.1f %%)\n", what, got, want, 100 * (got / want - 1));
    if (!(fabs(got / want - 1) <= rel)) fail_msg("%s = %g, truth %g: beyond %g %%", what, got, want, 100 * rel);
}

static void test_recovery_m1(void **state)
{
    (void)state;
    synth s;
    make(&s, 0.6);
    fric_fit_target t;
    fric_ident_bam_result res;
    fit(&s, 1, FRIC_TEST_SHORT(1500, 15), &t, &res);
    const double *p = res.p;
    if (FRIC_TEST_SANITIZED) {
        /* the sanitizer build: the same search, short (test_main.h); it owes
           its budget, a finite loss and the held key's flag, not the truth */
        assert_true(res.evals > 0 && res.evals <= FRIC_TEST_SHORT(1500, 15) && isfinite(res.train_mae));
        assert_true(res.p[FRIC_FIT_K_V] == 0 && (res.verdict.flags & FRIC_IDENT_FLAG(VISCOUS_LUMPED)));
        drop(&s);
        return;
    }
    within("gain kt·vin·kp·eg/R", p[FRIC_FIT_KT] * VIN * KP * EG / p[FRIC_FIT_R], KT * VIN * KP * EG / RES, 0.05);
    within("back-EMF kt²/R", p[FRIC_FIT_KT] * p[FRIC_FIT_KT] / p[FRIC_FIT_R], KT * KT / RES, 0.10);
    within("friction_base", p[FRIC_FIT_K_C], KC, 0.10);
    within("armature", p[FRIC_FIT_ARMATURE], ARM, 0.25);
    within("the result's gain", res.gain, KT * VIN * KP * EG / RES, 0.05);
    printf("    train MAE %.4f mrad\n", res.train_mae * 1e3);
    assert_true(res.train_mae < 2 * PI / 4096);
    /* friction_viscous held at 0 and said; the recording tells the rest */
    assert_true(res.p[FRIC_FIT_K_V] == 0);
    assert_true(res.verdict.flags & FRIC_IDENT_FLAG(VISCOUS_LUMPED));
    assert_int_equal(res.param_flags[FRIC_FIT_KT] | res.param_flags[FRIC_FIT_K_C], 0);
    drop(&s);
}

static void test_m4_load_flag(void **state)
{
    (void)state;
    const double G[2] = { 0, 0.6 };
    for (int c = 0; c < 2; c++) {
        synth s;
        make(&s, G[c]);
        fric_fit_target t;
        fric_ident_bam_result res;
        fit(&s, 4, 600, &t, &res);
        printf("    G = %g N·m: load %g .. %g N·m, friction at rest %g N·m\n", G[c], res.verdict.load_min,
               res.verdict.load_max, res.p[FRIC_FIT_K_C] + res.p[FRIC_FIT_K_CS]);
        const unsigned small = FRIC_IDENT_FLAG(LOAD_SMALL);
        if (c == 0) {
            assert_true(res.verdict.flags & small);
            assert_true(res.param_flags[FRIC_FIT_K_L] & small);
            assert_true(res.param_flags[FRIC_FIT_K_LS] & small);
            assert_false(res.param_flags[FRIC_FIT_K_C] & small);
        } else {
            assert_false(res.verdict.flags & small);
            assert_false(res.param_flags[FRIC_FIT_K_L] & small);
        }
        drop(&s);
    }
}

/* The sets of a CMA-ES generation walked side by side
 * (fric_ident_bam_loss_many) each give the loss the set gives walked alone
 * (fric_ident_bam_loss), bit for bit: 20 M4 sets spread over the box (more
 * than the 16 that walk together), one of them refused by the bench (R < 0:
 * +inf), and +inf for every set without a set of recordings. */
static void test_loss_many(void **state)
{
    (void)state;
    synth s;
    make(&s, 0.6);
    fric_ident_set *set = set_of(&s);
    fric_fit_target t;
    fric_fit_space box;
    const char *why = NULL;
    assert_int_equal(fric_ident_bam_target("sts3215", 4, &t, &why), FRIC_OK);
    assert_int_equal(fric_ident_bam_space("sts3215", &t, &box, &why), FRIC_OK);
    enum { N = 20 };
    double P[N * FRIC_FIT_N], many[N];
    int idx[FRIC_FIT_N];
    const int nf = fric_fit_space_free_indices(&box, idx);
    for (int c = 0; c < N; c++) {
        double x[FRIC_FIT_N];
        for (int k = 0; k < nf; k++) x[k] = fmod(0.1 + 0.37 * c + 0.23 * k, 1.0);
        fric_fit_space_decode(&box, x, P + c * FRIC_FIT_N);
    }
    P[3 * FRIC_FIT_N + FRIC_FIT_R] = -1;
    fric_ident_bam_loss_many(set, &t, 0, P, N, many);
    int finite = 0;
    for (int c = 0; c < N; c++) {
        const double one = fric_ident_bam_loss(set, &t, 0, P + c * FRIC_FIT_N);
        if (memcmp(&one, &many[c], sizeof one) != 0) fail_msg("set %d: %.17g side by side, %.17g alone", c, many[c], one);
        finite += isfinite(one) != 0;
    }
    assert_true(isinf(many[3]));
    assert_true(finite >= N - 1 - 2);   /* the spread sets step (a refused one aside) */
    fric_ident_bam_loss_many(NULL, &t, 0, P, N, many);
    for (int c = 0; c < N; c++) assert_true(isinf(many[c]));
    fric_ident_set_destroy(set);
    drop(&s);
}

/* A simulation whose state leaves the finite range says so in its
 * positions: a native servo far too stiff for the step (kp 1e6 N·m/rad,
 * the largest fric_native_check takes, on 0.01 kg·m² at 1 ms: the
 * position step's factor kp·h²/J = 100 a step)
 * leaves the finite range within its first window; fric_ident_simulate
 * gives +inf and NaN at every frame after the one the state left it in
 * (the positions it was given, 7 here, not left as they were), finite
 * positions before. */
static void test_simulate_left_finite(void **state)
{
    (void)state;
    synth s;
    make(&s, 0.6);
    fric_ident_set *set = set_of(&s);
    fric_native_params p;
    fric_native_params_default(&p, NULL);
    p.firmware_kp = KP;
    p.kp = 1e6, p.frictionloss = 0, p.damping = 0, p.armature = 0;
    const size_t n = s.r.n;
    double *q = malloc(n * sizeof *q);
    assert_non_null(q);
    for (size_t k = 0; k < n; k++) q[k] = 7;
    assert_true(isinf(fric_ident_simulate(set, 0, 0, &p, q, n)));
    size_t first = n;
    for (size_t k = 0; k < n && first == n; k++)
        if (isnan(q[k])) first = k;
    printf("    the state left the finite range before frame %zu of %zu\n", first, n);
    assert_true(first >= 1 && first < n);
    for (size_t k = 0; k < n; k++) {
        if (k < first) assert_true(isfinite(q[k]) && q[k] != 7);
        else if (!isnan(q[k])) fail_msg("frame %zu: %g, not NaN", k, q[k]);
    }
    free(q);
    fric_ident_set_destroy(set);
    drop(&s);
}

/* The fit's contract from fric_cmaes.h's API alone: the best vector of
 * FRIC_IDENT_STARTS searches into p, its loss, the evaluations. */
static double contract_fit(const fric_ident_set *set, const fric_fit_target *t, long budget, uint64_t seed, double *p,
                           long *evals)
{
    fric_fit_space box;
    const char *why = NULL;
    if (fric_ident_bam_space("sts3215", t, &box, &why)) fail_msg("%s", why);
    int idx[FRIC_FIT_N];
    const int n = fric_fit_space_free_indices(&box, idx);
    long each;
    if (fric_ident_budget_each(budget, n, &each, &why)) fail_msg("%s", why);
    double x0[FRIC_FIT_N], best = INFINITY;
    for (int k = 0; k < n; k++) x0[k] = 0.5;
    memcpy(p, box.value, FRIC_FIT_N * sizeof *p);
    *evals = 0;
    for (int k = 0; k < FRIC_IDENT_STARTS; k++) {
        const fric_cmaes_def cd = { .n = n, .sigma0 = 0.3, .x0 = x0, .box = 1, .budget = each, .restarts = 2,
                                    .seed = seed + (uint64_t)k };
        fric_cmaes *es = fric_cmaes_create(&cd, &why);
        if (!es) fail_msg("%s", why);
        const int cap = fric_cmaes_lambda_max(es);
        double *X = malloc((size_t)cap * (size_t)n * sizeof *X), *f = malloc((size_t)cap * sizeof *f);
        double *P = malloc((size_t)cap * FRIC_FIT_N * sizeof *P);
        assert_true(X && f && P);
        int lam;
        while ((lam = fric_cmaes_ask(es, X, cap)) > 0) {
            for (int i = 0; i < lam; i++) fric_fit_space_decode(&box, X + (size_t)i * (size_t)n, P + (size_t)i * FRIC_FIT_N);
            for (int i = 0; i < lam; i++) f[i] = fric_ident_bam_loss(set, t, 0, P + (size_t)i * FRIC_FIT_N);
            fric_cmaes_tell(es, f);
        }
        const fric_cmaes_info *info = fric_cmaes_get_info(es);
        if (info->best_f < best) fric_fit_space_decode(&box, info->best_x, p), best = info->best_f;
        *evals += info->evals;
        free(X), free(f), free(P);
        fric_cmaes_destroy(es);
    }
    return best;
}

static void test_stepped(void **state)
{
    (void)state;
    synth s;
    make(&s, 0.6);
    fric_ident_set *set = set_of(&s);
    const long budget = FRIC_TEST_SHORT(300, 3);
    const char *why = NULL;
    for (int model = 1; model <= 4; model += 3) {
        fric_fit_target t;
        assert_int_equal(fric_ident_bam_target("sts3215", model, &t, &why), FRIC_OK);
        double want[FRIC_FIT_N];
        long want_evals;
        const double want_loss = contract_fit(set, &t, budget, 1, want, &want_evals);
        /* the one call */
        fric_ident_bam_result one;
        if (fric_ident_bam_joint(set, "sts3215", &t, 0, budget, 1, &one, &why)) fail_msg("%s", why);
        assert_memory_equal(one.p, want, sizeof want);
        assert_true(one.train_mae == want_loss);
        assert_int_equal(one.evals, want_evals);
        /* the fitter stepped: its progress a generation a step */
        fric_ident_bam_fitter *f = fric_ident_bam_fitter_create(set, "sts3215", &t, 0, budget, 1, &why);
        if (!f) fail_msg("%s", why);
        const fric_ident_bam_progress *g = fric_ident_bam_fitter_progress(f);
        assert_true(g->evals == 0 && g->done == 0 && isinf(g->best_loss) && g->budget >= want_evals);
        int steps = 0, rc;
        long evals = 0;
        double loss = INFINITY;
        while ((rc = fric_ident_bam_fitter_step(f)) == 0) {
            steps++;
            assert_true(g->evals > evals && g->evals <= g->budget);
            assert_true(g->best_loss <= loss);
            evals = g->evals, loss = g->best_loss;
        }
        assert_true(rc > 0 && g->done == rc);
        assert_int_equal(g->evals, want_evals);
        assert_true(g->best_loss == want_loss);
        printf("    M%d: %d steps, %ld evaluations, MAE %.4f mrad\n", model, steps, g->evals, g->best_loss * 1e3);
        assert_true(steps > 3);
        fric_ident_bam_result r;
        if (fric_ident_bam_fitter_result(f, &r, &why)) fail_msg("%s", why);
        assert_memory_equal(r.p, one.p, sizeof r.p);
        assert_memory_equal(r.lower, one.lower, sizeof r.lower);
        assert_memory_equal(r.upper, one.upper, sizeof r.upper);
        assert_memory_equal(r.param_flags, one.param_flags, sizeof r.param_flags);
        assert_true(r.train_mae == one.train_mae && r.evals == one.evals && r.gain == one.gain);
        assert_int_equal(r.verdict.flags, one.verdict.flags);
        fric_ident_bam_fitter_destroy(f);
        /* stop after two generations: the next step tells nothing */
        f = fric_ident_bam_fitter_create(set, "sts3215", &t, 0, budget, 1, &why);
        if (!f) fail_msg("%s", why);
        g = fric_ident_bam_fitter_progress(f);
        assert_int_equal(fric_ident_bam_fitter_step(f), 0);
        assert_int_equal(fric_ident_bam_fitter_step(f), 0);
        const long before = g->evals;
        fric_ident_bam_fitter_stop(f);
        assert_int_equal(fric_ident_bam_fitter_step(f), FRIC_CMAES_STOPPED);
        assert_int_equal(fric_ident_bam_fitter_step(f), FRIC_CMAES_STOPPED);
        assert_true(g->evals == before && g->evals < want_evals && isfinite(g->best_loss));
        if (fric_ident_bam_fitter_result(f, &r, &why)) fail_msg("%s", why);
        assert_memory_equal(r.p, g->best, sizeof r.p);
        assert_true(r.train_mae == g->best_loss && r.evals == before);
        fric_ident_bam_fitter_destroy(f);
    }
    /* the doors' refusals: no set, a joint beyond it, no fitter */
    fric_fit_target t;
    assert_int_equal(fric_ident_bam_target("sts3215", 1, &t, &why), FRIC_OK);
    assert_null(fric_ident_bam_fitter_create(NULL, "sts3215", &t, 0, budget, 1, &why));
    assert_non_null(strstr(why, "must be given"));
    assert_null(fric_ident_bam_fitter_create(set, "sts3215", &t, 1, budget, 1, &why));
    assert_int_equal(fric_ident_bam_fitter_step(NULL), -1);
    assert_null(fric_ident_bam_fitter_progress(NULL));
    fric_ident_bam_result r;
    assert_int_equal(fric_ident_bam_fitter_result(NULL, &r, &why), FRIC_E_NULL);
    fric_ident_bam_fitter_stop(NULL);
    fric_ident_bam_fitter_destroy(NULL);
    fric_ident_set_destroy(set);
    drop(&s);
}

static void test_refusals(void **state)
{
    (void)state;
    fric_fit_target t;
    const char *why = NULL;
    assert_int_not_equal(fric_ident_bam_target("sts3215", 2, &t, &why), FRIC_OK);
    assert_non_null(strstr(why, "M1 or M4"));
    /* the stage's door, "ident: ", is the recorded prefix (fric_error.prefix), so a
     * door of its own (the CLI's "ident: ", the page's) puts its name once */
    fric_error e = fric_status_last();
    assert_int_equal(e.prefix, (int)strlen("ident: "));
    assert_int_equal(strncmp(e.message, "ident: the model M2 ", strlen("ident: the model M2 ")), 0);
    assert_string_equal(e.id, "ident.bam_model");
    assert_int_not_equal(fric_ident_bam_target("nonesuch", 1, &t, &why), FRIC_OK);
    assert_int_equal(fric_ident_model_find("m4"), FRIC_IDENT_M4);
    assert_int_equal(fric_ident_model_find("native"), FRIC_IDENT_NATIVE);
    assert_int_equal(fric_ident_model_find("m2"), -1);
    fric_ident_bam_result res;
    assert_int_equal(fric_ident_bam_joint(NULL, "sts3215", &t, 0, 10, 1, &res, &why), FRIC_E_NULL);
    assert_int_equal(fric_status_last().prefix, (int)strlen("ident: "));
    assert_int_equal(strncmp(why, "ident: the set", strlen("ident: the set")), 0);
    /* a search's own door ("ident fit: ") likewise */
    assert_null(fric_ident_fitter_create(NULL, 0, NULL, NULL, 10, 1, &why));
    assert_int_equal(fric_status_last().prefix, (int)strlen("ident fit: "));
    assert_int_equal(strncmp(why, "ident fit: ", strlen("ident fit: ")), 0);
}

FRIC_TEST_MAIN(cmocka_unit_test(test_recovery_m1), cmocka_unit_test(test_m4_load_flag), cmocka_unit_test(test_loss_many),
               cmocka_unit_test(test_simulate_left_finite), cmocka_unit_test(test_stepped),
               cmocka_unit_test(test_refusals))
