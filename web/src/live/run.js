// live/run.js: the one live-run object of the live views: the simulations
// of one scenario that run side by side (the pendulum's treatments A and B,
// the arm's methods A and B, the well-posedness view's screw), their
// restart, retune and end, and the rows of each step handed to the view.
//
//   const run = liveRun({ core, scenario: (i) => name, count: () => 2,   // scenario(i): simulation i's
//     params: (i) => Float64Array, sideMsg, endMsg, loop: () => loop,   // endMsg: a message box on the picture
//     onRows(i, res, sim) {…},            // res = { rows, count, done } of sim.step
//     failed(i, e) → the end message      // a step threw (the view may show e first)
//     doneText(i) → the end message,      // the scenario reached its end
//     onRetuneError(e) → true if handled,
//     onRetuned() });                     // after a retune that returns '' (save the URL, repaint)
//   run.sims; run.ended ('' or why); run.restart(); run.retune() → '' or the refusal;
//   run.probe() → '' or the refusal (before a restart that a parameter change asks for); run.advance(n);
//   run.end(why); run.dispose()
// restart() frees the old simulations and makes new ones; a core error means
// that no simulation runs: it is written on the picture (endMsg, in the
// picture's box, so in view in presentation mode too), run.ended holds it
// and the loop is paused (Play waits for a Reset);
// the view then clears its series and takes the row of t = 0 with
// run.advance(1). retune() applies the view's parameters to the running
// simulations; when the core refuses them (and onRetuneError does not take
// the error) the simulations keep the parameters they had, and the core's
// message is returned for the view to show beside the control that changed
// (paramPanel takes the change back); '' when applied or taken. probe()
// starts the view's parameters in scratch simulations and returns the core's
// refusal of a parameter (a range, a law, eq. 15, a missing preset), so that a
// change that needs a restart is taken back like a retune; a run that the core
// stops at its start (rule = stop) is not a refusal of a parameter: the
// restart shows it on the picture.
// sideMsg (optional): a message of the side column, hidden at every restart
// and retune (the view may use it for what is not about one control).
import { t } from '../i18n/index.js';

// the codes of a refused parameter (fric_status.h); other errors stop a run
const PARAM_CODES = new Set(['FRIC_E_PARAM_RANGE', 'FRIC_E_LAW_INVALID', 'FRIC_E_NO_TRANSFORM', 'FRIC_E_NO_PRESET']);

export function liveRun({ core, scenario, count = () => 1, params, sideMsg, endMsg, loop, onRows, failed, doneText,
  onRetuneError = null, onRetuned = null }) {
  /** The view's parameters to the running simulations: '' or the refusal. */
  function apply() {
    if (sideMsg) sideMsg.hidden = true;
    try {
      self.sims.forEach((s, i) => s.retune(params(i)));
    } catch (e) {
      if (onRetuneError && onRetuneError(e)) return '';
      return e.message;
    }
    return '';
  }
  const self = {
    sims: [],
    ended: '',
    restart() {
      loop().restart();
      self.free();
      if (sideMsg) sideMsg.hidden = true;
      self.ended = '';
      endMsg.hidden = true;
      try {
        for (let i = 0; i < count(); i++) {
          const s = core.scenario.simulation(scenario(i), {});
          self.sims.push(s);
          s.reset(params(i));
        }
      } catch (e) {
        self.free();
        self.end(t('live.notStarted', { message: e.message }));
        self.ended = e.message;
      }
    },
    retune() {
      const why = apply();
      if (!why && onRetuned) onRetuned();
      return why;
    },
    probe() {
      for (let i = 0; i < count(); i++) {
        const s = core.scenario.simulation(scenario(i), {});
        try {
          s.reset(params(i));
        } catch (e) {
          if (PARAM_CODES.has(e.code)) return e.message;
        } finally {
          s.free();
        }
      }
      return '';
    },
    end(why) {
      self.ended = why;
      endMsg.hidden = false;
      endMsg.textContent = why;
      loop().setPaused(true);
    },
    advance(nSteps) {
      for (let i = 0; i < self.sims.length; i++) {
        const sim = self.sims[i];
        if (sim.done) continue;
        let res;
        try {
          res = sim.step(nSteps);
        } catch (e) {
          self.end(failed(i, e));
          continue;
        }
        onRows(i, res, sim);
        if (res.done && !self.ended) self.end(doneText(i));
      }
    },
    free() {
      self.sims.forEach((s) => s.free());
      self.sims = [];
    },
    dispose() { self.free(); },
  };
  return self;
}
