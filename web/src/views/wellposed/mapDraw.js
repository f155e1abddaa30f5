// wellposed/mapDraw.js: drawing the map on its canvas (CSS pixels; a square
// plot with axes, every cell in its class's pattern, the pinned and the
// hovered cell marked), and the cell under a pointer event.
import { fmt } from '../../format.js';
import { CLASSES, classOf, patternFor } from './classes.js';

export function drawMap(mv, dpr = window.devicePixelRatio || 1) {
  const r = mv.mapWrap.getBoundingClientRect();
  const W = Math.max(1, Math.round(r.width)), H = Math.max(1, Math.round(r.height));
  if (mv.mapCanvas.width !== Math.round(W * dpr) || mv.mapCanvas.height !== Math.round(H * dpr)) {
    mv.mapCanvas.width = Math.round(W * dpr);
    mv.mapCanvas.height = Math.round(H * dpr);
  }
  const ctx = mv.mapCanvas.getContext('2d');
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, W, H);
  if (!mv.grid) return;
  const font = Math.max(11, Math.round(parseFloat(getComputedStyle(mv.mapBox).fontSize) * 0.8));
  ctx.font = `${font}px system-ui, sans-serif`;
  const left = 3.2 * font, bottom = 2.6 * font, top = 6, right = 8;
  const side = Math.max(10, Math.min(W - left - right, H - top - bottom));
  const x0 = left + Math.max(0, (W - left - right - side) / 2), y0 = top;
  const { n, range } = mv.grid;
  const cw = side / n;
  mv.mapGeom = { x0, y0, side, cw, n };
  const fills = CLASSES.map((_, k) => patternFor(ctx, k));
  const cs = mv.grid.cols.indexOf('solutions');
  for (let j = 0; j < n; j++) {
    for (let i = 0; i < n; i++) {
      const k = mv.grid.idx[j * n + i];
      if (k < 0) continue;
      ctx.fillStyle = fills[classOf(mv.grid.rows[k * mv.grid.nc + cs])];
      // r2 grows upwards; cells overlap by a hair so no seams show
      ctx.fillRect(x0 + i * cw, y0 + (n - 1 - j) * cw, cw + 0.5, cw + 0.5);
    }
  }
  ctx.strokeStyle = '#59636e';
  ctx.lineWidth = 1;
  ctx.strokeRect(x0 + 0.5, y0 + 0.5, side, side);
  // axes: ticks at −range, −range/2, 0, range/2, range
  ctx.fillStyle = '#1d232b';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'top';
  for (let t = -2; t <= 2; t++) {
    const v = (t * range) / 2;
    const px = x0 + ((v + range) / (2 * range)) * (side - cw) + cw / 2;
    ctx.beginPath(); ctx.moveTo(px, y0 + side); ctx.lineTo(px, y0 + side + 4); ctx.stroke();
    ctx.fillText(fmt(v), px, y0 + side + 5);
    const py = y0 + side - ((v + range) / (2 * range)) * (side - cw) - cw / 2;
    ctx.beginPath(); ctx.moveTo(x0, py); ctx.lineTo(x0 - 4, py); ctx.stroke();
    ctx.textAlign = 'right';
    ctx.textBaseline = 'middle';
    ctx.fillText(fmt(v), x0 - 6, py);
    ctx.textAlign = 'center';
    ctx.textBaseline = 'top';
  }
  ctx.fillText('r1 = τ1 − h1', x0 + side / 2, y0 + side + 6 + font);
  ctx.save();
  ctx.translate(font * 0.9, y0 + side / 2);
  ctx.rotate(-Math.PI / 2);
  ctx.textBaseline = 'middle';
  ctx.fillText('r2 = τ2 − h2', 0, 0);
  ctx.restore();
  // the pinned and the hovered cell
  const mark = (cell, color, width) => {
    if (!cell) return;
    ctx.strokeStyle = color; ctx.lineWidth = width;
    ctx.strokeRect(x0 + cell[0] * cw - 1, y0 + (n - 1 - cell[1]) * cw - 1, cw + 2, cw + 2);
  };
  mark(mv.selected, '#000', 2.5);
  if (mv.hover && (!mv.selected || mv.hover[0] !== mv.selected[0] || mv.hover[1] !== mv.selected[1])) mark(mv.hover, '#d1242f', 1.5);
}

export function cellAt(mv, ev) {
  if (!mv.mapGeom || !mv.grid) return null;
  const r = mv.mapCanvas.getBoundingClientRect();
  const x = ev.clientX - r.left - mv.mapGeom.x0, y = ev.clientY - r.top - mv.mapGeom.y0;
  const i = Math.floor(x / mv.mapGeom.cw), jj = Math.floor(y / mv.mapGeom.cw);
  if (i < 0 || jj < 0 || i >= mv.mapGeom.n || jj >= mv.mapGeom.n) return null;
  return [i, mv.mapGeom.n - 1 - jj];
}
