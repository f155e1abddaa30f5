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
// And the French walk of a class on a projector (what a stranger still met),
// each against what is written here by hand:
//   present    Pendulum ?lang=fr&present=1 at 1280×720: the header is one
//              row (every tab and tool within one tab's height) and the arms'
//              picture with the reversals per second drawn under it and the
//              status line is in the window; scrolled away, key 1 (Set up
//              step 1) brings them back into it
//   words      the core's names left in French: the Well-posedness step
//              status (2 solutions: PLUSIEURS, not SEVERAL), the screw rule's
//              choices as step 5 names them (arrêt), the Fit hold-out
//              (en alternance), no `goal` in backquotes (English too), no
//              karnopp_eps in the Pendulum (its help), 64 Mo (not MB), the
//              Scenarios clamp notes and the Drive velocities field with a
//              no-break space before ";" as the field's label writes it
//   subscript  the labels q_d_1, τ_f_s (Robot arm) drawn with <sub>d1</sub>,
//              <sub>fs</sub>; the chart legends with no raw `_` mark (Laws
//              ΦZ, the arm's τf1 A, qd1 target); In MuJoCo's F<sub>s</sub>
//              and the Fit's rig caution K<sub>l</sub>
//   step 4     Pendulum step 4 (English and French) names the line its
//              numbers are on (B's line at whole seconds) and that line
//              holds θ 1.1535 rad at 2 s, the number the step quotes
//   slide      ?embed=drive and ?embed=mujoco in 800×450: the regions chart
//              and the arm pictures lie wholly inside the frame
import path from 'node:path';
import { TABLES } from '../../../web/src/i18n/tables.js';
import { englishPieces, englishShown, visibleText } from './i18n.mjs';

const FR = TABLES.fr, EN = TABLES.en;
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
  await check('frtext: French presentation at 1280×720: the header is one row; the picture with its reversals/s in the window; key 1 scrolls back to it', async () => {
    const { page } = await openPage('?view=pendulum&lang=fr&present=1', 'pendulum');
    try {
      await page.setViewportSize({ width: 1280, height: 720 });
      await page.waitForTimeout(500);
      const layout = () => page.evaluate(() => {
        const rect = (e) => e.getBoundingClientRect();
        const tabs = [...document.querySelectorAll('#tabs [role=tab]')].map(rect);
        const items = [...tabs, ...[...document.querySelectorAll('.top-tools > :not([hidden])')].map(rect)];
        const canvas = rect(document.getElementById('pendulum-canvas')), status = rect(document.getElementById('pendulum-status'));
        return { rows: Math.max(...items.map((r) => r.bottom)) - Math.min(...items.map((r) => r.top)), tab: tabs[0].height,
          header: rect(document.querySelector('header.top')).height, canvas: [canvas.top, canvas.bottom], status: [status.top, status.bottom], ih: innerHeight };
      });
      const inWindow = (l) => l.canvas[0] >= 0 && l.status[1] <= l.ih;
      const l0 = await layout();
      // one row: every tab and tool between the top of the highest and the bottom of the lowest spans less than two tabs
      expect(l0.rows < 1.5 * l0.tab, `the header's tabs and tools span ${l0.rows.toFixed(0)} px, ${(l0.rows / l0.tab).toFixed(1)} tab heights (header ${l0.header.toFixed(0)} px)`);
      expect(inWindow(l0), `the picture ${l0.canvas.map(Math.round).join('–')} px and the status line ${l0.status.map(Math.round).join('–')} px in a ${l0.ih} px window`);
      await page.evaluate(() => { window.scrollTo(0, document.documentElement.scrollHeight); document.activeElement?.blur(); });
      await page.waitForTimeout(200);
      const away = await layout();
      expect(!inWindow(away), 'the picture stayed in the window when scrolled to the bottom (the check below would prove nothing)');
      await page.keyboard.press('1');
      const back = await waitFor(async () => { const l = await layout(); return inWindow(l) ? l : null; }, 5000, 100);
      const l1 = back || await layout();
      expect(back, `after key 1 the picture is at ${l1.canvas.map(Math.round).join('–')} px, the status line at ${l1.status.map(Math.round).join('–')} px of a ${l1.ih} px window`);
      await page.screenshot({ path: path.join(h.OUT, 'frtext-present-1280x720.png') });
      return `header ${l0.header.toFixed(0)} px (one row); picture ${l0.canvas.map(Math.round).join('–')} px; after key 1 ${l1.canvas.map(Math.round).join('–')} px`;
    } finally {
      await page.close();
    }
  });

  await check('frtext: the core\'s words left in French (status PLUSIEURS, rule arrêt, en alternance, `goal`, karnopp_eps, Mo, "\u00a0;")', async () => {
    const out = [];
    const texts = (page) => page.evaluate(() => [document.getElementById('view').innerText, ...[...document.querySelectorAll('#view [title]')].map((e) => e.title)].join('\n'));
    // Well-posedness, paused at its first step (two solutions): the status in French
    let { page } = await openPage('?view=wellposed&lang=fr&wellposed.paused=1', 'wellposed');
    try {
      const st = await waitFor(() => page.evaluate(() => document.getElementById('wellposed-status')?.textContent || null), 10_000, 100);
      const m = /: (\d+) solution\(s\), état (\S+)/.exec(st || '');
      expect(m && m[1] === '2' && m[2] === 'PLUSIEURS', `the first step's status: '${st}'`);
      // the screw rule's select shows the choices in French, as step 5 names them
      const opts = await page.evaluate(() => [...document.querySelectorAll('#view select')].flatMap((s) => [...s.options])
        .filter((o) => o.value === 'continuous' || o.value === 'stop').map((o) => o.textContent));
      expect(opts.join('|') === 'continue (continuous)|arrêt (stop)', `the rule's choices: ${opts.join(' | ')}`);
      const step5 = await page.evaluate(() => document.querySelectorAll('#view .lesson-try ol > li')[4]?.textContent || '');
      expect(step5.includes('à arrêt (stop)'), `step 5 names the rule's choice as: '${step5.slice(0, 120)}'`);
      out.push(`état ${m[2]}`, opts.join(', '));
    } finally {
      await page.close();
    }
    // Fit: the hold-out's alternate choice
    ({ page } = await openPage('?view=fit&lang=fr', 'fit'));
    try {
      const alt = await page.evaluate(() => document.querySelector('#view option[value="alternate"]')?.textContent || '');
      expect(alt.startsWith('en alternance'), `the hold-out's choice: '${alt}'`);
      out.push(alt.split('\u00a0')[0]);
    } finally {
      await page.close();
    }
    // Pendulum, French and English: no identifier in backquotes; French: no karnopp_eps
    for (const lang of ['fr', 'en']) {
      ({ page } = await openPage(`?view=pendulum&lang=${lang}`, 'pendulum'));
      try {
        await page.evaluate(() => document.querySelectorAll('#view details').forEach((d) => { d.open = true; }));
        const x = await texts(page);
        const q = /.{0,40}`[^`]*`.{0,10}/.exec(x);
        expect(!q, `${lang}: backquotes on the page: '${q?.[0]}'`);
        if (lang === 'fr') expect(!/karnopp_eps/.test(x), `fr: karnopp_eps on the page: '${/.{0,60}karnopp_eps/.exec(x)?.[0]}'`);
      } finally {
        await page.close();
      }
    }
    // In MuJoCo's Your robot: the size limit in Mo
    ({ page } = await openPage('?view=mujoco&lang=fr', 'mujoco'));
    try {
      const size = await page.evaluate(() => document.getElementById('mujoco-robot-status')?.textContent || '');
      expect(size.startsWith(`Jusqu'à 64${NB}Mo.`), `Your robot's first line: '${size.slice(0, 40)}'`);
      out.push(size.slice(0, 16));
    } finally {
      await page.close();
    }
    // Scenarios models-bd at K = 7.5e6 (its variant diverges): the clamp notes joined by "\u00a0; "
    ({ page } = await openPage('?view=scenarios&lang=fr&scenarios.scenario=models-bd&scenarios.models-bd.case=custom&scenarios.models-bd.K=7.5e6', 'scenarios'));
    try {
      const note = await waitFor(() => page.evaluate(() => (document.getElementById('scenario-message')?.textContent || '')
        .split('\n').find((l) => l.startsWith('Axes restreints')) || null), 30_000, 100);
      expect(note, 'no clamp note after the divergence');
      const bad = [...note.matchAll(/(.);/g)].filter((x) => x[1] !== NB);
      expect(note.includes(';') && !bad.length, `the clamp note: '${note}'`);
    } finally {
      await page.close();
    }
    // Drive: the velocities field written as its label writes a list ("0,5 ; 1 ; 2")
    ({ page } = await openPage('?view=drive&lang=fr', 'drive'));
    try {
      const f = await page.evaluate(() => ({ value: document.getElementById('drive-velocities').value, label: document.querySelector('label[for="drive-velocities"]').textContent }));
      expect(f.label.includes(`0,5${NB}; 1${NB}; 2`), `the label: '${f.label}'`);
      expect(f.value === `0${NB}; 1${NB}; 2`, `the field: '${f.value}' (label '${f.label}')`);
      out.push(`'${f.value}'`);
    } finally {
      await page.close();
    }
    return out.join('; ');
  });

  await check('frtext: subscripts by the page\'s one mechanism (q_d_1, τ_f_s, F_s, K_l), no raw `_` in chart legends (Laws, Robot arm)', async () => {
    const out = [];
    let { page } = await openPage('?view=arm&lang=fr', 'arm');
    try {
      const labels = await page.evaluate(() => [...document.querySelectorAll('#view .ctl-label')].map((l) => l.innerHTML));
      for (const want of ['consigne q<sub>d1</sub>', 'consigne q<sub>d2</sub>', 'frottement statique τ<sub>fs</sub>', 'frottement cinétique τ<sub>fk</sub>']) {
        expect(labels.some((l) => l.startsWith(want)), `no label '${want}': ${labels.filter((l) => /consigne|frottement/.test(l)).join(' | ')}`);
      }
      const legends = await waitFor(() => page.evaluate(() => {
        const all = [...(window.__fx?.charts?.all || [])].flatMap((c) => c.data.datasets.map((d) => d.label));
        return all.length >= 8 ? all : null;
      }), 10_000, 100);
      expect(legends, 'the arm\'s charts have no series');
      // the worker draws each label as dom.js symbolText writes it: a label names the symbol, not the core's column
      const raw = legends.filter((l) => /tau_|q\d_d|\bfn\d|\bq\d\b/.test(l));
      expect(!raw.length, `the arm's series by the core's columns: ${raw.join(' | ')}`);
      out.push(legends.slice(0, 2).join(', '));
    } finally {
      await page.close();
    }
    ({ page } = await openPage('?view=laws&lang=fr', 'laws'));
    try {
      const items = await page.evaluate(() => [...(window.__fx?.charts?.all || [])].flatMap((c) => (c.legend?.legendItems || []).map((i) => i.text)));
      expect(items.some((x) => x.startsWith('ΦZ(v*)')) && !items.some((x) => /_/.test(x)), `the Laws legends: ${items.join(' | ')}`);
      out.push(items[1]);
    } finally {
      await page.close();
    }
    ({ page } = await openPage('?view=mujoco&lang=fr', 'mujoco'));
    try {
      const note = await page.evaluate(() => [...document.querySelectorAll('#view p.note')].map((p) => p.innerHTML).find((x) => x.includes('La loi F')) || '');
      expect(note.includes('La loi F<sub>s</sub> du bras'), `In MuJoCo's note: '${note.slice(-80)}'`);
    } finally {
      await page.close();
    }
    ({ page } = await openPage('?view=fit&lang=fr&fit.model=m4', 'fit'));
    try {
      await page.locator('#view .try-sample').click();
      const rig = await waitFor(() => page.evaluate(() => { const e = document.getElementById('fit-rig-warning'); return e && !e.hidden ? e.innerHTML : null; }), 10_000, 100);
      expect(rig && rig.includes('(K<sub>l</sub>, K<sub>m</sub>, K<sub>e</sub>'), `the rig caution: '${rig}'`);
    } finally {
      await page.close();
    }
    return out.join('; ');
  });

  for (const lang of ['fr', 'en']) {
    await check(`frtext: Pendulum step 4 (${lang}) names the line that holds its numbers (B's at whole seconds: θ 1.1535 rad at 2 s)`, async () => {
      const L = lang === 'fr' ? FR : EN;
      // the step's bench: its setup (goal 1.5 rad) with B switched to karnopp, as the step says
      const { page } = await openPage(`?view=pendulum&lang=${lang}&pendulum.zoom=1&pendulum.goal=1.5&pendulum.friction_b=karnopp`, 'pendulum');
      try {
        const step = await page.evaluate(() => document.querySelectorAll('#view .lesson-try ol > li')[3]?.textContent || '');
        // the line's own words: the whole-second template between the treatment's name and its list
        const words = L['pendulum.seconds'].split('{name}')[1].split('{list}')[0].replace(/[\s:]+$/u, '').trim();
        expect(step.includes(words), `step 4 does not name the line '${words}': '${step}'`);
        const mark = lang === 'fr' ? ',' : '.';
        const want = `2 s${lang === 'fr' ? `${NB}:` : ':'} θ 1${mark}1535 rad`;
        const line = await waitFor(() => page.evaluate(() => (document.getElementById('pendulum-seconds')?.textContent || '')
          .split('\n').find((l) => l.startsWith('B ') && / 2 s\s?:/.test(l)) || null), 30_000, 100);
        expect(line && line.includes(want), `B's line at whole seconds: '${line}' (want '${want}')`);
        expect(step.includes(`1${mark}1535`), `step 4 quotes no 1${mark}1535: '${step}'`);
        return `'${words}': ${line.slice(0, 90)}`;
      } finally {
        await page.close();
      }
    });
  }

  await check('frtext: the slide layout (?embed=… in 800×450): Drive\'s regions chart and In MuJoCo\'s arm pictures lie wholly in the frame', async () => {
    const out = [];
    for (const [id, sel] of [['drive', '#view .chart-box canvas'], ['mujoco', '.mujoco-arm-canvas']]) {
      const { page } = await openPage(`?embed=${id}&lang=fr`, id);
      try {
        // a frame has its size from the start (the lesson folded as the slide layout opens it)
        await page.setViewportSize({ width: 800, height: 450 });
        await page.reload();
        await page.waitForFunction(() => document.body.dataset.ready === 'true');
        await page.waitForTimeout(id === 'mujoco' ? 3000 : 800);
        const r = await page.evaluate((s) => ({ slide: document.body.classList.contains('slide'), h: innerHeight, w: innerWidth,
          boxes: [...document.querySelectorAll(s)].filter((c) => c.checkVisibility()).map((c) => { const b = c.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; }) }), sel);
        expect(r.slide, `${id}: no slide layout at ${r.w}×${r.h}`);
        expect(r.boxes.length && r.boxes.every(([l, tp, rt, b]) => l >= 0 && tp >= 0 && rt <= r.w && b <= r.h && b - tp > 80),
          `${id}: ${sel} at ${r.boxes.map((b) => b.map(Math.round).join(',')).join(' | ')} in ${r.w}×${r.h}`);
        await page.screenshot({ path: path.join(h.OUT, `frtext-slide-${id}.png`) });
        out.push(`${id} ${r.boxes.map((b) => `${Math.round(b[1])}–${Math.round(b[3])}`).join(', ')} px`);
      } finally {
        await page.close();
      }
    }
    return out.join('; ');
  });
}
