// fixture: the DOM-free library reaches a widget built without the DOM helpers
export { remove as drop } from '../button.js';
