// workerInbox.js: a worker's messages kept while its modules are still loading.
// A module worker runs its own body only once every module it imports has
// run, and i18n/index.js awaits the page's table at its top level (?lang=fr:
// the French table is fetched); a message the page posts meanwhile is
// dispatched to no handler and lost (the robot worker's first 'load' was:
// the French page waited its 60 s limit for a MuJoCo the worker never
// started). Import this module first: it listens at once and hands what it
// kept to the handler listen() installs.
const early = [];
self.onmessage = (e) => { early.push(e); };

/** Installs handler as the worker's onmessage, after the messages kept so far. */
export function listen(handler) {
  self.onmessage = handler;
  for (const e of early.splice(0)) handler(e);
}
