// tools/dist_readme.mjs: the offline package's README.txt (tools/dist.mjs)
// from its template (tools/dist-readme.txt: an English half, then a French
// one from the line "Français"), each half filled with the numbers written
// as its language writes them (a decimal comma in French: i18n/index.js
// localVars, as the page does).
import { fill, localVars } from '../web/src/i18n/index.js';

const FRENCH = /^Français\n-+\n/m;

/** The README's text: template with {name} filled from vars. */
export function readmeText(template, vars) {
  const at = template.search(FRENCH);
  if (at < 0) throw new Error('tools/dist-readme.txt has no French half (a line "Français" underlined)');
  return fill(template.slice(0, at), localVars(vars, '.')) + fill(template.slice(at), localVars(vars, ','));
}
