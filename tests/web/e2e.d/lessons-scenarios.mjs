// e2e.d/lessons-scenarios.mjs: the Scenarios view's "Try this" steps followed
// in order from "Reset to the lesson's start" (the helpers
// and the other views are in lessons.mjs). Each step picks its system (its
// "Set up" does the same), then changes what it names; every number it
// quotes is computed from `friction run` of the same scenario and parameters
// (or a closed form: the steps D/T, 1/Z = K·T + B) and asserted twice: the
// step's text says it, and the page shows it (the run's summary and message,
// the chart's min-max envelope, which keeps every extreme).
//   model-a     explicit: v after the first reversal between the CLI's min
//               and max, the reversals; implicit ends at v = 0 exactly
//   models-bd   K = 7.5e6: the core's divergence message, its t and h
//   joint-step  the three laws' angle at 5 s, stuck or moving
//   screw       g = 9.81: the stuck steps (q̇ = 0 exactly on the page too),
//               the reversals of both treatments
//   joint-step  T = 1e-6: two laws to 5 s, the rational law's eq. 15 refusal
// Screenshots: build/e2e/lesson-scenarios-<step>.png.
import { fill } from '../../../web/src/i18n/index.js';
import { cli, csv, round, field, type, pick, controls, reset, kit, inLanguage } from './lessons.mjs';

export default async function lessonsScenarios(h) {
  await scenariosLesson(h, 'en');
}

/** The Scenarios lesson followed in language `lang` (lessons.mjs
 *  inLanguage): the controls, charts and the run's lines found and read
 *  through the table's words, the same numbers. */
export async function scenariosLesson(h, lang) {
  const { check, expect, openPage, waitFor, ROOT } = h;
  const { has, see, shot, sameAsSetUp, quotesChecked } = kit(h);
  const { L, query, tag, title, steps: stepsOf, local, read } = inLanguage(h, lang);
  const symbol = (text) => text.replace(/[_^]([\p{L}\p{N}])(?![\p{L}\p{N}])/gu, '$1');
  /** A parameter's label as the page shows it (sub- and superscripts joined). */
  const label = (scn, name) => symbol(L[`param.${scn}.${name}.label`]);
  /** A choice (a law, a treatment) as the page names it: choice.<value> of the table, else the core's name. */
  const named = (v) => L[`choice.${v}`] || v;
  /** The run's summary line of `who` (a choice, named as the page names it) up to its summary ('…: at t = 5 s, '): the table's words. */
  const lineOf = (who, t = null) => {
    const text = L['scenarios.res.done'];
    return t === null ? fill(text.slice(0, text.indexOf('{t}')), { who: named(who) }) : fill(text, { who: named(who), t: local(t), summary: '' });
  };
  const reversals = (n) => fill(L['scenarios.sum.reversals'], { n });
  const ENDED = new RegExp(`^(${['scenarios.progress.complete', 'scenarios.progress.ended'].map((k) => L[k].split(':')[0].trim()).join('|')})`);

  // ------------------------------------------------------------- scenarios
  await check(`lessons: scenarios${title}, steps 1–5 followed in order from Reset show the numbers they quote (friction run)`, async () => {
    /** `friction run NAME …`: { cols, rows, last, c(name) } or { error } (the core's refusal). */
    const run = (name, p = {}) => {
      const out = cli(ROOT, ['run', name, ...Object.entries(p).map(([k, v]) => `${k}=${v}`)]);
      if (out.error) return out;
      const r = csv(out);
      const c = (n) => r.cols.indexOf(n);
      return { ...r, c, last: (n) => r.rows[r.rows.length - 1][c(n)] };
    };
    const { page, log } = await openPage(`?view=scenarios${query}&scenarios.scenario=screw&scenarios.screw.g=3`, 'scenarios');
    const progress = () => page.evaluate(() => document.getElementById('scenario-progress-text')?.textContent || '');
    /** Waits for the run to end (complete, or ended by a refusal or divergence)
     *  for as long as it moves: the bound ms is on a run whose progress line
     *  stays the same, not on its length (at a load average of 53 a run that
     *  ends in seconds alone was at 63 % after 180 s, and moving). */
    const ended = async (ms = 20_000) => {
      let last = await progress();
      while (!ENDED.test(last)) {
        const next = await waitFor(async () => { const p = await progress(); return p !== last ? p : null; }, ms, 100);
        expect(next, `the run stopped moving: its progress line stayed '${last}' for ${ms / 1000} s`);
        last = next;
      }
    };
    const summary = () => page.evaluate(() => document.getElementById('scenario-summary').textContent.split('\n'));
    const message = () => page.evaluate(() => { const m = document.getElementById('scenario-message'); return m.hidden ? '' : m.textContent; });
    /** The datasets of the chart titled `title` (the min-max envelope: each slice's first, smallest, largest, last step). */
    const chart = (title) => page.evaluate((t) => {
      const c = [...window.__fx.charts.all].find((k) => k.canvas?.closest('.chart-box')?.getAttribute('aria-label') === t);
      return c ? Object.fromEntries(c.data.datasets.map((d) => [d.label, d.data.map((p) => [p.x, p.y])])) : null;
    }, title);
    const system = async (name) => {
      await page.locator(`#view input[name=scenario-system][value="${name}"]`).check();
      await ended();
    };
    const fieldIs = async (label) => read(await field(page, label).inputValue());
    try {
      const steps = await stepsOf(page, 'scenarios', 5);
      await reset(page);
      expect(!/screw\.g=3/.test(page.url()), `Reset left the URL at ${page.url()}`);
      // snaps[i]: the controls once step i has picked its system (the step's first action, and its set-up)
      const snaps = [];
      // step 1: model A, implicit then explicit (the overlay: T = 1 and 4 ms)
      await system('model-a');
      snaps.push(await controls(page));
      const imp = run('model-a'), ex = run('model-a', { friction: 'explicit' });
      expect(imp.last('v') === 0 && imp.last('stuck') === 1, `CLI implicit: v = ${imp.last('v')} at the end`);
      has(steps[0], 'holds exactly v = 0');
      const vImp = (await chart(L['scenarios.plot.model-a.1']))?.['v (T = 1 ms)'] || [];
      expect(vImp.length && vImp[vImp.length - 1][1] === 0, `the page's implicit v ends at ${vImp[vImp.length - 1]?.[1]}`);
      await pick(page, label('model-a', 'friction'), 'explicit');
      await ended();
      const rev1 = ex.rows.find((r) => r[ex.c('reversals')] > 0)[0];
      const after = ex.rows.filter((r) => r[0] >= rev1 - 0.001 - 1e-9).map((r) => r[ex.c('v')]);
      const lo = Math.min(...after), hi = Math.max(...after);
      has(steps[0], `between −${Math.round(-lo * 1000)} and +${Math.round(hi * 1000)} mm/s (${ex.last('reversals')} reversals at T = 1 ms)`);
      const line1 = (await summary()).find((l) => l.startsWith(lineOf('T = 1 ms'))) || '';
      expect(line1.endsWith(reversals(ex.last('reversals'))), `step 1 summary '${line1}', CLI ${ex.last('reversals')} reversals`);
      const v1 = ((await chart(L['scenarios.plot.model-a.1']))?.['v (T = 1 ms)'] || []).filter((p) => p[0] >= rev1 - 0.001 - 1e-9).map((p) => p[1]);
      expect(Math.abs(Math.min(...v1) - lo) < 1e-12 && Math.abs(Math.max(...v1) - hi) < 1e-12,
        `step 1: the page's v after the first reversal spans ${Math.min(...v1)} … ${Math.max(...v1)}, CLI ${lo} … ${hi}`);
      await shot(page, `scenarios-1${tag}`);
      // step 2: models B and D at K = 7.5e6: the alternative diverges
      await system('models-bd');
      snaps.push(await controls(page));
      await type(page, label('models-bd', 'K'), '7.5e6');
      await ended();
      const bd = run('models-bd', { K: 7.5e6 });
      const core = /(step \d+ \(t = ([0-9.]+) s\): .*)$/.exec((bd.error || '').trim());
      expect(core, `CLI models-bd K=7.5e6 did not stop: ${bd.error}`);
      has(steps[1], `stops at t = ${core[2]} s`);
      has(steps[1], `model B holds ${/original: h = ([0-9.]+) N/.exec(core[1])?.[1]} N`);
      const m2 = await message();
      // in another language, the core's sentence in it (i18n core.models_bd.diverged) up to h = …, with its step and t
      const [, stepN, tStop] = /^step (\d+) \(t = ([0-9.]+) s\)/.exec(core[1]);
      const head = fill(L['core.models_bd.diverged'].split('{h_b}')[0], { step: stepN, t: local(tStop) });
      expect(lang === 'en' ? m2.includes(core[1].slice(0, 60)) || m2.includes(core[1].replace(/^step \d+ \(t = [0-9.]+ s\): /, '').slice(0, 60))
        : m2.includes(head), `step 2: the page's message '${m2}' lacks the core's '${lang === 'en' ? core[1] : head}'`);
      await shot(page, `scenarios-2${tag}`);
      // step 3: the joint with three laws
      await system('joint-step');
      snaps.push(await controls(page));
      const deg = (q) => ((q * 180) / Math.PI).toFixed(2);
      const laws = Object.fromEntries(['coulomb-viscous', 'stribeck', 'rational'].map((law) => [law, run('joint-step', { law })]));
      const lines3 = await summary();
      for (const [law, r] of Object.entries(laws)) {
        const want = fill(L['scenarios.res.done'], { who: named(law), t: local(r.last('t')),
          summary: fill(L['scenarios.sum.joint'], { q: local(deg(r.last('q'))), state: L[r.last('stuck') === 1 ? 'scenarios.sum.stopped' : 'scenarios.sum.moving'] }) });
        expect(lines3.includes(want), `step 3 summary lacks '${want}': ${lines3.join(' / ')}`);
      }
      expect(laws.stribeck.last('stuck') === 1 && laws.rational.last('stuck') === 1 && laws['coulomb-viscous'].last('stuck') === 0, 'CLI: the laws do not stick as the step says');
      has(steps[2], `at ${deg(laws.stribeck.last('q'))}° and ${deg(laws.rational.last('q'))}°`);
      has(steps[2], `creeping at ${deg(laws['coulomb-viscous'].last('q'))}° at ${laws['coulomb-viscous'].last('t')} s`);
      // step 4: the screw with gravity
      await system('screw');
      snaps.push(await controls(page));
      await type(page, label('screw', 'g'), 9.81);
      await ended();
      const si = run('screw', { g: 9.81 }), se = run('screw', { g: 9.81, friction: 'explicit' });
      const stuck = si.rows.filter((r) => r[si.c('stuck')] === 1);
      expect(stuck.every((r) => r[si.c('dq')] === 0), 'CLI: a stuck step with q̇ ≠ 0');
      const [s0, s1] = [stuck[0][0], stuck[stuck.length - 1][0]].map((t) => round(t, 6));
      has(steps[3], `(q̇ = 0 exactly, ${stuck.length} steps between ${s0} and ${s1} s)`);
      has(steps[3], `${se.last('reversals')} reversals against ${si.last('reversals')}`);
      const lines4 = await summary();
      for (const [who, r] of [['implicit', si], ['explicit', se]]) {
        const l = lines4.find((x) => x.startsWith(lineOf(who))) || '';
        expect(l.endsWith(reversals(r.last('reversals'))), `step 4 summary '${l}', CLI ${r.last('reversals')}`);
      }
      const dq = await chart(L['scenarios.plot.screw.1']);
      const h4 = si.rows[1][0];
      const onStuck = (dq[`q̇ (${named('implicit')})`] || []).filter((p) => si.rows[Math.round(p[0] / h4)]?.[si.c('stuck')] === 1);
      const inBand = (dq[`q̇ (${named('explicit')})`] || []).filter((p) => p[0] >= s0 && p[0] <= s1);
      expect(onStuck.length > 100 && onStuck.every((p) => p[1] === 0), `step 4: the page's implicit q̇ at the CLI's stuck steps: ${onStuck.filter((p) => p[1] !== 0).length} of ${onStuck.length} not 0`);
      expect(inBand.length > 100 && inBand.every((p) => p[1] !== 0), 'step 4: the page\'s explicit q̇ is exactly 0 somewhere in the band');
      await shot(page, `scenarios-4${tag}`);
      // step 5: the joint at T = 1e-6 s
      await system('joint-step');
      snaps.push(await controls(page));
      await type(page, label('joint-step', 'T'), '1e-6');
      const T = await fieldIs(label('joint-step', 'T')), K = await fieldIs(label('joint-step', 'K')), B = await fieldIs(label('joint-step', 'B'));
      const D = await fieldIs(label('joint-step', 'duration'));
      expect(T === 1e-6, `T field: ${T}`);
      has(steps[4], `run ${D / T / 1e6} million steps each to t = ${D} s`);
      has(steps[4], `1/Z = K·T + B = ${round(K * T + B, 6)}`);
      const rat = run('joint-step', { law: 'rational', T: 1e-6 });
      const need = /needs 1\/Z > ([0-9.]+), but 1\/Z = ([0-9.]+)/.exec(rat.error || '');
      expect(need && Number(need[2]) === round(K * T + B, 6), `CLI rational at T = 1e-6: '${rat.error}'`);
      has(steps[4], `below the ${need[1]} its drop needs`);
      const ofD = L['scenarios.progress.run'];
      expect(await waitFor(async () => (await progress()).endsWith(fill(ofD.slice(ofD.indexOf('{t}') + 3), { d: 5 })), 10_000), `progress: '${await progress()}'`);
      await ended(180_000);
      const lines5 = await summary(), m5 = await message();
      for (const law of ['coulomb-viscous', 'stribeck']) {
        expect(lines5.some((l) => l.startsWith(lineOf(law, D))), `step 5 summary lacks ${law} at t = ${D} s: ${lines5.join(' / ')}`);
      }
      // in another language, the core's eq. 15 sentence in it (i18n core.law.eq15_start), its numbers with the language's mark
      const needs5 = lang === 'en' ? `needs 1/Z > ${need[1]}, but 1/Z = ${need[2]}`
        : fill(/[^,;:(]*1\/Z > \{need\}[^;]*\{inv_z\}/.exec(L['core.law.eq15_start'])[0].trim(), { need: local(need[1]), inv_z: local(need[2]) });
      expect(m5.includes(L['scenarios.res.variant'].replace('{label}', named('rational')).replace('{message}', '')) && m5.includes(needs5), `step 5 message: '${m5}', CLI '${need[0]}'`);
      see(page, steps[4]);
      await shot(page, `scenarios-5${tag}`);
      await sameAsSetUp(page, snaps);
      await quotesChecked(page, steps);
      const problems = h.logProblems(log);
      expect(!problems.length, problems.slice(0, 3).join('; '));
      return `model A explicit ${lo.toFixed(4)} … ${hi.toFixed(4)} m/s, ${ex.last('reversals')} reversals; models-bd stops at ${core[2]} s; joint ${deg(laws.stribeck.last('q'))}°/`
        + `${deg(laws.rational.last('q'))}° stuck, ${deg(laws['coulomb-viscous'].last('q'))}° creeping; screw ${stuck.length} stuck steps, `
        + `${se.last('reversals')} vs ${si.last('reversals')} reversals; T = 1e-6: rational needs ${need[1]} > ${need[2]}; "Set up" of each step = the steps followed`;
    } finally {
      await page.close();
    }
  });}
