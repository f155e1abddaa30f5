// e2e.d/robotfiles.mjs: the In MuJoCo view's "Your robot" reads only the
// files an MJCF names, each sized before it is read (robotFiles.js
// readRobot). Checks:
//   huge mesh   a folder whose MJCF names a 100 MB mesh (a sparse file:
//               nothing on disk), given to the folder input: one sentence
//               naming the file and the limit, and not one byte of the mesh
//               read (the page's reads of File/Blob counted: the refusal is
//               by its size, which no time bound can tell on a loaded
//               machine); the page answers throughout (a 50 ms timer in the
//               page never late by 1 s times the page's slowdown
//               (tests/web/pace.mjs) or more, nor by more than 4 times its
//               lateness in the same page just before, a baseline of the
//               same run)
//   beside      a small robot (an MJCF and a tetrahedron written here as
//               binary STL) in a folder with 95 MB of other files (sparse):
//               it loads (the two files it names read, and no byte of the
//               others; the progress bar shown while they are read), and
//               the page answers throughout (as above)
import fs from 'node:fs';
import path from 'node:path';
import { pacer, within } from '../pace.mjs';

const MB = 1048576;

/** A binary STL tetrahedron of side s [m], faces wound outward. */
function tetra(s = 0.05) {
  const [A, B, C, D] = [[0, 0, 0], [s, 0, 0], [0, s, 0], [0, 0, s]];
  const tris = [[A, C, B], [A, B, D], [A, D, C], [B, C, D]];
  const b = Buffer.alloc(84 + 50 * tris.length);
  b.writeUInt32LE(tris.length, 80);
  tris.forEach((tri, k) => tri.flat().forEach((x, i) => b.writeFloatLE(x, 84 + 50 * k + 12 + 4 * i)));
  return b;
}

const sparse = (f, bytes) => { fs.closeSync(fs.openSync(f, 'w')); fs.truncateSync(f, bytes); };

export default async function robotFiles(h) {
  const { check, expect, openPage, waitFor, logProblems, OUT } = h;
  if (!h.requireViews(['mujoco'], ['robotfiles: Your robot reads only the files its MJCF names'])) return;
  const root = path.join(OUT, 'robotfiles');
  fs.rmSync(root, { recursive: true, force: true });
  const huge = path.join(root, 'huge'), beside = path.join(root, 'beside');
  fs.mkdirSync(huge, { recursive: true });
  fs.mkdirSync(path.join(beside, 'other'), { recursive: true });
  const body = '<worldbody><body name="b"><joint name="hinge" axis="0 1 0"/><geom type="mesh" mesh="m"/></body></worldbody>';
  fs.writeFileSync(path.join(huge, 'robot.xml'), `<mujoco><asset><mesh name="m" file="big.stl"/></asset>${body}</mujoco>`);
  sparse(path.join(huge, 'big.stl'), 100 * MB);
  fs.writeFileSync(path.join(beside, 'robot.xml'), `<mujoco><asset><mesh name="m" file="tetra.stl"/></asset>${body}</mujoco>`);
  fs.writeFileSync(path.join(beside, 'tetra.stl'), tetra());
  sparse(path.join(beside, 'video.mp4'), 60 * MB);
  sparse(path.join(beside, 'other', 'data.bin'), 35 * MB);

  const { page, log } = await openPage('?view=mujoco', 'mujoco');
  await waitFor(() => page.evaluate(() => window.__fx?.mujoco?.version || null), 60_000, 200);
  await page.locator('#mujoco-robot > summary').click();
  const error = () => page.evaluate(() => { const e = document.getElementById('mujoco-robot-error'); return e.hidden ? '' : e.textContent; });
  // the page's lateness: a 50 ms timer's largest delay [ms] since start(),
  // whether the progress bar showed, and the bytes read from each file (every
  // read of a File or Blob the page makes: arrayBuffer, text, stream, bytes,
  // FileReader; a slice counted by its file's name)
  const start = () => page.evaluate(() => {
    const w = { late: 0, last: performance.now(), progress: false, reads: {} };
    if (!window.__robotFilesReads) {
      const count = (b, n) => { const k = b.name ?? b.__fromFile ?? '(blob)'; const r = window.__robotFilesWatch?.reads; if (r) r[k] = (r[k] || 0) + n; };
      for (const m of ['arrayBuffer', 'text', 'stream', 'bytes']) {
        const f = Blob.prototype[m];
        if (f) Blob.prototype[m] = function (...a) { count(this, this.size); return f.apply(this, a); };
      }
      const slice = Blob.prototype.slice;
      Blob.prototype.slice = function (...a) { const x = slice.apply(this, a); x.__fromFile = this.name ?? this.__fromFile; return x; };
      for (const m of ['readAsArrayBuffer', 'readAsText', 'readAsDataURL', 'readAsBinaryString']) {
        const f = FileReader.prototype[m];
        FileReader.prototype[m] = function (b, ...a) { count(b, b.size); return f.call(this, b, ...a); };
      }
      window.__robotFilesReads = true;
    }
    w.timer = setInterval(() => { const now = performance.now(); w.late = Math.max(w.late, now - w.last - 50); w.last = now; }, 50);
    const bar = document.getElementById('mujoco-robot-progress');
    w.obs = new MutationObserver(() => { if (!bar.hidden) w.progress = true; });
    w.obs.observe(bar, { attributes: true });
    window.__robotFilesWatch = w;
  });
  const stop = () => page.evaluate(() => {
    const w = window.__robotFilesWatch;
    clearInterval(w.timer);
    w.obs.disconnect();
    window.__robotFilesWatch = null;
    return { late: w.late, progress: w.progress, reads: w.reads };
  });
  // the same timer in the same page for 1 s with nothing dropped: how late
  // the machine's load alone makes it [ms] (the baseline of the bound below);
  // the bound: 1 s stretched by the page's slowdown sampled from the
  // baseline to the end of the check (pace), or 4 times the baseline
  const pc = pacer(page);
  const baseline = async () => { await pc.start(); await start(); await page.waitForTimeout(1000); return (await stop()).late; };
  const lateBound = (base, pace) => Math.max(within(1000, pace), 4 * base);

  await check('robotfiles: an MJCF naming a 100 MB mesh is refused by its size (no byte of it read), the page answering throughout', async () => {
    const base = await baseline();
    await start();
    const t0 = Date.now();
    await page.setInputFiles('#mujoco-robot-folder', huge);
    const msg = await waitFor(async () => (await error()) || null, 60_000, 50);
    const took = (Date.now() - t0) / 1e3;
    const w = await stop(), pace = await pc.stop(), bound = lateBound(base, pace);
    expect(msg && /^asset big\.stl \(<mesh file="big\.stl">\): the file is 100\.0 MiB \(104857600 bytes\); a mesh, texture or other asset is read up to 32 MiB/.test(msg), `the sentence: '${msg}'`);
    expect(!w.reads['big.stl'], `${w.reads['big.stl']} bytes of big.stl were read before the sentence (reads: ${JSON.stringify(w.reads)})`);
    expect(w.reads['robot.xml'] > 0, `the page's reads were not seen (robot.xml not read through a File or Blob: ${JSON.stringify(w.reads)}): the check counts nothing`);
    expect(w.late < bound, `a 50 ms timer in the page was ${w.late.toFixed(0)} ms late, bound ${bound.toFixed(0)} ms (${base.toFixed(0)} ms just before, with nothing dropped; ${pace.text})`);
    return `'${msg}' after ${took.toFixed(2)} s, reads ${JSON.stringify(w.reads)}; the page's 50 ms timer at most ${w.late.toFixed(0)} ms late (baseline ${base.toFixed(0)} ms, bound ${bound.toFixed(0)} ms; ${pace.text})`;
  });

  await check('robotfiles: a small robot beside 95 MB of other files loads (its two files read, no byte of the others, the progress bar shown), the page answering throughout', async () => {
    const base = await baseline();
    await start();
    const t0 = Date.now();
    await page.setInputFiles('#mujoco-robot-folder', beside);
    const r = await waitFor(async () => {
      const x = await page.evaluate(() => { const s = window.__fx?.mujoco?.robot; return s && s.main === 'robot.xml' && !s.busy ? { joints: s.info.joints.map((j) => j.name), size: document.getElementById('mujoco-robot-size').textContent } : null; });
      return x ?? ((await error()) ? 'error' : null);
    }, 60_000, 100);
    const took = (Date.now() - t0) / 1e3;
    const w = await stop(), pace = await pc.stop(), bound = lateBound(base, pace);
    expect(r && r !== 'error', `the robot did not load: ${await error()}`);
    expect(w.progress, 'the progress bar was never shown');
    expect(w.late < bound, `a 50 ms timer in the page was ${w.late.toFixed(0)} ms late, bound ${bound.toFixed(0)} ms (${base.toFixed(0)} ms just before, with nothing dropped; ${pace.text})`);
    const read = Object.keys(w.reads).sort();
    expect(read.join() === 'robot.xml,tetra.stl', `the files read: ${JSON.stringify(w.reads)} (robot.xml and tetra.stl only)`);
    expect(/^2 files, 1 kB$/.test(r.size), `the size shown: '${r.size}' (the files the MJCF names: robot.xml and tetra.stl)`);
    expect(logProblems(log).length === 0, logProblems(log).join(' / '));
    expect(r.joints.join() === 'hinge', `its joints: ${r.joints.join(', ')}`);
    return `loaded in ${took.toFixed(1)} s (${r.size}; joints ${r.joints.join(', ')}; reads ${JSON.stringify(w.reads)}); the page's 50 ms timer at most ${w.late.toFixed(0)} ms late (MuJoCo's compile included; baseline ${base.toFixed(0)} ms, bound ${bound.toFixed(0)} ms; ${pace.text})`;
  });
}
