// fixture: a circle back to shared.js (cycles)
import { shared } from './shared.js';
export const other = 2;
export const again = () => shared;
