// live/run.js: the one live-run object of the live views: the simulations
// of one scenario that run side by side (the pendulum's treatments A and B,
// the arm's methods A and B, the well-posedness view's screw), their
// restart, retune and end, and the rows of each step handed to the view.
//
//   const run = liveRun({ core, scenario: () => name, count: () => 2,
//     params: (i) => Float64Array, sideMsg, endMsg, loop: () => loop,
//     onRows(i, res, sim) {…},            // res = { rows, count, done } of sim.step
//     failed(i, e) → the end message      // a step threw (the view may show e first)
//     doneText(i) → the end message,      // the scenario reached its end
//     onRetuneError(e) → true if handled });
//   run.sims; run.ended ('' or why); run.restart(); run.retune() (false: onRetuneError took it); run.advance(n);
//   run.end(why); run.dispose()
// restart() frees the old simulations and makes new ones (a core error goes
// to sideMsg, and no simulation runs); the view then clears its series and
// takes the row of t = 0 with run.advance(1).

export function liveRun({ core, scenario, count = () => 1, params, sideMsg, endMsg, loop, onRows, failed, doneText,
  onRetuneError = null }) {
  const self = {
    sims: [],
    ended: '',
    restart() {
      loop().restart();
      self.free();
      sideMsg.hidden = true;
      try {
        for (let i = 0; i < count(); i++) {
          const s = core.scenario.simulation(scenario(), {});
          self.sims.push(s);
          s.reset(params(i));
        }
      } catch (e) {
        self.free();
        sideMsg.hidden = false;
        sideMsg.textContent = e.message;
      }
      self.ended = '';
      endMsg.hidden = true;
    },
    retune() {
      sideMsg.hidden = true;
      try {
        self.sims.forEach((s, i) => s.retune(params(i)));
      } catch (e) {
        if (onRetuneError && onRetuneError(e)) return false;
        sideMsg.hidden = false;
        sideMsg.textContent = e.message;
      }
      return true;
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
