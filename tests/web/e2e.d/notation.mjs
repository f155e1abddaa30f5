// notation.mjs: e2e check of the one notation on the page (web/src/dom.js
// symbolNodes): in every view, the tabs, the view title and introduction,
// the parameter labels, the choices' help lines,
// the chart titles and the lesson ("What to notice", "Try this") write no
// symbol with the core's `_x`/`^x` markers (K_c^s, τ_f^m, θ^d, Φ_Z) and no
// unit with `*` or `^` (N*s/m, kg*m^2); the pendulum's Stribeck label shows K
// with subscript c and superscript s, the friction chart's title τ with
// subscript f and superscript m. (Live read-outs and status lines are not
// scanned: they are written by each view's own code.)
const pageText = (page) => page.evaluate(() => {
  const bad = [];
  const roots = document.querySelectorAll('#view :is(.ctl-label, .ctl-choice > label, .ctl-help, .chart-head h3, .lesson, .controls > h2, .controls > p.note), #tabs');
  const texts = [...roots].flatMap((r) => {
    const w = document.createTreeWalker(r, NodeFilter.SHOW_TEXT), a = [];
    for (let n = w.nextNode(); n; n = w.nextNode()) a.push(n);
    return a;
  });
  const MARK = /(?:_|\^)[\p{L}\p{N}](?![\p{L}\p{N}])/u;
  const UNIT = /\b(?:N|kg|m|s|rad)\s*\*\s*(?:N|kg|m|s|rad)\b|(?:\b(?:m|s|rad)|²)\^\d/;
  for (const n of texts) {
    const p = n.parentElement;
    if (!p || p.closest('[hidden]')) continue;
    if (MARK.test(n.data) || UNIT.test(n.data)) bad.push(n.data.trim().slice(0, 80));
  }
  return { bad, scanned: roots.length };
});

export default async function notationChecks(h) {
  const { check, expect, openPage, views } = h;
  await check('notation: no `_x`/`^x` symbol markers and no unit with * or ^ in any view; sub/superscripts instead', async () => {
    const { page } = await openPage('?view=pendulum&pendulum.model=m6', 'pendulum');
    try {
      const found = [];
      let scanned = 0;
      for (const v of views) {
        await page.click(`#tab-${v.id}`);
        await page.waitForFunction((id) => document.body.dataset.view === id, v.id);
        await page.waitForTimeout(200);
        // the folded groups hold most labels: open them
        await page.evaluate(() => document.querySelectorAll('#view details').forEach((d) => { d.open = true; }));
        const r = await pageText(page);
        scanned += r.scanned;
        for (const t of r.bad) found.push(`${v.id}: "${t}"`);
      }
      expect(!found.length, found.slice(0, 8).join('; '));
      await page.click('#tab-pendulum');
      await page.waitForFunction(() => document.body.dataset.view === 'pendulum');
      await page.evaluate(() => document.querySelectorAll('#view details').forEach((d) => { d.open = true; }));
      const html = await page.evaluate(() => ({
        stribeck: [...document.querySelectorAll('#view label')].find((l) => /Stribeck excess K/.test(l.textContent))?.innerHTML || '',
        title: [...document.querySelectorAll('#view .chart-head h3')].find((x) => /Friction torque/.test(x.textContent))?.innerHTML || '',
      }));
      expect(/K<sub>c<\/sub><sup>s<\/sup>/.test(html.stribeck), `Stribeck label: ${html.stribeck}`);
      expect(/τ<sub>f<\/sub><sup>m<\/sup>/.test(html.title), `friction chart title: ${html.title}`);
      return `${views.length} views, ${scanned} labels, help lines, titles and lessons`;
    } finally {
      await page.close();
    }
  });

  // The Fit view's search-space note (under its table of bounds) and its
  // lesson's loss |θsim − θlog| (an index of several letters, written
  // θ_s_i_m in the tables): subscripts, never a raw `_s`, `_sim`, `_log`.
  await check('notation: the Fit view writes θ̇s in its search-space note and |θsim − θlog| in its lesson with subscripts', async () => {
    if (!views.some((v) => v.id === 'fit')) return 'no fit view';
    for (const q of ['?view=fit', '?view=fit&lang=fr']) {
      const { page } = await openPage(q, 'fit');
      try {
        await page.evaluate(() => document.querySelectorAll('#view details').forEach((d) => { d.open = true; }));
        const r = await page.evaluate(() => ({
          note: [...document.querySelectorAll('#view p.note')].find((p) => /Rhoban\/bam/.test(p.textContent))?.innerHTML || '',
          lesson: document.querySelector('#view .lesson')?.innerHTML || '',
        }));
        expect(/θ̇<sub>s<\/sub>/.test(r.note) && !r.note.includes('_'), `${q}: search-space note ${r.note.slice(0, 300)}`);
        expect(/θ<sub>sim<\/sub> − θ<sub>log<\/sub>/.test(r.lesson) && !/θ_/.test(r.lesson), `${q}: lesson's loss ${r.lesson.match(/\|θ.{0,60}/)?.[0]}`);
      } finally {
        await page.close();
      }
    }
  });
}
