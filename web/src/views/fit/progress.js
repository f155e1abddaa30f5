// fit/progress.js: the progress of a fit in the Fit view: the bar and its
// text, the best training MAE per CMA-ES generation, and the best
// candidate replayed on a chosen recorded log (by the coordinator while a
// fit runs, here once after it).
import { lineBox, angleOverlayBox, COLORS } from '../../charts.js';
import { el } from '../../dom.js';
import { fmtMae } from './text.js';

/** progressSection(charts, { core, logs, st }): st = the view's { actuator, job };
 *  returns { progBox, bar, progText, maeChart, overlay, overlaySel, renderOverlayChoices(),
 *  drawTrace(r), lastBest (get/set: { p, model, loss, integrator } of the best candidate) }. */
export function progressSection(charts, { core, logs, st }) {
  const progBox = el('section', { className: 'chart-box fit-progress', id: 'fit-progress-box', 'aria-label': 'Progress of the fit' });
  const bar = el('progress', { id: 'fit-progress', max: 1, value: 0 });
  bar.setAttribute('aria-label', 'Evaluations done of the budget');
  const progText = el('div', { className: 'readout', id: 'fit-progress-text', 'aria-live': 'off' }, 'No fit yet.');
  progBox.append(el('h3', {}, 'Progress'), bar, progText);
  charts.append(progBox);

  const maeChart = lineBox(charts, {
    title: 'Best training MAE per generation',
    description: 'Line chart: the best training MAE found so far, per CMA-ES generation, one line per model',
    height: 220,
    fileName: 'fit-mae',
    xName: 'generation',
    xText: 'generation',
    yText: 'best training MAE [rad]',
    line: { borderWidth: 2 },
  });
  const overlayHead = el('div', { className: 'ctl-choice fit-overlay-pick' });
  const overlaySel = el('select', { id: 'fit-overlay-log' });
  overlaySel.setAttribute('aria-label', 'The recorded log the best candidate is replayed on');
  overlayHead.append(overlaySel);
  const overlay = angleOverlayBox(charts, {
    title: 'Best candidate replayed on a recorded log',
    description: 'Recorded joint angle of the chosen log and the angle simulated with the best parameters so far',
    fileName: 'fit-replay', plugins: { decimation: { enabled: true, algorithm: 'min-max' } },
  });
  overlay.head.append(overlayHead);
  const overlayNote = el('div', { className: 'readout', id: 'fit-overlay-note' });
  overlay.box.append(overlayNote);

  function renderOverlayChoices() {
    const cur = overlaySel.value;
    overlaySel.replaceChildren(...logs.map((l, i) => el('option', { value: String(i) },
      `${l.name} (kp ${l.kp}, ${l.trajectory || '—'}, ${l.valid ? 'validation' : 'training'})`)));
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
        const r = core.bench.replay(core.fit.benchParams(lastBest.p, st.actuator, lastBest.model, lastBest.integrator), l.log, l.name);
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
      overlayNote.textContent = `The best candidate could not be replayed on ${l.name}: ${r.error}`;
      return;
    }
    const pts = (xs, ys) => Array.from(xs, (x, i) => ({ x, y: ys[i] }));
    overlay.chart.data.datasets = [
      { label: `recorded θ (${l.name})`, data: pts(r.t, r.logQ), borderColor: '#2b3440' },
      { label: `simulated θ, best M${r.model} so far`, data: pts(r.t, r.simQ), borderColor: COLORS[0] },
      { label: 'goal', data: pts(r.t, r.goal), borderColor: '#888', borderDash: [4, 3], borderWidth: 1 },
    ];
    overlay.update();
    overlayNote.textContent = `${l.name} (${l.valid ? 'validation' : 'training'}): MAE ${fmtMae(r.mae)} rad of the best M${r.model} candidate`;
    overlayNote.dataset.mae = String(r.mae);
  }

  return {
    progBox, bar, progText, maeChart, overlay, overlaySel, renderOverlayChoices, drawTrace,
    get lastBest() { return lastBest; }, set lastBest(v) { lastBest = v; },
  };
}
