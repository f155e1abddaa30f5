// wellposed.js: the "Well-posedness" view of issue 12 (P. E. Dupont, "The
// Effect of Friction on the Forward Dynamics Problem", §3.2 and §4.2; sheet
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
//    written in words in a log, with the time at which it acted.
import { viewLayout, messageBox } from '../layout.js';
import { chartFrame, download, COLORS } from '../charts.js';
import { fmt } from '../controls.js';
import { liveChartSet } from '../liveCharts.js';
import { runBar, liveLoop } from '../runBar.js';
import { paramPanel, paramIndex } from '../paramPanel.js';
import { exportPanel, scenarioParamsToObject, scenarioParamsFromObject, reloadWithState } from '../exports.js';

const MAP = 'solutions-2dof';
const SIM = 'screw-selflock';
// the map's controls in front (μ and the inertias); the rest folded
const MAP_FRONT = ['mu', 'D11', 'D12', 'D22'];
const SIM_FRONT = ['J'];
const SIM_HIDDEN = new Set(['duration', 'every']);
const SIM_RESTART = new Set(['dt', 'q0', 'dq0', 'switching', 'rule', 'event_tol']);
const FRAME_MS = 16;             // a frame: slower maps are debounced
const DEBOUNCE_MS = 150;
const WINDOW_S = 4;              // rolling plot window [s]
const CHUNK_STEPS = 500;         // steps in one call of the core
const STEP_BUDGET_MS = 6;        // simulation time per animation frame, at most
const J_NUDGE = 5;               // J change of one arrow key [kg·m²]
const LOG_KEEP = 8;              // rule actions listed

// the three classes of the map: words first, then a colour (Okabe–Ito) and a
// pattern, so no reader depends on the colour alone
export const CLASSES = [
  { key: 'none', count: '0', word: 'no solution', fill: '#E69F00', ink: '#7a4a00', pattern: 'hatch' },
  { key: 'unique', count: '1', word: 'unique', fill: '#DDE5ED', ink: '#9aa6b2', pattern: 'plain' },
  { key: 'several', count: '2+', word: 'several solutions', fill: '#0072B2', ink: '#ffffff', pattern: 'dots' },
];
const classOf = (n) => (n <= 0 ? 0 : n === 1 ? 1 : 2);

/** What to notice and what to try (the defaults of both scenarios; the
 *  numbers are those of `friction run solutions-2dof` and
 *  `friction run screw-selflock`, checked by tests/web/e2e.d/wellposed.mjs). */
export const LESSON = {
  notice: 'At μ = 0.6 not one of the 61 × 61 torques r has exactly one acceleration: 1904 have none (hatched orange), '
    + '1817 have two (dotted blue). The determinant test says so before any run: determinants from −0.83 to 4.33. '
    + 'Below, a self-locking screw (J + M/η2 = −20 kg·m²) descends with two solutions at every step; at t = 0.262 s '
    + 'the motor torque passes −2J = −10 N·m, no acceleration exists, and the rule stops the screw impulsively. Held '
    + 'until τ_a < −50 N·m (t = 1.833 s), it descends again (q̈ = −2.31 rad/s²) until stopped again at t = 3.404 s.',
  tryThis: [
    'Type μ = 0.45: every point turns unique, the verdict reads "unique for every r" (determinants 0.0175 … 3.48). '
      + 'At 0.46 it is gone again: 1841 none, 1880 several.',
    'At μ = 0.6, raise D22 from 1.3 to 1.4: the smallest determinant crosses zero (−0.05 → 0.21), the whole map turns unique.',
    'Hover the map: each point gives r, the number of solutions and the (first) acceleration q̈.',
    'Raise J to 30 kg·m² (→ five times): J + M/η2 > 0, one solution at every step; the screw slows to rest at t = 0.184 s, no impulse.',
    'Set the rule (in the folded screw settings) to stop: the run stops at t = 0 with the core\'s message, two solutions at the first step.',
  ],
};

/** The fill of class k on ctx: its colour, with its pattern (anchored to the
 *  canvas, so neighbouring cells join up); made once per context. */
const fillCache = new WeakMap();
function patternFor(ctx, k) {
  if (!fillCache.has(ctx)) fillCache.set(ctx, CLASSES.map((_, j) => makeFill(ctx, j)));
  return fillCache.get(ctx)[k];
}
function makeFill(ctx, k) {
  const c = CLASSES[k];
  if (c.pattern === 'plain') return c.fill;
  const p = document.createElement('canvas');
  p.width = 8; p.height = 8;
  const g = p.getContext('2d');
  g.fillStyle = c.fill;
  g.fillRect(0, 0, 8, 8);
  g.strokeStyle = c.ink;
  g.fillStyle = c.ink;
  g.lineWidth = 1.4;
  if (c.pattern === 'hatch') {
    g.beginPath();
    g.moveTo(0, 8); g.lineTo(8, 0);
    g.moveTo(-2, 2); g.lineTo(2, -2);
    g.moveTo(6, 10); g.lineTo(10, 6);
    g.stroke();
  } else {
    g.beginPath(); g.arc(2, 2, 1.2, 0, 2 * Math.PI); g.fill();
    g.beginPath(); g.arc(6, 6, 1.2, 0, 2 * Math.PI); g.fill();
  }
  return ctx.createPattern(p, 'repeat');
}

/** Parameter values of scenario `info` from the URL slice (prefix.name). */
function valuesFromState(core, info, state, prefix, hidden = new Set()) {
  const values = core.scenarioParams(info.name, {});
  info.params.forEach((p, j) => {
    const raw = state.get(`${prefix}.${p.name}`, null);
    if (raw === null || hidden.has(p.name)) return;
    const x = p.choices ? p.choices.indexOf(raw) : Number(raw);
    if (Number.isFinite(x) && x >= p.min && x <= p.max) values[j] = x;
  });
  return values;
}

export function mount(container, { core, state, showError }) {
  const mapInfo = core.scenario(MAP);
  const simInfo = core.scenario(SIM);
  const mapValues = valuesFromState(core, mapInfo, state, 'map');
  const simValues = valuesFromState(core, simInfo, state, 'screw', SIM_HIDDEN);
  let speed = state.getNumber('speed', 1);

  const { side, charts: mainCol } = viewLayout(container, 'Well-posedness',
    'When a friction force depends on the joint forces, the accelerations appear on both sides of the equations of '
    + 'motion (Dupont, eqs. 8–10): the forward dynamics can have exactly one, no, or several solutions. The map counts '
    + 'them over a grid of r = τ − h for a 2-dof example (sheet §5); the live screw below runs into a torque with none '
    + 'or two and shows what the simulator does about it. No common simulator tells you which case you are in.');
  container.classList.add('wellposed-view');

  // --- run bar of the live screw (web/src/runBar.js): first in the view
  const { playBtn, stepBtn, resetBtn, clock } = runBar(container, {
    name: 'wellposed', what: 'the self-locking screw', step: 'h', speed, onSpeed: (v) => { speed = v; saveState(); } });

  // --- side: the map's parameters, then the screw's
  const mapHead = document.createElement('h3');
  mapHead.textContent = 'Map: friction and inertia';
  side.append(mapHead);
  const mapMsg = messageBox();
  mapMsg.id = 'wellposed-map-msg';
  paramPanel(side, mapInfo, mapValues, MAP_FRONT, () => scheduleMap());
  side.append(mapMsg);
  const mapMore = document.createElement('details');
  const mapMoreSum = document.createElement('summary');
  mapMoreSum.textContent = 'Normal forces C, d; signs; grid';
  mapMore.append(mapMoreSum);
  const mapRest = mapInfo.params.map((p) => p.name).filter((n) => !MAP_FRONT.includes(n));
  paramPanel(mapMore, mapInfo, mapValues, mapRest, () => scheduleMap());
  side.append(mapMore);

  const simHead = document.createElement('h3');
  simHead.textContent = 'Live: self-locking screw';
  side.append(simHead);
  const simPanel = paramPanel(side, simInfo, simValues, SIM_FRONT, onSimParam);
  const simMore = document.createElement('details');
  const simMoreSum = document.createElement('summary');
  simMoreSum.textContent = 'Screw, load, torque program, step';
  simMore.append(simMoreSum);
  const simRest = simInfo.params.map((p) => p.name).filter((n) => !SIM_FRONT.includes(n) && !SIM_HIDDEN.has(n));
  paramPanel(simMore, simInfo, simValues, simRest, onSimParam);
  const simMsg = messageBox();
  simMsg.id = 'wellposed-sim-msg';
  side.append(simMore, simMsg);

  // copy-as-JSON, one flat object per scenario: the file `friction run NAME
  // params=FILE` reads
  for (const [info, values, prefix, what] of [[mapInfo, mapValues, 'map', 'Map'], [simInfo, simValues, 'screw', 'Screw']]) {
    exportPanel(side, {
      title: `${what} parameters: copy and restore`,
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
  // the frame of every chart box (web/src/charts.js); the map's canvas sits
  // beside its verdict and legend, at the height of web/css/wellposed.css
  const { box: mapBox, png: pngBtn, csv: csvBtn, wrap: mapWrap, canvas: mapCanvas } = chartFrame(mainCol, {
    title: 'Number of solutions over r = τ − h (solutions-2dof)', description: 'Map of the number of solutions',
    pngLabel: 'Export the map as PNG', csvLabel: 'Export the grid (r1, r2, solutions, unique, …) as CSV' });
  mapBox.classList.add('wellposed-map-box');
  mapWrap.className = 'wellposed-map-wrap';
  mapWrap.style.height = '';
  mapCanvas.id = 'wellposed-map';
  mapCanvas.tabIndex = 0;
  const mapBody = document.createElement('div');
  mapBody.className = 'wellposed-map-body';
  const mapSide = document.createElement('div');
  mapSide.className = 'wellposed-map-side';
  const verdict = document.createElement('div');
  verdict.id = 'wellposed-verdict';
  verdict.className = 'wellposed-verdict';
  verdict.setAttribute('aria-live', 'polite');
  const legend = document.createElement('ul');
  legend.className = 'wellposed-legend';
  legend.setAttribute('aria-label', 'Legend of the map');
  const legendCounts = CLASSES.map((c, k) => {
    const li = document.createElement('li');
    const sw = document.createElement('canvas');
    sw.width = 28; sw.height = 16;
    sw.className = 'wellposed-swatch';
    sw.setAttribute('aria-hidden', 'true');
    const g = sw.getContext('2d');
    g.fillStyle = patternFor(g, k);
    g.fillRect(0, 0, 28, 16);
    g.strokeStyle = '#59636e';
    g.strokeRect(0.5, 0.5, 27, 15);
    const text = document.createElement('span');
    const b = document.createElement('b');
    b.textContent = `${c.count}: ${c.word}`;
    const n = document.createElement('span');
    n.className = 'wellposed-count';
    text.append(b, n);
    li.append(sw, text);
    legend.append(li);
    return n;
  });
  const cellOut = document.createElement('div');
  cellOut.id = 'wellposed-cell';
  cellOut.className = 'readout wellposed-cell';
  cellOut.setAttribute('aria-live', 'polite');
  const mapTime = document.createElement('div');
  mapTime.className = 'note wellposed-maptime';
  mapSide.append(verdict, legend, cellOut, mapTime);
  mapBody.append(mapWrap, mapSide);
  mapBox.append(mapBody);

  // the map's data, and its mirror for the browser tests (window.frictionCharts
  // holds { canvas, data: { datasets } } of every chart: here one dataset per
  // class with the points r = (x, y) of that class)
  let grid = null; // { n, range, rows: Float64Array, nc, cols, idx: Int32Array (cell → row), counts, unique, detMin, detMax, ms, where }
  const mapMirror = { canvas: mapCanvas, data: { datasets: CLASSES.map((c) => ({ label: c.word, data: [] })) }, options: {} };
  window.frictionCharts?.add(mapMirror);
  window.wellposedMap = () => grid && {
    busy: !!(pending || mapRaf || mapTimer), n: grid.n, range: grid.range, counts: grid.counts.slice(), unique: grid.unique, detMin: grid.detMin, detMax: grid.detMax,
    ms: grid.ms, where: grid.where, cols: grid.cols.slice(), rows: Array.from(grid.rows),
  };
  let selected = null; // [i, j]: the pinned cell (column i along r1, row j along r2)
  let hover = null;
  {
    const s = state.get('cell', null);
    const m = s && /^(\d+),(\d+)$/.exec(s);
    if (m) selected = [Number(m[1]), Number(m[2])];
  }

  // Recomputing: the changes of one animation frame make one run. A grid
  // whose last run cost more than a frame (about msPerPoint · grid²) goes to
  // the scenario worker (web/src/workers/scenario.js, job 'rows') on a
  // trailing debounce, and the page keeps the old map until the new one
  // arrives; answers to superseded requests are dropped.
  let mapTimer = 0, mapRaf = 0, msPerPoint = 0, mapJob = 0, worker = null, pending = null;
  function scheduleMap() {
    saveState();
    const n = mapValues[paramIndex(mapInfo, 'grid')];
    if (msPerPoint * n * n > FRAME_MS) {
      clearTimeout(mapTimer);
      mapTimer = setTimeout(() => { mapTimer = 0; computeMap(true); }, DEBOUNCE_MS);
    } else if (!mapRaf) {
      mapRaf = requestAnimationFrame(() => { mapRaf = 0; computeMap(false); });
    }
  }

  function mapFailed(message) {
    mapMsg.hidden = false;
    mapMsg.textContent = `The map cannot be computed: ${message}`;
    mapBox.classList.add('greyed');
    drawMap();
  }

  function computeMap(inWorker) {
    const t0 = performance.now();
    const params = Float64Array.from(mapValues);
    const n = params[paramIndex(mapInfo, 'grid')], range = params[paramIndex(mapInfo, 'range')];
    const id = ++mapJob;
    if (inWorker) {
      if (!worker) {
        worker = new Worker('scenario.worker.js', { type: 'module' });
        worker.onerror = (e) => showError(`The map worker failed: ${e.message || 'it did not start'}`);
        worker.onmessage = (e) => {
          const m = e.data, job = pending;
          if (!job || m.id !== job.id) return; // superseded
          pending = null;
          if (m.type === 'failed') mapFailed(m.message);
          else if (m.type === 'rows') ingest(m.rows, m.cols, m.count, job.n, job.range, m.ms, 'worker');
        };
      }
      pending = { id, n, range, t0 };
      mapTime.textContent = `computing ${n} × ${n} points in a worker…`;
      worker.postMessage({ type: 'rows', id, name: MAP, params, limit: n * n });
      return;
    }
    pending = null;
    let sim = null;
    try {
      sim = core.simulation(MAP, {});
      sim.reset(params);
      const nc = sim.cols.length, total = n * n;
      const rows = new Float64Array(total * nc);
      let got = 0;
      while (!sim.done && got < total) {
        const res = sim.step(Math.min(total - got, 65536));
        rows.set(res.rows.subarray(0, Math.min(res.count, total - got) * nc), got * nc);
        got += res.count;
      }
      ingest(rows, sim.cols, got, n, range, performance.now() - t0, 'page');
    } catch (e) {
      mapFailed(e.message);
    } finally {
      if (sim) sim.free();
    }
  }

  /** The rows of a finished run become the map (cells placed by their r). */
  function ingest(rows, cols, got, n, range, ms, where) {
    const total = n * n;
    if (got !== total) { mapFailed(`${MAP} wrote ${got} rows for a ${n} × ${n} grid`); return; }
    const nc = cols.length;
    const c = (name) => cols.indexOf(name);
    const c1 = c('r1'), c2 = c('r2'), cs = c('solutions'), cu = c('unique'), cmin = c('det_min'), cmax = c('det_max');
    const idx = new Int32Array(total).fill(-1);
    const counts = [0, 0, 0];
    const step = (2 * range) / (n - 1);
    const sets = CLASSES.map(() => []);
    for (let k = 0; k < total; k++) {
      const o = k * nc;
      const i = Math.round((rows[o + c1] + range) / step), j = Math.round((rows[o + c2] + range) / step);
      if (i >= 0 && i < n && j >= 0 && j < n) idx[j * n + i] = k;
      const cl = classOf(rows[o + cs]);
      counts[cl]++;
      sets[cl].push({ x: rows[o + c1], y: rows[o + c2] });
    }
    grid = { n, range, rows, nc, cols, idx, counts, unique: rows[cu], ms, where,
      detMin: cmin >= 0 ? rows[cmin] : NaN, detMax: cmax >= 0 ? rows[cmax] : NaN };
    msPerPoint = ms / total;
    mapMirror.data.datasets.forEach((d, k) => { d.data = sets[k]; });
    mapMsg.hidden = true;
    mapBox.classList.remove('greyed');
    if (selected && (selected[0] >= n || selected[1] >= n)) selected = null;
    drawMap();
    writeMapText();
  }

  function writeMapText() {
    if (!grid) { verdict.textContent = ''; return; }
    const total = grid.n * grid.n;
    const det = Number.isFinite(grid.detMin)
      ? ` The determinants det(D + Diag(μσ)SC) over the ${2 ** 2} sign patterns lie in [${fmt(grid.detMin)}, ${fmt(grid.detMax)}]`
        + `${grid.unique ? ': one sign.' : ': they change sign.'}`
      : '';
    const agree = grid.unique
      ? (grid.counts[0] + grid.counts[2] === 0 ? 'The grid agrees: one solution at every point.'
        : `The grid disagrees: ${grid.counts[0] + grid.counts[2]} points without exactly one solution.`)
      : (grid.counts[0] + grid.counts[2] > 0
        ? `On this grid: ${grid.counts[0]} points with none, ${grid.counts[2]} with several.`
        : 'No grid point shows it: the r where it happens lie outside the grid or between its points.');
    verdict.replaceChildren();
    const head = document.createElement('strong');
    head.textContent = grid.unique ? 'Determinant test: unique for every r' : 'Determinant test: some r has none or several';
    verdict.classList.toggle('bad', !grid.unique);
    const p = document.createElement('span');
    p.textContent = `${det} ${agree}`;
    verdict.append(head, p);
    CLASSES.forEach((c, k) => {
      legendCounts[k].textContent = ` — ${grid.counts[k]} of ${total} points`;
    });
    mapCanvas.setAttribute('aria-label', `Map of the number of solutions over r1, r2 in [−${fmt(grid.range)}, ${fmt(grid.range)}]: `
      + CLASSES.map((c, k) => `${grid.counts[k]} points ${c.word}`).join(', ')
      + '. Arrow keys move the selected point.');
    mapTime.textContent = `${grid.n} × ${grid.n} points, computed in ${grid.ms.toFixed(1)} ms${grid.where === 'worker' ? ' in a worker' : ''}`;
    writeCell();
  }

  /** The row of cell [i, j], or -1. */
  const rowOf = (cell) => (grid && cell ? grid.idx[cell[1] * grid.n + cell[0]] : -1);
  function writeCell() {
    const cell = hover || selected;
    const k = rowOf(cell);
    if (k < 0) { cellOut.textContent = 'Point at a cell (or click it) for r, the count and the accelerations.'; return; }
    const o = k * grid.nc, g = (name) => { const j = grid.cols.indexOf(name); return j >= 0 ? grid.rows[o + j] : NaN; };
    const nSol = g('solutions');
    const x = Number.isFinite(g('x1')) && nSol > 0 ? `; ${nSol > 1 ? 'first ' : ''}q̈ = (${fmt(g('x1'))}, ${fmt(g('x2'))})` : '';
    cellOut.textContent = `r = (${fmt(g('r1'))}, ${fmt(g('r2'))}): ${nSol} solution${nSol === 1 ? '' : 's'} (${CLASSES[classOf(nSol)].word})${x}`;
  }

  // drawing the map (CSS pixels; a square plot with axes)
  let mapGeom = null;
  function drawMap() {
    const r = mapWrap.getBoundingClientRect();
    const dpr = window.devicePixelRatio || 1;
    const W = Math.max(1, Math.round(r.width)), H = Math.max(1, Math.round(r.height));
    if (mapCanvas.width !== Math.round(W * dpr) || mapCanvas.height !== Math.round(H * dpr)) {
      mapCanvas.width = Math.round(W * dpr);
      mapCanvas.height = Math.round(H * dpr);
    }
    const ctx = mapCanvas.getContext('2d');
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, W, H);
    if (!grid) return;
    const font = Math.max(11, Math.round(parseFloat(getComputedStyle(mapBox).fontSize) * 0.8));
    ctx.font = `${font}px system-ui, sans-serif`;
    const left = 3.2 * font, bottom = 2.6 * font, top = 6, right = 8;
    const side = Math.max(10, Math.min(W - left - right, H - top - bottom));
    const x0 = left + Math.max(0, (W - left - right - side) / 2), y0 = top;
    const { n, range } = grid;
    const cw = side / n;
    mapGeom = { x0, y0, side, cw, n };
    const fills = CLASSES.map((_, k) => patternFor(ctx, k));
    const cs = grid.cols.indexOf('solutions');
    for (let j = 0; j < n; j++) {
      for (let i = 0; i < n; i++) {
        const k = grid.idx[j * n + i];
        if (k < 0) continue;
        ctx.fillStyle = fills[classOf(grid.rows[k * grid.nc + cs])];
        // r2 grows upwards; cells overlap by a hair so no seams show
        ctx.fillRect(x0 + i * cw, y0 + (n - 1 - j) * cw, cw + 0.5, cw + 0.5);
      }
    }
    ctx.strokeStyle = '#59636e';
    ctx.lineWidth = 1;
    ctx.strokeRect(x0 + 0.5, y0 + 0.5, side, side);
    // axes: ticks at −range, −range/2, 0, range/2, range
    ctx.fillStyle = '#1d232b';
    ctx.textAlign = 'center';
    ctx.textBaseline = 'top';
    for (let t = -2; t <= 2; t++) {
      const v = (t * range) / 2;
      const px = x0 + ((v + range) / (2 * range)) * (side - cw) + cw / 2;
      ctx.beginPath(); ctx.moveTo(px, y0 + side); ctx.lineTo(px, y0 + side + 4); ctx.stroke();
      ctx.fillText(fmt(v), px, y0 + side + 5);
      const py = y0 + side - ((v + range) / (2 * range)) * (side - cw) - cw / 2;
      ctx.beginPath(); ctx.moveTo(x0, py); ctx.lineTo(x0 - 4, py); ctx.stroke();
      ctx.textAlign = 'right';
      ctx.textBaseline = 'middle';
      ctx.fillText(fmt(v), x0 - 6, py);
      ctx.textAlign = 'center';
      ctx.textBaseline = 'top';
    }
    ctx.fillText('r1 = τ1 − h1', x0 + side / 2, y0 + side + 6 + font);
    ctx.save();
    ctx.translate(font * 0.9, y0 + side / 2);
    ctx.rotate(-Math.PI / 2);
    ctx.textBaseline = 'middle';
    ctx.fillText('r2 = τ2 − h2', 0, 0);
    ctx.restore();
    // the pinned and the hovered cell
    const mark = (cell, color, width) => {
      if (!cell) return;
      ctx.strokeStyle = color; ctx.lineWidth = width;
      ctx.strokeRect(x0 + cell[0] * cw - 1, y0 + (n - 1 - cell[1]) * cw - 1, cw + 2, cw + 2);
    };
    mark(selected, '#000', 2.5);
    if (hover && (!selected || hover[0] !== selected[0] || hover[1] !== selected[1])) mark(hover, '#d1242f', 1.5);
  }

  function cellAt(ev) {
    if (!mapGeom || !grid) return null;
    const r = mapCanvas.getBoundingClientRect();
    const x = ev.clientX - r.left - mapGeom.x0, y = ev.clientY - r.top - mapGeom.y0;
    const i = Math.floor(x / mapGeom.cw), jj = Math.floor(y / mapGeom.cw);
    if (i < 0 || jj < 0 || i >= mapGeom.n || jj >= mapGeom.n) return null;
    return [i, mapGeom.n - 1 - jj];
  }
  mapCanvas.addEventListener('mousemove', (ev) => { hover = cellAt(ev); drawMap(); writeCell(); });
  mapCanvas.addEventListener('mouseleave', () => { hover = null; drawMap(); writeCell(); });
  mapCanvas.addEventListener('click', (ev) => {
    const c = cellAt(ev);
    if (!c) return;
    selected = c;
    state.set({ cell: `${c[0]},${c[1]}` });
    drawMap();
    writeCell();
  });
  mapCanvas.addEventListener('keydown', (e) => {
    const d = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] }[e.key];
    if (!d || !grid) return;
    e.preventDefault();
    e.stopPropagation();
    const mid = (grid.n - 1) >> 1;
    const c = selected || [mid, mid];
    selected = [Math.min(grid.n - 1, Math.max(0, c[0] + d[0])), Math.min(grid.n - 1, Math.max(0, c[1] + d[1]))];
    hover = null;
    state.set({ cell: `${selected[0]},${selected[1]}` });
    drawMap();
    writeCell();
  });
  pngBtn.addEventListener('click', () => {
    mapCanvas.toBlob((b) => download('wellposed-map.png', URL.createObjectURL(b)), 'image/png');
  });
  csvBtn.addEventListener('click', () => {
    if (!grid) return;
    const lines = [`# ${MAP} ${JSON.stringify(scenarioParamsToObject(mapInfo, mapValues))}`, grid.cols.join(',')];
    for (let k = 0; k < grid.n * grid.n; k++) lines.push(Array.from(grid.rows.subarray(k * grid.nc, (k + 1) * grid.nc)).join(','));
    download('wellposed-map.csv', URL.createObjectURL(new Blob([`${lines.join('\n')}\n`], { type: 'text/csv' })));
  });
  const mapResize = new ResizeObserver(() => drawMap());
  mapResize.observe(mapWrap);

  // ====================================================== the live screw
  const runBox = document.createElement('section');
  runBox.className = 'chart-box wellposed-run';
  runBox.setAttribute('aria-label', 'Self-locking screw, live');
  const runHead = document.createElement('div');
  runHead.className = 'chart-head';
  const runTitle = document.createElement('h3');
  runTitle.textContent = 'Self-locking screw, live (screw-selflock): solutions at each step';
  runHead.append(runTitle);
  const jLine = document.createElement('div');
  jLine.id = 'wellposed-jline';
  jLine.className = 'wellposed-jline';
  const notice = document.createElement('div');
  notice.id = 'wellposed-notice';
  notice.className = 'wellposed-notice';
  notice.setAttribute('role', 'status');
  const strip = document.createElement('canvas');
  strip.id = 'wellposed-strip';
  strip.className = 'wellposed-strip';
  strip.setAttribute('role', 'img');
  strip.setAttribute('aria-label', 'Timeline of the last seconds: the number of solutions at each step, and a marker where the rule acted');
  const logList = document.createElement('ol');
  logList.id = 'wellposed-log';
  logList.className = 'wellposed-log';
  logList.setAttribute('aria-label', 'What the rule did');
  const endMsg = messageBox();
  endMsg.id = 'wellposed-end';
  const status = document.createElement('div');
  status.id = 'wellposed-status';
  status.className = 'readout';
  status.setAttribute('aria-live', 'off');
  runBox.append(runHead, jLine, notice, strip, logList, endMsg, status);
  mainCol.append(runBox);

  const sim = { s: null, cols: [], row: null, prev: null, events: [], lastT: 0 };
  const series = { dq: [], ddq: [], n: [], st: [] };
  const chartSet = liveChartSet(mainCol, {
    what: 'screw',
    boxes: [
      { title: 'Motor velocity q̇ and acceleration q̈', description: 'Velocity and acceleration of the screw over the last seconds', height: 170, fileName: 'screw-motion' },
      { title: 'Number of solutions and status at each step', description: 'How many accelerations satisfied the equations of motion at each step, and the status of the solve', height: 140, fileName: 'screw-solutions' },
    ],
    axes: [{ yText: 'q̇ [rad/s], q̈ [rad/s²]' }, { yText: 'solutions' }],
    showError,
    range() {
      const t = sim.lastT;
      return { x0: Math.max(0, t - WINDOW_S), x1: Math.max(WINDOW_S, t) };
    },
  });
  const [motionChart, countChart] = chartSet.charts;
  const setDatasets = (c, list) => {
    c.mirror.sources = list.map((d) => d.data);
    c.mirror.data.datasets = list.map((d) => ({ label: d.label, data: [] }));
    chartSet.worker.postMessage({ type: 'datasets', index: c.index, datasets: list.map((d) => ({ label: d.label, color: d.color, dash: d.dash || [] })) });
  };

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
    s.textContent = v > 0
      ? ' > 0: one acceleration for every torque (§4.2).'
      : ' < 0: for some torques two accelerations, for others none (§4.2). The rule below decides.';
    jLine.classList.toggle('bad', !(v > 0));
    jLine.append(b, s);
  }

  function saveState() {
    const out = { speed, paused: loop.paused ? 1 : 0 };
    mapInfo.params.forEach((p, j) => { out[`map.${p.name}`] = p.choices ? p.choices[mapValues[j]] : mapValues[j]; });
    simInfo.params.forEach((p, j) => {
      if (SIM_HIDDEN.has(p.name)) return;
      out[`screw.${p.name}`] = p.choices ? p.choices[simValues[j]] : simValues[j];
    });
    state.set(out);
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

  function restart() {
    loop.restart();
    if (sim.s) sim.s.free();
    sim.s = null;
    simMsg.hidden = true;
    try {
      sim.s = core.simulation(SIM, {});
      sim.s.reset(simParams());
      sim.cols = sim.s.cols;
    } catch (e) {
      if (sim.s) sim.s.free();
      sim.s = null;
      simMsg.hidden = false;
      simMsg.textContent = e.message;
    }
    sim.row = null;
    sim.lastT = 0;
    sim.events.length = 0;
    sim.prev = null;
    series.dq = []; series.ddq = []; series.n = []; series.st = [];
    setDatasets(motionChart, [{ label: 'q̇ [rad/s]', data: series.dq, color: COLORS[0] },
      { label: 'q̈ [rad/s²]', data: series.ddq, color: COLORS[1], dash: [5, 3] }]);
    setDatasets(countChart, [{ label: 'solutions found', data: series.n, color: COLORS[3] },
      { label: 'status (0 none, 1 unique, 2 several)', data: series.st, color: COLORS[4], dash: [4, 4] }]);
    ended = '';
    endMsg.hidden = true;
    notice.textContent = '';
    notice.className = 'wellposed-notice';
    logList.replaceChildren();
    // the row of t = 0 first (a row holds the state at the start of its
    // step), so that the first Step reads t = h, as in the other live views
    if (sim.s) advance(1);
    saveState();
    writeJLine();
    paint(true);
  }

  function onSimParam(name) {
    saveState();
    writeJLine();
    if (SIM_RESTART.has(name) || !sim.s) { restart(); return; }
    simMsg.hidden = true;
    try {
      sim.s.retune(simParams());
    } catch (e) {
      if (e.code === 'FRIC_E_UNSUPPORTED') { restart(); return; }
      simMsg.hidden = false;
      simMsg.textContent = e.message;
    }
    if (loop.paused) paint(true);
  }

  /** What happened at row r (prev: the row before), from screw-selflock's
   *  counters, in this order: 1 an impulsive stop (`impulses` grew: no
   *  solution, the screw stopped), 3 a breakaway from rest (not the rule:
   *  the torque left the dead band of eq. 20; logged so that the story reads
   *  whole), 2 the first step of a stretch with several solutions
   *  (`n_several` grew after a step with fewer than two: the rule keeps the
   *  one continuous with the previous step, at every step of the stretch). */
  function ruleAt(r, prev) {
    const g = (name) => { const c = col(name); return c >= 0 ? r[c] : NaN; };
    const p = (name) => { const c = col(name); return c >= 0 && prev ? prev[c] : 0; };
    const out = [];
    if (g('impulses') > p('impulses')) out.push(1);
    if (g('breakaways') > p('breakaways')) out.push(3);
    if (g('n_several') > p('n_several') && !(prev && p('solutions') > 1)) out.push(2);
    return out;
  }

  /** The text of action `kind` at row r (`kinds`: every action of the row). */
  function ruleText(kind, r, kinds) {
    const g = (name) => { const c = col(name); return c >= 0 ? r[c] : NaN; };
    const t = g('t');
    const tau = `τ_a = ${fmt(Number(g('tau_a').toFixed(3)))} N·m`;
    if (kind === 1) {
      return { cls: 'none', head: `t = ${t.toFixed(3)} s: no solution → impulsive stop`,
        text: `At ${tau} no acceleration satisfies the equations of motion of the descending screw. The rule stops it `
          + 'impulsively (Mason–Wang: an impact with zero approach velocity, §3.2): q̇ is set to 0 and the screw is held '
          + 'by the self-locking friction until the torque breaks it away.' };
    }
    if (kind === 3) {
      return { cls: 'info', head: `t = ${t.toFixed(3)} s: breakaway from rest`,
        text: `At ${tau} the torque leaves the dead band of the held screw (eq. 20) and it starts to move again.` };
    }
    // at a breakaway from rest with two solutions the simulation admits only
    // motion the way the torque left the dead band of eq. 20 (§4.2: the
    // violated inequality gives the direction; fric_fd.h) and keeps that one
    if (kinds.includes(3) && g('solutions') > 1) {
      const way = g('ddq') < 0 ? 'descends' : 'rises';
      return { cls: 'several', head: `t = ${t.toFixed(3)} s: two solutions at the breakaway → the rule keeps the one that ${way}`,
        text: `At ${tau} the torque leaves the dead band of the held screw (eq. 20) and two accelerations satisfy the `
          + 'equations of motion. At a breakaway only motion the way the torque left the band is admissible (§4.2: the '
          + `violated inequality gives the direction), so the rule keeps q̈ = ${fmt(Number(g('ddq').toFixed(4)))} rad/s²: `
          + `the screw ${way}.` };
    }
    return { cls: 'several', head: `t = ${t.toFixed(3)} s: two solutions → the rule keeps the continuous one`,
      text: `At ${tau} two accelerations satisfy the equations of motion (${g('solutions')} found). The rule keeps the one `
        + `continuous with the previous step, q̈ = ${fmt(Number(g('ddq').toFixed(4)))} rad/s², at every step while there `
        + 'are two; the other is as valid: the equations alone do not choose.' };
  }

  let ended = '';
  const frameStats = [];
  window.wellposedFrameStats = frameStats;
  window.wellposedEvents = sim.events;

  function advance(nSteps) {
    if (!sim.s || sim.s.done) return;
    let res;
    try {
      res = sim.s.step(nSteps);
    } catch (e) {
      runEnded(`The run stopped: ${e.message}. Press Reset to start again.`);
      return;
    }
    const nc = sim.cols.length, rows = res.rows;
    const ct = col('t'), cdq = col('dq'), cddq = col('ddq'), cn = col('solutions'), cst = col('status');
    for (let k = 0, o = 0; k < res.count; k++, o += nc) {
      const r = rows.subarray(o, o + nc);
      const t = r[ct];
      series.dq.push({ x: t, y: r[cdq] });
      series.ddq.push({ x: t, y: r[cddq] });
      series.n.push({ x: t, y: r[cn] });
      series.st.push({ x: t, y: r[cst] });
      const kinds = ruleAt(r, sim.prev);
      for (const kind of kinds) {
        const ev = { t, kind, ...ruleText(kind, r, kinds) };
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
    const first = series.dq;
    if (first.length > 4096) {
      const tEnd = first[first.length - 1].x;
      let cut = 0;
      while (cut < first.length && first[cut].x < tEnd - WINDOW_S) cut++;
      if (cut > 512) for (const s of [series.dq, series.ddq, series.n, series.st]) s.splice(0, cut);
    }
    if (res.done && !ended) runEnded('The run reached the end of its time. Press Reset to start again.');
  }

  function showEvent(ev) {
    notice.className = `wellposed-notice ${ev.cls}`;
    notice.replaceChildren();
    const b = document.createElement('strong');
    b.textContent = ev.head;
    const s = document.createElement('span');
    s.textContent = ` ${ev.text}`;
    notice.append(b, s);
    const li = document.createElement('li');
    li.className = ev.cls;
    li.textContent = ev.head;
    logList.prepend(li);
    while (logList.children.length > LOG_KEEP) logList.lastChild.remove();
  }

  function runEnded(why) {
    ended = why;
    endMsg.hidden = false;
    endMsg.textContent = why;
    loop.setPaused(true);
  }

  // the timeline strip: the count of each step in the map's classes and a
  // marker (▼) where the rule acted
  function drawStrip() {
    const r = strip.getBoundingClientRect(), dpr = window.devicePixelRatio || 1;
    const W = Math.max(1, Math.round(r.width)), H = Math.max(1, Math.round(r.height));
    if (strip.width !== Math.round(W * dpr)) strip.width = Math.round(W * dpr);
    if (strip.height !== Math.round(H * dpr)) strip.height = Math.round(H * dpr);
    const ctx = strip.getContext('2d');
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, W, H);
    const t1 = Math.max(WINDOW_S, sim.lastT), t0 = t1 - WINDOW_S;
    const font = Math.max(11, Math.round(parseFloat(getComputedStyle(runBox).fontSize) * 0.75));
    ctx.font = `${font}px system-ui, sans-serif`;
    const bandTop = font + 6, bandH = Math.max(8, H - bandTop - font - 6);
    const X = (t) => ((t - t0) / WINDOW_S) * W;
    const fills = CLASSES.map((_, k) => patternFor(ctx, k));
    // one rectangle per run of steps of one class
    const pts = series.n;
    let k = 0;
    while (k < pts.length && pts[k].x < t0) k++;
    while (k < pts.length) {
      const cl = classOf(pts[k].y);
      let e = k + 1;
      while (e < pts.length && classOf(pts[e].y) === cl) e++;
      const xa = X(pts[k].x), xb = e < pts.length ? X(pts[e].x) : X(pts[e - 1].x) + 1;
      ctx.fillStyle = fills[cl];
      ctx.fillRect(xa, bandTop, Math.max(1, xb - xa), bandH);
      k = e;
    }
    ctx.strokeStyle = '#59636e';
    ctx.strokeRect(0.5, bandTop + 0.5, W - 1, bandH);
    for (const ev of sim.events) {
      if (ev.t < t0) continue;
      const x = Math.min(W - 7, Math.max(7, X(ev.t)));
      ctx.fillStyle = ev.kind === 1 ? '#b42318' : ev.kind === 2 ? '#1d232b' : '#8c959f';
      ctx.beginPath(); ctx.moveTo(x - 6, 1); ctx.lineTo(x + 6, 1); ctx.lineTo(x, bandTop - 1); ctx.closePath(); ctx.fill();
      ctx.fillRect(x - 1, bandTop, 2, bandH);
    }
    ctx.fillStyle = '#1d232b';
    ctx.textBaseline = 'top';
    ctx.textAlign = 'left';
    ctx.fillText(`${fmt(Number(t0.toFixed(2)))} s`, 2, bandTop + bandH + 3);
    ctx.textAlign = 'right';
    ctx.fillText(`${fmt(Number(t1.toFixed(2)))} s`, W - 2, bandTop + bandH + 3);
    ctx.textAlign = 'center';
    ctx.fillText('▼ the rule acted (red: impulsive stop, black: keeps one of several); grey: breakaway', W / 2, bandTop + bandH + 3);
  }

  let textAt = 0;
  function paint(all = false) {
    drawStrip();
    chartSet.paint();
    const now = performance.now();
    if (all || now - textAt > 250) { textAt = now; writeText(); }
  }

  function writeText() {
    clock.textContent = `t = ${sim.lastT.toFixed(3)} s   h = ${fmt(sv('dt'))} s   ${loop.paused ? 'paused' : `${fmt(speed)}× real time asked`}`;
    const r = sim.row;
    if (!r) { status.textContent = 'not started'; return; }
    const g = (name) => { const c = col(name); return c >= 0 ? r[c] : NaN; };
    const st = ['NONE', 'UNIQUE', 'SEVERAL'][g('status')] ?? String(g('status'));
    const f = (v, d = 3) => fmt(Number(v.toFixed(d)));
    status.textContent = `τ_a = ${f(g('tau_a'))} N·m, q̇ = ${f(g('dq'))} rad/s, q̈ = ${f(g('ddq'))} rad/s², `
      + `${g('held') > 0.5 ? 'held at rest' : 'moving'}; this step: ${g('solutions')} solution(s), status ${st}`
      + `  |  so far: steps with none ${g('n_none')}, with several ${g('n_several')}; impulsive stops ${g('impulses')}, `
      + `breakaways ${g('breakaways')}`;
  }

  /** ← →: the motor inertia J, across J + M/η2 = 0. */
  function nudgeGoal(sign) {
    const p = simInfo.params[paramIndex(simInfo, 'J')];
    const v = Math.min(p.hi ?? p.max, Math.max(p.lo ?? p.min, sv('J') + Math.sign(sign) * J_NUDGE));
    simPanel.set('J', v);
    onSimParam('J');
  }
  playBtn.addEventListener('click', () => loop.togglePause());
  stepBtn.addEventListener('click', () => loop.step());
  resetBtn.addEventListener('click', () => restart());
  const stripResize = new ResizeObserver(() => drawStrip());
  stripResize.observe(strip);

  // the fixed-step clock of the screw (web/src/runBar.js), before its first run
  const loop = liveLoop({ playBtn, paused: state.get('paused', '0') === '1', h: () => sv('dt'), speed: () => speed,
    live: () => !!sim.s, ended: () => !!ended, advance, paint, onPause: () => saveState(), frameStats,
    budgetMs: STEP_BUDGET_MS, chunk: CHUNK_STEPS });
  computeMap(false);
  restart();

  return {
    dispose() {
      loop.dispose();
      cancelAnimationFrame(mapRaf);
      clearTimeout(mapTimer);
      if (worker) worker.terminate();
      mapResize.disconnect();
      stripResize.disconnect();
      if (sim.s) sim.s.free();
      sim.s = null;
      chartSet.dispose();
      window.frictionCharts?.delete(mapMirror);
      delete window.wellposedMap;
      if (window.wellposedFrameStats === frameStats) delete window.wellposedFrameStats;
      delete window.wellposedEvents;
    },
    actions: {
      togglePause: () => loop.togglePause(),
      step: () => loop.step(),
      reset: () => restart(),
      nudgeGoal,
      legend: [['Space', 'pause / resume the screw'], ['S', 'single step'], ['R', 'reset'], ['← →', 'motor inertia J down / up']],
    },
  };
}
