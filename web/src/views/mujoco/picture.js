// mujoco/picture.js: the live picture of the "In MuJoCo" view: the bench as
// one pendulum arm per treatment in its swing circle (the pendulum view's
// picture, web/src/draw/pendulum.js), the start angle θ₀ dashed, and
// the two-link arm once per treatment (the Robot arm view's pictures,
// web/src/draw/arm.js), its start pose dashed; the treatment's colour
// (SIDE_COLORS[k], as in the charts), a STICK/SLIP badge per joint. The arms move
// with the animation frames (MuJoCo's q now); the badges and the bench's
// numbers are the sample the table shows (figures.js, a few times a second),
// so one quantity reads one value on the page. Where it drew is a
// test hook: window.__fx.mujocoBench.geometry (panels: the pivot and the
// mass, CSS px) and window.__fx.mujocoArm.geometry[k] (links: the base and
// the link ends, CSS px).
import { el } from '../../dom.js';
import { t } from '../../i18n/index.js';
import { picture, angleText } from '../../draw/pendulum.js';
import { pictures, chain } from '../../draw/arm.js';
import { TREATMENTS, simLabel } from '../../mujoco/sim.js';
import { f3, creepValue } from './figures.js';

// the default arm (models.js armMjcf): link 1 0.3 m to joint 2; link 2 drawn
// 0.3 m (a uniform link with its mass centre at 0.15 m, as the MJCF's)
const ARM_LINKS = [0.3, 0.3];
const ARM_WIDTH = 0.03;                  // drawn link width [m]
const ARM_WEIGHT = 2.5 * 9.80665;        // [N] (no contacts: scales no arrow)
// seen from +y, along the hinge axis: MuJoCo's −x to the right (the links
// hang along −z; a rotation q > 0 about +y swings them to −x), so q > 0
// swings right as in the bench's picture. The box: the half disc of the
// arm's reach below the base (drawn: where an arm that slips falls, and
// swings to either side), and above it the start pose (its tip 0.02 m above
// the base) with room for the badges
const ARM_REACH = ARM_LINKS[0] + ARM_LINKS[1];
const ARM_BOX = [-ARM_REACH - 0.03, ARM_REACH + 0.03, -ARM_REACH - 0.03, 0.12];

const creepText = (j) => (j.stuck ? t('mujoco.pic.creepHeld') : t('mujoco.pic.creep', { v: creepValue(j) }));

/** The picture section (appended to parent); runs() the view's runs (figures.js
 *  order: pendulum then arm), q0() the bench's start angle [rad], custom() true
 *  when the arm is the user's own MJCF (no picture of it: the tables and charts
 *  show it). Returns { draw(), show(figures), dispose() }. */
export function mujocoPicture(parent, { runs, q0, custom }) {
  const benchCanvas = el('canvas', { id: 'mujoco-bench-canvas', role: 'img',
    'aria-label': t('mujoco.pic.bench.aria') });
  const armCanvases = TREATMENTS.map((tm) => el('canvas', { id: `mujoco-arm-canvas-${tm.key.toLowerCase()}`, className: 'mujoco-arm-canvas',
    role: 'img', 'aria-label': t('mujoco.pic.arm.aria', { t: tm.label }) }));
  const armNote = el('p', { className: 'note', id: 'mujoco-arm-own', hidden: true,
    textContent: t('mujoco.pic.own') });
  const armPics = el('div', { className: 'mujoco-arm-pics' }, ...armCanvases);
  parent.append(el('section', { className: 'chart-box mujoco-picture', id: 'mujoco-picture', 'aria-label': t('mujoco.pic.aria') },
    el('h3', { textContent: t('mujoco.pic.head') }), benchCanvas, armPics, armNote));

  let shown = null;   // the figures the table shows (figuresOf)
  const run = (id) => runs().find((r) => r.id === id);
  const shownJoints = (id, k) => shown?.[id]?.[TREATMENTS[k].key]?.joints ?? null;

  const benchLines = (j) => [`θ = ${angleText(j.q)}`, t('mujoco.pic.sag', { v: f3(j.sag) }), creepText(j)];

  const bench = picture(benchCanvas, null, {
    sims: () => run('pendulum')?.sims ?? [],
    series: () => [],
    names: () => TREATMENTS.map((tm) => tm.label),
    pose: (k) => ({ q: run('pendulum').sims[k].q(0), goal: q0(), started: true }),
    label: (k) => simLabel(run('pendulum')?.sims[k], k),
    readout: (k) => shownJoints('pendulum', k)?.[0] ?? null,
    lines: benchLines,
    area: 'mujocoBench',
  });

  const arm = pictures(armCanvases, {}, {
    sims: () => run('arm')?.sims ?? [],
    series: () => [],
    shown: () => null,
    label: (k) => TREATMENTS[k].label,
    pose: (k) => {
      const r = run('arm');
      if (!r || custom()) return null;
      const s = r.sims[k], js = shownJoints('arm', k);
      return { L: ARM_LINKS[0], width: ARM_WIDTH, weight: ARM_WEIGHT, ground: null, corners: [], box: ARM_BOX, reach: ARM_REACH,
        links: chain(ARM_LINKS, s.joints.map((_, i) => s.q(i))).pts,
        ghost: chain(ARM_LINKS, r.q0).pts,
        stick: js ? js.map((j) => (j.stuck ? 1 : 0)) : [] };
    },
    text: () => [],   // the arm's sags: in the table below (a number that changes every sample would redraw the canvas)
    textLines: 0,     // so no room is kept below the arm
    area: 'mujocoArm',
  });

  // a canvas is drawn again only when what it shows changed: an arm moved by
  // 1/4 CSS px at its end (drawn in this frame), or its badges or numbers
  // with a new sample of the table (one such canvas per frame, from the frame
  // after the table's on). A held arm costs no drawing: the page work budget
  // of the live views.
  const ids = ['bench', 0, 1, 2];
  const drawn = new Map(ids.map((c) => [c, { pos: '', text: '' }]));
  const texts = new Map(ids.map((c) => [c, '']));   // what the sample shown says on each canvas
  const keyOf = (qs, px) => (px ? qs.map((q) => Math.round(q * px * 4)).join(',') : 'first');
  let fresh = false;

  function posKey(c) {
    if (c === 'bench') {
      const pend = run('pendulum');
      return pend ? keyOf(pend.sims.map((s) => s.q(0)), bench.geometry()[0].L) : '-';
    }
    const s = run('arm')?.sims[c], x = arm.xform(c);
    return s ? keyOf(s.joints.map((_, i) => s.q(i)), x && x.s * ARM_LINKS[0]) : '-';
  }
  function paintCanvas(c, pos) {
    drawn.set(c, { pos, text: texts.get(c) });
    if (c === 'bench') bench.draw(); else arm.draw(c);
  }

  return {
    /** Every arm at MuJoCo's state now (drawn again only where it changed;
     *  all: every canvas now, as after a pause, a step or a restart). */
    draw(all = false) {
      const own = custom();
      armPics.hidden = own;
      armNote.hidden = !own;
      let late = null;
      for (const c of own ? ['bench'] : ids) {
        const pos = posKey(c), was = drawn.get(c);
        if (all || pos !== was.pos) paintCanvas(c, pos);
        else if (was.text !== texts.get(c) && late === null) late = [c, pos];
      }
      if (late && !fresh) paintCanvas(...late);
      fresh = false;
    },
    /** The figures the table shows now: the badges and numbers under the arms. */
    show(f) {
      shown = f;
      fresh = true;
      texts.set('bench', JSON.stringify(TREATMENTS.map((_, k) => shownJoints('pendulum', k)?.[0]).map((j) => (j ? [j.stuck, ...benchLines(j)] : null))));
      [0, 1, 2].forEach((k) => texts.set(k, JSON.stringify(shownJoints('arm', k)?.map((j) => j.stuck))));
    },
    dispose() { bench.dispose(); arm.dispose(); },
  };
}
