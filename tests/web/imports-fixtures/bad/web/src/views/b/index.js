// fixture: a view importing another view's drawing (siblings)
export { shared } from '../../lib/shared.js';
export { draw } from '../a/draw.js';
