// mujoco/figures.js: what the "In MuJoCo" view reads off its six runs: per
// system and treatment the STICK/SLIP badge of each joint (|q̇| < 1e-9 rad/s:
// MuJoCo's constraint never gives exactly 0, the core's step gives rounding
// residue of 1e-17), the sag θ₀ − θ [mrad], its largest value so far, the
// creep rate −θ̇ [mrad/s] (0 for a held joint: below the badge's threshold
// the residue is no motion, and the table says "0 (held)") and the cost per step (the wall time of MuJoCo's
// step with the treatment, µs, over the last calls); the tables
// that show them and the rolling
// sag charts (web/src/liveCharts.js).
import { SIDE_COLORS } from '../../charts.js';
import { liveChartSet } from '../../liveCharts.js';
import { trimWindow } from '../../live/series.js';
import { el } from '../../dom.js';
import { fmtNumber } from '../../format.js';
import { TREATMENTS } from './sim.js';
import { WINDOW_S } from './models.js';

export const STICK_V = 1e-9;             // [rad/s] the badge's threshold

/** The figures of the runs now: { t, pendulum: { A: …, B: …, C: … }, arm: … }. */
export function figuresOf(runs, m) {
  const out = { t: runs[0]?.sims[0]?.t ?? 0, q0Deg: m.q0Deg };
  for (const r of runs) {
    out[r.id] = {};
    r.sims.forEach((s, k) => {
      const joints = s.joints.map((j, i) => {
        const q = s.q(i), v = s.v(i);
        const stuck = Math.abs(v) < STICK_V;
        return { name: j.name, q, v, q0: r.q0[i], sag: (r.q0[i] - q) * 1e3, creep: stuck ? 0 : -v * 1e3, stuck,
          maxDrift: Math.max(s.maxDrift?.[i] ?? 0, Math.abs(q - r.q0[i])), tauF: j.fric.tauF, budget: j.fric.budget };
      });
      out[r.id][TREATMENTS[k].key] = { treatment: TREATMENTS[k].id, joints, steps: s.steps,
        usPerStep: s.usPerStep };
    });
  }
  return out;
}

export const f3 = (x) => fmtNumber(x, { digits: 3 });
/** A joint's creep rate as the table and the picture write it [mrad/s]: 0 (held) under STICK. */
export const creepValue = (j) => (j.stuck ? '0 (held)' : f3(j.creep));

/** Two tables, bench and arm (side by side when there is room): one row per treatment. */
export function figureTable(parent) {
  const th = (t) => el('th', { textContent: t });
  const make = (id, what) => {
    const body = el('tbody');
    const tbl = el('table', { className: 'replay-table', id },
      el('thead', {}, el('tr', {}, th(what), th('badge'), th('sag [mrad]'), th('creep [mrad/s]'), th('cost [µs/step]'))), body);
    return { tbl, body };
  };
  const bench = make('mujoco-table-bench', 'bench'), arm = make('mujoco-table-arm', 'arm j1 / j2');
  parent.append(el('section', { className: 'chart-box', id: 'mujoco-table', 'aria-label': 'The three treatments, live' },
    el('h3', { textContent: 'Hold under gravity: the three treatments side by side' }),
    el('div', { className: 'mujoco-tables' }, bench.tbl, arm.tbl),
    el('p', { className: 'note', textContent: `STICK: |θ̇| < ${STICK_V} rad/s. Sag: θ₀ − θ now; creep: −θ̇, 0 (held) under STICK; cost: wall time of one MuJoCo step with the treatment in this page (over the last calls).` })));
  const badge = (stuck) => el('span', { className: `badge ${stuck ? 'stick' : 'slip'}`, textContent: stuck ? 'STICK' : 'SLIP' });
  const rows = (body, key, f) => body.replaceChildren(...TREATMENTS.map((t) => {
    const r = f[key]?.[t.key];
    const tr = el('tr', { dataset: { treatment: t.id } }, el('td', { textContent: t.label }));
    if (!r) { tr.append(el('td', { colSpan: 4, textContent: '—' })); return tr; }
    tr.append(el('td', {}, ...r.joints.map((j) => badge(j.stuck))),
      el('td', { textContent: r.joints.map((j) => f3(j.sag)).join(' / ') }),
      el('td', { textContent: r.joints.map(creepValue).join(' / ') }),
      // no step timed yet (t = 0, or a paused run just restarted): a dash, not NaN
      el('td', { textContent: Number.isFinite(r.usPerStep) ? f3(r.usPerStep) : '—' }));
    return tr;
  }));
  return { paint(f) { rows(bench.body, 'pendulum', f); rows(arm.body, 'arm', f); } };
}

/** The rolling sag charts of the bench and of the arm's joint 1, one line per treatment. */
export function sagCharts(parent, showError) {
  let series = [];   // [run][treatment]: points { x: t, y: sag mrad }
  let tEnd = 0;
  const set = liveChartSet(parent, {
    what: 'MuJoCo',
    boxes: [
      { title: 'Bench sag θ₀ − θ', description: 'Sag of the pendulum bench under the three treatments', height: 170, fileName: 'mujoco-bench-sag' },
      { title: 'Arm joint 1 sag q₁(0) − q₁', description: 'Sag of the arm\'s joint 1 under the three treatments', height: 170, fileName: 'mujoco-arm-sag' },
    ],
    axes: [{ yText: 'sag [mrad]' }, { yText: 'sag [mrad]' }],
    showError,
    range: () => ({ x0: Math.max(0, tEnd - WINDOW_S), x1: Math.max(WINDOW_S, tEnd) }),
  });
  return {
    reset(runs) {
      tEnd = 0;
      series = runs.map(() => TREATMENTS.map(() => []));
      runs.forEach((_, c) => {
        set.setDatasets(set.charts[c], TREATMENTS.map((t, k) => ({ label: t.label, color: SIDE_COLORS[k], data: series[c][k] })));
      });
      runs.forEach((r) => r.sims.forEach((s) => { s.maxDrift = r.q0.map(() => 0); }));
    },
    /** A point of every run now; the largest drift of each joint kept on the sim. */
    push(runs) {
      runs.forEach((r, c) => r.sims.forEach((s, k) => {
        s.joints.forEach((j, i) => { s.maxDrift[i] = Math.max(s.maxDrift[i], Math.abs(s.q(i) - r.q0[i])); });
        tEnd = s.t;
        series[c]?.[k]?.push({ x: s.t, y: (r.q0[0] - s.q(0)) * 1e3 });
      }));
      series.forEach((lists) => trimWindow(lists, WINDOW_S, { minCut: 200 }));
    },
    paint: () => set.paint(),
    dispose: () => set.dispose(),
  };
}
