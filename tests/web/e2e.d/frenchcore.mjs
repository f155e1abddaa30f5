// frenchcore.mjs: e2e checks that the French page is French all the way
// down: the core's sentences reach the page as ids
// with named values and are written from the French table (i18n core.<id>).
//
//   laws        ?lang=fr, Stribeck with B = 0: Kikuuwe's condition (eq. 15)
//               is the French sentence, its numbers with the decimal comma
//               (1/Z = 5; the drop D − (Fs − Fc)/vs = −30,5 N·s/m, hand-computed)
//   scenarios   models B and D at K = 7.5·10⁶ N/m (Scenarios step 2): the
//               divergence is the French sentence; the first scenario's
//               overlay legends name its laws in French (choice.<law>)
//   fit         the bundled sample only (one rig), M4: the one-rig warning is
//               the French sentence
//   alias       the four raw sts3215 logs (../shared, motor field "sts3250"):
//               the note that the core reads that motor as the actuator
//               sts3215 is the French sentence (core.bench.actuator_alias)
//   no English  on each, no piece of the English table (its core.<id>
//               sentences among them) is in the page's visible text
//               (i18n.mjs's scan)
//   comma in    a typed "1,5" is accepted by a French number field (alpha)
//   names       the Pendulum and Robot arm views in French: the
//               treatments' and methods' names in the status lines, chart
//               legends and selects are French ("implicite", not the core's
//               "implicit" alone); "1× temps réel"
//   refusals    a refused params file (Pendulum's paste: kt out of range) and
//               a refused log (Fit: mass = -1) are French: the scenario's
//               range sentence after the params file's prefix (core.scenario.
//               out_of_range, coreprefix.params); the log's condition in the
//               page's own sentence (log.range.header, core.log.head_positive)
//   velocities  the drive view's list field in French: "0,5" is one velocity
//               (the read-out follows θ̇ = 0.5), "0,5,2" is refused as
//               ambiguous in a French sentence, the last list kept
import fs from 'node:fs';
import path from 'node:path';
import { TABLES } from '../../../web/src/i18n/tables.js';
import { fill } from '../../../web/src/i18n/index.js';
import { englishPieces, englishShown, visibleText } from './i18n.mjs';
import { field, type } from './lessons.mjs';

const FR = TABLES.fr;
const symbol = (text) => text.replace(/[_^]([\p{L}\p{N}])(?![\p{L}\p{N}])/gu, '$1');

export default async function frenchCoreChecks(h) {
  const { check, expect, openPage, waitFor, logProblems, LOG_DIR, MISSING_DATA } = h;
  const pieces = englishPieces();
  const noEnglish = async (page, what) => {
    const bad = englishShown(await visibleText(page), pieces);
    expect(!bad.length, `${what}: English on the French page: ${bad.slice(0, 5).map(([k, p, c]) => `${k}: '${p}' in '…${c}…'`).join('; ')}`);
  };

  await check('frenchcore: Laws (?lang=fr) shows Kikuuwe\'s condition (eq. 15) in French, its numbers with the comma; a typed "1,5" is accepted', async () => {
    const { page, log } = await openPage('?view=laws&lang=fr&laws.law=stribeck&laws.B=0', 'laws');
    try {
      const msgText = () => page.evaluate(() => { const e = document.querySelector('#laws-problem [role=alert]'); return e && e.checkVisibility() ? e.textContent : ''; });
      const m = await waitFor(msgText, 5000);
      const head = FR['core.law.eq15_start'].split('{law}')[0];
      expect(m && m.startsWith(head), `the message: '${m}'`);
      expect(m.includes('-30,5 N·s/m') && m.includes('1/Z = 5'), `the numbers (−30,5 N·s/m, 1/Z = 5) in: '${m}'`);
      await noEnglish(page, 'laws');
      // a decimal comma typed in a number field is a number
      const alpha = field(page, symbol(FR['laws.param.alpha']));
      await type(page, symbol(FR['laws.param.alpha']), '1,5');
      const invalid = await alpha.evaluate((x) => x.closest('.ctl')?.classList.contains('invalid'));
      expect(!invalid, 'alpha = "1,5" was refused');
      expect(/laws\.alpha=1\.5(&|$)/.test(page.url()), `alpha is not 1.5 after "1,5": ${page.url()}`);
      const problems = logProblems(log);
      expect(!problems.length, problems.slice(0, 3).join('; '));
      return m.slice(0, 90);
    } finally {
      await page.close();
    }
  });

  await check('frenchcore: Scenarios (?lang=fr) step 2, models B and D at K = 7.5e6: the divergence in French', async () => {
    const { page } = await openPage('?view=scenarios&lang=fr', 'scenarios');
    try {
      const ENDED = new RegExp(`^(${['scenarios.progress.complete', 'scenarios.progress.ended'].map((k) => FR[k].split(':')[0].trim()).join('|')})`);
      const progress = () => page.evaluate(() => document.getElementById('scenario-progress-text')?.textContent || '');
      const message = () => page.evaluate(() => { const m = document.getElementById('scenario-message'); return m.hidden ? '' : m.textContent; });
      // the first scenario's overlay (three laws): its legends name the laws in French
      const legends = () => page.evaluate(() => [...(window.__fx?.charts?.all || [])].flatMap((c) => (c.data?.datasets || []).map((d) => d.label)));
      const laws = await waitFor(async () => { const l = await legends(); return l.some((x) => x.includes(`(${FR['choice.coulomb-viscous']})`)) ? l : null; }, 30_000, 200);
      expect(laws && !laws.some((x) => /\((coulomb-viscous|rational)\)/.test(x)), `the overlay's legends: ${(laws || await legends()).slice(0, 4).join(' | ')}`);
      await page.locator('#view input[name=scenario-system][value="models-bd"]').check();
      expect(await waitFor(async () => ENDED.test(await progress()), 30_000, 100), 'the first run did not end');
      await type(page, symbol(FR['param.models-bd.K.label']), '7.5e6');
      const m = await waitFor(async () => (await message()) || null, 30_000, 100);
      const head = FR['core.models_bd.diverged'].split('{step}')[0];
      expect(m && m.includes(head) && m.includes('t = 0,154 s'), `the message: '${m}'`);
      await noEnglish(page, 'scenarios');
      return m.slice(0, 90);
    } finally {
      await page.close();
    }
  });

  await check('frenchcore: Fit (?lang=fr) with the bundled sample only (one rig), M4: the one-rig warning in French', async () => {
    const { page } = await openPage('?view=fit&lang=fr&fit.model=m4', 'fit');
    try {
      await page.locator('#view .try-sample').click();
      const rig = () => page.evaluate(() => { const e = document.getElementById('fit-rig-warning'); return e && !e.hidden ? e.textContent : ''; });
      const m = await waitFor(async () => (await rig()) || null, 10_000, 100);
      const head = FR['core.fit.one_rig'].split('{mass}')[0];
      expect(m && m.startsWith(head) && /M4/.test(m), `the warning: '${m}'`);
      await noEnglish(page, 'fit');
      return m.slice(0, 90);
    } finally {
      await page.close();
    }
  });

  await check('frenchcore: Fit (?lang=fr) with the raw sts3215 logs (motor "sts3250"): the core\'s alias note in French', async () => {
    const dir = path.resolve(LOG_DIR, '../../sts3215/raw');
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.json')).sort().map((f) => path.join(dir, f)) : [];
    if (!files.length) return { skip: `${MISSING_DATA}: the raw logs of ${dir}` };
    const { page } = await openPage('?view=fit&lang=fr', 'fit');
    try {
      await page.setInputFiles('#fit-file', files);
      const warning = () => page.evaluate(() => { const e = document.getElementById('fit-warning'); return e && !e.hidden ? e.textContent : ''; });
      const m = await waitFor(async () => (await warning()) || null, 10_000, 100);
      const want = fill(FR['core.bench.actuator_alias'], { motor: 'sts3250', act: 'sts3215' });
      expect(m && m.includes(want), `the note: '${m}', expected it to hold '${want}'`);
      await noEnglish(page, 'fit alias');
      return want;
    } finally {
      await page.close();
    }
  });

  await check('frenchcore: a refused params file (Pendulum ?lang=fr, kt = 500) and a refused log (Fit ?lang=fr, mass = -1) in French', async () => {
    const got = [];
    const head = (key, at) => FR[key].split(at)[0];
    {
      const { page } = await openPage('?view=pendulum&lang=fr', 'pendulum');
      try {
        await page.locator('#view .export-panel button', { hasText: FR['export.paste'] }).click();
        await page.locator(`#view .export-panel textarea[aria-label="${FR['export.paste.aria']}"]`).fill(JSON.stringify({ kt: 500 }));
        await page.locator('#view .export-panel button', { hasText: new RegExp(`^${FR['export.apply']}$`) }).click();
        const m = await waitFor(() => page.evaluate(() => { const e = document.querySelector('#view .export-paste .msg-bad'); return e && !e.hidden ? e.textContent : null; }), 5000);
        const want = fill(FR['coreprefix.params'], { source: 'paste', key: 'kt' });
        expect(m && m.toLowerCase().includes(want.toLowerCase()) && m.includes(head('core.scenario.out_of_range', '{value}').replace('{scenario}', 'bench').replace('{name}', 'kt')),
          `the refusal of kt = 500: '${m}'`);
        await noEnglish(page, 'pendulum paste');
        got.push(m.slice(0, 80));
      } finally {
        await page.close();
      }
    }
    {
      const { page } = await openPage('?view=fit&lang=fr', 'fit');
      try {
        // mass = -1: the page's own sentence (log.range.header) around the core's condition, both French
        const log = { mass: -1, length: 0.1, kp: 8, entries: [0, 0.01].map((t) => ({ timestamp: t, position: 0, goal_position: 0, torque_enable: true })) };
        await page.setInputFiles('#fit-file', { name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(log)) });
        const m = await waitFor(() => page.evaluate(() => { const e = document.getElementById('fit-error'); return e && !e.hidden ? e.textContent : null; }), 5000);
        const want = fill(FR['core.log.head_positive'], { key: 'mass', value: '-1', unit: 'kg' });
        expect(m && m.startsWith('bad.json: ') && m.includes(FR['log.range.header'].split('{f}')[0]) && m.includes(want), `the refusal of the log: '${m}', want '…${want}'`);
        await noEnglish(page, 'fit log');
        got.push(m.slice(0, 80));
      } finally {
        await page.close();
      }
    }
    return got.join(' | ');
  });

  await check('frenchcore: Drive (?lang=fr) velocities: "0,5" is one velocity, "0,5,2" is refused as ambiguous', async () => {
    const { page } = await openPage('?view=drive&lang=fr', 'drive');
    try {
      const vel = page.locator('#drive-velocities');
      await vel.fill('0,5');
      await vel.press('Enter');
      expect(await waitFor(() => page.evaluate(() => /(^|&)drive\.velocities=0\.5(&|$)/.test(decodeURIComponent(location.search.slice(1)))), 3000),
        `"0,5" did not become one velocity 0.5: ${page.url()}`);
      await vel.fill('0,5,2');
      await vel.press('Enter');
      const msg = await page.locator('#drive-velocities + .ctl-msg').textContent();
      expect(msg === fill(FR['drive.velocities.ambiguous'], { item: '0,5,2', kept: '0,5' }), `the refusal: '${msg}'`);
      expect(/(^|&)drive\.velocities=0\.5(&|$)/.test(decodeURIComponent(new URL(page.url()).search.slice(1))), `the velocities changed: ${page.url()}`);
      return msg;
    } finally {
      await page.close();
    }
  });

  await check('frenchcore: Pendulum and Robot arm (?lang=fr) name the treatments and methods in French (status, legends, selects)', async () => {
    const got = [];
    for (const [view, want] of [['pendulum', ['implicite', 'explicite']], ['arm', ['semi-implicite', 'implicite']]]) {
      const { page } = await openPage(`?view=${view}&lang=fr`, view);
      try {
        await page.waitForTimeout(1500);
        const seen = await page.evaluate(() => ({
          text: document.querySelector('#view').innerText,
          legends: [...(window.__fx?.charts?.all || [])].flatMap((c) => (c.data?.datasets || []).map((d) => d.label)),
          options: [...document.querySelectorAll('#view select option')].map((o) => o.textContent),
        }));
        // the core's English names alone (not inside "implicite (implicit)", the identifier a help names)
        const english = /(?<![\p{L}(-])(semi-implicit|implicit|explicit)(?![\p{L})-])/u;
        const bad = [...seen.text.split('\n'), ...seen.legends, ...seen.options].filter((x) => english.test(x));
        expect(!bad.length, `${view}: English names on the French page: ${bad.slice(0, 4).join(' | ')}`);
        expect(want.every((w) => seen.legends.some((l) => l.includes(`(${w})`))), `${view}: legends ${seen.legends.slice(0, 6).join(' | ')}`);
        if (view === 'pendulum') expect(/\d× temps réel/.test(seen.text) && !/le temps réel/.test(seen.text), 'the clock does not say "× temps réel"');
        got.push(`${view}: ${seen.legends.slice(0, 2).join(', ')}`);
      } finally {
        await page.close();
      }
    }
    return got.join('; ');
  });
}
