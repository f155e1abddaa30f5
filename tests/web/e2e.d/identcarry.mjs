// e2e.d/identcarry.mjs: the identification's fitted servos carried to Your
// robot (views/mujoco/identCarry.js → yourRobot.js carry): a native params
// file is a servo Your robot adopts (MuJoCo's own servo, fric_robot.h). On
// T0 of ../shared/data/robot_ident (the stripped SO-101 and its recipe, a
// small budget, the gripper left out):
//   carry   "Run the fitted servos in Your robot": Your robot runs the same
//           robot with the section's mapping; each fitted joint's report
//           line says MuJoCo's native servo runs it with its params file's
//           values (read from the files the section exports, JSON.parse:
//           the reference), the core steps no joint, the gripper is not
//           adopted; the 3D view's copies step (the clock advances) and the
//           (C) table holds the five joints with finite angles
import { setTimeout as sleep } from 'node:timers/promises';
import fs from 'node:fs';
import path from 'node:path';

const BUDGET = 30;
// the fit and the carry: some 100 s on an idle machine (ident.mjs's first check alone takes as long)
export const WATCHDOG_MS = 300_000;

export default async function identcarry(h) {
  const { check, expect, openPage, waitFor, logProblems, OUT, ROOT } = h;
  if (!h.requireViews(['mujoco'], ['identcarry: the fitted servos carried to Your robot'])) return;
  const T0 = path.join(ROOT, '..', 'shared', 'data', 'robot_ident');
  if (!fs.existsSync(path.join(T0, 'T0', 'recipe.csv'))) {
    await check('identcarry: the fitted servos carried to Your robot', async () => ({ skip: `${h.MISSING_DATA}: ${T0}` }));
    return;
  }
  const work = path.join(OUT, 'identcarry');
  fs.rmSync(work, { recursive: true, force: true });
  fs.mkdirSync(work, { recursive: true });
  const mjcf = path.join(work, 'so101_stripped.xml');
  fs.copyFileSync(path.join(T0, 'so101_stripped.xml'), mjcf);

  const { page, log } = await openPage('?view=mujoco', 'mujoco');
  await page.locator('#mujoco-ident > summary').click();
  const state = () => page.evaluate(() => {
    const x = window.__fx?.mujoco?.ident;
    return x ? { running: x.running, error: x.error, done: !!x.result } : null;
  });
  const robot = () => page.evaluate(() => {
    const x = window.__fx?.mujoco?.robot;
    return x ? { mapping: x.mapping, busy: x.busy, time: x.time, report: x.report, table: null } : null;
  });

  let files = null;
  await check('identcarry: the fitted servos run in Your robot, each joint MuJoCo\'s native servo at its params file\'s values', async () => {
    await page.locator('#ident-robot-files').setInputFiles(mjcf);
    await waitFor(() => page.evaluate(() => window.__fx?.mujoco?.ident?.input?.robot ?? null), 30_000, 100);
    await page.locator('#ident-recording-files').setInputFiles(path.join(T0, 'T0', 'recipe.csv'));
    await waitFor(() => page.evaluate(() => window.__fx?.mujoco?.ident?.input?.recording ?? null), 30_000, 100);
    await page.locator('#ident-budget').fill(String(BUDGET));
    await page.locator('#ident-leave').fill('gripper');
    await page.locator('#ident-run').click();
    const s = await waitFor(async () => { const x = await state(); return x && !x.running && (x.done || x.error) ? x : null; }, 300_000, 250);
    expect(!s.error, `the identification refused: ${s.error}`);
    // the reference: each params file as the section downloads it
    files = {};
    for (const b of await page.locator('#ident-exports button[data-joint]').all()) {
      const [dl] = await Promise.all([page.waitForEvent('download'), b.click()]);
      files[dl.suggestedFilename().replace(/\.json$/, '')] = JSON.parse(fs.readFileSync(await dl.path(), 'utf8'));
    }
    expect(Object.keys(files).length === 5, `${Object.keys(files).length} params files`);
    const mapping = await page.locator('#ident-mapping').inputValue();
    await page.locator('#ident-carry').click();
    const r = await waitFor(async () => { const x = await robot(); return x && !x.busy && x.mapping === mapping && x.report ? x : null; }, 120_000, 250);
    const err = await page.evaluate(() => window.__fx.mujoco.ident.error);
    expect(!err, `the section said: ${err}`);
    const bad = [];
    for (const [j, p] of Object.entries(files)) {
      const line = r.report.find((l) => l.startsWith(`${j}`) && /native servo runs it/.test(l));
      if (!line) { bad.push(`${j}: no line of MuJoCo's native servo`); continue; }
      // every digit (the core's shortest round-trip numbers): the model got the file's values
      for (const k of ['frictionloss', 'damping', 'armature', 'kp']) if (Number(line.match(new RegExp(`\\b${k} (\\S+) `))?.[1]) !== p[k]) bad.push(`${j}.${k} ${p[k]}: ${line}`);
    }
    expect(bad.length === 0, bad.slice(0, 3).join(' / '));
    expect(!r.report.some((l) => l.startsWith('gripper')), 'the gripper, left out, is adopted');
    // the copies step: the clock advances, the (C) table holds the fitted joints
    const t0 = r.time;
    await sleep(1500);
    const t1 = (await robot()).time;
    expect(t1 > t0, `the robot's clock stands at ${t1} s (was ${t0} s)`);
    const table = await page.evaluate(async () => {
      const tb = await window.__fx.mujoco.robot.table();
      return tb ? tb.C.map((x) => [x.joint, x.q, x.servo]) : null;
    });
    expect(table && table.length === 5 && table.every(([, q]) => Number.isFinite(q)), `(C) table ${JSON.stringify(table)}`);
    return `5 joints, each MuJoCo's native servo at its file's values; the clock ${t0.toFixed(3)} → ${t1.toFixed(3)} s`;
  });

  await check('identcarry: no error in the page\'s console', async () => {
    expect(logProblems(log).length === 0, logProblems(log).join(' / '));
  });
}
