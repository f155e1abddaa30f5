// native_robot.test.mjs: Your robot written back as one plain MJCF whose
// mapped joints carry MuJoCo's native joint as a <default> class
// (web/src/mujoco/robotNative.js nativeRobotMjcf, the class by the core's
// writer through the wasm bindings, core.mujoco.nativeClass), loaded in real
// MuJoCo 3.14.0 (npm @mujoco/mujoco) beside the robot's mesh files:
//   - the SO-101 of ../shared/data/so101 (scene.xml includes
//     so101_new_calib.xml: one file results), five arm joints mapped, the
//     gripper not: the compiled mapped dofs have the parameters written here
//     (frictionloss, damping, armature, solref, solimp), their actuators the
//     class's gains (gainprm kp, biasprm 0 −kp −kv, forcerange) and their own
//     ctrlrange as the original compiles it; the gripper keeps the file's
//     sts3215 class (damping 0.60, frictionloss 0.052, armature 0.028 as
//     so101_new_calib.xml writes them) and its actuator; the rest of the
//     model (bodies, masses, geoms, meshes) is the original's;
//   - MuJoCo's own spec of the written file (parseXMLString, mjs_getDefault)
//     names the class on each mapped joint and not on the gripper;
//   - the page's door (nativeWriteBack, robotExports.js's: a native params
//     file's text, as the section's file picker reads it) writes the class
//     named after the file's actuator on the joints given, the same text;
//     not JSON, a file of another model, an M-model key: one sentence;
//   - a file that is not among the robot's files is refused in one sentence.
// Skipped without the shared data, failing under CI=true.
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import loadMujoco from '@mujoco/mujoco';
import { loadCore, ROOT } from './load.mjs';
import { readFolder } from '../../tools/robot.mjs';
import { nativeRobotMjcf, nativeWriteBack } from '../../web/src/mujoco/robotNative.js';

const SO101 = path.resolve(ROOT, '../shared/data/so101');
const noData = fs.existsSync(path.join(SO101, 'scene.xml')) ? false : `missing shared data: ${SO101}`;
if (noData && process.env.CI === 'true') throw new Error(`CI=true: ${noData}`);

const P = {
  frictionloss: 0.061, damping: 0.045, armature: 0.0093, kp: 14.5, firmware_kp: 32, kv: 0.33,
  forcerange_lo: -2.5, forcerange_hi: 2.5, solreffriction_timeconst: 0.012, solreffriction_dampratio: 1.1,
  solimpfriction_dmin: 0.85, solimpfriction_dmax: 0.96, solimpfriction_width: 0.003, solimpfriction_midpoint: 0.5,
  solimpfriction_power: 2,
};
const MAPPED = ['shoulder_pan', 'shoulder_lift', 'elbow_flex', 'wrist_flex', 'wrist_roll'];

let core, mj;
before(async () => { [core, mj] = await Promise.all([loadCore(), loadMujoco()]); });

/** files (and the text as `name` beside them) in MuJoCo's file system; the model compiled. */
function load(files, name = null, text = null) {
  const dir = `/robot-${Math.random().toString(36).slice(2)}`;
  mj.FS.mkdir(dir);
  const made = [];
  for (const [p, bytes] of [...files, ...(name ? [[name, new TextEncoder().encode(text)]] : [])]) {
    const parts = p.split('/');
    for (let i = 1; i < parts.length; i++) {
      const d = `${dir}/${parts.slice(0, i).join('/')}`;
      if (!made.includes(d)) { mj.FS.mkdir(d); made.push(d); }
    }
    mj.FS.writeFile(`${dir}/${p}`, bytes);
  }
  return mj.MjModel.mj_loadXML(`${dir}/${name ?? 'scene.xml'}`);
}

describe('Your robot written back with the native class (MuJoCo 3.14)', { skip: noData }, () => {
  it('the SO-101: one plain file, the class on the five mapped joints and their actuators, the rest the original', () => {
    const files = readFolder(SO101, 'scene.xml', core);
    const el = core.mujoco.nativeClass(P, { name: 'sts3215_native', document: false });
    const { text, joints, actuators, missing } = nativeRobotMjcf({ files, main: 'scene.xml',
      joints: new Map(MAPPED.map((j) => [j, 'sts3215_native'])), classes: new Map([['sts3215_native', el]]) });
    assert.deepEqual(joints, MAPPED);
    assert.deepEqual(actuators, MAPPED);
    assert.deepEqual(missing, []);
    assert.doesNotMatch(text, /<include/);
    const orig = load(files), m = load(files, 'scene-native.xml', text);
    try {
      const jid = (model, n) => mj.mj_name2id(model, mj.mjtObj.mjOBJ_JOINT.value, n);
      const aid = (model, n) => mj.mj_name2id(model, mj.mjtObj.mjOBJ_ACTUATOR.value, n);
      for (const n of MAPPED) {
        const dof = m.jnt_dofadr[jid(m, n)], a = aid(m, n);
        assert.equal(m.dof_frictionloss[dof], P.frictionloss, `${n}: frictionloss`);
        assert.equal(m.dof_damping[dof], P.damping, `${n}: damping`);
        assert.equal(m.dof_armature[dof], P.armature, `${n}: armature`);
        assert.deepEqual([...m.dof_solref.slice(2 * dof, 2 * dof + 2)], [P.solreffriction_timeconst, P.solreffriction_dampratio], `${n}: solref`);
        assert.deepEqual([...m.dof_solimp.slice(5 * dof, 5 * dof + 5)], [P.solimpfriction_dmin, P.solimpfriction_dmax,
          P.solimpfriction_width, P.solimpfriction_midpoint, P.solimpfriction_power], `${n}: solimp`);
        const g = 10 * a, b = 10 * a;   // mjNGAIN = mjNBIAS = 10
        assert.equal(m.actuator_gainprm[g], P.kp, `${n}: gainprm[0] = kp`);
        assert.deepEqual([...m.actuator_biasprm.slice(b, b + 3)], [0, -P.kp, -P.kv], `${n}: biasprm`);
        assert.deepEqual([...m.actuator_forcerange.slice(2 * a, 2 * a + 2)], [P.forcerange_lo, P.forcerange_hi], `${n}: forcerange`);
        const ao = aid(orig, n);
        assert.deepEqual([...m.actuator_ctrlrange.slice(2 * a, 2 * a + 2)], [...orig.actuator_ctrlrange.slice(2 * ao, 2 * ao + 2)], `${n}: ctrlrange kept`);
      }
      // the gripper: not mapped, the file's sts3215 class (so101_new_calib.xml's numbers) and its actuator as before
      const gd = m.jnt_dofadr[jid(m, 'gripper')];
      assert.equal(m.dof_damping[gd], 0.60);
      assert.equal(m.dof_frictionloss[gd], 0.052);
      assert.equal(m.dof_armature[gd], 0.028);
      const ga = aid(m, 'gripper'), go = aid(orig, 'gripper');
      assert.deepEqual([...m.actuator_gainprm.slice(10 * ga, 10 * ga + 3)], [...orig.actuator_gainprm.slice(10 * go, 10 * go + 3)]);
      assert.deepEqual([...m.actuator_biasprm.slice(10 * ga, 10 * ga + 3)], [...orig.actuator_biasprm.slice(10 * go, 10 * go + 3)]);
      // the rest of the robot: the original's
      for (const k of ['nbody', 'njnt', 'ngeom', 'nmesh', 'nu', 'nkey']) assert.equal(m[k], orig[k], k);
      assert.deepEqual([...m.body_mass], [...orig.body_mass]);
      assert.deepEqual([...m.geom_size], [...orig.geom_size]);
      assert.deepEqual([...m.jnt_range], [...orig.jnt_range]);
    } finally {
      m.delete();
      orig.delete();
    }
    // MuJoCo's own reading of the written text: the class named on each mapped joint
    const spec = mj.parseXMLString(text);
    try {
      const cls = (n) => mj.mjs_getName(mj.mjs_getDefault(mj.mjs_findElement(spec, mj.mjtObj.mjOBJ_JOINT, n)).element);
      for (const n of MAPPED) assert.equal(cls(n), 'sts3215_native', n);
      assert.equal(cls('gripper'), 'sts3215');
    } finally {
      spec.delete();
    }
  });

  it('the page\'s door: a native params file\'s text, the class named after its actuator; bad files refused', () => {
    const files = readFolder(SO101, 'scene.xml', core);
    const file = JSON.stringify({ actuator: 'sts3215', model: 'native', fit_train_mae: 0.01, ...P });
    const out = nativeWriteBack(core, { text: file, source: 'sts.json', files, main: 'scene.xml', joints: MAPPED });
    assert.equal(out.cls, 'sts3215_native');
    assert.deepEqual(out.joints, MAPPED);
    const el = core.mujoco.nativeClass(P, { name: 'sts3215_native', document: false });
    assert.equal(out.text, nativeRobotMjcf({ files, main: 'scene.xml', joints: new Map(MAPPED.map((j) => [j, 'sts3215_native'])),
      classes: new Map([['sts3215_native', el]]) }).text);
    const one = (text) => assert.throws(() => nativeWriteBack(core, { text, source: 'x.json', files, main: 'scene.xml', joints: MAPPED }),
      (e) => { assert.ok(!/\n/.test(e.message.trim()), 'one line'); return true; });
    one('{ "model": ');
    one(JSON.stringify({ actuator: 'sts3215', model: 'm4', friction_base: 0.1 }));
    assert.throws(() => nativeWriteBack(core, { text: JSON.stringify({ model: 'native', ...P, friction_base: 0.1 }), source: 'x.json', files,
      main: 'scene.xml', joints: MAPPED }), /^Error: x\.json: .*friction_base/);
    assert.throws(() => nativeWriteBack(core, { text: JSON.stringify({ model: 'native', ...P, frictionloss: -1 }), source: 'x.json', files,
      main: 'scene.xml', joints: MAPPED }), /frictionloss/);
  });

  it('refuses in one sentence a file the robot does not have', () => {
    const files = new Map([['a.xml', new TextEncoder().encode('<mujoco><include file="b.xml"/></mujoco>')]]);
    assert.throws(() => nativeRobotMjcf({ files, main: 'a.xml', joints: new Map(), classes: new Map() }), /^Error: b\.xml is not among the robot's files$/);
  });
});

// The gear warning of the write-back (issue 41: an actuator gear ≠ 1 on a
// mapped joint): the actuators named, and what the sentence says of them
// checked in MuJoCo 3.14 itself: a <position> of gear g with the class's kp
// pulls the joint with g²·kp (qfrc_actuator at q = 0.1 rad, ctrl 0, at rest).
describe('Your robot written back: actuators with gear ≠ 1 on mapped joints are named (MuJoCo 3.14)', () => {
  const mjcf = `<mujoco><option timestep="0.002"/><worldbody><body name="b1"><joint name="j1" type="hinge" axis="0 1 0"/>
    <geom type="sphere" size="0.05" mass="0.2" pos="0 0 -0.1"/><body name="b2"><joint name="j2" type="hinge" axis="0 1 0"/>
    <geom type="sphere" size="0.05" mass="0.2" pos="0 0 -0.2"/><body name="b3"><joint name="j3" type="hinge" axis="0 1 0"/>
    <geom type="sphere" size="0.05" mass="0.2" pos="0 0 -0.3"/></body></body></body></worldbody>
    <actuator><position name="a1" joint="j1" gear="2" kp="3"/><position name="a2" joint="j2" kp="3"/>
    <position name="a3" joint="j3" gear="1 0 0 0 0 0" kp="3"/></actuator></mujoco>`;
  const files = new Map([['robot.xml', new TextEncoder().encode(mjcf)]]);
  const N = { model: 'native', actuator: 'xl330', frictionloss: 0.02, damping: 0.01, armature: 0.0016, kp: 0.7, firmware_kp: 400 };
  it('a1 (gear 2) is named, a2 (no gear) and a3 (gear 1) are not; MuJoCo applies gear²·kp to the joint', () => {
    const out = nativeWriteBack(core, { text: JSON.stringify(N), source: 'n.json', files, main: 'robot.xml', joints: ['j1', 'j2', 'j3'] });
    assert.deepEqual(out.geared, [{ name: 'a1', gear: 2 }]);
    const m = mj.MjModel.from_xml_string(out.text), d = new mj.MjData(m);
    try {
      const a1 = mj.mj_name2id(m, mj.mjtObj.mjOBJ_ACTUATOR.value, 'a1');
      assert.equal(m.actuator_gear[6 * a1], 2);
      assert.equal(m.actuator_gainprm[10 * a1], N.kp);
      const dof = m.jnt_dofadr[mj.mj_name2id(m, mj.mjtObj.mjOBJ_JOINT.value, 'j1')];
      d.qpos[0] = 0.1;
      mj.mj_forward(m, d);
      assert.ok(Math.abs(d.qfrc_actuator[dof] - (-(2 ** 2) * N.kp * 0.1)) <= 1e-12, `qfrc_actuator ${d.qfrc_actuator[dof]}`);
    } finally {
      d.delete();
      m.delete();
    }
  });
});
