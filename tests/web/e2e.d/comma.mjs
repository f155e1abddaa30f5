// comma.mjs: e2e checks of the decimal comma on the French page:
// the numbers the page shows have the language's mark, what people
// type is read with it, and a list field cannot be misread. Expected numbers
// are hand-computed and written out here ("0,2", "30,5").
//
//   read-out   Laws ?lang=fr, Stribeck with B = 0 (1/Z = K·T = 5 N·s/m at the
//              defaults): the Z line reads "Z = … = 0,2 m/(N·s)" (Z = 1/5);
//              the same page in English reads "0.2"
//   charts     every tick label of the Laws charts has no decimal point, some
//              have a comma; the charts' own locale (tooltips) is 'fr'
//   lesson     Laws step 1 quotes ⟦30.5⟧ (the table's point): the page shows
//              "30,5"; the English page "30.5"
//   eq. 15     the core's sentence names the law as the page does: "la loi
//              rationnelle", not the core's "rational"
//   velocities Drive ?lang=fr with the URL's velocity 0.5: the field reads
//              "0,5", the chart's static edges and the band read-out θ̇ = 0,5
//              (typing "0,5" gives one velocity 0.5: frenchcore.mjs); a text
//              that is no list ("vite") is refused in a French sentence, the
//              velocities kept; in English "0,5" is still 0 and 5
import { TABLES } from '../../../web/src/i18n/tables.js';
import { fill } from '../../../web/src/i18n/index.js';

const FR = TABLES.fr, EN = TABLES.en;

export default async function commaChecks(h) {
  const { check, expect, openPage, waitFor, logProblems } = h;
  const zLine = (page) => page.evaluate(() => [...document.querySelectorAll('#view .readout')].map((e) => e.textContent).join(' | '));

  await check('comma: Laws (?lang=fr) read-out, ticks and lesson quote with the decimal comma; English keeps the point', async () => {
    const { page, log } = await openPage('?view=laws&lang=fr&laws.law=stribeck&laws.B=0', 'laws');
    try {
      const want = fill(FR['laws.z'], { Z: '0,2', invZ: '5' });
      expect(await waitFor(async () => (await zLine(page)).includes(want), 5000), `the Z line: '${await zLine(page)}', want '${want}'`);
      const ticks = await page.evaluate(() => [...window.__fx.charts.all].flatMap((c) => Object.values(c.scales)
        .flatMap((s) => s.ticks.map((t) => String(t.label ?? '')))));
      expect(ticks.some((x) => /\d,\d/.test(x)) && !ticks.some((x) => /\d\.\d/.test(x)), `the tick labels: ${ticks.join(' ')}`);
      const locales = await page.evaluate(() => [...window.__fx.charts.all].map((c) => c.options.locale));
      expect(locales.length && locales.every((l) => l === 'fr'), `the charts' locale: ${locales.join(', ')}`);
      const quotes = await page.evaluate(() => [...document.querySelectorAll('#view .lesson-try .quote')].map((q) => q.textContent));
      expect(quotes.includes('30,5') && !quotes.some((q) => /\d\.\d/.test(q)), `the lesson's quotes: ${quotes.join(' ')}`);
      const problems = logProblems(log);
      expect(!problems.length, problems.slice(0, 3).join('; '));
    } finally {
      await page.close();
    }
    const en = await openPage('?view=laws&laws.law=stribeck&laws.B=0', 'laws');
    try {
      const want = fill(EN['laws.z'], { Z: '0.2', invZ: '5' });
      expect(await waitFor(async () => (await zLine(en.page)).includes(want), 5000), `English Z line: '${await zLine(en.page)}'`);
      const quotes = await en.page.evaluate(() => [...document.querySelectorAll('#view .lesson-try .quote')].map((q) => q.textContent));
      expect(quotes.includes('30.5'), `English quotes: ${quotes.join(' ')}`);
      return 'Z = 0,2 (fr), 0.2 (en); quote 30,5 / 30.5';
    } finally {
      await en.page.close();
    }
  });

  await check('comma: the French eq. 15 sentence names the law in French ("la loi rationnelle")', async () => {
    const { page } = await openPage('?view=laws&lang=fr&laws.law=rational&laws.B=0', 'laws');
    try {
      const msg = () => page.evaluate(() => { const e = document.querySelector('#laws-problem [role=alert]'); return e && e.checkVisibility() ? e.textContent : ''; });
      const m = await waitFor(msg, 5000);
      expect(m && m.includes('la loi rationnelle ') && !/loi rational /.test(m), `the message: '${m}'`);
      return m.slice(0, 100);
    } finally {
      await page.close();
    }
  });

  await check('comma: Drive (?lang=fr) velocity 0.5 rad/s (the URL\'s point) shown as "0,5" in the field, the chart and the band read-out; nonsense is refused in French and changes nothing; English "0,5" is 0 and 5', async () => {
    // typing "0,5" gives the URL's drive.velocities=0.5: frenchcore.mjs; here the way back, the URL's list on the French page
    const edges = (page, prefix) => page.evaluate((p) => [...window.__fx.charts.all].flatMap((c) => c.data.datasets.map((d) => d.label))
      .filter((l) => l.startsWith(p)), prefix);
    const { page, log } = await openPage('?view=drive&lang=fr&drive.velocities=0.5', 'drive');
    try {
      const vel = page.locator('#drive-velocities');
      expect(await vel.inputValue() === '0,5', `the field: '${await vel.inputValue()}'`);
      const static0 = FR['drive.ds.static'].split('{v}')[0];
      const labels = await waitFor(async () => { const l = await edges(page, static0); return l.length ? l : null; }, 3000);
      expect(labels && labels.every((l) => l === `${static0}0,5 rad/s`), `the static edges: ${labels}`);
      const bandHead = FR['drive.band'].split('{v}')[0];
      const band = await page.evaluate(() => document.getElementById('drive-band')?.textContent || '');
      expect(band.includes(`${bandHead}0,5 rad/s`), `the band read-out: '${band}'`);
      await vel.fill('vite');
      await vel.press('Enter');
      const msg = await page.locator('#drive-velocities + .ctl-msg').textContent();
      expect(msg === fill(FR['drive.velocities.bad'], { kept: '0,5' }), `the refusal: '${msg}'`);
      expect(/(^|&)drive\.velocities=0\.5(&|$)/.test(decodeURIComponent(new URL(page.url()).search.slice(1))), `the velocities changed: ${page.url()}`);
      expect(await vel.getAttribute('aria-invalid') === 'true', 'the refused field is not marked invalid');
      // Escape puts back the list drawn and clears the refusal
      await vel.press('Escape');
      const back = await page.evaluate(() => ({ v: document.getElementById('drive-velocities').value,
        m: document.querySelector('#drive-velocities + .ctl-msg').textContent, inv: document.getElementById('drive-velocities').getAttribute('aria-invalid') }));
      expect(back.v === '0,5' && back.m === '' && back.inv === null, `Escape: ${JSON.stringify(back)}`);
      const problems = logProblems(log);
      expect(!problems.length, problems.slice(0, 3).join('; '));
    } finally {
      await page.close();
    }
    const en = await openPage('?view=drive', 'drive');
    try {
      const vel = en.page.locator('#drive-velocities');
      await vel.fill('0,5');
      await vel.press('Enter');
      expect(await waitFor(() => en.page.evaluate(() => /(^|&)drive\.velocities=0,5(&|$)/.test(decodeURIComponent(location.search.slice(1)))), 3000),
        `English "0,5" is not 0 and 5: ${en.page.url()}`);
      return 'fr 0.5 rad/s shown "0,5" (field, edges, band read-out); "vite" refused; en "0,5" → 0, 5';
    } finally {
      await en.page.close();
    }
  });
}
