// fixture: a tool imports the library
export { shared } from '../web/src/lib/shared.js';
