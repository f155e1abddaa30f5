// laws/problem.js: a law the core refuses at this Z (Fs < Fc, Kikuuwe's
// eq. 15 …): its sentence and, when a stiffer contact meets eq. 15, the
// button that sets the smallest such K (×1.05), in the chart it concerns; the
// charts greyed with their last curves, their exports disabled.
import { t, tCore } from '../../i18n/index.js';
import { fmt } from '../../format.js';
import { messageBox } from '../../layout.js';

/** The problem's box (hidden): { box, msg, fix }. */
export function problemBox() {
  const box = document.createElement('div');
  box.className = 'laws-problem';
  box.id = 'laws-problem';
  box.hidden = true;
  const msg = messageBox();
  const fix = document.createElement('button');
  fix.type = 'button';
  fix.hidden = true;
  box.append(msg, fix);
  return { box, msg, fix };
}

// exports of an invalid state are disabled (the charts hold old curves)
function setExports(lv, why) {
  const { main, err } = lv;
  for (const b of [main, err]) {
    b.head.querySelectorAll('.chart-tools button').forEach((btn) => {
      btn.disabled = !!why;
      btn.title = why ? t('laws.export.off', { why }) : '';
    });
    b.head.querySelector('.chart-tools').title = why ? t('laws.export.off', { why }) : '';
  }
}

// The smallest K (with B and T fixed) for which Kikuuwe's condition holds:
// found by bisection on the core's own check (monotone in K).
function smallestValidK(lv, l) {
  const { core, values, ctls, PARAMS } = lv;
  let lo = 0, hi = ctls.K ? PARAMS.find((p) => p.key === 'K').max : 1e6;
  if (core.law.check(l, 1 / (hi * values.T + values.B))) return null;
  for (let i = 0; i < 60; i++) {
    const mid = 0.5 * (lo + hi);
    if (core.law.check(l, 1 / (mid * values.T + values.B))) lo = mid; else hi = mid;
  }
  return hi;
}

/** The law l's problem at Z said (lv: the view's state and elements);
 *  true when there is one (the curves are then kept as they were). */
export function showProblem(lv, l, Z) {
  const { core, values, ctls, main, err, lutInfo, pb: { box, msg, fix } } = lv;
  const bad = core.law.problem(l, Z);
  const problem = bad ? tCore(bad) : null; // the core's sentence in the page's language
  msg.hidden = !problem;
  msg.textContent = problem || '';
  box.hidden = !problem;
  fix.hidden = true;
  setExports(lv, problem ? t('laws.export.invalid') : '');
  main.box.classList.toggle('greyed', !!problem);
  err.box.classList.toggle('greyed', !!problem);
  if (problem) {
    // only Kikuuwe's condition (eq. 15) can be met by a stiffer contact
    const k = bad.code === 'FRIC_E_NO_TRANSFORM' ? smallestValidK(lv, l) : null; // null: no K helps
    if (k !== null) {
      fix.hidden = false;
      const target = Number((k * 1.05).toPrecision(3));
      fix.textContent = t('laws.setK', { K: fmt(target), k: fmt(k) });
      fix.onclick = () => { values.K = target; ctls.K.value = target; lv.redraw(); };
    }
    // keep the last curves on screen, greyed, so nothing jumps
    main.update();
    err.update();
    lutInfo.textContent = '';
    return true;
  }
  return false;
}
