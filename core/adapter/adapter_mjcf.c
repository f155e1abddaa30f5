/*
 * adapter_mjcf.c: the pendulum bench of fric_bench.h as MJCF (fric_adapter.h;
 * text only, no MuJoCo: the native MuJoCo module and the wasm bindings
 * share it).
 *
 * The model (Duclusaud & Passault §II-A; bench_servo.c's convention, q = 0
 * hanging, restoring gravity −(m + m_arm/2)·g·l·sin(q + q_offset)): a body
 * on a hinge about y. Rotating about y by q takes (x, 0, z) to
 * (x·cos q + z·sin q, 0, −x·sin q + z·cos q); a point mass at
 * (−l·sin q_offset, 0, −l·cos q_offset) then has the gravity torque
 * −m·g·l·sin(q + q_offset) about y. The point mass and the uniform arm are
 * one <inertial>: mass m + m_arm at the centre c = (m·l + m_arm·l/2)/(m +
 * m_arm) along that direction, inertia about the hinge J_link = m·l² +
 * m_arm·l²/3, i.e. J_link − (m + m_arm)·c² about the centre (0 for a point
 * mass: MuJoCo needs > 0, so FRIC_MUJOCO_INERTIA_FLOOR is taken there and out of
 * the armature, the total J of fric_bench_inertia kept).
 */
#include <math.h>
#include <stdio.h>

#include "base.h"
#include "fric_io.h"
#include "fric_adapter.h"

#define FRIC_MUJOCO_INERTIA_FLOOR 1e-9   /* [kg·m²] */

int fric_mujoco_bench_mjcf(const fric_bench_def *d, char *buf, size_t cap)
{
    const char *why = NULL;
    if (fric_bench_check(d, &why)) {
        fric__reword("mujoco-model: %s", why);
        return -1;
    }
    double m = d->mass, ma = d->arm_mass, l = d->length, qo = d->servo.q_offset;
    double M = m + ma, c = (m * l + ma * l / 2) / M;
    double J_link = m * l * l + ma * l * l / 3;
    double Ic = J_link - M * c * c, arm = d->servo.armature;
    if (Ic < FRIC_MUJOCO_INERTIA_FLOOR) {
        double add = FRIC_MUJOCO_INERTIA_FLOOR - (Ic > 0 ? Ic : 0);
        Ic = FRIC_MUJOCO_INERTIA_FLOOR;
        arm = arm > add ? arm - add : arm;   /* J kept when the armature can give it */
    }
    double sx = -sin(qo), cz = -cos(qo);
    /* every number by fric_io_format_double: the fewest digits that read
     * back as the same double (exact for MuJoCo's parser, and readable:
     * 0.49, not 0.48999999999999999; + 0.0: no "-0") */
    enum { N_NUM = 14 };
    const double v[N_NUM] = { m, l, ma, d->servo.armature, qo, d->dt, -FRIC_BENCH_G, arm,
                              c * sx + 0.0, c * cz + 0.0, M, Ic, Ic, Ic };
    char b[N_NUM][FRIC_IO_DOUBLE_LEN];
    for (int i = 0; i < N_NUM; i++) fric_io_format_double(b[i], v[i]);
    return snprintf(buf, cap,
        "<mujoco model=\"friction-explorer-bench\">\n"
        "  <!-- The pendulum bench of Duclusaud & Passault (friction mujoco-model):\n"
        "       m = %s kg at l = %s m, arm %s kg, armature %s kg·m²,\n"
        "       q_offset %s rad. Attach the servo's friction with fric_mujoco_init\n"
        "       (or friction mujoco MODEL.xml --joint joint --params P.json). -->\n"
        "  <option timestep=\"%s\" integrator=\"Euler\" gravity=\"0 0 %s\"/>\n"
        "  <worldbody>\n"
        "    <body name=\"arm\">\n"
        "      <joint name=\"joint\" type=\"hinge\" axis=\"0 1 0\" armature=\"%s\"\n"
        "             frictionloss=\"0\" damping=\"0\"/>\n"
        "      <inertial pos=\"%s 0 %s\" mass=\"%s\" diaginertia=\"%s %s %s\"/>\n"
        "    </body>\n"
        "  </worldbody>\n"
        "</mujoco>\n",
        b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13]);
}
