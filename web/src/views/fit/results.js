// fit/results.js: the result of a fit beside the published parameters (the
// params file to download or copy, links to the bench and drive views with
// the fitted values) and, for "Fit all models", the table and bar chart of
// the validation MAE per model (the paper's Fig. 5).
import { modelBarsBox, download, COLORS } from '../../charts.js';
import { el, symbolNodes } from '../../dom.js';
import { localNumber } from '../../format.js';
import { t } from '../../i18n/index.js';
import { SERVO_CONSTANTS, STS3215_CONSTANTS, mujocoSnippet, servoExport, filesText, fileButtons, scenarioParamsToObject } from '../../exports.js';
import { fmtMae, fmtNum, fmtTime } from './text.js';
import { isNative, modelName, modelValue, nativeParams } from '../../fitModels.js';
import { csvText, csvUrl } from '../../csv.js';
import { nativeEntry, nativeDrivePreset } from '../../nativeFile.js';
import { getPageKey } from '../../state.js';
import { startWorker } from '../../offline.js';

/** The query q as a link to another view, with the page's ?lang= when it has
 *  one: the new tab opens in the language the class sees, not the browser's. */
function withLang(q) {
  const lang = getPageKey('lang');
  if (lang) q.set('lang', lang);
  return `?${q}`;
}

/** The sensitivity ranges s (batch.sensitivity: the core's fric_fit_sensitivity,
 *  the method of Rhoban/bam sensitivity.py) of a result searched in space, as
 *  a table with one range bar per free parameter: the track is the search box
 *  (on a log scale where the fit searches it so: the core's
 *  fric_fit_space_log), the filled part the range where the training MAE
 *  stays within the tolerance of the fitted one, the tick the fitted value;
 *  a clamped side (the MAE stayed inside up to the bound) is drawn open. */
function sensitivityTable(s, space, keys) {
  const pos = (r, v) => {
    const lo = space.lo[r.index], hi = space.hi[r.index];
    const f = r.logScale ? Math.log(v / lo) / Math.log(hi / lo) : (v - lo) / (hi - lo);
    return `${localNumber((100 * Math.min(1, Math.max(0, f))).toFixed(3))}%`;
  };
  const rows = s.ranges.map((r) => {
    const i = r.index, left = pos(r, r.lower), right = pos(r, r.upper);
    const range = el('span', { className: `fit-sens-range${r.lowerClamped ? ' clamped-lo' : ''}${r.upperClamped ? ' clamped-hi' : ''}` });
    range.style.left = left;
    range.style.width = `calc(${right} - ${left})`;
    const tick = el('span', { className: 'fit-sens-value' });
    tick.style.left = pos(r, r.value);
    const track = el('span', { className: `fit-sens-track${r.logScale ? ' log' : ''}`, role: 'img' }, range, tick);
    const clamped = r.lowerClamped && r.upperClamped ? 'fit.sens.track.both' : r.lowerClamped ? 'fit.sens.track.lower'
      : r.upperClamped ? 'fit.sens.track.upper' : '';
    track.setAttribute('aria-label', t('fit.sens.track', { key: r.key, lower: fmtNum(r.lower), upper: fmtNum(r.upper), value: fmtNum(r.value),
      lo: fmtNum(space.lo[i]), hi: fmtNum(space.hi[i]), log: r.logScale ? t('fit.sens.track.log') : '', clamped: clamped ? t(clamped) : '' }));
    return el('tr', { dataset: { key: r.key, lower: String(r.lower), upper: String(r.upper), value: String(r.value),
      lowerClamped: String(r.lowerClamped), upperClamped: String(r.upperClamped), logScale: String(r.logScale) } },
    el('th', { scope: 'row' }, r.key), el('td', { className: 'unit' }, keys[i].unit || '—'),
    el('td', { className: 'num' }, fmtNum(r.lower), r.lowerClamped ? el('span', { className: 'note' }, t('fit.sens.bound')) : ''),
    el('td', { className: 'fit-sens-bar' }, track),
    el('td', { className: 'num' }, fmtNum(r.upper), r.upperClamped ? el('span', { className: 'note' }, t('fit.sens.bound')) : ''),
    el('td', { className: 'note' }, t(r.logScale ? 'fit.sens.log' : 'fit.sens.linear')));
  });
  return el('table', { className: 'fit-table fit-sens-table', id: 'fit-sens-table' },
    el('thead', {}, el('tr', {}, ...t('fit.sens.cols').split('|').map((h) => el('th', { scope: 'col' }, h)))),
    el('tbody', {}, ...rows));
}

/** resultsSection(charts, { core, keys, presets, st, logs }): st = the view's
 *  { results, job }; logs: the view's logs (a result's training logs are
 *  found there by name for its sensitivity ranges); returns { resBox, allBox,
 *  bars, showResult(r), renderAll(), stopSensitivity() }. */
export function resultsSection(charts, { core, keys, presets, st, logs = [] }) {
  const resBox = el('section', { className: 'chart-box fit-result', id: 'fit-result', 'aria-label': t('fit.res.aria'), hidden: true });
  charts.append(resBox);
  const allBox = el('section', { className: 'chart-box fit-all', id: 'fit-all-result', 'aria-label': t('fit.all.aria'), hidden: true });
  const allTable = el('table', { className: 'fit-table', id: 'fit-all-table' });
  // what MuJoCo's own joint cannot express and the MAE it leaves (nativeGap)
  const gapNote = el('p', { className: 'note', id: 'fit-native-gap', hidden: true });
  // the table as CSV (every model's training and validation MAE, the split's logs named)
  const allCsv = el('button', { type: 'button', id: 'fit-all-csv' }, 'CSV');
  allCsv.title = t('fit.all.csv.title');
  allCsv.addEventListener('click', () => download('fit-models-mae.csv', csvUrl(allTableCsv())));
  allBox.append(el('h3', {}, t('fit.all.head')), allTable, gapNote, el('div', { className: 'row' }, allCsv));
  charts.append(allBox);
  const bars = modelBarsBox(charts, {
    title: t('fit.bars'),
    description: t('fit.bars.desc'),
    height: 200, fileName: 'fit-validation-mae', yText: t('fit.bars.y'), legend: { position: 'bottom' },
  });
  bars.box.hidden = true;

  /** The params file of a result as `friction fit --out` writes it: the
   *  core's one conversion of a fit vector (core.fit.paramsText,
   *  fric_fit_params_file) and its one writer (the flat format of
   *  shared/data/bam/params). */
  const at = (r, key) => r.best[keys.findIndex((k) => k.key === key)];
  // the integrator the fit replayed with (a result kept from before the choice: bam)
  const integratorOf = (r) => r.integrator ?? 'bam';
  const paramsText = (r) => core.fit.paramsText(r.best, r.actuator, r.model, undefined, integratorOf(r), r.carry ?? []);

  // the bench of a result: the core's one conversion of a fit vector
  // (core.fit.benchParams, fric_fit_bench_params), with the fit's integrator
  const benchVector = (r) => core.fit.benchParams(r.best, r.actuator, r.model, integratorOf(r));
  const benchOf = (r) => scenarioParamsToObject(core.scenario.find('bench'), benchVector(r));
  function benchUrl(r) {
    const o = benchOf(r);
    const q = new URLSearchParams({ view: 'pendulum', 'pendulum.actuator': o.actuator, 'pendulum.model': o.model });
    // the position update the model was fitted with (bam, the bench's default, is left out)
    if (o.integrator !== 'bam') q.set('pendulum.integrator', o.integrator);
    // the model's parameters (the URL leaves the unused coefficients at the preset's 0)
    const used = core.fit.paramUsed(r.model, r.actuator);
    keys.forEach(({ key }, i) => { if (used[i]) q.set(`pendulum.${key}`, String(o[key])); });
    return withLang(q);
  }
  function driveUrl(r) {
    // a model with no published preset opens as "given values" (the drive view's preset=given)
    const index = presets.findIndex((p) => p.actuator === r.actuator && p.model === r.model);
    const q = new URLSearchParams(index < 0 ? { view: 'drive', 'drive.preset': 'given', 'drive.actuator': r.actuator, 'drive.model': String(r.model) }
      : { view: 'drive', 'drive.preset': String(index) });
    const coefs = core.bench.servoCoefs().slice(1);
    coefs.forEach((c) => { if (c.models.includes(r.model)) q.set(`drive.${c.field}`, String(at(r, c.key))); });
    // the fitted motor constants too: the drive view's params file and MuJoCo snippet carry them
    SERVO_CONSTANTS.forEach((k) => q.set(`drive.${k}`, String(at(r, k))));
    // and the firmware keys (an sts3215's fitted error gain ratio and smoothing
    // rate; the bench's 1 and 0 for the others): without them the drive view
    // showed, and exported, its actuator's published ones
    const bench = benchOf(r);
    STS3215_CONSTANTS.forEach((k) => q.set(`drive.${k}`, String(bench[k])));
    // and the integrator: the drive view's params file and MuJoCo exports say it
    if (integratorOf(r) !== 'bam') q.set('drive.integrator', integratorOf(r));
    return withLang(q);
  }

  // the In MuJoCo view with the fitted params file (its integrator in it): its
  // log table puts MuJoCo's MAE beside the model's own replay
  function mujocoUrl(r) {
    return withLang(new URLSearchParams({ view: 'mujoco', 'mujoco.actuator': r.actuator, 'mujoco.model': `m${r.model}`,
      'mujoco.params': JSON.stringify(JSON.parse(paramsText(r))) }));
  }

  // the sensitivity job: a worker of its own (fitEval.js), terminated on Cancel
  let sensWorker = null;
  function stopSensitivity() {
    if (sensWorker) { sensWorker.terminate(); sensWorker = null; }
  }

  /** The 'Sensitivity ranges' part of result r: a button, then in a worker
   *  (as the fit) the core's ranges on r's training logs and search space,
   *  with a progress bar (one step per parameter) and Cancel. */
  function sensitivitySection(r) {
    const run = el('button', { type: 'button', id: 'fit-sensitivity' }, t('fit.sens'));
    run.title = t('fit.sens.title');
    const cancel = el('button', { type: 'button', id: 'fit-sens-cancel', disabled: true }, t('fit.cancel'));
    const prog = el('progress', { id: 'fit-sens-progress', max: 1, value: 0, hidden: true });
    const text = el('span', { className: 'note', id: 'fit-sens-status', role: 'status' });
    const box = el('div', { id: 'fit-sens', dataset: { state: 'idle' } });
    const finish = (state) => {
      stopSensitivity();
      run.disabled = false;
      cancel.disabled = true;
      prog.hidden = state !== 'done';
      box.dataset.state = state;
    };
    run.addEventListener('click', () => {
      const train = (r.trainNames || []).map((n) => logs.find((l) => l.name === n));
      if (!r.space || !train.length || train.some((l) => !l)) {
        box.replaceChildren();
        text.textContent = t('fit.sens.gone');
        box.dataset.state = 'failed';
        return;
      }
      stopSensitivity();
      run.disabled = true;
      cancel.disabled = false;
      prog.hidden = false;
      prog.value = 0;
      box.dataset.state = 'running';
      box.replaceChildren();
      text.textContent = train.length === 1 ? t('fit.sens.loading.one') : t('fit.sens.loading', { n: train.length });
      const w = startWorker('fitEval.worker.js', { type: 'module' });
      sensWorker = w;
      const t0 = performance.now();
      w.onerror = (e) => { if (sensWorker === w) { finish('failed'); text.textContent = t('fit.sens.workerFailed', { message: e.message || t('fit.noMessage') }); } };
      w.onmessage = (e) => {
        if (sensWorker !== w) return;
        const m = e.data;
        if (m.type === 'sens-ready') {
          text.textContent = m.logs === 1 ? t('fit.sens.scanning.one') : t('fit.sens.scanning', { n: m.logs });
        } else if (m.type === 'sens-progress') {
          prog.value = m.done / m.total;
          const elapsed = (performance.now() - t0) / 1000;
          text.textContent = t('fit.sens.progress', { done: m.done, total: m.total, key: m.key, elapsed: fmtTime(elapsed), left: fmtTime(elapsed * (m.total - m.done) / m.done) });
        } else if (m.type === 'sens-done') {
          const s = m.result;
          finish('done');
          text.textContent = t('fit.sens.done', { n: s.ranges.length, time: fmtTime(m.seconds) });
          box.dataset.seconds = String(m.seconds);
          box.replaceChildren(el('h4', {}, t('fit.sens.head')),
            el('p', { className: 'note', id: 'fit-sens-note' }, t('fit.sens.note', { threshold: fmtMae(s.threshold), base: fmtMae(s.base), pct: Math.round(100 * s.tolerance) })),
            sensitivityTable(s, r.space, keys));
        } else if (m.type === 'sens-failed') {
          finish('failed');
          text.textContent = t('fit.sens.stopped', { message: m.message });
        }
      };
      w.postMessage({ type: 'sensitivity', logs: train.map((l) => l.text), sources: train.map((l) => l.name), p: Array.from(r.best),
        actuator: r.actuator, model: r.model, space: r.space, tolerance: 0.03, integrator: integratorOf(r) });
    });
    cancel.addEventListener('click', () => {
      if (!sensWorker) return;
      finish('cancelled');
      text.textContent += t('fit.sens.cancelled');
    });
    return [el('div', { className: 'row' }, el('span', { className: 'row-label' }, t('fit.res.identified')), run, cancel, prog, text), box];
  }

  /** The params file of a native result: the core's writer
   *  (fric_native_params_write, the file `friction fit --model native --out`
   *  writes) with the fit's MAE, logs and evaluations. */
  const nativeText = (r) => core.native.paramsText(nativeParams(core, r.best), r.actuator,
    { train: r.train, valid: r.valid, logs: r.nTrain, evals: r.evals });

  /** The result of MuJoCo's own joint: its parameters under MuJoCo's names
   *  and units, its MAE, its params file to download or copy. */
  function showNative(r, why) {
    const units = core.native.units();
    const rows = core.native.keys().map((key, i) => el('tr', { dataset: { key } }, el('th', { scope: 'row' }, key),
      el('td', { className: 'unit' }, units[i] || '—'), el('td', { className: 'num', dataset: { value: String(r.best[i]) } }, fmtNum(r.best[i]))));
    const mae = (label, v, id) => el('tr', { className: 'mae', id }, el('th', { scope: 'row' }, label), el('td', { className: 'unit' }, 'rad'),
      el('td', { className: 'num', dataset: { mae: String(v) } }, fmtMae(v)));
    const table = el('table', { className: 'fit-table', id: 'fit-result-table' },
      el('thead', {}, el('tr', {}, ...t('fit.res.native.cols').split('|').map((h) => el('th', { scope: 'col' }, h)))),
      el('tbody', {}, ...rows, mae(t('fit.res.trainMae'), r.train, 'fit-train-mae'), mae(t('fit.res.validMae'), r.valid, 'fit-valid-mae')));
    const dl = el('button', { type: 'button', id: 'fit-download' }, t('fit.res.download'));
    dl.title = t('fit.res.native.download.title');
    dl.addEventListener('click', () => download(`fit-${r.actuator}-native.json`,
      URL.createObjectURL(new Blob([nativeText(r)], { type: 'application/json' }))));
    const copy = el('button', { type: 'button', id: 'fit-copy' }, t('fit.res.copy'));
    const out = el('textarea', { className: 'export-text', id: 'fit-json', readOnly: true, rows: 8, hidden: true });
    out.setAttribute('aria-label', t('fit.res.text.aria'));
    copy.addEventListener('click', () => { out.value = nativeText(r); out.hidden = false; out.focus(); out.select(); });
    // the hand-off: the In MuJoCo view with these native params in hand, which
    // its log replay's (A) runs and Your robot's "Download MJCF with native
    // class…" writes without asking for a file
    const useIn = el('a', { className: 'button', id: 'fit-native-use', target: '_blank', rel: 'noopener',
      href: withLang(new URLSearchParams({ view: 'mujoco', 'mujoco.actuator': r.actuator, 'mujoco.native': JSON.stringify(JSON.parse(nativeText(r))) })) },
    t('fit.res.native.use'));
    useIn.title = t('fit.res.native.use.title');
    // the Pendulum view (its replay beside M1–M6) and the drive view (its band) with this file (nativeFile.js)
    const file = { actuator: r.actuator, params: nativeParams(core, r.best) };
    const viewUrl = (view, extra) => withLang(new URLSearchParams({ view, ...extra, [`${view}.native`]: nativeEntry(file).native }));
    const drivePreset = nativeDrivePreset(presets, r.actuator);
    const nativeLinks = el('div', { className: 'row' }, el('span', { className: 'row-label' }, t('fit.res.useIn')),
      el('a', { className: 'button', id: 'fit-open-bench', href: viewUrl('pendulum', { 'pendulum.actuator': r.actuator }), target: '_blank', rel: 'noopener',
        title: t('fit.res.native.openBench.title') }, t('fit.res.openBench')),
      el('a', { className: 'button', id: 'fit-open-drive', href: viewUrl('drive', drivePreset < 0 ? {} : { 'drive.preset': String(drivePreset) }),
        target: '_blank', rel: 'noopener', title: t('fit.res.native.openDrive.title') }, t('fit.res.openDrive')), useIn);
    resBox.replaceChildren(el('h3', {}, t('fit.res.native.head', { act: r.actuator })),
      el('p', { className: 'note', id: 'fit-shown-why', hidden: !why }, why),
      el('p', { className: 'note' }, t('fit.res.native.summary', { evals: r.evals, time: fmtTime(r.seconds),
        train: r.nTrain === 1 ? t('fit.res.logs.one') : t('fit.res.logs', { n: r.nTrain }), valid: r.nValid })),
      table, nativeLinks, el('div', { className: 'row' }, el('span', { className: 'row-label' }, t('fit.res.export')), dl, copy), out);
  }

  /** why: a sentence saying why this model is the one shown (after Fit all). */
  function showResult(r, why = '') {
    stopSensitivity();
    if (isNative(r.model)) {
      resBox.hidden = false;
      showNative(r, why);
      return;
    }
    resBox.hidden = false;
    let preset = null;
    try { preset = core.fit.presetParams(r.actuator, r.model); } catch { /* none published: the column shows — */ }
    const used = core.fit.paramUsed(r.model, r.actuator);
    const box = core.fit.space(r.actuator, r.model);
    // a published value outside the default box is said so (the fit searches the box only)
    const pubCell = (i) => {
      if (!preset) return el('td', { className: 'num', dataset: { none: 'true' } }, '—');
      const out = preset[i] < box.lo[i] || preset[i] > box.hi[i];
      const td = el('td', { className: 'num' }, fmtNum(preset[i]), out ? el('span', { className: 'note fit-outside' },
        t('fit.res.outside', { lo: fmtNum(box.lo[i]), hi: fmtNum(box.hi[i]) })) : '');
      if (out) td.title = t('fit.res.outside.title');
      return td;
    };
    const rows = keys.map(({ key, unit }, i) => (used[i]
      ? el('tr', { dataset: { key } }, el('th', { scope: 'row' }, key), el('td', { className: 'unit' }, unit || '—'),
        pubCell(i), el('td', { className: 'num', dataset: { value: String(r.best[i]) } }, fmtNum(r.best[i])))
      : null)).filter(Boolean);
    const mae = (label, pub, fit, id) => el('tr', { className: 'mae', id },
      el('th', { scope: 'row' }, label), el('td', { className: 'unit' }, 'rad'),
      el('td', { className: 'num', dataset: { mae: String(pub) } }, fmtMae(pub)), el('td', { className: 'num', dataset: { mae: String(fit) } }, fmtMae(fit)));
    const table = el('table', { className: 'fit-table', id: 'fit-result-table' },
      el('thead', {}, el('tr', {}, ...t('fit.res.cols').split('|').map((h) => el('th', { scope: 'col' }, h)))),
      el('tbody', {}, ...rows, mae(t('fit.res.trainMae'), r.presetTrain, r.train, 'fit-train-mae'),
        mae(t('fit.res.validMae'), r.presetValid, r.valid, 'fit-valid-mae')));
    const dl = el('button', { type: 'button', id: 'fit-download' }, t('fit.res.download'));
    dl.title = t('fit.res.download.title');
    dl.addEventListener('click', () => download(`fit-${r.actuator}-m${r.model}.json`,
      URL.createObjectURL(new Blob([paramsText(r)], { type: 'application/json' }))));
    const copy = el('button', { type: 'button', id: 'fit-copy' }, t('fit.res.copy'));
    const out = el('textarea', { className: 'export-text', id: 'fit-json', readOnly: true, rows: 8, hidden: true });
    out.setAttribute('aria-label', t('fit.res.text.aria'));
    const status = el('div', { className: 'note', role: 'status' });
    // the MuJoCo snippet of the fitted values (the bench and drive views' own, exports.js)
    const mj = el('button', { type: 'button', id: 'fit-mujoco' }, t('export.snippet'));
    mj.title = t('fit.res.snippet.title');
    // the exact MuJoCo bench of the fitted values (MJCF, params file, adapter call; exports.js)
    const mjb = el('button', { type: 'button', id: 'fit-mujoco-bench' }, t('export.bench'));
    mjb.title = t('fit.res.bench.title');
    const filesBox = el('div', { id: 'fit-mujoco-files', hidden: true });
    const show = async (text, files = null) => {
      filesBox.hidden = !files;
      filesBox.replaceChildren(...(files ? [fileButtons(files)] : []));
      out.value = text;
      out.hidden = false;
      let copied = false;
      try {
        if (navigator.clipboard && window.isSecureContext) { await navigator.clipboard.writeText(out.value); copied = true; }
      } catch { /* not allowed here: the text stays selectable */ }
      status.textContent = t(copied ? 'fit.res.copied' : 'fit.res.selected');
      if (!copied) { out.focus(); out.select(); }
    };
    copy.addEventListener('click', () => show(paramsText(r)));
    // the bench vector of the result (the one conversion; no text written and read back)
    const fitted = () => servoExport(core, benchVector(r));
    mj.addEventListener('click', () => {
      const { o, servo } = fitted();
      show(mujocoSnippet(o, servo));
    });
    mjb.addEventListener('click', () => {
      const files = fitted().bench();
      show(filesText(files), files);
    });
    const link = (text, href, id, title) => {
      const a = el('a', { className: 'button', id, href: href || '#', target: '_blank', rel: 'noopener' }, text);
      a.title = title;
      if (!href) { a.setAttribute('aria-disabled', 'true'); a.removeAttribute('href'); }
      return a;
    };
    const stopNote = r.stop ? t('fit.res.stop', { why: r.stop }) : '';
    const fromNote = r.from < 0 ? t('fit.res.fromFile', { name: r.fromName }) : r.from ? t('fit.res.from', { model: r.from }) : '';
    const noPreset = preset ? '' : t('fit.res.noPreset', { act: r.actuator, model: r.model });
    // the core's words: English in every language, marked so
    const caution = el('p', { className: 'msg-warn', id: 'fit-caution', role: 'status', hidden: !r.caution, lang: 'en' }, ...symbolNodes(r.caution || ''));
    const integNote = el('p', { className: 'note', id: 'fit-integrator-note', dataset: { integrator: integratorOf(r) } },
      integratorOf(r) === 'mujoco'
        ? t('fit.res.integ.mujoco') : t('fit.res.integ.bam'));
    resBox.replaceChildren(el('h3', {}, t('fit.res.head', { act: r.actuator, model: modelName(r.model) })),
      el('p', { className: 'note', id: 'fit-shown-why', hidden: !why }, why),
      el('p', { className: 'note' }, t('fit.res.summary', { evals: r.evals, gens: r.generations, time: fmtTime(r.seconds),
        tries: r.attempts > 1 ? t('fit.res.tries', { n: r.attempts }) : '', from: fromNote, stop: stopNote,
        train: r.nTrain === 1 ? t('fit.res.logs.one') : t('fit.res.logs', { n: r.nTrain }), valid: r.nValid,
        none: r.nValid ? '' : t('fit.res.noValid'), noPreset })),
      caution, integNote, table,
      el('div', { className: 'row' }, el('span', { className: 'row-label' }, t('fit.res.useIn')),
        link(t('fit.res.openBench'), benchUrl(r), 'fit-open-bench', t('fit.res.openBench.title')),
        link(t('fit.res.openDrive'), driveUrl(r), 'fit-open-drive', t('fit.res.openDrive.title')),
        link(t('fit.res.openMujoco'), mujocoUrl(r), 'fit-open-mujoco', t('fit.res.openMujoco.title'))),
      el('div', { className: 'row' }, el('span', { className: 'row-label' }, t('fit.res.export')), dl, copy, mj, mjb),
      status, filesBox, out, ...sensitivitySection(r));
  }

  /** The sentence under the table: what MuJoCo's own joint cannot express
   *  and, beside the best M-model of the table (lowest validation MAE, else
   *  training MAE), the MAE it leaves; hidden without a native row. */
  function nativeGap() {
    const n = st.results.find((r) => isNative(r.model));
    gapNote.hidden = !n;
    if (!n) return;
    const ms = st.results.filter((r) => !isNative(r.model));
    const on = ms.length && Number.isFinite(n.valid) && ms.every((r) => Number.isFinite(r.valid)) ? 'valid' : 'train';
    const best = ms.filter((r) => Number.isFinite(r[on])).reduce((a, b) => (!a || b[on] < a[on] ? b : a), null);
    const what = t(on === 'valid' ? 'fit.native.gap.valid' : 'fit.native.gap.train');
    gapNote.dataset.on = on;
    gapNote.dataset.native = String(n[on]);
    if (best) {
      gapNote.dataset.best = String(best[on]);
      gapNote.dataset.bestModel = modelValue(best.model);
    } else {
      delete gapNote.dataset.best;
      delete gapNote.dataset.bestModel;
    }
    gapNote.textContent = best
      ? t('fit.native.gap', { what, native: fmtMae(n[on]), model: modelName(best.model), best: fmtMae(best[on]),
        diff: fmtMae(n[on] - best[on]), ratio: (n[on] / best[on]).toFixed(2) })
      : t('fit.native.gap.alone', { what, native: fmtMae(n[on]) });
  }

  /** The models' table as CSV: per model its published and fitted MAE on
   *  the training and the validation logs [rad] and the evaluations, the
   *  split's logs in the comments. */
  function allTableCsv() {
    const r0 = st.results[0];
    const num = (v) => (Number.isFinite(v) ? v : '');
    return csvText({
      comments: [`${t('fit.all.head')}; actuator ${r0?.actuator ?? ''}`,
        `training logs: ${(r0?.trainNames ?? []).join(' ')}`, `validation logs: ${(r0?.validNames ?? []).join(' ')}`,
        gapNote.hidden ? '' : gapNote.textContent].filter(Boolean),
      columns: [{ name: 'model' }, { name: 'train_mae_published', unit: 'rad' }, { name: 'train_mae_fitted', unit: 'rad' },
        { name: 'valid_mae_published', unit: 'rad' }, { name: 'valid_mae_fitted', unit: 'rad' }, { name: 'evaluations' }],
      rows: st.results.map((r) => [modelName(r.model), num(r.presetTrain), num(r.train), num(r.presetValid), num(r.valid), r.evals]),
    });
  }

  function renderAll() {
    allBox.hidden = st.results.length < 2 && !st.job?.chain && !st.results.some((r) => isNative(r.model));
    if (allBox.hidden) { bars.box.hidden = true; return; }
    nativeGap();
    const thead = el('thead', {}, el('tr', {}, ...[...t('fit.all.cols').split('|'), ''].map((h) => el('th', { scope: 'col' }, h))));
    const tbody = el('tbody', {}, ...st.results.map((r) => {
      const b = el('button', { type: 'button' }, t('fit.all.details'));
      b.setAttribute('aria-label', t('fit.all.details.aria', { model: modelName(r.model) }));
      b.addEventListener('click', () => showResult(r, t('fit.all.details.why', { model: modelName(r.model) })));
      return el('tr', { dataset: { model: modelValue(r.model) } }, el('th', { scope: 'row' }, modelName(r.model)),
        ...[r.presetTrain, r.train, r.presetValid, r.valid].map((v) => el('td', { className: 'num', dataset: { mae: String(v) } }, fmtMae(v))),
        el('td', { className: 'num' }, String(r.evals)), el('td', {}, b));
    }));
    allTable.replaceChildren(thead, tbody);
    bars.box.hidden = false;
    // no validation log (the bundled sample alone, or none ticked): the bars are the
    // training MAE, as the title and the axis say, so the chart the lesson's step 3
    // points at is not left empty
    const valid = st.results.some((r) => Number.isFinite(r.valid));
    const [pubKey, fitKey] = valid ? ['presetValid', 'valid'] : ['presetTrain', 'train'];
    const title = valid ? t('fit.bars') : t('fit.bars.train');
    bars.head.querySelector('h3').textContent = title;
    bars.box.setAttribute('aria-label', title);
    bars.canvas.setAttribute('aria-label', valid ? t('fit.bars.desc') : t('fit.bars.train.desc'));
    const [png, csv] = bars.head.querySelectorAll('.chart-tools button');
    png.setAttribute('aria-label', t('chart.png.aria', { title }));
    csv.setAttribute('aria-label', t('chart.csv.aria', { title }));
    bars.chart.options.scales.y.title.text = valid ? t('fit.bars.y') : t('fit.bars.train.y');
    bars.chart.data.labels = st.results.map((r) => modelName(r.model));
    bars.chart.data.datasets = [
      // no published preset: no bar (null), "—" in the table
      { label: t('fit.bars.published'), data: st.results.map((r) => (Number.isFinite(r[pubKey]) ? r[pubKey] : null)), backgroundColor: '#9aa4b2' },
      { label: t('fit.bars.fitted'), data: st.results.map((r) => (Number.isFinite(r[fitKey]) ? r[fitKey] : null)), backgroundColor: COLORS[0] },
    ];
    bars.update();
  }

  return { resBox, allBox, bars, showResult, renderAll, stopSensitivity };
}
