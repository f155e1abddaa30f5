// e2e.d/lessons-arm.mjs: the Robot arm view's "Try this" steps followed in
// order from "Reset to the lesson's start" (the helpers
// and the other views are in lessons.mjs). Every number the notice and the
// steps quote is computed from `friction run arm2-ground` / `friction run
// chain` (every=1: one row a step, as the view runs them) and asserted twice:
// the step's text says it, and the page shows it when the steps are followed
// in order (the status line's q1, f_n and badges at the paused time, the
// first contact times in the normal-force chart). Each page series is also
// compared point by point with the CLI's rows of the same t: a consistency
// check (the same core, wasm against native). Then each step's "Set up"
// gives the controls that following the steps gave, and in presentation
// mode the keys 1 and L set up step 1 (its chart scrolled into the window)
// and reset.
// Screenshots: build/e2e/lesson-arm-<step>.png.
import { fill } from '../../../web/src/i18n/index.js';
import { cli, csv, type, pick, controls, reset, kit, inLanguage, pauseAt } from './lessons.mjs';

export default async function lessonsArm(h) {
  await armLesson(h, 'en');
  const { check, expect, openPage, waitFor } = h;
  const { shot } = kit(h);

  await check('lessons: in presentation mode, key 3 sets up step 3 (marked), 1 sets up step 1 (marked, its chart in the window), L resets (arm)', async () => {
    const { page, log } = await openPage('?view=arm&arm.arm2-ground.K_P=50&present=1', 'arm');
    const state = () => page.evaluate(() => {
      const li = document.querySelector('#view .lesson-try ol > li[aria-current=step]');
      const box = document.querySelector('#view .charts > .chart-box:nth-child(3)')?.getBoundingClientRect();
      return { step: li ? [...li.parentNode.children].indexOf(li) + 1 : 0, top: box?.top, bottom: box?.bottom, inner: window.innerHeight,
        url: window.location.search, present: document.body.classList.contains('present') };
    });
    try {
      await page.evaluate(() => document.activeElement?.blur());
      expect((await state()).present, 'the page did not open in presentation mode');
      await page.keyboard.press('3');
      const s3 = await waitFor(async () => { const s = await state(); return s.step === 3 && s; }, 3000);
      expect(s3 && /arm\.method_b=coupled/.test(s3.url) && !/K_P=50/.test(s3.url), `key 3: step ${(await state()).step} marked, URL ${(await state()).url}`);
      await page.keyboard.press('1');
      const s1 = await waitFor(async () => { const s = await state(); return s.step === 1 && s; }, 3000);
      expect(s1 && !/method_b=coupled/.test(s1.url), `key 1: step ${(await state()).step} marked, URL ${(await state()).url}`);
      expect(s1.top >= 0 && s1.bottom <= s1.inner, `key 1: the normal-force chart spans ${s1.top}–${s1.bottom} px of a ${s1.inner} px window`);
      await page.keyboard.press('3');
      await waitFor(async () => (await state()).step === 3, 3000);
      await page.keyboard.press('l');
      const sl = await waitFor(async () => { const s = await state(); return s.step === 0 && s; }, 3000);
      expect(sl && !/method_b=coupled/.test(sl.url) && sl.present, `key L: step ${(await state()).step} marked, URL ${(await state()).url}`);
      await shot(page, 'arm-present');
      const problems = h.logProblems(log);
      expect(!problems.length, problems.slice(0, 3).join('; '));
      return `3: method_b=coupled, step 3 marked; 1: chart at ${Math.round(s1.top)}–${Math.round(s1.bottom)} of ${s1.inner} px; L: nothing marked, defaults`;
    } finally {
      await page.close();
    }
  });
}

/** The Robot arm lesson followed in language `lang` (lessons.mjs
 *  inLanguage): the run bar, controls and status line read through the
 *  table's words, the badges as STICK/SLIP, the same numbers. */
export async function armLesson(h, lang) {
  const { check, expect, openPage, ROOT } = h;
  const { has, see, shot, sameAsSetUp, quotesChecked } = kit(h);
  const { L, EN, query, tag, title, steps: stepsOf, local, read } = inLanguage(h, lang);
  const esc = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  // the badges' words in the page's language, read back as STICK / SLIP
  const STICK = L['pendulum.picture.stick'], SLIP = L['pendulum.picture.slip'];
  const BADGE = { [STICK]: 'STICK', [SLIP]: 'SLIP' };
  // ------------------------------------------------------------------- arm
  await check(`lessons: arm${title}, steps 1–5 followed in order from Reset show the numbers they quote (friction run arm2-ground, chain)`, async () => {
    const h1 = 0.001; // the scenarios' h = dt (1 ms), one row a step
    /** `friction run SCN every=1 …` as { cols, rows, at(t) (the row of time t), c(name) }. */
    const run = (scn, p = {}) => {
      const out = cli(ROOT, ['run', scn, 'every=1', ...Object.entries(p).map(([k, v]) => `${k}=${v}`)]);
      if (out.error) throw new Error(`friction run ${scn}: ${out.error}`);
      const r = csv(out);
      return { ...r, method: p.method || 'semi-implicit', at: (t) => r.rows[Math.round(t / h1)], c: (n) => r.cols.indexOf(n) };
    };
    /** The first t at which column `name` (or any of `names`) is > 0, from t0 on (Infinity: never). */
    const firstOn = (r, names, t0 = 0) => {
      const cs = names.map((n) => r.c(n));
      const row = r.rows.find((x) => x[0] >= t0 - 1e-9 && cs.some((c) => x[c] > 0));
      return row ? row[0] : Infinity;
    };
    const deg = (x) => (x * 180) / Math.PI;
    const { page, log } = await openPage(`?view=arm${query}&arm.method_b=coupled&arm.arm2-ground.K_P=50`, 'arm');
    const clockT = async () => read(await page.evaluate(() => (/t = ([0-9.,]+) s/.exec(document.getElementById('arm-clock')?.textContent || '') || [])[1] ?? ''));
    /** Runs until t ≥ tMin, then pauses; returns the paused t. */
    const runTo = async (tMin) => {
      expect(await pauseAt(page, { clockId: 'arm-clock', tMin, playText: L['runbar.play'], pauseText: L['runbar.pause'], scope: '#view .arm-runbar' }),
        `the clock did not reach ${tMin} s (t = ${await clockT()})`);
      await page.waitForTimeout(400); // the last paint (the charts' mirrors, the status line)
      return clockT();
    };
    /** The status line of method i (0: A, 1: B): its text and the numbers it shows. */
    const status = async (i) => {
      const part = (await page.evaluate(() => document.getElementById('arm-status').textContent)).split('|')[i] || '';
      const num = (re) => (re.exec(part) || [])[1];
      return { text: part.trim(), q1: num(/q1 (-?[0-9.,]+)°/), fn: (/fₙ (-?[0-9.,]+) \/ (-?[0-9.,]+) N/.exec(part) || []).slice(1),
        stick: [1, 2].map((j) => BADGE[num(new RegExp(fill(esc(L['arm.joint']).replace(/\\([{}])/g, '$1'), { j, state: `(${STICK}|${SLIP})` })))]) };
    };
    /** The normal-force chart's series (its mirror: every step in the window), by label 'fn1 A', 'fn2 B', …
     *  (the labels' symbol marks f_n_1 read as the legend draws them, fn1). */
    const fnSeries = () => page.evaluate(() => {
      const plain = (s) => s.replace(/[_^]([\p{L}\p{N}])(?![\p{L}\p{N}])/gu, '$1');
      const c = [...window.__fx.charts.all].find((k) => k.data.datasets.some((d) => /^fn1 A/.test(plain(d.label))));
      return c ? Object.fromEntries(c.data.datasets.map((d) => [plain(d.label.split(' (')[0]), d.data.map((p) => [p.x, p.y])])) : null;
    });
    /** A consistency check (the same core, wasm against native): every point of the page's
     *  normal-force series against the CLI run's row of the same t, within 1e-6 N; but the
     *  implicit method's runs (its bounded least-squares contact) drift apart after a while,
     *  last-bit differences of wasm and native grown by the creeping contact (about 1e-6 N at
     *  0.95 s, 12 N at 2 s for arm2-ground): for it, only up to its first difference over 1e-6 N,
     *  which is noted. Returns { A, B }: each the largest difference compared and where the
     *  runs part (Infinity: never). */
    const sameAsCli = (series, runs, what) => {
      const out = {};
      for (const [label, pts] of Object.entries(series)) {
        const [col, m] = label.split(' ');
        const r = runs[m];
        const o = out[m] ||= { worst: 0, parts: Infinity };
        for (const [x, y] of pts) {
          const row = r.at(x);
          expect(row && Math.abs(row[0] - x) < 1e-9, `${what}: no CLI row at t = ${x}`);
          const d = Math.abs(y - row[r.c(col)]);
          if (d > 1e-6) { o.parts = Math.min(o.parts, x); continue; }
          if (x < o.parts) o.worst = Math.max(o.worst, d);
        }
        expect(r.method === 'implicit' || o.parts === Infinity, `${what}: the page's ${label} differs from friction run (by more than 1e-6 N from t = ${o.parts} s)`);
      }
      return out;
    };
    /** The status of method i at t against the CLI row: q1 to 0.1°, f_n to 0.01 N, the badges.
     *  For a run that parted from the CLI's (`loose`), q1 within 0.5° and a badge for each
     *  joint: once wasm's and glibc's last bits have grown apart, a creeping joint's STICK/SLIP
     *  at one instant is not the CLI's (it flips step by step; the clock stops at 2.0–2.1 s
     *  depending on the frame), so only the slow quantity is compared. */
    const statusIs = async (i, r, t, what, loose = false) => {
      const s = await status(i), row = r.at(t);
      // the numbers as the page writes them (its language's mark)
      const want = { q1: local(deg(row[r.c('q1')]).toFixed(1)), fn: [local(row[r.c('fn1')].toFixed(2)), local(row[r.c('fn2')].toFixed(2))],
        stick: [1, 2].map((j) => (row[r.c(`stick${j}`)] > 0.5 ? 'STICK' : 'SLIP')) };
      const ok = loose ? s.stick.every((b) => b === 'STICK' || b === 'SLIP') && Math.abs(read(s.q1) - read(want.q1)) <= 0.5
        : JSON.stringify({ q1: s.q1, fn: s.fn, stick: s.stick }) === JSON.stringify(want);
      expect(ok, `${what} at t = ${t}: '${s.text}', friction run: ${JSON.stringify(want)}`);
      return s;
    };
    const firstPage = (series, labels) => {
      const ts = labels.map((l) => (series[l].find((p) => p[1] > 0) || [Infinity])[0]);
      return Math.min(...ts);
    };
    try {
      const steps = await stepsOf(page, 'arm', 5);
      // the CLI's runs first: the view runs live from its Reset, and on a
      // loaded machine these took longer than its whole run
      const semi = run('arm2-ground', { method: 'semi-implicit' }), imp = run('arm2-ground', { method: 'implicit' });
      const coup = run('arm2-ground', { method: 'coupled' });
      await reset(page);
      // paused at once (in the page's next frame): step 1 runs it from there
      await pauseAt(page, { clockId: 'arm-clock', tMin: 0, playText: '', pauseText: L['runbar.pause'], scope: '#view .arm-runbar' });
      expect(!/method_b=coupled|K_P=50/.test(page.url()), `Reset left the URL at ${page.url()}`);
      const snaps = [];
      // the notice: A on corner 1 near 156 N and 109.4° (at 2 s), joint 1 of B near 99° by 4 s
      const shownNotice = await page.evaluate(() => document.querySelector('#view .lesson-notice').textContent);
      expect(shownNotice === local(L['arm.lesson.notice']).replace(/[_^]([\p{L}\p{N}])(?![\p{L}\p{N}])/gu, '$1'), `the notice is not the ${lang} table's: ${shownNotice.slice(0, 60)}`);
      const notice = EN['arm.lesson.notice'];
      const r2 = (r, n) => r.at(2)[r.c(n)];
      has(notice, `about ${Math.round(r2(semi, 'fn1'))} N`); has(notice, `joint 1 at ${deg(r2(semi, 'q1')).toFixed(1)}°`);
      has(notice, `about ${Math.round(deg(imp.at(3.999)[imp.c('q1')]))}° by 4 s`);
      // step 1: the first contacts, A on corner 1 only, B on both
      snaps.push(await controls(page));
      const a0 = firstOn(semi, ['fn1', 'fn2']), b0 = firstOn(imp, ['fn1', 'fn2']), b2 = firstOn(imp, ['fn2']);
      expect(firstOn(semi, ['fn2']) === Infinity, 'CLI semi-implicit: corner 2 touches');
      has(steps[0], `at about ${a0.toFixed(1)} s (A at ${a0.toFixed(3)} s, B at ${b0.toFixed(3)} s)`);
      expect(b0.toFixed(1) === a0.toFixed(1), `CLI first contacts ${a0} and ${b0} s`);
      has(steps[0], `corner 2 from ${b2.toFixed(3)} s`);
      const t1 = await runTo(2);
      see(page, steps[0]);
      const s1 = await fnSeries();
      const d1 = sameAsCli(s1, { A: semi, B: imp }, 'step 1');
      expect(firstPage(s1, ['fn1 A', 'fn2 A']) === a0 && firstPage(s1, ['fn1 B', 'fn2 B']) === b0 && firstPage(s1, ['fn2 B']) === b2
        && s1['fn2 A'].every((p) => p[1] === 0), `step 1: the page's first contacts differ from the CLI's ${a0}, ${b0}, ${b2} s`);
      await statusIs(0, semi, t1, 'step 1, A'); await statusIs(1, imp, t1, 'step 1, B', d1.B.parts <= t1);
      await shot(page, `arm-1${tag}`);
      // step 2: B = coupled (the run starts again)
      snaps.push(await controls(page));
      has(steps[1], `corner 1 at about ${Math.round(r2(coup, 'fn1'))} N, joint 1 at ${deg(r2(coup, 'q1')).toFixed(1)}°`);
      expect(Math.round(r2(coup, 'fn1')) === Math.round(r2(semi, 'fn1')) && deg(r2(coup, 'q1')).toFixed(1) === deg(r2(semi, 'q1')).toFixed(1)
        && r2(coup, 'fn2') === 0, 'CLI: coupled does not rest like semi-implicit at 2 s');
      await pick(page, L['arm.methodB'], 'coupled');
      expect(await clockT() < 1, `picking coupled did not start the run again (t = ${await clockT()})`);
      // the method is named in the page's language, as implicit and semi-implicit are (the
      // French page showed "coupled", "paper", "joint", "motor", "off" bare)
      const coupledShown = await page.locator('#view .ctl-choice', { hasText: L['arm.methodB'] }).locator('select option:checked').textContent();
      expect(coupledShown === (lang === 'en' ? 'coupled' : `${L['choice.coupled']} (coupled)`), `method B shows '${coupledShown}'`);
      const t2 = await runTo(2);
      see(page, steps[1]);
      const s2b = await statusIs(1, coup, t2, 'step 2, B');
      // the status line names B's method as the page's table writes it (French: a space before the colon)
      expect(s2b.text.startsWith(fill(L['arm.status.sim'].split('{qs}')[0], { who: 'B', name: L['choice.coupled'] })), `step 2: B's status reads '${s2b.text.slice(0, 40)}'`);
      expect(Math.round(read(s2b.fn[0])) === Math.round(r2(coup, 'fn1')) && s2b.q1 === local(deg(r2(coup, 'q1')).toFixed(1)), `step 2: B shows '${s2b.text}'`);
      sameAsCli(await fnSeries(), { A: semi, B: coup }, 'step 2');
      // step 3: B back to implicit; A sticks (both badges) from the end of its last slip before 4 s, B slips
      snaps.push(await controls(page));
      const lastSlip = (r) => Math.max(...r.rows.filter((x) => x[0] < 4 && !(x[r.c('stick1')] > 0.5 && x[r.c('stick2')] > 0.5)).map((x) => x[0]));
      const aStick = lastSlip(semi) + h1, pStick = lastSlip(run('arm2-ground', { joint_step: 'paper', duration: 4 })) + h1;
      has(steps[2], `from ${aStick.toFixed(1)} s on (with paper, eq. 27 + clip 21: from ${pStick.toFixed(1)} s)`);
      const bStuck = imp.rows.filter((x) => x[0] >= aStick && x[0] < 4 && (x[imp.c('stick1')] > 0.5 || x[imp.c('stick2')] > 0.5));
      expect(!bStuck.length, `CLI implicit: a joint sticks at t = ${bStuck[0]?.[0]} s`);
      // "joint 1 sinks, joint 2 chatters about zero speed": q1 falls from aStick to 4 s, dq2 changes sign often
      const late = imp.rows.filter((x) => x[0] >= aStick && x[0] < 4);
      const q1 = imp.c('q1'), dq2 = imp.c('dq2');
      const flips = late.slice(1).filter((x, i) => Math.sign(x[dq2]) !== Math.sign(late[i][dq2])).length;
      expect(late[late.length - 1][q1] < late[0][q1] - 0.005 && flips >= late.length / 4,
        `CLI implicit after ${aStick} s: q1 ${late[0][q1]} -> ${late[late.length - 1][q1]} rad, dq2 changes sign ${flips} times in ${late.length} rows`);
      has(steps[2], 'joint 1 sinks, joint 2 chatters about zero speed');
      await pick(page, L['arm.methodB'], 'implicit');
      const t3 = await runTo(aStick + 0.2);
      const a3 = await statusIs(0, semi, t3, 'step 3, A');
      let b3 = await statusIs(1, imp, t3, 'step 3, B', d1.B.parts <= t3);
      if (b3.stick.join() !== 'SLIP,SLIP' && d1.B.parts <= t3) {
        // the page's run (wasm) has parted from the CLI's, and its chattering joint 2 reads
        // STICK for single steps (2 of the 2 200 steps from 1.8 to 4 s: 2.100 and 2.136 s),
        // as the step's text says; paused on one, the next step reads SLIP again
        await page.locator('#view .arm-runbar button', { hasText: new RegExp(`^${L['runbar.step']}$`) }).click();
        await page.waitForTimeout(300);
        b3 = await statusIs(1, imp, await clockT(), 'step 3, B, one step later', true);
      }
      expect(a3.stick.join() === 'STICK,STICK' && b3.stick.join() === 'SLIP,SLIP', `step 3 badges: '${a3.text}' | '${b3.text}'`);
      see(page, steps[2]);
      await shot(page, `arm-3${tag}`);
      // step 4: q_d2 = 0, then Reset: no contact before 4 s, touch-down after the cut
      snaps.push(await controls(page));
      const q2s = run('arm2-ground', { q2_d: 0 }), q2i = run('arm2-ground', { method: 'implicit', q2_d: 0 });
      const a4 = firstOn(q2s, ['fn1', 'fn2']), b4 = firstOn(q2i, ['fn1', 'fn2']);
      expect(a4 > 4 && b4 > 4, `CLI q2_d = 0: contact before the cut at 4 s (${a4}, ${b4} s)`);
      has(steps[3], `touches down at about ${a4.toFixed(2)} s`);
      expect(b4.toFixed(2) === a4.toFixed(2), `CLI q2_d = 0: touch-downs at ${a4} and ${b4} s`);
      await type(page, L['param.arm2-ground.q2_d.label'].replace(/[_^]([\p{L}\p{N}])(?![\p{L}\p{N}])/gu, '$1'), 0);
      await page.locator('#view .arm-runbar button', { hasText: new RegExp(`^${L['runbar.reset']}$`) }).click();
      expect(await clockT() < 1, `Reset did not start the run again (t = ${await clockT()})`);
      await runTo(4.3);
      see(page, steps[3]);
      const s4 = await fnSeries();
      const d4 = sameAsCli(s4, { A: q2s, B: q2i }, 'step 4');
      const pb4 = firstPage(s4, ['fn1 B', 'fn2 B']);
      expect(firstPage(s4, ['fn1 A', 'fn2 A']) === a4 && (pb4 === b4 || (d4.B.parts < b4 && pb4.toFixed(2) === b4.toFixed(2))),
        `step 4: the page's touch-downs ${firstPage(s4, ['fn1 A', 'fn2 A'])}, ${firstPage(s4, ['fn1 B', 'fn2 B'])} s; CLI ${a4}, ${b4} s`);
      await shot(page, `arm-4${tag}`);
      // step 5: the chain (n = 10 links at its defaults)
      snaps.push(await controls(page));
      await pick(page, L['arm.scenario'], 'chain');
      const n = read(await page.locator('#view .ctl[data-param=n] input.ctl-num').inputValue());
      has(steps[4], `(n = ${n})`);
      const cs = run('chain', {}), ci = run('chain', { method: 'implicit' });
      const c0 = firstOn(cs, ['fn1']), c0i = firstOn(ci, ['fn1']);
      expect(firstOn(cs, ['fn2']) === Infinity && firstOn(ci, ['fn2']) === Infinity, 'CLI chain: corner 2 touches');
      has(steps[4], `lands at ${c0.toFixed(1)} s on one corner only`);
      expect(c0i.toFixed(1) === c0.toFixed(1), `CLI chain: landings at ${c0} and ${c0i} s`);
      await runTo(c0 + 0.3);
      see(page, steps[4]);
      const s5 = await fnSeries();
      const d5 = sameAsCli(s5, { A: cs, B: ci }, 'step 5');
      expect(firstPage(s5, ['fn1 A']) === c0 && firstPage(s5, ['fn1 B']) === c0i && firstPage(s5, ['fn2 A', 'fn2 B']) === Infinity,
        `step 5: the page's landings differ from the CLI's ${c0}, ${c0i} s, or corner 2 touches`);
      await shot(page, `arm-5${tag}`);
      await sameAsSetUp(page, snaps);
      await quotesChecked(page, steps);
      const problems = h.logProblems(log);
      expect(!problems.length, problems.slice(0, 3).join('; '));
      return `first contacts A ${a0}, B ${b0} s (corner 2 of B ${b2} s); coupled ${r2(coup, 'fn1').toFixed(2)} N, ${deg(r2(coup, 'q1')).toFixed(2)}°; `
        + `A sticks from ${aStick.toFixed(3)} s (paper ${pStick.toFixed(3)}); q_d2 = 0: touch-down ${a4}/${b4} s; chain lands ${c0}/${c0i} s; `
        + `page f_n = CLI (consistency check) within ${d1.A.worst.toExponential(1)} N for A, implicit B parts from the CLI's run at `
        + `${[d1, d4, d5].map((d) => (d.B.parts === Infinity ? 'never' : `${d.B.parts.toFixed(3)} s`)).join(' / ')} (steps 1, 4, 5); "Set up" of each step = the steps followed`;
    } finally {
      await page.close();
    }
  });
}
