// e2e.d/urlrefusal.mjs: a value a view refuses from its URL (refusal.js) is
// said, and the URL then holds what the view uses, not the refused text.
//   scenarios  ?view=scenarios with model-a's M = 5000 kg (its range is
//              0.001 … 1000 kg, the core's registry): the banner names
//              model-a.M = 5000 and the range; the URL then holds
//              scenarios.model-a.M=1, the default the view runs with (the
//              registry's, `friction list`); in a frame (?embed=scenarios,
//              the host the same origin) the host gets fx:error with the
//              same sentence and the frame's URL holds M=1 too
//   laws       ?view=laws with laws.law=bogus: refused (no more a silent
//              stribeck) with the known names (coulomb-viscous, stribeck,
//              rational), the banner in English and in French (?lang=fr),
//              the URL then laws.law=stribeck (what the view draws); in a
//              frame the host gets fx:error, and a fx:set-state with law
//              'bogus' is answered with fx:error, the law kept
//   pendulum   ?view=pendulum with pendulum.goal=99 rad: refused, the URL
//              then holds pendulum.goal=1.2, the default goal the view holds;
//              the sentence names the goal by its field's label, then its
//              key (goal θd (goal) = 99; in French consigne θd (goal))
//   silent     values once replaced in silence (drive.preset=abc,
//              drive.velocities=abc, drive.K_c=abc, pendulum.compare=abc,
//              view=bogus, fit.model=m9, fit.budget=-1,
//              mujoco.robot_dt=constructor, a prototype's key): each refused
//              in the same sentence, naming the key, the value and what is
//              allowed, the URL then without the refused text
/** The page's banner text, or null when hidden. */
const banner = (p) => p.evaluate(() => { const b = document.getElementById('error-banner'); return b.hidden ? null : b.textContent; });

export default async function urlRefusal(h) {
  const { check, expect, waitFor, openPage, base } = h;
  if (!h.requireViews(['scenarios', 'pendulum', 'laws'], ['urlrefusal: a refused URL value is replaced in the URL by the one in use'])) return;
  const origin = new URL(base).origin;

  /** A frame of `query` (with ?embed and host = this origin) in a page of
   *  the explorer: { page, replies() (every message the frame posted),
   *  frame() (the frame's Frame), post(msg) (to the frame) }. */
  const framed = async (query) => {
    const { page } = await openPage('?view=pendulum', 'pendulum');
    await page.evaluate((src) => new Promise((res) => {
      window.fxReplies = [];
      window.addEventListener('message', (e) => window.fxReplies.push(e.data));
      const f = document.createElement('iframe');
      f.id = 'fx';
      f.style.width = '1000px';
      f.style.height = '700px';
      f.addEventListener('load', () => res(), { once: true });
      f.src = src;
      document.body.append(f);
    }), `${base}${query}&host=${encodeURIComponent(origin)}`);
    const frame = () => page.frames().find((f) => f.url().includes('embed='));
    return {
      page, frame,
      replies: () => page.evaluate(() => window.fxReplies.slice()),
      post: (msg) => page.evaluate((m) => document.getElementById('fx').contentWindow.postMessage(m, '*'), msg),
    };
  };

  await check('urlrefusal: Scenarios, model-a M = 5000 kg in the URL: refused with the sentence (and fx:error in a frame), the URL then holds M = 1, the value in use', async () => {
    const { page } = await openPage('?view=scenarios&scenarios.scenario=model-a&scenarios.model-a.M=5000', 'scenarios');
    try {
      const said = await waitFor(() => banner(page), 10_000);
      expect(said && said.includes('(model-a.M) = 5000') && /0\.001 … 1000/.test(said), `the banner: '${said}'`);
      const url = new URL(page.url());
      expect(url.searchParams.get('scenarios.model-a.M') === '1', `the URL after the refusal: ${url.search}`);
      const f = await framed('?embed=scenarios&scenarios.scenario=model-a&scenarios.model-a.M=5000');
      try {
        const err = await waitFor(async () => (await f.replies()).find((r) => r.type === 'fx:error'), 20_000, 100);
        expect(err && err.id === null && err.message === said, `the host's fx:error: ${JSON.stringify(await f.replies())} (the page said '${said}')`);
        await f.frame().waitForFunction(() => document.body.dataset.ready === 'true');
        const fu = new URL(f.frame().url());
        expect(fu.searchParams.get('scenarios.model-a.M') === '1', `the frame's URL after the refusal: ${fu.search}`);
        return `'${said}'; URL ${url.searchParams.get('scenarios.model-a.M')}; the host's fx:error the same, the frame's URL M=${fu.searchParams.get('scenarios.model-a.M')}`;
      } finally {
        await f.page.close();
      }
    } finally {
      await page.close();
    }
  });

  await check('urlrefusal: Pendulum, goal = 99 rad in the URL: refused, the URL then holds the goal in use (1.2 rad) before any change', async () => {
    const { page } = await openPage('?view=pendulum&pendulum.goal=99', 'pendulum');
    try {
      const said = await waitFor(() => banner(page), 10_000);
      // named by the label its field shows (the core's, en-params.js / fr.js: goal θ^d, consigne θ^d), then its URL key
      expect(said && /^Refused, outside what is allowed: goal θd \(goal\) = 99 \(allowed: /.test(said), `the banner: '${said}'`);
      const fr = await openPage('?view=pendulum&pendulum.goal=99&lang=fr', 'pendulum');
      const dit = await waitFor(() => banner(fr.page), 10_000);
      await fr.page.close();
      expect(dit && /^Refusé, hors de ce qui est permis\u00a0: consigne θd \(goal\) = 99 \(permis\u00a0: /.test(dit), `the French banner: '${dit}'`);
      const goal = new URL(page.url()).searchParams.get('pendulum.goal');
      expect(goal === '1.2', `the URL's goal after the refusal: ${goal} (${page.url()})`);
      return `'${said}'; French '${dit}'; URL goal ${goal}`;
    } finally {
      await page.close();
    }
  });

  await check('urlrefusal: Laws, law=bogus in the URL: refused naming the known laws (English, French; fx:error in a frame, and for fx:set-state), the URL then holds stribeck', async () => {
    const { page } = await openPage('?view=laws&laws.law=bogus', 'laws');
    try {
      const said = await waitFor(() => banner(page), 10_000);
      expect(said === 'Refused, outside what is allowed: law = bogus (allowed: one of coulomb-viscous, stribeck, rational); the view keeps what it had.',
        `the banner: '${said}'`);
      const url = new URL(page.url());
      expect(url.searchParams.get('laws.law') === 'stribeck', `the URL after the refusal: ${url.search}`);
      const fr = await openPage('?view=laws&laws.law=bogus&lang=fr', 'laws');
      const dit = await waitFor(() => banner(fr.page), 10_000);
      await fr.page.close();
      expect(dit === 'Refusé, hors de ce qui est permis\u00a0: law = bogus (permis\u00a0: l\'une des valeurs coulomb-viscous, stribeck, rational)\u00a0; la vue garde ce qu\'elle avait.',
        `the French banner: '${dit}'`);
      const f = await framed('?embed=laws&laws.law=bogus');
      try {
        const err = await waitFor(async () => (await f.replies()).find((r) => r.type === 'fx:error'), 20_000, 100);
        expect(err && err.id === null && err.message === said, `the host's fx:error: ${JSON.stringify(await f.replies())}`);
        await f.frame().waitForFunction(() => document.body.dataset.ready === 'true');
        await f.post({ type: 'fx:set-state', id: 7, state: { law: 'rational' } });
        const ok = await waitFor(async () => (await f.replies()).find((r) => r.id === 7), 20_000, 100);
        expect(ok && ok.type !== 'fx:error', `set-state law=rational: ${JSON.stringify(ok)}`);
        await f.post({ type: 'fx:set-state', id: 8, state: { law: 'bogus' } });
        const no = await waitFor(async () => (await f.replies()).find((r) => r.id === 8), 20_000, 100);
        expect(no && no.type === 'fx:error' && /law = bogus \(allowed: one of coulomb-viscous, stribeck, rational\)/.test(no.message),
          `set-state law=bogus: ${JSON.stringify(no)}`);
        const kept = new URL(f.frame().url()).searchParams.get('laws.law');
        expect(kept === 'rational', `the frame's law after the refused set-state: ${kept}`);
        return `'${said}'; URL law=${url.searchParams.get('laws.law')}; French '${dit}'; in a frame: fx:error, set-state bogus refused ('${no.message}'), law kept ${kept}`;
      } finally {
        await f.page.close();
      }
    } finally {
      await page.close();
    }
  });

  // values that used to be replaced in silence: each refused in the same
  // sentence (refusal.js), the URL then without the refused text
  await check('urlrefusal: drive.preset=abc, drive.velocities=abc, drive.K_c=abc, pendulum.compare=abc, view=bogus, fit.model=m9, fit.budget=-1, mujoco.robot_dt=constructor, mujoco.ident_model=m9: each refused in one sentence naming it, the URL then without it', async () => {
    const cases = [
      // [query, the view that opens, key (URL), value, the allowed part the sentence must hold]
      ['?view=drive&drive.preset=abc', 'drive', 'drive.preset', 'abc', /one of 0, 1, .*screw/],
      ['?view=drive&drive.velocities=abc', 'drive', 'drive.velocities', 'abc', /numbers separated by/],
      ['?view=drive&drive.K_c=abc', 'drive', 'drive.K_c', 'abc', /1e-6 … 10000|0 … 10000/],
      ['?view=pendulum&pendulum.compare=abc', 'pendulum', 'pendulum.compare', 'abc', /one of 0, 1\b/],
      ['?view=bogus', 'laws', 'view', 'bogus', /one of laws, drive, pendulum, arm, wellposed, scenarios, fit, mujoco/],
      ['?view=fit&fit.model=m9', 'fit', 'fit.model', 'm9', /one of m1, m2, m3, m4, m5, m6, native/],
      ['?view=fit&fit.budget=-1', 'fit', 'fit.budget', '-1', /1 … 1(\.000)?e\+6/],
      ['?view=mujoco&mujoco.robot_dt=constructor', 'mujoco', 'mujoco.robot_dt', 'constructor', /one of 1ms, file/],
      ['?view=mujoco&mujoco.ident_model=m9', 'mujoco', 'mujoco.ident_model', 'm9', /one of native, m1, m4/],
    ];
    const out = [];
    for (const [query, view, urlKey, value, allowed] of cases) {
      const { page } = await openPage(query, view);
      try {
        const key = urlKey.replace(/^[a-z]+\./, '');
        const said = await waitFor(() => banner(page), 10_000);
        expect(said && said.startsWith('Refused') && said.includes(`${key} = ${value} (allowed: `) && allowed.test(said), `${query}: the banner '${said}'`);
        const now = new URL(page.url()).searchParams.get(urlKey);
        expect(now !== value, `${query}: the URL still holds ${urlKey}=${now}`);
        out.push(`${query} → '${said}', URL ${urlKey}=${now}`);
      } finally {
        await page.close();
      }
    }
    return out.join('; ');
  });
}
