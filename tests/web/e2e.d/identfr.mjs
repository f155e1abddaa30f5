// e2e.d/identfr.mjs: the In MuJoCo view's "Your robot's servos from a
// recording" on the French page: its worker (workers/mjident.js) speaks the
// page's language. T0's recipe CSV (../shared/data/robot_ident) with two
// frames' times swapped is refused by the core's recording check in the
// worker; the sentence shown is the French table's (fr-core.js
// 'core.rec.t_order'), not the core's English.
import fs from 'node:fs';
import path from 'node:path';
import { TABLES } from '../../../web/src/i18n/tables.js';

export default async function identfr(h) {
  const { check, expect, openPage, waitFor, logProblems, OUT, ROOT } = h;
  const name = 'identfr: the identification\'s worker speaks French on the French page (a recording refused in French)';
  if (!h.requireViews(['mujoco'], [name])) return;
  const T0 = path.join(ROOT, '..', 'shared', 'data', 'robot_ident');
  if (!fs.existsSync(path.join(T0, 'T0', 'recipe.csv'))) {
    await check(name, async () => ({ skip: `${h.MISSING_DATA}: ${T0}` }));
    return;
  }
  const work = path.join(OUT, 'identfr');
  fs.rmSync(work, { recursive: true, force: true });
  fs.mkdirSync(work, { recursive: true });
  const lines = fs.readFileSync(path.join(T0, 'T0', 'recipe.csv'), 'utf8').split('\n').slice(0, 200);
  // frames 10 and 11 (lines 11 and 12 after the header): their times swapped, the rest kept
  const f10 = lines[11].split(','), f11 = lines[12].split(',');
  [f10[0], f11[0]] = [f11[0], f10[0]];
  lines[11] = f10.join(','), lines[12] = f11.join(',');
  const csv = path.join(work, 'swapped.csv');
  fs.writeFileSync(csv, lines.join('\n') + '\n');

  await check(name, async () => {
    const { page, log } = await openPage('?view=mujoco&lang=fr', 'mujoco');
    try {
      await page.locator('#mujoco-ident > summary').click();
      await page.locator('#ident-robot-files').setInputFiles(path.join(T0, 'so101_stripped.xml'));
      await waitFor(() => page.evaluate(() => window.__fx?.mujoco?.ident?.input?.robot ?? null), 30_000, 100);
      await page.locator('#ident-recording-files').setInputFiles(csv);
      await waitFor(() => page.evaluate(() => window.__fx?.mujoco?.ident?.input?.recording ?? null), 30_000, 100);
      await page.locator('#ident-run').click();
      const err = await waitFor(() => page.evaluate(() => {
        const x = window.__fx?.mujoco?.ident;
        return x && !x.running && x.error ? x.error : null;
      }), 120_000, 250);
      // the French sentence's fixed words (its tail after the last value)
      const tail = TABLES.fr['core.rec.t_order'].split('}').pop().trim();
      expect(err && err.includes(tail), `the refusal: ${err}`);
      expect(!/must increase|is not after/.test(err), `English left in: ${err}`);
      expect(logProblems(log).length === 0, logProblems(log).join(' / '));
      return err.slice(0, 120);
    } finally {
      await page.close();
    }
  });
}
