// fitfrom.mjs: e2e checks of the Fit view's params-file door
// (web/src/servoFile.js), beside fit.mjs (kept apart so that it runs
// alone, E2E_ONLY=fitfrom, without fit.mjs's timed fit):
//
//   actuators  the actuator list is the core's table: every actuator
//              `friction fit` fits, waveshare_st3025 among them
//   dropped    a params file (bam's xl330 M4) dropped on the logs is not read
//              as a log ("unknown header field `kt`"): one sentence says it is
//              a params file, not a log, and the fit starts from it; no log
//              is listed; the door's note names it
//   from       the door (#fit-from) given bam's xl330 M1 with the fork's
//              command_delay, an M4 fit on two logs (budget 200, seed 3):
//              the result says it started from the file, its vector equals
//              the same fit in Node started from the same file (the core's
//              embedding, core.fit.embed), and the downloaded params file
//              carries command_delay back, as `friction fit --from --out`
//              writes it (the file byte for byte); Fit all with the file
//              is refused in one sentence (`--model all` takes no --from)
//   url        the starting file's name in the URL (fit.from): another view
//              and Back find the file kept; after a reload its name and one
//              sentence (a file cannot come back); Remove clears the key
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

export default async function fitFromChecks(h) {
  const { check, expect, openPage, ROOT, LOG_DIR, waitFor, logProblems, CLI } = h;
  const names = [
    'fitfrom: the actuator list is the core\'s table (every actuator friction fit fits, waveshare_st3025 among them)',
    'fitfrom: a params file dropped on the logs is said to be one in one sentence and taken as the fit\'s start, not read as a log',
    'fitfrom: the params-file door starts an M4 fit from an M1 file (friction fit --from): the result equals Node\'s fit from the same file and the CLI\'s file byte for byte, command_delay carried',
    'fitfrom: the starting file\'s name is in the URL: another view and Back find it kept; a reload says in one sentence it cannot come back; Remove clears it',
  ];
  if (!h.requireViews(['fit'], names)) return;
  const PARAMS = path.resolve(LOG_DIR, '../../../params');
  const files = fs.existsSync(LOG_DIR) ? fs.readdirSync(LOG_DIR).filter((f) => f.endsWith('.json')).sort() : [];
  const missing = { skip: `${h.MISSING_DATA}: ${LOG_DIR} and ${PARAMS}` };
  const haveData = files.length >= 2 && fs.existsSync(path.join(PARAMS, 'xl330/m1.json'));
  const { loadCore } = await import(path.join(ROOT, 'tests/web/load.mjs'));
  const { readFrom, fromStart } = await import(path.join(ROOT, 'web/src/servoFile.js'));
  const core = await loadCore();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-fitfrom-'));
  const { page, log } = await openPage('?view=fit&fit.budget=200&fit.seed=3', 'fit');
  const state = () => page.evaluate(() => {
    const q = (s) => document.querySelector(s);
    return {
      rows: document.querySelectorAll('#fit-logs tbody tr').length,
      error: q('#fit-error').hidden ? '' : q('#fit-error').textContent,
      runError: q('#fit-run-error').hidden ? '' : q('#fit-run-error').textContent,
      warning: q('#fit-warning').hidden ? '' : q('#fit-warning').textContent,
      from: q('#fit-from-note')?.textContent ?? null,
      fit: q('.fit-view')?.dataset.fit,
      actuators: [...document.querySelectorAll('select')].find((s) => [...s.options].some((o) => o.value === 'xl330'))
        ? [...[...document.querySelectorAll('select')].find((s) => [...s.options].some((o) => o.value === 'xl330')).options].map((o) => o.value) : [],
      model: [...document.querySelectorAll('select')].find((s) => [...s.options].some((o) => o.value === 'm4'))?.value,
    };
  });
  try {
    await check(names[0], async () => {
      const want = core.scenario.find('bench').params.find((q) => q.name === 'actuator').choices;
      const s = await state();
      expect(s.actuators.join() === want.join(), `the list ${s.actuators.join()} is not the core's ${want.join()}`);
      expect(s.actuators.includes('waveshare_st3025'), 'waveshare_st3025 is missing');
      return `${s.actuators.length} actuators: ${s.actuators.join(', ')}`;
    });

    await check(names[1], async () => {
      if (!haveData) return missing;
      await page.setInputFiles('#fit-file', path.join(PARAMS, 'xl330/m4.json'));
      const s = await waitFor(async () => { const x = await state(); return x.warning || x.error ? x : null; }, 10_000, 100);
      expect(s, 'nothing said of the params file');
      expect(!/unknown header field/.test(s.error), `read as a log: '${s.error}'`);
      expect(/^m4\.json is a params file \(xl330 M4\), not a log: the fit starts from it/.test(s.warning), `the sentence: '${s.warning}' (error '${s.error}')`);
      expect(s.warning.trim().split(/(?<=[.!?])\s+(?=[A-Z])/).length === 1, `one sentence: '${s.warning}'`);
      expect(s.rows === 0, `${s.rows} logs listed`);
      expect(/m4\.json \(xl330 M4\)/.test(s.from) && s.model === 'm4', `the door: '${s.from}', model ${s.model}`);
      return `'${s.warning}'; door: '${s.from}'`;
    });

    await check(names[2], async () => {
      if (!haveData) return missing;
      expect(fs.existsSync(CLI), `${CLI} is not built`);
      const src = path.join(dir, 'fork-m1.json');
      fs.writeFileSync(src, JSON.stringify({ ...JSON.parse(fs.readFileSync(path.join(PARAMS, 'xl330/m1.json'), 'utf8')), command_delay: 0.012 }));
      await page.setInputFiles('#fit-from', src);
      let s = await waitFor(async () => { const x = await state(); return /fork-m1\.json/.test(x.from) ? x : null; }, 10_000, 100);
      expect(s && /command_delay/.test(s.from) && /not modelled/.test(s.from), `the door's note: '${s?.from}'`);
      expect(s.model === 'm1', `the model the file names: ${s.model}`);
      await page.selectOption('select:has(option[value="m4"])', 'm4');
      const logs = files.slice(0, 2);
      await page.setInputFiles('#fit-file', logs.map((f) => path.join(LOG_DIR, f)));
      await waitFor(async () => ((await state()).rows === 2 ? true : null), 10_000, 100);
      await page.click('#fit-run');
      s = await waitFor(async () => { const x = await state(); return x.fit === 'done' || x.runError ? x : null; }, 120_000, 250);
      expect(s && s.fit === 'done', `the fit did not end: ${s?.runError}`);
      const note = await page.locator('#fit-result').textContent();
      expect(/Started from the params file fork-m1\.json/.test(note), 'the result does not say where it started');
      const [dl] = await Promise.all([page.waitForEvent('download'), page.click('#fit-download')]);
      const text = fs.readFileSync(await dl.path(), 'utf8');
      // the CLI's fit from the same file, same logs, budget and seed
      const out = path.join(dir, 'cli-m4.json');
      const r = spawnSync(CLI, ['fit', '--actuator', 'xl330', '--model', 'm4', '--budget', '200', '--seed', '3', '--from', src, '--out', out,
        ...logs.map((f) => path.join(LOG_DIR, f))], { encoding: 'utf8' });
      expect(r.status === 0, r.stderr);
      // Node: the same fit from the same file (the door's own start, servoFile.js)
      const start = fromStart(core, readFrom(core, 'fork-m1.json', fs.readFileSync(src, 'utf8')), 'xl330', 4);
      const batch = core.fit.batch(logs.map((f) => JSON.parse(fs.readFileSync(path.join(LOG_DIR, f), 'utf8'))), logs);
      let best;
      try {
        const fit = core.fit.create({ batch, actuator: 'xl330', model: 4, space: core.fit.space('xl330', 4), budget: 200, seed: 3, start });
        try {
          for (let P = fit.ask(); P; P = fit.ask()) fit.tell(batch.lossesFast(P, 'xl330', 4));
          best = fit.progress().best;
        } finally { fit.free(); }
      } finally { batch.free(); }
      const node = core.fit.paramsText(best, 'xl330', 4, undefined, 'bam', [{ key: 'command_delay', json: '0.012' }]);
      expect(text === node, `the page's file differs from Node's fit from the file:\n${text}\n${node}`);
      expect(text === fs.readFileSync(out, 'utf8'), 'the page\'s file differs from `friction fit --from`\'s');
      expect(JSON.parse(text).command_delay === 0.012, 'command_delay is not carried back');
      // Fit all does not start from a file (`friction fit --model all --from` is a usage error): one sentence, nothing started
      await page.click('#fit-all');
      const all = await waitFor(async () => { const x = await state(); return x.runError ? x : null; }, 10_000, 100);
      expect(all && /^Fit all models does not start from a params file/.test(all.runError) && all.fit !== 'running', `Fit all with a file: '${all?.runError}', ${all?.fit}`);
      const problems = logProblems(log);
      expect(!problems.length, problems.join('; '));
      return `${dl.suggestedFilename()} = friction fit --from ${path.basename(src)} --model m4 (byte for byte), command_delay carried; Fit all: '${all.runError}'`;
    });

    await check(names[3], async () => {
      if (!haveData) return missing;
      const src = path.join(dir, 'start-m1.json');
      fs.copyFileSync(path.join(PARAMS, 'xl330/m1.json'), src);
      const { page: p, log: plog } = await openPage('?view=fit', 'fit');
      try {
        const note = () => p.evaluate(() => document.querySelector('#fit-from-note')?.textContent ?? '');
        const key = () => new URL(p.url()).searchParams.get('fit.from');
        await p.setInputFiles('#fit-from', src);
        expect(await waitFor(async () => (/start-m1\.json/.test(await note()) ? true : null), 10_000, 100), `the door: '${await note()}'`);
        expect(key() === 'start-m1.json', `the URL: ${p.url()}`);
        // another view, then Back: the file kept (store.js) under the URL's name
        await p.click('#tab-laws');
        await p.waitForFunction(() => new URL(window.location.href).searchParams.get('view') === 'laws', null, { timeout: 10_000 });
        await p.goBack();
        const back = await waitFor(async () => { const n = await note(); return /^The fit starts from start-m1\.json \(xl330 M1\)/.test(n) ? n : null; }, 10_000, 100);
        expect(back, `after Back: '${await note()}'`);
        // a reload: no file comes back, its name and one sentence do
        await p.reload();
        const want = 'The fit started from the params file start-m1.json before this reload; it cannot come back (the page never keeps a chosen file), so the fit starts from the defaults: choose the file again, or Remove.';
        const lost = await waitFor(async () => { const n = await note(); return n.includes('start-m1.json') ? n : null; }, 30_000, 100);
        expect(lost === want, `after a reload: '${lost}'`);
        await p.click('#fit-from-clear');
        expect(await waitFor(async () => (!(await note()) && key() === null ? true : null), 10_000, 100), `after Remove: '${await note()}', URL ${p.url()}`);
        const problems = logProblems(plog);
        expect(!problems.length, problems.join('; '));
        return `fit.from=start-m1.json; after Back: '${back}'; after a reload: '${lost}'`;
      } finally {
        await p.close();
      }
    });
  } finally {
    await page.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
