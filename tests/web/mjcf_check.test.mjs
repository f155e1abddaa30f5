// mjcf_check.test.mjs: an MJCF's text bounded before MuJoCo parses it
//: the core's check at the wasm wall
// (core.mujoco.checkMjcf, fric_mjcf_check_text), the drop's files with
// their includes (the core's file plan, which checks each text it is fed:
// web/src/mujoco/robotFiles.js readRobot, the page's and tools/robot.mjs's
// reader of it), and the doors: the headless runner and the
// native `friction mujoco` refuse a 300-deep chain with the same sentence
// (their times reported). Expected values are hand-computed from the texts written
// here (a chain with body k on line k + 2 at depth k + 2, its joint one
// deeper: the first element at depth 65 is body 62's joint, line 64), and
// for the SO-101 from Python's xml.etree (scene.xml 13 elements,
// so101_new_calib.xml 105).
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { loadCore, ROOT, CLI } from './load.mjs';
import { mujocoDied } from '../../web/src/mujoco/mjcfCheck.js';
import { readFolder } from '../../tools/robot.mjs';
import loadMujoco from '@mujoco/mujoco';
import { readRobot, readRobotSync, mapDrop } from '../../web/src/mujoco/robotFiles.js';
import { loadRobotFiles, createRobotPair } from '../../web/src/mujoco/robot.js';

const SO101 = path.resolve(ROOT, '../shared/data/so101');
const DEEP = 'mjcf: <joint> nested 65 deep at line 64 of deep.xml: the limit is 64';

/** n nested bodies with a hinge each, body k on line k + 2. */
function chain(n) {
  let s = '<mujoco model="deep">\n  <worldbody>\n';
  for (let k = 1; k <= n; k++) s += `<body name="b${k}" pos="0 0 0.01"><joint name="j${k}" type="hinge"/><geom size="0.01" mass="0.1"/>\n`;
  return `${s}${'</body>'.repeat(n)}\n  </worldbody>\n  <actuator><position joint="j1" kp="1"/></actuator>\n</mujoco>\n`;
}
const enc = (s) => new TextEncoder().encode(s);
/** The files with main file main read through the core's plan (robotFiles.js): each text checked; the elements counted. */
const planned = (files, main) => readRobotSync(mapDrop(files), main, { core }).elements;

let core;
before(async () => { core = await loadCore(); });

describe('the core\'s check of an MJCF\'s text (core.mujoco.checkMjcf)', () => {
  it('refuses a 300-deep chain naming the element, its depth, line and file; accepts 64 deep', () => {
    assert.throws(() => core.mujoco.checkMjcf(chain(300), { file: 'deep.xml' }), (e) => e.message.startsWith(DEEP) && !/\n/.test(e.message));
    // the whole sentence, in a page user's words: the limit as a number of levels, no C constant named
    assert.throws(() => core.mujoco.checkMjcf(chain(300), { file: 'deep.xml' }), (e) => {
      assert.equal(e.message, `${DEEP} levels (real robots nest 20 or less); MuJoCo's parser recurses once per level and a deeper chain freezes or crashes it.`);
      return true;
    });
    // 61 bodies: body 61's joint at depth 64; elements: mujoco, worldbody, 61 × (body, joint, geom), actuator, position
    const r = core.mujoco.checkMjcf(enc(chain(61)), { file: 'ok.xml' });
    assert.deepEqual(r, { elements: 2 + 3 * 61 + 2, includes: [] });
  });
  it('reports includes with the depth their file starts at, and counts elements over calls', () => {
    const r = core.mujoco.checkMjcf('<mujoco>\n<worldbody><body><include file="part.xml"/></body></worldbody>\n</mujoco>', { elements: 10 });
    assert.deepEqual(r, { elements: 14, includes: [{ file: 'part.xml', depth0: 2, line: 2 }] });
  });
  it('refuses arguments that are not text or counts', () => {
    assert.throws(() => core.mujoco.checkMjcf(42), TypeError);
    assert.throws(() => core.mujoco.checkMjcf('', { elements: -1 }), RangeError);
  });
});

describe('a drop\'s files with their includes (the core\'s plan, robotFiles.js readRobot)', () => {
  it('follows an include at its depth: 62 bodies under a body of the scene reach 65 in part.xml', () => {
    // scene: mujoco 1, worldbody 2, body 3, include 4 (depth0 2); part.xml: mujoco, then body k on line k + 1 at 2 + k + 1
    let part = '<mujoco>\n';
    for (let k = 1; k <= 62; k++) part += `<body name="p${k}">\n`;
    part += `${'</body>'.repeat(62)}</mujoco>\n`;
    const files = new Map([['robot/scene.xml', enc('<mujoco><worldbody><body name="a"><include file="part.xml"/></body></worldbody></mujoco>')],
      ['robot/part.xml', enc(part)]]);
    assert.throws(() => planned(files, 'robot/scene.xml'),
      (e) => e.message.startsWith('mjcf: <body> nested 65 deep at line 63 of part.xml: the limit is 64'));
    // 61 of them: 64 deep, accepted
    const ok = part.replace('<body name="p62">\n', '').replace('</body>', '');
    files.set('robot/part.xml', enc(ok));
    assert.equal(planned(files, 'robot/scene.xml'), 4 + 1 + 61);
    // an include of a file being read: the core's plan refuses the cycle (MuJoCo includes a file at most once in a model)
    files.set('robot/part.xml', enc(ok.replace('</mujoco>', '<include file="scene.xml"/></mujoco>')));
    assert.throws(() => planned(files, 'robot/scene.xml'), { message: 'mjcf: <include file="scene.xml"> at line 63 of part.xml includes '
      + 'scene.xml, which includes this file: an include cycle (MuJoCo includes a file at most once in a model); remove this <include>.' });
  });
  it('checks the files the plan found: an include found by its name in another folder, a <model file>', () => {
    // scene.xml includes deep.xml, which is in parts/ only: MuJoCo reads it there (the plan's alias); the
    // included <mujoco> at depth 1, its worldbody 2, body k k + 2, its joint k + 3: joint 62 (line 64) the first at 65
    const files = new Map([['robot/scene.xml', enc('<mujoco><include file="deep.xml"/></mujoco>')], ['robot/parts/deep.xml', enc(chain(300))]]);
    assert.throws(() => planned(files, 'robot/scene.xml'),
      (e) => e.message.startsWith('mjcf: <joint> nested 65 deep at line 64 of parts/deep.xml: the limit is 64'));
    // a model MuJoCo parses for an <attach>: checked from depth 0, as its own file
    const model = new Map([['m/scene.xml', enc('<mujoco><asset><model name="arm" file="deep.xml"/></asset></mujoco>')], ['m/deep.xml', enc(chain(300))]]);
    assert.throws(() => planned(model, 'm/scene.xml'), (e) => e.message.startsWith(DEEP));
  });
  it('checks a load\'s texts once: readRobot with the core, then loadRobotFiles and createRobotPair on its files', async () => {
    const mj = await loadMujoco();
    const files = new Map([['robot/scene.xml', enc('<mujoco><include file="arm.xml"/></mujoco>')], ['robot/arm.xml', enc(chain(3))]]);
    // the texts the core's plans are fed (fric_mjcf_plan_feed checks each)
    const real = core.mujoco.mjcfPlan;
    let calls = [];
    core.mujoco.mjcfPlan = function (main) {
      const plan = real.call(this, main), feed = plan.feed;
      plan.feed = function (p, bytes) { if (typeof bytes !== 'number') calls.push(p.slice('robot/'.length)); return feed.call(this, p, bytes); };
      return plan;
    };
    try {
      const plan = await readRobot(mapDrop(files), 'robot/scene.xml', { core });
      assert.deepEqual(calls, ['scene.xml', 'arm.xml'], 'readRobot checks them');
      loadRobotFiles(mj, core, plan.files, plan.main);
      createRobotPair(mj, core, { files: plan.files, main: plan.main, mapping: 'j1=sts3215/m1' }).free();
      assert.deepEqual(calls, ['scene.xml', 'arm.xml'], 'and nothing checks them again');
      // a Map given to them directly (tools/robot.mjs, the tests): checked at its first use, once
      calls = [];
      const again = new Map(files);
      loadRobotFiles(mj, core, again, 'robot/scene.xml');
      createRobotPair(mj, core, { files: again, main: 'robot/scene.xml', mapping: 'j1=sts3215/m1' }).free();
      assert.deepEqual(calls, ['scene.xml', 'arm.xml']);
    } finally {
      core.mujoco.mjcfPlan = real;
    }
  });
  it('accepts the SO-101 (scene.xml with its include): 13 + 105 elements', (t) => {
    if (!fs.existsSync(path.join(SO101, 'scene.xml'))) { t.skip(`missing shared data: ${SO101}`); return; }
    assert.equal(planned(readFolder(SO101, null, core), 'scene.xml'), 13 + 105);
  });
});

describe('a MuJoCo instance that failed (mjcfCheck.js mujocoDied)', () => {
  it('tells an abort, a trap and a broken VFS from a refusal of the file', () => {
    assert.ok(mujocoDied(new WebAssembly.RuntimeError('memory access out of bounds')));
    assert.ok(mujocoDied(new Error('Aborted(native code called abort())')));
    assert.ok(mujocoDied(new Error('The MJCF does not load: x', { cause: new Error('Could not add buffer to VFS: 2') })));
    assert.ok(!mujocoDied(new Error("The MJCF does not load: XML Error: unrecognized attribute: 'kv'")));
    assert.ok(!mujocoDied(null));
  });
});

// How long each door takes is reported (a test's diagnostic), not failed on:
// the refusal is the core's depth check before MuJoCo parses (the exit status
// and the sentence show it); the processes' 120 s timeout only bounds a door
// that would hang (before: each under 10 s, which a loaded machine can cross)
describe('the doors refuse a 300-deep chain with the same sentence (their times reported)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fe-deep-'));
  fs.writeFileSync(path.join(dir, 'deep.xml'), chain(300));
  fs.writeFileSync(path.join(dir, 'scene.xml'), '<mujoco>\n<include file="deep.xml"/>\n</mujoco>\n');
  const sentence = (stderr) => stderr.trim().split('\n').pop().replace(/^(robot|friction): /, '');
  const runner = (xml) => spawnSync(process.execPath, [path.join(ROOT, 'tools/robot.mjs'), path.join(dir, xml), '--servos', '*=sts3215/m1'],
    { encoding: 'utf8', timeout: 120_000 });
  it('tools/robot.mjs (headless) and friction mujoco (native; --adopt and --joint), the chain and a scene including it', (t) => {
    for (const xml of ['deep.xml', 'scene.xml']) {
      const t0 = Date.now();
      const h = runner(xml);
      const ms = Date.now() - t0;
      assert.equal(h.status, 2, `headless ${xml}: exit ${h.status} (${h.signal ?? ''}) ${h.stderr}`);
      t.diagnostic(`headless ${xml}: refused in ${ms} ms`);
      assert.ok(sentence(h.stderr).startsWith(DEEP), `headless: ${h.stderr}`);
      if (!fs.existsSync(CLI)) continue;
      for (const args of [['--adopt', '*=sts3215/m1'], ['--joint', 'j1', 'law=coulomb-viscous', 'Fc=0.1']]) {
        const n0 = Date.now();
        const n = spawnSync(CLI, ['mujoco', path.join(dir, xml), ...args], { encoding: 'utf8', timeout: 120_000 });
        t.diagnostic(`native ${xml} ${args[0]}: refused in ${Date.now() - n0} ms`);
        if (/built without MuJoCo/.test(n.stderr)) { t.diagnostic('friction was built without MuJoCo: the native door not run'); break; }
        assert.equal(n.status, 2, `native ${xml} ${args[0]}: exit ${n.status}: ${n.stderr}`);
        assert.equal(n.stdout, '', 'nothing on stdout');
        assert.equal(sentence(n.stderr), sentence(h.stderr), `native ${xml} ${args[0]} and headless differ`);
      }
    }
    if (!fs.existsSync(CLI)) {
      assert.ok(process.env.CI !== 'true', `CI=true: ${CLI} is not built (make cli)`);
      t.skip(`${CLI} is not built (make cli): the native door not run`);
    }
  });
});
