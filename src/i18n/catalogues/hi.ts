// Hindi: a chunk of its own, fetched only when chosen (load-catalogue.ts). A native speaker should review it.
import type { Catalogue } from '../catalogue.ts';
import { accounts } from './hi/accounts.ts';
import { alarm } from './hi/alarm.ts';
import { audit } from './hi/audit.ts';
import { regions } from './hi/regions.ts';
import { shell } from './hi/shell.ts';
import { units } from './hi/units.ts';
import { webhooks } from './hi/webhooks.ts';
import { zones } from './hi/zones.ts';

export const hi: Catalogue = { ...shell, ...alarm, ...audit, ...webhooks, ...accounts, ...regions, ...units, ...zones };
