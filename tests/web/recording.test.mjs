// recording.test.mjs: a robot's recording read from a LeRobot dataset
// (web/src/ident/recording.js: hyparquet, then the core's units and check),
// run by `node --test`.
//
// The reference is independent of the reader: T0's CSVs
// (../shared/data/robot_ident/T0/{recipe,teleop}.csv, written beside the
// LeRobot datasets from the same simulation; its README: they agree to 7e-8
// rad), parsed here with String.split, and the joint ranges of the MJCF as
// MuJoCo 3.14 (npm, the page's MuJoCo) compiles them. The refusals are the
// datasets of T0 with one thing broken: a v2.1 layout written here from the
// v3.0 rows (hyparquet-writer), a frame left out, a NaN, another robot type,
// a parquet that is not LeRobot's, a file over the size limit.
import { describe, it, before } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { parquetReadObjects } from 'hyparquet';
import { parquetWriteBuffer } from 'hyparquet-writer';
import { loadCore, loadMujocoNpm, ROOT } from './load.mjs';
import { readLeRobot, outsideRange, unitMismatch, folderOfFiles, motorBase } from '../../web/src/ident/recording.js';

const IDENT = path.resolve(ROOT, '../shared/data/robot_ident');
const T0 = path.join(IDENT, 'T0');
const have = fs.existsSync(path.join(T0, 'lerobot/recipe/meta/info.json'));
const noData = have ? false : `${T0} not found (../shared/data/robot_ident)`;
if (noData && process.env.CI === 'true') throw new Error(noData);

const core = await loadCore();
const JOINTS = ['shoulder_pan', 'shoulder_lift', 'elbow_flex', 'wrist_flex', 'wrist_roll', 'gripper'];

/** A dataset folder on disk, as the reader takes it. */
const diskFolder = (dir) => ({
  has: (p) => fs.existsSync(path.join(dir, p)),
  size: (p) => fs.statSync(path.join(dir, p)).size,
  read: async (p) => { const b = fs.readFileSync(path.join(dir, p)); return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength); },
});
/** A dataset folder in memory: { path: ArrayBuffer | string }, sizes as given (a lie for the size test). */
const memFolder = (files, sizes = {}) => ({
  has: (p) => p in files,
  size: (p) => sizes[p] ?? (typeof files[p] === 'string' ? Buffer.byteLength(files[p]) : files[p].byteLength),
  read: async (p) => (typeof files[p] === 'string' ? new TextEncoder().encode(files[p]).buffer : files[p]),
});
const json = (p) => JSON.parse(fs.readFileSync(p, 'utf8'));

/** T0/recipe.csv parsed by split: { names, t, goal, pos } (frame-major). */
function csv(p) {
  const [head, ...lines] = fs.readFileSync(p, 'utf8').trim().split('\n');
  const cols = head.split(',');
  const names = cols.filter((c) => c.startsWith('goal_')).map((c) => c.slice(5));
  const rows = lines.map((l) => l.split(',').map(Number));
  const col = (c) => cols.indexOf(c);
  return {
    names, t: rows.map((r) => r[0]),
    goal: rows.flatMap((r) => names.map((n) => r[col(`goal_${n}`)])),
    pos: rows.flatMap((r) => names.map((n) => r[col(`pos_${n}`)])),
  };
}

let setup, calibration, mapping;
if (have) {
  setup = json(path.join(T0, 'setup.json'));
  calibration = json(path.join(T0, 'calibration.json'));
  mapping = Object.fromEntries(Object.entries(setup.joints).map(([j, m]) => [j, { joint: j, sign: m.sign, raw_zero: m.raw_zero }]));
}
const opts = (extra = {}) => ({ joints: JOINTS, calibration, mapping, robotType: setup.robot_type, ...extra });
const maxDiff = (a, b) => a.reduce((m, x, i) => Math.max(m, Math.abs(x - b[i])), 0);

describe('LeRobot v3.0 datasets of T0 against its CSVs', { skip: noData }, () => {
  for (const [name, unit] of [['recipe', 'DEGREES'], ['teleop', 'RANGE_M100_100']]) {
    it(`${name} (${unit}): every goal and position within 1e-7 rad of ${name}.csv`, async () => {
      assert.equal(setup.unit_mode[name], unit);
      const rec = await readLeRobot(core, diskFolder(path.join(T0, 'lerobot', name)), opts({ unit, source: name }));
      const ref = csv(path.join(T0, `${name}.csv`));
      assert.deepEqual(rec.names, ref.names);
      assert.equal(rec.t.length, ref.t.length);
      assert.equal(rec.version, 'v3.0');
      assert.ok(maxDiff(rec.goal, ref.goal) < 1e-7, `goal differs by ${maxDiff(rec.goal, ref.goal)} rad`);
      assert.ok(maxDiff(rec.pos, ref.pos) < 1e-7, `pos differs by ${maxDiff(rec.pos, ref.pos)} rad`);
      // timestamps are float32 in the dataset, 6 decimals in the CSV
      assert.ok(maxDiff(rec.t, ref.t) < 1e-5);
      assert.equal(rec.info.frames, ref.t.length);
      assert.ok(Math.abs(rec.info.rate - 30) < 1e-12, `rate ${rec.info.rate}: info.json's fps`);
      assert.ok(Math.abs(rec.info.duration - ref.t.at(-1)) < 1e-5);
    });
  }

  it('names match by base name: shoulder_pan.pos and main_shoulder_pan are shoulder_pan', () => {
    assert.equal(motorBase('shoulder_pan.pos'), 'shoulder_pan');
    assert.equal(motorBase('main_shoulder_pan'), 'shoulder_pan');
  });

  it('the page\'s door (files of a dropped folder) reads the same as the disk', async () => {
    const dir = path.join(T0, 'lerobot/teleop');
    const files = new Map();
    const walk = (d) => fs.readdirSync(d, { withFileTypes: true }).forEach((e) => {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else files.set(`teleop/${path.relative(dir, p)}`, new Blob([fs.readFileSync(p)]));
    });
    walk(dir);
    const a = await readLeRobot(core, folderOfFiles(files), opts({ unit: 'RANGE_M100_100' }));
    const b = await readLeRobot(core, diskFolder(dir), opts({ unit: 'RANGE_M100_100' }));
    assert.deepEqual(a.pos, b.pos);
    assert.deepEqual(a.goal, b.goal);
  });
});

// ------------------------------------------------------ a wrong unit mode
describe('a wrong unit mode', { skip: noData }, () => {
  let ranges = null, noMujoco = false;
  before(async () => {
    const { loadMujoco, noMujoco: why } = await loadMujocoNpm();
    if (!loadMujoco) { noMujoco = why; return; }
    const mj = await loadMujoco();
    const m = mj.MjModel.from_xml_string(fs.readFileSync(path.join(IDENT, 'so101_stripped.xml'), 'utf8'));
    ranges = Object.fromEntries(Array.from({ length: m.njnt }, (_, i) => [mj.mj_id2name(m, mj.mjtObj.mjOBJ_JOINT.value, i), [m.jnt_range[2 * i], m.jnt_range[2 * i + 1]]]));
    m.delete();
  });

  it('the measured positions come back whole servo counts in the recorded mode only (both T0 datasets, both ways)', async () => {
    for (const [name, right, wrong] of [['recipe', 'DEGREES', 'RANGE_M100_100'], ['teleop', 'RANGE_M100_100', 'DEGREES']]) {
      const dir = path.join(T0, 'lerobot', name);
      const r = await readLeRobot(core, diskFolder(dir), opts({ unit: right }));
      assert.equal(unitMismatch(r), null, `${name} in ${right}: ${unitMismatch(r)?.message}`);
      for (const m of r.motors) assert.ok(m.offCounts < 1e-3, `${name} ${m.motor}: ${m.offCounts} counts off`);
      const w = await readLeRobot(core, diskFolder(dir), opts({ unit: wrong }));
      const said = unitMismatch(w, { source: name });
      assert.ok(said, `${name} read in ${wrong} is not seen`);
      assert.match(said.message, new RegExp(`^dataset ${name}: the measured positions of \\w+\\.pos read in ${wrong} with this calibration come back up to 0\\.\\d+ counts off the servo's whole counts`));
      assert.ok(said.offCounts > 0.1);
    }
  });

  it('joint ranges: inside with the right mode; a wrong mode on T0 stays inside (measured), a wrong zero leaves them', async (t) => {
    if (noMujoco) { if (process.env.CI === 'true') throw new Error(noMujoco); t.skip(noMujoco); return; }
    for (const [name, right, wrong] of [['recipe', 'DEGREES', 'RANGE_M100_100'], ['teleop', 'RANGE_M100_100', 'DEGREES']]) {
      const dir = path.join(T0, 'lerobot', name);
      const r = await readLeRobot(core, diskFolder(dir), opts({ unit: right }));
      assert.equal(outsideRange(r, ranges), null);
      // the SO-101's ranges are some 200° wide, so RANGE_M100_100's ±100 is
      // near ±100°: the other mode moves the positions but keeps them inside
      const w = await readLeRobot(core, diskFolder(dir), opts({ unit: wrong }));
      assert.equal(outsideRange(w, ranges), null);
      assert.ok(maxDiff(r.pos, w.pos) > 0.1);
    }
    const zero = await readLeRobot(core, diskFolder(path.join(T0, 'lerobot/recipe')),
      opts({ unit: 'DEGREES', mapping: { ...mapping, shoulder_lift: { sign: 1, raw_zero: 3000 } } }));
    const out = outsideRange(zero, ranges);
    assert.ok(out);
    assert.match(out.message, /^dataset dataset: shoulder_lift is measured at -[\d.]+ rad in frame \d+ \(t = [\d.]+ s\), outside the MJCF's range -1\.745 … 1\.745 rad: check the unit mode/);
  });
});

// --------------------------------------------------- v2.1 and bad input
/** The v3.0 recipe's rows, read once with hyparquet. */
let rows = null;
const v3Rows = async () => {
  if (rows) return rows;
  const b = fs.readFileSync(path.join(T0, 'lerobot/recipe/data/chunk-000/file-000.parquet'));
  rows = await parquetReadObjects({ file: b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) });
  return rows;
};
const list = (name) => [
  { name, repetition_type: 'OPTIONAL', converted_type: 'LIST', num_children: 1 },
  { name: 'list', repetition_type: 'REPEATED', num_children: 1 },
  { name: 'element', type: 'FLOAT', repetition_type: 'OPTIONAL' },
];
/** A LeRobot data file of rows (action, observation.state float32 lists, timestamp, frame_index, episode_index). */
const dataFile = (rs) => parquetWriteBuffer({
  columnData: [
    { name: 'action', data: rs.map((r) => r.action) },
    { name: 'observation.state', data: rs.map((r) => r['observation.state']) },
    { name: 'timestamp', data: rs.map((r) => r.timestamp) },
    { name: 'frame_index', data: rs.map((r) => BigInt(r.frame_index)) },
    { name: 'episode_index', data: rs.map((r) => BigInt(r.episode_index)) },
  ],
  schema: [{ name: 'root', num_children: 5 }, ...list('action'), ...list('observation.state'),
    { name: 'timestamp', type: 'FLOAT', repetition_type: 'REQUIRED' },
    { name: 'frame_index', type: 'INT64', repetition_type: 'REQUIRED' },
    { name: 'episode_index', type: 'INT64', repetition_type: 'REQUIRED' }],
});
/** A v2.1 dataset of the recipe's rows (episode 0), edit(rows) applied. */
async function v21(edit = (r) => r, infoEdit = (i) => i) {
  const info = json(path.join(T0, 'lerobot/recipe/meta/info.json'));
  info.codebase_version = 'v2.1';
  info.data_path = 'data/chunk-{episode_chunk:03d}/episode_{episode_index:06d}.parquet';
  const rs = edit((await v3Rows()).map((r) => ({ ...r })));
  return {
    'meta/info.json': JSON.stringify(infoEdit(info)),
    'meta/episodes.jsonl': `${JSON.stringify({ episode_index: 0, tasks: ['recipe'], length: rs.length })}\n`,
    'data/chunk-000/episode_000000.parquet': dataFile(rs),
  };
}
const rejects = async (p, id, re) => {
  await assert.rejects(p, (e) => {
    assert.match(e.message, re);
    if (id) assert.equal(e.id ?? e.key, id);
    return true;
  });
};

describe('a v2.1 dataset and bad input', { skip: noData }, () => {
  it('v2.1 (data/chunk-000/episode_000000.parquet, meta/episodes.jsonl) reads as the v3.0 dataset', async () => {
    const a = await readLeRobot(core, memFolder(await v21()), opts({ unit: 'DEGREES' }));
    const ref = csv(path.join(T0, 'recipe.csv'));
    assert.equal(a.version, 'v2.1');
    assert.ok(maxDiff(a.pos, ref.pos) < 1e-7 && maxDiff(a.goal, ref.goal) < 1e-7);
  });

  it('a frame dropped: the core\'s sentence says between which frames', async () => {
    const f = await v21((rs) => rs.filter((r) => Number(r.frame_index) !== 100));
    await rejects(readLeRobot(core, memFolder(f), opts({ unit: 'DEGREES' })), 'rec.gap',
      /^recording dataset episode 0: frames dropped between frame 99 \(t = 3\.29999\d* s\) and frame 100 \(t = 3\.36666\d* s\): the step is 0\.0666\d* s, 2 nominal periods of 0\.0333333 s/);
  });

  it('a NaN in observation.state: the frame and the column', async () => {
    const f = await v21((rs) => { rs[7]['observation.state'] = [...rs[7]['observation.state']]; rs[7]['observation.state'][2] = NaN; return rs; });
    await rejects(readLeRobot(core, memFolder(f), opts({ unit: 'DEGREES' })), 'rec.not_finite',
      /frame 7 \(t = 0\.233\d* s\): pos_elbow_flex = nan is not finite/);
  });

  it('timestamps that go back: the core\'s sentence', async () => {
    const f = await v21((rs) => { rs[5].timestamp = 0; return rs; });
    await rejects(readLeRobot(core, memFolder(f), opts({ unit: 'DEGREES' })), 'rec.t_order', /frame 5: t = 0 s is not after frame 4's/);
  });

  it('another robot type (info.json robot_type)', async () => {
    const f = await v21(undefined, (i) => ({ ...i, robot_type: 'koch_follower' }));
    await rejects(readLeRobot(core, memFolder(f), opts({ unit: 'DEGREES' })), 'robotType',
      /^dataset dataset: meta\/info\.json says robot_type "koch_follower"; the MJCF is of so101_follower/);
  });

  it('a parquet that is not LeRobot\'s (no action, no observation.state)', async () => {
    const f = await v21();
    f['data/chunk-000/episode_000000.parquet'] = parquetWriteBuffer({ columnData: [{ name: 'x', data: [1, 2] }, { name: 'timestamp', data: [0, 0.1] }] });
    await rejects(readLeRobot(core, memFolder(f), opts({ unit: 'DEGREES' })), 'notLeRobot',
      /data\/chunk-000\/episode_000000\.parquet has no action, observation\.state, episode_index column \(its columns: x, timestamp\); it is not the data file of a LeRobot dataset/);
  });

  it('no calibration, and a calibration without the motor', async () => {
    const f = memFolder(await v21());
    await rejects(readLeRobot(core, f, opts({ unit: 'DEGREES', calibration: undefined })), 'noCalibration', /the unit mode DEGREES needs LeRobot's calibration of each motor/);
    const noGripper = { ...calibration };
    delete noGripper.gripper;
    await rejects(readLeRobot(core, f, opts({ unit: 'DEGREES', calibration: noGripper })), 'motorCalibration', /no entry "gripper" for the motor gripper\.pos/);
    // LeRobot's calibration before 2025 (arrays by motor_names): its units are others
    const old = { motor_names: ['shoulder_pan'], calib_mode: ['DEGREE'], homing_offset: [2048], drive_mode: [0] };
    await rejects(readLeRobot(core, f, opts({ unit: 'DEGREES', calibration: old })), 'oldCalibration', /the calibration is LeRobot's format from before 2025/);
    const bad = { ...calibration, elbow_flex: { ...calibration.elbow_flex, range_max: 100 } };
    await rejects(readLeRobot(core, f, opts({ unit: 'DEGREES', calibration: bad })), 'rec.motor_range', /"elbow_flex\.pos": range_min = 953 and range_max = 100 must satisfy/);
  });

  it('mismatched joint names: the motor, its name and the MJCF\'s joints; a mapping or leaving it out reads it', async () => {
    const f = memFolder(await v21());
    const joints = JOINTS.map((j) => (j === 'gripper' ? 'jaw' : j));
    await rejects(readLeRobot(core, f, opts({ unit: 'DEGREES', joints, mapping: {} })), 'joint',
      /the motor gripper\.pos \(meta\/info\.json, action and observation\.state\) matches no joint of the MJCF \(shoulder_pan, shoulder_lift, elbow_flex, wrist_flex, wrist_roll, jaw\) as "gripper"/);
    const mapped = await readLeRobot(core, f, opts({ unit: 'DEGREES', joints, mapping: { ...mapping, gripper: { joint: 'jaw', sign: 1, raw_zero: 2047 } } }));
    assert.deepEqual(mapped.names, joints);
    const left = await readLeRobot(core, f, opts({ unit: 'DEGREES', joints, mapping: {}, leave: ['gripper'] }));
    assert.deepEqual(left.names, JOINTS.slice(0, 5));
    // the mapping's sign: the joint's angle negated
    const neg = await readLeRobot(core, f, opts({ unit: 'DEGREES', mapping: { elbow_flex: { sign: -1, raw_zero: 2047 } } }));
    const pos = await readLeRobot(core, f, opts({ unit: 'DEGREES', mapping: {} }));
    assert.equal(neg.pos[2], -pos.pos[2]);
  });

  it('a unit mode that is not LeRobot\'s, an episode not there, a missing info.json', async () => {
    const f = memFolder(await v21());
    await rejects(readLeRobot(core, f, opts({ unit: 'RADIANS' })), 'unit', /the unit mode RADIANS is none of DEGREES, RANGE_M100_100/);
    await rejects(readLeRobot(core, f, opts({ unit: 'DEGREES', episode: 3 })), 'episode', /episode 3 is not in meta\/episodes \(episodes 0 … 0\)/);
    await rejects(readLeRobot(core, memFolder({}), opts({ unit: 'DEGREES' })), 'noFile', /meta\/info\.json is not in the folder/);
    await rejects(readLeRobot(core, diskFolder(path.join(T0, 'lerobot/recipe')), opts({ unit: 'DEGREES', episode: 1 })), 'episode', /episode 1 is not in meta\/episodes/);
  });

  it('a data file over the size limit (1 GB): the core\'s size sentence, before it is read', async () => {
    const files = await v21();
    const f = memFolder(files, { 'data/chunk-000/episode_000000.parquet': 2 ** 30 });
    await rejects(readLeRobot(core, f, opts({ unit: 'DEGREES' })), 'size.dataset',
      /^dataset dataset\/data\/chunk-000\/episode_000000\.parquet: the file is 1024\.0 MiB \(1073741824 bytes\); a file of a LeRobot dataset is read up to 256 MiB/);
  });
});

describe('the core\'s CSV reader through wasm equals the split of the file', { skip: noData }, () => {
  it('teleop.csv', () => {
    const text = fs.readFileSync(path.join(T0, 'teleop.csv'), 'utf8');
    const r = core.io.recordingCsv(text, 'teleop.csv'), ref = csv(path.join(T0, 'teleop.csv'));
    assert.deepEqual(r.names, ref.names);
    assert.deepEqual(Array.from(r.t), ref.t);
    assert.deepEqual(Array.from(r.goal), ref.goal);
    assert.deepEqual(Array.from(r.pos), ref.pos);
    assert.equal(core.heapUsed(), 0);
  });
});

describe('the Node door and the native door give the same recording, bit for bit', { skip: noData }, () => {
  it('tools/recording.mjs reads T0\'s teleop dataset and writes its CSV; friction recording check prints the same table', async () => {
    const { spawnSync } = await import('node:child_process');
    const { CLI } = await import('./load.mjs');
    const os = await import('node:os');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'recording-'));
    try {
      const out = path.join(dir, 'teleop.csv');
      const node = spawnSync(process.execPath, [path.join(ROOT, 'tools/recording.mjs'), path.join(T0, 'lerobot/teleop'),
        '--calibration', path.join(T0, 'calibration.json'), '--setup', path.join(T0, 'setup.json'), '--unit', 'RANGE_M100_100', '--csv', out], { encoding: 'utf8' });
      assert.equal(node.status, 0, node.stderr);
      assert.equal(node.stderr, '');
      const cli = spawnSync(CLI, ['recording', 'check', out], { encoding: 'utf8' });
      assert.equal(cli.status, 0, cli.stderr);
      const table = (s) => s.split('\n').slice(1).join('\n');
      assert.equal(table(cli.stdout), table(node.stdout));
      assert.match(cli.stdout, /^recording .*: 6 joints, 1801 frames, 60 s, 30 Hz/);
      // and the tool's refusal: one sentence, exit 2
      const bad = spawnSync(process.execPath, [path.join(ROOT, 'tools/recording.mjs'), path.join(T0, 'lerobot/teleop'),
        '--calibration', path.join(T0, 'calibration.json'), '--setup', path.join(T0, 'setup.json'), '--unit', 'DEGREES', '--robot-type', 'koch_follower'], { encoding: 'utf8' });
      assert.equal(bad.status, 2);
      assert.match(bad.stderr, /^recording: dataset .*: meta\/info\.json says robot_type "so101_follower"; the MJCF is of koch_follower/);
      assert.equal(bad.stdout, '');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
