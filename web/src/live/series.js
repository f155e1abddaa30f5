// live/series.js: what a live view keeps of its rows, one definition: the
// ring buffer of every step (for the CSV export) and the rolling window of
// {x, y} points (Point) the charts are handed (web/src/liveCharts.js).

/** A ring buffer of rows (nc columns): the last `cap` rows written. */
export function ring(cap, nc) {
  return { buf: new Float64Array(cap * nc), cap, nc, n: 0 };
}
/** Appends the first `count` rows of `rows` (nc columns each). */
export function ringPush(r, rows, count) {
  for (let k = 0; k < count; k++) {
    r.buf.set(rows.subarray(k * r.nc, (k + 1) * r.nc), (r.n % r.cap) * r.nc);
    r.n++;
  }
}
/** Column c of the row written `back` rows before the last one. */
export function ringGet(r, back, c) {
  return r.buf[((r.n - 1 - back) % r.cap) * r.nc + c];
}

/** A point of a live chart, {x, y} [the chart's units]. A class of its own,
 *  made first with two non-integer doubles (below), so that V8 holds x and y
 *  as doubles from the start. Written as {x, y} literals, the points took
 *  their hidden class from the one V8 shares among two-key literals; in 3 of
 *  5 loads of the Robot arm view V8 then threw away 100-150 optimised builds
 *  of Chart.js's updateElements in 12 s ("maps became deprecated during
 *  optimization"), half a core in the background; with this class, none in
 *  10 of 10 loads. */
export class Point {
  constructor(x, y) { this.x = x; this.y = y; }
}
new Point(0.5, 0.5);   // the first point: x and y held as doubles from here on

/** Appends column `c` of `count` rows (nc columns, time in column ct) to out
 *  as Points {x: t, y}. */
export function appendPoints(out, rows, count, nc, ct, c) {
  for (let k = 0, o = 0; k < count; k++, o += nc) out.push(new Point(rows[o + ct], rows[o + c]));
}

/** Drops from every list the points before x0 (the x of lists[0]; the lists
 *  run in step), but the last `keep` of them (one keeps the line entering
 *  the window), in batches: only when more than `minCut` go, so that
 *  trimming is rare. */
export function trimBefore(lists, x0, { minCut, keep = 0 }) {
  const first = lists[0];
  let cut = 0;
  while (cut + keep < first.length && first[cut + keep].x < x0) cut++;
  if (cut > minCut) for (const l of lists) l.splice(0, cut);
}

/** Drops from every list the points that left the window [tEnd − windowS,
 *  tEnd] (tEnd: the last x of lists[0]), as trimBefore, and only once
 *  lists[0] holds at least `minLength` points. */
export function trimWindow(lists, windowS, { minCut, minLength = 1 }) {
  const first = lists[0];
  if (!first || first.length < minLength || !first.length) return;
  trimBefore(lists, first[first.length - 1].x - windowS, { minCut });
}

/** The points of `points` (x increasing) that draw, on `columns` pixel
 *  columns over the window [x0, x1], the line all of them draw: in each
 *  column its first, lowest, highest and last point, in their order and at
 *  their own x, and the points just outside the window (the line entering
 *  and leaving it). Every extreme of every column is kept, the last column's
 *  too (Chart.js's min-max decimation leaves out the extremes of its last
 *  column and moves the others to the column's mean x). A new array: the
 *  points in the window as they are when there are no more than four per
 *  column. */
export function columnExtremes(points, x0, x1, columns) {
  const n = points.length;
  let lo = 0, hi = n;
  while (lo < hi) { const mid = (lo + hi) >> 1; if (points[mid].x < x0) lo = mid + 1; else hi = mid; }
  const a = Math.max(0, lo - 1);
  hi = n;
  while (lo < hi) { const mid = (lo + hi) >> 1; if (points[mid].x <= x1) lo = mid + 1; else hi = mid; }
  const b = Math.min(n, lo + 1);
  const cols = Math.max(1, Math.floor(columns));
  if (b - a <= 4 * cols || !(x1 > x0)) return points.slice(a, b);
  const out = [];
  const span = x1 - x0;
  let col = NaN, first = -1, iMin = -1, iMax = -1, last = -1;
  const flush = () => {
    const m1 = Math.min(iMin, iMax), m2 = Math.max(iMin, iMax);
    for (const i of [first, m1, m2, last]) if (out[out.length - 1] !== points[i]) out.push(points[i]);
  };
  for (let i = a; i < b; i++) {
    const p = points[i];
    const c = Math.floor((p.x - x0) * cols / span);   // < 0 before the window, >= cols after it
    if (c !== col) {
      if (first >= 0) flush();
      col = c;
      first = iMin = iMax = last = i;
    } else {
      if (p.y < points[iMin].y) iMin = i;
      if (p.y > points[iMax].y) iMax = i;
      last = i;
    }
  }
  if (first >= 0) flush();
  return out;
}
