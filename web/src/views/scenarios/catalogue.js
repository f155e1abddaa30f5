// scenarios/catalogue.js: the Scenarios view's systems (web/src/catalogue.js,
// below the views: which scenario, its controls, plots and overlay; its title
// and text are the core's registry's, fric_scenario's title and blurb, read in
// index.js), the lesson, and the view's constants (the texts: i18n/ scenarios.*).
import { t } from '../../i18n/index.js';
export { num, SCENARIOS, columnLabel } from '../../catalogue.js';

export const BUCKETS = 2000;              // envelope buckets over the run's time
export const CSV_LIMIT = 200 * 1024 * 1024; // the browser's full-rate CSV stops here
export const DEBOUNCE_MS = 250;
export const REDRAW_MS = 500;             // chart redraws while a run streams in

export const LESSON = {
  notice: t('scenarios.lesson.notice'),
  // each step starts by picking its scenario at its defaults (what following the
  // steps before it leaves there): its setup picks it (layout.js lessonFrame);
  // every number is checked against `friction run` by tests/web/e2e.d/lessons.mjs
  tryThis: [
    { setup: { scenario: 'model-a' }, text: t('scenarios.lesson.step1') },
    { setup: { scenario: 'models-bd' }, text: t('scenarios.lesson.step2') },
    { setup: { scenario: 'joint-step' }, text: t('scenarios.lesson.step3') },
    { setup: { scenario: 'screw' }, text: t('scenarios.lesson.step4') },
    { setup: { scenario: 'joint-step' }, text: t('scenarios.lesson.step5') },
  ],
};
