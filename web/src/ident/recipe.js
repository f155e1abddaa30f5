// ident/recipe.js: the recording recipe (the core's fric_recipe.h, by
// core.io.recipe) as a LeRobot v3.0 dataset of one episode whose `action`
// column LeRobot's replay plays back, DOM-free (tools/recipe.mjs writes it to
// disk; the page may hand it out as files).
//
// The layout is LeRobot's v3.0 (huggingface/lerobot, LeRobotDataset; as
// ../shared/data/robot_ident/T0/lerobot/recipe is laid out):
//   meta/info.json                            codebase_version v3.0, fps, features
//   meta/stats.json                           min, max, mean, std, count per feature
//   meta/tasks.parquet                        the task (pandas' index) and its index
//   meta/episodes/chunk-000/file-000.parquet  the episode's row: its length, its
//                                             data file, its rows' first and end index
//   data/chunk-000/file-000.parquet           one row a frame: action and
//                                             observation.state (float32 per motor),
//                                             timestamp (k/fps), frame_index,
//                                             episode_index, index, task_index
// `action` is each goal in the unit mode asked, through the core's conversion
// (core.io.lerobotValue: the MJCF's angle → the servo's raw count → LeRobot's
// value, the inverse of the reader's); a gripper's is RANGE_0_100 as
// LeRobot's. The episode is a plan, nothing was measured: observation.state
// holds the goals too, so the reader (ident/recording.js) and LeRobot load
// it as any dataset. Parquet is written by hyparquet-writer (npm, pinned).
import { parquetWriteBuffer } from 'hyparquet-writer';
import { DEFAULT_RAW_ZERO, motorBase } from './recording.js';

const F32 = (x) => Math.fround(x);

/** pandas' metadata of a frame whose index is the column __index_level_0__
 *  (LeRobot reads meta/tasks.parquet with pandas: the task strings are its index). */
const PANDAS_TASKS = JSON.stringify({
  index_columns: ['__index_level_0__'],
  column_indexes: [{ name: null, field_name: null, pandas_type: 'unicode', numpy_type: 'object', metadata: { encoding: 'UTF-8' } }],
  columns: [
    { name: 'task_index', field_name: 'task_index', pandas_type: 'int64', numpy_type: 'int64', metadata: null },
    { name: null, field_name: '__index_level_0__', pandas_type: 'unicode', numpy_type: 'object', metadata: null },
  ],
  attributes: {},
});

const list = (name, type) => [
  { name, repetition_type: 'OPTIONAL', converted_type: 'LIST', num_children: 1 },
  { name: 'list', repetition_type: 'REPEATED', num_children: 1 },
  { name: 'element', type, repetition_type: 'OPTIONAL' },
];
const scalar = (name, type) => ({ name, type, repetition_type: 'OPTIONAL' });

/** min, max, mean, std, count of rows of vectors (LeRobot's stats.json entry). */
function stats(rows) {
  const n = rows.length, J = rows[0].length;
  const col = (f) => Array.from({ length: J }, (_, j) => f(rows.map((r) => r[j])));
  const mean = (a) => a.reduce((s, x) => s + x, 0) / a.length;
  return {
    min: col((a) => Math.min(...a)), max: col((a) => Math.max(...a)), mean: col(mean),
    std: col((a) => { const m = mean(a); return Math.sqrt(a.reduce((s, x) => s + (x - m) ** 2, 0) / a.length); }),
    count: [n],
  };
}

/**
 * The recipe as a LeRobot v3.0 dataset.
 *
 * core      the wasm core (loadFrictionCore)
 * recipe    core.io.recipe's answer ({ names, fps, n, goal })
 * options:
 *   calibration  LeRobot's calibration JSON (per motor range_min, range_max,
 *                drive_mode), as the reader takes it
 *   unit         the body joints' unit: 'DEGREES' or 'RANGE_M100_100'
 *   mapping      { [joint]: { motor, sign = 1, raw_zero = 2047 } }: a joint's
 *                motor where the names differ (default `<joint>.pos`), its sign and zero
 *   robotType    info.json's robot_type (e.g. 'so101_follower')
 *   task         the episode's task text
 * Returns { files: Map(path → Uint8Array), motors: [names], action: Float32 rows }.
 */
export function recipeDataset(core, recipe, { calibration, unit, mapping = {}, robotType = null, task = 'servo identification: recording recipe' } = {}) {
  const { names, fps, n, goal } = recipe, J = names.length;
  const motors = names.map((j) => mapping[j]?.motor ?? `${j}.pos`);
  const action = Array.from({ length: n }, () => new Array(J));
  names.forEach((joint, j) => {
    const base = motorBase(motors[j]);
    const cal = calibration?.[base] ?? calibration?.[motors[j]];
    if (!cal) throw new Error(`recipe: the calibration has no motor ${base} (joint ${joint}); give LeRobot's calibration of the robot.`);
    const m = {
      unit: /gripper/.test(base) ? 'RANGE_0_100' : unit, range_min: cal.range_min, range_max: cal.range_max,
      drive_mode: cal.drive_mode ?? 0, sign: mapping[joint]?.sign ?? 1, raw_zero: mapping[joint]?.raw_zero ?? DEFAULT_RAW_ZERO,
    };
    const q = Float64Array.from({ length: n }, (_, k) => goal[k * J + j]);
    const v = core.io.lerobotValue(m, q, joint, 'calibration');
    for (let k = 0; k < n; k++) action[k][j] = F32(v[k]);
  });
  const timestamp = Array.from({ length: n }, (_, k) => F32(k / fps));
  const ints = (f) => Array.from({ length: n }, (_, k) => BigInt(f(k)));
  const files = new Map();
  const hf = JSON.stringify({ info: { features: {
    action: { feature: { dtype: 'float32', _type: 'Value' }, length: J, _type: 'List' },
    'observation.state': { feature: { dtype: 'float32', _type: 'Value' }, length: J, _type: 'List' },
    timestamp: { dtype: 'float32', _type: 'Value' },
    ...Object.fromEntries(['frame_index', 'episode_index', 'index', 'task_index'].map((k) => [k, { dtype: 'int64', _type: 'Value' }])),
  } } });
  files.set('data/chunk-000/file-000.parquet', new Uint8Array(parquetWriteBuffer({
    columnData: [
      { name: 'action', data: action },
      { name: 'observation.state', data: action },
      { name: 'timestamp', data: timestamp },
      { name: 'frame_index', data: ints((k) => k) },
      { name: 'episode_index', data: ints(() => 0) },
      { name: 'index', data: ints((k) => k) },
      { name: 'task_index', data: ints(() => 0) },
    ],
    schema: [{ name: 'schema', num_children: 7 }, ...list('action', 'FLOAT'), ...list('observation.state', 'FLOAT'),
      scalar('timestamp', 'FLOAT'), scalar('frame_index', 'INT64'), scalar('episode_index', 'INT64'),
      scalar('index', 'INT64'), scalar('task_index', 'INT64')],
    kvMetadata: [{ key: 'huggingface', value: hf }],
  })));
  files.set('meta/episodes/chunk-000/file-000.parquet', new Uint8Array(parquetWriteBuffer({
    columnData: [
      { name: 'episode_index', data: [0n] },
      { name: 'tasks', data: [[task]] },
      { name: 'length', data: [BigInt(n)] },
      { name: 'data/chunk_index', data: [0n] },
      { name: 'data/file_index', data: [0n] },
      { name: 'dataset_from_index', data: [0n] },
      { name: 'dataset_to_index', data: [BigInt(n)] },
      { name: 'meta/episodes/chunk_index', data: [0n] },
      { name: 'meta/episodes/file_index', data: [0n] },
    ],
    schema: [{ name: 'schema', num_children: 9 }, scalar('episode_index', 'INT64'),
      { name: 'tasks', repetition_type: 'OPTIONAL', converted_type: 'LIST', num_children: 1 },
      { name: 'list', repetition_type: 'REPEATED', num_children: 1 },
      { name: 'element', type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: 'OPTIONAL' },
      ...['length', 'data/chunk_index', 'data/file_index', 'dataset_from_index', 'dataset_to_index',
        'meta/episodes/chunk_index', 'meta/episodes/file_index'].map((k) => scalar(k, 'INT64'))],
  })));
  files.set('meta/tasks.parquet', new Uint8Array(parquetWriteBuffer({
    columnData: [{ name: 'task_index', data: [0n] }, { name: '__index_level_0__', data: [task] }],
    schema: [{ name: 'schema', num_children: 2 }, scalar('task_index', 'INT64'),
      { name: '__index_level_0__', type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: 'OPTIONAL' }],
    kvMetadata: [{ key: 'pandas', value: PANDAS_TASKS }],
  })));
  const vec = { dtype: 'float32', names: motors, shape: [J] };
  const one = (dtype) => ({ dtype, shape: [1], names: null });
  const info = {
    codebase_version: 'v3.0', robot_type: robotType, total_episodes: 1, total_frames: n, total_tasks: 1,
    chunks_size: 1000, data_files_size_in_mb: 100, video_files_size_in_mb: 200, fps,
    splits: { train: '0:1' }, data_path: 'data/chunk-{chunk_index:03d}/file-{file_index:03d}.parquet', video_path: null,
    features: { action: vec, 'observation.state': vec, timestamp: one('float32'), frame_index: one('int64'),
      episode_index: one('int64'), index: one('int64'), task_index: one('int64') },
  };
  const enc = (o) => new TextEncoder().encode(`${JSON.stringify(o, null, 4)}\n`);
  files.set('meta/info.json', enc(info));
  const idx = (f) => stats(Array.from({ length: n }, (_, k) => [f(k)]));
  files.set('meta/stats.json', enc({
    action: stats(action), 'observation.state': stats(action), timestamp: stats(timestamp.map((x) => [x])),
    frame_index: idx((k) => k), episode_index: idx(() => 0), index: idx((k) => k), task_index: idx(() => 0),
  }));
  return { files, motors, action };
}
