// views/index.js: the list of views, in tab order.
import { t } from '../i18n/index.js';
import * as laws from './laws.js';
import * as drive from './drive.js';
import * as pendulum from './pendulum/index.js';
import * as arm from './arm/index.js';
import * as wellposed from './wellposed/index.js';
import * as scenarios from './scenarios/index.js';
import * as fit from './fit/index.js';
import * as mujoco from './mujoco/index.js';

export const VIEWS = [
  { id: 'laws', title: t('view.laws.title'), module: laws },
  { id: 'drive', title: t('view.drive.title'), module: drive },
  { id: 'pendulum', title: t('view.pendulum.title'), module: pendulum },
  { id: 'arm', title: t('view.arm.title'), module: arm },
  { id: 'wellposed', title: t('view.wellposed.title'), module: wellposed },
  { id: 'scenarios', title: t('view.scenarios.title'), module: scenarios },
  { id: 'fit', title: t('view.fit.title'), module: fit },
  { id: 'mujoco', title: t('view.mujoco.title'), module: mujoco },
];
