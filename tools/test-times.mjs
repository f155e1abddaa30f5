// tools/test-times.mjs TIER: where a test tier's time went (make test,
// make check). Reads what the runs wrote:
//   build/test-times/TIER.tsv     each part's seconds (tools/test-parts.sh)
//   build/e2e/durations.json      each e2e task's seconds (tests/web/e2e.mjs;
//                                 durations-smoke.json for make check)
//   build/e2e/node-file-times.json  each Node test file's time (tools/node-file-times.mjs)
//   build/test-times/cmocka-*.tsv  each cmocka program's time (tools/run-tests.sh)
//   build/test-times/cli-*.tsv     each CLI check file's time (tests/cli/run.sh)
// writes build/test-times/TIER.json (all of them, slowest first) and prints
// the ten slowest of all, the parts' sum and the wall time they took side
// by side. A file a part did not write (it failed early) is left out, and said.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tier = process.argv[2] || 'test';
const at = (...p) => path.join(ROOT, 'build', ...p);
const missing = [];

function read(file, parse) {
  try { return parse(fs.readFileSync(file, 'utf8')); } catch { missing.push(path.relative(ROOT, file)); return null; }
}

const parts = read(at('test-times', `${tier}.tsv`), (t) => t.trim().split('\n').filter(Boolean)
  .map((l) => l.split('\t')).map(([name, s, rc]) => ({ name, s: Number(s), rc: Number(rc) }))) || [];
const wall = parts.find((p) => p.name === '(all parts)');
const runs = parts.filter((p) => p !== wall).map((p) => ({ what: `part ${p.name}`, s: p.s }));

const e2eFile = at('e2e', tier === 'check' ? 'durations-smoke.json' : 'durations.json');
const e2e = read(e2eFile, JSON.parse);
const tasks = e2e ? Object.entries(e2e.tasks).map(([t, s]) => ({ what: `e2e ${t}`, s })) : [];

const files = Object.entries(read(at('e2e', 'node-file-times.json'), JSON.parse) || {})
  .map(([f, s]) => ({ what: `node ${f}`, s }));

// tools/run-tests.sh: each cmocka program's seconds, per build; tests/cli/run.sh:
// each file of the CLI checks it sources (and its own checks, run.sh), per build
const cmocka = [], cli = [];
for (const f of fs.existsSync(at('test-times')) ? fs.readdirSync(at('test-times')) : []) {
  const m = /^(cmocka|cli)-(.*)\.tsv$/.exec(f);
  if (!m) continue;
  for (const l of fs.readFileSync(at('test-times', f), 'utf8').trim().split('\n').filter(Boolean)) {
    const [what, sec] = l.split('\t');
    if (m[1] === 'cmocka') cmocka.push({ what: `${m[2].replace(/_/g, ' ')} ${what.replace(/^build\/[a-z]+\/tests\//, '')}`, s: Number(sec) });
    else cli.push({ what: `${m[2].replace(/_/g, ' ')} ${what}`, s: Number(sec) });
  }
}

const all = [...runs, ...tasks, ...files, ...cmocka, ...cli].sort((a, b) => b.s - a.s);
fs.mkdirSync(at('test-times'), { recursive: true });
fs.writeFileSync(at('test-times', `${tier}.json`), `${JSON.stringify({
  tier, wall_s: wall?.s ?? null, parts: runs, e2e_workers: e2e?.workers ?? null, e2e_wall_s: e2e?.wall_s ?? null,
  e2e_tasks: tasks, node_files: files, cmocka_programs: cmocka, cli_files: cli, slowest: all.slice(0, 10),
}, null, 1)}\n`);

const sum = runs.reduce((s, r) => s + r.s, 0);
console.log(`make ${tier}: ${runs.length} parts, ${sum.toFixed(0)} s of part time in ${wall ? wall.s.toFixed(0) : '?'} s side by side`
  + (e2e?.wall_s ? `; e2e ${tasks.length} tasks on ${e2e.workers} workers in ${e2e.wall_s.toFixed(0)} s` : ''));
console.log('the ten slowest (build/test-times/' + `${tier}.json):`);
for (const r of all.slice(0, 10)) console.log(`  ${r.s.toFixed(1).padStart(7)} s  ${r.what}`);
if (missing.length) console.log(`  (not written by this run: ${missing.join(', ')})`);
