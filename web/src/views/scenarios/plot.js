// scenarios/plot.js: a run's plot job: the variants of one run (the overlay's
// values, or the parameters alone) sent to the plot worker after a short
// debounce, their min-max envelopes streamed into the charts (redrawn at
// most every REDRAW_MS, one chart per task), the progress, Cancel and the
// summary. The run r ({ sc, info, values, key, state, ui, boxes, worker,
// handlers, nextId }) holds the job and its timers.
import { t, tCoreOf, tChoice } from '../../i18n/index.js';
import { COLORS } from '../../charts.js';
import { BUCKETS, DEBOUNCE_MS, REDRAW_MS, num, columnLabel } from './catalogue.js';
import { resultText, clampDiverged } from './results.js';

/** The variants of one run: the overlay's values, or the parameters alone. */
export function variants(r) {
  const { sc, info, values } = r;
  const list = sc.overlay ? sc.overlay.values : [null];
  const oj = sc.overlay ? info.params.findIndex((p) => p.name === sc.overlay.param) : -1;
  return list.map((v) => {
    const p = Array.from(values);
    if (oj >= 0) p[oj] = info.params[oj].choices ? info.params[oj].choices.indexOf(v) : v;
    const label = v === null ? '' : sc.overlay.label ? sc.overlay.label(v) : tChoice(v); // a choice's name in the page's language
    return { label, value: v, params: p };
  });
}

/** Prepares run r's job: its timers and the Cancel button. */
export function plotJob(r) {
  Object.assign(r, { job: null, timer: 0, drawPending: 0,
    lastDraw: 0,   // charts redraw at most every REDRAW_MS while a run streams in
    durJ: r.info.params.findIndex((p) => p.name === 'duration') });
  const { cancel, barText } = r.ui;
  cancel.addEventListener('click', () => {
    if (!r.job || r.job.ended) return;
    r.worker('plot').postMessage({ type: 'cancel', id: r.job.id });
    cancel.disabled = true;
    barText.textContent = t('scenarios.progress.cancelling');
  });
}

function drawSoon(r, now) {
  if (r.drawPending && !now) return;
  clearTimeout(r.drawPending);
  const wait = now ? 0 : Math.max(0, r.lastDraw + REDRAW_MS - performance.now());
  // one chart per task, so a frame can come between two redraws
  let next = 0;
  const one = () => {
    const b = r.boxes[next++];
    if (b) b.update();
    r.drawPending = next < r.boxes.length ? setTimeout(one, 0) : 0;
  };
  r.drawPending = setTimeout(() => { r.lastDraw = performance.now(); one(); }, wait);
}
/** The run's scenario and values into the URL (state.set: the entry replaced). */
function keep(r) {
  const { sc, info, values, key, state } = r;
  const saved = {};
  info.params.forEach((p, j) => { saved[key(p.name)] = p.choices ? p.choices[values[j]] : values[j]; });
  state.set({ scenario: sc.name, ...saved });
}
export function schedule(r) {
  stop(r);
  // the URL at once, not after the debounce: a link copied (or a reload)
  // right after a change carries the new value
  keep(r);
  clearTimeout(r.timer);
  r.ui.barText.textContent = t('scenarios.progress.waiting');
  r.timer = setTimeout(() => start(r), DEBOUNCE_MS);
}
export function stop(r) {
  if (r.job && !r.job.ended) {
    r.worker('plot').postMessage({ type: 'cancel', id: r.job.id });
    r.job.ended = true;
  }
}
export function start(r) {
  const { sc, values } = r;
  const { msg, sum, bar, cancel, barText } = r.ui;
  keep(r);
  const vs = variants(r);
  const cols = [...new Set(sc.plots.flatMap((p) => [...p.cols, ...(p.ref ? [p.ref] : [])]))];
  const job = r.job = { id: r.nextId(), vs, results: vs.map(() => null), ended: false, duration: r.durJ >= 0 ? values[r.durJ] : 0 };
  // datasets: one per variant and column, filled as the worker streams
  job.sets = sc.plots.map((plot) => {
    const ds = [];
    const refs = [];
    vs.forEach((v, ri) => {
      plot.cols.forEach((c, ci) => {
        const d = { label: `${columnLabel(c)}${v.label ? ` (${v.label})` : ''}`, csvName: `${c}${v.label ? ` (${v.label})` : ''}`, data: [], borderColor: COLORS[(ri * plot.cols.length + ci) % COLORS.length], backgroundColor: COLORS[(ri * plot.cols.length + ci) % COLORS.length],
          borderDash: ci ? [6, 3] : undefined, col: c, variant: ri };
        ds.push(d);
      });
      if (plot.ref && ri === 0) refs.push({ label: columnLabel(plot.ref), csvName: plot.ref, data: [], borderColor: '#888', borderDash: [4, 3], col: plot.ref, variant: 0 });
    });
    return [...ds, ...refs];
  });
  msg.hidden = true;
  msg.textContent = '';
  sum.textContent = '';
  bar.value = 0;
  cancel.disabled = false;
  barText.textContent = t('scenarios.progress.start');
  r.handlers.plot = (m) => onPlotMessage(r, m);
  r.worker('plot').postMessage({ type: 'plot', id: job.id, name: sc.name, buckets: BUCKETS, cols,
    variants: vs.map((v) => ({ label: v.label, params: v.params })) });
}

function onPlotMessage(r, m) {
  const { sc, boxes, job } = r;
  const { msg, bar, cancel, barText } = r.ui;
  if (m.id === -1) { msg.hidden = false; msg.textContent = tCoreOf(m); return; }
  if (!job || m.id !== job.id) return; // a superseded job
  if (m.type === 'failed') {
    job.ended = true;
    msg.hidden = false;
    msg.textContent = tCoreOf(m); // the core's sentence in the page's language
    cancel.disabled = true;
    return;
  }
  // the previous run's curves stay until the new one has its first points
  if (!job.shown && (m.points || m.type === 'done')) {
    job.shown = true;
    boxes.forEach((b, pi) => {
      const y = b.chart.options.scales.y;
      delete y.min;
      delete y.max;
      b.chart.data.datasets = job.sets[pi];
    });
  }
  if (m.points) {
    sc.plots.forEach((plot, pi) => {
      for (const d of job.sets[pi]) {
        if (d.variant !== m.variant) continue;
        const p = m.points[d.col];
        if (!p) continue;
        const s = plot.scale || 1;
        for (let i = 0; i < p.length; i += 2) d.data.push({ x: p[i], y: p[i + 1] * s });
      }
    });
    drawSoon(r);
  }
  if (m.type === 'progress') {
    bar.value = m.frac;
    const v = job.vs[m.variant];
    barText.textContent = t('scenarios.progress.run', { label: v.label ? ` ${v.label}` : '', pct: (m.frac * 100).toFixed(0),
      t: num(m.t, 4), d: num(job.duration, 4) });
  } else if (m.type === 'variant') {
    job.results[m.variant] = { last: m.last, error: m.error && tCoreOf({ message: m.error, sentence: m.sentence }), rows: m.rows, after: m.after, stuck: m.stuck };
    showResults(r);
    drawSoon(r, true);
  } else if (m.type === 'cancelled') {
    job.ended = true;
    job.results[m.variant] = { last: m.last, cancelled: true };
    cancel.disabled = true;
    const at = m.last ? m.last.t : 0;
    barText.textContent = t('scenarios.progress.cancelled', { t: num(at, 6), d: num(job.duration, 4),
      label: job.vs[m.variant].label ? ` (${job.vs[m.variant].label})` : '' });
    showResults(r);
    drawSoon(r, true);
  } else if (m.type === 'done') {
    job.ended = true;
    cancel.disabled = true;
    bar.value = 1;
    const failed = job.results.map((res, ri) => (res && res.error ? job.vs[ri].label || sc.name : null)).filter(Boolean);
    const d = num(job.duration, 6);
    barText.textContent = failed.length ? t('scenarios.progress.ended', { who: failed.join(', ') })
      : job.vs.length > 1 ? t('scenarios.progress.completeEach', { d, n: job.vs.length }) : t('scenarios.progress.complete', { d });
    showResults(r);
  }
}

function showResults(r) {
  const { sc, job, boxes } = r;
  const { msg, sum } = r.ui;
  const { lines, errors, tErr } = resultText(sc, job);
  sum.textContent = lines.join('\n');
  msg.hidden = errors.length === 0;
  msg.textContent = errors.join('\n');
  if (Number.isFinite(tErr)) {
    msg.textContent += clampDiverged(sc, job, boxes, tErr);
    drawSoon(r, true);
  }
}
