// e2e.d/single.mjs: the single-file explorer (make dist:
// build/dist/friction-explorer.html, tools/single.mjs) opened from file://
// in headless Chromium, in a browser of its own (the harness's pages are
// served from its server and route every request). One page, as a teacher
// double-clicking the file would use it:
//   file        the file is built, names no service worker and is in the zip
//   pendulum    the clock advances; paused past 2 s, explicit B's reversal
//               count and rate are those of `friction run bench` at the same
//               time, and step 1 of the lesson shows B's rate at 2 s (the CLI's)
//   laws        from the lesson's start, B = 0 typed: eq. 15's message quotes
//               the bound of `friction eval`; the charts hold data
//   fit         Try a sample, M1, budget 1000, Fit: the run ends and the table
//               shows the published and fitted training MAE of `friction fit`
//               on the same sample (5 decimals)
//   language    Français chosen in the header: the page comes back in French
//               (the shell, the lesson: the French table's); English chosen:
//               back in English
//   In MuJoCo   says in one sentence, in the page's language, that the file
//               carries no MuJoCo and where the view runs (the English and
//               French table's single.missing)
// and over the whole session: no console error, no page error, no failed
// request, no request but file:, blob: and data: URLs. Then (Chromium only)
// every view opened in turn with no securitypolicyviolation event, the
// file's policy carrying its inline module's and style sheet's hashes, and
// in force (an inline script added to the page refused); and the file copied
// into "Clé USB/Physique 1ère": the print address field and the worksheet's
// links read the folder as written, not percent-encoded.
// The checks from pendulum on run in Firefox too (e2e.d/singlefirefox.mjs:
// Debian's firefox-esr through puppeteer-core), as fileChecks(h, drv, name).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { spawnSync } from 'node:child_process';
import { TABLES } from '../../../web/src/i18n/tables.js';
import { fill } from '../../../web/src/i18n/index.js';
import { localNumber } from '../../../web/src/format.js';
import { cli, csv, needs, lessonSteps, reset } from './lessons.mjs';

// this module's bound (the harness's watchdog): a fit of budget 1000 and three page loads
export const WATCHDOG_MS = 300_000;
const SAMPLE = 'samples/xl330-sin_sin-simulated.json';
/** The single file (make dist). */
export const singleFile = (ROOT) => path.join(ROOT, 'build/dist/friction-explorer.html');

export default async function single(h) {
  const { check, expect, ROOT } = h;
  const FILE = singleFile(ROOT);
  let browser = null;
  const drv = { page: null, problems: [], phase: 'start' };
  try {
    await check('single: build/dist/friction-explorer.html is built (make dist), names no service worker, and the zip carries it beside the folder', async () => {
      expect(fs.existsSync(FILE), `${path.relative(ROOT, FILE)} is not built (make dist)`);
      const html = fs.readFileSync(FILE, 'utf8');
      expect(!/<meta name="fx-service-worker"/.test(html) && !/<script[^>]*\ssrc=/i.test(html) && !/<link[^>]*rel="stylesheet"/i.test(html),
        'the file names a service worker, a script or a style sheet beside it');
      const zip = path.join(path.dirname(FILE), 'friction-explorer.zip');
      const list = spawnSync('unzip', ['-l', zip], { encoding: 'utf8' }).stdout || '';
      expect(/\sfriction-explorer\.html\n/.test(list), `${path.basename(zip)} holds no friction-explorer.html`);
      browser = await h.ownBrowser();
      const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
      ctx.setDefaultTimeout(20_000);
      const { problems } = drv;
      // every securitypolicyviolation event (the file's Content-Security-Policy: tools/single.mjs)
      drv.csp = [];
      await ctx.exposeFunction('__fxCspViolation', (v) => { drv.csp.push(`${drv.phase}: ${v}`); problems.push(`${drv.phase}: Content-Security-Policy violation: ${v}`); });
      await ctx.addInitScript(h.cspListener);
      const page = await ctx.newPage();
      // the requests under way: a navigation of the test's own waits for them
      // (leaving the page aborts a worker's script still loading, which is no failure of the page)
      const pending = new Set();
      page.on('console', (m) => { if (m.type() === 'error') problems.push(`${drv.phase}: console: ${m.text()}`); });
      page.on('pageerror', (e) => problems.push(`${drv.phase}: page error: ${e.message}`));
      page.on('requestfailed', (r) => problems.push(`${drv.phase}: failed request: ${r.url().slice(0, 120)} (${r.failure()?.errorText})`));
      ctx.on('request', (r) => { if (!/^(file|blob|data):/.test(r.url())) problems.push(`${drv.phase}: request to ${r.url()}`); });
      page.on('request', (r) => pending.add(r));
      page.on('requestfinished', (r) => pending.delete(r));
      page.on('requestfailed', (r) => pending.delete(r));
      drv.page = page;
      drv.settled = async () => { await h.waitFor(() => pending.size === 0, 10_000, 50); };
      drv.choose = (selector, value) => page.selectOption(selector, value);
      return `${(html.length / 1e6).toFixed(2)} MB`;
    });
    await fileChecks(h, drv, 'single');
    await check('single: from file://, every view opens and draws with no Content-Security-Policy violation; the policy is in force (an inline script added to the page is refused) and allows the file\'s own module and style sheet by their hashes', async () => {
      expect(drv.page, 'no page (see the first check)');
      const page = drv.page;
      const html = fs.readFileSync(FILE, 'utf8');
      const policy = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(html)?.[1] || '';
      expect(/script-src [^;]*'sha256-[A-Za-z0-9+/=]{44}'/.test(policy) && /style-src [^;]*'sha256-[A-Za-z0-9+/=]{44}'/.test(policy)
        && !policy.includes("'unsafe-inline'") && !policy.includes("'unsafe-eval'"), `the file's policy: '${policy}'`);
      const opened = [];
      for (const view of ['laws', 'drive', 'pendulum', 'arm', 'wellposed', 'scenarios', 'fit']) {
        drv.phase = `csp ${view}`;
        await drv.settled();
        await page.goto(`file://${FILE}?view=${view}&lang=en`);
        expect(await h.waitFor(() => page.evaluate((id) => document.body.dataset.ready === 'true' && document.body.dataset.view === id, view), 20_000, 100),
          `the ${view} view did not come`);
        if (view !== 'fit') {
          expect(await h.waitFor(() => page.evaluate(() => [...(window.__fx?.charts?.all || [])].some((c) => c.data.datasets.some((d) => d.data.length > 0))), 10_000, 100),
            `the ${view} view draws nothing`);
        }
        opened.push(view);
      }
      expect(drv.csp.length === 0, drv.csp.slice(0, 4).join(' | '));
      drv.phase = 'csp probe';
      await h.cspInForce(page);
      return `${opened.join(', ')}: no violation; policy '${policy.slice(0, 60)}…'`;
    });
    await check('single: copied into "Clé USB/Physique 1ère", the lesson\'s address field and the printed worksheet\'s links read the folder as written, not percent-encoded; the links still open it', async () => {
      expect(drv.page, 'no page (see the first check)');
      const page = drv.page;
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fx-single-'));
      try {
        const folder = path.join(dir, 'Clé USB', 'Physique 1ère');
        fs.mkdirSync(folder, { recursive: true });
        fs.copyFileSync(FILE, path.join(folder, 'friction-explorer.html'));
        const url = pathToFileURL(path.join(folder, 'friction-explorer.html')).href;
        drv.phase = 'Clé USB';
        await drv.settled();
        await page.goto(`${url}?view=laws&lang=en`);
        expect(await h.waitFor(() => page.evaluate(() => document.body.dataset.ready === 'true'), 20_000, 100), 'the page did not start');
        await page.evaluate(() => { window.print = () => {}; document.querySelector('#view .lesson details').open = true; });
        const placeholder = await page.locator('#lesson-print-base').getAttribute('placeholder');
        await page.click('#view .lesson-print-sheet');
        const links = await page.evaluate(() => [...document.querySelectorAll('body > .worksheet a')].map((a) => ({ text: a.textContent, href: a.href })));
        const shown = `file://${folder}/friction-explorer.html`;
        expect(placeholder === shown, `the field's placeholder: '${placeholder}', not '${shown}'`);
        expect(links.length > 1 && links.every((l) => l.text.startsWith(`${shown}?view=laws`) && l.href.startsWith(`${url}?view=laws`)),
          `the sheet's links: ${links.slice(0, 2).map((l) => `'${l.text}' → ${l.href}`).join(', ')}`);
        return `'${placeholder}'; ${links.length} links, e.g. '${links[0].text.slice(0, 90)}…'`;
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });
  } finally {
    await browser?.close().catch(() => {});
  }
}

/**
 * The single file's checks from file:// in one browser, named `name: …`:
 * Pendulum, Laws, Fit, the language switch, In MuJoCo, and no problem over
 * the session. `drv`: { page, problems, phase, settled, choose }: page a
 * Playwright page (Chromium, above) or a puppeteer-core one (Firefox,
 * singlefirefox.mjs): only the calls both give the same meaning are used
 * (goto, evaluate with one argument, click, locator(selector).click/fill,
 * keyboard.press, screenshot); problems the console errors, page errors,
 * failed and foreign requests the browser's listeners recorded, each
 * prefixed by drv.phase (set here); settled() waits for the requests under
 * way; choose(selector, value) picks an option of a <select> as a person does.
 */
export async function fileChecks(h, drv, name) {
  const { check, expect, waitFor, ROOT, OUT } = h;
  const FILE = singleFile(ROOT);
  const EN = TABLES.en, FR = TABLES.fr;
  const bare = (text) => text.replace(/[⟦⟧]/g, '');
  const page = () => drv.page;
  /** fn(arg) true in the page within ms (a page being left or loaded answers false). */
  const until = (fn, arg, ms = 20_000, step = 100) => waitFor(() => drv.page.evaluate(fn, arg).catch(() => false), ms, step);
  /** Opens the file at `query` and waits for the view `view`; no error banner. */
  const open = async (query, view) => {
    await drv.settled();
    await page().goto(`file://${FILE}${query}`);
    expect(await until((id) => document.body.dataset.ready === 'true' && document.body.dataset.view === id, view), `the ${view} view did not come`);
    const banner = await page().evaluate(() => { const b = document.getElementById('error-banner'); return b.hidden ? '' : b.textContent; });
    expect(!banner, `${view}: the error banner says '${banner}'`);
  };

  await check(`${name}: from file://, the Pendulum runs (the clock advances) and explicit B's reversals are friction run bench's at the same time; step 1 shows B's rate at 2 s`, async () => {
    expect(page(), 'no page (see the first check)');
    drv.phase = 'pendulum';
    await open('?view=pendulum', 'pendulum');
    const clockT = () => page().evaluate(() => Number((/t = ([0-9.]+) s/.exec(document.getElementById('pendulum-clock')?.textContent || '') || [])[1]));
    // Pause/Play, the run bar's first button (runBar.js)
    const RUN = '#view .pendulum-runbar > button:first-of-type';
    const runText = await page().evaluate((sel) => document.querySelector(sel)?.textContent, RUN);
    expect(runText === EN['runbar.pause'] || runText === EN['runbar.play'], `the run bar's first button says '${runText}'`);
    if (runText === EN['runbar.play']) await page().click(RUN);
    expect(await waitFor(async () => (await clockT()) >= 2, 60_000, 50), `the clock did not reach 2 s: ${await clockT()}`);
    await page().click(RUN);
    await new Promise((r) => { setTimeout(r, 300); });
    const t1 = await clockT();
    const esc = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    const STATUS = new RegExp(esc(EN['pendulum.status.sim']).replace(/\\\{(\w+)\\\}/g, (m, k) => ({
      q: '(-?[0-9.]+) rad.*', rate: '([0-9]+)', all: '([0-9]+)' }[k] || '.*')));
    const text = await page().evaluate(() => document.getElementById('pendulum-status').textContent);
    const m = STATUS.exec(text.split('  |  ')[2] || '');
    expect(m, `status line: '${text}'`);
    const dt = 0.001;
    const run = csv(cli(ROOT, ['run', 'bench', 'trajectory=goal', 'goal=1.2', 'friction=explicit', `duration=${Math.max(t1, 2) + 0.01}`]));
    const rc = run.cols.indexOf('reversals');
    const at = (t) => run.rows[Math.round(t / dt)][rc];
    expect(Number(m[3]) === at(t1) && Number(m[2]) === at(t1) - at(t1 - 1),
      `B at t = ${t1} s: ${m[3]} reversals (${m[2]}/s), friction run bench ${at(t1)} (${at(t1) - at(t1 - 1)}/s)`);
    const steps = await lessonSteps(page());
    const rate2 = at(2) - at(1);
    expect(steps[0]?.includes(`from ${rate2} at 2 s`), `step 1 does not show B's rate at 2 s (${rate2}): '${steps[0]}'`);
    return `t = ${t1} s, B ${m[3]} reversals, ${m[2]}/s; step 1 shows ${rate2} at 2 s`;
  });

  await check(`${name}: from file://, Laws: B = 0 from the lesson's start gives eq. 15's message with friction eval's bound; the charts hold data`, async () => {
    expect(page(), 'no page (see the first check)');
    drv.phase = 'laws';
    await open('?view=laws', 'laws');
    await reset(page());
    // B's number field (the control whose label is the table's laws.param.B), typed as a person does
    const id = await page().evaluate((label) => [...document.querySelectorAll('#view .ctl')]
      .find((c) => c.textContent.includes(label))?.querySelector('input.ctl-num')?.id, EN['laws.param.B']);
    expect(id, `no field '${EN['laws.param.B']}'`);
    await page().locator(`#${id}`).fill('0');
    await page().keyboard.press('Enter');
    const need = needs(ROOT, { law: 'stribeck', Fs: 2.5, Fc: 0.4, vs: 0.06, D: 4.5, alpha: 1 });
    const msg = await waitFor(() => page().evaluate(() => { const e = document.querySelector('#laws-problem [role=alert]'); return e && e.checkVisibility() ? e.textContent : ''; }), 5000);
    expect(msg && msg.includes(`needs 1/Z > ${need}`), `the message: '${msg}' (friction eval: needs 1/Z > ${need})`);
    const drawn = await until(() => [...(window.__fx?.charts?.all || [])]
      .some((c) => c.data.datasets.some((d) => d.data.length > 0)), undefined, 10_000);
    expect(drawn, 'the charts hold no data');
    return `needs 1/Z > ${need}`;
  });

  await check(`${name}: from file://, Fit: Try a sample, M1, budget 1000, Fit ends with the training MAEs of friction fit on the sample`, async () => {
    expect(page(), 'no page (see the first check)');
    drv.phase = 'fit';
    await open('?view=fit&fit.model=m1&fit.budget=1000', 'fit');
    await page().locator('#view .try-sample').click();
    expect(await until(() => document.querySelectorAll('#fit-logs tbody tr').length === 1, undefined, 10_000), 'the sample was not loaded');
    await page().click('#fit-run');
    const done = await until(() => document.querySelector('.fit-view')?.dataset.fit === 'done', undefined, 180_000, 250);
    expect(done, `the fit did not end: ${await page().evaluate(() => document.getElementById('fit-error')?.textContent)}`);
    const shown = await page().evaluate(() => [...document.querySelectorAll('#fit-train-mae [data-mae]')].map((td) => Number(td.dataset.mae).toFixed(5)));
    const text = cli(ROOT, ['fit', '--model', 'm1', '--budget', 1000, '--seed', 1, '--threads', 1, '--out', path.join(OUT, `${name}-fit-cli`), path.join(ROOT, SAMPLE)]);
    expect(!text.error, `friction fit: ${text.error}`);
    const pub = /^M1\s+published\s+([0-9.]+)/m.exec(text)?.[1], got = /^M1\s+fit\s+([0-9.]+)/m.exec(text)?.[1];
    expect(shown[0] === pub && shown[1] === got, `the page shows ${shown.join(', ')}, friction fit ${pub}, ${got}`);
    await page().screenshot({ path: path.join(OUT, `${name}-fit.png`) });
    return `M1 published ${pub} → fit ${got}`;
  });

  await check(`${name}: from file://, Français chosen in the header: the page comes back in French; English chosen: back in English`, async () => {
    expect(page(), 'no page (see the first check)');
    const shell = () => page().evaluate(() => ({ lang: document.documentElement.lang, present: document.getElementById('present-button').textContent,
      missing: document.querySelector('.lang-missing')?.textContent || '', view: document.body.dataset.view }));
    for (const [code, L] of [['fr', FR], ['en', EN]]) {
      await drv.settled();
      drv.phase = `language ${code}`;
      await drv.choose('#lang-select', code);
      // the page loads again in `code` (the <html>'s lang is the old page's until then)
      expect(await until((c) => document.documentElement.lang === c && document.body.dataset.ready === 'true', code), `the page did not come back in ${code}`);
      const s = await shell();
      expect(s.lang === code && s.present === L['page.present'] && !s.missing && s.view === 'fit',
        `after choosing ${code}: lang ${s.lang}, '${s.present}', view ${s.view}${s.missing ? `, '${s.missing}'` : ''}`);
      const steps = await lessonSteps(page());
      // the page writes the lesson's numbers with its language's mark
      expect(steps[0] === localNumber(bare(L['fit.lesson.step1']), code === 'fr' ? ',' : '.'), `${code}: the lesson's step 1 is not the table's: '${steps[0]?.slice(0, 80)}'`);
      if (code === 'fr') await page().screenshot({ path: path.join(OUT, `${name}-fr.png`) });
    }
    return 'fr, then en';
  });

  await check(`${name}: from file://, In MuJoCo says in one sentence, in the page's language, that the file carries no MuJoCo and where the view runs`, async () => {
    expect(page(), 'no page (see the first check)');
    const said = {};
    for (const [code, L] of [['en', EN], ['fr', FR]]) {
      await drv.settled();
      drv.phase = `In MuJoCo ${code}`;
      await page().goto(`file://${FILE}?view=mujoco&lang=${code}`);
      expect(await until(() => document.body.dataset.ready === 'true' && document.body.dataset.view === 'mujoco'), 'the mujoco view did not come');
      const sentence = fill(L['single.missing'], { what: 'MuJoCo' });
      said[code] = await until((s) => document.body.innerText.includes(s), sentence, 10_000);
      expect(said[code], `${code}: the page does not say '${sentence}'`);
    }
    return fill(EN['single.missing'], { what: 'MuJoCo' });
  });

  await check(`${name}: no console error, page error or failed request from file://, and no request but the file's own (file:, blob:, data:)`, async () => {
    expect(page(), 'no page (see the first check)');
    await drv.settled();
    expect(!drv.problems.length, drv.problems.slice(0, 5).join(' | '));
    return 'none';
  });
}
