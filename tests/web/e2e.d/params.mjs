// params.mjs: every params file of ../shared/data/bam/params loads in each
// view that takes a params file, and comes back out whole.
//
//   drive      each file pasted into the drive view: no refusal; its
//              "Copy parameters (JSON)" gives every number of the file back
//              bit for bit and the actuator by the core's name (the alias
//              "sts3250" of feetech/m6.json reads as sts3215)
//   bench      the same in the live pendulum view (its export is the bench's
//              whole parameter set: every key of the file among them)
//   mujoco     each file pasted into the In MuJoCo view opened on the file's
//              actuator (one page per actuator, its files pasted in turn): no
//              refusal, the view says the file and its model are in use
// The files are the independent reference (written by the reference code).
import fs from 'node:fs';
import path from 'node:path';

/** Pastes text into view's export panel: '' when applied (the page reloads),
 *  else the refusal shown beside the box. */
export const paste = async (p, view, text) => {
  await p.locator('#view .export-panel button', { hasText: 'Paste parameters…' }).click();
  await p.locator('#view .export-panel textarea[aria-label="Paste parameters as JSON"]').fill(text);
  const apply = p.locator('#view .export-panel button', { hasText: /^Apply$/ });
  // an accepted paste reloads the page with the new state; a refused one says why beside the box
  const loaded = p.waitForEvent('load', { timeout: 8000 }).then(() => true, () => false);
  await apply.click();
  if (!(await loaded)) {
    const why = await p.evaluate(() => { const e = document.querySelector('#view .export-paste .msg-bad'); return e && !e.hidden ? e.textContent : '(no reload, no message)'; });
    return why;
  }
  await p.waitForFunction((id) => document.body.dataset.ready === 'true' && document.body.dataset.view === id, view, { timeout: 20_000 });
  return '';
};
/** Pastes object F into the In MuJoCo view (no reload): { refused (the
 *  message beside the box, '' when none), note (the fitted-file note) }. */
export const pasteMujoco = async (p, waitFor, F) => {
  await waitFor(() => p.evaluate(() => window.__fx?.mujoco?.version || null), 60_000, 200);
  await p.locator('#view button', { hasText: 'Paste parameters…' }).click();
  await p.fill('#view textarea[aria-label="Paste parameters as JSON"]', JSON.stringify(F));
  await p.locator('#view .export-paste button', { hasText: 'Apply' }).click();
  // Apply either refuses beside the box or closes it; then the view writes its
  // fitted-file note (the file's model in it) when it redraws
  const state = () => p.evaluate((model) => {
    const bad = document.querySelector('#view .export-paste .msg-bad'), box = document.querySelector('#view .export-paste');
    const note = document.getElementById('mujoco-fitted').textContent;
    if (bad && !bad.hidden) return { refused: bad.textContent, note };
    return box.hidden && note.toUpperCase().includes(model) ? { refused: '', note } : null;
  }, String(F.model ?? '').toUpperCase());
  return (await waitFor(state, 5000, 50)) ?? { refused: '', note: await p.evaluate(() => document.getElementById('mujoco-fitted').textContent) };
};
/** The view's "Copy parameters (JSON)" as an object. */
export const copyJson = async (p, waitFor) => {
  await p.locator('#view .export-panel button', { hasText: 'Copy parameters (JSON)' }).click();
  const out = p.locator('#view .export-panel textarea.export-text');
  await waitFor(async () => (await out.inputValue()).length > 0 && !(await out.isHidden()), 3000);
  return JSON.parse(await out.inputValue());
};

/** The module's parts (e2e.mjs: each a task of its own, so the workers
 *  share them): the files through drive, through the bench, through In MuJoCo. */
export const parts = ['drive', 'bench', 'mujoco'];

/** Each part's share of the run's watchdog (e2e.mjs): 39 files pasted one
 *  after another (each paste reloads the page) took up to 220 s on 2 busy cores. */
export const WATCHDOG_MS = 300_000;

/** The part `part` of parts (all of them, in order, when none is given). */
export default async function paramsChecks(h, part) {
  const { check, expect, openPage, ROOT, waitFor } = h;
  const run = (p) => part === undefined || part === p;
  const names = [
    'params files: every shared file pasted into drive gives every number back bit for bit',
    'params files: every shared file pasted into the bench gives every number back bit for bit',
    'params files: every shared file pasted into In MuJoCo (on its actuator) is in use, none refused',
  ];
  if (!h.requireViews(['drive', 'pendulum', 'mujoco'], names)) return;
  const P = path.resolve(ROOT, '../shared/data/bam/params');
  const files = fs.existsSync(P) ? fs.readdirSync(P).filter((d) => fs.statSync(path.join(P, d)).isDirectory()).sort()
    .flatMap((d) => fs.readdirSync(path.join(P, d)).filter((f) => /^m\d\.json$/.test(f)).sort().map((f) => path.join(d, f))) : [];
  const missing = { skip: `${h.MISSING_DATA}: no params files in ${P}` };
  // the core's name of an actuator (its alias table), as the page's wrapper resolves it
  const ALIAS = { sts3250: 'sts3215' };
  const actuatorOf = (a) => ALIAS[a] ?? a;

  // the live bench opened paused (query): what is checked is the
  // parameters' way through the paste and the export, not the run, and each
  // of the files' pastes reloads the page, which would start the run again
  const roundTrip = async (view, query = '') => {
    if (!files.length) return missing;
    const { page } = await openPage(`?view=${view}${query}`, view);
    const bad = [];
    try {
      for (const f of files) {
        const F = JSON.parse(fs.readFileSync(path.join(P, f), 'utf8'));
        const why = await paste(page, view, JSON.stringify(F));
        if (why) { bad.push(`${f}: refused: ${why.slice(0, 160)}`); continue; }
        const back = await copyJson(page, waitFor);
        for (const [k, v] of Object.entries(F)) {
          const want = k === 'actuator' ? actuatorOf(v) : v;
          if (back[k] !== want) bad.push(`${f}: ${k} ${back[k]} != ${want}`);
        }
      }
    } finally {
      await page.close();
    }
    expect(!bad.length, `${bad.length} problem(s): ${bad.slice(0, 4).join('; ')}`);
    return `${files.length} files, every key back (${files.filter((f) => f.startsWith('feetech')).join(', ')} included)`;
  };
  if (run('drive')) await check(names[0], () => roundTrip('drive'));
  if (run('bench')) await check(names[1], () => roundTrip('pendulum', '&pendulum.paused=1'));
  if (run('mujoco')) await check(names[2], async () => {
    if (!files.length) return missing;
    const bad = [];
    // one page per actuator, opened on its first file's model; that actuator's
    // files pasted one after another, as a person tries several fits in turn
    // (a paste does not reload the view; each file is complete for its model)
    const byActuator = new Map();
    for (const f of files) {
      const F = JSON.parse(fs.readFileSync(path.join(P, f), 'utf8'));
      const a = actuatorOf(F.actuator);
      if (!byActuator.has(a)) byActuator.set(a, []);
      byActuator.get(a).push([f, F]);
    }
    for (const [a, group] of byActuator) {
      const b = await openPage(`?view=mujoco&mujoco.paused=1&mujoco.actuator=${a}&mujoco.model=${group[0][1].model}`, 'mujoco');
      try {
        for (const [f, F] of group) {
          const { refused, note } = await pasteMujoco(b.page, waitFor, F);
          const model = String(F.model).toUpperCase();
          if (refused || !/params file in use/i.test(note) || !note.toUpperCase().includes(model)) {
            bad.push(`${f}: refused "${refused.slice(0, 160)}", note "${note.slice(0, 80)}" (model ${model} expected in it)`);
          }
        }
      } finally {
        await b.page.close();
      }
    }
    expect(!bad.length, `${bad.length} problem(s): ${bad.slice(0, 4).join('; ')}`);
    return `${files.length} files in use on their actuators`;
  });

}
