// tools/test-times.mjs TIER: where a test tier's time went (make test,
// make check). Reads what the runs wrote:
//   build/test-times/TIER.tsv     each part's seconds, wall and processor (tools/test-parts.sh)
//   build/e2e/durations.json      each e2e task's seconds, wall and processor (tests/web/e2e.mjs;
//                                 durations-smoke.json for make check)
//   build/e2e/node-file-times.json  each Node test file's time (tools/node-file-times.mjs)
//   build/test-times/cmocka-*.tsv  each cmocka program's time, wall and processor (tools/run-tests.sh)
//   build/test-times/cli-*.tsv     each CLI check file's time, wall and processor (tests/cli/run.sh)
// writes build/test-times/TIER.json (all of them, slowest first) and prints
// the ten slowest of all, the parts' sum and the wall time they took side
// by side, and each part's processor seconds. A file a part did not write
// (it failed early) is left out, and said.
import fs from 'node:fs';
import os from 'node:os';
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
  .map((l) => l.split('\t')).map(([name, s, rc, cpu]) => ({ name, s: Number(s), rc: Number(rc), cpu: cpu ? Number(cpu) : null }))) || [];
const wall = parts.find((p) => p.name === '(all parts)');

const e2eFile = at('e2e', tier === 'check' ? 'durations-smoke.json' : 'durations.json');
const e2e = read(e2eFile, JSON.parse);
const tasks = e2e ? Object.entries(e2e.tasks).map(([t, s]) => ({ what: `e2e ${t}`, s, cpu_s: e2e.cpu_s?.[t] ?? null })) : [];
// A part's processor seconds are those of the processes its shell waited for
// (tools/test-parts.sh); most of a browser's time does not reach them (its
// renderers and GPU process, under its zygote: a 58 s run of two views used
// 91 s of the machine's processor time, of which the shell counted 17 s),
// so the browser run's is the sum of its tasks' own figures (e2e.mjs,
// tests/web/cpu.mjs: each worker and its browsers) where that is larger.
const e2eCpu = tasks.some((t) => t.cpu_s != null) ? tasks.reduce((sum, t) => sum + (t.cpu_s ?? 0), 0) : null;
const runs = parts.filter((p) => p !== wall).map((p) => ({ what: `part ${p.name}`, s: p.s,
  cpu_s: /^run-e2e/.test(p.name) && e2eCpu != null && p.cpu != null ? Math.max(p.cpu, e2eCpu) : p.cpu }));
const cpuAll = runs.some((r) => r.cpu_s != null) ? runs.reduce((sum, r) => sum + (r.cpu_s ?? 0), 0) : null;

const files = Object.entries(read(at('e2e', 'node-file-times.json'), JSON.parse) || {})
  .map(([f, s]) => ({ what: `node ${f}`, s }));

// tools/run-tests.sh: each cmocka program's seconds, per build; tests/cli/run.sh:
// each file of the CLI checks it sources (and its own checks, run.sh), per build
const cmocka = [], cli = [];
for (const f of fs.existsSync(at('test-times')) ? fs.readdirSync(at('test-times')) : []) {
  const m = /^(cmocka|cli)-(.*)\.tsv$/.exec(f);
  if (!m) continue;
  for (const l of fs.readFileSync(at('test-times', f), 'utf8').trim().split('\n').filter(Boolean)) {
    const [what, sec, cpu] = l.split('\t');
    const t = { s: Number(sec), cpu_s: cpu ? Number(cpu) : null };
    if (m[1] === 'cmocka') cmocka.push({ what: `${m[2].replace(/_/g, ' ')} ${what.replace(/^build\/[a-z]+\/tests\//, '')}`, ...t });
    else cli.push({ what: `${m[2].replace(/_/g, ' ')} ${what}`, ...t });
  }
}

const all = [...runs, ...tasks, ...files, ...cmocka, ...cli].sort((a, b) => b.s - a.s);
// processor time beside the wall: a program waiting for a core is slow, not costly
const costly = [...tasks, ...cmocka, ...cli].filter((r) => r.cpu_s != null).sort((a, b) => b.cpu_s - a.cpu_s).slice(0, 10);
fs.mkdirSync(at('test-times'), { recursive: true });
fs.writeFileSync(at('test-times', `${tier}.json`), `${JSON.stringify({
  tier, wall_s: wall?.s ?? null, cpu_s: cpuAll, parts: runs, e2e_workers: e2e?.workers ?? null, e2e_wall_s: e2e?.wall_s ?? null,
  e2e_tasks: tasks, node_files: files, cmocka_programs: cmocka, cli_files: cli, slowest: all.slice(0, 10),
  costliest: costly,
}, null, 1)}\n`);

const sum = runs.reduce((s, r) => s + r.s, 0);
console.log(`make ${tier}: ${runs.length} parts, ${sum.toFixed(0)} s of part time in ${wall ? wall.s.toFixed(0) : '?'} s side by side`
  + (e2e?.wall_s ? `; e2e ${tasks.length} tasks on ${e2e.workers} workers in ${e2e.wall_s.toFixed(0)} s` : ''));
// processor seconds: what the parts cost, whatever they waited for; on n
// cores the parts side by side cannot take less than cpu / n
if (cpuAll != null && wall) {
  console.log(`processor time ${cpuAll.toFixed(0)} s, at least (${(cpuAll / wall.s).toFixed(2)} cores busy on average; `
    + `no less than ${(cpuAll / os.cpus().length).toFixed(0)} s side by side on this machine's ${os.cpus().length}): `
    + runs.filter((r) => r.cpu_s != null).sort((a, b) => b.cpu_s - a.cpu_s)
      .map((r) => `${r.what.replace(/^part /, '')} ${r.cpu_s.toFixed(0)} s`).join(', '));
}
console.log('the ten slowest (build/test-times/' + `${tier}.json):`);
for (const r of all.slice(0, 10)) {
  console.log(`  ${r.s.toFixed(1).padStart(7)} s  ${r.what}${r.cpu_s != null ? ` (processor ${r.cpu_s.toFixed(1)} s)` : ''}`);
}
if (costly.length) {
  console.log('the ten costliest in processor time (e2e tasks with their browsers, cmocka programs, CLI check files):');
  for (const r of costly) console.log(`  ${r.cpu_s.toFixed(1).padStart(7)} s  ${r.what} (wall ${r.s.toFixed(1)} s)`);
}
if (missing.length) console.log(`  (not written by this run: ${missing.join(', ')})`);
