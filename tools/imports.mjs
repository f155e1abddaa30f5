// tools/imports.mjs [--root DIR]: the import-graph half of `make lint` (run by
// `make test`). Reads every module of web/src, wasm/ (its api/ too), tools/, benchmarks/
// and tests/web/ (esbuild parses them: static imports, `export … from` and
// import() of a string literal; an import() of a computed URL is not followed)
// and checks that each relative import names a file of the tree (missing; a
// build output under build/ is not followed) and three walls:
//   views     no module outside web/src/views/ imports one inside it (the
//             views are the top of the page: the library, the workers, the
//             tools, the benchmarks and the tests sit below them); the one
//             module above them, the page's entry web/src/main.js, may import
//             their list, views/index.js, and nothing else of views/;
//   siblings  no view imports another view (views/X/… or views/X.js importing
//             views/Y/… or views/Y.js); views/index.js, the list of the views,
//             is the one module allowed to import them all;
//   cycles    no circle of imports anywhere (each strongly connected
//             component of the graph is reported once, its modules by name);
//   dom       no module of the DOM-free library web/src/mujoco/ reaches the
//             page's DOM helpers web/src/dom.js through its imports (the
//             widgets, paramPanel.js, controls.js…, all build on dom.js),
//             nor a module that makes DOM elements itself (document.createElement
//             and its kin: a widget built without dom.js): the workers,
//             tools/robot.mjs and the Node tests import the library.
// Prints each finding, then "imports: N passed, M failed, 0 skipped" where a
// module passes when it takes part in no finding. With TEST_COUNTS set (make
// test), the counts also go to $TEST_COUNTS/imports.txt for the overall line
// (tools/test-total.sh). Exit 1 when any module failed.
// --root DIR checks the tree under DIR instead of the repository (the test
// tests/web/imports.test.mjs runs it on the fixture trees of
// tests/web/imports-fixtures/, which the repository's own walk leaves out).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = process.argv.indexOf('--root');
const ROOT = at > 0 ? path.resolve(process.argv[at + 1]) : REPO;
const DIRS = ['web/src', 'wasm', 'tools', 'benchmarks', 'tests/web']; // walked whole
const SHALLOW = [];                                             // their own files only
const SKIP = ['tests/web/imports-fixtures'];                     // deliberately broken trees
const VIEWS = 'web/src/views/';
const LIST = 'web/src/views/index.js';
const ENTRY = 'web/src/main.js';
const LIBRARY = 'web/src/mujoco/';   // DOM-free
const DOM = 'web/src/dom.js';
const CODE = /\.(m?js)$/;

const rel = (f) => path.relative(ROOT, f).split(path.sep).join('/');

function walk(dir, deep, out) {
  if (!fs.existsSync(dir)) return out;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const f = path.join(dir, e.name);
    if (SKIP.includes(rel(f)) || e.name === 'node_modules') continue;
    if (e.isDirectory()) { if (deep) walk(f, deep, out); } else if (CODE.test(e.name)) out.push(f);
  }
  return out;
}

// A relative specifier resolved the way esbuild and Node do for this tree:
// the file itself, or with .js/.mjs, or a folder's index.js.
function resolve(from, spec) {
  const base = path.resolve(path.dirname(from), spec);
  for (const f of [base, `${base}.js`, `${base}.mjs`, path.join(base, 'index.js')]) {
    if (fs.existsSync(f) && fs.statSync(f).isFile()) return f;
  }
  return null;
}

const files = [...DIRS.flatMap((d) => walk(path.join(ROOT, d), true, [])),
  ...SHALLOW.flatMap((d) => walk(path.join(ROOT, d), false, []))];
const edges = new Map(files.map((f) => [f, new Set()]));
const missing = []; // [importer, specifier]: a relative import of no file

// esbuild's parser, every import kept external: the plugin only records
const record = {
  name: 'record',
  setup(build) {
    build.onResolve({ filter: /.*/ }, (a) => {
      if (a.kind === 'entry-point') return undefined;
      const isPath = a.path.startsWith('./') || a.path.startsWith('../') || path.isAbsolute(a.path);
      // a build output (wasm/friction.js's ../build/wasm/friction_core.mjs) is no source
      if (isPath && rel(path.resolve(path.dirname(a.importer), a.path)).startsWith('build/')) return { path: a.path, external: true };
      const target = isPath ? resolve(a.importer, a.path) : null;
      if (target && edges.has(a.importer)) edges.get(a.importer).add(target);
      else if (isPath && edges.has(a.importer)) missing.push([a.importer, a.path]);
      return { path: a.path, external: true };
    });
  },
};
await esbuild.build({
  entryPoints: files, bundle: true, write: false, format: 'esm', platform: 'neutral',
  outdir: path.join(ROOT, 'build/imports'), logLevel: 'silent', plugins: [record],
});

const findings = [];
const failed = new Set();
const find = (text, mods) => { findings.push(text); for (const m of mods) failed.add(m); };
const view = (f) => { // the view a module belongs to: views/X/… or views/X.js → X
  const r = rel(f);
  return r.startsWith(VIEWS) && r !== LIST ? r.slice(VIEWS.length).split('/')[0].replace(CODE, '') : null;
};
for (const [from, spec] of missing) find(`missing: ${rel(from)} imports ${spec}, no such file`, [from]);
for (const [from, tos] of edges) {
  for (const to of tos) {
    const r = rel(to);
    if (!r.startsWith(VIEWS)) continue;
    if (rel(from) === ENTRY && r === LIST) continue;
    if (!rel(from).startsWith(VIEWS)) {
      find(`views: ${rel(from)} imports ${r} (only views import views)`, [from]);
    } else if (view(from) && view(to) && view(from) !== view(to)) {
      find(`siblings: ${rel(from)} (view ${view(from)}) imports ${r} (view ${view(to)})`, [from]);
    }
  }
}

// dom: the shortest import path from each library module to dom.js or to a
// module that makes DOM elements (a widget without dom.js), if any
const MAKES = /\bdocument\s*\.\s*create(Element|ElementNS|TextNode|DocumentFragment)\s*\(/;
const code = (f) => fs.readFileSync(f, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
const makes = new Map();
const widget = (f) => { if (!makes.has(f)) makes.set(f, MAKES.test(code(f))); return makes.get(f); };
for (const from of files.filter((f) => rel(f).startsWith(LIBRARY))) {
  const prev = new Map([[from, null]]);
  const queue = [from];
  while (queue.length) {
    const v = queue.shift();
    if (rel(v) === DOM || widget(v)) {
      const chain = [];
      for (let w = v; w; w = prev.get(w)) chain.unshift(rel(w));
      const what = rel(v) === DOM ? DOM : `${rel(v)}, which makes DOM elements,`;
      find(`dom: ${rel(from)} reaches ${what} (${chain.join(' -> ')}); the library below the views is DOM-free`, [from]);
      break;
    }
    for (const w of edges.get(v) ?? []) if (!prev.has(w)) { prev.set(w, v); queue.push(w); }
  }
}

// Tarjan's strongly connected components, iterative (deep chains are fine)
let next = 0;
const index = new Map(), low = new Map(), stack = [], onStack = new Set();
for (const root of edges.keys()) {
  if (index.has(root)) continue;
  const work = [[root, [...edges.get(root)], 0]];
  index.set(root, next); low.set(root, next++); stack.push(root); onStack.add(root);
  while (work.length) {
    const top = work[work.length - 1];
    const [v, succ] = top;
    if (top[2] < succ.length) {
      const w = succ[top[2]++];
      if (!edges.has(w)) continue; // outside the walked tree
      if (!index.has(w)) {
        index.set(w, next); low.set(w, next++); stack.push(w); onStack.add(w);
        work.push([w, [...edges.get(w)], 0]);
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
      continue;
    }
    work.pop();
    if (work.length) { const u = work[work.length - 1][0]; low.set(u, Math.min(low.get(u), low.get(v))); }
    if (low.get(v) === index.get(v)) {
      const scc = [];
      let w;
      do { w = stack.pop(); onStack.delete(w); scc.push(w); } while (w !== v);
      if (scc.length > 1 || edges.get(v).has(v)) {
        const names = scc.map(rel).sort();
        find(`cycles: ${names.join(' <-> ')}`, scc);
      }
    }
  }
}

for (const f of findings.sort()) console.log(f);
const nFailed = failed.size, nPassed = files.length - nFailed;
console.log(`imports: ${nPassed} passed, ${nFailed} failed, 0 skipped`);
if (process.env.TEST_COUNTS) {
  fs.mkdirSync(process.env.TEST_COUNTS, { recursive: true });
  fs.writeFileSync(path.join(process.env.TEST_COUNTS, 'imports.txt'), `${nPassed} ${nFailed} 0\n`);
}
process.exit(nFailed ? 1 : 0);
