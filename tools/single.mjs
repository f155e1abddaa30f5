// tools/single.mjs OUT.html: the explorer as ONE self-contained HTML file
// that runs opened from the disk (file://, a double click on a USB stick),
// without a server (make dist; docs/offline.md "One file for a USB stick").
//
// Browsers refuse, from a page opened from file://, every file beside it:
// module imports, workers, fetch, WebAssembly by URL. So the file carries
// everything the Pendulum, Laws, Scenarios, Drive, Well-posedness, Arm and
// Fit views use, built by esbuild's API from the sources and from what
// `make web` built (build/web: the core's wasm, the sample, index.html,
// style.css):
//   - the page's bundle (web/src/main.js), minified, in a <script type=module>
//   - the core's wasm and the bundled sample, base64 (esbuild's base64
//     loader), answered to the page's own fetch('friction_core.wasm') and
//     fetch('samples/…') by web/src/single/files.js, which esbuild's
//     `inject` puts in place of the global fetch
//   - the workers (web/src/workers/*.js but those that run MuJoCo), each
//     bundled as an IIFE (a classic worker: Chromium refuses a module worker
//     from a blob: URL under file://) and carried as text (esbuild's text
//     loader); web/src/single/workers.js, injected in place of the global
//     Worker, starts each from a blob: URL of its code
//   - every string table: i18n/load.js (the fetch of a table beside the
//     page) swapped by an esbuild plugin for web/src/single/tables.js, which
//     imports them, so the language switch (a reload with ?lang=) works
//   - the style sheet, minified, in a <style> (the page uses the system's
//     fonts: there is no font file to carry)
// No service worker (the page names none). MuJoCo (10.6 MB, 14 MB as base64)
// and three.js are left out: the In MuJoCo view says in one sentence, in the
// page's language, to use the folder package (web/src/offline.js
// singleMissing); docs/offline.md says why.
// Written by hand, because esbuild has no such feature: the two injected
// modules above (a name → bytes lookup and a Worker that starts from a blob:
// URL), the plugin's few lines (a virtual module of the files, the swap of
// load.js), and the HTML assembly below (two tags replaced by their
// contents, checked to be there once, with no "<script" or "</script" inside).
// Prints the sizes (esbuild's metafile: the largest parts) and writes them
// to OUT.json.
import fs from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { MUJOCO_WORKERS } from './mujoco-workers.mjs';
import { policyOf, withPolicy, addSources, removeSource, inlineHash } from './csp.mjs';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const OUT = path.resolve(process.argv[2] || path.join(ROOT, 'build/dist/friction-explorer.html'));
const WEB = path.join(ROOT, 'build/web');
const SRC = path.join(ROOT, 'web/src');

function fail(msg) {
  console.error(`single: ${msg}`);
  process.exit(1);
}
const need = (rel) => {
  const p = path.join(WEB, rel);
  if (!fs.existsSync(p)) fail(`${path.relative(ROOT, p)} is missing: run make web first`);
  return p;
};

// the files the page fetches by name (as it names them) → where they are
const FILES = { 'friction_core.wasm': need('friction_core.wasm') };
const samples = fs.readdirSync(need('samples')).filter((f) => f.endsWith('.json')).sort();
if (!samples.length) fail('build/web/samples has no sample: run make web first');
samples.forEach((f) => { FILES[`samples/${f}`] = need(`samples/${f}`); });

/** The plugin: 'fx-single:files' (the module files.js and workers.js read:
 *  `contents`), each file of FILES through esbuild's base64 loader, each
 *  worker's code through its text loader, and i18n/load.js swapped for
 *  single/tables.js. */
const plugin = (contents, workerCode = {}) => ({
  name: 'fx-single',
  setup(b) {
    b.onResolve({ filter: /^fx-single:files$/ }, () => ({ path: 'files', namespace: 'fx-single' }));
    b.onLoad({ filter: /.*/, namespace: 'fx-single' }, () => ({ contents, loader: 'js', resolveDir: ROOT }));
    b.onResolve({ filter: /^fx-file:/ }, (a) => ({ path: FILES[a.path.slice(8)], namespace: 'fx-file' }));
    b.onLoad({ filter: /.*/, namespace: 'fx-file' }, (a) => ({ contents: fs.readFileSync(a.path), loader: 'base64' }));
    b.onResolve({ filter: /^fx-worker:/ }, (a) => ({ path: a.path.slice(10), namespace: 'fx-worker' }));
    b.onLoad({ filter: /.*/, namespace: 'fx-worker' }, (a) => ({ contents: workerCode[a.path], loader: 'text' }));
    b.onResolve({ filter: /^\.\/load\.js$/ }, (a) => (a.importer === path.join(SRC, 'i18n/index.js')
      ? { path: path.join(SRC, 'single/tables.js') } : undefined));
  },
});
const common = { bundle: true, minify: true, target: 'es2022', write: false, logLevel: 'warning', legalComments: 'none', metafile: true };

// 1. the workers, each an IIFE; in a worker the files are what the page handed it
const workerSrc = fs.readdirSync(path.join(SRC, 'workers')).filter((f) => f.endsWith('.js'))
  .filter((f) => !MUJOCO_WORKERS.includes(`${f.slice(0, -3)}.worker.js`)).sort();
if (MUJOCO_WORKERS.length + workerSrc.length !== fs.readdirSync(path.join(SRC, 'workers')).filter((f) => f.endsWith('.js')).length) {
  fail(`MUJOCO_WORKERS (tools/mujoco-workers.mjs) names a worker that web/src/workers does not hold: ${MUJOCO_WORKERS.join(', ')}`);
}
const workersBuilt = await esbuild.build({
  ...common, format: 'iife', outdir: '/w',
  entryPoints: Object.fromEntries(workerSrc.map((f) => [`${f.slice(0, -3)}.worker`, path.join(SRC, 'workers', f)])),
  inject: [path.join(SRC, 'single/files.js')],
  // the Emscripten glue makes the wasm's URL from import.meta.url when it
  // loads, though it is handed the bytes; a classic worker has no import.meta
  define: { 'import.meta.url': JSON.stringify('file:///friction-explorer.html') },
  plugins: [plugin('export default self.FX_FILES;')],
});
const workerCode = Object.fromEntries(workersBuilt.outputFiles.map((f) => [path.basename(f.path), f.text]));

// 2. the page, with every file and worker in it
const filesModule = [
  ...Object.keys(FILES).map((n, i) => `import f${i} from ${JSON.stringify(`fx-file:${n}`)};`),
  ...Object.keys(workerCode).map((n, i) => `import w${i} from ${JSON.stringify(`fx-worker:${n}`)};`),
  `export default { files: { ${Object.keys(FILES).map((n, i) => `${JSON.stringify(n)}: f${i}`).join(', ')} },`,
  `  workers: { ${Object.keys(workerCode).map((n, i) => `${JSON.stringify(n)}: w${i}`).join(', ')} } };`,
].join('\n');
const page = await esbuild.build({
  ...common, format: 'esm', outfile: '/app.js',
  entryPoints: [path.join(SRC, 'main.js')],
  inject: [path.join(SRC, 'single/files.js'), path.join(SRC, 'single/workers.js')],
  plugins: [plugin(filesModule, workerCode)],
});
const app = page.outputFiles[0].text;
const css = (await esbuild.transform(fs.readFileSync(need('style.css'), 'utf8'), { loader: 'css', minify: true })).code;

// 3. the HTML: index.html with its style sheet and script in place
/** text with the one occurrence of `from` replaced by `to`. */
function once(text, from, to) {
  const at = text.indexOf(from);
  if (at < 0 || text.indexOf(from, at + 1) >= 0) fail(`build/web/index.html does not hold '${from}' once`);
  return text.slice(0, at) + to + text.slice(at + from.length);
}
// (a script's text ends at "</script"; after a "<!--" a "<script" would
// make the next "</script" not end it: the page has "<!--" in MJCF
// comments, so neither tag may stand in it)
for (const [what, text, bad] of [['the page\'s script', app, /<\/?script/i], ['the style sheet', css, /<\/style/i]]) {
  if (bad.test(text)) fail(`${what} holds ${bad.exec(text)[0]}, which would end its tag early`);
}
let html = fs.readFileSync(need('index.html'), 'utf8');
html = once(html, '<link rel="stylesheet" href="style.css">', `<style>${css}</style>`);
html = once(html, '<script type="module" src="app.js"></script>', `<script type="module">${app}</script>`);
html = once(html, '</head>', '  <meta name="fx-single-file" content="MuJoCo and three.js left out">\n</head>');
// the page's Content-Security-Policy (web/index.html, tools/csp.mjs) with the
// hashes of the inline module and style sheet, and without 'unsafe-eval',
// which only MuJoCo's bindings need: the file carries no MuJoCo
let policy = removeSource(policyOf(html), 'script-src', "'unsafe-eval'");
policy = addSources(addSources(policy, 'script-src', [inlineHash(app)]), 'style-src', [inlineHash(css)]);
html = withPolicy(html, policy);
fs.mkdirSync(path.dirname(OUT), { recursive: true });
fs.writeFileSync(OUT, html);

// 4. the sizes
const bytesOf = (p) => fs.statSync(p).size;
const mujoco = bytesOf(need('mujoco/mujoco.js')) + bytesOf(need('mujoco/mujoco.wasm'));
const inputs = Object.values(page.metafile.outputs)[0].inputs;
/** The bytes the page's bundle holds of the inputs whose path matches re. */
const part = (re) => Object.entries(inputs).filter(([p]) => re.test(p)).reduce((s, [, i]) => s + i.bytesInOutput, 0);
const sizes = {
  file_bytes: Buffer.byteLength(html),
  core_wasm_base64_bytes: part(/^fx-file:.*friction_core\.wasm$/),
  samples_base64_bytes: part(/^fx-file:.*samples\//),
  workers_bytes: part(/^fx-worker:/),
  french_table_bytes: part(/i18n\/fr\.js$/),
  style_bytes: css.length,
  workers: Object.fromEntries(Object.entries(workerCode).map(([n, c]) => [n, Buffer.byteLength(c)])),
  mujoco_bytes: mujoco,
  // a variant carrying MuJoCo (mujoco.js and mujoco.wasm, base64): not built
  with_mujoco_bytes_estimate: Buffer.byteLength(html) + Math.ceil(mujoco / 3) * 4,
};
fs.writeFileSync(`${OUT}.json`, `${JSON.stringify(sizes, null, 1)}\n`);
const mb = (n) => (n / 1e6).toFixed(2);
console.log(`single: ${path.relative(ROOT, OUT)}: ${mb(sizes.file_bytes)} MB (the core's wasm ${mb(sizes.core_wasm_base64_bytes)} MB as base64, `
  + `${workerSrc.length} workers ${mb(sizes.workers_bytes)} MB, the French table ${mb(sizes.french_table_bytes)} MB); `
  + `MuJoCo left out (${mb(mujoco)} MB: with it the file would be ${mb(sizes.with_mujoco_bytes_estimate)} MB)`);
