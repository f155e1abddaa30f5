// mujoco/robotNative.js: a dropped robot written back as one plain MJCF
// whose mapped joints carry MuJoCo's native joint as a <default> class
// (what MJX, MuJoCo Warp, mjlab or Isaac Lab's MuJoCo
// backends run unchanged; docs/mujoco.md "Beyond one machine"). DOM-free.
//
// Why text and not MuJoCo's own writer: MuJoCo 3.14's wasm build offers
// mj_saveLastXML(file, model) only, which writes the spec of the last
// mj_loadXML of the instance (a process-wide one; the page compiles robots
// in a worker and loads them as MJB) with every value resolved and no
// class of ours; MjSpec (parseXMLString, mjs_addDefault, mjs_setDefault)
// can build the class but the bindings expose no mj_saveXML of a spec. So
// the person's own text is kept (comments, layout, mesh paths) and edited:
//   - the <include>d files are inlined where they stand (an include is
//     that: the included <mujoco>'s children in its place), each the file
//     the robot's plan reads for it (the core's, robotFiles.js planOf), so one
//     file results, beside the robot's meshes as before;
//   - each mapped joint and actuator keeps its own class: the native class
//     (the core's text, core.native.classMjcf with document false:
//     fric_native_class_mjcf) is written as a <default> nested in the
//     class the element takes its defaults from (its class attribute, else
//     the nearest <body>/<frame>/<replicate> childclass for a joint, else
//     MuJoCo's top class "main"), after that class's own elements, so that
//     MuJoCo gives the element everything its class gave (a WidowX's joint
//     axis, a range, an actuator's inheritrange or ctrlrange) and the native
//     attributes over them; one nested class per such parent class (named
//     NAME alone when all share one, NAME.PARENT otherwise), a class nested
//     in "main" in a <default> after the file's last top-level one;
//   - each mapped joint's <joint> loses only what the class sets
//     (frictionloss, damping, armature, solreffriction, solimpfriction) and
//     takes the nested class; every other attribute stays;
//   - each actuator on a mapped joint (joint="…") loses what the class sets
//     (kp, kv, dampratio, gaintype, gainprm, biastype, biasprm, forcelimited,
//     forcerange) and takes the nested class: a <position> stays one
//     (MuJoCo 3 reads kp and kv from the class), any other kind becomes
//     <general> (the class's gains and bias) keeping the attributes it
//     shares with <general> but an activation's (its kind's own, a
//     <velocity>'s kv say, and an <intvelocity>'s actrange go).
// MuJoCo reads the result (tests/web/native_robot.test.mjs: the written
// SO-101 in MuJoCo 3.14, the class on the mapped joints; a Menagerie-style
// arm whose joints take axis and range from their classes compiles to the
// original's model in every field but the fitted ones).
import { t } from '../i18n/index.js';
import { planOf } from './robotFiles.js';
import { nativeFile } from '../nativeFile.js';
import { commentText } from './mjText.js';

/** The actuator elements of MJCF (a mapped joint's is rewritten). */
const ACTUATORS = new Set(['general', 'position', 'motor', 'velocity', 'intvelocity', 'damper', 'cylinder', 'muscle', 'adhesion']);
/** What the class sets on a joint (fric_native_mjcf_attrs): the element's own values would override it. */
const JOINT_SET = ['frictionloss', 'damping', 'armature', 'solreffriction', 'solimpfriction'];
/** What the class sets on an actuator, in either MuJoCo's form (<position kp kv>, <general gainprm
 *  biasprm>; forcelimited and forcerange), and dampratio, which would replace its kv. */
const ACT_SET = ['kp', 'kv', 'dampratio', 'gaintype', 'gainprm', 'biastype', 'biasprm', 'forcelimited', 'forcerange'];
/** The attributes every MuJoCo actuator kind shares with <general> (MuJoCo's MJCF schema) but
 *  those of an activation (the native servo has none): what an actuator of another kind keeps
 *  when it becomes <general>. */
const ACT_COMMON = ['name', 'class', 'group', 'nsample', 'interp', 'delay', 'ctrllimited', 'forcelimited',
  'ctrlrange', 'forcerange', 'lengthrange', 'gear', 'cranklength', 'user', 'joint', 'jointinparent', 'tendon',
  'slidersite', 'cranksite', 'site', 'refsite', 'body'];
/** The elements whose childclass is the class of the joints inside them (MuJoCo's reader). */
const CHILDCLASS = new Set(['body', 'frame', 'replicate']);

const escape = (v) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
const tagText = (name, attrs, selfClosing) => `<${name}${[...attrs].map(([k, v]) => ` ${k}="${escape(v)}"`).join('')}${selfClosing ? '/>' : '>'}`;

/** The edits [at, end, replacement] applied to text, last first. */
function applyEdits(text, edits) {
  let out = text;
  for (const [at, end, repl] of [...edits].sort((a, b) => b[0] - a[0])) out = out.slice(0, at) + repl + out.slice(end);
  return out;
}

/** The children of the <mujoco> root of an MJCF text (what an include of it inserts). */
function rootInner(core, text, path) {
  const root = core.mujoco.xmlTags(text)[0];
  if (!root || root.name !== 'mujoco') throw new Error(`${path}: its root element is not <mujoco>`);
  const start = root.after, close = text.lastIndexOf('</mujoco>');
  return root.selfClosing ? '' : text.slice(start, close < start ? text.length : close);
}

/** The text of path with its <include>s inlined, each the file the robot's
 *  plan reads for it, in the place of its tag (robotFiles.js planOf: the
 *  core's plan, MuJoCo's rule, the one the page loads the robot with; the
 *  tag's byte span in the including text, an include cycle refused there). */
function flatten(core, files, plan, path) {
  const bytes = files.get(path);
  if (!bytes) throw new Error(`${path} is not among the robot's files`);
  const dec = (a, b) => new TextDecoder().decode(bytes.subarray(a, b));
  let text = '', from = 0;
  for (const inc of [...plan.includes(path)].sort((a, b) => a.at - b.at)) {
    const inner = rootInner(core, flatten(core, files, plan, inc.path), inc.path);
    text += `${dec(from, inc.at)}<!-- ${commentText(inc.value)}, inlined -->${inner}`;
    from = inc.after;
  }
  return text + dec(from);
}

/** The blanks that start the line of index at, or null when other text precedes at on it. */
function indentAt(text, at) {
  const lead = text.slice(text.lastIndexOf('\n', at - 1) + 1, at);
  return /^[ \t]*$/.test(lead) ? lead : null;
}

/** A class name MuJoCo and the core's writer take ([A-Za-z0-9_.:-], 1 to 64), none of taken. */
function freeName(want, taken) {
  const base = want.replace(/[^A-Za-z0-9_.:-]/g, '_').slice(0, 64);
  let name = base;
  for (let k = 2; taken.has(name); k++) name = `${base.slice(0, 64 - String(k).length - 1)}_${k}`;
  taken.add(name);
  return name;
}

/**
 * The robot of `files` (Map of relative path → Uint8Array; core: the
 * friction core, whose tag scan reads the text) with main file
 * `main` as one MJCF text whose joints of `joints` (Map joint name → class
 * name) and their actuators carry the classes of `classes` (Map class name
 * → name => the <default class="name"> element's text,
 * core.native.classMjcf(…, { name, document: false })), each nested in
 * the class the element had (the head of this file). Returns { text,
 * joints: the joints written, actuators: the actuators rewritten, missing:
 * the mapped joints the files do not name, classes: [{ name, parent }] the
 * classes written and the class each is nested in }. Throws one sentence
 * for a file that is not there or not MJCF, or a class the files do not
 * define.
 */
export function nativeRobotMjcf(core, { files, main, joints, classes }) {
  const text = flatten(core, files, planOf(files, main, core), main);
  const defs = new Map();   // class → { tag, close: its </default> tag (null: <default/>) }
  let lastTop = null;       // the last top-level <default>
  const open = [], scope = [], found = [];
  let root = null, world = 0, acts = 0;
  for (const tag of core.mujoco.xmlTags(text, { ends: true })) {
    if (!root) {
      if (tag.end || tag.name !== 'mujoco') throw new Error(`${main}: its root element is not <mujoco>`);
      root = tag;
      continue;
    }
    const n = tag.name;
    if (tag.end) {
      if (n === 'default') { const d = open.pop(); if (d) d.close = tag; }
      else if (CHILDCLASS.has(n)) scope.pop();
      else if (n === 'worldbody') world = 0;
      else if (n === 'actuator') acts = 0;
      continue;
    }
    if (n === 'default') {
      const d = { tag, close: null };
      if (!open.length) lastTop = d;
      defs.set(open.length ? tag.attrs.get('class') : 'main', d);
      if (!tag.selfClosing) open.push(d);
    } else if (open.length) continue;   // a class's own elements
    else if (n === 'worldbody' && !tag.selfClosing) world = 1;
    else if (n === 'actuator' && !tag.selfClosing) acts = 1;
    else if (world && CHILDCLASS.has(n) && !tag.selfClosing) scope.push(tag.attrs.get('childclass') ?? scope.at(-1) ?? 'main');
    else if (world && n === 'joint' && joints.has(tag.attrs.get('name'))) {
      const name = tag.attrs.get('name');
      found.push({ tag, joint: name, parent: tag.attrs.get('class') ?? scope.at(-1) ?? 'main', cls: joints.get(name) });
    } else if (acts && ACTUATORS.has(n) && joints.has(tag.attrs.get('joint'))) {
      const joint = tag.attrs.get('joint');
      found.push({ tag, actuator: tag.attrs.get('name') ?? joint, parent: tag.attrs.get('class') ?? 'main', cls: joints.get(joint) });
    }
  }
  if (!root) throw new Error(`${main}: no <mujoco> element`);
  // the nested classes: one per native class and parent class
  const taken = new Set([...defs.keys(), 'main']), nested = new Map(), written = [];
  const parents = (cls) => new Set(found.filter((f) => f.cls === cls).map((f) => f.parent));
  for (const f of found) {
    const key = `${f.cls}\n${f.parent}`;
    if (!nested.has(key)) {
      if (f.parent !== 'main' && !defs.has(f.parent)) {
        throw new Error(t('robot.native.noClass', { cls: f.parent, element: f.joint ?? f.actuator }));
      }
      nested.set(key, { name: freeName(parents(f.cls).size > 1 ? `${f.cls}.${f.parent}` : f.cls, taken), cls: f.cls,
        parent: f.parent, on: [] });
    }
    f.name = nested.get(key).name;
    const c = nested.get(key);
    if (f.joint) c.on.push(f.joint);
    else if (!c.on.includes(f.tag.attrs.get('joint'))) c.on.push(`the actuator ${f.actuator}`);
  }
  const edits = [];
  for (const f of found) {
    const tag = f.tag, end = tag.after;
    if (f.joint) {
      const attrs = new Map([...tag.attrs].filter(([k]) => !JOINT_SET.includes(k)));
      attrs.set('class', f.name);
      edits.push([tag.at, end, tagText('joint', attrs, tag.selfClosing)]);
      written.push(f.joint);
    } else {
      const kind = tag.name === 'position' ? 'position' : 'general';
      const attrs = new Map([...tag.attrs].filter(([k]) => !ACT_SET.includes(k) && (tag.name === kind || ACT_COMMON.includes(k))));
      attrs.set('class', f.name);
      edits.push([tag.at, end, tagText(kind, attrs, tag.selfClosing)]);
    }
  }
  // each parent's nested classes, after the parent's own elements (MuJoCo
  // copies a parent class into its child when the child is read)
  const byParent = new Map();
  for (const c of nested.values()) byParent.set(c.parent, [...(byParent.get(c.parent) ?? []), c]);
  for (const [parent, list] of byParent) {
    const d = parent === 'main' ? null : defs.get(parent);
    const base = d ? indentAt(text, d.tag.at) ?? '' : '  ', inner = `${base}  `;
    const on = list.flatMap((c) => c.on);
    const block = `${inner}<!-- MuJoCo's native joint identified by Friction Explorer (model native)${on.length ? ` on ${commentText(on.join(', '))}` : ''}${
      d ? `, nested in ${commentText(parent)}: they keep what it gives them` : ''} -->\n${
      list.map((c) => classes.get(c.cls)(c.name).replace(/^ {4}/gm, inner)).join('')}`;
    if (!d) {   // in "main": a <default> after the file's last top-level one (main complete), or after <mujoco>
      const at = (lastTop ? lastTop.close ?? lastTop.tag : root).after;
      edits.push([at, at, `\n${base}<default>\n${block}${base}</default>`]);
    } else if (d.close === null) {   // <default class="P"/>: opened
      const end = d.tag.after;
      edits.push([d.tag.at, end, `${text.slice(d.tag.at, end).replace(/\s*\/>$/, '>')}\n${block}${base}</default>`]);
    } else {   // before </default>
      const at = d.close.at, lead = indentAt(text, at);
      if (lead !== null) edits.push([at - lead.length, at - lead.length, block]);
      else edits.push([at, at, `\n${block}${base}`]);
    }
  }
  return { text: applyEdits(text, edits), joints: written, actuators: found.filter((f) => !f.joint).map((f) => f.actuator),
    missing: [...joints.keys()].filter((j) => !written.includes(j)),
    classes: [...nested.values()].map(({ name, parent }) => ({ name, parent })) };
}


/** The actuators on `joints` (names) in the MJCF text whose gear's first
 *  value is not 1: [{ name, gear }] (MuJoCo's default gear is 1). */
export function gearedActuators(core, text, joints) {
  const out = [];
  for (const tag of core.mujoco.xmlTags(text)) {
    if (!ACTUATORS.has(tag.name) || !joints.includes(tag.attrs.get('joint')) || !tag.attrs.has('gear')) continue;
    const g = Number(tag.attrs.get('gear').trim().split(/\s+/)[0]);
    if (g !== 1) out.push({ name: tag.attrs.get('name') ?? tag.attrs.get('joint'), gear: g });
  }
  return out;
}

/**
 * A native params file's text (source: its name for the sentences) as its
 * class, written into the robot (files, main) on `joints`: { text, cls
 * (the class's name), classes (the nested classes written, [{ name,
 * parent }]), joints, missing, geared } (nativeRobotMjcf; geared: the
 * mapped joints' actuators with gear ≠ 1, gearedActuators). Throws one
 * sentence: not JSON, not a native file, a key or value the core refuses.
 */
export function nativeWriteBack(core, { text, source, files, main, joints }) {
  const { params, actuator } = nativeFile(text, source);
  const cls = `${actuator ?? 'servo'}_native`.replace(/[^A-Za-z0-9_.:-]/g, '_').slice(0, 64);
  const el = (name) => {
    try {
      return core.native.classMjcf(params, { name, document: false });
    } catch (e) {
      throw new Error(`${source}: ${e.message}`, { cause: e });
    }
  };
  el(cls);   // the file's values checked before the robot is read
  const out = nativeRobotMjcf(core, { files, main, joints: new Map(joints.map((j) => [j, cls])), classes: new Map([[cls, el]]) });
  // the gear as the person's file gave it (the write-back keeps an actuator's gear)
  return { text: out.text, cls, classes: out.classes, joints: out.joints, missing: out.missing, geared: gearedActuators(core, out.text, out.joints) };
}
