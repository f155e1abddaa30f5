/* bench_internal.h: helpers shared by the bench files; not part of the API. */
#ifndef FRIC_BENCH_INTERNAL_H
#define FRIC_BENCH_INTERNAL_H

#include "fric_bench.h"
#include "fric_scenario.h"

/* (m + m_arm/2)·(−g)·l [N·m], τe = gain·sin(q + q_offset) (bench_servo.c). */
double fric__bench_gravity_gain(const fric_bench_def *d);

/* "<prefix><m>" in the per-thread message buffer; m may itself be that
 * buffer (it is copied first). Defined in bench_step.c. */
const char *fric__bench_prefix(const char *prefix, const char *m);

/* The replay's rollout (fric_bench_replay's rule, also fric_native_replay's):
 * for each of the log's N samples k, |q − position_k| added to *sum and
 * maxed into *max_err, q recorded in sim_q[k] (k < cap; sim_q may be NULL),
 * then step(ctx, goal_k, torque_enable_k) (nonzero: failed); q is q_of(ctx).
 * Returns N, or the sample whose step failed. */
size_t fric__bench_rollout(const fric_io_log *log, size_t N, void *ctx, double (*q_of)(const void *ctx),
                           int (*step)(void *ctx, double goal, int torque_enable), double *sim_q, size_t cap,
                           double *sum, double *max_err);
/* A rollout's score into *out (may be NULL): the mean of sum over the N
 * samples, max_err, the step dt [s], whether the log was resampled, and the
 * simulation's reversals and stuck steps; the one tail of every replay. */
void fric__bench_replay_result(fric_bench_replay_result *out, const fric_io_log *log, size_t N, double sum,
                               double max_err, double dt, uint64_t reversals, uint64_t steps_stuck);

/* The multi-lane kernels (bench_lanes_impl.h): mae[c·N + i] for count
 * candidates d[c] on every log i of a checked batch, CLIP, every d[c]
 * checked for every log. AVX2 and AVX-512 exist on x86-64 with
 * GCC or clang (bench_lanes_avx2.c, bench_lanes_avx512.c). */
#if defined(__x86_64__) && defined(__GNUC__)
#define FRIC__BENCH_HAVE_AVX2 1
#else
#define FRIC__BENCH_HAVE_AVX2 0
#endif
void fric__bench_lanes_generic(const fric_bench_batch *b, const fric_bench_def *d, size_t count,
                               double *mae, double *q_sim);
#if FRIC__BENCH_HAVE_AVX2
void fric__bench_lanes_avx2(const fric_bench_batch *b, const fric_bench_def *d, size_t count,
                            double *mae, double *q_sim);
void fric__bench_lanes_avx512(const fric_bench_batch *b, const fric_bench_def *d, size_t count,
                              double *mae, double *q_sim);
#endif

/* The run's clock of the bench scenarios ("bench", "bench-native"):
 * n = round(duration/dt) steps of dt, every `every`-th recorded; more than
 * 1e10 steps is refused naming parameter duration_param (bench_scn.c). */
int fric__bench_clock(double duration, double dt, double every, int duration_param,
                      fric_scenario_run *run, const char **why);

/* The bench scenario's actuator choices and their help lines, and its
 * trajectories' help lines (bench_scn.c), shared with bench-native
 * (bench_native_scn.c). */
#define FRIC__BENCH_N_ACTUATORS 12
extern const char *const fric__bench_actuators[FRIC__BENCH_N_ACTUATORS];
extern const char *const fric__bench_actuator_help[FRIC__BENCH_N_ACTUATORS];
extern const char *const fric__bench_trajectory_help[FRIC_BENCH_N_TRAJ];

/* The bench run's parameters that "bench" and "bench-native" share
 * (fric_param_info initialisers: trajectory, the load, the run's length and
 * the start state). */
#define FRIC__BENCH_PI 3.141592653589793
#define FRIC__BENCH_TRAJECTORY_PARAM                                                              \
    { "trajectory", 2, 0, FRIC_BENCH_N_TRAJ - 1, "choice",                                        \
      "goal: the reference's trajectories (Duclusaud & Passault) sin_sin, sin_time_square, "     \
      "lift_and_drop (torque off after 2 s), up_and_down; goal (the goal θ^d held constant); "   \
      "torque_off", fric_bench_traj_names, FRIC_BENCH_N_TRAJ, 0,                                 \
      .label = "trajectory θ^d(t)", .choice_help = fric__bench_trajectory_help }
#define FRIC__BENCH_MASS_PARAM                                                                    \
    { "mass", 0.49, 1e-3, 50, "kg", "point load m at the end of the arm", NULL, 0, 0,             \
      .label = "mass m", .lo = 0.05, .hi = 2 }
#define FRIC__BENCH_LENGTH_PARAM                                                                  \
    { "length", 0.1, 1e-3, 2, "m", "arm length l", NULL, 0, 0,                                    \
      .label = "arm length l", .lo = 0.05, .hi = 0.5 }
#define FRIC__BENCH_ARM_MASS_PARAM                                                                \
    { "arm_mass", 0, 0, 50, "kg", "uniform arm mass m_arm (J += m_arm·l²/3)",                     \
      NULL, 0, 0, .label = "arm mass m_arm", .lo = 0, .hi = 1 }
#define FRIC__BENCH_DURATION_PARAM                                                                \
    { "duration", 6, 0, 1e5, "s", "simulated time (the trajectories last 6 s)",                   \
      NULL, 0, 0, .label = "duration", .lo = 1, .hi = 30 }
#define FRIC__BENCH_GOAL_PARAM                                                                    \
    { "goal", 0, -2 * FRIC__BENCH_PI, 2 * FRIC__BENCH_PI, "rad",                                  \
      "constant goal angle (trajectory=goal)", NULL, 0, 0, .label = "goal θ^d",                   \
      .lo = -FRIC__BENCH_PI, .hi = FRIC__BENCH_PI }
#define FRIC__BENCH_Q0_PARAM                                                                      \
    { "q0", 0, -2 * FRIC__BENCH_PI, 2 * FRIC__BENCH_PI, "rad", "initial angle (0 = hanging down)",\
      NULL, 0, 0, .label = "initial angle θ_0", .lo = -FRIC__BENCH_PI, .hi = FRIC__BENCH_PI }
#define FRIC__BENCH_DQ0_PARAM                                                                     \
    { "dq0", 0, -50, 50, "rad/s", "initial velocity", NULL, 0, 0,                                 \
      .label = "initial velocity θ̇_0", .lo = -10, .hi = 10 }

#endif
