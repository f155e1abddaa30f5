// e2e.d/lessons.mjs: every view's "Try this" steps followed in order from
// "Reset to the lesson's start", as a person would (typing in the fields,
// picking from the lists, pressing the buttons and keys the steps name), in
// headless Chromium. Each number a step quotes is computed
// here independently of the page (the CLI `friction eval`, `friction
// diagram`, `friction run`, or a closed form), then asserted twice: the
// step's text says it, and the screen shows it after the steps before it.
//   machinery   Reset puts the URL slice of the view back to the lesson's
//               start; each step's "Set up" gives the same controls as
//               following the steps before it (the control values compared);
//               key L resets and keys 1-5 set up a step in presentation mode,
//               a set-up step's chart is scrolled into the window
//               (lessons-arm.mjs)
//   laws        eq. 15 bounds (`friction eval` messages), "Set K" (1.05 × the
//               smallest K, 3 digits), the static band Z·Φ(+0), the table's
//               error against its tolerance (`friction eval what=lut/phi_z`)
//   drive       the band widths of erob80_100 M1/M4 (`friction diagram` of the
//               published params files) and Dupont's screw lines η1·τm, η2·τm
//   pendulum    B's reversal rates and the runs of karnopp and clip at the goal
//               the steps reach (`friction run bench`)
//   wellposed   steps 2, 4, 5 from their predecessors: the map at μ = 0.6,
//               D22 = 1.4, the screw with J = 30 after R, rule = stop with J = 5
//               (`friction run solutions-2dof`, `friction run screw-selflock`)
// The Robot arm, Scenarios and Fit views are followed by lessons-arm.mjs,
// lessons-scenarios.mjs and lessons-fit.mjs (on the bundled sample), with
// the helpers exported here.
// Screenshots: build/e2e/lesson-<view>-<step>.png at the step's end.
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { fill } from '../../../web/src/i18n/index.js';
import { TABLES } from '../../../web/src/i18n/tables.js';
import { localNumber, parseNumber } from '../../../web/src/format.js';

/** `friction ARGS…`: stdout on success; on failure { error: stderr }. */
function cli(ROOT, args) {
  try {
    return execFileSync(path.join(ROOT, 'build/native/friction'), args.map(String),
      { encoding: 'utf8', maxBuffer: 256 << 20, stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (e) {
    return { error: String(e.stderr || e.message) };
  }
}
/** CSV text as { cols, rows: number[][] } (string cells kept as strings). */
function csv(text) {
  const lines = text.trim().split('\n').filter((l) => !l.startsWith('#'));
  return { cols: lines[0].split(','), rows: lines.slice(1).map((l) => l.split(',').map((x) => (Number.isNaN(Number(x)) ? x : Number(x)))) };
}
/** The number that eq. 15's message of `friction eval` says 1/Z needs. */
function needs(ROOT, law) {
  const out = cli(ROOT, ['eval', ...Object.entries(law).map(([k, v]) => `${k}=${v}`), 'Z=1e3', 'x=0']);
  const m = /needs 1\/Z > ([0-9.]+)/.exec(out.error || '');
  if (!m) throw new Error(`friction eval gave no eq. 15 bound: ${out.error || out}`);
  return Number(m[1]);
}
const round = (v, d) => Number(v.toPrecision(d));

// ------------------------------------------------------------ page helpers
const field = (page, label) => page.locator('#view .ctl', { hasText: label }).locator('input.ctl-num').first();
async function type(page, label, value) {
  const f = field(page, label);
  await f.fill(String(value));
  await f.press('Enter');
}
async function pick(page, label, value) {
  const box = page.locator('#view .ctl-choice, #view .ctl', { hasText: label }).locator('select').first();
  await box.selectOption(value);
}
/** Each step's text, its sub- and superscripts written back as the core's
 *  _x and ^x, a character each (web/src/dom.js symbolNodes draws K_c as
 *  K<sub>c</sub>, τ_f_s as τ<sub>fs</sub>), so a
 *  quoted 'K_c' is checked as the sign the step shows. */
const lessonSteps = (page) => { following = page; return page.evaluate(() => [...document.querySelectorAll('#view .lesson-try ol > li')]
  .map((li) => {
    const span = li.querySelector('span');
    if (!span) return '';
    const text = (n) => (n.nodeType === Node.TEXT_NODE ? n.textContent
      : n.tagName === 'SUB' ? [...n.textContent].map((c) => `_${c}`).join('') : n.tagName === 'SUP' ? [...n.textContent].map((c) => `^${c}`).join('')
        : [...n.childNodes].map(text).join(''));
    return text(span);
  })); };
// the page whose lesson is being followed (lessonSteps sets it): has() reads
// what its view shows then (screenText)
let following = null;
/** What the view's read-outs show: the rendered text
 *  (innerText: nothing hidden, nothing in a closed <details>) of each
 *  read-out, status line, message, live region and table of the view (not
 *  its fixed sentences, which may quote a number the state does not show;
 *  not the lesson box), and the value of each field that is shown (a number
 *  typed or set in a field is on the screen). */
const screenText = (page) => page.evaluate(() => {
  const view = document.querySelector('#view .view');
  if (!view) return '';
  const outs = [...view.querySelectorAll('.readout, [aria-live], [role=status], [role=alert], table, output')].map((e) => e.innerText);
  const fields = [...view.querySelectorAll('input, select')].filter((e) => e.type !== 'hidden' && e.type !== 'file' && e.getClientRects().length
    && getComputedStyle(e).visibility !== 'hidden').map((e) => (e.tagName === 'SELECT' ? e.selectedOptions[0]?.textContent ?? '' : e.value));
  return [...outs, ...fields].join('\n');
}).catch(() => '');
/** Whether number text q (a step's ⟦q⟧) can be read in text: a number of
 *  the text (either decimal mark: the French view writes "62,1"; "−" or "-")
 *  equal to q, or written with more digits and equal to q once rounded to
 *  q's decimals (the view's 0.0322165 m/s reads as the step's 0.0322); a
 *  number inside a longer one does not count ("62.1" is not in "162.1"). */
function showsNumber(text, q) {
  const val = (x) => parseNumber(x, ',');
  const places = (x) => (/[.,](\d+)/.exec(x)?.[1].length ?? 0);
  const digits = (x) => x.replace(/e.*$/i, '').replace(/\D/g, '').replace(/^0+/, '').length;
  const want = val(q), d = places(q), exp = /e/i.test(q);
  for (const m of text.matchAll(/(?<![\d.,])[−+-]?\d+(?:[.,]\d+)?(?:e[+-]?\d+)?(?![\d])/gi)) {
    const v = val(m[0]);
    if (v === want) return true;
    if (!exp && digits(m[0]) > digits(q) && v.toFixed(d) === want.toFixed(d)) return true;
  }
  return false;
}
/** Every control's value in the view, in document order, named by its
 *  label (as e2e.mjs controlValues, sliders out; ids change on a new mount). */
const controls = (page) => page.evaluate(() => [...document.querySelectorAll('#view .view input, #view .view select')]
  .filter((e) => e.type !== 'file' && e.type !== 'range')
  .map((e) => `${e.getAttribute('aria-label') || e.closest('.ctl, .ctl-choice')?.querySelector('label')?.textContent || e.name}`
    + `=${e.type === 'checkbox' ? e.checked : e.value}`));
async function reset(page) {
  await page.locator('#view .lesson-reset').click();
  await page.waitForFunction(() => document.body.dataset.ready === 'true');
}
async function setUp(page, i) {
  await page.locator(`#view .lesson-setup[data-step="${i}"]`).click();
  await page.waitForFunction(() => document.body.dataset.ready === 'true');
}

/** The checks' own helpers: has (the step's text says it), shot (a
 *  screenshot lesson-NAME.png), sameAsSetUp (following the steps: snapshots[i]
 *  = the controls when step i begins; then each step's "Set up" must give
 *  the same controls). */
export function kit(h) {
  const { expect, OUT } = h;
  // the strings has() checked, by the text they were checked in
  const checked = new Map();
  // what the view showed each time has() checked a string of a step (by the step's text)
  const seen = new Map();
  const has = (text, s) => {
    if (!checked.has(text)) checked.set(text, []);
    checked.get(text).push(String(s));
    expect(text.includes(s), `the step lacks '${s}': '${text.slice(0, 140)}…'`);
    if (!seen.has(text)) seen.set(text, []);
    if (following) seen.get(text).push(screenText(following));
  };
  /** Records what the view shows now as seen in the step of text `text`
   *  (a number the step quotes that the view shows after has() checked it). */
  const see = async (page, text) => {
    if (!seen.has(text)) seen.set(text, []);
    const shown = screenText(page);
    seen.get(text).push(shown);
    await shown;
  };
  /** Each number a step quotes (its span.quote, ⟦…⟧ in the lesson: a blank on
   *  the worksheet, a number of the answer key) lies inside a string has()
   *  checked in that step: the answer key prints only what this test verifies. */
  async function quotesChecked(page, texts = null) {
    // texts: the step texts has() was given, when not the page's (another language)
    const steps = texts || await lessonSteps(page);
    const quotes = await page.evaluate(() => [...document.querySelectorAll('#view .lesson-try ol > li')]
      .map((li) => [...li.querySelectorAll('.quote')].map((q) => q.textContent)));
    // the page writes the quotes with its language's mark, the checked strings have points
    const mark = await page.evaluate(() => (document.documentElement.lang === 'fr' ? ',' : '.'));
    const bad = [];
    quotes.forEach((qs, i) => qs.forEach((q) => { if (!(checked.get(steps[i]) || []).some((c) => localNumber(c, mark).includes(q))) bad.push(`step ${i + 1}: ${q}`); }));
    expect(!bad.length, `numbers the lesson quotes that no check here verifies (the answer key prints them): ${bad.join('; ')}`);
    // each number a step quotes is a blank of the worksheet: the view shows
    // it as text (a read-out, a field, a summary) when the step checks it,
    // not only as a point of a chart
    const unread = [];
    for (let i = 0; i < quotes.length; i++) {
      const shown = await Promise.all(seen.get(steps[i]) || []);
      for (const q of quotes[i]) if (!shown.some((x) => showsNumber(x, q))) unread.push(`step ${i + 1}: ${q}`);
    }
    expect(!unread.length, `numbers the lesson quotes that the view does not show as text when the step checks them (a worksheet blank cannot be read off the screen): ${unread.join('; ')}`);
  }
  const shot = (page, name) => page.screenshot({ path: path.join(OUT, `lesson-${name}.png`) });
  async function sameAsSetUp(page, snapshots) {
    const bad = [];
    for (let i = 0; i < snapshots.length; i++) {
      if (!snapshots[i]) continue;
      await setUp(page, i);
      const now = await controls(page);
      const diff = now.filter((c, k) => c !== snapshots[i][k]);
      if (diff.length || now.length !== snapshots[i].length) bad.push(`step ${i + 1}: ${diff.slice(0, 3).join('; ')} (followed: ${snapshots[i].filter((c) => !now.includes(c)).slice(0, 3).join('; ')})`);
    }
    expect(!bad.length, `"Set up" differs from following the steps: ${bad.join(' | ')}`);
  }
  return { has, see, shot, sameAsSetUp, quotesChecked };
}
/** A lesson followed in language `lang` (?lang=; 'en': the page's
 *  default): L its table, EN the English one, query the URL's part, tag the
 *  screenshot names' suffix, and steps(page, view, n): the steps the page
 *  shows, checked to be L's `<view>.lesson.step<i>` (⟦⟧ dropped), returned as
 *  the English table's text of the same steps (the phrases a check quotes are
 *  English; the numbers ⟦…⟧ are the same in every table: i18n.test.mjs). */
function inLanguage(h, lang = 'en') {
  const L = TABLES[lang], EN = TABLES.en;
  const bare = (text) => text.replace(/[⟦⟧]/g, '');
  // the page's decimal mark (',' in French: web/src/i18n decimalMark)
  const mark = lang === 'fr' ? ',' : '.';
  return {
    L, EN, lang, mark,
    /** x (a number, or text whose numbers have a point) as the page writes it (format.js localNumber) */
    local: (x) => localNumber(String(x), mark),
    /** a number the page shows or holds in a field, read by the page's one parser (format.js parseNumber) */
    read: (x) => parseNumber(x, mark),
    query: lang === 'en' ? '' : `&lang=${lang}`, tag: lang === 'en' ? '' : `-${lang}`, title: lang === 'en' ? '' : ` (?lang=${lang})`,
    async steps(page, view, n) {
      const shown = await lessonSteps(page);
      const keys = Array.from({ length: n }, (_, i) => `${view}.lesson.step${i + 1}`);
      h.expect(shown.length === n, `${shown.length} steps`);
      if (lang === 'en') return shown;
      // the page writes the numbers of a lesson's texts with its mark (dom.js quoteNodes)
      h.expect(shown.every((text, i) => text === localNumber(bare(L[keys[i]]), mark)), `the steps are not the ${lang} table's: ${shown[0]?.slice(0, 80)}…`);
      return keys.map((k) => bare(EN[k]));
    },
  };
}
/** Runs a live view until its clock (#clockId, "t = … s", either decimal
 *  mark) reads at least tMin, then presses its Pause (the button of text
 *  pauseText) in the same animation frame, from within the page: a pause
 *  sent from the test after it saw the time came a whole round trip later,
 *  and on a loaded machine the run went on for seconds past it (the arm's
 *  lesson paused at 6 s for 2 s). Presses Play first when it shows playText.
 *  The buttons are looked for under `scope`. At most maxFrames animation
 *  frames (a count, not a time). Returns true once paused, false when the
 *  clock never got there. */
async function pauseAt(page, { clockId, tMin, playText, pauseText, scope = '#view', maxFrames = 20_000 }) {
  return page.evaluate(([id, t0, play, pause, n, where]) => new Promise((res) => {
    const button = (text) => [...document.querySelectorAll(`${where} button`)].find((b) => b.textContent.trim() === text);
    const t = () => Number(((/t = ([0-9.,]+) s/.exec(document.getElementById(id)?.textContent || '') || [])[1] ?? 'NaN').replace(',', '.'));
    if (play) button(play)?.click();
    let i = 0;
    const step = () => {
      if (t() >= t0 && button(pause)) { button(pause).click(); res(true); return; }
      if (++i > n) { res(false); return; }
      requestAnimationFrame(step);
    };
    step();
  }), [clockId, tMin, playText, pauseText, maxFrames, scope]);
}

export { cli, csv, needs, round, field, type, pick, lessonSteps, controls, reset, inLanguage, screenText, showsNumber, pauseAt };

export default async function lessons(h) {
  await lawsLesson(h);
  await driveLesson(h);
  // -------------------------------------------------------------- pendulum
  const { check, expect, openPage } = h;
  const { shot } = kit(h);
  await pendulumLesson(h);

  await check('lessons: pendulum, a bench that is not the lesson\'s (another servo and model, as Open in bench from a fit gives) is told that the quoted numbers are the lesson bench\'s; Reset takes the sentence away', async () => {
    const { page, log } = await openPage('?view=pendulum&pendulum.actuator=sts3215&pendulum.model=m1&pendulum.kt=0.9', 'pendulum');
    try {
      const off = page.locator('.lesson-off');
      await off.waitFor({ state: 'visible', timeout: 5000 });
      const text = await off.textContent();
      expect(/actuator/.test(text) && /model/.test(text) && /kt/.test(text), `the sentence does not name what differs: ${text}`);
      await shot(page, 'pendulum-offbench');
      await page.click('.lesson-reset');
      expect(await h.waitFor(async () => (await page.locator('.lesson-off').count()) === 0, 5000), 'Reset left the sentence');
      // a mass typed in the view's own field takes it off the lesson's bench again, without a remount
      await type(page, 'mass', 0.7);
      const live = await h.waitFor(async () => ((await page.locator('.lesson-off').count()) ? page.locator('.lesson-off').textContent() : null), 5000);
      expect(live && /mass/.test(live), `after typing a mass the lesson says '${live}'`);
      const problems = h.logProblems(log);
      expect(!problems.length, problems.slice(0, 3).join('; '));
      return text;
    } finally {
      await page.close();
    }
  });

  await wellposedLesson(h);
  await lessonBoxChecks(h);
}

/** The views with a lesson (web/src/views/index.js's order). */
const LESSON_VIEWS = ['laws', 'drive', 'pendulum', 'arm', 'wellposed', 'scenarios', 'fit', 'mujoco'];
/** Lines of the steps a short window must show in the lesson box unscrolled
 *  (the steps of every lesson run to 8 lines and more; before, at 853×600 the
 *  sheets' address field and its note left about one, cut mid-line). */
const LESSON_LINES = 5;

/** The "Try this" steps readable in the lesson box as it opens, at 1280×900,
 *  1024×768 and 853×600, in English and French: at least LESSON_LINES lines
 *  of the steps inside the box's visible part (the box scrolls inside itself
 *  past 30 % of the window's height), the box inside the window. */
export async function lessonBoxChecks(h) {
  await h.check(`lessons: every view's Try-this steps show ${LESSON_LINES}+ lines unscrolled at 1280×900, 1024×768 and 853×600 (en, fr)`, async () => {
    const bad = [], seen = [];
    for (const lang of ['en', 'fr']) {
      for (const id of LESSON_VIEWS) {
        const { page, log } = await h.openPage(`?view=${id}&lang=${lang}`, id);
        try {
          for (const [w, hh] of [[1280, 900], [1024, 768], [853, 600]]) {
            await page.setViewportSize({ width: w, height: hh });
            await h.frames(page, 3);
            const r = await page.evaluate(() => {
              const body = document.querySelector('.lesson .lesson-body');
              const ol = body?.querySelector('.lesson-try > ol'), li = ol?.querySelector('li');
              if (!li) return null;
              const B = body.getBoundingClientRect(), O = ol.getBoundingClientRect();
              const shown = Math.min(O.bottom, B.bottom, innerHeight) - Math.max(O.top, B.top, 0);
              return { lines: shown / parseFloat(getComputedStyle(li).lineHeight), scrolled: body.scrollTop };
            });
            if (!r) { bad.push(`${id} ${lang} ${w}: no steps`); continue; }
            seen.push(r.lines);
            if (r.scrolled !== 0 || r.lines < LESSON_LINES) bad.push(`${id} ${lang} ${w}×${hh}: ${r.lines.toFixed(1)} lines`);
          }
          const problems = h.logProblems(log);
          if (problems.length) bad.push(`${id} ${lang}: ${problems[0]}`);
        } finally {
          await page.close();
        }
      }
    }
    h.expect(!bad.length, `too few lines of the steps in view: ${bad.slice(0, 8).join('; ')}`);
    return `${seen.length} boxes, the fewest ${Math.min(...seen).toFixed(1)} lines`;
  });
}

/** The Laws lesson followed in language `lang` (inLanguage): the controls
 *  and read-outs found through the table's words, the same numbers. */
export async function lawsLesson(h, lang = 'en') {
  const { check, expect, openPage, waitFor, ROOT } = h;
  const { has, see, shot, sameAsSetUp, quotesChecked } = kit(h);
  const { L, query, tag, title, steps: stepsOf, local, read } = inLanguage(h, lang);
  await check(`lessons: laws${title}, steps 1–4 followed in order from Reset show the numbers they quote (friction eval, closed forms)`, async () => {
    const { page, log } = await openPage(`?view=laws${query}&laws.B=7&laws.law=rational`, 'laws');
    const esc = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    const symbol = (text) => text.replace(/[_^]([\p{L}\p{N}])(?![\p{L}\p{N}])/gu, '$1');
    const BAND = L['laws.ds.band'].split('|')[0].trim();
    // eq. 15's message in the page's language (the core's sentence, i18n core.law.eq15_*):
    // "needs 1/Z > n" in English, its words and the number with the language's mark else
    const needsText = (n) => (lang === 'en' ? `needs 1/Z > ${n}`
      : `${/[^,;:(]*1\/Z > (?=\{need\})/.exec(L['core.law.eq15_start'])[0].trim()} ${local(n)}`);
    const [preBytes, postBytes] = L['laws.lut.info'].split('{bytes}');
    const BYTES = new RegExp(`${esc(preBytes)}(\\d+)${esc(postBytes.split('(')[0])}`);
    try {
      const steps = await stepsOf(page, 'laws', 4);
      await reset(page);
      expect(!/laws\.B=7|rational/.test(page.url()), `Reset left the URL at ${page.url()}`);
      const snaps = [];
      const T = 0.001, Fc = 0.4, Fs = 2.5;
      const law = { law: 'stribeck', Fs, Fc, vs: 0.06, D: 4.5, alpha: 1 };
      const msgText = () => page.evaluate(() => { const e = document.querySelector('#laws-problem [role=alert]'); return e && e.checkVisibility() ? e.textContent : ''; });
      const zLine = () => page.evaluate(() => [...document.querySelectorAll('#view .readout')].map((e) => e.textContent).join(' | '));
      const band = () => page.evaluate((b) => [...window.__fx.charts.all].flatMap((c) => c.data.datasets.map((d) => d.label))
        .find((l) => l.includes(b)) || '', BAND);
      const setK = async (need) => {
        const k = round(1.05 * need / T, 3); // the view's fix: 5 % above the smallest K, 3 digits
        const b = page.locator('#laws-problem button');
        await b.click();
        expect(read(await field(page, L['laws.param.K']).inputValue()) === k, `K after "Set K": ${await field(page, L['laws.param.K']).inputValue()}, closed form ${k}`);
        return k;
      };
      // step 1
      snaps.push(await controls(page));
      const n1 = needs(ROOT, law);
      has(steps[0], `needs for the Stribeck drop`); has(steps[0], `${n1} N·s/m`);
      await type(page, L['laws.param.B'], 0);
      const m1 = await waitFor(msgText, 3000);
      expect(m1.includes(needsText(n1)), `step 1 message: '${m1}'`);
      see(page, steps[0]);
      const k1 = await setK(n1);
      has(steps[0], `K = ${k1} N/m`); has(steps[0], `1/Z = ${round(k1 * T, 6)} N·s/m`);
      expect((await zLine()).includes(local(`(1/Z = ${round(k1 * T, 6)} N·s/m)`)), `step 1 Z line: ${await zLine()}`);
      expect(!(await msgText()), 'step 1: the message stays after "Set K"');
      await shot(page, `laws-1${tag}`);
      // step 2
      snaps.push(await controls(page));
      const n2 = needs(ROOT, { ...law, alpha: 6 });
      has(steps[1], `1/Z = ${round(k1 * T, 6)} N·s/m allows (it needs ${round(n2, 3)})`);
      await type(page, L['laws.param.alpha'], 6);
      const m2 = await waitFor(msgText, 3000);
      expect(m2.includes(needsText(round(n2, 3))) || m2.includes(needsText(n2)), `step 2 message: '${m2}' (CLI ${n2})`);
      see(page, steps[1]);
      // step 3
      snaps.push(await controls(page));
      await pick(page, L['laws.law'], 'coulomb-viscous');
      expect(await waitFor(async () => !(await msgText()), 3000), 'step 3: the message stays for Coulomb-viscous');
      const Z3 = 1 / (k1 * T);
      const e3 = Fc * Z3;          // the band edge Z·Φ(+0), Φ(+0) = Fc
      has(steps[2], `Z·Fc = ${Fc}/${round(k1 * T, 6)} = ${round(e3, 3)} m/s`);
      expect((await band()).includes(local(`= ${round(e3, 6)} m/s`)), `step 3 band: '${await band()}' (closed form ${e3})`);
      // the CLI: Φ_Z is v*/Z inside the band, Fc + D·v* beyond... at the edge it is Fc
      const pz = csv(cli(ROOT, ['eval', 'law=coulomb-viscous', `Fc=${Fc}`, 'D=4.5', `Z=${Z3}`, 'what=phi_z', `x=${e3 * 0.5},${e3}`]));
      expect(Math.abs(pz.rows[0][1] - e3 * 0.5 / Z3) < 1e-12 && Math.abs(pz.rows[1][1] - Fc) < 1e-12, `CLI Φ_Z at the band: ${JSON.stringify(pz.rows)}`);
      await shot(page, `laws-3${tag}`);
      // step 4
      snaps.push(await controls(page));
      await pick(page, L['laws.law'], 'stribeck');
      const m4 = await waitFor(msgText, 3000);
      expect(m4.includes(needsText(round(n2, 3))) || m4.includes(local(n2)), `step 4: no eq. 15 message back: '${m4}'`);
      const k4 = await setK(n2);
      const e4 = Fs / (k4 * T);
      has(steps[3], `K = ${k4} N/m`); has(steps[3], `Z·Fs = ${Fs}/${round(k4 * T, 6)} = ${round(e4, 3)} m/s`);
      expect((await band()).includes(local(`= ${round(e4, 6)} m/s`)), `step 4 band: '${await band()}' (closed form ${e4})`);
      const bytes = async () => Number((BYTES.exec(await zLine()) || [])[1]);
      const b0 = await bytes();
      await type(page, symbol(L['laws.param.tol']), '1e-9');
      const tol = 1e-9 * Fs;
      has(steps[3], `at ${tol} N`);
      expect(await waitFor(async () => (await zLine()).includes(local(fill(L['laws.ds.tol'], { tol: tol.toExponential(3) }))), 3000), `step 4 read-out: ${await zLine()}`);
      const b1 = await bytes();
      expect(b1 > b0, `the table did not grow: ${b0} → ${b1} bytes`);
      // the CLI's table and exact transform: the error under the tolerance
      const xs = Array.from({ length: 2001 }, (_, i) => (0.3 * i) / 2000).join(',');
      const args = ['eval', ...Object.entries({ ...law, alpha: 6 }).map(([k, v]) => `${k}=${v}`), `Z=${1 / (k4 * T)}`, `x=${xs}`];
      const lut = csv(cli(ROOT, [...args, 'what=lut', `tol=${tol}`])), ex = csv(cli(ROOT, [...args, 'what=phi_z']));
      const worst = Math.max(...lut.rows.map((r, i) => Math.abs(r[1] - ex.rows[i][1])));
      expect(worst <= tol, `CLI table error ${worst} > ${tol}`);
      await shot(page, `laws-4${tag}`);
      await sameAsSetUp(page, snaps);
      await quotesChecked(page, steps);
      const problems = h.logProblems(log);
      expect(!problems.length, problems.slice(0, 3).join('; '));
      return `eq. 15 needs ${n1} and ${n2}; K ${k1} and ${k4} N/m; bands ${round(e3, 3)} and ${round(e4, 3)} m/s; table ${b0} → ${b1} B, `
        + `CLI error ≤ ${worst.toExponential(2)} N; "Set up" of each step = the steps followed`;
    } finally {
      await page.close();
    }
  });

}

/** The Drive lesson followed in language `lang` (inLanguage). */
export async function driveLesson(h, lang = 'en') {
  const { check, expect, openPage, ROOT } = h;
  const { has, see, shot, sameAsSetUp, quotesChecked } = kit(h);
  const { L, query, tag, title, steps: stepsOf, read } = inLanguage(h, lang);
  await check(`lessons: drive${title}, steps 1–4 followed in order from Reset show the band widths they quote (friction diagram, Dupont's lines)`, async () => {
    const params = path.resolve(ROOT, '../shared/data/bam/params/erob80_100');
    if (!fs.existsSync(path.join(params, 'm4.json'))) return { skip: `${h.MISSING_DATA}: ${params}` };
    /** The static band of `friction diagram` at τm: [lowest lower edge, highest upper edge]. */
    const cliBand = (model, v, T, tm) => {
      const d = csv(cli(ROOT, ['diagram', '--params', path.join(params, `${model}.json`), `max_torque=${T}`, `velocities=${v}`, 'points=5']));
      const c = (n) => d.cols.indexOf(n);
      const at = d.rows.filter((r) => Math.abs(r[c('tau_m')] - tm) < 1e-9);
      const up = Math.max(...at.filter((r) => r[c('boundary')] === 'upper').map((r) => r[c('tau_e')]));
      const lo = Math.min(...at.filter((r) => r[c('boundary')] === 'lower').map((r) => r[c('tau_e')]));
      return [lo, up];
    };
    /** The page's band of the first velocity at τm (its two edge datasets, interpolated). */
    const EDGES = L['drive.ds.static'].split('{v}')[0];
    const pageBand = (page, tm) => page.evaluate(([x, edges]) => {
      const c = [...window.__fx.charts.all].find((k) => k.data.datasets.some((d) => d.label.startsWith(edges)));
      const at = (data) => {
        for (let k = 1; k < data.length; k++) {
          const a = data[k - 1], b = data[k];
          if ((a.x - x) * (b.x - x) <= 0) return a.x === b.x ? a.y : a.y + ((b.y - a.y) * (x - a.x)) / (b.x - a.x);
        }
        return NaN;
      };
      return [at(c.data.datasets[0].data), at(c.data.datasets[1].data)];
    }, [tm, EDGES]);
    const width = ([lo, up]) => up - lo;
    const close = (a, b, what) => expect(Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(b)), `${what}: page ${a}, reference ${b}`);
    const { page, log } = await openPage(`?view=drive${query}&drive.velocities=3`, 'drive');
    try {
      const steps = await stepsOf(page, 'drive', 4);
      await reset(page);
      const snaps = [];
      const pickPreset = (label) => page.locator('#view .controls select').first().selectOption({ label });
      // step 1
      snaps.push(await controls(page));
      await pickPreset('erob80_100 M1');
      const m1 = JSON.parse(fs.readFileSync(path.join(params, 'm1.json'), 'utf8'));
      const w0 = 2 * m1.friction_base, w1 = 2 * (m1.friction_base + m1.friction_viscous);
      has(steps[0], `${round(w0, 3)} N·m wide (2·K_c)`); has(steps[0], `widens to ${round(w1, 3)} N·m`);
      const velocities = page.locator('#drive-velocities');
      expect(await velocities.inputValue() !== '0', 'the velocities field starts at 0: nothing to set');
      for (const tm of [-40, 0, 40]) {
        close(width(await pageBand(page, tm)), w0, `M1 θ̇ = 0 band at τm = ${tm}`);
        close(width(cliBand('m1', 0, 60, 0)), w0, 'CLI M1 θ̇ = 0 band');
      }
      await velocities.fill('1');
      await velocities.press('Enter');
      await page.waitForTimeout(200);
      close(width(await pageBand(page, 0)), w1, 'M1 θ̇ = 1 band at τm = 0');
      see(page, steps[0]);
      close(width(cliBand('m1', 1, 60, 0)), w1, 'CLI M1 θ̇ = 1 band');
      // step 2: M4, the velocity still 1
      snaps.push(await controls(page));
      await pickPreset('erob80_100 M4');
      await page.waitForTimeout(200);
      const c0 = width(cliBand('m4', 1, 60, 0)), c60 = width(cliBand('m4', 1, 60, -60));
      has(steps[1], `${round(c0, 3)} N·m wide at τm = 0 but ${round(c60, 3)} N·m wide at τm = −60 N·m`);
      close(width(await pageBand(page, 0)), c0, 'M4 θ̇ = 1 band at τm = 0');
      close(width(await pageBand(page, -60)), c60, 'M4 θ̇ = 1 band at τm = −60');
      await shot(page, `drive-2${tag}`);
      // step 3: the screw (Dupont Fig. 5 efficiencies, no τ_c, no b_v: the lines τe = −η·τm at any velocity)
      snaps.push(await controls(page));
      await page.locator('#view .controls select').first().selectOption('screw');
      await page.waitForTimeout(200);
      const eta1 = read(await field(page, L['drive.param.eta1']).inputValue()), eta2 = read(await field(page, L['drive.param.eta2']).inputValue());
      const [lo, up] = await pageBand(page, -100);
      has(steps[2], `from ${round(eta1 * 100, 3)} to ${round(eta2 * 100, 3)} N·m at τm = −100 N·m`);
      close(lo, eta1 * 100, 'screw lower edge at τm = −100');
      close(up, eta2 * 100, 'screw upper edge at τm = −100');
      await shot(page, `drive-3${tag}`);
      snaps.push(await controls(page));
      await sameAsSetUp(page, snaps);
      await quotesChecked(page, steps);
      const problems = h.logProblems(log);
      expect(!problems.length, problems.slice(0, 3).join('; '));
      return `M1 ${round(w0, 3)} → ${round(w1, 3)} N·m; M4 at θ̇ = 1: ${round(c0, 3)} and ${round(c60, 3)} N·m (CLI); screw ${round(eta1 * 100, 3)}…${round(eta2 * 100, 3)} N·m`;
    } finally {
      await page.close();
    }
  });

}

/** The Well-posedness lesson followed in language `lang` (inLanguage). */
export async function wellposedLesson(h, lang = 'en') {
  const { check, expect, openPage, waitFor, ROOT } = h;
  const { has, see, shot, sameAsSetUp, quotesChecked } = kit(h);
  const { L, query, tag, title, steps: stepsOf, read } = inLanguage(h, lang);
  await check(`lessons: wellposed${title}, steps 1–5 followed in order from Reset show what they quote (friction run solutions-2dof, screw-selflock)`, async () => {
    const { page, log } = await openPage(`?view=wellposed${query}&wellposed.map.mu=0.3&wellposed.screw.J=12`, 'wellposed');
    const label = (key) => L[key].replace(/[_^]([\p{L}\p{N}])(?![\p{L}\p{N}])/gu, '$1');
    const MU = label('param.solutions-2dof.mu.label'), D22 = label('param.solutions-2dof.D22.label'), J = label('param.screw-selflock.J.label');
    const run = (name, p) => csv(cli(ROOT, ['run', name, ...Object.entries(p).map(([k, v]) => `${k}=${v}`)]));
    const counts = (m) => {
      const c = m.cols.indexOf('solutions'), n = [0, 0, 0];
      for (const r of m.rows) n[r[c] <= 0 ? 0 : r[c] === 1 ? 1 : 2]++;
      return n;
    };
    /** The page's map counts once it is computed (none, unique, several). */
    const pageCounts = () => waitFor(() => page.evaluate(() => {
      const m = window.__fx?.wellposed?.map && window.__fx.wellposed.map();
      return m && !m.busy ? m.counts.join(',') : null;
    }), 8000);
    const wfield = (label) => page.locator('#view .ctl', { has: page.locator('.ctl-label', { hasText: label }) }).locator('input.ctl-num').first();
    const wtype = async (label, v) => { await wfield(label).fill(String(v)); await wfield(label).press('Enter'); await page.waitForTimeout(150); };
    try {
      const steps = await stepsOf(page, 'wellposed', 5);
      await reset(page);
      expect(!/map\.mu=0\.3|screw\.J=12/.test(page.url()), `Reset left ${page.url()}`);
      const snaps = [];
      // step 1: μ = 0.45, then 0.46
      snaps.push(await controls(page));
      await wtype(MU, 0.45);
      const r45 = run('solutions-2dof', { mu: 0.45 });
      expect(await pageCounts() === counts(r45).join(','), `μ = 0.45: page ${await pageCounts()}`);
      // the verdict's determinant range: the CLI's det_min and det_max, 3 digits
      const det = (name) => round(r45.rows[0][r45.cols.indexOf(name)], 3);
      has(steps[0], `(determinants ${det('det_min')} … ${det('det_max')})`);
      await wtype(MU, 0.46);
      const c46 = counts(run('solutions-2dof', { mu: 0.46 }));
      expect(await pageCounts() === c46.join(','), `μ = 0.46: page ${await pageCounts()}, CLI ${c46}`);
      has(steps[0], `${c46[0]} none, ${c46[2]} several`);
      // step 2: μ = 0.6 again, D22 (1 here: the step's text says so) → 1.3 → 1.4
      snaps.push(await controls(page));
      await wtype(MU, 0.6);
      expect(read(await wfield(D22).inputValue()) === 1, `D22 at step 2 is ${await wfield(D22).inputValue()}, the step says it starts at 1`);
      has(steps[1], 'D22 = 1.3 (it starts at 1), then 1.4');
      await wtype(D22, 1.3);
      const d14 = run('solutions-2dof', { D22: 1.4 }), d13 = run('solutions-2dof', { D22: 1.3 });
      expect(await pageCounts() === counts(d13).join(','), `D22 = 1.3: page ${await pageCounts()}, CLI ${counts(d13)}`);
      see(page, steps[1]);
      await wtype(D22, 1.4);
      expect(await pageCounts() === counts(d14).join(',') && counts(d14)[1] === 3721, `D22 = 1.4: page ${await pageCounts()}, CLI ${counts(d14)}`);
      const dm = (m) => Number(m.rows[0][m.cols.indexOf('det_min')].toFixed(2)).toString().replace('-', '−');
      has(steps[1], `(${dm(d13)} → ${dm(d14)})`);
      // step 3: hover (nothing to type); step 4: → five times, then R
      snaps.push(await controls(page));
      snaps.push(await controls(page));
      await page.evaluate(() => document.activeElement?.blur());
      for (let k = 0; k < 5; k++) await page.keyboard.press('ArrowRight');
      expect(read(await wfield(J).inputValue()) === 30, `J after → ×5: ${await wfield(J).inputValue()}`);
      await page.keyboard.press('r');
      const j30 = run('screw-selflock', { J: 30, duration: 1 });
      const k = (n) => j30.cols.indexOf(n);
      expect(j30.rows.every((r) => r[k('solutions')] === 1 && r[k('impulses')] === 0), 'CLI J = 30: not one solution at every step');
      has(steps[3], `rest at t = ${j30.rows.find((r) => r[k('held')] === 1)[k('t')]} s, no impulse`);
      const jline = await page.evaluate(() => document.getElementById('wellposed-jline').textContent);
      expect(jline.includes('= 5 kg·m²') && jline.includes('> 0'), `J line: '${jline}' (closed form 30 + 50/(−2) = 5)`);
      await page.waitForTimeout(1500);
      see(page, steps[3]);   // the time it came to rest, once the run is past it
      const ev = await page.evaluate(() => (window.__fx.wellposed.events || []).map((e) => e.kind));
      expect(!ev.some((x) => /impulse/.test(x)), `the page's rule acted with J = 30 after R: ${ev.join(', ')}`);
      // step 5: ← five times, rule = stop
      snaps.push(await controls(page));
      for (let k2 = 0; k2 < 5; k2++) await page.keyboard.press('ArrowLeft');
      expect(read(await wfield(J).inputValue()) === 5, `J after ← ×5: ${await wfield(J).inputValue()}`);
      await page.locator('#view summary', { hasText: L['wellposed.head.simMore'] }).click();
      await pick(page, label('param.screw-selflock.rule.label'), 'stop');
      const stop = cli(ROOT, ['run', 'screw-selflock', 'rule=stop', 'duration=1']).error || '';
      const core = /t = 0 s: (.*?);/.exec(stop)?.[1];
      expect(core, `CLI rule=stop: '${stop}'`);
      has(steps[4], 'stops at t = 0');
      const shown = await waitFor(() => page.evaluate((m) => [...document.querySelectorAll('#view [role=alert], #view .msg-bad, #view [role=status]')]
        .some((e) => e.checkVisibility() && e.textContent.includes(m)), core), 4000);
      expect(shown, `the page does not show the core's '${core}'`);
      await shot(page, `wellposed-5${tag}`);
      await sameAsSetUp(page, snaps);
      await quotesChecked(page, steps);
      const problems = h.logProblems(log);
      expect(!problems.length, problems.slice(0, 3).join('; '));
      return `μ 0.46: ${c46}; D22 1.4: ${counts(d14)}; J 30 after R: no impulse; J 5 + stop: '${core}'`;
    } finally {
      await page.close();
    }
  });
}

/** The pendulum lesson followed in language `lang` (?lang=; 'en': the
 *  page's default): the same steps and numbers, the controls found by the
 *  table's words (web/src/i18n/). */
export async function pendulumLesson(h, lang = 'en') {
  const { check, expect, openPage, waitFor } = h;
  const ROOT = h.ROOT;
  const { has, see, shot, sameAsSetUp, quotesChecked } = kit(h);
  const { L, EN, local, read } = inLanguage(h, lang);
  const symbol = (text) => text.replace(/[_^]([\p{L}\p{N}])(?![\p{L}\p{N}])/gu, '$1');
  const label = (name) => symbol(L[`param.bench.${name}.label`]);
  // treatment i's status: θ, reversals/s and in all, read through the table's sentence
  const esc = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const STATUS = new RegExp(esc(L['pendulum.status.sim']).replace(/\\\{(\w+)\\\}/g, (m, k) => ({
    q: '(-?[0-9.,]+) rad.*', rate: '([0-9]+)', all: '([0-9]+)' }[k] || '.*')));
  await check(`lessons: pendulum${lang === 'en' ? '' : ` (?lang=${lang})`}, steps 1–5 followed in order from Reset show the numbers they quote (friction run bench)`, async () => {
    const dt = 0.001;
    /** `friction run bench` of the view's constant goal with treatment `friction`, to `duration`. */
    const bench = (friction, goal, duration) => csv(cli(ROOT, ['run', 'bench', 'trajectory=goal', `goal=${goal}`, `friction=${friction}`, `duration=${duration}`]));
    const { page, log } = await openPage(`?view=pendulum${lang === 'en' ? '' : `&lang=${lang}`}&pendulum.goal=0.3&pendulum.friction_b=clip`, 'pendulum');
    const clockT = async () => read(await page.evaluate(() => (/t = ([0-9.,]+) s/.exec(document.getElementById('pendulum-clock')?.textContent || '') || [])[1] ?? ''));
    /** Treatment i's θ, reversals/s and reversals in all, from the status line. */
    const status = async (i) => {
      const text = await page.evaluate(() => document.getElementById('pendulum-status').textContent);
      // the parts are joined by '  |  ' (a velocity below the step's resolution
      // reads '0 rad/s (|θ̇| < 1e-15)', whose bars are not separators)
      const part = text.split('  |  ')[i + 1] || '';
      const m = STATUS.exec(part);
      if (!m) throw new Error(`status line: '${text}'`);
      return { q: read(m[1]), rate: Number(m[2]), all: Number(m[3]), text: part.trim() };
    };
    /** Runs until t ≥ tMin, then pauses; returns the paused t. */
    const runTo = async (tMin) => {
      expect(await pauseAt(page, { clockId: 'pendulum-clock', tMin, playText: L['runbar.play'], pauseText: L['runbar.pause'] }),
        `the clock did not reach ${tMin} s (t = ${await clockT()})`);
      await page.waitForTimeout(300); // the last paint (the charts' mirrors, the status line)
      return clockT();
    };
    const rowAt = (run, t) => run.rows[Math.round(t / dt)];
    try {
      const shown = await lessonSteps(page);
      expect(shown.length === 5, `${shown.length} steps`);
      // the steps in the page's language are the table's; the phrases below
      // are checked in the English table's text of the same steps, whose
      // quoted numbers are the shown steps' (the same ⟦…⟧ in every table:
      // tests/web/i18n.test.mjs; and here, on the page)
      const STEP_KEYS = [1, 2, 3, 4, 5].map((i) => `pendulum.lesson.step${i}`);
      const bare = (text) => text.replace(/[⟦⟧]/g, '');
      expect(shown.every((text, i) => text === local(bare(L[STEP_KEYS[i]]))), `the steps are not the ${lang} table's: ${shown[0].slice(0, 80)}…`);
      const steps = lang === 'en' ? shown : STEP_KEYS.map((k) => bare(EN[k]));
      const quotesOf = (text) => text.match(/⟦[^⟦⟧]*⟧/g) || [];
      expect(STEP_KEYS.every((k) => quotesOf(L[k]).join() === quotesOf(EN[k]).join()), 'the steps quote other numbers than the English ones');
      await reset(page);
      const snaps = [];
      // step 1: explicit B's reversal rate (the page's: over the last second of simulated time)
      snaps.push(await controls(page));
      const ex = bench('explicit', 1.2, 9.01);
      const rc = ex.cols.indexOf('reversals');
      const rate = (t) => rowAt(ex, t)[rc] - rowAt(ex, t - 1)[rc];
      // documentation check: 838 and 974 are the CLI's own count (no closed form
      // gives a chattering rate); the closed-form part is the bound: a velocity
      // sign change takes at least one step, so at most 1/dt = 1000 a second,
      // and "nearly one per 1 ms time step" means above 80 % of that bound
      has(steps[0], `from ${rate(2)} at 2 s`); has(steps[0], `to ${rate(9)} at 9 s`);
      expect(rate(2) <= 1 / dt && rate(9) <= 1 / dt && rate(9) > 0.8 / dt && rate(2) < rate(9),
        `explicit B: ${rate(2)} and ${rate(9)} reversals/s against the bound 1/dt = ${1 / dt}`);
      // A (implicit) reverses once as it settles, in its first second (the
      // whole-second read-out's 1 s), and never again: the CLI's count
      const imp = bench('implicit', 1.2, 9.01), ri = imp.cols.indexOf('reversals');
      const rateA = (t) => rowAt(imp, t)[ri] - rowAt(imp, t - 1)[ri];
      const restA = [2, 3, 4, 5, 6, 7, 8, 9].map(rateA);
      has(steps[0], `A reverses once as it settles, in its first second (${rateA(1)} a second at 1 s), then stays at 0;`);
      expect(rowAt(imp, 9)[ri] === 1 && rateA(1) === 1 && restA.every((r) => r === 0),
        `implicit A: ${rowAt(imp, 9)[ri]} reversals by 9 s, ${rateA(1)} in the first second, then ${restA.join(', ')}`);
      const t1 = await runTo(2);
      const b1 = await status(1), a1 = await status(0);
      const ex1 = bench('explicit', 1.2, t1 + 0.01);
      expect(b1.all === rowAt(ex1, t1)[rc], `B at t = ${t1}: ${b1.all} reversals in all, CLI ${rowAt(ex1, t1)[rc]}`);
      expect(b1.rate === rowAt(ex1, t1)[rc] - rowAt(ex1, t1 - 1)[rc], `B at t = ${t1}: ${b1.rate} reversals/s, CLI ${rowAt(ex1, t1)[rc] - rowAt(ex1, t1 - 1)[rc]}`);
      expect(a1.rate === 0, `A: ${a1.rate} reversals/s`);
      // step 2: the zoom
      snaps.push(await controls(page));
      await page.locator('#view label', { hasText: fill(L['pendulum.zoom'], { s: local(0.2) }) }).click();
      // step 3: → once, then five times (the keys of the page, focus on the page)
      snaps.push(await controls(page));
      await page.evaluate(() => document.activeElement?.blur());
      const qA = (await status(0)).q;
      await page.keyboard.press('ArrowRight');
      const g1 = read(await field(page, label('goal')).inputValue());
      expect(Math.abs(g1 - 1.25) < 1e-12, `goal after →: ${g1}`);
      has(steps[2], 'by 0.05 rad to 1.25 rad');
      await runTo((await clockT()) + 1);
      expect((await status(0)).q === qA, `A moved after →: θ ${qA} → ${(await status(0)).q}`);
      for (let k = 0; k < 5; k++) await page.keyboard.press('ArrowRight');
      const g2 = read(await field(page, label('goal')).inputValue());
      expect(Math.abs(g2 - 1.5) < 1e-12, `goal after five more →: ${g2}`);
      has(steps[2], '(goal 1.5 rad)');
      const qB = (await status(0)).q;
      await runTo((await clockT()) + 1.5);
      const a3 = await status(0);
      expect(a3.q > qB && a3.text.includes(L['pendulum.status.stick']), `A after the goal 1.5: '${a3.text}' (was θ ${qB})`);
      await shot(page, `pendulum-3${lang === 'en' ? '' : `-${lang}`}`);
      // step 4: B = karnopp, the run starts again at the goal 1.5
      snaps.push(await controls(page));
      await pick(page, symbol(L['pendulum.treatmentB']).replace(/ \(.*/, ''), 'karnopp');
      const ka = bench('karnopp', 1.5, 2.01);
      const kq = ka.cols.indexOf('q');
      const q1 = rowAt(ka, 1)[kq], q2 = rowAt(ka, 2)[kq];
      has(steps[3], `after ${rowAt(ka, 2)[rc]} reversals`);
      has(steps[3], `creeping up, ${round(q2 - q1, 2)} rad a second`);
      // closed form (Kikuuwe eq. 3): inside the band friction cancels the other
      // torques, a = 0, so the velocity it entered with is kept, |θ̇| < eps =
      // 1e-3 rad/s, and θ advances by θ̇·dt a step: over 1 s, θ(2) − θ(1) = θ̇
      const kv = ka.cols.indexOf('dq'), v1 = rowAt(ka, 1)[kv], v2 = rowAt(ka, 2)[kv];
      expect(v1 === v2 && v1 > 0 && v1 < 1e-3 && Math.abs((q2 - q1) - v1 * 1) <= 1e-12,
        `karnopp creep: θ̇ ${v1} at 1 s, ${v2} at 2 s (band 1e-3 rad/s), θ(2) − θ(1) = ${q2 - q1} rad`);
      has(steps[3], `θ ${q1.toFixed(4)} rad at 1 s, ${q2.toFixed(4)} at 2 s`);
      const t4 = await runTo(1);
      const b4 = await status(1);
      const ka4 = bench('karnopp', 1.5, t4 + 0.01);
      expect(t4 < 2, `the run did not start again: t = ${t4}`);
      expect(b4.q === Number(rowAt(ka4, t4)[kq].toFixed(4)) && b4.all === rowAt(ka4, t4)[rc], `B karnopp at t = ${t4}: '${b4.text}', CLI θ ${rowAt(ka4, t4)[kq]}, ${rowAt(ka4, t4)[rc]} reversals`);
      see(page, steps[3]);
      await runTo(2);
      see(page, steps[3]);
      // step 5: B = clip
      snaps.push(await controls(page));
      await pick(page, symbol(L['pendulum.treatmentB']).replace(/ \(.*/, ''), 'clip');
      const cl = bench('clip', 1.5, 2.01), im = bench('implicit', 1.5, 2.01);
      const cq = rowAt(cl, 2)[kq], cv = rowAt(cl, 2)[cl.cols.indexOf('dq')];
      has(steps[4], `after ${rowAt(cl, 2)[rc]} reversals`);
      has(steps[4], `at ${cq.toFixed(4)} rad like implicit`);
      expect(cq.toFixed(4) === rowAt(im, 2)[kq].toFixed(4) && rowAt(im, 2)[im.cols.indexOf('dq')] === 0, `CLI implicit ${rowAt(im, 2)[kq]}, clip ${cq}`);
      // documentation check: the residue is the CLI's rounding (no closed form);
      // closed form: it is below one ulp of the budget's own scale per step,
      // |θ̇| ≤ 2^-52·(the held arm's largest torque, ~1 N·m)·dt/J ≪ 1e-15 rad/s
      has(steps[4], 'reads 0 rad/s (|θ̇| < 1e-15)');
      expect(Math.abs(cv) < 1e-15 && cv !== 0, `clip residue ${cv} rad/s (the step says it is a residue, not 0)`);
      const t5 = await runTo(1);
      const b5 = await status(1);
      const cl5 = bench('clip', 1.5, t5 + 0.01);
      expect(b5.q === Number(rowAt(cl5, t5)[kq].toFixed(4)) && b5.all === rowAt(cl5, t5)[rc], `B clip at t = ${t5}: '${b5.text}', CLI θ ${rowAt(cl5, t5)[kq]}`);
      see(page, steps[4]);
      // what the step says the screen shows: B's velocity written as 0 with its bound
      expect(b5.text.includes('0 rad/s (|θ̇| < 1e-15)'), `B clip's status: '${b5.text}'`);
      await shot(page, `pendulum-5${lang === 'en' ? '' : `-${lang}`}`);
      // step 1's numbers at 2 s and 9 s, in the whole-second read-out of a
      // page of its own at the lesson's start, run to 9 s
      const p9 = (await openPage(`?view=pendulum${lang === 'en' ? '' : `&lang=${lang}`}`, 'pendulum')).page;
      try {
        const play = p9.locator('#view button', { hasText: new RegExp(`^(${L['runbar.pause']}|${L['runbar.play']})$`) }).first();
        if (await play.textContent() === L['runbar.play']) await play.click();
        const at9 = await waitFor(async () => read(await p9.evaluate(() => (/t = ([0-9.,]+) s/.exec(document.getElementById('pendulum-clock')?.textContent || '') || [])[1] ?? '')) >= 9.3, 120_000, 100);
        expect(at9, 'a page at the lesson\'s start did not run to 9 s');
        await see(p9, steps[0]);
        // A's whole-second read-out (its first line): the CLI's reversals of each second, 1 at 1 s and 0 from 2 s to 9 s
        const ITEM = new RegExp(esc(L['pendulum.seconds.item']).replace(/\\\{(\w+)\\\}/g, (m, k) => ({ n: '([0-9]+)', rate: '([0-9]+)' }[k] || '[^·]*?')), 'g');
        const lineA = (await p9.evaluate(() => document.getElementById('pendulum-seconds').textContent)).split('\n')[0];
        const perSecond = [...lineA.matchAll(ITEM)].map((x) => [Number(x[1]), Number(x[2])]).filter(([n]) => n <= 9);
        expect(perSecond.length === 9 && perSecond.every(([n, r]) => r === rateA(n)),
          `A's whole-second read-out '${lineA.slice(0, 160)}…' against the CLI's ${[1, ...restA.map((_, i) => i + 2)].map((n) => `${n} s: ${rateA(n)}`).join(', ')}`);
      } finally {
        await p9.close();
      }
      await sameAsSetUp(page, snaps);
      await quotesChecked(page, steps);
      // the steps and the run bar leave the view on the lesson's bench: no "this bench differs" sentence
      const offText = await page.locator('.lesson-off').allTextContents();
      expect(offText.length === 0, `after the five steps the lesson says the bench differs: ${offText.join(' ')}`);
      const problems = h.logProblems(log);
      expect(!problems.length, problems.slice(0, 3).join('; '));
      return `A implicit ${rateA(1)} reversal in its first second, then ${restA.join(', ')} (CLI = the page's whole-second read-out); B explicit ${rate(2)} → ${rate(9)} reversals/s (documentation check: the CLI's count; closed form: ≤ 1/dt = ${1 / dt}; `
        + `page at t = ${t1}: ${b1.rate}, ${b1.all} in all = CLI); goal 1.25, 1.5; `
        + `karnopp ${rowAt(ka, 2)[rc]} reversals, θ ${q1.toFixed(4)} → ${q2.toFixed(4)} (closed form: θ(2) − θ(1) = the kept θ̇ < eps); `
        + `clip ${cq.toFixed(4)} rad (documentation check)`;
    } finally {
      await page.close();
    }
  });

}
