// liveCharts.js: the rolling charts of the live views (pendulum bench, robot
// arm), one definition. Chart.js draws them in a worker on OffscreenCanvases
// (web/src/workers/liveCharts.js): an animation frame of the page only
// hands over the steps the worker has not had yet; the worker keeps every
// step in view and draws it min-max decimated, at most 30 times a second
// (its MIN_DRAW_MS). Each box has
// the title, the PNG and CSV buttons and the canvas; `mirror` holds what the
// chart shows (the CSV button exports it; the browser tests read it, and the
// tick labels last drawn, mirror.ticks, in window.__fx.charts.all). One message per chart is in flight at a time: a
// chart asked again while the worker draws is marked stale and redrawn when
// the worker says 'drawn' (with the font size of the tick labels it drew,
// mirror.ticksFont [CSS px]). mirror.drawnPoints() asks the worker what
// Chart.js draws (each dataset's points after decimation, the chart's width
// and window): the browser tests compare it with what the page sent
// (mirror.data).
//
//   const set = liveChartSet(parent, {
//     what: 'pendulum', boxes: [{ title, description, height, fileName }, ...],
//     axes: [{ yText: 'θ [rad]' }, ...], showError, onStats(ms) {...},
//     range: () => ({ x0, x1, budget }) });
//   set.charts[k].mirror.sources / .data.datasets   (the points)
//   set.setDatasets(chart, [{ label, color, dash, data }]); set.paint(); set.dispose();
import { t } from './i18n/index.js';
import { csvUrl } from './csv.js';
import { allCharts, chartCsv, chartFontSize, chartFrame, download } from './charts.js';
import { symbolText } from './dom.js';
import { getDecimalMark } from './format.js';
import { startWorker } from './offline.js';

// Sources shorter than this are sent whole every time (cheap, and a short
// line may be rewritten in place, like the arm's target lines).
const WHOLE_BELOW = 64;

export function liveChartSet(parent, { what, boxes, axes, showError, onStats, range }) {
  const worker = startWorker('liveCharts.worker.js', { type: 'module' });
  worker.onerror = (e) => showError(t('live.charts.failed', { what, message: e.message || t('live.charts.worker') }));
  const pngWaiting = new Map();
  const pointsWaiting = new Map();
  let pointsAsked = 0;
  const observers = [];

  function box(index, { title, description, height, fileName }) {
    const { box: section, png, csv, wrap, canvas } = chartFrame(parent, { title, description, height,
      csvLabel: t('live.charts.csv.aria', { title: symbolText(title) }) });
    const mirror = { canvas, data: { datasets: [] }, sources: [], options: { font: { size: chartFontSize() } }, yText: axes[index]?.yText };
    // { width, x0, x1, datasets: [Float64Array (x, y interleaved)] }: what the worker draws
    mirror.drawnPoints = () => new Promise((resolve) => {
      const id = ++pointsAsked;
      pointsWaiting.set(id, resolve);
      worker.postMessage({ type: 'points', index, id });
    });
    allCharts.add(mirror);
    png.addEventListener('click', () => {
      const id = `${index}-${Date.now()}`;
      pngWaiting.set(id, `${fileName}.png`);
      worker.postMessage({ type: 'png', index, id });
    });
    csv.addEventListener('click', () => download(`${fileName}.csv`, csvUrl(chartCsv(mirror, 't [s]'))));
    const ro = new ResizeObserver(() => {
      const r = wrap.getBoundingClientRect();
      worker.postMessage({ type: 'size', index, width: Math.max(1, Math.round(r.width)), height: Math.max(1, Math.round(r.height)) });
    });
    ro.observe(wrap);
    observers.push(ro);
    return { box: section, canvas, mirror, index, inFlight: false, stale: false };
  }
  const charts = boxes.map((b, i) => box(i, b));

  /** The index of the first point of src drawn from x0 on (one before the
   *  first at or after x0, so that the line enters the window). */
  const firstFrom = (src, x0) => {
    let lo = 0, hi = src.length;
    while (lo < hi) { const mid = (lo + hi) >> 1; if (src[mid].x < x0) lo = mid + 1; else hi = mid; }
    return Math.max(0, lo - 1);
  };
  /** Hands chart c the steps in view: to the mirror as points, to the worker
   *  as (x, y) pairs, only those it has not had yet. The views append to
   *  their sources and trim them from the start; a source is sent whole when
   *  it is new (a restart or new datasets), when its points do not follow
   *  the last one sent (rewritten in place, like a target line), or when it
   *  is short. `c.sent[k]`: { src, n, x } = the array, its length and its
   *  last x when last sent. */
  function post(c) {
    const { x0, x1, budget = 0 } = range();
    const srcs = c.mirror.sources;
    if (!c.sent || c.sent.length !== srcs.length) c.sent = srcs.map(() => null);
    const out = srcs.map((src, k) => {
      const from = firstFrom(src, x0);
      c.mirror.data.datasets[k].data = src.slice(from);
      const last = c.sent[k];
      let a = from, replace = true;
      if (last && last.src === src && src.length > WHOLE_BELOW && last.x !== undefined) {
        // the first point after the last one sent (x increases along a source)
        let lo = from, hi = src.length;
        while (lo < hi) { const mid = (lo + hi) >> 1; if (src[mid].x <= last.x) lo = mid + 1; else hi = mid; }
        if (lo > from && src[lo - 1].x === last.x) { a = lo; replace = false; }
      }
      const n = src.length - a;
      const xy = new Float64Array(2 * n);
      for (let i = 0; i < n; i++) { const p = src[a + i]; xy[2 * i] = p.x; xy[2 * i + 1] = p.y; }
      c.sent[k] = { src, x: src.length ? src[src.length - 1].x : undefined };
      return { xy, replace };
    });
    c.inFlight = true;
    c.stale = false;
    c.mirror.drawing = true;   // until the worker has drawn what the page last handed it (the browser tests wait on it)
    worker.postMessage({ type: 'data', index: c.index, x0, x1, series: out, budget }, out.map((a) => a.xy.buffer));
  }

  worker.onmessage = (e) => {
    const m = e.data;
    if (m.type === 'png') {
      download(pngWaiting.get(m.id), URL.createObjectURL(m.blob));
      pngWaiting.delete(m.id);
    } else if (m.type === 'points') {
      pointsWaiting.get(m.id)?.(m);
      pointsWaiting.delete(m.id);
    } else if (m.type === 'drawn') {
      const c = charts[m.index];
      c.inFlight = false;
      c.mirror.ticks = m.ticks;
      c.mirror.ticksFont = m.font;
      if (c.stale) post(c);
      else c.mirror.drawing = false;
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
  // the page's font size from the start: a set mounted in presentation mode
  // (a lesson's Set up, a tab) gets no 'font' message, its body class unchanged
  worker.postMessage({ type: 'init', canvases: offscreen, dpr: window.devicePixelRatio || 1, axes, font: chartFontSize(), mark: getDecimalMark() }, offscreen);

  // a 'datasets' message makes the worker forget the chart's points, so the
  // next post sends every source whole
  const views = {
    postMessage(m, transfer) {
      if (m && m.type === 'datasets' && charts[m.index]) charts[m.index].sent = null;
      worker.postMessage(m, transfer);
    },
  };
  return {
    charts,
    worker: views,
    /** Chart c shows list, [{ label, color, dash (optional), data }]: each
     *  data is the array of points { x, y } the view appends to and trims
     *  (paint hands the worker those in view). */
    setDatasets(c, list) {
      c.mirror.sources = list.map((d) => d.data);
      c.mirror.data.datasets = list.map((d) => ({ label: d.label, data: [] }));
      views.postMessage({ type: 'datasets', index: c.index, datasets: list.map((d) => ({ label: d.label, color: d.color, dash: d.dash || [] })) });
    },
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
      charts.forEach((c) => allCharts.delete(c.mirror));
    },
  };
}
