// fit/space.js: the search space of the Fit view: the core's default space
// of (actuator, model) with the user's edits (free, lo, hi, held value per
// parameter), the table that edits it (a typed value is refused in place
// when the core does not accept the space, fric_fit_space_check), and the
// edits in the URL.
import { el, symbolNodes } from '../../dom.js';
import { t } from '../../i18n/index.js';
import { fmtNum } from './text.js';
import { parseNumber } from '../../format.js';
import { isNative, freeCount } from '../../fitModels.js';

/** searchSpace(charts, { core, keys, edits, st, save }): st = the view's
 *  { actuator, model, job }; returns { box, table, msg, spaceOf(k),
 *  renderBounds(), spaceText(), readSpace(text), dropEdits(from) (the
 *  actuator changed: the edits go, in one sentence), say(text) }. */
export function searchSpace(charts, { core, keys, edits, st, save }) {
  /** The edits of the search space in the URL: `key:free,lo,hi,value` joined
   *  by ';' (empty: the core's default space). */
  function spaceText() {
    return [...edits].map(([k, e]) => `${k}:${e.free ? 1 : 0},${e.lo},${e.hi},${e.value}`).join(';');
  }
  /** Reads spaceText() back; an entry that names no parameter or holds
   *  anything but four numbers (free 0 or 1) is dropped and named. */
  function readSpace(text) {
    const bad = [];
    for (const item of String(text || '').split(';').filter(Boolean)) {
      const m = /^([^:]+):(.*)$/.exec(item);
      const nums = m ? m[2].split(',').map((x) => parseNumber(x, '.')) : [];
      if (!m || !keys.some((k) => k.key === m[1]) || nums.length !== 4 || !nums.every(Number.isFinite) || !(nums[0] === 0 || nums[0] === 1)) {
        bad.push(item);
        continue;
      }
      edits.set(m[1], { free: nums[0] === 1, lo: nums[1], hi: nums[2], value: nums[3] });
    }
    return bad;
  }

  const boundsBox = el('details', { className: 'chart-box fit-bounds', open: true });
  const boundsSummary = el('summary', {}, t('fit.space'));
  const boundsTable = el('table', { className: 'fit-table', id: 'fit-bounds' });
  const boundsMsg = el('div', { className: 'ctl-msg', id: 'fit-bounds-msg', 'aria-live': 'polite' });
  const resetBounds = el('button', { type: 'button' }, t('fit.space.reset'));
  resetBounds.addEventListener('click', () => { edits.clear(); save(); renderBounds(); });
  boundsBox.append(boundsSummary, el('p', { className: 'note' }, ...symbolNodes(t('fit.space.note'))), boundsTable, boundsMsg, resetBounds);
  charts.append(boundsBox);

  /** The space of (actuator, model): the core's default with the user's
   *  edits. A free parameter's held value (used once it is unticked) starts
   *  at the published preset's, else at the core's (the centre of its box:
   *  fric_fit_space_default; no published file needed). */
  function spaceOf(k) {
    const s = core.fit.space(st.actuator, k);
    let pre = null;
    try { pre = core.fit.presetParams(st.actuator, k); } catch { /* none published: the core's value (the box's centre) */ }
    keys.forEach(({ key }, i) => {
      if (pre && s.used[i] && s.free[i]) s.value[i] = pre[i];
      const e = edits.get(key);
      if (!e || !s.used[i]) return;
      s.free[i] = e.free;
      s.lo[i] = e.lo;
      s.hi[i] = e.hi;
      s.value[i] = e.value;
    });
    return s;
  }

  function renderBounds() {
    if (isNative(st.model)) {
      // MuJoCo's own joint is fitted in the core's box (fric_native_fit_space_default, as `friction fit --model native`)
      boundsSummary.textContent = t('fit.space.native');
      boundsMsg.textContent = '';
      boundsTable.replaceChildren();
      return;
    }
    const s = spaceOf(st.model);
    boundsSummary.textContent = t('fit.space.of', { act: st.actuator, model: st.model, n: freeCount(s) });
    boundsMsg.textContent = '';
    const thead = el('thead', {}, el('tr', {}, ...t('fit.space.cols').split('|')
      .map((h) => el('th', { scope: 'col' }, h))));
    const tbody = el('tbody');
    keys.forEach(({ key, unit }, i) => {
      if (!s.used[i]) return;
      const tr = el('tr', { dataset: { key } });
      const cur = () => edits.get(key) || { free: s.free[i], lo: s.lo[i], hi: s.hi[i], value: s.value[i] };
      const free = el('input', { type: 'checkbox', checked: s.free[i] });
      free.setAttribute('aria-label', t('fit.space.free.aria', { key }));
      free.addEventListener('change', () => { commit(key, { ...cur(), free: free.checked }, null); });
      const field = (name) => {
        const inp = el('input', { type: 'text', inputMode: 'decimal', autocomplete: 'off', spellcheck: false,
          className: 'ctl-num', value: fmtNum(cur()[name]), dataset: { field: name } });
        inp.setAttribute('aria-label', `${key}: ${name === 'value' ? t('fit.space.held') : name}${unit ? ` [${unit}]` : ''}`);
        inp.addEventListener('keydown', (e) => {
          if (e.key === 'Enter') { e.preventDefault(); inp.dispatchEvent(new Event('change')); }
          else if (e.key === 'Escape') { e.preventDefault(); e.stopPropagation(); inp.value = fmtNum(cur()[name]); inp.removeAttribute('aria-invalid'); boundsMsg.textContent = ''; }
        });
        inp.addEventListener('change', () => {
          // the one parser of typed numbers (format.js: the decimal comma in French)
          const typed = parseNumber(inp.value);
          if (!Number.isFinite(typed)) {
            refuse(inp, t('fit.space.nan', { key, name, raw: inp.value }), fmtNum(cur()[name]));
            return;
          }
          commit(key, { ...cur(), [name]: typed }, inp);
        });
        return inp;
      };
      // a held value outside [lo, hi] (the published xl330 M4 α = 0.76 in [1, 10]) is said so
      const v = cur();
      const outside = v.value < v.lo || v.value > v.hi;
      const valueCell = el('td', {}, field('value'), outside ? el('div', { className: 'note fit-outside' },
        t(v.free ? 'fit.space.outside.free' : 'fit.space.outside.held', { lo: fmtNum(v.lo), hi: fmtNum(v.hi) })) : '');
      tr.append(el('th', { scope: 'row' }, key), el('td', {}, free), el('td', {}, field('lo')), el('td', {}, field('hi')),
        valueCell, el('td', { className: 'unit' }, unit || '—'));
      if (!s.free[i]) tr.classList.add('held');
      tbody.append(tr);
    });
    boundsTable.replaceChildren(thead, tbody);
    boundsTable.querySelectorAll('input').forEach((x) => { x.disabled = !!st.job; });
  }

  /** The actuator changed from `from` to st.actuator: the edits were made in
   *  `from`'s space (a held kt of the xl330 is not the sts3215's), so they go,
   *  said in one sentence; '' when there were none (a kt
   *  held at 0.5 for the xl330 stayed held for the sts3215 logs, unsaid). */
  function dropEdits(from) {
    if (!edits.size || from === st.actuator) return '';
    const list = [...edits].map(([key, e]) => (e.free
      ? t('fit.space.dropped.box', { key, lo: fmtNum(e.lo), hi: fmtNum(e.hi) })
      : t('fit.space.dropped.held', { key, value: fmtNum(e.value) }))).join(', ');
    edits.clear();
    save();
    return t('fit.space.dropped', { list, from, to: st.actuator });
  }

  /** A sentence under the space's table (after renderBounds). */
  function say(text) { boundsMsg.textContent = text; }

  function refuse(inp, why, kept) {
    if (inp) inp.setAttribute('aria-invalid', 'true');
    boundsMsg.textContent = t('fit.space.keeping', { why, kept });
  }

  /** Applies an edit when the core accepts the space (fric_fit_space_check), else refuses it in place. */
  function commit(key, e, inp) {
    const before = edits.get(key);
    edits.set(key, e);
    const problem = core.fit.spaceProblem(st.model, spaceOf(st.model));
    if (problem) {
      if (before) edits.set(key, before); else edits.delete(key);
      const name = inp ? inp.dataset.field : 'free';
      renderBounds();
      const again = boundsTable.querySelector(`tr[data-key="${key}"] [data-field="${name}"]`);
      refuse(again, problem.message.replace(/\.$/, ''), t('fit.space.previous'));
      if (again) again.focus();
      return;
    }
    save();
    renderBounds();
  }

  return { box: boundsBox, table: boundsTable, msg: boundsMsg, spaceOf, renderBounds, spaceText, readSpace, dropEdits, say };
}
