// files.mjs: an e2e.d-style module whose page writes files, well-formed and
// not, for tests/web/e2e_harness.test.mjs (e2e.mjs: every file the page
// hands the browser to save is held to a strict parser, whichever check
// caused it). Each file is saved as the page saves one (dom.js download: an
// <a download> clicked on a blob: URL).
const FILES = [
  ['good.json', '{"kp": 1.5, "joints": ["a", "b"]}'],
  ['nan.json', '{"kp": NaN}'],
  ['ragged.csv', '# a comment\nt [s],q [rad]\n0,1\n0.1\n'],
  ['good.csv', '# a comment\nt [s],joint\n0,shoulder_pan\n'],
  ['report.txt', 'no parser reads this'],
];

export default async function filesFixture(h) {
  const { page } = await h.openPage('?view=laws', 'laws');
  await h.check('fixture: the page saves five files', async () => {
    for (const [name, text] of FILES) {
      await Promise.all([page.waitForEvent('download'), page.evaluate(([n, t]) => {
        const a = document.createElement('a');
        a.href = URL.createObjectURL(new Blob([t]));
        a.download = n;
        document.body.append(a);
        a.click();
        a.remove();
      }, [name, text])]);
    }
    return FILES.map(([n]) => n).join(', ');
  });
  await page.close();
}
