// e2e.d/offlineintegrity.mjs: the offline package's service worker keeps and
// answers only the bytes the build named (web/sw.js: each file's SHA-256
// from tools/dist.mjs). A copy of the package (make dist) on a plain static
// server; the browser context's routes stand for a flaky proxy between the
// worker and the server (Playwright routes the worker's own requests too):
//   first visit  one of the page's chunks is answered to the worker, once,
//                with other bytes of its size (a script that would say
//                FX-BAD-COPY-RAN), and the French table, every time, cut in
//                half: the header says "Not available offline: …"; the page
//                asked in French is English (the table not kept, not run)
//   server good  the page in French, then "Ready offline"; with the network
//                cut the page runs from the kept copies: each kept copy's
//                SHA-256 (crypto.subtle in the page) is the file's
//   an update    a new build; the new page bundle is answered once with
//                other bytes of its size, and the old version's cache is
//                given a same-size other copy of the French table (as an
//                older worker that checked nothing might have kept): the
//                new version refuses both, fetches them again, says "Ready
//                offline"; offline, in French, it runs
// Throughout: no page error, and FX-BAD-COPY-RAN never said.
// Then, before any service worker runs the page (a fresh profile), the
// page's OWN requests (tools/dist.mjs: Subresource Integrity on the bundle,
// the import map's integrity for its modules; web/src/coreLoad.js for the
// core's wasm):
//   a chunk      a chunk the page's bundle imports, answered once with other
//                bytes of its size (the chunk itself, that would first ask
//                the server for /fx-forged-ran, a string shortened to make
//                room: it would link and run): never run, the page says the
//                file was refused; reloaded with the server good, it runs
//                and ends "Ready offline" on the genuine files
//   the wasm     the core's wasm answered once with one byte of a sentence
//                it holds changed (a module that would compile and run): in
//                French, the page says in French that the file was refused,
//                names it, and does not run the core; reloaded, "Prêt hors ligne"
//   the digest   the core's wasm genuine, but the page's import map listing
//                another SHA-256 for it (a copy of the package): the page
//                refuses it (it checks the whole digest the page lists, not
//                only the name's 10 digits)
//   MuJoCo       its wasm (mujoco.<hash>/mujoco.wasm) answered once to the
//                page with one byte of a message it holds changed: In
//                MuJoCo says the file was refused and does not load it;
//                reloaded, MuJoCo loads (its version shown)
//   a worker     the live charts' worker script (`new Worker` has no
//                integrity): its first request from the page and its first
//                from the service worker each answered with other bytes of
//                its size (a script that asks the server for
//                /fx-forged-ran): the page starts its workers once the service
//                worker runs it (web/src/offline.js startWorker), which
//                refuses the forged copy and fetches it again: the charts
//                are drawn, FX-BAD-COPY-RAN never said, "Ready offline"
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { readDist, rebuildApp, relist } from '../dist_rebuild.mjs';

// this module's bound (the harness's watchdog): three full downloads of the set
export const WATCHDOG_MS = 300_000;
const MARK = 'FX-BAD-COPY-RAN';
const sha = (b) => crypto.createHash('sha256').update(b).digest('hex');
/** Bytes of b's size that say MARK when run. */
const forged = (b) => {
  const o = Buffer.alloc(b.length, 0x20);
  Buffer.from(`console.error(${JSON.stringify(MARK)});`).copy(o);
  return o;
};

// what forged code does when it runs, seen from outside whatever runs it
// (the page, a worker): it asks the server for this address
const RAN = 'fx-forged-ran';
/** A module of b's size that runs b (its imports and exports, so it links
 *  and runs where b would) after asking for RAN: one of b's string literals
 *  shortened to make room. */
const SAY = `fetch(${JSON.stringify(`/${RAN}`)});`;
const forgedModule = (b) => {
  const text = b.toString();
  const say = SAY;
  const m = new RegExp(`"[A-Za-z ,.]{${say.length + 8},}"`).exec(text);
  if (!m) throw new Error('the module holds no string literal long enough to make room');
  const at = m.index + 1;
  const out = Buffer.from(say + text.slice(0, at) + text.slice(at + say.length));
  if (out.length !== b.length) throw new Error('the forged module is not the genuine one\'s size');
  return out;
};

/** A script of b's size that asks for RAN (a worker's script: nothing imports it). */
const forgedScript = (b) => Buffer.from(SAY.padEnd(b.length, ' '));

export default async function offlineintegrity(h) {
  const { check, expect, waitFor, ROOT } = h;
  const DIST = path.join(ROOT, 'build/dist/friction-explorer');
  await check('offline integrity: a same-size other chunk and a truncated French table answered to the worker are refused and fetched again; the page never runs them, says "Not available offline" while the table is missing, then "Ready offline" on the genuine copies, across an update too', async () => {
    expect(fs.existsSync(path.join(DIST, 'sw.js')), `${path.relative(ROOT, DIST)} is not built (make dist)`);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fx-integrity-'));
    let srv = null, browser = null;
    try {
      fs.cpSync(DIST, dir, { recursive: true });
      srv = await h.staticServer(dir);
      const base = srv.url;
      const { dist } = readDist(dir);
      const chunk = dist.precache.find((n) => /^chunk\.[0-9a-f]{10}\.js$/.test(n));
      const fr = dist.rest.find((n) => /^i18n-fr\.[0-9a-f]{10}\.js$/.test(n));
      expect(chunk && fr, 'the package lists no chunk or no French table');
      const file = (n) => fs.readFileSync(path.join(dir, n));
      browser = await h.ownBrowser();
      const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'allow', locale: 'en-US' });
      ctx.setDefaultTimeout(20_000);
      const errors = [], forgedSent = [];
      // the proxy: `once` (name → true) answered forged to the worker's first request; frCut: the French table halved
      const once = new Map([[chunk, true]]);
      let frCut = true;
      await ctx.route((u) => u.href.startsWith(base), async (route) => {
        const req = route.request();
        const name = decodeURIComponent(new URL(req.url()).pathname.slice(1));
        if (req.serviceWorker() && once.get(name)) {
          once.set(name, false);
          forgedSent.push(name);
          return route.fulfill({ status: 200, contentType: 'text/javascript', body: forged(file(name)) });
        }
        if (name === fr && frCut) {
          const b = file(fr);
          return route.fulfill({ status: 200, contentType: 'text/javascript', body: b.subarray(0, b.length >> 1) });
        }
        return route.continue();
      });
      const page = await ctx.newPage();
      page.on('pageerror', (e) => errors.push(e.message));
      page.on('console', (m) => { if (m.text().includes(MARK)) errors.push(`${MARK} (${m.location()?.url})`); });
      const header = () => page.evaluate(() => document.getElementById('offline-state')?.firstChild?.textContent || '');
      const state = (want, ms = 120_000) => waitFor(() => page.evaluate((w) => document.body.dataset.offline === w || null, want), ms, 100);
      const kept = (names) => page.evaluate(async (ns) => {
        const out = {};
        const c = await caches.open((await caches.keys()).find((k) => k.startsWith('friction-explorer-')));
        for (const n of ns) {
          const hit = await c.match(new URL(n, location.href).href);
          out[n] = hit ? Array.from(new Uint8Array(await crypto.subtle.digest('SHA-256', await hit.arrayBuffer())),
            (x) => x.toString(16).padStart(2, '0')).join('') : null;
        }
        return out;
      }, names);
      const ready = () => page.waitForFunction(() => document.body.dataset.ready === 'true');

      // first visit: the chunk forged once to the worker, the French table cut
      await page.goto(base);
      await ready();
      expect(await state('unavailable'), `with the French table cut, the header says '${await header()}'`);
      const missing = await header();
      expect(/^Not available offline: .+/.test(missing), `the header says '${missing}'`);
      expect(forgedSent.includes(chunk), `the forged ${chunk} was never asked for by the worker`);
      // the page in French through the worker: the cut table refused, the page English
      await page.goto(`${base}?lang=fr`);
      await ready();
      expect(await page.evaluate(() => document.documentElement.lang) === 'en', 'the cut French table was run');
      expect((await kept([fr]))[fr] === null, 'the cut French table was kept');

      // the server good: French, then Ready offline, each kept copy the file's
      frCut = false;
      await page.goto(`${base}?lang=fr`);
      await ready();
      expect(await page.evaluate(() => document.documentElement.lang) === 'fr', 'with the server good, the page is not French');
      expect(await state('ready'), `with the server good, the header says '${await header()}'`);
      expect(await header() === 'Prêt hors ligne', `the header says '${await header()}'`);
      const want = Object.fromEntries([chunk, fr].map((n) => [n, sha(file(n))]));
      const got = await kept([chunk, fr]);
      expect(got[chunk] === want[chunk] && got[fr] === want[fr], `kept copies differ from the files: ${JSON.stringify(got)}`);
      await ctx.setOffline(true);
      await page.goto(`${base}?lang=en`);
      await ready();
      expect(await page.evaluate(() => document.body.dataset.offline) !== 'unavailable' && errors.length === 0, `offline: ${errors.slice(0, 3).join(' / ')}`);
      await ctx.setOffline(false);

      // an update: the new bundle forged once to the worker; the old cache given a forged French table
      const { newApp } = rebuildApp(dir);
      once.set(newApp, true);
      await page.evaluate(async ({ n, body }) => {
        const k = (await caches.keys()).find((x) => x.startsWith('friction-explorer-'));
        await (await caches.open(k)).put(new URL(n, location.href).href, new Response(body, { headers: { 'content-type': 'text/javascript' } }));
      }, { n: fr, body: forged(file(fr)).toString() });
      await page.reload();
      await ready();
      expect(await waitFor(() => page.evaluate(() => document.body.dataset.update === 'ready' || null), 120_000, 200),
        `the new version never said it is ready (errors: ${errors.slice(0, 3).join(' / ')})`);
      await Promise.all([page.waitForEvent('load'), page.locator('header.top .offline-update button').click()]);
      await ready();
      expect(await waitFor(() => page.evaluate(() => window.__fxBuild || null), 10_000, 100) === '2', 'after Reload, the old build runs');
      expect(await state('ready'), `the new version: the header says '${await header()}'`);
      expect(forgedSent.includes(newApp), `the forged ${newApp} was never asked for by the worker`);
      const got2 = await kept([newApp, fr, chunk]);
      expect(got2[newApp] === sha(file(newApp)) && got2[fr] === want[fr] && got2[chunk] === want[chunk],
        `after the update, kept copies differ from the files: ${JSON.stringify(got2)}`);
      await ctx.setOffline(true);
      await page.goto(`${base}?lang=fr`);
      await ready();
      expect(await page.evaluate(() => document.documentElement.lang) === 'fr', 'offline after the update, the page is not French');
      expect(errors.length === 0, `errors: ${errors.slice(0, 3).join(' / ')}`);
      return `first visit: '${missing}' with the table cut; then 'Prêt hors ligne'; forged and refused: ${forgedSent.join(', ')}; `
        + 'after the update, offline in French on the genuine copies';
    } finally {
      if (browser) await browser.close().catch(() => {});
      if (srv) srv.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  // a first visit in a fresh browser where the page's own first request for
  // `name` (not the service worker's) is answered with `body`: the page
  // (at `query`) must say `sentence` where `said(page)` reads, never run the
  // forged bytes (no request for RAN, `runs(page)` false), and reloaded with
  // the server good run `runs(page)` and end "Ready offline"
  const file = (n) => fs.readFileSync(path.join(DIST, n));
  const banner = (page) => page.evaluate(() => {
    const b = document.getElementById('error-banner');
    return b && !b.hidden && b.textContent ? b.textContent : null;
  });
  const intactNote = (page) => page.evaluate(() => document.getElementById('intact-note')?.textContent || null);
  const coreRuns = (page) => page.evaluate(() => !!window.__fx?.core?.wrapper && document.body.dataset.ready === 'true');
  const viewText = (page) => page.evaluate(() => document.getElementById('view')?.innerText || '');
  const mujocoRuns = async (page) => /MuJoCo \d+\.\d+\.\d+ \(WebAssembly/.test(await viewText(page));
  // (the package in a sub-folder, school/friction/, as on a school's server:
  // the import map's keys, ./name, resolve against the page's address)
  async function firstVisit({ what, name, body, query, said, sentence, runs, forged = async () => null }) {
    expect(fs.existsSync(path.join(DIST, 'sw.js')), `${path.relative(ROOT, DIST)} is not built (make dist)`);
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'fx-integrity-'));
    let srv = null, browser = null;
    try {
      fs.mkdirSync(path.join(root, 'school'));
      fs.symlinkSync(DIST, path.join(root, 'school/friction'));
      srv = await h.staticServer(root);
      const base = `${srv.url}school/friction/`;
      const origin = new URL(base).origin, dirPath = new URL(base).pathname;
      browser = await h.ownBrowser();
      const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'allow', locale: 'en-US' });
      ctx.setDefaultTimeout(20_000);
      const errors = [];
      let forgedTo = null;
      await ctx.route((u) => u.origin === origin, async (route) => {
        const req = route.request();
        const p = decodeURIComponent(new URL(req.url()).pathname);
        if (p === `/${RAN}`) {
          errors.push(`the forged ${name} ran`);
          return route.fulfill({ status: 204 });
        }
        if (p === `${dirPath}${name}` && forgedTo === null && !req.serviceWorker()) {
          forgedTo = 'the page';
          const type = { wasm: 'application/wasm', css: 'text/css', js: 'text/javascript' }[name.split('.').pop()];
          return route.fulfill({ status: 200, contentType: type, body });
        }
        return route.continue();
      });
      const page = await ctx.newPage();
      await page.goto(`${base}${query}`);
      const text = await waitFor(async () => {
        const t = await said(page);
        return t && sentence.test(t) ? t : null;
      }, 30_000, 100);
      const ran = await runs(page);
      const seen = await forged(page);
      if (seen) errors.push(seen);
      expect(forgedTo === 'the page', `${what}: the forged ${name} went to ${forgedTo ?? 'nobody'}`);
      expect(text, `${what}: the page says '${(await said(page))?.slice(0, 300)}' (forged bytes run: ${ran}; ${errors.join(' / ')})`);
      expect(!ran && errors.length === 0, `${what}: the forged copy ran or the page went on: ${errors.join(' / ')}`);
      // the server good: a reload runs the genuine files, offline-ready
      await page.reload();
      expect(await waitFor(async () => ((await runs(page)) ? true : null), 60_000, 200), `${what}: after the reload, the page says '${(await said(page))?.slice(0, 300)}'`);
      expect(await waitFor(() => page.evaluate(() => document.body.dataset.offline === 'ready' || null), 120_000, 200),
        `${what}: after the reload the header says '${await page.evaluate(() => document.getElementById('offline-state')?.textContent)}'`);
      const seen2 = await forged(page);
      if (seen2) errors.push(seen2);
      expect(errors.length === 0, `${what}: the forged copy ran: ${errors.join(' / ')}`);
      return `${what}: '${text.slice(text.search(sentence)).slice(0, 90)}…'; after a reload, Ready offline (served from ${dirPath})`;
    } finally {
      if (browser) await browser.close().catch(() => {});
      if (srv) srv.stop();
      fs.rmSync(root, { recursive: true, force: true });
    }
  }

  await check('offline integrity, first visit: a chunk the page imports, answered once to the page itself (no service worker yet) with same-size other bytes that would link and run, is refused by the browser (the import map\'s integrity): never run; the page says which file was refused; reloaded, "Ready offline"', async () => {
    const { dist } = readDist(DIST);
    const appName = dist.precache.find((n) => /^app\.[0-9a-f]{10}\.js$/.test(n));
    // a chunk the page's bundle imports, with a string long enough to make room for the forged line
    const chunk = dist.precache.find((n) => /^chunk\.[0-9a-f]{10}\.js$/.test(n) && file(appName).includes(`./${n}`)
      && /"[A-Za-z ,.]{80,}"/.test(file(n).toString()));
    expect(chunk, 'the package lists no chunk the page imports');
    return firstVisit({ what: 'a chunk', name: chunk, body: forgedModule(file(chunk)), query: '', said: intactNote, runs: coreRuns,
      sentence: /^A file of this page \(app\.[0-9a-f]{10}\.js, or a module it imports\) did not arrive as this version was built/ });
  });

  await check('offline integrity, first visit: the style sheet, answered once to the page itself with same-size other rules, is refused by the browser (its integrity): never applied; the page says which file was refused; reloaded, styled and "Ready offline"', async () => {
    const { dist } = readDist(DIST);
    const css = dist.precache.find((n) => /^style\.[0-9a-f]{10}\.css$/.test(n));
    expect(css, 'the package lists no style sheet');
    return firstVisit({ what: 'the style sheet', name: css, body: Buffer.from('html{--fx-forged:ran}'.padEnd(file(css).length, ' ')), query: '', said: intactNote,
      sentence: /^A file of this page \(style\.[0-9a-f]{10}\.css, or a module it imports\) did not arrive as this version was built/,
      // the genuine sheet applied (the page's own rules), the page ready
      runs: (page) => page.evaluate(() => document.body.dataset.ready === 'true'
        && [...document.styleSheets].some((sh) => /\/style\.[0-9a-f]{10}\.css$/.test(sh.href || '') && sh.cssRules.length > 10)),
      forged: (page) => page.evaluate(() => (getComputedStyle(document.documentElement).getPropertyValue('--fx-forged').trim() ? 'the forged style sheet was applied' : null)) });
  });

  await check('offline integrity, first visit: the core\'s wasm, answered once to the page itself with same-size other bytes (one letter of a sentence it holds changed: it would compile and run), is refused before it is compiled: the page says so in French, naming the file; reloaded, "Ready offline"', async () => {
    const { dist } = readDist(DIST);
    const wasmName = dist.precache.find((n) => /^friction_core\.[0-9a-f]{10}\.wasm$/.test(n));
    expect(wasmName, 'the package lists no core wasm');
    const wasm = Buffer.from(file(wasmName));
    const at = wasm.indexOf('params.not_finite_number');
    expect(at > 0, `${wasmName} holds no 'params.not_finite_number'`);
    wasm[at] = 'P'.charCodeAt(0);
    return firstVisit({ what: 'the core\'s wasm', name: wasmName, body: wasm, query: '?lang=fr', said: banner, runs: coreRuns,
      sentence: new RegExp(`^Le fichier WebAssembly ${wasmName.replace(/\./g, '\\.')} n'est pas arrivé tel que cette version l'a construit`) });
  });

  await check('offline integrity: the page checks the core\'s wasm against the full SHA-256 its import map lists, not only the 10 digits of its name: with the map listing another digest, the genuine file is refused', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fx-integrity-'));
    let srv = null, browser = null;
    try {
      fs.cpSync(DIST, dir, { recursive: true });
      const { dist } = readDist(dir);
      const wasmName = dist.precache.find((n) => /^friction_core\.[0-9a-f]{10}\.wasm$/.test(n));
      relist(dir, wasmName, `sha256-${crypto.createHash('sha256').update('other bytes').digest('base64')}`);
      srv = await h.staticServer(dir);
      browser = await h.ownBrowser();
      const page = await (await browser.newContext({ serviceWorkers: 'block', locale: 'en-US' })).newPage();
      const violations = [];
      page.on('console', (m) => { if (/Content Security Policy/i.test(m.text())) violations.push(m.text().slice(0, 120)); });
      await page.goto(srv.url);
      const said = await waitFor(() => banner(page), 30_000, 100);
      expect(said && said.startsWith(`The WebAssembly file ${wasmName} did not arrive as this version was built`) && violations.length === 0,
        `the page says '${said}' (${violations.join(' / ')})`);
      expect(!(await coreRuns(page)), 'the core runs');
      return `'${said.slice(0, 80)}…'`;
    } finally {
      if (browser) await browser.close().catch(() => {});
      if (srv) srv.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  await check('offline integrity, first visit: MuJoCo\'s wasm, answered once to the page with same-size other bytes (one letter of a message changed), is refused before it is compiled: In MuJoCo says so, naming the file; reloaded, MuJoCo loads and "Ready offline"', async () => {
    const { dist } = readDist(DIST);
    const mjWasm = dist.rest.find((n) => /^mujoco\.[0-9a-f]{10}\/mujoco\.wasm$/.test(n));
    expect(mjWasm, 'the package lists no MuJoCo wasm');
    const mj = Buffer.from(file(mjWasm));
    const at = mj.indexOf('XML Error');
    expect(at > 0, `${mjWasm} holds no 'XML Error'`);
    mj[at] = 'x'.charCodeAt(0);
    return firstVisit({ what: 'MuJoCo\'s wasm', name: mjWasm, body: mj, query: '?view=mujoco', said: viewText, runs: mujocoRuns,
      sentence: new RegExp(`The WebAssembly file ${mjWasm.replace(/\./g, '\\.')} did not arrive as this version was built`) });
  });

  await check('offline integrity, first visit: the live charts\' worker script answered once with same-size other bytes, to the page and to the service worker, never runs: the workers start through the service worker, which refuses it and fetches it again; the charts are drawn, then "Ready offline"', async () => {
    expect(fs.existsSync(path.join(DIST, 'sw.js')), `${path.relative(ROOT, DIST)} is not built (make dist)`);
    let srv = null, browser = null;
    try {
      srv = await h.staticServer(DIST);
      const base = srv.url;
      const { dist } = readDist(DIST);
      const name = dist.precache.find((n) => /^liveCharts\.worker\.[0-9a-f]{10}\.js$/.test(n));
      expect(name, 'the package lists no live charts\' worker');
      const genuine = fs.readFileSync(path.join(DIST, name));
      const body = forgedScript(genuine);
      browser = await h.ownBrowser();
      const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'allow', locale: 'en-US' });
      ctx.setDefaultTimeout(20_000);
      const errors = [], forgedTo = [];
      const once = new Set(['page', 'service worker']);
      await ctx.route((u) => u.href.startsWith(base), async (route) => {
        const req = route.request();
        const who = req.serviceWorker() ? 'service worker' : 'page';
        if (decodeURIComponent(new URL(req.url()).pathname.slice(1)) === RAN) {
          errors.push(`the forged ${name} ran`);
          return route.fulfill({ status: 204 });
        }
        if (decodeURIComponent(new URL(req.url()).pathname.slice(1)) === name && once.delete(who)) {
          forgedTo.push(who);
          return route.fulfill({ status: 200, contentType: 'text/javascript', body });
        }
        return route.continue();
      });
      const page = await ctx.newPage();
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(`${base}?view=pendulum`);
      await page.waitForFunction(() => document.body.dataset.ready === 'true');
      const drawn = await waitFor(() => page.evaluate(() => [...(window.__fx?.charts?.all || [])].some((c) => c.ticks) || null), 60_000, 200);
      const said = await banner(page);
      expect(errors.length === 0, `the forged worker ran or the page failed: ${errors.slice(0, 3).join(' / ')}`);
      expect(drawn && !said, `the live charts were not drawn (banner: '${said}')`);
      expect(await waitFor(() => page.evaluate(() => document.body.dataset.offline === 'ready' || null), 120_000, 200), 'never "Ready offline"');
      expect(errors.length === 0, `the forged worker ran or the page failed: ${errors.slice(0, 3).join(' / ')}`);
      return `forged to: ${forgedTo.join(', ') || 'nobody'} (the page asked the network for it ${forgedTo.includes('page') ? 'itself' : 'never: its workers start through the service worker'}); charts drawn; Ready offline`;
    } finally {
      if (browser) await browser.close().catch(() => {});
      if (srv) srv.stop();
    }
  });
}
