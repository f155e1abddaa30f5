// tools/history.mjs [--root DIR]: a part of `make lint` (run by `make test`):
// no history in the code. Every tracked text file of the product, its tests
// and its docs is read for references to this project's tracker and work log
// (an issue or stop number, a paper called by its seed number, a work
// branch's name); a line says what it does and which paper it follows instead. An
// issue of another project, cited with the project's name ("bam issue 17",
// "mujoco issue 3284"), is a citation and passes.
// Prints each finding (file:line: the reference), then "history: N passed,
// M failed, 0 skipped" (files without / with a finding); with TEST_COUNTS set
// the counts also go to $TEST_COUNTS/history.txt. Exit 1 on a finding.
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = process.argv.indexOf('--root');
const ROOT = at > 0 ? path.resolve(process.argv[at + 1]) : REPO;
const AREAS = ['core', 'cli', 'wasm', 'web', 'tools', 'benchmarks', 'tests', 'docs', 'samples', 'Makefile', 'README.md', '.ci'];
const TEXT = /\.(c|h|js|mjs|sh|md|css|html|json|txt|xml)$|(^|\/)(Makefile|run)$/;
// another project's tracker, cited by its name
const CITED = /\b(bam|mujoco|MuJoCo|LeRobot|lerobot|PACE|SO-ARM100|Menagerie|Chart\.js|esbuild|Emscripten|three\.js|hyparquet)('s)? (issue|pull request|PR) #?\d+/g;
const RULES = [
  [/\b[Ii]ssues? #?\d+/, 'a tracker issue'],
  [/\b[Ss]tops? \d+\b/, 'a work-log stop'],
  [/\bseed-?00\d\b(?!-)/, 'a paper by its seed number (name the paper)'],
  [/\bh-(?!index\b)[a-z0-9][a-z0-9]+\b(?![-.(])/, 'a work branch'],
];

const files = (() => {
  try {
    return execFileSync('git', ['ls-files', '--', ...AREAS], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean);
  } catch {
    return [];
  }
})().filter((f) => TEXT.test(f) && fs.existsSync(path.join(ROOT, f)));

const findings = [];
let failed = 0;
for (const f of files) {
  if (f === 'tools/history.mjs' || f === 'tests/web/history.test.mjs') continue; // the rule's own words
  const lines = fs.readFileSync(path.join(ROOT, f), 'utf8').split('\n');
  let bad = false;
  lines.forEach((line, i) => {
    const plain = line.replace(CITED, '');
    for (const [re, what] of RULES) {
      const m = plain.match(re);
      // "seed002-multijoint.md", the spec sheet's own file name, is a path, not a reference
      if (m && !(what.startsWith('a paper') && /specs\/seed002/.test(line))) {
        findings.push(`history: ${f}:${i + 1}: ${what}: "${m[0]}"`);
        bad = true;
      }
    }
  });
  if (bad) failed++;
}
for (const s of findings) console.log(s);
const passed = files.length - failed;
console.log(`history: ${passed} passed, ${failed} failed, 0 skipped`);
if (process.env.TEST_COUNTS) {
  fs.mkdirSync(process.env.TEST_COUNTS, { recursive: true });
  fs.writeFileSync(path.join(process.env.TEST_COUNTS, 'history.txt'), `${passed} ${failed} 0\n`);
}
process.exit(failed ? 1 : 0);
