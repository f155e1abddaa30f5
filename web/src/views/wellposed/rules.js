// wellposed/rules.js: what the rule of the live screw did at a step, read
// from screw-selflock's counters, and its words (Dupont §3.2, §4.2).
import { t } from '../../i18n/index.js';
import { fmt } from '../../format.js';
/* col(name): the column of `name` in the rows, or -1. */
/** What happened at row r (prev: the row before), from screw-selflock's
 *  counters, in this order: 1 an impulsive stop (`impulses` grew: no
 *  solution, the screw stopped), 3 a breakaway from rest (not the rule:
 *  the torque left the dead band of eq. 20; logged so that the story reads
 *  whole), 2 the first step of a stretch with several solutions
 *  (`n_several` grew after a step with fewer than two: the rule keeps the
 *  one continuous with the previous step, at every step of the stretch). */
export function ruleAt(col, r, prev) {
  const g = (name) => { const c = col(name); return c >= 0 ? r[c] : NaN; };
  const p = (name) => { const c = col(name); return c >= 0 && prev ? prev[c] : 0; };
  const out = [];
  if (g('impulses') > p('impulses')) out.push(1);
  if (g('breakaways') > p('breakaways')) out.push(3);
  if (g('n_several') > p('n_several') && !(prev && p('solutions') > 1)) out.push(2);
  return out;
}

/** The text of action `kind` at row r (`kinds`: every action of the row). */
export function ruleText(col, kind, r, kinds) {
  const g = (name) => { const c = col(name); return c >= 0 ? r[c] : NaN; };
  const v = { t: g('t').toFixed(3), tau: `τ_a = ${fmt(Number(g('tau_a').toFixed(3)))} N·m`, ddq: fmt(Number(g('ddq').toFixed(4))),
    n: g('solutions') };
  if (kind === 1) return { cls: 'none', head: t('wellposed.rule.stop.head', v), text: t('wellposed.rule.stop', v) };
  if (kind === 3) return { cls: 'info', head: t('wellposed.rule.breakaway.head', v), text: t('wellposed.rule.breakaway', v) };
  // at a breakaway from rest with two solutions the simulation admits only
  // motion the way the torque left the dead band of eq. 20 (§4.2: the
  // violated inequality gives the direction; fric_fd.h) and keeps that one
  if (kinds.includes(3) && g('solutions') > 1) {
    const down = g('ddq') < 0;
    return { cls: 'several', head: t(down ? 'wellposed.rule.way.head.down' : 'wellposed.rule.way.head.up', v),
      text: t(down ? 'wellposed.rule.way.down' : 'wellposed.rule.way.up', v) };
  }
  return { cls: 'several', head: t('wellposed.rule.several.head', v), text: t('wellposed.rule.several', v) };
}
