// ident.test.mjs: a robot's servos identified beyond the native CLI, run by
// `node --test`: core.ident at the wasm wall (wasm/bindings_ident.c,
// wasm/api/ident.js), the tracks and the whole-arm replay in MuJoCo 3.14
// (web/src/ident/tracks.js) and the Node tool (tools/ident.mjs).
//
// The references are independent of the JavaScript door:
//   - consistency: the native CLI (`friction ident`, MuJoCo 2.2.2 in C, its
//     own tracks, fit and replay: cli/ident.c, core/mujoco/mujoco_ident.c) on
//     T0's recipe with the stripped SO-101 (../shared/data/robot_ident): the
//     tracks it writes (--tracks) against the Node door's within 1e-9, its
//     table's fitted values and ranges line for line, its params files
//     key for key, bit for bit (the train MAE, the loss of a simulation run
//     on tracks that differ by up to ~3e-11 between the two MuJoCos, within
//     1e-9 relative: 2.4e-11 seen);
//   - the tracks' definitions checked against MuJoCo 3.14 itself at one
//     frame (M_jj from mj_fullM less the armature; the load from qfrc_bias
//     and M·q̈; the stiffness by a finite difference at twice the step);
//   - the frame steps by hand (round((t_k − t_0)/h)); the model edits by the
//     native set's definition (kp at the firmware gain: kp·16/firmware_kp).
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { loadCore, loadMujocoNpm, ROOT, CLI } from './load.mjs';
import { prepare, fitJoint, fitJointBam, leaveFlags, cG } from '../../web/src/ident/identify.js';
import { identJoints } from '../../web/src/ident/tracks.js';

const IDENT = path.resolve(ROOT, '../shared/data/robot_ident');
const MJCF = path.join(IDENT, 'so101_stripped.xml');
const RECIPE = path.join(IDENT, 'T0/recipe.csv');
const TELEOP = path.join(IDENT, 'T0/teleop.csv');
const noData = fs.existsSync(RECIPE) ? false : `${RECIPE} not found (../shared/data/robot_ident)`;
if (noData && process.env.CI === 'true') throw new Error(noData);
const { loadMujoco, noMujoco } = await loadMujocoNpm();
if (noMujoco && process.env.CI === 'true') throw new Error(noMujoco);
const skip = noData || noMujoco;
const BUDGET = 60;

const core = await loadCore();
let mj, m;
const csvRec = (file) => ({ ...core.io.recordingCsv(fs.readFileSync(file, 'utf8'), file), period: 0, source: file });
/** The native tool run on T0's recipe (teleop held out): { status, stdout, stderr, out (params dir), tracks (CSV path) }, null when not built. */
let native = null;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ident-test-'));

describe('core.ident at the wasm wall', { skip }, () => {
  before(async () => {
    mj = await loadMujoco();
    m = mj.MjModel.from_xml_string(fs.readFileSync(MJCF, 'utf8'));
  });

  it('frame steps: the first step at or after t_k, the observation between it and the one before, by hand', () => {
    const r = core.ident.recording({ names: ['a'], t: [0.5, 0.5334, 0.5666, 0.6], goal: [0, 0, 0, 0], pos: [0, 0, 0, 0] }, 'hand');
    try {
      // (t_k − t_0)/h = 0, 33.4, 66.6, 100: steps 0, 34, 67, 100; weights 1, 0.4, 0.6, 1
      const { step, w } = r.frameSteps(0.001);
      assert.deepEqual(Array.from(step), [0, 34, 67, 100]);
      [1, 0.4, 0.6, 1].forEach((x, k) => assert.ok(Math.abs(w[k] - x) < 1e-9, `w[${k}] = ${w[k]}, by hand ${x}`));
      assert.equal(r.stale, 0);
    } finally {
      r.free();
    }
  });

  it('a stale goal in the middle of motion is repaired to its neighbours\' midpoint, a hold is kept', () => {
    // goals 0, 1, 1 (stale: moved into frame 1, moves again at 3), 3, then a hold 3, 3, 3
    const goal = [0, 1, 1, 3, 3, 3, 3];
    const r = core.ident.recording({ names: ['a'], t: goal.map((_, k) => k / 30), goal, pos: goal.map(() => 0) }, 'hand');
    try {
      assert.equal(r.stale, 1);
      assert.deepEqual(Array.from(r.goal), [0, 1, 2, 3, 3, 3, 3]);
    } finally {
      r.free();
    }
  });

  it('the model edits of a native set: kp at the recording\'s firmware gain, bias −kp −kv, the dof\'s own values', () => {
    const p = { ...core.native.defaults(), kp: 2, firmware_kp: 32, kv: 0.1, frictionloss: 0.05, damping: 0.2, armature: 0.01 };
    const e = core.native.edit(p, 16);
    assert.equal(e.kp, 2 * 16 / 32);
    assert.equal(e.kv, 0.1);
    assert.deepEqual([e.frictionloss, e.damping, e.armature, e.limited], [0.05, 0.2, 0.01, false]);
    assert.throws(() => core.native.edit({ ...p, damping: -1 }, 16), /damping/);
  });

  it('the tracks at one frame are MuJoCo 3.14\'s M, qfrc_bias and M·q̈ as fric_ident.h defines them', () => {
    const rec = csvRec(RECIPE);
    const prep = prepare(mj, core, m, { train: [rec], firmwareKp: 16 });
    try {
      const R = prep.train[0], J = R.joints, k = 400, tr = R.tracks(), { dq, ddq } = R.motion();
      const map = identJoints(mj, m, R.names);
      const d = new mj.MjData(m), full = new mj.DoubleBuffer(m.nv * m.nv);
      const at = (nudgeJ, h) => {
        d.qpos.set(m.qpos0);
        d.qvel.fill(0);
        map.forEach((x, j) => { d.qpos[x.qpos] = R.pos[k * J + j] + (j === nudgeJ ? h : 0); d.qvel[x.dof] = dq[k * J + j]; });
        mj.mj_forward(m, d);
      };
      try {
        at(-1, 0);
        mj.mj_fullM(m, d, full);
        const M = full.GetView().slice(), bias = Array.from(map, (x) => d.qfrc_bias[x.dof]);
        for (let j = 0; j < J; j++) {
          const dj = map[j].dof;
          assert.ok(Math.abs(tr.inertia[k * J + j] - (M[dj * m.nv + dj] - m.dof_armature[dj])) < 1e-12, `inertia ${R.names[j]}`);
          let coupling = 0;
          for (let i = 0; i < J; i++) if (i !== j) coupling += M[dj * m.nv + map[i].dof] * ddq[k * J + i];
          assert.ok(Math.abs(tr.load[k * J + j] + bias[j] + coupling) < 1e-12, `load ${R.names[j]}`);
          // the slope of −qfrc_bias_j in q_j by a central difference at 1e-5 (not the core's forward step)
          at(j, 1e-5);
          const up = d.qfrc_bias[map[j].dof];
          at(j, -1e-5);
          const slope = -(up - d.qfrc_bias[map[j].dof]) / 2e-5;
          assert.ok(Math.abs(tr.stiffness[k * J + j] - slope) < 1e-3 * Math.max(1, Math.abs(slope)), `stiffness ${R.names[j]}: ${tr.stiffness[k * J + j]} vs ${slope}`);
        }
      } finally {
        full.delete();
        d.delete();
      }
    } finally {
      prep.free();
    }
  });

  it('cG writes C\'s %.5g (the values printf(1) gives: the native table\'s numbers)', () => {
    const cases = [[27.742049626874355, '27.742'], [0.0029087629929288733, '0.0029088'], [1e-5, '1e-05'], [0.1, '0.1'], [123456, '1.2346e+05'],
      [99999.5, '1e+05'], [0.00012345678, '0.00012346'], [0.000012345, '1.2345e-05'], [2, '2'], [-3.14159265, '-3.1416'], [0, '0']];
    for (const [x, want] of cases) assert.equal(cG(x, 5), want, String(x));
  });

  it('refuses in one sentence: a joint to leave out that the recording has not, a recording of other joints, a joint the MJCF has not', () => {
    assert.throws(() => leaveFlags(['a', 'b'], 'c'), /joint c to leave out is not a joint of the recording \(a, b\)/);
    const rec = csvRec(RECIPE);
    const other = { ...rec, names: rec.names.map((n, j) => (j === 5 ? 'claw' : n)), source: 'other.csv' };
    assert.throws(() => prepare(mj, core, m, { train: [rec], held: [other], firmwareKp: 16 }), /other\.csv has other joints than/);
    assert.throws(() => prepare(mj, core, m, { train: [other], firmwareKp: 16, mjcfName: 'so101.xml' }),
      /joint claw is not a hinge joint of so101\.xml; its hinge joints are shoulder_pan, .*gripper/);
  });

  it('a stepped fit stopped early gives the best so far, marked cancelled; the heap is given back', () => {
    const before_ = core.heapUsed();
    const prep = prepare(mj, core, m, { train: [csvRec(RECIPE)], firmwareKp: 16 });
    let gens = 0;
    const r = fitJoint(prep, 4, { budget: 200, onStep: () => gens++, shouldStop: () => gens >= 2 });
    prep.free();
    assert.equal(r.cancelled, true);
    assert.ok(r.evals > 0 && r.evals < 200, `evals ${r.evals}`);
    assert.ok(Number.isFinite(r.trainMae));
    assert.ok(core.heapUsed() - before_ < 64 * 1024, 'the recordings, tracks, set and fitter are freed');
  });
  it('a whole budget under one CMA-ES generation a search is refused by its size and the least that runs; at it, the fit runs', () => {
    // λ = 4 + ⌊3·ln 4⌋ = 8 for the four free parameters (Hansen 2016, Table 1), three searches: 24
    const prep = prepare(mj, core, m, { train: [csvRec(RECIPE)], firmwareKp: 16 });
    try {
      assert.throws(() => fitJoint(prep, 4, { budget: 23 }), /budget 23 gives each of the 3 searches 7 evaluations, .*at least 24\./);
      assert.equal(prep.set.budgetEach(24), 8);
      const r = fitJoint(prep, 4, { budget: 24 });
      assert.ok(r.evals >= 24 && Number.isFinite(r.trainMae), `evals ${r.evals}`);
    } finally {
      prep.free();
    }
  });
});

describe('consistency with the native CLI (MuJoCo 2.2.2) on T0\'s recipe', { skip }, () => {
  before(() => {
    if (!fs.existsSync(CLI)) return;
    const n = spawnSync(CLI, ['ident', '--mjcf', MJCF, RECIPE, '--hold-out', TELEOP, '--budget', String(BUDGET),
      '--out', path.join(tmp, 'native'), '--tracks', path.join(tmp, 'tracks.csv')], { encoding: 'utf8' });
    if (/built without MuJoCo/.test(n.stderr)) return;
    native = n;
  });

  it('consistency: the Node door\'s tracks (MuJoCo 3.14) equal the native CLI\'s (MuJoCo 2.2.2) within 1e-9', async (t) => {
    if (!native) { t.skip('the native friction with MuJoCo is not built (make cli)'); return; }
    assert.equal(native.status, 0, native.stderr);
    const [head, ...lines] = fs.readFileSync(path.join(tmp, 'tracks.csv'), 'utf8').trim().split('\n');
    const cols = head.split(',');
    const prep = prepare(mj, core, m, { train: [csvRec(RECIPE)], firmwareKp: 16 });
    try {
      const R = prep.train[0], J = R.joints, tr = R.tracks();
      assert.equal(lines.length, R.frames);
      let worst = 0, where = '';
      lines.forEach((l, k) => {
        const v = l.split(',').map(Number);
        for (const [part, arr] of [['inertia', tr.inertia], ['load', tr.load], ['stiffness', tr.stiffness]]) {
          for (let j = 0; j < J; j++) {
            const e = Math.abs(v[cols.indexOf(`${part}_${R.names[j]}`)] - arr[k * J + j]);
            if (e > worst) { worst = e; where = `${part}_${R.names[j]} frame ${k}`; }
          }
        }
      });
      t.diagnostic(`largest difference of the tracks: ${worst.toExponential(2)} (${where})`);
      assert.ok(worst < 1e-9, `the tracks differ by ${worst} at ${where}`);
    } finally {
      prep.free();
    }
  });

  it('consistency: the Node tool prints the native CLI\'s fitted values, ranges and flags, and writes its params files (bit for bit but the train MAE\'s last digits)', async (t) => {
    if (!native) { t.skip('the native friction with MuJoCo is not built (make cli)'); return; }
    const node = spawnSync(process.execPath, [path.join(ROOT, 'tools/ident.mjs'), '--mjcf', MJCF, RECIPE, '--hold-out', TELEOP,
      '--budget', String(BUDGET), '--out', path.join(tmp, 'node')], { encoding: 'utf8' });
    assert.equal(node.status, 0, node.stderr);
    // up to the whole-arm table: the recordings, the fitted values with their ranges, the flags
    // (MuJoCo 2.2.2 writes its own warnings to stdout: "WARNING: Nan, Inf or huge value in QACC"
    // of the file's own servos, kp 998 at 1 ms; left out with the blank lines after them)
    const table = (s) => s.split('\n').filter((l) => l && !l.startsWith('WARNING:'));
    const head = (s) => table(s).slice(0, table(s).findIndex((l) => l.startsWith('MAE of the whole arm')));
    assert.deepEqual(head(node.stdout), head(native.stdout));
    // the whole-arm table: the fitted column and the counts equal to the printed digits (a run
    // of the fitted servos is stable in both MuJoCos); the MJCF's own column is the file's
    // kp 998 at 1 ms, which MuJoCo 2.2.2 warns unstable: not compared
    const ADOPT = 'adopt the fitted servos: ';
    const rows = (s) => table(s).slice(table(s).findIndex((l) => l.startsWith('MAE of the whole arm')) + 2)
      .filter((l) => !l.startsWith(ADOPT)).map((l) => l.trim().split(/\s+/));
    // the command that adopts the files back: the same but for the folder each wrote to
    const adopt = (s, dir) => table(s).find((l) => l.startsWith(ADOPT))?.split(dir).join('DIR');
    assert.equal(adopt(node.stdout, path.join(tmp, 'node')), adopt(native.stdout, path.join(tmp, 'native')));
    assert.match(adopt(native.stdout, path.join(tmp, 'native')), /--adopt 'shoulder_pan=@shoulder_pan, .*' --params shoulder_pan=DIR\/shoulder_pan\.json/);
    const a = rows(node.stdout), b = rows(native.stdout);
    assert.equal(a.length, b.length);
    a.forEach((r, i) => {
      // joint, set, fitted [mrad], counts, MJCF's [mrad], recording
      assert.deepEqual([r[0], r[1], r[5]], [b[i][0], b[i][1], b[i][5]]);
      assert.ok(Math.abs(Number(r[2]) - Number(b[i][2])) <= 2e-4, `fitted MAE ${r.join(' ')} vs ${b[i].join(' ')}`);
    });
    for (const f of fs.readdirSync(path.join(tmp, 'native'))) {
      const x = JSON.parse(fs.readFileSync(path.join(tmp, 'node', f), 'utf8')), y = JSON.parse(fs.readFileSync(path.join(tmp, 'native', f), 'utf8'));
      assert.deepEqual(Object.keys(x), Object.keys(y), f);
      for (const k of Object.keys(y)) {
        if (k === 'fit_train_mae') assert.ok(Math.abs(x[k] - y[k]) <= 1e-9 * y[k], `${f} ${k}: ${x[k]} vs ${y[k]}`);
        else assert.equal(x[k], y[k], `${f} ${k}`);
      }
    }
  });
});

describe('consistency with the native CLI on T0: --model m1 (bam\'s servo)', { skip }, () => {
  const args = ['--mjcf', MJCF, RECIPE, '--hold-out', TELEOP, '--leave', 'shoulder_pan,shoulder_lift,elbow_flex,wrist_roll,gripper',
    '--budget', '30', '--model', 'm1'];
  it('consistency: the Node tool prints the native CLI\'s table and writes its M1 params files (bit for bit but the MAEs\' last digits)', async (t) => {
    if (!fs.existsSync(CLI)) { t.skip('the native friction is not built (make cli)'); return; }
    const n = spawnSync(CLI, ['ident', ...args, '--out', path.join(tmp, 'bam-native')], { encoding: 'utf8' });
    if (/built without MuJoCo/.test(n.stderr)) { t.skip('the native friction is built without MuJoCo'); return; }
    assert.equal(n.status, 0, n.stderr);
    const node = spawnSync(process.execPath, [path.join(ROOT, 'tools/ident.mjs'), ...args, '--out', path.join(tmp, 'bam-node')], { encoding: 'utf8' });
    assert.equal(node.status, 0, node.stderr);
    // the table: the same lines but the MAEs' last printed digits (mrad to 4 decimals, counts to 2)
    const lines = (s) => s.split('\n').filter((l) => l && !l.startsWith('WARNING:'));
    const a = lines(node.stdout), b = lines(n.stdout);
    assert.equal(a.length, b.length, `${node.stdout}\n---\n${n.stdout}`);
    const mae = /^ {4}(\S+)\s+(train|held-out)\s+(\S+)\s+(\S+)$/;
    a.forEach((l, i) => {
      const x = l.match(mae), y = b[i].match(mae);
      if (!x || !y) { assert.equal(l, b[i]); return; }
      assert.deepEqual([x[1], x[2]], [y[1], y[2]]);
      assert.ok(Math.abs(Number(x[3]) - Number(y[3])) <= 2e-4, `${l} vs ${b[i]}`);
    });
    const f = 'wrist_flex.json';
    const x = JSON.parse(fs.readFileSync(path.join(tmp, 'bam-node', f), 'utf8')), y = JSON.parse(fs.readFileSync(path.join(tmp, 'bam-native', f), 'utf8'));
    assert.deepEqual(Object.keys(x), Object.keys(y));
    assert.equal(y.model, 'm1');
    assert.equal(y.kp, 16);
    for (const k of Object.keys(y)) {
      if (k === 'fit_train_mae' || k === 'fit_holdout_mae') assert.ok(Math.abs(x[k] - y[k]) <= 1e-9 * y[k], `${f} ${k}: ${x[k]} vs ${y[k]}`);
      else assert.equal(x[k], y[k], `${f} ${k}`);
    }
  });
});

describe('bam\'s servo simulated per joint: the positions (the page\'s chart of M1/M4)', { skip }, () => {
  it('IdentSet.bamSimulate\'s positions start at the measured one and their MAE against the recording, by hand, is the core\'s (training and held-out set)', async () => {
    const mj = await loadMujoco();
    const mm = mj.MjModel.from_xml_string(fs.readFileSync(MJCF, 'utf8'));
    const prep = prepare(mj, core, mm, { train: [csvRec(RECIPE)], held: [csvRec(TELEOP)], firmwareKp: 16, heldSet: true });
    try {
      const j = prep.names.indexOf('shoulder_lift');
      const r = fitJointBam(prep, j, { model: 'm1', budget: 30 });
      for (const [set, rec] of [[prep.set, prep.train[0]], [prep.heldSet, prep.held[0]]]) {
        const { mae, simQ } = set.bamSimulate(0, j, r.p, { model: 'm1' });
        assert.equal(simQ.length, rec.frames);
        assert.equal(simQ[0], rec.pos[j], 'the simulation starts at the measured position');
        let sum = 0;
        for (let k = 0; k < rec.frames; k++) sum += Math.abs(simQ[k] - rec.pos[k * rec.joints + j]);
        assert.ok(Math.abs(sum / rec.frames - mae) <= 1e-12 * mae, `${rec.source}: by hand ${sum / rec.frames}, the core ${mae}`);
      }
    } finally {
      prep.free();
      mm.delete();
    }
  });
});

describe('a link of a wrong mass: said by the Node tool as by the native CLI', { skip }, () => {
  it('T0\'s recipe against the MJCF with lower_arm\'s mass ×1.3: the residual follows the pose on shoulder_lift and elbow_flex, lower_arm named; the true MJCF: not said', async (t) => {
    // the copy's one edit: lower_arm's inertial mass times 1.3 (the MJCF's own text otherwise)
    const xml = fs.readFileSync(MJCF, 'utf8');
    const at = xml.indexOf('<body name="lower_arm"'), m0 = xml.indexOf('mass="', at) + 6, m1 = xml.indexOf('"', m0);
    const heavy = path.join(tmp, 'heavy.xml');
    fs.writeFileSync(heavy, xml.slice(0, m0) + String(Number(xml.slice(m0, m1)) * 1.3) + xml.slice(m1));
    const args = (mjcf) => ['--mjcf', mjcf, RECIPE, '--leave', 'shoulder_pan,wrist_flex,wrist_roll,gripper', '--budget', '1500'];
    const said = (s) => s.split('\n').filter((l) => l.startsWith('warning: the residual at the holds follows the pose'));
    const node = spawnSync(process.execPath, [path.join(ROOT, 'tools/ident.mjs'), ...args(heavy)], { encoding: 'utf8' });
    assert.equal(node.status, 0, node.stderr);
    assert.equal(said(node.stdout).length, 1, node.stdout);
    assert.match(said(node.stdout)[0], /on shoulder_lift, elbow_flex: a link from lower_arm outwards/);
    const flagged = node.stdout.split('\n').filter((l) => l.includes('the residual at the holds follows the joint'));
    assert.equal(flagged.length, 2);
    const truth = spawnSync(process.execPath, [path.join(ROOT, 'tools/ident.mjs'), ...args(MJCF)], { encoding: 'utf8' });
    assert.equal(truth.status, 0, truth.stderr);
    assert.deepEqual(said(truth.stdout), []);
    if (!fs.existsSync(CLI)) { t.diagnostic('the native friction is not built: the CLI\'s line not compared'); return; }
    const n = spawnSync(CLI, ['ident', ...args(heavy)], { encoding: 'utf8' });
    if (/built without MuJoCo/.test(n.stderr)) return;
    assert.deepEqual(said(node.stdout), said(n.stdout));
  });
});

describe('a geared position actuator in the whole-arm replay', { skip }, () => {
  it('the SO-101 with every actuator at gear 2 (ctrlrange doubled) replays T0\'s teleoperation with T0\'s truth as at gear 1 (the joint feels g²·kp: MuJoCo\'s actuation), within 1e-9 rad', async () => {
    const { replayArm } = await import('../../web/src/ident/tracks.js');
    const mj = await loadMujoco();
    const xml = fs.readFileSync(MJCF, 'utf8');
    // gear 2 on every <general>, its ctrlrange (the actuator's length 2·q) doubled
    const geared = xml.replace(/<general ([^>]*)ctrlrange="([^"]*)"/g, (_, a, r) => `<general ${a}gear="2" ctrlrange="${r.split(' ').map((x) => 2 * Number(x)).join(' ')}"`);
    assert.equal((geared.match(/gear="2"/g) ?? []).length, 6);
    const m1 = mj.MjModel.from_xml_string(xml), m2 = mj.MjModel.from_xml_string(geared);
    const truth = JSON.parse(fs.readFileSync(path.join(IDENT, 'T0/truth.json'), 'utf8')).joints;
    const rec = csvRec(TELEOP);
    const x = core.ident.recording(rec, rec.source);
    try {
      const params = x.names.map((n) => {
        const tj = truth[n];
        return { ...core.native.defaults(), kp: tj.kp, kv: tj.kv, frictionloss: tj.frictionloss, damping: tj.damping, armature: tj.armature, forcerange_lo: -tj.forcerange, forcerange_hi: tj.forcerange, firmware_kp: 16 };
      });
      const a = replayArm(mj, core, m1, x, { params, firmwareKp: 16 }), b = replayArm(mj, core, m2, x, { params, firmwareKp: 16 });
      let worst = 0;
      a.forEach((v, i) => { worst = Math.max(worst, Math.abs(v - b[i])); });
      assert.ok(worst <= 1e-9, `gear 2 against gear 1: ${worst} rad`);
    } finally {
      x.free();
      m1.delete(), m2.delete();
    }
  });
});
