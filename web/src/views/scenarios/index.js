// scenarios/index.js: the systems of the papers, each run to its end in a Web
// Worker (workers/scenario.js, its own wasm instance) with a progress bar and
// a Cancel button, plotted as a min-max envelope per time bucket (every
// extreme of every step kept) with an overlay (three laws, two step sizes, or
// the naive treatments against the implicit one), and a paragraph on what to
// look at. Parameters come from the core's own descriptions. Roles:
// catalogue.js (the systems, the lesson), results.js (the summary of a run),
// csv.js (the full-rate CSV); this
// file builds the view and runs the plot jobs.
import { t, tParam, tCoreOf, tChoice } from '../../i18n/index.js';
import { viewLayout, messageBox } from '../../layout.js';
import { chartBox, COLORS } from '../../charts.js';
import { el } from '../../dom.js';
import { exportPanel, scenarioParamsToObject, scenarioParamsFromObject, reloadWithState } from '../../exports.js';
import { paramPanel } from '../../paramPanel.js';
import { stateParam } from '../../refusal.js';
import { BUCKETS, CSV_LIMIT, DEBOUNCE_MS, REDRAW_MS, num, SCENARIOS, columnLabel } from './catalogue.js';
import { csvExport } from './csv.js';
import { resultText, clampDiverged } from './results.js';
import { startWorker } from '../../offline.js';

export { SCENARIOS, LESSON } from './catalogue.js';

export function mount(container, { core, state }) {
  const known = new Set(core.scenario.list().map((x) => x.name));
  // the view's settings of each system with the registry's title and text
  // (fric_scenario title, blurb), through the table (i18n/: scenarios.title.*)
  const available = SCENARIOS.filter((s) => known.has(s.name))
    .map((s) => ({ ...s, title: t(`scenarios.title.${s.name}`), text: t(`scenarios.blurb.${s.name}`) }));
  let current = available.find((s) => s.name === state.get('scenario', '')) || available[0];

  const { side, charts } = viewLayout(container);
  container.classList.add('scenarios-view');

  // the system list: radio buttons whose labels wrap, so no title is cut off
  const picker = document.createElement('fieldset');
  picker.className = 'scn-picker';
  const legend = document.createElement('legend');
  legend.textContent = t('scenarios.system');
  picker.append(legend);
  for (const s of available) {
    const lab = document.createElement('label');
    const r = document.createElement('input');
    r.type = 'radio';
    r.name = 'scenario-system';
    r.value = s.name;
    r.checked = s === current;
    r.addEventListener('change', () => {
      if (!r.checked) return;
      current = s;
      state.set({ scenario: s.name });
      build();
    });
    lab.append(r, document.createTextNode(` ${s.title}`));
    picker.append(lab);
  }
  const body = document.createElement('div');
  body.className = 'scn-body';
  side.append(picker, body);

  // --- the worker jobs (one worker for the plots, one for CSV exports)
  const workers = {};
  const handlers = {};
  function worker(kind) {
    if (!workers[kind]) {
      const w = startWorker('scenario.worker.js', { type: 'module' });
      w.onmessage = (e) => handlers[kind]?.(e.data);
      w.onerror = (e) => handlers[kind]?.({ type: 'failed', id: -1, message: e.message || t('scenarios.worker.failed') });
      workers[kind] = w;
    }
    return workers[kind];
  }
  let jobSeq = 0;

  let boxes = [];
  let teardown = () => {};
  function build() {
    teardown();
    boxes.forEach((b) => b.chart.destroy());
    boxes = [];
    charts.replaceChildren();
    body.replaceChildren();
    const sc = current;
    const info = core.scenario.find(sc.name);
    const values = core.scenario.params(sc.name);
    const key = (n) => `${sc.name}.${n}`;
    info.params.forEach((p, j) => { values[j] = stateParam(state, key(p.name), p, values[j], info.name); });
    const text = document.createElement('p');
    text.className = 'note';
    text.id = 'scenario-text';
    text.textContent = sc.text;
    const h = document.createElement('h3');
    h.textContent = t('scenarios.params');
    body.append(text, h);
    const controls = sc.controls.filter((n) => !(sc.overlay && sc.overlay.param === n));
    // Parameters a figure case fixes (the core's fixedByCase) are editable
    // only with case=custom; otherwise they hold their defaults and are disabled.
    const caseJ = info.params.findIndex((p) => p.name === 'case');
    const panel = paramPanel(body, info, values, controls, (name) => {
      // a control the figure case fixes is disabled: an event on it (a script
      // can still send one) is undone, never run
      const ctl = panel.byName[name];
      const input = ctl && (ctl.input || ctl.select);
      if (input && input.disabled) {
        const p = info.params.find((q) => q.name === name);
        panel.set(name, p.def);
        return;
      }
      if (name === 'case') syncCase();
      schedule();
    });
    function syncCase() {
      if (caseJ < 0) return;
      const custom = info.params[caseJ].choices[values[caseJ]] === 'custom';
      info.params.forEach((p, j) => {
        if (!p.fixedByCase) return;
        const ctl = panel.byName[p.name];
        if (!custom) panel.set(p.name, p.def);
        if (ctl) {
          ctl.setDisabled(!custom);
          const help = tParam(info.name, p.name, 'help', p.help);
          ctl.el.title = custom ? help : t('scenarios.fixedByCase', { help });
        }
        if (!custom) values[j] = p.def;
      });
    }
    syncCase();

    // run status: progress of the simulated time, Cancel
    const status = document.createElement('div');
    status.className = 'scn-status';
    const bar = document.createElement('progress');
    bar.id = 'scenario-progress';
    bar.setAttribute('aria-label', t('scenarios.progress.aria'));
    bar.max = 1;
    bar.value = 0;
    const barText = document.createElement('span');
    barText.id = 'scenario-progress-text';
    barText.setAttribute('aria-live', 'polite');
    const cancel = document.createElement('button');
    cancel.type = 'button';
    cancel.textContent = t('scenarios.cancel');
    cancel.id = 'scenario-cancel';
    cancel.disabled = true;
    status.append(bar, cancel, barText);
    const msg = messageBox();
    msg.id = 'scenario-message';
    const sum = el('div', { className: 'readout scn-summary', id: 'scenario-summary', 'aria-live': 'polite' });

    // full-rate CSV export
    const csvBtn = el('button', { type: 'button', id: 'scenario-csv', textContent: t('scenarios.csv'),
      title: t('scenarios.csv.title', { mb: CSV_LIMIT / 1048576 }) });
    const csvBar = el('progress', { 'aria-label': t('scenarios.csv.aria'), max: 1, hidden: true });
    const csvCancel = el('button', { type: 'button', textContent: t('scenarios.csv.cancel'), hidden: true });
    const csvMsg = el('div', { className: 'note', id: 'scenario-csv-status', 'aria-live': 'polite' });
    const exp = el('div', { className: 'scn-export' }, csvBtn, csvCancel, csvBar, csvMsg);
    // the run's state sits above the charts it concerns
    const run = document.createElement('section');
    run.className = 'scn-run';
    run.setAttribute('aria-label', t('scenarios.run.aria'));
    run.append(status, msg, sum);
    charts.append(run);
    body.append(exp);

    boxes = sc.plots.map((p) => chartBox(charts, {
      title: p.title, description: t('scenarios.plot.desc', { title: p.title }), height: 230,
      fileName: `${sc.name}-${p.cols.join('-')}-envelope`, xName: 't [s]',
      config: {
        type: 'line', data: { datasets: [] },
        options: {
          scales: {
            x: { type: 'linear', title: { display: true, text: 't [s]' }, },
            y: { type: 'linear', title: { display: true, text: `${p.cols.map(columnLabel).join(', ')} [${p.unit}]` } },
          },
          plugins: { legend: { position: 'bottom' } },
          elements: { point: { radius: 0 }, line: { borderWidth: 1.5 } },
        },
      },
    }));
    const envNote = document.createElement('div');
    envNote.className = 'note';
    envNote.textContent = t('scenarios.envelope', { n: BUCKETS });
    charts.append(envNote);

    // the variants of one run: the overlay's values, or the parameters alone
    function variants() {
      const list = sc.overlay ? sc.overlay.values : [null];
      const oj = sc.overlay ? info.params.findIndex((p) => p.name === sc.overlay.param) : -1;
      return list.map((v) => {
        const p = Array.from(values);
        if (oj >= 0) p[oj] = info.params[oj].choices ? info.params[oj].choices.indexOf(v) : v;
        const label = v === null ? '' : sc.overlay.label ? sc.overlay.label(v) : tChoice(v); // a choice's name in the page's language
        return { label, value: v, params: p };
      });
    }
    const durJ = info.params.findIndex((p) => p.name === 'duration');

    // ---- the plot job
    let job = null;
    let timer = 0;
    let drawPending = 0;
    // charts redraw at most every REDRAW_MS while a run streams in
    let lastDraw = 0;
    function drawSoon(now) {
      if (drawPending && !now) return;
      clearTimeout(drawPending);
      const wait = now ? 0 : Math.max(0, lastDraw + REDRAW_MS - performance.now());
      // one chart per task, so a frame can come between two redraws
      let next = 0;
      const one = () => {
        const b = boxes[next++];
        if (b) b.update();
        drawPending = next < boxes.length ? setTimeout(one, 0) : 0;
      };
      drawPending = setTimeout(() => { lastDraw = performance.now(); one(); }, wait);
    }
    function schedule() {
      stop();
      clearTimeout(timer);
      barText.textContent = t('scenarios.progress.waiting');
      timer = setTimeout(start, DEBOUNCE_MS);
    }
    function stop() {
      if (job && !job.ended) {
        worker('plot').postMessage({ type: 'cancel', id: job.id });
        job.ended = true;
      }
    }
    function start() {
      const saved = {};
      info.params.forEach((p, j) => { saved[key(p.name)] = p.choices ? p.choices[values[j]] : values[j]; });
      state.set({ scenario: sc.name, ...saved });
      const vs = variants();
      const cols = [...new Set(sc.plots.flatMap((p) => [...p.cols, ...(p.ref ? [p.ref] : [])]))];
      job = { id: ++jobSeq, vs, results: vs.map(() => null), ended: false, duration: durJ >= 0 ? values[durJ] : 0 };
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
      handlers.plot = onPlotMessage;
      worker('plot').postMessage({ type: 'plot', id: job.id, name: sc.name, buckets: BUCKETS, cols,
        variants: vs.map((v) => ({ label: v.label, params: v.params })) });
    }
    cancel.addEventListener('click', () => {
      if (!job || job.ended) return;
      worker('plot').postMessage({ type: 'cancel', id: job.id });
      cancel.disabled = true;
      barText.textContent = t('scenarios.progress.cancelling');
    });

    function onPlotMessage(m) {
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
        drawSoon();
      }
      if (m.type === 'progress') {
        bar.value = m.frac;
        const v = job.vs[m.variant];
        barText.textContent = t('scenarios.progress.run', { label: v.label ? ` ${v.label}` : '', pct: (m.frac * 100).toFixed(0),
          t: num(m.t, 4), d: num(job.duration, 4) });
      } else if (m.type === 'variant') {
        job.results[m.variant] = { last: m.last, error: m.error && tCoreOf({ message: m.error, sentence: m.sentence }), rows: m.rows, after: m.after, stuck: m.stuck };
        showResults();
        drawSoon(true);
      } else if (m.type === 'cancelled') {
        job.ended = true;
        job.results[m.variant] = { last: m.last, cancelled: true };
        cancel.disabled = true;
        const at = m.last ? m.last.t : 0;
        barText.textContent = t('scenarios.progress.cancelled', { t: num(at, 6), d: num(job.duration, 4),
          label: job.vs[m.variant].label ? ` (${job.vs[m.variant].label})` : '' });
        showResults();
        drawSoon(true);
      } else if (m.type === 'done') {
        job.ended = true;
        cancel.disabled = true;
        bar.value = 1;
        const failed = job.results.map((r, ri) => (r && r.error ? job.vs[ri].label || sc.name : null)).filter(Boolean);
        const d = num(job.duration, 6);
        barText.textContent = failed.length ? t('scenarios.progress.ended', { who: failed.join(', ') })
          : job.vs.length > 1 ? t('scenarios.progress.completeEach', { d, n: job.vs.length }) : t('scenarios.progress.complete', { d });
        showResults();
      }
    }

    function showResults() {
      const { lines, errors, tErr } = resultText(sc, job);
      sum.textContent = lines.join('\n');
      msg.hidden = errors.length === 0;
      msg.textContent = errors.join('\n');
      if (Number.isFinite(tErr)) {
        msg.textContent += clampDiverged(sc, job, boxes, tErr);
        drawSoon(true);
      }
    }

    // ---- full-rate CSV (csv.js)
    const csv = csvExport({ sc, info, values, variants, worker, handlers, nextId: () => ++jobSeq,
      ui: { csvBtn, csvBar, csvCancel, csvMsg } });

    teardown = () => {
      clearTimeout(timer);
      clearTimeout(drawPending);
      stop();
      csv.cancel();
    };
    start();
  }
  build();
  // research exports (exports.js): {"scenario": name, "params": {name: value}};
  // the params object is a file for `friction run <scenario> params=`
  exportPanel(side, {
    fileName: 'scenario',
    getParams: () => {
      const info = core.scenario.find(current.name);
      const v = core.scenario.params(current.name);
      info.params.forEach((p, j) => { v[j] = stateParam(state, `${current.name}.${p.name}`, p, v[j], info.name); });
      return { scenario: current.name, params: scenarioParamsToObject(info, v) };
    },
    setParams: (obj) => {
      if (!obj || typeof obj !== 'object' || Array.isArray(obj)) throw new Error(t('scenarios.paste.notObject'));
      const extra = Object.keys(obj).find((k) => k !== 'scenario' && k !== 'params');
      if (extra) throw new Error(t('scenarios.paste.unknownKey', { key: extra }));
      const sc = available.find((x) => x.name === obj.scenario);
      if (!sc) throw new Error(t('scenarios.paste.unknownScenario', { got: JSON.stringify(obj.scenario), list: available.map((x) => x.name).join(', ') }));
      const info = core.scenario.find(sc.name);
      const o = scenarioParamsToObject(info, scenarioParamsFromObject(core, info, obj.params ?? {}));
      reloadWithState(state, { scenario: sc.name, ...Object.fromEntries(Object.entries(o).map(([k, x]) => [`${sc.name}.${k}`, x])) });
    },
  });
  return {
    dispose() {
      teardown();
      Object.values(workers).forEach((w) => w.terminate());
      boxes.forEach((b) => b.chart.destroy());
    },
  };
}
