// ident/tracks.js: the door's MuJoCo (3.14 from npm, the page's and Node's)
// in a robot's identification, DOM-free: the recording's joints matched to
// the model's by name, the tracks the core's per-joint simulation takes
// (fric_ident.h: what core/mujoco/mujoco_ident.c computes natively with
// MuJoCo 2.2.2, here with 3.14) and the whole-arm replay of a recording's
// goals with per-joint native parameters or the file's own. MuJoCo only
// computes and steps; every definition (the tracks from M and qfrc_bias, the
// frames' steps, the model edits of a native set) is the core's
// (core.ident, wasm/api/ident.js).
import { t } from '../i18n/index.js';
import { writeNativeEdit, clampByCtrl } from '../mujoco/nativeEdit.js';
import { mjEnums, nameOf } from '../mujoco/mjEnums.js';

/** Frames handed to the core in one call (the M, bias and nudged arrays of a slice). */
const SLICE = 256;


/** The names of model m's hinge joints, in the model's order. */
export function hingeNames(mj, m) {
  const { jntHinge, objJoint } = mjEnums(mj), hinges = [];
  for (let i = 0; i < m.njnt; i++) if (m.jnt_type[i] === jntHinge) hinges.push(nameOf(mj, m, objJoint, i));
  return hinges;
}

/**
 * The recording's joints in model m by name: per joint { jnt, dof, qpos,
 * act } (act: the first actuator on the joint, −1 none; with needActuator
 * a joint without one is refused). Each name must be a hinge joint of the
 * model. Throws one sentence naming the joint and the model's hinge joints
 * (as fric_mujoco_ident_joints does natively).
 */
export function identJoints(mj, m, names, { needActuator = true, source = 'MJCF' } = {}) {
  const hinges = hingeNames(mj, m), { jntHinge, objJoint, trnJoint } = mjEnums(mj);
  return names.map((name) => {
    const jnt = mj.mj_name2id(m, objJoint, name);
    if (jnt < 0 || m.jnt_type[jnt] !== jntHinge) {
      throw Object.assign(new Error(t('ident.err.noJoint', { name, source, list: hinges.join(', ') || t('robot.err.none') })), { what: 'joint' });
    }
    let act = -1;
    for (let k = 0; k < m.nu && act < 0; k++) if (m.actuator_trntype[k] === trnJoint && m.actuator_trnid[2 * k] === jnt) act = k;
    if (act < 0 && needActuator) throw Object.assign(new Error(t('ident.err.noActuator', { name, source })), { what: 'actuator' });
    return { jnt, dof: m.jnt_dofadr[jnt], qpos: m.jnt_qposadr[jnt], act };
  });
}

/** d at frame k: the model's qpos0, the recording's joints at their
 *  measured angles (+ nudge on joint `which`), their velocities dq (the
 *  others at rest). */
function pose(m, d, J, map, pos, dq, k, which, nudge) {
  d.qpos.set(m.qpos0);
  d.qvel.fill(0);
  for (let j = 0; j < J; j++) {
    d.qpos[map[j].qpos] = pos[k * J + j] + (j === which ? nudge : 0);
    d.qvel[map[j].dof] = dq[k * J + j];
  }
}

/**
 * Fills the tracks of rec (core.ident.recording) from model m: per frame
 * mj_forward at the measured pose and velocities, the dense mass matrix
 * (mj_fullM) between the recording's joints, qfrc_bias, and qfrc_bias
 * again with each joint nudged by the core's FRIC_IDENT_NUDGE; handed to
 * the core (fric_ident_tracks_frame). m is not changed. onProgress(done,
 * frames) after each slice. Throws one sentence.
 */
export function computeTracks(mj, core, m, rec, { onProgress = null, source = 'MJCF' } = {}) {
  const J = rec.joints, n = rec.frames, nv = m.nv, nudge = core.ident.constants.nudge;
  const map = identJoints(mj, m, rec.names, { needActuator: false, source });
  const { dq } = rec.motion();
  const armature = Float64Array.from(map, (x) => m.dof_armature[x.dof]);
  const d = new mj.MjData(m);
  const full = new mj.DoubleBuffer(nv * nv);
  try {
    for (let k0 = 0; k0 < n; k0 += SLICE) {
      const count = Math.min(SLICE, n - k0);
      const M = new Float64Array(count * J * J), bias = new Float64Array(count * J), nudged = new Float64Array(count * J);
      for (let c = 0; c < count; c++) {
        const k = k0 + c;
        pose(m, d, J, map, rec.pos, dq, k, -1, 0);
        mj.mj_forward(m, d);
        mj.mj_fullM(m, d, full);
        const F = full.GetView();
        for (let j = 0; j < J; j++) {
          bias[c * J + j] = d.qfrc_bias[map[j].dof];
          const row = (c * J + j) * J, at = map[j].dof * nv;   // M's row j of frame c; F's row of j's dof
          for (let i = 0; i < J; i++) M[row + i] = F[at + map[i].dof];
        }
        for (let j = 0; j < J; j++) {
          pose(m, d, J, map, rec.pos, dq, k, j, nudge);
          mj.mj_forward(m, d);
          nudged[c * J + j] = d.qfrc_bias[map[j].dof];
        }
      }
      rec.setFrames(k0, count, { M, armature, bias, nudged });
      onProgress?.(k0 + count, n);
    }
  } finally {
    full.delete();
    d.delete();
  }
}

/**
 * The whole arm replaying rec's goals (the stale ones repaired: rec.goal)
 * in MuJoCo: a copy of m with joint j given params[j] (where params is
 * given and use[j]; null: the file's own) as MuJoCo's own joint and
 * position actuator (core.native.edit: frictionloss, damping,
 * armature, solref/solimp friction, gain kp at firmwareKp, bias −kp −kv,
 * forcerange), mj_setConst; from the measured pose of frame 0 at rest, ctrl
 * the goals of frame 0; per frame k stepped to the frame's step (the core's
 * fric_ident_frame_steps at m's timestep), q read at t_k (between the steps
 * around it, the core's weight), then ctrl = goal k
 * (LeRobot's record loop). Returns the simulated q [n·joints] (rad).
 * Throws one sentence.
 */
export function replayArm(mj, core, m, rec, { params = null, use = null, firmwareKp, source = 'MJCF' } = {}) {
  const J = rec.joints, n = rec.frames;
  const map = identJoints(mj, m, rec.names, { source });
  const edits = params ? params.map((p, j) => (p && (!use || use[j]) ? core.native.edit(p, firmwareKp) : null)) : [];
  const mc = new mj.MjModel(m);
  const d = new mj.MjData(mc);
  try {
    edits.forEach((e, j) => { if (e) writeNativeEdit(mc, map[j].dof, map[j].act, e); });
    mj.mj_setConst(mc, d);   // dof_invweight0 with the new armature, as a compiled file has it
    mj.mj_resetData(mc, d);
    for (let j = 0; j < J; j++) {
      d.qpos[map[j].qpos] = rec.pos[j];
      d.ctrl[map[j].act] = mc.actuator_gear[6 * map[j].act] * rec.goal[j];   // the goal in the actuator's length
    }
    mj.mj_forward(mc, d);
    const { step, w } = rec.frameSteps(mc.opt.timestep), q = new Float64Array(n * J);
    const prev = Float64Array.from(map, (x) => d.qpos[x.qpos]);
    // a fitted limit clamps the actuator's force, as natively: through each step's ctrl (nativeEdit.js clampByCtrl)
    const limited = edits.map((e, j) => (e && e.limited ? j : -1)).filter((j) => j >= 0);
    const items = limited.map((j) => map[j]);
    const target = Float64Array.from(map, (x) => d.ctrl[x.act]);
    const goals = new Float64Array(limited.length);
    const clampCtrl = () => {
      limited.forEach((j, i) => { goals[i] = target[j]; });
      clampByCtrl(mc, d, items, goals);
    };
    let s = 0;
    for (let k = 0; k < n; k++) {
      for (; s < step[k]; s++) {
        for (let j = 0; j < J; j++) prev[j] = d.qpos[map[j].qpos];
        clampCtrl();
        mj.mj_step(mc, d);
      }
      for (let j = 0; j < J; j++) {
        // the observation at t_k, between the steps around it
        const x = prev[j] + (d.qpos[map[j].qpos] - prev[j]) * w[k];
        if (!Number.isFinite(x)) throw new Error(t('ident.err.replayNonfinite', { k, t: rec.t[k], name: rec.names[j] }));
        q[k * J + j] = x;
        d.ctrl[map[j].act] = target[j] = mc.actuator_gear[6 * map[j].act] * rec.goal[k * J + j];
      }
    }
    return q;
  } finally {
    d.delete();
    mc.delete();
  }
}

/** The per-joint MAE [rad] of the simulated q (n·joints) against rec's measured positions. */
export function maePerJoint(rec, q) {
  const J = rec.joints, n = rec.frames, s = new Float64Array(J);
  for (let k = 0; k < n; k++) for (let j = 0; j < J; j++) s[j] += Math.abs(q[k * J + j] - rec.pos[k * J + j]);
  return Array.from(s, (x) => x / n);
}
