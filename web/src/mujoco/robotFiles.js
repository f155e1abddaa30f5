// mujoco/robotFiles.js: a robot's files as MuJoCo 3 reads them (no DOM,
// no fs: the page's "Your robot", tools/robot.mjs and the tests): the limits
// of a robot's files, the main MJCF of a drop, the files the MJCF names
// (the core's file plan: its <include>s and the assets they name, where
// MuJoCo reads them) read one by one, each sized before it is read, the
// others never read; those files written into MuJoCo's file system (a mesh
// chosen without its folder found by its name), the compile with each
// joint's MJCF default class (from the model spec), cached for the copies,
// and the one sentence of each refusal (robot.err.*).
import { t } from '../i18n/index.js';
import { mujocoText, mujocoLoadSentence } from './mjText.js';

// The physics steps a person may ask. The limits of a robot's files are the
// core's (fric_io.h, "file sizes": kinds 'MJCF', 'asset' and 'robot', the
// files together), checked on their sizes before a byte is read (File.size
// in the page, fs.stat in Node) through core.io.checkSize: one definition
// and one sentence for the page, tools/robot.mjs and `friction mujoco`.
export const ROBOT_LIMITS = {
  minTimestep: 1e-5,             // the physics step a person may ask, lowest [s]
  maxTimestep: 0.01,             // and highest [s]
};

export const base = (p) => p.split('/').pop();
const dirOf = (p) => (p.includes('/') ? p.slice(0, p.lastIndexOf('/') + 1) : '');

/**
 * The main MJCF of a drop: `main` when given, else scene.xml (the shallowest),
 * else the one .xml file no other names (an <include> or a scene names the
 * robot's file). One sentence when there is none or several.
 */
export function pickMain(files, main) {
  const xmls = [...files.keys()].filter((p) => /\.xml$/i.test(p));
  if (main) {
    if (!files.has(main)) throw new Error(t('robot.err.noFile', { main, list: xmls.join(', ') || t('robot.err.none') }));
    return main;
  }
  if (xmls.length === 0) throw new Error(t('robot.err.noXml'));
  const depth = (p) => p.split('/').length;
  const scenes = xmls.filter((p) => base(p).toLowerCase() === 'scene.xml').sort((a, b) => depth(a) - depth(b));
  if (scenes.length) return scenes[0];
  const roots = mainCandidates(files);
  if (roots.length === 1) return roots[0];
  // the candidates ride on the sentence: the page's main-file select lists them
  throw Object.assign(new Error(t('robot.err.manyXml', { n: roots.length, list: roots.join(', ') })), { candidates: roots });
}

/** The .xml files of a drop that could each be the robot: those no other
 *  names outside an XML comment (a scene or an <include> names the robot's
 *  file; a comment naming one names nothing), else every .xml file. The
 *  page's main-file select lists them. */
export function mainCandidates(files) {
  const xmls = [...files.keys()].filter((p) => /\.xml$/i.test(p));
  const text = new Map(xmls.map((p) => [p, new TextDecoder().decode(files.get(p)).replace(/<!--[\s\S]*?(?:-->|$)/g, '')]));
  const roots = xmls.filter((p) => !xmls.some((q) => q !== p && text.get(q).includes(base(p))));
  return roots.length ? roots : xmls;
}


// ---- the files an MJCF names ------------------------------------------
// Which files a model names, where MuJoCo reads each (its <include>s,
// <model>s and assets, through the <compiler>'s folders) and each text's
// check are the core's file plan (core.mujoco.mjcfPlan: fric_mjcf_plan, the
// walk `friction mujoco` runs too); the drop is its reader.

const isAbsolute = (p) => /^([/\\]|[A-Za-z]:[/\\]|[a-z][a-z0-9+.-]*:)/i.test(p);
/** A plan's path (normalized, its leading ".." kept) outside the drop. */
const outside = (p) => p === '..' || p.startsWith('../') || isAbsolute(p);

/**
 * A drop: the files a person gave, by relative path, sized without reading:
 * size(path) [bytes] (null: not a file of the drop), read(path) → bytes (or
 * a promise of them), paths() → every path (asked only to choose the main
 * file or to find a file by its name).
 * @typedef {{ size(p: string): number|null, read(p: string): Uint8Array|Promise<Uint8Array>, paths(): string[] }} Drop
 */

/** A drop of files already in memory (Map of relative path → Uint8Array). */
export function mapDrop(files) {
  return { size: (p) => files.get(p)?.byteLength ?? null, read: (p) => files.get(p), paths: () => [...files.keys()] };
}

/** A drop of files a person gave (File objects, the page's, and their
 *  relative paths): sized by File.size, read only when asked. */
export function fileDrop(list, paths) {
  const byPath = new Map(paths.map((p, i) => [p, list[i]]));
  return { size: (p) => byPath.get(p)?.size ?? null, read: async (p) => new Uint8Array(await byPath.get(p).arrayBuffer()),
    paths: () => [...byPath.keys()] };
}

/** The core's size check of a robot's file (core.io.checkSize): an MJCF
 *  text (.xml) or an asset, named by its path and what names it. */
function sizeFile(core, bytes, path, what) {
  core.io.checkSize(/\.xml$/i.test(path) ? 'MJCF' : 'asset', bytes, what ? `${path} (${what})` : path);
}

/**
 * The reading of a robot's files, as a generator: it yields { read: path }
 * and is given the file's bytes; it returns { main, files, alias, xmls,
 * models, includes, defaults, bytes, elements }: files the read files
 * (path → bytes: the main MJCF, its includes and the assets they name,
 * nothing else), alias the files found by their name elsewhere than where
 * MuJoCo reads them (files chosen without their folder: MuJoCo's path →
 * the drop's), xmls the MJCF texts among them (the main file, its includes
 * and <model>s, in the order read), models the files MuJoCo parses as a
 * model (the main file and its <model>s), includes(path) the <include>s of
 * the text at path ([{ at, after, value, path }]: the tag's byte span in
 * the text, its file attribute, the drop's file it reads), defaults the
 * main model's default classes' parents (class → its parent's class, the
 * root <default> 'main', through its <include>s: the plan's class tree;
 * MuJoCo 3's spec gives each joint's class but not the tree), bytes their
 * total, elements the MJCF elements the core's check counted. The files
 * and the check are the core's plan (core.mujoco.mjcfPlan); the drop
 * answers it: a text sized and read, an asset sized, a file the drop does
 * not hold where MuJoCo reads it found by its name (the page's files
 * chosen without their folder); every asset sized before any is read. One
 * sentence for a file too large, the files together too large, a name
 * missing from the drop or outside it, the core's check.
 */
function* robotPlan(drop, main, onSized, core) {
  if (!core?.mujoco?.mjcfPlan) throw new Error('robotFiles: the core plans the files an MJCF names (core.mujoco.mjcfPlan): pass core');
  const chosen = yield* chooseMain(drop, main, core);
  main = chosen.main;
  const files = new Map(), alias = new Map(), xmls = [], sized = new Set(), todo = [];
  let bytes = 0;
  const size = (path, what) => {
    const n = drop.size(path);
    if (sized.has(path)) return n;
    sized.add(path);
    sizeFile(core, n, path, what);
    bytes += n;
    core.io.checkSize('robot', bytes, main);
    return n;
  };
  let byName = null;   // base name → the one drop path of that name (null: several)
  const named = (file) => {
    if (!byName) { byName = new Map(); for (const p of drop.paths()) { const b = base(p); byName.set(b, byName.has(b) ? null : p); } }
    return byName.get(base(file)) ?? null;
  };
  // a path as the main file's folder sees it (the sentences'): a drop path
  // as it is, a path above the drop from the main file's folder
  const dir = dirOf(main);
  const fromMain = (p) => (p.startsWith(dir) ? p.slice(dir.length) : outside(p) && !isAbsolute(p) ? `${'../'.repeat(dir.split('/').length - 1)}${p}` : p);
  const plan = core.mujoco.mjcfPlan(main);
  try {
    const entries = [], first = new Map();   // the plan's entries read; entry → the place MuJoCo looks first
    const refuse = (key, f, path) => new Error(t(key, { tag: f.tag, attr: f.attr, value: f.value, from: entries[f.from]?.source ?? main, line: f.line, path }));
    for (let w = plan.next(); !w.done; w = plan.next()) {
      const f = entries[w.index] ?? (entries[w.index] = plan.file(w.index));
      if (!first.has(w.index)) {
        first.set(w.index, w.path);
        if (outside(w.path)) throw refuse('robot.err.outside', f, isAbsolute(f.value) ? f.value : fromMain(w.path));
      }
      let at = !outside(w.path) && drop.size(w.path) != null ? w.path : null;
      if (at == null && !w.last) { plan.absent(); continue; }
      if (at == null) {   // at no place MuJoCo looks: a file of its name chosen elsewhere
        at = named(w.path);
        if (at == null) throw refuse('robot.err.named', f, fromMain(first.get(w.index)));
        alias.set(first.get(w.index), at);
      }
      const what = f.role === 'model' ? t('robot.err.mainFile') : `<${f.tag} ${f.attr}="${f.value}">`;
      if (w.text) {
        size(at, what);
        const b = chosen.texts.get(at) ?? (yield { read: at });
        files.set(at, b);
        xmls.push(at);
        plan.feed(at, b);
      } else {
        plan.feed(at, size(at, what));
        if (!files.has(at) && !todo.includes(at)) todo.push(at);
      }
      entries[w.index] = plan.file(w.index);
    }
    const all = plan.files();
    const text = (i) => all[i].source;
    const includes = new Map();
    for (const f of all) {
      if (f.role !== 'include' || f.found !== 1) continue;
      const from = text(f.from);
      if (!includes.has(from)) includes.set(from, []);
      includes.get(from).push({ at: f.at, after: f.after, value: f.value, path: f.source });
    }
    const classes = plan.classes(), defaults = new Map();
    for (const c of classes) if (c.model === 0 && c.parent >= 0 && !defaults.has(c.name)) defaults.set(c.name, classes[c.parent].name);
    const out = { main, files, alias, xmls, models: all.filter((f) => f.role === 'model' || f.role === 'submodel').map((f) => f.source),
      includes: (p) => includes.get(p) ?? [], defaults, bytes, elements: all.reduce((n, f) => n + f.elements, 0) };
    onSized?.(bytes, files.size + todo.length);
    for (const p of todo) files.set(p, yield { read: p });
    plans.set(files, out);
    return out;
  } finally {
    plan.free();
  }
}

// the plan of each Map of a robot's files (readRobot's own, or a Map given
// to robot.js loadRobotFiles and createRobotPair), made once: its texts
// checked once per load, its default tree and includes read once
const plans = new WeakMap();

/**
 * The plan of files (Map of relative path → bytes) with main file `main`
 * (robotPlan's result: readRobot's when files is its own, else made now,
 * its MJCF texts checked by the core's plan; one sentence). The same files
 * Map gives the same plan.
 */
export function planOf(files, main, core) {
  let plan = plans.get(files);
  if (!plan || plan.main !== main) {
    plan = readRobotSync(mapDrop(files), main, { core });
    plans.set(files, plan);
  }
  return plan;
}

/** The main file of a drop (pickMain), the MJCF texts read only when the
 *  choice needs them: { main, texts: Map path → bytes of those read }. */
function* chooseMain(drop, main, core) {
  if (main) {
    if (drop.size(main) != null) return { main, texts: new Map() };
    return pickMain(new Map(drop.paths().map((p) => [p, null])), main);   // throws, naming the MJCF files
  }
  const paths = drop.paths(), xmls = paths.filter((p) => /\.xml$/i.test(p));
  const texts = new Map(paths.map((p) => [p, null]));
  if (!xmls.some((p) => base(p).toLowerCase() === 'scene.xml')) {
    let bytes = 0;
    for (const p of xmls) {
      const n = drop.size(p);
      sizeFile(core, n, p, t('robot.err.aFile'));
      core.io.checkSize('robot', bytes += n, p);
      texts.set(p, yield { read: p });
    }
  }
  return { main: pickMain(texts, null), texts: new Map([...texts].filter(([, b]) => b)) };
}

/**
 * The files of the robot of a drop, read: the main MJCF (`main`, else as
 * pickMain chooses), its includes and the assets they name (the core's
 * plan: core the friction core), each sized before it is read; no other
 * file is read; the MJCF texts checked by the core's plan before an asset
 * is read (the one check of a load: robot.js takes the plan of these
 * files, planOf). onProgress({ done,
 * total, files }) [bytes] after each file. Resolves to the plan (robotPlan:
 * { main, files: Map path → bytes, alias, bytes, ... }); rejects with one
 * sentence.
 * @param {Drop} drop @param {string|null} main
 */
export async function readRobot(drop, main = null, { onProgress, core } = {}) {
  let total = 0, count = 0, done = 0, n = 0;
  const it = robotPlan(drop, main, (bytes, files) => { total = bytes; count = files; }, core);
  try {
    for (let step = it.next(); ; ) {
      if (step.done) return step.value;
      const b = await drop.read(step.value.read);
      done += b.byteLength;
      n++;
      if (total) onProgress?.({ done, total, n, files: count });
      step = it.next(b);
    }
  } finally {
    it.return();   // a read that failed: the plan freed
  }
}

/** readRobot for a drop whose read() gives the bytes at once (Node, a Map). */
export function readRobotSync(drop, main = null, { core } = {}) {
  const it = robotPlan(drop, main, null, core);
  try {
    for (let step = it.next(); ; step = it.next(drop.read(step.value.read))) if (step.done) return step.value;
  } finally {
    it.return();
  }
}

// ---- MuJoCo's file system ------------------------------------------------
// The robot's files are written into the Emscripten file system MuJoCo's
// wasm reads (MEMFS, in memory: a copy at memory speed; MuJoCo 3.14's
// MjVFS.addBuffer copies byte by byte, about 1–3 MB/s), under a folder of
// their own, the main file's folder the current one while MuJoCo parses and
// compiles (its relative names resolve there), removed after.
let fsSeq = 0;

function removeTree(FS, dir) {
  for (const name of FS.readdir(dir)) {
    if (name === '.' || name === '..') continue;
    const p = `${dir}/${name}`;
    if (FS.isDir(FS.stat(p).mode)) removeTree(FS, p); else FS.unlink(p);
  }
  FS.rmdir(dir);
}

/** Sentence for a model that does not compile: a missing file is named; a
 *  text MuJoCo's XML reader (tinyxml2) stops on is said in the page's
 *  language with its line and tinyxml2's code; else MuJoCo's own words. */
/** path a/./b/../c → a/c; null when it climbs above its start. */
function normalize(p) {
  const out = [];
  for (const part of p.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') { if (!out.length) return null; out.pop(); } else out.push(part);
  }
  return out.join('/');
}

function loadError(e, files, dir) {
  const text = mujocoText(e);
  const missing = /(?:opening|open|resource) file '([^']+)'/i.exec(text) ?? /file '([^']+)'/i.exec(text);
  if (missing && !files.has(normalize(`${dir}${missing[1]}`) ?? '')) {
    return new Error(t('robot.err.missing', { file: missing[1] }), { cause: e });
  }
  return new Error(mujocoLoadSentence(text, 'robot.err.load'), { cause: e });
}

/** Loads the model of the drop: { m, classes } (each joint's MJCF default
 *  class, from the model spec; the compiled model does not keep it). Throws
 *  one sentence. */
function compile(mj, files, main) {
  const plan = plans.get(files);
  if (plan?.main !== main) throw new Error('robotFiles: a robot is compiled from the files of its plan (readRobot, planOf)');
  const FS = mj.FS, root = `/robot-${++fsSeq}`, dir = dirOf(main);
  const put = (to, bytes) => {
    const p = `${root}/${to}`;
    FS.mkdirTree(p.slice(0, p.lastIndexOf('/')));
    FS.writeFile(p, bytes);
  };
  const cwd = FS.cwd();
  const vfs = new mj.MjVFS();   // empty: MuJoCo reads the files from its file system
  let spec = null;
  try {
    for (const [p, b] of plan.files) put(p, b);
    for (const [as, p] of plan.alias) if (!plan.files.has(as)) put(as, plan.files.get(p));
    FS.mkdirTree(`${root}/${dir}`);
    FS.chdir(`${root}/${dir}`);
    // the MJCF texts (plan.xmls: the main file, its includes; fric_mjcf_check_text, checks them here)
    const text = new TextDecoder().decode(files.get(main));
    try {
      spec = mj.parseXMLString(text, vfs);
    } catch (e) {
      throw loadError(e, plan.files, dir);
    }
    const classes = new Map();
    for (let el = mj.mjs_firstElement(spec, mj.mjtObj.mjOBJ_JOINT); el; el = mj.mjs_nextElement(spec, el)) {
      const def = mj.mjs_getDefault(el);
      classes.set(mj.mjs_getName(el), def ? mj.mjs_getName(def.element) : null);
    }
    let m;
    try {
      m = mj.mj_compile(spec, vfs);
    } catch (e) {
      throw loadError(e, plan.files, dir);
    }
    if (!m) throw new Error(t('robot.err.load', { message: mj.mjs_getError(spec) || t('robot.err.compile') }));
    return { m, classes };
  } finally {
    spec?.delete?.();
    vfs.delete();
    FS.chdir(cwd);
    try { removeTree(FS, root); } catch { /* nothing written */ }
  }
}

// The last drop's compiled model, kept for the copies (loadRobotFiles, then
// createRobotPair on the same files: MuJoCo builds a robot's mesh hulls once)
let cached = null;

/** The compiled model of files (cached for the same Map and main file). */
export function compiled(mj, files, main) {
  if (cached && cached.mj === mj && cached.files === files && cached.main === main) return cached;
  const c = compile(mj, files, main);
  try { cached?.m.delete(); } catch { /* of a MuJoCo instance that failed (mjcfCheck.js mujocoDied): gone with it */ }
  cached = { mj, files, main, ...c };
  return cached;
}

/** The total size of a robot's files in memory [bytes], each file and all
 *  of them refused above the core's limits (core.io.checkSize: 'MJCF' for
 *  an .xml file, else 'asset'; 'robot' for them together, named by main). */
export function checkSize(core, files, main = null) {
  let bytes = 0;
  for (const [p, b] of files) {
    sizeFile(core, b.byteLength, p, t('robot.err.aFile'));
    bytes += b.byteLength;
  }
  core.io.checkSize('robot', bytes, main ?? t('robot.err.aFile'));
  return bytes;
}
