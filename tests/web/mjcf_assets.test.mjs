// mjcf_assets.test.mjs: the page and `friction mujoco` list the same files
// an MJCF names (one table of those elements: the core's fric_mjcf_assets,
// core/adapter/adapter_mjcf.c; the page takes it through core.mujoco.mjcfAssets,
// web/src/mujoco/robotFiles.js). The page's list is the files readRobotSync
// reads; the native tool's is the files it opens to size them before
// MuJoCo 2.2.2 parses anything (seen with strace: the files it opens
// before it opens the main file a second time, MuJoCo's parse). Both are
// checked against a list written by hand for a hand-written MJCF (<compiler
// assetdir/meshdir/texturedir>, an include in a subfolder, six skybox
// faces, a heightfield and a skin), and against each other for the SO-101
// (../shared/data/so101, whose 13 meshes are counted by hand); the core's
// file plan through the wasm wall (core.mujoco.mjcfPlan, fric_mjcf_plan) as
// a third list. The tool or strace missing: a failure under CI=true, else a
// skip that says so.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { loadCore, ROOT } from './load.mjs';
import { readRobotSync } from '../../web/src/mujoco/robotFiles.js';
import { folderDrop } from '../../tools/robot.mjs';
import { writeTree } from './tree.mjs';

const CLI = path.join(ROOT, 'build/native/friction');
const SO101 = path.resolve(ROOT, '../shared/data/so101');
const hasStrace = spawnSync('strace', ['-V']).status === 0;

let core, tmp;
before(async () => { core = await loadCore(); tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'mjcf-assets-')); });
after(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** The page's list: the files other than MJCF texts that readRobotSync reads, relative to dir, sorted. */
function pageList(dir, main) {
  const plan = readRobotSync(folderDrop(dir), main, { core });
  return [...plan.files.keys()].filter((p) => !plan.xmls.includes(p)).sort();
}

/** The core's plan's list (core.mujoco.mjcfPlan, read from disk): the assets it found, sorted. */
function planList(dir, main) {
  const plan = core.mujoco.mjcfPlan(main);
  try {
    for (let w = plan.next(); !w.done; w = plan.next()) {
      const p = path.join(dir, w.path);
      if (!fs.existsSync(p)) plan.absent();
      else plan.feed(w.path, w.text ? new Uint8Array(fs.readFileSync(p)) : fs.statSync(p).size);
    }
    return plan.files().filter((f) => f.found === 1 && f.same < 0 && !/^(model|include|submodel)$/.test(f.role)).map((f) => f.path).sort();
  } finally {
    plan.free();
  }
}

/** The native tool's list: the files it opens (successfully: it also tries candidates that are not there) under dir before MuJoCo's parse opens main again, sorted. */
function cliList(t, dir, main) {
  if (!fs.existsSync(CLI) || !hasStrace) {
    const why = !hasStrace ? 'strace is missing' : `${CLI} is not built (make cli)`;
    assert.ok(process.env.CI !== 'true', `CI=true: ${why}`);
    t.skip(why);
    return null;
  }
  const log = path.join(tmp, `strace-${path.basename(dir)}.txt`);
  spawnSync('strace', ['-f', '-e', 'trace=openat', '-o', log, CLI, 'mujoco', path.join(dir, main), '--joint', 'j', 'law=coulomb-viscous', 'Fs=0.1', 'Fc=0.1'], { encoding: 'utf8' });
  const opened = [...fs.readFileSync(log, 'utf8').matchAll(/openat\([^"]*"([^"]+)"[^\n]*\) = \d+$/gm)].map((m) => m[1])
    .filter((p) => p.startsWith(`${dir}/`)).map((p) => p.slice(dir.length + 1));
  const first = opened.indexOf(main), again = opened.indexOf(main, first + 1);
  assert.ok(first >= 0, `the tool opened ${main}`);
  return [...new Set(opened.slice(first, again < 0 ? opened.length : again))].filter((p) => !p.endsWith('.xml')).sort();
}

const folder = (name, files) => writeTree(path.join(tmp, name), files);

describe('the page and friction mujoco list the same assets (the core\'s one table)', () => {
  it('a hand-written MJCF: <compiler assetdir texturedir>, then one with meshdir; an include in a subfolder; skybox faces, heightfield, skin', (t) => {
    const faces = ['fileright', 'fileleft', 'fileup', 'filedown', 'filefront', 'fileback'];
    const sky = `<texture name="sky" type="skybox" ${faces.map((f, i) => `${f}="f${i}.png"`).join(' ')}/>`;
    const files = {
      // assetdir sets both folders; texturedir over it for textures
      'a.xml': `<mujoco>\n  <compiler assetdir="assets" texturedir="tex"/>\n  <include file="parts/arm.xml"/>\n  <asset>\n    ${sky}\n`
        + '    <hfield name="h" file="h.png" size="1 1 1 0.1"/>\n    <skin file="s.skn"/>\n  </asset>\n</mujoco>\n',
      // meshdir alone: textures beside the main file
      'b.xml': '<mujoco>\n  <compiler meshdir="geo"/>\n  <asset>\n    <mesh name="m" file="m.stl"/>\n    <texture name="t" type="2d" file="t.png"/>\n  </asset>\n</mujoco>\n',
      // an include's mesh: beside the main file + the compiler's folder, else + the include's folder
      'parts/arm.xml': '<mujoco>\n  <asset>\n    <mesh name="arm" file="arm.stl"/>\n    <mesh name="root" file="root.stl"/>\n  </asset>\n</mujoco>\n',
      'assets/parts/arm.stl': 'x', 'assets/root.stl': 'x', 'parts/root.stl': 'x', 'arm.stl': 'x',
      'assets/h.png': 'x', 'assets/s.skn': 'x', 'assets/other.stl': 'x',
      ...Object.fromEntries(faces.map((f, i) => [`tex/f${i}.png`, 'x'])), 'assets/f0.png': 'x',
      'geo/m.stl': 'x', 't.png': 'x', 'geo/t.png': 'x', 'assets/m.stl': 'x',
    };
    const dir = folder('hand', files);
    // written by hand from MuJoCo's rules (robotFiles.js robotPlan's comment; docs of <compiler>)
    const want = {
      'a.xml': ['assets/h.png', 'assets/parts/arm.stl', 'assets/root.stl', 'assets/s.skn', ...faces.map((f, i) => `tex/f${i}.png`)].sort(),
      'b.xml': ['geo/m.stl', 't.png'],
    };
    for (const main of ['a.xml', 'b.xml']) {
      assert.deepEqual(pageList(dir, main), want[main], `the page, ${main}`);
      assert.deepEqual(planList(dir, main), want[main], `the core's plan, ${main}`);
      const cli = cliList(t, dir, main);
      if (cli) assert.deepEqual(cli, want[main], `friction mujoco, ${main}`);
    }
  });

  it('the SO-101: its 13 meshes, the same in both', { skip: fs.existsSync(SO101) ? false : `missing shared data: ${SO101}` }, (t) => {
    const page = pageList(SO101, 'scene.xml');
    // counted by hand: the <mesh file="..."> elements of so101_new_calib.xml, under its meshdir "assets"
    const text = fs.readFileSync(path.join(SO101, 'so101_new_calib.xml'), 'utf8');
    const meshes = [...new Set([...text.matchAll(/<mesh\b[^>]*\bfile="([^"]+)"/g)].map((m) => `assets/${m[1]}`))].sort();
    assert.equal(meshes.length, 13);
    assert.deepEqual(page, meshes);
    assert.deepEqual(planList(SO101, 'scene.xml'), meshes);
    const cli = cliList(t, SO101, 'scene.xml');
    if (cli) assert.deepEqual(cli, page);
  });
});
