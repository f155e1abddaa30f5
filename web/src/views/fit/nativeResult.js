// fit/nativeResult.js: the result of a fit of MuJoCo's own joint (results.js):
// its parameters under MuJoCo's names and units, its MAE, its params file to
// download or copy, and the links that hand it to the In MuJoCo, Pendulum
// and drive views.
import { download } from '../../charts.js';
import { el } from '../../dom.js';
import { t } from '../../i18n/index.js';
import { nativeParams } from '../../fitModels.js';
import { nativeEntry, nativeDrivePreset } from '../../nativeFile.js';
import { fmtMae, fmtNum, fmtTime } from './text.js';
import { withLang } from './links.js';

/** The params file of a native result: the core's writer
 *  (fric_native_params_write, the file `friction fit --model native --out`
 *  writes) with the fit's MAE, logs and evaluations. */
const nativeText = (core, r) => core.native.paramsText(nativeParams(core, r.best), r.actuator,
  { train: r.train, valid: r.valid, logs: r.nTrain, evals: r.evals });

/** The result of MuJoCo's own joint: its parameters under MuJoCo's names
 *  and units, its MAE, its params file to download or copy, in resBox
 *  (why: a sentence saying why this model is the one shown). */
export function showNative({ core, presets, resBox }, r, why) {
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
    URL.createObjectURL(new Blob([nativeText(core, r)], { type: 'application/json' }))));
  const copy = el('button', { type: 'button', id: 'fit-copy' }, t('fit.res.copy'));
  const out = el('textarea', { className: 'export-text', id: 'fit-json', readOnly: true, rows: 8, hidden: true });
  out.setAttribute('aria-label', t('fit.res.text.aria'));
  copy.addEventListener('click', () => { out.value = nativeText(core, r); out.hidden = false; out.focus(); out.select(); });
  // the hand-off: the In MuJoCo view with these native params in hand, which
  // its log replay's (A) runs and Your robot's "Download MJCF with native
  // class…" writes without asking for a file
  const useIn = el('a', { className: 'button', id: 'fit-native-use', target: '_blank', rel: 'noopener',
    href: withLang(new URLSearchParams({ view: 'mujoco', 'mujoco.actuator': r.actuator, 'mujoco.native': JSON.stringify(JSON.parse(nativeText(core, r))) })) },
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
