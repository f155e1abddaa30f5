/* native_sets.c: the native tests' parameter sets (native_sets.h). */
#include "native_sets.h"

#include "fric_bench.h"

fric_native_params native_params_with(native_set_spec s)
{
    fric_native_params p;
    fric_native_params_default(&p, s.actuator ? fric_bench_actuator_find(s.actuator) : NULL);
    p.frictionloss = s.frictionloss;
    p.damping = s.damping;
    p.armature = s.armature;
    p.kp = s.kp;
    if (s.firmware_kp) p.firmware_kp = s.firmware_kp;
    p.kv = s.kv;
    p.forcerange_lo = -s.forcerange;
    p.forcerange_hi = s.forcerange;
    return p;
}
