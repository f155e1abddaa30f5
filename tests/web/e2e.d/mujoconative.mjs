// mujoconative.mjs: the In MuJoCo view's log replay with native params in
// hand ((A) runs the FITTED native parameters, MuJoCo's own
// joint, beside (C), instead of a per-step budget written into frictionloss;
// web/src/views/mujoco/replay.js, web/src/mujoco/replay.js
// replayNativeThroughMujoco). The reference is `friction mujoco --params
// NATIVE.json --log LOG` (real MuJoCo 2.2.2 running the same bench MJCF,
// fric_mujoco_native_replay), run here per log.
//
//   url     the page opened as the Fit view's native result opens it
//           (mujoco.native = the params file's JSON): two xl330 logs dropped
//           give per log an (A) row 'native' whose MAE is `friction mujoco`'s
//           for that file (1e-9 rad), the (C) row still there, the note
//           saying (A) runs the native parameters
//   file    the same file chosen in the replay's picker after "Back to the
//           per-step budget": (A) native again, the same MAEs; the budget's
//           (A) (id frictionloss) in between
//   refused a native file of another actuator: one sentence, (A) unchanged
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

const TOL = 1e-9;
const NATIVE = { frictionloss: 0.02, damping: 0.01, armature: 0.0016, kp: 0.7, firmware_kp: 400, kv: 0.03,
  forcerange_lo: -0.7, forcerange_hi: 0.7, model: 'native', actuator: 'xl330' };

export default async function mujocoNative(h) {
  const { check, expect, openPage, waitFor, OUT, ROOT, CLI } = h;
  if (!h.requireViews(['mujoco'], ['mujoconative: (A) runs the fitted native parameters'])) return;
  const LOGS = path.resolve(ROOT, '../shared/data/bam/logs/xl330/processed');
  if (!fs.existsSync(LOGS)) {
    await check('mujoconative: (A) runs the fitted native parameters', async () => ({ skip: `${h.MISSING_DATA}: ${LOGS}` }));
    return;
  }
  const names = fs.readdirSync(LOGS).filter((x) => x.endsWith('.json')).sort().slice(0, 2);
  const dir = path.join(OUT, 'mujoconative');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'xl330-native.json');
  fs.writeFileSync(file, JSON.stringify(NATIVE));
  // the reference: real MuJoCo (2.2.2) per log, the CLI
  const ref = Object.fromEntries(names.map((n) => {
    const r = spawnSync(CLI, ['mujoco', '--params', file, '--log', path.join(LOGS, n)], { encoding: 'utf8' });
    return [n, r.status === 0 ? Number(/^mae (\S+) rad$/m.exec(r.stdout)?.[1]) : `exit ${r.status}: ${r.stderr.trim()}`];
  }));
  const q = new URLSearchParams({ view: 'mujoco', 'mujoco.actuator': 'xl330', 'mujoco.native': JSON.stringify(NATIVE) });
  const { page } = await openPage(`?${q}`, 'mujoco');
  /** Drops the logs and waits for their table: [{ name, rows }]. */
  const replayed = async () => {
    await page.evaluate(() => { window.__fx.mujoco.replay.logs = []; });
    await page.evaluate(() => { window.__fx.mujoco.replay.rows = []; });
    await page.evaluate(({ list }) => {
      const dt = new DataTransfer();
      for (const [n, text] of list) dt.items.add(new File([text], n, { type: 'application/json' }));
      const target = document.querySelector('#mujoco-log-drop');
      for (const type of ['dragenter', 'dragover', 'drop']) target.dispatchEvent(new DragEvent(type, { dataTransfer: dt, bubbles: true, cancelable: true }));
    }, { list: names.map((n) => [n, fs.readFileSync(path.join(LOGS, n), 'utf8')]) });
    await waitFor(() => page.evaluate(() => (window.__fx.mujoco.replay.logs?.length === 2 ? true : null)), 60_000, 200);
    return page.evaluate(() => window.__fx.mujoco.replay.logs.map((d) => ({ name: d.name, rows: d.rows.map((r) => ({ id: r.id, mae: r.mae })) })));
  };
  const compare = (done) => {
    const bad = [];
    for (const d of done) {
      const a = d.rows.find((r) => r.id === 'native');
      if (!a) { bad.push(`${d.name}: no native (A) row (${d.rows.map((r) => r.id).join()})`); continue; }
      if (!(Math.abs(a.mae - ref[d.name]) <= TOL)) bad.push(`${d.name}: (A) native ${a.mae}, friction mujoco ${ref[d.name]}`);
      if (d.rows.some((r) => r.id === 'frictionloss')) bad.push(`${d.name}: the budget's (A) still there`);
      if (!d.rows.some((r) => r.id === 'implicit')) bad.push(`${d.name}: no (C)`);
    }
    return bad;
  };
  let first = null;

  await check('mujoconative: with the native params in the URL (the Fit view\'s hand-off), (A) per log = `friction mujoco` of the file (1e-9 rad), beside (C)', async () => {
    await waitFor(() => page.evaluate(() => window.__fx?.mujoco?.version || null), 60_000, 200);
    const note = await page.locator('#mujoco-native-note').evaluate((n) => ({ on: n.dataset.native, text: n.textContent }));
    expect(note.on === '1' && /\(A\)/.test(note.text), `the note: ${JSON.stringify(note)}`);
    const done = await replayed();
    const bad = compare(done);
    expect(!bad.length, bad.join('; '));
    first = done;
    return done.map((d) => `${d.name}: (A) native ${d.rows.find((r) => r.id === 'native').mae.toFixed(9)} = CLI, (C) ${d.rows.find((r) => r.id === 'implicit').mae.toFixed(6)}`).join('; ');
  });

  await check('mujoconative: back to the budget, then the same file chosen in the picker: (A) native again, the same MAEs', async () => {
    if (!first) return { skip: 'the URL check failed' };
    await page.click('#mujoco-native-clear');
    const budget = await replayed();
    expect(budget.every((d) => d.rows.some((r) => r.id === 'frictionloss') && !d.rows.some((r) => r.id === 'native')),
      `without native params: ${JSON.stringify(budget.map((d) => d.rows.map((r) => r.id)))}`);
    await page.setInputFiles('#mujoco-native-file', file);
    await waitFor(() => page.evaluate(() => (document.getElementById('mujoco-native-note').dataset.native === '1' ? true : null)), 10_000, 100);
    expect(/[?&]mujoco\.native=/.test(page.url()), `the URL does not keep the native params: ${page.url()}`);
    const done = await replayed();
    const bad = compare(done);
    expect(!bad.length, bad.join('; '));
    return `budget (A) ${budget.map((d) => d.rows.find((r) => r.id === 'frictionloss').mae.toFixed(6)).join(', ')} rad; native (A) again = CLI`;
  });

  await check('mujoconative: a native file of another actuator is refused in one sentence', async () => {
    const other = path.join(dir, 'sts3215-native.json');
    fs.writeFileSync(other, JSON.stringify({ ...NATIVE, actuator: 'sts3215', firmware_kp: 32 }));
    await page.setInputFiles('#mujoco-native-file', other);
    const msg = await waitFor(() => page.evaluate(() => { const e = document.getElementById('mujoco-replay-error'); return e.hidden ? null : e.textContent; }), 10_000, 100);
    expect(/sts3215/.test(msg) && /xl330/.test(msg) && !msg.includes('\n'), `the sentence: ${msg}`);
    return msg;
  });
}
