// e2e.d/scnsymbols.mjs: the Scenarios view's charts name a plotted column
// named after a paper's symbol by that symbol, as the chart's title does,
// never by the column's name with its underscore (tau_r, tau_f, tau_m) or
// with the underscore dropped (taur): joint-step's torque charts read
// "τr [N·m]" and "τf [N·m]" on their y axis and "τr (…)" in their legend
// (the charts' titles "Reference torque τr", "Friction torque τf": Cisneros
// et al.'s τ_r, τ_f); the screw's velocity and acceleration "q̇", "q̈"; the
// carriage-screw's "θ̇" and "τm"; q_d, a symbol's mark, as "qd" (format.js
// symbolText). The CSV keeps the column names.
export default async function scenarioSymbols(h) {
  const { check, expect, openPage } = h;
  if (!h.requireViews(['scenarios'], ['scnsymbols: the Scenarios charts write the paper\'s symbols'])) return;
  /** Every chart's y axis title and dataset labels, in the order of the page. */
  const names = (page) => page.evaluate(() => [...document.querySelectorAll('#view canvas')].map((c) => [...window.__fx.charts.all].find((x) => x.canvas === c))
    .filter((ch) => ch?.options?.scales?.y).map((ch) => ({ y: ch.options.scales.y.title.text, labels: ch.data.datasets.map((d) => d.label) })));
  const want = {
    'joint-step': [['q [deg]', 'q'], ['τr [N·m]', 'τr'], ['τf [N·m]', 'τf']],
    screw: [['q̇ [rad/s]', 'q̇'], ['q̈ [rad/s²]', 'q̈'], ['τf [N·m]', 'τf']],
    'carriage-screw': [['θ̇ [rad/s]', 'θ̇'], [/^τm, /, 'τm']],
  };
  for (const [scn, charts] of Object.entries(want)) {
    await check(`scnsymbols: ${scn}'s charts write the symbols (${charts.map((c) => c[1]).join(', ')}) on their axis and legend`, async () => {
      const { page } = await openPage(`?view=scenarios&scenarios.scenario=${scn}`, 'scenarios');
      try {
        await page.waitForFunction(() => [...window.__fx.charts.all].some((c) => c.data?.datasets?.length));
        const got = await names(page);
        charts.forEach(([y, sym], i) => {
          expect(got[i], `${scn} chart ${i + 1} exists`);
          expect(typeof y === 'string' ? got[i].y === y : y.test(got[i].y), `${scn} chart ${i + 1}: y axis "${got[i].y}", want "${y}"`);
          expect(got[i].labels.length && got[i].labels.some((l) => l === sym || l.startsWith(`${sym} (`)), `${scn} chart ${i + 1}: legend ${JSON.stringify(got[i].labels)}, want ${sym}`);
          expect(!/tau|dtheta|\bd?dq\b|_[\p{L}\p{N}](?![\p{L}\p{N}])/u.test(`${got[i].y} ${got[i].labels.join(' ')}`), `${scn} chart ${i + 1}: no column name of a symbol and no _x mark in "${got[i].y}" ${JSON.stringify(got[i].labels)}`);
        });
      } finally { await page.close(); }
    });
  }
}
