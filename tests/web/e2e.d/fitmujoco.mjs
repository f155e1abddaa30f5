// fitmujoco.mjs: e2e checks of "a fitted model is what MuJoCo runs": the
// Fit view's integrator (web/src/views/fit/) and the In MuJoCo view's log
// table beside the model's own replay (web/src/views/mujoco/replay.js, through web/src/mujoco/replay.js).
//
//   fit         the Fit view's Integrator offers bam (the default) and
//               mujoco; with mujoco, a small fit (M4, 2 shared xl330 logs,
//               budget 300, seed 1) ends with a result that says mujoco; its
//               params file ("Copy as JSON") is byte for byte `friction fit
//               --integrator mujoco` of the same logs, budget and seed;
//               its training MAE equals the mean of real MuJoCo 2.2.2's
//               (`friction mujoco`) on the written file to 1e-9 rad, and the
//               note beside the choice names the implicit treatment it fits;
//               "Open in bench" carries pendulum.integrator=mujoco, "Open in
//               drive" drive.integrator=mujoco; the MuJoCo snippet and the
//               exact bench's script and C file say the numbers assume
//               integrator mujoco; screenshots build/e2e/fitmujoco-fit-side.png
//               (the side panel, mujoco chosen) and fitmujoco-fit.png (the
//               result), 1280×900
//   mujoco      "Open in MuJoCo" opens the In MuJoCo view on that params
//               file; 4 shared xl330 logs dropped on its replay box give a
//               row each: the model's own column (the bench, integrator
//               mujoco) equals `friction replay --params FILE --friction
//               implicit` and (C) equals `friction mujoco --log` (MuJoCo
//               2.2.2) to 1e-9 rad; the |(C) − own| column is ≤ 1e-9 rad on
//               every log and the sentence under the table says they agree;
//               screenshot build/e2e/fitmujoco-mujoco.png (1280×900)
//   bam         the same view with a bam params file (the published xl330 M4)
//               says (C) differs from the model's own replay, by the
//               percentage the table's numbers give
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

const TOL = 1e-9;

/** Drops the files [[name, text], …] at once on selector. */
async function dropFiles(page, list, selector) {
  return page.evaluate(({ list, selector }) => {
    const dt = new DataTransfer();
    for (const [name, text] of list) dt.items.add(new File([text], name, { type: 'application/json' }));
    const target = document.querySelector(selector);
    for (const type of ['dragenter', 'dragover', 'drop']) target.dispatchEvent(new DragEvent(type, { dataTransfer: dt, bubbles: true, cancelable: true }));
  }, { list, selector });
}

export default async function fitmujoco(h) {
  const { check, expect, openPage, waitFor, OUT, LOG_DIR, CLI } = h;
  const files = fs.existsSync(LOG_DIR) ? fs.readdirSync(LOG_DIR).filter((f) => f.endsWith('.json')).sort() : [];
  const missing = { skip: `${h.MISSING_DATA}: ${LOG_DIR}` };
  const TMP = fs.mkdtempSync(path.join(os.tmpdir(), 'fitmujoco-'));
  const cli = (args) => spawnSync(CLI, args, { encoding: 'utf8' });
  const maeOf = (out) => Number(/mae (\S+) rad/.exec(out)?.[1]);
  let paramsText = null, mujocoHref = null;

  const { page } = await openPage('?view=fit&fit.model=m4&fit.budget=300&fit.seed=1', 'fit');
  await page.setViewportSize({ width: 1280, height: 900 });
  await check('fitmujoco: the Fit view fits with integrator mujoco; its params file = `friction fit --integrator mujoco`, its links and MuJoCo exports carry it', async () => {
    if (files.length < 2) return missing;
    const sel = page.locator('#fit-integrator select');
    const opts = await sel.locator('option').evaluateAll((os) => os.map((o) => o.value));
    expect(opts.join(',') === 'bam,mujoco', `the integrator offers ${opts.join(', ')}`);
    expect(await sel.inputValue() === 'bam', 'bam is not the default');
    await sel.selectOption('mujoco');
    const treat = await page.locator('#fit-integrator-treatment').textContent();
    expect(/implicit/.test(treat) && /MuJoCo/.test(treat), `the note beside the integrator does not name the implicit treatment: ${treat}`);
    const two = files.slice(0, 2).map((f) => path.join(LOG_DIR, f));
    await page.setInputFiles('#fit-file', two);
    await waitFor(() => page.evaluate(() => document.querySelectorAll('#fit-logs tbody tr').length === 2 || null), 5000);
    await page.locator('#fit-integrator').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(OUT, 'fitmujoco-fit-side.png') });
    await page.click('#fit-run');
    await waitFor(() => page.evaluate(() => (document.querySelector('.fit-view')?.dataset.fit === 'done' ? true : null)), 120_000, 200);
    const note = await page.locator('#fit-integrator-note').getAttribute('data-integrator');
    expect(note === 'mujoco', `the result says integrator ${note}`);
    await page.click('#fit-copy');
    paramsText = await page.locator('#fit-json').inputValue();
    const out = path.join(TMP, 'm4.json');
    const r = cli(['fit', '--actuator', 'xl330', '--model', 'm4', '--budget', '300', '--seed', '1', '--integrator', 'mujoco', '--out', out, ...two]);
    expect(r.status === 0, r.stderr);
    const native = fs.readFileSync(out, 'utf8');
    expect(paramsText === native, `the page's params file differs from friction fit's:\n${paramsText}\n${native}`);
    // the training MAE the view reports = real MuJoCo 2.2.2 running the written file (the mean of its per-log MAE)
    const shown = Number(await page.locator('#fit-train-mae td.num').nth(1).getAttribute('data-mae'));
    const mj = two.map((L) => {
      const x = path.join(TMP, 'bench.xml');
      fs.writeFileSync(x, cli(['mujoco-model', '--log', L, '--params', out]).stdout);
      return maeOf(cli(['mujoco', x, '--joint', 'joint', '--params', out, '--log', L]).stdout);
    });
    const mjMean = mj.reduce((a, b) => a + b, 0) / mj.length;
    expect(Math.abs(shown - mjMean) <= TOL, `the view's training MAE ${shown} rad, MuJoCo 2.2.2 ${mjMean} rad (per log ${mj.join(', ')})`);
    const bench = await page.locator('#fit-open-bench').getAttribute('href');
    const drive = await page.locator('#fit-open-drive').getAttribute('href');
    mujocoHref = await page.locator('#fit-open-mujoco').getAttribute('href');
    expect(new URLSearchParams(bench).get('pendulum.integrator') === 'mujoco', `Open in bench: ${bench}`);
    expect(new URLSearchParams(drive).get('drive.integrator') === 'mujoco', `Open in drive: ${drive}`);
    expect(JSON.parse(new URLSearchParams(mujocoHref).get('mujoco.params')).integrator === 'mujoco', `Open in MuJoCo: ${mujocoHref}`);
    await page.click('#fit-mujoco');
    const snippet = await page.locator('#fit-json').inputValue();
    expect(/Integrator: these numbers assume integrator mujoco/.test(snippet), 'the snippet does not say integrator mujoco');
    await page.click('#fit-mujoco-bench');
    const files4 = await page.locator('#fit-json').inputValue();
    const says = (files4.match(/Integrator: these numbers assume integrator mujoco/g) || []).length;
    expect(says === 2, `the exact bench says integrator mujoco ${says} times (the script and the C file: 2)`);
    expect(/"integrator": "mujoco"/.test(files4), 'the exact bench\'s params file has no "integrator": "mujoco"');
    await page.click('#fit-copy');
    await page.locator('#fit-result').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(OUT, 'fitmujoco-fit.png') });
    return `params file = friction fit's (${native.length} bytes, "integrator": "mujoco"); training MAE = MuJoCo 2.2.2's within ${Math.abs(shown - mjMean).toExponential(1)} rad; links and exports carry mujoco`;
  });
  await page.close();

  const four = [0, 5, 10, 15].map((i) => files[i]).filter(Boolean);
  /** Drops the four logs on the In MuJoCo view at query; returns the replay hook. */
  const replayed = async (query) => {
    const { page: p } = await openPage(query, 'mujoco');
    await p.setViewportSize({ width: 1280, height: 900 });
    await waitFor(() => p.evaluate(() => window.__fx?.mujoco?.version || null), 60_000, 200);
    await dropFiles(p, four.map((f) => [f, fs.readFileSync(path.join(LOG_DIR, f), 'utf8')]), '#mujoco-log-drop');
    await waitFor(() => p.evaluate(() => (window.__fx.mujoco.replay.logs?.length === 4 ? true : null)), 120_000, 200);
    const hook = await p.evaluate(() => ({ logs: window.__fx.mujoco.replay.logs, integrator: window.__fx.mujoco.replay.integrator,
      worstGap: window.__fx.mujoco.replay.worstGap, agree: document.getElementById('mujoco-replay-agree').textContent,
      gaps: [...document.querySelectorAll('#mujoco-replay-table tr[data-replay=log] td[data-gap]')].map((t) => Number(t.dataset.gap)) }));
    return { p, hook };
  };

  await check('fitmujoco: In MuJoCo, a model fitted with integrator mujoco: per log the model\'s own = friction replay, (C) = friction mujoco, |(C) − own| ≤ 1e-9 rad', async () => {
    if (!paramsText || four.length < 4) return missing;
    const P = path.join(TMP, 'fit.json');
    fs.writeFileSync(P, paramsText);
    const { p, hook } = await replayed(mujocoHref);
    const bad = [];
    expect(hook.integrator === 'mujoco', `the view replays with integrator ${hook.integrator}`);
    hook.logs.forEach((d, i) => {
      const L = path.join(LOG_DIR, d.name), X = path.join(TMP, 'b.xml');
      fs.writeFileSync(X, cli(['mujoco-model', '--log', L, '--params', P]).stdout);
      const own = maeOf(cli(['replay', '--params', P, '--friction', 'implicit', L]).stdout);
      const mj = maeOf(cli(['mujoco', X, '--joint', 'joint', '--params', P, '--log', L]).stdout);
      const c = d.rows.find((r) => r.id === 'implicit').mae;
      if (!(Math.abs(d.rows[0].mae - own) <= TOL)) bad.push(`${d.name}: own ${d.rows[0].mae}, friction replay ${own}`);
      if (!(Math.abs(c - mj) <= TOL)) bad.push(`${d.name}: (C) ${c}, friction mujoco ${mj}`);
      if (!(hook.gaps[i] <= TOL)) bad.push(`${d.name}: |(C) − own| ${hook.gaps[i]}`);
    });
    expect(!bad.length, bad.join('; '));
    expect(/agree|as the model's own replay does/.test(hook.agree), `the sentence: ${hook.agree}`);
    await p.locator('#mujoco-replay-table').scrollIntoViewIfNeeded();
    await p.screenshot({ path: path.join(OUT, 'fitmujoco-mujoco.png') });
    await p.close();
    return `4 logs, largest |(C) − own| ${hook.worstGap.toExponential(2)} rad; "${hook.agree}"`;
  });

  await check('fitmujoco: In MuJoCo, the published xl330 M4 (integrator bam): the sentence says (C) differs from the model\'s own replay, by the table\'s percentage', async () => {
    if (four.length < 4) return missing;
    const { p, hook } = await replayed('?view=mujoco&mujoco.actuator=xl330&mujoco.model=m4');
    await p.close();
    expect(hook.integrator === 'bam', `integrator ${hook.integrator}`);
    const rel = Math.max(...hook.logs.map((d) => Math.abs(d.rows.find((r) => r.id === 'implicit').mae / d.rows[0].mae - 1)));
    expect(hook.agree.includes(`up to ${(rel * 100).toFixed(1)} %`), `the sentence: ${hook.agree} (table: ${(rel * 100).toFixed(1)} %)`);
    expect(hook.worstGap > TOL, `bam: (C) within ${hook.worstGap} rad of the bench`);
    return hook.agree;
  });
  fs.rmSync(TMP, { recursive: true });
}
