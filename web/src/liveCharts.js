// liveCharts.js: the rolling charts of the live views (pendulum bench, robot
// arm), one definition. Chart.js draws them in a worker on OffscreenCanvases
// (web/src/workers/pendulumCharts.js): an animation frame of the page only
// hands over the steps in view, min-max decimated by the worker. Each box has
// the title, the PNG and CSV buttons and the canvas; `mirror` holds what the
// chart shows (the CSV button exports it; the browser tests read it in
// window.frictionCharts). One message per chart is in flight at a time: a
// chart asked again while the worker draws is marked stale and redrawn when
// the worker says 'drawn'.
//
//   const set = liveChartSet(parent, {
//     what: 'pendulum', boxes: [{ title, description, height, fileName }, ...],
//     axes: [{ yText: 'θ [rad]' }, ...], showError, onStats(ms) {...},
//     range: () => ({ x0, x1, budget }) });
//   set.charts[k].mirror.sources / .data.datasets   (the points)
//   set.worker.postMessage({ type: 'datasets', ... }); set.paint(); set.dispose();
import { chartCsv, chartFontSize, chartFrame, download } from './charts.js';

export function liveChartSet(parent, { what, boxes, axes, showError, onStats, range }) {
  const worker = new Worker('pendulumCharts.worker.js', { type: 'module' });
  worker.onerror = (e) => showError(`The ${what} charts could not be drawn: ${e.message || 'the chart worker failed to start'}`);
  const pngWaiting = new Map();
  const observers = [];

  function box(index, { title, description, height, fileName }) {
    const { box: section, png, csv, wrap, canvas } = chartFrame(parent, { title, description, height,
      csvLabel: `Export the data of ${title} as CSV (every step in view)` });
    const mirror = { canvas, data: { datasets: [] }, sources: [], options: { font: { size: chartFontSize() } } };
    window.frictionCharts?.add(mirror);
    png.addEventListener('click', () => {
      const id = `${index}-${Date.now()}`;
      pngWaiting.set(id, `${fileName}.png`);
      worker.postMessage({ type: 'png', index, id });
    });
    csv.addEventListener('click', () => download(`${fileName}.csv`, URL.createObjectURL(new Blob([chartCsv(mirror, 't [s]')], { type: 'text/csv' }))));
    const ro = new ResizeObserver(() => {
      const r = wrap.getBoundingClientRect();
      worker.postMessage({ type: 'size', index, width: Math.max(1, Math.round(r.width)), height: Math.max(1, Math.round(r.height)) });
    });
    ro.observe(wrap);
    observers.push(ro);
    return { box: section, canvas, mirror, index, inFlight: false, stale: false };
  }
  const charts = boxes.map((b, i) => box(i, b));

  /** Hands chart c every step in view: to the worker as (x, y) pairs, to the mirror as points. */
  function post(c) {
    const { x0, x1, budget = 0 } = range();
    const out = c.mirror.sources.map((src, k) => {
      let lo = 0, hi = src.length;
      while (lo < hi) { const mid = (lo + hi) >> 1; if (src[mid].x < x0) lo = mid + 1; else hi = mid; }
      const view = src.slice(Math.max(0, lo - 1));
      c.mirror.data.datasets[k].data = view;
      const xy = new Float64Array(2 * view.length);
      for (let i = 0; i < view.length; i++) { xy[2 * i] = view[i].x; xy[2 * i + 1] = view[i].y; }
      return xy;
    });
    c.inFlight = true;
    c.stale = false;
    worker.postMessage({ type: 'data', index: c.index, x0, x1, series: out, budget }, out.map((a) => a.buffer));
  }

  worker.onmessage = (e) => {
    const m = e.data;
    if (m.type === 'png') {
      download(pngWaiting.get(m.id), URL.createObjectURL(m.blob));
      pngWaiting.delete(m.id);
    } else if (m.type === 'drawn') {
      const c = charts[m.index];
      c.inFlight = false;
      if (c.stale) post(c);
    } else if (m.type === 'stats' && onStats) {
      onStats(m.ms);
    }
  };

  // presentation mode (body.present, web/src/main.js) raises the page's
  // Chart.defaults.font.size; the worker's charts follow it
  const presentObserver = new MutationObserver(() => {
    const size = chartFontSize();
    if (size === charts[0].mirror.options.font.size) return;
    charts.forEach((c) => { c.mirror.options.font.size = size; });
    worker.postMessage({ type: 'font', size });
  });
  presentObserver.observe(document.body, { attributes: true, attributeFilter: ['class'] });
  const offscreen = charts.map((c) => c.canvas.transferControlToOffscreen());
  worker.postMessage({ type: 'init', canvases: offscreen, dpr: window.devicePixelRatio || 1, axes }, offscreen);

  return {
    charts,
    worker,
    /** Every chart redrawn with the steps in view (or marked stale while one is in flight). */
    paint() {
      for (const c of charts) {
        if (c.inFlight) c.stale = true; else post(c);
      }
    },
    post,
    dispose() {
      presentObserver.disconnect();
      observers.forEach((o) => o.disconnect());
      worker.terminate();
      charts.forEach((c) => window.frictionCharts?.delete(c.mirror));
    },
  };
}
