// fixture: the page's entry may import the views' list, not a view itself (views)
export { VIEWS } from './views/index.js';
export { draw } from './views/a/draw.js';
