// mujoco/fig1Panel.js: the "Your robot" section's sub-section for the
// paper's Fig. 1 B/C, simulated: the 2R arm (examples.js, the folder make web
// copied beside the page) on the triangle path at a low or a high firmware
// gain, M1 against M4 (fig1.js, run in the worker fig1.worker.js with a
// progress bar and a Cancel button, so the page stays responsive). Panel B:
// q(t) of M1 and M4 with the path, a chart per joint; panel C: q(M1) − q(M4)
// [mrad]; a table of max and mean |Δq| and the tracking RMS. Each gain's
// figure is kept once run (the selector shows it again without a new run).
import { el, button } from '../../dom.js';
import { lineBox, COLORS } from '../../charts.js';
import { setHook, clearHook } from '../../testHooks.js';
import { t, lang } from '../../i18n/index.js';
import { mujocoUrl } from './load.js';
import { EXAMPLES, fetchExampleFiles } from '../../mujoco/examples.js';
import { FIG1 } from '../../mujoco/fig1.js';
import { startWorker } from '../../offline.js';

const R2 = EXAMPLES.find((x) => x.id === '2r');
const mrad = (x) => (1e3 * x).toFixed(2);
const SERVO_LABEL = ['MX-106', 'MX-64'];

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
  let worker = null, job = 0, running = null, sentFiles = false, files = null, boxes = null, disposed = false;
  const hookState = { get busy() { return !!running; }, get kp() { return Number(gainSel.value); },
    /** For the tests: each gain's figure (stats, dt) and the worker's run time;
     *  progressSeen: the last run's fractions; doneAt: when its figure
     *  arrived [ms, performance.now()]; showMs: the time drawing it took. */
    results: () => [...results].map(([kp, r]) => ({ kp, stats: r.fig.stats, dt: r.fig.dt, n: r.fig.t.length, ms: r.ms, loadMs: r.loadMs })),
    progressSeen: [], doneAt: null, showMs: null };
  setHook('mujoco', 'fig1', hookState);

  const say = (msg) => { err.textContent = msg; err.hidden = !msg; };

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

  /** The figure of one gain: its table and the charts B and C. */
  function show({ fig, ms, loadMs }) {
    const t0 = performance.now();
    const s = fig.stats;
    status.textContent = t('mujoco.fig1.status.done', { kp: fig.kp, seconds: fig.seconds, time: (ms / 1e3).toFixed(2), dt: fig.dt })
      + (loadMs > 50 ? ` ${t('mujoco.fig1.status.load', { load: (loadMs / 1e3).toFixed(1) })}` : '');
    const th = (x) => el('th', { scope: 'col', textContent: x });
    const row = (name, x) => el('tr', {}, el('th', { scope: 'row', textContent: name }),
      ...[x.maxDiff, x.meanDiff, x.rms.m1, x.rms.m4].map((v) => el('td', { textContent: mrad(v) })));
    figures.replaceChildren(el('table', { className: 'replay-table', id: 'mujoco-fig1-table' },
      el('caption', { textContent: t('mujoco.fig1.caption', { kp: fig.kp }) }),
      el('thead', {}, el('tr', {}, th(t('mujoco.fig1.th.joint')), th(t('mujoco.fig1.th.max')), th(t('mujoco.fig1.th.mean')),
        th(t('mujoco.fig1.th.rmsM1')), th(t('mujoco.fig1.th.rmsM4')))),
      el('tbody', {}, ...s.perJoint.map((j, i) => row(`${j.joint} (${SERVO_LABEL[i]})`, j)), row(t('mujoco.fig1.both'), s))),
    el('p', { className: 'note', id: 'mujoco-fig1-summary', textContent: t('mujoco.fig1.figures', { kp: fig.kp, max: mrad(s.maxDiff),
      mean: mrad(s.meanDiff), rmsM1: mrad(s.rms.m1), rmsM4: mrad(s.rms.m4) }) }));
    figures.hidden = false;
    charts.hidden = false;
    if (!boxes) boxes = makeCharts();
    // every step goes to the charts; Chart.js's decimation (chartSetup.js)
    // draws each line as a min-max envelope per pixel
    const pts = (ys, scale = 1, minus = null) => Array.from(fig.t, (x, k) => ({ x, y: scale * (minus ? ys[k] - minus[k] : ys[k]) }));
    FIG1.joints.forEach((j, i) => {
      const c = boxes.B[i].chart;
      c.data.datasets = [
        { label: t('mujoco.fig1.path'), data: pts(fig.path[i]), borderColor: '#57606a', borderDash: [5, 4], borderWidth: 1 },
        { label: 'M1', data: pts(fig.q.m1[i]), borderColor: COLORS[0], borderWidth: 1.5 },
        { label: 'M4', data: pts(fig.q.m4[i]), borderColor: COLORS[1], borderWidth: 1.5 },
      ];
      c.update('none');
    });
    const c = boxes.C.chart;
    c.data.datasets = FIG1.joints.map((j, i) => ({ label: `${j} (${SERVO_LABEL[i]})`, data: pts(fig.q.m1[i], 1e3, fig.q.m4[i]),
      borderColor: COLORS[3 + i], borderWidth: 1.5 }));
    c.update('none');
    hookState.showMs = performance.now() - t0;
  }

  function makeCharts() {
    const decimation = { enabled: true, algorithm: 'min-max' };
    const pair = el('div', { className: 'mujoco-fig1-b' });
    charts.append(pair);
    const B = FIG1.joints.map((j, i) => lineBox(pair, { title: t('mujoco.fig1.chartB', { joint: j, servo: SERVO_LABEL[i] }),
      description: t('mujoco.fig1.chartB.description', { joint: j }), height: 220, fileName: `fig1-b-${j}`, xName: 't [s]',
      xText: 't [s]', yText: 'q [rad]', plugins: { decimation } }));
    const C = lineBox(charts, { title: t('mujoco.fig1.chartC'), description: t('mujoco.fig1.chartC.description'), height: 200,
      fileName: 'fig1-c', xName: 't [s]', xText: 't [s]', yText: 'q(M1) − q(M4) [mrad]', plugins: { decimation } });
    return { B, C };
  }

  return {
    dispose() {
      disposed = true;
      stopWorker();
      boxes?.B.forEach((b) => b.chart.destroy());
      boxes?.C.chart.destroy();
      clearHook('mujoco', 'fig1', hookState);
    },
  };
}
