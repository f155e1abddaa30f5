// e2e.d/laws.mjs: the Laws view (web/src/views/laws/). Its invalid input,
// run by the generic per-view checks of tests/web/e2e.mjs in place of the
// generic one (a number field out of its range):
//   invalid     K = 1 and B = 0 give the Kikuuwe eq. 15 message next to the
//               controls, not in the page banner; its "Set K" button fixes it
export const view = 'laws';

/** Laws view: K = 1 N/m with B = 0 gives 1/Z = K·T + B = 0.001 < 30.5 (Kikuuwe eq. 15).
 *  (With the default B = 50, K = 1 still gives 1/Z = 50.001 > 30.5: valid.) */
export async function invalidInput(page, h) {
  const { expect, waitFor } = h;
  const field = (label) => page.locator('#view .ctl', { hasText: label }).locator('input.ctl-num');
  expect(await field('contact stiffness K').count() === 1 && await field('contact damping B').count() === 1,
    'no K or B field in the laws view');
  // typed as a person would: the value, then Enter
  for (const [label, v] of [['contact stiffness K', '1'], ['contact damping B', '0']]) {
    await field(label).fill(v);
    await field(label).press('Enter');
  }
  const msg = await waitFor(() => page.evaluate(() => {
    const el = [...document.querySelectorAll('#view [role=alert], #view .msg-bad')]
      .find((e) => e.checkVisibility() && e.textContent.includes('eq. 15'));
    return el ? el.textContent : '';
  }), 3000);
  expect(msg, 'no visible eq. 15 message in the view');
  expect(/needs 1\/Z > 30\.5/.test(msg), `message lacks the bound: '${msg}'`);
  const banner = await page.evaluate(() => !document.getElementById('error-banner').hidden);
  expect(!banner, 'the message went to the page banner, not in place');
  let fixed = '';
  const fix = page.locator('#view button', { hasText: /^Set K to / });
  if (await fix.count() && await fix.first().isVisible()) {
    await fix.first().click();
    const gone = await waitFor(() => page.evaluate(() => ![...document.querySelectorAll('#view [role=alert], #view .msg-bad')]
      .some((e) => e.checkVisibility() && e.textContent.includes('eq. 15'))), 3000);
    expect(gone, 'the "Set K" button did not clear the message');
    fixed = '; its "Set K" button clears it';
  }
  return `'${msg.slice(0, 90)}…'${fixed}`;
}
