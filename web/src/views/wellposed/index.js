// wellposed/index.js: the "Well-posedness" view (P. E. Dupont, "The Effect of
// Friction on the Forward Dynamics Problem", §3.2 and §4.2; sheet
// ../shared/specs/dupont-forward-dynamics.md §2 and §5). Once a friction force
// depends on the joint forces, the accelerations appear on both sides of the
// equations of motion and the forward dynamics can have one, no, or several
// solutions. The view shows both halves of that point:
//
// 1. The map of the `solutions-2dof` scenario: every point of the grid over
//    r = τ − h coloured by the number of accelerations that satisfy eq. 10
//    (found by exhaustive enumeration of the sign hypotheses, fric_fd_solve
//    with FRIC_FD_ALL), beside the verdict of the determinant test
//    (fric_fd_unique_test: unique for every r iff all 2^m determinants have
//    one sign). The grid is the scenario's own output, one row per point, so
//    the picture is what `friction run solutions-2dof` writes. It is
//    recomputed when μ, the inertias D or the friction rows change: the
//    changes of one animation frame are coalesced into one run. The default
//    61 × 61 grid costs well under a frame on the page's thread (the time is
//    shown under the map), so no worker is needed; a grid that takes longer
//    than a frame is recomputed on a trailing 150 ms debounce instead of at
//    every slider event.
//    The classes have words and patterns besides colours (Okabe–Ito
//    palette, light / hatched / dotted), so the map reads in grey scale and
//    for colour-blind readers. Hover or click a cell (or the arrow keys on the
//    focused map) for r, the count and the first solution.
// 2. The `screw-selflock` scenario live: a self-locking screw (Kd/l = 1.5,
//    η2 = −2) whose motor inertia J decides the sign of J + M/η2 (§4.2:
//    unique iff > 0). Each step's solution count and status are charted; the
//    rule that continues the run when the count is not one (an impulsive stop
//    for none, the solution continuous with the previous step for several,
//    fric_fd_rule in core/include/fric_fd.h) is marked on a timeline strip and
//
// Roles: state.js (constants, URL state), classes.js (the map's classes),
// map.js (the map), rules.js (the rule's actions in words), strip.js (the
// timeline); this file wires them and runs the screw (web/src/live/run.js,
// web/src/live/loop.js).
import { stateFlag } from '../../refusal.js';
import { t } from '../../i18n/index.js';
import { viewLayout, messageBox } from '../../layout.js';
import { COLORS } from '../../charts.js';
import { fmt } from '../../format.js';
import { el, symbolNodes } from '../../dom.js';
import { liveChartSet } from '../../liveCharts.js';
import { runBar } from '../../runBar.js';
import { paramIndex } from '../../../../wasm/friction.js';
import { paramPanel } from '../../paramPanel.js';
import { liveLoop, liveViewHandle } from '../../live/loop.js';
import { liveRun } from '../../live/run.js';
import { trimWindow } from '../../live/series.js';
import { setHook } from '../../testHooks.js';
import { exportPanel, scenarioParamsToObject, scenarioParamsFromObject, reloadWithState } from '../../exports.js';
import { SIM, MAP_FRONT, SIM_FRONT, SIM_HIDDEN, SIM_RESTART, WINDOW_S, CHUNK_STEPS, STEP_BUDGET_MS, J_NUDGE, LOG_KEEP,
  valuesFromState, saveState as writeState } from './state.js';
import { MAP, mapSection } from './map.js';
import { ruleAt, ruleText } from './rules.js';
import { drawStrip } from './strip.js';


/** What to notice and what to try (the defaults of both scenarios; the
 *  numbers are those of `friction run solutions-2dof` and
 *  `friction run screw-selflock`, checked by tests/web/e2e.d/wellposed.mjs). */
export const LESSON = {
  notice: t('wellposed.lesson.notice'),
  tryThis: [
    { text: t('wellposed.lesson.step1'), setup: {} },
    { text: t('wellposed.lesson.step2'), setup: { 'map.mu': 0.46 } },
    { text: t('wellposed.lesson.step3'), setup: { 'map.D22': 1.4 } },
    { text: t('wellposed.lesson.step4'), setup: { 'map.D22': 1.4 } },
    { text: t('wellposed.lesson.step5'), setup: { 'map.D22': 1.4, 'screw.J': 30 } },
  ],
};

export function mount(container, { core, state, showError }) {
  const mapInfo = core.scenario.find(MAP);
  const simInfo = core.scenario.find(SIM);
  const mapValues = valuesFromState(core, mapInfo, state, 'map');
  const simValues = valuesFromState(core, simInfo, state, 'screw', SIM_HIDDEN);
  let speed = state.getNumber('speed', 1);
  const saveState = () => writeState(state, { speed, paused: loop.paused, mapInfo, mapValues, simInfo, simValues });

  const { side, charts: mainCol } = viewLayout(container, t('wellposed.title'), t('wellposed.intro'));
  container.classList.add('wellposed-view');

  // --- run bar of the live screw (web/src/runBar.js): first in the view
  const { playBtn, stepBtn, resetBtn, clock } = runBar(container, {
    name: 'wellposed', what: t('wellposed.runbar.what'), step: 'h', speed, onSpeed: (v) => { speed = v; saveState(); } });

  // --- side: the map's parameters, then the screw's
  const mapHead = document.createElement('h3');
  mapHead.textContent = t('wellposed.head.map');
  side.append(mapHead);
  const mapMsg = messageBox();
  mapMsg.id = 'wellposed-map-msg';
  paramPanel(side, mapInfo, mapValues, MAP_FRONT, () => map.scheduleMap());
  const mapMore = document.createElement('details');
  const mapMoreSum = document.createElement('summary');
  mapMoreSum.textContent = t('wellposed.head.mapMore');
  mapMore.append(mapMoreSum);
  const mapRest = mapInfo.params.map((p) => p.name).filter((n) => !MAP_FRONT.includes(n));
  paramPanel(mapMore, mapInfo, mapValues, mapRest, () => map.scheduleMap());
  side.append(mapMore);

  const simHead = document.createElement('h3');
  simHead.textContent = t('wellposed.head.sim');
  side.append(simHead);
  const simPanel = paramPanel(side, simInfo, simValues, SIM_FRONT, onSimParam);
  const simMore = document.createElement('details');
  const simMoreSum = document.createElement('summary');
  simMoreSum.textContent = t('wellposed.head.simMore');
  simMore.append(simMoreSum);
  const simRest = simInfo.params.map((p) => p.name).filter((n) => !SIM_FRONT.includes(n) && !SIM_HIDDEN.has(n));
  paramPanel(simMore, simInfo, simValues, simRest, onSimParam);
  const simMsg = messageBox();
  simMsg.id = 'wellposed-sim-msg';
  side.append(simMore, simMsg);

  // copy-as-JSON, one flat object per scenario: the file `friction run NAME
  // params=FILE` reads
  for (const [info, values, prefix, what] of [[mapInfo, mapValues, 'map', t('wellposed.export.map')], [simInfo, simValues, 'screw', t('wellposed.export.screw')]]) {
    exportPanel(side, {
      title: what,
      fileName: info.name,
      getParams: () => scenarioParamsToObject(info, values),
      setParams: (obj) => {
        const p = scenarioParamsFromObject(core, info, obj);
        const entries = {};
        Object.entries(scenarioParamsToObject(info, p)).forEach(([k, v]) => { entries[`${prefix}.${k}`] = v; });
        reloadWithState(state, entries);
      },
    });
  }


  // ================================================================ the map
  const map = mapSection(mainCol, { core, state, mapInfo, mapValues, mapMsg, showError, saveState });

  // ====================================================== the live screw
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

  // the screw's last row, the row before, the rule's actions, the time reached
  // restSince: the time of the first row of the stretch the screw is held at
  // rest (null: moving); lastRest: that of the last such stretch (null: none yet)
  const sim = { cols: [], row: null, prev: null, events: [], lastT: 0, restSince: null, lastRest: null };
  const series = { dq: [], ddq: [], n: [], st: [] };
  const chartSet = liveChartSet(mainCol, {
    what: 'screw',
    boxes: [
      { title: t('wellposed.chart.motion'), description: t('wellposed.chart.motion.desc'), height: 170, fileName: 'screw-motion' },
      { title: t('wellposed.chart.count'), description: t('wellposed.chart.count.desc'), height: 140, fileName: 'screw-solutions' },
    ],
    axes: [{ yText: 'q̇ [rad/s], q̈ [rad/s²]' }, { yText: t('wellposed.chart.count.y') }],
    showError,
    range() {
      const t = sim.lastT;
      return { x0: Math.max(0, t - WINDOW_S), x1: Math.max(WINDOW_S, t) };
    },
  });
  const [motionChart, countChart] = chartSet.charts;
  const setDatasets = chartSet.setDatasets;


  const sv = (name) => simValues[paramIndex(simInfo, name)];
  const col = (name) => sim.cols.indexOf(name);

  /** J + M/η2 of the current parameters (§4.2; fric_fd_unique_screw), with
   *  η2 = 1/(1 − Kd/l) (eq. 21). */
  function writeJLine() {
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

  /** The live run's parameters: one row per step, and no end (the longest
   *  duration the scenario accepts; its torque program is periodic). */
  function simParams() {
    const p = Float64Array.from(simValues);
    const every = paramIndex(simInfo, 'every'), dj = paramIndex(simInfo, 'duration');
    if (every >= 0) p[every] = 1;
    if (dj >= 0) p[dj] = simInfo.params[dj].max;
    return p;
  }

  const frameStats = setHook('wellposed', 'frameStats', []);
  setHook('wellposed', 'events', sim.events);
  const run = liveRun({
    core, scenario: () => SIM, params: simParams, sideMsg: simMsg, endMsg, loop: () => loop,
    onRetuned() { saveState(); writeJLine(); if (loop.paused) paint(true); },
    failed: (i, e) => { showStop(sim.lastT, e.message); return t('wellposed.failed', { message: e.message }); },
    doneText: () => t('wellposed.done'),
    onRetuneError(e) {
      if (e.code !== 'FRIC_E_UNSUPPORTED') return false;
      restart();
      return true;
    },
    onRows(i, res) {
      const nc = sim.cols.length, rows = res.rows;
      const ct = col('t'), cdq = col('dq'), cddq = col('ddq'), cn = col('solutions'), cst = col('status'), ch = col('held');
      for (let k = 0, o = 0; k < res.count; k++, o += nc) {
        const r = rows.subarray(o, o + nc);
        const t = r[ct];
        series.dq.push({ x: t, y: r[cdq] });
        series.ddq.push({ x: t, y: r[cddq] });
        series.n.push({ x: t, y: r[cn] });
        series.st.push({ x: t, y: r[cst] });
        if (!(r[ch] > 0.5)) sim.restSince = null;
        else if (sim.restSince === null) sim.restSince = sim.lastRest = t;
        const kinds = ruleAt(col, r, sim.prev);
        for (const kind of kinds) {
          const ev = { t, kind, ...ruleText(col, kind, r, kinds) };
          sim.events.push(ev);
          if (sim.events.length > 400) sim.events.splice(0, 200);
          showEvent(ev);
        }
        sim.prev = r;
      }
      if (res.count) {
        sim.row = rows.slice((res.count - 1) * nc, res.count * nc);
        sim.lastT = sim.row[ct];
      }
      // keep the window (and a margin) of every series
      trimWindow([series.dq, series.ddq, series.n, series.st], WINDOW_S, { minCut: 512, minLength: 4097 });
    },
  });

  function restart() {
    run.restart();
    if (run.sims.length) sim.cols = run.sims[0].cols;
    sim.row = null;
    sim.lastT = 0;
    sim.events.length = 0;
    sim.prev = null;
    sim.restSince = sim.lastRest = null;
    series.dq = []; series.ddq = []; series.n = []; series.st = [];
    setDatasets(motionChart, [{ label: 'q̇ [rad/s]', data: series.dq, color: COLORS[0] },
      { label: 'q̈ [rad/s²]', data: series.ddq, color: COLORS[1], dash: [5, 3] }]);
    setDatasets(countChart, [{ label: t('wellposed.ds.found'), data: series.n, color: COLORS[3] },
      { label: t('wellposed.ds.status'), data: series.st, color: COLORS[4], dash: [4, 4] }]);
    notice.textContent = '';
    notice.className = 'wellposed-notice';
    logList.replaceChildren();
    // the row of t = 0 first (a row holds the state at the start of its
    // step), so that the first Step reads t = h, as in the other live views
    if (run.sims.length) run.advance(1);
    else { showStop(0, run.ended); endMsg.hidden = true; }  // the core's sentence on the panel, once
    saveState();
    writeJLine();
    paint(true);
  }

  /** A screw parameter changed: '' or the core's refusal of the live change
   *  (paramPanel then takes it back; the run and the URL keep the values in use). */
  function onSimParam(name) {
    if (SIM_RESTART.has(name) || !run.sims.length) { restart(); return ''; }
    return run.retune();
  }

  /** The core stopped the run (the rule = stop, a step that failed, or the
   *  parameters refused at the start): its sentence on the screw's panel,
   *  where the rule's actions are told. */
  function showStop(tStop, message) {
    notice.className = 'wellposed-notice stopped';
    notice.replaceChildren(el('strong', {}, t('wellposed.stopped.head', { t: tStop.toFixed(3) })), el('span', {}, ` ${message}`));
    status.textContent = t('wellposed.stopped', { t: tStop.toFixed(3) });
    // a stop happens once: the sentence is brought into the window if it is
    // below the fold (presentation mode on a 1024×768 projector)
    const r = notice.getBoundingClientRect();
    if (r.bottom > window.innerHeight || r.top < 0) notice.scrollIntoView({ block: 'nearest' });
  }

  function showEvent(ev) {
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

  let textAt = 0;
  function paint(all = false) {
    drawStrip(strip, runBox, { series, sim });
    chartSet.paint();
    const now = performance.now();
    if (all || now - textAt > 250) { textAt = now; writeText(); }
  }

  function writeText() {
    clock.textContent = t('wellposed.clock', { t: sim.lastT.toFixed(3), h: fmt(sv('dt')), speed: loop.paused ? t('pendulum.clock.paused') : t('wellposed.clock.asked', { speed: fmt(speed) }) });
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

  /** ← →: the motor inertia J, across J + M/η2 = 0. */
  function nudgeGoal(sign) {
    const p = simInfo.params[paramIndex(simInfo, 'J')];
    const was = sv('J');
    const v = Math.min(p.hi ?? p.max, Math.max(p.lo ?? p.min, was + Math.sign(sign) * J_NUDGE));
    simPanel.set('J', v);
    const why = onSimParam('J');
    if (why) simPanel.set('J', was);   // refused: J stays the value in use
    simMsg.hidden = !why;
    simMsg.textContent = why;
  }
  playBtn.addEventListener('click', () => loop.togglePause());
  stepBtn.addEventListener('click', () => loop.step());
  resetBtn.addEventListener('click', () => restart());
  const stripResize = new ResizeObserver(() => drawStrip(strip, runBox, { series, sim }));
  stripResize.observe(strip);

  // the fixed-step clock of the screw (web/src/live/loop.js), before its first run
  const loop = liveLoop({ playBtn, paused: stateFlag(state, 'paused', false), h: () => sv('dt'), speed: () => speed,
    live: () => run.sims.length > 0, ended: () => !!run.ended, advance: (n) => run.advance(n), paint,
    onPause: () => saveState(), frameStats, budgetMs: STEP_BUDGET_MS, chunk: CHUNK_STEPS });
  map.computeMap(false);
  restart();

  return liveViewHandle({ loop, restart, nudgeGoal,
    legend: [[t('page.key.space'), t('wellposed.keys.space')], ['S', t('pendulum.keys.s')], ['R', t('pendulum.keys.r')], ['← →', t('wellposed.keys.arrows')]],
    parts: [map, () => stripResize.disconnect(), run, chartSet],
    hooks: [['wellposed', 'frameStats', frameStats], ['wellposed', 'events', sim.events]] });
}
