// scenarios/index.js: the systems of the papers, each run to its end in a Web
// Worker (workers/scenario.js, its own wasm instance) with a progress bar and
// a Cancel button, plotted as a min-max envelope per time bucket (every
// extreme of every step kept) with an overlay (three laws, two step sizes, or
// the naive treatments against the implicit one), and a paragraph on what to
// look at. Parameters come from the core's own descriptions. Roles:
// catalogue.js (the systems, the lesson), controls.js (a system's parameter
// controls), panels.js (a run's status, CSV and chart panels), plot.js (the
// plot job), results.js (the summary of a run), csv.js (the full-rate CSV);
// this file builds the view for the system picked.
import { t } from '../../i18n/index.js';
import { viewLayout } from '../../layout.js';
import { exportPanel, scenarioParamsToObject, scenarioParamsFromObject, reloadWithState } from '../../exports.js';
import { stateParam } from '../../refusal.js';
import { SCENARIOS } from './catalogue.js';
import { csvExport } from './csv.js';
import { scenarioControls } from './controls.js';
import { runPanels } from './panels.js';
import { variants, plotJob, schedule, start, stop } from './plot.js';
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
    // the run: its system, values, panels and plot job (plot.js)
    const r = { sc, info, values, key, state, worker, handlers, nextId: () => ++jobSeq };
    scenarioControls(body, r, () => schedule(r));
    Object.assign(r, runPanels(charts, body, sc));
    boxes = r.boxes;
    plotJob(r);

    // ---- full-rate CSV (csv.js)
    const { csvBtn, csvBar, csvCancel, csvMsg } = r.ui;
    const csv = csvExport({ sc, info, values, variants: () => variants(r), worker, handlers, nextId: r.nextId,
      ui: { csvBtn, csvBar, csvCancel, csvMsg } });

    teardown = () => {
      clearTimeout(r.timer);
      clearTimeout(r.drawPending);
      stop(r);
      csv.cancel();
    };
    start(r);
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
