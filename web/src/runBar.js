// runBar.js: the run bar of the live views (pendulum bench, robot arm), one
// definition: Pause/Play, Step, Reset, the speed factor and the clock, first
// in the view so first in tab order. The view adds its own extra controls
// with `extra` (placed between the speed and the clock) and wires the buttons.
import { numberControl } from './controls.js';

/** A button with a tooltip. */
export function button(text, title) {
  const b = document.createElement('button');
  b.type = 'button';
  b.textContent = text;
  if (title) b.title = title;
  return b;
}

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
  bar.setAttribute('aria-label', `Run ${what}`);
  const playBtn = button('Pause', 'Pause or resume the simulation (Space in presentation mode)');
  const stepBtn = button('Step', `Advance one time step ${step} while paused (S)`);
  const resetBtn = button('Reset', 'Start again from t = 0 (R)');
  const speedCtl = numberControl({ label: 'speed ×', unit: '', min: 0.1, max: 10, value: speed, log: true, onInput: onSpeed });
  const clock = document.createElement('span');
  clock.className = `readout ${name}-clock`;
  clock.id = `${name}-clock`;
  clock.setAttribute('aria-live', 'off');
  bar.append(playBtn, stepBtn, resetBtn, speedCtl.el, ...extra, clock);
  container.prepend(bar);
  return { bar, playBtn, stepBtn, resetBtn, speedCtl, clock };
}

/**
 * The fixed-step clock of a live view (robot arm, well-posedness), one
 * definition. Each animation frame runs the steps that the elapsed wall time
 * × speed calls for, h at a time (never the frame's variable time), in chunks
 * of `chunk` steps within `budgetMs` of work per frame; what does not fit is
 * dropped (the view's clock shows the time reached). Paused, nothing runs;
 * Step pauses and runs one h. While `ended()` (the run stopped or reached its
 * end) Play and Step do nothing: the view's end message says to press Reset.
 *
 *   const loop = liveLoop({ playBtn, paused, h: () => dt, speed: () => speed,
 *     live: () => sims.length > 0, ended: () => !!ended, advance(n) {…},
 *     paint(all) {…}, onPause() { saveState(); }, frameStats });
 *   loop.paused; loop.setPaused(p); loop.togglePause(); loop.step();
 *   loop.restart() (a new run: no backlog, Play again after an end); loop.dispose()
 * frameStats (optional array): ms of work of every running frame (the last 2000 to 4000).
 */
export function liveLoop({ playBtn, paused = false, h, speed, live, ended, advance, paint, onPause = () => {},
  frameStats = null, budgetMs = 6, chunk = 500 }) {
  let acc = 0, last = performance.now(), raf = 0;
  const self = {
    get paused() { return paused; },
    setPaused(p) {
      paused = p;
      playBtn.textContent = paused ? 'Play' : 'Pause';
      last = performance.now();
      onPause(paused);
      paint(true);
    },
    togglePause() {
      if (ended() && paused) return;
      self.setPaused(!paused);
    },
    step() {
      if (!paused) self.setPaused(true);
      if (!ended()) advance(1);
      paint(true);
    },
    /** A new run: no backlog; after an end (call it before clearing the
     *  view's `ended`) it runs again. */
    restart() {
      acc = 0;
      if (ended()) { paused = false; playBtn.textContent = 'Pause'; }
    },
    dispose() { cancelAnimationFrame(raf); },
  };
  function frame(now) {
    const t0 = performance.now();
    const real = Math.min(0.1, (now - last) / 1000);
    last = now;
    if (!paused && live()) {
      const dt = h();
      acc += real * speed();
      let n = Math.floor(acc / dt);
      acc -= n * dt;
      while (n > 0 && !ended() && performance.now() - t0 < budgetMs) {
        const k = Math.min(n, chunk);
        advance(k);
        n -= k;
      }
      if (n > 0) acc = 0;
      paint(false);
      if (frameStats) {
        frameStats.push(performance.now() - t0);
        if (frameStats.length > 4000) frameStats.splice(0, 2000);
      }
    }
    raf = requestAnimationFrame(frame);
  }
  playBtn.textContent = paused ? 'Play' : 'Pause';
  raf = requestAnimationFrame(frame);
  return self;
}
