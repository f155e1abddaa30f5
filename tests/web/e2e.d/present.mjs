// present.mjs: presentation mode, the keys, the lessons and the narrow
// layout (no clipped or overlapping parts in the "Smaller" layout).
//   present     F enters presentation mode: body.present, the key legend
//               visible, body text >= 20 px, charts' font raised, the
//               control column in a drawer, present=1 in the URL (and a
//               reload restores it); Escape leaves; the live charts' tick
//               labels stay large after a lesson's Set up key (1) and a tab
//               switch; Escape closes the drawer and the next
//               Space pauses (the focus is not left on "Controls");
//               the drawer's 0.2 s transition is bounded in frames (within
//               120, the harness's withinFrames), not in milliseconds
//   keys        on the live pendulum: Space pauses and resumes (Pause/Play
//               and the clock), S advances a paused run by one dt, R takes
//               t back to 0, ArrowRight/ArrowLeft move the goal; the same
//               keys typed into a number field do none of that
//   narrow      at 853x600 and 800x600 no view scrolls sideways and every
//               tab of the tab bar is inside the window
//   lesson      every view shows its LESSON: "What to notice" with its text
//               and 3 to 5 "Try this" steps, on screen without scrolling (at
//               1280x900, normal and presentation mode); a view without a
//               LESSON fails
// Screenshots: build/e2e/present-1280.png, present-853.png, <view>-853.png.
import path from 'node:path';

/** The live clock "t = 1.234 s … dt = 0.001 s" as numbers, with the
 *  resolution of the shown t (one unit of its last digit). */
function readClock(page) {
  return page.evaluate(() => {
    const text = document.querySelector('#view')?.innerText || '';
    const t = /\bt = (-?[0-9.]+(?:e[+-]?\d+)?) s/.exec(text);
    const dt = /\bdt = ([0-9.]+(?:e[+-]?\d+)?) s/.exec(text);
    if (!t) return null;
    const dec = (t[1].split('.')[1] || '').length;
    return { t: Number(t[1]), res: 10 ** -dec, dt: dt ? Number(dt[1]) : null };
  });
}

/** The text of the run button (Pause while running, Play while paused). */
function runButton(page) {
  return page.evaluate(() => [...document.querySelectorAll('#view button')]
    .map((b) => b.textContent.trim()).find((s) => /^(Pause|Play|Resume)$/.test(s)) || null);
}

/** The value of the number field of the goal angle. */
function goalValue(page) {
  return page.evaluate(() => {
    const box = [...document.querySelectorAll('#view .ctl')]
      .find((c) => /\bgoal\b/i.test(c.querySelector('label')?.textContent || '') && c.querySelector('input.ctl-num'));
    const input = box && box.querySelector('input.ctl-num');
    return input ? Number(input.value) : null;
  });
}

const bodyState = (page) => page.evaluate(() => ({
  present: document.body.classList.contains('present'),
  url: location.search,
  font: parseFloat(getComputedStyle(document.body).fontSize),
}));

export default async function (h) {
  const { check, expect, waitFor, withinFrames, frames, openPage, OUT } = h;
  const has = (id) => h.views.some((v) => v.id === id);

  // ------------------------------------------------ presentation mode
  const live = has('pendulum') ? 'pendulum' : h.views[0].id;
  const { page, log } = await openPage(`?view=${live}&${live}.dt=0.001`, live);
  await check('present: F enters presentation mode (large type, key legend, drawer, URL)', async () => {
    await page.evaluate(() => document.activeElement?.blur());
    await page.keyboard.press('f');
    expect(await waitFor(async () => (await bodyState(page)).present, 10_000), 'F did not set body.present');
    // the drawer's 0.2 s transition and the charts' resize, waited for in
    // frames, not milliseconds (withinFrames): the type >= 20 px, every
    // chart's font >= 16 px and the control column hidden within 120 frames
    // (2 s at 60 frames/s; under load fewer frames come in the same time)
    const settled = await withinFrames(page, () => parseFloat(getComputedStyle(document.body).fontSize) >= 20
      && [...(window.__fx?.charts?.all || [])].every((c) => (c.options.font?.size ?? 0) >= 16)
      && document.querySelector('#view .view > .controls')?.checkVisibility({ visibilityProperty: true }) === false, 120);
    const s = await bodyState(page);
    expect(s.font >= 20, `body text is ${s.font} px in presentation mode (needs >= 20)`);
    expect(/(^|[?&])present=1(&|$)/.test(s.url), `present=1 is not in the URL: ${s.url}`);
    const legend = await page.evaluate(() => {
      const dl = [...document.querySelectorAll('.key-legend')].find((e) => e.checkVisibility());
      return dl ? [...dl.querySelectorAll('dt')].map((d) => d.textContent) : null;
    });
    expect(legend, 'no visible key legend');
    expect(legend.includes('F') && legend.includes('Esc'), `the legend lacks F or Esc: ${legend.join(' ')}`);
    const charts = await page.evaluate(() => [...(window.__fx?.charts?.all || [])].map((c) => c.options.font?.size ?? null));
    expect(charts.length === 0 || charts.every((f) => f >= 16), `chart font sizes in presentation mode: ${charts.join(', ')}`);
    const drawer = await page.evaluate(() => {
      const side = document.querySelector('#view .view > .controls');
      return side ? side.checkVisibility({ visibilityProperty: true }) : null;
    });
    expect(drawer === false, 'the control column is still shown (expected in a closed drawer)');
    const btn = page.locator('#drawer-button');
    await btn.click();
    // the drawer slides in and out over 0.2 s (its visibility too): open, then
    // closed, each within 120 frames (withinFrames: a bound a loaded machine
    // does not break, as it draws fewer frames in those 0.2 s)
    const drawerShown = (want) => withinFrames(page, (w) => document.querySelector('#view .view > .controls').checkVisibility({ visibilityProperty: true }) === w, 120, want);
    const open = await drawerShown(true);
    expect(open.value, `the "Controls" button did not open the drawer within ${open.frames} frames`);
    await page.keyboard.press('Escape');
    const closed = await drawerShown(false);
    expect(closed.value && (await bodyState(page)).present, `Escape should close the drawer first, staying in presentation mode (drawer ${closed.value ? 'closed' : `still shown after ${closed.frames} frames`}, present ${(await bodyState(page)).present})`);
    await page.screenshot({ path: path.join(OUT, 'present-1280.png') });
    return `body ${s.font} px, legend: ${legend.join(' ')}, chart fonts ${[...new Set(charts)].join('/') || 'none'} px (settled in ${settled.frames} frames); the drawer opened in ${open.frames}, closed in ${closed.frames} frames; build/e2e/present-1280.png`;
  });

  await check('present: the live charts keep the large tick labels after a Set up key (1) and a tab switch', async () => {
    if (!has('pendulum')) return { skip: "no view 'pendulum' in VIEWS" };
    const b = await openPage('?view=pendulum&present=1', 'pendulum');
    try {
      /** The tick label sizes the chart worker last drew with [CSS px], once
       *  every live chart (web/src/liveCharts.js: a mirror with sources) of
       *  the view mounted since mark() has been drawn. */
      const drawn = () => waitFor(() => b.page.evaluate(() => {
        const live = [...(window.__fx?.charts?.all || [])].filter((c) => 'sources' in c && !c.before);
        return live.length && live.every((c) => c.ticksFont > 0) ? live.map((c) => c.ticksFont) : null;
      }), 10_000);
      const mark = () => b.page.evaluate(() => { for (const c of window.__fx.charts.all) c.before = true; });
      const big = (sizes) => sizes && sizes.every((f) => f >= 16);
      const atLoad = await drawn();
      expect(big(atLoad), `tick labels at load in presentation mode: ${atLoad} px (want >= 16)`);
      await mark();
      await b.page.evaluate(() => document.activeElement?.blur());
      await b.page.keyboard.press('1');
      const afterKey = await drawn();
      const seen = () => b.page.evaluate(() => JSON.stringify([...(window.__fx?.charts?.all || [])]
        .map((c) => ({ live: 'sources' in c, before: !!c.before, font: c.ticksFont ?? null }))));
      expect(big(afterKey), `tick labels after the Set up key 1: ${afterKey} px (want >= 16; the charts: ${await seen()}, view ${await b.page.evaluate(() => document.body.dataset.view)})`);
      let afterTab = null;
      if (has('arm')) {
        await mark();
        await b.page.click('#tab-arm');
        await b.page.waitForFunction(() => document.body.dataset.view === 'arm');
        afterTab = await drawn();
        expect(big(afterTab), `tick labels after switching to the arm's tab: ${afterTab} px (want >= 16)`);
      }
      return `tick labels ${atLoad[0]} px at load, ${afterKey[0]} px after key 1${afterTab ? `, ${afterTab[0]} px in the arm view` : ''}`;
    } finally {
      await b.page.close();
    }
  });

  await check('present: Escape closes the drawer and gives the keys back to the view (the next Space pauses)', async () => {
    if (!has('pendulum')) return { skip: "no view 'pendulum' in VIEWS" };
    const b = await openPage('?view=pendulum&present=1', 'pendulum');
    try {
      const shown = () => b.page.evaluate(() => document.querySelector('#view .view > .controls').checkVisibility({ visibilityProperty: true }));
      // the drawer's 0.2 s transition within 120 frames (withinFrames, not milliseconds)
      const drawer = (want) => withinFrames(b.page, (w) => document.querySelector('#view .view > .controls').checkVisibility({ visibilityProperty: true }) === w, 120, want);
      expect(await waitFor(async () => (await runButton(b.page)) === 'Pause', 10_000), 'the run is not running to start with');
      await b.page.click('#drawer-button');
      expect((await drawer(true)).value, 'the "Controls" button did not open the drawer within 120 frames');
      await b.page.keyboard.press('Escape');
      expect((await drawer(false)).value, 'Escape did not close the drawer within 120 frames');
      const focus = await b.page.evaluate(() => document.activeElement?.id || document.activeElement?.tagName);
      expect(focus !== 'drawer-button', 'the focus stayed on "Controls" after Escape');
      await b.page.keyboard.press(' ');
      expect(await waitFor(async () => (await runButton(b.page)) !== 'Pause', 10_000), `Space after Escape did not pause (focus on ${focus})`);
      // the drawer would open within 120 frames (above): still closed 120 frames on
      await frames(b.page, 120);
      expect(!(await shown()), 'Space after Escape opened the drawer again');
      return `focus on ${focus} after Escape; Space paused, the drawer stayed closed`;
    } finally {
      await b.page.close();
    }
  });

  await check('present: the URL restores presentation mode, Escape leaves it', async () => {
    const url = page.url().slice(h.base.length);
    const b = await openPage(url, live);
    try {
      expect((await bodyState(b.page)).present, `the page opened at ${url} is not in presentation mode`);
      await b.page.evaluate(() => document.activeElement?.blur());
      await b.page.keyboard.press('Escape');
      const s = await waitFor(async () => { const x = await bodyState(b.page); return x.present ? null : x; }, 2000);
      expect(s, 'Escape did not leave presentation mode');
      expect(!/present=1/.test(s.url), `present=1 still in the URL after Escape: ${s.url}`);
      expect(s.font < 20, `body text still ${s.font} px after leaving`);
      return `restored, left with Escape (body ${s.font} px)`;
    } finally {
      await b.page.close();
    }
  });

  // ------------------------------------------------- keys of the live view
  const keysReady = async () => {
    if (!has('pendulum')) return "no view 'pendulum' in VIEWS";
    if (await page.evaluate(() => document.body.dataset.actions) !== 'true') {
      return 'the pendulum view does not return actions from mount()';
    }
    if (!(await readClock(page))) return 'no clock "t = … s" in the pendulum view';
    return '';
  };
  await check('present: Space pauses and resumes the pendulum', async () => {
    const why = await keysReady();
    if (why) throw new Error(why);
    await page.evaluate(() => document.activeElement?.blur());
    if (await runButton(page) !== 'Pause') await page.keyboard.press(' ');
    expect(await waitFor(async () => (await runButton(page)) === 'Pause', 1000), 'the run is not running to start with');
    await page.keyboard.press(' ');
    expect(await waitFor(async () => (await runButton(page)) !== 'Pause', 1000), 'Space did not pause (button still "Pause")');
    await h.frames(page, 2);
    const a = await readClock(page);
    await page.waitForTimeout(500);
    const b = await readClock(page);
    expect(a.t === b.t, `the clock runs while paused: ${a.t} -> ${b.t} s`);
    await page.keyboard.press(' ');
    expect(await waitFor(async () => (await runButton(page)) === 'Pause', 1000), 'Space did not resume');
    // the clock's advance waited for (up to 20 s), not timed: a loaded machine draws fewer frames
    const c = await waitFor(async () => { const x = await readClock(page); return x.t > b.t ? x : null; }, 20_000, 100) ?? await readClock(page);
    expect(c.t > b.t, `the clock did not advance after resuming: ${b.t} -> ${c.t} s`);
    return `paused at t = ${a.t} s (stayed ${b.t} s), resumed to ${c.t} s`;
  });

  await check('present: S advances a paused run by one dt, R resets t to 0', async () => {
    const why = await keysReady();
    if (why) throw new Error(why);
    await page.evaluate(() => document.activeElement?.blur());
    if (await runButton(page) === 'Pause') await page.keyboard.press(' ');
    expect(await waitFor(async () => (await runButton(page)) !== 'Pause', 1000), 'could not pause with Space');
    await h.frames(page, 2);
    const a = await readClock(page);
    expect(a.dt > 0, 'the clock shows no dt');
    expect(a.dt >= a.res, `the clock shows t to ${a.res} s, too coarse to see one step of ${a.dt} s`);
    await page.keyboard.press('s');
    await h.frames(page, 2);
    const b = await readClock(page);
    // both readings are multiples of dt shown to `res`: one step is dt, to half a digit
    expect(Math.abs(b.t - a.t - a.dt) <= a.res / 2 + 1e-12, `S moved t from ${a.t} to ${b.t} s, not by dt = ${a.dt} s`);
    expect(await runButton(page) !== 'Pause', 'S left the run running');
    expect(a.t > 0.2, `t = ${a.t} s is too close to 0 to test Reset`);
    await page.keyboard.press('r');
    await h.frames(page, 2);
    const c = await readClock(page);
    expect(c.t < 0.05, `R did not reset the clock: t = ${c.t} s (was ${b.t} s)`);
    // the first step after a reset shows the state after one dt, not t = 0 again
    expect(await runButton(page) !== 'Pause' && c.t === 0, `after R: t = ${c.t} s, run button '${await runButton(page)}' (expected paused at 0)`);
    await page.keyboard.press('s');
    await h.frames(page, 2);
    const d = await readClock(page);
    expect(Math.abs(d.t - a.dt) <= a.res / 2 + 1e-12, `S after R: t = ${d.t} s, expected dt = ${a.dt} s`);
    return `S: ${a.t} -> ${b.t} s (dt ${a.dt} s); R: -> ${c.t} s; S: -> ${d.t} s`;
  });

  await check('present: ArrowRight and ArrowLeft move the goal', async () => {
    const why = await keysReady();
    if (why) throw new Error(why);
    await page.evaluate(() => document.activeElement?.blur());
    const g0 = await goalValue(page);
    expect(g0 !== null, 'no number field for the goal');
    await page.keyboard.press('ArrowRight');
    const g1 = await waitFor(async () => { const g = await goalValue(page); return g > g0 ? g : null; }, 1000);
    expect(g1 !== null, `ArrowRight left the goal at ${g0}`);
    await page.keyboard.press('ArrowLeft');
    const g2 = await waitFor(async () => { const g = await goalValue(page); return g < g1 ? g : null; }, 1000);
    expect(g2 !== null, `ArrowLeft left the goal at ${g1}`);
    return `goal ${g0} -> ${g1} -> ${g2}`;
  });

  await check('present: keys typed into a number field trigger no action', async () => {
    const why = await keysReady();
    if (why) throw new Error(why);
    await page.evaluate(() => document.activeElement?.blur());
    if ((await bodyState(page)).present) await page.keyboard.press('Escape');
    expect(await waitFor(async () => !(await bodyState(page)).present, 1000), 'Escape did not leave presentation mode');
    if (await runButton(page) !== 'Pause') await page.keyboard.press(' ');
    await page.waitForTimeout(300);
    const g0 = await goalValue(page);
    const field = page.locator('#view .ctl input.ctl-num:visible').first();
    expect(await field.count() === 1, 'no visible number field');
    const t0 = (await readClock(page)).t;
    await field.focus();
    for (const k of ['f', 's', 'r', ' ', 'ArrowRight', 'ArrowLeft']) await page.keyboard.press(k);
    await page.waitForTimeout(300);
    const s = await bodyState(page);
    const run = await runButton(page);
    const t1 = (await readClock(page)).t;
    const g1 = await goalValue(page);
    await page.keyboard.press('Escape'); // the field restores its value
    expect(!s.present, 'F typed into a number field entered presentation mode');
    expect(run === 'Pause', `typing into a number field changed the run button to '${run}'`);
    expect(t1 >= t0, `typing into a number field reset the clock: ${t0} -> ${t1} s`);
    expect(g1 === g0, `typing into a number field moved the goal: ${g0} -> ${g1}`);
    return `still running (t ${t0} -> ${t1} s), goal ${g1}, not in presentation mode`;
  });
  await check('present: no console error or failed request', async () => {
    const problems = h.logProblems(log);
    expect(problems.length === 0, problems.slice(0, 5).join('; '));
  });
  await page.close();

  // --------------------------------------------- narrow windows, lessons
  const narrow = await openPage('', null);
  const np = narrow.page;
  const noSideScroll = async (what) => {
    const m = await np.evaluate(() => {
      const d = document.documentElement;
      const cut = [...document.querySelectorAll('#tabs [role=tab], .top-tools > :not([hidden])')]
        .filter((e) => e.getBoundingClientRect().right > d.clientWidth + 0.5).map((e) => e.textContent.trim());
      return { sw: d.scrollWidth, cw: d.clientWidth, cut };
    });
    expect(m.sw <= m.cw, `${what}: scrollWidth ${m.sw} > clientWidth ${m.cw}`);
    expect(m.cut.length === 0, `${what}: cut off on the right: ${m.cut.join(', ')}`);
  };
  for (const [w, hgt] of [[853, 600], [800, 600]]) {
    await check(`present: no horizontal scroll at ${w}x${hgt} on any view`, async () => {
      await np.setViewportSize({ width: w, height: hgt });
      for (const v of h.views) {
        await np.goto(`${h.base}?view=${v.id}`);
        await np.waitForFunction((id) => document.body.dataset.ready === 'true' && document.body.dataset.view === id, v.id);
        await h.frames(np, 3);
        await np.waitForTimeout(200);
        await noSideScroll(v.id);
        if (w === 853) await np.screenshot({ path: path.join(OUT, `${v.id}-853.png`) });
      }
      await np.goto(`${h.base}?view=${live}&present=1`);
      await np.waitForFunction(() => document.body.dataset.ready === 'true');
      await h.frames(np, 3);
      await np.waitForTimeout(300);
      await noSideScroll(`${live}, presentation mode`);
      if (w === 853) await np.screenshot({ path: path.join(OUT, 'present-853.png') });
      return `${h.views.length} views and presentation mode${w === 853 ? '; build/e2e/<view>-853.png, present-853.png' : ''}`;
    });
  }

  await np.setViewportSize({ width: 1280, height: 900 });
  for (const v of h.views) {
    await check(`present: ${v.id} shows its lesson (What to notice, Try this)`, async () => {
      const out = [];
      for (const mode of ['', '&present=1']) {
        await np.goto(`${h.base}?view=${v.id}${mode}`);
        await np.waitForFunction((id) => document.body.dataset.ready === 'true' && document.body.dataset.view === id, v.id);
        await h.frames(np, 3);
        if (await np.evaluate(() => document.body.dataset.lesson) === 'none') {
          throw new Error(`the ${v.id} view does not export LESSON`);
        }
        const l = await np.evaluate(() => {
          const d = document.querySelector('#view .lesson details');
          if (!d) return null;
          const r = d.getBoundingClientRect();
          return {
            open: d.open, summary: d.querySelector('summary').textContent.trim(),
            notice: d.querySelector('.lesson-notice')?.textContent.trim() || '',
            steps: [...d.querySelectorAll('.lesson-try ol > li')].map((li) => li.textContent.trim()),
            top: r.top, bottom: r.bottom, inner: window.innerHeight, visible: d.checkVisibility(),
          };
        });
        const where = mode ? 'presentation mode' : 'normal mode';
        expect(l, `${where}: no lesson box`);
        expect(l.open && l.visible && l.summary === 'What to notice', `${where}: the lesson box is closed or hidden`);
        expect(l.notice.length > 20, `${where}: "What to notice" has no text`);
        expect(l.steps.length >= 3 && l.steps.length <= 5 && l.steps.every((s) => s.length > 5),
          `${where}: ${l.steps.length} "Try this" steps (needs 3 to 5)`);
        expect(l.top >= 0 && l.bottom <= l.inner, `${where}: the lesson box spans ${l.top.toFixed(0)}–${l.bottom.toFixed(0)} px of a ${l.inner} px window`);
        out.push(`${where} ${l.top.toFixed(0)}–${l.bottom.toFixed(0)} px`);
      }
      return `on screen in ${out.join(', ')}`;
    });
  }
  await narrow.page.close();
}
