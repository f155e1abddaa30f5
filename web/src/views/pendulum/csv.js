// pendulum/csv.js: the live run as CSV (web/src/csv.js): a '#' header
// (version, date, treatments, dt, every parameter with its unit), then one
// row per time step kept in the ring buffers (web/src/live/series.js).
import { version as VERSION } from '../../../../package.json';
import { fmtNumber } from '../../format.js';
import { csvText, csvCell } from '../../csv.js';
import { ringGet } from '../../live/series.js';

/** benchCsv(m, sims, hist, names, who (the letter of simulation i), native
 *  (the native joint's { actuator, params } of a native trace, or null)): the CSV text. */
export function benchCsv(m, sims, hist, names, who = (i) => (i ? 'B' : 'A'), native = null) {
  const { core, info, values } = m;
  const nm = names;
  const dt = values[m.dtIdx];
  let resolved = values;
  try { resolved = core.bench.resolve(values); } catch { /* the raw values */ }
  const run = hist.length ? Math.min(...hist.map((r) => r.n)) : 0;
  const kept = hist.length ? Math.min(run, ...hist.map((r) => r.cap)) : 0;
  const comments = [
    `Friction Explorer ${VERSION}: pendulum test bench, live run (scenario bench, Duclusaud & Passault Algorithm 1)`,
    `exported ${new Date().toISOString()}`,
    `treatments: ${nm.map((n, i) => `${who(i)} = ${n}`).join(', ')}`,
    ...(native ? [`native (scenario bench-native, the ${native.actuator} native params file): ${Object.entries(native.params).map(([k, v]) => `${k} = ${v}`).join(', ')}`] : []),
    `dt = ${dt} s; one row per time step; ${run} steps run, ${kept} rows below`
      + (kept < run ? `; the ${run - kept} oldest steps were dropped (the export keeps the last ${fmtNumber(kept * dt, { mark: '.' })} s)` : '; no step dropped'),
    'parameter, value, unit, description',
  ];
  info.params.forEach((p, j) => {
    if (p.name === 'friction') return;
    let v = p.choices ? p.choices[resolved[j]] : resolved[j];
    if (p.name === 'duration') v = `${v} (set by the view: the run has no end)`;
    else if (!p.choices && values[j] === -1) v = `${v} (preset)`;
    // the help text quoted (web/src/csv.js), its commas kept
    comments.push(`${p.name}, ${v}, ${p.unit || '-'}, ${csvCell(p.help.replace(/\n/g, ' '))}`);
  });
  const cols = sims[0] ? sims[0].cols : [];
  const units = sims[0] ? sims[0].info.cols.map((c) => c.unit) : [];
  const columns = [{ name: 't', unit: 's' }];
  sims.forEach((s, i) => cols.forEach((c, k) => { if (c !== 't') columns.push({ name: `${c}_${who(i)}`, unit: units[k] }); }));
  const ct = cols.indexOf('t');
  const rows = [];
  for (let back = kept - 1; back >= 0; back--) {
    const row = [ringGet(hist[0], back, ct)];
    hist.forEach((r) => { for (let k = 0; k < r.nc; k++) if (k !== ct) row.push(ringGet(r, back, k)); });
    rows.push(row);
  }
  return csvText({ comments, columns, rows });
}
