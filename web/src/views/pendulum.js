// pendulum.js: the pendulum test bench of Duclusaud & Passault, live. The
// simulation advances in fixed steps of dt (never the frame's variable dt):
// each animation frame runs as many steps as the elapsed time × speed calls
// for. Two friction treatments can run side by side on the same inputs. A
// recorded log dropped on the replay panel (replay.js) is scored under M1–M6.
import { numberControl, choiceControl, toggleControl, fmt } from '../controls.js';
import { viewLayout, messageBox } from '../layout.js';
import { chartBox, COLORS } from '../charts.js';
import { paramPanel, paramIndex } from '../paramPanel.js';
import { replayPanel } from '../replay.js';
import { exportPanel, scenarioParamsToObject, scenarioParamsFromObject, reloadWithState } from '../exports.js';

const SETUP = ['actuator', 'model', 'trajectory', 'goal', 'kp', 'mass', 'length', 'dt', 'karnopp_eps'];
const WINDOW_S = 6;          // rolling plot window [s]
const PLOT_DT = 0.025;       // plotted sample spacing [s] (240 points per 6 s window)
const MAX_STEPS_FRAME = 20000;

function colIndex(sim, name) { return sim.cols.indexOf(name); }

export function mount(container, { core, state, showError }) {
  const info = core.scenario('bench');
  const values = core.scenarioParams('bench');
  // URL state: any parameter the user changed, by name
  info.params.forEach((p, j) => {
    const raw = state.get(p.name, null);
    if (raw === null) return;
    const v = p.choices ? p.choices.indexOf(raw) : Number(raw);
    if (Number.isFinite(v) && v >= p.min && v <= p.max) values[j] = v;
  });
  const fricIdx = paramIndex(info, 'friction');
  const fricChoices = info.params[fricIdx].choices;
  let compare = state.get('compare', '1') === '1';
  let fricB = fricChoices.indexOf(state.get('friction_b', 'explicit'));
  if (fricB < 0) fricB = fricChoices.indexOf('explicit');
  let speed = state.getNumber('speed', 1);
  let paused = false;

  const { side, charts: mainCol } = viewLayout(container, 'Pendulum test bench, live',
    'A servo holds an arm with a mass (Duclusaud & Passault, Algorithm 1) under the identified '
    + 'friction of a real actuator (models M1–M6). Compare the treatments: the implicit one and the reference clip '
    + 'stop dead; the naive explicit one chatters (watch the reversal count) and Karnopp\'s depends on its threshold. '
    + 'Drag the goal on the picture, or drop a recorded log to replay it.');

  // treatment A (the scenario's own `friction`) and the optional B
  const setupHead = document.createElement('h3');
  setupHead.textContent = 'Friction treatment';
  side.append(setupHead);
  const panelA = paramPanel(side, info, values, ['friction'], () => restart(), { friction: 'Treatment A (left)' });
  const cmpCtl = toggleControl({ label: 'compare with a second treatment (right)', value: compare, onChange: (v) => { compare = v; bCtl.el.hidden = !v; restart(); } });
  const bCtl = choiceControl({ label: 'Treatment B (right)', choices: fricChoices.map((c) => ({ value: c })), value: fricChoices[fricB],
    onChange: (v) => { fricB = fricChoices.indexOf(v); restart(); } });
  bCtl.el.hidden = !compare;
  side.append(cmpCtl.el, bCtl.el);

  const benchHead = document.createElement('h3');
  benchHead.textContent = 'Bench and servo';
  side.append(benchHead);
  const RESTART = new Set(['actuator', 'model', 'trajectory', 'dt', 'mass', 'length', 'duration']);
  // Parameters whose -1 means "the preset's value": the controls show the
  // resolved number (`shown`), the simulation keeps -1 until the user edits.
  const PRESET_KEYS = info.params.filter((p) => p.def === -1).map((p) => p.name);
  let shown = Float64Array.from(values);
  try { shown = core.benchResolve(values); } catch { /* shown keeps the raw values; restart() reports */ }
  const edited = (name) => {
    const j = paramIndex(info, name);
    values[j] = shown[j];
  };
  const panel = paramPanel(side, info, shown, SETUP, (name) => {
    edited(name);
    if (name === 'actuator' || name === 'model') loadPresetCoefficients();
    if (RESTART.has(name)) restart(); else retune();
  });
  const coefDetails = document.createElement('details');
  const coefSummary = document.createElement('summary');
  coefSummary.textContent = 'Friction and motor coefficients (from the preset)';
  coefDetails.append(coefSummary);
  const rest = info.params.map((p) => p.name)
    .filter((n) => !SETUP.includes(n) && n !== 'friction' && n !== 'duration');
  const coefPanel = paramPanel(coefDetails, info, shown, rest, (name) => { edited(name); retune(); });
  side.append(coefDetails);
  const sideMsg = messageBox();
  side.append(sideMsg);

  // --- run bar, canvas, indicators
  const runBox = document.createElement('section');
  runBox.className = 'chart-box';
  runBox.setAttribute('aria-label', 'Live pendulum');
  const bar = document.createElement('div');
  bar.className = 'row';
  const playBtn = document.createElement('button');
  playBtn.type = 'button';
  playBtn.textContent = 'Pause';
  const stepBtn = document.createElement('button');
  stepBtn.type = 'button';
  stepBtn.textContent = 'Step';
  stepBtn.title = 'Advance one time step dt (pauses)';
  const resetBtn = document.createElement('button');
  resetBtn.type = 'button';
  resetBtn.textContent = 'Reset';
  const speedCtl = numberControl({ label: 'speed ×', unit: '', min: 0.1, max: 10, value: speed, log: true,
    onInput: (v) => { speed = v; state.set({ speed: v }); } });
  speedCtl.el.style.minWidth = '220px';
  const clock = document.createElement('span');
  clock.className = 'readout';
  clock.setAttribute('aria-live', 'off');
  clock.id = 'pendulum-clock';
  bar.append(playBtn, stepBtn, resetBtn, speedCtl.el, clock);
  const canvas = document.createElement('canvas');
  canvas.width = 900;
  canvas.height = 300;
  canvas.style.width = '100%';
  canvas.style.maxWidth = '900px';
  canvas.style.cursor = 'crosshair';
  canvas.setAttribute('role', 'img');
  canvas.setAttribute('aria-label', 'Animated pendulum; drag to set the goal angle');
  canvas.tabIndex = 0;
  const status = document.createElement('div');
  status.className = 'readout';
  status.id = 'pendulum-status';
  status.setAttribute('aria-live', 'polite');
  runBox.append(bar, canvas, status);
  mainCol.append(runBox);

  // --- rolling charts
  const lineOpts = (yText) => ({
    type: 'line',
    data: { datasets: [] },
    options: {
      scales: { x: { type: 'linear', title: { display: true, text: 't [s]' } }, y: { type: 'linear', title: { display: true, text: yText } } },
      plugins: { legend: { position: 'bottom' }, tooltip: { enabled: false } },
      // thin lines: a 1-pixel stroke is several times cheaper to rasterise
      // than 1.5 pixels without a GPU, and these charts redraw every frame
      elements: { point: { radius: 0 }, line: { borderWidth: 1 } },
      events: [],
    },
  });
  const qChart = chartBox(mainCol, { title: 'Angle θ and goal', description: 'Joint angle and goal over the last seconds', height: 200, fileName: 'pendulum-angle', xName: 't [s]', config: lineOpts('angle [rad]') });
  const tmChart = chartBox(mainCol, { title: 'Motor torque τm', description: 'Motor torque over the last seconds', height: 160, fileName: 'pendulum-motor-torque', xName: 't [s]', config: lineOpts('τm [N·m]') });
  const tfChart = chartBox(mainCol, { title: 'Friction torque τf and budget', description: 'Friction torque and the friction budget over the last seconds', height: 200, fileName: 'pendulum-friction', xName: 't [s]', config: lineOpts('torque [N·m]') });

  // --- simulations
  let sims = [];
  let series = [];
  let acc = 0;
  let last = performance.now();
  let raf = 0;
  const frameStats = [];
  window.pendulumFrameStats = frameStats;

  function paramsWith(friction) {
    const p = Float64Array.from(values);
    p[fricIdx] = friction;
    return p;
  }

  function loadPresetCoefficients() {
    // a new actuator or model: every preset-backed value goes back to "preset"
    for (const name of PRESET_KEYS) values[paramIndex(info, name)] = -1;
    try {
      const r = core.benchResolve(values);
      for (const name of PRESET_KEYS) {
        const j = paramIndex(info, name);
        shown[j] = r[j];
        const c = coefPanel.byName[name] || panel.byName[name];
        if (c) c.value = r[j];
      }
    } catch (e) {
      sideMsg.hidden = false;
      sideMsg.textContent = e.message;
    }
  }

  function saveState() {
    const out = { compare: compare ? 1 : 0, friction_b: fricChoices[fricB], speed };
    info.params.forEach((p, j) => { out[p.name] = p.choices ? p.choices[values[j]] : values[j]; });
    state.set(out);
  }

  function restart() {
    sims.forEach((s) => s.free());
    sims = [];
    sideMsg.hidden = true;
    try {
      sims.push(core.simulation('bench', {}));
      sims[0].reset(paramsWith(values[fricIdx]));
      if (compare) {
        const b = core.simulation('bench', {});
        sims.push(b);
        b.reset(paramsWith(fricB));
      }
    } catch (e) {
      sims.forEach((s) => s.free());
      sims = [];
      sideMsg.hidden = false;
      sideMsg.textContent = e.message;
    }
    // Plotted points live in arrays the charts keep (no per-frame copies):
    // advance() appends {x, y} points and trims the window in place.
    series = sims.map(() => ({ q: [], goal: [], tm: [], tf: [], bp: [], bn: [], lastPlot: -Infinity, row: null }));
    const names = sims.map((x, i) => fricChoices[i === 0 ? values[fricIdx] : fricB]);
    qChart.chart.data.datasets = series.flatMap((sr, i) => [
      { label: `θ (${names[i]})`, data: sr.q, borderColor: COLORS[i] },
      ...(i === 0 ? [{ label: 'goal', data: sr.goal, borderColor: '#888', borderDash: [4, 3] }] : []),
    ]);
    tmChart.chart.data.datasets = series.map((sr, i) => ({ label: `τm (${names[i]})`, data: sr.tm, borderColor: COLORS[i] }));
    tfChart.chart.data.datasets = series.flatMap((sr, i) => [
      { label: `τf (${names[i]})`, data: sr.tf, borderColor: COLORS[i] },
      { label: `±budget (${names[i]})`, data: sr.bp, borderColor: COLORS[i], borderDash: [2, 3], borderWidth: 1 },
      { label: `−budget (${names[i]})`, data: sr.bn, borderColor: COLORS[i], borderDash: [2, 3], borderWidth: 1, csvName: `minus budget ${names[i]}` },
    ]);
    acc = 0;
    saveState();
    paint();
  }

  function retune() {
    saveState();
    sideMsg.hidden = true;
    try {
      sims.forEach((s, i) => s.retune(paramsWith(i === 0 ? values[fricIdx] : fricB)));
    } catch (e) {
      sideMsg.hidden = false;
      sideMsg.textContent = e.message;
    }
  }

  function advance(nSteps) {
    for (let i = 0; i < sims.length; i++) {
      const sim = sims[i];
      if (sim.done) continue;
      let res;
      try {
        res = sim.step(nSteps);
      } catch (e) {
        showError(`Treatment ${i ? 'B' : 'A'}: ${e.message}`);
        sim.done = true;
        continue;
      }
      const nc = sim.cols.length, s = series[i];
      const ct = colIndex(sim, 't'), cq = colIndex(sim, 'q'), cg = colIndex(sim, 'goal');
      const cm = colIndex(sim, 'tau_m'), cf = colIndex(sim, 'tau_f'), cb = colIndex(sim, 'budget');
      for (let k = 0; k < res.count; k++) {
        const o = k * nc, t = res.rows[o + ct];
        if (t - s.lastPlot >= PLOT_DT - 1e-12) {
          const b = res.rows[o + cb];
          s.q.push({ x: t, y: res.rows[o + cq] });
          s.goal.push({ x: t, y: res.rows[o + cg] });
          s.tm.push({ x: t, y: res.rows[o + cm] });
          s.tf.push({ x: t, y: res.rows[o + cf] });
          s.bp.push({ x: t, y: b });
          s.bn.push({ x: t, y: -b });
          s.lastPlot = t;
        }
      }
      if (res.count) s.row = res.rows.subarray((res.count - 1) * nc, res.count * nc);
      // drop what left the window (in batches, so trimming is rare)
      if (s.q.length) {
        const tEnd = s.q[s.q.length - 1].x;
        let cut = 0;
        while (cut < s.q.length && s.q[cut].x < tEnd - WINDOW_S) cut++;
        if (cut > 64) for (const key of ['q', 'goal', 'tm', 'tf', 'bp', 'bn']) s[key].splice(0, cut);
      }
    }
  }

  // Charts are the expensive part of a frame: a live frame refreshes one of
  // the three (round robin, so each is redrawn at a third of the frame rate);
  // paint(true) refreshes all of them (pause, step, reset).
  let nextChart = 0;
  const liveCharts = [qChart, tmChart, tfChart];
  function paint(all = true) {
    const names = sims.map((x, i) => fricChoices[i === 0 ? values[fricIdx] : fricB]);
    drawCanvas(names);
    if (all) liveCharts.forEach((c) => c.update());
    else liveCharts[nextChart].update();
    nextChart = (nextChart + 1) % liveCharts.length;
  }

  function drawCanvas(names) {
    const ctx = canvas.getContext('2d');
    const W = canvas.width, H = canvas.height;
    ctx.clearRect(0, 0, W, H);
    const n = Math.max(1, sims.length);
    const L = Math.min(H * 0.38, (W / n) * 0.3);
    const statusBits = [];
    sims.forEach((sim, i) => {
      const row = series[i].row;
      const cx = (W / n) * (i + 0.5), cy = H * 0.45;
      ctx.fillStyle = '#eef1f5';
      ctx.beginPath(); ctx.arc(cx, cy, L * 1.15, 0, 2 * Math.PI); ctx.fill();
      if (!row) return;
      const get = (name) => row[colIndex(sim, name)];
      const q = get('q'), goal = get('goal'), stuck = get('stuck') > 0.5;
      // goal (ghost)
      ctx.strokeStyle = '#9aa4b2'; ctx.setLineDash([5, 4]); ctx.lineWidth = 2;
      ctx.beginPath(); ctx.moveTo(cx, cy); ctx.lineTo(cx + L * Math.sin(goal), cy + L * Math.cos(goal)); ctx.stroke();
      ctx.setLineDash([]);
      // arm and mass (q = 0 hangs down)
      const x = cx + L * Math.sin(q), y = cy + L * Math.cos(q);
      ctx.strokeStyle = '#2b3440'; ctx.lineWidth = 5;
      ctx.beginPath(); ctx.moveTo(cx, cy); ctx.lineTo(x, y); ctx.stroke();
      ctx.fillStyle = COLORS[i]; ctx.beginPath(); ctx.arc(x, y, 12, 0, 2 * Math.PI); ctx.fill();
      ctx.fillStyle = '#2b3440'; ctx.beginPath(); ctx.arc(cx, cy, 5, 0, 2 * Math.PI); ctx.fill();
      // labels: treatment, stick/slip, reversals
      ctx.fillStyle = '#1d232b'; ctx.font = '14px system-ui, sans-serif'; ctx.textAlign = 'center';
      ctx.fillText(`${i ? 'B' : 'A'}: ${names[i]}`, cx, 20);
      ctx.fillStyle = stuck ? '#1a7f37' : '#d1242f';
      ctx.fillRect(cx - 40, H - 46, 80, 20);
      ctx.fillStyle = '#fff'; ctx.font = '12px system-ui, sans-serif';
      ctx.fillText(stuck ? 'STICK' : 'SLIP', cx, H - 32);
      ctx.fillStyle = '#1d232b';
      const rev = get('reversals');
      ctx.fillText(`θ = ${(q * 180 / Math.PI).toFixed(2)}°   velocity reversals: ${rev}`, cx, H - 8);
      statusBits.push(`${i ? 'B' : 'A'} ${names[i]}: θ ${q.toFixed(4)} rad, ${stuck ? 'stick' : 'slip'}, reversals ${rev}`);
    });
    const t = series[0]?.row ? series[0].row[colIndex(sims[0], 't')] : 0;
    clock.textContent = `t = ${t.toFixed(3)} s   dt = ${fmt(values[paramIndex(info, 'dt')])} s   ${paused ? 'paused' : `${fmt(speed)}× real time`}`;
    status.textContent = statusBits.join('  |  ');
  }

  function frame(now) {
    const t0 = performance.now();
    const real = Math.min(0.1, (now - last) / 1000);
    last = now;
    if (!paused && sims.length) {
      const dt = values[paramIndex(info, 'dt')];
      acc += real * speed;
      let n = Math.floor(acc / dt);
      if (n > MAX_STEPS_FRAME) { n = MAX_STEPS_FRAME; acc = 0; }
      acc -= n * dt;
      if (n > 0) advance(n);
      paint(false);
      frameStats.push(performance.now() - t0);
      if (frameStats.length > 2000) frameStats.splice(0, 1000);
    }
    raf = requestAnimationFrame(frame);
  }

  playBtn.addEventListener('click', () => {
    paused = !paused;
    playBtn.textContent = paused ? 'Play' : 'Pause';
    last = performance.now();
    paint();
  });
  stepBtn.addEventListener('click', () => {
    paused = true;
    playBtn.textContent = 'Play';
    advance(1);
    paint();
  });
  resetBtn.addEventListener('click', () => restart());

  // drag the goal: switches the trajectory to a constant goal
  let dragging = false;
  function goalFromEvent(e) {
    const r = canvas.getBoundingClientRect();
    const sx = canvas.width / r.width, sy = canvas.height / r.height;
    const n = Math.max(1, sims.length);
    const px = (e.clientX - r.left) * sx, py = (e.clientY - r.top) * sy;
    const i = Math.min(n - 1, Math.floor(px / (canvas.width / n)));
    const cx = (canvas.width / n) * (i + 0.5), cy = canvas.height * 0.45;
    return Math.atan2(px - cx, py - cy);
  }
  function setGoal(angle) {
    const gi = paramIndex(info, 'goal');
    const p = info.params[gi];
    const a = Math.min(p.max, Math.max(p.min, angle));
    panel.set('trajectory', info.params[paramIndex(info, 'trajectory')].choices.indexOf('goal'));
    panel.set('goal', a);
    edited('trajectory');
    edited('goal');
    retune();
  }
  canvas.addEventListener('pointerdown', (e) => { dragging = true; canvas.setPointerCapture(e.pointerId); setGoal(goalFromEvent(e)); });
  canvas.addEventListener('pointermove', (e) => { if (dragging) setGoal(goalFromEvent(e)); });
  canvas.addEventListener('pointerup', () => { dragging = false; });
  canvas.addEventListener('keydown', (e) => {
    const d = e.key === 'ArrowLeft' ? -0.05 : e.key === 'ArrowRight' ? 0.05 : 0;
    if (d) { e.preventDefault(); setGoal(values[paramIndex(info, 'goal')] + d); }
  });

  // replay of a recorded log under M1–M6 (replay.js)
  const actIdx = paramIndex(info, 'actuator');
  const replay = replayPanel(mainCol, {
    core, info, values: () => values, treatment: () => fricChoices[values[fricIdx]],
    actuator: () => info.params[actIdx].choices[values[actIdx]],
    selectActuator: (name) => {
      panel.set('actuator', info.params[actIdx].choices.indexOf(name));
      edited('actuator');
      loadPresetCoefficients();
      restart();
    },
  });

  // research exports (exports.js): the bench as a flat params file, MuJoCo
  exportPanel(side, {
    fileName: 'bench',
    getParams: () => scenarioParamsToObject(info, core.benchResolve(values)),
    setParams: (obj) => {
      const p = scenarioParamsFromObject(core, info, obj);
      core.benchResolve(p);
      reloadWithState(state, scenarioParamsToObject(info, p));
    },
    servo: () => ({ o: scenarioParamsToObject(info, core.benchResolve(values)), servo: core.benchServo(values) }),
  });

  restart();
  raf = requestAnimationFrame(frame);

  return {
    dispose() {
      cancelAnimationFrame(raf);
      sims.forEach((s) => s.free());
      sims = [];
      [qChart, tmChart, tfChart].forEach((c) => c.chart.destroy());
      replay.dispose();
      if (window.pendulumFrameStats === frameStats) delete window.pendulumFrameStats;
    },
  };
}
