// wellposed/mapText.js: the map in words: the verdict of the determinant
// test beside the map's own count, the legend's counts, the canvas's label,
// the time of the run, and the point under the pointer (or pinned).
import { t } from '../../i18n/index.js';
import { fmt } from '../../format.js';
import { CLASSES, classOf } from './classes.js';

export function writeMapText(mv) {
  if (!mv.grid) { mv.verdict.textContent = ''; return; }
  const total = mv.grid.n * mv.grid.n;
  const det = Number.isFinite(mv.grid.detMin)
    ? t(mv.grid.unique ? 'wellposed.map.det.one' : 'wellposed.map.det.change', { n: 2 ** 2, min: fmt(mv.grid.detMin), max: fmt(mv.grid.detMax) })
    : '';
  const agree = mv.grid.unique
    ? (mv.grid.counts[0] + mv.grid.counts[2] === 0 ? t('wellposed.map.agrees')
      : t('wellposed.map.disagrees', { n: mv.grid.counts[0] + mv.grid.counts[2] }))
    : (mv.grid.counts[0] + mv.grid.counts[2] > 0
      ? t('wellposed.map.counts', { none: mv.grid.counts[0], several: mv.grid.counts[2] })
      : t('wellposed.map.between'));
  mv.verdict.replaceChildren();
  const head = document.createElement('strong');
  head.textContent = mv.grid.unique ? t('wellposed.map.unique') : t('wellposed.map.notUnique');
  mv.verdict.classList.toggle('bad', !mv.grid.unique);
  const p = document.createElement('span');
  p.textContent = `${det} ${agree}`;
  mv.verdict.append(head, p);
  CLASSES.forEach((c, k) => {
    mv.legendCounts[k].textContent = t('wellposed.map.count', { n: mv.grid.counts[k], total });
  });
  mv.mapCanvas.setAttribute('aria-label', t('wellposed.map.aria', { range: fmt(mv.grid.range),
    counts: CLASSES.map((c, k) => t('wellposed.map.aria.count', { n: mv.grid.counts[k], word: c.word })).join(', ') }));
  mv.mapTime.textContent = t(mv.grid.where === 'worker' ? 'wellposed.map.time.worker' : 'wellposed.map.time', { n: mv.grid.n, ms: mv.grid.ms.toFixed(1) });
  writeCell(mv);
}

/** The row of cell [i, j], or -1. */
const rowOf = (mv, cell) => (mv.grid && cell ? mv.grid.idx[cell[1] * mv.grid.n + cell[0]] : -1);
export function writeCell(mv) {
  const cell = mv.hover || mv.selected;
  const k = rowOf(mv, cell);
  if (k < 0) { mv.cellOut.textContent = t('wellposed.cell.hint'); return; }
  const o = k * mv.grid.nc, g = (name) => { const j = mv.grid.cols.indexOf(name); return j >= 0 ? mv.grid.rows[o + j] : NaN; };
  const nSol = g('solutions');
  const q = { x1: fmt(g('x1')), x2: fmt(g('x2')) };
  const x = Number.isFinite(g('x1')) && nSol > 0 ? t(nSol > 1 ? 'wellposed.cell.first' : 'wellposed.cell.acc', q) : '';
  mv.cellOut.textContent = t(nSol === 1 ? 'wellposed.cell.one' : 'wellposed.cell.many', { r1: fmt(g('r1')), r2: fmt(g('r2')), n: nSol,
    word: CLASSES[classOf(nSol)].word, x });
}

