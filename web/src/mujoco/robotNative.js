// mujoco/robotNative.js: a dropped robot written back as one plain MJCF
// whose mapped joints carry MuJoCo's native joint as a <default> class
// (issue 41 item 4: what MJX, MuJoCo Warp, mjlab or Isaac Lab's MuJoCo
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
//     that: the included <mujoco>'s children in its place), so one file
//     results, beside the robot's meshes as before;
//   - the classes (the core's text, core.mujoco.nativeClass with document
//     false: fric_native_class_mjcf) go into a <default> right after the
//     <mujoco> tag;
//   - each mapped joint's <joint> loses frictionloss, damping, armature,
//     solreffriction, solimpfriction and class, and takes class="NAME";
//   - each actuator on a mapped joint (joint="…") keeps its name, joint,
//     gear, ctrlrange, ctrllimited and group (and a <position>'s
//     inheritrange), loses every other attribute and takes the class: a
//     <position> stays one (MuJoCo 3 reads kp and kv from the class), any
//     other kind becomes <general> (the class's gains and bias).
// MuJoCo reads the result (tests/web/native_robot.test.mjs: the written
// SO-101 in MuJoCo 3.14, the class on the mapped joints).
import { xmlTags } from './robotFiles.js';
import { t } from '../i18n/index.js';

/** The actuator elements of MJCF (a mapped joint's is rewritten). */
const ACTUATORS = new Set(['general', 'position', 'motor', 'velocity', 'intvelocity', 'damper', 'cylinder', 'muscle', 'adhesion']);
/** What the class sets on a joint: the file's own values would override it. */
const JOINT_DROP = ['frictionloss', 'damping', 'armature', 'solreffriction', 'solimpfriction', 'class'];
/** What an actuator keeps: its identity, transmission and control range. */
const ACT_KEEP = ['name', 'joint', 'gear', 'ctrlrange', 'ctrllimited', 'group'];

const escape = (v) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
const tagText = (name, attrs, selfClosing) => `<${name}${[...attrs].map(([k, v]) => ` ${k}="${escape(v)}"`).join('')}${selfClosing ? '/>' : '>'}`;

/** The end of the tag that starts at `at` (the index after its '>'), quotes skipped. */
function tagEnd(text, at) {
  let q = null;
  for (let i = at + 1; i < text.length; i++) {
    const c = text[i];
    if (q) { if (c === q) q = null; } else if (c === '"' || c === "'") q = c; else if (c === '>') return i + 1;
  }
  return text.length;
}

/** The edits [at, end, replacement] applied to text, last first. */
function applyEdits(text, edits) {
  let out = text;
  for (const [at, end, repl] of [...edits].sort((a, b) => b[0] - a[0])) out = out.slice(0, at) + repl + out.slice(end);
  return out;
}

/** The children of the <mujoco> root of an MJCF text (what an include of it inserts). */
function rootInner(text, path) {
  const root = xmlTags(text).next().value;
  if (!root || root.name !== 'mujoco') throw new Error(`${path}: its root element is not <mujoco>`);
  const start = tagEnd(text, root.at), close = text.lastIndexOf('</mujoco>');
  return root.selfClosing ? '' : text.slice(start, close < start ? text.length : close);
}

/** The text of path with its <include>s inlined (paths from the main file's folder, as MuJoCo reads them). */
function flatten(files, path, dir, chain = []) {
  const bytes = files.get(path);
  if (!bytes) throw new Error(`${path} is not among the robot's files`);
  if (chain.includes(path) || chain.length > 64) throw new Error(`${path} includes itself`);
  const text = new TextDecoder().decode(bytes);
  const edits = [];
  for (const tag of xmlTags(text)) {
    if (tag.name !== 'include' || !tag.attrs.has('file')) continue;
    const sub = [dir, tag.attrs.get('file')].filter(Boolean).join('/').replace(/(^|\/)\.\//g, '$1');
    const inner = rootInner(flatten(files, sub, dir, [...chain, path]), sub);
    edits.push([tag.at, tagEnd(text, tag.at), `<!-- ${tag.attrs.get('file').replace(/--/g, '- -')}, inlined -->${inner}`]);
  }
  return applyEdits(text, edits);
}

/**
 * The robot of `files` (Map of relative path → Uint8Array) with main file
 * `main` as one MJCF text whose joints of `joints` (Map joint name → class
 * name) carry the classes of `classes` (Map class name → the <default
 * class> element's text, core.mujoco.nativeClass(…, { document: false })).
 * Returns { text, joints: the joints written, actuators: the actuators
 * rewritten, missing: the mapped joints the files do not name }. Throws one
 * sentence for a file that is not there or not MJCF.
 */
export function nativeRobotMjcf({ files, main, joints, classes }) {
  const dir = main.includes('/') ? main.slice(0, main.lastIndexOf('/')) : '';
  const text = flatten(files, main, dir);
  const edits = [], written = [], actuators = [];
  let root = null;
  for (const tag of xmlTags(text)) {
    if (!root) {
      if (tag.name !== 'mujoco') throw new Error(`${main}: its root element is not <mujoco>`);
      root = tag;
      continue;
    }
    const end = () => tagEnd(text, tag.at);
    if (tag.name === 'joint' && joints.has(tag.attrs.get('name'))) {
      const attrs = new Map([...tag.attrs].filter(([k]) => !JOINT_DROP.includes(k)));
      attrs.set('class', joints.get(tag.attrs.get('name')));
      edits.push([tag.at, end(), tagText('joint', attrs, tag.selfClosing)]);
      written.push(tag.attrs.get('name'));
    } else if (ACTUATORS.has(tag.name) && joints.has(tag.attrs.get('joint'))) {
      const keep = tag.name === 'position' ? [...ACT_KEEP, 'inheritrange'] : ACT_KEEP;
      const attrs = new Map([...tag.attrs].filter(([k]) => keep.includes(k)));
      attrs.set('class', joints.get(tag.attrs.get('joint')));
      edits.push([tag.at, end(), tagText(tag.name === 'position' ? 'position' : 'general', attrs, tag.selfClosing)]);
      actuators.push(tag.attrs.get('name') ?? tag.attrs.get('joint'));
    }
  }
  if (!root) throw new Error(`${main}: no <mujoco> element`);
  const block = `\n  <!-- MuJoCo's native joint identified by Friction Explorer (model native):\n       the class on ${[...joints.keys()].join(', ').replace(/--/g, '- -')} and their actuators. -->\n  <default>\n${[...classes.values()].join('')}  </default>`;
  edits.push([tagEnd(text, root.at), tagEnd(text, root.at), block]);
  return { text: applyEdits(text, edits), joints: written, actuators, missing: [...joints.keys()].filter((j) => !written.includes(j)) };
}

/** The keys of a native params file that are not parameters: read and left. */
const NATIVE_META = /^(actuator|model|integrator|fit_[a-z_]+)$/;

/**
 * A native params file's text (source: its name for the sentences):
 * { params (the parameter keys, for core.native and core.mujoco.nativeClass),
 * actuator (the file's, or null) }. Throws one sentence: not JSON, not a
 * native file. The values are the core's to check where they are used.
 */
export function nativeFile(text, source) {
  let obj;
  try {
    obj = JSON.parse(text);
  } catch (e) {
    throw new Error(t('robot.native.json', { file: source, message: e.message }), { cause: e });
  }
  if (!obj || typeof obj !== 'object' || Array.isArray(obj) || obj.model !== 'native') throw new Error(t('robot.native.notNative', { file: source }));
  return { params: Object.fromEntries(Object.entries(obj).filter(([k]) => !NATIVE_META.test(k))),
    actuator: typeof obj.actuator === 'string' && obj.actuator ? obj.actuator : null };
}

/** The actuators on `joints` (names) in the MJCF text whose gear's first
 *  value is not 1: [{ name, gear }] (MuJoCo's default gear is 1). */
export function gearedActuators(text, joints) {
  const out = [];
  for (const tag of xmlTags(text)) {
    if (!ACTUATORS.has(tag.name) || !joints.includes(tag.attrs.get('joint')) || !tag.attrs.has('gear')) continue;
    const g = Number(tag.attrs.get('gear').trim().split(/\s+/)[0]);
    if (g !== 1) out.push({ name: tag.attrs.get('name') ?? tag.attrs.get('joint'), gear: g });
  }
  return out;
}

/**
 * A native params file's text (source: its name for the sentences) as its
 * class, written into the robot (files, main) on `joints`: { text, cls,
 * joints, missing, geared } (robotNative.js nativeRobotMjcf; geared: the
 * mapped joints' actuators with gear ≠ 1, gearedActuators). Throws one
 * sentence: not JSON, not a native file, a key or value the core refuses.
 */
export function nativeWriteBack(core, { text, source, files, main, joints }) {
  const { params, actuator } = nativeFile(text, source);
  const cls = `${actuator ?? 'servo'}_native`.replace(/[^A-Za-z0-9_.:-]/g, '_').slice(0, 64);
  let el;
  try {
    el = core.mujoco.nativeClass(params, { name: cls, document: false });
  } catch (e) {
    throw new Error(`${source}: ${e.message}`, { cause: e });
  }
  const out = nativeRobotMjcf({ files, main, joints: new Map(joints.map((j) => [j, cls])), classes: new Map([[cls, el]]) });
  // the gear as the person's file gave it (the write-back keeps an actuator's gear)
  return { text: out.text, cls, joints: out.joints, missing: out.missing, geared: gearedActuators(out.text, out.joints) };
}
