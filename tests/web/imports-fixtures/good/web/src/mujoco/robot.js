// fixture: the DOM-free library imports the library only
export { shared as robot } from '../lib/shared.js';
