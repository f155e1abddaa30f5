// pendulum/rows.js: the rows of the run, kept three ways: the plotted points
// of the window (trimmed in batches), the ring buffer of every step for the
// CSV, and the state at each whole second; and the reversal rate read from
// the ring buffer, and each simulation's read-out.
import { Point, ringPush, ringGet, trimWindow } from '../../live/series.js';

export const SECONDS_SHOWN = 10;

/** The rows res of simulation i (sim) into the view p's series, hist and marks. */
export function onRows(p, i, res, sim) {
  const { m, values, dtIdx } = p;
  const nc = sim.cols.length, s = p.series[i], rows = res.rows;
  ringPush(p.hist[i], rows, res.count);
  const ct = m.col(sim, 't'), cq = m.col(sim, 'q'), cg = m.col(sim, 'goal'), cd = m.col(sim, 'dq');
  const cf = m.col(sim, 'tau_f'), cr = m.col(sim, 'reversals');
  const half = values[dtIdx] / 2;
  for (let k = 0, o = 0; k < res.count; k++, o += nc) {
    const x = rows[o + ct];
    if (Math.abs(x - Math.round(x)) < half) {
      p.marks[i].push({ n: Math.round(x), q: rows[o + cq], rev: rows[o + cr] });
      if (p.marks[i].length > SECONDS_SHOWN + 1) p.marks[i].shift();
    }
    s.q.push(new Point(x, rows[o + cq]));
    s.dq.push(new Point(x, rows[o + cd]));
    s.tf.push(new Point(x, rows[o + cf]));
    if (i === 0) s.goal.push(new Point(x, rows[o + cg]));
  }
  if (res.count) s.row = rows.subarray((res.count - 1) * nc, res.count * nc);
  // drop what left the window (in batches, so trimming is rare)
  trimWindow([s.q, s.goal, s.dq, s.tf], m.windowS, { minCut: 256 });
}

/** Velocity reversals per second of simulated time over the last second
 *  (or over the steps kept, if fewer), from the ring buffer of every step. */
export function reversalRate(p, i) {
  const { m, values, dtIdx } = p;
  const r = p.hist[i];
  if (!r || r.n < 2) return 0;
  const sim = p.run.sims[i], cr = m.col(sim, 'reversals'), ct = m.col(sim, 't');
  const back = Math.min(r.n - 1, r.cap - 1, Math.round(1 / values[dtIdx]));
  const span = ringGet(r, 0, ct) - ringGet(r, back, ct);
  return span > 0 ? (ringGet(r, 0, cr) - ringGet(r, back, cr)) / span : 0;
}

/** The read-out of each simulation of view p now: angle, velocity, stick
 *  or slip, reversals and their rate (null: no row yet). */
export function shownRows(p) {
  const { m, run, series } = p;
  return run.sims.map((sim, i) => {
    const row = series[i]?.row;
    if (!row) return null;
    const get = (name) => row[m.col(sim, name)];
    return { q: get('q'), dq: get('dq'), stuck: get('stuck') > 0.5, reversals: get('reversals'), rate: reversalRate(p, i) };
  });
}
