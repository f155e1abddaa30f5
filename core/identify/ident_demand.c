/*
 * ident_demand.c: the greatest actuator force a joint's simulation asks
 * for (fric__ident_demand, ident_internal.h): the native lanes' walk
 * (ident_lanes.h) with a step that keeps max |kp·(goal − q) − kv·q̇|, in
 * a file of its own so that the fit's walk (ident.c) stays inlined with
 * its own step.
 */
#include <math.h>
#include <string.h>

#include "fric_ident.h"
#include "ident_internal.h"
#include "ident_lanes.h"

/* The demand walk: the native lanes' step, and the greatest |actuator
 * force| any step asked for (MuJoCo's position actuator before its clamp:
 * kp·(goal − q) − kv·q̇, fric_native.h) [N·m]. */
typedef struct {
    native_lanes L;
    double demand;
} demand_lanes;

static int demand_step(void *v, int c, double goal, double tau_e)
{
    demand_lanes *D = v;
    const int ok = native_step(&D->L, c, goal, tau_e);
    D->demand = fmax(D->demand, fabs(D->L.st[c].tau_a));
    return ok;
}

static const ident_walk_ops demand_ops = { native_start, native_inertia, demand_step, native_q };

double fric__ident_demand(const fric_ident_set *s, int j, const fric_native_params *p)
{
    fric_native_params u = *p;
    u.forcerange_lo = u.forcerange_hi = 0;   /* no limit: the force asked, not the one given */
    demand_lanes D;
    D.L.P = &u;
    D.demand = 0;
    for (size_t i = 0; i < s->count; i++) {
        const double link = s->tr[i]->inertia[(size_t)j];
        int live = !fric_native_prepare_joint(&u, s->o.firmware_kp, s->o.h, link + u.armature, &D.L.sd[0]);
        memset(&D.L.st[0], 0, sizeof D.L.st[0]);
        double sum;
        ident_walk(s, i, j, &demand_ops, &D, 1, &live, &sum, NULL, 0);
        if (!live) return INFINITY;
    }
    return D.demand;
}

