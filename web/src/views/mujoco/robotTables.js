// mujoco/robotTables.js: Your robot's per-joint readings (yourRobot.js): a
// table per copy, (A) the file as written and (C) adopted, a row per joint
// (servo, STICK/SLIP, sag, creep, motor and friction torques: robot.js
// pair.table()); the adoption's report; a goal slider per joint.
import { el } from '../../dom.js';
import { numberControl } from '../../controls.js';
import { fmtNumber } from '../../format.js';
import { MJ_CONSTANTS } from '../../../../wasm/friction.js';
import { t, tCount } from '../../i18n/index.js';
import { MAPPABLE } from './robotMapping.js';

// a number of the tables: 3 significant digits; below the print threshold (the
// core's FRIC_ROBOT_PRINT_ZERO, in the column's unit) 0 (a held joint's sag of
// 1e-20 mrad is rounding)
const f3 = (x) => (Number.isFinite(x) ? fmtNumber(Math.abs(x) < MJ_CONSTANTS.printZero ? 0 : x, { digits: 3 }) : '—');
const clamp = (x, lo, hi) => Math.min(hi, Math.max(lo, Number.isFinite(x) ? x : 0));

/**
 * The tables (#mujoco-robot-tables), the report (#mujoco-robot-report) and
 * the goals (#mujoco-robot-goals) of the running pair.
 * @param {{ pair: () => object|null }} opts  the running pair (robot.js createRobotPair), or null
 */
export function robotTables({ pair }) {
  const tables = el('div', { className: 'mujoco-tables', id: 'mujoco-robot-tables', hidden: true });
  const goals = el('div', { className: 'robot-goals', id: 'mujoco-robot-goals', hidden: true });
  const reportBox = el('details', { className: 'robot-report', id: 'mujoco-robot-report', hidden: true });
  let table = null, sliders = [];

  /** The adoption's report, one line an item. */
  function buildReport() {
    reportBox.replaceChildren(el('summary', { textContent: t('robot.report.summary', { joints: tCount('robot.count.joint', pair().rows.length) }) }),
      el('ul', {}, ...pair().report().map((line) => el('li', { textContent: line }))));
    reportBox.hidden = false;
  }

  /** One table per copy, a row per joint: servo, STICK/SLIP, sag, creep, torques. */
  function buildTable() {
    const th = (text, title) => el('th', { scope: 'col', textContent: text, ...(title ? { title } : {}) });
    const make = (key, caption) => {
      const body = el('tbody');
      const cells = pair().rows.map((j) => {
        const c = { servo: el('td'), state: el('td'), sag: el('td'), creep: el('td'), tauM: el('td'), tauF: el('td') };
        body.append(el('tr', { dataset: { joint: j.name } }, el('th', { scope: 'row', textContent: j.name }),
          c.servo, c.state, c.sag, c.creep, c.tauM, c.tauF));
        return c;
      });
      const tbl = el('table', { className: 'replay-table', id: `mujoco-robot-table-${key}` },
        el('caption', { textContent: caption }),
        el('thead', {}, el('tr', {}, th(t('robot.col.joint')), th(t('robot.col.servo')), th(t('robot.col.state')), th(t('robot.col.sag'), t('robot.col.sag.title')),
          th(t('robot.col.creep'), t('robot.col.creep.title', { s: MJ_CONSTANTS.creepWindow })), th(t('robot.col.motor')),
          th(t('robot.col.friction'), t(key === 'A' ? 'robot.col.friction.A' : 'robot.col.friction.C')))), body);
      return { tbl, cells };
    };
    const a = make('A', t('robot.label.A')), c = make('C', t('robot.label.C'));
    // (A)'s servo is the file's own actuator (what the adoption reported of it)
    pair().rows.forEach((row, i) => {
      const act = row.actuator;
      a.cells[i].servo.textContent = !act ? t('robot.fileAct.none') : act.kind === 'motor' ? t('robot.fileAct', { kind: act.kind }) : t('robot.fileAct.kp', { kind: act.kind, kp: f3(act.kp) });
      if (act) a.cells[i].servo.title = t('robot.fileAct.title', { kp: f3(act.kp), kv: f3(act.kv), lo: f3(act.forceRange[0]), hi: f3(act.forceRange[1]) });
    });
    // MuJoCo's own copy diverging at this step (the core's sentence, robot.js pair.unstable): above the tables, the row's width
    const unstable = (pair().unstable ?? []).map((text) => el('p', { className: 'msg-warn robot-unstable', role: 'note', textContent: text }));
    tables.replaceChildren(...unstable, a.tbl, c.tbl);
    tables.hidden = false;
    table = { A: a.cells, C: c.cells };
  }

  function paint() {
    const now = pair().table();
    for (const key of ['A', 'C']) {
      now[key].forEach((r, i) => {
        const c = table[key][i];
        if (!c) return;
        if (key === 'C') c.servo.textContent = r.servo;
        const slip = r.state !== 'STICK';
        if (c.state.dataset.state !== r.state) {
          c.state.dataset.state = r.state;
          c.state.replaceChildren(el('span', { className: `badge ${slip ? 'slip' : 'stick'}`, textContent: t(slip ? 'robot.state.slip' : 'robot.state.stick') }));
        }
        c.sag.textContent = f3(r.sag_mrad);
        c.creep.textContent = slip ? f3(r.creep_mrad_s) : t('robot.held');
        c.tauM.textContent = f3(r.tau_m);
        c.tauF.textContent = f3(r.tau_f);
      });
    }
  }

  /** A goal slider per joint that has one (joints: robot.js's reading of
   *  the file): adopted, or driven by an actuator of the file (its range,
   *  else ±π rad or ±1 m). */
  function buildGoals(joints) {
    const adopted = new Set(pair().rows.map((r) => r.name));
    sliders = joints.map((j) => {
      if (!MAPPABLE.has(j.type) || !(adopted.has(j.name) || j.act >= 0)) return null;
      const unit = j.type === 'slide' ? 'm' : 'rad';
      const [lo, hi] = j.range ?? (j.type === 'slide' ? [-1, 1] : [-Math.PI, Math.PI]);
      const ctl = numberControl({ label: t('robot.goal', { joint: j.name }), unit, min: lo, max: hi, value: clamp(pair().goal(j.name), lo, hi),
        // a goal the core refuses (beyond FRIC_ROBOT_GOAL_MAX: a file's range may be wider) is kept out, its sentence beside the field
        onInput: (x) => { try { pair()?.setGoal(j.name, x); } catch (e) { return e.message; } return ''; } });
      ctl.el.dataset.joint = j.name;
      return { name: j.name, ctl, lo, hi };
    }).filter(Boolean);
    goals.replaceChildren(el('h4', { textContent: t('robot.goals.heading') }),
      ...sliders.map((s) => s.ctl.el));
    goals.hidden = false;
  }

  /** The sliders at the pair's goals (a keyframe set them). */
  function syncGoals() {
    for (const s of sliders) s.ctl.value = clamp(pair().goal(s.name), s.lo, s.hi);
  }

  return { tables, goals, reportBox, buildReport, buildTable, buildGoals, paint, syncGoals };
}
