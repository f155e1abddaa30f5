// tools/dist.mjs OUT: the explorer as one folder of static files that runs
// from any static server (a school's web server, `python3 -m http.server` on
// a USB stick), offline after its first visit (make dist; docs/offline.md).
//
// From what `make web` built (build/web: the wasm core, the sample, MuJoCo)
// and the sources (bundled again here, minified, by esbuild's API):
//   OUT/index.html               the page (names its service worker)
//   OUT/app.<hash>.js            the page's bundle
//   OUT/<name>.worker.<hash>.js  each Web Worker (those of LAZY_WORKERS, which
//                                run MuJoCo, fetched when first used)
//   OUT/robot3d.<hash>.js        the In MuJoCo view's 3D robot (three.js inside),
//                                imported when its "Your robot" section opens
//   OUT/chunk.<hash>.js          the modules several of these bundles import
//                                (esbuild's code splitting: the core's wrapper,
//                                Chart.js, the string table), each once
//   OUT/friction_core.<hash>.wasm, OUT/style.<hash>.css
//   OUT/samples/*.json           the bundled sample (its name is the page's)
//   OUT/mujoco.<hash>/           MuJoCo 3.14 (mujoco.js and mujoco.wasm keep
//                                their names: mujoco.js finds its wasm by it)
//   OUT/sw.js                    the service worker (web/sw.js after the
//                                list of files it keeps, FX_DIST)
// <hash> is the first 10 hex digits of the file's SHA-256 after its
// references were rewritten (leaves first), so a changed file gets a new
// name and a browser never mixes two versions. Each name a bundle refers to
// is rewritten where it stands as a quoted string; a name that is not found
// stops the build (the page would load a file that is not there).
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import * as esbuild from 'esbuild';
import { TABLES } from '../web/src/i18n/tables.js';
import { chooseLanguage, LANGUAGES } from '../web/src/i18n/index.js';
import { FILE_KEY, INTACT_KEY } from '../web/src/offline.js';
import { MUJOCO_WORKERS } from './mujoco-workers.mjs';
import { policyOf, withPolicy, addSources, inlineHash } from './csp.mjs';
import { readmeText } from './dist_readme.mjs';

// the workers that run MuJoCo (the In MuJoCo view's Fig. 1 B/C, a dropped
// robot's first compile): not part of the first visit, like MuJoCo itself
const LAZY_WORKERS = MUJOCO_WORKERS;
const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const OUT = path.resolve(process.argv[2] || path.join(ROOT, 'build/dist/friction-explorer'));
const WEB = path.join(ROOT, 'build/web');

function fail(msg) {
  console.error(`dist: ${msg}`);
  process.exit(1);
}

const hash = (...bufs) => {
  const h = crypto.createHash('sha256');
  bufs.forEach((b) => h.update(b));
  return h.digest('hex').slice(0, 10);
};
const hashed = (name, buf) => {
  const ext = path.extname(name);
  return `${name.slice(0, -ext.length)}.${hash(buf)}${ext}`;
};
const read = (rel) => {
  const p = path.join(WEB, rel);
  if (!fs.existsSync(p)) fail(`${path.relative(ROOT, p)} is missing: run make web first`);
  return fs.readFileSync(p);
};

/** text with every quoted occurrence of `from` replaced by `to`; at least one. */
function rewrite(text, from, to, where) {
  const re = new RegExp(`(["'\`])${from.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\1`, 'g');
  let n = 0;
  const out = text.replace(re, (m, q) => { n++; return `${q}${to}${q}`; });
  if (!n) fail(`${where} does not name "${from}" as a string; the rewrite would leave it unhashed`);
  return out;
}

// 1. the bundles, minified, in memory
const workerSrc = fs.readdirSync(path.join(ROOT, 'web/src/workers')).filter((f) => f.endsWith('.js')).sort();
const entryPoints = { app: path.join(ROOT, 'web/src/main.js') };
workerSrc.forEach((f) => { entryPoints[`${f.slice(0, -3)}.worker`] = path.join(ROOT, 'web/src/workers', f); });
entryPoints.robot3d = path.join(ROOT, 'web/src/views/mujoco/robot3d.js');
entryPoints['i18n-fr'] = path.join(ROOT, 'web/src/i18n/fr.js');
// code splitting: a module that several bundles import (the core's wrapper
// and its Emscripten glue in the page and three workers, Chart.js in the page
// and the chart worker) is one shared chunk, not a copy in each bundle
const built = await esbuild.build({
  entryPoints, bundle: true, format: 'esm', target: 'es2022', minify: true, write: false,
  outdir: '/dist', logLevel: 'warning', legalComments: 'none',
  splitting: true, chunkNames: 'chunk.[hash]', metafile: true,
});
const isChunk = (name) => name.startsWith('chunk.');
const bundles = Object.fromEntries(built.outputFiles.filter((f) => !isChunk(path.basename(f.path))).map((f) => [path.basename(f.path), f.text]));
const chunks = new Map(built.outputFiles.filter((f) => isChunk(path.basename(f.path))).map((f) => [path.basename(f.path), f.text]));
/** The chunks each output (by base name) imports directly. */
const chunkImports = Object.fromEntries(Object.entries(built.metafile.outputs)
  .map(([p, o]) => [path.basename(p), o.imports.filter((i) => i.kind === 'import-statement' && isChunk(path.basename(i.path))).map((i) => path.basename(i.path))]));
/** The chunks `name` imports, directly or through others. */
function chunksOf(name, seen = new Set()) {
  for (const c of chunkImports[name] ?? []) if (!seen.has(c)) { seen.add(c); chunksOf(c, seen); }
  return seen;
}

// 2. the leaves
const files = new Map();                 // name in OUT → Buffer
const wasm = read('friction_core.wasm');
const wasmName = hashed('friction_core.wasm', wasm);
files.set(wasmName, wasm);
// the style sheet minified by esbuild's CSS loader (as the scripts are)
const css = Buffer.from((await esbuild.transform(read('style.css').toString(), { loader: 'css', minify: true })).code);
const cssName = hashed('style.css', css);
files.set(cssName, css);
const sampleDir = path.join(WEB, 'samples');
const samples = fs.existsSync(sampleDir) ? fs.readdirSync(sampleDir).filter((f) => f.endsWith('.json')).sort() : [];
if (!samples.length) fail('build/web/samples has no sample: run make web first');
samples.forEach((f) => files.set(`samples/${f}`, read(`samples/${f}`)));
const mjJs = read('mujoco/mujoco.js'), mjWasm = read('mujoco/mujoco.wasm');
const mjDir = `mujoco.${hash(mjJs, mjWasm)}`;
files.set(`${mjDir}/mujoco.js`, mjJs);
files.set(`${mjDir}/mujoco.wasm`, mjWasm);

// 3. the French table and the shared chunks, each after what it imports and
// what it names (the string table's chunk names the French table, which
// imports esbuild's helpers' chunk), then the workers (they load the core's
// wasm), the 3D robot and the page's bundle: each with the names it holds
// rewritten (an import of a chunk by the chunk's final name) before its own
// name is made from its content
const quoted = (text, name) => ['"', "'", '`'].some((q) => text.includes(`${q}${name}${q}`));
const FR = 'i18n-fr.js';
if (bundles[FR] === undefined) fail(`esbuild wrote no ${FR}`);
const named = new Map();                 // esbuild's output name → its name in OUT
// names of files hashed before the bundles that hold them: rewritten
// wherever they stand, and each must stand somewhere (checked below)
const LEAVES = [['friction_core.wasm', () => wasmName], ['mujoco/mujoco.js', () => `${mjDir}/mujoco.js`], [FR, () => named.get(FR)]];
const leafUsed = new Set();
function leafRefs(text, where) {
  for (const [from, to] of LEAVES) {
    if (!quoted(text, from)) continue;
    text = rewrite(text, from, to() ?? fail(`${where} names ${from}, which is not named yet`), where);
    leafUsed.add(from);
  }
  return text;
}
const relink = (text, where) => text.replace(/\.\/(chunk\.[A-Z0-9]+\.js)/g,
  (m, c) => `./${named.get(c) ?? fail(`${where} imports ${c}, which is not named yet`)}`);
const workerFiles = workerSrc.map((f) => `${f.slice(0, -3)}.worker.js`);
const textOf = (n) => (isChunk(n) ? chunks.get(n) : bundles[n]);
const order = [], visiting = new Set();
function visit(n) {
  if (order.includes(n)) return;
  if (visiting.has(n)) fail(`${n} imports or names a file that imports or names it`);
  visiting.add(n);
  for (const d of chunkImports[n] ?? []) visit(d);
  if (n !== FR && quoted(textOf(n), FR)) visit(FR);
  visiting.delete(n);
  order.push(n);
}
[FR, ...chunks.keys()].forEach(visit);
for (const n of order) {
  const text = leafRefs(relink(textOf(n), n), n);
  if (isChunk(n)) for (const ref of ['robot3d.js', ...workerFiles]) if (quoted(text, ref)) fail(`the shared chunk ${n} names "${ref}", which is named after the chunks`);
  const buf = Buffer.from(text);
  named.set(n, hashed(isChunk(n) ? 'chunk.js' : n, buf));
  files.set(named.get(n), buf);
}
const frName = named.get(FR);
const workerNames = {};
for (const name of workerFiles) {
  if (bundles[name] === undefined) fail(`esbuild wrote no ${name}`);
  const buf = Buffer.from(leafRefs(relink(bundles[name], name), name));
  workerNames[name] = hashed(name, buf);
  files.set(workerNames[name], buf);
}
// the 3D robot (three.js inside): fetched when its section opens
if (bundles['robot3d.js'] === undefined) fail('esbuild wrote no robot3d.js');
const r3dBuf = Buffer.from(leafRefs(relink(bundles['robot3d.js'], 'robot3d.js'), 'robot3d.js'));
const r3dName = hashed('robot3d.js', r3dBuf);
files.set(r3dName, r3dBuf);
let app = bundles['app.js'];
if (app === undefined) fail('esbuild wrote no app.js');
app = leafRefs(relink(app, 'app.js'), 'app.js');
for (const [name, to] of Object.entries(workerNames)) app = rewrite(app, name, to, 'app.js');
app = rewrite(app, 'robot3d.js', r3dName, 'app.js');
for (const [from] of LEAVES) if (!leafUsed.has(from)) fail(`no bundle names "${from}"; the page would not find it`);
const appBuf = Buffer.from(app);
const appName = hashed('app.js', appBuf);
files.set(appName, appBuf);

// 4. the page and its service worker
/** The Subresource Integrity of bytes: the full SHA-256 of what is shipped. */
const sri = (buf) => `sha256-${crypto.createHash('sha256').update(buf).digest('base64')}`;
/** html with the one `<tag …attr="value"` of the page given integrity="…". */
function withIntegrity(text, tag, attr, value, buf) {
  const from = `<${tag} ${attr}="${value}"`;
  if (text.split(from).length !== 2) fail(`index.html does not hold '${from}' once`);
  return text.replace(from, `${from} integrity="${sri(buf)}"`);
}
let html = read('index.html').toString();
html = rewrite(html, 'app.js', appName, 'index.html');
html = rewrite(html, 'style.css', cssName, 'index.html');
// Subresource Integrity: the browser runs the page's bundle and applies its
// style sheet only when their bytes are these (at the first visit too,
// before the service worker runs the page: docs/offline.md "Integrity");
// the import map's `integrity` does the same for every module the page
// imports, statically (the chunks) or when a view needs it (the French
// table, the 3D robot, MuJoCo's module), its keys the addresses relative to
// the page (the browser resolves them against the page's address, as it
// does the imports)
html = withIntegrity(html, 'script type="module"', 'src', appName, appBuf);
html = withIntegrity(html, 'link rel="stylesheet"', 'href', cssName, css);
// The two WebAssembly files are listed too, though no module imports them:
// the page checks them against their full SHA-256 there before it compiles
// them (web/src/coreLoad.js), where their names carry only 10 digits of it
const workerSet = new Set(Object.values(workerNames));
const listed = [...files.keys()].filter((n) => (n.endsWith('.js') && !workerSet.has(n)) || n.endsWith('.wasm')).sort();
const importMap = JSON.stringify({ integrity: Object.fromEntries(listed.map((n) => [`./${n}`, sri(files.get(n))])) });
if (/<\/script/i.test(importMap)) fail('the import map holds </script');
html = html.replace('</head>', `  <meta name="fx-service-worker" content="sw.js">\n  <script type="importmap">${importMap}</script>\n</head>`);
// the page's policy allows that one inline script by its hash (tools/csp.mjs)
html = withPolicy(html, addSources(policyOf(html), 'script-src', [inlineHash(importMap)]));
// an inline classic script before the page's module (inline: from file://
// the browser would refuse a file with integrity, and it is part of
// index.html, the one file whose bytes no name carries; the policy allows it
// by its hash), in the language the page would have chosen (i18n/index.js
// chooseLanguage), says what to do when the page cannot run:
//   - opened from file:// (a double click on index.html), where the browser
//     refuses its modules, workers and WebAssembly (web/src/offline.js FILE_KEY)
//   - the browser refused, by their Subresource Integrity, the page's bundle
//     or a module it imports (the module script's error event) or its style
//     sheet (no sheet once it stopped loading: a classic script waits for the
//     style sheets before it), naming the file (INTACT_KEY)
const notesOf = (key) => Object.fromEntries(Object.entries(TABLES).map(([l, tb]) => [l, tb[key]]));
const pageNote = `(() => {
  const LANGUAGES = ${JSON.stringify(LANGUAGES)};
  const chooseLanguage = ${chooseLanguage.toString()};
  const notes = ${JSON.stringify({ file: notesOf(FILE_KEY), intact: notesOf(INTACT_KEY) })};
  const l = chooseLanguage(location.search, navigator.languages || [navigator.language]);
  const say = (text) => {
    const p = document.querySelector('#loading > p');
    document.documentElement.lang = l;
    p.textContent = text;
    p.setAttribute('role', 'alert');
    document.getElementById('loading-progress').hidden = true;
  };
  if (location.protocol === 'file:') {
    say(notes.file[l]);
    document.body.dataset.file = 'refused';
    return;
  }
  // a note of its own at the top of the page (the page, when it runs without
  // its style sheet, clears its error box as a view opens)
  const refused = (file) => {
    const text = notes.intact[l].replace('{file}', file);
    let note = document.getElementById('intact-note');
    if (!note) {
      note = document.createElement('p');
      note.id = 'intact-note';
      note.setAttribute('role', 'alert');
      document.body.prepend(note);
    }
    note.textContent = text;
    if (document.getElementById('loading')) say(text);
    document.body.dataset.intact = 'refused';
  };
  const name = (u) => new URL(u, location.href).pathname.split('/').pop();
  const css = document.querySelector('link[rel="stylesheet"]');
  if (css && !css.sheet) refused(name(css.href));
  window.addEventListener('error', (e) => {
    const s = e.target;
    if (s instanceof HTMLScriptElement && s.type === 'module' && s.src) refused(name(s.src));
  }, true);
})();
`;
if (/<\/script|<!--/i.test(pageNote)) fail('the page\'s note holds </script or <!--, which would end its tag early');
html = html.replace('<script type="module"', `<script>${pageNote}</script>\n  <script type="module"`);
html = withPolicy(html, addSources(policyOf(html), 'script-src', [inlineHash(pageNote)]));
policyOf(html);   // the page carries its policy (tools/csp.mjs): checked here
files.set('index.html', Buffer.from(html));
// kept at install: everything but MuJoCo, which the In MuJoCo view fetches
// when it opens (10 MB), the 3D robot, fetched when its section opens, the
// workers that run MuJoCo (LAZY_WORKERS), fetched when first used, and the
// bundled samples, which the Fit view fetches when asked: the worker keeps
// each then (all of them in the background as the rest)
const lazyWorkers = LAZY_WORKERS.map((n) => workerNames[n] ?? fail(`LAZY_WORKERS names ${n}, which esbuild did not write`));
// a chunk only the lazy bundles import is lazy too
const eager = new Set(['app.js', ...Object.keys(workerNames).filter((n) => !LAZY_WORKERS.includes(n))].flatMap((n) => [...chunksOf(n)]));
const lazyChunks = [...chunks.keys()].filter((c) => !eager.has(c)).map((c) => named.get(c));
const lazyNames = new Set([r3dName, frName, ...lazyWorkers, ...lazyChunks, ...samples.map((f) => `samples/${f}`)]);
const precache = ['./', ...[...files.keys()].filter((n) => !n.startsWith(`${mjDir}/`) && !lazyNames.has(n))];
// the rest, fetched in the background once the page runs (web/sw.js 'fill')
const rest = [...files.keys()].filter((n) => n.startsWith(`${mjDir}/`) || lazyNames.has(n));
// the names that do not carry their content's hash (the page and the sample)
const fresh = ['./', 'index.html', ...samples.map((f) => `samples/${f}`)];
const bytesOf = (n) => files.get(n === './' ? 'index.html' : n);
const sizes = Object.fromEntries([...precache, ...rest].map((n) => [n, bytesOf(n).length]));
// the SHA-256 of every file the worker keeps: it keeps and answers a copy
// only when its bytes have this one (web/sw.js); a hashed name carries its
// first 10 digits (checked here: the two come from the same bytes)
const sha256 = Object.fromEntries([...precache, ...rest].map((n) => [n, crypto.createHash('sha256').update(bytesOf(n)).digest('hex')]));
for (const [n, h] of Object.entries(sha256)) {
  const m = /\.([0-9a-f]{10})\.[a-z]+$/.exec(path.basename(n));
  if (m && !h.startsWith(m[1])) fail(`${n} is named after ${m[1]}, but its SHA-256 is ${h}`);
}
const swLogic = fs.readFileSync(path.join(ROOT, 'web/sw.js'), 'utf8');
// the version covers the worker's own logic: a new worker is a new version
const version = hash(...[...files.entries()].map(([n, b]) => Buffer.concat([Buffer.from(n), b])), Buffer.from(swLogic));
const dist = { version, precache, rest, fresh, sizes, sha256 };
files.set('sw.js', Buffer.from(`self.FX_DIST = ${JSON.stringify(dist, null, 1)};\n${swLogic}`));

// the README of the package (English and French: tools/dist-readme.txt);
// not a file of the page, so not in the worker's lists
const pkgVersion = (name) => JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules', name, 'package.json'), 'utf8')).version;
const firstBytes = precache.filter((n) => n !== './').reduce((s, n) => s + files.get(n).length, 0);
const setBytes = firstBytes + rest.reduce((s, n) => s + files.get(n).length, 0);
// the single file beside the folder (tools/single.mjs, run before this): its sizes
const singleJson = path.join(path.dirname(OUT), 'friction-explorer.html.json');
if (!fs.existsSync(singleJson)) fail(`${path.relative(ROOT, singleJson)} is missing: tools/single.mjs runs before this (make dist)`);
const single = JSON.parse(fs.readFileSync(singleJson, 'utf8'));
files.set('README.txt', Buffer.from(readmeText(fs.readFileSync(path.join(ROOT, 'tools/dist-readme.txt'), 'utf8'), {
  version, first_mb: (firstBytes / 1e6).toFixed(1), all_mb: (setBytes / 1e6).toFixed(1),
  mujoco: pkgVersion('@mujoco/mujoco'), three: pkgVersion('three'), chartjs: pkgVersion('chart.js'),
  single_mb: (single.file_bytes / 1e6).toFixed(1), single_mujoco_mb: (single.with_mujoco_bytes_estimate / 1e6).toFixed(0),
})));

// 5. write OUT afresh
fs.rmSync(OUT, { recursive: true, force: true });
for (const [name, buf] of files) {
  const p = path.join(OUT, name);
  fs.mkdirSync(path.dirname(p), { recursive: true });
  fs.writeFileSync(p, buf);
}
const first = firstBytes;
const all = [...files.values()].reduce((s, b) => s + b.length, 0);
const manifest = { version, first_load_bytes: first, offline_set_bytes: setBytes, all_bytes: all, precache, rest, files: Object.fromEntries([...files].map(([n, b]) => [n, b.length])) };
fs.writeFileSync(path.join(path.dirname(OUT), `${path.basename(OUT)}.json`), `${JSON.stringify(manifest, null, 1)}\n`);
// the 3D robot: its own bundle and the lazy chunks it imports (three.js is
// in a chunk the robot worker's hulls import too; a chunk of the first load
// is counted there), sized as written, their other importers (the
// metafile's imports) named
const r3dChunks = [...chunksOf('robot3d.js')].filter((c) => !eager.has(c)).map((c) => ({ bytes: files.get(named.get(c)).length,
  with: Object.keys(chunkImports).filter((o) => o !== 'robot3d.js' && !isChunk(o) && chunksOf(o).has(c)) }));
const r3dShared = [...new Set(r3dChunks.flatMap((c) => c.with))];
const r3dLine = `the 3D robot's ${(r3dBuf.length / 1e6).toFixed(2)} MB`
  + (r3dChunks.length ? ` and the ${r3dChunks.length === 1 ? 'chunk' : `${r3dChunks.length} chunks`} it imports (three.js), `
    + `${(r3dChunks.reduce((n, c) => n + c.bytes, 0) / 1e6).toFixed(2)} MB${r3dShared.length ? `, shared with ${r3dShared.join(', ')}` : ''}` : '');
console.log(`dist: ${path.relative(ROOT, OUT)}: ${files.size} files, first load ${(first / 1e6).toFixed(2)} MB, `
  + `the whole offline set ${(setBytes / 1e6).toFixed(2)} MB (fetched in the background after the first load: MuJoCo's `
  + `${((mjJs.length + mjWasm.length) / 1e6).toFixed(1)} MB, ${r3dLine}, `
  + 'the French table, the workers that run MuJoCo), version ' + version);
