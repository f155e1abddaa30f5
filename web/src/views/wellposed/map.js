// wellposed/map.js: the map of the well-posedness view: every point of the
// `solutions-2dof` grid over r = τ − h coloured by its number of
// accelerations (classes.js), beside the verdict of the determinant test,
// the legend with counts, and the point under the pointer. Recomputed when
// its parameters change: the changes of one animation frame make one run; a
// grid that costs more than a frame goes to the scenario worker on a
// trailing debounce (mapRun.js). PNG and CSV (web/src/csv.js) exports; its
// data is a test hook (window.__fx.wellposed.map(), a mirror in
// window.__fx.charts.all). Roles: mapRun.js (computing), mapText.js (the
// verdict, legend and cell in words), mapDraw.js (the canvas); this file
// builds the section and wires its events.
import { t } from '../../i18n/index.js';
import { chartFrame, download, allCharts, whitePng } from '../../charts.js';
import { el } from '../../dom.js';
import { csvText, csvUrl } from '../../csv.js';
import { scenarioParamsToObject } from '../../exports.js';
import { setHook, clearHook } from '../../testHooks.js';
import { CLASSES, patternFor } from './classes.js';
import { MAP, scheduleMap, computeMap } from './mapRun.js';
import { writeCell } from './mapText.js';
import { drawMap, cellAt } from './mapDraw.js';

export { MAP } from './mapRun.js';

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
  const mapMirror = { canvas: mapCanvas, data: { datasets: CLASSES.map((c) => ({ label: c.word, data: [] })) }, options: {} };
  // the map's state, shared by its roles (mapRun.js, mapText.js, mapDraw.js)
  const mv = { core, state, mapInfo, mapValues, mapMsg, showError, saveState,
    mapBox, mapWrap, mapCanvas, verdict, legendCounts, cellOut, mapTime, mapMirror,
    grid: null,       // { n, range, rows: Float64Array, nc, cols, idx: Int32Array (cell → row), counts, unique, detMin, detMax, ms, where }
    selected: null,   // [i, j]: the pinned cell (column i along r1, row j along r2)
    hover: null,
    mapGeom: null,    // the drawn map's geometry (mapDraw.js)
    mapTimer: 0, mapRaf: 0, msPerPoint: 0, mapJob: 0, worker: null, pending: null };
  allCharts.add(mapMirror);
  const mapHook = setHook('wellposed', 'map', () => mv.grid && {
    busy: !!(mv.pending || mv.mapRaf || mv.mapTimer), n: mv.grid.n, range: mv.grid.range, counts: mv.grid.counts.slice(), unique: mv.grid.unique, detMin: mv.grid.detMin, detMax: mv.grid.detMax,
    ms: mv.grid.ms, where: mv.grid.where, cols: mv.grid.cols.slice(), rows: Array.from(mv.grid.rows),
  });
  {
    const s = state.get('cell', null);
    const m = s && /^(\d+),(\d+)$/.exec(s);
    if (m) mv.selected = [Number(m[1]), Number(m[2])];
  }

  mapCanvas.addEventListener('mousemove', (ev) => { mv.hover = cellAt(mv, ev); drawMap(mv); writeCell(mv); });
  mapCanvas.addEventListener('mouseleave', () => { mv.hover = null; drawMap(mv); writeCell(mv); });
  mapCanvas.addEventListener('click', (ev) => {
    const c = cellAt(mv, ev);
    if (!c) return;
    mv.selected = c;
    state.set({ cell: `${c[0]},${c[1]}` });
    drawMap(mv);
    writeCell(mv);
  });
  mapCanvas.addEventListener('keydown', (e) => {
    const d = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] }[e.key];
    if (!d || !mv.grid) return;
    e.preventDefault();
    e.stopPropagation();
    const mid = (mv.grid.n - 1) >> 1;
    const c = mv.selected || [mid, mid];
    mv.selected = [Math.min(mv.grid.n - 1, Math.max(0, c[0] + d[0])), Math.min(mv.grid.n - 1, Math.max(0, c[1] + d[1]))];
    mv.hover = null;
    state.set({ cell: `${mv.selected[0]},${mv.selected[1]}` });
    drawMap(mv);
    writeCell(mv);
  });
  pngBtn.addEventListener('click', () => {
    // at 2× its CSS size (drawn again, then back at the screen's ratio), on white
    drawMap(mv, 2);
    const url = whitePng(mapCanvas);
    drawMap(mv);
    download('wellposed-map.png', url);
  });
  csvBtn.addEventListener('click', () => {
    if (!mv.grid) return;
    const units = new Map(mapInfo.cols.map((c) => [c.name, c.unit]));
    const rows = [];
    for (let k = 0; k < mv.grid.n * mv.grid.n; k++) rows.push(Array.from(mv.grid.rows.subarray(k * mv.grid.nc, (k + 1) * mv.grid.nc)));
    download('wellposed-map.csv', csvUrl(csvText({ comments: [`${MAP} ${JSON.stringify(scenarioParamsToObject(mapInfo, mapValues))}`],
      columns: mv.grid.cols.map((name) => ({ name, unit: units.get(name) })), rows })));
  });
  const mapResize = new ResizeObserver(() => drawMap(mv));
  mapResize.observe(mapWrap);

  return {
    scheduleMap: () => scheduleMap(mv), computeMap: (inWorker) => computeMap(mv, inWorker),
    dispose() {
      cancelAnimationFrame(mv.mapRaf);
      clearTimeout(mv.mapTimer);
      if (mv.worker) mv.worker.terminate();
      mapResize.disconnect();
      allCharts.delete(mapMirror);
      clearHook('wellposed', 'map', mapHook);
    },
  };
}
