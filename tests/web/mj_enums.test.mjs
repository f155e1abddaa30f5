// tests/web/mj_enums.test.mjs: the MuJoCo enum values the library compares
// MuJoCo's arrays with (web/src/mujoco/mjEnums.js) are the loaded module's,
// checked against mujoco.h's own numbering (MuJoCo's documentation of
// mjtJoint, mjtGeom, mjtTrn: mjJNT_FREE 0 … mjJNT_HINGE 3, mjGEOM_MESH 7,
// mjTRN_JOINT 0) and used on a model written here, whose joints, meshes and
// actuators are known by hand: hingeNames lists its hinges and no other joint,
// an unnamed one as '' (MuJoCo 3.14's mj_id2name answers "emsc" for it: its
// memory at address 0) (ident/tracks.js, the identification's worker and
// tools/ident.mjs read the list), meshHulls the hull of the one mesh a geom
// uses (the robot's worker); nameOf reads '' for an unnamed joint, actuator,
// body and keyframe wherever the page reads names; the 3D picture
// (robot3dShapes.js) tells geom types apart by the module's mjtGeom.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadMujocoNpm, loadCore } from './load.mjs';
import { mjEnums, nameOf, geomKind } from '../../web/src/mujoco/mjEnums.js';
import { namesOf, actNamesOf } from '../../web/src/mujoco/robotModel.js';
import { loadRobotFiles, createRobotPair } from '../../web/src/mujoco/robot.js';
import { hingeNames } from '../../web/src/ident/tracks.js';
import { meshHulls } from '../../web/src/mujoco/hulls.js';

const { loadMujoco, noMujoco } = await loadMujocoNpm();
const needMujoco = process.env.CI === 'true' ? false : noMujoco;

// a free body, a slide, two hinges (one unnamed) and a ball; a box geom and a
// mesh geom (a tetrahedron, mesh 1: mesh 0 is named by no geom)
const MODEL = `<mujoco>
  <asset>
    <mesh name="unused" vertex="0 0 0  1 0 0  0 1 0  0 0 1"/>
    <mesh name="tet" vertex="0 0 0  0.1 0 0  0 0.1 0  0 0 0.1"/>
  </asset>
  <worldbody>
    <body name="float"><freejoint name="free"/><geom type="box" size="0.1 0.1 0.1"/></body>
    <body name="a" pos="1 0 0">
      <joint name="slide" type="slide"/><geom type="sphere" size="0.05"/>
      <body name="b"><joint name="elbow" type="hinge"/><geom type="mesh" mesh="tet"/>
        <body name="c"><joint type="hinge"/><geom type="capsule" size="0.02" fromto="0 0 0 0 0 0.1"/>
          <body name="d"><joint name="wrist" type="ball"/><geom type="sphere" size="0.02"/></body>
        </body>
      </body>
    </body>
  </worldbody>
</mujoco>`;

test('mjEnums: the module\'s values are mujoco.h\'s; hingeNames and meshHulls read the model by them', { skip: needMujoco }, async () => {
  assert.ok(loadMujoco, noMujoco || 'MuJoCo 3.14 does not load (CI=true)');
  const mj = await loadMujoco();
  const e = mjEnums(mj);
  assert.equal(e.jntHinge, 3);
  assert.equal(e.geomMesh, 7);
  assert.equal(e.trnJoint, 0);
  mj.FS.mkdir('/enums');
  mj.FS.writeFile('/enums/model.xml', MODEL);
  const m = mj.MjModel.mj_loadXML('/enums/model.xml');
  try {
    assert.deepEqual(hingeNames(mj, m), ['elbow', '']);
    const hulls = meshHulls(mj, m);
    assert.deepEqual(hulls.map(([id]) => id), [1]);
    assert.ok(hulls[0][1].length > 0, 'the tetrahedron has a hull');
  } finally {
    m.delete();
  }
});

// a joint, an actuator, a body and a keyframe each once named and once not
// (the names and their absence read off the MJCF below by hand)
const UNNAMED = `<mujoco model="arm"><option timestep="0.001"/>
  <worldbody>
    <body name="upper"><joint name="shoulder" type="hinge" axis="0 1 0" range="-3 3"/><geom type="capsule" size="0.02" fromto="0 0 0 0.2 0 0" mass="0.5"/>
      <body pos="0.2 0 0"><joint type="hinge" axis="0 1 0" range="-3 3"/><geom type="capsule" size="0.02" fromto="0 0 0 0.2 0 0" mass="0.3"/></body>
    </body>
  </worldbody>
  <actuator><position name="a_shoulder" joint="shoulder" kp="10"/><position joint="shoulder" kp="5"/></actuator>
  <keyframe><key qpos="0.1 0.2"/><key name="home" qpos="0.3 0.4"/></keyframe>
</mujoco>`;

test('an unnamed joint, actuator, body and keyframe read as \'\' (not MuJoCo 3.14\'s "emsc") at every reader of names', { skip: needMujoco }, async () => {
  assert.ok(loadMujoco, noMujoco || 'MuJoCo 3.14 does not load (CI=true)');
  const mj = await loadMujoco();
  const core = await loadCore();
  const e = mjEnums(mj);
  mj.FS.mkdir('/unnamed');
  mj.FS.writeFile('/unnamed/arm.xml', UNNAMED);
  const m = mj.MjModel.mj_loadXML('/unnamed/arm.xml');
  try {
    // MuJoCo's bodies: world (named by MuJoCo), upper, the unnamed one
    assert.deepEqual([0, 1, 2].map((b) => nameOf(mj, m, e.objBody, b)), ['world', 'upper', '']);
    assert.deepEqual(namesOf(mj, m), ['shoulder', '']);
    assert.deepEqual(actNamesOf(mj, m), ['a_shoulder', '']);
    assert.deepEqual([0, 1].map((k) => nameOf(mj, m, e.objKey, k)), ['', 'home']);
    assert.deepEqual(hingeNames(mj, m), ['shoulder', '']);
    assert.equal(nameOf(mj, m, e.objJoint, 7), '', 'an id out of range');
  } finally {
    m.delete();
  }
  // what the robot section is given of the drop: the unnamed ones by their place
  const { info } = loadRobotFiles(mj, core, new Map([['arm.xml', new TextEncoder().encode(UNNAMED)]]));
  assert.deepEqual(info.joints.map((j) => [j.name, j.index]), [['shoulder', 0], ['', 1]]);
  assert.deepEqual(info.actuators.map((a) => a.name), ['a_shoulder', 'actuator 1']);
  assert.deepEqual(info.keyframes.map((k) => k.name), ['key 0', 'home']);
  // '*' adopts the named hinge only (the core finds joints by name); the start line names keyframe 0 by its index
  const pair = createRobotPair(mj, core, { files: new Map([['arm.xml', new TextEncoder().encode(UNNAMED)]]), mapping: '*=sts3215/m1', keyframe: 0 });
  try {
    assert.deepEqual(pair.rows.map((r) => r.name), ['shoulder']);
    assert.ok(!pair.report().join('\n').includes('emsc'), pair.report().join('\n'));
    assert.match(pair.startLine(), /^Start: keyframe 0 \(no name\), physics step 1 ms/);
  } finally {
    pair.free();
  }
});

// one geom of each type the 3D picture draws, in this order (read off the MJCF by hand)
const SHAPES = `<mujoco>
  <asset><mesh name="tet" vertex="0 0 0  0.1 0 0  0 0.1 0  0 0 0.1"/></asset>
  <worldbody>
    <geom type="plane" size="1 1 0.1"/>
    <body><joint type="hinge"/>
      <geom type="sphere" size="0.05"/>
      <geom type="capsule" size="0.02 0.1"/>
      <geom type="ellipsoid" size="0.01 0.02 0.03"/>
      <geom type="cylinder" size="0.02 0.1"/>
      <geom type="box" size="0.1 0.2 0.3"/>
      <geom type="mesh" mesh="tet"/>
    </body>
  </worldbody>
</mujoco>`;

test('the 3D picture\'s geom kinds by the loaded MuJoCo\'s mjtGeom (mjEnums.js geomKind, robot3dShapes.js\'s, with the enums the robot\'s worker sends)', { skip: needMujoco }, async () => {
  assert.ok(loadMujoco, noMujoco || 'MuJoCo 3.14 does not load (CI=true)');
  const mj = await loadMujoco();
  const e = mjEnums(mj);
  for (const [k, name] of [['geomPlane', 'PLANE'], ['geomSphere', 'SPHERE'], ['geomCapsule', 'CAPSULE'], ['geomEllipsoid', 'ELLIPSOID'],
    ['geomCylinder', 'CYLINDER'], ['geomBox', 'BOX'], ['geomMesh', 'MESH']]) assert.equal(e[k], mj.mjtGeom[`mjGEOM_${name}`].value, k);
  mj.FS.mkdir('/shapes');
  mj.FS.writeFile('/shapes/model.xml', SHAPES);
  const m = mj.MjModel.mj_loadXML('/shapes/model.xml');
  let types;
  try {
    types = Array.from(m.geom_type);
  } finally {
    m.delete();
  }
  const KINDS = ['plane', 'sphere', 'capsule', 'ellipsoid', 'cylinder', 'box', 'mesh'];
  assert.deepEqual(types.map((x) => geomKind(e, x)), KINDS);
  // the enums as the worker posts them to the page (a structured clone)
  assert.deepEqual(types.map((x) => geomKind(structuredClone(e), x)), KINDS);
  // a height field and an SDF are not drawn
  assert.equal(geomKind(e, mj.mjtGeom.mjGEOM_HFIELD.value), null);
  assert.equal(geomKind(e, mj.mjtGeom.mjGEOM_SDF.value), null);
  // a MuJoCo numbering other than 3.14's (box and sphere swapped in the enums
  // and the model alike): the kinds follow the module's values, not numbers of their own
  const swapped = { ...e, geomSphere: e.geomBox, geomBox: e.geomSphere };
  assert.deepEqual(types.map((x) => (x === e.geomBox ? e.geomSphere : x === e.geomSphere ? e.geomBox : x)).map((x) => geomKind(swapped, x)), KINDS);
});
