// English, the catalogue every other language translates: the spec's texts exactly (SPEC.md).
import { accounts } from './en/accounts.ts';
import { alarm } from './en/alarm.ts';
import { analytics } from './en/analytics.ts';
import { audit } from './en/audit.ts';
import { dashboard } from './en/dashboard.ts';
import { frame } from './en/frame.ts';
import { incident } from './en/incident.ts';
import { map } from './en/map.ts';
import { profile } from './en/profile.ts';
import { regions } from './en/regions.ts';
import { replay } from './en/replay.ts';
import { report } from './en/report.ts';
import { responders } from './en/responders.ts';
import { shell } from './en/shell.ts';
import { signIn } from './en/signIn.ts';
import { units } from './en/units.ts';
import { verify } from './en/verify.ts';
import { wall } from './en/wall.ts';
import { watch } from './en/watch.ts';
import { webhooks } from './en/webhooks.ts';
import { zones } from './en/zones.ts';

export const en = {
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
