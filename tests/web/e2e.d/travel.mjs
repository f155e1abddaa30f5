// travel.mjs: e2e checks that a fit's values travel whole
// and of the exports' shape (the smaller findings on CSV and PNG).
//
//   fit         a short M5 fit on four shared xl330 logs (budget 300): its
//               downloaded params file F is the reference of every check
//               below; F's kt and R differ from the published M5's (so a
//               route that keeps the published values cannot pass); the Fit
//               view's MuJoCo snippet carries F's numbers
//   bench       "Open in bench": Copy parameters (JSON) has every key of F
//               with F's value; the MuJoCo snippet's frictionloss, damping,
//               armature, gainprm = kt/R and biasprm = −kt²/R are F's
//   on screen   that bench runs treatment A clip, the one the fit scored
//               (integrator bam); a log dropped on it: the replay row "on
//               screen" equals `friction replay --params F` on the same log,
//               whose default treatment is the file's integrator's (a
//               consistency check: the same C through both front ends) and
//               differs from the published M5 row
//   drive       "Open in drive": the copied params file and the MuJoCo
//               snippet carry F's values (motor constants included); the
//               view says the motor constants are the given ones
//   pasted      F pasted into a fresh drive view and a fresh bench: the same
//   own servo   a params file of a model with no published preset (sts3215
//               M4, written by `friction fit` on the four raw sts3215 logs)
//               pasted into the drive view ("given values") and the bench:
//               the exports carry its values; the bench's "on screen" replay
//               of an sts3215 log equals `friction replay` (consistency check)
//   bar CSVs    the replay's and Fit all's bar charts export one row per
//               bar, every column but the label with its unit, the values
//               of the table (15 significant digits)
//   PNG         a chart's PNG (page, chart worker, the well-posedness map's
//               own canvas) is 2× its CSS size with an opaque white background
//   sts3215     a raw sts3215 log (motor "sts3250") dropped on the default
//               bench (xl330 M6, kp 400): actuator sts3215, model M1 (the one
//               it has), kp from the log, the bench runs (its clock moves);
//               choosing M6 then is a refused live change:
//               the field and the URL go back to M1, the core's reason stands
//               beside the field, a kp typed before stays and the bench runs on;
//               xl330 M6 switched to sts3215 by hand becomes sts3215 M1
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { spawnSync } from 'node:child_process';

const TOL = 1e-9;   // rad: the browser's and the CLI's replay (the existing replay checks' tolerance)

/** The numbers a MuJoCo snippet gives: { frictionloss, damping, armature, gain, bias }. */
function snippetNumbers(text) {
  const j = /<joint frictionloss="([^"]+)" damping="([^"]+)" armature="([^"]+)"\/>/.exec(text);
  const g = /gainprm="([^"]+)"/.exec(text), b = /biasprm="0 0 ([^"]+)"/.exec(text);
  if (!j || !g || !b) throw new Error(`not a voltage-servo MuJoCo snippet: ${text.slice(0, 200)}`);
  return { frictionloss: Number(j[1]), damping: Number(j[2]), armature: Number(j[3]), gain: Number(g[1]), bias: Number(b[1]) };
}
/** What the snippet must say for params file F (MuJoCo's general actuator of a voltage servo). */
const snippetWant = (F) => ({ frictionloss: F.friction_base, damping: F.friction_viscous, armature: F.armature,
  gain: F.kt / F.R, bias: -(F.kt * F.kt) / F.R });

/** The keys of F whose value differs in obj: ['R: 2.7 != 3.4', …]. */
const keyDiff = (F, obj) => Object.keys(F).filter((k) => obj[k] !== F[k]).map((k) => `${k}: ${obj[k]} != ${F[k]}`);

/** PNG: { width, height, first: [r, g, b, a] of the top-left pixel } (8-bit RGBA; the first pixel of a
 *  PNG's first row is stored unfiltered by every filter type). */
function pngInfo(bytes) {
  if (bytes.subarray(1, 4).toString() !== 'PNG') throw new Error('not a PNG');
  const width = bytes.readUInt32BE(16), height = bytes.readUInt32BE(20), depth = bytes[24], type = bytes[25];
  const idat = [];
  for (let o = 8; o < bytes.length;) {
    const n = bytes.readUInt32BE(o), t = bytes.subarray(o + 4, o + 8).toString();
    if (t === 'IDAT') idat.push(bytes.subarray(o + 8, o + 8 + n));
    o += 12 + n;
  }
  const raw = zlib.inflateSync(Buffer.concat(idat));
  const ch = type === 6 ? 4 : type === 2 ? 3 : 0;
  if (depth !== 8 || !ch) throw new Error(`PNG colour type ${type}, depth ${depth}`);
  const first = [...raw.subarray(1, 1 + ch)];
  if (ch === 3) first.push(255);
  return { width, height, first };
}

export default async function travelChecks(h) {
  const { check, expect, openPage, OUT, LOG_DIR, LOG_FILES: files, logProblems, waitFor, CLI } = h;
  const PUB = path.resolve(LOG_DIR, '../../../params/xl330/m5.json');
  const STS = path.resolve(LOG_DIR, '../../sts3215/raw');
  const names = [
    'travel: a short M5 fit on four xl330 logs gives a params file whose kt and R differ from the published M5; the Fit view\'s MuJoCo snippet carries it',
    'travel: "Open in bench": Copy JSON and the MuJoCo snippet carry every value of the fitted params file',
    'travel: the bench opened from the fit runs the fit\'s treatment (clip): its replay row "on screen" equals `friction replay --params <fitted file>` (consistency check)',
    'travel: "Open in drive": the params file and the MuJoCo snippet carry every fitted value, motor constants included',
    'travel: the fitted params file pasted into a fresh drive view and a fresh bench: every export carries its values',
    'travel: an sts3215 M4 params file from `friction fit` (no published M4) pasted into drive and bench: every export carries it; "on screen" = friction replay',
    'travel: bar-chart CSVs (replay MAE per model, Fit all validation MAE per model): one row per bar, units in the header',
    'travel: PNG exports are 2x the chart\'s CSS size on an opaque white background (page chart, worker chart, well-posedness map)',
    'travel: an sts3215 raw log dropped on the default bench (M6): sts3215 M6 (a published file), kp from the log, the bench runs; M4 is refused beside the field and taken back',
    'travel: no console error or failed request during these checks',
  ];
  if (!h.requireViews(['fit', 'pendulum', 'drive'], names)) return;
  const missing = { skip: `missing shared data: no xl330 logs in ${LOG_DIR}` };
  const pages = [];
  const open = async (q, view) => { const p = await openPage(q, view); pages.push(p); return p.page; };
  const logPath = (f) => path.join(LOG_DIR, f);

  /** The export panel of the view on page p: Copy (JSON text) and the MuJoCo snippet. */
  const exportText = async (p, button) => {
    await p.locator('#view .export-panel button', { hasText: button }).click();
    const out = p.locator('#view .export-panel textarea.export-text');
    await waitFor(async () => (await out.inputValue()).length > 0 && !(await out.isHidden()), 3000);
    return out.inputValue();
  };
  const copyJson = async (p) => JSON.parse(await exportText(p, 'Copy parameters (JSON)'));
  const mujoco = async (p) => snippetNumbers(await exportText(p, 'MuJoCo snippet'));
  const compareAll = async (p, F, what) => {
    const bad = keyDiff(F, await copyJson(p)).map((d) => `JSON ${d}`);
    const sn = await mujoco(p), want = snippetWant(F);
    for (const k of Object.keys(want)) if (sn[k] !== want[k]) bad.push(`MuJoCo ${k}: ${sn[k]} != ${want[k]}`);
    expect(!bad.length, `${what}: ${bad.slice(0, 6).join('; ')}`);
    return `${what}: ${Object.keys(F).length} keys and 5 MuJoCo numbers equal (gain ${sn.gain} = kt/R)`;
  };
  const paste = async (p, view, text) => {
    await p.locator('#view .export-panel button', { hasText: 'Paste parameters…' }).click();
    await p.locator('#view .export-panel textarea[aria-label="Paste parameters as JSON"]').fill(text);
    await Promise.all([p.waitForEvent('load'), p.locator('#view .export-panel button', { hasText: /^Apply$/ }).click()]);
    await p.waitForFunction((id) => document.body.dataset.ready === 'true' && document.body.dataset.view === id, view, { timeout: 20_000 });
    await h.frames(p, 3);
  };
  const replayRows = (p) => p.evaluate(() => (document.querySelector('#replay-table').hidden ? []
    : [...document.querySelectorAll('#replay-table tbody tr')].map((tr) => ({ model: tr.dataset.model,
      mae: tr.querySelector('[data-mae]')?.dataset.mae ?? null, text: tr.textContent }))));
  const dropLog = async (p, file) => {
    await p.setInputFiles('#log-drop input[type=file]', file);
    return waitFor(async () => { const r = await replayRows(p); return r.length ? r : null; }, 15_000);
  };
  const download = async (p, box, kind) => {
    const [dl] = await Promise.all([p.waitForEvent('download'), box.locator('button', { hasText: new RegExp(`^${kind}$`) }).click()]);
    return fs.readFileSync(await dl.path());
  };

  // ---- the fit
  let F = null, Ftext = '', Ffile = '';
  const fitPage = await open('?view=fit&fit.model=m5&fit.budget=300&fit.seed=1', 'fit');
  await check(names[0], async () => {
    if (files.length < 4) return missing;
    await fitPage.setInputFiles('#fit-file', files.slice(0, 4).map(logPath));
    await waitFor(() => fitPage.evaluate(() => document.querySelectorAll('#fit-logs tbody tr').length === 4), 5000);
    await fitPage.click('#fit-run');
    const done = await waitFor(() => fitPage.evaluate(() => document.querySelector('.fit-view')?.dataset.fit === 'done'), 90_000, 200);
    expect(done, `the fit did not end: ${await fitPage.evaluate(() => document.querySelector('#fit-error')?.textContent)}`);
    const [dl] = await Promise.all([fitPage.waitForEvent('download'), fitPage.click('#fit-download')]);
    Ftext = fs.readFileSync(await dl.path(), 'utf8');
    Ffile = path.join(OUT, 'travel-fit-m5.json');
    fs.writeFileSync(Ffile, Ftext);
    const file = JSON.parse(Ftext), pub = JSON.parse(fs.readFileSync(PUB, 'utf8'));
    expect(file.model === 'm5' && file.actuator === 'xl330', `model ${file.model}, actuator ${file.actuator}`);
    expect(file.R !== pub.R && file.kt !== pub.kt, `fitted kt ${file.kt}, R ${file.R} = published ${pub.kt}, ${pub.R}: the checks could not tell them apart`);
    F = file;
    // the Fit view's own MuJoCo snippet
    await fitPage.click('#fit-mujoco');
    const sn = snippetNumbers(await fitPage.locator('#fit-json').inputValue()), want = snippetWant(F);
    const bad = Object.keys(want).filter((k) => sn[k] !== want[k]).map((k) => `${k}: ${sn[k]} != ${want[k]}`);
    expect(!bad.length, `the Fit view's MuJoCo snippet: ${bad.join('; ')}`);
    return `${dl.suggestedFilename()}: kt ${F.kt} (published ${pub.kt}), R ${F.R} (published ${pub.R}), kt/R ${F.kt / F.R} `
      + `(published ${pub.kt / pub.R}); ${Object.keys(F).length} keys -> build/e2e/travel-fit-m5.json`;
  });

  // ---- Open in bench
  let bench = null;
  await check(names[1], async () => {
    if (!F) return { skip: 'no fitted params file (the fit check did not finish)' };
    bench = await open(await fitPage.locator('#fit-open-bench').getAttribute('href'), 'pendulum');
    return compareAll(bench, F, 'bench');
  });
  await check(names[2], async () => {
    if (!bench) return { skip: 'no bench opened from the fit' };
    const log = logPath(files[5]);
    const rows = await dropLog(bench, log);
    expect(rows, 'no replay table after the drop');
    const on = rows.find((r) => r.model === 'on-screen'), m5 = rows.find((r) => r.model === 'm5');
    expect(on && on.mae !== null, `no "on screen" row with an MAE: ${rows.map((r) => r.text).join(' | ')}`);
    expect(/on screen \(M5\)/.test(on.text), `the row reads '${on.text}'`);
    // the bench runs the treatment the fit scored: friction replay without
    // --friction replays with the params file's integrator's (clip for bam)
    const treatment = await bench.locator('[data-param="friction"] select').inputValue();
    expect(treatment === 'clip', `the bench opened from a fit with integrator bam runs treatment A ${treatment}, not the fit's clip`);
    const r = spawnSync(CLI, ['replay', '--params', Ffile, log], { encoding: 'utf8' });
    const m = /: mae ([0-9.eE+-]+) rad/.exec(r.stdout || '');
    expect(m, `friction replay said: ${(r.stderr || r.stdout).trim().slice(0, 300)}`);
    const cli = Number(m[1]), browser = Number(on.mae);
    expect(Math.abs(browser - cli) <= TOL, `on screen ${browser} rad, friction replay ${cli} rad`);
    expect(Number(m5.mae) !== browser, `the fitted parameters score like the published M5 (${m5.mae})`);
    return `consistency check: ${files[5]}, treatment ${treatment}: on screen ${browser} rad = friction replay ${cli} rad `
      + `(|Δ| ${Math.abs(browser - cli).toExponential(1)}); published M5 ${Number(m5.mae)} rad`;
  });

  // ---- Open in drive
  await check(names[3], async () => {
    if (!F) return { skip: 'no fitted params file (the fit check did not finish)' };
    const p = await open(await fitPage.locator('#fit-open-drive').getAttribute('href'), 'drive');
    const note = await p.locator('#drive-constants-note');
    expect(await note.getAttribute('data-source') === 'given' && /R = /.test(await note.textContent()),
      `the motor-constant note says '${await note.textContent()}'`);
    const text = await exportText(p, 'Copy parameters (JSON)');
    expect(text === Ftext, 'the drive view\'s params file is not, byte for byte, the fitted file (the same core writer)');
    const r = await compareAll(p, F, 'drive');
    await p.screenshot({ path: path.join(OUT, 'travel-drive-fitted.png'), fullPage: true });
    return `${r}; byte-identical file; note: '${await note.textContent()}'`;
  });

  // ---- pasted
  await check(names[4], async () => {
    if (!F) return { skip: 'no fitted params file (the fit check did not finish)' };
    const out = [];
    const d = await open('?view=drive', 'drive');
    await paste(d, 'drive', Ftext);
    const label = await d.locator('#view select').first().evaluate((s) => s.selectedOptions[0].textContent);
    expect(/xl330 M5/.test(label), `after the paste the drive shows '${label}'`);
    out.push(await compareAll(d, F, 'drive pasted'));
    const b = await open('?view=pendulum', 'pendulum');
    await paste(b, 'pendulum', Ftext);
    out.push(await compareAll(b, F, 'bench pasted'));
    return out.join('; ');
  });

  // ---- a servo of one's own: a model with no published preset
  await check(names[5], async () => {
    const sts = fs.existsSync(STS) ? fs.readdirSync(STS).filter((f) => f.endsWith('.json')).sort().map((f) => path.join(STS, f)) : [];
    if (sts.length < 2) return { skip: `missing shared data: no sts3215 logs in ${STS}` };
    const Gfile = path.join(OUT, 'travel-fit-sts3215-m4.json');
    const r = spawnSync(CLI, ['fit', '--actuator', 'sts3215', '--model', 'm4', '--budget', '200', '--seed', '1', '--out', Gfile, ...sts],
      { encoding: 'utf8' });
    expect(r.status === 0, `friction fit: ${(r.stderr || '').trim().slice(0, 300)}`);
    const Gtext = fs.readFileSync(Gfile, 'utf8'), G = JSON.parse(Gtext);
    const out = [];
    const d = await open('?view=drive', 'drive');
    await paste(d, 'drive', Gtext);
    const label = await d.locator('#view select').first().evaluate((s) => s.selectedOptions[0].textContent);
    expect(/sts3215 M4 \(given values/.test(label), `after the paste the drive shows '${label}'`);
    expect(await exportText(d, 'Copy parameters (JSON)') === Gtext, 'the drive view\'s params file is not, byte for byte, the CLI\'s');
    out.push(await compareAll(d, G, 'drive (given values)'));
    const b = await open('?view=pendulum', 'pendulum');
    await paste(b, 'pendulum', Gtext);
    out.push(await compareAll(b, G, 'bench'));
    const rows = await dropLog(b, sts[1]);
    const on = rows?.find((x) => x.model === 'on-screen');
    expect(on && on.mae !== null, `no "on screen" row: ${rows?.map((x) => x.text).join(' | ')}`);
    const treatment = await b.locator('[data-param="friction"] select').inputValue();
    const c = spawnSync(CLI, ['replay', '--params', Gfile, '--friction', treatment, sts[1]], { encoding: 'utf8' });
    const m = /: mae ([0-9.eE+-]+) rad/.exec(c.stdout || '');
    expect(m && Math.abs(Number(on.mae) - Number(m[1])) <= TOL, `on screen ${on.mae} rad, friction replay ${m ? m[1] : c.stderr}`);
    await d.screenshot({ path: path.join(OUT, 'travel-drive-given.png'), fullPage: true });
    return `${out.join('; ')}; consistency check: on screen ${on.mae} rad = friction replay ${m[1]} rad (${path.basename(sts[1])}, ${treatment})`;
  });

  // ---- bar-chart CSVs
  await check(names[6], async () => {
    if (!bench || files.length < 4) return files.length < 4 ? missing : { skip: 'no bench opened from the fit' };
    const said = [];
    const barCsv = async (p, title, tableRows) => {
      const box = p.locator('#view .chart-box', { has: p.locator('h3', { hasText: title }) });
      const lines = (await download(p, box, 'CSV')).toString('utf8').trim().split('\n');
      const head = lines[0].split(',');
      expect(head[0] === 'model' && head.slice(1).every((c) => /\S \[[^\]]+\]$/.test(c)), `${title}: header '${lines[0]}'`);
      const body = lines.slice(1).map((l) => l.split(','));
      expect(body.length === tableRows.length, `${title}: ${body.length} rows for ${tableRows.length} bars: ${lines.join(' / ')}`);
      tableRows.forEach((want, i) => {
        expect(body[i][0] === want[0], `${title}: row ${i} is '${body[i][0]}', not '${want[0]}'`);
        want.slice(1).forEach((v, k) => {
          expect(Number(body[i][k + 1]) === Number(v.toPrecision(15)), `${title} ${want[0]}: ${body[i][k + 1]} != ${v}`);
        });
      });
      said.push(`${title}: '${lines[0]}', ${body.length} rows`);
    };
    // the replay on the bench (previous check): one bar per replayed row, MAE in degrees
    const rows = (await replayRows(bench)).filter((r) => r.mae !== null);
    const label = (r) => (r.model === 'on-screen' ? r.text.replace(/ ★ best.*$/, '').replace(/^(on screen \(M\d\)).*$/, '$1') : r.model.toUpperCase());
    await barCsv(bench, 'Replay: MAE per friction model', rows.map((r) => [label(r), Number(r.mae) * 180 / Math.PI]));
    // Fit all, short budget, alternate hold-out: validation MAE published and fitted per model
    const p = await open('?view=fit&fit.budget=60&fit.seed=2&fit.holdout=alternate', 'fit');
    await p.setInputFiles('#fit-file', files.slice(0, 4).map(logPath));
    await waitFor(() => p.evaluate(() => document.querySelectorAll('#fit-logs tbody tr').length === 4), 5000);
    await p.click('#fit-all');
    const done = await waitFor(() => p.evaluate(() => document.querySelector('.fit-view')?.dataset.fit === 'done'), 150_000, 250);
    expect(done, `Fit all did not end: ${await p.evaluate(() => document.querySelector('#fit-error')?.textContent)}`);
    const all = await p.evaluate(() => [...document.querySelectorAll('#fit-all-table tbody tr')].map((tr) => [tr.dataset.model.toUpperCase(),
      ...[...tr.querySelectorAll('[data-mae]')].map((td) => Number(td.dataset.mae))]));
    await barCsv(p, 'Validation MAE per model', all.map((r) => [r[0], r[3], r[4]]));
    return said.join('; ');
  });

  // ---- PNG
  await check(names[7], async () => {
    const p = bench || await open('?view=pendulum', 'pendulum');
    const w = await open('?view=wellposed', 'wellposed');
    const said = [];
    for (const [pg, title] of [[p, 'Replay: MAE per friction model'], [p, 'Angle θ'], [w, 'Number of solutions over r']]) {
      const box = pg.locator('#view .chart-box', { has: pg.locator('h3', { hasText: title }) }).first();
      if (!(await box.isVisible())) continue;
      const css = await box.locator('canvas').first().evaluate((c) => [c.clientWidth, c.clientHeight]);
      const png = pngInfo(await download(pg, box, 'PNG'));
      expect(png.width === 2 * css[0] && png.height === 2 * css[1], `${title}: ${png.width}×${png.height} px for ${css.join('×')} CSS px`);
      expect(png.first.join() === '255,255,255,255', `${title}: top-left pixel rgba(${png.first.join()})`);
      said.push(`${title}: ${png.width}×${png.height} px (${css.join('×')} CSS px), white`);
    }
    expect(said.length === 3, `checked ${said.length} chart(s): ${said.join('; ')}`);
    return said.join('; ');
  });

  // ---- sts3215 on the bench
  await check(names[8], async () => {
    const sts = fs.existsSync(STS) ? fs.readdirSync(STS).filter((f) => f.endsWith('.json')).sort() : [];
    if (!sts.length) return { skip: `missing shared data: no log in ${STS}` };
    const p = await open('?view=pendulum', 'pendulum');
    const ctl = (name) => p.locator(`[data-param="${name}"] select, [data-param="${name}"] input.ctl-num`).first();
    const before = { actuator: await ctl('actuator').inputValue(), model: await ctl('model').inputValue(), kp: await ctl('kp').inputValue() };
    const file = path.join(STS, sts[0]);
    const logKp = JSON.parse(fs.readFileSync(file, 'utf8')).kp;
    const rows = await dropLog(p, file);
    expect(rows, 'no replay table after dropping the sts3215 log');
    const after = { actuator: await ctl('actuator').inputValue(), model: await ctl('model').inputValue(), kp: await ctl('kp').inputValue() };
    // the default bench's M6 stays: the sts3215 has a published M6 (feetech/m6.json)
    expect(before.model === 'm6' && after.actuator === 'sts3215' && after.model === 'm6', `after the drop: ${JSON.stringify(after)} (before ${JSON.stringify(before)})`);
    expect(Number(after.kp) === logKp, `kp shows ${after.kp}, the log's is ${logKp}`);
    const clockT = async () => Number(/t = ([0-9.]+) s/.exec(await p.locator('#view').innerText())?.[1]);
    const refusal = () => p.evaluate(() => { const m = document.getElementById('pendulum-refusal'); return m.hidden ? '' : m.textContent; });
    const t0 = await clockT();
    const moved = await waitFor(async () => (await clockT()) > t0 + 0.2, 5000);
    expect(moved, `the bench clock stays at ${await clockT()} s after the drop`);
    expect(!(await refusal()), `a refusal is shown: '${await refusal()}'`);
    expect(await p.locator('#view button', { hasText: /^Pause$/ }).count() > 0, 'no Pause button while it runs');
    const warn = await p.locator('#replay-warning').textContent();
    expect(/sts3215/.test(warn) && new RegExp(`kp ${logKp}`).test(warn), `the warning says '${warn}'`);
    const m1 = rows.find((r) => r.model === 'm1'), m6 = rows.find((r) => r.model === 'm6'), on = rows.find((r) => r.model === 'on-screen');
    expect(m1?.mae && m6?.mae && on?.mae, `rows: ${rows.map((r) => r.text).join(' | ')}`);
    // M4, which sts3215 lacks: a refused live change: the
    // field and the URL go back to M6, the reason beside the field, the bench
    // runs on with the log's kp
    const modelBox = p.locator('#view [data-param="model"]').first();
    // a kp of one's own first (the logs' kp 32 is also sts3215's preset): the
    // refused switch must not reset it
    const ownKp = 40;
    await ctl('kp').fill(String(ownKp));
    await ctl('kp').press('Enter');
    await ctl('model').selectOption('m4');
    const said = await waitFor(async () => (await modelBox.evaluate((el) => el.classList.contains('invalid'))) && modelBox.locator('.ctl-msg').textContent(), 3000);
    expect(said && /m4|M4/.test(said) && /sts3215/.test(said) && /keeping m6/.test(said), `choosing M4 on sts3215 shows '${said}' beside the field`);
    expect(await ctl('model').inputValue() === 'm6', `the model field shows ${await ctl('model').inputValue()} after the refusal`);
    expect(/model=m6(&|$)/.test(p.url()), `the URL after the refusal: ${p.url()}`);
    expect(Number(await ctl('kp').inputValue()) === ownKp && /kp=40(&|$)/.test(p.url()), `kp shows ${await ctl('kp').inputValue()} after the refusal (URL ${p.url()}), ${ownKp} was in use`);
    expect(!(await refusal()), `the picture shows a refusal: '${await refusal()}'`);
    const t1 = await clockT();
    expect(await waitFor(async () => (await clockT()) > t1 + 0.2, 5000), `the bench clock stays at ${await clockT()} s after the refusal`);
    expect(await p.locator('#view button', { hasText: /^Pause$/ }).count() > 0, 'no Pause button after the refusal');
    const shots = await h.screenshots(p, 'travel-sts3215-refusal', { locator: modelBox });
    // a switch by hand picks the nearest model the actuator has: xl330 M3, then sts3215 -> M1
    await ctl('actuator').selectOption('xl330');
    await ctl('model').selectOption('m3');
    await ctl('actuator').selectOption('sts3215');
    const byHand = await waitFor(async () => (await ctl('model').inputValue()) === 'm1' && !(await refusal()), 3000);
    expect(byHand, `xl330 M3 -> sts3215 by hand: model ${await ctl('model').inputValue()}, refusal '${await refusal()}'`);
    return `${sts[0]}: ${before.actuator} ${before.model} kp ${before.kp} -> ${after.actuator} ${after.model} kp ${after.kp}; `
      + `M1 MAE ${Number(m1.mae).toFixed(4)}, M6 ${Number(m6.mae).toFixed(4)} rad; M4: '${said}' (${shots.join(', ')})`;
  });

  await check(names[9], async () => {
    const problems = pages.flatMap((x) => logProblems(x.log));
    expect(problems.length === 0, problems.slice(0, 5).join('; '));
  });
  for (const x of pages) if (!x.page.isClosed()) await x.page.close();
}
