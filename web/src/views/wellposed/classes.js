// wellposed/classes.js: the three classes of the well-posedness map (no,
// one, several solutions): words first, then a colour (Okabe–Ito) and a
// pattern, so no reader depends on the colour alone.
import { t } from '../../i18n/index.js';
export const CLASSES = [
  { key: 'none', count: '0', word: t('wellposed.class.none'), fill: '#E69F00', ink: '#7a4a00', pattern: 'hatch' },
  { key: 'unique', count: '1', word: t('wellposed.class.unique'), fill: '#DDE5ED', ink: '#9aa6b2', pattern: 'plain' },
  { key: 'several', count: '2+', word: t('wellposed.class.several'), fill: '#0072B2', ink: '#ffffff', pattern: 'dots' },
];
export const classOf = (n) => (n <= 0 ? 0 : n === 1 ? 1 : 2);

/** The fill of class k on ctx: its colour, with its pattern (anchored to the
 *  canvas, so neighbouring cells join up); made once per context. */
const fillCache = new WeakMap();
export function patternFor(ctx, k) {
  if (!fillCache.has(ctx)) fillCache.set(ctx, CLASSES.map((_, j) => makeFill(ctx, j)));
  return fillCache.get(ctx)[k];
}
function makeFill(ctx, k) {
  const c = CLASSES[k];
  if (c.pattern === 'plain') return c.fill;
  const p = document.createElement('canvas');
  p.width = 8; p.height = 8;
  const g = p.getContext('2d');
  g.fillStyle = c.fill;
  g.fillRect(0, 0, 8, 8);
  g.strokeStyle = c.ink;
  g.fillStyle = c.ink;
  g.lineWidth = 1.4;
  if (c.pattern === 'hatch') {
    g.beginPath();
    g.moveTo(0, 8); g.lineTo(8, 0);
    g.moveTo(-2, 2); g.lineTo(2, -2);
    g.moveTo(6, 10); g.lineTo(10, 6);
    g.stroke();
  } else {
    g.beginPath(); g.arc(2, 2, 1.2, 0, 2 * Math.PI); g.fill();
    g.beginPath(); g.arc(6, 6, 1.2, 0, 2 * Math.PI); g.fill();
  }
  return ctx.createPattern(p, 'repeat');
}
