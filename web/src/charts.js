// charts.js: Chart.js with only the components the views use, and the chart
// box every view shares: a title, PNG and CSV export, an accessible label.
import { t, lang } from './i18n/index.js';
import { Chart } from 'chart.js';
import { allCharts } from './chartSetup.js';
import { csvText, csvUrl } from './csv.js';
import { el, symbolNodes, symbolText, download } from './dom.js';

export { allCharts };
// the numbers Chart.js writes itself (a tooltip's value, a log axis's ticks) in
// the page's language ("0,45" in French; the linear ticks are format.js tickLabel's)
Chart.defaults.locale = lang;

export const COLORS = ['#1f6feb', '#d1242f', '#1a7f37', '#8250df', '#bf8700', '#0a7ea4', '#cf222e', '#57606a'];

/** The colours of systems run side by side (A, B, … in the live views), in
 * their pictures and their charts alike: COLORS without its reds and green,
 * which the pictures keep for state (SLIP red, STICK green, normal forces). */
export const SIDE_COLORS = COLORS.filter((c) => !['#d1242f', '#cf222e', '#1a7f37'].includes(c));

/** download(name, href): dom.js's (exports.js needs it without Chart.js). */
export { download };

/** The significant digits of the charts' CSVs (web/src/csv.js). */
export const CHART_CSV_DIGITS = 15;

/** { name, unit } of an axis or column title such as 't [s]' or 'θ [rad]'. */
export function splitTitle(text) {
  const m = /^(.*?)\s*\[([^\]]*)\]\s*$/.exec(String(text ?? ''));
  return m ? { name: m[1], unit: m[2] } : { name: String(text ?? ''), unit: '' };
}

/** CSV text of the chart's datasets: x (x: its title 't [s]', or { name,
 *  unit }), then one column per dataset, each with its unit (the dataset's
 *  `unit`, else the unit its label ends with, 'q̇ [rad/s]', else the unit of
 *  its y axis title, chart.options.scales or chart.yText); a bar chart (labels) has one row per bar. Numbers to
 *  CHART_CSV_DIGITS significant digits. */
export function chartCsv(chart, x = 'x') {
  const sets = chart.data.datasets.filter((d) => !d.csvSkip);
  const axisUnit = (d) => splitTitle(chart.options?.scales?.[d.yAxisID || 'y']?.title?.text ?? chart.yText).unit;
  const columns = [typeof x === 'string' ? splitTitle(x) : x, ...sets.map((d) => {
    const t = splitTitle(d.csvName || d.label);
    return { name: t.name, unit: d.unit ?? (t.unit || axisUnit(d)) };
  })];
  const labels = chart.data.labels || [];
  if (labels.length) {
    return csvText({ columns, digits: CHART_CSV_DIGITS,
      rows: labels.map((l, i) => [String(l), ...sets.map((d) => (typeof d.data[i] === 'number' ? d.data[i] : ''))]) });
  }
  const xs = new Set();
  sets.forEach((d) => d.data.forEach((p) => xs.add(p.x)));
  const sorted = [...xs].sort((a, b) => a - b);
  const maps = sets.map((d) => new Map(d.data.map((p) => [p.x, p.y])));
  return csvText({ columns, digits: CHART_CSV_DIGITS, rows: sorted.map((v) => [v, ...maps.map((m) => (m.has(v) ? m.get(v) : ''))]) });
}

/** The PNG of a canvas `src` (already drawn at `scale` device pixels per CSS
 *  pixel) on a white background: readable on a dark slide. */
export function whitePng(src) {
  const c = document.createElement('canvas');
  c.width = src.width;
  c.height = src.height;
  const ctx = c.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, c.width, c.height);
  ctx.drawImage(src, 0, 0);
  return c.toDataURL('image/png');
}

/** The chart as a PNG at 2× its CSS size on a white background (drawn again
 *  at devicePixelRatio 2, then put back as it was). */
export function chartPng(chart) {
  const before = chart.options.devicePixelRatio;
  chart.options.devicePixelRatio = PNG_SCALE;
  chart.resize();
  const url = whitePng(chart.canvas);
  chart.options.devicePixelRatio = before;
  chart.resize();
  return url;
}
export const PNG_SCALE = 2;

/**
 * The frame every chart box shares (charts drawn here, in a worker, or by a
 * view's own canvas code): a section.chart-box with a head (the title and the
 * PNG and CSV buttons) and a canvas in a .canvas-wrap of `height` CSS px
 * (role img, described). Appended to parent; the caller wires the buttons.
 * Returns { box, head, png, csv, wrap, canvas }.
 */
export function chartFrame(parent, { title: marked, description, height = 300, pngLabel, csvLabel }) {
  const title = symbolText(marked);
  const png = el('button', { type: 'button', textContent: 'PNG', 'aria-label': pngLabel || t('chart.png.aria', { title }) });
  const csv = el('button', { type: 'button', textContent: 'CSV', 'aria-label': csvLabel || t('chart.csv.aria', { title }) });
  const head = el('div', { className: 'chart-head' }, el('h3', {}, ...symbolNodes(marked)), el('div', { className: 'chart-tools' }, png, csv));
  const canvas = el('canvas', { role: 'img', 'aria-label': description || title });
  const wrap = el('div', { className: 'canvas-wrap' }, canvas);
  wrap.style.height = `${height}px`;
  const box = el('section', { className: 'chart-box', 'aria-label': title }, head, wrap);
  parent.append(box);
  return { box, head, png, csv, wrap, canvas };
}

/**
 * chartBox(parent, { title, description, height, fileName, xName, config })
 * Creates the box, the canvas (role=img with the description) and the export
 * buttons; returns { chart, box, head, update() }.
 */
export function chartBox(parent, { title, description, height = 300, fileName, xName, config }) {
  const { box, head, png, csv, canvas } = chartFrame(parent, { title, description, height });
  const chart = new Chart(canvas, {
    ...config,
    options: {
      animation: false,
      parsing: false,
      normalized: true,
      responsive: true,
      maintainAspectRatio: false,
      ...(config.options || {}),
    },
  });
  const base = fileName || title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  png.addEventListener('click', () => download(`${base}.png`, chartPng(chart)));
  csv.addEventListener('click', () => {
    download(`${base}.csv`, csvUrl(chartCsv(chart, xName)));
  });
  return { chart, box, head, canvas, update: () => chart.update('none') };
}

/** A bar chart of one value per model M1–M6 (the replay's and the fit's MAE
 *  per model): chartBox with a category x axis 'model' and a linear y axis
 *  from 0 titled yText; legend: Chart.js's legend options. */
export function modelBarsBox(parent, { title, description, height, fileName, yText, legend }) {
  return chartBox(parent, {
    title, description, height, fileName, xName: 'model',
    config: {
      type: 'bar',
      data: { labels: [], datasets: [] },
      options: {
        parsing: true,
        scales: { x: { type: 'category' }, y: { type: 'linear', beginAtZero: true, title: { display: true, text: yText } } },
        plugins: { legend },
      },
    },
  });
}

/** Lines of points {x, y}, no point markers: chartBox with a linear x axis
 *  titled xText and a y axis titled yText (y: more options of the y axis,
 *  its type for one), the legend at the bottom; plugins: more Chart.js
 *  plugin options, line: the lines' element options, options: more chart
 *  options, inline: Chart.js inline plugins. */
export function lineBox(parent, { title, description, height, fileName, xName, xText, yText, y = {}, plugins = {},
  line = null, options = {}, inline = null }) {
  return chartBox(parent, {
    title, description, height, fileName, xName,
    config: {
      type: 'line',
      data: { datasets: [] },
      options: {
        scales: { x: { type: 'linear', title: { display: true, text: xText } }, y: { type: 'linear', title: { display: true, text: yText }, ...y } },
        plugins: { legend: { position: 'bottom' }, ...plugins },
        elements: { point: { radius: 0 }, ...(line ? { line } : {}) },
        ...options,
      },
      ...(inline ? { plugins: inline } : {}),
    },
  });
}

/** The recorded angle of a log against a simulated one over t (the replay's
 *  and the fit's overlay): lineBox with t [s] and angle [rad] axes;
 *  plugins: Chart.js plugin options beside the bottom legend. */
export function angleOverlayBox(parent, { title, description, fileName, plugins = {} }) {
  return lineBox(parent, { title, description, height: 220, fileName, xName: 't [s]', xText: 't [s]', yText: 'angle [rad]',
    plugins, line: { borderWidth: 1.5 } });
}

/** Points {x, y} from two arrays. */
export function points(xs, ys) {
  const out = new Array(xs.length);
  for (let i = 0; i < xs.length; i++) out[i] = { x: xs[i], y: ys[i] };
  return out;
}

/** The page's Chart.js font size [CSS px] (raised in presentation mode by
 *  main.js); charts drawn elsewhere (a worker) follow it. */
export function chartFontSize() {
  return Chart.defaults.font.size;
}
