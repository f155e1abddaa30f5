// fitsens.mjs: e2e checks of the Fit view's "Sensitivity ranges" (under a
// fit result): the core's fric_fit_sensitivity (the method of Rhoban/bam
// sensitivity.py) run in a worker on the result's own training logs and
// search space.
//
//   ranges    an M4 fit of two xl330 logs, then "Sensitivity ranges": one row
//             and range bar per free parameter of M4, in the core's order;
//             each range equal, bit for bit, to the file `friction
//             sensitivity` writes for the browser's downloaded params file
//             on the same logs (a consistency check: wasm against native,
//             one C function behind both); every bar inside its track, the
//             value's tick inside the bar, a clamped side drawn open (no end
//             cap), the log-scaled rows exactly those whose box starts
//             above 0 (the fit's own rule, fric_fit_space_log: lo > 0);
//             build/e2e/fit-sensitivity.png
//   cancel    "Sensitivity ranges" again, then Cancel at once: the state says
//             cancelled, the button is usable again, no sensitivity worker
//             is left running
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { viewState } from './fit.mjs';

const BUDGET = 400, SEED = 1;
const names = [
  'fit sensitivity: one range bar per free parameter, the ranges of `friction sensitivity` on the same logs (consistency), bars in their tracks',
  'fit sensitivity: Cancel stops the worker and leaves the view usable',
  'fit sensitivity: no console error or failed request',
];

export default async function fitSensChecks(h) {
  if (!h.requireViews(['fit'], names)) return;
  const { check, expect, openPage, ROOT, LOG_DIR, waitFor, logProblems } = h;
  const files = fs.existsSync(LOG_DIR) ? fs.readdirSync(LOG_DIR).filter((f) => f.endsWith('.json')).sort() : [];
  const paths = [files[0], files[9]].filter(Boolean).map((f) => path.join(LOG_DIR, f));
  const missing = { skip: `missing shared data: no xl330 logs in ${LOG_DIR}` };
  const BIN = path.join(ROOT, 'build/native/friction');
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'fitsens-'));
  let page = null, opened = null;
  const sensState = () => page.evaluate(() => document.getElementById('fit-sens')?.dataset.state);

  await check(names[0], async () => {
    if (paths.length !== 2) return missing;
    opened = await openPage(`?view=fit&fit.model=m4&fit.budget=${BUDGET}&fit.seed=${SEED}`, 'fit');
    page = opened.page;
    await page.setInputFiles('#fit-file', paths);
    expect(await waitFor(async () => (await viewState(page)).rows.length === 2, 10_000), 'the two logs are not listed');
    await page.click('#fit-run');
    const s = await waitFor(async () => { const x = await viewState(page); return x.fit === 'done' || x.runError ? x : null; }, 90_000, 200);
    expect(s && s.fit === 'done', `M4 did not fit: ${s?.runError || ''}`);
    await page.click('#fit-sensitivity');
    const done = await waitFor(async () => (['done', 'failed'].includes(await sensState()) ? sensState() : null), 60_000, 200);
    const status = await page.locator('#fit-sens-status').textContent();
    expect(done === 'done', `no ranges: ${status}`);
    const shown = await page.evaluate(() => [...document.querySelectorAll('#fit-sens-table tbody tr')].map((tr) => {
      const box = (q) => tr.querySelector(q).getBoundingClientRect();
      const t = box('.fit-sens-track'), r = box('.fit-sens-range'), v = box('.fit-sens-value');
      const cs = getComputedStyle(tr.querySelector('.fit-sens-range'));
      return { key: tr.dataset.key, lower: Number(tr.dataset.lower), upper: Number(tr.dataset.upper), value: Number(tr.dataset.value),
        lc: tr.dataset.lowerClamped === 'true', uc: tr.dataset.upperClamped === 'true', log: tr.dataset.logScale === 'true',
        inTrack: r.left >= t.left - 0.5 && r.right <= t.right + 0.5 && r.width >= 0,
        tickIn: v.left + v.width / 2 >= r.left - 1.5 && v.left + v.width / 2 <= r.right + 1.5,
        capL: cs.borderLeftStyle === 'solid', capR: cs.borderRightStyle === 'solid' };
    }));
    // the browser's params file, then the native command on it and the same logs
    const [dl] = await Promise.all([page.waitForEvent('download'), page.click('#fit-download')]);
    const params = path.join(tmp, 'm4.json');
    fs.copyFileSync(await dl.path(), params);
    const out = path.join(tmp, 'm4_sensitivity.json');
    const r = spawnSync(BIN, ['sensitivity', '--params', params, '--out', out, ...paths], { encoding: 'utf8' });
    expect(r.status === 0, `friction sensitivity: exit ${r.status}: ${(r.stderr || '').trim()}`);
    const native = JSON.parse(fs.readFileSync(out, 'utf8'));
    const keys = Object.keys(native.sensitivity);
    expect(shown.map((x) => x.key).join() === keys.join(), `rows ${shown.map((x) => x.key).join()}, the CLI's ${keys.join()}`);
    const differ = shown.filter((x) => { const n = native.sensitivity[x.key];
      return n.value !== x.value || n.lower !== x.lower || n.upper !== x.upper || n.lower_clamped !== x.lc || n.upper_clamped !== x.uc; });
    expect(!differ.length, `ranges differ from the CLI's for ${differ.map((x) => x.key).join(', ')}`);
    const off = shown.filter((x) => !x.inTrack || !x.tickIn);
    expect(!off.length, `a bar outside its track or a tick outside its bar: ${off.map((x) => x.key).join(', ')}`);
    const caps = shown.filter((x) => x.capL === x.lc || x.capR === x.uc);
    expect(!caps.length, `a clamped side with an end cap, or a closed side without one: ${caps.map((x) => x.key).join(', ')}`);
    // the log scale: the fit's rule (lo > 0), the box from the core (core.fit.space)
    const space = await page.evaluate(() => { const c = window.__fx?.core?.wrapper; return c ? { lo: Array.from(c.fit.space('xl330', 4).lo) } : null; });
    if (space) {
      const kk = await page.evaluate(() => window.__fx.core.wrapper.fit.paramKeys().map((k) => k.key));
      const wrong = shown.filter((x) => x.log !== (space.lo[kk.indexOf(x.key)] > 0));
      expect(!wrong.length, `log scale not lo > 0 for ${wrong.map((x) => x.key).join(', ')}`);
    }
    fs.mkdirSync(h.OUT, { recursive: true });
    await page.locator('#fit-sens').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(h.OUT, 'fit-sensitivity.png') });
    return `${shown.length} range bars (${shown.filter((x) => x.lc || x.uc).length} with a clamped side, ${shown.filter((x) => x.log).length} log-scaled) `
      + `= friction sensitivity bit for bit; ${status} (build/e2e/fit-sensitivity.png)`;
  });

  await check(names[1], async () => {
    if (!page) return { skip: 'no fitted result (the previous check failed)' };
    // Start and Cancel in one task of the page: the worker (0.5 s for 11
    // ranges here) cannot finish between them, as it could between two
    // clicks sent from the test on a loaded machine (the state was then 'done')
    await page.evaluate(() => { document.getElementById('fit-sensitivity').click(); document.getElementById('fit-sens-cancel').click(); });
    const st = await waitFor(async () => ((await sensState()) === 'cancelled' ? 'cancelled' : null), 5000, 100);
    expect(st === 'cancelled', `state ${await sensState()}`);
    const enabled = await page.locator('#fit-sensitivity').isEnabled();
    expect(enabled, 'the Sensitivity ranges button stays disabled after Cancel');
    const left = await waitFor(async () => (page.workers().filter((w) => /fitEval\.worker\.js/.test(w.url())).length === 0 ? 1 : null), 5000, 100);
    expect(left, `fitEval workers still running: ${page.workers().map((w) => w.url()).join(', ')}`);
    return `cancelled: ${await page.locator('#fit-sens-status').textContent()}`;
  });

  await check(names[2], async () => {
    if (!opened) return { skip: 'no page opened' };
    const problems = logProblems(opened.log);
    expect(!problems.length, problems.join('; '));
    return 'none';
  });
}
