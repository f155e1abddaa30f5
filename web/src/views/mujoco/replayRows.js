// mujoco/replayRows.js: the replay panel's table (replay.js): one log's
// rows (replay, MAE, vs the model's own replay), or several logs' rows and
// their mean, and the sentence under it: does MuJoCo (C) replay the model as
// its own replay does?
import { el } from '../../dom.js';
import { t } from '../../i18n/index.js';
import { maeText, localNumber } from '../../format.js';
import { TREATMENTS } from '../../mujoco/sim.js';

const th = (text) => el('th', { textContent: text });
const vs = (mae, ref) => `${localNumber(((mae / ref - 1) * 100).toFixed(1))} %`;
const C = 1 + TREATMENTS.findIndex((tm) => tm.id === 'implicit');   // the row of (C)
/** |(C) − the model's own| [rad], as text */
const gap = (rows) => Math.abs(rows[C].mae - rows[0].mae);
const gapText = (d) => (d === 0 ? '0 rad' : `${localNumber(d.toPrecision(2))} rad`);

/** The sentence under the table: does MuJoCo (C) replay the model as its
 *  own replay does? (per log: the largest gap) */
function sayAgreement({ agree, results }, done, integrator) {
  const worst = Math.max(...done.map((d) => gap(d.rows)));
  const rel = Math.max(...done.map((d) => Math.abs(d.rows[C].mae / d.rows[0].mae - 1)));
  results.integrator = integrator;
  results.worstGap = worst;
  agree.dataset.integrator = integrator;
  agree.textContent = integrator === 'mujoco'
    ? t('mujoco.agree.mujoco', { what: done.length === 1 ? t('mujoco.agree.theLog') : t('mujoco.agree.each', { n: done.length }), gap: gapText(worst) })
    : t('mujoco.agree.bam', { pct: (rel * 100).toFixed(1), gap: gapText(worst) });
  agree.hidden = false;
}

/** The replayed logs done ([{ name, rows }], rows: the model's own replay,
 *  then (A), (B), (C)) shown: the line out, the table, the sentence agree;
 *  results (the test hook) gets the rows. what: the bench in words; integ(),
 *  treatName(): the model's integrator and its friction treatment's name. */
export function showReplay({ out, table, agree, results }, done, { what, integ, treatName }) {
  // the mean of each row over the logs (one log: its own rows)
  const rows = done[0].rows.map((r, k) => ({ ...r, mae: done.reduce((a, d) => a + d.rows[k].mae, 0) / done.length,
    samples: done.reduce((a, d) => a + d.rows[k].samples, 0) }));
  results.rows = rows;
  results.log = done.length === 1 ? done[0].name : `${done.length} logs`;
  results.logs = done;
  const refMae = rows[0].mae;
  if (done.length === 1) {
    out.textContent = t('mujoco.replay.one', { name: done[0].name, n: rows[0].samples, what });
    table.replaceChildren(el('thead', {}, el('tr', {}, ...t('mujoco.replay.cols1').split('|').map(th))),
      el('tbody', {}, ...rows.map((r) => el('tr', { dataset: { replay: r.id } }, el('td', { textContent: r.label }),
        el('td', { textContent: maeText(r.mae) }), el('td', { textContent: r.id === 'bench' ? '—' : vs(r.mae, refMae) })))));
  } else {
    out.textContent = t('mujoco.replay.many', { n: done.length, samples: rows[0].samples, what });
    const head = [t('mujoco.replay.log'), t('mujoco.replay.ownCol', { integ: integ(), treatName: treatName() }),
      ...done[0].rows.slice(1).map((r) => r.label), t('mujoco.replay.gapCol')];
    const line = (label, rs, id) => el('tr', { dataset: { replay: id } }, el('td', { textContent: label }),
      ...rs.map((r) => el('td', { textContent: maeText(r.mae) })), el('td', { className: 'num', dataset: { gap: String(gap(rs)) } }, gapText(gap(rs))));
    table.replaceChildren(el('thead', {}, el('tr', {}, ...head.map(th))),
      el('tbody', {}, ...done.map((d) => line(d.name, d.rows, 'log')), line(t('mujoco.replay.mean', { n: done.length }), rows, 'mean'),
        el('tr', { dataset: { replay: 'vs' } }, el('td', { textContent: t('mujoco.replay.meanVs') }), el('td', { textContent: '—' }),
          ...rows.slice(1).map((r) => el('td', { textContent: vs(r.mae, refMae) })), el('td', { textContent: '—' }))));
  }
  table.hidden = false;
  sayAgreement({ agree, results }, done, integ());
}
