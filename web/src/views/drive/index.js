// drive/index.js: drive/backdrive diagrams of load-dependent servo friction
// (Duclusaud & Passault §II-C, Figs. 2-4; Dupont eq. 20 for the screw). In the
// (τm, τe) plane the gear is static where |τm + τe| fits in the friction
// budget; outside it the motor drives the load or the load backdrives the
// motor. Boundaries come from the core's exact solution, not from a grid.
// Roles: fields.js (the fields and their URL state), shading.js (the regions
// on a grid), band.js (the read-outs), exports.js; this file wires them and
// draws the edges.
import { t, tCore } from '../../i18n/index.js';
import { choiceControl } from '../../controls.js';
import { stateChoice } from '../../refusal.js';
import { viewLayout, messageBox } from '../../layout.js';
import { lineBox, COLORS } from '../../charts.js';
import { el } from '../../dom.js';
import { nativeFromState, nativeRegionsLaw } from '../../nativeFile.js';
import { servoFields, constantFields, givenServo, loadPreset, writeConstNote, SCREW_FIELDS } from './fields.js';
import { regionShading, GRID } from './shading.js';
import { readouts } from './band.js';
import { drivePanel } from './exports.js';

// The steps build on each other (the velocities typed in step 1 stay): each
// one's setup is the URL state reached by following the steps before it in
// order from the defaults, and its numbers are what the view shows then
// (checked against `friction diagram` and Dupont's lines by
// tests/web/e2e.d/lessons.mjs).
const presetOf = (core, actuator, model) => String(core.bench.presets().findIndex((p) => p.actuator === actuator && p.model === model));
const CHART = '.charts > .chart-box';
export const LESSON = {
  notice: t('drive.lesson.notice'),
  tryThis: [
    { text: t('drive.lesson.step1'), setup: {}, chart: CHART },
    { text: t('drive.lesson.step2'),
    setup: (core) => ({ preset: presetOf(core, 'erob80_100', 1), velocities: '1' }), chart: CHART },
    { text: t('drive.lesson.step3'),
    setup: (core) => ({ preset: presetOf(core, 'erob80_100', 4), velocities: '1' }), chart: CHART },
    { text: t('drive.lesson.step4'), setup: { preset: 'screw', velocities: '1' }, chart: CHART },
  ],
};

export function mount(container, { core, state }) {
  const presets = core.bench.presets();
  // the view's state, shared by its roles: the preset chosen, its law, the
  // maximum torque T and the velocities drawn
  const v = { core, state, presets, SERVO_FIELDS: servoFields(core), CONST_FIELDS: constantFields(core),
    law: null,           // { kind, friction } or screw
    T: 1, velocities: [0, 1, 2], draw: () => draw(v) };
  const options = presets.map((p, i) => ({ value: String(i), label: `${p.actuator} M${p.model}` }));
  options.push({ value: 'screw', label: t('drive.screw') });
  // A servo model with no published preset (a fit or a params file of one's
  // own servo, e.g. sts3215 M4): preset=given, its actuator, model and every
  // value in the URL, read once here.
  const given = v.given = givenServo(v);
  if (given) options.push({ value: 'given', label: t('drive.given', { servo: `${given.actuator} M${given.model}` }) });
  v.presetOf = (c) => (c === 'given' ? given : presets[Number(c)]);
  // the integrator the coefficients were fitted with (a fit's link says it):
  // the diagram does not depend on it; the params file and MuJoCo exports carry it
  v.integrators = core.scenario.find('bench').params.find((q) => q.name === 'integrator').choices;
  v.integrator = stateChoice(state, 'integrator', v.integrators, v.integrators[0]);
  // a preset the view does not have (preset=abc) is refused, said on the page (refusal.js)
  const defPreset = presets.findIndex((p) => p.actuator === 'erob80_100' && p.model === 4);
  v.choice = stateChoice(state, 'preset', options.map((o) => o.value), String(defPreset >= 0 ? defPreset : 0));

  const { side, charts } = viewLayout(container, t('drive.title'), t('drive.intro'));
  const presetCtl = choiceControl({ label: t('drive.preset'), choices: options, value: v.choice,
    onChange: (c) => { v.choice = c; loadPreset(v, true); draw(v); } });
  v.fields = document.createElement('div');
  v.extra = document.createElement('div');
  v.msg = messageBox();
  v.constBox = el('details', { id: 'drive-constants' });
  v.constNote = el('div', { className: 'note', id: 'drive-constants-note', role: 'status' });
  side.append(presetCtl.el, v.fields, v.constNote, v.constBox, v.extra, v.msg);

  v.shading = regionShading(v);
  const box = v.box = lineBox(charts, {
    title: t('drive.chart'),
    description: t('drive.chart.desc'),
    height: 520,
    fileName: 'drive-backdrive',
    xName: 'tau_m [N·m]',
    xText: t('drive.chart.x'),
    yText: t('drive.chart.y'),
    plugins: { tooltip: { enabled: false } },
    options: { onHover: (evt, _els, chart) => v.read.hover(evt, chart) },
    inline: [v.shading.plugin],
  });
  box.box.append(v.shading.legend);
  v.native = nativeFromState(core, state, t);
  v.read = readouts(v, box);

  loadPreset(v, false);
  draw(v);
  drivePanel(v, side);
  return { dispose() { box.chart.destroy(); } };
}

function clampInf(x) { return Number.isFinite(x) ? x : (x > 0 ? 1e300 : -1e300); }

/** The URL state, then the edges of every velocity (the first one's shaded
 *  and read out) and the native joint's, from the core. */
function draw(v) {
  const { core, state, law, T, velocities, choice, given, native, box, msg, SERVO_FIELDS, CONST_FIELDS } = v;
  const out = { preset: choice, T, velocities: velocities.join(',') };
  if (choice === 'given') Object.assign(out, { actuator: given.actuator, model: given.model });
  if (law.kind === 'screw') SCREW_FIELDS.forEach((f) => { out[f.key] = law[f.key]; });
  else {
    SERVO_FIELDS.forEach((f) => { out[f.key] = law.friction[f.key]; });
    CONST_FIELDS.forEach((f) => { out[f.key] = law.servo[f.key]; });
  }
  state.set(out);
  writeConstNote(v);
  law.eta1s = law.eta1;
  law.eta2s = law.eta2;
  const ds = [];
  msg.hidden = true;
  v.shading.clear();
  try {
    velocities.forEach((vel, vi) => {
      const r = core.regions.polyline(law, vel, T, 240);
      const lo = [], hi = [];
      for (let k = 0; k < r.tauM.length; k++) {
        lo.push({ x: r.tauM[k], y: Math.max(-2 * T, clampInf(r.lo[k])) });
        hi.push({ x: r.tauM[k], y: Math.min(2 * T, clampInf(r.hi[k])) });
      }
      const color = COLORS[vi % COLORS.length];
      const main = vi === 0;
      ds.push({ label: t(main ? 'drive.ds.static' : 'drive.ds.edges', { v: vel }), data: lo, borderColor: color,
        borderWidth: main ? 2 : 1.5, borderDash: main ? undefined : [6, 4], csvName: `tau_e static low at dtheta = ${vel} rad/s` });
      ds.push({ label: t('drive.ds.upper', { v: vel }), upper: true, data: hi, borderColor: color, borderWidth: main ? 2 : 1.5,
        borderDash: main ? undefined : [6, 4], csvName: `tau_e static high at dtheta = ${vel} rad/s` });
      if (main) {
        v.shading.paint(core.regions.grid(law, vel, T, GRID, GRID));
        v.read.writeBand(r, vel);
      }
    });
    if (native) {
      // the native joint at the first velocity: the core's regions of its law (frictionloss, damping)
      const vel = velocities[0], r = core.regions.polyline(nativeRegionsLaw(native.params), vel, T, 240);
      const pts = (ys, cut) => Array.from(r.tauM, (x, k) => ({ x, y: cut(clampInf(ys[k])) }));
      const style = { borderColor: '#2b3440', borderWidth: 2, borderDash: [2, 3] };
      ds.push({ label: t('drive.ds.native', { v: vel }), data: pts(r.lo, (y) => Math.max(-2 * T, y)), ...style,
        csvName: `tau_e native static low at dtheta = ${vel} rad/s` });
      ds.push({ label: t('drive.ds.native', { v: vel }), upper: true, data: pts(r.hi, (y) => Math.min(2 * T, y)), ...style,
        csvName: `tau_e native static high at dtheta = ${vel} rad/s` });
      v.read.writeNativeBand(r, vel);
    }
    box.chart.options.scales.x.min = -T;
    box.chart.options.scales.x.max = T;
    box.chart.options.scales.y.min = -T;
    box.chart.options.scales.y.max = T;
    box.chart.options.plugins.legend.labels = { filter: (item, data) => !data.datasets[item.datasetIndex]?.upper };
    box.chart.data.datasets = ds;
    box.box.classList.remove('greyed');
    v.read.readPoint();
  } catch (e) {
    msg.hidden = false;
    msg.textContent = tCore(e);
    box.box.classList.add('greyed');
  }
  box.update();
}
