// tools/archmap.mjs [--root DIR]: docs/architecture.md read against the tree,
// a part of `make lint` (run by `make test`), so the map cannot drift from
// what it maps. Checks, in both directions:
//   named    every path the map names is in the tree: a backticked token, or
//            a word of a fenced block, with a "/" or a file extension
//            (brace lists `views/x/{a,b}.js` expanded; a bare file name
//            found anywhere in the tree; a token with a placeholder, <x>,
//            NAME-like capitals, * or …, a name's part (`_scn.c`), an absolute
//            path, and build outputs under build/ or ../shared/ are not paths
//            of the tree and are left alone)
//   folders  every folder of core/ and core/system/, and of web/src/, is named
//            (`law/`, `system/bench/`, `mujoco/`)
//   headers  every public header core/include/*.h is named
//   groups   every wasm group (wasm/bindings_<g>.c, wasm/api/<g>.js) is named
//            as its wrapper group `core.<g>`
//   modules  every code file of web/src (each folder's modules, each view's
//            role files, each worker) is named, by path or by file name
//   lines    the map's "No code file of `web/src` passes N lines (…) but
//            these, to be split: `a.js`, …." holds: every code file of
//            web/src but the string tables (web/src/i18n/) is at most N lines
//            or among the files listed, and every file listed is over N
// Prints each finding, then "archmap: N passed, M failed, 0 skipped" (one
// check a rule above); with TEST_COUNTS set (make test) the counts also go
// to $TEST_COUNTS/archmap.txt for the overall line (tools/test-total.sh).
// Exit 1 when a rule failed. --root DIR checks the map and tree under DIR
// (tests/web/archmap.test.mjs runs it on the fixture trees of
// tests/web/archmap-fixtures/).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = process.argv.indexOf('--root');
const ROOT = at > 0 ? path.resolve(process.argv[at + 1]) : REPO;
const MAP = 'docs/architecture.md';
const SKIP_DIRS = new Set(['.git', 'node_modules', 'build']);
const SKIP_TREES = ['tests/web/archmap-fixtures', 'tests/web/imports-fixtures'];
const EXT = /\.(c|h|js|mjs|sh|css|json|md|html|py|txt|xml)$/;
const CODE = /\.m?js$/;

const text = fs.readFileSync(path.join(ROOT, MAP), 'utf8');

/** Every file and folder of the tree (relative, '/'-separated; folders end in '/'). */
function walk(dir, out) {
  for (const e of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = dir ? `${dir}/${e.name}` : e.name;
    if (e.isDirectory()) {
      if (SKIP_DIRS.has(e.name) || SKIP_TREES.includes(rel)) continue;
      out.push(`${rel}/`);
      walk(rel, out);
    } else out.push(rel);
  }
  return out;
}
const tree = walk('', []);
const inTree = new Set(tree);
const baseNames = new Set(tree.filter((f) => !f.endsWith('/')).map((f) => f.slice(f.lastIndexOf('/') + 1)));
const listDir = (d) => (fs.existsSync(path.join(ROOT, d)) ? fs.readdirSync(path.join(ROOT, d), { withFileTypes: true }) : []);

/** The map's tokens: backticked spans and the words of its fenced blocks. */
function tokens() {
  const out = [];
  const fenced = text.split(/^```.*$/m);
  fenced.forEach((part, i) => {
    // a fenced block's words: the folders (a trailing /) and files it draws
    if (i % 2) out.push(...part.split(/[\s(),]+/).filter((w) => w.endsWith('/') || EXT.test(w)));
    else for (const m of part.matchAll(/`([^`\n]+)`/g)) out.push(m[1]);
  });
  return out.map((s) => s.trim().replace(/[.,;:]+$/, '')).filter(Boolean);
}
/** `a/{b,c}.js` → ['a/b.js', 'a/c.js']. */
function expand(tok) {
  const m = tok.match(/^(.*)\{([^{}]*)\}(.*)$/);
  return m ? m[2].split(',').flatMap((x) => expand(`${m[1]}${x.trim()}${m[3]}`)) : [tok];
}
const PLACEHOLDER = /[<>*…$?=]|\bNAME\b|\bFILE\b|\bLOG\b|^[-_/]|^\.\.\/|^build\/|^https?:/;
const isPath = (t) => /^[\w.\-/{},]+$/.test(t) && (t.includes('/') || EXT.test(t)) && !/^\d/.test(t);

/** Whether a path the map names is in the tree: as written from the root or
 *  from a folder the map writes paths from, or (a bare file name) anywhere. */
const BASES = ['', 'core/', 'core/include/', 'web/src/', 'web/', 'wasm/', 'tests/', 'docs/', 'tools/'];
function exists(p) {
  if (!p.includes('/')) return baseNames.has(p);
  return BASES.some((b) => inTree.has(b + p) || inTree.has(`${b + p}/`));
}

const named = new Set();     // every path-like token, expanded
for (const tok of tokens()) {
  if (PLACEHOLDER.test(tok) || !isPath(tok)) continue;
  for (const p of expand(tok)) named.add(p.replace(/^\.\//, ''));
}
const results = [];          // [rule, findings[]]
const rule = (name, findings) => results.push([name, findings]);

// named: each path of the map is in the tree
rule('named', [...named].filter((p) => !exists(p)).sort().map((p) => `named: ${MAP} names \`${p}\`, which is not in the tree`));

// folders: each folder of core/, core/system/ and web/src/ named ("law/", "system/bench/", "mujoco/")
const mentions = (s) => text.includes(s);
const folders = [
  ...listDir('core').filter((e) => e.isDirectory() && e.name !== 'include').map((e) => [`core/${e.name}/`, `${e.name}/`]),
  ...listDir('core/system').filter((e) => e.isDirectory()).map((e) => [`core/system/${e.name}/`, `system/${e.name}/`]),
  ...listDir('web/src').filter((e) => e.isDirectory()).map((e) => [`web/src/${e.name}/`, `${e.name}/`]),
];
rule('folders', folders.filter(([, short]) => !mentions(short)).map(([full]) => `folders: ${full} is not in ${MAP}`));

// headers: each public header named
rule('headers', listDir('core/include').filter((e) => e.name.endsWith('.h') && !mentions(e.name))
  .map((e) => `headers: core/include/${e.name} is not in ${MAP}`));

// groups: each wasm group named as its wrapper group core.<g>
const groups = new Set([
  ...listDir('wasm').map((e) => e.name.match(/^bindings_(\w+)\.c$/)?.[1]),
  ...listDir('wasm/api').map((e) => e.name.match(/^(\w+)\.js$/)?.[1]).filter((g) => g && g !== 'base' && g !== 'core'),
].filter(Boolean));
rule('groups', [...groups].sort().filter((g) => !mentions(`\`core.${g}\``))
  .map((g) => `groups: the wasm group ${g} (wasm/bindings_${g}.c, wasm/api/${g}.js) is not in ${MAP} as \`core.${g}\``));

// modules: each code file of web/src named by path or file name
const modules = tree.filter((f) => f.startsWith('web/src/') && CODE.test(f));
const namedBase = new Set([...named].map((p) => p.slice(p.lastIndexOf('/') + 1)));
const isNamed = (f) => {
  const sub = f.slice('web/src/'.length);
  return [...named].some((p) => p === f || p === sub || sub.endsWith(`/${p}`)) || namedBase.has(sub.slice(sub.lastIndexOf('/') + 1));
};
rule('modules', modules.filter((f) => !isNamed(f)).sort().map((f) => `modules: ${f} is not in ${MAP}`));

// lines: the line-count claim and its listed exceptions
const claim = text.replace(/\s+/g, ' ').match(/No code file of `web\/src` passes (\d+) lines(.*?)\.(?= |$)/);
const lineFindings = [];
if (!claim) lineFindings.push(`lines: ${MAP} has no "No code file of \`web/src\` passes N lines" sentence`);
else {
  const limit = Number(claim[1]);
  const but = claim[2].split('but these, to be split:')[1] ?? '';
  const listed = new Set(but.replace(/\(.*?\)/g, '').match(/`[^`]+`/g)?.map((s) => s.slice(1, -1)) ?? []);
  const counts = new Map(modules.filter((f) => !f.startsWith('web/src/i18n/'))
    .map((f) => [f, fs.readFileSync(path.join(ROOT, f), 'utf8').split('\n').length - 1]));
  const isListed = (f) => [...listed].some((l) => f === l || f.endsWith(`/${l}`));
  for (const [f, n] of [...counts].sort()) {
    if (n > limit && !isListed(f)) lineFindings.push(`lines: ${f} has ${n} lines, over the ${limit} the map allows, and is not listed`);
  }
  for (const l of [...listed].sort()) {
    const f = [...counts.keys()].find((k) => k === l || k.endsWith(`/${l}`));
    if (!f) lineFindings.push(`lines: \`${l}\` is listed as over ${limit} lines but is no code file of web/src`);
    else if (counts.get(f) <= limit) lineFindings.push(`lines: \`${l}\` is listed as over ${limit} lines but has ${counts.get(f)}: take it off the list`);
  }
}
rule('lines', lineFindings);

let nPassed = 0, nFailed = 0;
for (const [, findings] of results) {
  for (const f of findings) console.log(f);
  if (findings.length) nFailed++; else nPassed++;
}
console.log(`archmap: ${nPassed} passed, ${nFailed} failed, 0 skipped`);
if (process.env.TEST_COUNTS) {
  fs.mkdirSync(process.env.TEST_COUNTS, { recursive: true });
  fs.writeFileSync(path.join(process.env.TEST_COUNTS, 'archmap.txt'), `${nPassed} ${nFailed} 0\n`);
}
process.exit(nFailed ? 1 : 0);
