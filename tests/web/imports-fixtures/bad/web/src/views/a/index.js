// fixture: a view imports its own files and the library below
export { draw } from './draw.js';
export { shared } from '../../lib/shared.js';
