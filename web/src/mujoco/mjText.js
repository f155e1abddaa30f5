// mjText.js: MuJoCo's load errors as one sentence, for every door of the
// page that hands MuJoCo an MJCF (robotFiles.js: a dropped robot; sim.js:
// the view's own models and the "your own MJCF" box).
import { t } from '../i18n/index.js';

/** MuJoCo's exception text without its prefixes and line noise, one line. */
export function mujocoText(e) {
  return String(e?.message ?? e).replace(/^MuJoCo Error:\s*/, '').replace(/^Loading error:\s*/, '')
    .replace(/\s+/g, ' ').trim();
}

/** A text MuJoCo's XML reader (tinyxml2) stopped on, said in the page's
 *  language with its line and tinyxml2's code (robot.err.notXml); else
 *  `key` with MuJoCo's own words as {message}. */
export function mujocoLoadSentence(text, key) {
  const xml = /XML parse error \d+: Error=(XML_ERROR_\w+) ErrorID=\d+ \(0x[0-9a-f]+\) Line number=(\d+)/i.exec(text);
  return xml ? t('robot.err.notXml', { code: xml[1], line: xml[2] }) : t(key, { message: text });
}

/** text as an XML comment may hold it (XML 1.0 §2.5: no "--" inside): a
 *  space after every '-' that another follows ("--->" becomes "- - ->"), so
 *  a file name or a joint's name never closes the comment early. */
export const commentText = (text) => String(text).replace(/-(?=-)/g, '- ');
