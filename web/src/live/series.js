// live/series.js: what a live view keeps of its rows, one definition: the
// ring buffer of every step (for the CSV export) and the rolling window of
// {x, y} points the charts are handed (web/src/liveCharts.js).

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

/** Appends column `c` of `count` rows (nc columns, time in column ct) to out
 *  as {x: t, y} points. */
export function appendPoints(out, rows, count, nc, ct, c) {
  for (let k = 0, o = 0; k < count; k++, o += nc) out.push({ x: rows[o + ct], y: rows[o + c] });
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
