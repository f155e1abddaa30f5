// e2e.d/robotdoors.mjs: the doors' common start and tables in the In MuJoCo view's
// "Your robot" section (web/src/views/mujoco/yourRobot.js, robot3d.js,
// robotTables.js). Checks:
//   start       (a consistency check of the doors, not of the physics) the
//               SO-101 of ../shared/data/so101 dropped with no option: the
//               page starts where tools/robot.mjs does with no option (the
//               first keyframe, else qpos0, at the file's timestep; the
//               report's first line says so), and after a pause its
//               "Download CSV" equals the runner's --csv of the same mapping
//               and seconds (the same number of steps), every number to 1e-9
//   labels      the copies' labels lie whole inside the 3D box, at
//               1280×900, 1024×768 and 853×600; no table cell prints a
//               number below the print threshold (1e-9: FRIC_ROBOT_PRINT_ZERO)
//   lesson      the lesson names the joints of the robot in the view (the
//               SO-101's gripper; a dropped one-joint MJCF's hinge, and no
//               SO-101 joint then)
//   status      an Adopt refused for a robot with no copy running (a NaN
//               keyframe) ends the status line (not left on "Adopting…")
//   main file   two root MJCFs, one whose comment names the other: one
//               sentence, the main-file select lists both, choosing one loads it
//   floating    a free-joint base with one hinge: the copies stand apart by at
//               least half a robot (robot3d.js lays them out by the reach),
//               the labels inside the box; 15 wheel notches over (C) keep (C)
//               under the pointer (zoom to the cursor)
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { csvDiff } from './mujocorobot.mjs';

export const WATCHDOG_MS = 400_000;
const SO101 = ['scene.xml', 'so101_new_calib.xml'];
const SIZES = [[1280, 900], [1024, 768], [853, 600]];

export default async function robotDoors(h) {
  const { check, expect, openPage, waitFor, OUT, ROOT } = h;
  if (!h.requireViews(['mujoco'], ['robotdoors: Your robot'])) return;
  const src = path.join(ROOT, '..', 'shared', 'data', 'so101');
  if (!fs.existsSync(path.join(src, 'scene.xml'))) {
    await check('robotdoors: the SO-101 with no option, page and headless', async () => ({ skip: `${h.MISSING_DATA}: ${src}` }));
    return;
  }
  const drop = path.join(OUT, 'robotdoors', 'so101');
  fs.rmSync(path.dirname(drop), { recursive: true, force: true });
  fs.mkdirSync(path.join(drop, 'assets'), { recursive: true });
  for (const f of SO101) fs.copyFileSync(path.join(src, f), path.join(drop, f));
  for (const f of fs.readdirSync(path.join(src, 'assets')).filter((x) => x.endsWith('.stl'))) fs.copyFileSync(path.join(src, 'assets', f), path.join(drop, 'assets', f));

  const { page } = await openPage('?view=mujoco', 'mujoco');
  const robot = () => page.evaluate(() => {
    const r = window.__fx?.mujoco?.robot;
    return r ? { time: r.time, steps: r.steps, main: r.main, drawn: r.drawn, busy: r.busy, mapping: r.mapping, dt: r.timestep, report: r.report } : null;
  });
  const error = () => page.evaluate(() => { const e = document.getElementById('mujoco-robot-error'); return e.hidden ? '' : e.textContent; });
  const status = () => page.locator('#mujoco-robot-status').textContent();
  const lesson = () => page.evaluate(() => [...document.querySelectorAll('#mujoco-robot-lesson-try li')].map((l) => l.textContent));
  // files dropped on the box (a DataTransfer made in the page: dropZone.js's drop path)
  const dropTexts = (list) => page.evaluate((xs) => {
    const dt = new DataTransfer();
    for (const [n, x] of xs) dt.items.add(new File([x], n, { type: 'text/xml' }));
    const zone = document.getElementById('mujoco-robot-drop');
    for (const type of ['dragenter', 'dragover', 'drop']) zone.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: dt }));
  }, list);

  let loaded = false;
  await check('robotdoors: consistency check, the SO-101 with no option: the page starts as tools/robot.mjs does (qpos0 at the file\'s 2 ms, said first in the report) and its Download CSV equals the runner\'s to 1e-9', async () => {
    await waitFor(() => page.evaluate(() => window.__fx?.mujoco?.version || null), 60_000, 200);
    await page.locator('#mujoco-robot > summary').click();
    await page.setInputFiles('#mujoco-robot-folder', drop);
    const up = await waitFor(async () => { const r = await robot(); return r && r.drawn > 0 && r.time > 0.2 && !r.busy ? r : (await error()) ? 'error' : null; }, 180_000, 250);
    expect(up && up !== 'error', `the SO-101 did not load: ${await error()}`);
    loaded = true;
    const bar = (name) => page.locator('#mujoco-robot .robot-run button', { hasText: new RegExp(`^${name}$`) });
    await bar('Pause').click();
    await page.waitForTimeout(300);
    const r = await robot();
    expect(r.dt === 0.002, `the page's step ${r.dt} s, not the file's 2 ms (the SO-101 names none: MuJoCo's default)`);
    expect(/^Start: the reference pose qpos0, physics step 2 ms \(the file's own\)\./.test(r.report[0]), `the report's first line: '${r.report[0]}'`);
    const csv = path.join(OUT, 'robotdoors', 'runner.csv');
    const run = spawnSync(process.execPath, [path.join(ROOT, 'tools/robot.mjs'), path.join(drop, 'scene.xml'), '--servos', r.mapping, '--seconds', String(r.time), '--csv', csv],
      { encoding: 'utf8', cwd: ROOT });
    expect(run.status === 0, `the runner said: ${run.stderr.trim().split('\n').pop()}`);
    expect(/timestep 0\.002 s, .* from qpos0$/.test(run.stdout.split('\n')[0]), `the runner's first line: '${run.stdout.split('\n')[0]}'`);
    const [dl] = await Promise.all([page.waitForEvent('download', { timeout: 10_000 }), page.locator('#mujoco-robot-csv').click()]);
    const pageCsv = fs.readFileSync(await dl.path(), 'utf8');
    fs.writeFileSync(path.join(OUT, 'robotdoors', 'page.csv'), pageCsv);
    const same = csvDiff(pageCsv, fs.readFileSync(csv, 'utf8'));
    expect(same.ok, `the page's CSV and the runner's differ: ${same.why}`);
    await bar('Play').click();
    return `${r.steps} steps of ${r.dt} s from qpos0, mapping ${r.mapping}: page and runner ${same.why}; '${r.report[0]}'`;
  });

  await check('robotdoors: the copies\' labels lie whole inside the 3D box at 1280×900, 1024×768 and 853×600; no table cell below the print threshold; the lesson names the SO-101\'s joints', async () => {
    if (!loaded) throw new Error('no robot loaded (see above)');
    const seen = [];
    for (const [w, hgt] of SIZES) {
      await page.setViewportSize({ width: w, height: hgt });
      await page.locator('#mujoco-robot-3d').scrollIntoViewIfNeeded();
      await page.waitForTimeout(400);
      const out = await page.evaluate(() => {
        const box = document.getElementById('mujoco-robot-3d').getBoundingClientRect();
        return [...document.querySelectorAll('#mujoco-robot-3d .robot3d-label')].map((l) => {
          const r = l.getBoundingClientRect();
          return { text: l.textContent, hidden: l.hidden, inside: r.left >= box.left - 0.5 && r.right <= box.right + 0.5 && r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5 };
        });
      });
      expect(out.length === 2 && out.every((x) => !x.hidden && x.inside), `${w}×${hgt}: labels ${JSON.stringify(out)}`);
      await page.locator('#mujoco-robot-3d').screenshot({ path: path.join(OUT, `robotdoors-so101-${w}.png`) });
      seen.push(`${w}×${hgt}`);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    const tiny = await page.evaluate(() => [...document.querySelectorAll('#mujoco-robot-tables td')].map((td) => td.textContent)
      .filter((x) => /e-/.test(x) && Math.abs(Number(x)) > 0 && Math.abs(Number(x)) < 1e-9));
    expect(!tiny.length, `cells below the print threshold: ${tiny.join(', ')}`);
    const steps = await lesson();
    expect(/gripper/.test(steps[1]) && /shoulder_lift to sts3215 M6/.test(steps[2]), `the lesson's steps: ${steps.join(' | ')}`);
    return `labels inside at ${seen.join(', ')} (build/e2e/robotdoors-so101-*.png); lesson: '${steps[1]}'`;
  });

  await check('robotdoors: Adopt refused for a dropped robot with no copy running (a NaN keyframe): the status line ends the attempt; the lesson names no SO-101 joint', async () => {
    const mjcf = '<mujoco model="pend"><worldbody><body name="link"><joint name="hinge" type="hinge" axis="0 1 0"/>'
      + '<geom type="capsule" fromto="0 0 0 0 0 -0.2" size="0.02" mass="0.1"/></body></worldbody>'
      + '<keyframe><key name="bad" qpos="nan"/></keyframe></mujoco>';
    await dropTexts([['pend.xml', mjcf]]);
    const pending = await waitFor(async () => { const x = await status(); return /No joint of pend\.xml is mapped/.test(x) ? x : null; }, 30_000, 100);
    expect(pending, `pend.xml: status '${await status()}', error '${await error()}'`);
    const select = page.locator('select[aria-label="Servo of the joint hinge"]');
    const servo = await select.evaluate((el) => [...el.options].map((o) => o.value).find((v) => /^[a-z0-9_]+\/m[1-6]$/.test(v)));
    await select.selectOption(servo);
    await page.locator('#mujoco-robot-adopt').click();
    const said = await waitFor(async () => { const e = await error(); const r = await robot(); return e && !r?.busy ? e : null; }, 30_000, 100);
    expect(said && /nan/.test(said), `the refusal: '${said}'`);
    const st = await status();
    expect(!/Adopting/.test(st) && /^Not adopted: pend\.xml is loaded and no copy runs/.test(st), `the status line after the refusal: '${st}'`);
    const steps = await lesson();
    expect(!steps.some((x) => /gripper|shoulder|elbow|wrist/.test(x)), `the lesson names another robot's joints: ${steps.join(' | ')}`);
    return `refused: '${said}'; status: '${st}'`;
  });

  await check('robotdoors: two root MJCFs (a comment in one names the other): one sentence, the main-file select lists both, choosing one loads it', async () => {
    const body = (name) => `<mujoco model="${name}"><worldbody><body name="link"><joint name="j_${name}" type="hinge" axis="0 1 0"/>`
      + '<geom type="capsule" fromto="0 0 0 0 0 -0.2" size="0.02" mass="0.1"/></body></worldbody></mujoco>';
    await dropTexts([['arm_a.xml', `<!-- made from arm_b.xml -->${body('a')}`], ['arm_b.xml', body('b')]]);
    const said = await waitFor(async () => { const e = await error(); return /2 MJCF files/.test(e) ? e : null; }, 30_000, 100);
    expect(said && /arm_a\.xml, arm_b\.xml/.test(said) && /main file select/.test(said), `the sentence: '${await error()}'`);
    const opts = await page.evaluate(() => { const s = document.getElementById('mujoco-robot-main'); return { shown: !s.closest('.robot-main').hidden, values: [...s.options].map((o) => o.value).filter(Boolean) }; });
    expect(opts.shown && opts.values.join(',') === 'arm_a.xml,arm_b.xml', `the select: ${JSON.stringify(opts)}`);
    expect(!/Adopting/.test(await status()), `the status line: '${await status()}'`);
    await page.selectOption('#mujoco-robot-main', 'arm_b.xml');
    const ok = await waitFor(async () => { const r = await robot(); return r && r.main === 'arm_b.xml' && !r.busy ? r : null; }, 30_000, 100);
    expect(ok, `arm_b.xml did not load: '${await error()}', status '${await status()}'`);
    return `'${said}'; then ${ok.main}: '${await status()}'`;
  });
  await check('robotdoors: a floating base (a free joint and one hinge): the two copies stand apart by at least half a robot, their labels inside the box, the wheel zooms at the copy under the pointer', async () => {
    const mjcf = '<mujoco model="float"><worldbody><geom type="plane" size="0 0 1"/><body name="base" pos="0 0 0.3"><freejoint name="root"/>'
      + '<geom type="box" size="0.1 0.1 0.05" mass="1"/><body name="arm" pos="0.1 0 0"><joint name="hinge" type="hinge" axis="0 1 0"/>'
      + '<geom type="capsule" fromto="0 0 0 0.25 0 0" size="0.02" mass="0.1"/></body></body></worldbody></mujoco>';
    await dropTexts([['float.xml', mjcf]]);
    const pending = await waitFor(async () => { const x = await status(); return /No joint of float\.xml is mapped/.test(x) ? x : null; }, 30_000, 100);
    expect(pending, `float.xml: status '${await status()}', error '${await error()}'`);
    const select = page.locator('select[aria-label="Servo of the joint hinge"]');
    await select.selectOption(await select.evaluate((el) => [...el.options].map((o) => o.value).find((v) => /^[a-z0-9_]+\/m[1-6]$/.test(v))));
    await page.locator('#mujoco-robot-adopt').click();
    const ok = await waitFor(async () => { const r = await robot(); return r && r.main === 'float.xml' && r.drawn > 0 && !r.busy ? r : null; }, 60_000, 200);
    expect(ok, `float.xml did not adopt: '${await error()}'`);
    const got = await page.evaluate(() => {
      const sc = window.__fx.mujoco.robotScene, box = document.getElementById('mujoco-robot-3d').getBoundingClientRect();
      return { layout: sc.layout, labels: [...document.querySelectorAll('#mujoco-robot-3d .robot3d-label')].map((l) => {
        const r = l.getBoundingClientRect();
        return !l.hidden && r.left >= box.left - 0.5 && r.right <= box.right + 0.5 && r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5;
      }) };
    });
    const gap = got.layout.pitch - got.layout.span;   // [m] between the two copies as they stand
    expect(gap >= 0.5 * got.layout.span, `copies ${got.layout.pitch} m apart, each ${got.layout.span} m wide: a gap of ${gap} m`);
    expect(got.labels.length === 2 && got.labels.every(Boolean), `labels inside: ${got.labels.join(', ')}`);
    await page.locator('#mujoco-robot-3d').screenshot({ path: path.join(OUT, 'robotdoors-float-1280.png') });
    // the wheel zooms toward the point under the pointer: 15 notches over (C) keep (C) there (toward the
    // row's middle, (C) would leave the view: 0.95^15 of the distance doubles its offset from the middle)
    const box = await page.locator('#mujoco-robot-3d').boundingBox();
    const at = await page.evaluate(() => window.__fx.mujoco.robotScene.anchorOf(1));
    await page.mouse.move(box.x + at.x, box.y + at.y + 20);
    for (let k = 0; k < 15; k++) { await page.mouse.wheel(0, -100); await page.waitForTimeout(30); }
    await page.waitForTimeout(200);
    const after = await page.evaluate(() => window.__fx.mujoco.robotScene.anchorOf(1));
    const moved = Math.hypot(after.x - at.x, after.y - at.y);
    expect(moved < 0.1 * box.width, `(C) moved ${moved.toFixed(0)} px on the canvas (${box.width.toFixed(0)} px wide) while zooming at it`);
    return `copies ${got.layout.pitch.toFixed(3)} m apart, each ${got.layout.span.toFixed(3)} m wide (gap ${gap.toFixed(3)} m); zooming at (C) moved it ${moved.toFixed(1)} px; build/e2e/robotdoors-float-1280.png`;
  });
  await page.close();
}
