// dist_rebuild.mjs: "a new build" in a served copy of the offline package
// (make dist), for the e2e modules that update a browser which has the old
// one offline (e2e.d/offlineupdate.mjs, offlineintegrity.mjs): the page's
// bundle changed (a line added: a new content, so a new hashed name; the old
// one removed from the folder), index.html (the bundle's name, its
// Subresource Integrity in its script tag and the import map, the import
// map's hash in the page's Content-Security-Policy) and sw.js (its list,
// sizes, SHA-256 and version) written for it, as tools/dist.mjs would.
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';

const sha = (b) => crypto.createHash('sha256').update(b).digest('hex');
const sri = (b) => `sha256-${crypto.createHash('sha256').update(b).digest('base64')}`;
const IMPORT_MAP = /<script type="importmap">([^<]*)<\/script>/;

/** The FX_DIST of the package in dir and the rest of its sw.js. */
export function readDist(dir) {
  const sw = fs.readFileSync(path.join(dir, 'sw.js'), 'utf8');
  const head = sw.match(/^self\.FX_DIST = (\{[\s\S]*?\n\});\n/);
  if (!head) throw new Error('sw.js does not start with self.FX_DIST = {…};');
  return { dist: JSON.parse(head[1]), logic: sw.slice(head[0].length) };
}

/** html (index.html after `before` had its import map changed) with the
 *  policy's hash of the import map made the new map's. */
function withMapHash(before, html) {
  const map = IMPORT_MAP.exec(before)?.[1], newMap = IMPORT_MAP.exec(html)?.[1];
  return map === undefined ? html : html.replace(sri(Buffer.from(map)), sri(Buffer.from(newMap)));
}

/** Writes into dir's index.html an import map that lists `integrity` for
 *  `name` (its key ./name), the policy's hash of the map made the new one's. */
export function relist(dir, name, integrity) {
  const before = fs.readFileSync(path.join(dir, 'index.html'), 'utf8');
  const key = JSON.stringify(`./${name}`);
  const html = before.replace(new RegExp(`${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:"[^"]*"`), `${key}:${JSON.stringify(integrity)}`);
  if (html === before) throw new Error(`the import map of ${dir}/index.html lists no ${name}`);
  fs.writeFileSync(path.join(dir, 'index.html'), withMapHash(before, html));
}

/** Writes the new build into dir: app.<hash>.js + `line` (a new name),
 *  index.html naming it, sw.js listing it under version `${version}-2`.
 *  { oldApp, newApp, dist }. */
export function rebuildApp(dir, line = '\nwindow.__fxBuild = "2";\n') {
  const { dist, logic } = readDist(dir);
  const oldApp = dist.precache.find((n) => /^app\.[0-9a-f]{10}\.js$/.test(n));
  const oldBytes = fs.readFileSync(path.join(dir, oldApp));
  const app = Buffer.concat([oldBytes, Buffer.from(line)]);
  const newApp = `app.${sha(app).slice(0, 10)}.js`;
  fs.writeFileSync(path.join(dir, newApp), app);
  fs.rmSync(path.join(dir, oldApp));
  const before = fs.readFileSync(path.join(dir, 'index.html'), 'utf8');
  let html = before.replace(`"${oldApp}"`, `"${newApp}"`).replace(`"./${oldApp}"`, `"./${newApp}"`).split(sri(oldBytes)).join(sri(app));
  if (!html.includes(newApp)) throw new Error(`index.html does not name ${oldApp}`);
  html = withMapHash(before, html);
  fs.writeFileSync(path.join(dir, 'index.html'), html);
  dist.precache = dist.precache.map((n) => (n === oldApp ? newApp : n));
  for (const [key, of] of [['sizes', (b) => b.length], ['sha256', sha]]) {
    if (!dist[key]) continue;
    dist[key][newApp] = of(app);
    delete dist[key][oldApp];
    dist[key]['./'] = dist[key]['index.html'] = of(Buffer.from(html));
  }
  dist.version = `${dist.version}-2`;
  fs.writeFileSync(path.join(dir, 'sw.js'), `self.FX_DIST = ${JSON.stringify(dist, null, 1)};\n${logic}`);
  return { oldApp, newApp, dist };
}
