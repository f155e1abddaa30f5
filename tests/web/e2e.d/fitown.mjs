// fitown.mjs: e2e checks of the Fit view with a servo of one's own: the four
// raw STS3215 logs of ../shared/data/bam/logs/sts3215/raw (about 47 Hz, motor
// field "sts3250", only an M1 preset published): a servo of one's own.
//
//   alias      the logs are read as sts3215; the view shows the core's
//              sentence for the motor name, the very line `friction fit`
//              prints on the same logs without --actuator (consistency
//              check: one C function, fric_bench_actuator_note, behind
//              both); the samples column says each log was resampled, from
//              how many entries at what rate (the rate counted here from the
//              logs' timestamps, the step from the core's FRIC_IO_RESAMPLE_DT)
//   m4         M4 (no published preset) fits: the published column is "—"
//              for every parameter and both MAEs; the training MAE equals
//              `friction fit --model m4` with the same logs, split, budget
//              and seed, and the browser's validation MAE equals `friction
//              replay` of the browser's downloaded params file on the
//              validation log (consistency checks: wasm against native, to
//              1e-12 relative: the libm of each differs by a few ulp); the caution the
//              view shows (a trajectory held out with no training log) is the
//              CLI's caution line
//   fit all    M1..M6 chained: six rows, a number as published MAE for the
//              published files (M1, M6) and "—" for the others, no published
//              bar for those; each model's training MAE equals `friction fit
//              --model all` to 1e-12 (consistency check); the view says which model
//              it shows and why, and that is the lowest validation MAE of the
//              table
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { viewState, resultTable } from './fit.mjs';

const BUDGET = 200, SEED = 3;

export default async function fitOwnChecks(h) {
  const { check, expect, openPage, ROOT, LOG_DIR, waitFor, logProblems } = h;
  const names = [
    'fit own servo: raw sts3250 logs read as sts3215 with the CLI\'s sentence; samples say resampled from what; the one-rig-setup warning is the CLI\'s',
    'fit own servo: M4 without a published preset fits; published "—"; equals `friction fit` and `friction replay` (consistency)',
    'fit own servo: Fit all on sts3215: published M1 and M6, "—" for M2..M5, training MAEs equal `friction fit --model all`; says why it shows its model',
    'fit own servo: a published value outside its box (xl330 M4 α = 0.76 in [1, 10]) is marked, not silently held',
    'fit own servo: no console error or failed request',
    'fit own servo: M4\'s "Open in drive" carries the fitted firmware keys (error gain ratio, smoothing rate) of its params file, not the published sts3215 ones',
    'fit own servo: a kt held for the xl330 is dropped, and said, when the sts3215 logs set the actuator (it stayed held, unsaid)',
  ];
  if (!h.requireViews(['fit'], names)) return;
  const STS = path.resolve(LOG_DIR, '../../sts3215/raw');
  const files = fs.existsSync(STS) ? fs.readdirSync(STS).filter((f) => f.endsWith('.json')).sort() : [];
  const paths = files.map((f) => path.join(STS, f));
  const missing = { skip: `missing shared data: the four raw logs of ${STS}` };
  const BIN = path.join(ROOT, 'build/native/friction');
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'fitown-'));
  const cli = (args) => {
    const r = spawnSync(BIN, args, { encoding: 'utf8' });
    expect(r.status === 0, `friction ${args.join(' ')}: exit ${r.status}: ${(r.stderr || '').trim().slice(0, 300)}`);
    return r.stdout;
  };
  const logs = files.map((f) => JSON.parse(fs.readFileSync(path.join(STS, f), 'utf8')));
  // the one log held out: up_and_down (no other log of that trajectory)
  const held = files.findIndex((_, i) => logs[i].trajectory === 'up_and_down');
  const pages = [];
  const open = async (q) => { const p = await openPage(q, 'fit'); pages.push(p); return p.page; };
  const give = async (p) => {
    await p.setInputFiles('#fit-file', paths);
    return waitFor(async () => { const x = await viewState(p); return x.rows.length === files.length ? x : null; }, 10_000);
  };
  const holdOut = async (p) => {
    await p.locator('#fit-logs tbody input[type=checkbox]').nth(held).check();
    return waitFor(async () => { const x = await viewState(p); return x.rows[held].valid ? x : null; }, 3000);
  };
  /** The Fit view at M4 (the checks' budget and seed) with the four logs
   *  given and up_and_down held out. */
  const openHeldOut = async () => {
    const p = await open(`?view=fit&fit.model=m4&fit.budget=${BUDGET}&fit.seed=${SEED}`);
    expect(await give(p), 'the four logs are not listed');
    expect(await holdOut(p), 'the up_and_down log could not be held out');
    return p;
  };
  const finish = (p, ms) => waitFor(async () => { const x = await viewState(p); return x.fit === 'done' || x.runError ? x : null; }, ms, 200);

  await check(names[0], async () => {
    if (files.length !== 4) return missing;
    const p = await open('?view=fit&fit.actuator=xl330');
    const s = await give(p);
    expect(s, 'the four logs are not listed');
    const actuator = await p.evaluate(() => [...document.querySelectorAll('#view select')].map((x) => x.value));
    expect(actuator.includes('sts3215'), `the actuator is not sts3215: ${actuator.join()}`);
    // the model choice names as many free parameters as the search-space
    // table ticks for the actuator the logs set (it named xl330's count)
    const count = await p.evaluate(() => {
      const sel = [...document.querySelectorAll('#view select')].find((x) => /^m\d$/.test(x.value));
      const ticked = [...document.querySelectorAll('#view table input[type=checkbox]')].filter((c) => c.closest('table').querySelector('th')?.textContent === 'parameter' && c.checked).length;
      return { label: sel.selectedOptions[0].textContent, ticked };
    });
    expect(new RegExp(`\\(${count.ticked} free parameters\\)$`).test(count.label), `model choice '${count.label}', the table ticks ${count.ticked}`);
    // the CLI on the same logs without --actuator (a tiny budget: only its first lines are read)
    const out = cli(['fit', '--model', 'm1', '--budget', '20', '--out', path.join(tmp, 'm1.json'), ...paths]);
    const line = out.split('\n').find((l) => /sts3250/.test(l));
    expect(line, `friction fit printed no line about sts3250: ${out.slice(0, 300)}`);
    expect(s.warning.includes(line), `the view says '${s.warning}', the CLI '${line}'`);
    expect(!s.error, `a refusal: ${s.error}`);
    // resampled: entries and their rate from the logs themselves, the step of the core (5 ms)
    s.rows.forEach((r, i) => {
      const e = logs[i].entries, hz = Math.round((e.length - 1) / (e[e.length - 1].timestamp - e[0].timestamp));
      const want = new RegExp(`^\\d+ \\(resampled from ${e.length} entries at ${hz} Hz to 200 Hz\\)$`);
      expect(want.test(r.cells[3]), `${r.name}: samples '${r.cells[3]}', expected ${want}`);
      expect(hz >= 30 && hz <= 70, `${r.name}: ${hz} Hz is not a raw log's rate (about 47 Hz)`);
    });
    // one rig setup (M4, the view's default model): the core's sentence under
    // the Fit buttons, the one `friction fit` prints on stderr, naming the
    // logs' own mass and length
    const r = spawnSync(BIN, ['fit', '--model', 'm4', '--budget', '60', '--out', path.join(tmp, 'm4.json'), ...paths], { encoding: 'utf8' });
    const cliRig = ((r.stderr || '').split('\n').find((l) => l.startsWith('fit: warning: ')) || '').slice('fit: warning: '.length);
    // its K_l drawn as K<sub>l</sub> (web/src/dom.js symbolNodes): read back as the core's marks
    const rig = await p.evaluate(() => { const w = document.getElementById('fit-rig-warning'); const marked = (n) => (n.nodeType === Node.TEXT_NODE ? n.textContent : /^SU[BP]$/.test(n.tagName) ? [...n.textContent].map((c) => (n.tagName === 'SUB' ? '_' : '^') + c).join('') : [...n.childNodes].map(marked).join('')); return w && !w.hidden ? marked(w) : ''; });
    expect(rig && rig === cliRig, `the view's rig warning '${rig}' != the CLI's '${cliRig}'`);
    expect(rig.includes(`mass ${logs[0].mass} kg`) && rig.includes(`length ${logs[0].length} m`), `the rig warning names no mass/length: '${rig}'`);
    return `'${line}'; ${s.rows.map((r) => r.cells[3]).join('; ')}; '${rig.slice(0, 80)}…'`;
  });

  await check(names[1], async () => {
    if (files.length !== 4) return missing;
    const p = await openHeldOut();
    await p.click('#fit-run');
    const s = await finish(p, 90_000);
    expect(s && s.fit === 'done', `M4 did not fit: '${s?.runError || (await viewState(p)).text}'`);
    const t = await resultTable(p);
    const dashes = await p.evaluate(() => [...document.querySelectorAll('#fit-result-table tbody tr')]
      .map((tr) => tr.querySelectorAll('td')[1].textContent));
    expect(dashes.length > 0 && dashes.every((x) => x === '—'), `published column: ${dashes.join(' | ')}`);
    expect(Number.isNaN(t.trainPub) && Number.isNaN(t.validPub), `published MAEs ${t.trainPub}, ${t.validPub}`);
    // the same fit from the command line (consistency check: native against wasm)
    const outFile = path.join(tmp, 'm4.json');
    const out = cli(['fit', '--actuator', 'sts3215', '--model', 'm4', '--budget', String(BUDGET), '--seed', String(SEED),
      '--validate', paths[held], '--out', outFile, ...paths]);
    // wasm and native agree to rounding (a few ulp of the loss: libm differs), as the timed xl330 fit checks
    const close = (a, b) => Math.abs(a - b) <= 1e-12 * Math.abs(b);
    const cliParams = JSON.parse(fs.readFileSync(outFile, 'utf8'));
    const same = Object.entries(t.params).every(([k, v]) => v === cliParams[k]);
    const train = Number(/training MAE ([0-9.eE+-]+) rad/.exec(out)?.[1]);
    expect(close(t.trainFit, train), `training MAE: browser ${t.trainFit}, CLI ${train}`);
    // the browser's own params file replayed by the CLI on the validation log
    const [dl] = await Promise.all([p.waitForEvent('download'), p.click('#fit-download')]);
    const mine = path.join(tmp, 'browser-m4.json');
    fs.copyFileSync(await dl.path(), mine);
    const rep = cli(['replay', '--params', mine, paths[held]]);
    const valid = Number(/mean: mae ([0-9.eE+-]+) rad/.exec(rep)?.[1]);
    expect(close(t.validFit, valid), `validation MAE: browser ${t.validFit}, friction replay ${valid}`);
    // the caution: the CLI's line under its table, word for word
    const caution = (/caution, M4: (.*)/.exec(out) || [])[1];
    const shown = await p.evaluate(() => { const c = document.getElementById('fit-caution'); const marked = (n) => (n.nodeType === Node.TEXT_NODE ? n.textContent : /^SU[BP]$/.test(n.tagName) ? [...n.textContent].map((c) => (n.tagName === 'SUB' ? '_' : '^') + c).join('') : [...n.childNodes].map(marked).join('')); return c && !c.hidden ? marked(c) : ''; });
    expect(caution && shown === caution, `caution: view '${shown}', CLI '${caution}'`);
    await p.screenshot({ path: path.join(h.OUT, 'fit-own-m4.png'), fullPage: true });
    return `train ${t.trainFit} (CLI ${train}), valid ${t.validFit} (friction replay ${valid}) rad; parameters ${same ? 'bit-identical to' : 'close to'} the CLI's; caution '${shown.slice(0, 80)}…'`;
  });

  await check(names[2], async () => {
    if (files.length !== 4) return missing;
    const p = await openHeldOut();
    await p.click('#fit-all');
    const s = await finish(p, 240_000);
    expect(s && s.fit === 'done', `Fit all did not end: '${s?.runError || (await viewState(p)).text}'`);
    const rows = await p.evaluate(() => [...document.querySelectorAll('#fit-all-table tbody tr')].map((tr) => ({
      model: tr.dataset.model, cells: [...tr.querySelectorAll('[data-mae]')].map((td) => td.textContent),
      mae: [...tr.querySelectorAll('[data-mae]')].map((td) => Number(td.dataset.mae)) })));
    expect(rows.map((r) => r.model).join() === 'm1,m2,m3,m4,m5,m6', `rows ${rows.map((r) => r.model).join()}`);
    // columns: train published, train fitted, valid published, valid fitted
    // the published models: the shared files the reference files under the STS3215
    // (feetech_sts3215_7_4V/m1.json; feetech/m6.json, whose actuator says "sts3250")
    const PARAMS = path.resolve(LOG_DIR, '../../../params');
    const published = new Set(['feetech_sts3215_7_4V', 'feetech'].flatMap((d) => (fs.existsSync(path.join(PARAMS, d))
      ? fs.readdirSync(path.join(PARAMS, d)).filter((f) => /^m\d\.json$/.test(f)).map((f) => f.slice(0, 2)) : [])));
    expect(published.has('m1') && published.has('m6'), `published sts3215 files: ${[...published]}`);
    for (const r of rows) {
      if (published.has(r.model)) expect(Number.isFinite(r.mae[0]) && Number.isFinite(r.mae[2]), `${r.model} (published): ${r.cells.join(' | ')}`);
      else expect(r.cells[0] === '—' && r.cells[2] === '—', `${r.model} published: ${r.cells.join(' | ')}`);
    }
    const bars = await p.evaluate(() => [...window.__fx.charts.all].find((c) => c.config.type === 'bar')?.data.datasets.map((d) => d.data));
    expect(bars && bars[0].every((v, k) => (published.has(`m${k + 1}`) ? Number.isFinite(v) : v === null)), `published bars ${JSON.stringify(bars?.[0])}`);
    const out = cli(['fit', '--model', 'all', '--budget', String(BUDGET), '--seed', String(SEED),
      '--validate', paths[held], '--out', path.join(tmp, 'all'), ...paths]);
    const cliTrain = [...out.matchAll(/m(\d)\.json: sts3215 m\d, training MAE ([0-9.eE+-]+) rad/g)].map((m) => Number(m[2]));
    expect(cliTrain.length === 6, `the CLI wrote ${cliTrain.length} models`);
    const off = rows.map((r, k) => [r, cliTrain[k]]).filter(([r, c]) => !(Math.abs(r.mae[1] - c) <= 1e-12 * c)).map(([r, c]) => `${r.model} ${r.mae[1]} != ${c}`);
    expect(!off.length, `training MAE against the CLI: ${off.join('; ')}`);
    const why = await p.locator('#fit-shown-why').textContent();
    const best = rows.reduce((a, b) => (b.mae[3] < a.mae[3] ? b : a));
    const heading = await p.locator('#fit-result h3').textContent();
    expect(new RegExp(`M${best.model.slice(1)}\\b.*lowest validation MAE`).test(why) && heading.includes(`M${best.model.slice(1)} `),
      `shows '${heading}' because '${why}'; the lowest validation MAE is ${best.model}`);
    await p.screenshot({ path: path.join(h.OUT, 'fit-own-all.png'), fullPage: true });
    // the result as a person sees it, at three window sizes
    for (const [w, hgt] of [[1280, 900], [1024, 768], [853, 600]]) {
      await p.setViewportSize({ width: w, height: hgt });
      await p.locator('#fit-result').scrollIntoViewIfNeeded();
      await p.screenshot({ path: path.join(h.OUT, `fit-own-result-${w}.png`) });
    }
    return `training MAE ${rows.map((r) => `${r.model} ${r.mae[1].toFixed(4)}`).join(', ')} = CLI; '${why}'`;
  });

  await check(names[3], async () => {
    // the published α from the shared file, the box from docs/identification.md (α ∈ [1, 10])
    const pubFile = path.resolve(LOG_DIR, '../../../params/xl330/m4.json');
    if (!fs.existsSync(pubFile)) return { skip: `missing shared data: ${pubFile}` };
    const alpha = JSON.parse(fs.readFileSync(pubFile, 'utf8')).alpha;
    expect(alpha < 1, `the published xl330 M4 α is ${alpha}, inside [1, 10]: this check needs one outside`);
    const p = await open('?view=fit&fit.actuator=xl330&fit.model=m4');
    const row = p.locator('#fit-bounds tr[data-key="alpha"]');
    const value = Number(await row.locator('input[data-field="value"]').inputValue());
    const note = (await row.locator('.fit-outside').textContent().catch(() => '')) || '';
    expect(Math.abs(value - alpha) < 1e-5 * alpha, `held value ${value}, published ${alpha} (shown to 6 digits)`);
    expect(/outside \[1, 10\]/.test(note), `no mark on α: '${note}'`);
    // the row is free (bam's box, bam/model.py: alpha = Parameter(1.35, 1.0, 10.0)): the note says the fit searches the
    // box and holds the value only when unticked, never that a free row's value is held
    expect(await row.locator('input[type="checkbox"]').isChecked(), 'α is free by default');
    expect(/free/.test(note) && /untick/.test(note) && !/held as is|; held,/.test(note), `the note of a free row: '${note}'`);
    const others = await p.locator('#fit-bounds .fit-outside').count();
    expect(others === 1, `${others} parameters marked outside their box; only α is (docs/identification.md)`);
    return `α ${value}: '${note}'`;
  });

  // a stranger's walk: the drive view opened from a fitted sts3215 M4
  // showed error gain ratio 1 and smoothing 5.21553 (the published M1's)
  // beside the fit's 1.83 and 5.85, and its params file carried those
  await check(names[5], async () => {
    if (files.length !== 4) return missing;
    const p = await open(`?view=fit&fit.model=m4&fit.budget=${BUDGET}&fit.seed=${SEED}`);
    expect(await give(p), 'the four logs are not listed');
    await p.click('#fit-run');
    const s = await finish(p, 90_000);
    expect(s && s.fit === 'done', `M4 did not fit: '${s?.runError || (await viewState(p)).text}'`);
    const [dl] = await Promise.all([p.waitForEvent('download'), p.click('#fit-download')]);
    const file = JSON.parse(fs.readFileSync(await dl.path(), 'utf8'));
    const href = await p.locator('#fit-open-drive').getAttribute('href');
    const q = new URL(href, 'http://x/').searchParams;
    const dp = await openPage(href, 'drive');
    pages.push(dp);
    const d = dp.page;
    const field = (label) => d.evaluate((l) => [...document.querySelectorAll('#view .ctl')]
      .find((c) => c.querySelector('label')?.textContent.startsWith(l))?.querySelector('input.ctl-num')?.value ?? null, label);
    const said = [];
    for (const [key, label] of [['error_gain_ratio', 'error gain ratio'], ['max_velocity', 'target smoothing rate']]) {
      expect(Number.isFinite(file[key]), `the params file has no ${key}`);
      expect(Number(q.get(`drive.${key}`)) === file[key], `the drive link's ${key}: ${q.get(`drive.${key}`)}, the params file's ${file[key]}`);
      const shown = await field(label);
      // the field shows six significant digits (controls.js fmtShort)
      expect(shown !== null && Math.abs(Number(shown) - file[key]) <= 5e-6 * Math.abs(file[key]), `the drive view's ${label}: '${shown}', the params file's ${file[key]}`);
      said.push(`${key} ${shown} (file ${file[key]})`);
    }
    return said.join('; ');
  });

  await check(names[6], async () => {
    if (files.length !== 4) return missing;
    const space = 'kt:0,0.1,2,0.5';
    const p = await open(`?view=fit&fit.actuator=xl330&fit.model=m4&fit.space=${encodeURIComponent(space)}`);
    const heldKt = () => p.evaluate(() => document.querySelector('.fit-bounds tr[data-key="kt"]')?.classList.contains('held') ?? null);
    expect(await waitFor(async () => ((await heldKt()) === true ? true : null), 10_000), 'the address did not hold kt for the xl330');
    const s = await give(p);
    expect(s, 'the four logs are not listed');
    const said = 'Your changes to the search space (kt held at 0.5) were made for the xl330: they were dropped, and the sts3215\'s own space is used.';
    expect(s.warning.includes(said), `the warning: '${s.warning}'`);
    expect(await heldKt() === false, 'kt is still held for the sts3215');
    const url = new URL(p.url());
    expect(!url.searchParams.get('fit.space'), `the address keeps fit.space=${url.searchParams.get('fit.space')}`);
    return said;
  });

  await check(names[4], async () => {
    const problems = pages.flatMap((x) => logProblems(x.log));
    expect(problems.length === 0, problems.slice(0, 5).join('; '));
  });
  for (const x of pages) if (!x.page.isClosed()) await x.page.close();
  fs.rmSync(tmp, { recursive: true, force: true });
}
