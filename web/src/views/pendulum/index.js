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
// under M1–M6. Roles: state.js (model, URL state), controls.js, draw.js (the
// picture), charts.js, csv.js; this file wires them.
import { fmt } from '../../format.js';
import { t, tChoice, tParam, lang } from '../../i18n/index.js';
import { el, symbolText } from '../../dom.js';
import { viewLayout, messageBox } from '../../layout.js';
import { download } from '../../charts.js';
import { csvUrl } from '../../csv.js';
import { paramIndex } from '../../../../wasm/friction.js';
import { replayPanel } from '../../replay.js';
import { liveLoop, liveViewHandle } from '../../live/loop.js';
import { liveRun } from '../../live/run.js';
import { ring, ringPush, ringGet, trimWindow } from '../../live/series.js';
import { setHook } from '../../testHooks.js';
import { exportPanel, scenarioParamsToObject, reloadWithState, servoExport, carriedKeys, carryEntry, withCarried } from '../../exports.js';
import { readModel, VIEW_DEFAULTS, saveState as writeState, WINDOW_S, WINDOW_STEPS, HISTORY_S, HISTORY_ROWS, CHUNK_STEPS,
  STEP_BUDGET_MS, GOAL_NUDGE } from './state.js';
import { controls } from './controls.js';
import { picture, angleText, velocityText } from '../../draw/pendulum.js';
import { charts } from './charts.js';
import { benchCsv } from './csv.js';
import { nativeFromState, nativeFromObject, nativeEntry } from '../../nativeFile.js';

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
  const { info, values, fricIdx, fricChoices, dtIdx } = m;

  const { side, charts: mainCol } = viewLayout(container, t('pendulum.title'), t('pendulum.intro'));
  container.classList.add('pendulum-view');

  const saveState = () => writeState(m, state, loop.paused);
  const ui = controls(container, side, m, { saveState, paint: () => paint(), restart: () => restart(),
    retune: () => retune(), probe: () => { m.endless(); return run.probe(); }, setDatasets: () => chartSet.setDatasets() });
  const { playBtn, stepBtn, resetBtn, clock, csvBtn, panel } = ui;

  // --- the picture and its indicators
  const canvas = el('canvas', { id: 'pendulum-canvas', role: 'img', tabIndex: 0,
    'aria-label': t('pendulum.canvas.aria') });
  const endMsg = Object.assign(messageBox(), { id: 'pendulum-end' });
  // a refusal of the core (the bench cannot start or retune) is written on
  // the picture it stops, above the canvas
  const picMsg = Object.assign(messageBox(), { id: 'pendulum-refusal' });
  const status = el('div', { className: 'readout', id: 'pendulum-status', 'aria-live': 'polite' });
  // each simulation at the last whole seconds of its run (θ, reversals in
  // that second): the lesson's "at 2 s", "at 9 s" read off the screen, not
  // caught by a pause
  const seconds = el('div', { className: 'readout', id: 'pendulum-seconds', 'aria-live': 'off' });
  mainCol.append(el('section', { className: 'chart-box', 'aria-label': t('pendulum.box.aria') }, picMsg, canvas, endMsg, status, seconds));
  const SECONDS_SHOWN = 10;
  let marks = [];   // per simulation: [{ n (s), q (rad), rev (reversals so far) }], the last SECONDS_SHOWN + 1

  // --- the run: treatment A and, compared, B (web/src/live/run.js)
  let series = [];  // per simulation: the plotted points and the last row
  let hist = [];    // per simulation: the ring buffer of every step (CSV)
  const speedLog = []; // [wall ms, simulated s] of the last frames, for the achieved speed
  const frameStats = setHook('pendulum', 'frameStats', []);
  // MuJoCo's native joint of a params file (pasted below, or a native fit's
  // link): replayed beside M1–M6 and run live as simulation N beside A and B,
  // the core's scenario bench-native (what `friction run bench-native
  // params=FILE` runs) on this bench's trajectory, goal, load and gain
  const native = nativeFromState(core, state, t);
  const actIdx = paramIndex(info, 'actuator');
  /** The native file's actuator is the bench's: its trace runs; else the one sentence why not. */
  const nativeOff = () => {
    if (!native) return '';
    const own = info.params[actIdx].choices[values[actIdx]], of = core.bench.actuatorOf(native.actuator);
    return of === own ? '' : t('pendulum.native.otherActuator', { of: native.actuator, own });
  };
  /** The index of the native simulation, or -1 when none runs. */
  const nativeAt = () => (native && !nativeOff() ? (m.compare ? 2 : 1) : -1);
  const who = (i) => (i === nativeAt() ? 'N' : i ? 'B' : 'A');
  /** The bench-native vector of the native file on this bench (the kp the bench resolves to is the log_kp). */
  function nativeVector() {
    const r = core.bench.resolve(values), at = (name) => r[paramIndex(info, name)];
    const keep = ['trajectory', 'goal', 'mass', 'length', 'arm_mass', 'dt', 'duration', 'every', 'q0', 'dq0'];
    return core.scenario.params('bench-native', { ...native.params, actuator: core.bench.actuatorOf(native.actuator),
      ...Object.fromEntries(keep.map((k) => [k, at(k)])), log_kp: at('kp') });
  }
  const run = liveRun({
    core, scenario: (i) => (i === nativeAt() ? 'bench-native' : 'bench'),
    count: () => (m.compare ? 2 : 1) + (nativeAt() >= 0 ? 1 : 0),
    params: (i) => (i === nativeAt() ? nativeVector() : m.paramsWith(m.treatmentOf(i))),
    sideMsg: picMsg, endMsg, loop: () => loop,
    onRetuned() { saveState(); if (loop.paused) paint(); },
    failed(i, e) {
      showError(t('pendulum.failed', { who: who(i), message: e.message }));
      return t('pendulum.failed.end', { who: who(i) });
    },
    doneText(i) {
      const s = series[i];
      const tEnd = s.row ? s.row[m.col(run.sims[i], 't')] : 0;
      return t('pendulum.done', { t: fmt(tEnd), dt: fmt(values[dtIdx]) });
    },
    onRows(i, res, sim) {
      const nc = sim.cols.length, s = series[i], rows = res.rows;
      ringPush(hist[i], rows, res.count);
      const ct = m.col(sim, 't'), cq = m.col(sim, 'q'), cg = m.col(sim, 'goal'), cd = m.col(sim, 'dq');
      const cf = m.col(sim, 'tau_f'), cr = m.col(sim, 'reversals');
      const half = values[dtIdx] / 2;
      for (let k = 0, o = 0; k < res.count; k++, o += nc) {
        const x = rows[o + ct];
        if (Math.abs(x - Math.round(x)) < half) {
          marks[i].push({ n: Math.round(x), q: rows[o + cq], rev: rows[o + cr] });
          if (marks[i].length > SECONDS_SHOWN + 1) marks[i].shift();
        }
        s.q.push({ x, y: rows[o + cq] });
        s.dq.push({ x, y: rows[o + cd] });
        s.tf.push({ x, y: rows[o + cf] });
        if (i === 0) s.goal.push({ x, y: rows[o + cg] });
      }
      if (res.count) s.row = rows.subarray((res.count - 1) * nc, res.count * nc);
      // drop what left the window (in batches, so trimming is rare)
      trimWindow([s.q, s.goal, s.dq, s.tf], m.windowS, { minCut: 256 });
    },
  });
  const names = () => run.sims.map((x, i) => (i === nativeAt() ? 'native' : fricChoices[m.treatmentOf(i)]));
  const advance = (n) => run.advance(n);

  const chartSet = charts(mainCol, m, { series: () => series, sims: () => run.sims, names: () => names().map(tChoice), who, showError });
  // the read-out of each simulation at the last text refresh: the numbers under
  // the arms and the status line are this one sample (not two moments)
  let shown = [];
  const pic = picture(canvas, m, { sims: () => run.sims, series: () => series, names, readout: (i) => shown[i] || null,
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
    hist = run.sims.map((s) => ring(cap, s.cols.length));
    marks = run.sims.map(() => []);
    // onRows appends one {x, y} point per step to these arrays and trims
    // them to the window in place; paint() hands each chart the steps in view.
    series = run.sims.map(() => ({ q: [], goal: [], dq: [], tf: [], row: null }));
    chartSet.setDatasets();
    speedLog.length = 0;
    // the row of t = 0 (a row holds the state at the start of its step): the
    // picture, the clock and the charts then always show the state after the
    // last step taken, so the first Step reads t = dt
    if (run.sims.length) advance(1);
    nativeNote.textContent = native ? (nativeOff() || t('pendulum.native.note', { actuator: native.actuator })) : '';
    nativeNote.dataset.running = nativeAt() >= 0 ? '1' : '';
    saveState();
    paint();
    // nothing runs while the core refuses the bench: paused (Play shown), and
    // running again once it starts
    if (!run.sims.length && !loop.paused) { loop.setPaused(true); refusedPause = true; }
    else if (run.sims.length && refusedPause) { refusedPause = false; loop.setPaused(false); }
  }

  /** The values to the running treatments: '' or the core's refusal (the
   *  simulations and the URL then keep the values in use; onRetuned). */
  const retune = () => run.retune();

  /** Velocity reversals per second of simulated time over the last second
   *  (or over the steps kept, if fewer), from the ring buffer of every step. */
  function reversalRate(i) {
    const r = hist[i];
    if (!r || r.n < 2) return 0;
    const sim = run.sims[i], cr = m.col(sim, 'reversals'), ct = m.col(sim, 't');
    const back = Math.min(r.n - 1, r.cap - 1, Math.round(1 / values[dtIdx]));
    const span = ringGet(r, 0, ct) - ringGet(r, back, ct);
    return span > 0 ? (ringGet(r, 0, cr) - ringGet(r, back, cr)) / span : 0;
  }

  // Every frame hands each chart the steps in view, unless the worker is still
  // drawing that chart's last data (then it gets the newest when it is done).
  let textAt = 0;
  function paint(all = true) {
    const tEnd = series[0]?.row ? series[0].row[m.col(run.sims[0], 't')] : 0;
    const now = performance.now();
    if (all || now - textAt > 250) {
      textAt = now;
      shown = run.sims.map((sim, i) => {
        const row = series[i]?.row;
        if (!row) return null;
        const get = (name) => row[m.col(sim, name)];
        return { q: get('q'), dq: get('dq'), stuck: get('stuck') > 0.5, reversals: get('reversals'), rate: reversalRate(i) };
      });
      writeText(tEnd);
    }
    pic.draw();
    chartSet.set.paint();
  }

  function writeText(tNow) {
    const dt = values[dtIdx];
    let speedText = t('pendulum.clock.paused');
    if (!loop.paused) {
      // achieved speed: simulated time over real time, over the last second
      const a = speedLog[0], b = speedLog[speedLog.length - 1];
      const achieved = a && b[0] - a[0] > 200 ? (b[1] - a[1]) / ((b[0] - a[0]) / 1000) : null;
      speedText = achieved === null ? t('pendulum.clock.asked', { asked: fmt(m.speed) })
        : t('pendulum.clock.achieved', { achieved: fmt(Number(achieved.toPrecision(2))), asked: fmt(m.speed) });
    }
    clock.textContent = t('pendulum.clock', { t: tNow.toFixed(3), dt: fmt(dt), speed: speedText });
    const nm = names().map(tChoice); // the treatments' names in the page's language
    const g = series[0]?.row ? series[0].row[m.col(run.sims[0], 'goal')] : values[paramIndex(info, 'goal')];
    status.textContent = `${t('pendulum.status.goal', { goal: g.toFixed(4) })}  |  ` + run.sims.map((sim, i) => {
      const r = shown[i];
      if (!r) return t('pendulum.status.notStarted', { who: who(i), name: nm[i] });
      return t('pendulum.status.sim', { who: who(i), name: nm[i], q: angleText(r.q), dq: velocityText(r.dq),
        state: r.stuck ? t('pendulum.status.stick') : t('pendulum.status.slip'), rate: r.rate.toFixed(0), all: r.reversals });
    }).join('  |  ');
    seconds.textContent = run.sims.map((sim, i) => {
      const ms = marks[i] || [];
      // the first mark kept is the base of the second after it
      const items = ms.slice(1).map((k, j) => t('pendulum.seconds.item', { n: k.n, q: angleText(k.q), rate: k.rev - ms[j].rev }));
      return items.length ? t('pendulum.seconds', { who: who(i), name: nm[i], list: items.join(' · ') }) : '';
    }).filter(Boolean).join('\n');
  }

  // the fixed-step clock (web/src/live/loop.js); a pause or resume takes one
  // step (the state after it is what the picture and the clock show)
  const loop = liveLoop({ playBtn, paused: m.paused, h: () => values[dtIdx], speed: () => m.speed,
    live: () => run.sims.length > 0, ended: () => !!run.ended, advance, paint,
    onPause() {
      speedLog.length = 0;
      if (run.sims.length) advance(1);
      saveState();
    },
    onFrame(now) {
      const row = series[0]?.row;
      speedLog.push([now, row ? row[m.col(run.sims[0], 't')] : 0]);
      while (speedLog.length > 2 && now - speedLog[0][0] > 1000) speedLog.shift();
    },
    frameStats, budgetMs: STEP_BUDGET_MS, chunk: CHUNK_STEPS });

  function setGoal(angle) {
    const gi = paramIndex(info, 'goal');
    const p = info.params[gi];
    const a = Math.min(p.max, Math.max(p.min, angle));
    panel.set('trajectory', info.params[paramIndex(info, 'trajectory')].choices.indexOf('goal'));
    panel.set('goal', a);
    chartSet.setDatasets();
    const why = retune();   // not expected (the goal stays in its range): said on the picture
    picMsg.hidden = !why;
    picMsg.textContent = why;
  }
  function nudgeGoal(sign) {
    // from the goal the arm follows now: the constant goal as last set (so that
    // presses between two steps, or while paused, add up), or a trajectory's
    // current goal
    const row = series[0]?.row;
    const g = row && !m.isConstantGoal() ? row[m.col(run.sims[0], 'goal')] : values[paramIndex(info, 'goal')];
    // on the 1e-9 rad grid: six presses from 1.2 give the goal 1.5 a link or a
    // typed value gives, not 1.5000000000000002
    setGoal(Math.round((g + Math.sign(sign) * GOAL_NUDGE) * 1e9) / 1e9);
  }
  playBtn.addEventListener('click', () => loop.togglePause());
  stepBtn.addEventListener('click', () => loop.step());
  resetBtn.addEventListener('click', () => restart());
  csvBtn.addEventListener('click', () => download('pendulum-bench.csv', csvUrl(benchCsv(m, run.sims, hist, names(), who, nativeAt() >= 0 ? native : null))));

  // drag the goal: switches the trajectory to a constant goal
  let dragging = false;
  canvas.addEventListener('pointerdown', (e) => { dragging = true; canvas.setPointerCapture(e.pointerId); setGoal(pic.goalFromEvent(e)); });
  canvas.addEventListener('pointermove', (e) => { if (dragging) setGoal(pic.goalFromEvent(e)); });
  canvas.addEventListener('pointerup', () => { dragging = false; });
  canvas.addEventListener('keydown', (e) => {
    const d = e.key === 'ArrowLeft' ? -1 : e.key === 'ArrowRight' ? 1 : 0;
    if (d) { e.preventDefault(); e.stopPropagation(); nudgeGoal(d); }
  });

  // replay of a recorded log under M1–M6 and the native joint (replay.js)
  const replay = replayPanel(mainCol, {
    native: () => native, dropNative: () => reloadWithState(state, nativeEntry(null)),
    core, info, values: () => values, treatment: () => fricChoices[values[fricIdx]],
    actuator: () => info.params[actIdx].choices[values[actIdx]],
    // a log of another actuator: its actuator, a model it has, the log's kp
    selectActuator: (name, log) => {
      panel.set('actuator', info.params[actIdx].choices.indexOf(name));
      const from = ui.pickModel();
      const kp = info.params[paramIndex(info, 'kp')];
      const kpOk = log && Number.isFinite(log.kp) && log.kp >= 1 && log.kp <= kp.max;
      if (kpOk) panel.set('kp', log.kp);
      ui.loadPresetCoefficients({ keep: kpOk ? ['kp'] : [] });
      restart();
      return `${from ? t('pendulum.replay.model', { from: from.toUpperCase(), to: `M${m.val('model') + 1}`, name }) : ''}`
        + `${kpOk ? t('pendulum.replay.kp', { kp: log.kp }) : ''}`;
    },
  });

  // research exports (exports.js): the bench as a flat params file, MuJoCo
  // the keys of the pasted file the core does not model: carried into every export
  const carry = carriedKeys(state);
  const panelOut = exportPanel(side, {
    fileName: 'bench',
    getParams: () => withCarried(scenarioParamsToObject(info, core.bench.resolve(values)), carry),
    setParams: (obj) => {
      // a native file ("model": "native"): MuJoCo's own joint, kept beside the bench for the replay
      if (obj && obj.model === 'native') { reloadWithState(state, nativeEntry(nativeFromObject(core, obj, t))); return; }
      // read by the core, key by key, as `friction run bench params=FILE` reads a file
      const { values: p, carry: c } = core.io.paramsFile(obj, 'paste');
      core.bench.resolve(p);
      // a value equal to its preset's (resolved for the pasted actuator and
      // model) comes back as its "use the preset" box ticked (-1): the view's
      // own export pasted back gives the same state, not only the same values
      // An actuator with no published file of the pasted model (a fitted
      // sts3215 M4) has no presets to compare with: every value stays typed.
      let preset = null;
      try {
        preset = core.bench.resolve(Array.from(p, (v, i) => (info.params[i].preset ? -1 : v)));
      } catch {
        preset = null;
      }
      const q = preset ? Array.from(p, (v, i) => (info.params[i].preset && v === preset[i] ? -1 : v)) : p;
      reloadWithState(state, { ...scenarioParamsToObject(info, q), ...carryEntry(c) });
    },
    servo: () => servoExport(core, values, carry),
  });
  panelOut.carried(carry.length ? core.io.paramsFile(withCarried({}, carry), 'paste').warnings : []);

  restart();

  return liveViewHandle({ loop, restart, nudgeGoal,
    legend: [[t('page.key.space'), t('pendulum.keys.space')], ['S', t('pendulum.keys.s')], ['R', t('pendulum.keys.r')], ['← →', t('pendulum.keys.arrows')]],
    parts: [pic, run, chartSet, replay], hooks: [['pendulum', 'frameStats', frameStats]] });
}
