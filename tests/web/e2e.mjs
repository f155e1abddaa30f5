// e2e.mjs: the end-to-end browser test of the explorer (make test-web): the
// harness only (the server, the browser, the generic checks of every view,
// the counting); every view's own checks are in tests/web/e2e.d/<view>.mjs.
//
// Serves build/web with tools/serve.mjs on 127.0.0.1 (a free port), drives
// Debian's chromium through playwright-core (headless, a fresh profile under
// build/e2e/profile, no browser download), and for every view in the tab bar
// (so for every entry of web/src/views/index.js VIEWS) checks:
//   load        no console error, page error, failed request, HTTP error or
//               request to another origin; the error banner stays hidden
//   screenshot  build/e2e/<view>.png, as loaded
//   export      the first chart's PNG and CSV buttons each give a download
//               with real content (PNG signature; a header and data rows)
//               (not run here for a view marked data-input="files", whose charts
//               show only the files it is given: its e2e.d module checks
//               export, slider and URL after giving it files)
//   slider      moving a slider (value set, `input` dispatched) changes the
//               data of a chart (read through window.__fx.charts.all); a live
//               view is paused first with its Pause button
//   reload      the URL after the change, opened in a new page, restores the
//               same control values and (for a view that is not live) the
//               same chart data, bit for bit
//   keyboard    the first Tab of a fresh page is "Skip to controls", and Enter
//               on it focuses a control of the view; from the selected tab, a
//               control of the view is at most 5 Tab presses away; on the
//               selected tab, ArrowRight selects the next view and ArrowLeft
//               comes back
//   invalid     an invalid input shows its message in place: a number field
//               out of its range shows the control's own message; a view whose
//               e2e.d module exports invalidInput(page, h) (laws: K = 1 and
//               B = 0 give the Kikuuwe eq. 15 message) is checked by it instead
//   session     no console error or failed request over the whole session
//   files       every file the page hands the browser to save, in any check of
//               a view's generic checks or of a module (its harness context),
//               passes a strict parser that is not the page's: JSON (RFC 8259,
//               NaN and a key given twice refused), the page's CSV (web/src/
//               csv.js: comments, a header, rows of its width, finite numbers)
//               and PNG through tests/support/strict.py, MJCF through xmllint;
//               one check per task that wrote files, naming those of a kind
//               no parser reads (a text report)
// Every view's own checks are in its module tests/web/e2e.d/<view>.mjs (the
// live pendulum's time, replay and frame time in pendulum.mjs, the robot
// arm's frame time in arm.mjs), each exporting `default async function (h)`
// with the harness object below (h.check, h.expect, h.openPage, h.frameTime,
// …), and optionally `view` and `invalidInput`.
// Only a check that cannot run for want of the shared data (../shared/data
// beside the clone) is reported as skipped, with the reason "missing shared
// data: …", never as passed; under CI=true (where the data is always there)
// such a skip is counted as a failure. A missing view or an unbuilt tool is a
// failure: `make test` builds everything these checks need.
//
// E2E_ONLY=fit,fitown (by hand, while working on a part; never in make test):
// only the modules of tests/web/e2e.d and the views' generic checks with
// those names run; E2E_ONLY=i18n:fit, one part of a module that has parts
// (below). E2E_SMOKE=1 (make check): the views' generic checks only.
//
// Parallel: the views' generic checks and the modules are tasks, handed to
// E2E_WORKERS worker processes (default 3 on two cores; 1 runs them here, in
// order), each with its own server and Chromium, every task in a fresh
// browser context; the longest tasks (as the last run measured them,
// build/e2e/durations.json, or tests/web/e2e-durations.json) go first. Each
// task's lines are printed as one block when it ends ("-- task (worker k,
// s)"), so a module's lines stay together; a module must not depend on
// another having run. A long module may be cut into parts, each a task of
// its own that any worker may take: it exports `parts` (the parts' names)
// and its default function is called with the part to run as its second
// argument (h, part); the task is '<file>.mjs:<part>', and the module's
// WATCHDOG_MS, if it has one, is each part's share.
//
// Output: one line per check, then "e2e: N passed, M failed, K skipped".
// Exit 1 on any failure. The whole run is bounded (150 s, or 60 s + every
// task's share: 30 s per view, 90 s per module or its own WATCHDOG_MS, or
// three times the task's seconds as last measured when that is more); the
// browsers and the servers are always closed.
//
// A browser that stops answering: Playwright's page.evaluate has no timeout,
// and on a loaded machine headless Chromium has been seen, once, to leave one
// unanswered for over an hour (once in CI: an evaluate of scrollWidth in
// the arm screenshots, a check that takes 4 s elsewhere). So every check is
// bounded (three times its task's share of the run's bound, at least 180 s
// and at most HANG_MS, 600 s; E2E_HANG_MS sets it for every check), and so is each view's
// generic checks or e2e.d module as a whole (3 times its share of the run's
// bound, at least twice its checks' bound: code between checks may hang too): past it the
// browser is closed (killed if it will not close), a fresh one launched, and
// the view's generic checks or the e2e.d module that hung run again from
// their start, once. The first attempt's results are not counted, and a "note" line and
// the summary line say that it happened and where. A page stuck in a loop of
// its own hangs again and fails.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import { execFile, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { ROOT, CLI, DATA } from './load.mjs';
import { treeCpuS } from './cpu.mjs';

const WEB = path.join(ROOT, 'build/web');
const OUT = path.join(ROOT, 'build/e2e');
const LOG_DIR = path.join(DATA, 'logs/xl330/processed');
/** The shared xl330 logs (file names, sorted; none when the data is missing). */
const LOG_FILES = fs.existsSync(LOG_DIR) ? fs.readdirSync(LOG_DIR).filter((f) => f.endsWith('.json')).sort() : [];
// E2E_MODULES: another folder of modules (tests/web/e2e_harness.test.mjs's fixture)
const MODULES = process.env.E2E_MODULES ? path.resolve(process.env.E2E_MODULES) : path.join(ROOT, 'tests/web/e2e.d');
const WATCHDOG_MS = 150_000;      // the whole run, at least
const WATCHDOG_BASE_MS = 60_000;  // ... or start-up and the live checks
const WATCHDOG_VIEW_MS = 30_000;  // ... plus this per view
const WATCHDOG_MODULE_MS = Number(process.env.E2E_MODULE_MS) || 90_000; // ... plus this per module of tests/web/e2e.d (E2E_MODULE_MS: a slow machine)
const HANG_MS = Number(process.env.E2E_HANG_MS) || 600_000; // one check, at most (above)
// ... and within a task, three times its share of the run (at least
// HANG_FLOOR_MS) when that is less: the share is three times what the task
// took as last measured, and a loaded machine takes longer still (at a load
// average of 20, the one check of lessons-scenarios.mjs, 43 s as measured
// on a quieter one, passed 180 s twice; a browser that stops answering
// stays silent for an hour)
const HANG_FLOOR_MS = 180_000;
/** The bound of one check of a task whose share of the run is budgetMs. */
const hangBound = (budgetMs) => (process.env.E2E_HANG_MS ? HANG_MS : Math.min(HANG_MS, Math.max(HANG_FLOOR_MS, 3 * budgetMs)));
// the live views' frame-time target (README): page work per animation frame,
// p95 < FRAME_TARGET_MS over at least FRAME_MIN frames (pendulum.mjs, arm.mjs,
// mujoco.mjs). A measurement, not an assertion: wall-clock time on a shared
// machine is reported (the line says met or missed, the figures go to
// build/e2e/*-frame-time.json for the README), never failed on; what fails
// is a view that records too few frames.
const FRAME_TARGET_MS = 4;
const FRAME_MIN = 300;
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync'];

// ---------------------------------------------------------------- results
const results = { pass: 0, fail: 0, skip: 0 };
const MISSING_DATA = 'missing shared data';
function report(kind, name, detail = '') {
  if (kind === 'skip' && process.env.CI === 'true' && String(detail).startsWith(MISSING_DATA)) {
    kind = 'fail';
    detail = `${detail} (CI=true: the shared data must be beside the clone)`;
  }
  results[kind]++;
  if (attempt) attempt.counts[kind]++;
  const tag = { pass: 'ok  ', fail: 'FAIL', skip: 'skip' }[kind];
  console.log(`${tag} ${name}${detail ? `: ${detail}` : ''}`);
}
/** Runs one check: fn returns a detail string (pass), or throws (fail), or
 *  returns { skip: reason }. */
async function check(name, fn) {
  if (attempt?.hung) return; // the attempt is abandoned: its remaining checks do not run
  const t0 = Date.now();
  const took = (r) => `${r ? `${r} ` : ''}[${((Date.now() - t0) / 1000).toFixed(1)} s]`;
  let timer = null;
  const hang = new Promise((_, reject) => { timer = setTimeout(() => reject(new Hung(name)), attempt?.hangMs ?? HANG_MS); });
  try {
    const r = await Promise.race([fn(), hang]);
    if (r && typeof r === 'object' && 'skip' in r) report('skip', name, r.skip);
    else report('pass', name, took(r));
  } catch (e) {
    if (e instanceof Hung) {
      await restartBrowser();
      if (attempt) { attempt.hung = name; return; }
    }
    // the attempt was abandoned while this check ran (its browser closed under it)
    if (attempt?.hung) return;
    report('fail', name, took((e && e.message) || String(e)));
  } finally {
    clearTimeout(timer);
  }
}
function expect(cond, msg) { if (!cond) throw new Error(msg); }

/** What got no answer within its bound (a check, or an attempt as a whole). */
class Hung extends Error {
  constructor(what) { super(`no answer from the browser: ${what}`); this.check = what; }
}
/** The attempt being run (attempted below): { hung: the check that hung or
 *  null, counts: its results }; null outside one. */
let attempt = null;
const reruns = [];  // "what (the check that hung)", one per attempt run again

/** Runs fn (a view's generic checks, an e2e.d module) as an attempt; when a
 *  check of it hangs, runs it once more in the fresh browser, without
 *  counting the first attempt's results (the run's bound grows by the hang
 *  and budgetMs, the attempt's share of it). A second hang fails that check. */
async function attempted(label, fn, budgetMs) {
  // the attempt as a whole: code between its checks (a page opened or closed)
  // may stop answering too; three times its share of the run, at least two checks' bound
  const hangMs = hangBound(budgetMs);
  const wholeMs = Math.max(3 * budgetMs, 2 * hangMs);
  for (let k = 1; k <= 2; k++) {
    attempt = { hung: null, hangMs, hungMs: hangMs, counts: { pass: 0, fail: 0, skip: 0 } };
    written.length = 0;   // an abandoned attempt's files are not this one's
    let timer = null;
    const stall = new Promise((_, reject) => { timer = setTimeout(() => reject(new Hung(`${label}, between its checks`)), wholeMs); });
    try {
      await Promise.race([fn(), stall]);
    } catch (e) {
      if (e instanceof Hung && !attempt.hung) {
        attempt.hung = e.check;
        attempt.hungMs = wholeMs;
        await restartBrowser();
      } else if (!attempt.hung) {
        report('fail', `${label}: could not run`, e.message);
      }
    } finally {
      clearTimeout(timer);
    }
    const a = attempt;
    attempt = null;
    if (!a.hung) return;
    if (k === 2) {
      report('fail', a.hung, `no answer from the browser in ${a.hungMs / 1000} s, in the second attempt of ${label} too`);
      return;
    }
    for (const kind of Object.keys(results)) results[kind] -= a.counts[kind];
    reruns.push(`${label} ('${a.hung}')`);
    console.log(`note ${label}: '${a.hung}' got no answer from the browser in ${a.hungMs / 1000} s; the browser was restarted and ${label} runs again from its start (the ${a.counts.pass + a.counts.fail + a.counts.skip} result(s) above from ${label} are not counted)`);
    extendWatchdog(a.hungMs + budgetMs);
  }
}

/** The q-quantile of ms (the smallest value with at least q of the values at or below it). */
function quantile(ms, q) {
  const x = ms.slice().sort((u, v) => u - v);
  return x.length ? x[Math.min(x.length - 1, Math.ceil(q * x.length) - 1)] : null;
}
/** The verdict a frame-time line ends with: met, or **missed** (measured,
 *  not asserted; FRAME_TARGET_MS above). */
function frameVerdict(ft) {
  return ft.met ? `; under the ${ft.target_ms} ms target` : `; **missed** the ${ft.target_ms} ms target (a measurement on a shared machine, not a failure)`;
}
/** Frame-time figures of ms (per animation frame) against the target:
 *  { frames, median_ms, p95_ms, max_ms, target_ms, met }. */
function frameTime(ms) {
  const p95 = quantile(ms, 0.95);
  return { frames: ms.length, median_ms: ms.slice().sort((u, v) => u - v)[Math.floor(ms.length / 2)], p95_ms: p95,
    max_ms: Math.max(...ms), target_ms: FRAME_TARGET_MS, met: p95 !== null && p95 < FRAME_TARGET_MS };
}
/** The page's work per frame over up to `tries` windows of 6 s, the best one
 *  judged (the usual best-of-N of a benchmark: another process on a shared
 *  machine only ever adds time). reset() empties the page's record and
 *  whatever else the window counts, read() returns the record (ms per frame),
 *  extra() (optional) what else to keep from the best window. Returns
 *  { ms, ft, extra, windows: [{ frames, p95_ms, load_average_1min }], tries }
 *  with `tries` a text that names every window's p95 when there was more than one. */
async function frameWindows(page, { reset, read, extra = async () => null, tries = 3 }) {
  const windows = [];
  let best = null;
  for (let w = 0; w < tries; w++) {
    await page.evaluate(reset);
    await page.waitForTimeout(6000);
    // FRAME_MIN frames waited for up to 60 s more (at a load of 40 the page drew 216 in 21 s): a count of frames, not a time
    await waitFor(() => page.evaluate(read).then((ms) => (ms.length >= FRAME_MIN ? true : null)), 60_000, 250);
    const ms = await page.evaluate(read);
    const ft = frameTime(ms);
    windows.push({ frames: ms.length, p95_ms: ft.p95_ms, load_average_1min: os.loadavg()[0] });
    if (!best || (ft.p95_ms ?? Infinity) < (best.ft.p95_ms ?? Infinity)) best = { ms, ft, extra: await extra() };
    if (best.ft.met) break;
  }
  const text = windows.length > 1 ? ` (best of ${windows.length} windows, p95 ${windows.map((x) => x.p95_ms.toFixed(2)).join(' / ')} ms at load ${windows.map((x) => x.load_average_1min.toFixed(1)).join(' / ')})` : '';
  return { ...best, windows, tries: text };
}

// ------------------------------------------------------------ the harness
let server = null, context = null, base = '';
let harness = null;              // what every e2e.d module is given (main)
const viewChecks = new Map();     // view id → its e2e.d module (export const view)

async function cleanup() {
  await closeBrowsers();
  try { if (server) await server.ctx.dispose(); } catch { /* already gone */ }
  server = null;
}

let browser = null;               // this process's browser (one Chromium)
const ownBrowsers = new Set();    // those of ownBrowser(), not yet closed
const sleep = (ms) => new Promise((r) => { setTimeout(r, ms); });

/** The process's browser: Debian's Chromium, headless (its own temporary profile). */
async function launchBrowser() {
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
}

/** A fresh browser context for one view's generic checks or one e2e.d module:
 *  nothing (storage, service workers, cache) carries over from another, so a
 *  module passes or fails the same whichever worker runs it, and after which. */
async function freshContext() {
  if (context) await Promise.race([context.close().catch(() => {}), sleep(10_000)]);
  context = null;
  const c = await browser.newContext({ acceptDownloads: true, viewport: { width: 1280, height: 900 } });
  // an action (a click, a fill) waited for up to 60 s: at a load average of 60
  // a click on a button the page showed took over 15 s; how long it takes is
  // not what is checked
  c.setDefaultTimeout(60_000);
  // a page's load (page.goto) waited for up to 60 s: under a load of 40 a
  // view's load took over 15 s; how long a load takes is not what is checked
  c.setDefaultNavigationTimeout(60_000);
  c.on('page', (p) => p.on('download', (dl) => { written.push(strictDownload(dl)); }));
  context = c;
}

// The files the page hands the browser to save in the task being run, as
// promises of { name, kind, why } (why: '' passed, null: no parser reads
// its kind, else what the parser refused); emptied when an attempt starts.
const written = [];
const STRICT = path.join(ROOT, 'tests/support/strict.py');
const PARSERS = { json: 'json', csv: 'page-csv', png: 'png', xml: 'xml' };
/** A download of the harness context, saved and held to its kind's parser. */
async function strictDownload(dl) {
  const name = dl.suggestedFilename();
  const ext = (/\.([a-z]+)$/i.exec(name)?.[1] || '').toLowerCase();
  let file;
  try { file = await dl.path(); } catch (e) { return { name, kind: ext, why: `not saved: ${e.message}` }; }
  if (!file) return { name, kind: ext, why: `not saved: ${await dl.failure()}` };
  const kind = PARSERS[ext];
  if (!kind) return { name, kind: ext, why: null };
  const [cmd, args] = kind === 'xml' ? ['xmllint', ['--noout', file]] : ['python3', [STRICT, kind, file]];
  return new Promise((resolve) => {
    execFile(cmd, args, { encoding: 'utf8' }, (err, _out, errText) => {
      const why = !err ? '' : err.code === 'ENOENT' ? `no ${cmd} (tools/deps.sh native installs it)`
        : (errText || err.message).trim().split('\n').slice(0, 2).join(' ').slice(0, 300);
      resolve({ name, kind: ext, why });
    });
  });
}
/** The task's check of the files its page wrote (none written: no check). */
async function filesCheck(label) {
  if (!written.length) return;
  await check(`${label}: every file the page wrote passes a strict parser`, async () => {
    const files = await Promise.all(written.splice(0));
    const bad = files.filter((f) => f.why), unread = files.filter((f) => f.why === null);
    expect(!bad.length, bad.map((f) => `${f.name}: ${f.why}`).join('; '));
    const kinds = {};
    for (const f of files) if (f.why === '') kinds[f.kind] = (kinds[f.kind] || 0) + 1;
    return Object.entries(kinds).map(([k, n]) => `${n} ${k === 'xml' ? 'MJCF' : k.toUpperCase()}`).join(', ')
      + (unread.length ? `; no parser for ${unread.map((f) => f.name).join(', ')}` : '');
  });
}

/** Closes the process's browser and every ownBrowser(), each within 10 s,
 *  and kills one that does not close (by its process id). */
async function closeBrowsers() {
  const closing = [];
  context = null;
  for (const b of [browser, ...ownBrowsers]) {
    if (!b) continue;
    const pid = b.process?.()?.pid;
    closing.push(Promise.race([b.close().then(() => true, () => true), sleep(10_000)])
      .then((ok) => { if (!ok && pid) { try { process.kill(pid, 'SIGKILL'); } catch { /* gone */ } } }));
  }
  browser = null;
  ownBrowsers.clear();
  await Promise.all(closing);
}

/** After a hang: every browser closed (or killed), a fresh one and a fresh context. */
async function restartBrowser() {
  await closeBrowsers();
  await launchBrowser();
  await freshContext();
}

/** A new page at `query`, with every error and request recorded. */
async function openPage(query, viewId) {
  const page = await context.newPage();
  const log = { errors: [], failed: [], foreign: [], csp: [] };
  // every securitypolicyviolation event of the page (web/index.html's Content-Security-Policy)
  await page.exposeFunction('__fxCspViolation', (v) => log.csp.push(v));
  await page.addInitScript(cspListener);
  page.on('console', (m) => { if (m.type() === 'error') log.errors.push(`console: ${m.text()}`); });
  page.on('pageerror', (e) => log.errors.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => {
    const why = r.failure()?.errorText || '';
    if (!log.foreign.includes(r.url()) && !/ERR_ABORTED/.test(why)) log.failed.push(`${r.url()}: ${why}`);
  });
  page.on('response', (r) => { if (r.status() >= 400) log.failed.push(`${r.url()}: HTTP ${r.status()}`); });
  await page.route('**/*', (route) => {
    const u = route.request().url();
    if (u.startsWith(base)) return route.continue();
    log.foreign.push(u);
    return route.abort();
  });
  await page.goto(base + query);
  await page.waitForFunction((id) => document.body.dataset.ready === 'true' && (!id || document.body.dataset.view === id),
    viewId, { timeout: 20_000 });
  await frames(page, 3);
  return { page, log };
}

/** A browser of a module's own (no request routing, so a service worker
 *  may run and other origins may be served): closed by the module. */
async function ownBrowser() {
  const b = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
  ownBrowsers.add(b);
  b.on('disconnected', () => ownBrowsers.delete(b));
  return b;
}

/** A plain static server (python3 -m http.server) on dir, at a free port of
 *  127.0.0.1: { url, stop() }. Each one is another origin. */
async function staticServer(dir) {
  const port = await new Promise((res, rej) => {
    const s = net.createServer();
    s.once('error', rej);
    s.listen(0, '127.0.0.1', () => { const { port: p } = s.address(); s.close(() => res(p)); });
  });
  const proc = spawn('python3', ['-m', 'http.server', String(port), '--bind', '127.0.0.1', '--directory', dir], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}/`;
  // its start waited for up to 60 s: at a load average of 66, 10 s was once too short
  const up = await waitFor(async () => { try { return (await fetch(url)).ok; } catch { return false; } }, 60_000, 100);
  if (!up) { proc.kill(); throw new Error(`python3 -m http.server did not answer on ${url} within 60 s (tools/deps.sh dist installs python3)`); }
  return { url, stop: () => proc.kill() };
}

function logProblems(log) {
  return [...log.errors, ...log.failed, ...log.foreign.map((u) => `request to another origin: ${u}`),
    ...(log.csp || []).map((v) => `Content-Security-Policy violation: ${v}`)];
}

/** In the page (an init script): each securitypolicyviolation event to
 *  window.__fxCspViolation (a function the test exposes) as one line. */
function cspListener() {
  document.addEventListener('securitypolicyviolation', (e) => {
    window.__fxCspViolation?.(`${e.violatedDirective} refused ${e.blockedURI || '(inline)'} at ${e.sourceFile || '?'}:${e.lineNumber}`);
  });
}

/** The page's Content-Security-Policy is in force: the meta tag holds the
 *  directives every form of the explorer keeps (docs/offline.md), and an
 *  inline script added to the document does not run and is reported as a
 *  violation. Returns the policy. Leaves one violation in the page's log. */
async function cspInForce(page) {
  const got = await page.evaluate(async () => {
    const meta = document.querySelector('meta[http-equiv="Content-Security-Policy"]')?.content || '';
    const seen = new Promise((res) => {
      document.addEventListener('securitypolicyviolation', (e) => res(e.violatedDirective), { once: true });
      setTimeout(() => res(null), 2000);
    });
    const s = document.createElement('script');
    s.textContent = 'window.__fxInlineRan = true;';
    document.body.append(s);
    return { meta, ran: !!window.__fxInlineRan, reported: await seen };
  });
  for (const d of ["default-src 'self'", "object-src 'none'", "base-uri 'none'", 'worker-src']) {
    expect(got.meta.includes(d), `the page's Content-Security-Policy meta tag lacks ${d}: '${got.meta}'`);
  }
  expect(!got.ran, 'an inline script added to the page ran: no Content-Security-Policy is in force');
  expect(got.reported && got.reported.startsWith('script-src'), `the refused inline script was reported as ${got.reported}`);
  return got.meta;
}

/** Lets the page draw n animation frames (or wait 1 s for each that does not come). */
async function frames(page, n) {
  await withinFrames(page, () => false, n);
}

/** Waits in the page for pred(arg) (a function run there) to give a truthy
 *  value, checked once per animation frame, for at most maxFrames frames:
 *  { value, frames } (value falsy when the frames ran out). A bound in frames,
 *  not milliseconds: a loaded machine draws fewer frames in the same time, so
 *  what the page does in a given time (a 0.2 s transition, a timer) takes no
 *  more frames there, and a page that never gets there still fails. */
function withinFrames(page, pred, maxFrames, arg) {
  return page.evaluate(([src, n, a]) => new Promise((res) => {
    // the predicate from its source (page.evaluate takes one function)
    const f = new Function(`return (${src});`)();
    let i = 0;
    const step = () => {
      const v = f(a);
      if (v || i >= n) { res({ value: v, frames: i }); return; }
      i++;
      // the next frame, or 1 s if none comes (headless Chromium on a loaded
      // machine has been seen to stop drawing a page just resized, and a wait
      // for frames must not become a wait for ever)
      let done = false;
      const once = () => { if (!done) { done = true; step(); } };
      requestAnimationFrame(once);
      setTimeout(once, 1000);
    };
    step();
  }), [pred.toString(), maxFrames, arg]);
}

/** A fingerprint of every live chart's data (FNV-1a over the bits of every x, y). */
function chartPrint(page) {
  return page.evaluate(() => {
    const charts = [...(window.__fx?.charts?.all || [])];
    const f = new Float64Array(1), u = new Uint32Array(f.buffer);
    let h = 0x811c9dc5, points = 0, maxX = -Infinity;
    const mix = (v) => {
      f[0] = v === null || v === undefined ? NaN : v;
      h = Math.imul(h ^ u[0], 16777619) >>> 0;
      h = Math.imul(h ^ u[1], 16777619) >>> 0;
    };
    for (const c of charts) {
      for (const d of c.data.datasets) {
        for (const p of d.data) {
          if (p && typeof p === 'object') { mix(p.x); mix(p.y); if (p.x > maxX) maxX = p.x; } else mix(p);
          points++;
        }
        mix(Infinity);
      }
    }
    return { charts: charts.length, points, hash: h.toString(16), maxX };
  });
}

/** The values of every control in the view, in document order. Sliders are
 *  left out: their number field holds the value, and a view may centre a
 *  slider's span on the value it starts with (web/src/paramPanel.js). */
function controlValues(page) {
  return page.evaluate(() => [...document.querySelectorAll('#view input, #view select')]
    .filter((e) => e.type !== 'file' && e.type !== 'range')
    .map((e) => `${e.getAttribute('aria-label') || e.id || e.name}=${e.type === 'checkbox' ? e.checked : e.value}`));
}

/** page.evaluate(fn, arg) bounded: null when the page gives no answer within
 *  ms (an evaluate sent while the page navigates, as when a service worker's
 *  page refreshes itself, has been seen to stay unanswered in headless
 *  Chromium under load), or when the page navigated away. For a poll across a
 *  navigation (waitFor(() => answer(page, ...))). */
async function answer(page, fn, arg, ms = 5_000) {
  let timer = null;
  const late = new Promise((res) => { timer = setTimeout(() => res(null), ms); });
  try {
    return await Promise.race([page.evaluate(fn, arg).catch(() => null), late]);
  } finally {
    clearTimeout(timer);
  }
}

async function waitFor(fn, timeoutMs, stepMs = 100) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, stepMs));
  }
}

/** The window sizes every screenshot check takes, [width, height] in CSS px. */
const SHOT_SIZES = [[1280, 900], [1024, 768], [853, 600]];

/** Screenshots of page at SHOT_SIZES into OUT/<name>-<width>.png: at each
 *  size waits waitMs, scrolls `locator` (a selector or a Locator) into view, fails on a
 *  sideways scroll (noScroll), also takes the whole page as
 *  <name>-<width>-full.png (full); then back to 1280×900. The file names. */
async function screenshots(page, name, { waitMs = 0, locator = null, noScroll = false, full = false } = {}) {
  const files = [];
  for (const [w, hgt] of SHOT_SIZES) {
    await page.setViewportSize({ width: w, height: hgt });
    if (waitMs) await page.waitForTimeout(waitMs);
    if (locator) await (typeof locator === 'string' ? page.locator(locator) : locator).scrollIntoViewIfNeeded();
    if (noScroll) {
      const scroll = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(scroll <= 1, `horizontal scroll of ${scroll} px at ${w}`);
    }
    const file = `${name}-${w}.png`;
    await page.screenshot({ path: path.join(OUT, file) });
    if (full) await page.screenshot({ path: path.join(OUT, `${name}-${w}-full.png`), fullPage: true });
    files.push(file);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  return files;
}

/** 1 when every view of ids is in the tab bar; otherwise every check of
 *  `names` fails with "no <id> view in the tab bar" (a module's checks
 *  cannot run without their views) and 0. */
function requireViews(ids, names) {
  for (const id of ids) {
    if (!harness.views.some((v) => v.id === id)) {
      for (const n of names) report('fail', n, `no ${id} view in the tab bar`);
      return 0;
    }
  }
  return 1;
}

/** The folder ../shared/<parts> when it holds `file`; otherwise every
 *  check of `names` is skipped as missing shared data (a failure under
 *  CI=true, see report) and null. */
function requireData(names, file, ...parts) {
  const src = path.join(ROOT, '..', 'shared', ...parts);
  if (fs.existsSync(path.join(src, file))) return src;
  for (const n of names) report('skip', n, `${MISSING_DATA}: ${src}`);
  return null;
}

/** The chart fingerprint once the view's own computation has ended and the
 *  data stops changing (two equal reads 150 ms apart; at most 5 s), for
 *  views that compute in steps. */
async function settle(page) {
  // a computation of the view's own still running (its Cancel enabled and
  // shown: the Scenarios' worker, a fit) is waited for first, up to 60 s: at
  // a load of 17 two equal reads 150 ms apart came while the Scenarios'
  // worker was between two batches (16000 of its 40018 points)
  await waitFor(() => page.evaluate(() => ![...document.querySelectorAll('#view button[id$="-cancel"]')]
    .some((b) => !b.disabled && b.checkVisibility())), 60_000, 100);
  // a live chart's data is handed over batch by batch as its worker draws
  // (liveCharts.js mirror.drawing): first the last batch drawn
  await chartsDrawn(page, 5000);
  let last = await chartPrint(page);
  const end = Date.now() + 5000;
  while (Date.now() < end) {
    await page.waitForTimeout(150);
    const p = await chartPrint(page);
    if (p.hash === last.hash) return p;
    last = p;
  }
  return last;
}

/** The text of the view's run clocks (the run bars' `<name>-clock`, Your
 *  robot's `mujoco-robot-clock`): written by the page's own frames. */
function clocks(page) {
  return page.evaluate(() => [...document.querySelectorAll('#view [id$="-clock"]')].map((e) => e.textContent).join('\n'));
}

/** Waits up to ms for every live chart's worker to have drawn all the page
 *  handed it (liveCharts.js mirror.drawing false): true, or false at the
 *  end of the time. A chart of Chart.js on the page has no such flag. */
async function chartsDrawn(page, ms) {
  return !!(await waitFor(() => page.evaluate(() => [...(window.__fx?.charts?.all || [])].every((c) => !c.drawing)), ms));
}

/** Is the view animating by itself? Its chart data or its run clock changes.
 *  The clock is the page's: a live chart's data (liveCharts.js's mirror) is
 *  handed over only when the chart worker has drawn the last batch, and at a
 *  load of 8 a draw took longer than this window, so the running arm was
 *  taken for a still view (a past failure of "arm: reload from the
 *  copied URL", 16 chart points against 48 024; e2e.d/livecheck.mjs). */
async function isLive(page) {
  const a = await chartPrint(page), ca = await clocks(page);
  await page.waitForTimeout(600);
  // and at least 30 animation frames: a loaded machine draws a live view
  // slower, and 600 ms alone took the arm for a still view there
  await frames(page, 30);
  const b = await chartPrint(page), cb = await clocks(page);
  return a.hash !== b.hash || ca !== cb;
}

// ------------------------------------------------------ checks of a view
async function testView(view, allViews) {
  const name = view.id;
  const pageA = await openPage(`?view=${name}`, name);
  const { page } = pageA;
  let live = false;
  let after = null; // state after the slider moved: { url, controls, print }

  await check(`${name}: loads without console errors or failed requests`, async () => {
    const problems = logProblems(pageA.log);
    expect(problems.length === 0, problems.slice(0, 5).join('; '));
    const banner = await page.evaluate(() => { const b = document.getElementById('error-banner'); return b.hidden ? '' : b.textContent; });
    expect(!banner, `error banner: ${banner}`);
    const p = await chartPrint(page);
    return `${p.charts} chart(s), ${p.points} points`;
  });
  await check(`${name}: no NaN or Infinity in its text or its charts' data`, async () => {
    const found = await page.evaluate(() => {
      const bad = [];
      const text = document.querySelector('#view')?.innerText || '';
      for (const m of text.matchAll(/(^|[^A-Za-z])(NaN|-?Infinity)([^A-Za-z]|$)/g)) {
        bad.push(`text '…${text.slice(Math.max(0, m.index - 30), m.index + 30).replace(/\s+/g, ' ')}…'`);
      }
      for (const c of window.__fx?.charts?.all || []) {
        c.data.datasets.forEach((d, j) => {
          const n = d.data.filter((p) => {
            const ys = p && typeof p === 'object' ? [p.x, p.y] : [p];
            return ys.some((v) => typeof v === 'number' && !Number.isFinite(v));
          }).length;
          if (n) bad.push(`chart '${c.options?.plugins?.title?.text || c.canvas?.id || '?'}' dataset ${j} ('${d.label}'): ${n} non-finite point(s)`);
        });
      }
      return bad;
    });
    expect(found.length === 0, found.slice(0, 4).join('; '));
    const p = await chartPrint(page);
    return `${p.points} chart points, all finite; no NaN or Infinity in the text`;
  });
  await page.screenshot({ path: path.join(OUT, `${name}.png`), fullPage: true });

  // A view that plots only what the user gives it (data-input="files": the
  // Fit view, whose charts stay empty until logs are fitted) has no data for
  // the export, slider and reload checks from its defaults: its own module of
  // tests/web/e2e.d runs them after a fit (export, URL state), so here they
  // are not run and not counted (a line says so), rather than skipped.
  const filesOnly = await page.evaluate(() => document.querySelector('#view .view')?.dataset.input === 'files');
  const genericCheck = filesOnly
    ? async (title) => console.log(`note ${title}: run by tests/web/e2e.d/${name}.mjs after a fit, not here (the view plots only the files it is given)`)
    : check;

  await genericCheck(`${name}: PNG and CSV export give downloads with content`, async () => {
    const box = page.locator('#view .chart-box:visible', { has: page.locator('button', { hasText: /^PNG$/ }) }).first();
    expect(await box.count() > 0, 'no visible chart box with export buttons');
    const got = [];
    for (const kind of ['PNG', 'CSV']) {
      const btn = box.locator('button', { hasText: new RegExp(`^${kind}$`) });
      expect(await btn.count() > 0, `no ${kind} button`);
      // the download waited for up to 60 s (10 s ran out at a load of 40; its time is not what is checked)
      const [dl] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), btn.first().click()]);
      const file = await dl.path();
      const bytes = fs.readFileSync(file);
      const fileName = dl.suggestedFilename();
      expect(fileName.toLowerCase().endsWith(`.${kind.toLowerCase()}`), `${kind} download is named '${fileName}'`);
      if (kind === 'PNG') {
        expect(bytes.length > 1000 && bytes.subarray(1, 4).toString() === 'PNG', `${fileName}: ${bytes.length} bytes, not a PNG`);
      } else {
        const lines = bytes.toString('utf8').trim().split('\n');
        expect(lines.length >= 3 && lines[0].includes(','), `${fileName}: ${lines.length} line(s): '${lines[0]}'`);
        expect(lines.slice(1).some((l) => l.split(',').slice(1).some((v) => v !== '' && Number.isFinite(Number(v)))),
          `${fileName}: no numeric data row`);
      }
      got.push(`${fileName} ${bytes.length} B`);
    }
    return got.join(', ');
  });

  await genericCheck(`${name}: moving a slider changes the chart data`, async () => {
    live = await isLive(page);
    let note = '';
    if (live) {
      const pause = page.locator('#view button', { hasText: /^Pause$/ });
      expect(await pause.count() > 0, 'the view animates and has no Pause button, so a change cannot be told apart');
      await pause.first().click();
      await frames(page, 3);
      // the batches handed to the chart worker before the Pause drawn first:
      // one drawn later changed the data after the still check, and the
      // first slider moved ('speed ×') was credited with it
      await chartsDrawn(page, 20_000);
      // a chart worker may still paint updates queued before the Pause on a
      // loaded machine: the view must come to rest, within four 0.6 s windows
      let still = false;
      for (let k = 0; k < 4 && !still; k++) still = !(await isLive(page));
      expect(still, 'still animating 2.4 s after Pause');
      note = ' (live view, paused first)';
    }
    const sliders = page.locator('#view input[type=range]:visible');
    const n = await sliders.count();
    expect(n > 0, 'no visible slider in the view');
    const alerts = () => page.evaluate(() => [...document.querySelectorAll('#view [role=alert], #view .msg-bad')]
      .filter((e) => e.checkVisibility() && e.textContent.trim()).map((e) => e.textContent.trim()).join(' / '));
    const alertsBefore = await alerts();
    const rejected = [];
    // a move of a tenth of the slider's span, up then down: the first one that
    // changes the data without an error message counts
    const move = (el, { frac, to }) => {
      const lo = Number(el.min || 0), hi = Number(el.max || 100), cur = Number(el.value);
      const v = to ?? Math.min(hi, Math.max(lo, cur + frac * (hi - lo)));
      el.value = String(Math.round(v));
      el.dispatchEvent(new Event('input', { bubbles: true }));
      el.dispatchEvent(new Event('change', { bubbles: true }));
      return { label: el.getAttribute('aria-label') || el.id, was: cur, now: Number(el.value) };
    };
    for (let i = 0; i < Math.min(n, 12); i++) {
      const s = sliders.nth(i);
      for (const frac of [0.1, -0.1]) {
        const before = await chartPrint(page);
        const urlBefore = page.url();
        const { label, was, now } = await s.evaluate(move, { frac });
        if (now === was) continue;
        const changed = await waitFor(async () => (await chartPrint(page)).hash !== before.hash, 1000);
        const settled = changed ? await settle(page) : before;
        const err = await alerts();
        if (changed && (settled.points > 0 || live) && (!err || err === alertsBefore)) {
          after = { url: page.url(), controls: await controlValues(page), print: settled };
          expect(after.url !== urlBefore || live, `'${label}' changed the charts but not the URL`);
          return `'${label}' changed the data (${before.points} -> ${settled.points} points)${note}`;
        }
        if (changed) rejected.push(`'${label}' ${was} -> ${now}: ${err ? `'${err.slice(0, 160)}'` : 'no data'}`);
        await s.evaluate(move, { to: was }); // put it back
        await settle(page);
      }
    }
    throw new Error(`no slider among the first ${Math.min(n, 12)} changed the data without an error`
      + `${rejected.length ? `; moves that gave an error or no data: ${rejected.slice(0, 4).join('; ')}` : ''}`);
  });

  // the copied URL, in a new page
  const pageB = after ? await openPage(after.url.slice(base.length), name) : null;
  await genericCheck(`${name}: reload from the copied URL restores the state`, async () => {
    // the slider check above failed if it changed nothing: this one fails too
    // (a skip here would hide that failure)
    if (!after) throw new Error('no state to reload: the slider check changed nothing (see above)');
    const { page: pb } = pageB;
    const controls = await controlValues(pb);
    const diff = controls.filter((c, i) => c !== after.controls[i]);
    expect(controls.length === after.controls.length && diff.length === 0,
      `controls differ: ${diff.slice(0, 3).join('; ')} (was ${after.controls.filter((c) => !controls.includes(c)).slice(0, 3).join('; ')})`);
    if (live) return `${controls.length} control values equal (live view: its data restarts, not compared)`;
    // a view that computes in a worker (scenarios) draws nothing until its
    // first result arrives: wait for data before judging it settled
    if (after.print.points > 0) await waitFor(async () => ((await chartPrint(pb)).points > 0 ? true : null), 20_000, 100);
    const p = await settle(pb);
    expect(p.hash === after.print.hash && p.points === after.print.points,
      `chart data differ: ${p.points} points #${p.hash}, was ${after.print.points} points #${after.print.hash}`);
    return `${controls.length} control values and ${p.points} chart points equal`;
  });

  // keyboard, on a fresh page (nothing focused yet)
  const kb = pageB || await openPage(`?view=${name}`, name);
  await check(`${name}: Tab reaches the controls`, async () => {
    const pk = kb.page;
    const focused = () => pk.evaluate(() => {
      const a = document.activeElement;
      return a && a.closest('#view .view') && /^(INPUT|SELECT|TEXTAREA|BUTTON)$/.test(a.tagName)
        ? `${a.tagName.toLowerCase()} ${a.getAttribute('aria-label') || a.id || a.textContent.slice(0, 30)}` : '';
    });
    // the first Tab of a fresh page: "Skip to controls", and Enter follows it
    await pk.keyboard.press('Tab');
    const skip = await pk.evaluate(() => document.activeElement?.textContent.trim());
    expect(skip === 'Skip to controls', `the first Tab focuses '${skip}', not the "Skip to controls" link`);
    await pk.keyboard.press('Enter');
    const landed = await focused();
    expect(landed, '"Skip to controls" did not move the focus to a control of the view');
    // from the selected tab, a few presses: the lesson box's stops come first
    // (its summary, Reset, Worksheet, Answer key, the sheets' address field),
    // then the view's first control
    const MAX_TABS = 6;
    await pk.focus(`#tab-${name}`);
    for (let i = 1; i <= MAX_TABS; i++) {
      await pk.keyboard.press('Tab');
      const where = await focused();
      if (where) return `skip link -> ${landed}; from the tab bar ${i} Tab press(es): ${where}`;
    }
    throw new Error(`${MAX_TABS} Tab presses from the selected tab did not reach a control of the view`);
  });
  await check(`${name}: arrow keys switch tabs`, async () => {
    const pk = kb.page;
    const i = allViews.findIndex((v) => v.id === name);
    const next = allViews[(i + 1) % allViews.length].id;
    await pk.focus(`#tab-${name}`);
    await pk.keyboard.press('ArrowRight');
    const now = await waitFor(() => pk.evaluate((id) => document.body.dataset.view === id
      && document.activeElement?.id === `tab-${id}`
      && document.getElementById(`tab-${id}`).getAttribute('aria-selected') === 'true' && id, next), 3000);
    expect(now === next, `ArrowRight from '${name}' did not select and focus '${next}'`);
    await pk.keyboard.press('ArrowLeft');
    const back = await waitFor(() => pk.evaluate((id) => document.body.dataset.view === id && id, name), 3000);
    expect(back === name, `ArrowLeft did not come back to '${name}'`);
    return allViews.length > 1 ? `${name} -> ${next} -> ${name}` : `one view only: ${name} stays selected`;
  });

  await check(`${name}: an invalid input shows its message in place`, async () => {
    const own = viewChecks.get(name)?.invalidInput;
    if (own) {
      // the view's own invalid input (its e2e.d module), from the defaults, on a fresh page
      const fresh = await openPage(`?view=${name}`, name);
      try {
        const r = await own(fresh.page, harness);
        const problems = logProblems(fresh.log);
        expect(problems.length === 0, problems.slice(0, 5).join('; '));
        return r;
      } finally {
        await fresh.page.close();
      }
    }
    // a value above the valid range, typed and committed with Enter, as a
    // person would: refused next to the field, the last good value kept
    const fields = page.locator('#view .ctl input.ctl-num:enabled:visible');
    expect(await fields.count() > 0, 'no visible number field');
    const f = fields.first();
    const before = await f.inputValue();
    const max = Number(await f.evaluate((el) => el.closest('.ctl').dataset.max));
    const bad = Number.isFinite(max) ? String(max * 10 + 10) : 'abc';
    await f.fill(bad);
    await f.press('Enter');
    const msg = await waitFor(() => f.evaluate((el) => {
      const box = el.closest('.ctl');
      const m = box && box.querySelector('.ctl-msg');
      return m && m.textContent && m.checkVisibility() && box.classList.contains('invalid') ? m.textContent : '';
    }), 2000);
    expect(msg, `typing ${bad} + Enter showed no message next to the field`);
    expect(msg.includes(`keeping ${before}`), `the message does not say the value ${before} is kept: '${msg}'`);
    await f.press('Escape');
    expect(await f.inputValue() === before, `Escape did not restore ${before}`);
    return `'${msg}'`;
  });

  await check(`${name}: no console error, failed request or Content-Security-Policy violation during the session`, async () => {
    const problems = [...logProblems(pageA.log), ...(pageB ? logProblems(pageB.log) : []), ...(kb !== pageB ? logProblems(kb.log) : [])];
    expect(problems.length === 0, problems.slice(0, 5).join('; '));
  });
  await check(`${name}: its Content-Security-Policy is in force (the page's meta tag, the server's header with frame-ancestors): an inline script added to it is refused`, async () => {
    const header = (await fetch(new URL(`?view=${name}`, base))).headers.get('content-security-policy') || '';
    expect(/; frame-ancestors \S/.test(header), `the server's answer carries no Content-Security-Policy with frame-ancestors: '${header}'`);
    await cspInForce(page);
    return 'inline script refused';
  });
  await page.close();
  if (pageB) await pageB.page.close();
  if (kb !== pageB) await kb.page.close();
}

// ------------------------------------------------------------------ main
// The run is a list of tasks: each view's generic checks ('view:<id>') and
// each module of tests/web/e2e.d ('<file>.mjs'). With E2E_WORKERS = 1 they
// run in this process, one after another. Otherwise (the default: WORKERS
// below) this process is the coordinator: it starts that many worker
// processes (this file again, E2E_ROLE=worker), each with its own server and
// its own Chromium (the one Debian build), hands them the tasks longest
// first (the durations measured by the last run, DURATIONS), the next one to
// whichever worker is free, prints each task's lines as one block when it
// ends, and sums the counts. Every task runs in a fresh browser context.
// build/e2e/durations.json keeps each task's seconds (the next run's order;
// make test's table of where its time goes).
const ROLE = process.env.E2E_ROLE || 'main';
// two cores: three browsers keep both busy while one of them waits on a
// timer or a frame window (docs/testing.md: the measured effect)
const WORKERS = Math.max(1, Number(process.env.E2E_WORKERS) || Math.min(3, Math.max(2, os.cpus().length + 1)));
// a run of the whole suite keeps its durations (E2E_ONLY and E2E_MODULES runs, by hand or from a test, do not)
const DURATIONS = path.join(OUT, process.env.E2E_SMOKE === '1' ? 'durations-smoke.json' : 'durations.json');
const KEEP_DURATIONS = !process.env.E2E_ONLY && !process.env.E2E_MODULES;
const DURATIONS_SEED = path.join(ROOT, 'tests/web/e2e-durations.json');
const DEFAULT_TASK_S = 30; // a task no run has measured yet
/** Each task's seconds as measured (the last run's, over the seed file's;
 *  none for another folder of modules, E2E_MODULES: not the suite's). */
const KNOWN_S = process.env.E2E_MODULES ? {} : { ...readJson(DURATIONS_SEED), ...readJson(DURATIONS) };
const TASK_SHARE_X = 3; // a task's share of the run's bound: this times its measured seconds, at least

/** The server, the browser, the views of the tab bar, the modules: what a
 *  process that runs tasks needs. Returns { views, mods }. */
async function setUp() {
  expect(fs.existsSync(path.join(WEB, 'index.html')) && fs.existsSync(path.join(WEB, 'app.js')),
    `${path.relative(ROOT, WEB)} is not built (make web)`);
  expect(fs.existsSync(CHROMIUM), `${CHROMIUM} is missing (tools/deps.sh browser installs Debian's chromium)`);
  fs.mkdirSync(OUT, { recursive: true });
  // tools/serve.mjs reads PORT when imported; the test picks its own free port
  delete process.env.PORT;
  const { serve } = await import('../../tools/serve.mjs');
  server = await serve(WEB, 0);
  base = server.url;
  await launchBrowser();
  await freshContext();

  // the views, as the tab bar lists them
  const first = await openPage('', null);
  const views = await first.page.evaluate(() => [...document.querySelectorAll('#tabs [role=tab]')]
    .map((b) => ({ id: b.id.replace(/^tab-/, ''), title: b.textContent })));
  await first.page.close();
  expect(views.length > 0, 'the tab bar lists no view');

  // the modules of tests/web/e2e.d, loaded first: a view's module may hand
  // the generic checks its own invalid input (export const view, invalidInput)
  const mods = new Map();
  for (const f of moduleFiles()) {
    try {
      const mod = await import(path.join(MODULES, f));
      mods.set(f, mod);
      if (mod.view) viewChecks.set(mod.view, mod);
    } catch (e) {
      report('fail', `${f}: the module could not be loaded`, e.message);
    }
  }
  harness = {
    ROOT, OUT, LOG_DIR, MISSING_DATA, FRAME_TARGET_MS, FRAME_MIN, frameVerdict, base, get context() { return context; }, views, check, expect, report, openPage,
    logProblems, frames, withinFrames, chartPrint, controlValues, waitFor, answer, settle, isLive, chartsDrawn, quantile, frameTime, frameWindows,
    screenshots, requireViews, requireData, SHOT_SIZES, CLI, LOG_FILES, ownBrowser, staticServer, cspListener, cspInForce,
  };
  return { views, mods };
}

// E2E_ONLY=fit,fitown (by hand, while working on a part; never in make test):
// only the modules and the views' generic checks with those names.
// E2E_SMOKE=1 (make check): the views' generic checks only, no module.
const ONLY = process.env.E2E_ONLY ? process.env.E2E_ONLY.split(',') : null;
const SMOKE = process.env.E2E_SMOKE === '1';
function moduleFiles() {
  if (SMOKE) return [];
  return (fs.existsSync(MODULES) ? fs.readdirSync(MODULES).filter((f) => f.endsWith('.mjs')).sort() : [])
    .filter((f) => !ONLY || ONLY.some((o) => o.split(':')[0] === f.replace(/\.mjs$/, '')));
}
/** The tasks of the modules mods (file → module): a module's file, or one
 *  task per part ('<file>:<part>') of a module that exports `parts` (those
 *  E2E_ONLY names, or all when it names the module). */
function moduleTasks(mods) {
  return [...mods].flatMap(([f, mod]) => {
    if (!Array.isArray(mod.parts)) return [f];
    const name = f.replace(/\.mjs$/, '');
    return mod.parts.filter((p) => !ONLY || ONLY.includes(name) || ONLY.includes(`${name}:${p}`)).map((p) => `${f}:${p}`);
  });
}
/** A module's task as [file, part] (part undefined for a whole module). */
function taskParts(task) {
  const i = task.indexOf('.mjs:');
  return i < 0 ? [task, undefined] : [task.slice(0, i + 4), task.slice(i + 5)];
}
/** The tasks of the run, in the order of the suite (views first, then the modules). */
function taskList(views, modTasks) {
  return [...views.filter((v) => !ONLY || ONLY.includes(v.id)).map((v) => `view:${v.id}`), ...modTasks];
}
/** A task's share of the run's bound (ms). */
function taskBudget(task, mod) {
  const floor = task.startsWith('view:') ? WATCHDOG_VIEW_MS : (mod?.WATCHDOG_MS ?? WATCHDOG_MODULE_MS);
  // at least three times what the last run (or the seed file) measured: a
  // task that took 150 s on a loaded machine is not stopped at a 90 s share
  // (a run of one module, E2E_ONLY, is bounded by it and start-up alone)
  const [file, part] = taskParts(task);
  const measured = KNOWN_S[task] ?? (part !== undefined && KNOWN_S[file] !== undefined ? KNOWN_S[file] / mod.parts.length : 0);
  return Math.max(floor, Math.round(TASK_SHARE_X * 1000 * measured));
}
/** The seconds a task is expected to take (the order of the queue): as
 *  measured before, or a part's share of its whole module's measure. */
function expectedS(task, known, nParts) {
  if (known[task] !== undefined) return known[task];
  const [file, part] = taskParts(task);
  if (part !== undefined && known[file] !== undefined) return known[file] / (nParts[file] || 1);
  return DEFAULT_TASK_S;
}
/** The whole run's bound (ms): start-up, then every task's share. */
function runBound(tasks, budgets) {
  return Math.max(WATCHDOG_MS, WATCHDOG_BASE_MS + tasks.reduce((sum, t) => sum + budgets(t), 0));
}

/** Runs one task in this process, in a fresh context. */
async function runTask(task, { views, mods }) {
  await freshContext();
  if (task.startsWith('view:')) {
    const v = views.find((x) => x.id === task.slice(5));
    await attempted(`the ${v.id} view's generic checks`, () => testView(v, views), taskBudget(task));
    await filesCheck(v.id);
  } else {
    const [file, part] = taskParts(task);
    const mod = mods.get(file);
    if (mod?.default) await attempted(task, () => mod.default(harness, part), taskBudget(task, mod));
    await filesCheck(`e2e.d/${task}`);
  }
}

/** E2E_WORKERS = 1: every task here, in order. */
async function mainSerial() {
  const ctx = await setUp();
  const tasks = taskList(ctx.views, moduleTasks(ctx.mods));
  console.log(`e2e: ${base} serves ${ctx.views.length} view(s): ${ctx.views.map((v) => v.id).join(', ')}`);
  armWatchdog(runBound(tasks, (t) => taskBudget(t, ctx.mods.get(taskParts(t)[0]))));
  const took = {}, cpu = {};
  for (const t of tasks) {
    const t0 = Date.now(), c0 = treeCpuS();
    await runTask(t, ctx);
    took[t] = (Date.now() - t0) / 1000;
    cpu[t] = cpuSince(c0);
  }
  writeDurations(took, cpu, 1);
}

/** E2E_ROLE=worker: set up, say so, then run each task the coordinator sends. */
async function mainWorker() {
  // every line this process prints goes to the coordinator, which prints the task's lines as one block
  console.log = (...a) => process.send({ type: 'line', text: a.join(' ') });
  console.error = console.log;
  let ctx = null;
  try {
    ctx = await setUp();
  } catch (e) {
    report('fail', `e2e worker ${process.env.E2E_WORKER}`, `could not start: ${e.message}`);
  }
  const modTasks = ctx ? moduleTasks(ctx.mods) : [];
  process.send({ type: 'ready', ok: !!ctx, base, views: ctx?.views ?? [], mods: modTasks,
    budgets: Object.fromEntries([...taskList(ctx.views, []), ...modTasks].map((t) => [t, taskBudget(t, ctx.mods.get(taskParts(t)[0]))])),
    parts: ctx ? Object.fromEntries([...ctx.mods].filter(([, m]) => Array.isArray(m.parts)).map(([f, m]) => [f, m.parts.length])) : {},
    counts: { ...results } });
  if (!ctx) return;
  for (;;) {
    const msg = await new Promise((res) => { process.once('message', res); });
    if (msg.type !== 'task') return;
    const before = { ...results }, nRe = reruns.length, t0 = Date.now(), c0 = treeCpuS();
    try {
      await runTask(msg.task, ctx);
    } catch (e) {
      report('fail', `${msg.task}: could not run`, e.message);
    }
    const counts = Object.fromEntries(Object.keys(results).map((k) => [k, results[k] - before[k]]));
    process.send({ type: 'result', task: msg.task, counts, reruns: reruns.slice(nRe), s: (Date.now() - t0) / 1000,
      cpu: cpuSince(c0) });
  }
}

/** The coordinator: WORKERS workers, the tasks longest first to whichever is free. */
async function mainCoordinator() {
  const { fork } = await import('node:child_process');
  fs.mkdirSync(OUT, { recursive: true });
  const known = KNOWN_S;
  // as many workers as tasks, at most (known once the first worker has loaded the modules)
  let nWorkers = WORKERS;
  const took = {}, cpu = {}, t0 = Date.now();
  let queue = null, budgets = null;
  const started = [];

  const allDone = new Promise((resolveAll) => {
    let live = 0;
    const next = (w) => {
      if (!queue.length) { w.proc.send({ type: 'done' }); return; }
      w.task = queue.shift();
      w.taskStart = Date.now();
      w.proc.send({ type: 'task', task: w.task });
    };
    const start = (k) => {
      const proc = fork(fileURLToPath(import.meta.url), [], { env: { ...process.env, E2E_ROLE: 'worker', E2E_WORKER: String(k) }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
      const w = { k, proc, task: null, lines: [] };
      live++;
      started.push(w);
      proc.on('message', (msg) => {
        if (msg.type === 'line') { w.lines.push(msg.text); return; }
        if (msg.type === 'extend') { extendWatchdog(msg.ms); return; }
        if (msg.type === 'ready') {
          // the start-up's own results (a module that cannot be loaded), counted
          // once: worker 1's, or those of a worker that could not start
          if (!msg.ok || k === 1) {
            for (const kind of Object.keys(results)) results[kind] += msg.counts[kind];
            w.lines.forEach((l) => console.log(l));
          }
          w.lines = [];
          if (!msg.ok) return;
          if (!queue) {
            const tasks = taskList(msg.views, msg.mods);
            nWorkers = Math.max(1, Math.min(WORKERS, tasks.length));
            console.log(`e2e: ${msg.base} (worker 1 of ${nWorkers}) serves ${msg.views.length} view(s): ${msg.views.map((v) => v.id).join(', ')}`);
            budgets = (t) => msg.budgets[t] ?? taskBudget(t);
            // longest first: a long task started last would leave the other workers idle at the end
            queue = tasks.slice().sort((a, b) => expectedS(b, known, msg.parts) - expectedS(a, known, msg.parts));
            armWatchdog(runBound(tasks, budgets));
            for (let j = 2; j <= nWorkers; j++) start(j);
          }
          next(w);
          return;
        }
        if (msg.type === 'result') {
          for (const kind of Object.keys(results)) results[kind] += msg.counts[kind];
          reruns.push(...msg.reruns);
          took[w.task] = msg.s;
          cpu[w.task] = msg.cpu;
          console.log(`-- ${w.task} (worker ${k}, ${msg.s.toFixed(1)} s${msg.cpu != null ? `, processor ${msg.cpu.toFixed(1)} s` : ''})`);
          w.lines.forEach((l) => console.log(l));
          w.lines = [];
          w.task = null;
          next(w);
        }
      });
      proc.on('exit', (code, signal) => {
        live--;
        if (w.task) {
          // the task it was running is lost with it: a failure, and the other tasks go on
          w.lines.forEach((l) => console.log(l));
          report('fail', `${w.task}: e2e worker ${k} ended while running it`, `exit ${code ?? signal}`);
          w.task = null;
          if (queue?.length) start(started.length + 1);
        }
        if (live === 0) resolveAll();
      });
    };
    start(1);
  });
  coordinatorWorkers = started;
  await allDone;
  if (!queue) report('fail', 'e2e', 'no worker could start (see above)');
  writeDurations(took, cpu, nWorkers, (Date.now() - t0) / 1000);
}
let coordinatorWorkers = [];

function readJson(file) {
  try { return JSON.parse(fs.readFileSync(file, 'utf8')).tasks ?? {}; } catch { return {}; }
}
/** The processor seconds this process and its browsers used since c0 (treeCpuS), or null. */
function cpuSince(c0) {
  const c1 = treeCpuS();
  return c0 == null || c1 == null ? null : Math.round((c1 - c0) * 100) / 100;
}

/** build/e2e/durations.json: each task's seconds (wall; and processor: the
 *  worker and its browsers, tests/web/cpu.mjs), the run's wall time; prints
 *  the ten slowest and the ten costliest. */
function writeDurations(took, cpu, workers, wallS = null) {
  const sorted = Object.entries(took).sort((a, b) => b[1] - a[1]);
  const costly = Object.entries(cpu).filter(([, v]) => v != null).sort((a, b) => b[1] - a[1]);
  if (KEEP_DURATIONS) {
    fs.writeFileSync(DURATIONS, `${JSON.stringify({ workers, wall_s: wallS, tasks: Object.fromEntries(sorted),
      cpu_s: Object.fromEntries(costly) }, null, 1)}\n`);
  }
  const sum = sorted.reduce((s, [, v]) => s + v, 0), cpuSum = costly.reduce((s, [, v]) => s + v, 0);
  console.log(`e2e: ${sorted.length} task(s), ${sum.toFixed(0)} s of task time${wallS ? ` in ${wallS.toFixed(0)} s on ${workers} worker(s)` : ''}; the slowest: `
    + sorted.slice(0, 10).map(([t, v]) => `${t} ${v.toFixed(0)} s`).join(', '));
  if (costly.length) {
    console.log(`e2e: ${cpuSum.toFixed(0)} s of processor time (the workers and their browsers); the costliest: `
      + costly.slice(0, 10).map(([t, v]) => `${t} ${v.toFixed(0)} s`).join(', '));
  }
}

let watchdog = null, deadline = 0;
/** The whole run stops (a failure) at `t` (Date.now() ms). */
function setDeadline(t) {
  clearTimeout(watchdog);
  deadline = t;
  watchdog = setTimeout(async () => {
    report('fail', 'e2e', `not finished after ${Math.round(process.uptime())} s; stopped`);
    for (const w of coordinatorWorkers) {
      if (w.task) console.log(`note e2e: worker ${w.k} was running ${w.task}`);
      w.proc.kill('SIGTERM');
    }
    await cleanup();
    finish();
  }, Math.max(0, t - Date.now()));
}
/** The run's bound: ms from now. */
function armWatchdog(ms) { setDeadline(Date.now() + ms); }
/** The run's bound, ms later (a rerun after a hang); in a worker, the
 *  coordinator's bound, told at once (the rerun can outlast the bound the
 *  coordinator set when the run began: a rerun told only with the task's
 *  result was stopped by it on a loaded machine). */
function extendWatchdog(ms) {
  if (ROLE === 'worker') process.send({ type: 'extend', ms });
  else setDeadline(deadline + ms);
}

function finish() {
  clearTimeout(watchdog);
  if (ROLE === 'worker') process.exit(0);
  const again = reruns.length ? ` (run again after the browser stopped answering: ${reruns.join('; ')})` : '';
  console.log(`e2e: ${results.pass} passed, ${results.fail} failed, ${results.skip} skipped${again}`);
  process.exit(results.fail ? 1 : 0);
}

if (ROLE === 'worker') {
  // the coordinator gone (killed by its watchdog, or Ctrl-C): close the browsers and leave
  process.on('disconnect', async () => { await cleanup(); process.exit(0); });
  process.on('SIGTERM', async () => { await cleanup(); process.exit(0); });
} else {
  armWatchdog(WATCHDOG_MS);
}

try {
  if (ROLE === 'worker') await mainWorker();
  else if (WORKERS === 1) await mainSerial();
  else await mainCoordinator();
} catch (e) {
  report('fail', 'e2e', e.message);
} finally {
  await cleanup();
  finish();
}
