// scenarios/panels.js: a run's panels: its status (progress of the simulated
// time, Cancel, the core's message, the summary) above the charts it
// concerns, the full-rate CSV's button and progress, and the envelope charts.
import { t } from '../../i18n/index.js';
import { messageBox } from '../../layout.js';
import { chartBox } from '../../charts.js';
import { el } from '../../dom.js';
import { BUCKETS, CSV_LIMIT, columnLabel } from './catalogue.js';

/** The panels of system sc in charts and body: { ui, boxes }. */
export function runPanels(charts, body, sc) {
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

  const boxes = sc.plots.map((p) => chartBox(charts, {
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
  return { ui: { bar, barText, cancel, msg, sum, csvBtn, csvBar, csvCancel, csvMsg }, boxes };
}
