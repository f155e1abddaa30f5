// e2e.d/hostile.mjs: hostile files and "large files are refused
// by size before they are parsed" in the page (kept apart so that it runs
// alone, E2E_ONLY=hostile). Checks:
//   picker   the 2R arm opened in Your robot, bam's MX-64 M6 chosen in its
//            params picker (listed: @m6); then a 100 MB params file (bam's
//            MX-64 M6 with a 100 MB string under a key the core does not
//            model: the file that crashed the tab in 7–11 s) chosen in the
//            picker: one sentence, the core's (fric_io_check_size: the file,
//            its size, the 1 MiB limit), the tab alive (it answers, its
//            clock advances), the arm still loaded and drawn with its
//            mapping, @m6 still listed
//   fit      two of bam's XL330 logs in the Fit view; a copy of the first
//            with "mass": 1e308 dropped on the box (a DataTransfer made in
//            the page): one sentence naming mass and the bench's range
//            [0.001, 50] kg (the CLI's words: `friction replay` refuses the
//            same file), the tab alive, the two logs still listed; a 40 MB
//            log (sparse) chosen with the file input: the core's size
//            sentence, the two logs still listed
// The large files are made in a temporary folder and removed after.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

export const WATCHDOG_MS = 300_000;
const oneSentence = (s) => String(s).trim().split(/(?<=[.!?])\s+(?=[A-Z])/).length === 1;

/** Writes head, then `bytes` bytes of 'a' as the value of key "x", then the
 *  rest of obj: a JSON params file of about bytes bytes, in 1 MB writes. */
function bigParams(file, obj, bytes) {
  const fd = fs.openSync(file, 'w');
  try {
    fs.writeSync(fd, `${JSON.stringify(obj).slice(0, -1)}, "x": "`);
    const chunk = Buffer.alloc(1 << 20, 'a');
    for (let n = 0; n < bytes; n += chunk.length) fs.writeSync(fd, chunk, 0, Math.min(chunk.length, bytes - n));
    fs.writeSync(fd, '"}');
  } finally {
    fs.closeSync(fd);
  }
}

export default async function hostile(h) {
  const { check, expect, openPage, waitFor, ROOT, LOG_DIR, CLI } = h;
  const names = [
    'hostile: a 100 MB params file chosen in Your robot\'s params picker is refused in one sentence before it is read; the tab lives, the 2R arm and the file chosen before stay',
    'hostile: a log with "mass": 1e308 dropped on the Fit view is refused in one sentence (the CLI\'s range); a 40 MB log too (its size); the tab lives, the logs listed before stay',
  ];
  const TMP = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-hostile-'));
  const PARAMS = path.join(ROOT, '..', 'shared', 'data', 'bam', 'params', 'mx64');
  try {
    if (h.requireViews(['mujoco'], [names[0]])) await check(names[0], async () => {
      if (!fs.existsSync(path.join(ROOT, '..', 'shared', 'data', 'bam', '2R', '2r_mx', 'scene.xml')) || !fs.existsSync(path.join(PARAMS, 'm6.json'))) {
        return { skip: `${h.MISSING_DATA}: bam/2R/2r_mx, bam/params/mx64` };
      }
      const { page } = await openPage('?view=mujoco', 'mujoco');
      let crashed = false;
      page.on('crash', () => { crashed = true; });
      try {
        const robot = () => page.evaluate(() => {
          const r = window.__fx?.mujoco?.robot;
          return r ? { time: r.time, main: r.main, drawn: r.drawn, busy: r.busy, mapping: r.mapping } : null;
        });
        const error = () => page.evaluate(() => { const e = document.getElementById('mujoco-robot-error'); return e.hidden ? '' : e.textContent; });
        const listed = () => page.locator('#mujoco-robot-servo-files').textContent();
        await waitFor(() => page.evaluate(() => window.__fx?.mujoco?.version || null), 60_000, 200);
        await page.evaluate(() => { document.getElementById('mujoco-robot').open = true; });
        await page.locator('#mujoco-robot button[data-example="2r"]').click();
        const up = await waitFor(async () => { const r = await robot(); return r && r.main === 'scene.xml' && /R1=/.test(r.mapping) && !r.busy && r.drawn > 0 ? r : null; }, 120_000, 250);
        expect(up, `the 2R arm did not load: ${await error()}`);
        await page.setInputFiles('#mujoco-robot-params', path.join(PARAMS, 'm6.json'));
        expect(await waitFor(async () => ((await listed()).includes('@m6') ? true : null), 10_000, 100), `m6.json is not listed: '${await listed()}' ${await error()}`);
        const before = await robot();
        // the file that crashed the tab: a real params file with 100 MB under an unmodelled key
        const big = path.join(TMP, 'huge-m6.json');
        bigParams(big, JSON.parse(fs.readFileSync(path.join(PARAMS, 'm6.json'), 'utf8')), 100 * 1000 * 1000);
        const size = fs.statSync(big).size;
        const t0 = Date.now();
        await page.setInputFiles('#mujoco-robot-params', big);
        const said = await waitFor(async () => { const e = await error(); return /huge-m6\.json/.test(e) ? e : null; }, 30_000, 100);
        const ms = Date.now() - t0;
        fs.rmSync(big, { force: true });
        expect(!crashed, 'the tab crashed');
        expect(said, `nothing said of the 100 MB file: '${await error()}'`);
        expect(said === `params huge-m6.json: the file is ${(size / 1048576).toFixed(1)} MiB (${size} bytes); a params file is read up to 1 MiB (1048576 bytes): a params file is a few kB, so this is not one.`,
          `the sentence: '${said}'`);
        expect(oneSentence(said), `one sentence: '${said}'`);
        // the tab lives: it answers, and the arm's clock still advances
        expect(await page.evaluate(() => 1 + 1) === 2, 'the tab does not answer');
        const after = await waitFor(async () => { const r = await robot(); return r && r.time > before.time + 0.05 ? r : null; }, 20_000, 200);
        expect(after, `the arm's clock stopped at ${before.time} s`);
        expect(after.main === 'scene.xml' && after.drawn > 0 && after.mapping === before.mapping, `the arm changed: ${JSON.stringify(after)} (before ${JSON.stringify(before)})`);
        const still = await listed();
        expect(still.includes('@m6') && !/huge/.test(still), `the files listed: '${still}'`);
        return `'${said}' (${ms} ms, the tab alive); the arm still at ${after.mapping}, clock ${before.time.toFixed(2)} → ${after.time.toFixed(2)} s; listed: '${still}'`;
      } finally {
        await page.close();
      }
    });

    if (h.requireViews(['fit'], [names[1]])) await check(names[1], async () => {
      const files = fs.existsSync(LOG_DIR) ? fs.readdirSync(LOG_DIR).filter((f) => f.endsWith('.json')).sort() : [];
      if (files.length < 2) return { skip: `${h.MISSING_DATA}: ${LOG_DIR}` };
      const { page } = await openPage('?view=fit', 'fit');
      let crashed = false;
      page.on('crash', () => { crashed = true; });
      try {
        const state = () => page.evaluate(() => ({
          rows: [...document.querySelectorAll('#fit-logs tbody tr th')].map((x) => x.textContent),
          error: document.querySelector('#fit-error').hidden ? '' : document.querySelector('#fit-error').textContent,
        }));
        await page.setInputFiles('#fit-file', files.slice(0, 2).map((f) => path.join(LOG_DIR, f)));
        const two = await waitFor(async () => { const s = await state(); return s.rows.length === 2 ? s : null; }, 20_000, 100);
        expect(two, `the two logs are not listed: ${JSON.stringify(await state())}`);
        // a copy of the first log with "mass": 1e308, dropped on the box
        const log = JSON.parse(fs.readFileSync(path.join(LOG_DIR, files[0]), 'utf8'));
        const heavy = JSON.stringify({ ...log, mass: 1e308 });
        await page.evaluate(({ name, text }) => {
          const dt = new DataTransfer();
          dt.items.add(new File([text], name, { type: 'application/json' }));
          const target = document.getElementById('fit-drop');
          for (const type of ['dragenter', 'dragover', 'drop']) target.dispatchEvent(new DragEvent(type, { dataTransfer: dt, bubbles: true, cancelable: true }));
        }, { name: 'heavy.json', text: heavy });
        const s = await waitFor(async () => { const x = await state(); return /heavy\.json/.test(x.error) ? x : null; }, 20_000, 100);
        expect(!crashed, 'the tab crashed');
        expect(s, `nothing said of heavy.json: ${JSON.stringify(await state())}`);
        expect(/`mass`/.test(s.error) && /1e\+308 must be in \[0\.001, 50\] kg/.test(s.error), `the sentence: '${s.error}'`);
        expect(oneSentence(s.error), `one sentence: '${s.error}'`);
        expect(s.rows.join() === two.rows.join(), `the logs listed: ${s.rows.join(', ')} (before: ${two.rows.join(', ')})`);
        // the CLI refuses the same file with the same range
        if (fs.existsSync(CLI)) {
          const p = path.join(TMP, 'heavy.json');
          fs.writeFileSync(p, heavy);
          const r = spawnSync(CLI, ['replay', '--params', path.join(ROOT, '..', 'shared', 'data', 'bam', 'params', 'xl330', 'm4.json'), p], { encoding: 'utf8' });
          expect(r.status === 2 && r.stderr.includes(`log ${p}: "mass" = 1e+308 must be in [0.001, 50] kg`), `the CLI: ${r.status} ${r.stderr}`);
        }
        // a 40 MB log (sparse: nothing is written) chosen with the file input: refused by its size
        const long = path.join(TMP, 'long.json');
        fs.closeSync(fs.openSync(long, 'w'));
        fs.truncateSync(long, 40 * 1048576);
        await page.setInputFiles('#fit-file', long);
        const s2 = await waitFor(async () => { const x = await state(); return /long\.json/.test(x.error) ? x : null; }, 20_000, 100);
        expect(!crashed, 'the tab crashed');
        expect(s2 && s2.error === 'log long.json: the file is 40.0 MiB (41943040 bytes); a log file is read up to 32 MiB (33554432 bytes): split the recording into shorter logs.',
          `the sentence: '${s2?.error}'`);
        expect(s2.rows.join() === two.rows.join(), `the logs listed: ${s2.rows.join(', ')}`);
        expect(await page.evaluate(() => 1 + 1) === 2, 'the tab does not answer');
        return `'${s.error}'; '${s2.error}'; still listed: ${s2.rows.join(', ')}`;
      } finally {
        await page.close();
      }
    });
  } finally {
    fs.rmSync(TMP, { recursive: true, force: true });
  }
}
