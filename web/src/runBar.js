// runBar.js: the run bar of the live views (pendulum bench, robot arm), one
// definition: Pause/Play, Step, Reset, the speed factor and the clock, first
// in the view so first in tab order. The view adds its own extra controls
// with `extra` (placed between the speed and the clock) and wires the buttons
// to its frame loop (web/src/live/loop.js).
import { numberControl } from './controls.js';
import { button } from './dom.js';
import { t } from './i18n/index.js';


/**
 * @param {HTMLElement} container  the view (the bar is prepended to it)
 * @param {{ name: string, what: string, step: string, speed: number, onSpeed: (v: number) => void,
 *           extra?: HTMLElement[] }} o
 *   name: class prefix ('pendulum' → pendulum-runbar, pendulum-clock); what: 'the pendulum';
 *   step: the step's symbol in the Step tooltip ('dt', 'h')
 */
export function runBar(container, { name, what, step, speed, onSpeed, extra = [] }) {
  const bar = document.createElement('div');
  bar.className = `row ${name}-runbar`;
  bar.setAttribute('role', 'toolbar');
  bar.setAttribute('aria-label', t('runbar.aria', { what }));
  const playBtn = button(t('runbar.pause'), t('runbar.pause.title'));
  const stepBtn = button(t('runbar.step'), t('runbar.step.title', { step }));
  const resetBtn = button(t('runbar.reset'), t('runbar.reset.title'));
  const speedCtl = numberControl({ label: t('runbar.speed'), unit: '', min: 0.1, max: 10, value: speed, log: true, onInput: onSpeed });
  const clock = document.createElement('span');
  clock.className = `readout ${name}-clock`;
  clock.id = `${name}-clock`;
  clock.setAttribute('aria-live', 'off');
  bar.append(playBtn, stepBtn, resetBtn, speedCtl.el, ...extra, clock);
  container.prepend(bar);
  return { bar, playBtn, stepBtn, resetBtn, speedCtl, clock };
}
