// pendulum/index.js: the pendulum test bench of Duclusaud & Passault, live. The
// simulation advances in fixed steps of dt (never the frame's variable dt):
// each animation frame runs as many steps as the elapsed time × speed calls
// for (web/src/live/loop.js). Two friction treatments can run side by side on
// the same inputs (web/src/live/run.js). The run has no end: the view sets the
// scenario's duration to the longest the core accepts for dt. Every step is
// kept: the charts get every step of their window (drawn by Chart.js with
// min-max decimation in a worker on OffscreenCanvases, charts.js) and ring
// buffers hold the last HISTORY_S seconds for the CSV export (csv.js). A
// recorded log dropped on the replay panel (web/src/replay.js) is scored
// under M1–M6. Roles: state.js (model, URL state), controls.js, native.js (the
// native joint run beside A and B), rows.js (the rows kept), readouts.js (the
// picture's box and its words), goal.js (the goal dragged or nudged),
// charts.js, csv.js, panels.js (the replay and exports); the picture is
// draw/pendulum.js; this file wires them.
import { fmt } from '../../format.js';
import { t, tChoice, tParam, lang } from '../../i18n/index.js';
import { el, symbolText } from '../../dom.js';
import { viewLayout } from '../../layout.js';
import { download } from '../../charts.js';
import { csvUrl } from '../../csv.js';
import { paramIndex } from '../../../../wasm/friction.js';
import { liveLoop, liveViewHandle } from '../../live/loop.js';
import { liveRun } from '../../live/run.js';
import { ring } from '../../live/series.js';
import { setHook } from '../../testHooks.js';
import { readModel, VIEW_DEFAULTS, saveState as writeState, WINDOW_S, WINDOW_STEPS, HISTORY_S, HISTORY_ROWS, CHUNK_STEPS,
  STEP_BUDGET_MS } from './state.js';
import { controls } from './controls.js';
import { picture } from '../../draw/pendulum.js';
import { charts } from './charts.js';
import { benchCsv } from './csv.js';
import { nativeFromState } from '../../nativeFile.js';
import { nativeOff, nativeAt, nativeVector } from './native.js';
import { onRows, shownRows } from './rows.js';
import { pictureBox, writeText } from './readouts.js';
import { goalInput, nudgeGoal } from './goal.js';
import { benchReplay, benchExports } from './panels.js';

/** What to notice and what to try, for the presentation mode. The notice
 *  holds for the defaults (XL330, M6, dt = 1 ms, goal 1.2 rad); the steps build
 *  on each other: each one's setup is the URL state reached by following the
 *  steps before it in order (a new treatment B starts the run again at t = 0),
 *  and its numbers are the CLI's (written "at 2 s", never "t = 2 s", which the
 *  tests read as the clock) (`friction run bench`, checked by
 *  tests/web/e2e.d/lessons.mjs). */
const CHARTS = '.charts > .chart-box:nth-child(3)'; // θ̇, then τf below it
// the arms' picture with its read-outs: the reversals per second drawn under
// each arm, the status line and the line at whole seconds
const PICTURE = '.charts > .chart-box:has(#pendulum-canvas)';
export const LESSON = {
  notice: t('pendulum.lesson.notice'),
  tryThis: [
    { text: t('pendulum.lesson.step1'), setup: {}, chart: PICTURE },
    { text: t('pendulum.lesson.step2'), setup: {}, chart: CHARTS },
    { text: t('pendulum.lesson.step3'), setup: { zoom: 1 } },
    { text: t('pendulum.lesson.step4'), setup: { zoom: 1, goal: 1.5 }, chart: PICTURE },
    { text: t('pendulum.lesson.step5'), setup: { zoom: 1, goal: 1.5, friction_b: 'karnopp' } },
  ],
  /** null on the lesson's bench, else the sentence shown above the steps: the
   *  numbers they quote are the default bench's, so a bench opened from a fit
   *  (or given another servo, model or parameter) is told that its own differ.
   *  The keys the steps themselves set (goal, treatment B, zoom) and the run's
   *  controls do not count. */
  offBench(state, core) {
    const info = core.scenario.find('bench');
    const base = core.scenario.params('bench', VIEW_DEFAULTS);
    const ours = readModel(core, state).values;
    const moved = info.params.filter((p, j) => !STEP_KEYS.has(p.name) && ours[j] !== base[j]).map((p) => p.name);
    if (!moved.length) return null;
    const name = (p, v) => (p.choices ? p.choices[v] : v);
    const a = paramIndex(info, 'actuator'), mo = paramIndex(info, 'model');
    // the parameters by their names in the page's language (English: the core's names, as the URL writes them)
    const shown = (n) => (lang === 'en' ? n : symbolText(tParam('bench', n, 'label', n)));
    const which = moved.slice(0, 4).map(shown).join(', ');
    return t('pendulum.lesson.off', { bench: `${name(info.params[a], base[a])} ${name(info.params[mo], base[mo]).toUpperCase()}`,
      which: moved.length > 4 ? t('pendulum.lesson.off.more', { which, n: moved.length - 4 }) : which });
  },
};
// the bench parameters the steps set or the run bar changes: they do not take
// the view off the lesson's bench
const STEP_KEYS = new Set(['goal', 'friction', 'duration', 'every', 'q0', 'dq0']);

export function mount(container, { core, state, showError }) {
  const m = readModel(core, state);
  const { info, values, fricChoices, dtIdx } = m;
  // the view's state, shared by its roles (native.js, rows.js, readouts.js, goal.js, panels.js)
  const p = { core, state, m, info, values, fricIdx: m.fricIdx, fricChoices, dtIdx };

  const { side, charts: mainCol } = viewLayout(container, t('pendulum.title'), t('pendulum.intro'));
  container.classList.add('pendulum-view');

  const saveState = () => writeState(m, state, loop.paused);
  const ui = p.ui = controls(container, side, m, { saveState, paint: () => paint(), restart: () => restart(),
    retune: () => retune(), probe: () => { m.endless(); return run.probe(); }, setDatasets: () => chartSet.setDatasets() });
  const { playBtn, stepBtn, resetBtn, csvBtn } = ui;
  Object.assign(p, { clock: ui.clock, panel: ui.panel });

  // --- the picture and its indicators (readouts.js)
  Object.assign(p, pictureBox(mainCol));
  const { canvas, endMsg, picMsg, seconds } = p;
  p.marks = [];   // per simulation: [{ n (s), q (rad), rev (reversals so far) }], the last SECONDS_SHOWN + 1

  // --- the run: treatment A and, compared, B (web/src/live/run.js)
  p.series = [];  // per simulation: the plotted points and the last row
  p.hist = [];    // per simulation: the ring buffer of every step (CSV)
  const speedLog = p.speedLog = []; // [wall ms, simulated s] of the last frames, for the achieved speed
  const frameStats = setHook('pendulum', 'frameStats', []);
  // MuJoCo's native joint of a params file (pasted below, or a native fit's
  // link): replayed beside M1–M6 and run live as simulation N beside A and B
  // (native.js)
  const native = p.native = nativeFromState(core, state, t);
  p.actIdx = paramIndex(info, 'actuator');
  const who = p.who = (i) => (i === nativeAt(p) ? 'N' : i ? 'B' : 'A');
  const run = p.run = liveRun({
    core, scenario: (i) => (i === nativeAt(p) ? 'bench-native' : 'bench'),
    count: () => (m.compare ? 2 : 1) + (nativeAt(p) >= 0 ? 1 : 0),
    params: (i) => (i === nativeAt(p) ? nativeVector(p) : m.paramsWith(m.treatmentOf(i))),
    sideMsg: picMsg, endMsg, loop: () => loop,
    onRetuned() { saveState(); if (loop.paused) paint(); },
    failed(i, e) {
      showError(t('pendulum.failed', { who: who(i), message: e.message }));
      return t('pendulum.failed.end', { who: who(i) });
    },
    doneText(i) {
      const s = p.series[i];
      const tEnd = s.row ? s.row[m.col(run.sims[i], 't')] : 0;
      return t('pendulum.done', { t: fmt(tEnd), dt: fmt(values[dtIdx]) });
    },
    onRows: (i, res, sim) => onRows(p, i, res, sim),
  });
  const names = p.names = () => run.sims.map((x, i) => (i === nativeAt(p) ? 'native' : fricChoices[m.treatmentOf(i)]));
  const advance = (n) => run.advance(n);

  const chartSet = p.chartSet = charts(mainCol, m, { series: () => p.series, sims: () => run.sims, names: () => names().map(tChoice), who, showError });
  // the read-out of each simulation at the last text refresh: the numbers under
  // the arms and the status line are this one sample (not two moments)
  p.shown = [];
  const pic = p.pic = picture(canvas, m, { sims: () => run.sims, series: () => p.series, names, readout: (i) => p.shown[i] || null,
    label: (i) => t('pendulum.picture.title', { who: who(i), name: tChoice(names()[i]) }) });
  // the native file's trace: what it is, or why it does not run
  const nativeNote = el('div', { className: 'note', id: 'pendulum-native-note', hidden: !native });
  seconds.after(nativeNote);

  let refusedPause = false;   // paused because the core refused the bench (resumed when it starts again)
  function restart() {
    m.endless();
    run.restart();
    const dt = values[dtIdx];
    m.windowS = Math.min(WINDOW_S, WINDOW_STEPS * dt);
    const cap = Math.max(2, Math.min(HISTORY_ROWS, Math.ceil(HISTORY_S / dt) + 1));
    p.hist = run.sims.map((s) => ring(cap, s.cols.length));
    p.marks = run.sims.map(() => []);
    // onRows appends one {x, y} point per step to these arrays and trims
    // them to the window in place; paint() hands each chart the steps in view.
    p.series = run.sims.map(() => ({ q: [], goal: [], dq: [], tf: [], row: null }));
    chartSet.setDatasets();
    speedLog.length = 0;
    // the row of t = 0 (a row holds the state at the start of its step): the
    // picture, the clock and the charts then always show the state after the
    // last step taken, so the first Step reads t = dt
    if (run.sims.length) advance(1);
    nativeNote.textContent = native ? (nativeOff(p) || t('pendulum.native.note', { actuator: native.actuator })) : '';
    nativeNote.dataset.running = nativeAt(p) >= 0 ? '1' : '';
    saveState();
    paint();
    // nothing runs while the core refuses the bench: paused (Play shown), and
    // running again once it starts
    if (!run.sims.length && !loop.paused) { loop.setPaused(true); refusedPause = true; }
    else if (run.sims.length && refusedPause) { refusedPause = false; loop.setPaused(false); }
  }
  p.restart = restart;

  /** The values to the running treatments: '' or the core's refusal (the
   *  simulations and the URL then keep the values in use; onRetuned). */
  const retune = p.retune = () => run.retune();

  // Every frame hands each chart the steps in view, unless the worker is still
  // drawing that chart's last data (then it gets the newest when it is done).
  let textAt = 0;
  function paint(all = true) {
    const { series } = p;
    const tEnd = series[0]?.row ? series[0].row[m.col(run.sims[0], 't')] : 0;
    const now = performance.now();
    if (all || now - textAt > 250) {
      textAt = now;
      p.shown = shownRows(p);
      writeText(p, tEnd);
    }
    pic.draw();
    chartSet.set.paint();
  }

  // the fixed-step clock (web/src/live/loop.js); a pause or resume takes one
  // step (the state after it is what the picture and the clock show)
  const loop = p.loop = liveLoop({ playBtn, paused: m.paused, h: () => values[dtIdx], speed: () => m.speed,
    live: () => run.sims.length > 0, ended: () => !!run.ended, advance, paint,
    onPause() {
      speedLog.length = 0;
      if (run.sims.length) advance(1);
      saveState();
    },
    onFrame(now) {
      const row = p.series[0]?.row;
      speedLog.push([now, row ? row[m.col(run.sims[0], 't')] : 0]);
      while (speedLog.length > 2 && now - speedLog[0][0] > 1000) speedLog.shift();
    },
    frameStats, budgetMs: STEP_BUDGET_MS, chunk: CHUNK_STEPS });

  playBtn.addEventListener('click', () => loop.togglePause());
  stepBtn.addEventListener('click', () => loop.step());
  resetBtn.addEventListener('click', () => restart());
  csvBtn.addEventListener('click', () => download('pendulum-bench.csv', csvUrl(benchCsv(m, run.sims, p.hist, names(), who, nativeAt(p) >= 0 ? native : null))));

  // drag the goal: switches the trajectory to a constant goal (goal.js)
  goalInput(p, canvas);

  // replay of a recorded log under M1–M6 and the native joint, and the
  // research exports (panels.js)
  const replay = benchReplay(p, mainCol);
  benchExports(p, side);

  restart();

  return liveViewHandle({ loop, restart, nudgeGoal: (sign) => nudgeGoal(p, sign),
    legend: [[t('page.key.space'), t('pendulum.keys.space')], ['S', t('pendulum.keys.s')], ['R', t('pendulum.keys.r')], ['← →', t('pendulum.keys.arrows')]],
    parts: [pic, run, chartSet, replay], hooks: [['pendulum', 'frameStats', frameStats]] });
}
