// tools/readme_figures.mjs [JSON] [README]: writes the frame-time figures the
// browser test measured (build/e2e/frame-time.json, from the check "pendulum:
// work per animation frame at 1 kHz physics" of tests/web/e2e.mjs) into
// README.md, between the lines <!-- frame-time:begin --> and
// <!-- frame-time:end -->. Nothing else in the README changes.
import fs from 'node:fs';

const jsonPath = process.argv[2] || 'build/e2e/frame-time.json';
const readmePath = process.argv[3] || 'README.md';
const BEGIN = '<!-- frame-time:begin -->';
const END = '<!-- frame-time:end -->';

function fail(msg) {
  console.error(`readme_figures: ${msg}`);
  process.exit(1);
}

if (!fs.existsSync(jsonPath)) fail(`${jsonPath} is missing: run the browser test first (make test-web)`);
let s;
try {
  s = JSON.parse(fs.readFileSync(jsonPath, 'utf8'));
} catch (e) {
  fail(`${jsonPath} is not JSON (${e.message})`);
}
for (const k of ['frames', 'median_ms', 'p95_ms', 'target_ms', 'physics_dt_s']) {
  if (!Number.isFinite(s[k])) fail(`${jsonPath} has no number '${k}'`);
}
const readme = fs.readFileSync(readmePath, 'utf8');
const a = readme.indexOf(BEGIN), b = readme.indexOf(END);
if (a < 0 || b < a) fail(`${readmePath} has no '${BEGIN}' … '${END}' block`);

const load = Number.isFinite(s.load_average_1min) ? `, load average ${s.load_average_1min.toFixed(1)} on ${s.cores} cores` : '';
const block = [
  BEGIN,
  `Work per animation frame of the live bench (simulation, picture, handing the steps in view to the chart worker), ${s.treatments ?? 2} treatments at `
    + `dt = ${s.physics_dt_s * 1000} ms, headless Chromium without GPU, measured by \`make test-web\` over ${s.frames} frames `
    + `(${String(s.date || '').slice(0, 10) || 'date not recorded'}${load}): `
    + `**median ${s.median_ms.toFixed(2)} ms, p95 ${s.p95_ms.toFixed(2)} ms** `
    + `(target: p95 < ${s.target_ms} ms, ${s.p95_ms < s.target_ms ? 'met' : '**missed**'}). The charts are drawn by Chart.js `
    + 'in a worker (web/src/workers/pendulumCharts.js), outside these frames'
    + (s.chart_worker && Number.isFinite(s.chart_worker.p95_ms)
      ? `: ${s.chart_worker.updates} chart updates there took median ${s.chart_worker.median_ms.toFixed(2)} ms, p95 ${s.chart_worker.p95_ms.toFixed(2)} ms.`
      : '.'),
  END,
].join('\n');
fs.writeFileSync(readmePath, readme.slice(0, a) + block + readme.slice(b + END.length));
console.log(`readme_figures: ${readmePath}: median ${s.median_ms.toFixed(2)} ms, p95 ${s.p95_ms.toFixed(2)} ms`);
