// single/tables.js: i18n/load.js of the single-file explorer
// (tools/single.mjs swaps it in with an esbuild plugin): every table is in
// the page, so switching the language from file:// loads a page that works.
import fr from '../i18n/fr.js';

const TABLES = { fr };

/** The table of language `code`, as load.js gives it (a module's shape). */
export default async function loadTable(code) {
  return { default: TABLES[code] };
}
