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
import { loadCore, CLI } from './load.mjs';
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
