// tools/native_table.mjs: `make native-table` ("What
// MuJoCo's own model leaves on the table"). For every actuator with logs in
// ../shared/data/bam it runs the CLI
//
//   friction fit --actuator A --model all --validation-split alternate
//                --seed S --budget B --threads T --out OUT/A  LOG...
//
// (M1..M6, then MuJoCo's native joint on the same training and validation
// logs: `--model all` fits every model through one path, cli/fit.c), reads
// the training and validation MAE of each model from what the CLI prints,
// and writes them to OUT/table.json. With --doc FILE it then rewrites, in
// FILE, the block between <!-- native-table:begin --> and
// <!-- native-table:end --> from that JSON (nothing else in FILE changes);
// --doc-only FILE does only that, from an existing OUT/table.json.
//
//   --friction BIN     the CLI (build/native/friction)
//   --case A=DIR       an actuator and its log directory (every *.json in it);
//                      repeatable; default xl330 (processed) and sts3215 (raw)
//   --seeds S,S...     1,2,3: one fit per seed; per model the seed with the
//                      lowest TRAINING MAE is kept (never chosen on validation)
//   --budget B         evaluations per model; "default" (the default) passes
//                      none: the CLI's defaults, 12 000 for M1-M3 and native,
//                      24 000 for M4-M6
//   --threads T        2;  --out DIR: build/native-table (OUT/A/seedS/*.json)
//
// What is parsed, and checked while parsing (exit 1 when a check fails, so
// a change of the CLI's output breaks this script loudly, not silently):
//   every model (M1..M6, native) the per-log lines "  Mk|native
//           training|validation LOG: mae X rad"; their means must equal the
//           summary row "Mk|native fit ... TRAIN VALID" to its printed 5
//           decimals, and every log must be in one split, the same for all;
//   native  OUT/A/native.json's fit_train_mae and fit_holdout_mae equal the
//           per-log means (1e-12 rad).
// tests/cli/native_table.sh replays the written native.json with
// `friction replay` and finds the table's native row (a consistency check).
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

const BEGIN = '<!-- native-table:begin -->', END = '<!-- native-table:end -->';
const M_MODELS = ['m1', 'm2', 'm3', 'm4', 'm5', 'm6'];
const bam = '../shared/data/bam/logs';

function fail(msg) {
  console.error(`native_table: ${msg}`);
  process.exit(1);
}

const opt = { friction: 'build/native/friction', cases: [], seeds: [1, 2, 3], budget: 'default', threads: 2,
              out: 'build/native-table', doc: null, docOnly: false };
const args = process.argv.slice(2);
for (let i = 0; i < args.length; i++) {
  const a = args[i], v = args[i + 1];
  if (v === undefined && a.startsWith('--')) fail(`${a} needs a value`);
  if (a === '--friction') opt.friction = v;
  else if (a === '--case') {
    const eq = v.indexOf('=');
    if (eq < 1) fail(`--case '${v}' is not ACTUATOR=DIR`);
    opt.cases.push({ actuator: v.slice(0, eq), dir: v.slice(eq + 1) });
  } else if (a === '--seeds') opt.seeds = v.split(',').map(Number);
  else if (a === '--budget') opt.budget = v === 'default' ? v : Number(v);
  else if (a === '--threads') opt.threads = Number(v);
  else if (a === '--out') opt.out = v;
  else if (a === '--doc') opt.doc = v;
  else if (a === '--doc-only') { opt.doc = v; opt.docOnly = true; }
  else fail(`unknown argument '${a}'`);
  i++;
}
if (!opt.cases.length)
  opt.cases = [{ actuator: 'xl330', dir: `${bam}/xl330/processed` },
               { actuator: 'sts3215', dir: `${bam}/sts3215/raw` }];
const posInt = (x) => Number.isInteger(x) && x >= 1;
if (!posInt(opt.threads)) fail('--threads must be a positive integer');
if (opt.budget !== 'default' && !posInt(opt.budget)) fail('--budget must be a positive integer or "default"');
if (!opt.seeds.length || !opt.seeds.every(posInt)) fail('--seeds must be positive integers, comma-separated');

const mean = (xs) => xs.reduce((s, x) => s + x, 0) / xs.length;
const near = (a, b, tol) => Math.abs(a - b) <= tol;

// One actuator: run the fit, parse, check.
function fitCase({ actuator, dir }, seed) {
  const logs = fs.readdirSync(dir).filter((f) => f.endsWith('.json')).sort().map((f) => path.join(dir, f));
  if (!logs.length) fail(`no *.json log in ${dir}`);
  const out = path.join(opt.out, actuator, `seed${seed}`);
  fs.mkdirSync(out, { recursive: true });
  const argv = ['fit', '--actuator', actuator, '--model', 'all', '--validation-split', 'alternate',
                '--seed', String(seed), '--threads', String(opt.threads), '--out', out,
                ...(opt.budget === 'default' ? [] : ['--budget', String(opt.budget)]), ...logs];
  const t0 = process.hrtime.bigint();
  const r = spawnSync(opt.friction, argv, { encoding: 'utf8', maxBuffer: 1 << 28 });
  const wall = Number(process.hrtime.bigint() - t0) / 1e9;
  fs.writeFileSync(path.join(out, 'fit.txt'), `${r.stdout}\n--- stderr\n${r.stderr}`);
  if (r.error) fail(`${opt.friction}: ${r.error.message}`);
  if (r.status !== 0) fail(`${actuator}: friction fit exited ${r.status}: ${r.stderr.trim().split('\n').pop()}`);
  const models = {};
  // every model: per-log lines and the summary rows (the table names native "native")
  for (const m of [...M_MODELS, 'native']) {
    const name = m === 'native' ? m : m.toUpperCase();
    const per = { training: [], validation: [] };
    const re = new RegExp(`^  ${name} (training|validation) +(.*): mae (\\S+) rad$`, 'gm');
    for (const x of r.stdout.matchAll(re)) per[x[1]].push({ log: x[2], mae: Number(x[3]) });
    const row = r.stdout.match(new RegExp(`^${name} +fit.*?\\s(\\d\\.\\d{5})\\s+(\\d\\.\\d{5})\\s`, 'm'));
    if (!row) fail(`${actuator} ${m}: no summary row "fit ... train valid" in the CLI's output`);
    if (per.training.length + per.validation.length !== logs.length || !per.validation.length)
      fail(`${actuator} ${m}: ${per.training.length} training and ${per.validation.length} validation ` +
           `per-log lines for ${logs.length} logs`);
    const train = mean(per.training.map((x) => x.mae)), valid = mean(per.validation.map((x) => x.mae));
    if (!near(train, Number(row[1]), 5e-6) || !near(valid, Number(row[2]), 5e-6))
      fail(`${actuator} ${m}: per-log means ${train}, ${valid} against the summary row ${row[1]}, ${row[2]}`);
    models[m] = { train_mae: train, valid_mae: valid, train_logs: per.training.map((x) => x.log),
                  valid_logs: per.validation.map((x) => x.log) };
  }
  const sameSplit = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);
  if (!sameSplit(models.native.train_logs, models.m1.train_logs) ||
      !sameSplit(models.native.valid_logs, models.m1.valid_logs))
    fail(`${actuator} native: its training / validation logs are not the M fits' split`);
  const file = JSON.parse(fs.readFileSync(path.join(out, 'native.json'), 'utf8'));
  if (!near(file.fit_train_mae, models.native.train_mae, 1e-12) ||
      !near(file.fit_holdout_mae, models.native.valid_mae, 1e-12))
    fail(`${actuator} native: native.json's fit_train_mae / fit_holdout_mae differ from the per-log means`);
  const split = { train: models.m1.train_logs, valid: models.m1.valid_logs };
  for (const m of [...M_MODELS, 'native']) models[m].params = path.join(out, `${m}.json`);
  for (const m of Object.keys(models)) {
    models[m].seed = seed;
    delete models[m].train_logs;
    delete models[m].valid_logs;
  }
  return { logs: logs.length, wall_s: wall, train_logs: split.train, valid_logs: split.valid, models };
}

// Every seed of one actuator: per model the fit of lowest training MAE; the
// best M-model by validation MAE, and what native leaves against it.
function runCase(c) {
  const runs = opt.seeds.map((seed) => {
    console.log(`native_table: ${c.actuator}, seed ${seed}: fitting M1..M6 and native on ${c.dir} ...`);
    const r = fitCase(c, seed);
    console.log(`native_table: ${c.actuator}, seed ${seed}: ${r.wall_s.toFixed(1)} s`);
    return r;
  });
  const models = {};
  for (const m of [...M_MODELS, 'native'])
    models[m] = runs.map((r) => r.models[m]).reduce((b, x) => (x.train_mae < b.train_mae ? x : b));
  const best = M_MODELS.reduce((b, m) => (models[m].valid_mae < models[b].valid_mae ? m : b), 'm1');
  return {
    actuator: c.actuator, dir: c.dir, logs: runs[0].logs, wall_s: runs.reduce((s, r) => s + r.wall_s, 0),
    train_logs: runs[0].train_logs, valid_logs: runs[0].valid_logs, models, best_m: best,
    native_minus_best_valid: models.native.valid_mae - models[best].valid_mae,
    native_minus_best_train: models.native.train_mae - models[best].train_mae,
  };
}

const f5 = (x) => x.toFixed(5);
const signed = (x) => (x >= 0 ? '+' : '−') + f5(Math.abs(x));

function renderDoc(t) {
  const L = [BEGIN, '<!-- generated by tools/native_table.mjs from build/native-table/table.json (`make native-table`); do not edit -->', ''];
  const budget = t.budget === 'default'
    ? 'the default budgets (12 000 evaluations for M1–M3 and native, 24 000 for M4–M6)'
    : `a budget of ${t.budget} evaluations for every model, native too (smaller than the defaults)`;
  L.push(`Fits of ${t.date} (UTC): \`friction fit --model all --validation-split alternate\`, seeds ` +
         `${t.seeds.join(', ')} (per model, the seed of lowest training MAE is kept), ${budget}, ` +
         `${t.threads} threads, bam integrator. Native is MuJoCo's own joint (\`frictionloss\`, \`damping\`, \`armature\`, position ` +
         `actuator \`kp\`/\`kv\`/\`forcerange\`, \`q_offset\`), fitted on the same training logs and scored ` +
         `on the same validation logs as M1–M6. Whole run: ${t.total_wall_s.toFixed(0)} s on this 2-core ` +
         `machine (shared). MAE [rad]:`);
  L.push('');
  L.push('| actuator (logs: training / validation) | | M1 | M2 | M3 | M4 | M5 | M6 | native | native − best M |');
  L.push('|---|---|---|---|---|---|---|---|---|---|');
  for (const c of t.cases) {
    const name = `${c.actuator} (${c.train_logs.length} / ${c.valid_logs.length})`;
    for (const [k, lab, gap] of [['train_mae', 'train', c.native_minus_best_train],
                                 ['valid_mae', 'validation', c.native_minus_best_valid]]) {
      const cells = M_MODELS.map((m) => (m === c.best_m ? `**${f5(c.models[m][k])}**` : f5(c.models[m][k])));
      L.push(`| ${lab === 'train' ? name : ''} | ${lab} | ${cells.join(' | ')} | ${f5(c.models.native[k])} | ` +
             `${signed(gap)} (vs ${c.best_m.toUpperCase()}) |`);
    }
  }
  L.push('');
  L.push('Bold: the best M-model on validation, the one "native − best M" compares with. ' +
         'The native joint has one friction level, `frictionloss`, that holds the joint and slides at ' +
         'the same value, plus `damping`: it cannot express stiction above Coulomb (M2\'s Stribeck term) ' +
         'nor friction that grows with the load (M3–M6); against the best M-model it leaves ' +
         t.cases.map((c) => `${signed(c.native_minus_best_valid)} rad of validation MAE on the ${c.actuator} ` +
                            `(${c.models.native.valid_mae.toFixed(5)} against ${c.best_m.toUpperCase()}'s ` +
                            `${c.models[c.best_m].valid_mae.toFixed(5)}, ` +
                            `${(100 * c.native_minus_best_valid / c.models[c.best_m].valid_mae).toFixed(0)} %)`)
           .join(' and ') + '. ' +
         'Against M1, whose friction is the same two terms (a constant level and a viscous one) and which ' +
         'fits the bench\'s `q_offset` in the same box, native ' +
         'differs by its actuator (MuJoCo\'s position servo with a force clamp instead of the servo\'s ' +
         'voltage control, back-EMF and firmware) and by MuJoCo\'s soft friction constraint and Euler step: ' +
         t.cases.map((c) => `${signed(c.models.native.valid_mae - c.models.m1.valid_mae)} rad of validation MAE ` +
                            `(${signed(c.models.native.train_mae - c.models.m1.train_mae)} training) on the ` +
                            `${c.actuator}`).join(', ') + '.');
  L.push(END);
  return L.join('\n');
}

function writeDoc(t, file) {
  const text = fs.readFileSync(file, 'utf8');
  const a = text.indexOf(BEGIN), b = text.indexOf(END);
  if (a < 0 || b < a) fail(`${file} has no ${BEGIN} ... ${END} block`);
  fs.writeFileSync(file, text.slice(0, a) + renderDoc(t) + text.slice(b + END.length));
  console.log(`native_table: wrote the table into ${file}`);
}

const jsonPath = path.join(opt.out, 'table.json');
let table;
if (opt.docOnly) {
  table = JSON.parse(fs.readFileSync(jsonPath, 'utf8'));
} else {
  const t0 = Date.now();
  const cases = [];
  for (const c of opt.cases) {
    const last = runCase(c);
    cases.push(last);
    console.log(`native_table: ${c.actuator}: ${last.wall_s.toFixed(1)} s; validation MAE native ` +
                `${f5(last.models.native.valid_mae)}, best M (${last.best_m}) ${f5(last.models[last.best_m].valid_mae)}`);
  }
  table = { date: new Date().toISOString().slice(0, 10), seeds: opt.seeds, budget: opt.budget, threads: opt.threads,
            integrator: 'bam', split: 'alternate', friction: opt.friction,
            total_wall_s: (Date.now() - t0) / 1000, cases };
  fs.mkdirSync(opt.out, { recursive: true });
  fs.writeFileSync(jsonPath, JSON.stringify(table, null, 2) + '\n');
  console.log(`native_table: wrote ${jsonPath} (${table.total_wall_s.toFixed(1)} s)`);
}
if (opt.doc) writeDoc(table, opt.doc);
