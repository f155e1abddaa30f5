// drive.js: drive/backdrive diagrams of load-dependent servo friction
// (Duclusaud & Passault §II-C, Figs. 2-4; Dupont eq. 20 for the screw). In the
// (τm, τe) plane the gear is static where |τm + τe| fits in the friction
// budget; outside it the motor drives the load or the load backdrives the
// motor. Boundaries come from the core's exact solution, not from a grid.
import { t, tParam, tCore, decimalMark } from '../i18n/index.js';
import { numberControl, choiceControl } from '../controls.js';
import { fmt, fmtList, fmtNumber, parseList } from '../format.js';
import { stateParam, stateChoice } from '../refusal.js';
import { viewLayout, messageBox } from '../layout.js';
import { lineBox, COLORS } from '../charts.js';
import { el } from '../dom.js';
import { exportPanel, checkObject, presetParamsText, presetFromObject, reloadWithState, SERVO_CONSTANTS, STS3215_CONSTANTS, servoBenchVector,
  servoExport, carriedKeys, carryEntry, withCarried } from '../exports.js';
import { nativeFromState, nativeFromObject, nativeEntry, nativeRegionsLaw, nativeDrivePreset, nativeRemove } from '../nativeFile.js';

// The servo coefficients (names, which models use them, > 0 or >= 0, label
// and unit) are the core's: bench.servoCoefs() and the bench scenario's parameters.
function servoFields(core) {
  const bench = core.scenario.find('bench');
  return core.bench.servoCoefs().slice(1).map((c) => {
    const p = bench.params.find((q) => q.name === c.key);
    return { key: c.field, label: p ? tParam('bench', p.name, 'label', p.label) : c.field, unit: p ? p.unit : '', models: c.models, positive: c.positive };
  });
}
// The motor constants (kt, R, armature, q_offset: the bench scenario's
// parameters) do not shape the diagram; the view keeps them with the
// coefficients so that its params file and MuJoCo snippet carry the values
// it was given (a fit, a pasted file), never the published ones silently.
function constantFields(core) {
  const bench = core.scenario.find('bench');
  // the STS3215's firmware keys too (1 and 0, no smoothing, for the others)
  return [...SERVO_CONSTANTS, ...STS3215_CONSTANTS].map((key) => {
    const p = bench.params.find((q) => q.name === key);
    return { key, label: tParam('bench', key, 'label', p.label), unit: p.unit, min: key === 'q_offset' ? p.min : key === 'max_velocity' ? 0 : 1e-9, max: p.max };
  });
}
const T_MIN = 1e-3, T_MAX = 1e4;   // [N·m] the maximum torque's field
const SCREW_FIELDS = [
  { key: 'eta1', label: t('drive.param.eta1'), unit: '', min: 0.01, max: 1 },
  { key: 'eta2', label: t('drive.param.eta2'), unit: '', min: 1, max: 10 },
  { key: 'tau_c', label: t('drive.param.tau_c'), unit: 'N·m', min: 0, max: 100 },
  { key: 'b_v', label: t('drive.param.b_v'), unit: 'N·m·s/rad', min: 0, max: 100 },
];
// Dupont Fig. 5: η1 = 0.663, η2 = 1.91 (the screw scenario's defaults).
const SCREW_PRESET = { eta1: 0.663, eta2: 1.91, tau_c: 0, b_v: 0 };
const TORQUE_SCALE = { erob80_50: 60, erob80_100: 60, mx64: 6, mx106: 10, xl320: 0.5, xl330: 1, sts3215: 3 };
// region shading (classified by the core on a grid, behind the exact edges)
const REGION_RGBA = [[150, 150, 150, 90], [31, 111, 235, 45], [209, 36, 47, 45]];
const GRID = 240;

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
  const SERVO_FIELDS = servoFields(core);
  const CONST_FIELDS = constantFields(core);
  const presets = core.bench.presets();
  function givenServo() {
    const bench = core.scenario.find('bench');
    const actuator = state.get('actuator', null), model = state.getNumber('model', NaN);
    if (state.get('preset', null) !== 'given' || !bench.params.find((q) => q.name === 'actuator').choices.includes(actuator)
      || !(Number.isInteger(model) && model >= 1 && model <= 6)) return null;
    // the STS3215 firmware keys a URL may leave out: the actuator's own (its first preset's)
    const own = presets.find((p) => p.actuator === actuator)?.servo ?? { error_gain_ratio: 1, max_velocity: 0 };
    const servo = Object.fromEntries(CONST_FIELDS.map((f) => [f.key,
      state.getNumber(f.key, STS3215_CONSTANTS.includes(f.key) ? own[f.key] : NaN)]));
    const friction = { model, ...Object.fromEntries(SERVO_FIELDS.map((f) => [f.key, state.getNumber(f.key, f.positive ? 1 : 0)])) };
    return Object.values(servo).every(Number.isFinite) ? { actuator, model, friction, servo, given: true } : null;
  }
  const options = presets.map((p, i) => ({ value: String(i), label: `${p.actuator} M${p.model}` }));
  options.push({ value: 'screw', label: t('drive.screw') });
  // A servo model with no published preset (a fit or a params file of one's
  // own servo, e.g. sts3215 M4): preset=given, its actuator, model and every
  // value in the URL, read once here.
  const given = givenServo();
  if (given) options.push({ value: 'given', label: t('drive.given', { servo: `${given.actuator} M${given.model}` }) });
  const presetOf = (c) => (c === 'given' ? given : presets[Number(c)]);
  // the integrator the coefficients were fitted with (a fit's link says it):
  // the diagram does not depend on it; the params file and MuJoCo exports carry it
  const integrators = core.scenario.find('bench').params.find((q) => q.name === 'integrator').choices;
  const integrator = stateChoice(state, 'integrator', integrators, integrators[0]);
  // a preset the view does not have (preset=abc) is refused, said on the page (refusal.js)
  const defPreset = presets.findIndex((p) => p.actuator === 'erob80_100' && p.model === 4);
  let choice = stateChoice(state, 'preset', options.map((o) => o.value), String(defPreset >= 0 ? defPreset : 0));
  let law = null;           // { kind, friction } or screw
  let T = 1;
  let velocities = [0, 1, 2];

  const { side, charts } = viewLayout(container, t('drive.title'), t('drive.intro'));
  const presetCtl = choiceControl({ label: t('drive.preset'), choices: options, value: choice,
    onChange: (v) => { choice = v; loadPreset(true); draw(); } });
  const fields = document.createElement('div');
  const extra = document.createElement('div');
  const msg = messageBox();
  const constBox = el('details', { id: 'drive-constants' });
  const constNote = el('div', { className: 'note', id: 'drive-constants-note', role: 'status' });
  side.append(presetCtl.el, fields, constNote, constBox, extra, msg);

  // The shading: an offscreen image of the core's classification, drawn
  // under the datasets and stretched over [−T, T]².
  const raster = document.createElement('canvas');
  raster.width = GRID;
  raster.height = GRID;
  let rasterReady = false;
  function paintRaster(codes) {
    const ctx = raster.getContext('2d');
    const img = ctx.createImageData(GRID, GRID);
    for (let i = 0; i < codes.length; i++) {
      const c = REGION_RGBA[codes[i]] || [0, 0, 0, 0];
      img.data.set(c, 4 * i);
    }
    ctx.putImageData(img, 0, 0);
    rasterReady = true;
  }
  const shading = {
    id: 'regionShading',
    beforeDatasetsDraw(chart) {
      if (!rasterReady) return;
      const { ctx, chartArea: a, scales } = chart;
      const x0 = scales.x.getPixelForValue(-T), x1 = scales.x.getPixelForValue(T);
      const y0 = scales.y.getPixelForValue(T), y1 = scales.y.getPixelForValue(-T);
      ctx.save();
      ctx.beginPath();
      ctx.rect(a.left, a.top, a.right - a.left, a.bottom - a.top);
      ctx.clip();
      ctx.imageSmoothingEnabled = false;
      ctx.drawImage(raster, x0, y0, x1 - x0, y1 - y0);
      ctx.restore();
    },
  };
  const legendNote = document.createElement('div');
  legendNote.className = 'note';
  const swatch = (bg, text) => el('span', { className: 'swatch', style: `background:${bg}` }, `\u00a0${text}\u00a0`);
  legendNote.append(t('drive.shading'), swatch('rgba(150,150,150,.35)', t('drive.region.static')), ' ',
    swatch('rgba(31,111,235,.18)', t('drive.region.drive')), ' ', swatch('rgba(209,36,47,.18)', t('drive.region.backdrive')));

  const box = lineBox(charts, {
    title: t('drive.chart'),
    description: t('drive.chart.desc'),
    height: 520,
    fileName: 'drive-backdrive',
    xName: 'tau_m [N·m]',
    xText: t('drive.chart.x'),
    yText: t('drive.chart.y'),
    plugins: { tooltip: { enabled: false } },
    options: { onHover: (evt, _els, chart) => hover(evt, chart) },
    inline: [shading],
  });
  box.box.append(legendNote);
  // the static band's edges at τm = −T, 0 and T for the first velocity, as
  // text: the chart clips τe to [−T, T] and a width is hard to read off it
  // (the lesson's steps quote these numbers)
  const band = el('div', { className: 'readout', id: 'drive-band', 'aria-live': 'polite' });
  box.box.append(band);
  // MuJoCo's native joint of a params file (pasted below, or a native fit's
  // link; nativeFile.js): its band beside the model's, and said in words
  const native = nativeFromState(core, state, t);
  const nativeBand = el('div', { className: 'readout', id: 'drive-native-band', 'aria-live': 'polite', hidden: !native });
  box.box.append(nativeBand);
  if (native) box.box.append(nativeRemove(() => reloadWithState(state, nativeEntry(null))));
  const readout = document.createElement('div');
  readout.className = 'readout';
  readout.id = 'drive-readout';
  readout.setAttribute('aria-live', 'polite');
  readout.textContent = t('drive.readout.hint');
  box.box.append(readout);

  function loadPreset(fromPreset) {
    fields.replaceChildren();
    // a field's value from the URL, in the field's range (a text or a value
    // outside it is refused, refusal.js)
    const saved = (k, d, min, max) => (fromPreset ? d : stateParam(state, k, { min, max }, d));
    if (choice === 'screw') {
      law = { kind: 'screw' };
      for (const f of SCREW_FIELDS) {
        law[f.key] = saved(f.key, SCREW_PRESET[f.key], f.min, f.max);
        const c = numberControl({ label: f.label, unit: f.unit, min: f.min, max: f.max, value: law[f.key],
          onInput: (v) => { law[f.key] = v; draw(); } });
        fields.append(c.el);
      }
      law.eta1s = law.eta1;
      law.eta2s = law.eta2;
      T = saved('T', 100, T_MIN, T_MAX);
      constBox.replaceChildren();   // a screw has no motor constants: none kept from a servo before
    } else {
      const p = presetOf(choice);
      law = { kind: 'servo', friction: { ...p.friction } };
      for (const f of SERVO_FIELDS) {
        if (!f.models.includes(p.model)) continue;
        const v0 = saved(f.key, p.friction[f.key], f.positive ? 1e-6 : 0, 1e4);
        law.friction[f.key] = v0;
        const hi = Math.max(1, v0 * 10);
        const c = numberControl({ label: f.label, unit: f.unit, min: f.positive ? 1e-6 : 0, max: 1e4, value: v0,
          sliderMin: f.positive ? Math.max(1e-6, v0 / 10) : 0, sliderMax: hi, log: f.positive,
          onInput: (v) => { law.friction[f.key] = v; draw(); } });
        fields.append(c.el);
      }
      T = saved('T', TORQUE_SCALE[p.actuator] || 10, T_MIN, T_MAX);
      law.servo = Object.fromEntries(CONST_FIELDS.map((f) => [f.key, saved(f.key, p.servo[f.key], f.min, f.max)]));
      constBox.replaceChildren(el('summary', {}, t('drive.constants')));
      for (const f of CONST_FIELDS) {
        const c = numberControl({ label: f.label, unit: f.unit, min: f.min, max: f.max, value: law.servo[f.key],
          onInput: (v) => { law.servo[f.key] = v; draw(); } });
        constBox.append(c.el);
      }
    }
    constBox.hidden = choice === 'screw';
    writeConstNote();
    extra.replaceChildren();
    const tCtl = numberControl({ label: t('drive.maxTorque'), unit: 'N·m', min: T_MIN, max: T_MAX, value: T, log: true,
      sliderMin: T / 20, sliderMax: T * 20, onInput: (v) => { T = v; draw(); } });
    const vel = el('input', { id: 'drive-velocities', type: 'text' });
    const velMsg = el('div', { className: 'ctl-msg', 'aria-live': 'polite' });
    if (!fromPreset) {
      // the URL's list: ',' separated, '.' the decimal mark, in every
      // language; a text that is no such list is refused (refusal.js)
      velocities = stateParam(state, 'velocities', { parse: (raw) => parseList(raw, '.').values?.length ? parseList(raw, '.').values : null,
        allowed: t('page.refused.list') }, velocities);
    }
    vel.value = fmtList(velocities, decimalMark);
    // applied on Enter or when the field loses focus (the 'change' event);
    // read by the one list parser (format.js parseList: in French ';'
    // separates, "0,5" is one velocity, "0,5,2" is refused as ambiguous)
    vel.addEventListener('change', () => {
      const { values: nums, why, item } = parseList(vel.value, decimalMark);
      if (why === 'ambiguous') {
        velMsg.textContent = t('drive.velocities.ambiguous', { item, kept: fmtList(velocities, decimalMark) });
        return;
      }
      if (why || !nums.length || nums.length > 6) {
        velMsg.textContent = t('drive.velocities.bad', { kept: fmtList(velocities, decimalMark) });
        return;
      }
      velMsg.textContent = '';
      velocities = nums;
      draw();
    });
    extra.append(el('h3', { textContent: t('drive.plot') }), tCtl.el, el('div', { className: 'ctl-choice' },
      el('label', { htmlFor: 'drive-velocities', textContent: t('drive.velocities') }), vel, velMsg));
  }

  /** Says where the motor constants of the exports come from: the published
   *  preset, or the values given (a fit, a pasted file), with the published ones beside. */
  function writeConstNote() {
    constNote.hidden = law.kind !== 'servo';
    if (constNote.hidden) return;
    const p = presetOf(choice);
    if (p.given) {
      constNote.dataset.source = 'given';
      constNote.textContent = t('drive.const.givenOnly', { values: CONST_FIELDS.map((f) => `${f.key} = ${fmt(law.servo[f.key])}`
        + `${f.unit ? ` ${f.unit}` : ''}`).join(', '), servo: `${p.actuator} M${p.model}` });
      return;
    }
    const diff = CONST_FIELDS.filter((f) => law.servo[f.key] !== p.servo[f.key]);
    constNote.dataset.source = diff.length ? 'given' : 'published';
    constNote.textContent = diff.length
      ? t('drive.const.given', { values: diff.map((f) => t('drive.const.value', { key: f.key, value: `${fmt(law.servo[f.key])}${f.unit ? ` ${f.unit}` : ''}`,
        published: fmt(p.servo[f.key]) })).join(', '),
      rest: diff.length < CONST_FIELDS.length ? t('drive.const.rest', { keys: CONST_FIELDS.filter((f) => !diff.includes(f)).map((f) => f.key).join(', ') }) : '' })
      : t('drive.const.published', { servo: `${p.actuator} M${p.model}` });
  }

  function clampInf(v) { return Number.isFinite(v) ? v : (v > 0 ? 1e300 : -1e300); }

  function draw() {
    const out = { preset: choice, T, velocities: velocities.join(',') };
    if (choice === 'given') Object.assign(out, { actuator: given.actuator, model: given.model });
    if (law.kind === 'screw') SCREW_FIELDS.forEach((f) => { out[f.key] = law[f.key]; });
    else {
      SERVO_FIELDS.forEach((f) => { out[f.key] = law.friction[f.key]; });
      CONST_FIELDS.forEach((f) => { out[f.key] = law.servo[f.key]; });
    }
    state.set(out);
    writeConstNote();
    law.eta1s = law.eta1;
    law.eta2s = law.eta2;
    const ds = [];
    msg.hidden = true;
    rasterReady = false;
    try {
      velocities.forEach((v, vi) => {
        const r = core.regions.polyline(law, v, T, 240);
        const lo = [], hi = [];
        for (let k = 0; k < r.tauM.length; k++) {
          lo.push({ x: r.tauM[k], y: Math.max(-2 * T, clampInf(r.lo[k])) });
          hi.push({ x: r.tauM[k], y: Math.min(2 * T, clampInf(r.hi[k])) });
        }
        const color = COLORS[vi % COLORS.length];
        const main = vi === 0;
        ds.push({ label: t(main ? 'drive.ds.static' : 'drive.ds.edges', { v }), data: lo, borderColor: color,
          borderWidth: main ? 2 : 1.5, borderDash: main ? undefined : [6, 4], csvName: `tau_e static low at dtheta = ${v} rad/s` });
        ds.push({ label: t('drive.ds.upper', { v }), upper: true, data: hi, borderColor: color, borderWidth: main ? 2 : 1.5,
          borderDash: main ? undefined : [6, 4], csvName: `tau_e static high at dtheta = ${v} rad/s` });
        if (main) {
          paintRaster(core.regions.grid(law, v, T, GRID, GRID));
          writeBand(r, v);
        }
      });
      if (native) {
        // the native joint at the first velocity: the core's regions of its law (frictionloss, damping)
        const v = velocities[0], r = core.regions.polyline(nativeRegionsLaw(native.params), v, T, 240);
        const pts = (ys, cut) => Array.from(r.tauM, (x, k) => ({ x, y: cut(clampInf(ys[k])) }));
        const style = { borderColor: '#2b3440', borderWidth: 2, borderDash: [2, 3] };
        ds.push({ label: t('drive.ds.native', { v }), data: pts(r.lo, (y) => Math.max(-2 * T, y)), ...style,
          csvName: `tau_e native static low at dtheta = ${v} rad/s` });
        ds.push({ label: t('drive.ds.native', { v }), upper: true, data: pts(r.hi, (y) => Math.min(2 * T, y)), ...style,
          csvName: `tau_e native static high at dtheta = ${v} rad/s` });
        writeNativeBand(r, v);
      }
      box.chart.options.scales.x.min = -T;
      box.chart.options.scales.x.max = T;
      box.chart.options.scales.y.min = -T;
      box.chart.options.scales.y.max = T;
      box.chart.options.plugins.legend.labels = { filter: (item, data) => !data.datasets[item.datasetIndex]?.upper };
      box.chart.data.datasets = ds;
      box.box.classList.remove('greyed');
      readPoint();
    } catch (e) {
      msg.hidden = false;
      msg.textContent = tCore(e);
      box.box.classList.add('greyed');
    }
    box.update();
  }

  /** The band's edges at τm = −T, 0 and T of the polyline r (its samples
   *  hold them exactly: fric_regions_polyline), as text. */
  const n3 = (x) => (Number.isFinite(x) ? fmtNumber(x, { digits: 3 }) : x > 0 ? '+∞' : '−∞');
  const bandRows = (r) => [-T, 0, T].map((tm) => {
    const k = r.tauM.indexOf(tm);
    return k < 0 ? null : t('drive.band.row', { tm: n3(tm), lo: n3(r.lo[k]), hi: n3(r.hi[k]), w: n3(r.hi[k] - r.lo[k]) });
  }).filter(Boolean).join(t('list.sep'));
  /** The band read-out from the polyline r of velocity v. */
  function writeBand(r, v) {
    band.textContent = t('drive.band', { v: fmt(v), rows: bandRows(r) });
  }

  /** The native joint's band in words (r its polyline at velocity v): its
   *  edges at τm = −T, 0, T, the same width at each: frictionloss does not
   *  depend on the load. */
  function writeNativeBand(r, v) {
    const k0 = r.tauM.indexOf(0);
    Object.assign(nativeBand.dataset, { frictionloss: String(native.params.frictionloss), damping: String(native.params.damping),
      v: String(v), lo: String(r.lo[k0]), hi: String(r.hi[k0]) });
    nativeBand.textContent = t('drive.native.band', { actuator: native.actuator, fl: fmt(native.params.frictionloss),
      d: fmt(native.params.damping), v: fmt(v), rows: bandRows(r) });
  }

  // The read-out is for the last point pointed at; a change of velocity or
  // of any parameter recomputes it there.
  let pointed = null;
  function hover(evt, chart) {
    if (!evt || evt.x === undefined) return;
    const tm = chart.scales.x.getValueForPixel(evt.x);
    const te = chart.scales.y.getValueForPixel(evt.y);
    if (!Number.isFinite(tm) || !Number.isFinite(te) || Math.abs(tm) > T || Math.abs(te) > T) return;
    pointed = { tm, te };
    readPoint();
  }
  function readPoint() {
    if (!pointed) return;
    const { tm, te } = pointed;
    const v = velocities[0];
    let region;
    try {
      region = core.regions.at(law, v, tm, te);
    } catch (e) {
      // an invalid law: draw() already shows the core's message
      readout.textContent = tCore(e);
      readout.dataset.region = 'invalid';
      return;
    }
    readout.textContent = t('drive.readout', { tm: fmt(tm), te: fmt(te), v, region: t(`drive.region.${region}`) })
      + `${Math.abs(tm) > T || Math.abs(te) > T ? t('drive.readout.outside') : ''}`;
    readout.dataset.region = region;
  }

  loadPreset(false);
  draw();
  // research exports (exports.js): a servo preset as a params file (the keys
  // of params/<actuator>/m<k>.json) and its MuJoCo snippet; the screw by name
  const servoOf = () => (choice === 'screw' ? null : presetOf(choice));
  // the keys of the pasted file the core does not model: carried into every export
  const carry = carriedKeys(state);
  const panelOut = exportPanel(side, {
    fileName: 'drive',
    getParams: () => (servoOf() ? presetParamsText(core, servoOf(), law.friction, law.servo, integrator, carry)
      : { preset: 'screw', ...Object.fromEntries(SCREW_FIELDS.map((f) => [f.key, law[f.key]])) }),
    setParams: (obj) => {
      // a native file ("model": "native"): MuJoCo's own joint, its band drawn beside the model's
      // beside its actuator's highest published model (nativeDrivePreset), the values that preset gives
      if (obj && obj.model === 'native') {
        const f = nativeFromObject(core, obj, t), at = nativeDrivePreset(presets, f.actuator);
        const fresh = Object.fromEntries([...SERVO_FIELDS, ...CONST_FIELDS, { key: 'T' }, { key: 'actuator' }, { key: 'model' }].map((x) => [x.key, null]));
        reloadWithState(state, { ...nativeEntry(f), ...(at < 0 ? {} : { preset: String(at), ...fresh }) });
        return;
      }
      if (obj && obj.preset === 'screw') {
        reloadWithState(state, { ...checkObject(obj, [{ key: 'preset', choices: ['screw'] }, ...SCREW_FIELDS]), ...carryEntry(null) });
        return;
      }
      const { index, actuator, model, friction, servo, integrator: fileIntegrator, carry: c } = presetFromObject(core, obj);
      const coefficients = { ...friction };   // every coefficient, not the model's name
      delete coefficients.model;
      reloadWithState(state, { preset: index < 0 ? 'given' : String(index), ...(index < 0 ? { actuator, model } : {}), ...coefficients, ...servo,
        integrator: fileIntegrator === integrators[0] ? null : fileIntegrator, ...carryEntry(c) });
    },
    servo: () => servoOf() && servoExport(core, servoBenchVector(core, { actuator: servoOf().actuator, model: servoOf().model,
      servo: law.servo, friction: law.friction, integrator }), carry),
  });
  panelOut.carried(carry.length ? core.io.paramsFile(withCarried({}, carry), 'paste').warnings : []);
  return { dispose() { box.chart.destroy(); } };
}
