// nolost.mjs: nothing lost, errors where the eye is, read-outs that agree
// (values survive, errors show beside their control, read-outs agree). Driven as a person
// would: tab clicks, the browser's Back and Forward, typed values, the file
// inputs of the views.
//   history     a view change is a history entry: Back and Forward move
//               between views and bring back each view's state (a value typed
//               in the laws view, one in the arm view); 20 slider moves within
//               a view add no entry
//   fit kept    logs given to the Fit view and the result of a small fit are
//               still there after a switch to another tab and back, and after
//               Back/Forward; a reload asks first (beforeunload) while the
//               result was not exported; "Clear logs" asks, and Cancel keeps
//               them; a tab chosen or Back/Forward pressed while a fit runs asks
//               first, Cancel keeps the view and its URL entry (needs the
//               shared xl330 logs)
//   replay kept a log replayed in the pendulum view is replayed again after a
//               tab switch (needs the shared xl330 logs)
//   map         the map's refusal (D not positive definite) stands in the map's box
//   rule = stop the screw panel of the well-posedness view shows the core's
//               sentence, the same as `friction run screw-selflock rule=stop`
//               (a consistency check: the same C through the CLI), and it is
//               in view in presentation mode with the drawer closed
//   refused     arm μ_s = 0 (the core refuses μ_k = 0.5 > μ_s): the field and
//               the URL go back to 0.6, the reason (the CLI's sentence for the
//               same values, a consistency check) stands beside the field, and
//               the run goes on
//   stale       a field message clears as soon as the field holds a valid
//               value again (typed, before Enter), and after a refused value
//               and the kept one typed again with Tab
//   read-outs   while the pendulum and the arm run, the numbers drawn on the
//               canvas and the status line / clock are one sample: θ, θ̇ and
//               reversals/s of each arm, t and f_n of each method, equal
import path from 'node:path';
import { execFileSync } from 'node:child_process';

/** The error sentence of `friction run NAME k=v …` (stderr, without the tool's "friction: "). */
function cliRefusal(ROOT, name, params) {
  const exe = path.join(ROOT, 'build/native/friction');
  try {
    execFileSync(exe, ['run', name, ...params], { encoding: 'utf8', maxBuffer: 1 << 28, stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (e) {
    return String(e.stderr).trim().replace(/^friction: /, '');
  }
  throw new Error(`friction run ${name} ${params.join(' ')} was not refused`);
}

export default async function nolost(h) {
  const { check, expect, openPage, waitFor, logProblems, ROOT, OUT, LOG_DIR, LOG_FILES: files, MISSING_DATA } = h;
  const missing = { skip: `${MISSING_DATA}: no xl330 log in ${LOG_DIR}` };
  const tab = (page, id) => page.click(`#tab-${id}`);
  const onView = (page, id) => page.waitForFunction((v) => document.body.dataset.view === v && document.body.dataset.ready === 'true', id);
  const fieldOf = (page, param) => page.locator(`#view .ctl[data-param="${param}"]`).first();
  /** The arm view and the control of `param` on it: { pg, page, box, field }. */
  const armField = async (param) => {
    const pg = await openPage('?view=arm', 'arm');
    const box = fieldOf(pg.page, param);
    return { pg, page: pg.page, box, field: box.locator('input.ctl-num') };
  };
  /** The message beside the control box once it is marked invalid; it must
   *  carry `want`, the CLI's sentence. */
  const refusedBeside = async (box, want) => {
    const msg = await waitFor(async () => (await box.evaluate((el) => el.classList.contains('invalid'))) && box.locator('.ctl-msg').textContent(), 2000);
    expect(msg && msg.includes(want.replace(/\.$/, '')), `beside the field: '${msg}'; the CLI says '${want}'`);
    return msg;
  };
  const close = async (pg) => {
    const problems = logProblems(pg.log);
    await pg.page.close();
    expect(problems.length === 0, problems.slice(0, 3).join('; '));
  };

  await check('nolost: Back and Forward move between views and bring back each view\'s state; slider moves add no history entry', async () => {
    const pg = await openPage('?view=laws', 'laws');
    const { page } = pg;
    const len0 = await page.evaluate(() => history.length);
    // a typed value in the laws view (its first number field)
    const lawField = page.locator('#view .ctl input.ctl-num:enabled').first();
    const lawLabel = await lawField.evaluate((el) => el.closest('.ctl').querySelector('label').textContent);
    const lawMax = Number(await lawField.evaluate((el) => el.closest('.ctl').dataset.max));
    const lawMin = Number(await lawField.evaluate((el) => el.closest('.ctl').dataset.min));
    const lawNew = String(Number(((lawMin + Math.min(lawMax, lawMin + 10)) / 2).toPrecision(3)));
    await lawField.fill(lawNew);
    await lawField.press('Enter');
    const lawUrl = page.url();
    // 20 slider moves: one history entry still
    const slider = page.locator('#view input[type=range]').nth(1);
    await slider.evaluate((el) => {
      for (let i = 0; i < 20; i++) {
        el.value = String(Number(el.min) + ((i * 37) % (Number(el.max) - Number(el.min))));
        el.dispatchEvent(new Event('input', { bubbles: true }));
      }
    });
    const afterDrag = await page.evaluate(() => history.length);
    expect(afterDrag === len0, `20 slider moves changed history.length ${len0} -> ${afterDrag}`);
    const lawState = page.url();
    // the arm view, a typed μ_s
    await tab(page, 'arm');
    await onView(page, 'arm');
    const mu = fieldOf(page, 'mu_s').locator('input.ctl-num');
    await mu.fill('0.7');
    await mu.press('Enter');
    expect(/arm2-ground\.mu_s=0\.7(&|$)/.test(page.url()), `the URL after μ_s = 0.7: ${page.url()}`);
    // then the well-posedness view
    await tab(page, 'wellposed');
    await onView(page, 'wellposed');
    const len1 = await page.evaluate(() => history.length);
    expect(len1 === len0 + 2, `two view changes gave history.length ${len0} -> ${len1}`);
    // the URL holds the view on screen only: a shared link carries no state of the views visited before
    const scopes = [...new URL(page.url()).searchParams.keys()].filter((k) => k.includes('.')).map((k) => k.split('.')[0]);
    expect(scopes.every((s) => s === 'wellposed'), `the well-posedness view's URL carries other views' keys: ${page.url()}`);
    // Back: the arm with μ_s 0.7; Back: the laws view with the typed value and the dragged slider
    await page.goBack();
    await onView(page, 'arm');
    const muBack = await fieldOf(page, 'mu_s').locator('input.ctl-num').inputValue();
    expect(muBack === '0.7', `Back to the arm view: μ_s shows ${muBack}, not 0.7`);
    await page.goBack();
    await onView(page, 'laws');
    const lawBack = await page.locator('#view .ctl input.ctl-num:enabled').first().inputValue();
    expect(lawBack === lawNew, `Back to the laws view: ${lawLabel} shows ${lawBack}, not ${lawNew}`);
    expect(page.url() === lawState, `Back to the laws view: the URL is ${page.url()}, was ${lawState}`);
    expect(lawState !== lawUrl, 'the slider moves did not change the URL (the check of history.length proves nothing then)');
    // Forward, Forward: arm, then well-posedness
    await page.goForward();
    await onView(page, 'arm');
    expect(await fieldOf(page, 'mu_s').locator('input.ctl-num').inputValue() === '0.7', 'Forward to the arm view: μ_s is not 0.7');
    await page.goForward();
    await onView(page, 'wellposed');
    const sel = await page.evaluate(() => document.querySelector('#tab-wellposed').getAttribute('aria-selected'));
    expect(sel === 'true', 'Forward to the well-posedness view: its tab is not selected');
    // the laws tab chosen again (not Back): the laws view comes back as the user left it, its keys only in the URL
    await tab(page, 'laws');
    await onView(page, 'laws');
    const lawAgain = await page.locator('#view .ctl input.ctl-num:enabled').first().inputValue();
    expect(lawAgain === lawNew, `the laws tab chosen again: ${lawLabel} shows ${lawAgain}, not ${lawNew}`);
    const again = [...new URL(page.url()).searchParams.keys()].filter((k) => k.includes('.'));
    expect(again.length > 0 && again.every((k) => k.startsWith('laws.')), `the laws view's URL: ${page.url()}`);
    await close(pg);
    return `laws (${lawLabel} = ${lawNew}, 20 slider moves: no entry) → arm (μ_s 0.7) → wellposed (its keys only in the URL); Back, Back, Forward, Forward restore each; the laws tab again restores ${lawLabel}`;
  });

  await check('nolost: the Fit view keeps its logs and result across a tab switch and Back/Forward; reload and Clear logs ask first', async () => {
    if (files.length < 4) return missing;
    const pg = await openPage('?view=fit&fit.model=m1&fit.budget=60&fit.seed=3&fit.holdout=alternate', 'fit');
    const { page } = pg;
    const dialogs = [];
    page.on('dialog', async (d) => { dialogs.push({ type: d.type(), message: d.message() }); await d.dismiss(); });
    await page.setInputFiles('#fit-file', files.slice(0, 4).map((f) => path.join(LOG_DIR, f)));
    const rows = () => page.evaluate(() => [...document.querySelectorAll('#fit-logs tbody tr')].map((tr) => `${tr.querySelector('th').textContent}:${tr.dataset.valid}`));
    expect(await waitFor(async () => (await rows()).length === 4, 5000), 'the 4 logs are not listed');
    await page.click('#fit-run');
    const done = await waitFor(() => page.evaluate(() => document.querySelector('.fit-view')?.dataset.fit === 'done'), 60_000, 250);
    expect(done, `the fit did not end: ${await page.evaluate(() => document.getElementById('fit-error')?.textContent)}`);
    const result = () => page.evaluate(() => ({
      fitted: [...document.querySelectorAll('#fit-result-table td[data-value]')].map((td) => td.dataset.value).join(','),
      shown: !document.getElementById('fit-result')?.hidden,
    }));
    const before = { rows: await rows(), result: await result() };
    expect(before.result.shown && before.result.fitted, 'no fitted values shown after the fit');
    // a tab switch and back
    await tab(page, 'laws');
    await onView(page, 'laws');
    await tab(page, 'fit');
    await onView(page, 'fit');
    const after = { rows: await rows(), result: await result() };
    expect(after.rows.join() === before.rows.join(), `logs after a tab switch: ${after.rows.join()} (were ${before.rows.join()})`);
    expect(after.result.shown && after.result.fitted === before.result.fitted, `result after a tab switch: ${after.result.fitted} (was ${before.result.fitted})`);
    // Back (the laws view), Forward (the Fit view again)
    await page.goBack();
    await onView(page, 'laws');
    await page.goForward();
    await onView(page, 'fit');
    const fwd = await result();
    expect(fwd.fitted === before.result.fitted && (await rows()).length === 4, `after Back/Forward: ${fwd.fitted}, ${(await rows()).length} logs`);
    // a reload asks (the result was not exported); dismissed, the page stays
    await page.reload({ timeout: 5000 }).catch(() => { /* dismissed: no navigation */ });
    const asked = await waitFor(() => dialogs.find((d) => d.type === 'beforeunload'), 3000);
    expect(asked, `a reload with an unexported result did not ask (dialogs: ${JSON.stringify(dialogs)})`);
    expect((await rows()).length === 4 && (await result()).fitted === before.result.fitted, 'the dismissed reload lost the logs or the result');
    // Clear logs asks; dismissed, nothing goes
    await page.click('#fit-clear');
    const confirm = await waitFor(() => dialogs.find((d) => d.type === 'confirm'), 3000);
    expect(confirm && /not exported/.test(confirm.message), `Clear logs: ${JSON.stringify(confirm)}`);
    expect((await rows()).length === 4, 'Clear logs dismissed, yet logs went');
    // exported (Download params file): a reload no longer asks
    const [dl] = await Promise.all([page.waitForEvent('download'), page.click('#fit-download')]);
    await dl.path();
    const n = dialogs.length;
    await Promise.all([page.waitForNavigation(), page.reload()]);
    await page.waitForFunction(() => document.body.dataset.ready === 'true');
    expect(dialogs.length === n, `a reload after the download asked again: ${JSON.stringify(dialogs.slice(n))}`);
    await close(pg);
    return `${before.rows.length} logs and fitted ${before.result.fitted.split(',').length} values kept; reload asked '${asked.type}'; Clear logs asked '${confirm.message}'`;
  });

  await check('nolost: a tab chosen or Back/Forward pressed while a fit runs asks first; Cancel stays with the fit running', async () => {
    if (files.length < 4) return missing;
    // the laws view first, so that Back has an entry of the app to go to
    const pg = await openPage('?view=laws&fit.model=m4&fit.budget=100000&fit.holdout=alternate', 'laws');
    const { page } = pg;
    await tab(page, 'fit');
    await onView(page, 'fit');
    const dialogs = [];
    let answer = false;
    page.on('dialog', async (d) => { dialogs.push(d.message()); if (answer) await d.accept(); else await d.dismiss(); });
    await page.setInputFiles('#fit-file', files.slice(0, 4).map((f) => path.join(LOG_DIR, f)));
    await waitFor(() => page.evaluate(() => document.querySelectorAll('#fit-logs tbody tr').length === 4), 5000);
    await page.click('#fit-run');
    expect(await waitFor(() => page.evaluate(() => document.querySelector('.fit-view')?.dataset.fit === 'running'), 5000), 'the fit did not start');
    await tab(page, 'laws');
    await waitFor(() => dialogs.length > 0, 3000);
    const state = await page.evaluate(() => ({ view: document.body.dataset.view, fit: document.querySelector('.fit-view')?.dataset.fit,
      workers: window.__fx.fit.workers.size }));
    expect(dialogs.length === 1 && /fit is running/.test(dialogs[0]), `dialogs: ${JSON.stringify(dialogs)}`);
    expect(state.view === 'fit' && state.fit === 'running' && state.workers > 0, `after Cancel: ${JSON.stringify(state)}`);
    // Back asks too; Cancel keeps the view, the fit and a URL that names the view
    await page.goBack();
    await waitFor(() => dialogs.length > 1, 3000);
    await page.waitForTimeout(300);
    const back = await page.evaluate(() => ({ view: document.body.dataset.view, fit: document.querySelector('.fit-view')?.dataset.fit,
      workers: window.__fx.fit.workers.size, url: new URLSearchParams(location.search).get('view'),
      tab: document.querySelector('#tab-fit').getAttribute('aria-selected') }));
    expect(dialogs.length === 2 && /fit is running/.test(dialogs[1]), `Back: dialogs ${JSON.stringify(dialogs)}`);
    expect(back.view === 'fit' && back.fit === 'running' && back.workers > 0 && back.url === 'fit' && back.tab === 'true',
      `Back, then Cancel: ${JSON.stringify(back)}`);
    // the kept entry is the fit view's: Back from it (answered OK) reaches the laws view
    answer = true;
    await page.goBack();
    await onView(page, 'laws');
    expect(dialogs.length === 3, `Back answered OK: ${dialogs.length} dialogs`);
    const leftBack = await page.evaluate(() => window.__fx.fit.workers.size);
    expect(leftBack === 0, `${leftBack} fit workers still live after Back`);
    // and a tab chosen during a new run, answered OK, leaves it
    await tab(page, 'fit');
    await onView(page, 'fit');
    await waitFor(() => page.evaluate(() => document.querySelectorAll('#fit-logs tbody tr').length === 4), 5000);
    await page.click('#fit-run');
    expect(await waitFor(() => page.evaluate(() => document.querySelector('.fit-view')?.dataset.fit === 'running'), 5000), 'the second fit did not start');
    await tab(page, 'laws');
    await onView(page, 'laws');
    const left = await page.evaluate(() => window.__fx.fit.workers.size);
    expect(left === 0, `${left} fit workers still live after leaving`);
    // Forward asks too: Back to the Fit view (nothing runs: no question), a fit started, Forward, Cancel
    answer = false;
    const n = dialogs.length;
    await page.goBack();
    await onView(page, 'fit');
    expect(dialogs.length === n, `Back to an idle Fit view asked: ${JSON.stringify(dialogs.slice(n))}`);
    await page.click('#fit-run');
    expect(await waitFor(() => page.evaluate(() => document.querySelector('.fit-view')?.dataset.fit === 'running'), 5000), 'the third fit did not start');
    await page.goForward();
    await waitFor(() => dialogs.length > n, 3000);
    await page.waitForTimeout(300);
    const fwd = await page.evaluate(() => ({ view: document.body.dataset.view, fit: document.querySelector('.fit-view')?.dataset.fit,
      url: new URLSearchParams(location.search).get('view') }));
    expect(dialogs.length === n + 1 && fwd.view === 'fit' && fwd.fit === 'running' && fwd.url === 'fit', `Forward, then Cancel: ${JSON.stringify(fwd)}, dialogs ${JSON.stringify(dialogs.slice(n))}`);
    await close(pg);
    return `'${dialogs[0]}'; Cancel kept the fit (${state.workers} workers) after a tab, Back and Forward (URL view=${back.url}); OK left with 0 workers (Back, tab)`;
  });

  await check('nolost: a log replayed in the pendulum view is still replayed after a tab switch', async () => {
    if (!files.length) return missing;
    const pg = await openPage('?view=pendulum', 'pendulum');
    const { page } = pg;
    await page.setInputFiles('#log-drop input[type=file]', path.join(LOG_DIR, files[0]));
    const read = () => page.evaluate(() => ({ mae: document.getElementById('replay-result')?.dataset.mae ?? null,
      rows: [...document.querySelectorAll('#replay-table tbody tr')].map((tr) => tr.querySelector('[data-mae]')?.dataset.mae ?? 'na').join(',') }));
    const a = await waitFor(async () => { const r = await read(); return r.mae ? r : null; }, 5000);
    expect(a, 'the log was not replayed');
    await tab(page, 'drive');
    await onView(page, 'drive');
    await tab(page, 'pendulum');
    await onView(page, 'pendulum');
    const b = await waitFor(async () => { const r = await read(); return r.mae ? r : null; }, 5000);
    expect(b && b.mae === a.mae && b.rows === a.rows, `after the tab switch: ${JSON.stringify(b)} (was ${JSON.stringify(a)})`);
    await close(pg);
    return `${files[0]}: best MAE ${Number(a.mae).toExponential(4)} rad, the six rows again after the switch`;
  });

  await check('nolost: well-posedness step 5 set up in presentation mode at 1024×768 (key 5): the stop sentence is in the window without scrolling', async () => {
    const pg = await openPage('?view=wellposed&present=1', 'wellposed');
    const { page } = pg;
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.waitForTimeout(300);
    await page.locator('#view').focus();
    await page.keyboard.press('5');                       // step 5's set-up: J = 30 after step 4
    await page.waitForFunction(() => document.body.dataset.ready === 'true');
    await page.evaluate(() => document.activeElement?.blur());
    for (let k = 0; k < 5; k++) await page.keyboard.press('ArrowLeft');   // "J back to 5 kg·m² (← five times)"
    await page.click('#drawer-button');                   // the controls' drawer of presentation mode
    await page.locator('#view summary', { hasText: 'Screw, load, torque program, step' }).click();
    await page.locator('#view select:has(option[value="stop"])').selectOption('stop');
    await page.keyboard.press('Escape');                  // the drawer closes
    await page.waitForTimeout(600);
    const where = await waitFor(() => page.evaluate(() => {
      const n = document.getElementById('wellposed-notice');
      if (!n || !n.classList.contains('stopped')) return null;
      const r = n.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, h: innerHeight, text: n.textContent };
    }), 5000, 100);
    expect(where, 'step 5 did not stop the run');
    expect(where.top >= 0 && where.bottom <= where.h, `the stop sentence is out of the window: ${JSON.stringify(where)}`);
    await page.screenshot({ path: path.join(OUT, 'nolost-wellposed-step5-1024.png') });
    await close(pg);
    return `at ${Math.round(where.top)}…${Math.round(where.bottom)} px of ${where.h}: '${where.text.slice(0, 80)}…'`;
  });

  await check('nolost: well-posedness rule = stop shows the core\'s sentence (the CLI\'s, consistency) on the screw panel, in view in presentation mode', async () => {
    const want = cliRefusal(ROOT, 'screw-selflock', ['rule=stop']);
    const pg = await openPage('?view=wellposed', 'wellposed');
    const { page } = pg;
    // as a person: the folded screw settings, the rule list
    await page.locator('#view summary', { hasText: 'Screw, load, torque program, step' }).click();
    await page.locator('#view select:has(option[value="stop"])').selectOption('stop');
    const notice = await waitFor(() => page.evaluate(() => {
      const n = document.getElementById('wellposed-notice');
      return n && n.classList.contains('stopped') ? n.textContent : '';
    }), 3000);
    expect(notice && notice.includes(want), `the screw panel says '${notice}', the CLI '${want}'`);
    const status = await page.evaluate(() => document.getElementById('wellposed-status').textContent);
    expect(!/not started|exactly one solution/.test(status + notice), `still the old words: '${status}' / '${notice}'`);
    expect(/rule=stop/.test(page.url()), `the URL does not hold rule=stop: ${page.url()}`);
    // presentation mode, drawer closed: the sentence is on the screw panel in the main column, and scrolls into view
    await page.keyboard.press('Escape');
    await page.locator('#view .wellposed-run').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('f');
    await page.waitForFunction(() => document.body.classList.contains('present'));
    await page.evaluate(() => document.getElementById('wellposed-notice').scrollIntoView({ block: 'center' }));
    await page.waitForTimeout(800);   // the drawer's slide and the layout settle
    const where = await page.evaluate(() => {
      const n = document.getElementById('wellposed-notice');
      const r = n.getBoundingClientRect();
      // what is on top at the sentence's left end and middle: the sentence, not the drawer
      const onTop = [r.left + 8, (r.left + r.right) / 2].map((x) => n.contains(document.elementFromPoint(x, (r.top + r.bottom) / 2)));
      return { drawer: !!n.closest('.view > .controls'), open: document.body.classList.contains('drawer-open'), onTop,
        visible: n.checkVisibility({ visibilityProperty: true, opacityProperty: true }), top: r.top, bottom: r.bottom, h: innerHeight };
    });
    expect(!where.drawer && !where.open && where.visible && where.top >= 0 && where.bottom <= where.h && where.onTop.every(Boolean),
      `in presentation mode the sentence is not in view: ${JSON.stringify(where)}`);
    await page.screenshot({ path: path.join(OUT, 'nolost-wellposed-stop-present.png') });
    await close(pg);
    return `'${want}'`;
  });

  await check('nolost: the map\'s refusal (D not positive definite) is written on the map', async () => {
    const pg = await openPage('?view=wellposed&wellposed.map.D12=2', 'wellposed');
    const { page } = pg;
    const got = await waitFor(() => page.evaluate(() => {
      const m = document.getElementById('wellposed-map-msg');
      return m && m.checkVisibility() ? { text: m.textContent, onMap: !!m.closest('.wellposed-map-box') } : null;
    }), 8000);
    expect(got && /positive definite/i.test(got.text), `no refusal shown: ${JSON.stringify(got)}`);
    expect(got.onMap, 'the refusal is not in the map\'s box');
    await close(pg);
    return `'${got.text.slice(0, 120)}'`;
  });

  await check('nolost: a live change the core refuses (arm μ_s = 0) goes back to 0.6 in the field and the URL, the reason beside the field', async () => {
    const want = cliRefusal(ROOT, 'arm2-ground', ['mu_s=0', 'duration=0.01']);
    const { pg, page, box, field } = await armField('mu_s');
    expect(await field.inputValue() === '0.6', `μ_s starts at ${await field.inputValue()}`);
    await field.fill('0');
    await field.press('Enter');
    const msg = await refusedBeside(box, want);
    expect(/keeping 0\.6/.test(msg), `the message does not say 0.6 is kept: '${msg}'`);
    expect(await field.inputValue() === '0.6', `the field shows ${await field.inputValue()} after the refusal`);
    expect(/arm2-ground\.mu_s=0\.6(&|$)/.test(page.url()), `the URL after the refusal: ${page.url()}`);
    // the run goes on (its clock moves), and no other box repeats the message
    const clockT = () => page.evaluate(() => Number(/^t = ([0-9.]+) s/.exec(document.querySelector('#view .arm-clock').textContent)?.[1]));
    const t0 = await clockT();
    const moved = await waitFor(async () => (await clockT()) > t0, 3000);
    expect(moved, `the run stopped at t = ${t0} s after the refusal`);
    const others = await page.evaluate(() => [...document.querySelectorAll('#view .msg-bad')].filter((e) => !e.hidden && e.textContent).length);
    expect(others === 0, `${others} other message box(es) shown`);
    // a reload from the URL runs with 0.6
    const pg2 = await openPage(page.url().slice(page.url().indexOf('?')), 'arm');
    expect(await fieldOf(pg2.page, 'mu_s').locator('input.ctl-num').inputValue() === '0.6', 'the reloaded URL does not give 0.6');
    await close(pg2);
    await close(pg);
    return `'${msg}'`;
  });

  await check('nolost: a change that needs a restart and that the core refuses (arm dt = 1.5 ms) is taken back; the run goes on', async () => {
    const want = cliRefusal(ROOT, 'arm2-ground', ['dt=0.0015', 'duration=0.01']);
    const { pg, page, box, field } = await armField('dt');
    await page.locator('#view summary', { hasText: 'Arm, motors, solver' }).click();
    const clockT = () => page.evaluate(() => Number(/^t = ([0-9.]+) s/.exec(document.querySelector('#view .arm-clock').textContent)?.[1]));
    await waitFor(async () => (await clockT()) > 0.5, 5000);
    const t0 = await clockT();
    await field.fill('0.0015');
    await field.press('Enter');
    const msg = await refusedBeside(box, want);
    expect(await field.inputValue() === '0.001', `the field shows ${await field.inputValue()}`);
    expect(/arm2-ground\.dt=0\.001(&|$)/.test(page.url()), `the URL after the refusal: ${page.url()}`);
    const t1 = await clockT();
    expect(t1 >= t0, `the run restarted (t ${t0} -> ${t1} s)`);
    await close(pg);
    return `'${msg}'; t ${t0} -> ${t1} s (not restarted)`;
  });

  await check('nolost: a field message clears once the field holds a valid value again', async () => {
    const { pg, page, box, field } = await armField('mu_s');
    const state = () => box.evaluate((el) => ({ invalid: el.classList.contains('invalid'), msg: el.querySelector('.ctl-msg').textContent }));
    const out = [];
    // out of range, then the kept value typed again and Tab
    await field.fill('99999');
    await field.press('Enter');
    expect((await state()).invalid, '99999 was not refused');
    await field.fill('0.6');
    await field.press('Tab');
    let s = await state();
    expect(!s.invalid && !s.msg, `after 99999 (refused) then 0.6 + Tab: still '${s.msg}'`);
    out.push('range refusal then the kept value + Tab: clear');
    // refused by the core, then a valid value typed: clear before Enter
    await field.fill('0');
    await field.press('Enter');
    expect((await state()).invalid, 'μ_s = 0 was not refused');
    await field.click({ clickCount: 3 });
    await page.keyboard.type('0.8');
    s = await state();
    expect(!s.invalid && !s.msg, `typing 0.8 after the core's refusal left '${s.msg}'`);
    await page.keyboard.press('Enter');
    // the view applies a live change at its next step and writes the URL
    // when the core has retuned (onRetuned), so the URL follows within frames
    // (waited for up to 20 s: a loaded machine's frames come late; how soon is not checked)
    const applied = await waitFor(() => /arm2-ground\.mu_s=0\.8(&|$)/.test(page.url()), 20_000);
    if (!applied) {
      const after = await state();
      const text = await field.inputValue();
      expect(false, `0.8 not applied within 20 s (field '${text}', ${after.invalid ? `refused: '${after.msg}'` : 'not marked invalid'}): ${page.url()}`);
    }
    out.push('core refusal then 0.8 typed: clear while typing, applied on Enter');
    // "abc", then typing a number: clear
    await field.fill('abc');
    await field.press('Enter');
    expect((await state()).invalid, '"abc" was not refused');
    await field.fill('0.75');
    s = await state();
    expect(!s.invalid && !s.msg, `typing 0.75 after "abc" left '${s.msg}'`);
    out.push('"abc" then 0.75: clear');
    await close(pg);
    return out.join('; ');
  });

  await check('nolost: the canvas and the status line show one sample (pendulum θ, θ̇, reversals/s; arm t, f_n) while running', async () => {
    const out = [];
    const pg = await openPage('?view=pendulum', 'pendulum');
    const { page } = pg;
    await page.waitForTimeout(1500);
    for (let k = 0; k < 5; k++) {
      const r = await page.evaluate(() => ({ st: document.getElementById('pendulum-status').textContent,
        text: window.__fx.pendulum.geometry.panels.map((p) => p.text || []) }));
      r.text.forEach((lines, i) => {
        expect(lines.length === 3, `arm ${i}: ${lines.length} lines drawn`);
        const [theta, dq, rate] = [lines[0].replace('θ = ', ''), lines[1].replace('θ̇ = ', ''), lines[2].replace(/\s+/g, ' ')];
        const part = r.st.split('  |  ')[i + 1] || '';
        expect(part.includes(`θ ${theta}`) && part.includes(`θ̇ ${dq}`) && part.includes(rate),
          `arm ${i}: the canvas says '${lines.join(' / ')}', the status line '${part}'`);
      });
      await page.waitForTimeout(170);
    }
    out.push(`pendulum: 5 samples equal ('${(await page.evaluate(() => window.__fx.pendulum.geometry.panels[1].text.join(' / ')))}')`);
    await close(pg);
    const pa = await openPage('?view=arm', 'arm');
    await pa.page.waitForTimeout(1500);
    for (let k = 0; k < 5; k++) {
      const r = await pa.page.evaluate(() => ({ clock: /^t = ([0-9.]+) s/.exec(document.querySelector('#view .arm-clock').textContent)?.[1],
        st: document.getElementById('arm-status').textContent, text: [0, 1].map((i) => window.__fx.arm.geometry[i].text) }));
      r.text.forEach((lines, i) => {
        const t = /^t = ([0-9.]+) s/.exec(lines[0])?.[1];
        expect(t === r.clock, `method ${i ? 'B' : 'A'}: the canvas says t = ${t} s, the clock ${r.clock} s`);
        const fn = /fₙ = ([0-9.-]+) \/ ([0-9.-]+) N/.exec(lines[1] || '');
        const part = r.st.split('  |  ')[i] || '';
        expect(fn && part.includes(`fₙ ${fn[1]} / ${fn[2]} N`), `method ${i ? 'B' : 'A'}: the canvas says '${lines[1]}', the status '${part}'`);
      });
      await pa.page.waitForTimeout(170);
    }
    out.push('arm: 5 samples, clock t and f_n equal');
    await close(pa);
    return out.join('; ');
  });
}
