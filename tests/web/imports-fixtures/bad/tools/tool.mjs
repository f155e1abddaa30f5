// fixture: a tool importing a view (views), through a dynamic import
export const load = () => import('../web/src/views/a/draw.js');
