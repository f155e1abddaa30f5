// mujoco/robotMapping.js: Your robot's servo pickers (yourRobot.js): a
// select per joint class, then per joint, each offering "no servo", the
// params files and the view's fit (servoFiles.js) and the core's servo
// presets; the mapping text they stand for (the CLI's syntax, robot.js
// parseMapping reads it back), the defaults of a dropped robot and the
// selects a typed mapping gives.
import { el, button } from '../../dom.js';
import { parseMapping } from '../../mujoco/robot.js';
import { t } from '../../i18n/index.js';
import { MJ_CONSTANTS } from '../../../../wasm/friction.js';

export const NONE = '';                 // the select's value for "no servo"
const AS_CLASS = '@class';              // a joint's "as its class"
export const MAPPABLE = new Set(['hinge', 'slide']);   // the joints a servo drives

/** A joint of robot.info as the page names it: its MJCF name, else its index in the model. */
const jointLabel = (j) => j.name || t('robot.map.unnamed', { i: j.index });

/** The servo presets of the core: [{ value: 'sts3215/m1', text: 'sts3215 M1', actuator: 'sts3215' }]. */
export function servoChoices(core) {
  return core.bench.presets().map((p) => ({ value: `${p.actuator}/m${p.model}`, text: `${p.actuator} M${p.model}`, actuator: p.actuator }));
}

/** The mapping's entries of the choices ([{ kind, target, servo }], what the
 *  core's parser gives, core.robot.mapSet takes): a class's servo as a class
 *  entry, a joint's own as a joint entry; a class with a joint set to "no
 *  servo" is given joint by joint (so that joint is left as the file has
 *  it). Names go whole, so a joint or class named with ',', '=' or ';' is
 *  adopted as it is (the text cannot carry those). */
export function mappingEntries(joints, classServo, jointServo) {
  const out = [];
  const split = new Set(joints.filter((j) => jointServo.get(j.name) === NONE && classServo.get(j.cls)).map((j) => j.cls));
  for (const [cls, servo] of classServo) if (servo && !split.has(cls)) out.push({ kind: 'class', target: cls, servo });
  for (const j of joints) {
    const own = jointServo.get(j.name) ?? AS_CLASS;
    if (own !== AS_CLASS && own !== NONE) out.push({ kind: 'joint', target: j.name, servo: own });
    else if (own === AS_CLASS && split.has(j.cls)) out.push({ kind: 'joint', target: j.name, servo: classServo.get(j.cls) });
  }
  return out;
}

/** The mapping text of entries (the CLI's syntax: `class:NAME=SERVO`,
 *  `NAME=SERVO`, `*=SERVO`), as the page shows it. */
export const entriesText = (entries) => entries
  .map((e) => `${e.kind === 'all' ? '*' : e.kind === 'class' ? `class:${e.target}` : e.target}=${e.servo}`).join(', ');

/** The mapping text of the choices (mappingEntries written as text). */
export const mappingText = (joints, classServo, jointServo) => entriesText(mappingEntries(joints, classServo, jointServo));

/** The selects of a robot just loaded (info: robot.js's reading of it): a
 *  worked robot's mapping (the core's parser), else the defaults: a class
 *  named as an actuator of the core gets its M1 (else its first model).
 *  mapping: the worked robot's, null for a drop.
 *  Returns { cs: class → servo, js: joint → servo }. */
export function firstChoices(core, presets, info, mapping) {
  const cs = new Map(), js = new Map();
  if (mapping != null) {
    for (const e of parseMapping(core, mapping)) (e.kind === 'class' ? cs : js).set(e.target, e.servo);
  } else {
    for (const cls of new Set(info.joints.filter((j) => MAPPABLE.has(j.type)).map((j) => j.cls).filter(Boolean))) {
      const pick = presets.find((x) => x.value === `${cls}/m1`) ?? presets.find((x) => x.value.startsWith(`${cls}/`));
      cs.set(cls, pick ? pick.value : NONE);
    }
  }
  return { cs, js };
}

/** The selects showing what a typed mapping adopted (rows: the adopted
 *  pair's, robot.js): a class's servo from its entry, a joint's own where
 *  its entry is not its class's. Returns { cs, js }. */
export function typedChoices(core, typed, joints, rows) {
  const cs = new Map(), js = new Map();
  for (const e of parseMapping(core, typed)) if (e.kind === 'class') cs.set(e.target, e.servo);
  const rowOf = new Map(rows.map((r) => [r.name, r]));
  for (const j of joints) {
    const r = rowOf.get(j.name);
    if (r && !(r.entry.kind === 'class' && j.cls === r.entry.target)) js.set(j.name, r.entry.servo);
    else if (!r && j.cls && cs.get(j.cls)) js.set(j.name, NONE);
  }
  return { cs, js };
}

/**
 * The mapping box (#mujoco-robot-mapping): build(joints, classServo,
 * jointServo) fills it for a robot's mappable joints, its selects editing
 * the two maps; its Adopt button calls onAdopt().
 * @param {{ presets: object[], fileServos: object, onAdopt: () => void }} opts
 *   presets: servoChoices(core); fileServos: servoFiles.js's
 */
export function mappingPicker({ presets, fileServos, onAdopt }) {
  const box = el('div', { className: 'robot-mapping', id: 'mujoco-robot-mapping', hidden: true });

  function build(all, classServo, jointServo) {
    // an adoption maps at most the core's FRIC_MUJOCO_MAX_JOINTS joints (the
    // CLI's bound too): a larger robot's table lists the first of them, said
    // in one sentence (10,000 selects held the page for seconds)
    const max = MJ_CONSTANTS.maxJoints;
    const joints = all.length > max ? all.slice(0, max) : all;
    const cap = all.length > max ? el('p', { className: 'note', id: 'mujoco-robot-map-cap', textContent: t('robot.map.cap', { n: all.length, max }) }) : '';
    const classes = [...new Set(joints.map((j) => j.cls).filter(Boolean))];
    // the servos a class is named after (the SO-101's sts3215: its presets at
    // any supply) first, then the others in the core's order
    const own = (o) => classes.some((c) => o.actuator.startsWith(c));
    // grouped: the files and fits, then one group per servo (its models M1–M6)
    const groups = new Map();
    const add = (label, o) => { if (!groups.has(label)) groups.set(label, []); groups.get(label).push(o); };
    fileServos.choices().forEach((o) => add(t('robot.map.group.files'), o));
    [...presets.filter(own), ...presets.filter((o) => !own(o))].forEach((o) => add(o.actuator, o));
    const sel = (label, value, extra) => {
      const s = el('select', { 'aria-label': label },
        ...extra.map(([v, t]) => el('option', { value: v, textContent: t })),
        el('option', { value: NONE, textContent: t('robot.map.none') }),
        ...[...groups].map(([g, opts]) => el('optgroup', { label: g }, ...opts.map((o) => el('option', { value: o.value, textContent: o.text })))));
      s.value = value;
      return s;
    };
    const rows = [];
    for (const cls of classes) {
      const s = sel(t('robot.map.class.aria', { cls }), classServo.get(cls) ?? NONE, []);
      s.addEventListener('change', () => { classServo.set(cls, s.value); dirty(); });
      rows.push(el('tr', {}, el('th', { scope: 'row', textContent: t('robot.map.classRow', { cls }) }),
        el('td', { textContent: all.filter((j) => j.cls === cls).map(jointLabel).join(', ') }), el('td', {}, s)));
    }
    for (const j of joints) {
      // the core finds a joint by its name: one without a name gets no servo
      if (!j.name) {
        rows.push(el('tr', {}, el('th', { scope: 'row', textContent: jointLabel(j) }), el('td', { textContent: j.type }),
          el('td', { className: 'note', textContent: t('robot.map.unnamed.note') })));
        continue;
      }
      const s = sel(t('robot.map.joint.aria', { joint: j.name }), jointServo.get(j.name) ?? (j.cls ? AS_CLASS : NONE),
        j.cls ? [[AS_CLASS, t('robot.map.asClass', { cls: j.cls })]] : []);
      s.addEventListener('change', () => { jointServo.set(j.name, s.value); dirty(); });
      rows.push(el('tr', {}, el('th', { scope: 'row', textContent: j.name }),
        el('td', { textContent: j.cls ? t('robot.map.jointClass', { type: j.type, cls: j.cls }) : j.type }), el('td', {}, s)));
    }
    const adoptBtn = button(t('robot.adopt'), t('robot.adopt.title'));
    adoptBtn.id = 'mujoco-robot-adopt';
    const note = el('span', { className: 'note', id: 'mujoco-robot-pending' });
    function dirty() { note.textContent = t('robot.changed'); }
    adoptBtn.addEventListener('click', onAdopt);
    box.replaceChildren(el('h4', { textContent: t('robot.map.heading') }),
      fileServos.el, cap,
      el('table', { className: 'replay-table robot-map-table' },
        el('thead', {}, el('tr', {}, el('th', { scope: 'col', textContent: t('robot.map.col.target') }), el('th', { scope: 'col', textContent: t('robot.map.col.joints') }),
          el('th', { scope: 'col', textContent: t('robot.map.col.servo') }))), el('tbody', {}, ...rows)),
      el('div', { className: 'row' }, adoptBtn, note));
    box.hidden = false;
  }

  return { el: box, build };
}
