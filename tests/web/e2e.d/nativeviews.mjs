// nativeviews.mjs: e2e checks of MuJoCo's own joint ('native', fric_native.h)
// beside M1–M6 in the Fit view's models table, the Pendulum view's replay and
// the drive/backdrive view (web/src/nativeFile.js).
// The references are the native CLI's, run here on the same logs and files:
//
//   table     4 xl330 logs, the alternating split, budget 200, seed 1, "Fit
//             all models" with native ticked: every row's fitted training and
//             validation MAE = `friction fit --model all --validation-split
//             alternate` on the same logs (per-log lines averaged; native:
//             its train/validation mean), 1e-12 relative; the sentence under
//             the table (stiction above Coulomb, load); the table's CSV has
//             the same numbers; screenshots at 1280×900 and 853×600
//   pendulum  the native file the CLI wrote, pasted into the Pendulum view:
//             a log given to its replay has a row "native" whose MAE =
//             `friction replay --params FILE LOG` (1e-12 rad); the native
//             result's "Open in bench" link carries the fitted file
//   drive     the same file pasted into the drive view: its native band at
//             θ̇ = 0 is ±frictionloss of the file at τm = 0, and one width
//             2·frictionloss at every τm of the chart (load-independent),
//             beside the actuator's highest published model (xl330 M6);
//             "Remove the native joint" takes it out
//   french    with ?lang=fr the drive view's native sentence, its Remove
//             button and the Pendulum replay's native note are French
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { paste } from './params.mjs';

const MODELS = ['m1', 'm2', 'm3', 'm4', 'm5', 'm6'];
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;

export default async function nativeviews(h) {
  const { check, expect, openPage, waitFor, OUT, LOG_DIR, CLI } = h;
  const files = fs.existsSync(LOG_DIR) ? fs.readdirSync(LOG_DIR).filter((f) => f.endsWith('.json')).sort() : [];
  const missing = { skip: `${h.MISSING_DATA}: ${LOG_DIR}` };
  const TMP = fs.mkdtempSync(path.join(os.tmpdir(), 'nativeviews-'));
  const four = files.slice(0, 4).map((f) => path.join(LOG_DIR, f));
  const nativeFile = path.join(TMP, 'all', 'native.json');
  const near = (a, b) => Math.abs(a - b) <= 1e-12 * Math.max(1, Math.abs(b));

  // the reference: the native CLI's fit of every model on the same split
  const ref = (() => {
    if (four.length < 4) return null;
    const r = spawnSync(CLI, ['fit', '--actuator', 'xl330', '--model', 'all', '--validation-split', 'alternate', '--seed', '1',
      '--budget', '200', '--threads', '1', '--out', path.join(TMP, 'all'), ...four], { encoding: 'utf8' });
    if (r.status !== 0) return { error: r.stderr };
    const out = {};
    for (const m of [...MODELS, 'native']) {   // the per-log lines, "  M4 training ..." and "  native training ..."
      const name = m === 'native' ? m : m.toUpperCase();
      const per = (kind) => [...r.stdout.matchAll(new RegExp(`^  ${name} ${kind} +\\S+: mae (\\S+) rad$`, 'gm'))].map((x) => Number(x[1]));
      out[m] = { train: mean(per('training')), valid: mean(per('validation')), n: per('training').length + per('validation').length };
    }
    return out;
  })();

  let fitted = false;
  const { page } = await openPage('?view=fit&fit.actuator=xl330&fit.budget=200&fit.seed=1&fit.holdout=alternate&fit.allnative=1', 'fit');
  await page.setViewportSize({ width: 1280, height: 900 });
  await check('nativeviews: the Fit view\'s models table puts native beside M1–M6, train and validation MAE = `friction fit --model all` on the same split', async () => {
    if (!ref) return missing;
    expect(!ref.error, `friction fit: ${ref.error}`);
    await page.setInputFiles('#fit-file', four);
    await waitFor(() => page.evaluate(() => document.querySelectorAll('#fit-logs tbody tr').length === 4 || null), 10_000);
    await page.click('#fit-all');
    await waitFor(() => page.evaluate(() => (document.querySelector('.fit-view')?.dataset.fit === 'done' ? true : null)), 300_000, 200);
    fitted = true;
    const rows = await page.evaluate(() => [...document.querySelectorAll('#fit-all-table tbody tr')].map((tr) => ({
      model: tr.dataset.model, mae: [...tr.querySelectorAll('td[data-mae]')].map((td) => Number(td.dataset.mae)) })));
    expect(rows.map((r) => r.model).join() === [...MODELS, 'native'].join(), `rows ${rows.map((r) => r.model).join()}`);
    const bad = [];
    for (const r of rows) {
      const c = ref[r.model];
      expect(c.n === 4, `the CLI's ${r.model}: ${c.n} logs`);
      if (!near(r.mae[1], c.train)) bad.push(`${r.model} train ${r.mae[1]} vs ${c.train}`);
      if (!near(r.mae[3], c.valid)) bad.push(`${r.model} valid ${r.mae[3]} vs ${c.valid}`);
    }
    expect(!bad.length, `the table differs from friction fit: ${bad.join('; ')}`);
    const gap = await page.locator('#fit-native-gap').evaluate((p) => ({ on: p.dataset.on, text: p.textContent, hidden: p.hidden }));
    expect(!gap.hidden && gap.on === 'valid' && /stiction/.test(gap.text) && /load/.test(gap.text), `the sentence: ${JSON.stringify(gap)}`);
    // the table as CSV: the same numbers
    const [dl] = await Promise.all([page.waitForEvent('download'), page.click('#fit-all-csv')]);
    const csv = fs.readFileSync(await dl.path(), 'utf8').split('\n').filter((l) => l && !l.startsWith('#'));
    expect(csv[0] === 'model,train_mae_published [rad],train_mae_fitted [rad],valid_mae_published [rad],valid_mae_fitted [rad],evaluations', `CSV header ${csv[0]}`);
    for (const line of csv.slice(1)) {
      const [m, , tr, , va] = line.split(',');
      const c = ref[m === 'native' ? 'native' : m.toLowerCase()];
      expect(c && near(Number(tr), c.train) && near(Number(va), c.valid), `CSV row ${line} vs ${JSON.stringify(c)}`);
    }
    expect(csv.length === 8, `CSV rows ${csv.length - 1}`);
    await page.locator('#fit-all-result').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(OUT, 'nativeviews-table-1280.png') });
    await page.setViewportSize({ width: 853, height: 600 });
    await page.locator('#fit-all-result').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(OUT, 'nativeviews-table-853.png') });
    await page.setViewportSize({ width: 1280, height: 900 });
    const n = rows.find((r) => r.model === 'native');
    return `7 rows = friction fit (native train ${n.mae[1].toFixed(5)}, valid ${n.mae[3].toFixed(5)} rad); CSV the same`;
  });

  await check('nativeviews: the Pendulum view replays a log with a native params file = `friction replay` of the file', async () => {
    if (!ref) return missing;
    if (!fitted || !fs.existsSync(nativeFile)) return { skip: 'no native file (the table check failed)' };
    const file = JSON.parse(fs.readFileSync(nativeFile, 'utf8'));
    // the fitted native result's link carries the same parameters
    await page.click('#fit-all-table tbody tr[data-model="native"] button');
    const href = await page.locator('#fit-open-bench').getAttribute('href');
    const carried = JSON.parse(new URLSearchParams(href).get('pendulum.native'));
    const off = Object.keys(file).filter((k) => typeof file[k] === 'number' && !k.startsWith('fit_') && carried[k] !== file[k]);
    expect(!off.length, `the link's file differs from friction fit's in ${off.join(', ')}: ${href}`);
    const log = four[0];
    const rep = spawnSync(CLI, ['replay', '--params', nativeFile, log], { encoding: 'utf8' });
    expect(rep.status === 0, `friction replay: ${rep.stderr}`);
    const cli = Number(/mae (\S+) rad/.exec(rep.stdout)?.[1]);
    const { page: p } = await openPage('?view=pendulum&pendulum.paused=1', 'pendulum');
    await p.setViewportSize({ width: 1280, height: 900 });
    const why = await paste(p, 'pendulum', fs.readFileSync(nativeFile, 'utf8'));
    expect(why === '', `the paste was refused: ${why}`);
    expect(await p.locator('#replay-native-note').isVisible(), 'no note on the native joint in the replay panel');
    await p.setInputFiles('#log-drop input[type=file]', log);
    const mae = await waitFor(() => p.evaluate(() => document.querySelector('#replay-table tbody tr[data-model="native"] [data-mae]')?.dataset.mae ?? null), 10_000);
    expect(mae !== null, 'no native row in the replay table');
    expect(Math.abs(Number(mae) - cli) <= 1e-12, `the native row's MAE ${mae}, friction replay ${cli}`);
    const models = await p.evaluate(() => [...document.querySelectorAll('#replay-table tbody tr')].map((tr) => tr.dataset.model));
    expect(models.join() === 'm1,m2,m3,m4,m5,m6,on-screen,native', `replay rows ${models.join()}`);
    await p.locator('#replay-table').scrollIntoViewIfNeeded();
    await p.screenshot({ path: path.join(OUT, 'nativeviews-pendulum-1280.png') });
    await p.setViewportSize({ width: 853, height: 600 });
    await p.locator('#replay-table').scrollIntoViewIfNeeded();
    await p.screenshot({ path: path.join(OUT, 'nativeviews-pendulum-853.png') });
    await p.close();
    return `native row ${Number(mae).toFixed(6)} rad = friction replay ${cli.toFixed(6)} rad`;
  });

  await check('nativeviews: the drive view draws the native joint\'s band, ±frictionloss of the file at every τm', async () => {
    if (!ref) return missing;
    if (!fs.existsSync(nativeFile)) return { skip: 'no native file (the table check failed)' };
    const file = JSON.parse(fs.readFileSync(nativeFile, 'utf8'));
    const { page: p } = await openPage('?view=drive', 'drive');
    await p.setViewportSize({ width: 1280, height: 900 });
    const why = await paste(p, 'drive', fs.readFileSync(nativeFile, 'utf8'));
    expect(why === '', `the paste was refused: ${why}`);
    const d = await p.locator('#drive-native-band').evaluate((e) => ({ ...e.dataset, hidden: e.hidden, text: e.textContent }));
    expect(!d.hidden && Number(d.v) === 0, `the native band: ${JSON.stringify(d)}`);
    // beside the actuator's highest published model (xl330: M6)
    const shown = await p.evaluate(() => { const s = document.querySelector('#view select'); return s.options[s.selectedIndex].textContent; });
    expect(shown === 'xl330 M6', `the drive view shows ${shown} beside the xl330's native joint`);
    const fl = file.frictionloss;
    expect(Number(d.lo) === -fl && Number(d.hi) === fl, `band at τm = 0: [${d.lo}, ${d.hi}], frictionloss ${fl}`);
    // one width at every τm of the chart where neither edge is clipped
    const widths = await p.evaluate(() => {
      const c = [...window.__fx.charts.all].find((x) => x.data.datasets.some((s) => /native/.test(s.label)));
      const [lo, hi] = c.data.datasets.filter((s) => /native/.test(s.label));
      const T = c.options.scales.x.max;
      return lo.data.map((q, k) => [q.y, hi.data[k].y]).filter(([a, b]) => Math.abs(a) < T && Math.abs(b) < T).map(([a, b]) => b - a);
    });
    const worst = Math.max(...widths.map((w) => Math.abs(w - 2 * fl)));
    expect(widths.length > 10 && worst <= 1e-12, `widths off 2·frictionloss by ${worst} (${widths.length} points)`);
    await p.locator('#drive-native-band').scrollIntoViewIfNeeded();
    await p.screenshot({ path: path.join(OUT, 'nativeviews-drive-1280.png') });
    await p.setViewportSize({ width: 853, height: 600 });
    await p.screenshot({ path: path.join(OUT, 'nativeviews-drive-853.png') });
    // "Remove the native joint": the view without it
    await Promise.all([p.waitForEvent('load'), p.click('#view .native-remove')]);
    await p.waitForFunction(() => document.body.dataset.ready === 'true', null, { timeout: 20_000 });
    expect(await p.locator('#drive-native-band').isHidden() && !/drive\.native=/.test(p.url()), `the native joint stays after Remove: ${p.url()}`);
    await p.close();
    return `band ±${fl} N·m at τm = 0, width 2·frictionloss at ${widths.length} points`;
  });
  await check('nativeviews: in French, the native joint\'s sentences of the drive and Pendulum views are French', async () => {
    if (!ref) return missing;
    if (!fs.existsSync(nativeFile)) return { skip: 'no native file (the table check failed)' };
    const json = encodeURIComponent(JSON.stringify(JSON.parse(fs.readFileSync(nativeFile, 'utf8'))));
    const { page: d } = await openPage(`?lang=fr&view=drive&drive.native=${json}`, 'drive');
    const band = await d.locator('#drive-native-band').textContent();
    const remove = await d.locator('#view .native-remove').textContent();
    await d.close();
    expect(/^Articulation native de MuJoCo/.test(band) && /quelle que soit la charge/.test(band) && remove === 'Retirer l\'articulation native',
      `the drive view's native sentence in French: ${band} / ${remove}`);
    const { page: p } = await openPage(`?lang=fr&view=pendulum&pendulum.paused=1&pendulum.native=${json}`, 'pendulum');
    const note = await p.locator('#replay-native-note').textContent();
    await p.close();
    expect(/^À côté de M1–M6\u00a0: l'articulation propre de MuJoCo/.test(note) && !/restatement|replayed/.test(note), `the replay note in French: ${note}`);
    return 'drive band, Remove and the replay note in French';
  });
}
