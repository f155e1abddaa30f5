// arm.js: the "Robot arm" view of issue 11 (seed paper "Fast Forward Dynamics
// Simulation of Robot Manipulators with Highly Frictional Gears"). Two
// simulations of one chain scenario (arm1, arm2-ground, chain; core/system/
// chain_scn.c) run side by side with two step methods (A: semi-implicit, B:
// implicit by default), live at the scenario's h = 1 ms: each animation frame
// runs the steps that the elapsed time × speed calls for, within a budget,
// like the pendulum view. A canvas per method draws the chain from the
// scenario's columns (joint angles → link positions with the link length of
// the parameters; the ground; the contact corners with normal-force arrows;
// a STICK/SLIP badge per joint; the target pose as a ghost). The rolling
// charts are drawn by the pendulum's chart worker (web/src/workers/
// pendulumCharts.js) on OffscreenCanvases.
//
// The `chain` scenario's columns hold only q_1, q_n and the tip; its n links
// and each joint's stick/slip flag are drawn from the scenario's shape (every
// joint position and flag after the last step, Simulation.shape(),
// fric_scenario.shape): a ring round each motor unit, green stuck, red
// slipping (text badges for up to 3 joints).
import { choiceControl, fmt } from '../controls.js';
import { viewLayout, messageBox } from '../layout.js';
import { COLORS } from '../charts.js';
import { liveChartSet } from '../liveCharts.js';
import { runBar, liveLoop } from '../runBar.js';
import { paramPanel, paramIndex } from '../paramPanel.js';

const SCENARIOS = ['arm2-ground', 'arm1', 'chain'];
const SCENARIO_TITLES = {
  'arm2-ground': 'two-link arm hits the ground (paper sim. 2)',
  arm1: 'one geared joint, torque pulses (paper sim. 1)',
  chain: 'n-link chain falls onto the ground (paper sim. 3)',
};
const WINDOW_S = 4;              // rolling plot window [s]
const CHUNK_STEPS = 500;         // steps per method in one call of the core
const STEP_BUDGET_MS = 6;        // simulation time per animation frame, at most
const NUDGE = 5 * Math.PI / 180; // target change of one arrow key [rad]
const HIDDEN = new Set(['method', 'duration', 'every']);
// the controls in front, in this order (targets, n, gains, friction, μ); the rest folded
const FRONT = ['q_d', 'q1_d', 'q2_d', 'n', 'K_P', 'K_I', 'K_D', 'tau_fs', 'tau_fk', 'C_tau', 'mu_s', 'mu_k', 'joint_step',
  'tau_side', 't_off', 'tau_ext_amp'];
// a new initial state or time step starts again at t = 0; the rest is retuned
const RESTART = new Set(['dt', 'q0', 'dq0', 'q1_0', 'q2_0', 'pid_period']);

/** What to notice and what to try (the defaults: arm2-ground, A semi-implicit
 *  with the exact Φ_Z joint step, B implicit). Checked against the simulation. */
export const LESSON = {
  notice: 'Link 2 swings down and hits the ground at about 0.4 s; the motors press it into the ground (target −90°) '
    + 'until the voltage is cut at 4 s. The methods rest differently: semi-implicit (A) on one corner, about 156 N, '
    + 'joint 1 at 109°; implicit (B) on both corners, about 44 and 58 N, joint 1 creeping to about 99°.',
  tryThis: [
    'Normal-force chart at t ≈ 0.4 s: both methods hit at the same moment; A loads corner 1 only, B shares the load.',
    'Method B = coupled (the exact coupled joint solve): it rests like A, corner 1 at about 156 N, joint 1 at 109.4°.',
    'Joint step = paper (eq. 27 + clip 21) or the exact Φ_Z: A\'s badges read STICK once the arm rests on the ground (from about 2 s); B (implicit) keeps creeping and its joints read SLIP.',
    'Target q_d2 = 0, then Reset: link 2 is held clear of the ground; at 4 s it falls and touches down at about 4.25 s.',
    'Scenario chain (n = 10): ten links fall from horizontal; the tip lands on one corner only, f_n of corner 2 stays 0.',
  ],
};

function col(sim, name) { return sim.cols.indexOf(name); }

export function mount(container, { core, state, showError }) {
  let scn = state.get('scenario', 'arm2-ground');
  if (!SCENARIOS.includes(scn)) scn = 'arm2-ground';
  let info = core.scenario(scn);
  const methods = info.params[paramIndex(info, 'method')].choices;
  let methodA = methods.indexOf(state.get('method_a', 'semi-implicit'));
  let methodB = methods.indexOf(state.get('method_b', 'implicit'));
  if (methodA < 0) methodA = methods.indexOf('semi-implicit');
  if (methodB < 0) methodB = methods.indexOf('implicit');
  let speed = state.getNumber('speed', 1);
  let values = null;

  const { side, charts: mainCol } = viewLayout(container, 'Robot arm, live',
    'Geared motors with high stiction drive a planar arm that touches the ground (the seed paper "Fast Forward Dynamics '
    + 'Simulation of Robot Manipulators with Highly Frictional Gears"). The same arm runs twice: A with the proposed '
    + 'semi-implicit method (each joint\'s friction from its own scalar problem, O(n) per step), B with the implicit one '
    + '(all friction and contact forces in one problem, O(n³)). Red arrows: normal contact forces; badges: each '
    + 'joint sticks or slips; grey ghost: the target pose (drag the tip, or ← →, to move it).');
  container.classList.add('arm-view');

  // --- run bar (web/src/runBar.js)
  const { playBtn, stepBtn, resetBtn, clock } = runBar(container, {
    name: 'arm', what: 'the arm', step: 'h', speed, onSpeed: (v) => { speed = v; saveState(); } });

  // --- side: scenario, methods, parameters
  const head1 = document.createElement('h3');
  head1.textContent = 'Scenario and methods';
  const scnCtl = choiceControl({ label: 'scenario', choices: SCENARIOS.map((s) => ({ value: s, label: `${s}: ${SCENARIO_TITLES[s]}` })), value: scn,
    onChange: (v) => { scn = v; state.set({ scenario: v }); setupScenario(); } });
  const aCtl = choiceControl({ label: 'Method A (left)', choices: methods.map((c) => ({ value: c })), value: methods[methodA],
    onChange: (v) => { methodA = methods.indexOf(v); restart(); } });
  const bCtl = choiceControl({ label: 'Method B (right)', choices: methods.map((c) => ({ value: c })), value: methods[methodB],
    onChange: (v) => { methodB = methods.indexOf(v); restart(); } });
  side.append(head1, scnCtl.el, aCtl.el, bCtl.el);
  const paramBox = document.createElement('div');
  paramBox.className = 'arm-params';
  side.append(paramBox);
  const sideMsg = messageBox();
  side.append(sideMsg);
  let panel = null;

  // --- the pictures: one canvas per method
  const runBox = document.createElement('section');
  runBox.className = 'chart-box arm-run';
  runBox.setAttribute('aria-label', 'Live arms');
  const pics = document.createElement('div');
  pics.className = 'arm-pics';
  const canvases = [0, 1].map((i) => {
    const c = document.createElement('canvas');
    c.id = `arm-canvas-${i ? 'b' : 'a'}`;
    c.className = 'arm-canvas';
    c.setAttribute('role', 'img');
    c.setAttribute('aria-label', `Animated arm of method ${i ? 'B' : 'A'}; drag the arm's tip to set its target pose, or use the arrow keys to move the target of the last joint`);
    c.tabIndex = 0;
    pics.append(c);
    return c;
  });
  const endMsg = messageBox();
  endMsg.id = 'arm-end';
  const status = document.createElement('div');
  status.className = 'readout';
  status.id = 'arm-status';
  status.setAttribute('aria-live', 'off');
  runBox.append(pics, endMsg, status);
  mainCol.append(runBox);

  // --- rolling charts (web/src/liveCharts.js, the pendulum's worker)
  const chartSet = liveChartSet(mainCol, {
    what: 'arm',
    boxes: [
      { title: 'Joint angles q', description: 'Joint angles of both methods over the last seconds', height: 180, fileName: 'arm-angles' },
      { title: 'Normal contact forces f_n', description: 'Normal forces of the two contact corners for both methods', height: 160, fileName: 'arm-normal-forces' },
      { title: 'Joint (gear) friction torques τ_f', description: 'Gear friction torques of both methods', height: 170, fileName: 'arm-friction-torques' },
    ],
    axes: [{ yText: 'q [rad]' }, { yText: 'f_n [N]' }, { yText: 'τ_f [N·m]' }],
    showError,
    range() {
      const tEnd = series[0]?.row ? series[0].row[col(sims[0], 't')] : 0;
      const x0 = Math.max(0, tEnd - WINDOW_S), x1 = Math.max(WINDOW_S, tEnd);
      for (const tg of targets) tg.data.splice(0, tg.data.length, { x: x0, y: v(tg.name) }, { x: x1, y: v(tg.name) });
      return { x0, x1 };
    },
  });
  const chartWorker = chartSet.worker;
  const liveCharts = chartSet.charts;
  const [qChart, fnChart, tfChart] = liveCharts;

  let sims = [];
  let series = [];
  let targets = []; // [{ name, data }]: the target lines of the angle chart
  let ended = '';
  const frameStats = [];
  window.armFrameStats = frameStats;
  const contactRows = [{ both: 0, all: 0 }, { both: 0, all: 0 }];
  window.armContactRows = contactRows;

  // which columns each scenario plots
  function plotKeys() {
    if (scn === 'arm1') return { q: ['q', 'q_d'], fn: [], tf: ['tau_f'], ext: ['tau_ext'] };
    if (scn === 'arm2-ground') return { q: ['q1', 'q2'], fn: ['fn1', 'fn2'], tf: ['tau_f1', 'tau_f2'] };
    return { q: ['q1', 'qn'], fn: ['fn1', 'fn2'], tf: ['tau_f1', 'tau_fn'] };
  }
  const v = (name) => values[paramIndex(info, name)];
  const has = (name) => info.params.some((p) => p.name === name);

  function setupScenario() {
    info = core.scenario(scn);
    values = core.scenarioParams(scn, {});
    info.params.forEach((p, j) => {
      const raw = state.get(`${scn}.${p.name}`, null);
      if (raw === null || HIDDEN.has(p.name)) return;
      const x = p.choices ? p.choices.indexOf(raw) : Number(raw);
      if (Number.isFinite(x) && x >= p.min && x <= p.max) values[j] = x;
    });
    paramBox.replaceChildren();
    const names = info.params.map((p) => p.name).filter((n) => !HIDDEN.has(n));
    const main = FRONT.filter((n) => names.includes(n));
    const rest = names.filter((n) => !main.includes(n));
    const h = document.createElement('h3');
    h.textContent = 'Gains, friction, targets';
    paramBox.append(h);
    panel = paramPanel(paramBox, info, values, main, onParam);
    const det = document.createElement('details');
    const sum = document.createElement('summary');
    sum.textContent = 'Arm, motors, solver';
    det.append(sum);
    paramPanel(det, info, values, rest, onParam);
    paramBox.append(det);
    restart();
  }
  function onParam(name) {
    if (RESTART.has(name)) restart(); else retune();
  }

  function paramsWith(method) {
    const p = Float64Array.from(values);
    p[paramIndex(info, 'method')] = method;
    const dj = paramIndex(info, 'duration');
    p[dj] = info.params[dj].max;
    p[paramIndex(info, 'every')] = 1;
    return p;
  }
  const methodOf = (i) => (i === 0 ? methodA : methodB);

  function saveState() {
    const out = { scenario: scn, method_a: methods[methodA], method_b: methods[methodB], speed, paused: loop.paused ? 1 : 0 };
    info.params.forEach((p, j) => {
      if (HIDDEN.has(p.name)) return;
      out[`${scn}.${p.name}`] = p.choices ? p.choices[values[j]] : values[j];
    });
    state.set(out);
  }

  function restart() {
    loop.restart();
    sims.forEach((s) => s.free());
    sims = [];
    sideMsg.hidden = true;
    try {
      for (const i of [0, 1]) {
        const s = core.simulation(scn, {});
        sims.push(s);
        s.reset(paramsWith(methodOf(i)));
      }
    } catch (e) {
      sims.forEach((s) => s.free());
      sims = [];
      sideMsg.hidden = false;
      sideMsg.textContent = e.message;
    }
    const k = plotKeys();
    series = sims.map(() => ({ q: k.q.map(() => []), fn: k.fn.map(() => []), tf: k.tf.map(() => []), row: null }));
    setDatasets();
    ended = '';
    endMsg.hidden = true;
    // the row of t = 0 first (a row holds the state at the start of its
    // step), so that the first Step reads t = h, as in the pendulum view
    if (sims.length) advance(1);
    saveState();
    paint();
  }

  function setDatasets() {
    const k = plotKeys();
    const set = (c, key) => {
      const list = [];
      series.forEach((sr, i) => k[key].forEach((name, j) => {
        list.push({ label: `${name} ${i ? 'B' : 'A'} (${methods[methodOf(i)]})`, data: sr[key][j], color: COLORS[i], dash: j ? [5, 3] : [] });
      }));
      c.mirror.sources = list.map((d) => d.data);
      c.mirror.data.datasets = list.map((d) => ({ label: d.label, data: [] }));
      chartWorker.postMessage({ type: 'datasets', index: c.index, datasets: list.map((d) => ({ label: d.label, color: d.color, dash: d.dash })) });
    };
    set(qChart, 'q');
    // the targets of arm2-ground as flat dashed lines (they follow a retune at once, even paused)
    targets = ['q1_d', 'q2_d'].filter(has).map((name) => ({ name, data: [] }));
    if (targets.length) {
      qChart.mirror.sources.push(...targets.map((tg) => tg.data));
      qChart.mirror.data.datasets.push(...targets.map((tg) => ({ label: `${tg.name} target`, data: [] })));
      chartWorker.postMessage({ type: 'datasets', index: 0, datasets: [
        ...series.flatMap((sr, i) => k.q.map((name, j) => ({ label: `${name} ${i ? 'B' : 'A'} (${methods[methodOf(i)]})`, color: COLORS[i], dash: j ? [5, 3] : [] }))),
        ...targets.map((tg) => ({ label: `${tg.name} target`, color: '#888', dash: [2, 4] }))] });
    }
    set(fnChart, 'fn');
    set(tfChart, 'tf');
  }

  function retune() {
    saveState();
    sideMsg.hidden = true;
    try {
      sims.forEach((s, i) => s.retune(paramsWith(methodOf(i))));
    } catch (e) {
      sideMsg.hidden = false;
      sideMsg.textContent = e.message;
    }
    if (loop.paused) paint();
  }

  function runEnded(why) {
    ended = why;
    endMsg.hidden = false;
    endMsg.textContent = why;
    loop.setPaused(true);
  }

  function advance(nSteps) {
    const k = plotKeys();
    for (let i = 0; i < sims.length; i++) {
      const sim = sims[i];
      if (sim.done) continue;
      let res;
      try {
        res = sim.step(nSteps);
      } catch (e) {
        showError(`Method ${i ? 'B' : 'A'}: ${e.message}`);
        runEnded(`The run stopped: method ${i ? 'B' : 'A'} failed (see the message above). Press Reset to start again.`);
        continue;
      }
      const nc = sim.cols.length, s = series[i], rows = res.rows, ct = col(sim, 't');
      for (const key of ['q', 'fn', 'tf']) {
        k[key].forEach((name, j) => {
          const c = col(sim, name), out = s[key][j];
          for (let r = 0, o = 0; r < res.count; r++, o += nc) out.push({ x: rows[o + ct], y: rows[o + c] });
        });
      }
      // steps with both contact corners active (for the browser test's frame timing)
      const c1 = col(sim, 'fn1'), c2 = col(sim, 'fn2');
      if (c1 >= 0) for (let r = 0, o = 0; r < res.count; r++, o += nc) if (rows[o + c1] > 0 && rows[o + c2] > 0) contactRows[i].both++;
      contactRows[i].all += res.count;
      if (res.count) s.row = rows.slice((res.count - 1) * nc, res.count * nc);
      const first = s.q[0];
      if (first.length) {
        const tEnd = first[first.length - 1].x;
        let cut = 0;
        while (cut < first.length && first[cut].x < tEnd - WINDOW_S) cut++;
        if (cut > 512) for (const key of ['q', 'fn', 'tf']) s[key].forEach((arr) => arr.splice(0, cut));
      }
      if (res.done && !ended) runEnded('The run reached the end of its time. Press Reset to start again.');
    }
  }


  let textAt = 0;
  function paint(all = true) {
    canvases.forEach((_, i) => drawArm(i));
    chartSet.paint();
    const now = performance.now();
    if (all || now - textAt > 250) { textAt = now; writeText(); }
  }

  function writeText() {
    const row = series[0]?.row;
    const t = row ? row[col(sims[0], 't')] : 0;
    clock.textContent = `t = ${t.toFixed(3)} s   h = ${fmt(v('dt'))} s   ${loop.paused ? 'paused' : `${fmt(speed)}× real time asked`}`;
    status.textContent = sims.map((sim, i) => {
      const r = series[i].row;
      if (!r) return `${i ? 'B' : 'A'} ${methods[methodOf(i)]}: not started`;
      const g = (name) => r[col(sim, name)];
      const qs = plotKeys().q.filter((n) => n !== 'q_d').map((n) => `${n} ${(g(n) * 180 / Math.PI).toFixed(1)}°`).join(', ');
      const fn = col(sim, 'fn1') >= 0 ? `, f_n ${g('fn1').toFixed(2)} / ${g('fn2').toFixed(2)} N` : '';
      return `${i ? 'B' : 'A'} ${methods[methodOf(i)]}: ${qs}${fn}, ${stickText(sim, r)}`;
    }).join('  |  ');
  }
  function stickText(sim, r) {
    if (scn === 'arm1') return r[col(sim, 'stick')] > 0.5 ? 'STICK' : 'SLIP';
    if (scn === 'arm2-ground') return [1, 2].map((j) => `joint ${j} ${r[col(sim, `stick${j}`)] > 0.5 ? 'STICK' : 'SLIP'}`).join(', ');
    return `${r[col(sim, 'n_stick')]} of ${v('n')} joints stuck`;
  }

  // --- drawing
  const sizes = canvases.map(() => ({ w: 0, h: 0 }));
  const xforms = canvases.map(() => null); // canvas px ↔ metres of the last drawing
  const resizeObs = new ResizeObserver(() => {
    canvases.forEach((c, i) => {
      const r = c.getBoundingClientRect(), dpr = window.devicePixelRatio || 1;
      sizes[i] = { w: Math.max(1, Math.round(r.width)), h: Math.max(1, Math.round(r.height)) };
      c.width = Math.round(sizes[i].w * dpr);
      c.height = Math.round(sizes[i].h * dpr);
      drawArm(i);
    });
  });
  canvases.forEach((c) => resizeObs.observe(c));

  /** The joint angles φ (absolute) and positions in metres of the drawn links,
   *  the ground height, the target pose, the contact corners. */
  function pose(sim, r) {
    const L = v('length'), w = v('width');
    const g = (name) => (r ? r[col(sim, name)] : null);
    const out = { L, links: [], ground: null, ghost: null, corners: [], stick: [] };
    const chainFrom = (qs) => {
      let x = 0, y = 0, phi = 0;
      const pts = [[0, 0]];
      for (const q of qs) { phi += q; x += L * Math.sin(phi); y -= L * Math.cos(phi); pts.push([x, y]); }
      return { pts, phi };
    };
    const corners = (tip, phi) => [-1, 1].map((s) => [tip[0] + s * (w / 2) * Math.cos(phi), tip[1] + s * (w / 2) * Math.sin(phi)]);
    if (scn === 'arm1') {
      const q = r ? g('q') : v('q0');
      out.links = chainFrom([q]).pts;
      const qd = r ? g('q_d') : 0;
      out.ghost = chainFrom([qd]).pts;
      out.stick = r ? [g('stick')] : [];
      out.box = [-1.3 * L, 1.3 * L, -1.3 * L, 1.3 * L];
    } else if (scn === 'arm2-ground') {
      const qs = r ? [g('q1'), g('q2')] : [v('q1_0'), v('q2_0')];
      const c = chainFrom(qs);
      out.links = c.pts;
      out.ghost = chainFrom([v('q1_d'), v('q2_d')]).pts;
      out.ground = -v('ground');
      out.corners = corners(c.pts[2], c.phi).map((p, k) => ({ p, fn: r ? g(`fn${k + 1}`) : 0 }));
      out.stick = r ? [g('stick1'), g('stick2')] : [];
      out.box = [-2.05 * L, 2.05 * L, out.ground - 0.05, 2.05 * L];
    } else {
      const n = v('n');
      // every joint from the scenario's shape (fric_scenario.shape); before
      // the first step, the start pose: link 1 at q1_0, the others straight
      const shape = r ? sim.shape() : null;
      if (shape) {
        for (let k = 0; k < shape.length; k += 3) {
          out.links.push([shape[k], shape[k + 1]]);
          if (shape[k + 2] >= 0) out.stick.push(shape[k + 2]);   // −1: the tip, no joint
        }
        out.compact = n > 3;   // many joints: a coloured ring each, not a text badge
      } else {
        out.links = chainFrom([v('q1_0'), ...new Array(n - 1).fill(0)]).pts;
      }
      const tip = out.links[out.links.length - 1], prev = out.links[out.links.length - 2];
      const phi = Math.atan2(tip[0] - prev[0], prev[1] - tip[1]);   // u = (sin φ, −cos φ)
      out.ground = -v('ground_depth') * n * L;
      out.corners = corners(tip, phi).map((p, k) => ({ p, fn: r ? g(`fn${k + 1}`) : 0 }));
      out.nStick = r ? g('n_stick') : null;
      out.box = [-1.05 * n * L, 1.05 * n * L, out.ground - 0.05 * n * L, 0.35 * n * L];
    }
    return out;
  }

  function drawArm(i) {
    const { w: W, h: H } = sizes[i];
    if (!W) return;
    const c = canvases[i], ctx = c.getContext('2d');
    const dpr = c.width / W;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, W, H);
    const fontPx = Math.max(13, Math.round(H / 24));
    ctx.font = `${fontPx}px system-ui, sans-serif`;
    ctx.textAlign = 'center';
    ctx.fillStyle = '#1d232b';
    ctx.fillText(`${i ? 'B' : 'A'}: ${methods[methodOf(i)]}`, W / 2, fontPx + 2);
    const sim = sims[i];
    if (!sim || !info) return;
    const r = series[i]?.row;
    const P = pose(sim, r);
    // scale: the reach of the arm fits the canvas below the title
    const lineH = fontPx + 5, top = fontPx + 8, bottom = 2 * lineH + 6;
    const [bx0, bx1, by0, by1] = P.box;
    const s = Math.max(1, Math.min((W - 16) / (bx1 - bx0), (H - top - bottom) / (by1 - by0)));
    const ox = W / 2 - s * (bx0 + bx1) / 2, oy = top + (H - top - bottom) / 2 + s * (by0 + by1) / 2;
    const X = (p) => ox + s * p[0], Y = (p) => oy - s * p[1];
    xforms[i] = { ox, oy, s };
    if (P.ground !== null) {
      const gy = Y([0, P.ground]);
      ctx.fillStyle = '#e7e2d6';
      ctx.fillRect(0, gy, W, Math.max(0, H - bottom - gy));
      ctx.strokeStyle = '#6b5d45'; ctx.lineWidth = 2;
      ctx.beginPath(); ctx.moveTo(0, gy); ctx.lineTo(W, gy); ctx.stroke();
    }
    const poly = (pts, color, width, dash = [], cap = 'round') => {
      ctx.strokeStyle = color; ctx.lineWidth = width; ctx.setLineDash(dash); ctx.lineCap = cap; ctx.lineJoin = 'round';
      ctx.beginPath(); pts.forEach((p, k) => (k ? ctx.lineTo(X(p), Y(p)) : ctx.moveTo(X(p), Y(p)))); ctx.stroke();
      ctx.setLineDash([]);
    };
    if (P.ghost) poly(P.ghost, 'rgba(120,130,145,0.55)', Math.max(3, 0.06 * s * P.L), [6, 5]);
    // the links at their true width w, ending square at the distal corners (the contact points)
    poly(P.links, '#2b3440', Math.max(3, s * v('width')), [], 'butt');
    // motor units at the joints
    const jointPts = P.links.slice(0, -1);
    const unitR = Math.max(5, Math.min(14, 0.12 * s * P.L));
    jointPts.forEach((p, j) => {
      ctx.fillStyle = COLORS[i]; ctx.beginPath(); ctx.arc(X(p), Y(p), unitR, 0, 2 * Math.PI); ctx.fill();
      ctx.fillStyle = '#fff'; ctx.beginPath(); ctx.arc(X(p), Y(p), unitR / 3, 0, 2 * Math.PI); ctx.fill();
      // STICK/SLIP badge beside each joint
      const st = P.stick[j];
      if (st === undefined || st === null) return;
      if (P.compact) {
        ctx.strokeStyle = st > 0.5 ? '#1a7f37' : '#d1242f';
        ctx.lineWidth = 3;
        ctx.beginPath(); ctx.arc(X(p), Y(p), unitR + 3, 0, 2 * Math.PI); ctx.stroke();
        return;
      }
      const label = st > 0.5 ? 'STICK' : 'SLIP';
      ctx.font = `bold ${fontPx - 1}px system-ui, sans-serif`;
      const bw = ctx.measureText(label).width + 8, bh = fontPx + 4;
      const bx = X(p) - unitR - 4 - bw, by = Y(p) - unitR - bh + 2; // up-left: clear of the links and the force arrows
      ctx.fillStyle = st > 0.5 ? '#1a7f37' : '#d1242f';
      ctx.fillRect(bx, by, bw, bh);
      ctx.fillStyle = '#fff';
      ctx.textAlign = 'left';
      ctx.fillText(label, bx + 4, by + bh - 4);
      ctx.textAlign = 'center';
      ctx.font = `${fontPx}px system-ui, sans-serif`;
    });
    // contact corners and their normal forces (arrow length ∝ f_n; 1 N = fScale px)
    const weight = scn === 'chain' ? v('n') * v('mass') * v('gravity') : 2 * v('mass') * v('gravity');
    const fScale = (0.25 * (H - top - bottom)) / Math.max(1e-9, weight);
    for (const k of P.corners) {
      const x = X(k.p), y = Y(k.p);
      ctx.fillStyle = k.fn > 0 ? '#d1242f' : '#59636e';
      ctx.beginPath(); ctx.arc(x, y, 4, 0, 2 * Math.PI); ctx.fill();
      if (k.fn > 0) {
        const len = Math.min(0.4 * H, k.fn * fScale);
        ctx.strokeStyle = '#d1242f'; ctx.lineWidth = 3;
        ctx.beginPath(); ctx.moveTo(x, y); ctx.lineTo(x, y - len); ctx.stroke();
        ctx.beginPath(); ctx.moveTo(x, y - len - 8); ctx.lineTo(x - 5, y - len); ctx.lineTo(x + 5, y - len); ctx.closePath(); ctx.fillStyle = '#d1242f'; ctx.fill();
      }
    }
    // read-out below
    ctx.fillStyle = '#1d232b';
    if (r) {
      const t = r[col(sim, 't')];
      const extra = scn === 'chain' ? `${P.nStick} of ${v('n')} joints STICK${P.compact ? ' (green rings)' : ''}` : stickText(sim, r);
      ctx.fillText(`t = ${t.toFixed(2)} s   ${extra}`, W / 2, H - lineH - 5);
      if (P.corners.length) ctx.fillText(`f_n = ${P.corners.map((k) => k.fn.toFixed(2)).join(' / ')} N`, W / 2, H - 5);
    }
    window.armGeometry = window.armGeometry || {};
    window.armGeometry[i] = { width: W, height: H, fontPx, joints: jointPts.length, corners: P.corners.length, ox, oy, scale: s };
  }

  /** ← →: the target of the last controlled joint (q_d, q2_d); chain has none. */
  function nudgeGoal(sign) {
    const name = has('q2_d') ? 'q2_d' : has('q_d') ? 'q_d' : null;
    if (!name) return;
    const p = info.params[paramIndex(info, name)];
    panel.set(name, Math.min(p.hi ?? p.max, Math.max(p.lo ?? p.min, v(name) + Math.sign(sign) * NUDGE)));
    retune();
  }
  /** Dragging the tip sets the target pose: arm1 the angle towards the
   *  pointer, arm2-ground both targets by two-link inverse kinematics (the
   *  elbow on the side of the current q2_d; a point out of reach is pulled
   *  onto the reachable circle). The chain has no targets (e = 0). */
  function dragTarget(i, ev) {
    const t = xforms[i];
    if (!t || !info) return;
    const rect = canvases[i].getBoundingClientRect();
    const px = (ev.clientX - rect.left - t.ox) / t.s, py = -(ev.clientY - rect.top - t.oy) / t.s;
    const theta = Math.atan2(px, -py);            // u(φ) = (sin φ, −cos φ): φ from straight down
    const wrap = (a) => Math.atan2(Math.sin(a), Math.cos(a));
    if (scn === 'arm1') {
      panel.set('q_d', wrap(theta));
    } else if (scn === 'arm2-ground') {
      const L = v('length'), r = Math.min(Math.hypot(px, py), 2 * L * 0.999);
      const c2 = Math.max(-1, Math.min(1, (r * r - 2 * L * L) / (2 * L * L)));
      const q2 = (v('q2_d') < 0 ? -1 : 1) * Math.acos(c2);
      const q1 = theta - Math.atan2(L * Math.sin(q2), L + L * Math.cos(q2));
      panel.set('q1_d', wrap(q1));
      panel.set('q2_d', wrap(q2));
    } else {
      return;
    }
    retune();
  }
  canvases.forEach((c, i) => {
    let dragging = false;
    c.addEventListener('pointerdown', (ev) => {
      if (scn === 'chain' || ev.button !== 0) return;
      dragging = true;
      c.setPointerCapture(ev.pointerId);
      c.style.cursor = 'grabbing';
      dragTarget(i, ev);
    });
    c.addEventListener('pointermove', (ev) => {
      if (dragging) dragTarget(i, ev);
      else c.style.cursor = scn === 'chain' ? 'default' : 'grab';
    });
    const end = () => { dragging = false; c.style.cursor = scn === 'chain' ? 'default' : 'grab'; };
    c.addEventListener('pointerup', end);
    c.addEventListener('pointercancel', end);
  });
  playBtn.addEventListener('click', () => loop.togglePause());
  stepBtn.addEventListener('click', () => loop.step());
  resetBtn.addEventListener('click', () => restart());
  canvases.forEach((c) => c.addEventListener('keydown', (e) => {
    const d = e.key === 'ArrowLeft' ? -1 : e.key === 'ArrowRight' ? 1 : 0;
    if (d) { e.preventDefault(); e.stopPropagation(); nudgeGoal(d); }
  }));

  // the fixed-step clock (web/src/runBar.js), before the first run
  const loop = liveLoop({ playBtn, paused: state.get('paused', '0') === '1', h: () => v('dt'), speed: () => speed,
    live: () => sims.length > 0, ended: () => !!ended, advance, paint, onPause: () => saveState(), frameStats,
    budgetMs: STEP_BUDGET_MS, chunk: CHUNK_STEPS });
  setupScenario();

  return {
    dispose() {
      loop.dispose();
      resizeObs.disconnect();
      sims.forEach((s) => s.free());
      sims = [];
      chartSet.dispose();
      if (window.armFrameStats === frameStats) delete window.armFrameStats;
      if (window.armContactRows === contactRows) delete window.armContactRows;
      delete window.armGeometry;
    },
    actions: {
      togglePause: () => loop.togglePause(),
      step: () => loop.step(),
      reset: () => restart(),
      nudgeGoal,
      legend: [['Space', 'pause / resume'], ['S', 'single step'], ['R', 'reset'], ['← →', 'move the target of the last joint'], ['drag', 'the arm\'s tip sets the target pose']],
    },
  };
}
