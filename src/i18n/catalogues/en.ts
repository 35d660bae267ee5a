// English, the catalogue every other language translates: the spec's texts exactly (SPEC.md).
import { accounts } from './en/accounts.ts';
import { alarm } from './en/alarm.ts';
import { audit } from './en/audit.ts';
import { regions } from './en/regions.ts';
import { shell } from './en/shell.ts';
import { units } from './en/units.ts';
import { webhooks } from './en/webhooks.ts';
import { zones } from './en/zones.ts';

export const en = { ...shell, ...alarm, ...audit, ...webhooks, ...accounts, ...regions, ...units, ...zones };
