// Assamese: a chunk of its own, fetched only when chosen (load-catalogue.ts). A native speaker should review it.
import type { Catalogue } from '../catalogue.ts';
import { accounts } from './as/accounts.ts';
import { alarm } from './as/alarm.ts';
import { audit } from './as/audit.ts';
import { regions } from './as/regions.ts';
import { shell } from './as/shell.ts';
import { units } from './as/units.ts';
import { webhooks } from './as/webhooks.ts';
import { zones } from './as/zones.ts';

export const as: Catalogue = { ...shell, ...alarm, ...audit, ...webhooks, ...accounts, ...regions, ...units, ...zones };
