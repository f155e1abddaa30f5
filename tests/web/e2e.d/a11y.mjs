// e2e.d/a11y.mjs: accessibility, as axe-core 4.14.1 (npm, pinned; run in the
// page) reads it, on every view of the tab bar at the three window sizes
// (SHOT_SIZES: 1280×900, 1024×768, 853×600), in the normal layout and in
// presentation mode (?present=1): no critical and no serious violation, and
// headings in order (axe's heading-order, a moderate rule, counted too);
// the same on the French page (?lang=fr).
// Then the Fit view's drop zone by keyboard alone: from the tab bar, Tab
// reaches "choose files…" (the file input: Space opens the file chooser) and
// "Try a sample" (Enter loads the sample).
// Then In MuJoCo's "The models as MJCF" unfolded and the Fit logs table with
// a log: axe's scrollable-region-focusable and empty-table-header find nothing.
import fs from 'node:fs';
import path from 'node:path';

const AXE = path.join(path.dirname(new URL(import.meta.url).pathname), '../../../node_modules/axe-core/axe.min.js');

/** The module's parts (e2e.mjs: each a task of its own, so the workers
 *  share them): axe on the English page, on the French page, then the
 *  keyboard's drop zone and the unfolded parts. */
export const parts = ['en', 'fr', 'unfolded'];

/** Each part's share of the run's watchdog (e2e.mjs): 48 runs of axe took
 *  up to 220 s on 2 busy cores. */
export const WATCHDOG_MS = 300_000;

/** The part `part` of parts (all of them, in order, when none is given). */
export default async function a11y(h, part) {
  const { check, expect, openPage, SHOT_SIZES, waitFor } = h;
  const run = (p) => part === undefined || part === p;
  const axe = fs.readFileSync(AXE, 'utf8');
  const version = JSON.parse(fs.readFileSync(path.join(path.dirname(AXE), 'package.json'), 'utf8')).version;
  /** axe on each view in language `lang` (?lang=) at `sizes`, normal and
   *  presentation mode: one check a view, so a view that hangs or fails is named. */
  const axeViews = async (lang, sizes) => {
    for (const { id } of h.views) {
      await check(`a11y: axe-core ${version} on the ${id} view${lang === 'en' ? '' : ` with ?lang=${lang}`} at ${sizes.map(([w, hh]) => `${w}×${hh}`).join(', ')}, normal and presentation mode: 0 critical, 0 serious, headings in order`, async () => {
        const bad = [];
        let runs = 0, moderate = 0;
        const { page } = await openPage(`?view=${id}${lang === 'en' ? '' : `&lang=${lang}`}`, id);
        try {
          await page.evaluate(axe);
          for (const present of [false, true]) {
            if (present) {
              await page.click('#present-button');
              await page.waitForFunction(() => document.body.classList.contains('present'));
            }
            for (const [w, hh] of sizes) {
              await page.setViewportSize({ width: w, height: hh });
              await page.waitForTimeout(200);
              const r = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
              runs++;
              for (const v of r.violations) {
                if (v.impact === 'critical' || v.impact === 'serious' || v.id === 'heading-order') {
                  bad.push(`${w}×${hh}${present ? ' present' : ''}: ${v.id} (${v.impact}) at ${v.nodes.slice(0, 2).map((n) => n.target.join(' ')).join(', ')}`);
                } else moderate++;
              }
            }
          }
        } finally {
          await page.close();
        }
        expect(!bad.length, bad.slice(0, 6).join(' | '));
        return `${runs} runs, 0 critical or serious; ${moderate} moderate or minor finding(s) of other rules`;
      });
    }
  };
  if (run('en')) await axeViews('en', SHOT_SIZES);
  // the French page (longer words, the same layout): every view at the three sizes
  if (run('fr')) await axeViews('fr', SHOT_SIZES);
  if (!run('unfolded')) return;

  await check('a11y: the Fit view\'s drop zone by keyboard: Tab reaches the file input (Space opens the chooser) and "Try a sample" (Enter loads it)', async () => {
    const { page } = await openPage('?view=fit', 'fit');
    try {
      await page.focus('#tab-fit');
      const reach = async (test, max = 30) => {
        for (let i = 1; i <= max; i++) {
          await page.keyboard.press('Tab');
          if (await page.evaluate(test)) return i;
        }
        return 0;
      };
      const toInput = await reach(() => document.activeElement?.id === 'fit-file');
      expect(toInput, 'Tab never reaches the file input of the drop zone');
      const visible = await page.evaluate(() => {
        const r = document.activeElement.closest('.file-pick, label, .drop-zone')?.getBoundingClientRect();
        return !!r && r.width > 0 && r.height > 0;
      });
      expect(visible, 'the focused file input has no visible box around it');
      // the chooser is caught only once Playwright has told the page to
      // intercept it (an asynchronous message of its own): a press sent in
      // the same breath lost that race about one time in eight (the CI run
      // of c8bce0a); a round trip to the page after subscribing orders them
      const chosen = page.waitForEvent('filechooser', { timeout: 5000 });
      await page.evaluate(() => 0);
      const [chooser] = await Promise.all([chosen, page.keyboard.press('Space')]);
      expect(chooser.isMultiple(), 'the file chooser takes one file only');
      const toSample = await reach(() => document.activeElement?.classList.contains('try-sample'));
      expect(toSample, 'Tab never reaches "Try a sample"');
      await page.keyboard.press('Enter');
      expect(await waitFor(() => page.evaluate(() => document.querySelectorAll('#fit-logs tbody tr').length === 1), 5000), 'Enter on "Try a sample" loaded no log');
      return `the file input ${toInput} Tab presses from the tab, Space opens the chooser; "Try a sample" ${toSample} more, Enter loads it`;
    } finally {
      await page.close();
    }
  });

  // parts axe only sees once opened or filled: In MuJoCo's
  // "The models as MJCF" unfolded (its two boxes scroll: focusable and named),
  // the Fit view's logs table with a log in it (every column header named)
  await check('a11y: In MuJoCo\'s MJCF boxes unfolded and the Fit logs table filled: axe\'s scrollable-region-focusable and empty-table-header find nothing', async () => {
    const bad = [];
    for (const [id, open] of [['mujoco', async (page) => {
      await page.click('#mujoco-mjcf > summary');
      expect(await waitFor(() => page.evaluate(() => (document.getElementById('mujoco-mjcf-arm')?.textContent.length || 0) > 100), 15_000), 'the MJCF boxes stay empty');
    }], ['fit', async (page) => {
      await page.locator('#view .try-sample').click();
      expect(await waitFor(() => page.evaluate(() => document.querySelectorAll('#fit-logs tbody tr').length === 1), 5000), '"Try a sample" loaded no log');
    }]]) {
      if (!h.views.some((v) => v.id === id)) { bad.push(`no view '${id}'`); continue; }
      const { page } = await openPage(`?view=${id}`, id);
      try {
        await open(page);
        await page.evaluate(axe);
        const r = await page.evaluate(() => window.axe.run(document, { runOnly: ['scrollable-region-focusable', 'empty-table-header'], resultTypes: ['violations'] }));
        for (const v of r.violations) bad.push(`${id}: ${v.id} (${v.impact}) at ${v.nodes.slice(0, 2).map((n) => n.target.join(' ')).join(', ')}`);
      } finally {
        await page.close();
      }
    }
    expect(!bad.length, bad.join(' | '));
    return 'the MJCF boxes focusable and named, every header of the logs table named';
  });
}
