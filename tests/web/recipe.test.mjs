// recipe.test.mjs: the recording recipe in Node (core.io.recipe, the core's
// fric_recipe.h through wasm; web/src/ident/recipe.js, its LeRobot v3.0
// dataset; tools/recipe.mjs), run by `node --test`.
//
//   the same recipe   the CSV core.io.recipe gives for the SO-101's ranges
//                     (read by MuJoCo 3.14 from so101_stripped.xml) equals
//                     byte for byte what the native `friction recording
//                     recipe` writes (read by MuJoCo 2.2.2)
//   units back        core.io.lerobotValue then lerobotRad (the reader's
//                     conversion) gives the angles back, on T0's calibration,
//                     both modes and the gripper's
//   read back         the dataset written (both unit modes) read by the
//                     existing reader (ident/recording.js, readLeRobot): the
//                     goals within float32's rounding (2e-6 rad) of the
//                     recipe's, the frames at k/fps; LeRobot's files there
//   the tool          tools/recipe.mjs writes the folder the reader reads;
//                     a folder not empty and a missing unit are refused
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { parquetReadObjects } from 'hyparquet';
import { loadCore, loadMujocoNpm, ROOT, CLI } from './load.mjs';
import { readLeRobot, folderOfFiles } from '../../web/src/ident/recording.js';
import { recipeDataset } from '../../web/src/ident/recipe.js';

const IDENT = path.resolve(ROOT, '../shared/data/robot_ident');
const T0 = path.join(IDENT, 'T0');
const have = fs.existsSync(path.join(T0, 'calibration.json'));
const noData = have ? false : `${T0} not found (../shared/data/robot_ident)`;
if (noData && process.env.CI === 'true') throw new Error(noData);

const core = await loadCore();
const json = (p) => JSON.parse(fs.readFileSync(p, 'utf8'));

/** The joints the MJCF's actuators drive and their ranges, by MuJoCo 3.14. */
async function so101Joints() {
  const { loadMujoco, noMujoco } = await loadMujocoNpm();
  if (!loadMujoco) return { skip: noMujoco };
  const mj = await loadMujoco();
  const m = mj.MjModel.from_xml_string(fs.readFileSync(path.join(IDENT, 'so101_stripped.xml'), 'utf8'));
  const names = [], lo = [], hi = [];
  for (let j = 0; j < m.njnt; j++) {
    names.push(mj.mj_id2name(m, mj.mjtObj.mjOBJ_JOINT.value, j));
    lo.push(m.jnt_range[2 * j]);
    hi.push(m.jnt_range[2 * j + 1]);
  }
  m.delete();
  return { names, lo, hi };
}

describe('the recording recipe in Node', { skip: noData }, () => {
  it('core.io.recipe writes the native tool\'s CSV byte for byte (SO-101)', async (t) => {
    const joints = await so101Joints();
    if (joints.skip) return t.skip(joints.skip);
    const r = core.io.recipe(joints);
    assert.equal(r.n, 3601);
    assert.equal(r.goal.length, r.n * 6);
    if (!fs.existsSync(CLI)) return t.skip(`${CLI} not built (make cli)`);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'recipe-'));
    try {
      const out = spawnSync(CLI, ['recording', 'recipe', '--mjcf', path.join(IDENT, 'so101_stripped.xml'), '--out', path.join(dir, 'r.csv')], { encoding: 'utf8' });
      if (/built without MuJoCo/.test(out.stderr)) return t.skip('the tool was built without MuJoCo');
      assert.equal(out.status, 0, out.stderr);
      assert.equal(r.csv, fs.readFileSync(path.join(dir, 'r.csv'), 'utf8'));
      assert.deepEqual(r.segments, json(path.join(dir, 'r_segments.json')));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('lerobotValue is lerobotRad\'s inverse (T0\'s calibration, both modes, the gripper)', () => {
    const cal = json(path.join(T0, 'calibration.json'));
    const q = [-1.2, -0.3, 0, 0.25, 1.1];
    for (const [motor, unit] of [['shoulder_lift', 'DEGREES'], ['elbow_flex', 'RANGE_M100_100'], ['gripper', 'RANGE_0_100']]) {
      const m = { unit, range_min: cal[motor].range_min, range_max: cal[motor].range_max, drive_mode: 0, sign: 1, raw_zero: 2047 };
      const back = core.io.lerobotRad(m, core.io.lerobotValue(m, q));
      q.forEach((x, i) => assert.ok(Math.abs(back[i] - x) < 1e-12, `${motor} ${unit}: ${x} came back ${back[i]}`));
    }
    // DEGREES by hand: q = 0.1 rad is 0.1·4096/2π counts past 2047, (raw − (min+max)/2)·360/4095 degrees
    const m = { unit: 'DEGREES', range_min: 921, range_max: 3160, drive_mode: 0, sign: 1, raw_zero: 2047 };
    const raw = 2047 + 0.1 * 4096 / (2 * Math.PI);
    assert.ok(Math.abs(core.io.lerobotValue(m, [0.1])[0] - (raw - (921 + 3160) / 2) * 360 / 4095) < 1e-12);
  });

  it('the dataset reads back through the reader to the recipe\'s goals (DEGREES and RANGE_M100_100)', async (t) => {
    const joints = await so101Joints();
    if (joints.skip) return t.skip(joints.skip);
    const r = core.io.recipe(joints);
    const calibration = json(path.join(T0, 'calibration.json'));
    for (const unit of ['DEGREES', 'RANGE_M100_100']) {
      const { files } = recipeDataset(core, r, { calibration, unit, robotType: 'so101_follower' });
      for (const p of ['meta/info.json', 'meta/stats.json', 'meta/tasks.parquet', 'meta/episodes/chunk-000/file-000.parquet', 'data/chunk-000/file-000.parquet']) {
        assert.ok(files.has(p), `${p} missing`);
      }
      const folder = folderOfFiles(new Map([...files].map(([p, b]) => [p, new Blob([b])])));
      const rec = await readLeRobot(core, folder, { joints: joints.names, calibration, unit, robotType: 'so101_follower', source: 'recipe' });
      assert.deepEqual(rec.names, joints.names);
      assert.equal(rec.t.length, r.n);
      let worst = 0;
      for (let k = 0; k < r.n; k++) {
        assert.equal(rec.t[k], Math.fround(k / 30));
        for (let j = 0; j < 6; j++) worst = Math.max(worst, Math.abs(rec.goal[k * 6 + j] - r.goal[k * 6 + j]));
      }
      assert.ok(worst < 2e-6, `${unit}: goals read back up to ${worst} rad from the recipe's`);
      // the episode's row and the task as LeRobot reads them
      const ab = (p) => { const b = files.get(p); return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength); };
      const [ep] = await parquetReadObjects({ file: ab('meta/episodes/chunk-000/file-000.parquet') });
      assert.equal(Number(ep.length), r.n);
      assert.equal(Number(ep.dataset_to_index), r.n);
      const [task] = await parquetReadObjects({ file: ab('meta/tasks.parquet') });
      assert.equal(Number(task.task_index), 0);
      assert.deepEqual(ep.tasks, [task.__index_level_0__]);
      const info = JSON.parse(new TextDecoder().decode(files.get('meta/info.json')));
      assert.equal(info.total_frames, r.n);
      assert.deepEqual(info.features.action.names, joints.names.map((j) => `${j}.pos`));
    }
  });

  it('tools/recipe.mjs writes the dataset the reader reads; refusals', (t) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'recipe-tool-'));
    try {
      const args = ['tools/recipe.mjs', '--mjcf', path.join(IDENT, 'so101_stripped.xml'), '--calibration', path.join(T0, 'calibration.json'),
        '--setup', path.join(T0, 'setup.json'), '--unit', 'RANGE_M100_100', '--seconds', '60', '--out', path.join(dir, 'ds'), '--csv', path.join(dir, 'r.csv')];
      const out = spawnSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8' });
      if (/does not load|Cannot find package/.test(out.stderr)) return t.skip(out.stderr);
      assert.equal(out.status, 0, out.stderr);
      assert.match(out.stdout, /^recipe .*ds: 6 joints, 1801 frames, 60 s at 30 Hz; 1 poses/);
      const read = spawnSync(process.execPath, ['tools/recording.mjs', path.join(dir, 'ds'), '--calibration', path.join(T0, 'calibration.json'),
        '--setup', path.join(T0, 'setup.json'), '--unit', 'RANGE_M100_100'], { cwd: ROOT, encoding: 'utf8' });
      assert.equal(read.status, 0, read.stderr);
      assert.match(read.stdout, /6 joints, 1801 frames, 60 s, 30 Hz/);
      const again = spawnSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8' });
      assert.equal(again.status, 2);
      assert.match(again.stderr, /is not an empty folder/);
      const noUnit = spawnSync(process.execPath, args.filter((a, i) => a !== '--unit' && args[i - 1] !== '--unit'), { cwd: ROOT, encoding: 'utf8' });
      assert.equal(noUnit.status, 2);
      assert.match(noUnit.stderr, /--unit .*DEGREES, RANGE_M100_100/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
