// wellposed/rules.js: what the rule of the live screw did at a step, read
// from screw-selflock's counters, and its words (Dupont §3.2, §4.2).
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
  const t = g('t');
  const tau = `τ_a = ${fmt(Number(g('tau_a').toFixed(3)))} N·m`;
  if (kind === 1) {
    return { cls: 'none', head: `t = ${t.toFixed(3)} s: no solution → impulsive stop`,
      text: `At ${tau} no acceleration satisfies the equations of motion of the descending screw. The rule stops it `
        + 'impulsively (Mason–Wang: an impact with zero approach velocity, §3.2): q̇ is set to 0 and the screw is held '
        + 'by the self-locking friction until the torque breaks it away.' };
  }
  if (kind === 3) {
    return { cls: 'info', head: `t = ${t.toFixed(3)} s: breakaway from rest`,
      text: `At ${tau} the torque leaves the dead band of the held screw (eq. 20) and it starts to move again.` };
  }
  // at a breakaway from rest with two solutions the simulation admits only
  // motion the way the torque left the dead band of eq. 20 (§4.2: the
  // violated inequality gives the direction; fric_fd.h) and keeps that one
  if (kinds.includes(3) && g('solutions') > 1) {
    const way = g('ddq') < 0 ? 'descends' : 'rises';
    return { cls: 'several', head: `t = ${t.toFixed(3)} s: two solutions at the breakaway → the rule keeps the one that ${way}`,
      text: `At ${tau} the torque leaves the dead band of the held screw (eq. 20) and two accelerations satisfy the `
        + 'equations of motion. At a breakaway only motion the way the torque left the band is admissible (§4.2: the '
        + `violated inequality gives the direction), so the rule keeps q̈ = ${fmt(Number(g('ddq').toFixed(4)))} rad/s²: `
        + `the screw ${way}.` };
  }
  return { cls: 'several', head: `t = ${t.toFixed(3)} s: two solutions → the rule keeps the continuous one`,
    text: `At ${tau} two accelerations satisfy the equations of motion (${g('solutions')} found). The rule keeps the one `
      + `continuous with the previous step, q̈ = ${fmt(Number(g('ddq').toFixed(4)))} rad/s², at every step while there `
      + 'are two; the other is as valid: the equations alone do not choose.' };
}
