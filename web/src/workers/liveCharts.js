// liveCharts.js (bundled to build/web/liveCharts.worker.js): draws the rolling
// charts of every live view (pendulum, robot arm, MuJoCo, well-posedness; the
// page side is web/src/liveCharts.js) with Chart.js on OffscreenCanvases, so
// that the page's animation frames only run the simulation and the picture.
// Every simulation step in view reaches the worker and is kept here
// (chart.$raw, one array per dataset); each drawing hands Chart.js the
// steps in the window, and when there are more than four per pixel column
// only each column's first, lowest, highest and last (live/series.js
// columnExtremes): every extreme is drawn. (Chart.js's own decimation plugin
// is off: a decimated dataset's `data` reads the plugin's copy, rebuilt at
// the next update, so steps appended to it were lost until the window had
// moved past them, and it leaves out its last column's extremes.)
//
// Messages in:
//   { type: 'init', canvases: [OffscreenCanvas], dpr, axes, font, mark }   font: CSS px (the page's Chart.js size);
//                                                  mark: the page's decimal mark (the ticks' format.js setDecimalMark)
//   { type: 'size', index, width, height }         CSS pixels
//   { type: 'datasets', index, datasets: [{ label, color, dash }] }
//   { type: 'data', index, x0, x1, series: [{ xy: Float64Array (x, y interleaved), replace }], budget }
//                                                  replace: the dataset's points are xy; otherwise
//                                                  xy follows them (the page sends only new steps)
//   { type: 'png', index, id }
//   { type: 'font', size }                         CSS px (presentation mode)
//   { type: 'points', index, id }                  what Chart.js draws (the browser tests
//                                                  compare it with what the page sent)
// Messages out:
//   { type: 'drawn', index, ticks: { x: [label], y: [label] }, font }   font: the tick labels' size [CSS px]
//                               after each data message is drawn (the page
//                               sends the next one only then)
//   { type: 'png', id, blob }
//   { type: 'points', id, width, x0, x1, datasets: [Float64Array (x, y interleaved)] }
//                               each dataset's points as last drawn (Chart.js's
//                               `data`), the chart's width [CSS px] (the columns)
//                               and the window drawn
//   { type: 'stats', ms: [ms per chart update] }
import { Chart } from 'chart.js';
import '../chartSetup.js'; // registers the Chart.js components the project uses
import { Point, trimBefore, columnExtremes } from '../live/series.js';
import { setDecimalMark } from '../format.js';

let charts = [];
let dpr = 1;
const pending = new Map(); // index -> the data message to draw
let scheduled = false;
let stats = [];
// The charts are drawn at most this often [ms]: 30 a second, live to the eye.
// A drawing is asked for at every animation frame of the page (60 a second
// or more), and Chart.js's layout and software rasterising cost about half a
// processor core at that rate; the data messages between two drawings are
// kept (each appends to the one before) and the newest window is drawn.
const MIN_DRAW_MS = 1000 / 30;
let drawnAt = -Infinity;   // performance.now() of the last drawing [ms]

// ±budget of treatment A now, as two dashed lines (friction chart)
const budgetLines = {
  id: 'pendulumBudget',
  afterDatasetsDraw(chart) {
    const b = chart.$budget;
    if (!(b > 0)) return;
    const { ctx, chartArea: a, scales: { y } } = chart;
    ctx.save();
    ctx.strokeStyle = '#1d232b';
    ctx.setLineDash([6, 4]);
    ctx.lineWidth = 1.5;
    ctx.beginPath();
    for (const v of [b, -b]) {
      const py = y.getPixelForValue(v);
      if (py >= a.top && py <= a.bottom) { ctx.moveTo(a.left, py); ctx.lineTo(a.right, py); }
    }
    ctx.stroke();
    ctx.restore();
  },
};

function options(yText, budget) {
  return {
    animation: false,
    parsing: false,
    normalized: true,
    responsive: false,
    maintainAspectRatio: false,
    devicePixelRatio: dpr,
    spanGaps: true,
    events: [],
    scales: {
      // the window's ends are not ticks (includeBounds: false): at the start
      // of a run they sat beside a grid tick and repeated its label
      x: { type: 'linear', title: { display: true, text: 't [s]' }, ticks: { maxRotation: 0, maxTicksLimit: 9, includeBounds: false } },
      y: {
        type: 'linear', title: { display: true, text: yText }, ticks: { maxTicksLimit: 6 },
        // the friction chart's y axis always includes ±budget
        afterDataLimits: budget ? (scale) => {
          const b = scale.chart.$budget;
          if (!(b > 0)) return;
          scale.min = Math.min(scale.min, -1.1 * b);
          scale.max = Math.max(scale.max, 1.1 * b);
        } : undefined,
      },
    },
    plugins: { legend: { position: 'bottom' }, tooltip: { enabled: false }, decimation: { enabled: false } },
    elements: { point: { radius: 0 }, line: { borderWidth: 1 } },
  };
}

function points(xy) {
  const out = new Array(xy.length / 2);
  for (let i = 0, k = 0; k < out.length; i += 2, k++) out[k] = new Point(xy[i], xy[i + 1]);
  return out;
}

function render() {
  scheduled = false;
  drawnAt = performance.now();
  for (const [index, m] of pending) {
    const chart = charts[index];
    if (!chart) continue;
    const t0 = performance.now();
    chart.options.scales.x.min = m.x0;
    chart.options.scales.x.max = m.x1;
    chart.$budget = m.budget;
    chart.$window = [m.x0, m.x1];
    chart.data.datasets.forEach((d, k) => { d.data = columnExtremes(chart.$raw[k] || [], m.x0, m.x1, chart.width); });
    chart.update('none');
    stats.push(performance.now() - t0);
    // the labels drawn, for the page's mirror (the browser tests read them)
    const ticks = Object.fromEntries(['x', 'y'].map((k) => [k, chart.scales[k]?.ticks.map((t) => t.label) ?? []]));
    // (the tick labels take Chart.js's default size: options() sets no font of its own)
    self.postMessage({ type: 'drawn', index, ticks, font: Chart.defaults.font.size });
  }
  pending.clear();
  if (stats.length >= 60) {
    self.postMessage({ type: 'stats', ms: stats });
    stats = [];
  }
}

self.onmessage = async (e) => {
  const m = e.data;
  if (m.type === 'init') {
    dpr = m.dpr || 1;
    if (m.font) Chart.defaults.font.size = m.font;
    if (m.mark) setDecimalMark(m.mark);
    charts = m.canvases.map((c, i) => {
      const { yText, budget } = m.axes[i];
      const chart = new Chart(c, { type: 'line', data: { datasets: [] }, options: options(yText, budget), plugins: budget ? [budgetLines] : [] });
      chart.$raw = [];   // each dataset's points, as the page sent them
      return chart;
    });
  } else if (m.type === 'size') {
    charts[m.index]?.resize(m.width, m.height);
  } else if (m.type === 'datasets') {
    const chart = charts[m.index];
    if (!chart) return;
    chart.$raw = m.datasets.map(() => []);
    chart.data.datasets = m.datasets.map((d) => ({ label: d.label, data: [], borderColor: d.color, borderDash: d.dash || [] }));
    chart.update('none');
  } else if (m.type === 'data') {
    // the points at once (a message appends to the one before it); the
    // drawing at the next turn of the event loop, or once MIN_DRAW_MS have
    // passed since the last one
    const chart = charts[m.index];
    if (!chart) return;
    chart.$raw.forEach((raw, k) => {
      const s = m.series[k];
      if (!s) chart.$raw[k] = [];
      else if (s.replace) chart.$raw[k] = points(s.xy);
      else {
        for (let i = 0; i < s.xy.length; i += 2) raw.push(new Point(s.xy[i], s.xy[i + 1]));
        // drop what left the window (keeping one point before x0), in batches
        trimBefore([raw], m.x0, { minCut: 512, keep: 1 });
      }
    });
    pending.set(m.index, m);
    if (!scheduled) { scheduled = true; setTimeout(render, Math.max(0, drawnAt + MIN_DRAW_MS - performance.now())); }
  } else if (m.type === 'points') {
    const chart = charts[m.index];
    if (!chart) return;
    const datasets = chart.data.datasets.map((d) => {
      const pts = d.data || [];
      const xy = new Float64Array(2 * pts.length);
      pts.forEach((p, i) => { xy[2 * i] = p.x; xy[2 * i + 1] = p.y; });
      return xy;
    });
    const [x0, x1] = chart.$window || [NaN, NaN];
    self.postMessage({ type: 'points', id: m.id, width: chart.width, x0, x1, datasets }, datasets.map((a) => a.buffer));
  } else if (m.type === 'font') {
    Chart.defaults.font.size = m.size;
    charts.forEach((c) => c.update('none'));
  } else if (m.type === 'png') {
    // at 2× the CSS size on white (readable on a dark slide; charts.js's chartPng)
    const chart = charts[m.index];
    render();
    const w = chart.width, h = chart.height;
    chart.options.devicePixelRatio = 2;
    chart.resize(w, h);
    chart.update('none');
    const out = new OffscreenCanvas(chart.canvas.width, chart.canvas.height);
    const ctx = out.getContext('2d');
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, out.width, out.height);
    ctx.drawImage(chart.canvas, 0, 0);
    chart.options.devicePixelRatio = dpr;
    chart.resize(w, h);
    chart.update('none');
    const blob = await out.convertToBlob({ type: 'image/png' });
    self.postMessage({ type: 'png', id: m.id, blob });
  }
};
