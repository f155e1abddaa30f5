// i18n.mjs: e2e checks of the second language (web/src/i18n/).
//
//   no English   every converted view (CONVERTED) opened with ?lang=fr, the
//                glossary open too: no string of the English table that
//                differs from its French one is in the visible text of the
//                page (each English text split at its {placeholders}, the
//                pieces of 4 characters or more with a letter that the French
//                text does not share and no French text writes as a word (a
//                name in a help, the French "case"), matched as whole words; the choices of a
//                list and `names` in backquotes are identifiers, not words);
//                the lesson's steps are the French table's; <html lang="fr">;
//                the glossary's italics are the elements A–D only; the pendulum
//                also after its replay panel replayed the bundled sample, the
//                Scenarios view after its run, the Fit view after a fit of every
//                model on the bundled sample and its sensitivity ranges, In
//                MuJoCo loaded, with the sample replayed through it;
//                the same scan of the English page finds at least 20 pieces
//   language     chosen by the browser's languages (a context with locale
//                fr-FR shows French without ?lang, en-US English); ?lang=
//                kept when another tab is chosen and after Back; the header's
//                switch loads the page again in the other language with the
//                view's state
//   lesson       every view's lesson (Laws, Drive, Pendulum, Robot arm,
//                Well-posedness, Scenarios, Fit, In MuJoCo)
//                lessons' steps followed with ?lang=fr: the same numbers,
//                checked against the CLI as in English (lessons.mjs,
//                lessons-arm.mjs, lessons-scenarios.mjs, lessons-fit.mjs,
//                mujoco.mjs mujocoLesson)
import { TABLES } from '../../../web/src/i18n/tables.js';
import { localNumber, parseNumber } from '../../../web/src/format.js';
import path from 'node:path';
import { pendulumLesson, lawsLesson, driveLesson, wellposedLesson } from './lessons.mjs';
import { scenariosLesson } from './lessons-scenarios.mjs';
import { fitLesson } from './lessons-fit.mjs';
import { armLesson } from './lessons-arm.mjs';
import { mujocoLesson } from './mujoco.mjs';

/** The views whose every string goes through the table (In MuJoCo: but for
 *  its "Your robot" section, whose strings are not in the table yet). */
export const CONVERTED = ['laws', 'drive', 'pendulum', 'arm', 'wellposed', 'scenarios', 'fit', 'mujoco'];

/** The module's parts (e2e.mjs: each a task of its own, so the workers
 *  share them): one per converted view (its French scan and its lesson
 *  followed in French), and 'language' (the browser's language, ?lang= kept,
 *  the screenshots). */
export const parts = [...CONVERTED, 'language'];

/** Each part's share of the run's watchdog (e2e.mjs): the longest, In MuJoCo
 *  (MuJoCo loaded, the 2R arm adopted, its lesson) or Fit (a fit of every
 *  model, the sensitivity ranges, its lesson), took under 3 minutes on 2 busy cores. */
export const WATCHDOG_MS = 420_000;

/** Each view's lesson followed in French (lessons.mjs and the others). */
const LESSONS = {
  laws: lawsLesson, drive: driveLesson, pendulum: pendulumLesson, arm: armLesson,
  wellposed: wellposedLesson, scenarios: scenariosLesson, fit: fitLesson, mujoco: mujocoLesson,
};
const EN = TABLES.en, FR = TABLES.fr;

/** A letter or a digit (what a whole word may not touch). */
const LETTER = /^[\p{L}\p{N}]$/u;
/** The first index of `piece` in `text` as a whole word (no letter or digit
 *  just before or just after it, code points compared as the regular
 *  expression (?<![\p{L}\p{N}])piece(?![\p{L}\p{N}]) with the u flag does),
 *  or -1. indexOf and two code points per occurrence: one regular expression
 *  per piece, built and run over every French text for each of the 3,400
 *  pieces, took 3 s of a quiet core and 10–20 s of a busy one, in every part
 *  of this module and every page of frtext.mjs. */
export function wordIndex(text, piece) {
  for (let i = text.indexOf(piece); i >= 0; i = text.indexOf(piece, i + 1)) {
    const lo = text.charCodeAt(i - 1);
    const before = i === 0 ? '' : lo >= 0xdc00 && lo <= 0xdfff && i >= 2 ? text.slice(i - 2, i) : text[i - 1];
    const j = i + piece.length;
    const after = j < text.length ? String.fromCodePoint(text.codePointAt(j)) : '';
    if (!LETTER.test(before) && !LETTER.test(after)) return i;
  }
  return -1;
}

/** The English pieces a French page must not show: [key, piece] (the tables
 *  are constants: worked out once per process). */
let PIECES = null;
export function englishPieces() {
  if (PIECES) return PIECES;
  const out = [];
  const plain = (s) => s.replace(/[⟦⟧]/g, '').replace(/[_^]([\p{L}\p{N}])(?![\p{L}\p{N}])/gu, '$1').replace(/[‹›]/g, '');
  // every French text: a piece the French table itself writes as a word (a
  // name such as `case` or `model` in a help, "case" the French word, `logs`
  // in a path) is no sign of English
  const french = Object.values(FR).map(plain).join('\n');
  for (const [key, en] of Object.entries(EN)) {
    const fr = FR[key];
    if (en === fr) continue;
    for (const raw of plain(en).split(/\{\w+\}/)) {
      const piece = raw.trim();
      if (piece.length < 4 || !/\p{L}/u.test(piece) || plain(fr).includes(piece) || wordIndex(french, piece) >= 0) continue;
      out.push([key, piece]);
    }
  }
  PIECES = out;
  return out;
}

/** The page's visible text: every text node shown, outside lists' choices
 *  and elements marked lang="en" (a paper's title);
 *  sub- and superscripts joined to their symbol, other nodes apart. */
export const visibleText = (page) => page.evaluate(() => {
  const parts = [];
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const p = n.parentElement;
    // an element marked lang="en" is English on purpose (a paper's title)
    if (!p || p.closest('select, script, style, body [lang="en"]') || !p.checkVisibility({ visibilityProperty: true })) continue;
    const text = n.textContent;
    if (!text.trim()) continue;
    parts.push(/^(SUB|SUP)$/.test(p.tagName) ? text : `\n${text}`);
  }
  return parts.join('').replace(/`[^`\n]*`/g, ' ');
});

export function englishShown(text, pieces) {
  const out = [];
  for (const [key, piece] of pieces) {
    const at = wordIndex(text, piece);
    // the piece and the words around it on the page (to find where it is)
    if (at >= 0) out.push([key, piece, text.slice(Math.max(0, at - 30), at + piece.length + 30).replace(/\s+/g, ' ')]);
  }
  return out;
}

/** Screenshots of every converted view in French at 1280×900 and 853×600:
 *  build/e2e/<view>-<w>-fr.png (looked at for French labels cut off or
 *  overflowing; the page's own layout checks run in views.mjs). */
export async function frenchShots(h) {
  await h.check('i18n: screenshots of every converted view with ?lang=fr at 1280×900 and 853×600', async () => {
    const files = [];
    for (const id of CONVERTED) {
      const { page } = await h.openPage(`?view=${id}&lang=fr`, id);
      try {
        for (const [w, hh] of [[1280, 900], [853, 600]]) {
          await page.setViewportSize({ width: w, height: hh });
          await page.waitForTimeout(id === 'mujoco' ? 4000 : 1500);
          const f = `${id}-${w}-fr.png`;
          await page.screenshot({ path: path.join(h.OUT, f), fullPage: true });
          files.push(f);
        }
      } finally {
        await page.close();
      }
    }
    return files.join(', ');
  });
}

/** The part `part` of parts (all of them, in order, when none is given). */
export default async function i18nChecks(h, part) {
  for (const p of part === undefined ? parts : [part]) {
    if (p === 'language') await languageChecks(h);
    else {
      await frenchScan(h, p);
      await LESSONS[p](h, 'fr');
    }
  }
}

/** View id with ?lang=fr: no string of the English table shown (the
 *  glossary open, the view's own runs and replays done), the lesson's steps
 *  the French table's; the same scan finds English on the English page. */
async function frenchScan(h, id) {
  const { check, expect, openPage, logProblems, waitFor } = h;
  const pieces = englishPieces();
  await check(`i18n: ${id} with ?lang=fr shows no string of the English table (${pieces.length} pieces), the glossary open too`, async () => {
    const { page, log } = await openPage(`?view=${id}&lang=fr`, id);
    try {
      await page.waitForTimeout(1500); // a live view writes its read-outs
      const lang = await page.evaluate(() => document.documentElement.lang);
      expect(lang === 'fr', `<html lang="${lang}">`);
      const bad = englishShown(await visibleText(page), pieces);
      await page.keyboard.press('g');
      await page.locator('dialog#glossary').waitFor({ state: 'visible' });
      const badGlossary = englishShown(await visibleText(page), pieces);
      // the glossary's italics are Kikuuwe's four elements A–D only (v* is a symbol, not a mark)
      const italics = await page.locator('dialog#glossary i').allTextContents();
      expect(italics.join() === 'A,B,C,D', `the glossary's italics: ${italics.join(' | ').slice(0, 120)}`);
      await page.keyboard.press('Escape');
      // the pendulum's replay panel with the bundled sample replayed: its result line, table and notes
      let badReplay = [];
      if (id === 'pendulum') {
        await page.locator('#view .try-sample').click();
        const mae = await waitFor(() => page.evaluate(() => document.getElementById('replay-result')?.dataset.mae), 20_000);
        expect(mae, 'the sample was not replayed');
        badReplay = englishShown(await visibleText(page), pieces);
      }
      // the Scenarios run at its end: the progress line and the summary
      if (id === 'scenarios') {
        const end = new RegExp(`^(${FR['scenarios.progress.complete'].split(':')[0].trim()})`);
        expect(await waitFor(() => page.evaluate(() => document.getElementById('scenario-progress-text')?.textContent).then((x) => end.test(x || '')), 20_000),
          'the scenario run did not complete');
        badReplay = englishShown(await visibleText(page), pieces);
      }
      // the Fit view after a fit of every model on the bundled sample (the
      // logs list, progress, result and all-models tables) and its
      // sensitivity ranges
      if (id === 'fit') {
        await page.locator('#view .try-sample').click();
        await waitFor(() => page.evaluate(() => document.querySelectorAll('#fit-logs tbody tr').length === 1), 5000);
        const budget = page.locator('#view .ctl', { hasText: FR['fit.budget'] }).locator('input.ctl-num');
        await budget.fill('20');
        await budget.press('Enter');
        await page.click('#fit-all');
        const done = await waitFor(() => page.evaluate(() => document.querySelector('.fit-view')?.dataset.fit === 'done'), 60_000, 100);
        expect(done, 'the fit of all models on the sample did not end');
        await page.click('#fit-sensitivity');
        expect(await waitFor(() => page.evaluate(() => document.getElementById('fit-sens')?.dataset.state === 'done'), 60_000, 100), 'the sensitivity ranges did not end');
        badReplay = englishShown(await visibleText(page), pieces);
      }
      // In MuJoCo loaded and running, the bundled sample replayed through it
      if (id === 'mujoco') {
        expect(await waitFor(() => page.evaluate(() => /^MuJoCo \d/.test(document.getElementById('mujoco-loading')?.textContent || '')), 30_000), 'MuJoCo did not load');
        await page.locator('#mujoco-log-drop input[type=file]').setInputFiles(path.join(h.ROOT, 'samples/xl330-sin_sin-simulated.json'));
        expect(await waitFor(() => page.evaluate(() => !document.getElementById('mujoco-replay-table')?.hidden), 30_000), 'the sample was not replayed through MuJoCo');
        await page.waitForTimeout(1000);
        badReplay = englishShown(await visibleText(page), pieces);
        // Your robot open, the 2R arm adopted: its mapping, report, tables, goals, Fig. 1 panel
        await page.evaluate(() => { document.getElementById('mujoco-robot').open = true; });
        await page.locator('#mujoco-robot button[data-example="2r"]').click();
        expect(await waitFor(() => page.evaluate(() => { const r = window.__fx?.mujoco?.robot; return !!(r && r.pair && !r.busy); }), 120_000, 250),
          `the 2R arm did not load in Your robot: ${await page.evaluate(() => document.getElementById('mujoco-robot-error')?.textContent)}`);
        await page.evaluate(() => { for (const x of ['mujoco-robot-report', 'mujoco-fig1']) { const d = document.getElementById(x); if (d) d.open = true; } });
        await page.waitForTimeout(1000);
        badReplay = [...badReplay, ...englishShown(await visibleText(page), pieces)];
        // its per-joint tables, with the French headers (the widest), fit their box at 853 px
        await page.setViewportSize({ width: 853, height: 600 });
        await page.waitForTimeout(400);
        const wide = await page.evaluate(() => ['A', 'C'].map((k) => {
          const tbl = document.getElementById(`mujoco-robot-table-${k}`), box = tbl?.closest('.mujoco-tables');
          return !tbl ? `${k} missing` : tbl.scrollWidth > box.clientWidth + 1 ? `${k} ${tbl.scrollWidth} px in ${box.clientWidth} px` : null;
        }).filter(Boolean));
        await page.setViewportSize({ width: 1280, height: 900 });
        expect(!wide.length, `at 853 px Your robot's French tables scroll sideways: ${wide.join(', ')}`);
      }
      const all = [...new Map([...bad, ...badGlossary, ...badReplay].map((b) => [`${b[0]}\u0000${b[1]}`, b])).values()];
      expect(!all.length, `English on the French page: ${all.slice(0, 8).map(([k, p, c]) => `${k}: '${p}' in '…${c}…'`).join('; ')}`);
      const steps = await page.evaluate(() => [...document.querySelectorAll('#view .lesson-try ol > li > span')].map((s) => s.textContent));
      const want = Object.keys(FR).filter((k) => k.startsWith(`${id}.lesson.step`)).sort()
        .map((k) => localNumber(FR[k], ',').replace(/[⟦⟧]/g, '').replace(/[_^]([\p{L}\p{N}])(?![\p{L}\p{N}])/gu, '$1'));
      expect(steps.length === want.length && steps.every((s, i) => s === want[i]), `the steps are not the French table's: ${steps[0]?.slice(0, 60)}`);
      const problems = logProblems(log);
      expect(!problems.length, problems.slice(0, 3).join('; '));
      // the same scan finds the English of the English page (it can see)
      const enPage = await openPage(`?view=${id}&lang=en`, id);
      await enPage.page.waitForTimeout(1500);
      const control = englishShown(await visibleText(enPage.page), pieces).length;
      await enPage.page.close();
      expect(control >= 20, `the scan finds only ${control} English pieces on the English page`);
      return `${steps.length} French steps; the same scan finds ${control} English pieces on the English page`;
    } finally {
      await page.close();
    }
  });
}

/** The browser's language, ?lang= kept, the header's switch; the screenshots of every converted view. */
async function languageChecks(h) {
  const { check, expect, openPage, logProblems, waitFor } = h;
  await check('i18n: the browser\'s language chooses French (locale fr-FR) or English (en-US) without ?lang', async () => {
    const browser = await h.ownBrowser();
    try {
      const got = [];
      for (const [locale, want] of [['fr-FR', 'fr'], ['en-US', 'en']]) {
        const ctx = await browser.newContext({ locale });
        const page = await ctx.newPage();
        await page.goto(`${h.base}?view=pendulum`);
        await page.waitForFunction(() => document.body.dataset.ready === 'true', null, { timeout: 20_000 });
        const lang = await page.evaluate(() => document.documentElement.lang);
        const tab = await page.locator('#tab-pendulum').textContent();
        expect(lang === want && tab === TABLES[want]['view.pendulum.title'], `locale ${locale}: lang ${lang}, tab '${tab}'`);
        expect(!/[?&]lang=/.test(page.url()), `locale ${locale} wrote the language into the URL: ${page.url()}`);
        got.push(`${locale} → ${lang}`);
        await ctx.close();
      }
      return got.join(', ');
    } finally {
      await browser.close();
    }
  });

  await check('i18n: ?lang=fr is kept through a tab change and Back; the header\'s switch reloads in English with the view\'s state', async () => {
    const { page, log } = await openPage('?view=pendulum&lang=fr&pendulum.goal=1.3', 'pendulum');
    try {
      await page.locator('#tab-laws').click();
      await page.waitForFunction(() => document.body.dataset.view === 'laws');
      expect(/[?&]lang=fr/.test(page.url()), `after the tab: ${page.url()}`);
      await page.goBack();
      await page.waitForFunction(() => document.body.dataset.view === 'pendulum');
      expect(/[?&]lang=fr/.test(page.url()) && /pendulum\.goal=1\.3/.test(page.url()), `after Back: ${page.url()}`);
      expect(await page.locator('#tab-pendulum').textContent() === FR['view.pendulum.title'], 'not French after Back');
      await Promise.all([page.waitForEvent('load'), page.selectOption('#lang-select', 'en')]);
      await page.waitForFunction(() => document.body.dataset.ready === 'true');
      const url = page.url();
      expect(/[?&]lang=en/.test(url) && /pendulum\.goal=1\.3/.test(url), `after the switch: ${url}`);
      const tab = await page.locator('#tab-pendulum').textContent();
      expect(tab === EN['view.pendulum.title'], `after the switch the tab reads '${tab}'`);
      const goal = await waitFor(() => page.evaluate(() => document.querySelector('#view [data-param="goal"] input.ctl-num')?.value), 5000);
      expect(parseNumber(goal, '.') === 1.3, `the goal after the switch: ${goal}`);
      const problems = logProblems(log);
      expect(!problems.length, problems.slice(0, 3).join('; '));
      return url.replace(/^.*\?/, '?');
    } finally {
      await page.close();
    }
  });

  await frenchShots(h);
}
