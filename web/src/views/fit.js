// fit.js: identification in the browser. Recorded pendulum logs (the BAM
// JSON of shared/data/bam/logs) are dropped on the view; a friction model
// M1–M6 of an actuator is fitted to them as Duclusaud & Passault §V-B do
// (minimise the mean over logs of each log's replay MAE with CMA-ES and
// BIPOP restarts, every free parameter searched in its [lo, hi]), by the
// core's engine (fric_fit.h) through the wasm wrapper.
//
// Threads: the page never evaluates a candidate. A coordinator worker
// (workers/fitCoordinator.js) runs ask/tell; N = navigator.hardwareConcurrency
// evaluation workers (workers/fitEval.js), each with its own wasm instance
// and the training batch, score the candidates of each generation; the page
// creates all of them, wires the evaluators to the coordinator with
// MessageChannels, and on Cancel terminates every one. The page only draws:
// the progress bar, the best-so-far MAE per generation, and (at most a few
// times a second) the best candidate's replay on one recorded log through
// the replay binding (core.benchReplay, the same C as `friction replay`).
//
// One definition of everything: the logs are read by replay.js's parseLog
// (the core's io rules), the motor → actuator table is replay.js's, the
// bounds, parameter keys and units are the core's table (core.fitSpace), the
// published parameters are core.fitPresetParams, the kp hold-out is
// fric_fit_split_kp (core.fitSplitKp), the alternating split is
// fric_fit_split_alternate (core.fitSplitAlternate).
import { viewLayout, messageBox } from '../layout.js';
import { numberControl, choiceControl } from '../controls.js';
import { chartBox, download, COLORS } from '../charts.js';
import { parseLog, actuatorForMotor } from '../replay.js';
import { dropZone } from '../dropZone.js';
import { fmtNumber } from '../format.js';
import { hook } from '../testHooks.js';

export const LESSON = {
  notice: 'A fit searches the parameters of one model that make the simulated pendulum follow the recorded one '
    + '(loss: the mean over the training logs of each log\'s mean |θ_sim − θ_log|). The published parameters come '
    + 'from another XL330: fitted on this servo\'s own logs, the model also follows the held-out logs better.',
  tryThis: [
    'Drop the 16 logs of shared/data/bam/logs/xl330/processed, choose "alternate" validation logs, press Fit: the '
      + 'best MAE falls while the simulated arm (blue) closes on the recorded one.',
    'At the end, compare the validation MAE of the fit and of the published preset.',
    '"Fit all models" fits M1 to M6 in turn; the bar chart is the paper\'s Fig. 5 on your servo.',
    'Untick "free" for kt and type 0.5 as its value: the fit holds kt there.',
    '"Open in bench" opens the live pendulum with the fitted parameters.',
  ],
};

const CHART_MS = 200;          // the MAE chart is redrawn at most this often while fitting
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const fmtMae = (v) => (v === null || v === undefined || Number.isNaN(v) ? '—' : !Number.isFinite(v) ? '∞' : v.toFixed(5));
const fmtNum = (v) => fmtNumber(v, { round: true, roundTest: false, expDigits: null });
const fmtTime = (s) => (s < 60 ? `${s.toFixed(1)} s` : `${Math.floor(s / 60)} min ${Math.round(s % 60)} s`);

/** Live fit workers (a test hook, window.__fx.fit.workers: the e2e test counts them after Cancel). */
const live = hook('fit', 'workers', new Set());

function el(tag, props = {}, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (k === 'dataset') Object.assign(e.dataset, v);
    else if (k in e) e[k] = v;
    else e.setAttribute(k, v);
  }
  e.append(...kids);
  return e;
}

export function mount(container, { core, state }) {
  const bench = core.scenario('bench');
  const actuators = bench.params.find((p) => p.name === 'actuator').choices;
  const presets = core.presets();
  const keys = core.fitParamKeys();
  const fitActuators = actuators.filter((a) => presets.some((p) => p.actuator === a));

  let actuator = state.get('actuator', 'xl330');
  if (!fitActuators.includes(actuator)) actuator = fitActuators[0];
  let model = Number(String(state.get('model', 'm4')).replace(/^m/, ''));
  if (!(model >= 1 && model <= 6)) model = 4;
  let budget = state.getNumber('budget', core.fitDefaults().budget);
  let seed = state.getNumber('seed', 1);
  let holdout = state.get('holdout', 'none');
  const logs = [];         // { name, text, log, kp, trajectory, motor, samples, valid }
  const edits = new Map(); // parameter key → { free, lo, hi, value }: the user's changes to the default space
  let job = null;          // the running fit: { workers, coordinator, … }
  let results = [];        // per model: the 'model-done' message

  const { side, charts } = viewLayout(container, 'Fit a friction model to your logs',
    'Drop pendulum logs of one servo, choose the validation logs, then press Fit: the parameters of the chosen '
    + 'model are searched by CMA-ES with restarts in Web Workers (one per core), scoring each candidate by the mean '
    + 'absolute angle error of its replay on every training log.');
  container.classList.add('fit-view');
  container.dataset.input = 'files';   // charts only for the logs given (tests/web/e2e.mjs)

  // ---------------------------------------------------------------- side
  const drop = el('div', { id: 'fit-drop', className: 'drop-zone' });
  const hint = el('span', {}, 'Drop one or more pendulum logs here (BAM JSON, e.g. logs/xl330/processed/*.json), or ');
  const file = el('input', { type: 'file', accept: '.json,application/json', multiple: true, id: 'fit-file' });
  file.setAttribute('aria-label', 'Choose recorded logs to fit');
  drop.append(hint, el('label', { className: 'file-pick' }, 'choose files…', file));
  const err = messageBox();
  err.id = 'fit-error';
  const warn = el('div', { className: 'msg-warn', id: 'fit-warning', role: 'status', hidden: true });
  side.append(drop, err, warn);

  const actCtl = choiceControl({ label: 'Actuator (the logs\' motor when they name one)', value: actuator,
    choices: fitActuators.map((a) => ({ value: a })), onChange: (v) => { actuator = v; save(); renderBounds(); } });
  const modelCtl = choiceControl({ label: 'Model', value: `m${model}`,
    choices: [1, 2, 3, 4, 5, 6].map((k) => ({ value: `m${k}`, label: `M${k} (${core.fitSpace(actuator, k).free.filter(Boolean).length} free parameters)` })),
    onChange: (v) => { model = Number(v.slice(1)); save(); renderBounds(); } });
  const holdCtl = choiceControl({ label: 'Validation logs', value: 'none', choices: [{ value: 'none', label: 'as ticked in the list' }],
    help: 'Which logs the fit never sees: those of one kp (the paper\'s --validation_kp), or alternate (kp index + '
      + 'trajectory index odd), or your own ticks in the list.', onChange: (v) => { holdout = v; applyHoldout(); save(); } });
  const budgetCtl = numberControl({ label: 'budget (evaluations)', min: 1, max: 1e6, value: budget, integer: true, log: true,
    sliderMin: 100, sliderMax: 1e5, help: 'Losses evaluated in all; each is one replay of every training log.',
    onInput: (v) => { budget = v; save(); } });
  const seedCtl = numberControl({ label: 'seed', min: 0, max: 2 ** 31, value: seed, integer: true, sliderMin: 0, sliderMax: 100,
    help: 'The same seed, logs and budget give the same fit, here and in `friction fit`.', onInput: (v) => { seed = v; save(); } });
  const fitBtn = el('button', { type: 'button', id: 'fit-run', className: 'primary' }, 'Fit');
  const allBtn = el('button', { type: 'button', id: 'fit-all' }, 'Fit all models');
  allBtn.title = 'M1 to M6 in order, each started from the best simpler model it contains (by training MAE)';
  const cancelBtn = el('button', { type: 'button', id: 'fit-cancel', disabled: true }, 'Cancel');
  side.append(el('h3', {}, 'Fit'), actCtl.el, modelCtl.el, holdCtl.el, budgetCtl.el, seedCtl.el,
    el('div', { className: 'row', role: 'toolbar', 'aria-label': 'Run the fit' }, fitBtn, allBtn, cancelBtn));

  function save() {
    state.set({ actuator, model: `m${model}`, budget, seed, holdout, space: spaceText() || null });
  }

  /** The edits of the search space in the URL: `key:free,lo,hi,value` joined
   *  by ';' (empty: the core's default space). */
  function spaceText() {
    return [...edits].map(([k, e]) => `${k}:${e.free ? 1 : 0},${e.lo},${e.hi},${e.value}`).join(';');
  }
  /** Reads spaceText() back; an entry that names no parameter or holds
   *  anything but four numbers (free 0 or 1) is dropped and named. */
  function readSpace(text) {
    const bad = [];
    for (const item of String(text || '').split(';').filter(Boolean)) {
      const m = /^([^:]+):(.*)$/.exec(item);
      const nums = m ? m[2].split(',').map((x) => (NUMBER.test(x.trim()) ? Number(x) : NaN)) : [];
      if (!m || !keys.some((k) => k.key === m[1]) || nums.length !== 4 || !nums.every(Number.isFinite) || !(nums[0] === 0 || nums[0] === 1)) {
        bad.push(item);
        continue;
      }
      edits.set(m[1], { free: nums[0] === 1, lo: nums[1], hi: nums[2], value: nums[3] });
    }
    return bad;
  }

  // ----------------------------------------------------------- logs list
  // the logs and the search space fold away while a fit runs (they are locked
  // then), so that its progress and charts are in view; they unfold after it
  const logsBox = el('details', { className: 'chart-box fit-logs', open: true });
  const logsHead = el('summary', {}, 'Logs');
  const logsTable = el('table', { className: 'fit-table', id: 'fit-logs' });
  const logsNote = el('p', { className: 'note', id: 'fit-logs-note' }, 'No log yet: drop some on the box at the left.');
  logsBox.append(logsHead, logsNote, logsTable);
  charts.append(logsBox);

  function kps() { return [...new Set(logs.map((l) => l.kp))].sort((a, b) => a - b); }

  function renderHoldChoices() {
    const sel = holdCtl.select;
    const opts = [['none', 'as ticked in the list'], ['alternate', 'alternate: kp index + trajectory index odd'],
      ...kps().map((k) => [`kp${k}`, `hold out kp ${k}`])];
    sel.replaceChildren(...opts.map(([v, t]) => el('option', { value: v }, t)));
    if (!opts.some(([v]) => v === holdout)) holdout = 'none';
    sel.value = holdout;
  }

  function applyHoldout() {
    if (holdout === 'alternate' && logs.length) {
      const v = core.fitSplitAlternate(logs.map((l) => l.log), logs.map((l) => l.name));
      logs.forEach((l, i) => { l.valid = v[i] === 1; });
    } else if (holdout.startsWith('kp') && logs.length) {
      const v = core.fitSplitKp(logs.map((l) => l.log), Number(holdout.slice(2)), logs.map((l) => l.name));
      logs.forEach((l, i) => { l.valid = v[i] === 1; });
    }
    renderLogs();
  }

  function renderLogs() {
    logsNote.hidden = logs.length > 0;
    logsTable.hidden = !logs.length;
    const nv = logs.filter((l) => l.valid).length;
    logsHead.textContent = logs.length ? `Logs: ${logs.length - nv} for training, ${nv} for validation` : 'Logs';
    const thead = el('thead', {}, el('tr', {}, ...['file', 'motor', 'kp', 'trajectory', 'samples', 'validation', '']
      .map((t) => el('th', { scope: 'col' }, t))));
    const tbody = el('tbody');
    logs.forEach((l, i) => {
      const box = el('input', { type: 'checkbox', checked: l.valid });
      box.setAttribute('aria-label', `${l.name}: use for validation (not for training)`);
      box.addEventListener('change', () => {
        l.valid = box.checked;
        holdout = 'none';
        holdCtl.value = 'none';
        save();
        renderLogs();
      });
      const rm = el('button', { type: 'button' }, 'remove');
      rm.setAttribute('aria-label', `Remove ${l.name}`);
      rm.addEventListener('click', () => { logs.splice(i, 1); renderHoldChoices(); applyHoldout(); });
      const tr = el('tr', { dataset: { valid: String(l.valid) } },
        el('th', { scope: 'row' }, l.name), el('td', {}, l.motor || '—'), el('td', { className: 'num' }, String(l.kp)),
        el('td', {}, l.trajectory || '—'), el('td', { className: 'num' }, String(l.samples)), el('td', {}, box), el('td', {}, rm));
      if (l.valid) tr.classList.add('valid');
      tbody.append(tr);
    });
    logsTable.replaceChildren(thead, tbody);
    lockLogs();
    renderOverlayChoices();
  }
  function lockLogs() { logsTable.querySelectorAll('button, input').forEach((b) => { b.disabled = !!job; }); }

  /** Reads and checks the files; every refusal is one sentence, the logs already there stay. */
  async function addFiles(files) {
    err.hidden = true;
    warn.hidden = true;
    const problems = [], notes = [];
    for (const f of files) {
      let text;
      try {
        text = await f.text();
      } catch (e) {
        problems.push(`${f.name}: the file could not be read (${e.message}).`);
        continue;
      }
      let log;
      try {
        log = parseLog(text, core, f.name);
      } catch (e) {
        problems.push(`${f.name}: ${e.message}`);
        continue;
      }
      if (logs.some((l) => l.name === f.name)) { notes.push(`${f.name} is already in the list.`); continue; }
      const act = actuatorForMotor(log.motor, actuators);
      const have = logs.find((l) => l.actuator);
      if (act && have && act !== have.actuator) {
        problems.push(`${f.name} was recorded on ${log.motor} but the logs in the list on ${have.motor}: a fit uses the logs of one actuator.`);
        continue;
      }
      const samples = core.checkLog(log, f.name);
      logs.push({ name: f.name, text, log, kp: log.kp, trajectory: log.trajectory, motor: log.motor, actuator: act, samples, valid: false });
      if (act && act !== actuator && fitActuators.includes(act)) {
        notes.push(`The logs were recorded on ${log.motor}: the actuator was set to ${act}.`);
        actuator = act;
        actCtl.value = act;
        save();
        renderBounds();
      } else if (!act) {
        notes.push(`${f.name} names ${log.motor === undefined ? 'no motor' : `the unknown motor "${log.motor}"`}: it is fitted as ${actuator}.`);
      }
    }
    if (problems.length) { err.textContent = problems.join(' '); err.hidden = false; }
    if (notes.length) { warn.textContent = [...new Set(notes)].join(' '); warn.hidden = false; }
    renderHoldChoices();
    applyHoldout();
  }

  file.addEventListener('change', () => { if (file.files.length) addFiles([...file.files]); file.value = ''; });
  const zone = dropZone(drop, {
    onFiles: (files) => {
      if (job) { err.textContent = 'A fit is running: cancel it or wait for its end before adding logs.'; err.hidden = false; return; }
      addFiles(files);
    },
    onStray: () => { hint.textContent = 'Those files were dropped outside this box and ignored. Drop pendulum logs here, or '; },
  });

  // ------------------------------------------------------- search space
  const boundsBox = el('details', { className: 'chart-box fit-bounds', open: true });
  const boundsSummary = el('summary', {}, 'Search space');
  const boundsTable = el('table', { className: 'fit-table', id: 'fit-bounds' });
  const boundsMsg = el('div', { className: 'ctl-msg', id: 'fit-bounds-msg', 'aria-live': 'polite' });
  const resetBounds = el('button', { type: 'button' }, 'Reset to the defaults');
  resetBounds.addEventListener('click', () => { edits.clear(); save(); renderBounds(); });
  boundsBox.append(boundsSummary, el('p', { className: 'note' }, 'Each free parameter is searched uniformly in [lo, hi] '
    + '(the bounds of Rhoban/bam, from the core\'s table); a parameter that is not free is held at its value. Typed '
    + 'values apply on Enter or when the field loses focus; Escape restores.'), boundsTable, boundsMsg, resetBounds);
  charts.append(boundsBox);

  /** The space of (actuator, model): the core's default with the user's
   *  edits. A free parameter's held value (used once it is unticked) starts
   *  at the published preset's. */
  function spaceOf(k) {
    const s = core.fitSpace(actuator, k);
    let pre = null;
    try { pre = core.fitPresetParams(actuator, k); } catch { /* none published: the core's value */ }
    keys.forEach(({ key }, i) => {
      if (pre && s.used[i] && s.free[i]) s.value[i] = pre[i];
      const e = edits.get(key);
      if (!e || !s.used[i]) return;
      s.free[i] = e.free;
      s.lo[i] = e.lo;
      s.hi[i] = e.hi;
      s.value[i] = e.value;
    });
    return s;
  }

  function renderBounds() {
    const s = spaceOf(model);
    boundsSummary.textContent = `Search space of ${actuator} M${model}: ${s.free.filter((f, i) => f && s.used[i]).length} free parameters`;
    boundsMsg.textContent = '';
    const thead = el('thead', {}, el('tr', {}, ...['parameter', 'free', 'lo', 'hi', 'value (held)', 'unit']
      .map((t) => el('th', { scope: 'col' }, t))));
    const tbody = el('tbody');
    keys.forEach(({ key, unit }, i) => {
      if (!s.used[i]) return;
      const tr = el('tr', { dataset: { key } });
      const cur = () => edits.get(key) || { free: s.free[i], lo: s.lo[i], hi: s.hi[i], value: s.value[i] };
      const free = el('input', { type: 'checkbox', checked: s.free[i] });
      free.setAttribute('aria-label', `${key}: free (searched)`);
      free.addEventListener('change', () => { commit(key, { ...cur(), free: free.checked }, null); });
      const field = (name) => {
        const inp = el('input', { type: 'text', inputMode: 'decimal', autocomplete: 'off', spellcheck: false,
          className: 'ctl-num', value: fmtNum(cur()[name]), dataset: { field: name } });
        inp.setAttribute('aria-label', `${key}: ${name === 'value' ? 'held value' : name}${unit ? ` [${unit}]` : ''}`);
        inp.addEventListener('keydown', (e) => {
          if (e.key === 'Enter') { e.preventDefault(); inp.dispatchEvent(new Event('change')); }
          else if (e.key === 'Escape') { e.preventDefault(); e.stopPropagation(); inp.value = fmtNum(cur()[name]); inp.removeAttribute('aria-invalid'); boundsMsg.textContent = ''; }
        });
        inp.addEventListener('change', () => {
          const text = inp.value.trim();
          if (!NUMBER.test(text)) {
            refuse(inp, `${key} ${name}: '${inp.value}' is not a number`, fmtNum(cur()[name]));
            return;
          }
          commit(key, { ...cur(), [name]: Number(text) }, inp);
        });
        return inp;
      };
      tr.append(el('th', { scope: 'row' }, key), el('td', {}, free), el('td', {}, field('lo')), el('td', {}, field('hi')),
        el('td', {}, field('value')), el('td', { className: 'unit' }, unit || '—'));
      if (!s.free[i]) tr.classList.add('held');
      tbody.append(tr);
    });
    boundsTable.replaceChildren(thead, tbody);
    boundsTable.querySelectorAll('input').forEach((x) => { x.disabled = !!job; });
  }

  function refuse(inp, why, kept) {
    if (inp) inp.setAttribute('aria-invalid', 'true');
    boundsMsg.textContent = `${why}; keeping ${kept}.`;
  }

  /** Applies an edit when the core accepts the space (fric_fit_space_check), else refuses it in place. */
  function commit(key, e, inp) {
    const before = edits.get(key);
    edits.set(key, e);
    const problem = core.fitSpaceProblem(model, spaceOf(model));
    if (problem) {
      if (before) edits.set(key, before); else edits.delete(key);
      const name = inp ? inp.dataset.field : 'free';
      renderBounds();
      const again = boundsTable.querySelector(`tr[data-key="${key}"] [data-field="${name}"]`);
      refuse(again, problem.message.replace(/\.$/, ''), 'the previous value');
      if (again) again.focus();
      return;
    }
    save();
    renderBounds();
  }

  // ----------------------------------------------------------- progress
  const progBox = el('section', { className: 'chart-box fit-progress', id: 'fit-progress-box', 'aria-label': 'Progress of the fit' });
  const bar = el('progress', { id: 'fit-progress', max: 1, value: 0 });
  bar.setAttribute('aria-label', 'Evaluations done of the budget');
  const progText = el('div', { className: 'readout', id: 'fit-progress-text', 'aria-live': 'off' }, 'No fit yet.');
  progBox.append(el('h3', {}, 'Progress'), bar, progText);
  charts.append(progBox);

  const maeChart = chartBox(charts, {
    title: 'Best training MAE per generation',
    description: 'Line chart: the best training MAE found so far, per CMA-ES generation, one line per model',
    height: 220,
    fileName: 'fit-mae',
    xName: 'generation',
    config: {
      type: 'line',
      data: { datasets: [] },
      options: {
        scales: { x: { type: 'linear', title: { display: true, text: 'generation' } },
          y: { type: 'linear', title: { display: true, text: 'best training MAE [rad]' } } },
        plugins: { legend: { position: 'bottom' } },
        elements: { point: { radius: 0 }, line: { borderWidth: 2 } },
      },
    },
  });
  const overlayHead = el('div', { className: 'ctl-choice fit-overlay-pick' });
  const overlaySel = el('select', { id: 'fit-overlay-log' });
  overlaySel.setAttribute('aria-label', 'The recorded log the best candidate is replayed on');
  overlayHead.append(overlaySel);
  const overlay = chartBox(charts, {
    title: 'Best candidate replayed on a recorded log',
    description: 'Recorded joint angle of the chosen log and the angle simulated with the best parameters so far',
    height: 220,
    fileName: 'fit-replay',
    xName: 't [s]',
    config: {
      type: 'line',
      data: { datasets: [] },
      options: {
        scales: { x: { type: 'linear', title: { display: true, text: 't [s]' } }, y: { type: 'linear', title: { display: true, text: 'angle [rad]' } } },
        plugins: { legend: { position: 'bottom' }, decimation: { enabled: true, algorithm: 'min-max' } },
        elements: { point: { radius: 0 }, line: { borderWidth: 1.5 } },
      },
    },
  });
  overlay.head.append(overlayHead);
  const overlayNote = el('div', { className: 'readout', id: 'fit-overlay-note' });
  overlay.box.append(overlayNote);

  function renderOverlayChoices() {
    const cur = overlaySel.value;
    overlaySel.replaceChildren(...logs.map((l, i) => el('option', { value: String(i) },
      `${l.name} (kp ${l.kp}, ${l.trajectory || '—'}, ${l.valid ? 'validation' : 'training'})`)));
    if (cur !== '' && logs[Number(cur)]) overlaySel.value = cur;
    else {
      const first = logs.findIndex((l) => !l.valid);
      overlaySel.value = String(Math.max(0, first));
    }
  }
  // While a fit runs, the coordinator replays the best candidate on the
  // chosen log (off this thread) and sends the series; after it, a change of
  // log is replayed here once.
  let lastBest = null;   // { p, model, loss }
  overlaySel.addEventListener('change', () => {
    if (job) job.coordinator.postMessage({ type: 'overlay', index: Number(overlaySel.value) });
    else if (lastBest) {
      const l = logs[Number(overlaySel.value)];
      if (!l) return;
      try {
        const r = core.benchReplay(core.fitBenchParams(lastBest.p, actuator, lastBest.model), l.log, l.name);
        drawTrace({ ...r, model: lastBest.model, index: Number(overlaySel.value) });
      } catch (e) {
        drawTrace({ error: e.message, model: lastBest.model, index: Number(overlaySel.value) });
      }
    }
  });

  /** Draws a replay of the best candidate: { t, logQ, goal, simQ, mae, model, index } or { error }. */
  function drawTrace(r) {
    const l = logs[r.index];
    if (!l) return;
    if (r.error) {
      overlayNote.textContent = `The best candidate could not be replayed on ${l.name}: ${r.error}`;
      return;
    }
    const pts = (xs, ys) => Array.from(xs, (x, i) => ({ x, y: ys[i] }));
    overlay.chart.data.datasets = [
      { label: `recorded θ (${l.name})`, data: pts(r.t, r.logQ), borderColor: '#2b3440' },
      { label: `simulated θ, best M${r.model} so far`, data: pts(r.t, r.simQ), borderColor: COLORS[0] },
      { label: 'goal', data: pts(r.t, r.goal), borderColor: '#888', borderDash: [4, 3], borderWidth: 1 },
    ];
    overlay.update();
    overlayNote.textContent = `${l.name} (${l.valid ? 'validation' : 'training'}): MAE ${fmtMae(r.mae)} rad of the best M${r.model} candidate`;
    overlayNote.dataset.mae = String(r.mae);
  }

  // ------------------------------------------------------------- results
  const resBox = el('section', { className: 'chart-box fit-result', id: 'fit-result', 'aria-label': 'Result of the fit', hidden: true });
  charts.append(resBox);
  const allBox = el('section', { className: 'chart-box fit-all', id: 'fit-all-result', 'aria-label': 'Fit all models: validation MAE per model', hidden: true });
  const allTable = el('table', { className: 'fit-table', id: 'fit-all-table' });
  allBox.append(el('h3', {}, 'All models: training and validation MAE (the paper\'s Fig. 5)'), allTable);
  charts.append(allBox);
  const bars = chartBox(charts, {
    title: 'Validation MAE per model',
    description: 'Bar chart of the validation MAE of the published and of the fitted parameters for each model M1 to M6',
    height: 200,
    fileName: 'fit-validation-mae',
    xName: 'model',
    config: {
      type: 'bar',
      data: { labels: [], datasets: [] },
      options: {
        parsing: true,
        scales: { x: { type: 'category' }, y: { type: 'linear', beginAtZero: true, title: { display: true, text: 'validation MAE [rad]' } } },
        plugins: { legend: { position: 'bottom' } },
      },
    },
  });
  bars.box.hidden = true;

  /** The params file of a result: the model's keys (kt, R, armature,
   *  q_offset, then its coefficients in table order), model, actuator: the
   *  flat format of shared/data/bam/params and `friction fit --out`. */
  function paramsObject(r) {
    const used = core.fitParamUsed(r.model);
    const o = {};
    keys.forEach(({ key }, i) => { if (used[i]) o[key] = r.best[i]; });
    o.model = `m${r.model}`;
    o.actuator = r.actuator;
    return o;
  }
  const paramsText = (r) => `${JSON.stringify(paramsObject(r), null, 4)}\n`;

  function benchUrl(r) {
    const q = new URLSearchParams({ view: 'pendulum', 'pendulum.actuator': r.actuator, 'pendulum.model': `m${r.model}` });
    const used = core.fitParamUsed(r.model);
    keys.forEach(({ key }, i) => { if (used[i]) q.set(`pendulum.${key}`, String(r.best[i])); });
    return `?${q}`;
  }
  function driveUrl(r) {
    const index = presets.findIndex((p) => p.actuator === r.actuator && p.model === r.model);
    if (index < 0) return null;
    const q = new URLSearchParams({ view: 'drive', 'drive.preset': String(index) });
    const coefs = core.servoCoefs().slice(1);
    const o = paramsObject(r);
    coefs.forEach((c) => { if (c.models.includes(r.model) && c.key in o) q.set(`drive.${c.field}`, String(o[c.key])); });
    return `?${q}`;
  }

  function showResult(r) {
    resBox.hidden = false;
    let preset = null;
    try { preset = core.fitPresetParams(r.actuator, r.model); } catch { /* none published */ }
    const used = core.fitParamUsed(r.model);
    const rows = keys.map(({ key, unit }, i) => (used[i]
      ? el('tr', { dataset: { key } }, el('th', { scope: 'row' }, key), el('td', { className: 'unit' }, unit || '—'),
        el('td', { className: 'num' }, preset ? fmtNum(preset[i]) : '—'), el('td', { className: 'num', dataset: { value: String(r.best[i]) } }, fmtNum(r.best[i])))
      : null)).filter(Boolean);
    const mae = (label, pub, fit, id) => el('tr', { className: 'mae', id },
      el('th', { scope: 'row' }, label), el('td', { className: 'unit' }, 'rad'),
      el('td', { className: 'num', dataset: { mae: String(pub) } }, fmtMae(pub)), el('td', { className: 'num', dataset: { mae: String(fit) } }, fmtMae(fit)));
    const table = el('table', { className: 'fit-table', id: 'fit-result-table' },
      el('thead', {}, el('tr', {}, ...['parameter', 'unit', 'published', 'fitted'].map((t) => el('th', { scope: 'col' }, t)))),
      el('tbody', {}, ...rows, mae('training MAE', r.presetTrain, r.train, 'fit-train-mae'),
        mae('validation MAE', r.presetValid, r.valid, 'fit-valid-mae')));
    const dl = el('button', { type: 'button', id: 'fit-download' }, 'Download params file');
    dl.title = 'The flat parameter file (the keys of shared/data/bam/params, as `friction fit --out` writes it)';
    dl.addEventListener('click', () => download(`fit-${r.actuator}-m${r.model}.json`,
      URL.createObjectURL(new Blob([paramsText(r)], { type: 'application/json' }))));
    const copy = el('button', { type: 'button', id: 'fit-copy' }, 'Copy as JSON');
    const out = el('textarea', { className: 'export-text', id: 'fit-json', readOnly: true, rows: 8, hidden: true });
    out.setAttribute('aria-label', 'The fitted parameters as JSON');
    const status = el('div', { className: 'note', role: 'status' });
    copy.addEventListener('click', async () => {
      out.value = paramsText(r);
      out.hidden = false;
      let copied = false;
      try {
        if (navigator.clipboard && window.isSecureContext) { await navigator.clipboard.writeText(out.value); copied = true; }
      } catch { /* not allowed here: the text stays selectable */ }
      status.textContent = copied ? 'Copied to the clipboard (also shown below).' : 'The JSON is below, selected: press Ctrl+C to copy it.';
      if (!copied) { out.focus(); out.select(); }
    });
    const link = (text, href, id, title) => {
      const a = el('a', { className: 'button', id, href: href || '#', target: '_blank', rel: 'noopener' }, text);
      a.title = title;
      if (!href) { a.setAttribute('aria-disabled', 'true'); a.removeAttribute('href'); }
      return a;
    };
    const stopNote = r.stop ? ` Stopped: ${r.stop}.` : '';
    const fromNote = r.from ? ` Started from the fitted M${r.from}.` : '';
    resBox.replaceChildren(el('h3', {}, `Fitted ${r.actuator} M${r.model} beside the published parameters`),
      el('p', { className: 'note' }, `${r.evals} evaluations in ${r.generations} generations, ${fmtTime(r.seconds)}.${fromNote}${stopNote} `
        + `Training on ${r.nTrain} logs, validation on ${r.nValid}${r.nValid ? '' : ' (none chosen: the validation row shows —)'}.`),
      table,
      el('div', { className: 'row' }, dl, copy,
        link('Open in bench', benchUrl(r), 'fit-open-bench', 'The live pendulum view with these parameters (a new tab)'),
        link('Open in drive', driveUrl(r), 'fit-open-drive', 'The drive/backdrive diagram with these friction coefficients (a new tab)')),
      status, out);
  }

  function renderAll() {
    allBox.hidden = results.length < 2 && !job?.chain;
    if (allBox.hidden) { bars.box.hidden = true; return; }
    const thead = el('thead', {}, el('tr', {}, ...['model', 'train MAE published', 'train MAE fitted', 'valid MAE published',
      'valid MAE fitted', 'evaluations', ''].map((t) => el('th', { scope: 'col' }, t))));
    const tbody = el('tbody', {}, ...results.map((r) => {
      const b = el('button', { type: 'button' }, 'details');
      b.setAttribute('aria-label', `Show the fitted M${r.model} parameters`);
      b.addEventListener('click', () => showResult(r));
      return el('tr', { dataset: { model: `m${r.model}` } }, el('th', { scope: 'row' }, `M${r.model}`),
        ...[r.presetTrain, r.train, r.presetValid, r.valid].map((v) => el('td', { className: 'num', dataset: { mae: String(v) } }, fmtMae(v))),
        el('td', { className: 'num' }, String(r.evals)), el('td', {}, b));
    }));
    allTable.replaceChildren(thead, tbody);
    bars.box.hidden = false;
    bars.chart.data.labels = results.map((r) => `M${r.model}`);
    bars.chart.data.datasets = [
      { label: 'published', data: results.map((r) => r.presetValid), backgroundColor: '#9aa4b2' },
      { label: 'fitted', data: results.map((r) => r.valid), backgroundColor: COLORS[0] },
    ];
    bars.update();
  }

  // ----------------------------------------------------------------- run
  function setRunning(on) {
    fitBtn.disabled = on;
    allBtn.disabled = on;
    cancelBtn.disabled = !on;
    actCtl.setDisabled(on);
    modelCtl.setDisabled(on);
    holdCtl.setDisabled(on);
    budgetCtl.setDisabled(on);
    seedCtl.setDisabled(on);
    drop.classList.toggle('disabled', on);
    if (on) container.dataset.fit = 'running';
    lockLogs();
    boundsTable.querySelectorAll('input').forEach((x) => { x.disabled = on; });
  }

  function stopWorkers() {
    if (!job) return;
    job.folded.forEach((d) => { d.open = true; });
    job.workers.forEach((w) => { w.terminate(); live.delete(w); });
    job = null;
  }

  function fail(message) {
    stopWorkers();
    setRunning(false);
    container.dataset.fit = 'failed';
    err.textContent = message;
    err.hidden = false;
  }

  function start(chain) {
    err.hidden = true;
    if (!logs.length) { fail('Drop at least one log first: a fit needs recorded logs to train on.'); return; }
    const train = [], valid = [];
    logs.forEach((l, i) => (l.valid ? valid : train).push(i));
    if (!train.length) {
      fail(`All ${logs.length} logs are marked for validation: untick at least one (or choose another hold-out) to train on.`);
      return;
    }
    const models = chain ? [1, 2, 3, 4, 5, 6] : [model];
    let runs;
    try {
      runs = models.map((k) => {
        const space = spaceOf(k);
        const problem = core.fitSpaceProblem(k, space);
        if (problem) throw new Error(`M${k}: ${problem.message}`);
        return { model: k, space: { lo: Array.from(space.lo), hi: Array.from(space.hi), free: space.free, value: Array.from(space.value) } };
      });
      models.forEach((k) => core.fitPresetParams(actuator, k));
    } catch (e) {
      fail(`The search space is not usable: ${e.message}`);
      return;
    }
    const W = Math.max(1, Math.min(64, navigator.hardwareConcurrency || 2));
    const texts = logs.map((l) => l.text), names = logs.map((l) => l.name);
    const coordinator = new Worker('fitCoordinator.worker.js', { type: 'module' });
    const workers = [coordinator];
    const ports = [];
    for (let k = 0; k < W; k++) {
      const w = new Worker('fitEval.worker.js', { type: 'module' });
      workers.push(w);
      const ch = new MessageChannel();
      w.postMessage({ type: 'init', port: ch.port1, logs: train.map((i) => texts[i]), sources: train.map((i) => names[i]) }, [ch.port1]);
      ports.push(ch.port2);
    }
    workers.forEach((w) => {
      live.add(w);
      w.onerror = (e) => fail(`The fit stopped: a worker failed (${e.message || 'no message'}).`);
    });
    const folded = [logsBox, boundsBox].filter((d) => d.open);
    folded.forEach((d) => { d.open = false; });
    job = { folded, workers, coordinator, chain, t0: performance.now(), runs: models, nTrain: train.length, nValid: valid.length, W };
    results = [];
    resBox.hidden = true;
    allBox.hidden = true;
    bars.box.hidden = true;
    lastBest = null;
    maeChart.chart.data.datasets = [];
    maeChart.update();
    bar.value = 0;
    delete progText.dataset.evals;
    delete progText.dataset.best;
    progText.textContent = `Starting ${W} evaluation worker${W > 1 ? 's' : ''} and the coordinator…`;
    container.dataset.workers = String(W);
    setRunning(true);
    progBox.scrollIntoView({ block: 'nearest' });
    const thisJob = job;
    // the chart is redrawn at most every CHART_MS (a frame of the page stays short)
    let chartQueued = false, chartAt = 0;
    const queueChart = () => {
      if (chartQueued) return;
      chartQueued = true;
      setTimeout(() => requestAnimationFrame(() => {
        chartQueued = false;
        chartAt = performance.now();
        if (job === thisJob) maeChart.update();
      }), Math.max(0, CHART_MS - (performance.now() - chartAt)));
    };
    coordinator.onmessage = (e) => {
      if (job !== thisJob) return;
      const m = e.data;
      if (m.type === 'ready') {
        container.dataset.readySeconds = String((performance.now() - job.t0) / 1000);
        progText.textContent = `${m.workers} evaluation workers hold the ${train.length} training logs (${m.steps} steps per evaluation); fitting…`;
      } else if (m.type === 'progress') {
        const idx = job.runs.indexOf(m.model);
        bar.value = (idx + Math.min(1, m.evals / m.budget)) / job.runs.length;
        const elapsed = (performance.now() - job.t0) / 1000;
        const frac = bar.value;
        const eta = frac > 0.02 ? elapsed * (1 - frac) / frac : NaN;
        progText.textContent = `M${m.model}${job.runs.length > 1 ? ` (${idx + 1} of ${job.runs.length})` : ''}: ${m.evals} / ${m.budget} evaluations, `
          + `generation ${m.generation} (restart ${m.run}, λ = ${m.lambda}), best training MAE ${fmtMae(m.bestLoss)} rad; `
          + `${fmtTime(elapsed)} elapsed${Number.isFinite(eta) ? `, about ${fmtTime(eta)} left` : ''}`;
        progText.dataset.evals = String(m.evals);
        progText.dataset.best = String(m.bestLoss);
        let ds = maeChart.chart.data.datasets.find((d) => d.model === m.model);
        if (!ds) {
          ds = { label: `M${m.model}`, model: m.model, data: [], borderColor: COLORS[(m.model - 1) % COLORS.length] };
          maeChart.chart.data.datasets.push(ds);
        }
        if (Number.isFinite(m.bestLoss)) ds.data.push({ x: m.generation, y: m.bestLoss });
        queueChart();
        if (Number.isFinite(m.bestLoss)) lastBest = { p: m.best, model: m.model, loss: m.bestLoss };
      } else if (m.type === 'trace') {
        drawTrace(m);
      } else if (m.type === 'model-done') {
        maeChart.update();
        const r = { ...m, actuator, nTrain: job.nTrain, nValid: job.nValid };
        results.push(r);
        lastBest = { p: m.best, model: m.model, loss: m.train };
        if (!job.chain) showResult(r);
        renderAll();
      } else if (m.type === 'done') {
        const seconds = (performance.now() - job.t0) / 1000;
        bar.value = 1;
        const last = results[results.length - 1];
        progText.textContent = `Done: ${results.length > 1 ? `${results.length} models` : `M${last.model}`} in ${fmtTime(seconds)} `
          + `with ${job.W} evaluation workers; ${results.reduce((n, r) => n + r.evals, 0)} evaluations.`;
        container.dataset.seconds = String(seconds);
        container.dataset.evalSeconds = String(m.evalSeconds);
        container.dataset.workerSeconds = String(m.seconds);
        const { chain: wasChain } = job;
        stopWorkers();
        setRunning(false);
        container.dataset.fit = 'done';
        if (wasChain) {
          const best = results.filter((r) => Number.isFinite(r.valid)).reduce((a, b) => (!a || b.valid < a.valid ? b : a), null);
          showResult(best || results[results.length - 1]);
        }
      } else if (m.type === 'failed') {
        fail(`The fit stopped: ${m.message}`);
      }
    };
    coordinator.postMessage({ type: 'start', ports, logs: texts, sources: names, train, valid, actuator, runs, budget, seed, chain,
      overlay: Math.max(0, Number(overlaySel.value) || 0) }, ports);
  }

  fitBtn.addEventListener('click', () => start(false));
  allBtn.addEventListener('click', () => start(true));
  cancelBtn.addEventListener('click', () => {
    if (!job) return;
    stopWorkers();
    setRunning(false);
    container.dataset.fit = 'cancelled';
    progText.textContent += ' — cancelled: every worker was stopped; nothing else changed.';
  });

  renderHoldChoices();
  // the search space of the URL (shared links keep the user's bounds)
  const badSpace = readSpace(state.get('space', ''));
  const spaceProblem = edits.size ? core.fitSpaceProblem(model, spaceOf(model)) : null;
  if (spaceProblem) edits.clear();
  renderBounds();
  if (badSpace.length || spaceProblem) {
    boundsMsg.textContent = spaceProblem
      ? `The search space in the link is not usable (${spaceProblem.message.replace(/\.$/, '')}); using the defaults.`
      : `Ignored in the link's search space: ${badSpace.join('; ')} (each entry is key:free,lo,hi,value with free 0 or 1).`;
  }
  if (badSpace.length || spaceProblem) save();
  renderLogs();
  container.dataset.fit = 'idle';
  return {
    dispose() {
      stopWorkers();
      zone.dispose();
      maeChart.chart.destroy();
      overlay.chart.destroy();
      bars.chart.destroy();
    },
  };
}
