// sample.mjs: e2e checks of "Try a sample" (web/src/dropZone.js), the bundled
// simulated log of samples/ (tools/sample.mjs), in Replay and Fit. No shared
// data is needed: that is the point of the sample.
//
//   replay   one click on "Try a sample (simulated)" in the pendulum view's
//            replay box replays the sample under M1–M6; the result names the
//            simulated file and its MAE in one format ("0.00049 rad
//            (0.028°)"); the M6 MAE equals `friction replay --params
//            samples/xl330-m6-params.json` with the view's treatment to 1e-9
//            rad (a consistency check: the same C, wasm against native);
//            screenshots build/e2e/sample-replay-{1280,1024,853}.png
//   fit      one click in the Fit view lists the sample (the name says
//            simulated); a short fit (budget 200) ends; the params file it
//            downloads, replayed by `friction replay --friction clip`, gives
//            the training MAE the view shows (consistency check, 1e-9 rad);
//            screenshots build/e2e/sample-fit-{1280,1024,853}.png
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

const TOL = 1e-9;
const LOG = 'xl330-sin_sin-simulated.json';

function cliMae(CLI, params, log, treatment) {
  const r = spawnSync(CLI, ['replay', '--params', params, '--friction', treatment, log], { encoding: 'utf8' });
  const m = /: mae ([0-9.eE+-]+) rad/.exec(r.stdout);
  if (!m) throw new Error(`friction replay: ${r.stderr.trim()}`);
  return Number(m[1]);
}


export default async function sampleChecks(h) {
  const { check, expect, openPage, ROOT, OUT, waitFor, logProblems, CLI } = h;
  const SAMPLE = path.join(ROOT, 'samples', LOG), PARAMS = path.join(ROOT, 'samples/xl330-m6-params.json');

  /** Opens `query` (view `view`), clicks its one "Try a sample" button (in
   *  `drop`, the box `where`), runs the check run(page, the button's text) →
   *  what it reports, takes the screenshots `shot` at `at` and expects no
   *  console problem; the page closed. */
  const trySample = async ({ query, view, drop, where, shot, at }, run) => {
    expect(fs.existsSync(CLI), `${CLI} is not built`);
    const { page, log } = await openPage(query, view);
    try {
      const btn = page.locator(`${drop} button.try-sample`);
      expect(await btn.count() === 1, `no "Try a sample" button in ${where}`);
      const text = await btn.textContent();
      await btn.click();
      const said = await run(page, text);
      const files = (await h.screenshots(page, shot, { waitMs: 250, locator: at })).join(', ');
      const problems = logProblems(log);
      expect(!problems.length, problems.join('; '));
      return `${said}; ${files}`;
    } finally {
      await page.close();
    }
  };

  await check('sample: Try a sample in Replay replays the simulated log; M6 MAE = friction replay (consistency check)', () => trySample(
    { query: '?view=pendulum', view: 'pendulum', drop: '#log-drop', where: 'the replay box', shot: 'sample-replay', at: 'section.replay' },
    async (page, text) => {
      expect(/simulated/i.test(text), `the button does not say simulated: ${text}`);
      const s = await waitFor(() => page.evaluate(() => {
        const rows = [...document.querySelectorAll('#replay-table tbody tr')];
        // a row per published model M1–M6 and the row "on screen"
        const models = rows.map((tr) => tr.dataset.model).sort().join(',');
        if (document.querySelector('#replay-table').hidden || models !== 'm1,m2,m3,m4,m5,m6,on-screen') return null;
        return { rows: rows.map((tr) => ({ model: tr.dataset.model, mae: tr.querySelector('[data-mae]')?.dataset.mae })),
          result: document.querySelector('#replay-result').textContent,
          treatment: document.querySelector('[data-param="friction"] select')?.value };
      }), 10_000);
      expect(s, 'no replay table after the click');
      expect(s.result.includes(LOG), `the result does not name the simulated file: ${s.result}`);
      // one MAE format (format.js maeText): "0.00049 rad (0.028°)", no exponent beside decimal degrees
      expect(/MAE = \d+\.\d+ rad \(\d+\.\d+°\)/.test(s.result), `MAE read-out: ${s.result}`);
      const m6 = Number(s.rows.find((r) => r.model === 'm6').mae);
      const cli = cliMae(CLI, PARAMS, SAMPLE, s.treatment);
      expect(Math.abs(m6 - cli) <= TOL, `M6: browser ${m6}, CLI ${cli}`);
      return `treatment ${s.treatment}: M6 ${m6.toFixed(6)} rad = CLI`;
    }));

  await check('sample: Try a sample in Fit lists it; a short fit ends and its params file replays to its training MAE (consistency check)', () => trySample(
    { query: '?view=fit&fit.budget=200', view: 'fit', drop: '#fit-drop', where: 'the Fit view', shot: 'sample-fit', at: '#fit-result' },
    async (page) => {
      const rows = (await waitFor(() => page.evaluate(() => {
        const r = [...document.querySelectorAll('#fit-logs tbody tr th')].map((t) => t.textContent);
        return r.length ? r : null;
      }), 10_000)) || [];
      expect(rows.length === 1 && rows[0].includes('simulated'), `logs listed: ${JSON.stringify(rows)}`);
      await page.click('#fit-run');
      const s = await waitFor(() => page.evaluate(() => {
        const v = document.querySelector('.fit-view')?.dataset.fit, e = document.querySelector('#fit-error');
        return v === 'done' || (e && !e.hidden) ? { fit: v, error: e.hidden ? '' : e.textContent } : null;
      }), 60_000, 200);
      expect(s && s.fit === 'done', `the fit did not end: ${s?.error}`);
      const train = await page.evaluate(() => Number(document.querySelectorAll('#fit-train-mae [data-mae]')[1]?.dataset.mae));
      expect(Number.isFinite(train) && train > 0, `training MAE ${train}`);
      const [dl] = await Promise.all([page.waitForEvent('download'), page.click('#fit-download')]);
      const file = path.join(OUT, 'sample-fit-params.json');
      await dl.saveAs(file);
      const cli = cliMae(CLI, file, SAMPLE, 'clip');
      expect(Math.abs(cli - train) <= TOL, `training MAE: browser ${train}, friction replay of the downloaded file ${cli}`);
      return `training MAE ${train.toFixed(6)} rad = friction replay of the params file`;
    }));
}
