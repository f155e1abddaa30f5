// fit/allModels.js: "Fit all models" (results.js): the table of the
// training and validation MAE per model, published and fitted, with its CSV
// and the sentence on what MuJoCo's own joint leaves, and the bar chart of
// the validation MAE per model (the paper's Fig. 5).
import { modelBarsBox, download, COLORS } from '../../charts.js';
import { el } from '../../dom.js';
import { t } from '../../i18n/index.js';
import { isNative, modelName, modelValue } from '../../fitModels.js';
import { csvText, csvUrl } from '../../csv.js';
import { fmtMae } from './text.js';

/** The models' table and bars, appended to charts; st = the view's
 *  { results, job }; onDetails(r, why): a row's "details" button. Returns
 *  { allBox, bars, renderAll() }. */
export function allModels(charts, { st, onDetails }) {
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
      b.addEventListener('click', () => onDetails(r, t('fit.all.details.why', { model: modelName(r.model) })));
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

  return { allBox, bars, renderAll };
}
