#!/usr/bin/env node
// ident.mjs: each joint's servo identified from recordings of the assembled
// robot, in Node: `friction ident` (cli/ident.c) through the page's own code
// (web/src/ident/identify.js, tracks.js: MuJoCo 3.14 from npm computes the
// tracks and replays the whole arm; the simulation, the fit, the ranges and
// the verdicts are the core's, in wasm). Prints the table `friction ident`
// prints and, with --out, writes the same params files; --model m1|m4 as
// `friction ident --model` (bam's servo, cli/ident_bam.c).
//
//   node tools/ident.mjs --mjcf ROBOT.xml TRAIN [TRAIN2 ...] [--hold-out HELD ...]
//        [--leave J,...] [--budget N] [--firmware-kp K] [--actuator A] [--out DIR]
//        [--model native|m1|m4] [--calibration CAL.json --unit DEGREES|RANGE_M100_100 (--setup SETUP.json)
//         [--episode N] [--robot-type T]]
//
// TRAIN and HELD: a recording's CSV (t, goal_<joint>, pos_<joint>, radians:
// the core's reader) or a LeRobot dataset folder (web/src/ident/recording.js,
// as tools/recording.mjs reads it: --calibration and --unit required,
// --setup for each joint's sign and raw zero and the robot type; the joints
// the MJCF's hinge joints otherwise).
// Exit 0; 2 with one sentence on stderr for anything refused.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import loadMujoco from '@mujoco/mujoco';
import { loadFrictionCore } from '../wasm/friction.js';
import { readLeRobot } from '../web/src/ident/recording.js';
import { prepare, fitJoint, replays, reportLines, paramsFiles, mappingText, fitJointBam, reportLinesBam, paramsFilesBam, DEFAULT_ACTUATOR } from '../web/src/ident/identify.js';
import { compiled } from '../web/src/mujoco/robotFiles.js';
import { hingeNames } from '../web/src/ident/tracks.js';
import { readFolder } from './robot.mjs';
import { diskFolder } from './recording.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const USAGE = `usage: node tools/ident.mjs --mjcf ROBOT.xml TRAIN [TRAIN2 ...] [--hold-out HELD ...]
         [--leave J,...] [--budget N] [--firmware-kp K] [--actuator A] [--out DIR] [--model native|m1|m4]
         [--calibration CAL.json --unit DEGREES|RANGE_M100_100 [--setup SETUP.json] [--episode N] [--robot-type T]]
  TRAIN, HELD: a recording's CSV (t, goal_<joint>, pos_<joint>, radians) or a LeRobot dataset folder.`;

class Refusal extends Error {}

const readJson = (file, what) => {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (e) {
    throw new Refusal(`${what} ${file}: ${e.code === 'ENOENT' ? 'no such file' : e.message}.`);
  }
};

/** A recording's arrays ({ names, t, goal, pos, period, source }) from a CSV file or a LeRobot folder. */
async function readRecording(core, file, o, joints) {
  if (!fs.existsSync(file)) throw new Refusal(`ident: no file or folder ${file}.`);
  if (fs.statSync(file).isDirectory()) {
    if (!o.calibration) throw new Refusal(`ident: ${file} is a LeRobot dataset: give its calibration with --calibration CAL.json (LeRobot keeps it outside the dataset).`);
    const setup = o.setup ? readJson(o.setup, 'setup') : null;
    const mapping = setup ? Object.fromEntries(Object.entries(setup.joints ?? {}).map(([j, m]) => [j, { joint: j, sign: m.sign ?? 1, raw_zero: m.raw_zero ?? 2047 }])) : {};
    const r = await readLeRobot(core, diskFolder(file), {
      joints: setup ? Object.keys(setup.joints ?? {}) : joints, calibration: readJson(o.calibration, 'calibration'), unit: o.unit, mapping,
      episode: o.episode === undefined ? 0 : Number(o.episode), robotType: o['robot-type'] ?? setup?.robot_type ?? null, source: file,
    });
    return { names: r.names, t: r.t, goal: r.goal, pos: r.pos, period: r.period ?? 0, source: file };
  }
  core.io.checkSize('recording', fs.statSync(file).size, file);
  const r = core.io.recordingCsv(fs.readFileSync(file, 'utf8'), file);
  return { names: r.names, t: r.t, goal: r.goal, pos: r.pos, period: 0, source: file };
}

async function main() {
  let a;
  try {
    a = parseArgs({ allowPositionals: true, options: {
      mjcf: { type: 'string' }, 'hold-out': { type: 'string', multiple: true }, leave: { type: 'string' }, budget: { type: 'string' },
      'firmware-kp': { type: 'string' }, actuator: { type: 'string' }, out: { type: 'string' }, model: { type: 'string' },
      calibration: { type: 'string' }, unit: { type: 'string' }, setup: { type: 'string' }, episode: { type: 'string' }, 'robot-type': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    } });
  } catch (e) {
    throw new Refusal(`ident: ${e.message}\n${USAGE}`);
  }
  const o = a.values;
  if (o.help) { process.stdout.write(`${USAGE}\n`); return; }
  if (!o.mjcf) throw new Refusal('ident: give the robot\'s MJCF with --mjcf ROBOT.xml.');
  if (!a.positionals.length) throw new Refusal('ident: give at least one training recording TRAIN.csv.');
  const [mj, core] = await Promise.all([loadMujoco(), loadFrictionCore({ wasmBinary: fs.readFileSync(path.join(ROOT, 'build/wasm/friction_core.wasm')) })]);
  const budget = o.budget === undefined ? core.ident.constants.budget : Number(o.budget);
  if (!(Number.isInteger(budget) && budget >= 1 && budget <= 10000000)) throw new Refusal(`ident: --budget ${o.budget} must be a whole number of evaluations in 1 .. 10000000.`);
  const firmwareKp = o['firmware-kp'] === undefined ? core.ident.constants.firmwareKp : Number(o['firmware-kp']);
  const actuator = o.actuator ?? DEFAULT_ACTUATOR;
  if (!core.bench.actuatorOf(actuator)) throw new Refusal(`ident: --actuator ${actuator} is not an actuator of the core (sts3215, xl330, ...).`);
  const model = o.model ?? 'native';
  if (!['native', 'm1', 'm4'].includes(model)) throw new Refusal(`ident: --model ${model} is not native, m1 or m4.`);
  const bam = model !== 'native';
  // the recordings first, then the MJCF (the native tool's order)
  let m, files, main;
  const load = () => {
    if (!fs.existsSync(o.mjcf)) throw new Refusal(`ident: no file ${o.mjcf}.`);
    main = path.basename(o.mjcf);
    try {
      files = readFolder(path.dirname(path.resolve(o.mjcf)), main, core);
      m = compiled(mj, files, main).m;
    } catch (e) {
      throw new Refusal(`ident: ${o.mjcf}: ${e.message}`);
    }
  };
  const needsJoints = [...a.positionals, ...(o['hold-out'] ?? [])].some((f) => fs.existsSync(f) && fs.statSync(f).isDirectory());
  let hinges = null;
  if (needsJoints && !o.setup) {
    load();
    hinges = hingeNames(mj, m);
  }
  const train = [], held = [];
  try {
    for (const f of a.positionals) train.push(await readRecording(core, f, o, hinges));
    for (const f of o['hold-out'] ?? []) held.push(await readRecording(core, f, o, hinges));
  } catch (e) {
    throw new Refusal(e instanceof Refusal ? e.message : `ident: ${e.message}`);
  }
  if (!m) load();
  let prep;
  try {
    prep = prepare(mj, core, m, { train, held, leave: o.leave ?? [], firmwareKp, mjcfName: o.mjcf, heldSet: bam });
  } catch (e) {
    throw new Refusal(`ident: ${e.message}`);
  }
  try {
    const results = prep.names.map(() => null);
    prep.names.forEach((name, j) => {
      if (prep.leave[j]) return;
      process.stderr.write(bam ? `ident: fitting ${name} (M${model.slice(1)}) ...\n` : `ident: fitting ${name} ...\n`);
      results[j] = bam ? fitJointBam(prep, j, { model, actuator: core.bench.actuatorOf(actuator), budget }) : fitJoint(prep, j, { budget });
    });
    const runs = bam ? null : replays(mj, core, m, prep, results, { mjcfName: o.mjcf });
    if (o.out) {
      if (!fs.existsSync(o.out)) fs.mkdirSync(o.out, { recursive: true });
      if (!fs.statSync(o.out).isDirectory()) throw new Refusal(`ident: --out ${o.out} is not a folder.`);
      const files = bam ? paramsFilesBam(core, prep, results, model, core.bench.actuatorOf(actuator)) : paramsFiles(core, prep, results, actuator);
      for (const [joint, text] of Object.entries(files)) fs.writeFileSync(path.join(o.out, `${joint}.json`), text);
    }
    const lines = bam ? reportLinesBam(core, { mjcf: o.mjcf, prep, results, model, actuator: core.bench.actuatorOf(actuator) })
      : reportLines(core, { mjcf: o.mjcf, prep, results, runs });
    process.stdout.write(`${lines.join('\n')}\n`);
    // the command that adopts the native files back, as `friction ident --out` prints it
    if (o.out && !bam) {
      const fitted = prep.names.filter((_, j) => !prep.leave[j] && results[j]);
      process.stdout.write(`adopt the fitted servos: friction mujoco ${o.mjcf} --adopt '${mappingText(prep, results)}'${fitted.map((n) => ` --params ${n}=${o.out}/${n}.json`).join('')}\n`);
    }
  } finally {
    prep.free();
  }
}

main().catch((e) => {
  process.stderr.write(`${e instanceof Refusal ? e.message : `ident: ${e.stack ?? e}`}\n`);
  process.exit(2);
});
