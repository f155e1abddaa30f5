// mujoco/robotLoad.js: Your robot's loading (yourRobot.js): dropped or
// chosen files (only those the MJCF names read, robotFiles.js readRobot), a
// worked robot's files (examples.js), a worked robot of the URL and the
// identification's carried files, each checked by the core, compiled in the
// robot's worker (robotWorker.js loadInWorker) and adopted (robotAdopt.js);
// the main-file select of a drop of several; the 3D renderer fetched once.
// A refusal is one sentence and the robot shown keeps running. `s` is the
// section's state (yourRobot.js).
import { el } from '../../dom.js';
import { formatBytes } from '../../dropZone.js';
import { loadRenderer } from './load.js';
import { pickMain, startKeyframe } from '../../mujoco/robot.js';
import { fileDrop, readRobot, mainCandidates, planOf } from '../../mujoco/robotFiles.js';
import { loadInWorker } from './robotWorker.js';
import { EXAMPLES, fetchExampleFiles } from '../../mujoco/examples.js';
import { t, tCore, asSentence } from '../../i18n/index.js';
import { firstChoices } from './robotMapping.js';
import { exText, sizeText } from './robotRows.js';
import { adopt, mujocoLost } from './robotAdopt.js';

/** The 3D renderer, the module robot3d.js (three.js): fetched, kept in s.renderer. */
export const fetchRenderer = (s) => loadRenderer().then((r) => { s.renderer = r; s.hook.renderer = 'loaded'; });

/** Dropped or chosen files: the ones the MJCF names read (robotFiles.js
 *  readRobot: each sized before it is read, the others never), loaded in
 *  MuJoCo, mapped, adopted. The previous robot stays until the new one has
 *  loaded and adopted. */
export function take(s, fileList, paths, chosen = null) {
  const { progress, status } = s.rows;
  const bytes = fileList.reduce((n, f) => n + f.size, 0);
  return load(s, sizeText(fileList.length, bytes), async () => {
    try {
      // the MJCF text checked by the core as it is read (the load's one check)
      const got = await readRobot(fileDrop(fileList, paths), chosen, { core: s.core, onProgress: ({ done, total, n, files }) => {
        progress.hidden = false;
        progress.value = done / total;
        status.textContent = t('robot.progress', { n, files, done: formatBytes(done), total: formatBytes(total) });
      } });
      return { map: got.files, bytes: got.bytes, main: got.main };
    } finally {
      progress.hidden = true;
    }
  }, null, null, chosen, (m) => take(s, fileList, paths, m));
}

/** One of the worked robots (examples.js): its files as `make web` copied
 *  them beside the page (examples/<id>/, listed in examples/index.json),
 *  with its mapping; where they are not, where to get them. */
export function openExample(s, ex, saved = null) {
  return load(s, `${exText(ex, 0)} (examples/${ex.id}/)`, async () => {
    let got;
    try {
      got = await fetchExampleFiles(ex);
    } catch (e) {
      throw e.status ? new Error(t('robot.ex.fetch', { file: `examples/${ex.id}/${e.file}`, status: e.status }), { cause: e }) : e;
    }
    if (!got) throw new Error(asSentence(t('robot.ex.missing', { label: exText(ex, 0), how: exText(ex, 2) })));
    return got;
  }, ex, saved);
}

/** Files (read by `read`: { map, bytes }) loaded in MuJoCo, mapped (the
 *  example's mapping, else the defaults) and adopted. The previous robot
 *  stays until the new one has loaded and adopted. */
async function load(s, what, read, ex, saved, chosen = null, again = null) {
  const { sizeNote, status, mainSel } = s.rows;
  if (s.busy) { s.say(t('robot.busy')); return; }
  s.busy = true;
  s.say('');
  sizeNote.textContent = what;
  try {
    const { map, bytes, main: named = null } = await read();
    // a drop read without a main file named: its candidates for the select
    if (!chosen) s.mains = { list: mainCandidates(map), again };
    showMains(s, chosen ?? ex?.main ?? named);
    status.textContent = t('robot.loading', { n: map.size, size: formatBytes(bytes) });
    if (!s.renderer) await fetchRenderer(s);
    // the text checked by the core (once: a drop's as readRobot read it,
    // a worked robot's here), then compiled and described in the robot's
    // worker under a time limit (robotWorker.js), so that a file MuJoCo
    // cannot read in time, or dies on, never freezes the page
    const main0 = pickMain(map, chosen ?? ex?.main ?? named);
    planOf(map, main0, s.core);
    const { main, info, load: loaded } = await loadInWorker(map, main0);
    if (s.disposed) return;
    mainSel.value = main;
    const next = { files: map, main, info, bytes, load: loaded };
    // the example's mapping as the selects show it, else the defaults
    const { cs, js } = firstChoices(s.core, s.presets, next.info, ex ? ex.mapping : null);
    // the first keyframe (a home pose the file names), else the reference
    // pose qpos0; a worked robot of the URL: its mapping and keyframe
    const k0 = startKeyframe(next.info.keyframes.length);
    const k = saved && Number.isInteger(saved.keyframe) && saved.keyframe >= -1 && saved.keyframe < next.info.keyframes.length ? saved.keyframe : k0;
    next.example = ex?.id ?? null;
    if (saved?.mapping) {
      try {
        await adopt(s, next, cs, js, k, saved.mapping);
        return;
      } catch (e) {
        // the URL's mapping refused: the example's own, and why
        s.say(tCore(e));
      }
    }
    await adopt(s, next, cs, js, k);
  } catch (e) {
    // the refusal in one sentence; the robot shown (if any) keeps running
    const died = mujocoLost(s, e);
    // several MJCF files, none named: the select offers them (robotFiles.js pickMain)
    if (e.candidates && again) { s.mains = { list: e.candidates, again }; showMains(s, null); }
    sizeNote.textContent = s.robot ? sizeText(s.robot.files.size, s.robot.bytes, 'robot.size.shown') : what;
    if (!died) s.say(tCore(e));   // the core's sentence in the page's language
    // the status line ends the attempt (never left on "Adopting…")
    status.textContent = s.pair && s.robot ? t('robot.still.robot', { main: s.robot.main }) : '';
  } finally {
    s.busy = false;
  }
}

/** The main-file select of a drop: its candidates (robotFiles.js
 *  mainCandidates, kept in `s.mains` from the drop's first reading), shown
 *  when there are several; the one chosen (or guessed, set once loaded),
 *  else "choose…". */
function showMains(s, chosen) {
  const { mainSel, mainRow } = s.rows;
  const list = s.mains?.list ?? [];
  mainSel.replaceChildren(el('option', { value: '', textContent: t('robot.main.choose'), disabled: true }),
    ...list.map((p) => el('option', { value: p, textContent: p })));
  mainSel.value = chosen && list.includes(chosen) ? chosen : '';
  mainRow.hidden = list.length < 2;
}

/** Another main file of the last drop: its files read again, those that main file names. */
export function mainSelect(s) {
  const { mainSel } = s.rows;
  mainSel.addEventListener('change', () => {
    if (mainSel.value && s.mains?.again) s.mains.again(mainSel.value);
  });
}

/** A worked robot of the URL (Back, reload) comes back; a drop cannot. */
export function fromUrl(s) {
  const fromUrl = s.state?.get('robot');
  if (fromUrl) {
    const ex = EXAMPLES.find((x) => x.id === fromUrl);
    s.section.open = true;
    if (ex) {
      openExample(s, ex, { mapping: s.state.get('robot_map'), keyframe: Number(s.state.get('robot_key', 'NaN')) });
    } else {
      s.rows.status.textContent = t('robot.url.drop');
    }
  }
}

/** The identification's fitted servos (identCarry.js): the robot's files (Map path → bytes), its
 *  main file, the mapping text and each joint's params file ({ name, text }), chosen and adopted
 *  with that mapping, the section opened. Resolves to the refusal's sentence, '' when adopted. */
export async function carry(s, { files, main, mapping, params }) {
  s.section.open = true;
  const refused = await s.fileServos.put(params);
  const bytes = [...files.values()].reduce((n, b) => n + b.length, 0);
  if (!refused) await load(s, sizeText(files.size, bytes), async () => ({ map: files, bytes, main }), null, { mapping, keyframe: NaN }, main);
  const why = refused || (s.adoptedText === mapping ? '' : s.rows.err.textContent || t('robot.carry.refused'));
  s.say(why);
  return why;
}
