// mujoco/robotCsv.js: the CSVs of a robot pair (mujoco/robot.js): the
// per-joint table of both copies, the adoption report and the comment lines
// saying what was run; the one writer of the page's "Download CSV" and
// tools/robot.mjs --csv / --report-csv (csv.js, full precision).
import { csvText } from '../csv.js';
import { base } from './robotFiles.js';

/** The per-joint table's columns (pair.table() rows), as its CSV names them. */
const TABLE_COLUMNS = [{ name: 'copy' }, { name: 'joint' }, { name: 'servo' }, { name: 'state' }, { name: 't', unit: 's' },
  { name: 'q', unit: 'rad' }, { name: 'sag', unit: 'mrad' }, { name: 'creep', unit: 'mrad/s' }, { name: 'tau_m', unit: 'N·m' },
  { name: 'tau_f', unit: 'N·m' }];

/** The per-joint table of both copies as CSV text (csv.js, full precision):
 *  the one writer of the page's "Download CSV" and tools/robot.mjs --csv.
 *  table: pair.table(); t: the time [s]; comments: lines of what was run. */
export function robotTableCsv(table, t, comments = []) {
  const rows = [];
  for (const key of ['A', 'C']) {
    for (const r of table[key]) rows.push([key, r.joint, r.servo, r.state, t, r.q, r.sag_mrad, r.creep_mrad_s, r.tau_m, r.tau_f]);
  }
  return csvText({ comments, columns: TABLE_COLUMNS, rows });
}

/** A force limit's cell: empty where the actuator has none on that side
 *  (MuJoCo's unlimited range, ±Infinity, which no CSV number spells). */
const bound = (x) => (Number.isFinite(x) ? x : '');

/** The adoption report (pair.rows) as CSV text: per adopted joint, what was
 *  removed and what replaced it (the page's and tools/robot.mjs's); its
 *  comments say the step, the integrator and each key a params file carries;
 *  forcerange_lo/hi empty where the actuator's force is not limited. */
export function robotReportCsv(pair, comments = []) {
  const columns = [{ name: 'joint' }, { name: 'class' }, { name: 'servo' }, { name: 'removed_frictionloss', unit: 'N·m' },
    { name: 'removed_damping', unit: 'N·m·s/rad' }, { name: 'armature', unit: 'kg·m²' }, { name: 'armature_from' },
    { name: 'file_armature', unit: 'kg·m²' }, { name: 'actuator' }, { name: 'actuator_kp', unit: 'N·m/rad' },
    { name: 'actuator_kv', unit: 'N·m·s/rad' }, { name: 'forcerange_lo', unit: 'N·m' }, { name: 'forcerange_hi', unit: 'N·m' }];
  const rows = pair.rows.map((r) => [r.name, r.cls ?? '', r.servo, r.removed.frictionloss, r.removed.damping, r.armature.used,
    r.armature.kept ? 'file' : 'servo', r.armature.file, r.actuator?.kind ?? 'none', r.actuator?.kp ?? '', r.actuator?.kv ?? '',
    bound(r.actuator?.forceRange[0]), bound(r.actuator?.forceRange[1])]);
  return csvText({ comments: [...comments, pair.timestepNote, pair.integrator, ...(pair.carried ?? [])].filter(Boolean), columns, rows });
}

/** The comment lines of both CSVs: what was run (the same in the page and
 *  tools/robot.mjs for the same run, so their files can be compared), and
 *  the core's caution of each adopted joint whose copy (A) diverges at this
 *  step (pair.unstable, fric_robot_step_caution: (A)'s numbers in the file
 *  are of a diverging run). */
export function robotCsvComments(pair, { main, mapping }) {
  return [`${base(main)}: (A) the file as written, (C) adopted with the mapping ${mapping}`,
    `MuJoCo 3.14; physics step ${pair.A.m.opt.timestep} s (the file's ${pair.fileTimestep} s); from ${pair.keyframe < 0 ? 'qpos0' : `keyframe ${pair.keyframe}`}; ${pair.steps} steps`,
    ...(pair.unstable ?? [])];
}
