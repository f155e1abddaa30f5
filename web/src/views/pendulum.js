// pendulum.js: the pendulum test bench of Duclusaud & Passault, live. The
// simulation advances in fixed steps of dt (never the frame's variable dt):
// each animation frame runs as many steps as the elapsed time × speed calls
// for. Two friction treatments can run side by side on the same inputs. The
// run has no end: the view sets the scenario's duration to the longest the
// core accepts for dt. Every step is kept: the charts get every step of their
// window (drawn by Chart.js with min-max decimation in a worker on
// OffscreenCanvases, web/src/workers/pendulumCharts.js) and ring buffers hold
// the last HISTORY_S seconds for the CSV export. A recorded log dropped on
// the replay panel (replay.js) is scored under M1–M6.
import { version as VERSION } from '../../../package.json';
import { choiceControl, toggleControl, fmt } from '../controls.js';
import { viewLayout, messageBox } from '../layout.js';
import { download, COLORS } from '../charts.js';
import { liveChartSet } from '../liveCharts.js';
import { paramPanel, paramIndex } from '../paramPanel.js';
import { replayPanel } from '../replay.js';
import { runBar, button } from '../runBar.js';
import { exportPanel, scenarioParamsToObject, scenarioParamsFromObject, reloadWithState } from '../exports.js';

const SETUP = ['actuator', 'model', 'trajectory', 'goal', 'kp', 'mass', 'length', 'dt', 'karnopp_eps'];
// The view's own defaults (not the core's): a constant goal under gravity, where
// the explicit treatment chatters and creeps while implicit and clip hold still.
const VIEW_DEFAULTS = { trajectory: 'goal', goal: 1.2, friction: 'implicit' };
const WINDOW_S = 1;             // rolling plot window [s] ...
const WINDOW_STEPS = 6000;      // ... or this many steps, if fewer (small dt)
const ZOOM_S = 0.2;             // the zoomed window [s]
const HISTORY_S = 60;           // CSV history [s] ...
const HISTORY_ROWS = 120000;    // ... or this many steps, if fewer
const CHUNK_STEPS = 2000;       // steps per treatment in one call of the core
const STEP_BUDGET_MS = 3;       // simulation time per animation frame, at most
const STEPS_LIMIT = 9e9;        // the core refuses duration/dt > 1e10 steps
const GOAL_NUDGE = 0.05;        // goal change of one arrow key [rad]

function colIndex(sim, name) { return sim.cols.indexOf(name); }
const fmtRate = (v) => (v === 0 ? '0' : v.toExponential(2));

/** What to notice and what to try, for the presentation mode; every sentence
 *  holds for the defaults above (XL330, M6, dt = 1 ms, goal 1.2 rad). */
export const LESSON = {
  notice: 'Both arms get the same goal, 1.2 rad, and stop short of it at about 0.89 rad (51°), where the servo and '
    + 'friction hold the weight. Implicit (A) stands still: its velocity is exactly zero and its badge reads STICK. '
    + 'Explicit (B) chatters: its velocity changes sign 800 to 1000 times a second, its friction torque jumps between '
    + '+budget and −budget, and its arm creeps slowly down.',
  tryThis: [
    'Compare the reversals-per-second read-outs under the arms: A stays at 0, B climbs from about 800 to 1000 (one per time step).',
    'Tick "zoom on the last 0.2 s": B\'s velocity and friction torque flip sign almost every time step; A\'s are flat.',
    'Press → once (or drag on the picture) to raise the goal by 0.05 rad: implicit does not move, static friction holds it; '
      + 'explicit starts creeping towards the new goal. Press → five more times: implicit breaks away, then sticks again.',
    'Switch B to karnopp: it sticks after about 100 reversals, yet its angle keeps drifting down slowly (watch the angle chart).',
    'Switch B to clip, the reference step of Duclusaud & Passault: it holds still exactly like implicit.',
  ],
};

/** A ring buffer of rows (nc columns): the last `cap` rows written. */
function ring(cap, nc) {
  return { buf: new Float64Array(cap * nc), cap, nc, n: 0 };
}
function ringPush(r, rows, count) {
  for (let k = 0; k < count; k++) {
    r.buf.set(rows.subarray(k * r.nc, (k + 1) * r.nc), (r.n % r.cap) * r.nc);
    r.n++;
  }
}
/** Column c of the row written `back` rows before the last one. */
function ringGet(r, back, c) {
  return r.buf[((r.n - 1 - back) % r.cap) * r.nc + c];
}

export function mount(container, { core, state, showError }) {
  const info = core.scenario('bench');
  const values = core.scenarioParams('bench', VIEW_DEFAULTS);
  // URL state: every parameter, by name (the view sets duration and every)
  info.params.forEach((p, j) => {
    const raw = state.get(p.name, null);
    if (raw === null) return;
    const v = p.choices ? p.choices.indexOf(raw) : Number(raw);
    if (Number.isFinite(v) && v >= p.min && v <= p.max) values[j] = v;
  });
  const fricIdx = paramIndex(info, 'friction');
  const fricChoices = info.params[fricIdx].choices;
  const dtIdx = paramIndex(info, 'dt');
  let compare = state.get('compare', '1') === '1';
  let fricB = fricChoices.indexOf(state.get('friction_b', 'explicit'));
  if (fricB < 0) fricB = fricChoices.indexOf('explicit');
  let speed = state.getNumber('speed', 1);
  let paused = state.get('paused', '0') === '1';
  let zoom = state.get('zoom', '0') === '1';

  const { side, charts: mainCol } = viewLayout(container, 'Pendulum test bench, live',
    'A servo holds an arm with a mass (Duclusaud & Passault, Algorithm 1) under the identified '
    + 'friction of a real actuator (models M1–M6). By default both arms hold a constant goal of 1.2 rad against '
    + 'gravity: the implicit treatment (A) stops dead, the naive explicit one (B) chatters 800 to 1000 times a second '
    + 'and creeps down; the reference clip stops dead too, Karnopp\'s depends on its threshold. The charts show every '
    + 'time step of the last second. '
    + 'Drag the goal on the picture (or use ← →), or drop a recorded log to replay it.');
  container.classList.add('pendulum-view');

  // --- run bar: first in the view, so first in tab order (web/src/runBar.js)
  const zoomCtl = toggleControl({ label: `zoom on the last ${ZOOM_S} s`, value: zoom,
    onChange: (v) => { zoom = v; saveState(); paint(); } });
  const csvBtn = button('CSV, every step', `Export every time step of the run (the last ${HISTORY_S} s at most) with the parameters`);
  csvBtn.setAttribute('aria-label', 'Export every time step of the live run as CSV');
  const { playBtn, stepBtn, resetBtn, speedCtl, clock } = runBar(container, {
    name: 'pendulum', what: 'the pendulum', step: 'dt', speed,
    onSpeed: (v) => { speed = v; saveState(); }, extra: [zoomCtl.el, csvBtn] });
  speedCtl.el.classList.add('pendulum-speed');

  // treatment A (the scenario's own `friction`) and the optional B
  const setupHead = document.createElement('h3');
  setupHead.textContent = 'Friction treatment';
  side.append(setupHead);
  paramPanel(side, info, values, ['friction'], () => restart(), { friction: 'Treatment A (left)' });
  const cmpCtl = toggleControl({ label: 'compare with a second treatment (right)', value: compare, onChange: (v) => { compare = v; bCtl.el.hidden = !v; restart(); } });
  const bCtl = choiceControl({ label: 'Treatment B (right)', choices: fricChoices.map((c) => ({ value: c })), value: fricChoices[fricB],
    onChange: (v) => { fricB = fricChoices.indexOf(v); restart(); } });
  bCtl.el.hidden = !compare;
  side.append(cmpCtl.el, bCtl.el);

  const benchHead = document.createElement('h3');
  benchHead.textContent = 'Bench and servo';
  side.append(benchHead);
  // a new actuator, model or dt, or a new initial state, starts again at t = 0;
  // anything else acts on the running simulation at once
  const RESTART = new Set(['actuator', 'model', 'dt', 'q0', 'dq0']);
  // Parameters whose -1 means "the preset's value": paramPanel shows the
  // resolved number beside a ticked "preset" box; values keeps the -1.
  const PRESET_KEYS = info.params.filter((p) => p.preset).map((p) => p.name);
  const panel = paramPanel(side, info, values, SETUP, (name) => {
    if (name === 'actuator' || name === 'model') loadPresetCoefficients();
    if (name === 'trajectory') setDatasets();
    if (RESTART.has(name)) restart(); else retune();
  });
  const coefDetails = document.createElement('details');
  const coefSummary = document.createElement('summary');
  coefSummary.textContent = 'Friction and motor coefficients (from the preset)';
  coefDetails.append(coefSummary);
  const rest = info.params.map((p) => p.name)
    .filter((n) => !SETUP.includes(n) && !['friction', 'duration', 'every'].includes(n));
  const coefPanel = paramPanel(coefDetails, info, values, rest, (name) => {
    if (RESTART.has(name)) restart(); else retune();
  });
  side.append(coefDetails);
  const sideMsg = messageBox();
  side.append(sideMsg);

  // --- the picture and its indicators
  const runBox = document.createElement('section');
  runBox.className = 'chart-box';
  runBox.setAttribute('aria-label', 'Live pendulum');
  const canvas = document.createElement('canvas');
  canvas.id = 'pendulum-canvas';
  canvas.setAttribute('role', 'img');
  canvas.setAttribute('aria-label', 'Animated pendulum; drag to set the goal angle, or use the arrow keys');
  canvas.tabIndex = 0;
  const endMsg = messageBox();
  endMsg.id = 'pendulum-end';
  const status = document.createElement('div');
  status.className = 'readout';
  status.id = 'pendulum-status';
  status.setAttribute('aria-live', 'polite');
  runBox.append(canvas, endMsg, status);
  mainCol.append(runBox);

  // --- rolling charts: every step of the window, min-max decimated per pixel
  let sims = [];    // the running simulations, A then B
  let series = [];  // per simulation: the plotted points and the last row
  // The rolling charts (web/src/liveCharts.js: Chart.js in a worker on
  // OffscreenCanvases; this frame only hands over the steps in view).
  const chartStats = [];
  window.pendulumChartWorkerStats = chartStats;
  const chartSet = liveChartSet(mainCol, {
    what: 'pendulum',
    boxes: [
      { title: 'Angle θ', description: 'Joint angle of each treatment over the last second, y axis scaled to the data', height: 190, fileName: 'pendulum-angle' },
      { title: 'Velocity θ̇', description: 'Joint velocity of each treatment over the last second', height: 170, fileName: 'pendulum-velocity' },
      { title: 'Friction torque τf (dashed: ±budget τf^m of A now)', description: 'Friction torque of each treatment over the last second, with the current friction budget of treatment A as dashed lines', height: 190, fileName: 'pendulum-friction' },
    ],
    axes: [{ yText: 'θ [rad]' }, { yText: 'θ̇ [rad/s]' }, { yText: 'τf [N·m]', budget: true }],
    showError,
    onStats(ms) {
      chartStats.push(...ms);
      if (chartStats.length > 2000) chartStats.splice(0, 1000);
    },
    range() {
      const tEnd = series[0]?.row ? series[0].row[colIndex(sims[0], 't')] : 0;
      const span = zoom ? Math.min(ZOOM_S, windowS) : windowS;
      return { x0: Math.max(0, tEnd - span), x1: Math.max(span, tEnd),
        budget: series[0]?.row ? series[0].row[colIndex(sims[0], 'budget')] : 0 };
    },
  });
  const chartWorker = chartSet.worker;
  const liveCharts = chartSet.charts;
  const [qChart, dqChart, tfChart] = liveCharts;

  // --- simulations (sims and series are declared above the charts)
  let hist = [];
  let acc = 0;
  let last = performance.now();
  let raf = 0;
  let ended = '';
  let windowS = WINDOW_S;
  const speedLog = []; // [wall ms, simulated s] of the last frames, for the achieved speed
  const frameStats = [];
  window.pendulumFrameStats = frameStats;

  function paramsWith(friction) {
    const p = Float64Array.from(values);
    p[fricIdx] = friction;
    return p;
  }
  const treatmentOf = (i) => (i === 0 ? values[fricIdx] : fricB);
  const names = () => sims.map((x, i) => fricChoices[treatmentOf(i)]);

  // the run never ends in practice: the longest duration the core accepts for dt
  function endless() {
    const j = paramIndex(info, 'duration');
    values[j] = Math.min(info.params[j].max, STEPS_LIMIT * values[dtIdx]);
    values[paramIndex(info, 'every')] = 1;
  }

  function loadPresetCoefficients() {
    // a new actuator or model: every preset-backed value goes back to "preset"
    // (paramPanel.set refreshes the shown preset values of both panels)
    for (const name of PRESET_KEYS) (coefPanel.byName[name] ? coefPanel : panel).set(name, -1);
  }

  function saveState() {
    const out = { compare: compare ? 1 : 0, friction_b: fricChoices[fricB], speed, paused: paused ? 1 : 0, zoom: zoom ? 1 : 0 };
    info.params.forEach((p, j) => {
      if (p.name === 'duration' || p.name === 'every') return;
      out[p.name] = p.choices ? p.choices[values[j]] : values[j];
    });
    state.set(out);
  }

  function restart() {
    if (ended) { paused = false; playBtn.textContent = 'Pause'; } // Reset after the end runs again
    sims.forEach((s) => s.free());
    sims = [];
    sideMsg.hidden = true;
    endless();
    try {
      sims.push(core.simulation('bench', {}));
      sims[0].reset(paramsWith(values[fricIdx]));
      if (compare) {
        const b = core.simulation('bench', {});
        sims.push(b);
        b.reset(paramsWith(fricB));
      }
    } catch (e) {
      sims.forEach((s) => s.free());
      sims = [];
      sideMsg.hidden = false;
      sideMsg.textContent = e.message;
    }
    const dt = values[dtIdx];
    windowS = Math.min(WINDOW_S, WINDOW_STEPS * dt);
    const cap = Math.max(2, Math.min(HISTORY_ROWS, Math.ceil(HISTORY_S / dt) + 1));
    hist = sims.map((s) => ring(cap, s.cols.length));
    // advance() appends one {x, y} point per step to these arrays and trims
    // them to the window in place; paint() hands each chart the steps in view.
    series = sims.map(() => ({ q: [], goal: [], dq: [], tf: [], row: null }));
    setDatasets();
    acc = 0;
    ended = '';
    endMsg.hidden = true;
    speedLog.length = 0;
    // the row of t = 0 (a row holds the state at the start of its step): the
    // picture, the clock and the charts then always show the state after the
    // last step taken, so the first Step reads t = dt
    if (sims.length) advance(1);
    saveState();
    paint();
  }

  // The datasets: one curve per treatment and chart (every step of the window);
  // the goal curve only for a moving goal (a constant one is on the picture);
  // the friction budget ±τf^m of treatment A is drawn as two lines at its
  // current value (budgetLines), not as curves: fewer points per chart update.
  function isConstantGoal() {
    return info.params[paramIndex(info, 'trajectory')].choices[values[paramIndex(info, 'trajectory')]] === 'goal';
  }
  function setDatasets() {
    const nm = names();
    const moving = !isConstantGoal();
    const set = (c, list) => {
      // the arrays of every step; paint() hands the chart the steps in view
      c.mirror.sources = list.map((d) => d.data);
      c.mirror.data.datasets = list.map((d) => ({ label: d.label, data: [] }));
      chartWorker.postMessage({ type: 'datasets', index: c.index,
        datasets: list.map((d) => ({ label: d.label, color: d.borderColor, dash: d.borderDash })) });
    };
    set(qChart, series.flatMap((sr, i) => [
      { label: `θ ${i ? 'B' : 'A'} (${nm[i]})`, data: sr.q, borderColor: COLORS[i] },
      ...(i === 0 && moving ? [{ label: 'goal θd', data: sr.goal, borderColor: '#888', borderDash: [4, 3] }] : []),
    ]));
    set(dqChart, series.map((sr, i) => ({ label: `θ̇ ${i ? 'B' : 'A'} (${nm[i]})`, data: sr.dq, borderColor: COLORS[i] })));
    set(tfChart, series.map((sr, i) => ({ label: `τf ${i ? 'B' : 'A'} (${nm[i]})`, data: sr.tf, borderColor: COLORS[i] })));
  }

  function retune() {
    saveState();
    sideMsg.hidden = true;
    try {
      sims.forEach((s, i) => s.retune(paramsWith(treatmentOf(i))));
    } catch (e) {
      sideMsg.hidden = false;
      sideMsg.textContent = e.message;
    }
    if (paused) paint();
  }

  function runEnded(why) {
    ended = why;
    endMsg.hidden = false;
    endMsg.textContent = why;
    setPaused(true);
  }

  function advance(nSteps) {
    for (let i = 0; i < sims.length; i++) {
      const sim = sims[i];
      if (sim.done) continue;
      let res;
      try {
        res = sim.step(nSteps);
      } catch (e) {
        showError(`Treatment ${i ? 'B' : 'A'}: ${e.message}`);
        runEnded(`The run stopped: treatment ${i ? 'B' : 'A'} failed (see the message above). Press Reset to start again.`);
        continue;
      }
      const nc = sim.cols.length, s = series[i], rows = res.rows;
      ringPush(hist[i], rows, res.count);
      const ct = colIndex(sim, 't'), cq = colIndex(sim, 'q'), cg = colIndex(sim, 'goal'), cd = colIndex(sim, 'dq');
      const cf = colIndex(sim, 'tau_f');
      for (let k = 0, o = 0; k < res.count; k++, o += nc) {
        const t = rows[o + ct];
        s.q.push({ x: t, y: rows[o + cq] });
        s.dq.push({ x: t, y: rows[o + cd] });
        s.tf.push({ x: t, y: rows[o + cf] });
        if (i === 0) s.goal.push({ x: t, y: rows[o + cg] });
      }
      if (res.count) s.row = rows.subarray((res.count - 1) * nc, res.count * nc);
      // drop what left the window (in batches, so trimming is rare)
      if (s.q.length) {
        const tEnd = s.q[s.q.length - 1].x;
        let cut = 0;
        while (cut < s.q.length && s.q[cut].x < tEnd - windowS) cut++;
        if (cut > 256) for (const key of ['q', 'goal', 'dq', 'tf']) s[key].splice(0, cut);
      }
      if (res.done && !ended) {
        const t = s.row ? s.row[ct] : 0;
        runEnded(`The run reached the end of its time (t = ${fmt(t)} s, the longest the core accepts at dt = ${fmt(values[dtIdx])} s). Press Reset to start again.`);
      }
    }
  }

  /** Velocity reversals per second of simulated time over the last second
   *  (or over the steps kept, if fewer), from the ring buffer of every step. */
  function reversalRate(i) {
    const r = hist[i];
    if (!r || r.n < 2) return 0;
    const sim = sims[i], cr = colIndex(sim, 'reversals'), ct = colIndex(sim, 't');
    const back = Math.min(r.n - 1, r.cap - 1, Math.round(1 / values[dtIdx]));
    const span = ringGet(r, 0, ct) - ringGet(r, back, ct);
    return span > 0 ? (ringGet(r, 0, cr) - ringGet(r, back, cr)) / span : 0;
  }

  // Every frame hands each chart the steps in view, unless the worker is still
  // drawing that chart's last data (then it gets the newest when it is done).
  let textAt = 0;
  function paint(all = true) {
    drawCanvas();
    const tEnd = series[0]?.row ? series[0].row[colIndex(sims[0], 't')] : 0;
    chartSet.paint();
    const now = performance.now();
    if (all || now - textAt > 250) { textAt = now; writeText(tEnd); }
  }


  function writeText(t) {
    const dt = values[dtIdx];
    let run = 'paused';
    if (!paused) {
      // achieved speed: simulated time over real time, over the last second
      const a = speedLog[0], b = speedLog[speedLog.length - 1];
      const achieved = a && b[0] - a[0] > 200 ? (b[1] - a[1]) / ((b[0] - a[0]) / 1000) : null;
      run = achieved === null ? `asked ${fmt(speed)}× real time` : `${fmt(Number(achieved.toPrecision(2)))}× real time (asked ${fmt(speed)}×)`;
    }
    clock.textContent = `t = ${t.toFixed(3)} s   dt = ${fmt(dt)} s   ${run}`;
    const nm = names();
    const g = series[0]?.row ? series[0].row[colIndex(sims[0], 'goal')] : values[paramIndex(info, 'goal')];
    status.textContent = `goal ${g.toFixed(4)} rad  |  ` + sims.map((sim, i) => {
      const row = series[i].row;
      if (!row) return `${i ? 'B' : 'A'} ${nm[i]}: not started`;
      const get = (name) => row[colIndex(sim, name)];
      return `${i ? 'B' : 'A'} ${nm[i]}: θ ${get('q').toFixed(4)} rad, dθ/dt ${fmtRate(get('dq'))} rad/s, `
        + `${get('stuck') > 0.5 ? 'stick' : 'slip'}, ${reversalRate(i).toFixed(0)} reversals/s (${get('reversals')} in all)`;
    }).join('  |  ');
  }

  // The picture is drawn in CSS pixels (the backing store follows the canvas's
  // CSS size × devicePixelRatio), so its text has the size it says.
  let fontPx = 13; // >= 13 CSS px; larger on a tall canvas (presentation mode)
  let cssW = 0, cssH = 0;
  const resize = () => {
    const r = canvas.getBoundingClientRect();
    const dpr = window.devicePixelRatio || 1;
    cssW = Math.max(1, Math.round(r.width));
    cssH = Math.max(1, Math.round(r.height));
    fontPx = Math.max(13, Math.round(cssH / 22));
    canvas.width = Math.round(cssW * dpr);
    canvas.height = Math.round(cssH * dpr);
    drawCanvas();
  };
  const observer = new ResizeObserver(resize);
  observer.observe(canvas);

  /** Where each arm is drawn (CSS px of the canvas): the swing circle holds the
   *  arm and the mass at any angle; the badge and the text lie below it. */
  function geometry() {
    const n = Math.max(1, sims.length);
    const pw = cssW / n, lineH = fontPx + 5, badgeH = fontPx + 8, badgeW = Math.round(fontPx * 5), mass = Math.round(fontPx * 0.85);
    const top = lineH + 4, below = 6 + badgeH + 4 + 2 * lineH;
    const Rc = Math.max(20, Math.min(pw / 2 - 8, (cssH - top - below) / 2));
    const L = Rc - mass - 3;
    return Array.from({ length: n }, (_, i) => {
      const cx = pw * (i + 0.5), cy = top + Rc;
      const by = cy + Rc + 6;
      return { cx, cy, L, Rc, massR: mass, badge: { x: cx - badgeW / 2, y: by, w: badgeW, h: badgeH }, textY: by + badgeH + 4 + fontPx, lineH };
    });
  }

  function drawCanvas() {
    if (!cssW) return;
    const ctx = canvas.getContext('2d');
    const dpr = canvas.width / cssW;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, cssW, cssH);
    const geo = geometry();
    const nm = names();
    const drawn = [];
    ctx.font = `${fontPx}px system-ui, sans-serif`;
    ctx.textAlign = 'center';
    sims.forEach((sim, i) => {
      const g = geo[i];
      const { cx, cy, L } = g;
      ctx.fillStyle = '#eef1f5';
      ctx.beginPath(); ctx.arc(cx, cy, g.Rc, 0, 2 * Math.PI); ctx.fill();
      ctx.fillStyle = '#1d232b';
      ctx.fillText(`${i ? 'B' : 'A'}: ${nm[i]}`, cx, fontPx + 2);
      const row = series[i].row;
      const get = (name) => row[colIndex(sim, name)];
      const q = row ? get('q') : values[paramIndex(info, 'q0')];
      // a constant goal shows at once, even paused; a trajectory's as it runs
      const goal = isConstantGoal() ? values[paramIndex(info, 'goal')] : row ? get('goal') : null;
      if (goal !== null) {
        ctx.strokeStyle = '#9aa4b2'; ctx.setLineDash([5, 4]); ctx.lineWidth = 2;
        ctx.beginPath(); ctx.moveTo(cx, cy); ctx.lineTo(cx + L * Math.sin(goal), cy + L * Math.cos(goal)); ctx.stroke();
        ctx.setLineDash([]);
      }
      // arm and mass (q = 0 hangs down)
      const x = cx + L * Math.sin(q), y = cy + L * Math.cos(q);
      ctx.strokeStyle = '#2b3440'; ctx.lineWidth = 4;
      ctx.beginPath(); ctx.moveTo(cx, cy); ctx.lineTo(x, y); ctx.stroke();
      ctx.fillStyle = COLORS[i]; ctx.beginPath(); ctx.arc(x, y, g.massR, 0, 2 * Math.PI); ctx.fill();
      ctx.fillStyle = '#2b3440'; ctx.beginPath(); ctx.arc(cx, cy, 4, 0, 2 * Math.PI); ctx.fill();
      drawn.push({ cx, cy, L, swingRadius: g.Rc, mass: { x, y, r: g.massR }, badge: g.badge });
      if (!row) return;
      const stuck = get('stuck') > 0.5;
      const b = g.badge;
      ctx.fillStyle = stuck ? '#1a7f37' : '#d1242f';
      ctx.fillRect(b.x, b.y, b.w, b.h);
      ctx.fillStyle = '#fff';
      ctx.fillText(stuck ? 'STICK' : 'SLIP', cx, b.y + b.h - 5);
      ctx.fillStyle = '#1d232b';
      ctx.fillText(`θ = ${(q * 180 / Math.PI).toFixed(2)}°   θ̇ = ${fmtRate(get('dq'))} rad/s`, cx, g.textY);
      ctx.fillText(`${reversalRate(i).toFixed(0)} reversals/s   (${get('reversals')} in all)`, cx, g.textY + g.lineH);
    });
    window.pendulumGeometry = { cssWidth: cssW, cssHeight: cssH, fontPx, panels: drawn };
  }

  function frame(now) {
    const t0 = performance.now();
    const real = Math.min(0.1, (now - last) / 1000);
    last = now;
    if (!paused && sims.length) {
      const dt = values[dtIdx];
      acc += real * speed;
      let n = Math.floor(acc / dt);
      acc -= n * dt;
      // in chunks, within a time budget: what the machine cannot do in time
      // is dropped, and the clock shows the speed achieved
      while (n > 0 && !ended && performance.now() - t0 < STEP_BUDGET_MS) {
        const k = Math.min(n, CHUNK_STEPS);
        advance(k);
        n -= k;
      }
      if (n > 0) acc = 0;
      const row = series[0]?.row;
      speedLog.push([now, row ? row[colIndex(sims[0], 't')] : 0]);
      while (speedLog.length > 2 && now - speedLog[0][0] > 1000) speedLog.shift();
      paint(false);
      frameStats.push(performance.now() - t0);
      if (frameStats.length > 2000) frameStats.splice(0, 1000);
    }
    raf = requestAnimationFrame(frame);
  }

  function setPaused(p) {
    paused = p;
    playBtn.textContent = paused ? 'Play' : 'Pause';
    last = performance.now();
    speedLog.length = 0;
    // the row of t = 0 (a row holds the state at the start of its step): the
    // picture, the clock and the charts then always show the state after the
    // last step taken, so the first Step reads t = dt
    if (sims.length) advance(1);
    saveState();
    paint();
  }
  function togglePause() {
    if (ended && paused) return; // the end message says to press Reset
    setPaused(!paused);
  }
  function step() {
    if (!paused) setPaused(true);
    if (!ended) advance(1);
    paint();
  }
  function setGoal(angle) {
    const gi = paramIndex(info, 'goal');
    const p = info.params[gi];
    const a = Math.min(p.max, Math.max(p.min, angle));
    panel.set('trajectory', info.params[paramIndex(info, 'trajectory')].choices.indexOf('goal'));
    panel.set('goal', a);
    setDatasets();
    retune();
  }
  function nudgeGoal(sign) {
    // from the goal the arm follows now (a trajectory's current goal, or the constant one)
    const row = series[0]?.row;
    const g = row ? row[colIndex(sims[0], 'goal')] : values[paramIndex(info, 'goal')];
    setGoal(g + Math.sign(sign) * GOAL_NUDGE);
  }
  playBtn.addEventListener('click', togglePause);
  stepBtn.addEventListener('click', step);
  resetBtn.addEventListener('click', () => restart());
  csvBtn.addEventListener('click', () => download('pendulum-bench.csv', URL.createObjectURL(new Blob([benchCsv()], { type: 'text/csv' }))));

  // drag the goal: switches the trajectory to a constant goal
  let dragging = false;
  function goalFromEvent(e) {
    const r = canvas.getBoundingClientRect();
    const px = e.clientX - r.left, py = e.clientY - r.top;
    const geo = geometry();
    const i = Math.min(geo.length - 1, Math.max(0, Math.floor(px / (r.width / geo.length))));
    return Math.atan2(px - geo[i].cx, py - geo[i].cy);
  }
  canvas.addEventListener('pointerdown', (e) => { dragging = true; canvas.setPointerCapture(e.pointerId); setGoal(goalFromEvent(e)); });
  canvas.addEventListener('pointermove', (e) => { if (dragging) setGoal(goalFromEvent(e)); });
  canvas.addEventListener('pointerup', () => { dragging = false; });
  canvas.addEventListener('keydown', (e) => {
    const d = e.key === 'ArrowLeft' ? -1 : e.key === 'ArrowRight' ? 1 : 0;
    if (d) { e.preventDefault(); e.stopPropagation(); nudgeGoal(d); }
  });

  /** The live run as CSV: a '#' header (version, date, treatments, dt, every
   *  parameter with its unit), then one row per time step kept. */
  function benchCsv() {
    const nm = names();
    const dt = values[dtIdx];
    let resolved = values;
    try { resolved = core.benchResolve(values); } catch { /* the raw values */ }
    const run = hist.length ? Math.min(...hist.map((r) => r.n)) : 0;
    const kept = hist.length ? Math.min(run, ...hist.map((r) => r.cap)) : 0;
    const lines = [
      `# Friction Explorer ${VERSION}: pendulum test bench, live run (scenario bench, Duclusaud & Passault Algorithm 1)`,
      `# exported ${new Date().toISOString()}`,
      `# treatments: ${nm.map((n, i) => `${i ? 'B' : 'A'} = ${n}`).join(', ')}`,
      `# dt = ${dt} s; one row per time step; ${run} steps run, ${kept} rows below`
        + (kept < run ? `; the ${run - kept} oldest steps were dropped (the export keeps the last ${fmt(kept * dt)} s)` : '; no step dropped'),
      '# parameter, value, unit, description',
    ];
    info.params.forEach((p, j) => {
      if (p.name === 'friction') return;
      let v = p.choices ? p.choices[resolved[j]] : resolved[j];
      if (p.name === 'duration') v = `${v} (set by the view: the run has no end)`;
      else if (!p.choices && values[j] === -1) v = `${v} (preset)`;
      lines.push(`# ${p.name}, ${v}, ${p.unit || '-'}, ${p.help.replace(/[\n,]/g, ' ')}`);
    });
    const cols = sims[0] ? sims[0].cols : [];
    const units = sims[0] ? sims[0].info.cols.map((c) => c.unit) : [];
    const head = ['t [s]'];
    sims.forEach((s, i) => cols.forEach((c, k) => { if (c !== 't') head.push(`${c}_${i ? 'B' : 'A'}${units[k] ? ` [${units[k]}]` : ''}`); }));
    lines.push(head.join(','));
    const ct = cols.indexOf('t');
    for (let back = kept - 1; back >= 0; back--) {
      const row = [ringGet(hist[0], back, ct)];
      hist.forEach((r) => { for (let k = 0; k < r.nc; k++) if (k !== ct) row.push(ringGet(r, back, k)); });
      lines.push(row.join(','));
    }
    return `${lines.join('\n')}\n`;
  }

  // replay of a recorded log under M1–M6 (replay.js)
  const actIdx = paramIndex(info, 'actuator');
  const replay = replayPanel(mainCol, {
    core, info, values: () => values, treatment: () => fricChoices[values[fricIdx]],
    actuator: () => info.params[actIdx].choices[values[actIdx]],
    selectActuator: (name) => {
      panel.set('actuator', info.params[actIdx].choices.indexOf(name));
      loadPresetCoefficients();
      restart();
    },
  });

  // research exports (exports.js): the bench as a flat params file, MuJoCo
  exportPanel(side, {
    fileName: 'bench',
    getParams: () => scenarioParamsToObject(info, core.benchResolve(values)),
    setParams: (obj) => {
      const p = scenarioParamsFromObject(core, info, obj);
      core.benchResolve(p);
      reloadWithState(state, scenarioParamsToObject(info, p));
    },
    servo: () => ({ o: scenarioParamsToObject(info, core.benchResolve(values)), servo: core.benchServo(values) }),
  });

  playBtn.textContent = paused ? 'Play' : 'Pause';
  restart();
  raf = requestAnimationFrame(frame);

  return {
    dispose() {
      cancelAnimationFrame(raf);
      observer.disconnect();
      sims.forEach((s) => s.free());
      sims = [];
      chartSet.dispose();
      replay.dispose();
      if (window.pendulumChartWorkerStats === chartStats) delete window.pendulumChartWorkerStats;
      if (window.pendulumFrameStats === frameStats) delete window.pendulumFrameStats;
      delete window.pendulumGeometry;
    },
    actions: {
      togglePause,
      step,
      reset: () => restart(),
      nudgeGoal,
      legend: [['Space', 'pause / resume'], ['S', 'single step'], ['R', 'reset'], ['← →', 'move the goal']],
    },
  };
}
