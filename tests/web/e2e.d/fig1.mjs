// e2e.d/fig1.mjs: the paper's Fig. 1 B/C in the In MuJoCo view's "Your
// robot" section (web/src/views/mujoco/fig1Panel.js, run in the worker
// fig1.worker.js over fig1.js). Checks:
//   worker      the button runs the low gain in the worker; Cancel while
//               MuJoCo loads and compiles the meshes (the progress bar
//               indeterminate) stops it at once: the section is not busy
//               right after the click (a state, not a time; how long it
//               took is reported) (the status says so, no
//               figure kept); run again to its end, the bar advances
//               (several increasing fractions between 0 and 1) and the page
//               stays responsive (the longest gap between two animation
//               frames until the figure arrives, the view's own runs
//               paused, under GAP_MS times the page's slowdown (tests/web/pace.mjs),
//               or 4 times the largest gap over 1 s
//               just before, nothing running: the same run's baseline)
//   figure      the high gain runs too (the selector shows either again
//               without a run); panel B
//               (a chart per joint: the path, M1 and M4) and panel C (a
//               line per joint of q(M1) − q(M4) in mrad) are drawn, the
//               table prints max and mean |Δq| and the tracking RMS
//   node        a consistency check: the page's figures (max, mean |Δq|,
//               tracking RMS, per joint and overall) equal fig1.js's
//               runFig1 in Node (MuJoCo 3.14 from npm, the core's wasm) on
//               ../shared/data/bam/2R/2r_mx to 1e-9 rad: the same function
//               in both places, so it checks the worker's wiring, not the
//               physics (tests/web/robot.test.mjs checks that)
//   screenshots build/e2e/mujoco-fig1-{1280,1024,853}.png (the charts in view)
//               and mujoco-fig1-panel-{1280,1024,853}.png (the whole panel)
//   a11y        axe-core (npm, pinned) on the panel with its charts drawn
//   origin      no request leaves the explorer's origin, no console error
//   French      ?lang=fr: the panel's texts are the French table's
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pacer, within } from '../pace.mjs';

const TOL = 1e-9;                 // [rad] the page against Node (a consistency check)
// [ms] the longest gap between two frames allowed while the worker runs, on a
// quiet machine (stretched by the page's slowdown under load, pace.mjs): a
// few hundred ms are seen; the run on the page's thread would give the whole
// load and compile (over 5 s here)
const GAP_MS = 1500;

export default async function fig1(h) {
  const { check, expect, openPage, waitFor, logProblems, OUT, ROOT } = h;
  const names = ['fig1: the run in the worker (progress bar, responsive page, Cancel)', 'fig1: both gains drawn (panels B and C) and printed',
    'fig1: the page\'s figures equal fig1.js in Node to 1e-9 (a consistency check)', 'fig1: screenshots of the panel',
    'fig1: axe-core on the panel with both panels drawn: no critical or serious finding, headings in order', 'fig1: no request to another origin, no console error',
    'fig1: the panel in French (?lang=fr)'];
  if (!h.requireViews(['mujoco'], names)) return;
  const src = h.requireData(names, 'scene.xml', 'data', 'bam', '2R', '2r_mx');
  if (!src) return;
  const { page, log } = await openPage('?view=mujoco', 'mujoco');
  const state = () => page.evaluate(() => {
    const f = window.__fx?.mujoco?.fig1;
    return f ? { busy: f.busy, results: f.results(), progress: f.progressSeen.slice() } : null;
  });
  const text = (id) => page.evaluate((x) => { const e = document.getElementById(x); return e && !e.hidden ? e.textContent : ''; }, id);
  await page.evaluate(() => { document.getElementById('mujoco-robot').open = true; document.getElementById('mujoco-fig1').open = true; });

  let page8 = null;
  await check(names[0], async () => {
    await page.selectOption('#mujoco-fig1-gain', '8');
    // Cancel while the worker loads MuJoCo and compiles the meshes (a wasm
    // call that cannot look at its messages): the worker is stopped
    await page.locator('#mujoco-fig1-run').click();
    const started = await waitFor(async () => { const s = await state(); return s.busy && await page.evaluate(() => !document.getElementById('mujoco-fig1-cancel').disabled) ? s : null; }, 30_000, 50);
    expect(started, `the run did not start: ${await text('mujoco-fig1-error')}`);
    const indeterminate = await page.evaluate(() => { const b = document.getElementById('mujoco-fig1-progress'); return !b.hidden && b.position === -1; });
    expect(indeterminate, 'the progress bar is not shown (indeterminate) while MuJoCo compiles');
    await page.waitForTimeout(500);
    // Cancel clicked in the page, and the run's state read right after its
    // click handler and the promise it settles (the next task: a stopped
    // worker sends nothing in between): while MuJoCo loads or compiles
    // (the bar still indeterminate) the worker goes at once, so the section is
    // no longer busy; a Cancel that waited for the compile would still be.
    // Its time is reported (before: under max(2 s, half the load and compile
    // of the next run), Node's clock against the worker's)
    const c0 = Date.now();
    const atCancel = await page.evaluate(async () => {
      const bar = document.getElementById('mujoco-fig1-progress'), f = window.__fx.mujoco.fig1;
      const compiling = !bar.hidden && bar.position === -1;
      document.getElementById('mujoco-fig1-cancel').click();
      await new Promise((r) => { setTimeout(r, 0); });
      return { compiling, busy: f.busy };
    });
    const stopped = await waitFor(async () => { const s = await state(); return s.busy ? null : s; }, 60_000, 20);
    const cancelMs = Date.now() - c0;
    expect(stopped, 'Cancel did not stop the run within 60 s');
    if (atCancel.compiling) expect(!atCancel.busy, 'Cancel during the compile did not stop the run at once (it waits for the worker?)');
    expect(stopped.results.length === 0, `a cancelled run left a figure: ${JSON.stringify(stopped.results.map((r) => r.kp))}`);
    const status = await text('mujoco-fig1-status');
    expect(/cancelled/.test(status), `status after Cancel: '${status}'`);
    expect(await page.evaluate(() => document.getElementById('mujoco-fig1-progress').hidden), 'the progress bar stays after Cancel');
    // then the whole run: the bar advances, the page keeps drawing frames
    // (the gaps between two animation frames until the figure arrives, the
    // view's own six runs paused: a run on the page's thread would freeze
    // it for the whole load and compile, several seconds)
    await page.locator('.mujoco-runbar button', { hasText: /^Pause$/ }).first().click();
    // the baseline: the largest frame gap over 1 s of the same page with the
    // runs paused and nothing started (the machine's load alone); the bound
    // below is GAP_MS stretched by the page's slowdown (tests/web/pace.mjs,
    // sampled from the baseline to the figure), or 4 times the baseline
    // (a page frozen for the load and compile still fails)
    const pc = pacer(page);
    await pc.start();
    const base = await page.evaluate(() => new Promise((res) => {
      let last = performance.now(), max = 0;
      const t0 = last;
      const f = (now) => { max = Math.max(max, now - last); last = now; if (now - t0 < 1000) requestAnimationFrame(f); else res(max); };
      requestAnimationFrame(f);
    }));
    await page.evaluate(() => {
      const w = window.__fig1Frames = { last: performance.now(), gaps: [], on: true };
      const f = () => { const now = performance.now(); w.gaps.push([now - w.last, now]); w.last = now; if (w.on) requestAnimationFrame(f); };
      requestAnimationFrame(f);
    });
    const t0 = Date.now();
    await page.locator('#mujoco-fig1-run').click();
    const done = await waitFor(async () => { const s = await state(); return !s.busy && s.results.length ? s : null; }, 180_000, 50);
    const pace = await pc.stop();
    expect(done, `kp 8: no figure in 180 s: ${await text('mujoco-fig1-error')}`);
    const { gap, frames, showMs } = await page.evaluate(() => {
      const w = window.__fig1Frames, f = window.__fx.mujoco.fig1;
      w.on = false;
      const until = w.gaps.filter(([, at]) => at <= f.doneAt);
      return { gap: Math.max(...until.map(([g]) => g)), frames: until.length, showMs: f.showMs };
    });
    // the worker reports at most every 100 ms: a run of a few tenths of a
    // second on an idle machine gives two or three fractions
    const fr = done.progress.filter((x) => x > 0 && x < 1);
    expect(fr.length >= 2 && fr.every((x, i) => i === 0 || x > fr[i - 1]), `the progress bar's fractions: ${done.progress.join(' ')}`);
    const bound = Math.max(within(GAP_MS, pace), 4 * base);
    expect(gap < bound, `the page froze for ${gap.toFixed(0)} ms during the run (bound ${bound.toFixed(0)} ms: its largest frame gap before it, paused: ${base.toFixed(0)} ms; ${pace.text})`);
    page8 = done.results[0];
    return `Cancel ${atCancel.compiling ? 'during the compile: not busy right after the click' : 'after the compile (the bar had moved): stopped by the worker'}, `
      + `'${status}' seen after ${cancelMs} ms (the next run's load and compile ${page8.loadMs} ms); then kp 8 to its end in ${((Date.now() - t0) / 1e3).toFixed(1)} s (load and compile ${(page8.loadMs / 1e3).toFixed(1)} s, the two runs ${(page8.ms / 1e3).toFixed(2)} s in the worker), progress ${fr.map((x) => x.toFixed(2)).join(' ')}; `
      + `${frames} frames drawn meanwhile, the longest gap ${gap.toFixed(0)} ms (bound ${bound.toFixed(0)} ms; ${pace.text}; load average ${os.loadavg()[0].toFixed(1)}); drawing the figure then took ${showMs.toFixed(0)} ms`;
  });

  let page32 = null;
  await check(names[1], async () => {
    const runGain = async (kp) => {
      await page.selectOption('#mujoco-fig1-gain', String(kp));
      await page.locator('#mujoco-fig1-run').click();
      const r = await waitFor(async () => { const s = await state(); return !s.busy && s.results.some((x) => x.kp === kp) ? s.results.find((x) => x.kp === kp) : null; }, 180_000, 100);
      expect(r, `kp ${kp}: no figure in 180 s: ${await text('mujoco-fig1-error')}`);
      return r;
    };
    expect(page8, 'no figure at kp 8');
    page32 = await runGain(32);
    // the selector shows a gain already run again, without a run
    await page.selectOption('#mujoco-fig1-gain', '8');
    const shown = await text('mujoco-fig1-summary');
    expect(shown.startsWith('kp 8:'), `back to kp 8, the figures say '${shown}'`);
    const redrawMs = await page.evaluate(() => window.__fx.mujoco.fig1.showMs);
    await page.selectOption('#mujoco-fig1-gain', '32');
    const charts = await page.evaluate(() => [...document.querySelectorAll('#mujoco-fig1-charts canvas')].map((c) => {
      const ch = [...window.__fx.charts.all].find((x) => x.canvas === c);
      // the decimation plugin draws a min-max envelope and keeps every point in _data
      return ch ? ch.data.datasets.map((d) => ({ label: d.label, n: (d._data ?? d.data).length })) : null;
    }));
    expect(charts.length === 3 && charts.every(Boolean), `panels B (two charts) and C (one): ${JSON.stringify(charts)}`);
    // a line takes every step (the decimation plugin draws its min-max envelope)
    const want = page32.n;
    expect(charts.slice(0, 2).every((c) => c.length === 3 && c.every((d) => d.n === want)), `panel B: path, M1, M4 of ${want} points: ${JSON.stringify(charts)}`);
    expect(charts[2].length === 2 && charts[2].every((d) => d.n === want), `panel C: a line per joint: ${JSON.stringify(charts[2])}`);
    const rows = await page.evaluate(() => [...document.querySelectorAll('#mujoco-fig1-table tbody tr')].map((tr) => tr.textContent));
    expect(rows.length === 3, `table rows: ${rows.join(' | ')}`);
    const summary = await text('mujoco-fig1-summary');
    expect(summary.includes((1e3 * page32.stats.maxDiff).toFixed(2)), `the printed figures '${summary}' name max |Δq| ${page32.stats.maxDiff}`);
    return `kp 8: ${(page8.ms / 1e3).toFixed(2)} s in the worker (+${(page8.loadMs / 1e3).toFixed(2)} s loading); kp 32: ${(page32.ms / 1e3).toFixed(2)} s; back to kp 8, drawing it took ${redrawMs.toFixed(0)} ms; '${summary}'`;
  });

  await check(names[2], async () => {
    expect(page8 && page32, 'no figure from the page');
    const [{ default: loadMujoco }, { loadCore }, { readFolder }, { runFig1 }] = await Promise.all([
      import('@mujoco/mujoco'), import('../load.mjs'), import('../../../tools/robot.mjs'), import('../../../web/src/mujoco/fig1.js')]);
    const [mj, core] = await Promise.all([loadMujoco(), loadCore()]);
    const files = readFolder(src, null, core);
    let worst = 0;
    const lines = [];
    for (const p of [page8, page32]) {
      const n = runFig1(mj, core, files, { kp: p.kp });
      expect(p.n === n.t.length && p.dt === n.dt, `kp ${p.kp}: ${p.n} steps of ${p.dt} s in the page, ${n.t.length} of ${n.dt} s in Node`);
      const pairs = [[p.stats.maxDiff, n.stats.maxDiff], [p.stats.meanDiff, n.stats.meanDiff], [p.stats.rms.m1, n.stats.rms.m1], [p.stats.rms.m4, n.stats.rms.m4],
        ...p.stats.perJoint.flatMap((j, i) => [[j.maxDiff, n.stats.perJoint[i].maxDiff], [j.meanDiff, n.stats.perJoint[i].meanDiff],
          [j.rms.m1, n.stats.perJoint[i].rms.m1], [j.rms.m4, n.stats.perJoint[i].rms.m4]])];
      for (const [a, b] of pairs) worst = Math.max(worst, Math.abs(a - b));
      lines.push(`kp ${p.kp}: max |Δq| ${(1e3 * p.stats.maxDiff).toFixed(2)} mrad, mean ${(1e3 * p.stats.meanDiff).toFixed(2)} mrad, RMS M1 ${(1e3 * p.stats.rms.m1).toFixed(2)}, M4 ${(1e3 * p.stats.rms.m4).toFixed(2)} mrad`);
    }
    expect(worst <= TOL, `largest |page − Node| over the figures: ${worst} rad`);
    return `largest |page − Node| ${worst.toExponential(2)} rad; ${lines.join('; ')}`;
  });

  await check(names[3], async () => {
    const files = await h.screenshots(page, 'mujoco-fig1', { waitMs: 400, locator: '#mujoco-fig1-charts' });
    // and the whole panel (controls, table, both panels) at each size
    for (const [w, hgt] of h.SHOT_SIZES) {
      await page.setViewportSize({ width: w, height: hgt });
      await page.waitForTimeout(400);
      const file = `mujoco-fig1-panel-${w}.png`;
      await page.locator('#mujoco-fig1').screenshot({ path: path.join(OUT, file) });
      files.push(file);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    return files.map((f) => `build/e2e/${f}`).join(', ');
  });

  await check(names[4], async () => {
    await page.evaluate(fs.readFileSync(path.join(ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8'));
    const r = await page.evaluate(() => window.axe.run(document.getElementById('mujoco-fig1'), { resultTypes: ['violations'] }));
    const bad = r.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious' || v.id === 'heading-order');
    expect(!bad.length, bad.map((v) => `${v.id} (${v.impact}) at ${v.nodes.slice(0, 2).map((n) => n.target.join(' ')).join(', ')}`).join('; '));
    return `${r.violations.length} moderate or minor finding(s)`;
  });

  await check(names[5], async () => {
    const problems = logProblems(log);
    expect(problems.length === 0, problems.slice(0, 5).join('; '));
  });
  await page.close();

  await check(names[6], async () => {
    const fr = await openPage('?view=mujoco&lang=fr', 'mujoco');
    try {
      const got = await fr.page.evaluate(() => {
        const s = document.getElementById('mujoco-fig1');
        return { summary: s.querySelector('summary').textContent, run: document.getElementById('mujoco-fig1-run').textContent,
          text: s.textContent };
      });
      expect(/Le bras 2R de l'article/.test(got.summary) && /M1 face à M4/.test(got.run), `the French panel: '${got.summary}', '${got.run}'`);
      expect(!/mujoco\.fig1\./.test(got.text), `a key shown as text: ${got.text.slice(0, 200)}`);
      const problems = logProblems(fr.log);
      expect(problems.length === 0, problems.slice(0, 5).join('; '));
      return `'${got.summary}'; '${got.run}'`;
    } finally {
      await fr.page.close();
    }
  });
}
