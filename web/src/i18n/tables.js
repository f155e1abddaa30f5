// i18n/tables.js: every table of the page's strings, for the tests and tools
// (the page itself loads only its language's: index.js).
import en from './en.js';
import enParams from './en-params.js';
import enCore from './en-core.js';
import fr from './fr.js';

/** English: the page's table, the parameters' texts (the core's own, which
 *  the page shows from the core: index.js tParam) and the core's sentences
 *  (en-core.js: the page shows the core's message itself, index.js tCore). */
export const TABLES = { en: { ...en, ...enParams, ...enCore }, fr };
