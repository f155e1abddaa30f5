// testHooks.js: the one registry of what the browser tests (tests/web/e2e.mjs
// and tests/web/e2e.d/*.mjs) read from the page: window.__fx.<area>.<hook>.
//
//   __fx.core.wrapper              the wasm wrapper (main.js; for the console)
//   __fx.core.say                  the page's tCore (i18n/index.js: a core or binding
//                                  sentence in the page's language)
//   __fx.charts.all                every chart's data: Chart.js charts and the
//                                  live charts' mirrors (a Set)
//   __fx.fit.workers               the live fit workers (a Set)
//   __fx.pendulum.frameStats       ms of page work per animation frame
//   __fx.pendulum.chartWorkerStats ms of the chart worker per update
//   __fx.pendulum.geometry         where the picture draws each arm
//   __fx.arm.frameStats / .contactRows / .geometry
//   __fx.wellposed.frameStats / .events / .map
//   __fx.mujoco.frameStats / .figures() / .replay / .version   the In MuJoCo view
//   __fx.mujoco.compileGuard       the robot's worker: { limitMs, loadMs, stepMs, last, kill() } (views/mujoco/robotWorker.js)
//   __fx.mujoco.loader             MuJoCo's instances: { instances, failNext } (views/mujoco/load.js)
//   __fx.embed.applyMs             ms each embedding host's set-state took to apply (embed.js)
//   __fx.mujocoBench.geometry / __fx.mujocoArm.geometry     where its picture draws
// A view sets its hooks on mount and clears them on dispose (only those it
// set itself, so a newer mount's hooks stay).

const root = () => {
  if (typeof window === 'undefined') return null;
  window.__fx = window.__fx || {};
  return window.__fx;
};

/** Sets window.__fx[area][name] = value; returns value. */
export function setHook(area, name, value) {
  const r = root();
  if (r) (r[area] = r[area] || {})[name] = value;
  return value;
}

/** The hook window.__fx[area][name], or `init` (stored) when there is none. */
export function hook(area, name, init) {
  const r = root();
  if (!r) return init;
  const a = (r[area] = r[area] || {});
  if (a[name] === undefined && init !== undefined) a[name] = init;
  return a[name];
}

/** Removes window.__fx[area][name] if it is `value` (any value when omitted). */
export function clearHook(area, name, value) {
  const a = root()?.[area];
  if (a && (value === undefined || a[name] === value)) delete a[name];
}
