// e2e.d/mujocodeep.mjs: a robot file that would freeze or kill MuJoCo, in
// the In MuJoCo view's "Your robot" section. Checks:
//   deep        a chain of 300 nested bodies (generated here, one body a
//               line) dropped on the box: one sentence in
//               #mujoco-robot-error (waited for up to 60 s), the core's
//               (fric_mjcf_check_text: "<joint> nested 65 deep at line 64
//               of deep.xml: the limit is 64": body k is on line k + 2 at
//               depth k + 2, its joint one deeper, so body 62's joint is the
//               first at 65), and the page answers throughout: the largest
//               gap between two animation frames under 1 s times the
//               slowdown of the page's slowest tenth (tests/web/pace.mjs
//               withinTail: a fixed task timed in the same page while it is
//               watched, its 90th percentile against its quiet time),
//               or under 4 times the largest gap of the same page over 1 s
//               just before with nothing dropped (a baseline of the same
//               run: a loaded machine's own gaps; a page blocked for seconds
//               still fails); the sentence within 10 s times the median slowdown,
//               in the page's clock
//               (the slowest page.evaluate round trip is reported: on this
//               shared 2-core machine Playwright's own latency reaches 1.3 s
//               while the page's frames never stop that long)
//   wide        10,000 hinges side by side (generated here) dropped: the
//               mapping table lists the first 100, the core's adoption
//               limit (FRIC_MUJOCO_MAX_JOINTS, the CLI's), under one
//               sentence saying so, and the page answers throughout (the
//               bound of deep; the table of every joint held it 12 s); the
//               worker's compile limit raised to 340 s for this drop (a full
//               make test's load stretched the compile past the page's 120 s)
//   time limit  the SO-101 folder dropped with the worker's compile limit
//               lowered to 1 ms (__fx.mujoco.compileGuard.limitMs): the
//               worker is stopped and the page says so in one sentence
//               (robot.err.timeout), nothing loaded, the page answering
//               (watched from when the file input has the files: Playwright's
//               hand-over of 15 MB can hold the renderer's thread about 1 s)
//   after       with the limit back at the page's own (read before), the SO-101 folder dropped
//               after both loads and runs (its clock advances, both copies
//               drawn) without a reload; the worker's compile came first
//               (compileGuard.last: done); then its light meshes (the
//               automatic choice on a software renderer, SwiftShader here,
//               else chosen) drawn, every hull put in (their hulls made in
//               the robot's worker); the page answering throughout, from the
//               drop until then: its largest frame gap under the bound above
//               (it was 6.6–13 s when the full meshes were drawn first: the
//               browser's commit waited on SwiftShader's first frames, 3.6 s,
//               then 0.5–0.9 s a frame; robot3d.js now spreads that work)
//   start       the In MuJoCo view opened from another view: MuJoCo's module
//               made and the six runs started; the page's largest frame gap
//               under the bound above: 250 ms at load 4, 1.1–1.35 s at load
//               18–20 (1.9–2.8 s before: MuJoCo's start and the six runs'
//               six parses in one piece; now a frame between them and two
//               parses), what is left being MuJoCo's own module start (its
//               bindings made, one task of the page's thread)
//   hinge       a tiny hinge MJCF (a position actuator on it) dropped in a
//               fresh view, a servo chosen for it and adopted (the 3D
//               renderer's first scene): the page answering within the bound
//               above, from the drop on (5.4 s was seen)
import fs from 'node:fs';
import path from 'node:path';
import { pacer, within, withinTail } from '../pace.mjs';

const SO101 = ['scene.xml', 'so101_new_calib.xml'];
// [ms] the page answers within this on a quiet machine (stretched by the
// page's slowdown, tests/web/pace.mjs, or 4 × the baseline gap), throughout
const ANSWER_MS = 1000;
// [ms] the deep chain's sentence comes within this on a quiet machine (the
// issue's 10 s; stretched by the page's slowdown), in the page's own clock
const SAY_MS = 10_000;

/** n nested bodies, one a line: line 1 <mujoco>, 2 <worldbody>, body k on line k + 2. */
function chain(n) {
  let s = '<mujoco model="deep">\n  <worldbody>\n';
  for (let k = 1; k <= n; k++) s += `<body name="b${k}" pos="0 0 0.01"><joint name="j${k}" type="hinge"/><geom size="0.01"/>\n`;
  return `${s}${'</body>'.repeat(n)}\n  </worldbody>\n</mujoco>\n`;
}

/** n bodies side by side under the world, a hinge each: n joints a servo can drive. */
function wide(n) {
  let s = '<mujoco model="wide">\n  <worldbody>\n';
  for (let k = 1; k <= n; k++) s += `<body name="b${k}" pos="${(k * 0.05).toFixed(2)} 0 0"><joint name="j${k}" type="hinge"/><geom size="0.01"/></body>\n`;
  return `${s}  </worldbody>\n</mujoco>\n`;
}

/** The largest gap between two of the page's animation frames [ms]: watch()
 *  starts (or restarts) the watch, gap() reads it (the time since the last
 *  frame too: a page frozen now counts). Also e2e.d/mujocoworker.mjs's. */
export function frameGaps(page) {
  const watch = () => page.evaluate(() => {
    const w = (window.__deepWatch = window.__deepWatch || { max: 0, last: performance.now(), on: false });
    w.max = 0;
    w.last = performance.now();
    if (!w.on) {
      w.on = true;
      const f = (now) => { w.max = Math.max(w.max, now - w.last); w.last = now; requestAnimationFrame(f); };
      requestAnimationFrame(f);
    }
  });
  const gap = () => page.evaluate(() => Math.max(window.__deepWatch.max, performance.now() - window.__deepWatch.last));
  return { watch, gap };
}

export default async function mujocoDeep(h) {
  const { check, expect, openPage, waitFor, logProblems, OUT, ROOT } = h;
  if (!h.requireViews(['mujoco'], ['mujocodeep: a deep MJCF in Your robot'])) return;
  const src = path.join(ROOT, '..', 'shared', 'data', 'so101');
  const haveSo101 = fs.existsSync(path.join(src, 'scene.xml'));
  const drop = path.join(OUT, 'mujocodeep', 'so101');
  if (haveSo101) {
    fs.rmSync(path.dirname(drop), { recursive: true, force: true });
    fs.mkdirSync(path.join(drop, 'assets'), { recursive: true });
    for (const f of SO101) fs.copyFileSync(path.join(src, f), path.join(drop, f));
    for (const f of fs.readdirSync(path.join(src, 'assets')).filter((x) => x.endsWith('.stl'))) {
      fs.copyFileSync(path.join(src, 'assets', f), path.join(drop, 'assets', f));
    }
  }

  const { page, log } = await openPage('?view=mujoco', 'mujoco');
  const error = () => page.evaluate(() => { const e = document.getElementById('mujoco-robot-error'); return e.hidden ? '' : e.textContent; });
  const robot = () => page.evaluate(() => {
    const r = window.__fx?.mujoco?.robot;
    return r ? { time: r.time, main: r.main, drawn: r.drawn, busy: r.busy, meshes: r.meshes, triangles: r.triangles, boxes: r.boxes, full: r.fullTriangles } : null;
  });
  const dropText = (name, text) => page.evaluate(([n, x]) => {
    const dt = new DataTransfer();
    dt.items.add(new File([x], n, { type: 'text/xml' }));
    const zone = document.getElementById('mujoco-robot-drop');
    for (const type of ['dragenter', 'dragover', 'drop']) zone.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: dt }));
  }, [name, text]);
  // the page's answers: the largest gap between animation frames (reset by
  // watch()) and the slowest evaluate round trip of the polls
  const { watch, gap } = frameGaps(page);
  // the largest frame gap over 1 s with nothing dropped (the machine's load
  // alone), and the bound of the checks: ANSWER_MS stretched by the page's
  // slowdown sampled from the baseline to the end of the watch (pace), or 4
  // times the baseline
  const baseline = async () => { await watch(); await page.waitForTimeout(1000); return gap(); };
  // a frame gap is the longest of many, a tail figure: stretched like with
  // like, by the slowest tenth of the page's pace (pace.mjs withinTail); on a
  // quiet machine that is ×1, the 1 s floor. (By the median alone, MuJoCo's
  // start read 3.4 s against 2.7 s at a load average of 20, its longest task
  // 2972 ms, with the p90 of the same samples at ×9.5.)
  const answerBound = (base, pace) => Math.max(withinTail(ANSWER_MS, pace), 4 * base);
  const pc = pacer(page);
  let slowest = 0;
  let pageLimitMs;   // the page's own compile limit [ms], read before a check changes it
  const timed = async (fn) => {
    const t0 = Date.now();
    const v = await fn();
    slowest = Math.max(slowest, Date.now() - t0);
    return v;
  };

  await page.waitForFunction(() => window.__fx?.mujoco?.version, null, { timeout: 60_000 });
  await page.evaluate(() => { document.getElementById('mujoco-robot').open = true; });

  await check('mujocodeep: a 300-deep chain dropped: one sentence within 10 s (the core\'s bound, naming the element, line and file), the page answering within 1 s throughout (both stretched by the page\'s slowdown)', async () => {
    await pc.start();
    const base = await baseline();
    await watch();
    slowest = 0;
    // the time to the sentence in the page's clock: from the drop to the
    // error line's first change (Playwright's round trips left out)
    await page.evaluate(() => {
      const e = document.getElementById('mujoco-robot-error'), w = (window.__deepSaid = { at: null });
      const mo = new MutationObserver(() => { if (!e.hidden && e.textContent && w.at === null) { w.at = performance.now(); mo.disconnect(); } });
      mo.observe(e, { attributes: true, childList: true, characterData: true, subtree: true });
    });
    const t0 = await page.evaluate(() => performance.now());
    await dropText('deep.xml', chain(300));
    const said = await waitFor(() => timed(error), 60_000, 50);
    const saidAt = await page.evaluate(() => window.__deepSaid.at), took = saidAt === null ? NaN : saidAt - t0, g = await gap();
    const pace = await pc.stop(), bound = answerBound(base, pace), sayBound = within(SAY_MS, pace);
    expect(said, `no sentence within 60 s (the page's largest frame gap ${g.toFixed(0)} ms)`);
    expect(said.includes('<joint> nested 65 deep at line 64 of deep.xml: the limit is 64'), `the sentence: '${said}'`);
    expect(took >= 0 && took < sayBound, `the sentence came after ${took.toFixed(0)} ms: the issue's check asks it within 10 s (${sayBound.toFixed(0)} ms at this ${pace.text})`);
    expect(g < bound, `the page did not answer within ${bound.toFixed(0)} ms: largest frame gap ${g.toFixed(0)} ms (${base.toFixed(0)} ms before, with nothing dropped; ${pace.text}; slowest round trip ${slowest} ms)`);
    const r = await robot();
    expect(!r?.main && !r?.busy, `a robot was loaded or the section is still busy: ${JSON.stringify(r)}`);
    return `'${said}' after ${took.toFixed(0)} ms (page clock); largest frame gap ${g.toFixed(0)} ms (bound ${bound.toFixed(0)} ms; ${pace.text}), slowest round trip ${slowest} ms`;
  });

  await check('mujocodeep: 10,000 hinges side by side dropped: the mapping table lists the first 100 (the core\'s adoption limit, FRIC_MUJOCO_MAX_JOINTS) with one sentence saying so, the page answering within 1 s throughout (stretched by the page\'s slowdown)', async () => {
    await waitFor(async () => !(await robot())?.busy, 10_000, 100);
    await pc.start();
    const base = await baseline();
    await watch();
    slowest = 0;
    // the worker's compile limit (the page's own) raised for this drop, and set
    // back after: a full make test's load stretched the 10,000 bodies' compile past
    // the page's 120 s, and the page then said so instead of the table; the check
    // is the table and the page answering, and the limit has checks of its own below
    pageLimitMs = await page.evaluate(() => window.__fx.mujoco.compileGuard.limitMs);
    await page.evaluate(() => { window.__fx.mujoco.compileGuard.limitMs = 340_000; });
    await dropText('wide.xml', wide(10_000));
    const table = () => page.evaluate(() => {
      const box = document.getElementById('mujoco-robot-mapping');
      if (!box || box.hidden) return null;
      const rows = [...box.querySelectorAll('tbody > tr')];
      return { rows: rows.length, joints: rows.filter((r) => /^j\d+$/.test(r.querySelector('th')?.textContent)).length, cap: document.getElementById('mujoco-robot-map-cap')?.textContent ?? null };
    });
    // waited for up to 360 s (a check's bound here is 3 × the module's share): how
    // long the 10,000 bodies take to compile is not what is checked (12 s quiet;
    // over 120 s beside a full make test and a second browser run, at a load of 36),
    // the page answering meanwhile is
    const shown = await waitFor(() => timed(table), 360_000, 100);
    await page.evaluate((ms) => { window.__fx.mujoco.compileGuard.limitMs = ms; }, pageLimitMs);
    const g = await gap();
    const pace = await pc.stop(), bound = answerBound(base, pace);
    expect(shown, `no mapping table within 360 s: '${await error()}'`);
    // a row per joint listed (j1 … j100), beside its class's
    expect(shown.joints === 100 && shown.rows <= 101, `the table has ${shown.rows} rows, ${shown.joints} of joints`);
    expect(shown.cap === 'This robot has 10000 joints a servo can drive; one adoption maps at most 100 (the core\'s limit, as in the command line), so the table lists the first 100.',
      `the sentence: '${shown.cap}'`);
    expect(g < bound, `the page did not answer within ${bound.toFixed(0)} ms: largest frame gap ${g.toFixed(0)} ms (${base.toFixed(0)} ms before, with nothing dropped; ${pace.text}; slowest round trip ${slowest} ms)`);
    return `${shown.rows} rows (${shown.joints} joints), '${shown.cap}'; largest frame gap ${g.toFixed(0)} ms (bound ${bound.toFixed(0)} ms; ${pace.text}), slowest round trip ${slowest} ms`;
  });

  if (!haveSo101) {
    await check('mujocodeep: the worker\'s time limit and the SO-101 after the deep chain', async () => ({ skip: `${h.MISSING_DATA}: ${src}` }));
    await page.close();
    return;
  }

  await check('mujocodeep: the SO-101 with the worker\'s compile limit at 1 ms: the worker is stopped, one sentence, the page answering within 1 s (stretched by the page\'s slowdown)', async () => {
    await pc.start();
    const base = await baseline();
    pageLimitMs ??= await page.evaluate(() => window.__fx.mujoco.compileGuard.limitMs);
    await page.evaluate(() => { window.__fx.mujoco.compileGuard.limitMs = 1; });
    await page.setInputFiles('#mujoco-robot-folder', drop);
    // watched from the moment the page has the files (Playwright's hand-over
    // of 15 MB to the file input can hold the renderer's thread about 1 s)
    await watch();
    slowest = 0;
    const said = await waitFor(async () => { const e = await timed(error); return /did not finish reading the MJCF/.test(e) ? e : null; }, 60_000, 50);
    const g = await gap();
    const pace = await pc.stop(), bound = answerBound(base, pace);
    expect(said, `no time-limit sentence: '${await error()}'`);
    const last = await page.evaluate(() => window.__fx.mujoco.compileGuard.last);
    expect(last?.outcome === 'stopped', `the worker's last trial: ${JSON.stringify(last)}`);
    const r = await robot();
    expect(!r?.main, `a robot was loaded: ${JSON.stringify(r)}`);
    expect(g < bound, `the page did not answer within ${bound.toFixed(0)} ms: largest frame gap ${g.toFixed(0)} ms (${base.toFixed(0)} ms before, with nothing dropped; ${pace.text}; slowest round trip ${slowest} ms)`);
    return `'${said}'; largest frame gap ${g.toFixed(0)} ms (bound ${bound.toFixed(0)} ms; ${pace.text}), slowest round trip ${slowest} ms`;
  });

  await check('mujocodeep: then the SO-101 (limit back at the page\'s own) loads and runs without a reload, compiled first in the worker; its light meshes (hulls made in the worker) drawn; the page answering within max(1 s × its slowdown (slowest tenth), 4 × its baseline gap) throughout', async () => {
    await page.evaluate((ms) => { window.__fx.mujoco.compileGuard.limitMs = ms; }, pageLimitMs);
    await waitFor(async () => !(await robot())?.busy, 10_000, 100);
    await pc.start();
    const base = await baseline();
    await page.setInputFiles('#mujoco-robot-folder', drop);
    // watched from the moment the page has the files (Playwright's hand-over
    // of 15 MB to the file input can hold the renderer's thread about 1 s)
    await watch();
    // the page's own long tasks (its thread busy), told from frames the GPU
    // (SwiftShader here) holds back while the thread is free
    await page.evaluate(() => {
      window.__deepLong = [];
      new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__deepLong.push(Math.round(e.duration)); }).observe({ type: 'longtask' });
    });
    const t0 = Date.now();
    const ok = await waitFor(async () => { const r = await robot(); return r && r.drawn > 0 && r.time > 0.05 ? r : null; }, 200_000, 250);
    expect(ok, `the SO-101 did not run: '${await error()}'`);
    expect(ok.main === 'scene.xml', `main MJCF ${ok.main}`);
    const gRun = await gap(), runS = (Date.now() - t0) / 1000;
    // a software renderer draws the light meshes from the first frame
    // (robot3dPanel.js's automatic choice, or chosen here on a GPU): their
    // hulls, made in the robot's worker (mujoco/hulls.js), every one put in
    const full = ok.full;
    let light = await waitFor(async () => { const r = await robot(); return r?.meshes === 'light' ? r : null; }, 20_000, 250);
    if (!light) await page.selectOption('#mujoco-robot-meshes', 'light');
    light = await waitFor(async () => { const r = await robot(); return r?.meshes === 'light' && r.boxes === 0 && r.triangles < full / 3 ? r : null; }, 120_000, 250);
    expect(light, `the light meshes were not drawn: ${JSON.stringify(await robot())}`);
    const g = await gap();
    const pace = await pc.stop(), bound = answerBound(base, pace);
    // the 3D draw calls' times (robot3dPanel.js's hook): SwiftShader's share of the gaps
    const draws = await page.evaluate(() => window.__fx.mujoco.robotDrawStats.slice(0, 4).map((x) => Math.round(x)));
    const longs = await page.evaluate(() => window.__deepLong.slice().sort((a, b) => b - a).slice(0, 4));
    const build = await page.evaluate(() => Math.round(window.__fx.mujoco.robotBuildMs));
    const last = await page.evaluate(() => window.__fx.mujoco.compileGuard.last);
    expect(last?.outcome === 'done', `the worker's trial: ${JSON.stringify(last)}`);
    const problems = logProblems(log);
    expect(!problems.length, problems.join('; '));
    expect(g < bound, `the page did not answer within ${bound.toFixed(0)} ms: largest frame gap ${g.toFixed(0)} ms (baseline ${base.toFixed(0)} ms; ${pace.text}; the first 3D draws ${draws.join(', ')} ms; the longest tasks ${longs.join(', ')} ms; the scene made in ${build} ms)`);
    return `baseline gap ${base.toFixed(0)} ms, ${pace.text}; running after ${runS.toFixed(1)} s (the worker's compile ${(last.ms / 1000).toFixed(1)} s), `
      + `largest frame gap ${gRun.toFixed(0)} ms; light meshes (${full} → ${light.triangles} triangles) after ${((Date.now() - t0) / 1000).toFixed(1)} s, `
      + `largest frame gap ${g.toFixed(0)} ms (within the bound ${bound.toFixed(0)} ms; the first 3D draws ${draws.join(', ')} ms; the longest tasks ${longs.join(', ')} ms; the scene made in ${build} ms)`;
  });
  await page.close();

  await check('mujocodeep: the In MuJoCo view opened from another view (MuJoCo\'s start, the six runs made): the page answering within max(1 s × its slowdown (slowest tenth), 4 × its baseline gap) throughout', async () => {
    const { page: p, log: plog } = await openPage('?view=laws', 'laws');
    try {
      const w = frameGaps(p), pp = pacer(p);
      await pp.start();
      await w.watch();
      await p.waitForTimeout(1000);
      const base = await w.gap();
      await w.watch();
      await p.evaluate(() => {
        window.__startLong = [];
        new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__startLong.push(Math.round(e.duration)); }).observe({ type: 'longtask' });
      });
      const t0 = Date.now();
      await p.click('#tab-mujoco');
      const v = await waitFor(() => p.evaluate(() => window.__fx?.mujoco?.version), 60_000, 100);
      expect(v, 'MuJoCo did not start in 60 s');
      // the six runs going: their clock past 0.2 s of simulated time
      const going = await waitFor(() => p.evaluate(() => { const f = window.__fx?.mujoco?.figures?.(); return f && f.t > 0.2 ? f.t : null; }), 60_000, 100);
      expect(going, 'the six runs did not run');
      const g = await w.gap();
      const pace = await pp.stop(), bound = answerBound(base, pace);
      const problems = logProblems(plog);
      expect(!problems.length, problems.join('; '));
      const longs = await p.evaluate(() => window.__startLong.slice().sort((a, b) => b - a).slice(0, 4));
      expect(g < bound, `the page did not answer within ${bound.toFixed(0)} ms: largest frame gap ${g.toFixed(0)} ms (baseline ${base.toFixed(0)} ms; ${pace.text}; the longest tasks ${longs.join(', ')} ms)`);
      return `MuJoCo ${v} and the six runs going after ${((Date.now() - t0) / 1000).toFixed(1)} s; largest frame gap ${g.toFixed(0)} ms `
        + `(${g < bound ? 'within' : 'over'} the bound ${bound.toFixed(0)} ms; baseline ${base.toFixed(0)} ms; ${pace.text}; the longest tasks ${longs.join(', ')} ms)`;
    } finally {
      await p.close();
    }
  });

  await check('mujocodeep: a tiny hinge MJCF dropped in a fresh view and adopted (the first 3D scene): the page answering within max(1 s × its slowdown (slowest tenth), 4 × its baseline gap) throughout', async () => {
    const { page: p, log: plog } = await openPage('?view=mujoco', 'mujoco');
    try {
      await p.waitForFunction(() => window.__fx?.mujoco?.version, null, { timeout: 60_000 });
      await p.evaluate(() => { document.getElementById('mujoco-robot').open = true; });
      await p.waitForFunction(() => window.__fx?.mujoco?.robot?.renderer === 'loaded', null, { timeout: 60_000 });
      const w = frameGaps(p), pp = pacer(p);
      await pp.start();
      await w.watch();
      await p.waitForTimeout(1000);
      const base = await w.gap();
      await w.watch();
      const t0 = Date.now();
      await p.evaluate((x) => {
        const dt = new DataTransfer();
        dt.items.add(new File([x], 'hinge.xml', { type: 'text/xml' }));
        const zone = document.getElementById('mujoco-robot-drop');
        for (const type of ['dragenter', 'dragover', 'drop']) zone.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: dt }));
      }, '<mujoco model="hinge"><worldbody><body name="link"><joint name="hinge" type="hinge" axis="0 1 0"/>'
        + '<geom type="capsule" fromto="0 0 0 0 0 -0.2" size="0.02" mass="0.1"/></body></worldbody>'
        + '<actuator><position joint="hinge" kp="5"/></actuator></mujoco>');
      // loaded with nothing mapped (the page maps no joint by itself): a servo chosen, Adopt
      const status = () => p.evaluate(() => document.getElementById('mujoco-robot-status').textContent);
      const pending = await waitFor(async () => (/No joint of hinge\.xml is mapped/.test(await status()) ? true : null), 120_000, 100);
      expect(pending, `hinge.xml did not load: status '${await status()}', error '${await p.evaluate(() => document.getElementById('mujoco-robot-error').textContent)}'`);
      const select = p.locator('select[aria-label="Servo of the joint hinge"]');
      await select.selectOption(await select.evaluate((e) => [...e.options].map((o) => o.value).find((v) => /^[a-z0-9_]+\/m[1-6]$/.test(v))));
      await p.locator('#mujoco-robot-adopt').click();
      const ok = await waitFor(() => p.evaluate(() => { const r = window.__fx.mujoco.robot; return r.main === 'hinge.xml' && r.drawn > 0 && r.time > 0.2 ? r.mapping : null; }), 120_000, 100);
      expect(ok, `the hinge did not run: '${await p.evaluate(() => document.getElementById('mujoco-robot-error').textContent)}'`);
      await p.waitForTimeout(1000);   // the first frames of the scene, spread over several
      const g = await w.gap();
      const pace = await pp.stop(), bound = answerBound(base, pace);
      const problems = logProblems(plog);
      expect(!problems.length, problems.join('; '));
      expect(g < bound, `the page did not answer within ${bound.toFixed(0)} ms: largest frame gap ${g.toFixed(0)} ms (baseline ${base.toFixed(0)} ms; ${pace.text})`);
      return `adopted (${ok}) and running after ${((Date.now() - t0) / 1000).toFixed(1)} s; largest frame gap ${g.toFixed(0)} ms (baseline ${base.toFixed(0)} ms, bound ${bound.toFixed(0)} ms; ${pace.text})`;
    } finally {
      await p.close();
    }
  });
}
