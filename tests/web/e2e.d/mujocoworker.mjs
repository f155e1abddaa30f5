// e2e.d/mujocoworker.mjs: the "Your robot" pair in its Web Worker (views/mujoco/robotWorker.js, workers/mjrobot.js): the page's
// thread never runs MuJoCo for the robot. Checks:
//   answers     the SO-101 of ../shared/data/so101 dropped (its folder given
//               to the section's folder input) in a page without WebGL (the
//               3D picture is three.js's work, not MuJoCo's: headless
//               Chromium's software WebGL takes seconds a frame for the
//               SO-101's meshes): from the moment the page has
//               the files, through the load (parse, compile: the meshes'
//               hulls; the model's description, the two copies, the
//               adoption; before, the page loaded the worker's 67 MB model
//               on its own thread: 5–8 s without a frame) and 3 s of the run,
//               the largest gap between two animation frames is under 1 s
//               times the page's slowdown (tests/web/pace.mjs), or 4 times
//               the largest gap over 1 s just before, nothing dropped
//   same table  paused, the table of both copies (the page's Download CSV)
//               equals the headless runner's (`node tools/robot.mjs`: the
//               same robot.js in Node, no worker) for the same folder,
//               mapping, physics step and time, every cell to 1e-9
//   killed      the worker ended mid-run (the test hook
//               __fx.mujoco.compileGuard.kill(), as a crash): one sentence
//               (robot.err.reset, naming what happened), nothing runs, the
//               section not busy; bam's 2R arm folder dropped next loads and
//               runs in a new worker (__fx.mujoco.loader.instances one more),
//               the page not reloaded (a mark set on window before is still there)
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { csvDiff } from './mujocorobot.mjs';
import { frameGaps } from './mujocodeep.mjs';
import { pacer, within } from '../pace.mjs';

const SO101 = ['scene.xml', 'so101_new_calib.xml'];
// [ms] the page answers within this on a quiet machine (stretched by the
// page's slowdown, tests/web/pace.mjs), throughout
const ANSWER_MS = 1000;
const RUN_S = 3;          // [s] of wall time watched running
// two robots loaded (the SO-101's meshes take 16–53 s on a busy 2-core machine) and a headless run
export const WATCHDOG_MS = 420_000;

export default async function mujocoWorker(h) {
  const { check, expect, openPage, waitFor, logProblems, OUT, ROOT } = h;
  const names = ['mujocoworker: the SO-101 dropped: the page answers within 1 s (times its slowdown) throughout its load and a run (MuJoCo in a worker)',
    'mujocoworker: paused, both copies\' table (Download CSV) equals the headless runner\'s to 1e-9',
    'mujocoworker: the worker killed mid-run: one sentence, replaced, the 2R arm dropped next runs without a reload'];
  if (!h.requireViews(['mujoco'], names)) return;
  const src = h.requireData(names, 'scene.xml', 'data', 'so101');
  const arm = h.requireData(names, 'scene.xml', 'data', 'bam', '2R', '2r_mx');
  if (!src || !arm) return;
  const drop = path.join(OUT, 'mujocoworker', 'so101');
  fs.rmSync(path.dirname(drop), { recursive: true, force: true });
  fs.mkdirSync(path.join(drop, 'assets'), { recursive: true });
  for (const f of SO101) fs.copyFileSync(path.join(src, f), path.join(drop, f));
  for (const f of fs.readdirSync(path.join(src, 'assets')).filter((x) => x.endsWith('.stl'))) fs.copyFileSync(path.join(src, 'assets', f), path.join(drop, 'assets', f));

  const { page, log } = await openPage('?view=mujoco', 'mujoco');
  const error = () => page.evaluate(() => { const e = document.getElementById('mujoco-robot-error'); return e.hidden ? '' : e.textContent; });
  const robot = () => page.evaluate(() => {
    const r = window.__fx?.mujoco?.robot;
    return r ? { time: r.time, main: r.main, drawn: r.drawn, busy: r.busy, mapping: r.mapping, dt: r.timestep, steps: r.steps } : null;
  });
  // the largest gap between two animation frames since watch()
  const { watch, gap } = frameGaps(page);
  const bar = (name) => page.locator('#mujoco-robot .robot-run button', { hasText: new RegExp(`^${name}$`) });
  let loaded = false;
  try {
    await page.waitForFunction(() => window.__fx?.mujoco?.version, null, { timeout: 60_000 });
    // the view's own six runs paused: the frames watched are the section's
    await page.locator('.mujoco-runbar button', { hasText: /^Pause$/ }).first().click();
    await page.evaluate(() => { document.getElementById('mujoco-robot').open = true; window.__noReload = 'mark'; });
    // the page without WebGL for the SO-101 (the section's own path for such a
    // browser: the runs and tables go on, robot.no3d said): headless Chromium
    // draws WebGL with SwiftShader, on the CPU, where three.js's first frame
    // of the SO-101 takes 2–5 s and each next one about 1 s (full meshes; the
    // light ones' hulls are made in the robot's worker), whatever MuJoCo
    // does; the frames watched here are the page's work for MuJoCo
    await page.evaluate(() => {
      const get = HTMLCanvasElement.prototype.getContext;
      window.__getContext = get;
      HTMLCanvasElement.prototype.getContext = function getContext(type, ...rest) { return /webgl/.test(type) ? null : get.call(this, type, ...rest); };
    });

    await check(names[0], async () => {
      // the machine's load alone: the largest frame gap over 1 s with nothing
      // dropped; the bound is ANSWER_MS stretched by the page's slowdown
      // (sampled from here to the end of the run watched) or 4 times that
      // gap (as mujocodeep's; before the worker, loading the SO-101 held the
      // page 5–9 s)
      const pc = pacer(page);
      await pc.start();
      await watch();
      await page.waitForTimeout(1000);
      const base = await gap();
      await page.setInputFiles('#mujoco-robot-folder', drop);
      // watched from the moment the page has the files (Playwright's hand-over
      // of 15 MB to the file input can hold the renderer's thread about 1 s)
      await watch();
      const t0 = Date.now();
      const ok = await waitFor(async () => { const r = await robot(); return r && r.main && r.time > 0.05 ? r : null; }, 200_000, 250);
      expect(ok, `the SO-101 did not run: '${await error()}'`);
      expect(/^The 3D view cannot be drawn in this browser/.test(await error()), `no WebGL, yet: '${await error()}'`);
      const loadMs = Date.now() - t0, gLoad = await gap();
      loaded = true;
      await watch();
      const a = await robot();
      await page.waitForTimeout(RUN_S * 1000);
      const b = await robot(), gRun = await gap();
      const pace = await pc.stop(), bound = Math.max(within(ANSWER_MS, pace), 4 * base);
      expect(b.time > a.time, `the clock did not advance: ${a.time} → ${b.time} s`);
      expect(gLoad < bound, `loading, the page did not answer within ${bound.toFixed(0)} ms: largest frame gap ${gLoad.toFixed(0)} ms (${base.toFixed(0)} ms before, nothing dropped; ${pace.text})`);
      expect(gRun < bound, `running, the page did not answer within ${bound.toFixed(0)} ms: largest frame gap ${gRun.toFixed(0)} ms (${base.toFixed(0)} ms before, nothing dropped; ${pace.text})`);
      return `baseline gap ${base.toFixed(0)} ms, bound ${bound.toFixed(0)} ms (${pace.text}); running after ${(loadMs / 1000).toFixed(1)} s, largest frame gap loading ${gLoad.toFixed(0)} ms, running ${gRun.toFixed(0)} ms `
        + `(${(b.time - a.time).toFixed(3)} s simulated in ${RUN_S} s)`;
    });

    await check(names[1], async () => {
      if (!loaded) throw new Error('no robot loaded (see above)');
      await bar('Pause').click();
      // a step command in flight when paused lands first
      const r = await waitFor(async () => { const x = await robot(); await page.waitForTimeout(300); const y = await robot(); return x.steps === y.steps ? y : null; }, 10_000, 100);
      const csv = path.join(OUT, 'mujocoworker', 'runner.csv');
      const run = spawnSync(process.execPath, [path.join(ROOT, 'tools/robot.mjs'), path.join(drop, 'scene.xml'), '--servos', r.mapping,
        '--seconds', String(r.time), '--timestep', String(r.dt), '--csv', csv], { encoding: 'utf8', cwd: ROOT });
      expect(run.status === 0, `the runner said: ${run.stderr.trim().split('\n').pop()}`);
      const [dl] = await Promise.all([page.waitForEvent('download', { timeout: 10_000 }), page.locator('#mujoco-robot-csv').click()]);
      const pageCsv = fs.readFileSync(await dl.path(), 'utf8');
      fs.writeFileSync(path.join(OUT, 'mujocoworker', 'page.csv'), pageCsv);
      const same = csvDiff(pageCsv, fs.readFileSync(csv, 'utf8'));
      expect(same.ok, `the page's CSV and the runner's differ: ${same.why}`);
      await bar('Play').click();
      return `${r.steps} steps (t = ${r.time.toFixed(3)} s, step ${r.dt} s), mapping ${r.mapping}: ${same.why}`;
    });

    await check(names[2], async () => {
      if (!loaded) throw new Error('no robot loaded (see above)');
      const before = await page.evaluate(() => window.__fx.mujoco.loader.instances);
      await page.evaluate(() => window.__fx.mujoco.compileGuard.kill());
      const said = await waitFor(async () => { const e = await error(); return /restarted/.test(e) ? e : null; }, 10_000, 100);
      expect(said === 'MuJoCo failed (the worker was ended by a test: __fx.mujoco.compileGuard.kill()) and was restarted: '
        + 'the robot that was running has stopped; drop a robot again.', `the sentence: '${said || await error()}'`);
      const gone = await robot();
      expect(!gone.main && !gone.busy, `a robot is still loaded or the section is busy: ${JSON.stringify(gone)}`);
      // WebGL back: the 2R arm is drawn
      await page.evaluate(() => { HTMLCanvasElement.prototype.getContext = window.__getContext; });
      await page.setInputFiles('#mujoco-robot-folder', arm);
      const ok = await waitFor(async () => { const x = await robot(); return x && x.drawn > 0 && x.time > 0.05 ? x : null; }, 200_000, 250);
      expect(ok, `the 2R arm did not run: '${await error()}'`);
      expect(ok.main === 'scene.xml', `main ${ok.main}`);
      const after = await page.evaluate(() => window.__fx.mujoco.loader.instances);
      expect(after === before + 1, `MuJoCo instances ${before} → ${after} (the killed worker was not replaced)`);
      expect(await page.evaluate(() => window.__noReload) === 'mark', 'the page was reloaded');
      expect(!(await error()), `the error box still says: '${await error()}'`);
      // three.js says on the console that the page without WebGL (check 1) had none: that one is expected
      const problems = logProblems(log).filter((x) => !/Error creating WebGL context/.test(x));
      expect(!problems.length, problems.join('; '));
      return `'${said}'; then the 2R arm ran (t = ${ok.time.toFixed(3)} s) in MuJoCo instance ${after}`;
    });
  } finally {
    await page.close();
  }
}
