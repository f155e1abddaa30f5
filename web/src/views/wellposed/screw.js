// wellposed/screw.js: the live screw's panel and its words: the sign of
// J + M/η2 (§4.2), the rule's last action and its log, the core's stop, the
// status line and the clock. The view w holds the run's state (sim), the
// parameters (sv) and the panel's elements.
import { t } from '../../i18n/index.js';
import { messageBox } from '../../layout.js';
import { fmt } from '../../format.js';
import { el, symbolNodes } from '../../dom.js';
import { liveChartSet } from '../../liveCharts.js';
import { Point, trimWindow } from '../../live/series.js';
import { paramIndex } from '../../../../wasm/friction.js';
import { LOG_KEEP, WINDOW_S } from './state.js';
import { ruleAt, ruleText } from './rules.js';

/** The screw's panel appended to mainCol: its elements. */
export function screwPanel(mainCol) {
  const runHead = el('div', { className: 'chart-head' },
    el('h3', { textContent: t('wellposed.run.head') }));
  const jLine = el('div', { id: 'wellposed-jline', className: 'wellposed-jline' });
  const notice = el('div', { id: 'wellposed-notice', className: 'wellposed-notice', role: 'status' });
  const strip = el('canvas', { id: 'wellposed-strip', className: 'wellposed-strip', role: 'img',
    'aria-label': t('wellposed.strip.aria') });
  // focusable: it scrolls, and a keyboard must be able to scroll it
  const logList = el('ol', { id: 'wellposed-log', className: 'wellposed-log', 'aria-label': t('wellposed.log.aria'), tabIndex: 0 });
  const endMsg = Object.assign(messageBox(), { id: 'wellposed-end' });
  const status = el('div', { id: 'wellposed-status', className: 'readout', 'aria-live': 'off' });
  const runBox = el('section', { className: 'chart-box wellposed-run', 'aria-label': t('wellposed.run.aria') },
    runHead, jLine, notice, strip,
    // the strip's key as text, so that it wraps at any width and type size
    el('div', { className: 'note wellposed-strip-key' }, t('wellposed.strip.key')),
    logList, endMsg, status);
  mainCol.append(runBox);
  return { jLine, notice, strip, logList, endMsg, status, runBox };
}

/** The screw's two rolling charts (liveCharts.js) in mainCol. */
export function screwCharts(mainCol, w, showError) {
  return liveChartSet(mainCol, {
    what: 'screw',
    boxes: [
      { title: t('wellposed.chart.motion'), description: t('wellposed.chart.motion.desc'), height: 170, fileName: 'screw-motion' },
      { title: t('wellposed.chart.count'), description: t('wellposed.chart.count.desc'), height: 140, fileName: 'screw-solutions' },
    ],
    axes: [{ yText: 'q̇ [rad/s], q̈ [rad/s²]' }, { yText: t('wellposed.chart.count.y') }],
    showError,
    range() {
      const t = w.sim.lastT;
      return { x0: Math.max(0, t - WINDOW_S), x1: Math.max(WINDOW_S, t) };
    },
  });
}

/** The live run's parameters: one row per step, and no end (the longest
 *  duration the scenario accepts; its torque program is periodic). */
export function simParams(w) {
  const { simInfo, simValues } = w;
  const p = Float64Array.from(simValues);
  const every = paramIndex(simInfo, 'every'), dj = paramIndex(simInfo, 'duration');
  if (every >= 0) p[every] = 1;
  if (dj >= 0) p[dj] = simInfo.params[dj].max;
  return p;
}

/** The rows res of the run: the series, the time held at rest, the rule's
 *  actions (rules.js) told and logged, the last row. */
export function screwRows(w, res) {
  const { sim, series, col } = w;
  const nc = sim.cols.length, rows = res.rows;
  const ct = col('t'), cdq = col('dq'), cddq = col('ddq'), cn = col('solutions'), cst = col('status'), ch = col('held');
  for (let k = 0, o = 0; k < res.count; k++, o += nc) {
    const r = rows.subarray(o, o + nc);
    const t = r[ct];
    series.dq.push(new Point(t, r[cdq]));
    series.ddq.push(new Point(t, r[cddq]));
    series.n.push(new Point(t, r[cn]));
    series.st.push(new Point(t, r[cst]));
    if (!(r[ch] > 0.5)) sim.restSince = null;
    else if (sim.restSince === null) sim.restSince = sim.lastRest = t;
    const kinds = ruleAt(col, r, sim.prev);
    for (const kind of kinds) {
      const ev = { t, kind, ...ruleText(col, kind, r, kinds) };
      sim.events.push(ev);
      if (sim.events.length > 400) sim.events.splice(0, 200);
      showEvent(w, ev);
    }
    sim.prev = r;
  }
  if (res.count) {
    sim.row = rows.slice((res.count - 1) * nc, res.count * nc);
    sim.lastT = sim.row[ct];
  }
  // keep the window (and a margin) of every series
  trimWindow([series.dq, series.ddq, series.n, series.st], WINDOW_S, { minCut: 512, minLength: 4097 });
}

/** J + M/η2 of the current parameters (§4.2; fric_fd_unique_screw), with
 *  η2 = 1/(1 − Kd/l) (eq. 21). */
export function writeJLine(w) {
  const { sv, jLine } = w;
  const J = sv('J'), M = sv('M');
  const eta2 = 1 / (1 - sv('Kd_l'));
  const v = J + M / eta2;
  jLine.replaceChildren();
  const b = document.createElement('strong');
  b.textContent = `J + M/η2 = ${fmt(J)} + ${fmt(M)}/(${fmt(eta2)}) = ${fmt(v)} kg·m²`;
  const s = document.createElement('span');
  s.textContent = v > 0 ? t('wellposed.j.positive') : t('wellposed.j.negative');
  jLine.classList.toggle('bad', !(v > 0));
  jLine.append(b, s);
}

/** The core stopped the run (the rule = stop, a step that failed, or the
 *  parameters refused at the start): its sentence on the screw's panel,
 *  where the rule's actions are told. */
export function showStop(w, tStop, message) {
  const { notice, status } = w;
  notice.className = 'wellposed-notice stopped';
  notice.replaceChildren(el('strong', {}, t('wellposed.stopped.head', { t: tStop.toFixed(3) })), el('span', {}, ` ${message}`));
  status.textContent = t('wellposed.stopped', { t: tStop.toFixed(3) });
  // a stop happens once: the sentence is brought into the window if it is
  // below the fold (presentation mode on a 1024×768 projector)
  const r = notice.getBoundingClientRect();
  if (r.bottom > window.innerHeight || r.top < 0) notice.scrollIntoView({ block: 'nearest' });
}

export function showEvent(w, ev) {
  const { notice, logList } = w;
  notice.className = `wellposed-notice ${ev.cls}`;
  notice.replaceChildren();
  const b = document.createElement('strong');
  b.textContent = ev.head;
  notice.append(b, el('span', {}, ' ', ...symbolNodes(ev.text)));
  const li = document.createElement('li');
  li.className = ev.cls;
  li.textContent = ev.head;
  logList.prepend(li);
  while (logList.children.length > LOG_KEEP) logList.lastChild.remove();
}

export function writeText(w) {
  const { sim, sv, col, clock, status, loop } = w;
  clock.textContent = t('wellposed.clock', { t: sim.lastT.toFixed(3), h: fmt(sv('dt')), speed: loop.paused ? t('pendulum.clock.paused') : t('wellposed.clock.asked', { speed: fmt(w.speed) }) });
  const r = sim.row;
  if (!r) return;   // showStop wrote why
  const g = (name) => { const c = col(name); return c >= 0 ? r[c] : NaN; };
  // the step's status (the core's FRIC_FD_NONE, UNIQUE, SEVERAL: fric_fd.h) in the page's language
  const st = ['wellposed.status.none', 'wellposed.status.unique', 'wellposed.status.several'].map((k) => t(k))[g('status')] ?? String(g('status'));
  const f = (v, d = 3) => fmt(Number(v.toFixed(d)));
  status.replaceChildren(...symbolNodes(t('wellposed.status', { tau: f(g('tau_a')), dq: f(g('dq')), ddq: f(g('ddq')),
    // held: since when, the time the screw came to rest (read off the
    // screen, not the chart's kink)
    state: g('held') > 0.5 ? (sim.restSince === null ? t('wellposed.status.held') : t('wellposed.status.heldSince', { t: sim.restSince.toFixed(3) }))
      : sim.lastRest === null ? t('wellposed.status.moving') : t('wellposed.status.movingAfter', { t: sim.lastRest.toFixed(3) }), n: g('solutions'), st,
    none: g('n_none'), several: g('n_several'), impulses: g('impulses'), breakaways: g('breakaways') })));
}
