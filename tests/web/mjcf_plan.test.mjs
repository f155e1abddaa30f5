// mjcf_plan.test.mjs: the core's MJCF file plan through the wasm wall
// (core.mujoco.mjcfPlan, wasm/api/mujoco.js MjcfPlan; fric_mjcf_plan,
// core/adapter/adapter_mjcf_plan.c). Its found files are checked against
// a list written by hand from MuJoCo's rules for a hand-written model
// (<compiler assetdir texturedir>, an include in a subfolder whose mesh is
// found in the include's folder, six skybox faces, a heightfield, a skin),
// and against the page's own walk (robotFiles.js readRobotSync, separate
// code) for the SO-101 and bam's 2R arm; an include cycle is refused with
// the core's sentence; a plan is freed.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadCore, ROOT } from './load.mjs';
import { readRobotSync } from '../../web/src/mujoco/robotFiles.js';
import { folderDrop } from '../../tools/robot.mjs';

const SO101 = path.resolve(ROOT, '../shared/data/so101');
const BAM2R = path.resolve(ROOT, '../shared/data/bam/2R/2r_mx');

let core, tmp;
before(async () => { core = await loadCore(); tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'mjcf-plan-')); });
after(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** The plan of dir/main read from disk: its entries, and the places asked. */
function planOf(dir, main) {
  const plan = core.mujoco.mjcfPlan(main);
  const asked = [];
  try {
    for (let w = plan.next(); !w.done; w = plan.next()) {
      const p = path.join(dir, w.path);
      const there = fs.existsSync(p) && fs.statSync(p).isFile();
      asked.push(`${w.path}${there ? '+' : '-'}`);
      if (!there) plan.absent();
      else plan.feed(w.path, w.text ? new Uint8Array(fs.readFileSync(p)) : fs.statSync(p).size);
    }
    return { files: plan.files(), asked };
  } finally {
    plan.free();
  }
}
const found = (files) => files.filter((f) => f.found === 1 && f.same < 0).map((f) => f.path).sort();

function folder(name, files) {
  const dir = path.join(tmp, name);
  for (const [p, x] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, p)), { recursive: true });
    fs.writeFileSync(path.join(dir, p), x);
  }
  return dir;
}

describe('the core\'s MJCF file plan through the wasm wall (core.mujoco.mjcfPlan)', () => {
  it('a hand-written model: the files by MuJoCo\'s rules, each with its role and what names it', () => {
    const faces = ['fileright', 'fileleft', 'fileup', 'filedown', 'filefront', 'fileback'];
    const sky = `<texture name="sky" type="skybox" ${faces.map((f, i) => `${f}="f${i}.png"`).join(' ')}/>`;
    const dir = folder('hand', {
      'a.xml': `<mujoco>\n  <compiler assetdir="assets" texturedir="tex"/>\n  <include file="parts/arm.xml"/>\n  <asset>\n    ${sky}\n`
        + '    <hfield name="h" file="h.png" size="1 1 1 0.1"/>\n    <skin file="s.skn"/>\n  </asset>\n</mujoco>\n',
      'parts/arm.xml': '<mujoco>\n  <asset>\n    <mesh name="arm" file="arm.stl"/>\n    <mesh name="root" file="root.stl"/>\n  </asset>\n</mujoco>\n',
      'assets/parts/arm.stl': 'x', 'assets/root.stl': 'x', 'parts/root.stl': 'x', 'arm.stl': 'x',
      'assets/h.png': 'x', 'assets/s.skn': 'x', 'assets/other.stl': 'x',
      ...Object.fromEntries(faces.map((f, i) => [`tex/f${i}.png`, 'x'])), 'assets/f0.png': 'x',
    });
    // by hand: assetdir sets the mesh folder (hfield, skin, mesh), texturedir over it for the faces; arm.stl is
    // not at assets/arm.stl, so at assets/ + the include's folder parts/ + arm.stl
    const { files, asked } = planOf(dir, 'a.xml');
    assert.deepEqual(found(files), ['a.xml', 'assets/h.png', 'assets/parts/arm.stl', 'assets/root.stl', 'assets/s.skn',
      'parts/arm.xml', ...faces.map((f, i) => `tex/f${i}.png`)].sort());
    assert.deepEqual(asked.slice(0, 4), ['a.xml+', 'parts/arm.xml+', 'assets/arm.stl-', 'assets/parts/arm.stl+']);
    const arm = files.find((f) => f.path === 'assets/parts/arm.stl');
    assert.deepEqual({ role: arm.role, tag: arm.tag, attr: arm.attr, value: arm.value, line: arm.line, from: files[arm.from].path },
      { role: 'mesh', tag: 'mesh', attr: 'file', value: 'arm.stl', line: 3, from: 'parts/arm.xml' });
    const inc = files.find((f) => f.role === 'include');
    // its tag in a.xml (ASCII: bytes are characters), what a writer replaces to inline it
    const a = fs.readFileSync(path.join(dir, 'a.xml'), 'latin1'), tag = '<include file="parts/arm.xml"/>';
    assert.deepEqual([inc.at, inc.after, inc.depth0], [a.indexOf(tag), a.indexOf(tag) + tag.length, 0]);
    // the page's own walk agrees
    const page = readRobotSync(folderDrop(dir), 'a.xml', { core });
    assert.deepEqual(found(files), [...page.files.keys()].sort());
  });

  for (const [name, dir] of [['the SO-101', SO101], ['bam\'s 2R arm', BAM2R]]) {
    it(`${name}: the files the page reads`, { skip: fs.existsSync(dir) ? false : `missing shared data: ${dir}` }, () => {
      const page = readRobotSync(folderDrop(dir), 'scene.xml', { core });
      assert.deepEqual(found(planOf(dir, 'scene.xml').files), [...page.files.keys()].sort());
    });
  }

  it('an include cycle refused with the core\'s sentence; a plan used after free() throws', () => {
    const dir = folder('cycle', { 'a.xml': '<mujoco>\n<include file="b.xml"/>\n</mujoco>', 'b.xml': '<mujoco><include file="a.xml"/></mujoco>' });
    assert.throws(() => planOf(dir, 'a.xml'),
      { message: 'mjcf: <include file="a.xml"> at line 1 of b.xml includes a.xml, which includes this file: an include cycle (MuJoCo includes a file at most once in a model); remove this <include>.' });
    const plan = core.mujoco.mjcfPlan('a.xml');
    plan.free();
    assert.throws(() => plan.next(), /after free/);
    assert.throws(() => core.mujoco.mjcfPlan('folder/'), /main file 'folder\/'/);
  });
});
