// e2e.d/robotunnamed.mjs: the In MuJoCo view's "Your robot" with a joint
// the MJCF leaves unnamed, in English and on the French page (?lang=fr):
//   label    the servo table names it by its index, "joint 1 (no name)" /
//            "articulation 1 (sans nom)", offers it no servo, and the section
//            nowhere says "emsc" (MuJoCo 3.14's mj_id2name for an unnamed
//            object, which the page showed as the joint's name)
//   door     a mapping without '=' is refused by the core at its "adopt: "
//            door; the page says "Mapping: " (Affectation) and the core's
//            sentence after the door, once, in the page's language
// Each sentence written here by hand (the French one from the French table's
// wording).
import fs from 'node:fs';
import path from 'node:path';

const NB = '\u00a0';
const ARM = `<mujoco model="arm"><option timestep="0.001"/>
  <worldbody><body name="upper"><joint name="shoulder" type="hinge" axis="0 1 0" range="-90 90"/><geom type="capsule" size="0.02" fromto="0 0 0 0.2 0 0" mass="0.5"/>
    <body pos="0.2 0 0"><joint type="hinge" axis="0 1 0" range="-90 90"/><geom type="capsule" size="0.02" fromto="0 0 0 0.2 0 0" mass="0.3"/></body></body></worldbody>
  <actuator><position name="a_shoulder" joint="shoulder" kp="10"/></actuator>
</mujoco>`;
const SAY = {
  en: { label: 'joint 1 (no name)', refusal: "Mapping: mapping entry 1 ('shoulder') has no '='; write TARGET=SERVO, TARGET a joint's name, class:NAME or *." },
  fr: { label: 'articulation 1 (sans nom)',
    refusal: `Affectation${NB}: l'entrée d'association 1 ('shoulder') n'a pas de '='${NB}; écrivez CIBLE=SERVO, CIBLE étant le nom d'une articulation, class:NOM ou *.` },
};

export default async function robotUnnamed(h) {
  const { check, expect, openPage, waitFor, OUT } = h;
  if (!h.requireViews(['mujoco'], ['robotunnamed: an unnamed joint and the core\'s door in Your robot'])) return;
  const dir = path.join(OUT, 'robotunnamed');
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'arm.xml'), ARM);

  for (const lang of ['en', 'fr']) {
    const { page } = await openPage(`?view=mujoco${lang === 'fr' ? '&lang=fr' : ''}`, 'mujoco');
    await waitFor(() => page.evaluate(() => window.__fx?.mujoco?.version || null), 60_000, 200);
    await page.locator('#mujoco-robot > summary').click();
    const error = () => page.evaluate(() => { const e = document.getElementById('mujoco-robot-error'); return e.hidden ? '' : e.textContent; });

    await check(`robotunnamed (${lang}): the unnamed joint is named by its index, offered no servo; no "emsc"`, async () => {
      await page.setInputFiles('#mujoco-robot-folder', dir);
      const rows = await waitFor(() => page.evaluate(() => {
        const box = document.getElementById('mujoco-robot-mapping');
        if (!box || box.hidden) return null;
        const r = [...box.querySelectorAll('tbody tr, tr')].filter((tr) => tr.querySelector('th[scope="row"]'));
        return r.length ? r.map((tr) => ({ head: tr.querySelector('th').textContent, select: !!tr.querySelector('select') })) : null;
      }), 60_000, 200);
      const unnamed = rows?.find((r) => r.head === SAY[lang].label);
      expect(unnamed && !unnamed.select, `rows ${JSON.stringify(rows)} (want '${SAY[lang].label}' without a select); ${await error()}`);
      expect(rows?.some((r) => r.head === 'shoulder' && r.select), `the named joint keeps its select: ${JSON.stringify(rows)}`);
      const text = await page.locator('#mujoco-robot').textContent();
      expect(!/emsc/.test(text), 'the section says "emsc"');
      return JSON.stringify(rows);
    });

    await check(`robotunnamed (${lang}): a mapping without '=' said once after the core's door, in the page's language`, async () => {
      // the named joint given a servo of the core (its first M1 preset) and adopted: the mapping's text field shows
      const servo = await page.evaluate(() => {
        const tr = [...document.querySelectorAll('#mujoco-robot-mapping tr')].find((x) => x.querySelector('th')?.textContent === 'shoulder');
        const s = tr?.querySelector('select'), o = s && [...s.options].find((x) => /\/m1$/.test(x.value));
        if (!o) return null;
        s.value = o.value;
        s.dispatchEvent(new Event('change'));
        return o.value;
      });
      expect(servo, 'no M1 preset offered for shoulder');
      await page.locator('#mujoco-robot-adopt').click();
      const field = page.locator('#mujoco-robot-maptext');
      await field.waitFor({ state: 'visible', timeout: 60_000 });
      await waitFor(() => page.evaluate(() => { const x = window.__fx?.mujoco?.robot; return x && !x.busy && x.mapping ? x.mapping : null; }), 60_000, 200);
      const prev = await error();
      await field.fill('shoulder');
      await field.press('Enter');
      const msg = await waitFor(async () => { const x = await error(); return x && x !== prev ? x : null; }, 30_000, 100);
      expect(msg === SAY[lang].refusal, `said '${msg}', want '${SAY[lang].refusal}'`);
      return msg;
    });
    await page.close();
  }
}
