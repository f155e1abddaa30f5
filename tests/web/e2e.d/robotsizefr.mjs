// e2e.d/robotsizefr.mjs: the In MuJoCo view's "Your robot" on the French
// page (?lang=fr) says the core's size sentences in French
// (io_size.c's sentences had lost their ids, so an oversized robot was refused
// in English on the French page). Checks, each against a French sentence
// written here by hand (numbers hand-computed, the decimal comma of the
// French page):
//   asset      a folder whose MJCF names a 100 MiB mesh (sparse: nothing on
//              disk): 100 MiB = 104857600 bytes, over an asset's 32 MiB =
//              33554432 bytes
//   together   an MJCF naming three 30 MiB meshes (each under 32 MiB): the
//              files together 90 MiB and more, over a robot's 64 MiB =
//              67108864 bytes
//   no English neither sentence holds the English one's words
import fs from 'node:fs';
import path from 'node:path';

const MiB = 1048576;
const NB = '\u00a0';
const sparse = (f, bytes) => { fs.closeSync(fs.openSync(f, 'w')); fs.truncateSync(f, bytes); };

export default async function robotSizeFrench(h) {
  const { check, expect, openPage, waitFor, OUT } = h;
  if (!h.requireViews(['mujoco'], ['robotsizefr: Your robot\'s size sentences in French'])) return;
  const root = path.join(OUT, 'robotsizefr');
  fs.rmSync(root, { recursive: true, force: true });
  const big = path.join(root, 'big'), three = path.join(root, 'three');
  fs.mkdirSync(big, { recursive: true });
  fs.mkdirSync(three, { recursive: true });
  const body = (meshes) => `<worldbody><body name="b"><joint name="hinge" axis="0 1 0"/>${meshes.map((m) => `<geom type="mesh" mesh="${m}"/>`).join('')}</body></worldbody>`;
  fs.writeFileSync(path.join(big, 'robot.xml'), `<mujoco><asset><mesh name="m" file="big.stl"/></asset>${body(['m'])}</mujoco>`);
  sparse(path.join(big, 'big.stl'), 100 * MiB);
  const xml = `<mujoco><asset>${['a', 'b', 'c'].map((m) => `<mesh name="${m}" file="${m}.stl"/>`).join('')}</asset>${body(['a', 'b', 'c'])}</mujoco>`;
  fs.writeFileSync(path.join(three, 'robot.xml'), xml);
  for (const m of ['a', 'b', 'c']) sparse(path.join(three, `${m}.stl`), 30 * MiB);

  const { page } = await openPage('?view=mujoco&lang=fr', 'mujoco');
  await waitFor(() => page.evaluate(() => window.__fx?.mujoco?.version || null), 60_000, 200);
  await page.locator('#mujoco-robot > summary').click();
  const error = () => page.evaluate(() => { const e = document.getElementById('mujoco-robot-error'); return e.hidden ? '' : e.textContent; });
  const english = /the file is|read up to|together|leave out|simplify|^asset /;

  await check('robotsizefr: a 100 MiB mesh is refused in French (the file, its size, the 32 MiB limit)', async () => {
    await page.setInputFiles('#mujoco-robot-folder', big);
    const msg = await waitFor(async () => (await error()) || null, 60_000, 50);
    const want = `le fichier fait 100,0 Mio (104857600 octets)${NB}; un maillage, une texture ou une autre ressource est lu jusqu'à 32 Mio (33554432 octets)${NB}: le plus gros maillage du SO-101 fait 2,7 Mo${NB}; simplifiez le maillage.`;
    expect(msg && msg.startsWith('ressource big.stl') && msg.endsWith(want), `the sentence: '${msg}' (want '…${want}')`);
    expect(!english.test(msg || ''), `English in: '${msg}'`);
    return msg;
  });

  await check('robotsizefr: three 30 MiB meshes together are refused in French (over a robot\'s 64 MiB)', async () => {
    await page.setInputFiles('#mujoco-robot-folder', three);
    const msg = await waitFor(async () => { const m = await error(); return m && m.includes('ensemble') ? m : null; }, 60_000, 50);
    // the three meshes (94371840 bytes), with the MJCF's bytes when it was sized first
    const sizes = [94371840, 94371840 + Buffer.byteLength(xml)];
    const want = (n) => `les fichiers que nomme le MJCF (ses inclusions et leurs ressources) font ensemble 90,0 Mio (${n} octets)${NB}; les fichiers d'un robot sont lus jusqu'à 64 Mio (67108864 octets)${NB}: ceux du SO-101 font 15,4 Mo${NB}; laissez de côté ce dont le MJCF n'a pas besoin.`;
    expect(msg && /^robot \S+\u00a0: /.test(msg) && sizes.some((n) => msg.endsWith(want(n))), `the sentence: '${msg}' (want '…${want(sizes[0])}')`);
    expect(!english.test(msg || ''), `English in: '${msg}'`);
    return msg;
  });
}
