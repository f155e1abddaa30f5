// e2e.d/ident.mjs: the In MuJoCo view's "Your robot's servos from a
// recording" (views/mujoco/identSection.js, in a worker:
// workers/mjident.js). Checks, on T0 of ../shared/data/robot_ident (the
// stripped SO-101 and its recipe, made by real MuJoCo 2.2.2 with known
// servos):
//   csv         the recipe's CSV and the stripped MJCF, a small budget: the
//               table's fitted values (every shown key, every joint) equal
//               the Node tool's on the same inputs (tools/ident.mjs, the
//               same core in Node: consistency), its MAE too; the progress
//               bars filled; the exports (a params file per joint, the
//               mapping) and the chart; the page answers during the fit;
//               T0's teleoperation given as a held-out recording: the
//               page's whole-arm MAE per joint on it, with the fitted
//               servos and with the MJCF's own, the Node tool's
//               (--hold-out) to its printed 0.1 µrad
//   lerobot     the recipe as a LeRobot v3.0 folder (DEGREES) with its
//               calibration: the same table as the CSV's (the dataset equals
//               the CSV to 7e-8 rad: the values agree to 1e-3 relative)
//   cancel      a large budget cancelled after the first joint's progress:
//               the run stops, the view says so, and runs again
//   refused     a dataset of another robot type and a dataset without its
//               calibration: each refused in one sentence, nothing fitted
//   screenshots build/e2e/ident-{1280,1024,853}.png (the table in view) and
//   build/e2e/ident-form-*.png (the form before a run)
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { pacer, within } from '../pace.mjs';
import { loadMujocoNpm } from '../load.mjs';

const BUDGET = 30;
// three fits in the page, a held-out replay and the Node tool's run: 181 s of task time at a page
// slowdown of ×10 (a loaded machine), past the default module bound
export const WATCHDOG_MS = 300_000;

export default async function ident(h) {
  const { check, expect, openPage, waitFor, logProblems, OUT, ROOT } = h;
  if (!h.requireViews(['mujoco'], ['ident: your robot\'s servos from a recording'])) return;
  const root = ROOT;
  const T0 = path.join(root, '..', 'shared', 'data', 'robot_ident');
  if (!fs.existsSync(path.join(T0, 'T0', 'recipe.csv'))) {
    await check('ident: your robot\'s servos from a recording', async () => ({ skip: `${h.MISSING_DATA}: ${T0}` }));
    return;
  }
  const work = path.join(OUT, 'ident');
  fs.rmSync(work, { recursive: true, force: true });
  const robot = path.join(work, 'robot');
  fs.mkdirSync(robot, { recursive: true });
  fs.copyFileSync(path.join(T0, 'so101_stripped.xml'), path.join(robot, 'so101_stripped.xml'));
  // a dataset of another robot type: T0's recipe with info.json's robot_type changed
  const other = path.join(work, 'koch');
  fs.cpSync(path.join(T0, 'T0', 'lerobot', 'recipe'), other, { recursive: true });
  const info = JSON.parse(fs.readFileSync(path.join(other, 'meta', 'info.json'), 'utf8'));
  fs.writeFileSync(path.join(other, 'meta', 'info.json'), JSON.stringify({ ...info, robot_type: 'koch_follower' }));

  // the Node tool on the same inputs (the page's reference): its params files, every digit
  const nodeOut = path.join(work, 'node');
  const node = spawnSync(process.execPath, [path.join(root, 'tools/ident.mjs'), '--mjcf', path.join(robot, 'so101_stripped.xml'),
    path.join(T0, 'T0', 'recipe.csv'), '--hold-out', path.join(T0, 'T0', 'teleop.csv'), '--budget', String(BUDGET), '--leave', 'gripper',
    '--out', nodeOut], { encoding: 'utf8' });
  // its held-out rows: `joint held-out fitted counts own recording` [mrad]
  const nodeHeld = Object.fromEntries((node.stdout ?? '').split('\n').map((l) => l.trim().split(/\s+/))
    .filter((w) => w[1] === 'held-out').map((w) => [w[0], { fitted: Number(w[2]), own: Number(w[4]) }]));
  const nodeValues = {};
  if (node.status === 0) {
    for (const f of fs.readdirSync(nodeOut)) {
      const x = JSON.parse(fs.readFileSync(path.join(nodeOut, f), 'utf8'));
      nodeValues[f.replace(/\.json$/, '')] = { kp: x.kp, frictionloss: x.frictionloss, damping: x.damping, armature: x.armature };
    }
  }

  const { page, log } = await openPage('?view=mujoco', 'mujoco');
  await page.locator('#mujoco-ident > summary').click();
  const state = () => page.evaluate(() => {
    const x = window.__fx?.mujoco?.ident;
    return x ? { running: x.running, error: x.error, cancelled: x.cancelled, progress: x.progress, done: !!x.result } : null;
  });
  const tableValues = () => page.evaluate(() => Object.fromEntries([...document.querySelectorAll('#ident-table tbody tr')]
    .filter((tr) => tr.querySelector('td[data-key]'))
    .map((tr) => [tr.dataset.joint, Object.fromEntries([...tr.querySelectorAll('td[data-key]')].map((td) => [td.dataset.key, Number(td.dataset.value)]))])));
  const run = async () => { await page.locator('#ident-run').click(); };
  const until = (f, ms = 300_000) => waitFor(async () => { const s = await state(); return s && f(s) ? s : null; }, ms, 250);

  await check('ident form: before a run a sentence stands where the chart goes (no empty axes), each option\'s label apart from its field; screenshots', async () => {
    await page.locator('#ident-run').scrollIntoViewIfNeeded();
    const got = await page.evaluate(() => {
      const box = document.querySelector('#ident-chart-box'), empty = document.querySelector('#ident-chart-empty');
      // per option: the gap between the end of the label's own text and its field [px]
      const gaps = [...document.querySelectorAll('#mujoco-ident .ident-options label')].map((l) => {
        const text = [...l.childNodes].find((n) => n.nodeType === 3 && n.textContent.trim());
        const field = l.querySelector('input, select');
        if (!text || !field) return null;
        const r = document.createRange();
        r.selectNodeContents(text);
        const a = r.getBoundingClientRect(), b = field.getBoundingClientRect();
        // the field to the right of the text on its line, or on a line below it
        return { label: text.textContent.trim(), gap: b.top >= a.bottom - 1 ? Infinity : b.left - a.right };
      }).filter(Boolean);
      const jointSel = document.querySelector('#ident-chart-joint');
      return { selShown: !!jointSel && jointSel.offsetParent !== null, boxShown: !!box && box.offsetParent !== null, emptyShown: !!empty && empty.offsetParent !== null, emptyText: empty?.textContent ?? '', gaps };
    });
    expect(!got.boxShown, 'the chart box is shown before a run');
    expect(!got.selShown, 'the chart\'s joint choice (empty) is shown before a run');
    expect(got.emptyShown && got.emptyText.length > 20, `no sentence where the chart goes: "${got.emptyText}"`);
    expect(got.gaps.length >= 4, `options found: ${JSON.stringify(got.gaps)}`);
    const close = got.gaps.filter((x) => !(x.gap >= 4));
    expect(close.length === 0, `labels touching their fields: ${JSON.stringify(close)}`);
    await h.screenshots(page, 'ident-form', { waitMs: 200, locator: '#ident-run' });
  });

  await check('ident csv: the recipe\'s CSV fitted in the page gives the Node tool\'s values (the same core); progress, exports, chart', async () => {
    expect(node.status === 0, `tools/ident.mjs: ${node.stderr}`);
    await page.locator('#ident-robot-files').setInputFiles(path.join(robot, 'so101_stripped.xml'));
    await waitFor(() => page.evaluate(() => window.__fx?.mujoco?.ident?.input?.robot ?? null), 30_000, 100);
    await page.locator('#ident-recording-files').setInputFiles(path.join(T0, 'T0', 'recipe.csv'));
    await waitFor(() => page.evaluate(() => window.__fx?.mujoco?.ident?.input?.recording ?? null), 30_000, 100);
    await page.locator('#ident-held-files').setInputFiles(path.join(T0, 'T0', 'teleop.csv'));
    await waitFor(() => page.evaluate(() => (window.__fx?.mujoco?.ident?.input?.held?.length ? true : null)), 30_000, 100);
    await page.locator('#ident-budget').fill(String(BUDGET));
    await page.locator('#ident-leave').fill('gripper');
    // the page's lateness while the worker fits: a 50 ms timer's largest delay, judged
    // against the page's pace (pace.mjs: 1 s times the page's slowdown under load)
    const pc = pacer(page);
    await pc.start();
    await page.evaluate(() => { const w = { late: 0, last: performance.now() }; window.__identLate = w;
      w.timer = setInterval(() => { const now = performance.now(); w.late = Math.max(w.late, now - w.last - 50); w.last = now; }, 50); });
    await run();
    const s = await until((x) => !x.running && (x.done || x.error));
    const late = await page.evaluate(() => { clearInterval(window.__identLate.timer); return window.__identLate.late; });
    const pace = await pc.stop();
    expect(!s.error, `refused: ${s.error}`);
    const got = await tableValues();
    const joints = Object.keys(nodeValues);
    expect(joints.length === 5, `the Node tool fitted ${joints.length} joints`);
    const diffs = [];
    for (const j of joints) for (const k of ['kp', 'frictionloss', 'damping', 'armature']) {
      const a = got[j]?.[k], b = nodeValues[j][k];
      // the params files hold the core's shortest round-trip form: the same double
      if (a !== b) diffs.push(`${j}.${k}: page ${a}, Node ${b}`);
    }
    expect(diffs.length === 0, `the page's values differ from the Node tool's: ${diffs.join('; ')}`);
    // the held-out recording: the page's MAE per joint against the Node tool's printed table
    const pageHeld = await page.evaluate(() => Object.fromEntries([...document.querySelectorAll('#ident-mae tr[data-set="held-out"] td[data-joint]')]
      .map((td) => [td.dataset.joint, { fitted: Number(td.dataset.mae) * 1e3, own: Number(td.dataset.own) * 1e3 }])));
    expect(Object.keys(nodeHeld).length === 6 && Object.keys(pageHeld).length === 6, `held-out rows: Node ${Object.keys(nodeHeld)}, page ${Object.keys(pageHeld)}`);
    const heldDiffs = [];
    for (const [j, b] of Object.entries(nodeHeld)) for (const k of ['fitted', 'own']) {
      const a = pageHeld[j]?.[k];
      // Node prints %.4f mrad; the same replay in the same MuJoCo gives the same doubles
      if (!(Math.abs(a - b[k]) <= 0.5e-4 + 1e-9 * Math.abs(b[k]))) heldDiffs.push(`${j}.${k}: page ${a} mrad, Node ${b[k]} mrad`);
    }
    expect(heldDiffs.length === 0, `the held-out MAE differs: ${heldDiffs.join('; ')}`);
    const heldText = await page.locator('#ident-mae tr[data-set="held-out"]').innerText();
    expect(/teleop\.csv/.test(heldText) && /held-out/.test(heldText), `held-out row: ${heldText}`);
    // the checks after this one fit the recipe alone
    await page.locator('#ident-held-clear').click();
    const bars = await page.evaluate(() => [...document.querySelectorAll('#ident-joints progress')].map((p) => p.value));
    expect(bars.length === 5 && bars.every((v) => v === 1), `progress bars ${bars}`);
    const left = await page.locator('#ident-table tr[data-joint="gripper"]').innerText();
    expect(/left out/.test(left), `the gripper row: ${left}`);
    const exportsN = await page.locator('#ident-exports button[data-joint]').count();
    const mapping = await page.locator('#ident-mapping').inputValue();
    expect(exportsN === 5, `${exportsN} params files`);
    expect(mapping === 'shoulder_pan=@shoulder_pan, shoulder_lift=@shoulder_lift, elbow_flex=@elbow_flex, wrist_flex=@wrist_flex, wrist_roll=@wrist_roll', `mapping ${mapping}`);
    const points = await page.evaluate(() => window.__fx.charts.all.size);
    expect(points > 0, 'no chart');
    expect(late < within(1000, pace), `the page was late by ${late.toFixed(0)} ms during the fit (${pace.text})`);
    return `5 joints equal to the Node tool's, the held-out MAE of 6 joints too, the page late ≤ ${late.toFixed(0)} ms (${pace.text})`;
  });

  await check('ident mjcf export: the robot written back compiles in MuJoCo 3.14 (npm, in Node) with each fitted joint at its params file\'s values', async () => {
    const { loadMujoco, noMujoco } = await loadMujocoNpm();
    if (noMujoco) return { skip: noMujoco };
    const [dl] = await Promise.all([page.waitForEvent('download'), page.locator('#ident-export-mjcf').click()]);
    const text = fs.readFileSync(await dl.path(), 'utf8');
    const mj = await loadMujoco();
    const m = mj.MjModel.from_xml_string(text);
    try {
      const names = new TextDecoder().decode(m.names);
      const name = (adr) => names.slice(adr, names.indexOf('\0', adr));
      const bad = [];
      for (const [j, v] of Object.entries(nodeValues)) {
        const jid = [...Array(m.njnt).keys()].find((i) => name(m.name_jntadr[i]) === j);
        const dof = m.jnt_dofadr[jid];
        const act = [...Array(m.nu).keys()].find((a) => m.actuator_trnid[2 * a] === jid);
        const have = { frictionloss: m.dof_frictionloss[dof], damping: m.dof_damping[dof], armature: m.dof_armature[dof], kp: m.actuator_gainprm[10 * act] };
        for (const k of Object.keys(have)) if (Math.abs(have[k] - v[k]) > 1e-9 * Math.abs(v[k])) bad.push(`${j}.${k}: MuJoCo ${have[k]}, params file ${v[k]}`);
      }
      expect(bad.length === 0, `the written robot differs: ${bad.slice(0, 4).join('; ')}`);
      return `${dl.suggestedFilename()}: ${Object.keys(nodeValues).length} joints at their fitted kp, frictionloss, damping and armature in MuJoCo 3.14`;
    } finally {
      m.delete();
    }
  });

  await check('ident screenshots at 1280×900, 1024×768, 853×600 (the table in view; the page no wider than the window, the text report included)', async () => {
    const files = await h.screenshots(page, 'ident', { waitMs: 300, locator: '#ident-table', noScroll: true });
    return files.join(', ');
  });

  await check('ident lerobot: the recipe as a LeRobot folder with its calibration gives the CSV\'s values (to the dataset\'s float32)', async () => {
    const before = await tableValues();
    await page.locator('#ident-recording-folder').setInputFiles(path.join(T0, 'T0', 'lerobot', 'recipe'));
    await waitFor(() => page.evaluate(() => (window.__fx?.mujoco?.ident?.input?.recording === 'recipe' ? true : null)), 30_000, 100);
    await page.locator('#ident-calibration').setInputFiles(path.join(T0, 'T0', 'calibration.json'));
    await page.locator('#ident-unit').selectOption('DEGREES');
    await run();
    const s = await until((x) => !x.running && (x.done || x.error));
    expect(!s.error, `refused: ${s.error}`);
    const got = await tableValues();
    const bad = [];
    for (const j of Object.keys(before)) for (const k of Object.keys(before[j])) {
      if (!(Math.abs(got[j][k] - before[j][k]) <= 1e-3 * Math.abs(before[j][k]) + 1e-9)) bad.push(`${j}.${k}: ${got[j][k]} vs ${before[j][k]}`);
    }
    expect(bad.length === 0, `values differ beyond 1e-3 (float32 dataset): ${bad.slice(0, 3).join('; ')}`);
    return 'the CSV\'s values within 1e-3';
  });

  await check('ident cancel: a long fit stopped after its first progress; the view says so and runs again', async () => {
    await page.locator('#ident-budget').fill('20000');
    await run();
    await until((x) => Object.keys(x.progress).length > 0 || x.error, 120_000);
    await page.locator('#ident-cancel').click();
    const s = await state();
    expect(!s.running && s.cancelled, `after Cancel: ${JSON.stringify(s)}`);
    const status = await page.locator('#ident-status').innerText();
    expect(/Cancelled/.test(status), `status ${status}`);
    expect(!(await page.locator('#ident-run').isDisabled()), 'Identify disabled after Cancel');
    await page.locator('#ident-budget').fill(String(BUDGET));
  });

  await check('ident refused: a dataset of another robot type, a dataset without its calibration: one sentence each', async () => {
    await page.locator('#ident-robot-type').fill('so101_follower');
    await page.locator('#ident-recording-folder').setInputFiles(other);
    await waitFor(() => page.evaluate(() => (window.__fx?.mujoco?.ident?.input?.recording === 'koch' ? true : null)), 30_000, 100);
    await run();
    const s = await until((x) => !x.running && (x.done || x.error));
    expect(/robot_type "koch_follower".*so101_follower/.test(s.error) && !s.done, `another type: ${s.error}`);
    // a fresh page: no calibration given
    const p2 = await openPage('?view=mujoco', 'mujoco');
    await p2.page.locator('#mujoco-ident > summary').click();
    await p2.page.locator('#ident-robot-files').setInputFiles(path.join(robot, 'so101_stripped.xml'));
    await waitFor(() => p2.page.evaluate(() => window.__fx?.mujoco?.ident?.input?.robot ?? null), 30_000, 100);
    await p2.page.locator('#ident-recording-folder').setInputFiles(path.join(T0, 'T0', 'lerobot', 'recipe'));
    await waitFor(() => p2.page.evaluate(() => window.__fx?.mujoco?.ident?.input?.recording ?? null), 30_000, 100);
    await p2.page.locator('#ident-run').click();
    const e2 = await p2.page.evaluate(() => window.__fx.mujoco.ident.error);
    expect(/needs LeRobot's calibration/.test(e2) && e2.split('. ').length <= 2, `no calibration: ${e2}`);
    await p2.page.close();
    return `"${s.error.slice(0, 80)}…"; "${e2.slice(0, 60)}…"`;
  });

  await check('ident: no error in the page\'s console', async () => {
    expect(logProblems(log).length === 0, logProblems(log).join(' / '));
  });
}
