// mujoco/identCarry.js: the identification section's result carried to Your
// robot (yourRobot.js carry): the same robot (the files and main MJCF the
// fit ran on), its mapping the section's (each fitted joint '@<joint>') and
// each joint's native params file, so the 3D view runs the fitted servos as
// MuJoCo's own (fric_robot.h: a native file is a servo every adopting door
// takes). DOM: one button; its refusal said in the section's sentence line.
import { button } from '../../dom.js';
import { t } from '../../i18n/index.js';

/**
 * The button of a result r ({ params: { joint: params file text }, mapping })
 * of the robot robot ({ files, main }); carry(what) is Your robot's carry,
 * resolving to a refusal's sentence ('' adopted); say shows a sentence in
 * the section.
 */
export function carryButton({ r, robot, carry, say }) {
  const b = button(t('ident.carry'), t('ident.carry.title'));
  b.id = 'ident-carry';
  b.addEventListener('click', async () => {
    b.disabled = true;
    say('');
    try {
      const why = await carry({ files: robot.files, main: robot.main, mapping: r.mapping,
        params: Object.entries(r.params).map(([joint, text]) => ({ name: `${joint}.json`, text })) });
      say(why ? t('ident.carry.refused', { why }) : '');
      if (!why) document.getElementById('mujoco-robot')?.scrollIntoView?.({ block: 'start' });
    } catch (e) {
      say(t('ident.carry.refused', { why: e.message }));
    } finally {
      b.disabled = false;
    }
  });
  return b;
}
