// fitnative.mjs: e2e checks of MuJoCo's own joint ('native') in the Fit
// view (web/src/fitModels.js, results.js; its fit in
// workers/fitCoordinator.js through core.native.fitter, one generation at a
// time).
//
//   native    the model choice offers native; with it, the bundled sample
//             log ("Try a sample" of the URL, fit.sample=1), budget 200,
//             seed 1: the fit ends with the progress bar full, a result
//             table of MuJoCo's keys with units, a row "native" in the
//             models' table and the sentence under it (stiction above
//             Coulomb, load dependence); the downloaded params file
//             ("model": "native") read back by `friction replay` gives the
//             training MAE the row shows (1e-9 rad); the "In MuJoCo: (A)
//             and Your robot" link carries the same parameters; screenshot
//             build/e2e/fitnative.png (1280×900)
//   all       "Fit all models" (budget 200) with "fits native too" ticked
//             (unticked, the default, it fits M1…M6: fit.mjs) has rows M1…M6 and native; the
//             sentence names the best M-model of the table by training MAE
//             (one log: no validation) and the native MAE the table shows
//   integ     with the integrator mujoco in the URL and native the model: the
//             integrator control is disabled with the sentence that native
//             runs MuJoCo's own Euler; the fit (same sample, budget, seed)
//             gives the training MAE of the bam-integrator fit above, to the
//             last bit; choosing M1 enables the control with mujoco kept
//   gens      a native fit of the default budget (12000, hundreds of
//             generations) on the sample: the bar, recorded in the page
//             as each value is set while it runs, takes values strictly between 0 and 1
//             (several, rising); the "Best training MAE per generation"
//             chart gets a native line of more than one point, its
//             generations rising and its MAE never rising, the last point
//             the training MAE of the native row
//             the done line names one worker (the coordinator), no evaluation workers
//   french    on the French page (budget 3000) every progress line's phase
//             is French ("premier passage", "redémarrage k": the core's
//             parts as sentences), no English word in it, and the done line too
//   cancel    a native fit with a large budget: Cancel leaves no fit worker
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

const SAMPLE = 'samples/xl330-sin_sin-simulated.json';
const liveFitWorkers = (page) => page.workers().filter((w) => /fit(Eval|Coordinator)\.worker\.js/.test(w.url())).length;

export default async function fitnative(h) {
  const { check, expect, openPage, waitFor, OUT, ROOT, CLI } = h;
  const sample = path.join(ROOT, SAMPLE);
  const { page } = await openPage('?view=fit&fit.model=native&fit.budget=200&fit.seed=1&fit.sample=1', 'fit');
  await page.setViewportSize({ width: 1280, height: 900 });
  const done = () => waitFor(() => page.evaluate(() => (document.querySelector('.fit-view')?.dataset.fit === 'done' ? true : null)), 180_000, 200);
  const rows = () => page.evaluate(() => [...document.querySelectorAll('#fit-all-table tbody tr')].map((tr) => ({
    model: tr.dataset.model, mae: [...tr.querySelectorAll('td[data-mae]')].map((td) => Number(td.dataset.mae)) })));
  let fitted = false, nativeTrain = NaN;

  await check('fitnative: native is a model of the Fit view; its row, the sentence, and its file read back by `friction replay`', async () => {
    const opts = await page.locator('select').evaluateAll((ss) => ss.flatMap((s) => [...s.options].map((o) => o.value)));
    expect(opts.includes('native'), `the model choice offers ${opts.join(', ')}`);
    await waitFor(() => page.evaluate(() => document.querySelectorAll('#fit-logs tbody tr').length === 1 || null), 10_000);
    await page.click('#fit-run');
    await done();
    fitted = true;
    const bar = await page.locator('#fit-progress').evaluate((b) => b.value);
    expect(bar === 1, `the progress bar ends at ${bar}`);
    const keys = await page.evaluate(() => [...document.querySelectorAll('#fit-result-table tbody tr[data-key]')].map((tr) => [tr.dataset.key, tr.querySelector('.unit').textContent]));
    const names = Object.fromEntries(keys);
    expect(names.frictionloss === 'N·m' && names.damping === 'N·m·s/rad' && names.armature === 'kg·m²' && names.kp === 'N·m/rad',
      `the result's keys and units: ${JSON.stringify(keys)}`);
    const r = await rows();
    expect(r.length === 1 && r[0].model === 'native', `the models' table: ${JSON.stringify(r)}`);
    const train = r[0].mae[1];
    nativeTrain = train;
    const gap = page.locator('#fit-native-gap');
    expect(await gap.isVisible(), 'no sentence under the table');
    const text = await gap.textContent();
    expect(/stiction/.test(text) && /load/.test(text), `the sentence: ${text}`);
    await page.screenshot({ path: path.join(OUT, 'fitnative.png') });
    const [dl] = await Promise.all([page.waitForEvent('download'), page.click('#fit-download')]);
    const file = path.join(OUT, 'fitnative.json');
    fs.copyFileSync(await dl.path(), file);
    const json = JSON.parse(fs.readFileSync(file, 'utf8'));
    expect(json.model === 'native' && json.actuator === 'xl330' && 'frictionloss' in json, `the file: ${JSON.stringify(json)}`);
    // the hand-off to In MuJoCo ((A) and Your robot): the same parameters as the file
    const use = new URLSearchParams((await page.locator('#fit-native-use').getAttribute('href')).replace(/^\?/, ''));
    expect(use.get('view') === 'mujoco' && use.get('mujoco.actuator') === 'xl330' && JSON.stringify(JSON.parse(use.get('mujoco.native'))) === JSON.stringify(json),
      `the hand-off link: ${use}`);
    const rep = spawnSync(CLI, ['replay', '--params', file, sample], { encoding: 'utf8' });
    expect(rep.status === 0, `friction replay: ${rep.stderr}`);
    const cliMae = Number(/mae (\S+) rad/.exec(rep.stdout)?.[1]);
    expect(Math.abs(cliMae - train) <= 1e-9, `the row's training MAE ${train}, friction replay ${cliMae}`);
    return `native training MAE ${train.toFixed(6)} rad = friction replay ${cliMae.toFixed(6)} rad; ${keys.length} MuJoCo keys`;
  });

  await check('fitnative: "Fit all models" puts native beside M1…M6; the sentence compares it with the best M-model', async () => {
    if (!fitted) return { skip: 'no finished native fit (the previous check failed)' };
    await page.check('#fit-all-native input');
    expect(/[?&]fit\.allnative=1/.test(page.url()), `the URL does not keep the tick: ${page.url()}`);
    await page.click('#fit-all');
    await done();
    const r = await rows();
    expect(r.map((x) => x.model).join() === 'm1,m2,m3,m4,m5,m6,native', `rows ${r.map((x) => x.model).join()}`);
    const ms = r.filter((x) => x.model !== 'native');
    const best = ms.reduce((a, b) => (b.mae[1] < a.mae[1] ? b : a));
    const nat = r.find((x) => x.model === 'native').mae[1];
    const d = await page.locator('#fit-native-gap').evaluate((p) => ({ ...p.dataset, text: p.textContent }));
    expect(d.on === 'train' && d.bestModel === best.model && Number(d.best) === best.mae[1] && Number(d.native) === nat,
      `the sentence's numbers ${JSON.stringify(d)}, the table's best ${best.model} ${best.mae[1]}, native ${nat}`);
    expect(d.text.includes(best.model.toUpperCase()) && d.text.includes(nat.toFixed(5)) && d.text.includes(best.mae[1].toFixed(5)),
      `the sentence: ${d.text}`);
    return `native ${nat.toFixed(5)} rad, best ${best.model} ${best.mae[1].toFixed(5)} rad`;
  });

  await check('fitnative: the integrator control does not apply to native (disabled, said); the native fit ignores it', async () => {
    if (!fitted) return { skip: 'no finished native fit' };
    const { page: p3 } = await openPage('?view=fit&fit.model=native&fit.integrator=mujoco&fit.budget=200&fit.seed=1&fit.sample=1', 'fit');
    const ctl = () => p3.evaluate(() => ({ disabled: document.querySelector('#fit-integrator select').disabled,
      value: document.querySelector('#fit-integrator select').value, note: document.querySelector('#fit-integrator-treatment').textContent,
      noteFor: document.querySelector('#fit-integrator-treatment').dataset.integrator }));
    const c = await ctl();
    expect(c.disabled && c.noteFor === 'native' && /MuJoCo/.test(c.note) && /M1–M6/.test(c.note), `the control with native: ${JSON.stringify(c)}`);
    await waitFor(() => p3.evaluate(() => document.querySelectorAll('#fit-logs tbody tr').length === 1 || null), 10_000);
    await p3.click('#fit-run');
    await waitFor(() => p3.evaluate(() => (document.querySelector('.fit-view')?.dataset.fit === 'done' ? true : null)), 180_000, 200);
    const train = await p3.evaluate(() => Number([...document.querySelectorAll('#fit-all-table tbody tr[data-model="native"] td[data-mae]')][1]?.dataset.mae));
    expect(train === nativeTrain, `native training MAE with the integrator mujoco ${train}, with bam ${nativeTrain}`);
    await p3.selectOption('.fit-view select:has(option[value="native"])', 'm1');
    const m1 = await ctl();
    expect(!m1.disabled && m1.value === 'mujoco' && m1.noteFor === 'mujoco', `the control with M1: ${JSON.stringify(m1)}`);
    await p3.close();
    return `disabled for native; training MAE ${train} with mujoco = ${nativeTrain} with bam; enabled again for M1 (mujoco kept)`;
  });

  await check('fitnative: a native fit reports each generation: the bar moves through the run, the per-generation chart fills', async () => {
    if (!fitted) return { skip: 'no finished native fit' };
    const budget = 12000;   // the native model's default (core.native.defaultBudget)
    const { page: p4 } = await openPage(`?view=fit&fit.model=native&fit.budget=${budget}&fit.seed=1&fit.sample=1`, 'fit');
    await waitFor(() => p4.evaluate(() => document.querySelectorAll('#fit-logs tbody tr').length === 1 || null), 10_000);
    // every value the page gives the bar while the fit runs, recorded as it is
    // set (a timer sampling it fired 43 times in a whole fit on a loaded machine)
    await p4.evaluate(() => {
      const bar = document.querySelector('#fit-progress');
      window.__bars = [bar.value];
      window.__barWatch = new MutationObserver(() => window.__bars.push(bar.value));
      window.__barWatch.observe(bar, { attributes: true, attributeFilter: ['value'] });
    });
    await p4.click('#fit-run');
    await waitFor(() => p4.evaluate(() => (document.querySelector('.fit-view')?.dataset.fit === 'done' ? true : null)), 180_000, 100);
    const got = await p4.evaluate(() => {
      window.__barWatch.disconnect();
      const chart = [...window.__fx.charts.all].find((c) => /per CMA-ES generation/.test(c.canvas.getAttribute('aria-label') || ''));
      const ds = chart?.data.datasets.find((d) => d.model === 'native');
      return { bars: window.__bars, points: ds ? ds.data.map((q) => [q.x, q.y]) : null, doneText: document.getElementById('fit-progress-text').textContent,
        row: Number([...document.querySelectorAll('#fit-all-table tbody tr[data-model="native"] td[data-mae]')][1]?.dataset.mae) };
    });
    await p4.close();
    const mid = got.bars.filter((v) => v > 0 && v < 1);
    const distinct = [...new Set(mid)];
    expect(distinct.length >= 3, `the bar's values strictly between 0 and 1 while fitting: ${distinct.length} distinct (${got.bars.length} values set)`);
    expect(mid.every((v, i) => i === 0 || v >= mid[i - 1]), 'the bar went back');
    const pts = got.points;
    expect(pts && pts.length > 1, `the per-generation chart's native line: ${pts ? pts.length : 'none'} points`);
    expect(pts.every(([x, y], i) => i === 0 || (x > pts[i - 1][0] && y <= pts[i - 1][1])), 'the native line: generations not rising or MAE rising');
    expect(pts.at(-1)[1] === got.row, `the line's last MAE ${pts.at(-1)[1]}, the row's ${got.row}`);
    // the native fit runs in the coordinator alone: the done line names no evaluation workers
    expect(/in one worker/.test(got.doneText) && !/evaluation workers/.test(got.doneText), `the done line: '${got.doneText}'`);
    return `budget ${budget}: ${distinct.length} bar values in (0, 1) over ${got.bars.length} values set; ${pts.length} generations charted, `
      + `${pts[0][1].toFixed(5)} -> ${pts.at(-1)[1].toFixed(5)} rad`;
  });

  // the progress line on the French page: the search's phase
  // (the core's "first run", "restart k": fric_fit_progress_phase_part) and
  // the done line in French, no English word of them (the words by hand)
  await check('fitnative: on the French page the progress line\'s phase and the done line are French', async () => {
    if (!fitted) return { skip: 'no finished native fit' };
    const { page: p5 } = await openPage('?view=fit&lang=fr&fit.model=native&fit.budget=3000&fit.seed=1&fit.sample=1', 'fit');
    try {
      await waitFor(() => p5.evaluate(() => document.querySelectorAll('#fit-logs tbody tr').length === 1 || null), 10_000);
      await p5.evaluate(() => {
        const text = document.getElementById('fit-progress-text');
        window.__texts = new Set();
        window.__textTimer = setInterval(() => window.__texts.add(text.textContent), 10);
      });
      await p5.click('#fit-run');
      await waitFor(() => p5.evaluate(() => (document.querySelector('.fit-view')?.dataset.fit === 'done' ? true : null)), 180_000, 100);
      const { texts, done } = await p5.evaluate(() => {
        clearInterval(window.__textTimer);
        return { texts: [...window.__texts], done: document.getElementById('fit-progress-text').textContent };
      });
      const phased = texts.filter((x) => /génération/.test(x));
      expect(phased.length > 0, `no progress line seen: ${texts.slice(0, 3).join(' | ')}`);
      expect(phased.every((x) => /\((premier passage|redémarrage \d+), λ/.test(x)), `a progress line without its French phase: ${phased.find((x) => !/\((premier passage|redémarrage \d+), λ/.test(x))}`);
      expect(!texts.some((x) => /first run|restart|evaluation/.test(x)), `English in the progress line: ${texts.find((x) => /first run|restart|evaluation/.test(x))}`);
      expect(/dans un seul worker/.test(done) && !/workers d'évaluation/.test(done), `the done line: '${done}'`);
      return `${phased.length} progress lines, e.g. '${phased[0]}'; done: '${done}'`;
    } finally {
      await p5.close();
    }
  });

  await check('fitnative: Cancel of a native fit leaves no fit worker', async () => {
    if (!fitted) return { skip: 'no finished native fit' };
    const { page: p2 } = await openPage('?view=fit&fit.model=native&fit.budget=1000000&fit.seed=1&fit.sample=1', 'fit');
    await waitFor(() => p2.evaluate(() => document.querySelectorAll('#fit-logs tbody tr').length === 1 || null), 10_000);
    await p2.click('#fit-run');
    // the native fit is stepped in the coordinator: it runs once the evaluators hold the batch ('ready')
    await waitFor(() => p2.evaluate(() => (document.querySelector('.fit-view')?.dataset.readySeconds ? true : null)), 30_000);
    await p2.click('#fit-cancel');
    const c = await waitFor(async () => ((await p2.evaluate(() => window.__fx.fit.workers.size)) === 0 && liveFitWorkers(p2) === 0 ? true : null), 5000);
    expect(c, 'fit workers left after Cancel');
    await p2.close();
    return 'no fit worker after Cancel';
  });
}
