#!/usr/bin/env node
// recipe.mjs: the recording recipe (the core's fric_recipe.h, as `friction
// recording recipe` writes it) as a LeRobot v3.0 dataset whose `action` column
// LeRobot's replay plays back on the robot (web/src/ident/recipe.js), and
// optionally as the CSV and the parts' JSON the native tool writes.
//
//   node tools/recipe.mjs --mjcf ROBOT.xml --calibration CAL.json --unit DEGREES|RANGE_M100_100
//        --out DATASET [--setup SETUP.json] [--seconds S] [--fps F]
//        [--robot-type TYPE] [--task TEXT] [--csv RECIPE.csv] [--segments FILE.json]
//
// The joints are those the MJCF's actuators drive (hinge or slide, through a
// joint), their ranges MuJoCo's compiled jnt_range (MuJoCo 3.14, npm
// @mujoco/mujoco), in the model's joint order, as the native tool reads them.
// --setup: a file as ../shared/data/robot_ident/T0/setup.json (each joint's
// sign and raw_zero, the robot type). Exit 0; 2 with one sentence on stderr.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import loadMujoco from '@mujoco/mujoco';
import { loadFrictionCore } from '../wasm/friction.js';
import { BODY_UNITS } from '../web/src/ident/recording.js';
import { recipeDataset } from '../web/src/ident/recipe.js';
import { mjEnums, nameOf } from '../web/src/mujoco/mjEnums.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const USAGE = `usage: node tools/recipe.mjs --mjcf ROBOT.xml --calibration CAL.json --unit DEGREES|RANGE_M100_100
         --out DATASET [--setup SETUP.json] [--seconds S] [--fps F] [--robot-type TYPE]
         [--task TEXT] [--csv RECIPE.csv] [--segments FILE.json]`;

const fail = (msg) => { process.stderr.write(`recipe: ${msg}\n`); process.exit(2); };

const readJson = (file, what) => {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (e) {
    return fail(`${what} ${file}: ${e.message}`);
  }
};

/** The joints the model's actuators drive (hinge or slide through a joint),
 *  with their ranges [rad]: what fric_mujoco_recipe_joints reads natively. */
async function drivenJoints(file) {
  const mj = await loadMujoco();
  let m;
  try {
    m = mj.MjModel.from_xml_string(fs.readFileSync(file, 'utf8'));
  } catch (e) {
    return fail(`${file} does not load in MuJoCo: ${e.message ?? e}`);
  }
  try {
    const JNT = mj.mjtJoint, TRN = mj.mjtTrn.mjTRN_JOINT.value;
    const names = [], lo = [], hi = [];
    for (let j = 0; j < m.njnt; j++) {
      if (m.jnt_type[j] !== JNT.mjJNT_HINGE.value && m.jnt_type[j] !== JNT.mjJNT_SLIDE.value) continue;
      let driven = false;
      for (let a = 0; a < m.nu && !driven; a++) driven = m.actuator_trntype[a] === TRN && m.actuator_trnid[2 * a] === j;
      if (!driven) continue;
      const name = nameOf(mj, m, mjEnums(mj).objJoint, j);
      // a range lo < hi: a limited joint (MuJoCo 3.14's JS model has no jnt_limited; an unlimited one keeps 0 0)
      if (!(m.jnt_range[2 * j] < m.jnt_range[2 * j + 1])) return fail(`${file}: joint ${name} has no range in the MJCF; give it one (limited="true" range="lo hi"): the recipe keeps every goal inside it.`);
      names.push(name);
      lo.push(m.jnt_range[2 * j]);
      hi.push(m.jnt_range[2 * j + 1]);
    }
    return { names, lo, hi };
  } finally {
    m.delete();
  }
}

async function main() {
  let args;
  try {
    args = parseArgs({ options: {
      mjcf: { type: 'string' }, calibration: { type: 'string' }, unit: { type: 'string' }, out: { type: 'string' },
      setup: { type: 'string' }, seconds: { type: 'string' }, fps: { type: 'string' }, 'robot-type': { type: 'string' },
      task: { type: 'string' }, csv: { type: 'string' }, segments: { type: 'string' }, help: { type: 'boolean', short: 'h' },
    } });
  } catch (e) {
    return fail(`${e.message}\n${USAGE}`);
  }
  const o = args.values;
  if (o.help) { process.stdout.write(`${USAGE}\n`); return; }
  if (!o.mjcf || !o.out) return fail(`give the robot and the dataset folder to write: --mjcf ROBOT.xml --out DATASET.\n${USAGE}`);
  if (!o.calibration) return fail('--calibration CAL.json is required: the action is written in LeRobot\'s units, through the calibration.');
  if (!BODY_UNITS.includes(o.unit)) return fail(`--unit ${o.unit ?? '(none)'}: give the unit mode the robot records in, one of ${BODY_UNITS.join(', ')}.`);
  if (fs.existsSync(o.out) && fs.readdirSync(o.out).length) return fail(`--out ${o.out} is not an empty folder; give a new one (a dataset is never written over).`);
  const num = (s, name, dflt) => {
    if (s === undefined) return dflt;
    const x = Number(s);
    return Number.isFinite(x) && s.trim() !== '' ? x : fail(`--${name} '${s}' is not a number.`);
  };
  const setup = o.setup ? readJson(o.setup, 'setup') : null;
  const calibration = readJson(o.calibration, 'calibration');
  const joints = await drivenJoints(o.mjcf);
  const core = await loadFrictionCore({ wasmBinary: fs.readFileSync(path.join(ROOT, 'build/wasm/friction_core.wasm')) });
  let recipe, ds;
  try {
    recipe = core.io.recipe(joints, { fps: num(o.fps, 'fps', 30), seconds: num(o.seconds, 'seconds', 120) });
    const mapping = Object.fromEntries(Object.entries(setup?.joints ?? {}).map(([j, m]) => [j, { sign: m.sign ?? 1, raw_zero: m.raw_zero ?? 2047 }]));
    ds = recipeDataset(core, recipe, { calibration, unit: o.unit, mapping, robotType: o['robot-type'] ?? setup?.robot_type ?? null, task: o.task });
  } catch (e) {
    return fail(e.message);
  }
  for (const [p, bytes] of ds.files) {
    fs.mkdirSync(path.dirname(path.join(o.out, p)), { recursive: true });
    fs.writeFileSync(path.join(o.out, p), bytes);
  }
  if (o.csv) fs.writeFileSync(o.csv, recipe.csv);
  if (o.segments) fs.writeFileSync(o.segments, `${JSON.stringify(recipe.segments, null, 1)}\n`);
  const s = recipe.segments.segments;
  process.stdout.write(`recipe ${o.out}: ${joints.names.length} joints, ${recipe.n} frames, ${(recipe.n - 1) / recipe.fps} s at ${recipe.fps} Hz; `
    + `${recipe.poses} poses, ${s.filter((x) => x.kind === 'hold').length} holds, ${s.filter((x) => x.kind === 'sweep').length} sweeps; `
    + `action in ${o.unit} (LeRobot v3.0)\n`);
}

await main();
