// live/loop.js: the one frame loop of the live views (pendulum bench, robot
// arm, well-posedness). Each animation frame runs the steps that the elapsed
// wall time × speed calls for, h at a time (never the frame's variable time:
// Box2D's fixed step), in chunks of `chunk` steps within `budgetMs` of work per
// frame; what does not fit is dropped (the view's clock shows the time
// reached). Paused, nothing runs; Step pauses and runs one h. While `ended()`
// (the run stopped or reached its end) Play and Step do nothing: the view's
// end message says to press Reset.
//
//   const loop = liveLoop({ playBtn, paused, h: () => dt, speed: () => speed,
//     live: () => run.sims.length > 0, ended: () => run.ended, advance(n) {…},
//     paint(all) {…}, onPause(paused) { saveState(); }, onFrame(now) {…}, frameStats });
//   loop.paused; loop.setPaused(p); loop.togglePause(); loop.step();
//   loop.restart() (a new run: no backlog, Play again after an end); loop.dispose()
// onFrame(now) (optional): after a running frame's steps, before its paint.
// frameStats (optional array): ms of work of every running frame (the last 2000 to 4000).

import { t } from '../i18n/index.js';
import { clearHook } from '../testHooks.js';

export function liveLoop({ playBtn, paused = false, h, speed, live, ended, advance, paint, onPause = () => {},
  onFrame = null, frameStats = null, budgetMs = 6, chunk = 500 }) {
  let acc = 0, last = performance.now(), raf = 0;
  const self = {
    get paused() { return paused; },
    setPaused(p) {
      paused = p;
      playBtn.textContent = paused ? t('runbar.play') : t('runbar.pause');
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
    /** A new run: no backlog; after an end (call it before the run clears
     *  its `ended`) it runs again. */
    restart() {
      acc = 0;
      if (ended()) { paused = false; playBtn.textContent = t('runbar.pause'); }
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
      // in chunks, within a time budget: what the machine cannot do in time
      // is dropped, and the clock shows the speed achieved
      while (n > 0 && !ended() && performance.now() - t0 < budgetMs) {
        const k = Math.min(n, chunk);
        advance(k);
        n -= k;
      }
      if (n > 0) acc = 0;
      if (onFrame) onFrame(now);
      paint(false);
      if (frameStats) {
        frameStats.push(performance.now() - t0);
        if (frameStats.length > 4000) frameStats.splice(0, 2000);
      }
    }
    raf = requestAnimationFrame(frame);
  }
  playBtn.textContent = paused ? t('runbar.play') : t('runbar.pause');
  raf = requestAnimationFrame(frame);
  return self;
}

/** What a live view's mount returns (main.js mounts the views that
 *  views/index.js lists): dispose() disposes the loop,
 *  then each of `parts` in order (an object with dispose(), or a function),
 *  then clears the view's test hooks (`hooks`: [area, name, value] each);
 *  `actions` are the keyboard's: pause, single step, reset (`restart`),
 *  nudgeGoal and the legend. */
export function liveViewHandle({ loop, restart, nudgeGoal, legend, parts, hooks = [] }) {
  return {
    dispose() {
      loop.dispose();
      for (const p of parts) (typeof p === 'function' ? p() : p.dispose());
      for (const [area, name, value] of hooks) clearHook(area, name, value);
    },
    actions: {
      togglePause: () => loop.togglePause(),
      step: () => loop.step(),
      reset: () => restart(),
      nudgeGoal,
      legend,
    },
  };
}
