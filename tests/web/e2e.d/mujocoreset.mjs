// e2e.d/mujocoreset.mjs: a MuJoCo instance that fails is replaced, so the
// next robot runs without a reload (views/mujoco/load.js
// resetMujoco, called by yourRobot.js when mjcfCheck.js mujocoDied says the
// instance itself failed). No file is known that kills MuJoCo once the
// core's text check and the compile worker stand in front of it, so the
// test hook does it: __fx.mujoco.loader.failNext = 'mj_resetData' makes the
// next call of mj_resetData on the page's MuJoCo (the copies' start, in
// createRobotPair) throw as MuJoCo's abort does. Checks:
//   failed      bam's 2R arm folder dropped with the hook armed: the error
//               box says MuJoCo failed and was restarted (robot.err.reset),
//               nothing runs, the section is not busy
//   replaced    the same folder dropped again: it loads, adopts and runs
//               (its clock advances, both copies drawn) in a second MuJoCo
//               instance (__fx.mujoco.loader.instances 1 → 2), the page not
//               reloaded (a mark set on window before is still there)

export default async function mujocoReset(h) {
  const { check, expect, openPage, waitFor, logProblems } = h;
  const names = ['mujocoreset: the 2R arm dropped with the page\'s MuJoCo made to abort once: one sentence, MuJoCo restarted',
    'mujocoreset: the 2R arm dropped again runs in a fresh MuJoCo instance, without a reload'];
  if (!h.requireViews(['mujoco'], names)) return;
  const src = h.requireData(names, 'scene.xml', 'data', 'bam', '2R', '2r_mx');
  if (!src) return;
  const { page, log } = await openPage('?view=mujoco', 'mujoco');
  const error = () => page.evaluate(() => { const e = document.getElementById('mujoco-robot-error'); return e.hidden ? '' : e.textContent; });
  const robot = () => page.evaluate(() => {
    const r = window.__fx?.mujoco?.robot;
    return r ? { time: r.time, main: r.main, drawn: r.drawn, busy: r.busy, mapping: r.mapping } : null;
  });
  const loader = () => page.evaluate(() => ({ ...window.__fx.mujoco.loader }));
  try {
    await page.waitForFunction(() => window.__fx?.mujoco?.version, null, { timeout: 60_000 });
    await page.evaluate(() => { document.getElementById('mujoco-robot').open = true; window.__noReload = 'mark'; });

    await check(names[0], async () => {
      const before = await loader();
      expect(before.instances === 1, `MuJoCo instances before: ${before.instances}`);
      await page.evaluate(() => { window.__fx.mujoco.loader.failNext = 'mj_resetData'; });
      await page.setInputFiles('#mujoco-robot-folder', src);
      const said = await waitFor(async () => { const e = await error(); return /restarted/.test(e) ? e : null; }, 200_000, 250);
      expect(said, `no sentence: '${await error()}'`);
      expect(said === 'MuJoCo failed (Aborted(native code called abort()) (a test: __fx.mujoco.loader.failNext mj_resetData)) and was restarted: '
        + 'the robot that was running has stopped; drop a robot again.', `the sentence: '${said}'`);
      const r = await waitFor(async () => { const x = await robot(); return x && !x.busy ? x : null; }, 10_000, 100);
      expect(r && !r.main, `a robot is loaded or the section is busy: ${JSON.stringify(r)}`);
      expect((await loader()).failNext === null, 'the hook did not fire');
      return `'${said}'`;
    });

    await check(names[1], async () => {
      const t0 = Date.now();
      await page.setInputFiles('#mujoco-robot-folder', src);
      const ok = await waitFor(async () => { const r = await robot(); return r && r.drawn > 0 && r.time > 0.05 ? r : null; }, 200_000, 250);
      expect(ok, `the 2R arm did not run: '${await error()}'`);
      // the page's default mapping of a drop: each class named after a servo to its M1
      expect(ok.main === 'scene.xml' && ok.mapping === 'class:mx106=mx106/m1, class:mx64=mx64/m1', `main ${ok.main}, mapping ${ok.mapping}`);
      const after = await loader();
      expect(after.instances === 2, `MuJoCo instances after: ${after.instances} (the failed one was not replaced)`);
      expect(await page.evaluate(() => window.__noReload) === 'mark', 'the page was reloaded');
      expect(!(await error()), `the error box still says: '${await error()}'`);
      const problems = logProblems(log);
      expect(!problems.length, problems.join('; '));
      return `running after ${((Date.now() - t0) / 1000).toFixed(1)} s in MuJoCo instance ${after.instances}, mapping ${ok.mapping}, t = ${ok.time.toFixed(3)} s`;
    });
  } finally {
    await page.close();
  }
}
