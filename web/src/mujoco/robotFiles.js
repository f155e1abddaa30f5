// mujoco/robotFiles.js: a robot's files as MuJoCo 3 reads them (no DOM,
// no fs: the page's "Your robot", tools/robot.mjs and the tests): the limits
// of a robot's files, the main MJCF of a drop, the files the MJCF names
// (its <include>s, recursively, and the assets they name, resolved as
// MuJoCo resolves them) read one by one, each sized before it is read, the
// others never read; those files written into MuJoCo's file system (a mesh
// chosen without its folder found by its name), the compile with each
// joint's MJCF default class (from the model spec), cached for the copies,
// and the one sentence of each refusal (robot.err.*).
import { t } from '../i18n/index.js';
import { checkMjcfFiles } from './mjcfCheck.js';
import { mujocoText, mujocoLoadSentence } from './mjText.js';
import { xmlDecode as decode } from '../../../wasm/friction.js';

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


// ---- the names an MJCF gives to files ---------------------------------
// The MJCF text's tags and attributes are the core's one scan
// (core.mujoco.xmlTags: fric_mjcf_tags, the scan its MJCF checks use), the
// attribute values with their entities decoded as tinyxml2 does (xmlDecode).
// MuJoCo parses the file itself; the names are all that is read here.

/** path a/./b/../c → a/c; null when it climbs above its start (outside the drop). */
function normalize(p) {
  const out = [];
  for (const part of p.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') { if (!out.length) return null; out.pop(); } else out.push(part);
  }
  return out.join('/');
}
const isAbsolute = (p) => /^([/\\]|[A-Za-z]:[/\\]|[a-z][a-z0-9+.-]*:)/i.test(p);
const join = (...parts) => parts.filter(Boolean).join('/');

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
 *  text (.xml) or an asset, named by its path and what names it; without
 *  core, nothing (a door passes its core: readRobot, planOf). */
function sizeFile(core, bytes, path, what) {
  if (core) core.io.checkSize(/\.xml$/i.test(path) ? 'MJCF' : 'asset', bytes, what ? `${path} (${what})` : path);
}

/**
 * The reading of a robot's files, as a generator: it yields { read: path }
 * and is given the file's bytes; it returns { main, files, alias, xmls,
 * models, included, defaults, bytes, elements }: files the read files
 * (path → bytes: the main MJCF, its includes and the assets they name,
 * nothing else), alias the files found by their name elsewhere than where
 * the MJCF puts them (files chosen without their folder: MuJoCo's path →
 * the drop's), xmls the MJCF texts among them (the main file, its includes
 * and <model>s, in the order read), models the files MuJoCo parses as a
 * model (the main file and its <model>s), included(path, file) the file an
 * <include file="file"> of path reads (MuJoCo's rule, below; null: none),
 * defaults the main model's default classes' parents (class → its parent's
 * class, the root <default> 'main': its <default> tree, through its
 * <include>s, nested ones too; MuJoCo 3's spec gives each joint's class but
 * not the tree, and a mapping class:NAME matches the joints of the classes
 * below NAME, childclass), bytes their total, elements the MJCF elements
 * the core's check counted (null: not checked). Every file is sized before
 * it is read; one sentence for a file too large, the files together too
 * large, a name missing from the drop or outside it. With core, the MJCF
 * texts are checked by the core (mjcfCheck.js checkMjcfFiles) once they and
 * the assets' sizes are known, before an asset is read.
 */
function* robotPlan(drop, main, onSized, core = null, lister = core?.mujoco) {
  if (!lister) throw new Error('robotFiles: the core lists the files an MJCF names (core.mujoco.mjcfAssets): pass core or lister');
  const chosen = yield* chooseMain(drop, main, core);
  main = chosen.main;
  const files = new Map(), alias = new Map(), xmls = [], includes = new Map(), defaults = new Map();
  let bytes = 0;
  const sized = (path, what) => {
    const n = drop.size(path);
    sizeFile(core, n, path, what);
    bytes += n;
    core?.io.checkSize('robot', bytes, main);
    return n;
  };
  const read = function* (path, what) {
    if (files.has(path)) return files.get(path);
    sized(path, what);
    const b = chosen.texts.get(path) ?? (yield { read: path });
    files.set(path, b);
    return b;
  };
  let byName = null;   // base name → the one drop path of that name (null: several)
  const named = (file) => {
    if (!byName) { byName = new Map(); for (const p of drop.paths()) { const b = base(p); byName.set(b, byName.has(b) ? null : p); } }
    return byName.get(base(file)) ?? null;
  };
  // an element naming a file (its line counted only for a sentence)
  const where = (tag, attr, value, from) => ({ tag: tag.name, attr, value, from, line: () => tag.line });
  const refuse = (key, w, path) => new Error(t(key, { tag: w.tag, attr: w.attr, value: w.value, from: w.from, line: w.line(), path }));
  // a path of the drop as the main file's folder sees it (the sentences')
  const fromMain = (p) => (p.startsWith(dirOf(main)) ? p.slice(dirOf(main).length) : p);
  /** The first of candidates (drop paths) the drop holds, else a file of its name, else one sentence. */
  const find = (candidates, w) => {
    const paths = candidates.map(normalize);
    if (paths[0] == null || isAbsolute(w.value)) throw refuse('robot.err.outside', w, isAbsolute(w.value) ? w.value : fromMain(candidates[0]));
    for (const p of paths) if (p != null && drop.size(p) != null) return { path: p };
    const other = named(w.value);
    if (other) return { path: other, as: paths[0] };
    throw refuse('robot.err.named', w, fromMain(paths[0]));
  };

  // each MJCF model (the main file and any <model file=...> it names): its
  // includes read in document order (MuJoCo inlines them), its compiler
  // folders as the last <compiler> of the document sets them, its assets
  // (the core's list: lister.mjcfAssets)
  const models = [main];
  const assets = [];
  for (let k = 0; k < models.length; k++) {
    const root = dirOf(models[k]);
    const dirs = { mesh: '', texture: '' }, dirFrom = {};   // the compiler's folders, and the attribute that set each
    let strip = false;
    const refs = [];
    const seen = new Set();
    const stack = [];   // the <default> classes open where the scan is (the main model's), across its includes
    const visit = function* (path, incDir, what) {
      if (seen.has(path)) return;   // an include repeated: MuJoCo says so itself
      seen.add(path);
      xmls.push(path);
      const bytes = yield* read(path, what);
      const open = stack.length;
      // the files this text names and its compiler folders: the core's list
      // (core.mujoco.mjcfAssets, fric_mjcf_assets), read piece by piece
      // between its includes, so that a <compiler> after an include sets the
      // folders after those the include sets (MuJoCo inlines includes)
      let from = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0, lines = 0;
      const listTo = (end) => {
        const r = lister.mjcfAssets(bytes.subarray(from, end), { strip });
        strip = r.strip;
        const base0 = lines;
        for (const kind of ['mesh', 'texture']) {
          const d = r.dirs[kind];
          if (d) { dirs[kind] = decode(d.value); dirFrom[kind] = { tag: 'compiler', attr: d.attr, value: decode(d.value), from: path, line: () => base0 + d.line }; }
        }
        for (const a of r.assets) {
          refs.push({ kind: a.folder, incDir, w: { tag: a.tag, attr: a.attr, value: decode(a.value), from: path, line: () => base0 + a.line } });
        }
        for (let i = from; i < end; i++) if (bytes[i] === 10) lines++;
        from = end;
      };
      for (const tag of lister.xmlTags(bytes, { ends: true })) {
        const name = tag.name.toLowerCase(), a = tag.attrs;
        if (name === 'default' && k === 0) {
          if (tag.end) { if (stack.length > open) stack.pop(); continue; }
          const cls = a.get('class') ?? 'main';
          if (stack.length && !defaults.has(cls)) defaults.set(cls, stack[stack.length - 1]);
          if (!tag.selfClosing) stack.push(cls);
        } else if (tag.end) continue;
        else if (name === 'include' && a.has('file')) {
          // MuJoCo: beside the main file, else beside the including file
          listTo(tag.byte);
          const f = a.get('file'), w = where(tag, 'file', f, path);
          const got = find([join(root, f), join(dirOf(path), f)], w);
          if (got.as) alias.set(got.as, got.path);
          if (!includes.has(path)) includes.set(path, new Map());
          includes.get(path).set(f, got.path);
          // its folder, for the assets it names (MuJoCo's include dir), as MuJoCo found it
          const at = dirOf(got.as ?? got.path);
          yield* visit(got.path, at.startsWith(root) ? at.slice(root.length) : dirOf(f), `<include file="${f}">`);
        } else if (name === 'model' && a.has('file')) {
          const f = a.get('file'), got = find([join(root, f)], where(tag, 'file', f, path));
          if (got.as) alias.set(got.as, got.path);
          if (!models.includes(got.path)) models.push(got.path);
        }
      }
      listTo(bytes.length);
      stack.length = open;   // a file's <default>s end in it (MuJoCo refuses one that does not)
    };
    yield* visit(models[k], null, k ? `<model file="${fromMain(models[k])}">` : t('robot.err.mainFile'));
    for (const { kind, incDir, w } of refs) {
      const f = strip ? base(w.value.replace(/\\/g, '/')) : w.value, dir = dirs[kind];
      if (isAbsolute(dir)) throw refuse('robot.err.outside', dirFrom[kind], dir);
      // MuJoCo: the main file's folder + the compiler's folder + the name;
      // in an included file's element, then + the include's folder + the name
      const cands = [join(root, dir, f)];
      if (incDir) cands.push(join(root, dir, incDir, f));
      const got = find(cands, { ...w, value: f });
      if (got.as) alias.set(got.as, got.path);
      assets.push({ path: got.path, what: `<${w.tag} ${w.attr}="${w.value}">` });
    }
  }
  // every asset sized before any is read
  const todo = [...new Map(assets.filter((x) => !files.has(x.path)).map((x) => [x.path, x])).values()];
  for (const x of todo) sized(x.path, x.what);
  // the include as the plan found it (its file attribute as written, or with its entities decoded)
  const included = (from, file) => includes.get(from)?.get(file) ?? includes.get(from)?.get(decode(file)) ?? null;
  const plan = { main, files, alias, xmls, models, included, defaults, bytes, elements: null };
  if (core) plan.elements = checkMjcfFiles(core, plan);
  onSized?.(bytes, [...files.keys(), ...todo.map((x) => x.path)].length);
  for (const x of todo) files.set(x.path, yield { read: x.path });
  plans.set(files, plan);
  return plan;
}

// the plan of each Map of a robot's files (readRobot's own, or a Map given
// to robot.js loadRobotFiles and createRobotPair), made once: its texts
// checked once per load, its default tree and includes read once
const plans = new WeakMap();

/**
 * The plan of files (Map of relative path → bytes) with main file `main`
 * (robotPlan's result: readRobot's when files is its own, else made now);
 * with core, its MJCF texts checked by the core when they were not
 * (mjcfCheck.js checkMjcfFiles; one sentence). The same files Map gives
 * the same plan.
 */
export function planOf(files, main, core = null) {
  let plan = plans.get(files);
  if (!plan || plan.main !== main) {
    plan = readRobotSync(mapDrop(files), main, { core });
    plans.set(files, plan);
  }
  if (core && plan.elements == null) plan.elements = checkMjcfFiles(core, plan);
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
      core?.io.checkSize('robot', bytes += n, p);
      texts.set(p, yield { read: p });
    }
  }
  return { main: pickMain(texts, null), texts: new Map([...texts].filter(([, b]) => b)) };
}

/**
 * The files of the robot of a drop, read: the main MJCF (`main`, else as
 * pickMain chooses), its includes and the assets they name, each sized
 * before it is read; no other file is read; with core, the MJCF texts
 * checked by the core before an asset is read (the one check of a load:
 * robot.js takes the plan of these files, planOf). onProgress({ done,
 * total, files }) [bytes] after each file. Resolves to the plan (robotPlan:
 * { main, files: Map path → bytes, alias, bytes, ... }); rejects with one
 * sentence.
 * @param {Drop} drop @param {string|null} main
 */
export async function readRobot(drop, main = null, { onProgress, core = null, lister = core?.mujoco } = {}) {
  let total = 0, count = 0, done = 0, n = 0;
  const it = robotPlan(drop, main, (bytes, files) => { total = bytes; count = files; }, core, lister);
  for (let step = it.next(); ; ) {
    if (step.done) return step.value;
    const b = await drop.read(step.value.read);
    done += b.byteLength;
    n++;
    if (total) onProgress?.({ done, total, n, files: count });
    step = it.next(b);
  }
}

/** readRobot for a drop whose read() gives the bytes at once (Node, a Map). */
export function readRobotSync(drop, main = null, { core = null, lister = core?.mujoco } = {}) {
  const it = robotPlan(drop, main, null, core, lister);
  for (let step = it.next(); ; step = it.next(drop.read(step.value.read))) if (step.done) return step.value;
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
function loadError(e, files, dir) {
  const text = mujocoText(e);
  const missing = /(?:opening|open|resource) file '([^']+)'/i.exec(text) ?? /file '([^']+)'/i.exec(text);
  if (missing && !files.has(normalize(join(dir, missing[1])) ?? '')) {
    return new Error(t('robot.err.missing', { file: missing[1] }), { cause: e });
  }
  return new Error(mujocoLoadSentence(text, 'robot.err.load'), { cause: e });
}

/** Loads the model of the drop: { m, classes } (each joint's MJCF default
 *  class, from the model spec; the compiled model does not keep it). Throws
 *  one sentence. */
function compile(mj, files, main) {
  const plan = planOf(files, main);
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
