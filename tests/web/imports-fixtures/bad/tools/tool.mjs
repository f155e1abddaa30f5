// fixture: a tool importing a view (views), through a dynamic import, and a
// file that is not there (missing)
export const load = () => import('../web/src/views/a/draw.js');
export { gone } from '../web/src/lib/gone.js';
