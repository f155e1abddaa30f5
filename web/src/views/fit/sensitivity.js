// fit/sensitivity.js: the 'Sensitivity ranges' part of a fit result
// (results.js): a button, then in a worker of its own (fitEval.js, as the
// fit) the core's ranges on the result's training logs and search space, with
// a progress bar and Cancel, drawn as a table of range bars.
import { el } from '../../dom.js';
import { localNumber } from '../../format.js';
import { t } from '../../i18n/index.js';
import { startWorker } from '../../offline.js';
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

/** The sensitivity part of the results: { section(r): its elements for
 *  result r, stop(): the running job terminated }. logs: the view's logs (a
 *  result's training logs are found there by name); integratorOf(r): the
 *  integrator the fit replayed with (links.js). */
export function sensitivity({ keys, logs, integratorOf }) {
  // the sensitivity job: a worker of its own (fitEval.js), terminated on Cancel
  let sensWorker = null;
  function stop() {
    if (sensWorker) { sensWorker.terminate(); sensWorker = null; }
  }

  /** The 'Sensitivity ranges' part of result r: a button, then in a worker
   *  (as the fit) the core's ranges on r's training logs and search space,
   *  with a progress bar (one step per parameter) and Cancel. */
  function section(r) {
    const run = el('button', { type: 'button', id: 'fit-sensitivity' }, t('fit.sens'));
    run.title = t('fit.sens.title');
    const cancel = el('button', { type: 'button', id: 'fit-sens-cancel', disabled: true }, t('fit.cancel'));
    const prog = el('progress', { id: 'fit-sens-progress', max: 1, value: 0, hidden: true });
    const text = el('span', { className: 'note', id: 'fit-sens-status', role: 'status' });
    const box = el('div', { id: 'fit-sens', dataset: { state: 'idle' } });
    const finish = (state) => {
      stop();
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
      stop();
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

  return { section, stop };
}
