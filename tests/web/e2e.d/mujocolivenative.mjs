// mujocolivenative.mjs: the In MuJoCo view's LIVE bench with native params in
// hand ((A) runs the fitted native parameters, MuJoCo's own
// joint, beside (C), not a per-step budget written into frictionloss;
// web/src/views/mujoco/index.js liveNative, web/src/mujoco/sim.js
// createNativeSim). The reference is the native CLI's `friction run
// bench-native params=FILE` (the core's restatement of MuJoCo's step, held
// against MuJoCo 2.2.2 and 3.14 by tests/mujoco/test_bench_native_mujoco.c
// and tests/web/bench_native_run.test.mjs) on the same bench: the servo
// holding the start angle 60° (trajectory goal, goal = q0 = π/3), the
// xl330's firmware gain 400 as log_kp, m 0.49 kg, l 0.1 m, dt 1 ms.
//
//   live     opened with mujoco.native = the file's JSON, run past 1 s and
//            paused: the bench's (A) is 'native' (its row "(A) native joint",
//            the note says so), (B) and (C) still run, and (A)'s θ at its
//            step count equals the CLI's row there within 1e-9 rad
//   refused  a native file of another actuator (sts3215 on the xl330 bench):
//            one sentence beside the bench, (A) keeps the budget
//            (frictionloss), and the side text and the lesson say so
//   words    (English and French) with the native params the side text says
//            what the bench's (A) runs (mujoco.intro.native, not the budget's
//            mujoco.intro) and the lesson box says its figures for the bench's
//            (A) are the budget's (mujoco.lesson.off.native); "Back to the
//            per-step budget" (English) and "Reset to the lesson's start"
//            (French) bring the budget's (A), its side text, and no such note
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { TABLES } from '../../../web/src/i18n/tables.js';

const TOL = 1e-9;
const NATIVE = { model: 'native', actuator: 'xl330', frictionloss: 0.3, damping: 0.01, armature: 0.002, kp: 0.8,
  firmware_kp: 400, kv: 0.04, forcerange_lo: -0.5, forcerange_hi: 0.5 };

export default async function mujocoLiveNative(h) {
  const { check, expect, openPage, waitFor, OUT, CLI } = h;
  if (!h.requireViews(['mujoco'], ['mujocolivenative: the live (A) runs the native params'])) return;
  const dir = path.join(OUT, 'mujocolivenative');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'xl330-native.json');
  fs.writeFileSync(file, JSON.stringify(NATIVE));
  const url = (nat) => `?view=mujoco&mujoco.native=${encodeURIComponent(JSON.stringify(nat))}`;
  const figures = (page) => page.evaluate(() => window.__fx.mujoco?.figures?.() ?? { t: 0 });
  const note = (page) => page.locator('#mujoco-native-live').evaluate((e) => ({ text: e.textContent, native: e.dataset.native }));

  await check('mujocolivenative: the live bench\'s (A) runs the native params = `friction run bench-native params=FILE` (1e-9 rad)', async () => {
    const { page } = await openPage(url(NATIVE), 'mujoco');
    await page.setViewportSize({ width: 1280, height: 900 });
    await waitFor(async () => ((await figures(page)).t > 1 ? true : null), 60_000, 200);
    await page.locator('#view button', { hasText: /^Pause$/ }).first().click();
    await page.waitForTimeout(300);
    const f = await figures(page);
    const n = await note(page);
    expect(n.native === '1' && /xl330/.test(n.text), `the live note: ${JSON.stringify(n)}`);
    const A = f.pendulum.A;
    expect(A.treatment === 'native' && f.pendulum.B.treatment === 'noslip' && f.pendulum.C.treatment === 'implicit',
      `the bench's runs: ${A.treatment}, ${f.pendulum.B.treatment}, ${f.pendulum.C.treatment}`);
    expect(f.arm.A.treatment === 'frictionloss', `the arm's (A): ${f.arm.A.treatment}`);
    const row = await page.locator('#mujoco-table-bench tbody tr').first().evaluate((tr) => ({ t: tr.dataset.treatment, label: tr.cells[0].textContent }));
    expect(row.t === 'native' && /native/.test(row.label), `the table's first row: ${JSON.stringify(row)}`);
    await page.locator('#mujoco-table').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(OUT, 'mujocolivenative-1280.png') });
    const steps = A.steps, q0 = Math.PI / 3;
    const cli = spawnSync(CLI, ['run', 'bench-native', `params=${file}`, 'trajectory=goal', `goal=${q0}`, `q0=${q0}`, 'log_kp=400',
      `duration=${((steps + 1) * 1e-3).toFixed(3)}`], { encoding: 'utf8', maxBuffer: 1 << 28 });
    expect(cli.status === 0, `friction run bench-native: ${cli.stderr}`);
    const lines = cli.stdout.trim().split('\n'), cols = lines[0].split(',');
    const r = lines[1 + steps].split(',').map(Number);
    expect(Math.abs(r[cols.indexOf('t')] - steps * 1e-3) < 1e-12, `the CLI's row ${steps} is at t = ${r[0]} s`);
    const q = r[cols.indexOf('q')], page_q = A.joints[0].q;
    expect(Math.abs(page_q - q) <= TOL, `(A) native at step ${steps}: page θ ${page_q}, the CLI ${q}`);
    expect(Math.abs(page_q - f.pendulum.C.joints[0].q) > 1e-3, `(A) native equals (C): ${page_q}`);
    await page.close();
    return `step ${steps}: (A) native θ ${page_q.toFixed(9)} rad = friction run bench-native ${q.toFixed(9)} rad (|Δ| ${Math.abs(page_q - q).toExponential(1)})`;
  });

  await check('mujocolivenative: a native file of another actuator is refused in one sentence; (A) keeps the budget', async () => {
    const { page } = await openPage(url({ ...NATIVE, actuator: 'sts3215' }), 'mujoco');
    await waitFor(async () => ((await figures(page)).t > 0.1 ? true : null), 60_000, 200);
    const f = await figures(page), n = await note(page);
    expect(n.native === '' && /sts3215/.test(n.text) && /xl330/.test(n.text) && n.text.trim().split(/\.\s/).length === 1,
      `the refusal: ${JSON.stringify(n)}`);
    expect(f.pendulum.A.treatment === 'frictionloss', `(A): ${f.pendulum.A.treatment}`);
    const w = await words(page);
    expect(w.intro === TABLES.en['mujoco.intro'] && w.off === null, `the budget's (A), but the side text and lesson say: ${JSON.stringify(w)}`);
    await page.close();
    return n.text;
  });

  await check('mujocolivenative: with native params the side text and the lesson box say what (A) runs; back to the budget, they say the budget\'s (English, French)', async () => {
    const out = [];
    for (const lang of ['en', 'fr']) {
      const T = TABLES[lang];
      const { page } = await openPage(`${url(NATIVE)}&lang=${lang}`, 'mujoco');
      try {
        await waitFor(async () => ((await figures(page)).t > 0.1 ? true : null), 60_000, 200);
        let w = await words(page);
        expect(w.intro === T['mujoco.intro.native'], `${lang}: the side text with the native (A): '${w.intro}'`);
        expect(w.off === T['mujoco.lesson.off.native'], `${lang}: the lesson box's note: '${w.off}'`);
        // back to the budget: the replay's button (the state changes, the view stays) or the lesson's reset (mounted again)
        await page.locator(lang === 'en' ? '#mujoco-native-clear' : '.lesson-reset').click();
        w = await waitFor(async () => { const x = await words(page); return x.off === null && x.intro === T['mujoco.intro'] ? x : null; }, 30_000, 200);
        expect(w, `${lang}: back to the budget, the side text and note: ${JSON.stringify(await words(page))}`);
        await waitFor(async () => ((await figures(page)).t > 0.1 ? true : null), 60_000, 200);
        const A = (await figures(page)).pendulum.A.treatment;
        expect(A === 'frictionloss' && !/mujoco\.native=/.test(page.url()), `${lang}: back to the budget, (A) ${A}, ${page.url()}`);
        out.push(`${lang}: native note then budget`);
      } finally {
        await page.close();
      }
    }
    return out.join('; ');
  });
}

/** The In MuJoCo view's side text (its introduction) and the lesson box's note, or null when none. */
function words(page) {
  return page.evaluate(() => ({ intro: document.getElementById('mujoco-intro')?.textContent ?? null,
    off: document.querySelector('.lesson-off')?.textContent ?? null }));
}
