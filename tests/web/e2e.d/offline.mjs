// e2e.d/offline.mjs: the offline package (make dist, tools/dist.mjs) served
// by a plain static server (python3 -m http.server, not the explorer's own),
// in a browser of its own (the harness's pages route every request, which
// would keep a service worker out):
//   first load   the page opens; its service worker keeps the page; the
//                bytes transferred (page and worker, response bodies and
//                headers) stay under 1.5 MB; no request leaves the origin
//   MuJoCo       the In MuJoCo view fetches MuJoCo 3.14 when it opens, and
//                the 3D bundle (three.js) when its "Your robot" section
//                opens; the worker keeps both
//   offline      with the network cut (the browser context offline), every
//                view of the tab bar opens from the kept files and runs (its
//                charts or its MuJoCo, and the 3D bundle), the Fit view fits the bundled sample,
//                and no request leaves the origin
//   first visit straight to In MuJoCo in French: MuJoCo and the French
//                table are fetched before the worker controls the page; it
//                keeps them all the same (main.js tells it what the page
//                fetched), so with the network cut the page reloads in French
//                and MuJoCo loads
// Screenshots: build/e2e/offline-<view>.png.
import fs from 'node:fs';
import path from 'node:path';

const FIRST_LOAD_LIMIT = 1.5e6;   // bytes transferred by the first visit

export default async function offline(h) {
  const { check, expect, waitFor, ROOT, OUT } = h;
  const DIST = path.join(ROOT, 'build/dist/friction-explorer');
  let srv = null, browser = null;
  try {
    await check('offline: the dist folder on a plain static server (python3 -m http.server): first load under 1.5 MB, then every view opens and runs with the network cut, the Fit view fits the bundled sample', async () => {
      expect(fs.existsSync(path.join(DIST, 'sw.js')) && fs.existsSync(path.join(DIST, 'index.html')),
        `${path.relative(ROOT, DIST)} is not built (make dist)`);
      srv = await h.staticServer(DIST);
      const base = srv.url;
      browser = await h.ownBrowser();
      const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'allow' });
      ctx.setDefaultTimeout(20_000);
      const foreign = [], errors = [];
      let bytes = 0;
      ctx.on('request', (r) => { if (!r.url().startsWith(base)) foreign.push(r.url()); });
      ctx.on('requestfinished', async (r) => {
        try { const s = await r.sizes(); bytes += s.responseBodySize + s.responseHeadersSize; } catch { /* gone */ }
      });
      const page = await ctx.newPage();
      page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
      page.on('pageerror', (e) => errors.push(e.message));
      ctx.on('response', (r) => { if (r.status() >= 400) errors.push(`${r.url()}: HTTP ${r.status()}`); });
      const open = async (view) => {
        await page.goto(`${base}?view=${view}`);
        await page.waitForFunction((id) => document.body.dataset.ready === 'true' && document.body.dataset.view === id, view);
        const banner = await page.evaluate(() => { const b = document.getElementById('error-banner'); return b.hidden ? '' : b.textContent; });
        expect(!banner, `${view}: the error banner says '${banner}'`);
      };
      // first visit: the page and its service worker
      await open('laws');
      const ready = await waitFor(() => page.evaluate(() => document.body.dataset.offline || null), 20_000, 100);
      expect(ready === 'ready', `the service worker: ${ready}`);
      expect(await waitFor(() => page.evaluate(() => !!navigator.serviceWorker.controller), 10_000, 100), 'the service worker does not control the page');
      await page.waitForTimeout(500);
      const first = bytes;
      expect(first < FIRST_LOAD_LIMIT, `the first visit transferred ${(first / 1e6).toFixed(2)} MB (limit 1.5 MB)`);
      // the In MuJoCo view, online once: MuJoCo is fetched and kept
      const before = bytes;
      await open('mujoco');
      expect(await waitFor(() => page.evaluate(() => window.__fx?.mujoco?.version || null), 60_000, 200), 'MuJoCo did not load online');
      // its "Your robot" section, opened once online: the 3D bundle (three.js) is fetched and kept
      await page.locator('#mujoco-robot > summary').click();
      expect(await waitFor(() => page.evaluate(() => window.__fx?.mujoco?.robot?.renderer || null), 30_000, 200), 'the 3D bundle did not load online');
      const mujocoBytes = bytes - before;
      expect(mujocoBytes > 5e6, `opening In MuJoCo transferred only ${(mujocoBytes / 1e6).toFixed(1)} MB: MuJoCo was fetched before its view opened`);
      await page.waitForTimeout(1000);
      // the network cut: every view from the kept files
      await ctx.setOffline(true);
      const views = h.views.map((v) => v.id);
      const ran = [];
      for (const id of views) {
        await open(id);
        if (id === 'mujoco') {
          expect(await waitFor(() => page.evaluate(() => window.__fx?.mujoco?.version || null), 60_000, 200), 'offline: MuJoCo did not load from the kept copy');
          expect(await waitFor(async () => ((await page.evaluate(() => window.__fx.mujoco.figures()))?.t > 0.5 ? true : null), 30_000, 200),
            'offline: the MuJoCo simulations do not run');
          await page.locator('#mujoco-robot > summary').click();
          expect(await waitFor(() => page.evaluate(() => window.__fx?.mujoco?.robot?.renderer || null), 30_000, 200),
            'offline: the 3D bundle of Your robot (three.js) did not load from the kept copy');
        } else if (id === 'fit') {
          await page.locator('#view .try-sample').click();
          expect(await waitFor(() => page.evaluate(() => document.querySelectorAll('#fit-logs tbody tr').length === 1), 5000), 'offline: the sample was not loaded');
          await page.click('#fit-run');
          const done = await waitFor(() => page.evaluate(() => document.querySelector('.fit-view')?.dataset.fit === 'done'), 120_000, 250);
          expect(done, `offline: the fit of the sample did not end: ${await page.evaluate(() => document.getElementById('fit-error')?.textContent)}`);
        } else {
          // the view draws: its charts hold data (a live view's after a few frames)
          const drawn = await waitFor(() => page.evaluate(() => [...(window.__fx?.charts?.all || [])]
            .some((c) => c.data.datasets.some((d) => d.data.length > 0))), 10_000, 100);
          expect(drawn, `offline: the ${id} view shows no chart data`);
        }
        await page.screenshot({ path: path.join(OUT, `offline-${id}.png`) });
        ran.push(id);
      }
      expect(foreign.length === 0, `requests to another origin: ${foreign.slice(0, 3).join(', ')}`);
      expect(errors.length === 0, `console errors: ${errors.slice(0, 3).join(' / ')}`);
      return `first visit ${(first / 1e6).toFixed(2)} MB transferred; MuJoCo ${(mujocoBytes / 1e6).toFixed(1)} MB when its view opened; offline: ${ran.join(', ')} opened and ran (Fit: the sample fitted)`;
    });
    await check('offline: a first visit straight to ?view=mujoco&lang=fr keeps MuJoCo and the French table: with the network cut the page reloads in French and MuJoCo loads', async () => {
      expect(srv && browser, 'no package served (see the check above)');
      const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'allow' });
      ctx.setDefaultTimeout(20_000);
      try {
        const errors = [];
        const page = await ctx.newPage();
        page.on('pageerror', (e) => errors.push(e.message));
        await page.goto(`${srv.url}?view=mujoco&lang=fr`);
        expect(await waitFor(() => page.evaluate(() => window.__fx?.mujoco?.version || null), 60_000, 200), 'MuJoCo did not load online');
        expect(await waitFor(() => page.evaluate(() => document.body.dataset.offline === 'ready'), 20_000, 100), 'the service worker is not ready');
        const kept = () => page.evaluate(async () => {
          const urls = [];
          for (const k of await caches.keys()) urls.push(...(await (await caches.open(k)).keys()).map((r) => r.url));
          return urls;
        });
        const want = [/\/mujoco\.[0-9a-f]+\/mujoco\.js$/, /\/mujoco\.[0-9a-f]+\/mujoco\.wasm$/, /\/i18n-fr\.[0-9a-f]+\.js$/];
        const got = await waitFor(async () => { const u = await kept(); return want.every((re) => u.some((x) => re.test(x))) ? u : null; }, 60_000, 250);
        expect(got, `not kept: ${want.filter((re) => !(got || []).some((x) => re.test(x))).join(', ')}`);
        await ctx.setOffline(true);
        await page.reload();
        // main.js sets <html lang> after its imports, the French table's
        // included (a top-level await): the load event may come before it
        await waitFor(() => page.evaluate(() => document.body.dataset.ready === 'true' || null), 30_000, 100);
        const lang = await page.evaluate(() => document.documentElement.lang);
        expect(lang === 'fr', `offline, <html lang="${lang}">`);
        expect(await waitFor(() => page.evaluate(() => window.__fx?.mujoco?.version || null), 60_000, 200), 'offline, MuJoCo did not load');
        expect(errors.length === 0, `page errors: ${errors.slice(0, 3).join(' / ')}`);
        return `${got.length} files kept after one visit; offline: lang ${lang}, ${await page.evaluate(() => window.__fx.mujoco.version)}`;
      } finally {
        await ctx.close().catch(() => {});
      }
    });
  } finally {
    if (browser) await browser.close().catch(() => {});
    if (srv) srv.stop();
  }
}
