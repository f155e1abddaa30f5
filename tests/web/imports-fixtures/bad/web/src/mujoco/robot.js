// fixture: the DOM-free library reaches the DOM helpers through a widget
export { panel as robot } from '../panel.js';
