// mujoco/nativeEdit.js: a native set written into a robot's compiled model
// (MuJoCo 3.14's JavaScript model), the page's and Node's side of the
// core's one definition of MuJoCo's own servo in a robot (fric_native.h,
// fric_native_edit; natively fric_mujoco_native_write): the identification's
// whole-arm replay (ident/tracks.js) and the adoption of a native params
// file (mujoco/robot.js) both write through here. DOM-free.
const GAIN_FIXED = 0, BIAS_AFFINE = 1, DYN_NONE = 0;
const NGAIN = 10, NBIAS = 10, NREF = 2, NIMP = 5;   // mjNGAIN, mjNBIAS, mjNREF, mjNIMP

/**
 * Writes e (core.native.edit's object, or an adoption's edit.native:
 * { frictionloss, damping, armature, solref [2], solimp [5], kp, kv,
 * limited, forcerange [lo, hi] }) into m: dof's frictionloss, damping,
 * armature, solref and solimp; actuator k a position of e's kp and kv (gain
 * FIXED kp, bias AFFINE 0 −kp −kv, no dynamics) and its forcerange,
 * through the actuator's gear g as kp/g², kv/g², forcerange/|g|. The
 * caller runs mj_setConst after (dof_invweight0 with the new armature).
 */
export function writeNativeEdit(m, dof, k, e) {
  m.dof_frictionloss[dof] = e.frictionloss;
  m.dof_damping[dof] = e.damping;
  m.dof_armature[dof] = e.armature;
  m.dof_solref.set(e.solref, NREF * dof);
  m.dof_solimp.set(e.solimp, NIMP * dof);
  m.actuator_gaintype[k] = GAIN_FIXED;
  m.actuator_biastype[k] = BIAS_AFFINE;
  m.actuator_dyntype[k] = DYN_NONE;
  m.actuator_gainprm.fill(0, k * NGAIN, k * NGAIN + NGAIN);
  m.actuator_biasprm.fill(0, k * NBIAS, k * NBIAS + NBIAS);
  // e is the joint's servo; through a joint transmission of gear g (the
  // actuator's length g·q, g·force on the joint) the joint feels g²·kp and
  // g²·kv and the force bounded by |g|·forcerange: the actuator gets kp/g²,
  // kv/g², forcerange/|g| (its ctrl the goal in its length, g·goal:
  // ident/tracks.js replayArm); gear 1 leaves e's values as they are
  const g = m.actuator_gear[6 * k], g2 = g * g, ga = Math.abs(g);
  m.actuator_gainprm[k * NGAIN] = e.kp / g2;
  m.actuator_biasprm[k * NBIAS + 1] = -e.kp / g2;
  m.actuator_biasprm[k * NBIAS + 2] = -e.kv / g2;
  // MuJoCo 3.14's JavaScript model has no actuator_forcelimited to write
  // (its getter throws): an unlimited actuator gets the widest range
  // instead, whose clamp leaves every force as it is (the same numbers
  // as forcelimited 0); a limited one its range, the file's flag kept
  m.actuator_forcerange[2 * k] = e.limited ? e.forcerange[0] / ga : -Number.MAX_VALUE;
  m.actuator_forcerange[2 * k + 1] = e.limited ? e.forcerange[1] / ga : Number.MAX_VALUE;
}

/**
 * A written force limit applied through the ctrl. MuJoCo 3.14's JavaScript
 * model cannot switch an actuator's forcelimited on (a file's
 * forcelimited="false", or no forcerange, stays in the compiled copy), where
 * natively the adoption and the identification set it
 * (fric_mujoco_native_write). So before each step the ctrl of each of
 * `items` ({ act, qpos, dof }: a native set's actuator and its joint's
 * addresses) becomes the one whose force kp·(ctrl − g·q) − kv·g·q̇ is the
 * force at its goal ctrl targets[i] clamped to m's forcerange: the force
 * MuJoCo gives a limited actuator at that state (where MuJoCo limits the
 * actuator too, its own clamp then leaves the force as it is). The caller
 * puts the goals back after the step.
 */
export function clampByCtrl(m, d, items, targets) {
  items.forEach(({ act: a, qpos, dof }, i) => {
    const g = m.actuator_gear[6 * a], kp = m.actuator_gainprm[NGAIN * a], kv = -m.actuator_biasprm[NBIAS * a + 2];
    const len = g * d.qpos[qpos], vel = g * d.qvel[dof];
    const f = Math.min(m.actuator_forcerange[2 * a + 1], Math.max(m.actuator_forcerange[2 * a], kp * (targets[i] - len) - kv * vel));
    d.ctrl[a] = len + (f + kv * vel) / kp;
  });
}
