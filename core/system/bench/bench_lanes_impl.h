/*
 * bench_lanes_impl.h: the multi-lane pendulum kernel, a template included
 * by bench_lanes.c (FRIC_LANES_N = 2: SSE2 natively, SIMD128 in wasm) and
 * bench_lanes_avx2.c (FRIC_LANES_N = 4 under #pragma GCC target("avx2")),
 * each defining LANES_KERNEL, the name of the function it gets.
 *
 * One lane = one log's bench (structure of arrays: the batch's sample k of
 * log i is at [k·N + i], so FRIC_LANES_N consecutive logs load as one
 * vector). The step is Algorithm 1 with the CLIP or the IMPLICIT treatment,
 * instantiated from servo_formulas.h and slip_formulas.h, the formulas of the
 * scalar step, with the core's
 * own vector sin/exp/pow (lanes.h) in place of libm's: the same
 * operations in the same order except those three functions (≤ 1 ulp,
 * pow ≤ 1 + 2|y| ulp), so a lane follows fric_bench_step until a rounding
 * difference flips a stick/slip decision (measured in
 * tests/system/bench/test_bench_lanes.c and docs/performance.md).
 *
 * Two vectors are stepped side by side (2·FRIC_LANES_N lanes per block), so
 * their dependency chains overlap. A lane whose log has ended, or whose
 * state left the finite range (its MAE is then NaN, as fric_bench_batch_mae
 * gives), is masked: its state and sum are kept, never branched on.
 */
#include <math.h>
#include <string.h>

#include "lanes.h"
#include "bench_internal.h"

#define FX_T fric__vd
#define FX_M fric__vm
#define FX_FRICTION lanes_friction
#define FX_SEL(m, a, b) fric__vsel((m), (a), (b))
#define FX_ABS(x) fric__vabs(x)
#define FX_SGN(x) fric__vsgn(x)
#define FX_C(x) fric__vset(x)
#define FX_SIN(x) fric__vsin(x)
#define FX_EXP(x) fric__vexp(x)
#define FX_POW(a, b) fric__vpow((a), (b))
#define FX_NOT(m) (~(m))
#define FX_ANY(m) fric__vany(m)
#define FX_AND(a, b) ((a) & (b))

#define LANES_FIELD(f, KEY) fric__vd f;
typedef struct {
    int model;
    FRIC_SERVO_COEFS(LANES_FIELD)
} lanes_friction;
#undef LANES_FIELD

#include "servo_formulas.h"
#include "slip_formulas.h"

#define W FRIC_LANES_N

/* what a lane's step needs, per lane (from its def and its log's header) */
typedef struct {
    fx_servo_consts m;     /* the control law's constants (servo_formulas.h) */
    fric__vd target_step;  /* max_velocity·dt, +inf without target smoothing */
    fric__vd q_offset, grav, J, J_dt, dt, dt2;
    /* IMPLICIT: Z = dt/J, and the plan's k = 1 + Z·K_v, wc, s'(wc) (α > 1;
     * 0 otherwise) and a2 = max(α², 1) (bench_step.c, phi_z.c) */
    fric__vd Z, k, wc, dsc, a2;
    lanes_friction f;
    fric__vd n;           /* samples of each lane's log (0: padding lane) */
} lanes_consts;

/* the implicit step's warm start per lane (fric_warm: the previous moving
 * step's slip w, s(w), s'(w); w = −1: none) */
typedef struct { fric__vd w, s, ds; } lanes_warm;

/* the integrator (lines 9-10) from the end velocity dq_end and a, masked by
 * active; alive loses the lanes whose new state is not finite */
static inline __attribute__((always_inline)) void
lanes_finish(const lanes_consts *c, fric__vd *q, fric__vd *dq, fric__vd dq_end, fric__vd acc,
             fric__vm active, fric__vm *alive)
{
    fric__vd q_new, dq_new;
    fx_integrate(*q, dq_end, acc, c->dt, c->dt2, FRIC_BENCH_DQ_MAX, &q_new, &dq_new);
    fric__vm fin = fric__visfinite(q_new) & fric__visfinite(dq_new);
    fric__vm upd = active & fin;
    *alive &= ~(active & ~fin);
    *q = fric__vsel(upd, q_new, *q);
    *dq = fric__vsel(upd, dq_new, *dq);
}

/* the servo's torque toward the target the firmware follows (the scalar
 * step's fric_bench_motor_torque) */
static inline __attribute__((always_inline)) fric__vd
lanes_motor(const lanes_consts *c, int control, fric__vm te, fric__vd q, fric__vd dq,
            fric__vd target)
{
    return fx_motor(control, te, &c->m, q, dq, target);
}

/* one vector's IMPLICIT step around the slip solve (bench_step.c): x = v* =
 * Z·τ_stop through element A with the levels Fc = C, Fs = C + A
 * (fric_plan_levels), stuck iff |x| ≤ Z·Fs, else the slip w of
 * slip_formulas.h and y = Φ(w) (phi_z.c eval, refine off). For α = 1 the
 * scalar step takes Cisneros's closed form (Lambert W) where c·Fsc < 1; the
 * lanes solve the same equation by the same Newton iteration (root to an
 * ulp; tests/system/bench/test_bench_lanes.c measures the gap). */
typedef struct {
    fric__vd tau_stop, net, x, ax, C, A, Fsc;
    fric__vm stuck, todo;
    fx_slip_state sv;
} lanes_imp;

/* up to the slip iteration's first evaluation */
static inline __attribute__((always_inline)) void
lanes_imp_start(const lanes_consts *c, int control, fric__vd q, fric__vd dq, lanes_warm *warm,
                fric__vd *target, fric__vd goal, fric__vm te, fric__vm active, lanes_imp *o)
{
    fric__vd tau_e = fx_gravity(c->grav, q, c->q_offset);
    *target = fric__vsel(active, fx_target_smooth(*target, goal, c->target_step), *target);
    fric__vd tau_m = lanes_motor(c, control, te, q, dq, *target);
    o->net = tau_m + tau_e;
    o->tau_stop = c->J_dt * dq + o->net;
    o->x = c->Z * o->tau_stop;
    o->ax = fric__vabs(o->x);
    fx_split(&c->f, tau_m, tau_e, &o->C, &o->A);
    fric__vd Fs = o->C + o->A;
    o->Fsc = Fs - o->C;
    o->stuck = o->ax <= c->Z * Fs;
    o->todo = active & ~o->stuck;
    fx_slip_start(&o->sv, o->todo, c->f.dtheta_s, c->f.alpha, c->k, c->wc, c->dsc, c->Z * o->C,
                  c->Z * o->Fsc, o->ax, &warm->w, &warm->s, &warm->ds);
}

/* the iteration, y = Φ(w), τf and the integrator */
static inline __attribute__((always_inline)) void
lanes_imp_end(const lanes_consts *c, lanes_imp *o, fric__vd *q, fric__vd *dq, lanes_warm *warm,
              fric__vm active, fric__vm *alive)
{
    fric__vd sw, w = fx_slip_finish(&o->sv, c->f.dtheta_s, c->f.alpha, c->k, c->a2, c->Z * o->C,
                                    c->Z * o->Fsc, o->ax, &warm->w, &warm->s, &warm->ds, &sw);
    fric__vd y = o->Fsc * sw + o->C + c->f.K_v * w;                 /* y = Φ(w) */
    fric__vd tau_f = fric__vsel(o->stuck, -o->tau_stop, -fric__vcopysign(y, o->x));
    fric__vd acc = (o->net + tau_f) / c->J;
    fric__vd dq_end = fric__vsel(o->stuck, fric__vset(0.0), fric__vsgn(o->tau_stop) * w);
    lanes_finish(c, q, dq, dq_end, acc, active, alive);
}

/* one step of W lanes (CLIP), masked by active; alive loses the lanes whose
 * new state is not finite */
static inline __attribute__((always_inline)) void
lanes_step(const lanes_consts *c, int control, fric__vd *q, fric__vd *dq, fric__vd *target,
           fric__vd goal, fric__vm te, fric__vm active, fric__vm *alive)
{
    fric__vd tau_e = fx_gravity(c->grav, *q, c->q_offset);
    *target = fric__vsel(active, fx_target_smooth(*target, goal, c->target_step), *target);
    fric__vd tau_m = lanes_motor(c, control, te, *q, *dq, *target);
    fric__vd net = tau_m + tau_e;
    fric__vd tau_stop = c->J_dt * *dq + net;
    fric__vd budget = fx_budget(&c->f, *dq, tau_m, tau_e);
    fric__vm stuck;
    fric__vd tau_f = fx_clip_friction(tau_stop, budget, &stuck);
    fric__vd acc = (net + tau_f) / c->J;
    lanes_finish(c, q, dq, *dq + acc * c->dt, acc, active, alive);
}

/* where a vector's W lanes read their log's samples: lane l = c·N + i is
 * candidate c on log i; contiguous when the W logs are consecutive */
typedef struct {
    int contiguous;
    size_t first;          /* the first lane's log (contiguous)              */
    size_t log[W];         /* each lane's log, (size_t)−1 for padding lanes  */
} lanes_map;

static void lanes_map_init(lanes_map *m, size_t l0, size_t N, size_t L)
{
    m->first = l0 % N;
    m->contiguous = l0 + W <= L && m->first + W <= N;
    for (size_t j = 0; j < W; j++) m->log[j] = l0 + j < L ? (l0 + j) % N : (size_t)-1;
}

/* the W lanes' values of one row of N logs (0 for padding lanes) */
static inline fric__vd lanes_row(const double *row, const lanes_map *m)
{
    if (m->contiguous) return fric__vload(row + m->first);
    double t[W] = { 0 };
    for (size_t j = 0; j < W; j++)
        if (m->log[j] != (size_t)-1) t[j] = row[m->log[j]];
    return fric__vload(t);
}

/* the W lanes' torque_enable flags (0/1, fric_bench_batch_check) as a mask */
static inline fric__vm lanes_row_te(const unsigned char *row, const lanes_map *m)
{
    if (m->contiguous) return fric__vmask_bytes(row + m->first);
    unsigned char t[W] = { 0 };
    for (size_t j = 0; j < W; j++)
        if (m->log[j] != (size_t)-1) t[j] = row[m->log[j]];
    return fric__vmask_bytes(t);
}

/* q_sim[l] for the W lanes from l0 (L lanes in all) */
static inline void lanes_put(double *row, size_t l0, size_t L, fric__vd q)
{
    for (size_t j = 0; j < W && l0 + j < L; j++) row[l0 + j] = q[j];
}

/* the constants and initial state of the W lanes from l0 (padding lanes
 * copy candidate 0 on log 0, with n = 0: never active) */
static void lanes_setup(const fric_bench_batch *b, const fric_bench_def *d, size_t l0,
                        size_t L, lanes_consts *c, fric__vd *q, fric__vd *dq, fric__vd *target)
{
    enum { R = 30 };
    double v[R][W], n[W], f[FRIC_SERVO_N_COEFS][W];
    size_t N = b->logs;
    for (size_t j = 0; j < W; j++) {
        size_t l = l0 + j < L ? l0 + j : 0, i = l % N;
        fric_bench_def e;
        fric_bench_state st = { 0 };
        fric_bench_def_from_log(&d[l / N], &b->header[i], &e);
        /* the scalar step's own preparation (the caller checked e) */
        if (fric_bench_init(&e, &st, b->q_rec[i], b->dq0 ? b->dq0[i] : 0, NULL)) st.J = NAN;
        const fric_servo_actuator *a = &e.servo;
        const fric_plan *pl = &st.elem.plan;
        double al = e.friction.alpha;
        double row[R] = { a->kt, a->R, e.kp, sqrt(e.kp), e.vin, a->error_gain,
                          a->error_gain_ratio, a->max_pwm, a->d_gain, a->max_amps,
                          a->max_volts, a->max_current, a->current_limit, a->damping,
                          a->max_torque, st.target_step, a->q_offset, st.grav, st.J,
                          st.J_dt, e.dt, st.dt2, st.Z, pl->k, al > 1 ? pl->wc : 0,
                          al > 1 ? pl->dsc : 0, al > 1 ? al * al : 1, st.q, st.dq,
                          st.target };
        for (int r = 0; r < R; r++) v[r][j] = row[r];
        n[j] = l0 + j < L ? (double)b->n[i] : 0;
        double cf[FRIC_SERVO_N_COEFS];
        fric_servo_to_array(&e.friction, cf);
        for (int r = 0; r < FRIC_SERVO_N_COEFS; r++) f[r][j] = cf[r];
    }
    fx_servo_consts *m = &c->m;
    fric__vd *dst[R] = { &m->kt, &m->R, &m->kp, &m->sqrt_kp, &m->vin, &m->error_gain,
                         &m->ratio, &m->max_pwm, &m->d_gain, &m->max_amps, &m->max_volts,
                         &m->max_current, &m->current_limit, &m->damping, &m->max_torque,
                         &c->target_step, &c->q_offset, &c->grav, &c->J, &c->J_dt, &c->dt,
                         &c->dt2, &c->Z, &c->k, &c->wc, &c->dsc, &c->a2, q, dq, target };
    for (int r = 0; r < R; r++) *dst[r] = fric__vload(v[r]);
    c->f.model = d[0].friction.model;
    int r = 1;
#define LANES_LOAD(fld, KEY) c->f.fld = fric__vload(f[r++]);
    FRIC_SERVO_COEFS(LANES_LOAD)
#undef LANES_LOAD
    c->n = fric__vload(n);
}

/* mae[c·N + i] for candidate d[c] on log i of b, c < C (NaN where the lane
 * left the finite range); the candidates share the model and the control.
 * q_sim (may be NULL): the positions scored, [k·C·N + c·N + i] for
 * k < n[i] (other entries may be written). */
void LANES_KERNEL(const fric_bench_batch *b, const fric_bench_def *d, size_t C, double *mae,
                  double *q_sim)
{
    size_t N = b->logs, L = C * N;
    int control = (int)d[0].servo.control;
    int implicit = d[0].treatment == FRIC_TREATMENT_IMPLICIT;
    for (size_t l0 = 0; l0 < L; l0 += 2 * W) {
        lanes_consts ca, cb;
        lanes_map ma, mb;
        fric__vd qa, dqa, qb, dqb, ta_s, tb_s;   /* state; ta_s, tb_s the smoothed targets */
        lanes_map_init(&ma, l0, N, L);
        lanes_map_init(&mb, l0 + W, N, L);
        lanes_setup(b, d, l0, L, &ca, &qa, &dqa, &ta_s);
        lanes_setup(b, d, l0 + W, L, &cb, &qb, &dqb, &tb_s);
        fric__vm alive_a = fric__vmset(-1), alive_b = fric__vmset(-1);
        fric__vd sa = fric__vset(0.0), sb = fric__vset(0.0);
        lanes_warm wa = { fric__vset(-1.0), fric__vset(0.0), fric__vset(0.0) }, wb = wa;
        int two = l0 + W < L;   /* the block's second vector holds lanes (else all padding) */
        size_t kmax = 0;
        for (size_t l = l0; l < L && l < l0 + 2 * W; l++)
            if (b->n[l % N] > kmax) kmax = b->n[l % N];
        for (size_t k = 0; k < kmax; k++) {
            size_t row = k * N;
            fric__vd kk = fric__vset((double)k);
            fric__vm act_a = alive_a & (kk < ca.n), act_b = alive_b & (kk < cb.n);
            if (q_sim) {
                lanes_put(q_sim + k * L, l0, L, qa);
                lanes_put(q_sim + k * L, l0 + W, L, qb);
            }
            fric__vd ra = lanes_row(b->q_rec + row, &ma), rb = lanes_row(b->q_rec + row, &mb);
            sa = fric__vsel(act_a, sa + fric__vabs(qa - ra), sa);
            sb = fric__vsel(act_b, sb + fric__vabs(qb - rb), sb);
            fric__vd ga = lanes_row(b->goal + row, &ma), gb = lanes_row(b->goal + row, &mb);
            fric__vm ta = lanes_row_te(b->torque_enable + row, &ma);
            fric__vm tb = lanes_row_te(b->torque_enable + row, &mb);
            if (implicit) {
                /* both vectors start before either iterates (overlapping
                 * chains); a second vector of padding lanes has act_b = 0 */
                lanes_imp ia, ib;
                lanes_imp_start(&ca, control, qa, dqa, &wa, &ta_s, ga, ta, act_a, &ia);
                lanes_imp_start(&cb, control, qb, dqb, &wb, &tb_s, gb, tb, act_b, &ib);
                lanes_imp_end(&ca, &ia, &qa, &dqa, &wa, act_a, &alive_a);
                lanes_imp_end(&cb, &ib, &qb, &dqb, &wb, act_b, &alive_b);
            } else {
                lanes_step(&ca, control, &qa, &dqa, &ta_s, ga, ta, act_a, &alive_a);
                if (two) lanes_step(&cb, control, &qb, &dqb, &tb_s, gb, tb, act_b, &alive_b);
            }
        }
        for (size_t j = 0; j < W; j++) {
            if (l0 + j < L) mae[l0 + j] = alive_a[j] ? sa[j] / (double)b->n[(l0 + j) % N] : NAN;
            if (l0 + W + j < L)
                mae[l0 + W + j] = alive_b[j] ? sb[j] / (double)b->n[(l0 + W + j) % N] : NAN;
        }
    }
}

#undef W
