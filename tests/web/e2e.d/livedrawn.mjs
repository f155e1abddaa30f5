// e2e.d/livedrawn.mjs: the live charts draw every step the view sends them.
// At 1280, 1024 and 853 CSS px, the Robot arm (arm2-ground) and the
// Well-posedness screw run 10 s from a Reset; the run is paused at every
// simulated second and each live chart's points as the worker last drew
// them (mirror.drawnPoints(): Chart.js's data, after any decimation) are
// compared with the points the page sent it (the mirror's data, the steps
// in the window). On the chart's pixel columns over its window [x0, x1]
// (its width in CSS px), every column holding sent points must have, within
// one column either side, drawn points that reach its lowest and highest
// sent value, and no drawn point may lie outside the sent values there.
// The chart worker used to push new steps into Chart.js's decimated copy
// of a dataset, thrown away at the next update: past 4 points per pixel
// (a 4 s window at 1 kHz) new steps were lost until the old ones left the
// window, and the gap drawn as a straight line (the arm's normal force
// falling from 155.76 N from 3.67 s at 1280 px while the data holds it to
// 3.999 s; the screw's impulsive stop at 3.404 s drawn as a ramp).
//   arm <width>        the Robot arm's three charts, paused at 1, 2, … 10 s
//   wellposed <width>  the screw's two charts, the same
// Each pause is checked (the button says Play, the clock does not move
// while the charts are read), so that the points compared are the last the
// page sent and the worker drew. Before the fix every one of the six failed
// (e.g. the arm at 1024 px at 3.07 s: nothing drawn after 2.86 s).
export const WATCHDOG_MS = 420_000;

const WIDTHS = [[1280, 900], [1024, 768], [853, 600]];
const VIEWS = ['arm', 'wellposed'];
const name = (view, w) => `livedrawn: ${view} at ${w} px, 10 s: every chart draws the extremes of every pixel column of the data sent`;

/** In the page: every live chart's drawn points against the points sent,
 *  column by column (above). [{ chart, label, n, drawn, columns, bad, first }] */
function compareInPage() {
  return (async () => {
    const out = [];
    const live = [...(window.__fx?.charts?.all || [])].filter((c) => typeof c.drawnPoints === 'function');
    for (const [ci, c] of live.entries()) {
      const d = await Promise.race([c.drawnPoints(), new Promise((res) => { setTimeout(() => res(null), 10_000); })]);
      if (!d) throw new Error(`chart ${ci + 1}: the chart worker did not answer in 10 s`);
      const W = Math.max(1, Math.floor(d.width)), x0 = d.x0, x1 = d.x1;
      const col = (x) => Math.floor((x - x0) * W / (x1 - x0));
      c.data.datasets.forEach((ds, k) => {
        const sent = ds.data.filter((p) => p.x >= x0 && p.x <= x1 && Number.isFinite(p.y));
        const xy = d.datasets[k] || new Float64Array(0);
        const drawn = [];
        for (let i = 0; i < xy.length; i += 2) if (xy[i] >= x0 && xy[i] <= x1 && Number.isFinite(xy[i + 1])) drawn.push({ x: xy[i], y: xy[i + 1] });
        const env = (pts) => {
          const m = new Map();
          for (const p of pts) {
            const b = col(p.x), e = m.get(b);
            if (!e) m.set(b, { lo: p.y, hi: p.y, x0: p.x, x1: p.x });
            else { e.lo = Math.min(e.lo, p.y); e.hi = Math.max(e.hi, p.y); e.x1 = p.x; }
          }
          return m;
        };
        const s = env(sent), dr = env(drawn);
        const near = (m, b) => [m.get(b - 1), m.get(b), m.get(b + 1)].filter(Boolean);
        let bad = 0, first = null;
        for (const [b, e] of s) {
          const nd = near(dr, b);
          const lo = Math.min(...nd.map((v) => v.lo)), hi = Math.max(...nd.map((v) => v.hi));
          if (!(lo <= e.lo && hi >= e.hi)) {
            bad++;
            first ??= `sent ${e.lo}…${e.hi} at ${e.x0.toFixed(3)}–${e.x1.toFixed(3)} s, drawn there ${nd.length ? `${lo}…${hi}` : 'nothing'}`;
          }
        }
        for (const [b, e] of dr) {
          const ns = near(s, b);
          const lo = Math.min(...ns.map((v) => v.lo)), hi = Math.max(...ns.map((v) => v.hi));
          if (!(e.lo >= lo && e.hi <= hi)) {
            bad++;
            first ??= `drawn ${e.lo}…${e.hi} at ${e.x0.toFixed(3)}–${e.x1.toFixed(3)} s, sent there ${ns.length ? `${lo}…${hi}` : 'nothing'}`;
          }
        }
        const span = (a) => (a.length ? `${a[0].x}…${a[a.length - 1].x}` : 'none');
        out.push({ chart: ci, label: ds.label, n: sent.length, drawn: drawn.length, columns: s.size, bad, first, x0, x1, width: W,
          spans: `sent ${span(ds.data)} (${ds.data.length}), drawn ${xy.length ? `${xy[0]}…${xy[xy.length - 2]}` : 'none'} (${xy.length / 2})` });
      });
    }
    return out;
  })();
}

export default async function livedrawn(h) {
  const { check, expect, logProblems, chartsDrawn } = h;
  if (!h.requireViews(VIEWS, VIEWS.flatMap((v) => WIDTHS.map(([w]) => name(v, w))))) return;
  for (const view of VIEWS) {
    const { page, log } = await h.openPage(`?view=${view}`, view);
    const clock = () => page.evaluate((id) => Number(/t = ([0-9.]+) s/.exec(document.getElementById(id)?.textContent || '')?.[1]), `${view}-clock`);
    const bar = page.locator(`#view .${view}-runbar button`);
    try {
      for (const [w, hgt] of WIDTHS) {
        await check(name(view, w), async () => {
          await page.setViewportSize({ width: w, height: hgt });
          await h.frames(page, 5);
          if (await bar.nth(0).textContent() === 'Pause') await bar.nth(0).click();   // paused
          await bar.nth(2).click();            // Reset: t = 0, the charts emptied
          await h.frames(page, 5);
          expect(await clock() === 0 && await bar.nth(0).textContent() === 'Play', `after Reset: t = ${await clock()} s, the button says ${await bar.nth(0).textContent()}`);
          const lines = [];
          let worst = null, samples = 0, points = 0;
          for (let target = 1; target <= 10; target++) {
            // Play, then Pause at the first frame whose clock reads target s or more
            await bar.nth(0).click();
            expect(await bar.nth(0).textContent() === 'Pause', `Play did not start the run at ${await clock()} s`);
            const reached = await page.evaluate(([v, T]) => new Promise((res) => {
              const end = performance.now() + 120_000;
              const f = () => {
                const t = Number(/t = ([0-9.]+) s/.exec(document.getElementById(`${v}-clock`)?.textContent || '')?.[1]);
                const play = document.querySelector(`#view .${v}-runbar button`);
                if (t >= T && play.textContent === 'Pause') { play.click(); res(t); }
                else if (performance.now() > end) res(`t = ${t} s, the button says ${document.querySelector(`#view .${v}-runbar button`)?.textContent}`);
                else requestAnimationFrame(f);
              };
              f();
            }), [view, target]);
            expect(typeof reached === 'number', `the run did not reach ${target} s in 120 s: ${reached}`);
            expect(await bar.nth(0).textContent() === 'Play', `not paused at ${reached} s`);
            expect(await chartsDrawn(page, 20_000), `the charts still drawing 20 s after the pause at ${target} s`);
            const t = await clock();
            const res = await page.evaluate(compareInPage);
            expect(await clock() === t, `the run moved from ${t} to ${await clock()} s while the charts were read`);
            expect(res.length > 0, 'no live chart on the page');
            samples++;
            for (const r of res) {
              points += r.n;
              if (r.bad && !worst) worst = `at t = ${t} s (window ${r.x0}–${r.x1} s, ${r.width} px), chart ${r.chart + 1} '${r.label}': ${r.bad} of ${r.columns} columns wrong, first ${r.first}; ${r.spans}`;
            }
            if (target === 10) lines.push(res.map((r) => `'${r.label}' ${r.n} sent, ${r.drawn} drawn on ${r.columns} columns`).join('; '));
          }
          expect(!worst, worst);
          expect(logProblems(log).length === 0, logProblems(log).join(' / '));
          return `${samples} pauses, ${points} points compared; at 10 s: ${lines.join('')}`;
        });
      }
    } finally {
      await page.close();
    }
  }
}
