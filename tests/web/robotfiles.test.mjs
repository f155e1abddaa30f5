// robotfiles.test.mjs: a robot's files read as MuJoCo reads them
// (web/src/mujoco/robotFiles.js, the page's and the headless runner's one
// reading): only the files the MJCF names are read (its
// <include>s, recursively, and the assets they name, through <compiler
// meshdir/texturedir/assetdir>), each sized before it is read; a file
// named but missing or outside the folder refused in one sentence naming
// the element. The references are hand-written: the MJCFs below, the files
// each names (listed by hand), the line of each element (counted by hand),
// and the meshes themselves (a tetrahedron of 4 vertices and a square
// pyramid of 5, written as binary STL here) so the mesh MuJoCo compiled
// tells which file it read.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import loadMujoco from '@mujoco/mujoco';
import { loadCore, ROOT } from './load.mjs';
import { readRobot, readRobotSync, fileDrop, compiled } from '../../web/src/mujoco/robotFiles.js';
import { loadRobotFiles } from '../../web/src/mujoco/robot.js';
import { folderDrop, readFolder } from '../../tools/robot.mjs';
import { checkServoFile } from '../../web/src/servoFile.js';

const MB = 1048576;
const SHARED = path.resolve(ROOT, '../shared/data');

/** A binary STL of triangles (each three [x, y, z] vertices) [m]. */
function stl(tris) {
  const b = Buffer.alloc(84 + 50 * tris.length);
  b.writeUInt32LE(tris.length, 80);
  tris.forEach((tri, k) => tri.flat().forEach((x, i) => b.writeFloatLE(x, 84 + 50 * k + 12 + 4 * i)));
  return b;
}
const s = 0.05;   // [m] the meshes' size
// a tetrahedron (4 vertices), faces wound outward
const [A, B, C, D] = [[0, 0, 0], [s, 0, 0], [0, s, 0], [0, 0, s]];
const TETRA = stl([[A, C, B], [A, B, D], [A, D, C], [B, C, D]]);
// a square pyramid (5 vertices), faces wound outward
const P = [[0, 0, 0], [s, 0, 0], [s, s, 0], [0, s, 0]], E = [s / 2, s / 2, s];
const PYRAMID = stl([[P[0], P[2], P[1]], [P[0], P[3], P[2]], ...P.map((p, i) => [p, P[(i + 1) % 4], E])]);

const body = (mesh) => `<worldbody><body name="b"><joint name="j" axis="0 1 0"/><geom type="mesh" mesh="${mesh}"/></body></worldbody>`;

let tmp;
/** A folder of files (relative path → text or bytes, or a number: a sparse file of that many bytes). */
function folder(name, files) {
  const dir = path.join(tmp, name);
  for (const [p, x] of Object.entries(files)) {
    const f = path.join(dir, p);
    fs.mkdirSync(path.dirname(f), { recursive: true });
    if (typeof x === 'number') { fs.closeSync(fs.openSync(f, 'w')); fs.truncateSync(f, x); } else fs.writeFileSync(f, x);
  }
  return dir;
}
/** folderDrop(dir) recording the files it reads. */
function spied(dir) {
  const drop = folderDrop(dir), reads = [];
  return { drop: { ...drop, read: (p) => { reads.push(p); return drop.read(p); } }, reads };
}
/** fn throws one sentence (one line) matching re. */
const throwsLike = (fn, re) => assert.throws(fn, (e) => { assert.match(e.message, re); assert.ok(!/\n/.test(e.message.trim()), 'one line'); return true; });
// (120 s: a bound on a runner that would hang, not a time checked)
const runner = (...args) => spawnSync(process.execPath, [path.join(ROOT, 'tools/robot.mjs'), ...args], { encoding: 'utf8', cwd: ROOT, timeout: 120_000 });

let mj, core;
before(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'robotfiles-'));
  [mj, core] = await Promise.all([loadMujoco(), loadCore()]);
});
after(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('only the files the MJCF names are read (page and headless: robotFiles.js)', () => {
  // the times are reported (the test's diagnostics), not failed on: what
  // makes it fast, no byte of the other files read, is counted (before:
  // asserted under 1 s to read, 15 s to run)
  it('a small robot beside 95 MB of other files: the two it names are read (times reported), and it runs headless', (t) => {
    const dir = folder('beside', {
      'robot.xml': `<mujoco><asset><mesh name="m" file="tetra.stl"/></asset>${body('m')}</mujoco>`,
      'tetra.stl': TETRA, 'pyramid.stl': PYRAMID,
      'video.mp4': 60 * MB, 'logs/big.bin': 35 * MB, 'other.xml': '<mujoco/>',
    });
    const { drop, reads } = spied(dir);
    const t0 = performance.now();
    const got = readRobotSync(drop, 'robot.xml', { core });
    const ms = performance.now() - t0;
    assert.deepEqual(reads.sort(), ['robot.xml', 'tetra.stl']);
    assert.deepEqual([...got.files.keys()].sort(), ['robot.xml', 'tetra.stl']);
    assert.equal(got.bytes, Buffer.byteLength(fs.readFileSync(path.join(dir, 'robot.xml'))) + TETRA.length);
    t.diagnostic(`read in ${ms.toFixed(0)} ms`);
    const t1 = performance.now();
    const run = runner(path.join(dir, 'robot.xml'), '--servos', 'j=sts3215/m1', '--seconds', '0.1');
    const s1 = (performance.now() - t1) / 1e3;
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stderr, /loading robot\.xml \(2 files\)/);
    t.diagnostic(`the runner took ${s1.toFixed(1)} s`);
  });

  it('a 100 MB mesh is refused by its size before a byte of it is read (Node and the page\'s File objects), in the core\'s sentence, the limit stated', async (t) => {
    const xml = `<mujoco>\n<asset>\n<mesh name="m" file="huge.stl"/>\n</asset>${body('m')}</mujoco>`;
    const dir = folder('huge', { 'robot.xml': xml, 'huge.stl': 100 * MB });
    const { drop, reads } = spied(dir);
    // the sentence, written by hand (the core's one size check, fric_io_check_size,
    // kind asset: 32 MiB), and the core's own for the same file: one sentence
    const said = 'asset huge.stl (<mesh file="huge.stl">): the file is 100.0 MiB (104857600 bytes); a mesh, texture '
      + 'or other asset is read up to 32 MiB (33554432 bytes): the SO-101\'s largest mesh is 2.7 MB; simplify the mesh.';
    let coreSaid = null;
    try { core.io.checkSize('asset', 100 * MB, 'huge.stl (<mesh file="huge.stl">)'); } catch (e) { coreSaid = e.message; }
    assert.equal(coreSaid, said, 'the core\'s sentence');
    const exact = (e) => { assert.equal(e.message, said); return true; };
    assert.throws(() => readRobotSync(drop, 'robot.xml', { core }), exact);
    assert.deepEqual(reads, ['robot.xml'], 'only the MJCF was read');
    // the page: File objects sized by File.size; arrayBuffer() of the mesh never called
    const opened = [];
    const file = (name, size, bytes = null) => ({ name, size, arrayBuffer: async () => { opened.push(name); return bytes.buffer; } });
    const list = [file('robot.xml', xml.length, new TextEncoder().encode(xml)), file('huge.stl', 100 * MB)];
    const t0 = performance.now();
    await assert.rejects(readRobot(fileDrop(list, ['robot.xml', 'huge.stl']), null, { core }), exact);
    assert.deepEqual(opened, ['robot.xml']);
    // the times reported, not failed on (before: under 1 s and 10 s): the
    // refusal by size is shown by the reads, the mesh never opened
    t.diagnostic(`the page's reading refused in ${(performance.now() - t0).toFixed(0)} ms`);
    // headless: exit 2, the same sentence, before MuJoCo reads anything
    const t1 = performance.now();
    const run = runner(path.join(dir, 'robot.xml'), '--servos', '*=sts3215/m1');
    assert.equal(run.status, 2);
    assert.equal(run.stderr.trim(), `robot: ${said}`);
    t.diagnostic(`headless refused in ${((performance.now() - t1) / 1e3).toFixed(1)} s`);
    // the files together: 3 meshes of 30 MB each (each under the file limit), 90 MB > 64 MB
    const three = folder('three', { 'robot.xml': `<mujoco><asset>${[1, 2, 3].map((k) => `<mesh name="m${k}" file="m${k}.stl"/>`).join('')}</asset>${body('m1')}</mujoco>`,
      'm1.stl': 30 * MB, 'm2.stl': 30 * MB, 'm3.stl': 30 * MB });
    const s3 = spied(three);
    throwsLike(() => readRobotSync(s3.drop, 'robot.xml', { core }), /^robot robot\.xml: the files the MJCF names \(its includes and their assets\) are together 90\.0 MiB \(\d+ bytes\); a robot's files are read up to 64 MiB \(67108864 bytes\)/);
    assert.deepEqual(s3.reads, ['robot.xml']);
  });

  it('includes (beside the main file or the including one) and <compiler meshdir/texturedir/assetdir> resolved as MuJoCo does; comments skipped; the mesh MuJoCo compiled is the one read', () => {
    const dir = folder('includes', {
      'scene.xml': '<mujoco model="s">\n  <!-- <include file="old.xml"/> <mesh file="old.stl"/> -->\n  <include file=\'parts/arm.xml\'/>\n'
        + '  <compiler meshdir="meshes"/>\n  <asset><texture name="t" type="2d" builtin="checker" width="8" height="8"/></asset>\n</mujoco>',
      // arm.xml includes hand.xml: MuJoCo looks beside scene.xml first (none), then beside arm.xml
      'parts/arm.xml': `<mujoco><include file="hand.xml"/>${body('m')}</mujoco>`,
      'parts/hand.xml': '<mujoco><asset><mesh name="m" file="a&amp;b.stl"/></asset></mujoco>',
      'meshes/a&b.stl': PYRAMID,
      'a&b.stl': TETRA,            // not in meshdir: not read
      'old.xml': '<mujoco/>', 'old.stl': TETRA,
    });
    const { drop, reads } = spied(dir);
    const got = readRobotSync(drop, null, { core });
    assert.equal(got.main, 'scene.xml');
    assert.deepEqual(reads.sort(), ['meshes/a&b.stl', 'parts/arm.xml', 'parts/hand.xml', 'scene.xml']);
    assert.deepEqual(got.xmls, ['scene.xml', 'parts/arm.xml', 'parts/hand.xml']);
    const { info } = loadRobotFiles(mj, core, got.files);
    assert.deepEqual(info.joints.map((j) => j.name), ['j']);
    // MuJoCo compiled the pyramid of meshes/ (5 vertices), not the tetrahedron beside scene.xml (4)
    assert.equal(compiled(mj, got.files, 'scene.xml').m.nmeshvert, 5);
    // assetdir sets both folders; a later meshdir overrides it for meshes (MuJoCo reads <compiler>s in order)
    const dirs = folder('dirs', {
      'robot.xml': `<mujoco><compiler assetdir="assets"/><compiler meshdir="geometry"/>\n<asset><mesh name="m" file="m.stl"/>`
        + `<texture name="sky" type="cube" fileright="r.png" fileleft="r.png" fileup="r.png" filedown="r.png" filefront="r.png" fileback="r.png"/></asset>${body('m')}</mujoco>`,
      'geometry/m.stl': TETRA, 'assets/m.stl': PYRAMID, 'assets/r.png': 'png',
    });
    const sd = spied(dirs);
    readRobotSync(sd.drop, 'robot.xml', { core });
    assert.deepEqual(sd.reads.sort(), ['assets/r.png', 'geometry/m.stl', 'robot.xml']);
    // a <model file=...> (MuJoCo 3's attached model): its meshes beside it, its own compiler folders
    const model = folder('model', {
      'main.xml': '<mujoco><compiler meshdir="nowhere"/><asset><model name="arm" file="arm/arm.xml"/></asset><worldbody><attach model="arm" prefix="a_"/></worldbody></mujoco>',
      'arm/arm.xml': `<mujoco><asset><mesh name="m" file="m.stl"/></asset>${body('m')}</mujoco>`, 'arm/m.stl': PYRAMID, 'm.stl': TETRA,
    });
    const sm = spied(model);
    const gm = readRobotSync(sm.drop, 'main.xml', { core });
    assert.deepEqual(sm.reads.sort(), ['arm/arm.xml', 'arm/m.stl', 'main.xml']);
    assert.deepEqual(gm.xmls, ['main.xml', 'arm/arm.xml']);
    assert.equal(compiled(mj, gm.files, 'main.xml').m.nmeshvert, 5);
  });

  it('a mesh named in an included file: MuJoCo\'s order (beside the main file, then the include\'s folder), the compiled mesh the one read', () => {
    const xml = (file) => `<mujoco><include file="sub/a.xml"/></mujoco>${file}`;
    const inc = `<mujoco><asset><mesh name="m" file="m.stl"/></asset>${body('m')}</mujoco>`;
    for (const [name, files, want, nvert] of [
      ['both', { 'm.stl': TETRA, 'sub/m.stl': PYRAMID }, 'm.stl', 4],
      ['sub', { 'sub/m.stl': PYRAMID }, 'sub/m.stl', 5]]) {
      const dir = folder(`order-${name}`, { 'main.xml': xml(''), 'sub/a.xml': inc, ...files });
      const got = readRobotSync(folderDrop(dir), 'main.xml', { core });
      assert.deepEqual([...got.files.keys()].sort(), ['main.xml', 'sub/a.xml', want].sort(), name);
      const { info } = loadRobotFiles(mj, core, got.files, 'main.xml');
      assert.equal(info.joints.length, 1);
      // MuJoCo compiled the file that was read: the tetrahedron has 4 vertices, the pyramid 5
      const m = compiled(mj, got.files, 'main.xml').m;
      assert.equal(m.nmeshvert, nvert, `${name}: ${m.nmeshvert} vertices`);
    }
  });

  it('a file named but missing: one sentence naming it, the element and its line', () => {
    const dir = folder('missing', {
      'robot.xml': '<mujoco>\n  <compiler meshdir="meshes"/>\n  <asset>\n    <mesh name="a" file="a.stl"/>\n'
        + '    <mesh name="gone" file="gone.stl"/>\n  </asset>\n</mujoco>',
      'meshes/a.stl': TETRA,
    });
    throwsLike(() => readFolder(dir, 'robot.xml', core),
      /^The <mesh file="gone\.stl"> of robot\.xml \(line 5\) names a file missing from the drop: 'meshes\/gone\.stl'; drop the model's folder with its meshes\.$/);
    const inc = folder('missing-include', { 'robot.xml': '<mujoco>\n<include file="parts/none.xml"/>\n</mujoco>' });
    throwsLike(() => readFolder(inc, 'robot.xml', core), /^The <include file="parts\/none\.xml"> of robot\.xml \(line 2\) names a file missing from the drop: 'parts\/none\.xml'/);
    const run = runner(path.join(dir, 'robot.xml'), '--servos', '*=sts3215/m1');
    assert.equal(run.status, 2);
    assert.match(run.stderr, /robot: The <mesh file="gone\.stl"> of robot\.xml \(line 5\) names a file missing/);
  });

  it('no file outside the folder is read: \'..\', absolute names and folders, symbolic links', () => {
    const outside = folder('outside', { 'secret.stl': TETRA, 'secret.xml': '<mujoco/>' });
    const cases = [
      ['up', `<mujoco><asset><mesh name="m" file="../outside/secret.stl"/></asset></mujoco>`, /names a file outside the dropped folder \('\.\.\/outside\/secret\.stl'\)/],
      ['meshdir', `<mujoco><compiler meshdir="../../outside"/><asset><mesh name="m" file="secret.stl"/></asset></mujoco>`, /^The <mesh file="secret\.stl"> of robot\.xml \(line 1\) names a file outside the dropped folder \('\.\.\/\.\.\/outside\/secret\.stl'\)/],
      ['absolute', `<mujoco><asset><mesh name="m" file="${path.join(outside, 'secret.stl')}"/></asset></mujoco>`, /names a file outside the dropped folder/],
      // an absolute folder makes the file's path absolute (the core's plan: the path MuJoCo reads, outside the drop)
      ['absdir', `<mujoco><compiler meshdir="${outside}"/><asset><mesh name="m" file="secret.stl"/></asset></mujoco>`, /^The <mesh file="secret\.stl"> of robot\.xml \(line 1\) names a file outside the dropped folder \('\/.*outside\/secret\.stl'\)/],
      ['include', `<mujoco><include file="../outside/secret.xml"/></mujoco>`, /<include file="\.\.\/outside\/secret\.xml"> .* outside the dropped folder/],
      ['link', `<mujoco><asset><mesh name="m" file="link.stl"/></asset></mujoco>`, /^'link\.stl' leads through a symbolic link out of the robot's folder \(to .*outside\/secret\.stl\); nothing outside the folder is read/],
      ['linkdir', `<mujoco><asset><mesh name="m" file="out/secret.stl"/></asset></mujoco>`, /^'out\/secret\.stl' leads through a symbolic link out of the robot's folder/],
    ];
    for (const [name, xml, re] of cases) {
      const dir = folder(`escape-${name}`, { 'robot.xml': xml });
      if (name === 'link') fs.symlinkSync(path.join(outside, 'secret.stl'), path.join(dir, 'link.stl'));
      if (name === 'linkdir') fs.symlinkSync(outside, path.join(dir, 'out'));
      const { drop, reads } = spied(dir);
      throwsLike(() => readRobotSync(drop, 'robot.xml', { core }), re);
      assert.deepEqual(reads, ['robot.xml'], name);
    }
  });

  it('the core\'s plan is freed when a read fails (its wasm memory not kept by a drop that could not be read)', async () => {
    const dir = folder('failing', { 'robot.xml': `<mujoco><asset><mesh name="m" file="tetra.stl"/></asset>${body('m')}</mujoco>`, 'tetra.stl': TETRA });
    const real = core.mujoco.mjcfPlan, made = [];
    core.mujoco.mjcfPlan = function (main) { const p = real.call(this, main); made.push(p); return p; };
    try {
      const drop = folderDrop(dir), failing = { ...drop, read: (p) => { if (p.endsWith('.stl')) throw new Error('unreadable'); return drop.read(p); } };
      assert.throws(() => readRobotSync(failing, 'robot.xml', { core }), /unreadable/);
      await assert.rejects(readRobot({ ...failing, read: async (p) => failing.read(p) }, 'robot.xml', { core }), /unreadable/);
      assert.equal(made.length, 2);
      for (const p of made) assert.throws(() => p.next(), /after free/);
    } finally {
      core.mujoco.mjcfPlan = real;
    }
  });

  it('a symbolic link that stays in the folder is followed: a linked assets/ folder, a linked file (the headless runner)', () => {
    const dir = folder('linked', {
      'robot.xml': `<mujoco><compiler meshdir="assets"/><asset><mesh name="t" file="tetra.stl"/><mesh name="p" file="p.stl"/></asset>${body('t')}</mujoco>`,
      'meshes_v2/tetra.stl': TETRA, 'meshes_v2/pyramid.stl': PYRAMID,
    });
    fs.symlinkSync('meshes_v2', path.join(dir, 'assets'));                      // a relative link, as researchers make them
    fs.symlinkSync(path.join(dir, 'meshes_v2/pyramid.stl'), path.join(dir, 'meshes_v2/p.stl'));   // an absolute one
    fs.symlinkSync('..', path.join(dir, 'meshes_v2/up'));                         // a cycle: listed once
    const { drop, reads } = spied(dir);
    const files = readRobotSync(drop, 'robot.xml', { core }).files;
    assert.deepEqual([...files.keys()].sort(), ['assets/p.stl', 'assets/tetra.stl', 'robot.xml']);
    assert.deepEqual(Buffer.from(files.get('assets/tetra.stl')), fs.readFileSync(path.join(dir, 'meshes_v2/tetra.stl')));
    assert.deepEqual(Buffer.from(files.get('assets/p.stl')), Buffer.from(PYRAMID));
    assert.deepEqual(reads.sort(), ['assets/p.stl', 'assets/tetra.stl', 'robot.xml']);
    // the listing (a file found by its name): each folder once, under its first name
    assert.deepEqual(drop.paths(), ['assets/p.stl', 'assets/pyramid.stl', 'assets/tetra.stl', 'robot.xml']);
    const run = runner(path.join(dir, 'robot.xml'), '--servos', '*=sts3215/m1', '--seconds', '0.01');
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /^C\s+j\s+sts3215 M1/m);
  });

  it('a params file has one @NAME at both doors: the page\'s picker and the runner\'s --params FILE (xl330-m4.json is @xl330-m4)', { skip: fs.existsSync(SHARED) ? false : `missing shared data: ${SHARED}` }, async () => {
    const dir = folder('named', { 'robot.xml': `<mujoco><asset><mesh name="t" file="tetra.stl"/></asset>${body('t')}</mujoco>`, 'tetra.stl': TETRA });
    const file = path.join(dir, 'xl330-m4.json');
    fs.copyFileSync(path.join(SHARED, 'bam/params/xl330/m4.json'), file);
    // the name as the user wrote the file's name: its stem
    const page = await checkServoFile(core, { name: 'xl330-m4.json', text: async () => fs.readFileSync(file, 'utf8') });
    assert.equal(page.error, undefined);
    assert.equal(page.name, 'xl330-m4');
    const run = runner(path.join(dir, 'robot.xml'), '--servos', `*=@${page.name}`, '--params', file, '--seconds', '0.01');
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /^C\s+j\s+xl330 M4 \(xl330-m4\)/m);
  });

  it('the limits are wide of the largest real files (../shared/data)', { skip: fs.existsSync(SHARED) ? false : `missing shared data: ${SHARED}` }, () => {
    let largest = 0;
    (function walk(d) { for (const e of fs.readdirSync(d, { withFileTypes: true })) { const p = path.join(d, e.name); if (e.isDirectory()) walk(p); else largest = Math.max(largest, fs.statSync(p).size); } })(SHARED);
    assert.ok(10 * largest <= core.io.maxBytes('asset'), `largest real file ${largest} B`);
    const so101 = readFolder(path.join(SHARED, 'so101'), 'scene.xml', core);
    let total = 0;
    for (const b of so101.values()) total += b.byteLength;
    assert.equal(so101.size, 15, 'scene.xml, so101_new_calib.xml and 13 meshes');
    assert.ok(3 * total <= core.io.maxBytes('robot'), `the SO-101's files: ${total} B`);
  });
});

describe('the core\'s tag scan (core.mujoco.xmlTags: fric_mjcf_tags, the one scan of the page and the core)', () => {
  const xmlTags = (text, o) => core.mujoco.xmlTags(text, o);
  it('finds start tags and their attributes in order; skips comments, CDATA, processing instructions and DOCTYPE; decodes entities', () => {
    const text = '<?xml version="1.0"?>\n<!DOCTYPE mujoco>\n<mujoco><!-- <mesh file="no"/> --><![CDATA[ <mesh file="no2"/> ]]>'
      + '<mesh name = \'a\' file="x&lt;&#65;&#x42;&quot;.stl"/><include\n file="i.xml" /></mujoco>';
    const tags = xmlTags(text).map((x) => [x.name, Object.fromEntries(x.attrs)]);
    assert.deepEqual(tags, [['mujoco', {}], ['mesh', { name: 'a', file: 'x<AB".stl' }], ['include', { file: 'i.xml' }]]);
    // the lines of their '<', counted by hand: <mujoco> on line 3, <include on line 3 too
    assert.deepEqual(xmlTags(text).map((x) => x.line), [3, 3, 3]);
  });
  it('gives end tags (ends) and tells a self-closing tag, a \'/>\' or \'>\' in a quoted value not ending it', () => {
    const text = '<mujoco><default class="a>b/>"><joint damping="1"/></default><!-- </default> --><x/></mujoco>';
    const tags = xmlTags(text, { ends: true }).map((x) => [x.end ? `/${x.name}` : x.name, x.selfClosing ?? null]);
    assert.deepEqual(tags, [['mujoco', false], ['default', false], ['joint', true], ['/default', null], ['x', true], ['/mujoco', null]]);
    assert.equal(xmlTags(text)[1].attrs.get('class'), 'a>b/>');
    // without ends, the start tags only
    assert.deepEqual(xmlTags(text).map((x) => x.name), ['mujoco', 'default', 'joint', 'x']);
  });
  it('gives a tag\'s place as the string\'s index and as the byte offset of its UTF-8, and skips a DOCTYPE\'s internal subset', () => {
    // <a t=" is 6 units, é€𝄞 4 UTF-16 units (𝄞 a pair) and 2 + 3 + 4 bytes, then "  u='1'/> 10:
    // <b> at string index 6 + 4 + 10 = 20, byte 6 + 9 + 10 = 25
    const text = '<a t="é€𝄞"  u=\'1\'/><b/>';
    const [a, b] = xmlTags(text);
    assert.deepEqual([a.at, a.byte, b.at, b.byte], [0, 0, 20, 25]);
    assert.deepEqual([text.slice(b.at, b.after), a.after], ['<b/>', 20]);
    assert.deepEqual(Object.fromEntries(a.attrs), { t: 'é€𝄞', u: '1' });
    // bytes given: at is the byte
    assert.deepEqual(xmlTags(new TextEncoder().encode(text)).map((x) => x.at), [0, 25]);
    // a '>' inside a DOCTYPE's [...] subset ends no declaration
    assert.deepEqual(xmlTags('<!DOCTYPE m [ <!ENTITY e "<x>"> ]><m><y/></m>').map((x) => x.name), ['m', 'y']);
    // an attribute without '=' or without quotes is passed over; the rest read
    assert.deepEqual(Object.fromEntries(xmlTags('<m flag a=1 b="2"/>')[0].attrs), { b: '2' });
  });
});
