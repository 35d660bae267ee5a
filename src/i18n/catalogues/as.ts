// Assamese: a chunk of its own, fetched only when chosen (load-catalogue.ts). A native speaker should review it.
import type { Catalogue } from '../catalogue.ts';
import { accounts } from './as/accounts.ts';
import { alarm } from './as/alarm.ts';
import { analytics } from './as/analytics.ts';
import { audit } from './as/audit.ts';
import { dashboard } from './as/dashboard.ts';
import { frame } from './as/frame.ts';
import { incident } from './as/incident.ts';
import { map } from './as/map.ts';
import { profile } from './as/profile.ts';
import { regions } from './as/regions.ts';
import { replay } from './as/replay.ts';
import { report } from './as/report.ts';
import { responders } from './as/responders.ts';
import { shell } from './as/shell.ts';
import { signIn } from './as/signIn.ts';
import { units } from './as/units.ts';
import { verify } from './as/verify.ts';
import { wall } from './as/wall.ts';
import { watch } from './as/watch.ts';
import { webhooks } from './as/webhooks.ts';
import { zones } from './as/zones.ts';

export const as: Catalogue = {
  ...shell,
  ...alarm,
  ...frame,
  ...dashboard,
  ...wall,
  ...signIn,
  ...incident,
  ...responders,
  ...watch,
  ...replay,
  ...report,
  ...profile,
  ...verify,
  ...analytics,
  ...map,
  ...audit,
  ...webhooks,
  ...accounts,
  ...regions,
  ...units,
  ...zones,
};
