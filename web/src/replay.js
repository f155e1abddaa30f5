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
// it), so they run on the main thread: no Worker, no progress bar. The table
// and the charts are replayTable.js's.
import { modelBarsBox, angleOverlayBox } from './charts.js';
import { dropZone, readChecked } from './dropZone.js';
import { el } from './dom.js';
import { t, tCore, tCoreAfterDoor, asSentence } from './i18n/index.js';
import { maeText, fmt } from './format.js';
import { NATIVE, replayBest } from './fitModels.js';
import { nativeRemove } from './nativeRemove.js';
import { labelOf, clear, showOverlay, render } from './replayTable.js';

/** The core's condition in a range refusal e ('"mass" = -1 must be finite and
 *  > 0 (kg).'): the sentence after the prefix the core recorded ('log NAME: entry K: ',
 *  fric_error.prefix), with its id and values. */
const rangeOf = (e) => ({ message: String(e.message).slice((e.prefix || '').length), id: e.id, values: e.values });

/** One sentence for a log the core refused (core.io.checkLog's Error: code,
 *  field, entry; the codes are fric_io.h's). No message text is parsed. */
export function logSentence(e) {
  const at = e.entry >= 0 ? t('log.entry', { n: e.entry }) : null;
  const v = { at, f: `\`${e.field}\``, n: e.entry };
  switch (e.code) {
    case 'not_object': return t('log.notObject');
    case 'missing': return e.field === 'entries' ? t('log.missing.entries')
      : at ? t('log.missing.entry', v) : t('log.missing.header', v);
    case 'type': return e.field === 'entries' && !at ? t('log.type.entries')
      : e.field === 'entries' ? t('log.type.sample', v)
        : at ? t(e.field === 'torque_enable' ? 'log.type.entry.bool' : 'log.type.entry.number', v)
          : t('log.type.header', v);
    case 'unknown_key': return at ? t('log.unknown.entry', v) : t('log.unknown.header', v);
    // the core's condition: its sentence in the page's language (its English without the prefix)
    // an entry's sentence names the entry and the field itself ("entry 7: "position" = …")
    case 'range': return at ? asSentence(tCore(rangeOf(e))) : t('log.range.header', { ...v, range: tCore(rangeOf(e)) });
    case 'too_few': return t('log.tooFew');
    case 'order': return t('log.order', v);
    case 'dt': return t('log.dt', v);
    case 'speed_mixed': return t('log.speedMixed', v);
    default: return t('log.refused', { message: tCore(e) });
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
      ? t('log.badJson')
      : t('log.notJson'));
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

/** One sentence for core error e (the wrapper's Error) of a replay under model `model` ("m3"). */
export function coreSentence(e, model) {
  // the core's sentence after its door ("replay: "); what it says read from its status
  const m = tCoreAfterDoor(e);
  if (e.code === 'FRIC_E_NONFINITE') return t('replay.diverged', { model: model.toUpperCase(), message: m });
  if (e.code === 'FRIC_E_NO_PRESET') return t('replay.noPreset', { model: model.toUpperCase() });
  return t('log.refused', { message: asSentence(m) });
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
    if (!pre) return { model, error: t('replay.noPresetFor', { model: model.toUpperCase(), actuator }), noPreset: true };
    const p = Float64Array.from(values);
    p[idx('actuator')] = info.params[idx('actuator')].choices.indexOf(actuator);
    p[idx('model')] = mi;
    info.params.forEach((q, j) => { if (isPresetParam(q)) p[j] = -1; });
    p[idx('q_offset')] = pre.servo.q_offset;
    try {
      const res = core.bench.replay(p, log, 'log');
      return { model, mae: res.mae, maxErr: res.maxErr, samples: res.samples, res };
    } catch (e) {
      return { model, error: coreSentence(e, model) };
    }
  });
}

/** The replay of `log` with the bench vector `values` as it is (the
 *  parameters on screen; kp, mass, length, vin and dt from the log): a row
 *  { model: 'on-screen', label, mae, maxErr, samples, res } or { …, error }. */
export function replayOnScreen(core, info, values, log) {
  const model = info.params.find((p) => p.name === 'model').choices[values[info.params.findIndex((p) => p.name === 'model')]];
  const label = t('replay.onScreen', { model: model.toUpperCase() });
  try {
    const res = core.bench.replay(values, log, 'log');
    return { model: 'on-screen', label, mae: res.mae, maxErr: res.maxErr, samples: res.samples, res };
  } catch (e) {
    return { model: 'on-screen', label, error: coreSentence(e, model) };
  }
}

/** The replay of `log` with MuJoCo's native joint of a params file (nat =
 *  { actuator, params }, nativeFile.js): the core's restatement of MuJoCo's
 *  step (core.native.replay, fric_native_replay: what `friction replay
 *  --params FILE` of the file scores), the log's series beside it
 *  (fitModels.js replayBest): a row { model: 'native', label, … } or { …, error }. */
export function replayNative(core, nat, log, actuator) {
  const label = t('replay.native', { actuator: nat.actuator });
  try {
    const res = replayBest(core, core.native.keys().map((k) => nat.params[k]), actuator, NATIVE, 'bam', log, 'log');
    return { model: NATIVE, label, mae: res.mae, maxErr: res.maxErr, samples: res.simQ.length, res };
  } catch (e) {
    return { model: NATIVE, label, error: coreSentence(e, NATIVE) };
  }
}

/** The last log given to the panel ({ name, text }), kept for the page's life:
 *  the view is mounted again at a tab switch or Back/Forward, and replays it
 *  again (with the parameters then on screen) instead of losing it. */
let keptLog = null;

/**
 * replayPanel(parent, { core, info, values: () => Float64Array (the view's
 * bench vector), treatment: () => name, actuator: () => name,
 * selectActuator(name, log) }) → { dispose(), replayText(name, text) }.
 */
export function replayPanel(parent, { core, info, values, treatment, actuator, selectActuator, native = () => null, dropNative = null }) {
  const actuators = info.params.find((p) => p.name === 'actuator').choices;
  const file = el('input', { type: 'file', accept: '.json,application/json', 'aria-label': t('replay.file.aria') });
  const hint = el('span', { textContent: t('replay.drop') });
  const drop = el('div', { id: 'log-drop', className: 'drop-zone', dataset: { dropzone: 'log' } }, hint,
    el('label', { className: 'file-pick', textContent: t('replay.choose') }, file));
  const warn = el('div', { className: 'msg-warn', id: 'replay-warning', role: 'status', hidden: true });
  const err = el('div', { className: 'msg-bad', id: 'replay-error', role: 'alert', hidden: true });
  const out = el('div', { className: 'readout', id: 'replay-result', 'aria-live': 'polite' });
  const table = el('table', { className: 'replay-table', id: 'replay-table', hidden: true });
  const onNote = el('div', { className: 'note', id: 'replay-onscreen-note', hidden: true });
  // MuJoCo's native joint of a params file given to the view (nativeFile.js), replayed beside M1–M6
  const nat = native();
  const natNote = el('div', { className: 'note', id: 'replay-native-note', hidden: !nat },
    nat ? t('replay.native.note', { actuator: nat.actuator, frictionloss: fmt(nat.params.frictionloss),
      damping: fmt(nat.params.damping), kp: fmt(nat.params.kp), firmware: fmt(nat.params.firmware_kp) }) : '',
    nat && dropNative ? ' ' : '', nat && dropNative ? nativeRemove(dropNative) : '');
  const box = el('section', { className: 'chart-box replay', 'aria-label': t('replay.box.aria') },
    el('h3', { textContent: t('replay.head') }), natNote, drop, warn, err, out, table, onNote);
  parent.append(box);

  const bars = modelBarsBox(parent, {
    title: t('replay.chart.mae'),
    description: t('replay.chart.mae.desc'),
    height: 180, fileName: 'replay-mae', yText: 'MAE [°]', legend: { display: false },
  });
  const overlay = angleOverlayBox(parent, {
    title: t('replay.chart.angle'),
    description: t('replay.chart.angle.desc'),
    fileName: 'replay',
  });
  bars.box.hidden = true;
  overlay.box.hidden = true;

  // the panel's table, charts and rows, shared with replayTable.js
  const rp = { info, values, table, onNote, out, bars, overlay, rows: [], shownModel: null };
  let fileName = '';

  /** Replays the log text of file `name`; every outcome replaces the last. */
  function replayText(name, text) {
    keptLog = { name, text };
    fileName = name;
    clear(rp);
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
        ? t('replay.warn.noMotor', { current })
        : t('replay.warn.unknownMotor', { motor: log.motor, list: actuators.join(', '), current });
      warn.hidden = false;
    } else if (act !== current) {
      const more = selectActuator(act, log) || '';
      use = act;
      const alias = String(log.motor).toLowerCase() !== act ? t('replay.warn.alias', { motor: log.motor }) : '';
      warn.textContent = t('replay.warn.switched', { motor: log.motor, current, act, alias, more });
      warn.hidden = false;
    } else if (String(log.motor).toLowerCase() !== act) {
      warn.textContent = t('replay.warn.preset', { motor: log.motor, act });
      warn.hidden = false;
    }
    const t0 = performance.now();
    const rows = rp.rows = [...replayModels(core, info, values(), log, use), replayOnScreen(core, info, values(), log),
      ...(nat ? [replayNative(core, nat, log, use)] : [])];
    const ms = performance.now() - t0;
    const ok = rows.filter((r) => !r.error);
    if (!ok.length) {
      const first = rows.find((r) => r.error && !r.noPreset) || rows[0];
      err.textContent = `${name}: ${first.error}`;
      err.hidden = false;
      rp.rows = [];
      return;
    }
    const best = ok.reduce((a, b) => (b.mae < a.mae ? b : a));
    render(rp, best);
    out.dataset.mae = String(best.mae);
    out.dataset.ms = String(ms);
    out.textContent = t('replay.result', { name, use, trajectory: log.trajectory ?? t('replay.noTrajectory'), kp: log.kp,
      samples: best.samples, treatment: treatment(), best: labelOf(best), mae: maeText(best.mae),
      replays: t(ok.length > 1 ? 'replay.count.many' : 'replay.count.one', { n: ok.length }), ms: ms.toFixed(1) });
    showOverlay(rp, best.model);
  }

  async function replayFile(f) {
    out.textContent = t('replay.reading', { name: f.name });
    let text;
    try {
      text = await readChecked(core, f, 'log');   // sized first: a file over a log's limit is never read
    } catch (e) {
      clear(rp);
      err.textContent = e.code === 'FRIC_E_FILE' ? e.message : t('replay.unreadable', { name: f.name, message: e.message });
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
    onStray: () => { hint.textContent = t('replay.stray'); },
  });

  if (keptLog) replayText(keptLog.name, keptLog.text);

  return {
    replayText,
    get fileName() { return fileName; },
    get shownModel() { return rp.shownModel; },
    dispose() {
      zone.dispose();
      bars.chart.destroy();
      overlay.chart.destroy();
    },
  };
}
