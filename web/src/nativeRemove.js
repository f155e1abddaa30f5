// nativeRemove.js: the widget of a native params file in a view (the
// Pendulum view's replay panel, replay.js, and the drive view's band): the
// button that takes the native joint out. Apart from nativeFile.js, which the
// DOM-free library (mujoco/robotNative.js) reads native files through.
import { el } from './dom.js';
import { t } from './i18n/index.js';

/** The button that takes the native joint out of a view (drop(): the view
 *  removes its state entry and reloads). */
export function nativeRemove(drop) {
  const b = el('button', { type: 'button', className: 'native-remove', textContent: t('native.remove') });
  b.addEventListener('click', () => drop());
  return b;
}
