// tools/dist_figures.mjs [--check] [--dist DIR] [FILE.md ...]: `make
// dist-figures` (after `make dist`). The sizes the docs quote of the offline
// package and the single file, from what `make dist` wrote
// (build/dist/friction-explorer.json, tools/dist.mjs; build/dist/
// friction-explorer.html.json, tools/single.mjs), never copied by hand: in
// README.md and docs/offline.md (or the files named), every figure marked
//     <!--dist:NAME-->2.2 MB<!--/dist-->
// is rewritten to NAME's value (MB of 10^6 bytes, one decimal from 1 MB up,
// two below; a ratio as a whole number). --check rewrites nothing and exits 1
// naming each figure that differs (tests/web/dist_figures.test.mjs).
import fs from 'node:fs';
import path from 'node:path';

const args = process.argv.slice(2);
let dist = 'build/dist', check = false;
const files = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--check') check = true;
  else if (args[i] === '--dist' && i + 1 < args.length) dist = args[++i];
  else if (args[i].startsWith('--')) fail(`unknown option '${args[i]}'`);
  else files.push(args[i]);
}
if (!files.length) files.push('README.md', 'docs/offline.md');

function fail(msg) {
  console.error(`dist_figures: ${msg}`);
  process.exit(2);
}
function readJson(p) {
  if (!fs.existsSync(p)) fail(`${p} is missing: run make dist first`);
  try {
    return JSON.parse(fs.readFileSync(p, 'utf8'));
  } catch (e) {
    return fail(`${p} is not JSON (${e.message})`);
  }
}

/** name → its text, from the two JSON files of `make dist`. */
export function figures(pkg, single) {
  const mb = (b) => `${(b / 1e6).toFixed(b >= 1e6 ? 1 : 2)} MB`;
  const file = (re) => Object.entries(pkg.files).find(([n]) => re.test(n))?.[1] ?? fail(`the package lists no file ${re}`);
  const mjWasm = file(/^mujoco\.[0-9a-f]+\/mujoco\.wasm$/), mjJs = file(/^mujoco\.[0-9a-f]+\/mujoco\.js$/);
  return {
    first_load: mb(pkg.first_load_bytes),
    offline_set: mb(pkg.offline_set_bytes),
    single: mb(single.file_bytes),
    single_wasm: mb(single.core_wasm_base64_bytes),
    single_workers: mb(single.workers_bytes),
    single_french: mb(single.french_table_bytes),
    single_with_mujoco: mb(single.with_mujoco_bytes_estimate),
    single_with_mujoco_ratio: String(Math.round(single.with_mujoco_bytes_estimate / single.file_bytes)),
    mujoco: mb(mjWasm + mjJs),
    mujoco_wasm: mb(mjWasm),
    mujoco_js: mb(mjJs),
  };
}

const MARK = /<!--dist:(\w+)-->([^<]*)<!--\/dist-->/g;

/** text with each marked figure set to figs' value; { text, changed: [name: old → new], unknown: [names] }. */
export function rewrite(text, figs) {
  const changed = [], unknown = [];
  const out = text.replace(MARK, (m, name, old) => {
    if (!(name in figs)) { unknown.push(name); return m; }
    if (old !== figs[name]) changed.push(`${name}: ${old} → ${figs[name]}`);
    return `<!--dist:${name}-->${figs[name]}<!--/dist-->`;
  });
  return { text: out, changed, unknown };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figs = figures(readJson(path.join(dist, 'friction-explorer.json')), readJson(path.join(dist, 'friction-explorer.html.json')));
  let stale = 0;
  for (const f of files) {
    const text = fs.readFileSync(f, 'utf8');
    const r = rewrite(text, figs);
    if (r.unknown.length) fail(`${f} marks figures no JSON gives: ${r.unknown.join(', ')} (known: ${Object.keys(figs).join(', ')})`);
    if (text.search(MARK) < 0) fail(`${f} marks no figure (<!--dist:NAME-->…<!--/dist-->)`);
    if (check) {
      for (const c of r.changed) console.error(`dist_figures: ${f}: ${c} (run make dist-figures)`);
      stale += r.changed.length;
    } else if (r.changed.length) {
      fs.writeFileSync(f, r.text);
      console.log(`dist_figures: ${f}: ${r.changed.join('; ')}`);
    }
  }
  if (check && stale) process.exit(1);
  if (check) console.log(`dist_figures: ${files.join(', ')}: every marked figure is make dist's`);
}
