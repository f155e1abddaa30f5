// ident_adopt.test.mjs: the servos the identification writes, adopted back
// by the doors that adopt a robot in MuJoCo 3.14: Your robot's pair
// (web/src/mujoco/robot.js createRobotPair, the page's) and the headless
// runner tools/robot.mjs, on the SO-101 of ../shared/data/so101.
//   - written: `node tools/ident.mjs` on robot_ident's T0 recipe (a small
//     budget: the values need not be good, only the files real) writes each
//     joint's native params file and prints the mapping that adopts them;
//   - the adopted model's fields are the files' values, read from the files
//     by JSON.parse (dof_frictionloss, dof_damping, dof_armature, dof_solref,
//     dof_solimp; the actuator a position of the file's kp and kv: gainprm
//     kp, biasprm 0 −kp −kv, no force limit), the joints' other actuators
//     and bodies untouched, the file's integrator kept (no joint for the
//     core);
//   - a consistency check, both sides real MuJoCo 3.14: the adopted robot
//     stepped beside a fresh compile of the robot's MJCF written back with
//     each fitted joint's native class (robotNative.js nativeRobotMjcf, the
//     identification section's MJCF export), the same goals set on both (the
//     start pose held 0.2 s, then a goal off it on every joint): every
//     joint's angle agrees to 1e-12 rad at every step;
//   - tools/robot.mjs run with the printed mapping and --params: exit 0, a
//     report line per joint saying MuJoCo's native servo runs it with the
//     file's values, and its (C) table the pair's;
//   - refusals in one sentence: a native file on a joint whose actuator is
//     not a position (the SO-101 with its shoulder_pan's actuator a motor).
// Skipped without the shared data, failing under CI=true.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import loadMujoco from '@mujoco/mujoco';
import { loadCore, ROOT } from './load.mjs';
import { readFolder } from '../../tools/robot.mjs';
import { createRobotPair } from '../../web/src/mujoco/robot.js';
import { nativeRobotMjcf } from '../../web/src/mujoco/robotNative.js';
import { nativeFile } from '../../web/src/nativeFile.js';

const SO101 = path.resolve(ROOT, '../shared/data/so101');
const RID = path.resolve(ROOT, '../shared/data/robot_ident');
const noData = fs.existsSync(path.join(SO101, 'scene.xml')) && fs.existsSync(path.join(RID, 'T0/recipe.csv')) ? false
  : `missing shared data: ${SO101} or ${RID}`;
if (noData && process.env.CI === 'true') throw new Error(`CI=true: ${noData}`);

let core, mj, tmp, files, fitted, mapping, printed;
before(async () => {
  if (noData) return;
  [core, mj] = await Promise.all([loadCore(), loadMujoco()]);
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ident-adopt-'));
  const r = spawnSync(process.execPath, [path.join(ROOT, 'tools/ident.mjs'), '--mjcf', path.join(RID, 'so101_stripped.xml'),
    path.join(RID, 'T0/recipe.csv'), '--budget', '30', '--out', path.join(tmp, 'fit')], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  printed = r.stdout.split('\n').find((l) => l.startsWith('adopt the fitted servos: '));
  mapping = /--adopt '([^']*)'/.exec(printed ?? '')?.[1];
  fitted = Object.fromEntries(fs.readdirSync(path.join(tmp, 'fit')).map((f) => [f.replace(/\.json$/, ''),
    JSON.parse(fs.readFileSync(path.join(tmp, 'fit', f), 'utf8'))]));
  files = readFolder(SO101, 'scene.xml', core);
});
after(() => { if (tmp) fs.rmSync(tmp, { recursive: true, force: true }); });

/** files (and the text as `name` beside them) in MuJoCo's file system; the model compiled. */
function load(name, text) {
  const dir = `/robot-${Math.random().toString(36).slice(2)}`;
  mj.FS.mkdir(dir);
  const made = [];
  for (const [p, bytes] of [...files, [name, new TextEncoder().encode(text)]]) {
    const parts = p.split('/');
    for (let i = 1; i < parts.length; i++) {
      const d = `${dir}/${parts.slice(0, i).join('/')}`;
      if (!made.includes(d)) { mj.FS.mkdir(d); made.push(d); }
    }
    mj.FS.writeFile(`${dir}/${p}`, bytes);
  }
  return mj.MjModel.mj_loadXML(`${dir}/${name}`);
}

const id = (m, type, n) => mj.mj_name2id(m, mj.mjtObj[type].value, n);

describe('the identification\'s servos adopted back (MuJoCo 3.14, the SO-101)', { skip: noData }, () => {
  it('ident prints the mapping of its files: every joint its own file', () => {
    assert.ok(printed, 'tools/ident.mjs --out printed no adopt command');
    assert.deepEqual(mapping.split(', '), Object.keys(fitted).sort((a, b) => printed.indexOf(`${a}=@`) - printed.indexOf(`${b}=@`)).map((j) => `${j}=@${j}`));
    for (const j of Object.keys(fitted)) assert.ok(printed.includes(`--params ${j}=${path.join(tmp, 'fit')}/${j}.json`), j);
  });

  it('Your robot: the adopted model has the files\' values; it steps as the MJCF written back with the native classes', () => {
    const pair = createRobotPair(mj, core, { files, main: 'scene.xml', mapping, servos: fitted });
    const ref = { m: null, d: null };
    try {
      const { m } = pair.C;
      assert.equal(pair.rows.length, Object.keys(fitted).length);
      for (const [j, p] of Object.entries(fitted)) {
        const dof = m.jnt_dofadr[id(m, 'mjOBJ_JOINT', j)], k = id(m, 'mjOBJ_ACTUATOR', j);
        assert.equal(m.dof_frictionloss[dof], p.frictionloss, `${j} frictionloss`);
        assert.equal(m.dof_damping[dof], p.damping, `${j} damping`);
        assert.equal(m.dof_armature[dof], p.armature, `${j} armature`);
        assert.deepEqual([...m.dof_solref.slice(2 * dof, 2 * dof + 2)], [p.solreffriction_timeconst, p.solreffriction_dampratio], `${j} solref`);
        assert.deepEqual([...m.dof_solimp.slice(5 * dof, 5 * dof + 5)], [p.solimpfriction_dmin, p.solimpfriction_dmax,
          p.solimpfriction_width, p.solimpfriction_midpoint, p.solimpfriction_power], `${j} solimp`);
        assert.deepEqual([...m.actuator_gainprm.slice(10 * k, 10 * k + 3)], [p.kp, 0, 0], `${j} gain`);
        assert.deepEqual([...m.actuator_biasprm.slice(10 * k, 10 * k + 3)], [0, -p.kp, -p.kv], `${j} bias`);
        // a file that leaves the force unlimited (forcerange 0 0): no clamp a force reaches; a
        // fitted limit (this short fit gives the gripper one): the file's range
        if (p.forcerange_hi > 0) assert.deepEqual([...m.actuator_forcerange.slice(2 * k, 2 * k + 2)], [p.forcerange_lo, p.forcerange_hi], `${j} forcerange`);
        else assert.ok(m.actuator_forcerange[2 * k] <= -1e300 && m.actuator_forcerange[2 * k + 1] >= 1e300, `${j} forcerange`);
        const row = pair.rows.find((r) => r.name === j);
        assert.ok(row.native, `${j}: a row of MuJoCo's own servo`);
      }
      assert.equal(m.opt.integrator, pair.A.m.opt.integrator, 'the file\'s integrator (no joint for the core)');
      assert.equal(pair.C.sim.joints.length, 0, 'the core steps no joint');
      for (const line of pair.report().filter((l) => / runs it/.test(l))) assert.match(line, /MuJoCo's native servo runs it/);

      // the reference: the robot's MJCF written back with each fitted joint's native class, compiled afresh
      const joints = new Map(), classes = new Map();
      for (const [j, p] of Object.entries(fitted)) {
        // the file's parameters as the section's export reads them (nativeFile)
        const { params } = nativeFile(JSON.stringify(p), `${j}.json`);
        joints.set(j, `${j}_fitted`);
        classes.set(`${j}_fitted`, (name) => core.native.classMjcf(params, { name, document: false }));
      }
      const out = nativeRobotMjcf(core, { files, main: 'scene.xml', joints, classes });
      ref.m = load('scene_fitted.xml', out.text);
      ref.d = new mj.MjData(ref.m);
      if (pair.keyframe >= 0) mj.mj_resetDataKeyframe(ref.m, ref.d, pair.keyframe);
      else mj.mj_resetData(ref.m, ref.d);
      const names = Object.keys(fitted), qa = names.map((j) => ref.m.jnt_qposadr[id(ref.m, 'mjOBJ_JOINT', j)]);
      const ka = names.map((j) => id(ref.m, 'mjOBJ_ACTUATOR', j)), qc = names.map((j) => m.jnt_qposadr[id(m, 'mjOBJ_JOINT', j)]);
      names.forEach((j, i) => { ref.d.ctrl[ka[i]] = ref.d.qpos[qa[i]]; });   // the start pose held, as the pair's goals
      const h = m.opt.timestep, n1 = Math.round(0.2 / h), n2 = Math.round(0.3 / h);
      assert.equal(ref.m.opt.timestep, h);
      let worst = 0, moved = 0;
      for (let s = 0; s < n1 + n2; s++) {
        if (s === n1) names.forEach((j, i) => { const g = 0.1 * (i % 2 ? -1 : 1); pair.setGoal(j, g); ref.d.ctrl[ka[i]] = g; });
        pair.C.sim.step(1);
        mj.mj_step(ref.m, ref.d);
        for (let i = 0; i < names.length; i++) {
          worst = Math.max(worst, Math.abs(pair.C.d.qpos[qc[i]] - ref.d.qpos[qa[i]]));
          moved = Math.max(moved, Math.abs(ref.d.qpos[qa[i]]));
        }
      }
      assert.ok(moved > 0.05, `the arm moved ${moved} rad`);
      assert.ok(worst <= 1e-12, `largest difference ${worst} rad between the adopted robot and the written-back MJCF`);
    } finally {
      ref.d?.delete();
      ref.m?.delete();
      pair.free();
    }
  });

  it('tools/robot.mjs adopts them with the printed mapping: each joint MuJoCo\'s native servo with the file\'s values', () => {
    const params = Object.keys(fitted).flatMap((j) => ['--params', `${j}=${path.join(tmp, 'fit', `${j}.json`)}`]);
    const r = spawnSync(process.execPath, [path.join(ROOT, 'tools/robot.mjs'), path.join(SO101, 'scene.xml'), '--servos', mapping, ...params,
      '--seconds', '0.1', '--report-csv', path.join(tmp, 'report.csv')], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    for (const [j, p] of Object.entries(fitted)) {
      const line = r.stdout.split('\n').find((l) => l.startsWith(`#   ${j}`));
      assert.ok(line, `${j}: no report line`);
      assert.match(line, /MuJoCo's native servo runs it/);
      // every digit (the core's shortest round-trip numbers): the model got the file's values
      for (const k of ['frictionloss', 'damping', 'armature', 'kp']) assert.equal(Number(line.match(new RegExp(`\\b${k} (\\S+) `))?.[1]), p[k], `${j} ${k} ${p[k]}: ${line}`);
      if (p.forcerange_hi > 0) {
        const m = line.match(/forcerange (\S+)…(\S+) N·m/);
        assert.deepEqual(m ? [Number(m[1]), Number(m[2])] : null, [p.forcerange_lo, p.forcerange_hi], `${j} forcerange: ${line}`);
      } else assert.match(line, /no force limit/);
    }
  });

  it('refuses a native file on a joint whose actuator is not a position, in one sentence naming it', () => {
    const text = new TextDecoder().decode(files.get('so101_new_calib.xml'))
      .replace(/<position([^>]*)joint="shoulder_pan"([^>]*)\/>/, '<motor$1joint="shoulder_pan"$2/>').replace(/<motor([^>]*) class="sts3215"/, '<motor$1');
    assert.match(text, /<motor [^>]*joint="shoulder_pan"/);
    const motorFiles = new Map(files);
    motorFiles.set('so101_new_calib.xml', new TextEncoder().encode(text));
    assert.throws(() => createRobotPair(mj, core, { files: motorFiles, main: 'scene.xml', mapping: 'shoulder_pan=@shoulder_pan', servos: fitted }),
      /joint 'shoulder_pan' is driven by a motor actuator, whose ctrl is not a goal angle.*<position>/);
  });
});
