// robot_kinds.test.mjs: every joint and actuator kind answered by the page's
// robot path (web/src/mujoco/robot.js over the core's robot layer, MuJoCo
// 3.14 from npm), on hand-written MJCFs, against
// hand-computed values:
//   - a childclass arm on a floating base: class:so_arm100 (a parent default
//     class) matches the joints of its child class sts3215; the free joint
//     and a slide under it are skipped with a note, never a refusal;
//   - gears −1 and 50: goal = ctrl / gear (a goal of 0.01 rad is ctrl 0.5
//     through gear 50), the hold's friction on the joint the gravity load
//     m·g·x (0.1 kg at 0.1 m: 0.0981 N·m), the armature 50² × the servo's;
//   - velocity, intvelocity, damper named as they are, their ctrl no goal;
//   - gear 50: MuJoCo's own copy (A) diverges past 2·√(I/K) (brute force
//     either side), said in one sentence beside (A) and once among the
//     comment lines of both robot CSVs (the page's, tools/robot.mjs --csv
//     and --report-csv: there the CLI's own sentence, `friction mujoco
//     --adopt` on the same file in MuJoCo 2.2.2); gear 1 silent;
//   - a tendon and a joint equality noted; a 150-joint model with one joint
//     mapped adopted.
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import loadMujoco from '@mujoco/mujoco';
import { loadCore, CLI, ROOT } from './load.mjs';
import { createRobotPair, robotTableCsv, robotReportCsv, robotCsvComments } from '../../web/src/mujoco/robot.js';
import { gearXml } from './gear_fixture.mjs';

let mj, core;
before(async () => { [mj, core] = await Promise.all([loadMujoco(), loadCore()]); });
const files = (xml) => new Map([['robot.xml', new TextEncoder().encode(xml)]]);
const RULE = 'bam\'s servos are rotary; a servo drives a hinge joint only';

const CHILDCLASS = `<mujoco>
  <option timestep="0.001" integrator="Euler" gravity="0 0 0"/>
  <default>
    <default class="so_arm100">
      <joint damping="0.5" armature="0.05"/>
      <default class="sts3215"><joint frictionloss="0.052"/><position kp="17.8" kv="0.6"/></default>
    </default>
  </default>
  <worldbody>
    <body name="base" childclass="so_arm100"><freejoint name="root"/>
      <geom type="box" size="0.05 0.05 0.02" mass="1"/>
      <body name="l1" childclass="sts3215"><joint name="shoulder" type="hinge" axis="0 1 0"/>
        <inertial pos="0 0 -0.1" mass="0.1" diaginertia="1e-5 1e-5 1e-5"/>
        <body name="l2" pos="0 0 -0.2"><joint name="elbow" type="hinge" axis="0 1 0"/>
          <inertial pos="0 0 -0.1" mass="0.1" diaginertia="1e-5 1e-5 1e-5"/></body></body>
      <body name="slider"><joint name="finger" type="slide" axis="1 0 0"/>
        <inertial pos="0 0 0" mass="0.05" diaginertia="1e-5 1e-5 1e-5"/></body>
    </body>
  </worldbody>
  <actuator>
    <position name="a_shoulder" class="sts3215" joint="shoulder"/>
    <position name="a_elbow" class="sts3215" joint="elbow"/>
  </actuator>
</mujoco>`;

describe('default classes through childclass, a floating base', () => {
  it('class:so_arm100 adopts the joints of its child class; the free and slide joints are skipped with a note', () => {
    const pair = createRobotPair(mj, core, { files: files(CHILDCLASS), mapping: 'class:so_arm100=sts3215/m1' });
    try {
      assert.deepEqual(pair.rows.map((r) => [r.name, r.cls]), [['shoulder', 'sts3215'], ['elbow', 'sts3215']]);
      // the file's frictionloss and damping, as the classes write them, removed
      assert.deepEqual(pair.rows.map((r) => [r.removed.frictionloss, r.removed.damping]), [[0.052, 0.5], [0.052, 0.5]]);
      const report = pair.report();
      assert.ok(report.includes(`root: skipped (a free joint, mapped by 'class:so_arm100'): ${RULE}`), report.join('\n'));
      assert.ok(report.includes(`finger: skipped (a slide joint, mapped by 'class:so_arm100'): ${RULE}`), report.join('\n'));
      pair.step(10);
    } finally {
      pair.free();
    }
    // the nearer class wins over its parent
    const p2 = createRobotPair(mj, core, { files: files(CHILDCLASS), mapping: 'class:so_arm100=sts3215/m1, class:sts3215=sts3215/m6' });
    try {
      assert.deepEqual(p2.rows.map((r) => r.entry.target), ['sts3215', 'sts3215']);
    } finally {
      p2.free();
    }
  });
  it('a slide or free joint named: one sentence', () => {
    assert.throws(() => createRobotPair(mj, core, { files: files(CHILDCLASS), mapping: 'finger=sts3215/m1' }),
      /joint 'finger' is a slide joint \(linear, m and N\); bam's servo models are rotary/);
    assert.throws(() => createRobotPair(mj, core, { files: files(CHILDCLASS), mapping: 'root=sts3215/m1' }), /joint 'root' is a free joint/);
  });
});

// a <default> tree split across includes: robot.xml includes defs/top.xml,
// whose class 'arm' includes leaf.xml (beside defs/top.xml, not beside
// robot.xml: MuJoCo looks there second), which holds class 'leaf'
const SPLIT = new Map(Object.entries({
  'robot.xml': `<mujoco>
  <option timestep="0.001" integrator="Euler" gravity="0 0 0"/>
  <include file="defs/top.xml"/>
  <worldbody>
    <body name="l1" childclass="leaf"><joint name="shoulder" type="hinge" axis="0 1 0"/>
      <inertial pos="0 0 -0.1" mass="0.1" diaginertia="1e-5 1e-5 1e-5"/>
      <body name="l2" pos="0 0 -0.2"><joint name="elbow" class="other" type="hinge" axis="0 1 0"/>
        <inertial pos="0 0 -0.1" mass="0.1" diaginertia="1e-5 1e-5 1e-5"/></body></body>
  </worldbody>
</mujoco>`,
  'defs/top.xml': `<mujoco><default>
  <default class="arm"><joint damping="0.5"/><include file="leaf.xml"/></default>
  <default class="other"><joint damping="0.1"/></default>
</default></mujoco>`,
  'defs/leaf.xml': '<mujoco><default class="leaf"><joint frictionloss="0.052"/></default></mujoco>',
}).map(([p, x]) => [p, new TextEncoder().encode(x)]));

describe('a <default> tree split across nested includes', () => {
  it('class:arm matches the joints of class leaf, defined in an include of an include; not class other\'s', () => {
    const pair = createRobotPair(mj, core, { files: SPLIT, main: 'robot.xml', mapping: 'class:arm=sts3215/m1' });
    try {
      assert.deepEqual(pair.rows.map((r) => [r.name, r.cls]), [['shoulder', 'leaf']]);
      // leaf's frictionloss, and the damping it inherits from arm
      assert.deepEqual(pair.rows.map((r) => [r.removed.frictionloss, r.removed.damping]), [[0.052, 0.5]]);
    } finally {
      pair.free();
    }
  });
});

const GEAR = gearXml(50);

describe('gear ratios mapped through', () => {
  it('gear −1 and 50: goal = ctrl / gear, the hold on the joint, the report saying how', () => {
    const pair = createRobotPair(mj, core, { files: files(GEAR), mapping: '*=sts3215/m1' });
    try {
      const report = pair.report();
      assert.ok(report.some((l) => l.startsWith('flip: sts3215 M1 (*=sts3215/m1); ') && l.endsWith('; through its gear -1: goal = ctrl / -1, torque on the joint = -1 × the servo\'s')), report.join('\n'));
      assert.ok(report.some((l) => l.startsWith('geared: sts3215 M1 (*=sts3215/m1); ') && l.endsWith('; through its gear 50: goal = ctrl / 50, torque on the joint = 50 × the servo\'s')), report.join('\n'));
      // the armature: the servo's through the gear (g² × the flip's, g² = 1)
      const [flip, geared] = pair.rows;
      assert.ok(Math.abs(geared.armature.used - 2500 * flip.armature.used) <= 1e-12 * geared.armature.used);
      // the hold at q = 0: τf on the joint = −(0.1 kg · 9.81 · 0.1 m)
      pair.step(500);
      const c = pair.table().C;
      assert.equal(c[1].state, 'STICK');
      assert.ok(Math.abs(c[1].tau_f + 0.0981) <= 1e-9, `τf ${c[1].tau_f}`);
      // a goal angle q is the ctrl g·q
      pair.setGoal('geared', 0.01);
      pair.setGoal('flip', 0.3);
      assert.ok(Math.abs(pair.C.d.ctrl[1] - 0.5) <= 1e-15 && Math.abs(pair.C.d.ctrl[0] + 0.3) <= 1e-15);
      assert.ok(Math.abs(pair.A.d.ctrl[1] - 0.5) <= 1e-15 && Math.abs(pair.A.d.ctrl[0] + 0.3) <= 1e-15);
    } finally {
      pair.free();
    }
  });
});

// MuJoCo's own copy (A) of the gear-50 file at its step (fric_robot_step_caution):
// by hand, link 2 (0.1 kg at 0.1 m, Iyy 1e-5) I = 0.1·0.1² + 1e-5 = 1.01e-3 kg·m²,
// K = kp·g² = 10·50² = 25000 N·m/rad; Euler's semi-implicit step holds while
// h < 2·√(I/K) = 0.401995 ms; at 1 ms the largest stable kp is 4I/h²/g² = 1.616.
const BOUND = 4.01995024844e-4;   // [s]
/** The pair's two CSVs (the per-joint table, the adoption report) with their comment lines, as the page and tools/robot.mjs write them. */
const csvsOf = (pair) => {
  const comments = robotCsvComments(pair, { main: 'robot.xml', mapping: '*=sts3215/m1' });
  return [robotTableCsv(pair.table(), pair.time, comments), robotReportCsv(pair, comments)];
};
describe('MuJoCo\'s own copy of a geared servo diverges past the stable step', () => {
  it('gear 50 at the file\'s 1 ms: the sentence beside (A) and in the report; gear 1 and a step under the bound: none', () => {
    const pair = createRobotPair(mj, core, { files: files(GEAR), mapping: '*=sts3215/m1' });
    try {
      const want = 'MuJoCo\'s own copy of the file (A) will diverge at this step: on joint \'geared\', the position actuator (gear 50, kp 10 N·m/rad: kp·gear² = 25000 N·m/rad on the joint) on its inertia 0.00101 kg·m² is stable under the Euler integrator only below 0.402 ms, and the step is 1 ms; give the model a timestep under 0.402 ms or a kp under 1.62 N·m/rad (the adopted copy (C) holds).';
      assert.deepEqual(pair.unstable, [want]);
      assert.ok(pair.report().includes(want));
      // and once among the comment lines of both CSVs (the page's Download CSV and tools/robot.mjs's)
      for (const text of csvsOf(pair)) {
        assert.equal(text.split('\n').filter((l) => l === `# ${want}`).length, 1, text.slice(0, 1200));
        assert.equal(text.split('\n').filter((l) => /will diverge/.test(l)).length, 1);
      }
    } finally {
      pair.free();
    }
    for (const [xml, timestep] of [[gearXml(1), null], [GEAR, 0.995 * BOUND]]) {
      const p = createRobotPair(mj, core, { files: files(xml), mapping: '*=sts3215/m1', timestep });
      try {
        assert.deepEqual(p.unstable, []);
        assert.ok(!p.report().some((l) => /will diverge/.test(l)));
        for (const text of csvsOf(p)) assert.ok(!/will diverge/.test(text), text.slice(0, 1200));
      } finally {
        p.free();
      }
    }
  });
  it('tools/robot.mjs --csv and --report-csv on the gear-50 file: the caution once in each, the sentence `friction mujoco --adopt` prints', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'robot-caution-'));
    try {
      const xml = path.join(dir, 'gear50.xml'), csv = path.join(dir, 'table.csv'), rep = path.join(dir, 'report.csv');
      fs.writeFileSync(xml, GEAR);
      const r = spawnSync(process.execPath, [path.join(ROOT, 'tools/robot.mjs'), xml, '--servos', '*=sts3215/m1', '--seconds', '0.01',
        '--csv', csv, '--report-csv', rep], { encoding: 'utf8' });
      assert.equal(r.status, 0, r.stderr);
      // the native door's sentence for the same file (MuJoCo 2.2.2, the core through the CLI)
      const n = fs.existsSync(CLI) ? spawnSync(CLI, ['mujoco', xml, '--adopt', '*=sts3215/m1', '--seconds', '0.01'], { encoding: 'utf8' }) : null;
      const noNative = !n ? `${CLI} is not built (make cli)` : /built without MuJoCo/.test(n.stderr) ? n.stderr.trim() : null;
      if (noNative && process.env.CI === 'true') assert.fail(`CI=true: ${noNative}`);
      const said = noNative ? null : n.stdout.split('\n').filter((l) => /will diverge/.test(l));
      if (said) assert.equal(said.length, 1, n.stdout);
      for (const f of [csv, rep]) {
        const lines = fs.readFileSync(f, 'utf8').split('\n').filter((l) => /will diverge/.test(l));
        assert.equal(lines.length, 1, `${path.basename(f)}: ${lines.join(' | ')}`);
        assert.ok(lines[0].startsWith('# MuJoCo\'s own copy of the file (A) will diverge at this step: on joint \'geared\''), lines[0]);
        if (said) assert.equal(lines[0], `# ${said[0]}`);
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
  it('brute force in MuJoCo 3.14: (A) as written stays bounded just below the bound and diverges just above', () => {
    const most = (timestep) => {
      const pair = createRobotPair(mj, core, { files: files(GEAR), mapping: '*=sts3215/m1', timestep });
      try {
        const { m, d } = pair.A;
        d.qpos[1] = 0.01;
        let top = 0;
        for (let k = 0; k < Math.round(2 / timestep) && Number.isFinite(top); k++) {
          mj.mj_step(m, d);
          const q = Math.abs(d.qpos[1]);
          top = Number.isFinite(q) ? Math.max(top, q) : Infinity;
        }
        return { top, unstable: pair.unstable.length };
      } finally {
        pair.free();
      }
    };
    const below = most(0.995 * BOUND), above = most(1.005 * BOUND);
    assert.ok(below.top < 1 && below.unstable === 0, JSON.stringify(below));
    assert.ok(above.top > 1 && above.unstable === 1, JSON.stringify(above));
  });
});

const KINDS = `<mujoco>
  <option timestep="0.002" integrator="Euler"/>
  <worldbody>
    <body name="l1"><joint name="j1" type="hinge" axis="0 1 0"/><inertial pos="0 0 -0.1" mass="0.1" diaginertia="1e-5 1e-5 1e-5"/>
      <body name="l2" pos="0 0 -0.2"><joint name="j2" type="hinge" axis="0 1 0"/><inertial pos="0 0 -0.1" mass="0.1" diaginertia="1e-5 1e-5 1e-5"/>
        <body name="l3" pos="0 0 -0.2"><joint name="j3" type="hinge" axis="0 1 0"/><inertial pos="0 0 -0.1" mass="0.1" diaginertia="1e-5 1e-5 1e-5"/>
          <body name="l4" pos="0 0 -0.2"><joint name="j4" type="hinge" axis="0 1 0"/><inertial pos="0 0 -0.1" mass="0.1" diaginertia="1e-5 1e-5 1e-5"/>
          </body></body></body></body>
  </worldbody>
  <tendon><fixed name="t"><joint joint="j3" coef="1"/><joint joint="j4" coef="-1"/></fixed></tendon>
  <equality><joint joint1="j1" joint2="j2" active="false"/></equality>
  <actuator>
    <velocity name="v1" joint="j1" kv="2"/>
    <damper name="d3" joint="j3" kv="0.7" ctrlrange="0 1"/>
    <intvelocity name="iv2" joint="j2" kp="5" actrange="-3 3"/>
  </actuator>
</mujoco>`;

describe('actuators named as they are; tendons and equalities noted', () => {
  it('velocity, intvelocity, damper: their kind and gains, their ctrl no goal', () => {
    const pair = createRobotPair(mj, core, { files: files(KINDS), mapping: '*=sts3215/m1' });
    try {
      const report = pair.report();
      const line = (j) => report.find((l) => l.startsWith(`${j}: sts3215 M1 (*=sts3215/m1); `));
      assert.ok(line('j1').endsWith('; actuator \'v1\' velocity (kp 0, kv 2) off: its ctrl is a speed, not a goal angle; the servo holds the goal set here (the start angle until set)'), line('j1'));
      assert.ok(line('j2').endsWith('; actuator \'iv2\' intvelocity (kp 5, kv 0) off: its ctrl is a speed, not a goal angle; the servo holds the goal set here (the start angle until set)'), line('j2'));
      assert.ok(line('j3').endsWith('; actuator \'d3\' damper (kv 0.7 N·m·s/rad) off: its ctrl scales a damping, which the servo\'s K_v replaces; the servo holds the goal set here (the start angle until set)'), line('j3'));
      assert.ok(!report.some((l) => /general/.test(l)), report.join('\n'));
      for (const j of ['j3', 'j4']) assert.ok(report.includes(`${j}: a tendon wraps it; the exact hold does not apply while the tendon acts`), report.join('\n'));
      for (const j of ['j1', 'j2']) assert.ok(report.includes(`${j}: an equality constraint names it; the exact hold does not apply while the constraint acts`), report.join('\n'));
      // a velocity's ctrl stays (a speed), in both copies
      pair.setGoal('j1', 0.4);
      assert.equal(pair.A.d.ctrl[0], 0);
      assert.equal(pair.C.d.ctrl[0], 0);
      assert.equal(pair.goal('j1'), 0.4);
      pair.step(5);
    } finally {
      pair.free();
    }
  });
});

describe('the joint limit applies to the joints mapped', () => {
  it('a model of 150 joints with one mapped is adopted', () => {
    const bodies = Array.from({ length: 150 }, (_, i) => `<body name="b${i}" pos="${i} 0 0"><joint name="j${i}" type="hinge" axis="0 1 0"/><inertial pos="0 0 -0.1" mass="0.1" diaginertia="1e-5 1e-5 1e-5"/></body>`).join('');
    const xml = `<mujoco><option timestep="0.002" integrator="Euler"/><worldbody>${bodies}</worldbody></mujoco>`;
    const pair = createRobotPair(mj, core, { files: files(xml), mapping: 'j120=sts3215/m1' });
    try {
      assert.deepEqual(pair.rows.map((r) => r.name), ['j120']);
    } finally {
      pair.free();
    }
    assert.throws(() => createRobotPair(mj, core, { files: files(xml), mapping: '*=sts3215/m1' }), /more than 100 joints mapped/);
  });
});

// A robot whose copies leave the finite range (option gravity −1e308: finite,
// so the file is accepted, but MuJoCo's first step gives q = ∞): the run
// stops at the first copy that leaves, with one sentence naming it and the time, as the command
// line does ("left the finite range"); MuJoCo's own position is the
// reference that the sentence is right. At 9.81 m/s² the same robot runs.
describe('Your robot: a copy leaving the finite range stops the run in one sentence', () => {
  const xml = (g) => `<mujoco><option gravity="0 0 ${g}"/><worldbody><body><joint name="j1" type="hinge" axis="0 1 0"/>
    <geom type="capsule" fromto="0 0 0 0.1 0 0" size="0.02" mass="0.1"/></body></worldbody>
    <actuator><position name="a1" joint="j1" kp="1"/></actuator></mujoco>`;
  it('gravity −1e308: the first step throws the sentence, and MuJoCo\'s q is indeed not finite', () => {
    const pair = createRobotPair(mj, core, { files: files(xml('-1e308')), main: 'robot.xml', mapping: 'j1=sts3215/m1' });
    try {
      // MuJoCo's copy leaves first (its step at 2 ms); the run stops there
      assert.throws(() => pair.step(10), /^Error: MuJoCo's copy \(A\) left the finite range at t = 0\.002 s \(/);
      assert.equal(Number.isFinite(pair.A.d.qpos[0]), false);
      assert.equal(pair.A.d.time, 0.002);
    } finally {
      pair.free();
    }
  });
  it('gravity −9.81: 100 steps run, every position finite', () => {
    const pair = createRobotPair(mj, core, { files: files(xml('-9.81')), main: 'robot.xml', mapping: 'j1=sts3215/m1' });
    try {
      pair.step(100);
      assert.ok(Number.isFinite(pair.A.d.qpos[0]) && Number.isFinite(pair.C.d.qpos[0]));
    } finally {
      pair.free();
    }
  });
});

// Names the mapping text cannot carry: a joint named "elbow=1,a" and a class
// named "arm,x=y" (MJCF allows both). The page's selects give the mapping's
// entries whole (robotMapping.js mappingEntries, core.robot.mapSet: the
// entries below, written by hand), so both are adopted as MuJoCo names them;
// the same choices as text split at ',' and '=' and name other joints (the
// reason the entries go whole).
describe('Your robot: a joint or class named with "=" or "," adopted from the selects', () => {
  const xml = `<mujoco><default><default class="arm,x=y"><joint damping="0.1"/></default></default>
    <worldbody><body><joint name="elbow=1,a" type="hinge" axis="0 1 0"/>
    <geom type="capsule" fromto="0 0 0 0.1 0 0" size="0.02" mass="0.1"/>
    <body pos="0.1 0 0"><joint name="wrist" class="arm,x=y" type="hinge" axis="0 1 0"/>
    <geom type="capsule" fromto="0 0 0 0.1 0 0" size="0.02" mass="0.1"/></body></body></worldbody>
    <actuator><position name="a1" joint="elbow=1,a" kp="1"/><position name="a2" joint="wrist" kp="1"/></actuator></mujoco>`;
  const entries = [{ kind: 'class', target: 'arm,x=y', servo: 'sts3215/m1' }, { kind: 'joint', target: 'elbow=1,a', servo: 'xl330/m1' }];
  it('the entries name both as MuJoCo does, and the pair adopts both joints with their servos', () => {
    const pair = createRobotPair(mj, core, { files: files(xml), main: 'robot.xml', mapping: entries });
    try {
      const got = Object.fromEntries(pair.rows.map((r) => [r.name, r.servo]));
      assert.deepEqual(Object.keys(got).sort(), ['elbow=1,a', 'wrist']);
      assert.match(got['elbow=1,a'], /xl330/);
      assert.match(got.wrist, /sts3215/);
      pair.step(10);
    } finally {
      pair.free();
    }
  });
  it('the same choices as text do not name them (the text splits at "," and "=")', () => {
    assert.throws(() => createRobotPair(mj, core, { files: files(xml), main: 'robot.xml', mapping: 'class:arm,x=y=sts3215/m1, elbow=1,a=xl330/m1' }));
  });
});
