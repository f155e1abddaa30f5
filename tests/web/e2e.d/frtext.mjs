// e2e.d/frtext.mjs: the English left on the French page ("French all the
// way down"): the bindings' own refusals, the wrappers' prefixes, the
// French table's fixed numbers, the Scenarios progress line and the Fig. 1
// worker. Checks, each against French written here by hand:
//   binding    ?lang=fr: a look-up table asked with tol = 0 is refused by the
//              binding itself (wasm/bindings_law.c, fxb.lut_tol); the page's
//              tCore (window.__fx.core.say) writes "tol doit être une
//              tolérance finie > 0 N." (was the English message)
//   prefix     Scenarios ?lang=fr, model-a (Stribeck) with Fs = 0,1 below
//              Fc = 0,5: the refusal is the whole French sentence, the run's
//              label and the scenario's prefix in French too ("T = 4 ms :
//              model-a (loi = Stribeck, frottement = implicite) : Fs = 0,1
//              doit dépasser …"); no piece of the English table is shown
//   progress   Scenarios ?lang=fr, joint-step's three laws, the Stribeck one
//              refused (Fc 3 > Fs 2,5 N·m): the progress line names the laws
//              in French ("terminé : Stribeck s'est arrêté tôt …", not the
//              core's "stribeck")
//   comma      Pendulum ?lang=fr: the actuator's help names the STS3215's
//              supply "7,4 V" (fr.js's fixed texts with the decimal comma)
//   fig1       In MuJoCo ?lang=fr: the Fig. 1 worker is started with ?lang=fr
//   band       Drive ?lang=fr: the band read-out's rows joined by "\u00a0; "
import { TABLES } from '../../../web/src/i18n/tables.js';
import { englishPieces, englishShown, visibleText } from './i18n.mjs';

const FR = TABLES.fr;
const NB = '\u00a0';

export default async function frText(h) {
  const { check, expect, openPage, waitFor, logProblems } = h;

  await check('frtext: a binding\'s own refusal (tol = 0 for a look-up table) is written in French by the page', async () => {
    const { page } = await openPage('?view=laws&lang=fr', 'laws');
    try {
      const said = await waitFor(() => page.evaluate(() => {
        const fx = window.__fx?.core;
        if (!fx?.wrapper || !fx.say) return null;
        try { fx.wrapper.law.lookupTable({ kind: 'stribeck', Fs: 2.5, Fc: 0.4, vs: 0.06, D: 4.5, alpha: 1 }, 0.01, 0); } catch (e) { return { id: e.id, text: fx.say(e) }; }
        return { id: '', text: 'not refused' };
      }), 10_000, 100);
      expect(said && said.id === 'fxb.lut_tol', `the refusal's id: ${JSON.stringify(said)}`);
      expect(said.text === 'tol doit être une tolérance finie > 0 N.', `the sentence: '${said.text}'`);
      return said.text;
    } finally {
      await page.close();
    }
  });

  await check('frtext: Scenarios (?lang=fr) model-a with Fs = 0,1 below Fc = 0,5: the prefixed refusal is French all through', async () => {
    // Fs, Fc and the law of model-a are no control of the view: the URL gives them (its state)
    const { page, log } = await openPage('?view=scenarios&lang=fr&scenarios.scenario=model-a&scenarios.model-a.case=custom'
      + '&scenarios.model-a.law=stribeck&scenarios.model-a.Fs=0.1&scenarios.model-a.Fc=0.5', 'scenarios');
    try {
      const message = () => page.evaluate(() => { const m = document.getElementById('scenario-message'); return m.hidden ? '' : m.textContent; });
      // the overlay's second run (T = 4 ms), its label, the scenario's prefix, the law's sentence
      const want = `T = 4 ms${NB}: model-a (loi = Stribeck, frottement = implicite)${NB}: Fs = 0,1 doit dépasser Fc = 0,5 pour la loi Stribeck `
        + `(frottement statique au-dessus du niveau de Coulomb)${NB}; montez Fs ou baissez Fc, ou prenez la loi de Coulomb visqueux pour Fs = Fc.`;
      const m = await waitFor(async () => { const x = await message(); return x.split('\n').includes(want) ? x : null; }, 30_000, 100);
      expect(m, `the message: '${await message()}' (want a line '${want}')`);
      const bad = englishShown(await visibleText(page), englishPieces());
      expect(!bad.length, `English on the French page: ${bad.slice(0, 5).map(([k, p, c]) => `${k}: '${p}' in '…${c}…'`).join('; ')}`);
      const problems = logProblems(log);
      expect(!problems.length, problems.slice(0, 3).join('; '));
      return (await message()).slice(0, 100);
    } finally {
      await page.close();
    }
  });

  await check('frtext: Scenarios (?lang=fr) joint-step, three laws, the Stribeck one refused: the progress line names the laws in French', async () => {
    // Fc of the Stribeck law above Fs (3 > 2.5 N·m): its run cannot start, and the line that ends the job names it
    const { page } = await openPage('?view=scenarios&lang=fr&scenarios.scenario=joint-step&scenarios.joint-step.case=custom'
      + '&scenarios.joint-step.Fs=2.5&scenarios.joint-step.Fc_stribeck=3', 'scenarios');
    try {
      const progress = () => page.evaluate(() => document.getElementById('scenario-progress-text')?.textContent || '');
      const ended = FR['scenarios.progress.ended'].split('{who}')[0];
      const seen = new Set();
      const last = await waitFor(async () => { const p = await progress(); seen.add(p); return p.startsWith(ended) ? p : null; }, 60_000, 20);
      expect(last === FR['scenarios.progress.ended'].replace('{who}', FR['choice.stribeck']), `the line that ends the job: '${last || await progress()}'`);
      const lines = [...seen].filter((p) => p.startsWith(FR['scenarios.progress.run'].split('{')[0]));
      expect(!lines.some((p) => /stribeck|coulomb-viscous|\brational\b/.test(p)), `the core's law names in the progress line: ${lines.slice(0, 4).join(' | ')}`);
      return `${last} (${lines.slice(0, 2).join(' | ')})`;
    } finally {
      await page.close();
    }
  });

  await check('frtext: Pendulum (?lang=fr): the actuators\' fixed texts write the decimal comma (STS3215, 7,4 V)', async () => {
    const { page } = await openPage('?view=pendulum&lang=fr', 'pendulum');
    try {
      const help = await waitFor(() => page.evaluate(() => [...document.querySelectorAll('#view [title]')].map((x) => x.title)
        .find((x) => x.includes('STS3215') && x.includes(' V')) || null), 10_000, 100);
      const sts = help && help.slice(help.indexOf('STS3215'), help.indexOf('STS3215') + 30);
      expect(help && help.includes('STS3215 (7,4 V, 12 V)'), `the actuator's help: '${sts}'`);
      return sts;
    } finally {
      await page.close();
    }
  });

  await check('frtext: In MuJoCo (?lang=fr): the Fig. 1 worker starts with ?lang=fr', async () => {
    if (!h.requireViews(['mujoco'], ['frtext: In MuJoCo (?lang=fr): the Fig. 1 worker starts with ?lang=fr'])) return 'no MuJoCo view';
    const { page } = await openPage('?view=mujoco&lang=fr', 'mujoco');
    try {
      const workers = [];
      page.on('worker', (w) => workers.push(w.url()));
      await page.evaluate(() => { document.getElementById('mujoco-robot').open = true; document.getElementById('mujoco-fig1').open = true; });
      await page.locator('#mujoco-fig1-run').click();
      const url = await waitFor(() => workers.find((u) => u.includes('fig1.worker.js')) || null, 30_000, 100);
      expect(url && new URL(url).searchParams.get('lang') === 'fr', `the Fig. 1 worker's address: ${url}`);
      await page.locator('#mujoco-fig1-cancel').click().catch(() => {});
      return url;
    } finally {
      await page.close();
    }
  });

  await check('frtext: Drive (?lang=fr): the band read-out separates its rows with a no-break space before ";"', async () => {
    const { page } = await openPage('?view=drive&lang=fr', 'drive');
    try {
      const band = await waitFor(() => page.evaluate(() => {
        const x = document.getElementById('drive-band')?.textContent ?? '';
        return x.includes(';') ? x : null;
      }), 10_000, 100);
      expect(band, 'the band read-out has no ";"');
      const bad = [...band.matchAll(/(.);/g)].filter((m) => m[1] !== NB);
      expect(bad.length === 0, `a ";" without the no-break space before it: '${band}'`);
      return band.slice(0, 80);
    } finally {
      await page.close();
    }
  });
}
