// fit/store.js: the Fit view's work, kept for the page's life (in memory: the
// logs may be many megabytes, more than sessionStorage holds). The view is
// mounted again at every tab switch and at Back/Forward (main.js); it takes
// its logs and its fit results from here, so a switch to another view and
// back loses nothing. A reload or a closed tab does lose them: the page then
// asks first (beforeunload) while a fit result has not been exported
// (downloaded, copied, or opened in the bench or drive view), and "Clear
// logs" asks before it drops logs and results.

/** The kept work: logs ({ name, text, log, … } of logs.js), the results of
 *  the last fit (the coordinator's 'model-done' messages), whether one of
 *  them went out of the page, and the params file the fit starts from
 *  (servoFile.js readFrom's, or null). */
import { t } from '../../i18n/index.js';

export const kept = { logs: [], results: [], exported: false, from: null };

/** A new fit starts: its results replace the last fit's, none exported yet. */
export function newResults() {
  kept.results = [];
  kept.exported = false;
  return kept.results;
}

/** Is there a fit result that would be lost (none of it exported)? */
export function unsaved() {
  return kept.results.length > 0 && !kept.exported;
}

/** The exports of a result box (the ids of fit/results.js): a click on one
 *  marks the results as taken out of the page. */
const EXPORTS = '#fit-download, #fit-copy, #fit-open-bench, #fit-open-drive';
export function watchExports(box) {
  box.addEventListener('click', (e) => { if (e.target.closest(EXPORTS)) kept.exported = true; });
}

/** The result shown after a fit: the model of lowest validation MAE of a
 *  "Fit all models" (the view's own choice at the end of a chain), else the
 *  last; null without results. */
export function shownResult() {
  const r = kept.results;
  if (r.length < 2) return r[0] || null;
  return r.filter((x) => Number.isFinite(x.valid)).reduce((a, b) => (!a || b.valid < a.valid ? b : a), null) || r[r.length - 1];
}

/** "Clear logs": asks (window.confirm) and empties the logs and the results;
 *  false when the user kept them. */
export function clearLogs() {
  const n = kept.logs.length;
  if (!n && !kept.results.length) return true;
  const lost = unsaved() ? t('fit.clear.lost') : '';
  if (!window.confirm(n === 1 ? t('fit.clear.confirm.one', { lost }) : t('fit.clear.confirm', { n, lost }))) return false;
  kept.logs.length = 0;
  newResults();
  kept.exported = false;
  return true;
}

window.addEventListener('beforeunload', (e) => {
  if (!unsaved()) return;
  e.preventDefault();
  e.returnValue = '';   // the browser's own question: leave the page?
});
