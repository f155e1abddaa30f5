/*
 * test_mujoco_logs.c: the 16 xl330 logs (and the 4 raw sts3215 logs with
 * its published M1) replayed through MuJoCo 2.2.2 with the adapter
 * (fric_mujoco_replay: the bench of each log's header as MJCF, the servo's
 * control law, the implicit treatment), beside the project's own bench
 * replay (fric_bench_replay, `friction replay`).
 *
 * The two differ by a few per cent, and the test pins the cause: the
 * integrators. The bench updates q' = q + q̇'·dt + ½·a·dt² (the reference
 * code's, fric_bench.h: a numerical damping ½·k·dt that the identified K_v
 * absorbs); MuJoCo's Euler q' = q + q̇'·dt. An independent transcription of
 * the bench (Algorithm 1 with the CLIP friction and the budget of
 * tests/support/bench_ref.c, written from the data README) run with each
 * position update reproduces both: with the bench's update the bench's MAE
 * (a consistency check of the transcription, 1e-9), with MuJoCo's update
 * MuJoCo's MAE within 1.5 % (measured: 0.1 % on xl330, 0.9 % on the
 * resampled sts3215 logs) plus the bench's own implicit–clip gap (the
 * adapter steps the implicit treatment, the transcription CLIP). Fitted
 * parameters (test_fitted_params) are held to the same. The MAE table (MuJoCo implicit, MuJoCo
 * frictionloss, bench implicit, bench clip) is printed.
 * Under the sanitizers (FRIC_TEST_SANITIZED, test_main.h) the fits of
 * test_fitted_params and test_fit_under_mujoco have a tenth and a fifth of
 * their budgets (FRIC_TEST_SHORT): the same fit and replay code; the
 * parameters they reach differ and are held to the same bounds.
 * Skips (fails under CI=true) without ../shared/data.
 */
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_main.h"

#include "bench_json.h"
#include "bench_ref.h"
#include "fric_fit.h"
#include "fric_io.h"
#include "fric_mujoco.h"

#define LOGS "../shared/data/bam/logs"
#define MAX_LOGS 32

static int by_name(const void *a, const void *b) { return strcmp(a, b); }

static int list_logs(const char *dir, char paths[][256])
{
    DIR *D = opendir(dir);
    int n = 0;
    if (!D) return 0;
    struct dirent *e;
    while ((e = readdir(D)) && n < MAX_LOGS)
        if (strstr(e->d_name, ".json")) { if (strlen(dir) + strlen(e->d_name) + 2 > 256) continue; strcpy(paths[n], dir); strcat(paths[n], "/"); strcat(paths[n++], e->d_name); }
    closedir(D);
    qsort(paths, (size_t)n, sizeof paths[0], by_name);   /* readdir's order is the file system's */
    return n;
}

/* The independent rollout: the bench's physics (paper §II-A, eqs. 11-12,
 * Algorithm 1 with CLIP), position update by `euler` (1: MuJoCo's). */
static double ref_mae(const fric_bench_def *p, const fric_io_log *L, int euler)
{
    const fric_servo_actuator *a = &p->servo;
    double m = L->mass, ma = L->arm_mass, l = L->length, kp = L->kp;
    double vin = L->vin > 0 ? L->vin : p->vin, dt = fric_io_log_step(L);
    double J = m * l * l + ma * l * l / 3 + a->armature;
    size_t N = fric_io_log_samples(L), cur = 0;
    fric_io_sample s0 = fric_io_log_sample(L, 0, &cur);
    double q = s0.position, dq = s0.speed, sum = 0;
    /* the STS3215 firmware's smoothed target (the data README): 0 when the
     * log is loaded, moved toward the goal by max_velocity·dt a step */
    double target = 0, vmax = a->max_velocity;
    for (size_t k = 0; k < N; k++) {
        fric_io_sample s = fric_io_log_sample(L, k, &cur);
        sum += fabs(q - s.position);
        target = vmax > 0 ? bench_ref_clip(s.goal, target - vmax * dt, target + vmax * dt) : s.goal;
        double tm = 0;
        if (s.torque_enable) {
            double duty = bench_ref_clip((target - q) * kp * a->error_gain * a->error_gain_ratio,
                                         -a->max_pwm, a->max_pwm);
            tm = a->kt * vin * duty / a->R - a->kt * a->kt * dq / a->R;
        }
        double te = -(m + ma / 2) * FRIC_BENCH_G * l * sin(q + a->q_offset);
        double stop = J / dt * dq + tm + te, budget = bench_ref_budget(&p->friction, tm, te, dq);
        double tf = -bench_ref_sign(stop) * fmin(fabs(stop), budget);
        double acc = (tm + te + tf) / J;
        dq = bench_ref_clip(dq + acc * dt, -FRIC_BENCH_DQ_MAX, FRIC_BENCH_DQ_MAX);
        q = euler ? q + dq * dt : q + (dq * dt + 0.5 * acc * dt * dt);
    }
    return sum / (double)N;
}

typedef struct { double mj, fl, imp, clip, ref_bench, ref_euler; } maes;

/* Reads a shared log (the test fails naming it when it cannot). */
static void read_log(const char *path, fric_io_log *L)
{
    fric_io_error err;
    if (fric_io_log_read(path, L, &err)) fail_msg("%s", err.message);
}

/* The logs replayed with def0 (a preset's or a fit's) every way. */
static maes replay_def(const fric_bench_def *def0, const char *label, char paths[][256], int n)
{
    fric_bench_def def = *def0;
    maes s = { 0 };
    for (int i = 0; i < n; i++) {
        fric_io_log L;
        read_log(paths[i], &L);
        fric_bench_replay_result r;
        const char *why = NULL;
        if (fric_mujoco_replay(&def, &L, FRIC_MUJOCO_IMPLICIT, &r, &why)) fail_msg("%s", why);
        s.mj += r.mae / n;
        if (fric_mujoco_replay(&def, &L, FRIC_MUJOCO_FRICTIONLOSS, &r, &why)) fail_msg("%s", why);
        s.fl += r.mae / n;
        def.treatment = FRIC_TREATMENT_IMPLICIT;
        if (fric_bench_replay(&def, &L, NULL, 0, &r, &why)) fail_msg("%s", why);
        s.imp += r.mae / n;
        def.treatment = FRIC_TREATMENT_CLIP;
        if (fric_bench_replay(&def, &L, NULL, 0, &r, &why)) fail_msg("%s", why);
        s.clip += r.mae / n;
        s.ref_bench += ref_mae(&def, &L, 0) / n;
        s.ref_euler += ref_mae(&def, &L, 1) / n;
        fric_io_log_destroy(&L);
    }
    print_message("%-12s  %.5f  %.5f  %.5f  %.5f  %+6.2f %%  ref-euler %.5f (%+.2f %%)\n",
                  label, s.mj, s.fl, s.imp, s.clip, 100 * (s.mj / s.clip - 1), s.ref_euler,
                  100 * (s.mj / s.ref_euler - 1));
    return s;
}

static maes replay_all(const char *actuator, int model, char paths[][256], int n)
{
    fric_bench_def def;
    fric_bench_def_from_preset(fric_bench_preset_find(actuator, model), &def);
    char label[32];
    snprintf(label, sizeof label, "%s M%d", actuator, model);
    return replay_def(&def, label, paths, n);
}

static void check(const maes *s)
{
    /* the transcription is the bench (consistency), so its Euler variant
     * isolates the integrator */
    assert_true(fabs(s->ref_bench - s->clip) <= 1e-9 * s->clip);
    /* the transcription steps CLIP, the adapter the implicit treatment:
     * beside the 1.5 % of the integrator, the gap the bench itself shows
     * between its implicit and clip replays (large dt: the sts3215 raw logs
     * at 47 Hz, where a fitted viscous term makes the end-of-step velocity's
     * budget differ from the start's) */
    assert_true(fabs(s->mj - s->ref_euler) <= 0.015 * s->ref_euler + fabs(s->imp - s->clip));
    /* and the whole difference to the project's replay stays small */
    assert_true(fabs(s->mj - s->clip) <= 0.10 * s->clip);
}

/* The published presets M1..m_last of `actuator` over the n_expect logs of
 * LOGS/sub (first: one of them, for the skip). */
static void published(const char *sub, const char *first, const char *actuator, int n_expect,
                      int m_last)
{
    char dir[128], one[192];
    snprintf(dir, sizeof dir, LOGS "/%s", sub);
    snprintf(one, sizeof one, "%s/%s", dir, first);
    BENCH_SKIP_WITHOUT_DATA(one, LOGS);
    static char paths[MAX_LOGS][256];
    int n = list_logs(dir, paths);
    assert_int_equal(n, n_expect);
    print_message("MAE [rad] over %d %s logs: MuJoCo implicit, MuJoCo frictionloss, bench implicit, "
                  "bench clip (friction replay), MuJoCo vs replay\n", n, actuator);
    for (int model = 1; model <= m_last; model++) {
        maes s = replay_all(actuator, model, paths, n);
        check(&s);
    }
}

static void test_xl330_logs(void **st)
{
    (void)st;
    published("xl330/processed", "2026-01-15_10h28m10.json", "xl330", 16, 6);
}

/* sts3215: only M1 is published (a user's own servo) */
static void test_sts3215_raw_logs(void **st)
{
    (void)st;
    published("sts3215/raw", "2024-10-26_12h23m27.json", "sts3215", 4, 1);
}

/* The integrator is a property of the model: with integrator = mujoco
 * (q' = q + θ̇'·dt), log by log,
 *   - the bench's CLIP replay equals the independent transcription's Euler
 *     rollout (ref_mae with euler = 1, written here from the data README);
 *   - MuJoCo through the adapter (native 2.2.2, implicit friction) equals the
 *     bench's IMPLICIT replay to 1e-9 rad: the adapter is exact, only the
 *     integrator differed.
 * On the 16 xl330 logs with the published M4 and the 4 sts3215 raw logs
 * with the published 7.4 V M1 (the STS3215's target smoothing included). */
static void integrator_log_by_log(const char *sub, const char *actuator, int model, int n_expect)
{
    char dir[128];
    snprintf(dir, sizeof dir, LOGS "/%s", sub);
    static char paths[MAX_LOGS][256];
    int n = list_logs(dir, paths);
    assert_int_equal(n, n_expect);
    fric_bench_def def;
    fric_bench_def_from_preset(fric_bench_preset_find(actuator, model), &def);
    def.integrator = FRIC_BENCH_INTEGRATOR_MUJOCO;
    double worst_mj = 0, worst_ref = 0;
    for (int i = 0; i < n; i++) {
        fric_io_log L;
        read_log(paths[i], &L);
        fric_bench_replay_result r;
        const char *why = NULL;
        def.treatment = FRIC_TREATMENT_CLIP;
        if (fric_bench_replay(&def, &L, NULL, 0, &r, &why)) fail_msg("%s", why);
        double ref = ref_mae(&def, &L, 1), clip = r.mae;
        def.treatment = FRIC_TREATMENT_IMPLICIT;
        if (fric_bench_replay(&def, &L, NULL, 0, &r, &why)) fail_msg("%s", why);
        double imp = r.mae;
        if (fric_mujoco_replay(&def, &L, FRIC_MUJOCO_IMPLICIT, &r, &why)) fail_msg("%s", why);
        double mj = r.mae;
        if (fabs(clip - ref) > worst_ref) worst_ref = fabs(clip - ref);
        if (fabs(mj - imp) > worst_mj) worst_mj = fabs(mj - imp);
        if (!(fabs(clip - ref) <= 1e-12 * ref))
            fail_msg("%s: bench clip (mujoco integrator) %.17g, transcription %.17g", paths[i], clip, ref);
        if (!(fabs(mj - imp) <= 1e-9))
            fail_msg("%s: MuJoCo %.17g rad, bench implicit (mujoco integrator) %.17g rad", paths[i], mj, imp);
        fric_io_log_destroy(&L);
    }
    print_message("%s M%d, integrator mujoco, %d logs: MuJoCo = bench implicit within %.3g rad; "
                  "bench clip = the transcription within %.3g rad\n", actuator, model, n, worst_mj, worst_ref);
}

static void test_integrator_mujoco(void **st)
{
    (void)st;
    BENCH_SKIP_WITHOUT_DATA(LOGS "/xl330/processed/2026-01-15_10h28m10.json", LOGS);
    integrator_log_by_log("xl330/processed", "xl330", 4, 16);
    integrator_log_by_log("sts3215/raw", "sts3215", 1, 4);
}

/* Fitted parameters through MuJoCo (M1–M6, published and fitted, must
 * run in MuJoCo): model M<model> of `actuator` fitted from scratch (seed 1, a
 * small budget: the property, not the fit's quality, is under test) to the
 * logs with valid[i] = 0 (all when valid is NULL), the fit's parameters
 * applied to a bench def as `friction fit` writes them, then every log
 * replayed with it through MuJoCo and the bench: the same check as the
 * published presets (MuJoCo's integrator explains the difference). */
static void fitted_through_mujoco(const char *actuator, int model, char paths[][256], int n,
                                  const unsigned char *valid, long budget)
{
    const char *why = NULL;
    static fric_io_log L[MAX_LOGS];
    const fric_io_log *train[MAX_LOGS];
    size_t nt = 0;
    for (int i = 0; i < n; i++) {
        fric_io_error err;
        if (fric_io_log_read(paths[i], &L[i], &err)) fail_msg("%s", err.message);
        if (!valid || !valid[i]) train[nt++] = &L[i];
    }
    fric_fit_batch b;
    if (fric_fit_batch_create(train, nt, &b, &why)) fail_msg("%s", why);
    fric_fit_def d = { .budget = FRIC_TEST_SHORT(budget, 10), .seed = 1, .restarts = -1, .train = &b };
    if (fric_fit_target_init(&d.target, actuator, model, &why)) fail_msg("%s", why);
    if (fric_fit_space_default(actuator, model, &d.space, &why)) fail_msg("%s", why);
    fric_fit *f = fric_fit_create(&d, &why);
    if (!f) fail_msg("%s", why);
    assert_true(fric_fit_run(f, 1, NULL, NULL, &why) > 0);
    const fric_fit_progress *pr = fric_fit_get_progress(f);
    assert_true(isfinite(pr->best_loss));
    fric_bench_def def;
    fric_bench_def_from_preset(fric_bench_preset_find(actuator, 1), &def);
    fric_fit_apply(&d.target, pr->best, &def);
    char label[48];
    snprintf(label, sizeof label, "%s M%d fit", actuator, model);
    maes s = replay_def(&def, label, paths, n);
    check(&s);
    fric_fit_destroy(f);
    fric_fit_batch_destroy(&b);
    for (int i = 0; i < n; i++) fric_io_log_destroy(&L[i]);
}

static void test_fitted_params(void **st)
{
    (void)st;
    BENCH_SKIP_WITHOUT_DATA(LOGS "/xl330/processed/2026-01-15_10h28m10.json", LOGS);
    BENCH_SKIP_WITHOUT_DATA(LOGS "/sts3215/raw/2024-10-26_12h23m27.json", LOGS);
    static char paths[MAX_LOGS][256];
    /* xl330: M1 and M4 fitted on the 8/8 split's training half, all 16 replayed */
    int n = list_logs(LOGS "/xl330/processed", paths);
    assert_int_equal(n, 16);
    static fric_io_log L[MAX_LOGS];
    const fric_io_log *all[MAX_LOGS];
    for (int i = 0; i < n; i++) {
        fric_io_error err;
        if (fric_io_log_read(paths[i], &L[i], &err)) fail_msg("%s", err.message);
        all[i] = &L[i];
    }
    unsigned char valid[MAX_LOGS];
    assert_int_equal(fric_fit_split_alternate(all, (size_t)n, valid), 8);
    for (int i = 0; i < n; i++) fric_io_log_destroy(&L[i]);
    fitted_through_mujoco("xl330", 1, paths, n, valid, 1000);
    fitted_through_mujoco("xl330", 4, paths, n, valid, 2000);
    /* sts3215 (a user's own servo: only M1 published): M1 and M4 fitted on
     * two of its raw logs (the motor field "sts3250" is its alias), all 4 replayed */
    n = list_logs(LOGS "/sts3215/raw", paths);
    assert_int_equal(n, 4);
    const unsigned char half[4] = { 0, 1, 0, 1 };
    fitted_through_mujoco("sts3215", 1, paths, n, half, 1000);
    fitted_through_mujoco("sts3215", 4, paths, n, half, 2000);
}

/* A fit under the mujoco integrator is what MuJoCo runs:
 * xl330 M4 fitted (seed 1, budget 300) with a target made for the mujoco
 * integrator (fric_fit_target_integrator) on 4 logs, the other 12
 * validating; the fit's own per-log loss (fric_fit_loss, what `friction
 * fit` reports) on every log equals MuJoCo 2.2.2 (the adapter,
 * FRIC_MUJOCO_IMPLICIT, the independent reference) running the fitted def
 * to 1e-9 rad. */
static void test_fit_under_mujoco(void **st)
{
    (void)st;
    BENCH_SKIP_WITHOUT_DATA(LOGS "/xl330/processed/2026-01-15_10h28m10.json", LOGS);
    static char paths[MAX_LOGS][256];
    int n = list_logs(LOGS "/xl330/processed", paths);
    assert_int_equal(n, 16);
    static fric_io_log L[MAX_LOGS];
    const fric_io_log *train[MAX_LOGS], *valid[MAX_LOGS];
    size_t nt = 0, nv = 0;
    for (int i = 0; i < n; i++) {
        fric_io_error err;
        if (fric_io_log_read(paths[i], &L[i], &err)) fail_msg("%s", err.message);
        if (i < 4) train[nt++] = &L[i];
        else valid[nv++] = &L[i];
    }
    const char *why = NULL;
    fric_fit_batch bt, bv;
    if (fric_fit_batch_create(train, nt, &bt, &why) || fric_fit_batch_create(valid, nv, &bv, &why))
        fail_msg("%s", why);
    fric_fit_def d = { .budget = FRIC_TEST_SHORT(300, 5), .seed = 1, .restarts = -1, .train = &bt };
    if (fric_fit_target_init(&d.target, "xl330", 4, &why) ||
        fric_fit_target_integrator(&d.target, FRIC_BENCH_INTEGRATOR_MUJOCO, &why) ||
        fric_fit_space_default("xl330", 4, &d.space, &why))
        fail_msg("%s", why);
    fric_fit *f = fric_fit_create(&d, &why);
    if (!f) fail_msg("%s", why);
    assert_true(fric_fit_run(f, 1, NULL, NULL, &why) > 0);
    const double *best = fric_fit_get_progress(f)->best;
    fric_bench_lane *lanes = calloc(bv.logs, sizeof *lanes);   /* one per log (12 > 4) */
    assert_non_null(lanes);
    double e[2][MAX_LOGS];
    fric_fit_loss(&d.target, best, &bt, lanes, e[0]);
    fric_fit_loss(&d.target, best, &bv, lanes, e[1]);
    fric_bench_def def;
    fric_fit_apply(&d.target, best, &def);
    double worst = 0;
    for (int i = 0; i < n; i++) {
        fric_bench_replay_result r;
        if (fric_mujoco_replay(&def, &L[i], FRIC_MUJOCO_IMPLICIT, &r, &why)) fail_msg("%s", why);
        double fit = i < 4 ? e[0][i] : e[1][i - 4];
        if (!(fabs(fit - r.mae) <= 1e-9))
            fail_msg("%s (%s): the fit reports %.17g rad, MuJoCo gives %.17g rad", paths[i],
                     i < 4 ? "training" : "validation", fit, r.mae);
        if (fabs(fit - r.mae) > worst) worst = fabs(fit - r.mae);
    }
    print_message("xl330 M4 fitted with integrator mujoco (4 training, 12 validation logs): per log "
                  "|fit - MuJoCo 2.2.2| <= %.3g rad\n", worst);
    free(lanes);
    fric_fit_destroy(f);
    fric_fit_batch_destroy(&bt);
    fric_fit_batch_destroy(&bv);
    for (int i = 0; i < n; i++) fric_io_log_destroy(&L[i]);
}

FRIC_TEST_MAIN(cmocka_unit_test(test_xl330_logs), cmocka_unit_test(test_sts3215_raw_logs),
               cmocka_unit_test(test_fitted_params), cmocka_unit_test(test_integrator_mujoco),
               cmocka_unit_test(test_fit_under_mujoco))
