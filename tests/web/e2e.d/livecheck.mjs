// e2e.d/livecheck.mjs: the harness's own "is the view animating" (isLive,
// which the generic checks use to pause a live view before moving a slider
// and to decide what "reload from the copied URL" compares) does not depend
// on the chart worker's pace. A live view's chart data reaches the page's
// chart mirror only when the worker has drawn the last batch (liveCharts.js);
// at a load of 8 a draw outlasted isLive's window and the running arm was
// taken for a still view: no Pause, a slider "changed" data that was only the
// run going on, and the reload compared 16 chart points with 48 024.
// Here the arm runs with a chart worker that never finishes a second draw
// (the extreme of a slow one): the arm still counts as live, and as still
// once paused.
//   stalled  the run clock advances while the chart data stays as it was; isLive is true
//   paused   after Pause, isLive is false
//   drawn    with a chart worker whose every batch arrives 1.5 s late, the
//            paused arm's chart data, once every chart says it has drawn all
//            it was handed (h.chartsDrawn, liveCharts.js mirror.drawing), no
//            longer changes: the slider check after a Pause waits on it (a
//            late batch changed the data after the still check, and the first
//            slider moved, 'speed ×', was credited with the change)
export default async function livecheck(h) {
  const { check, expect, openPage, isLive, chartPrint, requireViews } = h;
  if (!requireViews(['arm'], ['livecheck: a running arm whose chart worker has stalled counts as live',
    'livecheck: the same arm paused counts as still',
    'livecheck: a paused arm whose chart batches arrive 1.5 s late keeps its data once its charts say they have drawn'])) return;
  const { page, log } = await openPage('?view=laws', 'laws');
  // every liveCharts worker of the page answers its first 'data' message only
  await page.addInitScript(() => {
    const Real = window.Worker;
    window.Worker = class extends Real {
      constructor(url, opts) {
        super(url, opts);
        this.stallData = /liveCharts/.test(String(url));
        this.dataSeen = new Set();
      }
      postMessage(m, transfer) {
        if (this.stallData && m && m.type === 'data') {
          if (this.dataSeen.has(m.index)) return;
          this.dataSeen.add(m.index);
        }
        return super.postMessage(m, transfer);
      }
    };
  });
  await page.goto(`${h.base}?view=arm`);
  await page.waitForFunction(() => document.body.dataset.ready === 'true' && document.body.dataset.view === 'arm', null, { timeout: 20_000 });
  const clock = () => page.evaluate(() => Number(/t = ([0-9.]+) s/.exec(document.getElementById('arm-clock')?.textContent || '')?.[1]));
  try {
    await check('livecheck: a running arm whose chart worker has stalled counts as live', async () => {
      // the first batch is drawn and the page's next one swallowed: then the data stays
      // (every chart's first 'drawn' arrived, mirror.ticks, and a few frames more)
      await page.waitForFunction(() => [...window.__fx.charts.all].every((c) => c.ticks), null, { timeout: 20_000 });
      await h.frames(page, 10);
      const t0 = await clock(), p0 = await chartPrint(page);
      const live = await isLive(page);
      const t1 = await clock(), p1 = await chartPrint(page);
      expect(t1 > t0, `the arm's clock did not advance (${t0} -> ${t1} s): the run itself stood still`);
      expect(p1.hash === p0.hash, `the chart data changed (${p0.points} -> ${p1.points} points): the chart worker did not stall, the check proves nothing`);
      expect(live, `isLive is false while the clock ran from ${t0} to ${t1} s`);
      return `clock ${t0} -> ${t1} s, chart data unchanged (${p1.points} points), isLive true`;
    });
    await check('livecheck: the same arm paused counts as still', async () => {
      await page.locator('#view button', { hasText: /^Pause$/ }).first().click();
      const live = await isLive(page);
      expect(!live, 'isLive is true after Pause');
      const problems = h.logProblems(log);
      expect(problems.length === 0, problems.slice(0, 5).join('; '));
      return `paused at t = ${await clock()} s, isLive false`;
    });
  } finally {
    await page.close();
  }

  const slow = await openPage('?view=laws', 'laws');
  await slow.page.addInitScript(() => {
    const Real = window.Worker;
    window.Worker = class extends Real {
      postMessage(m, transfer) {
        if (/liveCharts/.test(this.fxUrl || '') && m && m.type === 'data') {
          setTimeout(() => super.postMessage(m, transfer), 1500);
          return undefined;
        }
        return super.postMessage(m, transfer);
      }
      constructor(url, opts) { super(url, opts); this.fxUrl = String(url); }
    };
  });
  try {
    const pg = slow.page;
    await pg.goto(`${h.base}?view=arm`);
    await pg.waitForFunction(() => document.body.dataset.ready === 'true' && document.body.dataset.view === 'arm', null, { timeout: 20_000 });
    await check('livecheck: a paused arm whose chart batches arrive 1.5 s late keeps its data once its charts say they have drawn', async () => {
      await pg.waitForTimeout(3000);
      await pg.locator('#view button', { hasText: /^Pause$/ }).first().click();
      const drawn = await h.chartsDrawn(pg, 20_000);
      expect(drawn, 'the charts still drawing 20 s after the Pause');
      const p0 = await chartPrint(pg);
      await pg.waitForTimeout(3500);
      await h.frames(pg, 10);
      const p1 = await chartPrint(pg);
      expect(p1.hash === p0.hash, `the chart data changed after the charts said they had drawn (${p0.points} -> ${p1.points} points)`);
      const problems = h.logProblems(slow.log);
      expect(problems.length === 0, problems.slice(0, 5).join('; '));
      return `${p1.points} chart points unchanged 3.5 s after the charts had drawn`;
    });
  } finally {
    await slow.page.close();
  }
}
