// e2e.d/offlineupdate.mjs: a new build reaches a browser that has the old one
// offline. A copy of the offline package (make dist) is
// served by a plain static server, every file dated a day back (as on a
// server that has had it for a while: the HTTP cache holds the old index.html
// as fresh, which the old worker took into its cache). A visit; "Ready
// offline"; then "a new build" in the copy: the page's bundle changed (a line
// added: a new content, so a new hashed name; the old one removed from the
// folder), index.html and sw.js (its list, sizes and version) written for it.
// Reloading the page (online) runs the old version, whose header says "A new
// version is ready; reload to use it." once the new worker has the whole new
// set; its Reload button: the new build runs, no request fails, MuJoCo was not
// fetched again (the new worker took the old one's copy). Another build, and
// once the note shows, the browser's own reload (no other tab open): that
// build runs. With the network cut In MuJoCo still loads.
// Screenshot: build/e2e/offline-update.png (the header with the note).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { rebuildApp } from '../dist_rebuild.mjs';

// this module's bound (the harness's watchdog)
export const WATCHDOG_MS = 240_000;

export default async function offlineupdate(h) {
  const { check, expect, waitFor, answer, ROOT, OUT } = h;
  const DIST = path.join(ROOT, 'build/dist/friction-explorer');
  await check('offline update: a new build in the folder, the page reloaded online: it says "A new version is ready", its Reload runs the new build, MuJoCo kept (not fetched again) and loading offline', async () => {
    expect(fs.existsSync(path.join(DIST, 'sw.js')), `${path.relative(ROOT, DIST)} is not built (make dist)`);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fx-update-'));
    let srv = null, browser = null;
    try {
      fs.cpSync(DIST, dir, { recursive: true });
      const dayAgo = new Date(Date.now() - 86400e3);
      const age = (p) => {
        for (const e of fs.readdirSync(p, { withFileTypes: true })) {
          const q = path.join(p, e.name);
          if (e.isDirectory()) age(q);
          fs.utimesSync(q, dayAgo, dayAgo);
        }
      };
      age(dir);
      srv = await h.staticServer(dir);
      browser = await h.ownBrowser();
      const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'allow' });
      ctx.setDefaultTimeout(20_000);
      const errors = [], mujocoFetched = [];
      let rebuilt = false;
      ctx.on('response', (r) => { if (r.status() >= 400) errors.push(`${r.url()}: HTTP ${r.status()}`); });
      // MuJoCo's files asked of the server by a worker between the new build and the network cut
      ctx.on('request', (r) => { if (rebuilt && r.serviceWorker() && /\/mujoco\.[0-9a-f]+\/mujoco\.(js|wasm)$/.test(r.url())) mujocoFetched.push(r.url()); });
      const page = await ctx.newPage();
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(srv.url);
      expect(await waitFor(() => answer(page, () => document.body.dataset.offline === 'ready' || null), 120_000, 100),
        `first visit: the header says '${await answer(page, () => document.getElementById('offline-state')?.textContent)}'`);

      // the new build: app.<hash>.js changed (a new name), index.html and sw.js written for it
      rebuildApp(dir);
      rebuilt = true;

      // reloaded online: the old version runs and says a new one is ready
      await page.reload();
      await page.waitForFunction(() => document.body.dataset.ready === 'true');
      const note = await waitFor(() => answer(page, () => (document.body.dataset.update === 'ready'
        ? document.querySelector('header.top .offline-update')?.textContent : null)), 60_000, 200);
      expect(note, `after the new build, the page never said a new version is ready (build ${await answer(page, () => window.__fxBuild || 1)}; errors: ${errors.slice(0, 3).join(' / ')})`);
      expect(note === 'A new version is ready; reload to use it. Reload', `the note says '${note}'`);
      await page.locator('header.top').screenshot({ path: path.join(OUT, 'offline-update.png') });
      await Promise.all([page.waitForEvent('load'), page.locator('header.top .offline-update button').click()]);
      await page.waitForFunction(() => document.body.dataset.ready === 'true');
      expect(await waitFor(() => answer(page, () => window.__fxBuild || null), 10_000, 100) === '2', 'after Reload, the old build runs');
      expect(await waitFor(() => answer(page, () => document.body.dataset.offline === 'ready' || null), 60_000, 100),
        `the new version: the header says '${await answer(page, () => document.getElementById('offline-state')?.textContent)}'`);
      const caches = await page.evaluate(async () => (await caches.keys()).filter((k) => k.startsWith('friction-explorer-')));
      expect(caches.length === 1 && caches[0].endsWith('-2'), `the caches after the update: ${caches.join(', ')}`);
      expect(mujocoFetched.length === 0, `MuJoCo fetched again from the server: ${mujocoFetched.join(', ')}`);

      // another build; this time the browser's own reload (not the note's
      // button) once the note shows: the new build runs
      rebuildApp(dir, '\nwindow.__fxBuild = "3";\n');
      await page.reload();
      await page.waitForFunction(() => document.body.dataset.ready === 'true');
      expect(await waitFor(() => answer(page, () => document.body.dataset.update === 'ready' || null), 60_000, 200),
        `after build 3, the page never said a new version is ready (build ${await answer(page, () => window.__fxBuild || 1)})`);
      await page.reload();
      // (the worker answers this reload with a page that asks for itself
      // again once the new version runs it: an evaluate sent in between may
      // get no answer, so each is bounded)
      expect(await waitFor(() => answer(page, () => (document.body.dataset.ready === 'true' ? window.__fxBuild || '1' : null)), 20_000, 100) === '3',
        `after the browser's reload, build ${await answer(page, () => window.__fxBuild || 1)} runs, not 3`);
      expect(await waitFor(() => answer(page, () => document.body.dataset.offline === 'ready' || null), 60_000, 100),
        `build 3: the header says '${await answer(page, () => document.getElementById('offline-state')?.textContent)}'`);
      expect(mujocoFetched.length === 0, `MuJoCo fetched again from the server: ${mujocoFetched.join(', ')}`);

      // offline: the new build, In MuJoCo loads
      rebuilt = false;
      await ctx.setOffline(true);
      await page.goto(`${srv.url}?view=mujoco`);
      await page.waitForFunction(() => document.body.dataset.ready === 'true');
      expect(await page.evaluate(() => window.__fxBuild) === '3', 'offline, an old build runs');
      expect(await waitFor(() => answer(page, () => window.__fx?.mujoco?.version || null), 60_000, 200), 'offline after the update, MuJoCo did not load');
      expect(errors.length === 0, `errors: ${errors.slice(0, 3).join(' / ')}`);
      return `the note '${note}'; after Reload build 2 runs, one cache (${caches[0]}); after the browser's reload build 3 runs; MuJoCo not fetched again; offline In MuJoCo ${await answer(page, () => window.__fx.mujoco.version)}`;
    } finally {
      if (browser) await browser.close().catch(() => {});
      if (srv) srv.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
}
