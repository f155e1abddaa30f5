// fit/budget.js: the Fit view's budget field. Without a budget typed (none in
// the URL), each model gets its own default (core.fit.defaultBudget, the
// core's fric_fit_default_budget: M4–M6 make two independent tries) and the
// field shows the chosen model's; a typed budget applies to every model
// fitted (also "Fit all models"). A note under the field says the defaults.
import { numberControl } from '../../controls.js';
import { el } from '../../dom.js';
import { t } from '../../i18n/index.js';
import { isNative } from '../../fitModels.js';
import { stateParam } from '../../refusal.js';

const BUDGET_MIN = 1, BUDGET_MAX = 1e6;   // evaluations

/** budgetField({ core, state, model, save }) → { ctl, note, of(model), value,
 *  onModel(model) }: of(k) is the budget a fit of M<k> gets; value is the
 *  typed budget or null (saved in the URL by the view's save()). */
export function budgetField({ core, state, model, save }) {
  // a budget outside the field's range (budget=-1, abc) is refused (refusal.js)
  let budget = stateParam(state, 'budget', { min: BUDGET_MIN, max: BUDGET_MAX }, null);
  const of = (k) => budget ?? (isNative(k) ? core.native.defaultBudget() : core.fit.defaultBudget(k));
  const { budget: oneTry, tries } = core.fit.defaults();
  const ctl = numberControl({ label: t('fit.budget'), min: BUDGET_MIN, max: BUDGET_MAX, value: of(model), integer: true, log: true,
    sliderMin: 100, sliderMax: 1e5, help: t('fit.budget.help', { one: oneTry, all: tries * oneTry, tries }),
    onInput: (v) => { budget = v; save(); } });
  const note = el('p', { className: 'note', id: 'fit-budget-note' }, t('fit.budget.note', { one: oneTry, all: tries * oneTry, tries }));
  return {
    ctl, note, of,
    get value() { return budget; },
    onModel(k) { if (budget === null) ctl.value = of(k); },
  };
}
