// mujoco_adapter.test.mjs: the MuJoCo adapter's orchestration in wasm
// (fric_adapter.h's fric_mujoco_core through core.mujoco.adapter) as the "In
// MuJoCo" view drives it (web/src/mujoco/sim.js, MuJoCo 3.14.0):
//   - the treatments and the noslip iterations are the core's: the names of
//     fric_mujoco.h's table (implicit, frictionloss, noslip) and
//     FRIC_MUJOCO_NOSLIP_ITERATIONS = 10, written into a model that has none;
//     FRICTIONLOSS writes the law's Φ(+0) = Fs and D (Kikuuwe's laws:
//     Stribeck Φ(+0) = Fs) into dof_frictionloss and dof_damping;
//   - a refusal is the core's sentence, naming the joint (two joints, one
//     without armature: the gear-friction paper's split needs armature > 0);
//   - the step allocates nothing: the wasm heap is the same before and
//     after 1000 steps.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import loadMujoco from '@mujoco/mujoco';
import { loadCore } from './load.mjs';
import { MJ_TREATMENTS, MJ_CONSTANTS } from '../../wasm/friction.js';
import { createSim } from '../../web/src/mujoco/sim.js';

const core = await loadCore();
const mj = await loadMujoco();
const law = { kind: 'stribeck', Fs: 0.3, Fc: 0.2, vs: 0.05, D: 0.01, alpha: 1 };
const pendulum = '<mujoco><option timestep="0.001" gravity="0 0 -9.81"/>'
  + '<worldbody><body name="arm"><joint name="hinge" type="hinge" axis="0 1 0"/>'
  + '<inertial pos="0 0 -0.1" mass="0.49" diaginertia="1e-9 1e-9 1e-9"/></body></worldbody></mujoco>';
const twoLinks = (armature2) => '<mujoco><option timestep="0.001" integrator="Euler"/><worldbody>'
  + '<body><joint name="j1" type="hinge" axis="0 1 0" armature="0.1"/><inertial pos="0 0 -0.2" mass="1" diaginertia="1e-9 1e-9 1e-9"/>'
  + `<body pos="0 0 -0.3"><joint name="j2" type="hinge" axis="0 1 0" armature="${armature2}"/>`
  + '<inertial pos="0 0 -0.15" mass="1" diaginertia="1e-9 1e-9 1e-9"/></body></body></worldbody></mujoco>';

describe('the adapter\'s orchestration in wasm (fric_mujoco_core, core.mujoco.adapter)', () => {
  it('has the core\'s treatments and noslip iterations, and writes them into the model', () => {
    assert.deepEqual(MJ_TREATMENTS, ['implicit', 'frictionloss', 'noslip']);
    assert.equal(MJ_CONSTANTS.noslipIterations, 10);
    const s = createSim(mj, core, { xml: pendulum, joints: [{ name: 'hinge', law }], treatment: 'noslip' });
    try {
      assert.equal(s.m.opt.noslip_iterations, 10);
      assert.equal(s.m.dof_frictionloss[0], 0.3);        // Φ(+0) = Fs
      assert.equal(s.m.dof_damping[0], 0.01);            // D
    } finally { s.free(); }
    assert.throws(() => createSim(mj, core, { xml: pendulum, joints: [{ name: 'hinge', law }], treatment: 'clip' }), /^Error: Treatment "clip" is not one of implicit, frictionloss, noslip\./);
  });
  it('refuses with the core\'s sentence, naming the joint', () => {
    assert.throws(() => createSim(mj, core, { xml: twoLinks(0), joints: [{ name: 'j1', law }, { name: 'j2', law }], treatment: 'implicit' }),
      /^Error: Joint 'j2' has armature = 0; the semi-implicit step of several joints/);
  });
  it('steps without allocating: the wasm heap is the same after 1000 steps', () => {
    for (const treatment of MJ_TREATMENTS) {
      const s = createSim(mj, core, { xml: twoLinks(0.1), joints: [{ name: 'j1', law }, { name: 'j2', law }], treatment });
      try {
        s.step(1);
        const before = core.heapUsed();
        s.step(1000);
        assert.equal(core.heapUsed(), before, treatment);
      } finally { s.free(); }
    }
  });
});
