// scenarios.js: the systems of the papers, each run to its end in a Web
// Worker (workers/scenario.js, its own wasm instance) with a progress bar and
// a Cancel button, plotted as a min-max envelope per time bucket (every
// extreme of every step kept) with an overlay (three laws, two step sizes, or
// the naive treatments against the implicit one), and a paragraph on what to
// look at. Parameters come from the core's own descriptions.
import { version } from '../../../package.json';
import { viewLayout, messageBox } from '../layout.js';
import { chartBox, download, COLORS } from '../charts.js';
import { exportPanel, scenarioParamsToObject, scenarioParamsFromObject, reloadWithState } from '../exports.js';
import { paramPanel } from '../paramPanel.js';
import { fmtNumber } from '../format.js';
import { csvHeader } from '../csv.js';

const DEG = 180 / Math.PI;
const BUCKETS = 2000;              // envelope buckets over the run's time
const CSV_LIMIT = 200 * 1024 * 1024; // the browser's full-rate CSV stops here
const DEBOUNCE_MS = 250;
const REDRAW_MS = 500;             // chart redraws while a run streams in

const num = (v, d = 4) => fmtNumber(v, { digits: d, small: 0, big: Infinity });

export const SCENARIOS = [
  {
    name: 'joint-step', title: 'Compliant joint, 0 → 90° step (Cisneros Figs. 12–13)',
    text: 'A harmonic-drive joint under a low-gain computed-torque PD (Cisneros et al. eq. 50) steps from 0 to 90°. '
      + 'With stiction (Stribeck, rational) the joint sticks short of the goal once the PD torque falls below the '
      + 'static friction: 71.86° (Stribeck) and 70.55° (rational) at t = 5 s. Coulomb-viscous friction has no stiction '
      + 'and is still creeping (72.94° at 5 s). The paper reports 69.9° and 68.4°; with the inertia inferred from its '
      + '5.8 N·m initial torque these runs stop about 2° later (see docs/systems.md). Switch case to fig13 to add the integral '
      + 'term (eq. 51), and look at Stribeck: the joint overshoots to 99.4° and sticks at t = 1.96 s; the integral '
      + 'term ramps the reference torque down until it reaches the 2.5 N·m breakaway torque (−2.5 N·m at t = 4.43 s), '
      + 'and the joint breaks away and moves back towards the goal (92.5° at 5 s).',
    overlay: { param: 'law', values: ['coulomb-viscous', 'stribeck', 'rational'] },
    controls: ['case', 'friction', 'integral', 'kp', 'kv', 'lambda', 'M', 'K', 'B', 'T', 'duration'],
    plots: [
      { title: 'Joint angle q', cols: ['q'], ref: 'q_d', scale: DEG, unit: 'deg' },
      { title: 'Reference torque τr', cols: ['tau_r'], unit: 'N·m' },
      { title: 'Friction torque τf', cols: ['tau_f'], unit: 'N·m' },
    ],
    summary: (last, complete) => `q = ${(last.q * DEG).toFixed(2)}°${complete && last.stuck === 1 ? ', stuck (stopped)' : `, ${last.stuck === 1 ? 'stuck' : 'moving'}`}`,
  },
  {
    name: 'model-a', title: 'Model A: block stops or reverses (Kikuuwe Figs. 6–7)',
    text: 'A 1 kg block with 8 N Coulomb friction, pushed by a constant force (Kikuuwe et al. Figs. 6–7). In fig6 '
      + '(v0 = 0.7 m/s, h = −1 N) the implicit element A stops the block at exactly v = 0 where friction and push '
      + 'bring it to rest, t = 0.7/9 s (step 78 at T = 1 ms, step 20 at T = 4 ms), and holds it there; in fig7 the '
      + 'push exceeds the friction and the block reverses. Switch the treatment to explicit: the velocity chatters '
      + 'around zero instead of stopping (between −8 and +7 mm/s with 38 reversals at T = 1 ms, ±28 mm/s with 10 '
      + 'reversals at T = 4 ms).',
    overlay: { param: 'T', values: [0.001, 0.004], label: (v) => `T = ${v * 1000} ms` },
    controls: ['case', 'friction', 'law', 'v0', 'h', 'M', 'duration'],
    plots: [
      { title: 'Velocity v', cols: ['v'], unit: 'm/s' },
      { title: 'Friction force f', cols: ['f'], unit: 'N' },
    ],
    summary: (last) => `v = ${num(last.v, 3)} m/s, reversals ${last.reversals}`,
  },
  {
    name: 'two-contacts', title: 'Two masses, two contacts, stick-slip (Kikuuwe Figs. 9–11)',
    text: 'Two bodies with two model-C contacts, the base driven at u = 0.5·sin(5t) (Kikuuwe et al. Figs. 9–11; the '
      + 'configuration chosen is documented in docs/systems.md). Both contacts stick and slip in turn without chattering '
      + '(9 reversals each in 6 s; contact 1 sticks in about a third of the steps). The explicit treatment, overlaid, '
      + 'never holds a contact still: about 1000 and 1800 reversals.',
    overlay: { param: 'friction', values: ['implicit', 'explicit'] },
    controls: ['law', 'amp', 'omega', 'M1', 'M2', 'K1', 'K2', 'Kc', 'Bc', 'T', 'duration'],
    plots: [
      { title: 'Velocities v1, v2', cols: ['v1', 'v2'], unit: 'm/s' },
      { title: 'Friction forces f1, f2', cols: ['f1', 'f2'], unit: 'N' },
    ],
    summary: (last) => `reversals ${last.reversals1} / ${last.reversals2}`,
  },
  {
    name: 'models-bd', title: 'Models B and D against delayed alternatives (Kikuuwe Figs. 12–14)',
    text: 'Models B and D solve mass, compliance and friction in one implicit step; the alternatives (Fig. 12) chain '
      + 'simpler elements with a one-step delay. At K = 8.3·10⁴ and 2.5·10⁵ N/m their forces h differ by at most '
      + '0.17 and 0.35 N. At the default '
      + 'K = 7.5·10⁵ N/m the alternative to B rings with a growing step-to-step oscillation (eigenvalue −1.13, '
      + 'Kikuuwe §IV-C): |h_alt| reaches 50 N within 0.2 s while the original holds 10.1 N. Raise K to 7.5·10⁶ N/m: '
      + 'the alternative diverges, its state is no longer finite at t = 0.154 s and the run stops there with the '
      + 'core\'s message.',
    overlay: null,
    controls: ['case', 'model', 'K', 'M', 'zeta', 'T', 'duration', 'law', 'friction'],
    plots: [
      { title: 'Output force h', cols: ['h', 'h_alt'], unit: 'N' },
      { title: 'Velocity v', cols: ['v', 'v_alt'], unit: 'm/s' },
    ],
    summary: (last) => `reversals ${last.reversals} (original) / ${last.reversals_alt} (alternative)`,
  },
  {
    name: 'screw', title: 'Screw drive, driving and backdriving (Dupont Figs. 4–5)',
    text: 'A screw raising and lowering a mass under a sinusoidal motor torque (Dupont, Figs. 4–5). The efficiency '
      + 'differs between driving and backdriving (eq. 17), so the acceleration jumps where the velocity crosses zero '
      + '(for example from −22.8 to −9.1 rad/s² at t = 1.12 s). With the figure\'s g = 0 the screw rests in only 2 of '
      + '4000 steps; set '
      + 'g = 9.81 m/s² and the stiction dead band of eq. 20 holds the load (about 400 of 4000 steps), while the naive '
      + 'explicit treatment, overlaid, chatters instead (about 190 reversals against 2).',
    overlay: { param: 'friction', values: ['implicit', 'explicit'] },
    controls: ['eta1', 'eta2', 'J_zz', 'm', 'l', 'g', 'tau_amp', 'omega', 'tau_c', 'b_v', 'dt', 'duration'],
    plots: [
      { title: 'Velocity dq', cols: ['dq'], unit: 'rad/s' },
      { title: 'Acceleration ddq', cols: ['ddq'], unit: 'rad/s²' },
      { title: 'Friction torque τf', cols: ['tau_f'], unit: 'N·m' },
    ],
    summary: (last) => `reversals ${last.reversals}`,
  },
  {
    name: 'xy-table', title: 'X–Y table, load-dependent friction (Dupont Figs. 2–3)',
    text: 'An X–Y positioning table whose x-axis friction is proportional to the normal force from the y-axis '
      + 'acceleration (Dupont, Figs. 2–3). The x acceleration jumps by 2·μ·|F_N|/m when the sliding direction flips. '
      + 'The implicit treatment holds the x-axis still where it should stick (about 200 of 10 000 steps, 7 reversals '
      + 'in 10 s); the explicit treatment, overlaid, never sticks and chatters instead (about 100 reversals). Set the '
      + 'solver to general: the same table through the general acceleration solve of eq. 10 with located switching '
      + 'events (Dupont §3.1.1, §3.2) gives the same 7 reversals, x within 0.5 mm.',
    overlay: { param: 'friction', values: ['implicit', 'explicit'] },
    controls: ['solver', 'm1', 'm2', 'mu', 'F1_amp', 'F1_omega', 'F2_amp', 'F2_omega', 'dt', 'duration'],
    plots: [
      { title: 'Velocity v (x-axis)', cols: ['v'], unit: 'm/s' },
      { title: 'Friction f and normal force F_N', cols: ['f', 'F_N'], unit: 'N' },
    ],
    summary: (last) => `reversals ${last.reversals}`,
  },
  {
    name: 'carriage-screw', title: 'Screw in an arm: driving, held, backdriving (Dupont §4.3)',
    text: 'A vertical carriage (20 kg) carries a screw that lifts 10 kg under a constant motor torque of 1 N·m '
      + '(Dupont §4.3, eqs. 22–28); the force on the carriage rises by 100 N/s from 100 N, and the load torque on the '
      + 'screw with it. The screw drives the load up, slows, and stops at t = 1.979 s (F = 297.9 N): from then on the '
      + 'motor torque lies inside the dead band τ_l/η2s … τ_l/η1s of eq. 26 and stiction holds the screw. At '
      + 'F = 660 N (t = 5.6 s, the closed form F_back = (m_c + m_L)·τ_m·η2s/(m_L·l)) the band has moved past the motor '
      + 'torque and the screw breaks away backdriving: the load runs it down. Overlaid: switching by fixed steps and '
      + 'by located events (§3.1.1) give the same stop and breakaway.',
    overlay: { param: 'switching', values: ['fixed', 'events'] },
    controls: ['tau_m', 'F0', 'F_rate', 'mc', 'mL', 'J', 'l', 'eta1', 'eta2', 'eta1s', 'eta2s', 'dt', 'duration'],
    plots: [
      { title: 'Screw velocity θ̇', cols: ['dtheta'], unit: 'rad/s' },
      { title: 'Motor torque τ_m and the dead band of eq. 26', cols: ['tau_m', 'band_lo', 'band_hi'], unit: 'N·m' },
      { title: 'Carriage force F', cols: ['F'], unit: 'N' },
    ],
    summary: (last) => `${last.mode > 0 ? 'driving' : last.mode < 0 ? 'backdriving' : 'held'}, breakaways ${last.breakaways}`,
  },
];

export const LESSON = {
  notice: 'Every run goes to its end and every step is drawn: each chart keeps the smallest and largest value of '
    + 'each of 2000 time slices, so chattering shows as a band, never as a slow false pattern.',
  tryThis: [
    'Pick the model A block and set the treatment to explicit: where the implicit element holds exactly v = 0, '
      + 'the velocity chatters between −8 and +7 mm/s (38 reversals at T = 1 ms).',
    'Pick models B and D and raise K to 7.5·10⁶ N/m: the delayed alternative diverges and the run stops at '
      + 't = 0.154 s with the core\'s message, while model B holds 10.1 N.',
    'Pick the compliant joint and compare the laws: with stiction (Stribeck, rational) it sticks near 71°, '
      + 'Coulomb-viscous is still creeping at 72.9°.',
    'Pick the screw drive and set g to 9.81 m/s²: the implicit treatment holds the load in the dead band, the '
      + 'explicit one chatters (about 190 reversals against 2).',
    'Pick the joint, set T to 1e-6 s and watch the progress bar: Coulomb-viscous and Stribeck run 5 million '
      + 'steps each to t = 5 s, while the rational law is refused (1/Z = K·T + B = 50.005 is below the 53 its drop '
      + 'needs, Kikuuwe eq. 15). Cancel stops a run and the summary says where.',
  ],
};

/** Tick labels of at most about 9 characters, even for a diverging run. */
export function shortTick(v) {
  return fmtNumber(v, { digits: 4, expDigits: 1, plus: false });
}

export function mount(container, { core, state }) {
  const known = new Set(core.scenarios().map((x) => x.name));
  const available = SCENARIOS.filter((s) => known.has(s.name));
  let current = available.find((s) => s.name === state.get('scenario', '')) || available[0];

  const { side, charts } = viewLayout(container);
  container.classList.add('scenarios-view');

  // the system list: radio buttons whose labels wrap, so no title is cut off
  const picker = document.createElement('fieldset');
  picker.className = 'scn-picker';
  const legend = document.createElement('legend');
  legend.textContent = 'System';
  picker.append(legend);
  for (const s of available) {
    const lab = document.createElement('label');
    const r = document.createElement('input');
    r.type = 'radio';
    r.name = 'scenario-system';
    r.value = s.name;
    r.checked = s === current;
    r.addEventListener('change', () => {
      if (!r.checked) return;
      current = s;
      state.set({ scenario: s.name });
      build();
    });
    lab.append(r, document.createTextNode(` ${s.title}`));
    picker.append(lab);
  }
  const body = document.createElement('div');
  body.className = 'scn-body';
  side.append(picker, body);

  // --- the worker jobs (one worker for the plots, one for CSV exports)
  const workers = {};
  const handlers = {};
  function worker(kind) {
    if (!workers[kind]) {
      const w = new Worker('scenario.worker.js', { type: 'module' });
      w.onmessage = (e) => handlers[kind]?.(e.data);
      w.onerror = (e) => handlers[kind]?.({ type: 'failed', id: -1, message: e.message || 'the worker failed to start' });
      workers[kind] = w;
    }
    return workers[kind];
  }
  let jobSeq = 0;

  let boxes = [];
  let teardown = () => {};
  function build() {
    teardown();
    boxes.forEach((b) => b.chart.destroy());
    boxes = [];
    charts.replaceChildren();
    body.replaceChildren();
    const sc = current;
    const info = core.scenario(sc.name);
    const values = core.scenarioParams(sc.name);
    const key = (n) => `${sc.name}.${n}`;
    info.params.forEach((p, j) => {
      const raw = state.get(key(p.name), null);
      if (raw === null) return;
      const v = p.choices ? p.choices.indexOf(raw) : Number(raw);
      if (Number.isFinite(v) && v >= p.min && v <= p.max) values[j] = v;
    });
    const text = document.createElement('p');
    text.className = 'note';
    text.id = 'scenario-text';
    text.textContent = sc.text;
    const h = document.createElement('h3');
    h.textContent = 'Parameters';
    body.append(text, h);
    const controls = sc.controls.filter((n) => !(sc.overlay && sc.overlay.param === n));
    // Parameters a figure case fixes (the core's fixedByCase) are editable
    // only with case=custom; otherwise they hold their defaults and are disabled.
    const caseJ = info.params.findIndex((p) => p.name === 'case');
    const panel = paramPanel(body, info, values, controls, (name) => {
      // a control the figure case fixes is disabled: an event on it (a script
      // can still send one) is undone, never run
      const ctl = panel.byName[name];
      const input = ctl && (ctl.input || ctl.select);
      if (input && input.disabled) {
        const p = info.params.find((q) => q.name === name);
        panel.set(name, p.def);
        return;
      }
      if (name === 'case') syncCase();
      schedule();
    });
    function syncCase() {
      if (caseJ < 0) return;
      const custom = info.params[caseJ].choices[values[caseJ]] === 'custom';
      info.params.forEach((p, j) => {
        if (!p.fixedByCase) return;
        const ctl = panel.byName[p.name];
        if (!custom) panel.set(p.name, p.def);
        if (ctl) {
          ctl.setDisabled(!custom);
          ctl.el.title = custom ? p.help : `${p.help} — set case to custom to change it`;
        }
        if (!custom) values[j] = p.def;
      });
    }
    syncCase();

    // run status: progress of the simulated time, Cancel
    const status = document.createElement('div');
    status.className = 'scn-status';
    const bar = document.createElement('progress');
    bar.id = 'scenario-progress';
    bar.setAttribute('aria-label', 'run progress: fraction of the simulated time');
    bar.max = 1;
    bar.value = 0;
    const barText = document.createElement('span');
    barText.id = 'scenario-progress-text';
    barText.setAttribute('aria-live', 'polite');
    const cancel = document.createElement('button');
    cancel.type = 'button';
    cancel.textContent = 'Cancel';
    cancel.id = 'scenario-cancel';
    cancel.disabled = true;
    status.append(bar, cancel, barText);
    const msg = messageBox();
    msg.id = 'scenario-message';
    const sum = document.createElement('div');
    sum.className = 'readout scn-summary';
    sum.id = 'scenario-summary';
    sum.setAttribute('aria-live', 'polite');

    // full-rate CSV export
    const exp = document.createElement('div');
    exp.className = 'scn-export';
    const csvBtn = document.createElement('button');
    csvBtn.type = 'button';
    csvBtn.id = 'scenario-csv';
    csvBtn.textContent = 'Full-rate CSV (every step)';
    csvBtn.title = `Re-runs the scenario and writes every step with a header of all parameters; up to ${CSV_LIMIT / 1048576} MB`;
    const csvBar = document.createElement('progress');
    csvBar.setAttribute('aria-label', 'CSV export progress: fraction of the simulated time');
    csvBar.max = 1;
    csvBar.hidden = true;
    const csvCancel = document.createElement('button');
    csvCancel.type = 'button';
    csvCancel.textContent = 'Cancel export';
    csvCancel.hidden = true;
    const csvMsg = document.createElement('div');
    csvMsg.className = 'note';
    csvMsg.id = 'scenario-csv-status';
    csvMsg.setAttribute('aria-live', 'polite');
    exp.append(csvBtn, csvCancel, csvBar, csvMsg);
    // the run's state sits above the charts it concerns
    const run = document.createElement('section');
    run.className = 'scn-run';
    run.setAttribute('aria-label', 'Run');
    run.append(status, msg, sum);
    charts.append(run);
    body.append(exp);

    boxes = sc.plots.map((p) => chartBox(charts, {
      title: p.title, description: `${p.title} against time`, height: 230,
      fileName: `${sc.name}-${p.cols.join('-')}-envelope`, xName: 't [s]',
      config: {
        type: 'line', data: { datasets: [] },
        options: {
          scales: {
            x: { type: 'linear', title: { display: true, text: 't [s]' }, ticks: { callback: shortTick } },
            y: { type: 'linear', title: { display: true, text: `${p.cols.join(', ')} [${p.unit}]` }, ticks: { callback: shortTick } },
          },
          plugins: { legend: { position: 'bottom' } },
          elements: { point: { radius: 0 }, line: { borderWidth: 1.5 } },
        },
      },
    }));
    const envNote = document.createElement('div');
    envNote.className = 'note';
    envNote.textContent = `Every step of each run is drawn as a min–max envelope of ${BUCKETS} time slices: `
      + 'the first, smallest, largest and last value of each slice (the chart CSV holds these points; the full-rate '
      + 'CSV on the left holds every step).';
    charts.append(envNote);

    // the variants of one run: the overlay's values, or the parameters alone
    function variants() {
      const list = sc.overlay ? sc.overlay.values : [null];
      const oj = sc.overlay ? info.params.findIndex((p) => p.name === sc.overlay.param) : -1;
      return list.map((v) => {
        const p = Array.from(values);
        if (oj >= 0) p[oj] = info.params[oj].choices ? info.params[oj].choices.indexOf(v) : v;
        const label = v === null ? '' : sc.overlay.label ? sc.overlay.label(v) : String(v);
        return { label, value: v, params: p };
      });
    }
    const durJ = info.params.findIndex((p) => p.name === 'duration');

    // ---- the plot job
    let job = null;
    let timer = 0;
    let drawPending = 0;
    // charts redraw at most every REDRAW_MS while a run streams in
    let lastDraw = 0;
    function drawSoon(now) {
      if (drawPending && !now) return;
      clearTimeout(drawPending);
      const wait = now ? 0 : Math.max(0, lastDraw + REDRAW_MS - performance.now());
      // one chart per task, so a frame can come between two redraws
      let next = 0;
      const one = () => {
        const b = boxes[next++];
        if (b) b.update();
        drawPending = next < boxes.length ? setTimeout(one, 0) : 0;
      };
      drawPending = setTimeout(() => { lastDraw = performance.now(); one(); }, wait);
    }
    function schedule() {
      stop();
      clearTimeout(timer);
      barText.textContent = 'waiting for the controls to settle…';
      timer = setTimeout(start, DEBOUNCE_MS);
    }
    function stop() {
      if (job && !job.ended) {
        worker('plot').postMessage({ type: 'cancel', id: job.id });
        job.ended = true;
      }
    }
    function start() {
      const saved = {};
      info.params.forEach((p, j) => { saved[key(p.name)] = p.choices ? p.choices[values[j]] : values[j]; });
      state.set({ scenario: sc.name, ...saved });
      const vs = variants();
      const cols = [...new Set(sc.plots.flatMap((p) => [...p.cols, ...(p.ref ? [p.ref] : [])]))];
      job = { id: ++jobSeq, vs, results: vs.map(() => null), ended: false, duration: durJ >= 0 ? values[durJ] : 0 };
      // datasets: one per variant and column, filled as the worker streams
      job.sets = sc.plots.map((plot) => {
        const ds = [];
        const refs = [];
        vs.forEach((v, ri) => {
          plot.cols.forEach((c, ci) => {
            const d = { label: `${c}${v.label ? ` (${v.label})` : ''}`, data: [], borderColor: COLORS[(ri * plot.cols.length + ci) % COLORS.length], backgroundColor: COLORS[(ri * plot.cols.length + ci) % COLORS.length],
              borderDash: ci ? [6, 3] : undefined, col: c, variant: ri };
            ds.push(d);
          });
          if (plot.ref && ri === 0) refs.push({ label: plot.ref, data: [], borderColor: '#888', borderDash: [4, 3], col: plot.ref, variant: 0 });
        });
        return [...ds, ...refs];
      });
      msg.hidden = true;
      msg.textContent = '';
      sum.textContent = '';
      bar.value = 0;
      cancel.disabled = false;
      barText.textContent = `running: 0 % of the simulated time`;
      handlers.plot = onPlotMessage;
      worker('plot').postMessage({ type: 'plot', id: job.id, name: sc.name, buckets: BUCKETS, cols,
        variants: vs.map((v) => ({ label: v.label, params: v.params })) });
    }
    cancel.addEventListener('click', () => {
      if (!job || job.ended) return;
      worker('plot').postMessage({ type: 'cancel', id: job.id });
      cancel.disabled = true;
      barText.textContent = 'cancelling…';
    });

    function onPlotMessage(m) {
      if (m.id === -1) { msg.hidden = false; msg.textContent = m.message; return; }
      if (!job || m.id !== job.id) return; // a superseded job
      if (m.type === 'failed') {
        job.ended = true;
        msg.hidden = false;
        msg.textContent = m.message;
        cancel.disabled = true;
        return;
      }
      // the previous run's curves stay until the new one has its first points
      if (!job.shown && (m.points || m.type === 'done')) {
        job.shown = true;
        boxes.forEach((b, pi) => {
          const y = b.chart.options.scales.y;
          delete y.min;
          delete y.max;
          b.chart.data.datasets = job.sets[pi];
        });
      }
      if (m.points) {
        sc.plots.forEach((plot, pi) => {
          for (const d of job.sets[pi]) {
            if (d.variant !== m.variant) continue;
            const p = m.points[d.col];
            if (!p) continue;
            const s = plot.scale || 1;
            for (let i = 0; i < p.length; i += 2) d.data.push({ x: p[i], y: p[i + 1] * s });
          }
        });
        drawSoon();
      }
      if (m.type === 'progress') {
        bar.value = m.frac;
        const v = job.vs[m.variant];
        barText.textContent = `running${v.label ? ` ${v.label}` : ''}: ${(m.frac * 100).toFixed(0)} % of the simulated time`
          + ` (t = ${num(m.t, 4)} of ${num(job.duration, 4)} s)`;
      } else if (m.type === 'variant') {
        job.results[m.variant] = { last: m.last, error: m.error, rows: m.rows };
        showResults();
        drawSoon(true);
      } else if (m.type === 'cancelled') {
        job.ended = true;
        job.results[m.variant] = { last: m.last, cancelled: true };
        cancel.disabled = true;
        const t = m.last ? m.last.t : 0;
        barText.textContent = `cancelled at t = ${num(t, 6)} s of ${num(job.duration, 4)} s`
          + `${job.vs[m.variant].label ? ` (${job.vs[m.variant].label})` : ''}`;
        showResults();
        drawSoon(true);
      } else if (m.type === 'done') {
        job.ended = true;
        cancel.disabled = true;
        bar.value = 1;
        const failed = job.results.map((r, ri) => (r && r.error ? job.vs[ri].label || sc.name : null)).filter(Boolean);
        barText.textContent = failed.length ? `ended: ${failed.join(', ')} stopped early or could not start (see the message)`
          : `complete: 100 % (t = ${num(job.duration, 6)} s${job.vs.length > 1 ? ` in each of ${job.vs.length} runs` : ''})`;
        showResults();
      }
    }

    function showResults() {
      const lines = [], errors = [];
      let tErr = Infinity;
      job.results.forEach((r, ri) => {
        if (!r) return;
        const label = job.vs[ri].label;
        const who = label || sc.name;
        if (!r.last) {
          if (r.error) errors.push(`${label ? `${label}: ` : ''}${r.error}`);
          else lines.push(`${who}: cancelled before the first row`);
          return;
        }
        const t = r.last.t;
        if (r.cancelled) lines.push(`${who}: cancelled at t = ${num(t, 6)} s: ${sc.summary(r.last, false)}`);
        else if (r.error) {
          tErr = Math.min(tErr, t);
          lines.push(`${who}: stopped at t = ${num(t, 6)} s (diverged): ${sc.summary(r.last, false)}`);
          errors.push(`${label ? `${label}: ` : ''}diverged (last finite row at t = ${num(t, 6)} s). ${r.error}`);
        } else lines.push(`${who}: at t = ${num(t, 6)} s, ${sc.summary(r.last, true)}`);
      });
      sum.textContent = lines.join('\n');
      msg.hidden = errors.length === 0;
      msg.textContent = errors.join('\n');
      if (Number.isFinite(tErr)) clampDiverged(tErr);
    }

    // A diverging run grows without bound before it stops. The y axis keeps
    // the curves that stayed bounded (max |y| within 1000 times the calmest
    // curve's) with room around them; if every curve grows, the values up to
    // half the time of the divergence.
    function clampDiverged(tErr) {
      const notes = [];
      sc.plots.forEach((plot, pi) => {
        const sets = job.sets[pi].filter((d) => d.data.length);
        const peak = sets.map((d) => d.data.reduce((m, p) => Math.max(m, Math.abs(p.y)), 0));
        const ref = Math.max(Math.min(...peak), 1e-300);
        let calm = sets.filter((d, i) => peak[i] <= 1e3 * ref);
        let upTo = Infinity;
        if (calm.length === sets.length) { calm = sets; upTo = tErr / 2; }
        let lo = Infinity, hi = -Infinity;
        for (const d of calm) {
          for (const p of d.data) {
            if (p.x > upTo) break;
            if (p.y < lo) lo = p.y;
            if (p.y > hi) hi = p.y;
          }
        }
        if (!(hi >= lo)) return;
        const pad = Math.max(hi - lo, Math.abs(hi) * 0.1, 1e-9);
        const y = boxes[pi].chart.options.scales.y;
        y.min = lo - pad;
        y.max = hi + pad;
        const out = sets.filter((d) => !calm.includes(d)).map((d) => d.label);
        notes.push(`${plot.title}: ${out.length ? `${out.join(', ')} leaves the y axis` : `y axis up to t = ${num(upTo, 4)} s`}`);
      });
      msg.textContent += `\nAxes clamped to the bounded values: ${notes.join('; ')}.`;
      drawSoon(true);
    }

    // ---- full-rate CSV
    let csvJob = null;
    function csvHead(vs) {
      const lines = [`# Friction Explorer ${version}: scenario ${sc.name} (${sc.title})`,
        '# every simulation step, no thinning; generated in the browser by the wasm build of the core',
        '# parameters (name = value [unit]: meaning):'];
      info.params.forEach((p, j) => {
        if (sc.overlay && p.name === sc.overlay.param) {
          lines.push(`# ${p.name} = ${vs.map((v) => v.value).join(' | ')} [${p.unit || '-'}]: one run each (column "run"); ${p.help}`);
          return;
        }
        const v = p.choices ? p.choices[values[j]] : values[j];
        lines.push(`# ${p.name} = ${v} [${p.choices ? 'choice' : p.unit || '-'}]: ${p.help}`);
      });
      lines.push(`# columns: ${sc.overlay ? 'run [-], ' : ''}${info.cols.map((c) => `${c.name} [${c.unit || '-'}]`).join(', ')}`);
      lines.push(csvHeader([...(sc.overlay ? [{ name: 'run' }] : []), ...info.cols]));
      return `${lines.join('\n')}\n`;
    }
    function cliCommand(v) {
      const args = info.params.map((p, j) => {
        const x = v.params[j];
        if (x === p.def && !(sc.overlay && p.name === sc.overlay.param)) return null;
        return `${p.name}=${p.choices ? p.choices[x] : x}`;
      }).filter(Boolean);
      const file = `${sc.name}${v.label ? `-${String(v.value)}` : ''}.csv`;
      return `friction run ${sc.name}${args.length ? ` ${args.join(' ')}` : ''} > ${file}`;
    }
    function csvDone(text, busy) {
      csvBar.hidden = !busy;
      csvCancel.hidden = !busy;
      csvBtn.disabled = busy;
      csvMsg.replaceChildren(text);
    }
    csvBtn.addEventListener('click', () => {
      const vs = variants();
      csvJob = { id: ++jobSeq, vs };
      csvBar.value = 0;
      csvDone('exporting: 0 %', true);
      handlers.csv = (m) => {
        if (!csvJob || m.id !== csvJob.id) { if (m.id === -1) csvDone(m.message, false); return; }
        if (m.type === 'progress') {
          csvBar.value = m.frac;
          csvMsg.textContent = `exporting: ${(m.frac * 100).toFixed(0)} % (t = ${num(m.t, 4)} s)`;
        } else if (m.type === 'done') {
          download(`${sc.name}.csv`, URL.createObjectURL(m.blob));
          csvDone(`wrote ${sc.name}.csv: ${(m.bytes / 1048576).toFixed(2)} MB, every step`, false);
          csvJob = null;
        } else if (m.type === 'too-big') {
          const box = document.createElement('div');
          box.append(`The CSV would be about ${(m.estimate / 1048576).toFixed(0)} MB, more than the ${CSV_LIMIT / 1048576} MB `
            + `this page writes (stopped at t = ${num(m.t, 4)} s). Run the command-line tool instead:`);
          for (const v of csvJob.vs) {
            const code = document.createElement('code');
            code.className = 'scn-cli';
            code.textContent = cliCommand(v);
            box.append(code);
          }
          csvDone(box, false);
          csvJob = null;
        } else if (m.type === 'cancelled') {
          csvDone('export cancelled; nothing written', false);
          csvJob = null;
        } else if (m.type === 'failed') {
          csvDone(`export failed: ${m.message}`, false);
          csvJob = null;
        } else if (m.type === 'variant' && m.error) {
          csvMsg.textContent = `${m.error} (the rows before the failing step are written)`;
        }
      };
      worker('csv').postMessage({ type: 'csv', id: csvJob.id, name: sc.name, head: csvHead(vs), limit: CSV_LIMIT,
        variants: vs.map((v) => ({ label: v.label ? String(v.value) : '', params: v.params })) });
    });
    csvCancel.addEventListener('click', () => { if (csvJob) worker('csv').postMessage({ type: 'cancel', id: csvJob.id }); });

    teardown = () => {
      clearTimeout(timer);
      clearTimeout(drawPending);
      stop();
      if (csvJob) worker('csv').postMessage({ type: 'cancel', id: csvJob.id });
      csvJob = null;
    };
    start();
  }
  build();
  // research exports (exports.js): {"scenario": name, "params": {name: value}};
  // the params object is a file for `friction run <scenario> params=`
  exportPanel(side, {
    fileName: 'scenario',
    getParams: () => {
      const info = core.scenario(current.name);
      const v = core.scenarioParams(current.name);
      info.params.forEach((p, j) => {
        const raw = state.get(`${current.name}.${p.name}`, null);
        const x = raw === null ? NaN : p.choices ? p.choices.indexOf(raw) : Number(raw);
        if (Number.isFinite(x) && x >= p.min && x <= p.max) v[j] = x;
      });
      return { scenario: current.name, params: scenarioParamsToObject(info, v) };
    },
    setParams: (obj) => {
      if (!obj || typeof obj !== 'object' || Array.isArray(obj)) throw new Error('Expected one JSON object {"scenario": …, "params": {…}}.');
      const extra = Object.keys(obj).find((k) => k !== 'scenario' && k !== 'params');
      if (extra) throw new Error(`unknown key \`${extra}\`: the keys are scenario and params.`);
      const sc = available.find((x) => x.name === obj.scenario);
      if (!sc) throw new Error(`\`scenario\` = ${JSON.stringify(obj.scenario)} is not one of ${available.map((x) => x.name).join(', ')}.`);
      const info = core.scenario(sc.name);
      const o = scenarioParamsToObject(info, scenarioParamsFromObject(core, info, obj.params ?? {}));
      reloadWithState(state, { scenario: sc.name, ...Object.fromEntries(Object.entries(o).map(([k, x]) => [`${sc.name}.${k}`, x])) });
    },
  });
  return {
    dispose() {
      teardown();
      Object.values(workers).forEach((w) => w.terminate());
      boxes.forEach((b) => b.chart.destroy());
    },
  };
}
