// Assamese: a chunk of its own, fetched only when chosen (load-catalogue.ts). A native speaker should review it.
import type { Catalogue } from '../catalogue.ts';
import { alarm } from './as/alarm.ts';
import { shell } from './as/shell.ts';
import { dashboard } from './as/dashboard.ts';
import { frame } from './as/frame.ts';
import { signIn } from './as/signIn.ts';
import { wall } from './as/wall.ts';

export const as: Catalogue = { ...shell, ...alarm, ...dashboard, ...wall, ...signIn, ...frame };
