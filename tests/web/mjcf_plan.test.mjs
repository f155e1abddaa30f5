// mjcf_plan.test.mjs: the core's MJCF file plan through the wasm wall
// (core.mujoco.mjcfPlan, wasm/api/mujoco.js MjcfPlan; fric_mjcf_plan,
// core/adapter/adapter_mjcf_plan.c). Its found files are checked against
// lists written by hand from MuJoCo's rules (here: the roles, the places
// asked, an include's tag; tests/web/mjcf_assets.test.mjs: the assets of
// its hand-written model and of the SO-101, beside the page's and `friction
// mujoco`'s lists), and against the page's reading of it (robotFiles.js
// readRobotSync: a drop of the folder as its reader) for the SO-101 and
// bam's 2R arm; the <default> tree through an include; an
// include cycle is refused with the core's sentence; a plan is freed.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadCore, ROOT } from './load.mjs';
import { readRobotSync } from '../../web/src/mujoco/robotFiles.js';
import { folderDrop } from '../../tools/robot.mjs';
import { writeTree } from './tree.mjs';
import { coreSentence } from '../../web/src/i18n/index.js';
import { TABLES } from '../../web/src/i18n/tables.js';

const NB = '\u00a0';

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

const folder = (name, files) => writeTree(path.join(tmp, name), files);

describe('the core\'s MJCF file plan through the wasm wall (core.mujoco.mjcfPlan)', () => {
  it('each file with its role, what names it, and an include\'s tag in its includer\'s text', () => {
    // by hand (MuJoCo's rules): parts/arm.xml beside the main file; its mesh not at the main file's folder + meshdir
    // geo/, so at geo/ + the include's folder parts/: geo/parts/arm.stl
    const dir = folder('roles', {
      'r.xml': '<mujoco>\n<compiler meshdir="geo"/>\n<include file="parts/arm.xml"/>\n</mujoco>\n',
      'parts/arm.xml': '<mujoco>\n<asset>\n<mesh file="arm.stl"/>\n</asset>\n</mujoco>\n',
      'geo/parts/arm.stl': 'x', 'parts/arm.stl': 'x',
    });
    const { files, asked } = planOf(dir, 'r.xml');
    assert.deepEqual(asked, ['r.xml+', 'parts/arm.xml+', 'geo/arm.stl-', 'geo/parts/arm.stl+']);
    assert.deepEqual(files.map((f) => [f.role, f.path, f.found, f.from, f.line]),
      [['model', 'r.xml', 1, -1, 0], ['include', 'parts/arm.xml', 1, 0, 3], ['mesh', 'geo/parts/arm.stl', 1, 1, 3]]);
    const r = fs.readFileSync(path.join(dir, 'r.xml'), 'latin1'), tag = '<include file="parts/arm.xml"/>';
    assert.deepEqual([files[1].at, files[1].after, files[1].depth0], [r.indexOf(tag), r.indexOf(tag) + tag.length, 0]);
    assert.deepEqual([files[2].tag, files[2].attr, files[2].value, files[2].bytes], ['mesh', 'file', 'arm.stl', 1]);
  });

  for (const [name, dir] of [['the SO-101', SO101], ['bam\'s 2R arm', BAM2R]]) {
    it(`${name}: the files the page reads`, { skip: fs.existsSync(dir) ? false : `missing shared data: ${dir}` }, () => {
      const page = readRobotSync(folderDrop(dir), 'scene.xml', { core });
      assert.deepEqual(found(planOf(dir, 'scene.xml').files), [...page.files.keys()].sort());
    });
  }

  it('the <default> classes through an include: the included file\'s top-level classes nested in the class open at its <include>', () => {
    // by hand (MuJoCo's XML reference, "default" and "include"): r.xml's <default> (main) holds <default class="arm">,
    // which holds the include; c.xml's top-level <default class="hand"> is arm's child, its <default class="tip"> hand's
    const dir = folder('classes', {
      'r.xml': '<mujoco>\n<default>\n<default class="arm">\n<include file="c.xml"/>\n</default>\n</default>\n</mujoco>\n',
      'c.xml': '<mujoco>\n<default class="hand">\n<default class="tip"/>\n</default>\n</mujoco>\n',
    });
    const plan = core.mujoco.mjcfPlan('r.xml');
    try {
      for (let w = plan.next(); !w.done; w = plan.next()) plan.feed(w.path, new Uint8Array(fs.readFileSync(path.join(dir, w.path))));
      assert.deepEqual(plan.classes().map((c) => [c.name, c.parent, c.file, c.line]),
        [['main', -1, 0, 2], ['arm', 0, 0, 3], ['hand', 1, 1, 2], ['tip', 2, 1, 3]]);
      // the elements of each text (r.xml: mujoco, default, default, include; c.xml: mujoco, default, default)
      assert.deepEqual(plan.files().map((f) => f.elements), [4, 3]);
    } finally {
      plan.free();
    }
    // the page's reading of it: class → its parent, the root 'main'
    assert.deepEqual([...readRobotSync(folderDrop(dir), 'r.xml', { core }).defaults], [['arm', 'main'], ['hand', 'arm'], ['tip', 'hand']]);
  });

  it('a class\'s joint default that is no finite number: refused where it is written (the class, the line, the include), at the page\'s reading too, and in French', () => {
    const dir = folder('nanclass', {
      'robot.xml': '<mujoco>\n<include file="defaults.xml"/>\n<worldbody><body childclass="arm"><joint name="j1" type="hinge"/><geom size="0.1"/></body></worldbody>\n</mujoco>',
      'defaults.xml': '<mujoco>\n<default>\n<default class="arm">\n<joint armature="-inf"/>\n</default>\n</default>\n</mujoco>' });
    const want = 'mjcf: class \'arm\' at line 4 of defaults.xml sets joint armature="-inf", not a finite number, for every joint of the class: give the class a finite armature.';
    assert.throws(() => planOf(dir, 'robot.xml'), { message: want });
    let e = null;
    try { readRobotSync(folderDrop(dir), 'robot.xml', { core }); } catch (x) { e = x; }
    assert.equal(e?.message, want);
    assert.equal(e.id, 'mjcf.class_joint_not_finite');
    assert.equal(coreSentence(TABLES.fr, e, ','), `mjcf${NB}: la classe 'arm' à la ligne 4 de defaults.xml fixe armature="-inf" pour toutes ses articulations, ce qui n'est pas un nombre fini${NB}: donnez à la classe un armature fini.`);
  });
  it('a class\'s actuator default that is no finite number: refused at the page\'s reading, and in French', () => {
    const dir = folder('nanact', {
      'robot.xml': '<mujoco>\n<default>\n<default class="servo">\n<general gainprm="16 0 nan"/>\n</default>\n</default>\n'
        + '<worldbody><body><joint name="j1" type="hinge"/><geom size="0.1"/></body></worldbody>\n'
        + '<actuator><general joint="j1" class="servo"/></actuator>\n</mujoco>' });
    let e = null;
    try { readRobotSync(folderDrop(dir), 'robot.xml', { core }); } catch (x) { e = x; }
    assert.equal(e?.message, 'mjcf: class \'servo\' at line 4 of robot.xml sets <general> gainprm="16 0 nan", not finite numbers, for every actuator of the class: give the class finite numbers for gainprm.');
    assert.equal(e.id, 'mjcf.class_actuator_not_finite');
    assert.equal(coreSentence(TABLES.fr, e, ','), `mjcf${NB}: la classe 'servo' à la ligne 4 de robot.xml fixe <general> gainprm="16 0 nan" pour tous ses actionneurs, ce qui n'est pas une suite de nombres finis${NB}: donnez à la classe des nombres finis pour gainprm.`);
  });
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
