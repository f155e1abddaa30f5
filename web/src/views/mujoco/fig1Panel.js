// mujoco/fig1Panel.js: the "Your robot" section's sub-section for the
// paper's Fig. 1 B/C, simulated: the 2R arm (examples.js, the folder make web
// copied beside the page) on the triangle path at a low or a high firmware
// gain, M1 against M4 (fig1.js, run in the worker fig1.worker.js with a
// progress bar and a Cancel button, so the page stays responsive). Panel B:
// q(t) of M1 and M4 with the path, a chart per joint; panel C: q(M1) − q(M4)
// [mrad]; a table of max and mean |Δq| and the tracking RMS. Each gain's
// figure is kept once run (the selector shows it again without a new run);
// the figure drawn in fig1Figure.js.
import { el, button } from '../../dom.js';
import { setHook, clearHook } from '../../testHooks.js';
import { t, lang } from '../../i18n/index.js';
import { mujocoUrl } from './load.js';
import { EXAMPLES, fetchExampleFiles } from '../../mujoco/examples.js';
import { FIG1 } from '../../mujoco/fig1.js';
import { startWorker } from '../../offline.js';
import { fig1Figure } from './fig1Figure.js';

const R2 = EXAMPLES.find((x) => x.id === '2r');

/**
 * The sub-section, appended to parent (before `before` when given).
 * @returns {{ dispose(): void }}
 */
export function fig1Section(parent, { before = null } = {}) {
  const gainSel = el('select', { id: 'mujoco-fig1-gain', 'aria-label': t('mujoco.fig1.gain') },
    el('option', { value: String(FIG1.gains.low), textContent: t('mujoco.fig1.gain.low', { kp: FIG1.gains.low }) }),
    el('option', { value: String(FIG1.gains.high), textContent: t('mujoco.fig1.gain.high', { kp: FIG1.gains.high }) }));
  const runBtn = button(t('mujoco.fig1.run'), t('mujoco.fig1.run.title'));
  runBtn.id = 'mujoco-fig1-run';
  const cancelBtn = button(t('mujoco.fig1.cancel'));
  cancelBtn.id = 'mujoco-fig1-cancel';
  cancelBtn.disabled = true;
  const bar = el('progress', { id: 'mujoco-fig1-progress', max: 1, value: 0, hidden: true, 'aria-label': t('mujoco.fig1.progress') });
  const status = el('p', { className: 'note', id: 'mujoco-fig1-status', 'aria-live': 'polite' });
  const err = el('div', { className: 'msg-bad', id: 'mujoco-fig1-error', role: 'alert', hidden: true });
  const figures = el('div', { id: 'mujoco-fig1-figures', hidden: true });
  const charts = el('div', { className: 'mujoco-fig1-charts', id: 'mujoco-fig1-charts', hidden: true });
  const section = el('details', { className: 'mujoco-fig1', id: 'mujoco-fig1' },
    el('summary', { textContent: t('mujoco.fig1.summary') }),
    el('p', { className: 'note', textContent: t('mujoco.fig1.about', { amp1: FIG1.amp[0], amp2: FIG1.amp[1], period: FIG1.period, seconds: FIG1.seconds }) }),
    el('div', { className: 'row mujoco-fig1-run' }, el('label', { textContent: `${t('mujoco.fig1.gain')} ` }, gainSel), runBtn, cancelBtn, bar),
    status, err, figures, charts);
  parent.insertBefore(section, before);

  const results = new Map();   // kp → { fig, ms, loadMs }
  let worker = null, job = 0, running = null, sentFiles = false, files = null, disposed = false;
  const hookState = { get busy() { return !!running; }, get kp() { return Number(gainSel.value); },
    /** For the tests: each gain's figure (stats, dt) and the worker's run time;
     *  progressSeen: the last run's fractions; doneAt: when its figure
     *  arrived [ms, performance.now()]; showMs: the time drawing it took. */
    results: () => [...results].map(([kp, r]) => ({ kp, stats: r.fig.stats, dt: r.fig.dt, n: r.fig.t.length, ms: r.ms, loadMs: r.loadMs })),
    progressSeen: [], doneAt: null, showMs: null };
  setHook('mujoco', 'fig1', hookState);

  const say = (msg) => { err.textContent = msg; err.hidden = !msg; };
  // the figure of one gain: its table and the charts B and C (fig1Figure.js)
  const figure = fig1Figure(figures, charts, status);
  const show = (r) => { hookState.showMs = figure.show(r); };

  runBtn.addEventListener('click', () => { run(Number(gainSel.value)); });
  cancelBtn.addEventListener('click', () => {
    if (!running?.settle) return;
    if (running.stepping) {
      // the runs look at their messages every 50 ms: the worker stops and keeps the arm compiled
      worker.postMessage({ type: 'cancel', id: running.id });
    } else {
      // loading MuJoCo or compiling the meshes cannot be interrupted: the worker goes
      stopWorker();
      running.settle(null);
    }
  });
  function stopWorker() {
    worker?.terminate();
    worker = null;
    sentFiles = false;
  }
  gainSel.addEventListener('change', () => {
    const r = results.get(Number(gainSel.value));
    if (r) show(r);
    else status.textContent = t('mujoco.fig1.status.notRun', { kp: gainSel.value });
  });

  /** Runs the figure at kp in the worker (the 2R arm's files fetched once). */
  async function run(kp) {
    if (running) return;
    say('');
    running = { id: ++job, kp };
    runBtn.disabled = true;
    gainSel.disabled = true;
    try {
      if (!files) {
        status.textContent = t('mujoco.fig1.status.loading');
        let got;
        try {
          got = await fetchExampleFiles(R2);
        } catch (e) {
          throw new Error(t('mujoco.fig1.fetchFailed', { file: e.file ?? '?', status: e.status ?? e.message }), { cause: e });
        }
        if (!got) throw new Error(t('mujoco.fig1.missing', { how: R2.how }));
        files = got.map;
      }
      if (disposed) return;
      cancelBtn.disabled = false;
      bar.hidden = false;
      bar.removeAttribute('value');   // indeterminate while MuJoCo compiles the meshes
      hookState.progressSeen = [];
      status.textContent = t('mujoco.fig1.status.running', { kp });
      const r = await inWorker(kp);
      if (!r) { status.textContent = t('mujoco.fig1.status.cancelled', { kp }); return; }
      hookState.doneAt = performance.now();
      results.set(kp, r);
      if (Number(gainSel.value) === kp) show(r);
    } catch (e) {
      say(t('mujoco.fig1.failed', { message: e.message }));
      status.textContent = '';
    } finally {
      running = null;
      runBtn.disabled = false;
      gainSel.disabled = false;
      cancelBtn.disabled = true;
      bar.hidden = true;
    }
  }

  /** The job running.id in the worker: its result, or null when cancelled. */
  function inWorker(kp) {
    // the worker speaks the page's language (?lang=: i18n/index.js reads it
    // there); its name a string of its own, which make dist rewrites hashed
    const script = 'fig1.worker.js';
    if (!worker) worker = startWorker(script, { type: 'module' }, `?lang=${lang}`);
    const { id } = running;
    const msg = { type: 'run', id, kp, mujocoUrl: mujocoUrl() };
    // the files go once: the worker keeps them (MuJoCo compiles the meshes once)
    if (!sentFiles) { msg.files = [...files]; sentFiles = true; }
    return new Promise((resolve, reject) => {
      running.settle = resolve;
      worker.onmessage = (e) => {
        const m = e.data;
        if (m.id !== id) return;
        if (m.type === 'progress') { running.stepping = true; bar.value = m.frac; hookState.progressSeen.push(m.frac); }
        else if (m.type === 'done') resolve({ fig: m.fig, ms: m.ms, loadMs: m.loadMs });
        else if (m.type === 'cancelled') resolve(null);
        else if (m.type === 'failed') { sentFiles = false; reject(new Error(m.message)); }
      };
      worker.onerror = (e) => { e.preventDefault(); stopWorker(); reject(new Error(e.message || 'the worker stopped')); };
      worker.postMessage(msg);
    });
  }

  return {
    dispose() {
      disposed = true;
      stopWorker();
      figure.dispose();
      clearHook('mujoco', 'fig1', hookState);
    },
  };
}
