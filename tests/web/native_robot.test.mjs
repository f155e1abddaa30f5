// native_robot.test.mjs: Your robot written back as one plain MJCF whose
// mapped joints carry MuJoCo's native joint as a <default> class
// (web/src/mujoco/robotNative.js nativeRobotMjcf, the class by the core's
// writer through the wasm bindings, core.native.classMjcf), loaded in real
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
//   - a file that is not among the robot's files is refused in one sentence;
//   - a Menagerie-style arm (tests/web/fixtures/class_arm.xml, the WidowX
//     family's pattern: joints taking axis, range, damping, armature and
//     frictionloss from classes nested under the arm's, one of them through
//     a childclass alone; <position> actuators taking kp, kv or dampratio,
//     forcerange and inheritrange from the same classes, one naming no
//     class) written back through the page's door on four of its five
//     joints, both files compiled by MuJoCo 3.14: every array and size of
//     the written mjModel equals the original's with the fitted numbers set
//     by hand in it (dof_frictionloss, dof_damping, dof_armature, dof_solref,
//     dof_solimp of the four dofs, actuator gainprm, biasprm, forcelimited,
//     forcerange of their actuators: the params below) and MuJoCo's
//     constants recomputed from them (mj_setConst: dof_M0, dof_invweight0,
//     body_invweight0, actuator_acc0 move with the armature), and those are
//     the only arrays that differ from the original; the gravity load at a
//     bent pose (qfrc_bias after mj_forward) is the original's; a set
//     without a force limit lifts the class's forcerange (the actuator
//     pushes past it).
// The SO-101 part is skipped without the shared data, failing under CI=true.
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
function load(files, name = null, text = null, main = 'scene.xml') {
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
  return mj.MjModel.mj_loadXML(`${dir}/${name ?? main}`);
}

describe('Your robot written back with the native class (MuJoCo 3.14)', { skip: noData }, () => {
  it('the SO-101: one plain file, the class on the five mapped joints and their actuators, the rest the original', () => {
    const files = readFolder(SO101, 'scene.xml', core);
    const el = (name) => core.native.classMjcf(P, { name, document: false });
    const { text, joints, actuators, missing } = nativeRobotMjcf(core, { files, main: 'scene.xml',
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
    const el = (name) => core.native.classMjcf(P, { name, document: false });
    assert.equal(out.text, nativeRobotMjcf(core, { files, main: 'scene.xml', joints: new Map(MAPPED.map((j) => [j, 'sts3215_native'])),
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

  it('inlines an include as the page reads it: beside the main file, else beside the including file (MuJoCo 3.14 loads both the same)', () => {
    const enc = (x) => new TextEncoder().encode(x);
    // sub/b.xml includes c.xml, which is sub/c.xml: not beside the main file
    const files = new Map([
      ['a.xml', enc('<mujoco><include file="sub/b.xml"/></mujoco>')],
      ['sub/b.xml', enc('<mujoco><include file="c.xml"/></mujoco>')],
      ['sub/c.xml', enc('<mujoco><worldbody><body name="b1"><joint name="j1" type="hinge"/><geom size="0.05" mass="0.2"/></body></worldbody></mujoco>')],
    ]);
    const { text } = nativeRobotMjcf(core, { files, main: 'a.xml', joints: new Map(), classes: new Map() });
    const orig = load(files, null, null, 'a.xml'), m = load(new Map(), 'written.xml', text);
    try {
      assert.deepEqual([m.njnt, m.nbody], [orig.njnt, orig.nbody]);
      assert.deepEqual([m.njnt, m.nbody], [1, 2]);
    } finally { orig.delete(); m.delete(); }
  });

  it('refuses in one sentence a file the robot does not have (the sentence the page\'s reading of the robot gives)', () => {
    const files = new Map([['a.xml', new TextEncoder().encode('<mujoco><include file="b.xml"/></mujoco>')]]);
    assert.throws(() => nativeRobotMjcf(core, { files, main: 'a.xml', joints: new Map(), classes: new Map() }),
      /^Error: The <include file="b\.xml"> of a\.xml \(line 1\) names a file missing from the drop: 'b\.xml'/);
  });
});

// A file name an XML comment must not hold: the written file names each
// inlined <include> in a comment, and "--" may not appear inside one (XML 1.0
// §2.5); "--->" in a name used to close it early, leaving the rest as text.
describe('Your robot written back: an included file named with "--->" or "----" stays inside its comment (MuJoCo 3.14)', () => {
  it('every comment of the written file holds no "--", and the file compiles to the original\'s bodies and joints', () => {
    const enc = (x) => new TextEncoder().encode(x);
    const files = new Map([
      ['a.xml', enc('<mujoco><include file="b--->.xml"/><include file="c----d.xml"/></mujoco>')],
      ['b--->.xml', enc('<mujoco><worldbody><body name="b1"><joint name="j1" type="hinge"/><geom size="0.05" mass="0.2"/></body></worldbody></mujoco>')],
      ['c----d.xml', enc('<mujoco><worldbody><body name="b2" pos="0.2 0 0"><joint name="j2" type="hinge"/><geom size="0.05" mass="0.2"/></body></worldbody></mujoco>')],
    ]);
    const { text } = nativeRobotMjcf(core, { files, main: 'a.xml', joints: new Map(), classes: new Map() });
    // the comments as XML reads them: from each "<!--" to the first "-->" after it
    const comments = [...text.matchAll(/<!--([\s\S]*?)-->/g)].map((m) => m[1]);
    assert.equal(comments.length, 2, text);
    for (const c of comments) assert.doesNotMatch(c, /--/, `a comment holds "--": ${c}`);
    assert.equal(text.replace(/<!--[\s\S]*?-->/g, '').includes('.xml'), false, `a file name outside its comment: ${text}`);
    const orig = load(files, null, null, 'a.xml'), m = load(new Map(), 'written.xml', text);
    try {
      assert.equal(m.nbody, orig.nbody);
      assert.equal(m.njnt, orig.njnt);
      for (const n of ['j1', 'j2']) assert.ok(mj.mj_name2id(m, mj.mjtObj.mjOBJ_JOINT.value, n) >= 0, n);
    } finally {
      orig.delete();
      m.delete();
    }
  });
});

// The gear warning of the write-back (an actuator gear ≠ 1 on a
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

// The class nested, not put in the place of the joint's own: a Menagerie-style
// arm (the head of this file). MuJoCo loads an arm whose classes were replaced
// without a word, its shoulder turned about z; what tells is the compiled
// model against the original's.
describe('Your robot written back keeps what its classes give (a Menagerie-style arm, MuJoCo 3.14)', () => {
  const ARM = fs.readFileSync(path.join(ROOT, 'tests/web/fixtures/class_arm.xml'));
  const files = new Map([['class_arm.xml', new Uint8Array(ARM)]]);
  const ADOPTED = ['waist', 'shoulder', 'elbow', 'wrist_angle'];   // wrist_rotate not
  const N = {
    frictionloss: 0.021, damping: 0.015, armature: 0.0031, kp: 7.5, firmware_kp: 400, kv: 0.21,
    forcerange_lo: -3.1, forcerange_hi: 3.1, solreffriction_timeconst: 0.01, solreffriction_dampratio: 1.2,
    solimpfriction_dmin: 0.88, solimpfriction_dmax: 0.97, solimpfriction_width: 0.002, solimpfriction_midpoint: 0.45,
    solimpfriction_power: 2.5,
  };
  /** What the native class sets: per dof of an adopted joint, per actuator on one [values of params p]. */
  const DOF = {
    dof_frictionloss: (p) => [p.frictionloss], dof_damping: (p) => [p.damping], dof_armature: (p) => [p.armature],
    dof_solref: (p) => [p.solreffriction_timeconst, p.solreffriction_dampratio],
    dof_solimp: (p) => [p.solimpfriction_dmin, p.solimpfriction_dmax, p.solimpfriction_width, p.solimpfriction_midpoint,
      p.solimpfriction_power],
  };
  const limited = (p) => !(p.forcerange_lo === 0 && p.forcerange_hi === 0);
  const ACT = {   // MuJoCo's position servo: gain kp, bias 0 −kp −kv (mjNGAIN = mjNBIAS = 10)
    actuator_gainprm: (p) => [p.kp, 0, 0, 0, 0, 0, 0, 0, 0, 0], actuator_biasprm: (p) => [0, -p.kp, -p.kv, 0, 0, 0, 0, 0, 0, 0],
    actuator_forcelimited: (p) => [limited(p) ? 1 : 0], actuator_forcerange: (p) => [p.forcerange_lo, p.forcerange_hi],
  };
  /** What MuJoCo computes from the armature (mj_setConst), set by it in the reference. */
  const FROM_ARMATURE = ['dof_M0', 'dof_invweight0', 'body_invweight0', 'actuator_acc0', 'stat.meaninertia'];
  const ALLOWED = new Set([...Object.keys(DOF), ...Object.keys(ACT), ...FROM_ARMATURE]);

  /** Every numeric array, number and flag of an mjModel by name: the bindings' getters, the
   *  mjtByte arrays they cannot give (actuator_forcelimited, jnt_limited…) element by element
   *  through the per-object accessors (m.actuator(i).forcelimited), and opt's and stat's. */
  const COUNT = { actuator: 'nu', jnt: 'njnt', tendon: 'ntendon', eq: 'neq', light: 'nlight', mat: 'nmat', flex: 'nflex',
    flexedge: 'nflexedge' };
  function fields(m) {
    const out = new Map();
    const value = (v) => (ArrayBuffer.isView(v) ? Array.from(v, Number)
      : ['number', 'bigint', 'boolean'].includes(typeof v) ? Number(v) : undefined);
    const getters = (obj, prefix) => {
      for (let o = Object.getPrototypeOf(obj); o && o !== Object.prototype; o = Object.getPrototypeOf(o)) {
        for (const [k, d] of Object.entries(Object.getOwnPropertyDescriptors(o))) {
          if (!d.get || out.has(prefix + k)) continue;
          let v;
          try {
            v = value(obj[k]);
          } catch {   // an mjtByte array: through the accessor of its object
            const [kind, ...rest] = k.split('_'), n = obj[COUNT[kind]];
            v = Array.from({ length: n }, (_, i) => { const a = obj[kind](i); try { return Number(a[rest.join('_')]); } finally { a.delete(); } });
          }
          if (v !== undefined) out.set(prefix + k, v);
        }
      }
    };
    getters(m, '');
    for (const part of ['opt', 'stat']) { const o = m[part]; getters(o, `${part}.`); o.delete?.(); }
    return out;
  }
  const id = (m, type, n) => mj.mj_name2id(m, mj.mjtObj[type].value, n);

  /** The original with p set by hand on the adopted joints' dofs and their actuators, MuJoCo's constants recomputed. */
  function byHand(p) {
    const m = mj.MjModel.from_xml_string(ARM.toString()), d = new mj.MjData(m);
    for (const j of ADOPTED) {
      const dof = m.jnt_dofadr[id(m, 'mjOBJ_JOINT', j)], a = id(m, 'mjOBJ_ACTUATOR', j);
      for (const [k, f] of Object.entries(DOF)) { const v = f(p); m[k].set(v, v.length * dof); }
      for (const [k, f] of Object.entries(ACT)) {
        const v = f(p);
        if (k !== 'actuator_forcelimited') m[k].set(v, v.length * a);
        else { const acc = m.actuator(a); acc.forcelimited = v[0] === 1; acc.delete(); }   // an mjtByte: its accessor
      }
    }
    mj.mj_setConst(m, d);
    d.delete();
    return m;
  }

  /** qfrc_bias at a bent pose (gravity on the pitch joints). */
  function gravity(m) {
    const d = new mj.MjData(m);
    try {
      d.qpos.set([0.4, -0.6, 0.9, 0.5, 0.3]);
      mj.mj_forward(m, d);
      return [...d.qfrc_bias];
    } finally {
      d.delete();
    }
  }

  it('every field of the compiled model is the original\'s but the fitted ones; the gravity load is the original\'s', () => {
    const out = nativeWriteBack(core, { text: JSON.stringify({ model: 'native', actuator: 'xl330', ...N }), source: 'n.json', files,
      main: 'class_arm.xml', joints: ADOPTED });
    assert.deepEqual(out.joints, ADOPTED);
    assert.deepEqual(out.missing, []);
    const orig = mj.MjModel.from_xml_string(ARM.toString()), m = mj.MjModel.from_xml_string(out.text), ref = byHand(N);
    try {
      const fo = fields(orig), fm = fields(m), fr = fields(ref);
      assert.ok(fo.size > 300 && fo.has('dof_frictionloss') && fo.has('jnt_axis') && fo.has('actuator_ctrlrange'), `${fo.size} fields`);
      assert.deepEqual([...fm.keys()].sort(), [...fo.keys()].sort());
      const differ = [];
      for (const [k, v] of fo) {
        assert.deepEqual(fm.get(k), fr.get(k), `${k}: the written model against the original with the parameters set by hand`);
        if (JSON.stringify(v) !== JSON.stringify(fm.get(k))) differ.push(k);
      }
      // (buffer: the model's whole memory as bytes, names included: the reference's byte for byte, above)
      for (const k of differ) assert.ok(ALLOWED.has(k) || k === 'buffer', `${k} differs from the original: not a fitted field`);
      assert.ok(fo.has('buffer') && fo.has('actuator_forcelimited') && fo.has('jnt_limited') && fo.has('stat.meaninertia'));
      // the fitted fields do differ (the parameters are not the original's), and wrist_rotate's are the original's
      for (const k of ['dof_frictionloss', 'dof_damping', 'dof_armature', 'actuator_gainprm', 'actuator_biasprm']) assert.ok(differ.includes(k), k);
      const wr = orig.jnt_dofadr[id(orig, 'mjOBJ_JOINT', 'wrist_rotate')];
      assert.equal(m.dof_damping[wr], 0.3);
      // what the classes give, spelled out: the axes, ranges and inherited ctrlranges
      assert.deepEqual([...m.jnt_axis], [0, 0, 1, 0, 1, 0, 0, 1, 0, 0, 1, 0, 1, 0, 0]);
      // (inheritrange 1: the joint's range as MuJoCo states it, centre ± half-width)
      const inherit = ([lo, hi]) => [(lo + hi) / 2 - (hi - lo) / 2, (lo + hi) / 2 + (hi - lo) / 2];
      assert.deepEqual([...m.actuator_ctrlrange.slice(0, 6)], [[-3.1, 3.1], [-1.8, 1.9], [-2.1, 1.6]].flatMap(inherit));
      // the gravity load at a bent pose: the original's, and not nothing
      const g0 = gravity(orig), g = gravity(m);
      assert.deepEqual(g, g0);
      assert.ok(Math.abs(g0[1]) > 0.1 && Math.abs(g0[2]) > 0.05, `shoulder ${g0[1]} N·m, elbow ${g0[2]} N·m`);
    } finally {
      orig.delete();
      m.delete();
      ref.delete();
    }
    // MuJoCo's own reading: each adopted joint's class is a class nested in the one it had
    assert.deepEqual(out.classes, [{ name: 'xl330_native.waist', parent: 'waist' }, { name: 'xl330_native.shoulder', parent: 'shoulder' },
      { name: 'xl330_native.elbow', parent: 'elbow' }, { name: 'xl330_native.arm', parent: 'arm' },
      { name: 'xl330_native.main', parent: 'main' }]);
    const spec = mj.parseXMLString(out.text);
    try {
      const cls = (n) => mj.mjs_getName(mj.mjs_getDefault(mj.mjs_findElement(spec, mj.mjtObj.mjOBJ_JOINT, n)).element);
      assert.deepEqual(ADOPTED.map(cls), ['xl330_native.waist', 'xl330_native.shoulder', 'xl330_native.elbow', 'xl330_native.arm']);
      assert.equal(cls('wrist_rotate'), 'wrist_rotate');
    } finally {
      spec.delete();
    }
  });

  it('a one-line file, a class written <default class/>: the class opened and nested in it; a class the files lack: one sentence', () => {
    const one = '<mujoco><compiler angle="radian"/><default><default class="a"><joint axis="0 1 0" range="-1 2"/></default>'
      + '<default class="b"/></default><worldbody><body childclass="a"><joint name="j1"/><geom size="0.05" mass="0.1" pos="0.1 0 0"/>'
      + '<body pos="0.2 0 0"><joint name="j2" class="b" axis="1 0 0"/><geom size="0.05" mass="0.1" pos="0.1 0 0"/></body></body>'
      + '</worldbody><actuator><position name="p1" joint="j1" kp="3" class="a"/><motor name="m2" joint="j2" gear="1" ctrlrange="-1 1"/>'
      + '</actuator></mujoco>';
    const f1 = new Map([['one.xml', new TextEncoder().encode(one)]]);
    const out = nativeWriteBack(core, { text: JSON.stringify({ model: 'native', actuator: 'xl330', ...N }), source: 'n.json', files: f1,
      main: 'one.xml', joints: ['j1', 'j2'] });
    assert.deepEqual(out.classes.map((c) => c.parent), ['a', 'b', 'main']);
    const orig = mj.MjModel.from_xml_string(one), m = mj.MjModel.from_xml_string(out.text);
    try {
      assert.deepEqual([...m.jnt_axis], [...orig.jnt_axis]);
      assert.deepEqual([...m.jnt_range], [...orig.jnt_range]);
      assert.deepEqual([...m.actuator_gainprm.slice(0, 1), ...m.actuator_gainprm.slice(10, 11)], [N.kp, N.kp]);
      assert.deepEqual([...m.actuator_ctrlrange.slice(2, 4)], [-1, 1], 'the motor, now <general>, keeps its ctrlrange');
    } finally {
      m.delete();
      orig.delete();
    }
    const lacking = new Map([['x.xml', new TextEncoder().encode('<mujoco><worldbody><body><joint name="j" class="gone"/></body></worldbody></mujoco>')]]);
    assert.throws(() => nativeWriteBack(core, { text: JSON.stringify({ model: 'native', ...N }), source: 'n.json', files: lacking,
      main: 'x.xml', joints: ['j'] }), /^Error: The class gone that j takes its values from is not defined in the robot's files/);
  });

  it('a set without a force limit lifts the forcerange its class gave: the actuator pushes past 10 N·m', () => {
    const U = { ...N, forcerange_lo: 0, forcerange_hi: 0 };
    const out = nativeWriteBack(core, { text: JSON.stringify({ model: 'native', actuator: 'xl330', ...U }), source: 'u.json', files,
      main: 'class_arm.xml', joints: ADOPTED });
    const m = mj.MjModel.from_xml_string(out.text), ref = byHand(U), d = new mj.MjData(m);
    try {
      const fm = fields(m), fr = fields(ref);
      for (const [k, v] of fr) assert.deepEqual(fm.get(k), v, k);
      const a = id(m, 'mjOBJ_ACTUATOR', 'shoulder');
      d.ctrl[a] = 1.9;   // 1.9 rad from q = 0: kp·1.9 = 14.25 N·m, past the class's 10
      mj.mj_forward(m, d);
      assert.equal(d.actuator_force[a], U.kp * 1.9);
    } finally {
      d.delete();
      ref.delete();
      m.delete();
    }
  });
});
