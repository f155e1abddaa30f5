// servoFile.js: a servo's params file, checked the same way at every door
// of the page: the core's one check (core.io.servoFile,
// fric_bench_params_servo: `friction replay --params`'s, `fit --from`'s:
// actuator and model named, the servo buildable, the keys the core does not
// model carried with the core's sentence). Used by Your robot's params picker
// (views/mujoco/servoFiles.js: checkServoFile, through robot.js resolveServo)
// and by the Fit view's params-file door, `friction fit --from`'s
// (views/fit/: readFrom, fromStart as the CLI's read_from in cli/fit.c makes
// the start — a file of the fit's actuator; of the fit's model, its vector;
// of a simpler model the fit's contains, embedded by core.fit.embed,
// fric_fit_embed; one model only, as Fit all chains each model from the
// simpler ones fitted before it — and fromDrop, a params file dropped among
// the logs told from a log). No DOM.
import { t, tCore } from './i18n/index.js';
import { resolveServo } from './mujoco/robot.js';
import { readChecked } from './dropZone.js';

/** A params file's name in a mapping (@NAME), at every door that names a
 *  file (the page's params picker, the headless runner's `--params FILE`):
 *  its stem (no folder, no .json) with letters, digits, '_', '-' and '.'
 *  kept, any other run of characters (white space, ',', ';', '=', '@': a
 *  mapping's own) one '_', no '_' at either end; 'params' if none is left.
 *  xl330-m4.json → xl330-m4. */
export function servoName(fileName) {
  const stem = String(fileName).replace(/^.*[\\/]/, '').replace(/\.json$/i, '');
  return stem.replace(/[^A-Za-z0-9_.-]+/g, '_').replace(/^_+|_+$/g, '') || 'params';
}

/**
 * A chosen file (a File or { name, text() }) checked as a servo: { name (its
 * mapping name), text, label, warnings (the core's sentence for each key it
 * carries) } or { error: one sentence } (larger than a params file is read,
 * sized before it is read: core.io.checkSize; not JSON, no object, or the
 * core's refusal: core.io.servoFile through resolveServo).
 */
export async function checkServoFile(core, f) {
  let name = servoName(f.name);
  if (name === 'fit') name = 'fit_file';   // '@fit' is the view's fit
  try {
    const text = await readChecked(core, f, 'params');   // sized first: a 100 MB file is never read
    const r = resolveServo(core, `@${name}`, { [name]: text }, f.name);
    return { name, text, label: r.label, warnings: r.warnings };
  } catch (e) {
    return { error: e.message };
  }
}

/** Is json (JSON.parse's value) a params file rather than a log? An object
 *  with no "entries" (a log's samples) whose keys name the actuator, the
 *  model or a parameter of the bench (the core's table: kt, friction_base,
 *  …). */
export function looksLikeParams(core, json) {
  if (json === null || typeof json !== 'object' || Array.isArray(json) || 'entries' in json) return false;
  const names = new Set(core.scenario.find('bench').params.map((q) => q.name));
  return Object.keys(json).some((k) => names.has(k));
}

/** A params file (its name and text) as a starting point: { name, actuator
 *  (the core's name), model (1..6), start (its fit vector), carry, warnings
 *  (the core's sentence for each carried key) }. Throws one sentence: larger
 *  than a params file is read (core.io.checkSize: a file dropped among the
 *  logs is read to the log's limit), not JSON, or the core's refusal
 *  (core.io.servoFile, `params NAME: …`). */
export function readFrom(core, name, text) {
  core.io.checkSize('params', new TextEncoder().encode(text).length, name);
  let json;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new Error(t('fit.from.notJson', { name, message: e.message }), { cause: e });
  }
  if (json === null || typeof json !== 'object' || Array.isArray(json)) throw new Error(t('fit.from.noObject', { name }));
  try {
    const r = core.io.servoFile(json, name);
    return { name, actuator: r.actuator, model: r.model, start: Array.from(r.start), carry: r.carry, warnings: r.warnings };
  } catch (e) {
    throw new Error(tCore(e), { cause: e });   // the core's sentence in the page's language
  }
}

/** The start of a fit of (actuator, model) from `from` (readFrom's), as
 *  `friction fit --from` makes it: the file's actuator must be the fit's;
 *  the file's model, or one the fit's model contains (embedded by the core).
 *  Returns the fit vector (an Array); throws one sentence. */
export function fromStart(core, from, actuator, model) {
  if (from.actuator !== actuator) throw new Error(t('fit.from.actuator', { name: from.name, file: from.actuator, act: actuator }));
  if (from.model === model) return Array.from(from.start);
  try {
    return Array.from(core.fit.embed(from.model, from.start, model));
  } catch (e) {
    throw new Error(t('fit.from.model', { name: from.name, file: from.model, model, why: tCore(e).replace(/\.$/, '') }), { cause: e });
  }
}

/** A dropped file (name, text) that is not a log: a params file is taken
 *  as the starting point (take(from) → a refusal sentence or null) and said
 *  so in one sentence; anything else is not for this door (null). Returns
 *  null, { note } or { problem }. */
export function fromDrop(core, name, text, take) {
  let json;
  try { json = JSON.parse(text); } catch { return null; }
  if (!looksLikeParams(core, json)) return null;
  let from;
  try {
    from = readFrom(core, name, text);
  } catch (e) {
    return { problem: t('fit.from.dropRefused', { name, message: e.message.replace(/\.$/, '') }) };
  }
  const refused = take(from);
  if (refused) return { problem: t('fit.from.dropOther', { name, message: refused.replace(/\.$/, '') }) };
  return { note: [t('fit.from.dropTaken', { name, act: from.actuator, model: from.model }), ...from.warnings].join(' ') };
}
