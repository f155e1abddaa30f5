// draw/armBadge.js: a joint's STICK/SLIP badge on an arm's picture
// (draw/arm.js), placed beside the joint, away from the links that meet
// there, clear of the force arrows, the other badges and the motor units,
// and inside the canvas.
import { t } from '../i18n/index.js';

/** The badge of joint j at p (state st > 0.5: stick) on ctx; g = { X, Y (m →
 *  canvas px), P (the pose), W (the canvas width), fontPx, unitR (the motor
 *  units' radius), arrows (the force arrows), badges (drawn so far: this one
 *  is added), jointPts }. */
export function stickBadge(ctx, g, p, j, st) {
  const { X, Y, P, W, fontPx, unitR, arrows, badges, jointPts } = g;
  const label = st > 0.5 ? t('pendulum.picture.stick') : t('pendulum.picture.slip');
  ctx.font = `bold ${fontPx - 1}px system-ui, sans-serif`;
  const bw = ctx.measureText(label).width + 8, bh = fontPx + 4;
  // beside the joint, away from the links that meet there (the sum of their
  // unit vectors, on the canvas: y down), on the upper side: clear of the
  // links, and of the force arrows, which rise from the contact corners
  const away = [P.links[j - 1], P.links[j + 1]].filter(Boolean).reduce(([ux, uy], q) => {
    const dx = X(q) - X(p), dy = Y(q) - Y(p), d = Math.hypot(dx, dy) || 1;
    return [ux - dx / d, uy - dy / d];
  }, [0, 0]);
  let [ax, ay] = away;
  if (Math.hypot(ax, ay) < 0.3) [ax, ay] = [-1, -1];   // a straight joint: up-left
  if (ay > 0) ay = -0.3;                               // never below the joint
  // the badge's nearest corner a unit radius and a gap out along (ax, ay);
  // mirrored left-right when that box would cover a force arrow
  const place = (dx, dy) => {
    const an = Math.hypot(dx, dy);
    const cx = X(p) + (dx / an) * (unitR + 6), cy = Y(p) + (dy / an) * (unitR + 6);
    return [dx < 0 ? cx - bw : cx, cy - bh];
  };
  const hits = ([x0, y0]) => arrows.some((r) => x0 < r.x + 6 && x0 + bw > r.x - 6 && y0 < r.y && y0 + bh > r.y - r.len - 8);
  let [bx, by] = place(ax, ay);
  if (hits([bx, by]) && !hits(place(-ax, ay))) [bx, by] = place(-ax, ay);
  // a badge past the canvas's side (a narrow canvas, a longer word such as
  // the French GLISSE) goes to the other side, else is pushed inside
  const out = ([x0]) => x0 < 0 || x0 + bw > W;
  if (out([bx, by]) && !out(place(-ax, ay)) && !hits(place(-ax, ay))) [bx, by] = place(-ax, ay);
  bx = Math.max(0, Math.min(W - bw, bx));
  // on a badge drawn before or on a motor unit (two joints close together
  // on a narrow canvas): the first place round the joint that is clear of
  // the badges and the units, then of the arrows and the links (the other side, higher up, then
  // centred above or below the joint)
  const inside = ([x0, y0]) => [Math.max(0, Math.min(W - bw, x0)), Math.max(0, y0)];
  // on a badge drawn before, or on a motor unit (another joint's, close by)
  const onUnit = ([x0, y0]) => jointPts.some((q) => {
    const nx = Math.max(x0, Math.min(X(q), x0 + bw)), ny = Math.max(y0, Math.min(Y(q), y0 + bh));
    return Math.hypot(X(q) - nx, Y(q) - ny) < unitR + 2;
  });
  const onBadge = ([x0, y0]) => onUnit([x0, y0]) || badges.some((r) => x0 < r.x + r.w + 2 && x0 + bw + 2 > r.x && y0 < r.y + r.h + 2 && y0 + bh + 2 > r.y);
  const onLink = ([x0, y0]) => P.links.slice(1).some((q, k) => {
    const a = P.links[k];
    for (let u = 0; u <= 1; u += 0.05) {
      const x = X(a) + u * (X(q) - X(a)), y = Y(a) + u * (Y(q) - Y(a));
      if (x > x0 - 2 && x < x0 + bw + 2 && y > y0 - 2 && y < y0 + bh + 2) return true;
    }
    return false;
  });
  if (onBadge([bx, by])) {
    const tries = [...[[-ax, ay], [ax, -2], [-ax, -2]].map(([dx, dy]) => place(dx, dy)),
      [X(p) - bw / 2, Y(p) - unitR - 4 - bh], [X(p) - bw / 2, Y(p) + unitR + 4]].map(inside).filter((b) => !onBadge(b));
    const pick = tries.find((b) => !hits(b) && !onLink(b)) ?? tries.find((b) => !hits(b)) ?? tries[0];
    if (pick) [bx, by] = pick;
  }
  badges.push({ x: bx, y: by, w: bw, h: bh, joint: j });
  ctx.fillStyle = st > 0.5 ? '#1a7f37' : '#d1242f';
  ctx.fillRect(bx, by, bw, bh);
  ctx.fillStyle = '#fff';
  ctx.textAlign = 'left';
  ctx.fillText(label, bx + 4, by + bh - 4);
  ctx.textAlign = 'center';
  ctx.font = `${fontPx}px system-ui, sans-serif`;
}
