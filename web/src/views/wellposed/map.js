// wellposed/map.js: the map of the well-posedness view: every point of the
// `solutions-2dof` grid over r = τ − h coloured by its number of
// accelerations (classes.js), beside the verdict of the determinant test,
// the legend with counts, and the point under the pointer. Recomputed when
// its parameters change: the changes of one animation frame make one run; a
// grid that costs more than a frame goes to the scenario worker on a
// trailing debounce. PNG and CSV (web/src/csv.js) exports; its data is a
// test hook (window.__fx.wellposed.map(), a mirror in window.__fx.charts.all).
import { t } from '../../i18n/index.js';
import { chartFrame, download, allCharts, whitePng } from '../../charts.js';
import { el } from '../../dom.js';
import { csvText, csvUrl } from '../../csv.js';
import { fmt } from '../../format.js';
import { paramIndex } from '../../../../wasm/friction.js';
import { scenarioParamsToObject } from '../../exports.js';
import { setHook, clearHook } from '../../testHooks.js';
import { CLASSES, classOf, patternFor } from './classes.js';
import { startWorker } from '../../offline.js';

export const MAP = 'solutions-2dof';
const FRAME_MS = 16;             // a frame: slower maps are debounced
const DEBOUNCE_MS = 150;

/** mapSection(mainCol, { core, state, mapInfo, mapValues, mapMsg, showError, saveState }):
 *  { scheduleMap(), computeMap(inWorker), dispose() }. */
export function mapSection(mainCol, { core, state, mapInfo, mapValues, mapMsg, showError, saveState }) {
  // the frame of every chart box (web/src/charts.js); the map's canvas sits
  // beside its verdict and legend, at the height of web/css/wellposed.css
  const { box: mapBox, png: pngBtn, csv: csvBtn, wrap: mapWrap, canvas: mapCanvas } = chartFrame(mainCol, {
    title: t('wellposed.map.title'), description: t('wellposed.map.desc'),
    pngLabel: t('wellposed.map.png'), csvLabel: t('wellposed.map.csv') });
  mapBox.classList.add('wellposed-map-box');
  mapWrap.className = 'wellposed-map-wrap';
  mapWrap.style.height = '';
  mapCanvas.id = 'wellposed-map';
  mapCanvas.tabIndex = 0;
  const verdict = el('div', { id: 'wellposed-verdict', className: 'wellposed-verdict', 'aria-live': 'polite' });
  const legend = el('ul', { className: 'wellposed-legend', 'aria-label': t('wellposed.map.legend') });
  const legendCounts = CLASSES.map((c, k) => {
    const sw = el('canvas', { width: 28, height: 16, className: 'wellposed-swatch', 'aria-hidden': 'true' });
    const g = sw.getContext('2d');
    g.fillStyle = patternFor(g, k);
    g.fillRect(0, 0, 28, 16);
    g.strokeStyle = '#59636e';
    g.strokeRect(0.5, 0.5, 27, 15);
    const n = el('span', { className: 'wellposed-count' });
    legend.append(el('li', {}, sw, el('span', {}, el('b', { textContent: t('wellposed.legend.item', { count: c.count, word: c.word }) }), n)));
    return n;
  });
  const cellOut = el('div', { id: 'wellposed-cell', className: 'readout wellposed-cell', 'aria-live': 'polite' });
  const mapTime = el('div', { className: 'note wellposed-maptime' });
  mapBox.append(el('div', { className: 'wellposed-map-body' }, mapWrap,
    el('div', { className: 'wellposed-map-side' }, mapMsg, verdict, legend, cellOut, mapTime)));   // a refusal on the map, where the eye is

  // the map's data, and its mirror for the browser tests (window.__fx.charts.all
  // holds { canvas, data: { datasets } } of every chart: here one dataset per
  // class with the points r = (x, y) of that class; window.__fx.wellposed.map())
  let grid = null; // { n, range, rows: Float64Array, nc, cols, idx: Int32Array (cell → row), counts, unique, detMin, detMax, ms, where }
  const mapMirror = { canvas: mapCanvas, data: { datasets: CLASSES.map((c) => ({ label: c.word, data: [] })) }, options: {} };
  allCharts.add(mapMirror);
  const mapHook = setHook('wellposed', 'map', () => grid && {
    busy: !!(pending || mapRaf || mapTimer), n: grid.n, range: grid.range, counts: grid.counts.slice(), unique: grid.unique, detMin: grid.detMin, detMax: grid.detMax,
    ms: grid.ms, where: grid.where, cols: grid.cols.slice(), rows: Array.from(grid.rows),
  });
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
    mapMsg.textContent = t('wellposed.map.failed', { message });
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
        worker = startWorker('scenario.worker.js', { type: 'module' });
        worker.onerror = (e) => showError(t('wellposed.map.worker', { message: e.message || t('wellposed.map.worker.start') }));
        worker.onmessage = (e) => {
          const m = e.data, job = pending;
          if (!job || m.id !== job.id) return; // superseded
          pending = null;
          if (m.type === 'failed') mapFailed(m.message);
          else if (m.type === 'rows') ingest(m.rows, m.cols, m.count, job.n, job.range, m.ms, 'worker');
        };
      }
      pending = { id, n, range, t0 };
      mapTime.textContent = t('wellposed.map.computing', { n });
      worker.postMessage({ type: 'rows', id, name: MAP, params, limit: n * n });
      return;
    }
    pending = null;
    let sim = null;
    try {
      sim = core.scenario.simulation(MAP, {});
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
      ? t(grid.unique ? 'wellposed.map.det.one' : 'wellposed.map.det.change', { n: 2 ** 2, min: fmt(grid.detMin), max: fmt(grid.detMax) })
      : '';
    const agree = grid.unique
      ? (grid.counts[0] + grid.counts[2] === 0 ? t('wellposed.map.agrees')
        : t('wellposed.map.disagrees', { n: grid.counts[0] + grid.counts[2] }))
      : (grid.counts[0] + grid.counts[2] > 0
        ? t('wellposed.map.counts', { none: grid.counts[0], several: grid.counts[2] })
        : t('wellposed.map.between'));
    verdict.replaceChildren();
    const head = document.createElement('strong');
    head.textContent = grid.unique ? t('wellposed.map.unique') : t('wellposed.map.notUnique');
    verdict.classList.toggle('bad', !grid.unique);
    const p = document.createElement('span');
    p.textContent = `${det} ${agree}`;
    verdict.append(head, p);
    CLASSES.forEach((c, k) => {
      legendCounts[k].textContent = t('wellposed.map.count', { n: grid.counts[k], total });
    });
    mapCanvas.setAttribute('aria-label', t('wellposed.map.aria', { range: fmt(grid.range),
      counts: CLASSES.map((c, k) => t('wellposed.map.aria.count', { n: grid.counts[k], word: c.word })).join(', ') }));
    mapTime.textContent = t(grid.where === 'worker' ? 'wellposed.map.time.worker' : 'wellposed.map.time', { n: grid.n, ms: grid.ms.toFixed(1) });
    writeCell();
  }

  /** The row of cell [i, j], or -1. */
  const rowOf = (cell) => (grid && cell ? grid.idx[cell[1] * grid.n + cell[0]] : -1);
  function writeCell() {
    const cell = hover || selected;
    const k = rowOf(cell);
    if (k < 0) { cellOut.textContent = t('wellposed.cell.hint'); return; }
    const o = k * grid.nc, g = (name) => { const j = grid.cols.indexOf(name); return j >= 0 ? grid.rows[o + j] : NaN; };
    const nSol = g('solutions');
    const q = { x1: fmt(g('x1')), x2: fmt(g('x2')) };
    const x = Number.isFinite(g('x1')) && nSol > 0 ? t(nSol > 1 ? 'wellposed.cell.first' : 'wellposed.cell.acc', q) : '';
    cellOut.textContent = t(nSol === 1 ? 'wellposed.cell.one' : 'wellposed.cell.many', { r1: fmt(g('r1')), r2: fmt(g('r2')), n: nSol,
      word: CLASSES[classOf(nSol)].word, x });
  }

  // drawing the map (CSS pixels; a square plot with axes)
  let mapGeom = null;
  function drawMap(dpr = window.devicePixelRatio || 1) {
    const r = mapWrap.getBoundingClientRect();
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
    // at 2× its CSS size (drawn again, then back at the screen's ratio), on white
    drawMap(2);
    const url = whitePng(mapCanvas);
    drawMap();
    download('wellposed-map.png', url);
  });
  csvBtn.addEventListener('click', () => {
    if (!grid) return;
    const units = new Map(mapInfo.cols.map((c) => [c.name, c.unit]));
    const rows = [];
    for (let k = 0; k < grid.n * grid.n; k++) rows.push(Array.from(grid.rows.subarray(k * grid.nc, (k + 1) * grid.nc)));
    download('wellposed-map.csv', csvUrl(csvText({ comments: [`${MAP} ${JSON.stringify(scenarioParamsToObject(mapInfo, mapValues))}`],
      columns: grid.cols.map((name) => ({ name, unit: units.get(name) })), rows })));
  });
  const mapResize = new ResizeObserver(() => drawMap());
  mapResize.observe(mapWrap);


  return {
    scheduleMap, computeMap,
    dispose() {
      cancelAnimationFrame(mapRaf);
      clearTimeout(mapTimer);
      if (worker) worker.terminate();
      mapResize.disconnect();
      allCharts.delete(mapMirror);
      clearHook('wellposed', 'map', mapHook);
    },
  };
}
