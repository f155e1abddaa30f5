/*
 * mujoco_log_ref.h: the independent reference of the native model's tests
 * (test_native_mujoco.c, test_native_class.c): a bam log replayed by real
 * MuJoCo (2.2.2) on a model whose one hinge is the bench's joint, as bam's
 * MuJoCo back-end and `friction mujoco` drive it: qpos and qvel the first
 * sample's, then per sample qpos recorded, ctrl = the goal, the actuation
 * disabled while the torque is off (mjDSBL_ACTUATION), mj_step.
 */
#ifndef MUJOCO_LOG_REF_H
#define MUJOCO_LOG_REF_H

#include <math.h>
#include <stddef.h>

#include <mujoco/mujoco.h>

#include "fric_io.h"

/* The MAE of qpos against log L [rad]; the first min(cap, samples)
 * positions in q (may be NULL). NAN when MuJoCo gives no mjData. */
static inline double mujoco_log_mae(mjModel *m, const fric_io_log *L, double *q, size_t cap)
{
    mjData *d = mj_makeData(m);
    if (!d) return NAN;
    size_t n = fric_io_log_samples(L), cur = 0;
    fric_io_sample first = fric_io_log_sample(L, 0, &cur);
    d->qpos[0] = first.position;
    d->qvel[0] = first.speed;
    double sum = 0;
    for (size_t k = 0; k < n; k++) {
        fric_io_sample s = fric_io_log_sample(L, k, &cur);
        sum += fabs(d->qpos[0] - s.position);
        if (q && k < cap) q[k] = d->qpos[0];
        d->ctrl[0] = s.goal;
        if (s.torque_enable) m->opt.disableflags &= ~mjDSBL_ACTUATION;
        else m->opt.disableflags |= mjDSBL_ACTUATION;
        mj_step(m, d);
    }
    mj_deleteData(d);
    return sum / (double)n;
}

#endif
