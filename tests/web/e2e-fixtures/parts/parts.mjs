// parts.mjs: an e2e.d-style module cut into parts, for
// tests/web/e2e_harness.test.mjs (e2e.mjs: each part a task of its own,
// which the harness hands to any worker and calls with the part's name).
export const parts = ['one', 'two'];

export default async function partsFixture(h, part) {
  await h.check(`fixture: part ${part} run as a task of its own`, async () => {
    h.expect(parts.includes(part), `the module was called with the part ${part}, not one of its parts`);
    return `worker ${process.env.E2E_WORKER ?? 'main'}`;
  });
}
