// glossary.mjs: e2e checks of the glossary (web/src/glossary.js).
//
//   every view   on every view of the tab bar, the header's "Glossary (G)"
//                button opens the dialog (visible, modal) with the terms the
//                views use, each with its source ("Source: … eq. …" or
//                "§…"); Escape closes it and the focus returns to the button;
//                the key G opens it again from the page, and Escape closes it
//                without leaving the view (in presentation mode too: Escape
//                closes the glossary first, then leaves the presentation)
//   screenshots  build/e2e/glossary-{1280,1024,853}.png, the dialog open

const TERMS = ['Φ(v)', 'ΦZ(v*)', 'v*', 'Z', 'stick / slip', 'element A–D', 'budget τfm', 'M1–M6', 'Karnopp', 'Stribeck', 'MAE'];

const dialogState = (page) => page.evaluate(() => {
  const d = document.querySelector('dialog#glossary');
  if (!d) return null;
  return { open: d.open, modal: d.matches(':modal'), visible: d.open && d.checkVisibility(),
    terms: [...d.querySelectorAll('dt')].map((t) => t.textContent),
    sources: [...d.querySelectorAll('.glossary-src')].map((t) => t.textContent),
    focus: document.activeElement?.id || document.activeElement?.className || '' };
});

export default async function glossaryChecks(h) {
  const { check, expect, openPage, views, waitFor, logProblems } = h;

  await check('glossary: opens from every view (button and key G), lists the terms with sources, Escape closes it', async () => {
    const { page, log } = await openPage('', null);
    const done = [];
    try {
      for (const v of views) {
        await page.click(`#tab-${v.id}`);
        await page.waitForFunction((id) => document.body.dataset.view === id, v.id);
        await page.click('#glossary-button');
        const s = await waitFor(async () => { const x = await dialogState(page); return x?.visible ? x : null; }, 3000);
        expect(s && s.modal, `${v.id}: the glossary did not open as a dialog`);
        expect(JSON.stringify(s.terms) === JSON.stringify(TERMS), `${v.id}: terms ${JSON.stringify(s.terms)}`);
        const noSource = s.sources.filter((x) => !/^Source: .*(eqs?\. \d|§[IVX]|Theorem|Algorithm)/.test(x));
        expect(!noSource.length, `${v.id}: entries without paper and equation: ${noSource.join(' | ')}`);
        await page.keyboard.press('Escape');
        const c = await waitFor(async () => { const x = await dialogState(page); return !x.open ? x : null; }, 2000);
        expect(c, `${v.id}: Escape did not close the glossary`);
        expect(c.focus === 'glossary-button', `${v.id}: focus went to ${c.focus}, not back to the button`);
        // the key G from the page (focus on the view), then Escape
        await page.locator('#view').focus();
        await page.keyboard.press('g');
        expect((await waitFor(async () => (await dialogState(page)).open, 2000)), `${v.id}: the key G did not open it`);
        await page.keyboard.press('Escape');
        expect(await waitFor(async () => !(await dialogState(page)).open, 2000), `${v.id}: Escape did not close it (key G)`);
        expect(await page.evaluate(() => document.body.dataset.view) === v.id, `${v.id}: the view changed`);
        done.push(v.id);
      }
      // presentation mode: Escape closes the glossary first, the presentation stays
      await page.keyboard.press('f');
      await waitFor(() => page.evaluate(() => document.body.classList.contains('present')), 2000);
      await page.keyboard.press('g');
      expect(await waitFor(async () => (await dialogState(page)).visible, 2000), 'presentation mode: G did not open the glossary');
      await page.keyboard.press('Escape');
      await page.waitForTimeout(100);
      const st = await page.evaluate(() => ({ open: document.querySelector('dialog#glossary').open,
        present: document.body.classList.contains('present') }));
      expect(!st.open && st.present, `presentation mode, Escape: glossary open ${st.open}, present ${st.present}`);
      await page.keyboard.press('Escape');
      await page.keyboard.press('g');
      const shots = await h.screenshots(page, 'glossary', { waitMs: 200 });
      await page.keyboard.press('Escape');
      const problems = logProblems(log);
      expect(!problems.length, problems.join('; '));
      return `${done.length} views: ${done.join(', ')}; ${shots.join(', ')}`;
    } finally {
      await page.close();
    }
  });
}
