/* ident_lanes.h: the native servo's lanes for the walk of ident_walk.h
 * (fric_native_step_load, core/system/bench/bench_native.c, with the
 * joint's inertia of the frame plus the set's armature), shared by the
 * fit's walk (ident.c) and the demand's (ident_demand.c). Each file that
 * walks includes it once and walks with one ops table, so that the walk
 * and its steps are inlined there (a second table in the same file left
 * ident_walk out of line, its steps called through pointers: the fit 15 %
 * slower). Internal to core/identify. */
#ifndef FRIC_IDENT_LANES_H
#define FRIC_IDENT_LANES_H

#include "ident_walk.h"

/* The native servo's lanes for the walk (ident_walk.h): the step of each
 * set P[c] (fric_native_step_load, core/system/bench/bench_native.c) with
 * the joint's inertia of the frame plus the set's armature. */
typedef struct {
    const fric_native_params *P;
    fric_native_step_def sd[IDENT_LANES];
    fric_native_state st[IDENT_LANES];
} native_lanes;

static inline void native_start(void *v, int c, double q, double dq, double goal)
{
    native_lanes *L = v;
    (void)goal;   /* MuJoCo's position actuator has no target of its own */
    L->st[c].q = q;
    L->st[c].dq = dq;
}

static inline void native_inertia(void *v, int c, double link)
{
    native_lanes *L = v;
    fric_native_step_inertia(&L->sd[c], link + L->P[c].armature);
}

static inline int native_step(void *v, int c, double goal, double tau_e)
{
    native_lanes *L = v;
    return fric_native_step_load(&L->sd[c], &L->st[c], goal, tau_e);
}

static inline double native_q(const void *v, int c)
{
    const native_lanes *L = v;
    return L->st[c].q;
}

#endif
