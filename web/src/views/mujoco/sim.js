// mujoco/sim.js: one MuJoCo simulation with friction on named joints, under
// one of three treatments (no DOM: the view and the Node test use it).
// MuJoCo is its own wasm module (npm @mujoco/mujoco, `mj`); the friction is
// the core's (wasm/friction.js core.mujoco.joint: fric_joint.h, the step
// core/mujoco/mujoco_adapter.c calls natively). This file only reads MuJoCo's
// arrays, calls the core's step and writes the result back, in the adapter's
// order (fric_mujoco.h):
//   (A) frictionloss: dof_frictionloss = the core's budget at the state,
//       dof_damping = D or K_v, written every step (the M1–M6 authors'
//       back-end; MuJoCo's regularised constraint creeps);
//   (B) noslip: (A) with opt.noslip_iterations = 10;
//   (C) implicit: one joint, Z = h·(M⁻¹)_ii and v_free = v + h·qacc_smooth
//       (MuJoCo's own friction-free prediction, mj_fwdAcceleration); several
//       joints, seed-002's semi-implicit per-joint step (Z = h/armature, the
//       reaction of the previous step); the force added to qfrc_passive.

export const TREATMENTS = [
  { id: 'frictionloss', key: 'A', label: '(A) frictionloss',
    what: 'MuJoCo\'s frictionloss written every step (the M1–M6 authors\' back-end)' },
  { id: 'noslip', key: 'B', label: '(B) frictionloss + noslip', what: '(A) with MuJoCo\'s noslip solver (10 iterations)' },
  { id: 'implicit', key: 'C', label: '(C) implicit (this project)', what: 'the core\'s implicit friction, Kikuuwe\'s Φ_Z' },
];
export const NOSLIP_ITERATIONS = 10;   // FRIC_MJ_NOSLIP_ITERATIONS

const COST_CALLS = 512;                // step() calls the cost figure is taken over

const JNT = { FREE: 0, BALL: 1, SLIDE: 2, HINGE: 3 };
const OBJ_JOINT = 3;                   // mjOBJ_JOINT
const EULER = 0;                       // mjINT_EULER

/** MuJoCo's exception text without its prefix and line noise, one sentence. */
function mujocoText(e) {
  return String(e?.message ?? e).replace(/^MuJoCo Error:\s*/, '').replace(/\s+/g, ' ').trim();
}

/** The joint names of the model. */
export function jointNames(mj, m) {
  return Array.from({ length: m.njnt }, (_, i) => mj.mj_id2name(m, OBJ_JOINT, i) || '').filter(Boolean);
}

/**
 * Loads xml and attaches friction to joints [{ name, params | law, log }]
 * (a servo: the bench parameters, with a parsed log its gains; or a law).
 * Throws one sentence for an MJCF that does not load, a missing joint, a
 * joint that is not a hinge or slide, a friction the core refuses, and a
 * model the implicit treatment cannot predict (what the native attach says).
 */
export function createSim(mj, core, { xml, joints, treatment }) {
  let m;
  try {
    m = mj.MjModel.from_xml_string(xml);
  } catch (e) {
    throw new Error(`The MJCF does not load: ${mujocoText(e)}`, { cause: e });
  }
  const d = new mj.MjData(m);
  const js = [];
  const free = () => { js.forEach((j) => j.fric.free()); js.length = 0; d.delete(); m.delete(); };
  try {
    if (m.nkey > 0) mj.mj_resetDataKeyframe(m, d, 0);
    mj.mj_forward(m, d);
    const h = m.opt.timestep, names = jointNames(mj, m);
    const several = joints.length > 1;
    for (const spec of joints) {
      const id = mj.mj_name2id(m, OBJ_JOINT, spec.name);
      if (id < 0) throw new Error(`The model has no joint named '${spec.name}'; its named joints: ${names.join(', ') || 'none'}.`);
      const type = m.jnt_type[id];
      if (type !== JNT.HINGE && type !== JNT.SLIDE) {
        throw new Error(`Joint '${spec.name}' is a ${type === JNT.BALL ? 'ball' : 'free'} joint; friction attaches to hinge and slide joints (one dof) only.`);
      }
      const dof = m.jnt_dofadr[id], qadr = m.jnt_qposadr[id];
      let fric;
      try {
        fric = core.mujoco.joint({ params: spec.params ?? null, law: spec.law ?? null, log: spec.log ?? null, h, q0: d.qpos[qadr] });
      } catch (e) {
        throw new Error(`Joint '${spec.name}'${spec.params ? ', servo' : ''}: ${e.message}`, { cause: e });
      }
      js.push({ name: spec.name, dof, qadr, fric, I: 0, u: 0, Z: 0, q0: d.qpos[qadr] });
    }
    if (treatment === 'implicit') {
      if (m.opt.integrator !== EULER) throw new Error('The implicit treatment predicts MuJoCo\'s Euler step; set <option integrator="Euler"/>.');
      for (const j of js) {
        if (m.dof_frictionloss[j.dof] !== 0 || m.dof_damping[j.dof] !== 0) {
          throw new Error(`Joint '${j.name}' has MuJoCo frictionloss or damping; the implicit treatment is the joint's whole friction: set both to 0.`);
        }
        let Z;
        if (several) {
          j.I = m.dof_armature[j.dof];
          if (!(j.I > 0)) throw new Error(`Joint '${j.name}' has armature = ${j.I}; the semi-implicit step of several joints needs each joint's rotor inertia (armature > 0).`);
          Z = h / j.I;
        } else {
          if (m.nv !== 1) throw new Error(`The view's one-joint implicit step reads (M⁻¹)_ii from MuJoCo's factor of a model with one dof; this model has ${m.nv}.`);
          Z = h * d.qLDiagInv[0];
        }
        j.Z = Z;
        try { j.fric.prepare(Z); } catch (e) { throw new Error(`Joint '${j.name}' (Z = ${Z} from its inertia and the step): ${e.message}`, { cause: e }); }
      }
    } else {
      for (const j of js) {
        m.dof_frictionloss[j.dof] = j.fric.restLoss();
        m.dof_damping[j.dof] = j.fric.damping();
      }
      if (treatment === 'noslip' && m.opt.noslip_iterations === 0) m.opt.noslip_iterations = NOSLIP_ITERATIONS;
    }
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
        applied: d.qfrc_applied, act: m.nu ? d.qfrc_actuator : null, fl: m.dof_frictionloss };
    }
    return V;
  };
  let primed = false;
  const forces = new Float64Array(js.length);
  const h = m.opt.timestep;
  const sim = {
    m, d, joints: js, treatment, h, steps: 0, ms: 0,
    /** The cost per step over the last COST_CALLS calls of step() [µs]
     *  (a window: the figure follows a change of state or of machine load). */
    costMs: new Float64Array(COST_CALLS), costSteps: new Float64Array(COST_CALLS), calls: 0,
    get usPerStep() {
      let ms = 0, n = 0;
      for (let i = 0; i < COST_CALLS; i++) { ms += sim.costMs[i]; n += sim.costSteps[i]; }
      return n ? (1e3 * ms) / n : NaN;
    },
    get t() { return d.time; },
    q(i) { return arrays().qpos[js[i].qadr]; },
    v(i) { return arrays().qvel[js[i].dof]; },
    goal(i, g, te = 1) { js[i].fric.goal(g, te); },
    /** n steps; the wall time of all of them is added to sim.ms. */
    step(n = 1) {
      const t0 = performance.now();
      for (let k = 0; k < n; k++) {
        mj.mj_step1(m, d);
        if (treatment === 'implicit') {
          if (js.length === 1) applyOne();
          else applySeveral();
        } else {
          applyLoss();
        }
        mj.mj_step2(m, d);
      }
      const ms = performance.now() - t0;
      sim.steps += n;
      sim.ms += ms;
      sim.costMs[sim.calls % COST_CALLS] = ms;
      sim.costSteps[sim.calls++ % COST_CALLS] = n;
    },
    free,
  };
  function applyOne() {
    const j = js[0], dof = j.dof;
    if (m.nu) mj.mj_fwdActuation(m, d);
    mj.mj_fwdAcceleration(m, d);
    const a = arrays();
    j.fric.setZ(h * a.qLDiagInv[0]);
    const v = a.qvel[dof];
    const f = j.fric.step(a.qpos[j.qadr], v, v + h * a.qacc_smooth[dof], a.smooth[dof] + a.constraint[dof]);
    a.passive[dof] += f;
  }
  function applySeveral() {
    if (m.nu) mj.mj_fwdActuation(m, d);
    const { qacc, smooth, passive, bias, applied, act, qpos, qvel } = arrays();
    if (!primed) { js.forEach((j) => { j.u = 0; }); primed = true; } else {
      for (const j of js) j.u = j.I * qacc[j.dof] - smooth[j.dof];
    }
    js.forEach((j, i) => {
      const dof = j.dof, v = qvel[dof];
      const tauE = passive[dof] - bias[dof] + applied[dof] + (act ? act[dof] : 0) + j.u;
      forces[i] = j.fric.step(qpos[j.qadr], v, v + j.Z * tauE, tauE);
    });
    js.forEach((j, i) => { passive[j.dof] += forces[i]; });
  }
  function applyLoss() {
    if (m.nu) mj.mj_fwdActuation(m, d);
    const { passive, bias, applied, act, fl, qpos, qvel } = arrays();
    for (const j of js) {
      const dof = j.dof;
      const tauE = passive[dof] - bias[dof] + applied[dof] + (act ? act[dof] : 0);
      fl[dof] = j.fric.loss(qpos[j.qadr], qvel[dof], tauE);
      passive[dof] += j.fric.tauM;
    }
  }
  return sim;
}
