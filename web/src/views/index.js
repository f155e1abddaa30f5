// views/index.js: the list of views, in tab order.
import * as laws from './laws.js';
import * as drive from './drive.js';
import * as pendulum from './pendulum/index.js';
import * as arm from './arm/index.js';
import * as wellposed from './wellposed/index.js';
import * as scenarios from './scenarios/index.js';
import * as fit from './fit/index.js';
import * as mujoco from './mujoco/index.js';

export const VIEWS = [
  { id: 'laws', title: 'Laws: Φ and Φ_Z', module: laws },
  { id: 'drive', title: 'Drive / backdrive', module: drive },
  { id: 'pendulum', title: 'Pendulum bench, live', module: pendulum },
  { id: 'arm', title: 'Robot arm', module: arm },
  { id: 'wellposed', title: 'Well-posedness', module: wellposed },
  { id: 'scenarios', title: 'Scenarios from the papers', module: scenarios },
  { id: 'fit', title: 'Fit to your logs', module: fit },
  { id: 'mujoco', title: 'In MuJoCo', module: mujoco },
];
