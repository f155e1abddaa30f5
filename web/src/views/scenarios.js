// scenarios.js: the systems of the papers, each run to the end on every
// change and plotted with an overlay (three laws, two step sizes, or the
// naive treatments against the implicit one), with a paragraph on what to
// look at. Parameters come from the core's own descriptions.
import { choiceControl } from '../controls.js';
import { viewLayout, messageBox } from '../layout.js';
import { chartBox, COLORS } from '../charts.js';
import { exportPanel, scenarioParamsToObject, scenarioParamsFromObject, reloadWithState } from '../exports.js';
import { paramPanel } from '../paramPanel.js';

const DEG = 180 / Math.PI;
const MAX_ROWS = 400000;
const MAX_POINTS = 1500;

export const SCENARIOS = [
  {
    name: 'joint-step', title: 'Cisneros: compliant joint, 0 → 90° step',
    text: 'A harmonic-drive joint under a low-gain computed-torque PD (Cisneros et al. eq. 50) steps from 0 to 90°. '
      + 'With stiction (Stribeck, rational) the joint stops dead short of the goal once the PD torque falls below the '
      + 'static friction; Coulomb-viscous friction has no stiction and creeps on. Switch case to fig13 to add the '
      + 'integral term (eq. 51): the torque ramps up while the joint sticks until it reaches Fs = 2.5 N·m, the joint '
      + 'jumps, and the sawtooth repeats. The paper reports stops at 69.9° (Stribeck) and 68.4° (rational); with the '
      + 'inertia inferred from its 5.8 N·m initial torque these runs stop about 2° later (see README).',
    overlay: { param: 'law', values: ['coulomb-viscous', 'stribeck', 'rational'] },
    controls: ['case', 'friction', 'integral', 'kp', 'kv', 'lambda', 'M', 'K', 'B', 'T', 'duration'],
    plots: [
      { title: 'Joint angle q', cols: ['q'], ref: 'q_d', scale: DEG, unit: 'deg' },
      { title: 'Reference torque τr', cols: ['tau_r'], unit: 'N·m' },
      { title: 'Friction torque τf', cols: ['tau_f'], unit: 'N·m' },
    ],
    summary: (last) => `stops at q = ${(last.q * DEG).toFixed(2)}°`,
  },
  {
    name: 'model-a', title: 'Kikuuwe: model A, zero-velocity reaching and reversal',
    text: 'A 1 kg block with 8 N Coulomb friction, pushed by a constant force (Kikuuwe et al. Figs. 6–7). The implicit '
      + 'element A stops the block at exactly zero velocity at the step predicted by hand, at T = 1 ms and 4 ms alike '
      + '(fig6), or lets it reverse when the push exceeds the friction (fig7). Switch the treatment to explicit to see '
      + 'the velocity chatter around zero instead.',
    overlay: { param: 'T', values: [0.001, 0.004], label: (v) => `T = ${v * 1000} ms` },
    controls: ['case', 'friction', 'law', 'v0', 'h', 'M', 'duration'],
    plots: [
      { title: 'Velocity v', cols: ['v'], unit: 'm/s' },
      { title: 'Friction force f', cols: ['f'], unit: 'N' },
    ],
    summary: (last) => `final v = ${last.v.toExponential(2)} m/s, reversals ${last.reversals}`,
  },
  {
    name: 'two-contacts', title: 'Kikuuwe: two masses, two frictional contacts (stick-slip)',
    text: 'Two bodies with two model-C contacts, the base driven at u = 0.5·sin(5t) (Kikuuwe et al. Figs. 9–11; the '
      + 'configuration chosen is documented in the README). Both contacts stick and slip in turn without chattering. '
      + 'The explicit treatment, overlaid, cannot hold either contact still.',
    overlay: { param: 'friction', values: ['implicit', 'explicit'] },
    controls: ['law', 'amp', 'omega', 'M1', 'M2', 'K1', 'K2', 'Kc', 'Bc', 'T', 'duration'],
    plots: [
      { title: 'Velocities v1, v2', cols: ['v1', 'v2'], unit: 'm/s' },
      { title: 'Friction forces f1, f2', cols: ['f1', 'f2'], unit: 'N' },
    ],
    summary: (last) => `reversals ${last.reversals1} / ${last.reversals2}`,
  },
  {
    name: 'models-bd', title: 'Kikuuwe: models B and D against their delayed alternatives',
    text: 'Models B and D solve mass, compliance and friction in one implicit step; the alternatives (Fig. 12) chain '
      + 'simpler elements with a one-step delay. Raise the stiffness K: the originals stay calm, the alternatives ring '
      + 'and, for B at 7.5·10⁵ N/m, diverge (the run then ends with the core\'s error message).',
    overlay: null,
    controls: ['case', 'model', 'K', 'M', 'zeta', 'T', 'duration', 'law', 'friction'],
    plots: [
      { title: 'Output force h (model B)', cols: ['h', 'h_alt'], unit: 'N' },
      { title: 'Velocity v', cols: ['v', 'v_alt'], unit: 'm/s' },
    ],
    summary: (last) => `reversals ${last.reversals} (original) / ${last.reversals_alt} (alternative)`,
  },
  {
    name: 'screw', title: 'Dupont: screw drive, driving and backdriving',
    text: 'A screw raising and lowering a mass (Dupont, Figs. 4–5). The efficiency differs between driving and '
      + 'backdriving (eq. 17), so the acceleration jumps when the motor torque changes sign relative to the motion, '
      + 'and a stiction dead band holds the screw. Overlaid: the naive explicit treatment.',
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
    name: 'xy-table', title: 'Dupont: X–Y table with load-dependent friction',
    text: 'An X–Y positioning table whose x-axis friction is proportional to the normal force from the y-axis '
      + 'acceleration (Dupont, Figs. 2–3). The x acceleration jumps by 2·μ·|F_N|/m when the sliding direction flips; '
      + 'the explicit treatment, overlaid, chatters while the x-axis should stick.',
    overlay: { param: 'friction', values: ['implicit', 'explicit'] },
    controls: ['m1', 'm2', 'mu', 'F1_amp', 'F1_omega', 'F2_amp', 'F2_omega', 'dt', 'duration'],
    plots: [
      { title: 'Velocity v (x-axis)', cols: ['v'], unit: 'm/s' },
      { title: 'Friction f and normal force F_N', cols: ['f', 'F_N'], unit: 'N' },
    ],
    summary: (last) => `reversals ${last.reversals}`,
  },
];

function runToEnd(core, name, params) {
  const sim = core.simulation(name);
  const cols = sim.cols;
  const chunks = [];
  let total = 0;
  let error = null;
  try {
    sim.reset(params);
    while (!sim.done && total < MAX_ROWS) {
      const r = sim.step(4096);
      chunks.push(r.rows);
      total += r.count;
    }
  } catch (e) {
    error = e.message;
    if (e.rows) { chunks.push(e.rows); total += e.rows.length / cols.length; }
  } finally {
    sim.free();
  }
  const rows = new Float64Array(total * cols.length);
  let o = 0;
  for (const c of chunks) { rows.set(c, o); o += c.length; }
  return { cols, rows, n: total, error };
}

export function mount(container, { core, state }) {
  const available = SCENARIOS.filter((s) => core.scenarios().some((x) => x.name === s.name));
  let current = available.find((s) => s.name === state.get('scenario', '')) || available[0];

  const { side, charts } = viewLayout(container);

  const picker = choiceControl({
    label: 'System',
    choices: available.map((s) => ({ value: s.name, label: s.title })),
    value: current.name,
    onChange: (v) => { current = available.find((s) => s.name === v); state.set({ scenario: v }); build(); },
  });
  const body = document.createElement('div');
  side.append(picker.el, body);

  let boxes = [];
  function build() {
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
    text.textContent = sc.text;
    const h = document.createElement('h3');
    h.textContent = 'Parameters';
    body.append(text, h);
    const controls = sc.controls.filter((n) => !(sc.overlay && sc.overlay.param === n));
    // Parameters a figure case fixes ("case=custom only") are editable only
    // with case=custom; otherwise they hold their defaults and are disabled.
    const caseJ = info.params.findIndex((p) => p.name === 'case');
    const panel = paramPanel(body, info, values, controls, (name) => { if (name === 'case') syncCase(); schedule(); });
    function syncCase() {
      if (caseJ < 0) return;
      const custom = info.params[caseJ].choices[values[caseJ]] === 'custom';
      info.params.forEach((p, j) => {
        if (!/case=custom only/.test(p.help)) return;
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
    const msg = messageBox();
    const sum = document.createElement('div');
    sum.className = 'readout';
    sum.id = 'scenario-summary';
    sum.setAttribute('aria-live', 'polite');
    body.append(msg, sum);

    boxes = sc.plots.map((p) => chartBox(charts, {
      title: p.title, description: `${p.title} against time`, height: 230,
      fileName: `${sc.name}-${p.cols.join('-')}`, xName: 't [s]',
      config: {
        type: 'line', data: { datasets: [] },
        options: {
          scales: { x: { type: 'linear', title: { display: true, text: 't [s]' } }, y: { type: 'linear', title: { display: true, text: `${p.cols.join(', ')} [${p.unit}]` } } },
          plugins: { legend: { position: 'bottom' } },
          elements: { point: { radius: 0 }, line: { borderWidth: 1.5 } },
        },
      },
    }));

    let pending = 0;
    function schedule() {
      cancelAnimationFrame(pending);
      pending = requestAnimationFrame(run);
    }

    function run() {
      const saved = {};
      info.params.forEach((p, j) => { saved[key(p.name)] = p.choices ? p.choices[values[j]] : values[j]; });
      state.set({ scenario: sc.name, ...saved });
      const runs = [];
      const variants = sc.overlay ? sc.overlay.values : [null];
      const oj = sc.overlay ? info.params.findIndex((p) => p.name === sc.overlay.param) : -1;
      const errors = [];
      for (const v of variants) {
        const p = Float64Array.from(values);
        if (oj >= 0) p[oj] = info.params[oj].choices ? info.params[oj].choices.indexOf(v) : v;
        const label = v === null ? '' : sc.overlay.label ? sc.overlay.label(v) : String(v);
        try {
          const r = runToEnd(core, sc.name, p);
          if (r.error) errors.push(`${label ? `${label}: ` : ''}${r.error}`);
          runs.push({ label, ...r });
        } catch (e) {
          errors.push(`${label ? `${label}: ` : ''}${e.message}`);
        }
      }
      msg.hidden = errors.length === 0;
      msg.textContent = errors.join('\n');
      const summaries = [];
      sc.plots.forEach((plot, pi) => {
        const ds = [];
        runs.forEach((r, ri) => {
          const ct = r.cols.indexOf('t');
          const stride = Math.max(1, Math.ceil(r.n / MAX_POINTS));
          const series = (name, color, dash) => {
            const c = r.cols.indexOf(name);
            if (c < 0) return;
            const data = [];
            for (let k = 0; k < r.n; k += stride) data.push({ x: r.rows[k * r.cols.length + ct], y: r.rows[k * r.cols.length + c] * (plot.scale || 1) });
            ds.push({ label: `${name}${r.label ? ` (${r.label})` : ''}`, data, borderColor: color, borderDash: dash });
          };
          plot.cols.forEach((c, ci) => series(c, COLORS[(ri * plot.cols.length + ci) % COLORS.length], ci ? [6, 3] : undefined));
          if (plot.ref && ri === 0) series(plot.ref, '#888', [4, 3]);
        });
        boxes[pi].chart.data.datasets = ds;
        boxes[pi].update();
      });
      for (const r of runs) {
        if (!r.n) continue;
        const last = {};
        r.cols.forEach((c, j) => { last[c] = r.rows[(r.n - 1) * r.cols.length + j]; });
        summaries.push(`${r.label || sc.name}: ${sc.summary(last)}`);
      }
      sum.textContent = summaries.join('  |  ');
    }
    run();
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
  return { dispose() { boxes.forEach((b) => b.chart.destroy()); } };
}
