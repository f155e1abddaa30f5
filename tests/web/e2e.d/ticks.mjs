// ticks.mjs: e2e checks of the chart ticks and small displays (web/src/format.js
// tickLabel, Chart.defaults in web/src/charts.js, the live charts' worker).
//
//   live       the pendulum's live charts, read from the worker's drawn tick
//              labels (mirror.ticks) every 100 ms from 1 s to 3 s of
//              simulated time (at least 5 readings, counted, not timed): no label repeats its neighbour ("1.8 1.8"),
//              none has float noise or a long exponent ("1.0000000E-6"), each
//              axis keeps at least 3 labels; then the same with treatment A =
//              clip, whose θ̇ is ~1e-19 rad/s at rest (tiny ranges)
//   static     every Chart.js chart of every view (the page's charts): the
//              same rules on each linear axis's labels
//   no table   the Laws view with the coulomb-viscous law hides the
//              |table − exact| axes and says why in a sentence; with the
//              Stribeck law the axes are back
const BAD = /\d\.\d{6,}|E[-+]?\d|e[-+]?\d{3,}/;   // float noise, Intl's "E-6", 3-digit exponents

/** Problems of one axis's labels: repeats, bad forms, too few. */
function axisProblems(name, labels, min = 3) {
  const out = [];
  const shown = labels.filter((l) => l !== '' && l !== undefined && l !== null).map(String);
  for (let k = 1; k < shown.length; k++) if (shown[k] === shown[k - 1]) out.push(`${name}: "${shown[k]}" twice`);
  for (const l of shown) if (BAD.test(l)) out.push(`${name}: "${l}"`);
  if (shown.length < min) out.push(`${name}: only ${shown.length} labels (${JSON.stringify(labels)})`);
  return out;
}

const liveTicks = (page) => page.evaluate(() => [...window.__fx.charts.all].filter((c) => c.ticks)
  .map((c) => ({ name: c.canvas.getAttribute('aria-label') || '', ticks: c.ticks })));

export default async function tickChecks(h) {
  const { check, expect, openPage, views, waitFor } = h;

  await check('ticks: the live pendulum charts have no repeated, noisy or crowded-out labels from 1 s to 3 s', async () => {
    const seen = new Set();
    let reads = 0;
    for (const q of ['?view=pendulum', '?view=pendulum&pendulum.friction=clip']) {
      const { page } = await openPage(q, 'pendulum');
      try {
        // read until 3 s of simulated time and 5 readings past 1 s, whatever
        // the wall time this takes (a loaded machine runs the view slower);
        // 120 s only bounds a view that stopped
        const t0 = Date.now();
        await waitFor(async () => (await liveTicks(page)).length >= 3, 60_000);
        const problems = [];
        let mine = 0;
        while (Date.now() - t0 < 120_000) {
          const charts = await liveTicks(page);
          const xmax = Math.max(...charts.flatMap((c) => c.ticks.x.filter((l) => l !== '').map(Number)));
          if (xmax >= 1) {
            reads++;
            mine++;
            for (const c of charts) {
              for (const k of ['x', 'y']) {
                for (const p of axisProblems(`${c.name.slice(0, 30)} ${k}`, c.ticks[k])) { if (!seen.has(p)) { seen.add(p); problems.push(p); } }
              }
            }
          }
          if (xmax >= 3 && mine >= 5) break;
          await page.waitForTimeout(100);
        }
        expect(!problems.length, `${q}: ${problems.slice(0, 6).join('; ')}`);
        expect(mine >= 5, `${q}: only ${mine} readings after 1 s of simulated time in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
      } finally {
        await page.close();
      }
    }
    return `${reads} readings of every live axis, default and clip`;
  });

  await check('ticks: every linear axis of every view\'s charts has one label form, no repeats, no noise', async () => {
    const { page } = await openPage('', null);
    const problems = [];
    let axes = 0;
    try {
      for (const v of views) {
        await page.click(`#tab-${v.id}`);
        await page.waitForFunction((id) => document.body.dataset.view === id, v.id);
        await page.waitForTimeout(600);
        const charts = await page.evaluate(() => [...window.__fx.charts.all].filter((c) => c.scales && c.canvas.checkVisibility())
          .map((c) => ({ name: c.canvas.getAttribute('aria-label') || '', axes: Object.values(c.scales).filter((s) => s.type === 'linear')
            .map((s) => ({ id: s.id, labels: s.ticks.map((t) => t.label) })) })));
        for (const c of charts) {
          for (const a of c.axes) {
            axes++;
            problems.push(...axisProblems(`${v.id} ${c.name.slice(0, 30)} ${a.id}`, a.labels.flat(), 2));
          }
        }
      }
      expect(!problems.length, problems.slice(0, 6).join('; '));
      return `${axes} linear axes`;
    } finally {
      await page.close();
    }
  });

  await check('ticks: the Laws view hides the |table − exact| axes for a law with no table and says why', async () => {
    const { page } = await openPage('?view=laws&laws.law=coulomb-viscous', 'laws');
    try {
      const st = () => page.evaluate(() => {
        const box = [...document.querySelectorAll('#view section.chart-box')].find((b) => /table − exact/.test(b.getAttribute('aria-label') || ''));
        return box && { canvas: box.querySelector('canvas').checkVisibility(), text: box.querySelector('.readout')?.textContent || '' };
      });
      const a = await waitFor(async () => { const x = await st(); return x && !x.canvas ? x : null; }, 3000);
      expect(a, `coulomb-viscous: the empty axes are shown (${JSON.stringify(await st())})`);
      expect(/Stribeck/.test(a.text), `no sentence saying why: '${a.text}'`);
      const sel = page.locator('#view [data-param="law"] select, #view select').first();
      await sel.selectOption('stribeck');
      const b = await waitFor(async () => { const x = await st(); return x && x.canvas ? x : null; }, 3000);
      expect(b, 'stribeck: the table error chart did not come back');
      return `"${a.text}"`;
    } finally {
      await page.close();
    }
  });
}
