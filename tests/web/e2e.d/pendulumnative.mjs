// pendulumnative.mjs: the Pendulum view's live bench with a native params
// file (MuJoCo's own joint "as a treatment or model beside
// the others"; the core scenario bench-native, web/src/views/pendulum). The
// reference is the native CLI's `friction run bench-native params=FILE`
// on the same bench (trajectory goal 1.2 rad, the xl330's firmware gain
// 400 as log_kp, dt 1 ms), run here.
//
//   trace    the view opened with pendulum.native = the file's JSON runs
//            three arms A, B and N ("N: native" drawn, its note shown); after
//            a second or more, paused, its "CSV, every step" has the columns
//            *_N, and every row's q_N, dq_N, tau_m_N, tau_e_N, tau_f_N,
//            budget_N, stuck_N, reversals_N equals the CLI's row at the same
//            step within 1e-12 (relative above 1: the wasm core's libm and
//            the CLI's round sin() apart by an ulp at times)
//   refused  a native file of another actuator (sts3215 on the xl330 bench):
//            one sentence says so, no trace N runs (two arms)
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

const NATIVE = { model: 'native', actuator: 'xl330', frictionloss: 0.3, damping: 0.01, armature: 0.002, kp: 0.8,
  firmware_kp: 400, kv: 0.04, forcerange_lo: -0.5, forcerange_hi: 0.5 };
const TOL = 1e-12;

export default async function pendulumNative(h) {
  const { check, expect, openPage, waitFor, OUT, CLI } = h;
  const dir = path.join(OUT, 'pendulumnative');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'xl330-native.json');
  fs.writeFileSync(file, JSON.stringify(NATIVE));
  const url = (nat) => `?view=pendulum&pendulum.native=${encodeURIComponent(JSON.stringify(nat))}`;
  const clockT = (page) => page.evaluate(() => Number(/t = ([0-9.eE+-]+) s/.exec(document.getElementById('pendulum-clock')?.textContent || '')?.[1]));
  const panels = (page) => page.evaluate(() => window.__fx?.pendulum?.geometry?.panels?.length ?? 0);

  await check('pendulumnative: the live bench runs the native file as trace N = `friction run bench-native params=FILE`', async () => {
    const { page } = await openPage(url(NATIVE), 'pendulum');
    await page.setViewportSize({ width: 1280, height: 900 });
    await waitFor(async () => ((await clockT(page)) > 1 ? true : null), 30_000, 200);
    await page.locator('#view button', { hasText: /^Pause$/ }).first().click();
    const note = await page.locator('#pendulum-native-note').evaluate((e) => ({ text: e.textContent, running: e.dataset.running, hidden: e.hidden }));
    expect(!note.hidden && note.running === '1' && /bench-native/.test(note.text), `the native note: ${JSON.stringify(note)}`);
    expect(await panels(page) === 3, `${await panels(page)} arms drawn, not A, B and N`);
    const status = await page.locator('#pendulum-status').textContent();
    expect(/N native: θ/.test(status), `the status line has no N: ${status}`);
    await page.screenshot({ path: path.join(OUT, 'pendulumnative-1280.png') });
    const [dl] = await Promise.all([page.waitForEvent('download', { timeout: 10_000 }),
      page.locator('#view button', { hasText: /^CSV, every step$/ }).first().click()]);
    const lines = fs.readFileSync(await dl.path(), 'utf8').trim().split('\n');
    const header = lines.filter((l) => l.startsWith('#'));
    expect(header.some((l) => /treatments: A = implicit, B = explicit, N = native/.test(l)), 'the CSV header names no N');
    for (const want of ['# kp, 400', '# goal, 1.2, rad', '# trajectory, goal', '# mass, 0.49, kg', '# dt = 0.001 s']) {
      expect(header.some((l) => l.startsWith(want)), `the CSV header lacks '${want}'`);
    }
    const body = lines.filter((l) => !l.startsWith('#'));
    const cols = body[0].split(',').map((c) => c.replace(/ \[.*\]$/, ''));
    const rows = body.slice(1).map((l) => l.split(',').map(Number));
    const T = rows[rows.length - 1][0];
    const cli = spawnSync(CLI, ['run', 'bench-native', `params=${file}`, 'trajectory=goal', 'goal=1.2', 'log_kp=400',
      `duration=${(T + 0.001).toFixed(3)}`], { encoding: 'utf8', maxBuffer: 1 << 28 });
    expect(cli.status === 0, `friction run bench-native: ${cli.stderr}`);
    const cl = cli.stdout.trim().split('\n');
    const ccols = cl[0].split(',');
    const crows = cl.slice(1).map((l) => l.split(',').map(Number));
    expect(crows.length >= rows.length, `the CLI gave ${crows.length} rows, the page ${rows.length}`);
    let worst = 0;
    for (const name of ccols.filter((c) => c !== 't')) {
      const j = cols.indexOf(`${name}_N`), k = ccols.indexOf(name);
      expect(j > 0, `no column ${name}_N in the CSV: ${cols.join()}`);
      rows.forEach((r, i) => {
        const e = Math.abs(r[j] - crows[i][k]);
        if (e > TOL * Math.max(1, Math.abs(crows[i][k]))) expect(false, `row ${i} (t = ${r[0]} s) ${name}_N ${r[j]}, the CLI ${crows[i][k]}`);
        worst = Math.max(worst, e);
      });
    }
    rows.forEach((r, i) => { if (Math.abs(r[0] - crows[i][0]) > 1e-12) expect(false, `row ${i}: t ${r[0]}, the CLI ${crows[i][0]}`); });
    await page.close();
    return `${rows.length} steps (t up to ${T} s): the native trace = friction run bench-native, max |Δ| ${worst.toExponential(1)}`;
  });

  await check('pendulumnative: a native file of another actuator is refused in one sentence, no trace N', async () => {
    const { page } = await openPage(url({ ...NATIVE, actuator: 'sts3215' }), 'pendulum');
    await waitFor(async () => ((await clockT(page)) > 0.2 ? true : null), 30_000, 200);
    const note = await page.locator('#pendulum-native-note').evaluate((e) => ({ text: e.textContent, running: e.dataset.running }));
    expect(note.running === '' && /sts3215/.test(note.text) && /xl330/.test(note.text) && note.text.split(/[.!?:]\s/).length <= 2,
      `the refusal: ${JSON.stringify(note)}`);
    expect(await panels(page) === 2, `${await panels(page)} arms drawn, not A and B`);
    await page.close();
    return note.text;
  });
}
