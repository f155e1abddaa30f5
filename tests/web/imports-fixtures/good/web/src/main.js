// fixture (tests/web/imports.test.mjs): the page's entry may import the views' list
export { VIEWS } from './views/index.js';
