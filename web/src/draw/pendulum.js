// draw/pendulum.js: the picture of the pendulum view (and of the In MuJoCo
// view's pendulum, web/src/views/mujoco/picture.js): one arm per treatment
// in its swing circle, the goal dashed, a STICK/SLIP badge, the angle, the
// velocity and the reversal rate below (the sample of the status line, in its
// words and units: angleText, velocityText). Drawn in CSS pixels (the backing
// store follows the canvas's CSS size × devicePixelRatio), so its text has
// the size it says. Where it drew each arm is a test hook
// (window.__fx.pendulum.geometry).
import { t, tChoice } from '../i18n/index.js';
import { SIDE_COLORS } from '../charts.js';
import { fmtNumber, localNumber } from '../format.js';
import { setHook, clearHook } from '../testHooks.js';
import { paramIndex } from '../../../wasm/friction.js';

export const fmtRate = (v) => fmtNumber(v, { small: Infinity, expDigits: 2 });

// below this |θ̇| [rad/s] a velocity is rounding residue of the step (about
// five units in the last place of 1 rad/s): it is written as 0, with the bound
// (the clip treatment leaves −1.67e-19 rad/s where the lesson says it holds
// still; the value is the core's, only its display is rounded)
export const DQ_RESOLUTION = 1e-15;

/** θ as the picture and the status line write it: rad, then degrees. */
export const angleText = (q) => localNumber(`${q.toFixed(4)} rad (${(q * 180 / Math.PI).toFixed(2)}°)`);

/** θ̇ as the picture and the status line write it (unit included). */
export function velocityText(v) {
  if (v !== 0 && Math.abs(v) < DQ_RESOLUTION) return `0 rad/s (|θ̇| < ${localNumber(DQ_RESOLUTION.toExponential())})`;
  return `${fmtRate(v)} rad/s`;
}

/** The pendulum view's arm i: its angle and goal from the scenario's last row
 *  (before the first step, θ(0) and the constant goal); started: a row exists. */
function rowPose(m, sim, row) {
  const { info, values } = m;
  const get = (name) => row[m.col(sim, name)];
  const q = row ? get('q') : values[paramIndex(info, 'q0')];
  // a constant goal shows at once, even paused; a trajectory's as it runs
  const goal = m.isConstantGoal() ? values[paramIndex(info, 'goal')] : row ? get('goal') : null;
  return { q, goal, started: !!row };
}

/** The three lines under an arm of the pendulum view. */
const pendulumLines = (r) => [`θ = ${angleText(r.q)}`, `θ̇ = ${velocityText(r.dq)}`, t('pendulum.picture.reversals', { rate: r.rate.toFixed(0), all: r.reversals })];

/** picture(canvas, m, { sims(), series(), names(), readout(i) }): readout(i)
 *  is the sample the view's status line shows ({ q, dq, stuck, rate,
 *  reversals } or null), so that the numbers under an arm and in the status
 *  line are one value; the arm itself moves with every step.
 *  Another view draws its own arms with the optional
 *  pose(i) → { q, goal (null: none), started } [rad, 0 hangs down; default:
 *  the pendulum scenario's row], label(i) (the title; default "A: name", the
 *  treatment's name in the page's language, tChoice),
 *  lines(readout) (the text under the arm; default θ, θ̇, reversals) and
 *  area (the test hook's area: window.__fx[area].geometry; default 'pendulum').
 *  Returns { draw(), geometry(), goalFromEvent(e), dispose() }. */
export function picture(canvas, m, { sims, series, names, readout,
  pose = (i) => rowPose(m, sims()[i], series()[i].row),
  label = (i) => t('pendulum.picture.title', { who: i ? 'B' : 'A', name: tChoice(names()[i]) }),
  lines = pendulumLines, area = 'pendulum' }) {
  let fontPx = 13; // >= 13 CSS px; larger on a tall canvas (presentation mode)
  let cssW = 0, cssH = 0;
  const resize = () => {
    const r = canvas.getBoundingClientRect();
    const dpr = window.devicePixelRatio || 1;
    cssW = Math.max(1, Math.round(r.width));
    cssH = Math.max(1, Math.round(r.height));
    fontPx = Math.max(13, Math.round(cssH / 22));
    canvas.width = Math.round(cssW * dpr);
    canvas.height = Math.round(cssH * dpr);
    draw();
  };
  const observer = new ResizeObserver(resize);
  observer.observe(canvas);

  /** Where each arm is drawn (CSS px of the canvas): the swing circle holds the
   *  arm and the mass at any angle; the badge and the text lie below it. */
  function geometry() {
    const n = Math.max(1, sims().length);
    const pw = cssW / n, lineH = fontPx + 5, badgeH = fontPx + 8, badgeW = Math.round(fontPx * 5), mass = Math.round(fontPx * 0.85);
    const top = lineH + 4, below = 6 + badgeH + 4 + 3 * lineH;
    const Rc = Math.max(20, Math.min(pw / 2 - 8, (cssH - top - below) / 2));
    const L = Rc - mass - 3;
    return Array.from({ length: n }, (_, i) => {
      const cx = pw * (i + 0.5), cy = top + Rc;
      const by = cy + Rc + 6;
      return { cx, cy, L, Rc, massR: mass, badge: { x: cx - badgeW / 2, y: by, w: badgeW, h: badgeH }, textY: by + badgeH + 4 + fontPx, lineH };
    });
  }

  function draw() {
    if (!cssW) return;
    const ctx = canvas.getContext('2d');
    const dpr = canvas.width / cssW;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, cssW, cssH);
    const geo = geometry();
    const drawn = [];
    ctx.font = `${fontPx}px system-ui, sans-serif`;
    ctx.textAlign = 'center';
    sims().forEach((_, i) => {
      const g = geo[i];
      const { cx, cy, L } = g;
      ctx.fillStyle = '#eef1f5';
      ctx.beginPath(); ctx.arc(cx, cy, g.Rc, 0, 2 * Math.PI); ctx.fill();
      ctx.fillStyle = '#1d232b';
      ctx.fillText(label(i), cx, fontPx + 2);
      const { q, goal, started } = pose(i);
      if (goal !== null) {
        ctx.strokeStyle = '#9aa4b2'; ctx.setLineDash([5, 4]); ctx.lineWidth = 2;
        ctx.beginPath(); ctx.moveTo(cx, cy); ctx.lineTo(cx + L * Math.sin(goal), cy + L * Math.cos(goal)); ctx.stroke();
        ctx.setLineDash([]);
      }
      // arm and mass (q = 0 hangs down)
      const x = cx + L * Math.sin(q), y = cy + L * Math.cos(q);
      ctx.strokeStyle = '#2b3440'; ctx.lineWidth = 4;
      ctx.beginPath(); ctx.moveTo(cx, cy); ctx.lineTo(x, y); ctx.stroke();
      ctx.fillStyle = SIDE_COLORS[i]; ctx.beginPath(); ctx.arc(x, y, g.massR, 0, 2 * Math.PI); ctx.fill();
      ctx.fillStyle = '#2b3440'; ctx.beginPath(); ctx.arc(cx, cy, 4, 0, 2 * Math.PI); ctx.fill();
      drawn.push({ cx, cy, L, swingRadius: g.Rc, mass: { x, y, r: g.massR }, badge: g.badge, goal });
      const r = readout(i);
      if (!started || !r) return;
      const b = g.badge;
      ctx.fillStyle = r.stuck ? '#1a7f37' : '#d1242f';
      ctx.fillRect(b.x, b.y, b.w, b.h);
      ctx.fillStyle = '#fff';
      ctx.fillText(r.stuck ? t('pendulum.picture.stick') : t('pendulum.picture.slip'), cx, b.y + b.h - 5);
      ctx.fillStyle = '#1d232b';
      const text = lines(r);
      text.forEach((line, k) => ctx.fillText(line, cx, g.textY + k * g.lineH));
      drawn[drawn.length - 1].text = text;   // what the picture says (the browser test reads it)
    });
    setHook(area, 'geometry', { cssWidth: cssW, cssHeight: cssH, fontPx, panels: drawn });
  }

  /** The goal angle under the pointer: from the centre of the arm under it. */
  function goalFromEvent(e) {
    const r = canvas.getBoundingClientRect();
    const px = e.clientX - r.left, py = e.clientY - r.top;
    const geo = geometry();
    const i = Math.min(geo.length - 1, Math.max(0, Math.floor(px / (r.width / geo.length))));
    return Math.atan2(px - geo[i].cx, py - geo[i].cy);
  }

  return {
    draw, geometry, goalFromEvent,
    dispose() { observer.disconnect(); clearHook(area, 'geometry'); },
  };
}
