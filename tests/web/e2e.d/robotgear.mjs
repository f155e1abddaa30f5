// e2e.d/robotgear.mjs: the geared servo in the In MuJoCo view's "Your
// robot" (web/src/views/mujoco/robotTables.js, robot.js pair.unstable): the
// gear-50 fixture of tests/cli/mujoco.sh and tests/web/robot_kinds (link 2 of
// 0.1 kg at 0.1 m, Iyy 1e-5; <position kp 10 gear 50>; Euler at 1 ms) is
// adopted, and above the tables the page says, in the core's one sentence
// (fric_robot_step_caution, id robot.step_unstable), that MuJoCo's own copy
// (A) diverges at this step. By hand: I = 0.1·0.1² + 1e-5 = 1.01e-3 kg·m²,
// K = 10·50² = 25000 N·m/rad, stable while h < 2·√(I/K) = 0.402 ms; at 1 ms
// the largest stable kp is 4I/h²/50² = 1.616 N·m/rad. Checks:
//   english   the sentence, word for word, with these numbers; not a refusal
//             (no error, both tables shown)
//   french    the same on ?lang=fr, in French (decimal comma, U+00A0 before
//             : and ;)
//   gear 1    the same file with gear 1 (K = 10: 20 ms) shows no sentence
//   CSVs      the page's two robot CSVs (Download CSV, the adoption CSV)
//             carry the sentence once among their '#' comment lines (in the
//             page's language); gear 1's carry none
import fs from 'node:fs';
import path from 'node:path';
import { gearXml } from '../gear_fixture.mjs';

const NB = '\u00a0';
const GEAR = gearXml;
const WANT = {
  en: 'MuJoCo\'s own copy of the file (A) will diverge at this step: on joint \'geared\', the position actuator (gear 50, kp 10 N·m/rad: kp·gear² = 25000 N·m/rad on the joint) on its inertia 0.00101 kg·m² is stable under the Euler integrator only below 0.402 ms, and the step is 1 ms; give the model a timestep under 0.402 ms or a kp under 1.62 N·m/rad (the adopted copy (C) holds).',
  fr: `La copie du fichier propre à MuJoCo (A) va diverger à ce pas${NB}: sur l'articulation 'geared', l'actionneur position (rapport 50, kp 10 N·m/rad${NB}: kp·rapport² = 25000 N·m/rad sur l'articulation) sur son inertie 0,00101 kg·m² n'est stable avec l'intégrateur Euler que sous 0,402 ms, et le pas est de 1 ms${NB}; donnez au modèle un pas (timestep) sous 0,402 ms ou un kp sous 1,62 N·m/rad (la copie adoptée (C) tient).`,
};

export default async function robotGear(h) {
  const { check, expect, openPage, waitFor, OUT } = h;
  if (!h.requireViews(['mujoco'], ['robotgear: a geared servo\'s copy (A) diverging, said beside it'])) return;
  const root = path.join(OUT, 'robotgear');
  fs.rmSync(root, { recursive: true, force: true });
  for (const g of [50, 1]) {
    fs.mkdirSync(path.join(root, `gear${g}`), { recursive: true });
    fs.writeFileSync(path.join(root, `gear${g}`, `gear${g}.xml`), GEAR(g));
  }

  /** The page with folder gear<g> adopted (geared = sts3215 M1): the sentences shown above the tables. */
  const adopt = async (page, g) => {
    const folder = path.join(root, `gear${g}`), main = `gear${g}.xml`;
    const error = () => page.evaluate(() => { const e = document.getElementById('mujoco-robot-error'); return e.hidden ? '' : e.textContent; });
    await page.setInputFiles('#mujoco-robot-folder', folder);
    const select = page.locator('#mujoco-robot select[aria-label$=" geared"]');
    await waitFor(async () => (await select.count()) > 0 || (await error()) || null, 60_000, 100);
    expect(!(await error()), `the drop: '${await error()}'`);
    await select.selectOption('sts3215/m1');
    await page.locator('#mujoco-robot-adopt').click();
    const up = await waitFor(async () => {
      const r = await page.evaluate(() => { const x = window.__fx?.mujoco?.robot; return x ? { main: x.main, time: x.time, busy: x.busy, mapping: x.mapping } : null; });
      return r && r.main === main && /geared/.test(r.mapping ?? '') && r.time > 0 && !r.busy ? r : (await error()) ? 'error' : null;
    }, 60_000, 200);
    expect(up && up !== 'error', `not adopted: '${await error()}'`);
    return page.evaluate(() => ({
      said: [...document.querySelectorAll('#mujoco-robot-tables .robot-unstable')].map((p) => p.textContent),
      tables: ['A', 'C'].map((k) => !!document.getElementById(`mujoco-robot-table-${k}`)),
      shown: !document.getElementById('mujoco-robot-tables').hidden,
    }));
  };

  /** The '#' lines of the page's two robot CSVs (the per-joint table, the adoption report) that say (A) diverges. */
  const csvCautions = async (page) => {
    const out = [];
    for (const id of ['#mujoco-robot-csv', '#mujoco-robot-report-csv']) {
      const [dl] = await Promise.all([page.waitForEvent('download'), page.click(id)]);
      const text = fs.readFileSync(await dl.path(), 'utf8');
      out.push(text.split('\n').filter((l) => l.startsWith('# ') && l.includes('(A)') && /diverge/.test(l)));
    }
    return out;
  };

  for (const lang of ['en', 'fr']) {
    await check(`robotgear: gear 50 at 1 ms: the page says (A) diverges at this step, beside the tables, in ${lang === 'en' ? 'English' : 'French'}`, async () => {
      const { page } = await openPage(`?view=mujoco&lang=${lang}`, 'mujoco');
      try {
        await waitFor(() => page.evaluate(() => window.__fx?.mujoco?.version || null), 60_000, 200);
        await page.locator('#mujoco-robot > summary').click();
        const got = await adopt(page, 50);
        expect(got.shown && got.tables.every(Boolean), `the tables: ${JSON.stringify(got)}`);
        expect(got.said.length === 1 && got.said[0] === WANT[lang], `said: ${JSON.stringify(got.said)} (want '${WANT[lang]}')`);
        await page.locator('#mujoco-robot-tables').screenshot({ path: path.join(OUT, `robotgear-${lang}.png`) });
        const inCsv = await csvCautions(page);
        expect(inCsv.every((lines) => lines.length === 1 && lines[0] === `# ${WANT[lang]}`), `the CSVs' comment lines: ${JSON.stringify(inCsv)}`);
        if (lang === 'en') {
          const one = await adopt(page, 1);
          expect(one.shown && one.said.length === 0, `gear 1 said: ${JSON.stringify(one.said)}`);
          const none = await csvCautions(page);
          expect(none.every((lines) => lines.length === 0), `gear 1's CSVs: ${JSON.stringify(none)}`);
        }
        return `${got.said[0].slice(0, 90)}…`;
      } finally {
        await page.close();
      }
    });
  }
}
