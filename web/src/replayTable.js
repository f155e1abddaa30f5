// replayTable.js: the replay panel's results (replay.js): the table of every
// model's MAE and largest error with a Plot button each, the bar chart of the
// MAEs, and the recorded against the simulated angle of the model shown. The
// panel rp = { info, values(), table, onNote, out, bars, overlay, rows,
// shownModel } holds them.
import { COLORS } from './charts.js';
import { el } from './dom.js';
import { t } from './i18n/index.js';
import { sig3, localNumber } from './format.js';

export const labelOf = (r) => r.label || r.model.toUpperCase();
const DEG = 180 / Math.PI;

/** Every result taken away: the table, the note, the read-out and the charts. */
export function clear(rp) {
  const { table, onNote, out, bars, overlay } = rp;
  rp.rows = [];
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

/** The recorded and simulated angles of model (its row marked in the table). */
export function showOverlay(rp, model) {
  const { overlay, table } = rp;
  const r = rp.rows.find((x) => x.model === model && x.res);
  if (!r) return;
  rp.shownModel = model;
  const pts = (xs, ys) => Array.from(xs, (x, i) => ({ x, y: ys[i] }));
  overlay.chart.data.datasets = [
    { label: t('replay.recorded'), data: pts(r.res.t, r.res.logQ), borderColor: '#2b3440' },
    { label: t('replay.simulated', { model: labelOf(r) }), data: pts(r.res.t, r.res.simQ), borderColor: COLORS[0] },
    { label: t('replay.goal'), data: pts(r.res.t, r.res.goal), borderColor: '#888', borderDash: [4, 3], borderWidth: 1 },
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

/** The table and the bar chart of rp.rows, best marked. */
export function render(rp, best) {
  const { table, onNote, bars, info, values, rows } = rp;
  const thead = document.createElement('thead');
  thead.append(el('tr', {}, ...[t('replay.col.model'), 'MAE [rad]', 'MAE [°]', t('replay.col.max')]
    .map((text) => el('th', { scope: 'col', textContent: text })),
  el('th', { scope: 'col' }, el('span', { className: 'sr-only', textContent: t('replay.plot') }))));
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
    th.textContent = labelOf(r) + (r === best ? ` ${t('replay.best')}` : '');
    if (r.model === 'on-screen') th.title = t('replay.onScreen.title');
    tr.append(th);
    if (r.error) {
      const td = cell(r.error, 'na');
      td.colSpan = 4;
    } else {
      cell(sig3(r.mae), 'num').dataset.mae = String(r.mae);
      cell(sig3(r.mae * DEG), 'num');
      cell(localNumber((r.maxErr * DEG).toFixed(2)), 'num');
      const td = cell('');
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = t('replay.plot');
      b.setAttribute('aria-label', `Plot the replay under ${labelOf(r)}`);
      b.addEventListener('click', () => showOverlay(rp, r.model));
      td.append(b);
    }
    if (r === best) tr.classList.add('best');
    tbody.append(tr);
  }
  table.replaceChildren(thead, tbody);
  table.hidden = false;
  const qi = info.params.findIndex((p) => p.name === 'q_offset');
  onNote.textContent = t('replay.note', { q: values()[qi] });
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
