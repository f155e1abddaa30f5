// pace.mjs: the page's pace, the reference that the e2e checks of a page
// "answering while it works" judge their durations against (e2e.d/fig1.mjs,
// mujocodeep.mjs, mujocoworker.mjs, robotfiles.mjs, views.mjs).
//
// A loaded machine stretches every task of the page's thread alike: a frame,
// MuJoCo's start, a parse, and a fixed piece of arithmetic (WORK below). So a
// frame gap, a timer's lateness or the time to a sentence is bounded by a
// floor (what the check allowed on a quiet machine) times the page's slowdown:
// WORK's time in the same page, sampled every EVERY_MS by a timer of the page
// while the check watches (performance.now() on both sides, the same clock as
// the gaps; their median), over WORK's time on a quiet machine (QUIET_MS).
// A task of the page's own that blocks the thread (what these checks catch:
// seconds on a quiet machine) does not stretch the samples: they run between
// the page's tasks, so only the machine's load moves them.
//
//   const p = pacer(page);
//   await p.start();  …the watched work…  const s = await p.stop();
//   s.slowdown (≥ 1), s.text (for the check's line); within(floorMs, s) = floorMs × s.slowdown
//
// The margin: the checks' floors sit 4× or more above their quiet figures
// (e.g. 250 ms against 1 s), and the slowdown is the median of WORK's times
// over the watched time, the page's usual share of a core in those seconds
// (a long task stretches by that share; a short one may also wait for a
// core, tens of ms, which the floors absorb): a check fails under load only
// if the page's thread got more than 4× less than its usual share of those
// same seconds throughout a gap. (The 90th percentile was tried: at a load
// average of 7 it read ×2.4 to ×7.8 while the gaps stayed under 450 ms, a
// bound looser than a regression of 2–3 s needs.)

// WORK: N_WORK rounds of xorshift32, about QUIET_MS on the 2-core machine of
// this project (the smallest of 200 samples in headless Chromium, 9.7 ms, 2026-11-27;
// the median 10.0 ms at a load average of 5)
const N_WORK = 6e6;
export const QUIET_MS = 10;
const EVERY_MS = 250;   // [ms] between two samples (WORK takes ~4 % of the page's thread)

/** The sampler of the page's pace: start() (a first, unrecorded round warms
 *  the JIT) and a first sample, stop() → pace(samples). */
export function pacer(page) {
  const start = () => page.evaluate(({ n, every }) => {
    const work = () => {
      let x = 2463534242;
      for (let i = 0; i < n; i++) { x ^= x << 13; x ^= x >>> 17; x ^= x << 5; }
      return x;
    };
    if (window.__pacer) clearInterval(window.__pacer.timer);   // a check that failed before its stop()
    const p = (window.__pacer = { samples: [], sink: work(), timer: 0 });
    p.sample = () => {
      const t0 = performance.now();
      p.sink ^= work();
      p.samples.push(performance.now() - t0);
    };
    p.sample();
    p.timer = setInterval(p.sample, every);
  }, { n: N_WORK, every: EVERY_MS });
  // one sample more at the end: a short watch has two at least
  const stop = async () => pace(await page.evaluate(() => {
    const p = window.__pacer;
    clearInterval(p.timer);
    p.sample();
    window.__pacer = null;
    return p.samples;
  }));
  return { start, stop };
}

/** The figures of WORK's samples [ms]: median, 90th percentile, the slowdown
 *  (median against QUIET_MS, at least 1: a faster machine keeps the floors), a text. */
export function pace(samples) {
  const x = samples.slice().sort((a, b) => a - b);
  const at = (q) => (x.length ? x[Math.min(x.length - 1, Math.max(0, Math.ceil(q * x.length) - 1))] : QUIET_MS);
  const median = at(0.5), p90 = at(0.9);
  const slowdown = Math.max(1, median / QUIET_MS);
  return { samples, median, p90, slowdown,
    text: `page slowdown ×${slowdown.toFixed(1)} (a fixed task ${median.toFixed(1)} ms, median of ${x.length}, p90 ${p90.toFixed(1)} ms; ${QUIET_MS} ms quiet)` };
}

/** floorMs stretched by the page's slowdown s (pace() or pacer().stop()). */
export const within = (floorMs, s) => floorMs * s.slowdown;

/** floorMs stretched by the slowdown of the page's slowest tenth of samples
 *  (p90 against QUIET_MS): the bound of a tail figure (the 95th percentile
 *  of a few dozen frame gaps is their second longest, one pause of the
 *  machine), judged like with like. A task of the page's own that blocks
 *  its thread still fails it: the samples run between the page's tasks, so
 *  it delays them without stretching them (seconds against ~1 s at a load
 *  average of 17, the most seen: ×11.9). */
export const withinTail = (floorMs, s) => floorMs * Math.max(1, s.p90 / QUIET_MS);
