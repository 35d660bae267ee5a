// Hindi: a chunk of its own, fetched only when chosen (load-catalogue.ts). A native speaker should review it.
import type { Catalogue } from '../catalogue.ts';
import { alarm } from './hi/alarm.ts';
import { shell } from './hi/shell.ts';

export const hi: Catalogue = { ...shell, ...alarm };
