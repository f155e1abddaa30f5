// scenario.js (bundled to build/web/scenario.worker.js): runs a scenario of
// the papers to its end in its own wasm instance, off the page's thread.
//
// Messages in:
//   { type: 'plot', id, name, variants: [{ label, params }], cols, buckets }
//       every step of each variant; for each column of `cols`, a min-max
//       envelope per time bucket (buckets over [0, duration]): the first,
//       smallest, largest and last value of the bucket, in time order, so
//       every extreme of the run is kept exactly.
//   { type: 'csv', id, name, variants, head, limit }
//       every row of each variant as CSV text (after the '#' lines `head`),
//       collected chunk by chunk into a Blob; stops once the file would pass
//       `limit` bytes (extrapolated from the simulated time done).
//   { type: 'rows', id, name, params, limit }
//       every row of one run (at most `limit`), for a scenario whose rows are
//       not a time series (the solutions-2dof grid of the Well-posedness view)
//   { type: 'cancel', id }   stops job id within about 50 ms.
// Messages out (each with the job's id):
//   { type: 'progress', frac, variant, t, points? }  frac of the simulated time
//       of all variants; points: { col: [t, y, t, y, …] } new since the last one
//   { type: 'variant', variant, last, rows, error, after }  a variant ended; last: the
//       last row seen ({ col: value }), error: the core's message or null;
//       after (a scenario with a `reversals` column, else null): each plotted
//       column's [smallest, largest] from the row before the first reversal
//       to the end (the chatter band a summary writes as text); stuck (a
//       scenario with a `stuck` column, else null): { n, t0, t1 }, the rows
//       with stuck = 1, the first's and the last one's t
//   { type: 'done', blob?, bytes? } | { type: 'cancelled', variant, last }
//   { type: 'rows', cols, rows: Float64Array (count × cols), count, ms } (transferred;
//       ms: the run's time in the worker, without the wasm start-up)
//   { type: 'too-big', bytes, estimate, t } | { type: 'failed', message }
import { CORE_WASM, coreFrom } from '../coreLoad.js';
import { csvRow } from '../csv.js';

let corePromise = null;
function getCore() {
  corePromise = corePromise || fetch(CORE_WASM)
    .then((r) => {
      if (!r.ok) throw new Error(`could not load ${CORE_WASM}: HTTP ${r.status}`);
      return r.arrayBuffer();
    })
    .then((b) => coreFrom(CORE_WASM, new Uint8Array(b)));
  return corePromise;
}

// a core sentence travels with its id and named values (the page writes it in its language: i18n tCoreOf)
const sentenceOf = (err) => (err?.id ? { id: err.id, values: err.values, prefix: err.prefix } : null);

const CHUNK_ROWS = 4096;
const SLICE_MS = 50;      // work between two looks at the message queue
const REPORT_MS = 150;    // progress messages at most this often
const cancelled = new Set();
const pause = () => new Promise((r) => setTimeout(r, 0));

self.onmessage = (e) => {
  const m = e.data;
  if (m.type === 'cancel') { cancelled.add(m.id); return; }
  const job = m.type === 'csv' ? csvJob : m.type === 'rows' ? rowsJob : plotJob;
  job(m).catch((err) => self.postMessage({ type: 'failed', id: m.id, message: err.message || String(err), sentence: sentenceOf(err) }))
    .finally(() => cancelled.delete(m.id));
};

/** Runs every variant of job m row chunk by row chunk; onRows(rows, count,
 *  variant) sees every row. Returns false when the job was cancelled. */
async function runVariants(m, onRows, onVariant, report) {
  const core = await getCore();
  const info = core.scenario.find(m.name);
  const cols = info.cols.map((c) => c.name);
  const nc = cols.length;
  const ct = Math.max(0, cols.indexOf('t')); // a grid scenario has no t: its abscissa is cols[0] (fric_scenario.h)
  const dj = info.params.findIndex((p) => p.name === 'duration');
  const nv = m.variants.length;
  let lastReport = 0;
  for (let vi = 0; vi < nv; vi++) {
    const params = Float64Array.from(m.variants[vi].params);
    const duration = dj >= 0 ? params[dj] : 0;
    let last = null, rows = 0, error = null, sentence = null, t = 0;
    const keepLast = (r, count) => {
      if (!count) return;
      last = {};
      cols.forEach((c, j) => { last[c] = r[(count - 1) * nc + j]; });
      t = last[cols[ct]] ?? t;
    };
    let sim = null;
    try {
      sim = core.scenario.simulation(m.name);
      sim.reset(params);
      let slice = performance.now();
      while (!sim.done) {
        let r, count;
        try {
          ({ rows: r, count } = sim.step(CHUNK_ROWS));
        } catch (err) {
          // the core stopped the run (a state no longer finite): the rows
          // before the failing step still count
          r = err.rows || new Float64Array(0);
          count = r.length / nc;
          error = err.message;
          sentence = sentenceOf(err);
        }
        rows += count;
        if (onRows(r, count, vi, nc, cols, duration) === false) break;
        keepLast(r, count);
        if (error) break;
        const now = performance.now();
        if (now - lastReport > REPORT_MS) {
          lastReport = now;
          report(vi, nv, duration > 0 ? Math.min(1, t / duration) : 1, t);
        }
        if (now - slice > SLICE_MS) {
          await pause();
          slice = performance.now();
          if (cancelled.has(m.id)) {
            onVariant(vi, last, rows, null, true);
            return false;
          }
        }
      }
    } catch (err) {
      error = err.message; // invalid parameters: the core's message
      sentence = sentenceOf(err);
    } finally {
      if (sim) sim.free();
    }
    if (onVariant(vi, last, rows, error, false, sentence) === false) return false;
  }
  return true;
}

async function plotJob(m) {
  const B = m.buckets;
  // per variant and plotted column: the open bucket (b) with its first (f),
  // smallest (lo), largest (hi) and last (l) point, and the points so far
  const env = m.variants.map(() => m.cols.map(() => ({ b: -1, pts: [], sent: 0,
    ft: 0, fy: 0, lot: 0, loy: 0, hit: 0, hiy: 0, lt: 0, ly: 0 })));
  const flush = (e) => {
    if (e.b < 0) return;
    // first, then min and max in time order, then last; a row is written once
    const seq = e.lot <= e.hit ? [e.ft, e.fy, e.lot, e.loy, e.hit, e.hiy, e.lt, e.ly]
      : [e.ft, e.fy, e.hit, e.hiy, e.lot, e.loy, e.lt, e.ly];
    for (let i = 0; i < 8; i += 2) {
      const n = e.pts.length;
      if (n > 0 && e.pts[n - 2] === seq[i]) continue; // same time: the same row
      e.pts.push(seq[i], seq[i + 1]);
    }
    e.b = -1;
  };
  const newPoints = (vi) => {
    const out = {};
    m.cols.forEach((c, ci) => {
      const e = env[vi][ci];
      out[c] = e.pts.slice(e.sent);
      e.sent = e.pts.length;
    });
    return out;
  };
  // per variant: the plotted columns' range from the row before the first
  // reversal on (null until then), and the row before the current one
  const after = m.variants.map(() => ({ range: null, prev: null }));
  const stuck = m.variants.map(() => null);
  const stuckRows = (r, count, vi, nc, cols) => {
    const cs = cols.indexOf('stuck'), ct = cols.indexOf('t');
    if (cs < 0 || ct < 0) return;
    const s = stuck[vi] || (stuck[vi] = { n: 0, t0: NaN, t1: NaN });
    for (let k = 0; k < count; k++) {
      if (r[k * nc + cs] !== 1) continue;
      const t = r[k * nc + ct];
      if (!s.n) s.t0 = t;
      s.t1 = t;
      s.n++;
    }
  };
  const afterRows = (r, count, vi, nc, cols) => {
    stuckRows(r, count, vi, nc, cols);
    const cr = cols.indexOf('reversals');
    if (cr < 0) return;
    const a = after[vi];
    const js = m.cols.map((c) => cols.indexOf(c));
    const widen = (row) => js.forEach((j, ci) => {
      if (j < 0) return;
      const y = row[j], g = a.range[ci];
      if (y < g[0]) g[0] = y;
      if (y > g[1]) g[1] = y;
    });
    for (let k = 0; k < count; k++) {
      const row = r.subarray(k * nc, (k + 1) * nc);
      if (!a.range && row[cr] > 0) {
        a.range = m.cols.map(() => [Infinity, -Infinity]);
        if (a.prev) widen(a.prev);
      }
      if (a.range) widen(row);
      else a.prev = row.slice();
    }
  };
  const onRows = (r, count, vi, nc, cols, duration) => {
    afterRows(r, count, vi, nc, cols);
    const ct = Math.max(0, cols.indexOf('t'));
    const scale = B / (duration > 0 ? duration : 1);
    m.cols.forEach((c, ci) => {
      const j = cols.indexOf(c);
      if (j < 0) return;
      const e = env[vi][ci];
      for (let k = 0; k < count; k++) {
        const t = r[k * nc + ct], y = r[k * nc + j];
        const b = Math.max(0, Math.min(B - 1, Math.floor(t * scale)));
        if (b !== e.b) {
          flush(e);
          e.b = b;
          e.ft = e.lot = e.hit = e.lt = t;
          e.fy = e.loy = e.hiy = e.ly = y;
          continue;
        }
        if (y < e.loy) { e.lot = t; e.loy = y; }
        if (y > e.hiy) { e.hit = t; e.hiy = y; }
        e.lt = t; e.ly = y;
      }
    });
    return true;
  };
  const report = (vi, nv, frac, t) => self.postMessage({ type: 'progress', id: m.id, variant: vi,
    frac: (vi + frac) / nv, t, points: newPoints(vi) });
  const onVariant = (vi, last, rows, error, wasCancelled, sentence) => {
    env[vi].forEach(flush);
    self.postMessage({ type: 'progress', id: m.id, variant: vi, frac: (vi + (wasCancelled ? 0 : 1)) / m.variants.length,
      t: last ? last.t : 0, points: newPoints(vi) });
    if (wasCancelled) self.postMessage({ type: 'cancelled', id: m.id, variant: vi, last });
    else {
      const range = after[vi].range;
      self.postMessage({ type: 'variant', id: m.id, variant: vi, last, rows, error, sentence,
        after: range && Object.fromEntries(m.cols.map((c, ci) => [c, range[ci]]).filter(([, g]) => g[0] <= g[1])), stuck: stuck[vi] });
    }
    return true;
  };
  if (await runVariants(m, onRows, onVariant, report)) self.postMessage({ type: 'done', id: m.id });
}

async function csvJob(m) {
  const parts = [];
  let text = m.head;
  let bytes = 0;
  const enc = new TextEncoder();
  const put = (force) => {
    if (!force && text.length < (1 << 20)) return;
    const b = enc.encode(text);
    bytes += b.length;
    parts.push(new Blob([b]));
    text = '';
  };
  let tooBig = null;
  let frac = 0, tNow = 0;
  const nv = m.variants.length;
  const onRows = (r, count, vi, nc) => {
    const label = m.variants[vi].label;
    for (let k = 0; k < count; k++) {
      text += `${label ? `${label},` : ''}${csvRow(r.subarray(k * nc, (k + 1) * nc))}\n`;
    }
    put(false);
    const done = bytes + text.length;
    // the file's size extrapolated from the simulated time done so far
    const estimate = frac > 0.01 ? done / frac : done;
    if (done > m.limit || (frac > 0.01 && estimate > m.limit)) {
      tooBig = { bytes: done, estimate, t: tNow };
      return false;
    }
    return true;
  };
  const onVariant = (vi, _last, _rows, error, _cancelled, sentence) => {
    if (error) self.postMessage({ type: 'variant', id: m.id, variant: vi, error, sentence });
    return !tooBig;
  };
  const report = (vi, _nv, f, t) => {
    frac = (vi + f) / nv;
    tNow = t;
    self.postMessage({ type: 'progress', id: m.id, variant: vi, frac, t });
  };
  const finished = await runVariants(m, onRows, onVariant, report);
  if (tooBig) { self.postMessage({ type: 'too-big', id: m.id, ...tooBig }); return; }
  if (!finished) { self.postMessage({ type: 'cancelled', id: m.id }); return; }
  put(true);
  self.postMessage({ type: 'done', id: m.id, blob: new Blob(parts, { type: 'text/csv' }), bytes });
}

async function rowsJob(m) {
  const core = await getCore();
  const t0 = performance.now();
  const sim = core.scenario.simulation(m.name);
  try {
    sim.reset(Float64Array.from(m.params));
    const nc = sim.cols.length;
    const out = new Float64Array(m.limit * nc);
    let count = 0;
    while (!sim.done && count < m.limit) {
      const { rows, count: k } = sim.step(Math.min(CHUNK_ROWS * 16, m.limit - count + 1));
      const take = Math.min(k, m.limit - count);
      out.set(rows.subarray(0, take * nc), count * nc);
      count += take;
    }
    self.postMessage({ type: 'rows', id: m.id, cols: sim.cols, rows: out, count, ms: performance.now() - t0 }, [out.buffer]);
  } finally {
    sim.free();
  }
}
