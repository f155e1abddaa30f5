// chartSetup.js: Chart.js with only the components the views use, the
// tick defaults and the browser tests' hook, once for the page (charts.js)
// and the chart worker (workers/liveCharts.js), which imports only this: the
// chart box of charts.js brings the page's string tables, which a worker
// drawing what the page labels does not need.
import {
  Chart, LineController, LineElement, PointElement, LinearScale, LogarithmicScale,
  ScatterController, Filler, Legend, Tooltip, Title, Decimation, BarController, BarElement, CategoryScale,
} from 'chart.js';
import { hook } from './testHooks.js';
import { tickLabel } from './format.js';
import { symbolText } from './dom.js';

// Decimation: a chart given every simulation step draws a min-max envelope
// per pixel (options.plugins.decimation = { enabled: true, algorithm:
// 'min-max' }; needs parsing: false, sorted x, a linear x axis).
Chart.register(LineController, LineElement, PointElement, LinearScale, LogarithmicScale,
  ScatterController, Filler, Legend, Tooltip, Title, Decimation, BarController, BarElement, CategoryScale);
// Every linear axis (here, for the page and the chart worker)
// writes its ticks with the page's one tick formatter (format.js tickLabel:
// one form per axis, no float noise, no repeated label) and keeps them apart
// (autoSkip with some padding); a view may still set its own.
Chart.defaults.scales.linear.ticks.callback = tickLabel;
Chart.defaults.scales.linear.ticks.autoSkipPadding = 8;
// A legend is drawn text: a dataset's label with the tables' `_x`/`^x`
// symbol marks (Φ_Z, τ_f_1) shows them as dom.js symbolText writes any plain
// text (ΦZ, τf1, as the axis titles write τe), never the raw marks.
const legendLabels = Chart.defaults.plugins.legend.labels.generateLabels;
Chart.defaults.plugins.legend.labels.generateLabels = (chart) => legendLabels(chart).map((item) => ({ ...item, text: symbolText(item.text) }));

// Test hook (tests/web/e2e.mjs, web/src/testHooks.js): every live chart is in
// window.__fx.charts.all, so the browser tests can read chart data; a chart
// leaves the set on destroy().
export const allCharts = hook('charts', 'all', new Set());
if (typeof window !== 'undefined') {
  Chart.register({
    id: 'frictionTestHook',
    afterInit(chart) { allCharts.add(chart); },
    afterDestroy(chart) { allCharts.delete(chart); },
  });
}

