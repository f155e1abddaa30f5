// wellposed/strip.js: the timeline strip of the live screw: the count of
// each step in the map's classes (classes.js) and a marker (▼) where the
// rule acted, over the last WINDOW_S seconds.
import { fmt } from '../../format.js';
import { CLASSES, classOf, patternFor } from './classes.js';
import { WINDOW_S } from './state.js';

// the timeline strip: the count of each step in the map's classes and a
// marker (▼) where the rule acted
export function drawStrip(strip, runBox, { series, sim }) {
  const r = strip.getBoundingClientRect(), dpr = window.devicePixelRatio || 1;
  const W = Math.max(1, Math.round(r.width)), H = Math.max(1, Math.round(r.height));
  if (strip.width !== Math.round(W * dpr)) strip.width = Math.round(W * dpr);
  if (strip.height !== Math.round(H * dpr)) strip.height = Math.round(H * dpr);
  const ctx = strip.getContext('2d');
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.clearRect(0, 0, W, H);
  const t1 = Math.max(WINDOW_S, sim.lastT), t0 = t1 - WINDOW_S;
  const font = Math.max(11, Math.round(parseFloat(getComputedStyle(runBox).fontSize) * 0.75));
  ctx.font = `${font}px system-ui, sans-serif`;
  const bandTop = font + 6, bandH = Math.max(8, H - bandTop - font - 6);
  const X = (t) => ((t - t0) / WINDOW_S) * W;
  const fills = CLASSES.map((_, k) => patternFor(ctx, k));
  // one rectangle per run of steps of one class
  const pts = series.n;
  let k = 0;
  while (k < pts.length && pts[k].x < t0) k++;
  while (k < pts.length) {
    const cl = classOf(pts[k].y);
    let e = k + 1;
    while (e < pts.length && classOf(pts[e].y) === cl) e++;
    const xa = X(pts[k].x), xb = e < pts.length ? X(pts[e].x) : X(pts[e - 1].x) + 1;
    ctx.fillStyle = fills[cl];
    ctx.fillRect(xa, bandTop, Math.max(1, xb - xa), bandH);
    k = e;
  }
  ctx.strokeStyle = '#59636e';
  ctx.strokeRect(0.5, bandTop + 0.5, W - 1, bandH);
  for (const ev of sim.events) {
    if (ev.t < t0) continue;
    const x = Math.min(W - 7, Math.max(7, X(ev.t)));
    ctx.fillStyle = ev.kind === 1 ? '#b42318' : ev.kind === 2 ? '#1d232b' : '#8c959f';
    ctx.beginPath(); ctx.moveTo(x - 6, 1); ctx.lineTo(x + 6, 1); ctx.lineTo(x, bandTop - 1); ctx.closePath(); ctx.fill();
    ctx.fillRect(x - 1, bandTop, 2, bandH);
  }
  ctx.fillStyle = '#1d232b';
  ctx.textBaseline = 'top';
  ctx.textAlign = 'left';
  ctx.fillText(`${fmt(Number(t0.toFixed(2)))} s`, 2, bandTop + bandH + 3);
  ctx.textAlign = 'right';
  ctx.fillText(`${fmt(Number(t1.toFixed(2)))} s`, W - 2, bandTop + bandH + 3);
}

