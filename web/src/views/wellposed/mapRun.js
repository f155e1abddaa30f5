// wellposed/mapRun.js: computing the well-posedness map: the changes of one
// animation frame make one run. A grid whose last run cost more than a frame
// (about msPerPoint · grid²) goes to the scenario worker
// (web/src/workers/scenario.js, job 'rows') on a trailing debounce, and the
// page keeps the old map until the new one arrives; answers to superseded
// requests are dropped. The map mv (map.js) holds the timers and the grid.
import { t } from '../../i18n/index.js';
import { paramIndex } from '../../../../wasm/friction.js';
import { CLASSES, classOf } from './classes.js';
import { drawMap } from './mapDraw.js';
import { writeMapText } from './mapText.js';
import { startWorker } from '../../offline.js';

export const MAP = 'solutions-2dof';
const FRAME_MS = 16;             // a frame: slower maps are debounced
const DEBOUNCE_MS = 150;

export function scheduleMap(mv) {
  mv.saveState();
  const n = mv.mapValues[paramIndex(mv.mapInfo, 'grid')];
  if (mv.msPerPoint * n * n > FRAME_MS) {
    clearTimeout(mv.mapTimer);
    mv.mapTimer = setTimeout(() => { mv.mapTimer = 0; computeMap(mv, true); }, DEBOUNCE_MS);
  } else if (!mv.mapRaf) {
    mv.mapRaf = requestAnimationFrame(() => { mv.mapRaf = 0; computeMap(mv, false); });
  }
}

function mapFailed(mv, message) {
  mv.mapMsg.hidden = false;
  mv.mapMsg.textContent = t('wellposed.map.failed', { message });
  mv.mapBox.classList.add('greyed');
  drawMap(mv);
}

export function computeMap(mv, inWorker) {
  const t0 = performance.now();
  const params = Float64Array.from(mv.mapValues);
  const n = params[paramIndex(mv.mapInfo, 'grid')], range = params[paramIndex(mv.mapInfo, 'range')];
  const id = ++mv.mapJob;
  if (inWorker) {
    if (!mv.worker) {
      mv.worker = startWorker('scenario.worker.js', { type: 'module' });
      mv.worker.onerror = (e) => mv.showError(t('wellposed.map.worker', { message: e.message || t('wellposed.map.worker.start') }));
      mv.worker.onmessage = (e) => {
        const m = e.data, job = mv.pending;
        if (!job || m.id !== job.id) return; // superseded
        mv.pending = null;
        if (m.type === 'failed') mapFailed(mv, m.message);
        else if (m.type === 'rows') ingest(mv, m.rows, m.cols, m.count, job.n, job.range, m.ms, 'worker');
      };
    }
    mv.pending = { id, n, range, t0 };
    mv.mapTime.textContent = t('wellposed.map.computing', { n });
    mv.worker.postMessage({ type: 'rows', id, name: MAP, params, limit: n * n });
    return;
  }
  mv.pending = null;
  let sim = null;
  try {
    sim = mv.core.scenario.simulation(MAP, {});
    sim.reset(params);
    const nc = sim.cols.length, total = n * n;
    const rows = new Float64Array(total * nc);
    let got = 0;
    while (!sim.done && got < total) {
      const res = sim.step(Math.min(total - got, 65536));
      rows.set(res.rows.subarray(0, Math.min(res.count, total - got) * nc), got * nc);
      got += res.count;
    }
    ingest(mv, rows, sim.cols, got, n, range, performance.now() - t0, 'page');
  } catch (e) {
    mapFailed(mv, e.message);
  } finally {
    if (sim) sim.free();
  }
}

/** The rows of a finished run become the map (cells placed by their r). */
function ingest(mv, rows, cols, got, n, range, ms, where) {
  const total = n * n;
  if (got !== total) { mapFailed(mv, `${MAP} wrote ${got} rows for a ${n} × ${n} grid`); return; }
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
  mv.grid = { n, range, rows, nc, cols, idx, counts, unique: rows[cu], ms, where,
    detMin: cmin >= 0 ? rows[cmin] : NaN, detMax: cmax >= 0 ? rows[cmax] : NaN };
  mv.msPerPoint = ms / total;
  mv.mapMirror.data.datasets.forEach((d, k) => { d.data = sets[k]; });
  mv.mapMsg.hidden = true;
  mv.mapBox.classList.remove('greyed');
  if (mv.selected && (mv.selected[0] >= n || mv.selected[1] >= n)) mv.selected = null;
  drawMap(mv);
  writeMapText(mv);
}

