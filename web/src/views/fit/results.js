// fit/results.js: the result of a fit beside the published parameters (the
// params file to download or copy, links to the bench and drive views with
// the fitted values) and, for "Fit all models", the table and bar chart of
// the validation MAE per model (the paper's Fig. 5). Roles: links.js (the
// params file and the links to the other views), sensitivity.js (the
// sensitivity ranges in a worker), nativeResult.js (a result of MuJoCo's own
// joint), allModels.js (the models' table and bars); this file shows an
// M-model's result and wires them.
import { download } from '../../charts.js';
import { el, symbolNodes } from '../../dom.js';
import { t } from '../../i18n/index.js';
import { mujocoSnippet, servoExport, filesText, fileButtons } from '../../exports.js';
import { fmtMae, fmtNum, fmtTime } from './text.js';
import { isNative, modelName } from '../../fitModels.js';
import { resultLinks } from './links.js';
import { sensitivity } from './sensitivity.js';
import { showNative } from './nativeResult.js';
import { allModels } from './allModels.js';

/** resultsSection(charts, { core, keys, presets, st, logs }): st = the view's
 *  { results, job }; logs: the view's logs (a result's training logs are
 *  found there by name for its sensitivity ranges); returns { resBox, allBox,
 *  bars, showResult(r), renderAll(), stopSensitivity() }. */
export function resultsSection(charts, { core, keys, presets, st, logs = [] }) {
  const resBox = el('section', { className: 'chart-box fit-result', id: 'fit-result', 'aria-label': t('fit.res.aria'), hidden: true });
  charts.append(resBox);
  const { allBox, bars, renderAll } = allModels(charts, { st, onDetails: (r, why) => showResult(r, why) });
  const { integratorOf, paramsText, benchVector, benchUrl, driveUrl, mujocoUrl } = resultLinks({ core, keys, presets });
  const sens = sensitivity({ keys, logs, integratorOf });
  const stopSensitivity = sens.stop;

  /** why: a sentence saying why this model is the one shown (after Fit all). */
  function showResult(r, why = '') {
    stopSensitivity();
    if (isNative(r.model)) {
      resBox.hidden = false;
      showNative({ core, presets, resBox }, r, why);
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
      status, filesBox, out, ...sens.section(r));
  }

  return { resBox, allBox, bars, showResult, renderAll, stopSensitivity };
}
