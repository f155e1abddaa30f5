// mujoco/servoFiles.js: the identified servos of Your robot beyond the
// core's presets: params files (bam's JSON of any model M1–M6, a params file
// downloaded from the Fit view, or a native one: MuJoCo's own servo, as the
// identification writes per joint and carries here) chosen here, and the fit the In MuJoCo
// view runs (a Fit view result opened in it: the view's fitted params file).
// Each is a servo '@name' of the mapping (robot.js resolveServo), checked by
// the core when chosen (core.io.servoFile, the check of every door: `{}`,
// a file with no actuator or model, a negative friction_base, R = 0 refused
// in the core's one sentence naming the file), so a file it refuses is said
// at once and is never listed nor reaches an Adopt; the keys the core does
// not model (a fork's command_delay) are noted, the core's sentence, beside
// the list (the check: web/src/servoFile.js checkServoFile).
import { el } from '../../dom.js';
import { t } from '../../i18n/index.js';
import { resolveServo } from '../../mujoco/robot.js';
import { checkServoFile } from '../../servoFile.js';

/**
 * @param {{ core: object, fitted: () => string|null, onChange: () => void, say: (msg: string) => void }} opts
 *   fitted: the view's fitted params file (JSON text) or null
 * @returns {{ el: HTMLElement, put(named: { name: string, text: string }[]): Promise<string>,
 *   servos(): Object<string, string>, sources(): Object<string, string>,
 *   choices(): { value: string, text: string }[] }}  sources: each file's name as chosen (the core's sentences name it)
 */
export function servoFiles({ core, fitted, onChange, say }) {
  const files = new Map();   // name → { text, label, warnings, file (its name as chosen) }
  const list = el('span', { className: 'note', id: 'mujoco-robot-servo-files' });
  // the core's sentence for each key a chosen file carries (not modelled)
  const carried = el('span', { className: 'note', id: 'mujoco-robot-servo-carried', role: 'note' });
  const input = el('input', { type: 'file', accept: '.json,application/json', multiple: true, id: 'mujoco-robot-params',
    'aria-label': t('robot.servoFiles.aria') });
  const pick = el('label', { className: 'file-pick', title: t('robot.servoFiles.title') }, t('robot.servoFiles.pick'), input);
  const box = el('div', { className: 'row robot-servo-files' }, el('span', { className: 'note', textContent: t('robot.servoFiles.lead') }), pick, list, carried);

  function show() {
    const names = [...files.keys()].map((k) => `@${k}`);
    list.textContent = names.length ? t('robot.servoFiles.list', { names: names.join(', ') }) : '';
    carried.textContent = [...files.values()].flatMap((v) => v.warnings).join(' ');
  }

  /** Files (File, or { name, text() }) checked and listed: the first
   *  refusal's sentence ('' none; the files accepted beside it are listed). */
  async function add(chosen) {
    let refused = '';
    for (const f of chosen) {
      const r = await checkServoFile(core, f);
      if (r.error) { refused ||= r.error; continue; }
      files.set(r.name, { ...r, file: f.name });
    }
    show();
    return refused;
  }

  input.addEventListener('change', async () => {
    const chosen = [...(input.files || [])];
    input.value = '';
    say(await add(chosen));
    onChange();
  });

  /** The view's fit, when it runs one, as '@fit' (null when none or refused). */
  function fit() {
    const text = fitted();
    if (!text) return null;
    try {
      return { text, label: resolveServo(core, '@fit', { fit: text }).label };
    } catch {
      return null;
    }
  }

  return {
    el: box,
    /** Params files given as texts ({ name: the file's name, text }: the
     *  identification's <joint>.json, each '@<joint>'), checked and listed as
     *  chosen ones: the first refusal's sentence, '' when none. */
    put(named) {
      return add(named.map(({ name, text }) => ({ name, text: async () => text })));
    },
    servos() {
      const s = Object.fromEntries([...files].map(([k, v]) => [k, v.text]));
      const f = fit();
      if (f) s.fit = f.text;
      return s;
    },
    sources() {
      return Object.fromEntries([...files].map(([k, v]) => [k, v.file]));
    },
    choices() {
      const f = fit();
      return [...(f ? [{ value: '@fit', text: t('robot.servoFiles.fit', { label: f.label }) }] : []),
        ...[...files].map(([k, v]) => ({ value: `@${k}`, text: v.label }))];
    },
  };
}
