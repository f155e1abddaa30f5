// fixture: a widget on the DOM helpers
import { el } from './dom.js';
export const panel = () => el('div');
