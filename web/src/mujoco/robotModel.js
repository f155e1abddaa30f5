// mujoco/robotModel.js: a compiled robot model as the robot layer and the
// two copies need it (no DOM; robot.js's): the records core.robot.create
// takes (MuJoCo's arrays copied, each joint's class and parent classes, the
// joints a tendon or an equality names), what the model says of its joints,
// actuators and keyframes, one copy of the model at its start, and the
// small readings of MuJoCo's arrays the pair's table and report use.
import { MJ_JOINT_TYPES as JOINT_TYPES } from '../../../wasm/friction.js';
import { compiled } from './robotFiles.js';
import { mjEnums, nameOf } from './mjEnums.js';

// a number for a sentence: 4 significant digits; ±Infinity (a range without a limit) as ±∞
export const fmt = (x, d = 4) => (Number.isFinite(x) ? Number(x.toPrecision(d)).toString() : x === Infinity ? '∞' : x === -Infinity ? '−∞' : String(x));

/** The joints' frictionloss force alone [N·m per dof]: MuJoCo's constraint
 *  rows of type mjCNSTR_FRICTION_DOF (efc_id the dof, its Jacobian row 1 on
 *  that dof), without the contacts, limits and equalities qfrc_constraint
 *  also holds. */
export function frictionForce(mj, m, d, out) {
  out.fill(0);
  const type = d.efc_type, id = d.efc_id, force = d.efc_force, FRICTION_DOF = mjEnums(mj).cnstrFrictionDof;
  for (let r = 0; r < d.nefc; r++) if (type[r] === FRICTION_DOF) out[id[r]] += force[r];
  return out;
}

/** The parent classes of cls, nearest first, each ended by '\n' (null: none). */
function ancestryOf(parents, cls) {
  let out = '';
  for (let c = parents.get(cls), n = 0; c && n < 1000; c = parents.get(c), n++) out += `${c}\n`;
  return out || null;
}

/** The robot layer's records of a compiled model (core.robot.create):
 *  MuJoCo's arrays copied, each joint's class from the spec and its parent
 *  classes from the default tree, the joints a tendon wraps or a joint
 *  equality names, the actuators' names. */
export function robotRecords(mj, m, names, classes, parents = new Map(), actNames = []) {
  const { wrapJoint: WRAP_JOINT, eqJoint: EQ_JOINT } = mjEnums(mj);
  const dofadr = m.jnt_dofadr, qposadr = m.jnt_qposadr, type = m.jnt_type;
  const fl = m.dof_frictionloss, damping = m.dof_damping, armature = m.dof_armature;
  const tendon = new Set(), equality = new Set();
  for (let w = 0; w < m.nwrap; w++) if (m.wrap_type[w] === WRAP_JOINT) tendon.add(m.wrap_objid[w]);
  for (let e = 0; e < m.neq; e++) if (m.eq_type[e] === EQ_JOINT) { equality.add(m.eq_obj1id[e]); equality.add(m.eq_obj2id[e]); }
  const joints = names.map((name, i) => {
    const cls = classes.get(name) ?? null;
    return { name, cls, type: type[i], dofadr: dofadr[i], qposadr: qposadr[i],
      frictionloss: fl[dofadr[i]], damping: damping[dofadr[i]], armature: armature[dofadr[i]],
      ancestry: cls ? ancestryOf(parents, cls) : null, tendon: tendon.has(i) ? 1 : 0, equality: equality.has(i) ? 1 : 0 };
  });
  const trntype = m.actuator_trntype, trnid = m.actuator_trnid, gaintype = m.actuator_gaintype, biastype = m.actuator_biastype;
  const gainprm = m.actuator_gainprm, biasprm = m.actuator_biasprm, gear = m.actuator_gear;
  const forcerange = m.actuator_forcerange, ctrlrange = m.actuator_ctrlrange;
  const actuators = Array.from({ length: m.nu }, (_, k) => {
    const fr = [forcerange[2 * k], forcerange[2 * k + 1]], cr = [ctrlrange[2 * k], ctrlrange[2 * k + 1]];
    // MuJoCo 3's bindings do not expose actuator_forcelimited/ctrllimited
    // (a bool array): a range lo < hi is limited (autolimits, MuJoCo 3's default)
    return { trntype: trntype[k], trnid: trnid[2 * k], gaintype: gaintype[k], biastype: biastype[k],
      gainprm: Array.from(gainprm.subarray(10 * k, 10 * k + 3)), biasprm: Array.from(biasprm.subarray(10 * k, 10 * k + 3)),
      gear: gear[6 * k], forcelimited: fr[0] < fr[1] ? 1 : 0, forcerange: fr, ctrllimited: cr[0] < cr[1] ? 1 : 0, ctrlrange: cr,
      name: actNames[k] ?? null, dyntype: m.actuator_dyntype[k] };
  });
  return { model: { njnt: m.njnt, nu: m.nu, nq: m.nq, nv: m.nv, timestep: m.opt.timestep, integrator: m.opt.integrator,
    gravity: Array.from(m.opt.gravity) }, joints, actuators };
}

/** The joints' names of m ('' unnamed). */
export const namesOf = (mj, m) => Array.from({ length: m.njnt }, (_, i) => nameOf(mj, m, mjEnums(mj).objJoint, i));
/** The actuators' names of m ('' unnamed). */
export const actNamesOf = (mj, m) => Array.from({ length: m.nu }, (_, k) => nameOf(mj, m, mjEnums(mj).objActuator, k));

/** What the model says of its joints, actuators and keyframes (each
 *  joint's actuator and each actuator's kind: the robot layer's). */
export function describe(mj, core, m, classes, parents) {
  const names = namesOf(mj, m);
  const robot = core.robot.create(robotRecords(mj, m, names, classes, parents, actNamesOf(mj, m)));
  try {
    const range = m.jnt_range, type = m.jnt_type, trntype = m.actuator_trntype, trnid = m.actuator_trnid;
    const joints = names.map((name, i) => {
      const lo = range[2 * i], hi = range[2 * i + 1];
      return { name, index: i, cls: classes.get(name) ?? null, type: JOINT_TYPES[type[i]] ?? 'unknown',
        range: lo < hi ? [lo, hi] : null, act: robot.jointActuator(i) };
    });
    const keyframes = Array.from({ length: m.nkey }, (_, k) => ({ name: nameOf(mj, m, mjEnums(mj).objKey, k) || `key ${k}`,
      qpos: m.key_qpos.slice(k * m.nq, (k + 1) * m.nq) }));
    const actuators = Array.from({ length: m.nu }, (_, k) => ({ name: nameOf(mj, m, mjEnums(mj).objActuator, k) || `actuator ${k}`,
      joint: trntype[k] === mjEnums(mj).trnJoint ? names[trnid[2 * k]] ?? null : null, kind: robot.actuatorKind(k).kind }));
    return { joints, classes: [...new Set(joints.map((j) => j.cls).filter(Boolean))], actuators, keyframes, nq: m.nq };
  } finally {
    robot.free();
  }
}

/** Every entry of q a finite number. */
export function finiteQpos(q) {
  for (let i = 0; i < q.length; i++) if (!Number.isFinite(q[i])) return false;
  return true;
}

/** One copy of the robot: the model, its data at the start, and its rows. */
export function makeCopy(mj, files, main, keyframe) {
  const c = compiled(mj, files, main);
  const m = new mj.MjModel(c.m), classes = c.classes;   // a copy: adoption writes into (C)'s
  const d = new mj.MjData(m);
  resetTo(mj, m, d, keyframe);
  return { m, d, classes };
}

/** The diagonal of MuJoCo's mass matrix at dof (MuJoCo 3's sparse d.M: a
 *  row's last entry is its diagonal) [kg·m²], at d's pose (after mj_forward). */
export const massDiagonal = (m, d, dof) => d.M[m.M_rowadr[dof] + m.M_rownnz[dof] - 1];

/** Resets d to keyframe k (−1: the model's reference pose qpos0). */
export function resetTo(mj, m, d, k) {
  if (k >= 0 && k < m.nkey) mj.mj_resetDataKeyframe(m, d, k);
  else mj.mj_resetData(m, d);
  mj.mj_forward(m, d);
}
