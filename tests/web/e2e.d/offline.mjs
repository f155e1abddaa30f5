// e2e.d/offline.mjs: the offline package (make dist, tools/dist.mjs) served
// by a plain static server (python3 -m http.server, not the explorer's own),
// in a browser of its own (the harness's pages route every request, which
// would keep a service worker out):
//   first load   a visit to the root: the page opens; its service worker
//                keeps the page, then fetches the rest (MuJoCo, three.js, the
//                French table, the workers that run MuJoCo) in the
//                background; the header says "Downloading for offline: x of
//                y MB" (y: the set's size from the package's manifest), then
//                "Ready offline"; the bytes transferred for the files the
//                page needs (page and worker, response bodies and headers)
//                stay under 1.5 MB; no request leaves the origin
//   offline      then, with the network cut (the browser context offline),
//                every view of the tab bar opens from the kept files and runs
//                (its charts or its MuJoCo, never opened online, and the 3D
//                bundle), the Fit view fits the bundled sample; no
//                securitypolicyviolation event in any of it, and the page's
//                policy in force (an inline script added to it refused)
//   first visit straight to In MuJoCo in French: MuJoCo and the French
//                table are fetched before the worker controls the page; it
//                keeps them all the same, so with the network cut the page
//                reloads in French and MuJoCo loads
//   French offline  a first visit in English, "Ready offline", the network
//                cut, Français chosen in the header: the French page appears;
//                with the French table removed from the cache it opens in
//                English and says why (never a dead page); with MuJoCo
//                removed, the In MuJoCo view says in one sentence what to do
// Screenshots: build/e2e/offline-<view>.png, offline-header-*.png.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

// this module's bound (the harness's watchdog): four checks, two full downloads of the set
export const WATCHDOG_MS = 420_000;
const FIRST_LOAD_LIMIT = 1.5e6;   // bytes transferred by the first visit for the page's own files

/** Records every text the header's offline state shows (window.__offlineTexts), from the page's start. */
function headerTexts() {
  window.__offlineTexts = [];
  new MutationObserver(() => {
    const x = document.getElementById('offline-state')?.firstChild?.textContent;
    if (x && window.__offlineTexts.at(-1) !== x) window.__offlineTexts.push(x);
  }).observe(document, { subtree: true, childList: true, characterData: true });
}

export default async function offline(h) {
  const { check, expect, waitFor, ROOT, OUT } = h;
  const DIST = path.join(ROOT, 'build/dist/friction-explorer');
  let srv = null, browser = null;
  try {
    await check('offline: the dist folder on a plain static server (python3 -m http.server): a visit to the root, under 1.5 MB for the page, fetches the rest in the background (the header: Downloading for offline, then Ready offline); then every view, In MuJoCo included, opens and runs with the network cut, the Fit view fits the bundled sample', async () => {
      expect(fs.existsSync(path.join(DIST, 'sw.js')) && fs.existsSync(path.join(DIST, 'index.html')),
        `${path.relative(ROOT, DIST)} is not built (make dist)`);
      srv = await h.staticServer(DIST);
      const base = srv.url;
      browser = await h.ownBrowser();
      const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'allow' });
      ctx.setDefaultTimeout(20_000);
      const foreign = [], errors = [], csp = [];
      let bytes = 0;
      // every securitypolicyviolation event (the package's Content-Security-Policy: web/index.html, tools/dist.mjs)
      await ctx.exposeFunction('__fxCspViolation', (v) => csp.push(v));
      await ctx.addInitScript(h.cspListener);
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
      // first visit, to the root: the page, its service worker, then the rest in the background
      const manifest = JSON.parse(fs.readFileSync(`${DIST}.json`, 'utf8'));
      const rest = new Set((manifest.rest ?? []).map((n) => new URL(n, base).href));
      let restBytes = 0;
      ctx.on('requestfinished', async (r) => {
        if (!rest.has(r.url())) return;
        try { const sz = await r.sizes(); restBytes += sz.responseBodySize + sz.responseHeadersSize; } catch { /* gone */ }
      });
      await ctx.addInitScript(headerTexts);
      await page.goto(base);
      await page.waitForFunction(() => document.body.dataset.ready === 'true');
      const ready = await waitFor(() => page.evaluate(() => (document.body.dataset.offline === 'ready' ? 'ready' : null)), 120_000, 100);
      expect(ready === 'ready', `the header says '${await page.evaluate(() => document.getElementById('offline-state')?.textContent)}' (body[data-offline]=${await page.evaluate(() => document.body.dataset.offline)})`);
      expect(await waitFor(() => page.evaluate(() => !!navigator.serviceWorker.controller), 10_000, 100), 'the service worker does not control the page');
      await page.waitForTimeout(500);
      const seen = await page.evaluate(() => window.__offlineTexts);
      const total = (manifest.offline_set_bytes / 1e6).toFixed(1);
      const progress = seen.filter((x) => new RegExp(`^Downloading for offline: \\d+\\.\\d of ${total.replace('.', '\\.')} MB$`).test(x));
      expect(progress.length > 0, `the header never said "Downloading for offline: … of ${total} MB": ${seen.join(' / ')}`);
      expect(seen.at(-1) === 'Ready offline', `the header ends on '${seen.at(-1)}'`);
      const all = bytes;
      const first = bytes - restBytes;
      expect(first < FIRST_LOAD_LIMIT, `the first visit transferred ${(first / 1e6).toFixed(2)} MB for the page (limit 1.5 MB)`);
      expect(restBytes > 5e6, `the background fetch transferred only ${(restBytes / 1e6).toFixed(1)} MB: MuJoCo was not fetched`);
      await page.locator('header.top').screenshot({ path: path.join(OUT, 'offline-header-ready.png') });
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
      expect(csp.length === 0, `Content-Security-Policy violations: ${csp.slice(0, 3).join(' / ')}`);
      // the policy is in force in the package's page (an inline script added to it is refused)
      await h.cspInForce(page);
      return `no Content-Security-Policy violation; first visit ${(first / 1e6).toFixed(2)} MB transferred for the page, ${(all / 1e6).toFixed(2)} MB with the rest (the header said ${progress.length} progress line(s), e.g. '${progress[0]}', then 'Ready offline'); offline: ${ran.join(', ')} opened and ran (Fit: the sample fitted; In MuJoCo never opened online)`;
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
        // waited for up to 120 s, as the other first visits here: the service worker
        // fetches 13 MB in the background, which a loaded machine took over 20 s for
        expect(await waitFor(() => page.evaluate(() => document.body.dataset.offline === 'ready'), 120_000, 100), 'the service worker is not ready within 120 s');
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
        // the workers the page starts with ?lang=fr (the robot's, Fig. 1's)
        // come from the offline copy too: every kept worker script, asked
        // for with the page's query, with the network cut
        const workers = got.filter((u) => /\.worker(\.[0-9a-f]+)?\.js$/.test(u));
        expect(workers.length >= 2, `kept worker scripts: ${workers.length}`);
        const missed = await page.evaluate(async (us) => {
          const bad = [];
          for (const u of us) {
            const r = await fetch(`${u}?lang=fr`).catch(() => null);
            if (!r?.ok) bad.push(u.replace(/^.*\//, ''));
          }
          return bad;
        }, workers);
        expect(missed.length === 0, `offline, worker scripts asked for with ?lang=fr not answered: ${missed.join(', ')}`);
        return `${got.length} files kept after one visit; offline: lang ${lang}, ${await page.evaluate(() => window.__fx.mujoco.version)}; ${workers.length} worker scripts answered with ?lang=fr`;
      } finally {
        await ctx.close().catch(() => {});
      }
    });
    await check('offline: a first visit in English, "Ready offline", the network cut, Français chosen: the French page appears; without its table kept the page opens in English and says why; without MuJoCo kept, In MuJoCo says what to do', async () => {
      expect(srv && browser, 'no package served (see the first check)');
      const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'allow', locale: 'en-US' });
      ctx.setDefaultTimeout(20_000);
      try {
        const errors = [];
        const page = await ctx.newPage();
        page.on('pageerror', (e) => errors.push(e.message));
        await page.goto(srv.url);
        expect(await waitFor(() => page.evaluate(() => document.body.dataset.offline === 'ready' || null), 120_000, 100),
          `the header says '${await page.evaluate(() => document.getElementById('offline-state')?.textContent)}'`);
        expect(await page.evaluate(() => document.documentElement.lang) === 'en', 'the first visit is not in English');
        await ctx.setOffline(true);
        const choose = async (code) => {
          await Promise.all([page.waitForEvent('load'), page.selectOption('#lang-select', code)]);
          expect(await waitFor(() => page.evaluate(() => document.body.dataset.ready === 'true' || null), 30_000, 100),
            `offline, lang=${code}: the page did not start (${await page.evaluate(() => document.querySelector('#loading > p')?.textContent)})`);
        };
        await choose('fr');
        const fr = await page.evaluate(() => ({ lang: document.documentElement.lang, state: document.getElementById('offline-state').firstChild.textContent,
          tab: document.getElementById('tab-laws').textContent }));
        expect(fr.lang === 'fr' && fr.state === 'Prêt hors ligne', `offline, Français chosen: <html lang="${fr.lang}">, the header says '${fr.state}'`);
        await page.screenshot({ path: path.join(OUT, 'offline-fr.png') });
        // the French table not kept (an older package, a cache cleared): English, and why
        await page.evaluate(async () => {
          for (const k of await caches.keys()) {
            const c = await caches.open(k);
            for (const r of await c.keys()) if (/\/i18n-fr\.[0-9a-f]+\.js$/.test(r.url)) await c.delete(r);
          }
        });
        // and not in the HTTP cache either (the worker's download left it there)
        const cdp = await ctx.newCDPSession(page);
        await cdp.send('Network.clearBrowserCache');
        await choose('en');
        await choose('fr');
        const fallback = await page.evaluate(() => ({ lang: document.documentElement.lang, note: document.querySelector('header.top .lang-missing')?.textContent || '' }));
        expect(fallback.lang === 'en' && /^Français could not be loaded \(.+\): the page is in English; choose it again once the network is back\.$/.test(fallback.note),
          `offline, the French table gone: <html lang="${fallback.lang}">, the note '${fallback.note}'`);
        await page.screenshot({ path: path.join(OUT, 'offline-fr-missing.png') });
        // MuJoCo not kept: the In MuJoCo view says what to do, in one sentence
        await page.evaluate(async () => {
          for (const k of await caches.keys()) {
            const c = await caches.open(k);
            for (const r of await c.keys()) if (/\/mujoco\.[0-9a-f]+\/mujoco\.js$/.test(r.url)) await c.delete(r);
          }
        });
        await cdp.send('Network.clearBrowserCache');
        await page.goto(`${srv.url}?view=mujoco&lang=en`);
        const said = await waitFor(() => page.evaluate(() => {
          const b = document.getElementById('error-banner');
          const m = document.getElementById('mujoco-error');
          return (!b.hidden && b.textContent) || (m && !m.hidden && m.textContent) || null;
        }), 30_000, 200);
        expect(said && said.includes('MuJoCo is not on this device yet and the network cannot be reached: open the explorer once with a network and wait until the header says “Ready offline”')
          && !said.includes('Failed to fetch'), `offline without MuJoCo kept, the view says '${said}'`);
        await page.screenshot({ path: path.join(OUT, 'offline-mujoco-missing.png') });
        expect(errors.length === 0, `page errors: ${errors.slice(0, 3).join(' / ')}`);
        return `offline: Français chosen → lang ${fr.lang}, '${fr.state}', tab '${fr.tab}'; its table gone → '${fallback.note}'; MuJoCo gone → '${said}'`;
      } finally {
        await ctx.close().catch(() => {});
      }
    });
    await check('offline: index.html opened from file:// says in one sentence, in the browser\'s language, to serve the folder; the zip carries README.txt (English and French)', async () => {
      expect(browser, 'no browser (see the first check)');
      const said = {};
      for (const locale of ['en-US', 'fr-FR']) {
        const ctx = await browser.newContext({ viewport: { width: 853, height: 600 }, locale });
        try {
          const page = await ctx.newPage();
          await page.goto(`file://${path.join(DIST, 'index.html')}`);
          said[locale] = await waitFor(() => page.evaluate(() => (document.body.dataset.file === 'refused'
            ? document.querySelector('#loading > p').textContent : null)), 5000, 100);
          await page.screenshot({ path: path.join(OUT, `offline-file-${locale}.png`) });
        } finally {
          await ctx.close().catch(() => {});
        }
      }
      expect(said['en-US']?.startsWith('This page does not run opened as a file') && said['en-US'].includes('python3 -m http.server 8000'),
        `file://, English: '${said['en-US']}'`);
      expect(said['fr-FR']?.startsWith('Cette page ne fonctionne pas ouverte comme fichier') && said['fr-FR'].includes('python3 -m http.server 8000'),
        `file://, French: '${said['fr-FR']}'`);
      const zip = path.join(path.dirname(DIST), 'friction-explorer.zip');
      const list = spawnSync('unzip', ['-l', zip], { encoding: 'utf8' }).stdout || '';
      expect(/friction-explorer\/README\.txt/.test(list), `${path.basename(zip)} holds no friction-explorer/README.txt`);
      const readme = spawnSync('unzip', ['-p', zip, 'friction-explorer/README.txt'], { encoding: 'utf8' }).stdout || '';
      expect(/^English$/m.test(readme) && /^Français$/m.test(readme) && readme.includes('python3 -m http.server 8000') && !/\{\w+\}/.test(readme),
        'README.txt lacks a language, the command, or has an unfilled {placeholder}');
      return `file:// en: '${said['en-US']}'; fr: '${said['fr-FR'].slice(0, 60)}…'; README.txt ${readme.length} characters`;
    });
  } finally {
    if (browser) await browser.close().catch(() => {});
    if (srv) srv.stop();
  }
}
