// scenarios/results.js: the summary of a finished (or cancelled, or
// diverged) run of the Scenarios view, and the y axes of a diverged run.
import { t } from '../../i18n/index.js';
import { num } from './catalogue.js';

/** The summary lines, the error lines and the first time of divergence
 *  (Infinity: none) of job's results. */
export function resultText(sc, job) {
  const lines = [], errors = [];
  let tErr = Infinity;
  job.results.forEach((r, ri) => {
    if (!r) return;
    const label = job.vs[ri].label;
    const who = label || sc.name;
    if (!r.last) {
      if (r.error) errors.push(label ? t('scenarios.res.variant', { label, message: r.error }) : r.error);
      else lines.push(t('scenarios.res.cancelledFirst', { who }));
      return;
    }
    const at = r.last.t, tt = num(at, 6);
    if (r.cancelled) lines.push(t('scenarios.res.cancelled', { who, t: tt, summary: sc.summary(r.last, false) }));
    else if (r.error) {
      tErr = Math.min(tErr, at);
      lines.push(t('scenarios.res.stopped', { who, t: tt, summary: sc.summary(r.last, false) }));
      const diverged = t('scenarios.res.diverged', { t: tt, error: r.error });
      errors.push(label ? t('scenarios.res.variant', { label, message: diverged }) : diverged);
    } else lines.push(t('scenarios.res.done', { who, t: tt, summary: sc.summary(r.last, true, r) }));
  });
  return { lines, errors, tErr };
}

// A diverging run grows without bound before it stops. The y axis keeps
// the curves that stayed bounded (max |y| within 1000 times the calmest
// curve's) with room around them; if every curve grows, the values up to
// half the time of the divergence. Returns the note for the message box
// (the caller redraws the charts).
export function clampDiverged(sc, job, boxes, tErr) {
  const notes = [];
  sc.plots.forEach((plot, pi) => {
    const sets = job.sets[pi].filter((d) => d.data.length);
    const peak = sets.map((d) => d.data.reduce((m, p) => Math.max(m, Math.abs(p.y)), 0));
    const ref = Math.max(Math.min(...peak), 1e-300);
    let calm = sets.filter((d, i) => peak[i] <= 1e3 * ref);
    let upTo = Infinity;
    if (calm.length === sets.length) { calm = sets; upTo = tErr / 2; }
    let lo = Infinity, hi = -Infinity;
    for (const d of calm) {
      for (const p of d.data) {
        if (p.x > upTo) break;
        if (p.y < lo) lo = p.y;
        if (p.y > hi) hi = p.y;
      }
    }
    if (!(hi >= lo)) return;
    const pad = Math.max(hi - lo, Math.abs(hi) * 0.1, 1e-9);
    const y = boxes[pi].chart.options.scales.y;
    y.min = lo - pad;
    y.max = hi + pad;
    const out = sets.filter((d) => !calm.includes(d)).map((d) => d.label);
    notes.push(out.length ? t('scenarios.clamp.leaves', { title: plot.title, sets: out.join(', ') })
      : t('scenarios.clamp.upTo', { title: plot.title, t: num(upTo, 4) }));
  });
  return `\n${t('scenarios.clamp', { notes: notes.join(t('list.sep')) })}`;
}
