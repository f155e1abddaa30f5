// draw/arm.js: the pictures of the Robot arm view, one canvas per method
// (the In MuJoCo view draws its arm with them too, web/src/views/mujoco/picture.js):
// the chain from the scenario's columns (joint angles → link positions with
// the link length of the parameters; the ground; the contact corners with
// normal-force arrows; a STICK/SLIP badge per joint, or a green/red ring
// round each motor unit beyond 3 joints; the target pose as a ghost). Where
// it drew is a test hook (window.__fx.arm.geometry[i]).
import { t, tChoice } from '../i18n/index.js';
import { SIDE_COLORS } from '../charts.js';
import { hook, clearHook } from '../testHooks.js';
import { localNumber } from '../format.js';

/** A planar chain from its base at (0, 0): joint angles qs [rad] (relative;
 *  all 0 hangs straight down), link lengths [m]. Returns { pts: the base and
 *  every link's end [[x, y] m], phi: the last link's absolute angle [rad] }. */
export function chain(lengths, qs) {
  let x = 0, y = 0, phi = 0;
  const pts = [[0, 0]];
  qs.forEach((q, k) => { phi += q; x += lengths[k] * Math.sin(phi); y -= lengths[k] * Math.cos(phi); pts.push([x, y]); });
  return { pts, phi };
}

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
  const { v, col } = m;
  const poseOf = pose ?? ((i) => (sims()[i] && m.info ? scenarioPose(sims()[i], series()[i]?.row) : null));
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

  /** The joint angles φ (absolute) and positions in metres of the drawn links,
   *  the ground height, the target pose, the contact corners. */
  function scenarioPose(sim, r) {
    const L = v('length'), w = v('width');
    const g = (name) => (r ? r[col(sim, name)] : null);
    const weight = m.scn === 'chain' ? v('n') * v('mass') * v('gravity') : 2 * v('mass') * v('gravity');
    const out = { L, width: w, weight, links: [], ground: null, ghost: null, corners: [], stick: [] };
    const chainFrom = (qs) => chain(qs.map(() => L), qs);
    const corners = (tip, phi) => [-1, 1].map((s) => [tip[0] + s * (w / 2) * Math.cos(phi), tip[1] + s * (w / 2) * Math.sin(phi)]);
    if (m.scn === 'arm1') {
      const q = r ? g('q') : v('q0');
      out.links = chainFrom([q]).pts;
      const qd = r ? g('q_d') : 0;
      out.ghost = chainFrom([qd]).pts;
      out.stick = r ? [g('stick')] : [];
      out.box = [-1.3 * L, 1.3 * L, -1.3 * L, 1.3 * L];
    } else if (m.scn === 'arm2-ground') {
      const qs = r ? [g('q1'), g('q2')] : [v('q1_0'), v('q2_0')];
      const c = chainFrom(qs);
      out.links = c.pts;
      out.ghost = chainFrom([v('q1_d'), v('q2_d')]).pts;
      out.ground = -v('ground');
      out.corners = corners(c.pts[2], c.phi).map((p, k) => ({ p, fn: r ? g(`fn${k + 1}`) : 0 }));
      out.stick = r ? [g('stick1'), g('stick2')] : [];
      out.box = [-2.05 * L, 2.05 * L, out.ground - 0.05, 2.05 * L];
    } else {
      const n = v('n');
      // every joint from the scenario's shape (fric_scenario.shape); before
      // the first step, the start pose: link 1 at q1_0, the others straight
      const shape = r ? sim.shape() : null;
      if (shape) {
        for (let k = 0; k < shape.length; k += 3) {
          out.links.push([shape[k], shape[k + 1]]);
          if (shape[k + 2] >= 0) out.stick.push(shape[k + 2]);   // −1: the tip, no joint
        }
        out.compact = n > 3;   // many joints: a coloured ring each, not a text badge
      } else {
        out.links = chainFrom([v('q1_0'), ...new Array(n - 1).fill(0)]).pts;
      }
      const tip = out.links[out.links.length - 1], prev = out.links[out.links.length - 2];
      const phi = Math.atan2(tip[0] - prev[0], prev[1] - tip[1]);   // u = (sin φ, −cos φ)
      out.ground = -v('ground_depth') * n * L;
      out.corners = corners(tip, phi).map((p, k) => ({ p, fn: r ? g(`fn${k + 1}`) : 0 }));
      out.nStick = r ? g('n_stick') : null;
      out.box = [-1.05 * n * L, 1.05 * n * L, out.ground - 0.05 * n * L, 0.35 * n * L];
    }
    return out;
  }

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
