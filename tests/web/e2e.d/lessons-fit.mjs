// e2e.d/lessons-fit.mjs: the Fit view's "Try this" steps followed in order
// from "Reset to the lesson's start" on the bundled sample (samples/, a log
// simulated by the core; the helpers are in lessons.mjs).
// Every MAE the steps quote is computed by `friction fit … samples/
// xl330-sin_sin-simulated.json` at the step's model, budget and seed, and
// asserted twice: the step's text says it (5 decimals, as both print it) and
// the page shows it after the step is followed (the result table, the Fit all
// table). The page's full-precision MAEs are also compared with the CLI's
// params file (a consistency check: the same core, wasm against native).
// Then each step's "Set up" gives the controls that following the steps gave,
// and on a fresh page (no log) step 1's Set up loads the sample. Reset, the
// lesson's start, loads the sample too.
// Budgets of 1000–2000 evaluations: each fit takes well under a second.
// Screenshots: build/e2e/lesson-fit-<step>.png.
import fs from 'node:fs';
import path from 'node:path';
import { cli, type, pick, controls, reset, kit, inLanguage } from './lessons.mjs';

const SAMPLE = 'samples/xl330-sin_sin-simulated.json';

export default async function lessonsFit(h) {
  await fitLesson(h, 'en');
}

/** The Fit lesson followed in language `lang` (lessons.mjs inLanguage): the
 *  controls found by the table's words, the same numbers. */
export async function fitLesson(h, lang) {
  const { check, expect, openPage, waitFor, logProblems, ROOT, OUT } = h;
  const { has, see, shot, sameAsSetUp, quotesChecked } = kit(h);
  const { L, query, tag, title, steps: stepsOf, local } = inLanguage(h, lang);

  await check(`lessons: fit${title}, steps 1–5 followed in order from Reset on the sample show the MAEs they quote (friction fit)`, async () => {
    /** `friction fit` on the sample: the table's published and fitted training MAE (printed, 5 decimals) and the params file. */
    const fit = (model, budget, extra = []) => {
      // the language's tag in the name: the English and the French lessons may run side by side (e2e.mjs's workers)
      const out = path.join(OUT, `lesson-fit-cli-${model}-${budget}${extra.length ? '-set' : ''}${tag}`);
      const text = cli(ROOT, ['fit', '--model', model, '--budget', budget, '--seed', 1, '--threads', 1, ...extra,
        '--out', out, path.join(ROOT, SAMPLE)]);
      if (text.error) throw new Error(`friction fit --model ${model}: ${text.error}`);
      return text;
    };
    /** The rows "Mk published X" and "Mk fit[ from Mj] Y" of a CLI table, as numbers. */
    const maes = (text, model) => {
      const pub = new RegExp(`^${model.toUpperCase()}\\s+published\\s+([0-9.]+)`, 'm').exec(text);
      const got = new RegExp(`^${model.toUpperCase()}\\s+fit(?: from M\\d)?\\s+([0-9.]+)`, 'm').exec(text);
      if (!pub || !got) throw new Error(`no ${model} rows in: ${text}`);
      return { pub: pub[1], fit: got[1] };
    };
    const { page, log } = await openPage(`?view=fit${query}`, 'fit');
    const state = () => page.evaluate(() => document.querySelector('.fit-view')?.dataset.fit);
    const press = async (sel) => {
      await page.click(sel);
      expect(await waitFor(async () => (await state()) === 'done', 60_000, 100),
        `${sel}: the fit did not end: ${await page.evaluate(() => document.getElementById('fit-error')?.textContent)}`);
    };
    const trainMae = () => page.evaluate(() => [...document.querySelectorAll('#fit-train-mae [data-mae]')].map((td) => Number(td.dataset.mae)));
    const show = (v) => v.toFixed(5);
    await reset(page);
    const steps = await stepsOf(page, 'fit', 5);
    const snaps = [];
    const out = [];

    /** Step i as a person follows it: model and budget chosen, the button
     *  pressed; the CLI's MAEs (of `cliModel`) quoted by the step and shown by
     *  the page (read by `shown`). */
    const follow = async (i, model, budget, button, cliModel, shown) => {
      await pick(page, L['fit.model'], model);
      await type(page, L['fit.budget'], budget);
      snaps[i] = await controls(page);
      const c = maes(fit(cliModel, budget), model);
      has(steps[i], `${c.fit} rad`);
      has(steps[i], `${c.pub} rad`);
      await press(button);
      const p = await shown();
      see(page, steps[i]);
      expect(show(p[0]) === c.pub && show(p[1]) === c.fit, `step ${i + 1}: the page shows ${p.map(show)}, the CLI ${c.pub}, ${c.fit}`);
      await shot(page, `fit-${i + 1}${tag}`);
      out.push(`${i + 1}: ${model.toUpperCase()} ${c.pub} → ${c.fit}`);
    };
    // step 1: the sample, M1, budget 1000, Fit
    // (Reset, the lesson's start, loaded it: step 1 says "With the sample loaded")
    expect(await waitFor(() => page.evaluate(() => document.querySelectorAll('#fit-logs tbody tr').length === 1), 5000), 'Reset to the lesson\'s start did not load the sample');
    await follow(0, 'm1', 1000, '#fit-run', 'm1', trainMae);
    // step 2: M4, budget 2000
    await follow(1, 'm4', 2000, '#fit-run', 'm4', trainMae);
    // step 3: budget 1000, Fit all (the setup names M6, whose row the step quotes)
    await follow(2, 'm6', 1000, '#fit-all', 'all', () => page.evaluate(() =>
      [...document.querySelectorAll('#fit-all-table tbody tr[data-model="m6"] [data-mae]')].map((td) => Number(td.dataset.mae))));
    // the bar chart the step points at is not empty: with the sample alone (no validation
    // log) its bars are the table's training MAEs, and its title says so (it was an empty
    // validation chart)
    const barsNow = await page.evaluate(() => {
      const c = [...window.__fx.charts.all].find((k) => k.config?.type === 'bar');
      const rows = [...document.querySelectorAll('#fit-all-table tbody tr')].map((tr) => [...tr.querySelectorAll('[data-mae]')].map((td) => Number(td.dataset.mae)));
      return c && { title: c.canvas.closest('.chart-box').querySelector('h3').textContent, y: c.options.scales.y.title.text,
        pub: c.data.datasets[0].data, fit: c.data.datasets[1].data, rows };
    });
    expect(barsNow && barsNow.title === L['fit.bars.train'] && barsNow.y === L['fit.bars.train.y'],
      `step 3: the bar chart is titled '${barsNow?.title}', its axis '${barsNow?.y}'`);
    expect(barsNow.rows.length === 6 && barsNow.rows.every((r, k) => barsNow.fit[k] === r[1] && barsNow.pub[k] === r[0]),
      `step 3: the bars ${JSON.stringify([barsNow.pub, barsNow.fit])} are not the table's training MAEs ${JSON.stringify(barsNow.rows)}`);

    // step 4: M1, kt held at 0.5
    await pick(page, L['fit.model'], 'm1');
    snaps[3] = await controls(page);
    has(steps[3], '0.5');
    const kt = (f) => page.locator(`#fit-bounds tr[data-key="kt"] ${f}`);
    await kt('input[type=checkbox]').uncheck();
    // typed as the step shows it ("0,5" in French: the Fit view's one parser, format.js parseNumber)
    await kt('input[data-field="value"]').fill(local('0.5'));
    await kt('input[data-field="value"]').press('Enter');
    await press('#fit-run');
    const ktFit = await page.evaluate(() => Number(document.querySelector('#fit-result-table tr[data-key="kt"] td[data-value]')?.dataset.value));
    expect(ktFit === 0.5, `step 4: kt fitted ${ktFit}, not held at 0.5`);
    const c4 = maes(fit('m1', 1000, ['--set', 'kt=0.5']), 'm1');
    const p4 = await trainMae();
    expect(show(p4[1]) === c4.fit, `step 4 (consistency): the page's MAE ${show(p4[1])}, the CLI's with --set kt=0.5 ${c4.fit}`);
    const cliKt = JSON.parse(fs.readFileSync(path.join(OUT, `lesson-fit-cli-m1-1000-set${tag}`), 'utf8'));
    expect(cliKt.kt === 0.5, `the CLI's params file holds kt ${cliKt.kt}, not 0.5`);
    await shot(page, `fit-4${tag}`);
    out.push(`4: kt held 0.5, MAE ${c4.fit}`);

    // step 5: Open in bench (a new tab with the live pendulum)
    const href = await page.locator('#fit-open-bench').getAttribute('href');
    expect(href && /view=pendulum/.test(href), `Open in bench links to ${href}`);
    // the three "Use in" links keep the page's ?lang= (none on the English page): the new
    // tab opens in the language of the class, not the browser's (a French lesson on an
    // English laptop opened the bench in English)
    for (const id of ['fit-open-bench', 'fit-open-drive', 'fit-open-mujoco']) {
      const u = await page.locator(`#${id}`).getAttribute('href');
      const got = new URLSearchParams(u.replace(/^[^?]*\?/, '')).get('lang');
      expect(got === (lang === 'en' ? null : lang), `${id} links to ${u.slice(0, 80)}… with lang ${got}`);
    }
    const [tab] = await Promise.all([page.context().waitForEvent('page'), page.click('#fit-open-bench')]);
    await tab.waitForFunction(() => document.body.dataset.ready === 'true' && document.body.dataset.view === 'pendulum', null, { timeout: 20_000 });
    const tabLang = await tab.evaluate(() => document.documentElement.lang);
    await tab.close();
    expect(tabLang === lang, `Open in bench opened a page in '${tabLang}'`);

    await sameAsSetUp(page, snaps);

    await quotesChecked(page, steps);
    const problems = logProblems(log);
    await page.close();
    expect(problems.length === 0, problems.slice(0, 3).join('; '));
    // a fresh page (no log): step 1's Set up loads the sample itself
    const fresh = await openPage(`?view=fit${query}`, 'fit');
    await fresh.page.locator('#view .lesson-setup[data-step="0"]').click();
    const rows = await waitFor(() => fresh.page.evaluate(() => {
      const r = [...document.querySelectorAll('#fit-logs tbody tr th')].map((th) => th.textContent);
      return r.length ? r : null;
    }), 5000);
    expect(rows && rows.join() === path.basename(SAMPLE), `step 1's Set up on a fresh page lists ${JSON.stringify(rows)}`);
    expect(!/sample=/.test(fresh.page.url()), `the URL keeps the set-up's sample key: ${fresh.page.url()}`);
    const problems2 = logProblems(fresh.log);
    await fresh.page.close();
    expect(problems2.length === 0, problems2.slice(0, 3).join('; '));
    out.push('Set up on a fresh page loads the sample');
    return out.join('; ');
  });
}
