// series.test.mjs: what the live charts' worker hands Chart.js
// (web/src/live/series.js columnExtremes), run by `node --test`, against a
// brute force over the same pixel columns:
//   extremes  in every column of the window, the first, lowest, highest and
//             last point of the data are drawn (the same objects), and the
//             points just outside the window; nothing else is drawn than the
//             data's own points, in their order, at most four per column
//   step      a step of 155.76 -> 0 inside one column (the arm's normal force
//             at a lift-off) and a drop to 0 in the window's last column are
//             both drawn at full height
//   sparse    four points per column or fewer: the points in the window as
//             they are (a copy)
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { columnExtremes } from '../../web/src/live/series.js';
import { rng } from './rng.mjs';


/** Steps of h from t0: a random walk with jumps. */
function walk(n, t0, h, seed) {
  const r = rng(seed), out = [];
  let y = 0;
  for (let i = 0; i < n; i++) {
    y += r() - 0.5;
    if (r() < 0.002) y += (r() < 0.5 ? -1 : 1) * 100;
    out.push({ x: t0 + i * h, y });
  }
  return out;
}

/** By brute force: what must be drawn (first, min, max, last of each
 *  column of [x0, x1] on `cols` columns; the last point before x0 and the
 *  first after x1). */
function mustDraw(points, x0, x1, cols) {
  const want = new Set(), by = new Map();
  let before = null, after = null;
  for (const p of points) {
    if (p.x < x0) { before = p; continue; }
    if (p.x > x1) { after ??= p; continue; }
    const c = Math.floor((p.x - x0) * cols / (x1 - x0));
    if (!by.has(c)) by.set(c, []);
    by.get(c).push(p);
  }
  for (const list of by.values()) {
    const ys = list.map((p) => p.y);
    want.add(list[0]).add(list[list.length - 1]);
    want.add(list[ys.indexOf(Math.min(...ys))]).add(list[ys.indexOf(Math.max(...ys))]);
  }
  if (before) want.add(before);
  if (after) want.add(after);
  return { want, columns: by.size };
}

function checkDrawn(points, x0, x1, cols) {
  const out = columnExtremes(points, x0, x1, cols);
  const { want, columns } = mustDraw(points, x0, x1, cols);
  const drawn = new Set(out);
  for (const p of want) assert.ok(drawn.has(p), `the point (${p.x}, ${p.y}) is not drawn (window [${x0}, ${x1}], ${cols} columns)`);
  const index = new Map(points.map((p, i) => [p, i]));
  let prev = -1;
  for (const p of out) {
    assert.ok(index.has(p), `a point (${p.x}, ${p.y}) that is not one of the data's`);
    assert.ok(index.get(p) > prev, 'the points drawn are not in the data\'s order');
    prev = index.get(p);
  }
  assert.ok(out.length <= 4 * columns + 2, `${out.length} points drawn for ${columns} columns`);
  return out;
}

describe('columnExtremes', () => {
  it('extremes: every column\'s first, lowest, highest and last point, against a brute force', () => {
    let seed = 1;
    for (const [n, h, x0, x1, cols] of [
      [10_000, 1e-3, 6, 10, 900], [10_000, 1e-3, 0, 4, 700], [4_000, 1e-3, 0, 4, 853], [20_000, 1e-3, 12, 16, 1280],
      [5_000, 1e-3, 1, 4, 100], [50_000, 2e-4, 4, 8, 333]]) {
      const pts = walk(n, 0, h, seed++);
      const out = checkDrawn(pts, x0, x1, cols);
      assert.ok(out.length < pts.length, 'nothing was left out: the case does not decimate');
    }
  });
  it('step: a drop inside one column and one in the window\'s last column are drawn at full height', () => {
    // 1 kHz over [0, 4] s on 500 columns: 8 steps per column
    const pts = [];
    for (let i = 0; i <= 4000; i++) {
      const x = i / 1000;
      pts.push({ x, y: x < 3.4035 ? 155.76 : x < 3.9985 ? 0 : x < 3.9995 ? 155.76 : 0 });
    }
    const out = checkDrawn(pts, 0, 4, 500);
    const at = (a, b) => out.filter((p) => p.x >= a && p.x <= b).map((p) => p.y);
    assert.deepEqual([Math.min(...at(3.400, 3.408)), Math.max(...at(3.400, 3.408))], [0, 155.76]);
    assert.deepEqual(at(3.404, 3.404), [0], 'the first step at 0 (3.404 s) is not drawn');
    assert.deepEqual(at(3.992, 4).sort((a, b) => a - b).slice(-1), [155.76], 'the last column\'s peak is not drawn');
    assert.equal(out[out.length - 1], pts[pts.length - 1], 'the newest point is not drawn');
  });
  it('sparse: four points per column or fewer are drawn as they are', () => {
    const pts = walk(2000, 0, 1e-3, 9);
    const out = columnExtremes(pts, 0.5, 1.5, 300);
    // from the last point before the window to the first after it
    const a = pts.findLastIndex((p) => p.x < 0.5), b = pts.findIndex((p) => p.x > 1.5);
    assert.notEqual(out, pts);
    assert.deepEqual(out, pts.slice(a, b + 1));
  });
});
