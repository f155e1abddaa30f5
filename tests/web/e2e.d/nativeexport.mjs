// e2e.d/nativeexport.mjs: the native class written back in the In MuJoCo view's "Your
// robot" section (web/src/views/mujoco/robotExports.js, "Download MJCF with
// native class…"). The SO-101 of ../shared/data/so101 dropped as a folder and
// adopted with the page's default mapping; a native params file (numbers
// written here) chosen in the section's file picker. Checks:
//   written   a download <main>-native.xml, the note naming the class and
//             the adopted joints;
//   MuJoCo    the downloaded file, put beside the drop's meshes, loads in
//             MuJoCo 3.14 (npm @mujoco/mujoco, in Node): every adopted
//             joint's compiled dof_frictionloss, dof_damping and
//             dof_armature are the file's numbers, its actuator's gainprm
//             the file's kp, and MuJoCo's spec of the text names the class
//             on each adopted joint;
//   refused   a params file of model m4: one sentence in the section's
//             error line, nothing downloaded;
//   in hand   the same native file chosen for the log replay's (A) (the
//             native params in hand, as the Fit view's "In MuJoCo: (A) and
//             Your robot" brings them): the button downloads the same text
//             without asking for a file; no gear sentence (the SO-101's
//             actuators have gear 1).
import fs from 'node:fs';
import path from 'node:path';
import loadMujoco from '@mujoco/mujoco';

export const WATCHDOG_MS = 300_000;
const NATIVE = { actuator: 'sts3215', model: 'native', frictionloss: 0.061, damping: 0.045, armature: 0.0093, kp: 14.5,
  firmware_kp: 32, kv: 0.33, forcerange_lo: -2.5, forcerange_hi: 2.5 };

export default async function nativeExport(h) {
  const { check, expect, openPage, waitFor, OUT, ROOT } = h;
  if (!h.requireViews(['mujoco'], ['nativeexport: Your robot written back with the native class'])) return;
  const src = path.join(ROOT, '..', 'shared', 'data', 'so101');
  if (!fs.existsSync(path.join(src, 'scene.xml'))) {
    await check('nativeexport: the SO-101 written back with the native class', async () => ({ skip: `${h.MISSING_DATA}: ${src}` }));
    return;
  }
  const dir = path.join(OUT, 'nativeexport'), drop = path.join(dir, 'so101');
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(path.join(drop, 'assets'), { recursive: true });
  for (const f of ['scene.xml', 'so101_new_calib.xml']) fs.copyFileSync(path.join(src, f), path.join(drop, f));
  for (const f of fs.readdirSync(path.join(src, 'assets')).filter((x) => x.endsWith('.stl'))) fs.copyFileSync(path.join(src, 'assets', f), path.join(drop, 'assets', f));
  const nativeFile = path.join(dir, 'sts3215-native.json'), m4File = path.join(dir, 'sts3215-m4.json');
  fs.writeFileSync(nativeFile, JSON.stringify(NATIVE));
  fs.writeFileSync(m4File, JSON.stringify({ actuator: 'sts3215', model: 'm4', friction_base: 0.1 }));

  const { page } = await openPage('?view=mujoco&mujoco.actuator=sts3215', 'mujoco');
  const error = () => page.evaluate(() => { const e = document.getElementById('mujoco-robot-error'); return e.hidden ? '' : e.textContent; });
  let adopted = null, written = null;
  await check('nativeexport: the SO-101 adopted, a native params file chosen: <main>-native.xml downloaded, loads in MuJoCo 3.14 with the class on every adopted joint', async () => {
    await waitFor(() => page.evaluate(() => window.__fx?.mujoco?.version || null), 60_000, 200);
    await page.locator('#mujoco-robot > summary').click();
    await page.setInputFiles('#mujoco-robot-folder', drop);
    const up = await waitFor(async () => {
      const r = await page.evaluate(() => { const x = window.__fx?.mujoco?.robot; return x?.pair && !x.busy ? x.pair.rows.map((row) => row.name) : null; });
      return r ?? ((await error()) ? 'error' : null);
    }, 180_000, 250);
    expect(Array.isArray(up) && up.length > 0, `the SO-101 did not load: ${await error()}`);
    adopted = up;
    const [dl] = await Promise.all([page.waitForEvent('download', { timeout: 20_000 }), page.setInputFiles('#mujoco-robot-native-file', nativeFile)]);
    expect(dl.suggestedFilename() === 'scene-native.xml', `downloaded '${dl.suggestedFilename()}'`);
    const text = fs.readFileSync(await dl.path(), 'utf8');
    written = text;
    fs.writeFileSync(path.join(drop, 'scene-native.xml'), text);
    const note = await page.locator('#mujoco-robot-native-note').textContent();
    expect(note.includes('sts3215_native') && adopted.every((j) => note.includes(j)), `the note: '${note}'`);
    // MuJoCo 3.14 in Node reads the file beside the meshes
    const mj = await loadMujoco();
    mj.FS.mkdir('/so101');
    mj.FS.mkdir('/so101/assets');
    for (const f of fs.readdirSync(path.join(drop, 'assets'))) mj.FS.writeFile(`/so101/assets/${f}`, fs.readFileSync(path.join(drop, 'assets', f)));
    mj.FS.writeFile('/so101/scene-native.xml', text);
    const m = mj.MjModel.mj_loadXML('/so101/scene-native.xml');
    const spec = mj.parseXMLString(text);
    try {
      for (const j of adopted) {
        const dof = m.jnt_dofadr[mj.mj_name2id(m, mj.mjtObj.mjOBJ_JOINT.value, j)];
        const got = [m.dof_frictionloss[dof], m.dof_damping[dof], m.dof_armature[dof]];
        expect(got.join() === [NATIVE.frictionloss, NATIVE.damping, NATIVE.armature].join(), `${j}: frictionloss, damping, armature ${got.join(', ')}`);
        const a = mj.mj_name2id(m, mj.mjtObj.mjOBJ_ACTUATOR.value, j);
        expect(a < 0 || m.actuator_gainprm[10 * a] === NATIVE.kp, `${j}: actuator gainprm ${m.actuator_gainprm[10 * a]}, kp ${NATIVE.kp}`);
        const cls = mj.mjs_getName(mj.mjs_getDefault(mj.mjs_findElement(spec, mj.mjtObj.mjOBJ_JOINT, j)).element);
        expect(cls === 'sts3215_native', `${j}: class '${cls}' in MuJoCo's spec`);
      }
    } finally {
      spec.delete();
      m.delete();
    }
    return `${adopted.length} adopted joints (${adopted.join(', ')}) carry sts3215_native in MuJoCo 3.14; '${note}'`;
  });

  await check('nativeexport: a params file of model m4 is refused in one sentence, nothing downloaded', async () => {
    if (!adopted) throw new Error('no robot adopted (see above)');
    let downloaded = false;
    const onDl = () => { downloaded = true; };
    page.on('download', onDl);
    await page.setInputFiles('#mujoco-robot-native-file', m4File);
    const msg = await waitFor(async () => (await error()) || null, 10_000, 100);
    page.off('download', onDl);
    expect(/sts3215-m4\.json is not a native params file/.test(msg) && !msg.includes('\n'), `the sentence: '${msg}'`);
    expect(!downloaded, 'a file was downloaded');
    return msg;
  });

  await check('nativeexport: with native params in hand, the button writes them without asking for a file; no gear sentence', async () => {
    if (!written) throw new Error('no first write-back (see above)');
    await page.setInputFiles('#mujoco-native-file', nativeFile);
    await waitFor(() => page.evaluate(() => (document.getElementById('mujoco-native-note').dataset.native === '1' ? true : null)), 10_000, 100);
    let chooser = false;
    const onChooser = () => { chooser = true; };
    page.on('filechooser', onChooser);
    await page.evaluate(() => 0);   // the interception reaches the page first (see a11y.mjs)
    const [dl] = await Promise.all([page.waitForEvent('download', { timeout: 20_000 }), page.click('#mujoco-robot-native')]);
    page.off('filechooser', onChooser);
    expect(!chooser, 'a file was asked for');
    const text = fs.readFileSync(await dl.path(), 'utf8');
    expect(text === written, 'the text written from the params in hand differs from the chosen file\'s');
    const geared = await page.locator('#mujoco-robot-native-note').evaluate((n) => n.dataset.geared);
    expect(geared === '', `actuators named geared: '${geared}'`);
    return `${dl.suggestedFilename()} written from the params in hand (= the chosen file's text)`;
  });
}
