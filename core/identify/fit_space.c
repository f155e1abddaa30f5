/*
 * fit_space.c: the parameters of identification and their search box
 * (fric_fit.h): keys, units, which model uses which, the embeddings of a
 * simpler model into a richer one, and the default bounds of Rhoban/bam.
 *
 * Sources of the bounds (Apache-2.0, Copyright 2025 Marc Duclusaud &
 * Grégoire Passault), where the reference searches each parameter
 * uniformly in [lo, hi]:
 *   bam/model.py (Model.__init__, the friction parameters):
 *     K_c, K_cs [0, friction base max = 0.2] N·m; K_l, K_m, K_e
 *     [0, load max = 0.5]; K_ls, K_ms, K_es [0, 1]; K_mq, K_eq [0, 0.01]
 *     1/(N·m); θ̇_s [0.1, 3] rad/s; α [1, 10]; K_v [0, viscous max = 1]
 *     N·m·s/rad; q_offset [−0.1, 0.1] rad;
 *   the actuator files (bam/dynamixel/actuator.py, bam/xl330/actuator.py,
 *   bam/erob/actuator.py, bam/feetech/actuator.py): kt, R, armature, and the
 *   overrides of the friction maxima (xl320 load max 1; eRob80 base max 10,
 *   load max 1, viscous max 30; sts3215 q_offset [−0.2, 0.2]);
 *   the firmware constants (shared/data/bam/README.md, the reference's main
 *   branch): error_gain_ratio [0.1, 10] (bam/feetech/actuator.py,
 *   bam/waveshare/actuator.py), max_velocity [0.1, 10] × 3400·2π/4096 rad/s
 *   (bam/feetech/actuator.py), current_limit [1, 3] A (xl330i,
 *   bam/dynamixel/actuator.py; bam/actuator.py's CurrentControlledActuator
 *   default [0, 3]) and 1.37 A held (bam/feetech_hls/actuator.py), the
 *   Go1's ratio [0.5, 2] and max_torque [20, 30] N·m
 *   (bam/unitree/actuator.py).
 * One table (bounds[] below), read by the CLI, the bindings and the UI
 * through fric_fit_space_default. The optimiser searches a parameter whose
 * lower bound is > 0 (kt, R, armature, θ̇_s, α) on a log scale, the others
 * uniformly (fric_fit_space_decode; docs/identification.md, "The box").
 *
 * Published values outside their default box (shared/data/bam/params,
 * against the table below; test_default_space finds them by brute force and
 * prints them): mx64 M6 α = 0.84 and xl330 M4 α = 0.76 (below 1), xl330 M2
 * θ̇_s = 4.17 and xl330 M5 θ̇_s = 3.19 rad/s (above 3). Every other
 * published value lies inside. A warm start from them is clamped into the
 * box (fric_fit_progress.clamped counts the values clamped).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "fric_fit.h"
#include "fric_scenario.h"
#include "fit_internal.h"
#include "cmaes_internal.h"
#include "base.h"

static double decode1(const fric_fit_space *s, int i, double u);

/* --------------------------------------------------------------- keys */

/* The fit's index i ↔ the servo coefficient index of fric_servo_coef_keys
 * (0 is "model" there): the 13 coefficients follow kt, R, armature,
 * q_offset in the same order. */
#define COEF0 FRIC_FIT_K_C
#define FW0 FRIC_FIT_FIRMWARE0
#define N_FW (FRIC_FIT_N - FW0)
static int coef_index(int i) { return i - COEF0 + 1; }
static int is_coef(int i) { return i >= COEF0 && i < FW0; }

const char *fric_fit_param_key(int i)
{
    static const char *const first[COEF0] = { "kt", "R", "armature", "q_offset" };
    /* fric_servo_actuator's field names, the bench scenario's keys */
    static const char *const firmware[N_FW] = { "error_gain_ratio", "max_velocity",
                                                "current_limit", "max_torque" };
    if (i < 0 || i >= FRIC_FIT_N) return NULL;
    return i < COEF0 ? first[i] : is_coef(i) ? fric_servo_coef_keys[coef_index(i)]
                                             : firmware[i - FW0];
}

/* The bench scenario's row of parameter i: its unit and its accepted range
 * are the one definition (fric_scenario.h, bench_scn.c). */
static const fric_param_info *bench_row(int i)
{
    const fric_scenario *sc = fric_scenario_find("bench");
    const char *key = fric_fit_param_key(i);
    int k = sc && key ? fric_scenario_param_index(sc, key) : -1;
    return k >= 0 ? &sc->params[k] : NULL;
}

const char *fric_fit_param_unit(int i)
{
    const fric_param_info *r = bench_row(i);
    return r ? r->unit : NULL;
}

int fric_fit_param_find(const char *key)
{
    for (int i = 0; key && i < FRIC_FIT_N; i++)
        if (strcmp(key, fric_fit_param_key(i)) == 0) return i;
    return -1;
}

int fric_fit_param_used(int model, int i)
{
    if (model < 1 || model > 6 || i < 0 || i >= FRIC_FIT_N) return 0;
    return is_coef(i) ? fric_servo_coef_used(model, coef_index(i)) : 1;
}

/* A value the bench accepts for parameter i: kt, armature, θ̇_s, α,
 * error_gain_ratio > 0; R >= FRIC_BENCH_R_MIN; the other coefficients and
 * firmware constants >= 0; q_offset within the
 * bench scenario's range; and at most the scenario's maximum. NULL when
 * accepted, else the condition. */
static const char *refuses(int i, double v)
{
    const fric_param_info *r = bench_row(i);
    if (!isfinite(v)) return "must be a finite number";
    if (r && v > r->max) return "is above the bench's maximum";
    switch (i) {
    case FRIC_FIT_KT: case FRIC_FIT_ARMATURE: case FRIC_FIT_DTHETA_S: case FRIC_FIT_ALPHA:
    case FRIC_FIT_ERROR_GAIN_RATIO:
        return v > 0 ? NULL : "must be > 0";
    case FRIC_FIT_R:
        return v >= FRIC_BENCH_R_MIN ? NULL : "must be >= 1e-3 Ω (FRIC_BENCH_R_MIN)";
    case FRIC_FIT_Q_OFFSET:
        return r && v < r->min ? "is below the bench's minimum" : NULL;
    default:
        return v >= 0 ? NULL : "must be >= 0";
    }
}

/* --------------------------------------------------------- embeddings */

int fric_fit_contains(int big, int small)
{
    if (big < 1 || big > 6 || small < 1 || small > 6) return 0;
    if (big == small || small == 1) return 1;
    if (small == 2 || small == 3) return big >= 4;   /* K_l = K_ls = 0 / K_cs = K_ls = 0 */
    if (small == 4) return big >= 5;                 /* K_m = K_e = K_l, K_ms = K_es = K_ls */
    return small == 5 && big == 6;                  /* K_mq = K_eq = 0                     */
}

/* The staged fit of M<k>: the model of its first stage and that stage's
 * share of the budget (num/den; docs/identification.md, "Seed robustness":
 * M4 and M5 from M3, M6 from a staged M5, each share measured on the
 * xl330 split). */
static const struct { int model, num, den; } stage_of[7] = {
    { 0, 0, 1 }, { 0, 0, 1 }, { 0, 0, 1 }, { 0, 0, 1 },
    { 3, 1, 4 },     /* M4: M3 with 3 000 of 12 000        */
    { 3, 1, 6 },     /* M5: M3 with 2 000 of 12 000        */
    { 5, 11, 12 },   /* M6: a staged M5 with 11 000 of 12 000 */
};

int fric_fit_stage_model(int model)
{
    return model >= 1 && model <= 6 ? stage_of[model].model : 0;
}

long fric_fit_stage_budget(int model, long budget)
{
    if (fric_fit_stage_model(model) == 0 || budget < 0) return 0;
    return budget / stage_of[model].den * stage_of[model].num +
           budget % stage_of[model].den * stage_of[model].num / stage_of[model].den;
}

/* The Stribeck shape given to a model that gains a Stribeck term with zero
 * amplitude (M1 → M2, M3 → M4): any θ̇_s, α > 0 leave the budget unchanged
 * (s·0 = 0); these lie inside every default box. */
#define EMBED_DTHETA_S 1.0
#define EMBED_ALPHA 2.0

fric_status fric_fit_embed(int small, const double *p_small, int big, double *p_big, const char **why)
{
    if (!p_small || !p_big) {
        const char *m = fric__fail_id(FRIC_E_NULL, -1, "fit.p_small_p",
                            "embed: p_small and p_big must be given.",
                            fric__no_values);
        if (why) *why = m;
        return fric__rc();
    }
    if (!fric_fit_contains(big, small)) {
        const char *m = fric__fail_id(FRIC_E_UNSUPPORTED, -1, "fit.big_m_does",
                            "embed: big = M{big} does not contain small = M{small} (M1 ⊂ M2, M3 ⊂ "
                            "M4 ⊂ M5 ⊂ M6, M2 ⊂ M4); start M{big} from a model it contains.",
                            fric__values(fric__i("big", big), fric__i("small", small)));
        if (why) *why = m;
        return fric__rc();
    }
    double q[FRIC_FIT_N] = { 0 };
    for (int i = 0; i < FRIC_FIT_N; i++)
        if (fric_fit_param_used(small, i)) q[i] = p_small[i];
    int strib_s = fric_fit_param_used(small, FRIC_FIT_K_CS);
    if (!strib_s && fric_fit_param_used(big, FRIC_FIT_K_CS)) {
        q[FRIC_FIT_K_CS] = 0;
        q[FRIC_FIT_DTHETA_S] = EMBED_DTHETA_S;
        q[FRIC_FIT_ALPHA] = EMBED_ALPHA;
    }
    if ((small == 3 || small == 4) && big >= 5) {
        /* |K·τe − K·τm| = K·|τe − τm| (equal up to rounding) */
        q[FRIC_FIT_K_M] = q[FRIC_FIT_K_E] = q[FRIC_FIT_K_L];
        q[FRIC_FIT_K_MS] = q[FRIC_FIT_K_ES] = q[FRIC_FIT_K_LS];
        q[FRIC_FIT_K_L] = q[FRIC_FIT_K_LS] = 0;
    }
    for (int i = 0; i < FRIC_FIT_N; i++) p_big[i] = fric_fit_param_used(big, i) ? q[i] : 0;
    if (why) *why = "";
    return 0;
}

/* ------------------------------------------------------- default bounds */

/* The box of one actuator: kt, R, armature, q_offset, the maxima of
 * bam/model.py that its actuator file overrides, and its firmware constants
 * (FRIC_FIT_FIRMWARE0 on, in the fit's order; { 0, 0 }: not one of the
 * actuator's, held at its own value). */
typedef struct {
    const char *actuator;
    double kt[2];          /* [N·m/A]   */
    double R[2];           /* [Ω]       */
    double armature[2];    /* [kg·m²]   */
    double q_offset[2];    /* [rad]     */
    double base_max;       /* K_c, K_cs             [N·m]       */
    double load_max;       /* K_l, K_m, K_e         [-]         */
    double viscous_max;    /* K_v                   [N·m·s/rad] */
    double firmware[N_FW][2]; /* error_gain_ratio [-], max_velocity [rad/s],
                                 current_limit [A], max_torque [N·m]      */
} actuator_bounds;

/* no firmware constant of the fit's */
#define NONE { { 0, 0 } }
/* bam/feetech/actuator.py: error_gain_ratio 1 in [0.1, 10], max_velocity
 * the default rate in [0.1×, 10×] */
#define STS3215_FIRMWARE { { 0.1, 10 }, { 0.1 * FRIC_BENCH_STS3215_MAX_VELOCITY, \
                           10 * FRIC_BENCH_STS3215_MAX_VELOCITY } }

static const actuator_bounds bounds[] = {
    /* actuator        kt            R            armature        q_offset      base  load visc */
    { "mx64",       { 1, 3 },     { 1, 5 },     { 1e-3, 0.05 }, { -0.1, 0.1 }, 0.2, 0.5, 1, NONE },
    { "mx106",      { 1, 3 },     { 1, 5 },     { 1e-3, 0.05 }, { -0.1, 0.1 }, 0.2, 0.5, 1, NONE },
    { "erob80_50",  { 1, 15 },    { 0.1, 3.5 }, { 1e-3, 2 },    { -0.1, 0.1 }, 10,  1,   30, NONE },
    { "erob80_100", { 1, 15 },    { 0.1, 3.5 }, { 1e-3, 2 },    { -0.1, 0.1 }, 10,  1,   30, NONE },
    { "xl320",      { 0.7, 1.5 }, { 7, 40 },    { 1e-4, 0.01 }, { -0.1, 0.1 }, 0.2, 1,   1, NONE },
    { "xl330",      { 0.1, 3 },   { 2, 5 },     { 1e-4, 0.05 }, { -0.1, 0.1 }, 0.2, 0.5, 1, NONE },
    { "sts3215",    { 0.05, 2.5 },{ 0.1, 10 },  { 1e-5, 0.04 }, { -0.2, 0.2 }, 0.2, 0.5, 1,
      STS3215_FIRMWARE },
    /* the 12 V STS3215: bam's one STS3215 class (bam/feetech/actuator.py) */
    { "sts321512v", { 0.05, 2.5 },{ 0.1, 10 },  { 1e-5, 0.04 }, { -0.2, 0.2 }, 0.2, 0.5, 1,
      STS3215_FIRMWARE },
    /* the actuators without a params file here (data README, the
     * reference's main branch). bam/waveshare/actuator.py: the STS3215's
     * ratio, no target smoothing */
    { "waveshare_st3025", { 0.05, 2.5 }, { 0.1, 10 }, { 1e-5, 0.04 }, { -0.1, 0.1 }, 0.2, 0.5, 1,
      { { 0.1, 10 } } },
    /* the XL330 in current mode: the XL330's box (bam/dynamixel/actuator.py),
     * current_limit 1 .. 3 A */
    { "xl330i",     { 0.1, 3 },   { 2, 5 },     { 1e-4, 0.05 }, { -0.1, 0.1 }, 0.2, 0.5, 1,
      { [2] = { 1, 3 } } },
    /* bam/feetech_hls/actuator.py: R held at 7.5 Ω (it never enters the law),
     * current_limit held at 1.37 A (the reference's MuJoCo forcerange; it
     * never enters the law either), friction maxima lowered */
    { "feetech_hls", { 0.5, 1.6 }, { 7.5, 7.5 }, { 1e-5, 0.006 }, { -0.5, 0.5 }, 0.08, 0.15, 0.2,
      { [2] = { 1.37, 1.37 } } },
    /* bam/unitree/actuator.py: no kt, R (a torque law; the bench's stand-ins
     * 1, 1 held), armature 1e-5 .. 2, friction maxima raised; ratio
     * 0.5 .. 2 (the bench's error_gain_ratio), max_torque 20 .. 30 N·m */
    { "unitree_go1", { 1, 1 },    { 1, 1 },     { 1e-5, 2 },    { -0.1, 0.1 }, 5,   2,   1,
      { { 0.5, 2 }, [3] = { 20, 30 } } },
};
#define N_BOUNDS ((int)(sizeof bounds / sizeof bounds[0]))

/* The friction part of bam/model.py's box, the maxima aside. */
#define STRIBECK_LOAD_MAX 1.0    /* K_ls, K_ms, K_es  [-]       */
#define QUAD_MAX 0.01            /* K_mq, K_eq        [1/(N·m)] */
#define DTHETA_S_MIN 0.1         /* [rad/s] */
#define DTHETA_S_MAX 3.0
#define ALPHA_MIN 1.0
#define ALPHA_MAX 10.0

static const actuator_bounds *bounds_find(const char *actuator)
{
    for (int i = 0; actuator && i < N_BOUNDS; i++)
        if (strcmp(bounds[i].actuator, actuator) == 0) return &bounds[i];
    return NULL;
}

static const char *check_args(const char *what, const void *out, const char *out_name,
                              const char *actuator, int known, int model)
{
    if (!out) return fric__fail_id(FRIC_E_NULL, -1, "fit.given",
                         "{what}: {out_name} must be given.",
                         fric__values(fric__s("what", what), fric__s("out_name", out_name)));
    if (!known) {
        char list[256];
        size_t len = 0;
        list[0] = '\0';
        for (int i = 0; i < fric_bench_actuator_count() && len < sizeof list; i++)
            len += (size_t)snprintf(list + len, sizeof list - len, "%s%s", i ? ", " : "",
                                    fric_bench_actuator_name(i));
        return fric__fail_id(FRIC_E_UNKNOWN_NAME, -1, "fit.actuator_unknown_use",
                   "{what}: actuator \"{actuator}\" is unknown; use one of {list}.",
                   fric__values(fric__s("what", what), fric__s("actuator", actuator ? actuator : "(null)"),
                                fric__s("list", list)));
    }
    if (model < 1 || model > 6)
        return fric__fail_id(FRIC_E_PARAM_RANGE, -1, "fit.model_not_m_2",
                   "{what}: model = {model} is not one of M1..M6; use 1 to 6.",
                   fric__values(fric__s("what", what), fric__i("model", model)));
    return NULL;
}

/* The actuator's own value of firmware constant i (its
 * fric_servo_actuator field). */
static double firmware_own(const fric_servo_actuator *a, int i)
{
    switch (i) {
    case FRIC_FIT_ERROR_GAIN_RATIO: return a->error_gain_ratio;
    case FRIC_FIT_MAX_VELOCITY: return a->max_velocity;
    case FRIC_FIT_CURRENT_LIMIT: return a->current_limit;
    default: return a->max_torque;
    }
}

int fric_fit_param_applies(const char *actuator, int model, int i)
{
    const actuator_bounds *a = bounds_find(fric_bench_actuator_resolve(actuator));
    if (!a || !fric_fit_param_used(model, i)) return 0;
    return i < FW0 || a->firmware[i - FW0][1] > 0;
}

int fric__fit_check_args(const char *what, const void *out, const char *out_name,
                         const char *actuator, int known, int model, const char **why)
{
    const char *m = check_args(what, out, out_name, actuator, known, model);
    if (!m) return 0;
    if (why) *why = m;
    return fric__rc();
}

fric_status fric_fit_space_default(const char *actuator, int model, fric_fit_space *s, const char **why)
{
    const actuator_bounds *a = bounds_find(actuator);
    const fric_servo_actuator *own = fric_bench_actuator_find(actuator);
    if (fric__fit_check_args("space", s, "s", actuator, a && own, model, why)) return fric__rc();
    const double lo_hi[FRIC_FIT_N][2] = {
        [FRIC_FIT_KT] = { a->kt[0], a->kt[1] },
        [FRIC_FIT_R] = { a->R[0], a->R[1] },
        [FRIC_FIT_ARMATURE] = { a->armature[0], a->armature[1] },
        [FRIC_FIT_Q_OFFSET] = { a->q_offset[0], a->q_offset[1] },
        [FRIC_FIT_K_C] = { 0, a->base_max },
        [FRIC_FIT_K_CS] = { 0, a->base_max },
        [FRIC_FIT_K_L] = { 0, a->load_max },
        [FRIC_FIT_K_LS] = { 0, STRIBECK_LOAD_MAX },
        [FRIC_FIT_K_M] = { 0, a->load_max },
        [FRIC_FIT_K_E] = { 0, a->load_max },
        [FRIC_FIT_K_MS] = { 0, STRIBECK_LOAD_MAX },
        [FRIC_FIT_K_ES] = { 0, STRIBECK_LOAD_MAX },
        [FRIC_FIT_K_MQ] = { 0, QUAD_MAX },
        [FRIC_FIT_K_EQ] = { 0, QUAD_MAX },
        [FRIC_FIT_DTHETA_S] = { DTHETA_S_MIN, DTHETA_S_MAX },
        [FRIC_FIT_ALPHA] = { ALPHA_MIN, ALPHA_MAX },
        [FRIC_FIT_K_V] = { 0, a->viscous_max },
    };
    for (int i = 0; i < FRIC_FIT_N; i++) {
        const int fw = i >= FW0, mine = fw && a->firmware[i - FW0][1] > 0;
        /* a firmware constant not of this actuator: held at its own value */
        s->lo[i] = !fw ? lo_hi[i][0] : mine ? a->firmware[i - FW0][0] : firmware_own(own, i);
        s->hi[i] = !fw ? lo_hi[i][1] : mine ? a->firmware[i - FW0][1] : firmware_own(own, i);
        /* a parameter the reference holds (lo = hi: feetech_hls's R and
           current_limit, unitree_go1's kt and R) is not searched */
        s->free_[i] = (unsigned char)(fric_fit_param_used(model, i) && s->lo[i] < s->hi[i]);
        /* the centre of the box: where the search starts without a warm
           start, and the value a parameter is held at once unticked; no
           published file needed (docs/identification.md, "Start") */
        s->value[i] = s->free_[i] ? decode1(s, i, 0.5) : s->lo[i] == s->hi[i] ? s->lo[i] : 0;
    }
    if (why) *why = "";
    return 0;
}

fric_status fric_fit_space_freeze(fric_fit_space *s, int i, double v, const char **why)
{
    const char *m = NULL, *c;
    if (!s) m = fric__fail_id(FRIC_E_NULL, -1, "fit.s_given",
                    "space: s must be given.",
                    fric__no_values);
    else if (i < 0 || i >= FRIC_FIT_N)
        m = fric__fail_id(FRIC_E_UNKNOWN_NAME, -1, "fit.parameter_index_not",
                "parameter index {i} is not one of the {fit_n} fit parameters (0 = kt .. {fit_n2} ="
                " friction_viscous).",
                fric__values(fric__i("i", i), fric__i("fit_n", FRIC_FIT_N), fric__i("fit_n2", FRIC_FIT_N - 1)));
    else if ((c = refuses(i, v)))
        m = fric__fail_id(FRIC_E_PARAM_RANGE, i, "fit.hold_value_bench",
                "{i} = {v} {c}; hold it at a value the bench accepts.",
                fric__values(fric__s("i", fric_fit_param_key(i)), fric__g("v", v), fric__s("c", c)));
    if (m) {
        if (why) *why = m;
        return fric__rc();
    }
    s->free_[i] = 0;
    s->value[i] = v;
    if (why) *why = "";
    return 0;
}

int fric_fit_space_free_indices(const fric_fit_space *s, int idx[FRIC_FIT_N])
{
    int n = 0;
    for (int i = 0; i < FRIC_FIT_N; i++)
        if (s->free_[i]) idx[n++] = i;
    return n;
}

fric_status fric_fit_space_check(const fric_fit_space *s, int model, const char **why)
{
    const char *m = NULL, *c;
    int n_free = 0;
    if (!s) m = fric__fail_id(FRIC_E_NULL, -1, "fit.s_given_2",
                    "space: s must be given.",
                    fric__no_values);
    else if (model < 1 || model > 6)
        m = fric__fail_id(FRIC_E_PARAM_RANGE, -1, "fit.model_not_m_3",
                "model = {model} is not one of M1..M6; use 1 to 6.",
                fric__values(fric__i("model", model)));
    for (int i = 0; !m && i < FRIC_FIT_N; i++) {
        const char *key = fric_fit_param_key(i);
        int used = fric_fit_param_used(model, i);
        if (s->free_[i] && !used)
            m = fric__fail_id(FRIC_E_UNSUPPORTED, i, "fit.free_but_model",
                    "{key} is free but model M{model} does not use it; hold it (at 0).",
                    fric__values(fric__s("key", key), fric__i("model", model)));
        else if (s->free_[i] && !(isfinite(s->lo[i]) && isfinite(s->hi[i]) && s->lo[i] < s->hi[i]))
            m = fric__fail_id(FRIC_E_PARAM_RANGE, i, "fit.bounds_free_parameter",
                    "{key} has bounds [{lo}, {hi}]; a free parameter needs finite bounds with lo < "
                    "hi.",
                    fric__values(fric__s("key", key), fric__g("lo", s->lo[i]), fric__g("hi", s->hi[i])));
        else if (s->free_[i] && (c = refuses(i, s->lo[i])) && (c = refuses(i, s->hi[i])))
            m = fric__fail_id(FRIC_E_PARAM_RANGE, i, "fit.bounds_where_no",
                    "{key} has bounds [{lo}, {hi}] where no value is one the bench accepts ({c}); "
                    "move the box.",
                    fric__values(fric__s("key", key), fric__g("lo", s->lo[i]), fric__g("hi", s->hi[i]),
                                 fric__s("c", c)));
        else if (!s->free_[i] && used && (c = refuses(i, s->value[i])))
            m = fric__fail_id(FRIC_E_PARAM_RANGE, i, "fit.held_which",
                    "{key} is held at {value}, which {c}.",
                    fric__values(fric__s("key", key), fric__g("value", s->value[i]), fric__s("c", c)));
        else if (!s->free_[i] && !isfinite(s->value[i]))
            m = fric__fail_id(FRIC_E_PARAM_RANGE, i, "fit.held_held_value",
                    "{key} is held at {value}; a held value must be finite.",
                    fric__values(fric__s("key", key), fric__g("value", s->value[i])));
        n_free += s->free_[i] != 0;
    }
    if (!m && n_free == 0)
        m = fric__fail_id(FRIC_E_UNSUPPORTED, -1, "fit.free_least_parameter",
                "every parameter is held: free at least one parameter to fit.",
                fric__no_values);
    if (why) *why = m ? m : "";
    return m ? fric__rc() : 0;
}

int fric_fit_space_log(const fric_fit_space *s, int i)
{
    return s && i >= 0 && i < FRIC_FIT_N && s->lo[i] > 0;
}

/* Parameter i at normalised u ∈ [0, 1]: lo + u·(hi − lo), or lo·(hi/lo)^u
 * on a log scale, kept inside [lo, hi] (exp and ln are cmaes.c's own: the
 * same bits natively and in wasm). */
static double decode1(const fric_fit_space *s, int i, double u)
{
    const double lo = s->lo[i], hi = s->hi[i];
    if (!fric_fit_space_log(s, i)) return lo + u * (hi - lo);
    if (!(u > 0)) return lo;
    if (u >= 1) return hi;
    const double v = lo * fric__cmaes_exp(u * fric__cmaes_log(hi / lo));
    return v < lo ? lo : v > hi ? hi : v;
}

void fric_fit_space_decode(const fric_fit_space *s, const double *x, double *p)
{
    int k = 0;
    for (int i = 0; i < FRIC_FIT_N; i++)
        p[i] = s->free_[i] ? decode1(s, i, x[k++]) : s->value[i];
}

int fric_fit_space_encode(const fric_fit_space *s, const double *p, double *x)
{
    int k = 0, clamped = 0;
    for (int i = 0; i < FRIC_FIT_N; i++) {
        if (!s->free_[i]) continue;
        const double lo = s->lo[i], hi = s->hi[i];
        double u = (p[i] - lo) / (hi - lo);
        if (!(u >= 0)) { u = 0; clamped++; }       /* NaN too */
        else if (u > 1) { u = 1; clamped++; }
        else if (fric_fit_space_log(s, i))
            u = fric__cmaes_log(p[i] / lo) / fric__cmaes_log(hi / lo);   /* p in [lo, hi] */
        x[k++] = u < 0 ? 0 : u > 1 ? 1 : u;
    }
    return clamped;
}
