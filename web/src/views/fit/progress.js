// fit/progress.js: the progress of a fit in the Fit view: the bar and its
// text, the best training MAE per CMA-ES generation, and the best
// candidate replayed on a chosen recorded log (by the coordinator while a
// fit runs, here once after it).
import { modelName, replayBest } from '../../fitModels.js';
import { lineBox, angleOverlayBox, COLORS } from '../../charts.js';
import { el } from '../../dom.js';
import { t } from '../../i18n/index.js';
import { fmtMae } from './text.js';

/** progressSection(charts, { core, logs, st }): st = the view's { actuator, job };
 *  returns { progBox, bar, progText, maeChart, overlay, overlaySel, renderOverlayChoices(),
 *  drawTrace(r), lastBest (get/set: { p, model, loss, integrator } of the best candidate) }. */
export function progressSection(charts, { core, logs, st }) {
  const progBox = el('section', { className: 'chart-box fit-progress', id: 'fit-progress-box', 'aria-label': t('fit.prog.aria') });
  const bar = el('progress', { id: 'fit-progress', max: 1, value: 0 });
  bar.setAttribute('aria-label', t('fit.prog.bar'));
  const progText = el('div', { className: 'readout', id: 'fit-progress-text', 'aria-live': 'off' }, t('fit.prog.none'));
  progBox.append(el('h3', {}, t('fit.prog.head')), bar, progText);
  charts.append(progBox);

  const maeChart = lineBox(charts, {
    title: t('fit.chart.mae'),
    description: t('fit.chart.mae.desc'),
    height: 220,
    fileName: 'fit-mae',
    xName: t('fit.chart.gen'),
    xText: t('fit.chart.gen'),
    yText: t('fit.chart.mae.y'),
    line: { borderWidth: 2 },
  });
  const overlayHead = el('div', { className: 'ctl-choice fit-overlay-pick' });
  const overlaySel = el('select', { id: 'fit-overlay-log' });
  overlaySel.setAttribute('aria-label', t('fit.overlay.aria'));
  overlayHead.append(overlaySel);
  const overlay = angleOverlayBox(charts, {
    title: t('fit.chart.overlay'),
    description: t('fit.chart.overlay.desc'),
    fileName: 'fit-replay', plugins: { decimation: { enabled: true, algorithm: 'min-max' } },
  });
  overlay.head.append(overlayHead);
  const overlayNote = el('div', { className: 'readout', id: 'fit-overlay-note' });
  overlay.box.append(overlayNote);

  function renderOverlayChoices() {
    const cur = overlaySel.value;
    overlaySel.replaceChildren(...logs.map((l, i) => el('option', { value: String(i) },
      `${l.name} (kp ${l.kp}, ${l.trajectory || '—'}, ${t(l.valid ? 'fit.role.validation' : 'fit.role.training')})`)));
    if (cur !== '' && logs[Number(cur)]) overlaySel.value = cur;
    else {
      const first = logs.findIndex((l) => !l.valid);
      overlaySel.value = String(Math.max(0, first));
    }
  }
  // While a fit runs, the coordinator replays the best candidate on the
  // chosen log (off this thread) and sends the series; after it, a change of
  // log is replayed here once.
  let lastBest = null;   // { p, model, loss, integrator }
  overlaySel.addEventListener('change', () => {
    if (st.job) st.job.coordinator.postMessage({ type: 'overlay', index: Number(overlaySel.value) });
    else if (lastBest) {
      const l = logs[Number(overlaySel.value)];
      if (!l) return;
      try {
        const r = replayBest(core, lastBest.p, st.actuator, lastBest.model, lastBest.integrator, l.log, l.name);
        drawTrace({ ...r, model: lastBest.model, index: Number(overlaySel.value) });
      } catch (e) {
        drawTrace({ error: e.message, model: lastBest.model, index: Number(overlaySel.value) });
      }
    }
  });

  /** Draws a replay of the best candidate: { t, logQ, goal, simQ, mae, model, index } or { error }. */
  function drawTrace(r) {
    const l = logs[r.index];
    if (!l) return;
    if (r.error) {
      overlayNote.textContent = t('fit.overlay.failed', { name: l.name, error: r.error });
      return;
    }
    const pts = (xs, ys) => Array.from(xs, (x, i) => ({ x, y: ys[i] }));
    overlay.chart.data.datasets = [
      { label: t('fit.overlay.recorded', { name: l.name }), data: pts(r.t, r.logQ), borderColor: '#2b3440' },
      { label: t('fit.overlay.sim', { model: modelName(r.model) }), data: pts(r.t, r.simQ), borderColor: COLORS[0] },
      { label: t('fit.overlay.goal'), data: pts(r.t, r.goal), borderColor: '#888', borderDash: [4, 3], borderWidth: 1 },
    ];
    overlay.update();
    overlayNote.textContent = t('fit.overlay.note', { name: l.name, role: t(l.valid ? 'fit.role.validation' : 'fit.role.training'), mae: fmtMae(r.mae), model: modelName(r.model) });
    overlayNote.dataset.mae = String(r.mae);
  }

  return {
    progBox, bar, progText, maeChart, overlay, overlaySel, renderOverlayChoices, drawTrace,
    get lastBest() { return lastBest; }, set lastBest(v) { lastBest = v; },
  };
}
