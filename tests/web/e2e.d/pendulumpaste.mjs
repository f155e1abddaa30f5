// e2e.d/pendulumpaste.mjs: the Pendulum view's own JSON export pasted back
// restores the same state, not only the same values: every "use the
// preset" box ticked before the round trip is ticked after it (before the
// fix, the pasted numbers unticked all of them: same values, another state),
// and a value typed by hand stays typed.
//   defaults   ?view=pendulum: Copy parameters (JSON), Paste parameters…,
//              Apply: the same boxes ticked (every preset-backed parameter
//              of the view's defaults), the same values in every field
//   typed      one preset box unticked and its field set to a value that is
//              not the preset's: after the round trip that box alone is
//              unticked and its field holds the typed value
export default async function pendulumPaste(h) {
  const { check, expect, openPage } = h;
  if (!h.requireViews(['pendulum'], ['pendulumpaste: the Pendulum view\'s JSON pasted back restores its preset boxes'])) return;

  /** The view's parameter fields: { name: { preset (box ticked, or null: no box), value } }. */
  const state = (p) => p.evaluate(() => Object.fromEntries([...document.querySelectorAll('#view [data-param]')].map((c) => {
    const box = c.querySelector('.ctl-preset input[type=checkbox]');
    const field = c.querySelector('input[type=text], input[type=number], select');
    return [c.dataset.param, { preset: box ? box.checked : null, value: field ? field.value : null }];
  })));
  /** Copy parameters (JSON), then paste that text back and apply; returns the page after its reload. */
  const roundTrip = async (p) => {
    await p.locator('#view .export-panel button', { hasText: 'Copy parameters (JSON)' }).click();
    const text = await p.locator('#view .export-panel textarea.export-text').inputValue();
    expect(text.trim().startsWith('{'), `the export: '${text.slice(0, 80)}'`);
    await p.locator('#view .export-panel button', { hasText: 'Paste parameters…' }).click();
    await p.locator('#view .export-panel textarea[aria-label="Paste parameters as JSON"]').fill(text);
    await Promise.all([p.waitForEvent('load'), p.locator('#view .export-panel button', { hasText: /^Apply$/ }).click()]);
    await p.waitForFunction(() => document.body.dataset.ready === 'true' && document.body.dataset.view === 'pendulum', null, { timeout: 20_000 });
    await h.frames(p, 3);
    return text;
  };

  await check('pendulumpaste: the view\'s own JSON pasted back keeps every "use the preset" box as it was (defaults, and one value typed by hand)', async () => {
    const { page: p } = await openPage('?view=pendulum', 'pendulum');
    const before = await state(p);
    const ticked = Object.keys(before).filter((k) => before[k].preset === true);
    expect(ticked.length >= 10, `${ticked.length} preset boxes ticked by default: ${ticked.join(', ')}`);
    await roundTrip(p);
    const after = await state(p);
    const lost = ticked.filter((k) => after[k]?.preset !== true);
    expect(lost.length === 0, `${lost.length} of ${ticked.length} preset boxes unticked by the round trip: ${lost.join(', ')}`);
    const changed = Object.keys(before).filter((k) => before[k].value !== after[k]?.value);
    expect(changed.length === 0, `values changed: ${changed.map((k) => `${k} ${before[k].value} → ${after[k]?.value}`).join(', ')}`);

    // one box unticked by hand and a value of its own typed: it stays so, the others stay ticked
    const key = ticked[0];
    const ctl = p.locator(`#view [data-param="${key}"]`);
    await ctl.locator('.ctl-preset input[type=checkbox]').uncheck();
    const field = ctl.locator('input[type=text], input[type=number]').first();
    const typed = String(Number(before[key].value.replace(',', '.')) * 1.5 || 0.5);
    await field.fill(typed);
    await field.press('Enter');
    await h.frames(p, 3);
    const mid = await state(p);
    expect(mid[key].preset === false, `${key}'s box unticked by hand`);
    await roundTrip(p);
    const end = await state(p);
    expect(end[key].preset === false && end[key].value === mid[key].value, `${key}: ${JSON.stringify(end[key])}, typed ${JSON.stringify(mid[key])}`);
    const others = ticked.filter((k) => k !== key && end[k]?.preset !== true);
    expect(others.length === 0, `other boxes unticked: ${others.join(', ')}`);
    await p.close();
    return `${ticked.length} preset boxes kept through the round trip; ${key} typed ${mid[key].value} kept`;
  });
}
