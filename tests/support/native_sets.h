/*
 * native_sets.h: the native tests' parameter sets (fric_native.h), built
 * one way: MuJoCo's defaults (fric_native_params_default) with the named
 * keys set, e.g.
 *     fric_native_params p = NATIVE_SET(.frictionloss = 0.05, .kp = 4, .firmware_kp = 100);
 * A key left out (0) keeps MuJoCo's default: 0 for frictionloss, damping,
 * armature, kp and kv, no forcerange, the actuator's firmware gain (1 with
 * no actuator), the default solreffriction/solimpfriction.
 */
#ifndef NATIVE_SETS_H
#define NATIVE_SETS_H

#include "fric_native.h"

typedef struct {
    const char *actuator;  /* fric_bench_actuator_find's name (its firmware gain and q_offset), NULL: none */
    double frictionloss;   /* [N·m] */
    double damping;        /* [N·m·s/rad] */
    double armature;       /* [kg·m²] */
    double kp;             /* [N·m/rad] at firmware_kp */
    double firmware_kp;    /* [firmware units], 0: the actuator's */
    double kv;             /* [N·m·s/rad] */
    double forcerange;     /* symmetric limit ±forcerange [N·m], 0: none */
} native_set_spec;

fric_native_params native_params_with(native_set_spec s);
#define NATIVE_SET(...) native_params_with((native_set_spec){ __VA_ARGS__ })

#endif
