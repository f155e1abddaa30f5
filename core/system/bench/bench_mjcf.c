/*
 * bench_mjcf.c: the pendulum bench of fric_bench.h as MJCF (fric_joint.h;
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
 * mass: MuJoCo needs > 0, so FRIC_MJ_INERTIA_FLOOR is taken there and out of
 * the armature, the total J of fric_bench_inertia kept).
 */
#include <math.h>
#include <stdio.h>

#include "base.h"
#include "fric_joint.h"

#define FRIC_MJ_INERTIA_FLOOR 1e-9   /* [kg·m²] */

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
    if (Ic < FRIC_MJ_INERTIA_FLOOR) {
        double add = FRIC_MJ_INERTIA_FLOOR - (Ic > 0 ? Ic : 0);
        Ic = FRIC_MJ_INERTIA_FLOOR;
        arm = arm > add ? arm - add : arm;   /* J kept when the armature can give it */
    }
    double sx = -sin(qo), cz = -cos(qo);
    return snprintf(buf, cap,
        "<mujoco model=\"friction-explorer-bench\">\n"
        "  <!-- The pendulum bench of Duclusaud & Passault (friction mujoco-model):\n"
        "       m = %.17g kg at l = %.17g m, arm %.17g kg, armature %.17g kg·m²,\n"
        "       q_offset %.17g rad. Attach the servo's friction with fric_mujoco_attach\n"
        "       (or friction mujoco MODEL.xml --joint joint --params P.json). -->\n"
        "  <option timestep=\"%.17g\" integrator=\"Euler\" gravity=\"0 0 %.17g\"/>\n"
        "  <worldbody>\n"
        "    <body name=\"arm\">\n"
        "      <joint name=\"joint\" type=\"hinge\" axis=\"0 1 0\" armature=\"%.17g\"\n"
        "             frictionloss=\"0\" damping=\"0\"/>\n"
        "      <inertial pos=\"%.17g 0 %.17g\" mass=\"%.17g\" diaginertia=\"%.17g %.17g %.17g\"/>\n"
        "    </body>\n"
        "  </worldbody>\n"
        "</mujoco>\n",
        m, l, ma, d->servo.armature, qo, d->dt, -FRIC_BENCH_G, arm, c * sx, c * cz, M, Ic, Ic, Ic);
}

