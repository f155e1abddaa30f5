// replay.js: a recorded pendulum log replayed under every friction model
// M1–M6 at once, scored as the paper's identification scores it (the mean
// absolute error of the joint angle, Duclusaud & Passault §V-B; the core's
// fric_bench_replay through core.bench.replay).
//
// What the panel does with a dropped or chosen file:
//   1. parseLog: JSON.parse, then the core's io rules (core.io.checkLog, the same
//      C as `friction replay`); the core's error code, field and entry become
//      one sentence ("Entry 12 has no `position`.") and clear the last result;
//   2. the log's `motor` names the actuator (core.bench.actuatorOf, the
//      core's one table of log motor names, the CLI's); when it differs from the view's, the view is
//      switched and a warning says so; an unknown motor is a warning too;
//   3. replayModels: six core.bench.replay calls, model m1..m6 with every
//      coefficient and kt, R, armature, q_offset at that model's identified
//      preset (params/<actuator>/m<k>.json), the view's treatment and Karnopp
//      band; mass, length, kp, vin and dt come from the log's header;
//      and one more, "on screen": the view's own bench vector as it is (the
//      parameters in use: a fit opened in the bench, edited coefficients, its
//      q_offset), the view's model, same treatment, header values from the log;
//   4. a table (MAE rad, MAE °, max error °), a bar chart of MAE per model,
//      and the recorded vs simulated angle of the best (or chosen) model.
// The six replays of a 6 s log take a few ms in all (the e2e test measures
// it), so they run on the main thread: no Worker, no progress bar.
import { modelBarsBox, angleOverlayBox, COLORS } from './charts.js';
import { dropZone } from './dropZone.js';
import { el } from './dom.js';
import { sig3, maeText } from './format.js';

/** The core's condition in a range refusal ('"mass" = -1 must be finite and
 *  > 0 (kg).'), without its 'log NAME: entry K: ' prefix. */
const rangeOf = (message) => String(message).replace(/^log .*?: (entry \d+: )?(?=")/, '');

/** One sentence for a log the core refused (core.io.checkLog's Error: code,
 *  field, entry; the codes are fric_io.h's). No message text is parsed. */
export function logSentence(e) {
  const at = e.entry >= 0 ? `Entry ${e.entry}` : null;
  const f = `\`${e.field}\``;
  switch (e.code) {
    case 'not_object': return 'The file is JSON but not a log: expected an object with mass, length, kp and entries.';
    case 'missing': return e.field === 'entries' ? 'The log is missing the field `entries` (the list of samples).'
      : at ? `${at} has no ${f}.` : `The log is missing the header field ${f}.`;
    case 'type': return e.field === 'entries' && !at ? 'The field `entries` must be a list of samples.'
      : e.field === 'entries' ? `${at} is not a sample object.`
        : at ? `${at}: ${f} has the wrong type (${e.field === 'torque_enable' ? 'true/false' : 'a number'} expected).`
          : `The header field ${f} has the wrong type.`;
    case 'unknown_key': return at ? `${at} has the unknown field ${f}.` : `The log has the unknown header field ${f}.`;
    case 'range': return `${at ? `${at}: ${f}` : `The header field ${f}`} is out of range: ${rangeOf(e.message)}`;
    case 'too_few': return 'The log has too few samples for a replay.';
    case 'order': return `The timestamps are not increasing at entry ${e.entry}.`;
    case 'dt': return `The timestamps contradict the header's \`dt\` at entry ${e.entry}.`;
    case 'speed_mixed': return `${at}: \`speed\` is given in some entries and not in others.`;
    default: return `The log was refused: ${e.message}`;
  }
}

/** The log in `text` (a BAM log JSON), parsed by JSON.parse and checked by
 *  the core (core.io.checkLog); throws an Error whose message is one sentence
 *  naming what is wrong, and whose detail is the core's own message. */
export function parseLog(text, core, name = 'log') {
  let log;
  try {
    log = JSON.parse(text);
  } catch {
    const head = String(text).trimStart().slice(0, 1);
    throw new Error(head === '{' || head === '['
      ? 'The file is not valid JSON (it starts like JSON but is cut off or malformed).'
      : 'The file is not JSON: a log is a JSON object such as logs/xl330/processed/*.json.');
  }
  try {
    core.io.checkLog(log, name);
  } catch (e) {
    if (e.code === undefined) throw e;
    const out = new Error(logSentence(e));
    out.detail = e.message;
    throw out;
  }
  return log;
}

/** One sentence for a core error of a replay under model `model` ("m3"). */
export function coreSentence(message, model) {
  const m = String(message).replace(/^replay: /, '');
  if (/left the finite range/.test(m)) return `Under ${model.toUpperCase()} the simulation diverged: ${m}`;
  if (/no identified preset/.test(m)) return `no identified ${model.toUpperCase()} for this actuator`;
  return `The log was refused: ${m.charAt(0).toUpperCase()}${m.slice(1)}`;
}

/** Parameter j of the bench uses "-1 = the preset's value". */
const isPresetParam = (p) => (p.preset !== undefined ? p.preset === 1 || p.preset === true : p.def === -1);

/**
 * Replays `log` under m1..m6: rows [{ model, mae, maxErr, samples, res, error }]
 * (res: the core's result with t, simQ, logQ; error: a sentence when that model
 * could not be replayed, e.g. no preset). values: the view's bench vector
 * (treatment and karnopp_eps are used); actuator: a choice name.
 */
export function replayModels(core, info, values, log, actuator) {
  const idx = (name) => info.params.findIndex((p) => p.name === name);
  const models = info.params[idx('model')].choices;
  const presets = core.bench.presets();
  return models.map((model, mi) => {
    const pre = presets.find((p) => p.actuator === actuator && p.model === mi + 1);
    if (!pre) return { model, error: `no identified ${model.toUpperCase()} for ${actuator}` };
    const p = Float64Array.from(values);
    p[idx('actuator')] = info.params[idx('actuator')].choices.indexOf(actuator);
    p[idx('model')] = mi;
    info.params.forEach((q, j) => { if (isPresetParam(q)) p[j] = -1; });
    p[idx('q_offset')] = pre.servo.q_offset;
    try {
      const res = core.bench.replay(p, log, 'log');
      return { model, mae: res.mae, maxErr: res.maxErr, samples: res.samples, res };
    } catch (e) {
      return { model, error: coreSentence(e.message, model) };
    }
  });
}

/** The replay of `log` with the bench vector `values` as it is (the
 *  parameters on screen; kp, mass, length, vin and dt from the log): a row
 *  { model: 'on-screen', label, mae, maxErr, samples, res } or { …, error }. */
export function replayOnScreen(core, info, values, log) {
  const model = info.params.find((p) => p.name === 'model').choices[values[info.params.findIndex((p) => p.name === 'model')]];
  const label = `on screen (${model.toUpperCase()})`;
  try {
    const res = core.bench.replay(values, log, 'log');
    return { model: 'on-screen', label, mae: res.mae, maxErr: res.maxErr, samples: res.samples, res };
  } catch (e) {
    return { model: 'on-screen', label, error: coreSentence(e.message, model) };
  }
}
const labelOf = (r) => r.label || r.model.toUpperCase();

const DEG = 180 / Math.PI;

/** The last log given to the panel ({ name, text }), kept for the page's life:
 *  the view is mounted again at a tab switch or Back/Forward, and replays it
 *  again (with the parameters then on screen) instead of losing it. */
let keptLog = null;

/**
 * replayPanel(parent, { core, info, values: () => Float64Array (the view's
 * bench vector), treatment: () => name, actuator: () => name,
 * selectActuator(name, log) }) → { dispose(), replayText(name, text) }.
 */
export function replayPanel(parent, { core, info, values, treatment, actuator, selectActuator }) {
  const actuators = info.params.find((p) => p.name === 'actuator').choices;
  const file = el('input', { type: 'file', accept: '.json,application/json', 'aria-label': 'Choose a recorded log to replay' });
  const hint = el('span', { textContent: 'Drop a pendulum log here (BAM JSON, e.g. logs/xl330/processed/*.json), or ' });
  const drop = el('div', { id: 'log-drop', className: 'drop-zone', dataset: { dropzone: 'log' } }, hint,
    el('label', { className: 'file-pick', textContent: 'choose a file…' }, file));
  const warn = el('div', { className: 'msg-warn', id: 'replay-warning', role: 'status', hidden: true });
  const err = el('div', { className: 'msg-bad', id: 'replay-error', role: 'alert', hidden: true });
  const out = el('div', { className: 'readout', id: 'replay-result', 'aria-live': 'polite' });
  const table = el('table', { className: 'replay-table', id: 'replay-table', hidden: true });
  const onNote = el('div', { className: 'note', id: 'replay-onscreen-note', hidden: true });
  const box = el('section', { className: 'chart-box replay', 'aria-label': 'Replay a recorded log against M1 to M6' },
    el('h3', { textContent: 'Replay a recorded log against M1–M6' }), drop, warn, err, out, table, onNote);
  parent.append(box);

  const bars = modelBarsBox(parent, {
    title: 'Replay: MAE per friction model',
    description: 'Bar chart of the mean absolute angle error of the replay under each model M1 to M6',
    height: 180, fileName: 'replay-mae', yText: 'MAE [°]', legend: { display: false },
  });
  const overlay = angleOverlayBox(parent, {
    title: 'Replay: recorded and simulated angle',
    description: 'Recorded joint angle of the log and the angle simulated under the selected model',
    fileName: 'replay',
  });
  bars.box.hidden = true;
  overlay.box.hidden = true;

  let rows = [];
  let shownModel = null;
  let fileName = '';

  function clear() {
    rows = [];
    table.hidden = true;
    onNote.hidden = true;
    table.replaceChildren();
    out.textContent = '';
    delete out.dataset.mae;
    delete out.dataset.ms;
    bars.chart.data.labels = [];
    bars.chart.data.datasets = [];
    bars.update();
    overlay.chart.data.datasets = [];
    overlay.update();
    bars.box.hidden = true;
    overlay.box.hidden = true;
  }

  function showOverlay(model) {
    const r = rows.find((x) => x.model === model && x.res);
    if (!r) return;
    shownModel = model;
    const pts = (xs, ys) => Array.from(xs, (x, i) => ({ x, y: ys[i] }));
    overlay.chart.data.datasets = [
      { label: 'recorded θ', data: pts(r.res.t, r.res.logQ), borderColor: '#2b3440' },
      { label: `simulated θ (${labelOf(r)})`, data: pts(r.res.t, r.res.simQ), borderColor: COLORS[0] },
      { label: 'goal', data: pts(r.res.t, r.res.goal), borderColor: '#888', borderDash: [4, 3], borderWidth: 1 },
    ];
    overlay.box.hidden = false;
    overlay.update();
    table.querySelectorAll('tbody tr').forEach((tr) => {
      const on = tr.dataset.model === model;
      tr.classList.toggle('shown', on);
      const b = tr.querySelector('button');
      if (b) b.setAttribute('aria-pressed', String(on));
    });
  }

  function render(best) {
    const thead = document.createElement('thead');
    thead.innerHTML = '<tr><th scope="col">model</th><th scope="col">MAE [rad]</th><th scope="col">MAE [°]</th>'
      + '<th scope="col">max error [°]</th><th scope="col"><span class="sr-only">plot</span></th></tr>';
    const tbody = document.createElement('tbody');
    for (const r of rows) {
      const tr = document.createElement('tr');
      tr.dataset.model = r.model;
      const cell = (text, cls) => {
        const td = document.createElement('td');
        td.textContent = text;
        if (cls) td.className = cls;
        tr.append(td);
        return td;
      };
      const th = document.createElement('th');
      th.scope = 'row';
      th.textContent = labelOf(r) + (r === best ? ' ★ best' : '');
      if (r.model === 'on-screen') th.title = 'The parameters in use in this view (coefficients, kt, R, armature, q_offset as set), replayed like the published presets';
      tr.append(th);
      if (r.error) {
        const td = cell(r.error, 'na');
        td.colSpan = 4;
      } else {
        cell(sig3(r.mae), 'num').dataset.mae = String(r.mae);
        cell(sig3(r.mae * DEG), 'num');
        cell((r.maxErr * DEG).toFixed(2), 'num');
        const td = cell('');
        const b = document.createElement('button');
        b.type = 'button';
        b.textContent = 'plot';
        b.setAttribute('aria-label', `Plot the replay under ${labelOf(r)}`);
        b.addEventListener('click', () => showOverlay(r.model));
        td.append(b);
      }
      if (r === best) tr.classList.add('best');
      tbody.append(tr);
    }
    table.replaceChildren(thead, tbody);
    table.hidden = false;
    const qi = info.params.findIndex((p) => p.name === 'q_offset');
    onNote.textContent = 'M1–M6: the published presets, each with its own q_offset. On screen: the values in this view\'s '
      + `controls (friction coefficients, kt, R, armature, q_offset = ${values()[qi]} rad), the parameters a fit opened here brings. `
      + 'All with the log\'s mass, length, kp and supply voltage.';
    onNote.hidden = false;
    const ok = rows.filter((r) => !r.error);
    bars.chart.data.labels = ok.map(labelOf);
    bars.chart.data.datasets = [{
      label: 'MAE [°]',
      data: ok.map((r) => r.mae * DEG),
      backgroundColor: ok.map((r) => (r === best ? COLORS[2] : '#9aa4b2')),
    }];
    bars.box.hidden = false;
    bars.update();
  }

  /** Replays the log text of file `name`; every outcome replaces the last. */
  function replayText(name, text) {
    keptLog = { name, text };
    fileName = name;
    clear();
    warn.hidden = true;
    err.hidden = true;
    let log;
    try {
      log = parseLog(text, core, name);
    } catch (e) {
      err.textContent = `${name}: ${e.message}`;
      err.title = e.detail || '';
      err.hidden = false;
      return;
    }
    const current = actuator();
    const act = core.bench.actuatorOf(log.motor);
    let use = current;
    if (act === null) {
      warn.textContent = log.motor === undefined
        ? `The log names no \`motor\`; it was replayed with the selected actuator ${current}, which may not be the one recorded.`
        : `The log's motor "${log.motor}" is not one of the identified actuators (${actuators.join(', ')}); it was replayed with the selected ${current}, so expect large errors.`;
      warn.hidden = false;
    } else if (act !== current) {
      const more = selectActuator(act, log) || '';
      use = act;
      const alias = String(log.motor).toLowerCase() !== act ? ` (the preset for ${log.motor})` : '';
      warn.textContent = `The log was recorded on ${log.motor}: the actuator was switched from ${current} to ${act}${alias}${more}.`;
      warn.hidden = false;
    } else if (String(log.motor).toLowerCase() !== act) {
      warn.textContent = `The log's motor "${log.motor}" is replayed with the ${act} preset.`;
      warn.hidden = false;
    }
    const t0 = performance.now();
    rows = [...replayModels(core, info, values(), log, use), replayOnScreen(core, info, values(), log)];
    const ms = performance.now() - t0;
    const ok = rows.filter((r) => !r.error);
    if (!ok.length) {
      const first = rows.find((r) => r.error && !/^no identified/.test(r.error)) || rows[0];
      err.textContent = `${name}: ${first.error}`;
      err.hidden = false;
      rows = [];
      return;
    }
    const best = ok.reduce((a, b) => (b.mae < a.mae ? b : a));
    render(best);
    out.dataset.mae = String(best.mae);
    out.dataset.ms = String(ms);
    out.textContent = `${name} (${use}, ${log.trajectory ?? 'trajectory not named'}, kp ${log.kp}, ${best.samples} samples, `
      + `treatment ${treatment()}): best ${labelOf(best)}, MAE = ${maeText(best.mae)}; `
      + `${ok.length} replay${ok.length > 1 ? 's' : ''} in ${ms.toFixed(1)} ms`;
    showOverlay(best.model);
  }

  async function replayFile(f) {
    out.textContent = `Reading ${f.name}…`;
    let text;
    try {
      text = await f.text();
    } catch (e) {
      clear();
      err.textContent = `${f.name}: the file could not be read (${e.message}).`;
      err.hidden = false;
      return;
    }
    replayText(f.name, text);
  }

  file.addEventListener('change', () => { if (file.files[0]) replayFile(file.files[0]); file.value = ''; });
  const zone = dropZone(drop, {
    onFiles: (files) => replayFile(files[0]),
    sample: true,
    onError: (msg) => { err.textContent = msg; err.hidden = false; },
    onStray: () => { hint.textContent = 'That file was dropped outside this box and ignored. Drop a pendulum log here, or '; },
  });

  if (keptLog) replayText(keptLog.name, keptLog.text);

  return {
    replayText,
    get fileName() { return fileName; },
    get shownModel() { return shownModel; },
    dispose() {
      zone.dispose();
      bars.chart.destroy();
      overlay.chart.destroy();
    },
  };
}
