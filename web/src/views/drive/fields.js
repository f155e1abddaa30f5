// drive/fields.js: the Drive view's fields: the servo's coefficients and motor
// constants (the core's tables), the screw's efficiencies, the maximum torque
// and the velocities, read from the URL once and written back by the view.
import { t, tParam, decimalMark } from '../../i18n/index.js';
import { numberControl } from '../../controls.js';
import { fmt, fmtList, parseList } from '../../format.js';
import { stateParam } from '../../refusal.js';
import { el } from '../../dom.js';
import { SERVO_CONSTANTS, STS3215_CONSTANTS } from '../../exports.js';

// The servo coefficients (names, which models use them, > 0 or >= 0, label
// and unit) are the core's: bench.servoCoefs() and the bench scenario's parameters.
export function servoFields(core) {
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
export function constantFields(core) {
  const bench = core.scenario.find('bench');
  // the STS3215's firmware keys too (1 and 0, no smoothing, for the others)
  return [...SERVO_CONSTANTS, ...STS3215_CONSTANTS].map((key) => {
    const p = bench.params.find((q) => q.name === key);
    return { key, label: tParam('bench', key, 'label', p.label), unit: p.unit, min: key === 'q_offset' ? p.min : key === 'max_velocity' ? 0 : 1e-9, max: p.max };
  });
}
const T_MIN = 1e-3, T_MAX = 1e4;   // [N·m] the maximum torque's field
export const SCREW_FIELDS = [
  { key: 'eta1', label: t('drive.param.eta1'), unit: '', min: 0.01, max: 1 },
  { key: 'eta2', label: t('drive.param.eta2'), unit: '', min: 1, max: 10 },
  { key: 'tau_c', label: t('drive.param.tau_c'), unit: 'N·m', min: 0, max: 100 },
  { key: 'b_v', label: t('drive.param.b_v'), unit: 'N·m·s/rad', min: 0, max: 100 },
];
// Dupont Fig. 5: η1 = 0.663, η2 = 1.91 (the screw scenario's defaults).
const SCREW_PRESET = { eta1: 0.663, eta2: 1.91, tau_c: 0, b_v: 0 };
const TORQUE_SCALE = { erob80_50: 60, erob80_100: 60, mx64: 6, mx106: 10, xl320: 0.5, xl330: 1, sts3215: 3 };

/** The servo of preset=given: its actuator, model and every value in the
 *  URL (a fit or a params file of one's own servo), or null. */
export function givenServo(v) {
  const { core, state, presets, SERVO_FIELDS, CONST_FIELDS } = v;
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

/** The fields of the chosen preset (v.choice) into v.fields, v.constBox and
 *  v.extra: v.law, v.T and v.velocities from the preset (fromPreset) or the URL. */
export function loadPreset(v, fromPreset) {
  const { state, SERVO_FIELDS, CONST_FIELDS, fields, constBox, extra } = v;
  fields.replaceChildren();
  // a field's value from the URL, in the field's range (a text or a value
  // outside it is refused, refusal.js)
  const saved = (k, d, min, max) => (fromPreset ? d : stateParam(state, k, { min, max }, d));
  if (v.choice === 'screw') {
    v.law = { kind: 'screw' };
    for (const f of SCREW_FIELDS) {
      v.law[f.key] = saved(f.key, SCREW_PRESET[f.key], f.min, f.max);
      const c = numberControl({ label: f.label, unit: f.unit, min: f.min, max: f.max, value: v.law[f.key],
        onInput: (x) => { v.law[f.key] = x; v.draw(); } });
      fields.append(c.el);
    }
    v.law.eta1s = v.law.eta1;
    v.law.eta2s = v.law.eta2;
    v.T = saved('T', 100, T_MIN, T_MAX);
    constBox.replaceChildren();   // a screw has no motor constants: none kept from a servo before
  } else {
    const p = v.presetOf(v.choice);
    v.law = { kind: 'servo', friction: { ...p.friction } };
    for (const f of SERVO_FIELDS) {
      if (!f.models.includes(p.model)) continue;
      const v0 = saved(f.key, p.friction[f.key], f.positive ? 1e-6 : 0, 1e4);
      v.law.friction[f.key] = v0;
      const hi = Math.max(1, v0 * 10);
      const c = numberControl({ label: f.label, unit: f.unit, min: f.positive ? 1e-6 : 0, max: 1e4, value: v0,
        sliderMin: f.positive ? Math.max(1e-6, v0 / 10) : 0, sliderMax: hi, log: f.positive,
        onInput: (x) => { v.law.friction[f.key] = x; v.draw(); } });
      fields.append(c.el);
    }
    v.T = saved('T', TORQUE_SCALE[p.actuator] || 10, T_MIN, T_MAX);
    v.law.servo = Object.fromEntries(CONST_FIELDS.map((f) => [f.key, saved(f.key, p.servo[f.key], f.min, f.max)]));
    constBox.replaceChildren(el('summary', {}, t('drive.constants')));
    for (const f of CONST_FIELDS) {
      const c = numberControl({ label: f.label, unit: f.unit, min: f.min, max: f.max, value: v.law.servo[f.key],
        onInput: (x) => { v.law.servo[f.key] = x; v.draw(); } });
      constBox.append(c.el);
    }
  }
  constBox.hidden = v.choice === 'screw';
  writeConstNote(v);
  extra.replaceChildren();
  const tCtl = numberControl({ label: t('drive.maxTorque'), unit: 'N·m', min: T_MIN, max: T_MAX, value: v.T, log: true,
    sliderMin: v.T / 20, sliderMax: v.T * 20, onInput: (x) => { v.T = x; v.draw(); } });
  const vel = el('input', { id: 'drive-velocities', type: 'text' });
  const velMsg = el('div', { className: 'ctl-msg', 'aria-live': 'polite' });
  if (!fromPreset) {
    // the URL's list: ',' separated, '.' the decimal mark, in every
    // language; a text that is no such list is refused (refusal.js)
    v.velocities = stateParam(state, 'velocities', { parse: (raw) => parseList(raw, '.').values?.length ? parseList(raw, '.').values : null,
      allowed: t('page.refused.list') }, v.velocities);
  }
  vel.value = fmtList(v.velocities, decimalMark);
  // applied on Enter or when the field loses focus (the 'change' event);
  // read by the one list parser (format.js parseList: in French ';'
  // separates, "0,5" is one velocity, "0,5,2" is refused as ambiguous)
  vel.addEventListener('change', () => {
    const { values: nums, why, item } = parseList(vel.value, decimalMark);
    if (why === 'ambiguous') {
      velMsg.textContent = t('drive.velocities.ambiguous', { item, kept: fmtList(v.velocities, decimalMark) });
      vel.setAttribute('aria-invalid', 'true');
      return;
    }
    if (why || !nums.length || nums.length > 6) {
      velMsg.textContent = t('drive.velocities.bad', { kept: fmtList(v.velocities, decimalMark) });
      vel.setAttribute('aria-invalid', 'true');
      return;
    }
    velMsg.textContent = '';
    vel.removeAttribute('aria-invalid');
    v.velocities = nums;
    v.draw();
  });
  // Escape puts back the list the diagram draws (a refused text is dropped)
  vel.addEventListener('keydown', (e) => {
    if (e.key !== 'Escape') return;
    e.preventDefault();
    vel.value = fmtList(v.velocities, decimalMark);
    vel.removeAttribute('aria-invalid');
    velMsg.textContent = '';
  });
  extra.append(el('h3', { textContent: t('drive.plot') }), tCtl.el, el('div', { className: 'ctl-choice' },
    el('label', { htmlFor: 'drive-velocities', textContent: t('drive.velocities') }), vel, velMsg));
}

/** Says where the motor constants of the exports come from: the published
 *  preset, or the values given (a fit, a pasted file), with the published ones beside. */
export function writeConstNote(v) {
  const { constNote, CONST_FIELDS, law } = v;
  constNote.hidden = law.kind !== 'servo';
  if (constNote.hidden) return;
  const p = v.presetOf(v.choice);
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
