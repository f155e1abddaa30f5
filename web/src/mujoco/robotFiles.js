// mujoco/robotFiles.js: a robot's files as MuJoCo 3 reads them (no DOM:
// the page's "Your robot", tools/robot.mjs and the tests): the limits of a
// drop, the main MJCF of a drop, MuJoCo's virtual file system holding it
// (a mesh chosen without its folder found by its name), the compile with
// each joint's MJCF default class (from the model spec), cached for the
// copies, and the one sentence of each refusal (robot.err.*).
import { t } from '../i18n/index.js';

export const ROBOT_LIMITS = {
  maxBytes: 200 * 1024 * 1024,   // a drop larger than this is refused [bytes]
  minTimestep: 1e-5,             // the physics step a person may ask, lowest [s]
  maxTimestep: 0.01,             // and highest [s]
};

/** MuJoCo's exception text without its prefix, one sentence. */
function mujocoText(e) {
  return String(e?.message ?? e).replace(/^MuJoCo Error:\s*/, '').replace(/^Loading error:\s*/, '')
    .replace(/\s+/g, ' ').trim();
}

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
  throw new Error(t('robot.err.manyXml', { n: roots.length, list: roots.join(', ') }));
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

/** A relative path of the drop as MuJoCo's VFS names it (no leading './'). */
const vfsPath = (p) => p.replace(/^\.\//, '');

/** Sentence for a model that does not compile: a missing file is named. */
function loadError(e, files) {
  const text = mujocoText(e);
  const missing = /(?:opening|open|resource) file '([^']+)'/i.exec(text) ?? /file '([^']+)'/i.exec(text);
  if (missing && !files.has(vfsPath(missing[1]))) {
    return new Error(t('robot.err.missing', { file: missing[1] }), { cause: e });
  }
  return new Error(t('robot.err.load', { message: text }), { cause: e });
}

/** A virtual file system holding the drop, paths relative to the main file's folder. */
function makeVfs(mj, files, main) {
  const vfs = new mj.MjVFS();
  const dir = dirOf(main);
  for (const [p, bytes] of files) {
    const rel = p.startsWith(dir) ? p.slice(dir.length) : null;
    if (rel) vfs.addBuffer(vfsPath(rel), bytes);
  }
  return vfs;
}

/**
 * The mesh files the spec names that the drop holds elsewhere: files chosen
 * one by one lose their folders (assets/base.stl arrives as base.stl), so a
 * mesh missing at its path is taken from the one dropped file of its name.
 */
function resolveMeshes(mj, spec, vfs, files, main) {
  const dir = dirOf(main), meshdir = spec.compiler.meshdir;
  const byName = new Map();
  for (const p of files.keys()) { const b = base(p); byName.set(b, byName.has(b) ? null : p); }
  for (let el = mj.mjs_firstElement(spec, mj.mjtObj.mjOBJ_MESH); el; el = mj.mjs_nextElement(spec, el)) {
    const file = mj.mjs_asMesh(el)?.file;
    if (!file) continue;
    const want = vfsPath(meshdir && !file.startsWith('/') ? `${meshdir.replace(/\/$/, '')}/${file}` : file);
    if (files.has(dir + want)) continue;
    const found = byName.get(base(file));
    if (found) vfs.addBuffer(want, files.get(found));
  }
}

/** Loads the model of the drop: { m, classes } (each joint's MJCF default
 *  class, from the model spec; the compiled model does not keep it). Throws
 *  one sentence. */
function compile(mj, files, main) {
  const vfs = makeVfs(mj, files, main);
  let spec = null;
  try {
    try {
      spec = mj.parseXMLString(new TextDecoder().decode(files.get(main)), vfs);
    } catch (e) {
      throw loadError(e, files);
    }
    const classes = new Map();
    for (let el = mj.mjs_firstElement(spec, mj.mjtObj.mjOBJ_JOINT); el; el = mj.mjs_nextElement(spec, el)) {
      const def = mj.mjs_getDefault(el);
      classes.set(mj.mjs_getName(el), def ? mj.mjs_getName(def.element) : null);
    }
    resolveMeshes(mj, spec, vfs, files, main);
    let m;
    try {
      m = mj.mj_compile(spec, vfs);
    } catch (e) {
      throw loadError(e, files);
    }
    if (!m) throw new Error(t('robot.err.load', { message: mj.mjs_getError(spec) || t('robot.err.compile') }));
    return { m, classes };
  } finally {
    spec?.delete?.();
    vfs.delete();
  }
}

// The last drop's compiled model, kept for the copies (loadRobotFiles, then
// createRobotPair on the same files: MuJoCo builds a robot's mesh hulls once)
let cached = null;

/** The compiled model of files (cached for the same Map and main file). */
export function compiled(mj, files, main) {
  if (cached && cached.mj === mj && cached.files === files && cached.main === main) return cached;
  const c = compile(mj, files, main);
  cached?.m.delete();
  cached = { mj, files, main, ...c };
  return cached;
}

/** Refuses a drop of `bytes` [bytes] over ROBOT_LIMITS.maxBytes: the one
 *  sentence the page (before reading the files), the headless runner
 *  (before reading a folder) and loadRobotFiles / createRobotPair say. */
export function checkBytes(bytes) {
  if (bytes > ROBOT_LIMITS.maxBytes) {
    throw new Error(t('robot.err.size', { mb: (bytes / 1048576).toFixed(1), max: ROBOT_LIMITS.maxBytes / 1048576 }));
  }
  return bytes;
}

/** The total size of a drop [bytes], refused above ROBOT_LIMITS.maxBytes. */
export function checkSize(files) {
  let bytes = 0;
  for (const b of files.values()) bytes += b.byteLength;
  return checkBytes(bytes);
}
