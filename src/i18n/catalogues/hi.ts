// Hindi: a chunk of its own, fetched only when chosen (load-catalogue.ts). A native speaker should review it.
import type { Catalogue } from '../catalogue.ts';
import { accounts } from './hi/accounts.ts';
import { alarm } from './hi/alarm.ts';
import { analytics } from './hi/analytics.ts';
import { audit } from './hi/audit.ts';
import { dashboard } from './hi/dashboard.ts';
import { frame } from './hi/frame.ts';
import { incident } from './hi/incident.ts';
import { map } from './hi/map.ts';
import { profile } from './hi/profile.ts';
import { regions } from './hi/regions.ts';
import { replay } from './hi/replay.ts';
import { report } from './hi/report.ts';
import { responders } from './hi/responders.ts';
import { shell } from './hi/shell.ts';
import { signIn } from './hi/signIn.ts';
import { units } from './hi/units.ts';
import { verify } from './hi/verify.ts';
import { wall } from './hi/wall.ts';
import { watch } from './hi/watch.ts';
import { webhooks } from './hi/webhooks.ts';
import { zones } from './hi/zones.ts';

export const hi: Catalogue = {
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
