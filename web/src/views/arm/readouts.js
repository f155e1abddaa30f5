// arm/readouts.js: the Robot arm view's rows and words: each method's rows
// into its plotted series (the window kept), the steps with both contact
// corners active, when its corners first touched the ground and since when
// all its joints read STICK; the clock, the status line and those times as
// text (the lesson's times).
import { t, tChoice } from '../../i18n/index.js';
import { fmt, localNumber, fixedText } from '../../format.js';
import { appendPoints, trimWindow } from '../../live/series.js';
import { stickText } from '../../draw/arm.js';
import { WINDOW_S } from './state.js';

/** The rows res of method i (sim) into the view a's series, contact counts and times. */
export function onRows(a, i, res, sim) {
  const { m, contactRows } = a;
  const { col } = m;
  const k = m.plotKeys();
  const nc = sim.cols.length, s = a.series[i], rows = res.rows, ct = col(sim, 't');
  for (const key of ['q', 'fn', 'tf']) k[key].forEach((name, j) => appendPoints(s[key][j], rows, res.count, nc, ct, col(sim, name)));
  const c1 = col(sim, 'fn1'), c2 = col(sim, 'fn2');
  if (c1 >= 0) for (let r = 0, o = 0; r < res.count; r++, o += nc) if (rows[o + c1] > 0 && rows[o + c2] > 0) contactRows[i].both++;
  contactRows[i].all += res.count;
  const e = a.seen[i], cs = ['stick', 'stick1', 'stick2', 'n_stick'].map((n) => col(sim, n));
  for (let r = 0, o = 0; r < res.count; r++, o += nc) {
    const tr = rows[o + ct];
    if (c1 >= 0 && Number.isNaN(e.touch[0]) && rows[o + c1] > 0) e.touch[0] = tr;
    if (c2 >= 0 && Number.isNaN(e.touch[1]) && rows[o + c2] > 0) e.touch[1] = tr;
    const all = cs[3] >= 0 ? rows[o + cs[3]] >= m.v('n') : cs[1] >= 0 ? rows[o + cs[1]] > 0.5 && rows[o + cs[2]] > 0.5 : rows[o + cs[0]] > 0.5;
    if (!all) e.stickSince = null;
    else if (e.stickSince === null) e.stickSince = tr;
  }
  if (res.count) s.row = rows.slice((res.count - 1) * nc, res.count * nc);
  trimWindow(['q', 'fn', 'tf'].flatMap((key) => s[key]), WINDOW_S, { minCut: 512 });
}

/** The clock, the status line and the times of the view a, from a.shownRows. */
export function writeText(a) {
  const { m, run, seen, clock, status, events } = a;
  const { methods, v, col } = m;
  const row = a.shownRows[0];
  const tNow = row ? row[col(run.sims[0], 't')] : 0;
  clock.textContent = t('wellposed.clock', { t: tNow.toFixed(3), h: fmt(v('dt')),
    speed: a.loop.paused ? t('pendulum.clock.paused') : t('wellposed.clock.asked', { speed: fmt(m.speed) }) });
  status.textContent = run.sims.map((sim, i) => {
    const r = a.shownRows[i];
    if (!r) return t('pendulum.status.notStarted', { who: i ? 'B' : 'A', name: tChoice(methods[m.methodOf(i)]) });
    const g = (name) => r[col(sim, name)];
    const qs = m.plotKeys().q.filter((n) => n !== 'q_d').map((n) => `${n} ${fixedText(g(n) * 180 / Math.PI, 1)}°`).join(', ');
    const fn = col(sim, 'fn1') >= 0 ? `, fₙ ${localNumber(g('fn1').toFixed(2))} / ${localNumber(g('fn2').toFixed(2))} N` : '';
    return t('arm.status.sim', { who: i ? 'B' : 'A', name: tChoice(methods[m.methodOf(i)]), qs, fn, state: stickText(m, sim, r) });
  }).join('  |  ');
  events.textContent = run.sims.map((sim, i) => {
    const e = seen[i];
    if (!e) return '';
    const touch = e.touch.map((x, j) => (Number.isNaN(x) ? null : t('arm.events.touch', { j: j + 1, t: x.toFixed(3) }))).filter(Boolean);
    return t('arm.events', { who: i ? 'B' : 'A', name: tChoice(methods[m.methodOf(i)]),
      touch: touch.length ? touch.join(', ') : t('arm.events.noTouch'),
      stick: e.stickSince === null ? '' : t('arm.events.stick', { word: t('pendulum.picture.stick'), t: e.stickSince.toFixed(3) }) });
  }).filter(Boolean).join('\n');
}
