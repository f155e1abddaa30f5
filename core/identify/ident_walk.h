/* ident_walk.h: the walk of a robot's joint through one recording of the
 * set (fric_ident.h's simulation), one definition for every servo model
 * the joint is simulated as: the native servo (ident.c, fric_native_step_load)
 * and bam's (ident_bam.c, fric_bench_step_load). A window starts from the
 * measured state (q, q̇ of the tracks) at the set's restarts; between frames
 * the model's step runs at the set's timestep with the joint's inertia of
 * the frame and its load interpolated over the frame, the stiffness of the
 * frame acting on the distance from the measured q (the other joints'
 * measured motion as input); the observation at t_k sits between the steps
 * around it (fric_ident_frame_steps' weight). Up to IDENT_LANES parameter
 * sets (lanes) advance together, one step at a time: each lane's step is a
 * short dependency chain, so the CPU overlaps the chains of neighbouring
 * lanes (as the bench's batch kernel, bench_native.c). Each lane's
 * arithmetic is the one lane's alone: a set gives the same sum walked
 * alone or beside others, bit for bit.
 *
 * Internal to core/identify (a static inline function, so that each
 * model's step is called directly where it is included). */
#ifndef FRIC_IDENT_WALK_H
#define FRIC_IDENT_WALK_H

#include <math.h>

#include "ident_internal.h"

/* What a servo model does on lane c of its lanes (the model's own struct). */
typedef struct {
    /* a window starts: the measured q [rad] and q̇ [rad/s]; goal [rad] the
       goal of the frame before, the one the firmware followed into it */
    void (*start)(void *lanes, int c, double q, double dq, double goal);
    /* the frame's inertia: the joint's M_jj without the MJCF's armature
       [kg·m²]; the lane adds its own armature */
    void (*inertia)(void *lanes, int c, double link);
    /* one step toward goal [rad] with the external torque tau_e [N·m]:
       1, or 0 when the state left the finite range */
    int (*step)(void *lanes, int c, double goal, double tau_e);
    double (*q)(const void *lanes, int c);   /* the lane's q [rad] */
} ident_walk_ops;

/* Σ |q_sim − q_meas| over the frames of recording rec, joint j, for each
 * lane c < count (<= IDENT_LANES) with live[c] set (the lane prepared by
 * its model): sum[c], +inf for a lane not live or whose state left the
 * finite range (live[c] then cleared). sim_q[min(cap, n)]: lane 0's
 * observations, NaN from the frame after its state left the finite range.
 * No allocation. */
static inline void ident_walk(const fric_ident_set *s, size_t rec, int j, const ident_walk_ops *ops, void *lanes,
                              int count, int *live, double *sum, double *sim_q, size_t cap)
{
    const fric_recording *r = s->rec[rec];
    const fric_ident_tracks *tr = s->tr[rec];
    const unsigned char *restart = s->restart[rec];
    const int64_t *step = s->step[rec];
    const double *w = s->w[rec];
    const size_t J = (size_t)r->joints, n = r->n;
    double qprev[IDENT_LANES];   /* q a step before the state: the observation between them */
    int any = 0;
    size_t seen = 0;             /* frames lane 0 was observed at */
    for (int c = 0; c < count; c++) {
        sum[c] = live[c] ? 0 : INFINITY;
        qprev[c] = 0;
        any |= live[c];
    }
    for (size_t k = 0; k < n && any; k++) {
        const size_t c0 = k * J + (size_t)j;
        for (int c = 0; c < count; c++) {
            if (!live[c]) continue;
            if (restart[c0] || k == 0) {   /* a window starts from the measured state */
                ops->start(lanes, c, r->pos[c0], tr->dq[c0], r->goal[(k ? k - 1 : k) * J + (size_t)j]);
                qprev[c] = ops->q(lanes, c);
            }
            /* the observation at t_k, between the steps around it */
            const double obs = qprev[c] + (ops->q(lanes, c) - qprev[c]) * w[k];
            sum[c] += fabs(obs - r->pos[c0]);
            if (c == 0 && sim_q && k < cap) sim_q[k] = obs;
        }
        if (sim_q && k < cap && !live[0]) sim_q[k] = NAN;
        seen = k + 1;
        if (k + 1 == n) break;
        const size_t c1 = c0 + J;
        for (int c = 0; c < count; c++)
            if (live[c]) ops->inertia(lanes, c, tr->inertia[c0]);
        /* the load and the measured q interpolated over the frame; the
           stiffness of frame k acts on the distance from the measured q */
        const double L0 = tr->load[c0], dL = tr->load[c1] - L0, K = tr->stiffness[c0];
        const double q0 = r->pos[c0], dQ = r->pos[c1] - q0, goal = r->goal[c0];
        const int64_t m = step[k + 1] - step[k];
        const double inv_m = m > 0 ? 1.0 / (double)m : 0;
        for (int64_t i = 0; i < m; i++) {
            const double f = (double)i * inv_m, L = L0 + dL * f, qm = q0 + dQ * f;
            for (int c = 0; c < count; c++) {
                if (!live[c]) continue;
                const double q = ops->q(lanes, c);
                qprev[c] = q;
                if (!ops->step(lanes, c, goal, L + K * (q - qm))) {
                    live[c] = 0;
                    sum[c] = INFINITY;
                }
            }
        }
        any = 0;
        for (int c = 0; c < count; c++) any |= live[c];
    }
    for (size_t k = seen; sim_q && k < n && k < cap; k++) sim_q[k] = NAN;
}

#endif
