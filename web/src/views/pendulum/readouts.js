// pendulum/readouts.js: the picture's box and its words: the core's refusal
// above the canvas, the run's end, the status line (goal, each simulation's
// angle, velocity, stick or slip and reversal rate), the whole seconds, and
// the clock with the speed achieved.
import { t, tChoice } from '../../i18n/index.js';
import { fmt } from '../../format.js';
import { el } from '../../dom.js';
import { messageBox } from '../../layout.js';
import { paramIndex } from '../../../../wasm/friction.js';
import { angleText, velocityText } from '../../draw/pendulum.js';

/** The picture's box appended to mainCol: { canvas, endMsg, picMsg, status, seconds }. */
export function pictureBox(mainCol) {
  const canvas = el('canvas', { id: 'pendulum-canvas', role: 'img', tabIndex: 0,
    'aria-label': t('pendulum.canvas.aria') });
  const endMsg = Object.assign(messageBox(), { id: 'pendulum-end' });
  // a refusal of the core (the bench cannot start or retune) is written on
  // the picture it stops, above the canvas
  const picMsg = Object.assign(messageBox(), { id: 'pendulum-refusal' });
  const status = el('div', { className: 'readout', id: 'pendulum-status', 'aria-live': 'polite' });
  // each simulation at the last whole seconds of its run (θ, reversals in
  // that second): the lesson's "at 2 s", "at 9 s" read off the screen, not
  // caught by a pause
  const seconds = el('div', { className: 'readout', id: 'pendulum-seconds', 'aria-live': 'off' });
  mainCol.append(el('section', { className: 'chart-box', 'aria-label': t('pendulum.box.aria') }, picMsg, canvas, endMsg, status, seconds));
  return { canvas, endMsg, picMsg, status, seconds };
}

/** The clock, the status line and the whole seconds of view p at time tNow. */
export function writeText(p, tNow) {
  const { m, values, dtIdx, info, run, series, speedLog, who } = p;
  const dt = values[dtIdx];
  let speedText = t('pendulum.clock.paused');
  if (!p.loop.paused) {
    // achieved speed: simulated time over real time, over the last second
    const a = speedLog[0], b = speedLog[speedLog.length - 1];
    const achieved = a && b[0] - a[0] > 200 ? (b[1] - a[1]) / ((b[0] - a[0]) / 1000) : null;
    speedText = achieved === null ? t('pendulum.clock.asked', { asked: fmt(m.speed) })
      : t('pendulum.clock.achieved', { achieved: fmt(Number(achieved.toPrecision(2))), asked: fmt(m.speed) });
  }
  p.clock.textContent = t('pendulum.clock', { t: tNow.toFixed(3), dt: fmt(dt), speed: speedText });
  const nm = p.names().map(tChoice); // the treatments' names in the page's language
  const g = series[0]?.row ? series[0].row[m.col(run.sims[0], 'goal')] : values[paramIndex(info, 'goal')];
  p.status.textContent = `${t('pendulum.status.goal', { goal: g.toFixed(4) })}  |  ` + run.sims.map((sim, i) => {
    const r = p.shown[i];
    if (!r) return t('pendulum.status.notStarted', { who: who(i), name: nm[i] });
    return t('pendulum.status.sim', { who: who(i), name: nm[i], q: angleText(r.q), dq: velocityText(r.dq),
      state: r.stuck ? t('pendulum.status.stick') : t('pendulum.status.slip'), rate: r.rate.toFixed(0), all: r.reversals });
  }).join('  |  ');
  p.seconds.textContent = run.sims.map((sim, i) => {
    const ms = p.marks[i] || [];
    // the first mark kept is the base of the second after it
    const items = ms.slice(1).map((k, j) => t('pendulum.seconds.item', { n: k.n, q: angleText(k.q), rate: k.rev - ms[j].rev }));
    return items.length ? t('pendulum.seconds', { who: who(i), name: nm[i], list: items.join(' · ') }) : '';
  }).filter(Boolean).join('\n');
}
