/*
 * recipe.c: the recording recipe (fric_recipe.h), a goal episode that
 * separates what the identification of a robot's servos needs: holds
 * approached from above and from below at several poses, slow sweeps both
 * ways per joint, a multi-sine. MuJoCo-free: the joints are names and ranges.
 *
 * The episode is a list of pieces laid end to end in time (moves, holds,
 * sweeps, the multi-sine), each a bounded-speed, bounded-acceleration
 * function of time; the goals are its samples at t = k/fps.
 *   - a move or a sweep from a to b: the trapezoidal speed profile of the
 *     largest distance D = max_j |b_j − a_j| (top speed v, acceleration c):
 *     T_a = v/c and T = D/v + T_a when D >= v²/c, else T_a = T/2 = √(D/c);
 *     s(τ) = c·τ²/2 (τ < T_a), c·T_a²/2 + v·(τ − T_a) (τ < T − T_a),
 *     D − c·(T − τ)²/2 (after); goal_j = a_j + (b_j − a_j)·s(τ)/D, so every
 *     joint's speed <= v and acceleration <= c;
 *   - the multi-sine about pose 0: x_j(τ) = w(τ)·Σ_i a_ji·sin(2π f_ji τ + φ_i),
 *     w the raised-cosine fade ½(1 − cos(πτ/F)) = sin²(πτ/(2F)) over F at both ends
 *     (|w′| <= π/(2F), |w″| <= π²/(2F²)); the f_ji log-spaced over
 *     [fmin, fmax], interleaved over the joints (f_ji = fmin·(fmax/fmin)^((i·J
 *     + j)/(N·J − 1))); Schroeder's phases φ_i = −π·i·(i + 1)/N (Schroeder
 *     1970, IEEE Trans. Inf. Theory 16(1), eq. 11: a low peak for a flat
 *     spectrum); the amplitudes a_ji = min(A/N, V/(N·ω), C/(N·ω²)) with
 *     V = v_ms − π/(2F)·A and C = accel − π²/(2F²)·A − π/F·v_ms, so that
 *     |x| <= A, |x′| <= π/(2F)·A + Σaω <= v_ms and
 *     |x″| <= |w″|·Σa + 2|w′|·Σaω + Σaω² <= accel (the product rule).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fric_recipe.h"
#include "base.h"
#include "lanes.h"

#define PI 3.141592653589793

/* sin and pow by the core's own functions (lanes.h: + − × ÷ and bit
 * operations only), so the native tool, Node and the page write the same
 * goals bit for bit (libm's sin and the wasm build's differ in the last bit). */
static double xsin(double x) { return fric__vsin(fric__vset(x))[0]; }
static double xpow(double a, double b) { return b > 0 ? fric__vpow(fric__vset(a), fric__vset(b))[0] : 1.0; }

fric_recipe_def fric_recipe_default(void)
{
    fric_recipe_def d;
    memset(&d, 0, sizeof d);
    d.fps = 30;
    d.seconds = 120;
    d.margin = 0.1;
    d.hold = 2.2;
    d.approach = 0.1;
    d.approach_speed = 0.03;
    d.sweep = 0.25;
    d.sweep_speed = 0.4;
    d.speed = 0.8;
    d.move_accel = 2;
    d.accel = 10;
    d.multisine_amplitude = 0.08;
    d.multisine_speed = 0.5;
    d.multisine_fmin = 0.2;
    d.multisine_fmax = 3;
    d.multisine_min = 10;
    d.fade = 1.5;
    return d;
}

/* ------------------------------------------------------------ the pieces */

/* One piece of the episode: a move or sweep (a → b on the trapezoid of
 * speed v and acceleration c), a hold at a, or the multi-sine about a. */
typedef struct piece {
    int kind;                       /* fric_recipe_kind                        */
    double t0, T;                   /* start and length [s]                    */
    double a[FRIC_REC_MAX_JOINTS];  /* start [rad]                             */
    double b[FRIC_REC_MAX_JOINTS];  /* end [rad]                               */
    double D, v, c, Ta;             /* the trapezoid: distance [rad], top speed
                                       [rad/s], acceleration [rad/s²], ramp [s] */
} piece;

typedef struct builder {
    const fric_recipe_def *def;
    fric_recipe *r;
    piece *p;                       /* the pieces                              */
    int np, cap;
    double t;                       /* the end of the last piece [s]           */
    double at[FRIC_REC_MAX_JOINTS]; /* the goals there [rad]                   */
    int dry;                        /* 1: count the time only                  */
} builder;

/* Appends a piece (or only advances the time when dry); 0 on no memory. */
static int add(builder *B, int kind, const double *to, double v, double c, double T)
{
    const int J = B->def->joints;
    piece q;
    memset(&q, 0, sizeof q);
    q.kind = kind;
    q.t0 = B->t;
    memcpy(q.a, B->at, sizeof q.a);
    memcpy(q.b, to ? to : B->at, sizeof q.b);
    if (kind == FRIC_RECIPE_MOVE || kind == FRIC_RECIPE_SWEEP) {
        double D = 0;
        for (int j = 0; j < J; j++) D = fmax(D, fabs(q.b[j] - q.a[j]));
        if (D <= 0) return 1;
        q.D = D, q.v = v, q.c = c;
        if (D >= v * v / c) {
            q.Ta = v / c;
            q.T = D / v + q.Ta;
        } else {
            q.Ta = sqrt(D / c);
            q.T = 2 * q.Ta;
        }
    } else {
        q.T = T;
    }
    B->t += q.T;
    memcpy(B->at, q.b, sizeof B->at);
    if (B->dry) return 1;
    if (B->np == B->cap) {
        const int cap = B->cap ? 2 * B->cap : 64;
        piece *p = realloc(B->p, (size_t)cap * sizeof *p);
        if (!p) return 0;
        B->p = p, B->cap = cap;
    }
    B->p[B->np++] = q;
    return 1;
}

/* The distance covered at τ of a trapezoid piece [rad]. */
static double trapezoid(const piece *q, double tau)
{
    if (tau <= 0) return 0;
    if (tau >= q->T) return q->D;
    if (tau < q->Ta) return 0.5 * q->c * tau * tau;
    if (tau <= q->T - q->Ta) return 0.5 * q->c * q->Ta * q->Ta + q->v * (tau - q->Ta);
    const double u = q->T - tau;
    /* the top speed reached: v, or c·T_a on a triangle */
    return q->D - 0.5 * q->c * u * u;
}

/* The goals of piece q at τ [s] into it. */
static void eval_piece(const fric_recipe *r, const fric_recipe_def *def, const piece *q, double tau,
                       double *g)
{
    const int J = r->joints;
    if (q->kind == FRIC_RECIPE_MOVE || q->kind == FRIC_RECIPE_SWEEP) {
        const double s = trapezoid(q, tau) / q->D;
        for (int j = 0; j < J; j++) g[j] = q->a[j] + (q->b[j] - q->a[j]) * s;
    } else if (q->kind == FRIC_RECIPE_MULTISINE) {
        const double F = def->fade;
        double w = 1;   /* ½(1 − cos(πu/F)) = sin²(πu/(2F)) */
        if (tau < F) w = xsin(PI * tau / (2 * F)), w *= w;
        else if (tau > q->T - F) w = xsin(PI * (q->T - tau) / (2 * F)), w *= w;
        if (tau <= 0 || tau >= q->T) w = 0;
        for (int j = 0; j < J; j++) {
            double x = 0;
            for (int i = 0; i < FRIC_RECIPE_SINES; i++)
                x += r->amp[j][i] * xsin(2 * PI * r->freq[j][i] * tau + r->phase[i]);
            g[j] = q->a[j] + w * x;
        }
    } else {
        for (int j = 0; j < J; j++) g[j] = q->a[j];
    }
}

/* ---------------------------------------------------------- the episode */

/* The segment of a piece (holds at poses, sweeps, the multi-sine). */
static int note(fric_recipe *r, int *cap, int kind, int pose, int joint, int from_above, double t0,
                double t1, double lo, double hi, double from, double to)
{
    if (r->segments == *cap) {
        const int c = *cap ? 2 * *cap : 32;
        fric_recipe_segment *s = realloc(r->segment, (size_t)c * sizeof *s);
        if (!s) return 0;
        r->segment = s, *cap = c;
    }
    r->segment[r->segments++] = (fric_recipe_segment){ kind, pose, joint, from_above, t0, t1, lo, hi, from, to };
    return 1;
}

/* The episode with `poses` poses laid into B (dry: its length only).
 * segcap: the segments' capacity (NULL when dry). 0 on no memory. */
static int lay(builder *B, int poses, double multisine, int *segcap)
{
    const fric_recipe_def *d = B->def;
    fric_recipe *r = B->r;
    const int J = d->joints;
    double to[FRIC_REC_MAX_JOINTS];
    const double v = d->speed, c = d->move_accel;
    int ok = 1;
    memcpy(B->at, r->rest, sizeof B->at);
    B->t = 0;
    ok = ok && add(B, FRIC_RECIPE_HOLD, NULL, 0, 0, 1.0);              /* at rest */
    for (int p = 0; p < poses && ok; p++) {
        const double *P = r->pose[p];
        for (int side = 0; side < 2 && ok; side++) {                   /* above, below */
            for (int j = 0; j < J; j++) to[j] = P[j] + (side == 0 ? 1 : -1) * r->delta[j];
            ok = ok && add(B, FRIC_RECIPE_MOVE, to, v, c, 0);
            /* the last quarter of δ at the approach's creep: the joint settles on
             * its side of the goal instead of overshooting it */
            for (int j = 0; j < J; j++) to[j] = P[j] + (side == 0 ? 0.25 : -0.25) * r->delta[j];
            ok = ok && add(B, FRIC_RECIPE_MOVE, to, d->sweep_speed, c, 0);
            ok = ok && add(B, FRIC_RECIPE_MOVE, P, d->approach_speed, c, 0);
            const double t0 = B->t;
            ok = ok && add(B, FRIC_RECIPE_HOLD, NULL, 0, 0, d->hold);
            if (ok && segcap)
                ok = note(r, segcap, FRIC_RECIPE_HOLD, p, -1, side == 0, t0, B->t, 0, 0, 0, 0);
        }
        for (int j = 0; j < J && ok; j++) {                            /* sweeps */
            const double lo_u = d->lo[j] + d->margin * (d->hi[j] - d->lo[j]);
            const double hi_u = d->hi[j] - d->margin * (d->hi[j] - d->lo[j]);
            const double A = fmin(d->sweep, fmin(P[j] - lo_u, hi_u - P[j]));
            if (!(A > 0)) continue;
            /* from below first on even p + j, from above first on odd: the joint
             * comes back to P (and holds there while the others sweep) from
             * above as often as from below */
            const double s = (p + j) % 2 == 0 ? -1 : 1;
            memcpy(to, P, sizeof to);
            to[j] = P[j] + s * A;
            ok = ok && add(B, FRIC_RECIPE_MOVE, to, v, c, 0);
            for (int way = 0; way < 2 && ok; way++) {
                const double from = to[j];
                to[j] = way == 0 ? P[j] - s * A : P[j] + s * A;
                const double t0 = B->t;
                ok = ok && add(B, FRIC_RECIPE_SWEEP, to, d->sweep_speed, c, 0);
                if (ok && segcap)
                    ok = note(r, segcap, FRIC_RECIPE_SWEEP, p, j, -1, t0, B->t, P[j] - A, P[j] + A, from, to[j]);
            }
            ok = ok && add(B, FRIC_RECIPE_MOVE, P, v, c, 0);
        }
    }
    ok = ok && add(B, FRIC_RECIPE_MOVE, r->pose[0], v, c, 0);          /* the multi-sine */
    const double t0 = B->t;
    ok = ok && add(B, FRIC_RECIPE_MULTISINE, NULL, 0, 0, multisine);
    if (ok && segcap) ok = note(r, segcap, FRIC_RECIPE_MULTISINE, 0, -1, -1, t0, B->t, 0, 0, 0, 0);
    ok = ok && add(B, FRIC_RECIPE_MOVE, r->rest, v, c, 0);             /* back to rest */
    ok = ok && add(B, FRIC_RECIPE_HOLD, NULL, 0, 0, 1.0);
    return ok;
}

/* ---------------------------------------------------------------- checks */

static void out_of_memory(void)
{
    fric__fail_id(FRIC_E_NO_MEMORY, -1, "recipe.memory", "recipe: out of memory.", fric__no_values);
}

static int check(const fric_recipe_def *d)
{
    if (!d) return fric__fail_id(FRIC_E_NULL, -1, "recipe.none", "recipe: no definition given.", fric__no_values), 0;
    if (d->joints < 1 || d->joints > FRIC_REC_MAX_JOINTS) {
        fric__fail_id(FRIC_E_PARAM_RANGE, -1, "recipe.joints",
                      "recipe: {joints} joints given; a recipe is made for 1 to {max}.",
                      fric__values(fric__i("joints", d->joints), fric__i("max", FRIC_REC_MAX_JOINTS)));
        return 0;
    }
    for (int j = 0; j < d->joints; j++) {
        size_t len = 0;
        int plain = 1;   /* no comma, quote, backslash or control character: CSV and JSON as they are */
        for (; len < FRIC_REC_NAME_LEN && d->name[j][len]; len++) {
            const unsigned char ch = (unsigned char)d->name[j][len];
            if (ch < 0x20 || ch == ',' || ch == '"' || ch == '\\') plain = 0;
        }
        if (len == 0 || len == FRIC_REC_NAME_LEN || !plain) {
            fric__fail_id(FRIC_E_PARAM_RANGE, -1, "recipe.name",
                          "recipe: joint {joint}'s name is empty, longer than {max} bytes or holds a "
                          "comma, a quote, a backslash or a control character; name each joint as the "
                          "MJCF does.",
                          fric__values(fric__i("joint", j + 1), fric__i("max", FRIC_REC_NAME_LEN - 1)));
            return 0;
        }
        if (!(isfinite(d->lo[j]) && isfinite(d->hi[j]) && d->hi[j] - d->lo[j] >= 0.05)) {
            fric__fail_id(FRIC_E_PARAM_RANGE, -1, "recipe.range",
                          "recipe: joint {name}'s range {lo} … {hi} rad is not a finite range of at least "
                          "0.05 rad; give the joint its range in the MJCF (range=\"lo hi\").",
                          fric__values(fric__sn("name", 63, d->name[j]), fric__g("lo", d->lo[j]),
                                       fric__g("hi", d->hi[j])));
            return 0;
        }
    }
    /* each field: name, value, least, greatest (open at 0 where > 0) */
    const struct { const char *name; double v, lo, hi; int open; } f[] = {
        { "fps", d->fps, 1, 1000, 0 },
        { "seconds", d->seconds, 20, 3600, 0 },
        { "margin", d->margin, 0, 0.3, 0 },
        { "hold", d->hold, 0.5, 60, 0 },
        { "approach", d->approach, 0, 1, 1 },
        { "sweep", d->sweep, 0, 2, 1 },
        { "sweep_speed", d->sweep_speed, 0, d->speed, 1 },
        { "speed", d->speed, 0, 10, 1 },
        { "move_accel", d->move_accel, 0, d->accel, 1 },
        { "accel", d->accel, 0, 1000, 1 },
        { "multisine_amplitude", d->multisine_amplitude, 0, 1, 1 },
        { "multisine_speed", d->multisine_speed, 0, d->speed, 1 },
        { "multisine_fmin", d->multisine_fmin, 0, d->multisine_fmax, 1 },
        { "multisine_fmax", d->multisine_fmax, d->multisine_fmin, d->fps / 4, 1 },
        { "multisine_min", d->multisine_min, 2 * d->fade, 600, 0 },
        { "fade", d->fade, 0, 10, 1 },
        { "approach_speed", d->approach_speed, 0, d->sweep_speed, 1 },
    };
    for (size_t i = 0; i < sizeof f / sizeof f[0]; i++) {
        const double v = f[i].v;
        if (!(isfinite(v) && (f[i].open ? v > f[i].lo : v >= f[i].lo) && v <= f[i].hi)) {
            fric__fail_id(FRIC_E_PARAM_RANGE, (int)i, "recipe.field",
                          "recipe: {field} = {value} must be finite in {open}{lo} … {hi}; give a value "
                          "inside.",
                          fric__values(fric__s("field", f[i].name), fric__g("value", v),
                                       fric__s("open", f[i].open ? "> " : ""), fric__g("lo", f[i].lo),
                                       fric__g("hi", f[i].hi)));
            return 0;
        }
    }
    const double A = d->multisine_amplitude, F = d->fade;
    if (!(d->multisine_speed - PI / (2 * F) * A > 0 &&
          d->accel - PI * PI / (2 * F * F) * A - PI / F * d->multisine_speed > 0)) {
        fric__fail_id(FRIC_E_PARAM_RANGE, -1, "recipe.fade",
                      "recipe: the multi-sine's fade of {fade} s uses up its speed or acceleration "
                      "(amplitude {amp} rad); lengthen the fade or lower the amplitude.",
                      fric__values(fric__g("fade", F), fric__g("amp", A)));
        return 0;
    }
    return 1;
}

/* ---------------------------------------------------------------- create */

fric_recipe *fric_recipe_create(const fric_recipe_def *d)
{
    if (!check(d)) return NULL;
    fric_recipe *r = calloc(1, sizeof *r);
    if (!r) return out_of_memory(), NULL;
    const int J = d->joints;
    r->joints = J;
    r->fps = d->fps;
    memcpy(r->name, d->name, sizeof r->name);
    static const double frac[FRIC_RECIPE_POSES][2] = { { 0.5, 0.5 }, { 0.75, 0.25 }, { 0.25, 0.75 } };
    for (int j = 0; j < J; j++) {
        const double w = d->hi[j] - d->lo[j];
        const double lo_u = d->lo[j] + d->margin * w, hi_u = d->hi[j] - d->margin * w;
        r->rest[j] = 0.5 * (lo_u + hi_u);
        for (int p = 0; p < FRIC_RECIPE_POSES; p++) r->pose[p][j] = lo_u + frac[p][j % 2] * (hi_u - lo_u);
        /* δ fits between every pose and the usable range: a quarter of it */
        r->delta[j] = fmin(d->approach, 0.25 * (hi_u - lo_u));
    }
    /* the multi-sine's frequencies, phases and amplitudes */
    const double A = d->multisine_amplitude, F = d->fade, N = FRIC_RECIPE_SINES;
    const double V = d->multisine_speed - PI / (2 * F) * A;
    const double C = d->accel - PI * PI / (2 * F * F) * A - PI / F * d->multisine_speed;
    for (int i = 0; i < FRIC_RECIPE_SINES; i++) {
        r->phase[i] = -PI * i * (i + 1) / N;
        for (int j = 0; j < J; j++) {
            const double e = (double)(i * J + j) / (N * J - 1);
            const double f = d->multisine_fmin * xpow(d->multisine_fmax / d->multisine_fmin, e);
            const double om = 2 * PI * f;
            r->freq[j][i] = f;
            r->amp[j][i] = fmin(A / N, fmin(V / (N * om), C / (N * om * om)));
        }
    }
    /* a narrow joint: the multi-sine's excursion within the usable range about pose 0 */
    for (int j = 0; j < J; j++) {
        const double room = 0.5 * (1 - 2 * d->margin) * (d->hi[j] - d->lo[j]);
        double sum = 0;
        for (int i = 0; i < FRIC_RECIPE_SINES; i++) sum += r->amp[j][i];
        if (sum > room)
            for (int i = 0; i < FRIC_RECIPE_SINES; i++) r->amp[j][i] *= room / sum;
    }
    /* as many poses as leave the multi-sine its least length */
    builder B = { d, r, NULL, 0, 0, 0, { 0 }, 1 };
    int poses = FRIC_RECIPE_POSES;
    for (; poses > 1; poses--) {
        lay(&B, poses, d->multisine_min, NULL);
        if (B.t <= d->seconds) break;
    }
    lay(&B, poses, d->multisine_min, NULL);
    const double multisine = fmax(d->multisine_min, d->multisine_min + d->seconds - B.t);
    r->poses = poses;
    B.dry = 0;
    int segcap = 0;
    int ok = lay(&B, poses, multisine, &segcap);
    const double total = B.t;
    r->n = (size_t)floor(total * d->fps + 1e-9) + 1;
    r->goal = ok ? malloc(r->n * (size_t)J * sizeof *r->goal) : NULL;
    if (!r->goal) {
        free(B.p);
        fric_recipe_destroy(r);
        return out_of_memory(), NULL;
    }
    int i = 0;
    for (size_t k = 0; k < r->n; k++) {
        const double t = (double)k / d->fps;
        while (i + 1 < B.np && B.p[i + 1].t0 <= t) i++;
        eval_piece(r, d, &B.p[i], t - B.p[i].t0, &r->goal[k * (size_t)J]);
    }
    free(B.p);
    return r;
}

void fric_recipe_destroy(fric_recipe *r)
{
    if (!r) return;
    free(r->goal);
    free(r->segment);
    free(r);
}

/* --------------------------------------------------------------- writers */

size_t fric_recipe_csv(const fric_recipe *r, char *buf, size_t size)
{
    fric__text o = { buf, size, 0 };
    if (size) buf[0] = 0;
    fric__put(&o, "t");
    for (int j = 0; j < r->joints; j++) fric__put(&o, ",%s", r->name[j]);
    fric__put(&o, "\n");
    for (size_t k = 0; k < r->n; k++) {
        fric__put(&o, "%.17g", (double)k / r->fps);
        for (int j = 0; j < r->joints; j++) fric__put(&o, ",%.17g", r->goal[k * (size_t)r->joints + (size_t)j]);
        fric__put(&o, "\n");
    }
    return o.len;
}

static void put_vec(fric__text *o, const double *v, int n)
{
    fric__put(o, "[");
    for (int j = 0; j < n; j++) fric__put(o, "%s%.17g", j ? ", " : "", v[j]);
    fric__put(o, "]");
}

size_t fric_recipe_segments_json(const fric_recipe *r, const fric_recipe_def *def, char *buf, size_t size)
{
    fric__text o = { buf, size, 0 };
    if (size) buf[0] = 0;
    const int J = r->joints;
    fric__put(&o, "{\n \"kind\": \"recipe\",\n \"fps\": %.17g,\n \"duration_s\": %.17g,\n \"frames\": %zu,\n",
              r->fps, (double)(r->n - 1) / r->fps, r->n);
    fric__put(&o, " \"joints\": [");
    for (int j = 0; j < J; j++) fric__put(&o, "%s\"%s\"", j ? ", " : "", r->name[j]);
    fric__put(&o, "],\n \"ranges\": {");
    for (int j = 0; j < J; j++) fric__put(&o, "%s\"%s\": [%.17g, %.17g]", j ? ", " : "", r->name[j], def->lo[j], def->hi[j]);
    fric__put(&o, "},\n \"margin\": %.17g,\n \"rest\": ", def->margin);
    put_vec(&o, r->rest, J);
    fric__put(&o, ",\n \"poses\": {");
    for (int p = 0; p < r->poses; p++) {
        fric__put(&o, "%s\"P%d\": ", p ? ", " : "", p);
        put_vec(&o, r->pose[p], J);
    }
    fric__put(&o, "},\n \"deltas\": ");
    put_vec(&o, r->delta, J);
    fric__put(&o, ",\n \"segments\": [");
    for (int s = 0; s < r->segments; s++) {
        const fric_recipe_segment *g = &r->segment[s];
        fric__put(&o, "%s\n  {", s ? "," : "");
        if (g->kind == FRIC_RECIPE_HOLD) {
            fric__put(&o, "\"kind\": \"hold\", \"pose\": \"P%d\", \"t0\": %.17g, \"t1\": %.17g, \"target\": ", g->pose,
                      g->t0, g->t1);
            put_vec(&o, r->pose[g->pose], J);
            fric__put(&o, ", \"approach\": [");
            for (int j = 0; j < J; j++) fric__put(&o, "%s\"%s\"", j ? ", " : "", g->from_above ? "from_above" : "from_below");
            fric__put(&o, "]}");
        } else if (g->kind == FRIC_RECIPE_SWEEP) {
            fric__put(&o,
                      "\"kind\": \"sweep\", \"pose\": \"P%d\", \"joint\": \"%s\", \"t0\": %.17g, \"t1\": %.17g, "
                      "\"lo\": %.17g, \"hi\": %.17g, \"from\": %.17g, \"to\": %.17g, \"speed\": %.17g}",
                      g->pose, r->name[g->joint], g->t0, g->t1, g->lo, g->hi, g->from, g->to, def->sweep_speed);
        } else {
            fric__put(&o, "\"kind\": \"multisine\", \"pose\": \"P0\", \"t0\": %.17g, \"t1\": %.17g, \"fade_s\": %.17g, "
                      "\"phases_rad\": ", g->t0, g->t1, def->fade);
            put_vec(&o, r->phase, FRIC_RECIPE_SINES);
            fric__put(&o, ", \"freqs_hz\": {");
            for (int j = 0; j < J; j++) {
                fric__put(&o, "%s\"%s\": ", j ? ", " : "", r->name[j]);
                put_vec(&o, r->freq[j], FRIC_RECIPE_SINES);
            }
            fric__put(&o, "}, \"amplitudes_rad\": {");
            for (int j = 0; j < J; j++) {
                fric__put(&o, "%s\"%s\": ", j ? ", " : "", r->name[j]);
                put_vec(&o, r->amp[j], FRIC_RECIPE_SINES);
            }
            fric__put(&o, "}}");
        }
    }
    fric__put(&o, "\n ]\n}\n");
    return o.len;
}
