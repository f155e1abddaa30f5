// The MuJoCo snippet every servo export offers (web/src/exports.js
// mujocoSnippet) loaded into real MuJoCo: for every identified preset, the
// snippet is included (<include file=…>) in a model whose hinge and general
// actuator use its default class, and the native tool (MuJoCo 2.2.2,
// `friction mujoco`, docs/mujoco.md) loads it, runs it with MuJoCo's own
// friction and prints the joint's frictionloss, damping and armature as
// MuJoCo compiled them: they must be the preset's K_c, K_v and armature (the
// numbers of the params file, independent of the snippet's writer).
// Needs a tool built with MuJoCo (make test installs libmujoco-dev); without
// it the test is skipped saying so, and fails under CI=true.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { loadCore, loadMujocoNpm, CLI } from './load.mjs';
import { scenarioParamsToObject, mujocoSnippet } from '../../web/src/exports.js';

const core = await loadCore();
const info = core.scenario.find('bench');
const probe = spawnSync(CLI, ['mujoco', '--help'], { encoding: 'utf8' });
const noMujoco = probe.status === 0 ? false : `the native tool has no MuJoCo: ${probe.stderr.trim()}`;
if (noMujoco && process.env.CI === 'true') throw new Error(`CI=true: ${noMujoco}`);

describe('exports: the MuJoCo snippet in real MuJoCo (native 2.2.2)', () => {
  const presets = core.bench.presets();
  it(`every preset's snippet loads and gives the joint K_c, K_v and the armature (${presets.length} presets)`, { skip: noMujoco }, () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fx-mj-'));
    try {
      for (const p of presets) {
        const values = core.bench.resolve(core.scenario.params('bench', { actuator: p.actuator, model: `m${p.model}` }));
        const o = scenarioParamsToObject(info, values);
        const xml = mujocoSnippet(o, core.bench.servo(values));
        const cls = /<default class="([^"]+)">/.exec(xml)[1];
        fs.writeFileSync(path.join(dir, 'snippet.xml'), xml);
        fs.writeFileSync(path.join(dir, 'model.xml'), [
          '<mujoco>', '  <include file="snippet.xml"/>',
          `  <worldbody><body><joint name="j" type="hinge" axis="0 1 0" class="${cls}"/>`,
          '    <inertial pos="0 0 -0.1" mass="0.5" diaginertia="1e-9 1e-9 1e-9"/></body></worldbody>',
          `  <actuator><general joint="j" class="${cls}"/></actuator>`, '</mujoco>', ''].join('\n'));
        const r = spawnSync(CLI, ['mujoco', path.join(dir, 'model.xml'), '--joint', 'j',
          'law=coulomb-viscous', 'Fc=0.01', '--treatment', 'frictionloss', '--duration', '0.01'], { encoding: 'utf8' });
        assert.equal(r.status, 0, `${p.actuator} m${p.model}: ${r.stderr}`);
        const m = /joint j in the MJCF: frictionloss (\S+), damping (\S+), armature (\S+)/.exec(r.stdout);
        assert.ok(m, `${p.actuator} m${p.model}: no MJCF line in ${r.stdout}`);
        const near = (a, b, what) => assert.ok(Math.abs(a - b) <= 1e-12 * Math.abs(b),
          `${p.actuator} m${p.model} ${what}: MuJoCo ${a}, preset ${b}`);
        near(Number(m[1]), p.friction.K_c, 'frictionloss');
        near(Number(m[2]), p.friction.K_v, 'damping');
        near(Number(m[3]), p.servo.armature, 'armature');
      }
    } finally {
      fs.rmSync(dir, { recursive: true });
    }
  });
});

// The three drives whose loop is a PD on the goal clipped at the output
// (fric_bench.h: TORQUE, the Unitree Go1; CURRENT_HOST, the Feetech HLS;
// CURRENT_P, the XL330 in current mode): the snippet's actuator in MuJoCo
// 3.14 (npm) gives, for a goal, angle and speed, the torque of the header's
// law computed here by hand. Before, the snippet wrote them as a
// voltage servo with ctrlrange "0 0": no torque at all.
const { loadMujoco, noMujoco: noMujocoNpm } = await loadMujocoNpm();
if (noMujocoNpm && process.env.CI === 'true') throw new Error(`CI=true: ${noMujocoNpm}`);

describe('exports: the MuJoCo snippet of a torque or current drive in MuJoCo 3.14', () => {
  const clip = (x, lim) => Math.max(-lim, Math.min(lim, x));
  // τm by fric_bench.h's formulas for goal g, angle q, speed dq
  const LAWS = {
    unitree_go1: (s, g, q, dq) => clip(s.kp * s.error_gain_ratio * (g - q) - s.damping * dq, s.max_torque),
    feetech_hls: (s, g, q, dq) => s.kt * clip(s.kp * (g - q) - s.d_gain * Math.sqrt(s.kp) * dq, s.max_amps),
    // at rest the supply's window ±vin/R does not bind (checked below)
    xl330i: (s, g, q) => s.kt * clip(s.kp * s.error_gain * (g - q), s.current_limit),
  };
  it('Go1, HLS and XL330 current mode: actuator force = the drive\'s law (unsaturated and saturated)', { skip: noMujocoNpm }, async () => {
    const mj = await loadMujoco();
    for (const [actuator, law] of Object.entries(LAWS)) {
      const values = core.bench.resolve(core.scenario.params('bench', { actuator, model: 'm1' }));
      const servo = core.bench.servo(values);
      const xml = mujocoSnippet(scenarioParamsToObject(info, values), servo);
      const cls = /<default class="([^"]+)">/.exec(xml)[1];
      const body = xml.slice(xml.indexOf('<default>'), xml.indexOf('</mujoco>'));
      const model = `<mujoco>${body}<worldbody><body><joint name="j" type="hinge" axis="0 1 0" class="${cls}"/>`
        + '<inertial pos="0 0 -0.1" mass="0.5" diaginertia="1e-3 1e-3 1e-3"/></body></worldbody>'
        + `<actuator><general joint="j" class="${cls}"/></actuator></mujoco>`;
      const m = mj.MjModel.from_xml_string(model), d = new mj.MjData(m);
      try {
        const cases = actuator === 'xl330i' ? [[0.3, 0.2, 0], [0.3, 0.25, 0], [2, -1, 0]] : [[0.3, 0.27, 0.05], [0.3, 0.29, -0.02], [2, -1, 0.5]];
        if (actuator === 'xl330i') assert.ok(servo.vin / servo.R > servo.current_limit, 'the supply window binds at rest');
        let saturated = 0;
        for (const [g, q, dq] of cases) {
          d.qpos[0] = q; d.qvel[0] = dq; d.ctrl[0] = g;
          mj.mj_forward(m, d);
          const want = law(servo, g, q, dq);
          assert.ok(want !== 0, `${actuator}: a case with no torque proves nothing`);
          assert.ok(Math.abs(d.actuator_force[0] - want) <= 1e-9 * Math.max(1, Math.abs(want)),
            `${actuator} goal ${g}, q ${q}, dq ${dq}: MuJoCo ${d.actuator_force[0]}, the drive's law ${want}`);
          if (Math.abs(Math.abs(want) - (actuator === 'unitree_go1' ? servo.max_torque : servo.kt * (actuator === 'xl330i' ? servo.current_limit : servo.max_amps))) < 1e-12) saturated++;
        }
        assert.equal(saturated, 1, `${actuator}: exactly the last case saturates`);
      } finally {
        d.delete(); m.delete();
      }
    }
  });
});
