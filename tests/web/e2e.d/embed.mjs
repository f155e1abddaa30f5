// e2e.d/embed.mjs: one view in another page's frame (?embed=VIEW, web/src/embed.js,
// docs/embedding.md), in a browser of its own (the harness's pages refuse
// other origins). The explorer is the harness's server; the example host
// page docs/embed-example.html is served by python3 -m http.server on another
// port (another origin, B), and a third port (C) plays a page that is not the
// host:
//   host   the frame shows the view without header and tabs; the page posts
//          fx:ready to B; B reads the state (fx:get-state), sets goal 1.5 rad
//          and paused (fx:set-state), reads it back, and the frame's URL and
//          its goal field say the same; B gets the first chart's CSV, the
//          same text the CSV button saves (a header, data rows)
//   other  messages from C (get-state, set-state) are ignored: no reply, the
//          frame's URL unchanged
//   bad    a set-state with a nested value gets one sentence (fx:error)
//   range  out-of-range values are refused, never replaced silently:
//          a set-state of goal 99 rad gets fx:error with the
//          sentence the frame shows (the key, the value, the allowed range),
//          and the goal stays 1.5 rad (URL and field); a frame opened with
//          pendulum.goal=99 in its URL posts fx:ready, then fx:error with
//          that sentence, shows it, and keeps the view's default goal, 1.2 rad
//   slide  in a frame of 800×450 (a slide) the pendulum's
//          picture (its canvas) lies wholly inside the frame, the lesson is
//          folded, and the controls follow below the charts (scrolled to)
// Screenshots: build/e2e/embed-host.png, build/e2e/embed-slide.png.
import path from 'node:path';


export default async function embed(h) {
  const { check, expect, waitFor, ROOT, OUT, base } = h;
  const servers = [];
  let browser = null;
  const staticServer = async (dir) => {
    const srv = await h.staticServer(dir);
    servers.push(srv);
    return srv.url;
  };
  try {
    await check('embed: ?embed=pendulum in a host page of another origin: no header or tabs; fx:get-state, fx:set-state (goal 1.5 rad) and fx:get-csv answer the host; goal 99 (set-state, URL) gets fx:error and a sentence, the goal kept; a third origin\'s messages are ignored', async () => {
      const docs = path.join(ROOT, 'docs');
      const hostUrl = await staticServer(docs), otherUrl = await staticServer(docs);
      const hostOrigin = new URL(hostUrl).origin;
      browser = await h.ownBrowser();
      const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      ctx.setDefaultTimeout(20_000);
      const errors = [];
      const page = await ctx.newPage();
      page.on('pageerror', (e) => errors.push(e.message));
      page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
      await page.goto(`${hostUrl}embed-example.html?explorer=${encodeURIComponent(base)}&view=pendulum`);
      const replies = () => page.evaluate(() => window.fxReplies.slice());
      expect(await waitFor(async () => (await replies()).some((r) => r.type === 'fx:ready'), 20_000, 100), 'the frame posted no fx:ready to the host');
      const fx = page.frames().find((f) => f.url().startsWith(base));
      expect(fx, 'no frame of the explorer');
      await fx.waitForFunction(() => document.body.dataset.ready === 'true' && document.body.dataset.view === 'pendulum');
      const layout = await fx.evaluate(() => ({
        header: getComputedStyle(document.querySelector('header.top')).display,
        scroll: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      }));
      expect(layout.header === 'none', `the header shows in the frame (display ${layout.header})`);
      expect(layout.scroll <= 1, `the view is ${layout.scroll} px wider than its frame`);
      const answer = async (type, n) => {
        expect(await waitFor(async () => (await replies()).filter((r) => r.type === type || r.type === 'fx:error').length >= n, 10_000, 100), `no ${type} reply`);
        return (await replies()).filter((r) => r.type === type || r.type === 'fx:error')[n - 1];
      };
      await page.click('#get');
      const s0 = await answer('fx:state', 1);
      expect(s0.type === 'fx:state' && s0.view === 'pendulum' && typeof s0.state === 'object', `get-state: ${JSON.stringify(s0)}`);
      await page.click('#set');
      const s1 = await answer('fx:state', 2);
      expect(s1.type === 'fx:state' && s1.state.goal === '1.5', `set-state: ${JSON.stringify(s1)}`);
      expect(/[?&]pendulum\.goal=1\.5(&|$)/.test(fx.url()), `the frame's URL after set-state: ${fx.url()}`);
      await fx.waitForFunction(() => document.body.dataset.ready === 'true');
      const goalField = await waitFor(() => fx.evaluate(() => {
        const box = [...document.querySelectorAll('.ctl')].find((c) => c.dataset.name === 'goal' || /goal/i.test(c.querySelector('label')?.textContent || ''));
        return box?.querySelector('input.ctl-num')?.value || null;
      }), 5000, 100);
      expect(Number(goalField) === 1.5, `the frame's goal field shows ${goalField}`);
      await page.waitForTimeout(1500);   // the bench runs on: its chart fills
      await page.click('#csv');
      const c = await answer('fx:csv', 1);
      const lines = c.type === 'fx:csv' ? c.csv.split('\n').filter((l) => l && !l.startsWith('#')) : [];
      expect(c.type === 'fx:csv' && /\.csv$/.test(c.name) && lines.length > 2 && lines[0].includes(','), `get-csv: ${JSON.stringify(c).slice(0, 200)}`);
      // a nested value: one sentence
      await page.evaluate((o) => document.getElementById('fx').contentWindow.postMessage({ type: 'fx:set-state', id: 99, state: { goal: { x: 1 } } }, o), new URL(base).origin);
      const bad = await waitFor(async () => (await replies()).find((r) => r.id === 99) || null, 5000, 100);
      expect(bad?.type === 'fx:error' && /goal/.test(bad.message), `a nested value: ${JSON.stringify(bad)}`);
      // out of range: refused with the sentence the frame shows, the goal kept
      const goalNow = () => fx.evaluate(() => {
        const box = [...document.querySelectorAll('.ctl')].find((c) => c.dataset.name === 'goal' || /goal/i.test(c.querySelector('label')?.textContent || ''));
        return box?.querySelector('input.ctl-num')?.value ?? null;
      });
      await page.evaluate((o) => document.getElementById('fx').contentWindow.postMessage({ type: 'fx:set-state', id: 100, state: { goal: 99 } }, o), new URL(base).origin);
      const far = await waitFor(async () => (await replies()).find((r) => r.id === 100) || null, 10_000, 100);
      expect(far?.type === 'fx:error' && /goal θd \(goal\) = 99\b/.test(far.message) && / … /.test(far.message), `goal 99 by set-state: ${JSON.stringify(far)}`);
      await fx.waitForFunction(() => document.body.dataset.ready === 'true');
      const shownFar = await fx.evaluate(() => { const b = document.getElementById('error-banner'); return b.hidden ? null : b.textContent; });
      expect(shownFar === far.message, `the frame shows '${shownFar}', the host got '${far.message}'`);
      expect(/[?&]pendulum\.goal=1\.5(&|$)/.test(fx.url()), `the frame's URL after goal 99: ${fx.url()}`);
      const goalKept = await goalNow();
      expect(Number(goalKept) === 1.5, `the frame's goal field after goal 99 shows ${goalKept}`);
      await page.screenshot({ path: path.join(OUT, 'embed-host.png') });
      // out of range in the frame's URL: fx:ready, then fx:error with the sentence; the default goal
      await page.evaluate((s) => new Promise((res) => {
        window.fxReplies.length = 0;
        const f = document.getElementById('fx');
        f.addEventListener('load', () => res(), { once: true });
        f.src = s;
      }), `${base}?embed=pendulum&pendulum.goal=99&host=${encodeURIComponent(hostOrigin)}`);
      expect(await waitFor(async () => (await replies()).some((r) => r.type === 'fx:error'), 20_000, 100), `no fx:error for goal 99 in the URL: ${JSON.stringify(await replies())}`);
      const urlReplies = await replies();
      const urlErr = urlReplies.find((r) => r.type === 'fx:error');
      expect(urlReplies[0]?.type === 'fx:ready' && urlErr.id === null && /goal θd \(goal\) = 99\b/.test(urlErr.message), `goal 99 in the URL: ${JSON.stringify(urlReplies)}`);
      const uf = page.frames().find((f) => f.url().includes('pendulum.goal='));
      await uf.waitForFunction(() => document.body.dataset.ready === 'true');
      const shownUrl = await uf.evaluate(() => { const b = document.getElementById('error-banner'); return b.hidden ? null : b.textContent; });
      expect(shownUrl === urlErr.message, `the frame shows '${shownUrl}', the host got '${urlErr.message}'`);
      const goalUrl = await uf.evaluate(() => {
        const box = [...document.querySelectorAll('.ctl')].find((c) => c.dataset.name === 'goal' || /goal/i.test(c.querySelector('label')?.textContent || ''));
        return box?.querySelector('input.ctl-num')?.value ?? null;
      });
      expect(Number(goalUrl) === 1.2, `the frame opened with goal 99 shows goal ${goalUrl}`);
      // a page of a third origin that frames the explorer with host = B: its messages are ignored
      const other = await ctx.newPage();
      await other.goto(`${otherUrl}embed-example.html?explorer=${encodeURIComponent(base)}`);
      const src = `${base}?embed=pendulum&host=${encodeURIComponent(hostOrigin)}`;
      await other.evaluate((s) => new Promise((res) => {
        window.got = [];
        window.addEventListener('message', (e) => window.got.push(e.data));
        const f = document.getElementById('fx');
        f.addEventListener('load', () => res(), { once: true });
        f.src = s;
      }), src);
      const of = other.frames().find((f) => f.url().startsWith(base) && f.url().includes(encodeURIComponent(hostOrigin)));
      expect(of, 'no frame of the explorer on the third origin');
      await of.waitForFunction(() => document.body.dataset.ready === 'true');
      const before = of.url();
      await other.evaluate(() => { window.got = []; });   // what came before (the example's own frame, host = C) is not counted
      await other.evaluate(() => {
        const w = document.getElementById('fx').contentWindow;
        w.postMessage({ type: 'fx:get-state', id: 1 }, '*');
        w.postMessage({ type: 'fx:set-state', id: 2, state: { goal: 0.2 } }, '*');
      });
      await other.waitForTimeout(1500);
      const got = await other.evaluate(() => window.got.filter((d) => d && typeof d.type === 'string' && d.type.startsWith('fx:')));
      expect(got.length === 0, `the third origin got replies: ${JSON.stringify(got)}`);
      expect(of.url() === before, `the third origin changed the state: ${of.url()}`);
      expect(errors.length === 0, `console errors: ${errors.slice(0, 3).join(' / ')}`);
      return `host ${hostOrigin}: ready, state (${Object.keys(s0.state).length} keys), goal 1.5 set and read back, CSV ${lines.length - 1} rows; a nested value refused: '${bad.message}'; goal 99 refused by set-state and in the URL: '${urlErr.message}'; the third origin: no reply, URL unchanged`;
    });
    await check('embed: in an 800×450 frame (a slide) the pendulum\'s picture lies wholly inside the frame, the lesson folded, the controls below the charts', async () => {
      const hostUrl = await staticServer(path.join(ROOT, 'docs'));
      browser ??= await h.ownBrowser();
      const ctx = await browser.newContext({ viewport: { width: 1000, height: 700 } });
      ctx.setDefaultTimeout(20_000);
      const page = await ctx.newPage();
      await page.goto(`${hostUrl}embed-example.html?explorer=${encodeURIComponent(base)}&view=pendulum`);
      await page.evaluate((s) => new Promise((res) => {
        const f = document.getElementById('fx');
        f.style.cssText = 'width: 800px; height: 450px; border: 0;';
        f.addEventListener('load', () => res(), { once: true });
        f.src = s;
      }), `${base}?embed=pendulum`);
      const fx = page.frames().find((f) => f.url() === `${base}?embed=pendulum` || f.url().startsWith(`${base}?embed=pendulum`));
      expect(fx, 'no frame of the explorer');
      await fx.waitForFunction(() => document.body.dataset.ready === 'true' && document.body.dataset.view === 'pendulum');
      const r = await fx.evaluate(() => {
        const c = document.querySelector('.pendulum-view canvas').getBoundingClientRect();
        const charts = document.querySelector('.view > .charts').getBoundingClientRect();
        const side = document.querySelector('.view > .controls').getBoundingClientRect();
        return { w: innerWidth, h: innerHeight, c: [c.left, c.top, c.right, c.bottom], lessonOpen: document.querySelector('.lesson details')?.open ?? null,
          controlsBelow: side.top >= charts.bottom - 1 };
      });
      expect(r.w === 800 && r.h === 450, `the frame is ${r.w}×${r.h}`);
      const [l, tp, rt, b] = r.c;
      expect(l >= 0 && tp >= 0 && rt <= r.w && b <= r.h && b - tp > 100, `the picture's canvas spans (${r.c.map(Math.round).join(', ')}), the frame 0 … ${r.w} × 0 … ${r.h}`);
      expect(r.lessonOpen === false, `the lesson is ${r.lessonOpen === null ? 'missing' : 'open'}`);
      expect(r.controlsBelow, 'the controls are not below the charts');
      await page.screenshot({ path: path.join(OUT, 'embed-slide.png') });
      return `800×450: the canvas at (${r.c.map(Math.round).join(', ')}), lesson folded, controls below the charts`;
    });
  } finally {
    if (browser) await browser.close().catch(() => {});
    servers.forEach((s) => s.stop());
  }
}
