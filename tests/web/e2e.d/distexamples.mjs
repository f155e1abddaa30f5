// e2e.d/distexamples.mjs: the worked robots in the offline package (make
// dist: tools/examples.mjs copies them from ../shared/data into its
// examples/), the folder served by a plain static server
// (python3 -m http.server) in a browser of its own:
//   files     each robot of web/src/mujoco/examples.js is in the package
//             with every file of its folder under ../shared/data (same bytes)
//             and its licence beside it: examples/<id>/LICENSE holds the
//             Apache-2.0 text ("Apache License", "Version 2.0") and each
//             notice the source asks to keep (the 2R arm: bam's README, whose
//             "Keep this notice with any copy" it carries)
//   buttons   In MuJoCo, "Your robot": "Open the SO-101" and "Open the 2R
//             arm" load their robot (its joints in the adopted table), Fig. 1
//             fetches the 2R arm and starts its run (then cancelled); no
//             response of 400 or more, no console error, no request off the
//             origin
// Every robot examples.js lists is offered: both are Apache-2.0, which allows
// the copy; a robot whose folder is missing at build time fails the check.
import fs from 'node:fs';
import path from 'node:path';
import { EXAMPLES } from '../../../web/src/mujoco/examples.js';

// two robots loaded in MuJoCo (the SO-101's meshes: 15 MB) and a Fig. 1 start
export const WATCHDOG_MS = 420_000;

export default async function distExamples(h) {
  const { check, expect, waitFor, ROOT } = h;
  const DIST = path.join(ROOT, 'build/dist/friction-explorer');
  const SHARED = path.resolve(ROOT, '../shared/data');
  await check('distexamples: the package carries each worked robot of examples.js with its files (the bytes of ../shared/data) and its licence (LICENSE: the Apache-2.0 text) and notices beside', async () => {
    expect(fs.existsSync(path.join(DIST, 'index.html')), `${path.relative(ROOT, DIST)} is not built (make dist)`);
    const index = JSON.parse(fs.readFileSync(path.join(DIST, 'examples/index.json'), 'utf8'));
    const out = [];
    for (const ex of EXAMPLES) {
      const src = path.join(SHARED, ex.shared);
      expect(fs.existsSync(path.join(src, ex.main)), `${h.MISSING_DATA}: ${src}`);
      const entry = index[ex.id];
      expect(entry && !entry.missing, `examples/index.json: ${ex.id} is ${JSON.stringify(entry)}`);
      const want = [];
      (function walk(d, rel) {
        for (const e of fs.readdirSync(d, { withFileTypes: true })) {
          if (e.name.startsWith('.')) continue;
          const r = rel ? `${rel}/${e.name}` : e.name;
          if (e.isDirectory()) walk(path.join(d, e.name), r); else want.push(r);
        }
      })(src, '');
      const lacking = want.filter((f) => !entry.files.includes(f));
      expect(!lacking.length, `${ex.id}: index.json lacks ${lacking.slice(0, 3).join(', ')}`);
      const differ = want.filter((f) => !fs.readFileSync(path.join(src, f)).equals(fs.readFileSync(path.join(DIST, 'examples', ex.id, f))));
      expect(!differ.length, `${ex.id}: the package's copy differs from ../shared/data in ${differ.slice(0, 3).join(', ')}`);
      const licence = fs.readFileSync(path.join(DIST, 'examples', ex.id, 'LICENSE'), 'utf8');
      expect(/Apache License/.test(licence) && /Version 2\.0/.test(licence), `${ex.id}: examples/${ex.id}/LICENSE is not the Apache-2.0 text`);
      for (const n of ex.notices) {
        const copy = path.join(DIST, 'examples', ex.id, 'NOTICE', path.basename(n));
        expect(fs.existsSync(copy) && fs.readFileSync(copy).equals(fs.readFileSync(path.join(SHARED, n))), `${ex.id}: the notice ${n} is not beside the copy`);
      }
      out.push(`${ex.id}: ${want.length} files + LICENSE${ex.notices.length ? ` + ${ex.notices.length} notice(s)` : ''}`);
    }
    const readme = fs.readFileSync(path.join(DIST, 'README.txt'), 'utf8');
    expect(/examples\/<robot>\/LICENSE/.test(readme), 'the package README does not say where the robots\' licence is');
    return out.join('; ');
  });

  let srv = null, browser = null;
  try {
    await check('distexamples: the package on a static server: "Open the SO-101", "Open the 2R arm" load their robot and Fig. 1 starts its run, with no HTTP error, no console error, no request off the origin', async () => {
      srv = await h.staticServer(DIST);
      const base = srv.url;
      browser = await h.ownBrowser();
      const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      ctx.setDefaultTimeout(30_000);
      const problems = [];
      ctx.on('request', (r) => { if (!r.url().startsWith(base) && !r.url().startsWith('data:') && !r.url().startsWith('blob:')) problems.push(`request off the origin: ${r.url()}`); });
      ctx.on('response', (r) => { if (r.status() >= 400) problems.push(`${r.url()}: HTTP ${r.status()}`); });
      const page = await ctx.newPage();
      page.on('console', (m) => { if (m.type() === 'error') problems.push(m.text()); });
      page.on('pageerror', (e) => problems.push(e.message));
      await page.goto(`${base}?view=mujoco`);
      await page.waitForFunction(() => document.body.dataset.ready === 'true' && document.body.dataset.view === 'mujoco', null, { timeout: 60_000 });
      await page.evaluate(() => { document.getElementById('mujoco-robot').open = true; });
      const offered = await page.evaluate(() => [...document.querySelectorAll('#mujoco-robot button[data-example]')].map((b) => b.dataset.example));
      expect(offered.join(',') === EXAMPLES.map((x) => x.id).join(','), `the buttons offered: ${offered.join(', ')}`);
      const error = () => page.evaluate(() => { const e = document.getElementById('mujoco-robot-error'); return e.hidden ? '' : e.textContent; });
      const robot = () => page.evaluate(() => {
        const r = window.__fx?.mujoco?.robot;
        return r ? { busy: r.busy, drawn: r.drawn, joints: (r.table()?.C || []).map((x) => x.joint).join(',') } : null;
      });
      const said = [];
      let was = '';
      for (const ex of EXAMPLES) {
        await page.locator(`#mujoco-robot button[data-example="${ex.id}"]`).click();
        const ok = await waitFor(async () => {
          if (await error()) return true;
          const r = await robot();
          return r && !r.busy && r.drawn > 0 && r.joints && r.joints !== was ? r : null;
        }, 150_000, 250);
        const e = await error();
        expect(ok && !e, `${ex.id}: ${e || 'the robot did not load in 150 s'}`);
        was = ok.joints;
        said.push(`${ex.id}: joints ${ok.joints}`);
      }
      // Fig. 1: the 2R arm fetched from the package, the run started, then cancelled
      await page.evaluate(() => { document.getElementById('mujoco-fig1').open = true; });
      await page.locator('#mujoco-fig1-run').click();
      const started = await waitFor(() => page.evaluate(() => {
        const e = document.getElementById('mujoco-fig1-error');
        return (!e.hidden && e.textContent) || !document.getElementById('mujoco-fig1-cancel').disabled;
      }), 60_000, 100);
      const fe = await page.evaluate(() => { const e = document.getElementById('mujoco-fig1-error'); return e.hidden ? '' : e.textContent; });
      expect(started && !fe, `Fig. 1: ${fe || 'the run did not start in 60 s'}`);
      // cancelled if it still runs (on a loaded machine it may have ended since: Cancel is then disabled)
      await page.evaluate(() => { const b = document.getElementById('mujoco-fig1-cancel'); if (!b.disabled) b.click(); });
      expect(!problems.length, problems.slice(0, 3).join('; '));
      return `${said.join('; ')}; Fig. 1 started from examples/2r/`;
    });
  } finally {
    await browser?.close();
    srv?.stop();
  }
}
