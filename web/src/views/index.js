// views/index.js: the list of views, in tab order: each with its tab's
// title and the short one presentation mode's one-row header shows.
import { t } from '../i18n/index.js';
import * as laws from './laws/index.js';
import * as drive from './drive/index.js';
import * as pendulum from './pendulum/index.js';
import * as arm from './arm/index.js';
import * as wellposed from './wellposed/index.js';
import * as scenarios from './scenarios/index.js';
import * as fit from './fit/index.js';
import * as mujoco from './mujoco/index.js';

export const VIEWS = [
  { id: 'laws', title: t('view.laws.title'), short: t('view.laws.short'), module: laws },
  { id: 'drive', title: t('view.drive.title'), short: t('view.drive.short'), module: drive },
  { id: 'pendulum', title: t('view.pendulum.title'), short: t('view.pendulum.short'), module: pendulum },
  { id: 'arm', title: t('view.arm.title'), short: t('view.arm.short'), module: arm },
  { id: 'wellposed', title: t('view.wellposed.title'), short: t('view.wellposed.short'), module: wellposed },
  { id: 'scenarios', title: t('view.scenarios.title'), short: t('view.scenarios.short'), module: scenarios },
  { id: 'fit', title: t('view.fit.title'), short: t('view.fit.short'), module: fit },
  { id: 'mujoco', title: t('view.mujoco.title'), short: t('view.mujoco.short'), module: mujoco },
];
