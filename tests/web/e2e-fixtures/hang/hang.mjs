// hang.mjs: an e2e.d-style module whose page stops answering, for
// tests/web/e2e_harness.test.mjs (the harness's hang guard, e2e.mjs). Its
// second check runs a loop that never ends on the page's main thread, so the
// page.evaluate never returns: on the module's first attempt only, or on
// every attempt when E2E_FIXTURE_HANG=always; with E2E_FIXTURE_HANG=between
// the first attempt hangs in the module's own code between two checks, on an
// evaluate whose promise never settles (an idle page: the module's bound is
// two minutes, which a loop would spend taking a core from make test).
let attempts = 0;

export default async function hang(h) {
  attempts++;
  const { page } = await h.openPage('', null);
  const mode = process.env.E2E_FIXTURE_HANG || 'once';
  await h.check('fixture: before the hang', async () => `attempt ${attempts}`);
  if (mode === 'between' && attempts === 1) await page.evaluate(() => new Promise(() => {}));
  await h.check('fixture: an evaluate the page never answers', async () => {
    if ((mode === 'once' && attempts === 1) || mode === 'always') {
      await page.evaluate(() => { for (;;) Math.random(); });
    }
    return `attempt ${attempts}: answered`;
  });
  await h.check('fixture: after the hang', async () => {
    const title = await page.title();
    h.expect(title.length > 0, 'the page has no title');
    return `attempt ${attempts}: '${title}'`;
  });
  await page.close();
}
