// controls.mjs: number fields apply what is typed, on Enter or blur, never
// keystroke by keystroke; bad entries are refused in place; sliders announce
// the value with its unit; preset-backed parameters never show -1. Typed
// like a person: several keystrokes, Enter, Escape, nonsense.
//
// On the scenarios view with model-a, case=custom: h is the constant force
// on the block (valid -1e4 … 1e4 N in the core's description), so 50 and 999
// are valid and each changes the velocity chart.

/** Counts history.replaceState calls (the URL changes once per applied run). */
async function countUrlWrites(page) {
  await page.evaluate(() => {
    if (window.__urlWrites !== undefined) return;
    window.__urlWrites = 0;
    const orig = history.replaceState.bind(history);
    history.replaceState = (...a) => { window.__urlWrites++; return orig(...a); };
  });
}
const urlWrites = (page) => page.evaluate(() => window.__urlWrites);

export default async function (h) {
  const { check, expect, openPage, chartPrint, waitFor, settle, logProblems } = h;
  if (!h.views.some((v) => v.id === 'scenarios')) {
    await check('controls: typed values on the scenarios view', () => { throw new Error('no scenarios view'); });
  } else {
    const { page, log } = await openPage('?view=scenarios&scenarios.scenario=model-a&scenarios.model-a.case=custom', 'scenarios');
    await settle(page);
    await countUrlWrites(page);
    const box = page.locator('#view .ctl[data-param=h]');
    const field = box.locator('input.ctl-num');
    const message = () => box.locator('.ctl-msg').textContent();

    await check('controls: typing "50" then Enter applies 50, once, and no keystroke runs the simulation', async () => {
      expect(await field.count() === 1, 'no number field for h on the scenarios view (model-a, case=custom)');
      expect(await field.isEnabled(), 'the h field is disabled with case=custom');
      const before = await chartPrint(page);
      const w0 = await urlWrites(page);
      await field.click({ clickCount: 3 });
      await page.keyboard.type('50', { delay: 60 });
      await page.waitForTimeout(300);
      const mid = await chartPrint(page);
      expect(mid.hash === before.hash, 'the chart changed while typing, before Enter');
      expect(await urlWrites(page) === w0, 'the URL (state) changed while typing, before Enter');
      await page.keyboard.press('Enter');
      const changed = await waitFor(async () => (await chartPrint(page)).hash !== before.hash, 5000);
      expect(changed, 'Enter did not change the chart');
      await settle(page);
      const runs = (await urlWrites(page)) - w0;
      expect(await field.inputValue() === '50', `the field shows '${await field.inputValue()}', not 50`);
      expect(/model-a\.h=50(&|$)/.test(page.url()), `the URL does not hold h=50: ${page.url()}`);
      expect(runs === 1, `Enter applied ${runs} runs, expected 1`);
      return `h = 50 applied by one run (${before.points} -> ${(await chartPrint(page)).points} points)`;
    });

    await check('controls: typing "123" runs nothing until Enter; "999" gives 999, not 9', async () => {
      const w0 = await urlWrites(page);
      const before = await chartPrint(page);
      await field.click({ clickCount: 3 });
      for (const k of '123') {
        await page.keyboard.type(k);
        await page.waitForTimeout(150);   // longer than a frame: a per-keystroke run would show
      }
      expect(await urlWrites(page) === w0 && (await chartPrint(page)).hash === before.hash,
        `typing 123 ran the simulation ${(await urlWrites(page)) - w0} time(s) before Enter`);
      await field.fill('999');
      await field.press('Enter');
      await waitFor(async () => (await chartPrint(page)).hash !== before.hash, 5000);
      await settle(page);
      expect(await field.inputValue() === '999', `the field shows '${await field.inputValue()}'`);
      expect(/model-a\.h=999(&|$)/.test(page.url()), `the URL does not hold h=999: ${page.url()}`);
      return `${(await urlWrites(page)) - w0} run(s) in all, after Enter`;
    });

    await check('controls: "abc" + Enter is refused in place with the range; the value and chart are kept', async () => {
      const before = await chartPrint(page);
      const w0 = await urlWrites(page);
      await field.fill('abc');
      await field.press('Enter');
      const msg = await waitFor(async () => (await box.evaluate((el) => el.classList.contains('invalid'))) && message(), 2000);
      expect(msg, 'no message next to the field');
      // the core's range for h: ±1e4 N
      expect(/external force h/.test(msg) && /-10000 … 10000 N/.test(msg) && /keeping 999 N/.test(msg),
        `the message does not name the parameter, the range with its unit and the kept value: '${msg}'`);
      expect(await field.getAttribute('aria-invalid') === 'true', 'the field is not marked aria-invalid');
      await page.waitForTimeout(300);
      expect((await chartPrint(page)).hash === before.hash && await urlWrites(page) === w0, 'the refused entry changed the chart or the URL');
      // out of the hard range: refused the same way
      await field.fill('99999');
      await field.press('Enter');
      const msg2 = await waitFor(async () => /outside/.test(await message()) && message(), 2000);
      expect(msg2 && /keeping 999 N/.test(msg2), `99999 was not refused with the kept value: '${await message()}'`);
      await page.screenshot({ path: `${h.OUT}/controls-refused.png` });
      return `'${msg}' / '${msg2}'`;
    });

    await check('controls: Escape restores the last good value', async () => {
      const w0 = await urlWrites(page);
      await field.fill('12');
      await field.press('Escape');
      expect(await field.inputValue() === '999', `after Escape the field shows '${await field.inputValue()}', not 999`);
      expect(!(await box.evaluate((el) => el.classList.contains('invalid'))) && !(await message()), 'the mark or message stayed after Escape');
      await field.blur();
      await page.waitForTimeout(200);
      expect(await urlWrites(page) === w0, 'Escape or the blur after it applied something');
      return 'typed 12, Escape: 999 again, nothing applied';
    });

    await check('controls: in the presentation drawer, the first Escape restores an edited field, the next one closes the drawer', async () => {
      const drawer = () => page.evaluate(() => ({ open: document.body.classList.contains('drawer-open'),
        present: document.body.classList.contains('present'), focus: document.activeElement?.id || document.activeElement?.tagName }));
      const w0 = await urlWrites(page);
      await page.evaluate(() => document.activeElement?.blur());
      await page.keyboard.press('f');
      expect(await waitFor(async () => (await drawer()).present, 2000), 'F did not enter presentation mode');
      await page.locator('#drawer-button').click();
      await page.waitForTimeout(300); // the drawer's slide
      const fieldId = await field.getAttribute('id');
      const out = [];
      // an edited value, then a refused one: each first Escape restores 999 and keeps the drawer open
      for (const [typed, enter] of [['12', false], ['abc', true]]) {
        await field.fill(typed);
        if (enter) {
          await field.press('Enter');
          expect(await box.evaluate((el) => el.classList.contains('invalid')), `'${typed}' + Enter was not refused`);
        }
        await field.press('Escape');
        const s = await drawer();
        expect(await field.inputValue() === '999', `after '${typed}' + Escape the field shows '${await field.inputValue()}', not 999`);
        expect(!(await box.evaluate((el) => el.classList.contains('invalid'))), `the refusal mark stayed after Escape ('${typed}')`);
        expect(s.open && s.focus === fieldId, `the first Escape after '${typed}' closed the drawer or moved the focus: ${JSON.stringify(s)}`);
        out.push(`'${typed}'${enter ? ' + Enter' : ''}: restored, drawer open`);
      }
      // the field shows its value: Escape closes the drawer, the focus on the
      // view (on "Controls" the next Space reopened the drawer)
      await field.press('Escape');
      const s = await waitFor(async () => { const d = await drawer(); return !d.open && d; }, 2000);
      expect(s && s.present && s.focus === 'view', `Escape on the unedited field: ${JSON.stringify(await drawer())} (expected the drawer closed, still presenting, the focus on #view)`);
      await page.keyboard.press('Escape'); // leaves presentation mode
      expect(await waitFor(async () => !(await drawer()).present, 2000), 'the third Escape did not leave presentation mode');
      // present=1 written and removed; nothing else (the Escapes applied no value)
      expect(await urlWrites(page) - w0 === 2, `${await urlWrites(page) - w0} URL writes, expected 2 (present=1 on and off)`);
      out.push('unedited: drawer closed, focus on the view');
      return out.join('; ');
    });

    await check('controls: leaving the field (blur) applies a typed value', async () => {
      const before = await chartPrint(page);
      await field.fill('-5');
      await page.locator('#view h3').first().click();   // focus leaves the field
      await waitFor(async () => (await chartPrint(page)).hash !== before.hash, 5000);
      expect(/model-a\.h=-5(&|$)/.test(page.url()), `blur did not apply -5: ${page.url()}`);
      return 'h = -5 applied on blur';
    });

    await check('controls: a slider announces its value with the unit, not its 0–1000 steps', async () => {
      const slider = box.locator('input[type=range]');
      const label = await slider.getAttribute('aria-label');
      const text = await slider.getAttribute('aria-valuetext');
      expect(label === 'external force h', `aria-label is '${label}'`);
      expect(text === '-5 N', `aria-valuetext is '${text}', expected '-5 N'`);
      await slider.focus();
      await page.keyboard.press('ArrowRight');
      const moved = await slider.getAttribute('aria-valuetext');
      const shown = await field.inputValue();
      expect(moved === `${shown} N` && moved !== text, `after ArrowRight aria-valuetext is '${moved}', the field '${shown}'`);
      return `'${label}': '${text}' -> '${moved}'`;
    });

    await check('controls: the help of the chosen option follows the choice', async () => {
      const cas = page.locator('#view .ctl-choice[data-param=case]');
      const help = () => cas.locator('.ctl-help').textContent();
      const custom = await help();
      await cas.locator('select').selectOption('fig7');
      const fig7 = await help();
      expect(/custom|as you give/i.test(custom) && /Fig\. 7/.test(fig7), `help with custom: '${custom}', with fig7: '${fig7}'`);
      return `custom: '${custom}'; fig7: '${fig7}'`;
    });

    await check('controls: no console error on the scenarios view', async () => {
      const problems = logProblems(log);
      expect(problems.length === 0, problems.slice(0, 5).join('; '));
    });
    await page.close();
  }

  if (!h.views.some((v) => v.id === 'pendulum')) {
    await check('controls: preset checkbox on the pendulum view', () => { throw new Error('no pendulum view'); });
    return;
  }
  const { page, log } = await openPage('?view=pendulum', 'pendulum');
  await check('controls: pendulum: preset-backed parameters have a preset checkbox and no field shows -1', async () => {
    await page.evaluate(() => document.querySelectorAll('#view details').forEach((d) => { d.open = true; }));
    const boxes = page.locator('#view .ctl-preset input[type=checkbox]');
    const n = await boxes.count();
    expect(n >= 10, `${n} preset checkboxes (kp, vin, the coefficients, kt, R, armature expected)`);
    const minus = await page.evaluate(() => [...document.querySelectorAll('#view input:not([type=checkbox]):not([type=range])')]
      .filter((e) => e.checkVisibility() && Number(e.value) === -1).map((e) => e.closest('[data-param]')?.dataset.param || e.id));
    expect(minus.length === 0, `fields showing -1: ${minus.join(', ')}`);
    // ticked: the field shows the preset's number and is disabled
    const kc = page.locator('#view .ctl[data-param=friction_base]');
    await kc.locator('.ctl-preset input').check();
    const v = await kc.locator('input.ctl-num').inputValue();
    expect(await kc.locator('input.ctl-num').isDisabled() && Number(v) > 0, `ticked K_c: field '${v}', disabled ${await kc.locator('input.ctl-num').isDisabled()}`);
    expect(/friction_base=-1(&|$)/.test(page.url()), 'ticking preset did not store -1 (the preset) in the URL');
    const range = await kc.locator('.ctl-range').textContent();
    expect(/valid 0 … /.test(range), `the valid range shown is '${range}', not from 0`);
    await kc.screenshot({ path: `${h.OUT}/controls-preset.png` });
    return `${n} preset checkboxes; ticked K_c shows ${v} N·m (${range})`;
  });
  // the goal's bounds are ±2π rad (the core's description), which the field
  // shows to six significant digits, rounded outward: 6.28319 > 2π
  await check('controls: pendulum: the bound typed as the field shows it (6.28319 for 2π) is that bound; 6.2832 is refused', async () => {
    const box = page.locator('#view .ctl[data-param=goal]');
    const f = box.locator('input.ctl-num');
    expect(await f.count() === 1, 'no number field for the goal on the pendulum view');
    const shown = await box.locator('.ctl-range').textContent();
    expect(/6\.28319/.test(shown), `the goal's valid range reads '${shown}', not ±6.28319`);
    const goal = () => Number([...new URL(page.url()).searchParams.entries()].find(([k]) => k.endsWith('.goal'))?.[1]);
    const invalid = () => box.evaluate((el) => el.classList.contains('invalid'));
    await f.click({ clickCount: 3 });
    await page.keyboard.type('6.28319', { delay: 40 });
    await page.keyboard.press('Enter');
    const taken = await waitFor(async () => (goal() === 2 * Math.PI ? true : null), 3000);
    expect(taken && !(await invalid()), `6.28319 + Enter: URL goal ${goal()}, field invalid ${await invalid()}: '${await box.locator('.ctl-msg').textContent()}'`);
    await f.click({ clickCount: 3 });
    await page.keyboard.type('6.2832', { delay: 40 });
    await page.keyboard.press('Enter');
    const msg = await waitFor(async () => ((await invalid()) ? box.locator('.ctl-msg').textContent() : null), 3000);
    expect(msg && /outside/.test(msg) && goal() === 2 * Math.PI, `6.2832 + Enter: message '${msg}', URL goal ${goal()}`);
    await f.press('Escape');
    return `6.28319 gives goal = 2π = ${goal()} rad; 6.2832: '${msg}'`;
  });
  // numbers beyond the doubles (a stranger's walk): 1e999 is Infinity and
  // 1e-400 is 0 to JavaScript; the message quotes what was typed and says it
  // is outside the range (it said "'1e999' is not a number" and, for the
  // time step, "0 is outside")
  await check('controls: pendulum: 1e999 (goal) and 1e-400 (dt, valid from 1e-6) are refused as outside the range, quoted as typed', async () => {
    const said = [];
    for (const [param, typed, range] of [['goal', '1e999', '-6.28319 … 6.28319 rad'], ['goal', '-1e999', '-6.28319 … 6.28319 rad'], ['dt', '1e-400', '1e-6 … 0.01 s']]) {
      const box = page.locator(`#view .ctl[data-param=${param}]`);
      const f = box.locator('input.ctl-num');
      const was = await f.inputValue();
      await f.click({ clickCount: 3 });
      await page.keyboard.type(typed, { delay: 30 });
      await page.keyboard.press('Enter');
      const msg = await waitFor(async () => ((await box.evaluate((el) => el.classList.contains('invalid'))) ? box.locator('.ctl-msg').textContent() : null), 3000);
      const want = `${typed} is outside the valid range ${range}; keeping ${was} `;
      expect(msg && msg.includes(want), `${param} ${typed} + Enter: message '${msg}', want it to include '${want}'`);
      await f.press('Escape');
      expect(await f.inputValue() === was, `${param}: after Escape the field shows '${await f.inputValue()}', not ${was}`);
      said.push(msg);
    }
    return said.join(' / ');
  });
  // the label in a refusal reads as above the field (a stranger's walk:
  // "Coulomb K_c: 'abc' is not a number", the marker shown raw)
  await check('controls: pendulum: a refusal names the parameter as its label shows it (θ with a superscript d, K with a subscript c), no _ or ^', async () => {
    const said = [];
    for (const [param, mark] of [['goal', 'sup'], ['friction_base', 'sub']]) {
      const box = page.locator(`#view .ctl[data-param=${param}]`);
      const f = box.locator('input.ctl-num');
      if (await f.isDisabled()) await box.locator('.ctl-preset input').uncheck();
      await f.click({ clickCount: 3 });
      await page.keyboard.type('abc', { delay: 30 });
      await page.keyboard.press('Enter');
      const m = await waitFor(async () => ((await box.evaluate((el) => el.classList.contains('invalid')))
        ? box.locator('.ctl-msg').evaluate((e) => ({ text: e.textContent, marks: [...e.querySelectorAll('sub, sup')].map((x) => `${x.localName}:${x.textContent}`) })) : null), 3000);
      expect(m && !/[_^]/.test(m.text) && m.marks.length === 1 && m.marks[0].startsWith(`${mark}:`), `${param}: the message '${m?.text}' (marks ${m?.marks.join(' ')})`);
      await f.press('Escape');
      said.push(`${m.text} [${m.marks}]`);
    }
    return said.join(' / ');
  });
  await check('controls: no console error on the pendulum view', async () => {
    const problems = logProblems(log);
    expect(problems.length === 0, problems.slice(0, 5).join('; '));
  });
  await page.close();
}
