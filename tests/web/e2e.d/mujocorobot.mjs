// e2e.d/mujocorobot.mjs: the In MuJoCo view's "Your robot" section
// (web/src/views/mujoco/yourRobot.js, robot.js, robot3d.js). Checks:
//   lazy        the 3D bundle (robot3d.js, three.js inside) is not fetched
//               before the section opens, and is once it opens
//   drop        the SO-101 of ../shared/data/so101 (scene.xml,
//               so101_new_calib.xml, assets/*.stl, copied into a folder of
//               build/e2e and given to the section's folder input with
//               setInputFiles) loads; both copies, (A) the file as written
//               and (C) adopted, run (the clock advances) and are drawn: per
//               copy, the canvas pixels its robot changes against the same
//               frame drawn without robots (robot3d.js inked(); read with
//               gl.readPixels right after the draw) are a fair part of the
//               canvas; the table has a row per joint for (A) and (C)
//   runner      after Reset (qpos0) and the goals GOALS typed into their
//               fields, the section runs, is paused, and every adopted
//               joint's angle in (A) and (C) equals `node tools/robot.mjs`
//               (the headless runner: the same robot.js in Node) on the same
//               folder, mapping, goals and number of steps, to 1e-9 rad
//   origin      no request leaves the explorer's origin, no console error
//   refusals    an MJCF naming a 201 MB mesh (a sparse file: nothing is read), an
//               MJCF that does not parse dropped on the box (a DataTransfer
//               made in the page), and the SO-101's two MJCF files
//               chosen without their meshes (the missing mesh named) each
//               get one sentence in
//               #mujoco-robot-error, and the SO-101 stays (same main file,
//               still drawn, its clock still advancing)
//   frame time  the section's page work per animation frame (stepping both
//               copies live at the file's timestep (the SO-101's: 2 ms, the default)
//               within the view's step budget, the 3D
//               update, the table), the view's own six runs paused, p95,
//               also without the 3D draw call, and the steps' cost alone
//               (1000 steps of both copies timed at once), written to
//               build/e2e/mujoco-robot-frame-time.json (a measurement, not
//               an assertion). Headless Chromium draws WebGL with SwiftShader,
//               a software renderer on the CPU: the SO-101's 2 × 400k
//               triangles take it about 0.3 s a frame, so few frames are
//               measured here, and the figure is the page's JavaScript work
//               per frame, not the GPU's.
//   screenshots build/e2e/mujoco-robot-{1280,1024,853}.png (the 3D box in view)
//   a11y        axe-core (npm, pinned) on the section with the robot loaded:
//               no critical or serious finding, headings in order
//   2R arm      "Open the 2R arm" (examples.js: the folder make web copied
//               beside the page) loads it with its mapping R1=mx106/m4,
//               R2=mx64/m4, both copies drawn; build/e2e/mujoco-robot-2r-1280.png
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

const SO101 = ['scene.xml', 'so101_new_calib.xml'];
const TOL = 1e-9;                 // [rad] the page against the headless runner
// the goals set after a reset, before the run compared with the runner [rad]
const GOALS = { elbow_flex: 0.3, gripper: 0.5 };

/** The lines of a CSV that are not '# ' comments. */
const dataLines = (text) => text.trim().split('\n').filter((l) => !l.startsWith('#'));

/** Two CSVs of the same run: { ok, why }: the comments, the header and every
 *  text cell equal, every number to TOL (absolute; the angles in rad, the
 *  sags in mrad, the torques in N·m, the creep in mrad/s), or bit for bit. */
export function csvDiff(a, b) {
  const ca = a.split('\n').filter((l) => l.startsWith('#')), cb = b.split('\n').filter((l) => l.startsWith('#'));
  if (ca.join('\n') !== cb.join('\n')) return { ok: false, why: `comments '${ca.join(' / ')}' against '${cb.join(' / ')}'` };
  const la = dataLines(a), lb = dataLines(b);
  if (la[0] !== lb[0] || la.length !== lb.length) return { ok: false, why: `header or row count: '${la[0]}' (${la.length}) against '${lb[0]}' (${lb.length})` };
  let worst = 0, exact = 0, cells = 0;
  for (let i = 1; i < la.length; i++) {
    const x = la[i].split(','), y = lb[i].split(',');
    for (let k = 0; k < x.length; k++) {
      cells++;
      if (x[k] === y[k]) { exact++; continue; }
      const d = Math.abs(Number(x[k]) - Number(y[k]));
      if (!(d <= TOL)) return { ok: false, why: `row ${i} column ${la[0].split(',')[k]}: '${x[k]}' against '${y[k]}'` };
      worst = Math.max(worst, d);
    }
  }
  return { ok: true, why: `${la.length - 1} rows, ${exact} of ${cells} cells the same text${worst ? `, the others within ${worst}` : ''}` };
}

export default async function mujocoRobot(h) {
  const { check, expect, openPage, waitFor, logProblems, OUT, ROOT } = h;
  if (!h.requireViews(['mujoco'], ['mujocorobot: Your robot checks'])) return;
  const src = path.join(ROOT, '..', 'shared', 'data', 'so101');
  if (!fs.existsSync(path.join(src, 'scene.xml'))) {
    await check('mujocorobot: Your robot (the SO-101 dropped, drawn in 3D, (A) and (C) run)', async () => ({ skip: `${h.MISSING_DATA}: ${src}` }));
    return;
  }
  // the folder the person would drop: the MJCF files and the meshes, nothing else
  const drop = path.join(OUT, 'mujocorobot', 'so101');
  fs.rmSync(path.dirname(drop), { recursive: true, force: true });
  fs.mkdirSync(path.join(drop, 'assets'), { recursive: true });
  for (const f of SO101) fs.copyFileSync(path.join(src, f), path.join(drop, f));
  const stls = fs.readdirSync(path.join(src, 'assets')).filter((f) => f.endsWith('.stl'));
  for (const f of stls) fs.copyFileSync(path.join(src, 'assets', f), path.join(drop, 'assets', f));

  const { page, log } = await openPage('?view=mujoco', 'mujoco');
  const robot = () => page.evaluate(() => {
    const r = window.__fx?.mujoco?.robot;
    return r ? { time: r.time, main: r.main, drawn: r.drawn, busy: r.busy, mapping: r.mapping, table: r.table() } : null;
  });
  const error = () => page.evaluate(() => { const e = document.getElementById('mujoco-robot-error'); return e.hidden ? '' : e.textContent; });
  /** The 2R arm running (its example opened when it is not: a check before may have reloaded the page). */
  const twoR = async () => {
    if ((await robot())?.table?.C?.some((x) => x.joint === 'R2')) return;
    await page.evaluate(() => { document.getElementById('mujoco-robot').open = true; });
    await page.locator('#mujoco-robot button[data-example="2r"]').click();
    const up = await waitFor(async () => { const r = await robot(); return r && r.table?.C?.some((x) => x.joint === 'R2') && !r.busy ? r : null; }, 120_000, 250);
    expect(up, `the 2R arm did not load: ${await error()}`);
  };
  // one MJCF file dropped on the box (a DataTransfer made in the page: the drop path of dropZone.js)
  const dropText = (name, text) => page.evaluate(([n, x]) => {
    const dt = new DataTransfer();
    dt.items.add(new File([x], n, { type: 'text/xml' }));
    const zone = document.getElementById('mujoco-robot-drop');
    for (const type of ['dragenter', 'dragover', 'drop']) zone.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: dt }));
  }, [name, text]);
  const fetched = () => page.evaluate(() => performance.getEntriesByType('resource').some((e) => /\/robot3d\.js$/.test(e.name)));

  let loaded = false;
  await check('mujocorobot: the 3D bundle (three.js) is fetched only when the section opens', async () => {
    await waitFor(() => page.evaluate(() => window.__fx?.mujoco?.version || null), 60_000, 200);
    expect(!(await fetched()), 'robot3d.js was fetched before the section opened');
    await page.locator('#mujoco-robot > summary').click();
    expect(await waitFor(fetched, 10_000, 100), 'robot3d.js was not fetched when the section opened');
    return 'robot3d.js fetched on open';
  });

  await check('mujocorobot: the SO-101 folder (scene.xml, so101_new_calib.xml, 13 STL meshes) loads; (A) and (C) run and are drawn in 3D', async () => {
    const t0 = Date.now();
    await page.setInputFiles('#mujoco-robot-folder', drop);
    const ok = await waitFor(async () => { const r = await robot(); return r && r.drawn > 0 && r.time > 0.05 ? r : (await error()) ? 'error' : null; }, 120_000, 250);
    expect(ok && ok !== 'error', `the robot did not load: ${await error()}`);
    const took = (Date.now() - t0) / 1000;
    loaded = true;
    const r = await robot();
    expect(r.main === 'scene.xml', `main MJCF ${r.main}`);
    const joints = r.table.A.map((x) => x.joint);
    expect(joints.length >= 6 && r.table.C.length === joints.length, `table rows: A ${r.table.A.length}, C ${r.table.C.length}`);
    const bad = [...r.table.A, ...r.table.C].filter((x) => !['STICK', 'SLIP'].includes(x.state) || ![x.sag_mrad, x.creep_mrad_s, x.tau_m, x.tau_f].every(Number.isFinite));
    expect(!bad.length, `rows without a state or with a non-finite figure: ${bad.map((x) => x.joint).join(', ')}`);
    const rows = await page.evaluate(() => ['A', 'C'].map((k) => document.querySelectorAll(`#mujoco-robot-table-${k} tbody tr`).length));
    expect(rows[0] === joints.length && rows[1] === joints.length, `table rows shown: ${rows.join(', ')}`);
    // each copy's robot changes a fair part of the canvas (2 copies side by side)
    const ink = await page.evaluate(() => window.__fx.mujoco.robotScene?.inked());
    expect(ink, 'no 3D scene');
    const total = ink.width * ink.height;
    expect(ink.counts.every((n) => n > 0.01 * total), `pixels each robot changes: ${ink.counts.join(', ')} of ${total}`);
    const labels = await page.evaluate(() => [...document.querySelectorAll('#mujoco-robot-3d .robot3d-label')].map((l) => l.textContent));
    expect(labels.join('|') === '(A) file as written|(C) adopted', `labels: ${labels.join(', ')}`);
    return `loaded and adopted in ${took.toFixed(1)} s (mapping ${r.mapping}); ${joints.length} joints; pixels each robot draws: ${ink.counts.map((n) => `${(100 * n / total).toFixed(1)} %`).join(', ')} of ${ink.width}×${ink.height}`;
  });

  await check('mujocorobot: after Reset and two goals, paused, every joint of (A) and (C) equals the headless runner (tools/robot.mjs) to 1e-9 rad', async () => {
    if (!loaded) throw new Error('no robot loaded (see above)');
    const bar = (name) => page.locator('#mujoco-robot .robot-run button', { hasText: new RegExp(`^${name}$`) });
    try {
      return await runnerCheck(bar);
    } finally {
      // the section runs on for the checks below, whatever happened here
      if (await bar('Play').count()) await bar('Play').click();
    }
  });

  async function runnerCheck(bar) {
    await bar('Pause').click();
    await bar('Reset').click();
    for (const [joint, q] of Object.entries(GOALS)) {
      const f = page.locator(`#mujoco-robot-goals .ctl[data-joint=${joint}] input.ctl-num`);
      await f.fill(String(q));
      await f.press('Enter');
    }
    const at0 = await robot();
    expect(at0.time === 0, `Reset left t = ${at0.time} s`);
    await bar('Play').click();
    await waitFor(async () => ((await robot()).time > 1 ? true : null), 60_000, 200);
    await bar('Pause').click();
    const r = await page.evaluate(() => { const x = window.__fx.mujoco.robot; return { steps: x.steps, time: x.time, mapping: x.mapping, goals: x.goals, table: x.table(), dt: x.timestep }; });
    // the default is the file's own step (the SO-101's: MuJoCo's default 2 ms), as in every door
    expect(r.dt === 0.002, `the page's physics step is ${r.dt} s, not the default, the file's 2 ms`);
    for (const [j, q] of Object.entries(GOALS)) expect(r.goals[j] === q, `the goal of ${j} in the page is ${r.goals[j]}, typed ${q}`);
    const csv = path.join(OUT, 'mujocorobot', 'runner.csv');
    const args = [path.join(ROOT, 'tools/robot.mjs'), path.join(drop, 'scene.xml'), '--servos', r.mapping, '--seconds', String(r.time), '--timestep', String(r.dt),
      ...Object.entries(GOALS).flatMap(([j, q]) => ['--goal', `${j}=${q}`]), '--csv', csv];
    const run = spawnSync(process.execPath, args, { encoding: 'utf8', cwd: ROOT });
    expect(run.status === 0, `the runner said: ${run.stderr.trim().split('\n').pop()}`);
    const runnerCsv = fs.readFileSync(csv, 'utf8');
    const rows = dataLines(runnerCsv).slice(1).map((l) => l.split(','));
    const bad = [];
    let worst = 0;
    for (const key of ['A', 'C']) {
      for (const row of r.table[key]) {
        const ref = rows.find((x) => x[0] === key && x[1] === row.joint);
        if (!ref) { bad.push(`${key} ${row.joint}: not in the runner's table`); continue; }
        const d = Math.abs(Number(ref[5]) - row.q);
        worst = Math.max(worst, d);
        if (!(d <= TOL)) bad.push(`${key} ${row.joint}: page ${row.q}, runner ${ref[5]}`);
      }
    }
    expect(!bad.length, `${bad.join('; ')} (${r.steps} steps)`);
    // the page's "Download CSV" of the same run against the runner's --csv: the one writer (robot.js robotTableCsv)
    const [dl] = await Promise.all([page.waitForEvent('download', { timeout: 10_000 }), page.locator('#mujoco-robot-csv').click()]);
    const pageCsv = fs.readFileSync(await dl.path(), 'utf8');
    fs.writeFileSync(path.join(OUT, 'mujocorobot', 'page.csv'), pageCsv);
    const same = csvDiff(pageCsv, runnerCsv);
    expect(same.ok, `the page's CSV and the runner's differ: ${same.why}`);
    return `${r.steps} steps (t = ${r.time.toFixed(3)} s), mapping ${r.mapping}, goals ${Object.entries(GOALS).map(([j, q]) => `${j} ${q}`).join(', ')} rad: `
      + `${r.table.A.length + r.table.C.length} angles equal the runner's, largest difference ${worst} rad; the page's Download CSV `
      + `(${dl.suggestedFilename()}) and the runner's --csv: ${same.why}`;
  }

  await check('mujocorobot: the mapping as text: exported, changed by typing + Enter, nonsense refused in one sentence (the robot stays), Escape restores, the export pasted back adopts the same servos', async () => {
    if (!loaded) throw new Error('no robot loaded (see above)');
    const field = page.locator('#mujoco-robot-maptext');
    const now = () => page.evaluate(() => { const x = window.__fx.mujoco.robot; return { mapping: x.mapping, busy: x.busy, time: x.time, report: x.report,
      servos: [...document.querySelectorAll('#mujoco-robot-table-C tbody tr td:nth-of-type(1)')].map((td) => td.textContent) }; });
    const settled = (want) => waitFor(async () => { const x = await now(); return !x.busy && x.mapping === want ? x : null; }, 60_000, 200);
    // the section paused while typing (SwiftShader's draws would slow every keystroke), run again to see it stays
    const bar = (name) => page.locator('#mujoco-robot .robot-run button', { hasText: new RegExp(`^${name}$`) });
    await bar('Pause').click();
    try {
      return await mappingCheck(field, now, settled, bar);
    } finally {
      // the section runs on for the checks below, whatever happened here
      if (await bar('Play').count()) await bar('Play').click();
    }
  });

  async function mappingCheck(field, now, settled, bar) {
    const exported = await field.inputValue();
    const before = await now();
    expect(exported === before.mapping, `the field shows '${exported}', the running mapping is '${before.mapping}'`);
    await page.locator('#mujoco-robot-mapcopy').click();
    // the clipboard answers asynchronously (later under load): wait for the note
    const copied = await waitFor(() => page.locator('#mujoco-robot-mapnote').textContent(), 10_000, 100);
    expect(/Copied|Ctrl\+C/.test(copied), `Copy said '${copied}'`);
    // another servo model, typed key by key
    const other = 'class:sts3215=sts3215/m6';
    await field.click();
    await field.press('Control+a');
    await field.pressSequentially(other, { delay: 15 });
    await field.press('Enter');
    const m4 = await settled(other);
    expect(m4 && m4.servos.every((x) => /M6/.test(x)), `after typing '${other}': ${JSON.stringify(m4 && m4.servos)} (${await error()})`);
    // nonsense: one sentence, the M4 robot runs on
    const prevErr = await error();
    await field.press('Control+a');
    await field.pressSequentially('elbow_flex=banana', { delay: 15 });
    await field.press('Enter');
    const msg = await waitFor(async () => { const x = await error(); return x && x !== prevErr ? x : null; }, 30_000, 100);
    expect(msg && msg.trim().split(/(?<=[.!?])\s+(?=[A-Z(])/).length === 1, `nonsense said '${msg}'`);
    const t0 = (await now()).time;
    await bar('Play').click();
    await page.waitForTimeout(1500);
    await bar('Pause').click();
    const still = await now();
    expect(still.mapping === other && still.time > t0, `after nonsense: mapping '${still.mapping}', t ${t0} → ${still.time}`);
    await field.press('Escape');
    expect(await field.inputValue() === other, `Escape left '${await field.inputValue()}'`);
    // the export pasted back
    await field.fill(exported);
    await field.press('Enter');
    const back = await settled(exported);
    expect(back, `the export '${exported}' did not adopt: ${await error()}`);
    expect(JSON.stringify(back.servos) === JSON.stringify(before.servos) && JSON.stringify(back.report) === JSON.stringify(before.report),
      `pasted back: servos ${back.servos.join(', ')} / report ${back.report.length} lines, before ${before.servos.join(', ')} / ${before.report.length}`);
    return `exported '${exported}' (Copy: ${copied}); '${other}' typed: (C) ${m4.servos[0]}; nonsense: '${msg}'; pasted back: the same ${back.servos.length} servos and report`;
  }

  await check('mujocorobot: no request leaves the origin, no console error', async () => {
    expect(log.foreign.length === 0, `requests to another origin: ${log.foreign.join(', ')}`);
    expect(logProblems(log).length === 0, logProblems(log).join(' / '));
  });

  await check('mujocorobot: a mesh over the size limit, an MJCF that does not parse, the MJCF without its meshes: one sentence each, the SO-101 stays', async () => {
    if (!loaded) throw new Error('no robot loaded (see above)');
    const big = path.join(OUT, 'mujocorobot', 'big');
    fs.mkdirSync(big, { recursive: true });
    fs.writeFileSync(path.join(big, 'scene.xml'), '<mujoco><asset><mesh name="h" file="huge.stl"/></asset></mujoco>');
    fs.closeSync(fs.openSync(path.join(big, 'huge.stl'), 'w'));
    fs.truncateSync(path.join(big, 'huge.stl'), 201 * 1048576);   // sparse: no disk used, nothing read
    const broken = path.join(OUT, 'mujocorobot', 'broken');
    fs.mkdirSync(broken, { recursive: true });
    // one line whose <body> is closed by </worldbody>: MuJoCo's XML reader stops at line 1 on a mismatched element (robot.err.notXml)
    fs.writeFileSync(path.join(broken, 'scene.xml'), '<mujoco><worldbody><body></worldbody></mujoco>');
    // the two MJCF files without their meshes, chosen as files (not a folder)
    const noMesh = SO101.map((f) => path.join(drop, f));
    const said = [];
    // the broken MJCF dropped on the box
    const dropBroken = () => dropText('scene.xml', fs.readFileSync(path.join(broken, 'scene.xml'), 'utf8'));
    for (const [dir, want, input] of [[big, /huge\.stl.*: the file is 201\.0 MiB .*read up to 32 MiB/, 'folder'], [broken, /^The MJCF is not well-formed XML: MuJoCo's XML reader stopped at line 1 \(XML_ERROR_MISMATCHED_ELEMENT\)/, 'drop'], [noMesh, /missing.*'assets\/[a-z0-9_]+\.stl'/, 'files']]) {
      const before = await robot(), prev = await error();
      if (input === 'drop') await dropBroken(); else await page.setInputFiles(`#mujoco-robot-${input}`, dir);
      // a new message (the one before is another case's)
      const msg = await waitFor(async () => { const x = await error(); return x && x !== prev ? x : null; }, 30_000, 100);
      expect(msg && want.test(msg), `${Array.isArray(dir) ? 'MJCF without meshes' : path.basename(dir)}: '${msg}'`);
      expect(!/\n/.test(msg.trim()) && msg.trim().split(/(?<=[.!?])\s+(?=[A-Z(])/).length === 1, `not one sentence: '${msg}'`);
      await waitFor(async () => !(await robot()).busy, 30_000, 100);
      await page.waitForTimeout(1500);
      const after = await robot();
      expect(after.main === 'scene.xml' && after.drawn > 0 && after.time > before.time, `the SO-101 did not stay: ${JSON.stringify({ main: after.main, drawn: after.drawn, t: [before.time, after.time] })}`);
      said.push(`${Array.isArray(dir) ? 'MJCF without meshes' : path.basename(dir)}: '${msg}'`);
    }
    return said.join('; ');
  });

  await check('mujocorobot: page work per frame of the section, the view\'s own runs paused (SwiftShader WebGL: a measurement, not asserted)', async () => {
    if (!loaded) throw new Error('no robot loaded (see above)');
    // the view's six runs paused (their own loop): the section's work alone
    await page.locator('.mujoco-runbar button', { hasText: /^Pause$/ }).first().click();
    await page.locator('#mujoco-robot-3d').scrollIntoViewIfNeeded();
    // the full meshes, then the light ones (their convex hulls), each chosen in the select as a person would
    const WALL_S = 8;
    const out = { renderer: 'headless Chromium, WebGL by SwiftShader (software, on the same 2 CPU cores as the page)', wall_s: WALL_S };
    const said = [];
    for (const mode of ['full', 'light']) {
      await page.selectOption('#mujoco-robot-meshes', mode);
      await page.waitForTimeout(1000);
      await page.evaluate(() => { window.__fx.mujoco.robotFrameStats.length = 0; window.__fx.mujoco.robotDrawStats.length = 0; });
      const t0 = await robot();
      await page.waitForTimeout(WALL_S * 1000);
      // five frames at least: past the window, waited for (up to 60 s), not
      // a frame rate asserted against the wall clock (SwiftShader on a loaded machine)
      await waitFor(() => page.evaluate(() => window.__fx.mujoco.robotFrameStats.length >= 5), 60_000, 250);
      const { ms, draw, triangles, frames } = await page.evaluate(() => ({ ms: window.__fx.mujoco.robotFrameStats.slice(), draw: window.__fx.mujoco.robotDrawStats.slice(),
        triangles: window.__fx.mujoco.robot.triangles, frames: document.getElementById('mujoco-robot-triangles').textContent }));
      const t1 = await robot();
      expect(ms.length >= 5, `${mode}: only ${ms.length} frames in ${WALL_S + 60} s`);
      const ft = h.frameTime(ms);
      // the frame's work without the 3D draw call (the frames are the same ones: one draw per frame)
      const n = Math.min(ms.length, draw.length);
      const rest = h.frameTime(ms.slice(-n).map((x, i) => x - draw.slice(-n)[i]));
      out[mode] = { ...ft, frames: ms.length, triangles, without_draw: rest, draw_p95_ms: h.quantile(draw, 0.95), simulated_s: t1.time - t0.time };
      said.push(`${mode} (${frames}): ${ms.length} frames in ${WALL_S} s, p95 ${ft.p95_ms.toFixed(2)} ms (median ${ft.median_ms.toFixed(2)}, max ${ft.max_ms.toFixed(2)})${h.frameVerdict(ft)}, `
        + `without the 3D draw call p95 ${rest.p95_ms.toFixed(2)} ms, the draw call's p95 ${out[mode].draw_p95_ms.toFixed(2)} ms, ${out[mode].simulated_s.toFixed(3)} s simulated`);
    }
    expect(out.light.triangles < out.full.triangles / 3, `light draws ${out.light.triangles} triangles, full ${out.full.triangles}`);
    Object.assign(out, out.light);   // the top-level figures: the light meshes (what the page chooses past the budget)
    // the steps alone, timed in one go (the section paused): what a 60 fps frame
    // of 1 kHz physics (16.7 steps of each copy, the issue's budget) costs the page besides its draw and table
    await page.locator('#mujoco-robot .robot-run button', { hasText: /^Pause$/ }).click();
    const stepMs = await page.evaluate(() => window.__fx.mujoco.robot.timeSteps(1000));
    await page.locator('#mujoco-robot .robot-run button', { hasText: /^Play$/ }).click();
    out.us_per_step_both_copies = stepMs;   // ms per 1000 steps = µs per step
    out.steps_ms_per_60fps_frame = stepMs * (1000 / 60) / 1000;
    fs.writeFileSync(path.join(OUT, 'mujoco-robot-frame-time.json'), `${JSON.stringify(out, null, 1)}\n`);
    await page.locator('.mujoco-runbar button', { hasText: /^Play$/ }).first().click();
    return `SwiftShader: ${said.join('; ')}; one step of both copies ${stepMs.toFixed(1)} µs, so ${out.steps_ms_per_60fps_frame.toFixed(2)} ms of steps in a 60 fps frame at 1 kHz`;
  });

  await check('mujocorobot: screenshots at 1280×900, 1024×768, 853×600 (build/e2e/mujoco-robot-*.png)', async () => {
    if (!loaded) throw new Error('no robot loaded (see above)');
    const files = await h.screenshots(page, 'mujoco-robot', { waitMs: 800, locator: '#mujoco-robot-3d' });
    return files.join(', ');
  });
  await check('mujocorobot: the per-joint tables (A) and (C) fit their box at 1280, 1024 and 853 px: no sideways scroll, the friction column in view', async () => {
    if (!loaded) throw new Error('no robot loaded (see above)');
    const widths = [];
    try {
      for (const [w, hgt] of h.SHOT_SIZES) {
        await page.setViewportSize({ width: w, height: hgt });
        await page.waitForTimeout(400);
        const over = await page.evaluate(() => ['A', 'C'].map((k) => {
          const tbl = document.getElementById(`mujoco-robot-table-${k}`);
          return { k, table: tbl.scrollWidth, box: tbl.closest('.mujoco-tables').clientWidth };
        }));
        widths.push(`${w}: ${over.map((o) => `${o.k} ${o.table}/${o.box} px`).join(', ')}`);
        const wide = over.filter((o) => o.table > o.box + 1);
        expect(wide.length === 0, `at ${w} px the table(s) ${wide.map((o) => `${o.k} (${o.table} px in ${o.box} px)`).join(', ')} scroll sideways`);
      }
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
    return widths.join('; ');
  });
  await check('mujocorobot: axe-core on the section with the robot loaded: no critical or serious finding, headings in order', async () => {
    if (!loaded) throw new Error('no robot loaded (see above)');
    await page.evaluate(fs.readFileSync(path.join(ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8'));
    const r = await page.evaluate(() => window.axe.run(document.getElementById('mujoco-robot'), { resultTypes: ['violations'] }));
    const bad = r.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious' || v.id === 'heading-order');
    expect(!bad.length, bad.map((v) => `${v.id} (${v.impact}) at ${v.nodes.slice(0, 2).map((n) => n.target.join(' ')).join(', ')}`).join('; '));
    return `${r.violations.length} moderate or minor finding(s)`;
  });
  await check('mujocorobot: "Open the 2R arm" loads the paper\'s arm from beside the page (make web\'s copy) with its mapping, both copies drawn', async () => {
    if (!fs.existsSync(path.join(ROOT, '..', 'shared', 'data', 'bam', '2R', '2r_mx', 'scene.xml'))) return { skip: `${h.MISSING_DATA}: bam/2R/2r_mx` };
    await page.locator('#mujoco-robot button[data-example="2r"]').click();
    const ok = await waitFor(async () => { const r = await robot(); return r && r.main === 'scene.xml' && /R1=/.test(r.mapping) && !r.busy && r.drawn > 0 ? r : null; }, 120_000, 250);
    expect(ok, `the 2R arm did not load: ${await error()}`);
    expect(ok.table.C.map((x) => x.joint).join(',') === 'R1,R2', `adopted joints ${ok.table.C.map((x) => x.joint).join(',')}`);
    const servos = await page.evaluate(() => [...document.querySelectorAll('#mujoco-robot-table-C tbody tr td:nth-of-type(1)')].map((td) => td.textContent));
    const ink = await page.evaluate(() => window.__fx.mujoco.robotScene?.inked());
    const total = ink.width * ink.height;
    expect(ink.counts.every((n) => n > 0.002 * total), `pixels each robot changes: ${ink.counts.join(', ')} of ${total}`);
    await page.locator('#mujoco-robot-3d').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(OUT, 'mujoco-robot-2r-1280.png') });
    // the page state in the URL: a typed mapping and the file's own step come back after a reload
    const want = 'R1=mx106/m1, R2=mx64/m1';
    const field = page.locator('#mujoco-robot-maptext');
    await field.fill(want);
    await field.press('Enter');
    expect(await waitFor(async () => { const r = await robot(); return r && !r.busy && r.mapping === want ? r : null; }, 60_000, 200), `typed ${want}: ${await error()}`);
    // the file's own step is the default now; the URL keeps the other choice, 1 kHz
    await page.selectOption('#mujoco-robot-dt', '1ms');
    const fileDt = await waitFor(async () => page.evaluate(() => { const x = window.__fx.mujoco.robot; return !x.busy && x.timestep === 0.001 ? x.timestep : null; }), 60_000, 200);
    const url = new URL(page.url());
    expect(url.searchParams.get('mujoco.robot') === '2r' && url.searchParams.get('mujoco.robot_map') === want && url.searchParams.get('mujoco.robot_dt') === '1ms', `URL ${url.search}`);
    await page.reload();
    const again = await waitFor(async () => page.evaluate(() => { const x = window.__fx?.mujoco?.robot; return x && !x.busy && x.main && x.drawn > 0 ? { mapping: x.mapping, dt: x.timestep } : null; }), 120_000, 250);
    expect(again && again.mapping === want && again.dt === fileDt, `after a reload: ${JSON.stringify(again)}`);
    return `URL ${url.search} restored after a reload (mapping ${again.mapping}, step ${again.dt} s); mapping ${ok.mapping}; (C) servos ${servos.join(', ')}; pixels each robot draws ${ink.counts.map((n) => `${(100 * n / total).toFixed(1)} %`).join(', ')}; build/e2e/mujoco-robot-2r-1280.png`;
  });
  await check('mujocorobot: a URL naming a dropped robot (mujoco.robot=drop) says in one sentence that it cannot come back', async () => {
    await page.goto(`${new URL(page.url()).origin}/?view=mujoco&mujoco.robot=drop`);
    const said = await waitFor(async () => page.evaluate(() => {
      const s = document.getElementById('mujoco-robot-status'), d = document.getElementById('mujoco-robot');
      return s && d?.open && /cannot come back/.test(s.textContent) ? s.textContent : null;
    }), 60_000, 200);
    expect(said && said.trim().split(/(?<=[.!?])\s+(?=[A-Z(])/).length === 1, `status: '${said}'`);
    return `'${said}'`;
  });
  await check('mujocorobot: a params file chosen in the page (bam\'s MX-64 M6) becomes a servo of the elbow; a file that is not JSON is refused in one sentence and the arm keeps its servos', async () => {
    const dir = path.join(ROOT, '..', 'shared', 'data', 'bam', 'params', 'mx64');
    if (!fs.existsSync(path.join(dir, 'm6.json'))) return { skip: `${h.MISSING_DATA}: bam/params/mx64` };
    // the check before reloaded the page: open the 2R arm again
    await twoR();
    const bad = path.join(OUT, 'not-params.json');
    fs.writeFileSync(bad, '{"model": "m6",');
    await page.setInputFiles('#mujoco-robot-params', bad);
    const refused = await waitFor(async () => { const t = await error(); return /^The params file 'not-params' is not JSON/.test(t) ? t : null; }, 10_000, 100);
    expect(refused, `a broken params file: ${await error()}`);
    await page.setInputFiles('#mujoco-robot-params', path.join(dir, 'm6.json'));
    await waitFor(async () => (await page.locator('#mujoco-robot-servo-files').textContent()).includes('@m6'), 10_000, 100);
    expect(!(await error()), `the error box still says: ${await error()}`);
    await page.locator('select[aria-label="Servo of the joint R2"]').selectOption('@m6');
    await page.locator('#mujoco-robot-adopt').click();
    const json = JSON.parse(fs.readFileSync(path.join(dir, 'm6.json'), 'utf8'));
    const ok = await waitFor(async () => { const r = await robot(); return r && /R2=@m6/.test(r.mapping) && !r.busy && r.table?.C?.length === 2 ? r : null; }, 60_000, 250);
    expect(ok, `the arm with the file did not adopt: ${await error()}`);
    const row = await page.evaluate(() => { const p = window.__fx.mujoco.robot.pair; const r = p.rows.find((x) => x.name === 'R2'); return { servo: r.servo, armature: r.armature.used }; });
    expect(row.servo === 'mx64 M6 (m6)', `the elbow's servo: ${row.servo}`);
    expect(row.armature === json.armature, `the elbow's armature ${row.armature}, the file's ${json.armature}`);
    return `mapping ${ok.mapping}; elbow ${row.servo}, armature ${row.armature} kg·m² (the file's); the broken file: '${refused}'`;
  });

  // the picker checks a file when it is chosen, as every door does (the
  // core's fric_bench_params_servo: `friction replay --params`'s sentence):
  // `{}` (it became sts3215 M1), a negative friction_base and R = 0 are
  // refused at once and never listed; a fork's command_delay is noted in the
  // core's sentence (not modelled, carried)
  await check('mujocorobot: the params picker refuses {}, a negative friction_base and R = 0 when chosen (the CLI\'s sentence, never listed) and notes a fork\'s command_delay', async () => {
    const dir = path.join(ROOT, '..', 'shared', 'data', 'bam', 'params', 'mx64');
    if (!fs.existsSync(path.join(dir, 'm1.json'))) return { skip: `${h.MISSING_DATA}: bam/params/mx64` };
    await page.evaluate(() => { document.getElementById('mujoco-robot').open = true; });
    const m1 = JSON.parse(fs.readFileSync(path.join(dir, 'm1.json'), 'utf8'));
    const listed = () => page.locator('#mujoco-robot-servo-files').textContent();
    const said = [];
    for (const [name, obj, re] of [['empty.json', {}, /^params empty\.json: no "actuator"; a params file names its actuator/],
      ['negative.json', { ...m1, friction_base: -0.1 }, /^params negative\.json: bench: friction_base = -0\.1 is negative/],
      ['r0.json', { ...m1, R: 0 }, /^params r0\.json: bench: R = 0 Ω/]]) {
      await page.setInputFiles('#mujoco-robot-params', { name, mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(obj)) });
      const e = await waitFor(async () => { const x = await error(); return re.test(x) ? x : null; }, 10_000, 100);
      expect(e, `${name}: '${await error()}'`);
      expect(e.trim().split(/(?<=[.!?])\s+(?=[A-Z])/).length === 1, `${name}: one sentence: '${e}'`);
      expect(!(await listed()).includes(`@${name.replace('.json', '')}`), `${name} is listed: ${await listed()}`);
      said.push(e);
    }
    await page.setInputFiles('#mujoco-robot-params', { name: 'fork.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify({ ...m1, command_delay: 0.012 })) });
    await waitFor(async () => ((await listed()).includes('@fork') ? true : null), 10_000, 100);
    const note = await page.locator('#mujoco-robot-servo-carried').textContent();
    expect(/^params fork\.json: key "command_delay" is not modelled by the core; it is carried/.test(note), `the carried key: '${note}'`);
    return `${said.map((x) => `'${x}'`).join('; ')}; '${note}'`;
  });

  // the fork's file adopted: its carried key in the Adopt report, the core's
  // sentence word for word as the picker, tools/robot.mjs and friction mujoco
  // say it (tests/web/robot.test.mjs)
  await check('mujocorobot: the fork\'s params file adopted on the elbow: the Adopt report notes its command_delay in the core\'s sentence (not modelled, carried)', async () => {
    const dir = path.join(ROOT, '..', 'shared', 'data', 'bam', 'params', 'mx64');
    if (!fs.existsSync(path.join(dir, 'm1.json'))) return { skip: `${h.MISSING_DATA}: bam/params/mx64` };
    await twoR();
    if (!(await page.locator('#mujoco-robot-servo-files').textContent()).includes('@fork')) {
      const m1 = JSON.parse(fs.readFileSync(path.join(dir, 'm1.json'), 'utf8'));
      await page.setInputFiles('#mujoco-robot-params', { name: 'fork.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify({ ...m1, command_delay: 0.012 })) });
      await waitFor(async () => ((await page.locator('#mujoco-robot-servo-files').textContent()).includes('@fork') ? true : null), 10_000, 100);
    }
    await page.locator('select[aria-label="Servo of the joint R2"]').selectOption('@fork');
    await page.locator('#mujoco-robot-adopt').click();
    const ok = await waitFor(async () => { const r = await robot(); return r && /R2=@fork/.test(r.mapping) && !r.busy ? r : null; }, 60_000, 250);
    expect(ok, `the arm with the fork's file did not adopt: ${await error()}`);
    const want = 'params fork.json: key "command_delay" is not modelled by the core; it is carried unchanged into every params file written from this one.';
    const lines = await page.evaluate(() => [...document.querySelectorAll('#mujoco-robot-report li')].map((li) => li.textContent));
    expect(lines.includes(want), `the report: ${lines.join(' | ')}`);
    return `mapping ${ok.mapping}; the report's line: '${want}'`;
  });

  // a robot of one's own whose classes name no servo: nothing to adopt yet,
  // so the status line says what to do next, the error box stays empty, and
  // choosing a servo for the joint + Adopt runs it
  await check('mujocorobot: a dropped one-joint MJCF whose classes name no servo: the status line says to choose a servo and press Adopt (no error); choosing one and Adopt runs it', async () => {
    const mjcf = '<mujoco model="pend"><worldbody><body name="link"><joint name="hinge" type="hinge" axis="0 1 0"/>'
      + '<geom type="capsule" fromto="0 0 0 0 0 -0.2" size="0.02" mass="0.1"/></body></worldbody></mujoco>';
    await page.evaluate(() => { document.getElementById('mujoco-robot').open = true; });
    await dropText('pend.xml', mjcf);
    const statusText = () => page.locator('#mujoco-robot-status').textContent();
    const said = await waitFor(async () => { const x = await statusText(); return /pend\.xml/.test(x) && /No joint of pend\.xml is mapped to a servo yet/.test(x) ? x : null; }, 30_000, 100);
    expect(said, `the status line: '${await statusText()}'`);
    expect(/choose a servo .* and press Adopt/.test(said), `the status line does not say what to do: '${said}'`);
    expect(!(await error()), `the error box says: '${await error()}'`);
    const select = page.locator('select[aria-label="Servo of the joint hinge"]');
    expect(await select.count() === 1, 'no servo choice for the joint hinge');
    // a preset (SERVO/MODEL), not "as its class" (@class: this file's classes name none)
    const servo = await select.evaluate((el) => [...el.options].map((o) => o.value).find((v) => /^[a-z0-9_]+\/m[1-6]$/.test(v)));
    expect(servo, "no preset among the joint's servo choices");
    await select.selectOption(servo);
    await page.locator('#mujoco-robot-adopt').click();
    const ok = await waitFor(async () => { const r = await robot(); return r && r.main === 'pend.xml' && /hinge=/.test(r.mapping) && !r.busy && r.table?.C?.length === 1 ? r : null; }, 60_000, 250);
    expect(ok, `pend.xml did not adopt: ${await error()}`);
    expect(!(await error()), `the error box says: '${await error()}'`);
    return `'${said}'; then ${ok.mapping}`;
  });
  await page.close();
}
