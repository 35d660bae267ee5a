// Hindi: a chunk of its own, fetched only when chosen (load-catalogue.ts). A native speaker should review it.
import type { Catalogue } from '../catalogue.ts';
import { alarm } from './hi/alarm.ts';
import { shell } from './hi/shell.ts';
import { dashboard } from './hi/dashboard.ts';
import { frame } from './hi/frame.ts';
import { signIn } from './hi/signIn.ts';
import { wall } from './hi/wall.ts';

export const hi: Catalogue = { ...shell, ...alarm, ...dashboard, ...wall, ...signIn, ...frame };
