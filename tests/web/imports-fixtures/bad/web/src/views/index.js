// fixture: the list of the views imports each view
export * as a from './a/index.js';
export * as b from './b/index.js';
