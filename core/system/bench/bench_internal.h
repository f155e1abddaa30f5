/* bench_internal.h: helpers shared by the bench files; not part of the API. */
#ifndef FRIC_BENCH_INTERNAL_H
#define FRIC_BENCH_INTERNAL_H

#include "fric_bench.h"

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

/* The multi-lane kernels (bench_lanes_impl.h): mae[c·N + i] for count
 * candidates d[c] on every log i of a checked batch, CLIP, every d[c]
 * checked for every log. AVX2 and AVX-512 exist on x86-64 with
 * GCC or clang (bench_lanes_avx2.c, bench_lanes_avx512.c). */
#if defined(__x86_64__) && defined(__GNUC__)
#define FRIC__BENCH_HAVE_AVX2 1
#else
#define FRIC__BENCH_HAVE_AVX2 0
/* The bench scenario's actuator choices and their help lines, and its
 * trajectories' help lines (bench_scn.c), shared with bench-native
 * (bench_native_scn.c). */
#define FRIC__BENCH_N_ACTUATORS 12
extern const char *const fric__bench_actuators[FRIC__BENCH_N_ACTUATORS];
extern const char *const fric__bench_actuator_help[FRIC__BENCH_N_ACTUATORS];
extern const char *const fric__bench_trajectory_help[FRIC_BENCH_N_TRAJ];

#endif
void fric__bench_lanes_generic(const fric_bench_batch *b, const fric_bench_def *d, size_t count,
                               double *mae, double *q_sim);
#if FRIC__BENCH_HAVE_AVX2
void fric__bench_lanes_avx2(const fric_bench_batch *b, const fric_bench_def *d, size_t count,
                            double *mae, double *q_sim);
void fric__bench_lanes_avx512(const fric_bench_batch *b, const fric_bench_def *d, size_t count,
                              double *mae, double *q_sim);
/* The bench scenario's actuator choices and their help lines, and its
 * trajectories' help lines (bench_scn.c), shared with bench-native
 * (bench_native_scn.c). */
#define FRIC__BENCH_N_ACTUATORS 12
extern const char *const fric__bench_actuators[FRIC__BENCH_N_ACTUATORS];
extern const char *const fric__bench_actuator_help[FRIC__BENCH_N_ACTUATORS];
extern const char *const fric__bench_trajectory_help[FRIC_BENCH_N_TRAJ];

#endif

/* The bench scenario's actuator choices and their help lines, and its
 * trajectories' help lines (bench_scn.c), shared with bench-native
 * (bench_native_scn.c). */
#define FRIC__BENCH_N_ACTUATORS 12
extern const char *const fric__bench_actuators[FRIC__BENCH_N_ACTUATORS];
extern const char *const fric__bench_actuator_help[FRIC__BENCH_N_ACTUATORS];
extern const char *const fric__bench_trajectory_help[FRIC_BENCH_N_TRAJ];

#endif
