// core_door.test.mjs: a sentence the core says at one of its doors
// ("adopt: ", "mujoco: ", fric__fail_door, core/base/base.h) carries the door
// as its recorded prefix (fric_error.prefix, the wrapper's Error.prefix), and
// the page shows the sentence after it in its own words (i18n/index.js
// afterDoor, tCoreAfterDoor: robot.js's "Mapping: " and "Adoption: ",
// sim.js's sentence of its own), never the door twice nor a piece of the
// sentence lost; in French the door is the table's (coreprefix.adopt) and
// the sentence the French one. Expected texts written here by hand from the
// core's English (the CLI's) and the French table's wording.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import loadMujoco from '@mujoco/mujoco';
import fs from 'node:fs';
import path from 'node:path';
import { loadCore, DATA } from './load.mjs';
import { replayOnScreen } from '../../web/src/replay.js';
import { createRobotPair } from '../../web/src/mujoco/robot.js';
import { createSim } from '../../web/src/mujoco/sim.js';
import { afterDoor, coreSentence } from '../../web/src/i18n/index.js';
import { TABLES } from '../../web/src/i18n/tables.js';

const [mj, core] = await Promise.all([loadMujoco(), loadCore()]);
const NB = '\u00a0';
const ARM = `<mujoco model="arm"><option timestep="0.001"/>
  <worldbody><body name="upper"><joint name="shoulder" type="hinge" axis="0 1 0"/><geom type="capsule" size="0.02" fromto="0 0 0 0.2 0 0" mass="0.5"/></body></worldbody>
  <actuator><position name="a_shoulder" joint="shoulder" kp="10"/></actuator>
</mujoco>`;
const files = new Map([['arm.xml', new TextEncoder().encode(ARM)]]);
/** The Error fn throws. */
const thrown = (fn) => { try { fn(); } catch (e) { return e; } assert.fail('no refusal'); };

describe('the core\'s door recorded as its prefix; the page\'s sentence after it', () => {
  it('a mapping without \'=\': "Mapping: " then the core\'s sentence after "adopt: " (English), its French after the French door', () => {
    const e = thrown(() => createRobotPair(mj, core, { files, mapping: 'shoulder', keyframe: -1 }));
    assert.equal(e.message, "Mapping: mapping entry 1 ('shoulder') has no '='; write TARGET=SERVO, TARGET a joint's name, class:NAME or *.");
    const c = e.cause;
    assert.equal(c.message, "adopt: mapping entry 1 ('shoulder') has no '='; write TARGET=SERVO, TARGET a joint's name, class:NAME or *.");
    assert.equal(c.prefix, 'adopt: ');
    assert.equal(c.id, 'adopt.mapping_entry_no');
    // the French page: the sentence after the door, and the whole message with the door once, in French
    assert.equal(coreSentence(TABLES.fr, afterDoor(c), ','),
      `l'entrée d'association 1 ('shoulder') n'a pas de '='${NB}; écrivez CIBLE=SERVO, CIBLE étant le nom d'une articulation, class:NOM ou *.`);
    assert.equal(coreSentence(TABLES.fr, c, ','),
      `adoption${NB}: l'entrée d'association 1 ('shoulder') n'a pas de '='${NB}; écrivez CIBLE=SERVO, CIBLE étant le nom d'une articulation, class:NOM ou *.`);
  });
  it('a joint the mapping names that the model does not have: "Adoption: " then the sentence after the door', () => {
    const e = thrown(() => createRobotPair(mj, core, { files, mapping: 'elbow=sts3215/m1', keyframe: -1 }));
    assert.equal(e.message, "Adoption: the model has no joint named 'elbow'; its joints: shoulder.");
    assert.equal(e.cause.prefix, 'adopt: ');
  });
  it('the sim\'s adapter: the sentence after "mujoco: ", as a sentence of its own', () => {
    const law = { kind: 'stribeck', Fs: 0.3, Fc: 0.2, vs: 0.05, D: 0.01, alpha: 1 };
    // two hinges, the second without armature: the core's refusal of the semi-implicit step
    const two = '<mujoco><option timestep="0.001" integrator="Euler"/><worldbody>'
      + '<body><joint name="j1" type="hinge" axis="0 1 0" armature="0.1"/><inertial pos="0 0 -0.2" mass="1" diaginertia="1e-9 1e-9 1e-9"/>'
      + '<body pos="0 0 -0.3"><joint name="j2" type="hinge" axis="0 1 0" armature="0"/>'
      + '<inertial pos="0 0 -0.15" mass="1" diaginertia="1e-9 1e-9 1e-9"/></body></body></worldbody></mujoco>';
    const e = thrown(() => createSim(mj, core, { xml: two, joints: [{ name: 'j1', law }, { name: 'j2', law }], treatment: 'implicit' }));
    assert.match(e.message, /^Joint 'j2' has armature = 0; the semi-implicit step of several joints splits each joint's rotor inertia/);
    assert.match(e.cause.message, /^mujoco: joint 'j2' has armature = 0; /);
    assert.equal(e.cause.prefix, 'mujoco: ');
    assert.match(coreSentence(TABLES.fr, afterDoor(e.cause), ','), new RegExp(`^l'articulation 'j2' a armature = 0${NB}; le pas semi-implicite de plusieurs articulations`));
  });
  it('the bindings\' own refusals at a door ("adopt: ", "replay: ") carry it as their prefix, the sentence after it', () => {
    // more servos than a mapping has entries (FRIC_MUJOCO_MAP_MAX = 32): refused before the handle is read
    assert.equal(core._m._fxb_robot_adopt(0, 0, 0, 33, 0, 0, 0, 0), -1);
    let e = core._fail();
    assert.equal(e.message, 'adopt: more servos than a mapping has entries.');
    assert.equal(e.prefix, 'adopt: ');
    assert.equal(afterDoor(e).message, 'more servos than a mapping has entries.');
    assert.equal(coreSentence(TABLES.fr, e, ','), `adoption${NB}: plus de servos que la correspondance n'a d'entrées.`);
    // a replay without a log (the bench's parameter count right, the log NULL)
    assert.equal(core._m._fxb_bench_replay(0, core.scenario.find('bench').params.length, 0, 0, 0, 0), 1);
    e = core._fail();
    assert.equal(e.message, 'replay: no log is loaded.');
    assert.equal(e.prefix, 'replay: ');
    assert.equal(coreSentence(TABLES.fr, afterDoor(e), ','), 'aucun enregistrement n\'est chargé.');
    assert.equal(coreSentence(TABLES.fr, e, ','), `relecture${NB}: aucun enregistrement n'est chargé.`);
  });
  const XL_DIR = path.join(DATA, 'logs/xl330/processed');
  it('a replay the core refuses: "The log was refused: " then the sentence after the log\'s door ("log NAME: ")', { skip: fs.existsSync(XL_DIR) ? false : `missing shared data: ${XL_DIR}` }, () => {
    const log = JSON.parse(fs.readFileSync(path.join(XL_DIR, fs.readdirSync(XL_DIR).filter((f) => f.endsWith('.json')).sort()[0]), 'utf8'));
    const info = core.scenario.find('bench');
    const row = replayOnScreen(core, info, core.scenario.params('bench', {}), { ...log, entries: log.entries.slice(0, 1) });
    assert.equal(row.error, 'The log was refused: "entries" has 1 entry; a replay needs at least 2.');
  });
  it('a prefix the core wrapped around a door keeps its inner part (coreprefix.servo_of after coreprefix.adopt)', () => {
    const e = { message: "adopt: the servo 'x' of 'shoulder': the model has no joint named 'elbow'; its joints: shoulder.", id: 'adopt.model_no_joint',
      values: { target: 'elbow', list: 'shoulder' }, prefix: "adopt: the servo 'x' of 'shoulder': " };
    const a = afterDoor(e);
    assert.equal(a.message, "the servo 'x' of 'shoulder': the model has no joint named 'elbow'; its joints: shoulder.");
    assert.equal(a.prefix, "the servo 'x' of 'shoulder': ");
  });
});
