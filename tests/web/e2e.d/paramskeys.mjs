// paramskeys.mjs: the keys of a params file beyond the core's model, and its
// range refusals, through every view that takes a params file (drive, bench,
// In MuJoCo) and their exports (the JSON, the MuJoCo bench's params file).
//
//   carried   a bam fork's file (the xl330 M4 with command_delay and a nested
//             value) pasted into each view: the core's one warning shown, both
//             keys back in the view's JSON and, byte for byte as the core's
//             writer writes them, in the MuJoCo bench's params file
//   refused   a negative max_velocity: the core's sentence with its name and range
import fs from 'node:fs';
import path from 'node:path';
import { paste, copyJson, pasteMujoco } from './params.mjs';

export default async function paramsKeysChecks(h) {
  const { check, expect, openPage, ROOT, waitFor } = h;
  const names = [
    'params files: a key the core does not model (command_delay, a nested value) is carried through drive, bench and In MuJoCo with the core\'s warning',
    'params files: a negative max_velocity is refused with its name and range (drive, bench)',
  ];
  if (!h.requireViews(['drive', 'pendulum', 'mujoco'], names)) return;
  const P = path.resolve(ROOT, '../shared/data/bam/params');
  const files = fs.existsSync(path.join(P, 'xl330/m4.json')) ? ['xl330/m4.json'] : [];
  const missing = { skip: `${h.MISSING_DATA}: no params files in ${P}` };

  // a bam fork's file: the xl330 M4 with command_delay and a nested value
  const forkOf = () => {
    const F = JSON.parse(fs.readFileSync(path.join(P, 'xl330/m4.json'), 'utf8'));
    return { ...F, command_delay: 0.012, fork: { delays: [0.001, 0.002], note: 'a "q"' } };
  };
  const WARN = /key "command_delay" is not modelled by the core; it is carried unchanged into every params file written from this one\./;
  await check(names[0], async () => {
    if (!files.length) return missing;
    const F = forkOf(), bad = [];
    for (const view of ['drive', 'pendulum']) {
      const { page } = await openPage(`?view=${view}`, view);
      try {
        const why = await paste(page, view, JSON.stringify(F));
        if (why) { bad.push(`${view}: refused: ${why.slice(0, 160)}`); continue; }
        const note = await page.evaluate(() => document.querySelector('#view .export-carried')?.textContent ?? '');
        if (!WARN.test(note)) bad.push(`${view}: no warning ("${note.slice(0, 120)}")`);
        const back = await copyJson(page, waitFor);
        for (const k of ['command_delay', 'fork']) if (JSON.stringify(back[k]) !== JSON.stringify(F[k])) bad.push(`${view}: ${k} ${JSON.stringify(back[k])}`);
        for (const [k, v] of Object.entries(F)) if (k !== 'fork' && k !== 'actuator' && back[k] !== v) bad.push(`${view}: ${k} ${back[k]} != ${v}`);
        // the MuJoCo bench's params file (the core's writer) carries them too
        await page.locator('#view .export-panel button', { hasText: 'MuJoCo bench (exact)' }).click();
        const out = page.locator('#view .export-panel textarea.export-text');
        await waitFor(async () => /==> .*\.json <==/.test(await out.inputValue()), 5000);
        const txt = await out.inputValue();
        if (!txt.includes('    "command_delay": 0.012,\n    "fork": {"delays":[0.001,0.002],"note":"a \\"q\\""},\n')) bad.push(`${view}: MuJoCo bench params file lacks the carried keys`);
      } finally {
        await page.close();
      }
    }
    const b = await openPage('?view=mujoco&mujoco.paused=1&mujoco.actuator=xl330&mujoco.model=m4', 'mujoco');
    try {
      const { refused, note } = await pasteMujoco(b.page, waitFor, F);
      if (refused || !WARN.test(note)) bad.push(`mujoco: refused "${refused.slice(0, 160)}", note "${note.slice(0, 200)}"`);
      const back = await copyJson(b.page, waitFor);
      if (back.command_delay !== 0.012 || JSON.stringify(back.fork) !== JSON.stringify(F.fork)) bad.push(`mujoco: export ${JSON.stringify(back.command_delay)} ${JSON.stringify(back.fork)}`);
    } finally {
      await b.page.close();
    }
    expect(!bad.length, `${bad.length} problem(s): ${bad.slice(0, 4).join('; ')}`);
    return 'drive, bench, In MuJoCo: warned, carried into the JSON and the MuJoCo bench\'s params file';
  });
  await check(names[1], async () => {
    if (!files.length) return missing;
    const F = { ...JSON.parse(fs.readFileSync(path.join(P, 'feetech_sts3215_12V/m1.json'), 'utf8')), max_velocity: -3 };
    const bad = [];
    for (const view of ['drive', 'pendulum']) {
      const { page } = await openPage(`?view=${view}`, view);
      try {
        const why = await paste(page, view, JSON.stringify(F));
        if (!/max_velocity = -3 is out of range; accepted: a value in \[/.test(why)) bad.push(`${view}: "${why.slice(0, 200)}"`);
      } finally {
        await page.close();
      }
    }
    expect(!bad.length, `${bad.length} problem(s): ${bad.join('; ')}`);
    return 'refused in drive and the bench with the core\'s sentence';
  });

}
