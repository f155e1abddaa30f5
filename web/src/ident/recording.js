// ident/recording.js: a robot's recording read from a LeRobot dataset, DOM-free
// (the page's dropped folder, tools in Node and the Node tests read through it).
//
// LeRobot's formats (huggingface/lerobot, LeRobotDataset):
//   v3.0  meta/info.json; meta/episodes/chunk-XXX/file-XXX.parquet (one row an
//         episode: its data/chunk_index, data/file_index, length);
//         data/chunk-XXX/file-XXX.parquet (many episodes a file, info.data_path)
//   v2.1  meta/info.json; meta/episodes.jsonl (one line an episode);
//         data/chunk-XXX/episode_XXXXXX.parquet (one episode a file, chunk =
//         episode / chunks_size)
// Each data file: `action` (the goals sent) and `observation.state` (the
// positions measured), one float32 a motor named in info.json's features
// (`shoulder_pan.pos` …; older SO-100 datasets `main_shoulder_pan` …),
// `timestamp` [s], `episode_index`, `frame_index`. The parquet is read by
// hyparquet (npm, pinned); the values go through the core: LeRobot's units to
// the MJCF's radians (core.io.lerobotRad, through the raw counts) and the
// recording's check (core.io.recordingCheck: the refusals every door has).
import { parquetMetadata, parquetSchema, parquetReadObjects } from 'hyparquet';
import { t } from '../i18n/index.js';
import { BODY_UNITS } from './names.js';

/** LeRobot's units of a body joint (names.js; lerobot motors_bus.py MotorNormMode); a
 *  gripper's is always RANGE_0_100. */
export { BODY_UNITS };
/** The raw count at the MJCF's zero by default: so101_new_calib's, the middle
 *  of the range LeRobot's calibration centres (2047). */
export const DEFAULT_RAW_ZERO = 2047;

/** A dataset refusal: one sentence `dataset SOURCE: …` (the table's key
 *  recording.err.<key>, its values) as an Error with `what` (the role:
 *  'robot_type', 'columns', …) and `key` (<key>). */
function refuse(what, key, vars) {
  return Object.assign(new Error(t(key, vars)), { what, key: key.slice('recording.err.'.length) });
}

/** A folder of files for the reader from a Map of relative path → File or
 *  Blob (a dropped folder in the page; the paths as the folder has them,
 *  its top folder's name left out or kept). */
export function folderOfFiles(files) {
  const byPath = new Map();
  for (const [p, f] of files) byPath.set(p.replace(/^\.?\//, ''), f);
  const find = (p) => byPath.get(p) ?? [...byPath].find(([k]) => k.endsWith(`/${p}`))?.[1];
  return {
    has: (p) => find(p) !== undefined,
    size: (p) => find(p)?.size ?? 0,
    read: async (p) => find(p).arrayBuffer(),
  };
}

/** The motor's base name: `shoulder_pan.pos` → shoulder_pan; older SO-100
 *  datasets' `main_shoulder_pan` → shoulder_pan. */
export const motorBase = (m) => m.replace(/\.pos$/, '').replace(/^main_/, '');

/** The names of a feature of info.json (a list, or { motors: [...] } in
 *  some v2.1 datasets). */
function featureNames(info, key) {
  const n = info.features?.[key]?.names;
  if (Array.isArray(n)) return n;
  if (n && typeof n === 'object') return Object.values(n).find(Array.isArray) ?? null;
  return null;
}

/** "data/chunk-{chunk_index:03d}/file-{file_index:03d}.parquet" filled. */
const fillPath = (tpl, vars) => tpl.replace(/\{(\w+)(?::0(\d+)d)?\}/g, (_, k, w) => String(vars[k]).padStart(Number(w ?? 0), '0'));

const num = (v) => (typeof v === 'bigint' ? Number(v) : v);

/** Reads a whole file of the folder after the core's size check (kind 'dataset'). */
async function readChecked(core, folder, path, source) {
  core.io.checkSize('dataset', folder.size(path), `${source}/${path}`);
  return folder.read(path);
}

async function readJson(core, folder, path, source) {
  if (!folder.has(path)) throw refuse('layout', 'recording.err.noFile', { source, path });
  const text = new TextDecoder().decode(await readChecked(core, folder, path, source));
  try {
    return JSON.parse(text);
  } catch (e) {
    throw refuse('layout', 'recording.err.json', { source, path, why: e.message });
  }
}

/** The episode's row of meta/episodes (v3.0: the parquet files in order;
 *  v2.1: episodes.jsonl) and the path of its data file. */
async function findEpisode(core, folder, info, version, episode, source) {
  const count = num(info.total_episodes);
  if (version === 'v2.1') {
    const path = 'meta/episodes.jsonl';
    if (!folder.has(path)) throw refuse('layout', 'recording.err.noFile', { source, path });
    const lines = new TextDecoder().decode(await readChecked(core, folder, path, source)).split('\n').filter((l) => l.trim());
    const row = lines.map((l) => JSON.parse(l)).find((e) => e.episode_index === episode);
    if (!row) throw refuse('episode', 'recording.err.episode', { source, episode, last: Math.max(0, (count ?? lines.length) - 1) });
    const chunk = Math.floor(episode / (num(info.chunks_size) || 1000));
    const tpl = info.data_path ?? 'data/chunk-{episode_chunk:03d}/episode_{episode_index:06d}.parquet';
    return { length: row.length, path: fillPath(tpl, { episode_chunk: chunk, episode_index: episode }) };
  }
  const per = num(info.chunks_size) || 1000;
  for (let chunk = 0, file = 0; ;) {
    const path = fillPath('meta/episodes/chunk-{c:03d}/file-{f:03d}.parquet', { c: chunk, f: file });
    if (!folder.has(path)) break;
    const rows = await parquetReadObjects({ file: await readChecked(core, folder, path, source) });
    const row = rows.find((r) => num(r.episode_index) === episode);
    if (row) {
      const tpl = info.data_path ?? 'data/chunk-{chunk_index:03d}/file-{file_index:03d}.parquet';
      return { length: num(row.length), path: fillPath(tpl, { chunk_index: num(row['data/chunk_index']), file_index: num(row['data/file_index']) }) };
    }
    if (++file >= per) { chunk++; file = 0; }
  }
  if (!folder.has('meta/episodes/chunk-000/file-000.parquet')) throw refuse('layout', 'recording.err.noFile', { source, path: 'meta/episodes/chunk-000/file-000.parquet' });
  throw refuse('episode', 'recording.err.episode', { source, episode, last: Math.max(0, (count ?? 1) - 1) });
}

/**
 * Reads one episode of a LeRobot dataset (v3.0 or v2.1) as a robot's
 * recording in the MJCF's radians, checked by the core.
 *
 * core       the wasm core (loadFrictionCore)
 * folder     { has(path), size(path), read(path) → ArrayBuffer } (folderOfFiles;
 *            in Node a small object over fs)
 * options:
 *   joints       the MJCF's joint names (required): each motor is matched to
 *                the joint of its base name (motorBase)
 *   calibration  LeRobot's calibration JSON (per motor: range_min, range_max,
 *                drive_mode; homing_offset and id are read by the servo, not here)
 *   unit         the body joints' unit: 'DEGREES' or 'RANGE_M100_100' (the
 *                dataset does not say: LeRobot's default changed in 2026)
 *   mapping      { [motor or its base name]: { joint, sign = 1, raw_zero = 2047 } }:
 *                where a name differs, or a joint's direction or zero does
 *   leave        motors (or joints) left out (a gripper that grasps things)
 *   robotType    the robot_type(s) the MJCF is (a string or an array); a
 *                dataset of another is refused
 *   episode      the episode's index (default 0)
 *   source       the dataset's name in sentences
 * Returns { names, t, goal, pos, period, info (the core's: frames, joints,
 * duration, period, rate), version, episode, robotType, motors }.
 * Every refusal is one sentence naming what and where.
 */
export async function readLeRobot(core, folder, options = {}) {
  const { joints, calibration, unit, mapping = {}, leave = [], robotType = null, episode = 0, source = 'dataset' } = options;
  if (!Array.isArray(joints) || joints.length === 0) throw refuse('joints', 'recording.err.noJoints', { source });
  const info = await readJson(core, folder, 'meta/info.json', source);
  const version = String(info.codebase_version ?? '');
  if (version !== 'v3.0' && version !== 'v2.1') throw refuse('version', 'recording.err.version', { source, version: version || '?' });
  const wanted = robotType === null ? null : [robotType].flat();
  if (wanted && !wanted.includes(info.robot_type)) {
    throw refuse('robot_type', 'recording.err.robotType', { source, type: String(info.robot_type ?? '?'), want: wanted.join(', ') });
  }
  const actionNames = featureNames(info, 'action'), stateNames = featureNames(info, 'observation.state');
  if (!actionNames || !stateNames) throw refuse('columns', 'recording.err.noFeatures', { source });
  if (actionNames.join() !== stateNames.join()) throw refuse('columns', 'recording.err.featureNames', { source, action: actionNames.join(', '), state: stateNames.join(', ') });
  if (!BODY_UNITS.includes(unit)) throw refuse('unit', 'recording.err.unit', { source, unit: String(unit), units: BODY_UNITS.join(', ') });
  if (!calibration || typeof calibration !== 'object') throw refuse('calibration', 'recording.err.noCalibration', { source, unit });
  // LeRobot's calibration before its motors_bus (2025): arrays by motor_names, calib_mode DEGREE/LINEAR
  if (Array.isArray(calibration.motor_names)) throw refuse('calibration', 'recording.err.oldCalibration', { source });
  if (!Number.isInteger(episode) || episode < 0) throw refuse('episode', 'recording.err.episode', { source, episode: String(episode), last: Math.max(0, num(info.total_episodes ?? 1) - 1) });

  // the motors: each matched to a joint of the MJCF (by name or by the mapping)
  const motors = [];
  actionNames.forEach((m, column) => {
    const base = motorBase(m);
    if (leave.includes(m) || leave.includes(base)) return;
    const map = mapping[m] ?? mapping[base] ?? {};
    const joint = map.joint ?? base;
    if (!joints.includes(joint)) throw refuse('joints', 'recording.err.joint', { source, motor: m, joint, joints: joints.join(', ') });
    const cal = calibration[base] ?? calibration[m] ?? calibration[`main_${base}`];
    if (!cal) throw refuse('calibration', 'recording.err.motorCalibration', { source, motor: m, base });
    motors.push({
      motor: m, joint, column,
      unit: /gripper/.test(base) ? 'RANGE_0_100' : unit,
      range_min: cal.range_min, range_max: cal.range_max, drive_mode: cal.drive_mode ?? 0,
      sign: map.sign ?? 1, raw_zero: map.raw_zero ?? DEFAULT_RAW_ZERO,
    });
  });
  const seen = new Map();
  for (const m of motors) {
    if (seen.has(m.joint)) throw refuse('joints', 'recording.err.jointTwice', { source, joint: m.joint, a: seen.get(m.joint), b: m.motor });
    seen.set(m.joint, m.motor);
  }
  if (!motors.length) throw refuse('joints', 'recording.err.noMotor', { source });

  // the episode's rows
  const ep = await findEpisode(core, folder, info, version, episode, source);
  if (!folder.has(ep.path)) throw refuse('layout', 'recording.err.noFile', { source, path: ep.path });
  const data = await readChecked(core, folder, ep.path, source);
  let columns;
  try {
    columns = parquetSchema(parquetMetadata(data)).children.map((c) => c.element.name);
  } catch (e) {
    throw refuse('columns', 'recording.err.notParquet', { source, path: ep.path, why: e.message });
  }
  const need = ['action', 'observation.state', 'timestamp', 'episode_index'];
  const missing = need.filter((c) => !columns.includes(c));
  if (missing.length) throw refuse('columns', 'recording.err.notLeRobot', { source, path: ep.path, missing: missing.join(', '), columns: columns.join(', ') });
  const rows = (await parquetReadObjects({ file: data, columns: need })).filter((r) => num(r.episode_index) === episode);
  if (!rows.length) throw refuse('episode', 'recording.err.noRows', { source, path: ep.path, episode });

  // LeRobot's values → the MJCF's radians, by the core (through the raw counts)
  const n = rows.length, J = motors.length;
  const tt = Float64Array.from(rows, (r) => num(r.timestamp));
  const goal = new Float64Array(n * J), pos = new Float64Array(n * J);
  motors.forEach((m, j) => {
    const conv = (key, outArr) => {
      const v = Float64Array.from(rows, (r) => (Array.isArray(r[key]) || ArrayBuffer.isView(r[key]) ? r[key][m.column] : NaN));
      const { q, raw } = core.io.lerobotRad(m, v, m.motor, `${source}: calibration`, true);
      for (let k = 0; k < n; k++) outArr[k * J + j] = q[k];
      return raw;
    };
    conv('action', goal);
    // the measured positions are the servo's whole counts: how far from whole
    // they come back says whether the unit mode and the calibration are the
    // recording's (float32 values of ±100 keep them within 1e-3 counts)
    const raw = conv('observation.state', pos);
    m.offCounts = raw.reduce((a, c) => (Number.isFinite(c) ? Math.max(a, Math.abs(c - Math.round(c))) : a), 0);
  });
  const names = motors.map((m) => m.joint);
  const fps = num(info.fps);
  const period = Number.isFinite(fps) && fps > 0 ? 1 / fps : 0;
  const checked = core.io.recordingCheck({ t: tt, goal, pos, names, period }, `${source} episode ${episode}`);
  return { names, t: tt, goal, pos, period, info: checked, version, episode, robotType: info.robot_type ?? null, motors };
}

/** Counts off a whole number beyond which the unit mode is not the recording's. */
export const COUNTS_TOLERANCE = 0.01;

/**
 * The motor whose measured positions, converted back to the servo's raw
 * counts, come furthest from whole counts, when that is more than
 * `tolerance` counts: the unit mode (or the calibration) is not the one the
 * robot recorded with (a servo reports whole counts; DEGREES read as
 * RANGE_M100_100 or the reverse scales them by (max − min)/200 against
 * 4095/360 and spreads them over fractions). null when every motor is whole,
 * else { motor, joint, unit, offCounts, message }.
 */
export function unitMismatch(rec, { tolerance = COUNTS_TOLERANCE, source = 'dataset' } = {}) {
  const worst = rec.motors.reduce((a, m) => (m.offCounts > (a?.offCounts ?? tolerance) ? m : a), null);
  if (!worst) return null;
  const vars = { source, motor: worst.motor, unit: worst.unit, off: worst.offCounts.toFixed(3) };
  return { motor: worst.motor, joint: worst.joint, unit: worst.unit, offCounts: worst.offCounts, message: t('recording.warn.counts', vars) };
}

/**
 * The first measured position of a recording outside its joint's range in
 * the MJCF (ranges: { joint: [lo, hi] } [rad], MuJoCo's jnt_range), widened
 * by `margin` [rad]: a sign that the unit mode (or the mapping) is wrong.
 * null when every position is inside, else { joint, frame, t, q, lo, hi,
 * message } (one sentence naming the joint, the frame and the range).
 */
export function outsideRange(rec, ranges, { margin = 0.05, source = 'dataset' } = {}) {
  const J = rec.names.length, n = rec.t.length;
  for (let k = 0; k < n; k++) {
    for (let j = 0; j < J; j++) {
      const r = ranges[rec.names[j]];
      if (!r) continue;
      const q = rec.pos[k * J + j];
      if (q < r[0] - margin || q > r[1] + margin) {
        const vars = { source, joint: rec.names[j], frame: k, t: rec.t[k].toFixed(3), q: q.toFixed(3), lo: r[0].toFixed(3), hi: r[1].toFixed(3) };
        return { joint: rec.names[j], frame: k, t: rec.t[k], q, lo: r[0], hi: r[1], message: t('recording.warn.outside', vars) };
      }
    }
  }
  return null;
}
