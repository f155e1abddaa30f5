// views/index.js: the list of views, in tab order.
import * as laws from './laws.js';

export const VIEWS = [
  { id: 'laws', title: 'Laws: Φ and Φ_Z', module: laws },
];
