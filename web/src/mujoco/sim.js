// mujoco/sim.js: one MuJoCo simulation with friction on named joints, under
// one of three treatments (no DOM: the view and the Node test use it).
// MuJoCo is its own wasm module (npm @mujoco/mujoco, `mj`); the friction and
// everything around it are the core's (wasm/api/mujoco.js core.mujoco's Adapter:
// fric_adapter.h's fric_mujoco_core, core/adapter/adapter_core.c, the
// orchestration that core/mujoco/mujoco_adapter.c drives natively too: the
// refusals, Z, the several-joint reaction, the load, the frictionloss/noslip
// writes). This file only runs MuJoCo, copies its arrays
// into the core's and the results back, in the adapter's order (fric_mujoco.h):
//   (A) frictionloss: dof_frictionloss = the core's budget at the state,
//       dof_damping = D or K_v (the M1–M6 authors' back-end; MuJoCo's
//       regularised constraint creeps);
//   (B) noslip: (A) with the core's opt.noslip_iterations;
//   (C) implicit: the core's friction added to qfrc_passive (one joint: from
//       MuJoCo's own friction-free prediction, mj_fwdAcceleration; several:
//       the gear-friction paper's semi-implicit per-joint step).
import { MJ_CONSTANTS } from '../../../wasm/friction.js';
import { t, tCoreAfterDoor, asSentence } from '../i18n/index.js';
import { mujocoText, mujocoLoadSentence } from './mjText.js';
import { mjEnums, nameOf } from './mjEnums.js';

// The view's order and labels; each id is a name of the core's treatments
// (MJ_TREATMENTS, fric_mujoco_treatment_names: core.mujoco.adapter refuses another).
export const TREATMENTS = [
  { id: 'frictionloss', key: 'A', label: '(A) frictionloss',
    what: t('mujoco.treat.A.what') },
  { id: 'noslip', key: 'B', label: '(B) frictionloss + noslip',
    get what() { return t('mujoco.treat.B.what', { n: MJ_CONSTANTS.noslipIterations }); } },
  { id: 'implicit', key: 'C', label: t('mujoco.treat.C'), what: t('mujoco.treat.C.what') },
];

/** Run k's label: (A) as MuJoCo's own joint (createNativeSim) or TREATMENTS[k]'s. */
export const simLabel = (sim, k) => (sim?.treatment === 'native' ? t('mujoco.treat.A.native') : TREATMENTS[k].label);

const COST_CALLS = 512;                // step() calls the cost figure is taken over

/** The cost figure's window on a run (steps, ms, the last COST_CALLS calls of
 *  step() and usPerStep, the cost per step over them [µs]: a window, so the
 *  figure follows a change of state or of machine load). Returns sim. */
function costWindow(sim) {
  Object.assign(sim, { steps: 0, ms: 0, costMs: new Float64Array(COST_CALLS), costSteps: new Float64Array(COST_CALLS), calls: 0 });
  Object.defineProperty(sim, 'usPerStep', { get() {
    let ms = 0, n = 0;
    for (let i = 0; i < COST_CALLS; i++) { ms += sim.costMs[i]; n += sim.costSteps[i]; }
    return n ? (1e3 * ms) / n : NaN;
  } });
  return sim;
}

/** n steps of one(); the wall time of all of them is added to sim's window. */
function timedSteps(sim, n, one) {
  const t0 = performance.now();
  for (let k = 0; k < n; k++) one();
  const ms = performance.now() - t0;
  sim.steps += n;
  sim.ms += ms;
  sim.costMs[sim.calls % COST_CALLS] = ms;
  sim.costSteps[sim.calls++ % COST_CALLS] = n;
}

/** The joint names of the model. */
export function jointNames(mj, m) {
  return Array.from({ length: m.njnt }, (_, i) => nameOf(mj, m, mjEnums(mj).objJoint, i)).filter(Boolean);
}

/** xml loaded (or model, an MjModel compiled from it, copied) into { m, d }
 *  at its first keyframe (when it has one); throws one sentence for an MJCF
 *  that does not load. */
function loadModel(mj, xml, model = null) {
  let m;
  try {
    m = model ? new mj.MjModel(model) : mj.MjModel.from_xml_string(xml);
  } catch (e) {
    throw new Error(mujocoLoadSentence(mujocoText(e), 'mujoco.sim.noLoad'), { cause: e });
  }
  const d = new mj.MjData(m);
  try {
    if (m.nkey > 0) mj.mj_resetDataKeyframe(m, d, 0);
  } catch (e) {
    d.delete(); m.delete();
    throw e;
  }
  return { m, d };
}

/**
 * Loads xml (or copies model, an MjModel compiled from it) and attaches friction to joints [{ name, params | law, log }]
 * (a servo: the bench parameters, with a parsed log its gains; or a law).
 * Throws one sentence for an MJCF that does not load, a missing joint, a
 * joint that is not a hinge or slide, a friction the core refuses, and a
 * model the implicit treatment cannot predict (what the native attach says).
 */
export function createSim(mj, core, { xml, joints, treatment, model = null }) {
  const { m, d } = loadModel(mj, xml, model);
  return attachSim(mj, core, m, d, { joints, treatment, owns: true });
}

/**
 * createSim of xml under each of `treatments` (ids), the MJCF parsed and
 * compiled once and each sim made from a copy of that model (the view's
 * three treatments of one system: a third of the page's parse time).
 * Throws one sentence (createSim's); the sims made before are freed then.
 */
export function createSims(mj, core, { xml, joints, treatments }) {
  let base;
  try {
    base = mj.MjModel.from_xml_string(xml);
  } catch (e) {
    throw new Error(mujocoLoadSentence(mujocoText(e), 'mujoco.sim.noLoad'), { cause: e });
  }
  const made = [];
  try {
    for (const treatment of treatments) made.push(createSim(mj, core, { joints, treatment, model: base }));
  } catch (e) {
    made.forEach((x) => x.free());
    throw e;
  } finally {
    base.delete();
  }
  return made;
}

/**
 * Attaches friction to joints [{ name, params | law, log, act, goalRange, held }]
 * of a loaded model m, d (in its start state) under the treatment: the
 * core's orchestration (core.mujoco.adapter) with MuJoCo's arrays copied in
 * and out. act (a servo's goal source, an adopted actuator's index, −1 or
 * absent: none): its d.ctrl becomes the servo's goal every step, clamped to
 * goalRange. owns: free() deletes m and d too. adapter: the orchestration
 * made another way, from { model, jointModels, treatment } (robot.js: the
 * robot layer's own, whose servos it resolved once: the joints then need
 * only name and act). Throws one sentence (the core's refusals); m and d
 * are then freed when owned.
 */
export function attachSim(mj, core, m, d, { joints, treatment, owns = false, adapter = null }) {
  const js = [];
  let fm = null;
  const free = () => { fm?.free(); fm = null; js.length = 0; if (owns) { d.delete(); m.delete(); } };
  try {
    mj.mj_forward(m, d);
    const names = jointNames(mj, m);
    for (const spec of joints) {
      const id = mj.mj_name2id(m, mjEnums(mj).objJoint, spec.name);
      if (id < 0) throw new Error(t('mujoco.sim.noJoint', { name: spec.name, names: names.join(', ') || t('mujoco.sim.none') }));
      js.push({ name: spec.name, id, dof: m.jnt_dofadr[id], qadr: m.jnt_qposadr[id], act: spec.act ?? -1 });
    }
    // one joint, implicit: (M⁻¹)_ii from MuJoCo's factor, 1/qLD of a one-dof
    // model; of another model it is not read here (minvUnknown: the core
    // gives the joint the semi-implicit step)
    const minv = m.nv === 1 ? d.qLDiagInv[0] : 1;
    let anyDamping = false;
    for (let i = 0; i < m.nv; i++) if (m.dof_damping[i] !== 0) anyDamping = true;
    const jointModels = js.map((j) => ({ type: m.jnt_type[j.id], frictionloss: m.dof_frictionloss[j.dof] ?? 0,
      damping: m.dof_damping[j.dof] ?? 0, armature: m.dof_armature[j.dof] ?? 0, minv, q0: d.qpos[j.qadr] ?? 0 }));
    try {
      fm = (adapter ?? ((x) => core.mujoco.adapter(x)))({ joints: joints.map((spec) => ({ name: spec.name, params: spec.params ?? null, law: spec.law ?? null,
        log: spec.log ?? null, goalRange: spec.goalRange, held: spec.held })),
        model: { h: m.opt.timestep, integrator: m.opt.integrator, anyDamping, noslipIterations: m.opt.noslip_iterations,
          minvUnknown: m.nv !== 1 },
        jointModels, treatment });
    } catch (e) {
      // the core's sentence after its door ("mujoco: "), as a sentence of the page
      const text = tCoreAfterDoor(e);
      throw new Error(asSentence(text), { cause: e });
    }
    js.forEach((j, i) => {
      j.fric = fm.joints[i];
      j.q0 = jointModels[i].q0;
      m.dof_frictionloss[j.dof] = fm.frictionloss[i];
      m.dof_damping[j.dof] = fm.damping[i];
    });
    m.opt.noslip_iterations = fm.noslipIterations;
  } catch (e) {
    free();
    throw e;
  }

  // MuJoCo's arrays as live views on its wasm memory, read once: a getter
  // makes a new view at every call; a view whose memory grew (detached,
  // length 0) is read again
  let V = null;
  const arrays = () => {
    if (!V || V.qpos.length === 0) {
      V = { qpos: d.qpos, qvel: d.qvel, qacc: d.qacc, qacc_smooth: d.qacc_smooth, qLDiagInv: d.qLDiagInv,
        smooth: d.qfrc_smooth, constraint: d.qfrc_constraint, passive: d.qfrc_passive, bias: d.qfrc_bias,
        applied: d.qfrc_applied, act: m.nu ? d.qfrc_actuator : null, fl: m.dof_frictionloss, ctrl: m.nu ? d.ctrl : null };
    }
    return V;
  };
  // the exact one-joint step, or the semi-implicit one (the core's choice)
  const one = treatment === 'implicit' && !fm.several, loss = treatment !== 'implicit';
  const goals = js.some((j) => j.act >= 0);
  const sim = {
    m, d, joints: js, treatment, h: m.opt.timestep, fm,
    get t() { return d.time; },
    q(i) { return arrays().qpos[js[i].qadr]; },
    v(i) { return arrays().qvel[js[i].dof]; },
    goal(i, g, te = 1) { fm.goal(i, g, te); },
    /** n steps; the wall time of all of them is added to sim.ms. */
    step(n = 1) {
      timedSteps(sim, n, () => {
        mj.mj_step1(m, d);
        apply();
        mj.mj_step2(m, d);
      });
    },
    free,
  };
  costWindow(sim);
  /** MuJoCo's arrays into the core's, one step of the core, the results back. */
  function apply() {
    if (m.nu) mj.mj_fwdActuation(m, d);
    if (one) mj.mj_fwdAcceleration(m, d);            // qfrc_smooth, qacc_smooth: friction-free
    const a = arrays(), x = fm.inputs();
    js.forEach((j, i) => {
      const dof = j.dof;
      x.q[i] = a.qpos[j.qadr];
      x.v[i] = a.qvel[dof];
      if (one) {                                     // what the one-joint step reads
        x.minv[i] = a.qLDiagInv[0];
        x.qacc_smooth[i] = a.qacc_smooth[dof];
        x.qfrc_smooth[i] = a.smooth[dof];
        x.qfrc_constraint[i] = a.constraint[dof];    // the last mj_step2's
      } else {                                       // the load's parts; several: the last step's qacc, qfrc_smooth
        x.qfrc_passive[i] = a.passive[dof];
        x.qfrc_bias[i] = a.bias[dof];
        x.qfrc_applied[i] = a.applied[dof];
        x.qfrc_actuator[i] = a.act ? a.act[dof] : 0;
        x.qacc[i] = a.qacc[dof];
        x.qfrc_smooth[i] = a.smooth[dof];
      }
      if (goals) x.goal[i] = j.act >= 0 ? a.ctrl[j.act] : NaN;   // an adopted actuator's ctrl is the goal
    });
    fm.step();
    const { force, frictionloss } = fm.outputs();
    js.forEach((j, i) => {
      if (loss) a.fl[j.dof] = frictionloss[i];
      a.passive[j.dof] += force[i];
    });
  }
  return sim;
}

/**
 * (A) as MuJoCo's own joint: the bench MJCF of the core's
 * scenario bench-native (core.native.scenarioMjcf: a native params file's
 * frictionloss, damping, armature, solref/solimp and position actuator, the
 * text fric_native_mjcf_attrs writes) run by MuJoCo alone, nothing of the
 * core attached: MuJoCo's friction constraint is the friction, and the
 * actuator's ctrl holds goal [rad]. The interface of attachSim's runs (q, v,
 * t, step, joints with fric { tauF: the constraint's force, budget:
 * frictionloss }, usPerStep, free). Throws one sentence for an MJCF that
 * does not load.
 */
export function createNativeSim(mj, { xml, goal }) {
  const { m, d } = loadModel(mj, xml);
  try {
    mj.mj_forward(m, d);
  } catch (e) {
    d.delete(); m.delete();
    throw e;
  }
  const id = mj.mj_name2id(m, mjEnums(mj).objJoint, 'joint');
  const dof = m.jnt_dofadr[id], qadr = m.jnt_qposadr[id];
  const budget = m.dof_frictionloss[dof];
  const fric = { get tauF() { return d.qfrc_constraint[dof]; }, budget };
  const sim = {
    m, d, joints: [{ name: 'joint', id, dof, qadr, act: 0, fric, q0: d.qpos[qadr] }], treatment: 'native', h: m.opt.timestep,
    get t() { return d.time; },
    q() { return d.qpos[qadr]; },
    v() { return d.qvel[dof]; },
    goal(i, g) { d.ctrl[0] = g; },
    step(n = 1) {
      timedSteps(sim, n, () => {
        d.ctrl[0] = goal;
        mj.mj_step(m, d);
      });
    },
    free() { d.delete(); m.delete(); },
  };
  return costWindow(sim);
}
