// draw/arm.js: the pictures of the Robot arm view, one canvas per method
// (the In MuJoCo view draws its arm with them too, web/src/views/mujoco/picture.js):
// the chain from the scenario's columns (joint angles → link positions with
// the link length of the parameters; the ground; the contact corners with
// normal-force arrows; a STICK/SLIP badge per joint, or a green/red ring
// round each motor unit beyond 3 joints; the target pose as a ghost). Where
// it drew is a test hook (window.__fx.arm.geometry[i]). Roles: armPose.js (the
// chain and a scenario's pose), armBadge.js (a joint's badge placed).
import { t, tChoice } from '../i18n/index.js';
import { SIDE_COLORS } from '../charts.js';
import { hook, clearHook } from '../testHooks.js';
import { localNumber } from '../format.js';
import { scenarioPose } from './armPose.js';
import { stickBadge } from './armBadge.js';

export { chain } from './armPose.js';

/** pictures(canvases, m, { sims(), series(), shown(i) }): { draw(i), xform(i), dispose() }.
 *  shown(i): the row the view's clock and status line show (sampled a few
 *  times a second); the numbers under an arm are that row's, so one quantity
 *  reads one value on the page; the arm itself moves with every step.
 *  Another view draws its own chains with the optional pose(i) → the drawn
 *  pose or null (nothing to draw): { L, width [m], links [[x, y] m, the base
 *  first], ghost (the dashed target pose) or null, ground [m] or null,
 *  corners [{ p, fn }], stick [1/0 per joint], box [x0, x1, y0, y1] m,
 *  weight [N] (scales the force arrows) }, label(i) (the title), text(i, pose)
 *  (the lines below), textLines (the lines kept free below the arm: 0 when
 *  text gives none), area (the test hook's: window.__fx[area].geometry), and
 *  the pose's optional reach [m] (the half disc below the base the chain can
 *  hang into, drawn faint: where an arm that slips falls). */
export function pictures(canvases, m, { sims, series, shown, pose = null, label = null, text = null, area = 'arm', textLines = 2 }) {
  const { col } = m;
  const poseOf = pose ?? ((i) => (sims()[i] && m.info ? scenarioPose(m, sims()[i], series()[i]?.row) : null));
  const labelOf = label ?? ((i) => t('pendulum.picture.title', { who: i ? 'B' : 'A', name: tChoice(m.methods[m.methodOf(i)]) })); // the method's name in the page's language
  const textOf = text ?? scenarioText;
  const sizes = canvases.map(() => ({ w: 0, h: 0 }));
  const xforms = canvases.map(() => null); // canvas px ↔ metres of the last drawing
  const resizeObs = new ResizeObserver(() => {
    canvases.forEach((c, i) => {
      const r = c.getBoundingClientRect(), dpr = window.devicePixelRatio || 1;
      sizes[i] = { w: Math.max(1, Math.round(r.width)), h: Math.max(1, Math.round(r.height)) };
      c.width = Math.round(sizes[i].w * dpr);
      c.height = Math.round(sizes[i].h * dpr);
      drawArm(i);
    });
  });
  canvases.forEach((c) => resizeObs.observe(c));

  function drawArm(i) {
    const { w: W, h: H } = sizes[i];
    if (!W) return;
    const c = canvases[i], ctx = c.getContext('2d');
    const dpr = c.width / W;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, W, H);
    const fontPx = Math.max(13, Math.round(H / 24));
    ctx.font = `${fontPx}px system-ui, sans-serif`;
    ctx.textAlign = 'center';
    ctx.fillStyle = '#1d232b';
    ctx.fillText(labelOf(i), W / 2, fontPx + 2);
    const P = poseOf(i);
    if (!P) return;
    // scale: the reach of the arm fits the canvas below the title
    const lineH = fontPx + 5, top = fontPx + 8, bottom = textLines * lineH + 6;
    const [bx0, bx1, by0, by1] = P.box;
    const s = Math.max(1, Math.min((W - 16) / (bx1 - bx0), (H - top - bottom) / (by1 - by0)));
    const ox = W / 2 - s * (bx0 + bx1) / 2, oy = top + (H - top - bottom) / 2 + s * (by0 + by1) / 2;
    const X = (p) => ox + s * p[0], Y = (p) => oy - s * p[1];
    xforms[i] = { ox, oy, s };
    if (P.ground !== null) {
      const gy = Y([0, P.ground]);
      ctx.fillStyle = '#e7e2d6';
      ctx.fillRect(0, gy, W, Math.max(0, H - bottom - gy));
      ctx.strokeStyle = '#6b5d45'; ctx.lineWidth = 2;
      ctx.beginPath(); ctx.moveTo(0, gy); ctx.lineTo(W, gy); ctx.stroke();
    }
    const poly = (pts, color, width, dash = [], cap = 'round') => {
      ctx.strokeStyle = color; ctx.lineWidth = width; ctx.setLineDash(dash); ctx.lineCap = cap; ctx.lineJoin = 'round';
      ctx.beginPath(); pts.forEach((p, k) => (k ? ctx.lineTo(X(p), Y(p)) : ctx.moveTo(X(p), Y(p)))); ctx.stroke();
      ctx.setLineDash([]);
    };
    if (P.reach) {
      ctx.fillStyle = '#eef1f5';   // the bench picture's swing circle (draw/pendulum.js)
      ctx.beginPath(); ctx.arc(X([0, 0]), Y([0, 0]), s * P.reach, 0, Math.PI); ctx.closePath(); ctx.fill();
    }
    if (P.ghost) poly(P.ghost, 'rgba(120,130,145,0.55)', Math.max(3, 0.06 * s * P.L), [6, 5]);
    // the links at their true width w, ending square at the distal corners (the contact points)
    poly(P.links, '#2b3440', Math.max(3, s * P.width), [], 'butt');
    // the normal-force arrows (drawn last; the badges keep clear of them):
    // length ∝ f_n, 1 N = fScale px
    const fScale = (0.25 * (H - top - bottom)) / Math.max(1e-9, P.weight);
    const arrows = P.corners.filter((k) => k.fn > 0)
      .map((k) => ({ x: X(k.p), y: Y(k.p), len: Math.min(0.4 * H, k.fn * fScale) }));
    // motor units at the joints
    const jointPts = P.links.slice(0, -1);
    const unitR = Math.max(5, Math.min(14, 0.12 * s * P.L));
    const badges = [];   // the badges drawn so far, CSS px (the next one keeps clear of them)
    jointPts.forEach((p, j) => {
      ctx.fillStyle = SIDE_COLORS[i]; ctx.beginPath(); ctx.arc(X(p), Y(p), unitR, 0, 2 * Math.PI); ctx.fill();
      ctx.fillStyle = '#fff'; ctx.beginPath(); ctx.arc(X(p), Y(p), unitR / 3, 0, 2 * Math.PI); ctx.fill();
      // STICK/SLIP badge beside each joint
      const st = P.stick[j];
      if (st === undefined || st === null) return;
      if (P.compact) {
        ctx.strokeStyle = st > 0.5 ? '#1a7f37' : '#d1242f';
        ctx.lineWidth = 3;
        ctx.beginPath(); ctx.arc(X(p), Y(p), unitR + 3, 0, 2 * Math.PI); ctx.stroke();
        return;
      }
      stickBadge(ctx, { X, Y, P, W, fontPx, unitR, arrows, badges, jointPts }, p, j, st);
    });
    // contact corners and their normal forces (the arrows above)
    for (const k of P.corners) {
      ctx.fillStyle = k.fn > 0 ? '#d1242f' : '#59636e';
      ctx.beginPath(); ctx.arc(X(k.p), Y(k.p), 4, 0, 2 * Math.PI); ctx.fill();
    }
    for (const { x, y, len } of arrows) {
      ctx.strokeStyle = '#d1242f'; ctx.lineWidth = 3;
      ctx.beginPath(); ctx.moveTo(x, y); ctx.lineTo(x, y - len); ctx.stroke();
      ctx.beginPath(); ctx.moveTo(x, y - len - 8); ctx.lineTo(x - 5, y - len); ctx.lineTo(x + 5, y - len); ctx.closePath(); ctx.fillStyle = '#d1242f'; ctx.fill();
    }
    // read-out below
    ctx.fillStyle = '#1d232b';
    const lines = textOf(i, P);
    // a line wider than the canvas (a narrow window, French words) is narrowed to fit (fillText's maxWidth)
    lines.forEach((line, k) => ctx.fillText(line, W / 2, H - (lines.length - k - 1) * lineH - 5, W - 8));
    hook(area, 'geometry', {})[i] = { width: W, height: H, fontPx, joints: jointPts.length, corners: P.corners.length, ox, oy, scale: s, text: lines,
      links: P.links.map(([x, y]) => [X([x, y]), Y([x, y])]), badges, unitR };
  }

  /** The lines under the scenario's arm i: the shown row's time, stick state and normal forces. */
  function scenarioText(i, P) {
    const sim = sims()[i], sr = shown(i) || series()[i]?.row;
    const text = [];
    if (sr) {
      const tRow = sr[col(sim, 't')];
      const extra = `${stickText(m, sim, sr)}${m.scn === 'chain' && P.compact ? t('arm.rings') : ''}`;
      text.push(`t = ${localNumber(tRow.toFixed(3))} s   ${extra}`);
      if (col(sim, 'fn1') >= 0) text.push(localNumber(`fₙ = ${sr[col(sim, 'fn1')].toFixed(2)} / ${sr[col(sim, 'fn2')].toFixed(2)} N`));
    }
    return text;
  }

  return {
    draw: drawArm,
    xform: (i) => xforms[i],
    dispose() { resizeObs.disconnect(); clearHook(area, 'geometry'); },
  };
}

/** The stick/slip words of a row r of sim (the picture's, and the arm
 *  view's status line). */
export function stickText(m, sim, r) {
  const word = (stuck) => (stuck ? t('pendulum.picture.stick') : t('pendulum.picture.slip'));
  if (m.scn === 'arm1') return word(r[m.col(sim, 'stick')] > 0.5);
  if (m.scn === 'arm2-ground') return [1, 2].map((j) => t('arm.joint', { j, state: word(r[m.col(sim, `stick${j}`)] > 0.5) })).join(', ');
  return t('arm.stuck', { n: r[m.col(sim, 'n_stick')], of: m.v('n') });
}
