// fit/results.js: the result of a fit beside the published parameters (the
// params file to download or copy, links to the bench and drive views with
// the fitted values) and, for "Fit all models", the table and bar chart of
// the validation MAE per model (the paper's Fig. 5).
import { modelBarsBox, download, COLORS } from '../../charts.js';
import { el } from '../../dom.js';
import { SERVO_CONSTANTS, mujocoSnippet, servoExport, filesText, fileButtons, scenarioParamsToObject } from '../../exports.js';
import { fmtMae, fmtNum, fmtTime } from './text.js';

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
    return `${(100 * Math.min(1, Math.max(0, f))).toFixed(3)}%`;
  };
  const rows = s.ranges.map((r) => {
    const i = r.index, left = pos(r, r.lower), right = pos(r, r.upper);
    const range = el('span', { className: `fit-sens-range${r.lowerClamped ? ' clamped-lo' : ''}${r.upperClamped ? ' clamped-hi' : ''}` });
    range.style.left = left;
    range.style.width = `calc(${right} - ${left})`;
    const tick = el('span', { className: 'fit-sens-value' });
    tick.style.left = pos(r, r.value);
    const track = el('span', { className: `fit-sens-track${r.logScale ? ' log' : ''}`, role: 'img' }, range, tick);
    const clamped = [r.lowerClamped ? 'lower' : '', r.upperClamped ? 'upper' : ''].filter(Boolean).join(' and ');
    track.setAttribute('aria-label', `${r.key}: ${fmtNum(r.lower)} to ${fmtNum(r.upper)} around ${fmtNum(r.value)} in the box `
      + `[${fmtNum(space.lo[i])}, ${fmtNum(space.hi[i])}]${r.logScale ? ' (log scale)' : ''}${clamped ? `, the ${clamped} side clamped at the bound` : ''}`);
    return el('tr', { dataset: { key: r.key, lower: String(r.lower), upper: String(r.upper), value: String(r.value),
      lowerClamped: String(r.lowerClamped), upperClamped: String(r.upperClamped), logScale: String(r.logScale) } },
    el('th', { scope: 'row' }, r.key), el('td', { className: 'unit' }, keys[i].unit || '—'),
    el('td', { className: 'num' }, fmtNum(r.lower), r.lowerClamped ? el('span', { className: 'note' }, ' (bound)') : ''),
    el('td', { className: 'fit-sens-bar' }, track),
    el('td', { className: 'num' }, fmtNum(r.upper), r.upperClamped ? el('span', { className: 'note' }, ' (bound)') : ''),
    el('td', { className: 'note' }, r.logScale ? 'log' : 'linear'));
  });
  return el('table', { className: 'fit-table fit-sens-table', id: 'fit-sens-table' },
    el('thead', {}, el('tr', {}, ...['parameter', 'unit', 'lower', 'range in the search box (tick: fitted value)', 'upper', 'scale'].map((t) => el('th', { scope: 'col' }, t)))),
    el('tbody', {}, ...rows));
}

/** resultsSection(charts, { core, keys, presets, st, logs }): st = the view's
 *  { results, job }; logs: the view's logs (a result's training logs are
 *  found there by name for its sensitivity ranges); returns { resBox, allBox,
 *  bars, showResult(r), renderAll(), stopSensitivity() }. */
export function resultsSection(charts, { core, keys, presets, st, logs = [] }) {
  const resBox = el('section', { className: 'chart-box fit-result', id: 'fit-result', 'aria-label': 'Result of the fit', hidden: true });
  charts.append(resBox);
  const allBox = el('section', { className: 'chart-box fit-all', id: 'fit-all-result', 'aria-label': 'Fit all models: validation MAE per model', hidden: true });
  const allTable = el('table', { className: 'fit-table', id: 'fit-all-table' });
  allBox.append(el('h3', {}, 'All models: training and validation MAE (the paper\'s Fig. 5)'), allTable);
  charts.append(allBox);
  const bars = modelBarsBox(charts, {
    title: 'Validation MAE per model',
    description: 'Bar chart of the validation MAE of the published and of the fitted parameters for each model M1 to M6',
    height: 200, fileName: 'fit-validation-mae', yText: 'validation MAE [rad]', legend: { position: 'bottom' },
  });
  bars.box.hidden = true;

  /** The params file of a result as `friction fit --out` writes it: the
   *  core's one conversion of a fit vector (core.fit.paramsText,
   *  fric_fit_params_file) and its one writer (the flat format of
   *  shared/data/bam/params). */
  const at = (r, key) => r.best[keys.findIndex((k) => k.key === key)];
  // the integrator the fit replayed with (a result kept from before the choice: bam)
  const integratorOf = (r) => r.integrator ?? 'bam';
  const paramsText = (r) => core.fit.paramsText(r.best, r.actuator, r.model, undefined, integratorOf(r));

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
    return `?${q}`;
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
    // and the integrator: the drive view's params file and MuJoCo exports say it
    if (integratorOf(r) !== 'bam') q.set('drive.integrator', integratorOf(r));
    return `?${q}`;
  }

  // the In MuJoCo view with the fitted params file (its integrator in it): its
  // log table puts MuJoCo's MAE beside the model's own replay
  function mujocoUrl(r) {
    return `?${new URLSearchParams({ view: 'mujoco', 'mujoco.actuator': r.actuator, 'mujoco.model': `m${r.model}`,
      'mujoco.params': JSON.stringify(JSON.parse(paramsText(r))) })}`;
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
    const run = el('button', { type: 'button', id: 'fit-sensitivity' }, 'Sensitivity ranges');
    run.title = 'For each free parameter alone: how far it can move from the fitted value before the training MAE rises by 3 % (Rhoban/bam sensitivity.py)';
    const cancel = el('button', { type: 'button', id: 'fit-sens-cancel', disabled: true }, 'Cancel');
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
        text.textContent = 'The training logs of this fit are no longer all loaded: fit again to see its sensitivity ranges.';
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
      text.textContent = `Loading ${train.length} training log${train.length === 1 ? '' : 's'} in a worker…`;
      const w = new Worker('fitEval.worker.js', { type: 'module' });
      sensWorker = w;
      const t0 = performance.now();
      w.onerror = (e) => { if (sensWorker === w) { finish('failed'); text.textContent = `The sensitivity ranges stopped: the worker failed (${e.message || 'no message'}).`; } };
      w.onmessage = (e) => {
        if (sensWorker !== w) return;
        const m = e.data;
        if (m.type === 'sens-ready') {
          text.textContent = `Scanning each free parameter on ${m.logs} training log${m.logs === 1 ? '' : 's'}…`;
        } else if (m.type === 'sens-progress') {
          prog.value = m.done / m.total;
          const elapsed = (performance.now() - t0) / 1000;
          text.textContent = `${m.done} of ${m.total} parameters (last: ${m.key}); ${fmtTime(elapsed)} elapsed, about ${fmtTime(elapsed * (m.total - m.done) / m.done)} left`;
        } else if (m.type === 'sens-done') {
          const s = m.result;
          finish('done');
          text.textContent = `${s.ranges.length} parameters in ${fmtTime(m.seconds)}.`;
          box.dataset.seconds = String(m.seconds);
          box.replaceChildren(el('h4', {}, 'Sensitivity ranges: how well the training logs identify each parameter'),
            el('p', { className: 'note', id: 'fit-sens-note' }, 'Each free parameter alone, the others at their fitted values, from the fitted value toward each bound '
              + `of the search box: 20 steps, then 24 bisections where the training MAE first exceeds ${fmtMae(s.threshold)} rad `
              + `(${fmtMae(s.base)} rad + ${Math.round(100 * s.tolerance)} %; the core's fric_fit_sensitivity, the method of Rhoban/bam sensitivity.py). `
              + `A wide bar: the logs barely constrain the parameter; an open end marked "(bound)": the MAE stayed within the ${Math.round(100 * s.tolerance)} % up to the box's bound.`),
            sensitivityTable(s, r.space, keys));
        } else if (m.type === 'sens-failed') {
          finish('failed');
          text.textContent = `The sensitivity ranges stopped: ${m.message}`;
        }
      };
      w.postMessage({ type: 'sensitivity', logs: train.map((l) => l.text), sources: train.map((l) => l.name), p: Array.from(r.best),
        actuator: r.actuator, model: r.model, space: r.space, tolerance: 0.03, integrator: integratorOf(r) });
    });
    cancel.addEventListener('click', () => {
      if (!sensWorker) return;
      finish('cancelled');
      text.textContent += ' — cancelled: the worker was stopped.';
    });
    return [el('div', { className: 'row' }, el('span', { className: 'row-label' }, 'Identified'), run, cancel, prog, text), box];
  }

  /** why: a sentence saying why this model is the one shown (after Fit all). */
  function showResult(r, why = '') {
    stopSensitivity();
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
        ` outside [${fmtNum(box.lo[i])}, ${fmtNum(box.hi[i])}]`) : '');
      if (out) td.title = 'The published value lies outside the search box of the reference (docs/identification.md): the fit searches the box only.';
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
      el('thead', {}, el('tr', {}, ...['parameter', 'unit', 'published', 'fitted'].map((t) => el('th', { scope: 'col' }, t)))),
      el('tbody', {}, ...rows, mae('training MAE', r.presetTrain, r.train, 'fit-train-mae'),
        mae('validation MAE', r.presetValid, r.valid, 'fit-valid-mae')));
    const dl = el('button', { type: 'button', id: 'fit-download' }, 'Download params file');
    dl.title = 'The flat parameter file (the keys of shared/data/bam/params, as `friction fit --out` writes it)';
    dl.addEventListener('click', () => download(`fit-${r.actuator}-m${r.model}.json`,
      URL.createObjectURL(new Blob([paramsText(r)], { type: 'application/json' }))));
    const copy = el('button', { type: 'button', id: 'fit-copy' }, 'Copy as JSON');
    const out = el('textarea', { className: 'export-text', id: 'fit-json', readOnly: true, rows: 8, hidden: true });
    out.setAttribute('aria-label', 'The fitted parameters (the params file or the MuJoCo snippet)');
    const status = el('div', { className: 'note', role: 'status' });
    // the MuJoCo snippet of the fitted values (the bench and drive views' own, exports.js)
    const mj = el('button', { type: 'button', id: 'fit-mujoco' }, 'MuJoCo snippet');
    mj.title = 'Joint frictionloss, damping, armature and the actuator gain for MuJoCo, from the fitted values';
    // the exact MuJoCo bench of the fitted values (MJCF, params file, adapter call; exports.js)
    const mjb = el('button', { type: 'button', id: 'fit-mujoco-bench' }, 'MuJoCo bench (exact)');
    mjb.title = 'The bench as MJCF, the params file and the adapter call (CLI and C) that run the fitted model in MuJoCo, every term of it';
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
      status.textContent = copied ? 'Copied to the clipboard (also shown below).' : 'The text is below, selected: press Ctrl+C to copy it.';
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
    const stopNote = r.stop ? ` Stopped: ${r.stop}.` : '';
    const fromNote = r.from ? ` Started from the fitted M${r.from}.` : '';
    const noPreset = preset ? '' : ` No published ${r.actuator} M${r.model}: the published column shows —.`;
    const caution = el('p', { className: 'msg-warn', id: 'fit-caution', role: 'status', hidden: !r.caution }, r.caution || '');
    const integNote = el('p', { className: 'note', id: 'fit-integrator-note', dataset: { integrator: integratorOf(r) } },
      integratorOf(r) === 'mujoco'
        ? 'Fitted with integrator mujoco (MuJoCo\'s Euler, q\' = q + θ̇\'·dt; both columns scored with it): the params file '
          + 'says "integrator": "mujoco", and MuJoCo replays these numbers as the fit scored them.'
        : 'Fitted with integrator bam (the reference\'s q\' = q + θ̇\'·dt + ½·a·dt², what the published files assume); '
          + 'for a model meant for MuJoCo, fit with integrator mujoco.');
    resBox.replaceChildren(el('h3', {}, `Fitted ${r.actuator} M${r.model} beside the published parameters`),
      el('p', { className: 'note', id: 'fit-shown-why', hidden: !why }, why),
      el('p', { className: 'note' }, `${r.evals} evaluations in ${r.generations} generations, ${fmtTime(r.seconds)}`
        + `${r.attempts > 1 ? ` (${r.attempts} independent tries, the better kept)` : ''}.${fromNote}${stopNote} `
        + `Training on ${r.nTrain} log${r.nTrain === 1 ? '' : 's'}, validation on ${r.nValid}${r.nValid ? '' : ' (none chosen: the validation row shows —)'}.${noPreset}`),
      caution, integNote, table,
      el('div', { className: 'row' }, el('span', { className: 'row-label' }, 'Use in'),
        link('Open in bench', benchUrl(r), 'fit-open-bench', 'The live pendulum view with these parameters (a new tab)'),
        link('Open in drive', driveUrl(r), 'fit-open-drive', 'The drive/backdrive diagram with these friction coefficients (a new tab)'),
        link('Open in MuJoCo', mujocoUrl(r), 'fit-open-mujoco', 'The In MuJoCo view with this params file: the bench live, and logs replayed through MuJoCo beside the model\'s own replay (a new tab)')),
      el('div', { className: 'row' }, el('span', { className: 'row-label' }, 'Export'), dl, copy, mj, mjb),
      status, filesBox, out, ...sensitivitySection(r));
  }

  function renderAll() {
    allBox.hidden = st.results.length < 2 && !st.job?.chain;
    if (allBox.hidden) { bars.box.hidden = true; return; }
    const thead = el('thead', {}, el('tr', {}, ...['model', 'train MAE published', 'train MAE fitted', 'valid MAE published',
      'valid MAE fitted', 'evaluations', ''].map((t) => el('th', { scope: 'col' }, t))));
    const tbody = el('tbody', {}, ...st.results.map((r) => {
      const b = el('button', { type: 'button' }, 'details');
      b.setAttribute('aria-label', `Show the fitted M${r.model} parameters`);
      b.addEventListener('click', () => showResult(r, `Shown: M${r.model}, chosen with "details".`));
      return el('tr', { dataset: { model: `m${r.model}` } }, el('th', { scope: 'row' }, `M${r.model}`),
        ...[r.presetTrain, r.train, r.presetValid, r.valid].map((v) => el('td', { className: 'num', dataset: { mae: String(v) } }, fmtMae(v))),
        el('td', { className: 'num' }, String(r.evals)), el('td', {}, b));
    }));
    allTable.replaceChildren(thead, tbody);
    bars.box.hidden = false;
    bars.chart.data.labels = st.results.map((r) => `M${r.model}`);
    bars.chart.data.datasets = [
      // no published preset: no bar (null), "—" in the table
      { label: 'published', data: st.results.map((r) => (Number.isFinite(r.presetValid) ? r.presetValid : null)), backgroundColor: '#9aa4b2' },
      { label: 'fitted', data: st.results.map((r) => r.valid), backgroundColor: COLORS[0] },
    ];
    bars.update();
  }

  return { resBox, allBox, bars, showResult, renderAll, stopSensitivity };
}
