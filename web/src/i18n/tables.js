// i18n/tables.js: every table of the page's strings, for the tests and tools
// (the page itself loads only its language's: index.js).
import en from './en.js';
import fr from './fr.js';

export const TABLES = { en, fr };
