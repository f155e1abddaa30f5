/*
 * test_bench.c: the pendulum bench step (core/src/bench_*.c).
 *
 *  1. CLIP is the reference step: an independent transcription written here
 *     from ../shared/data/bam/README.md (and bam/simulate.py for q_offset),
 *     evaluated in the reference code's order, must give the same bits on
 *     thousands of random states and along multi-step runs.
 *  2. IMPLICIT solves its implicit equation: against the core's exact
 *     transform τf = −Φ_Z(v*) (Kikuuwe eq. 16, core/transform/phi_z.c, another
 *     solver) where the law fits the core (α >= 1), and against a brute-force
 *     residual + smallest-root scan everywhere (α < 1, non-monotone cases).
 *  3. Passivity with torque off: friction's discrete work τf·θ̇_{k+1} is
 *     never positive (IMPLICIT, CLIP), and the energy never grows by more than
 *     the integrator's own O(dt²) terms (derived below); EXPLICIT violates it.
 *  4. Chattering and drift: at rest inside the stiction band (torque off or a
 *     goal inside the controller's dead band), IMPLICIT holds still exactly
 *     (no reversal, q bit-identical for 1e7 steps; 1e6 under ASan), EXPLICIT
 *     chatters (reversals, drift).
 *  5. Bad input gets a message naming the parameter; a non-finite step is
 *     refused and leaves the state as it was.
 */
#include "test_main.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "fric_bench.h"
#include "bench_ref.h"
#include "friction.h"

/* ------------------------------------------------------------ utilities */

static uint64_t rng = 0x9e3779b97f4a7c15ull;
static double urand(void)           /* [0, 1), splitmix64 */
{
    uint64_t z = (rng += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    z ^= z >> 31;
    return (double)(z >> 11) * 0x1p-53;
}
static double uni(double a, double b) { return a + (b - a) * urand(); }

/* A random but sensible bench around preset p, with treatment tr. */
static void random_def(const fric_bench_preset *p, fric_bench_def *d, fric_treatment tr)
{
    static const double dts[] = { 0.0005, 0.001, 0.002, 0.005, 0.01 };
    fric_bench_def_from_preset(p, d);
    int erob = p->servo.control == FRIC_SERVO_CURRENT;
    d->mass = erob ? uni(1, 20) : uni(0.05, 1.5);
    d->length = erob ? uni(0.2, 0.6) : uni(0.05, 0.25);
    d->arm_mass = urand() < 0.5 ? 0 : uni(0, erob ? 3 : 0.3);
    d->kp = erob ? uni(5, 100) : p->servo.kp_default * uni(0.1, 3);
    d->vin = p->servo.vin_default * uni(0.8, 1.7);
    d->dt = dts[(int)(urand() * 5)];
    d->treatment = tr;
}

/* ---------------------------------------- 1. independent reference step */
/*
 * Written from ../shared/data/bam/README.md "Facts about the reference
 * implementation", in the order of the reference Python (bam/model.py
 * compute_frictions, bam/simulate.py step, bam/actuator.py); q_offset enters
 * the gravity torque as in bam/simulate.py. Nothing from core/src.
 */
/* target: the STS3215 firmware's smoothed target (bam/feetech/actuator.py,
 * the README's "Facts of the reference's main branch"), 0 at the start */
typedef struct { double q, dq, tau_f, target; } ref_state;


static void ref_step(const fric_bench_def *d, ref_state *s, double goal, int enable)
{
    const fric_servo_actuator *a = &d->servo;
    double q = s->q, dq = s->dq;
    double bias = (d->mass + d->arm_mass / 2) * -9.80665 * d->length * sin(q + a->q_offset);
    double tm;
    if (a->max_velocity > 0) {
        s->target = bench_ref_clip(goal, s->target - a->max_velocity * d->dt,
                                   s->target + a->max_velocity * d->dt);
        goal = s->target;
    }
    if (a->control == FRIC_SERVO_VOLTAGE) {
        double duty = bench_ref_clip((goal - q) * d->kp * a->error_gain * a->error_gain_ratio,
                                     -a->max_pwm, a->max_pwm);
        double volts = d->vin * duty;
        tm = a->kt * volts / a->R;
        tm -= (a->kt * a->kt) * dq / a->R;
    } else {
        double amps = (goal - q) * d->kp + a->d_gain * sqrt(d->kp) * (0.0 - dq);
        amps = bench_ref_clip(amps, -12.0, 12.0);
        double vb = (a->kt / a->R) * 48.0, emf = (a->kt * a->kt) * dq / a->R;
        tm = bench_ref_clip(a->kt * amps, -vb - emf, vb - emf);
    }
    if (!enable) tm = 0;
    double budget = bench_ref_budget(&d->friction, tm, bias, dq);
    double J = d->mass * (d->length * d->length);
    J += (d->arm_mass / 3) * (d->length * d->length);
    J += a->armature;
    double net = tm + bias;
    double tau_stop = (J / d->dt) * dq + net;
    double sf = -bench_ref_sign(tau_stop) * (fabs(tau_stop) < budget ? fabs(tau_stop) : budget);
    net += sf;
    double acc = net / J;
    dq += acc * d->dt;
    dq = bench_ref_clip(dq, -100.0, 100.0);
    q += dq * d->dt + 0.5 * acc * (d->dt * d->dt);
    s->q = q;
    s->dq = dq;
    s->tau_f = sf;
}

static void clip_is_the_reference_bit_for_bit(void **state)
{
    (void)state;
    int n = 0, runs = 0;
    for (int k = 0; k < fric_bench_preset_count(); k++) {
        const fric_bench_preset *p = fric_bench_preset_at(k);
        for (int i = 0; i < 200; i++) {
            fric_bench_def d;
            random_def(p, &d, FRIC_TREATMENT_CLIP);
            double r = urand();
            double q = uni(-3.2, 3.2);
            double dq = r < 0.2 ? 0.0 : r < 0.3 ? uni(-1e-3, 1e-3) : uni(-8, 8);
            double goal = q + (urand() < 0.3 ? uni(-0.02, 0.02) : uni(-1.5, 1.5));
            int te = urand() < 0.85;
            fric_bench_state s;
            assert_int_equal(fric_bench_init(&d, &s, q, dq, NULL), 0);
            assert_int_equal(fric_bench_step(&d, &s, goal, te), 0);
            ref_state rs = { q, dq, 0, 0 };
            ref_step(&d, &rs, goal, te);
            if (s.q != rs.q || s.dq != rs.dq || s.tau_f != rs.tau_f)
                fail_msg("%s m%d state %d: q %.17g vs %.17g, dq %.17g vs %.17g, tau_f %.17g vs %.17g",
                         p->actuator, p->model, i, s.q, rs.q, s.dq, rs.dq, s.tau_f, rs.tau_f);
            n++;
        }
        /* runs of 400 steps along a trajectory, torque on and off */
        for (int i = 0; i < 5; i++) {
            fric_bench_def d;
            random_def(p, &d, FRIC_TREATMENT_CLIP);
            fric_bench_traj tr = (fric_bench_traj)(i % 4);
            fric_bench_state s;
            assert_int_equal(fric_bench_init(&d, &s, 0, 0, NULL), 0);
            ref_state rs = { 0, 0, 0, 0 };
            for (int j = 0; j < 400; j++) {
                int te;
                double t = j * d.dt * (0.01 / d.dt > 1 ? 4 : 1);
                double g = fric_bench_traj_goal(tr, t, 0, &te);
                assert_int_equal(fric_bench_step(&d, &s, g, te), 0);
                ref_step(&d, &rs, g, te);
                if (s.q != rs.q || s.dq != rs.dq)
                    fail_msg("%s m%d run %d step %d: q %.17g vs %.17g", p->actuator, p->model, i, j,
                             s.q, rs.q);
            }
            runs++;
        }
    }
    print_message("identical on %d random states and %d runs of 400 steps\n", n, runs);
}

/* ------------------------------------------------ 2. the implicit solve */

/* C and A of the budget for fixed torques, from the README's formulas. */
static void split(const fric_servo_friction *k, double tm, double te, double *C, double *A)
{
    double L = fabs(te - tm);
    double dir = fabs(k->K_e * te - k->K_m * tm), dir_s = fabs(k->K_es * te - k->K_ms * tm);
    double Q = 0;
    if (bench_ref_sign(te) != bench_ref_sign(tm)) Q = fabs(te) < fabs(tm) ? k->K_eq * te * te
                                  : fabs(te) > fabs(tm) ? k->K_mq * tm * tm : 0;
    switch (k->model) {
    case 1: *C = k->K_c; *A = 0; break;
    case 2: *C = k->K_c; *A = k->K_cs; break;
    case 3: *C = k->K_c + k->K_l * L; *A = 0; break;
    case 4: *C = k->K_c + k->K_l * L; *A = k->K_cs + k->K_ls * L; break;
    case 5: *C = k->K_c + dir; *A = k->K_cs + dir_s; break;
    default: *C = k->K_c + dir; *A = k->K_cs + dir_s + Q; break;
    }
}

/* Relative agreement of the two exact solvers of τf: both to a few ulp of
 * the torques involved; 1e-11 leaves room for the different formulas
 * (Lambert W for α = 1, Newton otherwise) on torques up to |τ_stop|. */
#define PHIZ_REL_TOL 1e-11

static void implicit_matches_core_phi_z(void **state)
{
    (void)state;
    int n = 0, skipped = 0;
    for (int k = 0; k < fric_bench_preset_count(); k++) {
        const fric_bench_preset *p = fric_bench_preset_at(k);
        for (int i = 0; i < 300; i++) {
            fric_bench_def d;
            random_def(p, &d, FRIC_TREATMENT_IMPLICIT);
            double q = uni(-2, 2), dq = urand() < 0.2 ? 0 : uni(-6, 6);
            double goal = q + uni(-1, 1);
            fric_bench_state s;
            assert_int_equal(fric_bench_init(&d, &s, q, dq, NULL), 0);
            assert_int_equal(fric_bench_step(&d, &s, goal, 1), 0);
            double tm = s.tau_m, te = s.tau_e, C, A;
            split(&d.friction, tm, te, &C, &A);
            double J = fric_bench_inertia(&d), Z = d.dt / J;
            fric_law law;
            memset(&law, 0, sizeof law);
            law.D = d.friction.K_v;
            law.Fc = C;
            if (A > 0) {
                law.kind = FRIC_STRIBECK;
                law.Fs = C + A;
                law.vs = d.friction.dtheta_s;
                law.alpha = d.friction.alpha;
            } else {
                law.kind = FRIC_COULOMB_VISCOUS;
            }
            if (fric_law_check(&law, Z, NULL)) { skipped++; continue; }   /* α < 1 etc. */
            double vstar = dq + Z * (tm + te);
            double y = fric_phi_z(&law, Z, vstar);
            double scale = fabs((J / d.dt) * dq) + fabs(tm + te) + C + A;
            if (fabs(s.tau_f - (-y)) > PHIZ_REL_TOL * scale)
                fail_msg("%s m%d: tau_f %.17g, -Phi_Z %.17g (v* %.17g, Z %g)", p->actuator, p->model,
                         s.tau_f, -y, vstar, Z);
            /* and the end velocity is v* + Z·τf */
            if (fabs(s.dq - (vstar + Z * s.tau_f)) > PHIZ_REL_TOL * (fabs(vstar) + Z * scale))
                fail_msg("%s m%d: dq %.17g, v* + Z f %.17g", p->actuator, p->model, s.dq,
                         vstar + Z * s.tau_f);
            n++;
        }
    }
    print_message("IMPLICIT = -Phi_Z(v*) of the core on %d states (%d outside the core's laws)\n",
                  n, skipped);
    assert_true(n > 5000);
}

static double h_of(const fric_servo_friction *k, double J_dt, double C, double A, double T, double w)
{
    double s = A > 0 ? exp(-pow(w / k->dtheta_s, k->alpha)) : 0;
    return J_dt * w + C + A * s + k->K_v * w - T;
}

/* Residual of (J/dt)·w + B(w) = T relative to T: the root is found to a
 * few ulp of w, so the residual is a few ulp of T (1e-13 with margin). */
#define RESIDUAL_REL_TOL 1e-13
#define SCAN_POINTS 2000

static void check_smallest_root(const fric_bench_def *d, double q, double dq, double goal, int *moving)
{
    fric_bench_state s;
    assert_int_equal(fric_bench_init(d, &s, q, dq, NULL), 0);
    assert_int_equal(fric_bench_step(d, &s, goal, 1), 0);
    double C, A;
    split(&d->friction, s.tau_m, s.tau_e, &C, &A);
    double J_dt = fric_bench_inertia(d) / d->dt;
    double T = fabs(J_dt * dq + s.tau_m + s.tau_e), w = fabs(s.dq);
    if (s.dq == 0) {
        assert_true(T <= C + A);
        assert_int_equal(s.stuck, 1);
        return;
    }
    (*moving)++;
    assert_true(T > C + A);
    double r = h_of(&d->friction, J_dt, C, A, T, w);
    if (fabs(r) > RESIDUAL_REL_TOL * T)
        fail_msg("residual %.3g of T %.6g at w %.17g", r, T, w);
    /* no root below w: h < 0 on a grid of (0, w) (h(0) = C + A − T < 0) */
    for (int i = 1; i < SCAN_POINTS; i++) {
        double x = w * i / SCAN_POINTS * (1 - 1e-9);
        if (h_of(&d->friction, J_dt, C, A, T, x) >= RESIDUAL_REL_TOL * T)
            fail_msg("a smaller root near w = %.17g (returned %.17g, alpha %g)", x, w,
                     d->friction.alpha);
    }
    /* the friction returned is the budget at the new velocity */
    double Bw = C + A * (A > 0 ? exp(-pow(w / d->friction.dtheta_s, d->friction.alpha)) : 0)
              + d->friction.K_v * w;
    assert_true(fabs(fabs(s.tau_f) - Bw) <= 1e-12 * (Bw + T));
    assert_true(s.tau_f * s.dq < 0);
}

static void implicit_brute_force(void **state)
{
    (void)state;
    int moving = 0;
    /* every preset, including α < 1 (xl330 m4, mx64 m6) */
    for (int k = 0; k < fric_bench_preset_count(); k++) {
        const fric_bench_preset *p = fric_bench_preset_at(k);
        for (int i = 0; i < 40; i++) {
            fric_bench_def d;
            random_def(p, &d, FRIC_TREATMENT_IMPLICIT);
            double q = uni(-2, 2), dq = uni(-3, 3);
            check_smallest_root(&d, q, dq, q + uni(-0.5, 0.5), &moving);
        }
    }
    /* made-up budgets: steep Stribeck drops (non-monotone h, three roots),
     * α from 0.3 to 9 */
    const fric_bench_preset *p = fric_bench_preset_find("xl330", 2);
    for (int i = 0; i < 3000; i++) {
        fric_bench_def d;
        fric_bench_def_from_preset(p, &d);
        d.treatment = FRIC_TREATMENT_IMPLICIT;
        d.friction.K_c = uni(0, 0.05);
        d.friction.K_cs = uni(0, 2);
        d.friction.dtheta_s = uni(0.001, 1);
        d.friction.alpha = uni(0.3, 9);
        d.friction.K_v = urand() < 0.5 ? 0 : uni(0, 0.05);
        d.dt = uni(0.001, 0.02);
        double J_dt = fric_bench_inertia(&d) / d.dt;
        /* τ_stop spread around the stiction level so that all cases occur */
        double dq = (d.friction.K_c + d.friction.K_cs) * uni(0.5, 3) / J_dt;
        check_smallest_root(&d, 0, urand() < 0.5 ? dq : -dq, 0, &moving);
    }
    print_message("smallest root confirmed on %d moving steps\n", moving);
    assert_true(moving > 1500);
}

/* ------------------------------------------------------- 3. passivity */
/*
 * Torque off, τm = 0, a = (τe + τf)/J, θ̇' = θ̇ + a·h, Δq = h·θ̇' + ½·a·h²,
 * E = ½·J·θ̇² + U(q), U' = −τe, |U''| <= k = (m + m_arm/2)·g·l. Expanding,
 *   ΔE = τf·h·θ̇' − (h²/2J)·(τe + τf)·(2τe + τf) + ½·U''(ξ)·Δq²
 *      <= τf·h·θ̇' + h²·τe²/(8J) + ½·k·Δq²
 * (the middle term's maximum over τf is τe²/4 at τf = −3τe/2). The
 * friction term is the only one that friction controls; passivity means
 * τf·θ̇' <= 0, so E may grow by at most the integrator's O(h²) remainder.
 * Rounding: E to a few ulp, ENERGY_ROUND_TOL·E. */
#define ENERGY_ROUND_TOL 1e-13
#define POWER_ROUND_TOL 1e-12

static void run_passive(fric_treatment tr, int *violations, int *steps)
{
    for (int k = 0; k < fric_bench_preset_count(); k++) {
        const fric_bench_preset *p = fric_bench_preset_at(k);
        for (int i = 0; i < 4; i++) {
            fric_bench_def d;
            random_def(p, &d, tr);
            fric_bench_state s;
            double q0 = uni(-1.5, 1.5), dq0 = uni(-4, 4);
            assert_int_equal(fric_bench_init(&d, &s, q0, dq0, NULL), 0);
            double J = fric_bench_inertia(&d);
            double kk = (d.mass + d.arm_mass / 2) * FRIC_BENCH_G * d.length, h = d.dt;
            double E = fric_bench_energy(&d, s.q, s.dq);
            for (int j = 0; j < 1500; j++) {
                double q = s.q;
                assert_int_equal(fric_bench_step(&d, &s, 0, 0), 0);
                (*steps)++;
                double work = s.tau_f * s.dq;
                double tol_w = POWER_ROUND_TOL * fabs(s.tau_f) * (fabs(s.dq) + fabs(s.tau_e) * h / J);
                double E1 = fric_bench_energy(&d, s.q, s.dq), dqq = s.q - q;
                if (work > tol_w) { (*violations)++; E = E1; continue; }
                double allow = s.tau_f * h * s.dq + h * h * s.tau_e * s.tau_e / (8 * J)
                             + 0.5 * kk * dqq * dqq + ENERGY_ROUND_TOL * (E + E1);
                if (E1 - E > allow)
                    fail_msg("%s m%d treatment %d step %d: E %.17g -> %.17g, allowance %.3g",
                             p->actuator, p->model, (int)tr, j, E, E1, allow);
                E = E1;
            }
        }
    }
}

static void friction_is_passive_with_torque_off(void **state)
{
    (void)state;
    int v_imp = 0, v_clip = 0, v_exp = 0, n_imp = 0, n_clip = 0, n_exp = 0;
    run_passive(FRIC_TREATMENT_IMPLICIT, &v_imp, &n_imp);
    run_passive(FRIC_TREATMENT_CLIP, &v_clip, &n_clip);
    run_passive(FRIC_TREATMENT_EXPLICIT, &v_exp, &n_exp);
    print_message("friction doing positive work: implicit %d/%d, clip %d/%d, explicit %d/%d steps\n",
                  v_imp, n_imp, v_clip, n_clip, v_exp, n_exp);
    assert_int_equal(v_imp, 0);
    assert_int_equal(v_clip, 0);
    assert_true(v_exp > 100);    /* the naive baseline pumps energy at reversals */
}

/* ------------------------------------------------ 4. chattering and drift */

static void stiction_hold(fric_treatment tr, const char *act, int model, double q0,
                          double goal, int te, long steps, fric_bench_state *out)
{
    fric_bench_def d;
    fric_bench_def_from_preset(fric_bench_preset_find(act, model), &d);
    d.mass = 0.49;
    d.length = 0.1;
    d.servo.q_offset = 0;      /* gravity exactly k·sin(q) */
    d.treatment = tr;
    assert_int_equal(fric_bench_init(&d, out, q0, 0, NULL), 0);
    for (long k = 0; k < steps; k++) assert_int_equal(fric_bench_step(&d, out, goal, te), 0);
}

/* A gravity torque of half the stiction budget of xl330 M2 (K_c + K_cs,
 * 0.0127 N·m) at mass 0.49 kg, length 0.1 m: sin q0 = 0.5·B0/(m·g·l). */
static double half_stiction_angle(void)
{
    const fric_bench_preset *p = fric_bench_preset_find("xl330", 2);
    double B0 = p->friction.K_c + p->friction.K_cs;
    return asin(0.5 * B0 / (0.49 * FRIC_BENCH_G * 0.1));
}

static void explicit_chatters_where_implicit_holds(void **state)
{
    (void)state;
    double q0 = half_stiction_angle();
    fric_bench_state a, b, c;
    /* torque off, at rest inside the stiction band */
    stiction_hold(FRIC_TREATMENT_IMPLICIT, "xl330", 2, q0, 0, 0, 10000, &a);
    stiction_hold(FRIC_TREATMENT_CLIP, "xl330", 2, q0, 0, 0, 10000, &c);
    stiction_hold(FRIC_TREATMENT_EXPLICIT, "xl330", 2, q0, 0, 0, 10000, &b);
    print_message("torque off, 10000 steps at rest: implicit reversals %llu drift %.3g rad; clip %llu, "
                  "%.3g; explicit %llu, %.3g rad\n",
                  (unsigned long long)a.reversals, fabs(a.q - q0), (unsigned long long)c.reversals,
                  fabs(c.q - q0), (unsigned long long)b.reversals, fabs(b.q - q0));
    assert_true(a.q == q0 && a.dq == 0 && a.reversals == 0 && a.steps_stuck == 10000);
    assert_true(c.q == q0 && c.reversals == 0);
    assert_true(b.reversals > 2000);
    assert_true(fabs(b.q - q0) > 1e-6);

    /* goal inside the controller's dead band: xl330 M1 at the bottom, goal
     * 0.01 rad away: τm ≈ kt·vin·error_gain·kp·0.01/R = 0.008 N·m < K_c */
    stiction_hold(FRIC_TREATMENT_IMPLICIT, "xl330", 1, 0, 0.01, 1, 10000, &a);
    stiction_hold(FRIC_TREATMENT_EXPLICIT, "xl330", 1, 0, 0.01, 1, 10000, &b);
    print_message("goal in the dead band: implicit reversals %llu q %.3g; explicit %llu, q %.3g rad\n",
                  (unsigned long long)a.reversals, a.q, (unsigned long long)b.reversals, b.q);
    assert_true(a.q == 0 && a.dq == 0 && a.reversals == 0);
    assert_true(b.reversals > 2000);
}

/* Coming to rest from a swing (torque off, xl330 M6, 30 s at 1 ms): IMPLICIT
 * stops dead and stays; EXPLICIT keeps reversing in the last second. */
static void settling_after_a_swing(void **state)
{
    (void)state;
    uint64_t last_second[FRIC_N_TREATMENTS];       /* indexed by fric_treatment */
    double q_end[FRIC_N_TREATMENTS], q_before[FRIC_N_TREATMENTS];
    for (int i = 0; i < FRIC_BENCH_N_TREATMENTS; i++) {
        fric_treatment tr = fric_bench_treatments[i];
        fric_bench_def d;
        fric_bench_def_from_preset(fric_bench_preset_find("xl330", 6), &d);
        d.mass = 0.49;
        d.treatment = tr;
        fric_bench_state s;
        assert_int_equal(fric_bench_init(&d, &s, 1.0, 0, NULL), 0);
        uint64_t r0 = 0;
        for (int k = 0; k < 30000; k++) {
            if (k == 29000) { r0 = s.reversals; q_before[tr] = s.q; }
            assert_int_equal(fric_bench_step(&d, &s, 0, 0), 0);
        }
        last_second[tr] = s.reversals - r0;
        q_end[tr] = s.q;
        print_message("%-8s settles at q = %.6f rad; reversals %llu in all, %llu in the last second; "
                      "drift in the last second %.3g rad\n", fric_treatment_name(tr), s.q,
                      (unsigned long long)s.reversals, (unsigned long long)last_second[tr],
                      fabs(s.q - q_before[tr]));
    }
    assert_int_equal(last_second[FRIC_TREATMENT_IMPLICIT], 0);
    assert_true(q_end[FRIC_TREATMENT_IMPLICIT] == q_before[FRIC_TREATMENT_IMPLICIT]);
    assert_true(last_second[FRIC_TREATMENT_EXPLICIT] > 100);
}

/* Zero drift in stiction for 1e7 steps (1e6 under ASan, for run time). */
static void implicit_zero_drift_long(void **state)
{
    (void)state;
    long steps = FRIC_TEST_SHORT(10000000L, 10);
    if (FRIC_TEST_SANITIZED) print_message("under ASan: %ld steps instead of 1e7\n", steps);
    double q0 = half_stiction_angle();
    fric_bench_state a;
    stiction_hold(FRIC_TREATMENT_IMPLICIT, "xl330", 2, q0, 0, 0, steps, &a);
    assert_true(a.q == q0);
    assert_true(a.dq == 0);
    assert_true(a.reversals == 0);
    assert_true(a.steps_stuck == (uint64_t)steps);
    /* and with the servo holding a goal in its dead band, M6 */
    stiction_hold(FRIC_TREATMENT_IMPLICIT, "xl330", 6, 0.05, 0.06, 1, steps / 10, &a);
    assert_true(a.q == 0.05 && a.dq == 0 && a.reversals == 0);
}

/* --------------------------------------------------------- 5. bad input */

static void bad_input_is_named(void **state)
{
    (void)state;
    fric_bench_def d;
    const char *why;
    fric_bench_def_from_preset(fric_bench_preset_find("mx64", 4), &d);
    assert_int_equal(fric_bench_check(&d, &why), 0);
    assert_string_equal(why, "");
    struct { double *f; double v; const char *name; } cases[] = {
        { &d.mass, NAN, "mass" }, { &d.mass, 0, "mass" }, { &d.length, -1, "length" },
        { &d.arm_mass, -0.1, "arm_mass" }, { &d.kp, INFINITY, "kp" }, { &d.dt, 0, "dt" },
        { &d.dt, 2, "dt" }, { &d.vin, 0, "vin" }, { &d.servo.kt, 0, "kt" },
        { &d.servo.R, NAN, "R" }, { &d.servo.armature, -1, "armature" },
        { &d.friction.K_c, -1, "friction_base" }, { &d.friction.alpha, 0, "alpha" },
        { &d.friction.dtheta_s, NAN, "dtheta_stribeck" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        double keep = *cases[i].f;
        *cases[i].f = cases[i].v;
        assert_int_not_equal(fric_bench_check(&d, &why), 0);
        if (!strstr(why, cases[i].name)) fail_msg("case %zu: '%s' does not name %s", i, why, cases[i].name);
        *cases[i].f = keep;
    }
    d.treatment = (fric_treatment)7;
    assert_int_not_equal(fric_bench_check(&d, &why), 0);
    assert_non_null(strstr(why, "treatment"));
    d.treatment = FRIC_TREATMENT_KARNOPP;
    d.karnopp_eps = 0;
    assert_int_not_equal(fric_bench_check(&d, &why), 0);
    assert_non_null(strstr(why, "karnopp_eps"));
    d.karnopp_eps = 1e-3;
    fric_bench_state s;
    assert_int_not_equal(fric_bench_init(&d, &s, NAN, 0, &why), 0);
    assert_non_null(strstr(why, "q0"));
    assert_int_not_equal(fric_bench_check(NULL, &why), 0);
    /* a step toward a NaN goal is refused and changes nothing */
    assert_int_equal(fric_bench_init(&d, &s, 0.3, 0.1, NULL), 0);
    fric_bench_state before = s;
    assert_int_equal(fric_bench_step(&d, &s, NAN, 1), FRIC_E_NONFINITE);
    assert_memory_equal(&s, &before, sizeof s);
}

FRIC_TEST_MAIN(cmocka_unit_test(clip_is_the_reference_bit_for_bit),
               cmocka_unit_test(implicit_matches_core_phi_z),
               cmocka_unit_test(implicit_brute_force),
               cmocka_unit_test(friction_is_passive_with_torque_off),
               cmocka_unit_test(explicit_chatters_where_implicit_holds),
               cmocka_unit_test(settling_after_a_swing),
               cmocka_unit_test(implicit_zero_drift_long),
               cmocka_unit_test(bad_input_is_named))
