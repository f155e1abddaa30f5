// fit/from.js: the Fit view's params-file door (`friction fit --from`,
// web/src/servoFile.js): a params file chosen as the fit's starting point,
// its actuator and model taken (refused when the logs are of another
// actuator), its name in the URL (fit.from): Back, Forward and a tab switch
// find the file kept (store.js); a reload or a shared link says it is gone.
import { el } from '../../dom.js';
import { t } from '../../i18n/index.js';
import { readChecked } from '../../dropZone.js';
import { readFrom } from '../../servoFile.js';
import { kept } from './store.js';

/** The door's row and its parts: { row, input, clear, takeFrom(from): null,
 *  or the sentence of a refusal, render(), name(): the file's name for the
 *  URL (the one kept, or the one lost) }. onTaken(from): the view takes its
 *  actuator and model; err: the view's message box; save(): the URL written. */
export function fromDoor({ core, state, logs, err, onTaken, save }) {
  // the params-file door (`friction fit --from`, web/src/servoFile.js): the fit starts from a file
  const fromFile = el('input', { type: 'file', accept: '.json,application/json', id: 'fit-from' });
  fromFile.setAttribute('aria-label', t('fit.from.aria'));
  const fromNote = el('span', { className: 'note', id: 'fit-from-note', role: 'status' });
  const fromClear = el('button', { type: 'button', id: 'fit-from-clear', hidden: true }, t('fit.from.clear'));
  fromClear.setAttribute('aria-label', t('fit.from.clear.aria'));
  const fromRow = el('div', { className: 'row fit-from' },
    el('label', { className: 'file-pick', title: t('fit.from.title') }, t('fit.from.pick'), fromFile), fromNote, fromClear);

  /** Takes from (servoFile.js readFrom's) as the starting point: its actuator and
   *  model chosen, as a log's motor chooses the actuator; refused (a
   *  sentence returned) when the logs are of another actuator. */
  function takeFrom(from) {
    const have = logs.find((l) => l.actuator);
    if (have && have.actuator !== from.actuator) return t('fit.from.actuator', { name: from.name, file: from.actuator, act: have.actuator });
    kept.from = from;
    lostFrom = null;
    onTaken(from);
    renderFrom();
    return null;
  }
  // the starting file's name is in the URL (fit.from): Back, Forward and a
  // tab switch find the file kept (store.js) under it; a reload or a shared
  // link cannot bring a file back (the page never keeps one), so its name
  // and one sentence are shown instead, and the fit starts from the defaults
  let lostFrom = null;
  const named = state.get('from', null);
  if (named !== (kept.from?.name ?? null)) {
    kept.from = null;
    lostFrom = named;
  }
  function renderFrom() {
    const f = kept.from;
    fromNote.textContent = f ? [t('fit.from.is', { name: f.name, act: f.actuator, model: f.model }), ...f.warnings].join(' ')
      : lostFrom ? t('fit.from.lost', { name: lostFrom }) : '';
    fromClear.hidden = !f && !lostFrom;
  }
  renderFrom();
  fromFile.addEventListener('change', async () => {
    const f = fromFile.files[0];
    fromFile.value = '';
    if (!f) return;
    err.hidden = true;
    try {
      const refused = takeFrom(readFrom(core, f.name, await readChecked(core, f, 'params')));
      if (refused) throw new Error(refused);
    } catch (e) {
      err.textContent = e.message;
      err.hidden = false;
    }
  });
  fromClear.addEventListener('click', () => { kept.from = null; lostFrom = null; renderFrom(); save(); });

  return { row: fromRow, input: fromFile, clear: fromClear, takeFrom, render: renderFrom, name: () => kept.from?.name ?? lostFrom };
}
